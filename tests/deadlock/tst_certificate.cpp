// SPDX-License-Identifier: GPL-3.0-or-later
// The deadlock-freedom certificate for up to K failed links (planner/routing/certificate.h, issue 35):
// it agrees with the exhaustive sweep of every set of 1..K links done by brute force through the
// single-state analysis (analyseTopology) — the count, each set's verdict through its orbit, the
// orbit sizes and the minimal failing sets; every statement of its pruning argument is checked on
// the sets it settled; the two-failure bounce fixture (Hu et al. HotNets'16) fails with its cycle.
#include <tbb/parallel_for.h> // before Qt: its `emit` macro clashes with oneTBB

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#ifndef Q_MOC_RUN
#include "importers/importer.h"
#include "model/fabricjson.h"
#include "model/asiccatalog.h"
#include "model/generators.h"
#include "model/projectstore.h"
#include "planner/routing/certificate.h"
#include "planner/routing/certificatefix.h"
#include "planner/routing/deadlock.h"
#include "planner/routing/deadlock_internal.h"
#include "planner/routing/deadlockjob.h"
#include "planner/routing/failuresymmetry.h"

#include <atomic>
#include <functional>
#include <fmt/format.h>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#endif

using namespace lfp;

namespace {

const std::string kIbDir = std::string(LFP_SOURCE_DIR) + "/tests/data/ib";

/// The Clos slice of the published bounce case (as tst_deadlock's clos2x4): 2 spines, 4 leaves, 2
/// hosts per leaf, the default RoCE policy.
Fabric clos2x4()
{
    Fabric f;
    f.name = "clos2x4";
    auto addSwitch = [&](const std::string& name, Role role) {
        Node n;
        n.name = name;
        n.role = role;
        for (int p = 1; p <= 4; ++p)
            n.ports.push_back(Port { fmt::format("p{}", p), BitsPerSecond(400'000'000'000) });
        f.nodes.push_back(std::move(n));
    };
    for (int s = 0; s < 2; ++s)
        addSwitch(fmt::format("spine{}", s), Role::Spine);
    for (int l = 0; l < 4; ++l) {
        addSwitch(fmt::format("leaf{}", l), Role::Leaf);
        for (int h = 0; h < 2; ++h) {
            Node host;
            host.name = fmt::format("h{}", 2 * l + h);
            host.role = Role::Host;
            host.ports.push_back(Port { "nic0", BitsPerSecond(100'000'000'000) });
            f.nodes.push_back(std::move(host));
            f.links.push_back(Link { { fmt::format("h{}", 2 * l + h), "nic0" }, { fmt::format("leaf{}", l), fmt::format("p{}", h + 1) } });
        }
        for (int s = 0; s < 2; ++s)
            f.links.push_back(Link { { fmt::format("leaf{}", l), fmt::format("p{}", 3 + s) }, { fmt::format("spine{}", s), fmt::format("p{}", l + 1) } });
    }
    auto p = defaultRocePolicy();
    f.policies.push_back(p);
    for (Role r : { Role::Leaf, Role::Spine, Role::Host })
        f.bindings.push_back({ r, p.name });
    return f;
}

/// The 2×4 Clos with a second (parallel) link between leaf0 and spine0: losing one of the two changes
/// no distance (the `no-reroute` statement).
Fabric closDoubled()
{
    Fabric f = clos2x4();
    for (const char* n : { "leaf0", "spine0" })
        f.findNode(n)->ports.push_back(Port { "p5", BitsPerSecond(400'000'000'000) });
    f.links.push_back(Link { { "leaf0", "p5" }, { "spine0", "p5" } });
    return f;
}

Fabric fabricNamed(const QString& name)
{
    if (name == "clos-doubled")
        return closDoubled();
    if (name == "ft4")
        return generateFatTree(4);
    if (name == "ft8")
        return generateFatTree(8);
    if (name == "clos")
        return clos2x4();
    const std::string dir = kIbDir + "/" + name.mid(3).toStdString();
    return findImporter("ibnetdiscover")->read({ dir + "/ibnetdiscover.txt" }, nullptr).fragment;
}

std::vector<int> switchLinks(const Topology& t)
{
    std::vector<int> l;
    for (int i = 0; i < t.linkCount; ++i)
        if (t.chFrom[static_cast<std::size_t>(2 * i)] >= 0 && t.isSwitchLink(i))
            l.push_back(i);
    return l;
}

/// Every set of 1..k of @p links, in lexicographic order per size.
std::vector<std::vector<int>> everySet(const std::vector<int>& links, int k)
{
    std::vector<std::vector<int>> out;
    const std::size_t L = links.size();
    for (std::size_t a = 0; a < L; ++a) {
        out.push_back({ links[a] });
        for (std::size_t b = a + 1; b < L && k >= 2; ++b) {
            out.push_back({ links[a], links[b] });
            for (std::size_t c = b + 1; c < L && k >= 3; ++c)
                out.push_back({ links[a], links[b], links[c] });
        }
    }
    return out;
}

/// The single-state analysis of @p t with @p links down: cyclic components (the brute force).
std::size_t cyclicWith(const Topology& t, const std::vector<ClassMask>& classes, RoutingModel m, const std::vector<int>& links)
{
    LinkMask down(static_cast<std::size_t>(t.linkCount), 0);
    for (int l : links)
        down[static_cast<std::size_t>(l)] = 1;
    DeadlockOptions o;
    o.routing = m;
    o.fixes = false;
    o.maxCycles = 0;
    return analyseTopology(t, classes, down, o).cyclicComponents;
}

/// The same verdict from the analysis's own phases, without its report (the graph of the routed
/// scenario, restricted to each class's lossless buffers, and Kahn's test): for the millions of triples.
bool cyclicFast(const Topology& t, const std::vector<ClassMask>& classes, RoutingModel m, const std::vector<int>& links)
{
    LinkMask down(static_cast<std::size_t>(t.linkCount), 0);
    for (int l : links)
        down[static_cast<std::size_t>(l)] = 1;
    const auto g = dl::buildFast(makeRoutingContext(t, m, down), nullptr);
    std::vector<int> start, adj;
    for (const auto& cls : classes) {
        dl::filterCsr(g, cls.lossless, start, adj);
        if (!dl::acyclicCsr(start, adj))
            return true;
    }
    return false;
}

/// Which egress queue a switch puts a packet in (the walk's switch model).
enum class QueueBy {
    /// the priority the next switch classifies the packet to: the buffer it waits for is the one it
    /// fills. This is Tagger's model (the tag is chosen before queueing, Hu et al. CoNEXT 2017), and the
    /// dependency graph the certificate's fix re-verifies.
    NextHop,
    /// as a switch forwards the configuration (the SAI pipeline SONiC programs): the ingress port's
    /// DSCP → TC map gives the packet's class, the ingress port's TC → PG map its buffer (the PG's PFC
    /// priority: the lossless priority mapped to that PG), the *egress* port's TC → queue map its queue
    /// (SAI_PORT_ATTR_QOS_TC_TO_QUEUE_MAP is a port attribute, the queue an egress port's), and the egress
    /// port's remark the DSCP it leaves with. PFC pauses per priority (IEEE 802.1Qbb; SONiC pfc_to_queue:
    /// priority q pauses queue q): the next switch's buffer of priority q stops this switch's queue q on
    /// that link. So the packet waits for the buffer (link, queue), and when it fills the next switch's
    /// buffer of another priority, that buffer's pause does not stop it.
    Switch,
};

struct TagWalk {
    std::set<int> used; ///< lossless priorities whose buffers the packets filled
    bool cyclic = false; ///< the waits-for graph of lossless buffers has a cycle
    /// hops where a lossless packet leaves from egress queue q and fills the next switch's lossless
    /// buffer of another priority p ≠ q: p's pause does not stop queue q (PFC per priority), so the
    /// buffer can overflow (a drop in a lossless class)
    std::size_t unpaused = 0;
};

/// The PFC priority of the buffer a class is admitted into: the lossless priority of @p p mapped to the
/// same PG as @p tc, or -1 (a lossy PG). Written from the policy's arrays only (no planner code).
int bufferPriority(const QosPolicy* p, int tc)
{
    if (!p)
        return -1;
    const int pg = p->tcToPg[static_cast<std::size_t>(tc)];
    for (int q : p->losslessPriorities)
        if (p->tcToPg[static_cast<std::size_t>(q)] == pg)
            return q;
    return -1;
}

/// An independent check of a tag plan as configuration (no planner code but the topology's lists):
/// every packet toward every destination switch is walked hop by hop over shortest paths (its own BFS,
/// every equal-cost next hop), its DSCP rewritten at each egress port by that port's policy and
/// classified at each ingress port by that port's DSCP → class → PG maps. A packet in a lossless buffer
/// (link, priority) waits for the buffer whose pause stops the egress queue it leaves from: with
/// QueueBy::NextHop the buffer it fills next, with QueueBy::Switch the next link's buffer of the
/// priority of the queue the egress port's map gives its class. A cycle of waits is searched by
/// depth-first search.
TagWalk walkTagPlan(const Fabric& f, const Topology& t, const std::vector<int>& failed, QueueBy queueBy = QueueBy::NextHop)
{
    TagWalk result;
    std::map<std::pair<std::string, std::string>, const QosPolicy*> portPolicy;
    for (const auto& o : f.overrides)
        portPolicy[{ o.port.node, o.port.port }] = f.findPolicy(o.policy);
    auto policyAt = [&](const std::string& node, const std::string& port) -> const QosPolicy* {
        if (auto it = portPolicy.find({ node, port }); it != portPolicy.end())
            return it->second;
        for (const auto& b : f.bindings)
            if (b.role == f.findNode(node)->role)
                return f.findPolicy(b.policy);
        return nullptr;
    };
    std::set<int> down(failed.begin(), failed.end());
    auto live = [&](int c) { return t.isFabricChannel(c) && !down.count(c / 2); };
    std::map<std::pair<int, int>, std::set<std::pair<int, int>>> deps; // (channel, priority) → next
    std::set<int> used;
    for (int T : t.edgeSwitches) {
        std::vector<int> dist(t.nodes.size(), -1);
        std::vector<int> queue { T };
        dist[static_cast<std::size_t>(T)] = 0;
        for (std::size_t i = 0; i < queue.size(); ++i)
            for (int c : t.in[static_cast<std::size_t>(queue[i])])
                if (live(c) && dist[static_cast<std::size_t>(t.channels[static_cast<std::size_t>(c)].from)] < 0) {
                    dist[static_cast<std::size_t>(t.channels[static_cast<std::size_t>(c)].from)] = dist[static_cast<std::size_t>(queue[i])] + 1;
                    queue.push_back(t.channels[static_cast<std::size_t>(c)].from);
                }
        // states: (channel just taken, DSCP on the wire)
        std::set<std::pair<int, int>> seen;
        std::vector<std::pair<int, int>> work;
        // the packet of class `tc` (ch.from's ingress classification) leaves ch.from over channel c; it sits
        // in buffer `from` (lossless when from.second >= 0)
        auto hop = [&](int c, int dscp, int tc, std::pair<int, int> from) {
            const auto& ch = t.channels[static_cast<std::size_t>(c)];
            const QosPolicy* out = policyAt(t.nodes[static_cast<std::size_t>(ch.from)].name, ch.fromPort);
            const int wire = out ? out->rewrittenDscp(dscp) : dscp;
            const int egressQueue = out ? out->tcToQueue[static_cast<std::size_t>(tc)] : 0;
            const QosPolicy* in = policyAt(t.nodes[static_cast<std::size_t>(ch.to)].name, ch.toPort);
            const int nextTc = in ? in->dscpToTc[static_cast<std::size_t>(wire)] : 0;
            const int prio = bufferPriority(in, nextTc); // the buffer the packet fills next
            if (prio >= 0)
                used.insert(prio);
            if (queueBy == QueueBy::NextHop) {
                if (from.second >= 0 && prio >= 0)
                    deps[from].insert({ c, prio });
            } else {
                const bool queuePaused = in && in->isLossless(egressQueue);
                if (from.second >= 0 && queuePaused)
                    deps[from].insert({ c, egressQueue }); // paused by the next switch's buffer of that priority on c
                if (prio >= 0 && egressQueue != prio)
                    ++result.unpaused;
            }
            if (ch.to != T && seen.insert({ c, wire }).second)
                work.push_back({ c, wire });
        };
        for (int s : t.edgeSwitches)
            if (s != T && dist[static_cast<std::size_t>(s)] > 0)
                for (int c : t.out[static_cast<std::size_t>(s)])
                    if (live(c) && dist[static_cast<std::size_t>(t.channels[static_cast<std::size_t>(c)].to)] == dist[static_cast<std::size_t>(s)] - 1) {
                        // the RoCE DSCP the hosts send, classified by the edge switch (every policy of the plan
                        // maps 26 to the lossless class; the port's own map)
                        const QosPolicy* p = policyAt(t.nodes[static_cast<std::size_t>(s)].name, t.channels[static_cast<std::size_t>(c)].fromPort);
                        hop(c, 26, p ? p->dscpToTc[26] : 0, { -1, -1 });
                    }
        for (std::size_t i = 0; i < work.size(); ++i) {
            const auto [c, wire] = work[i];
            const auto& ch = t.channels[static_cast<std::size_t>(c)];
            const QosPolicy* in = policyAt(t.nodes[static_cast<std::size_t>(ch.to)].name, ch.toPort);
            const int tc = in ? in->dscpToTc[static_cast<std::size_t>(wire)] : 0;
            const int prio = bufferPriority(in, tc);
            for (int o : t.out[static_cast<std::size_t>(ch.to)])
                if (live(o) && dist[static_cast<std::size_t>(t.channels[static_cast<std::size_t>(o)].to)] == dist[static_cast<std::size_t>(ch.to)] - 1)
                    hop(o, wire, tc, { c, prio });
        }
    }
    // depth-first search for a back edge
    std::map<std::pair<int, int>, int> colour;
    bool& cyclic = result.cyclic;
    std::function<void(std::pair<int, int>)> dfs = [&](std::pair<int, int> v) {
        colour[v] = 1;
        for (const auto& w : deps[v]) {
            if (colour[w] == 1)
                cyclic = true;
            else if (colour[w] == 0)
                dfs(w);
        }
        colour[v] = 2;
    };
    for (const auto& [v, next] : deps)
        if (colour[v] == 0)
            dfs(v);
    result.used = std::move(used);
    return result;
}

struct CliRun {
    int rc;
    QByteArray out, err;
};
CliRun runCli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(LFP_CLI_PATH), args);
    p.waitForFinished(300000);
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, p.readAllStandardOutput(), p.readAllStandardError() };
}

} // namespace

class TestCertificate : public QObject {
    Q_OBJECT
private slots:
    void agreesWithExhaustiveSweep_data()
    {
        QTest::addColumn<QString>("fabric");
        QTest::addColumn<int>("routing");
        QTest::addColumn<int>("k");
        QTest::addColumn<bool>("holds");
        QTest::newRow("fat-tree k=8, K=2, ecmp") << "ft8" << static_cast<int>(RoutingModel::Ecmp) << 2 << true;
        QTest::newRow("fat-tree k=8, K=3, ecmp") << "ft8" << static_cast<int>(RoutingModel::Ecmp) << 3 << true;
        QTest::newRow("fat-tree k=8, K=2, updown") << "ft8" << static_cast<int>(RoutingModel::UpDown) << 2 << true;
        QTest::newRow("fat-tree k=4, K=3, ecmp") << "ft4" << static_cast<int>(RoutingModel::Ecmp) << 3 << false;
        QTest::newRow("fat-tree k=4, K=3, updown") << "ft4" << static_cast<int>(RoutingModel::UpDown) << 3 << true;
        QTest::newRow("clos 2x4, K=3, ecmp") << "clos" << static_cast<int>(RoutingModel::Ecmp) << 3 << false;
        QTest::newRow("ib fattree_2x4, K=2, ecmp") << "ib:fattree_2x4" << static_cast<int>(RoutingModel::Ecmp) << 2 << false;
    }
    void agreesWithExhaustiveSweep()
    {
        QFETCH(QString, fabric);
        QFETCH(int, routing);
        QFETCH(int, k);
        QFETCH(bool, holds);
        const Fabric f = fabricNamed(fabric);
        const Topology t = buildTopology(f);
        const auto classes = classMasks(f, t, std::nullopt);
        const auto m = static_cast<RoutingModel>(routing);
        DeadlockOptions o;
        o.routing = m;
        o.fixes = false;
        const DeadlockReport healthy = analyseTopology(t, classes, LinkMask(static_cast<std::size_t>(t.linkCount), 0), o);
        const DeadlockCertificate cert = certifyDeadlock(t, classes, o, k, healthy);
        QCOMPARE(cert.holds, holds);
        QVERIFY(cert.symmetry);
        // the brute force: every set of 1..k links through the single-state analysis
        const auto sets = everySet(switchLinks(t), k);
        QCOMPARE(cert.setsTotal, sets.size());
        std::vector<char> cyclic(sets.size(), 0);
        QElapsedTimer timer;
        timer.start();
        tbb::parallel_for(std::size_t { 0 }, sets.size(), [&](std::size_t i) { cyclic[i] = cyclicFast(t, classes, m, sets[i]); });
        // the shortcut is the full analysis's verdict (checked on a stride of the sets)
        for (std::size_t i = 0; i < sets.size(); i += 997)
            QCOMPARE(cyclic[i] != 0, cyclicWith(t, classes, m, sets[i]) > 0);
        const double brute = static_cast<double>(timer.elapsed()) / 1000.0;
        std::size_t failing = 0;
        for (char c : cyclic)
            failing += c;
        QCOMPARE(cert.failingSets, failing);
        // each set's verdict is its orbit representative's, and the orbits have the sizes stated
        FailureOptions fo;
        fo.maxFailures = k;
        fo.certify = true;
        fo.explain = false;
        const FailureReport fr = analyseFailures(t, classes, o, fo);
        QVERIFY(fr.orbits && fr.orbits->applied);
        QCOMPARE(fr.outcomes.size(), fr.orbits->orbits.size());
        std::vector<std::size_t> members(fr.orbits->orbits.size(), 0);
        std::map<std::vector<int>, std::size_t> index;
        for (std::size_t i = 0; i < sets.size(); ++i) {
            index[sets[i]] = i;
            const int oi = fr.orbits->orbitIndex(sets[i]);
            QVERIFY(oi >= 0);
            QCOMPARE(fr.orbits->orbits[static_cast<std::size_t>(oi)].links.size(), sets[i].size());
            ++members[static_cast<std::size_t>(oi)];
            QCOMPARE(fr.outcomes[static_cast<std::size_t>(oi)].cyclicComponents > 0, cyclic[i] != 0);
        }
        for (std::size_t oi = 0; oi < members.size(); ++oi)
            QCOMPARE(members[oi], fr.orbits->orbits[oi].size);
        // the minimal failing sets (no failing proper subset), orbit by orbit
        std::size_t minimal = 0;
        std::set<int> minimalOrbits;
        for (std::size_t i = 0; i < sets.size(); ++i) {
            if (!cyclic[i])
                continue;
            bool isMinimal = true;
            const auto& s = sets[i];
            for (std::size_t mask = 1; mask + 1 < (std::size_t { 1 } << s.size()); ++mask) {
                std::vector<int> sub;
                for (std::size_t j = 0; j < s.size(); ++j)
                    if (mask >> j & 1)
                        sub.push_back(s[j]);
                isMinimal = isMinimal && !cyclic[index.at(sub)];
            }
            if (isMinimal) {
                ++minimal;
                minimalOrbits.insert(fr.orbits->orbitIndex(s));
            }
        }
        std::size_t reported = 0;
        std::set<int> reportedOrbits;
        for (const auto& fs : cert.failing) {
            reported += fs.represents;
            reportedOrbits.insert(fr.orbits->orbitIndex(fs.links));
            QVERIFY(!fs.cycles.empty() && !fs.cycles.front().hops.empty());
        }
        QCOMPARE(reportedOrbits, minimalOrbits);
        QCOMPARE(reported, minimal);
        if (!holds)
            QCOMPARE(cert.smallestFailing, static_cast<int>(cert.failing.front().links.size()));
        qInfo("%zu sets in %zu orbits (%zu Traces runs), %zu failing, %zu minimal; brute force %.1f s", cert.setsTotal, cert.orbits,
            cert.stabilisers, failing, minimal, brute);
    }

    /// Each statement of the argument, on the sets it settled: no-reroute and no-new-dependency sets
    /// have a graph inside the healthy one; forward-only and superset-acyclic sets are acyclic.
    void pruningArgumentHolds_data()
    {
        QTest::addColumn<QString>("fabric");
        QTest::addColumn<int>("routing");
        QTest::newRow("fat-tree k=4 ecmp") << "ft4" << static_cast<int>(RoutingModel::Ecmp);
        QTest::newRow("fat-tree k=4 updown") << "ft4" << static_cast<int>(RoutingModel::UpDown);
        QTest::newRow("clos 2x4 ecmp") << "clos" << static_cast<int>(RoutingModel::Ecmp);
        QTest::newRow("clos 2x4 with a parallel link, ecmp") << "clos-doubled" << static_cast<int>(RoutingModel::Ecmp);
        QTest::newRow("clos 2x4 with a parallel link, updown") << "clos-doubled" << static_cast<int>(RoutingModel::UpDown);
        QTest::newRow("ib fattree_2x4 ecmp") << "ib:fattree_2x4" << static_cast<int>(RoutingModel::Ecmp);
    }
    void pruningArgumentHolds()
    {
        QFETCH(QString, fabric);
        QFETCH(int, routing);
        const Fabric f = fabricNamed(fabric);
        const Topology t = buildTopology(f);
        const auto classes = classMasks(f, t, std::nullopt);
        const auto m = static_cast<RoutingModel>(routing);
        DeadlockOptions o;
        o.routing = m;
        FailureOptions fo;
        fo.maxFailures = 3;
        fo.certify = true;
        fo.explain = false;
        fo.symmetry = false;
        const FailureReport fr = analyseFailures(t, classes, o, fo);
        const auto healthyCtx = makeRoutingContext(t, m, LinkMask(static_cast<std::size_t>(t.linkCount), 0));
        const auto g0 = dl::buildFast(healthyCtx, nullptr);
        std::set<std::pair<int, int>> e0;
        for (int c = 0; c + 1 < static_cast<int>(g0.start.size()); ++c)
            for (int e = g0.start[static_cast<std::size_t>(c)]; e < g0.start[static_cast<std::size_t>(c) + 1]; ++e)
                e0.insert({ c, g0.adj[static_cast<std::size_t>(e)] });
        std::map<FailureStage, std::size_t> seen;
        for (const auto& out : fr.outcomes) {
            ++seen[out.stage];
            LinkMask down(static_cast<std::size_t>(t.linkCount), 0);
            for (int l : out.links)
                down[static_cast<std::size_t>(l)] = 1;
            const auto ctx = makeRoutingContext(t, m, down);
            const auto g = dl::buildFast(ctx, nullptr);
            const bool acyclic = dl::acyclicCsr(g.start, g.adj);
            switch (out.stage) {
            case FailureStage::NoReroute:
                for (int di = 0; di < static_cast<int>(t.edgeSwitches.size()); ++di) {
                    DestRouting a, b;
                    computeDistances(healthyCtx, t.edgeSwitches[static_cast<std::size_t>(di)], a);
                    computeDistances(ctx, t.edgeSwitches[static_cast<std::size_t>(di)], b);
                    QVERIFY(a.dist == b.dist);
                }
                [[fallthrough]];
            case FailureStage::NoNewDependency:
                for (int c = 0; c + 1 < static_cast<int>(g.start.size()); ++c)
                    for (int e = g.start[static_cast<std::size_t>(c)]; e < g.start[static_cast<std::size_t>(c) + 1]; ++e)
                        QVERIFY2(e0.count({ c, g.adj[static_cast<std::size_t>(e)] }), "a set the argument says cannot add a dependency added one");
                QVERIFY(acyclic);
                break;
            case FailureStage::ForwardOnly:
            case FailureStage::SupersetAcyclic:
                QVERIFY(acyclic);
                break;
            case FailureStage::Exact:
                QCOMPARE(out.cyclicComponents > 0, cyclicWith(t, classes, m, out.links) > 0);
                break;
            }
        }
        if (fabric == "clos-doubled")
            QVERIFY2(seen[FailureStage::NoReroute] > 0, "losing one of two parallel links re-routes nothing");
        QString stages;
        for (const auto& [s, n] : seen)
            stages += QString("%1 %2; ").arg(toString(s)).arg(n);
        qInfo("%zu sets: %s", fr.outcomes.size(), qPrintable(stages));
    }

    /// The two-failure bounce (Hu et al.): the certificate for 2 fails with that pair and its cycle.
    void bounceFixtureFails()
    {
        const Fabric f = clos2x4();
        const Topology t = buildTopology(f);
        const auto classes = classMasks(f, t, std::nullopt);
        DeadlockOptions o;
        o.fixes = false;
        const auto healthy = analyseTopology(t, classes, LinkMask(static_cast<std::size_t>(t.linkCount), 0), o);
        QVERIFY(!healthy.hasCycle());
        QVERIFY(certifyDeadlock(t, classes, o, 1, healthy).holds); // one failure: no bounce closes a loop
        const auto c = certifyDeadlock(t, classes, o, 2, healthy);
        QVERIFY(!c.holds);
        QCOMPARE(c.smallestFailing, 2);
        QCOMPARE(c.failingSets, std::size_t { 12 }); // as tst_deadlock failureSweep: (s0-lX, s1-lY), X != Y
        bool named = false;
        for (const auto& fs : c.failing) {
            QCOMPARE(fs.links.size(), std::size_t { 2 });
            std::set<std::string> ends;
            for (int l : fs.links)
                ends.insert(t.nodes[static_cast<std::size_t>(t.chFrom[static_cast<std::size_t>(2 * l)])].name);
            const auto& cy = fs.cycles.front();
            QCOMPARE(cy.hops.size(), std::size_t { 4 }); // up, down, up, down through the two other leaves
            int bounces = 0;
            for (const auto& h : cy.hops) {
                bounces += h.turn.find("bounce") != std::string::npos;
                QVERIFY2(ends.count(h.at) == 0, "the cycle runs through the leaves that kept both uplinks");
            }
            QCOMPARE(bounces, 2);
            named = true;
        }
        QVERIFY(named);
    }

    /// The Tagger fix for one-bounce paths: exactly two lossless priorities, and its configuration,
    /// walked by an independent implementation, has no cycle under any set of ≤ 2 failures (the
    /// same walk finds the cycle without the tag plan) — in Tagger's model, where the bouncing switch
    /// queues the packet by its new tag, and as a switch forwards the configuration (ingress DSCP → class
    /// → PG, the egress port's class → queue, PFC pauses per priority), where the bounce class re-queues
    /// the bounced packet (docs/deadlock.md "The bounce, re-queued").
    void taggerFixOneBounce_data()
    {
        QTest::addColumn<QString>("fabric");
        QTest::newRow("clos 2x4") << "clos";
        QTest::newRow("fat-tree k=4") << "ft4";
    }
    void taggerFixOneBounce()
    {
        QFETCH(QString, fabric);
        const Fabric f = fabricNamed(fabric);
        const Topology t = buildTopology(f);
        const auto classes = classMasks(f, t, std::nullopt);
        DeadlockOptions o;
        o.fixes = false;
        const auto healthy = analyseTopology(t, classes, LinkMask(static_cast<std::size_t>(t.linkCount), 0), o);
        const auto cert = certifyDeadlock(t, classes, o, 2, healthy);
        QVERIFY(!cert.holds);
        const AsicCatalog catalog = AsicCatalog::loadDefault();
        const CertificateFix fix = chooseCertificateFix(f, t, classes, o, cert, &catalog);
        QVERIFY(fix.needed);
        QCOMPARE(fix.chosen, std::string("tagger"));
        QCOMPARE(fix.bounces, 1);
        QCOMPARE(fix.priorities.size(), std::size_t { 2 }); // Tagger: k bounces need k + 1 lossless priorities
        QVERIFY(fix.fixedFabric);
        for (const auto& c : fix.candidates)
            QVERIFY2(c.holds, c.kind.c_str());
        // the extra priority costs buffer, and the budgets still fit (or the fix would be refused)
        if (fix.switchesBudgeted > 0) {
            QVERIFY(fix.reservedAfter.value() > fix.reservedBefore.value());
            QCOMPARE(fix.switchesNotFitting, std::size_t { 0 });
        }
        // the rules: tags never decrease; a bounce is the only change (+1, or lossy past the last tag)
        for (const auto& r : fix.rules) {
            const bool bounce = r.in == "from a higher tier" && r.out == "to a higher tier";
            QCOMPARE(r.next, bounce ? (r.tag + 1 < 2 ? r.tag + 1 : -1) : r.tag);
        }
        const Topology ft = buildTopology(*fix.fixedFabric);
        const auto sets = everySet(switchLinks(ft), 2);
        std::size_t before = 0, beforeSwitch = 0;
        std::set<int> used;
        for (const auto& s : sets) {
            // Tagger's model (the packet queued by its new tag at the bounce): what the fix re-verified
            const TagWalk w = walkTagPlan(*fix.fixedFabric, ft, s);
            QVERIFY2(!w.cyclic, "the tag plan leaves a cycle");
            used.insert(w.used.begin(), w.used.end());
            const bool cyclicBefore = walkTagPlan(f, t, s).cyclic;
            before += cyclicBefore;
            // Without a rewrite both models are one graph: the queue is the class the next switch gives.
            const TagWalk b = walkTagPlan(f, t, s, QueueBy::Switch);
            beforeSwitch += b.cyclic;
            QCOMPARE(b.unpaused, std::size_t { 0 });
            // The plan as configured, walked as a switch forwards it: the bouncing switch gives the packet
            // that arrived from a higher tier its bounce class (PG of the tag it arrived with), and the port
            // toward a higher tier queues that class in the next tag's queue, which the next switch's
            // buffer of the next tag pauses: no cycle, and no hop the pause does not stop.
            const TagWalk r = walkTagPlan(*fix.fixedFabric, ft, s, QueueBy::Switch);
            QVERIFY2(!r.cyclic, "the tag plan as configured leaves a cycle on a switch");
            QCOMPARE(r.unpaused, std::size_t { 0 });
            used.insert(r.used.begin(), r.used.end());
        }
        QCOMPARE(used, (std::set<int> { 3, 4 })); // two PFC priorities: the bounce class is a TC, not a priority
        QCOMPARE(before, cert.failingSets); // the independent walk sees the certificate's failing sets without the plan
        QCOMPARE(beforeSwitch, cert.failingSets);
        QCOMPARE(fix.bounceClasses.size(), std::size_t { 2 }); // one per tag (past the last: the lossy queue)
        for (const auto& p : fix.fixedFabric->policies) {
            if (p.name.find("-tag") == std::string::npos)
                continue; // the project's own policies, kept unchanged
            const bool host = p.name.ends_with("-tag-host"); // the last hop: every tag in the RoCE queue
            QCOMPARE(p.losslessPriorities.size(), std::size_t { host ? 1u : 2u });
            const auto b0 = static_cast<std::size_t>(fix.bounceClasses[0]), b1 = static_cast<std::size_t>(fix.bounceClasses[1]);
            QCOMPARE(p.tcToPg[b0], p.tcToPg[3]);
            QCOMPARE(p.tcToPg[b1], host ? p.tcToPg[3] : p.tcToPg[4]);
            if (p.name.ends_with("-tag-up")) {
                QCOMPARE(p.tcToQueue[b0], p.tcToQueue[4]); // the bounce re-queued in the next tag's queue
                QCOMPARE(p.tcToQueue[b1], p.tcToQueue[0]); // past the last tag: lossy
            }
        }
    }

    /// The fabric the tag plan writes, analysed by LFP itself: its ports re-tag lossless traffic, so the
    /// deadlock job decides by the walk of the configured classes (configuredclasses.h) — the healthy
    /// fabric has no cycle, no failure set of <= 2 links is cyclic, and the certificate for 2 holds where
    /// the original fabric's fails; the original fabric does not re-tag (its verdicts are the per-class
    /// ones). The walk is not a formality: the fixed fabric without its bounce re-queue (every port's
    /// class -> queue map sending the bounce class to the tag's own queue) is cyclic again.
    void fixedFabricCertifies()
    {
        const Fabric f = clos2x4();
        DeadlockJob job;
        job.certify = 2;
        job.failures = 2;
        job.fixes = false;
        const DeadlockOutcome before = runDeadlockJob(job, f);
        QVERIFY(!before.retag.any());
        QVERIFY(!before.configured);
        QVERIFY(before.certificate && !before.certificate->holds);
        QVERIFY(before.failures && before.failures->withCycles > 0);

        CertificateFix plan;
        const Fabric fixed = taggerFabric(f, 2, plan);
        const DeadlockOutcome after = runDeadlockJob(job, fixed);
        QVERIFY(after.retag.any());
        QVERIFY(after.configured);
        QVERIFY(!after.configured->cyclic);
        QVERIFY(after.configured->dependencies > 0);
        QCOMPARE(after.configured->unpausedHops, std::size_t { 0 });
        QCOMPARE(after.state, DeadlockState::NoCycle);
        QVERIFY(after.certificate);
        QVERIFY2(after.certificate->holds, "the tag plan's fabric certifies for 2 failures");
        QVERIFY(after.failures);
        QVERIFY(after.failures->cyclic.empty());

        // break the re-queue: the bounce class leaves from its own tag's queue on every port
        Fabric broken = fixed;
        for (auto& p : broken.policies)
            for (std::size_t i = 0; i < plan.bounceClasses.size(); ++i)
                p.tcToQueue[static_cast<std::size_t>(plan.bounceClasses[i])] = p.tcToQueue[static_cast<std::size_t>(plan.priorities[i])];
        const DeadlockOutcome b = runDeadlockJob(job, broken);
        QVERIFY(b.retag.any());
        QVERIFY(b.certificate);
        QVERIFY2(!b.certificate->holds, "without the re-queue the bounce closes the cycle again");
    }

    /// The failure model `switches`: the certificate (orbits of switch sets, one representative each)
    /// agrees with the brute force over every set of 1..K switches, each failed with every link it has.
    void switchFailuresAgreeWithBruteForce_data()
    {
        QTest::addColumn<QString>("fabric");
        QTest::addColumn<int>("k");
        QTest::newRow("fat-tree k=4, K=1") << "ft4" << 1;
        QTest::newRow("fat-tree k=4, K=2") << "ft4" << 2;
        QTest::newRow("fat-tree k=8, K=1") << "ft8" << 1;
        QTest::newRow("fat-tree k=8, K=2") << "ft8" << 2;
        QTest::newRow("clos 2x4, K=2") << "clos" << 2;
    }
    void switchFailuresAgreeWithBruteForce()
    {
        QFETCH(QString, fabric);
        QFETCH(int, k);
        const Fabric f = fabricNamed(fabric);
        const Topology t = buildTopology(f);
        const auto classes = classMasks(f, t, std::nullopt);
        DeadlockOptions o;
        o.fixes = false;
        const DeadlockReport healthy = analyseTopology(t, classes, LinkMask(static_cast<std::size_t>(t.linkCount), 0), o);
        const DeadlockCertificate cert = certifySwitchFailures(t, classes, o, k, healthy);
        QCOMPARE(cert.failureModel, std::string("switches"));
        QVERIFY(cert.symmetry);
        // the brute force: every set of 1..k switches, every link touching one of them down
        std::vector<int> switches;
        for (std::size_t n = 0; n < t.nodes.size(); ++n)
            if (t.nodes[n].isSwitch)
                switches.push_back(static_cast<int>(n));
        const auto sets = everySet(switches, k);
        QCOMPARE(cert.setsTotal, sets.size());
        QVERIFY(cert.orbits < sets.size());
        std::vector<char> cyclic(sets.size(), 0);
        tbb::parallel_for(std::size_t { 0 }, sets.size(), [&](std::size_t i) {
            std::vector<int> links;
            for (const auto& ch : t.channels)
                if (std::find(sets[i].begin(), sets[i].end(), ch.from) != sets[i].end())
                    links.push_back(ch.link);
            cyclic[i] = cyclicFast(t, classes, RoutingModel::Ecmp, links);
        });
        std::size_t failing = 0, smallest = 0;
        for (std::size_t i = 0; i < sets.size(); ++i)
            if (cyclic[i]) {
                ++failing;
                smallest = smallest ? std::min(smallest, sets[i].size()) : sets[i].size();
            }
        QCOMPARE(cert.failingSets, failing);
        QCOMPARE(cert.holds, failing == 0);
        QCOMPARE(static_cast<std::size_t>(cert.smallestFailing), smallest);
        std::size_t covered = 0;
        for (const auto& st : cert.stages)
            covered += st.sets;
        QCOMPARE(covered, sets.size()); // the orbit sizes add up to every set
        for (const auto& fl : cert.failing)
            QVERIFY(!fl.switches.empty() && !fl.cycles.empty());
        // without the symmetry: one representative per set, the same verdict
        const DeadlockCertificate plain = certifySwitchFailures(t, classes, o, k, healthy, nullptr, false);
        QCOMPARE(plain.orbits, sets.size());
        QCOMPARE(plain.failingSets, failing);
    }

    void switchFailureModelCli()
    {
        QTemporaryDir dir;
        const QString clos = dir.filePath("clos.json");
        saveFabricFile(clos2x4(), clos.toStdString());
        auto r = runCli({ "deadlock", clos, "--certify", "2", "--failure-model", "switches", "--json", "--no-fixes" });
        QVERIFY2(r.rc == 0 || r.rc == 1, r.err.constData());
        const auto c = nlohmann::json::parse(r.out.toStdString())["certificate"];
        QCOMPARE(c["failure_model"].get<std::string>(), std::string("switches"));
        QCOMPARE(c["sets_total"].get<int>(), 6 + 15); // 6 switches: C(6,1) + C(6,2)
        QCOMPARE(r.rc, c["holds"].get<bool>() ? 0 : 1);
        for (const auto& fl : c["failing"])
            QVERIFY(fl.contains("switches") && fl.contains("links"));
        r = runCli({ "deadlock", clos, "--certify", "1", "--failure-model", "switches" });
        QVERIFY(r.out.contains("failure model: switches"));
        QCOMPARE(runCli({ "deadlock", clos, "--certify", "1", "--failure-model", "nodes" }).rc, 2);
    }

    /// `--fix-out` on the bounce fixture: the tag plan reaches the device plans and the three renderers.
    /// SONiC writes all of it: per port the DSCP → class map (the bounce class of the down marker), the
    /// class → PG and class → queue maps (the bounce class in the next tag's queue on the ports toward a
    /// higher tier) and the remark (TC_TO_DSCP_MAP); NVUE and EOS have one global class → queue map, so
    /// their exports name the re-queue as not written, and EOS its per-port remarks.
    void fixOutWritesTheRewrite()
    {
        QTemporaryDir dir;
        const QString clos = dir.filePath("clos.json");
        saveFabricFile(clos2x4(), clos.toStdString());
        const QString out = dir.filePath("fix");
        auto r = runCli({ "deadlock", clos, "--certify", "2", "--fix-out", out, "--json" });
        QCOMPARE(r.rc, 1);
        const auto j = nlohmann::json::parse(r.out.toStdString());
        CertificateFix plan;
        const Fabric fixed = taggerFabric(clos2x4(), 2, plan);
        // the fixed fabric as written reads back the same (the bounce classes' lossless_as included)
        QVERIFY(readFabricJson((out + "/fabric.json").toStdString()).policies == fixed.policies);
        const int up0 = plan.tagDscp[0], down0 = plan.downDscp[0], up1 = plan.tagDscp[1];
        const std::string b0 = std::to_string(plan.bounceClasses.at(0));
        QCOMPARE(j["certificate"]["fix"]["bounce_classes"].size(), std::size_t { 2 });
        auto read = [&](const QString& rel) {
            QFile f(out + "/" + rel);
            return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
        };
        // SONiC: a spine's ports all face leaves (toward a lower tier): class 3 leaves with the down marker
        const auto spine = nlohmann::json::parse(read("sonic/spine0.json").toStdString());
        QCOMPARE(spine["TC_TO_DSCP_MAP"]["roce-lossless-tag-down"]["3"].get<std::string>(), std::to_string(down0));
        QCOMPARE(spine["PORT_QOS_MAP"]["p1"]["tc_to_dscp_map"].get<std::string>(), std::string("roce-lossless-tag-down"));
        // a leaf: the down marker is the bounce class, admitted into PG 3; its up ports (p3, p4) queue it in
        // queue 4 and remark it to the next tag's DSCP; its host ports queue it in 3 and restore the RoCE DSCP
        const auto leaf = nlohmann::json::parse(read("sonic/leaf0.json").toStdString());
        QCOMPARE(leaf["PORT_QOS_MAP"]["p3"]["tc_to_queue_map"].get<std::string>(), std::string("roce-lossless-tag-up"));
        QCOMPARE(leaf["DSCP_TO_TC_MAP"]["roce-lossless-tag-up"][std::to_string(down0)].get<std::string>(), b0);
        QCOMPARE(leaf["TC_TO_PRIORITY_GROUP_MAP"]["roce-lossless-tag-up"][b0].get<std::string>(), std::string("3"));
        QCOMPARE(leaf["TC_TO_QUEUE_MAP"]["roce-lossless-tag-up"][b0].get<std::string>(), std::string("4"));
        QCOMPARE(leaf["TC_TO_DSCP_MAP"]["roce-lossless-tag-up"][b0].get<std::string>(), std::to_string(up1));
        QCOMPARE(leaf["TC_TO_QUEUE_MAP"]["roce-lossless-tag-host"][b0].get<std::string>(), std::string("3"));
        QCOMPARE(leaf["TC_TO_DSCP_MAP"]["roce-lossless-tag-host"][b0].get<std::string>(), std::to_string(up0));
        QCOMPARE(leaf["PORT_QOS_MAP"]["p1"]["pfc_enable"].get<std::string>(), std::string("3")); // toward a host: the NIC's one priority
        QCOMPARE(leaf["PORT_QOS_MAP"]["p3"]["pfc_enable"].get<std::string>(), std::string("3,4"));
        // EOS: the spine's one global map; NVUE: remark profiles bound per port
        const QString eos = read("eos/spine0.eos.cfg");
        QVERIFY(eos.contains("qos rewrite dscp"));
        QVERIFY(eos.contains(QString("qos map traffic-class 3 to dscp %1").arg(down0)));
        QVERIFY(!read("eos/leaf0.eos.cfg").contains("qos rewrite dscp")); // its ports rewrite class 3 differently
        const QString nvue = read("nvue/spine0.nvue.txt");
        // NVUE: a remark profile per rewriting policy, bound on its ports (never default-global, which
        // would remark the ports that rewrite nothing)
        QVERIFY(nvue.contains(QString("nv set qos remark roce-lossless-tag-down switch-priority 3 dscp %1").arg(down0)));
        QVERIFY(nvue.contains("nv set qos remark roce-lossless-tag-down rewrite l3"));
        QVERIFY(nvue.contains("nv set interface p1 qos remark profile roce-lossless-tag-down"));
        const QString nvueLeaf = read("nvue/leaf0.nvue.txt");
        QVERIFY(nvueLeaf.contains(QString("nv set qos remark roce-lossless-tag-host switch-priority %1 dscp %2").arg(QString::fromStdString(b0)).arg(up0)));
        QVERIFY(nvueLeaf.contains(QString("nv set qos remark roce-lossless-tag-up switch-priority %1 dscp %2").arg(QString::fromStdString(b0)).arg(up1)));
        QVERIFY(nvueLeaf.contains("nv set interface p1 qos remark profile roce-lossless-tag-host"));
        // per target: SONiC re-queues the bounce; EOS and NVUE cannot (one global class → queue map) and say so
        for (const auto& v : j["fix_out"]["vendors"]) {
            const std::string vendor = v["vendor"].get<std::string>();
            QCOMPARE(v["bounce_requeued"].get<bool>(), vendor == "sonic");
            QCOMPARE(v["queue_map_not_written"].empty(), vendor == "sonic");
            QCOMPARE(v["rewrite_not_written"].empty(), vendor != "eos");
        }
    }

    void cli()
    {
        QTemporaryDir dir;
        const QString clos = dir.filePath("clos.json");
        saveFabricFile(clos2x4(), clos.toStdString());
        auto r = runCli({ "deadlock", clos, "--certify", "2", "--json" });
        QCOMPARE(r.rc, 1); // does not hold
        auto j = nlohmann::json::parse(r.out.toStdString());
        const auto& c = j["certificate"];
        for (const char* key : { "k", "holds", "routing", "priorities", "failure_model", "orbits", "sets_total", "sets_analysed", "failing" })
            QVERIFY2(c.contains(key), key);
        QCOMPARE(c["k"].get<int>(), 2);
        QCOMPARE(c["holds"].get<bool>(), false);
        QCOMPARE(c["routing"].get<std::string>(), std::string("ecmp"));
        QCOMPARE(c["failure_model"].get<std::string>(), std::string("links"));
        QCOMPARE(c["sets_total"].get<int>(), 8 + 28);
        QVERIFY(c["failing"][0]["links"].size() == 2 && c["failing"][0]["cycle"].size() == 4);
        r = runCli({ "deadlock", clos, "--certify", "1" });
        QCOMPARE(r.rc, 0);
        QVERIFY(r.out.contains("HOLDS"));
        QVERIFY(r.out.contains("symmetry classes:"));
        QVERIFY(r.out.contains("no-reroute"));
        r = runCli({ "deadlock", clos, "--certify", "2" });
        QCOMPARE(r.rc, 1);
        QVERIFY(r.out.contains("DOES NOT HOLD"));
        QVERIFY(r.out.contains("down->up bounce"));
        r = runCli({ "deadlock", clos, "--certify", "3", "--routing", "updown", "--json" });
        QCOMPARE(r.rc, 0);
        QCOMPARE(nlohmann::json::parse(r.out.toStdString())["certificate"]["holds"].get<bool>(), true);
        QCOMPARE(runCli({ "deadlock", clos, "--certify", "4" }).rc, 2);
    }
};

QTEST_MAIN(TestCertificate)
#include "tst_certificate.moc"
