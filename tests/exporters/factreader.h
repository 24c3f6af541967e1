// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Independent readers of exported vendor configurations (tests only): each parses the rendered text of
// one target, as an engineer reads it, into the facts of a lossless design — DSCP → egress queue, trust,
// no-drop priorities, per-queue scheduling, ECN thresholds with their unit, PFC watchdog detection, MTU
// per port — without any exporter code, so a renderer that drops or twists a fact disagrees with the
// DevicePlan it was given (issue 32, "export self-check").
#include <nlohmann/json.hpp>

#include <cmath>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace lfp::testing {

/// An ECN threshold pair as the config states it.
struct EcnFact {
    double low = 0, high = 0;
    std::string unit; ///< "B" (bytes) or "%" (percent of the queue buffer)
    bool operator==(const EcnFact&) const = default;
};

struct VendorFacts {
    std::string trust; ///< "dscp" or "pcp" ("" when the config states none)
    std::map<int, int> dscpToQueue; ///< every DSCP the config classifies, → egress queue
    std::set<int> noDrop; ///< PFC (no-drop) priorities
    std::set<int> noDropQueues; ///< queues that pause (Junos flow-control-queue, Huawei PFC queues)
    std::map<int, std::string> scheduling; ///< queue → "strict", "strict:N" (bounded to N %), "dwrr:W"
    std::map<int, EcnFact> ecn; ///< queue → thresholds
    std::set<int> ecnOff; ///< queues the config explicitly leaves unmarked
    std::optional<double> watchdogDetectionMs; ///< the PFC watchdog's detection time as written
    bool watchdog = false; ///< the config turns a PFC watchdog on (with or without timers)
    std::map<std::string, int> mtu; ///< port → MTU as written
    // Read by the expressibility test (tst_expressibility.cpp) where a target writes them:
    std::map<int, double> ecnProbability; ///< queue → marking probability at Kmax, percent
    std::optional<double> watchdogRestorationMs;
    std::string watchdogAction; ///< "drop", "forward", "alert" as written
    std::map<int, int> tcToPg; ///< traffic class → ingress priority group
    std::map<int, int> dscpRewrite; ///< DSCP leaving → DSCP written at egress
};

inline std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> v;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        v.push_back(l);
    return v;
}

/// Junos curly-brace configuration (`show configuration`) → set form: each statement ending in ';'
/// under its enclosing blocks (`fill-level [ 55 90 ];` keeps its brackets). Comments and `##` lines skipped.
inline std::string junosBracesToSet(const std::string& text)
{
    std::string out;
    std::vector<std::string> path;
    for (std::string l : lines(text)) {
        const auto a = l.find_first_not_of(" \t");
        if (a == std::string::npos || l[a] == '#' || l.compare(a, 2, "/*") == 0)
            continue;
        l = l.substr(a);
        while (!l.empty() && (l.back() == ' ' || l.back() == '\r'))
            l.pop_back();
        std::string prefix = "set";
        for (const auto& p : path)
            prefix += " " + p;
        if (l == "}")
            path.pop_back();
        else if (l.size() > 2 && l.compare(l.size() - 2, 2, " {") == 0)
            path.push_back(l.substr(0, l.size() - 2));
        else if (!l.empty() && l.back() == ';')
            out += prefix + " " + l.substr(0, l.size() - 1) + "\n";
    }
    return out;
}

/// Junos set form (junos.md §1, the JVD's statements): the facts of the DSCP classifier @p classifier
/// and the scheduler map @p schedulerMap (the exporter's `<policy>-DSCP` / `<policy>-SM`).
inline VendorFacts readJunos(const std::string& text, const std::string& classifier, const std::string& schedulerMap)
{
    VendorFacts f;
    std::map<std::string, int> fcQueue;
    std::map<std::string, int> schedulerQueue; // scheduler name → queue (from its FC in the scheduler map)
    std::map<std::string, std::pair<double, double>> dropProfile;
    std::map<std::string, std::string> schedDropProfile;
    std::map<std::string, std::string> schedMode, schedRate;
    std::map<std::string, std::string> fcOfScheduler;
    std::optional<double> poll, polls;
    bool bare = false;
    static const std::regex fc(R"(set class-of-service forwarding-classes class (\S+) queue-num (\d)( no-loss pfc-priority (\d))?)");
    static const std::regex cls(R"(set class-of-service classifiers (dscp|ieee-802.1) (\S+) forwarding-class (\S+) loss-priority \S+ code-points ([01]+))");
    static const std::regex cnpOut(R"(set class-of-service congestion-notification-profile \S+ output ieee-802.1 code-point ([01]{3}) flow-control-queue (\d))");
    static const std::regex sch(R"(set class-of-service schedulers (\S+) (priority strict-high|priority low|transmit-rate percent (\d+)|shaping-rate percent (\d+)|drop-profile-map loss-priority any protocol any drop-profile (\S+)))");
    static const std::regex smap(R"(set class-of-service scheduler-maps (\S+) forwarding-class (\S+) scheduler (\S+))");
    static const std::regex dp(R"(set class-of-service drop-profiles (\S+) interpolate fill-level \[ (\d+) (\d+) \])");
    static const std::regex bareWd(R"(set class-of-service congestion-notification-profile \S+ pfc-watchdog)");
    static const std::regex wd(R"(set class-of-service congestion-notification-profile \S+ pfc-watchdog (poll-interval|detection) (\d+))");
    static const std::regex mtu(R"(set interfaces (\S+) mtu (\d+))");
    static const std::regex ifcls(R"(set class-of-service interfaces \S+ unit \S+ classifiers (dscp|ieee-802.1) )");
    std::smatch m;
    std::map<int, std::string> dscpFc;
    for (const auto& l : lines(text)) {
        if (std::regex_match(l, m, fc)) {
            fcQueue[m[1]] = std::stoi(m[2]);
            if (m[4].matched)
                f.noDrop.insert(std::stoi(m[4]));
        } else if (std::regex_match(l, m, cls) && m[2] == classifier && m[1] == "dscp")
            dscpFc[std::stoi(m[4], nullptr, 2)] = m[3];
        else if (std::regex_match(l, m, cnpOut))
            f.noDropQueues.insert(std::stoi(m[2]));
        else if (std::regex_match(l, m, sch)) {
            const std::string s = m[1], what = m[2];
            if (what == "priority strict-high")
                schedMode[s] = "strict";
            else if (m[3].matched)
                schedRate[s] = m[3];
            else if (m[4].matched)
                schedRate[s] = m[4];
            else if (m[5].matched)
                schedDropProfile[s] = m[5];
        } else if (std::regex_match(l, m, smap) && m[1] == schedulerMap)
            fcOfScheduler[m[3]] = m[2];
        else if (std::regex_search(l, m, dp))
            dropProfile[m[1]] = { std::stod(m[2]), std::stod(m[3]) };
        else if (std::regex_match(l, bareWd))
            bare = true;
        else if (std::regex_match(l, m, wd))
            (m[1] == "poll-interval" ? poll : polls) = std::stod(m[2]);
        else if (std::regex_match(l, m, mtu))
            f.mtu[m[1]] = std::stoi(m[2]);
        else if (std::regex_search(l, m, ifcls))
            f.trust = m[1] == "dscp" ? "dscp" : "pcp";
    }
    for (const auto& [d, name] : dscpFc)
        if (fcQueue.count(name))
            f.dscpToQueue[d] = fcQueue[name];
    for (const auto& [s, fcName] : fcOfScheduler) {
        if (!fcQueue.count(fcName))
            continue;
        const int q = fcQueue[fcName];
        if (schedMode.count(s))
            f.scheduling[q] = schedRate.count(s) ? "strict:" + schedRate[s] : "strict";
        else if (schedRate.count(s))
            f.scheduling[q] = "dwrr:" + schedRate[s];
        if (schedDropProfile.count(s) && dropProfile.count(schedDropProfile[s]))
            f.ecn[q] = { dropProfile[schedDropProfile[s]].first, dropProfile[schedDropProfile[s]].second, "%" };
    }
    if (poll || polls || bare) // a bare `pfc-watchdog`: poll 100 ms, detection 2 polls (Juniper "PFC Watchdog")
        f.watchdogDetectionMs = poll.value_or(100) * polls.value_or(2);
    f.watchdog = f.watchdogDetectionMs.has_value();
    return f;
}

/// NVUE commands (nvue.md §2). @p profile: the QoS profile read ("default-global" for the governing
/// policy). The default DSCP map is DSCP 8k…8k+7 → SP k, the default SP → TC map the identity.
/// A strict traffic class shaped by the egress-shaper profile of @p port is "strict:N", N = max-rate (kbps)
/// in whole percent of @p portGbps (the port's speed, which the NVUE export does not state).
inline VendorFacts readNvue(const std::string& text, const std::string& profile = "default-global", const std::string& port = {}, double portGbps = 0)
{
    std::string shaper;
    std::map<std::string, std::map<int, double>> shaperKbps;
    static const std::regex shp(R"(nv set qos egress-shaper (\S+) traffic-class (\d) max-rate (\d+))");
    const std::regex portShaper("nv set interface " + (port.empty() ? std::string("\\S+") : port) + R"( qos egress-shaper profile (\S+))");
    VendorFacts f;
    std::map<int, int> sp, spTc;
    std::optional<double> polling, robustness;
    std::map<int, std::pair<std::optional<double>, std::optional<double>>> thr;
    std::map<int, std::string> mode, bw;
    const std::string p = "nv set qos ";
    std::smatch m;
    const std::regex trust("nv set qos mapping " + profile + " trust (l3|l2)");
    const std::regex dscp("nv set qos mapping " + profile + R"( dscp (\d+) switch-priority (\d))");
    const std::regex eqm(R"(nv set qos egress-queue-mapping default-global switch-priority (\d) traffic-class (\d))");
    const std::regex pfc("nv set qos pfc " + profile + R"( switch-priority (\d))");
    const std::regex cc("nv set qos congestion-control " + profile + R"( traffic-class (\d) (ecn|min-threshold|max-threshold) (\S+))");
    const std::regex es("nv set qos egress-scheduler " + profile + R"( traffic-class (\d) (mode|bw-percent) (\S+))");
    static const std::regex wd(R"(nv set qos pfc-watchdog (polling-interval|robustness) (\d+))");
    static const std::regex mtu(R"(nv set interface (\S+) link mtu (\d+))");
    for (const auto& l : lines(text)) {
        if (std::regex_match(l, m, trust))
            f.trust = m[1] == "l3" ? "dscp" : "pcp";
        else if (std::regex_match(l, m, dscp))
            sp[std::stoi(m[1])] = std::stoi(m[2]);
        else if (std::regex_match(l, m, eqm))
            spTc[std::stoi(m[1])] = std::stoi(m[2]);
        else if (std::regex_match(l, m, pfc))
            f.noDrop.insert(std::stoi(m[1]));
        else if (std::regex_match(l, m, cc)) {
            const int q = std::stoi(m[1]);
            if (m[2] == "ecn" && (m[3] == "disable" || m[3] == "disabled"))
                f.ecnOff.insert(q);
            else if (m[2] == "min-threshold")
                thr[q].first = std::stod(m[3]);
            else if (m[2] == "max-threshold")
                thr[q].second = std::stod(m[3]);
        } else if (std::regex_match(l, m, es))
            (m[2] == "mode" ? mode : bw)[std::stoi(m[1])] = m[3];
        else if (std::regex_match(l, m, wd))
            (m[1] == "polling-interval" ? polling : robustness) = std::stod(m[2]);
        else if (std::regex_match(l, m, mtu))
            f.mtu[m[1]] = std::stoi(m[2]);
        else if (std::regex_match(l, m, shp))
            shaperKbps[m[1]][std::stoi(m[2])] = std::stod(m[3]);
        else if (!port.empty() && std::regex_match(l, m, portShaper))
            shaper = m[1];
    }
    if (f.trust == "dscp")
        for (int d = 0; d < 64; ++d) {
            const int s = sp.count(d) ? sp[d] : d / 8;
            f.dscpToQueue[d] = spTc.count(s) ? spTc[s] : s;
        }
    for (const auto& [q, t] : thr)
        if (t.first && t.second)
            f.ecn[q] = { *t.first, *t.second, "B" };
    for (const auto& [q, md] : mode)
        f.scheduling[q] = md == "strict" ? "strict" : "dwrr:" + (bw.count(q) ? bw[q] : std::string("0"));
    if (!shaper.empty() && portGbps > 0)
        for (const auto& [q, kbps] : shaperKbps[shaper])
            if (f.scheduling.count(q) && f.scheduling[q] == "strict")
                f.scheduling[q] = "strict:" + std::to_string(std::llround(kbps / (portGbps * 1e6) * 100.0));
    if (polling && robustness)
        f.watchdogDetectionMs = *polling * *robustness;
    f.watchdog = f.watchdogDetectionMs.has_value();
    return f;
}

/// Huawei CloudEngine (huawei.md §1; the V300R023 guide examples). Reads the interface @p port's
/// settings and the profiles it names; the default DiffServ domain is DSCP 8k…8k+7 → PHB k.
inline VendorFacts readHuawei(const std::string& text, const std::string& port)
{
    VendorFacts f;
    static const std::map<std::string, int> phb = { { "be", 0 }, { "af1", 1 }, { "af2", 2 }, { "af3", 3 }, { "af4", 4 }, { "ef", 5 }, { "cs6", 6 }, { "cs7", 7 } };
    std::map<std::string, std::map<int, int>> domains;
    std::map<std::string, std::set<int>> pfcProfiles;
    std::map<std::string, EcnFact> dropProfiles;
    std::map<std::string, std::optional<double>> detect;
    std::string block, domain, pfcProfile, upstream;
    std::map<int, std::string> wredOf;
    std::set<int> ecnQueues;
    std::smatch m;
    static const std::regex dscpIn(R"( ip-dscp-inbound (\d+) phb (\S+) green)");
    static const std::regex prio(R"( priority (\d))");
    static const std::regex det(R"( priority (\d) deadlock-detect time (\d+))");
    static const std::regex ecnPct(R"( ecn low-limit (\d+) high-limit (\d+) discard-percentage \d+)");
    static const std::regex ecnB(R"( ecn buffer-size low-limit (\d+) high-limit (\d+) discard-percentage \d+)");
    static const std::regex range(R"( qos (drr|pq) (\d)( to (\d))?)");
    static const std::regex weight(R"( qos queue (\d) drr weight (\d+))");
    static const std::regex shaping(R"( qos queue (\d) shaping percent cir (\d+))");
    static const std::regex wred(R"( qos queue (\d) wred (\S+))");
    static const std::regex ecnOn(R"( qos queue (\d) ecn)");
    static const std::regex mtu(R"( mtu (\d+))");
    static const std::regex enable(R"( dcb pfc enable( (\S+))? mode manual)");
    std::map<int, std::string> modeOf;
    std::string enabled;
    for (auto l : lines(text)) {
        while (!l.empty() && (l.back() == ' ' || l.back() == '\r'))
            l.pop_back();
        if (!l.empty() && l[0] != ' ') {
            block = l == "dcb pfc" ? "dcb pfc (default)" : l;
            while (!block.empty() && block.back() == ' ')
                block.pop_back();
            continue;
        }
        const bool inPort = block == "interface " + port;
        if (block.rfind("diffserv domain ", 0) == 0 && std::regex_match(l, m, dscpIn) && phb.count(m[2]))
            domains[block.substr(16)][std::stoi(m[1])] = phb.at(m[2]);
        else if (block.rfind("dcb pfc ", 0) == 0 && std::regex_match(l, m, det))
            detect[block.substr(8)] = std::stod(m[2]) * 10.0;
        else if (block.rfind("dcb pfc ", 0) == 0 && std::regex_match(l, m, prio))
            pfcProfiles[block.substr(8)].insert(std::stoi(m[1]));
        else if (block.rfind("drop-profile ", 0) == 0 && std::regex_match(l, m, ecnPct))
            dropProfiles[block.substr(13)] = { std::stod(m[1]), std::stod(m[2]), "%" };
        else if (block.rfind("drop-profile ", 0) == 0 && std::regex_match(l, m, ecnB))
            dropProfiles[block.substr(13)] = { std::stod(m[1]), std::stod(m[2]), "B" };
        else if (!inPort)
            continue;
        else if (l == " trust dscp")
            f.trust = "dscp";
        else if (l.rfind(" trust 8021p", 0) == 0)
            f.trust = "pcp";
        else if (l.rfind(" trust upstream ", 0) == 0)
            upstream = l.substr(16);
        else if (std::regex_match(l, m, enable))
            enabled = m[2].matched ? std::string(m[2]) : std::string("(default)");
        else if (std::regex_match(l, m, range)) {
            const int a = std::stoi(m[2]), b = m[4].matched ? std::stoi(m[4]) : a;
            for (int q = a; q <= b; ++q)
                modeOf[q] = m[1] == "pq" ? "strict" : "dwrr:0";
        } else if (std::regex_match(l, m, weight))
            modeOf[std::stoi(m[1])] = "dwrr:" + std::string(m[2]);
        else if (std::regex_match(l, m, shaping))
            modeOf[std::stoi(m[1])] = "strict:" + std::string(m[2]);
        else if (std::regex_match(l, m, wred))
            wredOf[std::stoi(m[1])] = m[2];
        else if (std::regex_match(l, m, ecnOn))
            ecnQueues.insert(std::stoi(m[1]));
        else if (std::regex_match(l, m, mtu))
            f.mtu[port] = std::stoi(m[1]);
    }
    if (f.trust == "dscp")
        for (int d = 0; d < 64; ++d)
            f.dscpToQueue[d] = domains[upstream].count(d) ? domains[upstream][d] : d / 8;
    if (!enabled.empty()) {
        f.noDropQueues = pfcProfiles[enabled];
        if (detect.count(enabled))
            f.watchdogDetectionMs = detect[enabled];
    }
    f.watchdog = f.watchdogDetectionMs.has_value();
    f.scheduling = modeOf;
    for (int q : ecnQueues)
        if (wredOf.count(q) && dropProfiles.count(wredOf[q]))
            f.ecn[q] = dropProfiles[wredOf[q]];
    return f;
}

/// The numbers of a DSCP list as NX-OS writes it ("24-31,48", "26").
inline std::vector<int> dscpList(const std::string& s)
{
    std::vector<int> v;
    std::stringstream in(s);
    for (std::string item; std::getline(in, item, ',');) {
        const auto dash = item.find('-');
        const int a = std::stoi(item.substr(0, dash)), b = dash == std::string::npos ? a : std::stoi(item.substr(dash + 1));
        for (int d = a; d <= b; ++d)
            v.push_back(d);
    }
    return v;
}

/// Arista EOS (eos.md §2, AVD's qos-profiles.j2 / qos.j2 shapes): the `qos profile @p profile` block
/// (trust, tx-queue scheduling and ECN, no-drop priorities, the port watchdog timer in seconds), the
/// global `qos map dscp … to traffic-class …` and `qos map traffic-class … to tx-queue …` (identity
/// unless written), the interfaces' `mtu`.
inline VendorFacts readEos(const std::string& text, const std::string& profile)
{
    VendorFacts f;
    std::map<int, int> dscpTc, tcQueue;
    std::string block, iface;
    int txq = -1;
    std::smatch m;
    static const std::regex txRe(R"(   (?:uc-)?tx-queue (\d))");
    static const std::regex bw(R"(      bandwidth percent (\d+))");
    static const std::regex shape(R"(      shape rate (\d+) percent)");
    static const std::regex red(R"(      random-detect ecn minimum-threshold (\d+) (\S+) maximum-threshold (\d+) (\S+) .*)");
    static const std::regex noDrop(R"(   priority-flow-control priority (\d) no-drop)");
    static const std::regex timer(R"(   priority-flow-control pause watchdog port timer timeout ([\d.]+) .*)");
    static const std::regex dscpMap(R"(qos map dscp ([\d ]+) to traffic-class (\d))");
    static const std::regex tcMap(R"(qos map traffic-class (\d) to tx-queue (\d))");
    static const std::regex mtu(R"(   mtu (\d+))");
    for (const auto& l : lines(text)) {
        if (!l.empty() && l[0] != ' ') {
            block = l;
            iface = l.rfind("interface ", 0) == 0 ? l.substr(10) : std::string();
            txq = -1;
            if (std::regex_match(l, m, dscpMap)) {
                std::istringstream ds(m[1].str());
                for (int d; ds >> d;)
                    dscpTc[d] = std::stoi(m[2]);
            } else if (std::regex_match(l, m, tcMap))
                tcQueue[std::stoi(m[1])] = std::stoi(m[2]);
            continue;
        }
        if (!iface.empty() && std::regex_match(l, m, mtu))
            f.mtu[iface] = std::stoi(m[1]);
        if (block != "qos profile " + profile)
            continue;
        if (l == "   qos trust dscp" || l == "   qos trust cos")
            f.trust = l.back() == 'p' ? "dscp" : "pcp";
        else if (std::regex_match(l, m, txRe))
            txq = std::stoi(m[1]);
        else if (l.rfind("   ", 0) == 0 && l.size() > 3 && l[3] != ' ')
            txq = -1;
        if (txq >= 0 && l == "      priority strict")
            f.scheduling[txq] = "strict";
        else if (txq >= 0 && std::regex_match(l, m, shape) && f.scheduling[txq] == "strict")
            f.scheduling[txq] = "strict:" + m[1].str();
        else if (txq >= 0 && std::regex_match(l, m, bw))
            f.scheduling[txq] = "dwrr:" + m[1].str();
        else if (txq >= 0 && std::regex_match(l, m, red))
            f.ecn[txq] = { std::stod(m[1]), std::stod(m[3]), m[2] == "bytes" ? "B" : m[2].str() };
        else if (std::regex_match(l, m, noDrop))
            f.noDrop.insert(std::stoi(m[1]));
        else if (std::regex_match(l, m, timer))
            f.watchdogDetectionMs = std::stod(m[1]) * 1000.0;
        else if (l == "   priority-flow-control pause watchdog")
            f.watchdog = true;
    }
    for (const auto& [d, tc] : dscpTc)
        f.dscpToQueue[d] = tcQueue.count(tc) ? tcQueue[tc] : tc;
    for (int p : f.noDrop)
        f.noDropQueues.insert(tcQueue.count(p) ? tcQueue[p] : p);
    f.watchdog |= f.watchdogDetectionMs.has_value();
    return f;
}

/// One line of an NX-OS egress queuing class of queue @p q: strict (bounded), DWRR, WRED ECN.
inline void nxosQueueLine(VendorFacts& f, int q, const std::string& l)
{
    static const std::regex shape(R"(\s+shape min \S+ \S+ max (\d+) percent)");
    static const std::regex bw(R"(\s+bandwidth remaining percent (\d+))");
    static const std::regex red(R"(\s+random-detect minimum-threshold (\d+) (\S+) maximum-threshold (\d+) (\S+) .*ecn)");
    std::smatch m;
    if (l.find("priority level 1") != std::string::npos)
        f.scheduling[q] = "strict";
    else if (std::regex_match(l, m, shape))
        f.scheduling[q] = "strict:" + m[1].str();
    else if (std::regex_match(l, m, bw))
        f.scheduling[q] = "dwrr:" + m[1].str();
    else if (std::regex_match(l, m, red))
        f.ecn[q] = { std::stod(m[1]), std::stod(m[3]), m[2] };
}

/// Cisco NX-OS (nxos.md; Cisco's RoCEv2 QoS script): the `policy-map type qos @p classification` (class-maps'
/// `match dscp` → `set qos-group`, class-default), the system network-qos (`pause pfc-cos P` in
/// `c-8q-nq<G>`), the `policy-map type queuing @p queuing` (`c-out-8q-q<N>` / `q-default`: `priority level
/// 1` [+ `shape … max N percent`], `bandwidth remaining percent W`, `random-detect … kbytes … ecn`), the
/// global watchdog switch and the interfaces' `mtu` (indented or, as in Cisco's script, not). qos-group G
/// is egress queue G (the 8q template).
inline VendorFacts readNxos(const std::string& text, const std::string& classification, const std::string& queuing)
{
    VendorFacts f;
    std::map<std::string, std::vector<int>> classDscp;
    std::map<std::string, int> classGroup;
    std::string block, cls, iface;
    int q = -1, group = -1;
    std::smatch m;
    static const std::regex classMap(R"(class-map type qos match-\S+ (\S+))");
    static const std::regex match(R"(\s+match (dscp|cos) (\S+))");
    static const std::regex cl(R"(\s+class (\S+))");
    static const std::regex setGroup(R"(\s+set qos-group (\d))");
    static const std::regex nq(R"(\s+class type network-qos c-8q-nq(\d))");
    static const std::regex pause(R"(\s+pause pfc-cos ([\d ]+))");
    static const std::regex outq(R"(\s+class type queuing c-out-8q-q(\d|-default))");
    static const std::regex mtu(R"(\s*mtu (\d+))");
    for (const auto& l : lines(text)) {
        const bool top = !l.empty() && l[0] != ' ';
        if (top && l.rfind("interface ", 0) == 0) {
            iface = l.substr(10);
            block = l;
            continue;
        }
        if (top && !iface.empty() && std::regex_match(l, m, mtu)) {
            f.mtu[iface] = std::stoi(m[1]); // Cisco's script: the interface's lines are not indented
            continue;
        }
        if (top && (l.rfind("class-map", 0) == 0 || l.rfind("policy-map", 0) == 0 || l.rfind("system", 0) == 0 || l == "end" || l == "!"))
            iface.clear();
        if (top) {
            block = l;
            if (std::regex_match(l, m, classMap))
                cls = m[1];
            if (l == "priority-flow-control watch-dog-interval on")
                f.watchdog = true;
            continue;
        }
        if (!iface.empty() && std::regex_match(l, m, mtu))
            f.mtu[iface] = std::stoi(m[1]);
        else if (block.rfind("class-map type qos", 0) == 0 && std::regex_match(l, m, match)) {
            f.trust = m[1] == "dscp" ? "dscp" : "pcp";
            for (int d : dscpList(m[2]))
                classDscp[cls].push_back(d);
        } else if (block == "policy-map type qos " + classification && std::regex_match(l, m, cl))
            cls = m[1];
        else if (block == "policy-map type qos " + classification && std::regex_match(l, m, setGroup))
            classGroup[cls] = std::stoi(m[1]);
        else if (block.rfind("policy-map type network-qos", 0) == 0 && std::regex_match(l, m, nq))
            group = std::stoi(m[1]);
        else if (block.rfind("policy-map type network-qos", 0) == 0 && std::regex_match(l, m, pause)) {
            std::istringstream ps(m[1].str());
            for (int p; ps >> p;)
                f.noDrop.insert(p);
            f.noDropQueues.insert(group);
        } else if (block == "policy-map type queuing " + queuing && std::regex_match(l, m, outq))
            q = m[1] == "-default" ? 0 : std::stoi(m[1]);
        else if (block == "policy-map type queuing " + queuing && q >= 0)
            nxosQueueLine(f, q, l);
    }
    if (!f.trust.empty())
        for (int d = 0; d < 64; ++d)
            f.dscpToQueue[d] = classGroup.count("class-default") ? classGroup["class-default"] : 0;
    for (const auto& [c, ds] : classDscp)
        if (classGroup.count(c))
            for (int d : ds)
                f.dscpToQueue[d] = classGroup[c];
    return f;
}

/// SONiC config_db JSON (sonic.md; qos_config.j2's tables): the maps @p port's PORT_QOS_MAP names, its
/// `pfc_enable`, its QUEUE entries (keys "<port>|<q>" or "<host>|<asic>|<port>|<q>", q may be a range)
/// with their SCHEDULER (`STRICT` with `pir` B/s → "strict:N" of the port's PORT speed, `DWRR` weight) and
/// WRED_PROFILE (green thresholds, bytes, when `ecn` is set), its PFC_WD detection time and PORT mtu.
inline VendorFacts readSonic(const std::string& text, const std::string& port)
{
    using nlohmann::json;
    VendorFacts f;
    const json j = json::parse(text);
    auto at = [&](const char* table, const std::string& key) -> json { return j.contains(table) && j[table].contains(key) ? j[table][key] : json::object(); };
    auto num = [](const json& o, const char* k) { return o.contains(k) ? std::stod(o[k].get<std::string>()) : 0.0; };
    const json pq = at("PORT_QOS_MAP", port);
    std::map<int, int> tcQueue, pfcQueue;
    const json tcq = at("TC_TO_QUEUE_MAP", pq.value("tc_to_queue_map", "")), pfcq = at("MAP_PFC_PRIORITY_TO_QUEUE", pq.value("pfc_to_queue_map", ""));
    for (const auto& [k, v] : tcq.items())
        tcQueue[std::stoi(k)] = std::stoi(v.get<std::string>());
    for (const auto& [k, v] : pfcq.items())
        pfcQueue[std::stoi(k)] = std::stoi(v.get<std::string>());
    if (pq.contains("dscp_to_tc_map")) {
        f.trust = "dscp";
        const json map = at("DSCP_TO_TC_MAP", pq["dscp_to_tc_map"].get<std::string>());
        for (const auto& [k, v] : map.items()) {
            const int tc = std::stoi(v.get<std::string>());
            f.dscpToQueue[std::stoi(k)] = tcQueue.count(tc) ? tcQueue[tc] : tc;
        }
    } else if (pq.contains("dot1p_to_tc_map"))
        f.trust = "pcp";
    if (pq.contains("pfc_enable"))
        for (int p : dscpList(pq["pfc_enable"].get<std::string>())) {
            f.noDrop.insert(p);
            f.noDropQueues.insert(pfcQueue.count(p) ? pfcQueue[p] : p);
        }
    const double speedMbps = num(at("PORT", port), "speed");
    if (j.contains("QUEUE"))
        for (const auto& [key, v] : j["QUEUE"].items()) {
            const auto bar = key.rfind('|');
            const std::string head = key.substr(0, bar);
            if (head != port && (head.size() < port.size() + 1 || head.compare(head.size() - port.size() - 1, std::string::npos, "|" + port) != 0))
                continue;
            for (int q : dscpList(key.substr(bar + 1))) {
                const json s = at("SCHEDULER", v.value("scheduler", ""));
                if (s.value("type", "") == "STRICT")
                    f.scheduling[q] = s.contains("pir") && speedMbps > 0 ? "strict:" + std::to_string(std::llround(num(s, "pir") * 8 / (speedMbps * 1e6) * 100)) : "strict";
                else if (s.contains("type"))
                    f.scheduling[q] = "dwrr:" + s.value("weight", std::string("1"));
                const json w = at("WRED_PROFILE", v.value("wred_profile", ""));
                if (w.contains("ecn") && w["ecn"] != "ecn_none")
                    f.ecn[q] = { num(w, "green_min_threshold"), num(w, "green_max_threshold"), "B" };
            }
        }
    if (const json wd = at("PFC_WD", port); wd.contains("detection_time")) {
        f.watchdogDetectionMs = num(wd, "detection_time");
        f.watchdog = true;
    }
    if (const json p = at("PORT", port); p.contains("mtu"))
        f.mtu[port] = std::stoi(p["mtu"].get<std::string>());
    return f;
}

/// NVIDIA's `nv show qos roce` output (Cumulus Linux 5.14 RoCE page): trust, the PCP/DSCP → SP and SP → TC
/// tables (scheduler-weight `DWRR-N%` or `strict-priority`), the PFC priority, ECN on `enabled-tc` with
/// min/max thresholds in KB / MB of 1024 (as shown, display-rounded to two decimals).
inline VendorFacts readNvueRoceShow(const std::string& text)
{
    VendorFacts f;
    std::map<int, int> dscpSp, spTc;
    std::smatch m;
    static const std::regex trust(R"(\s+trust-mode\s+(\S+))");
    static const std::regex pfc(R"(\s+pfc-priority\s+(\d))");
    static const std::regex tcs(R"(\s+enabled-tc\s+(\S+))");
    static const std::regex thr(R"(\s+(min|max)-threshold\s+([\d.]+) (KB|MB))");
    static const std::regex dscpRow(R"(\s+\d\s+\d\s+([\d,]+)\s+(\d))");
    static const std::regex tcRow(R"(\s+\d\s+(\d)\s+(\d)\s+(DWRR-(\d+)%|strict-priority))");
    std::optional<double> lo, hi;
    std::vector<int> ecnTcs;
    for (const auto& l : lines(text)) {
        if (std::regex_match(l, m, trust))
            f.trust = m[1].str().find("dscp") != std::string::npos ? "dscp" : "pcp";
        else if (std::regex_match(l, m, pfc))
            f.noDrop.insert(std::stoi(m[1]));
        else if (std::regex_match(l, m, tcs))
            ecnTcs = dscpList(m[1]);
        else if (std::regex_match(l, m, thr))
            (m[1] == "min" ? lo : hi) = std::stod(m[2]) * (m[3] == "KB" ? 1024.0 : 1024.0 * 1024.0);
        else if (std::regex_match(l, m, dscpRow))
            for (int d : dscpList(m[1]))
                dscpSp[d] = std::stoi(m[2]);
        else if (std::regex_match(l, m, tcRow)) {
            const int sp = std::stoi(m[1]), tc = std::stoi(m[2]);
            spTc[sp] = tc;
            f.scheduling[tc] = m[4].matched ? "dwrr:" + m[4].str() : "strict";
        }
    }
    for (const auto& [d, sp] : dscpSp)
        f.dscpToQueue[d] = spTc.count(sp) ? spTc[sp] : sp;
    for (int p : f.noDrop)
        f.noDropQueues.insert(spTc.count(p) ? spTc[p] : p);
    if (lo && hi)
        for (int tc : ecnTcs)
            f.ecn[tc] = { *lo, *hi, "B" };
    return f;
}

} // namespace lfp::testing
