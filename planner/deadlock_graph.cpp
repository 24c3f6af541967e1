// SPDX-License-Identifier: GPL-3.0-or-later
// Phase 1 of the deadlock analysis: the buffer dependency graph, from one forwarding tree per
// destination (docs/deadlock.md "Scaling").
#include "deadlock_internal.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

namespace lfp::dl {

FastCdg buildFast(const RoutingContext& ctx, Feedback* fb, double progressFrom, double progressTo)
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
                if (fb && progressTo > progressFrom) {
                    fb->setProgress(progressFrom + (progressTo - progressFrom) * n / std::max(1, D));
                    fb->setSteps("routing and dependencies", static_cast<std::size_t>(n), static_cast<std::size_t>(D), "destinations");
                }
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
