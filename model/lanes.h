// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file lanes.h
/// Lane rates and the FEC each needs (issue 31, "speeds, lanes and FEC that can really come up";
/// docs/findings.md LFP-LINK-LANES-MISMATCH and LFP-PORT-FEC-LANE-RATE). Physical facts, so they live in
/// the model (no Qt), used by the checks and the generators.
///
/// Sources: IEEE 802.3-2022 clause 91 (RS(528,514) for 100GBASE-R over four 25 Gb/s NRZ lanes; RS(544,514)
/// for the PAM4 PHYs), clause 108 (RS(528,514) for 25GBASE-R), clause 74 (BASE-R FC-FEC, ≤ 25 Gb/s NRZ
/// lanes), clause 134 (RS(544,514) for 50GBASE-R, 50 Gb/s PAM4), clause 119 (RS(544,514) for 200GBASE-R and
/// 400GBASE-R), IEEE 802.3ck / 802.3df clause 161 (RS(544,514) for 100 Gb/s-per-lane PAM4).

#include "fabric.h"
#include "units.h"

#include <string>

namespace lfp {

/// Gb/s per lane of a port: speed / lanes; 0 when either is unknown (speed 0 or lanes < 1).
double laneRateGbps(BitsPerSecond speed, int lanes);

/// True for PAM4 lanes (50 Gb/s per lane and more, IEEE 802.3 clauses 134, 119, 161); NRZ below.
bool isPam4Lane(double laneGbps);

/// "PAM4" or "NRZ".
const char* laneModulation(double laneGbps);

/// The FEC IEEE 802.3 defines for the lane rate: RS(544,514) on PAM4 lanes, RS(528,514) on 25 Gb/s NRZ
/// lanes (where FC-FEC and no FEC are also defined), none needed below.
Fec expectedFec(double laneGbps);

/// Empty when @p fec is defined for @p laneGbps (or either is unknown); otherwise the rule it breaks
/// ("PAM4 lanes (50 Gb/s and more) need RS(544,514): IEEE 802.3 clauses 134, 91, 119, 161").
std::string fecLaneRateProblem(Fec fec, double laneGbps);

} // namespace lfp
