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

#include <optional>
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

/// The highest pre-FEC bit error ratio a link of this FEC and lane rate is specified to run at: the BER
/// the PMD clauses of IEEE 802.3-2022 require at the PMD service interface, which the FEC then brings to
/// the 10^-12 (frame loss ratio 6.2 × 10^-10) objective of the MAC. Above it the FEC is past its design
/// point and uncorrectable codewords (lost frames) follow. docs/counters.md § Thresholds has the table.
///   RS(544,514) on PAM4 lanes (50 and 100 Gb/s per lane): 2.4 × 10^-4 — IEEE 802.3 clauses 138 (50GBASE-SR),
///     124 (400GBASE-DR4), 140 (100GBASE-DR), 162 (100GBASE-CR1, 802.3ck), which all specify "BER ≤ 2.4 × 10^-4"
///     for their PMDs (figure quoted as recalled from the standard; the public 802.3bs/cd task-force
///     material and vendor notes quote the same 2.4E-4, docs/counters.md gives the references).
///   RS(528,514) on 25 Gb/s NRZ lanes: 5 × 10^-5 — clause 95 (100GBASE-SR4) and 112 (25GBASE-SR); the copper
///     PMDs (clauses 92, 110) specify a lower 10^-5 at their channels, so 5 × 10^-5 is the upper bound.
///   No FEC: 10^-12 — the BER objective of every 802.3 PHY without FEC (e.g. clause 52, 10GBASE-R).
///   FC-FEC (BASE-R, clause 74): no PMD-level pre-FEC figure was found to cite: nullopt (not judged).
struct BerLimit {
    double limit = 0;
    const char* source = ""; ///< the clause the figure comes from
};
std::optional<BerLimit> preFecBerLimit(Fec fec, double laneGbps);

} // namespace lfp
