// SPDX-License-Identifier: GPL-3.0-or-later
// NVIDIA Cumulus Linux 5.x (NVUE): per switch the `nv set` commands (explicit form, without the RoCE
// profile: our plan's values, not NVIDIA's defaults) and the same configuration as `startup.yaml`
// (`nv config patch` form), following ../shared/guide/vendors/nvue.md §2 (commands) and §3 (YAML
// nesting: list members as quoted string keys, numbers as ints, enable/disable strings), whose
// sources are CumulusNetworks/docs (Cumulus Linux 5.14 QoS and RoCE pages, NVUE command reference).
// docs/export.md §nvue.
#include "exportutil.h"
#include "renderutil.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <regex>

namespace lfp {
namespace {
    using namespace exp;

    /// One `nv set` command: the path (as tokens) and, for a leaf, its value. Without a value the last
    /// token is a list member or an empty container (`qos pfc default-global switch-priority 3`,
    /// `interface swp1 qos pfc-watchdog`): YAML `{}` (nvue.md §3).
    struct Cmd {
        std::vector<std::string> path;
        std::optional<std::string> value;
    };

    /// A YAML mapping in insertion order.
    struct YNode {
        std::vector<std::pair<std::string, YNode>> children;
        std::optional<std::string> value;
        YNode& child(const std::string& k)
        {
            for (auto& [key, n] : children)
                if (key == k)
                    return n;
            children.emplace_back(k, YNode {});
            return children.back().second;
        }
    };

    bool allDigits(const std::string& s) { return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }); }

    /// nvue.md §3: list members (numbers) are quoted string keys; numbers as values are ints; `on`/`off`
    /// must be quoted; every other value here is a plain word.
    /// Words YAML 1.1 reads as booleans or null (a policy could be named so): quoted.
    bool yamlSpecial(const std::string& w)
    {
        std::string l;
        for (char c : w)
            l += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        for (const char* s : { "on", "off", "yes", "no", "y", "n", "true", "false", "null", "~" })
            if (l == s)
                return true;
        return false;
    }
    std::string yamlKey(const std::string& k) { return allDigits(k) || yamlSpecial(k) ? "'" + k + "'" : k; }
    std::string yamlValue(const std::string& v)
    {
        if (allDigits(v))
            return v;
        if (yamlSpecial(v))
            return "'" + v + "'";
        return v;
    }

    /// A map whose members are all leaves is written in flow style, as NVUE's own dumps do
    /// (`'26': {switch-priority: 3}`, `switch-priority: {'3': {}}`, nvue.md §3); deeper maps in block style.
    void writeYaml(std::string& out, const YNode& n, int indent)
    {
        for (const auto& [k, c] : n.children) {
            out += std::string(static_cast<std::size_t>(indent), ' ') + yamlKey(k) + ":";
            const bool flat = !c.children.empty() && std::all_of(c.children.begin(), c.children.end(), [](const auto& kv) { return kv.second.value.has_value() || kv.second.children.empty(); });
            if (c.value)
                out += " " + yamlValue(*c.value) + "\n";
            else if (c.children.empty())
                out += " {}\n";
            else if (flat) {
                std::string items;
                for (const auto& [ck, cc] : c.children)
                    items += (items.empty() ? "" : ", ") + yamlKey(ck) + ": " + (cc.value ? yamlValue(*cc.value) : std::string("{}"));
                out += " {" + items + "}\n";
            } else {
                out += "\n";
                writeYaml(out, c, indent + 2);
            }
        }
    }

    /// One device being rendered: the plan, the commands so far, the comments, the findings.
    struct NvueRender {
        const ExportContext& ctx;
        const DevicePlan& d;
        DeviceExport& out;
        std::vector<Cmd> cmds;
        std::vector<std::string> notes; ///< comments of the commands file
        const PolicyPlan* sys = nullptr; ///< the governing policy: NVUE's default-global profile
        /// Release "current" (the NVUE command reference and NVIDIA's generated configs): `enabled` /
        /// `disabled` and `qos pfc-watchdog state enable`; "5.14" (the Cumulus Linux 5.14 user guide):
        /// `enable` / `disable` and a bare `qos pfc-watchdog` (docs/export.md §Target releases).
        bool current = false;
        [[nodiscard]] std::string on() const { return current ? "enabled" : "enable"; }
        [[nodiscard]] std::string off() const { return current ? "disabled" : "disable"; }

        void set(std::vector<std::string> path, std::optional<std::string> value = std::nullopt) { cmds.push_back({ std::move(path), std::move(value) }); }
        [[nodiscard]] std::string profileOf(const PolicyPlan& pol) const { return &pol == sys ? std::string("default-global") : pol.name; }
        [[nodiscard]] std::vector<ObjectRef> objects(const PolicyPlan& pol) const { return { ObjectRef::forNode(d.name), ObjectRef::forPolicy(pol.name) }; }
    };

    std::vector<std::string> withLeaf(std::vector<std::string> path, const char* leaf)
    {
        path.emplace_back(leaf);
        return path;
    }

    /// Traffic pools first: PFC needs a lossless pool (nvue.md §2, §4). NVUE carves headroom itself from
    /// the cable length (xoff/xon/port-buffer are "advanced only: leave dynamic").
    void renderTrafficPools(NvueRender& r)
    {
        const bool anyLossless = std::any_of(r.d.policyPlans.begin(), r.d.policyPlans.end(), [](const auto& p) { return !p->losslessPriorities.empty(); });
        if (!anyLossless)
            return;
        r.set({ "qos", "traffic-pool", "default-lossless", "memory-percent" }, "50");
        // The lossless switch priorities are mapped into the lossless pool, as the RoCE profile does
        // ("Switch priority 3 allocated to RoCE lossless traffic pool", Cumulus 5.14 RoCE page;
        // `nv set qos traffic-pool <id> switch-priority`, NVUE command reference).
        std::set<int> lossless;
        for (const auto& pol : r.d.policyPlans)
            lossless.insert(pol->losslessPriorities.begin(), pol->losslessPriorities.end());
        for (int p : lossless)
            r.set({ "qos", "traffic-pool", "default-lossless", "switch-priority", std::to_string(p) });
        r.set({ "qos", "traffic-pool", "default-lossy", "memory-percent" }, "50");
        r.out.finding(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(r.d.name) }, { { "what", "nvue-headroom" }, { "fix", "nvue-headroom-fix" } }, {},
            facts::ports(r.d, facts::kHeadroom));
    }

    /// Classification. NVUE's default map is DSCP 8k…8k+7 → SP k (nvue.md §1): every DSCP the plan maps
    /// elsewhere, and every DSCP of a non-default class, is written, so the map says exactly the plan.
    void renderMapping(NvueRender& r, const PolicyPlan& pol)
    {
        const std::string prof = r.profileOf(pol);
        r.set({ "qos", "mapping", prof, "trust" }, pol.trust == TrustMode::Dscp ? "l3" : "l2");
        if (pol.trust != TrustMode::Dscp)
            return;
        for (int dscp = 0; dscp < kDscpValues; ++dscp) {
            const int tc = pol.dscpToTc[static_cast<std::size_t>(dscp)];
            if (tc != dscp / 8 || tc != 0)
                r.set({ "qos", "mapping", prof, "dscp", std::to_string(dscp), "switch-priority" }, std::to_string(tc));
        }
    }

    /// The egress DSCP rewrite (PolicyPlan::tcRemark): NVUE remarks by switch priority with a remark
    /// profile, `nv set qos remark <profile> switch-priority <sp> dscp <0-63>` and `… rewrite l3`, bound by
    /// `nv set interface <if> qos remark profile <profile>` (NVUE command reference, QoS: "qos remark";
    /// Cumulus Linux QoS guide: the ASIC reads the rewrite flag on the ingress port and the mapping on the
    /// egress port). A rule its class cannot carry alone is a finding.
    /// The profile is the policy's own name even for the governing policy: a default-global remark would
    /// also remark the ports whose policy rewrites nothing.
    void renderRemark(NvueRender& r, const PolicyPlan& pol)
    {
        const std::string& prof = pol.name;
        bool any = false;
        for (int tc = 0; tc < kPriorities; ++tc)
            if (const auto& d = pol.tcRemark[static_cast<std::size_t>(tc)]) {
                r.set({ "qos", "remark", prof, "switch-priority", std::to_string(tc), "dscp" }, std::to_string(*d));
                any = true;
            }
        if (any)
            r.set({ "qos", "remark", prof, "rewrite" }, "l3");
        for (const auto& rule : pol.dscpRewriteNotByClass)
            r.out.finding(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", r.objects(pol),
                { { "what", "dscp-rewrite-by-class" }, { "fix", "dscp-rewrite-by-class-fix" }, { "target", "NVUE qos remark" }, { "from", std::to_string(rule.from) },
                    { "to", std::to_string(rule.to) }, { "tc", std::to_string(rule.tc) }, { "policy", pol.name } },
                {}, { facts::rewrite(pol, rule.from) });
    }

    /// PFC with one cable length per profile: the plan's longest cable of the ports using the policy,
    /// rounded up to a whole metre (more headroom, never less).
    void renderPfc(NvueRender& r, const PolicyPlan& pol)
    {
        if (pol.losslessPriorities.empty())
            return;
        const std::string prof = r.profileOf(pol);
        for (int p : pol.losslessPriorities)
            r.set({ "qos", "pfc", prof, "switch-priority", std::to_string(p) });
        r.set({ "qos", "pfc", prof, "tx" }, "enable");
        r.set({ "qos", "pfc", prof, "rx" }, "enable");
        const double longest = pol.longestCable.value();
        const long long metres = std::max<long long>(1, static_cast<long long>(std::ceil(longest - 1e-9)));
        if (std::abs(static_cast<double>(metres) - longest) > 1e-9)
            r.out.finding(Severity::Info, "LFP-EXPORT-ROUNDED", r.objects(pol),
                { { "what", "nvue-cable" }, { "fix", "none-needed" }, { "planned", fmt::format("{:g}", longest) }, { "written", fmt::format("{}", metres) } },
                { { "cable", longest, "m", fmt::format("written {}", metres) } });
        if (pol.cableLengths > 1)
            r.out.finding(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", r.objects(pol),
                { { "what", "nvue-cable-lengths" }, { "fix", "nvue-cable-lengths-fix" }, { "policy", pol.name }, { "count", fmt::format("{}", pol.cableLengths) },
                    { "written", fmt::format("{}", metres) } });
        r.set({ "qos", "pfc", prof, "cable-length" }, std::to_string(metres));
    }

    /// True when some traffic reaches queue @p q under @p pol: a DSCP maps to one of its classes (DSCP
    /// trust), or any class does (PCP trust: every PCP value is a class).
    bool carriesTraffic(const PolicyPlan& pol, const QueuePlan& q)
    {
        return std::any_of(q.tcs.begin(), q.tcs.end(), [&](int tc) { return pol.trust != TrustMode::Dscp || !pol.classes[static_cast<std::size_t>(tc)].dscp.empty(); });
    }

    /// ECN (congestion-control) per egress queue (= NVUE traffic class): bytes, probability in whole percent.
    /// A queue the plan keeps unmarked that carries traffic gets `ecn disable`: NVUE's default profile marks
    /// traffic class 0 (and 3 under the RoCE profile: "enabled-tc 0,3", Cumulus 5.14 RoCE page).
    void renderEcn(NvueRender& r, const PolicyPlan& pol)
    {
        for (const auto& q : pol.queues) {
            if (!q.ecn) {
                if (carriesTraffic(pol, q))
                    r.set({ "qos", "congestion-control", r.profileOf(pol), "traffic-class", std::to_string(q.queue), "ecn" }, r.off());
                continue;
            }
            const EcnPlan& ecn = *q.ecn;
            const double pct = ecn.pmax * 100.0;
            const long long whole = std::clamp<long long>(std::llround(pct), 1, 100);
            if (std::abs(pct - static_cast<double>(whole)) > 1e-9)
                r.out.finding(Severity::Info, "LFP-EXPORT-ROUNDED", r.objects(pol),
                    { { "what", "nvue-pmax" }, { "fix", "none-needed" }, { "profile", ecn.profile }, { "planned", fmt::format("{:g}", pct) }, { "written", fmt::format("{}", whole) } },
                    { { "pmax", pct, "%", fmt::format("written {}", whole) } });
            const auto kmin = std::max<long long>(1, ecn.kmin.value());
            const auto kmax = std::max<long long>(kmin, ecn.kmax.value());
            if (kmin != ecn.kmin.value() || kmax != ecn.kmax.value())
                r.out.finding(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", r.objects(pol),
                    { { "what", "ecn-thresholds" }, { "fix", "ecn-thresholds-fix" }, { "target", "NVUE" }, { "profile", ecn.profile },
                        { "kmin", fmt::format("{}", ecn.kmin.value()) }, { "kmax", fmt::format("{}", ecn.kmax.value()) }, { "written", fmt::format("{} / {} B", kmin, kmax) } },
                    {}, { facts::queue(pol, q.queue, facts::kEcn) });
            const std::vector<std::string> tc { "qos", "congestion-control", r.profileOf(pol), "traffic-class", std::to_string(q.queue) };
            r.set(withLeaf(tc, "ecn"), r.on());
            r.set(withLeaf(tc, "red"), r.off());
            r.set(withLeaf(tc, "min-threshold"), std::to_string(kmin));
            r.set(withLeaf(tc, "max-threshold"), std::to_string(kmax));
            r.set(withLeaf(tc, "probability"), std::to_string(whole));
        }
    }

    /// The egress-shaper profile bounding the strict queues of @p pol on ports of @p speed (one per speed:
    /// NVUE shapes in kbps, not in percent of the link).
    std::string shaperProfile(const PolicyPlan& pol, BitsPerSecond speed) { return fmt::format("{}-shape-{}g", pol.name, speed.value() / 1'000'000'000LL); }

    /// The speeds (whole Gb/s; 0 = unknown) of the ports using @p pol.
    std::set<long long> policySpeeds(const NvueRender& r, const PolicyPlan& pol)
    {
        std::set<long long> speeds;
        for (const auto& p : r.d.ports)
            if (p.qos.get() == &pol)
                speeds.insert(p.speed.value() % 1'000'000'000LL == 0 ? p.speed.value() : 0);
        return speeds;
    }

    /// A strict traffic class bounded by the plan: `nv set qos egress-shaper <profile> traffic-class Q max-rate
    /// K` in kbps (Cumulus Linux 5.14 QoS page, "Traffic Shaping": min-rate / max-rate per egress queue in
    /// kbps, the profile applied with `nv set interface … qos egress-shaper profile`; NVUE command reference:
    /// max-rate 0-2147483647), K = speed × bound %, one profile per port speed. NVIDIA's RoCE profile leaves
    /// its strict TC 6 unshaped; the plan's bound is written. Unbounded, or a port of unknown speed:
    /// LFP-EXPORT-STRICT-UNBOUNDED (error).
    void renderShapers(NvueRender& r, const PolicyPlan& pol, const QueuePlan& q)
    {
        const auto bound = q.strictBoundPercent();
        const auto speeds = policySpeeds(r, pol);
        if (!bound || speeds.count(0)) {
            r.out.finding(Severity::Error, "LFP-EXPORT-STRICT-UNBOUNDED", r.objects(pol), { { "queue", fmt::format("{}", q.queue) }, { "policy", pol.name } });
            return;
        }
        for (long long bps : speeds) {
            const long long kbps = bps / 1000 * *bound / 100;
            r.set({ "qos", "egress-shaper", shaperProfile(pol, BitsPerSecond(bps)), "traffic-class", std::to_string(q.queue), "max-rate" }, std::to_string(kbps));
        }
    }

    /// True when a strict queue of @p pol is bounded and written through an egress-shaper profile.
    bool hasShaper(const PolicyPlan& pol)
    {
        return std::any_of(pol.queues.begin(), pol.queues.end(), [](const QueuePlan& q) { return q.strictBoundPercent().has_value(); });
    }

    /// ETS (egress-scheduler): strict, or DWRR with bw-percent 1..100.
    void renderEts(NvueRender& r, const PolicyPlan& pol)
    {
        int total = 0;
        for (const auto& q : pol.queues) {
            if (!q.mode)
                continue;
            const std::vector<std::string> tc { "qos", "egress-scheduler", r.profileOf(pol), "traffic-class", std::to_string(q.queue) };
            if (*q.mode == SchedulerMode::Strict) {
                r.set(withLeaf(tc, "mode"), "strict");
                renderShapers(r, pol, q);
                continue;
            }
            r.set(withLeaf(tc, "mode"), "dwrr");
            total += q.weight;
            if (q.weight < 1 || q.weight > 100)
                r.out.finding(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", r.objects(pol),
                    { { "what", "nvue-weight" }, { "fix", "weight-fix" }, { "queue", fmt::format("{}", q.queue) }, { "weight", fmt::format("{}", q.weight) },
                        { "written", q.weight < 1 ? "not-written" : "written-100" } },
                    {}, { facts::queue(pol, q.queue, facts::kScheduling) });
            if (q.weight >= 1)
                r.set(withLeaf(tc, "bw-percent"), std::to_string(std::min(q.weight, 100)));
        }
        if (total > 100)
            r.out.finding(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", r.objects(pol),
                { { "what", "nvue-weights-total" }, { "fix", "nvue-weights-total-fix" }, { "total", fmt::format("{}", total) } },
                { { "total", static_cast<double>(total), "%", {} } });
    }

    bool sameQueues(const PolicyPlan& a, const PolicyPlan& b)
    {
        for (int tc = 0; tc < kPriorities; ++tc)
            if (a.classes[static_cast<std::size_t>(tc)].queue != b.classes[static_cast<std::size_t>(tc)].queue)
                return false;
        return true;
    }

    /// egress-queue-mapping exists for default-global only (nvue.md §4).
    void renderQueueMapping(NvueRender& r)
    {
        const PolicyPlan* sys = r.sys;
        if (!sys)
            return;
        for (const auto& c : sys->classes)
            if (c.queue != c.tc || c.cnp || c.lossless)
                r.set({ "qos", "egress-queue-mapping", "default-global", "switch-priority", std::to_string(c.tc), "traffic-class" }, std::to_string(c.queue));
        for (const auto& pol : r.d.policyPlans)
            if (!sameQueues(*pol, *sys))
                r.out.finding(Severity::Error, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(r.d.name), ObjectRef::forPolicy(sys->name), ObjectRef::forPolicy(pol->name) },
                    { { "what", "nvue-queue-map" }, { "fix", "nvue-queue-map-fix" }, { "written_policy", sys->name }, { "policy", pol->name } });
        for (const auto& pol : r.d.policyPlans)
            r.out.finding(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", r.objects(*pol), { { "what", "nvue-pg" }, { "fix", "nvue-pg-fix" } }, {},
                pol->losslessPriorities.empty() ? std::vector<std::string> {} : std::vector<std::string> { facts::policy(*pol, facts::kPgMap) });
    }

    /// The restoration time and action of every policy with an active watchdog: NVUE has neither.
    static std::vector<std::string> restorationAndAction(const DevicePlan& d)
    {
        std::vector<std::string> out;
        for (const auto& pol : d.policyPlans)
            out = facts::join(std::move(out), watchdogFacts(*pol, { facts::kWatchdogRestoration, facts::kWatchdogAction }));
        return out;
    }

    /// The PFC watchdog's timing is global: detection = polling-interval × robustness (nvue.md §1), of the
    /// plan's watchdog policy.
    void renderWatchdog(NvueRender& r)
    {
        const PolicyPlan* wd = r.d.watchdogPolicy.get();
        if (!wd)
            return;
        const double det = wd->watchdog.detection.value() / 1e6;
        const long long polling = std::clamp<long long>(std::llround(std::min(100.0, det)), 1, 100);
        const long long robustness = std::max<long long>(1, std::llround(det / static_cast<double>(polling)));
        if (std::abs(static_cast<double>(polling * robustness) - det) > 1e-6)
            r.out.finding(Severity::Info, "LFP-EXPORT-ROUNDED", r.objects(*wd),
                { { "what", "nvue-watchdog" }, { "fix", "none-needed" }, { "detection", fmt::format("{:g}", det) }, { "robustness", fmt::format("{}", robustness) },
                    { "polling", fmt::format("{}", polling) }, { "written", fmt::format("{}", polling * robustness) } },
                { { "detection", det, "ms", fmt::format("written {} ms", polling * robustness) } });
        r.out.finding(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", r.objects(*wd),
            { { "what", "nvue-watchdog-restoration" }, { "fix", "none-needed" }, { "restoration", fmt::format("{:g}", wd->watchdog.restoration.value() / 1e6) },
                { "action", toString(wd->watchdog.action) } },
            {}, restorationAndAction(r.d));
        for (const auto& pol : r.d.policyPlans)
            if (pol.get() != wd && pol->watchdog.active && pol->watchdog.detection != wd->watchdog.detection)
                r.out.finding(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(r.d.name), ObjectRef::forPolicy(wd->name), ObjectRef::forPolicy(pol->name) },
                    { { "what", "nvue-watchdog-global" }, { "fix", "nvue-watchdog-global-fix" }, { "written_policy", wd->name }, { "policy", pol->name } }, {},
                    std::vector<std::string> { facts::policy(*pol, facts::kWatchdogDetection) });
        r.set({ "qos", "pfc-watchdog", "polling-interval" }, std::to_string(polling));
        r.set({ "qos", "pfc-watchdog", "robustness" }, std::to_string(robustness));
    }

    void renderInterface(NvueRender& r, const PortPlan& p)
    {
        static const std::regex swpName("swp[1-9][0-9]*(s[0-9]+)?");
        const std::string& ifn = p.name;
        if (!std::regex_match(ifn, swpName))
            r.out.finding(Severity::Warning, "LFP-EXPORT-PORT-NAME", { portObject(r.d, p) }, { { "what", "nvue" }, { "fix", "nvue-fix" } });
        if (p.mtu < 552 || p.mtu > 9216)
            r.out.finding(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { portObject(r.d, p) }, { { "what", "nvue-mtu" }, { "fix", "mtu-fix" }, { "mtu", fmt::format("{}", p.mtu) } }, {},
                portFacts(p, facts::kMtu));
        r.set({ "interface", ifn, "link", "mtu" }, std::to_string(std::clamp(p.mtu, 552, 9216)));
        const PolicyPlan& pol = *p.qos;
        if (&pol != r.sys) {
            r.set({ "interface", ifn, "qos", "mapping", "profile" }, pol.name);
            if (!pol.losslessPriorities.empty())
                r.set({ "interface", ifn, "qos", "pfc", "profile" }, pol.name);
            if (!pol.ecnProfiles.empty())
                r.set({ "interface", ifn, "qos", "congestion-control", "profile" }, pol.name);
            if (std::any_of(pol.queues.begin(), pol.queues.end(), [](const QueuePlan& q) { return q.mode.has_value(); }))
                r.set({ "interface", ifn, "qos", "egress-scheduler", "profile" }, pol.name);
        }
        if (hasShaper(pol) && p.speed.value() > 0 && p.speed.value() % 1'000'000'000LL == 0)
            r.set({ "interface", ifn, "qos", "egress-shaper", "profile" }, shaperProfile(pol, p.speed));
        if (std::any_of(pol.tcRemark.begin(), pol.tcRemark.end(), [](const auto& d) { return d.has_value(); }))
            r.set({ "interface", ifn, "qos", "remark", "profile" }, pol.name); // renderRemark
        // Watchdog only on physical swp ports with PFC (nvue.md §4): a bare `qos pfc-watchdog` (5.14 user
        // guide) or `qos pfc-watchdog state enable` (NVUE command reference, "introduced in 5.6.0").
        if (r.d.watchdogPolicy && pol.watchdog.active) {
            if (r.current)
                r.set({ "interface", ifn, "qos", "pfc-watchdog", "state" }, "enable");
            else
                r.set({ "interface", ifn, "qos", "pfc-watchdog" });
        }
        // The RoCE application priority TLV in LLDP on lossless ports (below, renderLldpApp).
        if (r.sys && !r.sys->losslessPriorities.empty() && !pol.losslessPriorities.empty() && pol.nic.rocePriority == r.sys->nic.rocePriority)
            r.set({ "interface", ifn, "lldp", "application-tlv", "udp-port", "4791" });
        if (p.headroom)
            r.notes.push_back(fmt::format("# {}: {} {:g} m cable, planned headroom per lossless PG xoff {} B, xon {} B, size {} B (NVUE computes its own)", ifn, formatSpeed(p.speed),
                p.cable() ? p.cable()->value() : 0.0, p.headroom->xoff.value(), p.headroom->xon.value(), p.headroom->size.value()));
    }

    /// LLDP application priority TLV: RoCEv2 (UDP 4791) → the RoCE priority, as NVIDIA's RoCE profile
    /// advertises it ("LLDP and Application TLV (RoCE) (UDP, Protocol:4791, Priority: 3)", Cumulus 5.14 RoCE
    /// page), in the explicit form `nv set service lldp application-tlv udp-port 4791 priority P` and per
    /// interface `nv set interface swpN lldp application-tlv udp-port 4791` (Cumulus 5.9+ LLDP page, NVUE
    /// command reference "introduced in 5.9.0"). Global: the governing policy's RoCE priority.
    void renderLldpApp(NvueRender& r)
    {
        if (!r.sys || r.sys->losslessPriorities.empty())
            return;
        r.set({ "service", "lldp", "application-tlv", "udp-port", "4791", "priority" }, std::to_string(r.sys->nic.rocePriority));
        for (const auto& pol : r.d.policyPlans)
            if (!pol->losslessPriorities.empty() && pol->nic.rocePriority != r.sys->nic.rocePriority)
                r.out.finding(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(r.d.name), ObjectRef::forPolicy(r.sys->name), ObjectRef::forPolicy(pol->name) },
                    { { "what", "nvue-lldp-app-global" }, { "fix", "nvue-lldp-app-global-fix" }, { "written_policy", r.sys->name }, { "policy", pol->name },
                        { "priority", fmt::format("{}", r.sys->nic.rocePriority) } });
    }

    void renderInterfaces(NvueRender& r)
    {
        for (const auto& p : r.d.ports)
            if (p.qos)
                renderInterface(r, p);
        if (!r.d.policies.empty())
            r.out.finding(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(r.d.name) }, { { "what", "nvue-port-settings" }, { "fix", "nvue-port-settings-fix" } }, {},
                facts::join(facts::ports(r.d, facts::kSpeed), facts::ports(r.d, facts::kFec)));
    }

    std::string commandsFile(const NvueRender& r, const std::string& header)
    {
        Text t;
        t.raw(header);
        t.line("# explicit form (not `nv set qos roce`): do not mix with the RoCE profile (nvue.md §4)");
        for (const auto& note : r.notes)
            t.line("{}", note);
        for (const auto& c : r.cmds) {
            std::string line = "nv set";
            for (const auto& tok : c.path)
                line += " " + tok;
            if (c.value)
                line += " " + *c.value;
            t.line("{}", line);
        }
        t.line("nv config apply");
        return t.take();
    }

    /// startup.yaml (nvue.md §3): the same commands as one `nv config patch` document.
    std::string startupYaml(const NvueRender& r)
    {
        YNode root;
        for (const auto& c : r.cmds) {
            YNode* at = &root;
            for (const auto& tok : c.path)
                at = &at->child(tok);
            if (c.value)
                at->value = *c.value;
        }
        static const std::regex plainModel("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
        std::string model = r.d.node->model;
        if (!std::regex_match(model, plainModel))
            model = "unknown";
        std::string y = fmt::format("# {} — NVUE startup.yaml (nv config patch); generated by lfp export --vendor nvue; shape: ../shared/guide/vendors/nvue.md §3\n", r.d.name);
        y += "- header:\n";
        y += fmt::format("    model: {}\n", model);
        y += "    nvue-api-version: nvue_v1\n";
        y += "    rev-id: 1.0\n";
        // The release the document is written for: 5.14 → Cumulus Linux 5.14.0 (the user guide's YAML shape,
        // nvue.md §3); current → Cumulus Linux 5.17.0, the newest release the command reference it follows
        // names (CumulusNetworks/docs nvue-reference QoS.md @ 05e49539: "Introduced in Cumulus Linux 5.17.0"
        // for `qos pfc … small-packet-probability` and `shared-headroom-pool`; "In Cumulus Linux 5.14 and
        // earlier, you specify `enable on`" for `qos roce state`).
        y += fmt::format("    version: Cumulus Linux {}\n", r.current ? "5.17.0" : "5.14.0");
        y += "- set:\n";
        if (root.children.empty())
            y.replace(y.size() - 1, 1, " {}\n");
        writeYaml(y, root, 4);
        return y;
    }

    class NvueExporter : public Exporter {
    public:
        bool writesDscpRewrite() const override { return true; } // by class (PolicyPlan::tcRemark)
        std::string id() const override { return "nvue"; }
        std::vector<TargetRelease> releases() const override
        {
            return { { "5.14",
                         "NVIDIA Cumulus Linux 5.14 (its QoS and RoCE user-guide pages): `ecn enable`, `red disable`, a bare `interface … qos pfc-watchdog`" },
                { "current",
                    "the current NVUE command reference (CumulusNetworks/docs nvue-reference @ 05e49539) and NVIDIA's generated configs: `ecn enabled`, "
                    "`red disabled`, `interface … qos pfc-watchdog state enable`" } };
        }
        std::string description() const override
        {
            return "NVIDIA Cumulus Linux 5.x NVUE per switch: `nv set` commands and startup.yaml (traffic pools, DSCP mapping, PFC, ECN, ETS, PFC watchdog, MTU)";
        }
        NameRule nameRule(NameKind kind) const override
        {
            NameRule r = Exporter::nameRule(kind);
            if (kind == NameKind::Policy || kind == NameKind::EcnProfile) {
                // A policy other than the switch's main one becomes a QoS profile name (one NVUE word and a
                // YAML key): letters, digits, '-' and '_'.
                r.allowedPunctuation = "-_";
                r.why = "letters, digits, '-' and '_' (an NVUE QoS profile name is one command word and a YAML key)";
            }
            return r;
        }

    protected:
        DeviceExport exportDevice(const ExportContext& ctx, const DevicePlan& d) const override
        {
            DeviceExport out;
            NvueRender r { ctx, d, out, {}, {}, d.governing.get(), release(ctx) == "current" };
            (void)reportNoPolicy(d, out);
            renderTrafficPools(r);
            for (const auto& pol : d.policyPlans) {
                renderMapping(r, *pol);
                renderPfc(r, *pol);
                renderEcn(r, *pol);
                renderEts(r, *pol);
                renderRemark(r, *pol);
            }
            renderQueueMapping(r);
            renderWatchdog(r);
            renderLldpApp(r);
            renderInterfaces(r);
            out.files[fileName(d, ".nvue.txt")] = commandsFile(r, headerLines(ctx, d, "#", "NVIDIA Cumulus Linux 5.x (NVUE) lossless RoCE configuration", "../shared/guide/vendors/nvue.md §2"));
            out.files[fileName(d, ".startup.yaml")] = startupYaml(r);
            return out;
        }
    };
} // namespace

std::unique_ptr<Exporter> makeNvueExporter() { return std::make_unique<NvueExporter>(); }

} // namespace lfp
