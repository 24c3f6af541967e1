// SPDX-License-Identifier: GPL-3.0-or-later
#ifndef Q_MOC_RUN // moc cannot parse the C++20 library headers these pull in
#include "render/reviewpdf.h"
#include "exporters/review.h"
#include "planner/checks/storm.h"
#include "model/asiccatalog.h"
#include "model/errors.h"
#include "model/fabricjson.h"
#include "model/generators.h"
#include "planner/review/rollout.h"
#endif

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace lfp;

namespace {

struct Result {
    int code = -1;
    QByteArray out, err;
    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
};

Result lfpRun(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(LFP_CLI_PATH), args);
    if (!p.waitForFinished(120000))
        return {};
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, p.readAllStandardOutput(), p.readAllStandardError() };
}

/// The example with a second lossless priority on switches and NICs: DSCP 24 → priority 4, PFC on
/// 3 and 4, PG 4 and an ETS queue 4, and the NICs sending RoCE on DSCP 24 / priority 4.
Fabric secondLosslessPriority(Fabric f)
{
    for (auto& p : f.policies) {
        p.dscpToTc[24] = 4;
        p.tcToPg[4] = 4;
        p.losslessPriorities = { 3, 4 };
        for (auto& e : p.ets)
            if (e.queue == 0 || e.queue == 3)
                e.weight = 30;
        p.ets.push_back(EtsQueue { 4, SchedulerMode::Dwrr, 40 });
        std::sort(p.ets.begin(), p.ets.end(), [](const EtsQueue& a, const EtsQueue& b) { return a.queue < b.queue; });
        if (!p.ecn.empty())
            p.ecn[0].queues = { 3, 4 };
        p.classes.push_back(TrafficClass { 4, "RoCE-2" });
        p.nic.pfcBitmap = static_cast<std::uint8_t>((1u << 3) | (1u << 4));
        p.nic.rocePriority = 4;
        p.nic.roceDscp = 24;
    }
    return f;
}

std::vector<std::string> hostsOf(const Fabric& f)
{
    std::vector<std::string> out;
    for (const auto& n : f.nodes)
        if (!n.isSwitch())
            out.push_back(n.name);
    return out;
}

    /// The example with the leaf1–spine1 cable changed from 6 m to 300 m, as a two-revision project.
QString makeProject(QTemporaryDir& dir, QString* portOut = nullptr)
{
    Fabric f = exampleFabric();
    const QString proj = dir.filePath("ex.lfp");
    const QString json1 = dir.filePath("r1.json"), json2 = dir.filePath("r2.json");
    bool changed = false;
    {
        QFile out(json1);
        out.open(QIODevice::WriteOnly);
        out.write(QByteArray::fromStdString(fabricToJsonText(f)));
    }
    for (auto& l : f.links)
        if (!changed && ((l.a.node == "leaf1" && l.b.node == "spine1") || (l.a.node == "spine1" && l.b.node == "leaf1"))) {
            if (l.length.value() != 6)
                continue;
            l.length = Metres(300);
            changed = true;
            if (portOut)
                *portOut = QString::fromStdString(l.a.node == "leaf1" ? l.a.port : l.b.port);
        }
    {
        QFile out(json2);
        out.open(QIODevice::WriteOnly);
        out.write(QByteArray::fromStdString(fabricToJsonText(f)));
    }
    if (!changed)
        return {};
    if (lfpRun({ "convert", json1, proj, "-m", "6 m" }).code != 0 || lfpRun({ "convert", json2, proj, "-m", "300 m" }).code != 0)
        return {};
    return proj;
}


/// One switch on a copy of the Tomahawk 6 profile ("th6-nh4210", a project profile) whose lossless pool
/// is @p poolSize, with four 400G ports to hosts over 5 m (sonic-buildimage issue 28657: the shipped
/// NH-4210 pool, 258,035,400 B, does not fit with its xoff; 176,481,480 B does).
Fabric th6Switch(std::int64_t poolSize)
{
    Fabric f;
    f.name = "fit-review";
    f.policies.push_back(defaultRocePolicy());
    f.bindings = { { Role::Leaf, f.policies[0].name }, { Role::Host, f.policies[0].name } };
    Node sw;
    sw.name = "leaf1";
    sw.role = Role::Leaf;
    sw.asic = "th6-nh4210";
    for (int i = 0; i < 4; ++i)
        sw.ports.push_back({ "Ethernet" + std::to_string(i * 8), BitsPerSecond(400'000'000'000), 4, 9100, Fec::Rs544, {} });
    f.nodes.push_back(sw);
    for (int i = 0; i < 4; ++i) {
        Node h;
        h.name = "h" + std::to_string(i);
        h.role = Role::Host;
        h.ports.push_back({ "eth0", BitsPerSecond(400'000'000'000), 4, 9100, Fec::Rs544, {} });
        f.nodes.push_back(h);
        f.links.push_back({ { "leaf1", "Ethernet" + std::to_string(i * 8) }, { h.name, "eth0" }, Metres(5), Medium::Dac, LinkOrigin::Planned });
    }
    AsicProfile mine = *AsicCatalog::loadDefault().find("tomahawk-6");
    mine.id = "th6-nh4210";
    mine.pools.front().size = Bytes(poolSize);
    f.asics.push_back(mine);
    return f;
}

/// src= or href= to the network or to a file.
const QRegularExpression& externalResource()
{
    static const QRegularExpression rx(QStringLiteral("(src|href)\\s*=\\s*[\"']?\\s*(https?:|file:|//|[^\"'#\\s>]+\\.[a-z]{2,4})"),
        QRegularExpression::CaseInsensitiveOption);
    return rx;
}

} // namespace

class TestReview : public QObject {
    Q_OBJECT
private slots:
    void hybridTakesDevicesFromEachRevision()
    {
        const Fabric a = exampleFabric();
        const Fabric b = secondLosslessPriority(a);
        const Fabric h = hybridFabric(a, b, { "leaf1" });
        QVERIFY2(h.validate().empty(), h.validate().empty() ? "" : h.validate().front().c_str());
        const FabricIndex idx(h);
        const QosPolicy* onLeaf1 = idx.policyAt(Endpoint { "leaf1", h.findNode("leaf1")->ports[0].name });
        const QosPolicy* onLeaf2 = idx.policyAt(Endpoint { "leaf2", h.findNode("leaf2")->ports[0].name });
        QVERIFY(onLeaf1 && onLeaf2);
        QCOMPARE(onLeaf1->losslessPriorities, (std::vector<int> { 3, 4 }));
        QCOMPARE(onLeaf2->losslessPriorities, (std::vector<int> { 3 }));
        QVERIFY(hybridFabric(a, b, changedDevices(a, b)).nodes.size() == b.nodes.size());
        QCOMPARE(changedDevices(a, b).size(), b.nodes.size()); // the policy of every port changes
    }

    void secondLosslessPriorityRolloutIsSafeAndNaiveOrderIsNot()
    {
        const Fabric a = exampleFabric();
        const Fabric b = secondLosslessPriority(a);
        const AsicCatalog cat = AsicCatalog::loadDefault();
        const RolloutPlan plan = planRollout(a, b, cat);
        QVERIFY(!plan.steps.empty());
        for (const auto& s : plan.steps)
            QVERIFY2(s.findings.empty(), (s.label + ": " + (s.findings.empty() ? std::string() : s.findings.front().code + " " + s.findings.front().message)).c_str());
        QVERIFY(plan.safe);
        // Every changed device is in exactly one step, switches before the NICs they serve.
        std::set<std::string> seen;
        for (const auto& s : plan.steps)
            for (const auto& d : s.devices)
                QVERIFY(seen.insert(d).second);
        QCOMPARE(seen, changedDevices(a, b));
        QVERIFY(b.findNode(plan.steps.front().devices.front())->isSwitch());

        // The naive order: every NIC first, then the switches.
        RolloutOptions naive;
        naive.fixedOrder.push_back(hostsOf(b));
        std::vector<std::string> switches;
        for (const auto& n : b.nodes)
            if (n.isSwitch())
                switches.push_back(n.name);
        naive.fixedOrder.push_back(switches);
        const RolloutPlan bad = planRollout(a, b, cat, naive);
        QVERIFY(!bad.safe);
        QVERIFY(!bad.steps.empty());
        QVERIFY(!bad.steps.front().findings.empty());
        bool dscp = false;
        for (const auto& f : bad.steps.front().findings)
            dscp = dscp || f.code == "LFP-NIC-DSCP-MISMATCH";
        QVERIFY(dscp);
        QVERIFY(bad.steps.front().riskyLinks > 0);
    }

    void impactEqualsHeadroomAndBudget()
    {
        QTemporaryDir dir;
        QString port1;
        const QString proj = makeProject(dir, &port1);
        QVERIFY2(!proj.isEmpty(), "the example has no 6 m leaf1–spine1 link");
        const Result r = lfpRun({ "review", proj, "--base", "1", "--to", "2", "--json" });
        QVERIFY2(r.code == 0 || r.code == 1, r.err.constData());
        const QJsonObject j = r.json();
        for (const char* k : { "changes", "impact", "rollout", "devices" })
            QVERIFY2(j.contains(k), k);
        const QJsonObject impact = j["impact"].toObject();
        for (const char* k : { "ports", "switches", "findings", "deadlock" })
            QVERIFY2(impact.contains(k), k);
        QVERIFY(impact["findings"].toObject().contains("introduced") && impact["findings"].toObject().contains("resolved"));
        QVERIFY(impact["deadlock"].toObject().contains("before") && impact["deadlock"].toObject().contains("after"));
        // The change itself: typed, not double-encoded.
        const QJsonObject change = j["changes"].toArray()[0].toObject();
        QCOMPARE(change["type"].toString(), QString("link"));
        QCOMPARE(change["fields"].toArray()[0].toObject()["after"].toString(), QString("300m"));

        const QString port = "leaf1:" + port1;
        QJsonObject imp;
        for (const auto& p : impact["ports"].toArray())
            if (p.toObject()["port"].toString() == port)
                imp = p.toObject();
        QVERIFY2(!imp.isEmpty(), qPrintable("no impact line for " + port));

        // `lfp budget` of each revision gives the same xoff and pools.
        for (int rev : { 1, 2 }) {
            const Result b = lfpRun({ "budget", proj, "--switch", "leaf1", "-r", QString::number(rev), "--json" });
            QVERIFY2(b.code == 0 || b.code == 1, b.err.constData());
            const QJsonObject sw = b.json()["switches"].toArray()[0].toObject();
            double xoff = -1;
            QString speed;
            for (const auto& p : sw["ports"].toArray()) {
                const QJsonObject po = p.toObject();
                if (po["port"].toString() == port1) {
                    xoff = po["xoff"].toDouble();
                    speed = po["speed"].toString();
                }
            }
            const QJsonObject side = imp[rev == 1 ? "before" : "after"].toObject();
            QCOMPARE(side["xoff"].toDouble(), xoff);
            QJsonObject swImp;
            for (const auto& s : impact["switches"].toArray())
                if (s.toObject()["switch"].toString() == "leaf1")
                    swImp = s.toObject()[rev == 1 ? "before" : "after"].toObject();
            QVERIFY(!swImp.isEmpty());
            const QJsonArray pools = sw["pools"].toArray(), ipools = swImp["pools"].toArray();
            QCOMPARE(ipools.size(), pools.size());
            for (int i = 0; i < pools.size(); ++i) {
                QCOMPARE(ipools[i].toObject()["name"].toString(), pools[i].toObject()["name"].toString());
                QCOMPARE(ipools[i].toObject()["size"].toDouble(), pools[i].toObject()["size"].toDouble());
            }
            // And `lfp headroom` for that port's speed and cable.
            const Result h = lfpRun({ "headroom", "--asic", QString::fromStdString(exampleFabric().findNode("leaf1")->asic), "--speed", speed, "--cable",
                rev == 1 ? "6m" : "300m", "--json" });
            QCOMPARE(h.code, 0);
            QCOMPARE(h.json()["xoff"].toDouble(), xoff);
        }
        QVERIFY(imp["before"].toObject()["xoff"].toDouble() < imp["after"].toObject()["xoff"].toDouble());
    }

    void checklistWriters()
    {
        QTemporaryDir dir;
        const QString proj = makeProject(dir);
        QVERIFY(!proj.isEmpty());
        for (const QString ext : { "md", "html", "pdf" }) {
            const QString out = dir.filePath("review." + ext);
            const Result r = lfpRun({ "review", proj, "--base", "1", "-o", out });
            QVERIFY2(r.code == 0 || r.code == 1, r.err.constData());
            QFile f(out);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray text = f.readAll();
            if (ext == "pdf") {
                QVERIFY(text.startsWith("%PDF"));
                continue;
            }
            for (const char* heading : { "Summary and scope", "Impact", "Config delta per device", "Pre-checks", "Ordered steps", "Verification and pass criteria",
                     "Rollback", "Runbook per lossless class", "Sign-off" })
                QVERIFY2(text.contains(heading), heading);
            QVERIFY(text.contains("show pfc counters"));
            QVERIFY(text.contains("274432") || text.contains("xoff"));
            if (ext == "html") {
                // Self-contained: no src= or href= to the network or to files, the picture inline.
                const QRegularExpression& external = externalResource();
                QVERIFY2(!external.match(QString::fromUtf8(text)).hasMatch(), qPrintable(external.match(QString::fromUtf8(text)).captured(0)));
                QVERIFY(text.contains("<svg"));
                QVERIFY(text.contains("#ffa94d")); // a changed device is highlighted
            }
        }
        // Chinese: the headings translated, the PDF embeds the CJK font.
        const QString md = dir.filePath("review-zh.md");
        const int zhCode = lfpRun({ "review", proj, "--base", "1", "-o", md, "--lang", "zh_CN" }).code;
        QVERIFY(zhCode == 0 || zhCode == 1);
        QFile f(md);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString zh = QString::fromUtf8(f.readAll());
        for (const char* h : { "摘要与范围", "影响", "变更前检查", "有序步骤", "回退", "签字确认" })
            QVERIFY2(zh.contains(QString::fromUtf8(h)), h);
        QVERIFY2(zh.contains(QString::fromUtf8("修订 1 → 修订 ")), qPrintable(zh.left(200))); // the revision labels too
        QVERIFY(!zh.contains(QStringLiteral("revision 1")));
        if (reviewCjkFontFile().empty())
            QSKIP("fonts-noto-cjk is not installed (packaging/install-deps)");
        const QString pdf = dir.filePath("review-zh.pdf");
        const Result r = lfpRun({ "review", proj, "--base", "1", "-o", pdf, "--lang", "zh_CN" });
        QVERIFY2(r.code == 0 || r.code == 1, r.err.constData());
        QFile pf(pdf);
        QVERIFY(pf.open(QIODevice::ReadOnly));
        const QByteArray bytes = pf.readAll();
        QVERIFY(bytes.contains("WenQuanYiMicroHei") || bytes.contains("NotoSansCJK"));
    }

    /// Issue 38: the review PDF's text layer is the document's text. pdftotext of the PDF holds every
    /// word of the HTML checklist's text (its tags, style and inline SVG picture left out) that carries a digit (leaf1, spine1, step numbers: they were lost)
    /// and every Chinese word (it mapped 目 to the Kangxi radical ⽬), and no ligature character.
    void pdfTextLayerIsTheDocumentsText()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
            QSKIP("pdftotext (poppler-utils) is not installed");
        if (reviewCjkFontFile().empty())
            QSKIP("no CJK font (fonts-wqy-microhei or fonts-noto-cjk; packaging/install-deps)");
        QTemporaryDir dir;
        const QString proj = makeProject(dir);
        QVERIFY(!proj.isEmpty());
        for (const QString lang : { "en", "zh_CN" }) {
            const QString md = dir.filePath("t-" + lang + ".html"), pdf = dir.filePath("t-" + lang + ".pdf");
            for (const QString& out : { md, pdf }) {
                const Result r = lfpRun({ "review", proj, "--base", "1", "--lang", lang, "-o", out });
                QVERIFY2(r.code == 0 || r.code == 1, r.err.constData());
            }
            QFile mf(md);
            QVERIFY(mf.open(QIODevice::ReadOnly));
            QProcess p;
            p.start(QStringLiteral("pdftotext"), { QStringLiteral("-enc"), QStringLiteral("UTF-8"), pdf, QStringLiteral("-") });
            QVERIFY(p.waitForFinished(60000));
            const QString text = QString::fromUtf8(p.readAllStandardOutput());
            QVERIFY2(!text.contains(QChar(0xFB01)) && !text.contains(QChar(0xFB02)), "a ligature in the text layer");
            for (QChar c : text)
                QVERIFY2(c.unicode() < 0x2F00 || c.unicode() > 0x2FDF, "a Kangxi radical in the text layer");
            QSet<QString> words;
            for (const QString& w : text.split(QRegularExpression(QStringLiteral("[\\s|,;:()\\[\\]`*#，。：；（）、]+")), Qt::SkipEmptyParts))
                words.insert(w);
            QString compact = text;
            compact.remove(QRegularExpression(QStringLiteral("\\s+")));
            int checked = 0;
            const QRegularExpression wanted(QStringLiteral("^[A-Za-z]+[0-9]+$|\\p{Han}"));
            QString html = QString::fromUtf8(mf.readAll());
            html.remove(QRegularExpression(QStringLiteral("<head>.*</head>|<svg.*</svg>"), QRegularExpression::DotMatchesEverythingOption | QRegularExpression::InvertedGreedinessOption));
            html.replace(QRegularExpression(QStringLiteral("<[^>]*>")), QStringLiteral(" "));
            html.replace(QStringLiteral("&lt;"), QStringLiteral("<")).replace(QStringLiteral("&gt;"), QStringLiteral(">")).replace(QStringLiteral("&quot;"), QStringLiteral("\"")).replace(QStringLiteral("&#39;"), QStringLiteral("'")).replace(QStringLiteral("&amp;"), QStringLiteral("&"));
            for (const QString& w : html.split(QRegularExpression(QStringLiteral("[\\s|,;:()\\[\\]`*#，。：；（）、]+")), Qt::SkipEmptyParts)) {
                if (!wanted.match(w).hasMatch() || w.contains('\\') || w.contains('&'))
                    continue;
                ++checked;
                // A Latin word with digits as a whole word. Chinese wraps between any two characters and a
                // table's cells wrap side by side, so pdftotext's reading order interleaves them: each
                // character of a Chinese word must be in the text layer as itself.
                if (w.contains(QRegularExpression(QStringLiteral("\\p{Han}")))) {
                    for (QChar c : w)
                        QVERIFY2(compact.contains(c), qPrintable(lang + ": '" + QString(c) + "' of \"" + w + "\" is not in the PDF's text layer"));
                } else {
                    QVERIFY2(words.contains(w), qPrintable(lang + ": \"" + w + "\" is not in the PDF's text layer"));
                }
            }
            QVERIFY2(checked > 20, qPrintable(lang + QString::number(checked)));
        }
    }

    /// Issue 38: no "XDG_RUNTIME_DIR not set" warning on stderr when lfp writes a PDF without a session.
    void pdfWithoutRuntimeDirIsQuiet()
    {
        QTemporaryDir dir;
        const QString proj = makeProject(dir);
        QVERIFY(!proj.isEmpty());
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("XDG_RUNTIME_DIR"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(LFP_CLI_PATH), { QStringLiteral("review"), proj, QStringLiteral("--base"), QStringLiteral("1"), QStringLiteral("-o"), dir.filePath("q.pdf") });
        QVERIFY(p.waitForFinished(120000));
        QVERIFY(p.exitCode() == 0 || p.exitCode() == 1);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(err.isEmpty(), err.constData());
    }

    void chineseChecklistTranslatesEveryHeadingAndSentence()
    {
        const Fabric a = exampleFabric();
        const Fabric b = secondLosslessPriority(a);
        ReviewOptions o;
        o.failures = false;
        const Review r = computeReview(a, b, AsicCatalog::loadDefault(), o);
        const ReviewDocument en = buildReviewDocument(r, "en"), zh = buildReviewDocument(r, "zh_CN");
        QCOMPARE(zh.sections.size(), en.sections.size());
        for (std::size_t i = 0; i < en.sections.size(); ++i) {
            QVERIFY2(zh.sections[i].title != en.sections[i].title, en.sections[i].title.c_str());
            QCOMPARE(zh.sections[i].blocks.size(), en.sections[i].blocks.size());
            for (std::size_t k = 0; k < en.sections[i].blocks.size(); ++k) {
                const auto& x = en.sections[i].blocks[k];
                const auto& y = zh.sections[i].blocks[k];
                if (x.kind == ReviewBlock::Kind::List && !x.items.empty() && x.items.front().find("Drain") == 0)
                    QVERIFY(y.items.front() != x.items.front());
                if (x.kind == ReviewBlock::Kind::Table && !x.items.empty() && x.items.front() != "code" && x.items.front() != "")
                    QVERIFY2(y.items.front() != x.items.front(), x.items.front().c_str());
            }
        }
        QVERIFY_THROWS_EXCEPTION(InputError, (void)buildReviewDocument(r, "fr"));
        // The review of this change: no port loses headroom it had, every switch and NIC changes.
        QCOMPARE(r.changedDevices.size(), b.nodes.size());
        QVERIFY(r.rollout.safe);
    }

    /// The storm radius and the lossless contract, before and after (issues 33, 34): a change that
    /// turns ECN off on every policy breaks the contract's data class in the after column only; the
    /// storm columns equal `lfp storm --all-hosts`'s worst source; --no-storm / --no-contract say so.
    void stormAndContractBeforeAfter()
    {
        const Fabric a = exampleFabric();
        Fabric b = a;
        for (auto& p : b.policies)
            p.ecn.clear();
        ReviewOptions o;
        o.failures = false;
        o.deadlock = false;
        const Review r = computeReview(a, b, AsicCatalog::loadDefault(), o);
        QVERIFY(r.contractBefore.analysed && r.contractAfter.analysed);
        QVERIFY(!r.contractBefore.broken);
        QVERIFY(r.contractAfter.broken);
        QVERIFY(r.contractAfter.breaks > 0);
        QVERIFY(r.stormBefore.analysed);
        StormOptions so;
        so.allHosts = true;
        so.detailLimit = 0;
        const StormReport direct = analyseStorms(a, AsicCatalog::loadDefault(), so);
        QCOMPARE(r.stormBefore.worstSource, direct.sources.front().source);
        QCOMPARE(r.stormBefore.paused, direct.sources.front().pausedCount);
        const auto j = reviewToJson(r);
        QCOMPARE(j["impact"]["contract"]["after"]["broken"].get<bool>(), true);
        QCOMPARE(j["impact"]["storm"]["before"]["worst_source"].get<std::string>(), direct.sources.front().source);
        // the checklist's tables, in English and Chinese
        for (const char* lang : { "en", "zh_CN" }) {
            const ReviewDocument d = buildReviewDocument(r, lang);
            bool brokenCell = false, stormTable = false;
            for (const auto& sec : d.sections)
                for (const auto& blk : sec.blocks)
                    for (const auto& row : blk.rows) {
                        stormTable |= row.size() == 3 && row[1].find(direct.sources.front().source) == 0;
                        brokenCell |= row.size() == 4 && row[0] == "data" && row[3].find(std::string(lang) == "en" ? "broken" : "被破坏") == 0;
                    }
            QVERIFY2(stormTable, lang);
            QVERIFY2(brokenCell, lang);
        }
        o.storm = o.contract = false;
        const Review off = computeReview(a, b, AsicCatalog::loadDefault(), o);
        QVERIFY(!off.stormAfter.analysed && !off.contractAfter.analysed);
        QVERIFY(off.stormAfter.note.find("--no-storm") != std::string::npos);
    }

    /// Issue 31: the review prints, per switch whose buffer changes, the buffer-fit proof `lfp budget`
    /// prints (planner/buffer/bufferfit.h): pools + reservations + xoff against the physical buffer, in
    /// cells and bytes, under the worst case; a pool set that does not fit is an introduced error.
    void bufferFitProofInReview()
    {
        const Fabric fits = th6Switch(176481480), over = th6Switch(258035400);
        ReviewOptions o;
        o.deadlock = false;
        const AsicCatalog cat = AsicCatalog::loadDefault();
        const Review r = computeReview(fits, over, cat, o);
        QCOMPARE(r.switches.size(), std::size_t(1));
        const SwitchImpact& sw = r.switches.front();
        QVERIFY(sw.fitBefore && sw.fitAfter);
        QVERIFY(sw.fitBefore->fits());
        QVERIFY(!sw.fitAfter->fits());
        QCOMPARE(sw.fitAfter->physicalCells, qint64(636183));
        QVERIFY(sw.fitAfter->worstCase.find("all 4 ports") != std::string::npos);
        QVERIFY(std::any_of(r.introduced.begin(), r.introduced.end(), [](const Finding& f) { return f.code == "LFP-BUF-POOLS-EXCEED-BUFFER"; }));

        // The same proof as `lfp budget` of the new revision.
        QTemporaryDir dir;
        const QString file = dir.filePath("over.json");
        {
            QFile out(file);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(QByteArray::fromStdString(fabricToJsonText(over)));
        }
        const Result b = lfpRun({ "budget", file, "--switch", "leaf1", "--json" });
        QCOMPARE(b.code, 1);
        const QJsonObject budgetFit = b.json()["switches"].toArray()[0].toObject()["fit"].toObject();
        QCOMPARE(budgetFit["needed_cells"].toInteger(), qint64(sw.fitAfter->neededCells));
        QCOMPARE(budgetFit["fits"].toBool(), false);
        const QJsonObject reviewFit = QJsonDocument::fromJson(QByteArray::fromStdString(reviewToJson(r).dump())).object()["impact"].toObject()["switches"].toArray()[0].toObject()["fit"].toObject();
        QCOMPARE(reviewFit["after"].toObject(), budgetFit);
        QCOMPARE(reviewFit["before"].toObject()["fits"].toBool(), true);

        // The checklist states it, in cells and bytes, with the verdict; the Chinese one too.
        const std::string md = renderReviewMarkdown(buildReviewDocument(r, "en"));
        QVERIFY(md.find("Buffer-fit proof per switch whose buffer changes") != std::string::npos);
        QVERIFY(md.find(std::to_string(sw.fitAfter->neededCells)) != std::string::npos);
        QVERIFY(md.find(std::to_string(sw.fitAfter->needed.value())) != std::string::npos);
        QVERIFY(md.find(std::to_string(sw.fitAfter->neededCells - 636183) + " cells over") != std::string::npos);
        QVERIFY(md.find("worst case: " + sw.fitAfter->worstCase) != std::string::npos);
        QVERIFY(md.find(std::to_string(sw.fitBefore->neededCells)) != std::string::npos); // needed before
        const std::string zh = renderReviewMarkdown(buildReviewDocument(r, "zh_CN"));
        QVERIFY(zh.find("容纳不下") != std::string::npos);
        // A change that leaves the buffer alone has no proof section.
        const Review same = computeReview(fits, fits, cat, o);
        QVERIFY(same.switches.empty());
        QVERIFY(renderReviewMarkdown(buildReviewDocument(same, "en")).find("Buffer-fit proof") == std::string::npos);
    }

    void usageErrors()
    {
        QTemporaryDir dir;
        const QString proj = makeProject(dir);
        QVERIFY(!proj.isEmpty());
        QCOMPARE(lfpRun({ "review", proj, "--base", "1", "-o", dir.filePath("x.docx") }).code, 2);
        QCOMPARE(lfpRun({ "review", proj, "--base", "1", "-o", dir.filePath("x.md"), "--lang", "fr" }).code, 2);
        QCOMPARE(lfpRun({ "review", proj, "--base", "9", "--json" }).code, 2);
    }
};

QTEST_GUILESS_MAIN(TestReview)
#include "tst_review.moc"
