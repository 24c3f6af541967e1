// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file deadlockjob.h
/// The deadlock workflow that `lfp deadlock`, the GUI's deadlock view, the main window's Checks ▸ Run
/// Deadlock Analysis and the change review (exporters/review.h) share (one code path, shaped like
/// exporters/exportjob.h): one topology, the classes of lossless buffers, the healthy analysis, the
/// optional failure sweep on the same topology, the coverage, the findings and the verdict. The verdict
/// applies the coverage rule of deadlockcoverage.h everywhere: an analysis that covered nothing is
/// "nothing-covered" (an error), never "no cycle" (docs/deadlock.md, "What an analysis covers").
/// Reads no file: static routes and InfiniBand dumps are read by importers/ and passed in.

#include "planner/routing/certificate.h"
#include "planner/routing/certificatefix.h"
#include "planner/routing/configuredclasses.h"
#include "planner/routing/deadlock.h"
#include "planner/routing/deadlockcoverage.h"

#include "model/staticroutes.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lfp {

struct IbFabric;

/// What one deadlock analysis is asked to do (the options of `lfp deadlock`).
struct DeadlockJob {
    RoutingModel routing = RoutingModel::Ecmp; ///< Ecmp, UpDown or Static (Lft: runLftDeadlockJob)
    std::vector<StaticRoute> routes; ///< --routing static: the routes as read (importers/staticroutes.h)
    std::optional<int> priority; ///< only this lossless priority (--priority)
    int failures = 0; ///< 0: healthy fabric only; 1: every single switch-link failure; 2: and every pair
    std::size_t sample = 0; ///< >0: analyse a random sample of this many failure sets (--sample)
    std::uint64_t seed = 1; ///< of the sample draw (--seed)
    bool exhaustive = false; ///< every failure set: no symmetry classes, no pruning (--exhaustive)
    bool fixes = true; ///< compute and check fix candidates (--no-fixes: false)
    bool explainFailures = true; ///< cycles of failure sets with flows and fixes (slower)
    int certify = 0; ///< 1..3: the certificate for every set of up to this many failed links (--certify K)
    /// What a certificate fails (--failure-model): "links" (any 1..K switch links) or "switches" (any
    /// 1..K switches with all their links, certifySwitchFailures).
    std::string failureModel = "links";
    /// The ASIC profiles for the buffer cost of a certificate's fix (null: not checked, stated).
    const AsicCatalog* catalog = nullptr;
};

/// The healthy fabric's verdict, with the coverage rule applied.
enum class DeadlockState {
    NothingCovered, ///< no destination routed: no verdict (LFP-DEADLOCK-NOTHING-COVERED, an error)
    NoLosslessBuffer, ///< switch-to-switch buffers exist but none is lossless (a warning): no PFC deadlock, no lossless traffic
    NoCycle, ///< covered, and no cyclic buffer dependency under this routing model
    Cycle, ///< a cyclic buffer dependency: deadlock risk
};
/// "nothing-covered", "no-lossless-buffer", "no-cycle", "cycle".
[[nodiscard]] const char* toString(DeadlockState s);

struct DeadlockOutcome {
    DeadlockReport report; ///< the healthy fabric (notes: the class notes first, then the analysis')
    std::optional<FailureReport> failures; ///< when the job asked for a sweep
    std::optional<DeadlockCertificate> certificate; ///< when the job asked for one (certificate.h)
    std::optional<CertificateFix> certificateFix; ///< a failing certificate's fix, when fixes are asked for (certificatefix.h)
    /// Switch ports that re-tag lossless traffic hop by hop (configuredclasses.h); when any do, the
    /// healthy verdict, the failure sweep's cyclic sets and the certificate are decided by the walk of
    /// the configured classes (the per-class graph over-approximates such a fabric), in @c configured.
    RetagSummary retag;
    std::optional<ConfiguredWalk> configured; ///< the healthy fabric's walk, when retag.any()
    DeadlockCoverage coverage;
    std::vector<Finding> findings; ///< coverage findings first, then deadlockFindings()
    DeadlockState state = DeadlockState::NothingCovered;
    [[nodiscard]] bool failureCycle() const { return failures && failures->withCycles > 0; }
    /// InfiniBand LFTs: CA pairs without a route.
    [[nodiscard]] bool missingRoutes() const { return report.routing == RoutingModel::Lft && report.unreachable.switchPairs > 0; }
    /// The `lfp deadlock` exit-status rule: a cycle (healthy or under failure), missing LFT routes, or
    /// nothing covered, or a certificate that does not hold, is an error outcome (exit 1).
    [[nodiscard]] bool isError() const
    {
        return state == DeadlockState::Cycle || failureCycle() || missingRoutes() || state == DeadlockState::NothingCovered
            || (certificate && !certificate->holds);
    }
};

/// Runs @p job on @p fabric (Ethernet/RoCE routing models). Throws InputError for static routes that
/// do not fit the topology (at the route's line) and Cancelled through @p fb.
DeadlockOutcome runDeadlockJob(const DeadlockJob& job, const Fabric& fabric, Feedback* fb = nullptr);

/// Runs @p job on InfiniBand forwarding tables already read into @p ib (routing, routes and failures of
/// the job are ignored: an LFT dump is one routing). Throws Cancelled through @p fb.
DeadlockOutcome runLftDeadlockJob(const DeadlockJob& job, const IbFabric& ib, Feedback* fb = nullptr);

/// The verdict of a report with its coverage (the rule runDeadlockJob applies).
[[nodiscard]] DeadlockState deadlockState(const DeadlockReport& r, const DeadlockCoverage& c);

} // namespace lfp
