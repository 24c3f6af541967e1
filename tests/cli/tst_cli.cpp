// SPDX-License-Identifier: GPL-3.0-or-later
// The `lfp` command line as scripts call it: commands, JSON keys and exit codes are contracts.
#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

namespace {

struct Result {
    int code = -1;
    QByteArray out;
    QByteArray err;
    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
};

Result lfp(const QStringList& args, const QString& cwd = {})
{
    QProcess p;
    if (!cwd.isEmpty())
        p.setWorkingDirectory(cwd);
    p.start(QStringLiteral(LFP_CLI_PATH), args);
    if (!p.waitForFinished(120000))
        return {};
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, p.readAllStandardOutput(), p.readAllStandardError() };
}

QByteArray hashOf(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256) : QByteArray();
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString& path, const QByteArray& data)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(data);
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }

private slots:
    // One number rule in every command's --json (planner/reportjson.h): a whole number is an integer.
    void jsonNumbersAreIntegersInEveryCommand()
    {
        const QString src = QStringLiteral(LFP_SOURCE_DIR);
        QCOMPARE(lfp({ "generate", "example", "-o", path("num-example.json") }).code, 0);
        // The plan for drift: the SONiC config's own fabric with the default policy on every role.
        QCOMPARE(lfp({ "import", "sonic", src + "/tests/data/sonic/leaf01.config_db.json", "-o", path("num-leaf.json") }).code, 0);
        const QList<QStringList> commands = {
            { "check", src + "/tests/planner/link-speed-fec-mismatch/fabric.json", "--json" },
            { "check", src + "/tests/planner/buf-overcommitted/fabric.json", "--json" },
            { "budget", src + "/tests/planner/buf-overcommitted/fabric.json", "--json" },
            { "budget", path("num-example.json"), "--json" },
            { "headroom", "--asic", "spectrum-3", "--speed", "400G", "--cable", "40m", "--json" },
            { "ecn", "--speed", "400G", "--json" },
            { "drift", path("num-leaf.json"), src + "/tests/data/sonic/leaf01-drift.config_db.json", "--json" },
            { "deadlock", path("num-example.json"), "--json" },
            { "info", path("num-example.json"), "--json" },
            { "asics", "--json" },
        };
        // Outside strings, "123.0" is a whole number written as a double.
        const QRegularExpression strings(QStringLiteral("\"(?:[^\"\\\\]|\\\\.)*\""));
        const QRegularExpression wholeDouble(QStringLiteral("(?<![\\d.])-?\\d+\\.0(?![\\d])"));
        for (const auto& args : commands) {
            const Result r = lfp(args);
            QVERIFY2(r.code == 0 || r.code == 1, qPrintable(args.join(' ') + ": " + QString::fromUtf8(r.err)));
            QVERIFY2(!r.out.isEmpty(), qPrintable(args.join(' ')));
            QString text = QString::fromUtf8(r.out);
            text.replace(strings, QStringLiteral("\"\""));
            const auto m = wholeDouble.match(text);
            QVERIFY2(!m.hasMatch(), qPrintable(args.join(' ') + ": whole number written as a double: " + m.captured(0) + " near " + text.mid(std::max(0, int(m.capturedStart()) - 60), 120)));
        }
    }

    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const Result r = lfp({ "generate", "example", "-o", path("example.json") });
        QVERIFY2(r.code == 0, r.err.constData());
    }

    void help_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("lfp") << QStringList { "--help" };
        for (const char* c : { "info", "convert", "revisions", "diff", "generate" })
            QTest::newRow(c) << QStringList { c, "--help" };
        QTest::newRow("generate fat-tree") << QStringList { "generate", "fat-tree", "--help" };
    }
    void help()
    {
        QFETCH(QStringList, args);
        const Result r = lfp(args);
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("Usage"));
    }

    void usageErrorsExit2()
    {
        Result r = lfp({});
        QCOMPARE(r.code, 2);
        r = lfp({ "no-such-command" });
        QCOMPARE(r.code, 2);
        r = lfp({ "info" }); // FILE missing
        QCOMPARE(r.code, 2);
        QVERIFY(!r.err.isEmpty());
    }

    void infoJsonCounts()
    {
        const Result r = lfp({ "info", path("example.json"), "--json" });
        QCOMPARE(r.code, 0);
        const QJsonObject j = r.json();
        QCOMPARE(j["nodes"].toInt(), 22);
        QCOMPARE(j["switches"].toInt(), 6);
        QCOMPARE(j["hosts"].toInt(), 16);
        QCOMPARE(j["ports"].toInt(), 48);
        QCOMPARE(j["links"].toInt(), 24);
    }

    void convertRoundTrip()
    {
        // lfp convert example.json x.lfp && lfp convert x.lfp y.json gives back the same fabric.
        QCOMPARE(lfp({ "convert", path("example.json"), path("x.lfp") }).code, 0);
        QCOMPARE(lfp({ "convert", path("x.lfp"), path("y.json") }).code, 0);
        QCOMPARE(readAll(path("y.json")), readAll(path("example.json")));
        const Result r = lfp({ "info", path("x.lfp"), "--json" });
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json()["links"].toInt(), 24);
        QCOMPARE(r.json()["revision"].toInt(), 1);
    }

    void revisionsAndDiff()
    {
        const QString proj = path("rev.lfp");
        QCOMPARE(lfp({ "convert", path("example.json"), proj, "-m", "initial plan" }).code, 0);
        // Second revision: change one port speed and one cable length.
        QByteArray text = readAll(path("example.json"));
        const QByteArray port = "{\"fec\":\"rs544\",\"lanes\":8,\"mtu\":9100,\"name\":\"Ethernet0\",\"speed\":\"400G\"}";
        const int at = text.indexOf(port); // spine1's first port only
        QVERIFY(at > 0);
        text.replace(at + port.indexOf("400G"), 4, "200G");
        const int pos = text.indexOf("\"length\":\"2m\"");
        QVERIFY(pos > 0);
        text.replace(pos, 13, "\"length\":\"7m\"");
        writeAll(path("changed.json"), text);
        Result r = lfp({ "convert", path("changed.json"), proj, "-m", "faster uplink" });
        QVERIFY2(r.code == 0, r.err.constData());

        r = lfp({ "revisions", proj, "--json" });
        QCOMPARE(r.code, 0);
        const QJsonArray revs = r.json()["revisions"].toArray();
        QCOMPARE(revs.size(), 2);
        QCOMPARE(revs[0].toObject()["message"].toString(), QString("initial plan"));
        QCOMPARE(revs[1].toObject()["id"].toInt(), 2);
        QCOMPARE(revs[1].toObject()["author"].toString(), QString("test")); // LFP_AUTHOR from ctest

        r = lfp({ "diff", proj, "--from", "1", "--to", "2", "--json" });
        QCOMPARE(r.code, 0);
        const QJsonObject d = r.json();
        QCOMPARE(d["summary"].toObject()["changed"].toInt(), 2);
        QCOMPARE(d["summary"].toObject()["added"].toInt(), 0);
        bool sawSpeed = false, sawLength = false;
        for (const auto& c : d["changes"].toArray()) {
            const QJsonObject o = c.toObject();
            const QJsonObject f = o["fields"].toArray()[0].toObject();
            if (o["type"] == "port" && f["field"] == "speed" && f["after"] == "\"200G\"")
                sawSpeed = true;
            if (o["type"] == "link" && f["field"] == "length" && f["before"] == "\"2m\"" && f["after"] == "\"7m\"")
                sawLength = true;
        }
        QVERIFY(sawSpeed);
        QVERIFY(sawLength);
        // Text form names the change.
        r = lfp({ "diff", proj, "--from", "1", "--to", "2" });
        QVERIFY(r.out.contains("~ port spine1:Ethernet0"));
        // An old revision can still be opened.
        r = lfp({ "info", proj, "--revision", "1", "--json" });
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json()["revision"].toInt(), 1);
        r = lfp({ "info", proj, "--revision", "9" });
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("no revision 9"));
    }

    void malformedJson()
    {
        QByteArray text = readAll(path("example.json"));
        text.replace("\"speed\":\"400G\"", "\"speed\":\"100Gb\"");
        writeAll(path("badunit.json"), text);
        Result r = lfp({ "info", path("badunit.json") });
        QCOMPARE(r.code, 2);
        // file:line:column: /json/path: what was found, what was expected (the accepted forms)
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(QRegularExpression("badunit\\.json:\\d+:\\d+: /nodes/0/ports/0/speed: invalid speed \"100Gb\": expected .*Gbps").match(err).hasMatch(), qPrintable(err));

        writeAll(path("syntax.json"), "{\n  \"format\": \"lfp-fabric\",\n  \"version\": 1,,\n}\n");
        r = lfp({ "info", path("syntax.json") });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("syntax.json:3:"), r.err.constData());

        text = readAll(path("example.json"));
        text.replace("\"length\":\"2m\"", "\"length\":\"5 meters\"");
        writeAll(path("badlen.json"), text);
        r = lfp({ "info", path("badlen.json") });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("/links/0/length") && r.err.contains("\"5 meters\"") && r.err.contains("40m"), r.err.constData());
    }

    void unknownUnitOnCommandLine()
    {
        const Result r = lfp({ "generate", "leaf-spine", "--spines", "2", "--leaves", "2", "--hosts-per-leaf", "2", "--host-speed", "100Gb" });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("100Gb") && r.err.contains("Gbps"), r.err.constData());
    }

    void foreignAndCorruptProjectsUntouched_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("text file") << QByteArray("not a project\n");
        QByteArray junk("SQLite format 3\0", 16);
        junk.append(QByteArray(8192, '\x5A'));
        QTest::newRow("corrupt sqlite") << junk;
    }
    void foreignAndCorruptProjectsUntouched()
    {
        QFETCH(QByteArray, content);
        const QString p = path("foreign.lfp");
        writeAll(p, content);
        const QByteArray before = hashOf(p);
        Result r = lfp({ "info", p });
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("foreign.lfp"));
        r = lfp({ "convert", path("example.json"), p });
        QCOMPARE(r.code, 2);
        r = lfp({ "revisions", p });
        QCOMPARE(r.code, 2);
        QCOMPARE(hashOf(p), before);
    }

    void generators()
    {
        Result r = lfp({ "generate", "fat-tree", "--k", "4", "-o", path("ft4.lfp"), "--json" });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["hosts"].toInt(), 16);
        QCOMPARE(r.json()["switches"].toInt(), 20);
        QCOMPARE(r.json()["revision"].toInt(), 1);
        r = lfp({ "generate", "leaf-spine", "--spines", "2", "--leaves", "3", "--hosts-per-leaf", "5", "-o", path("ls.json"), "--json" });
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json()["hosts"].toInt(), 15);
        QCOMPARE(r.json()["links"].toInt(), 15 + 6);
        r = lfp({ "generate", "rail", "--servers", "16", "--gpus-per-server", "8", "--rails", "8", "-o", path("rail.json"), "--json" });
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json()["hosts"].toInt(), 16);
        QCOMPARE(r.json()["links"].toInt(), 16 * 8 + 8 * 32);
        r = lfp({ "generate", "fat-tree", "--k", "5" });
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("even"));
        // No -o: the fabric JSON goes to stdout and reads back.
        r = lfp({ "generate", "fat-tree", "--k", "2" });
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith("{\n  \"format\": \"lfp-fabric\""));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
