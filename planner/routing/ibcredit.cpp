// SPDX-License-Identifier: GPL-3.0-or-later
// InfiniBand credit-loop analysis over the forwarding tables read by importers/ibdump.cpp: the dependency graph
// over (channel, VL) states, its cycles and their explanation (docs/deadlock.md "InfiniBand").
//
// analyseLft builds the graph per destination LID. Toward one DLID every switch has one out port (its
// LFT entry) and, for one SL, the VL of the next hop depends only on the (in port, out port) pair of the
// switch (SL2VL[in][out][SL]). So the next state after channel c is a function of c alone: the paths of
// all sources of a (DLID, SL) form a functional graph over channels (a tree when loop-free), walked once
// with memoisation. Flows per dependency are counted by propagating source counts down that tree
// (Kahn's order), the example flow is the smallest source, as the per-path trace would have met it first.
// analyseLftPerPath is the per-path trace kept as the reference (tests compare both on every fixture).
#include "planner/routing/ibcredit.h"
#include "planner/findings/findingregistry.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <functional>
#include <map>
#include <mutex>
#include <numeric>
#include <set>
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <unordered_map>

namespace lfp {

namespace {
    std::size_t sz(int i) { return static_cast<std::size_t>(i); }

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

    constexpr std::size_t kMaxLayeredPaths = 500'000;
    constexpr int kMaxHops = 64; ///< a path longer than this is reported missing (as a loop would be)

    /// What both analyses share: the fabric as channels, CAs in order, DLIDs in trace order, the dense
    /// LFT and SL2VL lookups.
    struct IbIndex {
        const IbFabric& ib;
        Fabric f;
        Topology t;
        std::vector<std::vector<int>> portChan; ///< node → port → outgoing channel (-1)
        std::vector<int> toPortN; ///< channel → receiving port number
        std::vector<int> fromPortN; ///< channel → sending port number
        std::vector<int> cas; ///< CA nodes with a link, in node order
        struct Dlid {
            int lid, dst, dstCa; ///< LID, its CA node, index in cas
        };
        std::vector<Dlid> dlids; ///< every LID of every CA, in (CA, port) order: the per-path trace order
        std::vector<const std::vector<std::uint8_t>*> lftOf; ///< per node
        std::vector<const IbFabric::Sl2VlTable*> sl2vlOf; ///< per node
        std::vector<int> firstChan; ///< per CA index: the channel out of its first connected port
        std::vector<std::uint8_t> caVl; ///< per CA index × 16 SLs: VL of the first hop
        /// CAs (indices, ascending) behind the same switch whose in ports map every (out port, SL) to
        /// the same VL there: toward any DLID their paths are the same from that switch on.
        std::vector<std::vector<int>> groups;
        std::vector<int> groupOf; ///< per CA index

        explicit IbIndex(const IbFabric& fabric)
            : ib(fabric)
            , f(toFabric(fabric))
            , t(buildTopology(f))
        {
            const std::size_t N = ib.nodes.size();
            portChan.resize(N);
            for (std::size_t v = 0; v < N; ++v)
                portChan[v].assign(sz(std::max(ib.nodes[v].ports, ib.nodes[v].peers.empty() ? 0 : ib.nodes[v].peers.rbegin()->first)) + 1, -1);
            toPortN.assign(t.channels.size(), -1);
            fromPortN.assign(t.channels.size(), -1);
            for (std::size_t c = 0; c < t.channels.size(); ++c) {
                const auto& ch = t.channels[c];
                if (ch.from < 0)
                    continue;
                fromPortN[c] = std::stoi(ch.fromPort);
                toPortN[c] = std::stoi(ch.toPort);
                auto& pc = portChan[sz(ch.from)];
                if (sz(fromPortN[c]) >= pc.size())
                    pc.resize(sz(fromPortN[c]) + 1, -1);
                pc[sz(fromPortN[c])] = static_cast<int>(c);
            }
            for (std::size_t i = 0; i < N; ++i)
                if (!ib.nodes[i].isSwitch && !ib.nodes[i].peers.empty())
                    cas.push_back(static_cast<int>(i));
            for (std::size_t k = 0; k < cas.size(); ++k)
                for (const auto& [port, lid] : ib.nodes[sz(cas[k])].lids)
                    dlids.push_back({ lid, cas[k], static_cast<int>(k) });
            lftOf.assign(N, nullptr);
            for (const auto& [sw, table] : ib.lft)
                lftOf[sz(sw)] = &table;
            sl2vlOf.assign(N, nullptr);
            for (const auto& [node, table] : ib.sl2vl)
                sl2vlOf[sz(node)] = &table;
            firstChan.resize(cas.size());
            caVl.resize(cas.size() * 16);
            for (std::size_t k = 0; k < cas.size(); ++k) {
                const int src = cas[k];
                const int sport = ib.nodes[sz(src)].peers.begin()->first;
                firstChan[k] = portChan[sz(src)][sz(sport)];
                for (int sl = 0; sl < 16; ++sl)
                    caVl[k * 16 + sz(sl)] = static_cast<std::uint8_t>(ib.vlFor(src, 0, sport, sl));
            }
            groupOf.assign(cas.size(), -1);
            std::map<int, std::vector<int>> bySwitch;
            for (std::size_t k = 0; k < cas.size(); ++k) {
                const int c0 = firstChan[k];
                const int v = c0 < 0 ? -1 : t.chTo[sz(c0)];
                if (v >= 0 && t.isSw[sz(v)])
                    bySwitch[v].push_back(static_cast<int>(k));
                else
                    groups.push_back({ static_cast<int>(k) });
            }
            for (auto& [v, members] : bySwitch) {
                const auto* tab = sl2vlOf[sz(v)];
                std::vector<std::vector<int>> classes; // members with identical SL2VL rows at v
                for (int k : members) {
                    const int in = toPortN[sz(firstChan[sz(k)])];
                    auto same = [&](int other) {
                        if (!tab)
                            return true;
                        const int in2 = toPortN[sz(firstChan[sz(other)])];
                        for (int o = 0; o <= tab->ports; ++o) {
                            const auto *a = tab->row(in, o), *b = tab->row(in2, o);
                            if ((a == nullptr) != (b == nullptr) || (a && *a != *b))
                                return false;
                        }
                        return true;
                    };
                    auto it = std::find_if(classes.begin(), classes.end(), [&](const std::vector<int>& c) { return same(c[0]); });
                    if (it == classes.end())
                        classes.push_back({ k });
                    else
                        it->push_back(k);
                }
                for (auto& c : classes)
                    groups.push_back(std::move(c));
            }
            for (std::size_t g = 0; g < groups.size(); ++g)
                for (int k : groups[g])
                    groupOf[sz(k)] = static_cast<int>(g);
        }

        [[nodiscard]] int vl(int v, int inPort, int outPort, int sl) const
        {
            if (const auto* tab = sl2vlOf[sz(v)])
                if (const auto* r = tab->row(inPort, outPort))
                    return (*r)[sz(sl & 15)];
            return sl & 15;
        }
        /// Out port of switch v toward dlid, or -1 (no entry, 255, or port 0).
        [[nodiscard]] int outPort(int v, int dlid) const
        {
            const auto* l = lftOf[sz(v)];
            if (!l || sz(dlid) >= l->size())
                return -1;
            const int p = (*l)[sz(dlid)];
            return p == 255 || p == 0 ? -1 : p;
        }
        [[nodiscard]] int chanOut(int v, int port) const
        {
            const auto& pc = portChan[sz(v)];
            return sz(port) < pc.size() ? pc[sz(port)] : -1;
        }
    };

    /// A dependency between two states (channel * 16 + VL).
    struct EdgeInfo {
        std::uint64_t flows = 0; ///< (source CA, DLID) paths through it
        std::uint32_t dests = 0; ///< DLIDs whose paths make it
        std::uint64_t example = UINT64_MAX; ///< (CA index << 32) | DLID index of the first path met
    };

    /// The rest of the analysis from the dependency edges (state → state): the graph, its cycles, the
    /// explanation and fixes, the notes.
    struct Traced {
        std::unordered_map<std::uint64_t, EdgeInfo> edges;
        std::uint32_t slsUsed = 0, vlsUsed = 0;
        std::size_t pairs = 0, defaultSl = 0, loops = 0;
        std::vector<std::pair<int, int>> missing; ///< (source CA index, DLID index), ordered
    };

    DeadlockReport finish(const IbIndex& x, Traced& tr, const DeadlockOptions& opt, Feedback* fb,
        const std::function<std::vector<std::vector<int>>()>& layeredPaths)
    {
        const IbFabric& ib = x.ib;
        const Topology& t = x.t;
        DeadlockReport rep;
        rep.routing = RoutingModel::Lft;
        std::vector<std::uint64_t> keys;
        keys.reserve(tr.edges.size());
        for (const auto& [k, e] : tr.edges)
            keys.push_back(k);
        std::sort(keys.begin(), keys.end());
        std::vector<int> stateIds;
        stateIds.reserve(keys.size() * 2);
        for (auto k : keys) {
            stateIds.push_back(static_cast<int>(k >> 32));
            stateIds.push_back(static_cast<int>(k & 0xffffffffu));
        }
        std::sort(stateIds.begin(), stateIds.end());
        stateIds.erase(std::unique(stateIds.begin(), stateIds.end()), stateIds.end());
        auto dense = [&](int s) { return static_cast<int>(std::lower_bound(stateIds.begin(), stateIds.end(), s) - stateIds.begin()); };
        const int N = static_cast<int>(stateIds.size());
        std::vector<int> start(sz(N) + 1, 0), adj(keys.size());
        // keys are sorted by (from, to): the CSR comes out sorted
        for (auto k : keys)
            ++start[sz(dense(static_cast<int>(k >> 32))) + 1];
        for (int i = 0; i < N; ++i)
            start[sz(i) + 1] += start[sz(i)];
        for (std::size_t i = 0; i < keys.size(); ++i)
            adj[i] = dense(static_cast<int>(keys[i] & 0xffffffffu));
        checkCancelled(fb);
        std::size_t comps = 0;
        const auto cycles = findCycles(N, start, adj, sz(opt.maxCycles), &comps);
        rep.cyclicComponents = comps;
        rep.dependencies = keys.size();
        rep.destinations = x.cas.size();
        rep.buffers = stateIds.size();
        auto lidName = [&](int dlid) {
            auto it = ib.lidOwner.find(dlid);
            return it == ib.lidOwner.end() ? fmt::format("LID {}", dlid) : ib.nodes[sz(it->second.first)].name;
        };
        int layers = -1;
        if (!cycles.empty() && opt.fixes) {
            const auto paths = layeredPaths();
            if (paths.size() < kMaxLayeredPaths)
                layers = layersNeeded(paths, static_cast<int>(t.channels.size()));
        }
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
                h.linkRef = t.linkRef(t.channels[sz(c)].link);
                h.at = t.nodes[sz(t.channels[sz(c)].to)].name;
                const auto& from = ib.nodes[sz(t.channels[sz(c)].from)];
                h.alias = fmt::format("{}{:016x}/P{}", from.isSwitch ? "S" : "H", from.guid, t.channels[sz(c)].fromPort);
                const auto& e = tr.edges.at((static_cast<std::uint64_t>(s) << 32) | static_cast<std::uint64_t>(s2));
                const int srcCa = static_cast<int>(e.example >> 32);
                const int dlid = x.dlids[sz(static_cast<int>(e.example & 0xffffffffu))].lid;
                h.flowCount = e.flows;
                h.inducingDestinations = e.dests;
                h.flowCountExact = true;
                h.flows.push_back({ ib.nodes[sz(x.cas[sz(srcCa)])].name, lidName(dlid) });
                if (e.dests > 1 || (theDest >= 0 && theDest != dlid))
                    oneDest = false;
                theDest = dlid;
                const auto& na = x.f.nodes[sz(t.channels[sz(c)].from)];
                const auto& nb = x.f.nodes[sz(t.channels[sz(c)].to)];
                const auto& nc = x.f.nodes[sz(t.channels[sz(s2 / 16)].to)];
                const auto dir = [](const Node& a, const Node& b) { return a.role == b.role ? "flat" : (b.role == Role::Spine ? "up" : "down"); };
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
                lx.descriptionClause = "deadlock-fix-vl-layers";
                lx.description = findingClause("*", "deadlock-fix-vl-layers")->text;
                lx.costNote = layers == 0 ? "more than 16 layers would be needed"
                                          : fmt::format("{} VL(s); every layer checked acyclic; the SL of each path must reach the hosts (SA PathRecord)", layers);
                cr.fixes.push_back(std::move(lx));
            }
            rep.cycles.push_back(std::move(cr));
        }
        // missing paths
        std::sort(tr.missing.begin(), tr.missing.end());
        rep.unreachable.switchPairs = tr.missing.size();
        rep.unreachable.pairs = tr.missing.size();
        for (std::size_t i = 0; i < tr.missing.size() && i < sz(opt.maxFlowExamples); ++i)
            rep.unreachable.examples.push_back({ ib.nodes[sz(x.cas[sz(tr.missing[i].first)])].name,
                ib.nodes[sz(x.dlids[sz(tr.missing[i].second)].dst)].name });
        std::vector<int> sls, vls;
        for (int i = 0; i < 16; ++i) {
            if (tr.slsUsed >> i & 1)
                sls.push_back(i);
            if (tr.vlsUsed >> i & 1)
                vls.push_back(i);
        }
        rep.slsUsed = sls;
        rep.vlsUsed = vls;
        rep.notes.push_back(fmt::format("{} CA-to-CA paths traced; SLs used: {}; VLs used on switch links: {}", tr.pairs, fmt::join(sls, ","), fmt::join(vls, ",")));
        if (ib.pathSl.empty())
            rep.notes.push_back("no path SL file: every path on SL 0 (what hosts use without asking the SA; a VL-layered engine such as dfsssp or lash then has the very loops it broke)");
        else if (tr.defaultSl)
            rep.notes.push_back(fmt::format("{} paths had no SL in {} (no PathRecord: the SA found no path, or the list is incomplete): SL 0 assumed", tr.defaultSl, ib.pathSlFile));
        if (ib.sl2vl.empty())
            rep.notes.push_back("no SL2VL dump: identity SL→VL mapping");
        if (tr.loops)
            rep.notes.push_back(fmt::format("{} paths loop in the LFTs (routing loop)", tr.loops));
        return rep;
    }

    /// Traces one path (source CA index k, DLID index d) state by state; calls hop(state) for each
    /// state; returns 1 when it reaches its CA, 0 when it breaks off, -1 when it loops.
    template <typename Hop>
    int tracePath(const IbIndex& x, std::size_t k, std::size_t d, int sl, Hop&& hop)
    {
        const auto& dl = x.dlids[d];
        int c = x.firstChan[k];
        int vl = x.caVl[k * 16 + sz(sl)];
        std::set<std::uint64_t> seen;
        for (int h = 0; h < kMaxHops; ++h) {
            const std::uint64_t state = static_cast<std::uint64_t>(c) * 16 + static_cast<std::uint64_t>(vl);
            if (!seen.insert(state).second)
                return -1;
            hop(static_cast<int>(state));
            const int v = x.t.channels[sz(c)].to;
            if (!x.ib.nodes[sz(v)].isSwitch)
                return v == dl.dst ? 1 : 0;
            const int op = x.outPort(v, dl.lid);
            const int oc = op < 0 ? -1 : x.chanOut(v, op);
            if (oc < 0)
                return 0;
            vl = x.vl(v, x.toPortN[sz(c)], op, sl);
            c = oc;
        }
        return 0;
    }

    int slOf(const IbFabric& ib, int src, int dlid, std::size_t& defaultSl)
    {
        const int sl = ib.pathSl.find(src, dlid);
        if (sl < 0) {
            ++defaultSl;
            return 0;
        }
        return sl;
    }

    /// The switch-to-switch channel sequences of the traced paths (for the layering fix); stops at
    /// kMaxLayeredPaths.
    std::vector<std::vector<int>> fabricPaths(const IbIndex& x)
    {
        std::vector<std::vector<int>> out;
        std::size_t unused = 0;
        std::vector<int> fp;
        for (std::size_t k = 0; k < x.cas.size(); ++k)
            for (std::size_t d = 0; d < x.dlids.size(); ++d) {
                if (x.dlids[d].dst == x.cas[k])
                    continue;
                fp.clear();
                tracePath(x, k, d, slOf(x.ib, x.cas[k], x.dlids[d].lid, unused), [&](int s) {
                    if (x.t.isFabricChannel(s / 16))
                        fp.push_back(s / 16);
                });
                if (fp.size() >= 2) {
                    out.push_back(fp);
                    if (out.size() >= kMaxLayeredPaths)
                        return out;
                }
            }
        return out;
    }
} // namespace

DeadlockReport analyseLftPerPath(const IbFabric& ib, const DeadlockOptions& opt, Feedback* fb)
{
    const auto t0 = std::chrono::steady_clock::now();
    const IbIndex x(ib);
    Traced tr;
    std::vector<int> path;
    for (std::size_t k = 0; k < x.cas.size(); ++k) {
        checkCancelled(fb);
        if (fb)
            fb->setProgress(90.0 * static_cast<double>(k) / static_cast<double>(x.cas.size()));
        for (std::size_t d = 0; d < x.dlids.size(); ++d) {
            if (x.dlids[d].dst == x.cas[k])
                continue;
            ++tr.pairs;
            const int sl = slOf(ib, x.cas[k], x.dlids[d].lid, tr.defaultSl);
            tr.slsUsed |= 1u << sl;
            path.clear();
            const int res = tracePath(x, k, d, sl, [&](int s) { path.push_back(s); });
            if (res < 0)
                ++tr.loops;
            // dependencies between switch-to-switch buffers of the path (even a failed path's prefix)
            std::uint32_t lastDest = UINT32_MAX;
            for (std::size_t i = 0; i + 1 < path.size(); ++i) {
                if (!x.t.isFabricChannel(path[i] / 16) || !x.t.isFabricChannel(path[i + 1] / 16))
                    continue;
                auto& e = tr.edges[(static_cast<std::uint64_t>(path[i]) << 32) | static_cast<std::uint64_t>(path[i + 1])];
                ++e.flows;
                e.example = std::min(e.example, (static_cast<std::uint64_t>(k) << 32) | d);
                (void)lastDest;
            }
            for (int s : path)
                if (x.t.isFabricChannel(s / 16))
                    tr.vlsUsed |= 1u << (s % 16);
            if (res <= 0)
                tr.missing.emplace_back(static_cast<int>(k), static_cast<int>(d));
        }
    }
    // destinations per dependency: a second pass per DLID (the reference stays simple, not fast)
    {
        std::set<std::uint64_t> perDest;
        for (std::size_t d = 0; d < x.dlids.size(); ++d) {
            perDest.clear();
            for (std::size_t k = 0; k < x.cas.size(); ++k) {
                if (x.dlids[d].dst == x.cas[k])
                    continue;
                std::size_t unused = 0;
                path.clear();
                tracePath(x, k, d, slOf(ib, x.cas[k], x.dlids[d].lid, unused), [&](int s) { path.push_back(s); });
                for (std::size_t i = 0; i + 1 < path.size(); ++i)
                    if (x.t.isFabricChannel(path[i] / 16) && x.t.isFabricChannel(path[i + 1] / 16))
                        perDest.insert((static_cast<std::uint64_t>(path[i]) << 32) | static_cast<std::uint64_t>(path[i + 1]));
            }
            for (auto key : perDest)
                ++tr.edges[key].dests;
        }
    }
    auto rep = finish(x, tr, opt, fb, [&] { return fabricPaths(x); });
    if (fb)
        fb->setProgress(100);
    rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return rep;
}

namespace {
    /// Per-thread work of the per-destination analysis.
    struct DestWork {
        enum Fate : std::int8_t { Unknown = 0,
            Ok = 1,
            Broken = 2,
            Loop = 3 };
        std::vector<std::uint32_t> stamp; ///< per channel: round that reached it
        std::vector<int> nextCh; ///< per channel: next channel toward the DLID (-1: none)
        std::vector<std::uint8_t> nextVl;
        std::vector<std::int8_t> fate;
        std::vector<int> depth; ///< states to the CA (Ok)
        std::vector<int> indeg;
        std::vector<std::uint64_t> total; ///< flows through the channel
        std::vector<int> minSrc; ///< smallest source CA index through the channel
        std::vector<int> touched, chain, queue;
        std::vector<std::uint32_t> sstamp; ///< per state
        std::vector<std::uint64_t> scount;
        std::vector<int> smin;
        std::vector<int> stouched;
        std::uint32_t round = 0;
        /// Dependencies found by this thread: per from-state, (to-state, info); DLID stamp per entry.
        struct Out {
            int to;
            std::uint32_t lastDest;
            EdgeInfo info;
        };
        std::vector<std::vector<Out>> edges;
        std::vector<int> edgeStates; ///< states with a non-empty edges[] entry
        std::vector<std::pair<int, int>> missing;
        std::uint32_t slsUsed = 0, vlsUsed = 0;
        std::size_t pairs = 0, defaultSl = 0, loops = 0;
        std::vector<std::vector<int>> bySl = std::vector<std::vector<int>>(16);
        std::vector<int> allSources; ///< 0..CAs-1

        void init(std::size_t C)
        {
            if (stamp.size() == C)
                return;
            stamp.assign(C, 0);
            nextCh.assign(C, -1);
            nextVl.assign(C, 0);
            fate.assign(C, Unknown);
            depth.assign(C, 0);
            indeg.assign(C, 0);
            total.assign(C, 0);
            minSrc.assign(C, INT_MAX);
            sstamp.assign(C * 16, 0);
            scount.assign(C * 16, 0);
            smin.assign(C * 16, INT_MAX);
            edges.resize(C * 16);
        }
        void touchState(int s)
        {
            if (sstamp[sz(s)] != round) {
                sstamp[sz(s)] = round;
                scount[sz(s)] = 0;
                smin[sz(s)] = INT_MAX;
                stouched.push_back(s);
            }
        }
    };

    /// Resolves the chain from channel c0 toward DLID index d with SL sl: next channels, VLs and fates.
    void resolve(const IbIndex& x, DestWork& w, int c0, const IbIndex::Dlid& dl, int sl)
    {
        w.chain.clear();
        int c = c0;
        while (w.stamp[sz(c)] != w.round) {
            w.stamp[sz(c)] = w.round;
            w.touched.push_back(c);
            w.fate[sz(c)] = DestWork::Unknown;
            w.nextCh[sz(c)] = -1;
            const int v = x.t.chTo[sz(c)];
            if (!x.t.isSw[sz(v)]) {
                w.fate[sz(c)] = v == dl.dst ? DestWork::Ok : DestWork::Broken;
                w.depth[sz(c)] = 1;
                break;
            }
            const int op = x.outPort(v, dl.lid);
            const int oc = op < 0 ? -1 : x.chanOut(v, op);
            if (oc < 0) {
                w.fate[sz(c)] = DestWork::Broken;
                break;
            }
            w.nextCh[sz(c)] = oc;
            w.nextVl[sz(c)] = static_cast<std::uint8_t>(x.vl(v, x.toPortN[sz(c)], op, sl));
            w.chain.push_back(c);
            c = oc;
        }
        // c is resolved (a terminal just set, or reached in an earlier chain), or on this chain (a loop)
        std::int8_t fate = w.fate[sz(c)];
        if (fate == DestWork::Unknown)
            fate = DestWork::Loop;
        for (auto it = w.chain.rbegin(); it != w.chain.rend(); ++it) {
            const int y = *it;
            if (w.fate[sz(y)] != DestWork::Unknown)
                continue;
            w.fate[sz(y)] = fate;
            w.depth[sz(y)] = fate == DestWork::Loop ? INT_MAX / 2 : w.depth[sz(w.nextCh[sz(y)])] + 1;
        }
    }

    /// One (DLID, SL) round: the sources' chains, flows propagated down the tree, dependencies recorded.
    /// @p sources: the CA indices of this SL, or nullptr for every CA but the destination (by groups).
    void runRound(const IbIndex& x, DestWork& w, std::size_t d, int sl, const std::vector<int>* sources)
    {
        const auto& dl = x.dlids[d];
        const auto& t = x.t;
        if (++w.round == 0) { // stamps wrapped: clear
            std::fill(w.stamp.begin(), w.stamp.end(), 0);
            std::fill(w.sstamp.begin(), w.sstamp.end(), 0);
            w.round = 1;
        }
        w.touched.clear();
        w.stouched.clear();
        // The CA's own channel c0 is never a switch-to-switch buffer, so it makes no dependency: its
        // flow goes straight into the state after it (the first switch's out channel), and c0 stays
        // out of the tree walk below (the sources are most of the channels touched). @p n sources
        // behind the same switch port mapping (a group) share c0's next state, fate and depth.
        auto inject = [&](int k, int n, auto&& members) {
            const int c0 = x.firstChan[sz(k)];
            const std::size_t pos = w.touched.size();
            resolve(x, w, c0, dl, sl);
            if (w.touched.size() > pos) { // c0 was new in this round (always: one CA, one channel)
                w.touched[pos] = w.touched.back();
                w.touched.pop_back();
            }
            if (const int y = w.nextCh[sz(c0)]; y >= 0) {
                const int s1 = y * 16 + w.nextVl[sz(c0)];
                w.touchState(s1);
                w.scount[sz(s1)] += static_cast<std::uint64_t>(n);
                w.smin[sz(s1)] = std::min(w.smin[sz(s1)], k);
            }
            const auto fate = w.fate[sz(c0)];
            if (fate == DestWork::Loop)
                w.loops += static_cast<std::size_t>(n);
            if (fate != DestWork::Ok || w.depth[sz(c0)] > kMaxHops)
                members([&](int m) { w.missing.emplace_back(m, static_cast<int>(d)); });
        };
        if (sources) {
            for (int k : *sources)
                inject(k, 1, [&](auto&& f) { f(k); });
        } else {
            for (const auto& g : x.groups) {
                const bool hasDst = x.groupOf[sz(dl.dstCa)] == static_cast<int>(&g - x.groups.data());
                const int n = static_cast<int>(g.size()) - (hasDst ? 1 : 0);
                if (n <= 0)
                    continue;
                const int first = g[0] == dl.dstCa ? g[1] : g[0];
                inject(first, n, [&](auto&& f) {
                    for (int m : g)
                        if (m != dl.dstCa)
                            f(m);
                });
            }
        }
        // flows down the functional graph (Kahn), per channel and per (channel, VL) state
        for (int c : w.touched) {
            w.indeg[sz(c)] = 0;
            w.total[sz(c)] = 0;
            w.minSrc[sz(c)] = INT_MAX;
        }
        for (int s : w.stouched) { // injections
            w.total[sz(s / 16)] += w.scount[sz(s)];
            w.minSrc[sz(s / 16)] = std::min(w.minSrc[sz(s / 16)], w.smin[sz(s)]);
        }
        for (int c : w.touched)
            if (w.nextCh[sz(c)] >= 0)
                ++w.indeg[sz(w.nextCh[sz(c)])];
        w.queue.clear();
        for (int c : w.touched)
            if (!w.indeg[sz(c)])
                w.queue.push_back(c);
        auto push = [&](int p) {
            const int y = w.nextCh[sz(p)];
            const int s = y * 16 + w.nextVl[sz(p)];
            w.touchState(s);
            w.scount[sz(s)] += w.total[sz(p)];
            w.smin[sz(s)] = std::min(w.smin[sz(s)], w.minSrc[sz(p)]);
            return y;
        };
        for (std::size_t qi = 0; qi < w.queue.size(); ++qi) {
            const int p = w.queue[qi];
            if (w.nextCh[sz(p)] < 0)
                continue;
            const int y = push(p);
            w.total[sz(y)] += w.total[sz(p)];
            w.minSrc[sz(y)] = std::min(w.minSrc[sz(y)], w.minSrc[sz(p)]);
            if (--w.indeg[sz(y)] == 0)
                w.queue.push_back(y);
        }
        if (w.queue.size() != w.touched.size()) {
            // routing loops: every flow that enters a loop goes round it, through every state of it
            for (int c : w.touched) {
                if (!w.indeg[sz(c)])
                    continue;
                std::uint64_t entering = 0;
                int minS = INT_MAX;
                std::vector<int> loop;
                for (int y = c; w.indeg[sz(y)]; y = w.nextCh[sz(y)]) {
                    w.indeg[sz(y)] = 0;
                    loop.push_back(y);
                    entering += w.total[sz(y)];
                    minS = std::min(minS, w.minSrc[sz(y)]);
                }
                for (int y : loop) {
                    w.total[sz(y)] = entering;
                    w.minSrc[sz(y)] = minS;
                }
                for (int y : loop) {
                    const int s = w.nextCh[sz(y)] * 16 + w.nextVl[sz(y)];
                    w.touchState(s);
                    w.scount[sz(s)] = std::max(w.scount[sz(s)], entering);
                    w.smin[sz(s)] = std::min(w.smin[sz(s)], minS);
                }
            }
        }
        // dependencies between switch-to-switch states
        const auto example = [&](int s) { return (static_cast<std::uint64_t>(w.smin[sz(s)]) << 32) | d; };
        for (int s : w.stouched) {
            const int c = s / 16;
            if (!t.isFabricChannel(c))
                continue;
            w.vlsUsed |= 1u << (s % 16);
            const int y = w.nextCh[sz(c)];
            if (y < 0 || !t.isFabricChannel(y))
                continue;
            const int s2 = y * 16 + w.nextVl[sz(c)];
            auto& list = w.edges[sz(s)];
            if (list.empty())
                w.edgeStates.push_back(s);
            auto it = std::find_if(list.begin(), list.end(), [&](const DestWork::Out& o) { return o.to == s2; });
            if (it == list.end()) {
                list.push_back({ s2, UINT32_MAX, {} });
                it = list.end() - 1;
            }
            it->info.flows += w.scount[sz(s)];
            it->info.example = std::min(it->info.example, example(s));
            if (it->lastDest != d) {
                it->lastDest = static_cast<std::uint32_t>(d);
                ++it->info.dests;
            }
        }
    }
} // namespace

DeadlockReport analyseLft(const IbFabric& ib, const DeadlockOptions& opt, Feedback* fb)
{
    const auto t0 = std::chrono::steady_clock::now();
    const IbIndex x(ib);
    const std::size_t C = x.t.channels.size();
    tbb::enumerable_thread_specific<DestWork> work;
    std::atomic<std::size_t> done { 0 };
    const std::size_t D = x.dlids.size();
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, D, 8), [&](const tbb::blocked_range<std::size_t>& range) {
        auto& w = work.local();
        w.init(C);
        if (w.allSources.size() != x.cas.size()) {
            w.allSources.resize(x.cas.size());
            std::iota(w.allSources.begin(), w.allSources.end(), 0);
        }
        for (std::size_t d = range.begin(); d != range.end(); ++d) {
            checkCancelled(fb);
            const auto& dl = x.dlids[d];
            for (auto& b : w.bySl)
                b.clear();
            if (ib.pathSl.empty()) { // every source on SL 0
                w.pairs += x.cas.size() - 1;
                w.defaultSl += x.cas.size() - 1;
                w.slsUsed |= 1u;
                runRound(x, w, d, 0, nullptr);
            } else {
                for (auto& b : w.bySl)
                    b.clear();
                for (std::size_t k = 0; k < x.cas.size(); ++k) {
                    if (x.cas[k] == dl.dst)
                        continue;
                    ++w.pairs;
                    w.bySl[sz(slOf(ib, x.cas[k], dl.lid, w.defaultSl))].push_back(static_cast<int>(k));
                }
                for (int sl = 0; sl < 16; ++sl)
                    if (!w.bySl[sz(sl)].empty()) {
                        w.slsUsed |= 1u << sl;
                        runRound(x, w, d, sl, &w.bySl[sz(sl)]);
                    }
            }
            const auto n = ++done;
            if (fb) {
                fb->setProgress(90.0 * static_cast<double>(n) / static_cast<double>(std::max<std::size_t>(1, D)));
                fb->setSteps("forwarding trees", n, D, "destination LIDs");
            }
        }
    });
    // merge the threads' dependencies
    Traced tr;
    for (auto& w : work) {
        tr.slsUsed |= w.slsUsed;
        tr.vlsUsed |= w.vlsUsed;
        tr.pairs += w.pairs;
        tr.defaultSl += w.defaultSl;
        tr.loops += w.loops;
        tr.missing.insert(tr.missing.end(), w.missing.begin(), w.missing.end());
    }
    std::size_t edgeCount = 0;
    for (auto& w : work)
        for (int s : w.edgeStates)
            edgeCount += w.edges[sz(s)].size();
    tr.edges.reserve(edgeCount);
    for (auto& w : work)
        for (int s : w.edgeStates)
            for (const auto& o : w.edges[sz(s)]) {
                auto& e = tr.edges[(static_cast<std::uint64_t>(s) << 32) | static_cast<std::uint64_t>(o.to)];
                e.flows += o.info.flows;
                e.dests += o.info.dests;
                e.example = std::min(e.example, o.info.example);
            }
    auto rep = finish(x, tr, opt, fb, [&] { return fabricPaths(x); });
    if (fb)
        fb->setProgress(100);
    rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return rep;
}

} // namespace lfp
