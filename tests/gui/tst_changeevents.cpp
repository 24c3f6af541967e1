// SPDX-License-Identifier: GPL-3.0-or-later
// Views that act on the document's change events (issue 30): a value edit updates the rows and items
// of the edited objects only: the device tree is not reset (expanded rows stay), the diagram keeps the
// pods the user expanded and its items; an add or a remove keeps them too; the document holds the one
// selection the views follow; setting a value and then the old one back leaves no undo step.
#include "gui/application.h"
#include "gui/models/devicetreemodel.h"
#include "gui/canvas/fabricscene.h"
#include "gui/mainwindow.h"
#include "gui/views/propertypanel.h"

#include "document/fabricdocument.h"
#include "document/structurecommands.h"
#include "model/generators.h"

#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QGraphicsItem>
#include <QItemSelectionModel>
#include <QTreeView>
#include <QUndoStack>

using namespace lfp;
using namespace lfp::gui;

namespace {
constexpr int kK = 16; // 1,024 hosts: drawn as 16 pods and the cores' box (tst_fabriclod)

/// The scene's first pod group.
const LayoutGroup* firstPod(const FabricScene& s)
{
    for (const auto& g : s.groups())
        if (g.kind == LayoutGroup::Kind::Pod)
            return &g;
    return nullptr;
}
} // namespace

class TstChangeEvents : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LFP-test"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_changeevents"));
        QSettings().clear();
        QVERIFY(installTranslations(QStringLiteral("en")));
    }

    // The tree keeps expanded pods (and rows) and the diagram its expanded pods across a value edit.
    void valueEditKeepsExpandedPodsAndRows()
    {
        MainWindow w;
        w.setQuiet(true);
        w.setFabric(generateFatTree(kK), {}, std::nullopt);
        FabricScene* scene = w.scene();
        QCOMPARE(scene->collapsedGroupCount(), kK + 1);
        const LayoutGroup* pod = firstPod(*scene);
        QVERIFY(pod);
        const std::size_t leafIndex = [&] {
            for (std::size_t m : pod->members)
                if (w.fabric()->nodes[m].role == Role::Leaf)
                    return m;
            return pod->members.front();
        }();
        scene->toggleGroup(pod->key()); // the user expands pod 1
        const int collapsed = scene->collapsedGroupCount();
        QVERIFY(collapsed < kK + 1);
        NodeItem* item = scene->nodeItem(leafIndex);
        QVERIFY(item);
        const std::string leaf = w.fabric()->nodes[leafIndex].name;
        const QModelIndex leafRow = w.treeModel()->indexForNode(leafIndex);
        w.treeView()->expand(leafRow.parent());
        w.treeView()->expand(leafRow);
        QVERIFY(w.treeView()->isExpanded(leafRow));
        QSignalSpy resets(w.treeModel(), &QAbstractItemModel::modelReset);
        QSignalSpy rows(w.treeModel(), &QAbstractItemModel::dataChanged);
        QSignalSpy changed(w.document(), &FabricDocument::changed);

        QVERIFY(w.applyEdit(ObjectRef::forNode(leaf), QStringLiteral("model"), QStringLiteral("SN5600")));
        QCOMPARE(changed.count(), 1);
        const auto c = changed.at(0).at(0).value<FabricChange>();
        QCOMPARE(c.kind, FabricChange::Kind::Values); // names the object and the field
        QCOMPARE(c.objects, std::vector<ObjectRef> { ObjectRef::forNode(leaf) });
        QCOMPARE(c.field, std::string("model"));
        QCOMPARE(resets.count(), 0); // the tree was not reset ...
        QVERIFY(rows.count() >= 1); // ... only the edited row announced
        QVERIFY(w.treeView()->isExpanded(w.treeModel()->indexForNode(leafIndex)));
        QVERIFY(w.treeView()->isExpanded(w.treeModel()->indexForNode(leafIndex).parent()));
        QCOMPARE(scene->collapsedGroupCount(), collapsed); // the pod stays expanded
        QCOMPARE(scene->nodeItem(leafIndex), item); // the same item, updated in place
        QCOMPARE(item->subtitle(), QStringLiteral("SN5600"));

        // A cable and a port: the same; the rack shows in the tree at once.
        const Endpoint port { leaf, w.fabric()->nodes[leafIndex].ports.front().name };
        QVERIFY(w.applyEdit(ObjectRef::forLink(port), QStringLiteral("length"), QStringLiteral("42m")));
        QVERIFY(w.applyEdit(ObjectRef::forNode(leaf), QStringLiteral("rack"), QStringLiteral("R42")));
        QCOMPARE(w.treeModel()->data(w.treeModel()->indexForNode(leafIndex).siblingAtColumn(DeviceTreeModel::RackColumn)).toString(), QStringLiteral("R42"));
        QCOMPARE(resets.count(), 0);
        QCOMPARE(scene->collapsedGroupCount(), collapsed);
        w.document()->undoStack()->undo();
        w.document()->undoStack()->undo();
        QCOMPARE(resets.count(), 0);
        QCOMPARE(scene->nodeItem(leafIndex), item);
        QVERIFY(w.treeView()->isExpanded(w.treeModel()->indexForNode(leafIndex)));

        // A role moves the node to another group of the tree: rows move, the expanded ones stay open.
        QVERIFY(w.applyEdit(ObjectRef::forNode(leaf), QStringLiteral("role"), QStringLiteral("spine")));
        QVERIFY(w.treeView()->isExpanded(w.treeModel()->indexForNode(leafIndex)));
        QCOMPARE(scene->collapsedGroupCount(), collapsed);
    }

    // Adding or removing objects rebuilds the views but keeps what the user opened.
    void structuralEditKeepsExpandedPods()
    {
        MainWindow w;
        w.setQuiet(true);
        w.setFabric(generateFatTree(kK), {}, std::nullopt);
        FabricScene* scene = w.scene();
        const LayoutGroup* pod = firstPod(*scene);
        QVERIFY(pod);
        const std::size_t member = pod->members.front();
        scene->toggleGroup(pod->key());
        const int collapsed = scene->collapsedGroupCount();
        QVERIFY(collapsed < kK + 1);
        const QModelIndex row = w.treeModel()->indexForNode(member);
        w.treeView()->expand(row.parent());
        w.treeView()->expand(row);
        const std::string name = w.fabric()->nodes[member].name;
        Node n;
        n.name = "zz-new-host";
        n.role = Role::Host;
        w.document()->undoStack()->push(new AddNodeCommand(w.document(), n)); // added at the end: indices stay
        QCOMPARE(scene->collapsedGroupCount(), collapsed);
        const auto again = w.document()->index().node(name);
        QVERIFY(again);
        QVERIFY(w.treeView()->isExpanded(w.treeModel()->indexForNode(*again)));
        w.document()->undoStack()->undo();
        QCOMPARE(scene->collapsedGroupCount(), collapsed);
        QVERIFY(w.treeView()->isExpanded(w.treeModel()->indexForNode(*again)));
    }

    // Set X, then the old value back: no undo step, and the window is not modified.
    void backToTheOldValueIsClean()
    {
        MainWindow w;
        w.setQuiet(true);
        w.openExample();
        const Endpoint e = w.fabric()->links.front().a;
        const QString old = QString::fromStdString(formatLength(w.fabric()->links.front().length));
        QVERIFY(w.applyEdit(ObjectRef::forLink(e), QStringLiteral("length"), QStringLiteral("77m")));
        QVERIFY(w.document()->isModified());
        QVERIFY(w.isWindowModified());
        QVERIFY(w.applyEdit(ObjectRef::forLink(e), QStringLiteral("length"), old));
        QCOMPARE(w.document()->undoStack()->count(), 0);
        QVERIFY(!w.document()->isModified());
        QVERIFY(!w.isWindowModified());
    }

    // The document holds the selection: the diagram's and the tree's selections both land there, and
    // the inspector shows the document's current object again after an edit.
    void selectionLivesInTheDocument()
    {
        MainWindow w;
        w.setQuiet(true);
        w.openExample();
        const Link& l = w.fabric()->links.front();
        const Endpoint a = l.a;
        const auto link = std::size_t(0);
        w.scene()->linkItem(link)->setSelected(true); // a click in the diagram
        QCOMPARE(w.document()->selection(), std::vector<ObjectRef> { ObjectRef::forLink(a) });
        w.scene()->clearSelection();
        QVERIFY(w.document()->selection().empty());
        const auto node = *w.document()->index().node(a.node);
        w.scene()->nodeItem(node)->setSelected(true);
        QCOMPARE(w.document()->selection(), std::vector<ObjectRef> { ObjectRef::forNode(a.node) });
        QVERIFY(w.selectObject(QString::fromStdString(ObjectRef::forPort(a).toString()))); // the tree
        QCOMPARE(w.document()->selection(), std::vector<ObjectRef> { ObjectRef::forPort(a) });
        QVERIFY(w.applyEdit(ObjectRef::forPort(a), QStringLiteral("mtu"), QStringLiteral("4200")));
        QCOMPARE(w.document()->selection(), std::vector<ObjectRef> { ObjectRef::forPort(a) });
        QCOMPARE(w.propertyPanel()->title(), QString::fromStdString(a.node + ":" + a.port));
        QVERIFY(w.propertyPanel()->value(QStringLiteral("MTU")).startsWith(QStringLiteral("4200")));
    }

    // One selection (issue 30): a click in the tree selects in the diagram and a click in the diagram
    // selects in the tree, both through the document (its selectionChanged is announced once per
    // click, and the view that did not click shows what the document holds).
    void treeAndDiagramFollowTheDocument()
    {
        MainWindow w;
        w.setQuiet(true);
        w.openExample();
        FabricDocument* doc = w.document();
        QSignalSpy announced(doc, &FabricDocument::selectionChanged);
        const Link& l = w.fabric()->links.front();
        const auto nodeA = *doc->index().node(l.a.node);
        const auto nodeB = *doc->index().node(l.b.node);

        // The tree → the document → the diagram.
        const QModelIndex row = w.treeModel()->indexForNode(nodeB);
        w.treeView()->selectionModel()->setCurrentIndex(row, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QCOMPARE(doc->selection(), std::vector<ObjectRef> { ObjectRef::forNode(l.b.node) });
        QCOMPARE(announced.count(), 1);
        QVERIFY(w.scene()->nodeItem(nodeB)->isSelected());
        QCOMPARE(w.scene()->selectedItems().size(), 1);
        QCOMPARE(w.propertyPanel()->title(), QString::fromStdString(l.b.node));

        // The diagram → the document → the tree (the link shows as its first port's row).
        w.scene()->clearSelection();
        w.scene()->linkItem(0)->setSelected(true);
        QCOMPARE(doc->selection(), std::vector<ObjectRef> { ObjectRef::forLink(l.a) });
        const auto port = *doc->index().port(nodeA, l.a.port);
        const QModelIndex portRow = w.treeModel()->indexForPort(nodeA, doc->index().portIndexInNode(port));
        QCOMPARE(w.treeView()->selectionModel()->selectedRows(), QModelIndexList { portRow });
        QCOMPARE(w.treeView()->currentIndex(), portRow);
        QVERIFY(w.scene()->linkItem(0)->isSelected());

        // The document itself (a finding, `lfp set`-style code): both views follow.
        announced.clear();
        doc->setSelection({ ObjectRef::forNode(l.a.node), ObjectRef::forNode(l.b.node) });
        QCOMPARE(announced.count(), 1);
        QCOMPARE(w.treeView()->selectionModel()->selectedRows().size(), 2);
        QCOMPARE(w.treeView()->currentIndex(), w.treeModel()->indexForNode(nodeA));
        QVERIFY(w.scene()->nodeItem(nodeA)->isSelected());
        QVERIFY(!w.scene()->linkItem(0)->isSelected());
        QCOMPARE(doc->selection().size(), std::size_t(2)); // showing it did not change it
        QCOMPARE(announced.count(), 1);
        doc->setSelection({});
        QVERIFY(w.treeView()->selectionModel()->selectedRows().isEmpty());
        QVERIFY(w.scene()->selectedItems().isEmpty());
    }
};

QTEST_MAIN(TstChangeEvents)
#include "tst_changeevents.moc"
