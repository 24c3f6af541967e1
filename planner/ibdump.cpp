// SPDX-License-Identifier: GPL-3.0-or-later
#include "ibdump.h"

#include "model/errors.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <climits>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string_view>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <unordered_map>

namespace lfp {

namespace {
    std::size_t sz(int i) { return static_cast<std::size_t>(i); }

    std::vector<std::string> readLines(const std::string& path)
    {
        std::ifstream in(path);
        if (!in)
            throw InputError(SourceLocation { path, 0, 0, {} }, "cannot open the file");
        std::vector<std::string> lines;
        for (std::string l; std::getline(in, l);) {
            if (!l.empty() && l.back() == '\r')
                l.pop_back();
            lines.push_back(std::move(l));
        }
        return lines;
    }

    std::uint64_t hexValue(const std::string& s, const SourceLocation& where)
    {
        try {
            std::size_t used = 0;
            const auto v = std::stoull(s, &used, 16);
            if (used != s.size() && !(s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')))
                throw std::invalid_argument(s);
            return v;
        } catch (const std::exception&) {
            throw InputError(where, fmt::format("'{}' is not a hexadecimal number", s));
        }
    }

    // ---- fast text scanning: the file mapped into memory, lines and fields as string_views ----

    /// A file's bytes: memory-mapped when it is a regular file, read otherwise (pipes, /dev/stdin).
    class MappedFile {
    public:
        explicit MappedFile(const std::string& path)
        {
            m_fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
            if (m_fd < 0)
                throw InputError(SourceLocation { path, 0, 0, {} }, "cannot open the file");
            struct stat st { };
            if (::fstat(m_fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
                void* p = ::mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, m_fd, 0);
                if (p != MAP_FAILED) {
                    m_map = p;
                    m_size = static_cast<std::size_t>(st.st_size);
                    ::madvise(p, m_size, MADV_SEQUENTIAL);
                    return;
                }
            }
            char buf[1 << 16];
            for (;;) {
                const auto n = ::read(m_fd, buf, sizeof buf);
                if (n < 0)
                    throw InputError(SourceLocation { path, 0, 0, {} }, "cannot read the file");
                if (n == 0)
                    break;
                m_copy.append(buf, static_cast<std::size_t>(n));
            }
        }
        ~MappedFile()
        {
            if (m_map)
                ::munmap(m_map, m_size);
            if (m_fd >= 0)
                ::close(m_fd);
        }
        MappedFile(const MappedFile&) = delete;
        MappedFile& operator=(const MappedFile&) = delete;
        [[nodiscard]] std::string_view view() const { return m_map ? std::string_view(static_cast<const char*>(m_map), m_size) : std::string_view(m_copy); }
        /// Drops the pages before @p upTo from the process (they are re-read from the file if touched
        /// again), so reading a dump of 1 GB does not keep 1 GB resident.
        void release(const char* upTo) const
        {
            if (!m_map)
                return;
            const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
            const auto done = static_cast<std::size_t>(upTo - static_cast<const char*>(m_map)) / page * page;
            if (done > m_released) {
                ::madvise(static_cast<char*>(m_map) + m_released, done - m_released, MADV_DONTNEED);
                m_released = done;
            }
        }

    private:
        int m_fd = -1;
        void* m_map = nullptr;
        std::size_t m_size = 0;
        mutable std::size_t m_released = 0;
        std::string m_copy;
    };

    /// Lines of a text without their end ("\n" or "\r\n"), numbered from 1.
    class LineCursor {
    public:
        explicit LineCursor(std::string_view text, const MappedFile* file = nullptr)
            : m_rest(text)
            , m_file(file)
        {
        }
        bool next(std::string_view& line)
        {
            if (m_rest.empty())
                return false;
            if (m_file && (m_line & 0xffff) == 0) // every 64 Ki lines: release what was read
                m_file->release(m_rest.data());
            const char* nl = static_cast<const char*>(std::memchr(m_rest.data(), '\n', m_rest.size()));
            const std::size_t n = nl ? static_cast<std::size_t>(nl - m_rest.data()) : m_rest.size();
            line = m_rest.substr(0, n);
            m_rest.remove_prefix(nl ? n + 1 : n);
            if (!line.empty() && line.back() == '\r')
                line.remove_suffix(1);
            ++m_line;
            return true;
        }
        [[nodiscard]] int line() const { return m_line; }

    private:
        std::string_view m_rest;
        const MappedFile* m_file = nullptr;
        int m_line = 0;
    };

    bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
    bool isWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
    void skipSpace(std::string_view& s)
    {
        while (!s.empty() && isSpace(s[0]))
            s.remove_prefix(1);
    }
    /// The next whitespace-separated token (empty at the end); consumes it.
    std::string_view nextToken(std::string_view& s)
    {
        skipSpace(s);
        std::size_t n = 0;
        while (n < s.size() && !isSpace(s[n]))
            ++n;
        const auto tok = s.substr(0, n);
        s.remove_prefix(n);
        return tok;
    }
    bool startsWith(std::string_view s, std::string_view prefix, std::string_view& rest)
    {
        if (s.substr(0, prefix.size()) != prefix)
            return false;
        rest = s.substr(prefix.size());
        return true;
    }
    int digitValue(char c)
    {
        if (c >= '0' && c <= '9')
            return c - '0';
        if (c >= 'a' && c <= 'f')
            return c - 'a' + 10;
        if (c >= 'A' && c <= 'F')
            return c - 'A' + 10;
        return 99;
    }
    /// Digits in @p base (at least one); consumes them. False on none or overflow.
    bool parseDigits(std::string_view& s, int base, std::uint64_t& out)
    {
        std::size_t n = 0;
        std::uint64_t v = 0;
        while (n < s.size() && digitValue(s[n]) < base) {
            const auto d = static_cast<std::uint64_t>(digitValue(s[n]));
            if (v > (UINT64_MAX - d) / static_cast<std::uint64_t>(base))
                return false;
            v = v * static_cast<std::uint64_t>(base) + d;
            ++n;
        }
        if (!n)
            return false;
        s.remove_prefix(n);
        out = v;
        return true;
    }
    /// Hexadecimal with an optional 0x prefix; consumes it.
    bool parseHex(std::string_view& s, std::uint64_t& out)
    {
        if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && digitValue(s[2]) < 16)
            s.remove_prefix(2);
        return parseDigits(s, 16, out);
    }
    bool parseDec(std::string_view& s, std::uint64_t& out) { return parseDigits(s, 10, out); }
    /// An optionally signed decimal (what `istream >> int` reads).
    bool parseSigned(std::string_view& s, std::int64_t& out)
    {
        bool neg = false;
        if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
            neg = s[0] == '-';
            s.remove_prefix(1);
        }
        std::uint64_t v = 0;
        if (!parseDec(s, v) || v > static_cast<std::uint64_t>(INT32_MAX))
            return false;
        out = neg ? -static_cast<std::int64_t>(v) : static_cast<std::int64_t>(v);
        return true;
    }
    /// A number as std::stoi(s, nullptr, 0) reads it: optional sign, then 0x hex, 0 octal or decimal;
    /// leading spaces skipped, trailing text ignored.
    bool parseInt0(std::string_view& s, std::int64_t& out)
    {
        skipSpace(s);
        bool neg = false;
        if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
            neg = s[0] == '-';
            s.remove_prefix(1);
        }
        std::uint64_t v = 0;
        bool ok;
        if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && digitValue(s[2]) < 16) {
            s.remove_prefix(2);
            ok = parseDigits(s, 16, v);
        } else if (s.size() > 1 && s[0] == '0' && digitValue(s[1]) < 8)
            ok = parseDigits(s, 8, v);
        else
            ok = parseDigits(s, 10, v);
        if (!ok || v > static_cast<std::uint64_t>(INT32_MAX))
            return false;
        out = neg ? -static_cast<std::int64_t>(v) : static_cast<std::int64_t>(v);
        return true;
    }

    int nodeOf(const IbFabric& ib, std::uint64_t guid)
    {
        auto it = ib.byGuid.find(guid);
        return it == ib.byGuid.end() ? -1 : it->second;
    }
} // namespace

void IbFabric::PathSlTable::set(int node, int dlid, int sl, std::size_t nodeCount)
{
    if (m_byDlid.size() <= sz(dlid))
        m_byDlid.resize(sz(dlid) + 1);
    auto& row = m_byDlid[sz(dlid)];
    if (row.size() < std::max(nodeCount, sz(node) + 1))
        row.resize(std::max(nodeCount, sz(node) + 1), kNone);
    if (row[sz(node)] == kNone)
        ++m_count;
    row[sz(node)] = static_cast<std::uint8_t>(sl & 15);
}

std::vector<std::pair<std::pair<int, int>, int>> IbFabric::PathSlTable::entries() const
{
    std::vector<std::pair<std::pair<int, int>, int>> out;
    out.reserve(m_count);
    for (std::size_t d = 0; d < m_byDlid.size(); ++d)
        for (std::size_t n = 0; n < m_byDlid[d].size(); ++n)
            if (m_byDlid[d][n] != kNone)
                out.push_back({ { static_cast<int>(n), static_cast<int>(d) }, m_byDlid[d][n] });
    return out;
}

void IbFabric::Sl2VlTable::resize(int newPorts)
{
    if (newPorts <= ports && !rows.empty())
        return;
    std::vector<std::array<std::uint8_t, 16>> r(sz(newPorts + 1) * sz(newPorts + 1));
    std::vector<char> p(r.size(), 0);
    for (int i = 0; i <= ports && !rows.empty(); ++i)
        for (int o = 0; o <= ports; ++o) {
            const auto k = sz(i * (ports + 1) + o), k2 = sz(i * (newPorts + 1) + o);
            r[k2] = rows[k];
            p[k2] = present[k];
        }
    ports = newPorts;
    rows = std::move(r);
    present = std::move(p);
}

void IbFabric::Sl2VlTable::set(int in, int out, const std::array<std::uint8_t, 16>& vls)
{
    if (in > ports || out > ports || rows.empty())
        resize(std::max({ ports, in, out }));
    const auto k = sz(in * (ports + 1) + out);
    rows[k] = vls;
    present[k] = 1;
}

int IbFabric::vlFor(int node, int inPort, int outPort, int sl) const
{
    auto it = sl2vl.find(node);
    if (it != sl2vl.end()) {
        const auto& tab = it->second;
        const auto* row = tab.row(inPort, outPort);
        if (!row && !nodes[sz(node)].isSwitch) // CA tables: take the first row of the out port (or of in port 0)
            for (int i = 0; i <= tab.ports && !row; ++i)
                for (int o = 0; o <= tab.ports && !row; ++o)
                    if ((o == outPort || i == 0) && tab.row(i, o))
                        row = tab.row(i, o);
        if (row)
            return (*row)[sz(sl & 15)];
    }
    return sl & 15; // identity
}

bool looksLikeIbnetdiscover(const std::string& path)
{
    std::ifstream in(path);
    std::string l;
    for (int i = 0; i < 40 && std::getline(in, l); ++i)
        if (l.rfind("switchguid=", 0) == 0 || l.rfind("caguid=", 0) == 0 || l.find("Topology file") != std::string::npos
            || l.rfind("Switch\t", 0) == 0 || l.rfind("Ca\t", 0) == 0)
            return true;
    return false;
}

IbFabric readIbnetdiscover(const std::string& path)
{
    const auto lines = readLines(path);
    IbFabric ib;
    ib.topologyFile = path;
    // node line: Switch|Ca|Rt <ports> "S-<guid>" [# "desc" ...]
    static const std::regex nodeRe(R"re(^(Switch|Ca|Rt)\s+(\d+)\s+"([SHR])-([0-9a-fA-F]+)"(.*)$)re");
    // port line: [p](portguid)? "X-<guid>"[rp](remote port guid)?  # comment
    static const std::regex portRe(R"re(^\[(\d+)\](\(([0-9a-fA-F]+)\))?\s+"([SHR])-([0-9a-fA-F]+)"\[(\d+)\](.*)$)re");
    static const std::regex descRe(R"re(#\s*"([^"]*)")re");
    static const std::regex lidRe(R"re(\blid\s+(\d+))re");
    struct PendingLink {
        int node, port;
        std::uint64_t peerGuid;
        int peerPort;
        int line;
    };
    std::vector<PendingLink> pending;
    int current = -1;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string& l = lines[i];
        const int lineNo = static_cast<int>(i) + 1;
        std::smatch m;
        if (std::regex_match(l, m, nodeRe)) {
            IbFabric::Node n;
            n.isSwitch = m[1] == "Switch";
            n.ports = std::stoi(m[2]);
            n.guid = hexValue(m[4], { path, lineNo, 0, {} });
            const std::string rest = m[5];
            std::smatch d;
            if (std::regex_search(rest, d, descRe))
                n.desc = d[1];
            if (n.isSwitch) {
                auto pos = rest.find("port 0 lid ");
                if (pos != std::string::npos)
                    n.lids[0] = std::stoi(rest.substr(pos + 11));
            }
            if (ib.byGuid.count(n.guid))
                throw InputError({ path, lineNo, 0, {} }, fmt::format("node GUID 0x{:016x} appears twice", n.guid));
            current = static_cast<int>(ib.nodes.size());
            ib.byGuid[n.guid] = current;
            ib.nodes.push_back(std::move(n));
            continue;
        }
        if (!l.empty() && l[0] == '[') {
            if (current < 0)
                throw InputError({ path, lineNo, 0, {} }, "a port line before any node line");
            if (!std::regex_match(l, m, portRe))
                throw InputError({ path, lineNo, 0, {} }, "expected '[port](guid) \"S-<guid>\"[port] # ...'");
            auto& n = ib.nodes[sz(current)];
            const int port = std::stoi(m[1]);
            if (m[3].matched) {
                const auto pg = hexValue(m[3], { path, lineNo, 0, {} });
                n.portGuids[port] = pg;
                ib.byGuid.emplace(pg, current);
            }
            const std::string comment = m[7];
            if (!n.isSwitch) {
                // CA: "# lid 1 lmc 0 "leaf0" lid 3 4xEDR": own LID before the quote
                const auto q = comment.find('"');
                std::smatch lm;
                const std::string head = comment.substr(0, q);
                if (std::regex_search(head, lm, lidRe))
                    n.lids[port] = std::stoi(lm[1]);
            }
            pending.push_back({ current, port, hexValue(m[5], { path, lineNo, 0, {} }), std::stoi(m[6]), lineNo });
        }
    }
    if (ib.nodes.empty())
        throw InputError({ path, 0, 0, {} }, "no node records (is this ibnetdiscover output?)");
    for (const auto& p : pending) {
        const int peer = nodeOf(ib, p.peerGuid);
        if (peer < 0)
            throw InputError({ path, p.line, 0, {} }, fmt::format("port links to unknown node 0x{:016x}", p.peerGuid));
        ib.nodes[sz(p.node)].peers[p.port] = { peer, p.peerPort };
    }
    // names: descriptions, made unique
    std::map<std::string, int> count;
    for (const auto& n : ib.nodes)
        ++count[n.desc];
    for (auto& n : ib.nodes) {
        n.name = n.desc.empty() ? fmt::format("{}{:016x}", n.isSwitch ? "S" : "H", n.guid)
                                : (count[n.desc] > 1 ? fmt::format("{}-{:016x}", n.desc, n.guid) : n.desc);
        for (const auto& [port, lid] : n.lids)
            ib.lidOwner[lid] = { static_cast<int>(&n - ib.nodes.data()), port };
    }
    return ib;
}

void readLftDump(IbFabric& ib, const std::string& path)
{
    const MappedFile file(path);
    ib.lftFile = path;
    int sw = -1;
    int tables = 0;
    std::vector<std::uint8_t>* table = nullptr;
    LineCursor lines(file.view(), &file);
    for (std::string_view l; lines.next(l);) {
        const int lineNo = lines.line();
        // header: "Unicast lids [..] of switch Lid 2 guid 0x... ('name'):" (OpenSM) or
        // "Unicast lids [..] of switch DR path slid 0; dlid 0; 0,1 guid 0x... (name):" (dump_fts)
        if (l.find("Unicast lids") != std::string_view::npos) {
            const auto g = l.rfind("guid 0x");
            std::uint64_t guid = 0;
            std::string_view rest = g == std::string_view::npos ? std::string_view {} : l.substr(g + 5);
            if (g == std::string_view::npos || !parseHex(rest, guid))
                throw InputError({ path, lineNo, 0, {} }, "expected 'guid 0x<switch GUID>' in the 'Unicast lids' header");
            sw = nodeOf(ib, guid);
            if (sw < 0 || !ib.nodes[sz(sw)].isSwitch)
                throw InputError({ path, lineNo, 0, {} }, fmt::format("switch GUID 0x{:016x} is not in the topology ({})", guid, ib.topologyFile));
            table = &ib.lft[sw];
            table->clear();
            ++tables;
            continue;
        }
        // entry: "0x<dlid> <port> ..." (anything after the port: OpenSM's '#' comment, dump_fts' ':')
        std::string_view r = l;
        skipSpace(r);
        if (r.size() < 3 || r[0] != '0' || (r[1] != 'x' && r[1] != 'X'))
            continue;
        std::uint64_t lid = 0, port = 0;
        if (!parseHex(r, lid) || r.empty() || !isSpace(r[0]))
            continue;
        skipSpace(r);
        if (!parseDec(r, port) || (!r.empty() && isWordChar(r[0])))
            continue;
        if (sw < 0)
            throw InputError({ path, lineNo, 0, {} }, "an LFT entry before any 'Unicast lids ... guid' header");
        if (lid > 0xbfff || port > 254)
            throw InputError({ path, lineNo, 0, {} }, fmt::format("LID {} or port {} out of range (LID ≤ 0xbfff, port ≤ 254)", lid, port));
        if (table->size() <= lid)
            table->resize(std::max<std::size_t>(lid + 1, table->size() * 2 < 0xc000 ? table->size() * 2 : lid + 1), 255);
        (*table)[lid] = static_cast<std::uint8_t>(port);
    }
    if (!tables)
        throw InputError({ path, 0, 0, {} }, "no 'Unicast lids ... of switch ... guid 0x...' table (expected opensm-lfts.dump or dump_fts output)");
}

void readPathSl(IbFabric& ib, const std::string& path)
{
    const MappedFile file(path);
    ib.pathSlFile = path;
    const std::string_view text = file.view();
    const std::size_t nodeCount = ib.nodes.size();
    if (text.find("PathRecord dump") != std::string_view::npos) { // saquery -p form
        int slid = -1, dlid = -1;
        // "<spaces>name......value": the value after the dots
        auto field = [](std::string_view l, std::string_view name, std::string_view& value) {
            skipSpace(l);
            if (l.substr(0, name.size()) != name || l.size() <= name.size() || l[name.size()] != '.')
                return false;
            l.remove_prefix(name.size());
            while (!l.empty() && l[0] == '.')
                l.remove_prefix(1);
            value = l;
            return true;
        };
        LineCursor lines(text, &file);
        for (std::string_view l; lines.next(l);) {
            const int lineNo = lines.line();
            if (l.find("PathRecord dump") != std::string_view::npos)
                slid = dlid = -1;
            std::string_view v;
            std::int64_t n = 0;
            if (field(l, "slid", v)) {
                if (!parseInt0(v, n))
                    throw InputError({ path, lineNo, 0, "slid" }, "expected a number");
                slid = static_cast<int>(n);
            } else if (field(l, "dlid", v)) {
                if (!parseInt0(v, n))
                    throw InputError({ path, lineNo, 0, "dlid" }, "expected a number");
                dlid = static_cast<int>(n);
            } else if (field(l, "sl", v)) {
                if (slid < 0 || dlid < 0)
                    throw InputError({ path, lineNo, 0, {} }, "an 'sl' field before the record's slid and dlid");
                if (!parseInt0(v, n))
                    throw InputError({ path, lineNo, 0, "sl" }, "expected a number");
                auto it = ib.lidOwner.find(slid);
                if (it == ib.lidOwner.end())
                    throw InputError({ path, lineNo, 0, {} }, fmt::format("source LID {} is not in the topology", slid));
                if (dlid > 0xffff)
                    throw InputError({ path, lineNo, 0, "dlid" }, fmt::format("DLID {} out of range 0..0xffff", dlid));
                ib.pathSl.set(it->second.first, dlid, static_cast<int>(n & 15), nodeCount);
            }
        }
        return;
    }
    std::uint64_t lastGuid = 0;
    int lastNode = -1;
    LineCursor lines(text, &file);
    for (std::string_view l; lines.next(l);) {
        const int lineNo = lines.line();
        if (const auto h = l.find('#'); h != std::string_view::npos)
            l = l.substr(0, h);
        std::string_view g = nextToken(l);
        if (g.empty())
            continue;
        const std::string_view d = nextToken(l), s = nextToken(l);
        if (s.empty())
            throw InputError({ path, lineNo, 0, {} }, "expected '0x<source GUID> <DLID> <SL>'");
        std::uint64_t guid = 0;
        const std::string_view gText = g;
        if (!parseHex(g, guid) || !g.empty())
            throw InputError({ path, lineNo, 0, {} }, fmt::format("'{}' is not a hexadecimal number", gText));
        if (guid != lastGuid || lastNode < 0) {
            lastGuid = guid;
            lastNode = nodeOf(ib, guid);
        }
        if (lastNode < 0)
            throw InputError({ path, lineNo, 0, {} }, fmt::format("source GUID 0x{:016x} is not in the topology", guid));
        std::int64_t dlid = 0, sl = 0;
        std::string_view dv = d, sv = s;
        if (!parseInt0(dv, dlid) || !parseInt0(sv, sl))
            throw InputError({ path, lineNo, 0, {} }, "DLID and SL must be numbers");
        if (sl < 0 || sl > 15)
            throw InputError({ path, lineNo, 0, {} }, fmt::format("SL {} out of range 0..15", sl));
        if (dlid < 0 || dlid > 0xffff)
            throw InputError({ path, lineNo, 0, {} }, fmt::format("DLID {} out of range 0..0xffff", dlid));
        ib.pathSl.set(lastNode, static_cast<int>(dlid), static_cast<int>(sl), nodeCount);
    }
}

void readSl2vl(IbFabric& ib, const std::string& path)
{
    const MappedFile file(path);
    ib.sl2vlFile = path;
    int node = -1;
    IbFabric::Sl2VlTable* table = nullptr;
    LineCursor lines(file.view(), &file);
    for (std::string_view l; lines.next(l);) {
        const int lineNo = lines.line();
        // header: "Switch 0x<guid>, base LID 2, "sw0"" (also "Channel Adapter 0x…", "Router 0x…")
        std::string_view rest;
        if (startsWith(l, "Switch", rest) || startsWith(l, "Channel Adapter", rest) || startsWith(l, "Router", rest)) {
            if (!rest.empty() && isSpace(rest[0])) {
                skipSpace(rest);
                std::uint64_t guid = 0;
                if (rest.size() > 2 && rest[0] == '0' && (rest[1] == 'x' || rest[1] == 'X') && parseHex(rest, guid)) {
                    node = nodeOf(ib, guid); // unknown nodes (not in the topology) are skipped
                    table = node < 0 ? nullptr : &ib.sl2vl[node];
                    if (table && table->rows.empty())
                        table->resize(ib.nodes[sz(node)].ports);
                    continue;
                }
            }
        }
        if (l.empty() || l[0] == '#')
            continue;
        const auto colon = l.find(':');
        if (colon == std::string_view::npos || node < 0)
            continue;
        std::string_view a = l.substr(0, colon), b = l.substr(colon + 1);
        std::int64_t in = 0, out = 0;
        skipSpace(a);
        bool ok = parseSigned(a, in);
        skipSpace(a);
        ok = ok && parseSigned(a, out);
        if (!ok || in < 0 || out < 0 || in > 254 || out > 254)
            throw InputError({ path, lineNo, 0, {} }, "expected '<in> <out> : <VL for SL0> ... <VL for SL15>'");
        std::array<std::uint8_t, 16> vls {};
        for (int s = 0; s < 16; ++s) {
            skipSpace(b);
            std::int64_t v = 0;
            if (!parseSigned(b, v) || v < 0 || v > 15)
                throw InputError({ path, lineNo, 0, {} }, "expected 16 VLs (0..15) after ':'");
            vls[sz(s)] = static_cast<std::uint8_t>(v);
        }
        table->set(static_cast<int>(in), static_cast<int>(out), vls);
    }
}

Fabric toFabric(const IbFabric& ib)
{
    Fabric f;
    f.name = ib.topologyFile;
    for (const auto& n : ib.nodes) {
        Node node;
        node.name = n.name;
        node.guid = n.guid;
        bool hasCa = false;
        for (const auto& [p, peer] : n.peers)
            hasCa = hasCa || !ib.nodes[sz(peer.node)].isSwitch;
        node.role = !n.isSwitch ? Role::Host : hasCa ? Role::Leaf
                                                     : Role::Spine;
        for (const auto& [p, peer] : n.peers)
            node.ports.push_back(Port { std::to_string(p) });
        node.attributes["ib.desc"] = n.desc;
        f.nodes.push_back(std::move(node));
    }
    for (std::size_t i = 0; i < ib.nodes.size(); ++i)
        for (const auto& [p, peer] : ib.nodes[i].peers) {
            // each link once: from the lower (node, port)
            if (std::make_pair(static_cast<int>(i), p) > std::make_pair(peer.node, peer.port))
                continue;
            Link l;
            l.a = { ib.nodes[i].name, std::to_string(p) };
            l.b = { ib.nodes[sz(peer.node)].name, std::to_string(peer.port) };
            l.origin = LinkOrigin::Discovered;
            f.links.push_back(std::move(l));
        }
    return f;
}

} // namespace lfp
