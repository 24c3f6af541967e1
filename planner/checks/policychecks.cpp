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
#include "planner/checks/checks.h"
#include "model/counttext.h"
#include "planner/plan/deviceplan.h"
#include "planner/findings/findingregistry.h"

#include "model/enumnames.h"
#include "model/fabricindex.h"
#include "model/lanes.h"

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

    // Objects of findings are typed (model/objectref.h); the *Id forms are their text, for messages.
    ObjectRef portRef(const Endpoint& e) { return ObjectRef::forPort(e); }
    ObjectRef policyRef(const QosPolicy& p) { return ObjectRef::forPolicy(p.name); }
    std::string portId(const Endpoint& e) { return portRef(e).toString(); }

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

    /// The resolved scheduling and marking of @p queue (planner/plan/deviceplan.h), or null when out of 0..7.
    const QueuePlan* queueOf(const PolicyPlan& p, int queue)
    {
        return queue >= 0 && queue < kPriorities ? &p.queues[static_cast<std::size_t>(queue)] : nullptr;
    }
    /// The queue's ETS entry as the plan resolved it (the first naming it): strict/DWRR and weight, or
    /// nullopt when the policy has none for it.
    std::optional<EtsQueue> etsEntry(const PolicyPlan& p, int queue)
    {
        const QueuePlan* q = queueOf(p, queue);
        if (!q || !q->mode)
            return std::nullopt;
        return EtsQueue { queue, *q->mode, q->weight };
    }
    bool ecnOnQueue(const PolicyPlan& p, int queue)
    {
        const QueuePlan* q = queueOf(p, queue);
        return q && q->ecn.has_value();
    }

    double ms(Nanoseconds t) { return t.value() / 1e6; }

    /// @p params with the list parameter @p name (findingregistry.h, "{*name}"): the first @p limit
    /// items, then "and N more".
    FindingParams withList(FindingParams params, const std::string& name, const std::vector<FindingListItem>& items, std::size_t limit = 3)
    {
        addListParam(params, name, items, limit);
        return params;
    }
    FindingParams withValueList(FindingParams params, const std::string& name, const std::vector<std::string>& values, std::size_t limit = 3)
    {
        addValueListParam(params, name, values, limit);
        return params;
    }

    /// A finding through the registry (message and fix from its templates), objects sorted and unique.
    Finding make(const char* code, std::vector<ObjectRef> objects, FindingParams params, std::vector<Evidence> evidence = {},
        std::optional<Severity> severity = std::nullopt)
    {
        std::sort(objects.begin(), objects.end());
        objects.erase(std::unique(objects.begin(), objects.end()), objects.end());
        return makeFinding(code, std::move(objects), std::move(params), std::move(evidence), severity);
    }

    std::string num(std::size_t n) { return std::to_string(n); }
    std::string num(int n) { return std::to_string(n); }
    std::string num(double v) { return fmt::format("{:g}", v); }

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
                    add(make("LFP-POLICY-UNKNOWN", { ObjectRef::forRole(b.role), ObjectRef::forPolicy(b.policy) },
                        { { "binding", "role" }, { "remedy", "bind-role" }, { "role", toString(b.role) }, { "policy", b.policy } }));
            std::set<Endpoint> seen;
            for (const auto& o : m_f.overrides) {
                if (!seen.insert(o.port).second)
                    continue; // policyFor uses the first override of a port
                if (!m_f.findPolicy(o.policy))
                    add(make("LFP-POLICY-UNKNOWN", { portRef(o.port), ObjectRef::forPolicy(o.policy) },
                        { { "binding", "port" }, { "remedy", "remove-override" }, { "port", portId(o.port) }, { "policy", o.policy } }));
            }
            for (const PortOverride* o : m_staleOverrides)
                add(make("LFP-POLICY-OVERRIDE-STALE", { portRef(o->port), ObjectRef::forPolicy(o->policy) }, { { "port", portId(o->port) }, { "policy", o->policy } }));
            if (!m_ibNodes.empty() && m_f.ibQos.empty()) // with ib_qos policies: checkInfinibandQos (ibpolicychecks.cpp)
                add(make("LFP-IB-QOS-BY-SM", { ObjectRef::forFabric() }, withValueList({ { "count", num(m_ibNodes.size()) } }, "nodes", m_ibNodes),
                    { { "nodes", static_cast<double>(m_ibNodes.size()), "", "ib.type set by the import" } }));
            for (const auto& [role, nodes] : m_missing) {
                const std::size_t ports = m_missingPorts[role];
                std::vector<ObjectRef> objects { ObjectRef::forRole(role) };
                for (const auto& n : nodes)
                    objects.push_back(ObjectRef::forNode(n));
                add(make("LFP-POLICY-MISSING", std::move(objects),
                    withValueList({ { "ports", num(ports) }, { "count", num(nodes.size()) }, { "role", toString(role) } }, "nodes", nodes),
                    { { "ports_without_policy", static_cast<double>(ports), "", "" },
                        { "nodes", static_cast<double>(nodes.size()), "", "" } }));
            }
        }

        // ------------------------------------------------------------ one policy

        /// What every per-policy rule needs: the policy, where it is used, its classes.
        struct PolicyContext {
            const QosPolicy& p;
            const PolicyPlan& plan; ///< the policy resolved (classes, queues, NIC: planner/plan/deviceplan.h)
            const Usage& use;
            ObjectRef pid;
            Prios used, lossless, usedLossless;
            bool rocePolicy = false;
            std::string where;
        };
        /// DWRR weights that do not add up to 100 % (LFP-ETS-WEIGHTS-SUM)
        void ruleEtsWeightsSum(const PolicyContext& c)
        {
            const QosPolicy& p = c.p;
            const ObjectRef& pid = c.pid;
            // ETS: DWRR weights.
            int sum = 0;
            std::vector<FindingListItem> dwrr;
            for (const auto& e : p.ets)
                if (e.mode == SchedulerMode::Dwrr) {
                    sum += e.weight;
                    dwrr.push_back({ "weight", { { "queue", num(e.queue) }, { "weight", num(e.weight) } } });
                }
            if (!dwrr.empty() && sum != 100)
                add(make("LFP-ETS-WEIGHTS-SUM", { pid }, withList({ { "policy", p.name }, { "sum", num(sum) } }, "weights", dwrr, 8),
                    { { "weight_sum", static_cast<double>(sum), "%", "sum of DWRR weights" }, { "expected", 100, "%", "IEEE 802.1Qaz ETS bandwidth" } }));
        }

        /// lossless queues without service (LFP-ETS-LOSSLESS-STARVED)
        void ruleEtsLosslessStarved(const PolicyContext& c)
        {
            const QosPolicy& p = c.p;
            const ObjectRef& pid = c.pid;
            const Prios& usedLossless = c.usedLossless;
            // ETS: lossless queues must get service. One finding per policy, listing every starved queue.
            // A queue without an ETS entry in a policy with no DWRR entry at all (only strict ones) is not
            // starved: it is served with what the strict queues leave — Junos: "Other queues receive the
            // bandwidth that remains after the strict-high queue has been serviced" (Juniper, "priority
            // (Schedulers)", QFX Series), the shape of Juniper's validated AI/ML backend design (no
            // transmit-rate on the lossless scheduler, the CNP queue strict-high bounded to 5 %).
            const bool strictOnly = std::none_of(p.ets.begin(), p.ets.end(), [](const EtsQueue& e) { return e.mode == SchedulerMode::Dwrr; });
            if (!p.ets.empty()) {
                std::vector<FindingListItem> starved;
                std::vector<Evidence> ev;
                std::vector<int> queues;
                for (int prio = 0; prio < kPriorities; ++prio) {
                    if (!usedLossless.test(static_cast<std::size_t>(prio)))
                        continue;
                    const int q = at(p.tcToQueue, prio);
                    const std::optional<EtsQueue> e = etsEntry(c.plan, q);
                    if (e && (e->mode == SchedulerMode::Strict || e->weight > 0))
                        continue;
                    if (!e && strictOnly)
                        continue; // the remainder after the strict queues (above)
                    starved.push_back({ "starved-queue", { { "priority", num(prio) }, { "queue", num(q) }, { "why", e ? "weight-0" : "no-ets" } } });
                    ev.push_back({ "priority", static_cast<double>(prio), "", "lossless" });
                    ev.push_back({ "queue", static_cast<double>(q), "", "" });
                    ev.push_back({ "weight", e ? static_cast<double>(e->weight) : 0.0, "%", e ? fmt::format("DWRR weight of queue {}", q) : fmt::format("queue {} not in ETS", q) });
                    queues.push_back(q);
                }
                if (!starved.empty()) {
                    FindingParams params { { "policy", p.name } };
                    addListParam(params, "starved", starved, 8);
                    std::vector<std::string> qs;
                    for (int q : queues)
                        qs.push_back(std::to_string(q));
                    addValueListParam(params, "queues", qs, 8);
                    add(make("LFP-ETS-LOSSLESS-STARVED", { pid }, std::move(params), std::move(ev)));
                }
            }
        }

        /// strict queues carrying bulk or lossless traffic (LFP-ETS-STRICT-MISUSE)
        void ruleEtsStrictMisuse(const PolicyContext& c)
        {
            const QosPolicy& p = c.p;
            const ObjectRef& pid = c.pid;
            const Prios& used = c.used;
            const Prios& lossless = c.lossless;
            // ETS: strict queues carrying bulk or lossless traffic. One finding per policy.
            {
                const int dflt = defaultClass(p);
                std::vector<FindingListItem> misuse;
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
                    misuse.push_back({ ll != carried.end() ? "strict-lossless" : "strict-default", { { "queue", num(e.queue) }, { "priority", num(tc) } } });
                    ev.push_back({ "queue", static_cast<double>(e.queue), "", "strict" });
                    ev.push_back({ "priority", static_cast<double>(tc), "", ll != carried.end() ? "lossless" : "default class" });
                }
                if (!misuse.empty()) {
                    FindingParams params { { "policy", p.name }, { "stall", anyLossless ? "stall" : "" } };
                    addListParam(params, "misuse", misuse, 8);
                    add(make("LFP-ETS-STRICT-MISUSE", { pid }, std::move(params), std::move(ev)));
                }
            }
        }

        /// lossless and lossy priorities sharing a PG or queue (LFP-LOSSLESS-SHARED-PG)
        void ruleLosslessSharedPg(const PolicyContext& c)
        {
            const QosPolicy& p = c.p;
            const ObjectRef& pid = c.pid;
            const Prios& used = c.used;
            const Prios& lossless = c.lossless;
            const Prios& usedLossless = c.usedLossless;
            // Lossless and lossy priorities sharing a PG or a queue. One finding per policy.
            {
                std::vector<FindingListItem> shared;
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
                            // (a class that carries lossless traffic without a PFC priority of its own, a Tagger
                            // bounce class (TrafficClass::losslessAs), is not lossy traffic in that PG or queue)
                            if (tc != prio && used.test(static_cast<std::size_t>(tc)) && !lossless.test(static_cast<std::size_t>(tc))
                                && p.carriedLossless(tc) < 0 && at(map, tc) == slot)
                                lossy.set(static_cast<std::size_t>(tc));
                        if (lossy.none())
                            continue;
                        (pgKind ? pgShared : queueShared) = true;
                        shared.push_back({ std::string(pgKind ? "shares-pg" : "shares-queue") + (lossy.count() == 1 ? "" : "-many"),
                            { { "priority", num(prio) }, { "slot", num(slot) }, { "lossy", prioList(lossy) } } });
                        ev.push_back({ pgKind ? "pg" : "queue", static_cast<double>(slot), "",
                            fmt::format("lossless priority {}, lossy priorities {}", prio, prioList(lossy)) });
                    }
                }
                if (!shared.empty()) {
                    FindingParams params { { "policy", p.name }, { "pg_shared", pgShared ? "pg" : "" }, { "queue_shared", queueShared ? "queue" : "" } };
                    addListParam(params, "shared", shared, 8);
                    add(make("LFP-LOSSLESS-SHARED-PG", { pid }, std::move(params), std::move(ev)));
                }
            }
        }

        /// CNPs in a queue that is not strict (LFP-CNP-NOT-STRICT)
        void ruleCnpNotStrict(const PolicyContext& c)
        {
            const QosPolicy& p = c.p;
            const ObjectRef& pid = c.pid;
            if (!c.rocePolicy)
                return;
            // CNP class.
            const int cnpQueue = at(p.tcToQueue, p.cnpPriority);
            const std::optional<EtsQueue> cnpEts = etsEntry(c.plan, cnpQueue);
            if (!cnpEts || cnpEts->mode != SchedulerMode::Strict)
                add(make("LFP-CNP-NOT-STRICT", { pid },
                    { { "policy", p.name }, { "priority", num(p.cnpPriority) }, { "queue", num(cnpQueue) }, { "scheduling", cnpEts ? "dwrr" : "not-in-ets" },
                        { "weight", cnpEts ? num(cnpEts->weight) : std::string() } },
                    { { "cnp_priority", static_cast<double>(p.cnpPriority), "", "" }, { "queue", static_cast<double>(cnpQueue), "", "" } }));
        }

        /// CNP DSCP mapped to another class (LFP-CNP-CLASS-MISMATCH)
        void ruleCnpClassMismatch(const PolicyContext& c)
        {
            const QosPolicy& p = c.p;
            const ObjectRef& pid = c.pid;
            if (!c.rocePolicy)
                return;
            if (p.trust == TrustMode::Dscp && dscpClass(p, p.cnpDscp) != p.cnpPriority)
                add(make("LFP-CNP-CLASS-MISMATCH", { pid },
                    { { "site", "policy" }, { "site_fix", "policy-fix" }, { "policy", p.name }, { "dscp", num(p.cnpDscp) },
                        { "mapped", num(dscpClass(p, p.cnpDscp)) }, { "cnp", num(p.cnpPriority) } },
                    { { "cnp_dscp", static_cast<double>(p.cnpDscp), "", "" }, { "mapped_priority", static_cast<double>(dscpClass(p, p.cnpDscp)), "", "dscp_to_tc" },
                        { "cnp_priority", static_cast<double>(p.cnpPriority), "", "" } }));
        }

        /// PFC watchdog on switch ports (LFP-WD-MISSING, LFP-WD-TIMERS, LFP-WD-ACTION)
        void ruleWatchdog(const PolicyContext& c)
        {
            const QosPolicy& p = c.p;
            const ObjectRef& pid = c.pid;
            const Prios& lossless = c.lossless;
            if (!(c.use.switchPorts > 0 && c.rocePolicy))
                return;
            // PFC watchdog.
            if (!p.watchdog.enabled)
                add(make("LFP-WD-MISSING", { pid },
                    { { "policy", p.name }, { "switch_ports", num(c.use.switchPorts) }, { "host_ports", num(c.use.hostPorts) }, { "example", c.use.examplePort },
                        { "priorities", prioList(lossless) }, { "detection", num(kSonicDefaultDetectionMs) }, { "restoration", num(kSonicDefaultRestorationMs) } },
                    { { "lossless_priorities", static_cast<double>(lossless.count()), "", prioList(lossless) } }));
            else
                checkWatchdogTimers(p);
        }

        /// ECN marking on the lossless queues of switch ports (LFP-POLICY-ECN-MISSING)
        void ruleEcnMissing(const PolicyContext& c)
        {
            const QosPolicy& p = c.p;
            const ObjectRef& pid = c.pid;
            const Prios& usedLossless = c.usedLossless;
            if (!(c.use.switchPorts > 0 && c.rocePolicy))
                return;
            // ECN marking on lossless queues.
            std::vector<FindingListItem> unmarked;
            for (int prio = 0; prio < kPriorities; ++prio)
                if (usedLossless.test(static_cast<std::size_t>(prio)) && !ecnOnQueue(c.plan, at(p.tcToQueue, prio)))
                    unmarked.push_back({ "queue", { { "queue", num(at(p.tcToQueue, prio)) }, { "priority", num(prio) } } });
            if (!unmarked.empty())
                add(make("LFP-POLICY-ECN-MISSING", { pid }, withList({ { "policy", p.name } }, "queues", unmarked, 8),
                    { { "unmarked_lossless_queues", static_cast<double>(unmarked.size()), "", "" } }));
        }

        /// Host NIC settings that contradict themselves (LFP-NIC-DSCP-MISMATCH, LFP-NIC-PFC-MISMATCH, LFP-NIC-ECN-DISABLED)
        void ruleNicSettings(const PolicyContext& c)
        {
            if (c.use.hostPorts > 0 && c.rocePolicy)
                checkNicSettings(c.p, c.plan.nic);
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
            const auto plan = resolvePolicy(p, std::nullopt);
            PolicyContext c { p, *plan, use, policyRef(p), used, lossless, used & lossless, lossless.any(),
                fmt::format("used by {} and {}, e.g. {}", countOf(use.switchPorts, "switch port"), countOf(use.hostPorts, "host port"), use.examplePort) };
            for (const auto& entry : policyRules())
                (this->*entry.second)(c);
        }

        void checkWatchdogTimers(const QosPolicy& p)
        {
            const double det = ms(p.watchdog.detection);
            const double res = ms(p.watchdog.restoration);
            const char* detection = det < kWatchdogMinDetectionMs ? "too-short" : det > kWatchdogMaxDetectionMs ? "too-long" : "";
            const char* restoration = res >= det ? "" : *detection ? "also-restoration-short" : "restoration-short";
            if (!*detection && !*restoration) {
                if (p.watchdog.action == WatchdogAction::Alert)
                    add(make("LFP-WD-ACTION", { policyRef(p) }, { { "policy", p.name } }));
                return;
            }
            add(make("LFP-WD-TIMERS", { policyRef(p) },
                { { "policy", p.name }, { "detection_problem", detection }, { "restoration_problem", restoration }, { "detection", num(det) },
                    { "restoration", num(res) }, { "min_detection", num(kWatchdogMinDetectionMs) }, { "max_detection", num(kWatchdogMaxDetectionMs) },
                    { "default_detection", num(kSonicDefaultDetectionMs) }, { "default_restoration", num(kSonicDefaultRestorationMs) } },
                { { "detection", det, "ms", "policy" }, { "restoration", res, "ms", "policy" },
                    { "sonic_default_detection", kSonicDefaultDetectionMs, "ms", "sonic-utilities pfcwd DEFAULT_DETECTION_TIME" },
                    { "sonic_default_restoration", kSonicDefaultRestorationMs, "ms", "sonic-utilities pfcwd DEFAULT_RESTORATION_TIME" } }));
        }

        /// NIC settings that contradict themselves (the NIC's own DSCP map, PFC bitmap, DCQCN), as the
        /// policy's resolved NIC plan states them (planner/plan/deviceplan.h NicPlan).
        void checkNicSettings(const QosPolicy& h, const NicPlan& nic)
        {
            const ObjectRef pid = policyRef(h);
            if (nic.trust == TrustMode::Dscp && nic.roceMapped != nic.rocePriority)
                add(make("LFP-NIC-DSCP-MISMATCH", { pid },
                    { { "site", "policy" }, { "site_fix", "policy-fix" }, { "policy", h.name }, { "dscp", num(nic.roceDscp) }, { "priority", num(nic.rocePriority) },
                        { "mapped", num(nic.roceMapped) } },
                    { { "roce_dscp", static_cast<double>(nic.roceDscp), "", "nic" }, { "roce_priority", static_cast<double>(nic.rocePriority), "", "nic" },
                        { "mapped_priority", static_cast<double>(nic.roceMapped), "", "dscp_to_tc" } }));
            const Prios nicPfc = bitmapSet(nic.pfcBitmap);
            if (!nicPfc.test(static_cast<std::size_t>(std::clamp(nic.rocePriority, 0, kPriorities - 1))))
                add(make("LFP-NIC-PFC-MISMATCH", { pid },
                    { { "site", "policy" }, { "site_fix", "policy-fix" }, { "policy", h.name }, { "priority", num(nic.rocePriority) }, { "nic_pfc", prioList(nicPfc) } },
                    { { "roce_priority", static_cast<double>(nic.rocePriority), "", "nic" },
                        { "nic_pfc_priorities", static_cast<double>(nicPfc.count()), "", prioList(nicPfc) } }));
            if (!nic.dcqcnRp || !nic.dcqcnNp) {
                const char* off = !nic.dcqcnRp && !nic.dcqcnNp ? "rp-and-np" : !nic.dcqcnRp ? "rp" : "np";
                add(make("LFP-NIC-ECN-DISABLED", { pid },
                    { { "policy", h.name }, { "disabled", off }, { "effect", !nic.dcqcnNp ? "no-cnp" : "cnp-ignored" }, { "priority", num(nic.rocePriority) } },
                    { { "ecn_rp", nic.dcqcnRp ? 1.0 : 0.0, "", "1 = enabled" }, { "ecn_np", nic.dcqcnNp ? 1.0 : 0.0, "", "1 = enabled" } }));
            }
        }

        // ------------------------------------------------------------ links

        /// A finding before its links are known: rendered once every link of the pair is collected.
        struct Draft {
            const char* code = nullptr;
            FindingParams params;
            std::vector<Evidence> evidence;
            std::optional<Severity> severity;
        };
        /// Collects one aggregated finding per (code, policy pair).
        struct PairFinding {
            Draft d;
            std::vector<ObjectRef> objects;
            std::vector<std::string> pairs; ///< "a -- b" of every link where the pair meets
        };

        void collectLinks()
        {
            m_links.reserve(m_f.links.size());
            for (std::size_t li = 0; li < m_f.links.size(); ++li) {
                const Link& l = m_f.links[li];
                LinkRef r;
                r.link = &l;
                bool ok = true;
                int side = 0;
                for (auto [end, ref] : { std::pair { &l.a, &r.a }, std::pair { &l.b, &r.b } }) {
                    const auto pid = m_idx.linkEnd(static_cast<LinkId>(li), side++); // resolved once, by the index
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
                    it->second.d = build(e1, e2);
                    it->second.objects.push_back(policyRef(*p1));
                    if (p2 != p1)
                        it->second.objects.push_back(policyRef(*p2));
                }
                it->second.objects.push_back(portRef(e1.ep));
                it->second.objects.push_back(portRef(e2.ep));
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
            emitLaneFindings();
            if (!m_fecUnknown.empty()) {
                std::sort(m_fecUnknown.begin(), m_fecUnknown.end());
                add(make("LFP-LINK-FEC-UNKNOWN", m_fecUnknown, withValueList({ { "count", num(m_fecUnknown.size()) } }, "ports", toStrings(m_fecUnknown)),
                    { { "ports", static_cast<double>(m_fecUnknown.size()), "", "FEC unknown" } }));
            }
            for (auto& [key, pf] : pairs) {
                std::sort(pf.pairs.begin(), pf.pairs.end());
                pf.d.params.emplace_back("links", num(pf.pairs.size()));
                addValueListParam(pf.d.params, "link_list", pf.pairs, 3);
                pf.d.evidence.push_back({ "links", static_cast<double>(pf.pairs.size()), "", "" });
                add(make(pf.d.code, std::move(pf.objects), std::move(pf.d.params), std::move(pf.d.evidence), pf.d.severity));
            }
        }

        void checkPortPair(const LinkRef& r)
        {
            const Port& a = *r.a.port;
            const Port& b = *r.b.port;
            const ObjectRef ra = portRef(r.a.ep), rb = portRef(r.b.ep);
            const std::string ia = ra.toString(), ib = rb.toString();
            if (a.mtu != b.mtu) {
                const int lo = std::min(a.mtu, b.mtu);
                add(make("LFP-LINK-MTU-MISMATCH", { ra, rb },
                    { { "a", ia }, { "b", ib }, { "mtu_a", num(a.mtu) }, { "mtu_b", num(b.mtu) }, { "min_mtu", num(lo) }, { "max_mtu", num(std::max(a.mtu, b.mtu)) } },
                    { { "mtu", static_cast<double>(a.mtu), "B", ia }, { "mtu", static_cast<double>(b.mtu), "B", ib } }));
            }
            if (a.speed != b.speed)
                add(make("LFP-LINK-SPEED-MISMATCH", { ra, rb }, { { "a", ia }, { "b", ib }, { "speed_a", formatSpeed(a.speed) }, { "speed_b", formatSpeed(b.speed) } },
                    { { "speed", toGbps(a.speed), "Gb/s", ia }, { "speed", toGbps(b.speed), "Gb/s", ib } }));
            if (a.fec == Fec::Unknown || b.fec == Fec::Unknown) {
                m_fecUnknown.push_back(a.fec == Fec::Unknown ? ra : rb); // reported once, by checkLinks
                if (a.fec == Fec::Unknown && b.fec == Fec::Unknown)
                    m_fecUnknown.push_back(rb);
            } else if (a.fec != b.fec)
                addFecMismatch(r, ra, rb);
            checkLanes(a, b, ra, rb);
        }

        /// Lanes and FEC that can come up together (model/lanes.h): the same lane count at the same
        /// speed, and on each end the FEC IEEE 802.3 defines for its lane rate. Aggregated, emitted by
        /// emitLaneFindings().
        void checkLanes(const Port& a, const Port& b, const ObjectRef& ra, const ObjectRef& rb)
        {
            const std::string ia = ra.toString(), ib = rb.toString();
            if (a.speed == b.speed && a.speed.value() > 0 && a.lanes >= 1 && b.lanes >= 1 && a.lanes != b.lanes) {
                const bool aFirst = a.lanes < b.lanes;
                auto& e = m_laneMismatch[{ a.speed.value(), std::min(a.lanes, b.lanes), std::max(a.lanes, b.lanes) }];
                e.objects.push_back(ra);
                e.objects.push_back(rb);
                e.items.push_back(aFirst ? ia + " -- " + ib : ib + " -- " + ia);
            }
            for (const auto* pe : { &a, &b }) {
                const double rate = laneRateGbps(pe->speed, pe->lanes);
                if (fecLaneRateProblem(pe->fec, rate).empty())
                    continue;
                auto& e = m_fecLane[{ pe->speed.value(), pe->lanes, static_cast<int>(pe->fec) }];
                const std::string& id = pe == &a ? ia : ib;
                e.objects.push_back(pe == &a ? ra : rb);
                e.items.push_back(id);
            }
        }

        void emitLaneFindings()
        {
            for (auto& [key, e] : m_laneMismatch) {
                const auto [speed, lo, hi] = key;
                const BitsPerSecond sp(speed);
                const double rLo = laneRateGbps(sp, lo), rHi = laneRateGbps(sp, hi);
                std::sort(e.items.begin(), e.items.end());
                add(make("LFP-LINK-LANES-MISMATCH", e.objects,
                    withValueList({ { "links", num(e.items.size()) }, { "speed", formatSpeed(sp) }, { "lanes_a", num(lo) }, { "rate_a", num(rLo) },
                                      { "mod_a", laneModulation(rLo) }, { "lanes_b", num(hi) }, { "rate_b", num(rHi) }, { "mod_b", laneModulation(rHi) } },
                        "link_list", e.items),
                    { { "lanes", static_cast<double>(lo), "lanes", fmt::format("{} Gb/s per lane, {}", num(rLo), laneModulation(rLo)) },
                        { "lanes", static_cast<double>(hi), "lanes", fmt::format("{} Gb/s per lane, {}", num(rHi), laneModulation(rHi)) },
                        { "links", static_cast<double>(e.items.size()), "", "" } }));
            }
            for (auto& [key, e] : m_fecLane) {
                const auto [speed, lanes, fecInt] = key;
                const BitsPerSecond sp(speed);
                const double rate = laneRateGbps(sp, lanes);
                const Fec fec = static_cast<Fec>(fecInt);
                std::sort(e.items.begin(), e.items.end());
                add(make("LFP-PORT-FEC-LANE-RATE", e.objects,
                    withValueList({ { "count", num(e.items.size()) }, { "speed", formatSpeed(sp) }, { "lanes", num(lanes) }, { "rate", num(rate) },
                                      { "modulation", laneModulation(rate) }, { "fec", enumLabel(fec) }, { "expected", enumLabel(expectedFec(rate)) },
                                      { "rule", fecLaneRateProblem(fec, rate) } },
                        "ports", e.items),
                    { { "lane_rate", rate, "Gb/s", laneModulation(rate) }, { "fec", std::nan(""), "", enumLabel(fec) },
                        { "ports", static_cast<double>(e.items.size()), "", "" } }));
            }
        }

        void addFecMismatch(const LinkRef& r, const ObjectRef& ra, const ObjectRef& rb)
        {
            const std::string ia = ra.toString(), ib = rb.toString();
            const Port& a = *r.a.port;
            const Port& b = *r.b.port;
            {
                add(make("LFP-LINK-FEC-MISMATCH", { ra, rb },
                    { { "a", ia }, { "b", ib }, { "fec_a", toString(a.fec) }, { "fec_b", toString(b.fec) },
                        { "fec", toGbps(a.speed) >= 200 ? "RS-544 (rs544)" : "RS-528 (rs)" }, { "speed", formatSpeed(a.speed) } },
                    // The FEC is a name, not a number: value null, the label in the note (never the enum's number).
                    { { "fec", std::nan(""), "", fmt::format("{} on {}", enumLabel(a.fec), ia) },
                        { "fec", std::nan(""), "", fmt::format("{} on {}", enumLabel(b.fec), ib) } }));
            }
        }

        template <class PairAdd>
        void checkSwitchPair(const PortRef& e1, const PortRef& e2, PairAdd& pairAdd)
        {
            const QosPolicy& p1 = *e1.policy;
            const QosPolicy& p2 = *e2.policy;
            if (p1.trust != p2.trust)
                pairAdd("LFP-LINK-TRUST-MISMATCH", &p1, &p2, e1, e2, [&](const PortRef& a, const PortRef& b) {
                    return Draft { "LFP-LINK-TRUST-MISMATCH",
                        { { "policy_a", p1.name }, { "port_a", portId(a.ep) }, { "trust_a", toString(p1.trust) }, { "policy_b", p2.name },
                            { "port_b", portId(b.ep) }, { "trust_b", toString(p2.trust) } },
                        {}, std::nullopt };
                });
            const Prios l1 = losslessSet(p1), l2 = losslessSet(p2);
            if (l1 != l2) {
                const Prios diff = l1 ^ l2;
                const bool inUse = (diff & (usedClasses(p1) | usedClasses(p2))).any();
                pairAdd("LFP-LINK-PFC-MISMATCH", &p1, &p2, e1, e2, [&](const PortRef& a, const PortRef& b) {
                    return Draft { "LFP-LINK-PFC-MISMATCH",
                        { { "policy_a", p1.name }, { "port_a", portId(a.ep) }, { "pfc_a", prioList(l1) }, { "policy_b", p2.name }, { "port_b", portId(b.ep) },
                            { "pfc_b", prioList(l2) }, { "differing", prioList(diff) }, { "unused", inUse ? "" : "unused" } },
                        { { "pfc_priorities", static_cast<double>(l1.count()), "", fmt::format("{}: {}", p1.name, prioList(l1)) },
                            { "pfc_priorities", static_cast<double>(l2.count()), "", fmt::format("{}: {}", p2.name, prioList(l2)) } },
                        inUse ? Severity::Error : Severity::Warning };
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
                    Draft d { "LFP-LINK-DSCP-MAP-MISMATCH",
                        { { "policy_a", p1.name }, { "port_a", portId(a.ep) }, { "policy_b", p2.name }, { "port_b", portId(b.ep) }, { "count", num(diffs.size()) },
                            { "effect", losslessInvolved ? "lossless" : "lossy-only" } },
                        std::move(ev), losslessInvolved ? Severity::Error : Severity::Warning };
                    addValueListParam(d.params, "differences", diffs, 4);
                    return d;
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
                    return Draft { "LFP-NIC-TRUST-MISMATCH",
                        { { "host", h.name }, { "host_port", portId(a.ep) }, { "host_trust", toString(h.nic.trust) }, { "switch", s.name },
                            { "switch_port", portId(b.ep) }, { "switch_trust", toString(s.trust) } },
                        {}, std::nullopt };
                });
            const Intent in = nicIntent(h);
            const int cls = classify(s, in);
            if (!s.isLossless(cls) || cls != in.priority)
                pairAdd("LFP-NIC-DSCP-MISMATCH", &h, &s, host, sw, [&](const PortRef& a, const PortRef& b) {
                    const bool dscp = s.trust == TrustMode::Dscp;
                    return Draft { "LFP-NIC-DSCP-MISMATCH",
                        { { "site", "attachment" }, { "site_fix", dscp ? "dscp-fix" : "pcp-fix" }, { "host", h.name }, { "host_port", portId(a.ep) },
                            { "dscp", num(in.dscp) }, { "priority", num(in.priority) }, { "switch", s.name }, { "switch_port", portId(b.ep) },
                            { "classify", dscp ? "map-dscp" : "take-pcp" }, { "class", num(cls) }, { "state", s.isLossless(cls) ? "lossless-other" : "lossy" },
                            { "effect", s.isLossless(cls) ? "pauses-other" : "best-effort" } },
                        { { "roce_dscp", static_cast<double>(in.dscp), "", fmt::format("NIC, policy {}", h.name) },
                            { "nic_priority", static_cast<double>(in.priority), "", fmt::format("NIC, policy {}", h.name) },
                            { "switch_priority", static_cast<double>(cls), "", fmt::format("switch, policy {}", s.name) },
                            { "switch_lossless", s.isLossless(cls) ? 1.0 : 0.0, "", "1 = PFC on that priority" } },
                        std::nullopt };
                });
            const Prios nicPfc = bitmapSet(h.nic.pfcBitmap);
            const Prios swPfc = losslessSet(s);
            if (nicPfc != swPfc) {
                const auto rp = static_cast<std::size_t>(std::clamp(in.priority, 0, kPriorities - 1));
                const bool roceAffected = !nicPfc.test(rp) || !swPfc.test(rp);
                pairAdd("LFP-NIC-PFC-MISMATCH", &h, &s, host, sw, [&](const PortRef& a, const PortRef& b) {
                    return Draft { "LFP-NIC-PFC-MISMATCH",
                        { { "site", "attachment" }, { "site_fix", "attachment-fix" }, { "host", h.name }, { "host_port", portId(a.ep) },
                            { "nic_pfc", prioList(nicPfc) }, { "switch", s.name }, { "switch_port", portId(b.ep) }, { "switch_pfc", prioList(swPfc) },
                            { "effect", roceAffected ? "roce-lossy" : "roce-agrees" }, { "priority", num(in.priority) },
                            { "pfc_on", [&] {
                                 std::string on;
                                 for (int p = 0; p < kPriorities; ++p)
                                     if (swPfc.test(static_cast<std::size_t>(p)))
                                         on += (on.empty() ? "" : " ") + fmt::format("{}:on", p);
                                 return on;
                             }() } },
                        { { "nic_pfc_priorities", static_cast<double>(nicPfc.count()), "", prioList(nicPfc) },
                            { "switch_pfc_priorities", static_cast<double>(swPfc.count()), "", prioList(swPfc) },
                            { "roce_priority", static_cast<double>(in.priority), "", "NIC" } },
                        roceAffected ? Severity::Error : Severity::Warning };
                });
            }
            if (s.trust == TrustMode::Dscp && losslessSet(s).any() && dscpClass(s, h.nic.cnpDscp) != s.cnpPriority)
                pairAdd("LFP-CNP-CLASS-MISMATCH", &h, &s, host, sw, [&](const PortRef& a, const PortRef& b) {
                    return Draft { "LFP-CNP-CLASS-MISMATCH",
                        { { "site", "attachment" }, { "site_fix", "attachment-fix" }, { "host", h.name }, { "host_port", portId(a.ep) },
                            { "dscp", num(h.nic.cnpDscp) }, { "switch", s.name }, { "switch_port", portId(b.ep) }, { "mapped", num(dscpClass(s, h.nic.cnpDscp)) },
                            { "cnp", num(s.cnpPriority) }, { "switch_dscp", num(s.cnpDscp) } },
                        { { "nic_cnp_dscp", static_cast<double>(h.nic.cnpDscp), "", h.name },
                            { "switch_priority", static_cast<double>(dscpClass(s, h.nic.cnpDscp)), "", s.name },
                            { "switch_cnp_priority", static_cast<double>(s.cnpPriority), "", s.name } },
                        std::nullopt };
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
                std::vector<FindingListItem> parts;
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
                    FindingParams part { { "dscp", num(in.dscp) }, { "nic_priority", num(in.priority) }, { "nics", num(srcNames.size()) },
                        { "class", num(cls) }, { "state", lossless ? "other-lossless" : "lossy" }, { "ports", num(fl.ports.size()) },
                        { "nodes", num(nodes.size()) }, { "site", atSwitch ? "switches" : "hosts" } };
                    addValueListParam(part, "nic_list", srcNames, 2);
                    addValueListParam(part, "node_list", nodes, 3);
                    parts.push_back({ "break", std::move(part) });
                    ev.push_back({ "dscp", static_cast<double>(in.dscp), "", "RoCE marking of the sending NICs" });
                    ev.push_back({ "nic_priority", static_cast<double>(in.priority), "", "sending NIC" });
                    ev.push_back({ "classified_priority", static_cast<double>(cls), "", fmt::format("policy {}", pol->name) });
                    ev.push_back({ "classified_lossless", lossless ? 1.0 : 0.0, "", "1 = PFC on that priority" });
                    ev.push_back({ "ingress_ports", static_cast<double>(fl.ports.size()), "", fmt::format("DSCP {}", in.dscp) });
                    ev.push_back({ "sending_nics", static_cast<double>(srcs.size()), "", fmt::format("DSCP {}", in.dscp) });
                    dscps.insert(in.dscp);
                }
                std::vector<ObjectRef> objects { policyRef(*pol) };
                for (const auto& n : allNodes)
                    objects.push_back(ObjectRef::forNode(n));
                const auto& firstIn = std::get<1>(members.front()->first);
                FindingParams params { { "policy", pol->name }, { "where", atSwitch ? "" : "at-nics" }, { "example", example.empty() ? "" : "example" },
                    { "path", example }, { "site_fix", atSwitch ? "switch-fix" : "nic-fix" }, { "dscp", num(firstIn.dscp) },
                    { "priority", num(firstIn.priority) } };
                addListParam(params, "breaks", parts, SIZE_MAX, "list-semicolon");
                add(make("LFP-PATH-NOT-LOSSLESS", std::move(objects), std::move(params), std::move(ev)));
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
        std::vector<ObjectRef> m_fecUnknown; ///< ports on a link whose FEC the source did not give
        struct LaneGroup {
            std::vector<ObjectRef> objects;
            std::vector<std::string> items;
        };
        std::map<std::tuple<std::int64_t, int, int>, LaneGroup> m_laneMismatch; ///< (speed, fewer lanes, more lanes) → links
        std::map<std::tuple<std::int64_t, int, int>, LaneGroup> m_fecLane; ///< (speed, lanes, FEC) → ports
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
