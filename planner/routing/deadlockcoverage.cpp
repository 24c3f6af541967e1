// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/routing/deadlockcoverage.h"
#include "planner/findings/findingregistry.h"

#include "planner/routing/ibcredit.h"

#include <algorithm>
#include <fmt/format.h>
#include <map>

namespace lfp {

std::size_t crossingPairs(std::vector<std::vector<int>> attach, std::size_t& hosts, bool& exact)
{
    // Hosts grouped by the set of switches they hang on (one switch for a single-homed host): a pair
    // crosses the fabric when the two sets are disjoint (a common switch forwards it locally).
    std::map<std::vector<int>, std::size_t> groups;
    hosts = 0;
    for (auto& v : attach) {
        if (v.empty())
            continue;
        std::sort(v.begin(), v.end());
        v.erase(std::unique(v.begin(), v.end()), v.end());
        ++groups[v];
        ++hosts;
    }
    constexpr std::size_t kExactGroups = 20'000;
    exact = groups.size() <= kExactGroups;
    if (!exact)
        return hosts * (hosts - 1);
    std::vector<std::pair<const std::vector<int>*, std::size_t>> g;
    for (const auto& [k, n] : groups)
        g.emplace_back(&k, n);
    std::size_t pairs = 0;
    for (std::size_t i = 0; i < g.size(); ++i) {
        for (std::size_t j = i + 1; j < g.size(); ++j) {
            const auto& a = *g[i].first;
            const auto& b = *g[j].first;
            std::size_t x = 0, y = 0;
            bool common = false;
            while (x < a.size() && y < b.size() && !common) {
                if (a[x] == b[y])
                    common = true;
                else if (a[x] < b[y])
                    ++x;
                else
                    ++y;
            }
            if (!common)
                pairs += 2 * g[i].second * g[j].second;
        }
    }
    return pairs;
}

DeadlockCoverage lftCoverage(const IbFabric& ib, const DeadlockReport& r)
{
    DeadlockCoverage c;
    c.destinations = r.destinations;
    c.switchBuffers = r.buffers;
    c.losslessBuffers = r.buffers; // InfiniBand links are credit-based on every VL
    std::vector<std::vector<int>> at(ib.nodes.size());
    for (std::size_t n = 0; n < ib.nodes.size(); ++n) {
        c.switches += ib.nodes[n].isSwitch;
        if (ib.nodes[n].isSwitch)
            continue;
        for (const auto& [port, peer] : ib.nodes[n].peers)
            if (peer.node >= 0 && ib.nodes[static_cast<std::size_t>(peer.node)].isSwitch)
                at[n].push_back(peer.node);
    }
    c.flows = crossingPairs(std::move(at), c.hosts, c.flowsExact);
    return c;
}

DeadlockCoverage deadlockCoverage(const Topology& t, const std::vector<ClassMask>& classes, const DeadlockReport& r)
{
    DeadlockCoverage c;
    c.destinations = r.destinations;
    for (const auto& n : t.nodes)
        c.switches += n.isSwitch;
    std::vector<std::vector<int>> at(t.nodes.size());
    for (std::size_t sw = 0; sw < t.hostsAt.size(); ++sw)
        for (int h : t.hostsAt[sw])
            at[static_cast<std::size_t>(h)].push_back(static_cast<int>(sw));
    c.flows = crossingPairs(std::move(at), c.hosts, c.flowsExact);
    for (std::size_t ch = 0; ch < t.channels.size(); ++ch) {
        if (t.channels[ch].from < 0 || !t.isFabricChannel(static_cast<int>(ch)))
            continue;
        ++c.switchBuffers;
        const bool lossless = std::any_of(classes.begin(), classes.end(),
            [&](const ClassMask& m) { return m.lossless.empty() || m.lossless[ch]; });
        c.losslessBuffers += lossless;
    }
    return c;
}

std::vector<Finding> coverageFindings(const DeadlockCoverage& c, RoutingModel m)
{
    std::vector<Finding> out;
    if (c.empty()) {
        const bool lft = m == RoutingModel::Lft;
        out.push_back(makeFinding("LFP-DEADLOCK-NOTHING-COVERED", { ObjectRef::forFabric() },
            FindingParams {
                { "reason", lft ? "no-lid" : "no-host" }, { "remedy", lft ? "give-lft" : "set-roles" },
                { "switches", std::to_string(c.switches) } },
            { { "switches", static_cast<double>(c.switches), "", "" }, { "hosts attached", static_cast<double>(c.hosts), "", "" },
                { "destinations", 0, "", "edge switches or LIDs routed to" } }));
    } else if (c.switchBuffers > 0 && c.losslessBuffers == 0) {
        out.push_back(makeFinding("LFP-DEADLOCK-NO-LOSSLESS-BUFFER", { ObjectRef::forFabric() }, FindingParams { { "buffers", std::to_string(c.switchBuffers) } },
            { { "switch-to-switch buffers", static_cast<double>(c.switchBuffers), "", "" }, { "lossless", 0, "", "" } }));
    }
    return out;
}

std::string routingAssumption(RoutingModel m)
{
    switch (m) {
    case RoutingModel::Ecmp:
        return "ECMP = every shortest path between edge switches, on every equal-cost next hop. Pessimistic for an RFC 7938 BGP Clos "
               "whose spines share one AS (the AS-path loop check rules out paths that go down to a leaf and up again): "
               "there use --routing updown";
    case RoutingModel::UpDown:
        return "up*/down* = shortest valley-free paths (never up after down), tiers from the node roles; "
               "what an RFC 7938 Clos with one AS per spine tier forwards";
    case RoutingModel::Static:
        return "static routes where they have a live next hop, ECMP over all shortest paths elsewhere";
    case RoutingModel::Lft:
        return "the InfiniBand forwarding tables as dumped: one output port per destination LID, SL per path and SL→VL "
               "as given (identity when absent)";
    }
    return {};
}

} // namespace lfp
