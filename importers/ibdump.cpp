// SPDX-License-Identifier: GPL-3.0-or-later
#include "ibdump.h"
#include "ibnetdiscoverparse.h"

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
    const MappedFile file(path);
    IbndRecords recs;
    parseIbnetdiscover(path, file.view(), recs);
    IbFabric ib;
    ib.topologyFile = path;
    for (const auto& r : recs.nodes) {
        IbFabric::Node n;
        n.isSwitch = r.type == 'S';
        n.ports = r.ports;
        n.guid = r.guid;
        n.desc = r.desc;
        if (n.isSwitch && r.lid)
            n.lids[0] = *r.lid;
        if (!n.isSwitch)
            for (const auto& [port, lid] : r.portLids)
                n.lids[port] = lid;
        n.portGuids = r.portGuids;
        if (ib.byGuid.count(n.guid))
            throw InputError({ path, r.line, 0, {} }, fmt::format("node GUID 0x{:016x} appears twice", n.guid));
        const int id = static_cast<int>(ib.nodes.size());
        ib.byGuid[n.guid] = id;
        for (const auto& [port, pg] : r.portGuids)
            ib.byGuid.emplace(pg, id);
        ib.nodes.push_back(std::move(n));
    }
    if (ib.nodes.empty())
        throw InputError({ path, 0, 0, {} }, "no node records (is this ibnetdiscover output?)");
    for (std::size_t i = 0; i < recs.nodes.size(); ++i)
        for (const auto& p : recs.nodes[i].peers) {
            auto it = recs.byId.find(p.id);
            if (it == recs.byId.end()) {
                std::uint64_t guid = 0;
                std::string_view g = std::string_view(p.id).substr(2);
                (void)parseHex(g, guid);
                throw InputError({ path, p.line, 0, {} }, fmt::format("port links to unknown node 0x{:016x}", guid));
            }
            ib.nodes[i].peers[p.localPort] = { static_cast<int>(it->second), p.port };
        }
    // Names as ibdmchk shows them: the description, made unique with the GUID (S/H + GUID when empty).
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

} // namespace lfp
