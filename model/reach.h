// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file reach.h
/// How far each medium reaches at a lane rate, from cited standards (docs/findings.md,
/// LFP-LINK-REACH-EXCEEDED; docs/formulas.md, "Cable reach"). Physical facts, so they live in the model:
/// the generators pick a medium with them and the planner's physical check compares cables with them.

#include "fabric.h"

#include <optional>

namespace lfp {

struct MediumReach {
    double metres; ///< the longest run the medium is specified for
    const char* source; ///< the standard (or product brief) that says so
};

/// The reach of @p medium at @p laneGbps per lane (the lane rate matters for copper only); nullopt when
/// no figure is published (copper beyond 200G lanes, or an unknown medium).
std::optional<MediumReach> reachOf(Medium medium, double laneGbps);

/// Reach of passive copper (DAC) at @p laneGbps per lane, in metres (IEEE 802.3 CR PMDs); 0 when no
/// figure is published for that lane rate.
double dacReachMetres(double laneGbps);

} // namespace lfp
