// SPDX-License-Identifier: GPL-3.0-or-later
// The diagram's layout as a pure function (gui/fabriclayout.h): no scene, no fonts, no display. The
// text widths are a fixed advance per character, so the figures do not depend on installed fonts.
#include <QtTest>

#include "gui/fabriclayout.h"
#include "model/generators.h"

#include <set>

using namespace lfp;
using namespace lfp::gui;

namespace {
double fixedWidth(std::string_view text, LayoutText kind)
{
    return static_cast<double>(text.size()) * (kind == LayoutText::SwitchTitle ? 8.0 : 7.0);
}

bool overlap(const LayoutRect& a, const LayoutRect& b)
{
    return a.left < b.right() && b.left < a.right() && a.top < b.bottom() && b.top < a.bottom();
}
} // namespace

class TestFabricLayout : public QObject {
    Q_OBJECT
private slots:
    void exampleTiersAndBoxes()
    {
        const Fabric f = exampleFabric();
        const FabricLayout L = layoutFabric(f, fixedWidth);
        QVERIFY(!L.summarised);
        QCOMPARE(L.pos.size(), f.nodes.size());
        // Every node has a box; tiers go down the page: spines above leaves above hosts.
        double spineY = 0, leafY = 0, hostTop = 1e9;
        for (std::size_t i = 0; i < f.nodes.size(); ++i) {
            QVERIFY2(L.drawn(i), f.nodes[i].name.c_str());
            if (f.nodes[i].role == Role::Spine)
                spineY = L.pos[i].y;
            if (f.nodes[i].role == Role::Leaf)
                leafY = L.pos[i].y;
            if (f.nodes[i].role == Role::Host)
                hostTop = std::min(hostTop, L.box(f, i).top);
        }
        QVERIFY(spineY < leafY);
        QVERIFY(leafY + layout::kSwitchH / 2 < hostTop);
        // No two boxes overlap.
        for (std::size_t i = 0; i < f.nodes.size(); ++i)
            for (std::size_t j = i + 1; j < f.nodes.size(); ++j)
                QVERIFY2(!overlap(L.box(f, i), L.box(f, j)), (f.nodes[i].name + " / " + f.nodes[j].name).c_str());
        // Every link is drawn; a host's link to its leaf runs down the leaf's bus, from the leaf's bottom edge.
        QCOMPARE(L.drawableLinks, f.links.size());
        for (std::size_t l = 0; l < f.links.size(); ++l) {
            const auto [a, b] = L.ends[l];
            QVERIFY(a != layout::kNone && b != layout::kNone);
            const bool hostLink = f.nodes[a].role == Role::Host || f.nodes[b].role == Role::Host;
            QCOMPARE(L.links[l].shape, hostLink ? LinkGeometry::Shape::Bus : LinkGeometry::Shape::Straight);
            if (hostLink) {
                const std::size_t leaf = f.nodes[a].role == Role::Host ? b : a;
                QCOMPARE(L.links[l].points.front().y, L.box(f, leaf).bottom());
                QCOMPARE(L.links[l].points.front().x, L.busX[leaf]);
            } else {
                // Between tiers: from the upper box's bottom edge to the lower box's top edge, within the boxes.
                const std::size_t upper = L.pos[a].y < L.pos[b].y ? a : b, lower = upper == a ? b : a;
                const auto p0 = L.links[l].points[0], p1 = L.links[l].points[1];
                QCOMPARE(p0.y, L.box(f, upper).bottom());
                QCOMPARE(p1.y, L.box(f, lower).top);
                QVERIFY(p0.x >= L.box(f, upper).left && p0.x <= L.box(f, upper).right());
                QVERIFY(p1.x >= L.box(f, lower).left && p1.x <= L.box(f, lower).right());
            }
        }
        QVERIFY(L.nominalZoom > 0 && L.nominalZoom <= 1);
    }

    void layoutIsPure()
    {
        const Fabric f = generateLeafSpine(4, 8, 6);
        const FabricLayout a = layoutFabric(f, fixedWidth);
        const FabricLayout b = layoutFabric(f, fixedWidth);
        QVERIFY(a.pos == b.pos);
        QCOMPARE(a.busX, b.busX);
        QCOMPARE(a.hostColumns, b.hostColumns);
        // Longer names widen the boxes (within limits), shorter ones never go below the minimum.
        const FabricLayout wide = layoutFabric(f, [](std::string_view t, LayoutText) { return static_cast<double>(t.size()) * 40.0; });
        QCOMPARE(wide.tierWidth[2], layout::kSwitchMaxW);
        const FabricLayout narrow = layoutFabric(f, [](std::string_view, LayoutText) { return 0.0; });
        QCOMPARE(narrow.tierWidth[2], layout::kSwitchMinW);
        QCOMPARE(narrow.tierWidth[3], layout::kHostMinW);
    }

    void spinesOverTheLeavesTheyServe()
    {
        // A full mesh: spines spread evenly over the leaves' extent, in order, without overlap.
        const Fabric f = generateLeafSpine(4, 8, 2);
        const FabricLayout L = layoutFabric(f, fixedWidth);
        std::vector<double> spines, leaves;
        for (std::size_t i = 0; i < f.nodes.size(); ++i) {
            if (f.nodes[i].role == Role::Spine)
                spines.push_back(L.pos[i].x);
            if (f.nodes[i].role == Role::Leaf)
                leaves.push_back(L.pos[i].x);
        }
        QCOMPARE(spines.size(), std::size_t(4));
        const auto [lmin, lmax] = std::minmax_element(leaves.begin(), leaves.end());
        for (std::size_t k = 0; k < spines.size(); ++k) {
            QVERIFY(spines[k] >= *lmin - layout::kSwitchMaxW && spines[k] <= *lmax + layout::kSwitchMaxW);
            if (k)
                QVERIFY(spines[k] - spines[k - 1] >= L.tierWidth[1]);
        }
    }

    void railServersSpreadUnderTheirLeaves()
    {
        // 32 servers × 8 NICs on 8 rails: every server links to every rail leaf of its group; homes are
        // balanced, so no leaf carries more than its share of host boxes.
        const Fabric f = generateRail(32, 8, 8, 64, 4);
        const FabricLayout L = layoutFabric(f, fixedWidth);
        std::size_t leaves = 0, maxHosts = 0, hosts = 0;
        for (std::size_t i = 0; i < f.nodes.size(); ++i)
            if (f.nodes[i].role == Role::Leaf) {
                ++leaves;
                maxHosts = std::max(maxHosts, L.hostsOf[i].size());
                hosts += L.hostsOf[i].size();
            }
        QCOMPARE(hosts, f.hostCount());
        QVERIFY(L.orphans.empty());
        QVERIFY2(maxHosts <= (hosts + leaves - 1) / leaves, qPrintable(QString::number(maxHosts)));
        // A host's other NIC links are straight links, not buses.
        std::size_t bus = 0;
        for (const auto& g : L.links)
            bus += g.shape == LinkGeometry::Shape::Bus;
        QCOMPARE(bus, f.hostCount());
    }

    void largeFabricIsSummarised()
    {
        // k=16 fat-tree: 1,024 hosts + 320 switches = 1,344 nodes (drawn); k=20: 2,500 hosts (summarised).
        const Fabric small = generateFatTree(16);
        QVERIFY(!layoutFabric(small, fixedWidth).summarised);
        const Fabric big = generateFatTree(20);
        const FabricLayout L = layoutFabric(big, fixedWidth);
        QVERIFY(L.summarised);
        std::size_t drawnHosts = 0, switchLinks = 0;
        for (std::size_t i = 0; i < big.nodes.size(); ++i)
            if (big.nodes[i].role == Role::Host && L.drawn(i))
                ++drawnHosts;
        for (const auto& g : L.links)
            switchLinks += g.shape != LinkGeometry::Shape::None;
        QCOMPARE(drawnHosts, std::size_t(0));
        // Only switch-to-switch links are drawn: k³/4 host links are summarised away.
        QCOMPARE(switchLinks, big.links.size() - std::size_t(20 * 20 * 20 / 4));
        QVERIFY(L.hostBottom > L.hostTopY); // room for the "N hosts" boxes
    }
};

QTEST_GUILESS_MAIN(TestFabricLayout)
#include "tst_fabriclayout.moc"
