// SPDX-License-Identifier: GPL-3.0-or-later
#include "readutil.h"

#include "model/fabricjson.h"
#include "model/jsontext.h"
#include "model/textsafe.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fmt/format.h>
#include <functional>

namespace lfp::imp {

namespace {
    /// A UTF-8 continuation byte (10xxxxxx): not the start of a character, so no column of its own.
    bool isContinuationByte(char b) { return (static_cast<unsigned char>(b) & 0xC0) == 0x80; }
} // namespace

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}

std::string lower(std::string_view s)
{
    std::string r(s);
    for (auto& c : r)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return r;
}

bool startsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool iequals(std::string_view a, std::string_view b) { return a.size() == b.size() && lower(a) == lower(b); }
bool icontains(std::string_view hay, std::string_view needle) { return lower(hay).find(lower(needle)) != std::string::npos; }

std::vector<std::string> splitList(std::string_view s, char sep)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= s.size()) {
        auto end = s.find(sep, start);
        if (end == std::string_view::npos)
            end = s.size();
        auto piece = trim(s.substr(start, end - start));
        if (!piece.empty())
            out.emplace_back(piece);
        start = end + 1;
    }
    return out;
}

std::string quote(std::string_view s, std::size_t max)
{
    std::string r = "\"";
    std::size_t n = 0;
    for (unsigned char c : s) {
        if (n++ >= max) {
            r += "…";
            break;
        }
        if (c < 0x20 || c == 0x7f)
            r += fmt::format("\\x{:02x}", c);
        else if (c == '"')
            r += "\\\"";
        else
            r += static_cast<char>(c);
    }
    return r + "\"";
}

// Columns count characters (UTF-8 code points), as the model's readers do (docs/formats/limits.md).
std::pair<int, int> lineColumn(std::string_view text, std::size_t offset) { return textLineColumn(text, offset); }

void failAt(const SourceText& src, std::size_t offset, const std::string& what)
{
    auto [l, c] = lineColumn(src.text, offset);
    throw InputError(SourceLocation { src.name, l, c, {} }, what);
}

void failAtLine(const std::string& file, int line, int column, const std::string& what)
{
    throw InputError(SourceLocation { file, line, column, {} }, what);
}

void checkYamlNesting(const SourceText& src)
{
    const std::string_view t = src.text;
    std::vector<std::size_t> indents; // open block levels
    std::size_t flow = 0; // open [ and { across lines
    std::size_t lineStart = 0;
    while (lineStart < t.size()) {
        std::size_t end = t.find('\n', lineStart);
        if (end == std::string_view::npos)
            end = t.size();
        const std::string_view line = t.substr(lineStart, end - lineStart);
        std::size_t i = 0;
        while (i < line.size() && line[i] == ' ')
            ++i;
        if (i < line.size() && line[i] != '#' && line[i] != '\r' && flow == 0) {
            while (!indents.empty() && indents.back() > i)
                indents.pop_back();
            if (indents.empty() || indents.back() < i)
                indents.push_back(i);
        }
        std::size_t dashes = 0;
        for (std::size_t k = i; k + 1 < line.size() && line[k] == '-' && line[k + 1] == ' '; k += 2) {
            ++dashes;
            while (k + 2 < line.size() && line[k + 2] == ' ')
                ++k;
        }
        char quote = 0;
        std::size_t lineFlowMax = flow;
        for (std::size_t k = i; k < line.size(); ++k) {
            const char c = line[k];
            if (quote) {
                if (c == quote)
                    quote = 0;
                continue;
            }
            if (c == '#' && (k == 0 || line[k - 1] == ' '))
                break;
            if ((c == '"' || c == '\'') && (k == 0 || std::string_view(" [{,:").find(line[k - 1]) != std::string_view::npos))
                quote = c;
            else if (c == '[' || c == '{')
                lineFlowMax = std::max(lineFlowMax, ++flow);
            else if ((c == ']' || c == '}') && flow > 0)
                --flow;
        }
        if (indents.size() + dashes + lineFlowMax > kMaxNesting)
            failAt(src, lineStart + i, fmt::format("YAML nested deeper than {} levels; LFP reads up to {} levels", kMaxNesting, kMaxNesting));
        lineStart = end + 1;
    }
}

void checkXmlNesting(const SourceText& src)
{
    const std::string_view t = src.text;
    std::size_t depth = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i] != '<')
            continue;
        const std::string_view rest = t.substr(i);
        auto skipTo = [&](std::string_view close) {
            const auto e = t.find(close, i);
            i = e == std::string_view::npos ? t.size() : e + close.size() - 1;
        };
        if (rest.starts_with("<!--")) {
            skipTo("-->");
        } else if (rest.starts_with("<![CDATA[")) {
            skipTo("]]>");
        } else if (rest.starts_with("<?")) {
            skipTo("?>");
        } else if (rest.starts_with("<!")) {
            skipTo(">");
        } else if (rest.starts_with("</")) {
            if (depth > 0)
                --depth;
            skipTo(">");
        } else {
            const std::size_t open = i;
            // The tag ends at the first '>' outside attribute quotes.
            char quote = 0;
            std::size_t k = i + 1;
            for (; k < t.size(); ++k) {
                if (quote) {
                    if (t[k] == quote)
                        quote = 0;
                } else if (t[k] == '"' || t[k] == '\'') {
                    quote = t[k];
                } else if (t[k] == '>') {
                    break;
                }
            }
            const bool selfClosing = k < t.size() && t[k - 1] == '/';
            if (!selfClosing && ++depth > kMaxNesting)
                failAt(src, open, fmt::format("XML nested deeper than {} elements; LFP reads up to {} levels", kMaxNesting, kMaxNesting));
            i = k;
        }
    }
}

nlohmann::json parseJson(const SourceText& src)
{
    checkJsonText(src.text, src.name); // nesting, size and duplicate keys (model/jsontext.h)
    try {
        return nlohmann::json::parse(src.text);
    } catch (const nlohmann::json::parse_error& e) {
        std::size_t off = e.byte > 0 ? e.byte - 1 : 0;
        std::string what = e.what();
        if (auto p = what.find("syntax error"); p != std::string::npos)
            what = what.substr(p);
        else if (auto q = what.find(": "); q != std::string::npos)
            what = what.substr(q + 2);
        failAt(src, off, "malformed JSON: " + what);
    } catch (const nlohmann::json::exception& e) {
        // out_of_range 406 ("number overflow parsing '1e400'") carries no position: find the token.
        std::string what = e.what();
        if (auto q = what.find("] "); q != std::string::npos)
            what = what.substr(q + 2);
        std::size_t off = 0;
        const auto a = what.find('\''), b = what.rfind('\'');
        if (a != std::string::npos && b > a + 1)
            off = std::min(src.text.find(what.substr(a + 1, b - a - 1)), src.text.size());
        failAt(src, off, "malformed JSON: " + what);
    }
}

void failJson(const SourceText& src, const std::string& pointer, const std::string& what)
{
    auto [l, c] = locateJsonPointer(src.text, pointer);
    throw InputError(SourceLocation { src.name, l, c, pointer.empty() ? "/" : pointer }, what);
}

std::string describe(const nlohmann::json& v)
{
    using T = nlohmann::json::value_t;
    switch (v.type()) {
    case T::null:
        return "null";
    case T::object:
        return "an object";
    case T::array:
        return "an array";
    case T::string:
        return "the string " + quote(v.get_ref<const std::string&>());
    case T::boolean:
        return v.get<bool>() ? "true" : "false";
    default:
        return "the number " + v.dump();
    }
}

std::string jsonPointerEscape(std::string_view key)
{
    std::string out;
    for (char c : key)
        out += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
    return out;
}

std::optional<long long> parseInt(std::string_view s)
{
    s = trim(s);
    if (!s.empty() && s.front() == '+')
        s.remove_prefix(1);
    long long v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || s.empty())
        return std::nullopt;
    return v;
}

std::optional<double> parseDouble(std::string_view s)
{
    s = trim(s);
    std::string t(s);
    std::replace(t.begin(), t.end(), ',', '.'); // decimal commas from European spreadsheets
    if (t.empty())
        return std::nullopt;
    double v = 0;
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc() || p != t.data() + t.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

std::optional<std::uint64_t> parseHex(std::string_view s)
{
    s = trim(s);
    if (startsWith(s, "0x") || startsWith(s, "0X"))
        s.remove_prefix(2);
    if (s.empty() || s.size() > 16)
        return std::nullopt;
    std::uint64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, 16);
    if (ec != std::errc() || p != s.data() + s.size())
        return std::nullopt;
    return v;
}

void forEachCsvRow(const SourceText& src, const std::function<void(const CsvRow&)>& onRow)
{
    std::string_view t = src.text;
    std::size_t i = 0;
    if (startsWith(t, "\xEF\xBB\xBF"))
        i = 3;
    // Delimiter: the most frequent of , ; \t on the first line (outside quotes).
    char delim = ',';
    {
        std::size_t commas = 0, semis = 0, tabs = 0;
        bool q = false;
        for (std::size_t k = i; k < t.size() && (q || t[k] != '\n'); ++k) {
            if (t[k] == '"')
                q = !q;
            else if (!q && t[k] == ',')
                ++commas;
            else if (!q && t[k] == ';')
                ++semis;
            else if (!q && t[k] == '\t')
                ++tabs;
        }
        if (semis > commas && semis >= tabs)
            delim = ';';
        else if (tabs > commas && tabs > semis)
            delim = '\t';
    }
    // One row at a time: the cells (and their strings' capacity) are reused from row to row, so a
    // million-row plan never holds more than one row of cells (issue 13, docs/performance.md).
    CsvRow row;
    std::size_t used = 0; // cells of the current row in `row`
    int line = 1, col = 1;
    bool cellStarted = false;
    auto current = [&]() -> CsvCell& { return row[used]; };
    auto startCell = [&] {
        if (!cellStarted) {
            if (used == row.size())
                row.emplace_back();
            CsvCell& c = current();
            c.text.clear();
            c.line = line;
            c.column = col;
            cellStarted = true;
        }
    };
    auto endCell = [&] {
        startCell();
        ++used;
        cellStarted = false;
    };
    auto endRow = [&] {
        endCell();
        row.resize(used);
        bool empty = true;
        for (auto& c : row) {
            const std::string_view tv = trim(c.text);
            if (tv.size() != c.text.size())
                c.text = std::string(tv);
            empty = empty && c.text.empty();
        }
        if (!empty)
            onRow(row);
        used = 0;
    };
    auto plain = [&](char c) { return c != delim && c != '"' && c != '\n' && c != '\r'; };
    while (i < t.size()) {
        char c = t[i];
        if (c == '"' && (!cellStarted || trim(current().text).empty())) {
            startCell();
            std::string& text = current().text;
            text.clear();
            const int qLine = line, qCol = col;
            ++i;
            ++col;
            bool closed = false;
            while (i < t.size()) {
                if (t[i] == '"') {
                    if (i + 1 < t.size() && t[i + 1] == '"') {
                        text += '"';
                        i += 2;
                        col += 2;
                        continue;
                    }
                    ++i;
                    ++col;
                    closed = true;
                    break;
                }
                if (t[i] == '\n') {
                    ++line;
                    col = 1;
                } else if (!isContinuationByte(t[i])) {
                    ++col;
                }
                text += t[i++];
            }
            if (!closed)
                failAtLine(src.name, qLine, qCol, "found a quoted cell that never ends, expected a closing '\"'");
            // Text after the closing quote up to the delimiter is kept (lenient, as spreadsheets are).
            continue;
        }
        if (c == delim) {
            endCell();
            ++i;
            ++col;
            continue;
        }
        if (c == '\r' && i + 1 < t.size() && t[i + 1] == '\n') {
            ++i;
            continue;
        }
        if (c == '\n') {
            endRow();
            ++i;
            ++line;
            col = 1;
            continue;
        }
        startCell();
        // This byte and the plain run after it, appended at once.
        std::size_t j = i + 1;
        while (j < t.size() && plain(t[j]))
            ++j;
        current().text.append(t.data() + i, j - i);
        col += static_cast<int>(std::count_if(t.data() + i, t.data() + j, [](char b) { return !isContinuationByte(b); }));
        i = j;
    }
    if (cellStarted || used > 0)
        endRow();
}

std::vector<CsvRow> parseCsv(const SourceText& src)
{
    std::vector<CsvRow> rows;
    forEachCsvRow(src, [&](const CsvRow& r) { rows.push_back(r); });
    return rows;
}

// ------------------------------------------------------------------------------------ FragmentBuilder

NameError::NameError(std::string field, std::string value, const std::string& problem)
    : InputError(SourceLocation { {}, 0, 0, field }, fmt::format("the {} \"{}\" {}", field, escapeTerminal(value.substr(0, 64)), problem))
    , m_field(std::move(field))
    , m_value(std::move(value))
{
}

template <typename Same>
std::uint32_t FragmentBuilder::IndexTable::find(std::uint32_t hash, const Same& same) const
{
    if (m_slots.empty())
        return kNone;
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t at = hash & mask;; at = (at + 1) & mask) {
        const std::uint64_t slot = m_slots[at];
        if (slot == 0)
            return kNone;
        if (static_cast<std::uint32_t>(slot >> 32) == hash) {
            const auto index = static_cast<std::uint32_t>(slot) - 1;
            if (same(index))
                return index;
        }
    }
}

void FragmentBuilder::IndexTable::grow(std::size_t slots)
{
    std::vector<std::uint64_t> old(slots, 0);
    old.swap(m_slots);
    const std::size_t mask = m_slots.size() - 1;
    for (const std::uint64_t slot : old)
        if (slot != 0) {
            std::size_t at = static_cast<std::uint32_t>(slot >> 32) & mask;
            while (m_slots[at] != 0)
                at = (at + 1) & mask;
            m_slots[at] = slot;
        }
}

void FragmentBuilder::IndexTable::reserve(std::size_t count)
{
    std::size_t slots = 16;
    while (slots < 2 * count)
        slots *= 2;
    if (slots > m_slots.size())
        grow(slots);
}

void FragmentBuilder::IndexTable::insert(std::uint32_t hash, std::uint32_t index)
{
    if (2 * (m_used + 1) > m_slots.size())
        grow(std::max<std::size_t>(16, 2 * m_slots.size()));
    const std::size_t mask = m_slots.size() - 1;
    std::size_t at = hash & mask;
    while (m_slots[at] != 0)
        at = (at + 1) & mask;
    m_slots[at] = (static_cast<std::uint64_t>(hash) << 32) | (static_cast<std::uint64_t>(index) + 1);
    ++m_used;
}

std::uint32_t FragmentBuilder::nodeHash(std::string_view name)
{
    const std::uint64_t h = std::hash<std::string_view> {}(name);
    return static_cast<std::uint32_t>(h ^ (h >> 32));
}

std::uint32_t FragmentBuilder::portHash(std::uint32_t node, std::string_view port)
{
    std::uint64_t h = std::hash<std::string_view> {}(port) ^ (static_cast<std::uint64_t>(node) * 0x9E3779B97F4A7C15ull);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    return static_cast<std::uint32_t>(h ^ (h >> 32));
}

void FragmentBuilder::reserve(std::size_t links)
{
    m_ports.reserve(m_portRefs.size() + 2 * links);
    m_portRefs.reserve(m_portRefs.size() + 2 * links);
    m_nodes.reserve(m_out.fragment.nodes.size() + links);
    m_linkEnds.reserve(m_linkEnds.size() + links);
    m_out.fragment.links.reserve(m_out.fragment.links.size() + links);
}

std::uint32_t FragmentBuilder::findNode(std::string_view name, std::uint32_t hash) const
{
    const auto& nodes = m_out.fragment.nodes;
    return m_nodes.find(hash, [&](std::uint32_t i) { return nodes[i].name == name; });
}

bool FragmentBuilder::hasNode(std::string_view name) const { return findNode(name, nodeHash(name)) != kNone; }

std::uint32_t FragmentBuilder::nodeIndex(const std::string& name, Role role, bool roleKnown)
{
    const std::uint32_t hash = nodeHash(name);
    if (const std::uint32_t at = findNode(name, hash); at != kNone) {
        if (roleKnown && !m_roleKnown[at]) {
            m_out.fragment.nodes[at].role = role;
            m_roleKnown[at] = 1;
        }
        return at;
    }
    if (auto problem = textProblem(name))
        throw NameError("node name", name, *problem);
    if (m_out.fragment.nodes.size() >= kNone - 1)
        throw InputError(SourceLocation {}, "more than 4,294,967,293 nodes");
    Node n;
    n.name = name;
    n.role = role;
    m_out.fragment.nodes.push_back(std::move(n));
    const auto at = static_cast<std::uint32_t>(m_out.fragment.nodes.size() - 1);
    m_nodes.insert(hash, at);
    m_roleKnown.push_back(roleKnown ? 1 : 0);
    m_switchHint.push_back(0);
    return at;
}

Node& FragmentBuilder::node(const std::string& name, Role role, bool roleKnown) { return m_out.fragment.nodes[nodeIndex(name, role, roleKnown)]; }

Port& FragmentBuilder::port(const std::string& nodeName, const std::string& portName)
{
    const PortRef& r = m_portRefs[portId(nodeIndex(nodeName, Role::Leaf, false), portName)];
    return m_out.fragment.nodes[r.node].ports[r.port];
}

std::uint32_t FragmentBuilder::findPort(std::uint32_t node, std::string_view port, std::uint32_t hash) const
{
    const auto& nodes = m_out.fragment.nodes;
    return m_ports.find(hash, [&](std::uint32_t id) {
        const PortRef& r = m_portRefs[id];
        return r.node == node && nodes[node].ports[r.port].name == port;
    });
}

std::uint32_t FragmentBuilder::portId(std::uint32_t node, const std::string& port)
{
    const std::uint32_t hash = portHash(node, port);
    if (const std::uint32_t id = findPort(node, port, hash); id != kNone)
        return id;
    return addPort(node, port, hash);
}

std::uint32_t FragmentBuilder::addPort(std::uint32_t node, const std::string& portName, std::uint32_t hash)
{
    if (auto problem = textProblem(portName))
        throw NameError("port name", portName, *problem);
    if (m_portRefs.size() >= kNone - 1)
        throw InputError(SourceLocation {}, "more than 4,294,967,293 ports");
    Node& n = m_out.fragment.nodes[node];
    Port p;
    p.name = portName;
    p.speed = BitsPerSecond(0);
    p.fec = Fec::Unknown; // until the source says (never the model's default)
    n.ports.push_back(std::move(p));
    const auto id = static_cast<std::uint32_t>(m_portRefs.size());
    m_portRefs.push_back(PortRef { node, static_cast<std::uint32_t>(n.ports.size() - 1), kNone });
    m_ports.insert(hash, id);
    return id;
}

bool FragmentBuilder::link(const Link& l, const SourceLocation& where, bool quietDuplicates)
{
    auto& links = m_out.fragment.links;
    // Each end's node and port are looked up (hashed) once and the lookups reused to add them:
    // a million-row plan calls this for every row.
    auto lookUp = [&](const Endpoint& e, std::uint32_t& ni, std::uint32_t& hash) -> std::uint32_t {
        ni = findNode(e.node, nodeHash(e.node));
        if (ni == kNone)
            return kNone;
        hash = portHash(ni, e.port);
        return findPort(ni, e.port, hash);
    };
    std::uint32_t nia = kNone, nib = kNone, ha = 0, hb = 0;
    const std::uint32_t sa = lookUp(l.a, nia, ha);
    const std::uint32_t sb = lookUp(l.b, nib, hb);
    const bool busyA = sa != kNone && m_portRefs[sa].link != kNone, busyB = sb != kNone && m_portRefs[sb].link != kNone;
    if (busyA || busyB) {
        const std::size_t existing = busyA ? m_portRefs[sa].link : m_portRefs[sb].link;
        const Link& e = links[existing];
        const bool same = (e.a == l.a && e.b == l.b) || (e.a == l.b && e.b == l.a);
        if (same) {
            if (!quietDuplicates)
                info(where, fmt::format("the link {}:{} -- {}:{} is listed again; counted once", l.a.node, l.a.port, l.b.node, l.b.port));
            return false;
        }
        const Endpoint& busy = busyA ? l.a : l.b;
        const Endpoint& other = e.a == busy ? e.b : e.a;
        warn(where, fmt::format("{}:{} is already cabled to {}:{}; the link to {}:{} is left out", busy.node, busy.port,
            other.node, other.port, (busy == l.a ? l.b : l.a).node, (busy == l.a ? l.b : l.a).port));
        return false;
    }
    if (l.a == l.b) {
        warn(where, fmt::format("a link from {}:{} to itself is left out", l.a.node, l.a.port));
        return false;
    }
    if (links.size() >= kNone - 1)
        throw InputError(SourceLocation {}, "more than 4,294,967,293 links");
    auto slot = [&](std::uint32_t found, std::uint32_t ni, std::uint32_t hash, const Endpoint& e) -> std::uint32_t {
        if (found != kNone)
            return found;
        if (ni == kNone) { // a new node: its port is new too
            ni = nodeIndex(e.node, Role::Leaf, false);
            hash = portHash(ni, e.port);
        }
        return addPort(ni, e.port, hash);
    };
    const std::uint32_t pa = slot(sa, nia, ha, l.a);
    // When both ends are on one node that did not exist, l.b's lookup found nothing although the
    // node is there now: the plain path looks it up again.
    const std::uint32_t pb = nib == kNone && l.b.node == l.a.node ? portId(nodeIndex(l.b.node, Role::Leaf, false), l.b.port) : slot(sb, nib, hb, l.b);
    links.push_back(l);
    m_portRefs[pa].link = m_portRefs[pb].link = static_cast<std::uint32_t>(links.size() - 1);
    m_linkEnds.emplace_back(pa, pb);
    return true;
}

void FragmentBuilder::warn(const SourceLocation& where, const std::string& message)
{
    m_out.diagnostics.push_back({ ImportDiagnostic::Severity::Warning, where, message });
}

void FragmentBuilder::info(const SourceLocation& where, const std::string& message)
{
    m_out.diagnostics.push_back({ ImportDiagnostic::Severity::Info, where, message });
}

void FragmentBuilder::markSwitch(const std::string& name) { m_switchHint[nodeIndex(name, Role::Leaf, false)] = 1; }

namespace {
    /// Port names that switches use and hosts do not: SONiC/EOS "Ethernet0", Cumulus "swp1", NX-OS
    /// "Eth1/1", Junos "et-0/0/0", "xe-", "ge-", IOS-XR "HundredGigE0/0/0/0", anything with a slot
    /// "1/1". Hosts name theirs eth0, ens1f0, enp65s0, ib0, mlx5_0.
    bool switchLikePort(std::string_view port)
    {
        const std::string t = lower(port);
        auto digitAt = [&](std::size_t i) { return i < t.size() && std::isdigit(static_cast<unsigned char>(t[i])); };
        if (t.find('/') != std::string::npos && digitAt(t.find_first_of("0123456789")))
            return true;
        if ((startsWith(t, "ethernet") && digitAt(8)) || (startsWith(t, "swp") && digitAt(3)))
            return true;
        for (const char* p : { "et-", "xe-", "ge-", "hundredgig", "fourhundredgig", "fortygig", "tengig", "twentyfivegig", "port-channel" })
            if (startsWith(t, p))
                return true;
        return false;
    }
} // namespace

namespace {
    bool switchWordInName(std::string_view s);
} // namespace

void FragmentBuilder::finish()
{
    auto& f = m_out.fragment;
    const std::size_t count = f.nodes.size();
    // Everything below works on node indices (vectors, not maps keyed by name): a million-cable plan
    // has half a million nodes (docs/performance.md). The order of the results is the nodes' order.
    // Each node's link peers, in link order, as one array with offsets (no vector per node).
    std::vector<std::uint32_t> peerStart(count + 1, 0), peers(2 * m_linkEnds.size());
    for (const auto& [ia, ib] : m_linkEnds) {
        ++peerStart[m_portRefs[ia].node + 1];
        ++peerStart[m_portRefs[ib].node + 1];
    }
    for (std::size_t i = 0; i < count; ++i)
        peerStart[i + 1] += peerStart[i];
    {
        std::vector<std::uint32_t> fill(peerStart.begin(), peerStart.end() - 1);
        for (const auto& [ia, ib] : m_linkEnds) {
            const std::uint32_t a = m_portRefs[ia].node, b = m_portRefs[ib].node;
            peers[fill[a]++] = b;
            peers[fill[b]++] = a;
        }
    }
    struct Peers {
        const std::uint32_t* b;
        const std::uint32_t* e;
        const std::uint32_t* begin() const { return b; }
        const std::uint32_t* end() const { return e; }
        bool empty() const { return b == e; }
    };
    auto neighbours = [&](std::size_t i) { return Peers { peers.data() + peerStart[i], peers.data() + peerStart[i + 1] }; };
    // Roles the source did not give, in three steps (docs/formats/importers.md, "Roles"):
    //  1. the name: "spine", "leaf"/"tor"/"edge", "agg", "core", "superspine", "host"/"server"/"gpu"/"dgx";
    //     a name that says only "switch" ("sw", "router"), an ASIC profile, or a source that knows the
    //     node is a switch (InfiniBand) make it a switch of unknown tier;
    //  2. the structure: a node linked to a host is a switch; a node whose every link goes to a switch,
    //     with no switch-like name, ASIC or port name, is a host; repeated until nothing changes; what is
    //     left is a switch;
    //  3. the tier of a switch without one: its distance in links from the nearest host (1 leaf,
    //     2 spine, 3+ super-spine); without hosts, a switch above leaves is a spine, else a leaf.
    enum class Kind { Unknown, Host, Switch };
    std::vector<Kind> kind(count, Kind::Unknown);
    std::vector<char> tierKnown(count, 0);
    // (role, how) → nodes, for the report
    std::map<std::pair<Role, std::string>, std::vector<std::size_t>> guessed;
    for (std::size_t i = 0; i < count; ++i) {
        Node& n = f.nodes[i];
        if (m_roleKnown[i]) {
            kind[i] = n.role == Role::Host ? Kind::Host : Kind::Switch;
            tierKnown[i] = 1;
            continue;
        }
        if (auto r = roleFromText(n.name)) {
            n.role = *r;
            kind[i] = *r == Role::Host ? Kind::Host : Kind::Switch;
            tierKnown[i] = 1;
            guessed[{ *r, "from the name" }].push_back(i);
            continue;
        }
        // roleFromText found nothing just above: only the switch words are left to look for.
        const bool hint = m_switchHint[i] || !n.asic.empty() || switchWordInName(n.name);
        kind[i] = hint ? Kind::Switch : Kind::Unknown;
    }
    std::vector<char> linkedToHost(count, 0); // the structural reason "linked to a host"
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t i = 0; i < count; ++i) {
            if (kind[i] != Kind::Unknown)
                continue;
            Node& n = f.nodes[i];
            const Peers nb = neighbours(i);
            if (nb.empty())
                continue;
            const bool toHost = std::any_of(nb.begin(), nb.end(), [&](std::size_t x) { return kind[x] == Kind::Host; });
            if (toHost) {
                kind[i] = Kind::Switch;
                linkedToHost[i] = 1;
                changed = true;
                continue;
            }
            const bool allSwitches = std::all_of(nb.begin(), nb.end(), [&](std::size_t x) { return kind[x] == Kind::Switch; });
            const bool switchPorts = std::any_of(n.ports.begin(), n.ports.end(), [](const Port& p) { return switchLikePort(p.name); });
            if (allSwitches && !switchPorts) {
                kind[i] = Kind::Host;
                n.role = Role::Host;
                guessed[{ Role::Host, "every link goes to a switch, and no name, ASIC or port name says switch" }].push_back(i);
                changed = true;
            }
        }
    }
    // Tiers by distance from the hosts (multi-source BFS over the links).
    std::vector<int> dist(count, -1);
    std::vector<std::size_t> frontier;
    for (std::size_t i = 0; i < count; ++i)
        if (kind[i] == Kind::Host) {
            dist[i] = 0;
            frontier.push_back(i);
        }
    while (!frontier.empty()) {
        std::vector<std::size_t> next;
        for (const std::size_t v : frontier)
            for (const std::size_t w : neighbours(v))
                if (dist[w] < 0 && kind[w] != Kind::Host) {
                    dist[w] = dist[v] + 1;
                    next.push_back(w);
                }
        frontier = std::move(next);
    }
    auto roleOf = [&](std::size_t i) -> std::optional<Role> {
        if (!tierKnown[i])
            return std::nullopt;
        return f.nodes[i].role;
    };
    for (std::size_t i = 0; i < count; ++i) {
        if (tierKnown[i] || kind[i] == Kind::Host)
            continue;
        Node& n = f.nodes[i];
        std::string why = linkedToHost[i] ? "linked to a host" : m_switchHint[i] ? "the source says switch"
            : !n.asic.empty()                                                  ? "it has an ASIC"
            : switchLikeName(n.name)                                           ? "the name says switch"
                                                                               : "no hint (the default)";
        if (dist[i] >= 0) {
            n.role = dist[i] <= 1 ? Role::Leaf : dist[i] == 2 ? Role::Spine : Role::SuperSpine;
            guessed[{ n.role, fmt::format("a switch ({}), {} link{} from the nearest host", why, dist[i], dist[i] == 1 ? "" : "s") }].push_back(i);
        } else {
            bool hostBelow = false, leafBelow = false;
            for (const std::size_t nb : neighbours(i)) {
                auto r = roleOf(nb);
                hostBelow |= r == Role::Host;
                leafBelow |= r == Role::Leaf;
            }
            n.role = hostBelow ? Role::Leaf : leafBelow ? Role::Spine : Role::Leaf;
            guessed[{ n.role, fmt::format("a switch ({}), no host reachable: {}", why, leafBelow && !hostBelow ? "above a leaf" : "tier unknown, leaf assumed") }].push_back(i);
        }
    }
    for (const auto& [key, nodes] : guessed) {
        std::string list;
        for (std::size_t i = 0; i < nodes.size() && i < 4; ++i)
            list += (i ? ", " : "") + f.nodes[nodes[i]].name;
        info({}, fmt::format("role {} guessed for {} node{} ({}{}): {}", toString(key.first), nodes.size(), nodes.size() == 1 ? "" : "s", list,
                     nodes.size() > 4 ? ", …" : "", key.second));
    }
    // Every port of the model has a speed. Where the source gives none, take the link peer's (one link,
    // one speed), else a placeholder; both are marked "import.speed_assumed.<port>" so that merges and
    // drift do not take them for facts. The peer's speed is the one the source gave (read before any
    // port is filled in here).
    std::vector<std::size_t> first(count + 1, 0); // flat index of a node's first port
    for (std::size_t i = 0; i < count; ++i)
        first[i + 1] = first[i] + f.nodes[i].ports.size();
    std::vector<BitsPerSecond> peerGiven(first[count], BitsPerSecond(0));
    std::vector<std::uint32_t> peerAt(first[count], kNone); // the link peer's port id
    for (const auto& [ia, ib] : m_linkEnds) {
        const PortRef &ea = m_portRefs[ia], &eb = m_portRefs[ib];
        peerGiven[first[ea.node] + ea.port] = f.nodes[eb.node].ports[eb.port].speed;
        peerGiven[first[eb.node] + eb.port] = f.nodes[ea.node].ports[ea.port].speed;
        peerAt[first[ea.node] + ea.port] = ib;
        peerAt[first[eb.node] + eb.port] = ia;
    }
    std::size_t placeholders = 0;
    std::string firstFew;
    for (std::size_t i = 0; i < count; ++i) {
        Node& n = f.nodes[i];
        for (std::size_t k = 0; k < n.ports.size(); ++k) {
            Port& p = n.ports[k];
            if (p.speed.value() > 0)
                continue;
            const BitsPerSecond peerSpeed = peerGiven[first[i] + k];
            if (peerSpeed.value() > 0) {
                p.speed = peerSpeed;
                n.attributes[std::string(kSpeedAssumed) + p.name] = "peer";
                // A port the source says nothing about has no MTU or lane count of its own either: take the
                // peer's (a link has one lane count; an MTU the source does not give must not make a mismatch),
                // marked so that nobody takes them for facts.
                // The peer had a speed in the source, so it is a port the source gave: never filled in here.
                const PortRef& peer = m_portRefs[peerAt[first[i] + k]];
                const Port& q = f.nodes[peer.node].ports[peer.port];
                p.mtu = q.mtu;
                p.lanes = q.lanes;
                n.attributes[std::string(kMtuAssumed) + p.name] = "peer";
            } else {
                p.speed = kPlaceholderSpeed;
                n.attributes[std::string(kSpeedAssumed) + p.name] = "placeholder";
                if (placeholders++ < 3)
                    firstFew += (firstFew.empty() ? "" : ", ") + n.name + ":" + p.name;
            }
        }
    }
    if (placeholders > 0)
        warn({}, fmt::format("{} port{} ({}{}) have no speed in the source; {} is assumed until a source or the user sets it", placeholders,
                     placeholders == 1 ? "" : "s", firstFew, placeholders > 3 ? ", …" : "", formatSpeed(kPlaceholderSpeed)));
}

// ------------------------------------------------------------------------------------ guesses

namespace {
    /// Whether one of the alphabetic words of @p s (maximal runs of letters, compared lower-case:
    /// "p0-tor0" has the words p and tor, "ToRRouter" the word torrouter) is one of @p any. Walks
    /// the words in place: role guessing runs for every node of a million-row plan, and a vector
    /// of strings per name was an eighth of the import (callgrind, docs/performance.md).
    bool hasWord(std::string_view s, std::initializer_list<std::string_view> any)
    {
        std::size_t i = 0;
        while (i < s.size()) {
            while (i < s.size() && !std::isalpha(static_cast<unsigned char>(s[i])))
                ++i;
            const std::size_t b = i;
            while (i < s.size() && std::isalpha(static_cast<unsigned char>(s[i])))
                ++i;
            if (i == b)
                break;
            const std::string_view w = s.substr(b, i - b);
            for (const std::string_view a : any) {
                if (a.size() != w.size())
                    continue;
                bool eq = true;
                for (std::size_t k = 0; k < w.size() && eq; ++k)
                    eq = std::tolower(static_cast<unsigned char>(w[k])) == static_cast<unsigned char>(a[k]);
                if (eq)
                    return true;
            }
        }
        return false;
    }
} // namespace

std::optional<Role> roleFromText(std::string_view s)
{
    const std::string t = lower(s);
    auto has = [&](std::string_view x) { return t.find(x) != std::string::npos; };
    if (has("superspine") || has("super-spine") || has("super_spine") || hasWord(t, { "core" }) || t == "t3")
        return Role::SuperSpine;
    if (has("spine") || t == "t2" || hasWord(t, { "agg", "aggr", "aggregation", "aggsw", "dist", "distribution" }))
        return Role::Spine;
    if (has("leaf") || has("torrouter") || t == "t0" || t == "t1" || hasWord(t, { "tor", "tors", "torrouter", "torsw", "edge", "access", "rail" }))
        return Role::Leaf;
    for (const std::string_view h : { "host", "server", "gpu", "compute", "srv", "nic", "hca", "dgx", "hgx" })
        if (has(h))
            return Role::Host;
    if (hasWord(t, { "node", "worker", "storage" }))
        return Role::Host;
    return std::nullopt;
}

namespace {
    /// switchLikeName for a name roleFromText found no role in.
    bool switchWordInName(std::string_view s) { return hasWord(s, { "sw", "switch", "router", "rtr", "sn", "msn", "qm", "dcs", "nexus", "fabric" }); }
} // namespace

bool switchLikeName(std::string_view s)
{
    if (auto r = roleFromText(s))
        return *r != Role::Host;
    return switchWordInName(s);
}

std::optional<Medium> mediumFromText(std::string_view s)
{
    const std::string t = lower(trim(s));
    if (t.empty())
        return std::nullopt;
    if (t.find("aoc") != std::string::npos)
        return Medium::Aoc;
    if (t.find("dac") != std::string::npos || t.find("copper") != std::string::npos || t == "twinax" || t == "cu")
        return Medium::Dac;
    for (const char* f : { "fib", "fibre", "smf", "mmf", "optic", "om3", "om4", "om5", "os2", "sr", "lr", "dr" })
        if (t.find(f) != std::string::npos)
            return Medium::Fibre;
    return std::nullopt;
}

FibreType fibreTypeFromText(std::string_view s)
{
    const std::string t = lower(trim(s));
    // NetBox cable types (mmf-om3 … mmf-om5, smf, smf-os1, smf-os2), plan columns ("OM4", "SMF", "OS2").
    if (t.find("om3") != std::string::npos)
        return FibreType::Om3;
    if (t.find("om4") != std::string::npos)
        return FibreType::Om4;
    if (t.find("om5") != std::string::npos)
        return FibreType::Om5;
    if (t.find("smf") != std::string::npos || t.find("os1") != std::string::npos || t.find("os2") != std::string::npos
        || t.find("single") != std::string::npos)
        return FibreType::Smf;
    return FibreType::Unknown;
}

std::optional<Metres> lengthFromText(std::string_view s, std::string_view defaultUnit)
{
    s = trim(s);
    if (s.empty())
        return std::nullopt;
    std::size_t k = 0;
    while (k < s.size() && (std::isdigit(static_cast<unsigned char>(s[k])) || s[k] == '.' || s[k] == ','))
        ++k;
    auto num = parseDouble(s.substr(0, k));
    if (!num || *num < 0)
        return std::nullopt;
    std::string unit = lower(trim(s.substr(k)));
    if (unit.empty())
        unit = lower(defaultUnit);
    double m = 0;
    if (unit == "m" || unit == "meter" || unit == "meters" || unit == "metre" || unit == "metres")
        m = *num;
    else if (unit == "cm")
        m = *num / 100.0;
    else if (unit == "km")
        m = *num * 1000.0;
    else if (unit == "ft" || unit == "feet" || unit == "foot")
        m = *num * 0.3048;
    else if (unit == "in" || unit == "inch" || unit == "inches")
        m = *num * 0.0254;
    else if (unit == "mi")
        m = *num * 1609.344;
    else
        return std::nullopt;
    if (m > 1e6)
        return std::nullopt;
    return Metres(m);
}

std::optional<BitsPerSecond> speedFromText(std::string_view s, bool bareIsMbps)
{
    s = trim(s);
    if (s.empty())
        return std::nullopt;
    std::size_t k = 0;
    while (k < s.size() && (std::isdigit(static_cast<unsigned char>(s[k])) || s[k] == '.'))
        ++k;
    auto num = parseDouble(s.substr(0, k));
    if (!num || *num <= 0 || *num > 1e7)
        return std::nullopt;
    std::string unit = lower(trim(s.substr(k)));
    for (const char* suffix : { "bps", "b/s", "bit/s", "be", "gbe" }) {
        const std::string sf = suffix;
        if (unit.size() > sf.size() && unit.compare(unit.size() - sf.size(), sf.size(), sf) == 0 && sf != "gbe") {
            unit.resize(unit.size() - sf.size());
            break;
        }
        if (sf == "gbe" && unit == "gbe")
            unit = "g";
    }
    double bps = 0;
    if (unit.empty())
        bps = bareIsMbps ? *num * 1e6 : *num * 1e9;
    else if (unit == "g" || unit == "gb" || unit == "gig")
        bps = *num * 1e9;
    else if (unit == "m" || unit == "mb")
        bps = *num * 1e6;
    else if (unit == "t" || unit == "tb")
        bps = *num * 1e12;
    else
        return std::nullopt;
    // The model's range (units.h, the same as parseSpeed's): "10000000T" is not a port speed.
    if (!(bps >= kMinSpeedBps && bps <= kMaxSpeedBps))
        return std::nullopt;
    return BitsPerSecond(static_cast<std::int64_t>(std::llround(bps)));
}

} // namespace lfp::imp
