// SPDX-License-Identifier: GPL-3.0-or-later
// The certificate for up to K failed switches (certificate.h certifySwitchFailures; docs/deadlock.md
// "Certificate", failure model `switches`).
#include "planner/routing/certificate.h"

#include "planner/routing/deadlockcoverage.h"
#include "planner/routing/failuresymmetry.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <deque>
#include <stdexcept>

namespace lfp {
namespace {
    inline std::size_t sz(int i) { return static_cast<std::size_t>(i); }

    /// Sets of 1..k switches larger than this are refused (each one is analysed or mapped once).
    constexpr std::size_t kMaxSwitchSets = 20'000'000;

    /// C(n, r) for r ≤ 3, saturating.
    std::size_t choose(std::size_t n, int r)
    {
        std::size_t c = 1;
        for (int i = 0; i < r; ++i) {
            if (n < sz(i) + 1)
                return 0;
            c = c * (n - sz(i)) / sz(i + 1);
        }
        return c;
    }

    /// The rank of a sorted set of switch positions (0..S−1) among the sets of its size (combinatorial
    /// number system, colex order: Σ C(c_i, i+1)).
    std::size_t rankOf(const std::vector<int>& pos)
    {
        std::size_t r = 0;
        for (std::size_t i = 0; i < pos.size(); ++i)
            r += choose(sz(pos[i]), static_cast<int>(i + 1));
        return r;
    }

    /// The set of @p m positions with colex rank @p r (inverse of rankOf).
    std::vector<int> unrank(std::size_t r, int m)
    {
        std::vector<int> pos(sz(m));
        for (int i = m; i >= 1; --i) {
            int c = i - 1;
            while (choose(sz(c + 1), i) <= r)
                ++c;
            pos[sz(i - 1)] = c;
            r -= choose(sz(c), i);
        }
        return pos;
    }

    /// One generator of the link group as a permutation of switch positions: σ(s) is the switch every
    /// image of s's switch links shares; checked to be a bijection that maps every switch link (a, b) onto
    /// a link joining σ(a) and σ(b) and keeps tier and host count. Empty when it cannot be derived.
    std::vector<int> switchPermutation(const Topology& t, const std::vector<int>& switches, const std::vector<int>& posOf, const std::vector<int>& g)
    {
        std::vector<int> sigma(switches.size(), -1);
        for (std::size_t i = 0; i < switches.size(); ++i) {
            const int s = switches[i];
            std::vector<int> common;
            bool first = true;
            for (int c : t.out[sz(s)]) {
                const int l = t.chLink[sz(c)];
                if (l < 0 || !t.isSwitchLink(l))
                    continue;
                const int img = g[sz(l)];
                std::vector<int> ends { t.chFrom[sz(2 * img)], t.chTo[sz(2 * img)] };
                std::sort(ends.begin(), ends.end());
                if (first)
                    common = ends;
                else {
                    std::vector<int> keep;
                    std::set_intersection(common.begin(), common.end(), ends.begin(), ends.end(), std::back_inserter(keep));
                    common = keep;
                }
                first = false;
            }
            if (first)
                sigma[i] = static_cast<int>(i); // no switch link: fixed (an isolated vertex of the switch graph)
            else if (common.size() == 1 && posOf[sz(common[0])] >= 0)
                sigma[i] = posOf[sz(common[0])];
            else
                return {}; // parallel links only, or no shared end: not derived
        }
        std::vector<char> hit(switches.size(), 0);
        for (std::size_t i = 0; i < switches.size(); ++i) {
            const int a = switches[i], b = switches[sz(sigma[i])];
            if (hit[sz(sigma[i])]++ || t.nodes[sz(a)].tier != t.nodes[sz(b)].tier || t.hostCount[sz(a)] != t.hostCount[sz(b)])
                return {};
        }
        for (int l = 0; l < t.linkCount; ++l) {
            if (!t.isSwitchLink(l))
                continue;
            const int a = posOf[sz(t.chFrom[sz(2 * l)])], b = posOf[sz(t.chTo[sz(2 * l)])];
            const int img = g[sz(l)];
            const int ia = posOf[sz(t.chFrom[sz(2 * img)])], ib = posOf[sz(t.chTo[sz(2 * img)])];
            if (!((sigma[sz(a)] == ia && sigma[sz(b)] == ib) || (sigma[sz(a)] == ib && sigma[sz(b)] == ia)))
                return {};
        }
        return sigma;
    }

    struct SwitchOrbits {
        bool applied = false;
        std::string reason;
        std::vector<std::vector<int>> reps; ///< switch positions, by size then rank
        std::vector<std::size_t> sizes; ///< sets in each orbit
        std::vector<std::vector<int>> orbitOf; ///< [m][rank] → index in reps
    };

    /// The orbits of every set of 1..k switches under the derived generators (a breadth-first closure
    /// of each set under them; every set is reached once, so the sizes add up to C(S, m) by construction).
    SwitchOrbits switchOrbits(std::size_t count, int k, const std::vector<std::vector<int>>& gens, Feedback* fb)
    {
        SwitchOrbits o;
        o.orbitOf.resize(sz(k + 1));
        for (int m = 1; m <= k; ++m) {
            const std::size_t total = choose(count, m);
            auto& of = o.orbitOf[sz(m)];
            of.assign(total, -1);
            for (std::size_t r = 0; r < total; ++r) {
                if (of[r] >= 0)
                    continue;
                checkCancelled(fb);
                const int idx = static_cast<int>(o.reps.size());
                o.reps.push_back(unrank(r, m));
                std::size_t members = 1;
                of[r] = idx;
                std::deque<std::vector<int>> todo { o.reps.back() };
                while (!todo.empty()) {
                    const std::vector<int> cur = std::move(todo.front());
                    todo.pop_front();
                    for (const auto& g : gens) {
                        std::vector<int> img;
                        for (int p : cur)
                            img.push_back(g[sz(p)]);
                        std::sort(img.begin(), img.end());
                        const std::size_t ir = rankOf(img);
                        if (of[ir] < 0) {
                            of[ir] = idx;
                            ++members;
                            todo.push_back(std::move(img));
                        }
                    }
                }
                o.sizes.push_back(members);
            }
        }
        return o;
    }

    /// The links a set of failed switches takes down: every link of each switch (switch and host links).
    LinkMask switchesDown(const Topology& t, const std::vector<int>& switches, const std::vector<int>& pos, std::vector<int>* links)
    {
        LinkMask down(sz(t.linkCount), 0);
        for (int p : pos)
            for (int c : t.out[sz(switches[sz(p)])])
                if (const int l = t.chLink[sz(c)]; l >= 0)
                    down[sz(l)] = 1;
        if (links)
            for (int l = 0; l < t.linkCount; ++l)
                if (down[sz(l)] && t.isSwitchLink(l))
                    links->push_back(l);
        return down;
    }

    std::vector<std::string> switchArgument(const DeadlockCertificate& c)
    {
        std::vector<std::string> a;
        a.push_back("G0, the healthy buffer dependency graph, is acyclic (else the certificate fails with the empty set); a scenario "
                    "deadlock-free means its graph G_F is acyclic (Dally & Seitz 1987; ECMP taken as the union of every equal-cost "
                    "choice, Duato 1993)");
        a.push_back("a failed switch takes down every one of its links (switch links and host links): its hosts leave the fabric "
                    "and it forwards nothing; the survivors re-converge on the remaining links");
        if (c.symmetry)
            a.push_back(fmt::format("symmetry: each generator of the fabric's verified link automorphism group (Traces) acts on the "
                                    "switches (a switch goes where the images of its links meet; checked to keep every link, tier "
                                    "and host count), so one representative per orbit of switch sets decides the orbit; {} orbits of "
                                    "{} sets, every set reached once by closing its orbit under the generators",
                c.orbits, c.setsTotal));
        else
            a.push_back(fmt::format("no symmetry used ({}): every one of the {} sets is analysed", c.symmetryNote, c.setsTotal));
        a.push_back("exact: every representative is routed and analysed in full; a cycle there is a failing set");
        return a;
    }

    /// The smallest failing sets (no proper non-empty subset fails), smallest first, up to 50.
    void fillSwitchFailing(DeadlockCertificate& c, const Topology& t, const std::vector<int>& switches, const SwitchOrbits& o,
        const std::vector<DeadlockReport>& reports)
    {
        auto fails = [&](const std::vector<int>& pos) { return reports[sz(o.orbitOf[pos.size()][rankOf(pos)])].hasCycle(); };
        for (std::size_t i = 0; i < o.reps.size() && c.failing.size() < 50; ++i) {
            if (!reports[i].hasCycle())
                continue;
            const auto& pos = o.reps[i];
            bool minimal = true;
            for (std::size_t mask = 1; mask + 1 < (std::size_t { 1 } << pos.size()) && minimal; ++mask) {
                std::vector<int> sub;
                for (std::size_t b = 0; b < pos.size(); ++b)
                    if (mask >> b & 1)
                        sub.push_back(pos[b]);
                minimal = !fails(sub);
            }
            if (!minimal)
                continue;
            CertificateFailure f;
            (void)switchesDown(t, switches, pos, &f.links);
            for (int l : f.links)
                f.linkNames.push_back(t.linkName(l));
            for (int p : pos)
                f.switches.push_back(t.nodes[sz(switches[sz(p)])].name);
            f.represents = o.sizes[i];
            f.cyclicComponents = reports[i].cyclicComponents;
            f.cycles = reports[i].cycles;
            c.failing.push_back(std::move(f));
        }
        std::stable_sort(c.failing.begin(), c.failing.end(), [](const auto& a, const auto& b) { return a.switches.size() < b.switches.size(); });
    }

    /// Generators on switch positions (empty with a reason when the symmetry is not used).
    std::vector<std::vector<int>> switchGenerators(const Topology& t, const std::vector<ClassMask>& classes, const DeadlockOptions& opt,
        const std::vector<int>& switches, const std::vector<int>& posOf, DeadlockCertificate& c)
    {
        const LinkSymmetry s = computeLinkSymmetry(t, classes, opt.routing, opt.statics != nullptr, true);
        if (!s.applied) {
            c.symmetryNote = s.reason;
            return {};
        }
        std::vector<std::vector<int>> gens;
        for (const auto& g : s.perms) {
            auto sigma = switchPermutation(t, switches, posOf, g);
            if (sigma.empty()) {
                c.symmetryNote = "a generator has no action on the switches (a switch joined by parallel links only)";
                return {};
            }
            gens.push_back(std::move(sigma));
        }
        c.symmetry = true;
        c.symmetrySource = s.source + " (its generators acting on switches)";
        c.generators = s.generators;
        c.groupOrderLog10 = s.groupOrderLog10;
        c.stabilisers = 1;
        return gens;
    }
} // namespace

DeadlockCertificate certifySwitchFailures(const Topology& t, const std::vector<ClassMask>& classes, const DeadlockOptions& opt, int k,
    const DeadlockReport& healthy, Feedback* fb, bool useSymmetry)
{
    const auto t0 = std::chrono::steady_clock::now();
    DeadlockCertificate c;
    c.k = std::clamp(k, 1, 3);
    c.failureModel = "switches";
    c.routing = opt.routing;
    c.routingAssumption = routingAssumption(opt.routing);
    c.priorities = healthy.priorities;
    std::vector<int> switches, posOf(t.nodes.size(), -1);
    for (std::size_t n = 0; n < t.nodes.size(); ++n)
        if (t.nodes[n].isSwitch) {
            posOf[n] = static_cast<int>(switches.size());
            switches.push_back(static_cast<int>(n));
        }
    c.switchCount = switches.size();
    for (int l = 0; l < t.linkCount; ++l)
        c.switchLinks += t.isSwitchLink(l) ? 1 : 0;
    c.setsOfSize.assign(sz(c.k + 1), 0);
    c.orbitsOfSize.assign(sz(c.k + 1), 0);
    for (int m = 1; m <= c.k; ++m)
        c.setsTotal += c.setsOfSize[sz(m)] = choose(switches.size(), m);
    if (healthy.hasCycle()) {
        c.healthyCycle = true;
        c.failing.push_back({ {}, {}, 1, healthy.cyclicComponents, healthy.cycles, {} });
        c.notes.push_back("the healthy fabric already has a cyclic buffer dependency: no failure set was analysed");
        c.argument = { "G0, the healthy buffer dependency graph, has a cycle: the certificate fails with the empty failure set" };
        return c;
    }
    if (c.setsTotal > kMaxSwitchSets)
        throw std::length_error(fmt::format("{} sets of 1..{} switches: more than the {} the switch failure model analyses", c.setsTotal, c.k, kMaxSwitchSets));
    const auto ts = std::chrono::steady_clock::now();
    const auto gens = useSymmetry ? switchGenerators(t, classes, opt, switches, posOf, c) : std::vector<std::vector<int>> {};
    if (!useSymmetry)
        c.symmetryNote = "not asked for (--exhaustive)";
    const SwitchOrbits o = switchOrbits(switches.size(), c.k, gens, fb);
    c.symmetrySeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - ts).count();
    c.orbits = o.reps.size();
    c.setsAnalysed = o.reps.size();
    DeadlockOptions sub = opt;
    sub.fixes = false;
    sub.maxCycles = 1;
    std::vector<DeadlockReport> reports;
    c.stages = { { FailureStage::Exact, 0, 0 } };
    for (std::size_t i = 0; i < o.reps.size(); ++i) {
        checkCancelled(fb);
        if (fb)
            fb->setProgress(100.0 * static_cast<double>(i) / static_cast<double>(o.reps.size()));
        std::vector<int> links;
        reports.push_back(analyseTopology(t, classes, switchesDown(t, switches, o.reps[i], &links), sub));
        c.representatives.push_back(std::move(links));
        ++c.orbitsOfSize[o.reps[i].size()];
        c.stages[0].orbits += 1;
        c.stages[0].sets += o.sizes[i];
        if (reports.back().hasCycle()) {
            ++c.failingOrbits;
            c.failingSets += o.sizes[i];
        }
    }
    fillSwitchFailing(c, t, switches, o, reports);
    c.holds = c.failingSets == 0;
    if (!c.failing.empty())
        c.smallestFailing = static_cast<int>(c.failing.front().switches.size());
    c.argument = switchArgument(c);
    c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return c;
}

} // namespace lfp
