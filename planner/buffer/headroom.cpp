// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/buffer/headroom.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>
#include <stdexcept>
#include <utility>

namespace lfp {

namespace {

    constexpr const char* kLuaFile = "sonic-swss cfgmgr/buffer_headroom_mellanox.lua";

    /// A translatable template of context "HeadroomTerm" (planner/findings/phrase.h); the text is a
    /// QT_TRANSLATE_NOOP literal so that lupdate finds it.
    template <typename... Args>
    Phrase P(const char* text, Args&&... args)
    {
        return makePhrase("HeadroomTerm", text, std::forward<Args>(args)...);
    }
    /// A formula, identifier or path: not translated.
    Phrase V(std::string text) { return verbatimPhrase(std::move(text)); }

    Phrase ieeeSource() { return P(QT_TRANSLATE_NOOP("HeadroomTerm", "IEEE 802.1Qbb / 802.3 Annex 31B delay budget (guide headroom.md §4; Cisco c11-542809)")); }
    Phrase asicProfileSource(const AsicProfile& asic) { return P(QT_TRANSLATE_NOOP("HeadroomTerm", "ASIC profile %1"), asic.id); }

    /// The unit of a term: the words among them translated, the symbols as they are.
    Phrase unitPhrase(const std::string& unit)
    {
        if (unit == "factor")
            return P(QT_TRANSLATE_NOOP("HeadroomTerm", "factor"));
        if (unit == "rows")
            return P(QT_TRANSLATE_NOOP("HeadroomTerm", "rows"));
        return V(unit);
    }

    class Terms {
    public:
        explicit Terms(std::vector<HeadroomTerm>& out, Phrase source)
            : m_out(out)
            , m_source(std::move(source))
        {
        }
        double add(std::string name, double value, const std::string& unit, Phrase formula, Phrase source = {})
        {
            HeadroomTerm term;
            term.name = std::move(name);
            term.value = value;
            term.unitPhrase = unitPhrase(unit);
            term.formulaPhrase = std::move(formula);
            term.sourcePhrase = source.empty() ? m_source : std::move(source);
            term.unit = render(term.unitPhrase);
            term.formula = render(term.formulaPhrase);
            term.source = render(term.sourcePhrase);
            m_out.push_back(std::move(term));
            return value;
        }

    private:
        std::vector<HeadroomTerm>& m_out;
        Phrase m_source;
    };

    double ceil1KiB(double x) { return std::ceil(x / 1024.0) * 1024.0; }

    double ceilCells(double x, double cell) { return std::ceil(x / cell) * cell; }

    void validate(const AsicProfile& asic, const HeadroomInput& in)
    {
        if (in.speed.value() <= 0)
            throw std::invalid_argument(fmt::format("headroom: port speed must be greater than 0 (got {} b/s)", in.speed.value()));
        if (in.cable.value() < 0 || !std::isfinite(in.cable.value()))
            throw std::invalid_argument("headroom: cable length must be 0 m or more");
        if (in.smallPacketPercentage < 0 || in.smallPacketPercentage > 100)
            throw std::invalid_argument(fmt::format("headroom: small-packet percentage must be 0..100 (got {})", in.smallPacketPercentage));
        if (in.losslessMtu.value() <= 0 || in.portMtu.value() <= 0)
            throw std::invalid_argument("headroom: MTUs must be greater than 0");
        if (in.lanes < 1 || in.lanes > 16)
            throw std::invalid_argument(fmt::format("headroom: lanes must be 1..16 (got {})", in.lanes));
        if (in.sharedHeadroomRatio < 0)
            throw std::invalid_argument("headroom: the shared headroom over-subscription ratio must be 0 (off) or more");
        if (in.gearboxDelay.value() < 0)
            throw std::invalid_argument("headroom: gearbox delay must be 0 ns or more");
        if (asic.cellSize.value() <= 0)
            throw std::invalid_argument(fmt::format("headroom: ASIC profile {} has no cell size", asic.id));
    }

    /// Worst-case factor and cell occupancy as in SONiC (#3235 and later for the byte-based share).
    struct Occupancy {
        double wcf = 1;
        double sppShare = 0; ///< % of bytes (or packets in Legacy) that are small packets
        double occupancy = 1;
    };

    Occupancy occupancyFor(double cell, const HeadroomInput& in, bool legacy, Terms& t)
    {
        Occupancy o;
        const double rawWcf = cell > 128 ? cell / 64.0 : (2 * cell) / (1 + cell);
        if (legacy) {
            o.wcf = t.add("worst_case_factor", rawWcf, "factor", V(cell > 128 ? "cell/64" : "2·cell/(1+cell)"));
            o.sppShare = t.add("small_packet_share", in.smallPacketPercentage, "%", P(QT_TRANSLATE_NOOP("HeadroomTerm", "small_packet_percentage (packet count, pre-#3235)")));
        } else {
            o.wcf = t.add("worst_case_factor", std::ceil(rawWcf), "factor", V(cell > 128 ? "ceil(cell/64)" : "ceil(2·cell/(1+cell))"));
            const double spp = in.smallPacketPercentage;
            const double mtu = static_cast<double>(in.losslessMtu.value());
            o.sppShare = t.add("small_packet_share", 100.0 * 64 / ((spp * 64 + (100 - spp) * mtu) / 100), "%",
                P(QT_TRANSLATE_NOOP("HeadroomTerm", "100·64/((spp·64 + (100−spp)·lossless_mtu)/100)  (byte-weighted)")));
        }
        o.occupancy = t.add("cell_occupancy", (100 - o.sppShare + o.sppShare * o.wcf) / 100, "factor",
            V("(100 − small_packet_share + small_packet_share·worst_case_factor)/100"));
        return o;
    }

    /// IEEE 802.3 Annex 31B pause-quanta budget as in the Lua's table (10G: 67 quanta in SONiC).
    constexpr std::array<std::pair<std::int64_t, int>, 10> kSonicQuanta { {
        { 100, 1 },
        { 1000, 2 },
        { 10000, 67 },
        { 25000, 80 },
        { 40000, 118 },
        { 50000, 147 },
        { 100000, 394 },
        { 200000, 453 },
        { 400000, 905 },
        { 800000, 905 },
    } };

    std::string shortRelease(SonicRelease r) { return fmt::format("{} {}", toString(r), std::string(sonicCommit(r)).substr(0, 9)); }

    /// sonicCommit() as a phrase: the legacy release's note is prose.
    Phrase sonicCommitPhrase(SonicRelease r)
    {
        if (r == SonicRelease::Legacy)
            return P(QT_TRANSLATE_NOOP("HeadroomTerm", "4957df86d (#2860; behaviour of f9462c499 #1930 and later, before 3943093d4)"));
        return V(sonicCommit(r));
    }

} // namespace

const char* sonicCommit(SonicRelease r)
{
    switch (r) {
    case SonicRelease::Legacy:
        return "4957df86d (#2860; behaviour of f9462c499 #1930 and later, before 3943093d4)";
    case SonicRelease::Pr3235:
        return "3943093d4 (#3235)";
    case SonicRelease::Pr4757:
        return "b20a59691baca9ff6e4fbe46a7cd8223a3419117 (#4757)";
    case SonicRelease::Head:
        return "e6b0c5b5d2ab52354c4ec941f7c9005aeec3f779";
    }
    return "?";
}

std::optional<int> sonicPauseQuanta(BitsPerSecond speed, SonicRelease release)
{
    const auto mbps = toMbps(speed);
    if (speed.value() % 1'000'000 != 0)
        return std::nullopt;
    for (const auto& [s, q] : kSonicQuanta)
        if (s == mbps) {
            (void)release; // the 800G entry exists in every release modelled (4957df86d added it)
            return q;
        }
    return std::nullopt;
}

const std::vector<std::string>& headroomModels()
{
    static const std::vector<std::string> m { "spectrum", "ieee-8021qbb", "broadcom-xgs" };
    return m;
}

Bytes HeadroomResult::sharedHeadroomDemand() const
{
    if (model == "broadcom-xgs")
        return xoff; // Broadcom: the whole per-PG headroom limit is drawn from the shared headroom pool
    const auto d = xon.value() + xoff.value() - size.value();
    return Bytes(std::max<std::int64_t>(0, d));
}

HeadroomResult computeHeadroom(const AsicProfile& asic, const HeadroomInput& in)
{
    if (!asic.pgLookup.empty() && asic.headroomModel != "spectrum")
        return vendorTableHeadroom(asic, in);
    if (asic.headroomModel == "spectrum")
        return spectrumHeadroom(asic, in);
    if (asic.headroomModel == "ieee-8021qbb" || asic.headroomModel.empty())
        return ieeeHeadroom(asic, in);
    if (asic.headroomModel == "broadcom-xgs")
        return broadcomXgsHeadroom(asic, in);
    throw std::invalid_argument(fmt::format("ASIC profile {}: unknown headroom model \"{}\", expected one of: spectrum, ieee-8021qbb, broadcom-xgs",
        asic.id, asic.headroomModel));
}

// ------------------------------------------------------------------------------------------------
// "spectrum": sonic-swss cfgmgr/buffer_headroom_mellanox.lua, term by term, in the Lua's order of
// floating-point operations (Lua numbers are IEEE doubles) so that every ceil lands on the same side.

HeadroomResult spectrumHeadroom(const AsicProfile& asic, const HeadroomInput& in)
{
    validate(asic, in);
    HeadroomResult r;
    r.model = "spectrum";
    const SonicRelease rel = in.release;
    const bool legacy = rel == SonicRelease::Legacy;
    r.versionPhrase = P(QT_TRANSLATE_NOOP("HeadroomTerm", "sonic-swss %1 at %2"), "cfgmgr/buffer_headroom_mellanox.lua", sonicCommitPhrase(rel));
    r.version = render(r.versionPhrase);
    Terms t(r.terms, V(fmt::format("{} ({})", kLuaFile, shortRelease(rel))));
    const Phrase asicSrc = P(QT_TRANSLATE_NOOP("HeadroomTerm", "ASIC profile %1 (sonic-buildimage platform/mellanox/asic_table.j2)"), asic.id);

    const double speed = t.add("port_speed", static_cast<double>(toMbps(in.speed)), "Mb/s", V("CONFIG_DB PORT.speed (ARGV[1])"));
    const double cable = t.add("cable_length", in.cable.value(), "m", V("CABLE_LENGTH (ARGV[2])"));
    const double portMtu = t.add("port_mtu", static_cast<double>(in.portMtu.value()), "B", V("PORT.mtu (ARGV[3])"));
    const double gearboxNs = in.gearboxDelay.value();
    const bool eightLane = in.lanes == 8;
    const double losslessMtu = t.add("lossless_mtu", static_cast<double>(in.losslessMtu.value()), "B", V("LOSSLESS_TRAFFIC_PATTERN.mtu"));
    const double cell = t.add("cell_size", static_cast<double>(asic.cellSize.value()), "B", V("ASIC_TABLE.cell_size"), asicSrc);
    const double pipelineKiB = static_cast<double>(asic.pipelineLatency.value()) / 1024.0;
    const double macPhy = asic.sonicMacPhyDelayKiB > 0 ? asic.sonicMacPhyDelayKiB * 1024 : static_cast<double>(asic.macPhyDelay.value());
    const double peerFallback = asic.sonicPeerResponseKiB > 0 ? asic.sonicPeerResponseKiB * 1024 : static_cast<double>(asic.peerResponse.value());
    const bool shp = in.sharedHeadroomRatio > 0;
    r.sharedHeadroomPool = shp;

    // xon: the pipeline latency; 8-lane ports have two buffer units.
    double pipeline = pipelineKiB * 1024;
    double speedOverhead = 0;
    if (eightLane) {
        if (legacy) {
            pipeline = t.add("pipeline_latency", pipeline * 2 - 1024, "B", P(QT_TRANSLATE_NOOP("HeadroomTerm", "2·pipeline_latency_kb·1024 − 1024 (8-lane port)")), asicSrc);
        } else {
            pipeline = t.add("pipeline_latency", 2 * pipeline, "B", P(QT_TRANSLATE_NOOP("HeadroomTerm", "2·pipeline_latency_kb·1024 (8-lane port)")), asicSrc);
        }
        speedOverhead = t.add("speed_overhead", portMtu, "B", P(QT_TRANSLATE_NOOP("HeadroomTerm", "port_mtu (8-lane port: one more frame in size)")));
    } else {
        t.add("pipeline_latency", pipeline, "B", V("pipeline_latency_kb·1024"), asicSrc);
    }

    const Occupancy occ = occupancyFor(cell, in, legacy, t);

    // peer response: pause quanta of the speed, else the ASIC's fallback.
    double peer;
    if (auto q = sonicPauseQuanta(in.speed, rel)) {
        peer = t.add("peer_response", static_cast<double>(*q) * 512 / 8, "B",
            P(QT_TRANSLATE_NOOP("HeadroomTerm", "pause_quanta(%1G) = %2 × 512 bit / 8"), fmt::format("{}", speed / 1000), fmt::format("{}", *q)));
    } else if (in.speed.value() > kSonicQuanta.back().first * 1'000'000) {
        // Above the table's fastest entry the Lua falls back to peer_response_time (3.8 KiB), which is
        // smaller than the 800G figure (905 quanta = 57,920 B): xoff would shrink as the speed grows.
        // No published pause-quanta figure exists for these speeds, so the headroom is refused.
        throw std::invalid_argument(fmt::format(
            "the Spectrum headroom at {} needs the peer response (pause quanta) at that speed, which is not published: SONiC's table "
            "(sonic-swss cfgmgr/buffer_headroom_mellanox.lua) stops at 800G, and its {:.0f} B fallback would make xoff smaller than at 800G. "
            "Missing figure: pause_quanta({}); give a port speed of 800G or less, or an ASIC profile with a published figure",
            formatSpeed(in.speed), peerFallback, formatSpeed(in.speed)));
    } else {
        peer = t.add("peer_response", peerFallback, "B", P(QT_TRANSLATE_NOOP("HeadroomTerm", "peer_response_time_kb·1024 (speed not in the pause-quanta table)")), asicSrc);
    }

    const double bytesOnCable = legacy
        ? t.add("bytes_on_cable", 2 * cable * speed * 1000000000 / 198000000 / (8 * 1024), "B", P(QT_TRANSLATE_NOOP("HeadroomTerm", "2·L·speed·1e9/198e6/(8·1024)  (round trip at 1.98e8 m/s)")))
        : t.add("bytes_on_cable", 2 * cable * speed * 1000000000 / 198000000 / (8 * 1000), "B", P(QT_TRANSLATE_NOOP("HeadroomTerm", "2·L·speed·1e9/198e6/(8·1000)  (round trip at 1.98e8 m/s)")));
    const double bytesOnGearbox = gearboxNs == 0 ? 0.0 : speed * gearboxNs / (8 * 1024);
    if (gearboxNs != 0)
        t.add("bytes_on_gearbox", bytesOnGearbox, "B", P(QT_TRANSLATE_NOOP("HeadroomTerm", "speed·gearbox_delay/(8·1024), gearbox %1 ns"), fmt::format("{}", gearboxNs)));
    t.add("mac_phy_delay", macPhy, "B", V("mac_phy_delay_kb·1024"), asicSrc);
    double kbOnTile = 0;
    if (!legacy && (asic.generation == 4 || asic.generation == 5))
        kbOnTile = t.add("kb_on_tile", speed / 1000 * 120 / 8, "B", P(QT_TRANSLATE_NOOP("HeadroomTerm", "speed/1000·120/8 (Spectrum-4/5: 15 B per Gb/s)")));

    double propagation = portMtu + bytesOnCable + 2 * bytesOnGearbox + macPhy + peer;
    if (kbOnTile != 0)
        propagation += kbOnTile;
    t.add("propagation_delay", propagation, "B",
        V(legacy ? "port_mtu + bytes_on_cable + 2·bytes_on_gearbox + mac_phy_delay + peer_response"
                 : "port_mtu + bytes_on_cable + 2·bytes_on_gearbox + mac_phy_delay + peer_response + kb_on_tile"));

    double xoff = ceil1KiB(losslessMtu + propagation * occ.occupancy);
    t.add("xoff_base", xoff, "B", V("ceil_1KiB(lossless_mtu + propagation_delay·cell_occupancy)"));
    if (rel == SonicRelease::Head || rel == SonicRelease::Pr4757) {
        if (rel == SonicRelease::Head && asic.generation == 6)
            xoff = t.add("spectrum6_compensation", 18 * 1024, "B", P(QT_TRANSLATE_NOOP("HeadroomTerm", "+18 KiB on Spectrum-6 (#4797, 422271e7e)"))) + xoff;
        if (!shp && in.smallPacketPercentage != 100) {
            const double full = ceil1KiB(losslessMtu + propagation * occ.wcf);
            t.add("xoff_all_small_packets", full, "B", V("ceil_1KiB(lossless_mtu + propagation_delay·worst_case_factor)"));
            if (xoff + 2048 < full)
                xoff = t.add("headroom_compensation", 2048, "B", P(QT_TRANSLATE_NOOP("HeadroomTerm", "+2 KiB when SHP is off, spp ≠ 100 and xoff + 2 KiB < all-small-packet xoff (#4757, b20a59691)"))) + xoff;
        }
    }
    const double xon = ceil1KiB(pipeline);
    const double size = ceil1KiB(shp ? xon : xoff + xon + speedOverhead);
    t.add("xon", xon, "B", V("ceil_1KiB(pipeline_latency)"));
    t.add("xoff", xoff, "B", P(QT_TRANSLATE_NOOP("HeadroomTerm", "xoff_base + compensations")));
    t.add("size", size, "B", shp ? P(QT_TRANSLATE_NOOP("HeadroomTerm", "ceil_1KiB(xon)  (shared headroom pool on: xoff is charged to the pool)")) : V("ceil_1KiB(xoff + xon + speed_overhead)"));
    r.xon = Bytes(static_cast<std::int64_t>(xon));
    r.xoff = Bytes(static_cast<std::int64_t>(xoff));
    r.size = Bytes(static_cast<std::int64_t>(size));
    r.dynamicTh = asic.losslessDynamicTh;
    return r;
}

// ------------------------------------------------------------------------------------------------
// IEEE 802.1Qbb delay budget (headroom.md §4), in bit times of the port rate.

namespace {

    /// D-Intf per traversal (PHY/MAC/PCS), bit times; headroom.md §4 table. Above 100G no value is
    /// published: the 100G delay (1.2288 µs) is kept constant in time, i.e. scaled with the rate.
    double interfaceDelayBitTimes(double gbps, Phrase& note)
    {
        if (gbps <= 10) {
            note = V("10G: 8,192 BT");
            return 8192;
        }
        if (gbps <= 25) {
            note = V("25G: 6,144 BT");
            return 6144;
        }
        if (gbps <= 40) {
            note = V("40G: 24,576 BT");
            return 24576;
        }
        if (gbps <= 100) {
            note = P(QT_TRANSLATE_NOOP("HeadroomTerm", "100G: 122,880 BT (50G uses the 100G figure)"));
            return 122880;
        }
        const std::string g = fmt::format("{}", gbps);
        note = P(QT_TRANSLATE_NOOP("HeadroomTerm", "%1G: no published figure; the 100G delay of 1.2288 µs kept in time = 122,880·%2/100 BT"), g, g);
        return 122880 * gbps / 100;
    }

    /// D-Resp: pause quanta × 512 BT. 10G uses the IEEE 60 quanta (SONiC uses 67); speeds not in
    /// the table use the next faster entry (more quanta = more headroom).
    double responseBitTimes(double gbps, Phrase& note)
    {
        static const std::array<std::pair<double, int>, 8> table { { { 1, 2 }, { 10, 60 }, { 25, 80 }, { 40, 118 }, { 50, 147 }, { 100, 394 }, { 200, 453 }, { 400, 905 } } };
        for (const auto& [g, q] : table)
            if (gbps <= g) {
                note = P(QT_TRANSLATE_NOOP("HeadroomTerm", "%1 pause quanta × 512 BT (%2G entry)"), fmt::format("{}", q), fmt::format("{}", g));
                return q * 512.0;
            }
        note = P(QT_TRANSLATE_NOOP("HeadroomTerm", "905 pause quanta × 512 BT (400G/800G entry)"));
        return 905 * 512.0;
    }

    struct IeeeBudget {
        double rawBytes = 0;
        Occupancy occ;
    };

    IeeeBudget ieeeBudget(const AsicProfile& asic, const HeadroomInput& in, Terms& t)
    {
        const double gbps = toGbps(in.speed);
        const double mtu = static_cast<double>(in.portMtu.value());
        t.add("port_speed", gbps, "Gb/s", P(QT_TRANSLATE_NOOP("HeadroomTerm", "port speed; 1 bit time (BT) = 1/speed")));
        const double frameR = t.add("d_max_frame_receiver", (mtu + 20) * 8, "BT", P(QT_TRANSLATE_NOOP("HeadroomTerm", "(port_mtu + 12 IFG + 8 preamble)·8: frame in progress at the receiver delays the PFC frame")));
        const double pause = t.add("d_pause", 672, "BT", P(QT_TRANSLATE_NOOP("HeadroomTerm", "PFC frame: (64 + 12 + 8)·8")));
        Phrase note;
        const double intf = interfaceDelayBitTimes(gbps, note);
        t.add("d_interface", 2 * intf, "BT", P(QT_TRANSLATE_NOOP("HeadroomTerm", "2 × D-Intf (PHY/MAC/PCS, once per direction); %1"), note));
        const double oneWayNs = in.cable.value() / 2.0e8 * 1e9; // 5 ns/m as in the §4 source
        const double cable = t.add("d_cable", 2 * oneWayNs * gbps, "BT", P(QT_TRANSLATE_NOOP("HeadroomTerm", "2 × L/(2·10⁸ m/s) × speed  (5 ns/m each way, %1 m)"), fmt::format("{}", in.cable.value())));
        // The response's own note (pause quanta of the speed): computed before the phrase that names it.
        const double respBt = responseBitTimes(gbps, note);
        const double resp = t.add("d_response", respBt, "BT", P(QT_TRANSLATE_NOOP("HeadroomTerm", "peer reaction, IEEE 802.3 Annex 31B.3.7: %1"), note));
        const double frameS = t.add("d_max_frame_sender", (mtu + 20) * 8, "BT", P(QT_TRANSLATE_NOOP("HeadroomTerm", "(port_mtu + 20)·8: the sender had just started a frame")));
        double bytes = frameR + pause + 2 * intf + cable + resp + frameS;
        bytes = t.add("headroom_raw", bytes / 8, "B", P(QT_TRANSLATE_NOOP("HeadroomTerm", "Σ bit times / 8 (before cell inflation)")));
        const double gearbox = in.gearboxDelay.value() * gbps / 8;
        if (gearbox > 0)
            bytes += t.add("bytes_on_gearbox", 2 * gearbox, "B", V("2 × gearbox_delay × speed / 8"));
        IeeeBudget b;
        b.rawBytes = bytes;
        b.occ = occupancyFor(static_cast<double>(asic.cellSize.value()), in, false, t);
        return b;
    }

} // namespace

HeadroomResult ieeeHeadroom(const AsicProfile& asic, const HeadroomInput& in)
{
    validate(asic, in);
    HeadroomResult r;
    r.model = "ieee-8021qbb";
    r.versionPhrase = P(QT_TRANSLATE_NOOP("HeadroomTerm", "IEEE 802.1Qbb delay budget (headroom.md §4), cell occupancy as sonic-swss #3235"));
    r.version = render(r.versionPhrase);
    Terms t(r.terms, ieeeSource());
    const IeeeBudget b = ieeeBudget(asic, in, t);
    const double cell = t.add("cell_size", static_cast<double>(asic.cellSize.value()), "B", P(QT_TRANSLATE_NOOP("HeadroomTerm", "ASIC cell size")), asicProfileSource(asic));
    const double xoff = t.add("xoff", ceilCells(b.rawBytes * b.occ.occupancy, cell), "B", V("ceil_cells(headroom_raw·cell_occupancy)"));
    const double xon = t.add("xon", ceilCells(static_cast<double>(asic.pipelineLatency.value()), cell), "B",
        P(QT_TRANSLATE_NOOP("HeadroomTerm", "ASIC pipeline latency / xon reservation (0 when the profile gives none)")), asicProfileSource(asic));
    const bool shp = in.sharedHeadroomRatio > 0;
    const double size = t.add("size", shp ? xon : xon + xoff, "B", shp ? P(QT_TRANSLATE_NOOP("HeadroomTerm", "xon (shared headroom pool on)")) : V("xon + xoff"));
    r.sharedHeadroomPool = shp;
    r.xon = Bytes(static_cast<std::int64_t>(xon));
    r.xoff = Bytes(static_cast<std::int64_t>(xoff));
    r.size = Bytes(static_cast<std::int64_t>(size));
    r.dynamicTh = asic.losslessDynamicTh;
    if (asic.xonOffset.value() > 0)
        r.xonOffset = asic.xonOffset;
    return r;
}

HeadroomResult broadcomXgsHeadroom(const AsicProfile& asic, const HeadroomInput& in)
{
    validate(asic, in);
    HeadroomResult r;
    r.model = "broadcom-xgs";
    r.versionPhrase = P(QT_TRANSLATE_NOOP("HeadroomTerm", "Broadcom XGS semantics (sonic-buildimage device/common/profiles/th*, headroom.md §2); xoff = IEEE 802.1Qbb budget in cells"));
    r.version = render(r.versionPhrase);
    Terms t(r.terms, ieeeSource());
    const IeeeBudget b = ieeeBudget(asic, in, t);
    const Phrase src = asicProfileSource(asic);
    const double cell = t.add("cell_size", static_cast<double>(asic.cellSize.value()), "B", P(QT_TRANSLATE_NOOP("HeadroomTerm", "MMU cell size")), src);
    const double xoff = t.add("xoff", ceilCells(b.rawBytes * b.occ.occupancy, cell), "B",
        P(QT_TRANSLATE_NOOP("HeadroomTerm", "ceil_cells(headroom_raw·cell_occupancy): the PG's headroom limit, charged to the shared headroom pool")));
    const double size = t.add("size", static_cast<double>(asic.pgMinimum.value()), "B", P(QT_TRANSLATE_NOOP("HeadroomTerm", "guaranteed minimum of the PG (pg_profile_lookup.ini size)")), src);
    const double xon = t.add("xon", static_cast<double>(asic.pipelineLatency.value()), "B", P(QT_TRANSLATE_NOOP("HeadroomTerm", "xon threshold (pg_profile_lookup.ini xon)")), src);
    if (asic.xonOffset.value() > 0)
        r.xonOffset = Bytes(static_cast<std::int64_t>(t.add("xon_offset", static_cast<double>(asic.xonOffset.value()), "B", V("xon_offset (pg_profile_lookup.ini)"), src)));
    r.sharedHeadroomPool = true;
    r.xon = Bytes(static_cast<std::int64_t>(xon));
    r.xoff = Bytes(static_cast<std::int64_t>(xoff));
    r.size = Bytes(static_cast<std::int64_t>(size));
    r.dynamicTh = asic.losslessDynamicTh;
    return r;
}

// ------------------------------------------------------------------------------------------------
// Vendor tables: the SKU's published pg_profile_lookup.ini rows (sonic-buildimage device/…), used as
// published; between and beyond the rows, conservative rules (headroom.h, docs/formulas.md).

namespace {

    HeadroomResult modelEstimate(const AsicProfile& asic, const HeadroomInput& in)
    {
        if (asic.headroomModel == "broadcom-xgs")
            return broadcomXgsHeadroom(asic, in);
        if (asic.headroomModel == "ieee-8021qbb" || asic.headroomModel.empty())
            return ieeeHeadroom(asic, in);
        throw std::invalid_argument(fmt::format("ASIC profile {}: unknown headroom model \"{}\", expected one of: spectrum, ieee-8021qbb, broadcom-xgs",
            asic.id, asic.headroomModel));
    }

    struct TablePick {
        double xoff = 0; ///< bytes
        const PgLookupRow* row = nullptr; ///< the row whose fixed columns (size, xon, threshold, xon_offset) apply
        Phrase how;
        bool exact = false;
    };

    class TableEval {
    public:
        TableEval(const AsicProfile& asic, const PgLookupTable& table, const HeadroomInput& in)
            : m_asic(asic)
            , m_table(table)
            , m_in(in)
        {
            for (const auto& r : table.rows)
                if (std::find(m_speeds.begin(), m_speeds.end(), r.speed.value()) == m_speeds.end())
                    m_speeds.push_back(r.speed.value());
            std::sort(m_speeds.begin(), m_speeds.end());
        }

        double estimate(std::int64_t speed) const
        {
            HeadroomInput e = m_in;
            e.speed = BitsPerSecond(speed);
            return static_cast<double>(modelEstimate(m_asic, e).xoff.value());
        }

        /// The value at a speed the table lists, for the input's cable.
        TablePick atListedSpeed(std::int64_t speed) const
        {
            std::vector<const PgLookupRow*> rows;
            for (const auto& r : m_table.rows)
                if (r.speed.value() == speed)
                    rows.push_back(&r);
            std::sort(rows.begin(), rows.end(), [](const PgLookupRow* a, const PgLookupRow* b) { return a->cable.value() < b->cable.value(); });
            const double cable = m_in.cable.value();
            const std::string sp = formatSpeed(BitsPerSecond(speed));
            for (const auto* r : rows) {
                if (std::abs(r->cable.value() - cable) < 1e-9)
                    return { static_cast<double>(r->xoff.value()), r, P(QT_TRANSLATE_NOOP("HeadroomTerm", "the table's row %1 %2"), sp, formatLength(r->cable)), true };
                if (r->cable.value() > cable)
                    return { static_cast<double>(r->xoff.value()), r,
                        P(QT_TRANSLATE_NOOP("HeadroomTerm", "the next longer cable row %1 %2 (the cable is rounded up to a listed length, as SONiC's CABLE_LENGTH buckets)"), sp,
                            formatLength(r->cable)),
                        false };
            }
            // Beyond the longest row: linear in the cable from the two longest rows, never below the model's estimate.
            const PgLookupRow* last = rows.back();
            double slope = 0;
            if (rows.size() >= 2) {
                const PgLookupRow* prev = rows[rows.size() - 2];
                slope = std::max(0.0, static_cast<double>(last->xoff.value() - prev->xoff.value()) / (last->cable.value() - prev->cable.value()));
            }
            const double cell = static_cast<double>(m_asic.cellSize.value());
            const double extra = ceilCells(static_cast<double>(last->xoff.value()) + slope * (cable - last->cable.value()), cell);
            const double est = estimate(speed);
            const bool useEst = est > extra;
            return { std::max(extra, est), last,
                P(QT_TRANSLATE_NOOP("HeadroomTerm", "beyond the longest row %1 %2: max(extrapolation %3 B at %4 B/m from the two longest rows, %5 estimate %6 B) = %7"), sp,
                    formatLength(last->cable), fmt::format("{:.0f}", extra), fmt::format("{:.2f}", slope), m_asic.headroomModel, fmt::format("{:.0f}", est),
                    useEst ? P(QT_TRANSLATE_NOOP("HeadroomTerm", "the estimate")) : P(QT_TRANSLATE_NOOP("HeadroomTerm", "the extrapolation"))),
                false };
        }

        /// A value the table does not publish (a cable between or beyond its rows) never falls below the
        /// value of a slower listed speed at the same cable: tables whose speeds list different cable
        /// lengths (NH-4210: 25G has no 30 m row, 50G has) would otherwise give a faster port less.
        TablePick notBelowSlower(TablePick p, std::int64_t speed) const
        {
            if (p.exact)
                return p;
            for (const auto slower : m_speeds) {
                if (slower >= speed)
                    break;
                const TablePick q = atListedSpeed(slower);
                if (q.xoff > p.xoff) {
                    p.how = P(QT_TRANSLATE_NOOP("HeadroomTerm", "%1, raised to %2 B of the slower listed speed %3 (a faster port never gets less headroom)"), p.how,
                        fmt::format("{:.0f}", q.xoff), formatSpeed(BitsPerSecond(slower)));
                    p.xoff = q.xoff;
                }
            }
            return p;
        }

        TablePick pick() const
        {
            const std::int64_t s = m_in.speed.value();
            if (std::find(m_speeds.begin(), m_speeds.end(), s) != m_speeds.end())
                return notBelowSlower(atListedSpeed(s), s);
            const auto up = std::upper_bound(m_speeds.begin(), m_speeds.end(), s);
            const double est = estimate(s);
            const std::string sp = formatSpeed(m_in.speed);
            if (up == m_speeds.begin()) { // slower than every listed speed
                TablePick hi = atListedSpeed(*up);
                const double v = std::min(est, hi.xoff);
                return { v, hi.row,
                    P(QT_TRANSLATE_NOOP("HeadroomTerm", "%1 is not in the table: min(%2 estimate %3 B, %4 at %5: %6 B)"), sp, m_asic.headroomModel, fmt::format("{:.0f}", est), hi.how,
                        formatSpeed(BitsPerSecond(*up)), fmt::format("{:.0f}", hi.xoff)),
                    false };
            }
            const std::int64_t lower = *(up - 1);
            TablePick lo = atListedSpeed(lower);
            if (up == m_speeds.end()) { // faster than every listed speed
                const double v = std::max(est, lo.xoff);
                return { v, lo.row,
                    P(QT_TRANSLATE_NOOP("HeadroomTerm", "%1 is not in the table: max(%2 estimate %3 B, %4: %5 B)"), sp, m_asic.headroomModel, fmt::format("{:.0f}", est), lo.how,
                        fmt::format("{:.0f}", lo.xoff)),
                    false };
            }
            TablePick hi = atListedSpeed(*up);
            const double v = std::max(lo.xoff, std::min(est, hi.xoff));
            return { v, hi.row,
                P(QT_TRANSLATE_NOOP("HeadroomTerm", "%1 is not in the table: %2 estimate %3 B clamped to [%4, %5] B of the listed speeds %6 and %7"), sp, m_asic.headroomModel,
                    fmt::format("{:.0f}", est), fmt::format("{:.0f}", lo.xoff), fmt::format("{:.0f}", hi.xoff), formatSpeed(BitsPerSecond(lower)), formatSpeed(BitsPerSecond(*up))),
                false };
        }

    private:
        const AsicProfile& m_asic;
        const PgLookupTable& m_table;
        const HeadroomInput& m_in;
        std::vector<std::int64_t> m_speeds;
    };

} // namespace

HeadroomResult vendorTableHeadroom(const AsicProfile& asic, const HeadroomInput& in)
{
    validate(asic, in);
    const PgLookupTable* table = pgLookupTableFor(asic, in.sku);
    if (!table || table->rows.empty())
        throw std::invalid_argument(fmt::format("ASIC profile {}: no vendor lookup table rows", asic.id));
    HeadroomResult r;
    r.model = asic.headroomModel.empty() ? "ieee-8021qbb" : asic.headroomModel;
    r.versionPhrase = P(QT_TRANSLATE_NOOP("HeadroomTerm", "vendor table of %1 (%2)"), table->sku, table->source);
    r.version = render(r.versionPhrase);
    Terms t(r.terms, V(table->source)); // the path of the published file
    const Phrase tableNote = in.sku.empty() ? P(QT_TRANSLATE_NOOP("HeadroomTerm", "%1 (the profile's first table; no switch model given)"), table->sku)
        : pgLookupTableMatching(asic, in.sku)
        ? P(QT_TRANSLATE_NOOP("HeadroomTerm", "%1 (the switch model \"%2\")"), table->sku, in.sku)
        : P(QT_TRANSLATE_NOOP("HeadroomTerm", "%1 (the profile's first table; switch model \"%2\" has no table of its own)"), table->sku, in.sku);
    t.add("port_speed", toGbps(in.speed), "Gb/s", P(QT_TRANSLATE_NOOP("HeadroomTerm", "port speed")));
    t.add("cable_length", in.cable.value(), "m", P(QT_TRANSLATE_NOOP("HeadroomTerm", "cable length")));
    t.add("vendor_table_rows", static_cast<double>(table->rows.size()), "rows", P(QT_TRANSLATE_NOOP("HeadroomTerm", "pg_profile_lookup.ini of %1"), tableNote));
    const TableEval eval(asic, *table, in);
    const TablePick p = eval.pick();
    const PgLookupRow& row = *p.row;
    const double xoff = t.add("xoff", p.xoff, "B", p.how);
    const double size = t.add("size", static_cast<double>(row.size.value()), "B", P(QT_TRANSLATE_NOOP("HeadroomTerm", "size column of the row used")));
    const double xon = t.add("xon", static_cast<double>(row.xon.value()), "B", P(QT_TRANSLATE_NOOP("HeadroomTerm", "xon column of the row used")));
    if (row.xonOffset)
        r.xonOffset = Bytes(static_cast<std::int64_t>(t.add("xon_offset", static_cast<double>(row.xonOffset->value()), "B", P(QT_TRANSLATE_NOOP("HeadroomTerm", "xon_offset column of the row used")))));
    t.add("threshold", row.threshold, "factor", P(QT_TRANSLATE_NOOP("HeadroomTerm", "threshold column (dynamic_th) of the row used")));
    r.xon = Bytes(static_cast<std::int64_t>(xon));
    r.xoff = Bytes(static_cast<std::int64_t>(std::ceil(xoff)));
    r.size = Bytes(static_cast<std::int64_t>(size));
    r.dynamicTh = row.threshold;
    // Broadcom semantics: the PG's headroom limit lives in the shared headroom pool; a reserved-headroom
    // table (size ≥ xon + xoff, e.g. Trident II) is not a shared-pool one.
    r.sharedHeadroomPool = r.model == "broadcom-xgs" || (in.sharedHeadroomRatio > 0 && r.size.value() < r.xon.value() + r.xoff.value());
    return r;
}

} // namespace lfp
