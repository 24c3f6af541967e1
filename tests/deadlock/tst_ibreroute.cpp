// SPDX-License-Identifier: GPL-3.0-or-later
// The OpenSM re-route sweep (lfp deadlock --reroute, docs/deadlock.md "Re-routing with OpenSM"):
// LFP's verdict on the committed sampled states equals ibdmchk's; the committed per-engine shares are
// recomputed from the per-state verdicts; the failure sets and the ibsim net file; and, when ibsim and
// OpenSM are installed, the real sweep on ring4 for K = 1.
#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

#include "importers/ibdump.h"
#include "planner/routing/deadlockjob.h"
#include "planner/routing/ibreroute.h"

#include <fstream>
#include <map>
#include <set>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace lfp;

namespace {
const std::string kDir = std::string(LFP_SOURCE_DIR) + "/tests/data/ib";

struct Row {
    std::string topology, engine, set, links, used, lfp, missing, vls, ibdmchk;
};

std::vector<Row> readStates()
{
    std::ifstream in(kDir + "/reroute/states.tsv");
    std::vector<Row> rows;
    std::string line;
    std::getline(in, line); // header
    while (std::getline(in, line)) {
        std::stringstream s(line);
        Row r;
        std::getline(s, r.topology, '\t');
        std::getline(s, r.engine, '\t');
        std::getline(s, r.set, '\t');
        std::getline(s, r.links, '\t');
        std::getline(s, r.used, '\t');
        std::getline(s, r.lfp, '\t');
        std::getline(s, r.missing, '\t');
        std::getline(s, r.vls, '\t');
        std::getline(s, r.ibdmchk, '\t');
        rows.push_back(r);
    }
    return rows;
}
} // namespace

class TstIbReroute : public QObject {
    Q_OBJECT
private slots:
    void sampledStatesAgreeWithIbdmchk()
    {
        int compared = 0, loops = 0;
        std::set<std::string> engines;
        for (const auto& r : readStates()) {
            if (r.ibdmchk == "-")
                continue;
            const std::string d = kDir + "/reroute/" + r.topology + "/" + r.engine + "/" + r.set;
            IbFabric ib = readIbnetdiscover(d + "/ibnetdiscover.txt");
            readLftDump(ib, d + "/opensm-lfts.dump");
            readSl2vl(ib, d + "/opensm-sl2vl.dump");
            readPathSl(ib, d + "/path_sl.txt");
            DeadlockJob job;
            job.fixes = false;
            const DeadlockOutcome o = runLftDeadlockJob(job, ib);
            const std::string what = r.topology + "/" + r.engine + "/" + r.set + " (" + r.links + ")";
            QVERIFY2((o.report.hasCycle() ? "credit-loop" : "ok") == r.ibdmchk, what.c_str());
            QVERIFY2(r.lfp == r.ibdmchk, what.c_str()); // the sweep's own verdict, as committed
            QCOMPARE(std::to_string(o.report.vlsUsed.size()), r.vls);
            ++compared;
            loops += o.report.hasCycle();
            engines.insert(r.engine);
        }
        QVERIFY2(compared >= 10, "too few sampled states committed");
        // every engine of the fixture script (make-reroute-fixtures.sh) has states compared with ibdmchk
        for (const char* e : { "minhop", "updn", "ftree", "lash", "dfsssp", "nue" })
            QVERIFY2(engines.count(e), e);
        qInfo("%d sampled states compared with ibdmchk, %d with a credit loop", compared, loops);
    }

    void sharesRecomputedFromStates()
    {
        std::map<std::pair<std::string, std::string>, std::pair<int, int>> tally; // sets, loop-free
        for (const auto& r : readStates()) {
            if (r.lfp == "error")
                continue;
            auto& t = tally[{ r.topology, r.engine }];
            ++t.first;
            t.second += r.lfp == "ok";
        }
        std::ifstream in(kDir + "/reroute/shares.tsv");
        std::string line;
        std::getline(in, line);
        std::size_t rows = 0;
        while (std::getline(in, line)) {
            std::stringstream s(line);
            std::string topo, engine, sets, loopFree, share;
            s >> topo >> engine >> sets >> loopFree >> share;
            const auto& t = tally.at({ topo, engine });
            QCOMPARE(t.first, std::stoi(sets));
            QCOMPARE(t.second, std::stoi(loopFree));
            QCOMPARE(QString::fromStdString(share), QString::number(t.first ? double(t.second) / t.first : 0.0, 'f', 4));
            ++rows;
        }
        QCOMPARE(rows, tally.size());
    }

    void failureSetsAndNetFile()
    {
        std::size_t total = 0;
        const auto all = ibFailureSets(8, 2, 0, 1, total);
        QCOMPARE(total, std::size_t(36)); // C(8,1) + C(8,2)
        QCOMPARE(all.size(), std::size_t(36));
        const auto a = ibFailureSets(8, 2, 10, 7, total), b = ibFailureSets(8, 2, 10, 7, total);
        QCOMPARE(a, b); // seeded: the same sample every time
        QCOMPARE(std::set<std::vector<int>>(a.begin(), a.end()).size(), std::size_t(10));
        QVERIFY(a != ibFailureSets(8, 2, 10, 8, total));
        IbFabric ib = readIbnetdiscover(kDir + "/ring4/ibnetdiscover.txt");
        const auto links = ibSwitchLinks(ib);
        QCOMPARE(links.size(), std::size_t(4));
        const std::string net = ibsimNetText(ib, { links[0] });
        QVERIFY(net.find("Ca\t") < net.find("Switch\t")); // ibsim attaches its clients to the first node
        // the failed link's two port lines are gone, the others stay: 4 ring links × 2 ends, minus 2
        const auto switchPortLines = [](const std::string& text) {
            std::size_t n = 0;
            std::istringstream s(text);
            for (std::string l; std::getline(s, l);)
                n += !l.empty() && l[0] == '[' && l.find("\"S-") != std::string::npos && l.find("\"H-") == std::string::npos && l.find("](") == std::string::npos;
            return n;
        };
        QCOMPARE(switchPortLines(ibsimNetText(ib, {})), std::size_t(8));
        QCOMPARE(switchPortLines(net), std::size_t(6));
        QCOMPARE(opensmEngineUsed("x -> osm_ucast_mgr_process: ftree tables configured on all switches\n"
                                  "y -> osm_ucast_mgr_process: minhop tables configured on all switches\n"),
            std::string("minhop"));
    }

    void realSweepRing4()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("ibsim")).isEmpty()
            || QStandardPaths::findExecutable(QStringLiteral("opensm"), { QStringLiteral("/usr/sbin"), QStringLiteral("/sbin") }).isEmpty())
            QSKIP("ibsim or opensm not installed (apt-get install ibsim-utils libumad2sim0 opensm infiniband-diags): the real sweep is not run");
        QProcess p;
        p.start(QStringLiteral(LFP_CLI_PATH), { QStringLiteral("deadlock"), QString::fromStdString(kDir + "/ring4/ibnetdiscover.txt"), QStringLiteral("--reroute"),
                                                  QStringLiteral("minhop"), QStringLiteral("--failures"), QStringLiteral("1"), QStringLiteral("--json") });
        QVERIFY(p.waitForFinished(300000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        if (p.exitCode() == 2 && err.contains(QStringLiteral("apt-get install")))
            QSKIP(qPrintable(QStringLiteral("the sweep's tools are missing: ") + err));
        QVERIFY2(p.exitCode() != 2, qPrintable(err));
        const auto j = nlohmann::json::parse(p.readAllStandardOutput().toStdString());
        const auto& e = j["reroute"]["engines"][0];
        QCOMPARE(j["reroute"]["sets_total"].get<int>(), 4); // one ring link at a time
        QCOMPARE(e["sets"].get<int>(), 4);
        QCOMPARE(e["used"][0].get<std::string>(), std::string("minhop"));
        // a ring without one link is a line: minhop's paths cannot loop, and every CA still reaches every CA
        QCOMPARE(e["loop_free"].get<int>(), 4);
        QCOMPARE(e["missing_paths"].get<int>(), 0);
        QCOMPARE(p.exitCode(), 0);
    }
};

QTEST_GUILESS_MAIN(TstIbReroute)
#include "tst_ibreroute.moc"
