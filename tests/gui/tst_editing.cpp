// SPDX-License-Identifier: GPL-3.0-or-later
// Editing in the real window: add and remove through the Edit menu's dialogs and the Delete key, undo
// restoring the fabric byte for byte, the undo history view, and cancelling a long background analysis.
#include "gui/views/analysisstatus.h"
#include "gui/application.h"
#include "gui/mainwindow.h"
#include "gui/views/propertypanel.h"
#include "gui/models/findingsmodel.h"
#include "gui/views/findingspanel.h"
#include "gui/canvas/fabricscene.h"
#include "gui/dialogs/structuredialogs.h"
#include "gui/models/devicetreemodel.h"
#include "gui/canvas/fabricview.h"
#include "gui/checkrunner.h"

#include "document/jobrunner.h"

#include "document/fabricdocument.h"
#include "document/structurecommands.h"
#include "model/fabricjson.h"
#include "model/generators.h"
#include "model/objectref.h"
#include "planner/routing/deadlock.h"
#include "planner/routing/deadlockjob.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QProgressBar>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>
#include <QTreeView>
#include <QUndoView>

#include <any>

using namespace lfp;
using namespace lfp::gui;

namespace {
std::string json(const MainWindow& w) { return fabricToJsonText(*w.fabric()); }
QPushButton* okButton(QDialog* d) { return d->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok); }
} // namespace

class TstEditing : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LFP-test"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_editing"));
        QSettings().clear();
        QVERIFY(installTranslations(QStringLiteral("en")));
    }

    void addSwitchDialogValidatesAndPushesOneCommand()
    {
        MainWindow w;
        w.setQuiet(true);
        w.openExample();
        const std::string original = json(w);
        auto* d = qobject_cast<AddNodeDialog*>(w.openAddDialog(MainWindow::AddKind::Switch));
        QVERIFY(d);
        // A taken name is refused at once, with the reason shown and OK disabled.
        d->nameEdit()->setText(QStringLiteral("leaf1"));
        QVERIFY(!okButton(d)->isEnabled());
        QVERIFY(d->problem().contains(QStringLiteral("exists already")));
        QVERIFY(d->findChild<QLabel*>(QStringLiteral("errorLabel"))->text().contains(QStringLiteral("leaf1")));
        d->nameEdit()->setText(QStringLiteral("leaf9"));
        d->speedEdit()->setText(QStringLiteral("fast"));
        QVERIFY(!okButton(d)->isEnabled());
        d->speedEdit()->setText(QStringLiteral("400G"));
        d->portsSpin()->setValue(8);
        QVERIFY2(okButton(d)->isEnabled(), qPrintable(d->problem()));
        // The ASIC starts at the one the fabric's switches use.
        QCOMPARE(d->asicBox()->currentData().toString(), QString::fromStdString(w.fabric()->findNode("leaf1")->asic));
        okButton(d)->click();
        const Node* n = w.fabric()->findNode("leaf9");
        QVERIFY(n);
        QCOMPARE(n->ports.size(), std::size_t(8));
        QCOMPARE(n->ports[1].name, std::string("Ethernet4"));
        QCOMPARE(n->asic, w.fabric()->findNode("leaf1")->asic);
        QCOMPARE(w.document()->undoStack()->count(), 1);
        QCOMPARE(w.document()->selection().size(), std::size_t(1)); // the new switch is selected
        QCOMPARE(w.document()->selection().front().node, std::string("leaf9"));

        // Link it to a spine through the Add Link dialog, starting at the selection.
        QVERIFY(w.addPort({ "spine1", "Ethernet400" }));
        auto* ld = qobject_cast<AddLinkDialog*>(w.openAddDialog(MainWindow::AddKind::Link));
        QVERIFY(ld);
        ld->nodeBox(0)->setCurrentText(QStringLiteral("leaf9"));
        ld->nodeBox(1)->setCurrentText(QStringLiteral("spine1"));
        // Only free ports are offered.
        QCOMPARE(ld->portBox(1)->count(), 1);
        QCOMPARE(ld->portBox(1)->currentText(), QStringLiteral("Ethernet400"));
        ld->lengthEdit()->setText(QStringLiteral("three"));
        QVERIFY(!okButton(ld)->isEnabled());
        ld->lengthEdit()->setText(QStringLiteral("30m"));
        QVERIFY2(okButton(ld)->isEnabled(), qPrintable(ld->problem()));
        okButton(ld)->click();
        QCOMPARE(w.fabric()->links.back().a, (Endpoint { "leaf9", "Ethernet0" }));
        QCOMPARE(w.fabric()->links.back().length.value(), 30.0);
        QVERIFY(w.fabric()->validate().empty());
        QVERIFY(w.waitForChecks());

        // Undo three steps: the fabric is the original, byte for byte.
        for (int i = 0; i < 3; ++i)
            w.document()->undoStack()->undo();
        QCOMPARE(json(w), original);
        QVERIFY(!w.document()->isModified());
    }

    void deleteKeyRemovesTheSelectionAndUndoRestores()
    {
        MainWindow w;
        w.setQuiet(true);
        w.openExample();
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QAbstractItemModelTester tester(w.treeModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        const std::string original = json(w);
        const std::size_t nodes = w.fabric()->nodes.size();
        const std::size_t links = w.fabric()->links.size();
        QVERIFY(w.selectObjects({ QStringLiteral("leaf2"), QStringLiteral("gpu01") }));
        QAction* del = w.findChild<QAction*>(QStringLiteral("deleteAction"));
        QVERIFY(del && del->shortcut() == QKeySequence(QKeySequence::Delete));
        // The same action is in the diagram's and the tree's context menus.
        QVERIFY(w.view()->actions().contains(del));
        QVERIFY(w.treeView()->actions().contains(del));
        w.treeView()->setFocus();
        QTest::keyClick(w.treeView(), Qt::Key_Delete);
        QCOMPARE(w.fabric()->nodes.size(), nodes - 2);
        QVERIFY(!w.fabric()->findNode("leaf2"));
        QVERIFY(w.fabric()->links.size() < links);
        QVERIFY(w.fabric()->validate().empty());
        QCOMPARE(w.document()->undoStack()->count(), 1); // one step for both
        QVERIFY(w.waitForChecks());
        // The tree shows the new fabric (no row for leaf2).
        QVERIFY(!w.selectObject(QStringLiteral("leaf2")));

        // The undo history lists the step; clicking its first row ("<opened>") undoes it.
        QAction* history = w.undoDock()->toggleViewAction();
        QCOMPARE(history->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
        QVERIFY(w.showView(QStringLiteral("history")));
        QVERIFY(w.undoDock()->isVisible());
        QCOMPARE(w.undoView()->model()->rowCount(), 2);
        QVERIFY(w.undoView()->model()->index(1, 0).data().toString().startsWith(QStringLiteral("Remove")));
        w.undoView()->setCurrentIndex(w.undoView()->model()->index(0, 0));
        QCOMPARE(json(w), original);
        QVERIFY(w.selectObject(QStringLiteral("leaf2")));
        QVERIFY(w.waitForChecks());
    }

    /// Identity (issue 30): a rename in the inspector (the same ChangeValueCommand as `lfp set … name=`)
    /// moves the links with the node, keeps it selected, and undo restores the fabric byte for byte;
    /// a node named like an InfiniBand node description is selected by its quoted text form.
    void renameUndoesThroughTheSameEditPath()
    {
        MainWindow w;
        w.setQuiet(true);
        w.openExample();
        const std::string original = json(w);
        const QString ib = QStringLiteral("MF0;sw:MQM8700/U1");
        QVERIFY(w.selectObject(QStringLiteral("leaf1")));
        QVERIFY(w.applyEdit(ObjectRef::forNode("leaf1"), QStringLiteral("name"), ib));
        QVERIFY(!w.fabric()->findNode("leaf1"));
        QVERIFY(w.fabric()->findNode(ib.toStdString()));
        QVERIFY(w.fabric()->validate().empty());
        QCOMPARE(w.document()->selection().size(), std::size_t(1));
        QCOMPARE(w.document()->selection().front(), ObjectRef::forNode(ib.toStdString()));
        QVERIFY(w.selectObject(QStringLiteral("\"MF0;sw:MQM8700/U1\":Ethernet0")));
        QVERIFY(w.selectObject(QStringLiteral("MF0;sw:MQM8700/U1:Ethernet0"))); // unquoted, as a finding may hold it
        // An edit of the renamed node through its quoted reference.
        QVERIFY(w.applyEdit(ObjectRef::forPort({ ib.toStdString(), "Ethernet0" }), QStringLiteral("mtu"), QStringLiteral("4200")));
        // A taken name is refused and changes nothing.
        QVERIFY(!w.applyEdit(ObjectRef::forNode(ib.toStdString()), QStringLiteral("name"), QStringLiteral("leaf2")));
        w.document()->undoStack()->undo();
        w.document()->undoStack()->undo();
        QCOMPARE(json(w), original);
        w.document()->undoStack()->redo();
        QVERIFY(w.fabric()->findNode(ib.toStdString()));
        QVERIFY(w.waitForChecks());
    }

    /// A finding about a node named like an InfiniBand node description (issue 30): selecting the
    /// finding selects that node in the document, the tree and the diagram, and highlights it.
    void findingReachesAColonNamedNode()
    {
        MainWindow w;
        w.setQuiet(true);
        w.openExample();
        const std::string ib = "MF0;sw:MQM8700/U1";
        QVERIFY(w.applyEdit(ObjectRef::forNode("leaf1"), QStringLiteral("name"), QString::fromStdString(ib)));
        QVERIFY(w.waitForChecks());
        const auto node = w.document()->index().node(ib);
        QVERIFY(node);
        Finding f;
        f.severity = Severity::Warning;
        f.code = "LFP-POLICY-MISSING";
        f.objects = { ObjectRef::forNode(ib) }; // typed: no text form is parsed (its text is "\"MF0;sw:MQM8700/U1\"")
        f.message = "no policy";
        w.document()->setSelection({});
        w.findingsPanel()->model()->setFindings({ f });
        QVERIFY(w.findingsPanel()->selectRow(0));
        QCOMPARE(w.document()->selection(), std::vector<ObjectRef> { ObjectRef::forNode(ib) });
        QVERIFY(w.scene()->nodeItem(*node)->isHighlighted());
        QVERIFY(w.scene()->nodeItem(*node)->isSelected());
        QCOMPARE(w.treeView()->currentIndex(), w.treeModel()->indexForNode(*node));
        QCOMPARE(w.propertyPanel()->title(), QString::fromStdString(ib));
    }

    void refusedAddLeavesTheDocument()
    {
        MainWindow w;
        w.setQuiet(true);
        w.openExample();
        const std::string original = json(w);
        Node dup;
        dup.name = "spine1";
        QVERIFY(!w.addNode(dup));
        QVERIFY(w.lastError().contains(QStringLiteral("exists already")));
        QVERIFY(!w.addLink({ "leaf1", "Ethernet0" }, { "spine2", "Ethernet0" }));
        QVERIFY(w.removeObjects({ ObjectRef::forNode("nosuch") }).isEmpty());
        QCOMPARE(w.document()->undoStack()->count(), 0);
        QCOMPARE(json(w), original);
        QVERIFY(w.waitForChecks());
    }

    // A long deadlock analysis (k=16 fat-tree: 320 switches, 1,024 hosts, with the exhaustive sweep of
    // every pair of failed switch links: minutes of work) shows progress and Cancel in the status bar;
    // Cancel stops it and the status says so.
    void cancelALongAnalysis()
    {
        MainWindow w;
        w.setQuiet(true);
        w.setFabric(generateFatTree(16), {}, std::nullopt);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.waitForChecks(120000));
        AnalysisStatus* status = w.analysisStatus();
        QVERIFY(status && !status->isVisible());
        w.runDeadlockAnalysis(2, true);
        QVERIFY(w.isAnalysisRunning());
        QVERIFY(status->isVisible());
        QVERIFY(status->text().contains(QStringLiteral("Deadlock analysis")));
        QTest::qWait(300);
        QVERIFY(w.isAnalysisRunning());
        QTest::mouseClick(status->cancelButton(), Qt::LeftButton);
        QVERIFY(!w.isAnalysisRunning());
        QVERIFY(!status->isVisible());
        QCOMPARE(w.analysisMessage(), QStringLiteral("Deadlock analysis cancelled"));
        QVERIFY(!w.deadlockJobs()->isRunning());
        QCOMPARE(w.deadlockJobs()->resultGeneration(), quint64(0)); // no result arrived
        // Run again to the end on the example: the status reports the result.
        w.openExample();
        QVERIFY(w.waitForChecks());
        w.runDeadlockAnalysis();
        QVERIFY(w.deadlockJobs()->waitForIdle(120000));
        QVERIFY2(w.analysisMessage().startsWith(QStringLiteral("Deadlock analysis: ")), qPrintable(w.analysisMessage()));
        QVERIFY(std::any_cast<DeadlockOutcome>(&w.deadlockJobs()->result()));
    }

    // A newer edit supersedes a stale analysis: the checks restart on the new snapshot.
    void aNewerEditCancelsTheStaleRun()
    {
        MainWindow w;
        w.setQuiet(true);
        w.openExample();
        const quint64 first = w.checkRunner()->generation();
        QVERIFY(w.isAnalysisRunning());
        QVERIFY(w.applyEdit(ObjectRef::forLink({ "leaf1", "Ethernet0" }), QStringLiteral("length"), QStringLiteral("30m")));
        QVERIFY(w.checkRunner()->generation() > first);
        QVERIFY(w.waitForChecks());
        QVERIFY(w.checkRunner()->resultGeneration() == w.checkRunner()->generation());
    }
    // The Add dialogs in Chinese, rendered for a person to look at (LFP_SHOT_DIR=DIR saves them):
    // every label fits (the form's size hint is honoured), OK reflects the validation.
    void addDialogsInChinese()
    {
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        MainWindow w;
        w.setQuiet(true);
        w.openExample();
        for (auto kind : { MainWindow::AddKind::Switch, MainWindow::AddKind::Port, MainWindow::AddKind::Link }) {
            QDialog* d = w.openAddDialog(kind);
            QVERIFY(d);
            d->adjustSize();
            QVERIFY(d->width() >= d->sizeHint().width());
            for (QLabel* l : d->findChildren<QLabel*>())
                if (l->isVisible() && !l->wordWrap())
                    QVERIFY2(l->width() >= l->sizeHint().width(), qPrintable(l->text()));
            if (qEnvironmentVariableIsSet("LFP_SHOT_DIR"))
                d->grab().save(qEnvironmentVariable("LFP_SHOT_DIR") + QStringLiteral("/add-%1.png").arg(int(kind)));
            d->reject();
        }
        QVERIFY(installTranslations(QStringLiteral("en")));
    }

    /// The undo command names (document/: lupdate reads it) in Chinese: Edit ▸ Undo and the undo view.
    void undoNamesInChinese()
    {
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        {
            MainWindow w;
            w.setQuiet(true);
            w.openExample();
            QVERIFY(w.applyEdit(ObjectRef::forLink({ "leaf1", "Ethernet0" }), QStringLiteral("length"), QStringLiteral("30m")));
            QUndoStack* undo = w.document()->undoStack();
            QVERIFY2(undo->undoText().startsWith(QStringLiteral("将 ")) && undo->undoText().endsWith(QStringLiteral(" 的 length 设为 30m")),
                qPrintable(undo->undoText()));
            auto* action = w.findChild<QAction*>(QStringLiteral("undoAction"));
            QVERIFY(action);
            QVERIFY2(action->text().contains(undo->undoText()), qPrintable(action->text()));
            undo->push(new AddNodeCommand(w.document(), [] {
                Node n;
                n.name = "leaf9";
                n.role = Role::Leaf;
                return n;
            }(), {}));
            QCOMPARE(undo->undoText(), QStringLiteral("添加交换机 leaf9（0 个端口）"));
            undo->push(new RemoveObjectsCommand(w.document(), { ObjectRef::forNode("leaf9") }));
            QCOMPARE(undo->undoText(), QStringLiteral("移除 leaf9"));
            QCOMPARE(undo->text(undo->count() - 1), QStringLiteral("移除 leaf9")); // what the undo view lists
        }
        QVERIFY(installTranslations(QStringLiteral("en")));
    }

};

QTEST_MAIN(TstEditing)
#include "tst_editing.moc"
