// SPDX-License-Identifier: GPL-3.0-or-later
// Golden-file regression tests (after Tiled's tests/automapping): every folder tests/planner/<case>/
// holding a fabric.json is one case; runAllChecks() must produce exactly the findings listed in its
// expected-findings.json, compared as a multiset of (code, severity, sorted objects):
//   {"findings": [{"code": "LFP-LINK-MTU-MISMATCH", "severity": "error", "objects": ["leaf1:Ethernet32", "spine1:Ethernet0"]}]}
// LFP_UPDATE_GOLDEN=1 rewrites the expected files from the current results (review the diff!).
// Also runs `lfp check` on a few cases for its exit status and JSON shape (a contract).
#ifndef Q_MOC_RUN
#include "model/errors.h"
#include "model/fabricjson.h"
#include "model/asiccatalog.h"
#include "planner/checks/checks.h"
#include "planner/findings/findingsjson.h"
#include "model/generators.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QtTest>
#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#endif

using namespace lfp;

namespace {

const QString kGoldenDir = QStringLiteral(LFP_SOURCE_DIR "/tests/planner");

bool updating() { return qEnvironmentVariable("LFP_UPDATE_GOLDEN") == QLatin1String("1"); }

/// The comparable identity of a finding: "CODE severity [objects]" (objects sorted).
std::vector<std::string> keys(const std::vector<Finding>& findings)
{
    std::vector<std::string> k;
    for (const auto& f : findings)
        k.push_back(findingKey(f));
    std::sort(k.begin(), k.end());
    return k;
}

/// Multiset difference a − b.
std::vector<std::string> minus(const std::vector<std::string>& a, const std::vector<std::string>& b)
{
    std::vector<std::string> out;
    std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
    return out;
}

nlohmann::ordered_json goldenJson(const std::vector<Finding>& findings)
{
    nlohmann::ordered_json arr = nlohmann::ordered_json::array();
    for (const auto& f : findings) {
        auto objects = toStrings(f.objects);
        std::sort(objects.begin(), objects.end());
        arr.push_back({ { "code", f.code }, { "severity", toString(f.severity) }, { "objects", objects } });
    }
    return { { "findings", arr } };
}

struct CliRun {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

CliRun runCli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(LFP_CLI_PATH), args);
    CliRun r;
    if (!p.waitForFinished(60000))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace

class TestGolden : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_catalog = AsicCatalog::loadDefault();
        QVERIFY2(!m_catalog.empty(), "the built-in ASIC catalogue is empty");
    }

    /// The golden folders must be there (a typo in the path would otherwise pass with zero cases).
    void casesExist()
    {
        for (const char* name : { "example-clean", "mtu-mismatch", "dscp-map-mismatch", "ets-starved", "watchdog-missing" })
            QVERIFY2(QFile::exists(kGoldenDir + "/" + name + "/fabric.json"), name);
    }

    void golden_data()
    {
        QTest::addColumn<QString>("dir");
        const QDir root(kGoldenDir);
        for (const QString& name : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
            if (QFile::exists(root.filePath(name + "/fabric.json")))
                QTest::newRow(qPrintable(name)) << root.filePath(name);
    }

    void golden()
    {
        QFETCH(QString, dir);
        const std::string fabricPath = (dir + "/fabric.json").toStdString();
        const QString expectedPath = dir + "/expected-findings.json";
        Fabric fabric;
        try {
            fabric = readFabricJson(fabricPath);
        } catch (const InputError& e) {
            QFAIL(e.what());
        }
        AsicCatalog catalog = m_catalog;
        catalog.mergeProject(fabric);
        const std::vector<Finding> actual = runAllChecks(fabric, catalog);

        if (updating()) {
            std::ofstream out(expectedPath.toStdString());
            out << goldenJson(actual).dump(2) << '\n';
            QVERIFY2(out.good(), qPrintable("cannot write " + expectedPath));
            qInfo("updated %s (%zu findings)", qPrintable(expectedPath), actual.size());
            return;
        }

        QFile file(expectedPath);
        if (!file.open(QIODevice::ReadOnly))
            QFAIL(qPrintable(QStringLiteral("%1 is missing; run with LFP_UPDATE_GOLDEN=1 to create it, then review it").arg(expectedPath)));
        std::vector<Finding> expected;
        try {
            expected = findingsFromJson(nlohmann::json::parse(file.readAll().toStdString()));
        } catch (const std::exception& e) {
            QFAIL(qPrintable(QStringLiteral("%1: %2").arg(expectedPath, QString::fromUtf8(e.what()))));
        }

        const auto want = keys(expected);
        const auto got = keys(actual);
        if (want != got) {
            std::string diff = "golden mismatch in " + dir.toStdString() + ":\n";
            for (const auto& k : minus(want, got))
                diff += "  - expected, not found: " + k + "\n";
            for (const auto& k : minus(got, want)) {
                diff += "  + found, not expected: " + k + "\n";
                for (const auto& f : actual)
                    if (findingKey(f) == k) {
                        diff += "      " + f.message + "\n";
                        break;
                    }
            }
            diff += "  (if the change is intended: LFP_UPDATE_GOLDEN=1 rewrites expected-findings.json; review the diff)";
            QFAIL(diff.c_str());
        }

        // Cases named example-* are the bundled example (or close to it): nothing worse than info.
        if (QFileInfo(dir).fileName().startsWith(QLatin1String("example-")))
            for (const auto& f : actual)
                QVERIFY2(f.severity == Severity::Info, qPrintable(QString::fromStdString(findingKey(f) + ": " + f.message)));
    }

    /// The generator's example itself (not only its saved copy) has no warning or error.
    void exampleFabricIsClean()
    {
        const Fabric f = exampleFabric();
        AsicCatalog catalog = m_catalog;
        catalog.mergeProject(f);
        for (const auto& finding : runAllChecks(f, catalog))
            QVERIFY2(finding.severity == Severity::Info, qPrintable(QString::fromStdString(findingKey(finding) + ": " + finding.message)));
    }

    /// runAllChecks returns errors first, then by code, then by objects.
    void findingsAreSorted()
    {
        Fabric f = readFabricJson((kGoldenDir + "/dscp-map-mismatch/fabric.json").toStdString());
        const auto all = runAllChecks(f, m_catalog);
        QVERIFY(!all.empty());
        for (std::size_t i = 1; i < all.size(); ++i) {
            const auto& a = all[i - 1];
            const auto& b = all[i];
            QVERIFY(static_cast<int>(a.severity) >= static_cast<int>(b.severity));
            if (a.severity == b.severity)
                QVERIFY(a.code < b.code || (a.code == b.code && a.objects <= b.objects));
        }
    }

    // ---- lfp check: exit status and --json shape (a contract) ----

    void cliCheck_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<int>("errors");
        QTest::addColumn<QString>("code"); ///< a code that must be among the findings ("" = none expected)
        const QString d = kGoldenDir;
        QTest::newRow("clean") << QStringList { "check", d + "/example-clean/fabric.json", "--json" } << 0 << 0 << QString();
        QTest::newRow("error") << QStringList { "check", d + "/mtu-mismatch/fabric.json", "--json" } << 1 << 1 << "LFP-LINK-MTU-MISMATCH";
        QTest::newRow("warning only") << QStringList { "check", d + "/watchdog-missing/fabric.json", "--json" } << 0 << 0 << "LFP-WD-MISSING";
        QTest::newRow("severity filter keeps exit 1")
            << QStringList { "check", d + "/mtu-mismatch/fabric.json", "--json", "--severity", "error" } << 1 << 1 << "LFP-LINK-MTU-MISMATCH";
    }

    void cliCheck()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(int, errors);
        QFETCH(QString, code);
        const CliRun r = runCli(args);
        QVERIFY2(r.exitCode == exitCode, qPrintable(QStringLiteral("exit %1, stderr: %2").arg(r.exitCode).arg(QString::fromUtf8(r.err))));
        nlohmann::json j;
        try {
            j = nlohmann::json::parse(r.out.toStdString());
        } catch (const std::exception& e) {
            QFAIL(qPrintable(QStringLiteral("stdout is not JSON: %1\n%2").arg(QString::fromUtf8(e.what()), QString::fromUtf8(r.out))));
        }
        QVERIFY(j.contains("file"));
        QVERIFY(j["findings"].is_array());
        QCOMPARE(j["summary"]["errors"].get<int>(), errors);
        QVERIFY(j["summary"].contains("warnings"));
        QVERIFY(j["summary"].contains("infos"));
        bool found = code.isEmpty();
        for (const auto& f : j["findings"]) {
            for (const char* key : { "severity", "code", "objects", "message", "evidence", "fix" })
                QVERIFY2(f.contains(key), key);
            for (const auto& e : f["evidence"])
                for (const char* key : { "name", "value", "unit", "note" })
                    QVERIFY2(e.contains(key), key);
            if (f["code"] == code.toStdString())
                found = true;
        }
        QVERIFY2(found, qPrintable(code));
        if (code.isEmpty())
            QCOMPARE(j["findings"].size(), std::size_t { 0 });
        // The JSON reads back as findings.
        QCOMPARE(findingsFromJson(j).size(), j["findings"].size());
    }

    void cliCheckText()
    {
        const CliRun r = runCli({ "check", kGoldenDir + "/mtu-mismatch/fabric.json" });
        QCOMPARE(r.exitCode, 1);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains("ERRORS"), qPrintable(out));
        QVERIFY(out.contains("LFP-LINK-MTU-MISMATCH"));
        QVERIFY(out.contains("leaf1:Ethernet32"));
        QVERIFY(out.contains("spine1:Ethernet0"));
        QVERIFY(out.contains("evidence: mtu = 1500 B"));
        QVERIFY(out.contains("fix:"));
        QVERIFY(out.contains("summary: 1 error, 0 warnings, 0 infos"));
    }

    void cliCheckInputErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("missing file") << QStringList { "check", "/nonexistent/fabric.json" };
        QTest::newRow("bad severity") << QStringList { "check", kGoldenDir + "/example-clean/fabric.json", "--severity", "fatal" };
        QTest::newRow("no file") << QStringList { "check" };
        QTest::newRow("bad revision of a json") << QStringList { "check", kGoldenDir + "/example-clean/fabric.json", "--revision", "x" };
    }

    void cliCheckInputErrors()
    {
        QFETCH(QStringList, args);
        const CliRun r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(!r.err.isEmpty());
    }

private:
    AsicCatalog m_catalog;
};

QTEST_GUILESS_MAIN(TestGolden)
#include "tst_golden.moc"
