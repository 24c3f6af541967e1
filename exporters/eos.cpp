// SPDX-License-Identifier: GPL-3.0-or-later
// Arista EOS: one qos profile per policy applied with service-profile, the global DSCP map and the PFC
// watchdog, following ../shared/guide/vendors/eos.md (the shapes AVD's eos_cli_config_gen templates
// render: qos.j2, qos-profiles.j2, priority-flow-control.j2, ethernet-interfaces.j2 @ 3cac535c).
// docs/export.md §eos.
#include "exportutil.h"

#include <algorithm>
#include <cmath>
#include <regex>

namespace lfp {
namespace {
    using namespace exp;

    /// Seconds with at most @p decimals decimals (EOS watchdog timers: ^\d+(\.\d{1,2})?$ per AVD's schema).
    std::string seconds(double ms, int decimals)
    {
        const double scale = std::pow(10.0, decimals);
        const double s = std::round(ms / 1000.0 * scale) / scale;
        std::string t = fmt::format("{:.{}f}", s, decimals);
        while (t.find('.') != std::string::npos && (t.back() == '0' || t.back() == '.')) {
            const bool dot = t.back() == '.';
            t.pop_back();
            if (dot)
                break;
        }
        return t;
    }

    /// uc-tx-queue on Trident-2 / Tomahawk(-2) platforms (7050X, 7060X; separate unicast/multicast queues),
    /// tx-queue elsewhere (7280R/7500R Jericho, 7050X3/X4): eos.md §3. Node attribute eos.tx_queue overrides.
    std::string queueKeyword(const Node& n)
    {
        if (auto it = n.attributes.find("eos.tx_queue"); it != n.attributes.end() && (it->second == "tx-queue" || it->second == "uc-tx-queue"))
            return it->second;
        for (const char* id : { "trident-2", "tomahawk", "tomahawk-2" })
            if (n.asic == id)
                return "uc-tx-queue";
        return "tx-queue";
    }

    /// Speed and FEC of an interface. Speed: `speed <G>g-<lanes>` at 50G and faster (the lane-count form,
    /// e.g. `speed 400g-8`), `speed forced <G>gfull` below; FEC: `error-correction encoding fire-code |
    /// reed-solomon`, `no error-correction encoding` for none (AVD eos_cli_config_gen
    /// ethernet-interfaces.j2: speed as given, error_correction_encoding.{fire_code,reed_solomon}; public
    /// EOS configs with `speed forced 100gfull` / `speed 400g-8`). Fec::Unknown writes nothing.
    void writeSpeedFec(Text& t, std::vector<Finding>& fs, const DevicePlan& d, const PortPlan& p)
    {
        const Port& port = *p.port;
        const long long bps = port.speed.value();
        if (bps > 0 && bps % 1'000'000'000LL == 0) {
            const long long g = bps / 1'000'000'000LL;
            if (g >= 50)
                t.line("   speed {}g-{}", g, std::max(1, port.lanes));
            else
                t.line("   speed forced {}gfull", g);
        } else if (bps > 0) {
            fs.push_back(exportFinding(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { portObject(d, p) },
                { { "what", "eos-speed" }, { "fix", "eos-speed-fix" }, { "speed", formatSpeed(port.speed) } }));
        }
        const bool pam4 = bps / std::max(1, p.port->lanes) >= 50'000'000'000LL; // 50G+ per lane is PAM4
        switch (port.fec) {
        case Fec::None:
            t.line("   no error-correction encoding");
            break;
        case Fec::FireCode:
            t.line("   error-correction encoding fire-code");
            break;
        case Fec::Rs528:
        case Fec::Rs544:
            // `reed-solomon` carries no code: the port runs RS(544,514) on PAM4 lanes, RS(528,514) otherwise.
            if ((port.fec == Fec::Rs528 && pam4) || (port.fec == Fec::Rs544 && !pam4))
                fs.push_back(exportFinding(Severity::Warning, "LFP-EXPORT-FEC-NOT-EXPRESSIBLE", { portObject(d, p) },
                    { { "what", "eos-rs" }, { "fix", "rs-fix" }, { "speed", formatSpeed(port.speed) }, { "runs", pam4 ? "RS(544,514)" : "RS(528,514)" },
                        { "planned", toString(port.fec) } }));
            t.line("   error-correction encoding reed-solomon");
            break;
        case Fec::Unknown:
            break;
        }
    }

    class EosExporter : public Exporter {
    public:
        std::string id() const override { return "eos"; }
        std::string description() const override
        {
            return "Arista EOS CLI per switch: qos profile per policy (trust, tx-queue ETS and ECN, PFC no-drop, watchdog), DSCP map, interfaces";
        }
        NameRule nameRule(NameKind kind) const override
        {
            NameRule r = Exporter::nameRule(kind);
            if (kind == NameKind::Policy || kind == NameKind::EcnProfile) {
                r.allowedPunctuation = "-_.";
                r.maxLength = 100;
                r.why = "letters, digits, '-', '_' and '.' (a qos profile name is one CLI word)";
            }
            return r;
        }

    protected:
        DeviceExport exportDevice(const ExportContext& ctx, const DevicePlan& d) const override;
    };

    DeviceExport EosExporter::exportDevice(const ExportContext& ctx, const DevicePlan& d) const
    {
        DeviceExport out;
        auto& fs = out.findings;
        const Node& n = *d.node;
        const std::string qkw = queueKeyword(n);
        Text t;
        t.line("! {} — Arista EOS lossless RoCE configuration", n.name);
        t.line("! generated by lfp export --vendor eos from fabric \"{}\"; syntax: ../shared/guide/vendors/eos.md", printableName(ctx.fabric().name));
        t.line("!");
        if (d.policies.empty()) {
            fs.push_back(exportFinding(Severity::Warning, "LFP-EXPORT-NO-POLICY", { n.name },
                { { "what", "switch" }, { "fix", "switch-fix" }, { "switch", n.name } }));
        }
        // The DSCP → traffic-class map is global on EOS (qos.j2 `qos map dscp … to traffic-class …`).
        const QosPolicy* mapPolicy = nullptr;
        for (const QosPolicy* pol : d.policies) {
            if (pol->trust != TrustMode::Dscp)
                continue;
            if (!mapPolicy)
                mapPolicy = pol;
            else if (mapPolicy->dscpToTc != pol->dscpToTc)
                fs.push_back(exportFinding(Severity::Error, "LFP-EXPORT-NOT-EXPRESSIBLE", { n.name, policyObject(*mapPolicy), policyObject(*pol) },
                    { { "what", "eos-dscp-map" }, { "fix", "eos-dscp-map-fix" }, { "written_policy", mapPolicy->name }, { "policy", pol->name },
                        { "switch", n.name } }));
        }
        for (const QosPolicy* pol : d.policies) {
            bool identity = true;
            for (int tc = 0; tc < kPriorities; ++tc)
                identity &= pol->tcToQueue[static_cast<std::size_t>(tc)] == tc;
            if (!identity && pol != d.policies.front())
                fs.push_back(exportFinding(Severity::Error, "LFP-EXPORT-NOT-EXPRESSIBLE", { n.name, policyObject(*pol) },
                    { { "what", "eos-tc-queue" }, { "fix", "eos-tc-queue-fix" } }));
            fs.push_back(exportFinding(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", { n.name, policyObject(*pol) },
                { { "what", "eos-pg-headroom" }, { "fix", "eos-pg-headroom-fix" } }));
        }

        // ---- qos profiles
        for (const QosPolicy* pol : d.policies) {
            t.line("qos profile {}", pol->name);
            t.line("   qos trust {}", pol->trust == TrustMode::Dscp ? "dscp" : "cos");
            // Round-robin queues must sit below every strict queue: `no priority` on queue N makes N and the
            // queues under it round-robin (EOS QoS chapter, eos.md §2).
            int highestRr = -1, lowestStrict = 99;
            for (const auto& e : pol->ets) {
                if (e.mode == SchedulerMode::Strict)
                    lowestStrict = std::min(lowestStrict, e.queue);
                else
                    highestRr = std::max(highestRr, e.queue);
            }
            if (lowestStrict < highestRr)
                fs.push_back(exportFinding(Severity::Error, "LFP-EXPORT-NOT-EXPRESSIBLE", { n.name, policyObject(*pol) },
                    { { "what", "eos-strict-below-rr" }, { "fix", "eos-strict-below-rr-fix" }, { "strict_queue", fmt::format("{}", lowestStrict) },
                        { "rr_queue", fmt::format("{}", highestRr) } }));
            for (int q = 0; q < kPriorities; ++q) {
                const EtsQueue* e = etsOf(*pol, q);
                const EcnProfile* ecn = ecnOf(*pol, q);
                if (!e && !ecn)
                    continue;
                t.line("   !");
                t.line("   {} {}", qkw, q);
                if (e && e->mode == SchedulerMode::Strict)
                    t.line("      priority strict");
                else if (e) {
                    t.line("      no priority");
                    t.line("      bandwidth percent {}", e->weight);
                }
                if (ecn) {
                    const double pct = ecn->pmax * 100.0;
                    const long long whole = std::clamp<long long>(std::llround(pct), 1, 100);
                    if (std::abs(pct - static_cast<double>(whole)) > 1e-9)
                        fs.push_back(exportFinding(Severity::Info, "LFP-EXPORT-ROUNDED", { n.name, policyObject(*pol) },
                            { { "what", "eos-pmax" }, { "fix", "none-needed" }, { "profile", ecn->name }, { "planned", fmt::format("{:g}", pct) },
                                { "written", fmt::format("{}", whole) } },
                            { { "pmax", pct, "%", fmt::format("written {}", whole) } }));
                    // bytes, not kbytes: exact (kbytes' base is unverified, eos.md §2).
                    t.line("      random-detect ecn minimum-threshold {} bytes maximum-threshold {} bytes max-mark-probability {} weight 0", std::max<long long>(1, ecn->kmin.value()),
                        std::max<long long>(1, std::max(ecn->kmin.value(), ecn->kmax.value())), whole);
                }
            }
            t.line("   !");
            if (!pol->losslessPriorities.empty()) {
                t.line("   priority-flow-control on");
                for (int p : pol->losslessPriorities)
                    t.line("   priority-flow-control priority {} no-drop", p);
                if (pol->watchdog.enabled) {
                    const double det = pol->watchdog.detection.value() / 1e6, rec = pol->watchdog.restoration.value() / 1e6;
                    const std::string detS = seconds(det, 2), recS = seconds(rec, 2);
                    if (std::abs(std::stod(detS) * 1000 - det) > 1e-6 || std::abs(std::stod(recS) * 1000 - rec) > 1e-6)
                        fs.push_back(exportFinding(Severity::Info, "LFP-EXPORT-ROUNDED", { n.name, policyObject(*pol) },
                            { { "what", "eos-watchdog" }, { "fix", "none-needed" }, { "detection", fmt::format("{:g}", det) },
                                { "restoration", fmt::format("{:g}", rec) }, { "written_detection", fmt::format("{}", detS) },
                                { "written_restoration", fmt::format("{}", recS) } }));
                    const char* action = pol->watchdog.action == WatchdogAction::Drop ? "drop" : "notify-only";
                    if (pol->watchdog.action == WatchdogAction::Forward)
                        fs.push_back(exportFinding(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { n.name, policyObject(*pol) },
                            { { "what", "eos-watchdog-forward" }, { "fix", "eos-watchdog-forward-fix" } }));
                    t.line("   priority-flow-control pause watchdog");
                    t.line("   priority-flow-control pause watchdog port action {}", action);
                    t.line("   priority-flow-control pause watchdog port timer timeout {} polling-interval auto recovery-time {}", detS, recS);
                }
            }
            t.line("!");
        }

        // ---- interfaces
        static const std::regex eosName("(Ethernet|Port-Channel)[1-9][0-9]*(/[1-9][0-9]*){0,2}");
        for (const auto& p : d.ports) {
            if (!p.policy)
                continue;
            if (!std::regex_match(p.port->name, eosName))
                fs.push_back(exportFinding(Severity::Warning, "LFP-EXPORT-PORT-NAME", { portObject(d, p) },
                    { { "what", "eos" }, { "fix", "eos-fix" } }));
            t.line("interface {}", p.port->name);
            if (p.link)
                t.line("   description {}:{}", p.peer.node, p.peer.port);
            if (p.port->mtu < 68 || p.port->mtu > 65535)
                fs.push_back(exportFinding(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { portObject(d, p) },
                    { { "what", "eos-mtu" }, { "fix", "mtu-fix" }, { "mtu", fmt::format("{}", p.port->mtu) } }));
            t.line("   mtu {}", std::clamp(p.port->mtu, 68, 65535));
            writeSpeedFec(t, fs, d, p);
            t.line("   service-profile {}", p.policy->name);
            t.line("!");
        }

        // ---- global maps
        if (mapPolicy) {
            for (const auto& [tc, dscps] : dscpByTc(*mapPolicy)) {
                for (std::size_t i = 0; i < dscps.size(); i += 8) {
                    std::vector<int> chunk(dscps.begin() + static_cast<std::ptrdiff_t>(i), dscps.begin() + static_cast<std::ptrdiff_t>(std::min(dscps.size(), i + 8)));
                    t.line("qos map dscp {} to traffic-class {}", joinInts(chunk, " "), tc);
                }
            }
        }
        if (!d.policies.empty()) {
            const QosPolicy& first = *d.policies.front();
            for (int tc = 0; tc < kPriorities; ++tc)
                if (first.tcToQueue[static_cast<std::size_t>(tc)] != tc)
                    t.line("qos map traffic-class {} to tx-queue {}", tc, first.tcToQueue[static_cast<std::size_t>(tc)]);
            t.line("!");
            // Global watchdog defaults from the first policy with a watchdog.
            for (const QosPolicy* pol : d.policies)
                if (pol->watchdog.enabled && !pol->losslessPriorities.empty()) {
                    const double det = pol->watchdog.detection.value() / 1e6, rec = pol->watchdog.restoration.value() / 1e6;
                    t.line("priority-flow-control pause watchdog default timeout {}", seconds(det, 2));
                    t.line("priority-flow-control pause watchdog default recovery-time {}", seconds(rec, 2));
                    // polling ≤ min(timeout, recovery)/2 (eos.md §2), three decimals.
                    t.line("priority-flow-control pause watchdog default polling-interval {}", seconds(std::floor(std::min(det, rec) / 2.0), 3));
                    t.line("priority-flow-control pause watchdog action {}", pol->watchdog.action == WatchdogAction::Drop ? "drop" : "no-drop");
                    break;
                }
        }
        t.line("end");
        out.files[n.name + ".eos.cfg"] = t.take();
        return out;
    }
} // namespace

std::unique_ptr<Exporter> makeEosExporter() { return std::make_unique<EosExporter>(); }

} // namespace lfp
