// SPDX-License-Identifier: GPL-3.0-or-later
// `lfp import`, `lfp formats`, `lfp drift` as scripts call them: exit codes, JSON keys, files untouched
// when nothing is to be written.
#include "tests/common/clirun.h"
#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#ifndef Q_MOC_RUN
#include "model/fabricjson.h"
#include "model/qos.h"
#endif

namespace {

using Result = lfptest::CliResult;

Result runLfp(const QStringList& args) { return lfptest::runLfp(args); }

QString data(const QString& rel) { return QStringLiteral(LFP_IMPORT_DATA_DIR) + "/" + rel; }

QByteArray hashOf(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256) : QByteArray();
}

QStringList lldpFiles()
{
    QStringList l;
    for (const char* d : { "spine01", "leaf01", "leaf02", "host01", "host02" })
        l << data(QString("lldp/%1.json0").arg(d));
    return l;
}

} // namespace

class TestImportCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString path(const QString& n) const { return m_dir.filePath(n); }

private slots:
    void formats()
    {
        const Result r = runLfp({ "formats", "--json" });
        QCOMPARE(r.code, 0);
        QStringList ids;
        for (const auto& v : r.json()["formats"].toArray())
            ids << v.toObject()["id"].toString();
        QCOMPARE(ids, (QStringList { "ibnetdiscover", "ibnd-cache", "verbs", "lldp", "sonic", "netbox", "csv", "graphml", "clab" }));
        QCOMPARE(runLfp({ "formats" }).code, 0);
        QCOMPARE(runLfp({ "import", "--help" }).code, 0);
        QCOMPARE(runLfp({ "drift", "--help" }).code, 0);
    }

    void importPrintsAndWrites()
    {
        const Result r = runLfp({ "import", "ibnetdiscover", data("ibnetdiscover/fabric.txt"), "--json" });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["summary"].toObject()["links"].toInt(), 8);
        QVERIFY(r.json()["fabric"].toObject()["nodes"].isArray());
        const Result t = runLfp({ "import", "lldp", data("lldp/spine01.json0"), data("lldp/leaf01.json0") });
        QCOMPARE(t.code, 0);
        QVERIFY2(t.out.contains("link spine01:swp1 -- leaf01:swp51"), t.out.constData());
        const Result w = runLfp({ "import", "csv", data("csv/cabling.csv"), "-o", path("plan.lfp"), "-m", "cabling plan" });
        QVERIFY2(w.code == 0, w.err.constData());
        QVERIFY(w.out.contains("revision 1"));
        const Result v = runLfp({ "import", "verbs", "--json" });
        QCOMPARE(v.code, 0);
    }

    void badInputIsExit2AndWritesNothing()
    {
        QFile f(path("bad.csv"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("a_device,a_port,b_device,b_port,speed\nx,1,y,2,fast\n");
        f.close();
        QVERIFY(runLfp({ "import", "csv", data("csv/cabling.csv"), "-o", path("p2.lfp") }).code == 0);
        const QByteArray before = hashOf(path("p2.lfp"));
        const Result r = runLfp({ "import", "csv", path("bad.csv"), "-o", path("p2.lfp"), "--merge", "--take", "incoming" });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("bad.csv:2:9: found \"fast\", expected a speed"), r.err.constData());
        QCOMPARE(hashOf(path("p2.lfp")), before);
        QCOMPARE(runLfp({ "import", "nosuchformat", path("bad.csv") }).code, 2);
    }

    void mergeConflictsWriteNothingUntilResolved()
    {
        QVERIFY(runLfp({ "import", "csv", data("csv/cabling-miscabled.csv"), "-o", path("mis.lfp") }).code == 0);
        const QByteArray before = hashOf(path("mis.lfp"));
        Result r = runLfp(QStringList { "import", "lldp" } + lldpFiles() + QStringList { "-o", path("mis.lfp"), "--merge", "--json" });
        QCOMPARE(r.code, 1);
        const QJsonObject m = r.json()["merge"].toObject();
        QCOMPARE(m["conflicts"].toArray().size(), 2);
        QStringList ports;
        for (const auto& p : m["conflicting_ports"].toArray())
            ports << p.toString();
        QCOMPARE(ports, (QStringList { "host01:eth0", "host02:eth0", "leaf01:swp1", "leaf01:swp2" }));
        QCOMPARE(r.json()["written"].toBool(), false);
        QCOMPARE(hashOf(path("mis.lfp")), before);
        // Resolve one by one.
        const QString id0 = m["conflicts"].toArray()[0].toObject()["id"].toString();
        r = runLfp(QStringList { "import", "lldp" } + lldpFiles() + QStringList { "-o", path("mis.lfp"), "--merge", "--choose", id0 + "=incoming" });
        QCOMPARE(r.code, 1); // the second conflict is still open
        QCOMPARE(hashOf(path("mis.lfp")), before);
        r = runLfp(QStringList { "import", "lldp" } + lldpFiles() + QStringList { "-o", path("mis.lfp"), "--merge", "--take", "incoming", "-m", "as cabled" });
        QVERIFY2(r.code == 0, r.out.constData());
        QVERIFY(hashOf(path("mis.lfp")) != before);
        r = runLfp({ "revisions", path("mis.lfp"), "--json" });
        QCOMPARE(r.json()["revisions"].toArray().size(), 2);
        // The same sources agree now.
        r = runLfp(QStringList { "import", "lldp" } + lldpFiles() + QStringList { "-o", path("mis.lfp"), "--merge", "--dry-run", "--json" });
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json()["merge"].toObject()["conflicts"].toArray().size(), 0);
    }

    void drift()
    {
        // The plan: leaf01 as the config says, with LFP's default RoCE policy on every role.
        Result r = runLfp({ "import", "sonic", data("sonic/leaf01.config_db.json"), "-o", path("leaf.json") });
        QVERIFY2(r.code == 0, r.err.constData());
        lfp::Fabric plan = lfp::readFabricJson(path("leaf.json").toStdString());
        plan.policies = { lfp::defaultRocePolicy() };
        plan.overrides.clear();
        plan.bindings = { { lfp::Role::Leaf, "roce-lossless" }, { lfp::Role::Spine, "roce-lossless" }, { lfp::Role::Host, "roce-lossless" } };
        lfp::writeFabricJson(plan, path("plan.json").toStdString());
        r = runLfp({ "drift", path("plan.json"), data("sonic/leaf01.config_db.json") });
        QVERIFY2(r.code == 0, r.out.constData());
        QVERIFY(r.out.contains("matches the plan"));
        r = runLfp({ "drift", path("plan.json"), data("sonic/leaf01-drift.config_db.json"), "--json" });
        QCOMPARE(r.code, 1);
        QStringList codes;
        for (const auto& f : r.json()["findings"].toArray())
            codes << f.toObject()["code"].toString();
        QCOMPARE(codes, (QStringList { "LFP-DRIFT-DSCP-MAP", "LFP-DRIFT-LOSSLESS-PG-MISSING" }));
        QCOMPARE(r.json()["summary"].toObject()["errors"].toInt(), 2);
        r = runLfp({ "drift", path("plan.json"), data("csv/cabling.csv") });
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("cabling.csv:1:1: malformed JSON"));
    }
};

QTEST_GUILESS_MAIN(TestImportCli)
#include "tst_import_cli.moc"
