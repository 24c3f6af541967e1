// SPDX-License-Identifier: GPL-3.0-or-later
// The finding registry: every code the sources can report is registered, every registered code is
// documented in docs/findings.md, and findings are rendered from the registry's templates.
#ifndef Q_MOC_RUN // moc need not (and cannot) parse C++20 library headers
#include "planner/findings/findingregistry.h"
#endif

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
        QVERIFY2(unregistered.isEmpty(), qPrintable(QStringLiteral("used but not registered in planner/findings/findingregistry.cpp: ") + unregistered.join(QStringLiteral(", "))));
    }

    void makeFindingRendersTemplates()
    {
        const Finding f = makeFinding("LFP-DRIFT-PORT-SPEED", { ObjectRef::forPort({ "leaf1", "Ethernet0" }) }, FindingParams { { "running", "100G" }, { "planned", "400G" } });
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

    /// Every code renders its text from templates (so the GUI can translate it). A code that must pass
    /// its own text for a while goes into the allow-list below, and the test fails once it has templates.
    // Issue 38: "noun(s)" of an English template follows the count before it or the list after it.
    void pluralsFollowTheCount()
    {
        const auto wd = [](const char* count) {
            return *renderFindingMessage("LFP-WD-NIC-MISSING", { { "count", count }, { "example", "h1" } });
        };
        QVERIFY2(wd("1").rfind("1 host (h1)", 0) == 0, wd("1").c_str());
        QVERIFY2(wd("2").rfind("2 hosts (h1)", 0) == 0, wd("2").c_str());
        QVERIFY2(wd("1,024").rfind("1,024 hosts (h1)", 0) == 0, wd("1,024").c_str());
        // Two words between the count and the noun; two counts in one sentence.
        QCOMPARE(renderTemplate("{a} linked port(s) of {b} {role} node(s)", { { "a", "1" }, { "b", "3" }, { "role", "leaf" } }),
            std::string("1 linked port of 3 leaf nodes"));
        // No count near it: the text stays as written.
        QCOMPARE(renderTemplate("map SL(s) {sls} elsewhere", { { "sls", "0,1" } }), std::string("map SL(s) 0,1 elsewhere"));
        // A list after it: its items (shown and more).
        FindingParams one;
        addValueListParam(one, "queues", { "3" }, 2);
        QCOMPARE(renderTemplate("Give queue(s) {*queues} a weight", one), std::string("Give queue 3 a weight"));
    }

    void everyCodeHasAMessageTemplate()
    {
        static const std::set<std::string> kPendingTemplates = {}; // none left: every code renders from its templates
        QStringList missing, stale;
        for (const auto& t : findingTypes()) {
            const bool pending = kPendingTemplates.count(t.code) != 0;
            if (!t.message && !pending)
                missing << QString::fromLatin1(t.code);
            if (t.message && pending)
                stale << QString::fromLatin1(t.code);
        }
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("no message template in planner/findings/findingregistry.cpp: ") + missing.join(QStringLiteral(", "))));
        QVERIFY2(stale.isEmpty(), qPrintable(QStringLiteral("has a template now, remove from kPendingTemplates: ") + stale.join(QStringLiteral(", "))));
        for (const auto& c : findingClauses()) {
            QVERIFY2(std::string_view(c.code) == "*" || findingType(c.code), c.code);
            QVERIFY2(findingClause(c.code, c.name) == &c, c.name); // names unique per code
        }
    }

    void exportSitesNameRegisteredClauses()
    {
        // exporters/*.cpp pass clause names as string literals ({ "what", "eos-mtu" }, { "fix", … }, ternaries):
        // each must be a clause of the code of its exportFinding() or DeviceExport::finding() call (the
        // renderers' form; note() in the eos, nxos, junos and huawei writers), or the export throws when it
        // reaches that site.
        const QRegularExpression call(QStringLiteral("(?:exportFinding|\\.finding|\\bnote)\\(Severity::\\w+, \"(LFP-EXPORT-[A-Z0-9-]+)\"(.*?)\\);"),
            QRegularExpression::DotMatchesEverythingOption);
        const QRegularExpression clause(QStringLiteral("\\{ \"(?:what|fix)\", ([^}]*)\\}"));
        const QRegularExpression name(QStringLiteral("\"([a-z0-9-]+)\""));
        QStringList unknown;
        int sites = 0, names = 0;
        QDirIterator it(QStringLiteral(LFP_SOURCE_DIR "/exporters"), { QStringLiteral("*.cpp") }, QDir::Files);
        while (it.hasNext()) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(f.readAll());
            for (auto m = call.globalMatch(text); m.hasNext();) {
                const auto c = m.next();
                const std::string code = c.captured(1).toStdString();
                ++sites;
                const FindingType* t = findingType(code);
                QVERIFY2(t && t->message, code.c_str());
                for (auto k = clause.globalMatch(c.captured(2)); k.hasNext();)
                    for (auto n = name.globalMatch(k.next().captured(1)); n.hasNext();) {
                        const QString cl = n.next().captured(1);
                        ++names;
                        if (!findingClause(code, cl.toStdString()))
                            unknown << QString::fromStdString(code) + QLatin1Char(' ') + cl;
                    }
            }
        }
        // 87 when the four renderers left their no-policy findings to the skeleton (Exporter::reportNoPolicy).
        QVERIFY2(sites >= 85, qPrintable(QString::number(sites)));
        QVERIFY(names >= 100);
        QVERIFY2(unknown.isEmpty(), qPrintable(QStringLiteral("clauses not registered in planner/findings/findingregistry.cpp: ") + unknown.join(QStringLiteral(", "))));
    }

    void clausesRender()
    {
        // Alternatives and optional clauses of one code: the parameter names the clause.
        FindingParams lossy { { "site", "attachment" }, { "site_fix", "pcp-fix" }, { "host", "nic" }, { "host_port", "gpu1:eth0" }, { "dscp", "26" },
            { "priority", "3" }, { "switch", "sw" }, { "switch_port", "leaf1:Ethernet0" }, { "classify", "take-pcp" }, { "class", "0" }, { "state", "lossy" },
            { "effect", "best-effort" }, { "links", "1" } };
        addValueListParam(lossy, "link_list", { "gpu1:eth0 -- leaf1:Ethernet0" });
        const Finding f = makeFinding("LFP-NIC-DSCP-MISMATCH", {}, lossy);
        QCOMPARE(f.message,
            std::string("Host NICs with policy nic (e.g. gpu1:eth0) send RoCE marked DSCP 26 on priority 3, but the switch ports they attach to (policy sw, "
                        "e.g. leaf1:Ethernet0) take PCP 3 into priority 0, which is lossy. RoCE rides best effort from the first hop: drops, "
                        "retransmissions, and throughput collapse under incast. Links affected (1): gpu1:eth0 -- leaf1:Ethernet0."));
        QCOMPARE(f.fix, std::string("Make priority 3 lossless on the switches, or send RoCE on a lossless priority."));
        // An absent or empty clause parameter leaves the clause out; an unknown clause is a programming error.
        QCOMPARE(renderTemplate("LFP-LINK-PFC-MISMATCH", "x{?unused}y", {}, {}), std::string("xy"));
        QCOMPARE(renderTemplate("LFP-LINK-PFC-MISMATCH", "x{?unused}y", { { "unused", "" } }, {}), std::string("xy"));
        QCOMPARE(renderTemplate("LFP-LINK-PFC-MISMATCH", "x{?unused}", { { "unused", "unused" } }, {}),
            std::string("x (no traffic is classified into them, so this is only wasted buffer)"));
        QVERIFY_THROWS_EXCEPTION(std::logic_error, renderTemplate("LFP-LINK-PFC-MISMATCH", "{?unused}", { { "unused", "nonsense" } }, {}));
        // The "*" clause of every code, and re-rendering after a parameter changes (drift grouping).
        Finding g = makeFinding("LFP-DRIFT-PORT-MTU", {}, FindingParams { { "running", "1500" }, { "planned", "9100" } });
        QCOMPARE(g.message, std::string("the MTU is 1500 B, the plan says 9100 B"));
        g.params.emplace_back("grouped", "grouped");
        g.params.emplace_back("ports", "3");
        rerenderFinding(g);
        QCOMPARE(g.message, std::string("the MTU is 1500 B, the plan says 9100 B (3 ports)"));
        // The translator hook sees every template and clause; parameters stay as they are.
        const TemplateTranslator upper = [](const char* s) {
            std::string t(s);
            if (t == "the MTU is {running} B, the plan says {planned} B{?grouped}")
                return std::string("MTU {running}/{planned}{?grouped}");
            if (t == " ({ports} ports)")
                return std::string("【{ports}】");
            return t;
        };
        QCOMPARE(renderFindingMessage(g.code, g.params, upper), std::optional<std::string>("MTU 1500/9100【3】"));
        // Parameters that do not fit the template (e.g. a finding read back from JSON): no rendering.
        QCOMPARE(renderFindingMessage("LFP-DRIFT-PORT-MTU", {}), std::optional<std::string>());
        QCOMPARE(renderFindingMessage("LFP-DEADLOCK-CYCLE", {}), std::optional<std::string>());
    }

    void listParametersRenderItemByItem()
    {
        // "{*name}": each item its own clause with its own parameters, ", " between them, then " and N more".
        FindingParams p { { "policy", "roce" } };
        addListParam(p, "starved",
            { { "starved-queue", { { "priority", "3" }, { "queue", "3" }, { "why", "weight-0" } } },
                { "starved-queue", { { "priority", "4" }, { "queue", "5" }, { "why", "no-ets" } } },
                { "starved-queue", { { "priority", "6" }, { "queue", "6" }, { "why", "no-ets" } } } },
            2);
        addValueListParam(p, "queues", { "3", "5", "6" }, 2);
        const Finding f = makeFinding("LFP-ETS-LOSSLESS-STARVED", {}, p);
        QVERIFY2(f.message.rfind("Policy roce: lossless priority 3 goes to egress queue 3, which has DWRR weight 0, lossless priority 4 goes to "
                                 "egress queue 5, which has no ETS entry and 1 more. Under load",
                     0)
                == 0,
            f.message.c_str());
        QVERIFY2(f.fix.rfind("Give queues 3, 5 and 1 more a DWRR weight", 0) == 0, f.fix.c_str());
        // The items, the separator and "more" go through the translator too.
        const TemplateTranslator zh = [](const char* s) {
            const std::string t(s);
            if (t == ", ")
                return std::string("；");
            if (t == " and {more} more")
                return std::string("等 {more} 项");
            if (t == "has no ETS entry")
                return std::string("没有 ETS 条目");
            return t;
        };
        const auto fix = renderFindingFix(f.code, f.params, zh);
        QVERIFY(fix && fix->rfind("Give queues 3；5等 1 项 a DWRR weight", 0) == 0);
        const auto msg = renderFindingMessage(f.code, f.params, zh);
        QVERIFY(msg && msg->find("egress queue 5, which 没有 ETS 条目等 1 项.") != std::string::npos);
        // Another separator; an empty list renders nothing; a missing list is a programming error.
        FindingParams and_;
        addListParam(and_, "links", { { "list-value", { { "value", "a" } } }, { "list-value", { { "value", "b" } } } }, SIZE_MAX, "list-and");
        QCOMPARE(renderTemplate("LFP-DEADLOCK-FAILURE-UNREACHABLE", "{*links}", and_, {}), std::string("a and b"));
        FindingParams none;
        addValueListParam(none, "x", {});
        QCOMPARE(renderTemplate("LFP-DEADLOCK-CYCLE", "[{*x}]", none, {}), std::string("[]"));
        QVERIFY_THROWS_EXCEPTION(std::logic_error, renderTemplate("LFP-DEADLOCK-CYCLE", "{*y}", none, {}));
    }
};

QTEST_GUILESS_MAIN(TestFindingRegistry)
#include "tst_findingregistry.moc"
