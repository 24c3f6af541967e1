// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file counters.h
/// Counters before and after a change (`lfp counters compare`, docs/counters.md): compares two
/// captures (model/countersnapshot.h; importers/counters.h reads them from the tools' outputs that
/// `lfp evidence` scripts save) and flags, per port and priority, against the plan: drops on a priority (queue) the plan keeps
/// lossless, PFC pause frames on a priority the plan keeps lossy, pause growth on a lossless
/// priority beyond a threshold, CNPs without ECN marks, a PFC watchdog that fired; counters that must
/// agree (watchdog drops and queue drops, CNPs and ECN marks, CNPs and the switch's CNP queue, the
/// switch's own lossless priorities and the plan's, VOQ credit-watchdog deletions); and the physical
/// layer first (FEC, pre-FEC BER against model/lanes.h preFecBerLimit, link errors, flaps), named in a
/// lossless drop on the same link. Ordinary drops on lossy priorities are expected and left alone. No Qt.

#include "planner/findings/findings.h"
#include "model/fabric.h"
#include "model/countersnapshot.h"

#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace lfp {

struct CounterCompareOptions {
    /// Pause frames (rx + tx) on one lossless priority of one port between the captures above which
    /// LFP-COUNTERS-PAUSE-GROWTH warns.
    double pauseThreshold = 10000;
};

/// One counter that changed.
struct CounterDelta {
    CounterKey key;
    double before = 0;
    double after = 0;
    bool lossless = false; ///< the plan keeps this priority / queue lossless
    std::string source;
};

struct CounterComparison {
    std::vector<CounterDelta> deltas; ///< counters whose value changed, in key order
    std::vector<Finding> findings; ///< LFP-COUNTERS-*, sorted (errors first)
    int devices = 0;
    int counters = 0; ///< counters present in both captures
    /// The runbook stage the counters show (docs/counters.md § Stages): "T1", "T2", "T3" or "none", and why.
    std::string stage;
    std::string stageReason;
    /// Ports (device:port) whose physical layer moved (FEC, BER, link errors, flaps): read them first.
    std::vector<std::string> physicalFirst;
};

/// Compares two captures against the plan @p fabric (the policy in force on each port).
CounterComparison compareCounters(const Fabric& fabric, const CounterSnapshot& before, const CounterSnapshot& after, const CounterCompareOptions& options = {});

} // namespace lfp
