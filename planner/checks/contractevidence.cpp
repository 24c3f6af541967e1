// SPDX-License-Identifier: GPL-3.0-or-later
// Host evidence over the plan's NIC settings (contractevidence.h). How each fact maps onto the model's
// HostNicSettings (model/qos.h): mlnx_qos trust / PFC / dscp2prio → nic.trust, nic.pfcBitmap and the host
// policy's dscp_to_tc (the NIC's DSCP → priority map, as planner/checks/contract.cpp reads it); the mlx5
// ECN sysfs roce_rp|roce_np enable/P → nic.ecnReactionPoint / ecnNotificationPoint at the priority the
// NIC's RoCE data takes (DCQCN acts per priority: NVIDIA MLNX_OFED manual, "Explicit Congestion
// Notification"); cnp_dscp / cnp_802p_prio → nic.cnpDscp / cnpPriority; the NIC operator's ToS → nic.roceDscp
// (ToS >> 2, RFC 2474 §3: the DSCP is the upper 6 bits of the ToS byte). Broadcom bnxt_re configfs:
// roce_dscp → nic.roceDscp, roce_prio → nic.rocePriority and the map's entry for the RoCE DSCP (the driver
// programs RoCE DSCP → roce_prio into the NIC's DSCP → priority table: bnxt_re configfs.c
// bnxt_re_init_d2p_map), ecn_enable → RP and NP (DCQCN per function, so on every priority).
#include "planner/checks/contractevidence.h"

#include "model/fabricindex.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <map>
#include <set>

namespace lfp {
namespace {
    constexpr std::size_t sz(int v) { return static_cast<std::size_t>(v); }

    std::string prioList(std::uint8_t bits)
    {
        std::string out;
        for (int p = 0; p < kPriorities; ++p)
            if (bits & (1u << p))
                out += (out.empty() ? "" : ",") + std::to_string(p);
        return out.empty() ? "none" : out;
    }
    const char* onOff(bool b) { return b ? "on" : "off"; }

    /// A port name as `lfp evidence` puts it in a file name ('/' and ':' as '_', as exporters/evidence.cpp).
    std::string fileSafe(const std::string& s)
    {
        std::string out;
        for (char c : s)
            out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '_';
        return out;
    }

    /// Evidence by host ("" = every host), so that a large fabric's ports each look at their own host's.
    using EvidenceByHost = std::map<std::string, std::vector<const NicEvidence*>, std::less<>>;

    /// The evidence of one port: its own, then its host's, then every host's (the more specific wins).
    NicEvidence evidenceFor(const EvidenceByHost& ev, const std::string& host, const std::string& port)
    {
        NicEvidence out;
        const auto mine = ev.find(host);
        if (mine != ev.end()) {
            for (const NicEvidence* e : mine->second)
                if (!e->port.empty() && (e->port == port || e->port == fileSafe(port)))
                    out.fillFrom(*e);
            for (const NicEvidence* e : mine->second)
                if (e->port.empty())
                    out.fillFrom(*e);
        }
        if (const auto all = ev.find(std::string_view()); all != ev.end() && !host.empty())
            for (const NicEvidence* e : all->second)
                out.fillFrom(*e);
        return out;
    }

    /// Replaces the values of @p p that @p e states, listing each change into @p out.
    class Overlay {
    public:
        Overlay(QosPolicy& p, std::string host, std::string port, std::vector<EvidenceReplacement>& out)
            : m_p(p)
            , m_host(std::move(host))
            , m_port(std::move(port))
            , m_out(out)
        {
        }
        void apply(const NicEvidence& e);
        [[nodiscard]] bool changed() const { return m_changed; }

    private:
        void note(const std::string& field, const std::string& plan, const std::string& evidence, const std::string& source)
        {
            if (plan == evidence)
                return;
            m_out.push_back({ m_host, m_port, field, plan, evidence, source });
            m_changed = true;
        }
        void dscpMap(const Evidenced<std::array<int, kDscpValues>>& m);
        void ecnPoints(const NicEvidence& e);

        QosPolicy& m_p;
        std::string m_host, m_port;
        std::vector<EvidenceReplacement>& m_out;
        bool m_changed = false;
    };

    /// The NIC's DSCP → priority map: the DSCPs the contract carries are listed one by one (the RoCE
    /// DSCP, the application's, the CNP DSCP), the other differences counted in one line.
    void Overlay::dscpMap(const Evidenced<std::array<int, kDscpValues>>& m)
    {
        HostNicSettings& n = m_p.nic;
        std::set<int> carried { n.roceDscp, n.cnpDscp };
        if (n.appTos >= 0)
            carried.insert(n.appTos >> 2);
        int others = 0;
        for (int d = 0; d < kDscpValues; ++d) {
            const int was = m_p.dscpToTc[sz(d)], now = m.value[sz(d)];
            if (was == now)
                continue;
            if (carried.count(d))
                note(fmt::format("dscp-to-priority[{}]", d), std::to_string(was), std::to_string(now), m.source);
            else
                ++others;
            m_p.dscpToTc[sz(d)] = now;
        }
        if (others > 0)
            note("dscp-to-priority (DSCPs no RoCE class uses)", "as planned", fmt::format("{} DSCPs mapped otherwise", others), m.source);
    }

    /// DCQCN reaction and notification points at the priority the NIC's RoCE data takes.
    void Overlay::ecnPoints(const NicEvidence& e)
    {
        HostNicSettings& n = m_p.nic;
        const int wire = n.appTos >= 0 ? n.appTos >> 2 : n.roceDscp;
        const int prio = std::clamp(n.trust == TrustMode::Dscp ? m_p.dscpToTc[sz(std::clamp(wire, 0, kDscpValues - 1))] : n.rocePriority, 0, kPriorities - 1);
        if (e.reactionPoint) {
            const bool on = e.reactionPoint->value & (1u << prio);
            note(fmt::format("ecn-rp (priority {})", prio), onOff(n.ecnReactionPoint), onOff(on), e.reactionPoint->source);
            n.ecnReactionPoint = on;
        }
        if (e.notificationPoint) {
            const bool on = e.notificationPoint->value & (1u << prio);
            note(fmt::format("ecn-np (priority {})", prio), onOff(n.ecnNotificationPoint), onOff(on), e.notificationPoint->source);
            n.ecnNotificationPoint = on;
        }
    }

    void Overlay::apply(const NicEvidence& e)
    {
        HostNicSettings& n = m_p.nic;
        if (e.trust) {
            note("trust", toString(n.trust), toString(e.trust->value), e.trust->source);
            n.trust = e.trust->value;
        }
        if (e.pfcBitmap) {
            note("pfc", prioList(n.pfcBitmap), prioList(e.pfcBitmap->value), e.pfcBitmap->source);
            n.pfcBitmap = e.pfcBitmap->value;
        }
        if (e.roceTos) {
            note("roce-dscp (ToS >> 2)", std::to_string(n.roceDscp), std::to_string(e.roceTos->value >> 2), e.roceTos->source);
            n.roceDscp = e.roceTos->value >> 2;
        }
        if (e.dscpToPriority)
            dscpMap(*e.dscpToPriority);
        if (e.rocePriority) {
            const int v = std::clamp(e.rocePriority->value, 0, kPriorities - 1);
            note("roce-priority", std::to_string(n.rocePriority), std::to_string(v), e.rocePriority->source);
            n.rocePriority = v;
            const int d = std::clamp(n.roceDscp, 0, kDscpValues - 1);
            if (!e.dscpToPriority && m_p.dscpToTc[sz(d)] != v) {
                note(fmt::format("dscp-to-priority[{}]", d), std::to_string(m_p.dscpToTc[sz(d)]), std::to_string(v), e.rocePriority->source);
                m_p.dscpToTc[sz(d)] = v;
            }
        }
        if (e.cnpDscp) {
            note("cnp-dscp", std::to_string(n.cnpDscp), std::to_string(e.cnpDscp->value), e.cnpDscp->source);
            n.cnpDscp = e.cnpDscp->value;
        }
        if (e.cnpPriority) {
            note("cnp-priority", std::to_string(n.cnpPriority), std::to_string(e.cnpPriority->value), e.cnpPriority->source);
            n.cnpPriority = e.cnpPriority->value;
        }
        ecnPoints(e);
    }

    /// Evidence for hosts or ports the plan does not have, as notes.
    void unmatched(const Fabric& fabric, const NicEvidenceSet& ev, std::vector<std::string>& notes)
    {
        std::set<std::string> told;
        for (const auto& e : ev.hosts) {
            if (e.host.empty())
                continue;
            const Node* n = fabric.findNode(e.host);
            if (!n || n->isSwitch()) {
                if (told.insert(e.host).second)
                    notes.push_back(fmt::format("evidence for {}: {} in the plan, not used", e.host, n ? "a switch" : "no such host"));
                continue;
            }
            if (!e.port.empty() && std::none_of(n->ports.begin(), n->ports.end(), [&](const Port& p) { return p.name == e.port || fileSafe(p.name) == e.port; }))
                notes.push_back(fmt::format("evidence for {} interface {}: the host has no such port in the plan, not used", e.host, e.port));
        }
    }
} // namespace

Fabric applyNicEvidence(const Fabric& fabric, const NicEvidenceSet& evidence, std::vector<EvidenceReplacement>& replaced, std::vector<std::string>& notes)
{
    Fabric out = fabric;
    unmatched(fabric, evidence, notes);
    const FabricIndex idx(fabric);
    EvidenceByHost byHost;
    for (const auto& e : evidence.hosts)
        byHost[e.host].push_back(&e);
    std::set<std::string> names;
    for (const auto& p : fabric.policies)
        names.insert(p.name);
    for (NodeId n = 0; n < idx.nodeCount(); ++n) {
        const Node& node = idx.nodeAt(n);
        if (node.isSwitch())
            continue;
        for (PortId p = idx.firstPort(n); p < idx.endPort(n); ++p) {
            const QosPolicy* base = idx.policyAt(p);
            const NicEvidence e = evidenceFor(byHost, node.name, idx.portAt(p).name);
            if (!base || e.empty())
                continue;
            QosPolicy derived = *base;
            derived.name = base->name + "@evidence-" + fileSafe(node.name) + "-" + fileSafe(idx.portAt(p).name);
            Overlay o(derived, node.name, idx.portAt(p).name, replaced);
            o.apply(e);
            if (!o.changed() || !names.insert(derived.name).second)
                continue;
            std::erase_if(out.overrides, [&](const PortOverride& x) { return x.port == idx.endpoint(p); });
            out.overrides.push_back({ idx.endpoint(p), derived.name });
            out.policies.push_back(std::move(derived));
        }
    }
    return out;
}

} // namespace lfp
