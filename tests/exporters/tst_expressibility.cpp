// SPDX-License-Identifier: GPL-3.0-or-later
// What a target cannot express is exactly its findings (issue 32): for every target and every fixture
// plan, the facts of each device's DevicePlan (planner/plan/planfacts.h) that an independent fact
// reader (factreader.h, plus the readers below) cannot find back in the rendered configuration are
// exactly the facts the device's LFP-EXPORT-* findings name (Finding::facts). Nothing silently lost,
// nothing reported that was rendered. docs/export-fidelity.md is the per-target table.
#include <QtTest>

#ifndef Q_MOC_RUN
#include "exportfixtures.h"
#include "factreader.h"
#include "exporters/exportjob.h"
#include "model/asiccatalog.h"
#include "model/generators.h"
#include "planner/plan/planfacts.h"
#include <cmath>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#endif

using namespace lfp;
using namespace lfp::testing;
using nlohmann::json;
using Found = std::set<std::string>;

namespace {

const AsicCatalog& catalog()
{
    static const AsicCatalog c = AsicCatalog::loadDefault();
    return c;
}

// ---- fixtures

/// The example with a spine-only policy that rewrites at egress: 26 → 34 (class 3 holds only DSCP 26, so
/// a per-class remark can say it) and 10 → 12 (class 0 also carries DSCPs that leave unchanged, so it
/// cannot), as the bounce / Tagger fixtures of tests/contract rewrite.
Fabric rewriteFabric()
{
    Fabric f = exampleFabric();
    f.name = "rewrite";
    QosPolicy p = f.policies.front();
    p.name = "roce-spine-rewrite";
    p.dscpRewrite = { { 26, 34 }, { 10, 12 } };
    f.policies.push_back(p);
    for (const auto& n : f.nodes)
        if (n.role == Role::Spine)
            for (const auto& port : n.ports)
                f.overrides.push_back({ { n.name, port.name }, p.name });
    return f;
}

/// A plan that exercises every DevicePlan field: two strict queues (one bounded, one not), a watchdog
/// that forwards and one that is off, a shared headroom pool, per-port speeds, a breakout member, a
/// rewrite rule, a CNP class, ECN with a fractional probability and Kmax below Kmin on one profile, an
/// MTU out of every range.
Fabric everyField()
{
    Fabric f = rewriteFabric();
    f.name = "every-field";
    QosPolicy& p = f.policies.front();
    p.ets = { { 0, SchedulerMode::Dwrr, 60 }, { 3, SchedulerMode::Dwrr, 40 }, { 5, SchedulerMode::Strict, 0 }, { 6, SchedulerMode::Strict, 10 } };
    p.dscpToTc[46] = 5;
    p.ecn = { { "roce-ecn", Bytes(150'000), Bytes(1'500'000), 0.125, { 3 } }, { "lossy-ecn", Bytes(400'000), Bytes(300'000), 0.05, { 0 } } };
    p.watchdog = { true, Nanoseconds(250e6), Nanoseconds(1.5e9), WatchdogAction::Forward };
    f.policies[1].watchdog.enabled = false;
    for (auto& n : f.nodes) {
        if (!n.isSwitch())
            continue;
        n.buffer.overSubscribeRatio = 2.0;
        if (n.name == "leaf1" && n.ports.size() > 1) {
            n.ports[0].speed = BitsPerSecond(50'000'000'000);
            n.ports[0].lanes = 1;
            n.ports[0].fec = Fec::Rs544;
            n.ports[1].breakoutParent = n.ports[0].name;
            n.ports[1].mtu = 9600;
        }
    }
    return f;
}

Fabric fixture(const std::string& name)
{
    if (name == "example")
        return exampleFabric();
    if (name == "two-lossless")
        return twoLosslessFabric();
    if (name == "rail")
        return generateRail(4, 4, 4, 16);
    if (name == "rewrite")
        return rewriteFabric();
    return everyField();
}

// ---- what the plan says, compared with what a reader found

std::string schedulingOf(const QueuePlan& q)
{
    if (q.mode == SchedulerMode::Strict)
        return q.strictBoundPercent() ? fmt::format("strict:{}", *q.strictBoundPercent()) : "strict";
    return fmt::format("dwrr:{}", q.weight);
}

std::set<int> losslessQueues(const PolicyPlan& p)
{
    std::set<int> q;
    for (int pr : p.losslessPriorities)
        q.insert(p.classes[static_cast<std::size_t>(pr)].queue);
    return q;
}

/// An ECN threshold as written (B, kbytes of 1024 B, or % of the queue buffer) against the plan's bytes:
/// equal up to the unit's rounding.
bool ecnMatches(double written, const std::string& unit, Bytes planned, std::optional<double> fraction)
{
    if (unit == "B")
        return std::llround(written) == planned.value();
    if (unit == "kbytes")
        return std::abs(written * 1024 - static_cast<double>(planned.value())) <= 512;
    return unit == "%" && fraction && std::abs(written - 100.0 * *fraction) <= 0.5 + 1e-9;
}

const char* actionName(WatchdogAction a) { return a == WatchdogAction::Drop ? "drop" : a == WatchdogAction::Forward ? "forward" : "alert"; }

/// The facts of policy @p p that @p f states as planned; @p wdTolMs: the target's detection granularity.
void policyFound(const VendorFacts& f, const PolicyPlan& p, const DevicePlan& d, double wdTolMs, Found& out)
{
    using namespace facts;
    if (f.trust == (p.trust == TrustMode::Dscp ? "dscp" : "pcp"))
        out.insert(policy(p, kTrust));
    bool map = f.dscpToQueue.size() == kDscpValues;
    for (int v = 0; map && v < kDscpValues; ++v)
        map = f.dscpToQueue.at(v) == p.classes[static_cast<std::size_t>(p.dscpToTc[static_cast<std::size_t>(v)])].queue;
    if (map)
        out.insert(policy(p, kDscpMap));
    const std::set<int> noDrop(p.losslessPriorities.begin(), p.losslessPriorities.end());
    if (f.noDrop.empty() ? f.noDropQueues == losslessQueues(p) : f.noDrop == noDrop)
        out.insert(policy(p, kNoDrop));
    if (std::all_of(p.losslessPriorities.begin(), p.losslessPriorities.end(), [&](int tc) { return f.tcToPg.count(tc) && f.tcToPg.at(tc) == p.classes[static_cast<std::size_t>(tc)].pg; }))
        out.insert(policy(p, kPgMap));
    for (const QueuePlan& q : p.queues) {
        if (q.mode && f.scheduling.count(q.queue) && f.scheduling.at(q.queue) == schedulingOf(q))
            out.insert(queue(p, q.queue, kScheduling));
        if (!q.ecn)
            continue;
        const auto e = f.ecn.find(q.queue);
        if (e != f.ecn.end() && ecnMatches(e->second.low, e->second.unit, q.ecn->kmin, q.ecn->kminFraction)
            && ecnMatches(e->second.high, e->second.unit, q.ecn->kmax, q.ecn->kmaxFraction))
            out.insert(queue(p, q.queue, kEcn));
        if (const auto pr = f.ecnProbability.find(q.queue); pr != f.ecnProbability.end() && std::abs(pr->second - 100.0 * q.ecn->pmax) <= 0.5 + 1e-9)
            out.insert(queue(p, q.queue, kEcnProbability));
    }
    if (f.watchdog == p.watchdog.active)
        out.insert(policy(p, kWatchdog));
    if (f.watchdogDetectionMs && std::abs(*f.watchdogDetectionMs - p.watchdog.detection.value() / 1e6) <= wdTolMs)
        out.insert(policy(p, kWatchdogDetection));
    if (f.watchdogRestorationMs && std::abs(*f.watchdogRestorationMs - p.watchdog.restoration.value() / 1e6) <= wdTolMs)
        out.insert(policy(p, kWatchdogRestoration));
    if (f.watchdogAction == actionName(p.watchdog.action))
        out.insert(policy(p, kWatchdogAction));
    for (const DscpRewritePlan& r : p.dscpRewrite)
        if (f.dscpRewrite.count(r.from) && f.dscpRewrite.at(r.from) == r.to)
            out.insert(rewrite(p, r.from));
    (void)d;
}

/// A port's settings as a target writes them.
struct PortFound {
    std::optional<int> mtu;
    std::optional<double> speedGbps;
    std::optional<Fec> fec;
    bool breakout = false; ///< the port is written as a member of its parent's breakout
    std::optional<long long> xoff, size; ///< the lossless PG headroom written
};

/// The FEC an unqualified "RS" runs at a speed: RS(544,514) on PAM4 lanes (50G per lane and faster),
/// RS(528,514) on NRZ (IEEE 802.3 clauses 91 and 134; the EOS / SONiC renderers' rule).
Fec rsAt(const PortPlan& p) { return p.lanes > 0 && p.speed.value() / p.lanes >= 50e9 ? Fec::Rs544 : Fec::Rs528; }

void portFound(const DevicePlan& d, const std::map<std::string, PortFound>& written, Found& out)
{
    using namespace facts;
    for (const PortPlan& p : d.ports) {
        if (!p.qos)
            continue;
        const auto w = written.find(p.name);
        if (w == written.end())
            continue;
        const PortFound& x = w->second;
        if (x.mtu == p.mtu)
            out.insert(port(p, kMtu));
        if (x.speedGbps && std::abs(*x.speedGbps * 1e9 - static_cast<double>(p.speed.value())) < 1)
            out.insert(port(p, kSpeed));
        if (x.fec == p.fec)
            out.insert(port(p, kFec));
        if (x.breakout)
            out.insert(port(p, kBreakout));
        // Headroom: at least the plan's, at most the whole-metre cable's (+ a kbyte of the target's rounding).
        // A target that writes only the headroom above the pause point (Huawei `hdrm`) states xoff alone.
        if (p.headroom && x.xoff) {
            const HeadroomPlan& h = *p.headroom;
            const HeadroomPlan& wm = p.headroomWholeMetres ? *p.headroomWholeMetres : h;
            if (*x.xoff >= h.xoff.value() && *x.xoff <= wm.xoff.value() + 1024 && (!x.size || (*x.size >= h.size.value() && *x.size <= wm.size.value() + 1024)))
                out.insert(port(p, kHeadroom));
        }
    }
}

const PortPlan* portOf(const DevicePlan& d, const PolicyPlan& pol)
{
    const auto p = std::find_if(d.ports.begin(), d.ports.end(), [&](const PortPlan& x) { return x.qos.get() == &pol; });
    return p == d.ports.end() ? nullptr : &*p;
}

} // namespace

// The per-target readers (the second half of this file).
Found sonicFound(const std::string& text, const DevicePlan& d);
Found nvueFound(const std::string& text, const DevicePlan& d);
Found eosFound(const std::string& text, const DevicePlan& d);
Found nxosFound(const std::string& text, const DevicePlan& d);
Found junosFound(const std::string& text, const DevicePlan& d);
Found huaweiFound(const std::string& text, const DevicePlan& d);
Found linuxFound(const std::string& text, const DevicePlan& d);

class TstExpressibility : public QObject {
    Q_OBJECT
private slots:
    void lostIsReported_data()
    {
        QTest::addColumn<QString>("fixtureName");
        QTest::addColumn<QString>("target");
        for (const char* fx : { "example", "two-lossless", "rail", "rewrite", "every-field" })
            for (const char* t : { "sonic", "nvue", "eos", "nxos", "junos", "huawei", "linux" })
                QTest::newRow(fmt::format("{}-{}", fx, t).c_str()) << QString(fx) << QString(t);
    }

    /// Per device: plan facts − facts read back == facts named by the device's findings.
    void lostIsReported()
    {
        QFETCH(QString, fixtureName);
        QFETCH(QString, target);
        const Fabric f = fixture(fixtureName.toStdString());
        const std::string t = target.toStdString();
        const Exporter* ex = findExporter(t);
        ExportOptions o;
        o.targetRelease = ex->resolveRelease({});
        const ExportContext ctx(f, catalog(), o);
        const ExportResult r = ex->run(ctx);
        int checked = 0;
        std::string problems;
        for (const DevicePlan& d : ctx.devices()) {
            if (!ex->handles(*d.node) || d.policyPlans.empty())
                continue;
            std::string file;
            for (const auto& [name, dev] : r.deviceOf)
                if (dev == d.name && (file.empty() || name.find("startup.yaml") == std::string::npos))
                    file = name;
            QVERIFY2(!file.empty(), d.name.c_str());
            const std::string& text = r.files.at(file);
            const Found found = t == "sonic" ? sonicFound(text, d) : t == "nvue" ? nvueFound(text, d) : t == "eos" ? eosFound(text, d)
                : t == "nxos" ? nxosFound(text, d) : t == "junos" ? junosFound(text, d) : t == "huawei" ? huaweiFound(text, d) : linuxFound(text, d);
            std::set<std::string> lost;
            for (const std::string& fact : facts::all(d))
                if (!found.count(fact))
                    lost.insert(fact);
            std::set<std::string> reported;
            for (const Finding& x : r.findings)
                if (!x.objects.empty() && x.objects.front().node == d.name)
                    reported.insert(x.facts.begin(), x.facts.end());
            std::vector<std::string> silent, claimed;
            std::set_difference(lost.begin(), lost.end(), reported.begin(), reported.end(), std::back_inserter(silent));
            std::set_difference(reported.begin(), reported.end(), lost.begin(), lost.end(), std::back_inserter(claimed));
            for (const auto& x : silent)
                problems += fmt::format("\n  {}: lost without a finding: {}", d.name, x);
            for (const auto& x : claimed)
                problems += fmt::format("\n  {}: reported but rendered: {}", d.name, x);
            ++checked;
        }
        QVERIFY(checked > 0);
        QVERIFY2(problems.empty(), (t + ":" + problems).c_str());
    }
};

// ================================================================================================
// Readers: what each target's output states, in plan facts.

/// A config_db value as text, whether written as a string or a number.
std::string str(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

Found sonicFound(const std::string& text, const DevicePlan& d)
{
    Found out;
    const json j = json::parse(text);
    auto at = [&](const char* table, const std::string& key) -> json { return j.contains(table) && j[table].contains(key) ? j[table][key] : json::object(); };
    for (const auto& pol : d.policyPlans) {
        const PortPlan* port = portOf(d, *pol);
        if (!port)
            continue;
        VendorFacts f = readSonic(text, port->name);
        const json pq = at("PORT_QOS_MAP", port->name);
        const json pgMap = at("TC_TO_PRIORITY_GROUP_MAP", pq.value("tc_to_pg_map", ""));
        for (const auto& [k, v] : pgMap.items())
            f.tcToPg[std::stoi(k)] = std::stoi(str(v));
        const json remark = at("TC_TO_DSCP_MAP", pq.value("tc_to_dscp_map", ""));
        for (const auto& [k, v] : remark.items())
            for (int dscp = 0; dscp < kDscpValues; ++dscp)
                if (pol->dscpToTc[static_cast<std::size_t>(dscp)] == std::stoi(k))
                    f.dscpRewrite[dscp] = std::stoi(str(v));
        if (j.contains("QUEUE"))
            for (const auto& [key, v] : j["QUEUE"].items())
                if (key.rfind(port->name + "|", 0) == 0 && v.contains("wred_profile"))
                    for (int q : dscpList(key.substr(key.rfind('|') + 1)))
                        if (const json w = at("WRED_PROFILE", str(v["wred_profile"])); w.contains("green_drop_probability"))
                            f.ecnProbability[q] = std::stod(str(w["green_drop_probability"]));
        const json wd = at("PFC_WD", port->name);
        if (wd.contains("restoration_time"))
            f.watchdogRestorationMs = std::stod(str(wd["restoration_time"]));
        f.watchdogAction = wd.value("action", "");
        policyFound(f, *pol, d, 0.5, out);
    }
    std::map<std::string, PortFound> ports;
    for (const PortPlan& p : d.ports) {
        const json pj = at("PORT", p.name);
        PortFound& w = ports[p.name];
        if (pj.contains("mtu"))
            w.mtu = std::stoi(str(pj["mtu"]));
        if (pj.contains("speed"))
            w.speedGbps = std::stod(str(pj["speed"])) / 1000.0;
        const std::string fec = pj.value("fec", "");
        if (fec == "rs")
            w.fec = rsAt(p);
        else if (fec == "fc")
            w.fec = Fec::FireCode;
        else if (fec == "none")
            w.fec = Fec::None;
        w.breakout = j.contains("BREAKOUT_CFG") && !p.breakoutParent.empty() && j["BREAKOUT_CFG"].contains(p.breakoutParent);
        if (j.contains("BUFFER_PG"))
            for (const auto& [key, v] : j["BUFFER_PG"].items())
                if (key.rfind(p.name + "|", 0) == 0 && p.qos && !p.qos->losslessPriorities.empty()
                    && key.substr(key.rfind('|') + 1).find(std::to_string(p.qos->classes[static_cast<std::size_t>(p.qos->losslessPriorities.front())].pg)) != std::string::npos) {
                    const json prof = at("BUFFER_PROFILE", v.value("profile", ""));
                    if (prof.contains("xoff") && prof.contains("size")) {
                        w.xoff = std::stoll(str(prof["xoff"]));
                        w.size = std::stoll(str(prof["size"]));
                    }
                }
    }
    portFound(d, ports, out);
    if (const json pool = at("BUFFER_POOL", d.pools ? d.pools->ingressLossless : std::string()); d.pools && d.pools->sharedHeadroomPool && pool.contains("xoff")
        && std::stoll(str(pool["xoff"])) == d.pools->sharedHeadroomPool->value())
        out.insert(facts::device(facts::kSharedHeadroomPool));
    return out;
}

Found nvueFound(const std::string& text, const DevicePlan& d)
{
    Found out;
    static const std::regex prob(R"(nv set qos congestion-control (\S+) traffic-class (\d) probability (\d+))");
    static const std::regex remark(R"(nv set qos remark (\S+) switch-priority (\d) dscp (\d+))");
    for (const auto& pol : d.policyPlans) {
        const PortPlan* port = portOf(d, *pol);
        if (!port)
            continue;
        const std::string profile = pol == d.governing ? "default-global" : pol->name;
        VendorFacts f = readNvue(text, profile, port->name, static_cast<double>(port->speed.value()) / 1e9);
        std::smatch m;
        for (const auto& l : lines(text)) {
            if (std::regex_match(l, m, prob) && m[1] == profile)
                f.ecnProbability[std::stoi(m[2])] = std::stod(m[3]);
            else if (std::regex_match(l, m, remark) && m[1] == pol->name && text.find("nv set interface " + port->name + " qos remark profile " + pol->name + "\n") != std::string::npos)
                for (int dscp = 0; dscp < kDscpValues; ++dscp)
                    if (pol->dscpToTc[static_cast<std::size_t>(dscp)] == std::stoi(m[2]))
                        f.dscpRewrite[dscp] = std::stoi(m[3]);
        }
        f.watchdog = f.watchdog && text.find("nv set interface " + port->name + " qos pfc-watchdog") != std::string::npos;
        policyFound(f, *pol, d, 50, out);
    }
    std::map<std::string, PortFound> ports;
    const VendorFacts any = readNvue(text);
    for (const auto& [p, mtu] : any.mtu)
        ports[p].mtu = mtu;
    portFound(d, ports, out);
    return out;
}

Found eosFound(const std::string& text, const DevicePlan& d)
{
    Found out;
    static const std::regex red(R"(      random-detect ecn .* max-mark-probability (\d+) .*)");
    static const std::regex txq(R"(   (?:uc-)?tx-queue (\d))");
    static const std::regex action(R"(   priority-flow-control pause watchdog port action (\S+))");
    static const std::regex timer(R"(   priority-flow-control pause watchdog port timer timeout \S+ polling-interval \S+ recovery-time ([\d.]+))");
    static const std::regex remark(R"(qos map traffic-class (\d) to dscp (\d+))");
    for (const auto& pol : d.policyPlans) {
        VendorFacts f = readEos(text, pol->name);
        std::string block;
        int q = -1;
        std::smatch m;
        for (const auto& l : lines(text)) {
            if (!l.empty() && l[0] != ' ') {
                block = l;
                if (std::regex_match(l, m, remark))
                    for (int dscp = 0; dscp < kDscpValues; ++dscp)
                        if (pol->dscpToTc[static_cast<std::size_t>(dscp)] == std::stoi(m[1]))
                            f.dscpRewrite[dscp] = std::stoi(m[2]);
                continue;
            }
            if (block != "qos profile " + pol->name)
                continue;
            if (std::regex_match(l, m, txq))
                q = std::stoi(m[1]);
            else if (q >= 0 && std::regex_match(l, m, red))
                f.ecnProbability[q] = std::stod(m[1]);
            else if (std::regex_match(l, m, action))
                f.watchdogAction = m[1];
            else if (std::regex_match(l, m, timer))
                f.watchdogRestorationMs = std::stod(m[1]) * 1000.0;
        }
        policyFound(f, *pol, d, 5, out);
    }
    std::map<std::string, PortFound> ports;
    std::string iface;
    static const std::regex speed(R"(   speed (\d+)g(-\d+)?)");
    for (const auto& l : lines(text)) {
        std::smatch m;
        if (l.rfind("interface ", 0) == 0)
            iface = l.substr(10);
        else if (!l.empty() && l[0] != ' ')
            iface.clear();
        else if (iface.empty())
            continue;
        else if (l.rfind("   mtu ", 0) == 0)
            ports[iface].mtu = std::stoi(l.substr(7));
        else if (std::regex_match(l, m, speed))
            ports[iface].speedGbps = std::stod(m[1]);
        else if (l == "   error-correction encoding reed-solomon" || l == "   error-correction encoding fire-code" || l == "   no error-correction encoding") {
            const auto p = std::find_if(d.ports.begin(), d.ports.end(), [&](const PortPlan& x) { return x.name == iface; });
            if (p != d.ports.end())
                ports[iface].fec = l.find("reed") != std::string::npos ? rsAt(*p) : l.find("fire") != std::string::npos ? Fec::FireCode : Fec::None;
        }
    }
    portFound(d, ports, out);
    return out;
}

Found nxosFound(const std::string& text, const DevicePlan& d)
{
    Found out;
    static const std::regex red(R"(\s+random-detect .* drop-probability (\d+) .*ecn)");
    static const std::regex outq(R"(\s+class type queuing c-out-8q-q(\d|-default))");
    for (const auto& pol : d.policyPlans) {
        VendorFacts f = readNxos(text, pol->name + "_CLASSIFICATION", pol->name + "_QUEUING");
        std::string block;
        int q = -1;
        std::smatch m;
        for (const auto& l : lines(text)) {
            if (!l.empty() && l[0] != ' ') {
                block = l;
                continue;
            }
            if (block != "policy-map type queuing " + pol->name + "_QUEUING")
                continue;
            if (std::regex_match(l, m, outq))
                q = m[1] == "-default" ? 0 : std::stoi(m[1]);
            else if (q >= 0 && std::regex_match(l, m, red))
                f.ecnProbability[q] = std::stod(m[1]);
        }
        f.watchdogAction = f.watchdog ? "drop" : ""; // the NX-OS PFC watchdog drops (nxos.md)
        policyFound(f, *pol, d, 0.5, out);
    }
    std::map<std::string, PortFound> ports;
    std::string iface;
    for (const auto& l : lines(text)) {
        if (l.rfind("interface ", 0) == 0)
            iface = l.substr(10);
        else if (!l.empty() && l[0] != ' ')
            iface.clear();
        else if (iface.empty())
            continue;
        else if (l.rfind("  mtu ", 0) == 0)
            ports[iface].mtu = std::stoi(l.substr(6));
        else if (l.rfind("  speed ", 0) == 0)
            ports[iface].speedGbps = std::stod(l.substr(8)) / 1000.0;
        else if (l == "  fec rs-fec")
            ports[iface].fec = Fec::Rs528;
        else if (l == "  fec rs-ieee" || l == "  fec rs-cons16")
            ports[iface].fec = Fec::Rs544;
        else if (l == "  fec fc-fec")
            ports[iface].fec = Fec::FireCode;
        else if (l == "  fec off")
            ports[iface].fec = Fec::None;
    }
    for (const PortPlan& p : d.ports) // no `fec` line: a PAM4 port runs its fixed RS(544,514) (nxos.md)
        if (ports.count(p.name) && !ports[p.name].fec && rsAt(p) == Fec::Rs544)
            ports[p.name].fec = Fec::Rs544;
    portFound(d, ports, out);
    return out;
}

Found junosFound(const std::string& text, const DevicePlan& d)
{
    Found out;
    static const std::regex prob(R"(set class-of-service drop-profiles (\S+) interpolate fill-level \[ \d+ \d+ \] drop-probability \[ 0 (\d+) \])");
    static const std::regex smap(R"(set class-of-service schedulers (\S+) drop-profile-map loss-priority any protocol any drop-profile (\S+))");
    static const std::regex rec(R"(set class-of-service congestion-notification-profile (\S+) pfc-watchdog recovery (\d+))");
    static const std::regex act(R"(set class-of-service congestion-notification-profile (\S+) pfc-watchdog watchdog-action (\S+))");
    static const std::regex timer(R"(set class-of-service congestion-notification-profile (\S+) pfc-watchdog (poll-interval|detection) (\d+))");
    static const std::regex bare(R"(set class-of-service congestion-notification-profile (\S+) pfc-watchdog)");
    static const std::regex noLoss(R"(set class-of-service forwarding-classes class (\S+) queue-num \d+ no-loss pfc-priority (\d))");
    static const std::regex cls(R"(set class-of-service classifiers dscp (\S+) forwarding-class (\S+) loss-priority \S+ code-points ([01]+))");
    static const std::regex inPfc(R"(set class-of-service congestion-notification-profile (\S+) input dscp code-point ([01]+) pfc)");
    static const std::regex outFc(R"(set class-of-service congestion-notification-profile (\S+) output ieee-802.1 code-point ([01]{3}) flow-control-queue (\d))");
    for (const auto& pol : d.policyPlans) {
        VendorFacts f = readJunos(text, pol->name + "-DSCP", pol->name + "-SM");
        {
            // PFC is per interface, through the congestion-notification profile attached to it (junos.md §3:
            // the no-loss forwarding class, the profile's `input dscp … pfc` and its `output ieee-802.1 …
            // flow-control-queue`; "without the CNP nothing sends or honours PFC"): the no-drop priorities of
            // this policy's ports are those of its profile, not every no-loss class of the switch (global).
            const std::string cnp = pol->name + "-CNP", classifier = pol->name + "-DSCP";
            std::map<std::string, int> fcPrio;
            std::map<int, std::string> dscpFc;
            std::set<int> in, outPrio, outQueues;
            std::vector<int> inDscp;
            std::smatch m;
            for (const auto& l : lines(text))
                if (std::regex_match(l, m, noLoss))
                    fcPrio[m[1]] = std::stoi(m[2]);
                else if (std::regex_match(l, m, cls) && m[1] == classifier)
                    dscpFc[std::stoi(m[3], nullptr, 2)] = m[2];
                else if (std::regex_match(l, m, inPfc) && m[1] == cnp)
                    inDscp.push_back(std::stoi(m[2], nullptr, 2));
                else if (std::regex_match(l, m, outFc) && m[1] == cnp) {
                    outPrio.insert(std::stoi(m[2], nullptr, 2));
                    outQueues.insert(std::stoi(m[3]));
                }
            for (int dscp : inDscp)
                if (dscpFc.count(dscp) && fcPrio.count(dscpFc[dscp]))
                    in.insert(fcPrio[dscpFc[dscp]]);
            f.noDrop.clear();
            std::set_intersection(in.begin(), in.end(), outPrio.begin(), outPrio.end(), std::inserter(f.noDrop, f.noDrop.end()));
            f.noDropQueues = outQueues;
        }
        // The watchdog is per congestion-notification profile (junos.md §1: `congestion-notification-profile
        // NAME { … pfc-watchdog { detection N; poll-interval T; … } }`): this policy's profile's, not the
        // last one in the file (readJunos reads a file with one profile, as the vendor references have).
        std::optional<double> poll, polls;
        bool wdOn = false;
        std::map<std::string, double> dp;
        std::smatch m;
        for (const auto& l : lines(text))
            if (std::regex_match(l, m, timer) && m[1] == pol->name + "-CNP") {
                (m[2] == "poll-interval" ? poll : polls) = std::stod(m[3]);
                wdOn = true;
            } else if (std::regex_match(l, m, bare) && m[1] == pol->name + "-CNP")
                wdOn = true;
        f.watchdog = wdOn;
        f.watchdogDetectionMs = wdOn ? std::optional<double>(poll.value_or(100) * polls.value_or(2)) : std::nullopt;
        for (const auto& l : lines(text))
            if (std::regex_match(l, m, prob))
                dp[m[1]] = std::stod(m[2]);
        for (const auto& l : lines(text)) {
            if (std::regex_match(l, m, smap) && dp.count(m[2])) {
                const std::string s = m[1], prefix = pol->name + "-Q";
                if (s.rfind(prefix, 0) == 0)
                    f.ecnProbability[std::stoi(s.substr(prefix.size()))] = dp[m[2]];
            } else if (std::regex_match(l, m, rec) && m[1] == pol->name + "-CNP")
                f.watchdogRestorationMs = std::stod(m[2]);
            else if (std::regex_match(l, m, act) && m[1] == pol->name + "-CNP")
                f.watchdogAction = m[2];
        }
        policyFound(f, *pol, d, 50, out);
    }
    std::map<std::string, PortFound> ports;
    for (const auto& [p, mtu] : readJunos(text, "", "").mtu)
        ports[p].mtu = mtu;
    portFound(d, ports, out);
    return out;
}

Found huaweiFound(const std::string& text, const DevicePlan& d)
{
    Found out;
    static const std::regex disc(R"( ecn (?:buffer-size )?low-limit \d+ high-limit \d+ discard-percentage (\d+))");
    static const std::regex rec(R"( priority (\d) deadlock-recovery time (\d+))");
    for (const auto& pol : d.policyPlans) {
        const PortPlan* port = portOf(d, *pol);
        if (!port)
            continue;
        VendorFacts f = readHuawei(text, port->name);
        std::map<std::string, double> dpProb;
        std::map<std::string, double> recovery; // PFC profile → deadlock-recovery time (ms)
        std::string block, enabled;
        static const std::regex enable(R"( dcb pfc enable (\S+) mode manual)");
        std::smatch m;
        for (const auto& l : lines(text)) {
            if (!l.empty() && l[0] != ' ') {
                block = l;
                continue;
            }
            if (block.rfind("drop-profile ", 0) == 0 && std::regex_match(l, m, disc))
                dpProb[block.substr(13)] = std::stod(m[1]);
            else if (block.rfind("dcb pfc ", 0) == 0 && std::regex_match(l, m, rec))
                recovery[block.substr(8)] = std::stod(m[2]) * 10.0;
            else if (block == "interface " + port->name && std::regex_match(l, m, enable))
                enabled = m[1];
        }
        // Family A deadlock times are per PFC profile (huawei.md §1): the recovery of the profile the port enables.
        if (recovery.count(enabled))
            f.watchdogRestorationMs = recovery[enabled];
        for (const auto& e : pol->ecnProfiles)
            if (dpProb.count(e.profile))
                for (int q : e.queues)
                    if (f.ecn.count(q))
                        f.ecnProbability[q] = dpProb[e.profile];
        // CloudEngine buffers per priority (`dcb pfc buffer <priority> hdrm`): each no-drop priority is its own PG.
        for (int tc : pol->losslessPriorities)
            if (text.find(fmt::format(" dcb pfc buffer {} hdrm ", tc)) != std::string::npos)
                f.tcToPg[tc] = tc;
        f.watchdog = f.watchdogDetectionMs.has_value();
        f.watchdogAction = f.watchdog ? "drop" : ""; // the CloudEngine deadlock recovery discards (huawei.md §1)
        policyFound(f, *pol, d, 5, out);
    }
    std::map<std::string, PortFound> ports;
    static const std::regex hdrm(R"( dcb pfc buffer (\d) hdrm (\d+) kbytes)");
    std::string iface;
    for (const auto& l : lines(text)) {
        std::smatch m;
        if (l.rfind("interface ", 0) == 0)
            iface = l.substr(10);
        else if (!l.empty() && l[0] != ' ')
            iface.clear();
        else if (!iface.empty() && l.rfind(" mtu ", 0) == 0)
            ports[iface].mtu = std::stoi(l.substr(5));
        else if (!iface.empty() && std::regex_match(l, m, hdrm))
            ports[iface].xoff = std::stoll(m[2]) * 1024;
    }
    portFound(d, ports, out);
    return out;
}

/// The host script's per-port block (P_NAME=… up to `configure_port`): variable → value.
std::map<std::string, std::map<std::string, std::string>> linuxBlocks(const std::string& text)
{
    std::map<std::string, std::map<std::string, std::string>> out;
    std::map<std::string, std::string> cur;
    static const std::regex var(R"((P_[A-Z_]+)=\(?([^)]*)\)?)");
    std::smatch m;
    for (const auto& l : lines(text)) {
        if (std::regex_match(l, m, var))
            cur[m[1]] = m[2];
        else if (l == "configure_port" && cur.count("P_NAME")) {
            out[cur["P_NAME"]] = cur;
            cur.clear();
        }
    }
    return out;
}

/// "0:3 1:0 …" → {0: "3", 1: "0"}.
std::map<int, std::string> pairs(const std::string& s)
{
    std::map<int, std::string> out;
    std::istringstream in(s);
    for (std::string w; in >> w;)
        if (const auto c = w.find(':'); c != std::string::npos)
            out[std::stoi(w.substr(0, c))] = w.substr(c + 1);
    return out;
}

/// The NIC's ETS as the plan resolves it: priority → TC (NicPlan::priorityToTc), strict queues and the
/// DWRR weights of the policy (normalised to 100 by the script, LFP-EXPORT-ROUNDED host-ets).
bool nicEtsMatches(const std::map<std::string, std::string>& b, const PolicyPlan& pol)
{
    const auto prioTc = pairs(b.count("P_PRIO_TC") ? b.at("P_PRIO_TC") : ""), tsa = pairs(b.count("P_TSA") ? b.at("P_TSA") : "");
    for (int p = 0; p < kPriorities; ++p)
        if (!prioTc.count(p) || prioTc.at(p) != std::to_string(pol.nic.priorityToTc[static_cast<std::size_t>(p)]))
            return false;
    for (const QueuePlan& q : pol.queues)
        if (q.mode && (!tsa.count(q.queue) || (tsa.at(q.queue) == "strict") != (q.mode == SchedulerMode::Strict)))
            return false;
    return true;
}

Found linuxFound(const std::string& text, const DevicePlan& d)
{
    using namespace facts;
    Found out;
    const auto blocks = linuxBlocks(text);
    for (const PortPlan& p : d.ports) {
        if (!p.qos || !blocks.count(p.name))
            continue;
        const auto& b = blocks.at(p.name);
        const PolicyPlan& pol = *p.qos;
        auto is = [&](const char* k, const std::string& v) { return b.count(k) && b.at(k) == v; };
        if (is("P_TRUST", pol.nic.trust == TrustMode::Dscp ? "dscp" : "pcp"))
            out.insert(policy(pol, kTrust));
        const auto dscp = pairs(b.count("P_DSCP") ? b.at("P_DSCP") : "");
        bool map = dscp.size() == kDscpValues;
        for (int v = 0; map && v < kDscpValues; ++v)
            map = dscp.at(v) == std::to_string(pol.nic.dscpToPriority[static_cast<std::size_t>(v)]);
        if (map)
            out.insert(policy(pol, kDscpMap));
        std::string pfc;
        for (int pr = 0; pr < kPriorities; ++pr)
            pfc += (pr ? "," : "") + std::string(((pol.nic.pfcBitmap >> pr) & 1U) ? "1" : "0");
        if (is("P_PFC_CSV", pfc))
            out.insert(policy(pol, kNoDrop));
        if (is("P_MTU", std::to_string(p.mtu)))
            out.insert(port(p, kMtu));
        if (nicEtsMatches(b, pol))
            out.insert(port(p, kNicEts));
        if (is("P_TOS", std::to_string(pol.nic.roceTos)))
            out.insert(port(p, kRoceTos));
        if (is("P_NP", pol.nic.dcqcnNp ? "1" : "0") && is("P_RP", pol.nic.dcqcnRp ? "1" : "0") && is("P_CNP_DSCP", std::to_string(pol.nic.cnpDscp))
            && is("P_CNP_PRIO", std::to_string(pol.nic.cnpPriority)))
            out.insert(port(p, kDcqcn));
        if (b.count("P_BUFFER"))
            out.insert(port(p, kNicBuffers));
    }
    return out;
}

QTEST_GUILESS_MAIN(TstExpressibility)
#include "tst_expressibility.moc"
