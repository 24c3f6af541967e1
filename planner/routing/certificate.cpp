// SPDX-License-Identifier: GPL-3.0-or-later
// The deadlock-freedom certificate for up to K failed links (certificate.h; docs/deadlock.md "Certificate").
#include "planner/routing/certificate.h"

#include "planner/routing/deadlockcoverage.h"
#include "planner/routing/failuresymmetry.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <map>

namespace lfp {
namespace {
    inline std::size_t sz(int i) { return static_cast<std::size_t>(i); }

    /// The statements of the argument, in the order the sweep applies them (docs/deadlock.md).
    std::vector<std::string> argumentText(const DeadlockCertificate& c)
    {
        std::vector<std::string> a;
        a.push_back("G0, the healthy buffer dependency graph, is acyclic (else the certificate fails with the empty set); "
                    "a scenario deadlock-free means its graph G_F is acyclic (Dally & Seitz 1987; ECMP taken as the union of "
                    "every equal-cost choice, Duato 1993)");
        if (c.symmetry)
            a.push_back(fmt::format("symmetry: an automorphism of the fabric (tiers, hosts per switch and lossless classes kept) maps "
                                    "the routing of F onto that of its image, so one representative per orbit decides the orbit; "
                                    "{} orbits of {} sets, from a stabiliser chain of {} verified Traces groups (orbit sizes add up "
                                    "to C(L, m) for every m, checked)",
                c.orbits, c.setsTotal, c.stabilisers));
        else
            a.push_back(fmt::format("no symmetry used ({}): every one of the {} sets is analysed", c.symmetryNote, c.setsTotal));
        a.push_back("no-reroute: when no destination's hop distances change, every forwarding tree under F is its healthy tree "
                    "minus next hops on failed links, so G_F ⊆ G0: these sets cannot create a new dependency");
        a.push_back("no-new-dependency: the destinations whose distances change are re-routed; when their new trees make only "
                    "turns G0 already has, G_F ⊆ G0 again");
        a.push_back("forward-only: G_F ⊆ G0 ∪ N (N = the re-routed trees' new dependencies); when every edge of N goes forward in "
                    "a topological order of G0, that order also orders G0 ∪ N: acyclic");
        a.push_back("superset-acyclic: a cycle of G0 ∪ N must use a backward edge of N and lies in the part reachable from its "
                    "head; none there has a cycle");
        if (c.k >= 2)
            a.push_back(fmt::format("independent pairs ({} representatives): when no destination is re-routed by both links, "
                                    "none jointly, and neither link is in the other's new trees (links in disjoint parts of the "
                                    "fabric), N = N_a ∪ N_b without re-routing the pair; the cycle check on G0 ∪ N_a ∪ N_b still "
                                    "runs, since two independent bounces can close a cycle (Hu et al. 2016)",
                c.independentPairs));
        a.push_back("exact: every other set is routed and analysed in full; a cycle there is a failing set");
        return a;
    }

    void fillFailing(DeadlockCertificate& c, const FailureReport& fr)
    {
        // outcome per orbit (the sweep keeps the orbits' order)
        std::map<std::vector<int>, std::size_t> byLinks;
        for (std::size_t i = 0; i < fr.outcomes.size(); ++i)
            byLinks[fr.outcomes[i].links] = i;
        auto fails = [&](const std::vector<int>& set) {
            if (fr.orbits && fr.orbits->chain) {
                const int oi = fr.orbits->orbitIndex(set);
                return oi >= 0 && fr.outcomes[sz(oi)].cyclicComponents > 0;
            }
            const auto it = byLinks.find(set);
            return it != byLinks.end() && fr.outcomes[it->second].cyclicComponents > 0;
        };
        for (const auto& s : fr.cyclic) {
            bool minimal = true;
            const std::size_t n = s.links.size();
            for (std::size_t mask = 1; mask + 1 < (std::size_t { 1 } << n) && minimal; ++mask) {
                std::vector<int> sub;
                for (std::size_t i = 0; i < n; ++i)
                    if (mask >> i & 1)
                        sub.push_back(s.links[i]);
                minimal = !fails(sub);
            }
            if (!minimal)
                continue;
            CertificateFailure f;
            f.links = s.links;
            f.linkNames = s.linkNames;
            f.represents = s.represents;
            f.cyclicComponents = s.cyclicComponents;
            f.cycles = s.cycles;
            c.failing.push_back(std::move(f));
        }
        std::stable_sort(c.failing.begin(), c.failing.end(),
            [](const CertificateFailure& a, const CertificateFailure& b) { return a.links.size() < b.links.size(); });
        if (c.failing.size() > 50)
            c.failing.resize(50);
    }
} // namespace

DeadlockCertificate certifyDeadlock(const Topology& t, const std::vector<ClassMask>& classes, const DeadlockOptions& opt, int k,
    const DeadlockReport& healthy, Feedback* fb, bool useSymmetry)
{
    const auto t0 = std::chrono::steady_clock::now();
    DeadlockCertificate c;
    c.k = std::clamp(k, 1, 3);
    c.routing = opt.routing;
    c.routingAssumption = routingAssumption(opt.routing);
    c.priorities = healthy.priorities;
    if (healthy.hasCycle()) { // fails with the empty set: no failure is needed
        c.healthyCycle = true;
        c.failing.push_back({ {}, {}, 1, healthy.cyclicComponents, healthy.cycles });
        c.notes.push_back("the healthy fabric already has a cyclic buffer dependency: no failure set was analysed");
        c.argument = { "G0, the healthy buffer dependency graph, has a cycle: the certificate fails with the empty failure set" };
        c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        return c;
    }
    FailureOptions fo;
    fo.maxFailures = c.k;
    fo.certify = true;
    fo.symmetry = useSymmetry;
    fo.explain = true;
    fo.maxReported = 1'000'000; // every failing representative (they are few: one per orbit)
    DeadlockOptions sub = opt;
    sub.fixes = false; // the certificate's fix is chosen over every failing set (certificatefix.h)
    sub.maxCycles = 1;
    const FailureReport fr = analyseFailures(t, classes, sub, fo, fb);
    c.switchLinks = fr.switchLinks;
    c.setsTotal = fr.scenariosTotal;
    c.setsAnalysed = fr.scenariosRun;
    c.orbits = fr.classes;
    if (fr.orbits) {
        c.setsOfSize = fr.orbits->setsOfSize;
        c.orbitsOfSize = fr.orbits->orbitsOfSize;
        c.stabilisers = fr.orbits->stabilisers;
    }
    c.symmetry = fr.symmetry;
    c.symmetrySource = fr.symmetrySource;
    c.symmetryNote = fr.symmetryNote;
    c.generators = fr.symmetryGenerators;
    c.groupOrderLog10 = fr.groupOrderLog10;
    c.symmetrySeconds = fr.symmetrySeconds;
    c.independentPairs = fr.independentPairs;
    for (FailureStage s : { FailureStage::NoReroute, FailureStage::NoNewDependency, FailureStage::ForwardOnly, FailureStage::SupersetAcyclic,
             FailureStage::Exact })
        c.stages.push_back({ s, 0, 0 });
    for (const auto& o : fr.outcomes) {
        c.representatives.push_back(o.links);
        auto& st = c.stages[static_cast<std::size_t>(o.stage)];
        ++st.orbits;
        st.sets += o.represents;
        if (o.cyclicComponents) {
            ++c.failingOrbits;
            c.failingSets += o.represents;
        }
    }
    c.notes = fr.notes;
    fillFailing(c, fr);
    c.holds = !c.healthyCycle && c.failingSets == 0;
    if (!c.failing.empty() && !c.healthyCycle)
        c.smallestFailing = static_cast<int>(c.failing.front().links.size());
    c.argument = argumentText(c);
    c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return c;
}

} // namespace lfp
