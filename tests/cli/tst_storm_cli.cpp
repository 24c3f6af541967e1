// SPDX-License-Identifier: GPL-3.0-or-later
// `lfp storm` (a contract: docs/storm.md, issue 34): the JSON shape {"sources": [{"source", "priority",
// "paused": [{"port", "at_us", "frozen_ms"}], "hosts", "unwatched", "frozen_ms_max"}]}, worst sources
// first, frozen_ms null where nothing ends the freeze, and exit 2 for bad sources.
#include "tests/common/clirun.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using lfptest::runLfp;

class TestStormCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_fabric;

    /// The generated fabric with @p leaf's ports on a policy without a watchdog, and no NIC watchdogs.
    QString withoutWatchdogOn(const QString& leaf)
    {
        QFile in(m_fabric);
        if (!in.open(QIODevice::ReadOnly))
            return {};
        QJsonObject root = QJsonDocument::fromJson(in.readAll()).object();
        QJsonArray policies = root.value("policies").toArray();
        QJsonObject off = policies.first().toObject();
        off["name"] = "no-watchdog";
        off.remove("pfc_watchdog"); // absent = no watchdog (fabric-json.md)
        policies.append(off);
        root["policies"] = policies;
        QJsonArray nodes = root.value("nodes").toArray();
        for (auto&& v : nodes) { // the hosts' NIC watchdogs off: nothing ends the storm at its source
            QJsonObject n = v.toObject();
            if (n.value("role").toString() == "host")
                n["attributes"] = QJsonObject { { "nic.pfc_watchdog", "off" } };
            v = n;
        }
        root["nodes"] = nodes;
        QJsonArray overrides = root.value("overrides").toArray();
        for (const auto& n : root.value("nodes").toArray())
            if (n.toObject().value("name").toString() == leaf)
                for (const auto& p : n.toObject().value("ports").toArray())
                    overrides.append(QJsonObject { { "node", leaf }, { "port", p.toObject().value("name") }, { "policy", "no-watchdog" } });
        root["overrides"] = overrides;
        const QString path = m_dir.filePath("nowd.json");
        QFile out(path);
        if (!out.open(QIODevice::WriteOnly))
            return {};
        out.write(QJsonDocument(root).toJson());
        return path;
    }

    /// The first host of the generated fabric and its leaf.
    std::pair<QString, QString> firstHost()
    {
        QFile in(m_fabric);
        if (!in.open(QIODevice::ReadOnly))
            return {};
        const QJsonObject root = QJsonDocument::fromJson(in.readAll()).object();
        for (const auto& l : root.value("links").toArray()) {
            const auto a = l.toObject().value("a").toObject(), b = l.toObject().value("b").toObject();
            for (const auto& n : root.value("nodes").toArray())
                if (n.toObject().value("role").toString() == "host" && n.toObject().value("name") == b.value("node"))
                    return { b.value("node").toString(), a.value("node").toString() };
        }
        return {};
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_fabric = m_dir.filePath("ls.json");
        const auto r = runLfp({ "generate", "leaf-spine", "--spines", "2", "--leaves", "2", "--hosts-per-leaf", "2", "-o", m_fabric });
        QVERIFY2(r.code == 0, r.err.constData());
    }

    void jsonShape()
    {
        const auto [host, leaf] = firstHost();
        QVERIFY(!host.isEmpty());
        const auto r = runLfp({ "storm", m_fabric, "--source", host, "--json" });
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonArray sources = r.json().value("sources").toArray();
        QCOMPARE(sources.size(), 1);
        const QJsonObject s = sources.first().toObject();
        QCOMPARE(s.value("source").toString(), host);
        QCOMPARE(s.value("priority").toInt(), 3);
        QVERIFY(s.value("hosts").isArray() && s.value("unwatched").isArray());
        QVERIFY(s.value("frozen_ms_max").isDouble());
        const QJsonArray paused = s.value("paused").toArray();
        QVERIFY(paused.size() >= 5);
        double last = -1;
        for (const auto& v : paused) {
            const QJsonObject p = v.toObject();
            QVERIFY(p.value("port").isString());
            QVERIFY(p.value("at_us").toDouble() >= last); // the wave front, in order
            last = p.value("at_us").toDouble();
            QVERIFY(p.value("frozen_ms").isDouble());
        }
        QCOMPARE(paused.first().toObject().value("at_us").toDouble(), 0.0);
        QVERIFY(paused.first().toObject().value("port").toString().startsWith(leaf + ":"));
    }

    /// With the watchdog off on the source's leaf, the port facing the source has no end: null.
    void nullWithoutWatchdog()
    {
        const auto [host, leaf] = firstHost();
        const QString f = withoutWatchdogOn(leaf);
        QVERIFY(!f.isEmpty());
        const auto r = runLfp({ "storm", f, "--source", host, "--json" });
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject s = r.json().value("sources").toArray().first().toObject();
        QVERIFY(s.value("frozen_ms_max").isNull());
        const QJsonObject first = s.value("paused").toArray().first().toObject();
        QVERIFY(first.value("port").toString().startsWith(leaf + ":"));
        QVERIFY(first.value("frozen_ms").isNull());
        QVERIFY(!s.value("unwatched").toArray().isEmpty());
        // worst first: with --all-hosts the hosts of that leaf (unbounded) come before the others
        const auto all = runLfp({ "storm", f, "--all-hosts", "--json" });
        QVERIFY2(all.code == 0, all.err.constData());
        const QJsonArray list = all.json().value("sources").toArray();
        QCOMPARE(list.size(), 4);
        QVERIFY(list.at(0).toObject().value("frozen_ms_max").isNull());
        QVERIFY(list.at(3).toObject().value("frozen_ms_max").isDouble());
        // text output names the change that helps most
        const auto text = runLfp({ "storm", f, "--source", host });
        QVERIFY2(text.code == 0 && text.out.contains("best change:"), text.out.constData());
    }

    void badSources()
    {
        auto r = runLfp({ "storm", m_fabric, "--source", "nosuch" });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("nosuch"), r.err.constData());
        r = runLfp({ "storm", m_fabric });
        QCOMPARE(r.code, 2);
        const auto [host, leaf] = firstHost();
        r = runLfp({ "storm", m_fabric, "--source", leaf + ":NoSuchPort" });
        QCOMPARE(r.code, 2);
    }
};

QTEST_APPLESS_MAIN(TestStormCli)
#include "tst_storm_cli.moc"
