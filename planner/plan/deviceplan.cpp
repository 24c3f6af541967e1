// SPDX-License-Identifier: GPL-3.0-or-later
// The resolved plan of each device (deviceplan.h): budgets first (one BudgetContext and HeadroomCache
// for all switches, in parallel), then per device its policies resolved once, its pools and its ports.
#include "planner/plan/deviceplan.h"

#include "model/errors.h"
#include "planner/buffer/pgsplit.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <mutex>
#include <set>
#include <tuple>
#include <tbb/parallel_for.h>

namespace lfp {

const PolicyPlan* DevicePlan::planOf(const QosPolicy* policy) const
{
    for (const auto& p : policyPlans)
        if (p->policy == policy)
            return p.get();
    return nullptr;
}

const QosPolicy* governingPolicy(const std::vector<const QosPolicy*>& policies, const std::vector<const QosPolicy*>& portPolicies)
{
    if (policies.empty())
        return nullptr;
    std::map<const QosPolicy*, int> uses;
    for (const QosPolicy* p : portPolicies)
        if (p)
            ++uses[p];
    const QosPolicy* best = policies.front();
    for (const QosPolicy* pol : policies)
        if (uses[pol] > uses[best])
            best = pol;
    return best;
}

namespace {
    bool validPriority(int p) { return p >= 0 && p < kPriorities; }

    void resolveClasses(const QosPolicy& pol, PolicyPlan& pp)
    {
        for (int tc = 0; tc < kPriorities; ++tc) {
            ClassPlan& c = pp.classes[static_cast<std::size_t>(tc)];
            c.tc = tc;
            c.pg = pol.tcToPg[static_cast<std::size_t>(tc)];
            c.queue = pol.tcToQueue[static_cast<std::size_t>(tc)];
            c.lossless = pp.isLossless(tc);
            c.cnp = tc == pol.cnpPriority;
        }
        for (const auto& tc : pol.classes)
            if (validPriority(tc.id))
                pp.classes[static_cast<std::size_t>(tc.id)].name = tc.name;
        for (int d = 0; d < kDscpValues; ++d) {
            const int tc = pol.dscpToTc[static_cast<std::size_t>(d)];
            if (validPriority(tc))
                pp.classes[static_cast<std::size_t>(tc)].dscp.push_back(d);
        }
    }

    EcnPlan resolveEcn(const EcnProfile& e, std::optional<Bytes> queueBuffer)
    {
        EcnPlan ep;
        ep.profile = e.name;
        ep.kmin = e.kmin;
        ep.kmax = e.kmax;
        ep.pmax = e.pmax;
        ep.queues = e.queues;
        if (queueBuffer && queueBuffer->value() > 0) {
            ep.queueBuffer = queueBuffer;
            const auto qb = static_cast<double>(queueBuffer->value());
            ep.kminFraction = static_cast<double>(e.kmin.value()) / qb;
            ep.kmaxFraction = static_cast<double>(e.kmax.value()) / qb;
        }
        return ep;
    }

    void resolveQueues(const QosPolicy& pol, PolicyPlan& pp)
    {
        for (int q = 0; q < kPriorities; ++q) {
            QueuePlan& qp = pp.queues[static_cast<std::size_t>(q)];
            qp.queue = q;
            qp.lossless = pp.losslessQueues.count(q) > 0;
        }
        for (int tc = 0; tc < kPriorities; ++tc) {
            const int q = pol.tcToQueue[static_cast<std::size_t>(tc)];
            if (!validPriority(q))
                continue;
            QueuePlan& qp = pp.queues[static_cast<std::size_t>(q)];
            qp.tcs.push_back(tc);
            qp.cnp |= tc == pol.cnpPriority;
        }
        // The first ETS entry and the first ECN profile naming a queue win (exportutil.h etsOf/ecnOf).
        for (const auto& e : pol.ets)
            if (validPriority(e.queue) && !pp.queues[static_cast<std::size_t>(e.queue)].mode) {
                pp.queues[static_cast<std::size_t>(e.queue)].mode = e.mode;
                pp.queues[static_cast<std::size_t>(e.queue)].weight = e.weight;
            }
        for (std::size_t i = 0; i < pol.ecn.size(); ++i)
            for (int q : pol.ecn[i].queues)
                if (validPriority(q) && !pp.queues[static_cast<std::size_t>(q)].ecn)
                    pp.queues[static_cast<std::size_t>(q)].ecn = pp.ecnProfiles[i];
    }

    NicPlan resolveNic(const QosPolicy& pol)
    {
        const HostNicSettings& s = pol.nic;
        NicPlan n;
        n.trust = s.trust;
        n.dscpToPriority = pol.dscpToTc;
        n.pfcBitmap = s.pfcBitmap;
        n.priorityToTc = pol.tcToQueue;
        n.dcqcnRp = s.ecnReactionPoint;
        n.dcqcnNp = s.ecnNotificationPoint;
        for (int p = 0; p < kPriorities; ++p)
            if ((s.pfcBitmap >> p) & 1U)
                n.ecnPriorities.push_back(p);
        if (n.ecnPriorities.empty())
            n.ecnPriorities.push_back(s.rocePriority);
        n.rocePriority = s.rocePriority;
        n.roceDscp = s.roceDscp;
        n.roceTos = ((s.roceDscp & 63) << 2) | 2; // ECT(0), RFC 3168 §5
        n.cnpDscp = s.cnpDscp;
        n.cnpPriority = s.cnpPriority;
        n.roceMapped = pol.dscpToTc[static_cast<std::size_t>(s.roceDscp & 63)];
        n.cnpMapped = pol.dscpToTc[static_cast<std::size_t>(s.cnpDscp & 63)];
        return n;
    }

    /// The egress DSCP rewrite as rules with their classes, and as a per-class remark where the class
    /// alone decides the new DSCP (deviceplan.h PolicyPlan::tcRemark).
    void resolveRewrite(const QosPolicy& pol, PolicyPlan& pp)
    {
        auto dscpOk = [](int d) { return d >= 0 && d < kDscpValues; };
        std::array<bool, kPriorities> ruled {};
        for (const auto& [from, to] : pol.dscpRewrite) {
            if (!dscpOk(from) || !dscpOk(to))
                continue; // fabricjson refuses them; a programmatic policy keeps its rules unresolved
            const int tc = pol.dscpToTc[static_cast<std::size_t>(from)];
            pp.dscpRewrite.push_back({ from, to, tc, pol.dscpToTc[static_cast<std::size_t>(to)] });
            if (validPriority(tc))
                ruled[static_cast<std::size_t>(tc)] = true;
        }
        std::sort(pp.dscpRewrite.begin(), pp.dscpRewrite.end(), [](const auto& a, const auto& b) { return a.from < b.from; });
        for (int tc = 0; tc < kPriorities; ++tc) {
            if (!ruled[static_cast<std::size_t>(tc)])
                continue;
            std::set<int> leaves; // the DSCPs the class's packets leave with
            for (int d = 0; d < kDscpValues; ++d)
                if (pol.dscpToTc[static_cast<std::size_t>(d)] == tc)
                    leaves.insert(pol.rewrittenDscp(d));
            if (leaves.size() == 1)
                pp.tcRemark[static_cast<std::size_t>(tc)] = *leaves.begin();
        }
        for (const auto& r : pp.dscpRewrite)
            if (!validPriority(r.tc) || !pp.tcRemark[static_cast<std::size_t>(r.tc)])
                pp.dscpRewriteNotByClass.push_back(r);
    }

    PolicyPlan resolvePolicyValue(const QosPolicy& pol, std::optional<Bytes> queueBuffer)
    {
        PolicyPlan pp;
        pp.policy = &pol;
        pp.name = pol.name;
        pp.trust = pol.trust;
        pp.dscpToTc = pol.dscpToTc;
        pp.losslessPriorities = pol.losslessPriorities;
        for (int p : pol.losslessPriorities)
            if (validPriority(p))
                pp.pfcBitmap = static_cast<std::uint8_t>(pp.pfcBitmap | (1U << p));
        const PgSplit split = pgSplit(pol);
        pp.losslessPgs = split.losslessPgs;
        pp.lossyPgs = split.lossyPgs;
        pp.losslessQueues = split.losslessQueues;
        pp.lossyQueues = split.lossyQueues;
        for (const auto& e : pol.ecn)
            pp.ecnProfiles.push_back(resolveEcn(e, queueBuffer));
        resolveClasses(pol, pp);
        resolveQueues(pol, pp);
        resolveRewrite(pol, pp);
        pp.watchdog.enabled = pol.watchdog.enabled;
        pp.watchdog.active = pol.watchdog.enabled && !pol.losslessPriorities.empty();
        pp.watchdog.detection = pol.watchdog.detection;
        pp.watchdog.restoration = pol.watchdog.restoration;
        pp.watchdog.action = pol.watchdog.action;
        pp.watchdog.priorities = pp.losslessPriorities;
        pp.cnpPriority = pol.cnpPriority;
        pp.cnpDscp = pol.cnpDscp;
        pp.nic = resolveNic(pol);
        return pp;
    }
} // namespace

std::shared_ptr<const PolicyPlan> resolvePolicy(const QosPolicy& policy, std::optional<Bytes> queueBuffer)
{
    return std::make_shared<const PolicyPlan>(resolvePolicyValue(policy, queueBuffer));
}

namespace {
    std::vector<DevicePlan> selectDevices(const Fabric& fabric, const FabricIndex& index, const AsicCatalog& catalog, const DeviceSelection& sel)
    {
        for (const auto& name : sel.devices)
            if (!index.findNode(name))
                throw InputError(SourceLocation { {}, 0, 0, "--device" }, fmt::format("no device named \"{}\" in the fabric", name));
        const std::set<std::string> wanted(sel.devices.begin(), sel.devices.end());
        std::vector<DevicePlan> out;
        for (std::size_t i = 0; i < fabric.nodes.size(); ++i) {
            const Node& n = fabric.nodes[i];
            if (!wanted.empty() && !wanted.count(n.name))
                continue;
            if (sel.role && n.role != *sel.role)
                continue;
            DevicePlan d;
            d.node = &n;
            d.index = i;
            d.name = n.name;
            d.isSwitch = n.isSwitch();
            if (n.isSwitch())
                d.asic = catalog.find(n.asic);
            out.push_back(std::move(d));
        }
        return out;
    }

    /// The budgets of the selected switches with a known ASIC, in parallel; their buffer findings.
    std::vector<Finding> computeBudgets(std::vector<DevicePlan>& devices, const BudgetContext& bctx, HeadroomCache& cache, Feedback* feedback)
    {
        std::vector<std::vector<Finding>> findings(devices.size());
        tbb::parallel_for(std::size_t(0), devices.size(), [&](std::size_t k) {
            if (feedback && feedback->isCancelled())
                return;
            DevicePlan& d = devices[k];
            if (!d.asic)
                return;
            try {
                d.budget = computeBudget(bctx, d.index, *d.asic, &cache);
                findings[k] = budgetFindings(*d.budget, *d.asic, bctx, d.index);
            } catch (const InputError& e) {
                d.budgetError = e.what();
            } catch (const std::invalid_argument& e) {
                d.budgetError = e.what();
            }
        });
        checkCancelled(feedback);
        std::vector<Finding> all;
        for (auto& f : findings)
            for (auto& x : f)
                all.push_back(std::move(x));
        return all;
    }

    /// Which pool each kind of buffer uses: the ingress (egress) lossless pool by name, else the first
    /// ingress (egress) pool by name; lossy buffers in the first pool named "…lossy…", else in the
    /// lossless one (Mellanox SKUs, ../shared/guide/vendors/sonic.md §1).
    SwitchPoolsPlan resolvePools(const DevicePlan& d)
    {
        SwitchPoolsPlan sp;
        sp.queueReserved = d.asic ? d.asic->queueReserved : Bytes(0);
        sp.dynamicTh = d.budget ? d.budget->dynamicTh : (d.asic ? d.asic->losslessDynamicTh : 0);
        if (!d.budget) {
            sp.ingressLossy = sp.ingressLossless;
            sp.egressLossy = sp.egressLossless;
            return sp;
        }
        sp.pools = d.budget->pools;
        std::map<std::string, PoolDirection> byName;
        for (const auto& p : sp.pools) {
            byName.emplace(p.name, p.direction);
            if (p.xoff && !sp.sharedHeadroomPool)
                sp.sharedHeadroomPool = p.xoff;
        }
        auto pick = [&](PoolDirection dir, std::string& lossless, std::string& lossy) {
            for (const auto& [name, pd] : byName)
                if (pd == dir && name.find("lossy") != std::string::npos && lossy.empty())
                    lossy = name;
            auto it = byName.find(lossless);
            if (it == byName.end() || it->second != dir)
                for (const auto& [name, pd] : byName)
                    if (pd == dir) {
                        lossless = name;
                        break;
                    }
            if (lossy.empty())
                lossy = lossless;
        };
        pick(PoolDirection::Ingress, sp.ingressLossless, sp.ingressLossy);
        pick(PoolDirection::Egress, sp.egressLossless, sp.egressLossy);
        return sp;
    }

    HeadroomPlan headroomPlan(const std::shared_ptr<const HeadroomResult>& hr, const DevicePlan& d, Metres cable, int pgs)
    {
        HeadroomPlan h;
        h.xon = hr->xon;
        h.xoff = hr->xoff;
        h.size = hr->size;
        h.xonOffset = hr->xonOffset;
        h.sharedHeadroomPool = hr->sharedHeadroomPool;
        h.pool = d.pools ? d.pools->ingressLossless : std::string("ingress_lossless_pool");
        h.pgs = pgs;
        h.cable = cable;
        h.result = hr;
        return h;
    }

    /// The port's planned headroom and the headroom at its cable rounded up to whole metres.
    void resolveHeadroom(PortPlan& pp, const DevicePlan& d, HeadroomCache& cache)
    {
        const int pgs = pp.qos ? static_cast<int>(pp.qos->losslessPgs.size()) : 0;
        if (pp.budget && pp.budget->headroom)
            pp.headroom = headroomPlan(pp.budget->headroom, d, pp.budget->cable, pgs);
        if (!pp.link || !pp.hasLossless() || !d.asic || !d.budget)
            return;
        const double m = pp.link->length.value();
        const Metres whole(static_cast<double>(static_cast<long long>(std::ceil(m - 1e-9))));
        if (pp.headroom && std::abs(pp.headroom->cable.value() - whole.value()) < 1e-9) {
            pp.headroomWholeMetres = pp.headroom;
            return;
        }
        try {
            auto hr = cache.get(*d.asic, headroomInputFor(*pp.port, whole, *d.asic, d.budget->settings));
            pp.headroomWholeMetres = headroomPlan(hr, d, whole, pgs);
        } catch (const std::invalid_argument&) {
            // Impossible inputs: the budget reported them (LFP-EXPORT-NO-BUDGET); leave it unset.
        } catch (const InputError&) {
        }
    }

    PortPlan resolvePort(const DevicePlan& d, std::size_t p, const FabricIndex& index)
    {
        const Node& n = *d.node;
        PortPlan pp;
        pp.port = &n.ports[p];
        pp.index = p;
        const Endpoint e { n.name, n.ports[p].name };
        pp.policy = index.policyAt(e);
        pp.link = index.findLinkAt(e);
        if (pp.link) {
            pp.peer = pp.link->a == e ? pp.link->b : pp.link->a;
            pp.peerNode = index.findNode(pp.peer.node);
        }
        pp.name = pp.port->name;
        pp.speed = pp.port->speed;
        pp.lanes = pp.port->lanes;
        pp.mtu = pp.port->mtu;
        pp.fec = pp.port->fec;
        pp.breakoutParent = pp.port->breakoutParent;
        pp.active = pp.link != nullptr;
        return pp;
    }

    /// Resolved policies shared by every device whose plan of the policy is the same (same queue
    /// buffer, longest cable and number of cable lengths): a fat-tree's hosts and switches share a few.
    class PolicyPlanCache {
    public:
        using Key = std::tuple<const QosPolicy*, std::int64_t, double, std::size_t>;
        std::shared_ptr<const PolicyPlan> get(const QosPolicy& pol, std::optional<Bytes> queueBuffer, Metres longest, std::size_t lengths)
        {
            const Key key { &pol, queueBuffer ? queueBuffer->value() : -1, longest.value(), lengths };
            {
                std::lock_guard lock(m_mutex);
                if (auto it = m_map.find(key); it != m_map.end())
                    return it->second;
            }
            PolicyPlan pp = resolvePolicyValue(pol, queueBuffer);
            pp.longestCable = longest;
            pp.cableLengths = lengths;
            auto plan = std::make_shared<const PolicyPlan>(std::move(pp));
            std::lock_guard lock(m_mutex);
            return m_map.emplace(key, std::move(plan)).first->second;
        }

    private:
        std::mutex m_mutex;
        std::map<Key, std::shared_ptr<const PolicyPlan>> m_map;
    };

    /// The device's policies resolved once each; the longest cable per policy.
    void resolvePolicies(DevicePlan& d, PolicyPlanCache& plans)
    {
        for (const QosPolicy* pol : d.policies) {
            double longest = 0;
            std::set<long long> lengths;
            for (const auto& port : d.ports)
                if (port.policy == pol && port.link) {
                    longest = std::max(longest, port.link->length.value());
                    lengths.insert(std::llround(port.link->length.value() * 1000));
                }
            d.policyPlans.push_back(plans.get(*pol, d.queueBuffer, Metres(longest), lengths.size()));
        }
    }

    /// The whole buffer and the lossless headroom without a shared headroom pool (after the ports).
    void resolveBufferTotals(DevicePlan& d)
    {
        if (d.budget && d.budget->totalKnown)
            d.totalBuffer = d.budget->total;
        long long headroom = 0;
        for (const auto& p : d.ports)
            if (p.headroom)
                headroom += std::max(p.headroom->size.value(), p.headroom->xon.value() + p.headroom->xoff.value()) * p.headroom->pgs;
        d.losslessHeadroom = Bytes(headroom);
    }

    void resolveDevice(DevicePlan& d, const FabricIndex& index, HeadroomCache& cache, PolicyPlanCache& plans)
    {
        const Node& n = *d.node;
        if (d.budget && d.budget->totalKnown)
            d.queueBuffer = d.budget->dtShareOne;
        if (d.isSwitch)
            d.pools = resolvePools(d);
        d.ports.reserve(n.ports.size());
        std::size_t b = 0;
        for (std::size_t p = 0; p < n.ports.size(); ++p) {
            PortPlan pp = resolvePort(d, p, index);
            if (d.budget) {
                const auto& bp = d.budget->ports;
                if (b < bp.size() && bp[b].port == n.ports[p].name)
                    pp.budget = &bp[b++];
            }
            if (pp.policy && std::find(d.policies.begin(), d.policies.end(), pp.policy) == d.policies.end())
                d.policies.push_back(pp.policy);
            d.ports.push_back(std::move(pp));
        }
        resolvePolicies(d, plans);
        std::vector<const QosPolicy*> portPolicies;
        for (auto& pp : d.ports) {
            portPolicies.push_back(pp.policy);
            if (pp.policy)
                pp.qos = d.policyPlans[static_cast<std::size_t>(std::find(d.policies.begin(), d.policies.end(), pp.policy) - d.policies.begin())];
            resolveHeadroom(pp, d, cache);
        }
        const QosPolicy* gov = governingPolicy(d.policies, portPolicies);
        for (const auto& pl : d.policyPlans) {
            if (pl->policy == gov)
                d.governing = pl;
            if (pl->watchdog.active && (!d.watchdogPolicy || pl->policy == gov))
                d.watchdogPolicy = pl;
        }
        resolveBufferTotals(d);
    }
} // namespace

DevicePlans buildDevicePlans(const Fabric& fabric, const FabricIndex& index, const AsicCatalog& catalog, const DeviceSelection& selection, Feedback* feedback)
{
    DevicePlans out;
    out.devices = selectDevices(fabric, index, catalog, selection);
    const BudgetContext bctx(index);
    HeadroomCache cache;
    PolicyPlanCache plans;
    out.findings = computeBudgets(out.devices, bctx, cache, feedback);
    tbb::parallel_for(std::size_t(0), out.devices.size(), [&](std::size_t k) {
        if (feedback && feedback->isCancelled())
            return;
        resolveDevice(out.devices[k], index, cache, plans);
    });
    checkCancelled(feedback);
    return out;
}

} // namespace lfp
