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

/// The reach of @p medium at @p laneGbps per lane (the lane rate matters for copper and multimode
/// fibre); nullopt when no figure is published (copper beyond 200G lanes, multimode beyond 100G lanes or
/// at an unknown lane rate, or an unknown medium). A fibre link of unknown @p fibre type is given the
/// longest single-mode PMD's reach (it is not guessed to be multimode).
std::optional<MediumReach> reachOf(Medium medium, double laneGbps, FibreType fibre = FibreType::Unknown);

/// Reach of multimode fibre @p fibre (OM3/OM4/OM5) with the IEEE 802.3 SR PMD of @p laneGbps per lane;
/// nullopt when no SR PMD is published for that lane rate or @p fibre is not multimode.
std::optional<MediumReach> multimodeReach(FibreType fibre, double laneGbps);

/// Reach of passive copper (DAC) at @p laneGbps per lane, in metres (IEEE 802.3 CR PMDs); 0 when no
/// figure is published for that lane rate.
double dacReachMetres(double laneGbps);

} // namespace lfp
