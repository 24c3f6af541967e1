// SPDX-License-Identifier: GPL-3.0-or-later
// The Simplified Chinese translation is complete: resources/translations/lfp_zh_CN.ts has no unfinished
// entry, every finding title, message and fix template and every clause of the registry
// (planner/findings/findingregistry.cpp) has a Chinese translation in context "Finding", and each translation
// keeps exactly the {placeholders} of its source (a renamed or dropped placeholder would throw or
// show the wrong value at run time).
#ifndef Q_MOC_RUN // moc need not (and cannot) parse C++20 library headers
#include "planner/findings/findingregistry.h"
#endif

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QXmlStreamReader>
#include <QtTest>

#include <map>

using namespace lfp;

namespace {
struct TsEntry {
    QString context, source, translation;
    bool unfinished = false;
    bool numerus = false;
    int forms = 0; ///< numerusform elements
};

std::vector<TsEntry> readTs(const QString& path, QString* error)
{
    std::vector<TsEntry> out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = f.errorString();
        return out;
    }
    QXmlStreamReader xml(&f);
    QString context;
    TsEntry cur;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("context"))
            context.clear();
        else if (name == QLatin1String("name") && context.isEmpty())
            context = xml.readElementText();
        else if (name == QLatin1String("message"))
            cur = TsEntry { context, {}, {}, false, xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes"), 0 };
        else if (name == QLatin1String("source"))
            cur.source = xml.readElementText();
        else if (name == QLatin1String("translation")) {
            cur.unfinished = xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished");
            if (cur.numerus) { // each form separately, counted
                while (xml.readNextStartElement()) {
                    if (xml.name() == QLatin1String("numerusform")) {
                        const QString form = xml.readElementText();
                        cur.forms += form.trimmed().isEmpty() ? 0 : 1;
                        cur.translation += form;
                    } else {
                        xml.skipCurrentElement();
                    }
                }
            } else {
                cur.translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            }
            out.push_back(cur);
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    return out;
}

QSet<QString> placeholders(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("\\{[?*]?[A-Za-z_][A-Za-z0-9_]*\\}"));
    QSet<QString> out;
    for (auto m = re.globalMatch(text); m.hasNext();)
        out.insert(m.next().captured(0));
    return out;
}
} // namespace

class TestTranslations : public QObject {
    Q_OBJECT
private:
    std::vector<TsEntry> m_zh;

private slots:
    void initTestCase()
    {
        QString error;
        m_zh = readTs(QStringLiteral(LFP_SOURCE_DIR "/resources/translations/lfp_zh_CN.ts"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(m_zh.size() > 100);
    }

    /// English is the source language, but "%n link(s)" needs its singular and plural: lfp_en.ts
    /// (lupdate -pluralonly) holds every plural message of the sources, each with both forms, and no
    /// other message.
    void englishPluralsComplete()
    {
        QString error;
        const auto en = readTs(QStringLiteral(LFP_SOURCE_DIR "/resources/translations/lfp_en.ts"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QSet<QString> enKeys;
        QStringList bad;
        for (const auto& e : en) {
            enKeys.insert(e.context + QLatin1Char('|') + e.source);
            if (!e.numerus)
                bad << QStringLiteral("not a plural message: ") + e.source.left(80);
            else if (e.unfinished || e.forms != 2)
                bad << QStringLiteral("%1 of 2 forms: ").arg(e.forms) + e.source.left(80);
            else if (!e.translation.contains(QLatin1String("%n")))
                bad << QStringLiteral("a form without %n: ") + e.source.left(80);
        }
        for (const auto& z : m_zh)
            if (z.numerus && !enKeys.contains(z.context + QLatin1Char('|') + z.source))
                bad << QStringLiteral("missing from lfp_en.ts: ") + z.source.left(80);
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
        QVERIFY(en.size() >= 20);
    }

    void nothingUnfinished()
    {
        QStringList unfinished;
        for (const auto& e : m_zh)
            if (e.unfinished || e.translation.trimmed().isEmpty())
                unfinished << e.context + QStringLiteral(": ") + e.source.left(80);
        QVERIFY2(unfinished.isEmpty(), qPrintable(QStringLiteral("%1 unfinished in lfp_zh_CN.ts:\n").arg(unfinished.size()) + unfinished.join(QLatin1Char('\n'))));
    }

    void everyFindingTextHasAChineseTranslation()
    {
        std::map<QString, QString> finding;
        for (const auto& e : m_zh)
            if (e.context == QLatin1String("Finding") && !e.unfinished)
                finding[e.source] = e.translation;
        QStringList missing;
        auto need = [&](const char* code, const char* what, const char* text) {
            if (!text || !*text)
                return;
            const auto it = finding.find(QString::fromUtf8(text));
            if (it == finding.end() || it->second.trimmed().isEmpty())
                missing << QStringLiteral("%1 %2: %3").arg(QString::fromLatin1(code), QString::fromLatin1(what), QString::fromUtf8(text).left(70));
        };
        int texts = 0;
        for (const auto& t : findingTypes()) {
            need(t.code, "title", t.title);
            need(t.code, "message", t.message);
            need(t.code, "fix", t.fix);
            texts += 1 + (t.message ? 1 : 0) + (t.fix ? 1 : 0);
        }
        for (const auto& c : findingClauses()) {
            need(c.code, c.name, c.text);
            ++texts;
        }
        QVERIFY(texts > 150);
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("%1 finding texts without a Chinese translation (run scripts/gen-finding-texts, "
                                                              "update_translations, then translate):\n")
                                                   .arg(missing.size())
                + missing.join(QLatin1Char('\n'))));
    }

    void translationsKeepThePlaceholders()
    {
        QStringList wrong;
        int checked = 0;
        for (const auto& e : m_zh) {
            if (e.context != QLatin1String("Finding"))
                continue;
            ++checked;
            if (placeholders(e.source) != placeholders(e.translation))
                wrong << e.source.left(70) + QStringLiteral(" => ") + e.translation.left(70);
        }
        QVERIFY(checked > 150);
        QVERIFY2(wrong.isEmpty(), qPrintable(QStringLiteral("placeholders differ from the source:\n") + wrong.join(QLatin1Char('\n'))));
    }

    void placeholderCheckCatchesADroppedOne()
    {
        QVERIFY(placeholders(QStringLiteral("{a} and {?b}")) != placeholders(QStringLiteral("{a}")));
        QCOMPARE(placeholders(QStringLiteral("{a} {?b} {a}")), placeholders(QStringLiteral("{?b}：{a}")));
        QVERIFY(placeholders(QStringLiteral("{*a}")) != placeholders(QStringLiteral("{a}"))); // a list stays a list
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
