// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/findings/reportjson.h"

#include "planner/checks/ecn.h"
#include "model/units.h"

#include <cmath>
#include <cstdint>

namespace lfp {

nlohmann::json jsonNumber(double v)
{
    if (!std::isfinite(v))
        return nullptr;
    if (v == std::floor(v) && std::abs(v) < 9.0e15)
        return static_cast<std::int64_t>(v);
    return v;
}

nlohmann::json headroomTermsToJson(const HeadroomResult& r)
{
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& t : r.terms)
        arr.push_back({ { "name", t.name }, { "value", jsonNumber(t.value) }, { "unit", t.unit }, { "formula", t.formula }, { "source", t.source } });
    return arr;
}

nlohmann::json budgetToJson(const SwitchBudget& b)
{
    nlohmann::json lines = nlohmann::json::array();
    for (const auto& l : b.lines)
        lines.push_back({ { "category", l.category }, { "name", l.name }, { "per_unit", l.perUnit.value() }, { "count", l.count }, { "total", l.total.value() },
            { "formula", l.formula }, { "source", l.source } });
    nlohmann::json pools = nlohmann::json::array();
    for (const auto& p : b.pools) {
        nlohmann::json pj { { "name", p.name }, { "direction", toString(p.direction) }, { "size", p.size.value() }, { "configured", p.configured },
            { "formula", p.formula } };
        if (p.xoff)
            pj["xoff"] = p.xoff->value();
        pools.push_back(pj);
    }
    nlohmann::json ports = nlohmann::json::array();
    for (const auto& p : b.ports) {
        nlohmann::json pj { { "port", p.port }, { "speed", formatSpeed(p.speed) }, { "cable_m", jsonNumber(p.cable.value()) }, { "mtu", p.mtu },
            { "lanes", p.lanes }, { "lossless_pgs", p.losslessPgs }, { "lossy_pgs", p.lossyPgs }, { "reserved", p.reserved.value() },
            { "shp_demand", p.shpDemand.value() }, { "port_headroom", p.portHeadroom.value() } };
        if (p.headroom) {
            pj["xon"] = p.headroom->xon.value();
            pj["xoff"] = p.headroom->xoff.value();
            pj["size"] = p.headroom->size.value();
        }
        ports.push_back(pj);
    }
    return { { "switch", b.switchName }, { "asic", b.asicId }, { "model", b.model }, { "total", b.total.value() }, { "total_known", b.totalKnown },
        { "reserved", b.reserved.value() }, { "shared_headroom_pool", b.sharedHeadroomPool.value() }, { "available", b.available.value() },
        { "ingress_lossless_pool", b.ingressLosslessPool.value() }, { "fits", b.fits() }, { "active_ports", b.activePorts },
        { "dynamic_th", b.dynamicTh }, { "alpha", jsonNumber(alphaFromDynamicTh(b.dynamicTh)) }, { "dt_share_one", b.dtShareOne.value() },
        { "dt_share_all", b.dtShareAll.value() }, { "sonic_release", toString(b.settings.release) },
        { "over_subscribe_ratio", jsonNumber(b.settings.overSubscribeRatio) }, { "lines", lines }, { "pools", pools }, { "ports", ports } };
}

} // namespace lfp
