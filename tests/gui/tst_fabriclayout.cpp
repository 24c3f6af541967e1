// SPDX-License-Identifier: GPL-3.0-or-later
// The diagram's layout as a pure function (gui/canvas/fabriclayout.h): no scene, no fonts, no display. The
// text widths are a fixed advance per character, so the figures do not depend on installed fonts.
#include <QtTest>

#include "gui/canvas/fabriclayout.h"
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

    void smallFabricIsDrawnWhole()
    {
        // The example (22 nodes, no pods): nothing grouped, the drawn fabric is the fabric.
        const Fabric f = exampleFabric();
        const FabricLayout L = layoutFabric(f, fixedWidth);
        QVERIFY(L.groups.empty());
        QCOMPARE(L.shown.nodes.size(), f.nodes.size());
        QCOMPARE(L.shown.links.size(), f.links.size());
        for (std::size_t i = 0; i < f.nodes.size(); ++i)
            QCOMPARE(L.shownNodes[i], i);
        for (std::size_t i = 0; i < f.links.size(); ++i)
            QCOMPARE(L.shownLinks[i], std::vector<std::size_t> { i });
    }

    void fatTreeCollapsesIntoPods()
    {
        // k=16: 1,344 nodes (> kGroupThreshold): 16 pods of 8 aggregation (spine) + 8 edge (leaf)
        // switches and 64 hosts; the 64 cores all link to every pod, 64 > 16, so they are one box.
        const int k = 16;
        const Fabric f = generateFatTree(k);
        const FabricLayout L = layoutFabric(f, fixedWidth);
        std::size_t pods = 0, sets = 0;
        for (const LayoutGroup& g : L.groups) {
            QVERIFY(g.collapsed);
            if (g.kind == LayoutGroup::Kind::Pod) {
                ++pods;
                QCOMPARE(g.perTier[1], std::size_t(k / 2));
                QCOMPARE(g.perTier[2], std::size_t(k / 2));
                QCOMPARE(g.perTier[3], std::size_t(k * k / 4));
                QCOMPARE(g.number, int(pods));
            } else {
                QCOMPARE(g.kind, LayoutGroup::Kind::SwitchSet);
                QCOMPARE(g.members.size(), std::size_t(k * k / 4));
                ++sets;
            }
        }
        QCOMPARE(pods, std::size_t(k));
        QCOMPARE(sets, std::size_t(1));
        QCOMPARE(L.shown.nodes.size(), std::size_t(k + 1));
        // One bundle from the core box to each pod, of (k/2)² core links; the rest is inside the pods.
        QCOMPARE(L.shown.links.size(), std::size_t(k));
        std::size_t bundled = 0;
        for (const auto& links : L.shownLinks) {
            QCOMPARE(links.size(), std::size_t(k * k / 4));
            bundled += links.size();
        }
        QCOMPARE(bundled, std::size_t(k * k * k / 4)); // every core link, once
        std::size_t hidden = 0;
        for (std::size_t i = 0; i < f.links.size(); ++i)
            hidden += L.shownLinkOf[i] == layout::kNone;
        QCOMPARE(hidden + bundled, f.links.size());
        // Every drawn box is placed, in two tiers, without overlaps.
        for (std::size_t i = 0; i < L.shown.nodes.size(); ++i)
            QVERIFY(L.drawn(i));
        for (std::size_t i = 1; i < k + 1; ++i)
            for (std::size_t j = i + 1; j < k + 1; ++j)
                QVERIFY(!overlap(L.box(L.shown, i), L.box(L.shown, j)));
        for (std::size_t i = 0; i < f.nodes.size(); ++i)
            QVERIFY(L.groupOf[i] != layout::kNone);
    }

    void expandingAPodDrawsItsSwitchesAndHosts()
    {
        const int k = 16;
        const Fabric f = generateFatTree(k);
        const FabricLayout folded = layoutFabric(f, fixedWidth);
        const LayoutGroup& pod3 = folded.groups[2];
        QCOMPARE(pod3.number, 3);
        LayoutOptions opt;
        opt.toggled = { pod3.key() };
        const FabricLayout L = layoutFabric(f, fixedWidth, opt);
        QVERIFY(!L.groups[2].collapsed);
        QVERIFY(L.groups[0].collapsed && L.groups[3].collapsed);
        for (std::size_t m : L.groups[2].members) {
            QVERIFY(L.shownIndex[m] != layout::kNone);
            QCOMPARE(L.shownNodes[L.shownIndex[m]], m);
            QVERIFY(L.drawn(L.shownIndex[m]));
        }
        // The cores now differ by the aggregation switch of pod 3 they link to: 8 sets of 8 cores,
        // each linked to 16 boxes; 8 ≤ 16, so the cores are drawn one by one.
        for (const LayoutGroup& g : L.groups)
            QVERIFY(g.kind != LayoutGroup::Kind::SwitchSet);
        QCOMPARE(L.shown.nodes.size(), std::size_t(k * k / 4 + (k - 1) + k + k * k / 4));
        // Toggling the pod again folds it back: the same layout as before.
        opt.toggled = { pod3.key(), pod3.key() }; // named twice is still one flip
        QVERIFY(layoutFabric(f, fixedWidth, opt).groups[2].collapsed == false);
        opt.toggled = {};
        QCOMPARE(layoutFabric(f, fixedWidth, opt).pos, folded.pos);
    }

    void railClusterSpinesAreOneBox()
    {
        // 32 servers × 8 GPUs on 8 rails, 32 spines: every spine links to the same 8 rail leaves, so
        // the spines are one box with a bundle of 32 links to each leaf; the servers stay drawn.
        const Fabric f = generateRail(32, 8, 8, 64);
        const FabricLayout L = layoutFabric(f, fixedWidth);
        QCOMPARE(L.groups.size(), std::size_t(1));
        const LayoutGroup& g = L.groups[0];
        QCOMPARE(g.kind, LayoutGroup::Kind::SwitchSet);
        QCOMPARE(g.perTier[1], std::size_t(32));
        QCOMPARE(L.shown.nodes.size(), std::size_t(1 + 8 + 32));
        std::size_t bundles = 0;
        for (std::size_t j = 0; j < L.shownLinks.size(); ++j)
            if (L.shownLinks[j].size() > 1) {
                ++bundles;
                QCOMPARE(L.shownLinks[j].size(), std::size_t(32));
            }
        QCOMPARE(bundles, std::size_t(8));
        // The spines' box is not wider than a switch box: the diagram is about as wide as the leaves.
        double leafLo = 1e18, leafHi = -1e18;
        for (std::size_t i = 0; i < L.shown.nodes.size(); ++i)
            if (L.shown.nodes[i].role == Role::Leaf) {
                leafLo = std::min(leafLo, L.pos[i].x);
                leafHi = std::max(leafHi, L.pos[i].x);
            }
        for (std::size_t i = 0; i < L.shown.nodes.size(); ++i)
            if (L.shownGroup[i] != layout::kNone)
                QVERIFY(L.pos[i].x >= leafLo && L.pos[i].x <= leafHi);
    }

    void railGroupsOfALargeCluster()
    {
        // 1,024 servers × 8 on 8 rails, 32 server ports per leaf: 32 scalable units of 8 rail leaves
        // and 32 servers (1,312 nodes): collapsed into 32 rail groups.
        const Fabric f = generateRail(1024, 8, 8, 64);
        const FabricLayout L = layoutFabric(f, fixedWidth);
        std::size_t groups = 0;
        for (const LayoutGroup& g : L.groups)
            if (g.kind == LayoutGroup::Kind::RailGroup) {
                ++groups;
                QCOMPARE(g.perTier[2], std::size_t(8));
                QCOMPARE(g.perTier[3], std::size_t(32));
                QVERIFY(g.collapsed);
            }
        QCOMPARE(groups, std::size_t(32));
        QVERIFY(!L.summarised);
        // The 32 spines link only to collapsed groups: one box over them.
        QCOMPARE(L.shown.nodes.size(), std::size_t(32 + 1));
        QCOMPARE(L.groups.back().kind, LayoutGroup::Kind::SwitchSet);
        QVERIFY(L.gridColumns >= 8 && L.gridRows * L.gridColumns >= 32);
    }

    void parallelLinksAreOneBundle()
    {
        // A second cable between leaf1 and spine1: one drawn link for both.
        Fabric f = generateLeafSpine(2, 2, 1);
        Link extra = f.links.front();
        const std::string leafName = extra.a.node;
        Node* leaf = nullptr;
        Node* spine = nullptr;
        for (Node& n : f.nodes) {
            if (n.name == extra.a.node)
                leaf = &n;
            if (n.name == extra.b.node)
                spine = &n;
        }
        QVERIFY(leaf && spine);
        Port pa = leaf->ports.front();
        pa.name += "-second";
        leaf->ports.push_back(pa);
        Port pb = spine->ports.front();
        pb.name += "-second";
        spine->ports.push_back(pb);
        extra.a.port = pa.name;
        extra.b.port = pb.name;
        f.links.push_back(extra);
        const FabricLayout L = layoutFabric(f, fixedWidth);
        QCOMPARE(L.shown.links.size(), f.links.size() - 1);
        const std::size_t j = L.shownLinkOf[0];
        QCOMPARE(L.shownLinkOf[f.links.size() - 1], j);
        QCOMPARE(L.shownLinks[j], (std::vector<std::size_t> { 0, f.links.size() - 1 }));
        QVERIFY(L.links[j].shape != LinkGeometry::Shape::None);
    }

    void largeFabricIsSummarised()
    {
        // k=16 fat-tree: 1,024 hosts + 320 switches = 1,344 nodes (drawn); k=20: 2,500 hosts (summarised).
        // (With every pod drawn: autoCollapse off.)
        LayoutOptions all;
        all.autoCollapse = false;
        const Fabric small = generateFatTree(16);
        QVERIFY(!layoutFabric(small, fixedWidth, all).summarised);
        const Fabric big = generateFatTree(20);
        const FabricLayout L = layoutFabric(big, fixedWidth, all);
        QVERIFY(L.groups.size() == 20); // the pods are found, but none is collapsed
        for (const LayoutGroup& g : L.groups)
            QVERIFY(!g.collapsed && g.kind == LayoutGroup::Kind::Pod);
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
