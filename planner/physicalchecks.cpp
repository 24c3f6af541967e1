// SPDX-License-Identifier: GPL-3.0-or-later
// Physical limits of the cabling: the reach of each medium at the link's lane rate (docs/findings.md,
// LFP-LINK-REACH-EXCEEDED, and docs/formulas.md, "Cable reach"). A link whose medium the source did
// not give is not guessed at: it is listed once (LFP-LINK-MEDIUM-UNKNOWN, info) with what to supply.
#include "checks.h"

#include "model/fabricindex.h"
#include "model/reach.h"

#include <algorithm>
#include <fmt/format.h>

namespace lfp {
namespace {

    std::string portId(const Endpoint& e) { return e.node + ":" + e.port; }

} // namespace

std::vector<Finding> checkPhysical(const Fabric& fabric, Feedback* feedback)
{
    const FabricIndex index(fabric);
    return checkPhysical(index, feedback);
}

std::vector<Finding> checkPhysical(const FabricIndex& idx, Feedback* feedback)
{
    const Fabric& fabric = idx.fabric();
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
        const Port* pa = idx.findPort(l.a);
        const Port* pb = idx.findPort(l.b);
        double reach = 0;
        std::string source;
        double laneGbps = 0;
        const bool multimode = l.medium == Medium::Fibre && (l.fibre == FibreType::Om3 || l.fibre == FibreType::Om4 || l.fibre == FibreType::Om5);
        if (multimode) {
            // Multimode reach depends on the lane rate's SR PMD (model/reach.h, IEEE 802.3 clause tables).
            for (const Port* p : { pa, pb })
                if (p && p->lanes > 0)
                    laneGbps = std::max(laneGbps, toGbps(p->speed) / p->lanes);
            if (laneGbps <= 0)
                continue;
            const auto r = reachOf(Medium::Fibre, laneGbps, l.fibre);
            if (!r) {
                Finding f;
                f.severity = Severity::Info;
                f.code = "LFP-LINK-REACH-UNKNOWN";
                f.objects = { ia, ib };
                f.message = fmt::format("Link {} -- {}: no IEEE 802.3 SR PMD is published for {:g} Gb/s per lane on {}; the {} run is not checked.", ia, ib,
                    laneGbps, toString(l.fibre), formatLength(l.length));
                f.fix = "Check the optics vendor's reach on this fibre, or use single-mode fibre.";
                out.push_back(std::move(f));
                continue;
            }
            reach = r->metres;
            source = r->source;
        } else if (l.medium == Medium::Dac) {
            // The faster end decides the lane rate (both ends should agree; LFP-LINK-SPEED-MISMATCH otherwise).
            for (const Port* p : { pa, pb })
                if (p && p->lanes > 0)
                    laneGbps = std::max(laneGbps, toGbps(p->speed) / p->lanes);
            if (laneGbps <= 0)
                continue;
            const auto r = reachOf(Medium::Dac, laneGbps);
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
        } else {
            const auto r = reachOf(l.medium, laneGbps);
            reach = r->metres;
            source = r->source;
        }
        if (len <= reach)
            continue;
        Finding f;
        f.severity = Severity::Error;
        f.code = "LFP-LINK-REACH-EXCEEDED";
        f.objects = { ia, ib };
        f.message = fmt::format("Link {} -- {}: a {} {} is longer than the {} that medium reaches{} ({}). The link will not come up, or will "
                                "run with errors that lossless traffic pays for in retransmissions.",
            ia, ib, formatLength(l.length), multimode ? fmt::format("{} fibre", toString(l.fibre)) : std::string(toString(l.medium)), formatLength(Metres(reach)),
            laneGbps > 0 ? fmt::format(" at {:g} Gb/s per lane", laneGbps) : std::string(), source);
        f.evidence = { { "length", len, "m", "planned cable" }, { "reach", reach, "m", source } };
        if (laneGbps > 0)
            f.evidence.push_back({ "lane_rate", laneGbps, "Gb/s", "port speed / lanes" });
        f.fix = multimode               ? "Use single-mode fibre with DR/FR optics for this run (or OM4/OM5 where OM3 is short), or move the racks closer."
            : l.medium == Medium::Dac ? "Use an AOC or optics and fibre for this run, or move the racks closer."
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
