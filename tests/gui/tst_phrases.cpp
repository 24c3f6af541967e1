// SPDX-License-Identifier: GPL-3.0-or-later
// The planner's headroom terms and budget lines are translatable (issue 12, "complete Chinese";
// planner/findings/phrase.h, gui/phrasetext.h). Over every ASIC profile of resources/asics × speeds × cable
// lengths × MTUs (and the shared headroom pool, SONiC releases, 8-lane ports, gearboxes, vendor-table
// SKUs), thousands of headroom and budget runs:
//   (a) every English string field is render() of its phrase (the CLI and JSON print those strings);
//   (b) every template met has a finished, non-empty Chinese translation in lfp_zh_CN.ts, which the
//       embedded .qm gives through QTranslator (translate() ≠ the English), and every template of the
//       .ts contexts "HeadroomTerm" and "BudgetLine" is met by some run (no dead entry, no unreached path);
//   (c) each translation keeps exactly the %n placeholders of its template, and the translated text
//       (gui/phrasetext.h trPhrase) has no placeholder left;
//   and a verbatim (untranslated) text holds no English prose words.
#ifndef Q_MOC_RUN // moc need not (and cannot) parse C++20 library headers
#include "gui/views/budgetpanel.h"
#include "gui/views/headroomexplainer.h"
#include "gui/phrasetext.h"
#include "model/asiccatalog.h"
#include "model/qos.h"
#include "planner/buffer/budget.h"
#include "planner/buffer/headroom.h"

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTableWidget>
#include <QTranslator>
#include <QXmlStreamReader>
#include <QtTest>

#include <fmt/format.h>

#include <map>
#include <set>
#include <stdexcept>
#endif

using namespace lfp;
using namespace lfp::gui;

namespace {

struct TsEntry {
    QString translation;
    bool unfinished = false;
};

/// The messages of @p contexts in a .ts file, by (context, source).
std::map<std::pair<QString, QString>, TsEntry> readTs(const QString& path, const QSet<QString>& contexts, QString* error)
{
    std::map<std::pair<QString, QString>, TsEntry> out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = f.errorString();
        return out;
    }
    QXmlStreamReader xml(&f);
    QString context;
    QString source;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("context"))
            context.clear();
        else if (name == QLatin1String("name") && context.isEmpty())
            context = xml.readElementText();
        else if (name == QLatin1String("source"))
            source = xml.readElementText();
        else if (name == QLatin1String("translation") && contexts.contains(context)) {
            TsEntry e;
            e.unfinished = xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished");
            e.translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            out[{ context, source }] = e;
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    return out;
}

QSet<QString> placeholders(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("%[1-9][0-9]?"));
    QSet<QString> out;
    for (auto m = re.globalMatch(text); m.hasNext();)
        out.insert(m.next().captured(0));
    return out;
}

const AsicCatalog& catalog()
{
    static const AsicCatalog c = AsicCatalog::loadDefault();
    return c;
}

/// The profiles of resources/asics, plus synthetic variants that reach the budget's remaining pool
/// formulas (a percentage pool, several ingress pools sharing what is left) and a tiny buffer that
/// over-commits.
std::vector<AsicProfile> profiles()
{
    std::vector<AsicProfile> out = catalog().all();
    if (const AsicProfile* base = catalog().find("tomahawk")) {
        AsicProfile split = *base;
        split.id = "tomahawk-split-pools";
        split.pools = { { "ingress_lossless_pool", PoolDirection::Ingress, PoolMode::Dynamic, std::nullopt, std::nullopt },
            { "ingress_lossy_pool", PoolDirection::Ingress, PoolMode::Dynamic, std::nullopt, std::nullopt },
            { "ingress_mirror_pool", PoolDirection::Ingress, PoolMode::Dynamic, std::nullopt, 10.0 },
            { "egress_lossless_pool", PoolDirection::Egress, PoolMode::Static, Bytes(1 << 20), std::nullopt } };
        out.push_back(split);
    }
    if (const AsicProfile* base = catalog().find("spectrum-2")) {
        AsicProfile tiny = *base;
        tiny.id = "spectrum-2-tiny";
        tiny.totalBuffer = Bytes(256 * 1024);
        out.push_back(tiny);
    }
    return out;
}

/// One switch with @p ports ports of @p mbps, each linked to a host over @p cable metres; lossless
/// priorities @p lossless (none: a lossy-only policy).
Fabric singleSwitch(const AsicProfile& asic, int ports, double cable, std::int64_t mbps, int mtu, int lanes, std::vector<int> lossless,
    NodeBufferSettings settings, const std::string& model)
{
    Fabric f;
    f.name = "phrases";
    f.asics.push_back(asic); // the fabric's own profile (synthetic ones are not in the catalogue)
    QosPolicy p = defaultRocePolicy();
    p.losslessPriorities = lossless;
    p.tcToPg.fill(0);
    for (int l : lossless)
        p.tcToPg[static_cast<std::size_t>(l)] = l;
    f.policies.push_back(p);
    f.bindings = { { Role::Leaf, p.name }, { Role::Host, p.name } };
    Node sw;
    sw.name = "leaf1";
    sw.role = Role::Leaf;
    sw.asic = asic.id;
    sw.model = model;
    sw.buffer = settings;
    for (int i = 0; i < ports; ++i)
        sw.ports.push_back({ fmt::format("Ethernet{}", i * 4), BitsPerSecond(mbps * 1'000'000), lanes, mtu, Fec::Rs528, {} });
    f.nodes.push_back(sw);
    for (int i = 0; i < ports; ++i) {
        Node h;
        h.name = fmt::format("h{}", i);
        h.role = Role::Host;
        h.ports.push_back({ "eth0", BitsPerSecond(mbps * 1'000'000), lanes, mtu, Fec::Rs528, {} });
        f.nodes.push_back(h);
        // Every other port a little longer: two lossless profiles on the switch.
        f.links.push_back({ { "leaf1", fmt::format("Ethernet{}", i * 4) }, { h.name, "eth0" }, Metres(cable + (i % 2) * 7.5), Medium::Dac, LinkOrigin::Planned });
    }
    return f;
}

// 2.5G and 56G: not in SONiC's pause-quanta table (the Spectrum fallback), nor in any vendor table.
const std::vector<std::int64_t> kSpeedsMbps { 2'500, 10'000, 25'000, 56'000, 40'000, 50'000, 100'000, 200'000, 400'000, 800'000, 1'600'000 };
const std::vector<double> kCables { 0, 1, 3, 5, 7.5, 10, 40, 100, 300, 1000, 2000 };
const std::vector<int> kMtus { 1500, 4200, 9100 };

} // namespace

class TestPhrases : public QObject {
    Q_OBJECT
private:
    /// Every translatable template met: (context, English template) → an example phrase using it.
    std::map<std::pair<std::string, std::string>, Phrase> m_templates;
    /// Every distinct phrase met (by context and English rendering): translated once after the runs.
    std::map<std::string, Phrase> m_phrases;
    std::set<std::string> m_verbatim;
    QStringList m_mismatches;
    int m_headroomRuns = 0;
    int m_budgetRuns = 0;
    int m_refused = 0;

    void collect(const Phrase& p)
    {
        if (p.empty())
            return;
        if (p.verbatim)
            m_verbatim.insert(p.text);
        else
            m_templates.emplace(std::make_pair(std::string(p.context ? p.context : ""), p.text), p);
        for (const auto& a : p.args)
            if (!a.nested.empty())
                collect(a.nested.front());
    }

    void expect(const std::string& field, const Phrase& p, const char* what, const std::string& where)
    {
        const std::string r = render(p);
        if (r != field && m_mismatches.size() < 20)
            m_mismatches << QString::fromStdString(fmt::format("{} {}: \"{}\" != render \"{}\"", where, what, field, r));
        if (!p.empty() && m_phrases.emplace(r + '\x1f' + (p.context ? p.context : ""), p).second)
            collect(p);
    }

    void checkHeadroom(const HeadroomResult& r, const std::string& where)
    {
        expect(r.version, r.versionPhrase, "version", where);
        QVERIFY2(!r.versionPhrase.empty(), where.c_str());
        for (const HeadroomTerm& t : r.terms) {
            const std::string w = where + " " + t.name;
            expect(t.unit, t.unitPhrase, "unit", w);
            expect(t.formula, t.formulaPhrase, "formula", w);
            expect(t.source, t.sourcePhrase, "source", w);
            if (t.formulaPhrase.empty() || t.sourcePhrase.empty() || t.unitPhrase.empty())
                m_mismatches << QString::fromStdString(w + ": a term without its phrases");
        }
    }

    void checkBudget(const SwitchBudget& b, const std::string& where)
    {
        for (const BudgetLine& l : b.lines) {
            const std::string w = where + " " + l.category + " " + l.name;
            expect(l.name, l.namePhrase, "name", w);
            expect(l.formula, l.formulaPhrase, "formula", w);
            expect(l.source, l.sourcePhrase, "source", w);
            if (l.namePhrase.empty() || (l.formulaPhrase.empty() && !l.formula.empty()))
                m_mismatches << QString::fromStdString(w + ": a line without its phrases");
        }
        for (const PoolSize& p : b.pools)
            expect(p.formula, p.formulaPhrase, "pool formula", where + " " + p.name);
        for (const PortBudget& p : b.ports)
            if (p.headroom)
                checkHeadroom(*p.headroom, where + " " + p.port);
    }

private slots:
    void renderAndSubstitute()
    {
        // Placeholders: one pass, nested phrases rendered, a missing argument left as it is.
        const Phrase inner = makePhrase("HeadroomTerm", "%1 pause quanta × 512 BT (%2G entry)", "394", "100");
        const Phrase outer = makePhrase("HeadroomTerm", "peer reaction, IEEE 802.3 Annex 31B.3.7: %1", inner);
        QCOMPARE(render(outer), std::string("peer reaction, IEEE 802.3 Annex 31B.3.7: 394 pause quanta × 512 BT (100G entry)"));
        QCOMPARE(substitutePlaceholders("%2-%1-%3 %%1", { "a", "%1" }), std::string("%1-a-%3 %a"));
        QCOMPARE(substitutePlaceholders("%10 %1", { "a" }), std::string("a0 a"));
        QCOMPARE(render(verbatimPhrase("ceil(%1)", "x")), std::string("ceil(x)"));
        // Without a translator the GUI's text is the English one.
        QCOMPARE(trPhrase(outer), QString::fromStdString(render(outer)));
    }

    void headroomOverAllInputs()
    {
        const SonicRelease releases[] = { SonicRelease::Head, SonicRelease::Legacy, SonicRelease::Pr3235 };
        for (const AsicProfile& asic : profiles()) {
            const bool spectrum = asic.headroomModel == "spectrum";
            std::vector<std::string> skus { "" };
            for (const auto& t : asic.pgLookup)
                skus.push_back(t.sku);
            if (!asic.pgLookup.empty())
                skus.push_back("no-such-sku");
            for (const auto mbps : kSpeedsMbps)
                for (const double cable : kCables)
                    for (const int mtu : kMtus)
                        for (const double ratio : { 0.0, 2.0 })
                            for (const SonicRelease rel : releases)
                                for (const int lanes : { 4, 8 })
                                    for (const double gearbox : { 0.0, 400.0 })
                                        for (const auto& sku : skus) {
                                            // Releases, lanes and gearboxes only change the Spectrum model; SKUs only vendor tables.
                                            if (!spectrum && (rel != SonicRelease::Head || lanes != 4))
                                                continue;
                                            if (gearbox != 0 && (mtu != 9100 || ratio != 0))
                                                continue;
                                            if (!sku.empty() && (mtu != 9100 || ratio != 0))
                                                continue;
                                            HeadroomInput in;
                                            in.speed = BitsPerSecond(mbps * 1'000'000);
                                            in.cable = Metres(cable);
                                            in.portMtu = Bytes(mtu);
                                            in.lanes = lanes;
                                            in.sharedHeadroomRatio = ratio;
                                            in.release = rel;
                                            in.gearboxDelay = Nanoseconds(gearbox);
                                            in.sku = sku;
                                            const std::string where = fmt::format("{} {}M {}m mtu {} shp {} {} {} lanes gearbox {} sku {}", asic.id, mbps, cable,
                                                mtu, ratio, toString(rel), lanes, gearbox, sku);
                                            try {
                                                const HeadroomResult r = computeHeadroom(asic, in);
                                                ++m_headroomRuns;
                                                checkHeadroom(r, where);
                                            } catch (const std::invalid_argument&) {
                                                ++m_refused; // e.g. Spectrum above 800G: no published pause quanta
                                            }
                                        }
        }
        qInfo("%d headroom runs (%d inputs refused), %zu distinct phrases", m_headroomRuns, m_refused, m_phrases.size());
        QVERIFY(m_headroomRuns > 5000);
        QVERIFY2(m_mismatches.isEmpty(), qPrintable(m_mismatches.join(QLatin1Char('\n'))));
    }

    void budgetOverAllInputs()
    {
        const std::vector<std::int64_t> speeds { 10'000, 25'000, 100'000, 200'000, 400'000, 800'000 };
        const std::vector<double> cables { 0, 5, 40, 300, 2000 };
        for (const AsicProfile& asic : profiles()) {
            const bool spectrum = asic.headroomModel == "spectrum";
            std::vector<std::string> models { "" };
            for (const auto& t : asic.pgLookup)
                models.push_back(t.sku);
            for (const auto mbps : speeds)
                for (const double cable : cables)
                    for (const int mtu : { 1500, 9100 })
                        for (const double ratio : { 0.0, 2.0 })
                            for (const int lanes : { 4, 8 })
                                for (const auto& lossless : { std::vector<int> { 3, 4 }, std::vector<int> { 3 }, std::vector<int> {} })
                                    for (const auto& model : models) {
                                        if (!spectrum && lanes != 4)
                                            continue;
                                        if (lossless.size() != 2 && (mtu != 9100 || lanes != 4))
                                            continue;
                                        if (!model.empty() && (mtu != 9100 || lanes != 4 || lossless.size() != 2))
                                            continue;
                                        NodeBufferSettings settings;
                                        if (ratio > 0)
                                            settings.overSubscribeRatio = ratio;
                                        const int ports = cable >= 2000 ? 32 : 4;
                                        const Fabric f = singleSwitch(asic, ports, cable, mbps, mtu, lanes, lossless, settings, model);
                                        const std::string where = fmt::format("budget {} {}M {}m mtu {} shp {} lanes {} lossless {} model {}", asic.id, mbps, cable, mtu,
                                            ratio, lanes, lossless.size(), model);
                                        try {
                                            const SwitchBudget b = computeBudget(f, f.nodes.front(), asic);
                                            ++m_budgetRuns;
                                            checkBudget(b, where);
                                        } catch (const std::invalid_argument&) {
                                            ++m_refused;
                                        }
                                    }
        }
        qInfo("%d budget runs, %zu distinct phrases, %zu templates", m_budgetRuns, m_phrases.size(), m_templates.size());
        QVERIFY(m_budgetRuns > 2000);
        QVERIFY2(m_mismatches.isEmpty(), qPrintable(m_mismatches.join(QLatin1Char('\n'))));
    }

    void everyTemplateTranslated()
    {
        QVERIFY(m_templates.size() > 80);
        QString error;
        const QSet<QString> contexts { QStringLiteral("HeadroomTerm"), QStringLiteral("BudgetLine") };
        const auto ts = readTs(QStringLiteral(LFP_SOURCE_DIR "/resources/translations/lfp_zh_CN.ts"), contexts, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QTranslator zh;
        QVERIFY(zh.load(QStringLiteral(":/i18n/lfp_zh_CN.qm")));
        QVERIFY(QCoreApplication::installTranslator(&zh));

        QStringList missing, placeholderDiff, leftover;
        std::set<std::pair<QString, QString>> met;
        for (const auto& [key, example] : m_templates) {
            const QString ctx = QString::fromStdString(key.first);
            const QString src = QString::fromStdString(key.second);
            met.insert({ ctx, src });
            const auto it = ts.find({ ctx, src });
            const QString qm = QCoreApplication::translate(key.first.c_str(), key.second.c_str());
            if (ctx.isEmpty() || it == ts.end() || it->second.unfinished || it->second.translation.trimmed().isEmpty() || qm == src || qm.trimmed().isEmpty()) {
                missing << ctx + QStringLiteral(": ") + src;
                continue;
            }
            if (placeholders(it->second.translation) != placeholders(src))
                placeholderDiff << src + QStringLiteral(" => ") + it->second.translation;
        }
        // Every translated phrase met: no %n left (a placeholder dropped or renumbered in a nested one).
        static const QRegularExpression placeholder(QStringLiteral("%[1-9]"));
        for (const auto& [english, p] : m_phrases) {
            const QString zhText = trPhrase(p);
            if (zhText.contains(placeholder))
                leftover << QString::fromStdString(render(p)) + QStringLiteral(" => ") + zhText;
        }
        // Every entry of the two contexts is met: the runs reach every template (no dead translation).
        QStringList unreached;
        for (const auto& [key, entry] : ts)
            if (!met.count(key))
                unreached << key.first + QStringLiteral(": ") + key.second;
        QCoreApplication::removeTranslator(&zh);
        qInfo("%zu templates translated, %zu distinct phrases checked", m_templates.size(), m_phrases.size());
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("%1 templates without a finished Chinese translation (update_translations, then translate):\n").arg(missing.size())
                                        + missing.join(QLatin1Char('\n'))));
        QVERIFY2(placeholderDiff.isEmpty(), qPrintable(QStringLiteral("placeholders differ:\n") + placeholderDiff.join(QLatin1Char('\n'))));
        QVERIFY2(leftover.isEmpty(), qPrintable(QStringLiteral("placeholders left:\n") + leftover.mid(0, 20).join(QLatin1Char('\n'))));
        QVERIFY2(unreached.isEmpty(), qPrintable(QStringLiteral("templates no run reaches:\n") + unreached.join(QLatin1Char('\n'))));
    }

    void viewsShowChinese()
    {
        // The headroom explainer's terms table and the budget panel's lines and pools, in Chinese:
        // the English prose of the planner is gone, identifiers and formulas stay.
        QTranslator zh;
        QVERIFY(zh.load(QStringLiteral(":/i18n/lfp_zh_CN.qm")));
        QCoreApplication::installTranslator(&zh);
        HeadroomInput in;
        in.speed = BitsPerSecond(400'000'000'000);
        in.cable = Metres(40);
        HeadroomTermsModel terms;
        terms.setTerms(computeHeadroom(*catalog().find("trident-4"), in).terms); // Broadcom XGS without a vendor table: the IEEE terms
        QStringList formulas;
        for (int r = 0; r < terms.rowCount(); ++r) {
            formulas << terms.index(r, HeadroomTermsModel::FormulaColumn).data().toString();
            if (terms.index(r, HeadroomTermsModel::TermColumn).data().toString() == QLatin1String("d_response"))
                QCOMPARE(terms.index(r, HeadroomTermsModel::FormulaColumn).data().toString(), QStringLiteral("对端响应，IEEE 802.3 Annex 31B.3.7：905 个暂停量子 × 512 BT（400G 表项）"));
        }
        QVERIFY2(formulas.join(QLatin1Char('\n')).contains(QStringLiteral("端口速率；1 比特时间（BT）= 1/speed")), qPrintable(formulas.join(QLatin1Char('\n'))));
        QVERIFY(terms.index(0, HeadroomTermsModel::SourceColumn).data().toString().contains(QStringLiteral("时延预算")));

        const Fabric f = singleSwitch(*catalog().find("spectrum-3"), 4, 5, 100'000, 9100, 4, { 3, 4 }, {}, "");
        BudgetPanel panel;
        const BudgetContext ctx(f);
        panel.showSwitch(ctx, catalog(), 0);
        QStringList names;
        for (int r = 0; r < panel.linesTable()->rowCount(); ++r)
            names << panel.linesTable()->item(r, 1)->text();
        QVERIFY2(names.contains(QStringLiteral("出方向队列预留")) && names.contains(QStringLiteral("管理 PG")), qPrintable(names.join(QLatin1Char('|'))));
        QVERIFY2(names.contains(QStringLiteral("pg_lossless_100000_5m_profile")), qPrintable(names.join(QLatin1Char('|')))); // identifiers stay
        QStringList pools;
        for (int r = 0; r < panel.poolsTable()->rowCount(); ++r)
            pools << panel.poolsTable()->item(r, 4)->text();
        QVERIFY2(pools.contains(QStringLiteral("可用量/2（未指定大小的入方向缓冲池均分）")), qPrintable(pools.join(QLatin1Char('|'))));
        QCoreApplication::removeTranslator(&zh);
    }

    void verbatimTextsAreNoProse()
    {
        // Identifiers, formulas and paths stay English; a sentence must be a translatable template.
        static const QRegularExpression prose(QStringLiteral("\\b(the|of|per|when|from|with|without|and|is|not|on|at|in|to|as|for|each)\\b"));
        QStringList wrong;
        for (const auto& v : m_verbatim) {
            const QString t = QString::fromStdString(v);
            if (t.contains(prose))
                wrong << t;
        }
        QVERIFY(m_verbatim.size() > 20);
        QVERIFY2(wrong.isEmpty(), qPrintable(QStringLiteral("verbatim texts with English words:\n") + wrong.join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestPhrases)
#include "tst_phrases.moc"
