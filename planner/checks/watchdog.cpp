// SPDX-License-Identifier: GPL-3.0-or-later
// PFC watchdog semantics per platform (resources/watchdog/*.json) and the findings of timers that are
// not valid on their platform. Sources are in each JSON file; the model is docs/storm.md.
#include "planner/checks/watchdog.h"

#include "planner/findings/findingregistry.h"

#include "model/errors.h"
#include "model/fileio.h"
#include "model/resources.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <map>
#include <nlohmann/json.hpp>
#include <set>


namespace lfp {

namespace fs = std::filesystem;

namespace {

    std::string lower(std::string s)
    {
        std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return s;
    }

    std::string num(double v) { return fmt::format("{:g}", v); }

    std::optional<double> optMs(const nlohmann::json& j, const char* key)
    {
        if (auto it = j.find(key); it != j.end() && it->is_number())
            return it->get<double>();
        return std::nullopt;
    }

    std::optional<std::pair<double, double>> optRange(const nlohmann::json& j, const char* key)
    {
        if (auto it = j.find(key); it != j.end() && it->is_array() && it->size() == 2)
            return std::make_pair((*it)[0].get<double>(), (*it)[1].get<double>());
        return std::nullopt;
    }

    std::vector<std::string> strings(const nlohmann::json& j, const char* key)
    {
        std::vector<std::string> out;
        if (auto it = j.find(key); it != j.end() && it->is_array())
            for (const auto& v : *it)
                out.push_back(v.get<std::string>());
        return out;
    }

    WatchdogPlatform platformFromJson(const nlohmann::json& j)
    {
        WatchdogPlatform p;
        p.id = j.at("platform").get<std::string>();
        p.name = j.value("name", p.id);
        p.mode = j.value("mode", "");
        p.detection = j.value("detection", "");
        p.window = j.value("window", "");
        p.os = strings(j, "os");
        p.asics = strings(j, "asics");
        const auto& d = j.contains("defaults") ? j.at("defaults") : nlohmann::json::object();
        p.detectionMs = optMs(d, "detection_ms");
        p.restorationMs = optMs(d, "restoration_ms");
        p.pollingMs = optMs(d, "polling_ms");
        if (d.contains("action"))
            p.defaultAction = watchdogActionFromString(d.at("action").get<std::string>());
        const auto& r = j.contains("ranges") ? j.at("ranges") : nlohmann::json::object();
        p.detectionRange = optRange(r, "detection_ms");
        p.restorationRange = optRange(r, "restoration_ms");
        p.pollingRange = optRange(r, "polling_ms");
        for (const auto& a : strings(j, "actions"))
            if (auto act = watchdogActionFromString(a))
                p.actions.push_back(*act);
        p.globalAction = j.value("action_scope", "port") == "global";
        for (const auto& k : strings(j, "polling_at_most")) {
            p.pollingAtMostDetection |= k == "detection";
            p.pollingAtMostRestoration |= k == "restoration";
        }
        if (auto it = j.find("start_default"); it != j.end()) {
            StartDefaultRule rule;
            rule.baseDetectionMs = it->value("base_detection_ms", 200.0);
            rule.baseRestorationMs = it->value("base_restoration_ms", 200.0);
            rule.basePollingMs = it->value("base_polling_ms", 200.0);
            rule.portsPerStep = it->value("ports_per_step", 32);
            rule.pollingCapMs = it->value("polling_cap_ms", 0.0);
            p.startDefault = rule;
        }
        p.notes = strings(j, "notes");
        if (auto it = j.find("sources"); it != j.end())
            for (const auto& s : *it)
                p.sources.push_back({ s.value("what", ""), s.value("ref", ""), s.value("date", "") });
        return p;
    }

    std::vector<WatchdogPlatform> loadPlatforms()
    {
        const std::vector<std::string> dirs = resourceDirectories("watchdog");
        std::error_code ec;
        std::vector<WatchdogPlatform> out;
        for (const auto& dir : dirs) {
            if (!fs::is_directory(dir, ec))
                continue;
            std::vector<fs::path> files;
            for (const auto& e : fs::directory_iterator(dir, ec))
                if (e.is_regular_file() && e.path().extension() == ".json")
                    files.push_back(e.path());
            std::sort(files.begin(), files.end());
            for (const auto& f : files) {
                try {
                    out.push_back(platformFromJson(nlohmann::json::parse(readWholeFile(f.string()))));
                } catch (const nlohmann::json::exception& e) {
                    throw InputError(SourceLocation { f.string(), 0, 0, {} }, fmt::format("not a watchdog platform file: {}", e.what()));
                }
            }
            break;
        }
        return out;
    }

} // namespace

const std::vector<WatchdogPlatform>& watchdogPlatforms()
{
    static const std::vector<WatchdogPlatform> platforms = loadPlatforms();
    return platforms;
}

const WatchdogPlatform* watchdogPlatform(std::string_view id)
{
    for (const auto& p : watchdogPlatforms())
        if (p.id == id)
            return &p;
    return nullptr;
}

const WatchdogPlatform* watchdogPlatformFor(const Node& node)
{
    if (!node.isSwitch())
        return nullptr;
    if (auto it = node.attributes.find("os"); it != node.attributes.end()) {
        const std::string os = lower(it->second);
        for (const auto& p : watchdogPlatforms())
            if (std::find(p.os.begin(), p.os.end(), os) != p.os.end())
                return &p;
        return nullptr;
    }
    if (node.attributes.count("sonic.platform") || node.attributes.count("sonic.config_db"))
        return watchdogPlatform("sonic");
    return nullptr;
}

StartDefaultTimers sonicStartDefault(int ports, int pfcPorts, StartDefaultRelease release)
{
    // sonic-utilities pfcwd/main.py start_default: port_num counts every PORT entry before pull
    // request 4775, the active PFC-enabled ports since; multiply = max(1, (port_num - 1) // 32 + 1).
    StartDefaultTimers t;
    t.countedPorts = release == StartDefaultRelease::Pr4775 ? pfcPorts : ports;
    const int floorDiv = t.countedPorts >= 1 ? (t.countedPorts - 1) / 32 : -1; // Python // floors
    t.multiply = std::max(1, floorDiv + 1);
    t.detectionMs = 200.0 * t.multiply;
    t.restorationMs = 200.0 * t.multiply;
    t.uncappedPollingMs = 200.0 * t.multiply;
    // MAX_POLL_INTERVAL_TIME = 1000 caps only POLL_INTERVAL (pull request 4306).
    t.pollingMs = release == StartDefaultRelease::Before4306 ? t.uncappedPollingMs : std::min(t.uncappedPollingMs, 1000.0);
    return t;
}

std::optional<double> pollingAttributeMs(const Node& node)
{
    auto it = node.attributes.find("pfc_watchdog.polling");
    if (it == node.attributes.end())
        return std::nullopt;
    try {
        return parseDuration(it->second).value() / 1e6;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

EffectiveWatchdog effectiveWatchdog(const PfcWatchdog& w, const WatchdogPlatform* platform, const Node* node)
{
    EffectiveWatchdog e;
    e.enabled = w.enabled;
    e.action = w.action;
    e.on = w.enabled && w.action != WatchdogAction::Alert;
    e.platform = platform ? platform->id : "";
    e.detectionMs = w.detection.value() / 1e6;
    e.restorationMs = w.restoration.value() / 1e6;
    if (e.detectionMs <= 0 && platform && platform->detectionMs)
        e.detectionMs = *platform->detectionMs;
    if (e.restorationMs <= 0 && platform && platform->restorationMs)
        e.restorationMs = *platform->restorationMs;
    if (const auto attr = node ? pollingAttributeMs(*node) : std::nullopt) {
        e.pollingMs = *attr;
        e.pollingNote = "switch attribute pfc_watchdog.polling";
    } else if (platform && platform->pollingMs) {
        e.pollingMs = *platform->pollingMs;
        e.pollingNote = platform->id + " default";
    } else {
        e.pollingMs = 0;
        e.pollingNote = "platform unknown: polling taken as 0";
    }
    return e;
}

std::optional<double> nicWatchdogMs(const Node& host)
{
    const WatchdogPlatform* nic = watchdogPlatform("nic");
    const double autoMs = nic && nic->detectionMs ? *nic->detectionMs : 100.0; // Guo et al. 2016: 100 ms
    auto it = host.attributes.find("nic.pfc_watchdog");
    if (it == host.attributes.end())
        return autoMs;
    const std::string v = lower(it->second);
    if (v == "off" || v == "false" || v == "disabled")
        return std::nullopt;
    if (v == "auto" || v == "on" || v == "true" || v.empty())
        return autoMs;
    try {
        return parseDuration(v).value() / 1e6;
    } catch (const std::exception&) {
        return autoMs;
    }
}

// =============================================================================================
// Findings

namespace {

    using Prios = std::vector<int>;

    /// What the checks read of one switch: its platform, policies in force on lossless linked ports.
    struct SwitchWatch {
        const Node* node = nullptr;
        const WatchdogPlatform* platform = nullptr;
        int pfcPorts = 0;
        std::set<std::string> policies; ///< lossless policies with the watchdog enabled
        std::set<WatchdogAction> actions;
        double plannedDetection = 0, plannedPolling = 0;
    };

    class WatchdogChecker {
    public:
        explicit WatchdogChecker(const FabricIndex& idx)
            : m_idx(idx)
        {
        }
        std::vector<Finding> run(Feedback* fb);

    private:
        void collect();
        void checkGroup(const WatchdogPlatform& p, const QosPolicy& pol, const std::vector<std::string>& switches, const Node& example);
        void checkRange(const WatchdogPlatform& p, const QosPolicy& pol, const std::vector<std::string>& sw, const char* timer, double v,
            const std::optional<std::pair<double, double>>& range, std::optional<double> def);
        void checkStartDefault();
        void checkGlobalAction();
        void checkNics();
        void checkSkew();
        FindingParams groupParams(const WatchdogPlatform& p, const QosPolicy& pol, const std::vector<std::string>& sw) const;

        const FabricIndex& m_idx;
        std::vector<SwitchWatch> m_switches;
        std::vector<Finding> m_out;
    };

    void WatchdogChecker::collect()
    {
        const Fabric& f = m_idx.fabric();
        for (NodeId n = 0; n < f.nodes.size(); ++n) {
            const Node& node = f.nodes[n];
            const WatchdogPlatform* pl = watchdogPlatformFor(node);
            if (!pl)
                continue;
            SwitchWatch s { &node, pl, 0, {}, {}, 0, 0 };
            for (PortId p = m_idx.firstPort(n); p < m_idx.endPort(n); ++p) {
                const QosPolicy* pol = m_idx.linkAt(p) ? m_idx.policyAt(p) : nullptr;
                if (!pol || pol->losslessPriorities.empty())
                    continue;
                ++s.pfcPorts;
                if (!pol->watchdog.enabled)
                    continue;
                s.policies.insert(pol->name);
                s.actions.insert(pol->watchdog.action);
                const auto e = effectiveWatchdog(pol->watchdog, pl, &node);
                s.plannedDetection = e.detectionMs;
                s.plannedPolling = e.pollingMs;
            }
            m_switches.push_back(std::move(s));
        }
    }

    FindingParams WatchdogChecker::groupParams(const WatchdogPlatform& p, const QosPolicy& pol, const std::vector<std::string>& sw) const
    {
        return { { "policy", pol.name }, { "platform", p.id }, { "count", std::to_string(sw.size()) },
            { "example", sw.empty() ? std::string() : sw.front() } };
    }

    std::vector<ObjectRef> objectsOf(const QosPolicy& pol, const std::vector<std::string>& sw)
    {
        std::vector<ObjectRef> o { ObjectRef::forPolicy(pol.name) };
        for (const auto& n : sw)
            o.push_back(ObjectRef::forNode(n));
        return o;
    }

    void WatchdogChecker::checkRange(const WatchdogPlatform& p, const QosPolicy& pol, const std::vector<std::string>& sw, const char* timer,
        double v, const std::optional<std::pair<double, double>>& range, std::optional<double> def)
    {
        if (!range || (v >= range->first && v <= range->second))
            return;
        auto params = groupParams(p, pol, sw);
        params.insert(params.end(), { { "timer", timer }, { "value", num(v) }, { "min", num(range->first) }, { "max", num(range->second) },
                                        { "default", def ? num(*def) : std::string("?") } });
        m_out.push_back(makeFinding("LFP-WD-RANGE", objectsOf(pol, sw), params,
            { { timer, v, "ms", "policy" }, { "range_min", range->first, "ms", p.id }, { "range_max", range->second, "ms", p.id } }));
    }

    void WatchdogChecker::checkGroup(const WatchdogPlatform& p, const QosPolicy& pol, const std::vector<std::string>& sw, const Node& example)
    {
        const auto e = effectiveWatchdog(pol.watchdog, &p, &example);
        const bool overDet = p.pollingAtMostDetection && e.pollingMs > e.detectionMs;
        const bool overRes = p.pollingAtMostRestoration && e.restorationMs > 0 && e.pollingMs > e.restorationMs;
        if (overDet || overRes) {
            auto params = groupParams(p, pol, sw);
            const double limit = overDet && overRes ? std::min(e.detectionMs, e.restorationMs) : overDet ? e.detectionMs : e.restorationMs;
            params.insert(params.end(), { { "polling", num(e.pollingMs) }, { "longer_than", overDet && overRes ? "both" : overDet ? "detection" : "restoration" },
                                            { "detection", num(e.detectionMs) }, { "restoration", num(e.restorationMs) }, { "limit", num(limit) } });
            m_out.push_back(makeFinding("LFP-WD-POLLING", objectsOf(pol, sw), params,
                { { "polling", e.pollingMs, "ms", e.pollingNote }, { "detection", e.detectionMs, "ms", "policy" }, { "restoration", e.restorationMs, "ms", "policy" } }));
        }
        checkRange(p, pol, sw, "detection", e.detectionMs, p.detectionRange, p.detectionMs);
        checkRange(p, pol, sw, "restoration", e.restorationMs, p.restorationRange, p.restorationMs);
        checkRange(p, pol, sw, "polling", e.pollingMs, p.pollingRange, p.pollingMs);
        if (!p.actions.empty() && std::find(p.actions.begin(), p.actions.end(), pol.watchdog.action) == p.actions.end()) {
            std::vector<std::string> names;
            for (auto a : p.actions)
                names.push_back(toString(a));
            auto params = groupParams(p, pol, sw);
            params.insert(params.end(), { { "action_problem", "action" }, { "action", toString(pol.watchdog.action) },
                                            { "supported", fmt::format("{}", fmt::join(names, " | ")) }, { "switch", sw.front() }, { "actions", "" } });
            m_out.push_back(makeFinding("LFP-WD-ACTION-UNSUPPORTED", objectsOf(pol, sw), params));
        }
    }

    void WatchdogChecker::checkStartDefault()
    {
        // group the switches by (platform, PFC ports, planned detection, planned polling)
        std::map<std::tuple<std::string, int, double, double>, std::vector<std::string>> groups;
        for (const auto& s : m_switches)
            if (s.platform->startDefault && !s.policies.empty() && sonicStartDefault(s.pfcPorts, s.pfcPorts).multiply > 1)
                groups[{ s.platform->id, s.pfcPorts, s.plannedDetection, s.plannedPolling }].push_back(s.node->name);
        for (const auto& [key, sw] : groups) {
            const auto& [platform, ports, det, poll] = key;
            const auto t = sonicStartDefault(ports, ports);
            if (t.detectionMs == det && t.pollingMs == poll)
                continue;
            FindingParams params { { "count", std::to_string(sw.size()) }, { "switch", sw.front() }, { "ports", std::to_string(ports) },
                { "detection", num(t.detectionMs) }, { "restoration", num(t.restorationMs) }, { "multiply", std::to_string(t.multiply) },
                { "polling", num(t.pollingMs) }, { "capped", t.pollingCapped() ? "capped" : "" }, { "uncapped", num(t.uncappedPollingMs) },
                { "cap", "1000" }, { "planned_detection", num(det) }, { "planned_polling", num(poll) } };
            m_out.push_back(makeFinding("LFP-WD-DEFAULT-SCALED", nodeRefs(sw), params,
                { { "pfc_ports", static_cast<double>(ports), "", "linked ports with a lossless policy" },
                    { "multiply", static_cast<double>(t.multiply), "", "max(1, (ports - 1) // 32 + 1)" },
                    { "start_default_detection", t.detectionMs, "ms", "200 ms × multiply" },
                    { "start_default_polling", t.pollingMs, "ms", "200 ms × multiply, at most 1000 ms (sonic-utilities PR 4306)" } }));
        }
    }

    void WatchdogChecker::checkGlobalAction()
    {
        for (const auto& s : m_switches) {
            if (!s.platform->globalAction || s.actions.size() < 2)
                continue;
            std::vector<std::string> names;
            for (auto a : s.actions)
                names.push_back(toString(a));
            std::vector<std::string> supported;
            for (auto a : s.platform->actions)
                supported.push_back(toString(a));
            FindingParams params { { "action_problem", "mixed" }, { "switch", s.node->name }, { "platform", s.platform->id },
                { "actions", fmt::format("{}", fmt::join(names, ", ")) }, { "supported", fmt::format("one action ({})", fmt::join(supported, " | ")) } };
            m_out.push_back(makeFinding("LFP-WD-ACTION-UNSUPPORTED", { ObjectRef::forNode(s.node->name) }, params));
        }
    }

    void WatchdogChecker::checkNics()
    {
        const Fabric& f = m_idx.fabric();
        std::vector<std::string> hosts;
        for (NodeId n = 0; n < f.nodes.size(); ++n) {
            const Node& node = f.nodes[n];
            if (node.isSwitch() || nicWatchdogMs(node))
                continue;
            for (PortId p = m_idx.firstPort(n); p < m_idx.endPort(n); ++p) {
                const QosPolicy* pol = m_idx.linkAt(p) ? m_idx.policyAt(p) : nullptr;
                if (pol && !pol->losslessPriorities.empty()) {
                    hosts.push_back(node.name);
                    break;
                }
            }
        }
        if (!hosts.empty())
            m_out.push_back(makeFinding("LFP-WD-NIC-MISSING", nodeRefs(hosts), { { "count", std::to_string(hosts.size()) }, { "example", hosts.front() } },
                { { "hosts_without_nic_watchdog", static_cast<double>(hosts.size()), "", "nic.pfc_watchdog = off" } }));
    }

    /// The detection window [from, to] of the watchdog in force on port @p p (nullopt: none that acts).
    std::optional<std::pair<double, double>> windowAt(const FabricIndex& idx, PortId p)
    {
        const QosPolicy* pol = idx.policyAt(p);
        if (!pol || pol->losslessPriorities.empty())
            return std::nullopt;
        const Node& node = idx.nodeAt(idx.nodeOf(p));
        const auto e = effectiveWatchdog(pol->watchdog, watchdogPlatformFor(node), &node);
        if (!e.on)
            return std::nullopt;
        return std::make_pair(e.detectionMs, e.worstMs());
    }

    void WatchdogChecker::checkSkew()
    {
        const Fabric& f = m_idx.fabric();
        // per switch: the earliest start of its host-facing watchdog windows
        std::vector<std::optional<std::pair<double, double>>> hostWindow(f.nodes.size());
        for (NodeId n = 0; n < f.nodes.size(); ++n) {
            if (!f.nodes[n].isSwitch())
                continue;
            for (PortId p = m_idx.firstPort(n); p < m_idx.endPort(n); ++p) {
                const auto peer = m_idx.peer(p);
                if (!peer || m_idx.nodeAt(m_idx.nodeOf(*peer)).isSwitch())
                    continue;
                if (auto w = windowAt(m_idx, p)) {
                    auto& h = hostWindow[n];
                    h = h ? std::make_pair(std::min(h->first, w->first), std::max(h->second, w->second)) : *w;
                }
            }
        }
        std::map<std::tuple<double, double, double, double>, std::vector<ObjectRef>> groups;
        std::map<std::tuple<double, double, double, double>, std::pair<std::string, std::string>> ends;
        for (LinkId l = 0; l < f.links.size(); ++l)
            for (int end = 0; end < 2; ++end) {
                const auto up = m_idx.linkEnd(l, end), down = m_idx.linkEnd(l, 1 - end);
                if (!up || !down || !m_idx.nodeAt(m_idx.nodeOf(*up)).isSwitch() || !m_idx.nodeAt(m_idx.nodeOf(*down)).isSwitch())
                    continue;
                const auto& hw = hostWindow[m_idx.nodeOf(*down)];
                const auto uw = windowAt(m_idx, *up);
                if (!hw || !uw || uw->second >= hw->first)
                    continue;
                const auto key = std::make_tuple(uw->first, uw->second, hw->first, hw->second);
                const auto e = m_idx.endpoint(*up), d = m_idx.endpoint(*down);
                groups[key].push_back(ObjectRef::forPort(e));
                if (!ends.count(key))
                    ends[key] = { ObjectRef::forPort(e).toString(), ObjectRef::forNode(d.node).toString() };
            }
        for (const auto& [key, ports] : groups) {
            const auto& [uf, ut, df, dt] = key;
            FindingParams params { { "count", std::to_string(ports.size()) }, { "link", ends[key].first + " -> " + ends[key].second },
                { "upstream", ends[key].first }, { "downstream", ends[key].second }, { "up_from", num(uf) }, { "up_to", num(ut) },
                { "down_from", num(df) }, { "down_to", num(dt) } };
            std::vector<ObjectRef> objects(ports.begin(), ports.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(ports.size(), 16)));
            m_out.push_back(makeFinding("LFP-WD-WINDOW-SKEW", objects, params,
                { { "upstream_window_end", ut, "ms", "detection + polling" }, { "downstream_window_start", df, "ms", "detection" } }));
        }
    }

    std::vector<Finding> WatchdogChecker::run(Feedback* fb)
    {
        collect();
        checkCancelled(fb);
        // grouped by platform, policy and the switch's polling interval (a per-switch setting)
        std::map<std::tuple<std::string, std::string, double>, std::vector<const Node*>> groups;
        for (const auto& s : m_switches)
            for (const auto& pol : s.policies)
                groups[{ s.platform->id, pol, pollingAttributeMs(*s.node).value_or(-1) }].push_back(s.node);
        for (const auto& [key, nodes] : groups) {
            std::vector<std::string> sw;
            for (const Node* n : nodes)
                sw.push_back(n->name);
            if (const auto* pol = m_idx.fabric().findPolicy(std::get<1>(key)))
                checkGroup(*watchdogPlatform(std::get<0>(key)), *pol, sw, *nodes.front());
        }
        checkStartDefault();
        checkGlobalAction();
        checkNics();
        checkSkew();
        return std::move(m_out);
    }

} // namespace

std::vector<Finding> checkWatchdogPlatforms(const FabricIndex& index, Feedback* feedback)
{
    return WatchdogChecker(index).run(feedback);
}

} // namespace lfp
