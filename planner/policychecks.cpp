// SPDX-License-Identifier: GPL-3.0-or-later
// Policy checks: ETS, link-end and path consistency, PFC watchdog, CNP, host NICs.
// Every code is documented in docs/findings.md ("Policy and consistency").
//
// Reporting rules, so that one mistake gives one finding and big fabrics stay readable:
//  - a property of one policy (ETS, watchdog, CNP queue, NIC settings) is reported once per policy
//    in use, with the object "policy:NAME";
//  - a disagreement between two policies that meet on links (trust, PFC, DSCP map, the NIC's RoCE
//    marking against the switch's classification) is reported once per pair of policies, listing both
//    ends of every link where the pair meets;
//  - a disagreement between two port settings (MTU, speed, FEC) is reported per link;
//  - a break of the lossless class along host-to-host paths is reported once per (policy, RoCE
//    marking), listing the nodes where it happens and one example path.
#include "checks.h"

#include "model/fabricindex.h"

#include <algorithm>
#include <array>
#include <bitset>
#include <cmath>
#include <deque>
#include <fmt/format.h>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace lfp {
namespace {

    using Prios = std::bitset<kPriorities>;

    // ---- thresholds (documented in docs/findings.md) ----
    constexpr double kWatchdogMinDetectionMs = 10.0; ///< below: false positives on legitimate pause bursts
    constexpr double kWatchdogMaxDetectionMs = 1000.0; ///< above: a storm spreads before it is broken
    constexpr double kSonicDefaultDetectionMs = 200.0; ///< sonic-utilities pfcwd/main.py DEFAULT_DETECTION_TIME
    constexpr double kSonicDefaultRestorationMs = 200.0; ///< ... DEFAULT_RESTORATION_TIME
    constexpr std::size_t kMaxExamplePaths = 32; ///< example paths computed (one BFS pair each)

    std::string portId(const Endpoint& e) { return e.node + ":" + e.port; }
    std::string policyId(const QosPolicy& p) { return "policy:" + p.name; }

    std::string prioList(const Prios& s)
    {
        std::string out;
        for (int p = 0; p < kPriorities; ++p)
            if (s.test(static_cast<std::size_t>(p)))
                out += (out.empty() ? "" : ",") + std::to_string(p);
        return out.empty() ? "none" : out;
    }

    Prios losslessSet(const QosPolicy& p)
    {
        Prios s;
        for (int prio : p.losslessPriorities)
            if (prio >= 0 && prio < kPriorities)
                s.set(static_cast<std::size_t>(prio));
        return s;
    }

    Prios bitmapSet(std::uint8_t bits) { return Prios(bits); }

    /// Traffic classes that can receive traffic under the policy: every priority under PCP trust,
    /// the image of the DSCP map under DSCP trust.
    Prios usedClasses(const QosPolicy& p)
    {
        if (p.trust == TrustMode::Pcp)
            return Prios().set();
        Prios s;
        for (int tc : p.dscpToTc)
            if (tc >= 0 && tc < kPriorities)
                s.set(static_cast<std::size_t>(tc));
        return s;
    }

    /// The class most DSCP values map to (the "default" class of bulk traffic); 0 under PCP trust.
    int defaultClass(const QosPolicy& p)
    {
        if (p.trust == TrustMode::Pcp)
            return 0;
        std::array<int, kPriorities> count {};
        for (int tc : p.dscpToTc)
            if (tc >= 0 && tc < kPriorities)
                ++count[static_cast<std::size_t>(tc)];
        return static_cast<int>(std::max_element(count.begin(), count.end()) - count.begin());
    }

    int at(const std::array<int, kPriorities>& a, int i)
    {
        return (i >= 0 && i < kPriorities) ? a[static_cast<std::size_t>(i)] : 0;
    }
    int dscpClass(const QosPolicy& p, int dscp)
    {
        return (dscp >= 0 && dscp < kDscpValues) ? p.dscpToTc[static_cast<std::size_t>(dscp)] : 0;
    }

    const EtsQueue* etsEntry(const QosPolicy& p, int queue)
    {
        for (const auto& e : p.ets)
            if (e.queue == queue)
                return &e;
        return nullptr;
    }

    bool ecnOnQueue(const QosPolicy& p, int queue)
    {
        for (const auto& prof : p.ecn)
            if (std::find(prof.queues.begin(), prof.queues.end(), queue) != prof.queues.end())
                return true;
        return false;
    }

    double ms(Nanoseconds t) { return t.value() / 1e6; }

    /// Formats the first @p limit items of a list, then "and N more".
    std::string listSome(const std::vector<std::string>& items, std::size_t limit = 3)
    {
        std::string out;
        for (std::size_t i = 0; i < items.size() && i < limit; ++i)
            out += (i ? ", " : "") + items[i];
        if (items.size() > limit)
            out += fmt::format(" and {} more", items.size() - limit);
        return out;
    }

    Finding make(Severity s, std::string code, std::vector<std::string> objects, std::string message,
        std::vector<Evidence> evidence, std::string fix)
    {
        Finding f;
        f.severity = s;
        f.code = std::move(code);
        std::sort(objects.begin(), objects.end());
        objects.erase(std::unique(objects.begin(), objects.end()), objects.end());
        f.objects = std::move(objects);
        f.message = std::move(message);
        f.evidence = std::move(evidence);
        f.fix = std::move(fix);
        return f;
    }

    /// A port of the fabric with its node and resolved policy.
    struct PortRef {
        std::size_t node = 0;
        const Port* port = nullptr;
        const QosPolicy* policy = nullptr;
        Endpoint ep;
    };

    /// A link whose both ends exist.
    struct LinkRef {
        const Link* link = nullptr;
        PortRef a, b;
    };

    /// Where each policy is used.
    struct Usage {
        std::size_t switchPorts = 0;
        std::size_t hostPorts = 0;
        std::string examplePort;
    };

    /// A RoCE marking as the sending NIC writes it: the DSCP and the priority the NIC puts it on.
    struct Intent {
        int dscp = 0;
        int priority = 0;
        auto operator<=>(const Intent&) const = default;
    };

    Intent nicIntent(const QosPolicy& h) { return { h.nic.roceDscp, h.nic.rocePriority }; }

    /// A host port whose policy makes it a RoCE end point (some lossless priority, or PFC on the NIC).
    bool isRoceNic(const QosPolicy& h) { return losslessSet(h).any() || h.nic.pfcBitmap != 0; }

    /// The class a port with policy @p p gives to RoCE packets of @p in.
    int classify(const QosPolicy& p, const Intent& in)
    {
        return p.trust == TrustMode::Dscp ? dscpClass(p, in.dscp) : in.priority;
    }

    class PolicyChecker {
    public:
        PolicyChecker(const FabricIndex& idx, Feedback* fb)
            : m_f(idx.fabric())
            , m_idx(idx)
            , m_fb(fb)
        {
        }

        std::vector<Finding> run()
        {
            progress(0, "resolving policies");
            resolvePolicies();
            checkCancelled(m_fb);
            progress(10, "checking policies");
            checkBindings();
            for (const auto& p : m_f.policies) {
                auto it = m_usage.find(&p);
                if (it == m_usage.end())
                    continue;
                checkPolicy(p, it->second);
            }
            checkCancelled(m_fb);
            progress(30, "checking links");
            checkLinks();
            checkCancelled(m_fb);
            progress(60, "checking host-to-host paths");
            checkPaths();
            progress(100, {});
            return std::move(m_out);
        }

    private:
        void progress(double pct, const std::string& msg)
        {
            if (!m_fb)
                return;
            if (!msg.empty())
                m_fb->setMessage(msg);
            m_fb->setProgress(pct);
        }

        void add(Finding f) { m_out.push_back(std::move(f)); }

        // ------------------------------------------------------------ policy resolution

        /// The policy of every port comes from the fabric's index (the one rule: override, else role
        /// binding); this collects which policies are used where, and what is not covered.
        void resolvePolicies()
        {
            m_portPolicy.resize(m_f.nodes.size());
            for (std::size_t n = 0; n < m_f.nodes.size(); ++n) {
                const Node& node = m_f.nodes[n];
                for (std::size_t k = 0; k < node.ports.size(); ++k) {
                    const PortId pid = m_idx.port(static_cast<NodeId>(n), k);
                    const QosPolicy* pol = m_idx.policyAt(pid);
                    const bool covered = m_idx.policySourceAt(pid) != PolicySource::None;
                    m_portPolicy[n].push_back(pol);
                    if (pol) {
                        auto& u = m_usage[pol];
                        (node.isSwitch() ? u.switchPorts : u.hostPorts)++;
                        if (u.examplePort.empty())
                            u.examplePort = portId({ node.name, node.ports[k].name });
                    } else if (!covered && m_idx.linkAt(pid) && node.attributes.count("ib.type")) {
                        // InfiniBand: no DSCP/PFC/ETS policy applies; QoS is SL→VL and VL arbitration,
                        // set by the subnet manager (reported once by checkBindings).
                        if (m_ibNodes.empty() || m_ibNodes.back() != node.name)
                            m_ibNodes.push_back(node.name);
                    } else if (!covered && m_idx.linkAt(pid)) {
                        auto& miss = m_missing[node.role];
                        if (miss.empty() || miss.back() != node.name)
                            miss.push_back(node.name);
                        ++m_missingPorts[node.role];
                    }
                }
            }
            std::set<Endpoint> seen;
            for (const auto& o : m_f.overrides)
                if (seen.insert(o.port).second && !m_idx.port(o.port))
                    m_staleOverrides.push_back(&o);
        }

        const QosPolicy* policyAt(std::size_t node, const Port* port) const
        {
            const auto& ports = m_f.nodes[node].ports;
            const auto i = static_cast<std::size_t>(port - ports.data());
            return i < m_portPolicy[node].size() ? m_portPolicy[node][i] : nullptr;
        }

        void checkBindings()
        {
            for (const auto& b : m_f.bindings)
                if (!m_f.findPolicy(b.policy))
                    add(make(Severity::Error, "LFP-POLICY-UNKNOWN", { fmt::format("role:{}", toString(b.role)), "policy:" + b.policy },
                        fmt::format("Role {} is bound to policy \"{}\", which does not exist; its ports have no QoS policy.", toString(b.role), b.policy),
                        {}, fmt::format("Add a policy named \"{}\" or bind role {} to an existing policy.", b.policy, toString(b.role))));
            std::set<Endpoint> seen;
            for (const auto& o : m_f.overrides) {
                if (!seen.insert(o.port).second)
                    continue; // policyFor uses the first override of a port
                if (!m_f.findPolicy(o.policy))
                    add(make(Severity::Error, "LFP-POLICY-UNKNOWN", { portId(o.port), "policy:" + o.policy },
                        fmt::format("Port {} is overridden to policy \"{}\", which does not exist; the port has no QoS policy.", portId(o.port), o.policy),
                        {}, fmt::format("Add a policy named \"{}\" or remove the override of {}.", o.policy, portId(o.port))));
            }
            for (const PortOverride* o : m_staleOverrides)
                add(make(Severity::Warning, "LFP-POLICY-OVERRIDE-STALE", { portId(o->port), "policy:" + o->policy },
                    fmt::format("The override of port {} to policy {} names a port that does not exist (renamed, removed or broken out?); it applies to nothing.",
                        portId(o->port), o->policy),
                    {}, "Point the override at the port's current name, or delete it."));
            if (!m_ibNodes.empty() && m_f.ibQos.empty()) // with ib_qos policies: checkInfinibandQos (ibpolicychecks.cpp)
                add(make(Severity::Info, "LFP-IB-QOS-BY-SM", { "fabric" },
                    fmt::format("{} InfiniBand node(s) ({}): their QoS is the subnet manager's SL→VL mapping and VL arbitration, not a RoCE "
                                "policy (DSCP, PFC, ETS, ECN), so the RoCE policy checks do not apply. InfiniBand links are lossless on "
                                "every VL (credit-based flow control); credit loops are analysed by `lfp deadlock --routing lft`.",
                        m_ibNodes.size(), listSome(m_ibNodes)),
                    { { "nodes", static_cast<double>(m_ibNodes.size()), "", "ib.type set by the import" } },
                    "Run `lfp deadlock PROJECT --routing lft --lft opensm-lfts.dump --sl2vl opensm-sl2vl.dump` for the VLs in use."));
            for (const auto& [role, nodes] : m_missing) {
                const std::size_t ports = m_missingPorts[role];
                std::vector<std::string> objects { fmt::format("role:{}", toString(role)) };
                objects.insert(objects.end(), nodes.begin(), nodes.end());
                add(make(Severity::Warning, "LFP-POLICY-MISSING", std::move(objects),
                    fmt::format("{} linked port(s) of {} {} node(s) ({}) have no QoS policy: role {} has no binding and the ports no override. "
                                "Their trust mode, PFC, ETS and ECN cannot be checked, and lossless traffic through them is unprotected.",
                        ports, nodes.size(), toString(role), listSome(nodes), toString(role)),
                    { { "ports_without_policy", static_cast<double>(ports), "", "" },
                        { "nodes", static_cast<double>(nodes.size()), "", "" } },
                    fmt::format("Bind role {} to a policy (e.g. the default RoCE policy), or override each port.", toString(role))));
            }
        }

        // ------------------------------------------------------------ one policy

        /// What every per-policy rule needs: the policy, where it is used, its classes.
        struct PolicyContext {
            const QosPolicy& p;
            const Usage& use;
            std::string pid;
            Prios used, lossless, usedLossless;
            bool rocePolicy = false;
            std::string where;
        };
        /// DWRR weights that do not add up to 100 % (LFP-ETS-WEIGHTS-SUM)
        void ruleEtsWeightsSum(const PolicyContext& c)
        {
            const QosPolicy& p = c.p;
            const std::string& pid = c.pid;
            // ETS: DWRR weights.
            int sum = 0;
            std::vector<std::string> dwrr;
            for (const auto& e : p.ets)
                if (e.mode == SchedulerMode::Dwrr) {
                    sum += e.weight;
                    dwrr.push_back(fmt::format("queue {} {}%", e.queue, e.weight));
                }
            if (!dwrr.empty() && sum != 100)
                add(make(Severity::Warning, "LFP-ETS-WEIGHTS-SUM", { pid },
                    fmt::format("Policy {}: the DWRR weights of its ETS queues sum to {}% ({}), not 100%. Linux dcb/mlx5 refuse such a NIC setting, and "
                                "switches renormalise it, so the shares actually given differ from the plan.",
                        p.name, sum, listSome(dwrr, 8)),
                    { { "weight_sum", static_cast<double>(sum), "%", "sum of DWRR weights" }, { "expected", 100, "%", "IEEE 802.1Qaz ETS bandwidth" } },
                    "Adjust the DWRR weights so they add up to 100%."));
        }

        /// lossless queues without service (LFP-ETS-LOSSLESS-STARVED)
        void ruleEtsLosslessStarved(const PolicyContext& c)
        {
            const QosPolicy& p = c.p;
            const std::string& pid = c.pid;
            const Prios& usedLossless = c.usedLossless;
            // ETS: lossless queues must get service. One finding per policy, listing every starved queue.
            if (!p.ets.empty()) {
                std::vector<std::string> starved;
                std::vector<Evidence> ev;
                std::vector<int> queues;
                for (int prio = 0; prio < kPriorities; ++prio) {
                    if (!usedLossless.test(static_cast<std::size_t>(prio)))
                        continue;
                    const int q = at(p.tcToQueue, prio);
                    const EtsQueue* e = etsEntry(p, q);
                    if (e && (e->mode == SchedulerMode::Strict || e->weight > 0))
                        continue;
                    starved.push_back(fmt::format("lossless priority {} goes to egress queue {}, which {}", prio, q, e ? "has DWRR weight 0" : "has no ETS entry"));
                    ev.push_back({ "priority", static_cast<double>(prio), "", "lossless" });
                    ev.push_back({ "queue", static_cast<double>(q), "", "" });
                    ev.push_back({ "weight", e ? static_cast<double>(e->weight) : 0.0, "%", e ? fmt::format("DWRR weight of queue {}", q) : fmt::format("queue {} not in ETS", q) });
                    queues.push_back(q);
                }
                if (!starved.empty())
                    add(make(Severity::Error, "LFP-ETS-LOSSLESS-STARVED", { pid },
                        fmt::format("Policy {}: {}. Under load such a queue gets no bandwidth, its ingress buffers fill, and PFC pauses the upstream "
                                    "ports indefinitely (until the watchdog drops the traffic).",
                            p.name, listSome(starved, 8)),
                        std::move(ev),
                        fmt::format("Give queue(s) {} a DWRR weight (NVIDIA's RoCE default: 50% for the RoCE queue).", listSome([&] {
                            std::vector<std::string> v;
                            for (int q : queues)
                                v.push_back(std::to_string(q));
                            return v;
                        }(), 8))));
            }
        }

        /// strict queues carrying bulk or lossless traffic (LFP-ETS-STRICT-MISUSE)
        void ruleEtsStrictMisuse(const PolicyContext& c)
        {
            const QosPolicy& p = c.p;
            const std::string& pid = c.pid;
            const Prios& used = c.used;
            const Prios& lossless = c.lossless;
            // ETS: strict queues carrying bulk or lossless traffic. One finding per policy.
            {
                const int dflt = defaultClass(p);
                std::vector<std::string> misuse;
                std::vector<Evidence> ev;
                bool anyLossless = false;
                for (const auto& e : p.ets) {
                    if (e.mode != SchedulerMode::Strict)
                        continue;
                    std::vector<int> carried;
                    for (int tc = 0; tc < kPriorities; ++tc)
                        if (used.test(static_cast<std::size_t>(tc)) && at(p.tcToQueue, tc) == e.queue)
                            carried.push_back(tc);
                    const auto ll = std::find_if(carried.begin(), carried.end(), [&](int tc) { return lossless.test(static_cast<std::size_t>(tc)); });
                    const bool carriesDefault = std::find(carried.begin(), carried.end(), dflt) != carried.end() && dflt != p.cnpPriority;
                    if (ll == carried.end() && !carriesDefault)
                        continue;
                    anyLossless = anyLossless || ll != carried.end();
                    const int tc = ll != carried.end() ? *ll : dflt;
                    misuse.push_back(fmt::format("strict-priority queue {} carries {} (priority {})", e.queue,
                        ll != carried.end() ? "lossless RoCE data" : "the default (bulk) class", tc));
                    ev.push_back({ "queue", static_cast<double>(e.queue), "", "strict" });
                    ev.push_back({ "priority", static_cast<double>(tc), "", ll != carried.end() ? "lossless" : "default class" });
                }
                if (!misuse.empty())
                    add(make(Severity::Warning, "LFP-ETS-STRICT-MISUSE", { pid },
                        fmt::format("Policy {}: {}. A strict queue is served before every DWRR queue, so bulk traffic in it can starve the others{}; "
                                    "strict priority is meant for small control traffic such as CNPs.",
                            p.name, listSome(misuse, 8), anyLossless ? ", and a PFC pause of it stalls the port's highest-priority service" : ""),
                        std::move(ev), "Schedule data queues with DWRR and weights; keep strict priority for the CNP queue only."));
            }
        }

        /// lossless and lossy priorities sharing a PG or queue (LFP-LOSSLESS-SHARED-PG)
        void ruleLosslessSharedPg(const PolicyContext& c)
        {
            const QosPolicy& p = c.p;
            const std::string& pid = c.pid;
            const Prios& used = c.used;
            const Prios& lossless = c.lossless;
            const Prios& usedLossless = c.usedLossless;
            // Lossless and lossy priorities sharing a PG or a queue. One finding per policy.
            {
                std::vector<std::string> shared;
                std::vector<Evidence> ev;
                bool pgShared = false, queueShared = false;
                for (int prio = 0; prio < kPriorities; ++prio) {
                    if (!usedLossless.test(static_cast<std::size_t>(prio)))
                        continue;
                    for (const bool pgKind : { true, false }) {
                        const auto& map = pgKind ? p.tcToPg : p.tcToQueue;
                        const int slot = at(map, prio);
                        Prios lossy;
                        for (int tc = 0; tc < kPriorities; ++tc)
                            if (tc != prio && used.test(static_cast<std::size_t>(tc)) && !lossless.test(static_cast<std::size_t>(tc)) && at(map, tc) == slot)
                                lossy.set(static_cast<std::size_t>(tc));
                        if (lossy.none())
                            continue;
                        (pgKind ? pgShared : queueShared) = true;
                        shared.push_back(fmt::format("lossless priority {} shares {} {} with lossy priorit{} {}", prio,
                            pgKind ? "ingress priority group" : "egress queue", slot, lossy.count() == 1 ? "y" : "ies", prioList(lossy)));
                        ev.push_back({ pgKind ? "pg" : "queue", static_cast<double>(slot), "",
                            fmt::format("lossless priority {}, lossy priorities {}", prio, prioList(lossy)) });
                    }
                }
                if (!shared.empty()) {
                    std::string why;
                    if (pgShared)
                        why += " Lossy packets in a lossless PG count against its XOFF threshold and use its headroom, which then cannot absorb "
                               "the lossless traffic in flight after a pause: lossless packets are dropped.";
                    if (queueShared)
                        why += " A PFC pause of a lossless priority stops its whole egress queue, blocking the lossy traffic in it, and the "
                               "queue's drop and ECN settings apply to both.";
                    add(make(Severity::Error, "LFP-LOSSLESS-SHARED-PG", { pid }, fmt::format("Policy {}: {}.{}", p.name, listSome(shared, 8), why),
                        std::move(ev),
                        "Give every lossless priority a PG and an egress queue of its own (SONiC: lossless PGs 3-4, lossy traffic in PG 0)."));
                }
            }
        }

        /// CNPs in a queue that is not strict (LFP-CNP-NOT-STRICT)
        void ruleCnpNotStrict(const PolicyContext& c)
        {
            const QosPolicy& p = c.p;
            const std::string& pid = c.pid;
            if (!c.rocePolicy)
                return;
            // CNP class.
            const int cnpQueue = at(p.tcToQueue, p.cnpPriority);
            const EtsQueue* cnpEts = etsEntry(p, cnpQueue);
            if (!cnpEts || cnpEts->mode != SchedulerMode::Strict)
                add(make(Severity::Warning, "LFP-CNP-NOT-STRICT", { pid },
                    fmt::format("Policy {}: CNPs (priority {}) go to egress queue {}, which is {}. Congestion notifications then wait behind data, "
                                "DCQCN reacts late, and PFC has to catch what ECN should have.",
                        p.name, p.cnpPriority, cnpQueue, cnpEts ? fmt::format("DWRR with weight {}%", cnpEts->weight) : std::string("not in ETS")),
                    { { "cnp_priority", static_cast<double>(p.cnpPriority), "", "" }, { "queue", static_cast<double>(cnpQueue), "", "" } },
                    fmt::format("Make queue {} strict priority (NVIDIA's RoCE default: CNP on priority 6, strict).", cnpQueue)));
        }

        /// CNP DSCP mapped to another class (LFP-CNP-CLASS-MISMATCH)
        void ruleCnpClassMismatch(const PolicyContext& c)
        {
            const QosPolicy& p = c.p;
            const std::string& pid = c.pid;
            if (!c.rocePolicy)
                return;
            if (p.trust == TrustMode::Dscp && dscpClass(p, p.cnpDscp) != p.cnpPriority)
                add(make(Severity::Warning, "LFP-CNP-CLASS-MISMATCH", { pid },
                    fmt::format("Policy {}: CNPs are marked DSCP {} but the DSCP map sends DSCP {} to priority {}, not to the CNP priority {}.",
                        p.name, p.cnpDscp, p.cnpDscp, dscpClass(p, p.cnpDscp), p.cnpPriority),
                    { { "cnp_dscp", static_cast<double>(p.cnpDscp), "", "" }, { "mapped_priority", static_cast<double>(dscpClass(p, p.cnpDscp)), "", "dscp_to_tc" },
                        { "cnp_priority", static_cast<double>(p.cnpPriority), "", "" } },
                    fmt::format("Map DSCP {} to priority {} in the policy's DSCP map.", p.cnpDscp, p.cnpPriority)));
        }

        /// PFC watchdog on switch ports (LFP-WD-MISSING, LFP-WD-TIMERS, LFP-WD-ACTION)
        void ruleWatchdog(const PolicyContext& c)
        {
            const QosPolicy& p = c.p;
            const std::string& pid = c.pid;
            const Prios& lossless = c.lossless;
            const std::string& where = c.where;
            if (!(c.use.switchPorts > 0 && c.rocePolicy))
                return;
            // PFC watchdog.
            if (!p.watchdog.enabled)
                add(make(Severity::Warning, "LFP-WD-MISSING", { pid },
                    fmt::format("Policy {} ({}) makes priorities {} lossless but has no PFC watchdog. A NIC or switch that pauses without end "
                                "(a PFC storm) then stalls the lossless class across the fabric.",
                        p.name, where, prioList(lossless)),
                    { { "lossless_priorities", static_cast<double>(lossless.count()), "", prioList(lossless) } },
                    fmt::format("Enable the PFC watchdog on the lossless queues (SONiC default: detection {:g} ms, restoration {:g} ms, action drop).",
                        kSonicDefaultDetectionMs, kSonicDefaultRestorationMs)));
            else
                checkWatchdogTimers(p);
        }

        /// ECN marking on the lossless queues of switch ports (LFP-POLICY-ECN-MISSING)
        void ruleEcnMissing(const PolicyContext& c)
        {
            const QosPolicy& p = c.p;
            const std::string& pid = c.pid;
            const Prios& usedLossless = c.usedLossless;
            if (!(c.use.switchPorts > 0 && c.rocePolicy))
                return;
            // ECN marking on lossless queues.
            std::vector<std::string> unmarked;
            for (int prio = 0; prio < kPriorities; ++prio)
                if (usedLossless.test(static_cast<std::size_t>(prio)) && !ecnOnQueue(p, at(p.tcToQueue, prio)))
                    unmarked.push_back(fmt::format("queue {} (priority {})", at(p.tcToQueue, prio), prio));
            if (!unmarked.empty())
                add(make(Severity::Warning, "LFP-POLICY-ECN-MISSING", { pid },
                    fmt::format("Policy {}: no ECN profile marks {}. DCQCN senders never learn of congestion, so PFC becomes the only control "
                                "and pauses spread (head-of-line blocking, pause storms).",
                        p.name, listSome(unmarked, 8)),
                    { { "unmarked_lossless_queues", static_cast<double>(unmarked.size()), "", "" } },
                    "Add an ECN/WRED profile on each lossless queue (NVIDIA default: Kmin 150 KB, Kmax 1500 KB)."));
        }

        /// Host NIC settings that contradict themselves (LFP-NIC-DSCP-MISMATCH, LFP-NIC-PFC-MISMATCH, LFP-NIC-ECN-DISABLED)
        void ruleNicSettings(const PolicyContext& c)
        {
            if (c.use.hostPorts > 0 && c.rocePolicy)
                checkNicSettings(c.p);
        }

        using PolicyRule = void (PolicyChecker::*)(const PolicyContext&);
        /// The per-policy rules, one function per finding code (docs/findings.md), run in this order.
        static const std::vector<std::pair<const char*, PolicyRule>>& policyRules()
        {
            static const std::vector<std::pair<const char*, PolicyRule>> rules = {
                { "LFP-ETS-WEIGHTS-SUM", &PolicyChecker::ruleEtsWeightsSum },
                { "LFP-ETS-LOSSLESS-STARVED", &PolicyChecker::ruleEtsLosslessStarved },
                { "LFP-ETS-STRICT-MISUSE", &PolicyChecker::ruleEtsStrictMisuse },
                { "LFP-LOSSLESS-SHARED-PG", &PolicyChecker::ruleLosslessSharedPg },
                { "LFP-CNP-NOT-STRICT", &PolicyChecker::ruleCnpNotStrict },
                { "LFP-CNP-CLASS-MISMATCH", &PolicyChecker::ruleCnpClassMismatch },
                { "LFP-WD-MISSING", &PolicyChecker::ruleWatchdog },
                { "LFP-POLICY-ECN-MISSING", &PolicyChecker::ruleEcnMissing },
                { "LFP-NIC-*", &PolicyChecker::ruleNicSettings },
            };
            return rules;
        }

        void checkPolicy(const QosPolicy& p, const Usage& use)
        {
            const Prios used = usedClasses(p);
            const Prios lossless = losslessSet(p);
            PolicyContext c { p, use, policyId(p), used, lossless, used & lossless, lossless.any(),
                fmt::format("used by {} switch port(s) and {} host port(s), e.g. {}", use.switchPorts, use.hostPorts, use.examplePort) };
            for (const auto& entry : policyRules())
                (this->*entry.second)(c);
        }

        void checkWatchdogTimers(const QosPolicy& p)
        {
            const double det = ms(p.watchdog.detection);
            const double res = ms(p.watchdog.restoration);
            std::vector<std::string> problems;
            if (det < kWatchdogMinDetectionMs)
                problems.push_back(fmt::format("detection {:g} ms is below {:g} ms and will fire on legitimate pause bursts (false positives drop lossless traffic)",
                    det, kWatchdogMinDetectionMs));
            if (det > kWatchdogMaxDetectionMs)
                problems.push_back(fmt::format("detection {:g} ms is above {:g} ms; a storm spreads through the fabric long before it is broken",
                    det, kWatchdogMaxDetectionMs));
            if (res < det)
                problems.push_back(fmt::format("restoration {:g} ms is shorter than detection {:g} ms, so a queue that is still being stormed is restored "
                                               "and re-detected in a loop",
                    res, det));
            if (problems.empty()) {
                if (p.watchdog.action == WatchdogAction::Alert)
                    add(make(Severity::Info, "LFP-WD-ACTION", { policyId(p) },
                        fmt::format("Policy {}: the PFC watchdog action is \"alert\": a storm is reported but not broken.", p.name),
                        {}, "Use action drop (SONiC default) unless monitoring alone is intended."));
                return;
            }
            std::string msg = fmt::format("Policy {}: PFC watchdog timers are unsafe: ", p.name);
            for (std::size_t i = 0; i < problems.size(); ++i)
                msg += (i ? "; " : "") + problems[i];
            msg += ".";
            add(make(Severity::Warning, "LFP-WD-TIMERS", { policyId(p) }, std::move(msg),
                { { "detection", det, "ms", "policy" }, { "restoration", res, "ms", "policy" },
                    { "sonic_default_detection", kSonicDefaultDetectionMs, "ms", "sonic-utilities pfcwd DEFAULT_DETECTION_TIME" },
                    { "sonic_default_restoration", kSonicDefaultRestorationMs, "ms", "sonic-utilities pfcwd DEFAULT_RESTORATION_TIME" } },
                fmt::format("Use detection {:g} ms and restoration {:g} ms (SONiC defaults; SONiC accepts detection 100-5000 ms, restoration 100-60000 ms), "
                            "restoration at least the detection time.",
                    kSonicDefaultDetectionMs, kSonicDefaultRestorationMs)));
        }

        /// NIC settings that contradict themselves (the NIC's own DSCP map, PFC bitmap, DCQCN).
        void checkNicSettings(const QosPolicy& h)
        {
            const std::string pid = policyId(h);
            if (h.nic.trust == TrustMode::Dscp && dscpClass(h, h.nic.roceDscp) != h.nic.rocePriority)
                add(make(Severity::Error, "LFP-NIC-DSCP-MISMATCH", { pid },
                    fmt::format("Policy {}: host NICs mark RoCE with DSCP {} and should send it on priority {}, but the policy's DSCP map (the NIC's "
                                "dscp2prio) puts DSCP {} on priority {}. The NIC then transmits and pauses RoCE on the wrong priority.",
                        h.name, h.nic.roceDscp, h.nic.rocePriority, h.nic.roceDscp, dscpClass(h, h.nic.roceDscp)),
                    { { "roce_dscp", static_cast<double>(h.nic.roceDscp), "", "nic" }, { "roce_priority", static_cast<double>(h.nic.rocePriority), "", "nic" },
                        { "mapped_priority", static_cast<double>(dscpClass(h, h.nic.roceDscp)), "", "dscp_to_tc" } },
                    fmt::format("Map DSCP {} to priority {} (dcb app add dev IF dscp-prio {}:{}).", h.nic.roceDscp, h.nic.rocePriority, h.nic.roceDscp, h.nic.rocePriority)));
            if (!bitmapSet(h.nic.pfcBitmap).test(static_cast<std::size_t>(std::clamp(h.nic.rocePriority, 0, kPriorities - 1))))
                add(make(Severity::Error, "LFP-NIC-PFC-MISMATCH", { pid },
                    fmt::format("Policy {}: host NICs send RoCE on priority {} but have PFC enabled only on {}: the NIC neither honours the switch's "
                                "pauses on priority {} nor sends its own, so RoCE is lossy at the host edge.",
                        h.name, h.nic.rocePriority, prioList(bitmapSet(h.nic.pfcBitmap)), h.nic.rocePriority),
                    { { "roce_priority", static_cast<double>(h.nic.rocePriority), "", "nic" },
                        { "nic_pfc_priorities", static_cast<double>(bitmapSet(h.nic.pfcBitmap).count()), "", prioList(bitmapSet(h.nic.pfcBitmap)) } },
                    fmt::format("Enable PFC on priority {} on the NICs (dcb pfc set dev IF prio-pfc {}:on).", h.nic.rocePriority, h.nic.rocePriority)));
            if (!h.nic.ecnReactionPoint || !h.nic.ecnNotificationPoint) {
                std::string off = !h.nic.ecnReactionPoint && !h.nic.ecnNotificationPoint ? "reaction point (sender) and notification point (receiver)"
                    : !h.nic.ecnReactionPoint                                            ? "reaction point (sender)"
                                                                                         : "notification point (receiver)";
                add(make(Severity::Warning, "LFP-NIC-ECN-DISABLED", { pid },
                    fmt::format("Policy {}: the host NICs' DCQCN {} is disabled. Switches may mark ECN, but {}; PFC becomes the only congestion "
                                "control and pause storms follow.",
                        h.name, off, !h.nic.ecnNotificationPoint ? "no receiver sends CNPs" : "senders ignore the CNPs they receive"),
                    { { "ecn_rp", h.nic.ecnReactionPoint ? 1.0 : 0.0, "", "1 = enabled" }, { "ecn_np", h.nic.ecnNotificationPoint ? 1.0 : 0.0, "", "1 = enabled" } },
                    fmt::format("Enable DCQCN on priority {} on the NICs (roce_np/enable/{} and roce_rp/enable/{} = 1).", h.nic.rocePriority,
                        h.nic.rocePriority, h.nic.rocePriority)));
            }
        }

        // ------------------------------------------------------------ links

        /// Collects one aggregated finding per (code, policy pair).
        struct PairFinding {
            Finding f;
            std::vector<std::string> pairs; ///< "a -- b" of every link where the pair meets
        };

        void collectLinks()
        {
            m_links.reserve(m_f.links.size());
            for (const auto& l : m_f.links) {
                LinkRef r;
                r.link = &l;
                bool ok = true;
                for (auto [end, ref] : { std::pair { &l.a, &r.a }, std::pair { &l.b, &r.b } }) {
                    const auto pid = m_idx.port(*end);
                    if (!pid) {
                        ok = false;
                        break;
                    }
                    const auto ni = m_idx.nodeOf(*pid);
                    const Port* p = &m_idx.portAt(*pid);
                    ref->node = ni;
                    ref->port = p;
                    ref->ep = *end;
                    ref->policy = policyAt(ni, p);
                }
                if (ok)
                    m_links.push_back(r);
            }
        }

        void checkLinks()
        {
            collectLinks();
            std::map<std::tuple<std::string, const QosPolicy*, const QosPolicy*>, PairFinding> pairs;
            auto pairAdd = [&](const std::string& code, const QosPolicy* p1, const QosPolicy* p2, const PortRef& e1, const PortRef& e2, auto build) {
                auto key = std::make_tuple(code, p1, p2);
                auto it = pairs.find(key);
                if (it == pairs.end()) {
                    it = pairs.emplace(key, PairFinding {}).first;
                    it->second.f = build(e1, e2);
                    it->second.f.objects.push_back(policyId(*p1));
                    if (p2 != p1)
                        it->second.f.objects.push_back(policyId(*p2));
                }
                it->second.f.objects.push_back(portId(e1.ep));
                it->second.f.objects.push_back(portId(e2.ep));
                it->second.pairs.push_back(portId(e1.ep) + " -- " + portId(e2.ep));
            };

            std::size_t i = 0;
            for (const auto& r : m_links) {
                if (++i % 4096 == 0) {
                    checkCancelled(m_fb);
                    progress(30 + 30.0 * static_cast<double>(i) / static_cast<double>(m_links.size()), {});
                }
                checkPortPair(r);
                const Node& na = m_f.nodes[r.a.node];
                const Node& nb = m_f.nodes[r.b.node];
                if (!r.a.policy || !r.b.policy)
                    continue; // reported as LFP-POLICY-MISSING / LFP-POLICY-UNKNOWN
                if (na.isSwitch() && nb.isSwitch()) {
                    if (r.a.policy == r.b.policy)
                        continue;
                    // Order the pair by policy name so that (A,B) and (B,A) aggregate together.
                    const PortRef& e1 = r.a.policy->name <= r.b.policy->name ? r.a : r.b;
                    const PortRef& e2 = &e1 == &r.a ? r.b : r.a;
                    checkSwitchPair(e1, e2, pairAdd);
                } else if (na.isSwitch() != nb.isSwitch()) {
                    const PortRef& host = na.isSwitch() ? r.b : r.a;
                    const PortRef& sw = na.isSwitch() ? r.a : r.b;
                    checkAttachment(host, sw, pairAdd);
                }
            }
            if (!m_fecUnknown.empty()) {
                std::sort(m_fecUnknown.begin(), m_fecUnknown.end());
                std::vector<std::string> objects = m_fecUnknown;
                add(make(Severity::Info, "LFP-LINK-FEC-UNKNOWN", std::move(objects),
                    fmt::format("{} linked port(s) have no FEC in the source ({}); the FEC of their links is not checked.", m_fecUnknown.size(),
                        listSome(m_fecUnknown)),
                    { { "ports", static_cast<double>(m_fecUnknown.size()), "", "FEC unknown" } },
                    "Give the FEC of these ports (the peer's config_db.json, the fec column of the plan, or \"fec\" in the fabric JSON)."));
            }
            for (auto& [key, pf] : pairs) {
                std::sort(pf.pairs.begin(), pf.pairs.end());
                pf.f.message += fmt::format(" Links affected ({}): {}.", pf.pairs.size(), listSome(pf.pairs));
                pf.f.evidence.push_back({ "links", static_cast<double>(pf.pairs.size()), "", "" });
                auto& o = pf.f.objects;
                std::sort(o.begin(), o.end());
                o.erase(std::unique(o.begin(), o.end()), o.end());
                add(std::move(pf.f));
            }
        }

        void checkPortPair(const LinkRef& r)
        {
            const Port& a = *r.a.port;
            const Port& b = *r.b.port;
            const std::string ia = portId(r.a.ep), ib = portId(r.b.ep);
            if (a.mtu != b.mtu) {
                const int lo = std::min(a.mtu, b.mtu);
                add(make(Severity::Error, "LFP-LINK-MTU-MISMATCH", { ia, ib },
                    fmt::format("Link {} -- {}: MTU {} B on {} but {} B on {}. Frames larger than {} B are dropped in one direction (RoCE path MTU "
                                "negotiation does not see it), and the headroom of both ends is computed for different frame sizes.",
                        ia, ib, a.mtu, ia, b.mtu, ib, lo),
                    { { "mtu", static_cast<double>(a.mtu), "B", ia }, { "mtu", static_cast<double>(b.mtu), "B", ib } },
                    fmt::format("Set the same MTU on both ends (the fabric's usual {} B).", std::max(a.mtu, b.mtu))));
            }
            if (a.speed != b.speed)
                add(make(Severity::Error, "LFP-LINK-SPEED-MISMATCH", { ia, ib },
                    fmt::format("Link {} -- {}: {} runs at {} but {} at {}; the link will not come up (or auto-negotiates down), and headroom and "
                                "ECN thresholds assume the configured speed.",
                        ia, ib, ia, formatSpeed(a.speed), ib, formatSpeed(b.speed)),
                    { { "speed", toGbps(a.speed), "Gb/s", ia }, { "speed", toGbps(b.speed), "Gb/s", ib } },
                    "Set both ends to the speed of the cable/optic, breaking out the faster port if needed."));
            if (a.fec == Fec::Unknown || b.fec == Fec::Unknown) {
                m_fecUnknown.push_back(a.fec == Fec::Unknown ? ia : ib); // reported once, by checkLinks
                if (a.fec == Fec::Unknown && b.fec == Fec::Unknown)
                    m_fecUnknown.push_back(ib);
            } else if (a.fec != b.fec)
                add(make(Severity::Error, "LFP-LINK-FEC-MISMATCH", { ia, ib },
                    fmt::format("Link {} -- {}: FEC {} on {} but {} on {}; the link will not come up, or will come up with errors.", ia, ib, toString(a.fec),
                        ia, toString(b.fec), ib),
                    { { "fec", static_cast<double>(static_cast<int>(a.fec)), "", fmt::format("{} on {}", toString(a.fec), ia) },
                        { "fec", static_cast<double>(static_cast<int>(b.fec)), "", fmt::format("{} on {}", toString(b.fec), ib) } },
                    fmt::format("Use the same FEC on both ends ({} for {} links).", toGbps(a.speed) >= 200 ? "RS-544 (rs544)" : "RS-528 (rs)", formatSpeed(a.speed))));
        }

        template <class PairAdd>
        void checkSwitchPair(const PortRef& e1, const PortRef& e2, PairAdd& pairAdd)
        {
            const QosPolicy& p1 = *e1.policy;
            const QosPolicy& p2 = *e2.policy;
            if (p1.trust != p2.trust)
                pairAdd("LFP-LINK-TRUST-MISMATCH", &p1, &p2, e1, e2, [&](const PortRef& a, const PortRef& b) {
                    return make(Severity::Error, "LFP-LINK-TRUST-MISMATCH", {},
                        fmt::format("Switch ports on both ends of a link trust different markings: policy {} (e.g. {}) trusts {}, policy {} (e.g. {}) "
                                    "trusts {}. The same packet is classified into different priorities on each side, so PFC pauses the wrong class.",
                            p1.name, portId(a.ep), toString(p1.trust), p2.name, portId(b.ep), toString(p2.trust)),
                        {}, "Use the same trust mode on every switch port (DSCP for routed RoCEv2 fabrics).");
                });
            const Prios l1 = losslessSet(p1), l2 = losslessSet(p2);
            if (l1 != l2) {
                const Prios diff = l1 ^ l2;
                const bool inUse = (diff & (usedClasses(p1) | usedClasses(p2))).any();
                pairAdd("LFP-LINK-PFC-MISMATCH", &p1, &p2, e1, e2, [&](const PortRef& a, const PortRef& b) {
                    return make(inUse ? Severity::Error : Severity::Warning, "LFP-LINK-PFC-MISMATCH", {},
                        fmt::format("The two ends of a link enable PFC on different priorities: policy {} (e.g. {}) on {}, policy {} (e.g. {}) on {}. "
                                    "On priority {} the end with PFC sends pauses the other end does not honour, so traffic of that priority is dropped once "
                                    "the PFC end's headroom is full; the other direction reserves headroom for nothing{}.",
                            p1.name, portId(a.ep), prioList(l1), p2.name, portId(b.ep), prioList(l2), prioList(diff),
                            inUse ? "" : " (no traffic is classified into them, so this is only wasted buffer)"),
                        { { "pfc_priorities", static_cast<double>(l1.count()), "", fmt::format("{}: {}", p1.name, prioList(l1)) },
                            { "pfc_priorities", static_cast<double>(l2.count()), "", fmt::format("{}: {}", p2.name, prioList(l2)) } },
                        "Enable PFC on the same priorities on both ends of every link.");
                });
            }
            if (p1.trust == TrustMode::Dscp && p2.trust == TrustMode::Dscp && p1.dscpToTc != p2.dscpToTc) {
                std::vector<std::string> diffs;
                bool losslessInvolved = false;
                int firstLossless = -1;
                for (int d = 0; d < kDscpValues; ++d) {
                    const int c1 = dscpClass(p1, d), c2 = dscpClass(p2, d);
                    if (c1 == c2)
                        continue;
                    diffs.push_back(fmt::format("DSCP {} → {}/{}", d, c1, c2));
                    if (p1.isLossless(c1) || p2.isLossless(c2)) {
                        losslessInvolved = true;
                        if (firstLossless < 0)
                            firstLossless = d;
                    }
                }
                pairAdd("LFP-LINK-DSCP-MAP-MISMATCH", &p1, &p2, e1, e2, [&](const PortRef& a, const PortRef& b) {
                    std::vector<Evidence> ev { { "dscp_values_differing", static_cast<double>(diffs.size()), "", "" } };
                    if (firstLossless >= 0) {
                        ev.push_back({ "dscp", static_cast<double>(firstLossless), "", "first value that involves a lossless class" });
                        ev.push_back({ "priority", static_cast<double>(dscpClass(p1, firstLossless)), "", p1.name });
                        ev.push_back({ "priority", static_cast<double>(dscpClass(p2, firstLossless)), "", p2.name });
                    }
                    return make(losslessInvolved ? Severity::Error : Severity::Warning, "LFP-LINK-DSCP-MAP-MISMATCH", {},
                        fmt::format("The two ends of a link map DSCP to priorities differently: policy {} (e.g. {}) vs policy {} (e.g. {}) differ on {} "
                                    "DSCP value(s): {} ({}/{}).{}",
                            p1.name, portId(a.ep), p2.name, portId(b.ep), diffs.size(), listSome(diffs, 4), p1.name, p2.name,
                            losslessInvolved ? " A lossless class is involved: a packet queued in one class is paused (or not) as another, so it "
                                               "is dropped or blocks lossy traffic."
                                             : " Only lossy classes are involved: scheduling differs per hop."),
                        std::move(ev), "Use one DSCP map on every switch port of the fabric (bind the same policy, or copy the map).");
                });
            }
        }

        template <class PairAdd>
        void checkAttachment(const PortRef& host, const PortRef& sw, PairAdd& pairAdd)
        {
            const QosPolicy& h = *host.policy;
            const QosPolicy& s = *sw.policy;
            if (h.nic.trust != s.trust)
                pairAdd("LFP-NIC-TRUST-MISMATCH", &h, &s, host, sw, [&](const PortRef& a, const PortRef& b) {
                    return make(Severity::Error, "LFP-NIC-TRUST-MISMATCH", {},
                        fmt::format("Host NICs with policy {} (e.g. {}) trust {}, but the switch ports they attach to (policy {}, e.g. {}) trust {}. "
                                    "Received traffic and PFC are classified differently on the two sides.",
                            h.name, portId(a.ep), toString(h.nic.trust), s.name, portId(b.ep), toString(s.trust)),
                        {}, fmt::format("Set the NICs to trust {} (mlnx_qos --trust {}), as the switches do.", toString(s.trust), toString(s.trust)));
                });
            const Intent in = nicIntent(h);
            const int cls = classify(s, in);
            if (!s.isLossless(cls) || cls != in.priority)
                pairAdd("LFP-NIC-DSCP-MISMATCH", &h, &s, host, sw, [&](const PortRef& a, const PortRef& b) {
                    return make(Severity::Error, "LFP-NIC-DSCP-MISMATCH", {},
                        fmt::format("Host NICs with policy {} (e.g. {}) send RoCE marked DSCP {} on priority {}, but the switch ports they attach to "
                                    "(policy {}, e.g. {}) {} into priority {}, which is {}. {}",
                            h.name, portId(a.ep), in.dscp, in.priority, s.name, portId(b.ep),
                            s.trust == TrustMode::Dscp ? fmt::format("map DSCP {}", in.dscp) : fmt::format("take PCP {}", in.priority), cls,
                            s.isLossless(cls) ? "lossless but not the NIC's priority" : "lossy",
                            s.isLossless(cls) ? "The switch pauses a priority the NIC does not send RoCE on, so the pauses do not stop it: drops under congestion."
                                              : "RoCE rides best effort from the first hop: drops, retransmissions, and throughput collapse under incast."),
                        { { "roce_dscp", static_cast<double>(in.dscp), "", fmt::format("NIC, policy {}", h.name) },
                            { "nic_priority", static_cast<double>(in.priority), "", fmt::format("NIC, policy {}", h.name) },
                            { "switch_priority", static_cast<double>(cls), "", fmt::format("switch, policy {}", s.name) },
                            { "switch_lossless", s.isLossless(cls) ? 1.0 : 0.0, "", "1 = PFC on that priority" } },
                        s.trust == TrustMode::Dscp
                            ? fmt::format("Make the NICs mark a DSCP the switches map to their lossless RoCE priority, or map DSCP {} to priority {} "
                                          "and make it lossless on the switches.",
                                  in.dscp, in.priority)
                            : fmt::format("Make priority {} lossless on the switches, or send RoCE on a lossless priority.", in.priority));
                });
            const Prios nicPfc = bitmapSet(h.nic.pfcBitmap);
            const Prios swPfc = losslessSet(s);
            if (nicPfc != swPfc) {
                const auto rp = static_cast<std::size_t>(std::clamp(in.priority, 0, kPriorities - 1));
                const bool roceAffected = !nicPfc.test(rp) || !swPfc.test(rp);
                pairAdd("LFP-NIC-PFC-MISMATCH", &h, &s, host, sw, [&](const PortRef& a, const PortRef& b) {
                    return make(roceAffected ? Severity::Error : Severity::Warning, "LFP-NIC-PFC-MISMATCH", {},
                        fmt::format("Host NICs with policy {} (e.g. {}) have PFC on priority {}; the switch ports they attach to (policy {}, e.g. {}) "
                                    "on priority {}. {}",
                            h.name, portId(a.ep), prioList(nicPfc), s.name, portId(b.ep), prioList(swPfc),
                            roceAffected ? fmt::format("The RoCE priority {} is not PFC-enabled on both sides, so RoCE is lossy on this hop.", in.priority)
                                         : std::string("The RoCE priority agrees; the other differences waste headroom or ignore pauses.")),
                        { { "nic_pfc_priorities", static_cast<double>(nicPfc.count()), "", prioList(nicPfc) },
                            { "switch_pfc_priorities", static_cast<double>(swPfc.count()), "", prioList(swPfc) },
                            { "roce_priority", static_cast<double>(in.priority), "", "NIC" } },
                        fmt::format("Enable PFC on the NICs on exactly the switches' lossless priorities, {} (dcb pfc set dev IF prio-pfc all:off {}).", prioList(swPfc),
                            [&] {
                                std::string on;
                                for (int p = 0; p < kPriorities; ++p)
                                    if (swPfc.test(static_cast<std::size_t>(p)))
                                        on += (on.empty() ? "" : " ") + fmt::format("{}:on", p);
                                return on;
                            }()));
                });
            }
            if (s.trust == TrustMode::Dscp && losslessSet(s).any() && dscpClass(s, h.nic.cnpDscp) != s.cnpPriority)
                pairAdd("LFP-CNP-CLASS-MISMATCH", &h, &s, host, sw, [&](const PortRef& a, const PortRef& b) {
                    return make(Severity::Warning, "LFP-CNP-CLASS-MISMATCH", {},
                        fmt::format("Host NICs with policy {} (e.g. {}) send CNPs marked DSCP {}, which the switch ports they attach to (policy {}, e.g. {}) "
                                    "put on priority {} instead of the CNP priority {}: congestion notifications queue behind data.",
                            h.name, portId(a.ep), h.nic.cnpDscp, s.name, portId(b.ep), dscpClass(s, h.nic.cnpDscp), s.cnpPriority),
                        { { "nic_cnp_dscp", static_cast<double>(h.nic.cnpDscp), "", h.name },
                            { "switch_priority", static_cast<double>(dscpClass(s, h.nic.cnpDscp)), "", s.name },
                            { "switch_cnp_priority", static_cast<double>(s.cnpPriority), "", s.name } },
                        fmt::format("Set the NICs' CNP DSCP to {} (roce_np/cnp_dscp) or map DSCP {} to priority {} on the switches.", s.cnpDscp,
                            h.nic.cnpDscp, s.cnpPriority));
                });
        }

        // ------------------------------------------------------------ paths

        /// LFP-PATH-NOT-LOSSLESS: for every RoCE marking some host NIC sends, every port where that
        /// traffic can enter a node on a host-to-host path must keep it in the NIC's lossless priority.
        /// Without enumerating host pairs: in a connected component with at least two host NICs, every
        /// switch-to-switch link and every receiving NIC lies on some host-to-host path, so it is enough
        /// to check each (ingress policy, marking) once and list where it fails.
        /// Ingress from a NIC is checked by LFP-NIC-DSCP-MISMATCH; a NIC receiving its own marking by
        /// the NIC checks of its policy.
        void checkPaths()
        {
            const std::size_t n = m_f.nodes.size();
            // Components (union-find over the links).
            std::vector<std::size_t> parent(n);
            std::iota(parent.begin(), parent.end(), std::size_t { 0 });
            auto find = [&](std::size_t x) {
                while (parent[x] != x)
                    x = parent[x] = parent[parent[x]];
                return x;
            };
            m_adj.assign(n, {});
            for (std::size_t li = 0; li < m_links.size(); ++li) {
                const auto& r = m_links[li];
                parent[find(r.a.node)] = find(r.b.node);
                m_adj[r.a.node].push_back({ r.b.node, li });
                m_adj[r.b.node].push_back({ r.a.node, li });
            }
            checkCancelled(m_fb);

            // Sending NICs per component and marking.
            struct Sources {
                std::vector<const PortRef*> nics;
            };
            std::map<std::size_t, std::map<Intent, Sources>> intents;
            std::map<std::size_t, std::size_t> hostPortsPerComponent;
            auto forEachEnd = [&](auto fn) {
                for (const auto& r : m_links) {
                    fn(r.a, r.b);
                    fn(r.b, r.a);
                }
            };
            forEachEnd([&](const PortRef& self, const PortRef& peer) {
                if (m_f.nodes[self.node].isSwitch() || !self.policy || !m_f.nodes[peer.node].isSwitch())
                    return;
                const std::size_t c = find(self.node);
                ++hostPortsPerComponent[c];
                if (isRoceNic(*self.policy))
                    intents[c][nicIntent(*self.policy)].nics.push_back(&self);
            });

            // Failures grouped by (policy where it happens, component, marking, resulting class).
            struct Failure {
                std::set<std::string> nodes;
                std::vector<const PortRef*> ports; ///< ingress ports where it happens
                std::size_t component = 0;
            };
            std::map<std::tuple<const QosPolicy*, Intent, int, std::size_t, bool>, Failure> failures;
            std::size_t i = 0;
            forEachEnd([&](const PortRef& self, const PortRef& peer) {
                if (++i % 8192 == 0)
                    checkCancelled(m_fb);
                if (!self.policy || !peer.policy)
                    return;
                const bool selfSwitch = m_f.nodes[self.node].isSwitch();
                const bool peerSwitch = m_f.nodes[peer.node].isSwitch();
                if (!peerSwitch)
                    return; // ingress from a NIC: LFP-NIC-DSCP-MISMATCH
                const std::size_t c = find(self.node);
                if (hostPortsPerComponent[c] < 2)
                    return;
                auto it = intents.find(c);
                if (it == intents.end())
                    return;
                for (const auto& [in, src] : it->second) {
                    if (!selfSwitch && (!isRoceNic(*self.policy) || in == nicIntent(*self.policy)))
                        continue; // a NIC receiving its own marking is checked with its policy; non-RoCE hosts get no RoCE
                    int cls;
                    bool lossless;
                    if (selfSwitch) {
                        cls = classify(*self.policy, in);
                        lossless = self.policy->isLossless(cls);
                    } else {
                        const QosPolicy& h = *self.policy;
                        cls = h.nic.trust == TrustMode::Dscp ? dscpClass(h, in.dscp) : in.priority;
                        lossless = bitmapSet(h.nic.pfcBitmap).test(static_cast<std::size_t>(std::clamp(cls, 0, kPriorities - 1)));
                    }
                    if (lossless && cls == in.priority)
                        continue;
                    auto& fl = failures[std::make_tuple(self.policy, in, cls, c, selfSwitch)];
                    fl.nodes.insert(m_f.nodes[self.node].name);
                    fl.ports.push_back(&self);
                    fl.component = c;
                }
            });
            progress(80, {});

            // One finding per (policy, component, switch or NIC ingress), listing every marking that
            // breaks there, so that the objects of two findings never coincide.
            std::map<std::tuple<const QosPolicy*, std::size_t, bool>, std::vector<decltype(failures)::const_iterator>> groups;
            for (auto it = failures.cbegin(); it != failures.cend(); ++it)
                groups[std::make_tuple(std::get<0>(it->first), std::get<3>(it->first), std::get<4>(it->first))].push_back(it);

            std::size_t examples = 0;
            for (const auto& [gkey, members] : groups) {
                checkCancelled(m_fb);
                const auto& [pol, comp, atSwitch] = gkey;
                std::set<std::string> allNodes;
                std::vector<std::string> parts;
                std::vector<Evidence> ev;
                std::string example;
                std::set<int> dscps;
                for (const auto& it : members) {
                    const auto& [p0, in, cls, c0, s0] = it->first;
                    const Failure& fl = it->second;
                    const auto& srcs = intents[comp][in].nics;
                    const bool lossless = atSwitch ? pol->isLossless(cls)
                                                   : bitmapSet(pol->nic.pfcBitmap).test(static_cast<std::size_t>(std::clamp(cls, 0, kPriorities - 1)));
                    if (example.empty() && examples < kMaxExamplePaths && !srcs.empty()) {
                        ++examples;
                        example = examplePath(*srcs.front(), fl.ports);
                    }
                    allNodes.insert(fl.nodes.begin(), fl.nodes.end());
                    const std::vector<std::string> nodes(fl.nodes.begin(), fl.nodes.end());
                    std::vector<std::string> srcNames;
                    for (const PortRef* sp : srcs)
                        srcNames.push_back(portId(sp->ep));
                    std::sort(srcNames.begin(), srcNames.end());
                    parts.push_back(fmt::format("RoCE traffic marked DSCP {} on priority {} by {} host NIC(s) ({}) is classified into priority {}, "
                                                "which is {}, on {} ingress port(s) of {} {} ({})",
                        in.dscp, in.priority, srcNames.size(), listSome(srcNames, 2), cls,
                        lossless ? "lossless but a different class (pauses stop the wrong queue)" : "lossy", fl.ports.size(), nodes.size(),
                        atSwitch ? "switch(es)" : "receiving host(s)", listSome(nodes)));
                    ev.push_back({ "dscp", static_cast<double>(in.dscp), "", "RoCE marking of the sending NICs" });
                    ev.push_back({ "nic_priority", static_cast<double>(in.priority), "", "sending NIC" });
                    ev.push_back({ "classified_priority", static_cast<double>(cls), "", fmt::format("policy {}", pol->name) });
                    ev.push_back({ "classified_lossless", lossless ? 1.0 : 0.0, "", "1 = PFC on that priority" });
                    ev.push_back({ "ingress_ports", static_cast<double>(fl.ports.size()), "", fmt::format("DSCP {}", in.dscp) });
                    ev.push_back({ "sending_nics", static_cast<double>(srcs.size()), "", fmt::format("DSCP {}", in.dscp) });
                    dscps.insert(in.dscp);
                }
                std::vector<std::string> objects { policyId(*pol) };
                objects.insert(objects.end(), allNodes.begin(), allNodes.end());
                std::string msg = fmt::format("Policy {} breaks the lossless class of host-to-host paths{}: ", pol->name,
                    atSwitch ? "" : " at the receiving NICs");
                for (std::size_t k = 0; k < parts.size(); ++k)
                    msg += (k ? "; " : "") + parts[k];
                msg += ".";
                if (!example.empty())
                    msg += " Example path: " + example + ".";
                const auto& firstIn = std::get<1>(members.front()->first);
                add(make(Severity::Error, "LFP-PATH-NOT-LOSSLESS", std::move(objects), std::move(msg), std::move(ev),
                    atSwitch ? fmt::format("Map DSCP {} to priority {} and make it lossless in policy {} (one DSCP map and PFC set for the whole "
                                           "fabric), or make the NICs mark the fabric's RoCE DSCP.",
                                   firstIn.dscp, firstIn.priority, pol->name)
                             : fmt::format("Map DSCP {} to priority {} and enable PFC on it in the NIC policy {}, or use one RoCE marking for all "
                                           "hosts.",
                                   firstIn.dscp, firstIn.priority, pol->name)));
            }
        }

        /// "gpu05 → leaf2 → spine1 → leaf1 → gpu01": from @p src to one of @p at (entering its node
        /// through it) and on to the nearest other host.
        std::string examplePath(const PortRef& src, const std::vector<const PortRef*>& at) const
        {
            const std::size_t n = m_f.nodes.size();
            const auto none = std::numeric_limits<std::size_t>::max();
            auto bfs = [&](std::size_t from, std::size_t blockedLink, std::vector<std::size_t>& prev) {
                std::vector<std::size_t> dist(n, none);
                prev.assign(n, none);
                std::deque<std::size_t> queue { from };
                dist[from] = 0;
                while (!queue.empty()) {
                    const std::size_t u = queue.front();
                    queue.pop_front();
                    // Hosts are end points: paths do not cross them.
                    if (u != from && !m_f.nodes[u].isSwitch())
                        continue;
                    for (const auto& [v, li] : m_adj[u])
                        if (li != blockedLink && dist[v] == none) {
                            dist[v] = dist[u] + 1;
                            prev[v] = u;
                            queue.push_back(v);
                        }
                }
                return dist;
            };
            std::vector<std::size_t> prev;
            const auto dist = bfs(src.node, none, prev);
            // The failing ingress port entered on a shortest path from the source.
            const PortRef* best = nullptr;
            std::size_t bestPeer = none;
            std::size_t bestLink = none;
            for (const PortRef* p : at) {
                for (const auto& [v, li] : m_adj[p->node]) {
                    const auto& r = m_links[li];
                    const PortRef& self = (r.a.ep == p->ep) ? r.a : r.b;
                    if (!(self.ep == p->ep))
                        continue;
                    if (dist[v] == none || dist[p->node] == none || dist[v] + 1 != dist[p->node])
                        continue;
                    if (!best || dist[v] < dist[bestPeer]) {
                        best = p;
                        bestPeer = v;
                        bestLink = li;
                    }
                }
            }
            if (!best)
                return {};
            std::vector<std::size_t> path;
            for (std::size_t v = bestPeer; v != none; v = prev[v])
                path.push_back(v);
            std::reverse(path.begin(), path.end());
            path.push_back(best->node);
            if (m_f.nodes[best->node].isSwitch()) {
                std::vector<std::size_t> prev2;
                const auto dist2 = bfs(best->node, bestLink, prev2);
                std::size_t dst = none;
                for (std::size_t v = 0; v < n; ++v)
                    if (v != src.node && !m_f.nodes[v].isSwitch() && dist2[v] != none && (dst == none || dist2[v] < dist2[dst]))
                        dst = v;
                if (dst == none)
                    return {};
                std::vector<std::size_t> tail;
                for (std::size_t v = dst; v != best->node && v != none; v = prev2[v])
                    tail.push_back(v);
                path.insert(path.end(), tail.rbegin(), tail.rend());
            }
            std::string out;
            for (std::size_t v : path)
                out += (out.empty() ? "" : " → ") + m_f.nodes[v].name;
            return out;
        }

        const Fabric& m_f;
        const FabricIndex& m_idx;
        Feedback* m_fb;
        std::vector<Finding> m_out;
        std::vector<std::vector<const QosPolicy*>> m_portPolicy; ///< per node, per port
        std::map<const QosPolicy*, Usage> m_usage;
        std::map<Role, std::vector<std::string>> m_missing; ///< nodes with linked ports and no policy
        std::map<Role, std::size_t> m_missingPorts;
        std::vector<const PortOverride*> m_staleOverrides;
        std::vector<std::string> m_ibNodes; ///< InfiniBand nodes (no RoCE policy applies)
        std::vector<std::string> m_fecUnknown; ///< ports on a link whose FEC the source did not give
        std::vector<LinkRef> m_links;
        std::vector<std::vector<std::pair<std::size_t, std::size_t>>> m_adj; ///< per node: (neighbour, index in m_links)
    };

} // namespace

std::vector<Finding> checkPolicies(const Fabric& fabric, Feedback* feedback)
{
    const FabricIndex index(fabric);
    return checkPolicies(index, feedback);
}

std::vector<Finding> checkPolicies(const FabricIndex& index, Feedback* feedback)
{
    auto out = PolicyChecker(index, feedback).run();
    sortFindings(out);
    return out;
}

} // namespace lfp
