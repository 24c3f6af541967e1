// SPDX-License-Identifier: GPL-3.0-or-later
// Huawei CloudEngine (VRP, CE68xx/CE88xx): PFC profiles with deadlock detection, `dcb pfc dscp-mapping`
// for untagged RoCEv2, the headroom pool and per-queue headroom (family A), WRED/ECN drop profiles,
// DRR/PQ scheduling and the interfaces, following ../shared/guide/vendors/huawei.md §1 (Huawei
// CloudEngine command reference: "dcb pfc buffer", "Enabling PFC", deadlock detection, queue
// scheduling; a Huawei RoCE deployment guide). The command family (A or B) is chosen from the switch
// model (huawei.md: the model lists of the two families). docs/export.md §huawei.
#include "renderutil.h"

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
        std::vector<TargetRelease> releases() const override
        {
            return { { "V300R023", "Huawei CloudEngine CE6800/CE8800 V300R023C00 (configuration guide and command reference, ../shared/vendor_refs/huawei)" } };
        }
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

    constexpr int kAccuracyMs = 10; // `dcb pfc deadlock-detect interval 10`: effective time = 10 ms × the configured time

    /// `qos drr a to b` / `qos pq a to b` for a range "a-b" (or "a").
    std::string toRange(const std::string& r)
    {
        const auto dash = r.find('-');
        return dash == std::string::npos ? r : r.substr(0, dash) + " to " + r.substr(dash + 1);
    }

    /// The queue (= Huawei's internal priority / PHB) of a DSCP under a policy.
    int queueOfDscp(const PolicyPlan& pol, int dscp)
    {
        const int tc = pol.dscpToTc[static_cast<std::size_t>(dscp)];
        return tc >= 0 && tc < kPriorities ? pol.classes[static_cast<std::size_t>(tc)].queue : tc;
    }

    /// True when a DSCP-trusting policy leaves Huawei's default DiffServ domain (DSCP 8k…8k+7 → PHB k).
    bool needsDomain(const PolicyPlan& pol)
    {
        bool domain = false;
        for (int dscp = 0; dscp < kDscpValues && pol.trust == TrustMode::Dscp; ++dscp)
            domain |= queueOfDscp(pol, dscp) != dscp / 8;
        return domain;
    }

    /// Family A per-queue headroom of a port: the planned xoff in whole kbytes, rounded up, 16..30720
    /// (`dcb pfc buffer … hdrm … kbytes`, huawei.md §1).
    long long hdrmKb(const HeadroomPlan& h) { return std::clamp<long long>(kbUp(h.xoff.value()), 16, 30720); }

    /// One device's CloudEngine config, written section by section from its plan (huawei.md §1).
    class HuaweiWriter : DeviceWriter {
    public:
        HuaweiWriter(const DevicePlan& d, DeviceExport& out, FamilyChoice fam)
            : DeviceWriter(d, out)
            , m_fam(std::move(fam))
            , m_a(m_fam.family == Family::A)
            , m_cell(m_fam.lowLatencyCells ? 96 : 320)
        {
        }
        /// The config after the skeleton's two header lines.
        std::string write(const std::string& header)
        {
            start(header);
            if (policies().empty()) {
                m_t.line("commit");
                return m_t.take();
            }
            for (const auto& pol : policies())
                m_anyLossless |= !pol->losslessPriorities.empty();
            if (m_anyLossless)
                headroomPool();
            deadlockDetection();
            for (const auto& pol : policies())
                policy(*pol);
            dscpMapping();
            for (const auto& p : m_d.ports)
                if (p.qos)
                    interface(p);
            trailer();
            m_t.line("commit");
            return m_t.take();
        }

    private:
        const FamilyChoice m_fam;
        const bool m_a; ///< command family A
        const long long m_cell; ///< bytes per buffer cell
        std::string m_slot = "1";
        bool m_anyLossless = false;
        bool m_hdrmWritten = false; ///< the headroom pool and per-queue hdrm were written (family A)

        void start(const std::string& header);
        void headroomPool();
        void deadlockDetection();
        void checkWatchdogs(const PolicyPlan& wd);
        void policy(const PolicyPlan& pol);
        void pfcProfile(const PolicyPlan& pol);
        void deadlockTimes(const PolicyPlan& pol, int q);
        void diffservDomain(const PolicyPlan& pol);
        void dropProfiles(const PolicyPlan& pol);
        void dropProfile(const PolicyPlan& pol, const EcnPlan& e);
        void ecnPercent(const PolicyPlan& pol, const EcnPlan& e, const PercentThresholds& pt);
        void mtu(const PortPlan& p);
        void dscpMapping();
        void interface(const PortPlan& p);
        void scheduling(const PolicyPlan& pol);
        void trailer();
    };

    /// The slot (attribute huawei.slot, else 1), the family finding, the header and `system-view`.
    void HuaweiWriter::start(const std::string& header)
    {
        const Node& n = *m_d.node;
        if (auto it = n.attributes.find("huawei.slot"); it != n.attributes.end() && !it->second.empty() && it->second.size() < 4
            && std::all_of(it->second.begin(), it->second.end(), [](char c) { return c >= '0' && c <= '9'; }))
            m_slot = it->second;
        if (!m_fam.known)
            note(Severity::Warning, "LFP-EXPORT-HUAWEI-FAMILY", { ObjectRef::forNode(m_d.name) }, { { "model", printableName(n.model) } });
        m_t.raw(header);
        m_t.line("system-view");
    }

    /// PFC on, and on family A the headroom pool (mandatory before per-queue hdrm; recommended = Σ hdrm
    /// of the PFC queues).
    void HuaweiWriter::headroomPool()
    {
        long long pool = 0;
        std::set<long long> distinct;
        bool rounded = false;
        for (const auto& p : m_d.ports)
            if (p.hasLossless() && p.headroom) {
                const long long kb = hdrmKb(*p.headroom);
                rounded |= kb * 1024 != p.headroom->xoff.value();
                distinct.insert(kb);
                pool += kb * static_cast<long long>(p.qos->losslessPriorities.size());
            }
        m_t.line("undo dcb pfc global disable");
        if (!m_a)
            return;
        // Family A requires the headroom pool before per-queue hdrm means anything ("Enabling PFC",
        // huawei.md §1–§2): without planned headroom it cannot be written, and that is an error.
        if (pool == 0) {
            if (!m_d.asic)
                note(Severity::Error, "LFP-EXPORT-NO-ASIC", { ObjectRef::forNode(m_d.name) }, { { "switch", m_d.name }, { "asic", m_d.node->asic } });
            else
                note(Severity::Error, "LFP-EXPORT-NO-BUDGET", { ObjectRef::forNode(m_d.name) }, { { "switch", m_d.name }, { "error", m_d.budgetError.empty() ? "no headroom planned" : m_d.budgetError } });
            return;
        }
        m_hdrmWritten = true;
        m_t.line("qos buffer headroom-pool size {} kbytes slot {}", pool, m_slot);
        if (rounded)
            note(Severity::Info, "LFP-EXPORT-ROUNDED", { ObjectRef::forNode(m_d.name) },
                { { "what", "huawei-headroom-kbytes" }, { "fix", "huawei-headroom-kbytes-fix" }, { "cell", fmt::format("{}", m_cell) } });
        if (distinct.size() > 28)
            note(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name) },
                { { "what", "huawei-threshold-profiles" }, { "fix", "huawei-threshold-profiles-fix" }, { "count", fmt::format("{}", distinct.size()) } });
    }

    /// Deadlock detection (the PFC watchdog), system part: family A sets the accuracy (times are per PFC
    /// profile), family B one system-wide detect / recovery timer, the plan's watchdog policy's.
    void HuaweiWriter::deadlockDetection()
    {
        for (const auto& pol : policies())
            if (!pol->losslessPriorities.empty() && !pol->watchdog.enabled)
                note(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name), policyObject(*pol) },
                    { { "what", "huawei-watchdog-off" }, { "fix", "huawei-watchdog-off-fix" } });
        const PolicyPlan* wd = m_d.watchdogPolicy.get();
        if (!wd)
            return;
        if (m_a)
            m_t.line("dcb pfc deadlock-detect interval {}", kAccuracyMs);
        else {
            const long long det = std::max<long long>(1, std::llround(ms(wd->watchdog.detection)));
            const long long rec = std::max<long long>(1, std::llround(ms(wd->watchdog.restoration)));
            m_t.line("dcb pfc deadlock-detect timer {}", det);
            m_t.line("dcb pfc deadlock-recovery timer {}", rec);
            if (wd->watchdog.action == WatchdogAction::Drop)
                m_t.line("dcb pfc deadlock recovery-behavior discard slot {}", m_slot);
        }
        checkWatchdogs(*wd);
    }

    void HuaweiWriter::checkWatchdogs(const PolicyPlan& wd)
    {
        const WatchdogPlan& w = wd.watchdog;
        for (const auto& pol : policies()) {
            const WatchdogPlan& o = pol->watchdog;
            if (!o.active)
                continue;
            if (o.action != WatchdogAction::Drop)
                note(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name), policyObject(*pol) },
                    { { "what", "huawei-watchdog-action" }, { "fix", "huawei-watchdog-action-fix" }, { "action", toString(o.action) } }, {},
                    watchdogFacts(*pol, { facts::kWatchdogAction }));
            const bool same = o.detection == w.detection && o.restoration == w.restoration && o.action == w.action;
            if (!m_a && pol.get() != &wd && !same)
                note(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name), policyObject(wd), policyObject(*pol) },
                    { { "what", "huawei-family-b-timers" }, { "fix", "huawei-family-b-timers-fix" } });
        }
    }

    void HuaweiWriter::policy(const PolicyPlan& pol)
    {
        if (!pol.losslessPriorities.empty())
            pfcProfile(pol);
        if (pol.trust == TrustMode::Dscp)
            diffservDomain(pol);
        dropProfiles(pol);
    }

    /// The PFC profile: the no-drop queues and, on family A, their deadlock times.
    void HuaweiWriter::pfcProfile(const PolicyPlan& pol)
    {
        m_t.line("dcb pfc {}", pol.name);
        for (int p : pol.losslessPriorities) {
            const int q = pol.classes[static_cast<std::size_t>(p)].queue;
            m_t.line(" priority {}", q);
            if (m_a && pol.watchdog.enabled)
                deadlockTimes(pol, q);
        }
        m_t.line(" quit");
    }

    /// Family A deadlock times in units of the 10 ms accuracy.
    void HuaweiWriter::deadlockTimes(const PolicyPlan& pol, int q)
    {
        const double det = ms(pol.watchdog.detection), rec = ms(pol.watchdog.restoration);
        const long long dt = std::max<long long>(1, std::llround(det / kAccuracyMs)), rt = std::max<long long>(1, std::llround(rec / kAccuracyMs));
        if (std::abs(static_cast<double>(dt * kAccuracyMs) - det) > 1e-6 || std::abs(static_cast<double>(rt * kAccuracyMs) - rec) > 1e-6)
            note(Severity::Info, "LFP-EXPORT-ROUNDED", { ObjectRef::forNode(m_d.name), policyObject(pol) },
                { { "what", "huawei-watchdog" }, { "fix", "none-needed" }, { "detection", fmt::format("{:g}", det) }, { "restoration", fmt::format("{:g}", rec) },
                    { "written_detection", fmt::format("{}", dt * kAccuracyMs) }, { "written_restoration", fmt::format("{}", rt * kAccuracyMs) } },
                { { "detection", det, "ms", fmt::format("written {} × 10 ms", dt) } });
        m_t.line(" priority {} deadlock-detect time {}", q, dt);
        m_t.line(" priority {} deadlock-recovery time {}", q, rt);
    }

    /// DSCP classification: an explicit DiffServ domain where the plan leaves the default domain (DSCP
    /// 8k…8k+7 → PHB k); huawei.md §1 marks its syntax "[doc, not re-read]".
    void HuaweiWriter::diffservDomain(const PolicyPlan& pol)
    {
        std::vector<std::string> lines;
        for (int dscp = 0; dscp < kDscpValues; ++dscp) {
            const int q = queueOfDscp(pol, dscp);
            if (q != dscp / 8)
                lines.push_back(fmt::format(" ip-dscp-inbound {} phb {} green", dscp, phb(q)));
        }
        if (lines.empty())
            return;
        m_t.line("diffserv domain {}", pol.name);
        for (const auto& l : lines)
            m_t.line("{}", l);
        m_t.line(" quit");
        note(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name), policyObject(pol) },
            { { "what", "huawei-diffserv-domain" }, { "fix", "huawei-diffserv-domain-fix" }, { "count", fmt::format("{}", lines.size()) }, { "domain", pol.name } });
    }

    /// ECN drop profiles are named after the profile: one device-wide name space, so a name an earlier
    /// policy wrote is not written again (and must mean the same thresholds).
    void HuaweiWriter::dropProfiles(const PolicyPlan& pol)
    {
        for (const auto& e : pol.ecnProfiles) {
            bool again = false;
            for (const auto& other : policies()) {
                if (other.get() == &pol)
                    break;
                for (const auto& oe : other->ecnProfiles)
                    if (oe.profile == e.profile) {
                        again = true;
                        if (oe.kmin != e.kmin || oe.kmax != e.kmax || oe.pmax != e.pmax)
                            note(Severity::Error, "LFP-EXPORT-NAME-CONFLICT", { ObjectRef::forNode(m_d.name), policyObject(*other), policyObject(pol) },
                                { { "what", "huawei-ecn-profile" }, { "fix", "huawei-ecn-profile-fix" }, { "profile", e.profile }, { "other_policy", other->name },
                                    { "policy", pol.name } });
                    }
            }
            if (!again)
                dropProfile(pol, e);
        }
    }

    /// An ECN drop profile in Huawei's own form (CE6800 V300R023 "Example for Configuring ECN": `drop-profile
    /// dp1` / `ecn low-limit 50 high-limit 80 discard-percentage 30`, thresholds in percent): the plan's
    /// thresholds as whole percent of the queue buffer they are fractions of (the budget's dtShareOne, as
    /// for Junos), shown with the bytes they stand for; without a known queue buffer, the same command's
    /// exact byte form `ecn buffer-size low-limit B high-limit B` (V300R023 command syntax).
    void HuaweiWriter::dropProfile(const PolicyPlan& pol, const EcnPlan& e)
    {
        const WholePercent pct = wholePercent(e.pmax, 1, 100);
        if (!pct.exact)
            note(Severity::Info, "LFP-EXPORT-ROUNDED", { ObjectRef::forNode(m_d.name), policyObject(pol) },
                { { "what", "huawei-pmax" }, { "fix", "none-needed" }, { "profile", e.profile }, { "planned", fmt::format("{:g}", pct.planned) },
                    { "written", fmt::format("{}", pct.value) } },
                { { "pmax", pct.planned, "%", fmt::format("written {}", pct.value) } });
        m_t.line("drop-profile {}", e.profile);
        // One drop profile per name on the device: every policy whose profile of that name this one stands for.
        std::vector<std::string> thresholds;
        for (const auto& other : policies())
            thresholds = facts::join(std::move(thresholds), ecnFacts(*other, e.profile));
        auto outOfRange = [&](const std::string& written) {
            note(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { ObjectRef::forNode(m_d.name), policyObject(pol) },
                { { "what", "ecn-thresholds" }, { "fix", "ecn-thresholds-fix" }, { "target", "CloudEngine" }, { "profile", e.profile },
                    { "kmin", fmt::format("{}", e.kmin.value()) }, { "kmax", fmt::format("{}", e.kmax.value()) }, { "written", written } },
                {}, thresholds);
        };
        if (e.queueBuffer && e.kminFraction && e.kmaxFraction) {
            const PercentThresholds pt = percentThresholds(e, 1);
            ecnPercent(pol, e, pt);
            if (!pt.exact)
                outOfRange(fmt::format("low-limit {} high-limit {} % of the {} B queue buffer", pt.lowWritten, pt.highWritten, e.queueBuffer->value()));
            m_t.line(" ecn low-limit {} high-limit {} discard-percentage {}", pt.lowWritten, pt.highWritten, pct.value);
        } else {
            const long long low = std::max<long long>(1, e.kmin.value()), high = std::max<long long>(low, e.kmax.value());
            if (low != e.kmin.value() || high != e.kmax.value())
                outOfRange(fmt::format("{} / {} B", low, high));
            m_t.line(" ecn buffer-size low-limit {} high-limit {} discard-percentage {}", low, high, pct.value);
        }
        m_t.line(" quit");
    }

    /// The rounding finding of the whole-percent thresholds @p pt (nearest; low 1..99, high above low, ≤ 100).
    void HuaweiWriter::ecnPercent(const PolicyPlan& pol, const EcnPlan& e, const PercentThresholds& pt)
    {
        const double qb = static_cast<double>(e.queueBuffer->value());
        const double lo = pt.low, hi = pt.high;
        const long long loP = pt.lowWritten, hiP = pt.highWritten;
        note(Severity::Info, "LFP-EXPORT-ROUNDED", { ObjectRef::forNode(m_d.name), policyObject(pol) },
            { { "what", "huawei-ecn-percent" }, { "fix", "huawei-ecn-percent-fix" }, { "profile", e.profile }, { "queue_buffer", fmt::format("{}", e.queueBuffer->value()) },
                { "kmin", fmt::format("{}", e.kmin.value()) }, { "kmax", fmt::format("{}", e.kmax.value()) }, { "kmin_percent", fmt::format("{:.2f}", lo) },
                { "kmax_percent", fmt::format("{:.2f}", hi) }, { "written_kmin_percent", fmt::format("{}", loP) }, { "written_kmax_percent", fmt::format("{}", hiP) },
                { "written_kmin", fmt::format("{}", std::llround(qb * static_cast<double>(loP) / 100.0)) },
                { "written_kmax", fmt::format("{}", std::llround(qb * static_cast<double>(hiP) / 100.0)) } },
            { { "kmin", static_cast<double>(e.kmin.value()), "B", fmt::format("written {} %", loP) },
                { "kmax", static_cast<double>(e.kmax.value()), "B", fmt::format("written {} %", hiP) },
                { "queue_buffer", qb, "B", "dtShareOne (planner/buffer/budget.h)" } });
    }

    /// PFC on DSCP-marked (untagged) RoCEv2: `dcb pfc dscp-mapping enable` on family A only.
    void HuaweiWriter::dscpMapping()
    {
        if (m_anyLossless && m_a)
            m_t.line("dcb pfc dscp-mapping enable slot {}", m_slot);
        else if (m_anyLossless)
            note(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name) }, { { "what", "huawei-family-b-dscp-pfc" }, { "fix", "huawei-family-b-dscp-pfc-fix" } });
    }

    void HuaweiWriter::interface(const PortPlan& p)
    {
        static const std::regex ceName("(10|25|40|50|100|200|400)GE[0-9]+/[0-9]+/[0-9]+(:[0-9]+)?");
        const PolicyPlan& pol = *p.qos;
        if (!std::regex_match(p.name, ceName))
            note(Severity::Warning, "LFP-EXPORT-PORT-NAME", { portName(m_d, p) }, { { "what", "huawei" }, { "fix", "huawei-fix" } });
        m_t.line("interface {}", p.name);
        mtu(p);
        if (pol.trust == TrustMode::Dscp)
            m_t.line(" trust dscp");
        else
            m_t.line(" trust 8021p outer");
        if (needsDomain(pol))
            m_t.line(" trust upstream {}", pol.name);
        if (!pol.losslessPriorities.empty()) {
            m_t.line(" dcb pfc enable {} mode manual", pol.name);
            if (m_a && p.headroom && m_hdrmWritten)
                for (int pr : pol.losslessPriorities)
                    m_t.line(" dcb pfc buffer {} hdrm {} kbytes", pol.classes[static_cast<std::size_t>(pr)].queue, hdrmKb(*p.headroom));
        }
        scheduling(pol);
        m_t.line(" quit");
    }

    /// MTU (CE6800 V300R023 command syntax: interface `mtu <mtu>`, `jumboframe enable <value>`): the IP MTU
    /// as planned (46..9600) and the largest frame it needs, MTU + 18 B (14 B Ethernet header + 4 B FCS;
    /// 1536..12288).
    void HuaweiWriter::mtu(const PortPlan& p)
    {
        if (p.mtu < 46 || p.mtu > 9600)
            note(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { portName(m_d, p) }, { { "what", "huawei-mtu" }, { "fix", "mtu-fix" }, { "mtu", fmt::format("{}", p.mtu) } }, {},
                portFacts(p, facts::kMtu));
        const int ipMtu = std::clamp(p.mtu, 46, 9600);
        m_t.line(" jumboframe enable {}", std::clamp(ipMtu + 18, 1536, 12288));
        m_t.line(" mtu {}", ipMtu);
    }

    /// DRR runs and PQ queues (`qos drr a to b`, `qos pq a to b`); weights per DRR queue; a bounded PQ
    /// queue's `qos queue Q shaping percent cir N` (V300R023 command syntax); WRED ECN.
    void HuaweiWriter::scheduling(const PolicyPlan& pol)
    {
        std::set<int> drr, pq;
        for (const QueuePlan& q : pol.queues)
            if (q.mode)
                (q.mode == SchedulerMode::Strict ? pq : drr).insert(q.queue);
        for (const auto& r : ranges(drr))
            m_t.line(" qos drr {}", toRange(r));
        for (const QueuePlan& q : pol.queues)
            if (q.mode == SchedulerMode::Dwrr)
                m_t.line(" qos queue {} drr weight {}", q.queue, q.weight);
        for (const auto& r : ranges(pq))
            m_t.line(" qos pq {}", toRange(r));
        for (const QueuePlan& q : pol.queues)
            if (const auto bound = q.strictBoundPercent())
                m_t.line(" qos queue {} shaping percent cir {}", q.queue, *bound);
        for (const QueuePlan& q : pol.queues)
            if (q.ecn) {
                m_t.line(" qos queue {} wred {}", q.queue, q.ecn->profile);
                m_t.line(" qos queue {} ecn", q.queue);
            }
    }

    /// What the config leaves out: per-PG headroom (family B), the port settings (speed, FEC, MTU).
    void HuaweiWriter::trailer()
    {
        // The info says what is written: hdrm only when it was (else the error above stands alone).
        if (m_anyLossless && (!m_a || m_hdrmWritten))
            note(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name) }, { { "what", m_a ? "huawei-hdrm" : "huawei-family-b-no-hdrm" }, { "fix", "huawei-headroom-fix" } });
        note(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(m_d.name) }, { { "what", "huawei-port-settings" }, { "fix", "huawei-port-settings-fix" } }, {},
            facts::join(facts::ports(m_d, facts::kSpeed), facts::ports(m_d, facts::kFec)));
    }

    DeviceExport HuaweiExporter::exportDevice(const ExportContext& ctx, const DevicePlan& d) const
    {
        DeviceExport out;
        (void)reportNoPolicy(d, out);
        FamilyChoice fam = familyOf(*d.node);
        const std::string title = fmt::format("Huawei CloudEngine lossless RoCE configuration, command family {} ({})", fam.family == Family::A ? "A" : "B",
            fam.known ? fam.from : "default: model unknown");
        const std::string header = headerLines(ctx, d, "#", title, "../shared/guide/vendors/huawei.md §1");
        out.files[fileName(d, ".huawei.cfg")] = HuaweiWriter(d, out, std::move(fam)).write(header);
        return out;
    }
} // namespace

std::unique_ptr<Exporter> makeHuaweiExporter() { return std::make_unique<HuaweiExporter>(); }

} // namespace lfp
