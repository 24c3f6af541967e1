// SPDX-License-Identifier: GPL-3.0-or-later
// Huawei CloudEngine (VRP, CE68xx/CE88xx): PFC profiles with deadlock detection, `dcb pfc dscp-mapping`
// for untagged RoCEv2, the headroom pool and per-queue headroom (family A), WRED/ECN drop profiles,
// DRR/PQ scheduling and the interfaces, following ../shared/guide/vendors/huawei.md §1 (Huawei
// CloudEngine command reference: "dcb pfc buffer", "Enabling PFC", deadlock detection, queue
// scheduling; a Huawei RoCE deployment guide). The command family (A or B) is chosen from the switch
// model (huawei.md: the model lists of the two families). docs/export.md §huawei.
#include "exportutil.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <regex>

namespace lfp {
namespace {
    using namespace exp;

    enum class Family { A, B };

    struct FamilyChoice {
        Family family = Family::A;
        bool known = false;
        bool lowLatencyCells = false; ///< CE6885-LL: 96-byte cells instead of 320
        std::string from; ///< what decided it
    };

    /// huawei.md: A = CE6855-48XS8CQ, CE6863E, CE6885(-T/-SAN/-LL), CE8851-32CQ4BQ, CE8855;
    /// B = CE6860-SAN/-HAM, CE6866(K), CE8850-SAN/-HAM, CE8851K, CE8851-32CQ8DQ-P. Node attribute
    /// huawei.family (A|B) overrides. Unknown → A (the guide's worked example, §1) and a finding.
    FamilyChoice familyOf(const Node& n)
    {
        FamilyChoice c;
        std::string m;
        for (char ch : n.model)
            m += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        c.lowLatencyCells = m.rfind("CE6885-LL", 0) == 0;
        if (auto it = n.attributes.find("huawei.family"); it != n.attributes.end() && (it->second == "A" || it->second == "B")) {
            c.family = it->second == "A" ? Family::A : Family::B;
            c.known = true;
            c.from = "attribute huawei.family";
            return c;
        }
        static const char* const familyB[] = { "CE6860-SAN", "CE6860-HAM", "CE6866", "CE8850-SAN", "CE8850-HAM", "CE8851K", "CE8851-32CQ8DQ-P" };
        static const char* const familyA[] = { "CE6855-48XS8CQ", "CE6863E", "CE6885", "CE8851-32CQ4BQ", "CE8855" };
        for (const char* p : familyB)
            if (m.rfind(p, 0) == 0) {
                c.family = Family::B;
                c.known = true;
                c.from = "model " + std::string(p);
                return c;
            }
        for (const char* p : familyA)
            if (m.rfind(p, 0) == 0) {
                c.family = Family::A;
                c.known = true;
                c.from = "model " + std::string(p);
                return c;
            }
        return c;
    }

    /// PHB of an internal priority / queue (Huawei's default DiffServ domain: be, af1…af4, ef, cs6, cs7).
    const char* phb(int q)
    {
        static const char* const names[] = { "be", "af1", "af2", "af3", "af4", "ef", "cs6", "cs7" };
        return names[std::clamp(q, 0, 7)];
    }

    long long kbUp(long long bytes) { return (bytes + 1023) / 1024; }

    class HuaweiExporter : public Exporter {
    public:
        std::string id() const override { return "huawei"; }
        std::string description() const override
        {
            return "Huawei CloudEngine CLI per switch (family from the model): PFC profile and deadlock detection, dscp-mapping, headroom, WRED ECN, DRR/PQ, interfaces";
        }
        NameRule nameRule(NameKind kind) const override
        {
            NameRule r = Exporter::nameRule(kind);
            if (kind == NameKind::Policy || kind == NameKind::EcnProfile) {
                // dcb pfc / drop-profile / diffserv domain names.
                r.allowedPunctuation = "-_";
                r.maxLength = 31;
                r.why = "letters, digits, '-' and '_' (CloudEngine profile names)";
            }
            return r;
        }

    protected:
        DeviceExport exportDevice(const ExportContext& ctx, const DevicePlan& d) const override;
    };

    DeviceExport HuaweiExporter::exportDevice(const ExportContext& ctx, const DevicePlan& d) const
    {
        DeviceExport out;
        auto& fs = out.findings;
        const Node& n = *d.node;
        const FamilyChoice fam = familyOf(n);
        const bool a = fam.family == Family::A;
        std::string slot = "1";
        if (auto it = n.attributes.find("huawei.slot"); it != n.attributes.end() && !it->second.empty() && it->second.size() < 4
            && std::all_of(it->second.begin(), it->second.end(), [](char c) { return c >= '0' && c <= '9'; }))
            slot = it->second;
        if (!fam.known)
            fs.push_back(exportFinding(Severity::Warning, "LFP-EXPORT-HUAWEI-FAMILY", { n.name },
                fmt::format("the model \"{}\" is in neither CloudEngine command family of the vendor guide: family A (CE8855 / CE6885 commands) is written", printableName(n.model)),
                "Set the switch's model (e.g. CE8855-32CQ4BQ), or the node attribute huawei.family to A or B."));
        Text t;
        t.line("# {} — Huawei CloudEngine lossless RoCE configuration, command family {} ({})", n.name, a ? "A" : "B", fam.known ? fam.from : "default: model unknown");
        t.line("# generated by lfp export --vendor huawei from fabric \"{}\"; syntax: ../shared/guide/vendors/huawei.md §1", printableName(ctx.fabric().name));
        t.line("system-view");
        if (d.policies.empty()) {
            fs.push_back(exportFinding(Severity::Warning, "LFP-EXPORT-NO-POLICY", { n.name }, fmt::format("no QoS policy is bound to any port of {}: nothing to configure", n.name),
                "Bind a policy to the switch's role or ports."));
            t.line("commit");
            out.files[n.name + ".huawei.cfg"] = t.take();
            return out;
        }
        const long long cell = fam.lowLatencyCells ? 96 : 320;
        bool anyLossless = false;
        for (const QosPolicy* pol : d.policies)
            anyLossless |= !pol->losslessPriorities.empty();

        // Per-port headroom (family A: hdrm = the planner's xoff, whole kbytes rounded up).
        long long pool = 0;
        std::set<long long> distinct;
        bool roundedHdrm = false;
        for (const auto& p : d.ports)
            if (p.policy && !p.policy->losslessPriorities.empty() && p.budget && p.budget->headroom) {
                const long long kb = std::clamp<long long>(kbUp(p.budget->headroom->xoff.value()), 16, 30720);
                roundedHdrm |= kb * 1024 != p.budget->headroom->xoff.value();
                distinct.insert(kb);
                pool += kb * static_cast<long long>(p.policy->losslessPriorities.size());
            }

        if (anyLossless) {
            t.line("undo dcb pfc global disable");
            if (a) {
                // Mandatory on family A before per-queue hdrm; recommended = Σ hdrm of the PFC queues.
                if (pool > 0)
                    t.line("qos buffer headroom-pool size {} kbytes slot {}", pool, slot);
                if (roundedHdrm)
                    fs.push_back(exportFinding(Severity::Info, "LFP-EXPORT-ROUNDED", { n.name },
                        fmt::format("CloudEngine headroom (`dcb pfc buffer … hdrm`) is whole kbytes: the planned xoff is rounded up to the next kbyte, and the switch rounds "
                                    "it up again to {}-byte cells",
                            cell),
                        "None needed (`display dcb pfc buffer` shows the effective values)."));
                if (distinct.size() > 28)
                    fs.push_back(exportFinding(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { n.name },
                        fmt::format("{} distinct headroom values: a CloudEngine holds 28–31 distinct threshold profiles", distinct.size()),
                        "Group cable lengths so that fewer distinct headroom values are needed."));
            }
        }
        // ---- deadlock detection (the PFC watchdog), system part
        const QosPolicy* wd = nullptr;
        for (const QosPolicy* pol : d.policies)
            if (!pol->losslessPriorities.empty()) {
                if (pol->watchdog.enabled && !wd)
                    wd = pol;
                if (!pol->watchdog.enabled)
                    fs.push_back(exportFinding(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { n.name, policyObject(*pol) },
                        "PFC deadlock detection is always on on CloudEngine: the plan's disabled watchdog is not expressible", "Plan the watchdog on."));
            }
        constexpr int kAccuracyMs = 10; // `dcb pfc deadlock-detect interval 10`: effective time = 10 ms × the configured time
        if (wd) {
            if (a)
                t.line("dcb pfc deadlock-detect interval {}", kAccuracyMs);
            else {
                const long long det = std::max<long long>(1, std::llround(wd->watchdog.detection.value() / 1e6));
                const long long rec = std::max<long long>(1, std::llround(wd->watchdog.restoration.value() / 1e6));
                t.line("dcb pfc deadlock-detect timer {}", det);
                t.line("dcb pfc deadlock-recovery timer {}", rec);
                if (wd->watchdog.action == WatchdogAction::Drop)
                    t.line("dcb pfc deadlock recovery-behavior discard slot {}", slot);
            }
            for (const QosPolicy* pol : d.policies)
                if (pol->watchdog.enabled && !pol->losslessPriorities.empty()) {
                    if (pol->watchdog.action != WatchdogAction::Drop)
                        fs.push_back(exportFinding(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { n.name, policyObject(*pol) },
                            fmt::format("the CloudEngine deadlock recovery discards; the planned {} is not expressible", toString(pol->watchdog.action)), "Plan drop."));
                    if (!a && pol != wd && pol->watchdog != wd->watchdog)
                        fs.push_back(exportFinding(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { n.name, policyObject(*wd), policyObject(*pol) },
                            "family B's deadlock timers are system-wide: the times of the first policy are written", "Plan one watchdog per switch."));
                }
        }

        for (const QosPolicy* pol : d.policies) {
            const std::string& pn = pol->name;
            // ---- PFC profile
            if (!pol->losslessPriorities.empty()) {
                t.line("dcb pfc {}", pn);
                for (int p : pol->losslessPriorities) {
                    const int q = pol->tcToQueue[static_cast<std::size_t>(p)];
                    t.line(" priority {}", q);
                    if (a && pol->watchdog.enabled) {
                        const double det = pol->watchdog.detection.value() / 1e6, rec = pol->watchdog.restoration.value() / 1e6;
                        const long long dt = std::max<long long>(1, std::llround(det / kAccuracyMs)), rt = std::max<long long>(1, std::llround(rec / kAccuracyMs));
                        if (std::abs(static_cast<double>(dt * kAccuracyMs) - det) > 1e-6 || std::abs(static_cast<double>(rt * kAccuracyMs) - rec) > 1e-6)
                            fs.push_back(exportFinding(Severity::Info, "LFP-EXPORT-ROUNDED", { n.name, policyObject(*pol) },
                                fmt::format("CloudEngine deadlock times are multiples of the 10 ms accuracy: {:g} / {:g} ms written as {} / {} ms", det, rec, dt * kAccuracyMs,
                                    rt * kAccuracyMs),
                                "None needed.", { { "detection", det, "ms", fmt::format("written {} × 10 ms", dt) } }));
                        t.line(" priority {} deadlock-detect time {}", q, dt);
                        t.line(" priority {} deadlock-recovery time {}", q, rt);
                    }
                }
                t.line(" quit");
            }
            // ---- DSCP classification: an explicit DiffServ domain where the plan leaves the default
            // domain (DSCP 8k…8k+7 → PHB k); huawei.md §1 marks its syntax "[doc, not re-read]".
            if (pol->trust == TrustMode::Dscp) {
                std::vector<std::string> lines;
                for (int dscp = 0; dscp < kDscpValues; ++dscp) {
                    const int q = pol->tcToQueue[static_cast<std::size_t>(pol->dscpToTc[static_cast<std::size_t>(dscp)])];
                    if (q != dscp / 8)
                        lines.push_back(fmt::format(" ip-dscp-inbound {} phb {} green", dscp, phb(q)));
                }
                if (!lines.empty()) {
                    t.line("diffserv domain {}", pn);
                    for (const auto& l : lines)
                        t.line("{}", l);
                    t.line(" quit");
                    fs.push_back(exportFinding(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", { n.name, policyObject(*pol) },
                        fmt::format("the plan maps {} DSCP values away from CloudEngine's default DiffServ domain: an explicit `diffserv domain {}` is written (its "
                                    "syntax is marked unverified in the vendor guide)",
                            lines.size(), pn),
                        "Check `display diffserv domain` after applying."));
                }
            }
            // ---- ECN drop profiles (bytes, rounded up to cells by the switch), named after the profile:
            // one device-wide name space.
            for (const auto& e : pol->ecn) {
                bool again = false;
                for (const QosPolicy* other : d.policies) {
                    if (other == pol)
                        break;
                    for (const auto& oe : other->ecn)
                        if (oe.name == e.name) {
                            again = true;
                            if (oe.kmin != e.kmin || oe.kmax != e.kmax || oe.pmax != e.pmax)
                                fs.push_back(exportFinding(Severity::Error, "LFP-EXPORT-NAME-CONFLICT", { n.name, policyObject(*other), policyObject(*pol) },
                                    fmt::format("ECN profile {} differs between policies {} and {}: one drop-profile {} is written (the first)", e.name, other->name, pol->name, e.name),
                                    "Give the profiles distinct names."));
                        }
                }
                if (again)
                    continue;
                const long long whole = std::clamp<long long>(std::llround(e.pmax * 100.0), 1, 100);
                if (std::abs(e.pmax * 100.0 - static_cast<double>(whole)) > 1e-9)
                    fs.push_back(exportFinding(Severity::Info, "LFP-EXPORT-ROUNDED", { n.name, policyObject(*pol) },
                        fmt::format("ECN profile {}: discard-percentage is a whole percentage; {:g} % written as {}", e.name, e.pmax * 100.0, whole), "None needed.",
                        { { "pmax", e.pmax * 100.0, "%", fmt::format("written {}", whole) } }));
                const long long lo = std::max<long long>(1, e.kmin.value()), hi = std::max<long long>(lo, e.kmax.value());
                if (lo % cell != 0 || hi % cell != 0)
                    fs.push_back(exportFinding(Severity::Info, "LFP-EXPORT-ROUNDED", { n.name, policyObject(*pol) },
                        fmt::format("ECN profile {}: CloudEngine rounds thresholds up to {}-byte cells: {} / {} B take effect as {} / {} B", e.name, cell, lo, hi,
                            (lo + cell - 1) / cell * cell, (hi + cell - 1) / cell * cell),
                        "None needed."));
                t.line("drop-profile {}", e.name);
                t.line(" color green buffer-size low-limit {} high-limit {} discard-percentage {}", lo, hi, whole);
                t.line(" quit");
            }
        }
        if (anyLossless && a)
            t.line("dcb pfc dscp-mapping enable slot {}", slot);
        else if (anyLossless)
            fs.push_back(exportFinding(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", { n.name },
                "family B has no `dcb pfc dscp-mapping`: PFC back-pressure follows 802.1p, which untagged RoCEv2 does not carry",
                "Tag RoCE traffic (802.1p 3) toward family B switches, or use a family A model."));

        // ---- interfaces
        static const std::regex ceName("(10|25|40|50|100|200|400)GE[0-9]+/[0-9]+/[0-9]+(:[0-9]+)?");
        for (const auto& p : d.ports) {
            if (!p.policy)
                continue;
            const QosPolicy& pol = *p.policy;
            if (!std::regex_match(p.port->name, ceName))
                fs.push_back(exportFinding(Severity::Warning, "LFP-EXPORT-PORT-NAME", { portObject(d, p) },
                    "the plan's port name is not a CloudEngine interface name (400GE1/0/1): it is written as is", "Name the switch's ports as CloudEngine does (400GE1/0/1) in the plan."));
            t.line("interface {}", p.port->name);
            if (pol.trust == TrustMode::Dscp)
                t.line(" trust dscp");
            else
                t.line(" trust 8021p outer");
            bool domain = false;
            for (int dscp = 0; dscp < kDscpValues && pol.trust == TrustMode::Dscp; ++dscp)
                domain |= pol.tcToQueue[static_cast<std::size_t>(pol.dscpToTc[static_cast<std::size_t>(dscp)])] != dscp / 8;
            if (domain)
                t.line(" trust upstream {}", pol.name);
            if (!pol.losslessPriorities.empty()) {
                t.line(" dcb pfc enable {} mode manual", pol.name);
                if (a && p.budget && p.budget->headroom) {
                    const long long kb = std::clamp<long long>(kbUp(p.budget->headroom->xoff.value()), 16, 30720);
                    for (int pr : pol.losslessPriorities)
                        t.line(" dcb pfc buffer {} hdrm {} kbytes", pol.tcToQueue[static_cast<std::size_t>(pr)], kb);
                }
            }
            // DRR runs and PQ queues (`qos drr a to b`, `qos pq a to b`); weights per DRR queue.
            std::set<int> drr, pq;
            for (const auto& e : pol.ets)
                (e.mode == SchedulerMode::Strict ? pq : drr).insert(e.queue);
            for (const auto& r : ranges(drr))
                t.line(" qos drr {}", r.find('-') == std::string::npos ? r : r.substr(0, r.find('-')) + " to " + r.substr(r.find('-') + 1));
            for (const auto& e : pol.ets)
                if (e.mode == SchedulerMode::Dwrr)
                    t.line(" qos queue {} drr weight {}", e.queue, e.weight);
            for (const auto& r : ranges(pq))
                t.line(" qos pq {}", r.find('-') == std::string::npos ? r : r.substr(0, r.find('-')) + " to " + r.substr(r.find('-') + 1));
            for (int q = 0; q < kPriorities; ++q)
                if (const EcnProfile* e = ecnOf(pol, q)) {
                    t.line(" qos queue {} wred {}", q, e->name);
                    t.line(" qos queue {} ecn", q);
                }
            t.line(" quit");
        }
        if (anyLossless) {
            fs.push_back(exportFinding(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", { n.name },
                a ? "the pause threshold (`dcb pfc buffer … xoff`) stays CloudEngine's dynamic default; the planned headroom is written as `hdrm`"
                  : "family B has no headroom (`hdrm`) command: the planned headroom is not written and the xon/xoff thresholds stay at their defaults",
                "Compare `display dcb pfc buffer` with `lfp budget`."));
        }
        fs.push_back(exportFinding(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", { n.name },
            "MTU, port speed and FEC are not written for CloudEngine (the guide has no confirmed syntax for them)", "Set them with the platform's own templates."));
        t.line("commit");
        out.files[n.name + ".huawei.cfg"] = t.take();
        return out;
    }
} // namespace

std::unique_ptr<Exporter> makeHuaweiExporter() { return std::make_unique<HuaweiExporter>(); }

} // namespace lfp
