// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// `lfp deadlock IBNETDISCOVER --reroute ENGINES --failures K`: the OpenSM re-route sweep
// (document/ibreroutejob.h; docs/deadlock.md "Re-routing with OpenSM").
#include "model/feedback.h"

#include <cstdint>
#include <string>
#include <vector>

namespace lfp::cli {

struct RerouteOpts {
    std::string topology; ///< ibnetdiscover output
    std::string engines; ///< comma list, or "dumps"
    std::vector<std::string> osmLogs; ///< --osm-log: OpenSM logs that name the engines (for "dumps")
    std::string keepDir; ///< --reroute-keep DIR: keep each state's files
    int failures = 1;
    std::size_t sample = 0;
    std::uint64_t seed = 1;
    bool json = false;
};

/// The engines of @p o: the comma list, or for "dumps" those OpenSM names in the logs given with
/// --osm-log, else in the *.log files next to the topology and one or two folders below it.
/// Throws InputError when none is named or an engine is unknown to OpenSM.
std::vector<std::string> rerouteEngines(const RerouteOpts& o);

/// Runs the sweep and prints it; returns the exit status: 0 every state loop-free with every path,
/// 1 a credit loop, missing paths or a state OpenSM could not route, 2 (with the Debian packages
/// to install on stderr) when ibsim, umad2sim, OpenSM or infiniband-diags is missing.
int runReroute(const RerouteOpts& o, Feedback& fb);

} // namespace lfp::cli
