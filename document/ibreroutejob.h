// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file ibreroutejob.h
/// The InfiniBand re-route sweep (`lfp deadlock IBNETDISCOVER --reroute ENGINES --failures K`,
/// docs/deadlock.md "Re-routing with OpenSM"): for each OpenSM routing engine and each set of up to K
/// failed switch-to-switch links, the subnet without those links is simulated by ibsim, OpenSM routes
/// it once, and its dumps go through the same readers (importers/ibdump.h) and credit-loop analysis
/// (planner/routing/deadlockjob.h runLftDeadlockJob) as `lfp deadlock --lft`. Qt Core (QProcess);
/// the pure half (failure sets, net file, tally) is planner/routing/ibreroute.h.

#include "planner/routing/ibreroute.h"

#include "model/feedback.h"

#include <cstdint>
#include <string>
#include <vector>

namespace lfp {

/// The programs the sweep runs, found on PATH and in /usr/sbin, /sbin (where Debian puts opensm,
/// ibnetdiscover and saquery), and the umad2sim preload library.
struct IbRerouteTools {
    std::string ibsim, opensm, ibnetdiscover, saquery, umad2sim;
    std::vector<std::string> missingPackages; ///< Debian packages to install, each once
    [[nodiscard]] bool ok() const { return missingPackages.empty(); }
};
IbRerouteTools findIbRerouteTools();

struct IbRerouteJob {
    std::string topology; ///< ibnetdiscover output
    std::vector<std::string> engines; ///< OpenSM -R values, each swept on its own
    int failures = 1; ///< K: sets of 1..K failed switch-to-switch links
    std::size_t sample = 0; ///< >0: a seeded sample of this many sets (planner/routing/ibreroute.h)
    std::uint64_t seed = 1;
    int timeoutMs = 30000; ///< per state: ibsim ready, OpenSM's SUBNET UP, each diagnostic
    std::string keepDir; ///< when set: each state's files are kept in keepDir/<engine>/<set index>/
};

struct IbRerouteReport {
    int failures = 0;
    std::vector<IbSwitchLink> links; ///< the switch-to-switch links of the topology
    std::vector<std::vector<int>> sets; ///< the failure sets analysed (indices into links)
    std::size_t setsTotal = 0; ///< Σ C(links, i), i = 1..K
    bool sampled = false;
    std::uint64_t seed = 1;
    std::size_t caPairs = 0; ///< ordered CA pairs of the healthy topology
    std::vector<IbRerouteState> states; ///< engine-major: engines × sets
    std::vector<IbRerouteEngine> engines;
    double seconds = 0;
};

/// Runs the sweep. Throws InputError for an unreadable topology and Cancelled through @p fb (after
/// stopping the state's processes). A state whose OpenSM does not come up is counted as an error.
IbRerouteReport runIbRerouteJob(const IbRerouteJob& job, const IbRerouteTools& tools, Feedback* fb = nullptr);

} // namespace lfp
