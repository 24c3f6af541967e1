// SPDX-License-Identifier: GPL-3.0-or-later
// Phase 1 of the deadlock analysis: the buffer dependency graph, from one forwarding tree per
// destination (docs/deadlock.md "Scaling").
#include "planner/routing/deadlock_internal.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

namespace lfp::dl {

namespace {

    /// Per-task scratch of ecmpDestination.
    struct EcmpWork {
        std::vector<std::uint8_t> dist, reached;
        std::vector<int> queue;
        std::vector<int> dagC, dagU; ///< shortest-path channels u→v, grouped by v in BFS order
        std::vector<std::pair<int, int>> segs; ///< (v, first index into dagC/dagU)
        std::size_t touched = 0; ///< queue[0..touched): the nodes whose dist / reached are set
    };

    /// ECMP without static routes or bans (the healthy check and every shortest-path scenario):
    /// computeDistances + walkFused in one pass. The BFS from @p T over incoming switch channels
    /// (unit weights, so nodes leave the queue in order of distance) meets every channel u→v with
    /// dist(u) = dist(v) + 1 exactly once while v is expanded: those are the ECMP next hops
    /// (docs/deadlock.md "Scaling"). Traffic uses such a channel only when some source edge switch
    /// reaches u; the channels are therefore replayed from the farthest level back, which sees every
    /// channel into u before the channels out of u. Calls use(c) for the same channels walkFused
    /// would, and lost(s) for the same unreachable sources; callgrind (k=32) counted this at about
    /// 2.5× fewer instructions than the two scans (docs/performance.md).
    template <bool AnyDown, typename Use, typename Lost>
    void ecmpDestination(const RoutingContext& ctx, int T, EcmpWork& w, Use&& use, Lost&& lost)
    {
        const Topology& t = *ctx.topo;
        const std::size_t n = t.nodes.size();
        // Reset only what the previous destination touched (the switches it queued), not all n nodes:
        // most nodes of a large fabric are hosts, which the switch-to-switch BFS never sees.
        if (w.dist.size() != n) {
            w.dist.assign(n, kUnreachable);
            w.reached.assign(n, 0);
            w.touched = 0;
        }
        for (std::size_t i = 0; i < w.touched; ++i) {
            w.dist[sz(w.queue[i])] = kUnreachable;
            w.reached[sz(w.queue[i])] = 0;
        }
        w.touched = 0;
        // Every array at its upper bound once: no push_back in the loops.
        const std::size_t E = t.swInList.size();
        if (w.dagC.size() < E) {
            w.dagC.resize(E);
            w.dagU.resize(E);
        }
        if (w.queue.size() < n) {
            w.queue.resize(n);
            w.segs.resize(n);
        }
        // Raw pointers: the byte stores into dist may alias anything, which would otherwise make the
        // compiler reload every vector's data pointer in the inner loop.
        std::uint8_t* dist = w.dist.data();
        int* queue = w.queue.data();
        int* dagC = w.dagC.data();
        int* dagU = w.dagU.data();
        std::pair<int, int>* segs = w.segs.data();
        const int* inStart = t.swInStart.data();
        const int* inList = t.swInList.data();
        const int* inFrom = t.swInFrom.data();
        const int* inLink = t.swInLink.data();
        const char* down = AnyDown ? ctx.down.data() : nullptr;
        std::size_t qn = 0, dn = 0, sn = 0;
        dist[sz(T)] = 0;
        queue[qn++] = T;
        for (std::size_t qi = 0; qi < qn; ++qi) {
            const int v = queue[qi];
            const std::uint8_t dv = dist[sz(v)];
            if (dv >= kUnreachable - 1)
                continue;
            const auto nd = static_cast<std::uint8_t>(dv + 1);
            const int e1 = inStart[sz(v) + 1];
            segs[sn++] = { v, static_cast<int>(dn) };
            for (int e = inStart[sz(v)]; e < e1; ++e) {
                if constexpr (AnyDown)
                    if (down[sz(inLink[sz(e)])])
                        continue;
                const int u = inFrom[sz(e)];
                std::uint8_t du = dist[sz(u)];
                if (du == kUnreachable) {
                    dist[sz(u)] = du = nd;
                    queue[qn++] = u;
                }
                if (du == nd) {
                    dagC[dn] = inList[sz(e)];
                    dagU[dn++] = u;
                }
            }
        }
        w.touched = qn;
        std::uint8_t* reached = w.reached.data();
        for (int s : t.edgeSwitches) {
            if (s == T)
                continue;
            if (dist[sz(s)] == kUnreachable) {
                lost(s);
                continue;
            }
            reached[sz(s)] = 1;
        }
        std::size_t end = dn;
        for (std::size_t k = sn; k-- > 0;) {
            const auto [v, begin] = segs[k];
            std::uint8_t any = 0;
            for (std::size_t i = sz(begin); i < end; ++i)
                if (reached[sz(dagU[i])]) {
                    use(dagC[i]);
                    any = 1;
                }
            reached[sz(v)] |= any;
            end = sz(begin);
        }
    }


    /// The switches of a topology as a dense index, and the switch-to-switch in-lists with the far
    /// end as that index: the word-parallel BFS keeps its 64-bit masks per switch, not per node (at
    /// k=64 there are 13× more hosts than switches).
    struct SwitchIndex {
        std::vector<int> ofNode; ///< node → switch index, -1 for hosts
        std::vector<int> node; ///< switch index → node
        std::vector<int> inFrom; ///< parallel to Topology::swInList: the sending switch's index
    };
    SwitchIndex makeSwitchIndex(const Topology& t)
    {
        SwitchIndex x;
        x.ofNode.assign(t.nodes.size(), -1);
        for (std::size_t v = 0; v < t.nodes.size(); ++v)
            if (t.nodes[v].isSwitch) {
                x.ofNode[v] = static_cast<int>(x.node.size());
                x.node.push_back(static_cast<int>(v));
            }
        x.inFrom.resize(t.swInFrom.size());
        for (std::size_t e = 0; e < t.swInFrom.size(); ++e)
            x.inFrom[e] = x.ofNode[sz(t.swInFrom[e])];
        return x;
    }

    /// Per-task scratch of ecmpWord: masks per switch (bit b = destination word·64 + b).
    struct EcmpWordWork {
        std::vector<std::uint64_t> seen, next, reached;
        std::vector<std::uint64_t> level; ///< level-major: level[L·S + s] = destinations at distance L from s
        std::vector<int> list; ///< the switches of each level, levels concatenated
        std::vector<std::uint64_t> listMask; ///< parallel to list: level[L·S + list[i]]
        std::vector<std::size_t> levelStart; ///< list[levelStart[L] .. levelStart[L+1]): level L
        std::vector<int> nextList;
    };

    /// ECMP for the 64 destinations of one bitset word at once: the same channels and lost sources as
    /// ecmpDestination per destination, from a level-synchronous BFS that carries a 64-bit mask of
    /// destinations per switch (multi-source BFS, Then et al., "The More the Merrier: Efficient
    /// Multi-Source Graph Traversal", VLDB 2014). Destinations near each other (the edge switches of a
    /// pod) share their far levels, so a channel is looked at once per level and word instead of once
    /// per destination: at k=64 about 270,000 channel visits per word instead of 64 × 262,144.
    /// Level L of switch s holds the destinations at distance L from s; a channel u→v is an ECMP next
    /// hop for destination b iff level(v) = L and level(u) = L + 1 for b (the condition
    /// ecmpDestination tests as du == dv + 1). The replay runs from the farthest level back: a channel
    /// is used for b when a source edge switch reaches u for b. use(e, bits) gets the index into
    /// Topology::swInList; lost(s, di) the unreachable (source, destination) pairs.
    template <bool AnyDown, typename Use, typename Lost>
    void ecmpWord(const RoutingContext& ctx, const SwitchIndex& sx, int word, EcmpWordWork& w, Use&& use, Lost&& lost)
    {
        const Topology& t = *ctx.topo;
        const std::size_t S = sx.node.size();
        if (w.seen.size() != S) {
            w.seen.assign(S, 0);
            w.next.assign(S, 0);
            w.reached.assign(S, 0);
            w.level.clear();
        }
        const int D = static_cast<int>(t.edgeSwitches.size());
        const int d0 = word * 64, d1 = std::min(D, d0 + 64);
        const std::uint64_t valid = d1 - d0 == 64 ? ~std::uint64_t { 0 } : (std::uint64_t { 1 } << (d1 - d0)) - 1;
        w.list.clear();
        w.listMask.clear();
        w.levelStart.assign(1, 0);
        auto levelAt = [&](std::size_t L) -> std::uint64_t* {
            if (w.level.size() < (L + 1) * S)
                w.level.resize((L + 1) * S, 0);
            return w.level.data() + L * S;
        };
        // Level 0: the destinations themselves.
        {
            std::uint64_t* l0 = levelAt(0);
            for (int di = d0; di < d1; ++di) {
                const int s = sx.ofNode[sz(t.edgeSwitches[sz(di)])];
                if (!l0[sz(s)])
                    w.list.push_back(s);
                l0[sz(s)] |= std::uint64_t { 1 } << (di - d0);
            }
            for (int s : w.list) {
                w.listMask.push_back(l0[sz(s)]);
                w.seen[sz(s)] |= l0[sz(s)];
            }
            w.levelStart.push_back(w.list.size());
        }
        const int* inStart = t.swInStart.data();
        const int* inFrom = sx.inFrom.data();
        const int* inLink = t.swInLink.data();
        const char* down = AnyDown ? ctx.down.data() : nullptr;
        std::uint64_t* seen = w.seen.data();
        std::uint64_t* next = w.next.data();
        // Levels 1, 2, …: a switch at distance kUnreachable - 1 is not expanded (as ecmpDestination).
        for (std::size_t L = 0; L + 1 < kUnreachable; ++L) {
            const std::size_t b = w.levelStart[L], e = w.levelStart[L + 1];
            if (b == e)
                break;
            w.nextList.clear();
            for (std::size_t i = b; i < e; ++i) {
                const int v = sx.node[sz(w.list[i])];
                const std::uint64_t F = w.listMask[i];
                for (int k = inStart[sz(v)], k1 = inStart[sz(v) + 1]; k < k1; ++k) {
                    if constexpr (AnyDown)
                        if (down[sz(inLink[sz(k)])])
                            continue;
                    const int u = inFrom[sz(k)];
                    const std::uint64_t nb = F & ~seen[sz(u)];
                    if (nb) {
                        if (!next[sz(u)])
                            w.nextList.push_back(u);
                        next[sz(u)] |= nb;
                    }
                }
            }
            if (w.nextList.empty())
                break;
            std::uint64_t* lv = levelAt(L + 1);
            for (int u : w.nextList) {
                const std::uint64_t m = next[sz(u)];
                next[sz(u)] = 0;
                seen[sz(u)] |= m;
                lv[sz(u)] = m;
                w.list.push_back(u);
                w.listMask.push_back(m);
            }
            w.levelStart.push_back(w.list.size());
        }
        const std::size_t levels = w.levelStart.size() - 1;
        // Sources: every edge switch reaches itself for the destinations it can reach at all (not for
        // itself as destination); the others are lost.
        std::uint64_t* reached = w.reached.data();
        const std::uint64_t* l0 = w.level.data();
        for (int node : t.edgeSwitches) {
            const int s = sx.ofNode[sz(node)];
            const std::uint64_t own = l0[sz(s)];
            std::uint64_t lostBits = valid & ~seen[sz(s)];
            while (lostBits) {
                const int bit = __builtin_ctzll(lostBits);
                lostBits &= lostBits - 1;
                lost(node, d0 + bit);
            }
            reached[sz(s)] = seen[sz(s)] & ~own;
        }
        // Replay from the farthest level back: every channel into u is seen before those out of u.
        for (std::size_t L = levels - 1; L-- > 0;) {
            const std::uint64_t* far = w.level.data() + (L + 1) * S;
            for (std::size_t i = w.levelStart[L], e = w.levelStart[L + 1]; i < e; ++i) {
                const int sv = w.list[i];
                const int v = sx.node[sz(sv)];
                const std::uint64_t F = w.listMask[i];
                std::uint64_t any = 0;
                for (int k = inStart[sz(v)], k1 = inStart[sz(v) + 1]; k < k1; ++k) {
                    if constexpr (AnyDown)
                        if (down[sz(inLink[sz(k)])])
                            continue;
                    const int u = inFrom[sz(k)];
                    const std::uint64_t bits = F & far[sz(u)] & reached[sz(u)];
                    if (bits) {
                        use(k, bits);
                        any |= bits;
                    }
                }
                reached[sz(sv)] |= any;
            }
        }
        // Reset what this word touched.
        for (std::size_t L = 0; L < levels; ++L)
            for (std::size_t i = w.levelStart[L]; i < w.levelStart[L + 1]; ++i) {
                const int s = w.list[i];
                w.level[L * S + sz(s)] = 0;
                seen[sz(s)] = 0;
                reached[sz(s)] = 0;
            }
        for (int node : t.edgeSwitches)
            reached[sz(sx.ofNode[sz(node)])] = 0;
    }

} // namespace

FastCdg buildFast(const RoutingContext& ctx, Feedback* fb, double progressFrom, double progressTo, EcmpMethod method)
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
    // ECMP: packets never change to a "down" state, so a channel is a next hop for exactly the
    // destinations it carries (nextU = carried; only locC is filled).
    const bool ecmp = fused && !ctx.isUpDown();
    const bool wordParallel = ecmp && method == EcmpMethod::WordParallel;
    const SwitchIndex sx = wordParallel ? makeSwitchIndex(t) : SwitchIndex {};
    auto tb = Clock::now();
    tbb::parallel_for(tbb::blocked_range<int>(0, g.words, 1), [&](const tbb::blocked_range<int>& range) {
        DestWork w;
        EcmpWork ew;
        std::vector<std::pair<int, int>> unreach;
        // Word-local bitsets (one 64-bit word per channel): the per-destination writes stay in cache;
        // they are copied into the strided global arrays once per 64 destinations.
        std::vector<std::uint64_t> locC(wordParallel ? 0 : C), locU(wordParallel ? 0 : C), locD(ctx.isUpDown() ? C : 0);
        EcmpWordWork xw;
        std::vector<std::uint64_t> locE(wordParallel ? t.swInList.size() : 0); ///< per swInList entry
        for (int word = range.begin(); word != range.end(); ++word) {
            if (wordParallel) {
                checkCancelled(fb);
                auto useE = [&](int k, std::uint64_t bits) { locE[sz(k)] |= bits; };
                auto lostW = [&](int s, int di) { unreach.emplace_back(t.edgeIndex[sz(s)], di); };
                if (ctx.anyDown)
                    ecmpWord<true>(ctx, sx, word, xw, useE, lostW);
                else
                    ecmpWord<false>(ctx, sx, word, xw, useE, lostW);
                const int n = done += std::min(D, word * 64 + 64) - word * 64;
                if (fb && progressTo > progressFrom) {
                    fb->setProgress(progressFrom + (progressTo - progressFrom) * n / std::max(1, D));
                    fb->setSteps("routing and dependencies", static_cast<std::size_t>(n), static_cast<std::size_t>(D), "destinations");
                }
                for (std::size_t k = 0; k < locE.size(); ++k) {
                    if (!locE[k])
                        continue;
                    const std::size_t c = sz(t.swInList[k]);
                    g.carried[c * W + sz(word)] = g.nextU[c * W + sz(word)] = locE[k];
                    locE[k] = 0;
                }
                continue;
            }
            // locC is zeroed as it is copied out below.
            if (!ecmp)
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
                if (ecmp) {
                    auto useC = [&](int o) { locC[sz(o)] |= bit; };
                    if (ctx.anyDown)
                        ecmpDestination<true>(ctx, T, ew, useC, lost);
                    else
                        ecmpDestination<false>(ctx, T, ew, useC, lost);
                } else if (fused) {
                    computeDistances(ctx, T, w.r);
                    walkFused(ctx, T, w, use, lost);
                } else {
                    computeRouting(ctx, T, w.r);
                    walkDestination(ctx, T, w, use, lost);
                }
                const int n = ++done;
                if (fb && progressTo > progressFrom) {
                    fb->setProgress(progressFrom + (progressTo - progressFrom) * n / std::max(1, D));
                    fb->setSteps("routing and dependencies", static_cast<std::size_t>(n), static_cast<std::size_t>(D), "destinations");
                }
            }
            for (std::size_t c = 0; c < C; ++c) {
                if (!locC[c])
                    continue;
                g.carried[c * W + sz(word)] = locC[c];
                const std::uint64_t carried = locC[c];
                locC[c] = 0;
                g.nextU[c * W + sz(word)] = ecmp ? carried : locU[c];
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
                // Only the words both channels carry can intersect (the next-hop bits are a subset
                // of the carried ones): a channel down to one edge switch carries one word.
                const auto [olo, ohi] = range[sz(o)];
                const std::uint64_t* ow = &nx[sz(o) * W];
                for (int k = std::max(lo, olo), kend = std::min(hi, ohi); k < kend; ++k)
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
    // Each channel's dependencies come from its one receiving switch in out-channel order, which is
    // ascending when buildTopology made the lists; sort only where not.
    for (std::size_t c = 0; c < C; ++c)
        if (!std::is_sorted(g.adj.begin() + g.start[c], g.adj.begin() + g.start[c + 1]))
            std::sort(g.adj.begin() + g.start[c], g.adj.begin() + g.start[c + 1]);
    if (timing)
        std::fprintf(stderr, "deadlock: turns+csr %.3f s (%zu dependencies)\n", since(tb), g.adj.size());
    return g;
}

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

} // namespace lfp::dl
