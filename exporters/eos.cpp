// SPDX-License-Identifier: GPL-3.0-or-later
// Arista EOS: one qos profile per policy applied with service-profile, the global DSCP map and the PFC
// watchdog, following ../shared/guide/vendors/eos.md (the shapes AVD's eos_cli_config_gen templates
// render: qos.j2, qos-profiles.j2, priority-flow-control.j2, ethernet-interfaces.j2 @ 3cac535c).
// Two target releases (docs/export.md §Target releases): 4.34 in the order those AVD 5 templates render;
// 4.35 in EOS 4.35's running-config order as AVD 6 renders it (aristanetworks/avd pull requests 6318 and
// 6460, issue 6402: the profile's PFC lines before its tx-queues, the global PFC lines right after the
// qos maps) and without the global watchdog action `no-drop` (avd pull request 6400, issue 6399).
// docs/export.md §eos.
#include "renderutil.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <regex>
#include <set>

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
    void writeSpeedFec(Text& t, DeviceExport& out, const DevicePlan& d, const PortPlan& p)
    {
        const long long bps = p.speed.value();
        if (bps > 0 && bps % 1'000'000'000LL == 0) {
            const long long g = bps / 1'000'000'000LL;
            if (g >= 50)
                t.line("   speed {}g-{}", g, std::max(1, p.lanes));
            else
                t.line("   speed forced {}gfull", g);
        } else if (bps > 0) {
            out.finding(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { portName(d, p) },
                { { "what", "eos-speed" }, { "fix", "eos-speed-fix" }, { "speed", formatSpeed(p.speed) } });
        }
        const bool pam4 = bps / std::max(1, p.lanes) >= 50'000'000'000LL; // 50G+ per lane is PAM4
        switch (p.fec) {
        case Fec::None:
            t.line("   no error-correction encoding");
            break;
        case Fec::FireCode:
            t.line("   error-correction encoding fire-code");
            break;
        case Fec::Rs528:
        case Fec::Rs544:
            // `reed-solomon` carries no code: the port runs RS(544,514) on PAM4 lanes, RS(528,514) otherwise.
            if ((p.fec == Fec::Rs528 && pam4) || (p.fec == Fec::Rs544 && !pam4))
                out.finding(Severity::Warning, "LFP-EXPORT-FEC-NOT-EXPRESSIBLE", { portName(d, p) },
                    { { "what", "eos-rs" }, { "fix", "rs-fix" }, { "speed", formatSpeed(p.speed) }, { "runs", pam4 ? "RS(544,514)" : "RS(528,514)" },
                        { "planned", toString(p.fec) } });
            t.line("   error-correction encoding reed-solomon");
            break;
        case Fec::Unknown:
            break;
        }
    }

    class EosExporter : public Exporter {
    public:
        bool writesDscpRewrite() const override { return true; } // by class (PolicyPlan::tcRemark)
        std::string id() const override { return "eos"; }
        std::vector<TargetRelease> releases() const override
        {
            return { { "4.35",
                         "Arista EOS 4.35 (running-config order of 4.35.0F/4.35.1F as AVD 6 eos_cli_config_gen renders it: a qos profile's "
                         "priority-flow-control lines before its tx-queues, the global priority-flow-control lines right after the qos maps, "
                         "avd pull requests 6318 and 6460; no global watchdog action no-drop, avd pull request 6400)" },
                { "4.34", "Arista EOS 4.34 (the AVD 5 eos_cli_config_gen templates the guide cites, ../shared/guide/vendors/eos.md, @ 3cac535c)" } };
        }
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

    /// One device's EOS config, written section by section from its plan (eos.md §2–§3; AVD's qos.j2,
    /// qos-profiles.j2, priority-flow-control.j2, ethernet-interfaces.j2 are the sections' shapes).
    class EosWriter : DeviceWriter {
    public:
        EosWriter(const DevicePlan& d, DeviceExport& out, bool eos435)
            : DeviceWriter(d, out)
            , m_qkw(queueKeyword(*d.node))
            , m_435(eos435)
        {
        }
        /// The config after the skeleton's two header lines.
        std::string write(const std::string& header)
        {
            m_t.raw(header);
            m_t.line("!");
            checkPolicies();
            for (const auto& pol : policies())
                profile(*pol);
            for (const auto& p : m_d.ports)
                if (p.qos)
                    interface(p);
            globalMaps();
            m_t.line("end");
            return m_t.take();
        }

    private:
        const std::string m_qkw;
        /// Release 4.35: EOS 4.35's running-config order and AVD 6's watchdog actions (see the file comment).
        const bool m_435;
        /// The policy whose DSCP map is written (global on EOS): the governing one when it trusts DSCP,
        /// else the first that does.
        const PolicyPlan* m_mapPolicy = nullptr;

        void checkPolicies();
        void profile(const PolicyPlan& pol);
        void checkStrictBelowRr(const PolicyPlan& pol);
        void queue(const PolicyPlan& pol, const QueuePlan& q);
        void strictBound(const PolicyPlan& pol, const QueuePlan& q);
        void pfc(const PolicyPlan& pol);
        void interface(const PortPlan& p);
        void globalMaps();
        void rewrite();
        void watchdogDefaults(const PolicyPlan& pol);
    };

    /// What EOS cannot say per profile: one global DSCP → traffic-class map (qos.j2 `qos map dscp … to
    /// traffic-class …`), one global traffic-class → tx-queue map (the governing policy's), no per-PG
    /// headroom.
    void EosWriter::checkPolicies()
    {
        if (m_d.governing && m_d.governing->trust == TrustMode::Dscp)
            m_mapPolicy = m_d.governing.get();
        for (const auto& pol : policies())
            if (!m_mapPolicy && pol->trust == TrustMode::Dscp)
                m_mapPolicy = pol.get();
        for (const auto& pol : policies())
            if (pol->trust == TrustMode::Dscp && pol.get() != m_mapPolicy && pol->dscpToTc != m_mapPolicy->dscpToTc)
                note(Severity::Error, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name), policyObject(*m_mapPolicy), policyObject(*pol) },
                    { { "what", "eos-dscp-map" }, { "fix", "eos-dscp-map-fix" }, { "written_policy", m_mapPolicy->name }, { "policy", pol->name },
                        { "switch", m_d.name } },
                    {}, { facts::policy(*pol, facts::kDscpMap) });
        for (const auto& pol : policies()) {
            // The governing policy's TC → tx-queue map applies to every port: a policy with another map
            // loses its own (also an identity map under a remapping governing policy).
            bool same = true;
            for (std::size_t tc = 0; tc < pol->classes.size(); ++tc)
                same &= pol->classes[tc].queue == m_d.governing->classes[tc].queue;
            if (!same)
                note(Severity::Error, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name), policyObject(*pol) }, { { "what", "eos-tc-queue" }, { "fix", "eos-tc-queue-fix" } });
            note(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name), policyObject(*pol) }, { { "what", "eos-pg-headroom" }, { "fix", "eos-pg-headroom-fix" } }, {},
                pgHeadroomFacts(m_d, *pol));
        }
    }

    void EosWriter::profile(const PolicyPlan& pol)
    {
        m_t.line("qos profile {}", pol.name);
        m_t.line("   qos trust {}", pol.trust == TrustMode::Dscp ? "dscp" : "cos");
        checkStrictBelowRr(pol);
        // 4.35: the profile's own lines (PFC, watchdog) before its tx-queue sub-blocks (EOS 4.35.0F order,
        // avd pull request 6318: qos-profiles.j2 renders the priority-flow-control block before
        // service-policy and the tx-queues). 4.34: after them, behind a "   !" (AVD 5 qos-profiles.j2).
        if (m_435 && !pol.losslessPriorities.empty())
            pfc(pol);
        for (const QueuePlan& q : pol.queues)
            if (q.mode || q.ecn)
                queue(pol, q);
        if (!m_435) {
            m_t.line("   !");
            if (!pol.losslessPriorities.empty())
                pfc(pol);
        }
        m_t.line("!");
    }

    /// Round-robin queues must sit below every strict queue: `no priority` on queue N makes N and the
    /// queues under it round-robin (EOS QoS chapter, eos.md §2).
    void EosWriter::checkStrictBelowRr(const PolicyPlan& pol)
    {
        int highestRr = -1, lowestStrict = 99;
        for (const QueuePlan& q : pol.queues) {
            if (q.mode == SchedulerMode::Strict)
                lowestStrict = std::min(lowestStrict, q.queue);
            else if (q.mode)
                highestRr = std::max(highestRr, q.queue);
        }
        if (lowestStrict < highestRr)
            note(Severity::Error, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name), policyObject(pol) },
                { { "what", "eos-strict-below-rr" }, { "fix", "eos-strict-below-rr-fix" }, { "strict_queue", fmt::format("{}", lowestStrict) },
                    { "rr_queue", fmt::format("{}", highestRr) } });
    }

    /// A strict tx-queue bounded by the plan: `shape rate N percent` under the tx-queue of the qos profile
    /// (AVD eos_cli_config_gen qos_profiles.[].tx_queues.[].shape.rate, "1-100 percent"; qos-profiles.j2
    /// renders `shape rate <rate>`). Unbounded: LFP-EXPORT-STRICT-UNBOUNDED (error).
    void EosWriter::strictBound(const PolicyPlan& pol, const QueuePlan& q)
    {
        if (const auto bound = q.strictBoundPercent())
            m_t.line("      shape rate {} percent", *bound);
        else
            note(Severity::Error, "LFP-EXPORT-STRICT-UNBOUNDED", { ObjectRef::forNode(m_d.name), policyObject(pol) }, { { "queue", fmt::format("{}", q.queue) }, { "policy", pol.name } });
    }

    void EosWriter::queue(const PolicyPlan& pol, const QueuePlan& q)
    {
        m_t.line("   !");
        m_t.line("   {} {}", m_qkw, q.queue);
        if (q.mode == SchedulerMode::Strict) {
            m_t.line("      priority strict");
            strictBound(pol, q);
        } else if (q.mode) {
            m_t.line("      no priority");
            m_t.line("      bandwidth percent {}", q.weight);
        }
        if (!q.ecn)
            return;
        const EcnPlan& ecn = *q.ecn;
        // max-mark-probability: whole percent 1..100.
        const WholePercent pct = wholePercent(ecn.pmax, 1, 100);
        if (!pct.exact)
            note(Severity::Info, "LFP-EXPORT-ROUNDED", { ObjectRef::forNode(m_d.name), policyObject(pol) },
                { { "what", "eos-pmax" }, { "fix", "none-needed" }, { "profile", ecn.profile }, { "planned", fmt::format("{:g}", pct.planned) },
                    { "written", fmt::format("{}", pct.value) } },
                { { "pmax", pct.planned, "%", fmt::format("written {}", pct.value) } });
        // bytes, not kbytes: exact (kbytes' base is unverified, eos.md §2); at least 1 B, the maximum not below the minimum.
        const long long kmin = std::max<long long>(1, ecn.kmin.value()), kmax = std::max<long long>(kmin, ecn.kmax.value());
        if (kmin != ecn.kmin.value() || kmax != ecn.kmax.value())
            note(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { ObjectRef::forNode(m_d.name), policyObject(pol) },
                { { "what", "ecn-thresholds" }, { "fix", "ecn-thresholds-fix" }, { "target", "EOS" }, { "profile", ecn.profile },
                    { "kmin", fmt::format("{}", ecn.kmin.value()) }, { "kmax", fmt::format("{}", ecn.kmax.value()) }, { "written", fmt::format("{} / {} B", kmin, kmax) } },
                {}, { facts::queue(pol, q.queue, facts::kEcn) });
        m_t.line("      random-detect ecn minimum-threshold {} bytes maximum-threshold {} bytes max-mark-probability {} weight 0", kmin, kmax, pct.value);
    }

    /// PFC no-drop priorities and the per-profile watchdog (timers in seconds, two decimals).
    void EosWriter::pfc(const PolicyPlan& pol)
    {
        m_t.line("   priority-flow-control on");
        for (int p : pol.losslessPriorities)
            m_t.line("   priority-flow-control priority {} no-drop", p);
        const WatchdogPlan& wd = pol.watchdog;
        if (!wd.active)
            return;
        const double det = ms(wd.detection), rec = ms(wd.restoration);
        const std::string detS = seconds(det, 2), recS = seconds(rec, 2);
        if (std::abs(std::stod(detS) * 1000 - det) > 1e-6 || std::abs(std::stod(recS) * 1000 - rec) > 1e-6)
            note(Severity::Info, "LFP-EXPORT-ROUNDED", { ObjectRef::forNode(m_d.name), policyObject(pol) },
                { { "what", "eos-watchdog" }, { "fix", "none-needed" }, { "detection", fmt::format("{:g}", det) }, { "restoration", fmt::format("{:g}", rec) },
                    { "written_detection", fmt::format("{}", detS) }, { "written_restoration", fmt::format("{}", recS) } });
        const char* action = wd.action == WatchdogAction::Drop ? "drop" : "notify-only";
        if (wd.action == WatchdogAction::Forward)
            note(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name), policyObject(pol) },
                { { "what", "eos-watchdog-forward" }, { "fix", "eos-watchdog-forward-fix" } }, {}, watchdogFacts(pol, { facts::kWatchdogAction }));
        m_t.line("   priority-flow-control pause watchdog");
        m_t.line("   priority-flow-control pause watchdog port action {}", action);
        m_t.line("   priority-flow-control pause watchdog port timer timeout {} polling-interval auto recovery-time {}", detS, recS);
    }

    void EosWriter::interface(const PortPlan& p)
    {
        static const std::regex eosName("(Ethernet|Port-Channel)[1-9][0-9]*(/[1-9][0-9]*){0,2}");
        if (!std::regex_match(p.name, eosName))
            note(Severity::Warning, "LFP-EXPORT-PORT-NAME", { portName(m_d, p) }, { { "what", "eos" }, { "fix", "eos-fix" } });
        m_t.line("interface {}", p.name);
        if (p.active)
            m_t.line("   description {}:{}", p.peer.node, p.peer.port);
        // EOS accepts mtu 68..65535.
        if (p.mtu < 68 || p.mtu > 65535)
            note(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { portName(m_d, p) }, { { "what", "eos-mtu" }, { "fix", "mtu-fix" }, { "mtu", fmt::format("{}", p.mtu) } }, {},
                portFacts(p, facts::kMtu));
        m_t.line("   mtu {}", std::clamp(p.mtu, 68, 65535));
        writeSpeedFec(m_t, m_out, m_d, p);
        m_t.line("   service-profile {}", p.qos->name);
        m_t.line("!");
    }

    /// The global DSCP → traffic-class map (eight DSCPs a line), the governing policy's traffic-class →
    /// tx-queue map, and the watchdog defaults.
    void EosWriter::globalMaps()
    {
        if (m_mapPolicy)
            for (const ClassPlan& c : m_mapPolicy->classes)
                for (std::size_t i = 0; i < c.dscp.size(); i += 8) {
                    const std::vector<int> chunk(c.dscp.begin() + static_cast<std::ptrdiff_t>(i),
                        c.dscp.begin() + static_cast<std::ptrdiff_t>(std::min(c.dscp.size(), i + 8)));
                    m_t.line("qos map dscp {} to traffic-class {}", joinInts(chunk, " "), c.tc);
                }
        if (!m_d.governing)
            return;
        for (const ClassPlan& c : m_d.governing->classes)
            if (c.queue != c.tc)
                m_t.line("qos map traffic-class {} to tx-queue {}", c.tc, c.queue);
        rewrite();
        // 4.35: the global priority-flow-control lines follow the qos maps with no "!" between (EOS 4.35.1F
        // running-config, avd issue 6402, fixed by avd pull request 6460); 4.34: a block of their own
        // behind a "!" (AVD 5 eos-intended-config.j2 renders priority-flow-control.j2 after the class- and
        // policy-maps, the template starting with "!").
        if (m_435) {
            if (m_d.watchdogPolicy)
                watchdogDefaults(*m_d.watchdogPolicy);
            m_t.line("!");
        } else {
            m_t.line("!");
            if (m_d.watchdogPolicy)
                watchdogDefaults(*m_d.watchdogPolicy);
        }
    }

    /// The egress DSCP rewrite (PolicyPlan::tcRemark): EOS remarks by traffic class with one global map,
    /// `qos map traffic-class <tc> to dscp <dscp>`, enabled by `qos rewrite dscp` (Arista AVD
    /// eos_cli_config_gen qos.j2: `qos rewrite dscp`, `qos map traffic-class … to dscp …`). A class is
    /// written when every port with a policy remarks it alike; a class the ports remark differently, or
    /// not at all on some, is a finding and nothing of it is written.
    void EosWriter::rewrite()
    {
        std::vector<std::pair<int, int>> lines; // (tc, dscp)
        for (int tc = 0; tc < kPriorities; ++tc) {
            std::set<std::optional<int>> seen;
            bool ruled = false;
            for (const auto& p : m_d.ports)
                if (p.qos) {
                    const auto& d = p.qos->tcRemark[static_cast<std::size_t>(tc)];
                    seen.insert(d);
                    ruled = ruled || d;
                }
            if (!ruled)
                continue;
            if (seen.size() == 1)
                lines.emplace_back(tc, **seen.begin());
            else
                note(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name) }, { { "what", "eos-dscp-rewrite-global" }, { "fix", "eos-dscp-rewrite-global-fix" },
                    { "switch", m_d.name }, { "tc", fmt::format("{}", tc) } });
        }
        for (const auto& pol : policies())
            for (const auto& rule : pol->dscpRewriteNotByClass)
                note(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name), policyObject(*pol) },
                    { { "what", "dscp-rewrite-by-class" }, { "fix", "dscp-rewrite-by-class-fix" }, { "target", "EOS" }, { "from", fmt::format("{}", rule.from) },
                        { "to", fmt::format("{}", rule.to) }, { "tc", fmt::format("{}", rule.tc) }, { "policy", pol->name } },
                    {}, { facts::rewrite(*pol, rule.from) });
        if (lines.empty())
            return;
        m_t.line("qos rewrite dscp");
        for (const auto& [tc, dscp] : lines)
            m_t.line("qos map traffic-class {} to dscp {}", tc, dscp);
    }

    /// Global watchdog defaults from the plan's watchdog policy.
    void EosWriter::watchdogDefaults(const PolicyPlan& pol)
    {
        const double det = ms(pol.watchdog.detection), rec = ms(pol.watchdog.restoration);
        m_t.line("priority-flow-control pause watchdog default timeout {}", seconds(det, 2));
        m_t.line("priority-flow-control pause watchdog default recovery-time {}", seconds(rec, 2));
        // polling ≤ min(timeout, recovery)/2 (eos.md §2), three decimals.
        m_t.line("priority-flow-control pause watchdog default polling-interval {}", seconds(std::floor(std::min(det, rec) / 2.0), 3));
        // The global action takes drop or no-drop in AVD 5 (priority_flow_control.schema.yml @ 3cac535c);
        // AVD 6 removed no-drop, "not supported by the EOS CLI" (avd pull request 6400, issue 6399: "%
        // Unavailable command (not supported on this hardware platform)"). On 4.35 a non-drop action writes
        // no global action: every qos profile with a watchdog carries its own `port action` (pfc()), which
        // is what the plan's ports use, so no planned fact is lost.
        if (pol.watchdog.action == WatchdogAction::Drop)
            m_t.line("priority-flow-control pause watchdog action drop");
        else if (!m_435)
            m_t.line("priority-flow-control pause watchdog action no-drop");
    }

    DeviceExport EosExporter::exportDevice(const ExportContext& ctx, const DevicePlan& d) const
    {
        DeviceExport out;
        (void)reportNoPolicy(d, out);
        out.files[fileName(d, ".eos.cfg")] = EosWriter(d, out, release(ctx) == "4.35").write(headerLines(ctx, d, "!", "Arista EOS lossless RoCE configuration", "../shared/guide/vendors/eos.md"));
        return out;
    }
} // namespace

std::unique_ptr<Exporter> makeEosExporter() { return std::make_unique<EosExporter>(); }

} // namespace lfp
