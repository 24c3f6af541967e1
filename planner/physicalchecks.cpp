// SPDX-License-Identifier: GPL-3.0-or-later
// Physical limits of the cabling: the reach of each medium at the link's lane rate (docs/findings.md,
// LFP-LINK-REACH-EXCEEDED, and docs/formulas.md, "Cable reach"). A link whose medium the source did
// not give is not guessed at: it is listed once (LFP-LINK-MEDIUM-UNKNOWN, info) with what to supply.
#include "checks.h"

#include <algorithm>
#include <fmt/format.h>

namespace lfp {
namespace {

    struct Reach {
        double laneGbps; ///< up to this signalling rate per lane
        double metres; ///< maximum reach
        const char* source;
    };

    /// Passive copper (DAC, twinax) by lane rate: the IEEE 802.3 CR PMDs.
    constexpr Reach kDac[] = {
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
    constexpr double kAocMetres = 100;
    constexpr const char* kAocSource = "IEEE 802.3bm/802.3cm/802.3db SR PMDs on OM4 (100 m); NVIDIA LinkX AOC product briefs (up to 100 m)";
    /// Fibre with pluggable optics: the longest Ethernet PMDs at these rates reach 40 km
    /// (802.3ba Clause 88 100GBASE-ER4, 802.3cn Clause 122 400GBASE-ER8); beyond that coherent optics
    /// (ZR, 80–120 km) are a DCI link, not a lossless fabric link (PFC headroom grows ~1 MB per 10 km at 400G).
    constexpr double kFibreMetres = 40'000;
    constexpr const char* kFibreSource = "IEEE 802.3 Clause 88 (100GBASE-ER4) and 802.3cn Clause 122 (400GBASE-ER8): 40 km";

    std::string portId(const Endpoint& e) { return e.node + ":" + e.port; }

} // namespace

double dacReachMetres(double laneGbps)
{
    for (const auto& x : kDac)
        if (laneGbps <= x.laneGbps * 1.0001)
            return x.metres;
    return 0;
}

std::vector<Finding> checkPhysical(const Fabric& fabric, Feedback* feedback)
{
    std::vector<Finding> out;
    std::vector<std::string> unknown;
    std::size_t i = 0;
    for (const auto& l : fabric.links) {
        if (++i % 8192 == 0)
            checkCancelled(feedback);
        const double len = l.length.value();
        if (len <= 0)
            continue; // the source gave no length (ibnetdiscover, LLDP): nothing to check
        const std::string ia = portId(l.a), ib = portId(l.b);
        if (l.medium == Medium::Unknown) {
            unknown.push_back(ia + " -- " + ib);
            continue;
        }
        const Port* pa = fabric.findPort(l.a);
        const Port* pb = fabric.findPort(l.b);
        double reach = 0;
        std::string source;
        double laneGbps = 0;
        if (l.medium == Medium::Dac) {
            // The faster end decides the lane rate (both ends should agree; LFP-LINK-SPEED-MISMATCH otherwise).
            for (const Port* p : { pa, pb })
                if (p && p->lanes > 0)
                    laneGbps = std::max(laneGbps, toGbps(p->speed) / p->lanes);
            if (laneGbps <= 0)
                continue;
            const Reach* r = nullptr;
            for (const auto& x : kDac)
                if (laneGbps <= x.laneGbps * 1.0001) {
                    r = &x;
                    break;
                }
            if (!r) {
                Finding f;
                f.severity = Severity::Info;
                f.code = "LFP-LINK-REACH-UNKNOWN";
                f.objects = { ia, ib };
                f.message = fmt::format("Link {} -- {}: no copper reach is published for {:g} Gb/s per lane; the {} DAC is not checked.", ia, ib, laneGbps,
                    formatLength(l.length));
                f.fix = "Check the cable vendor's reach for this lane rate.";
                out.push_back(std::move(f));
                continue;
            }
            reach = r->metres;
            source = r->source;
        } else if (l.medium == Medium::Aoc) {
            reach = kAocMetres;
            source = kAocSource;
        } else {
            reach = kFibreMetres;
            source = kFibreSource;
        }
        if (len <= reach)
            continue;
        Finding f;
        f.severity = Severity::Error;
        f.code = "LFP-LINK-REACH-EXCEEDED";
        f.objects = { ia, ib };
        f.message = fmt::format("Link {} -- {}: a {} {} is longer than the {} that medium reaches{} ({}). The link will not come up, or will "
                                "run with errors that lossless traffic pays for in retransmissions.",
            ia, ib, formatLength(l.length), toString(l.medium), formatLength(Metres(reach)),
            laneGbps > 0 ? fmt::format(" at {:g} Gb/s per lane", laneGbps) : std::string(), source);
        f.evidence = { { "length", len, "m", "planned cable" }, { "reach", reach, "m", source } };
        if (laneGbps > 0)
            f.evidence.push_back({ "lane_rate", laneGbps, "Gb/s", "port speed / lanes" });
        f.fix = l.medium == Medium::Dac ? "Use an AOC or optics and fibre for this run, or move the racks closer."
            : l.medium == Medium::Aoc   ? "Use transceivers and structured fibre (single-mode DR/FR for more than 100 m)."
                                        : "Shorten the run: a lossless fabric link beyond 40 km needs coherent DCI optics and a headroom plan of its own.";
        out.push_back(std::move(f));
    }
    if (!unknown.empty()) {
        std::sort(unknown.begin(), unknown.end());
        Finding f;
        f.severity = Severity::Info;
        f.code = "LFP-LINK-MEDIUM-UNKNOWN";
        f.objects = { "fabric" };
        std::string some;
        for (std::size_t k = 0; k < unknown.size() && k < 3; ++k)
            some += (k ? ", " : "") + unknown[k];
        f.message = fmt::format("{} link(s) have a length but no medium in the source ({}{}); their reach is not checked.", unknown.size(), some,
            unknown.size() > 3 ? ", …" : "");
        f.evidence = { { "links", static_cast<double>(unknown.size()), "", "medium unknown" } };
        f.fix = "Give the medium of these links (the medium column of the plan: DAC, AOC or fibre; or \"medium\" in the fabric JSON).";
        out.push_back(std::move(f));
    }
    return out;
}

} // namespace lfp
