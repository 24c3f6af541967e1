// SPDX-License-Identifier: GPL-3.0-or-later
// Generators: counts, port use and wiring of leaf-spine, fat-tree and rail-optimised fabrics.
#include <QtTest>
#ifndef Q_MOC_RUN
#include "model/fabricindex.h"
#include "model/fabricjson.h"
#include "model/generators.h"

#include <map>
#include <set>
#include <fmt/format.h>
#endif

using namespace lfp;

namespace {
std::map<std::string, int> usedPorts(const Fabric& f)
{
    std::map<std::string, int> used;
    for (const auto& l : f.links) {
        ++used[l.a.node];
        ++used[l.b.node];
    }
    return used;
}
int count(const Fabric& f, Role r)
{
    int n = 0;
    for (const auto& node : f.nodes)
        n += node.role == r;
    return n;
}
} // namespace

class TestGenerators : public QObject {
    Q_OBJECT
private slots:
    void fatTree_data()
    {
        QTest::addColumn<int>("k");
        QTest::newRow("k=2") << 2;
        QTest::newRow("k=4") << 4;
        QTest::newRow("k=8") << 8;
        QTest::newRow("k=16") << 16;
    }
    void fatTree()
    {
        QFETCH(int, k);
        const Fabric f = generateFatTree(k);
        QCOMPARE(static_cast<int>(f.hostCount()), k * k * k / 4);
        QCOMPARE(static_cast<int>(f.switchCount()), 5 * k * k / 4);
        QCOMPARE(count(f, Role::SuperSpine), k * k / 4);
        QCOMPARE(count(f, Role::Spine), k * k / 2);
        QCOMPARE(count(f, Role::Leaf), k * k / 2);
        QCOMPARE(static_cast<int>(f.links.size()), 3 * k * k * k / 4);
        QVERIFY(f.validate().empty());
        // Every switch uses all k ports, every host its one NIC.
        const auto used = usedPorts(f);
        for (const auto& n : f.nodes) {
            QCOMPARE(static_cast<int>(n.ports.size()), n.isSwitch() ? k : 1);
            QCOMPARE(used.at(n.name), n.isSwitch() ? k : 1);
        }
        // Each core reaches every pod exactly once.
        std::map<std::string, std::set<std::string>> podsOfCore;
        for (const auto& l : f.links) {
            const Node* a = f.findNode(l.a.node);
            const Node* b = f.findNode(l.b.node);
            if (b->role == Role::SuperSpine)
                podsOfCore[b->name].insert(a->name.substr(0, a->name.find('-')));
        }
        QCOMPARE(static_cast<int>(podsOfCore.size()), k * k / 4);
        for (const auto& [core, pods] : podsOfCore)
            QCOMPARE(static_cast<int>(pods.size()), k);
    }

    void leafSpine()
    {
        const Fabric f = generateLeafSpine(4, 16, 8);
        QCOMPARE(f.switchCount(), std::size_t(20));
        QCOMPARE(f.hostCount(), std::size_t(128));
        QCOMPARE(f.links.size(), std::size_t(16 * 8 + 16 * 4));
        QVERIFY(f.validate().empty());
        // every leaf reaches every spine once
        std::map<std::string, std::set<std::string>> spinesOfLeaf;
        for (const auto& l : f.links)
            if (f.findNode(l.b.node)->role == Role::Spine)
                spinesOfLeaf[l.a.node].insert(l.b.node);
        QCOMPARE(spinesOfLeaf.size(), std::size_t(16));
        for (const auto& [leaf, spines] : spinesOfLeaf)
            QCOMPARE(spines.size(), std::size_t(4));
    }

    void rail()
    {
        const Fabric f = generateRail(64, 8, 8, 64);
        // 32 servers per group (half of 64 leaf ports) -> 2 groups x 8 rails = 16 leaves, 32 spines
        QCOMPARE(count(f, Role::Leaf), 16);
        QCOMPARE(count(f, Role::Spine), 32);
        QCOMPARE(f.hostCount(), std::size_t(64));
        QVERIFY(f.validate().empty());
        // NIC g of every server lands on a leaf of rail g+1 in its group.
        for (const auto& l : f.links) {
            const Node* host = f.findNode(l.b.node);
            if (host->role != Role::Host)
                continue;
            const int nic = std::stoi(l.b.port.substr(l.b.port.find('_') + 1));
            QVERIFY2(l.a.node.ends_with(fmt::format("-rail{}", nic + 1)), qPrintable(QString::fromStdString(l.a.node + " " + l.b.port)));
        }
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, generateRail(100000, 8, 8, 64));
    }

    void cablesFollowPlacement()
    {
        const Fabric f = generateLeafSpine(2, 24, 4);
        for (const auto& l : f.links) {
            const double m = l.length.value();
            QVERIFY(m >= 1.0);
            QCOMPARE(m, std::ceil(m)); // whole metres
            QCOMPARE(l.medium, m <= 3.0 ? Medium::Dac : (m <= 30.0 ? Medium::Aoc : Medium::Fibre));
        }
        // The farthest leaf (rack 24, second row) needs a longer uplink than the nearest.
        const Link* near = lfp::FabricIndex(f).findLinkAt({ "leaf1", f.findNode("leaf1")->ports.back().name });
        const Link* far = lfp::FabricIndex(f).findLinkAt({ "leaf24", f.findNode("leaf24")->ports.back().name });
        QVERIFY(near && far);
        QVERIFY(far->length > near->length);
    }

    void example()
    {
        const Fabric f = exampleFabric();
        QCOMPARE(f.switchCount(), std::size_t(6));
        QCOMPARE(f.hostCount(), std::size_t(16));
        QCOMPARE(count(f, Role::Spine), 2);
        QCOMPARE(count(f, Role::Leaf), 4);
        QVERIFY(f.findNode("gpu16"));
        const QosPolicy* p = lfp::FabricIndex(f).policyAt({ "leaf1", "Ethernet0" });
        QVERIFY(p);
        QCOMPARE(p->dscpToTc[26], 3);
        QVERIFY(p->isLossless(3));
        QCOMPARE(p->dscpToTc[48], 6);
        QCOMPARE(p->cnpPriority, 6);
        for (const auto& n : f.nodes)
            if (n.isSwitch())
                QCOMPARE(n.asic, std::string("spectrum-3"));
        QVERIFY(f.validate().empty());
    }

    void bundledExampleFileIsCurrent()
    {
        // resources/examples/example-ai-cluster.json is `lfp generate example`: keep them in step.
        const Fabric shipped = readFabricJson(LFP_SOURCE_DIR "/resources/examples/example-ai-cluster.json");
        QVERIFY2(shipped == exampleFabric(), "regenerate with: lfp generate example -o resources/examples/example-ai-cluster.json");
    }

    void linkEndsAgree()
    {
        // Server-facing switch ports run at host speed, switch-to-switch ports at fabric speed.
        GeneratorOptions opt;
        opt.hostSpeed = BitsPerSecond(100'000'000'000);
        opt.fabricSpeed = BitsPerSecond(400'000'000'000);
        for (const Fabric& f : { generateFatTree(8, opt), generateLeafSpine(2, 4, 8, opt), generateRail(32, 8, 8, 64, 0, opt) }) {
            for (const auto& l : f.links) {
                const Port* a = f.findPort(l.a);
                const Port* b = f.findPort(l.b);
                QVERIFY(a && b);
                QVERIFY2(a->speed == b->speed && a->fec == b->fec, qPrintable(QString::fromStdString(f.name + ": " + l.a.node + ":" + l.a.port + " -- " + l.b.node + ":" + l.b.port)));
                const bool toHost = f.findNode(l.a.node)->role == Role::Host || f.findNode(l.b.node)->role == Role::Host;
                QCOMPARE(a->speed, toHost ? opt.hostSpeed : opt.fabricSpeed);
            }
        }
    }

    void badArguments()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, generateFatTree(5));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, generateFatTree(0));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, generateLeafSpine(0, 4, 4));
    }

    void cancel()
    {
        Feedback fb;
        fb.cancel();
        QVERIFY_THROWS_EXCEPTION(Cancelled, generateFatTree(8, {}, &fb));
    }
};

QTEST_GUILESS_MAIN(TestGenerators)
#include "tst_generators.moc"
