// SPDX-License-Identifier: GPL-3.0-or-later
// The main window, offscreen: what the diagram, the tree, the property panel and the status bar show
// for the bundled example; selection both ways; errors on open; saving revisions; translations;
// the screenshot mode.
#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers the model pulls in
#include "gui/appearance.h"
#include "gui/application.h"
#include "gui/models/devicetreemodel.h"
#include "gui/canvas/fabricscene.h"
#include "gui/canvas/fabricview.h"
#include "gui/canvas/legendwidget.h"
#include "gui/mainwindow.h"
#include "gui/views/propertypanel.h"

#include "document/autosave.h"
#include "document/changecommands.h"
#include "document/fabricdocument.h"
#include "model/fabricindex.h"
#include "model/objectref.h"
#include "model/fabricjson.h"
#include "model/projectstore.h"
#include "model/generators.h"
#endif

#include <QAbstractItemModelTester>
#include <QAction>
#include <QMenu>
#include <QStatusBar>
#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <set>

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

using namespace lfp;
using namespace lfp::gui;

namespace {

int countItems(const QGraphicsScene* scene, int type)
{
    int n = 0;
    for (const QGraphicsItem* item : scene->items())
        if (item->type() == type)
            ++n;
    return n;
}

std::size_t nodeIndex(const Fabric& f, const char* name) { return lfp::FabricIndex(f).node(name).value(); }

/// Closes (and returns the text of) the error message box the window opened, if any.
QString takeErrorBox()
{
    QString text;
    for (QWidget* w : QApplication::topLevelWidgets())
        if (auto* box = qobject_cast<QMessageBox*>(w); box && box->isVisible()) {
            text = box->text();
            box->close();
        }
    QCoreApplication::processEvents();
    return text;
}

/// A PNG that is really a picture: the right size and many colours.
void checkScreenshot(const QString& path, QSize size)
{
    QImage img(path);
    QVERIFY2(!img.isNull(), qPrintable(path));
    QCOMPARE(img.size(), size);
    std::set<QRgb> colours;
    for (int y = 0; y < img.height(); y += 7)
        for (int x = 0; x < img.width(); x += 7)
            colours.insert(img.pixel(x, y));
    QVERIFY2(colours.size() > 40, qPrintable(QStringLiteral("only %1 colours").arg(colours.size())));
    QVERIFY(QFileInfo(path).size() > 20000);
}

} // namespace

class TstMainWindow : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LFP-test"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
        QSettings().clear();
        QVERIFY(installTranslations(QStringLiteral("en")));
    }

    void cleanupTestCase() { QSettings().clear(); }

    /// View ▸ Language: three exclusive choices; picking one keeps it in QSettings "ui/language"
    /// (read at the next start without --lang) and says so in the status bar.
    void languageMenuKeepsTheChoice()
    {
        QSettings().remove(QStringLiteral("ui/language"));
        MainWindow w;
        w.setQuiet(true);
        auto* menu = w.findChild<QMenu*>(QStringLiteral("languageMenu"));
        QVERIFY(menu);
        QCOMPARE(menu->actions().size(), 3);
        auto* system = w.findChild<QAction*>(QStringLiteral("language_system"));
        auto* zh = w.findChild<QAction*>(QStringLiteral("language_zh_CN"));
        QVERIFY(system && zh);
        QVERIFY(system->isChecked());
        zh->trigger();
        QVERIFY(zh->isChecked());
        QVERIFY(!system->isChecked());
        QCOMPARE(QSettings().value(QStringLiteral("ui/language")).toString(), QStringLiteral("zh_CN"));
        QVERIFY(!w.statusBar()->currentMessage().isEmpty());
        system->trigger();
        QCOMPARE(QSettings().value(QStringLiteral("ui/language")).toString(), QString());
    }

    void exampleDiagram()
    {
        MainWindow w;
        w.openExample();
        const FabricScene* scene = w.scene();
        QCOMPARE(countItems(scene, NodeItemType), 22);
        QCOMPARE(countItems(scene, LinkItemType), 24);
        QCOMPARE(scene->nodeItemCount(), 22);
        QCOMPARE(scene->linkItemCount(), 24);
        QVERIFY(!scene->isSummarised());
        // Tiers: spines above leaves above hosts.
        const Fabric& f = *w.fabric();
        const qreal spineY = scene->nodeItem(nodeIndex(f, "spine1"))->pos().y();
        const qreal leafY = scene->nodeItem(nodeIndex(f, "leaf1"))->pos().y();
        const qreal hostY = scene->nodeItem(nodeIndex(f, "gpu01"))->pos().y();
        QVERIFY(spineY < leafY);
        QVERIFY(leafY < hostY);
        // No two nodes overlap.
        std::vector<QRectF> boxes;
        for (std::size_t i = 0; i < f.nodes.size(); ++i)
            boxes.push_back(scene->nodeItem(i)->mapRectToScene(scene->nodeItem(i)->box())); // the box, not the badge and halo around it
        for (std::size_t i = 0; i < boxes.size(); ++i)
            for (std::size_t j = i + 1; j < boxes.size(); ++j)
                QVERIFY2(!boxes[i].intersects(boxes[j]), qPrintable(QString::fromStdString(f.nodes[i].name + " / " + f.nodes[j].name)));
        // The legend names the roles and media.
        const QStringList legend = w.view()->legend()->entries();
        QVERIFY(legend.contains(QStringLiteral("Spine")));
        QVERIFY(legend.contains(Appearance::mediumName(Medium::Dac)));
    }

    void linkColouring()
    {
        MainWindow w;
        w.openExample();
        const Fabric& f = *w.fabric();
        w.scene()->setLinkColouring(LinkColouring::Speed);
        for (std::size_t i = 0; i < f.links.size(); ++i) {
            const Port* p = f.findPort(f.links[i].a);
            QCOMPARE(w.scene()->linkItem(i)->colour(), Appearance::speedColour(p->speed));
        }
        w.scene()->setLinkColouring(LinkColouring::Medium);
        QCOMPARE(w.scene()->linkItem(0)->colour(), Appearance::mediumColour(f.links[0].medium));
    }

    void treeRowsPerRole()
    {
        MainWindow w;
        w.openExample();
        const DeviceTreeModel* m = w.treeModel();
        QCOMPARE(m->rowCount(), 3); // spines, leaves, hosts (no super-spines)
        QVERIFY(!m->indexForRole(Role::SuperSpine).isValid());
        QCOMPARE(m->rowCount(m->indexForRole(Role::Spine)), 2);
        QCOMPARE(m->rowCount(m->indexForRole(Role::Leaf)), 4);
        QCOMPARE(m->rowCount(m->indexForRole(Role::Host)), 16);
        QCOMPARE(m->columnCount(), 4);
        QCOMPARE(m->headerData(DeviceTreeModel::NameColumn, Qt::Horizontal).toString(), QStringLiteral("Name"));
        const Fabric& f = *w.fabric();
        const std::size_t leaf1 = nodeIndex(f, "leaf1");
        const QModelIndex idx = m->indexForNode(leaf1);
        QCOMPARE(idx.data().toString(), QStringLiteral("leaf1"));
        QCOMPARE(idx.siblingAtColumn(DeviceTreeModel::KindColumn).data().toString(), QStringLiteral("Leaf"));
        QCOMPARE(idx.siblingAtColumn(DeviceTreeModel::RackColumn).data().toString(), QString::fromStdString(f.nodes[leaf1].rack));
        QCOMPARE(idx.siblingAtColumn(DeviceTreeModel::PeerColumn).data().toString(), QStringLiteral("6 links"));
        QCOMPARE(m->rowCount(idx), static_cast<int>(f.nodes[leaf1].ports.size()));
        // A port row: speed and peer.
        const QModelIndex port = m->index(0, 0, idx);
        const Port& p0 = f.nodes[leaf1].ports[0];
        QCOMPARE(port.data().toString(), QString::fromStdString(p0.name));
        QCOMPARE(port.siblingAtColumn(DeviceTreeModel::KindColumn).data().toString(), QString::fromStdString(formatSpeed(p0.speed)));
        const Link* l = lfp::FabricIndex(f).findLinkAt({ "leaf1", p0.name });
        QVERIFY(l);
        const Endpoint& other = l->a.node == "leaf1" ? l->b : l->a;
        QCOMPARE(port.siblingAtColumn(DeviceTreeModel::PeerColumn).data().toString(),
            QString::fromStdString(other.node + ":" + other.port));
        QCOMPARE(m->parent(port), idx);
        QCOMPARE(m->parent(idx), m->indexForRole(Role::Leaf));
    }

    void itemModelTester()
    {
        DeviceTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setFabric(std::make_shared<const Fabric>(exampleFabric()));
        QVERIFY(!QTest::currentTestFailed());
        model.setFabric(std::make_shared<const Fabric>(generateFatTree(4)));
        QCOMPARE(model.rowCount(), 4);
        model.setFabric(nullptr);
        QCOMPARE(model.rowCount(), 0);
        // And the window's own model, while the window uses it.
        MainWindow w;
        QAbstractItemModelTester tester2(w.treeModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        w.openExample();
        w.setFabric(generateLeafSpine(2, 3, 2), {}, std::nullopt);
    }

    void selectingNodeInTreeShowsProperties()
    {
        MainWindow w;
        w.openExample();
        const Fabric& f = *w.fabric();
        const std::size_t leaf2 = nodeIndex(f, "leaf2");
        w.treeView()->setCurrentIndex(w.treeModel()->indexForNode(leaf2));
        const PropertyPanel* panel = w.propertyPanel();
        QCOMPARE(panel->title(), QStringLiteral("leaf2"));
        QCOMPARE(panel->value(QStringLiteral("Name")), QStringLiteral("leaf2"));
        QCOMPARE(panel->value(QStringLiteral("Role")), QStringLiteral("Leaf"));
        QCOMPARE(panel->value(QStringLiteral("Rack")), QString::fromStdString(f.nodes[leaf2].rack));
        QCOMPARE(panel->value(QStringLiteral("Vendor")), QString::fromStdString(f.nodes[leaf2].vendor));
        QCOMPARE(panel->value(QStringLiteral("Model")), QStringLiteral("SN4700"));
        QCOMPARE(panel->value(QStringLiteral("ASIC")), QStringLiteral("spectrum-3"));
        QCOMPARE(panel->value(QStringLiteral("Policy")), QString::fromStdString(f.policies.at(0).name));
        QCOMPARE(panel->value(QStringLiteral("Lossless priorities (PFC)")), QStringLiteral("3"));
        // ...and the diagram selects it.
        const QList<QGraphicsItem*> sel = w.scene()->selectedItems();
        QCOMPARE(sel.size(), 1);
        QCOMPARE(sel.first(), static_cast<QGraphicsItem*>(w.scene()->nodeItem(leaf2)));
    }

    void selectingPortShowsPortAndLink()
    {
        MainWindow w;
        w.openExample();
        const Fabric& f = *w.fabric();
        const std::size_t gpu = nodeIndex(f, "gpu05");
        w.treeView()->setCurrentIndex(w.treeModel()->indexForPort(gpu, 0));
        const PropertyPanel* panel = w.propertyPanel();
        const Port& p = f.nodes[gpu].ports[0];
        const Link* l = lfp::FabricIndex(f).findLinkAt({ "gpu05", p.name });
        QVERIFY(l);
        QCOMPARE(panel->title(), QStringLiteral("gpu05:") + QString::fromStdString(p.name));
        QCOMPARE(panel->value(QStringLiteral("Speed")), QStringLiteral("100G"));
        QCOMPARE(panel->value(QStringLiteral("Lanes")), QString::number(p.lanes));
        QCOMPARE(panel->value(QStringLiteral("MTU")), QString::number(p.mtu));
        QCOMPARE(panel->value(QStringLiteral("FEC")), Appearance::fecName(p.fec));
        QVERIFY(panel->value(QStringLiteral("Peer")).startsWith(QStringLiteral("leaf2:")));
        QCOMPARE(panel->value(QStringLiteral("Cable length")), QString::fromStdString(formatLength(l->length)));
        QCOMPARE(panel->value(QStringLiteral("Medium")), Appearance::mediumName(l->medium));
        QVERIFY(!panel->value(QStringLiteral("RoCE traffic")).isEmpty()); // host NIC settings
        const QList<QGraphicsItem*> sel = w.scene()->selectedItems();
        QCOMPARE(sel.size(), 1);
        QCOMPARE(sel.first()->type(), int(LinkItemType));
    }

    // The panel shows the policy the checks use: the index's one rule (override, else role binding).
    void propertyPanelShowsThePolicyTheChecksUse()
    {
        Fabric f = exampleFabric();
        QosPolicy other = f.policies.front();
        other.name = "override-policy";
        f.policies.push_back(other);
        const Node* gpu = f.findNode("gpu05");
        QVERIFY(gpu);
        const Endpoint e { "gpu05", gpu->ports[0].name };
        f.overrides.push_back({ e, "override-policy" });
        const FabricIndex idx(f);
        MainWindow w;
        w.setFabric(f, {}, std::nullopt);
        QVERIFY(w.selectObject(QStringLiteral("gpu05:") + QString::fromStdString(e.port)));
        QCOMPARE(w.propertyPanel()->value(QStringLiteral("Policy")), QString::fromStdString(idx.policyAt(e)->name));
        QCOMPARE(w.propertyPanel()->value(QStringLiteral("Policy")), QStringLiteral("override-policy"));
        QVERIFY(w.selectObject(QStringLiteral("gpu05")));
        QCOMPARE(w.propertyPanel()->value(QStringLiteral("Policy")), QString::fromStdString(idx.bindingFor(Role::Host)->policy));
        // Two bindings of one role: the file is refused (it used to show the last, check the first).
        f.bindings.push_back({ Role::Host, "override-policy" });
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("two-bindings.json"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QByteArray::fromStdString(fabricToJsonText(f)));
        out.close();
        w.setQuiet(true);
        QVERIFY(!w.openFile(path));
        QVERIFY2(w.lastError().contains(QStringLiteral("one binding per role")), qPrintable(w.lastError()));
        QVERIFY2(w.lastError().contains(QStringLiteral("/bindings/")), qPrintable(w.lastError()));
    }

    // An edit through the document: the panel follows, the title is marked, undo restores.
    void editThroughTheDocumentAndUndo()
    {
        MainWindow w;
        w.openExample();
        const Fabric& f = *w.fabric();
        const Node* gpu = f.findNode("gpu05");
        const Endpoint e { "gpu05", gpu->ports[0].name };
        const QString before = QString::fromStdString(formatLength(FabricIndex(f).findLinkAt(e)->length));
        QVERIFY(w.selectObject(QStringLiteral("gpu05:") + QString::fromStdString(e.port)));
        QVERIFY(!w.document()->isModified());
        w.document()->undoStack()->push(new ChangeValueCommand(w.document(), { ObjectRef::forLink(e) }, "length", "30m"));
        QVERIFY(w.document()->isModified());
        QVERIFY(w.isWindowModified());
        // The selection survived the rebuild and the panel shows the new length.
        QCOMPARE(w.propertyPanel()->value(QStringLiteral("Cable length")), QStringLiteral("30m"));
        QAction* undo = w.findChild<QAction*>(QStringLiteral("undoAction"));
        QVERIFY(undo && undo->isEnabled());
        undo->trigger();
        QCOMPARE(w.propertyPanel()->value(QStringLiteral("Cable length")), before);
        QVERIFY(!w.document()->isModified());
        QVERIFY(w.waitForChecks());
    }

    void selectingInDiagramSelectsInTree()
    {
        MainWindow w;
        w.openExample();
        const Fabric& f = *w.fabric();
        const std::size_t spine2 = nodeIndex(f, "spine2");
        w.scene()->nodeItem(spine2)->setSelected(true);
        QCOMPARE(w.treeView()->currentIndex(), w.treeModel()->indexForNode(spine2));
        QCOMPARE(w.propertyPanel()->title(), QStringLiteral("spine2"));
        // A link: the panel shows both ends.
        w.scene()->clearSelection();
        QCOMPARE(w.propertyPanel()->title(), QString::fromStdString(f.name));
        w.scene()->linkItem(0)->setSelected(true);
        const Link& l = f.links[0];
        QCOMPARE(w.propertyPanel()->value(QStringLiteral("End A")), QString::fromStdString(l.a.node + ":" + l.a.port));
        QCOMPARE(w.propertyPanel()->value(QStringLiteral("End B")), QString::fromStdString(l.b.node + ":" + l.b.port));
        const auto ref = w.treeModel()->refFor(w.treeView()->currentIndex());
        QVERIFY(ref);
        QCOMPARE(int(ref->kind), int(DeviceTreeModel::Kind::Port));
        QCOMPARE(f.nodes[ref->node].name, l.a.node);
    }

    void statusBarCounts()
    {
        MainWindow w;
        w.openExample();
        const QString s = w.statusText();
        QVERIFY2(s.contains(QStringLiteral("Switches: 6")), qPrintable(s));
        QVERIFY2(s.contains(QStringLiteral("Hosts: 16")), qPrintable(s));
        QVERIFY2(s.contains(QStringLiteral("Links: 24")), qPrintable(s));
        QVERIFY2(s.contains(QStringLiteral("example")), qPrintable(s));
        QVERIFY(w.windowTitle().contains(QStringLiteral("example-ai-cluster")));
    }

    void openJsonAndRecentFiles()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("ls.json"));
        writeFabricJson(generateLeafSpine(2, 3, 4), path.toStdString());
        MainWindow w;
        w.openExample();
        QVERIFY(w.openFile(path));
        QCOMPARE(w.fabric()->nodes.size(), std::size_t(2 + 3 + 12));
        QCOMPARE(w.scene()->nodeItemCount(), 17);
        QCOMPARE(w.currentFile(), QFileInfo(path).absoluteFilePath());
        QVERIFY(!w.currentRevision());
        QVERIFY(w.statusText().contains(QStringLiteral("ls.json")));
        QCOMPARE(w.recentFiles().value(0), QFileInfo(path).absoluteFilePath());
    }

    void malformedFileKeepsPreviousFabric()
    {
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        {
            QFile file(bad);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("{\n  \"format\": \"lfp-fabric\",\n  \"version\": 1,\n  \"nodes\": [ { \"name\": 42 } ]\n}\n");
        }
        MainWindow w;
        w.show();
        w.openExample();
        QVERIFY(!w.openFile(bad));
        QVERIFY2(w.lastError().contains(QStringLiteral("bad.json")), qPrintable(w.lastError()));
        const QString shown = takeErrorBox();
        QCOMPARE(shown, w.lastError());
        // The example is still there, untouched.
        QCOMPARE(w.fabric()->nodes.size(), std::size_t(22));
        QCOMPARE(countItems(w.scene(), NodeItemType), 22);
        QVERIFY(w.currentFile().isEmpty());
        // Missing files and non-projects too.
        QVERIFY(!w.openFile(dir.filePath(QStringLiteral("missing.lfp"))));
        QVERIFY(!takeErrorBox().isEmpty());
        QCOMPARE(w.fabric()->nodes.size(), std::size_t(22));
    }

    void saveToProjectCreatesRevisions()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("cluster.lfp"));
        MainWindow w;
        w.openExample();
        QVERIFY2(w.saveTo(path, QStringLiteral("first plan")), qPrintable(w.lastError()));
        QCOMPARE(w.currentRevision(), std::optional<int>(1));
        QVERIFY(w.saveTo(path, QStringLiteral("second plan")));
        QCOMPARE(w.currentRevision(), std::optional<int>(2));
        QVERIFY2(w.statusText().contains(QStringLiteral("cluster.lfp — revision 2")), qPrintable(w.statusText()));
        const auto revs = ProjectStore::open(path.toStdString()).revisions();
        QCOMPARE(revs.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(revs[0].message), QStringLiteral("first plan"));
        QCOMPARE(QString::fromStdString(revs[1].message), QStringLiteral("second plan"));
        QCOMPARE(revs[1].nodes, std::size_t(22));
        // Opening a given revision.
        MainWindow w2;
        QVERIFY(w2.openFile(path, 1));
        QCOMPARE(w2.currentRevision(), std::optional<int>(1));
        QVERIFY(*w2.fabric() == exampleFabric());
        QVERIFY(w2.openFile(path));
        QCOMPARE(w2.currentRevision(), std::optional<int>(2));
        // And JSON.
        const QString json = dir.filePath(QStringLiteral("cluster.json"));
        QVERIFY(w.saveTo(json, {}));
        QVERIFY(!w.currentRevision());
        QVERIFY(readFabricJson(json.toStdString()) == exampleFabric());
    }

    // Edit > Find (Ctrl+F): the next match is selected in the tree and the diagram, then the next one.
    void findSelectsAndSteps()
    {
        MainWindow w;
        w.openExample();
        QCOMPARE(w.findNext(QStringLiteral("LEAF")), QStringLiteral("leaf1"));
        QCOMPARE(w.findNext(QStringLiteral("LEAF")), QStringLiteral("leaf2"));
        const QString port = w.findNext(QStringLiteral("leaf3:Ethernet0"));
        QCOMPARE(port, QStringLiteral("leaf3:Ethernet0"));
        auto* tree = w.findChild<QTreeView*>();
        QVERIFY(tree);
        QVERIFY(tree->currentIndex().isValid());
        QVERIFY(tree->currentIndex().data().toString().contains(QStringLiteral("Ethernet0")));
        QVERIFY(w.findNext(QStringLiteral("nosuch")).isEmpty());
        // The action focuses the find field in the toolbar.
        auto* edit = w.findChild<QLineEdit*>(QStringLiteral("findEdit"));
        QVERIFY(edit);
    }

    // A crashed session's autosave is offered when its project is opened, and restored as an edit.
    void recoveryAfterCrash()
    {
        QTemporaryDir dir;
        qputenv("LFP_RECOVERY_DIR", dir.filePath(QStringLiteral("recovery")).toUtf8());
        const QString path = dir.filePath(QStringLiteral("plan.lfp"));
        saveFabricFile(exampleFabric(), path.toStdString(), "first plan", "test");
        const Endpoint e = exampleFabric().links[0].a;
        const pid_t child = ::fork();
        if (child == 0) {
            FabricDocument doc;
            doc.load(path);
            auto* saver = new Autosaver(&doc, 60000);
            doc.undoStack()->push(new ChangeValueCommand(&doc, { ObjectRef::forLink(e) }, "length", "77m"));
            saver->autosaveNow();
            ::kill(::getpid(), SIGKILL);
        }
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QCOMPARE(RecoveryStore::orphaned(path).size(), std::size_t(1));
        {
            MainWindow later; // "Later": the recovery stays, the project opens as saved
            later.setRecoveryAnswer(QMessageBox::Ignore);
            QVERIFY(later.openFile(path));
            QVERIFY(!later.document()->isModified());
            QCOMPARE(RecoveryStore::orphaned(path).size(), std::size_t(1));
        }
        MainWindow w;
        w.setRecoveryAnswer(QMessageBox::Yes);
        QVERIFY(w.openFile(path));
        QVERIFY(w.document()->isModified());
        QCOMPARE(w.document()->index().findLinkAt(e)->length.value(), 77.0);
        QVERIFY(w.isWindowModified());
        QVERIFY(RecoveryStore::orphaned(path).empty());
        // This window's own autosave of the recovered edits is not an orphan, and saving removes it.
        w.autosaver()->autosaveNow();
        QVERIFY(QFile::exists(w.autosaver()->recoveryFile()));
        QVERIFY(w.saveTo(path, QStringLiteral("recovered")));
        QVERIFY(!QFile::exists(w.autosaver()->recoveryFile()));
        qunsetenv("LFP_RECOVERY_DIR");
    }

    void chineseTranslation()
    {
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        QCOMPARE(currentLanguage(), QStringLiteral("zh_CN"));
        {
            MainWindow w;
            w.openExample();
            QCOMPARE(w.menuBar()->actions().value(0)->text(), QStringLiteral("文件(&F)"));
            QCOMPARE(w.treeModel()->headerData(0, Qt::Horizontal).toString(), QStringLiteral("名称"));
            QCOMPARE(Appearance::roleName(Role::Leaf), QStringLiteral("叶交换机"));
            QVERIFY2(w.statusText().contains(QStringLiteral("交换机：6")), qPrintable(w.statusText()));
            const QString png = QDir::temp().filePath(QStringLiteral("lfp-tst-zh.png"));
            QCOMPARE(renderScreenshot(png, {}, std::nullopt, QSize(1200, 800)), kExitOk);
            checkScreenshot(png, QSize(1200, 800));
            QFile::remove(png);
        }
        QVERIFY(installTranslations(QStringLiteral("en")));
        QCOMPARE(Appearance::roleName(Role::Leaf), QStringLiteral("Leaf"));
        QVERIFY(!installTranslations(QStringLiteral("xx_YY")));
        QVERIFY(installTranslations(QStringLiteral("en")));
    }

    void largeFabricIsSummarised()
    {
        // 8 spines, 64 leaves, 40 hosts each: 2,632 nodes, above the summary threshold.
        Fabric big = generateLeafSpine(8, 64, 40);
        QVERIFY(big.nodes.size() > FabricScene::kSummaryThreshold);
        MainWindow w;
        QElapsedTimer t;
        t.start();
        w.setFabric(std::move(big), {}, std::nullopt);
        QVERIFY(w.scene()->isSummarised());
        QCOMPARE(w.scene()->nodeItemCount(), 72);
        QCOMPARE(countItems(w.scene(), HostGroupItemType), 64);
        QCOMPARE(w.scene()->linkItemCount(), 8 * 64);
        QVERIFY(w.statusText().contains(QStringLiteral("Hosts: 2560")));
        QVERIFY2(t.elapsed() < 5000, qPrintable(QString::number(t.elapsed())));
    }

    void screenshotInProcess()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("shot.png"));
        QCOMPARE(renderScreenshot(png, {}, std::nullopt, QSize(1400, 900)), kExitOk);
        checkScreenshot(png, QSize(1400, 900));
        QString error;
        QCOMPARE(renderScreenshot(png, dir.filePath(QStringLiteral("nope.lfp")), std::nullopt, QSize(1400, 900), &error), kExitUsage);
        QVERIFY(error.contains(QStringLiteral("nope.lfp")));
    }

    void screenshotExecutable()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("cli.png"));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        QProcess p;
        p.setProcessEnvironment(env);
        // A project with two revisions; the first is shown with --revision 1.
        const QString project = dir.filePath(QStringLiteral("p.lfp"));
        saveFabricFile(exampleFabric(), project.toStdString(), "one", "test");
        saveFabricFile(generateLeafSpine(2, 2, 2), project.toStdString(), "two", "test");
        p.start(QStringLiteral(LFP_PLANNER_PATH),
            { QStringLiteral("--screenshot"), png, QStringLiteral("--revision"), QStringLiteral("1"), project });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        checkScreenshot(png, QSize(1400, 900));
        // A project that cannot be loaded: exit 2, message on stderr.
        p.start(QStringLiteral(LFP_PLANNER_PATH), { QStringLiteral("--screenshot"), png, dir.filePath(QStringLiteral("missing.json")) });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardError().contains("missing.json"));
        // --version and --help.
        p.start(QStringLiteral(LFP_PLANNER_PATH), { QStringLiteral("--version") });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(p.readAllStandardOutput().contains("lfp-planner"));
        p.start(QStringLiteral(LFP_PLANNER_PATH), { QStringLiteral("--help") });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(p.readAllStandardOutput().contains("--screenshot"));
        p.start(QStringLiteral(LFP_PLANNER_PATH), { QStringLiteral("--revision"), QStringLiteral("x"), project });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
    }

    /// Issue 38: `lfp-planner --help` lists every --view a window accepts (one declared list, which every
    /// view registers from), and neither --help nor --screenshot prints Qt's XDG_RUNTIME_DIR warning when
    /// the variable is unset (a private runtime directory, as lfp makes one).
    void helpListsEveryViewAndNoRuntimeWarning()
    {
        MainWindow w;
        QCOMPARE(w.viewNames(), MainWindow::declaredViewNames());
        QVERIFY(w.viewNames().contains(QStringLiteral("policy")) && w.viewNames().contains(QStringLiteral("history")));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("XDG_RUNTIME_DIR"));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(LFP_PLANNER_PATH), { QStringLiteral("--help") });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QString help = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(!p.readAllStandardError().contains("XDG_RUNTIME_DIR"), "--help warned about XDG_RUNTIME_DIR");
        // The --view option's text runs from "--view" to the next option.
        const qsizetype at = help.indexOf(QStringLiteral("--view"));
        QVERIFY(at >= 0);
        const QString viewText = help.mid(at, help.indexOf(QStringLiteral("--palette"), at) - at).simplified();
        for (const QString& name : w.viewNames())
            QVERIFY2(viewText.contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(name))), qPrintable(name + QStringLiteral(" missing from: ") + viewText));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        p.start(QStringLiteral(LFP_PLANNER_PATH), { QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("x.png")) });
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(!err.contains("XDG_RUNTIME_DIR"), err.constData());
    }

    /// Issue 36 F12: a node named as markup is shown as text. Every label of the window, after the node
    /// is selected, is plain text unless it is one of the two labels that show our own markup (the
    /// findings status and the budget legend), and no label renders the name's <font>/<img>.
    void namesAreNeverMarkup()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        Fabric f = exampleFabric();
        const std::string evil = "<font color=red size=6>leaf9 OK</font><img src=\"/etc/hosts\">";
        for (auto& n : f.nodes)
            if (n.name == "leaf2")
                n.name = evil;
        for (auto& l : f.links)
            for (Endpoint* e : { &l.a, &l.b })
                if (e->node == "leaf2")
                    e->node = evil;
        const QString path = dir.filePath(QStringLiteral("markup.json"));
        writeFabricJson(f, path.toStdString());
        MainWindow w;
        QVERIFY(w.openFile(path));
        const std::size_t i = nodeIndex(*w.fabric(), evil.c_str());
        w.treeView()->setCurrentIndex(w.treeModel()->indexForNode(i));
        QCOMPARE(w.propertyPanel()->title(), QString::fromStdString(evil));
        int plain = 0;
        for (QLabel* l : w.findChildren<QLabel*>()) {
            if (l->textFormat() == Qt::PlainText) {
                ++plain;
                continue;
            }
            // A rich label may hold the name only escaped.
            QVERIFY2(!l->text().contains(QStringLiteral("<font color=red")), qPrintable(l->objectName() + QStringLiteral(": ") + l->text()));
            QVERIFY2(!l->text().contains(QStringLiteral("<img")), qPrintable(l->text()));
        }
        QVERIFY(plain > 5);
        const QString tip = w.treeModel()->data(w.treeModel()->indexForNode(i), Qt::ToolTipRole).toString();
        QVERIFY2(!Qt::mightBeRichText(tip) || tip.contains(QStringLiteral("&lt;font")), qPrintable(tip));
    }
};

QTEST_MAIN(TstMainWindow)
#include "tst_mainwindow.moc"
