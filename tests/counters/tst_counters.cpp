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
#include <functional>
#include <set>
#include <tuple>

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
const std::string kXcheck = LFP_COUNTERS_XCHECK;

/// The comparison of one cross-check fixture pair (tests/data/counters-xcheck/<name>/{before,after}).
CounterComparison compareCase(const std::string& name, const Fabric& f)
{
    return compareCounters(f, readCaptureDirectory(kXcheck + "/" + name + "/before"), readCaptureDirectory(kXcheck + "/" + name + "/after"));
}

std::set<std::string> codesOf(const std::vector<Finding>& fs)
{
    std::set<std::string> out;
    for (const auto& f : fs)
        out.insert(f.code);
    return out;
}

const Finding* findingOf(const std::vector<Finding>& fs, const std::string& code, const std::string& object)
{
    for (const auto& f : fs)
        if (f.code == code && std::find(f.objects.begin(), f.objects.end(), object) != f.objects.end())
            return &f;
    return nullptr;
}

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
            else if (n.name == "leaf4")
                n.asic = "jericho-2"; // Broadcom DNX: VOQ counters with the credit watchdog
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
                 "'show pfcwd stats'", "'show interfaces counters'", "'show pfc priority'", "'show interfaces counters fec-stats'",
                 "'show interfaces flap'", "'show interfaces counters fec-histogram Ethernet0'", "'grep -H . /sys/class/net/Ethernet0/carrier_changes" })
            QVERIFY2(leaf1->text.find(cmd) != std::string::npos, cmd);
        QVERIFY(leaf1->text.find("--voq") == std::string::npos); // Spectrum: no VOQs
        const auto leaf4 = std::find_if(scripts.begin(), scripts.end(), [](const EvidenceScript& s) { return s.device == "leaf4"; });
        QVERIFY(leaf4 != scripts.end() && leaf4->text.find("'show queue counters --voq'") != std::string::npos);
        const auto gpu = std::find_if(scripts.begin(), scripts.end(), [](const EvidenceScript& s) { return s.device == "gpu01"; });
        for (const char* cmd : { "'ethtool -S eth0'", "'mlnx_qos -i eth0'", "'rdma statistic show'", "'ethtool -I --show-fec eth0'", "'mlxlink -d ",
                 "'grep -H . /sys/class/net/eth0/carrier_changes'" })
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
        QFile grep(bin + "/grep"); // carrier_changes of the switch's netdevs, which this machine has not
        QVERIFY(grep.open(QIODevice::WriteOnly));
        grep.write("#!/bin/sh\necho \"fake grep $*\"\n");
        grep.close();
        grep.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
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


    /// The new readers on their fixtures: the values the tools print, by kind, port, queue and lane.
    void readsCrossCheckAndPhysicalFormats()
    {
        const CounterSnapshot s = readCaptureDirectory(kXcheck + "/clean/after");
        QCOMPARE(s.values.at({ "leaf1", "Ethernet0", 3, CounterKind::WatchdogDrop, true }), 0.0);
        QCOMPARE(s.values.at({ "leaf1", "Ethernet0", 6, CounterKind::QueuePackets, true }), 840.0);
        QCOMPARE(s.values.at({ "leaf1", "Ethernet0", 3, CounterKind::CreditWatchdogDrop, true }), 0.0); // leaf1|asic0|Ethernet0 → Ethernet0
        QCOMPARE(s.values.at({ "leaf1", "Ethernet0", -1, CounterKind::FecCorrected, false }), 190402.0);
        QCOMPARE(s.values.at({ "leaf1", "Ethernet32", -1, CounterKind::FecSymbolErrors, false }), 128770.0);
        QCOMPARE(s.values.at({ "leaf1", "Ethernet0", -1, CounterKind::PreFecBer, false }), 1.3e-8);
        QCOMPARE(s.values.at({ "leaf1", "Ethernet32", -1, CounterKind::LinkDown, false }), 1.0); // show interfaces flap
        QCOMPARE(s.values.at({ "leaf1", "Ethernet32", -1, CounterKind::CarrierChanges, false }), 4.0);
        QCOMPARE(s.values.at({ "gpu01", "eth0", -1, CounterKind::FecCorrectedBits, false }), 421024.0);
        CounterKey lane1 { "gpu01", "eth0", -1, CounterKind::LaneErrors, false };
        lane1.lane = 1;
        QCOMPARE(s.values.at(lane1), 90012.0); // ethtool rx_err_lane_1_phy and mlxlink's lane list add up per lane
        QCOMPARE(s.values.at({ "gpu01", "eth0", -1, CounterKind::FecUncorrectable, false }), 0.0);
        QCOMPARE(s.values.at({ "ibhost", "1", -1, CounterKind::IbSymbolErrors, false }), 3.0);
        QCOMPARE(s.runningLossless.at({ "leaf1", "Ethernet0" }), std::vector<int> { 3 });
        QCOMPARE(s.capturedAt.at("gpu01") - readCaptureDirectory(kXcheck + "/clean/before").capturedAt.at("gpu01"), 600.0);
        const CounterSnapshot m = readCaptureDirectory(kXcheck + "/mlxlink/after");
        QCOMPARE(m.values.at({ "gpu01", "eth0", -1, CounterKind::PreFecBer, false }), 6e-4);
        QCOMPARE(m.values.at({ "gpu01", "eth0", -1, CounterKind::PostFecErrors, false }), 17.0);
        CounterSnapshot e;
        parseSonicPfcPriority("\nInterface    Lossless priorities\n-----------  ---------------------\nEthernet0    3,4\nEthernet4\n", "leaf1", "p", e);
        QCOMPARE(e.runningLossless.at({ "leaf1", "Ethernet0" }), (std::vector<int> { 3, 4 }));
        QVERIFY(e.runningLossless.at({ "leaf1", "Ethernet4" }).empty());
        QVERIFY_THROWS_EXCEPTION(InputError, parseSonicPfcPriority("Interface    Lossless priorities\nEthernet0    3,9\n", "leaf1", "p", e));
        QVERIFY_THROWS_EXCEPTION(InputError, parseCarrierChanges("/etc/passwd:3\n", "h", "c", e));
        QVERIFY_THROWS_EXCEPTION(InputError, parseMlxlink("Raw Physical BER : lots\n", "h", "eth0", "m", e));
    }

    /// Issue 37: each cross-check and physical check reproduced on a before/after pair in the tools'
    /// formats (tests/data/counters-xcheck/README.md), with exactly the findings it should raise.
    void eachCrossCheckReproducesOnItsFixture_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("codes");
        QTest::addColumn<QString>("object");
        auto row = [](const char* n, QStringList codes, const char* object) { QTest::newRow(n) << QString(n) << codes << QString(object); };
        row("lossy-pause-rx", { "LFP-COUNTERS-LOSSY-PAUSE" }, "leaf1:Ethernet8");
        row("wd-drop-watchdog-only", { "LFP-COUNTERS-WATCHDOG", "LFP-COUNTERS-WD-DROP-MISMATCH" }, "leaf1:Ethernet0");
        row("wd-drop-queue-only", { "LFP-COUNTERS-LOSSLESS-DROP", "LFP-COUNTERS-WD-DROP-MISMATCH" }, "leaf1:Ethernet0");
        row("ecn-without-cnp", { "LFP-COUNTERS-ECN-WITHOUT-CNP" }, "gpu01:mlx5_0");
        row("cnp-queue-silent", { "LFP-COUNTERS-CNP-QUEUE-SILENT" }, "leaf1");
        row("lossless-not-running", { "LFP-COUNTERS-LOSSLESS-NOT-RUNNING" }, "leaf1:Ethernet0");
        row("credit-watchdog", { "LFP-COUNTERS-CREDIT-WATCHDOG" }, "leaf1:Ethernet0");
        row("fec-uncorrectable", { "LFP-COUNTERS-FEC-UNCORRECTABLE" }, "leaf1:Ethernet0");
        row("pre-fec-ber-sonic", { "LFP-COUNTERS-PRE-FEC-BER" }, "leaf1:Ethernet32");
        row("pre-fec-ber-mlx5", { "LFP-COUNTERS-PRE-FEC-BER" }, "gpu01:eth0");
        row("mlxlink", { "LFP-COUNTERS-FEC-UNCORRECTABLE", "LFP-COUNTERS-PRE-FEC-BER" }, "gpu01:eth0");
        row("ethtool-fec", { "LFP-COUNTERS-FEC-UNCORRECTABLE" }, "gpu01:eth0");
        row("ib-link-errors", { "LFP-COUNTERS-LINK-ERRORS", "LFP-COUNTERS-LINK-FLAP" }, "ibhost:1");
        row("link-flap", { "LFP-COUNTERS-LINK-FLAP" }, "gpu01:eth0");
        row("physical-first", { "LFP-COUNTERS-FEC-UNCORRECTABLE", "LFP-COUNTERS-LOSSLESS-DROP" }, "gpu01:eth0");
        row("clean", {}, "");
    }

    void eachCrossCheckReproducesOnItsFixture()
    {
        QFETCH(QString, name);
        QFETCH(QStringList, codes);
        QFETCH(QString, object);
        const CounterComparison c = compareCase(name.toStdString(), exampleFabric());
        std::set<std::string> expected;
        for (const auto& code : codes)
            expected.insert(code.toStdString());
        std::string got;
        for (const auto& f : c.findings)
            got += f.code + " [" + (f.objects.empty() ? "" : f.objects.front().toString()) + "] " + f.message + "\n";
        QVERIFY2(codesOf(c.findings) == expected, got.c_str());
        QVERIFY(c.counters > 0);
        if (!codes.isEmpty())
            QVERIFY2(findingOf(c.findings, codes.back().toStdString(), object.toStdString()) || findingOf(c.findings, codes.front().toStdString(), object.toStdString()), got.c_str());
    }

    /// The new readers on truncated and corrupted captures: read, or InputError, never anything else.
    void damagedNewCapturesAreInputErrors()
    {
        using Parser = std::function<void(const std::string&, CounterSnapshot&)>;
        const std::vector<std::tuple<std::string, std::string, Parser>> files {
            { "leaf1", "pfc_priority.txt", [](const std::string& t, CounterSnapshot& s) { parseSonicPfcPriority(t, "leaf1", "f", s); } },
            { "leaf1", "fec_stats.txt", [](const std::string& t, CounterSnapshot& s) { parseSonicFecStats(t, "leaf1", "f", s); } },
            { "leaf1", "interfaces_flap.txt", [](const std::string& t, CounterSnapshot& s) { parseSonicInterfacesFlap(t, "leaf1", "f", s); } },
            { "leaf1", "queue_counters_voq.txt", [](const std::string& t, CounterSnapshot& s) { parseSonicQueueCounters(t, "leaf1", "f", s); } },
            { "leaf1", "carrier_changes.txt", [](const std::string& t, CounterSnapshot& s) { parseCarrierChanges(t, "leaf1", "f", s); } },
            { "gpu01", "ethtool_fec_eth0.txt", [](const std::string& t, CounterSnapshot& s) { parseEthtoolFec(t, "gpu01", "eth0", "f", s); } },
            { "gpu01", "mlxlink_eth0.txt", [](const std::string& t, CounterSnapshot& s) { parseMlxlink(t, "gpu01", "eth0", "f", s); } },
            { "gpu01", "ethtool_S_eth0.txt", [](const std::string& t, CounterSnapshot& s) { parseEthtoolStats(t, "gpu01", "eth0", "f", s); } } };
        std::uint32_t seed = 777;
        auto next = [&seed] { return seed = seed * 1664525u + 1013904223u; };
        int inputErrors = 0;
        for (const auto& [dev, name, parse] : files) {
            QFile f(QString::fromStdString(kXcheck + "/clean/after/" + dev + "/" + name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const std::string text = f.readAll().toStdString();
            for (int i = 0; i < 150; ++i) {
                std::string t = text.substr(0, next() % (text.size() + 1));
                for (int k = 0; k < 3 && !t.empty(); ++k)
                    t[next() % t.size()] = static_cast<char>(next() % 256);
                CounterSnapshot s;
                try {
                    parse(t, s);
                } catch (const InputError&) {
                    ++inputErrors;
                }
            }
        }
        QVERIFY(inputErrors > 100);
    }

    /// The messages say what the cross-check found, with the figures and the threshold's source.
    void crossCheckMessagesCarryTheirFigures()
    {
        const Fabric f = exampleFabric();
        const auto wd = compareCase("wd-drop-watchdog-only", f);
        QVERIFY(findingOf(wd.findings, "LFP-COUNTERS-WD-DROP-MISMATCH", "leaf1:Ethernet0")->message.find("watchdog dropped 350 packets on queue 3") != std::string::npos);
        const auto lnr = compareCase("lossless-not-running", f);
        const std::string m = findingOf(lnr.findings, "LFP-COUNTERS-LOSSLESS-NOT-RUNNING", "leaf1:Ethernet0")->message;
        QVERIFY2(m.find("reports lossless priorities 4") != std::string::npos && m.find("priorities 3 run lossy") != std::string::npos, m.c_str());
        QVERIFY(!findingOf(lnr.findings, "LFP-COUNTERS-LOSSLESS-NOT-RUNNING", "leaf1:Ethernet32"));
        const auto cnp = compareCase("cnp-queue-silent", f);
        const std::string q = findingOf(cnp.findings, "LFP-COUNTERS-CNP-QUEUE-SILENT", "gpu01")->message;
        QVERIFY2(q.find("gpu01 sent 800 CNPs") != std::string::npos && q.find("CNP queue 6 (priority 6)") != std::string::npos, q.c_str());
        // 1.8e10 corrected bits over 600 s at 100 Gb/s (3.0e-4), the worse lane 1: 1.5e10 over 600 s at 50 Gb/s = 5.0e-4
        const auto ber = compareCase("pre-fec-ber-mlx5", f);
        const std::string b = findingOf(ber.findings, "LFP-COUNTERS-PRE-FEC-BER", "gpu01:eth0")->message;
        QVERIFY2(b.find("pre-FEC BER 5.00e-04 (lane 1:") != std::string::npos && b.find("above 2.40e-04") != std::string::npos
                && b.find("RS(544,514) at 50 Gb/s per lane") != std::string::npos && b.find("IEEE 802.3") != std::string::npos,
            b.c_str());
        const auto flap = compareCase("link-flap", f);
        QVERIFY(findingOf(flap.findings, "LFP-COUNTERS-LINK-FLAP", "gpu01:eth0")->message.find("went down 2 times") != std::string::npos);
        QVERIFY(findingOf(flap.findings, "LFP-COUNTERS-LINK-FLAP", "leaf1:Ethernet0"));
        // a plan that keeps the port on RS(528,514): the limit follows the FEC (5e-5)
        Fabric rs528 = f;
        for (auto& n : rs528.nodes)
            for (auto& p : n.ports)
                p.fec = Fec::Rs528;
        const auto b528 = compareCase("pre-fec-ber-sonic", rs528);
        QVERIFY(findingOf(b528.findings, "LFP-COUNTERS-PRE-FEC-BER", "leaf1:Ethernet32")->message.find("above 5.00e-05") != std::string::npos);
    }

    /// The physical layer first: a lossless drop on leaf1 Ethernet0 while the NIC at the other end of the
    /// link counts uncorrectable codewords names those counters; without them it does not.
    void aLosslessDropNamesThePhysicalLayerFirst()
    {
        const Fabric f = exampleFabric();
        const auto c = compareCase("physical-first", f);
        const Finding* drop = findingOf(c.findings, "LFP-COUNTERS-LOSSLESS-DROP", "leaf1:Ethernet0");
        QVERIFY(drop);
        QVERIFY2(drop->message.find("the physical layer moved on this link first (gpu01:eth0 fec_uncorrectable +41)") != std::string::npos, drop->message.c_str());
        QCOMPARE(c.physicalFirst, std::vector<std::string> { "gpu01:eth0" });
        const auto plain = compareCase("wd-drop-queue-only", f);
        QVERIFY(findingOf(plain.findings, "LFP-COUNTERS-LOSSLESS-DROP", "leaf1:Ethernet0")->message.find("physical") == std::string::npos);
        QVERIFY(plain.physicalFirst.empty());
    }

    /// The T1–T3 stage of what the counters show (docs/counters.md § Stages).
    void namesTheStage()
    {
        const Fabric f = exampleFabric();
        QCOMPARE(compareCase("ecn-without-cnp", f).stage, std::string("T1"));
        QCOMPARE(compareCase("clean", f).stage, std::string("T2")); // lossless pauses grew, below the warning threshold
        QCOMPARE(compareCase("wd-drop-watchdog-only", f).stage, std::string("T3"));
        QCOMPARE(compareCase("fec-uncorrectable", f).stage, std::string("none"));
        const CounterComparison legacy = compareCounters(f, readCaptureDirectory(kData + "/before"), readCaptureDirectory(kData + "/after"));
        QCOMPARE(legacy.stage, std::string("T3"));
    }

    /// lfp counters compare --json carries the stage and the lane of a per-lane counter; the clean pair exits 0.
    void cliReportsStageAndExitsZeroOnClean()
    {
        const QString fabric = m_dir.filePath("example-xcheck.json");
        writeFabricJson(exampleFabric(), fabric.toStdString());
        const QString dir = QString::fromStdString(kXcheck);
        const Run clean = run(LFP_CLI_PATH, { "counters", "compare", fabric, "--before", dir + "/clean/before", "--after", dir + "/clean/after", "--json" });
        QCOMPARE(clean.code, 0);
        const auto j = nlohmann::json::parse(clean.out.toStdString());
        QCOMPARE(j["findings"].size(), std::size_t(0));
        QCOMPARE(j["stage"]["name"].get<std::string>(), std::string("T2"));
        bool lane = false;
        for (const auto& d : j["deltas"])
            lane = lane || (d["counter"] == "lane_errors" && d.contains("lane"));
        QVERIFY(lane);
        const Run phys = run(LFP_CLI_PATH, { "counters", "compare", fabric, "--before", dir + "/physical-first/before", "--after", dir + "/physical-first/after" });
        QCOMPARE(phys.code, 1);
        QVERIFY2(phys.out.contains("The physical layer first: it moved on gpu01:eth0"), phys.out.constData());
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
