// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/buffer/budget.h"

#include "planner/buffer/bufferfit.h"

#include "planner/findings/findingregistry.h"
#include "planner/buffer/pgsplit.h"

#include "model/asiccatalog.h"
#include "planner/checks/checks.h"
#include "planner/checks/ecn.h"
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

    /// A translatable template of context "BudgetLine" (planner/findings/phrase.h); the text is a
    /// QT_TRANSLATE_NOOP literal so that lupdate finds it.
    template <typename... Args>
    Phrase P(const char* text, Args&&... args)
    {
        return makePhrase("BudgetLine", text, std::forward<Args>(args)...);
    }
    /// A formula, identifier or path: not translated.
    Phrase V(std::string text) { return verbatimPhrase(std::move(text)); }

    [[noreturn]] void badAttribute(const Node& node, const std::string& key, const std::string& value, const std::string& expected)
    {
        throw InputError(SourceLocation { {}, 0, 0, fmt::format("node {} attribute {}", node.name, key) },
            fmt::format("found \"{}\", expected {}", value, expected));
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

    /// A line of the budget, its strings the English render() of its phrases.
    BudgetLine makeLine(std::string category, Phrase name, Bytes perUnit, std::int64_t count, Bytes total, Phrase formula, Phrase source)
    {
        BudgetLine l;
        l.category = std::move(category);
        l.name = render(name);
        l.perUnit = perUnit;
        l.count = count;
        l.total = total;
        l.formula = render(formula);
        l.source = render(source);
        l.namePhrase = std::move(name);
        l.formulaPhrase = std::move(formula);
        l.sourcePhrase = std::move(source);
        return l;
    }

    /// Lines in insertion order, merged by (English) name.
    class Lines {
    public:
        void add(const std::string& category, const Phrase& name, Bytes perUnit, std::int64_t count, const Phrase& formula, const Phrase& source)
        {
            std::string key = render(name);
            auto it = m_index.find(key);
            if (it != m_index.end()) {
                auto& l = m_lines[it->second];
                l.count += count;
                l.total = Bytes(l.perUnit.value() * l.count);
                return;
            }
            m_index.emplace(std::move(key), m_lines.size());
            m_lines.push_back(makeLine(category, name, perUnit, count, Bytes(perUnit.value() * count), formula, source));
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
    // The file's settings were parsed and range-checked when it was read (model/buffersettings.h). A
    // fabric built in code may still carry a "buffer.*" attribute: it is parsed the same way here, so
    // a malformed one is reported (LFP-BUF-BAD-SETTING) rather than silently ignored.
    NodeBufferSettings given = node.buffer;
    for (const auto& [key, value] : node.attributes)
        if (isBufferSettingKey(key))
            if (auto expected = setBufferSetting(given, key, value); !expected.empty())
                badAttribute(node, key, value, expected);
    BufferSettings s;
    s.overSubscribeRatio = given.overSubscribeRatio.value_or(s.overSubscribeRatio);
    s.losslessMtu = given.losslessMtu.value_or(s.losslessMtu);
    s.smallPacketPercentage = given.smallPacketPercentage.value_or(s.smallPacketPercentage);
    s.release = given.sonicRelease.value_or(s.release);
    s.maxHeadroomPerPort = given.maxHeadroomSize;
    s.dynamicTh = given.dynamicTh;
    s.gearboxDelay = given.gearboxDelay.value_or(s.gearboxDelay);
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
    const auto at = fabric.nodes.indexOf(&node);
    if (!at)
        throw std::invalid_argument("computeBudget: the node is not part of the fabric");
    const std::size_t idx = *at;
    HeadroomCache cache;
    return computeBudget(ctx, idx, asic, &cache);
}

namespace {

    /// computeBudget() in its phases: the reservations of every linked port, the private headroom and
    /// the shared headroom pool, the per-switch reservations, the pools that share what is left, and
    /// the dynamic-threshold shares. Each phase adds its lines (with formula and source) to the budget.
    class BudgetBuilder {
    public:
        BudgetBuilder(const BudgetContext& ctx, std::size_t nodeIndex, const AsicProfile& asic, HeadroomCache* cache)
            : m_ctx(ctx)
            , m_nodeIndex(nodeIndex)
            , m_node(ctx.fabric().nodes[nodeIndex])
            , m_asic(asic)
            , m_cache(cache)
            , m_spectrum(asic.headroomModel == "spectrum")
            , m_pipeline(asic.pipelineLatency.value())
            , m_asicSrc(P(QT_TRANSLATE_NOOP("BudgetLine", "ASIC profile %1"), asic.id))
        {
            b.switchName = m_node.name;
            b.asicId = asic.id;
            b.model = asic.headroomModel;
            b.settings = bufferSettingsFor(m_node);
            b.total = asic.totalBuffer;
            b.totalKnown = asic.totalBuffer.value() > 0;
            m_shpOn = sharedHeadroomOn(asic, b.settings);
            b.dynamicTh = b.settings.dynamicTh.value_or(asic.losslessDynamicTh);
        }

        SwitchBudget build()
        {
            for (std::size_t pi = 0; pi < m_node.ports.size(); ++pi)
                reservePort(pi);
            takeVendorDynamicTh();
            const auto [shp, shpFormula] = sharedHeadroomPool();
            switchReservations();
            auto reservedLines = m_lines.take();
            std::int64_t reserved = 0;
            for (const auto& l : reservedLines)
                reserved += l.total.value();
            b.reserved = Bytes(reserved);
            b.sharedHeadroomPool = Bytes(shp);
            b.lines = std::move(reservedLines);
            if (m_shpOn)
                b.lines.push_back(makeLine("shared-headroom-pool", P(QT_TRANSLATE_NOOP("BudgetLine", "shared headroom pool (ingress_lossless_pool.xoff)")), Bytes(shp), 1, Bytes(shp), shpFormula, src()));
            sizePools(reserved, shp);
            dynamicThresholds();
            return std::move(b);
        }

    private:
        Phrase src() const { return m_spectrum ? V(kPoolLua) : m_asicSrc; }

        std::int64_t lossyPgSize(bool eightLane) const
        {
            if (m_spectrum)
                return eightLane ? (2 * m_pipeline - 1024) : m_pipeline;
            return 0; // Broadcom / generic templates: ingress_lossy_profile size 0
        }

        /// PG / queue counts per policy, computed once per switch and policy.
        const PgCounts& countsFor(const QosPolicy* policy)
        {
            for (const auto& [pol, c] : m_pgMemo)
                if (pol == policy)
                    return c;
            m_pgMemo.emplace_back(policy, pgCountsFor(policy));
            return m_pgMemo.back().second;
        }

        /// The reservations of one port: its lossless PGs' headroom, lossy PGs, egress queues, the
        /// management PG, egress mirror and the egress port profile.
        void reservePort(std::size_t pi)
        {
            const auto cable = m_ctx.cableAt(m_nodeIndex, pi);
            if (!cable)
                return; // not on a link: admin-down, SONiC gives it no buffers
            const Port& port = m_node.ports[pi];
            const QosPolicy* policy = m_ctx.policyAt(m_nodeIndex, pi);
            PortBudget pb;
            pb.port = port.name;
            pb.speed = port.speed;
            pb.lanes = port.lanes;
            pb.mtu = port.mtu;
            pb.cable = *cable;
            const PgCounts& counts = countsFor(policy);
            pb.losslessPgs = counts.losslessPgs;
            pb.lossyPgs = counts.lossyPgs;
            pb.losslessQueues = counts.losslessQueues;
            pb.lossyQueues = kPriorities - pb.losslessQueues;
            const bool eightLane = port.lanes == 8;
            std::int64_t reserved = 0;
            std::int64_t portHeadroom = 0;

            if (pb.losslessPgs > 0) {
                const Memo& m = losslessProfile(port, *cable, pb);
                const auto& hr = m.result;
                pb.headroom = hr;
                const auto n = pb.losslessPgs;
                m_lines.add("lossless-pg", m.profileName, hr->size, n, m.formula, hr->versionPhrase);
                reserved += hr->size.value() * n;
                pb.shpDemand = Bytes(hr->sharedHeadroomDemand().value() * n);
                m_accumulativeXoff += pb.shpDemand.value();
                portHeadroom += (m_spectrum ? hr->size.value() : std::max(hr->size.value(), hr->xon.value() + hr->xoff.value())) * n;
                ++b.losslessPorts;
                b.losslessQueuesPerPort = std::max(b.losslessQueuesPerPort, pb.losslessQueues);
            }
            if (pb.lossyPgs > 0) {
                const auto sz = lossyPgSize(eightLane);
                m_lines.add("lossy-pg", eightLane ? P(QT_TRANSLATE_NOOP("BudgetLine", "lossy PG reservation (8-lane port)")) : P(QT_TRANSLATE_NOOP("BudgetLine", "lossy PG reservation")), Bytes(sz), pb.lossyPgs,
                    m_spectrum ? (eightLane ? P(QT_TRANSLATE_NOOP("BudgetLine", "(2·pipeline_latency − 1 KiB): implicit reservation of a lossy PG on an 8-lane port"))
                                            : P(QT_TRANSLATE_NOOP("BudgetLine", "pipeline_latency: implicit reservation of a lossy PG")))
                               : P(QT_TRANSLATE_NOOP("BudgetLine", "ingress_lossy_profile size 0 (no implicit reservation outside Spectrum)")),
                    m_spectrum ? V(kPoolLua) : m_asicSrc);
                reserved += sz * pb.lossyPgs;
                portHeadroom += sz * pb.lossyPgs;
            }
            m_lines.add("egress-queue", P(QT_TRANSLATE_NOOP("BudgetLine", "egress queue reservation")), m_asic.queueReserved, kPriorities,
                P(QT_TRANSLATE_NOOP("BudgetLine", "queue_reserved per egress queue (Spectrum: q_lossy_profile / egress_lossless_profile size 0)")), m_asicSrc);
            reserved += m_asic.queueReserved.value() * kPriorities;
            if (m_spectrum) {
                const auto sz = lossyPgSize(eightLane);
                m_lines.add("management-pg", eightLane ? P(QT_TRANSLATE_NOOP("BudgetLine", "management PG (8-lane port)")) : P(QT_TRANSLATE_NOOP("BudgetLine", "management PG")), Bytes(sz), 1,
                    P(QT_TRANSLATE_NOOP("BudgetLine", "per admin-up port: pipeline_latency (8-lane: 2·pipeline_latency − 1 KiB)")), V(kPoolLua));
                reserved += sz;
                // buffer_check_headroom_mellanox.lua: 4096 deviation + one lossy PG + egress mirror 20 KiB (×2 on 8-lane)
                portHeadroom += 4096 + sz + (eightLane ? 2 : 1) * 20 * 1024;
            }
            if (m_asic.egressMirrorHeadroom.value() > 0) {
                m_lines.add("egress-mirror", P(QT_TRANSLATE_NOOP("BudgetLine", "egress mirror headroom")), m_asic.egressMirrorHeadroom, 1, P(QT_TRANSLATE_NOOP("BudgetLine", "per admin-up port")), src());
                reserved += m_asic.egressMirrorHeadroom.value();
            }
            if (m_asic.egressPortReserved.value() > 0) {
                m_lines.add("egress-port", P(QT_TRANSLATE_NOOP("BudgetLine", "egress port profile list (egress_lossy_profile)")), m_asic.egressPortReserved, 1,
                    P(QT_TRANSLATE_NOOP("BudgetLine", "per admin-up port: the egress profile list's egress_lossy_profile")), m_asicSrc);
                reserved += m_asic.egressPortReserved.value();
            }
            pb.reserved = Bytes(reserved);
            pb.portHeadroom = Bytes(portHeadroom);
            ++b.activePorts;
            b.ports.push_back(std::move(pb));
        }

        /// One lossless profile per distinct headroom input; the local memo avoids the shared cache's lock.
        struct Memo {
            HeadroomCache::Key key;
            std::shared_ptr<const HeadroomResult> result;
            Phrase profileName; ///< verbatim: an identifier
            Phrase formula;
        };
        const Memo& losslessProfile(const Port& port, Metres cable, const PortBudget& pb)
        {
            HeadroomInput in = headroomInputFor(port, cable, m_asic, b.settings);
            in.sku = m_node.model; // picks the SKU's vendor table when the profile has one
            HeadroomCache::Key key { {}, in.speed.value(), in.cable.value(), in.portMtu.value(), in.lanes, 0, 0, 0, 0, 0 };
            for (const auto& e : m_memo)
                if (e.key == key)
                    return e;
            auto hr = m_cache->get(m_asic, in); // throws std::invalid_argument for impossible inputs
            m_memo.push_back({ key, hr, V(pgProfileName(pb, 1024)),
                P(QT_TRANSLATE_NOOP("BudgetLine", "headroom size (%1 model): %2"), hr->model,
                    hr->sharedHeadroomPool ? P(QT_TRANSLATE_NOOP("BudgetLine", "xon (xoff in the shared headroom pool)")) : V("xon + xoff")) });
            return m_memo.back();
        }

        /// A vendor table's threshold column is the SKU's lossless dynamic_th (unless the node sets one).
        void takeVendorDynamicTh()
        {
            if (b.settings.dynamicTh)
                return;
            for (const auto& p : b.ports)
                if (p.headroom) {
                    b.dynamicTh = p.headroom->dynamicTh;
                    return;
                }
        }

        /// Private headroom per lossless port and the shared headroom pool: its size and formula.
        std::pair<std::int64_t, Phrase> sharedHeadroomPool()
        {
            if (m_shpOn && m_spectrum && b.losslessPorts > 0 && m_asic.privateHeadroom.value() > 0) {
                m_lines.add("private-headroom", P(QT_TRANSLATE_NOOP("BudgetLine", "private headroom (shared headroom pool on)")), m_asic.privateHeadroom, b.losslessPorts,
                    P(QT_TRANSLATE_NOOP("BudgetLine", "per port with a lossless PG")), V(kPoolLua));
                m_accumulativeXoff = std::max<std::int64_t>(0, m_accumulativeXoff - m_asic.privateHeadroom.value() * b.losslessPorts);
            }
            std::int64_t shp = 0;
            Phrase formula;
            if (!m_shpOn)
                return { shp, formula };
            if (m_asic.sharedHeadroomPool) {
                shp = m_asic.sharedHeadroomPool->value();
                formula = P(QT_TRANSLATE_NOOP("BudgetLine", "configured ingress_lossless_pool.xoff of the ASIC profile"));
            } else if (b.losslessPorts > 0 || m_spectrum) {
                const double ratio = std::max(b.settings.overSubscribeRatio, 1.0);
                shp = static_cast<std::int64_t>(std::ceil(static_cast<double>(m_accumulativeXoff) / ratio));
                formula = P(QT_TRANSLATE_NOOP("BudgetLine", "ceil(Σ(xon + xoff − size)·PGs %1/ over_subscribe_ratio %2)"),
                    m_spectrum ? P(QT_TRANSLATE_NOOP("BudgetLine", "− lossless ports·private headroom ")) : V(""), fmt::format("{}", ratio));
                if (shp == 0 && m_spectrum) {
                    shp = 655360;
                    formula = P(QT_TRANSLATE_NOOP("BudgetLine", "655,360 B when the accumulated xoff is 0 (buffer_pool_mellanox.lua)"));
                }
            }
            return { shp, formula };
        }

        /// Once per switch: the management pool and extra reservations.
        void switchReservations()
        {
            if (m_asic.managementPool.value() > 0)
                m_lines.add("management-pool", P(QT_TRANSLATE_NOOP("BudgetLine", "management pool")), m_asic.managementPool, 1, P(QT_TRANSLATE_NOOP("BudgetLine", "once per switch")), src());
            if (m_asic.extraReserved.value() > 0)
                m_lines.add("extra", P(QT_TRANSLATE_NOOP("BudgetLine", "extra reservation (e.g. Spectrum-6 modification descriptors)")), m_asic.extraReserved, 1, P(QT_TRANSLATE_NOOP("BudgetLine", "once per switch")), m_asicSrc);
        }

        /// Every ingress/egress pool without a configured size shares what is left; then the remainder.
        void sizePools(std::int64_t reserved, std::int64_t shp)
        {
            const std::int64_t available = b.total.value() - reserved - shp;
            b.available = Bytes(available);
            std::vector<PoolSpec> specs = m_asic.pools;
            if (specs.empty())
                specs.push_back({ "ingress_lossless_pool", PoolDirection::Ingress, PoolMode::Dynamic, std::nullopt, std::nullopt });
            int ingressAuto = 0;
            for (const auto& s : specs)
                if (s.direction == PoolDirection::Ingress && !s.size)
                    ++ingressAuto;
            const double cell = static_cast<double>(std::max<std::int64_t>(1, m_asic.cellSize.value()));
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
                    ps.formulaPhrase = P(QT_TRANSLATE_NOOP("BudgetLine", "configured size"));
                } else {
                    const double v = s.percentage ? static_cast<double>(available) * *s.percentage / 100.0 : poolSize;
                    ps.size = Bytes(std::max<std::int64_t>(0, static_cast<std::int64_t>(std::ceil(v))));
                    ps.formulaPhrase = s.percentage ? P(QT_TRANSLATE_NOOP("BudgetLine", "available·%1/100"), fmt::format("{}", *s.percentage))
                        : ingressAuto <= 1          ? P(QT_TRANSLATE_NOOP("BudgetLine", "available = total − reserved − shared headroom pool"))
                                                    : P(QT_TRANSLATE_NOOP("BudgetLine", "available/%1 (ingress pools without a size share it)"), fmt::format("{}", ingressAuto));
                }
                ps.formula = render(ps.formulaPhrase);
                if (s.name == "ingress_lossless_pool" && m_shpOn)
                    ps.xoff = Bytes(shp);
                if (s.direction == PoolDirection::Ingress && !s.size) {
                    b.lines.push_back(makeLine("pool", V(s.name), ps.size, 1, ps.size, ps.formulaPhrase, src()));
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
            b.lines.push_back(makeLine("remainder", available < 0 ? P(QT_TRANSLATE_NOOP("BudgetLine", "over-committed (negative)")) : P(QT_TRANSLATE_NOOP("BudgetLine", "not assigned to a pool")), Bytes(remainder), 1,
                Bytes(remainder), P(QT_TRANSLATE_NOOP("BudgetLine", "total − reservations − shared headroom pool − shared pools (rounding, fixed-size pools)")), {}));
        }

        /// Dynamic thresholds on the ingress lossless pool: one congested PG, and all of them.
        void dynamicThresholds()
        {
            int congested = 0;
            for (const auto& p : b.ports)
                congested += p.losslessPgs;
            b.dtShareOne = dynamicThresholdShare(b.ingressLosslessPool, b.dynamicTh, 1);
            b.dtShareAll = dynamicThresholdShare(b.ingressLosslessPool, b.dynamicTh, std::max(congested, 1));
        }

        const BudgetContext& m_ctx;
        std::size_t m_nodeIndex;
        const Node& m_node;
        const AsicProfile& m_asic;
        HeadroomCache* m_cache;
        bool m_spectrum;
        bool m_shpOn = false;
        std::int64_t m_pipeline;
        Phrase m_asicSrc;
        SwitchBudget b;
        Lines m_lines;
        std::vector<Memo> m_memo;
        std::vector<std::pair<const QosPolicy*, PgCounts>> m_pgMemo;
        std::int64_t m_accumulativeXoff = 0;
    };

} // namespace

SwitchBudget computeBudget(const BudgetContext& ctx, std::size_t nodeIndex, const AsicProfile& asic, HeadroomCache* cache)
{
    HeadroomCache localCache;
    return BudgetBuilder(ctx, nodeIndex, asic, cache ? cache : &localCache).build();
}

// ------------------------------------------------------------------------------------------------

namespace {
    /// Port speeds the ASIC cannot run (AsicProfile::speeds; an empty list is unknown and never flags).
    /// One finding per switch and speed, objects every port of the switch at that speed. Also reported
    /// when the budget cannot be computed (a speed without a headroom model, e.g. 1.6T on Spectrum).
    void appendUnsupportedSpeeds(const Node& node, const AsicProfile& asic, std::vector<Finding>& out)
    {
        if (!asic.speeds.empty()) {
            std::map<std::int64_t, std::vector<ObjectRef>> unsupported;
            for (const auto& port : node.ports)
                if (port.speed.value() > 0 && !asicSupportsSpeed(asic, port.speed))
                    unsupported[port.speed.value()].push_back(ObjectRef::forPort({ node.name, port.name }));
            std::vector<std::string> supported;
            for (const auto& sp : asic.speeds)
                supported.push_back(formatSpeed(sp));
            const std::string speedSrc = asic.sources.count("speeds") ? asic.sources.at("speeds") : fmt::format("ASIC profile {}", asic.id);
            for (auto& [speed, objs] : unsupported) {
                std::sort(objs.begin(), objs.end());
                const std::size_t count = objs.size();
                FindingParams params { { "switch", node.name }, { "count", std::to_string(count) }, { "ports", count == 1 ? "port" : "ports" },
                    { "speed", formatSpeed(BitsPerSecond(speed)) }, { "first", objs.front().toString() }, { "more", count > 1 ? "and-more" : "" },
                    { "more_count", std::to_string(count - 1) }, { "asic", asic.id }, { "asic_name", asic.name },
                    { "supported", fmt::format("{}", fmt::join(supported, ", ")) } };
                std::vector<Evidence> evidence { ev("speed", toGbps(BitsPerSecond(speed)), "Gb/s", "PORT speed of the listed ports"),
                    ev("ports", static_cast<double>(count), "ports", node.name),
                    ev("supported_speeds", static_cast<double>(asic.speeds.size()), "speeds", fmt::format("{} — {}", fmt::join(supported, ", "), speedSrc)) };
                out.push_back(makeFinding("LFP-ASIC-SPEED-UNSUPPORTED", std::move(objs), std::move(params), std::move(evidence)));
            }
        }
    }
} // namespace

std::vector<Finding> budgetFindings(const SwitchBudget& b, const AsicProfile& asic, const BudgetContext& ctx, std::size_t nodeIndex)
{
    std::vector<Finding> out;
    const Node& node = ctx.fabric().nodes[nodeIndex];
    const bool spectrum = asic.headroomModel == "spectrum";

    appendUnsupportedSpeeds(node, asic, out);

    // Per-port limits.
    const std::optional<Bytes> maxHr = b.settings.maxHeadroomPerPort ? b.settings.maxHeadroomPerPort : asic.maxHeadroomPerPort;
    const bool shpOn = sharedHeadroomOn(asic, b.settings);
    const std::int64_t shpPortLimit = static_cast<std::int64_t>(asic.portMaxShpCells + asic.portReservedShpCells) * asic.cellSize.value();
    for (const auto& p : b.ports) {
        if (!p.headroom)
            continue;
        if (maxHr && p.portHeadroom.value() >= maxHr->value()) {
            Finding f = makeFinding("LFP-BUF-HEADROOM-EXCEEDS-PORT-MAX", { ObjectRef::forPort({ b.switchName, p.port }) },
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
            Finding f = makeFinding("LFP-BUF-SHP-EXCEEDS-PORT-MAX", { ObjectRef::forPort({ b.switchName, p.port }) },
                FindingParams { { "switch", b.switchName }, { "port", p.port }, { "demand", formatBytesHuman(p.shpDemand) },
                    { "limit", formatBytesHuman(Bytes(shpPortLimit)) } });
            f.evidence = { ev("shp_demand", static_cast<double>(p.shpDemand.value()), "B", "Σ (xon + xoff − size) over the port's lossless PGs"),
                ev("shp_port_limit", static_cast<double>(shpPortLimit), "B", "(port_max_shp + port_reserved_shp) × cell_size"),
                ev("cable", p.cable.value(), "m"), ev("speed", toGbps(p.speed), "Gb/s") };
            out.push_back(std::move(f));
        }
    }

    if (!b.totalKnown) {
        out.push_back(makeFinding("LFP-BUF-TOTAL-UNKNOWN", { ObjectRef::forNode(b.switchName) }, FindingParams { { "switch", b.switchName }, { "asic", asic.id } },
            { ev("reserved", static_cast<double>(b.reserved.value()), "B", "what the budget reserves") }));
        return out;
    }

    const double total = static_cast<double>(b.total.value());
    if (!b.fits()) {
        Finding f = makeFinding("LFP-BUF-POOL-OVERCOMMITTED", { ObjectRef::forNode(b.switchName) },
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
        Finding f = makeFinding("LFP-BUF-SHARED-POOL-LOW", { ObjectRef::forNode(b.switchName) },
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
            Finding f = makeFinding("LFP-ECN-AFTER-PFC", { ObjectRef::forNode(b.switchName), ObjectRef::forPolicy(pol->name) },
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

namespace {
    /// The buffer-fit proof under the worst case (planner/buffer/bufferfit.h): every port up on the longest
    /// cable. A plan that fits as linked but not in the worst case gets LFP-BUF-POOLS-EXCEED-BUFFER; a
    /// worst case the headroom cannot be computed for (an unlinked port at a speed without a model)
    /// is left to the other findings.
    void addWorstCaseFit(const BudgetContext& ctx, std::size_t ni, const AsicProfile& asic, HeadroomCache& cache, std::vector<Finding>& out)
    {
        try {
            const BufferFitProof proof = proveSwitchFit(ctx, ni, asic, &cache);
            if (!proof.fits())
                out.push_back(bufferFitFinding(proof, { ObjectRef::forNode(proof.subject) }));
        } catch (const std::invalid_argument&) {
        }
    }
} // namespace

std::vector<Finding> checkBuffers(const Fabric& fabric, const AsicCatalog& catalog, Feedback* feedback)
{
    const FabricIndex index(fabric);
    return checkBuffers(index, catalog, feedback);
}

std::vector<Finding> checkBuffers(const FabricIndex& index, const AsicCatalog& catalog, Feedback* feedback)
{
    return checkBuffers(index, catalog, {}, feedback);
}

std::vector<Finding> checkBuffers(const FabricIndex& index, const AsicCatalog& catalog, const std::vector<bool>& only, Feedback* feedback)
{
    const Fabric& fabric = index.fabric();
    BudgetContext ctx(index);
    HeadroomCache cache;
    std::vector<std::size_t> switches;
    for (std::size_t i = 0; i < fabric.nodes.size(); ++i) {
        const Node& n = fabric.nodes[i];
        if (!only.empty() && (i >= only.size() || !only[i]))
            continue;
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
                out.push_back(makeFinding("LFP-BUF-NO-ASIC", { ObjectRef::forNode(node.name) }, FindingParams { { "switch", node.name } }));
                continue;
            }
            const AsicProfile* asic = profileFor(node.asic);
            if (!asic) {
                out.push_back(makeFinding("LFP-BUF-UNKNOWN-ASIC", { ObjectRef::forNode(node.name) }, FindingParams { { "switch", node.name }, { "asic", node.asic } }));
                continue;
            }
            try {
                const SwitchBudget b = computeBudget(ctx, ni, *asic, &cache);
                out = budgetFindings(b, *asic, ctx, ni);
                if (b.totalKnown && b.fits())
                    addWorstCaseFit(ctx, ni, *asic, cache, out);
            } catch (const InputError& e) {
                out.push_back(makeFinding("LFP-BUF-BAD-SETTING", { ObjectRef::forNode(node.name) }, FindingParams { { "error", e.what() } }));
            } catch (const std::invalid_argument& e) {
                appendUnsupportedSpeeds(node, *asic, out);
                out.push_back(makeFinding("LFP-BUF-HEADROOM-INPUT", { ObjectRef::forNode(node.name) }, FindingParams { { "switch", node.name }, { "error", e.what() } }));
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
