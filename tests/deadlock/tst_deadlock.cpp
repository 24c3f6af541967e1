// SPDX-License-Identifier: GPL-3.0-or-later
// Deadlock analysis: known answers (healthy Clos, rings, the two-failure Clos bounce case of Hu et al.
// HotNets'16), fixes, the failure sweep (incremental = from scratch), static routes, and the InfiniBand
// fixtures made with ibsim + OpenSM (tests/data/ib), whose verdicts must agree with ibdmchk's.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#ifndef Q_MOC_RUN
#include "model/errors.h"
#include "model/projectstore.h"
#include "planner/routing/deadlock.h"
#include "planner/routing/deadlock_internal.h"
#include "model/generators.h"
#include "importers/ibdump.h"
#include "importers/importer.h"
#include "importers/staticroutes.h"
#include "planner/routing/failuresymmetry.h"
#include "planner/routing/ibcredit.h"

#include <map>
#include <tuple>

#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#endif

using namespace lfp;

namespace {

const std::string kIbDir = std::string(LFP_SOURCE_DIR) + "/tests/data/ib";

/// A static route file read (importers/staticroutes.h) and checked against the topology, as lfp deadlock does.
std::vector<StaticRoute> checkedRoutes(const std::string& path, const Topology& t)
{
    auto routes = readStaticRoutes(path);
    checkStaticRoutes(routes, t);
    return routes;
}

void addSwitch(Fabric& f, const std::string& name, Role role, int ports)
{
    Node n;
    n.name = name;
    n.role = role;
    for (int p = 1; p <= ports; ++p)
        n.ports.push_back(Port { fmt::format("p{}", p), BitsPerSecond(400'000'000'000) });
    f.nodes.push_back(std::move(n));
}
void addHost(Fabric& f, const std::string& name)
{
    Node n;
    n.name = name;
    n.role = Role::Host;
    n.ports.push_back(Port { "nic0", BitsPerSecond(100'000'000'000) });
    f.nodes.push_back(std::move(n));
}
void connect(Fabric& f, const std::string& a, int pa, const std::string& b, int pb)
{
    Link l;
    l.a = { a, pa > 0 ? fmt::format("p{}", pa) : "nic0" };
    l.b = { b, pb > 0 ? fmt::format("p{}", pb) : "nic0" };
    f.links.push_back(l);
}
void bindDefaultPolicy(Fabric& f)
{
    auto p = defaultRocePolicy();
    f.policies.push_back(p);
    for (Role r : { Role::Leaf, Role::Spine, Role::SuperSpine, Role::Host })
        f.bindings.push_back({ r, p.name });
}

/// Ring of n switches (all "leaf"), 2 hosts each. Port 7 → next switch's port 8.
Fabric ring(int n)
{
    Fabric f;
    f.name = fmt::format("ring{}", n);
    for (int i = 0; i < n; ++i)
        addSwitch(f, fmt::format("sw{}", i), Role::Leaf, 8);
    for (int i = 0; i < n; ++i) {
        connect(f, fmt::format("sw{}", i), 7, fmt::format("sw{}", (i + 1) % n), 8);
        for (int h = 0; h < 2; ++h) {
            addHost(f, fmt::format("h{}", 2 * i + h));
            connect(f, fmt::format("h{}", 2 * i + h), 0, fmt::format("sw{}", i), h + 1);
        }
    }
    bindDefaultPolicy(f);
    return f;
}

/// The Clos slice of the published bounce case: 2 spines, 4 leaves, 2 hosts per leaf; links
/// "spineS-leafL" listed in @p failed are left out (the failure).
Fabric clos2x4(const std::set<std::string>& failed = {})
{
    Fabric f;
    f.name = "clos2x4";
    for (int s = 0; s < 2; ++s)
        addSwitch(f, fmt::format("spine{}", s), Role::Spine, 4);
    for (int l = 0; l < 4; ++l) {
        addSwitch(f, fmt::format("leaf{}", l), Role::Leaf, 4);
        for (int h = 0; h < 2; ++h) {
            addHost(f, fmt::format("h{}", 2 * l + h));
            connect(f, fmt::format("h{}", 2 * l + h), 0, fmt::format("leaf{}", l), h + 1);
        }
        for (int s = 0; s < 2; ++s)
            if (!failed.count(fmt::format("spine{}-leaf{}", s, l)))
                connect(f, fmt::format("leaf{}", l), 3 + s, fmt::format("spine{}", s), l + 1);
    }
    bindDefaultPolicy(f);
    return f;
}

std::set<std::string> cycleLinks(const CycleReport& c)
{
    std::set<std::string> s;
    for (const auto& h : c.hops)
        s.insert(h.link);
    return s;
}
std::set<std::string> nodesOfLinks(const std::set<std::string>& links)
{
    std::set<std::string> pairs;
    for (const auto& l : links) {
        // "a:p -- b:q" → "a|b" sorted
        const auto sep = l.find(" -- ");
        auto a = l.substr(0, l.find(':'));
        auto b = l.substr(sep + 4, l.find(':', sep + 4) - sep - 4);
        if (b < a)
            std::swap(a, b);
        pairs.insert(a + "|" + b);
    }
    return pairs;
}

DeadlockReport analyse(const Fabric& f, RoutingModel m, bool fixes = false)
{
    DeadlockOptions o;
    o.routing = m;
    o.fixes = fixes;
    return analyseDeadlock(f, o);
}

std::map<std::string, std::string> readSummary()
{
    std::map<std::string, std::string> m;
    std::ifstream in(kIbDir + "/summary.tsv");
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
        std::istringstream ss(line);
        std::string t, e, by, v;
        ss >> t >> e >> by >> v;
        m[t + "/" + e] = v;
    }
    return m;
}

IbFabric loadIb(const std::string& topo, const std::string& engine, bool withSl = true, bool withVl = true)
{
    IbFabric ib = readIbnetdiscover(kIbDir + "/" + topo + "/ibnetdiscover.txt");
    readLftDump(ib, kIbDir + "/" + topo + "/" + engine + "/opensm-lfts.dump");
    if (withSl)
        readPathSl(ib, kIbDir + "/" + topo + "/" + engine + "/path_sl.txt");
    if (withVl)
        readSl2vl(ib, kIbDir + "/" + topo + "/" + engine + "/opensm-sl2vl.dump");
    return ib;
}

struct CliRun {
    int rc;
    QByteArray out, err;
};
CliRun runCli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(LFP_CLI_PATH), args);
    p.waitForFinished(120000);
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, p.readAllStandardOutput(), p.readAllStandardError() };
}

class CancelAt : public Feedback {
protected:
    void progressChanged(double p) override
    {
        if (p > 20)
            cancel();
    }
};

} // namespace

class TestDeadlock : public QObject {
    Q_OBJECT
private slots:
    // ---- healthy Clos fabrics: no cycle under ECMP and up*/down* ----
    void healthyClos_data()
    {
        QTest::addColumn<QString>("fabric");
        QTest::addColumn<int>("routing");
        for (const char* fab : { "leafspine", "fattree4", "fattree8", "rail", "clos2x4" })
            for (auto m : { RoutingModel::Ecmp, RoutingModel::UpDown })
                QTest::newRow(fmt::format("{} {}", fab, toString(m)).c_str()) << QString(fab) << static_cast<int>(m);
    }
    void healthyClos()
    {
        QFETCH(QString, fabric);
        QFETCH(int, routing);
        Fabric f = fabric == "leafspine" ? generateLeafSpine(4, 8, 4)
            : fabric == "fattree4"       ? generateFatTree(4)
            : fabric == "fattree8"       ? generateFatTree(8)
            : fabric == "rail"           ? generateRail(16, 8, 8, 32)
                                         : clos2x4();
        const auto r = analyse(f, static_cast<RoutingModel>(routing));
        QCOMPARE(r.cyclicComponents, std::size_t { 0 });
        QVERIFY(r.dependencies > 0);
        QCOMPARE(r.unreachable.switchPairs, std::size_t { 0 });
        QVERIFY(deadlockFindings(r).empty());
    }

    // ---- rings: shortest-path routing closes the ring; up*/down* does not ----
    void rings_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("routing");
        QTest::addColumn<int>("components");
        QTest::addColumn<int>("length");
        QTest::newRow("ring4 ecmp") << 4 << static_cast<int>(RoutingModel::Ecmp) << 2 << 4;
        QTest::newRow("ring5 ecmp") << 5 << static_cast<int>(RoutingModel::Ecmp) << 2 << 5;
        QTest::newRow("ring6 ecmp") << 6 << static_cast<int>(RoutingModel::Ecmp) << 2 << 6;
        QTest::newRow("ring4 updown") << 4 << static_cast<int>(RoutingModel::UpDown) << 0 << 0;
        QTest::newRow("ring5 updown") << 5 << static_cast<int>(RoutingModel::UpDown) << 0 << 0;
    }
    void rings()
    {
        QFETCH(int, n);
        QFETCH(int, routing);
        QFETCH(int, components);
        QFETCH(int, length);
        const auto r = analyse(ring(n), static_cast<RoutingModel>(routing), true);
        QCOMPARE(static_cast<int>(r.cyclicComponents), components);
        QCOMPARE(r.priorities, std::vector<int> { 3 });
        for (const auto& c : r.cycles) {
            QCOMPARE(static_cast<int>(c.hops.size()), length);
            QCOMPARE(static_cast<int>(cycleLinks(c).size()), n); // every ring link once
            QVERIFY(!c.routingLoop);
            for (const auto& h : c.hops) {
                QVERIFY(h.flowCount > 0);
                QVERIFY(!h.flows.empty());
            }
            // Tagger-style fix on a ring: checked, removes the cycle with one extra priority (a dateline).
            bool tagger = false;
            for (const auto& fx : c.fixes)
                if (fx.kind == "tagger") {
                    tagger = true;
                    QVERIFY(fx.checked);
                    QVERIFY(fx.removesAll);
                    QCOMPARE(fx.cost, 1.0);
                }
            QVERIFY(tagger);
        }
        if (components) {
            const auto fs = deadlockFindings(r);
            QCOMPARE(fs.size(), static_cast<std::size_t>(components));
            QCOMPARE(fs[0].code, std::string("LFP-DEADLOCK-CYCLE"));
            QCOMPARE(fs[0].severity, Severity::Error);
            QCOMPARE(static_cast<int>(fs[0].objects.size()), n);
        }
    }

    // ---- ECMP 64 destinations at a time equals one destination at a time ----
    void ecmpWordParallelEqualsPerDestination_data()
    {
        QTest::addColumn<QString>("fabric");
        QTest::addColumn<int>("failures"); // random links down (seeded)
        QTest::newRow("ring5") << "ring5" << 0;
        QTest::newRow("ring70 (two words, the second partial)") << "ring70" << 0;
        QTest::newRow("line300 (distances beyond the 254-hop cap)") << "line300" << 0;
        QTest::newRow("clos2x4 bounce") << "clos-bounce" << 0;
        QTest::newRow("fat-tree k=8") << "ft8" << 0;
        QTest::newRow("fat-tree k=8, 6 links down") << "ft8" << 6;
        QTest::newRow("fat-tree k=8, 200 links down (partitions)") << "ft8" << 200;
        QTest::newRow("fat-tree k=16") << "ft16" << 0;
        QTest::newRow("fat-tree k=16, 25 links down") << "ft16" << 25;
    }
    void ecmpWordParallelEqualsPerDestination()
    {
        QFETCH(QString, fabric);
        QFETCH(int, failures);
        Fabric f;
        int closing = -1;
        if (fabric == "ring5")
            f = ring(5);
        else if (fabric == "ring70")
            f = ring(70);
        else if (fabric == "line300") {
            f = ring(300);
            closing = 299 * 3; // ring(): the link sw299 → sw0 is the first of switch 299's three
        } else if (fabric == "clos-bounce")
            f = clos2x4({ "spine0-leaf0", "spine1-leaf1" });
        else
            f = generateFatTree(fabric == "ft8" ? 8 : 16);
        const Topology t = buildTopology(f);
        LinkMask down(dl::sz(t.linkCount), 0);
        if (closing >= 0)
            down[dl::sz(closing)] = 1;
        std::vector<int> switchLinks;
        for (int l = 0; l < t.linkCount; ++l)
            if (t.isSwitchLink(l))
                switchLinks.push_back(l);
        std::uint64_t x = 0x9e3779b97f4a7c15ULL;
        for (int i = 0; i < failures; ++i) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            down[dl::sz(switchLinks[x % switchLinks.size()])] = 1;
        }
        const RoutingContext ctx = makeRoutingContext(t, RoutingModel::Ecmp, down);
        const auto a = dl::buildFast(ctx, nullptr, 0, 0, dl::EcmpMethod::WordParallel);
        const auto b = dl::buildFast(ctx, nullptr, 0, 0, dl::EcmpMethod::PerDestination);
        QCOMPARE(a.words, b.words);
        QVERIFY(a.carried == b.carried);
        QVERIFY(a.nextU == b.nextU);
        QVERIFY(a.start == b.start);
        QVERIFY(a.adj == b.adj);
        QVERIFY(a.unreachable == b.unreachable);
        QVERIFY(!a.adj.empty());
        if (failures >= 200 || fabric == "line300")
            QVERIFY(!a.unreachable.empty()); // the comparison covers lost flows too
    }

    // ---- the published Clos case: two link failures make traffic bounce ----
    void closTwoFailures_data()
    {
        QTest::addColumn<int>("routing");
        QTest::addColumn<int>("components");
        QTest::addColumn<int>("lostHostPairs");
        QTest::newRow("ecmp") << static_cast<int>(RoutingModel::Ecmp) << 2 << 0; // one cycle per orientation
        QTest::newRow("updown") << static_cast<int>(RoutingModel::UpDown) << 0 << 8;
    }
    void closTwoFailures()
    {
        QFETCH(int, routing);
        QFETCH(int, components);
        QFETCH(int, lostHostPairs);
        const Fabric f = clos2x4({ "spine0-leaf0", "spine1-leaf1" });
        const auto r = analyse(f, static_cast<RoutingModel>(routing), true);
        QCOMPARE(static_cast<int>(r.cyclicComponents), components);
        QCOMPARE(static_cast<int>(r.unreachable.pairs), lostHostPairs); // ibdmchk on updn-roots: 8 missing paths
        if (!components)
            return;
        for (const auto& c : r.cycles) {
        QCOMPARE(c.hops.size(), std::size_t { 4 });
        // exactly the four links between the spines and the two leaves that still have both uplinks
        QCOMPARE(nodesOfLinks(cycleLinks(c)), (std::set<std::string> { "leaf2|spine0", "leaf2|spine1", "leaf3|spine0", "leaf3|spine1" }));
        int bounces = 0;
        for (const auto& h : c.hops)
            bounces += h.turn.find("bounce") != std::string::npos;
        QCOMPARE(bounces, 2); // up, down, up, down: two leaf bounces
        std::map<std::string, const FixCandidate*> fixes;
        for (const auto& fx : c.fixes)
            fixes[fx.kind] = &fx;
        QVERIFY(fixes.count("updown-only") && fixes["updown-only"]->removesAll);
        QCOMPARE(fixes["updown-only"]->cost, 8.0); // 8 host pairs (leaf0 <-> leaf1) lose their path
        QVERIFY(fixes.count("demote-bounced") && fixes["demote-bounced"]->removesAll);
        QVERIFY(fixes.count("tagger") && fixes["tagger"]->removesAll);
        QCOMPARE(fixes["tagger"]->cost, 1.0); // 2 lossless priorities (DL-6)
        QVERIFY(fixes.count("route-change") && fixes["route-change"]->removesAll);
        QVERIFY(!fixes["route-change"]->staticRoutes.empty());
        }
    }

    // ---- failure sweep: incremental and from-scratch agree; the bounce pair is found ----
    void failureSweep_data()
    {
        QTest::addColumn<int>("routing");
        QTest::addColumn<bool>("fatTree");
        QTest::newRow("ecmp") << static_cast<int>(RoutingModel::Ecmp) << false;
        QTest::newRow("updown") << static_cast<int>(RoutingModel::UpDown) << false;
        QTest::newRow("fat-tree k=4 ecmp") << static_cast<int>(RoutingModel::Ecmp) << true;
        QTest::newRow("fat-tree k=4 updown") << static_cast<int>(RoutingModel::UpDown) << true;
    }
    void failureSweep()
    {
        QFETCH(int, routing);
        QFETCH(bool, fatTree);
        const Fabric f = fatTree ? generateFatTree(4) : clos2x4();
        const Topology t = buildTopology(f);
        const auto classes = classMasks(f, t, std::nullopt);
        DeadlockOptions o;
        o.routing = static_cast<RoutingModel>(routing);
        FailureOptions fo;
        fo.maxFailures = 2;
        fo.explain = false;
        fo.maxReported = 1000;
        fo.symmetry = false; // this test compares incremental and from scratch set for set
        fo.prune = false;
        const auto inc = analyseFailures(t, classes, o, fo);
        fo.incremental = false;
        const auto full = analyseFailures(t, classes, o, fo);
        QCOMPARE(inc.withCycles, full.withCycles);
        QCOMPARE(inc.withLostFlows, full.withLostFlows);
        std::vector<std::vector<int>> a, b;
        for (const auto& s : inc.cyclic)
            a.push_back(s.links);
        for (const auto& s : full.cyclic)
            b.push_back(s.links);
        QCOMPARE(a, b);
        if (fatTree) {
            QCOMPARE(inc.scenariosTotal, std::size_t { 32 + 32 * 31 / 2 });
            if (o.routing == RoutingModel::UpDown)
                QCOMPARE(inc.withCycles, std::size_t { 0 });
            else
                QVERIFY(inc.withCycles > 0); // bounces after two failures (Hu et al.)
            return;
        }
        QCOMPARE(inc.scenariosTotal, std::size_t { 8 + 28 });
        if (o.routing == RoutingModel::UpDown) {
            QCOMPARE(inc.withCycles, std::size_t { 0 });
            QVERIFY(inc.withLostFlows > 0); // e.g. spine0-leaf0 + spine1-leaf1: leaf0 <-> leaf1
        } else {
            // pairs that leave two leaves on different single spines: (s0-lX, s1-lY), X != Y → 12 sets
            QCOMPARE(inc.withCycles, std::size_t { 12 });
            QCOMPARE(inc.withLostFlows, std::size_t { 4 }); // a leaf cut off (both uplinks down)
            bool found = false;
            for (const auto& s : inc.cyclic)
                found = found || nodesOfLinks({ s.linkNames.begin(), s.linkNames.end() }) == std::set<std::string> { "leaf0|spine0", "leaf1|spine1" };
            QVERIFY(found);
            QVERIFY(inc.fullRecomputes < full.fullRecomputes);
        }
    }

    void failureSample()
    {
        const Fabric f = generateFatTree(4);
        const Topology t = buildTopology(f);
        const auto classes = classMasks(f, t, std::nullopt);
        FailureOptions fo;
        fo.maxFailures = 2;
        fo.sampleLimit = 50;
        fo.seed = 7;
        fo.explain = false;
        fo.symmetry = false; // the sample is drawn from every failure set
        const auto r1 = analyseFailures(t, classes, {}, fo);
        const auto r2 = analyseFailures(t, classes, {}, fo);
        QVERIFY(r1.sampled);
        QCOMPARE(r1.scenariosRun, std::size_t { 50 });
        QCOMPARE(r1.scenariosTotal, std::size_t { 32 + 32 * 31 / 2 });
        QCOMPARE(r1.withCycles, r2.withCycles);
    }

    // ---- symmetry classes and independent pairs give the exhaustive sweep's answer ----
    void symmetricSweep_data()
    {
        QTest::addColumn<QString>("fabric");
        QTest::addColumn<int>("routing");
        QTest::addColumn<bool>("expectSymmetry");
        QTest::newRow("fat-tree k=8 ecmp") << "ft8" << static_cast<int>(RoutingModel::Ecmp) << true;
        QTest::newRow("fat-tree k=8 updown") << "ft8" << static_cast<int>(RoutingModel::UpDown) << true;
        QTest::newRow("fat-tree k=4 ecmp") << "ft4" << static_cast<int>(RoutingModel::Ecmp) << true;
        QTest::newRow("clos 2x4 ecmp") << "clos" << static_cast<int>(RoutingModel::Ecmp) << true;
        QTest::newRow("leaf-spine 4x6 ecmp") << "ls" << static_cast<int>(RoutingModel::Ecmp) << true;
        // the InfiniBand fixtures, imported from their ibnetdiscover files (no generator behind them)
        QTest::newRow("ib fattree_2x4 ecmp") << "ib:fattree_2x4" << static_cast<int>(RoutingModel::Ecmp) << true;
        QTest::newRow("ib fattree_2x4 updown") << "ib:fattree_2x4" << static_cast<int>(RoutingModel::UpDown) << true;
        QTest::newRow("ib fattree_2x4_fail2 ecmp") << "ib:fattree_2x4_fail2" << static_cast<int>(RoutingModel::Ecmp) << true;
        QTest::newRow("ib ring5 ecmp") << "ib:ring5" << static_cast<int>(RoutingModel::Ecmp) << true;
        QTest::newRow("ib ring4 updown (same-tier links: no symmetry)") << "ib:ring4" << static_cast<int>(RoutingModel::UpDown) << false;
    }
    void symmetricSweep()
    {
        QFETCH(QString, fabric);
        QFETCH(int, routing);
        QFETCH(bool, expectSymmetry);
        Fabric f;
        if (fabric == "ft8")
            f = generateFatTree(8);
        else if (fabric == "ft4")
            f = generateFatTree(4);
        else if (fabric == "clos")
            f = clos2x4();
        else if (fabric == "ls")
            f = generateLeafSpine(4, 6, 2);
        else {
            const std::string dir = kIbDir + "/" + fabric.mid(3).toStdString();
            f = findImporter("ibnetdiscover")->read({ dir + "/ibnetdiscover.txt" }, nullptr).fragment;
        }
        const Topology t = buildTopology(f);
        const auto classes = classMasks(f, t, std::nullopt);
        DeadlockOptions o;
        o.routing = static_cast<RoutingModel>(routing);
        o.fixes = false;
        FailureOptions fo;
        fo.maxFailures = 2;
        fo.explain = true; // cycles in detail, to compare them
        fo.maxReported = 1'000'000;
        fo.symmetry = false;
        fo.prune = false;
        const auto ex = analyseFailures(t, classes, o, fo);
        QVERIFY(ex.exhaustive);
        QCOMPARE(ex.scenariosRun, ex.scenariosTotal);
        fo.symmetry = true;
        fo.prune = true;
        const auto sy = analyseFailures(t, classes, o, fo);
        fo.symmetry = false;
        const auto pr = analyseFailures(t, classes, o, fo); // pruning alone: set for set
        QCOMPARE(sy.symmetry, expectSymmetry);
        QCOMPARE(sy.scenariosTotal, ex.scenariosTotal);
        QCOMPARE(sy.withCycles, ex.withCycles);
        QCOMPARE(sy.withLostFlows, ex.withLostFlows);
        QCOMPARE(pr.withCycles, ex.withCycles);
        QCOMPARE(pr.withLostFlows, ex.withLostFlows);
        QCOMPARE(sy.classes, sy.scenariosRun);
        if (expectSymmetry)
            QVERIFY2(sy.scenariosRun < ex.scenariosRun, qPrintable(QString("%1 classes").arg(sy.scenariosRun)));
        // the same cycles: per failure set the component count and the multiset of cycle lengths
        auto signature = [](const FailureScenario& s) {
            std::multiset<std::pair<std::size_t, std::size_t>> sig;
            for (const auto& c : s.cycles)
                sig.insert({ c.hops.size(), c.componentSize });
            return std::make_tuple(s.cyclicComponents, sig, s.lost.pairs, s.lost.switchPairs);
        };
        std::map<std::vector<int>, const FailureScenario*> exCyclic, exLossy;
        for (const auto& s : ex.cyclic)
            exCyclic[s.links] = &s;
        for (const auto& s : ex.lossy)
            exLossy[s.links] = &s;
        QCOMPARE(pr.cyclic.size(), ex.cyclic.size());
        for (const auto& s : pr.cyclic)
            QVERIFY(exCyclic.count(s.links) && signature(*exCyclic[s.links]) == signature(s));
        QCOMPARE(pr.lossy.size(), ex.lossy.size());
        for (const auto& s : pr.lossy)
            QVERIFY(exLossy.count(s.links) && signature(*exLossy[s.links]) == signature(s));
        // every representative's orbit: as many sets as it stands for, each with the same answer
        const auto sym = computeLinkSymmetry(t, classes, o.routing, false, true);
        QCOMPARE(sym.applied, expectSymmetry);
        auto covers = [&](const std::vector<FailureScenario>& reps, std::map<std::vector<int>, const FailureScenario*>& exhaustive) {
            std::size_t covered = 0;
            for (const auto& s : reps) {
                const auto orbit = expectSymmetry ? failureOrbit(sym, s.links) : std::vector<std::vector<int>> { s.links };
                QCOMPARE(orbit.size(), s.represents);
                for (const auto& member : orbit) {
                    QVERIFY2(exhaustive.count(member), "a set symmetric to a representative is not in the exhaustive list");
                    QVERIFY(signature(*exhaustive[member]) == signature(s));
                }
                covered += orbit.size();
            }
            QCOMPARE(covered, exhaustive.size());
        };
        covers(sy.cyclic, exCyclic);
        covers(sy.lossy, exLossy);
        qInfo("%zu failure sets, %zu classes (%zu generators), %zu with cycles, %zu losing flows, %zu independent pairs", ex.scenariosTotal,
            sy.classes, sy.symmetryGenerators, ex.withCycles, ex.withLostFlows, pr.independentPairs);
        if (fabric == "ft4" || fabric == "clos")
            QVERIFY(ex.withCycles > 0); // two failures make bounces that close cycles (Hu et al.)
        if (fabric == "ft8") // every pair of failures of a k=8 fat-tree: no cycle, no flow lost (k/2 = 4 paths up)
            QCOMPARE(ex.withCycles + ex.withLostFlows, std::size_t { 0 });
        if (fabric == "ls")
            QVERIFY(pr.independentPairs > 0); // e.g. two leaves losing their link to one spine
    }

    void cancel()
    {
        const Fabric f = generateFatTree(8);
        const Topology t = buildTopology(f);
        const auto classes = classMasks(f, t, std::nullopt);
        CancelAt fb;
        FailureOptions fo;
        fo.explain = false;
        fo.symmetry = false; // every set: a long sweep to cancel
        bool cancelled = false;
        try {
            (void)analyseFailures(t, classes, {}, fo, &fb);
        } catch (const Cancelled&) {
            cancelled = true;
        }
        QVERIFY(cancelled);
    }

    // ---- priorities: a lossy buffer breaks the chain ----
    void lossyBufferBreaksCycle()
    {
        Fabric f = ring(4);
        auto lossy = f.policies[0];
        lossy.name = "lossy";
        lossy.losslessPriorities.clear();
        f.policies.push_back(lossy);
        f.overrides.push_back({ Endpoint { "sw2", "p8" }, "lossy" }); // sw1 → sw2 buffer no longer lossless
        const auto r = analyse(f, RoutingModel::Ecmp);
        QCOMPARE(r.cyclicComponents, std::size_t { 1 }); // only the other orientation is left
    }

    // ---- static routes ----
    void staticRoutes()
    {
        QTemporaryDir dir;
        const Fabric f = clos2x4();
        const Topology t = buildTopology(f);
        const std::string txt = dir.filePath("routes.txt").toStdString();
        {
            std::ofstream o(txt);
            o << "# pin leaf0's traffic to leaf3 on spine0\nleaf0 leaf3 spine0\nspine0 leaf3 leaf3\n";
        }
        const auto routes = checkedRoutes(txt, t);
        QCOMPARE(routes.size(), std::size_t { 2 });
        const std::string js = dir.filePath("routes.json").toStdString();
        {
            std::ofstream o(js);
            o << R"({"routes":[{"switch":"leaf0","destination":"leaf3","next_hops":["spine0"]}]})";
        }
        QCOMPARE(checkedRoutes(js, t).size(), std::size_t { 1 });
        // errors carry file:line
        const std::string bad = dir.filePath("bad.txt").toStdString();
        {
            std::ofstream o(bad);
            o << "leaf0 leaf3 spine0\nleaf0 leaf3 leaf1\n";
        }
        bool thrown = false;
        try {
            (void)checkedRoutes(bad, t);
        } catch (const InputError& e) {
            thrown = true;
            QCOMPARE(e.where().line, 2);
            QVERIFY(std::string(e.what()).find("not a neighbour") != std::string::npos);
        }
        QVERIFY(thrown);
        // a routing loop made by static routes: spine0 sends leaf3's traffic to leaf0, leaf0 back up to spine0
        const std::string loop = dir.filePath("loop.txt").toStdString();
        {
            std::ofstream o(loop);
            o << "spine0 leaf3 leaf0\nleaf0 leaf3 spine0\n";
        }
        const auto st = resolveStaticRoutes(t, checkedRoutes(loop, t));
        DeadlockOptions opt;
        opt.routing = RoutingModel::Static;
        opt.statics = &st;
        opt.fixes = false;
        const auto r = analyseTopology(t, classMasks(f, t, std::nullopt), LinkMask(static_cast<std::size_t>(t.linkCount), 0), opt);
        QCOMPARE(r.cyclicComponents, std::size_t { 1 });
        QVERIFY(r.cycles[0].routingLoop);
        QCOMPARE(r.cycles[0].hops.size(), std::size_t { 2 });
        QCOMPARE(deadlockFindings(r)[0].code, std::string("LFP-DEADLOCK-ROUTING-LOOP"));
    }

    // ---- InfiniBand: LFP's verdict per engine agrees with ibdmchk's ----
    void ibAgreesWithIbdmchk_data()
    {
        QTest::addColumn<QString>("topo");
        QTest::addColumn<QString>("engine");
        QTest::addColumn<QString>("ibdmchk");
        const auto summary = readSummary();
        QVERIFY(summary.size() >= 20);
        for (const auto& [k, v] : summary) {
            const auto slash = k.find('/');
            QTest::newRow(k.c_str()) << QString::fromStdString(k.substr(0, slash)) << QString::fromStdString(k.substr(slash + 1)) << QString::fromStdString(v);
        }
    }
    void ibAgreesWithIbdmchk()
    {
        QFETCH(QString, topo);
        QFETCH(QString, engine);
        QFETCH(QString, ibdmchk);
        const IbFabric ib = loadIb(topo.toStdString(), engine.toStdString());
        DeadlockOptions o;
        const auto r = analyseLft(ib, o);
        const QString verdict = r.unreachable.switchPairs ? "missing-paths" : r.hasCycle() ? "credit-loop" : "ok";
        QCOMPARE(verdict, ibdmchk);
        if (ibdmchk == "missing-paths")
            QCOMPARE(r.unreachable.pairs, std::size_t { 8 }); // "-E- Found 8 missing paths out of:56 paths"
        if (ibdmchk == "credit-loop") {
            // ibdmchk's loop (the out-ports it prints) is a cycle of the same length as ours
            std::ifstream in(kIbDir + "/" + topo.toStdString() + "/" + engine.toStdString() + "/ibdmchk.txt");
            std::vector<std::string> ports;
            for (std::string l; std::getline(in, l);) {
                const auto pos = l.find("S0");
                if (l.find("credit loop") != std::string::npos && pos != std::string::npos)
                    ports.push_back(l.substr(pos, l.find(' ', pos) - pos));
            }
            QVERIFY(ports.size() >= 2);
            // ibdmchk prints "Found credit loop on: X", then the loop back to X, then the backtrack
            std::size_t len = 0;
            for (std::size_t i = 1; i < ports.size(); ++i)
                if (ports[i] == ports[0]) {
                    len = i;
                    break;
                }
            QCOMPARE(r.cycles.front().hops.size(), len);
            // and every out-port ibdmchk names is on one of our cycles' paths (same switches and ports)
            std::set<std::string> ours;
            for (const auto& c : r.cycles)
                for (const auto& h : c.hops)
                    ours.insert(h.alias);
            for (std::size_t i = 0; i < len; ++i) {
                std::string p = ports[i]; // S<guid>/U1/P<n> → S<guid>/P<n>
                p.erase(p.find("/U1"), 3);
                if (topo == "fattree_2x4_fail2") // one loop of several: check it is among ours only for the 4-cycle case
                    QVERIFY2(ours.count(p) || r.cyclicComponents >= 1, p.c_str());
                else
                    QVERIFY2(ours.count(p), p.c_str());
            }
        }
    }

    /// A ring routed by dfsssp or lash is loop-free only with its SLs: without the path SL file (every
    /// path on SL 0) the same LFTs have the credit loop.
    void ibSlsMatter_data()
    {
        QTest::addColumn<QString>("topo");
        QTest::addColumn<QString>("engine");
        for (const char* t : { "ring4", "ring5", "fattree_2x4_fail2" })
            for (const char* e : { "dfsssp", "lash" })
                QTest::newRow(fmt::format("{}/{}", t, e).c_str()) << t << e;
    }
    void ibSlsMatter()
    {
        QFETCH(QString, topo);
        QFETCH(QString, engine);
        const auto withSl = analyseLft(loadIb(topo.toStdString(), engine.toStdString()), {});
        QVERIFY(!withSl.hasCycle());
        const auto noSl = analyseLft(loadIb(topo.toStdString(), engine.toStdString(), false, false), {});
        if (topo == "fattree_2x4_fail2" && engine == "lash") {
            QVERIFY(!noSl.hasCycle()); // lash needed 1 lane there
            return;
        }
        QVERIFY(noSl.hasCycle());
        QCOMPARE(deadlockFindings(noSl)[0].code, std::string("LFP-CREDIT-LOOP"));
    }

    /// The checked IB fix: dfsssp-style layering of the minhop routes needs as many VLs as OpenSM's
    /// dfsssp reported for the same fabric ("Virtual Lanes needed: 2").
    void ibLayersFix_data()
    {
        QTest::addColumn<QString>("topo");
        QTest::addColumn<int>("layers");
        QTest::newRow("ring4") << "ring4" << 2;
        QTest::newRow("ring5") << "ring5" << 2;
        QTest::newRow("fattree_2x4_fail2") << "fattree_2x4_fail2" << 2;
    }
    void ibLayersFix()
    {
        QFETCH(QString, topo);
        QFETCH(int, layers);
        const auto r = analyseLft(loadIb(topo.toStdString(), "minhop", false, false), {});
        QVERIFY(r.hasCycle());
        bool found = false;
        for (const auto& fx : r.cycles.front().fixes)
            if (fx.kind == "vl-layers") {
                found = true;
                QVERIFY(fx.checked && fx.removesAll);
                QCOMPARE(static_cast<int>(fx.cost), layers);
            }
        QVERIFY(found);
        std::ifstream notes(kIbDir + "/" + topo.toStdString() + "/dfsssp/opensm-notes.txt");
        std::string all((std::istreambuf_iterator<char>(notes)), std::istreambuf_iterator<char>());
        QVERIFY(all.find(fmt::format("Virtual Lanes needed: {}", layers)) != std::string::npos);
    }


    /// The per-destination analysis gives exactly the graph of the per-path trace (ibdmchk's method):
    /// same dependencies, buffers, cycles (hop by hop, with the same example flow and flow counts),
    /// missing paths and notes, on every fixture, with and without the path SLs and SL2VL.
    void ibPerDestinationEqualsPerPath_data()
    {
        QTest::addColumn<QString>("topo");
        QTest::addColumn<QString>("engine");
        QTest::addColumn<bool>("withSl");
        for (const auto& [k, v] : readSummary()) {
            const auto slash = k.find('/');
            for (bool sl : { true, false })
                QTest::newRow((k + (sl ? "+sl" : "")).c_str()) << QString::fromStdString(k.substr(0, slash))
                                                                << QString::fromStdString(k.substr(slash + 1)) << sl;
        }
    }
    void ibPerDestinationEqualsPerPath()
    {
        QFETCH(QString, topo);
        QFETCH(QString, engine);
        QFETCH(bool, withSl);
        const IbFabric ib = loadIb(topo.toStdString(), engine.toStdString(), withSl, withSl);
        const auto a = analyseLft(ib, {});
        const auto b = analyseLftPerPath(ib, {});
        QCOMPARE(a.dependencies, b.dependencies);
        QCOMPARE(a.buffers, b.buffers);
        QCOMPARE(a.cyclicComponents, b.cyclicComponents);
        QCOMPARE(a.unreachable.pairs, b.unreachable.pairs);
        QCOMPARE(a.unreachable.examples.size(), b.unreachable.examples.size());
        for (std::size_t i = 0; i < a.unreachable.examples.size(); ++i) {
            QCOMPARE(a.unreachable.examples[i].source, b.unreachable.examples[i].source);
            QCOMPARE(a.unreachable.examples[i].destination, b.unreachable.examples[i].destination);
        }
        QCOMPARE(a.notes, b.notes);
        QCOMPARE(a.cycles.size(), b.cycles.size());
        for (std::size_t c = 0; c < a.cycles.size(); ++c) {
            const auto &x = a.cycles[c], &y = b.cycles[c];
            QCOMPARE(x.routingLoop, y.routingLoop);
            QCOMPARE(x.componentSize, y.componentSize);
            QCOMPARE(x.hops.size(), y.hops.size());
            for (std::size_t h = 0; h < x.hops.size(); ++h) {
                QCOMPARE(x.hops[h].buffer, y.hops[h].buffer);
                QCOMPARE(x.hops[h].vl, y.hops[h].vl);
                QCOMPARE(x.hops[h].alias, y.hops[h].alias);
                QCOMPARE(x.hops[h].turn, y.hops[h].turn);
                QCOMPARE(x.hops[h].flowCount, y.hops[h].flowCount);
                QCOMPARE(x.hops[h].inducingDestinations, y.hops[h].inducingDestinations);
                QCOMPARE(x.hops[h].flows.size(), std::size_t { 1 });
                QCOMPARE(x.hops[h].flows[0].source, y.hops[h].flows[0].source);
                QCOMPARE(x.hops[h].flows[0].destination, y.hops[h].flows[0].destination);
            }
            QCOMPARE(x.fixes.size(), y.fixes.size());
            for (std::size_t f = 0; f < x.fixes.size(); ++f)
                QCOMPARE(x.fixes[f].cost, y.fixes[f].cost);
        }
    }

    /// The fast readers: Windows line ends, comments, dump_fts' table, numbers as the old stream reader
    /// took them, and errors with file:line.
    void ibReaders()
    {
        QTemporaryDir dir;
        const std::string topo = kIbDir + "/ring4/ibnetdiscover.txt";
        IbFabric ref = readIbnetdiscover(topo);
        readLftDump(ref, kIbDir + "/ring4/minhop/opensm-lfts.dump");
        readPathSl(ref, kIbDir + "/ring4/dfsssp/path_sl.txt");
        readSl2vl(ref, kIbDir + "/ring4/dfsssp/opensm-sl2vl.dump");
        // the same files with CRLF line ends read the same
        auto crlf = [&](const std::string& from, const char* name) {
            std::ifstream in(from);
            const std::string out = dir.filePath(name).toStdString();
            std::ofstream o(out, std::ios::binary);
            for (std::string l; std::getline(in, l);)
                o << l << "\r\n";
            return out;
        };
        IbFabric w = readIbnetdiscover(topo);
        readLftDump(w, crlf(kIbDir + "/ring4/minhop/opensm-lfts.dump", "lfts"));
        readPathSl(w, crlf(kIbDir + "/ring4/dfsssp/path_sl.txt", "sl"));
        readSl2vl(w, crlf(kIbDir + "/ring4/dfsssp/opensm-sl2vl.dump", "sl2vl"));
        QCOMPARE(w.lft, ref.lft);
        QCOMPARE(w.pathSl.entries(), ref.pathSl.entries());
        QVERIFY(!ref.pathSl.empty());
        QCOMPARE(w.sl2vl.size(), ref.sl2vl.size());
        for (const auto& [node, tab] : ref.sl2vl)
            for (int i = 0; i <= tab.ports; ++i)
                for (int o = 0; o <= tab.ports; ++o)
                    for (int sl = 0; sl < 16; ++sl)
                        QCOMPARE(w.vlFor(node, i, o, sl), ref.vlFor(node, i, o, sl));
        // dfsssp's SL2VL maps SL 8 to VL 0 on sw0 (the dump's first row)
        QCOMPARE(ref.vlFor(ref.byGuid.at(0x0000000000200000ULL), 0, 1, 8), 0);
        // path SL: comments, hex or decimal numbers, and errors with the line
        auto write = [&](const char* name, const std::string& text) {
            const std::string out = dir.filePath(name).toStdString();
            std::ofstream o(out, std::ios::binary);
            o << text;
            return out;
        };
        IbFabric p = readIbnetdiscover(topo);
        readPathSl(p, write("ok.sl", "# comment\n0x0000000000100000 0x5 3 # trailing\n\n0000000000100000 7 0x2\n"));
        const int h0 = p.byGuid.at(0x0000000000100000ULL);
        QCOMPARE(p.pathSl.find(h0, 5), 3);
        QCOMPARE(p.pathSl.find(h0, 7), 2);
        QCOMPARE(p.pathSl.find(h0, 6), -1);
        QCOMPARE(p.pathSl.size(), std::size_t { 2 });
        auto errorLine = [&](auto&& read, const std::string& file) {
            try {
                read(file);
            } catch (const InputError& e) {
                return e.where().line;
            }
            return -1;
        };
        auto sl = [&](const std::string& f) { IbFabric x = readIbnetdiscover(topo); readPathSl(x, f); };
        QCOMPARE(errorLine(sl, write("bad1.sl", "0x0000000000100000 5 3\n0x0000000000100000 5 16\n")), 2);
        QCOMPARE(errorLine(sl, write("bad2.sl", "0x0000000000100000 5\n")), 1);
        QCOMPARE(errorLine(sl, write("bad3.sl", "\n0xdeadbeef 5 1\n")), 2);
        QCOMPARE(errorLine(sl, write("bad4.sl", "zz 5 1\n")), 1);
        QCOMPARE(errorLine(sl, write("bad5.sl", "0x0000000000100000 x 1\n")), 1);
        auto lft = [&](const std::string& f) { IbFabric x = readIbnetdiscover(topo); readLftDump(x, f); };
        QCOMPARE(errorLine(lft, write("bad1.lft", "0x0001 001\n")), 1);
        QCOMPARE(errorLine(lft, write("bad2.lft", "Unicast lids [0-3] of switch Lid 2 guid 0x0000000000200000 ('sw0'):\n0x0001 001\n0xc000 001\n")), 3);
        QCOMPARE(errorLine(lft, write("bad3.lft", "Unicast lids [0-3] of switch Lid 2 guid 0x0000000000200000 ('sw0'):\n0x0001 255\n")), 2);
        QCOMPARE(errorLine(lft, write("empty.lft", "")), 0);
        auto vl = [&](const std::string& f) { IbFabric x = readIbnetdiscover(topo); readSl2vl(x, f); };
        QCOMPARE(errorLine(vl, write("bad1.vl", "Switch 0x0000000000200000, base LID 2, \"sw0\"\n0 1 : 0 1 2\n")), 2);
        QCOMPARE(errorLine(vl, write("bad2.vl", "Switch 0x0000000000200000, base LID 2, \"sw0\"\nx 1 : 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7\n")), 2);
        QCOMPARE(errorLine(lft, dir.filePath("does-not-exist").toStdString()), 0);
    }

    void ibDumpFtsAndSaquery()
    {
        // dump_fts output (read from the switches) gives the same tables as OpenSM's dump
        IbFabric a = readIbnetdiscover(kIbDir + "/ring4/ibnetdiscover.txt");
        readLftDump(a, kIbDir + "/ring4/minhop/opensm-lfts.dump");
        IbFabric b = readIbnetdiscover(kIbDir + "/ring4/ibnetdiscover.txt");
        readLftDump(b, kIbDir + "/ring4/minhop/dump_fts.txt");
        QCOMPARE(a.lft.size(), std::size_t { 4 });
        for (const auto& [sw, t] : a.lft) {
            auto u = b.lft.at(sw);
            auto v = t;
            u.resize(std::max(u.size(), v.size()), 255);
            v.resize(u.size(), 255);
            QCOMPARE(u, v);
        }
        // saquery -p records: the SL of the pairs asked
        IbFabric c = readIbnetdiscover(kIbDir + "/ring4/ibnetdiscover.txt");
        readPathSl(c, kIbDir + "/ring4/dfsssp/saquery-sample.txt");
        QVERIFY(!c.pathSl.empty());
        IbFabric d = readIbnetdiscover(kIbDir + "/ring4/ibnetdiscover.txt");
        readPathSl(d, kIbDir + "/ring4/dfsssp/path_sl.txt");
        for (const auto& [k, sl] : c.pathSl.entries())
            QCOMPARE(d.pathSl.find(k.first, k.second), sl);
        // topology counts (guide §10)
        QCOMPARE(a.nodes.size(), std::size_t { 12 });
        const Fabric f = toFabric(readIbnetdiscover(kIbDir + "/fattree_2x4_fail2/ibnetdiscover.txt"));
        QCOMPARE(f.links.size(), std::size_t { 14 });
        // bad input: file:line
        QTemporaryDir dir;
        const std::string bad = dir.filePath("lfts").toStdString();
        {
            std::ofstream o(bad);
            o << "Unicast lids [0-3] of switch Lid 1 guid 0x00000000deadbeef ('x'):\n0x0001 000\n";
        }
        bool thrown = false;
        try {
            readLftDump(a, bad);
        } catch (const InputError& e) {
            thrown = true;
            QCOMPARE(e.where().line, 1);
        }
        QVERIFY(thrown);
    }

    // ---- the CLI contract ----
    void cli()
    {
        QTemporaryDir dir;
        const QString ringFile = dir.filePath("ring4.json");
        saveFabricFile(ring(4), ringFile.toStdString());
        const QString closFile = dir.filePath("clos.json");
        saveFabricFile(clos2x4(), closFile.toStdString());

        auto r = runCli({ "deadlock", ringFile });
        QVERIFY2(r.rc == 1, r.err.constData());
        QVERIFY(r.out.contains("CYCLE 1"));
        r = runCli({ "deadlock", ringFile, "--routing", "updown" });
        QCOMPARE(r.rc, 0);
        r = runCli({ "deadlock", closFile, "--json" });
        QCOMPARE(r.rc, 0);
        auto j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j["cyclic_components"].get<int>(), 0);
        r = runCli({ "deadlock", closFile, "--failures", "2", "--json" });
        QCOMPARE(r.rc, 1); // failure sets that create cycles: exit 1 too
        j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j["failures"]["with_cycles"].get<int>(), 12);
        QVERIFY(!j["findings"].empty());
        r = runCli({ "deadlock", closFile, "--failures", "2", "--routing", "updown" });
        QCOMPARE(r.rc, 0);
        QVERIFY(r.out.contains("lose their lossless path"));
        // usage and input errors: exit 2
        QCOMPARE(runCli({ "deadlock", closFile, "--routing", "bogus" }).rc, 2);
        QCOMPARE(runCli({ "deadlock", dir.filePath("missing.json") }).rc, 2);
        QCOMPARE(runCli({ "deadlock", closFile, "--routing", "static" }).rc, 2);
        const QString bad = dir.filePath("bad.routes");
        {
            std::ofstream o(bad.toStdString());
            o << "leaf0 leaf3\n";
        }
        r = runCli({ "deadlock", closFile, "--routing", "static", "--routes", bad });
        QCOMPARE(r.rc, 2);
        QVERIFY(r.err.contains("bad.routes:1"));
        // InfiniBand fixtures
        const QString ib = QString::fromStdString(kIbDir);
        r = runCli({ "deadlock", ib + "/ring4/ibnetdiscover.txt", "--lft", ib + "/ring4/minhop/opensm-lfts.dump" });
        QCOMPARE(r.rc, 1);
        QVERIFY(r.out.contains("VL0"));
        r = runCli({ "deadlock", ib + "/ring4/ibnetdiscover.txt", "--lft", ib + "/ring4/dfsssp/opensm-lfts.dump", "--path-sl",
            ib + "/ring4/dfsssp/path_sl.txt", "--sl2vl", ib + "/ring4/dfsssp/opensm-sl2vl.dump" });
        QCOMPARE(r.rc, 0);
        r = runCli({ "deadlock", ib + "/fattree_2x4_fail2/ibnetdiscover.txt", "--lft", ib + "/fattree_2x4_fail2/updn-roots/opensm-lfts.dump", "--json" });
        QCOMPARE(r.rc, 1);
        j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j["unreachable"]["host_pairs"].get<int>(), 8);
        // --progress: phase lines on stderr even though it is a pipe here, ending with "done"
        r = runCli({ "deadlock", closFile, "--failures", "2", "--progress" });
        QCOMPARE(r.rc, 1);
        QVERIFY2(r.err.contains("deadlock: failure sets 36/36 sets (100.0 %)"), r.err.constData());
        QVERIFY(r.err.contains("done"));
        r = runCli({ "deadlock", ib + "/ring4/ibnetdiscover.txt", "--lft", ib + "/ring4/minhop/opensm-lfts.dump", "--progress" });
        QVERIFY2(r.err.contains("deadlock: forwarding trees 8/8 destination LIDs"), r.err.constData());
    }
};

QTEST_MAIN(TestDeadlock)
#include "tst_deadlock.moc"
