// SPDX-License-Identifier: GPL-3.0-or-later
// The buffer budget view (gui/views/budgetview.h, --view budget): the bars are planner/budget's numbers,
// sorted by risk; the model filter compares one model's switches; a click shows the ports.
#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers the model pulls in
#include "gui/application.h"
#include "gui/appearance.h"
#include "gui/views/budgetview.h"
#include "gui/mainwindow.h"
#include "gui/viewjobs.h"
#include "document/jobrunner.h"
#include "document/fabricdocument.h"

#include "model/asiccatalog.h"
#include "model/fabricindex.h"
#include "model/generators.h"
#include "planner/buffer/budget.h"
#endif

#include <QAbstractItemModelTester>
#include <QBarSet>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QHorizontalStackedBarSeries>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>

using namespace lfp;
using namespace lfp::gui;

namespace {

std::shared_ptr<const AsicCatalog> catalog() { return std::make_shared<const AsicCatalog>(AsicCatalog::loadDefault()); }

/// The example with leaf2's uplinks made long (so it is the riskiest) and spine2 of another model.
Fabric variedFabric()
{
    Fabric f = exampleFabric();
    for (Link& l : f.links)
        if (l.a.node == "leaf2" || l.b.node == "leaf2")
            l.length = Metres(300);
    for (Node& n : f.nodes)
        if (n.name == "spine2")
            n.model = "SN4600C";
    return f;
}

qint64 miBToBytes(double v) { return static_cast<qint64>(std::llround(v * 1024.0 * 1024.0)); }

} // namespace

class TstBudgetView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(installTranslations(QStringLiteral("en")));
    }

    // Every bar segment is the planner's number for that switch: the same computeBudget() as `lfp budget`.
    void barsAreThePlannersNumbers()
    {
        const FabricSnapshot snap = makeSnapshot(variedFabric());
        const auto cat = catalog();
        BudgetView v;
        QAbstractItemModelTester t1(v.switchModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(v.portModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        v.setData(snap, cat);
        v.refresh();
        QCOMPARE(v.switchModel()->rowCount(), 6);
        QCOMPARE(v.barSwitches().size(), 6);
        QHorizontalStackedBarSeries* s = v.series();
        QVERIFY(s);
        QCOMPARE(s->count(), 5);
        const BudgetContext ctx(*snap.index);
        for (int bar = 0; bar < v.barSwitches().size(); ++bar) {
            const std::string name = v.barSwitches()[bar].toStdString();
            const auto idx = snap.index->node(name);
            QVERIFY(idx);
            const Node& n = snap.fabric->nodes[*idx];
            const SwitchBudget b = computeBudget(ctx, *idx, *cat->find(n.asic));
            qint64 headroom = 0, pools = 0, remainder = 0;
            for (const BudgetLine& l : b.lines) {
                if (l.category == "lossless-pg" || l.category == "private-headroom")
                    headroom += l.total.value();
                else if (l.category == "pool")
                    pools += l.total.value();
                else if (l.category == "remainder")
                    remainder += l.total.value();
            }
            // Horizontal bars: category 0 is drawn at the bottom, so bar i is category (n−1−i).
            const int category = static_cast<int>(v.barSwitches().size()) - 1 - bar;
            const qint64 expected[] = { b.reserved.value() - headroom, headroom, b.sharedHeadroomPool.value(), pools, remainder };
            qint64 sum = 0;
            for (int k = 0; k < 5; ++k) {
                const qint64 got = miBToBytes(s->barSets()[k]->at(category));
                QVERIFY2(std::llabs(got - expected[k]) <= 1, qPrintable(QStringLiteral("%1 set %2: %3 vs %4").arg(qs(name)).arg(k).arg(got).arg(expected[k])));
                sum += expected[k];
            }
            QCOMPARE(sum, b.total.value()); // the segments fill the capacity exactly (it fits)
            QVERIFY(v.barToolTip(1, bar).contains(QStringLiteral("KiB")) || v.barToolTip(1, bar).contains(QStringLiteral("MiB")));
        }
    }

    // Sorted by risk: the switch with the least left for the shared pools first (leaf2, 300 m uplinks).
    void sortedByRisk()
    {
        BudgetView v;
        v.setData(makeSnapshot(variedFabric()), catalog());
        v.refresh();
        QCOMPARE(v.barSwitches().first(), QStringLiteral("leaf2"));
        double last = -1;
        for (int r = 0; r < v.switchModel()->rowCount(); ++r) {
            const double share = v.switchModel()->index(r, SwitchBudgetModel::LeftColumn).data(Qt::UserRole).toDouble();
            QVERIFY(share >= last);
            last = share;
        }
        QCOMPARE(v.switchModel()->index(0, SwitchBudgetModel::SwitchColumn).data().toString(), QStringLiteral("leaf2"));
        QVERIFY(v.switchModel()->index(0, SwitchBudgetModel::HeadroomColumn).data(Qt::ToolTipRole).toString().contains(QStringLiteral(" B)")));
    }

    // One model side by side: the filter keeps only that model's switches in the chart.
    void modelFilterComparesOneModel()
    {
        BudgetView v;
        v.setData(makeSnapshot(variedFabric()), catalog());
        v.refresh();
        QVERIFY(v.setModelFilter(QStringLiteral("SN4600C")));
        QCOMPARE(v.barSwitches(), QStringList { QStringLiteral("spine2") });
        QVERIFY(v.setModelFilter(QStringLiteral("SN4700")));
        QCOMPARE(v.barSwitches().size(), 5);
        QVERIFY(!v.barSwitches().contains(QStringLiteral("spine2")));
        QVERIFY(!v.setModelFilter(QStringLiteral("no-such-model")));
        QVERIFY(v.setModelFilter({}));
        QCOMPARE(v.barSwitches().size(), 6);
    }

    // A click on a switch shows its ports: the PortBudget rows of the planner.
    void switchShowsItsPorts()
    {
        const FabricSnapshot snap = makeSnapshot(variedFabric());
        const auto cat = catalog();
        BudgetView v;
        v.setData(snap, cat);
        v.refresh();
        QSignalSpy spy(&v, &BudgetView::switchActivated);
        const int row = v.switchModel()->rowOf(QStringLiteral("spine1"));
        QVERIFY(row >= 0);
        v.switchTable()->setCurrentIndex(v.switchModel()->index(row, 0));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(v.selectedSwitch(), QStringLiteral("spine1"));
        const BudgetContext ctx(*snap.index);
        const auto idx = snap.index->node("spine1");
        const SwitchBudget b = computeBudget(ctx, *idx, *cat->find(snap.fabric->nodes[*idx].asic));
        QCOMPARE(v.portModel()->rowCount(), static_cast<int>(b.ports.size()));
        for (int r = 0; r < v.portModel()->rowCount(); ++r) {
            QCOMPARE(v.portModel()->index(r, PortBudgetModel::PortColumn).data().toString(), qs(b.ports[static_cast<std::size_t>(r)].port));
            QCOMPARE(v.portModel()->index(r, PortBudgetModel::ReservedColumn).data(Qt::UserRole).toLongLong(), b.ports[static_cast<std::size_t>(r)].reserved.value());
            QCOMPARE(v.portModel()->index(r, PortBudgetModel::SizeColumn).data(Qt::UserRole).toLongLong(), b.ports[static_cast<std::size_t>(r)].headroom->size.value());
        }
        QVERIFY(!v.selectSwitch(QStringLiteral("gpu01"))); // a host has no budget
    }

    // An over-committed switch is marked and counted (a tiny buffer in a project profile).
    void overCommittedIsShown()
    {
        Fabric f = exampleFabric();
        AsicProfile small = *catalog()->find("spectrum-3");
        small.id = "tiny-spectrum";
        small.totalBuffer = Bytes(600 * 1024);
        f.asics.push_back(small);
        for (Node& n : f.nodes)
            if (n.name == "leaf1")
                n.asic = "tiny-spectrum";
        auto cat = std::make_shared<AsicCatalog>(AsicCatalog::loadDefault());
        cat->mergeProject(f);
        BudgetView v;
        v.setData(makeSnapshot(f), cat);
        v.refresh();
        QCOMPARE(v.barSwitches().first(), QStringLiteral("leaf1"));
        QVERIFY(v.summaryText().contains(QStringLiteral("1 over-committed")));
        QVERIFY(v.switchModel()->index(0, SwitchBudgetModel::LeftColumn).data().toString().startsWith(QStringLiteral("over by")));
        QVERIFY(v.barToolTip(0, 0).contains(QStringLiteral("Over-committed")));
    }

    // A fat-tree k=32 (1,280 switches) in the background: every switch in the table, the 24 riskiest
    // in the chart; the time is printed (docs/performance.md).
    void largeFabricInTheBackground()
    {
        const FabricSnapshot snap = makeSnapshot(generateFatTree(32));
        BudgetView v;
        v.resize(1200, 600);
        v.show();
        QElapsedTimer t;
        t.start();
        v.setData(snap, catalog());
        QVERIFY(v.waitForBudgets(120000));
        qInfo("fat-tree k=32: %d switch budgets in the budget view in %lld ms", v.switchModel()->rowCount(), static_cast<long long>(t.elapsed()));
        QCOMPARE(v.switchModel()->rowCount(), 1280);
        QCOMPARE(v.barSwitches().size(), BudgetView::kMaxBars);
        QVERIFY(v.summaryText().contains(QStringLiteral("24 of 1280")));
    }

    // --view budget in the main window: the chart's dock in front, following the document.
    void mainWindowView()
    {
        MainWindow w;
        w.setQuiet(true);
        w.show();
        w.setFabric(variedFabric(), {}, std::nullopt);
        QVERIFY(w.waitForChecks());
        QVERIFY(w.viewNames().contains(QStringLiteral("budget")));
        QVERIFY(w.showView(QStringLiteral("budget")));
        QVERIFY(w.budgetView()->waitForBudgets());
        QCOMPARE(w.budgetView()->barSwitches().size(), 6);
        QVERIFY(w.budgetView()->isVisible());
        QCOMPARE(w.budgetView()->barSwitches().first(), QStringLiteral("leaf2"));
        // Selecting a switch elsewhere shows its ports here.
        QVERIFY(w.selectObject(QStringLiteral("leaf3")));
        QCOMPARE(w.budgetView()->selectedSwitch(), QStringLiteral("leaf3"));
    }

    // `lfp-planner --screenshot F --view budget` of a fat-tree k=32 pictures the finished chart: the
    // screenshot waits for every view's job (gui/viewjobs.h) after showing the view, as renderScreenshot does.
    void screenshotWaitsForTheBudgetJob()
    {
        MainWindow w;
        w.setQuiet(true);
        w.resize(1400, 900);
        w.show();
        w.setFabric(generateFatTree(32), {}, std::nullopt);
        QVERIFY(w.waitForChecks(120000));
        QVERIFY(w.showView(QStringLiteral("budget")));
        QVERIFY(waitForViewJobs(&w, 120000));
        QVERIFY(!w.budgetView()->summaryText().contains(QStringLiteral("Computing")));
        QCOMPARE(w.budgetView()->switchModel()->rowCount(), 1280);
        QCOMPARE(w.budgetView()->barSwitches().size(), BudgetView::kMaxBars);
        for (auto* r : w.findChildren<JobRunner*>())
            QVERIFY(!r->isRunning());
    }
};

QTEST_MAIN(TstBudgetView)
#include "tst_budgetview.moc"
