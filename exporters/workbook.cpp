// SPDX-License-Identifier: GPL-3.0-or-later
#include "workbook.h"

#include "model/textsafe.h"

#include "model/errors.h"
#include "planner/checks/ecn.h"
#include "planner/buffer/headroom.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <stdexcept>
#include <xlsxwriter.h>

namespace lfp {

namespace {

    using Cell = WorkbookCell;
    using Style = WorkbookCell::Style;

    Cell text(std::string t, Style s = Style::Plain) { return { Cell::Kind::Text, std::move(t), 0, s }; }
    Cell number(double v, Style s = Style::Plain) { return { Cell::Kind::Number, {}, v, s }; }
    Cell formula(std::string f, double cached, Style s = Style::Plain) { return { Cell::Kind::Formula, "=" + std::move(f), cached, s }; }

    std::string ref(int row, int col) { return fmt::format("{}{}", workbookColumn(col), row + 1); }
    std::string absRef(int row, int col) { return fmt::format("${}${}", workbookColumn(col), row + 1); }

    /// Builds one sheet: cells by (row, column), named inputs ({$name}) and port-table columns ({name}).
    class SheetBuilder {
    public:
        explicit SheetBuilder(WorkbookSheet& s)
            : m_s(s)
        {
        }
        void set(int at, int col, Cell c)
        {
            if (static_cast<int>(m_s.rows.size()) <= at)
                m_s.rows.resize(static_cast<std::size_t>(at) + 1);
            auto& r = m_s.rows[static_cast<std::size_t>(at)];
            if (static_cast<int>(r.size()) <= col)
                r.resize(static_cast<std::size_t>(col) + 1);
            r[static_cast<std::size_t>(col)] = std::move(c);
        }
        /// One "name | value | unit | note" row; the value cell becomes {$name}.
        void named(const std::string& name, Cell value, const std::string& unit, const std::string& note)
        {
            const int r = row++;
            set(r, 0, text(name));
            set(r, 1, std::move(value));
            set(r, 2, text(unit));
            set(r, 3, text(note, Style::Note));
            m_inputs[name] = absRef(r, 1);
            m_s.named.emplace_back(name, ref(r, 1));
        }
        void column(const std::string& name, int col) { m_cols[name] = col; }
        /// Replaces {x} by the port-table cell of column x in @p r and {$x} by the named cell x.
        std::string expand(const std::string& tmpl, int r) const
        {
            std::string out;
            for (std::size_t i = 0; i < tmpl.size(); ++i) {
                if (tmpl[i] != '{') {
                    out += tmpl[i];
                    continue;
                }
                const auto end = tmpl.find('}', i);
                if (end == std::string::npos)
                    throw std::logic_error("workbook: unterminated {} in " + tmpl);
                std::string key = tmpl.substr(i + 1, end - i - 1);
                if (!key.empty() && key[0] == '$') {
                    auto it = m_inputs.find(key.substr(1));
                    if (it == m_inputs.end())
                        throw std::logic_error("workbook: no input " + key + " in " + tmpl);
                    out += it->second;
                } else {
                    auto it = m_cols.find(key);
                    if (it == m_cols.end())
                        throw std::logic_error("workbook: no column " + key + " in " + tmpl);
                    out += ref(r, it->second);
                }
                i = end;
            }
            return out;
        }
        [[nodiscard]] bool hasColumn(const std::string& n) const { return m_cols.count(n) != 0; }
        [[nodiscard]] int col(const std::string& n) const { return m_cols.at(n); }
        int row = 0;

    private:
        WorkbookSheet& m_s;
        std::map<std::string, std::string> m_inputs;
        std::map<std::string, int> m_cols;
    };

    /// A column of the port table: an input of the port, or a formula over the row and the inputs.
    struct Col {
        std::string name;
        std::string unit;
        std::string tmpl; ///< empty: an input (value from `input`)
        std::string note; ///< the planner's formula text / source
        Style style = Style::Plain;
    };

    std::string ceil1k(const std::string& x) { return fmt::format("-INT(-({})/1024)*1024", x); }

    /// SONiC's pause-quanta table (planner/buffer/headroom.cpp kSonicQuanta) as nested IFs over the speed in Mb/s.
    std::string sonicPeerFormula()
    {
        static const std::pair<int, int> q[] = { { 100, 1 }, { 1000, 2 }, { 10000, 67 }, { 25000, 80 }, { 40000, 118 }, { 50000, 147 }, { 100000, 394 },
            { 200000, 453 }, { 400000, 905 }, { 800000, 905 } };
        std::string f;
        for (const auto& [s, n] : q)
            f += fmt::format("IF({{speed}}={},{}*512/8,", s, n);
        f += "{$peer_response_fallback}";
        f += std::string(std::size(q), ')');
        return f;
    }

    std::vector<Col> spectrumColumns(const AsicProfile& asic, SonicRelease rel)
    {
        const bool legacy = rel == SonicRelease::Legacy;
        const std::string wcf = "IF({$cell_size}>128,{$cell_size}/64,2*{$cell_size}/(1+{$cell_size}))";
        std::vector<Col> c {
            { "pipeline_latency", "B", legacy ? "IF({lanes}=8,2*{$pipeline_latency}-1024,{$pipeline_latency})" : "IF({lanes}=8,2*{$pipeline_latency},{$pipeline_latency})",
                "pipeline_latency (8-lane: ×2)" },
            { "speed_overhead", "B", "IF({lanes}=8,{port_mtu},0)", "port_mtu on an 8-lane port" },
            { "worst_case_factor", "factor", legacy ? wcf : "-INT(-" + wcf + ")", legacy ? "cell/64 (cell > 128)" : "ceil(cell/64) (cell > 128)" },
            { "small_packet_share", "%",
                legacy ? "{$small_packet_percentage}" : "100*64/(({$small_packet_percentage}*64+(100-{$small_packet_percentage})*{$lossless_mtu})/100)",
                legacy ? "small_packet_percentage" : "100·64/((spp·64 + (100−spp)·lossless_mtu)/100)" },
            { "cell_occupancy", "factor", "(100-{small_packet_share}+{small_packet_share}*{worst_case_factor})/100",
                "(100 − share + share·worst_case_factor)/100" },
            { "peer_response", "B", sonicPeerFormula(), "pause_quanta(speed) × 512/8, else peer_response_time" },
            { "bytes_on_cable", "B",
                legacy ? "2*{cable_length}*{speed}*1000000000/198000000/(8*1024)" : "2*{cable_length}*{speed}*1000000000/198000000/(8*1000)",
                "2·L·speed·1e9/198e6/8000 (round trip at 1.98e8 m/s)" },
            { "bytes_on_gearbox", "B", "IF({$gearbox_delay}=0,0,{speed}*{$gearbox_delay}/(8*1024))", "speed·gearbox_delay/(8·1024)" },
            { "mac_phy_delay", "B", "{$mac_phy_delay}", "mac_phy_delay_kb·1024" },
        };
        std::string prop = "{port_mtu}+{bytes_on_cable}+2*{bytes_on_gearbox}+{mac_phy_delay}+{peer_response}";
        if (!legacy && (asic.generation == 4 || asic.generation == 5)) {
            c.push_back({ "kb_on_tile", "B", "{speed}/1000*120/8", "speed/1000·120/8 (Spectrum-4/5)" });
            prop += "+{kb_on_tile}";
        }
        c.push_back({ "propagation_delay", "B", prop, "port_mtu + bytes_on_cable + 2·gearbox + mac_phy + peer_response (+ kb_on_tile)" });
        c.push_back({ "xoff_base", "B", ceil1k("{$lossless_mtu}+{propagation_delay}*{cell_occupancy}"), "ceil_1KiB(lossless_mtu + propagation·occupancy)" });
        std::string xoff = "{xoff_base}";
        if (rel == SonicRelease::Head) {
            if (asic.generation == 6) {
                c.push_back({ "spectrum6_compensation", "B", "18*1024", "+18 KiB on Spectrum-6 (#4797)" });
                xoff += "+{spectrum6_compensation}";
            }
            c.push_back({ "xoff_all_small_packets", "B",
                "IF(AND({$shp_on}=0,{$small_packet_percentage}<>100)," + ceil1k("{$lossless_mtu}+{propagation_delay}*{worst_case_factor}") + ",0)",
                "ceil_1KiB(lossless_mtu + propagation·worst_case_factor) (SHP off, spp ≠ 100)" });
            c.push_back({ "headroom_compensation", "B",
                "IF(AND({$shp_on}=0,{$small_packet_percentage}<>100," + xoff + "+2048<{xoff_all_small_packets}),2048,0)", "+2 KiB (#4757)" });
            xoff += "+{headroom_compensation}";
        }
        c.push_back({ "xon", "B", ceil1k("{pipeline_latency}"), "ceil_1KiB(pipeline_latency)", Style::Result });
        c.push_back({ "xoff", "B", xoff, "xoff_base + compensations", Style::Result });
        c.push_back({ "size", "B", "IF({$shp_on}=1," + ceil1k("{xon}") + "," + ceil1k("{xoff}+{xon}+{speed_overhead}") + ")",
            "ceil_1KiB(xon) with SHP, else ceil_1KiB(xoff + xon + speed_overhead)", Style::Result });
        return c;
    }

    std::vector<Col> ieeeColumns(bool broadcom)
    {
        const std::string g = "{port_speed}";
        const std::string wcf = "IF({$cell_size}>128,{$cell_size}/64,2*{$cell_size}/(1+{$cell_size}))";
        std::vector<Col> c {
            { "port_speed", "Gb/s", "{speed}/1000", "1 bit time = 1/speed" },
            { "d_max_frame_receiver", "BT", "({port_mtu}+20)*8", "(port_mtu + 20)·8" },
            { "d_pause", "BT", "672", "PFC frame (64 + 12 + 8)·8" },
            { "d_interface", "BT",
                fmt::format("2*IF({0}<=10,8192,IF({0}<=25,6144,IF({0}<=40,24576,IF({0}<=100,122880,122880*{0}/100))))", g), "2 × D-Intf" },
            { "d_cable", "BT", "2*({cable_length}/200000000*1000000000)*" + g, "2 × L/(2e8 m/s) × speed" },
            { "d_response", "BT",
                fmt::format("IF({0}<=1,2,IF({0}<=10,60,IF({0}<=25,80,IF({0}<=40,118,IF({0}<=50,147,IF({0}<=100,394,IF({0}<=200,453,905)))))))*512", g),
                "pause quanta × 512 BT (IEEE 802.3 Annex 31B.3.7)" },
            { "d_max_frame_sender", "BT", "({port_mtu}+20)*8", "(port_mtu + 20)·8" },
            { "headroom_raw", "B", "({d_max_frame_receiver}+{d_pause}+{d_interface}+{d_cable}+{d_response}+{d_max_frame_sender})/8", "Σ bit times / 8" },
            { "bytes_on_gearbox", "B", "2*({$gearbox_delay}*" + g + "/8)", "2 × gearbox_delay × speed / 8" },
            { "worst_case_factor", "factor", "-INT(-" + wcf + ")", "ceil(cell/64) (cell > 128)" },
            { "small_packet_share", "%", "100*64/(({$small_packet_percentage}*64+(100-{$small_packet_percentage})*{$lossless_mtu})/100)",
                "100·64/((spp·64 + (100−spp)·lossless_mtu)/100)" },
            { "cell_occupancy", "factor", "(100-{small_packet_share}+{small_packet_share}*{worst_case_factor})/100", "(100 − share + share·wcf)/100" },
            { "xoff", "B", "-INT(-(({headroom_raw}+{bytes_on_gearbox})*{cell_occupancy})/{$cell_size})*{$cell_size}", "ceil_cells(headroom_raw·cell_occupancy)",
                Style::Result },
        };
        if (broadcom) {
            c.push_back({ "xon", "B", "{$pipeline_latency}", "xon threshold (pg_profile_lookup.ini xon)", Style::Result });
            c.push_back({ "size", "B", "{$pg_minimum}", "guaranteed minimum of the PG", Style::Result });
        } else {
            c.push_back({ "xon", "B", "-INT(-{$pipeline_latency}/{$cell_size})*{$cell_size}", "ceil_cells(pipeline latency)", Style::Result });
            c.push_back({ "size", "B", "IF({$shp_on}=1,{xon},{xon}+{xoff})", "xon with SHP, else xon + xoff", Style::Result });
        }
        return c;
    }

    double termValue(const HeadroomResult* hr, const std::string& name, double fallback = 0)
    {
        if (!hr)
            return fallback;
        for (auto it = hr->terms.rbegin(); it != hr->terms.rend(); ++it)
            if (it->name == name)
                return it->value;
        return fallback;
    }

    std::string quoteSheet(const std::string& n)
    {
        std::string q = "'";
        for (char c : n)
            q += c == '\'' ? std::string("''") : std::string(1, c);
        return q + "'";
    }

    std::string sheetNameFor(const std::string& device, std::vector<std::string>& used)
    {
        std::string n;
        for (char c : device)
            n += std::string("[]:*?/\\").find(c) != std::string::npos || static_cast<unsigned char>(c) < 0x20 ? '_' : c;
        if (n.empty())
            n = "switch";
        if (n.size() > 31)
            n.resize(31);
        std::string base = n;
        for (int i = 2; std::find_if(used.begin(), used.end(), [&](const std::string& u) {
                            return u.size() == n.size() && std::equal(u.begin(), u.end(), n.begin(), [](char a, char b) { return std::tolower(a) == std::tolower(b); });
                        }) != used.end();
             ++i) {
            const std::string suffix = fmt::format("~{}", i);
            n = base.substr(0, 31 - suffix.size()) + suffix;
        }
        used.push_back(n);
        return n;
    }

    WorkbookSheet switchSheet(const ExportContext& ctx, const DevicePlan& dev, const std::string& sheetName)
    {
        const SwitchBudget& b = *dev.budget;
        const AsicProfile& asic = *dev.asic;
        const Node& node = *dev.node;
        const bool spectrum = asic.headroomModel == "spectrum";
        const bool vendorTable = !asic.pgLookup.empty() && !spectrum;
        const bool broadcom = asic.headroomModel == "broadcom-xgs";
        const bool shpFixed = broadcom || asic.sharedHeadroomPool.has_value();
        const bool shpOn = sharedHeadroomOn(asic, b.settings);
        const SonicRelease rel = b.settings.release;

        WorkbookSheet s;
        s.name = sheetName;
        s.device = node.name;
        SheetBuilder sb(s);
        sb.set(0, 0, text(fmt::format("Buffer budget of {} — ASIC {} ({}), headroom model {}", node.name, asic.id, asic.name, b.model), Style::Title));
        std::string version;
        for (const auto& p : b.ports)
            if (p.headroom) {
                version = p.headroom->version;
                break;
            }
        sb.set(1, 0,
            text(fmt::format("Yellow cells are inputs: change one and every formula below recalculates. Headroom follows {}. Pools: {}.",
                     version.empty() ? b.model : version, spectrum ? "sonic-swss cfgmgr/buffer_pool_mellanox.lua" : "ASIC profile " + asic.id),
                Style::Note));
        sb.row = 3;
        sb.set(sb.row, 0, text("input", Style::Header));
        sb.set(sb.row, 1, text("value", Style::Header));
        sb.set(sb.row, 2, text("unit", Style::Header));
        sb.set(sb.row, 3, text("source", Style::Header));
        ++sb.row;
        const std::string asicSrc = fmt::format("ASIC profile {}", asic.id);
        const double macPhy = spectrum && asic.sonicMacPhyDelayKiB > 0 ? asic.sonicMacPhyDelayKiB * 1024 : static_cast<double>(asic.macPhyDelay.value());
        const double peerFb = spectrum && asic.sonicPeerResponseKiB > 0 ? asic.sonicPeerResponseKiB * 1024 : static_cast<double>(asic.peerResponse.value());
        auto in = [&](const std::string& n, double v, const std::string& unit, const std::string& src) { sb.named(n, number(v, Style::Input), unit, src); };
        in("total_buffer", static_cast<double>(b.total.value()), "B", asicSrc + " (shared memory available to pools)");
        in("cell_size", static_cast<double>(asic.cellSize.value()), "B", asicSrc);
        in("pipeline_latency", static_cast<double>(asic.pipelineLatency.value()), "B", asicSrc + " (xon / lossy PG reservation)");
        in("mac_phy_delay", macPhy, "B", asicSrc);
        in("peer_response_fallback", peerFb, "B", asicSrc + " (speeds without a pause-quanta figure)");
        in("lossless_mtu", static_cast<double>(b.settings.losslessMtu.value()), "B", "node attribute buffer.lossless_mtu (LOSSLESS_TRAFFIC_PATTERN.mtu)");
        in("small_packet_percentage", b.settings.smallPacketPercentage, "%", "node attribute buffer.small_packet_percentage");
        in("over_subscribe_ratio", b.settings.overSubscribeRatio, "factor", "node attribute buffer.over_subscribe_ratio (0 = off)");
        in("shp_fixed", shpFixed ? 1 : 0, "1 = yes", broadcom ? "Broadcom XGS: the shared headroom pool is always on" : "the ASIC profile fixes ingress_lossless_pool.xoff");
        sb.named("shp_on", formula(sb.expand("IF(OR({$over_subscribe_ratio}>0,{$shp_fixed}=1),1,0)", 0), shpOn ? 1 : 0), "1 = yes",
            "shared headroom pool on: ratio > 0 or fixed");
        in("gearbox_delay", b.settings.gearboxDelay.value(), "ns", "node attribute buffer.gearbox_delay");
        in("queue_reserved", static_cast<double>(asic.queueReserved.value()), "B", asicSrc + " (per egress queue, 8 per port)");
        in("egress_mirror_headroom", static_cast<double>(asic.egressMirrorHeadroom.value()), "B", asicSrc + " (per active port)");
        in("egress_port_reserved", static_cast<double>(asic.egressPortReserved.value()), "B", asicSrc + " (per active port)");
        in("management_pool", static_cast<double>(asic.managementPool.value()), "B", asicSrc + " (once per switch)");
        in("extra_reserved", static_cast<double>(asic.extraReserved.value()), "B", asicSrc + " (once per switch)");
        in("private_headroom", static_cast<double>(asic.privateHeadroom.value()), "B", asicSrc + " (per lossless port with SHP, Spectrum)");
        in("pg_minimum", static_cast<double>(asic.pgMinimum.value()), "B", asicSrc + " (Broadcom XGS guaranteed minimum per lossless PG)");
        in("configured_shp", asic.sharedHeadroomPool ? static_cast<double>(asic.sharedHeadroomPool->value()) : 0, "B",
            asic.sharedHeadroomPool ? asicSrc + " (fixed ingress_lossless_pool.xoff)" : "not fixed (computed)");
        in("dynamic_th", b.dynamicTh, "exponent", "lossless PG dynamic_th (alpha = 2^dynamic_th)");

        // ---- the port table
        sb.row += 1;
        sb.set(sb.row++, 0, text(fmt::format("Ports ({} active): headroom of one lossless PG per port, the planner's terms as formulas", b.ports.size()), Style::Title));
        std::vector<Col> cols { { "port", "", "", "port name" }, { "speed", "Mb/s", "", "PORT.speed" }, { "lanes", "", "", "lanes" },
            { "port_mtu", "B", "", "PORT.mtu" }, { "cable_length", "m", "", "cable of the port's link" }, { "lossless_pgs", "PGs", "", "lossless PGs of the policy" },
            { "lossy_pgs", "PGs", "", "lossy PGs of the policy" } };
        std::vector<Col> model;
        if (vendorTable) {
            model = { { "xoff", "B", "", "vendor pg_profile_lookup.ini row (a value, not a formula)", Style::Result },
                { "xon", "B", "", "vendor table row", Style::Result }, { "size", "B", "", "vendor table row", Style::Result } };
        } else if (spectrum) {
            model = spectrumColumns(asic, rel);
        } else {
            model = ieeeColumns(broadcom);
        }
        cols.insert(cols.end(), model.begin(), model.end());
        cols.push_back({ "lossy_pg_size", "B", spectrum ? "IF({lanes}=8,2*{$pipeline_latency}-1024,{$pipeline_latency})" : "0",
            spectrum ? "implicit lossy PG reservation (Spectrum)" : "ingress_lossy_profile size 0" });
        cols.push_back({ "shp_demand", "B", broadcom ? "{xoff}*{lossless_pgs}" : "MAX(0,{xon}+{xoff}-{size})*{lossless_pgs}",
            "demand on the shared headroom pool" });
        cols.push_back({ "reserved", "B",
            std::string("{size}*{lossless_pgs}+{lossy_pg_size}*{lossy_pgs}+{$queue_reserved}*8") + (spectrum ? "+{lossy_pg_size}" : "")
                + "+{$egress_mirror_headroom}+{$egress_port_reserved}",
            spectrum ? "lossless PGs + lossy PGs + 8 queues + management PG + mirror + egress profile" : "lossless PGs + 8 queues + mirror + egress profile",
            Style::Result });
        const int header = sb.row++;
        const int noteRow = sb.row++;
        for (std::size_t c = 0; c < cols.size(); ++c) {
            sb.column(cols[c].name, static_cast<int>(c));
            sb.set(header, static_cast<int>(c), text(cols[c].unit.empty() ? cols[c].name : fmt::format("{} ({})", cols[c].name, cols[c].unit), Style::Header));
            sb.set(noteRow, static_cast<int>(c), text(cols[c].note, Style::Note));
        }
        const int first = sb.row;
        HeadroomCache cache;
        for (const auto& p : b.ports) {
            const int r = sb.row++;
            std::shared_ptr<const HeadroomResult> hr = p.headroom;
            if (!hr) {
                // No lossless PG: the planner computed none; the row's headroom (× 0 PGs) is shown for the reviewer.
                if (const auto* port = node.findPort(p.port)) {
                    try {
                        HeadroomInput hin = headroomInputFor(*port, p.cable, asic, b.settings);
                        hin.sku = node.model;
                        hr = cache.get(asic, hin);
                    } catch (const std::exception&) {
                    }
                }
            }
            const double lossyPg = spectrum ? static_cast<double>(p.lanes == 8 ? 2 * asic.pipelineLatency.value() - 1024 : asic.pipelineLatency.value()) : 0;
            std::map<std::string, double> known { { "speed", static_cast<double>(toMbps(p.speed)) }, { "lanes", p.lanes }, { "port_mtu", p.mtu },
                { "cable_length", p.cable.value() }, { "lossless_pgs", p.losslessPgs }, { "lossy_pgs", p.lossyPgs }, { "lossy_pg_size", lossyPg },
                { "shp_demand", static_cast<double>(p.shpDemand.value()) }, { "reserved", static_cast<double>(p.reserved.value()) } };
            if (hr) {
                known["xon"] = static_cast<double>(hr->xon.value());
                known["xoff"] = static_cast<double>(hr->xoff.value());
                known["size"] = static_cast<double>(hr->size.value());
            }
            for (std::size_t c = 0; c < cols.size(); ++c) {
                const Col& col = cols[c];
                const auto k = known.find(col.name);
                const double v = k != known.end() ? k->second : termValue(hr.get(), col.name);
                if (col.name == "port")
                    sb.set(r, 0, text(p.port));
                else if (col.tmpl.empty())
                    sb.set(r, static_cast<int>(c), number(v, c < 7 ? Style::Input : col.style));
                else
                    sb.set(r, static_cast<int>(c), formula(sb.expand(col.tmpl, r), v, col.style));
            }
            for (const char* n : { "xon", "xoff", "size", "cable_length", "speed" })
                s.named.emplace_back(fmt::format("port:{}:{}", p.port, n), ref(r, sb.col(n)));
        }
        const int last = std::max(first, sb.row - 1);
        auto range = [&](const std::string& colName) { return fmt::format("{}:{}", absRef(first, sb.col(colName)), absRef(last, sb.col(colName))); };

        // ---- the budget
        sb.row += 1;
        sb.set(sb.row++, 0, text("Budget", Style::Title));
        sb.set(sb.row, 0, text("quantity", Style::Header));
        sb.set(sb.row, 1, text("value", Style::Header));
        sb.set(sb.row, 2, text("unit", Style::Header));
        sb.set(sb.row, 3, text("formula", Style::Header));
        ++sb.row;
        auto res = [&](const std::string& n, const std::string& tmpl, double v, const std::string& unit, const std::string& note, Style st = Style::Result) {
            sb.named(n, formula(sb.expand(tmpl, 0), v, st), unit, note);
        };
        std::int64_t portsReserved = 0;
        int congested = 0;
        for (const auto& p : b.ports) {
            portsReserved += p.reserved.value();
            congested += p.losslessPgs;
        }
        const double privTotal = shpOn && spectrum && b.losslessPorts > 0 ? static_cast<double>(asic.privateHeadroom.value() * b.losslessPorts) : 0;
        res("ports_reserved", b.ports.empty() ? "0" : "SUM(" + range("reserved") + ")", static_cast<double>(portsReserved), "B", "Σ reserved of the ports", Style::Plain);
        res("lossless_ports", b.ports.empty() ? "0" : "COUNTIF(" + range("lossless_pgs") + ",\">0\")", b.losslessPorts, "ports", "ports with a lossless PG",
            Style::Plain);
        res("private_headroom_total", spectrum ? "IF(AND({$shp_on}=1,{$lossless_ports}>0),{$private_headroom}*{$lossless_ports},0)" : "0", privTotal, "B",
            "private headroom × lossless ports (Spectrum, SHP on)", Style::Plain);
        res("reserved", "{$ports_reserved}+{$management_pool}+{$extra_reserved}+{$private_headroom_total}", static_cast<double>(b.reserved.value()), "B",
            "ports + management pool + extra + private headroom");
        std::int64_t demand = 0;
        for (const auto& p : b.ports)
            demand += p.shpDemand.value();
        const double acc = std::max<double>(0, static_cast<double>(demand) - privTotal);
        res("accumulated_xoff", b.ports.empty() ? "0" : "MAX(0,SUM(" + range("shp_demand") + ")-{$private_headroom_total})", acc, "B",
            "Σ shp_demand − private headroom", Style::Plain);
        std::string shpF;
        if (asic.sharedHeadroomPool)
            shpF = "IF({$shp_on}=1,{$configured_shp},0)";
        else if (spectrum)
            shpF = "IF({$shp_on}=1,IF({$accumulated_xoff}=0,655360,-INT(-{$accumulated_xoff}/MAX({$over_subscribe_ratio},1))),0)";
        else
            shpF = "IF(AND({$shp_on}=1,{$lossless_ports}>0),-INT(-{$accumulated_xoff}/MAX({$over_subscribe_ratio},1)),0)";
        res("shared_headroom_pool", shpF, static_cast<double>(b.sharedHeadroomPool.value()), "B",
            "ceil(accumulated_xoff / max(ratio, 1)); 655,360 B when 0 on Spectrum; fixed when configured");
        res("available", "{$total_buffer}-{$reserved}-{$shared_headroom_pool}", static_cast<double>(b.available.value()), "B",
            "total − reserved − shared headroom pool (negative = over-committed)");
        std::vector<PoolSpec> specs = asic.pools;
        if (specs.empty())
            specs.push_back({ "ingress_lossless_pool", PoolDirection::Ingress, PoolMode::Dynamic, std::nullopt, std::nullopt });
        int ingressAuto = 0;
        for (const auto& sp : specs)
            if (sp.direction == PoolDirection::Ingress && !sp.size)
                ++ingressAuto;
        const std::string share = ingressAuto <= 1 ? "{$available}" : fmt::format("{{$available}}/{}", ingressAuto);
        std::string autoPools;
        for (const auto& sp : specs) {
            double v = 0;
            for (const auto& ps : b.pools)
                if (ps.name == sp.name)
                    v = static_cast<double>(ps.size.value());
            std::string f;
            std::string note;
            if (sp.size) {
                f = fmt::format("{}", sp.size->value());
                note = "configured size";
            } else if (sp.percentage) {
                f = fmt::format("MAX(0,-INT(-{{$available}}*{}/100))", *sp.percentage);
                note = fmt::format("available·{}/100", *sp.percentage);
            } else {
                f = "MAX(0,-INT(-MIN(" + share + ",INT({$total_buffer}/{$cell_size})*{$cell_size})))";
                note = ingressAuto <= 1 ? "available (at most the cell-aligned total)" : fmt::format("available/{} (ingress pools without a size share it)", ingressAuto);
            }
            if (!b.totalKnown)
                f = "0";
            res("pool:" + sp.name, f, v, "B", fmt::format("{} pool: {}", toString(sp.direction), note));
            if (sp.direction == PoolDirection::Ingress && !sp.size)
                autoPools += "-{$pool:" + sp.name + "}";
        }
        std::string lossless;
        for (const auto& sp : specs)
            if (sp.name == "ingress_lossless_pool")
                lossless = sp.name;
        if (lossless.empty())
            for (const auto& sp : specs)
                if (sp.direction == PoolDirection::Ingress && !sp.size) {
                    lossless = sp.name;
                    break;
                }
        res("ingress_lossless_pool", !b.totalKnown || lossless.empty() ? "0" : "{$pool:" + lossless + "}", static_cast<double>(b.ingressLosslessPool.value()), "B",
            "B − H: the pool the lossless PGs' dynamic threshold works on");
        const std::int64_t remainder = b.lines.empty() ? 0 : b.lines.back().total.value();
        res("remainder", "{$total_buffer}-{$reserved}-{$shared_headroom_pool}" + autoPools, static_cast<double>(remainder), "B",
            "total − reserved − shared headroom pool − shared pools", Style::Plain);
        res("alpha", "POWER(2,{$dynamic_th})", alphaFromDynamicTh(b.dynamicTh), "factor", "2^dynamic_th", Style::Plain);
        res("congested_pgs", b.ports.empty() ? "1" : "MAX(1,SUM(" + range("lossless_pgs") + "))", std::max(congested, 1), "PGs",
            "active ports × lossless PGs", Style::Plain);
        res("dt_share_one", "INT({$alpha}*{$ingress_lossless_pool}/(1+{$alpha}))", static_cast<double>(b.dtShareOne.value()), "B",
            "α·B/(1+α): one congested lossless PG");
        res("dt_share_all", "INT({$alpha}*{$ingress_lossless_pool}/(1+{$alpha}*{$congested_pgs}))", static_cast<double>(b.dtShareAll.value()), "B",
            "α·B/(1+α·N): N-way incast");
        res("fits", "IF({$available}>=0,1,0)", b.fits() ? 1 : 0, "1 = yes", "available ≥ 0");
        (void)ctx;
        return s;
    }

    WorkbookSheet summarySheet(const std::vector<WorkbookSheet>& sheets, const ExportContext& ctx)
    {
        WorkbookSheet s;
        s.name = "Summary";
        SheetBuilder sb(s);
        sb.set(0, 0, text("Buffer budget summary: one row per switch, each value a formula on the switch's sheet", Style::Title));
        sb.set(1, 0, text("Generated by lfp sheet from the planner's budgets (docs/workbook.md). Edit the yellow input cells on a switch's sheet.", Style::Note));
        const std::vector<std::pair<std::string, std::string>> cols { { "total_buffer", "total (B)" }, { "reserved", "reserved (B)" },
            { "shared_headroom_pool", "shared headroom pool (B)" }, { "available", "available (B)" }, { "ingress_lossless_pool", "ingress lossless pool (B)" },
            { "dt_share_one", "DT share, one PG (B)" }, { "dt_share_all", "DT share, all PGs (B)" }, { "fits", "fits (1 = yes)" } };
        const int header = 3;
        sb.set(header, 0, text("switch", Style::Header));
        sb.set(header, 1, text("ASIC", Style::Header));
        sb.set(header, 2, text("headroom model", Style::Header));
        sb.set(header, 3, text("active ports", Style::Header));
        for (std::size_t i = 0; i < cols.size(); ++i)
            sb.set(header, static_cast<int>(i) + 4, text(cols[i].second, Style::Header));
        int r = header + 1;
        for (const auto& sh : sheets) {
            const DevicePlan* dev = ctx.device(sh.device);
            sb.set(r, 0, text(sh.device));
            sb.set(r, 1, text(dev && dev->asic ? dev->asic->id : ""));
            sb.set(r, 2, text(dev && dev->budget ? dev->budget->model : ""));
            sb.set(r, 3, number(dev && dev->budget ? dev->budget->activePorts : 0));
            for (std::size_t i = 0; i < cols.size(); ++i) {
                const std::string a = sh.address(cols[i].first);
                // the cached value is the switch sheet's cached value (named cells are in column B)
                const std::size_t digits = a.find_first_of("0123456789");
                const int col = a[0] - 'A';
                const int rowNo = std::stoi(a.substr(digits)) - 1;
                const double v = sh.rows[static_cast<std::size_t>(rowNo)][static_cast<std::size_t>(col)].value;
                const std::string absA = "$" + a.substr(0, digits) + "$" + a.substr(digits);
                sb.set(r, static_cast<int>(i) + 4, formula(quoteSheet(sh.name) + "!" + absA, v, Style::Result));
                s.named.emplace_back(sh.device + ":" + cols[i].first, ref(r, static_cast<int>(i) + 4));
            }
            ++r;
        }
        return s;
    }

    std::string numberText(double v)
    {
        if (v == std::floor(v) && std::abs(v) < 1e15)
            return fmt::format("{}", static_cast<long long>(v));
        return fmt::format("{}", v);
    }

} // namespace

std::string workbookColumn(int col)
{
    std::string s;
    ++col;
    while (col > 0) {
        const int rem = (col - 1) % 26;
        s.insert(s.begin(), static_cast<char>('A' + rem));
        col = (col - 1) / 26;
    }
    return s;
}

std::string WorkbookSheet::address(const std::string& key) const
{
    for (const auto& [k, a] : named)
        if (k == key)
            return a;
    return {};
}

Workbook buildBudgetWorkbook(const ExportContext& ctx)
{
    Workbook wb;
    std::vector<WorkbookSheet> switches;
    std::vector<std::string> used { "Summary" };
    for (const auto& dev : ctx.devices()) {
        if (!dev.node->isSwitch())
            continue;
        if (!dev.budget || !dev.asic) {
            wb.skipped.push_back(fmt::format("{}: no budget ({})", dev.node->name, dev.budgetError.empty() ? "unknown ASIC profile \"" + dev.node->asic + "\"" : dev.budgetError));
            continue;
        }
        switches.push_back(switchSheet(ctx, dev, sheetNameFor(dev.node->name, used)));
    }
    wb.sheets.push_back(summarySheet(switches, ctx));
    for (auto& s : switches)
        wb.sheets.push_back(std::move(s));
    return wb;
}

std::string workbookCsv(const Workbook& wb)
{
    std::string out;
    for (const auto& s : wb.sheets) {
        for (const auto& row : s.rows) {
            std::string line = csvField(s.name);
            for (const auto& c : row)
                line += "," + (c.kind == Cell::Kind::Text ? csvField(c.text) : numberText(c.value));
            // an empty row of the sheet stays a row with only the sheet's name
            out += line + "\r\n";
        }
    }
    return out;
}

void writeWorkbookXlsx(const Workbook& wb, const std::string& path, const WorkbookOptions& options)
{
    lxw_workbook* book = workbook_new(path.c_str());
    if (!book)
        throw InputError(SourceLocation { path, 0, 0, "-o" }, "cannot create the XLSX workbook (is the directory writable?)");
    lxw_format* title = workbook_add_format(book);
    format_set_bold(title);
    format_set_font_size(title, 13);
    lxw_format* header = workbook_add_format(book);
    format_set_bold(header);
    format_set_bg_color(header, 0xD9E1F2);
    format_set_bottom(header, LXW_BORDER_THIN);
    lxw_format* input = workbook_add_format(book);
    format_set_bg_color(input, 0xFFF2CC);
    lxw_format* result = workbook_add_format(book);
    format_set_bold(result);
    format_set_num_format(result, "#,##0");
    lxw_format* note = workbook_add_format(book);
    format_set_italic(note);
    format_set_font_color(note, 0x595959);
    auto fmtOf = [&](Style st) -> lxw_format* {
        switch (st) {
        case Style::Title:
            return title;
        case Style::Header:
            return header;
        case Style::Input:
            return input;
        case Style::Result:
            return result;
        case Style::Note:
            return note;
        case Style::Plain:
            break;
        }
        return nullptr;
    };
    for (const auto& s : wb.sheets) {
        lxw_worksheet* ws = workbook_add_worksheet(book, s.name.c_str());
        if (!ws) {
            workbook_close(book);
            throw InputError(SourceLocation { path, 0, 0, "sheet" }, fmt::format("cannot add the sheet \"{}\"", s.name));
        }
        // Column widths from the header texts (units included), so headers stay readable.
        std::vector<double> widths;
        for (const auto& row : s.rows)
            for (std::size_t c = 0; c < row.size(); ++c) {
                if (widths.size() <= c)
                    widths.resize(c + 1, 12);
                if (row[c].style == Style::Header)
                    widths[c] = std::max(widths[c], std::min(40.0, static_cast<double>(row[c].text.size()) + 2));
            }
        if (!widths.empty())
            widths[0] = std::max(widths[0], 24.0);
        for (std::size_t c = 0; c < widths.size(); ++c)
            worksheet_set_column(ws, static_cast<lxw_col_t>(c), static_cast<lxw_col_t>(c), widths[c], nullptr);
        for (std::size_t r = 0; r < s.rows.size(); ++r)
            for (std::size_t c = 0; c < s.rows[r].size(); ++c) {
                const Cell& cell = s.rows[r][c];
                const auto row = static_cast<lxw_row_t>(r);
                const auto col = static_cast<lxw_col_t>(c);
                switch (cell.kind) {
                case Cell::Kind::Text:
                    if (!cell.text.empty())
                        worksheet_write_string(ws, row, col, cell.text.c_str(), fmtOf(cell.style));
                    break;
                case Cell::Kind::Number:
                    worksheet_write_number(ws, row, col, cell.value, fmtOf(cell.style));
                    break;
                case Cell::Kind::Formula:
                    worksheet_write_formula_num(ws, row, col, cell.text.c_str(), fmtOf(cell.style), options.cachedResults ? cell.value : 0);
                    break;
                }
            }
    }
    const lxw_error err = workbook_close(book);
    if (err != LXW_NO_ERROR)
        throw InputError(SourceLocation { path, 0, 0, "-o" }, fmt::format("cannot write the XLSX workbook: {}", lxw_strerror(err)));
}

} // namespace lfp
