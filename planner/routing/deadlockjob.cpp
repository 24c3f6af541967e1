// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/routing/deadlockjob.h"

#include "planner/routing/ibcredit.h"
#include "planner/routing/routing.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>

namespace lfp {

const char* toString(DeadlockState s)
{
    switch (s) {
    case DeadlockState::NothingCovered:
        return "nothing-covered";
    case DeadlockState::NoLosslessBuffer:
        return "no-lossless-buffer";
    case DeadlockState::NoCycle:
        return "no-cycle";
    case DeadlockState::Cycle:
        return "cycle";
    }
    return "nothing-covered";
}

DeadlockState deadlockState(const DeadlockReport& r, const DeadlockCoverage& c)
{
    // The coverage rule (deadlockcoverage.h): nothing routed is no verdict, whatever the graph says.
    if (c.empty())
        return DeadlockState::NothingCovered;
    if (r.hasCycle())
        return DeadlockState::Cycle;
    if (c.switchBuffers > 0 && c.losslessBuffers == 0)
        return DeadlockState::NoLosslessBuffer;
    return DeadlockState::NoCycle;
}

namespace {

    DeadlockOptions analysisOptions(const DeadlockJob& job)
    {
        DeadlockOptions opt;
        opt.priority = job.priority;
        opt.fixes = job.fixes;
        return opt;
    }

    /// Coverage findings first, then the report's (the order of `lfp deadlock --json`).
    void finish(DeadlockOutcome& out)
    {
        out.findings = coverageFindings(out.coverage, out.report.routing);
        auto more = deadlockFindings(out.report, out.failures ? &*out.failures : nullptr);
        out.findings.insert(out.findings.end(), more.begin(), more.end());
        out.state = deadlockState(out.report, out.coverage);
    }

    LinkMask linksDown(const Topology& t, const std::vector<int>& links)
    {
        LinkMask down(static_cast<std::size_t>(t.linkCount), 0);
        for (int l : links)
            down[static_cast<std::size_t>(l)] = 1;
        return down;
    }

    /// The failure sweep's listed cyclic sets, re-decided by the walk of the configured classes.
    void redecideSweep(FailureReport& f, const Fabric& fabric, const Topology& t, const DeadlockOptions& opt, Feedback* fb)
    {
        std::vector<std::vector<int>> sets;
        for (const auto& sc : f.cyclic)
            sets.push_back(sc.links);
        const ConfiguredSetsWalk sw = walkConfiguredSets(fabric, t, opt.routing, opt.statics, sets, false, kConfiguredWalkBudget, fb);
        const std::set<std::size_t> cyclic(sw.cyclic.begin(), sw.cyclic.end());
        std::size_t listed = 0, cleared = 0;
        std::vector<FailureScenario> kept;
        for (std::size_t i = 0; i < f.cyclic.size(); ++i) {
            FailureScenario& sc = f.cyclic[i];
            listed += sc.represents;
            if (i >= sw.walked || cyclic.count(i)) { // not walked (budget) or cyclic as configured: kept
                kept.push_back(std::move(sc));
                continue;
            }
            cleared += sc.represents;
            sc.cyclicComponents = 0;
            sc.cycles.clear();
            if (sc.lost.switchPairs)
                f.lossy.push_back(std::move(sc));
        }
        f.cyclic = std::move(kept);
        f.withCycles -= std::min(f.withCycles, cleared);
        f.notes.push_back(fmt::format("the fabric re-tags lossless traffic: {} of the {} listed cyclic failure set(s) have no cycle in the "
                                      "configured classes{}{}",
            cleared, listed, sw.complete ? "" : fmt::format(" ({} of {} listed walked: the walk budget; the rest keep the per-class verdict)", sw.walked, sets.size()),
            listed < f.withCycles + cleared ? "; sets beyond the listed were not re-walked (the count is an upper bound)" : ""));
    }

    /// The certificate's orbit representatives, re-decided by the walk of the configured classes.
    void redecideCertificate(DeadlockCertificate& c, const Fabric& fabric, const Topology& t, const DeadlockOptions& opt, Feedback* fb)
    {
        auto walk = [&](const std::vector<int>& links) {
            return walkConfiguredClasses(fabric, t, makeRoutingContext(t, opt.routing, linksDown(t, links), opt.statics), fb);
        };
        const ConfiguredSetsWalk sw = walkConfiguredSets(fabric, t, opt.routing, opt.statics, c.representatives, false, kConfiguredWalkBudget, fb);
        if (!sw.complete) {
            c.notes.push_back(fmt::format("the fabric re-tags lossless traffic: the {} orbit representatives are too many to walk the configured "
                                          "classes ({} walked within the budget of {} edge switch × channel units); the per-class verdict stands "
                                          "(an over-approximation)",
                c.representatives.size(), sw.walked, kConfiguredWalkBudget));
            return;
        }
        std::set<std::vector<int>> cyclicSets;
        for (std::size_t i : sw.cyclic)
            cyclicSets.insert(c.representatives[i]);
        std::erase_if(c.failing, [&](const CertificateFailure& f) {
            if (f.links.empty())
                return false;
            std::vector<int> key = f.links;
            std::sort(key.begin(), key.end());
            if (cyclicSets.count(key) || cyclicSets.count(f.links))
                return false;
            return !walk(f.links).cyclic;
        });
        if (sw.cyclic.empty()) {
            c.holds = true;
            c.failingSets = c.failingOrbits = 0;
            c.smallestFailing = 0;
            c.failing.clear();
            c.notes.push_back(fmt::format("the fabric re-tags lossless traffic: decided by the walk of the configured classes on every orbit "
                                          "representative ({}): none has a cycle",
                c.representatives.size()));
        } else {
            c.failingOrbits = sw.cyclic.size();
            c.notes.push_back(fmt::format("the fabric re-tags lossless traffic: {} of the {} orbit representatives have a cycle in the configured "
                                          "classes; failing_sets counts the per-class analysis' sets (an upper bound)",
                sw.cyclic.size(), c.representatives.size()));
        }
    }

    /// A fabric whose switch ports re-tag lossless traffic (configuredclasses.h): the per-class graph is a
    /// superset of the configured one, so its verdicts are re-decided by the walk of the configured
    /// classes — the healthy fabric, every cyclic set the sweep lists, every orbit representative of the
    /// certificate (docs/deadlock.md, "Fabrics that re-tag lossless traffic").
    void decideByConfiguredClasses(DeadlockOutcome& out, const Fabric& fabric, const Topology& t, const DeadlockOptions& opt, Feedback* fb)
    {
        auto walk = [&](const std::vector<int>& links) {
            return walkConfiguredClasses(fabric, t, makeRoutingContext(t, opt.routing, linksDown(t, links), opt.statics), fb);
        };
        if (configuredWalkCost(t) > kConfiguredWalkBudget) {
            out.report.notes.push_back(fmt::format("{} switch port(s) re-tag lossless traffic hop by hop (polic{} {}): the per-class graph "
                                                   "over-approximates such a fabric, and the fabric is too large to walk its configured classes "
                                                   "({} edge switch × channel units, budget {}): the per-class verdicts stand, and may show cycles "
                                                   "the re-tagging removes",
                out.retag.ports, out.retag.policies.size() == 1 ? "y" : "ies", fmt::join(out.retag.policies, ", "), configuredWalkCost(t),
                kConfiguredWalkBudget));
            return;
        }
        out.configured = walk({});
        const ConfiguredWalk& w = *out.configured;
        auto& notes = out.report.notes;
        notes.push_back(fmt::format("{} switch port(s) re-tag lossless traffic hop by hop (polic{} {}): the per-class graph assumes a packet keeps "
                                    "its priority, so the verdicts are decided by the walk of the configured classes (each packet's DSCP followed "
                                    "through every port's class, PG, queue and remark; {} {}): {} dependencies, {}",
            out.retag.ports, out.retag.policies.size() == 1 ? "y" : "ies", fmt::join(out.retag.policies, ", "),
            w.injectedFromHosts ? "hosts send DSCP" : "no host states its DSCP: every DSCP a switch admits lossless, from every edge switch:",
            fmt::join(w.injected, ","),
            w.dependencies, w.cyclic ? fmt::format("a cycle of {} buffers", w.cycle.size()) : std::string("no cycle")));
        if (w.unpausedHops > 0)
            notes.push_back(fmt::format("{} hop(s) send a lossless packet from a queue that the next switch's buffer does not pause (its "
                                        "PFC priority differs): that buffer can overflow",
                w.unpausedHops));
        if (w.cyclic) {
            notes.push_back(fmt::format("configured cycle: {}", fmt::join(w.cycleText, " → ")));
        } else if (out.report.hasCycle()) {
            notes.push_back(fmt::format("the per-class graph has {} cyclic component(s) that the configured classes keep apart: not reported as cycles",
                out.report.cyclicComponents));
            out.report.cycles.clear();
            out.report.cyclicComponents = 0;
        }
        if (out.failures && !out.failures->cyclic.empty())
            redecideSweep(*out.failures, fabric, t, opt, fb);
        if (out.certificate && !out.certificate->holds && !out.certificate->healthyCycle)
            redecideCertificate(*out.certificate, fabric, t, opt, fb);
    }

} // namespace

DeadlockOutcome runDeadlockJob(const DeadlockJob& job, const Fabric& fabric, Feedback* fb)
{
    DeadlockOptions opt = analysisOptions(job);
    opt.routing = job.routing == RoutingModel::Lft ? RoutingModel::Ecmp : job.routing;
    // One topology for the healthy analysis and the sweep (planner/routing/routing.h).
    const Topology t = buildTopology(fabric);
    StaticTable statics;
    if (opt.routing == RoutingModel::Static) {
        checkStaticRoutes(job.routes, t);
        statics = resolveStaticRoutes(t, job.routes);
        opt.statics = &statics;
    }
    std::vector<std::string> notes;
    const auto classes = classMasks(fabric, t, job.priority, &notes);
    DeadlockOutcome out;
    out.report = analyseTopology(t, classes, LinkMask(static_cast<std::size_t>(t.linkCount), 0), opt, fb);
    out.report.notes.insert(out.report.notes.begin(), notes.begin(), notes.end());
    out.coverage = deadlockCoverage(t, classes, out.report);
    if (job.failures > 0) {
        FailureOptions fo;
        fo.maxFailures = job.failures;
        fo.sampleLimit = job.sample;
        fo.seed = job.seed;
        fo.explain = job.explainFailures;
        fo.symmetry = !job.exhaustive;
        fo.prune = !job.exhaustive;
        out.failures = analyseFailures(t, classes, opt, fo, fb);
    }
    if (job.certify > 0)
        out.certificate = job.failureModel == "switches" ? certifySwitchFailures(t, classes, opt, job.certify, out.report, fb, !job.exhaustive)
                                                         : certifyDeadlock(t, classes, opt, job.certify, out.report, fb, !job.exhaustive);
    out.retag = retaggingPorts(fabric, t);
    if (out.retag.any())
        decideByConfiguredClasses(out, fabric, t, opt, fb);
    if (out.certificate && job.fixes && !out.certificate->holds && !out.certificate->healthyCycle)
        out.certificateFix = chooseCertificateFix(fabric, t, classes, opt, *out.certificate, job.catalog, fb);
    finish(out);
    return out;
}

DeadlockOutcome runLftDeadlockJob(const DeadlockJob& job, const IbFabric& ib, Feedback* fb)
{
    DeadlockOutcome out;
    out.report = analyseLft(ib, analysisOptions(job), fb);
    out.coverage = lftCoverage(ib, out.report);
    finish(out);
    return out;
}

} // namespace lfp
