// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file deadlock_internal.h
/// Internals shared by the phases of the deadlock analysis (not a public API):
///  - deadlock_graph.cpp: the dependency graph from per-destination forwarding trees (bitsets);
///  - deadlock_cycles.cpp: cycle search (strong components, shortest cycles) and the explanation of
///    each dependency (inducing destinations, example flows);
///  - deadlock_fixes.cpp: fix candidates, each re-analysed;
///  - deadlock_failures.cpp: the (incremental) failure sweep;
///  - deadlock_findings.cpp: findings from the reports;
///  - deadlock.cpp: priorities and masks, and the healthy-fabric driver.
/// Theory and sources: docs/deadlock.md.

#include "planner/routing/deadlock.h"

#include <chrono>
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

namespace lfp::dl {

inline std::size_t sz(int i) { return static_cast<std::size_t>(i); }
using Clock = std::chrono::steady_clock;
inline double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// ---- graph build (deadlock_graph.cpp) ----

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

/// The dependency graph of one routing context: per destination a forwarding tree, dependencies
/// aggregated per switch with destination bitsets. Progress from..to on @p fb when to > from.
/// How buildFast computes plain ECMP (no static routes, no bans): 64 destinations at once
/// (ecmpWord, the default) or one destination at a time (ecmpDestination, kept as the reference the
/// tests compare with). Both give the same graph.
enum class EcmpMethod { WordParallel, PerDestination };
FastCdg buildFast(const RoutingContext& ctx, Feedback* fb, double progressFrom = 0, double progressTo = 0,
    EcmpMethod method = EcmpMethod::WordParallel);
/// CSR restricted to channels lossless in @p mask (empty mask = all).
void filterCsr(const FastCdg& g, const std::vector<char>& mask, std::vector<int>& start, std::vector<int>& adj);

// ---- cycles and their explanation (deadlock_cycles.cpp) ----

struct ClassCycles {
    std::size_t components = 0;
    std::vector<GraphCycle> cycles;
    std::set<int> cyclicChannels; ///< channels of reported cycles
};

/// Kahn's algorithm: true when the CSR graph has no cycle (the cheap common case).
bool acyclicCsr(const std::vector<int>& start, const std::vector<int>& adj);
ClassCycles cyclesOf(const FastCdg& g, const std::vector<char>& mask, std::size_t maxComponents);
/// Sum of the sizes of cyclic components; sets @p thisCycleGone when one of @p cycle's dependencies no longer exists.
std::size_t cyclicWeight(const FastCdg& g, const std::vector<char>& mask, const std::vector<int>& cycle, bool& thisCycleGone);
/// Destinations (edge indices) whose routes make the dependency c → o.
std::vector<int> inducing(const FastCdg& g, const RoutingContext& ctx, int c, int o);
LostFlows lostFlows(const Topology& t, const std::vector<std::pair<int, int>>& pairs, int maxExamples);
CycleReport makeCycleReport(const Topology& t, const RoutingContext& ctx, const FastCdg& g, const GraphCycle& gc,
    const ClassMask& cls, const DeadlockOptions& opt, Feedback* fb);

// ---- fixes (deadlock_fixes.cpp) ----

struct TagResult {
    bool cyclic = false;
    std::size_t components = 0;
    int tagsUsed = 1; ///< lossless tags (priorities) used
    std::set<int> bounceSwitches;
    std::size_t bouncedDestinations = 0;
    std::size_t edges = 0;
};
/// The dependency graph with a rule at bounce points (a packet that arrived on a down channel of
/// @p orient and leaves on an up one): @p demote → it leaves the lossless class; otherwise its tag
/// (lossless priority) goes up by one (Tagger, CoNEXT'17), up to @p maxTags tags (beyond: lossy).
TagResult runTagged(const RoutingContext& ctx, const UpDownOrientation& orient, const std::vector<char>& mask, bool demote, int maxTags);

void addFixes(const Topology& t, const RoutingContext& ctx, const ClassMask& cls, const FastCdg& g, const GraphCycle& gc,
    const DeadlockOptions& opt, CycleReport& cr, Feedback* fb);

// ---- driver (deadlock.cpp) ----

/// Full analysis of one scenario on a prepared routing context (@p prebuilt: its graph, when built).
void analyseContext(const Topology& t, const RoutingContext& ctx, const std::vector<ClassMask>& classes,
    const DeadlockOptions& opt, Feedback* fb, DeadlockReport& rep, const FastCdg* prebuilt = nullptr);

} // namespace lfp::dl
