// SPDX-License-Identifier: GPL-3.0-or-later
// The automorphism group of the coloured switch graph, for the failure sweep (failuresymmetry.h).
//
// The graph given to Traces (nauty 2.8, McKay & Piperno 2014):
//  - one vertex per switch, coloured by (tier, hosts attached);
//  - one vertex per multi-homed host (a host on several switches ties them together);
//  - a switch link is a plain edge when it is the only link between its two switches and its channels
//    carry the most common lossless-class colour in both directions; otherwise it becomes one vertex
//    (both directions coloured alike) or two adjacent vertices, one per end, each coloured by the
//    classes of the channel leaving that end (so an automorphism keeps the link's direction).
// Host vertices of single-homed hosts are left out (they are counted in their switch's colour): a fat
// tree's hosts would otherwise add a generator per pair of twin hosts.
// Each generator is verified: every switch link must map to a switch link between the images of its
// ends whose channels have the same colours, direction for direction.
#define _Thread_local thread_local // nauty's headers are C11 (TLS in gtools.h)
#include <traces.h>
#undef _Thread_local

#include "planner/routing/failuresymmetry.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <numeric>
#include <tuple>
#include <unordered_map>

namespace lfp {
namespace {
    inline std::size_t sz(int i) { return static_cast<std::size_t>(i); }

    struct Builder {
        const Topology* t = nullptr;
        int switchVertices = 0;
        std::vector<int> vertexOfNode; ///< node → vertex, -1 when not in the graph
        std::vector<int> nodeOfVertex; ///< vertex → node, -1 for link vertices
        std::vector<int> linkOfVertex; ///< vertex → link for link vertices, -1 otherwise
        std::vector<int> endOfVertex; ///< link vertex: the node whose end it is (-1: one vertex for both)
        std::vector<int> linkVertex; ///< per link: its vertex (one vertex) or its a-end vertex, -1 for plain edges
        std::vector<unsigned> channelColour; ///< per channel: bit i = lossless in class i
        std::unordered_map<std::uint64_t, int> plainLink; ///< (min vertex, max vertex) → link, plain edges
        std::vector<int> switchLinks;
        // verification / link mapping state per generator
        std::vector<int> linkPerm;
        bool ok = true;
        std::size_t count = 0;
        std::vector<int>* uf = nullptr;
        std::vector<std::vector<int>>* keep = nullptr;
    };
    thread_local Builder* tlsBuilder = nullptr;

    std::uint64_t pairKey(int a, int b)
    {
        if (a > b)
            std::swap(a, b);
        return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(a)) << 32) | static_cast<std::uint32_t>(b);
    }

    int findRoot(std::vector<int>& uf, int x)
    {
        while (uf[sz(x)] != x) {
            uf[sz(x)] = uf[sz(uf[sz(x)])];
            x = uf[sz(x)];
        }
        return x;
    }

    /// The link permutation of vertex permutation @p perm, and its verification.
    bool linkPermutation(Builder& b, const int* perm, std::vector<int>& out)
    {
        const Topology& t = *b.t;
        out.resize(sz(t.linkCount));
        std::iota(out.begin(), out.end(), 0);
        for (int l : b.switchLinks) {
            const int x = t.chFrom[sz(2 * l)], y = t.chTo[sz(2 * l)];
            const int vx = perm[b.vertexOfNode[sz(x)]], vy = perm[b.vertexOfNode[sz(y)]];
            const int nx = b.nodeOfVertex[sz(vx)], ny = b.nodeOfVertex[sz(vy)];
            if (nx < 0 || ny < 0)
                return false;
            int image = -1;
            if (auto it = b.plainLink.find(pairKey(b.vertexOfNode[sz(x)], b.vertexOfNode[sz(y)])); it != b.plainLink.end() && it->second == l) {
                auto jt = b.plainLink.find(pairKey(vx, vy));
                if (jt == b.plainLink.end())
                    return false;
                image = jt->second;
            } else {
                const int lv = b.linkVertex[sz(l)]; // the link's own vertex (or its a-end vertex)
                if (lv < 0)
                    return false;
                image = b.linkOfVertex[sz(perm[lv])];
                if (image < 0)
                    return false;
            }
            // the image joins the images of the ends, with the same colours in the same direction
            const int ia = t.chFrom[sz(2 * image)], ib = t.chTo[sz(2 * image)];
            int cxy, cyx; // channels of the image: x'→y', y'→x'
            if (ia == nx && ib == ny) {
                cxy = 2 * image;
                cyx = 2 * image + 1;
            } else if (ia == ny && ib == nx) {
                cxy = 2 * image + 1;
                cyx = 2 * image;
            } else
                return false;
            if (b.channelColour[sz(cxy)] != b.channelColour[sz(2 * l)] || b.channelColour[sz(cyx)] != b.channelColour[sz(2 * l + 1)])
                return false;
            out[sz(l)] = image;
        }
        // a bijection on switch links
        std::vector<char> hit(sz(t.linkCount), 0);
        for (int l : b.switchLinks) {
            if (hit[sz(out[sz(l)])])
                return false;
            hit[sz(out[sz(l)])] = 1;
        }
        return true;
    }

    extern "C" void onAutomorphism(int /*count*/, int* perm, int /*n*/)
    {
        Builder& b = *tlsBuilder;
        if (!b.ok)
            return;
        if (!linkPermutation(b, perm, b.linkPerm)) {
            b.ok = false;
            return;
        }
        ++b.count;
        for (int l : b.switchLinks) {
            const int r1 = findRoot(*b.uf, l), r2 = findRoot(*b.uf, b.linkPerm[sz(l)]);
            if (r1 != r2)
                (*b.uf)[sz(std::max(r1, r2))] = std::min(r1, r2);
        }
        if (b.keep)
            b.keep->push_back(b.linkPerm);
    }
} // namespace

LinkSymmetry computeLinkSymmetry(const Topology& t, const std::vector<ClassMask>& classes, RoutingModel m, bool staticRoutes, bool keepGenerators)
{
    return computeLinkStabiliser(t, classes, m, staticRoutes, keepGenerators, {});
}

LinkSymmetry computeLinkStabiliser(const Topology& t, const std::vector<ClassMask>& classes, RoutingModel m, bool staticRoutes,
    bool keepGenerators, const std::vector<int>& fixedLinks)
{
    const auto t0 = std::chrono::steady_clock::now();
    LinkSymmetry s;
    s.linkClass.resize(sz(t.linkCount));
    std::iota(s.linkClass.begin(), s.linkClass.end(), 0);
    if (staticRoutes) {
        s.reason = "static routes name switches: no symmetry is assumed";
        return s;
    }
    if (m == RoutingModel::Lft) {
        s.reason = "forwarding tables are one routing, not a model that re-routes";
        return s;
    }
    Builder b;
    b.t = &t;
    for (int l = 0; l < t.linkCount; ++l)
        if (t.chFrom[sz(2 * l)] >= 0 && t.isSwitchLink(l))
            b.switchLinks.push_back(l);
    if (m == RoutingModel::UpDown)
        for (int l : b.switchLinks)
            if (t.nodes[sz(t.chFrom[sz(2 * l)])].tier == t.nodes[sz(t.chTo[sz(2 * l)])].tier) {
                s.reason = "up*/down* orders switches of one tier by their index, and a link joins two of them (" + t.linkName(l) + ")";
                return s;
            }
    // colours of channels: the lossless classes of the receiving buffer
    b.channelColour.assign(t.channels.size(), 0);
    for (std::size_t c = 0; c < t.channels.size(); ++c)
        for (std::size_t i = 0; i < classes.size() && i < 32; ++i)
            if (classes[i].lossless.empty() || classes[i].lossless[c])
                b.channelColour[c] |= 1u << i;
    // vertices: switches, multi-homed hosts
    const int N = static_cast<int>(t.nodes.size());
    b.vertexOfNode.assign(sz(N), -1);
    std::vector<std::tuple<int, int, int, int>> colour; // per vertex
    for (int v = 0; v < N; ++v)
        if (t.isSw[sz(v)]) {
            b.vertexOfNode[sz(v)] = static_cast<int>(b.nodeOfVertex.size());
            b.nodeOfVertex.push_back(v);
            colour.emplace_back(0, t.nodes[sz(v)].tier, t.hostCount[sz(v)], 0);
        }
    std::vector<std::pair<int, int>> edges;
    for (int v = 0; v < N; ++v) {
        if (t.isSw[sz(v)])
            continue;
        std::vector<int> sw;
        for (int c : t.out[sz(v)])
            if (t.chTo[sz(c)] >= 0 && t.isSw[sz(t.chTo[sz(c)])])
                sw.push_back(t.chTo[sz(c)]);
        std::sort(sw.begin(), sw.end());
        if (sw.size() < 2)
            continue;
        b.vertexOfNode[sz(v)] = static_cast<int>(b.nodeOfVertex.size());
        b.nodeOfVertex.push_back(v);
        colour.emplace_back(1, static_cast<int>(sw.size()), 0, 0);
        for (int x : sw) // each link (parallel host links as many edges would be a multigraph: once)
            if (edges.empty() || edges.back() != std::pair { b.vertexOfNode[sz(v)], b.vertexOfNode[sz(x)] })
                edges.emplace_back(b.vertexOfNode[sz(v)], b.vertexOfNode[sz(x)]);
    }
    b.switchVertices = static_cast<int>(b.nodeOfVertex.size());
    b.linkOfVertex.assign(sz(b.switchVertices), -1);
    b.endOfVertex.assign(sz(b.switchVertices), -1);
    b.linkVertex.assign(sz(t.linkCount), -1);
    // the most common symmetric colour of switch links, and links per switch pair
    std::map<unsigned, std::size_t> symColours;
    std::unordered_map<std::uint64_t, int> perPair;
    for (int l : b.switchLinks) {
        if (b.channelColour[sz(2 * l)] == b.channelColour[sz(2 * l + 1)])
            ++symColours[b.channelColour[sz(2 * l)]];
        ++perPair[pairKey(t.chFrom[sz(2 * l)], t.chTo[sz(2 * l)])];
    }
    unsigned plainColour = 0;
    std::size_t best = 0;
    for (const auto& [c, n] : symColours)
        if (n > best) {
            best = n;
            plainColour = c;
        }
    for (int l : b.switchLinks) {
        const int x = t.chFrom[sz(2 * l)], y = t.chTo[sz(2 * l)];
        const int vx = b.vertexOfNode[sz(x)], vy = b.vertexOfNode[sz(y)];
        const unsigned cxy = b.channelColour[sz(2 * l)], cyx = b.channelColour[sz(2 * l + 1)];
        // A fixed (individualised) link becomes its own vertex, or two, in a colour of its own: the
        // automorphisms of that graph are those of the fabric that map the link onto itself.
        const auto fixedAt = std::find(fixedLinks.begin(), fixedLinks.end(), l);
        const int fixedIndex = fixedAt == fixedLinks.end() ? -1 : static_cast<int>(fixedAt - fixedLinks.begin());
        if (fixedIndex < 0 && cxy == cyx && cxy == plainColour && perPair[pairKey(x, y)] == 1) {
            b.plainLink.emplace(pairKey(vx, vy), l);
            edges.emplace_back(vx, vy);
            continue;
        }
        auto addVertex = [&](int end, unsigned c) {
            const int v = static_cast<int>(b.nodeOfVertex.size());
            b.nodeOfVertex.push_back(-1);
            b.linkOfVertex.push_back(l);
            b.endOfVertex.push_back(end);
            if (fixedIndex >= 0)
                colour.emplace_back(4, fixedIndex, end < 0 ? 0 : end == x ? 1 : 2, static_cast<int>(c));
            else
                colour.emplace_back(2 + (end >= 0 ? 1 : 0), static_cast<int>(c), 0, 0);
            if (end < 0 || end == x)
                b.linkVertex[sz(l)] = v;
            return v;
        };
        if (cxy == cyx) {
            const int lv = addVertex(-1, cxy);
            edges.emplace_back(vx, lv);
            edges.emplace_back(vy, lv);
        } else {
            const int ax = addVertex(x, cxy), ay = addVertex(y, cyx);
            edges.emplace_back(vx, ax);
            edges.emplace_back(ax, ay);
            edges.emplace_back(ay, vy);
        }
    }
    const int n = static_cast<int>(b.nodeOfVertex.size());
    if (b.switchLinks.empty() || n < 2) {
        s.reason = "no switch links";
        return s;
    }
    // sparse graph (both directions of every edge)
    std::vector<std::vector<int>> adj(sz(n));
    for (const auto& [u, v] : edges) {
        adj[sz(u)].push_back(v);
        adj[sz(v)].push_back(u);
    }
    std::vector<std::size_t> vOff(sz(n));
    std::vector<int> deg(sz(n)), e;
    for (int v = 0; v < n; ++v) {
        vOff[sz(v)] = e.size();
        deg[sz(v)] = static_cast<int>(adj[sz(v)].size());
        e.insert(e.end(), adj[sz(v)].begin(), adj[sz(v)].end());
    }
    sparsegraph sg;
    SG_INIT(sg);
    sg.nv = n;
    sg.nde = e.size();
    sg.v = vOff.data();
    sg.d = deg.data();
    sg.e = e.data();
    sg.vlen = vOff.size();
    sg.dlen = deg.size();
    sg.elen = e.size();
    std::vector<int> lab(sz(n)), ptn(sz(n)), orbits(sz(n));
    std::iota(lab.begin(), lab.end(), 0);
    std::stable_sort(lab.begin(), lab.end(), [&](int a, int c) { return colour[sz(a)] < colour[sz(c)]; });
    for (int i = 0; i < n; ++i)
        ptn[sz(i)] = (i + 1 < n && colour[sz(lab[sz(i)])] == colour[sz(lab[sz(i + 1)])]) ? 1 : 0;

    std::vector<int> uf(sz(t.linkCount));
    std::iota(uf.begin(), uf.end(), 0);
    b.uf = &uf;
    if (keepGenerators || !fixedLinks.empty())
        b.keep = &s.perms;
    tlsBuilder = &b;
    DEFAULTOPTIONS_TRACES(options);
    options.defaultptn = FALSE;
    options.userautomproc = onAutomorphism;
    TracesStats stats;
    Traces(&sg, lab.data(), ptn.data(), orbits.data(), &options, &stats, nullptr);
    tlsBuilder = nullptr;
    // a stabiliser's generators must fix every fixed link (checked, not assumed)
    for (const auto& g : s.perms)
        for (int l : fixedLinks)
            b.ok = b.ok && g[sz(l)] == l;
    if (!b.ok || stats.errstatus != 0) {
        s.perms.clear();
        s.reason = b.ok ? "Traces reported an error" : "a generator from Traces failed verification";
        return s;
    }
    for (int l = 0; l < t.linkCount; ++l)
        s.linkClass[sz(l)] = findRoot(uf, l);
    s.applied = true;
    s.generators = b.count;
    s.groupOrderLog10 = std::log10(std::max(stats.grpsize1, 1.0)) + stats.grpsize2;
    s.source = "nauty " NAUTYVERSION " Traces on the coloured switch graph";
    s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return s;
}

std::vector<std::vector<int>> failureOrbit(const LinkSymmetry& s, const std::vector<int>& links)
{
    std::vector<std::vector<int>> orbit { links };
    std::sort(orbit[0].begin(), orbit[0].end());
    std::map<std::vector<int>, char> seen { { orbit[0], 1 } };
    for (std::size_t i = 0; i < orbit.size(); ++i)
        for (const auto& g : s.perms) {
            std::vector<int> img;
            for (int l : orbit[i])
                img.push_back(g[sz(l)]);
            std::sort(img.begin(), img.end());
            if (seen.emplace(img, 1).second)
                orbit.push_back(std::move(img));
        }
    std::sort(orbit.begin(), orbit.end());
    return orbit;
}

} // namespace lfp
