// SPDX-License-Identifier: GPL-3.0-or-later
#include "reach.h"

namespace lfp {
namespace {
    struct CopperReach {
        double laneGbps; ///< up to this signalling rate per lane
        double metres;
        const char* source;
    };
    /// Passive copper (DAC, twinax) by lane rate: the IEEE 802.3 CR PMDs.
    constexpr CopperReach kDac[] = {
        { 10.3125, 7, "IEEE 802.3 Clause 85 (40GBASE-CR4, 10G lanes): 7 m" },
        { 25.78125, 5, "IEEE 802.3 Clause 92/110 (100GBASE-CR4, 25GBASE-CR): 5 m" },
        { 53.125, 3, "IEEE 802.3cd Clause 136 (50GBASE-CR, 200GBASE-CR4, 50G PAM4 lanes): 3 m" },
        { 106.25, 2, "IEEE 802.3ck Clause 162 (100GBASE-CR1, 400GBASE-CR4, 800GBASE-CR8): 2 m" },
        { 212.5, 1, "IEEE P802.3dj objective (200G-per-lane copper, 1.6TBASE-CR8): 1 m" },
    };
    /// Active optical cables: multimode VCSEL optics with the fibre bonded in; no IEEE PMD of their own.
    /// The SR PMDs they implement reach 100 m on OM4 (802.3bm Clause 95 100GBASE-SR4, 802.3cm Clause 138
    /// 400GBASE-SR8, 802.3db Clause 167 100GBASE-SR1), and vendors sell AOCs up to 100 m (NVIDIA LinkX
    /// MFA1A00/MFS1S00/MFA7U10 product briefs: 3–100 m).
    constexpr MediumReach kAoc { 100, "IEEE 802.3bm/802.3cm/802.3db SR PMDs on OM4 (100 m); NVIDIA LinkX AOC product briefs (up to 100 m)" };
    /// Fibre with pluggable optics: the longest Ethernet PMDs at these rates reach 40 km
    /// (802.3ba Clause 88 100GBASE-ER4, 802.3cn Clause 122 400GBASE-ER8); beyond that coherent optics
    /// (ZR, 80–120 km) are a DCI link, not a lossless fabric link (PFC headroom grows ~1 MB per 10 km at 400G).
    constexpr MediumReach kFibre { 40'000, "IEEE 802.3 Clause 88 (100GBASE-ER4) and 802.3cn Clause 122 (400GBASE-ER8): 40 km" };
    /// Multimode fibre with the IEEE 802.3 SR PMD of the lane rate: reach on OM3 / OM4 / OM5 (the
    /// "operating range" tables of each clause). OM5 adds only wavelength-division reach (SWDM, the
    /// 802.3cm -SR4.2 PMDs), so the single-wavelength SR PMDs reach on OM5 what they reach on OM4.
    struct MultimodeReach {
        double laneGbps; ///< up to this signalling rate per lane
        double om3, om4, om5;
        const char* source;
    };
    constexpr MultimodeReach kMultimode[] = {
        { 10.3125, 100, 150, 150, "IEEE 802.3 Clause 86 (40GBASE-SR4, 100GBASE-SR10; 10G lanes): 100 m OM3, 150 m OM4" },
        { 25.78125, 70, 100, 100, "IEEE 802.3bm Clause 95 (100GBASE-SR4) and 802.3by Clause 112 (25GBASE-SR): 70 m OM3, 100 m OM4" },
        { 53.125, 70, 100, 100, "IEEE 802.3cd Clause 138 (50GBASE-SR, 200GBASE-SR4; 50G PAM4 lanes): 70 m OM3, 100 m OM4/OM5" },
        { 106.25, 60, 100, 100, "IEEE 802.3db Clause 167 (100GBASE-SR1, 400GBASE-SR4, 800GBASE-SR8; 100G lanes): 60 m OM3, 100 m OM4/OM5" },
    };
} // namespace

std::optional<MediumReach> multimodeReach(FibreType fibre, double laneGbps)
{
    if (laneGbps <= 0 || (fibre != FibreType::Om3 && fibre != FibreType::Om4 && fibre != FibreType::Om5))
        return std::nullopt;
    for (const auto& x : kMultimode)
        if (laneGbps <= x.laneGbps * 1.0001)
            return MediumReach { fibre == FibreType::Om3 ? x.om3 : fibre == FibreType::Om4 ? x.om4 : x.om5, x.source };
    return std::nullopt;
}

std::optional<MediumReach> reachOf(Medium medium, double laneGbps, FibreType fibre)
{
    switch (medium) {
    case Medium::Dac:
        for (const auto& x : kDac)
            if (laneGbps <= x.laneGbps * 1.0001)
                return MediumReach { x.metres, x.source };
        return std::nullopt;
    case Medium::Aoc:
        return kAoc;
    case Medium::Fibre:
        if (fibre == FibreType::Om3 || fibre == FibreType::Om4 || fibre == FibreType::Om5)
            return multimodeReach(fibre, laneGbps);
        return kFibre; // single-mode, or not said: the longest single-mode PMD
    case Medium::Unknown:
        break;
    }
    return std::nullopt;
}

double dacReachMetres(double laneGbps)
{
    const auto r = reachOf(Medium::Dac, laneGbps);
    return r ? r->metres : 0;
}

} // namespace lfp
