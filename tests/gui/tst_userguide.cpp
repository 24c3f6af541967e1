// SPDX-License-Identifier: GPL-3.0-or-later
// Help ▸ User Guide (F1; gui/dialogs/userguide.h, issue 38): the manual that the build makes from docs/
// (docs/CMakeLists.txt) opens in the interface's language, its first chapter (the tutorial of
// docs/user-guide.md, docs/zh_CN/user-guide.md) in view; every picture it shows is there; F1 in the
// findings panel still explains the selected finding's code.
#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers the model pulls in
#include "gui/application.h"
#include "gui/dialogs/findinghelp.h"
#include "gui/dialogs/userguide.h"
#include "gui/canvas/fabricview.h"
#include "gui/mainwindow.h"
#include "gui/views/findingspanel.h"
#include "model/generators.h"
#endif

#include <QAction>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QTableView>
#include <QTest>
#include <QTextBrowser>

using namespace lfp::gui;

namespace {

QString readText(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

/// The first "## " heading of a Markdown file (the first chapter's title), as plain text.
QString firstChapterTitle(const QString& markdownFile)
{
    for (const QString& line : readText(markdownFile).split(QLatin1Char('\n')))
        if (line.startsWith(QStringLiteral("## ")))
            return line.mid(3).remove(QLatin1Char('`')).trimmed();
    return {};
}

} // namespace

class TestUserGuide : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { QVERIFY(installTranslations(QStringLiteral("en"))); }

    void manualIsBuiltInBothLanguages()
    {
        const QString en = manualIndexFile(QStringLiteral("en"));
        const QString zh = manualIndexFile(QStringLiteral("zh_CN"));
        QVERIFY2(en.endsWith(QStringLiteral("/manual/en/index.html")), qPrintable(en));
        QVERIFY2(zh.endsWith(QStringLiteral("/manual/zh_CN/index.html")), qPrintable(zh));
        // Every picture of both pages is in the manual's images/ folder.
        for (const QString& page : { en, zh }) {
            const QString html = readText(page);
            int images = 0;
            static const QRegularExpression src(QStringLiteral("<img [^>]*src=\"([^\"]+)\""));
            for (auto it = src.globalMatch(html); it.hasNext(); ++images) {
                const QString file = QFileInfo(page).absolutePath() + QLatin1Char('/') + it.next().captured(1);
                QVERIFY2(QFileInfo::exists(file), qPrintable(page + QStringLiteral(": no ") + file));
            }
            QVERIFY2(images >= 3, qPrintable(page));
        }
    }

    void f1OpensTheGuide_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("markdown");
        QTest::newRow("en") << QStringLiteral("en") << QStringLiteral(LFP_SOURCE_DIR "/docs/user-guide.md");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral(LFP_SOURCE_DIR "/docs/zh_CN/user-guide.md");
    }
    void f1OpensTheGuide()
    {
        QFETCH(QString, language);
        QFETCH(QString, markdown);
        QVERIFY(installTranslations(language));
        const QString title = firstChapterTitle(markdown);
        QVERIFY2(title.size() > 10, qPrintable(markdown));

        MainWindow w;
        w.setQuiet(true);
        w.openExample();
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.view()->setFocus();
        QTest::keyClick(w.view(), Qt::Key_F1);
        auto* guide = w.findChild<UserGuideWindow*>(QStringLiteral("userGuideWindow"));
        QVERIFY2(guide && guide->isVisible(), "F1 did not open the user guide");
        QVERIFY2(guide->file().endsWith(QStringLiteral("/") + language + QStringLiteral("/index.html")), qPrintable(guide->file()));
        const QString text = guide->browser()->toPlainText();
        QVERIFY2(text.contains(title), qPrintable(QStringLiteral("the guide does not show \"%1\"").arg(title)));
        // The first chapter leads the contents.
        const qsizetype contents = text.indexOf(title);
        QVERIFY(contents >= 0 && contents < 400);
        // Help ▸ User Guide is the same action, with F1 on it.
        auto* act = w.findChild<QAction*>(QStringLiteral("userGuideAction"));
        QVERIFY(act);
        QCOMPARE(act->shortcut(), QKeySequence(QKeySequence::HelpContents));
        auto* help = w.menuBar()->findChild<QMenu*>(QStringLiteral("helpMenu"));
        QVERIFY(help && help->actions().contains(act));
        QCOMPARE(help->actions().value(0), act);
    }

    // In the findings panel F1 keeps explaining the selected finding's code, and opens no guide.
    void f1InTheFindingsPanelExplainsTheFinding()
    {
        MainWindow w;
        w.setQuiet(true);
        lfp::Fabric f = lfp::exampleFabric();
        f.nodes.front().asic = "no-such-asic"; // one finding: LFP-BUF-UNKNOWN-ASIC
        w.setFabric(f, {}, std::nullopt);
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.waitForChecks(60000));
        QVERIFY(w.selectFinding(QStringLiteral("LFP-BUF-UNKNOWN-ASIC")));
        QTableView* table = w.findingsPanel()->table();
        table->setFocus();
        QTest::keyClick(table, Qt::Key_F1);
        auto* help = w.findChild<FindingHelpDialog*>();
        QVERIFY2(help && help->isVisible(), "F1 in the findings panel did not explain the finding");
        QCOMPARE(help->currentCode(), QStringLiteral("LFP-BUF-UNKNOWN-ASIC"));
        auto* guide = w.findChild<UserGuideWindow*>(QStringLiteral("userGuideWindow"));
        QVERIFY(!guide || !guide->isVisible());
    }
};

QTEST_MAIN(TestUserGuide)
#include "tst_userguide.moc"
