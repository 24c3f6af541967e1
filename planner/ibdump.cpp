// SPDX-License-Identifier: GPL-3.0-or-later
#include "ibdump.h"

#include "model/errors.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
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

    int nodeOf(const IbFabric& ib, std::uint64_t guid)
    {
        auto it = ib.byGuid.find(guid);
        return it == ib.byGuid.end() ? -1 : it->second;
    }
} // namespace

int IbFabric::vlFor(int node, int inPort, int outPort, int sl) const
{
    auto it = sl2vl.find(node);
    if (it != sl2vl.end()) {
        auto jt = it->second.find({ inPort, outPort });
        if (jt == it->second.end() && !nodes[sz(node)].isSwitch) // CA tables: take the row of the out port
            for (const auto& [k, v] : it->second)
                if (k.second == outPort || k.first == 0) {
                    jt = it->second.find(k);
                    break;
                }
        if (jt != it->second.end())
            return jt->second[sz(sl & 15)];
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
    const auto lines = readLines(path);
    ib.lftFile = path;
    static const std::regex headRe(R"re(Unicast lids.*guid (0x[0-9a-fA-F]+))re");
    static const std::regex entryRe(R"re(^\s*0x([0-9a-fA-F]+)\s+(\d+)\b.*$)re");
    int sw = -1;
    int tables = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string& l = lines[i];
        const int lineNo = static_cast<int>(i) + 1;
        std::smatch m;
        if (std::regex_search(l, m, headRe)) {
            const auto guid = hexValue(m[1], { path, lineNo, 0, {} });
            sw = nodeOf(ib, guid);
            if (sw < 0 || !ib.nodes[sz(sw)].isSwitch)
                throw InputError({ path, lineNo, 0, {} }, fmt::format("switch GUID 0x{:016x} is not in the topology ({})", guid, ib.topologyFile));
            ib.lft[sw].clear();
            ++tables;
            continue;
        }
        if (std::regex_match(l, m, entryRe)) {
            if (sw < 0)
                throw InputError({ path, lineNo, 0, {} }, "an LFT entry before any 'Unicast lids ... guid' header");
            const int lid = static_cast<int>(hexValue(m[1], { path, lineNo, 0, {} }));
            const int port = std::stoi(m[2]);
            if (lid > 0xbfff || port > 254)
                throw InputError({ path, lineNo, 0, {} }, fmt::format("LID {} or port {} out of range", lid, port));
            auto& t = ib.lft[sw];
            if (t.size() <= sz(lid))
                t.resize(sz(lid) + 1, 255);
            t[sz(lid)] = static_cast<std::uint8_t>(port);
        }
    }
    if (!tables)
        throw InputError({ path, 0, 0, {} }, "no 'Unicast lids ... of switch ... guid 0x...' table (expected opensm-lfts.dump or dump_fts output)");
}

void readPathSl(IbFabric& ib, const std::string& path)
{
    const auto lines = readLines(path);
    ib.pathSlFile = path;
    // saquery -p form?
    bool saquery = false;
    for (const auto& l : lines)
        if (l.find("PathRecord dump") != std::string::npos) {
            saquery = true;
            break;
        }
    if (saquery) {
        int slid = -1, dlid = -1;
        auto field = [](const std::string& l, const char* name) -> std::optional<std::string> {
            auto pos = l.find_first_not_of(" \t");
            if (pos == std::string::npos || l.compare(pos, std::strlen(name), name) != 0)
                return std::nullopt;
            pos += std::strlen(name);
            if (pos >= l.size() || l[pos] != '.')
                return std::nullopt;
            pos = l.find_first_not_of('.', pos);
            return pos == std::string::npos ? std::string() : l.substr(pos);
        };
        for (std::size_t i = 0; i < lines.size(); ++i) {
            const int lineNo = static_cast<int>(i) + 1;
            const auto& l = lines[i];
            if (l.find("PathRecord dump") != std::string::npos)
                slid = dlid = -1;
            if (auto v = field(l, "slid"))
                slid = std::stoi(*v, nullptr, 0);
            else if (auto v2 = field(l, "dlid"))
                dlid = std::stoi(*v2, nullptr, 0);
            else if (auto v3 = field(l, "sl")) {
                if (slid < 0 || dlid < 0)
                    throw InputError({ path, lineNo, 0, {} }, "an 'sl' field before the record's slid and dlid");
                auto it = ib.lidOwner.find(slid);
                if (it == ib.lidOwner.end())
                    throw InputError({ path, lineNo, 0, {} }, fmt::format("source LID {} is not in the topology", slid));
                ib.pathSl[{ it->second.first, dlid }] = static_cast<int>(std::stoul(*v3, nullptr, 0)) & 15;
            }
        }
        return;
    }
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const int lineNo = static_cast<int>(i) + 1;
        std::string l = lines[i];
        if (auto h = l.find('#'); h != std::string::npos)
            l.erase(h);
        std::istringstream ss(l);
        std::string g, d, s;
        if (!(ss >> g))
            continue;
        if (!(ss >> d >> s))
            throw InputError({ path, lineNo, 0, {} }, "expected '0x<source GUID> <DLID> <SL>'");
        const auto guid = hexValue(g, { path, lineNo, 0, {} });
        const int node = nodeOf(ib, guid);
        if (node < 0)
            throw InputError({ path, lineNo, 0, {} }, fmt::format("source GUID 0x{:016x} is not in the topology", guid));
        int dlid = 0, sl = 0;
        try {
            dlid = std::stoi(d, nullptr, 0);
            sl = std::stoi(s, nullptr, 0);
        } catch (const std::exception&) {
            throw InputError({ path, lineNo, 0, {} }, "DLID and SL must be numbers");
        }
        if (sl < 0 || sl > 15)
            throw InputError({ path, lineNo, 0, {} }, fmt::format("SL {} out of range 0..15", sl));
        ib.pathSl[{ node, dlid }] = sl;
    }
}

void readSl2vl(IbFabric& ib, const std::string& path)
{
    const auto lines = readLines(path);
    ib.sl2vlFile = path;
    static const std::regex headRe(R"re(^(Switch|Channel Adapter|Router)\s+(0x[0-9a-fA-F]+))re");
    int node = -1;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const int lineNo = static_cast<int>(i) + 1;
        const auto& l = lines[i];
        std::smatch m;
        if (std::regex_search(l, m, headRe)) {
            node = nodeOf(ib, hexValue(m[2], { path, lineNo, 0, {} }));
            continue; // unknown nodes (not in the topology) are skipped
        }
        if (l.empty() || l[0] == '#')
            continue;
        const auto colon = l.find(':');
        if (colon == std::string::npos)
            continue;
        if (node < 0)
            continue;
        std::istringstream a(l.substr(0, colon)), b(l.substr(colon + 1));
        int in = 0, out = 0;
        if (!(a >> in >> out))
            throw InputError({ path, lineNo, 0, {} }, "expected '<in> <out> : <VL for SL0> ... <VL for SL15>'");
        std::array<std::uint8_t, 16> vls {};
        for (int s = 0; s < 16; ++s) {
            int v = 0;
            if (!(b >> v) || v < 0 || v > 15)
                throw InputError({ path, lineNo, 0, {} }, "expected 16 VLs (0..15) after ':'");
            vls[sz(s)] = static_cast<std::uint8_t>(v);
        }
        ib.sl2vl[node][{ in, out }] = vls;
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
        node.role = !n.isSwitch ? Role::Host : hasCa ? Role::Leaf : Role::Spine;
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

// =============================================================================================

namespace {
    /// dfsssp-style layering of fixed routes (Domke et al.; OpenSM dfsssp_remove_deadlocks): all paths
    /// start in layer 0; while a layer's dependency graph has a cycle, every path of that layer that
    /// uses one dependency of the cycle moves to the next layer. Returns the layers (VLs) needed, or 0
    /// when 16 are not enough.
    int layersNeeded(const std::vector<std::vector<int>>& paths, int channels)
    {
        std::vector<int> layer(paths.size(), 0);
        for (int L = 0; L < 16; ++L) {
            for (int round = 0; round < 100000; ++round) {
                std::vector<std::uint64_t> keys;
                for (std::size_t p = 0; p < paths.size(); ++p)
                    if (layer[p] == L)
                        for (std::size_t k = 0; k + 1 < paths[p].size(); ++k)
                            keys.push_back((static_cast<std::uint64_t>(paths[p][k]) << 32) | static_cast<std::uint64_t>(paths[p][k + 1]));
                if (keys.empty())
                    return L == 0 ? 1 : L;
                std::sort(keys.begin(), keys.end());
                keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
                std::vector<int> start(sz(channels) + 1, 0), adj;
                for (auto k : keys)
                    ++start[(k >> 32) + 1];
                for (int i = 0; i < channels; ++i)
                    start[sz(i) + 1] += start[sz(i)];
                for (auto k : keys)
                    adj.push_back(static_cast<int>(k & 0xffffffffu));
                const auto cyc = findCycles(channels, start, adj, 1, nullptr, 1);
                if (cyc.empty())
                    break;
                const int a = cyc[0].cycle[0], b = cyc[0].cycle[cyc[0].cycle.size() > 1 ? 1 : 0];
                for (std::size_t p = 0; p < paths.size(); ++p) {
                    if (layer[p] != L)
                        continue;
                    for (std::size_t k = 0; k + 1 < paths[p].size(); ++k)
                        if (paths[p][k] == a && paths[p][k + 1] == b) {
                            layer[p] = L + 1;
                            break;
                        }
                }
            }
        }
        return 0;
    }
} // namespace

DeadlockReport analyseLft(const IbFabric& ib, const DeadlockOptions& opt, Feedback* fb)
{
    const auto t0 = std::chrono::steady_clock::now();
    DeadlockReport rep;
    rep.routing = RoutingModel::Lft;
    const Fabric f = toFabric(ib);
    const Topology t = buildTopology(f);
    // (node, port) → outgoing channel
    std::map<std::pair<int, int>, int> chanOut;
    for (std::size_t c = 0; c < t.channels.size(); ++c) {
        const auto& ch = t.channels[c];
        if (ch.from >= 0)
            chanOut[{ ch.from, std::stoi(ch.fromPort) }] = static_cast<int>(c);
    }
    std::vector<int> cas;
    for (std::size_t i = 0; i < ib.nodes.size(); ++i)
        if (!ib.nodes[i].isSwitch && !ib.nodes[i].peers.empty())
            cas.push_back(static_cast<int>(i));
    struct EdgeInfo {
        std::size_t flows = 0;
        int src = -1, dlid = -1;
        bool manyDest = false;
    };
    std::unordered_map<std::uint64_t, EdgeInfo> edges;
    std::set<int> slsUsed, vlsUsed;
    std::size_t pairs = 0, defaultSl = 0;
    std::vector<std::pair<int, int>> missing; // (src CA, dst CA)
    std::vector<int> path;
    std::size_t loops = 0;
    std::vector<std::vector<int>> fabricPaths; ///< switch-to-switch channels of every traced path (for the layering fix)
    constexpr std::size_t kMaxLayeredPaths = 500'000;
    for (std::size_t si = 0; si < cas.size(); ++si) {
        checkCancelled(fb);
        if (fb)
            fb->setProgress(90.0 * static_cast<double>(si) / static_cast<double>(cas.size()));
        const int src = cas[si];
        for (int dst : cas) {
            if (dst == src)
                continue;
            for (const auto& [dport, dlid] : ib.nodes[sz(dst)].lids) {
                ++pairs;
                int sl = 0;
                if (auto it = ib.pathSl.find({ src, dlid }); it != ib.pathSl.end())
                    sl = it->second;
                else
                    ++defaultSl;
                slsUsed.insert(sl);
                // first hop: CA port toward its switch
                const auto& sn = ib.nodes[sz(src)];
                const int sport = sn.peers.begin()->first;
                int c = chanOut.at({ src, sport });
                int vl = ib.vlFor(src, 0, sport, sl);
                path.clear();
                bool ok = false;
                std::set<std::uint64_t> seen;
                for (int hop = 0; hop < 64; ++hop) {
                    const std::uint64_t state = static_cast<std::uint64_t>(c) * 16 + static_cast<std::uint64_t>(vl);
                    if (!seen.insert(state).second) {
                        ++loops;
                        break;
                    }
                    path.push_back(static_cast<int>(state));
                    const int v = t.channels[sz(c)].to;
                    const int inPort = std::stoi(t.channels[sz(c)].toPort);
                    if (!ib.nodes[sz(v)].isSwitch) {
                        ok = v == dst;
                        break;
                    }
                    auto lt = ib.lft.find(v);
                    if (lt == ib.lft.end() || sz(dlid) >= lt->second.size() || lt->second[sz(dlid)] == 255 || lt->second[sz(dlid)] == 0)
                        break;
                    const int outPort = lt->second[sz(dlid)];
                    auto oc = chanOut.find({ v, outPort });
                    if (oc == chanOut.end())
                        break;
                    const int vl2 = ib.vlFor(v, inPort, outPort, sl);
                    c = oc->second;
                    vl = vl2;
                }
                // dependencies between switch-to-switch buffers of the path (even a failed path's prefix)
                for (std::size_t k = 0; k + 1 < path.size(); ++k) {
                    const int ca = path[k] / 16, cb = path[k + 1] / 16;
                    if (!t.isFabricChannel(ca) || !t.isFabricChannel(cb))
                        continue;
                    auto& e = edges[(static_cast<std::uint64_t>(path[k]) << 32) | static_cast<std::uint64_t>(path[k + 1])];
                    if (e.flows++ == 0) {
                        e.src = src;
                        e.dlid = dlid;
                    } else if (e.dlid != dlid)
                        e.manyDest = true;
                }
                std::vector<int> fp;
                for (int s : path)
                    if (t.isFabricChannel(s / 16)) {
                        vlsUsed.insert(s % 16);
                        fp.push_back(s / 16);
                    }
                if (fp.size() >= 2 && fabricPaths.size() < kMaxLayeredPaths)
                    fabricPaths.push_back(std::move(fp));
                if (!ok)
                    missing.emplace_back(src, dst);
            }
        }
    }
    // graph over states
    std::vector<std::uint64_t> keys;
    keys.reserve(edges.size());
    for (const auto& [k, e] : edges)
        keys.push_back(k);
    std::sort(keys.begin(), keys.end());
    std::vector<int> stateIds;
    for (auto k : keys) {
        stateIds.push_back(static_cast<int>(k >> 32));
        stateIds.push_back(static_cast<int>(k & 0xffffffffu));
    }
    std::sort(stateIds.begin(), stateIds.end());
    stateIds.erase(std::unique(stateIds.begin(), stateIds.end()), stateIds.end());
    auto dense = [&](int s) { return static_cast<int>(std::lower_bound(stateIds.begin(), stateIds.end(), s) - stateIds.begin()); };
    const int N = static_cast<int>(stateIds.size());
    std::vector<int> start(sz(N) + 1, 0), adj;
    for (auto k : keys)
        ++start[sz(dense(static_cast<int>(k >> 32))) + 1];
    for (int i = 0; i < N; ++i)
        start[sz(i) + 1] += start[sz(i)];
    adj.resize(keys.size());
    {
        std::vector<int> fill(start.begin(), start.end() - 1);
        for (auto k : keys) {
            const int a = dense(static_cast<int>(k >> 32));
            adj[sz(fill[sz(a)]++)] = dense(static_cast<int>(k & 0xffffffffu));
        }
        for (int i = 0; i < N; ++i)
            std::sort(adj.begin() + start[sz(i)], adj.begin() + start[sz(i) + 1]);
    }
    std::size_t comps = 0;
    const auto cycles = findCycles(N, start, adj, sz(opt.maxCycles), &comps);
    rep.cyclicComponents = comps;
    rep.dependencies = keys.size();
    rep.destinations = cas.size();
    std::set<int> buffers;
    for (int s : stateIds)
        buffers.insert(s);
    rep.buffers = buffers.size();
    auto lidName = [&](int dlid) {
        auto it = ib.lidOwner.find(dlid);
        return it == ib.lidOwner.end() ? fmt::format("LID {}", dlid) : ib.nodes[sz(it->second.first)].name;
    };
    int layers = -1;
    if (!cycles.empty() && opt.fixes && fabricPaths.size() < kMaxLayeredPaths)
        layers = layersNeeded(fabricPaths, static_cast<int>(t.channels.size()));
    for (const auto& gc : cycles) {
        CycleReport cr;
        cr.componentSize = gc.componentSize;
        bool oneDest = true;
        int theDest = -1;
        for (std::size_t i = 0; i < gc.cycle.size(); ++i) {
            const int s = stateIds[sz(gc.cycle[i])];
            const int s2 = stateIds[sz(gc.cycle[(i + 1) % gc.cycle.size()])];
            const int c = s / 16;
            CycleHop h;
            h.channel = c;
            h.vl = s % 16;
            h.buffer = t.channelName(c);
            h.link = t.linkName(t.channels[sz(c)].link);
            h.at = t.nodes[sz(t.channels[sz(c)].to)].name;
            const auto& from = ib.nodes[sz(t.channels[sz(c)].from)];
            h.alias = fmt::format("{}{:016x}/P{}", from.isSwitch ? "S" : "H", from.guid, t.channels[sz(c)].fromPort);
            const auto& e = edges.at((static_cast<std::uint64_t>(s) << 32) | static_cast<std::uint64_t>(s2));
            h.flowCount = e.flows;
            h.inducingDestinations = e.manyDest ? 2 : 1;
            h.flowCountExact = true;
            h.flows.push_back({ ib.nodes[sz(e.src)].name, lidName(e.dlid) });
            if (e.manyDest || (theDest >= 0 && theDest != e.dlid))
                oneDest = false;
            theDest = e.dlid;
            const auto& na = f.nodes[sz(t.channels[sz(c)].from)];
            const auto& nb = f.nodes[sz(t.channels[sz(c)].to)];
            const auto& nc = f.nodes[sz(t.channels[sz(s2 / 16)].to)];
            const auto dir = [](const Node& x, const Node& y) { return x.role == y.role ? "flat" : (y.role == Role::Spine ? "up" : "down"); };
            h.turn = fmt::format("{}->{}", dir(na, nb), dir(nb, nc));
            if (h.turn == "down->up")
                h.turn += " bounce";
            cr.hops.push_back(std::move(h));
        }
        cr.vl = cr.hops.empty() ? -1 : cr.hops.front().vl;
        cr.routingLoop = oneDest && !cr.hops.empty();
        FixCandidate fx;
        fx.kind = "ib-engine";
        fx.description = "Route with an engine that avoids credit loops here: updn or ftree with explicit roots (-a), "
                         "or dfsssp / lash, which put the dependency-closing routes on other SLs (run OpenSM with -Q so SL2VL is "
                         "programmed, and make sure applications take the SL from the SA PathRecord)";
        fx.costUnit = "VLs";
        fx.costNote = "not re-checked here: route again, dump the tables and re-run this analysis";
        cr.fixes.push_back(std::move(fx));
        if (layers >= 0) {
            FixCandidate lx;
            lx.kind = "vl-layers";
            lx.checked = true;
            lx.removesAll = layers > 0 && layers <= 8;
            lx.removesCycle = layers > 0;
            lx.cost = layers;
            lx.costUnit = "VLs (layers) needed";
            lx.description = "Keep these routes but give each path an SL so that every VL's graph is acyclic (dfsssp-style layering: "
                             "paths that close a cycle move to the next VL)";
            lx.costNote = layers == 0 ? "more than 16 layers would be needed"
                                      : fmt::format("{} VL(s); every layer checked acyclic; the SL of each path must reach the hosts (SA PathRecord)", layers);
            cr.fixes.push_back(std::move(lx));
        }
        rep.cycles.push_back(std::move(cr));
    }
    // missing paths
    rep.unreachable.switchPairs = missing.size();
    rep.unreachable.pairs = missing.size();
    for (std::size_t i = 0; i < missing.size() && i < sz(opt.maxFlowExamples); ++i)
        rep.unreachable.examples.push_back({ ib.nodes[sz(missing[i].first)].name, ib.nodes[sz(missing[i].second)].name });
    rep.notes.push_back(fmt::format("{} CA-to-CA paths traced; SLs used: {}; VLs used on switch links: {}", pairs,
        fmt::join(slsUsed, ","), fmt::join(vlsUsed, ",")));
    if (ib.pathSl.empty())
        rep.notes.push_back("no path SL file: every path on SL 0 (what hosts use without asking the SA; a VL-layered engine such as dfsssp or lash then has the very loops it broke)");
    else if (defaultSl)
        rep.notes.push_back(fmt::format("{} paths had no SL in {} (no PathRecord: the SA found no path, or the list is incomplete): SL 0 assumed", defaultSl, ib.pathSlFile));
    if (ib.sl2vl.empty())
        rep.notes.push_back("no SL2VL dump: identity SL→VL mapping");
    if (loops)
        rep.notes.push_back(fmt::format("{} paths loop in the LFTs (routing loop)", loops));
    if (fb)
        fb->setProgress(100);
    rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return rep;
}

} // namespace lfp
