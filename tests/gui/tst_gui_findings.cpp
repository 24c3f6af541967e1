// SPDX-License-Identifier: GPL-3.0-or-later
// The buffer planner in the GUI: the findings model and its filter, the checks in the background
// (latest run wins), the findings panel on the golden cases, highlighting a finding's objects, the
// diagram's badges, the headroom panel and calculator, the budget panel, the zh_CN translation.
#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers the model pulls in
#include "gui/application.h"
#include "gui/views/budgetpanel.h"
#include "gui/checkrunner.h"
#include "gui/models/devicetreemodel.h"
#include "gui/canvas/fabricscene.h"
#include "gui/models/findingsmodel.h"
#include "gui/views/findingspanel.h"
#include "gui/views/headroompanel.h"
#include "gui/mainwindow.h"
#include "gui/views/propertypanel.h"
#include "document/fabricdocument.h"
#include <QUndoStack>

#include "model/fabricindex.h"
#include "model/fielddescriptor.h"
#include "model/projectstore.h"
#include "model/asiccatalog.h"
#include "planner/buffer/budget.h"
#include "planner/checks/checks.h"
#include "planner/routing/deadlock.h"
#include "planner/findings/findingregistry.h"
#include "model/generators.h"
#endif

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QPushButton>
#include <QComboBox>
#include <QSpinBox>
#include <QScrollBar>
#include <QTreeWidget>
#include <QMenuBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QToolButton>
#include <QTreeView>

#include <set>

using namespace lfp;
using namespace lfp::gui;

namespace {

QString golden(const char* name) { return QStringLiteral(LFP_SOURCE_DIR "/tests/planner/%1").arg(QLatin1String(name)); }

/// (code, sorted objects) of expected-findings.json.
std::multiset<std::pair<QString, QStringList>> expectedFindings(const QString& dir)
{
    QFile file(dir + QStringLiteral("/expected-findings.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    std::multiset<std::pair<QString, QStringList>> out;
    const QJsonArray arr = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("findings")).toArray();
    for (const QJsonValue& v : arr) {
        QStringList objs;
        for (const QJsonValue& o : v.toObject().value(QStringLiteral("objects")).toArray())
            objs << o.toString();
        objs.sort();
        out.insert({ v.toObject().value(QStringLiteral("code")).toString(), objs });
    }
    return out;
}

std::multiset<std::pair<QString, QStringList>> shownFindings(const FindingsModel* m)
{
    std::multiset<std::pair<QString, QStringList>> out;
    for (const Finding& f : m->findings()) {
        QStringList objs;
        for (const auto& o : f.objects)
            objs << QString::fromStdString(o.toString());
        objs.sort();
        out.insert({ QString::fromStdString(f.code), objs });
    }
    return out;
}

std::vector<Finding> sampleFindings()
{
    Finding e { Severity::Error, "LFP-LINK-MTU-MISMATCH", { ObjectRef::forPort({ "leaf1", "Ethernet32" }), ObjectRef::forPort({ "spine1", "Ethernet0" }) }, "MTU 9100 on one end, 1500 on the other",
        { { "mtu", 9100, "B", "leaf1:Ethernet32" }, { "mtu", 1500, "B", "spine1:Ethernet0" } }, "Set both ends to 9100." };
    Finding w { Severity::Warning, "LFP-PFC-WATCHDOG-MISSING", { ObjectRef::forPolicy("roce") }, "No PFC watchdog", {}, "Enable it." };
    Finding i { Severity::Info, "LFP-BUF-NOTE", nodeRefs({ "leaf2", "leaf3", "leaf4", "leaf5", "leaf6", "leaf7" }), "Just so you know", {}, {} };
    return { e, w, i };
}

/// A leaf-spine with Spectrum-1 switches, 100G everywhere and every cable 5 m.
Fabric spectrum1Fabric()
{
    GeneratorOptions opt;
    opt.asic = "spectrum-1";
    opt.switchModel = "SN2700";
    opt.fabricSpeed = parseSpeed("100G");
    opt.hostSpeed = parseSpeed("100G");
    Fabric f = generateLeafSpine(1, 1, 2, opt);
    for (Link& l : f.links)
        l.length = Metres(5);
    return f;
}

/// Port name of @p node's end of the link to @p peer.
QString portTowards(const Fabric& f, const std::string& node, const std::string& peer)
{
    for (const Link& l : f.links) {
        if (l.a.node == node && l.b.node == peer)
            return QString::fromStdString(l.a.port);
        if (l.b.node == node && l.a.node == peer)
            return QString::fromStdString(l.b.port);
    }
    return {};
}

/// Types @p text into the inspector's open editor (a spin box, a combo box or a line edit, as the
/// field's descriptor asks) and commits it as Return would; the queued edit request runs.
bool commitInspectorEdit(PropertyPanel* panel, const QString& text)
{
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete); // editors closed by an earlier edit
    auto open = [panel](auto* none) {
        using W = std::remove_pointer_t<decltype(none)>;
        for (W* w : panel->tree()->viewport()->findChildren<W*>())
            if (w->isVisible() && w->parentWidget() == panel->tree()->viewport())
                return w;
        return static_cast<W*>(nullptr);
    };
    QWidget* editor = nullptr;
    if (auto* spin = open(static_cast<QSpinBox*>(nullptr))) {
        spin->findChild<QLineEdit*>()->setText(text + spin->suffix());
        editor = spin;
    } else if (auto* combo = open(static_cast<QComboBox*>(nullptr))) {
        combo->setCurrentIndex(combo->findText(text));
        editor = combo;
    } else if (auto* le = open(static_cast<QLineEdit*>(nullptr))) {
        le->setText(text);
        editor = le;
    }
    if (!editor)
        return false;
    emit panel->tree()->itemDelegateForColumn(1)->commitData(editor);
    QCoreApplication::processEvents(); // the queued edit request
    return true;
}

} // namespace

class TstGuiFindings : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LFP-test"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gui_findings"));
        QSettings().clear();
        QVERIFY(installTranslations(QStringLiteral("en")));
    }

    void cleanupTestCase() { QSettings().clear(); }

    void findingsModelUnderTester()
    {
        FindingsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        FindingsFilterModel proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setFindings(sampleFindings());
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), int(FindingsModel::ColumnCount));
        QCOMPARE(model.summary().errors, 1);
        QCOMPARE(model.summary().warnings, 1);
        QCOMPARE(model.summary().infos, 1);
        const QModelIndex code = model.index(0, FindingsModel::CodeColumn);
        QCOMPARE(code.data().toString(), QStringLiteral("LFP-LINK-MTU-MISMATCH"));
        QCOMPARE(model.index(0, FindingsModel::SeverityColumn).data().toString(), QStringLiteral("Error"));
        QVERIFY(!model.index(0, FindingsModel::SeverityColumn).data(Qt::DecorationRole).value<QIcon>().isNull());
        QCOMPARE(model.index(0, FindingsModel::ObjectsColumn).data().toString(), QStringLiteral("leaf1:Ethernet32, spine1:Ethernet0"));
        QCOMPARE(model.index(2, FindingsModel::ObjectsColumn).data().toString(), QStringLiteral("leaf2, leaf3, leaf4, leaf5 and 2 more"));
        // The tooltip explains the finding: evidence with units and notes, and the fix.
        const QString tip = code.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("9100")) && tip.contains(QStringLiteral("1500")), qPrintable(tip));
        QVERIFY(tip.contains(QStringLiteral("spine1:Ethernet0")));
        QVERIFY(tip.contains(QStringLiteral("Set both ends to 9100.")));
        QCOMPARE(model.headerData(FindingsModel::MessageColumn, Qt::Horizontal).toString(), QStringLiteral("Message"));

        // Filter: severity, then text (code, any object, message; every word).
        proxy.setSeverityShown(int(Severity::Info), false);
        QCOMPARE(proxy.rowCount(), 2);
        proxy.setText(QStringLiteral("watchdog"));
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(proxy.index(0, FindingsModel::CodeColumn).data().toString(), QStringLiteral("LFP-PFC-WATCHDOG-MISSING"));
        proxy.setText(QStringLiteral("spine1 mtu"));
        QCOMPARE(proxy.rowCount(), 1);
        proxy.setText(QStringLiteral("leaf7"));
        QCOMPARE(proxy.rowCount(), 0); // the note is hidden by severity
        proxy.setSeverityShown(int(Severity::Info), true);
        QCOMPARE(proxy.rowCount(), 1); // an object beyond the four shown still matches
        proxy.setText({});
        QCOMPARE(proxy.rowCount(), 3);
        // Sorting by severity keeps errors first.
        proxy.sort(FindingsModel::SeverityColumn, Qt::AscendingOrder);
        QCOMPARE(proxy.index(0, 0).data(FindingsModel::SeverityRole).toInt(), int(Severity::Error));
        QCOMPARE(proxy.index(2, 0).data(FindingsModel::SeverityRole).toInt(), int(Severity::Info));
        model.clear();
        QCOMPARE(proxy.rowCount(), 0);
        model.setFindings(sampleFindings());
        QCOMPARE(proxy.rowCount(), 3);
    }

    /// A new check result keeps the rows, the selection and the scroll position of the findings that
    /// did not change (diffed by code + objects, issue 30); only the others come and go.
    void findingsModelUpdatesIncrementally()
    {
        FindingsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        FindingsFilterModel proxy;
        proxy.setSourceModel(&model);
        QTableView view;
        view.setModel(&proxy);
        view.resize(600, 120);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        std::vector<Finding> many;
        for (int k = 0; k < 200; ++k)
            many.push_back({ Severity::Warning, "LFP-BUF-NOTE", { ObjectRef::forNode("leaf" + std::to_string(k)) }, "note " + std::to_string(k), {}, {} });
        model.setFindings(many);
        const QModelIndex pick = proxy.index(120, FindingsModel::CodeColumn);
        view.selectionModel()->setCurrentIndex(pick, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        view.scrollTo(pick, QAbstractItemView::PositionAtTop);
        QCoreApplication::processEvents();
        const int scroll = view.verticalScrollBar()->value();
        QVERIFY(scroll > 0);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy changedData(&model, &QAbstractItemModel::dataChanged);

        // The same result again: nothing moves, nothing is announced.
        model.setFindings(many);
        QCOMPARE(resets.count() + inserted.count() + removed.count() + changedData.count(), 0);

        // Finding 130 is gone, a new one comes at the end, 5 has a new message: the selected row (120)
        // stays selected and the view stays where it was.
        std::vector<Finding> next = many;
        next.erase(next.begin() + 130);
        next[5].message = "a new message";
        next.push_back({ Severity::Error, "LFP-LINK-MTU-MISMATCH", { ObjectRef::forPort({ "leaf1", "Ethernet0" }), ObjectRef::forPort({ "spine1", "Ethernet0" }) }, "mtu", {}, {} });
        model.setFindings(next);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(removed.count(), 1);
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(changedData.count(), 1);
        QCOMPARE(model.rowCount(), 200);
        QCOMPARE(model.summary().errors, 1);
        QCOMPARE(model.findings().back().code, std::string("LFP-LINK-MTU-MISMATCH"));
        QCOMPARE(model.index(5, FindingsModel::MessageColumn).data().toString(), QStringLiteral("a new message"));
        const QModelIndex current = view.selectionModel()->currentIndex();
        QVERIFY(current.isValid());
        QCOMPARE(toStrings(model.findingAt(proxy.mapToSource(current).row())->objects), std::vector<std::string> { "leaf120" });
        QCOMPARE(view.selectionModel()->selectedRows().size(), 1);
        QCoreApplication::processEvents();
        QCOMPARE(view.verticalScrollBar()->value(), scroll);

        // An order that changed: the rows still match the new result exactly.
        std::vector<Finding> shuffled(next.rbegin(), next.rend());
        model.setFindings(shuffled);
        QCOMPARE(model.rowCount(), int(shuffled.size()));
        for (std::size_t k = 0; k < shuffled.size(); ++k)
            QCOMPARE(model.findings()[k].objects, shuffled[k].objects);
        QCOMPARE(model.index(0, FindingsModel::MessageColumn).data().toString(), QStringLiteral("mtu"));
    }

    void resolvesObjects()
    {
        const Fabric f = loadFabricFile((golden("mtu-mismatch") + QStringLiteral("/fabric.json")).toStdString(), std::nullopt);
        const lfp::FabricIndex index(f);
        const FindingTargets t = resolveFindingObjects(index,
            { ObjectRef::forPort({ "leaf1", "Ethernet32" }), ObjectRef::forPort({ "spine1", "Ethernet0" }), ObjectRef::forPolicy("roce-lossless"),
                ObjectRef::forPort({ "nosuch", "port" }), ObjectRef::forNode("gpu01"), ObjectRef::forFabric() });
        QCOMPARE(t.nodes.size(), std::size_t(3));
        QCOMPARE(t.ports.size(), std::size_t(2));
        QCOMPARE(t.links.size(), std::size_t(1)); // both ends of one link
        const Link& l = f.links[t.links.front()];
        QVERIFY((l.a.node == "leaf1" && l.b.node == "spine1") || (l.a.node == "spine1" && l.b.node == "leaf1"));
        // A link named by both ends (the deadlock analysis' cycle findings) reaches the link and both
        // nodes; so does the same link's text read back from a report's JSON (issue 30).
        const ObjectRef both = ObjectRef::forLink(l.a, l.b);
        for (const ObjectRef& r : { both, ObjectRef::fromText(both.toString()), ObjectRef::forText(both.toString()) }) {
            const FindingTargets tl = resolveFindingObjects(index, { r });
            QCOMPARE(tl.links, std::vector<std::size_t> { t.links.front() });
            QCOMPARE(tl.nodes.size(), std::size_t(2));
        }
        // A host pair (a pair without a lossless path) highlights both hosts.
        QCOMPARE(resolveFindingObjects(index, { ObjectRef::forHostPair("gpu01", "leaf1") }).nodes.size(), std::size_t(2));
    }

    void checksRunInBackgroundLatestWins()
    {
        CheckRunner runner;
        QSignalSpy finished(&runner, &CheckRunner::finished);
        auto catalog = std::make_shared<const AsicCatalog>(AsicCatalog::loadDefault());
        const auto bad = std::make_shared<const Fabric>(
            loadFabricFile((golden("mtu-mismatch") + QStringLiteral("/fabric.json")).toStdString(), std::nullopt));
        const auto good = std::make_shared<const Fabric>(exampleFabric());
        const quint64 first = runner.run(bad, catalog);
        const quint64 second = runner.run(good, catalog);
        QVERIFY(second > first);
        QVERIFY(runner.isRunning());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QCOMPARE(finished.first().first().value<quint64>(), second);
        QCOMPARE(runner.resultGeneration(), second);
        QVERIFY(!runner.isRunning());
        // The example's findings, not the stale mistake's.
        QCOMPARE(summarize(runner.findings()).errors, 0);
        QCOMPARE(runner.findings().size(), runAllChecks(*good, *catalog).size());
        QTRY_COMPARE_WITH_TIMEOUT(runner.droppedResults(), 1, 60000); // the first run's result, dropped
        QCOMPARE(finished.count(), 1);
        // Cancelling keeps the findings as they were.
        runner.run(bad, catalog);
        runner.cancel();
        QVERIFY(!runner.isRunning());
        QTest::qWait(50);
        QVERIFY(runner.waitForIdle(60000));
        QCOMPARE(finished.count(), 1);
        QCOMPARE(summarize(runner.findings()).errors, 0);
    }

    void exampleHasNoErrorsOrWarnings()
    {
        MainWindow w;
        QSignalSpy finished(w.checkRunner(), &CheckRunner::finished);
        w.openExample();
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() >= 1, 60000);
        const FindingsModel* m = w.findingsPanel()->model();
        QCOMPARE(m->summary().errors, 0);
        QCOMPARE(m->summary().warnings, 0);
        QVERIFY2(w.findingsStatusText().contains(QStringLiteral("0 errors")), qPrintable(w.findingsStatusText()));
        QVERIFY(w.statusText().contains(QStringLiteral("0 warnings")));
        QVERIFY2(w.findingsPanel()->summaryText().startsWith(QStringLiteral("Checked in")), qPrintable(w.findingsPanel()->summaryText()));
        for (std::size_t i = 0; i < w.fabric()->nodes.size(); ++i)
            QCOMPARE(w.scene()->nodeItem(i)->badgeErrors() + w.scene()->nodeItem(i)->badgeWarnings(), 0);
        // The Checks menu runs them again with F5.
        auto* act = w.findChild<QAction*>(QStringLiteral("runChecksAction"));
        QVERIFY(act);
        QCOMPARE(act->shortcut(), QKeySequence(Qt::Key_F5));
        const quint64 before = w.checkRunner()->generation();
        act->trigger();
        QCOMPARE(w.checkRunner()->generation(), before + 1);
        QVERIFY(w.findingsStatusText().contains(QStringLiteral("Checking")));
        QVERIFY(w.waitForChecks());
        QCOMPARE(finished.count(), 2);
    }

    void goldenMtuMismatchShowsAndHighlights()
    {
        MainWindow w;
        w.show();
        QSignalSpy finished(w.checkRunner(), &CheckRunner::finished);
        QVERIFY(w.openFile(golden("mtu-mismatch") + QStringLiteral("/fabric.json")));
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() >= 1, 60000);
        const FindingsModel* m = w.findingsPanel()->model();
        QCOMPARE(shownFindings(m), expectedFindings(golden("mtu-mismatch")));
        QCOMPARE(m->summary().errors, 1);
        QVERIFY2(w.findingsStatusText().contains(QStringLiteral("1 error")), qPrintable(w.findingsStatusText()));
        QCOMPARE(w.findingsPanel()->filterModel()->rowCount(), 1);
        QVERIFY(w.findingsDock()->windowTitle().contains(QStringLiteral("(1)")));
        const Fabric& f = *w.fabric();
        const std::size_t leaf1 = lfp::FabricIndex(f).node("leaf1").value();
        const std::size_t spine1 = lfp::FabricIndex(f).node("spine1").value();
        const std::size_t gpu01 = lfp::FabricIndex(f).node("gpu01").value();
        // Badges on both ends' switches, none elsewhere.
        QCOMPARE(w.scene()->nodeItem(leaf1)->badgeErrors(), 1);
        QCOMPARE(w.scene()->nodeItem(spine1)->badgeErrors(), 1);
        QCOMPARE(w.scene()->nodeItem(gpu01)->badgeErrors() + w.scene()->nodeItem(gpu01)->badgeWarnings(), 0);
        QVERIFY(w.scene()->nodeItem(leaf1)->toolTip().contains(QStringLiteral("LFP-LINK-MTU-MISMATCH")));

        // Selecting the finding (a click in the table) highlights both ports, their nodes and the link.
        QSignalSpy selected(w.findingsPanel(), &FindingsPanel::findingSelected);
        QTableView* table = w.findingsPanel()->table();
        table->selectRow(0);
        QCOMPARE(selected.count(), 1);
        QCOMPARE(selected.first().first().toInt(), 0);
        QVERIFY(w.findingsPanel()->details()->toPlainText().contains(QStringLiteral("LFP-LINK-MTU-MISMATCH")));
        QVERIFY(w.findingsPanel()->details()->toPlainText().contains(QStringLiteral("1500")));
        const std::vector<std::size_t> nodes { std::min(leaf1, spine1), std::max(leaf1, spine1) };
        QCOMPARE(w.scene()->highlightedNodes(), nodes);
        QCOMPARE(w.scene()->highlightedLinks().size(), std::size_t(1));
        const Link& l = f.links[w.scene()->highlightedLinks().front()];
        QVERIFY((l.a == Endpoint { "leaf1", "Ethernet32" } && l.b == Endpoint { "spine1", "Ethernet0" })
            || (l.b == Endpoint { "leaf1", "Ethernet32" } && l.a == Endpoint { "spine1", "Ethernet0" }));
        QVERIFY(w.scene()->nodeItem(leaf1)->isHighlighted());
        QVERIFY(w.scene()->linkItem(w.scene()->highlightedLinks().front())->isHighlighted());
        QVERIFY(!w.scene()->nodeItem(gpu01)->isHighlighted());
        // ...and in the tree: both ports marked, the first one current.
        const DeviceTreeModel* tm = w.treeModel();
        const Node& leaf = f.nodes[leaf1];
        std::size_t leafPort = 0;
        while (leaf.ports[leafPort].name != "Ethernet32")
            ++leafPort;
        const QModelIndex portIdx = tm->indexForPort(leaf1, leafPort);
        QVERIFY(tm->isHighlighted(portIdx));
        QVERIFY(portIdx.data(Qt::BackgroundRole).value<QColor>().isValid());
        QVERIFY(!tm->isHighlighted(tm->indexForNode(gpu01)));
        const auto ref = tm->refFor(w.treeView()->currentIndex());
        QVERIFY(ref);
        QCOMPARE(int(ref->kind), int(DeviceTreeModel::Kind::Port));
        QVERIFY(ref->node == leaf1 || ref->node == spine1);
        // Clearing the selection clears the highlight.
        table->clearSelection();
        QVERIFY(w.scene()->highlightedNodes().empty());
        QVERIFY(!tm->isHighlighted(portIdx));
        // selectFinding() by code does the same.
        QVERIFY(w.selectFinding(QStringLiteral("LFP-LINK-MTU-MISMATCH")));
        QCOMPARE(w.scene()->highlightedNodes(), nodes);
        QVERIFY(!w.selectFinding(QStringLiteral("LFP-NO-SUCH")));
    }

    void goldenOvercommittedShowsBudget()
    {
        MainWindow w;
        QSignalSpy finished(w.checkRunner(), &CheckRunner::finished);
        QVERIFY(w.openFile(golden("buf-overcommitted") + QStringLiteral("/fabric.json")));
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() >= 1, 60000);
        const FindingsModel* m = w.findingsPanel()->model();
        QCOMPARE(shownFindings(m), expectedFindings(golden("buf-overcommitted")));
        QCOMPARE(m->rowsWithCode(QStringLiteral("LFP-BUF-POOL-OVERCOMMITTED")).size(), 2);
        QVERIFY(w.selectFinding(QStringLiteral("LFP-BUF-POOL-OVERCOMMITTED")));
        const Finding* f = w.findingsPanel()->currentFinding();
        QVERIFY(f);
        const std::size_t sw = lfp::FabricIndex(*w.fabric()).node(f->objects.front().node).value();
        QCOMPARE(w.scene()->highlightedNodes(), std::vector<std::size_t> { sw });
        // The switch is now selected: the budget panel explains the over-commitment.
        const BudgetPanel* bp = w.budgetPanel();
        QVERIFY(bp->budget());
        QCOMPARE(QString::fromStdString(bp->budget()->switchName), QString::fromStdString(f->objects.front().node));
        QVERIFY(!bp->budget()->fits());
        QVERIFY(bp->bar()->segments().shared < 0);
        QVERIFY2(bp->summaryText().contains(QStringLiteral("Over-committed")), qPrintable(bp->summaryText()));
        QCOMPARE(bp->linesTable()->rowCount(), int(bp->budget()->lines.size()));
        // The same numbers as the finding's evidence.
        for (const Evidence& e : f->evidence) {
            if (e.name == "available")
                QCOMPARE(double(bp->budget()->available.value()), e.value);
            if (e.name == "reserved")
                QCOMPARE(double(bp->budget()->reserved.value()), e.value);
        }
    }

    void headroomPanelForSpectrum1Port()
    {
        MainWindow w;
        w.setFabric(spectrum1Fabric(), {}, std::nullopt);
        QVERIFY(w.waitForChecks());
        const Fabric& f = *w.fabric();
        const QString port = portTowards(f, "leaf1", "spine1");
        QVERIFY(!port.isEmpty());
        QVERIFY(w.selectObject(QStringLiteral("leaf1:") + port));
        const HeadroomPanel* hp = w.headroomPanel();
        QVERIFY2(hp->result(), qPrintable(hp->errorText()));
        QCOMPARE(hp->asicId(), QStringLiteral("spectrum-1"));
        QCOMPARE(hp->xoffText(), QStringLiteral("44032"));
        QCOMPARE(hp->xonText(), QStringLiteral("19456"));
        QCOMPARE(hp->sizeText(), QStringLiteral("63488"));
        QVERIFY2(hp->heading().startsWith(QStringLiteral("leaf1:") + port), qPrintable(hp->heading()));
        QVERIFY(hp->heading().contains(QStringLiteral("5m")));
        // The terms, as `lfp headroom` prints them: name, value, unit, formula, source.
        const QTableWidget* terms = hp->termsTable();
        QCOMPARE(terms->rowCount(), int(hp->result()->terms.size()));
        QCOMPARE(terms->columnCount(), 5);
        bool sawXoff = false;
        for (int r = 0; r < terms->rowCount(); ++r)
            if (terms->item(r, 0)->text() == QStringLiteral("xoff")) {
                QCOMPARE(terms->item(r, 1)->text(), QStringLiteral("44032"));
                QCOMPARE(terms->item(r, 2)->text(), QStringLiteral("B"));
                QVERIFY(!terms->item(r, 3)->text().isEmpty());
                QVERIFY(!terms->item(r, 4)->text().isEmpty());
                sawXoff = true;
            }
        QVERIFY(sawXoff);
        // The same headroom the budget reserves for this port.
        const AsicCatalog& cat = *w.catalog();
        const SwitchBudget b = computeBudget(f, *f.findNode("leaf1"), *cat.find("spectrum-1"));
        bool sawPort = false;
        for (const PortBudget& pb : b.ports)
            if (QString::fromStdString(pb.port) == port) {
                QVERIFY(pb.headroom);
                QCOMPARE(pb.headroom->xoff.value(), hp->result()->xoff.value());
                QCOMPARE(pb.headroom->size.value(), hp->result()->size.value());
                sawPort = true;
            }
        QVERIFY(sawPort);
        // The budget panel shows leaf1 at the same time, as `lfp budget --switch leaf1` does.
        const BudgetPanel* bp = w.budgetPanel();
        QVERIFY(bp->budget());
        QCOMPARE(bp->budget()->switchName, std::string("leaf1"));
        QCOMPARE(bp->budget()->lines.size(), b.lines.size());
        QCOMPARE(bp->linesTable()->item(0, 4)->text(), QString::number(b.lines.front().total.value()));
        QVERIFY(bp->budget()->fits());
        QVERIFY(bp->bar()->segments().headroom > 0);
        QVERIFY(bp->bar()->segments().shared > 0);
        QCOMPARE(bp->bar()->segments().otherReserved + bp->bar()->segments().headroom, b.reserved.value());
        // A host port explains that headroom lives on the switch.
        QVERIFY(w.selectObject(QStringLiteral("host1:eth0")) || w.selectObject(QStringLiteral("host01:eth0")));
        QVERIFY2(hp->heading().contains(QStringLiteral("eth0")), qPrintable(hp->heading()));
        QVERIFY(bp->budget()); // the leaf it hangs off
        QCOMPARE(bp->budget()->switchName, std::string("leaf1"));
        // Selecting a link shows its switch end.
        w.scene()->linkItem(0)->setSelected(true);
        QVERIFY(hp->result());
    }

    // The inspector edits the plan: a cable made 300 m long in the property panel moves the port's
    // xoff and raises the reach finding; undo brings both back.
    void inspectorEditMovesHeadroomAndFindingsUndoRestores()
    {
        MainWindow w;
        w.setQuiet(true);
        w.resize(1400, 900);
        w.show();
        w.setFabric(exampleFabric(), {}, std::nullopt);
        QVERIFY(w.waitForChecks());
        QVERIFY(w.findingsPanel()->model()->rowsWithCode(QStringLiteral("LFP-LINK-REACH-EXCEEDED")).isEmpty());
        QVERIFY(w.selectObject(QStringLiteral("leaf1:Ethernet0")));
        const HeadroomPanel* hp = w.headroomPanel();
        QVERIFY2(hp->result(), qPrintable(hp->errorText()));
        const QString xoffBefore = hp->xoffText();
        QCOMPARE(w.propertyPanel()->value(QStringLiteral("Cable length")), QStringLiteral("2m"));

        auto typeInto = [&](const QString& label, const QString& text) {
            return w.propertyPanel()->editProperty(label) && commitInspectorEdit(w.propertyPanel(), text);
        };
        QVERIFY(typeInto(QStringLiteral("Cable length"), QStringLiteral("300m")));
        QVERIFY(w.waitForChecks());
        QVERIFY(w.document()->isModified());
        QCOMPARE(w.propertyPanel()->value(QStringLiteral("Cable length")), QStringLiteral("300m"));
        QVERIFY2(hp->xoffText().toLongLong() > xoffBefore.toLongLong(), qPrintable(hp->xoffText() + " vs " + xoffBefore));
        QVERIFY(!w.findingsPanel()->model()->rowsWithCode(QStringLiteral("LFP-LINK-REACH-EXCEEDED")).isEmpty()); // 300 m of DAC
        QVERIFY(w.windowTitle().contains(QStringLiteral("*")) || w.isWindowModified());

        w.document()->undoStack()->undo();
        QVERIFY(w.waitForChecks());
        QCOMPARE(w.propertyPanel()->value(QStringLiteral("Cable length")), QStringLiteral("2m"));
        QCOMPARE(hp->xoffText(), xoffBefore);
        QVERIFY(w.findingsPanel()->model()->rowsWithCode(QStringLiteral("LFP-LINK-REACH-EXCEEDED")).isEmpty());
        QVERIFY(!w.document()->isModified());

        // A bad value is refused at the field; the plan stays as it was.
        const int steps = w.document()->undoStack()->count();
        QVERIFY(typeInto(QStringLiteral("Cable length"), QStringLiteral("far")));
        QCOMPARE(w.document()->undoStack()->count(), steps);
        QVERIFY(!w.lastError().isEmpty());
        QCOMPARE(w.propertyPanel()->value(QStringLiteral("Cable length")), QStringLiteral("2m"));
        QVERIFY(typeInto(QStringLiteral("MTU"), QStringLiteral("huge"))); // the spin box takes no such text
        QCOMPARE(w.document()->undoStack()->count(), steps);
        QCOMPARE(w.propertyPanel()->value(QStringLiteral("MTU")), QStringLiteral("9100"));
    }

    // The headroom what-if (6 m → 300 m in the panel) applied to the plan: one undo step, and the
    // panel then shows the port as planned with the what-if's xoff.
    void headroomWhatIfAppliesToThePlan()
    {
        MainWindow w;
        w.setQuiet(true);
        w.show();
        w.setFabric(exampleFabric(), {}, std::nullopt);
        QVERIFY(w.waitForChecks());
        const Fabric& f0 = *w.fabric();
        const QString port = portTowards(f0, "leaf1", "spine1");
        QVERIFY(w.selectObject(QStringLiteral("leaf1:") + port));
        HeadroomPanel* hp = w.headroomPanel();
        QVERIFY(hp->applyButton()->isVisible());
        QVERIFY(!hp->applyButton()->isEnabled()); // nothing differs yet
        auto* cableBox = hp->findChild<QDoubleSpinBox*>(QStringLiteral("headroomCable"));
        QVERIFY(cableBox);
        cableBox->setValue(300);
        const QString whatIfXoff = hp->xoffText();
        QVERIFY(hp->applyButton()->isEnabled());
        const auto edits = hp->planEdits();
        QCOMPARE(int(edits.size()), 1);
        QCOMPARE(std::get<1>(edits.front()), std::string("length"));
        QCOMPARE(std::get<2>(edits.front()), std::string("300m"));
        const int steps = w.document()->undoStack()->count();
        hp->applyButton()->click();
        QVERIFY(w.waitForChecks());
        QCOMPARE(w.document()->undoStack()->count(), steps + 1);
        auto cableOf = [&] { return FabricIndex(*w.fabric()).findLinkAt({ "leaf1", port.toStdString() })->length.value(); };
        QCOMPARE(cableOf(), 300.0);
        QVERIFY(w.selectObject(QStringLiteral("leaf1:") + port));
        QCOMPARE(hp->xoffText(), whatIfXoff);
        QVERIFY(!hp->applyButton()->isEnabled());
        w.document()->undoStack()->undo();
        QVERIFY(cableOf() < 300.0);
    }

    // The inspector's editors are made from the fields' descriptors (model/fielddescriptor.h): the MTU
    // spin box has the readers' range and the unit as suffix, the FEC combo box the enumeration; what
    // the descriptor refuses, the inspector refuses (no undo step, the value stays).
    void inspectorFollowsTheDescriptors()
    {
        MainWindow w;
        w.setQuiet(true);
        w.show();
        w.setFabric(exampleFabric(), {}, std::nullopt);
        QVERIFY(w.selectObject(QStringLiteral("leaf1:Ethernet0")));
        PropertyPanel* panel = w.propertyPanel();
        const FieldDescriptor* mtu = findField(ObjectRef::Kind::Port, "mtu");
        QVERIFY(mtu && mtu->range);
        QVERIFY(panel->editProperty(QStringLiteral("MTU")));
        auto* spin = panel->tree()->viewport()->findChild<QSpinBox*>();
        QVERIFY(spin);
        QCOMPARE(spin->minimum(), int(mtu->range->lo));
        QCOMPARE(spin->maximum(), int(mtu->range->hi));
        QCOMPARE(spin->suffix(), QStringLiteral(" B"));
        QCOMPARE(spin->value(), 9100);
        const int steps = w.document()->undoStack()->count();
        for (const char* bad : { "64", "67", "65536", "-1", "huge" }) {
            QVERIFY(!mtu->parse(bad).ok()); // the descriptor refuses it …
            QVERIFY(panel->editProperty(QStringLiteral("MTU")));
            QVERIFY(commitInspectorEdit(panel, QString::fromLatin1(bad))); // … and so does the inspector
            QCOMPARE(w.document()->undoStack()->count(), steps);
            QCOMPARE(w.fabric()->findPort({ "leaf1", "Ethernet0" })->mtu, 9100);
        }
        QVERIFY(mtu->parse("68").ok());
        QVERIFY(panel->editProperty(QStringLiteral("MTU")));
        QVERIFY(commitInspectorEdit(panel, QStringLiteral("68")));
        QCOMPARE(w.document()->undoStack()->count(), steps + 1);
        QCOMPARE(w.fabric()->findPort({ "leaf1", "Ethernet0" })->mtu, 68);

        const FieldDescriptor* fec = findField(ObjectRef::Kind::Port, "fec");
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QVERIFY(panel->editProperty(QStringLiteral("FEC")));
        auto* combo = panel->tree()->viewport()->findChild<QComboBox*>();
        QVERIFY(combo);
        QStringList items;
        for (int i = 0; i < combo->count(); ++i)
            items << combo->itemText(i);
        QStringList choices;
        for (const auto& c : fec->choices)
            choices << QString::fromStdString(c);
        QCOMPARE(items, choices);
        QVERIFY(commitInspectorEdit(panel, QStringLiteral("rs544")));
        QCOMPARE(w.fabric()->findPort({ "leaf1", "Ethernet0" })->fec, Fec::Rs544);

        // A free-form field: a line edit, and the descriptor's words when it refuses.
        const FieldDescriptor* length = findField(ObjectRef::Kind::Link, "length");
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QVERIFY(panel->editProperty(QStringLiteral("Cable length")));
        QVERIFY(!panel->tree()->viewport()->findChild<QSpinBox*>());
        QVERIFY(commitInspectorEdit(panel, QStringLiteral("far")));
        QVERIFY2(w.lastError().contains(QString::fromStdString(length->parse("far").error)), qPrintable(w.lastError()));
    }

    // Eight ports selected at once, one MTU edit in the inspector: one undo step changes all eight.
    void editEightPortsAtOnceUndoInOneStep()
    {
        MainWindow w;
        w.setQuiet(true);
        w.show();
        w.setFabric(exampleFabric(), {}, std::nullopt);
        QVERIFY(w.waitForChecks());
        QStringList ports;
        for (const char* leaf : { "leaf1", "leaf2" })
            for (const Port& p : w.fabric()->findNode(leaf)->ports)
                if (ports.size() < 8 && QString::fromStdString(p.name) != QString())
                    ports << QString::fromStdString(std::string(leaf) + ":" + p.name);
        QCOMPARE(ports.size(), 8);
        QVERIFY(w.selectObjects(ports));
        QCOMPARE(int(w.document()->selection().size()), 8);
        const int steps = w.document()->undoStack()->count();
        QVERIFY(w.propertyPanel()->editProperty(QStringLiteral("MTU")));
        QVERIFY(commitInspectorEdit(w.propertyPanel(), QStringLiteral("4200")));
        QCOMPARE(w.document()->undoStack()->count(), steps + 1);
        auto mtuOf = [&](const QString& port) {
            const auto colon = port.indexOf(QLatin1Char(':'));
            return w.fabric()->findPort({ port.left(colon).toStdString(), port.mid(colon + 1).toStdString() })->mtu;
        };
        for (const QString& p : ports)
            QCOMPARE(mtuOf(p), 4200);
        QCOMPARE(int(w.document()->selection().size()), 8); // the selection survives the edit
        w.document()->undoStack()->undo();
        for (const QString& p : ports)
            QCOMPARE(mtuOf(p), 9100);
        QVERIFY(!w.document()->isModified());
    }

    void headroomCalculatorDialog()
    {
        MainWindow w;
        w.openExample();
        auto* dlg = w.openHeadroomCalculator();
        QVERIFY(dlg);
        QCOMPARE(w.openHeadroomCalculator(), dlg); // one instance
        HeadroomPanel* p = dlg->panel();
        HeadroomInput in;
        in.speed = parseSpeed("100G");
        in.cable = Metres(5);
        in.lanes = 4;
        p->setInputs(QStringLiteral("spectrum-1"), in);
        QCOMPARE(p->xoffText(), QStringLiteral("44032"));
        QCOMPARE(p->xonText(), QStringLiteral("19456"));
        QCOMPARE(p->sizeText(), QStringLiteral("63488"));
        // Editing an input recomputes: a longer cable needs more xoff.
        auto* cable = p->findChildren<QDoubleSpinBox*>().value(0);
        QVERIFY(cable);
        QCOMPARE(cable->value(), 5.0);
        cable->setValue(100);
        QVERIFY(p->result());
        QVERIFY(p->result()->xoff.value() > 44032);
        QCOMPARE(p->result()->xoff.value(), computeHeadroom(*w.catalog()->find("spectrum-1"), [&] {
            HeadroomInput i2 = in;
            i2.cable = Metres(100);
            return i2;
        }()).xoff.value());
        dlg->close();
    }

    void menusAndChinese()
    {
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        {
            MainWindow w;
            QSignalSpy finished(w.checkRunner(), &CheckRunner::finished);
            QVERIFY(w.openFile(golden("mtu-mismatch") + QStringLiteral("/fabric.json")));
            QTRY_VERIFY_WITH_TIMEOUT(finished.count() >= 1, 60000);
            QStringList menus;
            for (QAction* a : w.menuBar()->actions())
                menus << a->text();
            QVERIFY2(menus.contains(QStringLiteral("检查(&C)")), qPrintable(menus.join(QLatin1Char(' '))));
            QVERIFY2(menus.contains(QStringLiteral("工具(&T)")), qPrintable(menus.join(QLatin1Char(' '))));
            QVERIFY2(w.findingsDock()->windowTitle().startsWith(QStringLiteral("检查结果")), qPrintable(w.findingsDock()->windowTitle()));
            QVERIFY2(w.findingsStatusText().contains(QStringLiteral("1 个错误")), qPrintable(w.findingsStatusText()));
            QCOMPARE(w.findingsPanel()->model()->headerData(FindingsModel::SeverityColumn, Qt::Horizontal).toString(), QStringLiteral("严重程度"));
            QCOMPARE(w.findingsPanel()->model()->index(0, 0).data().toString(), QStringLiteral("错误"));
            QCOMPARE(w.headroomDock()->windowTitle(), QStringLiteral("缓冲余量"));
            QCOMPARE(w.budgetDock()->windowTitle(), QStringLiteral("缓冲预算"));
            // The finding itself is rendered from the translated registry template.
            const auto* fm = w.findingsPanel()->model();
            QString mtu;
            for (int r = 0; r < fm->rowCount(); ++r)
                if (fm->index(r, FindingsModel::CodeColumn).data().toString() == QStringLiteral("LFP-LINK-MTU-MISMATCH"))
                    mtu = fm->index(r, FindingsModel::MessageColumn).data().toString();
            QVERIFY2(mtu.startsWith(QStringLiteral("链路 ")) && mtu.contains(QStringLiteral("的帧会在一个方向上被丢弃")), qPrintable(mtu));
        }
        {
            // A finding made through the registry shows its message, title and fix in Chinese; the
            // parameters (names, sizes) are kept as they are.
            const Finding f = makeFinding("LFP-BUF-POOL-OVERCOMMITTED", { ObjectRef::forNode("leaf1") },
                FindingParams { { "switch", "leaf1" }, { "reserved", "13.2 MiB" }, { "shp", "1.0 MiB" }, { "asic", "spectrum-1" }, { "total", "12.0 MiB" },
                    { "excess", "2.2 MiB" } });
            FindingsModel model;
            model.setFindings({ f });
            QCOMPARE(model.index(0, FindingsModel::MessageColumn).data().toString(),
                QStringLiteral("leaf1：预留量（13.2 MiB）与共享缓冲余量池（1.0 MiB）之和超出 spectrum-1 的缓冲区（12.0 MiB），超出 2.2 MiB"));
            const QString html = FindingsModel::toHtml(f);
            QVERIFY2(html.contains(QStringLiteral("预留量与共享缓冲余量池之和超出交换机缓冲区")), qPrintable(html)); // title
            QVERIFY2(html.contains(QStringLiteral("缩短线缆或减少无损优先级")), qPrintable(html)); // fix
            // Still searchable by the English text.
            QVERIFY(model.index(0, 0).data(FindingsModel::SearchTextRole).toString().contains(QStringLiteral("exceed the spectrum-1 buffer")));
            // A finding whose text does not come from its parameters (e.g. read from JSON) shows what it carries.
            Finding g = f;
            g.params.clear();
            QCOMPARE(FindingsModel::messageText(g), QString::fromStdString(f.message));
            // Clauses are translated too (drift grouping, "*" clause).
            Finding d = makeFinding("LFP-DRIFT-PORT-MTU", { ObjectRef::forPort({ "leaf1", "Ethernet0" }), ObjectRef::forPort({ "leaf1", "Ethernet4" }) },
                FindingParams { { "running", "1500" }, { "planned", "9100" }, { "grouped", "grouped" }, { "ports", "2" } });
            QCOMPARE(FindingsModel::messageText(d), QStringLiteral("MTU 为 1500 B，规划为 9100 B（2 个端口）"));
            // An export finding: the site's "what" and "fix" clauses, and a clause nested in one (NVUE weight).
            Finding e = makeFinding("LFP-EXPORT-VALUE-OUT-OF-RANGE", { ObjectRef::forNode("leaf1"), ObjectRef::forPolicy("roce") },
                FindingParams { { "what", "nvue-weight" }, { "fix", "weight-fix" }, { "queue", "3" }, { "weight", "0" }, { "written", "not-written" } });
            QCOMPARE(QString::fromStdString(e.message), QStringLiteral("queue 3: NVUE's bw-percent is 1..100, the plan's DWRR weight is 0 (not written: DWRR 0)"));
            QCOMPARE(FindingsModel::messageText(e), QStringLiteral("队列 3：NVUE 的 bw-percent 范围是 1..100，规划的 DWRR 权重为 0（未写出：DWRR 0）"));
            QVERIFY2(FindingsModel::toHtml(e).contains(QStringLiteral("为每个 DWRR 队列设置 1..100 的权重。")), qPrintable(FindingsModel::toHtml(e)));
        }
        {
            // Lists of phrases (planner "{*name}" parameters) are translated item by item: no English left
            // of the starved queues, strict-queue misuses and shared PGs.
            const AsicCatalog catalog = AsicCatalog::loadDefault();
            const std::pair<const char*, const char*> cases[] = { { "ets-starved", "LFP-ETS-LOSSLESS-STARVED" },
                { "ets-strict-misuse", "LFP-ETS-STRICT-MISUSE" }, { "lossless-shared-pg", "LFP-LOSSLESS-SHARED-PG" } };
            for (const auto& [dir, code] : cases) {
                const Fabric fab = loadFabricFile((golden(dir) + QStringLiteral("/fabric.json")).toStdString(), std::nullopt);
                bool seen = false;
                for (const Finding& f : runAllChecks(fab, catalog)) {
                    if (f.code != code)
                        continue;
                    seen = true;
                    const QString text = FindingsModel::messageText(f) + FindingsModel::fixText(f);
                    for (const char* english : { "lossless priority", "egress queue", "strict-priority", "shares", "which has", " and " })
                        QVERIFY2(!text.contains(QLatin1String(english)), qPrintable(text));
                    QVERIFY2(text.contains(QStringLiteral("优先级")), qPrintable(text));
                }
                QVERIFY2(seen, code);
            }
        }
        {
            // A deadlock cycle's class, remedy, the checked fix's description (with its list of switches)
            // and cost unit are clauses: Chinese, with the buffer path as it is.
            CycleReport c;
            c.priorities = { 3 };
            c.hops.push_back({ -1, "leaf1:Ethernet0 -> spine1:Ethernet0", "leaf1:Ethernet0 -- spine1:Ethernet0", -1, {}, "spine1", {}, 1, 1, true, {} });
            FixCandidate fx;
            fx.kind = "tagger";
            fx.descriptionClause = "deadlock-fix-tagger";
            addValueListParam(fx.descriptionParams, "switches", { "spine1", "spine2" });
            fx.description = renderTemplate("LFP-DEADLOCK-CYCLE", findingClause("*", "deadlock-fix-tagger")->text, fx.descriptionParams, {});
            fx.checked = fx.removesCycle = fx.removesAll = true;
            fx.cost = 1;
            fx.costUnit = "extra lossless priorities";
            c.fixes.push_back(fx);
            DeadlockReport r;
            r.cycles.push_back(c);
            const auto fs = deadlockFindings(r);
            QCOMPARE(fs.size(), std::size_t(1));
            const Finding& d = fs.front();
            QVERIFY2(d.fix.find("at spine1, spine2 (checked: no cycle left; cost 1 extra lossless priority)") != std::string::npos, d.fix.c_str());
            const QString msg = FindingsModel::messageText(d), fix = FindingsModel::fixText(d);
            QVERIFY2(msg.startsWith(QStringLiteral("优先级 3 上经过 1 个缓冲区")) && msg.endsWith(QStringLiteral("leaf1:Ethernet0 -> spine1:Ethernet0")), qPrintable(msg));
            QVERIFY2(fix.contains(QStringLiteral("spine1、spine2")) && fix.contains(QStringLiteral("已验证")) && fix.contains(QStringLiteral("个额外无损优先级"))
                    && !fix.contains(QStringLiteral("Tagger-style")),
                qPrintable(fix));
        }
        QVERIFY(installTranslations(QStringLiteral("en")));
        {
            const Finding f = makeFinding("LFP-LINK-SPEED-MISMATCH", {}, FindingParams { { "a", "x:1" }, { "b", "y:1" }, { "speed_a", "100G" }, { "speed_b", "400G" } });
            QCOMPARE(FindingsModel::messageText(f), QString::fromStdString(f.message)); // English: the registry text as is
        }
    }

    void screenshotWaitsForChecks()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("mtu.png"));
        QString error;
        ScreenshotView view;
        view.finding = QStringLiteral("LFP-LINK-MTU-MISMATCH");
        QCOMPARE(renderScreenshot(png, golden("mtu-mismatch") + QStringLiteral("/fabric.json"), std::nullopt, QSize(1400, 900), &error, view),
            kExitOk);
        QImage img(png);
        QCOMPARE(img.size(), QSize(1400, 900));
        // The error colour (badges, highlight, status) is in the picture.
        int red = 0;
        for (int y = 0; y < img.height(); y += 2)
            for (int x = 0; x < img.width(); x += 2)
                if (img.pixelColor(x, y) == QColor(0xC6, 0x28, 0x28))
                    ++red;
        QVERIFY2(red > 20, qPrintable(QString::number(red)));
        view = {};
        view.dock = QStringLiteral("nonsense");
        QCOMPARE(renderScreenshot(png, {}, std::nullopt, QSize(1400, 900), &error, view), kExitUsage);
        QVERIFY(error.contains(QStringLiteral("nonsense")));
    }
};

QTEST_MAIN(TstGuiFindings)
#include "tst_gui_findings.moc"
