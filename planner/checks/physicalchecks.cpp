// SPDX-License-Identifier: GPL-3.0-or-later
// Physical limits of the cabling: the reach of each medium at the link's lane rate (docs/findings.md,
// LFP-LINK-REACH-EXCEEDED, and docs/formulas.md, "Cable reach"). A link whose medium the source did
// not give is not guessed at: it is listed once (LFP-LINK-MEDIUM-UNKNOWN, info) with what to supply.
#include "planner/checks/checks.h"
#include "planner/findings/findingregistry.h"

#include "model/fabricindex.h"
#include "model/reach.h"

#include <algorithm>
#include <fmt/format.h>

namespace lfp {
namespace {

    std::string portId(const Endpoint& e) { return ObjectRef::forPort(e).toString(); }

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
    for (auto it = fabric.links.begin(); it != fabric.links.end(); ++it) {
        const Link& l = *it;
        if ((it.index() + 1) % 8192 == 0)
            checkCancelled(feedback);
        const double len = l.length.value();
        if (len <= 0)
            continue; // the source gave no length (ibnetdiscover, LLDP): nothing to check
        const std::string ia = portId(l.a), ib = portId(l.b);
        if (l.medium == Medium::Unknown) {
            unknown.push_back(ia + " -- " + ib);
            continue;
        }
        const auto li = static_cast<LinkId>(it.index());
        const auto ea = idx.linkEnd(li, 0), eb = idx.linkEnd(li, 1); // resolved once, by the index
        const Port* pa = ea ? &idx.portAt(*ea) : nullptr;
        const Port* pb = eb ? &idx.portAt(*eb) : nullptr;
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
                out.push_back(makeFinding("LFP-LINK-REACH-UNKNOWN", { ObjectRef::forPort(l.a), ObjectRef::forPort(l.b) },
                    FindingParams { { "what", "multimode" }, { "fix", "multimode-fix" }, { "a", ia }, { "b", ib }, { "lane_rate", fmt::format("{:g}", laneGbps) },
                        { "fibre", toString(l.fibre) }, { "length", formatLength(l.length) } }));
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
                out.push_back(makeFinding("LFP-LINK-REACH-UNKNOWN", { ObjectRef::forPort(l.a), ObjectRef::forPort(l.b) },
                    FindingParams { { "what", "copper" }, { "fix", "copper-fix" }, { "a", ia }, { "b", ib }, { "lane_rate", fmt::format("{:g}", laneGbps) },
                        { "length", formatLength(l.length) } }));
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
        std::vector<Evidence> ev { { "length", len, "m", "planned cable" }, { "reach", reach, "m", source } };
        if (laneGbps > 0)
            ev.push_back({ "lane_rate", laneGbps, "Gb/s", "port speed / lanes" });
        out.push_back(makeFinding("LFP-LINK-REACH-EXCEEDED", { ObjectRef::forPort(l.a), ObjectRef::forPort(l.b) },
            FindingParams { { "a", ia }, { "b", ib }, { "length", formatLength(l.length) },
                { "medium", multimode ? fmt::format("{} fibre", toString(l.fibre)) : std::string(toString(l.medium)) },
                { "reach", formatLength(Metres(reach)) }, { "lane", laneGbps > 0 ? "at-lane-rate" : "" }, { "lane_rate", fmt::format("{:g}", laneGbps) },
                { "source", source },
                { "remedy", multimode ? "multimode" : l.medium == Medium::Dac ? "dac" : l.medium == Medium::Aoc ? "aoc" : "fibre" } },
            std::move(ev)));
    }
    if (!unknown.empty()) {
        std::sort(unknown.begin(), unknown.end());
        std::string some;
        for (std::size_t k = 0; k < unknown.size() && k < 3; ++k)
            some += (k ? ", " : "") + unknown[k];
        if (unknown.size() > 3)
            some += ", …";
        out.push_back(makeFinding("LFP-LINK-MEDIUM-UNKNOWN", { ObjectRef::forFabric() }, FindingParams { { "count", std::to_string(unknown.size()) }, { "links", some } },
            { { "links", static_cast<double>(unknown.size()), "", "medium unknown" } }));
    }
    return out;
}

} // namespace lfp
