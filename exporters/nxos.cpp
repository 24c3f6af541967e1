// SPDX-License-Identifier: GPL-3.0-or-later
// Cisco NX-OS (Nexus 9000 CloudScale, 8-queue template): DSCP classification into qos-groups, one
// system network-qos policy (pause pfc-cos on the no-drop classes), egress queuing (priority,
// bandwidth remaining, WRED ECN), the PFC watchdog and the interfaces, following
// ../shared/guide/vendors/nxos.md (Cisco roce_enable.py v0.60, Azure Local reference TOR policy).
// docs/export.md §nxos.
#include "renderutil.h"

#include <algorithm>
#include <cmath>
#include <regex>

namespace lfp {
namespace {
    using namespace exp;

    /// Network-qos view of a policy: which qos-groups (= queues) are no-drop and their PFC cos.
    std::map<int, std::vector<int>> noDropClasses(const PolicyPlan& pol)
    {
        std::map<int, std::vector<int>> m; // qos-group → pfc cos
        for (int p : pol.losslessPriorities)
            if (p >= 0 && p < kPriorities)
                m[pol.classes[static_cast<std::size_t>(p)].queue].push_back(p);
        return m;
    }

    /// The class that becomes class-default: the one with most DSCP values (the first on a tie).
    int defaultClass(const PolicyPlan& pol)
    {
        int tc = 0;
        std::size_t most = 0;
        for (const ClassPlan& c : pol.classes)
            if (c.dscp.size() > most) {
                most = c.dscp.size();
                tc = c.tc;
            }
        return tc;
    }

    class NxosExporter : public Exporter {
    public:
        std::string id() const override { return "nxos"; }
        std::vector<TargetRelease> releases() const override
        {
            return { { "10.4", "Cisco NX-OS 10.4 (Nexus 9000 QoS and interfaces configuration guides; Cisco's roce_enable.py, ../shared/guide/vendors/nxos.md)" } };
        }
        std::string description() const override
        {
            return "Cisco NX-OS CLI per switch: DSCP class-maps and qos-groups, network-qos pause pfc-cos, egress queuing with ECN, PFC watchdog, interfaces";
        }
        NameRule nameRule(NameKind kind) const override
        {
            NameRule r = Exporter::nameRule(kind);
            if (kind == NameKind::Policy || kind == NameKind::EcnProfile) {
                // class-map / policy-map names: up to 40 alphanumeric characters with '-' and '_'; the
                // exporter appends up to 12 characters ("_QUEUING", "-TC7").
                r.allowedPunctuation = "-_";
                r.maxLength = 28;
                r.why = "letters, digits, '-' and '_' (class-map and policy-map names, 40 characters with the exporter's suffixes)";
            }
            return r;
        }

    protected:
        DeviceExport exportDevice(const ExportContext& ctx, const DevicePlan& d) const override;
    };

    /// One device's NX-OS config, written section by section from its plan (nxos.md: classification,
    /// network-qos, queuing, system qos, watchdog, interfaces).
    class NxosWriter : DeviceWriter {
    public:
        using DeviceWriter::DeviceWriter;
        /// The config after the skeleton's two header lines.
        std::string write(const std::string& header)
        {
            m_t.raw(header);
            m_t.line("!");
            if (policies().empty()) {
                m_t.line("end");
                return m_t.take();
            }
            // The system policy (network-qos and default queuing) is the plan's governing one.
            m_sys = m_d.governing.get();
            m_sysNoDrop = noDropClasses(*m_sys);
            for (const auto& pol : policies())
                classification(*pol);
            networkQos();
            for (const auto& pol : policies())
                queuing(*pol);
            systemQos();
            for (const auto& p : m_d.ports)
                if (p.qos)
                    interface(p);
            m_t.line("end");
            return m_t.take();
        }

    private:
        const PolicyPlan* m_sys = nullptr;
        std::map<int, std::vector<int>> m_sysNoDrop;
        bool m_watchdog = false;

        void classification(const PolicyPlan& pol);
        void networkQos();
        void queuing(const PolicyPlan& pol);
        void strictBound(const PolicyPlan& pol, const QueuePlan& q);
        void wred(const PolicyPlan& pol, const QueuePlan& q);
        void systemQos();
        void interface(const PortPlan& p);
        void fec(const PortPlan& p);
    };

    /// Classification (type qos, per interface): DSCP → qos-group = the class's queue; the class with most
    /// DSCPs is class-default.
    void NxosWriter::classification(const PolicyPlan& pol)
    {
        if (pol.trust != TrustMode::Dscp)
            note(Severity::Error, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name), policyObject(pol) }, { { "what", "nxos-pcp-trust" }, { "fix", "nxos-pcp-trust-fix" } });
        const int defaultTc = defaultClass(pol);
        for (const ClassPlan& c : pol.classes) {
            if (c.tc == defaultTc || c.dscp.empty())
                continue;
            m_t.line("class-map type qos match-any {}-TC{}", pol.name, c.tc);
            std::string list;
            for (const auto& r : ranges(std::set<int>(c.dscp.begin(), c.dscp.end())))
                list += (list.empty() ? "" : ",") + r;
            m_t.line("  match dscp {}", list);
        }
        m_t.line("policy-map type qos {}_CLASSIFICATION", pol.name);
        for (const ClassPlan& c : pol.classes) {
            if (c.tc == defaultTc || c.dscp.empty())
                continue;
            m_t.line("  class {}-TC{}", pol.name, c.tc);
            m_t.line("    set qos-group {}", c.queue);
        }
        m_t.line("  class class-default");
        m_t.line("    set qos-group {}", pol.classes[static_cast<std::size_t>(defaultTc)].queue);
        m_t.line("!");
        if (noDropClasses(pol) != m_sysNoDrop)
            note(Severity::Error, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name), policyObject(*m_sys), policyObject(pol) },
                { { "what", "nxos-network-qos" }, { "fix", "nxos-network-qos-fix" }, { "written_policy", m_sys->name }, { "policy", pol.name } }, {},
                { facts::policy(pol, facts::kNoDrop) });
        note(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name), policyObject(pol) }, { { "what", "nxos-pg-headroom" }, { "fix", "nxos-pg-headroom-fix" } }, {}, pgHeadroomFacts(m_d, pol));
    }

    /// Network-qos (system-wide): pause pfc-cos on the no-drop qos-groups of the system policy.
    void NxosWriter::networkQos()
    {
        m_t.line("policy-map type network-qos {}_NETWORK_QOS", m_sys->name);
        for (const auto& [group, cos] : m_sysNoDrop) {
            m_t.line("  class type network-qos c-8q-nq{}", group);
            m_t.line("    mtu 9216");
            if (cos.size() > 1)
                note(Severity::Error, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name), policyObject(*m_sys) },
                    { { "what", "nxos-shared-queue" }, { "fix", "nxos-shared-queue-fix" }, { "priorities", fmt::format("{}", joinInts(cos)) },
                        { "queue", fmt::format("{}", group) } });
            m_t.line("    pause pfc-cos {}", cos.front());
        }
        m_t.line("  class type network-qos c-8q-nq-default");
        m_t.line("    mtu 9216");
        m_t.line("!");
    }

    /// Queuing (output), one per policy: strict classes first, as in Cisco's script; the others by
    /// bandwidth remaining percent (summing to 100) with WRED ECN.
    void NxosWriter::queuing(const PolicyPlan& pol)
    {
        m_t.line("policy-map type queuing {}_QUEUING", pol.name);
        auto queueClass = [](int q) { return q == 0 ? std::string("c-out-8q-q-default") : fmt::format("c-out-8q-q{}", q); };
        for (const QueuePlan& q : pol.queues)
            if (q.mode == SchedulerMode::Strict) {
                m_t.line("  class type queuing {}", queueClass(q.queue));
                m_t.line("    priority level 1");
                strictBound(pol, q);
            }
        int total = 0;
        for (const QueuePlan& q : pol.queues) {
            if (q.mode == SchedulerMode::Strict)
                continue;
            total += q.weight;
            m_t.line("  class type queuing {}", queueClass(q.queue));
            m_t.line("    bandwidth remaining percent {}", q.weight);
            if (q.ecn)
                wred(pol, q);
        }
        if (total != 100)
            note(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { ObjectRef::forNode(m_d.name), policyObject(pol) },
                { { "what", "nxos-weights-total" }, { "fix", "nxos-weights-total-fix" }, { "total", fmt::format("{}", total) } },
                { { "total", static_cast<double>(total), "%", {} } });
        m_t.line("!");
    }

    /// A strict queue bounded by the plan: `shape min 0 percent max N percent` in its queuing class (Cisco
    /// Nexus 9000 NX-OS QoS configuration guide 10.x, "Configuring Traffic Shaping": `shape min <v> <unit> max
    /// <v> <unit>`, a maximum shaper on the egress queue; the priority queue keeps `priority level 1`).
    /// Unbounded: LFP-EXPORT-STRICT-UNBOUNDED (error).
    void NxosWriter::strictBound(const PolicyPlan& pol, const QueuePlan& q)
    {
        if (const auto bound = q.strictBoundPercent())
            m_t.line("    shape min 0 percent max {} percent", *bound);
        else
            note(Severity::Error, "LFP-EXPORT-STRICT-UNBOUNDED", { ObjectRef::forNode(m_d.name), policyObject(pol) }, { { "queue", fmt::format("{}", q.queue) }, { "policy", pol.name } });
    }

    /// WRED ECN in kbytes (1 kbyte = 1024 B assumed): rounded to the nearest kbyte, at least 1.
    void NxosWriter::wred(const PolicyPlan& pol, const QueuePlan& q)
    {
        const EcnPlan& ecn = *q.ecn;
        const auto kmin = std::max<long long>(1, std::llround(static_cast<double>(ecn.kmin.value()) / 1024.0));
        const auto kmax = std::max<long long>(kmin, std::llround(static_cast<double>(ecn.kmax.value()) / 1024.0));
        // Beyond the nearest kbyte (at least 1, the maximum not below the minimum): another value than planned.
        if (std::abs(kmin * 1024 - ecn.kmin.value()) > 512 || std::abs(kmax * 1024 - ecn.kmax.value()) > 512)
            note(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { ObjectRef::forNode(m_d.name), policyObject(pol) },
                { { "what", "ecn-thresholds" }, { "fix", "ecn-thresholds-fix" }, { "target", "NX-OS" }, { "profile", ecn.profile },
                    { "kmin", fmt::format("{}", ecn.kmin.value()) }, { "kmax", fmt::format("{}", ecn.kmax.value()) },
                    { "written", fmt::format("{} / {} kbytes", kmin, kmax) } },
                {}, { facts::queue(pol, q.queue, facts::kEcn) });
        const WholePercent pct = wholePercent(ecn.pmax, 1, 100);
        if (kmin * 1024 != ecn.kmin.value() || kmax * 1024 != ecn.kmax.value() || !pct.exact)
            note(Severity::Info, "LFP-EXPORT-ROUNDED", { ObjectRef::forNode(m_d.name), policyObject(pol) },
                { { "what", "nxos-ecn" }, { "fix", "none-needed" }, { "profile", ecn.profile }, { "kmin", fmt::format("{}", ecn.kmin.value()) },
                    { "kmax", fmt::format("{}", ecn.kmax.value()) }, { "planned", fmt::format("{:g}", pct.planned) }, { "written_kmin", fmt::format("{}", kmin) },
                    { "written_kmax", fmt::format("{}", kmax) }, { "written", fmt::format("{}", pct.value) } },
                { { "kmin", static_cast<double>(ecn.kmin.value()), "B", fmt::format("written {} kbytes = {} B", kmin, kmin * 1024) },
                    { "kmax", static_cast<double>(ecn.kmax.value()), "B", fmt::format("written {} kbytes = {} B", kmax, kmax * 1024) } });
        m_t.line("    random-detect minimum-threshold {} kbytes maximum-threshold {} kbytes drop-probability {} weight 0 ecn", kmin, kmax, pct.value);
    }

    /// System qos and the watchdog: NX-OS has one system-wide watchdog with its own timers.
    void NxosWriter::systemQos()
    {
        m_t.line("system qos");
        m_t.line("  service-policy type network-qos {}_NETWORK_QOS", m_sys->name);
        m_t.line("  service-policy type queuing output {}_QUEUING", m_sys->name);
        m_t.line("!");
        for (const auto& pol : policies()) {
            const WatchdogPlan& wd = pol->watchdog;
            if (!wd.active)
                continue;
            m_watchdog = true;
            note(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name), policyObject(*pol) },
                { { "what", "nxos-watchdog-timers" }, { "fix", "nxos-watchdog-timers-fix" }, { "detection", fmt::format("{:g}", ms(wd.detection)) },
                    { "restoration", fmt::format("{:g}", ms(wd.restoration)) } },
                {}, watchdogFacts(*pol, { facts::kWatchdogDetection, facts::kWatchdogRestoration }));
            if (wd.action != WatchdogAction::Drop)
                note(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name), policyObject(*pol) },
                    { { "what", "nxos-watchdog-action" }, { "fix", "nxos-watchdog-action-fix" }, { "action", toString(wd.action) } }, {},
                    watchdogFacts(*pol, { facts::kWatchdogAction }));
        }
        if (m_watchdog) {
            m_t.line("priority-flow-control watch-dog-interval on");
            m_t.line("!");
        }
    }

    void NxosWriter::interface(const PortPlan& p)
    {
        static const std::regex nxName("Ethernet[1-9][0-9]*/[1-9][0-9]*(/[1-9][0-9]*)?");
        if (!std::regex_match(p.name, nxName))
            note(Severity::Warning, "LFP-EXPORT-PORT-NAME", { portName(m_d, p) }, { { "what", "nxos" }, { "fix", "nxos-fix" } });
        const PolicyPlan& pol = *p.qos;
        m_t.line("interface {}", p.name);
        if (p.active)
            m_t.line("  description {}:{}", p.peer.node, p.peer.port);
        // Nexus 9000: mtu 576..9216.
        if (p.mtu < 576 || p.mtu > 9216)
            note(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { portName(m_d, p) }, { { "what", "nxos-mtu" }, { "fix", "mtu-fix" }, { "mtu", fmt::format("{}", p.mtu) } }, {},
                portFacts(p, facts::kMtu));
        m_t.line("  mtu {}", std::clamp(p.mtu, 576, 9216));
        // Speed in Mb/s (`speed 100000`).
        if (p.speed.value() > 0 && p.speed.value() % 1'000'000LL == 0)
            m_t.line("  speed {}", p.speed.value() / 1'000'000LL);
        fec(p);
        m_t.line("  priority-flow-control mode {}", pol.losslessPriorities.empty() ? "off" : "on");
        if (m_watchdog && pol.watchdog.active)
            m_t.line("  priority-flow-control watch-dog-interval on");
        m_t.line("  service-policy type qos input {}_CLASSIFICATION", pol.name);
        if (&pol != m_sys)
            m_t.line("  service-policy type queuing output {}_QUEUING", pol.name);
        m_t.line("!");
    }

    /// FEC `fec rs-fec` (RS(528,514), CL91), `fec fc-fec` (CL74), `fec off`. RS(544,514) is the fixed FEC
    /// of the Nexus PAM4 speeds (50G, 200G, 400G+): nothing to write there. Fec::Unknown writes nothing.
    /// (Cisco Nexus 9000 interfaces configuration guide, "Configuring FEC"; docs/export.md §nxos.)
    void NxosWriter::fec(const PortPlan& p)
    {
        const bool pam4 = p.speed.value() / std::max(1, p.lanes) >= 50'000'000'000LL; // 50G+ per lane is PAM4
        switch (p.fec) {
        case Fec::None:
            m_t.line("  fec off");
            break;
        case Fec::FireCode:
            m_t.line("  fec fc-fec");
            break;
        case Fec::Rs528:
            if (pam4)
                note(Severity::Warning, "LFP-EXPORT-FEC-NOT-EXPRESSIBLE", { portName(m_d, p) },
                    { { "what", "nxos-rs528" }, { "fix", "nxos-rs528-fix" }, { "speed", formatSpeed(p.speed) } }, {}, { facts::port(p, facts::kFec) });
            else
                m_t.line("  fec rs-fec");
            break;
        case Fec::Rs544:
            if (!pam4)
                note(Severity::Warning, "LFP-EXPORT-FEC-NOT-EXPRESSIBLE", { portName(m_d, p) },
                    { { "what", "nxos-rs544" }, { "fix", "nxos-rs544-fix" }, { "speed", formatSpeed(p.speed) } }, {}, { facts::port(p, facts::kFec) });
            break;
        case Fec::Unknown:
            break;
        }
    }

    DeviceExport NxosExporter::exportDevice(const ExportContext& ctx, const DevicePlan& d) const
    {
        DeviceExport out;
        (void)reportNoPolicy(d, out);
        out.files[fileName(d, ".nxos.cfg")] = NxosWriter(d, out).write(headerLines(ctx, d, "!", "Cisco NX-OS lossless RoCE configuration", "../shared/guide/vendors/nxos.md"));
        return out;
    }
} // namespace

std::unique_ptr<Exporter> makeNxosExporter() { return std::make_unique<NxosExporter>(); }

} // namespace lfp
