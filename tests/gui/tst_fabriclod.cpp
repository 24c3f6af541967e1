// SPDX-License-Identifier: GPL-3.0-or-later
// The diagram's level of detail in the scene (gui/canvas/fabricscene.h over fabriclayout.h's groups): a
// fat-tree drawn as pods under one box of cores, double-click to expand and collapse again, selecting a
// node inside a collapsed pod expands it, parallel links drawn as one item with a count. Offscreen.
#include "gui/canvas/fabricscene.h"
#include "gui/canvas/fabricview.h"
#include "gui/canvas/legendwidget.h"
#include "model/generators.h"

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QTest>

using namespace lfp;
using namespace lfp::gui;

class TestFabricLod : public QObject {
    Q_OBJECT
private slots:
    void fatTreeIsDrawnAsPods()
    {
        const int k = 16;
        FabricScene scene;
        scene.setFabric(std::make_shared<const Fabric>(generateFatTree(k)));
        QCOMPARE(scene.collapsedGroupCount(), k + 1); // 16 pods and the cores' box
        QCOMPARE(scene.nodeItemCount(), 0); // every node is inside a group
        QCOMPARE(scene.linkItemCount(), k); // one bundle of (k/2)² core links per pod
        int pods = 0;
        for (QGraphicsItem* item : scene.items())
            if (item->type() == GroupItemType) {
                auto* g = static_cast<GroupItem*>(item);
                if (scene.groups()[g->groupIndex()].kind == LayoutGroup::Kind::Pod) {
                    ++pods;
                    QVERIFY(g->title().startsWith(QStringLiteral("Pod ")));
                    QCOMPARE(g->subtitle(), QStringLiteral("8 spines · 8 leaves · 64 hosts"));
                }
            }
        QCOMPARE(pods, k);
        int counted = 0;
        for (QGraphicsItem* item : scene.items())
            if (item->type() == LinkItemType) {
                QCOMPARE(static_cast<LinkItem*>(item)->count(), k * k / 4);
                ++counted;
            }
        QCOMPARE(counted, k);
    }

    void doubleClickExpandsAndCollapses()
    {
        const int k = 16;
        const Fabric f = generateFatTree(k);
        FabricScene scene;
        scene.setFabric(std::make_shared<const Fabric>(f));
        FabricView view(&scene);
        view.resize(1000, 650);
        view.show();
        view.fitAll();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        // Find pod 3's box and double-click it.
        GroupItem* pod3 = nullptr;
        for (std::size_t g = 0; g < scene.groups().size(); ++g)
            if (scene.groups()[g].kind == LayoutGroup::Kind::Pod && scene.groups()[g].number == 3)
                pod3 = scene.groupItem(g);
        QVERIFY(pod3);
        const std::size_t key = pod3->key();
        const QPoint at = view.mapFromScene(pod3->scenePos());
        QTest::mouseDClick(view.viewport(), Qt::LeftButton, {}, at);
        // Its 8 + 8 switches and 64 hosts are drawn now, and the cores one by one (they differ by the
        // pod-3 switch they link to).
        const std::size_t g3 = scene.groupOfNode(key);
        QVERIFY(!scene.groups()[g3].collapsed);
        for (std::size_t m : scene.groups()[g3].members)
            QVERIFY(scene.nodeItem(m));
        QCOMPARE(scene.nodeItemCount(), k * k / 4 + k / 2 + k / 2 + k * k / 4);
        QVERIFY(scene.nodeItem(key)->toolTip().contains(QStringLiteral("Double-click to collapse Pod 3")));
        // Double-click one of its switches: the pod folds again.
        NodeItem* member = scene.nodeItem(key);
        view.centerOn(member);
        QTest::mouseDClick(view.viewport(), Qt::LeftButton, {}, view.mapFromScene(member->scenePos()));
        QVERIFY(scene.groups()[scene.groupOfNode(key)].collapsed);
        QCOMPARE(scene.collapsedGroupCount(), k + 1);
        QVERIFY(!scene.nodeItem(key));
    }

    void selectingAHiddenNodeExpandsItsGroup()
    {
        const Fabric f = generateFatTree(16);
        FabricScene scene;
        scene.setFabric(std::make_shared<const Fabric>(f));
        std::size_t host = 0; // the last host (in the last pod)
        for (std::size_t i = 0; i < f.nodes.size(); ++i)
            if (f.nodes[i].role == Role::Host)
                host = i;
        QVERIFY(!scene.nodeItem(host));
        scene.selectNode(host);
        QVERIFY(scene.nodeItem(host));
        QVERIFY(scene.nodeItem(host)->isSelected());
        QVERIFY(!scene.groups()[scene.groupOfNode(host)].collapsed);
    }

    void cycleOverlayExpandsAndMarksItsLinks()
    {
        // A "cycle" through two links inside pod 2 (hidden while the pod is collapsed) and one core
        // link: the overlay expands pod 2 and marks exactly these links; an empty list clears it.
        const Fabric f = generateFatTree(16);
        FabricScene scene;
        scene.setFabric(std::make_shared<const Fabric>(f));
        std::vector<std::size_t> inPod2, core;
        for (std::size_t i = 0; i < f.links.size(); ++i) {
            const std::string& a = f.links[i].a.node;
            const std::string& b = f.links[i].b.node;
            if (a.rfind("pod2-", 0) == 0 && b.rfind("pod2-", 0) == 0 && inPod2.size() < 2)
                inPod2.push_back(i);
            if (core.empty() && (a.rfind("core", 0) == 0 || b.rfind("core", 0) == 0))
                core.push_back(i);
        }
        QCOMPARE(inPod2.size(), std::size_t(2));
        QVERIFY(!scene.linkItem(inPod2[0]));
        std::vector<std::size_t> cycle = inPod2;
        cycle.push_back(core[0]);
        scene.setCycleOverlay({ cycle });
        for (const std::size_t l : cycle) {
            QVERIFY(scene.linkItem(l));
            QCOMPARE(scene.linkItem(l)->overlay(), FabricScene::cycleColour());
        }
        int marked = 0;
        for (QGraphicsItem* item : scene.items())
            if (item->type() == LinkItemType && static_cast<LinkItem*>(item)->overlay().isValid())
                ++marked;
        QCOMPARE(marked, 3);
        // Kept across a re-layout, cleared by an empty list.
        scene.setLinkColouring(LinkColouring::Speed);
        QCOMPARE(scene.linkItem(inPod2[1])->overlay(), FabricScene::cycleColour());
        scene.setCycleOverlay({});
        QVERIFY(!scene.linkItem(inPod2[1])->overlay().isValid());
    }

    void failedLinksAreDrawnFailedAndInTheLegend()
    {
        // Issue 37: the deadlock overlay has a colour of its own, is in the legend, and the links a
        // failure scenario takes down are drawn as failed — expanding the pod that hides them.
        const Fabric f = generateFatTree(16);
        auto scene = new FabricScene;
        FabricView view(scene);
        scene->setParent(&view);
        view.resize(1200, 800);
        scene->setFabric(std::make_shared<const Fabric>(f));
        std::size_t inPod3 = f.links.size();
        for (std::size_t i = 0; i < f.links.size() && inPod3 == f.links.size(); ++i)
            if (f.links[i].a.node.rfind("pod3-", 0) == 0 && f.links[i].b.node.rfind("pod3-", 0) == 0)
                inPod3 = i;
        QVERIFY(inPod3 < f.links.size());
        QVERIFY(!scene->linkItem(inPod3));
        const QStringList plain = view.legend()->entries();
        QVERIFY(!plain.contains(QStringLiteral("Failed link")));
        scene->setFailedLinks({ inPod3 });
        QVERIFY(scene->linkItem(inPod3));
        QVERIFY(scene->linkItem(inPod3)->isFailed());
        QVERIFY(view.legend()->entries().contains(QStringLiteral("Failed link")));
        QVERIFY(!view.legend()->entries().contains(QStringLiteral("Cycle")));
        scene->setCycleOverlay({ { 0 } });
        QVERIFY(view.legend()->entries().contains(QStringLiteral("Cycle")));
        // A colour no link colouring, role or severity uses.
        const QColor c = FabricScene::cycleColour();
        for (Medium m : { Medium::Dac, Medium::Aoc, Medium::Fibre, Medium::Unknown })
            QVERIFY(Appearance::mediumColour(m) != c);
        for (const auto& [label, colour] : Appearance::speedClasses())
            QVERIFY(colour != c);
        for (Severity s : { Severity::Error, Severity::Warning, Severity::Info })
            QVERIFY(Appearance::severityColour(s) != c);
        // Kept across a re-layout; cleared with the overlay.
        scene->setLinkColouring(LinkColouring::Speed);
        QVERIFY(scene->linkItem(inPod3)->isFailed());
        scene->setFailedLinks({});
        scene->setCycleOverlay({});
        QVERIFY(!scene->linkItem(inPod3)->isFailed());
        QCOMPARE(view.legend()->entries(), plain);
    }

    void zoomedOutNamesAreElidedNotBarred()
    {
        // 16 spines over 32 leaves: the fit is zoomed out; the spines keep their names.
        const Fabric f = generateLeafSpine(16, 32, 2);
        FabricScene scene;
        scene.setFabric(std::make_shared<const Fabric>(f));
        QCOMPARE(scene.collapsedGroupCount(), 0);
        for (std::size_t i = 0; i < f.nodes.size(); ++i)
            if (f.nodes[i].role == Role::Spine)
                QCOMPARE(scene.nodeItem(i)->fullTitle(), QString::fromStdString(f.nodes[i].name));
        FabricView view(&scene);
        view.resize(1000, 650);
        view.fitAll();
        QImage image(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        QPainter painter(&image);
        view.render(&painter);
        painter.end();
        QVERIFY(!image.isNull());
    }

    void nothingDrawnOverTheDiagramCoversABox()
    {
        // Issue 12: at the fit, the legend and the tier labels are beside the boxes, never over them —
        // in a tall view, a short wide one (a view open below) and a narrow one, small and large fabrics.
        const std::vector<Fabric> fabrics { generateLeafSpine(2, 4, 4), generateFatTree(8) };
        for (const Fabric& f : fabrics)
            for (const QSize size : { QSize(1000, 650), QSize(960, 330), QSize(420, 700) }) {
                FabricScene scene;
                scene.setFabric(std::make_shared<const Fabric>(f));
                FabricView view(&scene);
                view.resize(size);
                view.show();
                view.fitAll();
                QImage image(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
                QPainter painter(&image);
                view.render(&painter); // draws the tier labels (drawForeground)
                painter.end();
                view.viewport()->repaint();
                const auto& labels = view.tierLabelRects();
                QCOMPARE(labels.size(), static_cast<qsizetype>(scene.tierBands().size()));
                const QRect legend = view.legend()->geometry();
                QVERIFY(!legend.intersects(view.diagramArea()));
                for (qsizetype i = 1; i < labels.size(); ++i)
                    QVERIFY(!labels[i].intersects(labels[i - 1]));
                for (QGraphicsItem* item : scene.items()) {
                    if (item->type() != NodeItemType && item->type() != GroupItemType)
                        continue;
                    const QRect box = view.mapFromScene(item->sceneBoundingRect()).boundingRect();
                    QVERIFY2(view.viewport()->rect().contains(box), qPrintable(QStringLiteral("%1x%2").arg(size.width()).arg(size.height())));
                    QVERIFY(!box.intersects(legend));
                    for (const QRect& label : labels)
                        QVERIFY(!box.intersects(label));
                }
            }
    }
};

QTEST_MAIN(TestFabricLod)
#include "tst_fabriclod.moc"
