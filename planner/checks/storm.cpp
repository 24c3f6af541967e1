// SPDX-License-Identifier: GPL-3.0-or-later
// PFC pause storms: the pause-dependency graph, the wave front and the freeze times (storm.h;
// the model, its assumptions and sources: docs/storm.md).
#include "planner/checks/storm.h"

#include "planner/routing/deadlock_internal.h"
#include "planner/buffer/budget.h"
#include "planner/routing/deadlock.h"
#include "planner/checks/watchdog.h"

#include "model/asiccatalog.h"
#include "model/errors.h"
#include "model/fabricindex.h"

#include <algorithm>
#include <cassert>
#include <bit>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fmt/format.h>
#include <limits>
#include <queue>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <unordered_map>

namespace lfp {

namespace {

    using dl::sz;
    constexpr double kInf = std::numeric_limits<double>::infinity();
    constexpr double kMetresPerUs = 198.0; ///< 1.98e8 m/s in fibre and copper (headroom.md), per µs

    // -----------------------------------------------------------------------------------------
    // The one adapter: what the storm reads of a port. When the resolved per-device plan
    // (planner/plan/deviceplan.h) lands, stormPortInputs() reads it instead of the policy and the budget.

    struct SwitchBuffers {
        double shareB = -1; ///< α·B/(1+α): one congested lossless PG's dynamic-threshold share
        std::unordered_map<std::string, double> xoffB; ///< per port: the lossless PG's xoff
    };

    struct StormPortInputs {
        std::uint8_t lossless = 0; ///< bit p: priority p is lossless on the port (PFC sent and honoured)
        EffectiveWatchdog watchdog; ///< of the port's egress queues
        double shareB = -1, xoffB = -1; ///< -1 = unknown (no ASIC budget)
        double gbps = 0;
        double cableM = 0;
    };

    StormPortInputs stormPortInputs(const FabricIndex& idx, const std::vector<SwitchBuffers>& buffers, PortId p)
    {
        StormPortInputs in;
        const NodeId n = idx.nodeOf(p);
        const Node& node = idx.nodeAt(n);
        const Port& port = idx.portAt(p);
        in.gbps = static_cast<double>(port.speed.value()) / 1e9;
        if (const auto l = idx.linkAt(p))
            in.cableM = idx.fabric().links[*l].length.value();
        if (const QosPolicy* pol = idx.policyAt(p)) {
            for (int pr : pol->losslessPriorities)
                if (pr >= 0 && pr < kPriorities)
                    in.lossless |= static_cast<std::uint8_t>(1u << pr);
            if (node.isSwitch())
                in.watchdog = effectiveWatchdog(pol->watchdog, watchdogPlatformFor(node), &node);
        }
        if (n < buffers.size()) {
            in.shareB = buffers[n].shareB;
            if (auto it = buffers[n].xoffB.find(port.name); it != buffers[n].xoffB.end())
                in.xoffB = it->second;
        }
        return in;
    }

    std::vector<SwitchBuffers> switchBuffers(const Fabric& f, const AsicCatalog& catalog)
    {
        std::vector<SwitchBuffers> out(f.nodes.size());
        const BudgetContext ctx(f);
        HeadroomCache cache;
        tbb::parallel_for(std::size_t { 0 }, f.nodes.size(), [&](std::size_t i) {
            const Node& n = f.nodes[i];
            if (!n.isSwitch() || n.asic.empty())
                return;
            const AsicProfile* asic = nullptr;
            for (const auto& a : f.asics)
                if (a.id == n.asic)
                    asic = &a;
            if (!asic)
                asic = catalog.find(n.asic);
            if (!asic)
                return;
            try {
                const SwitchBudget b = computeBudget(ctx, i, *asic, &cache);
                out[i].shareB = static_cast<double>(b.dtShareOne.value());
                for (const auto& p : b.ports)
                    if (p.headroom)
                        out[i].xoffB[p.port] = static_cast<double>(p.headroom->xoff.value());
            } catch (const std::exception&) {
                // malformed settings or headroom inputs: `lfp check` reports them; here the terms say "unknown"
            }
        });
        return out;
    }

    // -----------------------------------------------------------------------------------------
    // The model: channels with their hop times, watchdogs and the pause-dependency graph.

    struct Model {
        const Fabric* fabric = nullptr;
        Topology topo;
        std::vector<PortId> sendPort, recvPort; ///< per channel; kNoPort when unknown
        std::vector<std::uint8_t> lossless; ///< per channel: priorities on which c's sender is paused
        std::vector<double> fillUs, respUs; ///< per channel: hop time terms at its receiving port
        std::vector<std::string> fillFormula, respFormula;
        std::vector<EffectiveWatchdog> watchdog; ///< per channel: the sender's (switch) egress watchdog
        std::vector<int> predStart, pred; ///< CSR: pred of o = channels c that wait on o (c → o)
        // The same graph compressed per switch: the channels entering a switch that wait on the same set
        // of its egresses (up to their own reverse channel, which nothing turns back on) share one "set"
        // node; c waits on set(c) minus excl(c). A fat-tree switch has a few sets instead of in × out edges.
        std::vector<int> setOf, excl; ///< per channel: its set (−1 none), the member it does not wait on (−1)
        std::vector<int> memberStart, members; ///< CSR: set → its egress channels
        std::vector<int> userStart, users; ///< CSR: set → the channels that wait on it
        std::vector<int> inSetStart, inSet; ///< CSR: channel → the sets it is a member of
        std::vector<int> edgeBit; ///< node → edge index (-1)
    };
    constexpr PortId kNoPort = std::numeric_limits<PortId>::max();

    PortId channelPort(const FabricIndex& idx, const Topology& t, int c, bool receiving)
    {
        const auto& ch = t.channels[sz(c)];
        const int node = receiving ? ch.to : ch.from;
        const std::string& port = receiving ? ch.toPort : ch.fromPort;
        if (node < 0)
            return kNoPort;
        const auto p = idx.port(Endpoint { t.nodes[sz(node)].name, port });
        return p ? *p : kNoPort;
    }

    void channelTerms(Model& m, int c, const StormPortInputs& rx)
    {
        const double gbps = rx.gbps > 0 ? rx.gbps : 1;
        // bytes × 8 / (Gb/s × 1e9) s = bytes × 8 / (Gb/s × 1e3) µs
        if (rx.shareB >= 0) {
            m.fillUs[sz(c)] = rx.shareB * 8 / (gbps * 1e3);
            m.fillFormula[sz(c)] = fmt::format("dynamic-threshold share {:.0f} B × 8 / {:g} Gb/s", rx.shareB, gbps);
        } else
            m.fillFormula[sz(c)] = "no ASIC budget: share unknown, taken as 0 (a lower bound)";
        if (rx.xoffB >= 0) {
            m.respUs[sz(c)] = rx.xoffB * 8 / (gbps * 1e3);
            m.respFormula[sz(c)] = fmt::format("headroom xoff {:.0f} B × 8 / {:g} Gb/s", rx.xoffB, gbps);
        } else {
            m.respUs[sz(c)] = rx.cableM / kMetresPerUs;
            m.respFormula[sz(c)] = fmt::format("no headroom: the pause's flight over {:g} m at 1.98e8 m/s (a lower bound)", rx.cableM);
        }
    }

    void channelInputs(Model& m, const FabricIndex& idx, const std::vector<SwitchBuffers>& buffers)
    {
        const std::size_t C = m.topo.channels.size();
        m.sendPort.assign(C, kNoPort);
        m.recvPort.assign(C, kNoPort);
        m.lossless.assign(C, 0);
        m.fillUs.assign(C, 0);
        m.respUs.assign(C, 0);
        m.fillFormula.assign(C, {});
        m.respFormula.assign(C, {});
        m.watchdog.assign(C, {});
        tbb::parallel_for(std::size_t { 0 }, C, [&](std::size_t c) {
            const int ci = static_cast<int>(c);
            if (m.topo.channels[c].from < 0)
                return;
            m.sendPort[c] = channelPort(idx, m.topo, ci, false);
            m.recvPort[c] = channelPort(idx, m.topo, ci, true);
            if (m.sendPort[c] == kNoPort || m.recvPort[c] == kNoPort)
                return;
            const auto tx = stormPortInputs(idx, buffers, m.sendPort[c]);
            const auto rx = stormPortInputs(idx, buffers, m.recvPort[c]);
            // the receiver sends PFC on its lossless priorities, the sender honours it on its own
            m.lossless[c] = static_cast<std::uint8_t>(tx.lossless & rx.lossless);
            m.watchdog[c] = tx.watchdog;
            channelTerms(m, ci, rx);
        });
    }

    bool hasBit(const std::vector<std::uint64_t>& bits, std::size_t row, int words, int bit)
    {
        return (bits[row * sz(words) + sz(bit / 64)] >> (bit % 64)) & 1u;
    }

    bool anyBitExcept(const std::vector<std::uint64_t>& bits, std::size_t row, int words, int except)
    {
        for (int w = 0; w < words; ++w) {
            std::uint64_t v = bits[row * sz(words) + sz(w)];
            if (except >= 0 && except / 64 == w)
                v &= ~(std::uint64_t { 1 } << (except % 64));
            if (v)
                return true;
        }
        return false;
    }

    /// The dependencies c → o at switch v that involve a host link (the deadlock graph has the rest).
    void hostDependencies(const Model& m, const dl::FastCdg& g, int v, std::vector<std::pair<int, int>>& deps)
    {
        const Topology& t = m.topo;
        const int eb = m.edgeBit[sz(v)];
        for (int c : t.in[sz(v)]) {
            const bool fromHost = !t.isSw[sz(t.chFrom[sz(c)])];
            for (int o : t.out[sz(v)]) {
                const bool toHost = !t.isSw[sz(t.chTo[sz(o)])];
                if (!fromHost && !toHost)
                    continue; // switch to switch: in the deadlock graph
                if (o == (c ^ 1))
                    continue; // nothing turns back on its link
                bool dep = false;
                if (fromHost && toHost)
                    dep = true; // host to host behind the same switch
                else if (fromHost) // a host's traffic to every other edge switch through o
                    dep = anyBitExcept(g.nextU, sz(o), g.words, eb);
                else // traffic arriving on c for the hosts of v
                    dep = eb >= 0 && hasBit(g.carried, sz(c), g.words, eb);
                if (dep)
                    deps.emplace_back(c, o);
            }
        }
    }

    template <typename T>
    void toCsr(const std::vector<std::vector<T>>& lists, std::vector<int>& start, std::vector<T>& flat)
    {
        start.assign(lists.size() + 1, 0);
        for (std::size_t i = 0; i < lists.size(); ++i)
            start[i + 1] = start[i] + static_cast<int>(lists[i].size());
        flat.clear();
        flat.reserve(sz(start.back()));
        for (const auto& l : lists)
            flat.insert(flat.end(), l.begin(), l.end());
    }

    struct VecHash {
        std::size_t operator()(const std::vector<int>& v) const
        {
            std::size_t h = v.size();
            for (int x : v)
                h = h * 1000003u ^ static_cast<std::size_t>(x);
            return h;
        }
    };

    /// The set nodes of the compressed graph (Model::setOf): in-channels of one switch grouped by the
    /// egresses they wait on, with their own reverse channel added so that its presence does not split them.
    void compressSets(Model& m)
    {
        const std::size_t C = m.topo.channels.size();
        std::vector<std::vector<int>> fwd(C);
        for (std::size_t o = 0; o < C; ++o)
            for (int e = m.predStart[o]; e < m.predStart[o + 1]; ++e)
                fwd[sz(m.pred[sz(e)])].push_back(static_cast<int>(o));
        m.setOf.assign(C, -1);
        m.excl.assign(C, -1);
        std::unordered_map<std::vector<int>, int, VecHash> ids;
        std::vector<std::vector<int>> memberLists, userLists;
        for (std::size_t c = 0; c < C; ++c) {
            auto& key = fwd[c];
            if (key.empty())
                continue;
            std::sort(key.begin(), key.end());
            const int back = static_cast<int>(c ^ 1);
            if (m.topo.chFrom[sz(back)] >= 0 && !std::binary_search(key.begin(), key.end(), back)) {
                key.insert(std::upper_bound(key.begin(), key.end(), back), back);
                m.excl[c] = back;
            }
            const auto [it, added] = ids.emplace(key, static_cast<int>(memberLists.size()));
            if (added) {
                memberLists.push_back(key);
                userLists.emplace_back();
            }
            m.setOf[c] = it->second;
            userLists[sz(it->second)].push_back(static_cast<int>(c));
        }
        std::vector<std::vector<int>> inSets(C);
        for (std::size_t a = 0; a < memberLists.size(); ++a)
            for (int o : memberLists[a])
                inSets[sz(o)].push_back(static_cast<int>(a));
        toCsr(memberLists, m.memberStart, m.members);
        toCsr(userLists, m.userStart, m.users);
        toCsr(inSets, m.inSetStart, m.inSet);
    }

    void buildPauseGraph(Model& m, RoutingModel routing, Feedback* fb)
    {
        const Topology& t = m.topo;
        const auto ctx = makeRoutingContext(t, routing, LinkMask(sz(t.linkCount), 0));
        const dl::FastCdg g = dl::buildFast(ctx, fb);
        m.edgeBit = t.edgeIndex;
        const std::size_t C = t.channels.size(), N = t.nodes.size();
        std::vector<std::vector<std::pair<int, int>>> perNode(N);
        tbb::parallel_for(std::size_t { 0 }, N, [&](std::size_t v) {
            if (t.isSw[v])
                hostDependencies(m, g, static_cast<int>(v), perNode[v]);
        });
        std::vector<int> count(C + 1, 0);
        for (std::size_t c = 0; c < C; ++c)
            for (int e = g.start[c]; e < g.start[c + 1]; ++e)
                ++count[sz(g.adj[sz(e)])];
        for (const auto& deps : perNode)
            for (const auto& [c, o] : deps)
                ++count[sz(o)];
        m.predStart.assign(C + 1, 0);
        for (std::size_t o = 0; o < C; ++o)
            m.predStart[o + 1] = m.predStart[o] + count[o];
        m.pred.resize(sz(m.predStart[C]));
        std::vector<int> fill(m.predStart.begin(), m.predStart.end() - 1);
        for (std::size_t c = 0; c < C; ++c)
            for (int e = g.start[c]; e < g.start[c + 1]; ++e)
                m.pred[sz(fill[sz(g.adj[sz(e)])]++)] = static_cast<int>(c);
        for (const auto& deps : perNode)
            for (const auto& [c, o] : deps)
                m.pred[sz(fill[sz(o)]++)] = c;
        compressSets(m);
    }

    // -----------------------------------------------------------------------------------------
    // One storm: the wave front (Dijkstra over the reversed dependencies) and the releases.

    struct Change {
        int channel = -1; ///< a channel whose sender's watchdog is replaced (−1: none)
        double worstUs = kInf; ///< its detection + polling
        double stormEndUs = -1; ///< ≥ 0: the source stops pausing then (a NIC watchdog)
    };

    /// A monotone priority queue of (time, item) for the wave front and the releases: a radix heap
    /// (R. K. Ahuja, K. Mehlhorn, J. B. Orlin, R. E. Tarjan, "Faster algorithms for the shortest path
    /// problem", J. ACM 37(2), 1990) on the bits of the non-negative double (IEEE 754 orders them as
    /// unsigned integers). Both passes are Dijkstra-like: nothing is pushed below the last time popped.
    /// Entries of one time pop by increasing item, as (time, item) pairs do in a binary heap, so the
    /// "paused at" and "ended by" texts do not depend on the queue.
    class RadixHeap {
    public:
        [[nodiscard]] bool empty() const { return size_ == 0; }
        void emplace(double t, int item)
        {
            if (size_ == 0)
                last_ = 0; // a new pass: any non-negative time may come
            const std::uint64_t k = bits(t);
            assert(k >= last_ && "a radix heap takes no time below the last popped");
            if (k == last_ && !now_.empty()) { // a zero-delay hop: keep the items of this time ordered
                now_.insert(std::upper_bound(now_.begin(), now_.end(), item, std::greater<>()), item);
            } else
                buckets_[bucketOf(k)].emplace_back(k, item);
            ++size_;
        }
        /// The smallest (time, item); the queue must not be empty.
        std::pair<double, int> top()
        {
            if (now_.empty())
                refill();
            return { std::bit_cast<double>(last_), now_.back() };
        }
        void pop()
        {
            if (now_.empty())
                refill();
            now_.pop_back();
            --size_;
        }
        void append(double t, int item) { emplace(t, item); }
        void heapify() { }

    private:
        static std::uint64_t bits(double t) { return std::bit_cast<std::uint64_t>(t + 0.0); } // −0 → +0
        [[nodiscard]] std::size_t bucketOf(std::uint64_t k) const { return k == last_ ? 0 : 64 - static_cast<std::size_t>(std::countl_zero(k ^ last_)); }
        /// Moves the smallest time's items into now_ (sorted for popping from the back).
        void refill()
        {
            std::size_t i = 0;
            while (buckets_[i].empty())
                ++i;
            auto& b = buckets_[i];
            if (i > 0) {
                std::uint64_t least = b.front().first;
                for (const auto& e : b)
                    least = std::min(least, e.first);
                last_ = least;
                spare_.clear();
                spare_.swap(b); // b takes the spare's (empty) buffer and keeps a capacity
                for (const auto& e : spare_)
                    buckets_[bucketOf(e.first)].push_back(e);
            }
            auto& zero = buckets_[0];
            now_.clear();
            for (const auto& e : zero)
                now_.push_back(e.second);
            zero.clear();
            std::sort(now_.begin(), now_.end(), std::greater<>());
        }
        std::array<std::vector<std::pair<std::uint64_t, int>>, 65> buckets_;
        std::vector<std::pair<std::uint64_t, int>> spare_;
        std::vector<int> now_; ///< items of time last_, largest first
        std::uint64_t last_ = 0;
        std::size_t size_ = 0;
    };

    struct Work {
        std::vector<double> t, rel;
        std::vector<int> via, cause;
        std::vector<char> isSource, done;
        std::vector<int> frozen; ///< in the order they froze
        std::vector<int> setFinal, setFirst, setRemaining; ///< per set: frozen members, the first, not yet released
        double stormEndUs = -1; ///< of the last releases() pass
        RadixHeap heap;
        void reset(std::size_t C, std::size_t sets)
        {
            if (t.size() != C) {
                t.assign(C, kInf);
                rel.assign(C, kInf);
                via.assign(C, -1);
                cause.assign(C, -1);
                isSource.assign(C, 0);
                done.assign(C, 0);
            } else
                for (int c : frozen) {
                    t[sz(c)] = rel[sz(c)] = kInf;
                    via[sz(c)] = cause[sz(c)] = -1;
                    isSource[sz(c)] = done[sz(c)] = 0;
                }
            frozen.clear();
            setFinal.assign(sets, 0);
            setFirst.assign(sets, -1);
            setRemaining.assign(sets, 0);
        }
    };

    bool pausable(const Model& m, int c, int priority) { return (m.lossless[sz(c)] >> priority) & 1u; }

    std::size_t setCount(const Model& m) { return m.memberStart.empty() ? 0 : m.memberStart.size() - 1; }

    void relax(const Model& m, Work& w, int c, double to, int o)
    {
        const double nt = to + m.fillUs[sz(c)] + m.respUs[sz(c)];
        if (nt < w.t[sz(c)]) {
            w.t[sz(c)] = nt;
            w.via[sz(c)] = o;
            w.heap.emplace(nt, c);
        }
    }

    /// t(c) = min over the frozen o that c waits on of t(o) + fill(c) + response(c); sources at 0.
    /// Dijkstra on the set nodes: a set's first frozen member gives every user its time but the one that
    /// excludes it, the second gives that one's.
    void waveFront(const Model& m, const std::vector<int>& sources, int priority, Work& w)
    {
        w.reset(m.topo.channels.size(), setCount(m));
        for (int s : sources) {
            w.t[sz(s)] = 0;
            w.isSource[sz(s)] = 1;
            w.heap.emplace(0.0, s);
        }
        while (!w.heap.empty()) {
            const auto [to, o] = w.heap.top();
            w.heap.pop();
            if (w.done[sz(o)])
                continue;
            w.done[sz(o)] = 1;
            w.frozen.push_back(o);
            for (int e = m.inSetStart[sz(o)]; e < m.inSetStart[sz(o) + 1]; ++e) {
                const int a = m.inSet[sz(e)];
                const int k = ++w.setFinal[sz(a)];
                if (k > 2)
                    continue;
                if (k == 1)
                    w.setFirst[sz(a)] = o;
                for (int u = m.userStart[sz(a)]; u < m.userStart[sz(a) + 1]; ++u) {
                    const int c = m.users[sz(u)];
                    if (w.isSource[sz(c)] || !pausable(m, c, priority))
                        continue;
                    if ((k == 1 && m.excl[sz(c)] != o) || (k == 2 && m.excl[sz(c)] == w.setFirst[sz(a)]))
                        relax(m, w, c, to, o);
                }
            }
        }
    }

    /// The time c's own watchdog (on its sender's egress) ends its freeze, in µs; ∞ when none acts.
    double ownRelease(const Model& m, const Work& w, int c, const Change& ch)
    {
        double worstUs = m.watchdog[sz(c)].on ? m.watchdog[sz(c)].worstMs() * 1000 : kInf;
        if (c == ch.channel)
            worstUs = ch.worstUs;
        double r = w.t[sz(c)] + worstUs;
        if (w.isSource[sz(c)] && ch.stormEndUs >= 0)
            r = std::min(r, ch.stormEndUs);
        return r;
    }

    /// The users of set @p a whose other frozen members are all released now: released by @p c at @p r.
    void setReleased(const Model& m, int priority, int a, int c, double r, Work& w)
    {
        const int rem = --w.setRemaining[sz(a)];
        if (rem > 1)
            return;
        int unreleased = -1; // rem == 1: the one member still frozen
        if (rem == 1)
            for (int e = m.memberStart[sz(a)]; e < m.memberStart[sz(a) + 1] && unreleased < 0; ++e) {
                const int o = m.members[sz(e)];
                if (w.t[sz(o)] < kInf && !w.done[sz(o)])
                    unreleased = o;
            }
        for (int u = m.userStart[sz(a)]; u < m.userStart[sz(a) + 1]; ++u) {
            const int p = m.users[sz(u)];
            if (w.isSource[sz(p)] || !pausable(m, p, priority) || w.t[sz(p)] == kInf || w.done[sz(p)])
                continue;
            // rem 1: only the users that do not wait on the unreleased member; rem 0: the rest (the
            // users that excluded c were served when c was the one left)
            if ((rem == 1 && m.excl[sz(p)] == unreleased) || (rem == 0 && m.excl[sz(p)] != c)) {
                w.cause[sz(p)] = c;
                w.heap.emplace(r + m.respUs[sz(p)], p);
            }
        }
    }

    /// rel(c) = min(own(c), max over the frozen o that c waits on of rel(o) + response(c)): the greatest
    /// fixed point, computed in increasing order (a port on a cycle without a watchdog stays ∞).
    void releases(const Model& m, int priority, const Change& ch, Work& w)
    {
        w.stormEndUs = ch.stormEndUs;
        w.setRemaining = w.setFinal;
        for (int c : w.frozen) {
            w.rel[sz(c)] = kInf;
            w.cause[sz(c)] = -1;
            w.done[sz(c)] = 0;
            const double own = ownRelease(m, w, c, ch);
            if (own < kInf)
                w.heap.append(own, -1 - c); // negative: the own watchdog
        }
        w.heap.heapify();
        while (!w.heap.empty()) {
            const auto [r, item] = w.heap.top();
            w.heap.pop();
            const int c = item < 0 ? -1 - item : item;
            if (w.done[sz(c)])
                continue;
            w.done[sz(c)] = 1;
            w.rel[sz(c)] = r;
            if (item < 0)
                w.cause[sz(c)] = -1;
            for (int e = m.inSetStart[sz(c)]; e < m.inSetStart[sz(c) + 1]; ++e)
                setReleased(m, priority, m.inSet[sz(e)], c, r, w);
        }
    }

    struct Summary {
        double maxFrozenUs = 0; ///< ∞ when unbounded
        int longest = -1; ///< the channel frozen longest
        std::size_t paused = 0, hosts = 0, unwatched = 0;
    };

    Summary summarise(const Model& m, const Work& w)
    {
        Summary s;
        for (int c : w.frozen) {
            const double f = w.rel[sz(c)] - w.t[sz(c)];
            if (s.longest < 0 || f > s.maxFrozenUs) {
                s.maxFrozenUs = f;
                s.longest = c;
            }
            ++s.paused;
            const bool hostSender = !m.topo.isSw[sz(m.topo.chFrom[sz(c)])];
            s.hosts += hostSender;
            s.unwatched += !hostSender && !m.watchdog[sz(c)].on;
        }
        return s;
    }

    // -----------------------------------------------------------------------------------------
    // Sources, details and the best change

    struct SourceSpec {
        std::string name; ///< "host3", "leaf1:Ethernet5"
        std::vector<int> channels; ///< the channels the storm pauses at t = 0 (into the storming ports)
        int host = -1; ///< node id when the source is a host
    };

    SourceSpec parseSource(const Model& m, const std::string& text)
    {
        const Topology& t = m.topo;
        SourceSpec s;
        s.name = text;
        std::string node = text, port;
        int v = t.findNode(node);
        if (const auto colon = text.rfind(':'); v < 0 && colon != std::string::npos) {
            node = text.substr(0, colon);
            port = text.substr(colon + 1);
            v = t.findNode(node);
        }
        if (v < 0)
            throw InputError(SourceLocation { "--source", 0, 0, "source" }, fmt::format("no node named \"{}\" in the fabric", node));
        for (int c : t.in[sz(v)])
            if (port.empty() || t.channels[sz(c)].toPort == port)
                s.channels.push_back(c);
        if (s.channels.empty())
            throw InputError(SourceLocation { "--source", 0, 0, "source" },
                port.empty() ? fmt::format("node \"{}\" has no linked port", node) : fmt::format("{} has no port \"{}\" on a link", node, port));
        if (!t.isSw[sz(v)])
            s.host = v;
        return s;
    }

    std::string portName(const Topology& t, int c, bool receiving)
    {
        const auto& ch = t.channels[sz(c)];
        return t.nodes[sz(receiving ? ch.to : ch.from)].name + ":" + (receiving ? ch.toPort : ch.fromPort);
    }

    std::string endedBy(const Model& m, const Work& w, int c)
    {
        if (w.rel[sz(c)] == kInf)
            return {};
        int k = c;
        for (int guard = 0; w.cause[sz(k)] >= 0 && guard < 64; ++guard)
            k = w.cause[sz(k)];
        const auto& wd = m.watchdog[sz(k)];
        const bool nic = w.isSource[sz(k)] && w.stormEndUs >= 0 && w.rel[sz(k)] == w.stormEndUs;
        if (k == c && nic)
            return fmt::format("the source's NIC watchdog stops the storm at {:g} ms", w.stormEndUs / 1000);
        if (k == c)
            return fmt::format("watchdog {} ({}: detection {:g} + polling {:g} ms)", portName(m.topo, c, false),
                wd.platform.empty() ? "platform unknown" : wd.platform, wd.detectionMs, wd.pollingMs);
        return fmt::format("recedes behind {}, freed by {}", portName(m.topo, w.cause[sz(c)], false),
            nic ? std::string("the source's NIC watchdog") : "the watchdog " + portName(m.topo, k, false));
    }

    std::vector<StormTerm> pauseTerms(const Model& m, const Work& w, int c)
    {
        std::vector<StormTerm> terms;
        if (w.via[sz(c)] >= 0)
            terms.push_back({ "waits_on", w.t[sz(w.via[sz(c)])], "us", "paused at " + portName(m.topo, w.via[sz(c)], false) });
        if (!w.isSource[sz(c)]) { // a source is paused at 0 by definition
            terms.push_back({ "fill", m.fillUs[sz(c)], "us", m.fillFormula[sz(c)] });
            terms.push_back({ "response", m.respUs[sz(c)], "us", m.respFormula[sz(c)] });
        }
        const auto& wd = m.watchdog[sz(c)];
        if (wd.on) {
            terms.push_back({ "detection", wd.detectionMs, "ms", "watchdog detection time" });
            terms.push_back({ "polling", wd.pollingMs, "ms", wd.pollingNote });
        }
        return terms;
    }

    void fillDetails(const Model& m, const Work& w, StormSource& out)
    {
        const Topology& t = m.topo;
        out.front.assign(4, { -1.0, -1.0 });
        for (int c : w.frozen) {
            StormPause p;
            p.port = portName(t, c, false);
            p.pausedBy = portName(t, c, true);
            p.tier = std::clamp(t.nodes[sz(t.chFrom[sz(c)])].tier, 0, 3);
            p.host = !t.isSw[sz(t.chFrom[sz(c)])];
            p.atUs = w.t[sz(c)];
            if (w.rel[sz(c)] < kInf)
                p.frozenMs = (w.rel[sz(c)] - w.t[sz(c)]) / 1000;
            p.endedBy = endedBy(m, w, c);
            p.terms = pauseTerms(m, w, c);
            auto& f = out.front[sz(p.tier)];
            f = f.first < 0 ? std::make_pair(p.atUs, p.atUs) : std::make_pair(std::min(f.first, p.atUs), std::max(f.second, p.atUs));
            if (p.host)
                out.hosts.push_back(t.nodes[sz(t.chFrom[sz(c)])].name);
            else if (!m.watchdog[sz(c)].on)
                out.unwatched.push_back(p.port);
            out.paused.push_back(std::move(p));
        }
        std::stable_sort(out.paused.begin(), out.paused.end(), [](const StormPause& a, const StormPause& b) { return std::tie(a.atUs, a.port) < std::tie(b.atUs, b.port); });
        std::sort(out.hosts.begin(), out.hosts.end());
        out.hosts.erase(std::unique(out.hosts.begin(), out.hosts.end()), out.hosts.end());
        std::sort(out.unwatched.begin(), out.unwatched.end());
    }

    /// The watchdog a port would run with its platform's defaults (SONiC's 200 + 200 ms when unknown).
    double defaultWorstUs(const EffectiveWatchdog& wd)
    {
        const WatchdogPlatform* p = wd.platform.empty() ? nullptr : watchdogPlatform(wd.platform);
        const double det = p && p->detectionMs ? *p->detectionMs : 200, poll = p && p->pollingMs ? *p->pollingMs : 200;
        return (det + poll) * 1000;
    }

    /// The fastest the platform allows (the low ends of its ranges), or its default.
    double fastestWorstUs(const EffectiveWatchdog& wd)
    {
        const WatchdogPlatform* p = wd.platform.empty() ? nullptr : watchdogPlatform(wd.platform);
        if (p && p->detectionRange && p->pollingRange)
            return (p->detectionRange->first + p->pollingRange->first) * 1000;
        return std::min(defaultWorstUs(wd), wd.worstMs() * 1000);
    }

    struct Candidate {
        std::string text;
        Change change;
    };

    std::vector<Candidate> candidates(const Model& m, const Work& w, const SourceSpec& src, const Summary& now)
    {
        std::vector<Candidate> out;
        if (src.host >= 0 && !nicWatchdogMs(m.fabric->nodes[sz(src.host)]))
            out.push_back({ fmt::format("turn on the NIC watchdog of {} (nic.pfc_watchdog auto: 100 ms)", src.name), Change { -1, kInf, 100'000 } });
        for (int c0 : src.channels) {
            const auto& wd = m.watchdog[sz(c0)];
            if (m.topo.isSw[sz(m.topo.chFrom[sz(c0)])] && !wd.on)
                out.push_back({ fmt::format("enable the watchdog on {} (the port facing the source)", portName(m.topo, c0, false)), Change { c0, defaultWorstUs(wd), -1 } });
            else if (m.topo.isSw[sz(m.topo.chFrom[sz(c0)])] && fastestWorstUs(wd) < wd.worstMs() * 1000)
                out.push_back({ fmt::format("shorten the watchdog on {} to detection + polling {:g} ms", portName(m.topo, c0, false), fastestWorstUs(wd) / 1000),
                    Change { c0, fastestWorstUs(wd), -1 } });
        }
        if (now.longest >= 0 && !m.watchdog[sz(now.longest)].on && m.topo.isSw[sz(m.topo.chFrom[sz(now.longest)])]
            && std::find(src.channels.begin(), src.channels.end(), now.longest) == src.channels.end())
            out.push_back({ fmt::format("enable the watchdog on {} (frozen longest)", portName(m.topo, now.longest, false)),
                Change { now.longest, defaultWorstUs(m.watchdog[sz(now.longest)]), -1 } });
        (void)w;
        return out;
    }

    void bestChange(const Model& m, const SourceSpec& src, int priority, const Change& base, Work& w, StormSource& out)
    {
        const Summary now = summarise(m, w);
        double best = now.maxFrozenUs;
        for (auto cand : candidates(m, w, src, now)) {
            if (cand.change.stormEndUs < 0)
                cand.change.stormEndUs = base.stormEndUs;
            releases(m, priority, cand.change, w);
            const double after = summarise(m, w).maxFrozenUs;
            if (after < best) {
                best = after;
                out.bestChange = cand.text;
                out.bestChangeFrozenMsMax = after < kInf ? std::optional<double>(after / 1000) : std::nullopt;
                out.bestChangeHelps = true;
            }
        }
        releases(m, priority, base, w); // back to the fabric as planned
    }

    StormSource analyseOne(const Model& m, const SourceSpec& src, int priority, bool detailed, Work& w)
    {
        StormSource out;
        out.source = src.name;
        out.priority = priority;
        out.detailed = detailed;
        waveFront(m, src.channels, priority, w);
        Change stormEnd;
        if (src.host >= 0)
            if (auto ms = nicWatchdogMs(m.fabric->nodes[sz(src.host)]))
                stormEnd.stormEndUs = *ms * 1000;
        releases(m, priority, stormEnd, w);
        const Summary s = summarise(m, w);
        out.pausedCount = s.paused;
        out.hostCount = s.hosts;
        out.unwatchedCount = s.unwatched;
        if (s.maxFrozenUs < kInf)
            out.frozenMsMax = s.maxFrozenUs / 1000;
        if (detailed) {
            fillDetails(m, w, out);
            bestChange(m, src, priority, stormEnd, w, out);
        }
        return out;
    }

    struct Job {
        std::size_t spec = 0;
        int priority = 0;
        std::size_t group = 0;
    };

    /// Sources that give the same analysis up to renaming: hosts on one leaf whose port, NIC and
    /// watchdog parameters are the same (the per-leaf sharing of docs/storm.md).
    std::string groupKey(const Model& m, const SourceSpec& s, int priority)
    {
        if (s.host < 0 || s.channels.size() != 1)
            return "source:" + s.name + "#" + std::to_string(priority);
        const int c0 = s.channels[0], back = c0 ^ 1;
        const auto nic = nicWatchdogMs(m.fabric->nodes[sz(s.host)]);
        const auto& wd = m.watchdog[sz(c0)];
        return fmt::format("{}#{}#{}#{}#{}#{}#{}#{}", m.topo.chFrom[sz(c0)], priority, wd.on ? wd.worstMs() : -1.0, nic ? *nic : -1.0,
            m.fillUs[sz(back)], m.respUs[sz(back)], int(m.lossless[sz(back)]), m.fillUs[sz(c0)] + m.respUs[sz(c0)]);
    }

    bool worse(const StormSource& a, const StormSource& b)
    {
        const double fa = a.frozenMsMax.value_or(kInf), fb = b.frozenMsMax.value_or(kInf);
        if (fa != fb)
            return fa > fb;
        if (a.pausedCount != b.pausedCount)
            return a.pausedCount > b.pausedCount;
        return std::tie(a.source, a.priority) < std::tie(b.source, b.priority);
    }

    std::vector<SourceSpec> sourceSpecs(const Model& m, const StormOptions& opt)
    {
        std::vector<SourceSpec> specs;
        for (const auto& s : opt.sources)
            specs.push_back(parseSource(m, s));
        if (opt.allHosts)
            for (std::size_t v = 0; v < m.topo.nodes.size(); ++v)
                if (!m.topo.isSw[v] && !m.topo.in[v].empty())
                    specs.push_back(parseSource(m, m.topo.nodes[v].name));
        return specs;
    }

    void buildModel(Model& m, const Fabric& f, const AsicCatalog& catalog, RoutingModel routing, Feedback* fb)
    {
        const bool timing = std::getenv("LFP_STORM_TIMING") != nullptr;
        auto t0 = dl::Clock::now();
        m.fabric = &f;
        m.topo = buildTopology(f);
        const FabricIndex idx(f);
        const auto buffers = switchBuffers(f, catalog);
        if (timing)
            std::fprintf(stderr, "storm: topology + budgets %.3f s\n", dl::since(t0));
        t0 = dl::Clock::now();
        channelInputs(m, idx, buffers);
        checkCancelled(fb);
        if (timing)
            std::fprintf(stderr, "storm: channel inputs %.3f s\n", dl::since(t0));
        t0 = dl::Clock::now();
        buildPauseGraph(m, routing, fb);
        if (timing)
            std::fprintf(stderr, "storm: pause graph %.3f s (%zu dependencies, %zu sets, %zu set members)\n", dl::since(t0), m.pred.size(),
                setCount(m), m.members.size());
    }

} // namespace

StormReport analyseStorms(const Fabric& f, const AsicCatalog& catalog, const StormOptions& opt, Feedback* fb)
{
    const auto t0 = dl::Clock::now();
    StormReport rep;
    Model m;
    buildModel(m, f, catalog, opt.routing, fb);
    const std::vector<int> prios = opt.priority ? std::vector<int> { *opt.priority } : losslessPriorities(f);
    if (prios.empty())
        rep.notes.push_back("no QoS policy makes any priority lossless: nothing can be paused");
    const auto specs = sourceSpecs(m, opt);
    std::vector<Job> jobs;
    std::unordered_map<std::string, std::size_t> groupOf;
    std::vector<Job> reps;
    for (std::size_t i = 0; i < specs.size(); ++i)
        for (int p : prios) {
            if (std::none_of(specs[i].channels.begin(), specs[i].channels.end(), [&](int c) { return pausable(m, c, p); })) {
                rep.notes.push_back(fmt::format("{}: priority {} is not lossless on its link(s): a storm there pauses nothing", specs[i].name, p));
                continue;
            }
            const auto [it, added] = groupOf.emplace(groupKey(m, specs[i], p), reps.size());
            if (added)
                reps.push_back({ i, p, reps.size() });
            jobs.push_back({ i, p, it->second });
        }
    rep.groups = reps.size();
    const auto ta = dl::Clock::now();
    const std::clock_t ca = std::clock(); // process CPU time, all threads
    tbb::enumerable_thread_specific<Work> works;
    std::vector<StormSource> summaries(reps.size());
    tbb::parallel_for(std::size_t { 0 }, reps.size(), [&](std::size_t g) {
        checkCancelled(fb);
        summaries[g] = analyseOne(m, specs[reps[g].spec], reps[g].priority, false, works.local());
    });
    if (std::getenv("LFP_STORM_TIMING"))
        std::fprintf(stderr, "storm: %zu analyses %.3f s wall, %.3f s CPU (all threads)\n", reps.size(), dl::since(ta),
            static_cast<double>(std::clock() - ca) / CLOCKS_PER_SEC);
    rep.sources.reserve(jobs.size());
    for (const auto& j : jobs) {
        StormSource s = summaries[j.group];
        s.source = specs[j.spec].name;
        s.priority = j.priority;
        rep.sources.push_back(std::move(s));
    }
    std::vector<std::size_t> order(jobs.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return worse(rep.sources[a], rep.sources[b]); });
    const std::size_t detail = std::min(opt.detailLimit, order.size());
    std::vector<StormSource> sorted(order.size());
    tbb::parallel_for(std::size_t { 0 }, order.size(), [&](std::size_t k) {
        const Job& j = jobs[order[k]];
        sorted[k] = k < detail ? analyseOne(m, specs[j.spec], j.priority, true, works.local()) : std::move(rep.sources[order[k]]);
    });
    rep.sources = std::move(sorted);
    rep.seconds = dl::since(t0);
    if (std::getenv("LFP_STORM_TIMING"))
        std::fprintf(stderr, "storm: whole analysis %.3f s wall, process CPU so far %.3f s\n", rep.seconds,
            static_cast<double>(std::clock()) / CLOCKS_PER_SEC);
    return rep;
}

} // namespace lfp
