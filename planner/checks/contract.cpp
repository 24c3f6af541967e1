// SPDX-License-Identifier: GPL-3.0-or-later
// The lossless contract, hop by hop (contract.h; the model in docs/contract.md). Sources of the rules:
// DCQCN (Zhu et al., SIGCOMM 2015: ECN on the switch queue, NP sends CNPs, RP reacts); RoCEv2 (IBTA
// Annex A17: routed, the ToS byte carries DSCP and ECN, RFC 3168 ECN codepoints); PFC (IEEE 802.1Qbb:
// no-drop per priority on both link ends); ../shared/guide/ecn-pfc.md for the vendor defaults.
#include "planner/checks/contract.h"
#include <optional>
#include "model/errors.h"
#include "model/counttext.h"

#include "planner/findings/findingregistry.h"
#include "planner/routing/routing.h"

#include <algorithm>
#include <array>
#include <map>
#include <tuple>
#include <unordered_map>

namespace lfp {

const char* toString(ContractClass c)
{
    switch (c) {
    case ContractClass::Data:
        return "data";
    case ContractClass::Cnp:
        return "cnp";
    case ContractClass::Ack:
        return "ack";
    }
    return "data";
}

const char* toString(ContractDirection d) { return d == ContractDirection::Forward ? "forward" : "reverse"; }

std::optional<ContractClass> contractClassFromString(std::string_view s)
{
    if (s == "data")
        return ContractClass::Data;
    if (s == "cnp")
        return ContractClass::Cnp;
    if (s == "ack" || s == "ack/nak" || s == "nak")
        return ContractClass::Ack;
    return std::nullopt;
}

bool ContractResult::broken() const
{
    return setProblems || std::any_of(classes.begin(), classes.end(), [](const ContractCertificate& c) { return c.carriesTraffic && !c.holds; });
}

namespace {
    constexpr std::size_t sz(int v) { return static_cast<std::size_t>(v); }
    constexpr int kProfiles = 3;

    /// The fields where the contract can break (docs/findings.md, LFP-CONTRACT-BROKEN).
    enum class Field : std::uint8_t {
        NoPolicy, AppDscp, AppEcn, Trust, NicPfc, NicRp, NicNp, NicCnpDscp, NicCnpPriority,
        IngressPfc, IngressPg, CnpDscp, CnpClass, EgressPfc, EcnQueue, Ets, CnpStrict, CnpWred, Rewrite, RetagNotRestored
    };
    constexpr const char* kFieldNames[] = { "no-policy", "app-dscp", "app-ecn", "trust", "nic-pfc", "nic-rp", "nic-np", "nic-cnp-dscp",
        "nic-cnp-priority", "ingress-pfc", "ingress-pg", "cnp-dscp", "cnp-class", "egress-pfc", "ecn-queue", "ets", "cnp-strict",
        "cnp-wred", "rewrite", "retag-not-restored" };
    const char* fieldName(Field f) { return kFieldNames[static_cast<std::size_t>(f)]; }

    /// One place where the contract breaks, with the values behind it (-1 = not applicable).
    struct Break {
        Field field = Field::NoPolicy;
        NodeId node = kNoId;
        PortId port = kNoId;
        int found = -1, expected = -1, dscp = -1, tc = -1, queue = -1, extra = -1;
        auto key() const { return std::make_tuple(field, node, port, found, expected, dscp, tc, queue, extra); }
    };

    bool needsPfc(ContractProfile p) { return p != ContractProfile::EcnOnly; }
    bool needsEcn(ContractProfile p) { return p != ContractProfile::PfcOnly; }

    bool ecnOnQueue(const QosPolicy& p, int queue)
    {
        return std::any_of(p.ecn.begin(), p.ecn.end(),
            [&](const EcnProfile& e) { return std::find(e.queues.begin(), e.queues.end(), queue) != e.queues.end(); });
    }
    const EtsQueue* etsEntry(const QosPolicy& p, int queue)
    {
        for (const auto& e : p.ets)
            if (e.queue == queue)
                return &e;
        return nullptr;
    }
    int tcOf(const QosPolicy& p, int dscp) { return (dscp >= 0 && dscp < kDscpValues) ? p.dscpToTc[sz(dscp)] : 0; }
    int clampPrio(int v) { return std::clamp(v, 0, kPriorities - 1); }

    /// A used lossy traffic class sharing @p tc's priority group, or -1 (the PG then is not no-drop for all).
    int lossyPgPartner(const QosPolicy& p, int tc)
    {
        std::array<bool, kPriorities> used {};
        for (int t : p.dscpToTc)
            used[sz(clampPrio(t))] = true;
        for (int t = 0; t < kPriorities; ++t)
            if (t != tc && used[sz(t)] && p.carriedLossless(t) < 0 && p.tcToPg[sz(t)] == p.tcToPg[sz(clampPrio(tc))])
                return t;
        return -1;
    }

    /// A host port whose policy makes it a RoCE end point: a lossless priority, PFC on the NIC, an
    /// ECN-only contract or an application ToS (as planner/checks/policychecks.cpp isRoceNic, plus ECN-only).
    bool isRoceEndpoint(const QosPolicy& h)
    {
        return !h.losslessPriorities.empty() || h.nic.pfcBitmap != 0 || h.nic.appTos >= 0 || h.contractOf(h.nic.rocePriority) == ContractProfile::EcnOnly;
    }

    /// The one adapter through which the contract reads per-hop facts. Today: the policy in force on a
    /// port (fabricindex.h policyAt: the one port-policy rule); a switch port's policy gives its
    /// classification, queues, PFC, ECN, ETS and rewrite, a host port's policy its NIC (nic block, and
    /// dscp_to_tc as the NIC's DSCP → priority map). When the resolved per-device plan
    /// (planner/plan/deviceplan.h) lands, only this class changes.
    class HopFacts {
    public:
        explicit HopFacts(const FabricIndex& idx)
            : m_idx(idx)
        {
        }
        [[nodiscard]] const QosPolicy* switchPort(PortId p) const { return m_idx.policyAt(p); }
        [[nodiscard]] const QosPolicy* nic(PortId hostPort) const { return m_idx.policyAt(hostPort); }

    private:
        const FabricIndex& m_idx;
    };

    /// Hosts that behave alike: same edge switch, same policy on the host port and on the switch port.
    struct EndClass {
        NodeId leaf = kNoId;
        PortId leafPort = kNoId; ///< a representative's switch port
        PortId hostPort = kNoId; ///< its host port
        NodeId host = kNoId; ///< the representative host
        NodeId host2 = kNoId; ///< a second member (examples of pairs within the class)
        const QosPolicy* nic = nullptr;
        const QosPolicy* sw = nullptr;
        std::uint64_t members = 0;
        int wireDscp = 0; ///< the DSCP its data leaves with (application ToS, else the NIC's RoCE DSCP)
        ContractProfile profile = ContractProfile::Dcqcn; ///< the contract of its data
    };

    /// A finding being collected: one break of one class, the host pairs that first break there.
    struct Agg {
        ContractClass cls;
        int brk;
        std::uint64_t pairs = 0;
        NodeId source = kNoId, destination = kNoId;
    };

    class Walker {
    public:
        Walker(const FabricIndex& idx, const ContractOptions& o, Feedback* fb)
            : m_idx(idx)
            , m_facts(idx)
            , m_opts(o)
            , m_fb(fb)
        {
        }
        ContractResult run();
        ContractChain trace(NodeId source, NodeId destination, ContractClass k);

    private:
        std::optional<EndClass> endOf(NodeId host);
        void record(ContractChain& c, const char* stage, NodeId node, PortId port, int brk, int dscp, int tc, int queue);
        bool follow(ContractChain& chain, const EndClass& y, NodeId v, PortId in, int dscp, int depth, std::size_t& budget);
        static constexpr std::size_t kTracePaths = 100000; ///< ECMP paths a trace tries for one that breaks
        void buildClasses();
        void buildChannels();
        void buildMemo();
        void walkDestinationLeaf(NodeId leaf, const std::vector<std::size_t>& dests);
        void walkPair(ContractClass k, const EndClass& s, const EndClass& r, std::uint64_t pathsFromSource);
        int senderBreak(ContractClass k, const EndClass& x, ContractProfile prof);
        int walk(NodeId v, PortId in, int dscp);
        int ingressBreak(NodeId v, PortId in, int dscp, int& tc);
        int egressBreak(NodeId v, PortId out, int tc, int dscp, int& outDscp);
        int receiverBreak(const EndClass& y, int dscp);
        [[nodiscard]] std::size_t hopKey(PortId p, int tc, int dscp) const;
        int ingressCached(NodeId v, PortId in, int dscp, int& tc);
        int egressCached(NodeId v, PortId out, int tc, int dscp);
        [[nodiscard]] int egressDscp(PortId out, int dscp) const;
        int add(Break b);
        std::uint64_t pathsFrom(int v, bool arrivedDown);
        void finish(ContractResult& r);
        Finding makeBreakFinding(const Agg& a, ContractBreakSite& site) const;
        [[nodiscard]] bool classCarried(ContractClass k, ContractProfile p) const { return k != ContractClass::Cnp || p != ContractProfile::PfcOnly; }

        const FabricIndex& m_idx;
        HopFacts m_facts;
        ContractOptions m_opts;
        Feedback* m_fb;
        Topology m_topo;
        RoutingContext m_ctx;
        DestRouting m_route;
        std::vector<EndClass> m_classes;
        std::vector<PortId> m_chFromPort, m_chToPort; ///< per channel
        StaticTable m_statics; ///< RoutingModel::Static: the routes resolved on m_topo (m_ctx points here)
        std::vector<char> m_inDown; ///< per port: a packet entering here arrived on a down channel (up*\/down*)
        // Paths to the current destination leaf per (switch, arrived down): value and stamp (= m_pathEpoch: done)
        std::vector<std::uint64_t> m_pathCount;
        std::vector<std::uint32_t> m_pathStamp;
        std::uint32_t m_pathEpoch = 0;
        // The walk's state: class, destination class, profile; memo per (ingress port, DSCP, profile).
        ContractClass m_kind = ContractClass::Data;
        const EndClass* m_dest = nullptr;
        ContractProfile m_prof = ContractProfile::Dcqcn;
        NodeId m_destLeaf = kNoId;
        std::array<int, kDscpValues> m_slot {}; ///< DSCP → memo slot (only DSCPs a walk can carry)
        std::size_t m_slots = 0;
        std::vector<int> m_ingress, m_egress; ///< hop check caches (hopKey), -2 = not computed
        std::vector<std::int8_t> m_ingressTc;
        std::vector<std::uint32_t> m_stamp;
        std::vector<int> m_memo;
        std::uint32_t m_epoch = 0;
        std::vector<Break> m_breaks;
        std::map<decltype(Break {}.key()), int> m_breakIndex;
        std::map<std::pair<int, int>, std::size_t> m_aggIndex; ///< (class, break) → m_aggs
        std::vector<Agg> m_aggs;
        std::array<ContractCertificate, 3> m_cert {};
        std::array<bool, kProfiles> m_profileSeen {};
        std::size_t m_notRoce = 0; ///< host ports left out: their policy makes them no RoCE end point
        std::array<bool, kDscpValues> m_senderDscp {}; ///< the DSCPs the end points mark their data and ACKs with
    };

    int Walker::add(Break b)
    {
        auto [it, inserted] = m_breakIndex.emplace(b.key(), static_cast<int>(m_breaks.size()));
        if (inserted)
            m_breaks.push_back(b);
        return it->second;
    }

    void Walker::buildChannels()
    {
        m_topo = buildTopology(m_idx.fabric());
        // The routing model decides the paths (as lfp deadlock: planner/routing/routing.h, one router).
        if (m_opts.routing == RoutingModel::Lft)
            throw InputError(SourceLocation { {}, 0, 0, "--routing" }, "the contract walks ecmp, updown or static routing; lft is InfiniBand (no RoCE contract)");
        if (m_opts.routing == RoutingModel::Static) {
            checkStaticRoutes(m_opts.routes, m_topo);
            m_statics = resolveStaticRoutes(m_topo, m_opts.routes);
        }
        m_ctx = makeRoutingContext(m_topo, m_opts.routing, LinkMask(sz(m_topo.linkCount), 0),
            m_opts.routing == RoutingModel::Static ? &m_statics : nullptr);
        m_chFromPort.assign(m_topo.channels.size(), kNoId);
        m_chToPort.assign(m_topo.channels.size(), kNoId);
        for (std::size_t l = 0; l < m_idx.fabric().links.size(); ++l) {
            const auto a = m_idx.linkEnd(static_cast<LinkId>(l), 0), b = m_idx.linkEnd(static_cast<LinkId>(l), 1);
            if (!a || !b)
                continue;
            m_chFromPort[2 * l] = *a;
            m_chToPort[2 * l] = *b;
            m_chFromPort[2 * l + 1] = *b;
            m_chToPort[2 * l + 1] = *a;
        }
        // up*\/down*: a packet that arrived on a down channel may only go down (routing.h DestRouting::next).
        m_inDown.assign(m_idx.portCount(), 0);
        for (std::size_t c = 0; c < m_topo.channels.size(); ++c)
            if (m_chToPort[c] != kNoId && m_topo.chFrom[c] >= 0)
                m_inDown[sz(static_cast<int>(m_chToPort[c]))] = m_ctx.arrivesDown(static_cast<int>(c)) ? 1 : 0;
    }

    /// Memo slots for the DSCPs a walk can carry: the senders' data and CNP DSCPs and every rewrite target.
    void Walker::buildMemo()
    {
        std::array<bool, kDscpValues> used {};
        for (const EndClass& c : m_classes)
            if (c.nic) {
                used[sz(std::clamp(c.wireDscp, 0, kDscpValues - 1))] = true;
                used[sz(c.nic->nic.cnpDscp)] = true;
            }
        for (const QosPolicy& p : m_idx.fabric().policies)
            for (const auto& [from, to] : p.dscpRewrite)
                used[sz(std::clamp(to, 0, kDscpValues - 1))] = true;
        m_slot.fill(0);
        m_slots = 0;
        for (int d = 0; d < kDscpValues; ++d)
            if (used[sz(d)])
                m_slot[sz(d)] = static_cast<int>(m_slots++);
        m_slots = std::max<std::size_t>(m_slots, 1);
        m_stamp.assign(m_idx.portCount() * m_slots * kProfiles, 0);
        m_memo.assign(m_stamp.size(), -1);
        m_egress.assign(m_idx.portCount() * kPriorities * m_slots * kProfiles * 3, -2);
        m_ingress.assign(m_egress.size(), -2); // indexed with tc 0 only (ingress computes the TC)
        m_ingressTc.assign(m_egress.size(), 0);
    }

    /// Endpoint classes: every host port linked to a switch port, grouped by (switch, both policies).
    void Walker::buildClasses()
    {
        std::map<std::tuple<NodeId, const QosPolicy*, const QosPolicy*>, std::size_t> byKey;
        for (NodeId n = 0; n < m_idx.nodeCount(); ++n) {
            if (m_idx.nodeAt(n).isSwitch())
                continue;
            for (PortId hp = m_idx.firstPort(n); hp < m_idx.endPort(n); ++hp) {
                const auto peer = m_idx.peer(hp);
                if (!peer || !m_idx.nodeAt(m_idx.nodeOf(*peer)).isSwitch())
                    continue;
                const NodeId leaf = m_idx.nodeOf(*peer);
                const QosPolicy* nic = m_facts.nic(hp);
                if (nic && !isRoceEndpoint(*nic)) {
                    ++m_notRoce; // a management or storage host: no RoCE to keep a contract for
                    continue;
                }
                const QosPolicy* sw = m_facts.switchPort(*peer);
                auto [it, inserted] = byKey.emplace(std::make_tuple(leaf, nic, sw), m_classes.size());
                if (inserted) {
                    EndClass c { leaf, *peer, hp, n, kNoId, nic, sw, 0 };
                    if (nic) {
                        c.wireDscp = nic->nic.appTos >= 0 ? nic->nic.appTos >> 2 : nic->nic.roceDscp;
                        for (int d : { c.wireDscp, nic->nic.roceDscp })
                            if (d >= 0 && d < kDscpValues)
                                m_senderDscp[sz(d)] = true;
                        const int prio = nic->nic.trust == TrustMode::Dscp ? tcOf(*nic, c.wireDscp) : nic->nic.rocePriority;
                        c.profile = nic->contractOf(clampPrio(prio));
                    }
                    m_classes.push_back(c);
                }
                EndClass& c = m_classes[it->second];
                if (c.host2 == kNoId && n != c.host)
                    c.host2 = n;
                ++c.members;
            }
        }
    }

    /// The sending end's part of the chain for class @p k sent by @p x: the application's marking and the
    /// NIC (data, ACK/NAK), or the notification point's CNP marking against its switch port (CNP).
    int Walker::senderBreak(ContractClass k, const EndClass& x, ContractProfile prof)
    {
        Walker& self = *this;
        if (!x.nic)
            return self.add({ Field::NoPolicy, x.host, x.hostPort });
        const HostNicSettings& nic = x.nic->nic;
        if (k == ContractClass::Cnp) {
            if (!x.sw)
                return -1; // the walk reports the switch port without a policy
            if (nic.cnpDscp != x.sw->cnpDscp) {
                const bool shared = tcOf(*x.sw, nic.cnpDscp) == tcOf(*x.sw, x.sw->cnpDscp);
                return self.add({ Field::NicCnpDscp, x.host, x.leafPort, nic.cnpDscp, x.sw->cnpDscp, -1, shared ? clampPrio(tcOf(*x.sw, nic.cnpDscp)) : -1 });
            }
            if (nic.cnpPriority != x.sw->cnpPriority)
                return self.add({ Field::NicCnpPriority, x.host, x.leafPort, nic.cnpPriority, x.sw->cnpPriority });
            return -1;
        }
        if (nic.appTos >= 0 && x.wireDscp != nic.roceDscp)
            return self.add({ Field::AppDscp, x.host, kNoId, x.wireDscp, nic.roceDscp, -1, -1, -1, nic.appTos });
        const int ecnBits = nic.appTos >= 0 ? nic.appTos & 3 : 2;
        if (k == ContractClass::Data && needsEcn(prof) && (ecnBits == 0 || ecnBits == 3))
            return self.add({ Field::AppEcn, x.host, kNoId, ecnBits, (nic.appTos & ~3) | 2, -1, -1, -1, nic.appTos });
        const int prio = clampPrio(nic.trust == TrustMode::Dscp ? tcOf(*x.nic, x.wireDscp) : nic.rocePriority);
        if (needsPfc(prof) && !(nic.pfcBitmap & (1u << prio)))
            return self.add({ Field::NicPfc, x.host, x.hostPort, -1, -1, x.wireDscp, prio });
        if (k == ContractClass::Data && needsEcn(prof) && !nic.ecnReactionPoint)
            return self.add({ Field::NicRp, x.host, x.hostPort });
        return -1;
    }

    /// Whether class @p tc of @p p is lossless: a PFC priority, or a class that carries one priority's
    /// lossless traffic under another class (TrafficClass::losslessAs: a tag plan's bounce class, PG and
    /// pause of that priority; docs/deadlock.md "The bounce, re-queued").
    bool losslessOrCarried(const QosPolicy& p, int tc) { return p.isLossless(tc) || p.carriedLossless(tc) >= 0; }

    /// A re-tag: egress policy @p p rewrites a data or ACK packet to @p to, a DSCP that @p p itself carries
    /// lossless (a tag plan's next tag or down marker). The walk goes on with the new DSCP, each next hop
    /// classifies it, and the DSCP must be a sender's again when it reaches the far NIC (retag-not-restored).
    bool isRetag(const QosPolicy& p, int to) { return to >= 0 && to < kDscpValues && losslessOrCarried(p, clampPrio(tcOf(p, to))); }

    /// Classification at the ingress port @p in of switch @p v: trust, DSCP → TC, no-drop / PG (data,
    /// ACK/NAK under a PFC profile), the CNP DSCP and class (CNP).
    int Walker::ingressBreak(NodeId v, PortId in, int dscp, int& tc)
    {
        const QosPolicy* p = m_facts.switchPort(in);
        if (!p)
            return add({ Field::NoPolicy, v, in });
        if (p->trust != TrustMode::Dscp)
            return add({ Field::Trust, v, in });
        tc = clampPrio(tcOf(*p, dscp));
        if (m_kind == ContractClass::Cnp) {
            if (dscp != p->cnpDscp)
                return add({ Field::CnpDscp, v, in, dscp, p->cnpDscp });
            if (tc != p->cnpPriority)
                return add({ Field::CnpClass, v, in, tc, p->cnpPriority, dscp });
            return -1;
        }
        if (needsPfc(m_prof) && !losslessOrCarried(*p, tc))
            return add({ Field::IngressPfc, v, in, -1, -1, dscp, tc });
        if (needsPfc(m_prof)) {
            if (const int other = lossyPgPartner(*p, tc); other >= 0)
                return add({ Field::IngressPg, v, in, p->tcToPg[sz(tc)], other, dscp, tc });
        }
        return -1;
    }

    /// Queueing at the egress port @p out: no-drop (PFC profiles), ECN on the queue (data under an ECN
    /// profile), a bandwidth share, strict and WRED-free for CNPs, then any DSCP rewrite.
    int Walker::egressBreak(NodeId v, PortId out, int tc, int dscp, int& outDscp)
    {
        const QosPolicy* p = m_facts.switchPort(out);
        if (!p)
            return add({ Field::NoPolicy, v, out });
        const int q = clampPrio(p->tcToQueue[sz(tc)]);
        const EtsQueue* e = etsEntry(*p, q);
        if (m_kind == ContractClass::Cnp) {
            if (!p->ets.empty() && (!e || e->mode != SchedulerMode::Strict))
                return add({ Field::CnpStrict, v, out, e ? e->weight : 0, -1, dscp, tc, q });
            if (ecnOnQueue(*p, q))
                return add({ Field::CnpWred, v, out, -1, -1, dscp, tc, q });
        } else {
            if (needsPfc(m_prof) && !losslessOrCarried(*p, tc))
                return add({ Field::EgressPfc, v, out, -1, -1, dscp, tc, q });
            if (m_kind == ContractClass::Data && needsEcn(m_prof) && !ecnOnQueue(*p, q))
                return add({ Field::EcnQueue, v, out, -1, -1, dscp, tc, q });
            if (e && e->mode == SchedulerMode::Dwrr && e->weight <= 0)
                return add({ Field::Ets, v, out, 0, -1, dscp, tc, q });
        }
        outDscp = p->rewrittenDscp(dscp);
        if (outDscp != dscp && (m_kind == ContractClass::Cnp || !isRetag(*p, outDscp)))
            return add({ Field::Rewrite, v, out, dscp, outDscp, dscp, tc, q });
        return -1;
    }

    /// The receiving NIC of the current destination class: trust, PFC on the priority its own map
    /// gives (data, ACK/NAK under a PFC profile), the notification point (data under an ECN profile).
    int Walker::receiverBreak(const EndClass& y, int dscp)
    {
        if (!y.nic)
            return add({ Field::NoPolicy, y.host, y.hostPort });
        const HostNicSettings& nic = y.nic->nic;
        if (nic.trust != TrustMode::Dscp)
            return add({ Field::Trust, y.host, y.hostPort });
        if (m_kind == ContractClass::Cnp)
            return -1;
        const int prio = clampPrio(tcOf(*y.nic, dscp));
        if (needsPfc(m_prof) && !(nic.pfcBitmap & (1u << prio)))
            return add({ Field::NicPfc, y.host, y.hostPort, -1, -1, dscp, prio });
        if (m_kind == ContractClass::Data && needsEcn(m_prof) && !nic.ecnNotificationPoint)
            return add({ Field::NicNp, y.host, y.hostPort });
        return -1;
    }

    /// The first break from switch @p v (entered through port @p in with @p dscp) to the destination
    /// class over every path of the routing model, memoised per (port, DSCP, profile) for the current
    /// destination. The ingress port fixes the up*\/down* state (m_inDown). A static routing loop is
    /// followed once around: re-entering a port being walked adds no path (lfp deadlock reports the loop).
    int Walker::walk(NodeId v, PortId in, int dscp)
    {
        const std::size_t key = (static_cast<std::size_t>(in) * m_slots + sz(m_slot[sz(dscp)])) * kProfiles + sz(static_cast<int>(m_prof));
        if (m_stamp[key] == m_epoch)
            return m_memo[key];
        m_stamp[key] = m_epoch; // being walked: a loop back here ends there
        m_memo[key] = -1;
        int tc = 0;
        int r = ingressCached(v, in, dscp, tc);
        if (r < 0 && v == m_destLeaf) {
            r = egressCached(v, m_dest->leafPort, tc, dscp);
            const int arrives = egressDscp(m_dest->leafPort, dscp);
            // a re-tagged packet must reach the far NIC with a DSCP some sender marks (the tag plan's host
            // ports restore the RoCE DSCP)
            if (r < 0 && m_kind != ContractClass::Cnp && !m_senderDscp[sz(arrives)])
                r = add({ Field::RetagNotRestored, v, m_dest->leafPort, arrives, -1, dscp, tc });
            if (r < 0)
                r = receiverBreak(*m_dest, arrives); // no break: the DSCP left unchanged, or re-tags restored
        } else if (r < 0) {
            const auto [first, last] = m_route.next(static_cast<int>(v), m_inDown[sz(static_cast<int>(in))] != 0);
            for (const int* c = first; c != last && r < 0; ++c) {
                const PortId out = m_chFromPort[sz(*c)];
                r = egressCached(v, out, tc, dscp);
                if (r < 0)
                    r = walk(static_cast<NodeId>(m_topo.chTo[sz(*c)]), m_chToPort[sz(*c)], egressDscp(out, dscp)); // a re-tag goes on re-tagged
            }
        }
        m_stamp[key] = m_epoch;
        m_memo[key] = r;
        return r;
    }

    /// The ingress and egress checks depend on the port, DSCP, class and profile only, not on the
    /// destination: cached across destinations (-2 = not yet computed).
    std::size_t Walker::hopKey(PortId p, int tc, int dscp) const
    {
        return (((static_cast<std::size_t>(p) * kPriorities + sz(tc)) * m_slots + sz(m_slot[sz(dscp)])) * kProfiles + sz(static_cast<int>(m_prof))) * 3
            + sz(static_cast<int>(m_kind));
    }

    int Walker::ingressCached(NodeId v, PortId in, int dscp, int& tc)
    {
        const std::size_t key = hopKey(in, 0, dscp);
        if (m_ingress[key] == -2) {
            int t = 0;
            m_ingress[key] = ingressBreak(v, in, dscp, t);
            m_ingressTc[key] = static_cast<std::int8_t>(t);
        }
        tc = m_ingressTc[key];
        return m_ingress[key];
    }

    int Walker::egressCached(NodeId v, PortId out, int tc, int dscp)
    {
        const std::size_t key = hopKey(out, tc, dscp);
        if (m_egress[key] == -2) {
            int unused = dscp;
            m_egress[key] = egressBreak(v, out, tc, dscp, unused);
        }
        return m_egress[key];
    }

    /// The DSCP a packet of @p dscp leaves switch port @p out with (its policy's rewrite; a rewrite that is
    /// not a re-tag has broken the walk before it goes on).
    int Walker::egressDscp(PortId out, int dscp) const
    {
        const QosPolicy* p = m_facts.switchPort(out);
        const int d = p ? p->rewrittenDscp(dscp) : dscp;
        return d >= 0 && d < kDscpValues ? d : dscp;
    }

    /// Paths of the routing model from switch @p v (in the up*\/down* state @p arrivedDown) to the
    /// destination leaf, counted once per (switch, state) and destination. A static routing loop counts
    /// no path (the packet never arrives).
    std::uint64_t Walker::pathsFrom(int v, bool arrivedDown)
    {
        if (v == static_cast<int>(m_destLeaf))
            return 1;
        if (m_pathStamp.size() != 2 * m_topo.nodes.size()) {
            m_pathStamp.assign(2 * m_topo.nodes.size(), 0);
            m_pathCount.assign(2 * m_topo.nodes.size(), 0);
        }
        const std::size_t key = 2 * sz(v) + (arrivedDown && m_ctx.isUpDown() ? 1 : 0);
        if (m_pathStamp[key] == m_pathEpoch)
            return m_pathCount[key];
        m_pathStamp[key] = m_pathEpoch; // being counted: a loop back here adds nothing
        m_pathCount[key] = 0;
        std::uint64_t n = 0;
        const auto [first, last] = m_route.next(v, arrivedDown);
        for (const int* c = first; c != last; ++c)
            n += pathsFrom(m_topo.chTo[sz(*c)], m_ctx.arrivesDown(*c));
        m_pathCount[key] = n;
        return n;
    }

    /// One ordered pair of endpoint classes for class @p k: @p s sends data to @p r.
    void Walker::walkPair(ContractClass k, const EndClass& s, const EndClass& r, std::uint64_t pathsFromSource)
    {
        const std::uint64_t pairs = &s == &r ? s.members * (s.members - 1) : s.members * r.members;
        if (pairs == 0 || !classCarried(k, s.profile))
            return;
        m_prof = s.profile;
        m_profileSeen[sz(static_cast<int>(s.profile))] = true;
        const EndClass& x = k == ContractClass::Data ? s : r; // who sends this class
        int b = senderBreak(k, x, s.profile);
        if (b < 0) {
            const int dscp = k == ContractClass::Cnp ? (x.nic ? x.nic->nic.cnpDscp : 0) : x.wireDscp;
            b = walk(x.leaf, x.leafPort, std::clamp(dscp, 0, kDscpValues - 1));
        }
        ContractCertificate& c = m_cert[sz(static_cast<int>(k))];
        c.hostPairs += pairs;
        c.paths += pairs * pathsFromSource;
        if (b < 0)
            return;
        c.brokenPairs += pairs;
        c.holds = false;
        auto [it, inserted] = m_aggIndex.emplace(std::make_pair(static_cast<int>(k), b), m_aggs.size());
        if (inserted)
            m_aggs.push_back({ k, b, 0, s.host, &s == &r ? s.host2 : r.host });
        m_aggs[it->second].pairs += pairs;
    }

    /// Every class toward the endpoint classes @p dests at edge switch @p leaf: data to them, CNPs and
    /// ACK/NAKs from every other class back to them.
    void Walker::walkDestinationLeaf(NodeId leaf, const std::vector<std::size_t>& dests)
    {
        computeRouting(m_ctx, static_cast<int>(leaf), m_route);
        m_destLeaf = leaf;
        ++m_pathEpoch;
        for (ContractClass k : { ContractClass::Data, ContractClass::Cnp, ContractClass::Ack }) {
            if (m_opts.only && *m_opts.only != k)
                continue;
            m_kind = k;
            for (std::size_t d : dests) {
                m_dest = &m_classes[d];
                ++m_epoch;
                for (const EndClass& x : m_classes) {
                    const std::uint64_t paths = pathsFrom(static_cast<int>(x.leaf), false);
                    if (paths == 0)
                        continue; // the routing model does not connect the pair
                    // Data: x sends to the destination; CNP and ACK/NAK: the destination sent the data.
                    if (k == ContractClass::Data)
                        walkPair(k, x, *m_dest, paths);
                    else
                        walkPair(k, *m_dest, x, paths);
                }
            }
        }
    }

    std::string nodeName(const FabricIndex& idx, NodeId n) { return n == kNoId ? std::string() : idx.nodeAt(n).name; }
    std::string num(int v) { return std::to_string(v); }

    Finding Walker::makeBreakFinding(const Agg& a, ContractBreakSite& site) const
    {
        const Break& b = m_breaks[sz(a.brk)];
        const ContractDirection dir = a.cls == ContractClass::Data ? ContractDirection::Forward : ContractDirection::Reverse;
        const std::string hop = nodeName(m_idx, b.node);
        // A NIC's CNP marking is compared with its switch port: that port is named as "switch:port".
        const bool onOtherNode = b.port != kNoId && m_idx.nodeOf(b.port) != b.node;
        const std::string port = b.port == kNoId ? std::string() : (onOtherNode ? m_idx.endpoint(b.port).node + ":" : "") + m_idx.portAt(b.port).name;
        const ObjectRef at = b.port == kNoId ? ObjectRef::forNode(hop) : ObjectRef::forPort(m_idx.endpoint(b.port));
        ContractProfile prof = ContractProfile::Dcqcn;
        for (const auto& c : m_classes)
            if (c.host == a.source)
                prof = c.profile;
        site = { a.cls, dir, hop, port, fieldName(b.field) };
        FindingParams params { { "class", toString(a.cls) }, { "direction", toString(dir) }, { "source", nodeName(m_idx, a.source) },
            { "destination", nodeName(m_idx, a.destination) }, { "profile", toString(prof) }, { "hop", hop }, { "port", port },
            { "field", fieldName(b.field) }, { "fix", std::string("fix-") + fieldName(b.field) }, { "found", num(b.found) },
            { "expected", num(b.expected) }, { "dscp", num(b.dscp) }, { "priority", num(b.tc) }, { "queue", num(b.queue) },
            { "tos", num(b.extra) }, { "shared", b.field == Field::NicCnpDscp && b.tc >= 0 ? "shared" : "" },
            { "pairs", std::to_string(a.pairs) } };
        std::vector<ObjectRef> objects { at, ObjectRef::forNode(nodeName(m_idx, a.source)), ObjectRef::forNode(nodeName(m_idx, a.destination)) };
        std::vector<Evidence> ev { { "found", static_cast<double>(b.found), "", fieldName(b.field) },
            { "expected", static_cast<double>(b.expected), "", fieldName(b.field) },
            { "host_pairs", static_cast<double>(a.pairs), "", toString(a.cls) } };
        return makeFinding("LFP-CONTRACT-BROKEN", std::move(objects), std::move(params), std::move(ev));
    }

    /// The routing assumption of the certificate (docs/contract.md).
    std::string routingLine(const ContractOptions& o)
    {
        switch (o.routing) {
        case RoutingModel::UpDown:
            return "routing: up*/down*, the shortest valley-free paths (never up after down; tiers from the node roles); a host pair's "
                   "flows may take any of them, and a path that goes down then up is never walked";
        case RoutingModel::Static:
            return "routing: " + countOf(static_cast<std::int64_t>(o.routes.size()), "static route") + " where they have a next hop, ECMP over every shortest path "
                   "elsewhere; a host pair's flows may take any of them, a path no route leads along is never walked";
        default:
            return "routing: ECMP over every shortest path; a host pair's flows may take any of them";
        }
    }

    /// What each class requires of every hop, for the certificate (English; docs/contract.md).
    std::vector<std::string> properties(ContractClass k, const std::array<bool, kProfiles>& seen)
    {
        std::vector<std::string> out;
        const bool pfc = seen[0] || seen[1], ecn = seen[0] || seen[2];
        if (k == ContractClass::Cnp) {
            out.push_back("the NP's CNP DSCP and priority are its switch port's CNP DSCP and priority");
            out.push_back("every hop classifies the CNP DSCP into its CNP class, trusting DSCP, without rewrite");
            out.push_back("every egress queue of the CNP class is strict priority and has no WRED/ECN profile");
            return out;
        }
        out.push_back(k == ContractClass::Data ? "the sender marks its RoCE DSCP (application ToS = DSCP << 2 | ECN bits)"
                                               : "the responder marks its RoCE DSCP (the ACK/NAK rides its QP's traffic class)");
        out.push_back("every hop trusts DSCP; a hop rewrites it only to re-tag it to a DSCP it carries lossless, and the last hop restores the sender's DSCP");
        if (pfc)
            out.push_back("PFC profiles: the class is lossless at both NICs and on the ingress (PG) and egress of every hop");
        if (ecn && k == ContractClass::Data)
            out.push_back("ECN profiles: ECT(0) from the application, ECN on every egress queue, RP at the sender, NP at the receiver");
        out.push_back("every egress queue of the class has a bandwidth share (strict, or DWRR weight > 0)");
        return out;
    }

    void Walker::finish(ContractResult& r)
    {
        int seen = 0;
        for (int p = 0; p < kProfiles; ++p)
            seen += m_profileSeen[sz(p)] ? 1 : 0;
        r.routing = m_ctx.model;
        r.profile = seen > 1 ? "mixed" : toString(static_cast<ContractProfile>(seen == 0 ? 0 : std::find(m_profileSeen.begin(), m_profileSeen.end(), true) - m_profileSeen.begin()));
        for (ContractClass k : { ContractClass::Data, ContractClass::Cnp, ContractClass::Ack }) {
            if (m_opts.only && *m_opts.only != k)
                continue;
            ContractCertificate c = m_cert[sz(static_cast<int>(k))];
            c.cls = k;
            c.direction = k == ContractClass::Data ? ContractDirection::Forward : ContractDirection::Reverse;
            c.carriesTraffic = k != ContractClass::Cnp || m_profileSeen[0] || m_profileSeen[2];
            c.properties = properties(k, m_profileSeen);
            r.classes.push_back(std::move(c));
        }
        std::stable_sort(m_aggs.begin(), m_aggs.end(), [](const Agg& a, const Agg& b) {
            return std::make_pair(static_cast<int>(a.cls), -static_cast<long long>(a.pairs)) < std::make_pair(static_cast<int>(b.cls), -static_cast<long long>(b.pairs));
        });
        for (const Agg& a : m_aggs) {
            ContractBreakSite site;
            r.findings.push_back(makeBreakFinding(a, site));
            r.sites.push_back(std::move(site));
        }
        r.assumptions = { routingLine(m_opts),
            "RoCEv2 is routed: no PCP crosses a hop, so every device must trust DSCP",
            "a host NIC is set as its port's policy says (nic block; dscp_to_tc as its DSCP to priority map)",
            "an application without a stated ToS (nic.app_tos) sends the NIC's RoCE DSCP with ECT(0)",
            "ACK/NAKs ride the responder's RoCE marking; CNPs the notification point's CNP DSCP and priority",
            "hosts on one edge switch with the same host-port and switch-port policies behave alike",
            "a queue without an ETS entry keeps the device's default share" };
        if (m_notRoce > 0)
            r.assumptions.push_back(countOf(m_notRoce, "host port") + (m_notRoce == 1 ? " is" : " are")
                + " no RoCE end point (no lossless priority, no NIC PFC, no ToS, no ecn-only contract) and "
                + (m_notRoce == 1 ? "is" : "are") + " left out");
    }

    ContractResult Walker::run()
    {
        buildChannels();
        buildClasses();
        buildMemo();
        std::map<NodeId, std::vector<std::size_t>> byLeaf;
        for (std::size_t i = 0; i < m_classes.size(); ++i)
            byLeaf[m_classes[i].leaf].push_back(i);
        std::size_t done = 0;
        for (const auto& [leaf, dests] : byLeaf) {
            checkCancelled(m_fb);
            walkDestinationLeaf(leaf, dests);
            if (m_fb)
                m_fb->setProgress(100.0 * static_cast<double>(++done) / static_cast<double>(byLeaf.size()));
        }
        ContractResult r;
        finish(r);
        return r;
    }
} // namespace

namespace {
    /// The endpoint of @p host: its first port linked to a switch, as buildClasses() makes one.
    std::optional<EndClass> Walker::endOf(NodeId host)
    {
        for (PortId hp = m_idx.firstPort(host); hp < m_idx.endPort(host); ++hp) {
            const auto peer = m_idx.peer(hp);
            if (!peer || !m_idx.nodeAt(m_idx.nodeOf(*peer)).isSwitch())
                continue;
            EndClass c { m_idx.nodeOf(*peer), *peer, hp, host, kNoId, m_facts.nic(hp), m_facts.switchPort(*peer), 1 };
            if (c.nic) {
                c.wireDscp = c.nic->nic.appTos >= 0 ? c.nic->nic.appTos >> 2 : c.nic->nic.roceDscp;
                const int prio = c.nic->nic.trust == TrustMode::Dscp ? tcOf(*c.nic, c.wireDscp) : c.nic->nic.rocePriority;
                c.profile = c.nic->contractOf(clampPrio(prio));
            }
            return c;
        }
        return std::nullopt;
    }

    void Walker::record(ContractChain& c, const char* stage, NodeId node, PortId port, int brk, int dscp, int tc, int queue)
    {
        ContractHop h { stage, nodeName(m_idx, node), port == kNoId ? std::string() : m_idx.portAt(port).name, dscp, tc, queue };
        if (brk >= 0) {
            const Break& b = m_breaks[sz(brk)];
            h.ok = false;
            h.field = fieldName(b.field);
            h.found = b.found;
            h.expected = b.expected;
            if (b.queue >= 0)
                h.queue = b.queue;
        }
        c.hops.push_back(std::move(h));
    }

    ContractChain Walker::trace(NodeId source, NodeId destination, ContractClass k)
    {
        buildChannels();
        ContractChain chain;
        chain.cls = k;
        chain.direction = k == ContractClass::Data ? ContractDirection::Forward : ContractDirection::Reverse;
        if (m_classes.empty())
            buildClasses(); // the DSCPs the end points send (a re-tag must be restored to one of them)
        const auto s = endOf(source), r = endOf(destination);
        if (!s || !r) {
            chain.note = nodeName(m_idx, s ? destination : source) + " has no port linked to a switch";
            return chain;
        }
        const EndClass& x = k == ContractClass::Data ? *s : *r; // who sends this class
        const EndClass& y = k == ContractClass::Data ? *r : *s;
        m_kind = k;
        m_prof = s->profile;
        chain.profile = toString(s->profile);
        if (!classCarried(k, s->profile)) {
            chain.note = "the class carries no traffic under this profile";
            return chain;
        }
        const int dscp = std::clamp(k == ContractClass::Cnp ? (x.nic ? x.nic->nic.cnpDscp : 0) : x.wireDscp, 0, kDscpValues - 1);
        record(chain, "sender", x.host, x.hostPort, senderBreak(k, x, s->profile), dscp, -1, -1);
        computeRouting(m_ctx, static_cast<int>(y.leaf), m_route);
        m_destLeaf = y.leaf;
        std::size_t budget = kTracePaths;
        follow(chain, y, x.leaf, x.leafPort, dscp, 0, budget);
        return chain;
    }

    /// From switch @p v (entered on @p in with @p dscp) to the receiver @p y: the ECMP path that breaks,
    /// if one does among the first kTracePaths paths tried, else the first path. True when it breaks.
    bool Walker::follow(ContractChain& chain, const EndClass& y, NodeId v, PortId in, int dscp, int depth, std::size_t& budget)
    {
        if (depth > 64) {
            chain.note = "the path is longer than 64 hops";
            return false;
        }
        int tc = 0;
        const int ib = ingressBreak(v, in, dscp, tc);
        record(chain, "ingress", v, in, ib, dscp, ib >= 0 && m_breaks[sz(ib)].tc >= 0 ? m_breaks[sz(ib)].tc : tc, -1);
        auto egress = [&](PortId out, int& outDscp) {
            const int eb = egressBreak(v, out, tc, dscp, outDscp);
            if (outDscp < 0 || outDscp >= kDscpValues)
                outDscp = dscp;
            const QosPolicy* p = m_facts.switchPort(out);
            record(chain, "egress", v, out, eb, dscp, tc, p ? clampPrio(p->tcToQueue[sz(tc)]) : -1);
            return ib >= 0 || eb >= 0;
        };
        if (v == y.leaf) {
            int outDscp = dscp;
            bool broken = egress(y.leafPort, outDscp);
            outDscp = std::clamp(outDscp, 0, kDscpValues - 1);
            const int rb = m_kind != ContractClass::Cnp && !m_senderDscp[sz(outDscp)]
                ? add({ Field::RetagNotRestored, v, y.leafPort, outDscp, -1, dscp, tc })
                : receiverBreak(y, outDscp);
            record(chain, "receiver", y.host, y.hostPort, rb, outDscp, -1, -1);
            if (budget > 0)
                --budget;
            return broken || rb >= 0;
        }
        const auto [first, last] = m_route.next(static_cast<int>(v), m_inDown[sz(static_cast<int>(in))] != 0);
        if (first == last) {
            chain.note = "no route from " + nodeName(m_idx, v) + " toward " + nodeName(m_idx, y.leaf);
            return false;
        }
        const std::size_t mark = chain.hops.size();
        std::vector<ContractHop> firstPath;
        for (const int* c = first; c != last; ++c) {
            int outDscp = dscp;
            const bool here = egress(m_chFromPort[sz(*c)], outDscp);
            const bool broken = follow(chain, y, static_cast<NodeId>(m_topo.chTo[sz(*c)]), m_chToPort[sz(*c)], std::clamp(outDscp, 0, kDscpValues - 1), depth + 1, budget)
                || here;
            if (broken || !chain.note.empty())
                return broken;
            if (c == first)
                firstPath.assign(chain.hops.begin() + static_cast<std::ptrdiff_t>(mark), chain.hops.end());
            chain.hops.resize(mark);
            if (budget == 0)
                break;
        }
        chain.hops.insert(chain.hops.end(), firstPath.begin(), firstPath.end());
        return false;
    }
} // namespace

bool ContractChain::holds() const
{
    return note.empty() && std::all_of(hops.begin(), hops.end(), [](const ContractHop& h) { return h.ok; });
}

ContractChain traceContract(const FabricIndex& index, const std::string& source, const std::string& destination, ContractClass cls,
    const ContractOptions& options)
{
    auto hostId = [&](const std::string& name) {
        const auto n = index.node(name);
        if (!n || index.nodeAt(*n).isSwitch())
            throw InputError(SourceLocation { "--trace", 0, 0, "host" }, "no host named \"" + name + "\" in the fabric");
        return *n;
    };
    const NodeId s = hostId(source), d = hostId(destination);
    ContractOptions o = options;
    o.only.reset();
    Walker w(index, o, nullptr);
    return w.trace(s, d, cls);
}

ContractResult checkContract(const FabricIndex& index, const ContractOptions& options, Feedback* feedback)
{
    return Walker(index, options, feedback).run();
}

} // namespace lfp
