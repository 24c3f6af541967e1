// SPDX-License-Identifier: GPL-3.0-or-later
// `lfp export` as scripts call it: the manifest contract, exit codes, hostile names refused with
// nothing written, the SONiC round trip through `lfp import sonic` and `lfp drift`, and --base.
#include "tests/common/clirun.h"
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#ifndef Q_MOC_RUN
#include "model/fabricjson.h"
#include "model/projectstore.h"
#include "model/qos.h"
#endif

namespace {

using Result = lfptest::CliResult;

Result runLfp(const QStringList& args) { return lfptest::runLfp(args); }

QByteArray fileSha(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex() : QByteArray();
}

} // namespace

class TestExportCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString path(const QString& n) const { return m_dir.filePath(n); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QCOMPARE(runLfp({ "generate", "example", "-o", path("ex.lfp") }).code, 0);
        QCOMPARE(runLfp({ "convert", path("ex.lfp"), path("ex.json") }).code, 0);
    }

    void manifestContract()
    {
        const Result r = runLfp({ "export", path("ex.lfp"), "--vendor", "sonic", "-o", path("sonic"), "--json" });
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject m = r.json();
        QCOMPARE(m["vendor"].toString(), QString("sonic"));
        QCOMPARE(m["revision"].toInt(), 1);
        QVERIFY(m["findings"].isArray());
        const QJsonArray files = m["files"].toArray();
        QCOMPARE(files.size(), 6); // 2 spines + 4 leaves
        for (const auto& v : files) {
            const QJsonObject f = v.toObject();
            QVERIFY(!f["device"].toString().isEmpty());
            QCOMPARE(f["path"].toString(), f["device"].toString() + ".json");
            QCOMPARE(f["sha256"].toString().toLatin1(), fileSha(path("sonic/") + f["path"].toString()));
        }
        // DIR/manifest.json is the same manifest.
        QFile mf(path("sonic/manifest.json"));
        QVERIFY(mf.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(mf.readAll()).object(), m);
        // A fabric .json works too; revision is null.
        const Result j = runLfp({ "export", path("ex.json"), "--vendor", "eos", "--role", "spine", "-o", path("eos"), "--json" });
        QVERIFY2(j.code == 0, j.err.constData());
        QVERIFY(j.json()["revision"].isNull());
        QCOMPARE(j.json()["files"].toArray().size(), 2);
        // --device selects; a host for a switch target is a usage error.
        const Result d = runLfp({ "export", path("ex.lfp"), "--vendor", "linux", "--device", "gpu01", "--device", "gpu02", "-o", path("hosts"), "--json" });
        QVERIFY2(d.code == 0, d.err.constData());
        QCOMPARE(d.json()["files"].toArray().size(), 2);
        QCOMPARE(runLfp({ "export", path("ex.lfp"), "--vendor", "sonic", "--device", "gpu01", "-o", path("x") }).code, 2);
        QCOMPARE(runLfp({ "export", path("ex.lfp"), "--vendor", "sonic", "--device", "nope", "-o", path("x") }).code, 2);
        QVERIFY(!QDir(path("x")).exists());
        QCOMPARE(runLfp({ "export", path("ex.lfp"), "--vendor", "cisco", "-o", path("x") }).code, 2);
        // Every target the issue names is built: nvue, junos and huawei write one file set per switch.
        for (const char* vendor : { "nvue", "junos", "huawei" }) {
            const Result v = runLfp({ "export", path("ex.lfp"), "--vendor", vendor, "-o", path(QString("v-%1").arg(vendor)), "--json" });
            QVERIFY2(v.code == 0, (QByteArray(vendor) + ": " + v.err).constData());
            QVERIFY(!v.err.contains("not built"));
            const QJsonObject vm = QJsonDocument::fromJson(v.out).object();
            QCOMPARE(vm["vendor"].toString(), QString(vendor));
            QCOMPARE(vm["files"].toArray().size(), QString(vendor) == "nvue" ? 12 : 6); // 6 switches; NVUE: commands + startup.yaml
            QVERIFY(QFile::exists(path(QString("v-%1/manifest.json").arg(vendor))));
        }
    }

    static void writeText(const QString& file, const std::string& text)
    {
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(text.data(), static_cast<qint64>(text.size()));
    }

    void hostileNamesExitTwoAndWriteNothing()
    {
        lfp::Fabric f = lfp::loadFabricFile(path("ex.json").toStdString());
        for (auto& n : f.nodes)
            if (n.name == "leaf1")
                n.name = "leaf1\nreload";
        for (auto& l : f.links) {
            if (l.a.node == "leaf1")
                l.a.node = "leaf1\nreload";
            if (l.b.node == "leaf1")
                l.b.node = "leaf1\nreload";
        }
        // A hostile file, as someone else wrote it: writeFabricJson refuses to write what the readers refuse.
        writeText(path("bad.json"), lfp::fabricToJsonText(f));
        for (const char* vendor : { "sonic", "nvue", "eos", "nxos", "junos", "huawei", "linux" }) {
            const QString out = path(QString("bad-%1").arg(vendor));
            const Result r = runLfp({ "export", path("bad.json"), "--vendor", vendor, "-o", out });
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains("leaf1\\nreload") && r.err.contains("newline"), r.err.constData());
            QVERIFY2(!QDir(out).exists(), vendor);
        }
        // A policy named x;reboot.
        lfp::Fabric g = lfp::loadFabricFile(path("ex.json").toStdString());
        for (auto& p : g.policies)
            p.name = "x;reboot";
        for (auto& b : g.bindings)
            b.policy = "x;reboot";
        writeText(path("badpol.json"), lfp::fabricToJsonText(g));
        for (const char* vendor : { "sonic", "nvue", "eos", "nxos", "junos", "huawei", "linux" }) {
            const Result r = runLfp({ "export", path("badpol.json"), "--vendor", vendor, "-o", path("badpol") });
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains("x;reboot") && r.err.contains("';'"), r.err.constData());
        }
        QVERIFY(!QDir(path("badpol")).exists());
    }

    void errorFindingExitsOneAndStillWrites()
    {
        // EOS has one global DSCP map: a port override with another DSCP map is an error finding.
        lfp::Fabric f = lfp::loadFabricFile(path("ex.json").toStdString());
        lfp::QosPolicy other = f.policies.front();
        other.name = "other-map";
        other.dscpToTc[24] = 3;
        f.policies.push_back(other);
        f.overrides.push_back({ { "leaf1", "Ethernet0" }, "other-map" });
        lfp::writeFabricJson(f, path("twomaps.json").toStdString());
        const Result r = runLfp({ "export", path("twomaps.json"), "--vendor", "eos", "--device", "leaf1", "-o", path("twomaps"), "--json" });
        QCOMPARE(r.code, 1);
        bool error = false;
        for (const auto& v : r.json()["findings"].toArray())
            error |= v.toObject()["severity"].toString() == "error" && v.toObject()["code"].toString() == "LFP-EXPORT-NOT-EXPRESSIBLE";
        QVERIFY(error);
        QVERIFY(QFile::exists(path("twomaps/leaf1.eos.cfg")));
        QVERIFY(QFile::exists(path("twomaps/manifest.json")));
    }

    void existingFilesLeftAlone()
    {
        QDir().mkpath(path("keep"));
        QFile mine(path("keep/README.txt"));
        QVERIFY(mine.open(QIODevice::WriteOnly));
        mine.write("not lfp's");
        mine.close();
        QCOMPARE(runLfp({ "export", path("ex.lfp"), "--vendor", "nxos", "-o", path("keep") }).code, 0);
        QVERIFY(QFile::exists(path("keep/README.txt")));
        QVERIFY(QFile::exists(path("keep/leaf1.nxos.cfg")));
        const QByteArray first = fileSha(path("keep/leaf1.nxos.cfg"));
        QCOMPARE(runLfp({ "export", path("ex.lfp"), "--vendor", "nxos", "-o", path("keep") }).code, 0);
        QCOMPARE(fileSha(path("keep/leaf1.nxos.cfg")), first); // same plan, same bytes
    }

    void sonicRoundTripThroughImportAndDrift()
    {
        QCOMPARE(runLfp({ "export", path("ex.lfp"), "--vendor", "sonic", "-o", path("rt") }).code, 0);
        QStringList files;
        for (const auto& e : QDir(path("rt")).entryList({ "*.json" }, QDir::Files, QDir::Name))
            if (e != "manifest.json")
                files << path("rt/") + e;
        QCOMPARE(files.size(), 6);
        const Result imp = runLfp(QStringList { "import", "sonic" } + files + QStringList { "-o", path("running.json") });
        QVERIFY2(imp.code == 0, imp.err.constData());
        const Result drift = runLfp(QStringList { "drift", path("ex.lfp") } + files + QStringList { "--json" });
        QVERIFY2(drift.code == 0, drift.out.constData());
        QVERIFY2(drift.json()["findings"].toArray().isEmpty(), drift.out.constData());
    }

    void baseRevisionDelta()
    {
        lfp::Fabric f = lfp::loadFabricFile(path("ex.lfp").toStdString());
        for (auto& p : f.policies)
            p.losslessPriorities = { 3, 4 };
        lfp::saveFabricFile(f, path("ex.lfp").toStdString(), "PFC on 3 and 4", "test");
        const Result r = runLfp({ "export", path("ex.lfp"), "--vendor", "sonic", "--base", "1", "--device", "leaf1", "-o", path("delta"), "--json" });
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject m = r.json();
        QCOMPARE(m["revision"].toInt(), 2);
        QCOMPARE(m["base_revision"].toInt(), 1);
        const QJsonArray delta = m["delta"].toArray();
        QCOMPARE(delta.size(), 1);
        const QJsonObject d = delta.first().toObject();
        QCOMPARE(d["device"].toString(), QString("leaf1"));
        QVERIFY(d["disruptive"].toBool());
        QVERIFY(d["diff"].toString().contains("+      \"pfc_enable\": \"3,4\""));
        bool pfc = false;
        for (const auto& c : d["commands"].toArray()) {
            const QJsonObject o = c.toObject();
            if (o["command"].toString().contains("'pfc_enable' '3,4'")) {
                pfc = true;
                QVERIFY(o["disruptive"].toBool());
                QVERIFY(!o["reason"].toString().isEmpty());
            }
        }
        QVERIFY(pfc);
        // Text form names the disruption; --base on a .json is a usage error.
        const Result t = runLfp({ "export", path("ex.lfp"), "--vendor", "eos", "--base", "1", "--device", "leaf1", "-o", path("delta-eos") });
        QVERIFY2(t.code == 0, t.err.constData());
        QVERIFY(t.out.contains("disruptive"));
        QCOMPARE(runLfp({ "export", path("ex.json"), "--vendor", "sonic", "--base", "1", "-o", path("y") }).code, 2);
    }
};

QTEST_GUILESS_MAIN(TestExportCli)
#include "tst_export_cli.moc"
