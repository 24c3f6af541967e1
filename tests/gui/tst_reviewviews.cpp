// SPDX-License-Identifier: GPL-3.0-or-later
// The review-meeting views of issue 12, offscreen, in the main window: the deadlock view (analysis and
// failure sweeps through the JobRunner, cycles drawn on the canvas, fixes applied as one undo step,
// a long exhaustive sweep cancelled), the revisions view (history, two revisions compared with the
// review `lfp review` computes, changed devices highlighted) and review mode (the checklist's sections
// one by one at 150 %, PDF export as `lfp review -o`). Every item model runs under
// QAbstractItemModelTester.
#ifndef Q_MOC_RUN
#include "gui/views/deadlockview.h"
#include "gui/canvas/fabricscene.h"
#include "gui/mainwindow.h"
#include "gui/views/reviewmode.h"
#include "gui/views/revisionsview.h"
#include "gui/views/reviewviews.h"
#include "gui/views/stormview.h"
#include "gui/views/contractview.h"

#include "document/fabricdocument.h"
#include "document/jobrunner.h"
#include "model/asiccatalog.h"
#include "model/diff.h"
#include "model/generators.h"
#include "model/projectstore.h"
#include "planner/routing/routing.h"
#endif

#include <QAbstractItemModelTester>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QProgressBar>
#include <QSignalSpy>
#include <QSlider>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QUndoStack>

#include <set>

using namespace lfp;
using namespace lfp::gui;

namespace {
int runCli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(LFP_CLI_PATH), args);
    if (!p.waitForFinished(60000))
        return -1;
    return p.exitCode();
}
} // namespace

class TestReviewViews : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_project;

private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        // Two revisions, made as a user would with the CLI: the example, then leaf1's cables at 100 m.
        m_project = m_tmp.filePath(QStringLiteral("two.lfp"));
        QCOMPARE(runCli({ QStringLiteral("generate"), QStringLiteral("example"), QStringLiteral("-o"), m_project }), 0);
        QCOMPARE(runCli({ QStringLiteral("set"), m_project, QStringLiteral("link:leaf1:Ethernet*"), QStringLiteral("length=100m"), QStringLiteral("-m"), QStringLiteral("longer cables") }), 0);
    }

    void viewsRegistered()
    {
        MainWindow w;
        const QStringList names = w.viewNames();
        for (const char* n : { "deadlock", "revisions", "review", "storm", "contract" })
            QVERIFY2(names.contains(QString::fromLatin1(n)), n);
    }

    /// The storm view (issue 34): the same analysis as `lfp storm`, its paused ports in the table with
    /// their terms, and the slider replaying the wave front on the canvas (a link shaded once its
    /// sending port is paused).
    void stormViewWaveFrontOnCanvas()
    {
        MainWindow w;
        w.setQuiet(true);
        w.openExample();
        auto* views = w.findChild<ReviewViews*>();
        QVERIFY(views);
        StormView* v = views->storm();
        QAbstractItemModelTester tester(v->pauseModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        v->analyse(QStringLiteral("gpu01"));
        QVERIFY(v->waitForIdle());
        const StormSource* s = v->shown();
        QVERIFY(s);
        QCOMPARE(s->source, std::string("gpu01"));
        const StormReport cli = analyseStorms(w.document()->fabric(), *w.catalog(), [] { StormOptions o; o.sources = { "gpu01" }; return o; }());
        QCOMPARE(s->pausedCount, cli.sources.front().pausedCount);
        QCOMPARE(v->pauseModel()->rowCount(), static_cast<int>(s->paused.size()));
        QVERIFY(!v->pauseModel()->row(1).toolTip.isEmpty()); // the terms behind "paused at"
        auto shaded = [](const std::vector<QColor>& c) { return std::count_if(c.begin(), c.end(), [](const QColor& x) { return x.isValid(); }); };
        // t = 0: only the port facing the source; the whole front: every paused port's link
        QCOMPARE(shaded(v->linkShades(0)), 1);
        const double last = s->paused.back().atUs;
        const auto all = shaded(v->linkShades(last));
        QVERIFY(all > 1);
        QVERIFY(shaded(v->linkShades(last / 2)) < all);
        // the slider drives the canvas
        v->setTimeUs(0);
        QCOMPARE(shaded(w.scene()->linkOverlay()), 1);
        v->timeSlider()->setValue(v->timeSlider()->maximum());
        QCOMPARE(shaded(w.scene()->linkOverlay()), all);
        // --view storm: every host, the worst one shown
        QVERIFY(w.showView(QStringLiteral("storm")));
        QVERIFY(v->shown());
        QVERIFY(!views->stormDock()->isHidden());
    }

    /// The contract's chain view (issue 33): a clean pair is green hop by hop with its devices
    /// highlighted on the canvas; ToS 104 on one host makes its data chain red at the sender, and the
    /// same chain as `lfp contract --trace`.
    void contractChainView()
    {
        MainWindow w;
        w.setQuiet(true);
        w.openExample();
        auto* views = w.findChild<ReviewViews*>();
        QVERIFY(views);
        ContractView* v = views->contract();
        QAbstractItemModelTester tester(v->hopModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(w.showView(QStringLiteral("contract")));
        QVERIFY(v->chain() && v->chain()->holds());
        QVERIFY(!w.scene()->highlightedNodes().empty());
        QVERIFY(v->trace(QStringLiteral("gpu01"), QStringLiteral("gpu06"), ContractClass::Cnp));
        QCOMPARE(v->hopModel()->rowCount(), 8);
        QCOMPARE(v->hopModel()->text(0, 2), QStringLiteral("gpu06")); // CNPs run back from the receiver
        for (int r = 0; r < v->hopModel()->rowCount(); ++r)
            QCOMPARE(v->hopModel()->row(r).colour, ContractView::okColour());
        Fabric f = w.document()->fabric();
        for (auto& p : f.policies)
            if (p.name.find("host") != std::string::npos || p.nic.roceDscp > 0)
                p.nic.appTos = 104;
        v->setSnapshot(makeSnapshot(f));
        QSignalSpy highlight(v, &ContractView::highlightRequested);
        QVERIFY(v->trace(QStringLiteral("gpu01"), QStringLiteral("gpu06"), ContractClass::Data));
        QVERIFY(!v->chain()->holds());
        QCOMPARE(v->hopModel()->row(0).colour, ContractView::brokenColour());
        QVERIFY(v->hopModel()->text(0, 7).contains(QStringLiteral("app-ecn")));
        QCOMPARE(highlight.count(), 1);
        QCOMPARE(highlight.first().at(1).toStringList(), QStringList { QStringLiteral("gpu01") });
        QVERIFY(!v->trace(QStringLiteral("gpu01"), QStringLiteral("nosuch"), ContractClass::Data));
        QVERIFY(v->statusText().contains(QStringLiteral("nosuch")));
    }

    void deadlockSweepCyclesAndFix()
    {
        MainWindow w;
        w.setQuiet(true);
        w.openExample();
        auto* dv = w.findChild<DeadlockView*>();
        QVERIFY(dv);
        QAbstractItemModelTester t1(dv->cycleModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(dv->hopModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t3(dv->fixModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t4(dv->sweepModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);

        // The healthy leaf-spine under ECMP has no cycle.
        dv->analyse();
        QVERIFY(dv->waitForIdle());
        QVERIFY(dv->report());
        QVERIFY(!dv->report()->hasCycle());
        QCOMPARE(dv->cycleModel()->rowCount(), 0);

        // Pairs of failures make bounces: the sweep equals the planner's own (the CLI's) run.
        dv->runSweep(2);
        QVERIFY(dv->waitForIdle());
        QVERIFY(w.showView(QStringLiteral("deadlock"))); // raises it; the results stay
        QVERIFY(dv->failures());
        const Topology t = buildTopology(w.document()->fabric());
        const auto classes = classMasks(w.document()->fabric(), t, std::nullopt);
        FailureOptions fo;
        fo.maxFailures = 2;
        const FailureReport direct = analyseFailures(t, classes, DeadlockOptions {}, fo);
        QCOMPARE(dv->failures()->maxFailures, 2);
        QCOMPARE(dv->failures()->withCycles, direct.withCycles);
        QVERIFY(direct.withCycles > 0);
        QCOMPARE(dv->sweepModel()->rowCount(), static_cast<int>(direct.cyclic.size() + direct.lossy.size()));
        QVERIFY(dv->cycleModel()->rowCount() > 0);
        QCOMPARE(dv->progressBar()->value(), 100);

        // The first cycle is selected and drawn: its dependencies listed with flows, its switches and
        // links highlighted on the canvas.
        QCOMPARE(dv->selectedCycle(), 0);
        QVERIFY(dv->hopModel()->rowCount() >= 2);
        QVERIFY(!dv->hopModel()->text(0, 4).isEmpty()); // example flows "gpuX → gpuY"
        QVERIFY(dv->hopModel()->text(0, 4).contains(QStringLiteral("→")));
        const auto& nodes = w.scene()->highlightedNodes();
        const auto& links = w.scene()->highlightedLinks();
        QVERIFY(!nodes.empty());
        QVERIFY(!links.empty());
        std::set<std::string> onCycle;
        for (int r = 0; r < dv->hopModel()->rowCount(); ++r)
            onCycle.insert(dv->hopModel()->text(r, 1).toStdString());
        for (std::size_t n : nodes)
            QVERIFY(w.document()->fabric().nodes[n].isSwitch());
        for (std::size_t l : links) {
            const Link& link = w.document()->fabric().links[l];
            QVERIFY(onCycle.count(link.a.node) || onCycle.count(link.b.node));
        }

        // Fixes: each with its cost; only the tagger fix is a plan change.
        int tagger = -1;
        for (int r = 0; r < dv->fixModel()->rowCount(); ++r) {
            QVERIFY(!dv->fixModel()->text(r, 2).isEmpty());
            if (dv->fixKind(r) == QStringLiteral("tagger"))
                tagger = r;
            else
                QVERIFY(!dv->canApplyFix(r));
        }
        QVERIFY(tagger >= 0);
        QVERIFY(dv->canApplyFix(tagger));
        const Fabric before = w.document()->fabric();
        QCOMPARE(before.policies.front().losslessPriorities, std::vector<int>({ 3 }));
        QVERIFY(dv->applyFix(tagger));
        QCOMPARE(w.document()->undoStack()->count(), 1);
        // The applied fix is the tag plan (the certificate fix's, certificatefix.h): the project's policies
        // kept, per-port tag policies with two lossless priorities bound by overrides on switch ports.
        const Fabric& fixed = w.document()->fabric();
        QVERIFY(fixed.policies.front() == before.policies.front());
        QVERIFY(fixed.overrides.size() > before.overrides.size());
        bool tagUp = false;
        for (const auto& p : fixed.policies)
            if (p.name.ends_with("-tag-up")) {
                tagUp = true;
                QCOMPARE(p.losslessPriorities, std::vector<int>({ 3, 4 }));
            }
        QVERIFY(tagUp);
        // The plan changed: the results no longer apply.
        QVERIFY(!dv->report());
        QCOMPARE(dv->cycleModel()->rowCount(), 0);
        // Analysed again, as configured (the ports re-tag): no failure pair is cyclic any more.
        dv->runSweep(2);
        QVERIFY(dv->waitForIdle());
        QVERIFY(dv->failures());
        QCOMPARE(dv->failures()->withCycles, std::size_t { 0 });
        QVERIFY(dv->summary().contains(QStringLiteral("re-tag")));
        w.document()->undoStack()->undo();
        QVERIFY(w.document()->fabric().policies == before.policies);
        QVERIFY(w.document()->fabric().overrides == before.overrides);
    }

    void deadlockCancelLongSweep()
    {
        MainWindow w;
        w.setQuiet(true);
        w.setFabric(generateFatTree(16), {}, std::nullopt);
        auto* dv = w.findChild<DeadlockView*>();
        QVERIFY(dv);
        QAbstractItemModelTester t1(dv->sweepModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        // Every pair of 2,048 switch links: 2.1 M failure sets, about 25 minutes (issue 15).
        dv->setExhaustive(true);
        QSignalSpy steps(dv->runner(), &JobRunner::steps);
        QSignalSpy cancelled(dv->runner(), &JobRunner::cancelled);
        QSignalSpy finished(dv->runner(), &JobRunner::finished);
        dv->runSweep(2);
        QVERIFY(dv->runner()->isRunning());
        // Progress arrives: the phase, sets done of the total, an estimate.
        QTRY_VERIFY_WITH_TIMEOUT(dv->progressText().contains(QStringLiteral("failure sets")), 60000);
        // The estimate needs a few batches: 30 s is plenty in a release build, not under ASan (57 s seen).
        QTRY_VERIFY_WITH_TIMEOUT(dv->progressText().contains(QStringLiteral("left")), 180000);
        QVERIFY(dv->progressText().contains(QStringLiteral(" of 2098176 sets"))); // 2048 × 2047 / 2 pairs + 2048 singles
        QVERIFY(!steps.isEmpty());
        QElapsedTimer clock;
        clock.start();
        dv->cancel();
        QVERIFY(dv->waitForIdle(30000));
        QVERIFY(clock.elapsed() < 30000);
        QCOMPARE(cancelled.count(), 1);
        QCOMPARE(finished.count(), 0);
        QVERIFY(!dv->failures());
        QCOMPARE(dv->sweepModel()->rowCount(), 0);
        QVERIFY(dv->progressText().startsWith(QStringLiteral("Cancelled")));
    }

    /// A short table shows every row whole (tablefit.h fitRows): the six switches of the budget, the
    /// four dependencies and six fixes of a cycle, the two revisions of the history — in the window
    /// size of the user guide's screenshots, in both languages.
    void shortTablesShowEveryRow()
    {
        struct Case {
            const char* view;
            const char* table;
            int rows; ///< at least this many rows, all visible
        };
        const Case cases[] = { { "budget", "budgetSwitchTable", 6 }, { "budget", "budgetPortTable", 6 }, { "deadlock", "deadlockHops", 4 },
            { "deadlock", "deadlockFixes", 6 }, { "revisions", "revisionsHistory", 2 } };
        MainWindow w;
        w.setQuiet(true);
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(m_project));
        auto* dv = w.findChild<DeadlockView*>();
        QVERIFY(dv);
        dv->runSweep(2); // the cycles of double failures (as --view deadlock shows them)
        QVERIFY(dv->waitForIdle());
        for (const Case& c : cases) {
            QVERIFY(w.showView(QString::fromLatin1(c.view)));
            auto* t = w.findChild<QTableView*>(QString::fromLatin1(c.table));
            QVERIFY2(t, c.table);
            QTRY_VERIFY2(t->model()->rowCount() >= c.rows, c.table);
            // The layout settles (queued fits, the dock's new height).
            QTRY_VERIFY_WITH_TIMEOUT(t->isVisible() && t->minimumHeight() > 0, 5000);
            QTest::qWait(50);
            const int n = t->model()->rowCount();
            QVERIFY2(n <= 8, c.table);
            for (int r = 0; r < n; ++r) {
                const QRect rect = t->visualRect(t->model()->index(r, 0));
                QVERIFY2(rect.isValid() && rect.top() >= 0 && rect.bottom() < t->viewport()->height(),
                    qPrintable(QStringLiteral("%1 row %2 of %3: rows %4–%5 px, viewport %6 px").arg(QString::fromLatin1(c.table)).arg(r).arg(n).arg(rect.top()).arg(rect.bottom()).arg(t->viewport()->height())));
            }
        }
    }

    void revisionsCompareLatestWithPredecessor()
    {
        MainWindow w;
        w.setQuiet(true);
        QVERIFY(w.openFile(m_project));
        auto* rv = w.findChild<RevisionsView*>();
        QVERIFY(rv);
        QAbstractItemModelTester t1(rv->historyModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(rv->changesModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t3(rv->impactModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(rv->historyModel()->rowCount(), 2);
        QCOMPARE(rv->historyModel()->text(1, 5), QStringLiteral("longer cables"));
        QCOMPARE(rv->baseRevision(), std::optional<int>(1));
        QCOMPARE(rv->toRevision(), std::optional<int>(2));

        QVERIFY(w.showView(QStringLiteral("revisions")));
        const auto review = rv->review();
        QVERIFY(review);
        // The changes are `lfp diff`'s; the impact rows the review's (headroom, pools, findings, deadlock).
        const Fabric r1 = loadFabricFile(m_project.toStdString(), 1);
        const Fabric r2 = loadFabricFile(m_project.toStdString(), 2);
        QCOMPARE(rv->changesModel()->rowCount(), static_cast<int>(diffFabrics(r1, r2).size()));
        QCOMPARE(rv->changesModel()->rowCount(), 6);
        int headroom = 0, pools = 0, deadlock = 0, introduced = 0;
        for (int r = 0; r < rv->impactModel()->rowCount(); ++r) {
            const QString area = rv->impactModel()->text(r, 0);
            headroom += area == QStringLiteral("Headroom");
            pools += area == QStringLiteral("Pools");
            deadlock += area == QStringLiteral("Deadlock");
            introduced += area == QStringLiteral("Finding introduced");
        }
        QCOMPARE(headroom, static_cast<int>(review->ports.size()));
        QVERIFY(headroom > 0);
        QCOMPARE(pools, static_cast<int>(review->switches.size()));
        QCOMPARE(introduced, static_cast<int>(review->introduced.size()));
        QCOMPARE(deadlock, 1);
        // The changed devices highlighted in both pictures and on the canvas.
        QCOMPARE(rv->afterScene()->highlightedNodes().size(), review->changedDevices.size());
        QCOMPARE(rv->beforeScene()->highlightedNodes().size(), review->changedDevices.size());
        QVERIFY(review->changedDevices.count("leaf1"));
        const auto leaf1 = w.document()->index().node("leaf1");
        QVERIFY(leaf1);
        const auto& hl = w.scene()->highlightedNodes();
        QVERIFY(std::find(hl.begin(), hl.end(), *leaf1) != hl.end());
        QVERIFY(rv->statusText().contains(QStringLiteral("6 changes")));

        // A JSON file has no revisions.
        rv->setProject(m_tmp.filePath(QStringLiteral("none.json")));
        QCOMPARE(rv->historyModel()->rowCount(), 0);
        QVERIFY(!rv->review());
    }

    void reviewModeSectionsZoomAndPdf()
    {
        MainWindow w;
        w.setQuiet(true);
        QVERIFY(w.openFile(m_project));
        auto* rm = w.findChild<ReviewMode*>();
        QVERIFY(rm);
        QAbstractItemModelTester t1(rm->stepModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(rm->stepModel()->rowCount(), 0);
        QVERIFY(w.showView(QStringLiteral("review")));
        QVERIFY(rm->review());
        const ReviewDocument expected = buildReviewDocument(*rm->review(), "en");
        QCOMPARE(rm->stepModel()->rowCount(), static_cast<int>(expected.sections.size()));
        std::vector<std::string> titles;
        for (int r = 0; r < rm->stepModel()->rowCount(); ++r)
            titles.push_back(rm->stepModel()->text(r, 1).toStdString());
        for (const char* s : { "Impact", "Pre-checks", "Ordered steps", "Sign-off" })
            QVERIFY2(std::find(titles.begin(), titles.end(), std::string(s)) != titles.end(), s);
        QCOMPARE(rm->currentSection(), 0);
        QCOMPARE(rm->zoomPercent(), ReviewMode::kDefaultZoomPercent);
        // Projector type: the checklist's font is 1.5 × the window's.
        QCOMPARE(rm->browser()->document()->defaultFont().pointSizeF(), rm->font().pointSizeF() * 1.5);
        QVERIFY(!rm->previous());
        QVERIFY(rm->next());
        QCOMPARE(rm->currentSection(), 1);
        QVERIFY(rm->browser()->toPlainText().contains(QString::fromStdString(expected.sections[1].title)));
        QVERIFY(rm->showSection(rm->stepModel()->rowCount() - 1));
        QVERIFY(!rm->next());
        QVERIFY(rm->browser()->toPlainText().contains(QStringLiteral("Change manager")));
        rm->setZoomPercent(200);
        QCOMPARE(rm->browser()->document()->defaultFont().pointSizeF(), rm->font().pointSizeF() * 2.0);

        const QString pdf = m_tmp.filePath(QStringLiteral("review.pdf"));
        QString error;
        QVERIFY2(rm->exportPdf(pdf, &error), qPrintable(error));
        QFile f(pdf);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.read(5) == QByteArray("%PDF-"));
        QVERIFY(f.size() > 10000);
    }
};

QTEST_MAIN(TestReviewViews)
#include "tst_reviewviews.moc"
