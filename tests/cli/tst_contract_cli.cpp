// SPDX-License-Identifier: GPL-3.0-or-later
// `lfp contract PROJECT [--class data|cnp|ack] [--json]` (issue 33; docs/contract.md): the exit status
// (0 holds, 1 a class that carries traffic is broken, 2 usage or input error) and the --json shape
// {"profile", "classes": [{"class", "direction", "paths", "holds"}], "findings": [... "hop", "direction", "class"]}.
#include "tests/common/clirun.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

using lfptest::runLfp;

class TestContractCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString path(const char* name) const { return m_dir.filePath(QString::fromLatin1(name)); }

    /// The example with gpu06's application on ToS @p tos (a port override of a copy of its policy).
    QString exampleWithTos(const char* name, int tos)
    {
        QFile in(path("example.json"));
        if (!in.open(QIODevice::ReadOnly))
            return {};
        QJsonObject f = QJsonDocument::fromJson(in.readAll()).object();
        QJsonArray policies = f[QStringLiteral("policies")].toArray();
        QJsonObject p = policies.first().toObject();
        p[QStringLiteral("name")] = QStringLiteral("gpu06-nic");
        QJsonObject nic = p[QStringLiteral("nic")].toObject();
        nic[QStringLiteral("app_tos")] = tos;
        p[QStringLiteral("nic")] = nic;
        policies.append(p);
        f[QStringLiteral("policies")] = policies;
        QJsonArray overrides = f[QStringLiteral("overrides")].toArray();
        overrides.append(QJsonObject { { QStringLiteral("node"), QStringLiteral("gpu06") }, { QStringLiteral("port"), QStringLiteral("eth0") },
            { QStringLiteral("policy"), QStringLiteral("gpu06-nic") } });
        f[QStringLiteral("overrides")] = overrides;
        QFile out(path(name));
        if (!out.open(QIODevice::WriteOnly))
            return {};
        out.write(QJsonDocument(f).toJson());
        return out.fileName();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QCOMPARE(runLfp({ "generate", "example", "-o", path("example.json") }).code, 0);
    }

    void cleanPlanHolds()
    {
        const auto r = runLfp({ "contract", path("example.json"), "--json" });
        QCOMPARE(r.code, 0);
        const QJsonObject j = r.json();
        QCOMPARE(j[QStringLiteral("profile")].toString(), QStringLiteral("dcqcn"));
        const QJsonArray classes = j[QStringLiteral("classes")].toArray();
        QCOMPARE(classes.size(), 3);
        QStringList seen;
        for (const auto& c : classes) {
            const QJsonObject o = c.toObject();
            seen << o[QStringLiteral("class")].toString() + QLatin1Char('/') + o[QStringLiteral("direction")].toString();
            QVERIFY(o[QStringLiteral("holds")].toBool());
            QCOMPARE(o[QStringLiteral("paths")].toInt(), 432); // 48 same-leaf pairs on 1 path, 192 on 2
        }
        QCOMPARE(seen, (QStringList { "data/forward", "cnp/reverse", "ack/reverse" }));
        QVERIFY(j[QStringLiteral("findings")].toArray().isEmpty());
        const auto text = runLfp({ "contract", path("example.json") });
        QCOMPARE(text.code, 0);
        QVERIFY2(text.out.contains("holds"), text.out.constData());
    }

    void tos104BreaksData()
    {
        const QString file = exampleWithTos("tos104.json", 104);
        QVERIFY(!file.isEmpty());
        const auto r = runLfp({ "contract", file, "--json" });
        QCOMPARE(r.code, 1);
        const QJsonArray findings = r.json()[QStringLiteral("findings")].toArray();
        QCOMPARE(findings.size(), 1);
        const QJsonObject f = findings.first().toObject();
        QCOMPARE(f[QStringLiteral("code")].toString(), QStringLiteral("LFP-CONTRACT-BROKEN"));
        QCOMPARE(f[QStringLiteral("severity")].toString(), QStringLiteral("error"));
        QCOMPARE(f[QStringLiteral("hop")].toString(), QStringLiteral("gpu06"));
        QCOMPARE(f[QStringLiteral("direction")].toString(), QStringLiteral("forward"));
        QCOMPARE(f[QStringLiteral("class")].toString(), QStringLiteral("data"));
        for (const char* key : { "objects", "message", "evidence", "fix" })
            QVERIFY2(f.contains(QLatin1String(key)), key);
        // Only the CNP class: it holds, exit 0.
        const auto cnp = runLfp({ "contract", file, "--class", "cnp", "--json" });
        QCOMPARE(cnp.code, 0);
        QCOMPARE(cnp.json()[QStringLiteral("classes")].toArray().size(), 1);
    }

    void remoteSideOnDscp0BreaksDataAndAcks()
    {
        const QString file = exampleWithTos("tos0.json", 0);
        const auto r = runLfp({ "contract", file, "--json" });
        QCOMPARE(r.code, 1);
        QStringList where;
        for (const auto& f : r.json()[QStringLiteral("findings")].toArray())
            where << f.toObject()[QStringLiteral("class")].toString() + QLatin1Char('/') + f.toObject()[QStringLiteral("direction")].toString()
                    + QLatin1Char('@') + f.toObject()[QStringLiteral("hop")].toString();
        QCOMPARE(where, (QStringList { "data/forward@gpu06", "ack/reverse@gpu06" }));
        const auto text = runLfp({ "contract", file });
        QCOMPARE(text.code, 1);
        QVERIFY2(text.out.contains("BROKEN") && text.out.contains("fix:"), text.out.constData());
    }

    /// --trace SOURCE DESTINATION: one chain, every check green or red; exit 1 when it breaks.
    void traceOneChain()
    {
        const auto r = runLfp({ "contract", path("example.json"), "--trace", "gpu01", "gpu06", "--json" });
        QCOMPARE(r.code, 0);
        const QJsonObject c = r.json()[QStringLiteral("chain")].toObject();
        QCOMPARE(c[QStringLiteral("class")].toString(), QStringLiteral("data"));
        QVERIFY(c[QStringLiteral("holds")].toBool());
        const QJsonArray hops = c[QStringLiteral("hops")].toArray();
        QCOMPARE(hops.size(), 8);
        QCOMPARE(hops.first().toObject()[QStringLiteral("stage")].toString(), QStringLiteral("sender"));
        QCOMPARE(hops.last().toObject()[QStringLiteral("node")].toString(), QStringLiteral("gpu06"));
        // ToS 104 on gpu06: its data to gpu01 breaks at the sender, and the chain goes on to the receiver
        const QString file = exampleWithTos("tos104trace.json", 104);
        const auto b = runLfp({ "contract", file, "--trace", "gpu06", "gpu01", "--json" });
        QCOMPARE(b.code, 1);
        const QJsonArray bh = b.json()[QStringLiteral("chain")].toObject()[QStringLiteral("hops")].toArray();
        QCOMPARE(bh.first().toObject()[QStringLiteral("field")].toString(), QStringLiteral("app-ecn"));
        QCOMPARE(bh.last().toObject()[QStringLiteral("stage")].toString(), QStringLiteral("receiver"));
        const auto text = runLfp({ "contract", file, "--trace", "gpu06", "gpu01" });
        QCOMPARE(text.code, 1);
        QVERIFY2(text.out.contains("BREAK") && text.out.contains("app-ecn"), text.out.constData());
        const auto missing = runLfp({ "contract", path("example.json"), "--trace", "gpu01", "nosuch" });
        QCOMPARE(missing.code, 2);
        QVERIFY2(missing.err.contains("nosuch"), missing.err.constData());
    }

    void usageAndInputErrors()
    {
        QCOMPARE(runLfp({ "contract", path("example.json"), "--class", "video" }).code, 2);
        QCOMPARE(runLfp({ "contract", path("missing.json") }).code, 2);
        QFile bad(path("bad.json"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("{\"format\": \"lfp-fabric\", \"version\": 1, \"policies\": [{\"name\": \"p\", \"contract\": \"lossy\"}]}");
        bad.close();
        const auto r = runLfp({ "contract", path("bad.json") });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("contract"), r.err.constData());
    }
    // --routing ecmp|updown|static [--routes FILE]: the routing model of lfp deadlock decides the paths walked;
    // its name is in the JSON; static routes that do not fit the fabric are refused at their line (exit 2).
    void routingModels()
    {
        const auto updown = runLfp({ "contract", path("example.json"), "--routing", "updown", "--json" });
        QCOMPARE(updown.code, 0);
        QCOMPARE(updown.json()[QStringLiteral("routing")].toString(), QStringLiteral("updown"));
        QCOMPARE(runLfp({ "contract", path("example.json"), "--json" }).json()[QStringLiteral("routing")].toString(), QStringLiteral("ecmp"));
        QFile routes(path("routes.txt"));
        QVERIFY(routes.open(QIODevice::WriteOnly));
        routes.write("# leaf1's traffic for leaf2 over spine1 only\nleaf1 leaf2 spine1\n");
        routes.close();
        const auto statics = runLfp({ "contract", path("example.json"), "--routing", "static", "--routes", path("routes.txt"), "--json" });
        QCOMPARE(statics.code, 0);
        QCOMPARE(statics.json()[QStringLiteral("routing")].toString(), QStringLiteral("static"));
        QVERIFY(statics.json()[QStringLiteral("assumptions")].toArray().first().toString().contains(QStringLiteral("1 static route")));
        QFile bad(path("bad-routes.txt"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("leaf1 leaf2 spine1\nleaf9 leaf2 spine1\n");
        bad.close();
        const auto refused = runLfp({ "contract", path("example.json"), "--routing", "static", "--routes", path("bad-routes.txt") });
        QCOMPARE(refused.code, 2);
        QVERIFY2(refused.err.contains("bad-routes.txt:2"), refused.err.constData());
        QCOMPARE(runLfp({ "contract", path("example.json"), "--routing", "static" }).code, 2);
        QCOMPARE(runLfp({ "contract", path("example.json"), "--routes", path("routes.txt") }).code, 2);
        QCOMPARE(runLfp({ "contract", path("example.json"), "--routing", "lft" }).code, 2);
        QCOMPARE(runLfp({ "contract", path("example.json"), "--routing", "updown", "--trace", "gpu01", "gpu09" }).code, 0);
    }

    // --evidence DIR: the hosts' settings from lfp evidence captures (tests/data/evidence), each replaced
    // value listed under "evidence"; a host that trusts PCP breaks the contract there (exit 1); captures
    // the tool never printed are refused with file:line:column (exit 2).
    void evidenceFromHosts()
    {
        const QString data = QStringLiteral(LFP_SOURCE_DIR "/tests/data/evidence/");
        const auto clean = runLfp({ "contract", path("example.json"), "--evidence", data + "clean", "--json" });
        QCOMPARE(clean.code, 0);
        QCOMPARE(clean.json()[QStringLiteral("evidence")].toArray().size(), 3);
        const auto pcp = runLfp({ "contract", path("example.json"), "--evidence", data + "trust-pcp", "--json" });
        QCOMPARE(pcp.code, 1);
        const QJsonObject j = pcp.json();
        const QJsonArray ev = j[QStringLiteral("evidence")].toArray();
        QCOMPARE(ev.size(), 1);
        const QJsonObject e = ev.first().toObject();
        QCOMPARE(e[QStringLiteral("host")].toString(), QStringLiteral("gpu05"));
        QCOMPARE(e[QStringLiteral("port")].toString(), QStringLiteral("eth0"));
        QCOMPARE(e[QStringLiteral("field")].toString(), QStringLiteral("trust"));
        QCOMPARE(e[QStringLiteral("plan")].toString(), QStringLiteral("dscp"));
        QCOMPARE(e[QStringLiteral("evidence")].toString(), QStringLiteral("pcp"));
        QVERIFY(e[QStringLiteral("source")].toString().endsWith(QStringLiteral("gpu05/mlnx_qos_eth0.txt:2")));
        const QJsonObject f = j[QStringLiteral("findings")].toArray().first().toObject();
        QCOMPARE(f[QStringLiteral("hop")].toString(), QStringLiteral("gpu05"));
        QCOMPARE(f[QStringLiteral("field")].toString(), QStringLiteral("trust"));
        const auto text = runLfp({ "contract", path("example.json"), "--evidence", data + "trust-pcp" });
        QCOMPARE(text.code, 1);
        QVERIFY(text.out.contains("gpu05:eth0  trust  dscp -> pcp"));
        const auto trace = runLfp({ "contract", path("example.json"), "--evidence", data + "trust-pcp", "--trace", "gpu01", "gpu05", "--json" });
        QCOMPARE(trace.code, 1);
        const auto bad = runLfp({ "contract", path("example.json"), "--evidence", data + "bad-sysfs" });
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("gpu01/ecn_sysfs_eth0.txt:9:42"), bad.err.constData());
        QCOMPARE(runLfp({ "contract", path("example.json"), "--evidence", data + "no-such-folder" }).code, 2);
        // --evidence-out: the plan with the evidence brought in, on which the contract breaks the same way
        QCOMPARE(runLfp({ "contract", path("example.json"), "--evidence", data + "trust-pcp", "--evidence-out", path("with-evidence.json") }).code, 1);
        const auto again = runLfp({ "contract", path("with-evidence.json"), "--json" });
        QCOMPARE(again.code, 1);
        QCOMPARE(again.json()[QStringLiteral("findings")].toArray().first().toObject()[QStringLiteral("hop")].toString(), QStringLiteral("gpu05"));
        QCOMPARE(runLfp({ "contract", path("example.json"), "--evidence-out", path("x.json") }).code, 2);
        QCOMPARE(runLfp({ "contract", path("example.json"), "--evidence", data + "clean", "--evidence-out", path("x.lfp") }).code, 2);
    }
};

QTEST_GUILESS_MAIN(TestContractCli)
#include "tst_contract_cli.moc"
