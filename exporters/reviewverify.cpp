// SPDX-License-Identifier: GPL-3.0-or-later
// Verification that exercises the change (review.h; issue 37, docs/review.md §Verification): for each
// device of the rollout, host pairs whose ECMP paths cross it — from the routing model the deadlock
// analysis and the lossless contract use (planner/routing/routing.h, ECMP over every shortest path) —
// and the perftest commands (linux-rdma/perftest: ib_write_bw, ib_read_lat) to run between them
// before and after the change, with the pass figure: the slowest link's line rate × the RoCEv2 framing
// bound at the path's RoCE MTU × kVerifyMargin.
#include "exporters/review.h"

#include "model/fabricindex.h"
#include "planner/plan/deviceplan.h"
#include "planner/routing/routing.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <map>
#include <set>
#include <unordered_map>

namespace lfp {

namespace {
    using json = nlohmann::json;
    constexpr int kFar = std::numeric_limits<int>::max();
    std::size_t sz(int v) { return static_cast<std::size_t>(v); }

    /// The RoCE MTU a netdev MTU allows (Linux include/rdma/ib_addr.h iboe_get_mtu): the largest IB
    /// MTU not above MTU - kIboeMtuReserve; 0 when even 256 does not fit.
    int roceMtuOf(int mtu)
    {
        for (int m : { 4096, 2048, 1024, 512, 256 })
            if (mtu - kIboeMtuReserve >= m)
                return m;
        return 0;
    }

    /// Hops from @p from to every node over switch-to-switch channels (hosts: kFar).
    std::vector<int> hopsFrom(const Topology& t, int from)
    {
        std::vector<int> d(t.nodes.size(), kFar);
        std::deque<int> q { from };
        d[sz(from)] = 0;
        while (!q.empty()) {
            const int v = q.front();
            q.pop_front();
            for (int i = t.swOutStart[sz(v)]; i < t.swOutStart[sz(v) + 1]; ++i) {
                const int w = t.swOutTo.empty() ? t.chTo[sz(t.swOutList[sz(i)])] : t.swOutTo[sz(i)];
                if (d[sz(w)] == kFar) {
                    d[sz(w)] = d[sz(v)] + 1;
                    q.push_back(w);
                }
            }
        }
        return d;
    }

    /// The ECMP routing toward one edge switch with its path counts (as the lossless contract counts them).
    struct Toward {
        DestRouting route;
        std::vector<double> paths; ///< per node: equal-cost paths to the edge switch
    };

    struct Planner {
        const Fabric& before;
        const Fabric& after;
        const std::vector<int>& added;
        Topology topo = buildTopology(after);
        FabricIndex index { after };
        RoutingContext ctx = makeRoutingContext(topo, RoutingModel::Ecmp, LinkMask(sz(topo.linkCount), 0));
        std::unordered_map<int, Toward> toward;
        std::map<std::string, const CableChange*> cables;
        std::vector<CableChange> cableList = cableChanges(before, after);

        Planner(const Fabric& b, const Fabric& a, const std::vector<int>& add)
            : before(b)
            , after(a)
            , added(add)
        {
            for (const auto& c : cableList)
                cables[c.id()] = &c;
        }

        const Toward& to(int edge)
        {
            auto it = toward.find(edge);
            if (it != toward.end())
                return it->second;
            Toward w;
            computeRouting(ctx, edge, w.route);
            const std::size_t n = topo.nodes.size();
            w.paths.assign(n, 0);
            std::vector<int> order;
            for (std::size_t v = 0; v < n; ++v)
                if (topo.isSw[v] && w.route.dist[v] != kUnreachable)
                    order.push_back(static_cast<int>(v));
            std::sort(order.begin(), order.end(), [&](int a, int b) { return w.route.dist[sz(a)] < w.route.dist[sz(b)]; });
            w.paths[sz(edge)] = 1;
            for (int v : order) {
                if (v == edge)
                    continue;
                const auto [first, last] = w.route.next(v, false);
                for (const int* c = first; c != last; ++c)
                    w.paths[sz(v)] += w.paths[sz(topo.chTo[sz(*c)])];
            }
            return toward.emplace(edge, std::move(w)).first->second;
        }

        /// The channel from host @p h to switch @p sw (-1 when none).
        int hostChannel(int h, int sw) const
        {
            for (int c : topo.out[sz(h)])
                if (topo.chTo[sz(c)] == sw)
                    return c;
            return -1;
        }

        /// Nodes and channels of one ECMP path client → A → … → S → … → B → server (S on a shortest A–B path).
        void walk(int client, int a, int s, int b, int server, std::vector<int>& nodes, std::vector<int>& channels)
        {
            nodes = { client, a };
            channels = { hostChannel(client, a) };
            // A → S: down the hop count from S (first channel in fabric order), then S → B by B's next hops.
            const std::vector<int> ds = hopsFrom(topo, s);
            for (int v = a; v != s;) {
                int next = -1;
                for (int i = topo.swOutStart[sz(v)]; i < topo.swOutStart[sz(v) + 1] && next < 0; ++i) {
                    const int c = topo.swOutList[sz(i)];
                    if (ds[sz(topo.chTo[sz(c)])] == ds[sz(v)] - 1)
                        next = c;
                }
                if (next < 0)
                    break;
                channels.push_back(next);
                v = topo.chTo[sz(next)];
                nodes.push_back(v);
            }
            const Toward& tb = to(b);
            for (int v = s; v != b;) {
                const auto [first, last] = tb.route.next(v, false);
                if (first == last)
                    break;
                channels.push_back(*first);
                v = topo.chTo[sz(*first)];
                nodes.push_back(v);
            }
            const int back = hostChannel(server, b);
            channels.push_back(back < 0 ? -1 : (back ^ 1)); // the reverse channel of the server's link
            nodes.push_back(server);
        }

        const Port* portOf(int node, const std::string& port) const
        {
            const Node* n = after.findNode(topo.nodes[sz(node)].name);
            return n ? n->findPort(port) : nullptr;
        }

        /// The NIC settings of host @p h's port @p port: the ToS bytes to test.
        std::vector<int> tosOf(int h, const std::string& port) const
        {
            const QosPolicy* pol = index.policyAt(Endpoint { topo.nodes[sz(h)].name, port });
            if (!pol)
                return {};
            const auto plan = resolvePolicy(*pol, std::nullopt);
            std::vector<int> tos { plan->nic.roceTos };
            // A lossless priority the change adds: the first DSCP the policy maps to it, ECT(0) (RFC 3168 §5).
            for (int p : added)
                if (p >= 0 && p < kPriorities && !plan->classes[sz(p)].dscp.empty()) {
                    const int t = (plan->classes[sz(p)].dscp.front() << 2) | 2;
                    if (std::find(tos.begin(), tos.end(), t) == tos.end())
                        tos.push_back(t);
                }
            return tos;
        }

        VerifyPair pair(int client, int a, int s, int b, int server)
        {
            VerifyPair p;
            std::vector<int> nodes, channels;
            walk(client, a, s, b, server, nodes, channels);
            for (int v : nodes)
                p.path.push_back(topo.nodes[sz(v)].name);
            p.client = topo.nodes[sz(client)].name;
            p.server = topo.nodes[sz(server)].name;
            p.clientPort = channels.front() >= 0 ? topo.channels[sz(channels.front())].fromPort : std::string();
            p.serverPort = channels.back() >= 0 ? topo.channels[sz(channels.back())].toPort : std::string();
            std::int64_t slowest = std::numeric_limits<std::int64_t>::max();
            int mtu = std::numeric_limits<int>::max();
            double deltaNs = 0;
            for (int c : channels) {
                if (c < 0)
                    continue;
                const auto& ch = topo.channels[sz(c)];
                const Port* x = portOf(ch.from, ch.fromPort);
                const Port* y = portOf(ch.to, ch.toPort);
                const std::int64_t speed = std::min(x ? x->speed.value() : slowest, y ? y->speed.value() : slowest);
                if (speed < slowest) {
                    slowest = speed;
                    p.slowestLink = topo.linkName(ch.link);
                }
                mtu = std::min({ mtu, x ? x->mtu : mtu, y ? y->mtu : mtu });
                const Link& l = after.links[sz(ch.link)];
                if (auto it = cables.find(CableChange { l, l }.id()); it != cables.end())
                    deltaNs += (propagationDelay(it->second->after.length) - propagationDelay(it->second->before.length)).value();
            }
            p.lineGbps = slowest == std::numeric_limits<std::int64_t>::max() ? 0 : static_cast<double>(slowest) / 1e9;
            p.pathMtu = mtu == std::numeric_limits<int>::max() ? 0 : mtu;
            p.roceMtu = roceMtuOf(p.pathMtu);
            p.efficiency = p.roceMtu ? static_cast<double>(p.roceMtu) / (p.roceMtu + kRoceWireOverhead) * kVerifyMargin : 0;
            p.passGbps = std::floor(p.lineGbps * p.efficiency * 10) / 10; // Gb/s, one decimal, rounded down
            // ib_read_lat reports half the round trip (perftest README §3), which crosses each cable twice.
            p.latencyDeltaUs = deltaNs / 1000.0;
            // The share of the A → B equal-cost paths through S, and QPs enough to cross it with 99 %.
            const Toward& ta = to(a);
            const Toward& tb = to(b);
            p.ecmpPaths = tb.paths[sz(a)];
            p.pathsViaDevice = ta.paths[sz(s)] * tb.paths[sz(s)];
            const double share = p.ecmpPaths > 0 ? std::min(1.0, p.pathsViaDevice / p.ecmpPaths) : 1.0;
            int q = kVerifyMinQps;
            if (share < 1.0 && share > 0)
                q = static_cast<int>(std::ceil(std::log(0.01) / std::log(1.0 - share)));
            p.qps = std::clamp(q, kVerifyMinQps, kVerifyMaxQps);
            p.crossProbability = share >= 1.0 ? 1.0 : 1.0 - std::pow(1.0 - share, p.qps);
            p.tclass = tosOf(client, p.clientPort);
            commands(p);
            return p;
        }

        /// The perftest commands (linux-rdma/perftest README and usage: -d device, -x GID index,
        /// --tclass the GRH traffic class = the RoCEv2 IP ToS byte, -q QPs, -s size, -D seconds,
        /// -F no cpufreq failure, --report_gbits; the server without an address, the client with it).
        static void commands(VerifyPair& p)
        {
            auto dev = [](const std::string& port) { return port.rfind("mlx5_", 0) == 0 ? port : std::string("<rdma-dev>"); };
            const std::string serverIp = fmt::format("<{}-ip>", p.server);
            std::vector<int> tos = p.tclass;
            if (tos.empty())
                tos.push_back(-1);
            for (int t : tos) {
                const std::string tc = t >= 0 ? fmt::format(" --tclass={}", t) : std::string();
                const std::string bw = fmt::format("-x <gid-index>{} -q {} -s {} -D {} -F --report_gbits", tc, p.qps, kVerifyMessageBytes, kVerifyDurationS);
                p.commands.push_back({ p.server, "server", "ib_write_bw", fmt::format("ib_write_bw -d {} {}", dev(p.serverPort), bw) });
                p.commands.push_back({ p.client, "client", "ib_write_bw", fmt::format("ib_write_bw -d {} {} {}", dev(p.clientPort), bw, serverIp) });
            }
            const std::string tc = p.tclass.empty() ? std::string() : fmt::format(" --tclass={}", p.tclass.front());
            const std::string lat = fmt::format("-x <gid-index>{} -s {} -n {} -F", tc, kVerifyLatencyBytes, kVerifyLatencyIters);
            p.commands.push_back({ p.server, "server", "ib_read_lat", fmt::format("ib_read_lat -d {} {}", dev(p.serverPort), lat) });
            p.commands.push_back({ p.client, "client", "ib_read_lat", fmt::format("ib_read_lat -d {} {} {}", dev(p.clientPort), lat, serverIp) });
        }

        /// The switch's pairs: edge switches A (nearest first, then fabric order) and B with S on a
        /// shortest A–B path, each A and each B used once; one host of each (the first attached).
        DeviceVerification ofSwitch(int s)
        {
            DeviceVerification v { topo.nodes[sz(s)].name, {}, {} };
            const std::vector<int> ds = hopsFrom(topo, s);
            std::vector<int> edges;
            for (int e : topo.edgeSwitches)
                if (ds[sz(e)] != kFar)
                    edges.push_back(e);
            std::stable_sort(edges.begin(), edges.end(), [&](int x, int y) { return ds[sz(x)] < ds[sz(y)]; });
            std::set<int> usedA, usedB;
            constexpr std::size_t kTries = 64; // ingress leaves tried: the nearest ones cross S
            for (std::size_t i = 0; i < edges.size() && i < kTries && v.pairs.size() < kVerifyPairsPerDevice; ++i) {
                const int a = edges[i];
                if (usedA.count(a))
                    continue;
                const Toward& ta = to(a);
                for (int b : edges) {
                    if (b == a || usedB.count(b) || ta.route.dist[sz(b)] == kUnreachable || static_cast<int>(ta.route.dist[sz(b)]) != ds[sz(a)] + ds[sz(b)])
                        continue;
                    const int client = topo.hostsAt[sz(a)].front(), server = topo.hostsAt[sz(b)].front();
                    v.pairs.push_back(pair(client, a, s, b, server));
                    usedA.insert(a);
                    usedB.insert(b);
                    break;
                }
            }
            // One leaf only: two hosts under it.
            if (v.pairs.empty() && topo.edgeIndex[sz(s)] >= 0 && topo.hostsAt[sz(s)].size() >= 2)
                v.pairs.push_back(pair(topo.hostsAt[sz(s)][0], s, s, s, topo.hostsAt[sz(s)][1]));
            if (v.pairs.empty())
                v.note = "no host pair's path crosses it";
            return v;
        }

        /// The host as client, the first host of the first other leaf (else of its own) as server.
        DeviceVerification ofHost(int h)
        {
            DeviceVerification v { topo.nodes[sz(h)].name, {}, {} };
            int a = -1;
            for (int c : topo.out[sz(h)])
                if (topo.isSw[sz(topo.chTo[sz(c)])]) {
                    a = topo.chTo[sz(c)];
                    break;
                }
            if (a < 0) {
                v.note = "the host is on no link";
                return v;
            }
            const Toward& ta = to(a);
            for (int b : topo.edgeSwitches)
                if (b != a && ta.route.dist[sz(b)] != kUnreachable) {
                    const int server = topo.hostsAt[sz(b)].front();
                    if (server != h) {
                        v.pairs.push_back(pair(h, a, a, b, server));
                        return v;
                    }
                }
            for (int other : topo.hostsAt[sz(a)])
                if (other != h) {
                    v.pairs.push_back(pair(h, a, a, a, other));
                    return v;
                }
            v.note = "no other host to pair it with";
            return v;
        }
    };

    json pairJson(const VerifyPair& p)
    {
        json cmds = json::array();
        for (const auto& c : p.commands)
            cmds.push_back({ { "on", c.on }, { "role", c.role }, { "test", c.test }, { "command", c.command } });
        return { { "client", p.client }, { "server", p.server }, { "client_port", p.clientPort }, { "server_port", p.serverPort }, { "path", p.path },
            { "commands", cmds }, { "pass_gbps", p.passGbps }, { "line_gbps", p.lineGbps }, { "slowest_link", p.slowestLink }, { "path_mtu", p.pathMtu },
            { "roce_mtu", p.roceMtu }, { "efficiency", p.efficiency }, { "tclass", p.tclass }, { "ecmp_paths", p.ecmpPaths },
            { "paths_via_device", p.pathsViaDevice }, { "qps", p.qps }, { "cross_probability", p.crossProbability },
            { "latency", "compare with the before run" }, { "latency_delta_us", p.latencyDeltaUs } };
    }

} // namespace

std::vector<DeviceVerification> reviewVerification(const Fabric& before, const Fabric& after, const std::set<std::string>& devices, const std::vector<int>& addedLossless)
{
    std::vector<DeviceVerification> out;
    if (devices.empty())
        return out;
    Planner pl(before, after, addedLossless);
    std::vector<DeviceVerification> hosts;
    for (const auto& d : devices) {
        const int id = pl.topo.findNode(d);
        if (id < 0) {
            out.push_back({ d, {}, "removed in the new revision: nothing to verify on it" });
            continue;
        }
        if (pl.topo.isSw[sz(id)])
            out.push_back(pl.ofSwitch(id));
        else
            hosts.push_back(pl.ofHost(id));
    }
    out.insert(out.end(), std::make_move_iterator(hosts.begin()), std::make_move_iterator(hosts.end()));
    return out;
}

json verificationJson(const std::vector<DeviceVerification>& v)
{
    json out = json::array();
    for (const auto& d : v) {
        json pairs = json::array();
        for (const auto& p : d.pairs)
            pairs.push_back(pairJson(p));
        out.push_back({ { "device", d.device }, { "pairs", pairs }, { "note", d.note.empty() ? json(nullptr) : json(d.note) } });
    }
    return out;
}

} // namespace lfp

// ------------------------------------------------------------------------------------------ document

namespace lfp {

namespace {
    const std::unordered_map<std::string, std::string>& verifyZh()
    {
        static const std::unordered_map<std::string, std::string> t {
            { "Traffic that exercises the change: host pairs whose ECMP paths cross each device of the rollout. Run each pair before the change (the baseline) and "
              "after the last step, the server first. Pass: ib_write_bw's average reaches the pass figure, the slowest link on the path × payload / (payload + {} "
              "bytes) at the path's RoCE MTU × {} (docs/review.md); ib_read_lat: t_typical against the before run, moved by the latency change of the cables on the path.",
                "覆盖本次变更的流量验证：对实施中的每台设备，选取 ECMP 路径经过该设备的主机对。在变更前（基线）和最后一步之后分别运行，先启动服务端。"
                "通过标准：ib_write_bw 的平均带宽达到通过值，即路径上最慢链路的线速 × 路径 RoCE MTU 下的 载荷 / (载荷 + {} 字节) × {}（见 docs/review.md）；"
                "ib_read_lat：将 t_typical 与变更前的结果比较，路径上线缆长度的变化使其改变表中所列的时延变化。" },
            { "ECMP hashes each QP onto one path: the QPs given make one cross the device with the probability shown (99 %, at most {} QPs); confirm on its counters. "
              "<rdma-dev>: the host port's RDMA device (rdma link show); <gid-index>: its RoCE v2 GID with the port's IPv4 address (show_gids <rdma-dev>).",
                "ECMP 将每个 QP 散列到一条路径：表中的 QP 数使至少一个 QP 以所列概率经过该设备（99%，最多 {} 个 QP）；请在其计数器上确认。"
                "<rdma-dev>：主机端口对应的 RDMA 设备（rdma link show）；<gid-index>：该设备上带有端口 IPv4 地址的 RoCE v2 GID 索引（show_gids <rdma-dev>）。" },
            { "device", "设备" },
            { "<device>", "<本设备>" },
            { "<leaf>", "<其叶交换机>" },
            { "client → server", "客户端 → 服务端" },
            { "path", "路径" },
            { "pass / line (Gb/s)", "通过值 / 线速（Gb/s）" },
            { "QPs (P cross)", "QP 数（经过概率）" },
            { "latency change (µs)", "时延变化（µs）" },
            { "on the server first, then on the client with the server's address:", "先在服务端运行，再在客户端带上服务端地址运行：" },
            { "Commands [{}]:", "命令 [{}]：" },
            { "no host pair's path crosses it", "没有主机对的路径经过该设备" },
            { "removed in the new revision: nothing to verify on it", "已在新版本中删除：无需验证" },
            { "the host is on no link", "该主机没有连接任何链路" },
            { "no other host to pair it with", "没有可与之配对的其他主机" },
            { "No device to verify.", "没有需要验证的设备。" },
        };
        return t;
    }
    std::string tr(const std::string& lang, const std::string& s) { return reviewText(lang, s, verifyZh()); }

    /// The commands of a pair, the server's and the client's as one line ending in "[<server-ip>]" (the
    /// client adds the server's address) and the QPs as "<qps>" (the table gives them): pairs that differ
    /// only in their hosts and QPs share one block.
    std::string commandBlock(const VerifyPair& p, const std::string& lang)
    {
        std::string out = "# " + tr(lang, "on the server first, then on the client with the server's address:") + "\n";
        const std::string ip = fmt::format(" <{}-ip>", p.server), q = fmt::format(" -q {} ", p.qps);
        for (const auto& c : p.commands)
            if (c.role == "client") {
                std::string cmd = c.command;
                if (auto at = cmd.find(ip); at != std::string::npos)
                    cmd.replace(at, ip.size(), " [<server-ip>]");
                if (auto at = cmd.find(q); at != std::string::npos)
                    cmd.replace(at, q.size(), " -q <qps> ");
                out += cmd + "\n";
            }
        return out;
    }
} // namespace

void appendReviewVerification(const Review& r, const std::string& lang, std::vector<ReviewBlock>& blocks)
{
    using K = ReviewBlock::Kind;
    if (r.verification.empty()) {
        blocks.push_back({ K::Paragraph, tr(lang, "No device to verify."), {}, {} });
        return;
    }
    blocks.push_back({ K::Paragraph,
        fmt::format(fmt::runtime(tr(lang,
                        "Traffic that exercises the change: host pairs whose ECMP paths cross each device of the rollout. Run each pair before the change (the baseline) and "
                        "after the last step, the server first. Pass: ib_write_bw's average reaches the pass figure, the slowest link on the path × payload / (payload + {} "
                        "bytes) at the path's RoCE MTU × {} (docs/review.md); ib_read_lat: t_typical against the before run, moved by the latency change of the cables on the path.")),
            kRoceWireOverhead, kVerifyMargin),
        {}, {} });
    blocks.push_back({ K::Paragraph,
        fmt::format(fmt::runtime(tr(lang,
                        "ECMP hashes each QP onto one path: the QPs given make one cross the device with the probability shown (99 %, at most {} QPs); confirm on its counters. "
                        "<rdma-dev>: the host port's RDMA device (rdma link show); <gid-index>: its RoCE v2 GID with the port's IPv4 address (show_gids <rdma-dev>).")),
            kVerifyMaxQps),
        {}, {} });

    // Rows: pairs alike but for their hosts and the device they verify share one row — the same switches
    // on the path once the device is written <device> (and, for a host, its leaf <leaf>), the same
    // figures and commands (the leaves' pairs toward leaf1, the hosts of the leaves, …).
    struct Row {
        std::vector<std::string> devices, clients, servers;
        const VerifyPair* pair = nullptr;
        std::string path;
        std::size_t block = 0;
        std::string note;
    };
    std::vector<std::string> templates;
    std::vector<Row> rows;
    std::map<std::string, std::size_t> byKey;
    for (const auto& d : r.verification) {
        if (d.pairs.empty()) {
            rows.push_back({ { d.device }, {}, {}, nullptr, {}, 0, tr(lang, d.note) });
            continue;
        }
        for (const auto& p : d.pairs) {
            const std::string tmpl = commandBlock(p, lang);
            auto it = std::find(templates.begin(), templates.end(), tmpl);
            const std::size_t block = static_cast<std::size_t>(it - templates.begin());
            if (it == templates.end())
                templates.push_back(tmpl);
            const bool host = p.client == d.device;
            std::vector<std::string> path;
            for (std::size_t i = 1; i + 1 < p.path.size(); ++i) // the switches
                path.push_back(p.path[i] == d.device ? tr(lang, "<device>") : host && i == 1 ? tr(lang, "<leaf>") : p.path[i]);
            const std::string shown = fmt::format("{}", fmt::join(path, " → "));
            const std::string key = fmt::format("{}\x02{}\x02{}\x02{}\x02{}\x02{}\x02{}", host, shown, p.passGbps, p.lineGbps, p.qps, p.latencyDeltaUs, block);
            auto [k, fresh] = byKey.emplace(key, rows.size());
            if (fresh)
                rows.push_back({ {}, {}, {}, &p, shown, block, {} });
            Row& row = rows[k->second];
            for (auto [v, x] : { std::pair { &row.devices, &d.device }, std::pair { &row.clients, &p.client }, std::pair { &row.servers, &p.server } })
                if (std::find(v->begin(), v->end(), *x) == v->end())
                    v->push_back(*x);
        }
    }
    ReviewBlock t { K::Table, {},
        { tr(lang, "device"), tr(lang, "client → server"), tr(lang, "path"), tr(lang, "pass / line (Gb/s)"), tr(lang, "QPs (P cross)"), tr(lang, "latency change (µs)") }, {} };
    for (const Row& row : rows) {
        if (!row.pair) {
            t.rows.push_back({ reviewNameRanges(row.devices, 0), row.note, "", "", "", "" });
            continue;
        }
        const VerifyPair& p = *row.pair;
        t.rows.push_back({ reviewNameRanges(row.devices, 0), fmt::format("{} → {}", reviewNameRanges(row.clients, 0), reviewNameRanges(row.servers, 0)), row.path,
            fmt::format("{:.1f} / {:g}", p.passGbps, p.lineGbps),
            fmt::format("{} ({:.2f}){}", p.qps, p.crossProbability, templates.size() > 1 ? fmt::format(" [{}]", row.block + 1) : std::string()),
            p.latencyDeltaUs == 0 ? std::string("0") : fmt::format("{:+.2f}", p.latencyDeltaUs) });
    }
    blocks.push_back(std::move(t));
    for (std::size_t b = 0; b < templates.size(); ++b) {
        if (templates.size() > 1)
            blocks.push_back({ K::Paragraph, fmt::format(fmt::runtime(tr(lang, "Commands [{}]:")), b + 1), {}, {} });
        blocks.push_back({ K::Code, templates[b], {}, {} });
    }
}

} // namespace lfp
