// SPDX-License-Identifier: GPL-3.0-or-later
#include "budget.h"

#include "findingregistry.h"
#include "pgsplit.h"

#include "model/asiccatalog.h"
#include "checks.h"
#include "ecn.h"
#include "model/errors.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <functional>
#include <map>
#include <set>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

namespace lfp {

namespace {

    constexpr const char* kPoolLua = "sonic-swss cfgmgr/buffer_pool_mellanox.lua (headroom.md §3.1)";
    constexpr const char* kCheckLua = "sonic-swss cfgmgr/buffer_check_headroom_mellanox.lua (headroom.md §3.2)";

    [[noreturn]] void badAttribute(const Node& node, const std::string& key, const std::string& value, const std::string& expected)
    {
        throw InputError(SourceLocation { {}, 0, 0, fmt::format("node {} attribute {}", node.name, key) },
            fmt::format("found \"{}\", expected {}", value, expected));
    }

    double parseNumber(const Node& node, const std::string& key, const std::string& value, const std::string& expected)
    {
        try {
            std::size_t used = 0;
            const double v = std::stod(value, &used);
            if (used != value.size() || !std::isfinite(v))
                badAttribute(node, key, value, expected);
            return v;
        } catch (const std::logic_error&) {
            badAttribute(node, key, value, expected);
        }
    }

    std::string pgProfileName(const PortBudget& p, int losslessMtuDefault)
    {
        (void)losslessMtuDefault;
        std::string name = fmt::format("pg_lossless_{}_{}", toMbps(p.speed), formatLength(p.cable));
        if (p.mtu != 9100)
            name += fmt::format("_mtu{}", p.mtu);
        if (p.lanes == 8)
            name += "_8lane";
        return name + "_profile";
    }

    /// Lines in insertion order, merged by name.
    class Lines {
    public:
        void add(const std::string& category, const std::string& name, Bytes perUnit, std::int64_t count, const std::string& formula, const std::string& source)
        {
            auto it = m_index.find(name);
            if (it != m_index.end()) {
                auto& l = m_lines[it->second];
                l.count += count;
                l.total = Bytes(l.perUnit.value() * l.count);
                return;
            }
            m_index.emplace(name, m_lines.size());
            m_lines.push_back({ category, name, perUnit, count, Bytes(perUnit.value() * count), formula, source });
        }
        std::vector<BudgetLine> take() { return std::move(m_lines); }

    private:
        std::vector<BudgetLine> m_lines;
        std::unordered_map<std::string, std::size_t> m_index;
    };

    struct PgCounts {
        int losslessPgs = 0;
        int lossyPgs = 0;
        int losslessQueues = 0;
    };

    /// Lossless PGs (tcToPg of the lossless priorities), lossy PGs (the other priorities' PGs) and
    /// lossless queues of a policy; no policy: lossy PG 0 only.
    PgCounts pgCountsFor(const QosPolicy* policy)
    {
        PgCounts c;
        if (!policy) {
            c.lossyPgs = 1;
            return c;
        }
        const PgSplit split = pgSplit(*policy);
        c.losslessPgs = static_cast<int>(split.losslessPgs.size());
        c.lossyPgs = static_cast<int>(split.lossyPgs.size());
        c.losslessQueues = static_cast<int>(split.losslessQueues.size());
        return c;
    }

    Evidence ev(std::string name, double value, std::string unit, std::string note = {})
    {
        return { std::move(name), value, std::move(unit), std::move(note) };
    }

} // namespace

// ------------------------------------------------------------------------------------------------

BufferSettings bufferSettingsFor(const Node& node)
{
    BufferSettings s;
    for (const auto& [key, value] : node.attributes) {
        if (key.rfind("buffer.", 0) != 0)
            continue;
        if (key == "buffer.over_subscribe_ratio") {
            s.overSubscribeRatio = parseNumber(node, key, value, "a number ≥ 0 (0 = no shared headroom pool)");
            if (s.overSubscribeRatio < 0)
                badAttribute(node, key, value, "a number ≥ 0 (0 = no shared headroom pool)");
        } else if (key == "buffer.lossless_mtu") {
            const double v = parseNumber(node, key, value, "a whole number of bytes, 64..65535");
            if (v < 64 || v > 65535 || v != std::floor(v))
                badAttribute(node, key, value, "a whole number of bytes, 64..65535");
            s.losslessMtu = Bytes(static_cast<std::int64_t>(v));
        } else if (key == "buffer.small_packet_percentage") {
            const double v = parseNumber(node, key, value, "a whole percentage 0..100");
            if (v < 0 || v > 100 || v != std::floor(v))
                badAttribute(node, key, value, "a whole percentage 0..100");
            s.smallPacketPercentage = static_cast<int>(v);
        } else if (key == "buffer.sonic_release") {
            try {
                s.release = sonicReleaseFromString(value);
            } catch (const std::invalid_argument&) {
                badAttribute(node, key, value, "legacy, pr3235 or head");
            }
        } else if (key == "buffer.max_headroom_size") {
            try {
                s.maxHeadroomPerPort = parseBytes(value);
            } catch (const UnitError&) {
                badAttribute(node, key, value, kByteForms);
            }
        } else if (key == "buffer.dynamic_th") {
            const double v = parseNumber(node, key, value, "a whole number −8..7 (alpha = 2^dynamic_th)");
            if (v < -8 || v > 7 || v != std::floor(v))
                badAttribute(node, key, value, "a whole number −8..7 (alpha = 2^dynamic_th)");
            s.dynamicTh = static_cast<int>(v);
        } else if (key == "buffer.gearbox_delay") {
            try {
                s.gearboxDelay = parseDuration(value);
            } catch (const UnitError&) {
                badAttribute(node, key, value, kDurationForms);
            }
        } else {
            badAttribute(node, key, value,
                "a known buffer setting: buffer.over_subscribe_ratio, buffer.lossless_mtu, buffer.small_packet_percentage, "
                "buffer.sonic_release, buffer.max_headroom_size, buffer.dynamic_th, buffer.gearbox_delay");
        }
    }
    return s;
}

bool sharedHeadroomOn(const AsicProfile& asic, const BufferSettings& settings)
{
    return asic.headroomModel == "broadcom-xgs" || settings.overSubscribeRatio > 0 || asic.sharedHeadroomPool.has_value();
}

HeadroomInput headroomInputFor(const Port& port, Metres cable, const AsicProfile& asic, const BufferSettings& settings)
{
    HeadroomInput in;
    in.speed = port.speed;
    in.cable = cable;
    in.portMtu = Bytes(port.mtu);
    in.lanes = port.lanes;
    in.gearboxDelay = settings.gearboxDelay;
    in.losslessMtu = settings.losslessMtu;
    in.smallPacketPercentage = settings.smallPacketPercentage;
    in.sharedHeadroomRatio = sharedHeadroomOn(asic, settings) ? std::max(settings.overSubscribeRatio, 1.0) : 0.0;
    in.release = settings.release;
    return in;
}

// ------------------------------------------------------------------------------------------------

std::size_t HeadroomCache::KeyHash::operator()(const Key& k) const
{
    std::size_t h = std::hash<std::string> {}(k.asic);
    auto mix = [&h](std::size_t v) { h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); };
    mix(std::hash<std::int64_t> {}(k.speed));
    mix(std::hash<double> {}(k.cable));
    mix(std::hash<std::int64_t> {}(k.portMtu));
    mix(static_cast<std::size_t>(k.lanes));
    mix(std::hash<double> {}(k.gearbox));
    mix(std::hash<std::int64_t> {}(k.losslessMtu));
    mix(static_cast<std::size_t>(k.spp));
    mix(std::hash<double> {}(k.ratio));
    mix(static_cast<std::size_t>(k.release));
    mix(std::hash<std::string> {}(k.sku));
    return h;
}

std::shared_ptr<const HeadroomResult> HeadroomCache::get(const AsicProfile& asic, const HeadroomInput& in)
{
    Key k { asic.id, in.speed.value(), in.cable.value(), in.portMtu.value(), in.lanes, in.gearboxDelay.value(), in.losslessMtu.value(),
        in.smallPacketPercentage, in.sharedHeadroomRatio, static_cast<int>(in.release), in.sku };
    {
        std::lock_guard lock(m_mutex);
        auto it = m_map.find(k);
        if (it != m_map.end())
            return it->second;
    }
    auto r = std::make_shared<const HeadroomResult>(computeHeadroom(asic, in));
    std::lock_guard lock(m_mutex);
    return m_map.emplace(std::move(k), std::move(r)).first->second;
}

std::size_t HeadroomCache::size() const
{
    std::lock_guard lock(m_mutex);
    return m_map.size();
}

// ------------------------------------------------------------------------------------------------

BudgetContext::BudgetContext(const Fabric& fabric)
    : m_owned(std::make_unique<FabricIndex>(fabric))
    , m_index(m_owned.get())
{
}

BudgetContext::BudgetContext(const FabricIndex& index)
    : m_index(&index)
{
}

std::optional<Metres> BudgetContext::cableAt(std::size_t nodeIndex, std::size_t portIndex) const
{
    const auto link = m_index->linkAt(m_index->port(static_cast<NodeId>(nodeIndex), portIndex));
    if (!link)
        return std::nullopt;
    return fabric().links[*link].length;
}

const QosPolicy* BudgetContext::policyAt(std::size_t nodeIndex, std::size_t portIndex) const
{
    return m_index->policyAt(m_index->port(static_cast<NodeId>(nodeIndex), portIndex));
}

// ------------------------------------------------------------------------------------------------

SwitchBudget computeBudget(const Fabric& fabric, const Node& node, const AsicProfile& asic)
{
    BudgetContext ctx(fabric);
    const auto idx = static_cast<std::size_t>(&node - fabric.nodes.data());
    if (idx >= fabric.nodes.size())
        throw std::invalid_argument("computeBudget: the node is not part of the fabric");
    HeadroomCache cache;
    return computeBudget(ctx, idx, asic, &cache);
}

SwitchBudget computeBudget(const BudgetContext& ctx, std::size_t nodeIndex, const AsicProfile& asic, HeadroomCache* cache)
{
    const Node& node = ctx.fabric().nodes[nodeIndex];
    HeadroomCache localCache;
    if (!cache)
        cache = &localCache;
    SwitchBudget b;
    b.switchName = node.name;
    b.asicId = asic.id;
    b.model = asic.headroomModel;
    b.settings = bufferSettingsFor(node);
    b.total = asic.totalBuffer;
    b.totalKnown = asic.totalBuffer.value() > 0;
    const bool spectrum = asic.headroomModel == "spectrum";
    const bool shpOn = sharedHeadroomOn(asic, b.settings);
    b.dynamicTh = b.settings.dynamicTh.value_or(asic.losslessDynamicTh);
    const std::int64_t pipeline = asic.pipelineLatency.value();
    const std::string asicSrc = fmt::format("ASIC profile {}", asic.id);

    auto lossyPgSize = [&](bool eightLane) -> std::int64_t {
        if (spectrum)
            return eightLane ? (2 * pipeline - 1024) : pipeline;
        return 0; // Broadcom / generic templates: ingress_lossy_profile size 0
    };

    Lines lines;
    // One lossless profile per distinct headroom input; local memo avoids the shared cache's lock.
    struct Memo {
        HeadroomCache::Key key;
        std::shared_ptr<const HeadroomResult> result;
        std::string profileName;
        std::string formula;
    };
    std::vector<Memo> memo;
    std::vector<std::pair<const QosPolicy*, PgCounts>> pgMemo;

    std::int64_t accumulativeXoff = 0;
    for (std::size_t pi = 0; pi < node.ports.size(); ++pi) {
        const auto cable = ctx.cableAt(nodeIndex, pi);
        if (!cable)
            continue; // not on a link: admin-down, SONiC gives it no buffers
        const Port& port = node.ports[pi];
        const QosPolicy* policy = ctx.policyAt(nodeIndex, pi);
        PortBudget pb;
        pb.port = port.name;
        pb.speed = port.speed;
        pb.lanes = port.lanes;
        pb.mtu = port.mtu;
        pb.cable = *cable;
        // PG / queue counts per policy, computed once per switch and policy.
        const PgCounts* counts = nullptr;
        for (const auto& [pol, c] : pgMemo)
            if (pol == policy) {
                counts = &c;
                break;
            }
        if (!counts) {
            pgMemo.emplace_back(policy, pgCountsFor(policy));
            counts = &pgMemo.back().second;
        }
        pb.losslessPgs = counts->losslessPgs;
        pb.lossyPgs = counts->lossyPgs;
        pb.losslessQueues = counts->losslessQueues;
        pb.lossyQueues = kPriorities - pb.losslessQueues;
        const bool eightLane = port.lanes == 8;
        std::int64_t reserved = 0;
        std::int64_t portHeadroom = 0;

        if (pb.losslessPgs > 0) {
            HeadroomInput in = headroomInputFor(port, *cable, asic, b.settings);
            in.sku = node.model; // picks the SKU's vendor table when the profile has one
            HeadroomCache::Key key { {}, in.speed.value(), in.cable.value(), in.portMtu.value(), in.lanes, 0, 0, 0, 0, 0 };
            const Memo* m = nullptr;
            for (const auto& e : memo)
                if (e.key == key) {
                    m = &e;
                    break;
                }
            if (!m) {
                auto hr = cache->get(asic, in); // throws std::invalid_argument for impossible inputs
                memo.push_back({ key, hr, pgProfileName(pb, 1024),
                    fmt::format("headroom size ({} model): {}", hr->model, hr->sharedHeadroomPool ? "xon (xoff in the shared headroom pool)" : "xon + xoff") });
                m = &memo.back();
            }
            const auto& hr = m->result;
            pb.headroom = hr;
            const auto n = pb.losslessPgs;
            lines.add("lossless-pg", m->profileName, hr->size, n, m->formula, hr->version);
            reserved += hr->size.value() * n;
            pb.shpDemand = Bytes(hr->sharedHeadroomDemand().value() * n);
            accumulativeXoff += pb.shpDemand.value();
            portHeadroom += (spectrum ? hr->size.value() : std::max(hr->size.value(), hr->xon.value() + hr->xoff.value())) * n;
            ++b.losslessPorts;
            b.losslessQueuesPerPort = std::max(b.losslessQueuesPerPort, pb.losslessQueues);
        }
        if (pb.lossyPgs > 0) {
            const auto sz = lossyPgSize(eightLane);
            lines.add("lossy-pg", eightLane ? "lossy PG reservation (8-lane port)" : "lossy PG reservation", Bytes(sz), pb.lossyPgs,
                spectrum ? (eightLane ? "(2·pipeline_latency − 1 KiB): implicit reservation of a lossy PG on an 8-lane port" : "pipeline_latency: implicit reservation of a lossy PG")
                         : "ingress_lossy_profile size 0 (no implicit reservation outside Spectrum)",
                spectrum ? kPoolLua : asicSrc);
            reserved += sz * pb.lossyPgs;
            portHeadroom += sz * pb.lossyPgs;
        }
        lines.add("egress-queue", "egress queue reservation", asic.queueReserved, kPriorities,
            "queue_reserved per egress queue (Spectrum: q_lossy_profile / egress_lossless_profile size 0)", asicSrc);
        reserved += asic.queueReserved.value() * kPriorities;
        if (spectrum) {
            const auto sz = lossyPgSize(eightLane);
            lines.add("management-pg", eightLane ? "management PG (8-lane port)" : "management PG", Bytes(sz), 1,
                "per admin-up port: pipeline_latency (8-lane: 2·pipeline_latency − 1 KiB)", kPoolLua);
            reserved += sz;
            // buffer_check_headroom_mellanox.lua: 4096 deviation + one lossy PG + egress mirror 20 KiB (×2 on 8-lane)
            portHeadroom += 4096 + sz + (eightLane ? 2 : 1) * 20 * 1024;
        }
        if (asic.egressMirrorHeadroom.value() > 0) {
            lines.add("egress-mirror", "egress mirror headroom", asic.egressMirrorHeadroom, 1, "per admin-up port", spectrum ? kPoolLua : asicSrc);
            reserved += asic.egressMirrorHeadroom.value();
        }
        if (asic.egressPortReserved.value() > 0) {
            lines.add("egress-port", "egress port profile list (egress_lossy_profile)", asic.egressPortReserved, 1,
                "per admin-up port: the egress profile list's egress_lossy_profile", asicSrc);
            reserved += asic.egressPortReserved.value();
        }
        pb.reserved = Bytes(reserved);
        pb.portHeadroom = Bytes(portHeadroom);
        ++b.activePorts;
        b.ports.push_back(std::move(pb));
    }

    // A vendor table's threshold column is the SKU's lossless dynamic_th (unless the node sets one).
    if (!b.settings.dynamicTh)
        for (const auto& p : b.ports)
            if (p.headroom) {
                b.dynamicTh = p.headroom->dynamicTh;
                break;
            }

    // Shared headroom pool.
    if (shpOn && spectrum && b.losslessPorts > 0 && asic.privateHeadroom.value() > 0) {
        lines.add("private-headroom", "private headroom (shared headroom pool on)", asic.privateHeadroom, b.losslessPorts,
            "per port with a lossless PG", kPoolLua);
        accumulativeXoff = std::max<std::int64_t>(0, accumulativeXoff - asic.privateHeadroom.value() * b.losslessPorts);
    }
    std::int64_t shp = 0;
    std::string shpFormula;
    if (shpOn) {
        if (asic.sharedHeadroomPool) {
            shp = asic.sharedHeadroomPool->value();
            shpFormula = "configured ingress_lossless_pool.xoff of the ASIC profile";
        } else if (b.losslessPorts > 0 || spectrum) {
            const double ratio = std::max(b.settings.overSubscribeRatio, 1.0);
            shp = static_cast<std::int64_t>(std::ceil(static_cast<double>(accumulativeXoff) / ratio));
            shpFormula = fmt::format("ceil(Σ(xon + xoff − size)·PGs {}/ over_subscribe_ratio {})", spectrum ? "− lossless ports·private headroom " : "", ratio);
            if (shp == 0 && spectrum) {
                shp = 655360;
                shpFormula = "655,360 B when the accumulated xoff is 0 (buffer_pool_mellanox.lua)";
            }
        }
    }
    if (asic.managementPool.value() > 0)
        lines.add("management-pool", "management pool", asic.managementPool, 1, "once per switch", spectrum ? kPoolLua : asicSrc);
    if (asic.extraReserved.value() > 0)
        lines.add("extra", "extra reservation (e.g. Spectrum-6 modification descriptors)", asic.extraReserved, 1, "once per switch", asicSrc);

    auto reservedLines = lines.take();
    std::int64_t reserved = 0;
    for (const auto& l : reservedLines)
        reserved += l.total.value();
    b.reserved = Bytes(reserved);
    b.sharedHeadroomPool = Bytes(shp);
    b.lines = std::move(reservedLines);
    if (shpOn)
        b.lines.push_back({ "shared-headroom-pool", "shared headroom pool (ingress_lossless_pool.xoff)", Bytes(shp), 1, Bytes(shp), shpFormula,
            spectrum ? kPoolLua : asicSrc });
    const std::int64_t available = b.total.value() - reserved - shp;
    b.available = Bytes(available);

    // Pools: every ingress/egress pool without a configured size shares what is left.
    std::vector<PoolSpec> specs = asic.pools;
    if (specs.empty())
        specs.push_back({ "ingress_lossless_pool", PoolDirection::Ingress, PoolMode::Dynamic, std::nullopt, std::nullopt });
    int ingressAuto = 0;
    for (const auto& s : specs)
        if (s.direction == PoolDirection::Ingress && !s.size)
            ++ingressAuto;
    const double cell = static_cast<double>(std::max<std::int64_t>(1, asic.cellSize.value()));
    const double cellAligned = std::floor(static_cast<double>(b.total.value()) / cell) * cell;
    double poolSize = ingressAuto <= 1 ? static_cast<double>(available) : static_cast<double>(available) / ingressAuto;
    poolSize = std::min(poolSize, cellAligned);
    std::int64_t poolLines = 0;
    bool haveLossless = false;
    for (const auto& s : specs) {
        PoolSize ps;
        ps.name = s.name;
        ps.direction = s.direction;
        if (s.size) {
            ps.size = *s.size;
            ps.configured = true;
            ps.formula = "configured size";
        } else {
            const double v = s.percentage ? static_cast<double>(available) * *s.percentage / 100.0 : poolSize;
            ps.size = Bytes(std::max<std::int64_t>(0, static_cast<std::int64_t>(std::ceil(v))));
            ps.formula = s.percentage ? fmt::format("available·{}/100", *s.percentage)
                                      : (ingressAuto <= 1 ? "available = total − reserved − shared headroom pool"
                                                          : fmt::format("available/{} (ingress pools without a size share it)", ingressAuto));
        }
        if (s.name == "ingress_lossless_pool" && shpOn)
            ps.xoff = Bytes(shp);
        if (s.direction == PoolDirection::Ingress && !s.size) {
            b.lines.push_back({ "pool", s.name, ps.size, 1, ps.size, ps.formula, spectrum ? kPoolLua : asicSrc });
            poolLines += ps.size.value();
        }
        b.pools.push_back(std::move(ps));
    }
    // B − H for dynamic thresholds and ECN: ingress_lossless_pool, else the first computed ingress pool.
    for (const auto& ps : b.pools)
        if (ps.name == "ingress_lossless_pool") {
            b.ingressLosslessPool = ps.size;
            haveLossless = true;
            break;
        }
    if (!haveLossless)
        for (const auto& ps : b.pools)
            if (ps.direction == PoolDirection::Ingress && !ps.configured) {
                b.ingressLosslessPool = ps.size;
                break;
            }
    if (!b.totalKnown)
        b.ingressLosslessPool = Bytes(0);
    const std::int64_t remainder = b.total.value() - reserved - shp - poolLines;
    b.lines.push_back({ "remainder", available < 0 ? "over-committed (negative)" : "not assigned to a pool", Bytes(remainder), 1, Bytes(remainder),
        "total − reservations − shared headroom pool − shared pools (rounding, fixed-size pools)", {} });

    // Dynamic thresholds on the ingress lossless pool.
    int congested = 0;
    for (const auto& p : b.ports)
        congested += p.losslessPgs;
    b.dtShareOne = dynamicThresholdShare(b.ingressLosslessPool, b.dynamicTh, 1);
    b.dtShareAll = dynamicThresholdShare(b.ingressLosslessPool, b.dynamicTh, std::max(congested, 1));
    return b;
}

// ------------------------------------------------------------------------------------------------

std::vector<Finding> budgetFindings(const SwitchBudget& b, const AsicProfile& asic, const BudgetContext& ctx, std::size_t nodeIndex)
{
    std::vector<Finding> out;
    const Node& node = ctx.fabric().nodes[nodeIndex];
    const bool spectrum = asic.headroomModel == "spectrum";

    // Port speeds the ASIC cannot run (AsicProfile::speeds; an empty list is unknown and never flags).
    // One finding per switch and speed, objects every port of the switch at that speed.
    if (!asic.speeds.empty()) {
        std::map<std::int64_t, std::vector<std::string>> unsupported;
        for (const auto& port : node.ports)
            if (port.speed.value() > 0 && !asicSupportsSpeed(asic, port.speed))
                unsupported[port.speed.value()].push_back(fmt::format("{}:{}", node.name, port.name));
        std::vector<std::string> supported;
        for (const auto& sp : asic.speeds)
            supported.push_back(formatSpeed(sp));
        const std::string speedSrc = asic.sources.count("speeds") ? asic.sources.at("speeds") : fmt::format("ASIC profile {}", asic.id);
        for (auto& [speed, objs] : unsupported) {
            std::sort(objs.begin(), objs.end());
            const std::size_t count = objs.size();
            FindingParams params { { "switch", node.name }, { "count", std::to_string(count) }, { "ports", count == 1 ? "port" : "ports" },
                { "speed", formatSpeed(BitsPerSecond(speed)) }, { "first", objs.front() }, { "more", count > 1 ? "and-more" : "" },
                { "more_count", std::to_string(count - 1) }, { "asic", asic.id }, { "asic_name", asic.name },
                { "supported", fmt::format("{}", fmt::join(supported, ", ")) } };
            std::vector<Evidence> evidence { ev("speed", toGbps(BitsPerSecond(speed)), "Gb/s", "PORT speed of the listed ports"),
                ev("ports", static_cast<double>(count), "ports", node.name),
                ev("supported_speeds", static_cast<double>(asic.speeds.size()), "speeds", fmt::format("{} — {}", fmt::join(supported, ", "), speedSrc)) };
            out.push_back(makeFinding("LFP-ASIC-SPEED-UNSUPPORTED", std::move(objs), std::move(params), std::move(evidence)));
        }
    }

    // Per-port limits.
    const std::optional<Bytes> maxHr = b.settings.maxHeadroomPerPort ? b.settings.maxHeadroomPerPort : asic.maxHeadroomPerPort;
    const bool shpOn = sharedHeadroomOn(asic, b.settings);
    const std::int64_t shpPortLimit = static_cast<std::int64_t>(asic.portMaxShpCells + asic.portReservedShpCells) * asic.cellSize.value();
    for (const auto& p : b.ports) {
        if (!p.headroom)
            continue;
        if (maxHr && p.portHeadroom.value() >= maxHr->value()) {
            Finding f = makeFinding("LFP-BUF-HEADROOM-EXCEEDS-PORT-MAX", { fmt::format("{}:{}", b.switchName, p.port) },
                FindingParams { { "switch", b.switchName }, { "port", p.port }, { "speed", formatSpeed(p.speed) }, { "cable", formatLength(p.cable) },
                    { "headroom", formatBytesHuman(p.portHeadroom) }, { "max", formatBytesHuman(*maxHr) } });
            f.evidence = { ev("port_headroom", static_cast<double>(p.portHeadroom.value()), "B", spectrum ? kCheckLua : "Σ lossless PG headroom × PGs"),
                ev("max_headroom_size", static_cast<double>(maxHr->value()), "B", b.settings.maxHeadroomPerPort ? "node attribute buffer.max_headroom_size" : "ASIC profile max_headroom_per_port"),
                ev("pg_size", static_cast<double>(p.headroom->size.value()), "B", p.headroom->version),
                ev("xoff", static_cast<double>(p.headroom->xoff.value()), "B"), ev("lossless_pgs", p.losslessPgs, "PGs"),
                ev("cable", p.cable.value(), "m"), ev("speed", toGbps(p.speed), "Gb/s") };
            out.push_back(std::move(f));
        }
        if (shpOn && spectrum && shpPortLimit > 0 && p.shpDemand.value() > shpPortLimit) {
            Finding f = makeFinding("LFP-BUF-SHP-EXCEEDS-PORT-MAX", { fmt::format("{}:{}", b.switchName, p.port) },
                FindingParams { { "switch", b.switchName }, { "port", p.port }, { "demand", formatBytesHuman(p.shpDemand) },
                    { "limit", formatBytesHuman(Bytes(shpPortLimit)) } });
            f.evidence = { ev("shp_demand", static_cast<double>(p.shpDemand.value()), "B", "Σ (xon + xoff − size) over the port's lossless PGs"),
                ev("shp_port_limit", static_cast<double>(shpPortLimit), "B", "(port_max_shp + port_reserved_shp) × cell_size"),
                ev("cable", p.cable.value(), "m"), ev("speed", toGbps(p.speed), "Gb/s") };
            out.push_back(std::move(f));
        }
    }

    if (!b.totalKnown) {
        out.push_back(makeFinding("LFP-BUF-TOTAL-UNKNOWN", { b.switchName }, FindingParams { { "switch", b.switchName }, { "asic", asic.id } },
            { ev("reserved", static_cast<double>(b.reserved.value()), "B", "what the budget reserves") }));
        return out;
    }

    const double total = static_cast<double>(b.total.value());
    if (!b.fits()) {
        Finding f = makeFinding("LFP-BUF-POOL-OVERCOMMITTED", { b.switchName },
            FindingParams { { "switch", b.switchName }, { "reserved", formatBytesHuman(b.reserved) }, { "shp", formatBytesHuman(b.sharedHeadroomPool) },
                { "asic", asic.id }, { "total", formatBytesHuman(b.total) }, { "excess", formatBytesHuman(Bytes(-b.available.value())) } });
        f.evidence = { ev("total_buffer", total, "B", asic.sources.count("total_buffer") ? asic.sources.at("total_buffer") : "ASIC profile"),
            ev("reserved", static_cast<double>(b.reserved.value()), "B", "Σ reservations (see lfp budget)"),
            ev("shared_headroom_pool", static_cast<double>(b.sharedHeadroomPool.value()), "B"),
            ev("available", static_cast<double>(b.available.value()), "B", "total − reserved − shared headroom pool"),
            ev("active_ports", b.activePorts, "ports") };
        out.push_back(std::move(f));
        return out;
    }

    const double share = static_cast<double>(b.ingressLosslessPool.value()) / total;
    if (share < kSharedPoolLowShare) {
        Finding f = makeFinding("LFP-BUF-SHARED-POOL-LOW", { b.switchName },
            FindingParams { { "switch", b.switchName }, { "pool", formatBytesHuman(b.ingressLosslessPool) }, { "share", fmt::format("{:.1f}", share * 100) },
                { "threshold", fmt::format("{:.0f}", kSharedPoolLowShare * 100) } });
        f.evidence = { ev("ingress_lossless_pool", static_cast<double>(b.ingressLosslessPool.value()), "B"), ev("total_buffer", total, "B"),
            ev("share", share * 100, "%"), ev("threshold", kSharedPoolLowShare * 100, "%", "docs/formulas.md: shared-pool threshold"),
            ev("reserved", static_cast<double>(b.reserved.value()), "B"), ev("shared_headroom_pool", static_cast<double>(b.sharedHeadroomPool.value()), "B") };
        out.push_back(std::move(f));
    }

    // ECN before PFC: per policy in force on the switch's active ports.
    std::set<const QosPolicy*> seen;
    for (std::size_t pi = 0; pi < node.ports.size(); ++pi) {
        if (!ctx.cableAt(nodeIndex, pi))
            continue;
        const QosPolicy* pol = ctx.policyAt(nodeIndex, pi);
        if (!pol || pol->losslessPriorities.empty() || !seen.insert(pol).second)
            continue;
        const std::set<int> llQueues = pgSplit(*pol).losslessQueues;
        const int q = b.activePorts * std::max(1, static_cast<int>(llQueues.size()));
        const EcnPfcBound bound = ecnBeforePfcBound(b.ingressLosslessPool, b.dynamicTh, b.activePorts, q);
        for (const auto& e : pol->ecn) {
            const bool onLossless = std::any_of(e.queues.begin(), e.queues.end(), [&](int qq) { return llQueues.count(qq) > 0; });
            if (!onLossless || e.kmin.value() < bound.bound.value())
                continue;
            Finding f = makeFinding("LFP-ECN-AFTER-PFC", { b.switchName, fmt::format("policy:{}", pol->name) },
                FindingParams { { "switch", b.switchName }, { "profile", e.name }, { "kmin", formatBytesHuman(e.kmin) }, { "bound", formatBytesHuman(bound.bound) } });
            f.evidence = { ev("kmin", static_cast<double>(e.kmin.value()), "B", fmt::format("policy {} ECN profile {}", pol->name, e.name)),
                ev("bound", static_cast<double>(bound.bound.value()), "B", "α·(B − H)/(k + α·Q), ecn-pfc.md §5 (DCQCN SIGCOMM'15 buffer settings; conservative)"),
                ev("shared_buffer", static_cast<double>(b.ingressLosslessPool.value()), "B", "B − H: the ingress lossless pool"),
                ev("alpha", bound.alpha, "factor", fmt::format("2^dynamic_th, dynamic_th {}", b.dynamicTh)), ev("k", bound.k, "queues", "active ports"),
                ev("Q", bound.q, "queues", "active ports × lossless queues") };
            out.push_back(std::move(f));
        }
    }
    return out;
}

// ------------------------------------------------------------------------------------------------

std::vector<Finding> checkBuffers(const Fabric& fabric, const AsicCatalog& catalog, Feedback* feedback)
{
    const FabricIndex index(fabric);
    return checkBuffers(index, catalog, feedback);
}

std::vector<Finding> checkBuffers(const FabricIndex& index, const AsicCatalog& catalog, Feedback* feedback)
{
    const Fabric& fabric = index.fabric();
    BudgetContext ctx(index);
    HeadroomCache cache;
    std::vector<std::size_t> switches;
    for (std::size_t i = 0; i < fabric.nodes.size(); ++i) {
        const Node& n = fabric.nodes[i];
        // An InfiniBand switch without an ASIC profile has no PFC headroom to plan: IB flow control is
        // credit-based (LFP-IB-QOS-BY-SM says so once).
        if (n.isSwitch() && !(n.asic.empty() && n.attributes.count("ib.type")))
            switches.push_back(i);
    }
    std::vector<std::vector<Finding>> per(switches.size());
    std::atomic<std::size_t> done { 0 };
    std::atomic<bool> cancelled { false };
    auto profileFor = [&](const std::string& id) -> const AsicProfile* {
        for (const auto& a : fabric.asics)
            if (a.id == id)
                return &a;
        return catalog.find(id);
    };
    if (feedback)
        feedback->setMessage("Checking buffers");
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, switches.size(), 16), [&](const tbb::blocked_range<std::size_t>& r) {
        for (std::size_t s = r.begin(); s != r.end(); ++s) {
            if (cancelled.load(std::memory_order_relaxed) || (feedback && feedback->isCancelled())) {
                cancelled = true;
                return;
            }
            const std::size_t ni = switches[s];
            const Node& node = fabric.nodes[ni];
            auto& out = per[s];
            if (node.asic.empty()) {
                out.push_back(makeFinding("LFP-BUF-NO-ASIC", { node.name }, FindingParams { { "switch", node.name } }));
                continue;
            }
            const AsicProfile* asic = profileFor(node.asic);
            if (!asic) {
                out.push_back(makeFinding("LFP-BUF-UNKNOWN-ASIC", { node.name }, FindingParams { { "switch", node.name }, { "asic", node.asic } }));
                continue;
            }
            try {
                const SwitchBudget b = computeBudget(ctx, ni, *asic, &cache);
                out = budgetFindings(b, *asic, ctx, ni);
            } catch (const InputError& e) {
                out.push_back(makeFinding("LFP-BUF-BAD-SETTING", { node.name }, FindingParams { { "error", e.what() } }));
            } catch (const std::invalid_argument& e) {
                out.push_back(makeFinding("LFP-BUF-HEADROOM-INPUT", { node.name }, FindingParams { { "switch", node.name }, { "error", e.what() } }));
            }
            const auto n = ++done;
            if (feedback && (n % 64 == 0 || n == switches.size()))
                feedback->setProgress(100.0 * static_cast<double>(n) / static_cast<double>(switches.size()));
        }
    });
    if (cancelled)
        throw Cancelled {};
    std::vector<Finding> all;
    for (auto& v : per)
        for (auto& f : v)
            all.push_back(std::move(f));
    return all;
}

} // namespace lfp
