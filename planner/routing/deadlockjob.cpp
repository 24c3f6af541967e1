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

    /// A fabric whose switch ports re-tag lossless traffic (configuredclasses.h): the per-class graph is a
    /// superset of the configured one, so its verdicts are re-decided by the walk of the configured
    /// classes — the healthy fabric, every cyclic set the sweep lists, every orbit representative of the
    /// certificate (docs/deadlock.md, "Fabrics that re-tag lossless traffic").
    void decideByConfiguredClasses(DeadlockOutcome& out, const Fabric& fabric, const Topology& t, const DeadlockOptions& opt, Feedback* fb)
    {
        auto walk = [&](const std::vector<int>& links) {
            return walkConfiguredClasses(fabric, t, makeRoutingContext(t, opt.routing, linksDown(t, links), opt.statics), fb);
        };
        out.configured = walk({});
        const ConfiguredWalk& w = *out.configured;
        auto& notes = out.report.notes;
        notes.push_back(fmt::format("{} switch port(s) re-tag lossless traffic hop by hop (polic{} {}): the per-class graph assumes a packet keeps "
                                    "its priority, so the verdicts are decided by the walk of the configured classes (each packet's DSCP followed "
                                    "through every port's class, PG, queue and remark; hosts send DSCP {}): {} dependencies, {}",
            out.retag.ports, out.retag.policies.size() == 1 ? "y" : "ies", fmt::join(out.retag.policies, ", "), fmt::join(w.injected, ","),
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
        if (out.failures && !out.failures->cyclic.empty()) {
            FailureReport& f = *out.failures;
            std::size_t listed = 0, cleared = 0;
            std::vector<FailureScenario> kept;
            for (auto& sc : f.cyclic) {
                listed += sc.represents;
                if (walk(sc.links).cyclic) {
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
                                          "configured classes{}",
                cleared, listed, listed < f.withCycles + cleared ? "; sets beyond the listed were not re-walked (the count is an upper bound)" : ""));
        }
        if (out.certificate && !out.certificate->holds && !out.certificate->healthyCycle) {
            DeadlockCertificate& c = *out.certificate;
            constexpr std::size_t kMaxWalks = 100000;
            if (c.representatives.size() > kMaxWalks) {
                c.notes.push_back(fmt::format("the fabric re-tags lossless traffic: the {} representatives are too many to walk the configured classes "
                                              "(at most {}); the per-class verdict stands (an over-approximation)",
                    c.representatives.size(), kMaxWalks));
                return;
            }
            std::size_t cyclicReps = 0;
            std::set<std::vector<int>> cyclicSets;
            for (const auto& rep : c.representatives)
                if (walk(rep).cyclic) {
                    ++cyclicReps;
                    cyclicSets.insert(rep);
                }
            std::erase_if(c.failing, [&](const CertificateFailure& f) { return !f.links.empty() && !walk(f.links).cyclic; });
            if (cyclicReps == 0) {
                c.holds = true;
                c.failingSets = c.failingOrbits = 0;
                c.smallestFailing = 0;
                c.failing.clear();
                c.notes.push_back(fmt::format("the fabric re-tags lossless traffic: decided by the walk of the configured classes on every orbit "
                                              "representative ({}): none has a cycle",
                    c.representatives.size()));
            } else {
                c.failingOrbits = cyclicReps;
                c.notes.push_back(fmt::format("the fabric re-tags lossless traffic: {} of the {} orbit representatives have a cycle in the configured "
                                              "classes; failing_sets counts the per-class analysis' sets (an upper bound)",
                    cyclicReps, c.representatives.size()));
            }
        }
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
