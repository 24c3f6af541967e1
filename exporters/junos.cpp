// SPDX-License-Identifier: GPL-3.0-or-later
// Juniper Junos / Junos Evolved (QFX5100…QFX5240), set form: forwarding classes (no-loss pfc-priority),
// DSCP classifiers, one congestion-notification profile per lossless policy (input dscp … pfc, cable
// length, output flow-control-queue, PFC watchdog), ECN through drop profiles (fill level in percent
// of the queue buffer) and the scheduler's explicit-congestion-notification, schedulers and scheduler
// maps, the shared-buffer partitions and the interfaces, following ../shared/guide/vendors/junos.md §1
// (Juniper CLI reference, DSCP-based PFC and PFC watchdog pages, a QFX5240 AI-fabric config).
// docs/export.md §junos.
#include "renderutil.h"

#include <algorithm>
#include <cmath>
#include <regex>

namespace lfp {
namespace {
    using namespace exp;

    /// A 6-bit DSCP or 3-bit 802.1p code point as Junos writes it (26 → 011010, 3 → 011).
    std::string bits(int v, int width)
    {
        std::string s;
        for (int i = width - 1; i >= 0; --i)
            s += ((v >> i) & 1) ? '1' : '0';
        return s;
    }

    class JunosExporter : public Exporter {
    public:
        std::string id() const override { return "junos"; }
        std::vector<TargetRelease> releases() const override
        {
            return { { "23.4R2",
                         "Junos OS 23.4R2 (QFX5100…QFX5220): a strict-high queue is bounded by shaping-rate (Juniper \"shaping-rate\": on QFX5100/5200 always shape "
                         "strict-high queues; transmit-rate there is a minimum), the PFC watchdog action per congestion-notification profile" },
                { "23.4R2-EVO",
                    "Junos OS Evolved 23.4R2 (QFX5230/QFX5240): a strict-high queue is bounded by transmit-rate (Juniper's AI/ML backend JVD, QFX5240; "
                    "\"transmit-rate\": on a strict-high queue it limits the strict traffic), the PFC watchdog action is global (Juniper AI/ML Evo \"PFC "
                    "Watchdog\": all ports the same, default drop), so no per-profile watchdog-action is written" } };
        }
        std::string description() const override
        {
            return "Juniper Junos (QFX) set form per switch: forwarding classes, DSCP classifiers, congestion-notification profiles, ECN drop profiles, schedulers, "
                   "shared buffer, interfaces";
        }
        NameRule nameRule(NameKind kind) const override
        {
            NameRule r = Exporter::nameRule(kind);
            if (kind == NameKind::Policy || kind == NameKind::EcnProfile) {
                // Object names get suffixes ("-CNP", "-DSCP", "-SM", "-Q7", policy + ECN name): kept well
                // inside Junos's 64-character identifiers.
                r.allowedPunctuation = "-_";
                r.maxLength = 28;
                r.why = "letters, digits, '-' and '_' (Junos CoS object names, with the exporter's suffixes)";
            }
            return r;
        }

    protected:
        DeviceExport exportDevice(const ExportContext& ctx, const DevicePlan& d) const override;
    };

    const std::string kCos = "set class-of-service";

    /// One device's Junos set form, written section by section from its plan (junos.md §1–§3).
    class JunosWriter : DeviceWriter {
    public:
        JunosWriter(const DevicePlan& d, DeviceExport& out, bool evolved)
            : DeviceWriter(d, out)
            , m_evo(evolved)
        {
        }
        /// The set form after the skeleton's two header lines.
        std::string write(const std::string& header)
        {
            m_t.raw(header);
            if (policies().empty())
                return m_t.take();
            // The forwarding classes are global: their queues are the governing policy's.
            m_fcPolicy = m_d.governing.get();
            forwardingClasses();
            for (const auto& pol : policies())
                policy(*pol);
            sharedBuffer();
            for (const auto& p : m_d.ports)
                if (p.qos)
                    interface(p);
            trailer();
            return m_t.take();
        }

    private:
        const bool m_evo; ///< Junos OS Evolved (release 23.4R2-EVO): transmit-rate bounds, global watchdog action
        const PolicyPlan* m_fcPolicy = nullptr; ///< its class → queue map is the forwarding classes'
        std::set<int> m_tcs; ///< the traffic classes used (one forwarding class each)

        static std::string fc(int tc) { return fmt::format("TC{}", tc); }
        void forwardingClasses();
        void policy(const PolicyPlan& pol);
        void cnp(const PolicyPlan& pol);
        void cableLength(const PolicyPlan& pol, const std::string& cnp);
        void watchdog(const PolicyPlan& pol, const std::string& cnp);
        void dropProfile(const PolicyPlan& pol, const EcnPlan& e);
        void schedulers(const PolicyPlan& pol);
        void scheduler(const PolicyPlan& pol, const QueuePlan& q);
        [[nodiscard]] static bool hasScheduler(const QueuePlan& q) { return q.mode || q.ecn || q.lossless; }
        void sharedBuffer();
        void interface(const PortPlan& p);
        void trailer();
    };

    /// Forwarding classes: global, one per traffic class used (by a DSCP or as a no-drop priority).
    void JunosWriter::forwardingClasses()
    {
        std::set<int> lossless;
        for (const auto& pol : policies()) {
            for (const ClassPlan& c : pol->classes)
                if (!c.dscp.empty() || c.lossless)
                    m_tcs.insert(c.tc);
            lossless.insert(pol->losslessPriorities.begin(), pol->losslessPriorities.end());
            bool sameQueues = true;
            for (std::size_t tc = 0; tc < pol->classes.size(); ++tc)
                sameQueues &= pol->classes[tc].queue == m_fcPolicy->classes[tc].queue;
            if (!sameQueues)
                note(Severity::Error, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name), policyObject(*m_fcPolicy), policyObject(*pol) },
                    { { "what", "junos-tc-queue" }, { "fix", "junos-tc-queue-fix" }, { "written_policy", m_fcPolicy->name }, { "policy", pol->name } });
        }
        for (int tc : m_tcs) {
            const int q = m_fcPolicy->classes[static_cast<std::size_t>(tc)].queue;
            if (lossless.count(tc))
                m_t.line("{} forwarding-classes class {} queue-num {} no-loss pfc-priority {}", kCos, fc(tc), q, tc);
            else
                m_t.line("{} forwarding-classes class {} queue-num {}", kCos, fc(tc), q);
        }
    }

    /// One policy: its DSCP classifier, congestion-notification profile, ECN drop profiles, schedulers.
    void JunosWriter::policy(const PolicyPlan& pol)
    {
        if (pol.trust != TrustMode::Dscp)
            note(Severity::Error, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name), policyObject(pol) }, { { "what", "junos-pcp-trust" }, { "fix", "junos-pcp-trust-fix" } });
        for (int dscp = 0; dscp < kDscpValues; ++dscp)
            m_t.line("{} classifiers dscp {}-DSCP forwarding-class {} loss-priority low code-points {}", kCos, pol.name,
                fc(pol.dscpToTc[static_cast<std::size_t>(dscp)]), bits(dscp, 6));
        if (!pol.losslessPriorities.empty())
            cnp(pol);
        for (const auto& e : pol.ecnProfiles)
            dropProfile(pol, e);
        schedulers(pol);
    }

    /// The congestion-notification profile of a lossless policy: input DSCPs with PFC, cable length,
    /// output flow-control queues (an explicit output replaces the default (3,4), junos.md §2), watchdog.
    void JunosWriter::cnp(const PolicyPlan& pol)
    {
        const std::string cnp = pol.name + "-CNP";
        for (int dscp = 0; dscp < kDscpValues; ++dscp)
            if (pol.isLossless(pol.dscpToTc[static_cast<std::size_t>(dscp)]))
                m_t.line("{} congestion-notification-profile {} input dscp code-point {} pfc", kCos, cnp, bits(dscp, 6));
        cableLength(pol, cnp);
        for (int p : pol.losslessPriorities)
            m_t.line("{} congestion-notification-profile {} output ieee-802.1 code-point {} flow-control-queue {}", kCos, cnp, bits(p, 3),
                pol.classes[static_cast<std::size_t>(p)].queue);
        if (pol.watchdog.active)
            watchdog(pol, cnp);
    }

    /// input cable-length: the policy's longest cable on this device in whole metres, rounded up.
    void JunosWriter::cableLength(const PolicyPlan& pol, const std::string& cnp)
    {
        const double longest = pol.longestCable.value();
        const long long metres = std::max<long long>(1, static_cast<long long>(std::ceil(longest - 1e-9)));
        if (std::abs(static_cast<double>(metres) - longest) > 1e-9)
            note(Severity::Info, "LFP-EXPORT-ROUNDED", { ObjectRef::forNode(m_d.name), policyObject(pol) },
                { { "what", "junos-cable" }, { "fix", "none-needed" }, { "planned", fmt::format("{:g}", longest) }, { "written", fmt::format("{}", metres) } },
                { { "cable", longest, "m", fmt::format("written {}", metres) } });
        m_t.line("{} congestion-notification-profile {} input cable-length {}", kCos, cnp, metres);
    }

    /// pfc-watchdog: detection = N polls of T ms (defaults 2 / 100 / 200, junos.md §2), recovery in ms.
    void JunosWriter::watchdog(const PolicyPlan& pol, const std::string& cnp)
    {
        const WatchdogPlan& wd = pol.watchdog;
        const double det = ms(wd.detection), rec = ms(wd.restoration);
        const long long poll = std::clamp<long long>(std::llround(std::min(100.0, det)), 1, 100);
        const long long polls = std::max<long long>(1, std::llround(det / static_cast<double>(poll)));
        const long long recMs = std::max<long long>(1, std::llround(rec));
        if (std::abs(static_cast<double>(poll * polls) - det) > 1e-6 || std::abs(static_cast<double>(recMs) - rec) > 1e-6)
            note(Severity::Info, "LFP-EXPORT-ROUNDED", { ObjectRef::forNode(m_d.name), policyObject(pol) },
                { { "what", "junos-watchdog" }, { "fix", "none-needed" }, { "detection", fmt::format("{:g}", det) }, { "restoration", fmt::format("{:g}", rec) },
                    { "polls", fmt::format("{}", polls) }, { "poll", fmt::format("{}", poll) }, { "written_restoration", fmt::format("{}", recMs) } },
                { { "detection", det, "ms", fmt::format("written {} ms", poll * polls) } });
        m_t.line("{} congestion-notification-profile {} pfc-watchdog poll-interval {}", kCos, cnp, poll);
        m_t.line("{} congestion-notification-profile {} pfc-watchdog detection {}", kCos, cnp, polls);
        m_t.line("{} congestion-notification-profile {} pfc-watchdog recovery {}", kCos, cnp, recMs);
        // Junos Evolved (QFX5230/5240): the recovery action is global, default drop (Juniper AI/ML Evo
        // "PFC Watchdog"); a per-profile watchdog-action is not written there.
        if (wd.action == WatchdogAction::Drop && !m_evo)
            m_t.line("{} congestion-notification-profile {} pfc-watchdog watchdog-action drop", kCos, cnp);
        else if (wd.action != WatchdogAction::Drop)
            note(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name), policyObject(pol) },
                { { "what", "junos-watchdog-action" }, { "fix", "junos-watchdog-action-fix" }, { "action", toString(wd.action) } }, {},
                watchdogFacts(pol, { facts::kWatchdogAction }));
    }

    /// An ECN drop profile: fill level in whole percent of the queue buffer the plan gives the thresholds
    /// as fractions of (junos.md §3: "convert Kmin/Kmax using the platform's per-queue buffer (the planner
    /// must know it, or emit a warning)"): nearest; the low level ≥ 0, the high level above the low, ≤ 100.
    void JunosWriter::dropProfile(const PolicyPlan& pol, const EcnPlan& e)
    {
        if (!e.queueBuffer || !e.kminFraction || !e.kmaxFraction) {
            note(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name), policyObject(pol) },
                { { "what", "junos-ecn-no-buffer" }, { "fix", "junos-ecn-no-buffer-fix" }, { "profile", e.profile } }, {},
                facts::join(ecnFacts(pol, e.profile), ecnFacts(pol, e.profile, facts::kEcnProbability)));
            return;
        }
        const double qb = static_cast<double>(e.queueBuffer->value());
        const PercentThresholds pt = percentThresholds(e, 0);
        const double lo = pt.low, hi = pt.high;
        const long long loP = pt.lowWritten, hiP = pt.highWritten;
        if (!pt.exact)
            note(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { ObjectRef::forNode(m_d.name), policyObject(pol) },
                { { "what", "ecn-thresholds" }, { "fix", "ecn-thresholds-fix" }, { "target", "Junos" }, { "profile", e.profile },
                    { "kmin", fmt::format("{}", e.kmin.value()) }, { "kmax", fmt::format("{}", e.kmax.value()) },
                    { "written", fmt::format("fill-level [ {} {} ] % of the {} B queue buffer", loP, hiP, e.queueBuffer->value()) } },
                {}, ecnFacts(pol, e.profile));
        const long long prob = std::clamp<long long>(std::llround(e.pmax * 100.0), 0, 100);
        note(Severity::Info, "LFP-EXPORT-ROUNDED", { ObjectRef::forNode(m_d.name), policyObject(pol) },
            { { "what", "junos-ecn-percent" }, { "fix", "junos-ecn-percent-fix" }, { "profile", e.profile }, { "queue_buffer", fmt::format("{}", e.queueBuffer->value()) },
                { "kmin", fmt::format("{}", e.kmin.value()) }, { "kmax", fmt::format("{}", e.kmax.value()) }, { "kmin_percent", fmt::format("{:.2f}", lo) },
                { "kmax_percent", fmt::format("{:.2f}", hi) }, { "written_kmin_percent", fmt::format("{}", loP) }, { "written_kmax_percent", fmt::format("{}", hiP) },
                { "written_kmin", fmt::format("{}", std::llround(qb * static_cast<double>(loP) / 100.0)) },
                { "written_kmax", fmt::format("{}", std::llround(qb * static_cast<double>(hiP) / 100.0)) }, { "probability", fmt::format("{}", prob) } },
            { { "kmin", static_cast<double>(e.kmin.value()), "B", fmt::format("written {} %", loP) },
                { "kmax", static_cast<double>(e.kmax.value()), "B", fmt::format("written {} %", hiP) },
                { "queue_buffer", qb, "B", "dtShareOne (planner/buffer/budget.h)" } });
        m_t.line("{} drop-profiles {}-{} interpolate fill-level [ {} {} ] drop-probability [ 0 {} ]", kCos, pol.name, e.profile, loP, hiP, prob);
    }

    /// Schedulers and the scheduler map of a policy: every queue with an ETS entry, ECN, or a lossless class.
    void JunosWriter::schedulers(const PolicyPlan& pol)
    {
        for (const QueuePlan& q : pol.queues)
            if (hasScheduler(q))
                scheduler(pol, q);
        for (int tc : m_tcs) {
            const int q = m_fcPolicy->classes[static_cast<std::size_t>(tc)].queue;
            if (q < 0 || q >= kPriorities)
                continue;
            if (hasScheduler(pol.queues[static_cast<std::size_t>(q)]))
                m_t.line("{} scheduler-maps {}-SM forwarding-class {} scheduler {}-Q{}", kCos, pol.name, fc(tc), pol.name, q);
        }
    }

    /// One scheduler. Strict: `priority strict-high` bounded by the plan's rate limit — `shaping-rate
    /// percent` on Junos OS (QFX5100/5200: "always apply a shaping rate to strict-high priority queues",
    /// Juniper "shaping-rate"), `transmit-rate percent` on Junos Evolved (the QFX5240 JVD's CNP queue;
    /// "transmit-rate": on a strict-high queue it limits the strict traffic); unbounded is an error
    /// (LFP-EXPORT-STRICT-UNBOUNDED). DWRR: `transmit-rate percent W`. A lossless queue without an ETS
    /// entry gets `priority low` and no rate: it is served with what the strict queues leave (Juniper
    /// "priority (Schedulers)"; the JVD's NO-LOSS scheduler has no transmit-rate).
    void JunosWriter::scheduler(const PolicyPlan& pol, const QueuePlan& q)
    {
        const std::string sch = fmt::format("{}-Q{}", pol.name, q.queue);
        if (q.mode == SchedulerMode::Strict) {
            m_t.line("{} schedulers {} priority strict-high", kCos, sch);
            if (const auto bound = q.strictBoundPercent())
                m_t.line("{} schedulers {} {} percent {}", kCos, sch, m_evo ? "transmit-rate" : "shaping-rate", *bound);
            else
                note(Severity::Error, "LFP-EXPORT-STRICT-UNBOUNDED", { ObjectRef::forNode(m_d.name), policyObject(pol) },
                    { { "queue", fmt::format("{}", q.queue) }, { "policy", pol.name } });
        } else if (q.mode)
            m_t.line("{} schedulers {} transmit-rate percent {}", kCos, sch, q.weight);
        else if (!q.ecn)
            m_t.line("{} schedulers {} priority low", kCos, sch);
        if (q.ecn && q.ecn->queueBuffer) {
            m_t.line("{} schedulers {} explicit-congestion-notification", kCos, sch);
            m_t.line("{} schedulers {} drop-profile-map loss-priority any protocol any drop-profile {}-{}", kCos, sch, pol.name, q.ecn->profile);
        }
    }

    /// Shared buffer: the plan's lossless headroom (Σ max(size, xon + xoff) × lossless PGs) as the
    /// ingress lossless-headroom partition (whole percent, rounded up, at most 90); lossy 10 % (junos.md
    /// §1); egress lossless equal to ingress (QFX5220/5230, junos.md §3).
    void JunosWriter::sharedBuffer()
    {
        if (!m_d.totalBuffer || m_d.totalBuffer->value() <= 0) {
            note(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name) }, { { "what", "junos-buffer-unknown" }, { "fix", "junos-buffer-unknown-fix" } });
            return;
        }
        const long long headroom = m_d.losslessHeadroom.value();
        const double total = static_cast<double>(m_d.totalBuffer->value());
        const double hrPct = 100.0 * static_cast<double>(headroom) / total;
        const long long hrP = std::clamp<long long>(static_cast<long long>(std::ceil(hrPct - 1e-9)), headroom > 0 ? 1 : 0, 90);
        constexpr long long lossyP = 10;
        const long long losslessP = 100 - lossyP - hrP;
        note(Severity::Info, "LFP-EXPORT-ROUNDED", { ObjectRef::forNode(m_d.name) },
            { { "what", "junos-partitions" }, { "fix", "junos-partitions-fix" }, { "headroom", fmt::format("{}", headroom) },
                { "headroom_percent", fmt::format("{:.2f}", hrPct) }, { "buffer", fmt::format("{}", m_d.totalBuffer->value()) },
                { "written_headroom_percent", fmt::format("{}", hrP) }, { "lossy_percent", fmt::format("{}", lossyP) },
                { "lossless_percent", fmt::format("{}", losslessP) } },
            { { "headroom", static_cast<double>(headroom), "B", fmt::format("written {} %", hrP) } });
        if (hrPct > 90)
            note(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { ObjectRef::forNode(m_d.name) },
                { { "what", "junos-headroom-too-large" }, { "fix", "junos-headroom-too-large-fix" }, { "headroom_percent", fmt::format("{:.1f}", hrPct) } });
        m_t.line("{} shared-buffer ingress buffer-partition lossless percent {}", kCos, losslessP);
        m_t.line("{} shared-buffer ingress buffer-partition lossless-headroom percent {}", kCos, hrP);
        m_t.line("{} shared-buffer ingress buffer-partition lossy percent {}", kCos, lossyP);
        m_t.line("{} shared-buffer egress buffer-partition lossless percent {}", kCos, losslessP);
        m_t.line("{} shared-buffer egress buffer-partition lossy percent {}", kCos, 100 - losslessP);
    }

    void JunosWriter::interface(const PortPlan& p)
    {
        static const std::regex junosName("(et|xe|ge|mge)-[0-9]+/[0-9]+/[0-9]+(:[0-9]+)?");
        if (!std::regex_match(p.name, junosName))
            note(Severity::Warning, "LFP-EXPORT-PORT-NAME", { portName(m_d, p) }, { { "what", "junos" }, { "fix", "junos-fix" } });
        const PolicyPlan& pol = *p.qos;
        if (!pol.losslessPriorities.empty())
            m_t.line("{} interfaces {} congestion-notification-profile {}-CNP", kCos, p.name, pol.name);
        m_t.line("{} interfaces {} scheduler-map {}-SM", kCos, p.name, pol.name);
        m_t.line("{} interfaces {} unit 0 classifiers dscp {}-DSCP", kCos, p.name, pol.name);
        // QFX: mtu 256..9216.
        if (p.mtu < 256 || p.mtu > 9216)
            note(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { portName(m_d, p) }, { { "what", "junos-mtu" }, { "fix", "mtu-fix" }, { "mtu", fmt::format("{}", p.mtu) } }, {},
                portFacts(p, facts::kMtu));
        m_t.line("set interfaces {} mtu {}", p.name, std::clamp(p.mtu, 256, 9216));
    }

    /// What the set form leaves out: per-PG headroom and the port settings (speed, FEC).
    void JunosWriter::trailer()
    {
        for (const auto& pol : policies())
            note(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name), policyObject(*pol) }, { { "what", "junos-pg-headroom" }, { "fix", "junos-pg-headroom-fix" } }, {},
                pgHeadroomFacts(m_d, *pol));
        note(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name) }, { { "what", "junos-port-settings" }, { "fix", "junos-port-settings-fix" } }, {},
            facts::join(facts::ports(m_d, facts::kSpeed), facts::ports(m_d, facts::kFec)));
    }

    DeviceExport JunosExporter::exportDevice(const ExportContext& ctx, const DevicePlan& d) const
    {
        DeviceExport out;
        (void)reportNoPolicy(d, out);
        out.files[fileName(d, ".junos.set")] = JunosWriter(d, out, release(ctx) == "23.4R2-EVO")
                                                 .write(headerLines(ctx, d, "#", "Juniper Junos lossless RoCE configuration (load set terminal; then commit)",
                                                     "../shared/guide/vendors/junos.md §1"));
        return out;
    }
} // namespace

std::unique_ptr<Exporter> makeJunosExporter() { return std::make_unique<JunosExporter>(); }

} // namespace lfp
