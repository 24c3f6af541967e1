// SPDX-License-Identifier: GPL-3.0-or-later
// The finding registry: every code the sources can report is registered, every registered code is
// documented in docs/findings.md, and findings are rendered from the registry's templates.
#include "planner/findingregistry.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

#include <set>

using namespace lfp;

class TestFindingRegistry : public QObject {
    Q_OBJECT
private slots:
    void codesAreUniqueAndWellFormed()
    {
        std::set<std::string> seen;
        const QRegularExpression form(QStringLiteral("^LFP(-[A-Z0-9]+)+$"));
        for (const auto& t : findingTypes()) {
            QVERIFY2(seen.insert(t.code).second, t.code);
            QVERIFY2(form.match(QString::fromLatin1(t.code)).hasMatch(), t.code);
            QVERIFY2(t.title && *t.title, t.code);
        }
        QVERIFY(seen.size() >= 60);
    }

    void everyRegisteredCodeIsDocumented()
    {
        QFile f(QStringLiteral(LFP_SOURCE_DIR "/docs/findings.md"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString doc = QString::fromUtf8(f.readAll());
        QStringList missing;
        for (const auto& t : findingTypes()) {
            const QString code = QString::fromLatin1(t.code);
            // A heading "#### CODE — severity" or a table row "| `CODE` | severity | …".
            const bool heading = doc.contains(QStringLiteral("#### ") + code + QLatin1Char(' '));
            const bool row = doc.contains(QStringLiteral("| `") + code + QStringLiteral("` |"));
            if (!heading && !row)
                missing << code;
        }
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("not documented in docs/findings.md: ") + missing.join(QStringLiteral(", "))));
    }

    void everyCodeInTheSourcesIsRegistered()
    {
        const QRegularExpression literal(QStringLiteral("\"(LFP(?:-[A-Z0-9]+)+)\""));
        QStringList unregistered;
        int files = 0;
        for (const char* dir : { "model", "planner", "importers", "exporters", "document", "cli", "gui" }) {
            QDirIterator it(QStringLiteral(LFP_SOURCE_DIR "/") + QLatin1String(dir), { QStringLiteral("*.cpp"), QStringLiteral("*.h") }, QDir::Files,
                QDirIterator::Subdirectories);
            while (it.hasNext()) {
                QFile f(it.next());
                QVERIFY(f.open(QIODevice::ReadOnly));
                ++files;
                const QString text = QString::fromUtf8(f.readAll());
                for (auto m = literal.globalMatch(text); m.hasNext();) {
                    const QString code = m.next().captured(1);
                    if (!findingType(code.toStdString()) && !unregistered.contains(code))
                        unregistered << code;
                }
            }
        }
        QVERIFY(files > 50);
        QVERIFY2(unregistered.isEmpty(), qPrintable(QStringLiteral("used but not registered in planner/findingregistry.cpp: ") + unregistered.join(QStringLiteral(", "))));
    }

    void makeFindingRendersTemplates()
    {
        const Finding f = makeFinding("LFP-DRIFT-PORT-SPEED", { "leaf1:Ethernet0" }, FindingParams { { "running", "100G" }, { "planned", "400G" } });
        QCOMPARE(f.severity, Severity::Error);
        QCOMPARE(f.message, std::string("the port runs at 100G, the plan says 400G"));
        QVERIFY(!f.fix.empty());
        QCOMPARE(f.params.size(), std::size_t(2));
        QCOMPARE(renderTemplate("{{literal}} {a}", FindingParams { { "a", "x" } }), std::string("{literal} x"));
        QVERIFY_THROWS_EXCEPTION(std::logic_error, renderTemplate("{missing}", {}));
        QVERIFY_THROWS_EXCEPTION(std::logic_error, makeFinding("LFP-NO-SUCH-CODE", {}, "m", {}, "f"));
        // A code without templates takes the check's text; the severity may be overridden.
        const Finding g = makeFinding("LFP-NIC-PFC-MISMATCH", {}, "text", {}, "fix", Severity::Warning);
        QCOMPARE(g.severity, Severity::Warning);
        QCOMPARE(g.message, std::string("text"));
        QCOMPARE(findingAnchor("LFP-LINK-MTU-MISMATCH"), std::string("lfp-link-mtu-mismatch"));
    }
};

QTEST_GUILESS_MAIN(TestFindingRegistry)
#include "tst_findingregistry.moc"
