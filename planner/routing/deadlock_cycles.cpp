// SPDX-License-Identifier: GPL-3.0-or-later
// Phase 2 of the deadlock analysis: cycles (Boost.Graph strong components, BFS shortest cycle) and the
// explanation of every dependency of a cycle (the destinations and flows that make it).
#include "planner/routing/deadlock_internal.h"

#include <algorithm>
#include <bit>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/strong_components.hpp>
#include <fmt/format.h>
#include <limits>

namespace lfp {

using namespace dl;

// =============================================================================================
// Cycles (Boost.Graph strong components + BFS shortest cycle)

void csrFromEdges(std::vector<std::uint64_t>& edges, int nodes, std::vector<int>& start, std::vector<int>& adj)
{
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    start.assign(static_cast<std::size_t>(nodes) + 1, 0);
    adj.clear();
    adj.reserve(edges.size());
    for (auto e : edges)
        ++start[(e >> 32) + 1];
    for (std::size_t i = 0; i < static_cast<std::size_t>(nodes); ++i)
        start[i + 1] += start[i];
    for (auto e : edges)
        adj.push_back(static_cast<int>(e & 0xffffffffu));
}

std::vector<GraphCycle> findCycles(int nodes, const std::vector<int>& start, const std::vector<int>& adj,
    std::size_t maxComponents, std::size_t* componentCount, int maxStarts)
{
    using Graph = boost::compressed_sparse_row_graph<boost::directedS>;
    std::vector<std::pair<int, int>> edges;
    edges.reserve(adj.size());
    for (int u = 0; u < nodes; ++u)
        for (int e = start[sz(u)]; e < start[sz(u) + 1]; ++e)
            edges.emplace_back(u, adj[sz(e)]);
    Graph g(boost::edges_are_sorted, edges.begin(), edges.end(), static_cast<std::size_t>(nodes));
    edges.clear();
    edges.shrink_to_fit();
    std::vector<int> comp(sz(nodes));
    const int ncomp = nodes ? boost::strong_components(g, boost::make_iterator_property_map(comp.begin(), boost::get(boost::vertex_index, g))) : 0;
    std::vector<std::vector<int>> members(sz(ncomp));
    for (int v = 0; v < nodes; ++v)
        members[sz(comp[sz(v)])].push_back(v);
    std::vector<int> cyclic;
    for (int c = 0; c < ncomp; ++c) {
        const auto& m = members[sz(c)];
        bool has = m.size() > 1;
        if (!has)
            for (int e = start[sz(m[0])]; e < start[sz(m[0]) + 1]; ++e)
                has = has || adj[sz(e)] == m[0];
        if (has)
            cyclic.push_back(c);
    }
    std::sort(cyclic.begin(), cyclic.end(), [&](int a, int b) {
        return members[sz(a)].size() != members[sz(b)].size() ? members[sz(a)].size() > members[sz(b)].size() : members[sz(a)][0] < members[sz(b)][0];
    });
    if (componentCount)
        *componentCount = cyclic.size();
    std::vector<GraphCycle> out;
    std::vector<int> dist(sz(nodes), -1), parent(sz(nodes), -1), queue;
    for (std::size_t k = 0; k < cyclic.size() && k < maxComponents; ++k) {
        const int c = cyclic[k];
        const auto& m = members[sz(c)];
        GraphCycle gc;
        gc.componentSize = m.size();
        std::vector<int> best;
        const int starts = std::min<int>(maxStarts, static_cast<int>(m.size()));
        for (int si = 0; si < starts; ++si) {
            const int s = m[sz(si * static_cast<int>(m.size()) / starts)];
            queue.clear();
            queue.push_back(s);
            dist[sz(s)] = 0;
            int closing = -1;
            for (std::size_t qi = 0; qi < queue.size() && closing < 0; ++qi) {
                const int u = queue[qi];
                if (!best.empty() && dist[sz(u)] + 1 >= static_cast<int>(best.size()))
                    break;
                for (int e = start[sz(u)]; e < start[sz(u) + 1]; ++e) {
                    const int w = adj[sz(e)];
                    if (comp[sz(w)] != c)
                        continue;
                    if (w == s) {
                        closing = u;
                        break;
                    }
                    if (dist[sz(w)] < 0) {
                        dist[sz(w)] = dist[sz(u)] + 1;
                        parent[sz(w)] = u;
                        queue.push_back(w);
                    }
                }
            }
            if (closing >= 0 && (best.empty() || dist[sz(closing)] + 1 < static_cast<int>(best.size()))) {
                best.clear();
                for (int x = closing; x != s; x = parent[sz(x)])
                    best.push_back(x);
                best.push_back(s);
                std::reverse(best.begin(), best.end());
            }
            for (int x : queue) {
                dist[sz(x)] = -1;
                parent[sz(x)] = -1;
            }
        }
        gc.cycle = std::move(best);
        out.push_back(std::move(gc));
    }
    return out;
}

namespace dl {

    LostFlows lostFlows(const Topology& t, const std::vector<std::pair<int, int>>& pairs, int maxExamples)
    {
        LostFlows lf;
        lf.switchPairs = pairs.size();
        for (const auto& [s, d] : pairs) {
            const int S = t.edgeSwitches[sz(s)], T = t.edgeSwitches[sz(d)];
            lf.pairs += sz(t.hostCount[sz(S)]) * sz(t.hostCount[sz(T)]);
            if (static_cast<int>(lf.examples.size()) < maxExamples)
                lf.examples.push_back({ t.nodes[sz(t.hostsAt[sz(S)][0])].name, t.nodes[sz(t.hostsAt[sz(T)][0])].name });
        }
        return lf;
    }

    /// Destinations (edge indices) whose routes make the dependency c → o.
    std::vector<int> inducing(const FastCdg& g, const RoutingContext& ctx, int c, int o)
    {
        const std::size_t W = sz(g.words);
        const auto& nx = ctx.arrivesDown(c) ? g.nextD : g.nextU;
        std::vector<int> out;
        for (std::size_t k = 0; k < W; ++k) {
            std::uint64_t x = g.carried[sz(c) * W + k] & nx[sz(o) * W + k];
            while (x) {
                const int b = std::countr_zero(x);
                out.push_back(static_cast<int>(k * 64) + b);
                x &= x - 1;
            }
        }
        return out;
    }

    namespace {
        std::string turnLabel(const RoutingContext& ctx, const UpDownOrientation& o, int c, int next)
        {
            (void)ctx;
            const auto word = [&](int ch) { return o.up[sz(ch)] ? "up" : "down"; };
            std::string s = fmt::format("{}->{}", word(c), word(next));
            if (!o.up[sz(c)] && o.up[sz(next)])
                s += " bounce";
            return s;
        }

        /// Source edge switches whose traffic toward T passes through channel c (backward walk).
        std::vector<int> sourcesThrough(const RoutingContext& ctx, const DestRouting& r, int T, int c)
        {
            const Topology& t = *ctx.topo;
            const int x = t.channels[sz(c)].from;
            auto isNext = [&](int v, bool down, int ch) {
                auto [b, e] = r.next(v, down);
                return std::find(b, e, ch) != e;
            };
            // forward reachability from sources would be simpler but costs sources × tree; walk backwards.
            std::vector<char> seen(t.nodes.size() * 2, 0);
            std::vector<int> queue;
            for (int d = 0; d < (ctx.isUpDown() ? 2 : 1); ++d)
                if (isNext(x, d, c)) {
                    seen[sz(x * 2 + d)] = 1;
                    queue.push_back(x * 2 + d);
                }
            std::vector<int> sources;
            for (std::size_t qi = 0; qi < queue.size(); ++qi) {
                const int v = queue[qi] >> 1;
                const bool down = queue[qi] & 1;
                if (!down && t.edgeIndex[sz(v)] >= 0 && v != T)
                    sources.push_back(v);
                for (int cin : t.in[sz(v)]) {
                    const int u = t.channels[sz(cin)].from;
                    if (!t.nodes[sz(u)].isSwitch || !ctx.alive(cin))
                        continue;
                    // state after cin must be `down`
                    for (int du = 0; du < (ctx.isUpDown() ? 2 : 1); ++du) {
                        const bool after = du || ctx.arrivesDown(cin);
                        if (after != down || seen[sz(u * 2 + du)] || !isNext(u, du, cin))
                            continue;
                        seen[sz(u * 2 + du)] = 1;
                        queue.push_back(u * 2 + du);
                    }
                }
            }
            std::sort(sources.begin(), sources.end());
            return sources;
        }

        void explainHop(const FastCdg& g, const RoutingContext& ctx, int c, int o, int maxExamples, CycleHop& hop)
        {
            const Topology& t = *ctx.topo;
            const auto dests = inducing(g, ctx, c, o);
            hop.inducingDestinations = dests.size();
            DestRouting r;
            const std::size_t examine = std::min<std::size_t>(dests.size(), 8);
            hop.flowCountExact = examine == dests.size();
            for (std::size_t i = 0; i < examine; ++i) {
                const int T = t.edgeSwitches[sz(dests[i])];
                computeRouting(ctx, T, r);
                const auto srcs = sourcesThrough(ctx, r, T, c);
                for (int s : srcs) {
                    hop.flowCount += sz(t.hostCount[sz(s)]) * sz(t.hostCount[sz(T)]);
                    if (static_cast<int>(hop.flows.size()) < maxExamples && !t.hostsAt[sz(s)].empty() && !t.hostsAt[sz(T)].empty())
                        hop.flows.push_back({ t.nodes[sz(t.hostsAt[sz(s)][0])].name, t.nodes[sz(t.hostsAt[sz(T)][0])].name });
                }
            }
        }

    } // namespace

    bool acyclicCsr(const std::vector<int>& start, const std::vector<int>& adj)
    {
        const std::size_t n = start.size() - 1;
        std::vector<int> indeg(n, 0), q;
        for (int a : adj)
            ++indeg[sz(a)];
        q.reserve(n);
        for (std::size_t v = 0; v < n; ++v)
            if (!indeg[v])
                q.push_back(static_cast<int>(v));
        for (std::size_t qi = 0; qi < q.size(); ++qi) {
            const int v = q[qi];
            for (int e = start[sz(v)]; e < start[sz(v) + 1]; ++e)
                if (--indeg[sz(adj[sz(e)])] == 0)
                    q.push_back(adj[sz(e)]);
        }
        return q.size() == n;
    }

    ClassCycles cyclesOf(const FastCdg& g, const std::vector<char>& mask, std::size_t maxComponents)
    {
        std::vector<int> fstart, fadj;
        if (!mask.empty())
            filterCsr(g, mask, fstart, fadj);
        const auto& start = mask.empty() ? g.start : fstart;
        const auto& adj = mask.empty() ? g.adj : fadj;
        ClassCycles cc;
        if (acyclicCsr(start, adj))
            return cc;
        cc.cycles = findCycles(static_cast<int>(start.size()) - 1, start, adj, maxComponents, &cc.components);
        for (const auto& c : cc.cycles)
            cc.cyclicChannels.insert(c.cycle.begin(), c.cycle.end());
        return cc;
    }

    /// Sum of the sizes of cyclic components (a measure for the greedy route-change search); sets
    /// @p thisCycleGone when one of @p cycle's dependencies no longer exists.
    std::size_t cyclicWeight(const FastCdg& g, const std::vector<char>& mask, const std::vector<int>& cycle, bool& thisCycleGone)
    {
        std::vector<int> start, adj;
        filterCsr(g, mask, start, adj);
        std::size_t n = 0;
        auto cycles = findCycles(static_cast<int>(start.size()) - 1, start, adj, std::numeric_limits<std::size_t>::max(), &n, 1);
        std::size_t w = 0;
        for (const auto& c : cycles)
            w += c.componentSize;
        thisCycleGone = false;
        for (std::size_t i = 0; i < cycle.size(); ++i) {
            const int a = cycle[i], b = cycle[(i + 1) % cycle.size()];
            if (!std::binary_search(adj.begin() + start[sz(a)], adj.begin() + start[sz(a) + 1], b))
                thisCycleGone = true;
        }
        return w;
    }

    CycleReport makeCycleReport(const Topology& t, const RoutingContext& ctx, const FastCdg& g, const GraphCycle& gc,
        const ClassMask& cls, const DeadlockOptions& opt, Feedback* fb)
    {
        CycleReport cr;
        cr.priorities = cls.priorities;
        cr.componentSize = gc.componentSize;
        const auto orient = computeOrientation(t, ctx.down);
        std::vector<std::uint64_t> common;
        const std::size_t W = sz(g.words);
        for (std::size_t i = 0; i < gc.cycle.size(); ++i) {
            const int c = gc.cycle[i], o = gc.cycle[(i + 1) % gc.cycle.size()];
            CycleHop h;
            h.channel = c;
            h.buffer = t.channelName(c);
            h.link = t.linkName(t.channels[sz(c)].link);
            h.linkRef = t.linkRef(t.channels[sz(c)].link);
            h.at = t.nodes[sz(t.channels[sz(c)].to)].name;
            h.turn = turnLabel(ctx, orient, c, o);
            explainHop(g, ctx, c, o, opt.maxFlowExamples, h);
            const auto& nx = ctx.arrivesDown(c) ? g.nextD : g.nextU;
            if (i == 0) {
                common.assign(W, 0);
                for (std::size_t k = 0; k < W; ++k)
                    common[k] = g.carried[sz(c) * W + k] & nx[sz(o) * W + k];
            } else {
                for (std::size_t k = 0; k < W; ++k)
                    common[k] &= g.carried[sz(c) * W + k] & nx[sz(o) * W + k];
            }
            cr.hops.push_back(std::move(h));
        }
        cr.routingLoop = std::any_of(common.begin(), common.end(), [](std::uint64_t x) { return x != 0; });
        if (opt.fixes)
            addFixes(t, ctx, cls, g, gc, opt, cr, fb);
        return cr;
    }

} // namespace dl

} // namespace lfp
