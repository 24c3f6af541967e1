// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file drift.h
/// Drift: the running configuration of switches (a fabric read from SONiC config_db.json by the sonic
/// importer) compared with the plan, port by port and class by class. Each difference is a Finding with
/// a stable code LFP-DRIFT-* (docs/findings.md, "Drift"). Ports with the same difference on one switch
/// are reported together (the finding's objects list them).
///
/// The running fabric is read as the sonic importer writes it: nodes whose ports carry a speed are the
/// configured switches (neighbours named only by DEVICE_NEIGHBOR are not compared); the QoS policy in
/// force on a port comes from its override. The running buffer state (which priority groups have
/// lossless buffers, the configured cable lengths) is the typed RunningConfig the importer read next to
/// the fabric (model/runningconfig.h).

#include "planner/findings/findings.h"
#include "model/fabric.h"
#include "model/runningconfig.h"

#include <vector>

namespace lfp {

/// Compares @p running with @p plan. Findings are sorted: errors first, then code, then objects.
std::vector<Finding> compareRunning(const Fabric& plan, const Fabric& running, const RunningConfig& config = {});

} // namespace lfp
