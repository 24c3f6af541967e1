// SPDX-License-Identifier: GPL-3.0-or-later
// Policy checks, one mistake at a time: each row edits the bundled example and lists the findings
// (code/severity) checkPolicies() must then report, exactly; some rows also pin the objects of a
// finding (both ends of a mismatch). Plus: findings JSON round trip, cancellation, and a larger fabric.
#ifndef Q_MOC_RUN
#include "model/asiccatalog.h"
#include "model/fabricindex.h"
#include "model/enumnames.h"
#include "model/errors.h"
#include "planner/checks/checks.h"
#include "planner/findings/findingsjson.h"
#include "model/generators.h"

#include <QtTest>
#include <chrono>
#include <cmath>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>
#endif

using namespace lfp;
using namespace lfp::literals;

using Mutation = std::function<void(Fabric&)>;
Q_DECLARE_METATYPE(Mutation)

namespace {

QosPolicy& roce(Fabric& f) { return f.policies.front(); }

/// Adds a copy of the example's policy named @p name and returns it (bind or override it yourself).
QosPolicy& derive(Fabric& f, const std::string& name)
{
    QosPolicy p = f.policies.front();
    p.name = name;
    f.policies.push_back(p);
    return f.policies.back();
}

void bind(Fabric& f, Role role, const std::string& policy)
{
    for (auto& b : f.bindings)
        if (b.role == role)
            b.policy = policy;
}

EtsQueue* ets(QosPolicy& p, int queue)
{
    for (auto& e : p.ets)
        if (e.queue == queue)
            return &e;
    return nullptr;
}

Port& port(Fabric& f, const char* node, const char* name) { return *f.findNode(node)->findPort(name); }

QStringList codes(const std::vector<Finding>& findings)
{
    std::set<QString> s;
    for (const auto& f : findings)
        s.insert(QString::fromStdString(f.code) + "/" + toString(f.severity));
    return QStringList(s.begin(), s.end());
}

QString describe(const std::vector<Finding>& findings)
{
    QString out;
    for (const auto& f : findings)
        out += QString::fromStdString("\n  " + findingKey(f) + ": " + f.message);
    return out;
}

} // namespace

class TestPolicyChecks : public QObject {
    Q_OBJECT
private slots:
    void checks_data()
    {
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<QStringList>("expected"); ///< "CODE/severity", sorted, exact
        QTest::addColumn<QString>("code"); ///< a finding whose objects are pinned ("" = none)
        QTest::addColumn<QStringList>("objects");

        QTest::newRow("example is clean") << Mutation([](Fabric&) {}) << QStringList {} << QString() << QStringList {};

        // ---- port settings on both ends of a link ----
        QTest::newRow("MTU differs on a host link") << Mutation([](Fabric& f) { port(f, "gpu01", "eth0").mtu = 4200; })
                                                    << QStringList { "LFP-LINK-MTU-MISMATCH/error" } << "LFP-LINK-MTU-MISMATCH"
                                                    << QStringList { "gpu01:eth0", "leaf1:Ethernet0" };
        // 200G on 4 of the 8 lanes keeps 50G PAM4 lanes, so RS(544) stays right (LFP-PORT-FEC-LANE-RATE otherwise).
        QTest::newRow("speed differs") << Mutation([](Fabric& f) {
            port(f, "spine2", "Ethernet16").speed = 200_Gbps;
            port(f, "spine2", "Ethernet16").lanes = 4;
        })
                                       << QStringList { "LFP-LINK-SPEED-MISMATCH/error" } << "LFP-LINK-SPEED-MISMATCH"
                                       << QStringList { "leaf3:Ethernet40", "spine2:Ethernet16" };
        QTest::newRow("FEC differs") << Mutation([](Fabric& f) { port(f, "leaf4", "Ethernet32").fec = Fec::Rs528; })
                                     // RS(528) on 50G PAM4 lanes is also not IEEE 802.3 (issue 31)
                                     << QStringList { "LFP-LINK-FEC-MISMATCH/error", "LFP-PORT-FEC-LANE-RATE/error" } << "LFP-LINK-FEC-MISMATCH"
                                     << QStringList { "leaf4:Ethernet32", "spine1:Ethernet24" };

        // ---- ETS ----
        QTest::newRow("weights sum to 90") << Mutation([](Fabric& f) { ets(roce(f), 0)->weight = 40; })
                                           << QStringList { "LFP-ETS-WEIGHTS-SUM/warning" } << "LFP-ETS-WEIGHTS-SUM"
                                           << QStringList { "policy:roce-lossless" };
        QTest::newRow("lossless queue weight 0") << Mutation([](Fabric& f) {
            ets(roce(f), 0)->weight = 100;
            ets(roce(f), 3)->weight = 0;
        }) << QStringList { "LFP-ETS-LOSSLESS-STARVED/error" }
                                                 << "LFP-ETS-LOSSLESS-STARVED" << QStringList { "policy:roce-lossless" };
        QTest::newRow("lossless queue not in ETS") << Mutation([](Fabric& f) {
            auto& e = roce(f).ets;
            e.erase(std::remove_if(e.begin(), e.end(), [](const EtsQueue& q) { return q.queue == 3; }), e.end());
        }) << QStringList { "LFP-ETS-LOSSLESS-STARVED/error", "LFP-ETS-WEIGHTS-SUM/warning" }
                                                   << QString() << QStringList {};
        QTest::newRow("default class strict") << Mutation([](Fabric& f) {
            *ets(roce(f), 0) = { 0, SchedulerMode::Strict, 0 };
            ets(roce(f), 3)->weight = 100;
        }) << QStringList { "LFP-ETS-STRICT-MISUSE/warning" }
                                              << QString() << QStringList {};
        QTest::newRow("no ETS at all is not checked") << Mutation([](Fabric& f) { roce(f).ets.clear(); })
                                                      << QStringList { "LFP-CNP-NOT-STRICT/warning" } << QString() << QStringList {};

        // ---- PG / queue sharing ----
        QTest::newRow("lossy priority in the lossless PG") << Mutation([](Fabric& f) { roce(f).tcToPg[0] = 3; })
                                                           << QStringList { "LFP-LOSSLESS-SHARED-PG/error" } << "LFP-LOSSLESS-SHARED-PG"
                                                           << QStringList { "policy:roce-lossless" };
        QTest::newRow("CNP in the RoCE queue") << Mutation([](Fabric& f) { roce(f).tcToQueue[6] = 3; })
                                               << QStringList { "LFP-CNP-NOT-STRICT/warning", "LFP-LOSSLESS-SHARED-PG/error" } << QString()
                                               << QStringList {};
        QTest::newRow("unused lossy priority in the lossless PG is fine") << Mutation([](Fabric& f) { roce(f).tcToPg[5] = 3; })
                                                                         << QStringList {} << QString() << QStringList {};

        // ---- CNP ----
        QTest::newRow("CNP queue DWRR") << Mutation([](Fabric& f) {
            *ets(roce(f), 6) = { 6, SchedulerMode::Dwrr, 10 };
            ets(roce(f), 0)->weight = 40;
        }) << QStringList { "LFP-CNP-NOT-STRICT/warning" }
                                        << "LFP-CNP-NOT-STRICT" << QStringList { "policy:roce-lossless" };
        QTest::newRow("switches put CNP DSCP on the default class") << Mutation([](Fabric& f) { roce(f).dscpToTc[48] = 0; })
                                                                    << QStringList { "LFP-CNP-CLASS-MISMATCH/warning" } << QString()
                                                                    << QStringList {};

        // ---- PFC watchdog ----
        QTest::newRow("watchdog off") << Mutation([](Fabric& f) { roce(f).watchdog.enabled = false; }) << QStringList { "LFP-WD-MISSING/warning" }
                                      << "LFP-WD-MISSING" << QStringList { "policy:roce-lossless" };
        QTest::newRow("watchdog off on hosts only is not checked") << Mutation([](Fabric& f) {
            derive(f, "host").watchdog.enabled = false;
            bind(f, Role::Host, "host");
        }) << QStringList {} << QString()
                                                                   << QStringList {};
        QTest::newRow("detection 5 ms") << Mutation([](Fabric& f) { roce(f).watchdog.detection = 5_ms; })
                                        << QStringList { "LFP-WD-TIMERS/warning" } << QString() << QStringList {};
        QTest::newRow("detection 2 s") << Mutation([](Fabric& f) {
            roce(f).watchdog.detection = 2000_ms;
            roce(f).watchdog.restoration = 2000_ms;
        }) << QStringList { "LFP-WD-TIMERS/warning" }
                                       << QString() << QStringList {};
        QTest::newRow("restoration shorter than detection") << Mutation([](Fabric& f) { roce(f).watchdog.restoration = 100_ms; })
                                                            << QStringList { "LFP-WD-TIMERS/warning" } << QString() << QStringList {};
        QTest::newRow("SONiC test-plan timers 400 ms / 2 s are fine") << Mutation([](Fabric& f) {
            roce(f).watchdog.detection = 400_ms;
            roce(f).watchdog.restoration = 2000_ms;
        }) << QStringList {} << QString()
                                                                      << QStringList {};
        QTest::newRow("action alert") << Mutation([](Fabric& f) { roce(f).watchdog.action = WatchdogAction::Alert; })
                                      << QStringList { "LFP-WD-ACTION/info" } << QString() << QStringList {};

        // ---- ECN ----
        QTest::newRow("no ECN on the lossless queue") << Mutation([](Fabric& f) { roce(f).ecn.clear(); })
                                                      << QStringList { "LFP-POLICY-ECN-MISSING/warning" } << QString() << QStringList {};

        // ---- host NICs ----
        QTest::newRow("NIC DCQCN NP off") << Mutation([](Fabric& f) {
            derive(f, "host").nic.ecnNotificationPoint = false;
            bind(f, Role::Host, "host");
        }) << QStringList { "LFP-NIC-ECN-DISABLED/warning" }
                                          << "LFP-NIC-ECN-DISABLED" << QStringList { "policy:host" };
        QTest::newRow("NIC dscp2prio disagrees with its RoCE priority") << Mutation([](Fabric& f) {
            derive(f, "host").dscpToTc[26] = 0;
            bind(f, Role::Host, "host");
        }) << QStringList { "LFP-NIC-DSCP-MISMATCH/error" }
                                                                        << "LFP-NIC-DSCP-MISMATCH" << QStringList { "policy:host" };
        QTest::newRow("NIC PFC off") << Mutation([](Fabric& f) {
            derive(f, "host").nic.pfcBitmap = 0;
            bind(f, Role::Host, "host");
        }) << QStringList { "LFP-NIC-PFC-MISMATCH/error" }
                                     << QString() << QStringList {};
        QTest::newRow("NIC PFC on an extra priority") << Mutation([](Fabric& f) {
            derive(f, "host").nic.pfcBitmap = (1u << 3) | (1u << 4);
            bind(f, Role::Host, "host");
        }) << QStringList { "LFP-NIC-PFC-MISMATCH/warning" }
                                                      << QString() << QStringList {};
        QTest::newRow("NIC trusts PCP") << Mutation([](Fabric& f) {
            derive(f, "host").nic.trust = TrustMode::Pcp;
            bind(f, Role::Host, "host");
        }) << QStringList { "LFP-NIC-TRUST-MISMATCH/error" }
                                        << QString() << QStringList {};
        QTest::newRow("one NIC marks DSCP 24") << Mutation([](Fabric& f) {
            auto& p = derive(f, "dscp24");
            p.nic.roceDscp = 24;
            p.dscpToTc[24] = 3;
            f.overrides.push_back({ { "gpu05", "eth0" }, "dscp24" });
        }) << QStringList { "LFP-NIC-DSCP-MISMATCH/error", "LFP-PATH-NOT-LOSSLESS/error" }
                                               << "LFP-NIC-DSCP-MISMATCH"
                                               << QStringList { "gpu05:eth0", "leaf2:Ethernet0", "policy:dscp24", "policy:roce-lossless" };
        QTest::newRow("NIC sends CNPs with DSCP 46") << Mutation([](Fabric& f) {
            derive(f, "host").nic.cnpDscp = 46;
            bind(f, Role::Host, "host");
        }) << QStringList { "LFP-CNP-CLASS-MISMATCH/warning" }
                                                     << QString() << QStringList {};

        // ---- switch-to-switch consistency ----
        QTest::newRow("spines trust PCP") << Mutation([](Fabric& f) {
            derive(f, "spine").trust = TrustMode::Pcp;
            bind(f, Role::Spine, "spine");
        }) << QStringList { "LFP-LINK-TRUST-MISMATCH/error" }
                                          << QString() << QStringList {};
        QTest::newRow("spines: extra lossless priority nobody uses") << Mutation([](Fabric& f) {
            derive(f, "spine").losslessPriorities = { 3, 5 };
            bind(f, Role::Spine, "spine");
        }) << QStringList { "LFP-LINK-PFC-MISMATCH/warning" }
                                                                     << QString() << QStringList {};
        QTest::newRow("spines: lossy-only DSCP map difference") << Mutation([](Fabric& f) {
            derive(f, "spine").dscpToTc[10] = 1;
            bind(f, Role::Spine, "spine");
        }) << QStringList { "LFP-LINK-DSCP-MAP-MISMATCH/warning" }
                                                                << QString() << QStringList {};
        QTest::newRow("spines: RoCE DSCP lossy") << Mutation([](Fabric& f) {
            derive(f, "spine").dscpToTc[26] = 0;
            bind(f, Role::Spine, "spine");
        }) << QStringList { "LFP-LINK-DSCP-MAP-MISMATCH/error", "LFP-PATH-NOT-LOSSLESS/error" }
                                                 << "LFP-PATH-NOT-LOSSLESS" << QStringList { "policy:spine", "spine1", "spine2" };
        QTest::newRow("spines: RoCE on another lossless class") << Mutation([](Fabric& f) {
            auto& p = derive(f, "spine");
            p.dscpToTc[26] = 4;
            p.losslessPriorities = { 3, 4 };
            p.tcToPg[4] = 4;
            p.ecn.front().queues = { 3, 4 };
            p.ets = { { 0, SchedulerMode::Dwrr, 40 }, { 3, SchedulerMode::Dwrr, 30 }, { 4, SchedulerMode::Dwrr, 30 }, { 6, SchedulerMode::Strict, 0 } };
            bind(f, Role::Spine, "spine");
        }) << QStringList { "LFP-LINK-DSCP-MAP-MISMATCH/error", "LFP-LINK-PFC-MISMATCH/error", "LFP-PATH-NOT-LOSSLESS/error" }
                                                                << "LFP-PATH-NOT-LOSSLESS" << QStringList { "policy:spine", "spine1", "spine2" };
        QTest::newRow("one spine port overridden to a lossy map") << Mutation([](Fabric& f) {
            derive(f, "lossy").dscpToTc[26] = 0;
            f.overrides.push_back({ { "spine2", "Ethernet8" }, "lossy" });
        }) << QStringList { "LFP-LINK-DSCP-MAP-MISMATCH/error", "LFP-PATH-NOT-LOSSLESS/error" }
                                                                  << "LFP-LINK-DSCP-MAP-MISMATCH"
                                                                  << QStringList { "leaf2:Ethernet40", "policy:lossy", "policy:roce-lossless",
                                                                         "spine2:Ethernet8" };

        // ---- policy coverage ----
        QTest::newRow("no policies at all") << Mutation([](Fabric& f) {
            f.policies.clear();
            f.bindings.clear();
        }) << QStringList { "LFP-POLICY-MISSING/warning" }
                                            << QString() << QStringList {};
        QTest::newRow("spines have no binding") << Mutation([](Fabric& f) { std::erase_if(f.bindings, [](const RoleBinding& b) { return b.role == Role::Spine; }); })
                                                << QStringList { "LFP-POLICY-MISSING/warning" } << "LFP-POLICY-MISSING"
                                                << QStringList { "role:spine", "spine1", "spine2" };
        QTest::newRow("binding to an unknown policy") << Mutation([](Fabric& f) { bind(f, Role::Leaf, "nope"); })
                                                      << QStringList { "LFP-POLICY-UNKNOWN/error" } << "LFP-POLICY-UNKNOWN"
                                                      << QStringList { "policy:nope", "role:leaf" };
        QTest::newRow("override to an unknown policy") << Mutation([](Fabric& f) { f.overrides.push_back({ { "leaf1", "Ethernet0" }, "nope" }); })
                                                       << QStringList { "LFP-POLICY-UNKNOWN/error" } << "LFP-POLICY-UNKNOWN"
                                                       << QStringList { "leaf1:Ethernet0", "policy:nope" };
        QTest::newRow("override of a port that does not exist") << Mutation([](Fabric& f) {
            f.overrides.push_back({ { "leaf1", "Ethernet999" }, "roce-lossless" });
        }) << QStringList { "LFP-POLICY-OVERRIDE-STALE/warning" }
                                                                << "LFP-POLICY-OVERRIDE-STALE"
                                                                << QStringList { "leaf1:Ethernet999", "policy:roce-lossless" };
    }

    void checks()
    {
        QFETCH(Mutation, mutate);
        QFETCH(QStringList, expected);
        QFETCH(QString, code);
        QFETCH(QStringList, objects);
        Fabric f = exampleFabric();
        mutate(f);
        const auto findings = checkPolicies(f);
        QStringList want = expected;
        want.sort();
        QVERIFY2(codes(findings) == want, qPrintable(QStringLiteral("got %1, want %2%3").arg(codes(findings).join(", "), want.join(", "), describe(findings))));
        // Every finding is complete: a message, a fix, and no two with the same identity.
        std::set<std::string> seen;
        for (const auto& fi : findings) {
            QVERIFY2(!fi.message.empty() && !fi.fix.empty(), fi.code.c_str());
            QVERIFY2(!fi.objects.empty(), fi.code.c_str());
            QVERIFY2(fi.code.rfind("LFP-", 0) == 0, fi.code.c_str());
            QVERIFY2(seen.insert(findingKey(fi)).second, qPrintable(QString::fromStdString("duplicate " + findingKey(fi))));
        }
        if (code.isEmpty())
            return;
        const auto it = std::find_if(findings.begin(), findings.end(), [&](const Finding& fi) { return fi.code == code.toStdString(); });
        QVERIFY(it != findings.end());
        QStringList got;
        for (const auto& o : it->objects)
            got << QString::fromStdString(o.toString());
        QCOMPARE(got, objects);
    }

    /// Evidence carries the numbers: both MTUs, each noted with its port.
    void evidenceOfMtuMismatch()
    {
        Fabric f = exampleFabric();
        port(f, "spine1", "Ethernet0").mtu = 1500;
        const auto findings = checkPolicies(f);
        QCOMPARE(findings.size(), std::size_t { 1 });
        const auto& e = findings.front().evidence;
        QCOMPARE(e.size(), std::size_t { 2 });
        QCOMPARE(e[0].name, std::string("mtu"));
        QCOMPARE(e[0].unit, std::string("B"));
        QCOMPARE(e[0].value + e[1].value, 9100.0 + 1500.0);
        QVERIFY(e[0].note == "leaf1:Ethernet32" || e[1].note == "leaf1:Ethernet32");
    }

    /// A FEC mismatch names the FECs by their labels, never by enum numbers (issue 12: "fec 3").
    void evidenceOfFecMismatchNamesTheFec()
    {
        Fabric f = exampleFabric();
        port(f, "leaf4", "Ethernet32").fec = Fec::Rs528;
        auto findings = checkPolicies(f);
        std::erase_if(findings, [](const Finding& x) { return x.code == "LFP-PORT-FEC-LANE-RATE"; }); // RS(528) on PAM4 lanes, issue 31
        QCOMPARE(findings.size(), std::size_t { 1 });
        const auto& e = findings.front().evidence;
        QCOMPARE(e.size(), std::size_t { 2 });
        QStringList notes;
        for (const auto& x : e) {
            QCOMPARE(x.name, std::string("fec"));
            QVERIFY(std::isnan(x.value));
            QVERIFY(x.unit.empty());
            notes << QString::fromStdString(x.note);
        }
        notes.sort();
        QCOMPARE(notes, QStringList({ QStringLiteral("RS-FEC (528,514) on leaf4:Ethernet32"),
                            QStringLiteral("%1 on spine1:Ethernet24").arg(QString::fromUtf8(enumLabel(port(f, "spine1", "Ethernet24").fec))) }));
        const auto j = findingsToJson(findings);
        QVERIFY(j.at(0).at("evidence").at(0).at("value").is_null());
    }

    /// The example path of a path finding is a real up-down path through the failing switch.
    void examplePath()
    {
        Fabric f = exampleFabric();
        derive(f, "spine").dscpToTc[26] = 0;
        bind(f, Role::Spine, "spine");
        const auto findings = checkPolicies(f);
        const auto it = std::find_if(findings.begin(), findings.end(), [](const Finding& fi) { return fi.code == "LFP-PATH-NOT-LOSSLESS"; });
        QVERIFY(it != findings.end());
        QVERIFY2(it->message.find("Example path: gpu01 → leaf1 → spine1 → leaf2 → gpu05.") != std::string::npos, it->message.c_str());
    }

    /// Findings survive JSON: all fields, including evidence without a value.
    void findingsJsonRoundTrip()
    {
        Finding f;
        f.severity = Severity::Error;
        f.code = "LFP-LINK-MTU-MISMATCH";
        f.objects = { ObjectRef::forPort({ "leaf1", "Ethernet0" }), ObjectRef::forPort({ "spine1", "Ethernet8" }) };
        f.message = "MTU differs";
        f.evidence = { { "mtu", 9100, "B", "leaf1:Ethernet0" }, { "unknown", std::nan(""), "", "" } };
        f.fix = "Set the same MTU";
        const auto j = nlohmann::json::parse(findingsToJson({ f }).dump());
        const auto back = findingsFromJson(j);
        QCOMPARE(back.size(), std::size_t { 1 });
        QCOMPARE(back[0].code, f.code);
        QCOMPARE(back[0].severity, f.severity);
        QCOMPARE(back[0].objects, f.objects);
        QCOMPARE(back[0].message, f.message);
        QCOMPARE(back[0].fix, f.fix);
        QCOMPARE(back[0].evidence.size(), std::size_t { 2 });
        QCOMPARE(back[0].evidence[0].value, 9100.0);
        QCOMPARE(back[0].evidence[0].note, std::string("leaf1:Ethernet0"));
        QVERIFY(std::isnan(back[0].evidence[1].value));
        // The {"findings": [...]} wrapper of `lfp check --json` reads too.
        QCOMPARE(findingsFromJson(nlohmann::json { { "findings", j } }).size(), std::size_t { 1 });
    }

    void findingsJsonErrors_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("path");
        QTest::newRow("bad severity") << R"([{"code":"LFP-X","severity":"fatal"}])" << "/0/severity";
        QTest::newRow("no code") << R"([{"severity":"error"}])" << "/0/code";
        QTest::newRow("unknown member") << R"({"findings":[{"code":"LFP-X","severity":"info","object":[]}]})" << "/findings/0/object";
        QTest::newRow("object not a string") << R"([{"code":"LFP-X","severity":"info","objects":[1]}])" << "/0/objects/0";
        QTest::newRow("evidence value text") << R"([{"code":"LFP-X","severity":"info","evidence":[{"name":"a","value":"1"}]}])" << "/0/evidence/0/value";
        QTest::newRow("not an array") << R"({"findings":{}})" << "/findings";
    }

    void findingsJsonErrors()
    {
        QFETCH(QString, text);
        QFETCH(QString, path);
        try {
            findingsFromJson(nlohmann::json::parse(text.toStdString()));
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.where().path), path);
        }
    }

    void cancellation()
    {
        Feedback fb;
        fb.cancel();
        QVERIFY_THROWS_EXCEPTION(Cancelled, checkPolicies(exampleFabric(), &fb));
    }

    /// A 3-tier fat-tree (k = 16: 1024 hosts, 320 switches, 3072 links) is checked quickly, without
    /// enumerating host pairs, and one broken tier gives one path finding naming every switch of it.
    void largeFabric()
    {
        GeneratorOptions opt; // as `lfp generate fat-tree`: 100G everywhere (edge ports face hosts at fabric speed)
        opt.fabricSpeed = 100_Gbps;
        Fabric f = generateFatTree(16, opt);
        auto t0 = std::chrono::steady_clock::now();
        QCOMPARE(checkPolicies(f).size(), std::size_t { 0 });
        QosPolicy core = f.policies.front();
        core.name = "core";
        core.dscpToTc[26] = 0;
        f.policies.push_back(core);
        bind(f, Role::SuperSpine, "core");
        const auto findings = checkPolicies(f);
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        QVERIFY2(secs < 10.0, qPrintable(QString::number(secs)));
        const auto paths = std::count_if(findings.begin(), findings.end(), [](const Finding& fi) { return fi.code == "LFP-PATH-NOT-LOSSLESS"; });
        QCOMPARE(paths, 1);
        const auto it = std::find_if(findings.begin(), findings.end(), [](const Finding& fi) { return fi.code == "LFP-PATH-NOT-LOSSLESS"; });
        QCOMPARE(it->objects.size(), std::size_t { 64 + 1 }); // (k/2)² cores + the policy
    }

    /// Cable reach per medium and lane rate (planner/checks/physicalchecks.cpp, docs/findings.md).
    void reach_data()
    {
        QTest::addColumn<QString>("medium");
        QTest::addColumn<double>("metres");
        QTest::addColumn<int>("gbps");
        QTest::addColumn<int>("lanes");
        QTest::addColumn<bool>("exceeded");
        QTest::newRow("40m DAC 400G") << "dac" << 40.0 << 400 << 8 << true;
        QTest::newRow("3m DAC 400G/8 (50G lanes)") << "dac" << 3.0 << 400 << 8 << false;
        QTest::newRow("3m DAC 800G/8 (100G lanes)") << "dac" << 3.0 << 800 << 8 << true;
        QTest::newRow("5m DAC 100G/4") << "dac" << 5.0 << 100 << 4 << false;
        QTest::newRow("6m DAC 100G/4") << "dac" << 6.0 << 100 << 4 << true;
        QTest::newRow("300m AOC") << "aoc" << 300.0 << 400 << 8 << true;
        QTest::newRow("100m AOC") << "aoc" << 100.0 << 400 << 8 << false;
        QTest::newRow("2km fibre") << "fibre" << 2000.0 << 400 << 8 << false;
        QTest::newRow("80km fibre") << "fibre" << 80000.0 << 400 << 8 << true;
    }
    void reach()
    {
        QFETCH(QString, medium);
        QFETCH(double, metres);
        QFETCH(int, gbps);
        QFETCH(int, lanes);
        QFETCH(bool, exceeded);
        Fabric f = exampleFabric();
        Link& l = f.links.front();
        l.medium = *mediumFromString(medium.toStdString());
        l.length = Metres(metres);
        for (const auto& e : { l.a, l.b }) {
            Port* p = f.findNode(e.node)->findPort(e.port);
            p->speed = BitsPerSecond(static_cast<std::int64_t>(gbps) * 1'000'000'000);
            p->lanes = lanes;
        }
        const auto fs = checkPhysical(f);
        const auto n = std::count_if(fs.begin(), fs.end(), [](const Finding& x) { return x.code == "LFP-LINK-REACH-EXCEEDED"; });
        QCOMPARE(n, exceeded ? 1 : 0);
        if (exceeded)
            QVERIFY(fs.front().message.find("IEEE") != std::string::npos); // cites its source
        QVERIFY(checkPhysical(exampleFabric()).empty()); // the example's cabling is within reach
    }

    void unknownMediumIsInfoNotError()
    {
        Fabric f = exampleFabric();
        for (auto& l : f.links)
            l.medium = Medium::Unknown;
        const auto fs = checkPhysical(f);
        QCOMPARE(fs.size(), std::size_t(1));
        QCOMPARE(fs.front().code, std::string("LFP-LINK-MEDIUM-UNKNOWN"));
        QCOMPARE(fs.front().severity, Severity::Info);
    }

    /// Issue 36: a breakout member whose parent is itself or no port of its node, and two nodes with
    /// one InfiniBand GUID, are errors of lfp check; a correct breakout and distinct GUIDs give none.
    void identityFindings()
    {
        AsicCatalog catalog = AsicCatalog::loadDefault();
        auto codes = [&](const Fabric& f, const std::string& code) {
            std::vector<Finding> out;
            for (auto& x : runAllChecks(f, catalog))
                if (x.code == code)
                    out.push_back(x);
            return out;
        };
        Fabric f = exampleFabric();
        Node* leaf = nullptr;
        for (auto& n : f.nodes)
            if (n.name == "leaf1")
                leaf = &n;
        QVERIFY(leaf && leaf->ports.size() >= 3);
        leaf->ports[1].breakoutParent = leaf->ports[0].name; // a real parent: no finding
        QVERIFY(codes(f, "LFP-PORT-BREAKOUT-PARENT").empty());
        leaf->ports[1].breakoutParent = leaf->ports[1].name; // itself
        leaf->ports[2].breakoutParent = "Ethernet999"; // no such port
        const auto b = codes(f, "LFP-PORT-BREAKOUT-PARENT");
        QCOMPARE(b.size(), std::size_t(2));
        QCOMPARE(b[0].severity, Severity::Error);
        QVERIFY2(b[0].message.find("is the port itself") != std::string::npos || b[1].message.find("is the port itself") != std::string::npos, b[0].message.c_str());
        QVERIFY(b[0].message.find("is not a port of leaf1") != std::string::npos || b[1].message.find("is not a port of leaf1") != std::string::npos);

        QVERIFY(codes(f, "LFP-IB-GUID-DUPLICATE").empty());
        f.nodes[0].guid = 0x0002c90300a1b2c3ULL;
        f.nodes[1].guid = 0x0002c90300a1b2c4ULL;
        QVERIFY(codes(f, "LFP-IB-GUID-DUPLICATE").empty());
        f.nodes[2].guid = 0x0002c90300a1b2c3ULL;
        const auto g = codes(f, "LFP-IB-GUID-DUPLICATE");
        QCOMPARE(g.size(), std::size_t(1));
        QCOMPARE(g[0].objects.size(), std::size_t(2));
        QVERIFY2(g[0].message.find("0x0002c90300a1b2c3") != std::string::npos, g[0].message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestPolicyChecks)
#include "tst_policychecks.moc"
