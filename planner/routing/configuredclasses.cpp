// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/routing/configuredclasses.h"

#include "model/fabricindex.h"
#include "model/feedback.h"
#include "planner/routing/deadlock.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <unordered_set>

namespace lfp {

namespace {
    std::size_t sz(int v) { return static_cast<std::size_t>(v); }

    /// The PFC priority of the buffer class @p tc is admitted into: the lossless priority of @p p mapped
    /// to the same PG, or -1 (a lossy PG).
    int bufferPriority(const QosPolicy* p, int tc)
    {
        if (!p || tc < 0 || tc >= kPriorities)
            return -1;
        const int pg = p->tcToPg[sz(tc)];
        for (int q : p->losslessPriorities)
            if (q >= 0 && q < kPriorities && p->tcToPg[sz(q)] == pg)
                return q;
        return -1;
    }

    int classOf(const QosPolicy* p, int dscp) { return p && dscp >= 0 && dscp < kDscpValues ? p->dscpToTc[sz(dscp)] : 0; }

    /// The policies in force at both ends of every channel (the one port-policy rule, FabricIndex).
    struct ChannelPolicies {
        std::vector<const QosPolicy*> egress, ingress; ///< per channel: at its from port, at its to port
    };
    ChannelPolicies channelPolicies(const Fabric& fabric, const FabricIndex& idx, const Topology& t)
    {
        (void)fabric;
        ChannelPolicies cp;
        cp.egress.resize(t.channels.size(), nullptr);
        cp.ingress.resize(t.channels.size(), nullptr);
        for (std::size_t c = 0; c < t.channels.size(); ++c) {
            const auto& ch = t.channels[c];
            if (ch.from < 0 || ch.to < 0)
                continue;
            cp.egress[c] = idx.policyAt(Endpoint { t.nodes[sz(ch.from)].name, ch.fromPort });
            cp.ingress[c] = idx.policyAt(Endpoint { t.nodes[sz(ch.to)].name, ch.toPort });
        }
        return cp;
    }

    /// Whether @p p re-tags a lossless packet: remarks a DSCP it classifies lossless, carries a class as
    /// another priority's traffic, or queues a lossless class in another priority's queue.
    bool retags(const QosPolicy& p)
    {
        for (const auto& [from, to] : p.dscpRewrite)
            if (from != to && bufferPriority(&p, classOf(&p, from)) >= 0)
                return true;
        for (const auto& c : p.classes)
            if (c.losslessAs)
                return true;
        for (int q : p.losslessPriorities)
            if (q >= 0 && q < kPriorities && p.tcToQueue[sz(q)] != q)
                return true;
        return false;
    }
} // namespace

RetagSummary retaggingPorts(const Fabric& fabric, const Topology& t)
{
    RetagSummary s;
    const FabricIndex idx(fabric);
    std::set<std::string> names;
    for (std::size_t c = 0; c < t.channels.size(); ++c) {
        const auto& ch = t.channels[c];
        if (ch.from < 0 || !t.isFabricChannel(static_cast<int>(c)))
            continue;
        const QosPolicy* p = idx.policyAt(Endpoint { t.nodes[sz(ch.from)].name, ch.fromPort });
        if (p && retags(*p)) {
            ++s.ports;
            names.insert(p->name);
        }
    }
    s.policies.assign(names.begin(), names.end());
    return s;
}

std::size_t configuredWalkCost(const Topology& t) { return std::max<std::size_t>(1, t.edgeSwitches.size() * t.channels.size()); }

ConfiguredSetsWalk walkConfiguredSets(const Fabric& fabric, const Topology& t, RoutingModel routing, const StaticTable* statics,
    const std::vector<std::vector<int>>& sets, bool healthy, std::size_t budget, Feedback* fb)
{
    ConfiguredSetsWalk res;
    const std::size_t perWalk = configuredWalkCost(t);
    std::size_t spent = 0;
    auto walk = [&](const std::vector<int>& links) {
        LinkMask down(static_cast<std::size_t>(t.linkCount), 0);
        for (int l : links)
            down[sz(l)] = 1;
        spent += perWalk;
        ++res.walked;
        return walkConfiguredClasses(fabric, t, makeRoutingContext(t, routing, down, statics), fb).cyclic;
    };
    if (healthy)
        res.healthyCyclic = walk({});
    for (std::size_t i = 0; i < sets.size(); ++i) {
        if (spent + perWalk > budget) {
            res.complete = false;
            break;
        }
        if (walk(sets[i]))
            res.cyclic.push_back(i);
    }
    return res;
}

std::string describeBuffer(const Topology& t, const ConfiguredBuffer& b)
{
    return fmt::format("{} (priority {})", t.channelName(b.channel), b.priority);
}

ConfiguredWalk walkConfiguredClasses(const Fabric& fabric, const Topology& t, const RoutingContext& ctx, Feedback* fb)
{
    ConfiguredWalk res;
    const FabricIndex idx(fabric);
    const ChannelPolicies cp = channelPolicies(fabric, idx, t);
    // The DSCPs the hosts send: every host port's NIC settings (RoCE DSCP, the application's ToS, CNPs).
    std::set<int> inject;
    for (const Node& n : fabric.nodes) {
        if (n.isSwitch())
            continue;
        for (const Port& p : n.ports)
            if (const QosPolicy* pol = idx.policyAt(Endpoint { n.name, p.name })) {
                inject.insert(pol->nic.roceDscp);
                if (pol->nic.appTos >= 0)
                    inject.insert(pol->nic.appTos >> 2);
                inject.insert(pol->nic.cnpDscp);
            }
    }
    std::erase_if(inject, [](int d) { return d < 0 || d >= kDscpValues; });
    if (inject.empty()) {
        // No host states what it sends (no host port, or no policy on one): every DSCP some switch port
        // admits into a lossless buffer, from every edge switch — more flows than real, never fewer, so an
        // acyclic walk still means no cycle.
        res.injectedFromHosts = false;
        for (std::size_t c = 0; c < t.channels.size(); ++c)
            if (const QosPolicy* in = cp.ingress[c])
                for (int d = 0; d < kDscpValues; ++d)
                    if (bufferPriority(in, classOf(in, d)) >= 0)
                        inject.insert(d);
    }
    res.injected.assign(inject.begin(), inject.end());

    constexpr int P = kPriorities;
    std::vector<std::uint64_t> edges;
    std::size_t compacted = 0;
    for (int T : t.edgeSwitches) {
        checkCancelled(fb);
        DestRouting r;
        computeRouting(ctx, T, r);
        // state: channel << 8 | DSCP << 1 | arrived down (up*/down* routing state)
        std::unordered_set<std::uint64_t> seen;
        std::vector<std::uint64_t> work;
        auto push = [&](int c, int dscp, bool rd) {
            const std::uint64_t key = (std::uint64_t(c) << 8) | (std::uint64_t(dscp) << 1) | (rd ? 1u : 0u);
            if (seen.insert(key).second)
                work.push_back(key);
        };
        for (int s : t.edgeSwitches) {
            if (s == T)
                continue;
            auto [b, e] = r.next(s, false);
            for (const int* p = b; p != e; ++p)
                for (int d : res.injected) {
                    const QosPolicy* out = cp.egress[sz(*p)];
                    push(*p, out ? out->rewrittenDscp(d) : d, ctx.arrivesDown(*p));
                }
        }
        for (std::size_t i = 0; i < work.size(); ++i) {
            const int c = static_cast<int>(work[i] >> 8);
            const int wire = static_cast<int>((work[i] >> 1) & 0x7f);
            const bool rd = work[i] & 1;
            const int v = t.channels[sz(c)].to;
            if (v == T)
                continue;
            const QosPolicy* in = cp.ingress[sz(c)];
            const int tc = classOf(in, wire);
            const int buf = bufferPriority(in, tc);
            auto [b, e] = r.next(v, rd);
            for (const int* p = b; p != e; ++p) {
                const int o = *p;
                const QosPolicy* out = cp.egress[sz(o)];
                const QosPolicy* next = cp.ingress[sz(o)];
                const int queue = out && tc >= 0 && tc < P ? out->tcToQueue[sz(tc)] : 0;
                const int wire2 = out ? out->rewrittenDscp(wire) : wire;
                const int nextBuf = bufferPriority(next, classOf(next, wire2));
                if (buf >= 0 && next && queue >= 0 && queue < P && next->isLossless(queue))
                    edges.push_back((std::uint64_t(c * P + buf) << 32) | std::uint64_t(o * P + queue));
                if (buf >= 0 && nextBuf >= 0 && nextBuf != queue)
                    ++res.unpausedHops;
                if (wire2 >= 0 && wire2 < kDscpValues)
                    push(o, wire2, rd || ctx.arrivesDown(o));
            }
        }
        res.states += work.size();
        if (edges.size() > 2 * compacted + (std::size_t { 1 } << 20)) { // keep the duplicates across destinations bounded
            std::sort(edges.begin(), edges.end());
            edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
            compacted = edges.size();
        }
    }
    const int nodes = static_cast<int>(t.channels.size()) * P;
    std::vector<int> start, adj;
    csrFromEdges(edges, nodes, start, adj);
    res.dependencies = edges.size();
    const auto cycles = findCycles(nodes, start, adj, 1, &res.cyclicComponents, 16);
    res.cyclic = res.cyclicComponents > 0;
    if (!cycles.empty())
        for (int n : cycles.front().cycle) {
            res.cycle.push_back({ n / P, n % P });
            res.cycleText.push_back(describeBuffer(t, res.cycle.back()));
        }
    return res;
}

} // namespace lfp
