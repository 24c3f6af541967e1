// SPDX-License-Identifier: GPL-3.0-or-later
// Help per finding code (gui/findinghelp.h): every registered code opens its explanation — the
// registry's title and templates (translated) and its docs/findings.md section — from Help ▸ Finding
// Codes and from the findings panel's "?".
#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers the model pulls in
#include "gui/application.h"
#include "gui/findinghelp.h"
#include "gui/findingsmodel.h"
#include "gui/findingspanel.h"
#include "gui/mainwindow.h"

#include "model/generators.h"
#include "planner/findingregistry.h"
#endif

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCoreApplication>
#include <QFile>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTest>
#include <QTextBrowser>
#include <QToolButton>

using namespace lfp;
using namespace lfp::gui;

class TstFindingHelp : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(installTranslations(QStringLiteral("en")));
    }

    // The shipped docs/findings.md is the repository's, and every registered code has its section there.
    void everyCodeHasItsExplanation()
    {
        QFile src(QStringLiteral(LFP_SOURCE_DIR "/docs/findings.md"));
        QVERIFY(src.open(QIODevice::ReadOnly));
        QCOMPARE(findingsDocument(), QString::fromUtf8(src.readAll()));
        for (const FindingType& t : findingTypes()) {
            const QString code = QString::fromUtf8(t.code);
            QVERIFY2(!findingDocSection(findingsDocument(), code).isEmpty(), t.code);
            const QString md = findingHelpMarkdown(code);
            QVERIFY(md.startsWith(QStringLiteral("## ") + code));
            QVERIFY2(md.contains(QStringLiteral("From docs/findings.md")), t.code);
        }
        QVERIFY(findingHelpMarkdown(QStringLiteral("LFP-NO-SUCH-CODE")).isEmpty());
    }

    // A "####" section ends at the next heading; a table row comes with its table's header.
    void sectionsAndRows()
    {
        const QString heading = findingDocSection(findingsDocument(), QStringLiteral("LFP-ASIC-SPEED-UNSUPPORTED"));
        QVERIFY(heading.contains(QStringLiteral("**Meaning:**")));
        QVERIFY(!heading.contains(QStringLiteral("####")));
        QVERIFY(!heading.contains(QStringLiteral("LFP-BUF-POOL-OVERCOMMITTED")));
        const QString row = findingDocSection(findingsDocument(), QStringLiteral("LFP-BUF-POOL-OVERCOMMITTED"));
        const QStringList lines = row.split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 3);
        QVERIFY(lines[0].startsWith(QStringLiteral("| code |")));
        QVERIFY(lines[2].startsWith(QStringLiteral("| `LFP-BUF-POOL-OVERCOMMITTED` |")));
        const QString md = findingHelpMarkdown(QStringLiteral("LFP-LINK-MTU-MISMATCH"));
        const FindingType* t = findingType("LFP-LINK-MTU-MISMATCH");
        QVERIFY(md.contains(QString::fromUtf8(t->title)));
        QVERIFY(md.contains(QStringLiteral("**Fix:**")));
    }

    // Chinese: titles and templates come translated (the texts of gui/findingtexts.cpp).
    void translated()
    {
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        const FindingType* t = findingType("LFP-LINK-MTU-MISMATCH");
        const QString zhTitle = QCoreApplication::translate("Finding", t->title);
        QVERIFY(zhTitle != QString::fromUtf8(t->title));
        const QString md = findingHelpMarkdown(QStringLiteral("LFP-LINK-MTU-MISMATCH"));
        QVERIFY(md.contains(zhTitle));
        QVERIFY(!md.contains(QStringLiteral("**Severity:**")));
        FindingCodesModel m;
        QCOMPARE(m.data(m.index(m.rowOf(QStringLiteral("LFP-LINK-MTU-MISMATCH"))), Qt::ToolTipRole).toString(), zhTitle);
        QVERIFY(installTranslations(QStringLiteral("en")));
    }

    void dialog()
    {
        FindingHelpDialog d;
        QAbstractItemModelTester t1(d.codesModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(d.filterModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(d.codesModel()->rowCount(), static_cast<int>(findingTypes().size()));
        QVERIFY(d.showCode(QStringLiteral("LFP-BUF-POOL-OVERCOMMITTED")));
        QCOMPARE(d.currentCode(), QStringLiteral("LFP-BUF-POOL-OVERCOMMITTED"));
        QVERIFY(d.browser()->toPlainText().contains(QStringLiteral("LFP-BUF-POOL-OVERCOMMITTED")));
        d.filterEdit()->setText(QStringLiteral("MTU-MISMATCH"));
        QVERIFY(d.filterModel()->rowCount() >= 1);
        QVERIFY(d.filterModel()->rowCount() < d.codesModel()->rowCount());
        // A code the filter hides: the filter is cleared so that the list shows it.
        QVERIFY(d.showCode(QStringLiteral("LFP-BUF-NO-ASIC")));
        QVERIFY(d.filterEdit()->text().isEmpty());
        QVERIFY(!d.showCode(QStringLiteral("LFP-NO-SUCH-CODE")));
        QCOMPARE(d.currentCode(), QStringLiteral("LFP-BUF-NO-ASIC"));
    }

    // Help ▸ Finding Codes, and "?" in the findings panel on the selected finding.
    void fromTheMainWindow()
    {
        MainWindow w;
        w.setQuiet(true);
        w.show();
        Fabric f = exampleFabric();
        f.nodes.front().asic = "no-such-asic"; // one finding: LFP-BUF-UNKNOWN-ASIC
        w.setFabric(f, {}, std::nullopt);
        QVERIFY(w.waitForChecks());
        auto* act = w.findChild<QAction*>(QStringLiteral("findingCodesAction"));
        QVERIFY(act);
        auto* help = w.menuBar()->findChild<QMenu*>(QStringLiteral("helpMenu"));
        QVERIFY(help && help->actions().contains(act));
        QVERIFY(w.selectFinding(QStringLiteral("LFP-BUF-UNKNOWN-ASIC")));
        auto* q = w.findingsPanel()->helpButton();
        QVERIFY(q);
        q->click();
        auto* d = w.findChild<FindingHelpDialog*>();
        QVERIFY(d && d->isVisible());
        QCOMPARE(d->currentCode(), QStringLiteral("LFP-BUF-UNKNOWN-ASIC"));
        act->trigger();
        QCOMPARE(w.findChildren<FindingHelpDialog*>().size(), 1); // one instance
    }
};

QTEST_MAIN(TstFindingHelp)
#include "tst_findinghelp.moc"
