// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/routing/routing.h"

#include "model/errors.h"

#include <algorithm>
#include <fmt/format.h>
#include <unordered_map>

namespace lfp {

const char* toString(RoutingModel m)
{
    switch (m) {
    case RoutingModel::Ecmp:
        return "ecmp";
    case RoutingModel::UpDown:
        return "updown";
    case RoutingModel::Static:
        return "static";
    case RoutingModel::Lft:
        return "lft";
    }
    return "?";
}

namespace {
    int tierOf(Role r)
    {
        switch (r) {
        case Role::Host:
            return 0;
        case Role::Leaf:
            return 1;
        case Role::Spine:
            return 2;
        case Role::SuperSpine:
            return 3;
        }
        return 0;
    }
    std::size_t sz(int i) { return static_cast<std::size_t>(i); }
} // namespace

std::string Topology::channelName(int c) const
{
    const auto& ch = channels[sz(c)];
    return fmt::format("{}:{} -> {}:{}", nodes[sz(ch.from)].name, ch.fromPort, nodes[sz(ch.to)].name, ch.toPort);
}

std::string Topology::linkName(int link) const
{
    const auto& ch = channels[sz(2 * link)];
    return fmt::format("{}:{} -- {}:{}", nodes[sz(ch.from)].name, ch.fromPort, nodes[sz(ch.to)].name, ch.toPort);
}

ObjectRef Topology::linkRef(int link) const
{
    const auto& ch = channels[sz(2 * link)];
    return ObjectRef::forLink({ nodes[sz(ch.from)].name, ch.fromPort }, { nodes[sz(ch.to)].name, ch.toPort });
}

int Topology::findNode(const std::string& name) const
{
    for (std::size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].name == name)
            return static_cast<int>(i);
    return -1;
}

Topology buildTopology(const Fabric& f)
{
    Topology t;
    std::unordered_map<std::string, int> idx;
    idx.reserve(f.nodes.size());
    t.nodes.reserve(f.nodes.size());
    for (const auto& n : f.nodes) {
        idx.emplace(n.name, static_cast<int>(t.nodes.size()));
        t.nodes.push_back({ n.name, n.isSwitch(), tierOf(n.role) });
    }
    const std::size_t n = t.nodes.size();
    t.out.assign(n, {});
    t.in.assign(n, {});
    t.hostCount.assign(n, 0);
    t.hostsAt.assign(n, {});
    t.channels.reserve(f.links.size() * 2);
    for (const auto& l : f.links) {
        auto ia = idx.find(l.a.node), ib = idx.find(l.b.node);
        const int link = t.linkCount++;
        Topology::Channel ab { -1, -1, link, l.a.port, l.b.port }, ba { -1, -1, link, l.b.port, l.a.port };
        if (ia != idx.end() && ib != idx.end() && ia->second != ib->second
            && (t.nodes[sz(ia->second)].isSwitch || t.nodes[sz(ib->second)].isSwitch)) {
            ab.from = ba.to = ia->second;
            ab.to = ba.from = ib->second;
        }
        t.channels.push_back(ab);
        t.channels.push_back(ba);
    }
    for (std::size_t c = 0; c < t.channels.size(); ++c) {
        const auto& ch = t.channels[c];
        if (ch.from < 0)
            continue;
        t.out[sz(ch.from)].push_back(static_cast<int>(c));
        t.in[sz(ch.to)].push_back(static_cast<int>(c));
        if (!t.nodes[sz(ch.from)].isSwitch && t.nodes[sz(ch.to)].isSwitch) {
            ++t.hostCount[sz(ch.to)];
            t.hostsAt[sz(ch.to)].push_back(ch.from);
        }
    }
    t.isSw.resize(n);
    for (std::size_t v = 0; v < n; ++v)
        t.isSw[v] = t.nodes[v].isSwitch;
    t.chFrom.resize(t.channels.size());
    t.chTo.resize(t.channels.size());
    t.chLink.resize(t.channels.size());
    for (std::size_t c = 0; c < t.channels.size(); ++c) {
        t.chFrom[c] = t.channels[c].from;
        t.chTo[c] = t.channels[c].to;
        t.chLink[c] = t.channels[c].link;
    }
    auto csr = [&](const std::vector<std::vector<int>>& lists, std::vector<int>& start, std::vector<int>& list) {
        start.assign(n + 1, 0);
        list.clear();
        for (std::size_t v = 0; v < n; ++v) {
            start[v] = static_cast<int>(list.size());
            for (int c : lists[v])
                if (t.isSw[sz(t.chFrom[sz(c)])] && t.isSw[sz(t.chTo[sz(c)])])
                    list.push_back(c);
        }
        start[n] = static_cast<int>(list.size());
    };
    csr(t.out, t.swOutStart, t.swOutList);
    csr(t.in, t.swInStart, t.swInList);
    for (int c : t.swOutList) {
        t.swOutTo.push_back(t.chTo[sz(c)]);
        t.swOutLink.push_back(t.chLink[sz(c)]);
    }
    for (int c : t.swInList) {
        t.swInFrom.push_back(t.chFrom[sz(c)]);
        t.swInLink.push_back(t.chLink[sz(c)]);
    }
    t.edgeIndex.assign(n, -1);
    for (std::size_t v = 0; v < n; ++v)
        if (t.nodes[v].isSwitch && t.hostCount[v] > 0) {
            t.edgeIndex[v] = static_cast<int>(t.edgeSwitches.size());
            t.edgeSwitches.push_back(static_cast<int>(v));
        }
    return t;
}

UpDownOrientation computeOrientation(const Topology& t, const LinkMask& down)
{
    const std::size_t n = t.nodes.size();
    int top = 0;
    for (const auto& nd : t.nodes)
        if (nd.isSwitch)
            top = std::max(top, nd.tier);
    // BFS from every switch of the top tier over live switch links.
    std::vector<int> level(n, std::numeric_limits<int>::max());
    std::vector<int> queue;
    for (std::size_t v = 0; v < n; ++v)
        if (t.nodes[v].isSwitch && t.nodes[v].tier == top) {
            level[v] = 0;
            queue.push_back(static_cast<int>(v));
        }
    for (std::size_t qi = 0; qi < queue.size(); ++qi) {
        const int v = queue[qi];
        for (int c : t.out[sz(v)]) {
            const auto& ch = t.channels[sz(c)];
            if (down[sz(ch.link)] || !t.nodes[sz(ch.to)].isSwitch)
                continue;
            if (level[sz(ch.to)] == std::numeric_limits<int>::max()) {
                level[sz(ch.to)] = level[sz(v)] + 1;
                queue.push_back(ch.to);
            }
        }
    }
    UpDownOrientation o;
    o.rank.resize(n);
    for (std::size_t v = 0; v < n; ++v) {
        const std::int64_t tierKey = 4 - t.nodes[v].tier; // higher tier = lower rank
        const std::int64_t lv = std::min<std::int64_t>(level[v], 1'000'000);
        o.rank[v] = (tierKey * 2'000'000 + lv) * static_cast<std::int64_t>(n + 1) + static_cast<std::int64_t>(v);
    }
    o.up.resize(t.channels.size());
    for (std::size_t c = 0; c < t.channels.size(); ++c) {
        const auto& ch = t.channels[c];
        o.up[c] = ch.from >= 0 && o.rank[sz(ch.to)] < o.rank[sz(ch.from)];
    }
    return o;
}

// ---------------------------------------------------------------------------------------------
// Static routes

void checkStaticRoutes(const std::vector<StaticRoute>& routes, const Topology& t)
{
    for (const auto& r : routes) {
        const SourceLocation& where = r.where;
        const int at = t.findNode(r.at);
        if (at < 0 || !t.nodes[sz(at)].isSwitch)
            throw InputError(where, fmt::format("'{}' is not a switch of the fabric", r.at));
        const int dest = t.findNode(r.destination);
        if (dest < 0 || t.edgeIndex[sz(dest)] < 0)
            throw InputError(where, fmt::format("destination '{}' is not a switch with hosts (routes are per destination switch)", r.destination));
        if (r.nextHops.empty())
            throw InputError(where, "a route needs at least one next hop");
        for (const auto& nh : r.nextHops) {
            bool found = false;
            for (int c : t.out[sz(at)])
                found = found || t.nodes[sz(t.channels[sz(c)].to)].name == nh;
            if (!found)
                throw InputError(where, fmt::format("next hop '{}' is not a neighbour of '{}'", nh, r.at));
        }
    }
}

StaticTable resolveStaticRoutes(const Topology& t, const std::vector<StaticRoute>& routes)
{
    StaticTable st;
    st.edgeCount = static_cast<int>(t.edgeSwitches.size());
    st.next.assign(t.nodes.size() * t.edgeSwitches.size(), {});
    for (const auto& r : routes) {
        const int at = t.findNode(r.at);
        const int dest = t.findNode(r.destination);
        if (at < 0 || dest < 0 || t.edgeIndex[sz(dest)] < 0)
            continue;
        auto& slot = st.next[sz(at) * t.edgeSwitches.size() + sz(t.edgeIndex[sz(dest)])];
        for (const auto& nh : r.nextHops)
            for (int c : t.out[sz(at)])
                if (t.nodes[sz(t.channels[sz(c)].to)].name == nh && std::find(slot.begin(), slot.end(), c) == slot.end())
                    slot.push_back(c);
    }
    return st;
}

// ---------------------------------------------------------------------------------------------
// Per-destination routing

RoutingContext makeRoutingContext(const Topology& t, RoutingModel m, const LinkMask& down, const StaticTable* statics)
{
    RoutingContext ctx;
    ctx.topo = &t;
    ctx.model = m;
    ctx.down = down;
    ctx.down.resize(sz(t.linkCount), 0);
    ctx.anyDown = std::find(ctx.down.begin(), ctx.down.end(), 1) != ctx.down.end();
    if (m == RoutingModel::UpDown)
        ctx.orientation = computeOrientation(t, ctx.down);
    ctx.statics = statics;
    return ctx;
}

void computeDistances(const RoutingContext& ctx, int dest, DestRouting& out)
{
    const Topology& t = *ctx.topo;
    const std::size_t n = t.nodes.size();
    out.dist.assign(n, kUnreachable);
    std::vector<int> queue;
    queue.reserve(n);
    auto bfs = [&](std::vector<std::uint8_t>& dist, auto allowed) {
        queue.clear();
        dist[sz(dest)] = 0;
        queue.push_back(dest);
        for (std::size_t qi = 0; qi < queue.size(); ++qi) {
            const int v = queue[qi];
            const std::uint8_t dv = dist[sz(v)];
            if (dv >= kUnreachable - 1)
                continue;
            for (int e = t.swInStart[sz(v)]; e < t.swInStart[sz(v) + 1]; ++e) { // channel u→v: u is one hop further
                if (!ctx.linkAlive(t.swInLink[sz(e)]) || !allowed(t.swInList[sz(e)]))
                    continue;
                const int u = t.swInFrom[sz(e)];
                if (dist[sz(u)] == kUnreachable) {
                    dist[sz(u)] = static_cast<std::uint8_t>(dv + 1);
                    queue.push_back(u);
                }
            }
        }
    };
    if (!ctx.isUpDown()) {
        bfs(out.dist, [](int) { return true; });
        out.distDown.clear();
        return;
    }
    // down-only distances, then the two-phase distance: dist(v) = min(1 + dist(w) over up channels
    // v→w, 1 + distDown(w) over down channels v→w). Unit weights, so a BFS over states in order of
    // distance works: seed with the down-only distances, relax up channels backwards.
    out.distDown.assign(n, kUnreachable);
    const auto& up = ctx.orientation.up;
    bfs(out.distDown, [&](int c) { return !up[sz(c)]; });
    // Bucket queue by distance.
    std::vector<std::vector<int>> buckets(256);
    for (std::size_t v = 0; v < n; ++v)
        if (out.distDown[v] != kUnreachable) {
            out.dist[v] = out.distDown[v];
            buckets[out.distDown[v]].push_back(static_cast<int>(v));
        }
    for (int d = 0; d < 254; ++d) {
        for (std::size_t i = 0; i < buckets[sz(d)].size(); ++i) {
            const int w = buckets[sz(d)][i];
            if (out.dist[sz(w)] != d)
                continue;
            for (int e = t.swInStart[sz(w)]; e < t.swInStart[sz(w) + 1]; ++e) { // v→w going up: v reaches dest in d+1 from its up state
                const int c = t.swInList[sz(e)];
                if (!up[sz(c)] || !ctx.alive(c))
                    continue;
                const int u = t.chFrom[sz(c)];
                if (out.dist[sz(u)] > d + 1) {
                    out.dist[sz(u)] = static_cast<std::uint8_t>(d + 1);
                    buckets[sz(d + 1)].push_back(u);
                }
            }
        }
    }
}

void computeNextHops(const RoutingContext& ctx, int dest, DestRouting& out)
{
    const Topology& t = *ctx.topo;
    const std::size_t n = t.nodes.size();
    const int ei = t.edgeIndex[sz(dest)];
    out.nextStart.assign(n + 1, 0);
    out.nextList.clear();
    const bool ud = ctx.isUpDown();
    for (std::size_t v = 0; v < n; ++v) {
        out.nextStart[v] = static_cast<int>(out.nextList.size());
        if (!t.isSw[v] || static_cast<int>(v) == dest)
            continue;
        const std::size_t before = out.nextList.size();
        if (ctx.statics && !ctx.statics->empty() && ei >= 0) {
            for (int c : ctx.statics->next[v * sz(ctx.statics->edgeCount) + sz(ei)])
                if (ctx.alive(c))
                    out.nextList.push_back(c);
        }
        if (out.nextList.size() == before && out.dist[v] != kUnreachable) {
            const int dv = out.dist[v];
            for (int e = t.swOutStart[v]; e < t.swOutStart[v + 1]; ++e) {
                const int c = t.swOutList[sz(e)];
                if (!ctx.alive(c))
                    continue;
                const int to = t.chTo[sz(c)];
                const int dw = ud && !ctx.orientation.up[sz(c)] ? out.distDown[sz(to)] : out.dist[sz(to)];
                if (dw != kUnreachable && dw + 1 == dv)
                    out.nextList.push_back(c);
            }
        }
        for (const auto& [bn, be, bc] : ctx.banned)
            if (bn == static_cast<int>(v) && be == ei && out.nextList.size() > before + 1) {
                auto it = std::find(out.nextList.begin() + static_cast<std::ptrdiff_t>(before), out.nextList.end(), bc);
                if (it != out.nextList.end())
                    out.nextList.erase(it);
            }
    }
    out.nextStart[n] = static_cast<int>(out.nextList.size());
    if (!ud) {
        out.downStart.clear();
        out.downList.clear();
        return;
    }
    out.downStart.assign(n + 1, 0);
    out.downList.clear();
    for (std::size_t v = 0; v < n; ++v) {
        out.downStart[v] = static_cast<int>(out.downList.size());
        if (!t.isSw[v] || static_cast<int>(v) == dest || out.distDown[v] == kUnreachable)
            continue;
        const int dv = out.distDown[v];
        for (int e = t.swOutStart[v]; e < t.swOutStart[v + 1]; ++e) {
            const int c = t.swOutList[sz(e)];
            if (ctx.orientation.up[sz(c)] || !ctx.alive(c))
                continue;
            const int to = t.chTo[sz(c)];
            if (out.distDown[sz(to)] != kUnreachable && out.distDown[sz(to)] + 1 == dv)
                out.downList.push_back(c);
        }
    }
    out.downStart[n] = static_cast<int>(out.downList.size());
}

} // namespace lfp
