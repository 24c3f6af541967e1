// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/review/rollout.h"

#include "planner/checks/checks.h"
#include "planner/checks/contract.h"
#include "model/fabricindex.h"

#include <algorithm>
#include <iterator>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace lfp {

namespace {

    constexpr const char* kNewSuffix = "@new";

    std::string portKey(const Endpoint& e) { return e.node + ":" + e.port; }

    /// The node a finding object names (a node, a port's or a link's first end), or "".
    std::string nodeOfObject(const ObjectRef& obj)
    {
        switch (obj.kind) {
        case ObjectRef::Kind::Node:
        case ObjectRef::Kind::Port:
        case ObjectRef::Kind::Link:
            return obj.node;
        default:
            return {};
        }
    }

} // namespace

std::string changeFindingKey(const Finding& f)
{
    std::vector<std::string> objs;
    for (const ObjectRef& ref : f.objects) {
        std::string o = ref.toString();
        for (std::size_t at; (at = o.find(kNewSuffix)) != std::string::npos;)
            o.erase(at, std::char_traits<char>::length(kNewSuffix));
        objs.push_back(std::move(o));
    }
    std::sort(objs.begin(), objs.end());
    std::string k = f.code;
    for (const auto& o : objs)
        k += "|" + o;
    return k;
}

HybridBuilder::HybridBuilder(const Fabric& before, const Fabric& after)
    : before_(before)
    , after_(after)
    , afterIndex_(std::make_unique<FabricIndex>(after))
{
    // Lookups by name through hash maps: a linear findNode per node or link is quadratic, minutes at k=64.
    inBefore_.reserve(before.nodes.size());
    for (const auto& n : before.nodes)
        inBefore_.emplace(n.name, &n);
    inAfter_.reserve(after.nodes.size());
    for (const auto& n : after.nodes)
        inAfter_.emplace(n.name, &n);
    for (const auto& c : cableChanges(before, after)) {
        cableNodes_.insert(c.after.a.node);
        cableNodes_.insert(c.after.b.node);
        cables_.emplace(c.id(), c);
    }
}

HybridBuilder::~HybridBuilder() = default;

Fabric HybridBuilder::build(const std::set<std::string>& atNew) const
{
    Fabric h = fabricHead(before_); // the nodes and links are chosen below, never copied whole
    h.nodes.reserve(before_.nodes.size());
    for (const auto& n : before_.nodes) {
        if (!atNew.count(n.name)) {
            h.nodes.push_back(n);
        } else if (const auto it = inAfter_.find(n.name); it != inAfter_.end()) {
            h.nodes.push_back(*it->second);
        } // removed in the new revision
    }
    for (const auto& n : after_.nodes)
        if (atNew.count(n.name) && !inBefore_.count(n.name))
            h.nodes.push_back(n);
    std::unordered_map<std::string_view, const Node*> inHybrid;
    inHybrid.reserve(h.nodes.size());
    for (const auto& n : h.nodes)
        inHybrid.emplace(n.name, &n);
    std::unordered_set<std::string> used;
    used.reserve(2 * before_.links.size());
    auto hasPort = [&](const Endpoint& e) {
        const auto it = inHybrid.find(e.node);
        return it != inHybrid.end() && it->second->findPort(e.port) != nullptr;
    };
    auto addLink = [&](const Link& l) {
        if (!hasPort(l.a) || !hasPort(l.b) || used.count(portKey(l.a)) || used.count(portKey(l.b)))
            return;
        used.insert(portKey(l.a));
        used.insert(portKey(l.b));
        h.links.push_back(l);
    };
    h.links.reserve(before_.links.size());
    for (const auto& l : after_.links)
        if (atNew.count(l.a.node) || atNew.count(l.b.node))
            addLink(l);
    for (const auto& l : before_.links)
        if (!atNew.count(l.a.node) && !atNew.count(l.b.node))
            addLink(l);
    overridePolicies(h, atNew);
    return h;
}

void HybridBuilder::overridePolicies(Fabric& h, const std::set<std::string>& atNew) const
{
    // Policies of the new devices' ports: the policy the new revision puts there, by port override.
    std::erase_if(h.overrides, [&](const PortOverride& o) { return atNew.count(o.port.node) > 0; });
    std::map<std::string, std::string> nameInHybrid; // new policy name → its name in the hybrid
    for (const auto& n : h.nodes) {
        if (!atNew.count(n.name))
            continue;
        for (const auto& p : n.ports) {
            const QosPolicy* pol = afterIndex_->policyAt(Endpoint { n.name, p.name });
            if (!pol)
                continue;
            auto it = nameInHybrid.find(pol->name);
            if (it == nameInHybrid.end()) {
                const QosPolicy* same = before_.findPolicy(pol->name);
                std::string name = pol->name;
                if (!same) {
                    h.policies.push_back(*pol);
                } else if (!(*same == *pol)) {
                    name += kNewSuffix;
                    QosPolicy copy = *pol;
                    copy.name = name;
                    h.policies.push_back(std::move(copy));
                }
                it = nameInHybrid.emplace(pol->name, name).first;
            }
            h.overrides.push_back(PortOverride { Endpoint { n.name, p.name }, it->second });
        }
    }
}

Fabric HybridBuilder::build(const std::set<std::string>& atNew, const std::set<std::string>& cablesAtNew) const
{
    Fabric h = build(atNew);
    if (cables_.empty())
        return h;
    for (auto& l : h.links) {
        if (!cableNodes_.count(l.a.node) || !cableNodes_.count(l.b.node))
            continue; // neither end has a changed cable: the common case, without building an id
        const auto it = cables_.find(CableChange { l, l }.id());
        if (it == cables_.end())
            continue;
        const Link& src = cablesAtNew.count(it->first) ? it->second.after : it->second.before;
        l.length = src.length;
        l.medium = src.medium;
        l.fibre = src.fibre;
    }
    return h;
}

Fabric hybridFabric(const Fabric& before, const Fabric& after, const std::set<std::string>& atNew)
{
    return HybridBuilder(before, after).build(atNew);
}

std::set<std::string> changedDevices(const Fabric& before, const Fabric& after)
{
    std::set<std::string> out;
    const FabricIndex ia(before), ib(after);
    for (const auto& n : after.nodes) {
        const Node* o = ia.findNode(n.name);
        if (!o || !(*o == n)) {
            out.insert(n.name);
            continue;
        }
        for (const auto& p : n.ports) {
            const Endpoint e { n.name, p.name };
            const QosPolicy* pa = ia.policyAt(e);
            const QosPolicy* pb = ib.policyAt(e);
            if ((pa == nullptr) != (pb == nullptr) || (pa && !(*pa == *pb))) {
                out.insert(n.name);
                break;
            }
            const auto la = ia.linkAt(e), lb = ib.linkAt(e);
            if (la.has_value() != lb.has_value()) {
                out.insert(n.name);
                break;
            }
            if (la) {
                const Link& x = before.links[*la];
                const Link& y = after.links[*lb];
                const auto px = ia.peer(*ia.port(e)), py = ib.peer(*ib.port(e));
                if (x.length != y.length || x.medium != y.medium || !px || !py || !(ia.endpoint(*px) == ib.endpoint(*py))) {
                    out.insert(n.name);
                    break;
                }
            }
        }
    }
    for (const auto& n : before.nodes)
        if (!ib.findNode(n.name))
            out.insert(n.name);
    return out;
}

const char* toString(RolloutStepKind k)
{
    switch (k) {
    case RolloutStepKind::Hosts:
        return "hosts";
    case RolloutStepKind::Physical:
        return "physical";
    case RolloutStepKind::Switch:
        break;
    }
    return "switch";
}

std::string CableChange::id() const
{
    const std::string a = portKey(after.a), b = portKey(after.b);
    return a < b ? a + " -- " + b : b + " -- " + a;
}

std::vector<CableChange> cableChanges(const Fabric& before, const Fabric& after)
{
    std::map<std::string, const Link*> old;
    for (const auto& l : before.links)
        old[CableChange { l, l }.id()] = &l;
    std::vector<CableChange> out;
    for (const auto& l : after.links) {
        CableChange c { l, l };
        const auto it = old.find(c.id());
        if (it == old.end())
            continue;
        const Link& o = *it->second;
        if (o.length != l.length || o.medium != l.medium || o.fibre != l.fibre)
            out.push_back({ o, l });
    }
    return out;
}

Fabric hybridFabric(const Fabric& before, const Fabric& after, const std::set<std::string>& atNew, const std::set<std::string>& cablesAtNew)
{
    return HybridBuilder(before, after).build(atNew, cablesAtNew);
}

namespace {
    std::vector<int> carryingOf(const FabricIndex& idx);
}

std::vector<int> carryingPriorities(const Fabric& f) { return carryingOf(FabricIndex(f)); }

namespace {

    /// Lossless priorities of the policies in force on any switch port of @p f.
    std::set<int> switchLossless(const Fabric& f)
    {
        std::set<int> out;
        const FabricIndex idx(f);
        for (const auto& n : f.nodes)
            if (n.isSwitch())
                for (const auto& p : n.ports)
                    if (const QosPolicy* pol = idx.policyAt(Endpoint { n.name, p.name }))
                        out.insert(pol->losslessPriorities.begin(), pol->losslessPriorities.end());
        return out;
    }

    std::string prioList(const std::vector<int>& v) { return fmt::format("{}", fmt::join(v, ", ")); }

    /// Findings of a class's consistency between two devices: on an intermediate state the lossless
    /// contract judges them instead (it walks exactly the classes the senders mark, hop by hop).
    bool isClassConsistency(const std::string& code)
    {
        static const std::set<std::string> k { "LFP-LINK-PFC-MISMATCH", "LFP-LINK-DSCP-MAP-MISMATCH", "LFP-LINK-TRUST-MISMATCH", "LFP-NIC-PFC-MISMATCH",
            "LFP-NIC-DSCP-MISMATCH", "LFP-NIC-TRUST-MISMATCH", "LFP-PATH-NOT-LOSSLESS" };
        return k.count(code) > 0;
    }

    struct Unit {
        std::vector<std::string> devices;
        std::string label;
        RolloutStepKind kind = RolloutStepKind::Switch;
        std::vector<std::string> cables;
        std::string why;
        std::set<int> needs; ///< units that must be done before this one
    };

    /// The priorities carrying traffic in the fabric of @p idx (carryingPriorities).
    std::vector<int> carryingOf(const FabricIndex& idx)
    {
        std::set<int> out;
        for (const auto& n : idx.fabric().nodes) {
            if (n.isSwitch())
                continue;
            for (const auto& p : n.ports) {
                const Endpoint e { n.name, p.name };
                const QosPolicy* pol = idx.policyAt(e);
                if (!pol || !idx.linkAt(e))
                    continue;
                out.insert(pol->nic.rocePriority);
                for (int b = 0; b < kPriorities; ++b)
                    if (pol->nic.pfcBitmap & (1u << b))
                        out.insert(b);
            }
        }
        return { out.begin(), out.end() };
    }

    /// Whether switch @p node of the fabric of @p h has the same buffer-check inputs in @p other: the
    /// same node, and at each port the same cable length (or none) and the same policy by value (its
    /// name aside: "NAME@new" in a hybrid). checkBuffers reads nothing else of a switch (checks.h).
    class BufferInputs {
    public:
        bool same(const FabricIndex& h, NodeId node, const FabricIndex& other)
        {
            const Node& n = h.nodeAt(node);
            const auto on = other.node(n.name);
            if (!on || !(other.nodeAt(*on) == n))
                return false;
            for (std::size_t pi = 0; pi < n.ports.size(); ++pi) {
                const PortId p = h.port(node, pi), q = other.port(*on, pi);
                const auto lp = h.linkAt(p), lq = other.linkAt(q);
                if (lp.has_value() != lq.has_value() || (lp && h.fabric().links[*lp].length != other.fabric().links[*lq].length))
                    return false;
                if (!samePolicy(h.policyAt(p), other.policyAt(q)))
                    return false;
            }
            return true;
        }

    private:
        bool samePolicy(const QosPolicy* a, const QosPolicy* b)
        {
            if (a == b || !a || !b)
                return a == b;
            const auto key = std::make_pair(a, b);
            if (const auto it = memo_.find(key); it != memo_.end())
                return it->second;
            QosPolicy renamed = *a;
            renamed.name = b->name;
            return memo_[key] = (renamed == *b);
        }
        std::map<std::pair<const QosPolicy*, const QosPolicy*>, bool> memo_;
    };

    /// Checks hybrid states: the error findings a state introduces (neither the base nor the target
    /// has them). Traffic-aware: class-consistency findings count only with a new contract break.
    /// Incremental (RolloutOptions::incremental): a switch whose buffer-check inputs are those of the
    /// base or of the target has only their (known) buffer findings, so only the others' buffers are
    /// checked; the policy, physical, identity, watchdog and InfiniBand checks, whose findings group
    /// ports across the fabric, and the contract run on the whole state.
    class StateChecker {
    public:
        StateChecker(const Fabric& before, const Fabric& after, const AsicCatalog& catalog, const RolloutOptions& o, bool trafficAware, Feedback* fb)
            : build_(before, after)
            , cat_(catalog)
            , traffic_(trafficAware)
            , incremental_(o.incremental && before.asics == after.asics)
            , fb_(fb)
            , before_(before)
            , after_(after)
        {
            cat_.mergeProject(before);
            cat_.mergeProject(after);
            const std::vector<Finding>* given[] = { o.beforeFindings, o.afterFindings };
            const FabricIndex* idx[] = { &before_, &after_ };
            for (int i = 0; i < 2; ++i)
                for (const auto& x : errors(*idx[i], given[i]))
                    known_.insert(changeFindingKey(x));
            runs = 2;
        }
        std::vector<Finding> introduced(const std::set<std::string>& atNew, const std::set<std::string>& cables)
        {
            checkCancelled(fb_);
            ++runs;
            std::vector<Finding> out, classes;
            bool broken = false;
            const Fabric state = build_.build(atNew, cables);
            const FabricIndex idx(state);
            carrying_[{ atNew, cables }] = carryingOf(idx);
            for (auto& x : errors(idx, nullptr, incremental_ ? bufferMask(idx) : std::vector<bool> {})) {
                if (known_.count(changeFindingKey(x)))
                    continue;
                if (traffic_ && isClassConsistency(x.code))
                    classes.push_back(std::move(x));
                else {
                    broken = broken || x.code == "LFP-CONTRACT-BROKEN";
                    out.push_back(std::move(x));
                }
            }
            if (broken) // a class that carries traffic breaks: its consistency findings say where
                out.insert(out.end(), classes.begin(), classes.end());
            return out;
        }
        /// The priorities carrying traffic in a state (of a trial when one was checked).
        std::vector<int> carrying(const std::set<std::string>& atNew, const std::set<std::string>& cables)
        {
            const auto it = carrying_.find({ atNew, cables });
            if (it != carrying_.end())
                return it->second;
            const Fabric state = build_.build(atNew, cables);
            return carryingOf(FabricIndex(state));
        }
        int runs = 0;

    private:
        /// The switches of the state whose buffer-check inputs are neither the base's nor the target's.
        std::vector<bool> bufferMask(const FabricIndex& h)
        {
            std::vector<bool> mask(h.nodeCount() + 1, false); // never empty: empty means "every switch"
            for (NodeId n = 0; n < h.nodeCount(); ++n)
                mask[n] = h.nodeAt(n).isSwitch() && !inputs_.same(h, n, before_) && !inputs_.same(h, n, after_);
            return mask;
        }
        /// The error findings of a state: @p given (runAllChecks of it, when the review has it) or the
        /// checks (the buffers of the switches @p buffers marks), and the contract when traffic-aware.
        std::vector<Finding> errors(const FabricIndex& idx, const std::vector<Finding>* given, const std::vector<bool>& buffers = {})
        {
            std::vector<Finding> out;
            for (auto& x : given ? *given : runAllChecks(idx, cat_, buffers))
                if (x.severity == Severity::Error)
                    out.push_back(x);
            if (traffic_)
                for (auto& x : checkContract(idx, {}, fb_).findings)
                    out.push_back(std::move(x));
            return out;
        }
        HybridBuilder build_;
        AsicCatalog cat_;
        bool traffic_, incremental_;
        Feedback* fb_;
        const FabricIndex before_, after_;
        BufferInputs inputs_;
        std::set<std::string> known_;
        std::map<std::pair<std::set<std::string>, std::set<std::string>>, std::vector<int>> carrying_;
    };

    Role roleIn(const Fabric& before, const Fabric& after, const std::string& name)
    {
        const Node* n = after.findNode(name);
        if (!n)
            n = before.findNode(name);
        return n ? n->role : Role::Leaf;
    }

    /// The hosts of @p devices grouped by the switch their first linked port attaches to.
    std::map<std::string, std::vector<std::string>> hostsByLeaf(const Fabric& before, const Fabric& after, const std::set<std::string>& devices)
    {
        std::map<std::string, std::vector<std::string>> byLeaf;
        const FabricIndex ia(after);
        for (const auto& d : devices) {
            const Node* node = after.findNode(d) ? after.findNode(d) : before.findNode(d);
            if (!node || node->isSwitch())
                continue;
            std::string leaf = "(unattached)";
            if (const Node* n = after.findNode(d))
                for (const auto& p : n->ports)
                    if (const auto id = ia.port(Endpoint { d, p.name }))
                        if (const auto peer = ia.peer(*id)) {
                            leaf = ia.endpoint(*peer).node;
                            break;
                        }
            byLeaf[leaf].push_back(d);
        }
        return byLeaf;
    }

    std::string metres(Metres m) { return fmt::format("{:g} m", m.value()); }

    /// One physical unit per changed cable (the optics and fibre swapped), drained: the link is down.
    void addCableUnits(const Fabric& before, const Fabric& after, std::vector<Unit>& units)
    {
        for (const auto& c : cableChanges(before, after)) {
            Unit u;
            u.kind = RolloutStepKind::Physical;
            u.devices = { c.after.a.node, c.after.b.node };
            std::sort(u.devices.begin(), u.devices.end());
            u.cables = { c.id() };
            u.label = fmt::format("swap optics and fibre: {} ({} {} → {} {})", c.id(), toString(c.before.medium), metres(c.before.length),
                toString(c.after.medium), metres(c.after.length));
            // Headroom grows with the cable's round trip (docs/formulas.md §Headroom): it must be in place
            // before the longer cable carries lossless traffic, and stay until a shorter one is in.
            u.why = c.longer() ? fmt::format("the cable grows from {} to {}: both ends hold the headroom for {} first (xoff grows with the cable's round trip)",
                                     metres(c.before.length), metres(c.after.length), metres(c.after.length))
                : c.after.length < c.before.length
                ? fmt::format("the cable shrinks from {} to {}: the shorter cable goes in before its ends' headroom shrinks", metres(c.before.length), metres(c.after.length))
                : "the medium changes: optics and fibre swapped after the ends' configuration";
            units.push_back(std::move(u));
        }
    }

    /// A longer (or same-length) cable's unit follows the units of its ends; a shorter one's precedes them.
    void orderCableUnits(const Fabric& before, const Fabric& after, std::vector<Unit>& units)
    {
        std::map<std::string, CableChange> changes;
        for (const auto& c : cableChanges(before, after))
            changes.emplace(c.id(), c);
        for (std::size_t p = 0; p < units.size(); ++p) {
            if (units[p].kind != RolloutStepKind::Physical)
                continue;
            const bool shorter = changes.at(units[p].cables.front()).after.length < changes.at(units[p].cables.front()).before.length;
            for (std::size_t u = 0; u < units.size(); ++u) {
                if (units[u].kind == RolloutStepKind::Physical)
                    continue;
                const bool atEnd = std::any_of(units[u].devices.begin(), units[u].devices.end(), [&](const std::string& d) {
                    return std::find(units[p].devices.begin(), units[p].devices.end(), d) != units[p].devices.end();
                });
                if (atEnd)
                    (shorter ? units[u].needs : units[p].needs).insert(static_cast<int>(shorter ? p : u));
            }
        }
    }

    std::size_t sz(int v) { return static_cast<std::size_t>(v); }

    /// The member ports of each breakout group of @p n ("Ethernet0" → its members), by Port::breakoutParent.
    std::map<std::string, std::vector<const Port*>> breakoutGroups(const Node* n)
    {
        std::map<std::string, std::vector<const Port*>> g;
        if (n)
            for (const auto& p : n->ports)
                if (!p.breakoutParent.empty())
                    g[p.breakoutParent].push_back(&p);
        return g;
    }

    /// Ports of a breakout mode together: a breakout mode is applied to its whole group at once (SONiC
    /// Dynamic Port Breakout, `config interface breakout PARENT MODE`, deletes the parent's member ports
    /// and creates the new mode's, SONiC DPB HLD), so when a group's members change (added, removed or
    /// another speed, lanes or FEC), the switch and the switches at the other end of its members' links
    /// (either revision) change in one step; each member link is down until both its ends are at the new
    /// mode. The switch units of @p switchUnits so merged become one unit with the reason.
    void mergeBreakoutGroups(const Fabric& before, const Fabric& after, std::vector<Unit>& units, std::vector<int>& switchUnits)
    {
        auto unitOf = [&](const std::string& d) {
            for (int u : switchUnits)
                if (std::find(units[sz(u)].devices.begin(), units[sz(u)].devices.end(), d) != units[sz(u)].devices.end())
                    return u;
            return -1;
        };
        auto peersOf = [](const Fabric& f, const std::string& node, const std::set<std::string>& ports, std::set<std::string>& out) {
            for (const auto& l : f.links) {
                if (l.a.node == node && ports.count(l.a.port))
                    out.insert(l.b.node);
                if (l.b.node == node && ports.count(l.b.port))
                    out.insert(l.a.node);
            }
        };
        std::vector<std::string> devs;
        for (int su : switchUnits)
            devs.insert(devs.end(), units[sz(su)].devices.begin(), units[sz(su)].devices.end());
        for (const auto& dev : devs) {
            const Node* nb = before.findNode(dev);
            const Node* na = after.findNode(dev);
            auto gb = breakoutGroups(nb), ga = breakoutGroups(na);
            std::set<std::string> parents;
            for (const auto* g : { &gb, &ga })
                for (const auto& [parent, members] : *g)
                    parents.insert(parent);
            for (const auto& parent : parents) {
                const auto& mb = gb[parent];
                const auto& ma = ga[parent];
                bool same = mb.size() == ma.size();
                for (std::size_t i = 0; same && i < mb.size(); ++i)
                    same = *mb[i] == *ma[i];
                if (same)
                    continue;
                std::set<std::string> ports, peers;
                for (const auto* m : { &mb, &ma })
                    for (const Port* p : *m)
                        ports.insert(p->name);
                peersOf(before, dev, ports, peers);
                peersOf(after, dev, ports, peers);
                std::vector<int> merge;
                for (const auto& peer : peers) {
                    const int pu = unitOf(peer);
                    if (pu >= 0 && pu != unitOf(dev) && std::find(merge.begin(), merge.end(), pu) == merge.end())
                        merge.push_back(pu);
                }
                const int target = unitOf(dev);
                if (target < 0)
                    continue;
                Unit& t = units[sz(target)];
                for (int pu : merge) {
                    for (const auto& d : units[sz(pu)].devices)
                        if (std::find(t.devices.begin(), t.devices.end(), d) == t.devices.end())
                            t.devices.push_back(d);
                    units[sz(pu)].devices.clear(); // emptied: dropped below
                }
                const std::string why = fmt::format("ports of breakout group {}:{} change their mode together: the mode is applied to the whole group at once "
                                                    "(the members are deleted and re-created), so {} change in one step",
                    dev, parent, t.devices.size() > 1 ? fmt::format("the switches at both ends of its members ({})", fmt::join(t.devices, ", ")) : std::string("its members"));
                t.why = t.why.rfind("ports of breakout group", 0) == 0 ? t.why + "; " + why : why;
                t.label = fmt::format("{}", fmt::join(t.devices, " + "));
            }
        }
        // Drop the emptied units (no needs are set yet: indices are still free to change).
        std::vector<Unit> kept;
        switchUnits.clear();
        for (auto& u : units)
            if (!u.devices.empty()) {
                switchUnits.push_back(static_cast<int>(kept.size()));
                kept.push_back(std::move(u));
            }
        units = std::move(kept);
    }

    /// The units of the change and the rules that order them (docs/review.md §Rollout order): a new
    /// lossless priority on the switches before the NICs mark it, a removed one in the reverse order;
    /// the headroom of a longer cable before the cable is swapped, of a shorter one after.
    std::vector<Unit> buildUnits(const Fabric& before, const Fabric& after, const std::set<std::string>& devices, const RolloutPlan& plan)
    {
        std::vector<Unit> units;
        std::vector<int> switchUnits, hostUnits;
        const std::string added = prioList(plan.addedLossless), removed = prioList(plan.removedLossless);
        const std::string swWhy = !plan.addedLossless.empty()
            ? fmt::format("adds lossless priority {}: the switches take it one at a time while no NIC marks it, so it carries no traffic where two switches disagree", added)
            : !plan.removedLossless.empty() ? fmt::format("removes lossless priority {}: a switch drops its PFC only once no NIC marks it", removed)
                                            : "switches first (spines, then leaves), one at a time";
        for (Role r : { Role::SuperSpine, Role::Spine, Role::Leaf })
            for (const auto& d : devices)
                if (roleIn(before, after, d) == r) {
                    switchUnits.push_back(static_cast<int>(units.size()));
                    units.push_back({ { d }, d, RolloutStepKind::Switch, {}, swWhy, {} });
                }
        for (const auto& d : devices) // switches of other roles
            if (const Node* n = after.findNode(d) ? after.findNode(d) : before.findNode(d);
                n && n->isSwitch() && n->role != Role::SuperSpine && n->role != Role::Spine && n->role != Role::Leaf) {
                switchUnits.push_back(static_cast<int>(units.size()));
                units.push_back({ { d }, d, RolloutStepKind::Switch, {}, swWhy, {} });
            }
        mergeBreakoutGroups(before, after, units, switchUnits);
        addCableUnits(before, after, units);
        const std::string hostWhy = !plan.addedLossless.empty()
            ? fmt::format("the NICs mark priority {} only once every switch has it lossless", added)
            : !plan.removedLossless.empty() ? fmt::format("the NICs stop marking priority {} before any switch drops its PFC", removed)
                                            : "the NICs after the switches they attach to";
        for (auto& [leaf, hosts] : hostsByLeaf(before, after, devices)) {
            hostUnits.push_back(static_cast<int>(units.size()));
            units.push_back({ hosts, hosts.size() == 1 ? hosts[0] : fmt::format("NICs under {}", leaf), RolloutStepKind::Hosts, {}, hostWhy, {} });
        }
        if (!plan.addedLossless.empty())
            for (int h : hostUnits)
                units[h].needs.insert(switchUnits.begin(), switchUnits.end());
        else if (!plan.removedLossless.empty())
            for (int s : switchUnits)
                units[s].needs.insert(hostUnits.begin(), hostUnits.end());
        orderCableUnits(before, after, units);
        return units;
    }

    /// The units of a fixed order (RolloutOptions::fixedOrder): evaluated, not repaired.
    std::vector<Unit> fixedUnits(const RolloutOptions& options, const std::set<std::string>& devices, const Fabric& after)
    {
        std::vector<Unit> units;
        for (const auto& step : options.fixedOrder) {
            Unit u;
            for (const auto& d : step)
                if (devices.count(d))
                    u.devices.push_back(d);
            if (u.devices.empty())
                continue;
            const Node* n = after.findNode(u.devices.front());
            u.kind = n && !n->isSwitch() ? RolloutStepKind::Hosts : RolloutStepKind::Switch;
            u.label = fmt::format("{}", fmt::join(u.devices, ", "));
            u.why = "the order given";
            units.push_back(std::move(u));
        }
        return units;
    }

    /// The links a step's findings name ("a -- b" for findings naming two ports).
    int riskyLinksOf(const std::vector<Finding>& findings)
    {
        std::set<std::string> links;
        for (const auto& f : findings) {
            std::vector<std::string> ports;
            for (const auto& o : f.objects)
                if (o.kind == ObjectRef::Kind::Port || o.kind == ObjectRef::Kind::Link)
                    ports.push_back(o.toString());
            if (ports.size() >= 2)
                links.insert(ports[0] < ports[1] ? ports[0] + " -- " + ports[1] : ports[1] + " -- " + ports[0]);
            else
                links.insert(ports.begin(), ports.end());
        }
        return static_cast<int>(links.size());
    }

    /// The greedy search with repair over the units (see rollout.h).
    struct Search {
        const Fabric &before, &after;
        const std::vector<Unit>& units;
        StateChecker& check;
        const RolloutOptions& options;
        RolloutPlan& plan;
        std::set<std::string> applied, cables;
        std::vector<bool> done = std::vector<bool>(units.size(), false);

        [[nodiscard]] bool fixed() const { return !options.fixedOrder.empty(); }
        [[nodiscard]] bool eligible(std::size_t i) const
        {
            return !done[i] && std::all_of(units[i].needs.begin(), units[i].needs.end(), [&](int r) { return done[static_cast<std::size_t>(r)]; });
        }
        [[nodiscard]] int unitOf(const std::string& device) const
        {
            for (std::size_t i = 0; i < units.size(); ++i)
                if (!done[i] && units[i].kind != RolloutStepKind::Physical
                    && std::find(units[i].devices.begin(), units[i].devices.end(), device) != units[i].devices.end())
                    return static_cast<int>(i);
            return -1;
        }
        /// The state with @p cand applied on top of what is done: its introduced findings.
        std::vector<Finding> trial(const std::vector<int>& cand)
        {
            std::set<std::string> dev = applied, cab = cables;
            for (int u : cand) {
                if (units[u].kind == RolloutStepKind::Physical)
                    cab.insert(units[u].cables.begin(), units[u].cables.end());
                else
                    dev.insert(units[u].devices.begin(), units[u].devices.end());
            }
            return check.introduced(dev, cab);
        }
        /// Tries unit @p i, merging the pending units its findings name; true when a merged set is safe.
        bool tryUnit(std::size_t i, std::vector<int>& stepUnits, std::string& why)
        {
            std::vector<int> cand { static_cast<int>(i) };
            while (check.runs < options.maxCheckRuns) {
                const auto errs = trial(cand);
                if (errs.empty()) {
                    stepUnits = cand;
                    return true;
                }
                if (fixed())
                    return false; // a fixed order is evaluated, not repaired
                std::set<int> more; // the pending units the findings name: their change must go with this one
                for (const auto& e : errs)
                    for (const auto& obj : e.objects) {
                        const int u = unitOf(nodeOfObject(obj));
                        if (u >= 0 && std::find(cand.begin(), cand.end(), u) == cand.end()) {
                            more.insert(u);
                            if (why.find(e.code) == std::string::npos)
                                why += (why.empty() ? "" : ", ") + e.code;
                        }
                    }
                if (more.empty())
                    return false;
                cand.insert(cand.end(), more.begin(), more.end());
            }
            return false;
        }
        RolloutStep nextStep();
        void run(Feedback* fb);
    };

    RolloutStep Search::nextStep()
    {
        RolloutStep step;
        std::vector<int> stepUnits;
        std::string why;
        bool accepted = false;
        for (std::size_t i = 0; i < units.size() && !accepted; ++i) {
            if (!eligible(i))
                continue;
            why.clear();
            accepted = tryUnit(i, stepUnits, why);
            if (fixed() && !accepted)
                break;
        }
        if (!accepted) { // no unit avoids a risk: apply the first eligible (else pending) unit and say why
            int first = -1;
            for (std::size_t i = 0; i < units.size() && first < 0; ++i)
                if (eligible(i))
                    first = static_cast<int>(i);
            for (std::size_t i = 0; i < units.size() && first < 0; ++i)
                if (!done[i])
                    first = static_cast<int>(i);
            stepUnits = { first };
            step.findings = trial(stepUnits);
            step.riskyLinks = riskyLinksOf(step.findings);
            plan.safe = false;
            if (!fixed() && check.runs >= options.maxCheckRuns)
                plan.notes.push_back(fmt::format("the search stopped after {} check runs (bound)", check.runs));
        }
        step.atomic = accepted && stepUnits.size() > 1;
        std::vector<std::string> labels;
        for (int u : stepUnits) {
            const Unit& unit = units[static_cast<std::size_t>(u)];
            done[static_cast<std::size_t>(u)] = true;
            labels.push_back(unit.label);
            step.devices.insert(step.devices.end(), unit.devices.begin(), unit.devices.end());
            step.cables.insert(step.cables.end(), unit.cables.begin(), unit.cables.end());
            (unit.kind == RolloutStepKind::Physical ? cables : applied).insert(unit.kind == RolloutStepKind::Physical ? unit.cables.begin() : unit.devices.begin(),
                unit.kind == RolloutStepKind::Physical ? unit.cables.end() : unit.devices.end());
        }
        const Unit& head = units[static_cast<std::size_t>(stepUnits.front())];
        step.kind = head.kind;
        step.why = head.why;
        if (head.kind == RolloutStepKind::Physical)
            step.drain = "the link is down while its optics and fibre are swapped: shut both ports first (the traffic takes the other links)";
        step.label = fmt::format("{}{}", fmt::join(labels, " + "), step.atomic ? fmt::format(" (atomic: {})", why) : "");
        step.carrying = check.carrying(applied, cables);
        return step;
    }

    void Search::run(Feedback* fb)
    {
        std::size_t remaining = units.size();
        while (remaining > 0) {
            if (fb)
                fb->setSteps("rollout order", units.size() - remaining, units.size(), "steps");
            RolloutStep step = nextStep();
            remaining = static_cast<std::size_t>(std::count(done.begin(), done.end(), false));
            step.step = static_cast<int>(plan.steps.size()) + 1;
            plan.steps.push_back(std::move(step));
        }
    }

    /// The true inverse of @p plan's steps: reverse order, each returning to the state before it.
    std::vector<RolloutStep> rollbackOf(const RolloutPlan& plan)
    {
        std::vector<RolloutStep> out;
        for (auto it = plan.steps.rbegin(); it != plan.steps.rend(); ++it) {
            RolloutStep r = *it;
            r.step = static_cast<int>(out.size()) + 1;
            r.undoes = it->step;
            r.atomic = it->atomic;
            r.label = fmt::format("undo step {}: {}", it->step, it->label);
            const bool first = it->step == 1; // back to the base revision
            const RolloutStep* prev = first ? nullptr : &plan.steps[static_cast<std::size_t>(it->step - 2)];
            r.findings = prev ? prev->findings : std::vector<Finding> {};
            r.riskyLinks = prev ? prev->riskyLinks : 0;
            r.carrying = prev ? prev->carrying : plan.carryingBefore;
            r.why = "reverses its forward step: " + it->why;
            out.push_back(std::move(r));
        }
        return out;
    }

} // namespace

RolloutPlan planRollout(const Fabric& before, const Fabric& after, const AsicCatalog& catalog, const RolloutOptions& options, Feedback* fb)
{
    RolloutPlan plan;
    const std::set<std::string> devices = options.devices ? *options.devices : changedDevices(before, after);
    plan.carryingBefore = carryingPriorities(before);
    {
        const std::set<int> lb = switchLossless(before), la = switchLossless(after);
        std::set_difference(la.begin(), la.end(), lb.begin(), lb.end(), std::back_inserter(plan.addedLossless));
        std::set_difference(lb.begin(), lb.end(), la.begin(), la.end(), std::back_inserter(plan.removedLossless));
    }
    const bool physical = !cableChanges(before, after).empty();
    if (devices.empty() && !physical)
        return plan;
    // The contract walks every host pair: beyond the review's analysis bound, findings alone judge.
    std::size_t hosts = 0;
    for (const auto& n : after.nodes)
        hosts += n.isSwitch() ? 0 : 1;
    plan.trafficAware = options.trafficAware && hosts <= 8192;
    StateChecker check(before, after, catalog, options, plan.trafficAware, fb);
    const std::vector<Unit> units = options.fixedOrder.empty() ? buildUnits(before, after, devices, plan) : fixedUnits(options, devices, after);
    Search search { before, after, units, check, options, plan, {}, {} };
    search.run(fb);
    plan.checkRuns = check.runs;
    plan.rollback = rollbackOf(plan);
    return plan;
}

} // namespace lfp
