// SPDX-License-Identifier: GPL-3.0-or-later
// Readers on fixtures made by the real tools (tests/data/make-fixtures.sh), their errors, merge and drift.
#include <QtTest>

#ifndef Q_MOC_RUN
#include "importers/importer.h"
#include "importers/merge.h"
#include "model/fabricindex.h"
#include "model/errors.h"
#include "model/fabricjson.h"
#include "model/reach.h"
#include "model/asiccatalog.h"
#include "planner/buffer/asicinference.h"
#include "planner/checks/checks.h"
#include "planner/routing/deadlock.h"
#include "planner/review/drift.h"
#include "importers/ibdump.h"
#include "importers/ibfabric.h"
#include "planner/routing/ibcredit.h"

#include <algorithm>
#include <set>
#include <string>
#endif

using namespace lfp;

namespace {

std::string data(const std::string& rel) { return std::string(LFP_IMPORT_DATA_DIR) + "/" + rel; }

ImportResult importFiles(const char* format, const std::vector<std::string>& rel)
{
    std::vector<std::string> files;
    for (const auto& r : rel)
        files.push_back(data(r));
    const Importer* imp = findImporter(format);
    if (!imp)
        throw std::runtime_error(std::string("no importer ") + format);
    return imp->read(files, nullptr);
}

std::string linkKey(const Link& l)
{
    std::string a = l.a.node + ":" + l.a.port, b = l.b.node + ":" + l.b.port;
    if (b < a)
        std::swap(a, b);
    return a + " -- " + b;
}

std::set<std::string> linkSet(const Fabric& f)
{
    std::set<std::string> s;
    for (const auto& l : f.links)
        s.insert(linkKey(l));
    return s;
}

const Port* portOf(const Fabric& f, const std::string& node, const std::string& port) { return f.findPort({ node, port }); }

/// Where an InputError points, or a message that it did not throw.
struct Thrown {
    bool threw = false;
    SourceLocation where;
    std::string what;
};
Thrown readText(const char* format, const std::string& name, const std::string& text)
{
    try {
        (void)findImporter(format)->readTexts({ { name, text } }, nullptr);
    } catch (const InputError& e) {
        return { true, e.where(), e.what() };
    }
    return {};
}

} // namespace

class TestImporters : public QObject {
    Q_OBJECT
private slots:
    void registry()
    {
        std::set<std::string> ids;
        for (const auto& i : importers())
            ids.insert(i->id());
        for (const char* id : { "ibnetdiscover", "ibnd-cache", "verbs", "lldp", "sonic", "netbox", "csv", "graphml", "clab" })
            QVERIFY2(ids.count(id), id);
        QCOMPARE(ids.size(), importers().size()); // registered once
    }

    void ibnetdiscover()
    {
        const auto r = importFiles("ibnetdiscover", { "ibnetdiscover/fabric.txt" });
        const Fabric& f = r.fragment;
        QCOMPARE(f.nodes.size(), std::size_t(8));
        QCOMPARE(f.switchCount(), std::size_t(4));
        QCOMPARE(f.hostCount(), std::size_t(4));
        QCOMPARE(f.links.size(), std::size_t(8));
        QCOMPARE(f.findNode("spine01")->role, Role::Spine);
        QCOMPARE(f.findNode("leaf01")->role, Role::Leaf);
        QCOMPARE(f.findNode("node01")->role, Role::Host);
        QCOMPARE(f.findNode("spine01")->guid, std::uint64_t(0x200000));
        QCOMPARE(f.findNode("spine01")->attributes.at("ib.lid"), std::string("1"));
        QVERIFY(linkSet(f).count("leaf01:17 -- spine01:1"));
        QVERIFY(linkSet(f).count("leaf01:1 -- node01:1"));
        QCOMPARE(portOf(f, "leaf01", "17")->speed, BitsPerSecond(100'000'000'000)); // 4xEDR
        QCOMPARE(portOf(f, "leaf01", "18")->speed, BitsPerSecond(200'000'000'000)); // 4xHDR
        QCOMPARE(portOf(f, "node02", "1")->speed, BitsPerSecond(40'000'000'000)); // 4xQDR
        QCOMPARE(portOf(f, "node02", "1")->lanes, 4);
        QCOMPARE(f.findNode("node03")->attributes.at("ib.lid.1"), std::string("7"));
        QVERIFY(f.validate().empty());
        // -g (grouped) output reads the same.
        const auto g = importFiles("ibnetdiscover", { "ibnetdiscover/fabric-grouped.txt" });
        QCOMPARE(linkSet(g.fragment), linkSet(f));
    }

    void ibndCacheMatchesText()
    {
        const auto text = importFiles("ibnetdiscover", { "ibnetdiscover/fabric.txt" });
        const auto cache = importFiles("ibnd-cache", { "ibnd-cache/fabric.cache" });
        QCOMPARE(linkSet(cache.fragment), linkSet(text.fragment));
        QCOMPARE(cache.fragment.hostCount(), std::size_t(4));
        QCOMPARE(portOf(cache.fragment, "leaf01", "18")->speed, BitsPerSecond(200'000'000'000));
        QCOMPARE(cache.fragment.findNode("spine01")->guid, std::uint64_t(0x200000));
    }

    void ibndCacheRejectsDamage()
    {
        std::string bytes = readWholeFile(data("ibnd-cache/fabric.cache"));
        // A truncated cache, and one whose first port number is out of range.
        for (int variant = 0; variant < 2; ++variant) {
            std::string b = bytes;
            if (variant == 0)
                b.resize(b.size() / 2);
            else
                b[28 + 4 + 64 + 8 + 1 + 1 + 64 + 64 + 1 + 8] = static_cast<char>(200);
            const std::string path = QDir::tempPath().toStdString() + "/lfp-damaged.cache";
            writeFileAtomically(path, b);
            try {
                (void)findImporter("ibnd-cache")->read({ path }, nullptr);
                QFAIL("a damaged cache was accepted");
            } catch (const InputError& e) {
                QVERIFY2(e.where().path.rfind("byte ", 0) == 0, e.what());
            }
        }
    }

    void verbsWithoutDevices()
    {
        const auto r = findImporter("verbs")->read({}, nullptr);
        if (r.fragment.nodes.empty()) {
            QVERIFY(!r.diagnostics.empty());
            QVERIFY(r.diagnostics.front().message.find("no RDMA device") != std::string::npos
                || r.diagnostics.front().message.find("without libibverbs") != std::string::npos);
        } else {
            QCOMPARE(r.fragment.nodes.front().role, Role::Host);
        }
    }

    void lldpJson0AndJson()
    {
        const std::vector<std::string> devs = { "spine01", "leaf01", "leaf02", "host01", "host02" };
        std::vector<std::string> j0, j;
        for (const auto& d : devs) {
            j0.push_back("lldp/" + d + ".json0");
            j.push_back("lldp/" + d + ".json");
        }
        const auto a = importFiles("lldp", j0);
        const auto b = importFiles("lldp", j);
        const std::set<std::string> expected = { "leaf01:swp51 -- spine01:swp1", "leaf02:Ethernet248 -- spine01:swp2", "host01:eth0 -- leaf01:swp1",
            "host01:eth1 -- leaf02:Ethernet0", "host02:eth0 -- leaf01:swp2" };
        QCOMPARE(linkSet(a.fragment), expected);
        QCOMPARE(linkSet(b.fragment), expected); // -f json: objects for one neighbour (host02), arrays for two
        QCOMPARE(a.fragment.nodes.size(), std::size_t(5));
        QCOMPARE(a.fragment.findNode("spine01")->role, Role::Spine);
        QCOMPARE(a.fragment.findNode("host02")->role, Role::Host);
        QCOMPARE(a.fragment.findNode("leaf01")->attributes.at("mgmt_address"), std::string("10.250.0.2"));
        QVERIFY(a.fragment.validate().empty());
    }

    void lldpSonicAliases()
    {
        // Only spine01's view: leaf02 says its port is "etp63" (SONiC alias). Its config_db maps it.
        const auto alone = importFiles("lldp", { "lldp/spine01.json0" });
        QVERIFY(linkSet(alone.fragment).count("leaf02:etp63 -- spine01:swp2"));
        QVERIFY(std::any_of(alone.diagnostics.begin(), alone.diagnostics.end(), [](const ImportDiagnostic& d) { return d.message.find("etp63") != std::string::npos; }));
        const auto mapped = importFiles("lldp", { "lldp/spine01.json0", "lldp/leaf02.config_db.json" });
        QVERIFY(linkSet(mapped.fragment).count("leaf02:Ethernet248 -- spine01:swp2"));
    }

    void sonicTopology()
    {
        const auto r = importFiles("sonic", { "sonic/leaf01.config_db.json" });
        const Fabric& f = r.fragment;
        QCOMPARE(f.links.size(), std::size_t(3));
        QVERIFY(linkSet(f).count("leaf01:Ethernet0 -- spine01:Ethernet0"));
        QVERIFY(linkSet(f).count("host01:eth0 -- leaf01:Ethernet16"));
        QCOMPARE(f.findNode("leaf01")->role, Role::Leaf);
        QCOMPARE(f.findNode("spine01")->role, Role::Spine);
        QCOMPARE(f.findNode("host01")->role, Role::Host);
        QCOMPARE(lfp::FabricIndex(f).findLinkAt({ "leaf01", "Ethernet16" })->length, Metres(5.0));
        QCOMPARE(portOf(f, "leaf01", "Ethernet0")->speed, BitsPerSecond(400'000'000'000));
        QCOMPARE(portOf(f, "leaf01", "Ethernet0")->lanes, 8);
        QCOMPARE(portOf(f, "leaf01", "Ethernet0")->fec, Fec::Rs544);
        QCOMPARE(portOf(f, "leaf01", "Ethernet16")->fec, Fec::Rs528);
        QCOMPARE(f.policies.size(), std::size_t(1));
        QCOMPARE(f.overrides.size(), std::size_t(3));
        const QosPolicy* p = lfp::FabricIndex(f).policyAt({ "leaf01", "Ethernet0" });
        QVERIFY(p);
        QCOMPARE(p->dscpToTc[26], 3);
        QCOMPARE(p->dscpToTc[48], 6);
        QCOMPARE(p->tcToPg[3], 3);
        QCOMPARE(p->losslessPriorities, std::vector<int>({ 3 }));
        QCOMPARE(p->ets.size(), std::size_t(3));
        QCOMPARE(p->ecn.size(), std::size_t(1));
        QCOMPARE(p->ecn.front().kmin, Bytes(150000));
        QCOMPARE(p->watchdog.detection, Nanoseconds(200e6));
        // The running buffer state is typed (model/runningconfig.h), not node attributes (issue 8).
        const RunningSwitchConfig* rs = r.running.find("leaf01");
        QVERIFY(rs && rs->bufferPgPresent);
        QCOMPARE(rs->ports.at("Ethernet8").losslessPgs, (std::set<int> { 3 }));
        QVERIFY(rs->ports.at("Ethernet8").cableLength.has_value());
        QVERIFY(f.findNode("leaf01")->attributes.count("sonic.lossless_pgs.Ethernet8") == 0);
        // The fragment is a valid fabric that round-trips through the native format.
        QVERIFY(f.validate().empty());
        QCOMPARE(fabricFromJsonText(fabricToJsonText(f)), f);
    }

    void netbox()
    {
        const auto csv = importFiles("netbox", { "netbox/cables.csv" });
        QCOMPARE(csv.fragment.links.size(), std::size_t(3)); // the console cable is skipped
        QVERIFY(std::any_of(csv.diagnostics.begin(), csv.diagnostics.end(), [](const ImportDiagnostic& d) { return d.message.find("console") != std::string::npos; }));
        QVERIFY(std::abs(lfp::FabricIndex(csv.fragment).findLinkAt({ "spine01", "Ethernet8" })->length.value() - 131 * 0.3048) < 1e-9);
        QCOMPARE(lfp::FabricIndex(csv.fragment).findLinkAt({ "spine01", "Ethernet0" })->medium, Medium::Aoc);
        const auto v4 = importFiles("netbox", { "netbox/cables-v4.json" });
        QCOMPARE(linkSet(v4.fragment), (std::set<std::string> { "leaf01:Ethernet248 -- spine01:Ethernet0", "host01:eth0 -- leaf01:Ethernet0" }));
        QCOMPARE(lfp::FabricIndex(v4.fragment).findLinkAt({ "host01", "eth0" })->length, Metres(2.5));
        const auto v32 = importFiles("netbox", { "netbox/cables-v3.2.json" });
        QCOMPARE(linkSet(v32.fragment), (std::set<std::string> { "leaf01:Ethernet248 -- spine01:Ethernet0" }));
        QCOMPARE(v32.fragment.links.front().length, Metres(40.0));
    }

    void csvPlan()
    {
        const auto r = importFiles("csv", { "csv/cabling.csv" });
        const Fabric& f = r.fragment;
        QCOMPARE(f.links.size(), std::size_t(5));
        QCOMPARE(lfp::FabricIndex(f).findLinkAt({ "leaf01", "swp1" })->length, Metres(2.5));
        QCOMPARE(lfp::FabricIndex(f).findLinkAt({ "leaf02", "Ethernet0" })->length, Metres(3.0));
        QCOMPARE(lfp::FabricIndex(f).findLinkAt({ "leaf01", "swp1" })->medium, Medium::Dac);
        QCOMPARE(portOf(f, "spine01", "swp1")->speed, BitsPerSecond(400'000'000'000));
        QCOMPARE(f.findNode("host01")->rack, std::string("R02"));
        const auto x = importFiles("csv", { "csv/excel-semicolon.csv" });
        QCOMPARE(x.fragment.links.size(), std::size_t(2));
        QCOMPARE(lfp::FabricIndex(x.fragment).findLinkAt({ "spine01", "Ethernet0" })->length, Metres(40.5));
        QCOMPARE(lfp::FabricIndex(x.fragment).findLinkAt({ "leaf01", "Ethernet8" })->length, Metres(2.5));
    }

    void csvPlanRowsOnceEach()
    {
        // The fragment builder's index tables (importers/readutil.h): a plan large enough to make them
        // grow many times, repeated and conflicting rows, a link within one new node, and the per-port
        // csv.cable / csv.breakout attributes added after the builder is gone.
        std::string text = "a_device,a_port,b_device,b_port,speed,cable_m,medium,cable_id,breakout\n";
        const int leaves = 40, hostsPerLeaf = 48;
        for (int l = 0; l < leaves; ++l)
            for (int h = 0; h < hostsPerLeaf; ++h)
                text += "h" + std::to_string(l) + "-" + std::to_string(h) + ",eth0,leaf" + std::to_string(l) + ",Ethernet" + std::to_string(h * 4)
                    + ",100G,2,DAC,C" + std::to_string(l * hostsPerLeaf + h) + ",\n";
        text += "leaf0,Ethernet0,h0-0,eth0,100G,2,DAC,,\n"; // the first row listed from the other side
        text += "h0-0,eth0,leaf1,Ethernet999,100G,2,DAC,,\n"; // a port already cabled
        text += "leaf2,Ethernet7,leaf2,Ethernet7,100G,2,DAC,,\n"; // to itself
        text += "box,p1,box,p2,100G,1,DAC,LOOP,4x25G:lane0\n"; // a new node cabled to itself, two ports
        const auto r = findImporter("csv")->readTexts({ { "plan.csv", text } }, nullptr);
        const Fabric& f = r.fragment;
        QCOMPARE(f.links.size(), std::size_t(leaves * hostsPerLeaf + 1));
        QCOMPARE(f.nodes.size(), std::size_t(leaves * hostsPerLeaf + leaves + 1));
        QCOMPARE(f.portCount(), std::size_t(2 * leaves * hostsPerLeaf + 2));
        auto has = [&](const char* what) {
            return std::any_of(r.diagnostics.begin(), r.diagnostics.end(), [&](const ImportDiagnostic& d) { return d.message.find(what) != std::string::npos; });
        };
        QVERIFY(has("leaf0:Ethernet0 -- h0-0:eth0 is listed again"));
        QVERIFY(has("h0-0:eth0 is already cabled to leaf0:Ethernet0; the link to leaf1:Ethernet999 is left out"));
        QVERIFY(has("a link from leaf2:Ethernet7 to itself is left out"));
        QCOMPARE(f.findNode("h39-47")->attributes.at("csv.cable.eth0"), std::string("C1919"));
        QCOMPARE(f.findNode("h0-0")->attributes.size(), std::size_t(1)); // the repeated rows added nothing
        QCOMPARE(f.findNode("box")->attributes.at("csv.cable.p1"), std::string("LOOP"));
        QCOMPARE(f.findNode("box")->attributes.at("csv.breakout.p1"), std::string("4x25G:lane0"));
        QCOMPARE(f.findNode("box")->ports.size(), std::size_t(2));
        QVERIFY(lfp::FabricIndex(f).findLinkAt({ "leaf17", "Ethernet20" }));
        QCOMPARE(lfp::FabricIndex(f).findLinkAt({ "leaf17", "Ethernet20" })->a.node, std::string("h17-5"));
    }

    void graphmlAndClab()
    {
        const auto g = importFiles("graphml", { "graphml/fabric.graphml" });
        QCOMPARE(linkSet(g.fragment), (std::set<std::string> { "leaf01:Ethernet248 -- spine01:Ethernet0", "host01:eth0 -- leaf01:Ethernet0" }));
        QCOMPARE(lfp::FabricIndex(g.fragment).findLinkAt({ "leaf01", "Ethernet0" })->length, Metres(3.0)); // <default>
        QCOMPARE(g.fragment.findNode("host01")->role, Role::Host);
        const auto c = importFiles("clab", { "clab/roce-fabric.clab.yml" });
        QCOMPARE(linkSet(c.fragment), (std::set<std::string> { "leaf01:eth1 -- spine01:eth1", "host01:eth1 -- leaf01:eth2" }));
        QCOMPARE(c.fragment.findNode("host01")->role, Role::Host);
        QCOMPARE(c.fragment.findNode("spine01")->role, Role::Spine);
        QCOMPARE(portOf(c.fragment, "host01", "eth1")->mtu, 9100);
        QCOMPARE(c.fragment.name, std::string("roce-fabric"));
    }

    void errorsPointAtTheInput_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("expect");
        QTest::newRow("ibnetdiscover bad line") << "ibnetdiscover" << "Switch\t8 \"S-01\"\t\t# \"sw\"\n[1]\t\"H-02\"[1]\nbogus line\n" << 3 << 1 << "expected a node header";
        QTest::newRow("ibnetdiscover port range") << "ibnetdiscover" << "Switch\t8 \"S-01\"\n[9]\t\"H-02\"[1]\n" << 2 << 2 << "expected 0..8";
        QTest::newRow("lldp malformed") << "lldp" << "{\"lldp\": [\n  {\"interface\": [}\n]}" << 2 << 18 << "malformed JSON";
        QTest::newRow("lldp shape") << "lldp" << "{\"lldp\": [\n {\"interface\": 5}]}" << 2 << 16 << "expected an array of interfaces";
        QTest::newRow("sonic speed") << "sonic" << "{\"PORT\": {\n  \"Ethernet0\": {\"speed\": \"fast\"}}}" << 2 << 26 << "expected the speed in Mb/s";
        QTest::newRow("sonic leafref") << "sonic" << "{\"PORT\": {\"Ethernet0\": {}},\n \"PORT_QOS_MAP\": {\"Ethernet0\": {\n   \"dscp_to_tc_map\": \"NOPE\"}}}" << 3 << 22 << "expected the name of a map";
        QTest::newRow("netbox csv header") << "netbox" << "a,b,c\n1,2,3\n" << 1 << 1 << "side_a_device";
        QTest::newRow("netbox json") << "netbox" << "{\"results\": [\n {\"id\": 1}]}" << 2 << 2 << "without terminations";
        QTest::newRow("csv speed") << "csv" << "a_device,a_port,b_device,b_port,speed\nx,1,y,2,fast\n" << 2 << 9 << "expected a speed";
        QTest::newRow("csv quote") << "csv" << "a_device,a_port,b_device,b_port\nx,\"1,y,2\n" << 2 << 3 << "never ends";
        QTest::newRow("csv missing column") << "csv" << "a_device,a_port,b_device\nx,1,y\n" << 1 << 1 << "no b_port column";
        QTest::newRow("graphml xml") << "graphml" << "<graphml>\n<graph><node id='a'></graph>" << 2 << 23 << "malformed XML";
        QTest::newRow("graphml edge") << "graphml" << "<graphml><graph>\n<node id='a'/>\n  <edge source='a' target='b'/></graph></graphml>" << 3 << 3 << "target=\"b\"";
        QTest::newRow("clab yaml") << "clab" << "name: x\ntopology:\n  nodes: [a, b\n" << 4 << 1 << "malformed YAML";
        QTest::newRow("clab endpoint") << "clab" << "name: x\ntopology:\n  nodes: {a: {}}\n  links:\n    - endpoints: [\"a:e1\", \"b-e1\"]\n" << 5 << 27 << "node:interface";
    }
    void errorsPointAtTheInput()
    {
        QFETCH(QString, format);
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, expect);
        const Thrown t = readText(format.toStdString().c_str(), "in.txt", text.toStdString());
        QVERIFY2(t.threw, "no InputError");
        QVERIFY2(t.what.find(expect.toStdString()) != std::string::npos, t.what.c_str());
        QVERIFY2(t.what.rfind("in.txt:", 0) == 0, t.what.c_str());
        QVERIFY2(t.what.find("found") != std::string::npos || t.what.find("malformed") != std::string::npos, t.what.c_str());
        QCOMPARE(t.where.line, line);
        QCOMPARE(t.where.column, column);
    }

    void lldpAndPlanMergeWithoutConflicts()
    {
        const auto plan = importFiles("csv", { "csv/cabling.csv" });
        std::vector<std::string> lldpFiles;
        for (const char* d : { "spine01", "leaf01", "leaf02", "host01", "host02" })
            lldpFiles.push_back(std::string("lldp/") + d + ".json0");
        const auto lldp = importFiles("lldp", lldpFiles);
        const auto report = planMerge(plan.fragment, lldp.fragment, lldp.knownFields);
        QVERIFY2(report.conflicts.empty(), report.conflicts.empty() ? "" : report.conflicts.front().id.c_str());
        QCOMPARE(report.matchedLinks, std::size_t(5));
        const Fabric merged = applyMerge(plan.fragment, lldp.fragment, report, {});
        QCOMPARE(linkSet(merged), linkSet(plan.fragment));
        QCOMPARE(lfp::FabricIndex(merged).findLinkAt({ "leaf01", "swp1" })->length, Metres(2.5)); // the plan's lengths stay
        QCOMPARE(merged.findNode("leaf01")->attributes.at("mgmt_address"), std::string("10.250.0.2")); // LLDP adds what it knows
        QVERIFY(merged.validate().empty());
    }

    void miscabledPlanYieldsExactlyTheConflictingPorts()
    {
        const auto plan = importFiles("csv", { "csv/cabling-miscabled.csv" });
        std::vector<std::string> lldpFiles;
        for (const char* d : { "spine01", "leaf01", "leaf02", "host01", "host02" })
            lldpFiles.push_back(std::string("lldp/") + d + ".json0");
        const auto lldp = importFiles("lldp", lldpFiles);
        const auto report = planMerge(plan.fragment, lldp.fragment, lldp.knownFields);
        QCOMPARE(report.conflictingPorts(), (std::set<std::string> { "leaf01:swp1", "leaf01:swp2", "host01:eth0", "host02:eth0" }));
        QCOMPARE(report.conflicts.size(), std::size_t(2));
        QCOMPARE(report.matchedLinks, std::size_t(3));
        // Nothing is decided without a choice.
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, applyMerge(plan.fragment, lldp.fragment, report, {}));
        const Fabric kept = applyMerge(plan.fragment, lldp.fragment, report, { MergeResolution::KeepExisting, {} });
        QCOMPARE(linkSet(kept), linkSet(plan.fragment));
        const Fabric taken = applyMerge(plan.fragment, lldp.fragment, report, { MergeResolution::TakeIncoming, {} });
        QCOMPARE(linkSet(taken), linkSet(lldp.fragment));
        QVERIFY(taken.validate().empty());
        // Per-conflict: take one, keep the other.
        MergeChoices mixed;
        mixed.perConflict[report.conflicts[0].id] = MergeResolution::TakeIncoming;
        mixed.perConflict[report.conflicts[1].id] = MergeResolution::KeepExisting;
        const Fabric m = applyMerge(plan.fragment, lldp.fragment, report, mixed);
        QVERIFY(m.validate().empty());
        QVERIFY(linkSet(m).count(report.conflicts[0].id));
    }

    void lengthConflictFromAnotherPlan()
    {
        const auto plan = importFiles("csv", { "csv/cabling.csv" });
        Fabric other = plan.fragment;
        other.links[0].length = Metres(100);
        const auto report = planMerge(plan.fragment, other, { known::kLinkLength });
        QCOMPARE(report.conflicts.size(), std::size_t(1));
        QCOMPARE(report.conflicts.front().kind, MergeConflict::Kind::LinkLength);
        QCOMPARE(report.conflicts.front().existing, std::string("40m"));
    }

    void driftFindsChangedDscpMapAndMissingLosslessPg()
    {
        // The plan: leaf01's topology with LFP's default RoCE policy bound to every role.
        Fabric plan = importFiles("sonic", { "sonic/leaf01.config_db.json" }).fragment;
        plan.policies = { defaultRocePolicy() };
        plan.overrides.clear();
        for (Role r : { Role::SuperSpine, Role::Spine, Role::Leaf, Role::Host })
            plan.bindings.push_back({ r, plan.policies.front().name });
        for (auto& n : plan.nodes)
            n.attributes.clear();
        const auto good = importFiles("sonic", { "sonic/leaf01.config_db.json" });
        const auto none = compareRunning(plan, good.fragment, good.running);
        QVERIFY2(none.empty(), none.empty() ? "" : (none.front().code + ": " + none.front().message).c_str());

        const auto drifted = importFiles("sonic", { "sonic/leaf01-drift.config_db.json" });
        const auto findings = compareRunning(plan, drifted.fragment, drifted.running);
        QCOMPARE(findings.size(), std::size_t(2));
        auto find = [&](const std::string& code) -> const Finding* {
            for (const auto& f : findings)
                if (f.code == code)
                    return &f;
            return nullptr;
        };
        const Finding* dscp = find("LFP-DRIFT-DSCP-MAP");
        QVERIFY(dscp);
        QCOMPARE(dscp->severity, Severity::Error);
        QCOMPARE(toStrings(dscp->objects), (std::vector<std::string> { "leaf01:Ethernet0", "leaf01:Ethernet16", "leaf01:Ethernet8" }));
        QVERIFY(dscp->message.find("DSCP 26 → TC 1 (plan TC 3)") != std::string::npos);
        const Finding* pg = find("LFP-DRIFT-LOSSLESS-PG-MISSING");
        QVERIFY(pg);
        QCOMPARE(toStrings(pg->objects), (std::vector<std::string> { "leaf01:Ethernet8" }));
        QCOMPARE(pg->severity, Severity::Error);
    }

    void driftOnPortsAndNeighbours()
    {
        const auto imported = importFiles("sonic", { "sonic/leaf01.config_db.json" });
        Fabric plan = imported.fragment;
        Fabric running = plan;
        running.nodes[0].ports[0].mtu = 1500;
        plan.links[1].length = Metres(100); // the switch says 40m
        std::swap(running.links[0].b, running.links[1].b); // recabled
        const auto findings = compareRunning(plan, running, imported.running);
        std::set<std::string> codes;
        for (const auto& f : findings)
            codes.insert(f.code);
        QVERIFY(codes.count("LFP-DRIFT-PORT-MTU"));
        QVERIFY(codes.count("LFP-DRIFT-NEIGHBOR"));
        QVERIFY(codes.count("LFP-DRIFT-CABLE-LENGTH"));
    }

    // ---- issue 14: roles from structure, nothing invented ----

    /// A k=4 fat-tree plan with no role column (tests/data/csv/make-fattree-k4.py): names say tor, agg
    /// and core; the hosts (p0-h0-0) are found by structure, and the two failed ToR-aggregation cables
    /// give the known bounce cycle (Hu et al. 2016).
    void unlabelledFatTreeRolesAndBounce()
    {
        const auto r = importFiles("csv", { "csv/fattree-k4-unlabelled.csv" });
        const Fabric& f = r.fragment;
        QCOMPARE(f.nodes.size(), std::size_t(36));
        QCOMPARE(f.hostCount(), std::size_t(16));
        QCOMPARE(f.switchCount(), std::size_t(20));
        QCOMPARE(f.findNode("p0-h0-0")->role, Role::Host);
        QCOMPARE(f.findNode("p3-tor1")->role, Role::Leaf);
        QCOMPARE(f.findNode("p2-agg0")->role, Role::Spine);
        QCOMPARE(f.findNode("core1-1")->role, Role::SuperSpine);
        // the import says what it guessed, and how
        const bool reported = std::any_of(r.diagnostics.begin(), r.diagnostics.end(), [](const ImportDiagnostic& d) {
            return d.severity == ImportDiagnostic::Severity::Info && d.message.find("role host guessed for 16 nodes") != std::string::npos
                && d.message.find("every link goes to a switch") != std::string::npos;
        });
        QVERIFY(reported);
        DeadlockOptions o;
        o.routing = RoutingModel::Ecmp;
        o.fixes = false;
        const auto rep = analyseDeadlock(f, o);
        QCOMPARE(rep.destinations, std::size_t(8)); // the 8 ToRs
        QVERIFY(rep.hasCycle());
        bool bounce = false;
        for (const auto& c : rep.cycles)
            for (const auto& h : c.hops)
                bounce |= h.turn.find("bounce") != std::string::npos;
        QVERIFY(bounce);
        o.routing = RoutingModel::UpDown; // valley-free routing has no cycle
        QVERIFY(!analyseDeadlock(f, o).hasCycle());
    }

    void rolesFromStructure_data()
    {
        QTest::addColumn<QString>("csv");
        QTest::addColumn<QString>("node");
        QTest::addColumn<int>("role");
        const char* header = "a_device,a_port,b_device,b_port\n";
        // generic names: the hosts are what hangs off switches by host-like ports; tiers by distance
        const QString two = QString(header) + "sw1,Ethernet0,sw3,Ethernet0\nsw2,Ethernet0,sw3,Ethernet4\nsrvA,eth0,sw1,Ethernet8\nbox7,ens1f0,sw2,Ethernet8\n";
        QTest::newRow("host by structure") << two << "box7" << static_cast<int>(Role::Host);
        QTest::newRow("leaf at 1 hop") << two << "sw1" << static_cast<int>(Role::Leaf);
        QTest::newRow("spine at 2 hops") << two << "sw3" << static_cast<int>(Role::Spine);
        // a node with switch-style port names is never taken for a host
        const QString ports = QString(header) + "leaf1,Ethernet0,x9,Ethernet0\nleaf2,Ethernet0,x9,Ethernet4\nh1,eth0,leaf1,Ethernet8\n";
        QTest::newRow("switch ports") << ports << "x9" << static_cast<int>(Role::Spine);
        // "storage" is not a ToR any more (the word, not the letters, counts)
        const QString st = QString(header) + "storage01,eth0,leaf1,Ethernet0\n";
        QTest::newRow("storage") << st << "storage01" << static_cast<int>(Role::Host);
        QTest::newRow("dgx") << QString(header) + "dgx-a100-07,mlx5_0,tor3,Ethernet0\n" << "dgx-a100-07" << static_cast<int>(Role::Host);
        QTest::newRow("spine-router") << QString(header) + "spine-router1,Ethernet0,agg2,Ethernet0\n" << "spine-router1" << static_cast<int>(Role::Spine);
    }
    void rolesFromStructure()
    {
        QFETCH(QString, csv);
        QFETCH(QString, node);
        QFETCH(int, role);
        const auto r = findImporter("csv")->readTexts({ { "plan.csv", csv.toStdString() } }, nullptr);
        const Node* n = r.fragment.findNode(node.toStdString());
        QVERIFY(n);
        QCOMPARE(static_cast<int>(n->role), role);
    }

    /// SONiC: the peer's FEC, the medium of a link and the ASIC are not invented; the ASIC comes from
    /// the platform (x86_64-mlnx_msn4700-r0 → SN4700 → Spectrum-3), and no check errs on facts the
    /// config_db does not carry.
    void sonicInventsNothing()
    {
        auto r = importFiles("sonic", { "sonic/leaf01.config_db.json" });
        Fabric& f = r.fragment;
        QCOMPARE(portOf(f, "spine01", "Ethernet0")->fec, Fec::Unknown); // the peer's side: not in this file
        QCOMPARE(lfp::FabricIndex(f).findLinkAt({ "leaf01", "Ethernet0" })->medium, Medium::Unknown);
        const AsicCatalog cat = AsicCatalog::loadDefault();
        const auto inf = inferAsics(f, cat);
        QCOMPARE(f.findNode("leaf01")->asic, std::string("spectrum-3"));
        QVERIFY(std::any_of(inf.begin(), inf.end(), [](const AsicInference& a) { return a.node == "leaf01" && a.evidence.find("SN4700") != std::string::npos; }));
        const auto findings = runAllChecks(f, cat);
        for (const auto& x : findings)
            QVERIFY2(x.severity != Severity::Error, (x.code + ": " + x.message).c_str());
        QVERIFY(std::any_of(findings.begin(), findings.end(), [](const Finding& x) { return x.code == "LFP-LINK-FEC-UNKNOWN" && x.severity == Severity::Info; }));
    }

    void asicFromHardwareNames()
    {
        const AsicCatalog cat = AsicCatalog::loadDefault();
        QCOMPARE(asicForHardware(cat, "x86_64-mlnx_msn4700-r0")->id, std::string("spectrum-3"));
        QCOMPARE(asicForHardware(cat, "Mellanox-SN4700-O8C48")->id, std::string("spectrum-3"));
        QCOMPARE(asicForHardware(cat, "x86_64-mlnx_msn2700-r0")->id, std::string("spectrum-1"));
        QVERIFY(!asicForHardware(cat, "x86_64-unknown_box-r0"));
        QVERIFY(!asicForHardware(cat, "SN47000")); // not a whole model number
    }

    /// InfiniBand: the import keeps GUIDs, LIDs and port numbers; the subnet rebuilt from the fragment
    /// equals the one read from the ibnetdiscover file, so LFT analysis works on a saved project.
    void infinibandProjectKeepsIdentities()
    {
        const std::string topo = data("ib/fattree_2x4_fail2/ibnetdiscover.txt");
        auto r = importFiles("ibnetdiscover", { "ib/fattree_2x4_fail2/ibnetdiscover.txt" });
        const Fabric f = fabricFromJsonText(fabricToJsonText(r.fragment)); // as saved
        for (const auto& l : f.links)
            QCOMPARE(l.medium, Medium::Unknown); // ibnetdiscover does not say DAC or optics
        IbFabric fromProject = ibFabricFromFabric(f, "project");
        IbFabric fromFile = readIbnetdiscover(topo);
        QCOMPARE(fromProject.nodes.size(), fromFile.nodes.size());
        QCOMPARE(fromProject.lidOwner.size(), fromFile.lidOwner.size());
        readLftDump(fromProject, data("ib/fattree_2x4_fail2/minhop/opensm-lfts.dump"));
        readLftDump(fromFile, data("ib/fattree_2x4_fail2/minhop/opensm-lfts.dump"));
        DeadlockOptions o;
        o.fixes = false;
        const auto a = analyseLft(fromProject, o);
        const auto b = analyseLft(fromFile, o);
        QCOMPARE(a.cyclicComponents, b.cyclicComponents);
        QCOMPARE(a.buffers, b.buffers);
        QCOMPARE(a.dependencies, b.dependencies);
        QCOMPARE(a.destinations, b.destinations);
        // no RoCE "policy missing" warnings on an InfiniBand fabric: one info about SL→VL instead
        const auto fs = checkPolicies(f);
        QVERIFY(std::none_of(fs.begin(), fs.end(), [](const Finding& x) { return x.code == "LFP-POLICY-MISSING"; }));
        QVERIFY(std::any_of(fs.begin(), fs.end(), [](const Finding& x) { return x.code == "LFP-IB-QOS-BY-SM"; }));
        const auto all = runAllChecks(f, AsicCatalog::loadDefault());
        QVERIFY(std::none_of(all.begin(), all.end(), [](const Finding& x) { return x.code == "LFP-BUF-NO-ASIC" || x.severity == Severity::Error; }));
    }
    /// InfiniBand QoS policies (model/qos.h): read and written in the native format with strict errors,
    /// checked against IBA Vol 1 ch. 7.6 on an imported subnet, and used by the LFT analysis for SL2VL.
    void infinibandQosPolicy()
    {
        auto r = importFiles("ibnetdiscover", { "ib/ring4/ibnetdiscover.txt" });
        Fabric f = r.fragment;
        IbQosPolicy p;
        p.name = "fabric";
        p.operVls = 2;
        p.sl2vl = identitySl2Vl(); // SL 2.. on VL 2.. : beyond 2 operational VLs
        p.serviceLevels = { 0, 1, 2 };
        p.vlArbLow = { { 0, 64 } }; // VL 1 has no weight
        f.ibQos.push_back(p);
        // the native format keeps it
        const std::string text = fabricToJsonText(f);
        QVERIFY(text.find("\"ib_qos\"") != std::string::npos);
        const Fabric back = fabricFromJsonText(text);
        QCOMPARE(back.ibQos.size(), std::size_t { 1 });
        QVERIFY(back.ibQos[0] == p);
        // the checks: SL 2 beyond OperVLs (error), VL 1 without arbitration weight (error), no RoCE findings
        const auto all = runAllChecks(back, AsicCatalog::loadDefault());
        auto has = [&](const char* code, Severity sev) {
            return std::any_of(all.begin(), all.end(), [&](const Finding& x) { return x.code == code && x.severity == sev; });
        };
        QVERIFY(has("LFP-IB-SL2VL-BEYOND-OPER-VLS", Severity::Error));
        QVERIFY(has("LFP-IB-VL-NOT-ARBITRATED", Severity::Error));
        QVERIFY(!has("LFP-IB-QOS-BY-SM", Severity::Info)); // replaced by the policy's own checks
        for (const auto& x : all) {
            QVERIFY2(x.code.rfind("LFP-POLICY", 0) != 0 && x.code.rfind("LFP-NIC", 0) != 0 && x.code.rfind("LFP-BUF", 0) != 0, x.code.c_str());
            if (x.code == "LFP-IB-SL2VL-BEYOND-OPER-VLS") {
                QVERIFY(x.message.find("§7.6.6") != std::string::npos);
                QVERIFY(!x.params.empty());
            }
        }
        // VL15 for an SL the routing assigns; a CA policy that differs from the switches' → mismatch per link
        Fabric g = r.fragment;
        IbQosPolicy sw;
        sw.name = "switches";
        sw.portClass = IbPortClass::SwitchExternal;
        sw.sl2vl = identitySl2Vl();
        sw.sl2vl[3] = 15;
        sw.serviceLevels = { 0, 3 };
        IbQosPolicy ca = sw;
        ca.name = "cas";
        ca.portClass = IbPortClass::Ca;
        ca.sl2vl[3] = 1;
        g.ibQos = { sw, ca };
        const auto gf = runAllChecks(g, AsicCatalog::loadDefault());
        QVERIFY(std::any_of(gf.begin(), gf.end(), [](const Finding& x) { return x.code == "LFP-IB-VL15-DATA"; }));
        QVERIFY(std::count_if(gf.begin(), gf.end(), [](const Finding& x) { return x.code == "LFP-IB-SL2VL-MISMATCH"; }) == 8); // 8 CA links
        // only a CA policy: the switches' SLs are unmapped
        g.ibQos = { ca };
        const auto uf = runAllChecks(g, AsicCatalog::loadDefault());
        QVERIFY(std::any_of(uf.begin(), uf.end(), [](const Finding& x) { return x.code == "LFP-IB-SL-UNMAPPED" && x.objects.size() == 4; }));
    }

    void infinibandQosJsonErrors_data()
    {
        QTest::addColumn<QString>("policy");
        QTest::addColumn<QString>("pointer");
        QTest::newRow("15 entries") << R"({"name":"x","sl2vl":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]})" << "/ib_qos/0/sl2vl";
        QTest::newRow("VL 16") << R"({"name":"x","sl2vl":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,16]})" << "/ib_qos/0/sl2vl/15";
        QTest::newRow("OperVLs 3") << R"({"name":"x","oper_vls":3,"sl2vl":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]})" << "/ib_qos/0/oper_vls";
        QTest::newRow("arbitration VL15") << R"({"name":"x","sl2vl":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"vlarb_low":[{"vl":15,"weight":1}]})"
                                          << "/ib_qos/0/vlarb_low/0/vl";
        QTest::newRow("class") << R"({"name":"x","class":"spine","sl2vl":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]})" << "/ib_qos/0/class";
        QTest::newRow("unknown key") << R"({"name":"x","sl2vl":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"vls":4})" << "/ib_qos/0/vls";
        QTest::newRow("SL twice") << R"({"name":"x","sl2vl":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"service_levels":[1,1]})" << "/ib_qos/0/service_levels";
    }
    void infinibandQosJsonErrors()
    {
        QFETCH(QString, policy);
        QFETCH(QString, pointer);
        const std::string text = "{\"format\":\"lfp-fabric\",\"version\":1,\n\"ib_qos\":[" + policy.toStdString() + "]}";
        try {
            (void)fabricFromJsonText(text, "f.json");
            QFAIL("accepted");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.where().path), pointer);
            QCOMPARE(e.where().file, std::string("f.json"));
            QCOMPARE(e.where().line, 2);
            QVERIFY(e.where().column > 0);
        }
    }

    /// The LFT analysis of a project takes SL2VL from its ib_qos policies when no dump is given.
    void infinibandQosSl2VlForDeadlock()
    {
        auto r = importFiles("ibnetdiscover", { "ib/ring4/ibnetdiscover.txt" });
        Fabric f = fabricFromJsonText(fabricToJsonText(r.fragment));
        const std::string dir = data("ib/ring4/dfsssp/");
        auto analyse = [&](const Fabric& fab, bool* fromPolicy) {
            IbFabric ib = ibFabricFromFabric(fab, "project");
            *fromPolicy = !ib.sl2vl.empty();
            readLftDump(ib, dir + "opensm-lfts.dump");
            readPathSl(ib, dir + "path_sl.txt");
            DeadlockOptions o;
            o.fixes = false;
            return analyseLft(ib, o);
        };
        bool fromPolicy = true;
        const auto identity = analyse(f, &fromPolicy);
        QVERIFY(!fromPolicy);
        IbQosPolicy one;
        one.name = "one-vl";
        one.sl2vl = {}; // every SL on VL 0: dfsssp's layers collapse
        f.ibQos = { one };
        const auto collapsed = analyse(f, &fromPolicy);
        QVERIFY(fromPolicy);
        QCOMPARE(identity.cyclicComponents, std::size_t { 0 });
        QVERIFY(collapsed.cyclicComponents > 0);
        IbFabric ib = ibFabricFromFabric(f, "project");
        QVERIFY(ib.sl2vlFile.find("one-vl") != std::string::npos);
    }

    /// ASICs from InfiniBand NodeInfo device ids (ibnetdiscover devid=) and NetBox device types.
    void asicFromDeviceIdsAndNetbox()
    {
        const AsicCatalog cat = AsicCatalog::loadDefault();
        auto ibText = [](const char* devid) {
            return std::string("vendid=0x2c9\ndevid=") + devid
                + "\nswitchguid=0x200001(200001)\nSwitch\t36 \"S-0000000000200001\"\t\t# \"sw1\" enhanced port 0 lid 1 lmc 0\n"
                  "[1]\t\"H-0000000000100001\"[1](100001) \t\t# \"h1\" lid 2 4xHDR\n\n"
                  "vendid=0x2c9\ndevid=0x101b\ncaguid=0x100001\nCa\t1 \"H-0000000000100001\"\t\t# \"h1\"\n"
                  "[1](100001) \t\"S-0000000000200001\"[1]\t\t# lid 2 lmc 0 \"sw1\" lid 1 4xHDR\n";
        };
        auto quantum = findImporter("ibnetdiscover")->readTexts({ { "q.txt", ibText("0xd2f0") } }, nullptr).fragment;
        QCOMPARE(quantum.findNode("sw1")->attributes.at("ib.device_id"), std::string("0xd2f0"));
        QVERIFY(!quantum.findNode("h1")->attributes.count("ib.device_id")); // CAs: not a switch ASIC
        const auto qi = inferAsics(quantum, cat);
        QCOMPARE(qi.size(), std::size_t { 1 });
        QVERIFY(qi[0].asic.empty());
        QVERIFY2(qi[0].evidence.find("Quantum HDR") != std::string::npos && qi[0].evidence.find("pci.ids 15b3:d2f0") != std::string::npos,
            qi[0].evidence.c_str());
        auto spectrum = findImporter("ibnetdiscover")->readTexts({ { "s.txt", ibText("0xcf70") } }, nullptr).fragment;
        (void)inferAsics(spectrum, cat);
        QCOMPARE(spectrum.findNode("sw1")->asic, std::string("spectrum-3"));
        // NetBox: a devices page names the device type; an interfaces page the MTU (null: unknown)
        const std::string devices = R"({"results":[{"name":"leaf1","device_type":{"manufacturer":{"name":"NVIDIA"},"model":"MSN4700-WS2FC","slug":"msn4700-ws2fc"},"role":{"name":"Leaf","slug":"leaf"}},
            {"name":"spine1","device_type":{"manufacturer":{"name":"Acme"},"model":"X-9000","slug":"x-9000"},"role":{"name":"Spine"}}]})";
        const std::string ifaces = R"({"results":[{"name":"Ethernet0","device":{"name":"leaf1"},"mtu":9216},{"name":"Ethernet4","device":{"name":"leaf1"},"mtu":null}]})";
        auto nb = findImporter("netbox")->readTexts({ { "devices.json", devices }, { "interfaces.json", ifaces } }, nullptr);
        Fabric& n = nb.fragment;
        QCOMPARE(n.findNode("leaf1")->vendor, std::string("NVIDIA"));
        QCOMPARE(n.findNode("spine1")->role, Role::Spine);
        QCOMPARE(n.findPort({ "leaf1", "Ethernet0" })->mtu, 9216);
        QVERIFY(!n.findPort({ "leaf1", "Ethernet4" })); // no MTU: nothing made up
        QVERIFY(nb.knownFields.count(known::kPortMtu));
        const auto ni = inferAsics(n, cat);
        QCOMPARE(n.findNode("leaf1")->asic, std::string("spectrum-3"));
        QVERIFY(n.findNode("spine1")->asic.empty());
        QCOMPARE(ni.size(), std::size_t { 2 });
        QCOMPARE(readText("netbox", "bad.json", R"({"results":[{"name":"e0","device":{"name":"leaf1"},"mtu":"big"}]})").where.path, std::string("/results/0/mtu"));
    }

    /// Fibre types: NetBox cable types and plan media give OM3/OM4/SMF; multimode reach per lane rate.
    void fibreTypes()
    {
        const std::string csv = "a_device,a_port,b_device,b_port,speed,cable_m,medium\n"
                                "leaf1,Ethernet0,spine1,Ethernet0,400G,80,OM3\n"
                                "leaf1,Ethernet8,spine1,Ethernet8,400G,80,OM4\n"
                                "leaf1,Ethernet16,spine1,Ethernet16,400G,900,SMF\n";
        auto r = findImporter("csv")->readTexts({ { "plan.csv", csv } }, nullptr);
        Fabric f = r.fragment;
        for (auto& n : f.nodes)
            for (auto& p : n.ports)
                p.lanes = 4; // 400G over 4 × 100G lanes (400GBASE-SR4)
        const FabricIndex idx(f);
        QCOMPARE(idx.findLinkAt({ "leaf1", "Ethernet0" })->fibre, FibreType::Om3);
        QCOMPARE(idx.findLinkAt({ "leaf1", "Ethernet16" })->fibre, FibreType::Smf);
        const auto fs = checkPhysical(f);
        std::vector<const Finding*> reach;
        for (const auto& x : fs)
            if (x.code == "LFP-LINK-REACH-EXCEEDED")
                reach.push_back(&x);
        QCOMPARE(reach.size(), std::size_t { 1 }); // OM3 at 100G lanes reaches 60 m; OM4 100 m; SMF 40 km
        QVERIFY(reach[0]->message.find("leaf1:Ethernet0") != std::string::npos);
        QVERIFY(reach[0]->message.find("Clause 167") != std::string::npos);
        QVERIFY(fabricFromJsonText(fabricToJsonText(f)).links == f.links); // "fibre" round trip
        QCOMPARE(multimodeReach(FibreType::Om4, 25.78125)->metres, 100.0);
        QVERIFY(!multimodeReach(FibreType::Om4, 212.5)); // no 200G-lane SR PMD
        QVERIFY(!multimodeReach(FibreType::Smf, 25));
        // NetBox cable types
        const std::string cables = R"({"results":[{"type":"mmf-om4","a_terminations":[{"object_type":"dcim.interface","object":{"name":"e0","device":{"name":"a"}}}],
            "b_terminations":[{"object_type":"dcim.interface","object":{"name":"e0","device":{"name":"b"}}}],"status":"connected","length":30,"length_unit":"m"}]})";
        auto nb = findImporter("netbox")->readTexts({ { "cables.json", cables } }, nullptr).fragment;
        QCOMPARE(nb.links.at(0).fibre, FibreType::Om4);
    }

    /// A neighbour's port the source says nothing about takes its MTU and lanes from its peer (marked),
    /// so an imported SONiC switch with MTU 9216 makes no MTU mismatch.
    void peerMtuAndLanesNotInvented()
    {
        auto r = importFiles("sonic", { "sonic/leaf01.config_db.json" });
        const Fabric& f = r.fragment;
        const Port* mine = portOf(f, "leaf01", "Ethernet0");
        const Port* peer = portOf(f, "spine01", "Ethernet0");
        QVERIFY(mine && peer);
        QCOMPARE(peer->mtu, mine->mtu);
        QCOMPARE(peer->lanes, mine->lanes);
        QCOMPARE(f.findNode("spine01")->attributes.at(std::string(known::kMtuAssumed) + "Ethernet0"), std::string("peer"));
        QVERIFY(!f.findNode("leaf01")->attributes.count(std::string(known::kMtuAssumed) + "Ethernet0"));
    }
};

QTEST_GUILESS_MAIN(TestImporters)
#include "tst_importers.moc"
