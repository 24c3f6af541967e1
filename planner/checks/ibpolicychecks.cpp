// SPDX-License-Identifier: GPL-3.0-or-later
// InfiniBand QoS checks (docs/findings.md "InfiniBand"): the project's SL → VL tables, operational VLs
// and VL arbitration (model/qos.h IbQosPolicy) against IBA Vol 1, ch. 7.6 "Virtual Lanes":
//  - §7.6.2: VL15 is the subnet management VL; data on it is not flow controlled and is dropped;
//  - §7.6.6: a port transmits an SL on the VL its SL2VL table names; a VL beyond the port's OperVLs
//    (or VL15) discards the packet;
//  - §7.6.9: the VL arbiter serves only VLs with a non-zero weight in the high or low table.
// Nodes are InfiniBand when an import marked them (attribute ib.type: switch, ca, router); their port
// class (OpenSM's node classes) picks the policy (ibQosFor). Without any ib_qos policy the checks are
// silent and LFP-IB-QOS-BY-SM (policychecks.cpp) says the subnet manager owns the QoS.
#include "planner/checks/checks.h"
#include "planner/findings/findingregistry.h"

#include "model/fabricindex.h"

#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <map>
#include <optional>
#include <set>

namespace lfp {
namespace {

    std::string portId(const Endpoint& e) { return ObjectRef::forPort(e).toString(); }

    std::optional<IbPortClass> classOf(const Node& n, std::string_view port)
    {
        auto it = n.attributes.find("ib.type");
        if (it == n.attributes.end())
            return std::nullopt;
        if (it->second == "ca")
            return IbPortClass::Ca;
        if (it->second == "router")
            return IbPortClass::Router;
        return port == "0" ? IbPortClass::SwitchPort0 : IbPortClass::SwitchExternal;
    }

    /// The SLs a policy's checks look at: the stated service levels, else all 16.
    std::vector<int> slsOf(const IbQosPolicy& p)
    {
        if (!p.serviceLevels.empty())
            return p.serviceLevels;
        std::vector<int> all(kIbServiceLevels);
        for (int i = 0; i < kIbServiceLevels; ++i)
            all[static_cast<std::size_t>(i)] = i;
        return all;
    }

    void checkOnePolicy(const IbQosPolicy& p, std::vector<Finding>& out)
    {
        const ObjectRef obj = ObjectRef::forFabric(); // the policy is named in the message (ObjectRef has no IB policy kind)
        const bool slsStated = !p.serviceLevels.empty();
        for (int sl : slsOf(p)) {
            const int vl = p.sl2vl[static_cast<std::size_t>(sl)];
            if (vl == kIbManagementVl) {
                if (slsStated)
                    out.push_back(makeFinding("LFP-IB-VL15-DATA", { obj },
                        FindingParams { { "policy", p.name }, { "sl", std::to_string(sl) } },
                        { { "sl", static_cast<double>(sl), "", "in service_levels" }, { "vl", 15, "", "sl2vl" } }));
                continue;
            }
            if (p.operVls > 0 && vl >= p.operVls)
                out.push_back(makeFinding("LFP-IB-SL2VL-BEYOND-OPER-VLS", { obj },
                    FindingParams { { "policy", p.name }, { "sl", std::to_string(sl) }, { "vl", std::to_string(vl) },
                        { "oper_vls", std::to_string(p.operVls) }, { "max_vl", std::to_string(p.operVls - 1) },
                        { "used", slsStated ? "which the routing assigns" : "if the routing assigns it" } },
                    { { "sl", static_cast<double>(sl), "", "" }, { "vl", static_cast<double>(vl), "", "sl2vl" },
                        { "oper_vls", static_cast<double>(p.operVls), "", "OperVLs" } },
                    slsStated ? std::optional<Severity>() : std::optional<Severity>(Severity::Warning)));
        }
        // VL arbitration: a used data VL with no weight in either table is never sent (§7.6.9).
        if (p.vlArbHigh.empty() && p.vlArbLow.empty())
            return;
        std::set<int> weighted;
        for (const auto* t : { &p.vlArbHigh, &p.vlArbLow })
            for (const auto& e : *t) {
                if (e.weight > 0)
                    weighted.insert(e.vl);
                if (e.weight > 0 && p.operVls > 0 && e.vl >= p.operVls)
                    out.push_back(makeFinding("LFP-IB-VLARB-BEYOND-OPER-VLS", { obj },
                        FindingParams { { "policy", p.name }, { "vl", std::to_string(e.vl) }, { "oper_vls", std::to_string(p.operVls) },
                            { "table", t == &p.vlArbHigh ? "high" : "low" } },
                        { { "vl", static_cast<double>(e.vl), "", "" }, { "weight", static_cast<double>(e.weight), "× 64 B", "" } }));
            }
        std::map<int, std::vector<int>> slsOnVl;
        for (int sl : slsOf(p)) {
            const int vl = p.sl2vl[static_cast<std::size_t>(sl)];
            if (vl != kIbManagementVl && (p.operVls == 0 || vl < p.operVls))
                slsOnVl[vl].push_back(sl);
        }
        for (const auto& [vl, sls] : slsOnVl)
            if (!weighted.count(vl))
                out.push_back(makeFinding("LFP-IB-VL-NOT-ARBITRATED", { obj },
                    FindingParams { { "policy", p.name }, { "vl", std::to_string(vl) }, { "sls", fmt::format("{}", fmt::join(sls, ",")) } },
                    { { "vl", static_cast<double>(vl), "", "no entry with a weight > 0 in vlarb_high or vlarb_low" } },
                    slsStated ? std::optional<Severity>() : std::optional<Severity>(Severity::Warning)));
    }

} // namespace

std::vector<Finding> checkInfinibandQos(const FabricIndex& idx, Feedback* feedback)
{
    const Fabric& f = idx.fabric();
    std::vector<Finding> out;
    if (f.ibQos.empty())
        return out;
    for (const auto& p : f.ibQos)
        checkOnePolicy(p, out);
    // Nodes of a class no policy covers (no policy of their class, no "all"): their SLs have no mapping here.
    std::map<IbPortClass, std::vector<std::string>> uncovered;
    for (const auto& n : f.nodes) {
        if (!n.attributes.count("ib.type"))
            continue;
        for (const auto& port : n.ports) {
            const auto c = classOf(n, port.name);
            if (c && !ibQosFor(f.ibQos, *c) && idx.linkAt(Endpoint { n.name, port.name })) {
                auto& v = uncovered[*c];
                if (v.empty() || v.back() != n.name)
                    v.push_back(n.name);
            }
        }
    }
    for (const auto& [c, nodes] : uncovered) {
        std::vector<std::string> some(nodes.begin(), nodes.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(nodes.size(), 5)));
        std::vector<ObjectRef> objects = nodeRefs(nodes);
        out.push_back(makeFinding("LFP-IB-SL-UNMAPPED", std::move(objects),
            FindingParams { { "count", std::to_string(nodes.size()) }, { "class", toString(c) },
                { "nodes", fmt::format("{}{}", fmt::join(some, ", "), nodes.size() > some.size() ? ", …" : "") } },
            { { "nodes", static_cast<double>(nodes.size()), "", "" } }));
    }
    // Both ends of a link: the VL an SL travels on in each direction (the sender's table, §7.6.6).
    std::size_t i = 0;
    for (const auto& l : f.links) {
        if (++i % 8192 == 0)
            checkCancelled(feedback);
        const Node* na = idx.findNode(l.a.node);
        const Node* nb = idx.findNode(l.b.node);
        if (!na || !nb)
            continue;
        const auto ca = classOf(*na, l.a.port), cb = classOf(*nb, l.b.port);
        if (!ca || !cb)
            continue;
        const IbQosPolicy* pa = ibQosFor(f.ibQos, *ca);
        const IbQosPolicy* pb = ibQosFor(f.ibQos, *cb);
        if (!pa || !pb || pa == pb)
            continue;
        std::set<int> sls;
        for (const auto* p : { pa, pb })
            for (int sl : slsOf(*p))
                sls.insert(sl);
        if (!pa->serviceLevels.empty() || !pb->serviceLevels.empty()) { // only SLs someone says are used
            sls.clear();
            for (const auto* p : { pa, pb })
                sls.insert(p->serviceLevels.begin(), p->serviceLevels.end());
        }
        for (int sl : sls) {
            const int va = pa->sl2vl[static_cast<std::size_t>(sl)], vb = pb->sl2vl[static_cast<std::size_t>(sl)];
            if (va == vb)
                continue;
            out.push_back(makeFinding("LFP-IB-SL2VL-MISMATCH", { ObjectRef::forPort(l.a), ObjectRef::forPort(l.b) },
                FindingParams { { "a", portId(l.a) }, { "b", portId(l.b) }, { "sl", std::to_string(sl) }, { "vl_a", std::to_string(va) },
                    { "vl_b", std::to_string(vb) }, { "policy_a", pa->name }, { "policy_b", pb->name } },
                { { "sl", static_cast<double>(sl), "", "" }, { "vl_a", static_cast<double>(va), "", pa->name }, { "vl_b", static_cast<double>(vb), "", pb->name } }));
            break; // one finding per link: the first SL that differs
        }
    }
    return out;
}

} // namespace lfp
