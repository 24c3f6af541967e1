// SPDX-License-Identifier: GPL-3.0-or-later
// Phase 3 of the deadlock analysis: fix candidates for a cycle, each checked by re-running the
// analysis with the fix applied (docs/deadlock.md "Fixes").
#include "planner/routing/deadlock_internal.h"
#include "planner/findings/findingregistry.h"

#include <algorithm>
#include <atomic>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <limits>
#include <tbb/combinable.h>
#include <tbb/parallel_for.h>
#include <unordered_set>

namespace lfp::dl {

// ---- the explicit tagged engine (Tagger / demotion fixes; declared in deadlock_internal.h) ----

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
        const int nodes = static_cast<int>(t.channels.size()) * G;
        std::vector<int> start, adj;
        csrFromEdges(all, nodes, start, adj);
        TagResult res;
        res.edges = all.size();
        findCycles(nodes, start, adj, 0, &res.components, 1);
        res.cyclic = res.components > 0;
        res.tagsUsed = maxTag.load() + 1;
        bounceTl.combine_each([&](const std::set<int>& s) { res.bounceSwitches.insert(s.begin(), s.end()); });
        res.bouncedDestinations = bouncedDest.load();
        return res;
    }

namespace {
    std::string routeLine(const Topology& t, int v, int T, const std::vector<int>& hops)
    {
        std::string s = fmt::format("{} {}", t.nodes[sz(v)].name, t.nodes[sz(T)].name);
        for (int h : hops)
            s += " " + t.nodes[sz(t.channels[sz(h)].to)].name;
        return s;
    }

} // namespace

namespace {
    /// The fix's description from its registry clause (findingregistry.cpp, "deadlock-fix-*").
    void describe(FixCandidate& f, const char* clause, FindingParams params = {})
    {
        f.descriptionClause = clause;
        f.descriptionParams = std::move(params);
        f.description = renderTemplate("LFP-DEADLOCK-CYCLE", findingClause("*", clause)->text, f.descriptionParams, {});
    }
} // namespace

void addFixes(const Topology& t, const RoutingContext& ctx, const ClassMask& cls, const FastCdg& g, const GraphCycle& gc,
    const DeadlockOptions& opt, CycleReport& cr, Feedback* fb)
{
    const auto orient = computeOrientation(t, ctx.down);
    // 1. up*/down* only
    if (ctx.model != RoutingModel::UpDown) {
        FixCandidate f;
        f.kind = "updown-only";
        describe(f, "deadlock-fix-updown-only");
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
        describe(f, "deadlock-fix-demote-bounced");
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
        if (names.empty()) {
            describe(f, "deadlock-fix-tagger-none");
        } else {
            FindingParams p;
            addValueListParam(p, "switches", names);
            describe(f, "deadlock-fix-tagger", std::move(p));
        }
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
            FindingParams p;
            addListParam(p, "routes", [&] {
                std::vector<FindingListItem> v;
                for (const auto& line : f.staticRoutes)
                    v.push_back({ "list-value", { { "value", line } } });
                return v;
            }(), SIZE_MAX, "list-semicolon");
            describe(f, "deadlock-fix-route-change", std::move(p));
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
        describe(f, "deadlock-fix-restore-link", { { "link", t.linkName(l) } });
        f.checked = true;
        f.removesCycle = gk;
        f.removesAll = w == 0;
        f.cost = 1;
        f.costUnit = "links";
        cr.fixes.push_back(std::move(f));
    }
}

} // namespace lfp::dl

namespace lfp {

std::string singularCostUnit(const std::string& unit)
{
    // The units set in deadlock_fixes.cpp and ibcredit.cpp (FixCandidate::costUnit).
    static const std::pair<const char*, const char*> kSingular[] = {
        { "host pairs without a lossless path", "host pair without a lossless path" },
        { "destination switches with bounced (demoted) traffic", "destination switch with bounced (demoted) traffic" },
        { "extra lossless priorities", "extra lossless priority" },
        { "static routes", "static route" },
        { "links", "link" },
        { "VLs", "VL" },
        { "VLs (layers) needed", "VL (layer) needed" },
    };
    for (const auto& [plural, singular] : kSingular)
        if (unit == plural)
            return singular;
    return unit;
}

std::string costWithUnit(double cost, const std::string& unit)
{
    return fmt::format("{} {}", cost, cost == 1 ? singularCostUnit(unit) : unit);
}

} // namespace lfp
