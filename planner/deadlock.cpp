// SPDX-License-Identifier: GPL-3.0-or-later
#include "deadlock.h"

#include "model/fabricindex.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/strong_components.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <map>
#include <mutex>
#include <numeric>
#include <random>
#include <set>
#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <unordered_set>

namespace lfp {

namespace {
    std::size_t sz(int i) { return static_cast<std::size_t>(i); }
    using Clock = std::chrono::steady_clock;
    double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }
} // namespace

// =============================================================================================
// Priorities and masks

std::vector<int> losslessPriorities(const Fabric& f)
{
    std::set<int> used;
    std::set<std::string> bound;
    for (const auto& b : f.bindings)
        bound.insert(b.policy);
    for (const auto& o : f.overrides)
        bound.insert(o.policy);
    for (const auto& p : f.policies)
        if (bound.count(p.name))
            for (int pr : p.losslessPriorities)
                used.insert(pr);
    return { used.begin(), used.end() };
}

std::vector<char> losslessMask(const Fabric& f, const Topology& t, int priority)
{
    std::vector<char> m(t.channels.size(), 0);
    const FabricIndex idx(f);
    for (std::size_t c = 0; c < t.channels.size(); ++c) {
        const auto& ch = t.channels[c];
        if (ch.from < 0)
            continue;
        const QosPolicy* p = idx.policyAt(Endpoint { t.nodes[sz(ch.to)].name, ch.toPort });
        m[c] = p && p->isLossless(priority);
    }
    return m;
}

std::vector<ClassMask> classMasks(const Fabric& f, const Topology& t, std::optional<int> priority, std::vector<std::string>* notes)
{
    std::vector<int> prios = losslessPriorities(f);
    if (priority) {
        if (std::find(prios.begin(), prios.end(), *priority) == prios.end() && notes)
            notes->push_back(fmt::format("priority {} is lossless on no port of the fabric: its graph is empty", *priority));
        prios = { *priority };
    }
    if (prios.empty()) {
        if (notes)
            notes->push_back("no QoS policy makes any priority lossless: every switch buffer is treated as lossless (one class)");
        return { ClassMask { {}, {} } };
    }
    std::vector<ClassMask> out;
    for (int p : prios) {
        auto m = losslessMask(f, t, p);
        // every fabric channel lossless → no mask needed
        bool all = true;
        for (std::size_t c = 0; c < m.size() && all; ++c)
            if (t.channels[c].from >= 0 && t.isFabricChannel(static_cast<int>(c)) && !m[c])
                all = false;
        if (all)
            m.clear();
        auto it = std::find_if(out.begin(), out.end(), [&](const ClassMask& cm) { return cm.lossless == m; });
        if (it != out.end())
            it->priorities.push_back(p);
        else
            out.push_back(ClassMask { { p }, std::move(m) });
    }
    return out;
}

// =============================================================================================
// Cycles (Boost.Graph strong components + BFS shortest cycle)

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

// =============================================================================================
// The fast builder: per-destination forwarding trees, dependencies aggregated with bitsets.

namespace {

    struct FastCdg {
        int words = 0;
        std::vector<std::uint64_t> carried; ///< channel × words: destination bits carried by the channel
        std::vector<std::uint64_t> nextU; ///< channel × words: channel is a next hop (up state / ECMP)
        std::vector<std::uint64_t> nextD; ///< channel × words: next hop for packets that arrived going down
        std::vector<int> start, adj; ///< CSR over channels
        std::vector<std::pair<int, int>> unreachable; ///< (source edge idx, destination edge idx)
        [[nodiscard]] std::size_t edgeCount() const { return adj.size(); }
    };

    struct DestWork {
        DestRouting r;
        std::vector<std::uint32_t> seen; ///< state stamp
        std::uint32_t stamp = 0;
        std::vector<int> queue;
        void prepare(std::size_t states)
        {
            if (seen.size() != states) {
                seen.assign(states, 0);
                stamp = 0;
            }
            if (++stamp == 0) {
                std::fill(seen.begin(), seen.end(), 0);
                stamp = 1;
            }
            queue.clear();
        }
    };

    /// Walks the states (node, arrived-down) reached by traffic toward destination @p T from every
    /// source edge switch; calls use(channel, fromState, toNode) for every hop taken.
    template <typename Use, typename Unreach>
    void walkDestination(const RoutingContext& ctx, int T, DestWork& w, Use&& use, Unreach&& unreach)
    {
        const Topology& t = *ctx.topo;
        w.prepare(t.nodes.size() * 2);
        for (int s : t.edgeSwitches) {
            if (s == T)
                continue;
            if (w.r.dist[sz(s)] == kUnreachable && w.r.nextStart[sz(s)] == w.r.nextStart[sz(s) + 1]) {
                unreach(s);
                continue;
            }
            const int st = s * 2;
            if (w.seen[sz(st)] != w.stamp) {
                w.seen[sz(st)] = w.stamp;
                w.queue.push_back(st);
            }
        }
        for (std::size_t qi = 0; qi < w.queue.size(); ++qi) {
            const int st = w.queue[qi];
            const int v = st >> 1;
            const bool down = st & 1;
            auto [b, e] = w.r.next(v, down);
            for (const int* p = b; p != e; ++p) {
                const int o = *p;
                const int u = t.chTo[sz(o)];
                use(o, down, u);
                if (u == T)
                    continue;
                const int nst = u * 2 + ((down || ctx.arrivesDown(o)) ? 1 : 0);
                if (w.seen[sz(nst)] != w.stamp) {
                    w.seen[sz(nst)] = w.stamp;
                    w.queue.push_back(nst);
                }
            }
        }
    }

    /// walkDestination for shortest-path routing without static routes or bans: the next hops are
    /// derived from the distances on the fly (no next-hop lists are built).
    template <typename Use, typename Unreach>
    void walkFused(const RoutingContext& ctx, int T, DestWork& w, Use&& use, Unreach&& unreach)
    {
        const Topology& t = *ctx.topo;
        w.prepare(t.nodes.size() * 2);
        const auto& dist = w.r.dist;
        const auto& dd = w.r.distDown;
        const bool ud = ctx.isUpDown();
        for (int s : t.edgeSwitches) {
            if (s == T)
                continue;
            if (dist[sz(s)] == kUnreachable) {
                unreach(s);
                continue;
            }
            w.seen[sz(s * 2)] = w.stamp;
            w.queue.push_back(s * 2);
        }
        for (std::size_t qi = 0; qi < w.queue.size(); ++qi) {
            const int st = w.queue[qi];
            const int v = st >> 1;
            const bool down = st & 1;
            const int dv = down ? dd[sz(v)] : dist[sz(v)];
            for (int e = t.swOutStart[sz(v)]; e < t.swOutStart[sz(v) + 1]; ++e) {
                if (!ctx.linkAlive(t.swOutLink[sz(e)]))
                    continue;
                const int c = t.swOutList[sz(e)];
                const int to = t.swOutTo[sz(e)];
                int dw;
                bool goesDown = false;
                if (ud) {
                    const bool up = ctx.orientation.up[sz(c)];
                    if (down && up)
                        continue;
                    goesDown = !up;
                    dw = up ? dist[sz(to)] : dd[sz(to)];
                } else
                    dw = dist[sz(to)];
                if (dw == kUnreachable || dw + 1 != dv)
                    continue;
                use(c, down, to);
                if (to == T)
                    continue;
                const int nst = to * 2 + ((down || goesDown) ? 1 : 0);
                if (w.seen[sz(nst)] != w.stamp) {
                    w.seen[sz(nst)] = w.stamp;
                    w.queue.push_back(nst);
                }
            }
        }
    }

    FastCdg buildFast(const RoutingContext& ctx, Feedback* fb, double progressFrom = 0, double progressTo = 0)
    {
        const Topology& t = *ctx.topo;
        FastCdg g;
        const int D = static_cast<int>(t.edgeSwitches.size());
        g.words = std::max(1, (D + 63) / 64);
        const std::size_t C = t.channels.size();
        const std::size_t W = sz(g.words);
        g.carried.assign(C * W, 0);
        g.nextU.assign(C * W, 0);
        if (ctx.isUpDown())
            g.nextD.assign(C * W, 0);
        std::mutex unreachMutex;
        std::atomic<int> done { 0 };
        // One task per 64 destinations: each writes only its own word of every bitset.
        const bool timing = std::getenv("LFP_DEADLOCK_TIMING") != nullptr;
        const bool fused = (!ctx.statics || ctx.statics->empty()) && ctx.banned.empty();
        auto tb = Clock::now();
        tbb::parallel_for(tbb::blocked_range<int>(0, g.words, 1), [&](const tbb::blocked_range<int>& range) {
            DestWork w;
            std::vector<std::pair<int, int>> unreach;
            // Word-local bitsets (one 64-bit word per channel): the per-destination writes stay in cache;
            // they are copied into the strided global arrays once per 64 destinations.
            std::vector<std::uint64_t> locC(C), locU(C), locD(ctx.isUpDown() ? C : 0);
            for (int word = range.begin(); word != range.end(); ++word) {
                std::fill(locC.begin(), locC.end(), 0);
                std::fill(locU.begin(), locU.end(), 0);
                std::fill(locD.begin(), locD.end(), 0);
                for (int di = word * 64; di < std::min(D, word * 64 + 64); ++di) {
                    checkCancelled(fb);
                    const int T = t.edgeSwitches[sz(di)];
                    const std::uint64_t bit = std::uint64_t { 1 } << (di % 64);
                    auto use = [&](int o, bool down, int) {
                        (down ? locD : locU)[sz(o)] |= bit;
                        locC[sz(o)] |= bit;
                    };
                    auto lost = [&](int s) { unreach.emplace_back(t.edgeIndex[sz(s)], di); };
                    if (fused) {
                        computeDistances(ctx, T, w.r);
                        walkFused(ctx, T, w, use, lost);
                    } else {
                        computeRouting(ctx, T, w.r);
                        walkDestination(ctx, T, w, use, lost);
                    }
                    const int n = ++done;
                    if (fb && progressTo > progressFrom)
                        fb->setProgress(progressFrom + (progressTo - progressFrom) * n / std::max(1, D));
                }
                for (std::size_t c = 0; c < C; ++c) {
                    if (!locC[c])
                        continue;
                    g.carried[c * W + sz(word)] = locC[c];
                    g.nextU[c * W + sz(word)] = locU[c];
                    if (!locD.empty())
                        g.nextD[c * W + sz(word)] = locD[c];
                }
            }
            if (!unreach.empty()) {
                std::lock_guard lock(unreachMutex);
                g.unreachable.insert(g.unreachable.end(), unreach.begin(), unreach.end());
            }
        });
        if (timing)
            std::fprintf(stderr, "deadlock: routing+walk %.3f s\n", since(tb));
        tb = Clock::now();
        std::sort(g.unreachable.begin(), g.unreachable.end());
        // Non-zero word ranges speed up the intersections.
        std::vector<std::pair<int, int>> range(C, { 0, 0 });
        tbb::parallel_for(std::size_t { 0 }, C, [&](std::size_t c) {
            int lo = g.words, hi = 0;
            for (int k = 0; k < g.words; ++k)
                if (g.carried[c * W + sz(k)]) {
                    lo = std::min(lo, k);
                    hi = k + 1;
                }
            range[c] = { lo, hi };
        });
        // Turns per switch.
        const std::size_t N = t.nodes.size();
        std::vector<std::vector<std::pair<int, int>>> perNode(N);
        tbb::parallel_for(std::size_t { 0 }, N, [&](std::size_t v) {
            if (!t.nodes[v].isSwitch)
                return;
            auto& outEdges = perNode[v];
            for (int c : t.in[v]) {
                if (!t.nodes[sz(t.channels[sz(c)].from)].isSwitch)
                    continue;
                const auto [lo, hi] = range[sz(c)];
                if (lo >= hi)
                    continue;
                const auto& nx = ctx.arrivesDown(c) ? g.nextD : g.nextU;
                const std::uint64_t* cw = &g.carried[sz(c) * W];
                for (int o : t.out[v]) {
                    if (!t.nodes[sz(t.channels[sz(o)].to)].isSwitch)
                        continue;
                    const std::uint64_t* ow = &nx[sz(o) * W];
                    for (int k = lo; k < hi; ++k)
                        if (cw[k] & ow[k]) {
                            outEdges.emplace_back(c, o);
                            break;
                        }
                }
            }
        });
        g.start.assign(C + 1, 0);
        for (const auto& pn : perNode)
            for (const auto& [c, o] : pn)
                ++g.start[sz(c) + 1];
        for (std::size_t c = 0; c < C; ++c)
            g.start[c + 1] += g.start[c];
        g.adj.resize(sz(g.start[C]));
        std::vector<int> fill(g.start.begin(), g.start.end() - 1);
        for (auto& pn : perNode) {
            for (const auto& [c, o] : pn)
                g.adj[sz(fill[sz(c)]++)] = o;
            pn.clear();
            pn.shrink_to_fit();
        }
        for (std::size_t c = 0; c < C; ++c)
            std::sort(g.adj.begin() + g.start[c], g.adj.begin() + g.start[c + 1]);
        if (timing)
            std::fprintf(stderr, "deadlock: turns+csr %.3f s (%zu dependencies)\n", since(tb), g.adj.size());
        return g;
    }

    /// CSR restricted to channels lossless in @p mask (empty mask = all).
    void filterCsr(const FastCdg& g, const std::vector<char>& mask, std::vector<int>& start, std::vector<int>& adj)
    {
        const std::size_t C = g.start.size() - 1;
        start.assign(C + 1, 0);
        adj.clear();
        for (std::size_t c = 0; c < C; ++c) {
            start[c] = static_cast<int>(adj.size());
            if (!mask.empty() && !mask[c])
                continue;
            for (int e = g.start[c]; e < g.start[c + 1]; ++e)
                if (mask.empty() || mask[sz(g.adj[sz(e)])])
                    adj.push_back(g.adj[sz(e)]);
        }
        start[C] = static_cast<int>(adj.size());
    }

    std::string turnLabel(const RoutingContext& ctx, const UpDownOrientation& o, int c, int next)
    {
        (void)ctx;
        const auto word = [&](int ch) { return o.up[sz(ch)] ? "up" : "down"; };
        std::string s = fmt::format("{}->{}", word(c), word(next));
        if (!o.up[sz(c)] && o.up[sz(next)])
            s += " bounce";
        return s;
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

    // ---- the explicit tagged engine (Tagger / demotion fixes) ----

    struct TagResult {
        bool cyclic = false;
        std::size_t components = 0;
        int tagsUsed = 1; ///< lossless tags (priorities) used
        std::set<int> bounceSwitches;
        std::size_t bouncedDestinations = 0;
        std::size_t edges = 0;
    };

    /// Re-runs the dependency graph with a rule at bounce points (a packet that arrived on a down
    /// channel and leaves on an up channel): demote → it leaves the lossless class; otherwise its tag
    /// (lossless priority) goes up by one (Tagger, CoNEXT'17). Tags never decrease.
    TagResult runTagged(const RoutingContext& ctx, const UpDownOrientation& orient, const std::vector<char>& mask, bool demote, int maxTags)
    {
        const Topology& t = *ctx.topo;
        const int D = static_cast<int>(t.edgeSwitches.size());
        const int G = demote ? 1 : maxTags;
        tbb::combinable<std::vector<std::uint64_t>> edgesTl;
        tbb::combinable<std::set<int>> bounceTl;
        std::atomic<int> maxTag { 0 };
        std::atomic<std::size_t> bouncedDest { 0 };
        auto lossless = [&](int ch) { return mask.empty() || mask[sz(ch)]; };
        tbb::parallel_for(0, D, [&](int di) {
            const int T = t.edgeSwitches[sz(di)];
            DestRouting r;
            computeRouting(ctx, T, r);
            auto& edges = edgesTl.local();
            auto& bounces = bounceTl.local();
            // state = (channel, tag, arrived-down-for-routing) encoded; routing state follows ctx
            std::unordered_set<std::uint64_t> seen;
            std::vector<std::uint64_t> queue; // channel<<8 | tag<<1 | routeDown
            bool bounced = false;
            auto push = [&](int ch, int tag, bool rd) {
                const std::uint64_t key = (std::uint64_t(ch) << 8) | (std::uint64_t(tag) << 1) | (rd ? 1u : 0u);
                if (seen.insert(key).second)
                    queue.push_back(key);
            };
            for (int s : t.edgeSwitches) {
                if (s == T)
                    continue;
                auto [b, e] = r.next(s, false);
                for (const int* p = b; p != e; ++p)
                    push(*p, 0, ctx.arrivesDown(*p));
            }
            for (std::size_t qi = 0; qi < queue.size(); ++qi) {
                const int c = static_cast<int>(queue[qi] >> 8);
                const int tag = static_cast<int>((queue[qi] >> 1) & 0x7f);
                const bool rd = queue[qi] & 1;
                const int v = t.channels[sz(c)].to;
                if (v == T)
                    continue;
                auto [b, e] = r.next(v, rd);
                for (const int* p = b; p != e; ++p) {
                    const int o = *p;
                    const bool bounce = !orient.up[sz(c)] && orient.up[sz(o)];
                    int tag2 = tag;
                    if (bounce) {
                        bounced = true;
                        bounces.insert(v);
                        tag2 = demote ? G : tag + 1;
                    }
                    if (tag2 >= G)
                        continue; // leaves the lossless classes (demoted / out of tags): no lossless dependency
                    int prev = maxTag.load();
                    while (tag2 > prev && !maxTag.compare_exchange_weak(prev, tag2)) { }
                    if (lossless(c) && lossless(o))
                        edges.push_back((std::uint64_t(c * G + tag) << 32) | std::uint64_t(o * G + tag2));
                    push(o, tag2, rd || ctx.arrivesDown(o));
                }
            }
            if (bounced)
                ++bouncedDest;
        });
        std::vector<std::uint64_t> all;
        edgesTl.combine_each([&](const std::vector<std::uint64_t>& v) { all.insert(all.end(), v.begin(), v.end()); });
        std::sort(all.begin(), all.end());
        all.erase(std::unique(all.begin(), all.end()), all.end());
        const int nodes = static_cast<int>(t.channels.size()) * G;
        std::vector<int> start(sz(nodes) + 1, 0), adj;
        adj.reserve(all.size());
        for (auto e : all)
            ++start[(e >> 32) + 1];
        for (int i = 0; i < nodes; ++i)
            start[sz(i) + 1] += start[sz(i)];
        for (auto e : all)
            adj.push_back(static_cast<int>(e & 0xffffffffu));
        TagResult res;
        res.edges = all.size();
        findCycles(nodes, start, adj, 0, &res.components, 1);
        res.cyclic = res.components > 0;
        res.tagsUsed = maxTag.load() + 1;
        bounceTl.combine_each([&](const std::set<int>& s) { res.bounceSwitches.insert(s.begin(), s.end()); });
        res.bouncedDestinations = bouncedDest.load();
        return res;
    }

    struct ClassCycles {
        std::size_t components = 0;
        std::vector<GraphCycle> cycles;
        std::set<int> cyclicChannels; ///< channels of reported cycles
    };

    /// Kahn's algorithm: true when the CSR graph has no cycle (the cheap common case).
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

    std::string routeLine(const Topology& t, int v, int T, const std::vector<int>& hops)
    {
        std::string s = fmt::format("{} {}", t.nodes[sz(v)].name, t.nodes[sz(T)].name);
        for (int h : hops)
            s += " " + t.nodes[sz(t.channels[sz(h)].to)].name;
        return s;
    }

    void addFixes(const Topology& t, const RoutingContext& ctx, const ClassMask& cls, const FastCdg& g, const GraphCycle& gc,
        const DeadlockOptions& opt, CycleReport& cr, Feedback* fb)
    {
        const auto orient = computeOrientation(t, ctx.down);
        // 1. up*/down* only
        if (ctx.model != RoutingModel::UpDown) {
            FixCandidate f;
            f.kind = "updown-only";
            f.description = "Route lossless traffic on up*/down* (valley-free) paths only, so no packet turns up after going down";
            auto uctx = makeRoutingContext(t, RoutingModel::UpDown, ctx.down);
            auto ug = buildFast(uctx, fb);
            bool gone = false;
            const auto w = cyclicWeight(ug, cls.lossless, gc.cycle, gone);
            f.checked = true;
            f.removesCycle = gone;
            f.removesAll = w == 0;
            const auto lf = lostFlows(t, ug.unreachable, 0);
            f.cost = static_cast<double>(lf.pairs);
            f.costUnit = "host pairs without a lossless path";
            f.costNote = lf.switchPairs ? fmt::format("{} (source switch, destination switch) pairs have no up*/down* path; their traffic must be lossy or wait for repair", lf.switchPairs)
                                        : "every pair keeps an up*/down* path";
            cr.fixes.push_back(std::move(f));
        }
        // 2. demote bounced packets to a lossy class (Tagger's lossy fallback; drop-on-bounce)
        {
            const auto res = runTagged(ctx, orient, cls.lossless, true, 1);
            FixCandidate f;
            f.kind = "demote-bounced";
            f.description = "Keep lossless traffic on up-down paths: packets that bounce (arrive from above, leave upwards) are re-marked to a lossy priority (or dropped) at the bounce switch";
            f.checked = true;
            f.removesAll = !res.cyclic;
            f.removesCycle = !res.cyclic;
            f.cost = static_cast<double>(res.bouncedDestinations);
            f.costUnit = "destination switches with bounced (demoted) traffic";
            std::vector<std::string> names;
            for (int v : res.bounceSwitches)
                names.push_back(t.nodes[sz(v)].name);
            f.costNote = names.empty() ? "no packet bounces" : fmt::format("rules at bounce switches: {}", fmt::join(names, ", "));
            cr.fixes.push_back(std::move(f));
        }
        // 3. Tagger: a new lossless priority at every bounce
        {
            const auto res = runTagged(ctx, orient, cls.lossless, false, 8);
            FixCandidate f;
            f.kind = "tagger";
            f.checked = true;
            f.removesAll = !res.cyclic;
            f.removesCycle = !res.cyclic;
            f.cost = res.tagsUsed - 1;
            f.costUnit = "extra lossless priorities";
            std::vector<std::string> names;
            for (int v : res.bounceSwitches)
                names.push_back(t.nodes[sz(v)].name);
            f.description = fmt::format("Tagger-style priority change: a packet that bounces moves to the next lossless priority "
                                        "(rule 'in from an upper port, out to an upper port → priority+1') at {}",
                names.empty() ? std::string("no switch") : fmt::format("{}", fmt::join(names, ", ")));
            const int have = cr.priorities.empty() ? 1 : static_cast<int>(cr.priorities.size());
            f.costNote = fmt::format("{} lossless priorities in all (needs headroom for each on every port); tags never decrease, so every per-priority graph is acyclic", res.tagsUsed + have - 1);
            cr.fixes.push_back(std::move(f));
        }
        // 4. route change: ban a next hop for one destination at one switch (a static route narrowing
        //    ECMP), chosen greedily among the dependencies of the cycles left, each step checked.
        if (g.edgeCount() <= opt.fixBudget) {
            DestRouting r;
            auto candidatesFrom = [&](const RoutingContext& c2, const FastCdg& g2, const std::vector<GraphCycle>& cycles) {
                std::vector<std::tuple<int, int, int>> cands;
                for (const auto& cyc0 : cycles) {
                    const auto& cyc = cyc0.cycle;
                    for (std::size_t i = 0; i < cyc.size() && cands.size() < 32; ++i) {
                        const int c = cyc[i], o = cyc[(i + 1) % cyc.size()];
                        const auto dests = inducing(g2, c2, c, o);
                        for (std::size_t k = 0; k < dests.size() && k < 4; ++k) {
                            const int T = t.edgeSwitches[sz(dests[k])];
                            computeRouting(c2, T, r);
                            for (int ch : { c, o }) {
                                const int v = t.channels[sz(ch)].from;
                                for (int d = 0; d < 2; ++d) {
                                    auto [b, e] = r.next(v, d);
                                    if (e - b >= 2 && std::find(b, e, ch) != e) {
                                        auto cand = std::make_tuple(v, dests[k], ch);
                                        if (std::find(cands.begin(), cands.end(), cand) == cands.end())
                                            cands.push_back(cand);
                                    }
                                }
                            }
                        }
                    }
                }
                return cands;
            };
            std::vector<std::tuple<int, int, int>> chosen;
            bool gone = false;
            std::size_t weight = std::numeric_limits<std::size_t>::max();
            for (int round = 0; round < 6 && weight > 0; ++round) {
                RoutingContext c2 = ctx;
                c2.banned = chosen;
                const FastCdg g2 = round == 0 ? FastCdg {} : buildFast(c2, nullptr);
                const FastCdg& gr = round == 0 ? g : g2;
                const auto left = cyclesOf(gr, cls.lossless, 4).cycles;
                const auto cands = candidatesFrom(c2, gr, left);
                std::size_t bestW = std::numeric_limits<std::size_t>::max();
                int bestK = -1;
                bool bestGone = false;
                for (std::size_t k = 0; k < cands.size(); ++k) {
                    checkCancelled(fb);
                    RoutingContext c3 = ctx;
                    c3.banned = chosen;
                    c3.banned.push_back(cands[k]);
                    bool gk = false;
                    const auto w = cyclicWeight(buildFast(c3, nullptr), cls.lossless, gc.cycle, gk);
                    if (w < bestW) {
                        bestW = w;
                        bestK = static_cast<int>(k);
                        bestGone = gk;
                    }
                }
                if (bestK < 0 || bestW >= weight)
                    break;
                chosen.push_back(cands[sz(bestK)]);
                weight = bestW;
                gone = bestGone;
            }
            if (!chosen.empty()) {
                FixCandidate f;
                f.kind = "route-change";
                f.checked = true;
                f.removesCycle = gone;
                f.removesAll = weight == 0;
                // express as static routes: remaining next hops at (v, T)
                RoutingContext c2 = ctx;
                c2.banned = chosen;
                std::set<std::pair<int, int>> done;
                for (const auto& [v, di, ch] : chosen) {
                    (void)ch;
                    if (!done.insert({ v, di }).second)
                        continue;
                    const int T = t.edgeSwitches[sz(di)];
                    computeRouting(c2, T, r);
                    auto [b, e] = r.next(v, false);
                    f.staticRoutes.push_back(routeLine(t, v, T, std::vector<int>(b, e)));
                }
                f.cost = static_cast<double>(f.staticRoutes.size());
                f.costUnit = "static routes";
                f.description = fmt::format("Pin the routes so the dependency disappears (static routes, format of --routing static): {}", fmt::join(f.staticRoutes, "; "));
                f.costNote = "ECMP width drops to the listed next hops for those destinations";
                cr.fixes.push_back(std::move(f));
            }
        }
        // 5. restore a failed link
        for (int l = 0; l < t.linkCount; ++l) {
            if (!ctx.down[sz(l)])
                continue;
            RoutingContext c2 = makeRoutingContext(t, ctx.model, ctx.down, ctx.statics);
            c2.down[sz(l)] = 0;
            c2.anyDown = std::find(c2.down.begin(), c2.down.end(), 1) != c2.down.end();
            if (ctx.model == RoutingModel::UpDown)
                c2.orientation = computeOrientation(t, c2.down);
            const auto g2 = buildFast(c2, nullptr);
            bool gk = false;
            const auto w = cyclicWeight(g2, cls.lossless, gc.cycle, gk);
            FixCandidate f;
            f.kind = "restore-link";
            f.description = fmt::format("Repair or add back link {}", t.linkName(l));
            f.checked = true;
            f.removesCycle = gk;
            f.removesAll = w == 0;
            f.cost = 1;
            f.costUnit = "links";
            cr.fixes.push_back(std::move(f));
        }
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

    /// Full analysis of one scenario on a prepared routing context.
    void analyseContext(const Topology& t, const RoutingContext& ctx, const std::vector<ClassMask>& classes,
        const DeadlockOptions& opt, Feedback* fb, DeadlockReport& rep, const FastCdg* prebuilt = nullptr)
    {
        FastCdg local;
        if (!prebuilt)
            local = buildFast(ctx, fb, 0, 80);
        const FastCdg& g = prebuilt ? *prebuilt : local;
        rep.dependencies = g.edgeCount();
        rep.destinations = t.edgeSwitches.size();
        std::size_t buffers = 0;
        for (std::size_t c = 0; c < t.channels.size(); ++c)
            buffers += t.channels[c].from >= 0 && t.isFabricChannel(static_cast<int>(c)) && ctx.alive(static_cast<int>(c));
        rep.buffers = buffers;
        rep.unreachable = lostFlows(t, g.unreachable, opt.maxFlowExamples);
        for (const auto& cls : classes) {
            checkCancelled(fb);
            const auto tc = Clock::now();
            const auto cc = cyclesOf(g, cls.lossless, sz(opt.maxCycles));
            if (std::getenv("LFP_DEADLOCK_TIMING"))
                std::fprintf(stderr, "deadlock: cycles %.3f s\n", since(tc));
            rep.cyclicComponents += cc.components;
            for (const auto& gc : cc.cycles)
                rep.cycles.push_back(makeCycleReport(t, ctx, g, gc, cls, opt, fb));
        }
        if (fb)
            fb->setProgress(100);
    }

} // namespace

DeadlockReport analyseTopology(const Topology& t, const std::vector<ClassMask>& classes, const LinkMask& down,
    const DeadlockOptions& opt, Feedback* fb)
{
    const auto t0 = Clock::now();
    DeadlockReport rep;
    rep.routing = opt.routing;
    for (const auto& c : classes)
        rep.priorities.insert(rep.priorities.end(), c.priorities.begin(), c.priorities.end());
    std::sort(rep.priorities.begin(), rep.priorities.end());
    const auto ctx = makeRoutingContext(t, opt.routing, down, opt.statics);
    analyseContext(t, ctx, classes, opt, fb, rep);
    rep.seconds = since(t0);
    return rep;
}

DeadlockReport analyseDeadlock(const Fabric& f, const DeadlockOptions& opt, Feedback* fb)
{
    const Topology t = buildTopology(f);
    std::vector<std::string> notes;
    const auto classes = classMasks(f, t, opt.priority, &notes);
    auto rep = analyseTopology(t, classes, LinkMask(sz(t.linkCount), 0), opt, fb);
    rep.notes.insert(rep.notes.begin(), notes.begin(), notes.end());
    return rep;
}

// =============================================================================================
// Failure sweep

namespace {

    struct Baseline {
        std::vector<std::vector<std::uint8_t>> dist, distDown; ///< per destination
        std::vector<int> start, adj; ///< healthy dependency graph (unfiltered)
        std::vector<int> order; ///< topological position per channel (acyclic baseline)
        bool acyclic = false;
        UpDownOrientation orientation;
        std::set<std::pair<int, int>> unreachable;
        std::vector<std::vector<std::uint64_t>> active; ///< per destination: states (node*2+down) reached
        [[nodiscard]] bool isActive(int di, int state) const
        {
            return (active[sz(di)][sz(state) >> 6] >> (state & 63)) & 1;
        }
    };

    bool hasEdge(const Baseline& b, int c, int o)
    {
        return std::binary_search(b.adj.begin() + b.start[sz(c)], b.adj.begin() + b.start[sz(c) + 1], o);
    }

    /// Does removing the failed links change T's distances? (Then its routes must be recomputed.)
    bool distancesChange(const RoutingContext& ctx, const Baseline& b, int di, const std::vector<int>& failed)
    {
        const Topology& t = *ctx.topo;
        const auto& dist = b.dist[sz(di)];
        const auto& dd = b.distDown[sz(di)];
        const bool ud = ctx.isUpDown();
        auto hasOther = [&](int x, bool downState, int exclude) {
            const int dx = downState ? dd[sz(x)] : dist[sz(x)];
            for (int c : t.out[sz(x)]) {
                if (c == exclude || !ctx.alive(c))
                    continue;
                const int y = t.channels[sz(c)].to;
                if (!t.nodes[sz(y)].isSwitch)
                    continue;
                if (ud) {
                    const bool up = ctx.orientation.up[sz(c)];
                    if (downState && up)
                        continue;
                    const int dy = up ? dist[sz(y)] : dd[sz(y)];
                    if (dy != kUnreachable && dy + 1 == dx)
                        return true;
                } else if (dist[sz(y)] != kUnreachable && dist[sz(y)] + 1 == dx)
                    return true;
            }
            return false;
        };
        for (int l : failed)
            for (int c : { 2 * l, 2 * l + 1 }) {
                const auto& ch = t.channels[sz(c)];
                if (ch.from < 0 || !t.isFabricChannel(c))
                    continue;
                const int x = ch.from, y = ch.to;
                if (ud) {
                    const bool up = ctx.orientation.up[sz(c)];
                    const int dy = up ? dist[sz(y)] : dd[sz(y)];
                    if (dist[sz(x)] != kUnreachable && dy != kUnreachable && dy + 1 == dist[sz(x)] && !hasOther(x, false, c))
                        return true;
                    if (!up && dd[sz(x)] != kUnreachable && dd[sz(y)] != kUnreachable && dd[sz(y)] + 1 == dd[sz(x)] && !hasOther(x, true, c))
                        return true;
                } else if (dist[sz(x)] != kUnreachable && dist[sz(y)] != kUnreachable && dist[sz(y)] + 1 == dist[sz(x)] && !hasOther(x, false, c))
                    return true;
            }
        return false;
    }

    std::vector<std::vector<int>> enumerateScenarios(const Topology& t, const FailureOptions& fo, FailureReport& rep)
    {
        std::vector<int> links;
        for (int l = 0; l < t.linkCount; ++l)
            if (t.channels[sz(2 * l)].from >= 0 && t.isSwitchLink(l))
                links.push_back(l);
        rep.switchLinks = links.size();
        const std::size_t L = links.size();
        std::size_t total = L;
        if (fo.maxFailures >= 2)
            total += L * (L - (L ? 1 : 0)) / 2;
        rep.scenariosTotal = total;
        std::vector<std::vector<int>> out;
        if (fo.sampleLimit == 0 || total <= fo.sampleLimit) {
            for (int l : links)
                out.push_back({ l });
            if (fo.maxFailures >= 2)
                for (std::size_t i = 0; i < L; ++i)
                    for (std::size_t j = i + 1; j < L; ++j)
                        out.push_back({ links[i], links[j] });
            return out;
        }
        rep.sampled = true;
        std::mt19937_64 rng(fo.seed);
        std::set<std::pair<int, int>> chosen;
        std::uniform_int_distribution<std::size_t> pick(0, total - 1);
        while (chosen.size() < fo.sampleLimit) {
            std::size_t k = pick(rng);
            if (k < L) {
                chosen.insert({ links[k], -1 });
                continue;
            }
            k -= L; // k-th pair in (i<j) order
            std::size_t i = 0;
            while (k >= L - 1 - i) {
                k -= L - 1 - i;
                ++i;
            }
            chosen.insert({ links[i], links[i + 1 + k] });
        }
        for (const auto& [a, b] : chosen)
            out.push_back(b < 0 ? std::vector<int> { a } : std::vector<int> { a, b });
        return out;
    }

} // namespace

FailureReport analyseFailures(const Topology& t, const std::vector<ClassMask>& classes, const DeadlockOptions& opt,
    const FailureOptions& fo, Feedback* fb)
{
    const auto t0 = Clock::now();
    FailureReport rep;
    rep.maxFailures = fo.maxFailures;
    rep.seed = fo.seed;
    rep.incremental = fo.incremental;
    const auto scenarios = enumerateScenarios(t, fo, rep);
    rep.scenariosRun = scenarios.size();
    const int D = static_cast<int>(t.edgeSwitches.size());
    const LinkMask healthy(sz(t.linkCount), 0);
    const auto hctx = makeRoutingContext(t, opt.routing, healthy, opt.statics);

    // Baseline: healthy distances, dependency graph, topological order.
    Baseline base;
    base.orientation = hctx.orientation;
    {
        auto g = buildFast(hctx, fb, 0, 5);
        base.start = std::move(g.start);
        base.adj = std::move(g.adj);
        base.unreachable.insert(g.unreachable.begin(), g.unreachable.end());
        const int C = static_cast<int>(base.start.size()) - 1;
        // Kahn's algorithm
        std::vector<int> indeg(sz(C), 0), q;
        for (int a : base.adj)
            ++indeg[sz(a)];
        for (int c = 0; c < C; ++c)
            if (!indeg[sz(c)])
                q.push_back(c);
        base.order.assign(sz(C), -1);
        int pos = 0;
        for (std::size_t qi = 0; qi < q.size(); ++qi) {
            const int c = q[qi];
            base.order[sz(c)] = pos++;
            for (int e = base.start[sz(c)]; e < base.start[sz(c) + 1]; ++e)
                if (--indeg[sz(base.adj[sz(e)])] == 0)
                    q.push_back(base.adj[sz(e)]);
        }
        base.acyclic = pos == C;
    }
    if (fo.incremental) {
        base.dist.resize(sz(D));
        base.distDown.resize(sz(D));
        base.active.resize(sz(D));
        tbb::parallel_for(0, D, [&](int di) {
            DestWork w;
            const int T = t.edgeSwitches[sz(di)];
            computeRouting(hctx, T, w.r);
            walkDestination(hctx, T, w, [](int, bool, int) { }, [](int) { });
            auto& bits = base.active[sz(di)];
            bits.assign((t.nodes.size() * 2 + 63) / 64, 0);
            for (int st : w.queue)
                bits[sz(st) >> 6] |= std::uint64_t { 1 } << (st & 63);
            base.dist[sz(di)] = std::move(w.r.dist);
            base.distDown[sz(di)] = std::move(w.r.distDown);
        });
        if (!base.acyclic)
            rep.notes.push_back("the healthy fabric already has cyclic dependencies: every failure scenario is analysed in full");
        if (opt.statics && !opt.statics->empty())
            rep.notes.push_back("static routes: destinations with a static route through a failed link are recomputed");
    }

    std::mutex mtx;
    std::atomic<std::size_t> done { 0 }, recomputed { 0 }, full { 0 };
    auto record = [&](const std::vector<int>& links, std::size_t comps, std::vector<CycleReport> cycles, LostFlows lost) {
        FailureScenario s;
        s.links = links;
        for (int l : links)
            s.linkNames.push_back(t.linkName(l));
        s.cyclicComponents = comps;
        s.cycles = std::move(cycles);
        s.lost = std::move(lost);
        std::lock_guard lock(mtx);
        if (s.lost.switchPairs)
            ++rep.withLostFlows;
        if (comps) {
            ++rep.withCycles;
            if (static_cast<int>(rep.cyclic.size()) < fo.maxReported)
                rep.cyclic.push_back(std::move(s));
        } else if (s.lost.switchPairs) {
            if (static_cast<int>(rep.lossy.size()) < fo.maxReported)
                rep.lossy.push_back(std::move(s));
        }
    };
    DeadlockOptions sub = opt;
    sub.fixes = fo.explain && opt.fixes;
    sub.maxCycles = fo.explain ? std::min(opt.maxCycles, 4) : 0;

    auto runFull = [&](const std::vector<int>& links) {
        LinkMask down(sz(t.linkCount), 0);
        for (int l : links)
            down[sz(l)] = 1;
        const auto ctx = makeRoutingContext(t, opt.routing, down, opt.statics);
        const FastCdg g = buildFast(ctx, nullptr);
        DeadlockReport r;
        analyseContext(t, ctx, classes, sub, nullptr, r, &g);
        ++full;
        std::vector<std::pair<int, int>> lostPairs;
        for (const auto& p : g.unreachable)
            if (!base.unreachable.count(p))
                lostPairs.push_back(p);
        record(links, r.cyclicComponents, std::move(r.cycles), lostFlows(t, lostPairs, opt.maxFlowExamples));
    };

    struct ScenarioWork {
        DestWork w;
        std::vector<std::uint32_t> mark;
        std::uint32_t stamp = 0;
        std::vector<int> used;
        std::vector<std::uint32_t> dirty;
        std::uint32_t dirtyStamp = 0;
    };
    tbb::enumerable_thread_specific<ScenarioWork> scenarioWork;
    tbb::parallel_for(std::size_t { 0 }, scenarios.size(), [&](std::size_t si) {
        checkCancelled(fb);
        const auto& links = scenarios[si];
        if (!fo.incremental || !base.acyclic) {
            runFull(links);
        } else {
            LinkMask down(sz(t.linkCount), 0);
            for (int l : links)
                down[sz(l)] = 1;
            RoutingContext ctx;
            ctx.topo = &t;
            ctx.model = opt.routing;
            ctx.down = std::move(down);
            ctx.anyDown = true;
            ctx.statics = opt.statics;
            bool needFull = false;
            if (ctx.isUpDown()) {
                ctx.orientation = computeOrientation(t, ctx.down);
                needFull = ctx.orientation.up != base.orientation.up;
            }
            std::vector<std::pair<int, int>> newEdges;
            std::vector<std::pair<int, int>> lostPairs;
            if (!needFull) {
                auto& sw = scenarioWork.local();
                DestWork& w = sw.w;
                if (sw.mark.size() != t.channels.size())
                    sw.mark.assign(t.channels.size(), 0);
                const bool fused = !opt.statics || opt.statics->empty();
                for (int di = 0; di < D; ++di) {
                    bool change = distancesChange(ctx, base, di, links);
                    if (!change && !fused) {
                        for (std::size_t v = 0; v < t.nodes.size() && !change; ++v)
                            for (int c : opt.statics->next[v * sz(opt.statics->edgeCount) + sz(di)])
                                change = change || ctx.down[sz(t.chLink[sz(c)])];
                    }
                    if (!change)
                        continue;
                    ++recomputed;
                    const int T = t.edgeSwitches[sz(di)];
                    // dependencies of T: every used channel into a switch, times that switch's next hops
                    if (++sw.stamp == 0) {
                        std::fill(sw.mark.begin(), sw.mark.end(), 0);
                        sw.stamp = 1;
                    }
                    sw.used.clear();
                    auto use = [&](int o, bool, int u) {
                        if (u != T && sw.mark[sz(o)] != sw.stamp) {
                            sw.mark[sz(o)] = sw.stamp;
                            sw.used.push_back(o);
                        }
                    };
                    auto lost = [&](int s2) {
                        if (!base.unreachable.count({ t.edgeIndex[sz(s2)], di }))
                            lostPairs.emplace_back(t.edgeIndex[sz(s2)], di);
                    };
                    if (fused) {
                        computeDistances(ctx, T, w.r);
                        walkFused(ctx, T, w, use, lost);
                        const auto& dist = w.r.dist;
                        const auto& dd = w.r.distDown;
                        const bool ud = ctx.isUpDown();
                        // Nodes whose distance changed, and their neighbours, are "dirty". A used channel
                        // x→u with x and u clean, whose sending state was also reached in the healthy
                        // routing, makes exactly the healthy turns at u: nothing new to look for there.
                        if (sw.dirty.size() != t.nodes.size())
                            sw.dirty.assign(t.nodes.size(), 0);
                        ++sw.dirtyStamp;
                        const auto& bd = base.dist[sz(di)];
                        const auto& bdd = base.distDown[sz(di)];
                        for (std::size_t v = 0; v < t.nodes.size(); ++v) {
                            if (!t.isSw[v] || (bd[v] == dist[v] && (!ud || bdd[v] == dd[v])))
                                continue;
                            sw.dirty[v] = sw.dirtyStamp;
                            for (int e = t.swOutStart[v]; e < t.swOutStart[v + 1]; ++e)
                                sw.dirty[sz(t.swOutTo[sz(e)])] = sw.dirtyStamp;
                        }
                        for (int l : links)
                            for (int c2 : { 2 * l, 2 * l + 1 })
                                if (t.chTo[sz(c2)] >= 0)
                                    sw.dirty[sz(t.chTo[sz(c2)])] = sw.dirtyStamp;
                        for (int c : sw.used) {
                            const int u = t.chTo[sz(c)];
                            const bool arrivedDown = ctx.arrivesDown(c);
                            const int x = t.chFrom[sz(c)];
                            if (sw.dirty[sz(x)] != sw.dirtyStamp && sw.dirty[sz(u)] != sw.dirtyStamp) {
                                bool healthyToo = true;
                                for (int px = 0; px < (ud ? 2 : 1) && healthyToo; ++px) {
                                    if (w.seen[sz(x * 2 + px)] != w.stamp)
                                        continue; // state not reached now
                                    if (ud && px == 1 && ctx.orientation.up[sz(c)])
                                        continue; // c is not a next hop of the down state
                                    healthyToo = base.isActive(di, x * 2 + px);
                                }
                                if (healthyToo)
                                    continue;
                            }
                            const int du = arrivedDown ? dd[sz(u)] : dist[sz(u)];
                            for (int e = t.swOutStart[sz(u)]; e < t.swOutStart[sz(u) + 1]; ++e) {
                                if (!ctx.linkAlive(t.swOutLink[sz(e)]))
                                    continue;
                                const int o = t.swOutList[sz(e)];
                                const int to = t.swOutTo[sz(e)];
                                int dw;
                                if (ud) {
                                    const bool up = ctx.orientation.up[sz(o)];
                                    if (arrivedDown && up)
                                        continue;
                                    dw = up ? dist[sz(to)] : dd[sz(to)];
                                } else
                                    dw = dist[sz(to)];
                                if (dw != kUnreachable && dw + 1 == du && !hasEdge(base, c, o))
                                    newEdges.emplace_back(c, o);
                            }
                        }
                    } else {
                        computeRouting(ctx, T, w.r);
                        walkDestination(ctx, T, w, use, lost);
                        for (int c : sw.used) {
                            const int u = t.chTo[sz(c)];
                            auto [b, e] = w.r.next(u, ctx.arrivesDown(c));
                            for (const int* p = b; p != e; ++p)
                                if (t.isFabricChannel(*p) && !hasEdge(base, c, *p))
                                    newEdges.emplace_back(c, *p);
                        }
                    }
                }
                std::sort(newEdges.begin(), newEdges.end());
                newEdges.erase(std::unique(newEdges.begin(), newEdges.end()), newEdges.end());
                // Scenario graph ⊆ baseline ∪ new edges. Backward edges (against the baseline order) are
                // the only way to close a cycle: look for one in the part reachable from their heads.
                std::vector<std::pair<int, int>> back;
                for (const auto& e : newEdges)
                    if (base.order[sz(e.second)] <= base.order[sz(e.first)])
                        back.push_back(e);
                if (!back.empty()) {
                    std::map<int, std::vector<int>> extra;
                    for (const auto& [a, b2] : newEdges)
                        extra[a].push_back(b2);
                    std::unordered_set<int> seen;
                    std::vector<int> stack;
                    for (const auto& e : back)
                        if (seen.insert(e.second).second)
                            stack.push_back(e.second);
                    std::vector<int> sub2;
                    while (!stack.empty()) {
                        const int c = stack.back();
                        stack.pop_back();
                        sub2.push_back(c);
                        auto visit = [&](int o) {
                            if (seen.insert(o).second)
                                stack.push_back(o);
                        };
                        for (int e = base.start[sz(c)]; e < base.start[sz(c) + 1]; ++e)
                            visit(base.adj[sz(e)]);
                        if (auto it = extra.find(c); it != extra.end())
                            for (int o : it->second)
                                visit(o);
                    }
                    // SCC on the reachable subgraph
                    std::sort(sub2.begin(), sub2.end());
                    auto local = [&](int c) { return static_cast<int>(std::lower_bound(sub2.begin(), sub2.end(), c) - sub2.begin()); };
                    std::vector<int> st(sub2.size() + 1, 0), ad;
                    for (std::size_t i = 0; i < sub2.size(); ++i) {
                        st[i] = static_cast<int>(ad.size());
                        const int c = sub2[i];
                        for (int e = base.start[sz(c)]; e < base.start[sz(c) + 1]; ++e)
                            ad.push_back(local(base.adj[sz(e)]));
                        if (auto it = extra.find(c); it != extra.end())
                            for (int o : it->second)
                                ad.push_back(local(o));
                        std::sort(ad.begin() + st[i], ad.end());
                    }
                    st[sub2.size()] = static_cast<int>(ad.size());
                    needFull = !acyclicCsr(st, ad);
                }
            }
            if (needFull) {
                runFull(links);
            } else {
                std::sort(lostPairs.begin(), lostPairs.end());
                record(links, 0, {}, lostFlows(t, lostPairs, opt.maxFlowExamples));
            }
        }
        const auto n = ++done;
        if (fb)
            fb->setProgress(5 + 95.0 * static_cast<double>(n) / static_cast<double>(std::max<std::size_t>(1, scenarios.size())));
    });
    rep.recomputedDestinations = recomputed.load();
    rep.fullRecomputes = full.load();
    auto byLinks = [](const FailureScenario& a, const FailureScenario& b) { return a.links < b.links; };
    std::sort(rep.cyclic.begin(), rep.cyclic.end(), byLinks);
    std::sort(rep.lossy.begin(), rep.lossy.end(), byLinks);
    rep.seconds = since(t0);
    return rep;
}

// =============================================================================================
// Findings

namespace {
    std::string classText(const CycleReport& c)
    {
        if (c.vl >= 0)
            return fmt::format("VL {}", c.vl);
        if (c.priorities.empty())
            return "the lossless class";
        return fmt::format("priority {}", fmt::join(c.priorities, ","));
    }

    Finding cycleFinding(const CycleReport& c, Severity sev, const std::string& code, const std::string& context)
    {
        Finding f;
        f.severity = sev;
        f.code = code;
        std::set<std::string> links;
        std::vector<std::string> path;
        for (const auto& h : c.hops) {
            if (links.insert(h.link).second)
                f.objects.push_back(h.link);
            path.push_back(h.buffer + (h.vl >= 0 ? fmt::format(" VL{}", h.vl) : ""));
        }
        f.message = fmt::format("{}cyclic buffer dependency on {} through {} buffers{}: {}", context, classText(c), c.hops.size(),
            c.routingLoop ? " (a routing loop: one destination's packets circle)" : "", fmt::join(path, " => "));
        f.evidence.push_back({ "cycle_length", static_cast<double>(c.hops.size()), "buffers", "shortest cycle of the component" });
        f.evidence.push_back({ "component_size", static_cast<double>(c.componentSize), "buffers", "strongly connected component" });
        for (const auto& h : c.hops) {
            std::string ex;
            if (!h.flows.empty())
                ex = fmt::format(", e.g. {} -> {}", h.flows[0].source, h.flows[0].destination);
            f.evidence.push_back({ fmt::format("flows {} => next", h.buffer), static_cast<double>(h.flowCount), "flows",
                fmt::format("{} destination(s){}{}{}", h.inducingDestinations, h.turn.empty() ? "" : ", turn " + h.turn, ex,
                    h.flowCountExact ? "" : " (count over the first destinations)") });
        }
        const FixCandidate* best = nullptr;
        for (const auto& fx : c.fixes)
            if (fx.removesAll && (!best || (fx.kind != "updown-only" && best->kind == "updown-only")))
                best = &fx;
        if (best)
            f.fix = fmt::format("{} (checked: no cycle left; cost {} {})", best->description, best->cost, best->costUnit);
        else if (c.vl >= 0)
            f.fix = "Route with a credit-loop-free engine (updn/ftree with correct roots) or a VL-layered one (dfsssp, lash with -Q), and make hosts use the PathRecord SL";
        else
            f.fix = "Keep lossless traffic on up*/down* paths (demote or drop bounced packets) or give bounced packets another lossless priority (Tagger)";
        return f;
    }
} // namespace

std::vector<Finding> deadlockFindings(const DeadlockReport& r, const FailureReport* failures)
{
    std::vector<Finding> out;
    for (const auto& c : r.cycles) {
        const bool ib = c.vl >= 0;
        std::string code = ib ? "LFP-CREDIT-LOOP" : (c.routingLoop ? "LFP-DEADLOCK-ROUTING-LOOP" : "LFP-DEADLOCK-CYCLE");
        if (ib && c.routingLoop)
            code = "LFP-CREDIT-LOOP-ROUTING-LOOP";
        out.push_back(cycleFinding(c, Severity::Error, code, ""));
    }
    if (r.unreachable.switchPairs) {
        Finding f;
        f.severity = r.routing == RoutingModel::Lft ? Severity::Error : Severity::Warning;
        f.code = r.routing == RoutingModel::Lft ? "LFP-CREDIT-LOOP-MISSING-PATH" : "LFP-DEADLOCK-UNREACHABLE";
        f.message = fmt::format("{} host pairs have no {} path", r.unreachable.pairs, r.routing == RoutingModel::UpDown ? "up*/down*" : "routed");
        for (const auto& e : r.unreachable.examples)
            f.objects.push_back(e.source + " -> " + e.destination);
        f.evidence.push_back({ "host_pairs", static_cast<double>(r.unreachable.pairs), "pairs", "" });
        f.evidence.push_back({ "switch_pairs", static_cast<double>(r.unreachable.switchPairs), "pairs", "(source switch, destination switch)" });
        f.fix = "Add links or roots so every pair has a legal path, or carry those flows in a lossy class";
        out.push_back(std::move(f));
    }
    if (failures) {
        for (const auto& s : failures->cyclic)
            for (const auto& c : s.cycles) {
                auto f = cycleFinding(c, Severity::Error, c.routingLoop ? "LFP-DEADLOCK-FAILURE-ROUTING-LOOP" : "LFP-DEADLOCK-FAILURE-CYCLE",
                    fmt::format("with {} down: ", fmt::join(s.linkNames, " and ")));
                f.objects.insert(f.objects.begin(), s.linkNames.begin(), s.linkNames.end());
                out.push_back(std::move(f));
            }
        if (failures->withCycles > failures->cyclic.size()) {
            Finding f;
            f.severity = Severity::Error;
            f.code = "LFP-DEADLOCK-FAILURE-CYCLE";
            f.message = fmt::format("{} more failure sets create cycles (not listed)", failures->withCycles - failures->cyclic.size());
            out.push_back(std::move(f));
        }
        for (const auto& s : failures->lossy) {
            Finding f;
            f.severity = Severity::Warning;
            f.code = "LFP-DEADLOCK-FAILURE-UNREACHABLE";
            f.objects = s.linkNames;
            f.message = fmt::format("with {} down, {} host pairs lose their lossless path", fmt::join(s.linkNames, " and "), s.lost.pairs);
            for (const auto& e : s.lost.examples)
                f.evidence.push_back({ e.source + " -> " + e.destination, 0, "", "no path" });
            f.fix = "Accept (traffic waits for repair or is carried lossy) or add links/roots so up*/down* keeps a path";
            out.push_back(std::move(f));
        }
    }
    return out;
}

} // namespace lfp
