// SPDX-License-Identifier: GPL-3.0-or-later
// Phase 4 of the deadlock analysis: the sweep of link failures (docs/deadlock.md "The incremental
// failure sweep").
#include "planner/routing/deadlock_internal.h"
#include "planner/routing/failuresymmetry.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <random>
#include <set>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <unordered_set>

namespace lfp {

using namespace dl;

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

    struct Scenario {
        std::vector<int> links;
        std::size_t weight = 1; ///< failure sets it stands for (its symmetry class)
    };

    /// Pairs above this many are not reduced by symmetry (the orbit computation visits every pair once
    /// per generator); their single failures still are.
    constexpr std::size_t kMaxPairsForOrbits = 8'000'000;

    /// Every failure set (or a sample), or one representative per symmetry class with its class size.
    std::vector<Scenario> enumerateScenarios(const Topology& t, const std::vector<ClassMask>& classes, const DeadlockOptions& opt,
        const FailureOptions& fo, FailureReport& rep)
    {
        std::vector<int> links;
        for (int l = 0; l < t.linkCount; ++l)
            if (t.channels[sz(2 * l)].from >= 0 && t.isSwitchLink(l))
                links.push_back(l);
        rep.switchLinks = links.size();
        const std::size_t L = links.size();
        std::size_t total = L;
        const std::size_t P = L * (L - (L ? 1 : 0)) / 2;
        if (fo.maxFailures >= 2)
            total += P;
        rep.scenariosTotal = total;
        rep.classes = total;
        std::vector<Scenario> out;
        if (fo.symmetry && L > 0) {
            const bool pairOrbits = fo.maxFailures >= 2 && P <= kMaxPairsForOrbits;
            const auto sym = computeLinkSymmetry(t, classes, opt.routing, opt.statics && !opt.statics->empty(), pairOrbits);
            rep.symmetrySeconds = sym.seconds;
            if (!sym.applied)
                rep.symmetryNote = sym.reason;
            else {
                rep.symmetry = true;
                rep.symmetrySource = sym.source;
                rep.symmetryGenerators = sym.generators;
                rep.groupOrderLog10 = sym.groupOrderLog10;
                std::map<int, std::size_t> single;
                for (int l : links)
                    ++single[sym.linkClass[sz(l)]];
                for (const auto& [l, n] : single)
                    out.push_back({ { l }, n });
                if (fo.maxFailures >= 2) {
                    if (pairOrbits) {
                        // union-find over pair indices (i<j in `links` order), joined along every generator
                        std::vector<int> pos(sz(t.linkCount), -1);
                        for (std::size_t i = 0; i < L; ++i)
                            pos[sz(links[i])] = static_cast<int>(i);
                        auto index = [L](std::size_t i, std::size_t j) { return i * L - i * (i + 1) / 2 + (j - i - 1); };
                        std::vector<std::uint32_t> uf(P);
                        std::iota(uf.begin(), uf.end(), 0u);
                        auto find = [&uf](std::uint32_t x) {
                            while (uf[x] != x) {
                                uf[x] = uf[uf[x]];
                                x = uf[x];
                            }
                            return x;
                        };
                        std::vector<std::size_t> gpos(L);
                        for (const auto& g : sym.perms) {
                            for (std::size_t i = 0; i < L; ++i)
                                gpos[i] = sz(pos[sz(g[sz(links[i])])]);
                            std::size_t idx = 0;
                            for (std::size_t i = 0; i < L; ++i)
                                for (std::size_t j = i + 1; j < L; ++j, ++idx) {
                                    std::size_t a = gpos[i], b = gpos[j];
                                    if (a > b)
                                        std::swap(a, b);
                                    const std::uint32_t r1 = find(static_cast<std::uint32_t>(idx)), r2 = find(static_cast<std::uint32_t>(index(a, b)));
                                    if (r1 != r2)
                                        uf[std::max(r1, r2)] = std::min(r1, r2);
                                }
                        }
                        std::vector<std::uint32_t> count(P, 0);
                        for (std::size_t idx = 0; idx < P; ++idx)
                            ++count[find(static_cast<std::uint32_t>(idx))];
                        std::size_t idx = 0;
                        for (std::size_t i = 0; i < L; ++i)
                            for (std::size_t j = i + 1; j < L; ++j, ++idx)
                                if (uf[idx] == idx)
                                    out.push_back({ { links[i], links[j] }, count[idx] });
                    } else {
                        rep.symmetryNote = fmt::format("{} pairs: the symmetry reduces the single failures only (pair orbits are computed up to {})", P, kMaxPairsForOrbits);
                        for (std::size_t i = 0; i < L; ++i)
                            for (std::size_t j = i + 1; j < L; ++j)
                                out.push_back({ { links[i], links[j] }, 1 });
                    }
                }
                rep.classes = out.size();
                if (fo.sampleLimit && out.size() > fo.sampleLimit) {
                    rep.sampled = true;
                    std::mt19937_64 rng(fo.seed);
                    std::shuffle(out.begin(), out.end(), rng);
                    out.resize(fo.sampleLimit);
                    std::sort(out.begin(), out.end(), [](const Scenario& a, const Scenario& b) { return a.links < b.links; });
                }
                return out;
            }
        }
        if (fo.sampleLimit == 0 || total <= fo.sampleLimit) {
            out.reserve(total);
            for (int l : links)
                out.push_back({ { l }, 1 });
            if (fo.maxFailures >= 2)
                for (std::size_t i = 0; i < L; ++i)
                    for (std::size_t j = i + 1; j < L; ++j)
                        out.push_back({ { links[i], links[j] }, 1 });
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
            out.push_back({ b < 0 ? std::vector<int> { a } : std::vector<int> { a, b }, 1 });
        return out;
    }

    /// The certificate's failure sets: one representative per orbit of every set of 1..maxFailures
    /// links (failureSetOrbits), or every set when the symmetry cannot be used.
    std::vector<Scenario> orbitScenarios(const Topology& t, const std::vector<ClassMask>& classes, const DeadlockOptions& opt,
        const FailureOptions& fo, FailureReport& rep, Feedback* fb)
    {
        auto orbits = std::make_shared<FailureSetOrbits>(failureSetOrbits(t, classes, opt.routing,
            opt.statics && !opt.statics->empty(), fo.maxFailures, 50'000'000, fb, fo.symmetry));
        rep.switchLinks = orbits->switchLinks;
        rep.scenariosTotal = 0;
        for (int m = 1; m <= fo.maxFailures; ++m)
            rep.scenariosTotal += orbits->setsOfSize[sz(m)];
        rep.classes = orbits->orbits.size();
        rep.symmetry = orbits->applied;
        rep.symmetryNote = orbits->reason;
        rep.symmetrySource = orbits->source;
        rep.symmetryGenerators = orbits->generators;
        rep.groupOrderLog10 = orbits->groupOrderLog10;
        rep.symmetrySeconds = orbits->seconds;
        std::vector<Scenario> out;
        out.reserve(orbits->orbits.size());
        for (const auto& o : orbits->orbits)
            out.push_back({ o.links, o.size });
        rep.orbits = std::move(orbits);
        return out;
    }

    /// One sweep: the healthy baseline, then every failure set (incrementally when possible).
    class FailureSweep {
    public:
        FailureSweep(const Topology& topo, const std::vector<ClassMask>& cls, const DeadlockOptions& options, const FailureOptions& failOpts,
            Feedback* feedback, FailureReport& report)
            : t(topo)
            , classes(cls)
            , opt(options)
            , fo(failOpts)
            , fb(feedback)
            , rep(report)
            , D(static_cast<int>(topo.edgeSwitches.size()))
            , hctx(makeRoutingContext(topo, options.routing, LinkMask(sz(topo.linkCount), 0), options.statics))
        {
            sub = options;
            sub.fixes = failOpts.explain && options.fixes;
            sub.maxCycles = failOpts.explain ? std::min(options.maxCycles, 4) : 0;
        }

        /// Healthy distances, dependency graph and topological order.
        void buildBaseline()
        {
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
                    walkDestination(
                        hctx, T, w, [](int, bool, int) {}, [](int) {});
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
        }

        void run(const std::vector<Scenario>& scenarios)
        {
            std::atomic<std::size_t> done { 0 };
            if (fo.certify)
                rep.outcomes.assign(scenarios.size(), {});
            std::size_t total = 0; // failure sets the scenarios stand for (progress counts those)
            for (const auto& sc : scenarios)
                total += sc.weight;
            if (fo.prune && fo.incremental && base.acyclic && fo.maxFailures >= 2 && (!opt.statics || opt.statics->empty())) {
                effects.resize(sz(t.linkCount));
                effectOnce = std::make_unique<std::once_flag[]>(sz(t.linkCount));
            }
            tbb::parallel_for(std::size_t { 0 }, scenarios.size(), [&](std::size_t si) {
                checkCancelled(fb);
                const auto& sc = scenarios[si];
                const FailureOutcome o = !fo.incremental || !base.acyclic ? runFull(sc.links, sc.weight) : runIncremental(sc.links, sc.weight);
                if (fo.certify)
                    rep.outcomes[si] = o;
                const auto n = done += sc.weight;
                if (fb) {
                    fb->setProgress(5 + 95.0 * static_cast<double>(n) / static_cast<double>(std::max<std::size_t>(1, total)));
                    fb->setSteps("failure sets", n, total, "sets");
                }
            });
            rep.recomputedDestinations = recomputed.load();
            rep.fullRecomputes = full.load();
            rep.independentPairs = independent.load();
        }

    private:
        struct ScenarioWork {
            DestWork w;
            std::vector<std::uint32_t> mark;
            std::uint32_t stamp = 0;
            std::vector<int> used;
            std::vector<std::uint32_t> dirty;
            std::uint32_t dirtyStamp = 0;
        };

        void record(const std::vector<int>& links, std::size_t weight, std::size_t comps, std::vector<CycleReport> cycles, LostFlows lost)
        {
            FailureScenario s;
            s.links = links;
            s.represents = weight;
            for (int l : links) {
                s.linkNames.push_back(t.linkName(l));
                s.linkRefs.push_back(t.linkRef(l));
            }
            s.cyclicComponents = comps;
            s.cycles = std::move(cycles);
            s.lost = std::move(lost);
            std::lock_guard lock(mtx);
            if (s.lost.switchPairs)
                rep.withLostFlows += weight;
            // The first maxReported failure sets in link order are kept, whatever order the threads
            // finish in (the list is trimmed when it reaches twice that size).
            auto keep = [this](std::vector<FailureScenario>& list, FailureScenario sc) {
                const std::size_t limit = sz(std::max(0, fo.maxReported));
                list.push_back(std::move(sc));
                if (list.size() >= 2 * limit + 1)
                    trim(list, limit);
            };
            if (comps) {
                rep.withCycles += weight;
                keep(rep.cyclic, std::move(s));
            } else if (s.lost.switchPairs)
                keep(rep.lossy, std::move(s));
        }

    public:
        static void trim(std::vector<FailureScenario>& list, std::size_t limit)
        {
            auto byLinks = [](const FailureScenario& a, const FailureScenario& b) { return a.links < b.links; };
            if (list.size() > limit) {
                std::nth_element(list.begin(), list.begin() + static_cast<std::ptrdiff_t>(limit), list.end(), byLinks);
                list.resize(limit);
            }
            std::sort(list.begin(), list.end(), byLinks);
        }

    private:

        /// The exact analysis of one failure set (and its explanation when asked).
        FailureOutcome runFull(const std::vector<int>& links, std::size_t weight)
        {

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
            const std::size_t comps = r.cyclicComponents;
            record(links, weight, comps, std::move(r.cycles), lostFlows(t, lostPairs, opt.maxFlowExamples));
            return { links, weight, FailureStage::Exact, 0, comps };
        }

        /// Incremental: only destinations whose distances change are recomputed; the scenario graph is a
        /// subgraph of baseline ∪ new dependencies, analysed exactly only when that superset has a cycle.
        FailureOutcome runIncremental(const std::vector<int>& links, std::size_t weight)
        {
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
            std::size_t rerouted = 0;
            FailureStage stage = FailureStage::Exact;
            if (!needFull) {
                if (!effects.empty() && links.size() == 2 && independentPair(ctx, links, newEdges, lostPairs, &rerouted))
                    ++independent;
                else if (!effects.empty() && links.size() == 1) {
                    const auto& e = effect(links[0]);
                    newEdges = e.newEdges;
                    lostPairs = e.lostPairs;
                    rerouted = e.dests.size();
                } else {
                    std::vector<int> changed;
                    newDependencies(ctx, links, newEdges, lostPairs, &changed);
                    rerouted = changed.size();
                }
                const bool backward = std::any_of(newEdges.begin(), newEdges.end(),
                    [&](const auto& e) { return base.order[sz(e.second)] <= base.order[sz(e.first)]; });
                needFull = supersetHasCycle(newEdges);
                stage = needFull ? FailureStage::Exact
                    : newEdges.empty() ? (rerouted ? FailureStage::NoNewDependency : FailureStage::NoReroute)
                    : backward         ? FailureStage::SupersetAcyclic
                                       : FailureStage::ForwardOnly;
            }
            if (needFull) {
                auto o = runFull(links, weight);
                o.recomputedDestinations = rerouted;
                return o;
            }
            std::sort(lostPairs.begin(), lostPairs.end());
            record(links, weight, 0, {}, lostFlows(t, lostPairs, opt.maxFlowExamples));
            return { links, weight, stage, rerouted, 0 };
        }

        /// What one failed link does on its own (for pairs): the destinations whose distances change,
        /// the links their new forwarding trees use, the new dependencies and the lost pairs.
        struct SingleEffect {
            bool orientationChanged = false;
            std::vector<int> dests; ///< sorted
            std::vector<std::uint64_t> treeLinks; ///< bit per link
            std::vector<std::pair<int, int>> newEdges, lostPairs;
            [[nodiscard]] bool uses(int l) const { return (treeLinks[sz(l) >> 6] >> (l & 63)) & 1; }
        };

        const SingleEffect& effect(int l)
        {
            std::call_once(effectOnce[sz(l)], [&] {
                SingleEffect& e = effects[sz(l)];
                RoutingContext ctx;
                ctx.topo = &t;
                ctx.model = opt.routing;
                ctx.down.assign(sz(t.linkCount), 0);
                ctx.down[sz(l)] = 1;
                ctx.anyDown = true;
                ctx.statics = opt.statics;
                if (ctx.isUpDown()) {
                    ctx.orientation = computeOrientation(t, ctx.down);
                    e.orientationChanged = ctx.orientation.up != base.orientation.up;
                }
                e.treeLinks.assign((sz(t.linkCount) + 63) / 64, 0);
                if (!e.orientationChanged)
                    newDependencies(ctx, { l }, e.newEdges, e.lostPairs, &e.dests, &e.treeLinks);
                std::sort(e.lostPairs.begin(), e.lostPairs.end());
            });
            return effects[sz(l)];
        }

        /// A pair of failures {a, b} is independent when, for every destination, at most one of them
        /// changes its forwarding tree and the other is not in that new tree: then each destination's
        /// tree under {a, b} is its tree under {a} or under {b} (or the healthy one, minus a non-unique
        /// ECMP member), so the pair's new dependencies and lost flows are the union of the singles'.
        /// (Their new dependencies can still close a cycle together, as in Hu et al.'s two-failure
        /// case, so the caller still runs the cycle check on the union.)
        bool independentPair(const RoutingContext& ctx, const std::vector<int>& links, std::vector<std::pair<int, int>>& newEdges,
            std::vector<std::pair<int, int>>& lostPairs, std::size_t* rerouted)
        {
            const int a = links[0], b = links[1];
            const SingleEffect& ea = effect(a);
            const SingleEffect& eb = effect(b);
            if (ea.orientationChanged || eb.orientationChanged || ea.uses(b) || eb.uses(a))
                return false;
            std::vector<int> both;
            std::set_intersection(ea.dests.begin(), ea.dests.end(), eb.dests.begin(), eb.dests.end(), std::back_inserter(both));
            if (!both.empty())
                return false;
            for (int di = 0; di < D; ++di)
                if (!std::binary_search(ea.dests.begin(), ea.dests.end(), di) && !std::binary_search(eb.dests.begin(), eb.dests.end(), di)
                    && distancesChange(ctx, base, di, links))
                    return false; // a joint change (both were ECMP members of one switch's next hops)
            *rerouted = ea.dests.size() + eb.dests.size();
            std::set_union(ea.newEdges.begin(), ea.newEdges.end(), eb.newEdges.begin(), eb.newEdges.end(), std::back_inserter(newEdges));
            std::set_union(ea.lostPairs.begin(), ea.lostPairs.end(), eb.lostPairs.begin(), eb.lostPairs.end(), std::back_inserter(lostPairs));
            return true;
        }

        /// Dependencies not in the baseline made by the destinations whose routes the failure changes
        /// (sorted, unique), and the (source, destination) edge pairs that lost their path.
        void newDependencies(const RoutingContext& ctx, const std::vector<int>& links, std::vector<std::pair<int, int>>& newEdges,
            std::vector<std::pair<int, int>>& lostPairs, std::vector<int>* changedDests = nullptr, std::vector<std::uint64_t>* treeLinks = nullptr)
        {
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
                if (changedDests)
                    changedDests->push_back(di);
                const int T = t.edgeSwitches[sz(di)];
                // dependencies of T: every used channel into a switch, times that switch's next hops
                if (++sw.stamp == 0) {
                    std::fill(sw.mark.begin(), sw.mark.end(), 0);
                    sw.stamp = 1;
                }
                sw.used.clear();
                auto use = [&](int o, bool, int u) {
                    if (treeLinks)
                        (*treeLinks)[sz(t.chLink[sz(o)]) >> 6] |= std::uint64_t { 1 } << (t.chLink[sz(o)] & 63);
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
        }

        /// Scenario graph ⊆ baseline ∪ new edges. Backward edges (against the baseline order) are the only
        /// way to close a cycle: look for one in the part reachable from their heads.
        bool supersetHasCycle(const std::vector<std::pair<int, int>>& newEdges) const
        {

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
                return !acyclicCsr(st, ad);
            }
            return false;
        }

        const Topology& t;
        const std::vector<ClassMask>& classes;
        const DeadlockOptions& opt;
        const FailureOptions& fo;
        Feedback* fb;
        FailureReport& rep;
        const int D;
        const RoutingContext hctx;
        DeadlockOptions sub;
        Baseline base;
        std::mutex mtx;
        std::atomic<std::size_t> recomputed { 0 }, full { 0 }, independent { 0 };
        std::vector<SingleEffect> effects; ///< per link, for pairs (computed once, on first use)
        std::unique_ptr<std::once_flag[]> effectOnce;
        tbb::enumerable_thread_specific<ScenarioWork> scenarioWork;
    };

} // namespace

const char* toString(FailureStage s)
{
    switch (s) {
    case FailureStage::NoReroute:
        return "no-reroute";
    case FailureStage::NoNewDependency:
        return "no-new-dependency";
    case FailureStage::ForwardOnly:
        return "forward-only";
    case FailureStage::SupersetAcyclic:
        return "superset-acyclic";
    case FailureStage::Exact:
        return "exact";
    }
    return "exact";
}

FailureReport analyseFailures(const Topology& t, const std::vector<ClassMask>& classes, const DeadlockOptions& opt,
    const FailureOptions& fo, Feedback* fb)
{
    const auto t0 = Clock::now();
    FailureReport rep;
    rep.maxFailures = fo.maxFailures;
    rep.seed = fo.seed;
    rep.incremental = fo.incremental;
    rep.exhaustive = !fo.symmetry && !fo.prune;
    const auto scenarios = fo.certify ? orbitScenarios(t, classes, opt, fo, rep, fb) : enumerateScenarios(t, classes, opt, fo, rep);
    rep.scenariosRun = scenarios.size();
    FailureSweep sweep(t, classes, opt, fo, fb, rep);
    sweep.buildBaseline();
    sweep.run(scenarios);
    FailureSweep::trim(rep.cyclic, sz(std::max(0, fo.maxReported)));
    FailureSweep::trim(rep.lossy, sz(std::max(0, fo.maxReported)));
    rep.seconds = since(t0);
    return rep;
}

} // namespace lfp
