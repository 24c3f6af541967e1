// SPDX-License-Identifier: GPL-3.0-or-later
// The buffer-fit proof (planner/buffer/bufferfit.h; docs/formulas.md "Buffer-fit proof"; issue 31).
#include "planner/buffer/bufferfit.h"
#include "model/counttext.h"

#include "planner/findings/findingregistry.h"

#include "model/errors.h"
#include "model/jsontext.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <map>
#include <regex>

namespace lfp {

namespace {

    std::int64_t ceilCells(std::int64_t bytes, std::int64_t cell) { return cell > 0 ? (bytes + cell - 1) / cell : 0; }

    BufferFitProof emptyProof(std::string subject, const AsicProfile& asic)
    {
        BufferFitProof p;
        p.subject = std::move(subject);
        p.asicId = asic.id;
        p.asicName = asic.name;
        p.cellSize = Bytes(std::max<std::int64_t>(1, asic.cellSize.value()));
        p.physical = asic.totalBuffer;
        // Only a physical figure decides: a profile whose total_buffer is the largest pool of a SONiC
        // SKU template (most Broadcom profiles) would call the vendors' own shipped templates
        // over-committed (pool + xoff > that pool), and no public source says whether those SAIs carve
        // the xoff inside the pool or beside it (docs/formulas.md, "Buffer-fit proof").
        p.physicalKnown = asic.totalBuffer.value() > 0 && asic.cellSize.value() > 0 && asic.totalBufferPhysical;
        p.physicalCells = p.physicalKnown ? asic.totalBuffer.value() / asic.cellSize.value() : 0;
        const auto it = asic.sources.find("total_buffer");
        p.physicalSource = it != asic.sources.end() ? it->second : fmt::format("ASIC profile {}", asic.id);
        if (asic.totalBuffer.value() <= 0)
            p.notProven = fmt::format("the physical buffer of {} is unknown (no source states it)", asic.id);
        else if (!asic.totalBufferPhysical)
            p.notProven = fmt::format("no source states the physical buffer of {}: its total_buffer ({} B) is the largest pool of a SONiC SKU "
                                      "template, not the MMU size",
                asic.id, groupThousands(asic.totalBuffer.value()));
        return p;
    }

    /// The mini fabric of the worst case: the switch with every real port (not a breakout parent, with
    /// a speed and lanes) linked to one peer over the switch's longest cable.
    Fabric worstCaseFabric(const BudgetContext& ctx, std::size_t nodeIndex, Metres& longest, int& ports)
    {
        const Fabric& f = ctx.fabric();
        const Node& sw = f.nodes[nodeIndex];
        longest = Metres(0);
        for (std::size_t pi = 0; pi < sw.ports.size(); ++pi)
            if (const auto c = ctx.cableAt(nodeIndex, pi))
                longest = Metres(std::max(longest.value(), c->value()));
        Fabric w;
        w.name = f.name;
        w.policies = f.policies;
        w.bindings = f.bindings;
        for (const auto& o : f.overrides)
            if (o.port.node == sw.name)
                w.overrides.push_back(o);
        Node peer;
        peer.name = sw.name == "worst-case-peer" ? "worst-case-peer-2" : "worst-case-peer";
        peer.role = Role::Host;
        w.nodes.push_back(sw);
        ports = 0;
        for (const auto& p : sw.ports) {
            const bool parent = std::any_of(sw.ports.begin(), sw.ports.end(), [&](const Port& q) { return q.breakoutParent == p.name; });
            if (parent || p.speed.value() <= 0 || p.lanes < 1)
                continue;
            Port pp = p;
            pp.name = fmt::format("p{}", ports++);
            pp.breakoutParent.clear();
            peer.ports.push_back(pp);
            w.links.push_back({ { sw.name, p.name }, { peer.name, pp.name }, longest, Medium::Fibre, LinkOrigin::Planned });
        }
        w.nodes.push_back(std::move(peer));
        return w;
    }

} // namespace

void addFitTerm(BufferFitProof& proof, std::string kind, std::string name, Bytes bytes, std::string formula, std::string id, Phrase label, std::int64_t count)
{
    BufferFitTerm t;
    t.kind = std::move(kind);
    t.id = id.empty() ? t.kind : std::move(id);
    t.label = label.empty() ? verbatimPhrase(name) : std::move(label);
    t.count = count;
    t.name = std::move(name);
    t.bytes = bytes;
    t.cells = ceilCells(bytes.value(), proof.cellSize.value());
    t.formula = std::move(formula);
    proof.neededCells += t.cells;
    proof.needed = Bytes(proof.neededCells * proof.cellSize.value());
    proof.terms.push_back(std::move(t));
}

BufferFitProof proveSwitchFit(const BudgetContext& ctx, std::size_t nodeIndex, const AsicProfile& asic, HeadroomCache* cache)
{
    const Node& sw = ctx.fabric().nodes[nodeIndex];
    BufferFitProof p = emptyProof(sw.name, asic);
    Metres longest;
    int ports = 0;
    const Fabric w = worstCaseFabric(ctx, nodeIndex, longest, ports);
    const BudgetContext wctx(w);
    const SwitchBudget b = computeBudget(wctx, 0, asic, cache);
    const std::string ratio = b.settings.overSubscribeRatio > 0 ? fmt::format("over-subscription ratio {}", b.settings.overSubscribeRatio) : "no over-subscription";
    p.worstCase = fmt::format("all {} ports up at their speed, each on the switch's longest cable ({}), shared headroom pool: {}", ports, formatLength(longest),
        asic.sharedHeadroomPool ? "the configured xoff" : ratio);
    p.worst = { "plan", ports, longest, asic.sharedHeadroomPool.has_value(), b.settings.overSubscribeRatio };
    for (const auto& l : b.lines) {
        if (l.category == "shared-headroom-pool" || l.category == "pool" || l.category == "remainder" || l.total.value() == 0)
            continue;
        addFitTerm(p, "reserved", fmt::format("{} × {}", l.name, l.count), l.total, l.formula, l.category, l.namePhrase, l.count);
    }
    if (sharedHeadroomOn(asic, b.settings))
        for (const auto& l : b.lines)
            if (l.category == "shared-headroom-pool")
                addFitTerm(p, "xoff", "ingress_lossless_pool.xoff (shared headroom pool)", l.total, l.formula, "shared-headroom-pool",
                    makePhrase("BudgetLine", QT_TRANSLATE_NOOP("BudgetLine", "ingress_lossless_pool.xoff (shared headroom pool)")));
    for (const auto& s : asic.pools)
        if (s.direction == PoolDirection::Ingress && s.size)
            addFitTerm(p, "pool", s.name, *s.size, fmt::format("configured size of the ASIC profile {}", asic.id), "pool");
    return p;
}

BufferFitProof proveFileFit(const SonicBufferFile& file, const AsicProfile& asic)
{
    BufferFitProof p = emptyProof(file.file, asic);
    p.worstCase = file.kind == "j2" ? "the SKU template's pools and xoff as shipped (per-PG reservations come on top: 0 counted)"
                                    : "the config_db's pools and xoff, and the sizes of the profiles its BUFFER_PG entries reserve";
    p.worst.kind = file.kind;
    for (const auto& pool : file.pools) {
        if (pool.type == "egress")
            continue; // a view of the same memory
        addFitTerm(p, "pool", pool.name, pool.size, fmt::format("BUFFER_POOL {} size", pool.name));
        if (pool.xoff && pool.xoff->value() > 0)
            addFitTerm(p, "xoff", pool.name + ".xoff", *pool.xoff, fmt::format("BUFFER_POOL {} xoff (a separate headroom region, issue 28657)", pool.name));
    }
    for (const auto& r : file.reservations)
        addFitTerm(p, "reserved", fmt::format("{} × {}", r.profile, r.count), Bytes(r.size.value() * r.count),
            fmt::format("BUFFER_PROFILE {} size {} B × {} port-PGs of BUFFER_PG", r.profile, r.size.value(), r.count), "profile", verbatimPhrase(r.profile),
            r.count);
    return p;
}

// ------------------------------------------------------------------------------------------------
// Reading SONiC buffer files.

bool looksLikeSonicBufferFile(const std::string& path, const std::string& text)
{
    if (path.size() >= 3 && path.compare(path.size() - 3, 3, ".j2") == 0)
        return true;
    const auto head = text.substr(0, std::min<std::size_t>(text.size(), 1 << 20));
    // A fabric file has "nodes"; a config_db has upper-case tables, BUFFER_POOL among them.
    return head.find("\"BUFFER_POOL\"") != std::string::npos && head.find("\"nodes\"") == std::string::npos;
}

namespace {

    std::pair<int, int> lineColumn(const std::string& text, std::size_t offset)
    {
        int line = 1, col = 1;
        for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
            if (text[i] == '\n') {
                ++line;
                col = 1;
            } else
                ++col;
        }
        return { line, col };
    }

    [[noreturn]] void fail(const std::string& file, const std::string& text, std::size_t offset, const std::string& field, const std::string& what)
    {
        const auto [line, col] = offset == std::string::npos ? std::pair { 0, 0 } : lineColumn(text, offset);
        throw InputError(SourceLocation { file, line, col, field }, what);
    }

    /// A `{{ name }}` the file does not set: where it is in the expanded text and in the file.
    struct Unresolved {
        std::size_t expanded = 0, original = 0;
        std::string name;
    };

    /// `{% set name = 'value' %}` (first assignment wins: later ones sit in conditionals), then
    /// `{{ name }}` substituted, then every other `{% … %}` and `{# … #}` blanked (newlines kept). A
    /// `{{ name }}` without a `set` (a loop variable such as `{{ port }}` of the queue and PG macros of
    /// real SKU templates) stays as written and is listed in @p unresolved: only one inside the pools or
    /// profiles is an error (unresolvedIn).
    std::string expandJinja(const std::string& text, std::vector<Unresolved>& unresolved)
    {
        static const std::regex setRe(R"re(\{%-?\s*set\s+([A-Za-z_]\w*)\s*=\s*(?:'([^']*)'|"([^"]*)"|(-?\d+))\s*-?%\})re");
        std::map<std::string, std::string> vars;
        for (auto it = std::sregex_iterator(text.begin(), text.end(), setRe); it != std::sregex_iterator(); ++it) {
            const auto& m = *it;
            const std::string value = m[2].matched ? m[2].str() : m[3].matched ? m[3].str() : m[4].str();
            vars.emplace(m[1].str(), value);
        }
        static const std::regex useRe(R"re(\{\{-?\s*([A-Za-z_][\w.]*)\s*-?\}\})re");
        std::string out;
        std::size_t last = 0;
        for (auto it = std::sregex_iterator(text.begin(), text.end(), useRe); it != std::sregex_iterator(); ++it) {
            const auto& m = *it;
            const auto at = static_cast<std::size_t>(m.position(0));
            out.append(text, last, at - last);
            if (const auto v = vars.find(m[1].str()); v != vars.end())
                out += v->second;
            else {
                unresolved.push_back({ out.size(), at, m[1].str() });
                out += m.str(0);
            }
            last = at + static_cast<std::size_t>(m.length(0));
        }
        out.append(text, last, std::string::npos);
        for (const auto& [open, close] : { std::pair { "{%", "%}" }, std::pair { "{#", "#}" } }) {
            std::size_t pos = 0;
            while ((pos = out.find(open, pos)) != std::string::npos) {
                const auto end = out.find(close, pos + 2);
                const std::size_t stop = end == std::string::npos ? out.size() : end + 2;
                for (std::size_t i = pos; i < stop; ++i)
                    if (out[i] != '\n')
                        out[i] = ' ';
                pos = stop;
            }
        }
        return out;
    }

    /// Fails at the first unresolved `{{ name }}` of @p unresolved within [from, to) of the expanded text.
    void unresolvedIn(const std::string& file, const std::string& text, const std::vector<Unresolved>& unresolved, std::size_t from, std::size_t to)
    {
        for (const auto& u : unresolved)
            if (u.expanded >= from && u.expanded < to)
                fail(file, text, u.original, u.name,
                    fmt::format("found {{{{ {} }}}}, expected a variable set in this file by {{% set {} = '…' %}}", u.name, u.name));
    }

    /// The JSON object after `"KEY":` in @p text (braces matched outside strings), trailing commas
    /// removed, the key's offset and the offset just past the object; npos offsets when absent.
    struct KeyedObject {
        std::string json;
        std::size_t at = std::string::npos, end = std::string::npos;
    };
    KeyedObject objectAfterKey(const std::string& text, const std::string& key)
    {
        const auto k = text.find("\"" + key + "\"");
        if (k == std::string::npos)
            return {};
        const auto open = text.find('{', k);
        if (open == std::string::npos)
            return {};
        int depth = 0;
        bool inString = false;
        std::size_t i = open;
        for (; i < text.size(); ++i) {
            const char c = text[i];
            if (inString) {
                if (c == '\\')
                    ++i;
                else if (c == '"')
                    inString = false;
            } else if (c == '"')
                inString = true;
            else if (c == '{')
                ++depth;
            else if (c == '}' && --depth == 0)
                break;
        }
        static const std::regex trailing(R"re(,(\s*[}\]]))re");
        return { std::regex_replace(text.substr(open, i + 1 - open), trailing, "$1"), k, std::min(i + 1, text.size()) };
    }

    Bytes sizeField(const nlohmann::json& obj, const char* key, const std::string& file, const std::string& text, const std::string& where)
    {
        const auto& v = obj.at(key);
        const std::string s = v.is_string() ? v.get<std::string>() : v.is_number_integer() ? std::to_string(v.get<std::int64_t>()) : std::string("?");
        if (s.empty() || s.size() > 15 || !std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
            fail(file, text, text.find(where), where + "." + key, fmt::format("found \"{}\", expected a whole number of bytes", s));
        return Bytes(std::stoll(s));
    }

    std::vector<SonicBufferFile::Pool> readPools(const nlohmann::json& pools, const std::string& file, const std::string& text)
    {
        std::vector<SonicBufferFile::Pool> out;
        for (const auto& [name, obj] : pools.items()) {
            if (!obj.is_object() || !obj.contains("size"))
                continue; // dynamic pools without a size are computed by SONiC
            SonicBufferFile::Pool p;
            p.name = name;
            p.type = obj.value("type", std::string("ingress"));
            p.size = sizeField(obj, "size", file, text, name);
            if (obj.contains("xoff"))
                p.xoff = sizeField(obj, "xoff", file, text, name);
            out.push_back(std::move(p));
        }
        return out;
    }

    std::string stripRef(std::string s, const char* table)
    {
        const std::string prefix = fmt::format("[{}|", table);
        if (s.rfind(prefix, 0) == 0 && !s.empty() && s.back() == ']')
            s = s.substr(prefix.size(), s.size() - prefix.size() - 1);
        if (s.rfind(std::string(table) + "|", 0) == 0)
            s = s.substr(std::string(table).size() + 1);
        return s;
    }

    /// "Ethernet0,Ethernet4|3-4" → 2 ports × 2 PGs.
    std::int64_t portPgCount(const std::string& key)
    {
        const auto bar = key.find('|');
        const std::string ports = key.substr(0, bar);
        const std::int64_t nPorts = 1 + std::count(ports.begin(), ports.end(), ',');
        if (bar == std::string::npos)
            return nPorts;
        const std::string pgs = key.substr(bar + 1);
        const auto dash = pgs.find('-');
        std::int64_t nPgs = 1;
        try {
            if (dash != std::string::npos)
                nPgs = std::max<std::int64_t>(1, std::stoll(pgs.substr(dash + 1)) - std::stoll(pgs.substr(0, dash)) + 1);
        } catch (const std::exception&) {
            nPgs = 1;
        }
        return nPorts * nPgs;
    }

    /// BUFFER_PG entries whose profile has a size in an ingress pool: Σ per profile.
    std::vector<SonicBufferFile::Reservation> readReservations(const nlohmann::json& j, const std::vector<SonicBufferFile::Pool>& pools, const std::string& file,
        const std::string& text)
    {
        std::vector<SonicBufferFile::Reservation> out;
        if (!j.contains("BUFFER_PG") || !j.contains("BUFFER_PROFILE") || !j["BUFFER_PG"].is_object())
            return out;
        const auto& profiles = j["BUFFER_PROFILE"];
        std::map<std::string, std::size_t> index;
        for (const auto& [key, entry] : j["BUFFER_PG"].items()) {
            if (!entry.is_object() || !entry.contains("profile") || !entry["profile"].is_string())
                continue;
            const std::string prof = stripRef(entry["profile"].get<std::string>(), "BUFFER_PROFILE");
            if (!profiles.contains(prof) || !profiles[prof].is_object() || !profiles[prof].contains("size"))
                continue; // NULL, or a profile buffermgrd computes
            const std::string pool = stripRef(profiles[prof].value("pool", std::string()), "BUFFER_POOL");
            const bool egress = std::any_of(pools.begin(), pools.end(), [&](const auto& p) { return p.name == pool && p.type == "egress"; });
            const Bytes size = sizeField(profiles[prof], "size", file, text, prof);
            if (egress || size.value() == 0)
                continue;
            auto [it, fresh] = index.emplace(prof, out.size());
            if (fresh)
                out.push_back({ prof, size, 0 });
            out[it->second].count += portPgCount(key);
        }
        return out;
    }

} // namespace

SonicBufferFile readSonicBufferFile(const std::string& path, const std::string& text)
{
    SonicBufferFile f;
    f.file = path;
    const bool j2 = path.size() >= 3 && path.compare(path.size() - 3, 3, ".j2") == 0;
    f.kind = j2 ? "j2" : "config_db";
    nlohmann::json j;
    if (j2) {
        std::vector<Unresolved> unresolved;
        const std::string expanded = expandJinja(text, unresolved);
        const KeyedObject pools = objectAfterKey(expanded, "BUFFER_POOL");
        const std::size_t at = pools.at;
        if (at == std::string::npos)
            fail(path, text, std::string::npos, "BUFFER_POOL", "found no \"BUFFER_POOL\" object, expected a SONiC buffers_defaults_*.j2 with its pools");
        unresolvedIn(path, text, unresolved, at, pools.end);
        const KeyedObject profiles = objectAfterKey(expanded, "BUFFER_PROFILE");
        if (profiles.at != std::string::npos)
            unresolvedIn(path, text, unresolved, profiles.at, profiles.end);
        try {
            j["BUFFER_POOL"] = nlohmann::json::parse(pools.json);
            if (profiles.at != std::string::npos)
                j["BUFFER_PROFILE"] = nlohmann::json::parse(profiles.json);
        } catch (const nlohmann::json::exception& e) {
            fail(path, text, at, "BUFFER_POOL", fmt::format("the pools are not valid JSON once the template is expanded: {}", e.what()));
        }
    } else {
        checkJsonText(text, path);
        try {
            j = nlohmann::json::parse(text);
        } catch (const nlohmann::json::exception& e) {
            throw InputError(SourceLocation { path, 0, 0, {} }, fmt::format("not valid JSON: {}", e.what()));
        }
        if (!j.is_object() || !j.contains("BUFFER_POOL") || !j["BUFFER_POOL"].is_object())
            throw InputError(SourceLocation { path, 0, 0, "BUFFER_POOL" }, "found no BUFFER_POOL table, expected a SONiC config_db.json with its buffer pools");
    }
    f.pools = readPools(j["BUFFER_POOL"], path, text);
    f.reservations = readReservations(j, f.pools, path, text);
    return f;
}

// ------------------------------------------------------------------------------------------------

namespace {
    /// 808546 → "808,546" (the figures of issue 28657 as people write them): model/counttext.h.
    std::string grouped(std::int64_t n) { return groupThousands(n); }
} // namespace

Finding bufferFitFinding(const BufferFitProof& p, std::vector<ObjectRef> objects)
{
    std::int64_t pools = 0, xoff = 0, reserved = 0, poolCells = 0;
    for (const auto& t : p.terms) {
        (t.kind == "pool" ? pools : t.kind == "xoff" ? xoff : reserved) += t.cells;
        if (t.kind == "pool")
            poolCells += t.cells;
    }
    const std::int64_t excess = p.neededCells - p.physicalCells;
    const std::int64_t maxPool = std::max<std::int64_t>(0, poolCells - excess);
    FindingParams params { { "subject", p.subject }, { "asic", p.asicId }, { "needed_cells", grouped(p.neededCells) },
        { "needed", formatBytesHuman(p.needed) }, { "pool_cells", grouped(pools) }, { "xoff_cells", grouped(xoff) },
        { "reserved_cells", grouped(reserved) }, { "physical_cells", grouped(p.physicalCells) }, { "cell", fmt::format("{}", p.cellSize.value()) },
        { "physical", formatBytesHuman(p.physical) }, { "excess_cells", grouped(excess) }, { "worst_case", p.worstCase },
        { "max_pool", grouped(maxPool * p.cellSize.value()) } };
    std::vector<Evidence> ev { { "needed_cells", static_cast<double>(p.neededCells), "cells", fmt::format("{} B", p.needed.value()) },
        { "pool_cells", static_cast<double>(pools), "cells", "ingress pool sizes" }, { "xoff_cells", static_cast<double>(xoff), "cells", "pool xoff (headroom)" },
        { "reserved_cells", static_cast<double>(reserved), "cells", "reservations (min guarantee)" },
        { "physical_cells", static_cast<double>(p.physicalCells), "cells", p.physicalSource },
        { "cell_size", static_cast<double>(p.cellSize.value()), "B", p.asicId } };
    return makeFinding("LFP-BUF-POOLS-EXCEED-BUFFER", std::move(objects), std::move(params), std::move(ev));
}

nlohmann::json bufferFitToJson(const BufferFitProof& p)
{
    nlohmann::json terms = nlohmann::json::array();
    for (const auto& t : p.terms)
        terms.push_back({ { "kind", t.kind }, { "name", t.name }, { "bytes", t.bytes.value() }, { "cells", t.cells }, { "formula", t.formula } });
    nlohmann::json j { { "subject", p.subject }, { "asic", p.asicId }, { "cell_size", p.cellSize.value() }, { "physical_bytes", p.physical.value() },
        { "physical_cells", p.physicalCells }, { "physical_known", p.physicalKnown }, { "physical_source", p.physicalSource }, { "worst_case", p.worstCase },
        { "terms", terms }, { "needed_cells", p.neededCells }, { "needed_bytes", p.needed.value() }, { "spare_cells", p.physicalCells - p.neededCells },
        { "fits", p.fits() } };
    if (!p.physicalKnown) {
        j["spare_cells"] = nullptr;
        j["not_proven"] = p.notProven;
    }
    return j;
}

std::string bufferFitText(const BufferFitProof& p)
{
    std::string out = fmt::format("  buffer-fit proof ({}; cell {} B)\n  worst case: {}\n", p.asicId, grouped(p.cellSize.value()), p.worstCase);
    for (const auto& t : p.terms)
        out += fmt::format("    {:<9} {:<56} {:>14} B {:>11} cells\n", t.kind, t.name, grouped(t.bytes.value()), grouped(t.cells));
    out += fmt::format("    {:<9} {:<56} {:>14} B {:>11} cells\n", "needed", "", grouped(p.needed.value()), grouped(p.neededCells));
    if (!p.physicalKnown)
        return out + fmt::format("    not proven: {}\n", p.notProven.empty() ? std::string("the physical buffer is unknown") : p.notProven);
    out += fmt::format("    {:<9} {:<56} {:>14} B {:>11} cells\n", "physical", "floor(total_buffer / cell)", grouped(p.physicalCells * p.cellSize.value()),
        grouped(p.physicalCells));
    out += p.fits() ? fmt::format("    fits: {} to spare\n", countOf(p.physicalCells - p.neededCells, "cell"))
                    : fmt::format("    DOES NOT FIT: {} over\n", countOf(p.neededCells - p.physicalCells, "cell"));
    return out;
}

} // namespace lfp
