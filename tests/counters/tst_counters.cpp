// SPDX-License-Identifier: GPL-3.0-or-later
// Evidence scripts and counters compare: captures in the tools' real formats (data/README.md).
// Qt first: moc (Qt 6.4) cannot parse <concepts> when it meets it before the Qt headers.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include "exporters/evidence.h"
#include "model/asiccatalog.h"
#include "model/errors.h"
#include "model/fabricjson.h"
#include "model/generators.h"
#include "importers/counters.h"
#include "planner/review/counters.h"
#include <nlohmann/json.hpp>
#include <set>

using namespace lfp;

namespace {

struct Run {
    int code = -1;
    QByteArray out;
    QByteArray err;
};

Run run(const QString& prog, const QStringList& args)
{
    QProcess p;
    p.start(prog, args);
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        return { -2, {}, "timeout" };
    }
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, p.readAllStandardOutput(), p.readAllStandardError() };
}

const std::string kData = LFP_COUNTERS_DATA;

bool has(const std::vector<Finding>& fs, const std::string& code, const std::string& object)
{
    for (const auto& f : fs)
        if (f.code == code && std::find(f.objects.begin(), f.objects.end(), object) != f.objects.end())
            return true;
    return false;
}

int countOf(const std::vector<Finding>& fs, const std::string& code)
{
    return static_cast<int>(std::count_if(fs.begin(), fs.end(), [&](const Finding& f) { return f.code == code; }));
}

} // namespace

class TstCounters : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void parsesPfcstatTables()
    {
        CounterSnapshot s;
        QFile f(QString::fromStdString(kData + "/before/leaf1/pfc_counters.txt"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        parseSonicPfcCounters(f.readAll().toStdString(), "leaf1", "pfc_counters.txt", s);
        QCOMPARE(s.values.at({ "leaf1", "Ethernet0", 0, CounterKind::PfcRx, false }), 1200.0); // "1,200"
        QCOMPARE(s.values.at({ "leaf1", "Ethernet32", 7, CounterKind::PfcTx, false }), 817.0);
        QCOMPARE(s.values.size(), std::size_t(3 * 8 * 2));
    }

    void parsesQueuestatWatchdogEthtoolRdmaPerfquery()
    {
        const CounterSnapshot s = readCaptureDirectory(kData + "/before");
        QCOMPARE(s.values.at({ "leaf1", "Ethernet0", 3, CounterKind::Drop, true }), 19.0);
        QCOMPARE(s.values.at({ "leaf1", "Ethernet8", 9, CounterKind::Drop, true }), 91.0);
        QVERIFY(!s.values.count({ "leaf1", "Ethernet0", 10, CounterKind::Drop, true })); // MC queues are skipped
        QCOMPARE(s.values.at({ "leaf1", "Ethernet32", 3, CounterKind::WatchdogStorm, true }), 1.0);
        QCOMPARE(s.values.at({ "gpu01", "eth0", 3, CounterKind::PfcTx, false }), 1290418.0);
        QCOMPARE(s.values.at({ "gpu01", "eth0", 3, CounterKind::EcnMarked, false }), 9147732.0);
        QCOMPARE(s.values.at({ "gpu01", "mlx5_0", -1, CounterKind::CnpSent, false }), 1000.0);
        QCOMPARE(s.values.at({ "ibhost", "1", -1, CounterKind::IbXmitDiscards, false }), 0.0);
        QCOMPARE(s.files.size(), std::size_t(6));
    }

    void malformedCaptureNamesFileAndLine()
    {
        CounterSnapshot s;
        try {
            parseSonicPfcCounters("  Port Rx    PFC0    PFC1    PFC2    PFC3    PFC4    PFC5    PFC6    PFC7\n"
                                  "---------  ------  ------  ------  ------  ------  ------  ------  ------\n"
                                  "Ethernet0   1,200     201     202     abc     204     205     206     207\n",
                "leaf1", "cap/leaf1/pfc_counters.txt", s);
            QFAIL("no InputError");
        } catch (const InputError& e) {
            QCOMPARE(e.where().line, 3);
            QVERIFY(std::string(e.what()).find("abc") != std::string::npos);
            QVERIFY(std::string(e.what()).find("pfc_counters.txt") != std::string::npos);
        }
        QVERIFY_THROWS_EXCEPTION(InputError, readCaptureDirectory(kData + "/does-not-exist"));
    }

    /// Truncated and corrupted captures: every parser either reads them or throws InputError, never anything else.
    void damagedCapturesAreInputErrors()
    {
        const std::vector<std::pair<std::string, std::string>> files { { "leaf1", "pfc_counters.txt" }, { "leaf1", "queue_counters.txt" },
            { "leaf1", "pfcwd_stats.txt" }, { "gpu01", "ethtool_S_eth0.txt" }, { "gpu01", "rdma_statistic.txt" }, { "ibhost", "perfquery.txt" } };
        std::uint32_t seed = 12345;
        auto next = [&seed] { return seed = seed * 1664525u + 1013904223u; };
        int inputErrors = 0;
        for (const auto& [dev, name] : files) {
            QFile f(QString::fromStdString(kData + "/after/" + dev + "/" + name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const std::string text = f.readAll().toStdString();
            for (int i = 0; i < 200; ++i) {
                std::string t = text.substr(0, next() % (text.size() + 1));
                for (int k = 0; k < 3 && !t.empty(); ++k)
                    t[next() % t.size()] = static_cast<char>(next() % 256);
                if (i % 7 == 0)
                    t += std::string(30, '9');
                CounterSnapshot s;
                try {
                    if (name == "pfc_counters.txt")
                        parseSonicPfcCounters(t, dev, name, s);
                    else if (name == "queue_counters.txt")
                        parseSonicQueueCounters(t, dev, name, s);
                    else if (name == "pfcwd_stats.txt")
                        parseSonicPfcwdStats(t, dev, name, s);
                    else if (name == "ethtool_S_eth0.txt")
                        parseEthtoolStats(t, dev, "eth0", name, s);
                    else if (name == "rdma_statistic.txt")
                        parseRdmaStatistic(t, dev, name, s);
                    else
                        parsePerfquery(t, dev, name, s);
                } catch (const InputError&) {
                    ++inputErrors;
                }
            }
        }
        QVERIFY(inputErrors > 100);
    }

    void flagsLosslessDropsAndLossyPausesNotLossyDrops()
    {
        const Fabric f = exampleFabric();
        const CounterComparison c = compareCounters(f, readCaptureDirectory(kData + "/before"), readCaptureDirectory(kData + "/after"));
        // drops on the lossless queue 3 and on lossless priority 3 of the NIC
        QVERIFY(has(c.findings, "LFP-COUNTERS-LOSSLESS-DROP", "leaf1:Ethernet0"));
        QVERIFY(has(c.findings, "LFP-COUNTERS-LOSSLESS-DROP", "gpu01:eth0"));
        QVERIFY(has(c.findings, "LFP-COUNTERS-LOSSLESS-DROP", "ibhost:1"));
        QCOMPARE(countOf(c.findings, "LFP-COUNTERS-LOSSLESS-DROP"), 3); // UC1/UC0 and rx_prio0_cong_discard: lossy, left alone
        // pause frames on priority 4, which the plan keeps lossy
        QVERIFY(has(c.findings, "LFP-COUNTERS-LOSSY-PAUSE", "leaf1:Ethernet8"));
        QCOMPARE(countOf(c.findings, "LFP-COUNTERS-LOSSY-PAUSE"), 1);
        // +150 on Ethernet0 PFC3 is below the threshold; +25,000 on Ethernet32 is not
        QVERIFY(has(c.findings, "LFP-COUNTERS-PAUSE-GROWTH", "leaf1:Ethernet32"));
        QCOMPARE(countOf(c.findings, "LFP-COUNTERS-PAUSE-GROWTH"), 1);
        QVERIFY(has(c.findings, "LFP-COUNTERS-WATCHDOG", "leaf1:Ethernet32"));
        QCOMPARE(countOf(c.findings, "LFP-COUNTERS-WATCHDOG"), 1);
        QVERIFY(has(c.findings, "LFP-COUNTERS-CNP-WITHOUT-ECN", "gpu01:mlx5_0"));
        QCOMPARE(c.findings.front().severity, Severity::Error);
        // the lossy drops are still reported as deltas (facts), marked lossy
        bool lossyDelta = false;
        for (const auto& d : c.deltas)
            if (d.key.device == "leaf1" && d.key.port == "Ethernet0" && d.key.priority == 1 && d.key.kind == CounterKind::Drop)
                lossyDelta = !d.lossless && d.after - d.before == 1234;
        QVERIFY(lossyDelta);

        // A higher threshold silences the growth warning; a plan with priority 4 lossless turns the pause into growth.
        CounterCompareOptions opt;
        opt.pauseThreshold = 100000;
        const CounterComparison quiet = compareCounters(f, readCaptureDirectory(kData + "/before"), readCaptureDirectory(kData + "/after"), opt);
        QCOMPARE(countOf(quiet.findings, "LFP-COUNTERS-PAUSE-GROWTH"), 0);
        Fabric two = f;
        for (auto& p : two.policies)
            p.losslessPriorities = { 3, 4 };
        const CounterComparison c2 = compareCounters(two, readCaptureDirectory(kData + "/before"), readCaptureDirectory(kData + "/after"));
        QCOMPARE(countOf(c2.findings, "LFP-COUNTERS-LOSSY-PAUSE"), 0);
    }

    void sameCaptureTwiceIsClean()
    {
        const Fabric f = exampleFabric();
        const CounterSnapshot b = readCaptureDirectory(kData + "/before");
        const CounterComparison c = compareCounters(f, b, b);
        QVERIFY(c.findings.empty());
        QVERIFY(c.deltas.empty());
        QVERIFY(c.counters > 100);
    }

    void cliCompareExitsOneWithJson()
    {
        const QString fabric = m_dir.filePath("example.json");
        writeFabricJson(exampleFabric(), fabric.toStdString());
        const Run r = run(LFP_CLI_PATH,
            { "counters", "compare", fabric, "--before", QString::fromStdString(kData + "/before"), "--after", QString::fromStdString(kData + "/after"), "--json" });
        QCOMPARE(r.code, 1);
        const auto j = nlohmann::json::parse(r.out.toStdString());
        QVERIFY(j["summary"]["errors"].get<int>() >= 4);
        bool sawDelta = false;
        for (const auto& d : j["deltas"])
            if (d["device"] == "leaf1" && d["port"] == "Ethernet0" && d.contains("queue") && d["queue"] == 3 && d["counter"] == "drop")
                sawDelta = d["delta"] == 41 && d["lossless"] == true;
        QVERIFY(sawDelta);
        const Run bad = run(LFP_CLI_PATH, { "counters", "compare", fabric, "--before", m_dir.filePath("nope"), "--after", m_dir.filePath("nope") });
        QCOMPARE(bad.code, 2);
    }

    void evidenceScriptsPassBashAndShellcheck()
    {
        Fabric f = exampleFabric();
        for (auto& n : f.nodes)
            if (n.name == "leaf2")
                n.attributes["os"] = "eos";
            else if (n.name == "leaf3")
                n.vendor = "Juniper";
        const AsicCatalog cat = AsicCatalog::loadDefault();
        const ExportContext ctx(f, cat);
        const auto scripts = buildEvidenceScripts(ctx);
        QCOMPARE(scripts.size(), f.nodes.size());
        const QString dir = m_dir.filePath("evidence");
        QDir().mkpath(dir);
        const bool shellcheck = !QStandardPaths::findExecutable("shellcheck").isEmpty();
        std::set<std::string> platforms;
        for (const auto& s : scripts) {
            platforms.insert(toString(s.platform));
            const QString path = dir + "/" + QString::fromStdString(s.file);
            QFile out(path);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(s.text.data(), static_cast<qint64>(s.text.size()));
            out.close();
            const Run n = run("bash", { "-n", path });
            QVERIFY2(n.code == 0, n.err.constData());
            if (shellcheck) {
                const Run sc = run("shellcheck", { "-s", "bash", path });
                QVERIFY2(sc.code == 0, (sc.out + sc.err).constData());
            }
        }
        QVERIFY(platforms.count("sonic") && platforms.count("eos") && platforms.count("junos") && platforms.count("linux"));
        const auto leaf1 = std::find_if(scripts.begin(), scripts.end(), [](const EvidenceScript& s) { return s.device == "leaf1"; });
        for (const char* cmd : { "'show pfc counters'", "'show queue counters'", "'show priority-group watermark shared'", "'show priority-group watermark headroom'",
                 "'show pfcwd stats'", "'show interfaces counters'" })
            QVERIFY2(leaf1->text.find(cmd) != std::string::npos, cmd);
        const auto gpu = std::find_if(scripts.begin(), scripts.end(), [](const EvidenceScript& s) { return s.device == "gpu01"; });
        for (const char* cmd : { "'ethtool -S eth0'", "'mlnx_qos -i eth0'", "'rdma statistic show'" })
            QVERIFY2(gpu->text.find(cmd) != std::string::npos, cmd);

        // A script runs: with LFP_SSH_TARGET=local and a PATH whose `show` echoes, it writes OUTDIR/PHASE/DEVICE/.
        if (!shellcheck)
            qInfo("shellcheck not installed: only bash -n was run");
        const QString bin = m_dir.filePath("bin");
        QDir().mkpath(bin);
        QFile show(bin + "/show");
        QVERIFY(show.open(QIODevice::WriteOnly));
        show.write("#!/bin/sh\necho \"fake show $*\"\n");
        show.close();
        show.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QProcess p;
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert("PATH", bin + ":" + env.value("PATH"));
        env.insert("LFP_SSH_TARGET", "local");
        p.setProcessEnvironment(env);
        p.start("bash", { dir + "/leaf1.sh", "before", m_dir.filePath("caps") });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QFile cap(m_dir.filePath("caps/before/leaf1/pfc_counters.txt"));
        QVERIFY(cap.open(QIODevice::ReadOnly));
        QCOMPARE(cap.readAll(), QByteArray("fake show pfc counters\n"));
        QProcess bad;
        bad.start("bash", { dir + "/leaf1.sh", "during" });
        QVERIFY(bad.waitForFinished(60000));
        QCOMPARE(bad.exitCode(), 2);
    }

    void evidenceRefusesNamesThatBreakScripts()
    {
        Fabric f = exampleFabric();
        for (auto& n : f.nodes)
            if (n.name == "gpu01") {
                const std::string old = n.name;
                n.name = "gpu01$(reboot)";
                for (auto& l : f.links) {
                    if (l.a.node == old)
                        l.a.node = n.name;
                    if (l.b.node == old)
                        l.b.node = n.name;
                }
            }
        const AsicCatalog cat = AsicCatalog::loadDefault();
        const ExportContext ctx(f, cat);
        QVERIFY_THROWS_EXCEPTION(InputError, buildEvidenceScripts(ctx));
        const QString fabric = m_dir.filePath("bad.json");
        writeFabricJson(f, fabric.toStdString());
        const Run r = run(LFP_CLI_PATH, { "evidence", fabric, "-o", m_dir.filePath("bad-out") });
        QCOMPARE(r.code, 2);
        QVERIFY(!QDir(m_dir.filePath("bad-out")).exists());
    }

    /// Issue 36 F6: the capture root given for a phase folder (OUTDIR instead of OUTDIR/before) holds
    /// device folders named "before" and "after" with no capture in them: refused at the folder, never
    /// "0 devices, 0 counters compared" and exit 0. The CLI refuses captures that name nothing of the plan.
    void aFolderWithoutCapturesIsRefused()
    {
        try {
            (void)readCaptureDirectory(kData); // the root: before/ and after/ are its sub-folders
            QFAIL("no InputError");
        } catch (const InputError& e) {
            const std::string what = e.what();
            QVERIFY2(what.find("found no capture file in 2 device folders") != std::string::npos, e.what());
            QVERIFY2(what.find("OUTDIR/before") != std::string::npos, e.what());
            QCOMPARE(e.where().file, kData);
        }
        const QString empty = m_dir.filePath("empty-phase");
        QVERIFY(QDir().mkpath(empty + "/leaf1"));
        QVERIFY_THROWS_EXCEPTION(InputError, readCaptureDirectory(empty.toStdString()));
    }

    /// Issue 36 F5: a capture line longer than kMaxCaptureLine is refused at its line number, and a long
    /// token is quoted in the message as at most 64 bytes and "…", not whole.
    void longLinesAndTokensAreBounded()
    {
        CounterSnapshot s;
        const std::string header = "     Port Rx    PFC0    PFC1    PFC2    PFC3    PFC4    PFC5    PFC6    PFC7\n"
                                   "---------  ------  ------  ------  ------  ------  ------  ------  ------\n";
        try {
            parseSonicPfcCounters(header + std::string(kMaxCaptureLine + 1, 'x') + "\n", "leaf1", "cap/leaf1/pfc_counters.txt", s);
            QFAIL("no InputError");
        } catch (const InputError& e) {
            QCOMPARE(e.where().line, 3);
            QVERIFY2(std::string(e.what()).size() < 400, e.what());
            QVERIFY2(std::string(e.what()).find("expected at most 65536") != std::string::npos, e.what());
        }
        try {
            parseSonicPfcCounters(header + "Ethernet0 " + std::string(5000, '9') + "z 1 2 3 4 5 6 7\n", "leaf1", "cap/leaf1/pfc_counters.txt", s);
            QFAIL("no InputError");
        } catch (const InputError& e) {
            const std::string what = e.what();
            QVERIFY2(what.size() < 400, e.what());
            QVERIFY2(what.find("…") != std::string::npos, e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TstCounters)
#include "tst_counters.moc"
