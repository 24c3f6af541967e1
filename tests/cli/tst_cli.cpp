// SPDX-License-Identifier: GPL-3.0-or-later
// The `lfp` command line as scripts call it: commands, JSON keys and exit codes are contracts.
#include "tests/common/clirun.h"
#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

namespace {

using Result = lfptest::CliResult;

Result lfp(const QStringList& args, const QString& cwd = {}) { return lfptest::runLfp(args, cwd); }

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
    // One number rule in every command's --json (planner/findings/reportjson.h): a whole number is an integer.
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

    // Issue 38: text output counts in the right number ("1 change", never "1 changes" or "change(s)")
    // and groups thousands ("1,024"); --json keeps plain numbers.
    void textCountsAndThousands()
    {
        const QString project = path("counts.lfp");
        QCOMPARE(lfp({ "generate", "rail", "--servers", "32", "-o", project, "-m", "256 GPUs" }).code, 0);
        Result r = lfp({ "info", project });
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("ports     1,024") && r.out.contains("(40 switches, 32 hosts)") && r.out.contains("1 group of 32 servers"),
            r.out.constData());
        QCOMPARE(lfp({ "info", project, "--json" }).json()["ports"].toInt(), 1024);
        r = lfp({ "budget", project, "--switch", "su1-rail1" });
        QCOMPARE(r.code, 0);
        QVERIFY2(QString::fromUtf8(r.out).contains(QRegularExpression(QStringLiteral("total buffer +\\d{1,3}(,\\d{3})+ B"))), r.out.constData());
        QVERIFY(lfp({ "budget", project, "--switch", "su1-rail1", "--json" }).json().contains(QStringLiteral("switches")));
        r = lfp({ "set", project, "link:su1-rail1:Ethernet0", "length=20m", "-m", "one" });
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("1 change saved"), r.out.constData());
        r = lfp({ "set", project, "link:spine1:*", "length=50m", "-m", "eight" });
        QVERIFY2(r.out.contains("8 changes saved"), r.out.constData());
        QCOMPARE(lfp({ "set", project, "policy:roce-lossless", "nic.pfc=4", "-m", "mistake" }).code, 0);
        // Every text output of the commands a review meeting reads: no "(s)", no "1 <plural>".
        const QRegularExpression parenS(QStringLiteral("[a-z]\\(s\\)"));
        const QRegularExpression onePlural(QStringLiteral("(?<![\\d.,])1 (changes|errors|warnings|notes|infos|hosts|links|ports|switches|devices|"
                                                          "findings|paths|host pairs|destinations|files|groups|cycles|edits|objects|sources)\\b"));
        const QList<QStringList> commands = {
            { "check", project },
            { "review", project, "--base", "2", "--to", "3", "-o", path("counts-review.md") },
            { "review", project, "--base", "3", "--to", "4", "-o", path("counts-review2.md") },
            { "deadlock", project, "--failures", "1" },
            { "contract", project },
            { "export", project, "--vendor", "sonic", "--base", "3", "-o", path("counts-sonic") },
            { "diff", project, "--from", "2", "--to", "3" },
        };
        for (const auto& args : commands) {
            r = lfp(args);
            QVERIFY2(r.code == 0 || r.code == 1, qPrintable(args.join(' ') + ": " + QString::fromUtf8(r.err)));
            const QString text = QString::fromUtf8(r.out);
            const auto m1 = parenS.match(text), m2 = onePlural.match(text);
            QVERIFY2(!m1.hasMatch(), qPrintable(args.join(' ') + ": \"" + text.mid(std::max<qsizetype>(0, m1.capturedStart() - 60), 120) + "\""));
            QVERIFY2(!m2.hasMatch(), qPrintable(args.join(' ') + ": \"" + text.mid(std::max<qsizetype>(0, m2.capturedStart() - 60), 120) + "\""));
        }
        r = lfp({ "review", project, "--base", "3", "--to", "4", "-o", path("counts-review3.md") });
        QVERIFY2(r.out.contains(": 1 change, "), r.out.constData());
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
            if (o["type"] == "port" && f["field"] == "speed" && f["after"] == "200G")
                sawSpeed = true;
            if (o["type"] == "link" && f["field"] == "length" && f["before"] == "2m" && f["after"] == "7m")
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

    // ---- issue 14: every documented command runs; --json everywhere; no surprises ----

    /// The examples of README.md and docs/user-guide.md, as written (fixtures for the files they name),
    /// with the exit status the docs promise.
    void documentedExamples()
    {
        QTemporaryDir d;
        QVERIFY(d.isValid());
        const QString w = d.path();
        const QString data = QStringLiteral(LFP_CLI_FIXTURES_DIR);
        struct Step {
            QStringList args;
            int code;
        };
        const std::vector<Step> readme = {
            { { "generate", "example", "-o", "example.lfp", "-m", "first plan" }, 0 },
            { { "info", "example.lfp" }, 0 },
            { { "check", "example.lfp" }, 0 }, // the bundled example produces no finding
            { { "headroom", "--asic", "spectrum-3", "--speed", "400G", "--cable", "100m", "--lanes", "8" }, 0 },
            { { "budget", "example.lfp", "--switch", "leaf1" }, 0 },
            { { "deadlock", "example.lfp", "--failures", "2" }, 1 }, // double failures make bounce cycles under ECMP
            { { "deadlock", "example.lfp", "--certify", "2", "--fix-out", "fix" }, 1 }, // the certificate fails; its fix is written
            { { "template", "--asic", "spectrum-4", "--speeds", "100G,400G,800G", "--cables", "5m,40m,300m", "--format", "sonic-ini" }, 0 },
            { { "generate", "fat-tree", "--k", "16", "-o", "ft16.json" }, 0 },
            { { "convert", "example.lfp", "project.lfp", "-m", "one" }, 0 },
            { { "convert", "ft16.json", "project.lfp", "-m", "two" }, 0 },
            { { "diff", "project.lfp", "--from", "1", "--to", "2" }, 0 },
            { { "review", "project.lfp", "--base", "1", "--to", "1", "-o", "review.html" }, 0 },
            // docs/user-guide.md, "Importing and drift"
            { { "import", "csv", data + "/csv/cabling.csv", "-o", "fabric.lfp", "-m", "cabling plan" }, 0 },
            { { "import", "lldp", data + "/lldp/spine01.json0", data + "/lldp/leaf01.json0", data + "/lldp/leaf02.json0", "-o", "fabric.lfp", "--merge" }, -1 },
            { { "drift", "fabric.lfp", data + "/sonic/leaf01.config_db.json" }, -1 },
            { { "formats" }, 0 },
            { { "asics" }, 0 },
            { { "ecn" }, 0 },
            { { "revisions", "project.lfp" }, 0 },
            // README.md, change review data
            { { "sheet", "example.lfp", "-o", "budget.xlsx" }, 0 },
            { { "evidence", "example.lfp", "--device", "leaf1", "-o", "evidence" }, 0 },
        };
        for (const auto& st : readme) {
            const Result r = lfp(st.args, w);
            const QString what = st.args.join(' ') + ": " + QString::fromUtf8(r.err);
            if (st.code >= 0)
                QVERIFY2(r.code == st.code, qPrintable(QString("exit %1, expected %2: %3").arg(r.code).arg(st.code).arg(what)));
            else
                QVERIFY2(r.code == 0 || r.code == 1, qPrintable(what)); // findings decide; never a usage error
        }
    }

    /// Every command takes --json and prints one JSON object.
    void jsonEverywhere()
    {
        const QString data = QStringLiteral(LFP_CLI_FIXTURES_DIR);
        const QString ex = path("example.json");
        const std::vector<QStringList> cmds = {
            { "info", ex }, { "revisions", path("rev.lfp") }, { "diff", ex, ex }, { "generate", "example" },
            { "generate", "leaf-spine", "--spines", "2", "--leaves", "2", "--hosts-per-leaf", "2" }, { "check", ex },
            { "headroom", "--asic", "spectrum-3", "--speed", "100G", "--cable", "5m" }, { "budget", ex },
            { "template", "--asic", "spectrum-3", "--speeds", "100G", "--cables", "5m" }, { "asics" }, { "ecn" },
            { "import", "csv", data + "/csv/cabling.csv" }, { "formats" }, { "drift", ex, data + "/sonic/leaf01.config_db.json" },
            { "deadlock", ex }, { "convert", ex, path("conv.json") }, { "sheet", ex, "-o", path("budget.csv") },
            { "evidence", ex, "-o", path("evidence") },
        };
        QVERIFY(lfp({ "convert", ex, path("rev.lfp") }).code == 0);
        for (auto args : cmds) {
            args << "--json";
            const Result r = lfp(args);
            QVERIFY2(r.code == 0 || r.code == 1, qPrintable(args.join(' ') + ": " + QString::fromUtf8(r.err)));
            QJsonParseError e {};
            const auto doc = QJsonDocument::fromJson(r.out, &e);
            QVERIFY2(e.error == QJsonParseError::NoError && doc.isObject(), qPrintable(args.join(' ') + ": " + QString::fromUtf8(r.out.left(200))));
        }
        // generate --json without -o: the summary the docs promise, not the fabric
        const QJsonObject g = lfp({ "generate", "example", "--json" }).json();
        QCOMPARE(g["hosts"].toInt(), 16);
        QCOMPARE(g["switches"].toInt(), 6);
        QVERIFY(!g.contains("nodes") || g["nodes"].isDouble());
        const QJsonObject t = lfp({ "template", "--asic", "spectrum-3", "--speeds", "100G,400G", "--cables", "5m", "--json" }).json();
        QCOMPARE(t["rows"].toArray().size(), 2);
        QVERIFY(t["rows"].toArray()[0].toObject()["xoff"].toInt() > 0);
    }

    void unknownCommandNamesTheClosest()
    {
        const Result r = lfp({ "chek", "x.json" });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("unknown command \"chek\"") && r.err.contains("did you mean check"), r.err.constData());
        const Result g = lfp({ "generate", "exampel" });
        QCOMPARE(g.code, 2);
        QVERIFY2(g.err.contains("did you mean example"), g.err.constData());
        // A mistyped option value (CLI11's set check) gets the lfp: prefix and the closest value, by
        // spelling or by the vendor a word names (issue 38).
        const Result v = lfp({ "export", path("example.json"), "--vendor", "cisco", "-o", path("never") });
        QCOMPARE(v.code, 2);
        QVERIFY2(v.err.startsWith("lfp: --vendor: \"cisco\" is not one of sonic") && v.err.contains("did you mean nxos?"), v.err.constData());
        const Result w = lfp({ "export", path("example.json"), "--vendor", "soinc", "-o", path("never") });
        QVERIFY2(w.code == 2 && w.err.contains("did you mean sonic?"), w.err.constData());
        QVERIFY(!QFileInfo::exists(path("never")));
    }

    /// Issue 38: --version names the source commit; hidden commands are never suggested; the bash and zsh
    /// completion and lfp(1) are made from the command tree, so every visible command is in each.
    void versionCompletionAndManPage()
    {
        const Result v = lfp({ "--version" });
        QCOMPARE(v.code, 0);
        QVERIFY2(QRegularExpression(QStringLiteral("^lfp \\d+\\.\\d+\\.\\d+ \\(source ([0-9a-f]{12}(-dirty)?|unknown)\\)\n$")).match(QString::fromUtf8(v.out)).hasMatch(),
            v.out.constData());
        const Result hidden = lfp({ "finding-text" });
        QCOMPARE(hidden.code, 2);
        QVERIFY2(!hidden.err.contains("finding-texts") && !hidden.err.contains("man-page"), hidden.err.constData());

        const Result help = lfp({ "--help" });
        QStringList commands;
        for (const QString& line : QString::fromUtf8(help.out).split('\n')) {
            const auto c = QRegularExpression(QStringLiteral("^  ([a-z][a-z-]+)\\s")).match(line);
            if (c.hasMatch())
                commands << c.captured(1);
        }
        QVERIFY2(commands.size() > 20, help.out.constData());
        const Result bash = lfp({ "completion", "bash" }), zsh = lfp({ "completion", "zsh" }), man = lfp({ "man-page" });
        QCOMPARE(bash.code, 0);
        QCOMPARE(zsh.code, 0);
        QCOMPARE(man.code, 0);
        for (const QString& c : commands) {
            QVERIFY2(bash.out.contains(("'" + c + "')").toUtf8()), qPrintable(c));
            QVERIFY2(zsh.out.contains(("'" + c + ":").toUtf8()), qPrintable(c));
            QVERIFY2(man.out.contains((".SS \"lfp " + c).toUtf8()), qPrintable(c));
        }
        QVERIFY(!bash.out.contains("man-page") && !bash.out.contains("finding-texts"));
        // The shells read them; bash completes a command and a subcommand.
        const QString bashFile = path("lfp.bash");
        QFile f(bashFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bash.out);
        f.close();
        QProcess sh;
        sh.start(QStringLiteral("bash"), { QStringLiteral("-c"),
            QStringLiteral("source '%1'; COMP_WORDS=(lfp coun); COMP_CWORD=1; _lfp; echo \"${COMPREPLY[*]}\"; "
                           "COMP_WORDS=(lfp counters ''); COMP_CWORD=2; _lfp; echo \"${COMPREPLY[*]}\"").arg(bashFile) });
        QVERIFY(sh.waitForFinished(20000));
        QCOMPARE(QString::fromUtf8(sh.readAllStandardOutput()), QStringLiteral("counters\n--help -h compare\n"));
        // groff reads lfp(1) without a warning (man-db's groff-base; skipped where absent).
        QProcess groff;
        groff.start(QStringLiteral("groff"), { QStringLiteral("-man"), QStringLiteral("-ww"), QStringLiteral("-z"), QStringLiteral("-Tutf8") });
        if (!groff.waitForStarted(5000))
            QSKIP("groff is not installed: lfp(1) not rendered");
        groff.write(man.out);
        groff.closeWriteChannel();
        QVERIFY(groff.waitForFinished(20000));
        QCOMPARE(groff.exitCode(), 0);
        QCOMPARE(QString::fromUtf8(groff.readAllStandardError()), QString());
    }

    /// Covering nothing is an error with a clear message, never "cannot deadlock".
    void deadlockWithoutHostsIsNotAnAllClear()
    {
        QFile::remove(path("switches.csv"));
        writeAll(path("switches.csv"), "a_device,a_port,b_device,b_port,a_role,b_role\nsw1,Ethernet0,sw2,Ethernet0,leaf,spine\n");
        QCOMPARE(lfp({ "import", "csv", path("switches.csv"), "-o", path("switches.json") }).code, 0);
        const Result r = lfp({ "deadlock", path("switches.json") });
        QCOMPARE(r.code, 1);
        QVERIFY(!r.out.contains("cannot deadlock"));
        QVERIFY2(r.out.contains("NOTHING ANALYSED"), r.out.constData());
        const QJsonObject j = lfp({ "deadlock", path("switches.json"), "--json" }).json();
        QVERIFY(j["coverage"].toObject()["nothing_covered"].toBool());
        QCOMPARE(j["findings"].toArray()[0].toObject()["code"].toString(), QString("LFP-DEADLOCK-NOTHING-COVERED"));
        // a covered analysis states its coverage and its routing assumption
        const Result ok = lfp({ "deadlock", path("example.json") });
        QCOMPARE(ok.code, 0);
        QVERIFY(ok.out.contains("covered: 4 destinations"));
        QVERIFY(ok.out.contains("RFC 7938"));
    }

    /// `lfp deadlock PROJECT --routing lft --lft DUMP` on a project imported from ibnetdiscover gives the
    /// same answer as on the ibnetdiscover file.
    void lftOnAnInfinibandProject()
    {
        const QString data = QStringLiteral(LFP_CLI_FIXTURES_DIR) + "/ib/";
        for (const char* topo : { "ring4", "fattree_2x4_fail2" }) {
            const QString t = data + topo + "/ibnetdiscover.txt";
            const QString lft = data + topo + "/minhop/opensm-lfts.dump";
            const QString proj = path(QString(topo) + ".lfp");
            QCOMPARE(lfp({ "import", "ibnetdiscover", t, "-o", proj }).code, 0);
            const Result a = lfp({ "deadlock", t, "--routing", "lft", "--lft", lft, "--json" });
            const Result b = lfp({ "deadlock", proj, "--routing", "lft", "--lft", lft, "--json" });
            QVERIFY2(b.code == a.code, b.err.constData());
            QCOMPARE(b.json()["cyclic_components"].toInt(), a.json()["cyclic_components"].toInt());
            QCOMPARE(b.json()["dependencies"].toInt(), a.json()["dependencies"].toInt());
            QCOMPARE(b.json()["coverage"].toObject()["destinations"].toInt(), a.json()["coverage"].toObject()["destinations"].toInt());
        }
        // a project without InfiniBand identities is refused with a message that says what to do
        const Result r = lfp({ "deadlock", path("example.json"), "--routing", "lft", "--lft", data + "ring4/minhop/opensm-lfts.dump" });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("lfp import ibnetdiscover"), r.err.constData());
    }

    /// The summary prints each cycle once and each fix once; --verbose prints everything (--exhaustive:
    /// every failure set, not one per symmetry class, so that there is much to summarise).
    void deadlockSummaryIsShort()
    {
        const Result s = lfp({ "deadlock", path("example.json"), "--failures", "2", "--exhaustive" });
        const Result v = lfp({ "deadlock", path("example.json"), "--failures", "2", "--exhaustive", "--verbose" });
        QCOMPARE(s.code, 1);
        QCOMPARE(v.code, 1);
        const auto lines = [](const QByteArray& b) { return b.count('\n'); };
        QVERIFY2(lines(s.out) * 2 < lines(v.out), qPrintable(QString("%1 vs %2 lines").arg(lines(s.out)).arg(lines(v.out))));
        QVERIFY(s.out.contains("distinct loop"));
        QVERIFY(s.out.contains("breaks cycle"));
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
