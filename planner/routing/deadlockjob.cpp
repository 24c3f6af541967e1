// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/routing/deadlockjob.h"

#include "planner/routing/ibcredit.h"
#include "planner/routing/routing.h"

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
    if (job.certify > 0) {
        out.certificate = job.failureModel == "switches" ? certifySwitchFailures(t, classes, opt, job.certify, out.report, fb, !job.exhaustive)
                                                         : certifyDeadlock(t, classes, opt, job.certify, out.report, fb, !job.exhaustive);
        if (job.fixes && !out.certificate->holds && !out.certificate->healthyCycle)
            out.certificateFix = chooseCertificateFix(fabric, t, classes, opt, *out.certificate, job.catalog, fb);
    }
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
