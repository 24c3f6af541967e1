// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/routing/ibreroute.h"

#include <algorithm>
#include <fmt/format.h>
#include <numeric>
#include <set>

namespace lfp {

namespace {

    std::size_t sz(int i) { return static_cast<std::size_t>(i); }

    /// splitmix64 (Steele, Lea, Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014):
    /// the same sequence on every platform, unlike std::uniform_int_distribution.
    std::uint64_t splitmix64(std::uint64_t& state)
    {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

    /// Every combination of @p size indices below @p n, lexicographically, appended to @p out.
    void combinations(std::size_t n, std::size_t size, std::vector<std::vector<int>>& out)
    {
        if (size == 0 || size > n)
            return;
        std::vector<int> c(size);
        std::iota(c.begin(), c.end(), 0);
        for (;;) {
            out.push_back(c);
            std::size_t i = size;
            while (i > 0 && sz(c[i - 1]) == n - size + i - 1)
                --i;
            if (i == 0)
                return;
            ++c[i - 1];
            for (std::size_t j = i; j < size; ++j)
                c[j] = c[j - 1] + 1;
        }
    }

    std::string nodeId(const IbFabric::Node& n)
    {
        return fmt::format("{}-{:016x}", n.isSwitch ? 'S' : 'H', n.guid);
    }

    /// One node record in ibnetdiscover form (infiniband-diags ibnetdiscover.c out_switch/out_ca).
    void writeRecord(std::string& out, const IbFabric& ib, int v, const std::set<std::pair<int, int>>& cut)
    {
        const auto& n = ib.nodes[sz(v)];
        out += fmt::format("{}guid=0x{:x}\n", n.isSwitch ? "switch" : "ca", n.guid);
        out += fmt::format("{}\t{} \"{}\"\t\t# \"{}\"\n", n.isSwitch ? "Switch" : "Ca", std::max(n.ports, 1), nodeId(n), n.desc);
        for (const auto& [port, peer] : n.peers) {
            if (cut.count({ v, port }))
                continue;
            const auto& m = ib.nodes[sz(peer.node)];
            std::string local = fmt::format("[{}]", port);
            if (auto g = n.portGuids.find(port); !n.isSwitch && g != n.portGuids.end())
                local += fmt::format("({:x})", g->second);
            out += fmt::format("{}\t\"{}\"[{}]\t\t# \"{}\"\n", local, nodeId(m), peer.port, m.desc);
        }
        out += '\n';
    }

} // namespace

std::vector<IbSwitchLink> ibSwitchLinks(const IbFabric& ib)
{
    std::vector<IbSwitchLink> out;
    for (std::size_t v = 0; v < ib.nodes.size(); ++v) {
        const auto& n = ib.nodes[v];
        if (!n.isSwitch)
            continue;
        for (const auto& [port, peer] : n.peers) {
            const int u = peer.node;
            if (u < 0 || !ib.nodes[sz(u)].isSwitch || std::make_pair(u, peer.port) < std::make_pair(static_cast<int>(v), port))
                continue;
            if (u == static_cast<int>(v) && peer.port == port)
                continue;
            out.push_back({ static_cast<int>(v), port, u, peer.port,
                fmt::format("{}:{} -- {}:{}", n.name, port, ib.nodes[sz(u)].name, peer.port) });
        }
    }
    return out;
}

std::vector<std::vector<int>> ibFailureSets(std::size_t links, int k, std::size_t sample, std::uint64_t seed, std::size_t& total)
{
    std::vector<std::vector<int>> all;
    for (int size = 1; size <= k; ++size)
        combinations(links, sz(size), all);
    total = all.size();
    if (sample == 0 || sample >= all.size())
        return all;
    std::vector<std::size_t> idx(all.size());
    std::iota(idx.begin(), idx.end(), std::size_t { 0 });
    std::uint64_t state = seed;
    for (std::size_t i = 0; i < sample; ++i) {
        const std::size_t j = i + static_cast<std::size_t>(splitmix64(state) % (idx.size() - i));
        std::swap(idx[i], idx[j]);
    }
    idx.resize(sample);
    std::sort(idx.begin(), idx.end()); // the enumeration order: by size, then lexicographic
    std::vector<std::vector<int>> out;
    out.reserve(sample);
    for (std::size_t i : idx)
        out.push_back(std::move(all[i]));
    return out;
}

std::string ibsimNetText(const IbFabric& ib, const std::vector<IbSwitchLink>& down)
{
    std::set<std::pair<int, int>> cut;
    for (const auto& l : down) {
        cut.insert({ l.a, l.portA });
        cut.insert({ l.b, l.portB });
    }
    int first = -1;
    for (std::size_t v = 0; v < ib.nodes.size() && first < 0; ++v)
        if (!ib.nodes[v].isSwitch && !ib.nodes[v].peers.empty())
            first = static_cast<int>(v);
    std::string out = "# ibsim net file written by lfp deadlock --reroute (ibnetdiscover form)\n\n";
    if (first >= 0)
        writeRecord(out, ib, first, cut);
    for (std::size_t v = 0; v < ib.nodes.size(); ++v)
        if (static_cast<int>(v) != first)
            writeRecord(out, ib, static_cast<int>(v), cut);
    return out;
}

namespace {
    constexpr std::string_view kConfigured = " tables configured";

    /// The word before each " tables configured" in @p log, in order.
    std::vector<std::string> configuredEngines(std::string_view log)
    {
        std::vector<std::string> out;
        for (std::size_t at = log.find(kConfigured); at != std::string_view::npos; at = log.find(kConfigured, at + 1)) {
            std::size_t b = at;
            while (b > 0 && log[b - 1] != ' ' && log[b - 1] != '\n' && log[b - 1] != ':')
                --b;
            if (b < at)
                out.emplace_back(log.substr(b, at - b));
        }
        return out;
    }
} // namespace

std::string opensmEngineUsed(std::string_view log)
{
    const auto e = configuredEngines(log);
    return e.empty() ? std::string() : e.back();
}

std::vector<std::string> opensmEnginesNamed(std::string_view log)
{
    std::vector<std::string> out;
    auto add = [&](const std::string& e) {
        if (std::find(opensmEngines().begin(), opensmEngines().end(), e) != opensmEngines().end()
            && std::find(out.begin(), out.end(), e) == out.end())
            out.push_back(e);
    };
    for (const auto& e : configuredEngines(log))
        add(e);
    // opensm.conf / option dumps: "routing_engine <list>"
    for (std::size_t at = log.find("routing_engine "); at != std::string_view::npos; at = log.find("routing_engine ", at + 1)) {
        std::size_t b = at + 15, e = b;
        while (e < log.size() && log[e] != '\n' && log[e] != ' ')
            ++e;
        std::string_view list = log.substr(b, e - b);
        for (std::size_t p = 0; p <= list.size();) {
            const std::size_t q = std::min(list.find(',', p), list.size());
            add(std::string(list.substr(p, q - p)));
            p = q + 1;
        }
    }
    return out;
}

const std::vector<std::string>& opensmEngines()
{
    // OpenSM 3.3.23 `opensm --help`: "Supported engines: updn, dnup, file, ftree, lash, dor, torus-2QoS,
    // nue, dfsssp, sssp"; minhop is the default and the fallback.
    static const std::vector<std::string> e { "minhop", "updn", "dnup", "ftree", "lash", "dor", "torus-2QoS", "nue", "dfsssp", "sssp" };
    return e;
}

bool opensmEngineSetsPathSl(std::string_view engine)
{
    // OpenSM 3.3: only these engines install routing_engine->path_sl (osm_ucast_dfsssp.c, osm_ucast_lash.c,
    // osm_ucast_nue.c; torus-2QoS too, osm_torus.c); the SA's PathRecord otherwise takes the QoS level's SL.
    return engine == "dfsssp" || engine == "lash" || engine == "nue" || engine == "torus-2QoS";
}

IbRerouteEngine tallyReroute(const std::string& engine, const std::vector<IbRerouteState>& states)
{
    IbRerouteEngine t;
    t.engine = engine;
    std::set<int> vls;
    for (std::size_t i = 0; i < states.size(); ++i) {
        const auto& s = states[i];
        if (s.engine != engine)
            continue;
        if (!s.ran) {
            ++t.errors;
            continue;
        }
        ++t.sets;
        if (!s.used.empty() && std::find(t.used.begin(), t.used.end(), s.used) == t.used.end())
            t.used.push_back(s.used);
        if (s.creditLoop)
            t.failing.push_back(i);
        else
            ++t.loopFree;
        if (s.missingPairs > 0)
            ++t.missingPaths;
        t.vls = std::max(t.vls, static_cast<int>(s.vls.size()));
        vls.insert(s.vls.begin(), s.vls.end());
    }
    t.vlsUsed.assign(vls.begin(), vls.end());
    return t;
}

} // namespace lfp
