// SPDX-License-Identifier: GPL-3.0-or-later
// One deadlock job (issue 30, planner/routing/deadlockjob.h): `lfp deadlock --json`, the GUI's deadlock view,
// the main window's status message and the change review (exporters/review.h) give the same verdict and
// coverage for the same plan — including plans whose analysis covers nothing, where none of them may
// say "no cycle" / "cannot deadlock".
#include "gui/views/deadlockview.h"
#include "gui/mainwindow.h"

#include "document/jobrunner.h"
#include "exporters/review.h"
#include "model/asiccatalog.h"
#include "model/fabricjson.h"
#include "model/generators.h"
#include "planner/routing/deadlockjob.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace lfp;
using namespace lfp::gui;

namespace {

/// The example fabric without its hosts: switches and their links only (no destination to route to).
Fabric switchesOnly()
{
    Fabric f = exampleFabric();
    lfp::erase_if(f.nodes, [](const Node& n) { return n.role == Role::Host; });
    lfp::erase_if(f.links, [&](const Link& l) { return !f.findNode(l.a.node) || !f.findNode(l.b.node); });
    std::erase_if(f.bindings, [](const RoleBinding& b) { return b.role == Role::Host; });
    return f;
}

/// The example fabric with its policy bound to the hosts only: priority 3 is lossless on host ports,
/// no switch-to-switch buffer is (a warning: no PFC deadlock can form, and nothing is lossless either).
Fabric losslessOnHostsOnly()
{
    Fabric f = exampleFabric();
    std::erase_if(f.bindings, [](const RoleBinding& b) { return b.role != Role::Host; });
    f.overrides.clear();
    return f;
}

struct CliVerdict {
    int rc = -1;
    QJsonObject json;
    QString text;
};

CliVerdict runCli(const QString& file)
{
    CliVerdict v;
    QProcess p;
    p.start(QStringLiteral(LFP_CLI_PATH), { QStringLiteral("deadlock"), file, QStringLiteral("--json") });
    p.waitForFinished(120000);
    v.rc = p.exitCode();
    v.json = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
    QProcess t;
    t.start(QStringLiteral(LFP_CLI_PATH), { QStringLiteral("deadlock"), file });
    t.waitForFinished(120000);
    v.text = QString::fromUtf8(t.readAllStandardOutput());
    return v;
}

/// The job's verdict read back from `lfp deadlock --json` (its keys are a contract and did not change).
QString cliState(const QJsonObject& j)
{
    const QJsonObject c = j[QStringLiteral("coverage")].toObject();
    if (c[QStringLiteral("nothing_covered")].toBool())
        return QStringLiteral("nothing-covered");
    if (j[QStringLiteral("cyclic_components")].toInt() > 0)
        return QStringLiteral("cycle");
    if (c[QStringLiteral("switch_buffers")].toInt() > 0 && c[QStringLiteral("lossless_buffers")].toInt() == 0)
        return QStringLiteral("no-lossless-buffer");
    return QStringLiteral("no-cycle");
}

} // namespace

class TestDeadlockJob : public QObject {
    Q_OBJECT
private slots:
    void sameVerdictEverywhere_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("expected");
        QTest::newRow("example") << QStringLiteral("example") << QStringLiteral("no-cycle");
        QTest::newRow("no host: nothing covered") << QStringLiteral("switches") << QStringLiteral("nothing-covered");
        QTest::newRow("empty fabric: nothing covered") << QStringLiteral("empty") << QStringLiteral("nothing-covered");
        QTest::newRow("lossless on hosts only: no lossless buffer") << QStringLiteral("hosts-only") << QStringLiteral("no-lossless-buffer");
    }

    void sameVerdictEverywhere()
    {
        QFETCH(QString, name);
        QFETCH(QString, expected);
        const Fabric f = name == QStringLiteral("example") ? exampleFabric()
            : name == QStringLiteral("switches")           ? switchesOnly()
            : name == QStringLiteral("hosts-only")         ? losslessOnHostsOnly()
                                                           : Fabric {};
        QTemporaryDir dir;
        const QString file = dir.filePath(name + QStringLiteral(".json"));
        writeFabricJson(f, file.toStdString());

        // The job itself.
        const DeadlockOutcome job = runDeadlockJob(DeadlockJob {}, f);
        QCOMPARE(QString::fromLatin1(toString(job.state)), expected);
        const bool nothing = job.state == DeadlockState::NothingCovered;
        QCOMPARE(job.coverage.empty(), nothing);
        QCOMPARE(job.isError(), nothing);

        // lfp deadlock (JSON and text).
        const CliVerdict cli = runCli(file);
        QCOMPARE(cli.rc, job.isError() ? 1 : 0);
        QCOMPARE(cliState(cli.json), expected);
        const QJsonObject cov = cli.json[QStringLiteral("coverage")].toObject();
        QCOMPARE(cov[QStringLiteral("destinations")].toInteger(), qint64(job.coverage.destinations));
        QCOMPARE(cov[QStringLiteral("lossless_buffers")].toInteger(), qint64(job.coverage.losslessBuffers));
        QCOMPARE(cov[QStringLiteral("flows")].toInteger(), qint64(job.coverage.flows));

        // The GUI's deadlock view (a sweep of single failures, as the view offers).
        DeadlockView view;
        view.setSnapshot(makeSnapshot(f));
        view.runSweep(1);
        QVERIFY(view.waitForIdle());
        QVERIFY(view.outcome());
        QCOMPARE(QString::fromLatin1(toString(view.outcome()->state)), expected);
        QCOMPARE(view.outcome()->coverage.destinations, job.coverage.destinations);
        QCOMPARE(view.outcome()->coverage.flows, job.coverage.flows);
        QCOMPARE(view.outcome()->coverage.losslessBuffers, job.coverage.losslessBuffers);
        // The main window's status-bar sentence for the same outcome.
        const QString status = DeadlockView::statusMessage(*view.outcome());

        // The change review of a revision to itself.
        ReviewOptions ro;
        const Review review = computeReview(f, f, AsicCatalog::loadDefault(), ro);
        QVERIFY(review.deadlockAfter.analysed);
        QCOMPARE(QString::fromLatin1(toString(review.deadlockAfter.state)), expected);
        QCOMPARE(review.deadlockAfter.coverage.destinations, job.coverage.destinations);
        QCOMPARE(review.deadlockAfter.coverage.flows, job.coverage.flows);
        const nlohmann::json rj = reviewToJson(review)["impact"]["deadlock"]["after"];
        QCOMPARE(QString::fromStdString(rj["healthy"].get<std::string>()), expected);
        QCOMPARE(rj["coverage"]["nothing_covered"].get<bool>(), nothing);
        const std::string md = renderReviewMarkdown(buildReviewDocument(review, "en"));

        if (nothing) {
            // No surface may give an all-clear for an analysis that covered nothing.
            QVERIFY2(cli.text.contains(QStringLiteral("NOTHING ANALYSED")), qPrintable(cli.text));
            QVERIFY2(!cli.text.contains(QStringLiteral("No cyclic buffer dependency")), qPrintable(cli.text));
            QVERIFY2(!view.statusText().contains(QStringLiteral("no cyclic buffer dependency")), qPrintable(view.statusText()));
            QVERIFY2(view.statusText().contains(QStringLiteral("LFP-DEADLOCK-NOTHING-COVERED")), qPrintable(view.statusText()));
            QVERIFY2(!status.contains(QStringLiteral("no cycle")), qPrintable(status));
            QVERIFY2(status.contains(QStringLiteral("nothing analysed")), qPrintable(status));
            QVERIFY2(md.find("| no cycle") == std::string::npos, md.c_str());
            QVERIFY2(md.find("nothing covered") != std::string::npos, md.c_str());
            QVERIFY(std::any_of(job.findings.begin(), job.findings.end(), [](const Finding& x) { return x.code == "LFP-DEADLOCK-NOTHING-COVERED"; }));
        } else if (job.state == DeadlockState::NoLosslessBuffer) {
            QCOMPARE(job.coverage.losslessBuffers, std::size_t(0));
            QVERIFY(job.coverage.switchBuffers > 0);
            QVERIFY2(view.statusText().contains(QStringLiteral("LFP-DEADLOCK-NO-LOSSLESS-BUFFER")), qPrintable(view.statusText()));
            QVERIFY2(status.contains(QStringLiteral("LFP-DEADLOCK-NO-LOSSLESS-BUFFER")), qPrintable(status));
            QVERIFY2(md.find("no lossless buffer") != std::string::npos, md.c_str());
            QVERIFY(std::any_of(job.findings.begin(), job.findings.end(), [](const Finding& x) { return x.code == "LFP-DEADLOCK-NO-LOSSLESS-BUFFER"; }));
        } else {
            QVERIFY2(view.statusText().contains(QStringLiteral("no cyclic buffer dependency")), qPrintable(view.statusText()));
            QVERIFY2(status.contains(QStringLiteral("no cycle")), qPrintable(status));
        }
    }

    /// The main window's Checks ▸ Run Deadlock Analysis keeps the failure sweep it computes (it threw it
    /// away before) and applies the coverage rule.
    void mainWindowKeepsTheSweep()
    {
        MainWindow w;
        w.setQuiet(true);
        w.openExample();
        QVERIFY(w.waitForChecks());
        w.runDeadlockAnalysis(1);
        QVERIFY(w.deadlockJobs()->waitForIdle(120000));
        const auto* r = std::any_cast<DeadlockOutcome>(&w.deadlockJobs()->result());
        QVERIFY(r);
        QVERIFY(r->failures);
        QVERIFY(r->failures->scenariosRun > 0);
        QVERIFY2(w.analysisMessage().contains(QStringLiteral("failure sweep")), qPrintable(w.analysisMessage()));
    }
};

QTEST_MAIN(TestDeadlockJob)
#include "tst_deadlockjob.moc"
