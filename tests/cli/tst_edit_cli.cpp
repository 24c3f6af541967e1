// SPDX-License-Identifier: GPL-3.0-or-later
// `lfp set`, `lfp bind` and the policy options of `lfp generate` (contracts: names, JSON keys, exit codes).
#include "tests/common/clirun.h"
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

using Result = lfptest::CliResult;

Result lfp(const QStringList& args) { return lfptest::runLfp(args); }

QJsonObject readJson(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestEditCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }

private slots:
    void setChangesTheProjectAsOneRevision()
    {
        const QString p = path("set.lfp");
        QCOMPARE(lfp({ "generate", "example", "-o", p }).code, 0);
        Result r = lfp({ "set", p, "link:leaf1:Ethernet0", "length=300m", "medium=fibre", "-m", "longer run", "--json" });
        QVERIFY2(r.code == 0, r.err.constData());
        QJsonObject j = r.json();
        QCOMPARE(j["revision"].toInt(), 2);
        const QJsonArray changes = j["changes"].toArray();
        QCOMPARE(changes.size(), 2);
        QCOMPARE(changes[0].toObject()["object"].toString(), QStringLiteral("link:leaf1:Ethernet0"));
        QCOMPARE(changes[0].toObject()["field"].toString(), QStringLiteral("length"));
        QCOMPARE(changes[0].toObject()["after"].toString(), QStringLiteral("300m"));
        QCOMPARE(changes[1].toObject()["after"].toString(), QStringLiteral("fibre"));
        // The revision holds the message, and the link reads back changed.
        r = lfp({ "revisions", p, "--json" });
        QVERIFY(r.out.contains("longer run"));
        r = lfp({ "convert", p, path("set-out.json") });
        QCOMPARE(r.code, 0);
        bool found = false;
        for (const auto& l : readJson(path("set-out.json"))["links"].toArray()) {
            const QJsonObject o = l.toObject();
            const QJsonObject a = o["a"].toObject();
            if (a["node"].toString() == QStringLiteral("leaf1") && a["port"].toString() == QStringLiteral("Ethernet0")) {
                QCOMPARE(o["length"].toString(), QStringLiteral("300m"));
                found = true;
            }
        }
        QVERIFY2(found, "link of leaf1:Ethernet0 not found in the converted fabric");
        // The same values again: no new revision.
        r = lfp({ "set", p, "link:leaf1:Ethernet0", "length=300m", "--json" });
        QCOMPARE(r.code, 0);
        QVERIFY(r.json()["revision"].isNull());
        QCOMPARE(r.json()["changes"].toArray().size(), 0);
    }

    void setManyObjectsByPattern()
    {
        const QString p = path("many.json");
        QCOMPARE(lfp({ "generate", "example", "-o", p }).code, 0);
        Result r = lfp({ "set", p, "leaf1:Ethernet*", "mtu=4200", "--json" });
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonArray changes = r.json()["changes"].toArray();
        QVERIFY(changes.size() >= 4);
        for (const auto& c : changes) {
            QVERIFY(c.toObject()["object"].toString().startsWith(QStringLiteral("leaf1:Ethernet")));
            QCOMPARE(c.toObject()["before"].toString(), QStringLiteral("9100"));
        }
        // --dry-run writes nothing.
        const QByteArray before = readAll(p);
        r = lfp({ "set", p, "leaf*", "rack=R9", "--dry-run", "--json" });
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json()["changes"].toArray().size(), 4);
        QCOMPARE(readAll(p), before);
    }

    void setRefusesBadInputAndLeavesTheFile_data()
    {
        QTest::addColumn<QStringList>("items");
        QTest::addColumn<QString>("expected");
        QTest::newRow("bad value") << QStringList { "leaf1:Ethernet0", "speed=fast" } << QStringLiteral("expected a speed");
        QTest::newRow("no node") << QStringList { "nope:Ethernet0", "mtu=1500" } << QStringLiteral("no node named");
        QTest::newRow("no field") << QStringList { "leaf1", "colour=red" } << QStringLiteral("colour");
        QTest::newRow("no match") << QStringList { "zzz*", "rack=1" } << QStringLiteral("matches no object");
        QTest::newRow("no assignment") << QStringList { "leaf1" } << QStringLiteral("FIELD=VALUE");
        // The second assignment is bad: the first must not be saved either.
        QTest::newRow("second bad") << QStringList { "leaf1:Ethernet0", "mtu=4200", "fec=magic" } << QStringLiteral("fec");
        // Issue 36 F7: a revision message or author that would forge a line of `lfp revisions`.
        QTest::newRow("newline in -m") << QStringList { "leaf1", "rack=r9", "-m", "ok\n   9  2026-01-01  admin  forged" } << QStringLiteral("--message");
        // What the readers refuse, refused with the readers' words before anything is saved (issues 30, 36 F2).
        QTest::newRow("mtu 64") << QStringList { "leaf1:Ethernet0", "mtu=64" } << QStringLiteral("found 64, expected a whole number from 68 to 65535");
        QTest::newRow("mtu 65536") << QStringList { "leaf1:Ethernet0", "mtu=65536" } << QStringLiteral("from 68 to 65535");
        QTest::newRow("newline in rack") << QStringList { "leaf1", "rack=a\nb" } << QStringLiteral("newline");
        QTest::newRow("ESC in vendor") << QStringList { "leaf1", "vendor=\x1b[2J" } << QStringLiteral("U+001B");
        QTest::newRow("U+202E in model") << QStringList { "leaf1", QStringLiteral("model=a\u202Eb") } << QStringLiteral("bidirectional");
        QTest::newRow("DEL in asic") << QStringList { "leaf1", "asic=a\x7f" } << QStringLiteral("U+007F");
        QTest::newRow("ESC in a description") << QStringList { "policy:roce-lossless", "description=\x1b]0;pwned\x07" } << QStringLiteral("U+001B");
        QTest::newRow("newline in a class name") << QStringList { "policy:roce-lossless", "class.3=a\nb" } << QStringLiteral("newline");
    }

    void setRefusesBadInputAndLeavesTheFile()
    {
        QFETCH(QStringList, items);
        QFETCH(QString, expected);
        const QString p = path("bad.lfp");
        QFile::remove(p);
        QCOMPARE(lfp({ "generate", "example", "-o", p }).code, 0);
        const QByteArray before = readAll(p);
        Result r = lfp(QStringList { "set", p } + items);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(expected.toUtf8()), r.err.constData());
        QCOMPARE(readAll(p), before);
    }

    /// Issue 36 F7: `lfp convert --author` with an escape sequence is refused before anything is written.
    void authorWithControlsIsRefused()
    {
        const QString src = path("author-src.json"), dst = path("author.lfp");
        QFile::remove(dst);
        QCOMPARE(lfp({ "generate", "example", "-o", src }).code, 0);
        const Result r = lfp({ "convert", src, dst, "--author", "a\x1b[2Jb" });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--author"), r.err.constData());
        QVERIFY2(!r.err.contains('\x1b'), r.err.constData());
    }

    /// `rack=$'\xff'` (ill-formed UTF-8): exit 2 with the reader's message, not an internal JSON error
    /// (exit 3); `lfp add` with a control character in a name or rack is refused the same way.
    void editsRefuseIllFormedText()
    {
        const QString p = path("utf8.lfp");
        QCOMPARE(lfp({ "generate", "example", "-o", p }).code, 0);
        const QByteArray before = readAll(p);
        const QString cli = QStringLiteral(LFP_CLI_PATH);
        for (const QString& script : { QStringLiteral("\"$0\" set \"$1\" leaf1 rack=\"$(printf '\\377')\""),
                 QStringLiteral("\"$0\" add \"$1\" node \"$(printf 'leaf\\033[2J9')\""),
                 QStringLiteral("\"$0\" add \"$1\" node leaf9 --rack \"$(printf 'r\\n9')\""),
                 QStringLiteral("\"$0\" add \"$1\" port \"$(printf 'leaf1:Eth\\177')\"") }) {
            QProcess sh;
            sh.start(QStringLiteral("/bin/sh"), { QStringLiteral("-c"), script, cli, p });
            QVERIFY(sh.waitForFinished(60000));
            const QByteArray err = sh.readAllStandardError();
            QVERIFY2(sh.exitCode() == 2, qPrintable(script + ": " + QString::number(sh.exitCode()) + " " + QString::fromUtf8(err)));
            QVERIFY2(err.contains("the string"), err.constData());
            QCOMPARE(readAll(p), before);
        }
    }

    /// Identity (issue 30): a node whose name holds ':' (an InfiniBand node description) is edited
    /// through the quoted form; nodes, ports and policies are renamed with `name=`, links and bindings
    /// following, in one revision.
    void quotedNamesAndRenames()
    {
        const QString p = path("ib.lfp");
        QCOMPARE(lfp({ "generate", "example", "-o", p }).code, 0);
        Result r = lfp({ "add", p, "node", "MF0;sw:MQM8700/U1", "--role", "leaf", "--ports", "2", "--speed", "200G" });
        QVERIFY2(r.code == 0, r.err.constData());
        r = lfp({ "set", p, "\"MF0;sw:MQM8700/U1\"", "rack=ib-1", "--json" });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["changes"].toArray()[0].toObject()["object"].toString(), QStringLiteral("\"MF0;sw:MQM8700/U1\""));
        r = lfp({ "set", p, "\"MF0;sw:MQM8700/U1\":Ethernet0", "mtu=4200" });
        QVERIFY2(r.code == 0, r.err.constData());
        r = lfp({ "set", p, "node:\"MF0;sw:MQM8700/U1\"", "vendor=NVIDIA", "--json" }); // the prefixed quoted form
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["changes"].toArray()[0].toObject()["after"].toString(), QStringLiteral("NVIDIA"));
        // Renames: the node (its link follows), then a port, then the policy (bindings follow).
        r = lfp({ "set", p, "node:leaf1", "name=leaf-a", "rack=r-a", "--json" });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["changes"].toArray().size(), 2);
        QCOMPARE(lfp({ "set", p, "leaf-a:Ethernet0", "name=swp1" }).code, 0);
        QCOMPARE(lfp({ "set", p, "policy:roce-lossless", "name=rdma" }).code, 0);
        QCOMPARE(lfp({ "convert", p, path("ib.json") }).code, 0);
        const QByteArray text = readAll(path("ib.json"));
        QVERIFY(text.contains("\"leaf-a\""));
        QVERIFY(text.contains("\"swp1\""));
        QVERIFY(!text.contains("\"leaf1\""));
        QVERIFY(!text.contains("roce-lossless"));
        QVERIFY(text.contains("\"ib-1\""));
        // Refused: a taken name, exit 2, nothing saved.
        const QByteArray before = readAll(p);
        r = lfp({ "set", p, "leaf-a", "name=leaf2" });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("exists already"), r.err.constData());
        QCOMPARE(readAll(p), before);
    }

    void bindRoleAndOverridePort()
    {
        const QString p = path("bind.json");
        QCOMPARE(lfp({ "generate", "example", "-o", p }).code, 0);
        Result r = lfp({ "bind", p, "--role", "leaf", "--policy", "nope" });
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("no policy of that name"));
        r = lfp({ "bind", p, "--role", "leaf", "--unbind", "--json" });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["changes"].toArray().size(), 1);
        // Leaves without a policy: `lfp check` now warns about the unbound leaf ports.
        r = lfp({ "check", p, "--json" });
        QVERIFY(r.out.contains("leaf1"));
        const QString policy = readJson(p)["policies"].toArray()[0].toObject()["name"].toString();
        r = lfp({ "bind", p, "--role", "leaf", "--policy", policy, "--json" });
        QCOMPARE(r.code, 0);
        r = lfp({ "bind", p, "--port", "leaf1:Ethernet0", "--policy", policy, "--json" });
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json()["changes"].toArray()[0].toObject()["object"].toString(), QStringLiteral("leaf1:Ethernet0"));
        r = lfp({ "bind", p, "--port", "leaf1", "--policy", policy });
        QCOMPARE(r.code, 2);
    }

    void generateValidatesTheAsic()
    {
        Result r = lfp({ "generate", "leaf-spine", "--spines", "1", "--leaves", "1", "--hosts-per-leaf", "1", "--asic", "spectrum4" });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("did you mean spectrum-4"), r.err.constData());
        const QString p = path("sp4.json");
        r = lfp({ "generate", "leaf-spine", "--spines", "1", "--leaves", "1", "--hosts-per-leaf", "1", "--asic", "spectrum-4", "-o", p });
        QCOMPARE(r.code, 0);
        for (const auto& n : readJson(p)["nodes"].toArray()) {
            const QJsonObject o = n.toObject();
            if (o["role"].toString() == QStringLiteral("host"))
                continue;
            QCOMPARE(o["asic"].toString(), QStringLiteral("spectrum-4"));
            QVERIFY2(o["model"].toString().startsWith(QStringLiteral("SN5")), qPrintable(o["model"].toString())); // not the SN4700
        }
        // An explicit model stays.
        r = lfp({ "generate", "leaf-spine", "--spines", "1", "--leaves", "1", "--hosts-per-leaf", "1", "--asic", "spectrum-4",
            "--switch-model", "SN5600", "-o", p });
        QCOMPARE(r.code, 0);
        QVERIFY(readAll(p).contains("\"SN5600\""));
    }

    // lfp set policy:NAME FIELD=VALUE: the policy fields of model/policyfields.h, one revision; bad values exit 2.
    void setPolicyFields()
    {
        const QString p = path("policy.lfp");
        QCOMPARE(lfp({ "generate", "example", "-o", p }).code, 0);
        Result r = lfp({ "set", p, "policy:roce-lossless", "lossless=4,3", "ecn.kmin=200KB", "ecn.pmax=0.2", "ets.3=60", "ets.0=40",
            "pfc_watchdog.detection=400us", "dscp.34=4", "nic.pfc=3,4", "-m", "two lossless classes", "--json" });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["revision"].toInt(), 2);
        const QJsonArray changes = r.json()["changes"].toArray();
        QCOMPARE(changes.size(), 8);
        QCOMPARE(changes[0].toObject()["object"].toString(), QStringLiteral("policy:roce-lossless"));
        QCOMPARE(changes[0].toObject()["before"].toString(), QStringLiteral("3"));
        QCOMPARE(changes[0].toObject()["after"].toString(), QStringLiteral("3,4")); // ascending
        QCOMPARE(changes[1].toObject()["after"].toString(), QStringLiteral("200000"));
        QCOMPARE(lfp({ "convert", p, path("policy-out.json") }).code, 0);
        const QJsonObject pol = readJson(path("policy-out.json"))["policies"].toArray()[0].toObject();
        QCOMPARE(pol["lossless"].toArray().size(), 2);
        QCOMPARE(pol["ecn"].toArray()[0].toObject()["kmin"].toInt(), 200000);
        QCOMPARE(pol["ecn"].toArray()[0].toObject()["pmax"].toDouble(), 0.2);
        QCOMPARE(pol["pfc_watchdog"].toObject()["detection"].toString(), QStringLiteral("400us"));
        QCOMPARE(pol["dscp_to_tc"].toObject()["34"].toInt(), 4);
        QCOMPARE(pol["nic"].toObject()["pfc"].toArray().size(), 2);
        // ETS 60 + 40 = 100 %: no LFP-ETS-WEIGHTS-SUM; the NICs agree with the switches: no PFC mismatch.
        r = lfp({ "check", path("policy-out.json"), "--json" });
        QVERIFY(!r.out.contains("LFP-ETS-WEIGHTS-SUM"));
        QVERIFY(!r.out.contains("LFP-NIC-PFC-MISMATCH"));
        // An ETS sum of 110 % is accepted by set and reported by check.
        QCOMPARE(lfp({ "set", path("policy-out.json"), "policy:roce-lossless", "ets.0=50" }).code, 0);
        r = lfp({ "check", path("policy-out.json"), "--json" });
        QVERIFY(r.out.contains("LFP-ETS-WEIGHTS-SUM"));
        const QByteArray before = readAll(p);
        const QList<QPair<QStringList, QByteArray>> bad = {
            { { "policy:roce-lossless", "lossless=3,9" }, "expected PFC priorities" },
            { { "policy:roce-lossless", "lossless=3,3" }, "expected PFC priorities" },
            { { "policy:roce-lossless", "dscp.64=1" }, "no field \"dscp.64\"" },
            { { "policy:roce-lossless", "ecn.pmax=1.5" }, "ecn.pmax" },
            { { "policy:roce-lossless", "ecn.kmin=lots" }, "ecn.kmin" },
            { { "policy:roce-lossless", "pfc_watchdog.action=panic" }, "drop|forward|alert" },
            { { "policy:nope", "lossless=3" }, "no policy named \"nope\"" },
        };
        for (const auto& [args, msg] : bad) {
            r = lfp(QStringList { "set", p } + args);
            QVERIFY2(r.code == 2, qPrintable(args.join(' ')));
            QVERIFY2(r.err.contains(msg), r.err.constData());
        }
        QCOMPARE(readAll(p), before);
    }

    void generatePolicyOptions()
    {
        const QString p = path("two.json");
        Result r = lfp({ "generate", "leaf-spine", "--spines", "2", "--leaves", "2", "--hosts-per-leaf", "2", "--lossless", "3,4",
            "--roce-dscp", "26,34", "--cnp-dscp", "46", "--ecn", "100KB,1MB,5%", "-o", p });
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject pol = readJson(p)["policies"].toArray()[0].toObject();
        QCOMPARE(pol["lossless"].toArray().size(), 2);
        QCOMPARE(pol["lossless"].toArray()[1].toInt(), 4);
        QCOMPARE(pol["cnp"].toObject()["dscp"].toInt(), 46);
        QCOMPARE(pol["ecn"].toArray()[0].toObject()["pmax"].toDouble(), 0.05);
        // Both lossless priorities are on the wire: check gives no error on the generated plan.
        r = lfp({ "check", p, "--json" });
        QVERIFY2(r.code == 0, r.out.constData());
        // Bad combinations are refused, naming the value.
        const QList<QPair<QStringList, QByteArray>> bad = {
            { { "--lossless", "3,6" }, "CNP priority 6 is lossless" },
            { { "--lossless", "3,4", "--roce-dscp", "26" }, "one DSCP per lossless priority" },
            { { "--lossless", "3,x" }, "not a whole number" },
            { { "--ecn", "1MB,100KB,5%" }, "Kmin must be below Kmax" },
            { { "--ecn", "1,2" }, "Kmin,Kmax,Pmax" },
            { { "--roce-dscp", "70" }, "outside 0..63" },
        };
        for (const auto& [args, msg] : bad) {
            r = lfp(QStringList { "generate", "leaf-spine", "--spines", "1", "--leaves", "1", "--hosts-per-leaf", "1" } + args);
            QVERIFY2(r.code == 2, qPrintable(args.join(' ')));
            QVERIFY2(r.err.contains(msg), r.err.constData());
        }
    }

    // Buffer settings are typed fields: set, read back through the JSON, refused when malformed.
    void setBufferSettings()
    {
        const QString p = path("buffer.lfp");
        QCOMPARE(lfp({ "generate", "example", "-o", p }).code, 0);
        Result r = lfp({ "set", p, "leaf1", "buffer.over_subscribe_ratio=2", "buffer.max_headroom_size=300KiB", "--json" });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["changes"].toArray()[1].toObject()["after"].toString(), QStringLiteral("307200"));
        r = lfp({ "convert", p, path("buffer.json") });
        QCOMPARE(r.code, 0);
        const QByteArray text = readAll(path("buffer.json"));
        QVERIFY(text.contains("\"buffer.over_subscribe_ratio\":\"2\""));
        r = lfp({ "set", p, "leaf1", "buffer.dynamic_th=12" });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("buffer.dynamic_th") && r.err.contains("-8..7"), r.err.constData());
    }

    // lfp find: the CLI twin of Ctrl+F.
    void findDevicesAndPorts()
    {
        const QString p = path("find.json");
        QCOMPARE(lfp({ "generate", "example", "-o", p }).code, 0);
        Result r = lfp({ "find", p, "leaf1:Eth", "--json" });
        QCOMPARE(r.code, 0);
        QVERIFY(r.json()["total"].toInt() > 1);
        QCOMPARE(r.json()["objects"].toArray()[0].toObject()["kind"].toString(), QStringLiteral("port"));
        r = lfp({ "find", p, "spine" });
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith("spine1\n"));
        r = lfp({ "find", p, "nosuch" });
        QCOMPARE(r.code, 1);
    }

    // lfp recovery: the unsaved edits a crashed lfp-planner left (document/autosave.h).
    void recoveryListRestoreDiscard()
    {
        const QString rec = path("recovery");
        QDir().mkpath(rec);
        qputenv("LFP_RECOVERY_DIR", rec.toUtf8());
        const QString p = path("crashed.lfp");
        QCOMPARE(lfp({ "generate", "example", "-o", p }).code, 0);
        // What a crashed planner leaves: the edited fabric and its meta file, written by a process
        // that no longer runs.
        QProcess gone;
        gone.start(QStringLiteral("true"));
        QVERIFY(gone.waitForFinished());
        const qint64 deadPid = gone.processId() ? gone.processId() : 999999;
        QCOMPARE(lfp({ "convert", p, rec + "/crashed-0123456789abcdef.json" }).code, 0);
        QByteArray fabric = readAll(rec + "/crashed-0123456789abcdef.json");
        fabric.replace("\"length\":\"2m\"", "\"length\":\"9m\"");
        QFile f(rec + "/crashed-0123456789abcdef.json");
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(fabric);
        f.close();
        auto writeMeta = [&](qint64 pid) {
            QFile m(rec + "/crashed-0123456789abcdef.meta.json");
            QVERIFY(m.open(QIODevice::WriteOnly | QIODevice::Truncate));
            m.write(QJsonDocument(QJsonObject { { "format", "lfp-recovery" }, { "version", 1 }, { "project", p }, { "pid", double(pid) },
                                      { "saved_at", "2026-12-02T01:00:00Z" }, { "edits", 3 }, { "base_revision", 1 } })
                        .toJson());
        };
        writeMeta(QCoreApplication::applicationPid()); // a running process: not offered
        Result r = lfp({ "recovery", "list", "--json" });
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json()["recoveries"].toArray().size(), 0);
        writeMeta(deadPid);
        r = lfp({ "recovery", "list", "--json" });
        QCOMPARE(r.code, 0);
        const QJsonArray list = r.json()["recoveries"].toArray();
        QCOMPARE(list.size(), 1);
        QCOMPARE(list[0].toObject()["key"].toString(), QStringLiteral("crashed-0123456789abcdef"));
        QCOMPARE(list[0].toObject()["edits"].toInt(), 3);
        QCOMPARE(list[0].toObject()["base_revision"].toInt(), 1);
        QCOMPARE(lfp({ "recovery", "restore", "nosuch" }).code, 2);
        // The project changed since the edits began (revision 2 exists): restoring onto it is refused.
        QCOMPARE(lfp({ "set", p, "link:leaf1:Ethernet0", "length=3m" }).code, 0);
        r = lfp({ "recovery", "restore", "crashed-0123456789abcdef" });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("changed since"), r.err.constData());
        // Elsewhere it can be written; the recovery is then consumed.
        r = lfp({ "recovery", "restore", "crashed-0123456789abcdef", "-o", path("recovered.json"), "--json" });
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(readAll(path("recovered.json")).contains("\"length\":\"9m\""));
        QCOMPARE(lfp({ "recovery", "list", "--json" }).json()["recoveries"].toArray().size(), 0);
        qunsetenv("LFP_RECOVERY_DIR");
    }
    // lfp add / lfp remove: through the document's commands, one revision each; remove names what it took.
    void addAndRemoveNodesPortsAndLinks()
    {
        const QString p = path("add.lfp");
        QCOMPARE(lfp({ "generate", "example", "-o", p }).code, 0);
        QCOMPARE(lfp({ "convert", p, path("add-orig.json") }).code, 0);
        Result r = lfp({ "add", p, "node", "leaf9", "--role", "leaf", "--ports", "4", "--speed", "400G", "--rack", "r9", "-m", "new leaf", "--json" });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["revision"].toInt(), 2);
        QCOMPARE(r.json()["added"].toArray().at(0).toString(), QStringLiteral("switch leaf9 (4 ports)"));
        r = lfp({ "add", p, "port", "spine1:Ethernet400", "--json" });
        QVERIFY2(r.code == 0, r.err.constData());
        r = lfp({ "add", p, "link", "leaf9:Ethernet4", "spine1:Ethernet400", "--length", "30m", "--medium", "fibre" });
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.out.contains("saved to"));
        QCOMPARE(lfp({ "convert", p, path("add-3.json") }).code, 0);
        const QJsonObject f = readJson(path("add-3.json"));
        bool found = false;
        for (const auto& l : f["links"].toArray())
            found |= l.toObject()["a"].toObject()["node"].toString() == QStringLiteral("leaf9");
        QVERIFY(found);
        // Refused: a taken name, a port on a link already, an option of another kind, a bad speed (exit 2).
        QCOMPARE(lfp({ "add", p, "node", "leaf1" }).code, 2);
        r = lfp({ "add", p, "link", "leaf1:Ethernet0", "spine2:Ethernet400" });
        QCOMPARE(r.code, 2);
        QCOMPARE(lfp({ "add", p, "port", "leaf1:Ethernet99", "--length", "3m" }).code, 2);
        QCOMPARE(lfp({ "add", p, "port", "leaf1:Ethernet99", "--speed", "fast" }).code, 2);
        QCOMPARE(lfp({ "remove", p, "nosuch" }).code, 2);
        // Removing the new leaf takes its link; removing the new port too: back to the original fabric.
        r = lfp({ "remove", p, "leaf9", "spine1:Ethernet400", "-m", "undo the leaf", "--json" });
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonArray removed = r.json()["removed"].toArray();
        QCOMPARE(removed.size(), 3);
        // In fabric order: nodes and ports first (spine1 before the appended leaf9), then the links.
        QCOMPARE(removed[0].toString(), QStringLiteral("port spine1:Ethernet400"));
        QCOMPARE(removed[1].toString(), QStringLiteral("node leaf9 (4 ports)"));
        QVERIFY(removed[2].toString().startsWith(QStringLiteral("link leaf9:Ethernet4")));
        QCOMPARE(lfp({ "convert", p, path("add-end.json") }).code, 0);
        QCOMPARE(readAll(path("add-end.json")), readAll(path("add-orig.json")));
        // --dry-run lists what a removal would take and saves nothing.
        r = lfp({ "remove", p, "leaf1", "--dry-run" });
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("removed link leaf1:Ethernet0"));
        QVERIFY(r.out.contains("not saved"));
        r = lfp({ "revisions", p, "--json" });
        QVERIFY(r.out.contains("undo the leaf"));
    }

};

QTEST_GUILESS_MAIN(TestEditCli)
#include "tst_edit_cli.moc"
