// SPDX-License-Identifier: GPL-3.0-or-later
// The architect's cabling plan as CSV: one row per cable. Columns (header, case-insensitive, with aliases):
// required a_device, a_port, b_device, b_port; usual speed, cable_m, medium; optional cable_id, a_role,
// b_role, a_rack, b_rack, lanes, mtu, fec, breakout, notes. See docs/formats/importers.md.
#include "readutil.h"

#include "model/fielddescriptor.h"

#include <algorithm>

#include <fmt/format.h>

namespace lfp {
namespace {
    using namespace imp;

    struct Column {
        const char* name;
        std::vector<const char*> aliases;
        bool required;
    };

    const std::vector<Column>& columns()
    {
        static const std::vector<Column> cols = {
            { "a_device", { "device a", "device_a", "src host", "src_host", "from device", "from_device", "a_host", "side_a_device", "source" }, true },
            { "a_port", { "port a", "port_a", "interface a", "interface_a", "from port", "from_port", "a_interface", "side_a_name", "source_port" }, true },
            { "b_device", { "device b", "device_b", "dst host", "dst_host", "to device", "to_device", "b_host", "side_b_device", "target" }, true },
            { "b_port", { "port b", "port_b", "interface b", "interface_b", "to port", "to_port", "b_interface", "side_b_name", "target_port" }, true },
            { "speed", { "speed_gbps", "speed (g)", "speed_g", "rate" }, false },
            { "cable_m", { "length_m", "length", "cable length (m)", "cable_length", "cable length", "length (m)" }, false },
            { "medium", { "media", "cable_type", "cable type", "type" }, false },
            { "cable_id", { "id", "cable", "label" }, false },
            { "a_role", { "role a", "a role" }, false },
            { "b_role", { "role b", "b role" }, false },
            { "a_rack", { "rack a", "a rack" }, false },
            { "b_rack", { "rack b", "b rack" }, false },
            { "lanes", {}, false },
            { "mtu", {}, false },
            { "fec", {}, false },
            { "breakout", {}, false },
            { "notes", { "note", "comment", "comments", "description" }, false },
        };
        return cols;
    }

    constexpr double kDefaultLength = 100.0; // conservative for headroom when the plan gives none

    class CsvImporter : public Importer {
    public:
        std::string id() const override { return "csv"; }
        std::string description() const override
        {
            return "cabling plan CSV: a_device,a_port,b_device,b_port,speed,cable_m,medium (+ optional columns)";
        }
        std::string inputs() const override { return "CSV with a header row (',' ';' or tab; UTF-8, BOM allowed)"; }

        ImportResult readTexts(const std::vector<SourceText>& sources, Feedback* feedback) const override
        {
            ImportResult out;
            out.knownFields = { known::kLinkLength, known::kLinkMedium, known::kPortSpeed };
            std::vector<PortAttribute> later;
            {
                FragmentBuilder fb(out);
                for (const auto& src : sources) {
                    checkCancelled(feedback);
                    readOne(src, fb, later);
                }
                fb.finish();
            }
            // The csv.cable.<port> and csv.breakout.<port> attributes go into the nodes' maps once the
            // builder's tables and role inference are gone: a million-cable plan's million map entries
            // are then not on top of them at the peak (docs/performance.md, session 6).
            for (PortAttribute& a : later) {
                Node& n = out.fragment.nodes[a.node];
                n.attributes[(a.breakout ? "csv.breakout." : "csv.cable.") + n.ports[a.port].name] = std::move(a.value);
            }
            return out;
        }

    private:
        /// A per-port attribute of the A side's node, kept until the fragment is built.
        struct PortAttribute {
            std::uint32_t node = 0; ///< index in fragment.nodes
            std::uint32_t port = 0; ///< index in the node's ports
            bool breakout = false; ///< csv.breakout.<port>, else csv.cable.<port>
            std::string value;
        };

        static void readOne(const SourceText& src, FragmentBuilder& fb, std::vector<PortAttribute>& later)
        {
            // Row by row (forEachCsvRow): the plan is never held as cells, only as the fragment.
            bool haveHeader = false;
            std::map<std::string, std::size_t> at;
            // Column index of each field the rows use (npos: no such column), looked up once.
            constexpr std::size_t kNone = static_cast<std::size_t>(-1);
            struct Cols {
                std::size_t aDevice, aPort, bDevice, bPort, speed, cableM, medium, cableId, aRole, bRole, aRack, bRack, lanes, mtu, fec, breakout;
            } col {};
            bool warnedLength = false;
            std::string ad, ap, bd, bp;
            fb.reserve(static_cast<std::size_t>(std::count(src.text.begin(), src.text.end(), '\n'))); // about one link per line
            forEachCsvRow(src, [&](const CsvRow& row) {
                if (!haveHeader) {
                    haveHeader = true;
                    readHeader(src, row, at);
                    auto idx = [&](const char* name) { auto it = at.find(name); return it == at.end() ? kNone : it->second; };
                    col = { idx("a_device"), idx("a_port"), idx("b_device"), idx("b_port"), idx("speed"), idx("cable_m"), idx("medium"), idx("cable_id"),
                        idx("a_role"), idx("b_role"), idx("a_rack"), idx("b_rack"), idx("lanes"), idx("mtu"), idx("fec"), idx("breakout") };
                    return;
                }
                readRow(src, fb, row, col, warnedLength, ad, ap, bd, bp, later);
            });
            if (!haveHeader)
                failAtLine(src.name, 1, 1, "found an empty file, expected a header row a_device,a_port,b_device,b_port,speed,cable_m,medium");
        }

        static void readHeader(const SourceText& src, const CsvRow& header, std::map<std::string, std::size_t>& at)
        {
            for (std::size_t i = 0; i < header.size(); ++i) {
                const std::string h = lower(trim(header[i].text));
                for (const auto& c : columns()) {
                    bool match = h == c.name;
                    for (const char* a : c.aliases)
                        match |= h == a;
                    if (match && !at.count(c.name))
                        at[c.name] = i;
                }
            }
            for (const auto& c : columns())
                if (c.required && !at.count(c.name))
                    failAtLine(src.name, header.front().line, 1,
                        fmt::format("found no {} column in the header, expected the columns a_device,a_port,b_device,b_port (speed,cable_m,medium optional)", c.name));
        }

        template <typename Cols>
        static void readRow(const SourceText& src, FragmentBuilder& fb, const CsvRow& row, const Cols& col, bool& warnedLength, std::string& ad,
            std::string& ap, std::string& bd, std::string& bp, std::vector<PortAttribute>& later)
        {
            {
                const int line = row.front().line;
                constexpr std::size_t kNone = static_cast<std::size_t>(-1);
                auto cellAt = [&](std::size_t i) -> const CsvCell* { return i == kNone || i >= row.size() ? nullptr : &row[i]; };
                auto textAt = [&](std::size_t i) -> std::string_view { const CsvCell* c = cellAt(i); return c ? std::string_view(c->text) : std::string_view(); };
                auto need = [&](std::size_t i, const char* name, std::string& into) {
                    const CsvCell* c = cellAt(i);
                    if (!c || c->text.empty())
                        failAtLine(src.name, c ? c->line : line, c ? c->column : 1, fmt::format("found an empty {} cell, expected a value", name));
                    into = c->text;
                };
                if (const std::string_view first = textAt(col.aDevice); !first.empty() && first.front() == '#')
                    return; // commented-out row
                need(col.aDevice, "a_device", ad);
                need(col.aPort, "a_port", ap);
                need(col.bDevice, "b_device", bd);
                need(col.bPort, "b_port", bp);
                const SourceLocation where { src.name, line, 1, {} };
                const std::string_view roleTextA = textAt(col.aRole), roleTextB = textAt(col.bRole);
                auto roleA = roleTextA.empty() ? std::nullopt : roleFromText(roleTextA);
                auto roleB = roleTextB.empty() ? std::nullopt : roleFromText(roleTextB);
                if (!roleTextA.empty() && !roleA)
                    failAtLine(src.name, cellAt(col.aRole)->line, cellAt(col.aRole)->column, fmt::format("found {}, expected a role: superspine, spine, leaf or host", quote(roleTextA)));
                if (!roleTextB.empty() && !roleB)
                    failAtLine(src.name, cellAt(col.bRole)->line, cellAt(col.bRole)->column, fmt::format("found {}, expected a role: superspine, spine, leaf or host", quote(roleTextB)));
                Node& nodeA = fb.node(ad, roleA.value_or(Role::Leaf), roleA.has_value());
                if (!textAt(col.aRack).empty())
                    nodeA.rack = textAt(col.aRack);
                fb.node(bd, roleB.value_or(Role::Leaf), roleB.has_value());
                if (!textAt(col.bRack).empty())
                    fb.node(bd).rack = textAt(col.bRack);
                Link l;
                l.a = { ad, ap };
                l.b = { bd, bp };
                l.origin = LinkOrigin::Planned;
                if (const CsvCell* c = cellAt(col.cableM); c && !c->text.empty()) {
                    auto len = lengthFromText(c->text);
                    if (!len)
                        failAtLine(src.name, c->line, c->column, fmt::format("found {}, expected a cable length in metres as in 3, 2.5, 40m or 10 ft", quote(c->text)));
                    l.length = *len;
                } else {
                    l.length = Metres(kDefaultLength);
                    if (!warnedLength)
                        fb.warn(where, fmt::format("no cable length; {} m assumed (a conservative value for PFC headroom) here and on every other row without one",
                                           kDefaultLength));
                    warnedLength = true;
                }
                if (const CsvCell* c = cellAt(col.medium); c && !c->text.empty()) {
                    auto m = mediumFromText(c->text);
                    if (!m)
                        failAtLine(src.name, c->line, c->column, fmt::format("found {}, expected DAC, AOC or fibre", quote(c->text)));
                    l.medium = *m;
                    if (l.medium == Medium::Fibre)
                        l.fibre = fibreTypeFromText(c->text); // "OM4", "SMF", "fibre-om3": the reach depends on it
                } else {
                    l.medium = Medium::Unknown; // a plan without a medium column does not say; checks ask for it
                }
                auto cell = [&](const char* name) -> const CsvCell* {
                    const std::string_view n = name;
                    return cellAt(n == "speed" ? col.speed : n == "lanes" ? col.lanes : n == "mtu" ? col.mtu : col.fec);
                };
                std::optional<BitsPerSecond> speed;
                if (const CsvCell* c = cell("speed"); c && !c->text.empty()) {
                    speed = speedFromText(c->text);
                    if (!speed)
                        failAtLine(src.name, c->line, c->column, fmt::format("found {}, expected a speed as in 400, 400G or 100Gbps (bare numbers are Gb/s)", quote(c->text)));
                }
                std::optional<int> lanes, mtu;
                if (const CsvCell* c = cell("lanes"); c && !c->text.empty()) {
                    auto v = parseInt(c->text);
                    if (!v || !fieldRange(ObjectRef::Kind::Port, "lanes").contains(*v))
                        failAtLine(src.name, c->line, c->column, fmt::format("found {}, expected a lane count {}..{}", quote(c->text), fieldRange(ObjectRef::Kind::Port, "lanes").lo, fieldRange(ObjectRef::Kind::Port, "lanes").hi));
                    lanes = static_cast<int>(*v);
                }
                if (const CsvCell* c = cell("mtu"); c && !c->text.empty()) {
                    auto v = parseInt(c->text);
                    if (!v || !fieldRange(ObjectRef::Kind::Port, "mtu").contains(*v))
                        failAtLine(src.name, c->line, c->column, fmt::format("found {}, expected an MTU in bytes ({}..{})", quote(c->text), fieldRange(ObjectRef::Kind::Port, "mtu").lo, fieldRange(ObjectRef::Kind::Port, "mtu").hi));
                    mtu = static_cast<int>(*v);
                }
                std::optional<Fec> fec;
                if (const CsvCell* c = cell("fec"); c && !c->text.empty()) {
                    std::string f = lower(c->text);
                    f = f == "firecode" || f == "baser" ? "fc" : f == "rs528" || f == "rs-528" ? "rs" : f == "rs-544" ? "rs544" : f;
                    fec = fecFromString(f);
                    if (!fec)
                        failAtLine(src.name, c->line, c->column, fmt::format("found {}, expected a FEC: none, fc (firecode), rs (rs528) or rs544", quote(c->text)));
                }
                if (!fb.link(l, where, false))
                    return;
                for (const int side : { 0, 1 }) {
                    Port& p = fb.lastLinkPort(side);
                    if (speed)
                        p.speed = *speed;
                    if (lanes)
                        p.lanes = *lanes;
                    if (mtu)
                        p.mtu = *mtu;
                    if (fec)
                        p.fec = *fec;
                }
                const auto [aNode, aPort] = fb.lastLinkIndex(0);
                if (const std::string_view b = textAt(col.breakout); !b.empty()) {
                    // "4x100G:lane0" style: the A port is a member of a breakout of its parent.
                    later.push_back({ aNode, aPort, true, std::string(b) });
                }
                if (const std::string_view id = textAt(col.cableId); !id.empty())
                    later.push_back({ aNode, aPort, false, std::string(id) });
            }
        }
    };
} // namespace

std::unique_ptr<Importer> makeCsvImporter() { return std::make_unique<CsvImporter>(); }

} // namespace lfp
