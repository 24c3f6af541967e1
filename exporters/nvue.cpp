// SPDX-License-Identifier: GPL-3.0-or-later
// NVIDIA Cumulus Linux 5.x (NVUE): per switch the `nv set` commands (explicit form, without the RoCE
// profile: our plan's values, not NVIDIA's defaults) and the same configuration as `startup.yaml`
// (`nv config patch` form), following ../shared/guide/vendors/nvue.md §2 (commands) and §3 (YAML
// nesting: list members as quoted string keys, numbers as ints, enable/disable strings), whose
// sources are CumulusNetworks/docs (Cumulus Linux 5.14 QoS and RoCE pages, NVUE command reference).
// docs/export.md §nvue.
#include "exportutil.h"

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

    /// The policy on most of the device's ports (ties: first used); it becomes `default-global`.
    const QosPolicy* systemPolicy(const DevicePlan& d)
    {
        std::map<const QosPolicy*, int> uses;
        for (const auto& p : d.ports)
            if (p.policy)
                ++uses[p.policy];
        const QosPolicy* sys = d.policies.front();
        for (const QosPolicy* pol : d.policies)
            if (uses[pol] > uses[sys])
                sys = pol;
        return sys;
    }

    class NvueExporter : public Exporter {
    public:
        std::string id() const override { return "nvue"; }
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
        DeviceExport exportDevice(const ExportContext& ctx, const DevicePlan& d) const override;
    };

    DeviceExport NvueExporter::exportDevice(const ExportContext& ctx, const DevicePlan& d) const
    {
        DeviceExport out;
        auto& fs = out.findings;
        const Node& n = *d.node;
        std::vector<Cmd> cmds;
        auto set = [&](std::vector<std::string> path, std::optional<std::string> value = std::nullopt) { cmds.push_back({ std::move(path), std::move(value) }); };
        std::vector<std::string> notes; // comments of the commands file

        if (d.policies.empty()) {
            fs.push_back(exportFinding(Severity::Warning, "LFP-EXPORT-NO-POLICY", { n.name },
                { { "what", "switch" }, { "fix", "switch-fix" }, { "switch", n.name } }));
        }
        const QosPolicy* sys = d.policies.empty() ? nullptr : systemPolicy(d);
        auto profileOf = [&](const QosPolicy& pol) { return &pol == sys ? std::string("default-global") : pol.name; };

        // ---- traffic pools first: PFC needs a lossless pool (nvue.md §2, §4). NVUE carves headroom
        // itself from the cable length (xoff/xon/port-buffer are "advanced only: leave dynamic").
        bool anyLossless = false;
        for (const QosPolicy* pol : d.policies)
            anyLossless |= !pol->losslessPriorities.empty();
        if (anyLossless) {
            set({ "qos", "traffic-pool", "default-lossless", "memory-percent" }, "50");
            set({ "qos", "traffic-pool", "default-lossy", "memory-percent" }, "50");
            fs.push_back(exportFinding(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", { n.name },
                { { "what", "nvue-headroom" }, { "fix", "nvue-headroom-fix" } }));
        }

        for (const QosPolicy* pol : d.policies) {
            const std::string prof = profileOf(*pol);
            // ---- classification (mapping)
            set({ "qos", "mapping", prof, "trust" }, pol->trust == TrustMode::Dscp ? "l3" : "l2");
            if (pol->trust == TrustMode::Dscp) {
                // NVUE's default map is DSCP 8k…8k+7 → SP k (nvue.md §1): write every DSCP the plan maps
                // elsewhere, and every DSCP of a non-default class, so the map says exactly the plan.
                for (int dscp = 0; dscp < kDscpValues; ++dscp) {
                    const int tc = pol->dscpToTc[static_cast<std::size_t>(dscp)];
                    if (tc != dscp / 8 || tc != 0)
                        set({ "qos", "mapping", prof, "dscp", std::to_string(dscp), "switch-priority" }, std::to_string(tc));
                }
            }
            // ---- PFC
            if (!pol->losslessPriorities.empty()) {
                for (int p : pol->losslessPriorities)
                    set({ "qos", "pfc", prof, "switch-priority", std::to_string(p) });
                set({ "qos", "pfc", prof, "tx" }, "enable");
                set({ "qos", "pfc", prof, "rx" }, "enable");
                // One cable length per PFC profile: the longest cable of the ports using it, rounded up to
                // a whole metre (more headroom, never less).
                double longest = 0;
                std::set<long long> lengths;
                for (const auto& p : d.ports)
                    if (p.policy == pol && p.cable()) {
                        longest = std::max(longest, p.cable()->value());
                        lengths.insert(std::llround(p.cable()->value() * 1000));
                    }
                const long long metres = std::max<long long>(1, static_cast<long long>(std::ceil(longest - 1e-9)));
                if (std::abs(static_cast<double>(metres) - longest) > 1e-9)
                    fs.push_back(exportFinding(Severity::Info, "LFP-EXPORT-ROUNDED", { n.name, policyObject(*pol) },
                        { { "what", "nvue-cable" }, { "fix", "none-needed" }, { "planned", fmt::format("{:g}", longest) },
                            { "written", fmt::format("{}", metres) } },
                        { { "cable", longest, "m", fmt::format("written {}", metres) } }));
                if (lengths.size() > 1)
                    fs.push_back(exportFinding(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", { n.name, policyObject(*pol) },
                        { { "what", "nvue-cable-lengths" }, { "fix", "nvue-cable-lengths-fix" }, { "policy", pol->name },
                            { "count", fmt::format("{}", lengths.size()) }, { "written", fmt::format("{}", metres) } }));
                set({ "qos", "pfc", prof, "cable-length" }, std::to_string(metres));
            }
            // ---- ECN (congestion-control), per egress queue (= NVUE traffic class)
            for (int q = 0; q < kPriorities; ++q) {
                const EcnProfile* ecn = ecnOf(*pol, q);
                if (!ecn)
                    continue;
                const double pct = ecn->pmax * 100.0;
                const long long whole = std::clamp<long long>(std::llround(pct), 1, 100);
                if (std::abs(pct - static_cast<double>(whole)) > 1e-9)
                    fs.push_back(exportFinding(Severity::Info, "LFP-EXPORT-ROUNDED", { n.name, policyObject(*pol) },
                        { { "what", "nvue-pmax" }, { "fix", "none-needed" }, { "profile", ecn->name }, { "planned", fmt::format("{:g}", pct) },
                            { "written", fmt::format("{}", whole) } },
                        { { "pmax", pct, "%", fmt::format("written {}", whole) } }));
                const auto kmin = std::max<long long>(1, ecn->kmin.value());
                const auto kmax = std::max<long long>(kmin, ecn->kmax.value());
                const std::vector<std::string> tc { "qos", "congestion-control", prof, "traffic-class", std::to_string(q) };
                auto at = [&](const char* leaf) {
                    auto v = tc;
                    v.emplace_back(leaf);
                    return v;
                };
                set(at("ecn"), "enable");
                set(at("red"), "disable");
                set(at("min-threshold"), std::to_string(kmin));
                set(at("max-threshold"), std::to_string(kmax));
                set(at("probability"), std::to_string(whole));
            }
            // ---- ETS (egress-scheduler)
            int total = 0;
            for (int q = 0; q < kPriorities; ++q) {
                const EtsQueue* e = etsOf(*pol, q);
                if (!e)
                    continue;
                const std::vector<std::string> tc { "qos", "egress-scheduler", prof, "traffic-class", std::to_string(q) };
                auto at = [&](const char* leaf) {
                    auto v = tc;
                    v.emplace_back(leaf);
                    return v;
                };
                if (e->mode == SchedulerMode::Strict) {
                    set(at("mode"), "strict");
                    continue;
                }
                set(at("mode"), "dwrr");
                total += e->weight;
                if (e->weight < 1 || e->weight > 100)
                    fs.push_back(exportFinding(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { n.name, policyObject(*pol) },
                        { { "what", "nvue-weight" }, { "fix", "weight-fix" }, { "queue", fmt::format("{}", q) }, { "weight", fmt::format("{}", e->weight) },
                            { "written", e->weight < 1 ? "not-written" : "written-100" } }));
                if (e->weight >= 1)
                    set(at("bw-percent"), std::to_string(std::min(e->weight, 100)));
            }
            if (total > 100)
                fs.push_back(exportFinding(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { n.name, policyObject(*pol) },
                    { { "what", "nvue-weights-total" }, { "fix", "nvue-weights-total-fix" }, { "total", fmt::format("{}", total) } },
                    { { "total", static_cast<double>(total), "%", {} } }));
        }

        // ---- egress-queue-mapping: default-global only (nvue.md §4)
        if (sys) {
            for (int sp = 0; sp < kPriorities; ++sp)
                if (sys->tcToQueue[static_cast<std::size_t>(sp)] != sp || sp == sys->cnpPriority || sys->isLossless(sp))
                    set({ "qos", "egress-queue-mapping", "default-global", "switch-priority", std::to_string(sp), "traffic-class" },
                        std::to_string(sys->tcToQueue[static_cast<std::size_t>(sp)]));
            for (const QosPolicy* pol : d.policies)
                if (pol->tcToQueue != sys->tcToQueue)
                    fs.push_back(exportFinding(Severity::Error, "LFP-EXPORT-NOT-EXPRESSIBLE", { n.name, policyObject(*sys), policyObject(*pol) },
                        { { "what", "nvue-queue-map" }, { "fix", "nvue-queue-map-fix" }, { "written_policy", sys->name }, { "policy", pol->name } }));
            for (const QosPolicy* pol : d.policies) {
                fs.push_back(exportFinding(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", { n.name, policyObject(*pol) },
                    { { "what", "nvue-pg" }, { "fix", "nvue-pg-fix" } }));
            }
        }

        // ---- PFC watchdog (global timing): detection = polling-interval × robustness (nvue.md §1)
        const QosPolicy* wdPolicy = nullptr;
        for (const QosPolicy* pol : d.policies)
            if (pol->watchdog.enabled && !pol->losslessPriorities.empty() && (!wdPolicy || pol == sys))
                wdPolicy = pol;
        if (wdPolicy) {
            const double det = wdPolicy->watchdog.detection.value() / 1e6;
            const long long polling = std::clamp<long long>(std::llround(std::min(100.0, det)), 1, 100);
            const long long robustness = std::max<long long>(1, std::llround(det / static_cast<double>(polling)));
            if (std::abs(static_cast<double>(polling * robustness) - det) > 1e-6)
                fs.push_back(exportFinding(Severity::Info, "LFP-EXPORT-ROUNDED", { n.name, policyObject(*wdPolicy) },
                    { { "what", "nvue-watchdog" }, { "fix", "none-needed" }, { "detection", fmt::format("{:g}", det) },
                        { "robustness", fmt::format("{}", robustness) }, { "polling", fmt::format("{}", polling) },
                        { "written", fmt::format("{}", polling * robustness) } },
                    { { "detection", det, "ms", fmt::format("written {} ms", polling * robustness) } }));
            fs.push_back(exportFinding(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", { n.name, policyObject(*wdPolicy) },
                { { "what", "nvue-watchdog-restoration" }, { "fix", "none-needed" },
                    { "restoration", fmt::format("{:g}", wdPolicy->watchdog.restoration.value() / 1e6) }, { "action", toString(wdPolicy->watchdog.action) } }));
            for (const QosPolicy* pol : d.policies)
                if (pol != wdPolicy && pol->watchdog.enabled && !pol->losslessPriorities.empty() && pol->watchdog.detection != wdPolicy->watchdog.detection)
                    fs.push_back(exportFinding(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { n.name, policyObject(*wdPolicy), policyObject(*pol) },
                        { { "what", "nvue-watchdog-global" }, { "fix", "nvue-watchdog-global-fix" }, { "written_policy", wdPolicy->name },
                            { "policy", pol->name } }));
            set({ "qos", "pfc-watchdog", "polling-interval" }, std::to_string(polling));
            set({ "qos", "pfc-watchdog", "robustness" }, std::to_string(robustness));
        }

        // ---- interfaces
        static const std::regex swpName("swp[1-9][0-9]*(s[0-9]+)?");
        for (const auto& p : d.ports) {
            if (!p.policy)
                continue;
            const std::string& ifn = p.port->name;
            if (!std::regex_match(ifn, swpName))
                fs.push_back(exportFinding(Severity::Warning, "LFP-EXPORT-PORT-NAME", { portObject(d, p) },
                    { { "what", "nvue" }, { "fix", "nvue-fix" } }));
            if (p.port->mtu < 552 || p.port->mtu > 9216)
                fs.push_back(exportFinding(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { portObject(d, p) },
                    { { "what", "nvue-mtu" }, { "fix", "mtu-fix" }, { "mtu", fmt::format("{}", p.port->mtu) } }));
            set({ "interface", ifn, "link", "mtu" }, std::to_string(std::clamp(p.port->mtu, 552, 9216)));
            const QosPolicy& pol = *p.policy;
            if (&pol != sys) {
                set({ "interface", ifn, "qos", "mapping", "profile" }, pol.name);
                if (!pol.losslessPriorities.empty())
                    set({ "interface", ifn, "qos", "pfc", "profile" }, pol.name);
                if (!pol.ecn.empty())
                    set({ "interface", ifn, "qos", "congestion-control", "profile" }, pol.name);
                if (!pol.ets.empty())
                    set({ "interface", ifn, "qos", "egress-scheduler", "profile" }, pol.name);
            }
            // Watchdog only on physical swp ports with PFC (nvue.md §4).
            if (wdPolicy && pol.watchdog.enabled && !pol.losslessPriorities.empty())
                set({ "interface", ifn, "qos", "pfc-watchdog" });
            if (p.budget && p.budget->headroom)
                notes.push_back(fmt::format("# {}: {} {:g} m cable, planned headroom per lossless PG xoff {} B, xon {} B, size {} B (NVUE computes its own)", ifn,
                    formatSpeed(p.port->speed), p.cable() ? p.cable()->value() : 0.0, p.budget->headroom->xoff.value(), p.budget->headroom->xon.value(),
                    p.budget->headroom->size.value()));
        }
        if (!d.policies.empty())
            fs.push_back(exportFinding(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", { n.name },
                { { "what", "nvue-port-settings" }, { "fix", "nvue-port-settings-fix" } }));

        // ---- the commands file
        Text t;
        t.line("# {} — NVIDIA Cumulus Linux 5.x (NVUE) lossless RoCE configuration", n.name);
        t.line("# generated by lfp export --vendor nvue from fabric \"{}\"; syntax: ../shared/guide/vendors/nvue.md §2", printableName(ctx.fabric().name));
        t.line("# explicit form (not `nv set qos roce`): do not mix with the RoCE profile (nvue.md §4)");
        for (const auto& note : notes)
            t.line("{}", note);
        for (const auto& c : cmds) {
            std::string line = "nv set";
            for (const auto& tok : c.path)
                line += " " + tok;
            if (c.value)
                line += " " + *c.value;
            t.line("{}", line);
        }
        t.line("nv config apply");
        out.files[n.name + ".nvue.txt"] = t.take();

        // ---- startup.yaml (nvue.md §3)
        YNode root;
        for (const auto& c : cmds) {
            YNode* at = &root;
            for (const auto& tok : c.path)
                at = &at->child(tok);
            if (c.value)
                at->value = *c.value;
        }
        static const std::regex plainModel("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
        std::string model = n.model;
        if (!std::regex_match(model, plainModel))
            model = "unknown";
        std::string y = fmt::format("# {} — NVUE startup.yaml (nv config patch); generated by lfp export --vendor nvue; shape: ../shared/guide/vendors/nvue.md §3\n", n.name);
        y += "- header:\n";
        y += fmt::format("    model: {}\n", model);
        y += "    nvue-api-version: nvue_v1\n";
        y += "    rev-id: 1.0\n";
        y += "    version: Cumulus Linux 5.14.0\n";
        y += "- set:\n";
        if (root.children.empty())
            y.replace(y.size() - 1, 1, " {}\n");
        writeYaml(y, root, 4);
        out.files[n.name + ".startup.yaml"] = y;
        return out;
    }
} // namespace

std::unique_ptr<Exporter> makeNvueExporter() { return std::make_unique<NvueExporter>(); }

} // namespace lfp
