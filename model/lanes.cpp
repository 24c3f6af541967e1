// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/lanes.h"

namespace lfp {

double laneRateGbps(BitsPerSecond speed, int lanes)
{
    if (speed.value() <= 0 || lanes < 1)
        return 0;
    return toGbps(speed) / lanes;
}

bool isPam4Lane(double laneGbps)
{
    // 50GBASE-R (clause 134) is the slowest PAM4 lane; 25 Gb/s and below are NRZ (clauses 74, 91, 108).
    return laneGbps >= 50 - 1e-9;
}

const char* laneModulation(double laneGbps) { return isPam4Lane(laneGbps) ? "PAM4" : "NRZ"; }

Fec expectedFec(double laneGbps)
{
    if (isPam4Lane(laneGbps))
        return Fec::Rs544;
    if (laneGbps > 10 + 1e-9)
        return Fec::Rs528;
    return Fec::None;
}

std::string fecLaneRateProblem(Fec fec, double laneGbps)
{
    if (laneGbps <= 0 || fec == Fec::Unknown)
        return {};
    if (isPam4Lane(laneGbps) && fec != Fec::Rs544)
        return "PAM4 lanes (50 Gb/s and more per lane) need RS(544,514): IEEE 802.3 clauses 134, 91, 119 and 161";
    if (!isPam4Lane(laneGbps) && fec == Fec::Rs544)
        return "RS(544,514) is defined only for PAM4 lanes; NRZ lanes use RS(528,514) (IEEE 802.3 clauses 91 and 108), FC-FEC (clause 74) or none";
    return {};
}

} // namespace lfp
