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

std::optional<BerLimit> preFecBerLimit(Fec fec, double laneGbps)
{
    // IEEE 802.3-2022 PMD clauses, lanes.h names each; the FEC the port actually runs decides.
    switch (fec) {
    case Fec::Rs544:
        return BerLimit { 2.4e-4, "IEEE 802.3 RS(544,514) PMDs (clauses 124, 138, 140, 162): BER <= 2.4e-4" };
    case Fec::Rs528:
        return BerLimit { 5e-5, "IEEE 802.3 RS(528,514) PMDs (clauses 95, 112): BER <= 5e-5" };
    case Fec::None:
        return BerLimit { 1e-12, "IEEE 802.3 BER objective without FEC: 1e-12" };
    case Fec::FireCode:
    case Fec::Unknown:
        break;
    }
    (void)laneGbps; // the figure depends on the FEC; the lane rate chose the FEC (expectedFec)
    return std::nullopt;
}

} // namespace lfp
