// SPDX-License-Identifier: GPL-3.0-or-later
// The architect's cabling plan as CSV: one row per cable. Columns (header, case-insensitive, with aliases):
// required a_device, a_port, b_device, b_port; usual speed, cable_m, medium; optional cable_id, a_role,
// b_role, a_rack, b_rack, lanes, mtu, fec, breakout, notes. See docs/formats/importers.md.
#include "readutil.h"

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
            FragmentBuilder fb(out);
            for (const auto& src : sources) {
                checkCancelled(feedback);
                readOne(src, fb);
            }
            fb.finish();
            return out;
        }

    private:
        static void readOne(const SourceText& src, FragmentBuilder& fb)
        {
            const auto rows = parseCsv(src);
            if (rows.empty())
                failAtLine(src.name, 1, 1, "found an empty file, expected a header row a_device,a_port,b_device,b_port,speed,cable_m,medium");
            const CsvRow& header = rows.front();
            std::map<std::string, std::size_t> at;
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
            bool warnedLength = false;
            for (std::size_t r = 1; r < rows.size(); ++r) {
                const CsvRow& row = rows[r];
                const int line = row.front().line;
                auto cell = [&](const char* name) -> const CsvCell* {
                    auto it = at.find(name);
                    if (it == at.end() || it->second >= row.size())
                        return nullptr;
                    return &row[it->second];
                };
                auto text = [&](const char* name) { const CsvCell* c = cell(name); return c ? c->text : std::string(); };
                auto need = [&](const char* name) {
                    const CsvCell* c = cell(name);
                    if (!c || c->text.empty())
                        failAtLine(src.name, c ? c->line : line, c ? c->column : 1, fmt::format("found an empty {} cell, expected a value", name));
                    return c->text;
                };
                if (lower(text("a_device")).rfind('#', 0) == 0)
                    continue; // commented-out row
                const std::string ad = need("a_device"), ap = need("a_port"), bd = need("b_device"), bp = need("b_port");
                const SourceLocation where { src.name, line, 1, {} };
                auto roleA = roleFromText(text("a_role"));
                auto roleB = roleFromText(text("b_role"));
                if (!text("a_role").empty() && !roleA)
                    failAtLine(src.name, cell("a_role")->line, cell("a_role")->column, fmt::format("found {}, expected a role: superspine, spine, leaf or host", quote(text("a_role"))));
                if (!text("b_role").empty() && !roleB)
                    failAtLine(src.name, cell("b_role")->line, cell("b_role")->column, fmt::format("found {}, expected a role: superspine, spine, leaf or host", quote(text("b_role"))));
                fb.node(ad, roleA.value_or(Role::Leaf), roleA.has_value());
                fb.node(bd, roleB.value_or(Role::Leaf), roleB.has_value());
                if (!text("a_rack").empty())
                    fb.node(ad).rack = text("a_rack");
                if (!text("b_rack").empty())
                    fb.node(bd).rack = text("b_rack");
                Link l;
                l.a = { ad, ap };
                l.b = { bd, bp };
                l.origin = LinkOrigin::Planned;
                if (const CsvCell* c = cell("cable_m"); c && !c->text.empty()) {
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
                if (const CsvCell* c = cell("medium"); c && !c->text.empty()) {
                    auto m = mediumFromText(c->text);
                    if (!m)
                        failAtLine(src.name, c->line, c->column, fmt::format("found {}, expected DAC, AOC or fibre", quote(c->text)));
                    l.medium = *m;
                    if (l.medium == Medium::Fibre)
                        l.fibre = fibreTypeFromText(c->text); // "OM4", "SMF", "fibre-om3": the reach depends on it
                } else {
                    l.medium = Medium::Unknown; // a plan without a medium column does not say; checks ask for it
                }
                std::optional<BitsPerSecond> speed;
                if (const CsvCell* c = cell("speed"); c && !c->text.empty()) {
                    speed = speedFromText(c->text);
                    if (!speed)
                        failAtLine(src.name, c->line, c->column, fmt::format("found {}, expected a speed as in 400, 400G or 100Gbps (bare numbers are Gb/s)", quote(c->text)));
                }
                std::optional<int> lanes, mtu;
                if (const CsvCell* c = cell("lanes"); c && !c->text.empty()) {
                    auto v = parseInt(c->text);
                    if (!v || *v < 1 || *v > 16)
                        failAtLine(src.name, c->line, c->column, fmt::format("found {}, expected a lane count 1..16", quote(c->text)));
                    lanes = static_cast<int>(*v);
                }
                if (const CsvCell* c = cell("mtu"); c && !c->text.empty()) {
                    auto v = parseInt(c->text);
                    if (!v || *v < 68 || *v > 16384)
                        failAtLine(src.name, c->line, c->column, fmt::format("found {}, expected an MTU in bytes (68..16384)", quote(c->text)));
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
                    continue;
                for (const auto& e : { l.a, l.b }) {
                    Port& p = fb.port(e.node, e.port);
                    if (speed)
                        p.speed = *speed;
                    if (lanes)
                        p.lanes = *lanes;
                    if (mtu)
                        p.mtu = *mtu;
                    if (fec)
                        p.fec = *fec;
                }
                if (!text("breakout").empty()) {
                    // "4x100G:lane0" style: the A port is a member of a breakout of its parent.
                    fb.node(ad).attributes["csv.breakout." + ap] = text("breakout");
                }
                if (!text("cable_id").empty())
                    fb.node(ad).attributes["csv.cable." + ap] = text("cable_id");
            }
        }
    };
} // namespace

std::unique_ptr<Importer> makeCsvImporter() { return std::make_unique<CsvImporter>(); }

} // namespace lfp
