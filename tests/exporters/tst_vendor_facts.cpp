// SPDX-License-Identifier: GPL-3.0-or-later
// Configs a vendor's engineer would sign (issue 32): target releases; the export self-check (each
// vendor's output read back by an independent fact reader, factreader.h, and compared with the
// DevicePlan over the example and a rail-optimised fabric); the SONiC change delta applied command by
// command to a small config_db interpreter, forward and in rollback, with no reference to a missing
// profile, map or scheduler and no pools + reservations above the ASIC's buffer at any step.
#include <QFile>
#include <QtTest>

#ifndef Q_MOC_RUN
#include "exportfixtures.h"
#include "factreader.h"
#include "exporters/delta.h"
#include "exporters/exportjob.h"
#include "model/asiccatalog.h"
#include "model/errors.h"
#include "model/generators.h"
#include <cmath>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#endif

using namespace lfp;
using namespace lfp::testing;
using nlohmann::json;

namespace {

const AsicCatalog& catalog()
{
    static const AsicCatalog c = AsicCatalog::loadDefault();
    return c;
}

ExportResult runExport(const std::string& target, const Fabric& f, const std::string& release = {}, ExportOptions o = {})
{
    const Exporter* ex = findExporter(target);
    o.targetRelease = ex->resolveRelease(release);
    const ExportContext ctx(f, catalog(), std::move(o));
    return ex->run(ctx);
}

bool hasFinding(const ExportResult& r, const std::string& code, Severity s)
{
    return std::any_of(r.findings.begin(), r.findings.end(), [&](const Finding& x) { return x.code == code && x.severity == s; });
}

// ---- what the plan says, in the fact readers' terms

std::string schedulingOf(const QueuePlan& q)
{
    if (q.mode == SchedulerMode::Strict)
        return q.strictBoundPercent() ? fmt::format("strict:{}", *q.strictBoundPercent()) : "strict";
    return fmt::format("dwrr:{}", q.weight);
}

/// The facts every reader must find for @p pol, the governing policy of a switch.
void compareCommon(const VendorFacts& f, const PolicyPlan& pol, const std::string& where)
{
    QVERIFY2(f.trust == (pol.trust == TrustMode::Dscp ? "dscp" : "pcp"), (where + ": trust " + f.trust).c_str());
    for (int d = 0; d < kDscpValues; ++d) {
        const int want = pol.classes[static_cast<std::size_t>(pol.dscpToTc[static_cast<std::size_t>(d)])].queue;
        QVERIFY2(f.dscpToQueue.count(d) && f.dscpToQueue.at(d) == want, fmt::format("{}: DSCP {} → queue {}, plan {}", where, d, f.dscpToQueue.count(d) ? f.dscpToQueue.at(d) : -1, want).c_str());
    }
}

/// A written whole percent of a planned fraction: the nearest (or the clamp the renderer documents).
bool percentOf(double written, double fraction) { return std::abs(written - 100.0 * fraction) <= 0.5 + 1e-9 || written == 1 || written == 100; }

// ---- a config_db interpreter for the SONiC delta

using Db = std::map<std::string, std::map<std::string, std::map<std::string, std::string>>>;

Db toDb(const std::string& text)
{
    Db db;
    const json j = json::parse(text);
    for (auto t = j.begin(); t != j.end(); ++t)
        for (auto k = t->begin(); k != t->end(); ++k)
            for (auto f = k->begin(); f != k->end(); ++f)
                db[t.key()][k.key()][f.key()] = f->is_string() ? f->get<std::string>() : f->dump();
    return db;
}

/// The single-quoted words of a sonic-db-cli command line.
std::vector<std::string> shellWords(const std::string& line)
{
    std::vector<std::string> w;
    std::string cur;
    bool quoted = false, any = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == '\'') {
            quoted = !quoted;
            any = true;
        } else if (c == '\\' && !quoted && i + 1 < line.size())
            cur += line[++i];
        else if (c == ' ' && !quoted) {
            if (any || !cur.empty())
                w.push_back(cur);
            cur.clear();
            any = false;
        } else
            cur += c;
    }
    if (any || !cur.empty())
        w.push_back(cur);
    return w;
}

void apply(Db& db, const std::string& cmd)
{
    const auto w = shellWords(cmd);
    if (w.size() < 4 || w[0] != "sonic-db-cli")
        return; // config save
    const auto bar = w[3].find('|');
    const std::string t = w[3].substr(0, bar), k = w[3].substr(bar + 1);
    if (w[2] == "DEL")
        db[t].erase(k);
    else if (w[2] == "HDEL")
        for (std::size_t i = 4; i < w.size(); ++i)
            db[t][k].erase(w[i]);
    else if (w[2] == "HSET")
        for (std::size_t i = 4; i + 1 < w.size(); i += 2)
            db[t][k][w[i]] = w[i + 1];
}

/// References to missing entries: BUFFER_PG / BUFFER_QUEUE → BUFFER_PROFILE, BUFFER_PROFILE →
/// BUFFER_POOL, PORT_QOS_MAP → the maps, QUEUE → SCHEDULER / WRED_PROFILE.
std::vector<std::string> danglingReferences(const Db& db)
{
    std::vector<std::string> out;
    auto has = [&](const std::string& t, const std::string& k) { return db.count(t) && db.at(t).count(k); };
    auto check = [&](const std::string& table, const std::string& field, const std::string& target) {
        if (!db.count(table))
            return;
        for (const auto& [k, fields] : db.at(table))
            if (auto it = fields.find(field); it != fields.end() && it->second != "NULL" && !has(target, it->second))
                out.push_back(fmt::format("{}|{} {} → {}|{} missing", table, k, field, target, it->second));
    };
    check("BUFFER_PG", "profile", "BUFFER_PROFILE");
    check("BUFFER_QUEUE", "profile", "BUFFER_PROFILE");
    check("BUFFER_PROFILE", "pool", "BUFFER_POOL");
    check("QUEUE", "scheduler", "SCHEDULER");
    check("QUEUE", "wred_profile", "WRED_PROFILE");
    for (const auto& [field, table] : std::map<std::string, std::string> { { "dscp_to_tc_map", "DSCP_TO_TC_MAP" }, { "tc_to_queue_map", "TC_TO_QUEUE_MAP" },
             { "tc_to_pg_map", "TC_TO_PRIORITY_GROUP_MAP" }, { "pfc_to_queue_map", "MAP_PFC_PRIORITY_TO_QUEUE" }, { "pfc_to_pg_map", "PFC_PRIORITY_TO_PRIORITY_GROUP_MAP" },
             { "dot1p_to_tc_map", "DOT1P_TO_TC_MAP" } })
        check("PORT_QOS_MAP", field, table);
    return out;
}

/// The ingress buffer the state holds: every ingress pool, the shared headroom pool (xoff) and each
/// lossless / lossy PG's reservation (its profile's size × the PGs of its key).
long long ingressUse(const Db& db)
{
    long long used = 0;
    if (db.count("BUFFER_POOL"))
        for (const auto& [k, f] : db.at("BUFFER_POOL"))
            if (f.count("type") && f.at("type") == "ingress") {
                used += f.count("size") ? std::stoll(f.at("size")) : 0;
                used += f.count("xoff") ? std::stoll(f.at("xoff")) : 0;
            }
    if (db.count("BUFFER_PG"))
        for (const auto& [k, f] : db.at("BUFFER_PG")) {
            const auto p = f.find("profile");
            if (p == f.end() || !db.count("BUFFER_PROFILE") || !db.at("BUFFER_PROFILE").count(p->second))
                continue;
            const auto& prof = db.at("BUFFER_PROFILE").at(p->second);
            long long n = 1;
            const auto bar = k.rfind('|'), dash = k.find('-', bar);
            if (dash != std::string::npos)
                n = std::stoll(k.substr(dash + 1)) - std::stoll(k.substr(bar + 1, dash - bar - 1)) + 1;
            used += (prof.count("size") ? std::stoll(prof.at("size")) : 0) * n;
        }
    return used;
}

/// Applies @p commands to @p from step by step; fails on a dangling reference or an over-commit.
void replay(const std::string& from, const std::string& to, const std::vector<ChangeCommand>& commands, long long buffer, const char* direction)
{
    Db db = toDb(from);
    QVERIFY2(danglingReferences(db).empty(), "the starting config is consistent");
    QVERIFY2(ingressUse(db) <= buffer, fmt::format("{}: the starting config fits ({} > {})", direction, ingressUse(db), buffer).c_str());
    for (std::size_t i = 0; i < commands.size(); ++i) {
        apply(db, commands[i].text);
        const auto dangling = danglingReferences(db);
        QVERIFY2(dangling.empty(), fmt::format("{} step {} ({}): {}", direction, i + 1, commands[i].text, dangling.empty() ? "" : dangling.front()).c_str());
        QVERIFY2(ingressUse(db) <= buffer, fmt::format("{} step {} ({}): pools + reservations {} B > buffer {} B", direction, i + 1, commands[i].text, ingressUse(db), buffer).c_str());
        QVERIFY2(!commands[i].step.empty(), "every step says why it stands there");
        QVERIFY2(commands[i].live.has_value() || commands[i].text.rfind("sonic-db-cli", 0) != 0, "every CONFIG_DB write says whether GCU takes it live");
    }
    QVERIFY2(db == toDb(to), fmt::format("{}: the delta reaches the new config", direction).c_str());
}

} // namespace

class TstVendorFacts : public QObject {
    Q_OBJECT
private slots:
    void releasesAreNamedAndUnknownOnesRefused()
    {
        for (const auto& ex : exporters()) {
            QVERIFY2(!ex->releases().empty(), ex->id().c_str());
            QCOMPARE(ex->resolveRelease(""), ex->releases().front().name);
            try {
                (void)ex->resolveRelease("0.0-nope");
                QFAIL("an unknown release is accepted");
            } catch (const InputError& e) {
                const std::string what = e.what();
                QVERIFY2(what.find("--target-release") != std::string::npos && what.find(ex->releases().front().name) != std::string::npos, what.c_str());
            }
        }
        ExportJob job;
        job.target = "junos";
        job.options.targetRelease = "9.9";
        QVERIFY_THROWS_EXCEPTION(InputError, (void)runExportJob(job, exampleFabric(), std::nullopt));
        job.options.targetRelease = "23.4R2-EVO";
        const ExportOutcome o = runExportJob(job, exampleFabric(), std::nullopt);
        QCOMPARE(o.manifest["target_release"].get<std::string>(), std::string("23.4R2-EVO"));
        QVERIFY(o.result.files.at("leaf1.junos.set").find("--target-release 23.4R2-EVO") != std::string::npos);
    }

    void junosReleasesBoundStrictQueuesAndPlaceTheWatchdogAction()
    {
        const Fabric f = exampleFabric();
        const std::string os = runExport("junos", f, "23.4R2").files.at("leaf1.junos.set");
        const std::string evo = runExport("junos", f, "23.4R2-EVO").files.at("leaf1.junos.set");
        QVERIFY(os.find("schedulers roce-lossless-Q6 priority strict-high\n") != std::string::npos);
        QVERIFY(os.find("schedulers roce-lossless-Q6 shaping-rate percent 5\n") != std::string::npos);
        QVERIFY(evo.find("schedulers roce-lossless-Q6 transmit-rate percent 5\n") != std::string::npos);
        QVERIFY(os.find("pfc-watchdog watchdog-action drop") != std::string::npos);
        QVERIFY(evo.find("watchdog-action") == std::string::npos);
        // An unbounded strict queue is an error (and still written strict-high).
        Fabric g = f;
        for (auto& p : g.policies)
            for (auto& e : p.ets)
                if (e.mode == SchedulerMode::Strict)
                    e.weight = 0;
        const ExportResult r = runExport("junos", g);
        QVERIFY(hasFinding(r, "LFP-EXPORT-STRICT-UNBOUNDED", Severity::Error));
        QVERIFY(r.files.at("leaf1.junos.set").find("roce-lossless-Q6 priority strict-high") != std::string::npos);
    }

    /// Issue 32: the plan's strict bound (the example's CNP queue 6, 5 %) in each target's own syntax; a
    /// strict queue the plan leaves unbounded is LFP-EXPORT-STRICT-UNBOUNDED on every target, never silent.
    void strictQueuesBoundedOnEveryTarget()
    {
        const Fabric f = exampleFabric();
        const std::string eos = runExport("eos", f).files.at("leaf1.eos.cfg");
        QVERIFY(eos.find("   tx-queue 6\n      priority strict\n      shape rate 5 percent\n") != std::string::npos);
        const std::string nx = runExport("nxos", f).files.at("leaf1.nxos.cfg");
        QVERIFY(nx.find("  class type queuing c-out-8q-q6\n    priority level 1\n    shape min 0 percent max 5 percent\n") != std::string::npos);
        const std::string nv = runExport("nvue", f).files.at("leaf1.nvue.txt");
        // 100G ports: 5 % = 5 000 000 kbps; 400G: 20 000 000 kbps, one shaper profile per speed.
        QVERIFY(nv.find("nv set qos egress-shaper roce-lossless-shape-100g traffic-class 6 max-rate 5000000\n") != std::string::npos);
        QVERIFY(nv.find("nv set qos egress-shaper roce-lossless-shape-400g traffic-class 6 max-rate 20000000\n") != std::string::npos);
        QVERIFY(nv.find("nv set interface Ethernet0 qos egress-shaper profile roce-lossless-shape-100g\n") != std::string::npos);
        const json sj = json::parse(runExport("sonic", f).files.at("leaf1.json"));
        // 100 Gb/s × 5 % / 8 = 625 000 000 B/s.
        QCOMPARE(sj["QUEUE"]["Ethernet0|6"]["scheduler"].get<std::string>(), std::string("scheduler.strict5.100G"));
        const json s100 = sj["SCHEDULER"]["scheduler.strict5.100G"];
        QCOMPARE(s100["type"].get<std::string>(), std::string("STRICT"));
        QCOMPARE(s100["meter_type"].get<std::string>(), std::string("bytes"));
        QCOMPARE(s100["pir"].get<std::string>(), std::string("625000000"));
        QCOMPARE(s100["cir"].get<std::string>(), std::string("625000000"));
        QVERIFY(std::stoll(s100["pbs"].get<std::string>()) >= 9100);
        Fabric g = f;
        for (auto& p : g.policies)
            for (auto& e : p.ets)
                if (e.mode == SchedulerMode::Strict)
                    e.weight = 0;
        for (const char* t : { "junos", "eos", "nxos", "nvue", "sonic" }) {
            const ExportResult r = runExport(t, g);
            QVERIFY2(hasFinding(r, "LFP-EXPORT-STRICT-UNBOUNDED", Severity::Error), t);
        }
        QVERIFY(runExport("eos", g).files.at("leaf1.eos.cfg").find("shape rate") == std::string::npos);
        QVERIFY(json::parse(runExport("sonic", g).files.at("leaf1.json"))["SCHEDULER"].contains("scheduler.strict"));
        // A port without a speed: NVUE and SONiC shape in absolute rates, so the bound cannot be written there.
        Fabric h = f;
        for (auto& n : h.nodes)
            if (n.name == "leaf1")
                n.ports.front().speed = BitsPerSecond(0);
        for (const char* t : { "nvue", "sonic" })
            QVERIFY2(hasFinding(runExport(t, h), "LFP-EXPORT-STRICT-UNBOUNDED", Severity::Error), t);
        QVERIFY(!hasFinding(runExport("eos", h), "LFP-EXPORT-STRICT-UNBOUNDED", Severity::Error));
    }

    void nvueReleasesSpellAndTurnDefaultsOff()
    {
        const Fabric f = exampleFabric();
        const std::string v514 = runExport("nvue", f, "5.14").files.at("leaf1.nvue.txt");
        const std::string cur = runExport("nvue", f, "current").files.at("leaf1.nvue.txt");
        QVERIFY(v514.find("traffic-class 3 ecn enable\n") != std::string::npos);
        QVERIFY(v514.find("traffic-class 0 ecn disable\n") != std::string::npos);
        QVERIFY(cur.find("traffic-class 3 ecn enabled\n") != std::string::npos);
        QVERIFY(cur.find("traffic-class 0 ecn disabled\n") != std::string::npos);
        QVERIFY(cur.find("qos pfc-watchdog state enable\n") != std::string::npos);
        QVERIFY(v514.find("qos pfc-watchdog state") == std::string::npos);
        // The startup.yaml header names the release written for.
        QVERIFY(runExport("nvue", f, "5.14").files.at("leaf1.startup.yaml").find("\n    version: Cumulus Linux 5.14.0\n") != std::string::npos);
        QVERIFY(runExport("nvue", f, "current").files.at("leaf1.startup.yaml").find("\n    version: Cumulus Linux 5.17.0\n") != std::string::npos);
        for (const std::string* t : { &v514, &cur }) {
            QVERIFY(t->find("nv set qos traffic-pool default-lossless switch-priority 3\n") != std::string::npos);
            QVERIFY(t->find("nv set service lldp application-tlv udp-port 4791 priority 3\n") != std::string::npos);
            QVERIFY(t->find("lldp application-tlv udp-port 4791\n") != std::string::npos);
        }
    }

    /// EOS 4.35 (the default) writes a qos profile's PFC lines before its tx-queues and the global PFC lines
    /// right after the qos maps (avd pull requests 6318, 6460); 4.34 after them, as AVD 5 renders it. AVD 6
    /// removed the global watchdog action no-drop (avd pull request 6400): 4.35 writes no global action for a
    /// non-drop plan, the profiles' port action still states it. Both orders read back to the same facts.
    void eosReleasesOrderPfcAndWatchdogAction()
    {
        const Fabric f = exampleFabric();
        QCOMPARE(findExporter("eos")->resolveRelease(""), std::string("4.35"));
        const std::string v435 = runExport("eos", f, "4.35").files.at("leaf1.eos.cfg");
        const std::string v434 = runExport("eos", f, "4.34").files.at("leaf1.eos.cfg");
        QVERIFY(v435.find("qos profile roce-lossless\n   qos trust dscp\n   priority-flow-control on\n   priority-flow-control priority 3 no-drop\n") != std::string::npos);
        QVERIFY(v435.find("      shape rate 5 percent\n!\n") != std::string::npos); // the last tx-queue ends the profile
        QVERIFY(v434.find("      shape rate 5 percent\n   !\n   priority-flow-control on\n") != std::string::npos);
        const auto wd = v435.find("\npriority-flow-control pause watchdog default timeout");
        QVERIFY(wd != std::string::npos);
        QVERIFY(v435.compare(v435.rfind('\n', wd - 1) + 1, 8, "qos map ") == 0); // right after the qos maps
        QVERIFY(v435.find("!\npriority-flow-control pause watchdog default timeout") == std::string::npos);
        QVERIFY(v434.find("!\npriority-flow-control pause watchdog default timeout") != std::string::npos);
        QVERIFY(v435.find("priority-flow-control pause watchdog action drop\n!\nend\n") != std::string::npos);
        for (const std::string* t : { &v435, &v434 }) {
            const VendorFacts a = readEos(*t, "roce-lossless");
            QVERIFY(a.noDrop.count(3) && a.watchdog && a.scheduling.at(6) == "strict:5");
        }
        QCOMPARE(readEos(v435, "roce-lossless").ecn.size(), readEos(v434, "roce-lossless").ecn.size());
        // A non-drop (alert) watchdog: 4.34 writes AVD 5's global no-drop, 4.35 none; both keep notify-only per profile.
        Fabric g = f;
        for (auto& p : g.policies)
            p.watchdog.action = WatchdogAction::Alert;
        const std::string a435 = runExport("eos", g, "4.35").files.at("leaf1.eos.cfg");
        const std::string a434 = runExport("eos", g, "4.34").files.at("leaf1.eos.cfg");
        QVERIFY(a434.find("priority-flow-control pause watchdog action no-drop\n") != std::string::npos);
        QVERIFY(a435.find("watchdog action") == std::string::npos);
        for (const std::string* t : { &a435, &a434 })
            QVERIFY(t->find("   priority-flow-control pause watchdog port action notify-only\n") != std::string::npos);
    }

    /// ECN thresholds a target writes with another value than planned are an error naming the queues' ECN
    /// facts (docs/export-fidelity.md): in whole percent of the queue buffer (Junos, Huawei) Kmin and Kmax
    /// 1 B apart fall into one percent, the high one is written a percent above; in bytes (EOS, NVUE) they
    /// are exact.
    void ecnThresholdsOutOfRangeNameTheirFacts()
    {
        Fabric f = exampleFabric();
        QosPolicy& p = f.policies.front();
        p.ecn = { { "roce-ecn", Bytes(150'000), Bytes(150'001), 0.1, { 3 } } };
        const std::string fact = "policy:" + p.name + "/queue 3/ecn";
        auto named = [&](const ExportResult& r) {
            return std::any_of(r.findings.begin(), r.findings.end(), [&](const Finding& x) {
                return x.code == "LFP-EXPORT-VALUE-OUT-OF-RANGE" && std::find(x.facts.begin(), x.facts.end(), fact) != x.facts.end()
                    && x.message.find("roce-ecn") != std::string::npos;
            });
        };
        for (const char* t : { "junos", "huawei" })
            QVERIFY2(named(runExport(t, f)), t);
        for (const char* t : { "eos", "nvue", "sonic", "nxos" })
            QVERIFY2(!named(runExport(t, f)), t);
        p.ecn = { { "roce-ecn", Bytes(150'000), Bytes(100'000), 0.1, { 3 } } }; // Kmax below Kmin: every target but the host
        for (const char* t : { "junos", "huawei", "eos", "nvue", "sonic", "nxos" })
            QVERIFY2(named(runExport(t, f)), t);
    }

    void huaweiWritesHeadroomOrErrsEcnInPercentAndMtu()
    {
        Fabric f = exampleFabric();
        const ExportResult r = runExport("huawei", f);
        const std::string cfg = r.files.at("leaf1.huawei.cfg");
        QVERIFY(cfg.find("qos buffer headroom-pool size") != std::string::npos);
        QVERIFY(cfg.find(" ecn low-limit ") != std::string::npos);
        QVERIFY(cfg.find("buffer-size") == std::string::npos);
        QVERIFY(cfg.find(" jumboframe enable 9118\n mtu 9100\n") != std::string::npos);
        // Family A without a known ASIC: no headroom can be planned, so it is an error, and the info
        // finding that says hdrm is written is not there.
        for (auto& n : f.nodes)
            if (n.isSwitch())
                n.asic = "no-such-asic";
        const ExportResult u = runExport("huawei", f);
        QVERIFY(hasFinding(u, "LFP-EXPORT-NO-ASIC", Severity::Error));
        QVERIFY(u.files.at("leaf1.huawei.cfg").find("hdrm") == std::string::npos);
        for (const auto& x : u.findings)
            QVERIFY2(!(x.code == "LFP-EXPORT-NOT-EXPRESSIBLE"
                         && std::any_of(x.params.begin(), x.params.end(), [](const auto& kv) { return kv.first == "what" && kv.second == "huawei-hdrm"; })),
                "no claim of a hdrm not written");
        QVERIFY(u.files.at("leaf1.huawei.cfg").find(" ecn buffer-size low-limit 150000 high-limit 1500000") != std::string::npos);
    }

    void sonicNamesARealHwskuAndPlatform()
    {
        const std::string cfg = runExport("sonic", exampleFabric()).files.at("leaf1.json");
        const json j = json::parse(cfg);
        QCOMPARE(j["DEVICE_METADATA"]["localhost"]["hwsku"].get<std::string>(), std::string("Mellanox-SN4700-O8C48"));
        QCOMPARE(j["DEVICE_METADATA"]["localhost"]["platform"].get<std::string>(), std::string("x86_64-mlnx_msn4700-r0"));
        Fabric f = exampleFabric();
        for (auto& n : f.nodes)
            if (n.isSwitch())
                n.model = "XYZ-1";
        const ExportResult r = runExport("sonic", f);
        QVERIFY(!json::parse(r.files.at("leaf1.json"))["DEVICE_METADATA"]["localhost"].contains("hwsku"));
        QVERIFY(hasFinding(r, "LFP-EXPORT-NOT-EXPRESSIBLE", Severity::Warning));
    }

    void selfCheck_data()
    {
        QTest::addColumn<QString>("fabric");
        QTest::addColumn<QString>("target");
        for (const char* fab : { "example", "rail" })
            for (const char* t : { "junos", "nvue", "huawei", "sonic", "eos", "nxos" })
                QTest::newRow(fmt::format("{}-{}", fab, t).c_str()) << QString(fab) << QString(t);
    }

    /// Every switch's export read back and compared with its DevicePlan (the governing policy's facts).
    void selfCheck()
    {
        QFETCH(QString, fabric);
        QFETCH(QString, target);
        const Fabric f = fabric == "example" ? exampleFabric() : generateRail(8, 8, 8, 16);
        const std::string t = target.toStdString();
        ExportOptions o;
        o.targetRelease = findExporter(t)->resolveRelease({});
        const ExportContext ctx(f, catalog(), o);
        const ExportResult r = findExporter(t)->run(ctx);
        int checked = 0;
        for (const DevicePlan& d : ctx.devices()) {
            if (!d.isSwitch || !d.governing)
                continue;
            const PolicyPlan& pol = *d.governing;
            const std::string where = t + " " + d.name;
            if (t == "junos")
                checkJunos(readJunos(r.files.at(d.name + ".junos.set"), pol.name + "-DSCP", pol.name + "-SM"), d, pol, where);
            else if (t == "nvue")
                checkNvue(r.files.at(d.name + ".nvue.txt"), d, pol, where);
            else if (t == "sonic")
                checkSonic(r.files.at(d.name + ".json"), d, pol, where);
            else if (t == "eos")
                checkEos(readEos(r.files.at(d.name + ".eos.cfg"), pol.name), d, pol, where);
            else if (t == "nxos")
                checkNxos(readNxos(r.files.at(d.name + ".nxos.cfg"), pol.name + "_CLASSIFICATION", pol.name + "_QUEUING"), d, pol, where);
            else
                checkHuawei(r.files.at(d.name + ".huawei.cfg"), d, pol, where);
            if (QTest::currentTestFailed())
                return;
            ++checked;
        }
        QVERIFY(checked >= 2);
    }

    void sonicDeltaKeepsReferencesAndBuffer_data()
    {
        QTest::addColumn<int>("change");
        QTest::newRow("longer cables (headroom grows, pools shrink)") << 0;
        QTest::newRow("renamed policy (maps and profiles re-pointed)") << 1;
        QTest::newRow("a second lossless priority") << 2;
    }

    /// Forward and rollback: every intermediate config_db state references only what exists and holds
    /// pools + reservations within the ASIC's buffer.
    void sonicDeltaKeepsReferencesAndBuffer()
    {
        QFETCH(int, change);
        const Fabric base = exampleFabric();
        Fabric next = base;
        if (change == 0) {
            for (auto& l : next.links)
                if (l.a.node == "leaf1" || l.b.node == "leaf1")
                    l.length = Metres(100);
        } else if (change == 1) {
            for (auto& p : next.policies)
                p.name = "roce-v2";
            for (auto& b : next.bindings)
                b.policy = "roce-v2";
        } else
            next = twoLosslessFabric();
        const ExportResult a = runExport("sonic", base), b = runExport("sonic", next);
        const ExportContext ctx(base, catalog());
        const long long buffer = ctx.device("leaf1")->totalBuffer->value();
        const auto forward = computeDelta("sonic", a, b);
        const auto back = computeDelta("sonic", b, a);
        QVERIFY(!forward.empty());
        int replayed = 0;
        for (const auto& d : forward) {
            if (d.kind != DeviceDelta::Kind::Changed)
                continue;
            const auto rb = std::find_if(back.begin(), back.end(), [&](const DeviceDelta& x) { return x.file == d.file; });
            QVERIFY(rb != back.end());
            replay(a.files.at(d.file), b.files.at(d.file), d.commands, buffer, "forward");
            replay(b.files.at(d.file), a.files.at(d.file), rb->commands, buffer, "rollback");
            if (QTest::currentTestFailed())
                return;
            ++replayed;
        }
        QVERIFY(replayed > 0);
    }

    void sonicDeltaStatesLiveAndReloadFields()
    {
        Fabric next = exampleFabric();
        for (auto& p : next.policies)
            p.watchdog.detection = Nanoseconds(400e6);
        const auto delta = computeDelta("sonic", runExport("sonic", exampleFabric()), runExport("sonic", next));
        bool wdLive = false;
        for (const auto& d : delta)
            for (const auto& c : d.commands)
                if (c.text.find("'PFC_WD|") != std::string::npos && c.text.find("detection_time") != std::string::npos)
                    wdLive = c.live.value_or(false);
        QVERIFY2(wdLive, "GCU applies PFC_WD detection_time live");
        // The buffer model change needs a reload.
        ExportOptions dyn;
        dyn.sonicBufferModel = ExportOptions::SonicBufferModel::Dynamic;
        const auto model = computeDelta("sonic", runExport("sonic", exampleFabric()), runExport("sonic", exampleFabric(), {}, dyn));
        bool reload = false, derived = false;
        for (const auto& d : model)
            for (const auto& c : d.commands) {
                reload |= c.text.find("buffer_model") != std::string::npos && c.live == false;
                derived |= c.text.find("HSET 'BUFFER_PROFILE|pg_lossless_") != std::string::npos;
            }
        QVERIFY(reload);
        QVERIFY2(!derived, "the dynamic model's derived profiles are not written");
    }

    void vendorReferences_data()
    {
        QTest::addColumn<QString>("reference");
        QTest::newRow("junos: Juniper AI/ML backend JVD, QFX5240") << "junos/jvd_aiml_backend_leaf1_qfx5240.conf";
        QTest::newRow("huawei: CE6800 V300R023 ECN example") << "huawei/ce6800_ecn_example_deviceB.cfg";
        QTest::newRow("huawei: CE6800 V300R023 iQCN example") << "huawei/ce6800_iqcn_example_deviceA.cfg";
        QTest::newRow("nvue: Cumulus 5.14 RoCE page (nv show qos roce)") << "nvue/cumulus514_roce_lossless.md";
        QTest::newRow("nxos: Cisco RoCEv2 QoS script") << "nxos/cisco_nxos_config_roce.cfg";
        QTest::newRow("sonic: rendered qos_config.j2 (AZURE maps)") << "sonic/sonic_azure_qos_7800r3_48cq2_Ethernet0.json";
    }

    /// The facts a vendor's own published configuration states come out of a plan that states the same
    /// intent, read with the same fact reader from the reference and from the export.
    void vendorReferences()
    {
        QFETCH(QString, reference);
        // LFP_SHARED_DIR in the environment overrides the build's ../shared (a worktree elsewhere).
        const QString file = qEnvironmentVariable("LFP_SHARED_DIR", QStringLiteral(LFP_SHARED_DIR)) + "/vendor_refs/" + reference;
        if (!QFile::exists(file))
            QSKIP(qPrintable("../shared/vendor_refs is absent (" + file + "): the vendor reference comparison is skipped"));
        QFile in(file);
        QVERIFY(in.open(QIODevice::ReadOnly));
        const std::string ref = in.readAll().toStdString();
        if (reference.startsWith("junos/"))
            compareJvd(ref);
        else if (reference.startsWith("nvue/"))
            compareCumulusRoce(ref);
        else if (reference.startsWith("nxos/"))
            compareCiscoScript(ref);
        else if (reference.startsWith("sonic/"))
            compareSonicAzure(ref);
        else if (reference.contains("ecn_example"))
            compareHuaweiEcn(ref);
        else
            compareHuaweiIqcn(ref);
    }

private:
    /// The example with one policy reshaped by @p shape, its ECN thresholds set as fractions of leaf1's
    /// queue buffer (what Junos fill levels and Huawei ECN percent are of).
    template <typename Shape>
    static Fabric planLike(Shape shape, double lo, double hi, double pmax, std::vector<int> ecnQueues)
    {
        Fabric f = exampleFabric();
        QosPolicy& p = f.policies.front();
        shape(p);
        p.ecn.clear();
        const ExportContext probe(f, catalog());
        const double qb = static_cast<double>(probe.device("leaf1")->queueBuffer->value());
        p.ecn = { { "dp1", Bytes(std::llround(lo * qb)), Bytes(std::llround(hi * qb)), pmax, std::move(ecnQueues) } };
        return f;
    }

    static void compareJvd(const std::string& ref)
    {
        const VendorFacts want = readJunos(junosBracesToSet(ref), "mydscp", "sm1");
        QVERIFY(!want.dscpToQueue.empty() && !want.ecn.empty());
        // The JVD's intent: DSCP 26 → NO-LOSS on queue 4, PFC priority 3; DSCP 48 (CNP) → queue 3,
        // strict-high bounded to 5 %; ECN on queue 4 at fill levels 55 / 90 %; the default watchdog; MTU 9216.
        Fabric f = planLike(
            [](QosPolicy& p) {
                p.dscpToTc.fill(0);
                p.dscpToTc[26] = 3;
                p.dscpToTc[48] = 6;
                p.tcToQueue[3] = 4;
                p.tcToQueue[6] = 3;
                p.losslessPriorities = { 3 };
                p.ets = { { 3, SchedulerMode::Strict, 5 } };
                p.watchdog = { true, Nanoseconds(200e6), Nanoseconds(200e6), WatchdogAction::Drop };
            },
            0.55, 0.90, 1.0, { 4 });
        for (auto& n : f.nodes)
            for (auto& port : n.ports)
                port.mtu = 9216;
        const ExportResult r = runExport("junos", f, "23.4R2-EVO");
        const VendorFacts got = readJunos(r.files.at("leaf1.junos.set"), "roce-lossless-DSCP", "roce-lossless-SM");
        QCOMPARE(got.trust, want.trust);
        for (const auto& [d, q] : want.dscpToQueue)
            QVERIFY2(got.dscpToQueue.count(d) && got.dscpToQueue.at(d) == q, fmt::format("DSCP {}", d).c_str());
        QVERIFY(got.noDrop == want.noDrop);
        QVERIFY(got.noDropQueues == want.noDropQueues);
        QVERIFY2(got.scheduling == want.scheduling, fmt::format("scheduling: {} queues, want {}", got.scheduling.size(), want.scheduling.size()).c_str());
        QVERIFY(got.ecn == want.ecn);
        QVERIFY(got.watchdogDetectionMs == want.watchdogDetectionMs);
        for (const auto& [port, mtu] : got.mtu)
            QVERIFY2(mtu == 9216, port.c_str());
    }

    /// The Cumulus 5.14 RoCE page's `nv show qos roce`: DSCP 8k…8k+7 → SP k, SP 3 → TC 3, SP 6 → TC 6, the
    /// others → TC 0; PFC on 3; TC 6 strict (no bound), TC 0 / 3 DWRR 50 %; ECN on TC 0 and 3 at 150000 /
    /// 1500000 B (shown 146.48 KB / 1.43 MB), probability 100. The one LFP-EXPORT error is STRICT-UNBOUNDED
    /// on the TC 6 the profile leaves unshaped.
    static void compareCumulusRoce(const std::string& ref)
    {
        const VendorFacts want = readNvueRoceShow(ref);
        QCOMPARE(want.dscpToQueue.at(26), 3);
        QCOMPARE(want.scheduling.at(6), std::string("strict"));
        Fabric f = exampleFabric();
        QosPolicy& p = f.policies.front();
        for (int d = 0; d < kDscpValues; ++d)
            p.dscpToTc[static_cast<std::size_t>(d)] = d / 8;
        for (int tc = 0; tc < kPriorities; ++tc)
            p.tcToQueue[static_cast<std::size_t>(tc)] = tc == 3 || tc == 6 ? tc : 0;
        p.losslessPriorities = { 3 };
        p.ets = { { 0, SchedulerMode::Dwrr, 50 }, { 3, SchedulerMode::Dwrr, 50 }, { 6, SchedulerMode::Strict, 0 } };
        p.ecn = { { "roce-ecn", Bytes(150000), Bytes(1500000), 1.0, { 0, 3 } } };
        const ExportResult r = runExport("nvue", f);
        const VendorFacts got = readNvue(r.files.at("leaf1.nvue.txt"));
        QCOMPARE(got.trust, want.trust);
        QVERIFY(got.dscpToQueue == want.dscpToQueue);
        QVERIFY(got.noDrop == want.noDrop);
        for (const auto& [q, sch] : got.scheduling)
            QVERIFY2(want.scheduling.count(q) && want.scheduling.at(q) == sch, fmt::format("queue {}: {}", q, sch).c_str());
        QCOMPARE(got.ecn.size(), want.ecn.size());
        for (const auto& [q, e] : want.ecn) // the show output's two decimals of KB / MB
            QVERIFY2(got.ecn.count(q) && std::abs(got.ecn.at(q).low - e.low) <= 0.005 * e.low && std::abs(got.ecn.at(q).high - e.high) <= 0.005 * e.high,
                fmt::format("ECN on {}", q).c_str());
        for (const Finding& x : r.findings)
            if (x.code.rfind("LFP-EXPORT-", 0) == 0 && x.severity == Severity::Error)
                QVERIFY2(x.code == "LFP-EXPORT-STRICT-UNBOUNDED", x.message.c_str());
        QVERIFY(hasFinding(r, "LFP-EXPORT-STRICT-UNBOUNDED", Severity::Error));
    }

    /// Cisco's RoCEv2 QoS script: DSCP 24-31 → qos-group 3 (PFC cos 3), 48 (CNP) → 7 strict with no bound,
    /// the rest → 0; q3 and q-default 50 % each, the others 0; WRED ECN on q3 950 / 3000 kbytes, 7 %; the
    /// watchdog on without timers; MTU 9216. The one LFP-EXPORT error is the strict queue 7 the script
    /// leaves unbounded (the export writes it unbounded too, and says so).
    static void compareCiscoScript(const std::string& ref)
    {
        const VendorFacts want = readNxos(ref, "QOS_CLASSIFICATION", "QOS_EGRESS_PORT");
        QCOMPARE(want.dscpToQueue.at(26), 3);
        QCOMPARE(want.scheduling.at(7), std::string("strict"));
        Fabric f = exampleFabric();
        QosPolicy& p = f.policies.front();
        p.dscpToTc.fill(0);
        for (int d = 24; d <= 31; ++d)
            p.dscpToTc[static_cast<std::size_t>(d)] = 3;
        p.dscpToTc[48] = 7;
        for (int tc = 0; tc < kPriorities; ++tc)
            p.tcToQueue[static_cast<std::size_t>(tc)] = tc;
        p.losslessPriorities = { 3 };
        p.ets = { { 0, SchedulerMode::Dwrr, 50 }, { 3, SchedulerMode::Dwrr, 50 }, { 7, SchedulerMode::Strict, 0 } };
        p.ecn = { { "roce-ecn", Bytes(950 * 1024), Bytes(3000 * 1024), 0.07, { 3 } } };
        for (auto& n : f.nodes)
            for (auto& port : n.ports)
                port.mtu = 9216;
        const ExportResult r = runExport("nxos", f);
        const VendorFacts got = readNxos(r.files.at("leaf1.nxos.cfg"), "roce-lossless_CLASSIFICATION", "roce-lossless_QUEUING");
        QCOMPARE(got.trust, want.trust);
        QVERIFY(got.dscpToQueue == want.dscpToQueue);
        QVERIFY(got.noDrop == want.noDrop);
        QVERIFY(got.noDropQueues == want.noDropQueues);
        QVERIFY2(got.scheduling == want.scheduling, fmt::format("scheduling: {} queues, want {}", got.scheduling.size(), want.scheduling.size()).c_str());
        QVERIFY(got.ecn == want.ecn);
        QCOMPARE(got.watchdog, want.watchdog);
        for (const auto& [port, mtu] : got.mtu)
            QVERIFY2(mtu == 9216, port.c_str());
        for (const Finding& x : r.findings)
            if (x.code.rfind("LFP-EXPORT-", 0) == 0 && x.severity == Severity::Error)
                QVERIFY2(x.code == "LFP-EXPORT-STRICT-UNBOUNDED", x.message.c_str());
        QVERIFY(hasFinding(r, "LFP-EXPORT-STRICT-UNBOUNDED", Severity::Error));
    }

    /// SONiC's rendered qos_config.j2 (AZURE): DSCP 3 → TC 3, 4 → 4, 5 → 2, 8 → 0, 46 → 5, 48 → 6, the
    /// rest → 1; identity TC → queue; PFC on 3 and 4; DWRR 15 on queues 3-4 and 14 on 0-2, 5-6; ECN on 3-4 at
    /// 2000000 / 10000000 B, 5 %; no PFC_WD.
    static void compareSonicAzure(const std::string& ref)
    {
        const VendorFacts want = readSonic(ref, "Ethernet0");
        QCOMPARE(want.dscpToQueue.at(46), 5);
        QCOMPARE(want.scheduling.at(3), std::string("dwrr:15"));
        Fabric f = exampleFabric();
        QosPolicy& p = f.policies.front();
        p.dscpToTc.fill(1);
        for (const auto& [d, tc] : std::map<int, int> { { 3, 3 }, { 4, 4 }, { 5, 2 }, { 8, 0 }, { 46, 5 }, { 48, 6 } })
            p.dscpToTc[static_cast<std::size_t>(d)] = tc;
        for (int tc = 0; tc < kPriorities; ++tc)
            p.tcToQueue[static_cast<std::size_t>(tc)] = tc;
        p.losslessPriorities = { 3, 4 };
        p.tcToPg[4] = 4;
        p.nic.pfcBitmap = (1u << 3) | (1u << 4);
        p.ets = { { 0, SchedulerMode::Dwrr, 14 }, { 1, SchedulerMode::Dwrr, 14 }, { 2, SchedulerMode::Dwrr, 14 }, { 3, SchedulerMode::Dwrr, 15 },
            { 4, SchedulerMode::Dwrr, 15 }, { 5, SchedulerMode::Dwrr, 14 }, { 6, SchedulerMode::Dwrr, 14 } };
        p.ecn = { { "AZURE_LOSSLESS", Bytes(2000000), Bytes(10000000), 0.05, { 3, 4 } } };
        p.watchdog.enabled = false;
        const ExportResult r = runExport("sonic", f);
        const VendorFacts got = readSonic(r.files.at("leaf1.json"), "Ethernet0");
        QCOMPARE(got.trust, want.trust);
        QVERIFY(got.dscpToQueue == want.dscpToQueue);
        QVERIFY(got.noDrop == want.noDrop);
        QVERIFY(got.noDropQueues == want.noDropQueues);
        QVERIFY2(got.scheduling == want.scheduling, fmt::format("scheduling: {} queues, want {}", got.scheduling.size(), want.scheduling.size()).c_str());
        QVERIFY(got.ecn == want.ecn);
        QCOMPARE(got.watchdog, want.watchdog);
        for (const Finding& x : r.findings)
            QVERIFY2(!(x.code.rfind("LFP-EXPORT-", 0) == 0 && x.severity == Severity::Error), x.message.c_str());
    }

    /// The first interface a CloudEngine config writes.
    static std::string firstInterface(const std::string& cfg)
    {
        const auto at = cfg.find("\ninterface ");
        return at == std::string::npos ? std::string() : cfg.substr(at + 11, cfg.find('\n', at + 1) - at - 11);
    }

    static void compareHuaweiEcn(const std::string& ref)
    {
        const VendorFacts want = readHuawei(ref, "100GE1/0/2");
        QVERIFY(want.ecn.count(3));
        const Fabric f = planLike([](QosPolicy&) {}, 0.50, 0.80, 0.30, { 3 });
        const ExportResult r = runExport("huawei", f);
        const std::string cfg = r.files.at("leaf1.huawei.cfg");
        const VendorFacts got = readHuawei(cfg, firstInterface(cfg));
        QVERIFY(got.ecn == want.ecn);
        QVERIFY(cfg.find(" ecn low-limit 50 high-limit 80 discard-percentage 30\n") != std::string::npos);
    }

    static void compareHuaweiIqcn(const std::string& ref)
    {
        const VendorFacts want = readHuawei(ref, "100GE1/0/1");
        QVERIFY(want.noDropQueues == (std::set<int> { 4 }));
        Fabric f = exampleFabric();
        QosPolicy& p = f.policies.front();
        for (int d = 0; d < kDscpValues; ++d)
            p.dscpToTc[static_cast<std::size_t>(d)] = d / 8;
        p.dscpToTc[24] = 4;
        p.dscpToTc[25] = 6;
        p.losslessPriorities = { 4 };
        p.tcToPg[4] = 4;
        p.ecn.front().queues = { 4 };
        p.nic.pfcBitmap = 1u << 4;
        const ExportResult r = runExport("huawei", f);
        const std::string cfg = r.files.at("leaf1.huawei.cfg");
        const VendorFacts got = readHuawei(cfg, firstInterface(cfg));
        QCOMPARE(got.trust, want.trust);
        QVERIFY(got.dscpToQueue == want.dscpToQueue);
        QVERIFY(got.noDropQueues == want.noDropQueues);
    }

    static void checkJunos(const VendorFacts& f, const DevicePlan& d, const PolicyPlan& pol, const std::string& where)
    {
        compareCommon(f, pol, where);
        QVERIFY2(f.noDrop == std::set<int>(pol.losslessPriorities.begin(), pol.losslessPriorities.end()), (where + " no-drop priorities").c_str());
        std::set<int> queues;
        for (int p : pol.losslessPriorities)
            queues.insert(pol.classes[static_cast<std::size_t>(p)].queue);
        QVERIFY2(f.noDropQueues == queues, (where + " no-drop queues").c_str());
        for (const QueuePlan& q : pol.queues) {
            if (q.mode)
                QVERIFY2(f.scheduling.count(q.queue) && f.scheduling.at(q.queue) == schedulingOf(q), (where + fmt::format(" queue {}", q.queue)).c_str());
            if (q.ecn && q.ecn->kminFraction) {
                QVERIFY2(f.ecn.count(q.queue) && f.ecn.at(q.queue).unit == "%", (where + " ECN").c_str());
                QVERIFY(percentOf(f.ecn.at(q.queue).low, *q.ecn->kminFraction) && percentOf(f.ecn.at(q.queue).high, *q.ecn->kmaxFraction));
            }
        }
        QVERIFY(f.watchdogDetectionMs && std::abs(*f.watchdogDetectionMs - pol.watchdog.detection.value() / 1e6) <= 50);
        for (const PortPlan& p : d.ports)
            if (p.qos)
                QCOMPARE(f.mtu.at(p.name), std::clamp(p.mtu, 256, 9216));
    }

    /// The first port of @p d that runs @p pol.
    static const PortPlan* portOf(const DevicePlan& d, const PolicyPlan& pol)
    {
        const auto p = std::find_if(d.ports.begin(), d.ports.end(), [&](const PortPlan& x) { return x.qos.get() == &pol; });
        return p == d.ports.end() ? nullptr : &*p;
    }

    /// The queues of the plan's lossless priorities.
    static std::set<int> losslessQueues(const PolicyPlan& pol)
    {
        std::set<int> queues;
        for (int p : pol.losslessPriorities)
            queues.insert(pol.classes[static_cast<std::size_t>(p)].queue);
        return queues;
    }

    static void checkNvue(const std::string& text, const DevicePlan& d, const PolicyPlan& pol, const std::string& where)
    {
        const PortPlan* port = portOf(d, pol);
        QVERIFY(port);
        // The reader is told the port's speed (NVUE's export states none): the shaper's kbps back to percent.
        const VendorFacts f = readNvue(text, "default-global", port->name, static_cast<double>(port->speed.value()) / 1e9);
        compareCommon(f, pol, where);
        QVERIFY2(f.noDrop == std::set<int>(pol.losslessPriorities.begin(), pol.losslessPriorities.end()), (where + " no-drop priorities").c_str());
        for (const QueuePlan& q : pol.queues) {
            if (q.mode)
                QCOMPARE(f.scheduling.at(q.queue), schedulingOf(q));
            if (q.ecn) {
                QVERIFY2(f.ecn.count(q.queue), (where + " ECN").c_str());
                QVERIFY2(f.ecn.at(q.queue) == (EcnFact { static_cast<double>(q.ecn->kmin.value()), static_cast<double>(q.ecn->kmax.value()), "B" }), (where + " ECN bytes").c_str());
            } else {
                const bool traffic = std::any_of(q.tcs.begin(), q.tcs.end(), [&](int tc) { return !pol.classes[static_cast<std::size_t>(tc)].dscp.empty(); });
                QCOMPARE(f.ecnOff.count(q.queue) == 1, traffic);
            }
        }
        QVERIFY(f.watchdogDetectionMs && std::abs(*f.watchdogDetectionMs - pol.watchdog.detection.value() / 1e6) <= 50);
        for (const PortPlan& p : d.ports)
            if (p.qos)
                QCOMPARE(f.mtu.at(p.name), std::clamp(p.mtu, 552, 9216));
    }

    static void checkEos(const VendorFacts& f, const DevicePlan& d, const PolicyPlan& pol, const std::string& where)
    {
        compareCommon(f, pol, where);
        QVERIFY2(f.noDrop == std::set<int>(pol.losslessPriorities.begin(), pol.losslessPriorities.end()), (where + " no-drop priorities").c_str());
        QVERIFY2(f.noDropQueues == losslessQueues(pol), (where + " no-drop queues").c_str());
        for (const QueuePlan& q : pol.queues) {
            if (q.mode)
                QVERIFY2(f.scheduling.count(q.queue) && f.scheduling.at(q.queue) == schedulingOf(q), (where + fmt::format(" queue {}", q.queue)).c_str());
            if (q.ecn) {
                const EcnFact want { static_cast<double>(q.ecn->kmin.value()), static_cast<double>(std::max(q.ecn->kmin.value(), q.ecn->kmax.value())), "B" };
                QVERIFY2(f.ecn.count(q.queue) && f.ecn.at(q.queue) == want, (where + " ECN bytes").c_str());
            }
        }
        QCOMPARE(f.watchdog, pol.watchdog.active);
        if (pol.watchdog.active) // seconds with two decimals
            QVERIFY(f.watchdogDetectionMs && std::abs(*f.watchdogDetectionMs - pol.watchdog.detection.value() / 1e6) <= 5);
        for (const PortPlan& p : d.ports)
            if (p.qos)
                QCOMPARE(f.mtu.at(p.name), std::clamp(p.mtu, 68, 65535));
    }

    static void checkNxos(const VendorFacts& f, const DevicePlan& d, const PolicyPlan& pol, const std::string& where)
    {
        compareCommon(f, pol, where);
        QVERIFY2(f.noDrop == std::set<int>(pol.losslessPriorities.begin(), pol.losslessPriorities.end()), (where + " no-drop priorities").c_str());
        QVERIFY2(f.noDropQueues == losslessQueues(pol), (where + " no-drop queues").c_str());
        for (const QueuePlan& q : pol.queues) {
            if (q.mode)
                QVERIFY2(f.scheduling.count(q.queue) && f.scheduling.at(q.queue) == schedulingOf(q), (where + fmt::format(" queue {}", q.queue)).c_str());
            if (q.ecn && q.mode != SchedulerMode::Strict) { // kbytes of 1024 B, rounded
                QVERIFY2(f.ecn.count(q.queue) && f.ecn.at(q.queue).unit == "kbytes", (where + " ECN").c_str());
                QVERIFY(std::abs(f.ecn.at(q.queue).low * 1024 - static_cast<double>(q.ecn->kmin.value())) <= 512 || f.ecn.at(q.queue).low == 1);
                QVERIFY(std::abs(f.ecn.at(q.queue).high * 1024 - static_cast<double>(q.ecn->kmax.value())) <= 512 || f.ecn.at(q.queue).high == f.ecn.at(q.queue).low);
            }
        }
        QCOMPARE(f.watchdog, pol.watchdog.active);
        for (const PortPlan& p : d.ports)
            if (p.qos)
                QCOMPARE(f.mtu.at(p.name), std::clamp(p.mtu, 576, 9216));
    }

    static void checkSonic(const std::string& text, const DevicePlan& d, const PolicyPlan& pol, const std::string& where)
    {
        const PortPlan* port = portOf(d, pol);
        QVERIFY(port);
        const VendorFacts f = readSonic(text, port->name);
        compareCommon(f, pol, where);
        QVERIFY2(f.noDrop == std::set<int>(pol.losslessPriorities.begin(), pol.losslessPriorities.end()), (where + " no-drop priorities").c_str());
        QVERIFY2(f.noDropQueues == losslessQueues(pol), (where + " no-drop queues").c_str());
        for (const QueuePlan& q : pol.queues) {
            if (q.mode)
                QVERIFY2(f.scheduling.count(q.queue) && f.scheduling.at(q.queue) == schedulingOf(q), (where + fmt::format(" queue {}", q.queue)).c_str());
            if (q.ecn) {
                const EcnFact want { static_cast<double>(q.ecn->kmin.value()), static_cast<double>(std::max(q.ecn->kmin.value(), q.ecn->kmax.value())), "B" };
                QVERIFY2(f.ecn.count(q.queue) && f.ecn.at(q.queue) == want, (where + " ECN bytes").c_str());
            }
        }
        QCOMPARE(f.watchdog, pol.watchdog.enabled);
        if (pol.watchdog.enabled)
            QVERIFY(f.watchdogDetectionMs && std::abs(*f.watchdogDetectionMs - std::clamp(pol.watchdog.detection.value() / 1e6, 100.0, 5000.0)) <= 0.5);
        QCOMPARE(f.mtu.at(port->name), std::clamp(port->mtu, 68, 9216));
    }

    static void checkHuawei(const std::string& text, const DevicePlan& d, const PolicyPlan& pol, const std::string& where)
    {
        const auto port = std::find_if(d.ports.begin(), d.ports.end(), [&](const PortPlan& p) { return p.qos.get() == &pol; });
        QVERIFY(port != d.ports.end());
        const VendorFacts f = readHuawei(text, port->name);
        compareCommon(f, pol, where);
        std::set<int> queues;
        for (int p : pol.losslessPriorities)
            queues.insert(pol.classes[static_cast<std::size_t>(p)].queue);
        QVERIFY2(f.noDropQueues == queues, (where + " no-drop queues").c_str());
        for (const QueuePlan& q : pol.queues) {
            if (q.mode)
                QCOMPARE(f.scheduling.at(q.queue), schedulingOf(q));
            if (q.ecn && q.ecn->kminFraction) {
                QVERIFY2(f.ecn.count(q.queue) && f.ecn.at(q.queue).unit == "%", (where + " ECN").c_str());
                QVERIFY(percentOf(f.ecn.at(q.queue).low, *q.ecn->kminFraction) && percentOf(f.ecn.at(q.queue).high, *q.ecn->kmaxFraction));
            }
        }
        QVERIFY(f.watchdogDetectionMs && std::abs(*f.watchdogDetectionMs - pol.watchdog.detection.value() / 1e6) <= 5);
        QCOMPARE(f.mtu.at(port->name), std::clamp(port->mtu, 46, 9600));
    }
};

QTEST_GUILESS_MAIN(TstVendorFacts)
#include "tst_vendor_facts.moc"
