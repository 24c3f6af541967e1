// SPDX-License-Identifier: GPL-3.0-or-later
// Help per finding code (gui/dialogs/findinghelp.h): every registered code opens its explanation — the
// registry's title and templates (translated) and its docs/findings.md section — from Help ▸ Finding
// Codes and from the findings panel's "?".
#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers the model pulls in
#include "gui/application.h"
#include "gui/dialogs/findinghelp.h"
#include "gui/models/findingsmodel.h"
#include "gui/views/findingspanel.h"
#include "gui/mainwindow.h"

#include "model/generators.h"
#include "planner/findings/findingregistry.h"
#endif

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCoreApplication>
#include <QFile>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTest>
#include <QTextBrowser>
#include <QToolButton>

#include <map>
#include <utility>

using namespace lfp;
using namespace lfp::gui;


namespace {
/// The facts of a piece of Markdown that a translation must keep: fenced blocks (verbatim), code spans
/// (whitespace collapsed: a span may break across lines), URLs and relative links (without the
/// leading ../ of docs/zh_CN/, and not the link between the two language files) and the numbers in the
/// prose, each sorted.
QStringList markdownFacts(QString t)
{
    QStringList out;
    const auto take = [&](const QRegularExpression& re, const QString& kind, auto norm) {
        for (auto it = re.globalMatch(t); it.hasNext();) {
            const QString v = norm(it.next().captured(0));
            if (!v.isEmpty())
                out << kind + QLatin1Char(' ') + v;
        }
        t.replace(re, QStringLiteral(" "));
    };
    const auto same = [](const QString& v) { return v; };
    take(QRegularExpression(QStringLiteral("```.*?```"), QRegularExpression::DotMatchesEverythingOption), QStringLiteral("fence"), same);
    take(QRegularExpression(QStringLiteral("`[^`]+`")), QStringLiteral("code"),
        [](const QString& v) { return v.simplified(); });
    take(QRegularExpression(QStringLiteral("https?://[!-~]+")), QStringLiteral("url"), [](QString v) {
        while (!v.isEmpty() && QStringLiteral(".,;:").contains(v.back()))
            v.chop(1);
        if (v.endsWith(QLatin1Char(')')) && v.count(QLatin1Char('(')) < v.count(QLatin1Char(')')))
            v.chop(1);
        return v;
    });
    take(QRegularExpression(QStringLiteral("\\]\\(([^)]+)\\)")), QStringLiteral("link"), [](QString v) {
        v = v.mid(2, v.size() - 3); // "](x)" → x
        while (v.startsWith(QStringLiteral("../")))
            v = v.mid(3);
        return v.endsWith(QStringLiteral("findings.md")) ? QString() : v;
    });
    take(QRegularExpression(QStringLiteral("(?<![A-Za-z0-9_.])\\d+(?:[.,]\\d+)*(?![A-Za-z0-9_])")), QStringLiteral("number"), same);
    out.sort();
    return out;
}

/// @p markdown split into its code sections ("#### CODE …" up to the next heading or rule, or a table
/// row "| `CODE` | …") and the rest.
std::pair<std::map<QString, QString>, QString> splitFindingDoc(const QString& markdown)
{
    static const QRegularExpression heading(QStringLiteral("^#+ (LFP-[A-Z0-9-]+)"));
    static const QRegularExpression row(QStringLiteral("^\\| `(LFP-[A-Z0-9-]+)` \\|"));
    std::map<QString, QString> codes;
    QString rest, current;
    for (const QString& l : markdown.split(QLatin1Char('\n'))) {
        if (l.startsWith(QLatin1Char('#'))) {
            const auto m = heading.match(l);
            current = m.hasMatch() ? m.captured(1) : QString();
            if (!current.isEmpty())
                codes[current];
            continue;
        }
        if (l.trimmed() == QStringLiteral("---")) {
            current.clear();
            continue;
        }
        if (const auto m = row.match(l); m.hasMatch()) {
            codes[m.captured(1)] = l;
            continue;
        }
        (current.isEmpty() ? rest : codes[current]) += l + QLatin1Char('\n');
    }
    return { codes, rest };
}
} // namespace

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

    // docs/zh_CN/findings.md, shipped as :/docs/zh_CN/findings.md, explains exactly the codes
    // docs/findings.md explains: a code's section is missing in neither, a table row keeps its table's
    // columns, and the section is Chinese.
    void chineseDocumentCoversTheSameCodes()
    {
        QFile src(QStringLiteral(LFP_SOURCE_DIR "/docs/zh_CN/findings.md"));
        QVERIFY(src.open(QIODevice::ReadOnly));
        const QString zhDoc = QString::fromUtf8(src.readAll());
        QCOMPARE(findingsDocument(QStringLiteral("zh_CN")), zhDoc);
        const QString enDoc = findingsDocument();
        const auto cells = [](const QString& row) { return row.count(QLatin1Char('|')) - row.count(QStringLiteral("\\|")); };
        const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        QStringList missing, extra;
        for (const FindingType& t : findingTypes()) {
            const QString code = QString::fromUtf8(t.code);
            const QString en = findingDocSection(enDoc, code);
            const QString zh = findingDocSection(zhDoc, code);
            if (!en.isEmpty() && zh.isEmpty())
                missing << code;
            if (en.isEmpty() && !zh.isEmpty())
                extra << code;
            if (en.isEmpty() || zh.isEmpty())
                continue;
            QVERIFY2(zh.contains(cjk), t.code);
            QVERIFY2(zh != en, t.code);
            const QStringList enLines = en.split(QLatin1Char('\n')), zhLines = zh.split(QLatin1Char('\n'));
            QCOMPARE(enLines.first().startsWith(QLatin1Char('|')), zhLines.first().startsWith(QLatin1Char('|')));
            if (enLines.first().startsWith(QLatin1Char('|'))) { // a table row with its header
                QCOMPARE(zhLines.size(), enLines.size());
                for (qsizetype i = 0; i < enLines.size(); ++i)
                    QVERIFY2(cells(zhLines[i]) == cells(enLines[i]), qPrintable(code + QStringLiteral(": ") + zhLines[i]));
            }
        }
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("no section in docs/zh_CN/findings.md: ") + missing.join(QStringLiteral(", "))));
        QVERIFY2(extra.isEmpty(), qPrintable(QStringLiteral("only in docs/zh_CN/findings.md: ") + extra.join(QStringLiteral(", "))));
        // Every code the Chinese file names in a heading or a row is one the English file explains.
        const QRegularExpression named(QStringLiteral("^(?:#+ (LFP-[A-Z0-9-]+)|\\| `(LFP-[A-Z0-9-]+)` \\|)"), QRegularExpression::MultilineOption);
        for (auto it = named.globalMatch(zhDoc); it.hasNext();) {
            const auto m = it.next();
            const QString code = m.captured(1).isEmpty() ? m.captured(2) : m.captured(1);
            QVERIFY2(!findingDocSection(enDoc, code).isEmpty(), qPrintable(code));
        }
    }

    // The Chinese document states the same facts as the English one, section by section: every code
    // section and the text around them keep the same code spans, commands, URLs, links and numbers
    // (a translation that fell behind an English edit — a new paragraph, a changed figure — fails).
    void chineseDocumentStatesTheSameFacts()
    {
        QFile en(QStringLiteral(LFP_SOURCE_DIR "/docs/findings.md")), zh(QStringLiteral(LFP_SOURCE_DIR "/docs/zh_CN/findings.md"));
        QVERIFY(en.open(QIODevice::ReadOnly) && zh.open(QIODevice::ReadOnly));
        const auto [enCodes, enRest] = splitFindingDoc(QString::fromUtf8(en.readAll()));
        const auto [zhCodes, zhRest] = splitFindingDoc(QString::fromUtf8(zh.readAll()));
        QVERIFY(enCodes.size() > 50);
        QStringList drift;
        const auto compare = [&](const QString& where, const QString& a, const QString& b) {
            const QStringList fa = markdownFacts(a), fb = markdownFacts(b);
            if (fa == fb)
                return;
            QStringList onlyEn, onlyZh;
            for (const QString& f : fa)
                if (!fb.contains(f))
                    onlyEn << f;
            for (const QString& f : fb)
                if (!fa.contains(f))
                    onlyZh << f;
            drift << QStringLiteral("%1: only in English: [%2]; only in Chinese: [%3]").arg(where, onlyEn.join(QStringLiteral(" | ")), onlyZh.join(QStringLiteral(" | ")));
        };
        for (const auto& [code, text] : enCodes)
            compare(code, text, zhCodes.count(code) ? zhCodes.at(code) : QString());
        compare(QStringLiteral("the text outside the code sections"), enRest, zhRest);
        QVERIFY2(drift.isEmpty(), qPrintable(drift.join(QLatin1Char('\n'))));
        // The comparison sees a drift: a changed figure in the Chinese text.
        QVERIFY(markdownFacts(QStringLiteral("xoff 146 KiB, `lfp check`")) != markdownFacts(QStringLiteral("xoff 145 KiB，`lfp check`")));
        QCOMPARE(markdownFacts(QStringLiteral("see [x](formulas.md) at https://a.b/c.")), markdownFacts(QStringLiteral("见 [x](../formulas.md)（https://a.b/c）。")));
    }

    // Under the Chinese UI the help shows the code's Chinese section under a Chinese heading; a code
    // the Chinese file lacks falls back to the English section, said to be English.
    void chineseHelpShowsTheChineseSection()
    {
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        const QString zhDoc = findingsDocument(QStringLiteral("zh_CN"));
        for (const char* c : { "LFP-LINK-MTU-MISMATCH", "LFP-BUF-POOL-OVERCOMMITTED", "LFP-DRIFT-PORT-MTU", "LFP-COUNTERS-LOSSLESS-DROP" }) {
            const QString code = QString::fromLatin1(c);
            const QString zh = findingDocSection(zhDoc, code);
            const QString en = findingDocSection(findingsDocument(), code);
            QVERIFY2(!zh.isEmpty(), c);
            const QString md = findingHelpMarkdown(code);
            QVERIFY2(md.contains(zh), c);
            QVERIFY2(!md.contains(en), c);
            QVERIFY2(md.contains(QStringLiteral("### 摘自 docs/zh_CN/findings.md")), c);
            QVERIFY2(!md.contains(QStringLiteral("From docs/findings.md")), c);
            QCOMPARE(findingHelpMarkdown(code, QStringLiteral("zh_CN")), md);
        }
        // The English UI keeps the English section, whatever the Chinese file says.
        const QString enMd = findingHelpMarkdown(QStringLiteral("LFP-LINK-MTU-MISMATCH"), QStringLiteral("en"));
        QVERIFY(enMd.contains(findingDocSection(findingsDocument(), QStringLiteral("LFP-LINK-MTU-MISMATCH"))));
        // Fallback: a Chinese document without the code.
        const QString part = findingDocPart(QStringLiteral("LFP-LINK-MTU-MISMATCH"), QStringLiteral("# 空\n"), findingsDocument());
        QVERIFY(part.contains(findingDocSection(findingsDocument(), QStringLiteral("LFP-LINK-MTU-MISMATCH"))));
        QVERIFY(part.startsWith(QStringLiteral("### 摘自 docs/findings.md（英文）")));
        QVERIFY(installTranslations(QStringLiteral("en")));
        QVERIFY(findingDocPart(QStringLiteral("LFP-LINK-MTU-MISMATCH"), QString(), findingsDocument()).startsWith(QStringLiteral("### From docs/findings.md (English)")));
        QVERIFY(!isChineseLanguage(QStringLiteral("en")));
        QVERIFY(isChineseLanguage(QStringLiteral("zh_CN")));
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
