// SPDX-License-Identifier: GPL-3.0-or-later
// The certificate's fix: candidates re-verified on every orbit representative, the tag plan as a
// fabric, its buffer cost (certificatefix.h; docs/deadlock.md "The certificate's fix").
#include "planner/routing/certificatefix.h"
#include "planner/routing/configuredclasses.h"

#include "planner/buffer/budget.h"
#include "planner/routing/deadlock_internal.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

namespace lfp {
namespace {
    inline std::size_t sz(int i) { return static_cast<std::size_t>(i); }

    LinkMask downMask(const Topology& t, const std::vector<int>& links)
    {
        LinkMask down(sz(t.linkCount), 0);
        for (int l : links)
            down[sz(l)] = 1;
        return down;
    }

    /// Tagger / demotion on every representative: (holds, most tags used, most bounced destinations).
    struct TagCheck {
        bool holds = true;
        int tagsUsed = 1;
        std::size_t bouncedDestinations = 0;
    };
    TagCheck checkTagged(const Topology& t, const std::vector<ClassMask>& classes, const DeadlockOptions& opt, const DeadlockCertificate& cert,
        bool demote, int maxTags, Feedback* fb)
    {
        TagCheck r;
        std::vector<std::vector<int>> sets = cert.representatives;
        sets.insert(sets.begin(), std::vector<int> {}); // the healthy fabric too
        for (const auto& links : sets) {
            checkCancelled(fb);
            const LinkMask down = downMask(t, links);
            const auto ctx = makeRoutingContext(t, opt.routing, down, opt.statics);
            const auto orient = computeOrientation(t, down);
            for (const auto& cls : classes) {
                const auto res = dl::runTagged(ctx, orient, cls.lossless, demote, maxTags);
                r.holds = r.holds && !res.cyclic;
                r.tagsUsed = std::max(r.tagsUsed, res.tagsUsed);
                r.bouncedDestinations = std::max(r.bouncedDestinations, res.bouncedDestinations);
            }
        }
        return r;
    }

    /// up*/down* routing: the certificate re-run under it, and the host pairs the worst set leaves
    /// without a lossless path.
    CertificateFixCandidate updownCandidate(const Topology& t, const std::vector<ClassMask>& classes, const DeadlockOptions& opt, const DeadlockCertificate& orig,
        Feedback* fb)
    {
        CertificateFixCandidate c;
        c.kind = "updown-only";
        c.costUnit = "host pairs without a lossless path";
        DeadlockOptions u = opt;
        u.routing = RoutingModel::UpDown;
        u.statics = nullptr;
        u.fixes = false;
        u.maxCycles = 1;
        const auto healthy = analyseTopology(t, classes, LinkMask(sz(t.linkCount), 0), u);
        const auto cert = orig.failureModel == "switches" ? certifySwitchFailures(t, classes, u, orig.k, healthy, fb) : certifyDeadlock(t, classes, u, orig.k, healthy, fb);
        c.holds = cert.holds;
        std::size_t worst = 0;
        for (const auto& links : cert.representatives) {
            checkCancelled(fb);
            const auto r = analyseTopology(t, classes, downMask(t, links), u);
            worst = std::max(worst, r.unreachable.pairs > healthy.unreachable.pairs ? r.unreachable.pairs - healthy.unreachable.pairs : 0);
        }
        c.cost = static_cast<double>(worst);
        c.note = fmt::format("certificate under up*/down* {} ({} orbits); the worst failure set leaves {} host pairs without a path, "
                             "for as long as the failures last",
            cert.holds ? "holds" : "does not hold", cert.orbits, worst);
        return c;
    }

    /// Σ reservations and ingress lossless pools over the switches whose ASIC the catalogue knows.
    void budgetTotals(const Fabric& f, const AsicCatalog& catalog, Bytes& reserved, Bytes& pool, std::size_t& counted, std::size_t& notFitting)
    {
        const BudgetContext ctx(f);
        HeadroomCache cache;
        for (std::size_t i = 0; i < f.nodes.size(); ++i) {
            const Node& n = f.nodes[i];
            const AsicProfile* asic = n.isSwitch() && !n.asic.empty() ? catalog.find(n.asic) : nullptr;
            if (!asic)
                continue;
            try {
                const SwitchBudget b = computeBudget(ctx, i, *asic, &cache);
                reserved += b.reserved;
                pool += b.ingressLosslessPool;
                ++counted;
                notFitting += b.fits() ? 0 : 1;
            } catch (const std::exception&) {
                ++notFitting; // malformed settings: `lfp check` reports them; not a budget that fits
            }
        }
    }

    CertificateFixCandidate taggerCandidate(const Fabric& fabric, const Topology& t, const std::vector<ClassMask>& classes,
        const DeadlockOptions& opt, const DeadlockCertificate& cert, const AsicCatalog* catalog, CertificateFix& fix, Feedback* fb)
    {
        CertificateFixCandidate c;
        c.kind = "tagger";
        c.costUnit = "extra lossless priorities";
        const TagCheck probe = checkTagged(t, classes, opt, cert, false, 8, fb);
        fix.bounces = probe.tagsUsed - 1;
        // re-verified with exactly bounces + 1 tags: no packet of any set of ≤ K failures runs out of tags
        const TagCheck exact = checkTagged(t, classes, opt, cert, false, probe.tagsUsed, fb);
        c.holds = exact.holds && exact.tagsUsed == probe.tagsUsed;
        c.cost = fix.bounces;
        try {
            fix.fixedFabric = taggerFabric(fabric, probe.tagsUsed, fix);
        } catch (const std::invalid_argument& e) {
            c.refused = true;
            c.refusal = e.what();
            return c;
        }
        // The plan is re-verified in Tagger's model (the bounced packet queued by its new tag) above, and here
        // as configured: the fixed fabric's own policies walked as the switches forward each packet
        // (configuredclasses.h: ingress DSCP → class → PG, the egress port's class → queue and remark), on
        // the healthy fabric and every orbit representative; tst_certificate taggerFixOneBounce walks it
        // again with an implementation of its own. The fixed fabric has the same nodes and links as t.
        {
            const ConfiguredSetsWalk sw = walkConfiguredSets(*fix.fixedFabric, t, opt.routing, opt.statics, cert.representatives, true, kConfiguredWalkBudget, fb);
            if (sw.healthyCyclic || !sw.cyclic.empty()) {
                c.holds = false;
                fix.notes.push_back(fmt::format("the tag plan as configured still has a cycle in {} of {} walked failure set(s){}", sw.cyclic.size(),
                    sw.walked - 1, sw.healthyCyclic ? " and in the healthy fabric" : ""));
            } else if (sw.complete) {
                fix.notes.push_back(fmt::format("the tag plan as configured (each packet's DSCP followed through every port's class, PG, queue and "
                                                "remark) has no cycle in the healthy fabric nor in any of the {} orbit representatives",
                    cert.representatives.size()));
            } else {
                fix.notes.push_back(fmt::format("the tag plan as configured was walked on {} of the {} orbit representatives (the walk budget): no "
                                                "cycle there; the others are verified in Tagger's model only",
                    sw.walked - 1, cert.representatives.size()));
            }
        }
        if (probe.tagsUsed > 1)
            fix.notes.push_back(fmt::format("the bounce is re-queued through bounce traffic class(es) {}, one per tag (PG of the arriving tag, queue "
                                            "of the next tag on ports toward a higher tier, the lossy queue past the last tag): the egress port's "
                                            "TC → queue map must be per port: SONiC (PORT_QOS_MAP tc_to_queue_map) has it, EOS and NVUE have one global map and their "
                                            "exports say so (LFP-EXPORT-NOT-EXPRESSIBLE eos-tc-queue, nvue-queue-map; docs/deadlock.md, \"The bounce, re-queued\")",
                fmt::join(fix.bounceClasses, ",")));
        if (!catalog) {
            fix.notes.push_back("no ASIC catalogue: the buffer budget of the extra priorities was not checked");
        } else {
            std::size_t before = 0, nf0 = 0, nf1 = 0;
            budgetTotals(fabric, *catalog, fix.reservedBefore, fix.poolBefore, before, nf0);
            budgetTotals(*fix.fixedFabric, *catalog, fix.reservedAfter, fix.poolAfter, fix.switchesBudgeted, nf1);
            fix.switchesNotFitting = nf1;
            if (nf1 > nf0) {
                c.refused = true;
                c.refusal = fmt::format("{} switch budget(s) no longer fit with {} lossless priorities", nf1 - nf0, fix.priorities.size());
            }
            if (fix.switchesBudgeted == 0)
                fix.notes.push_back("no switch has an ASIC the catalogue knows: the buffer budget was not checked");
        }
        c.note = fmt::format("{} bounce(s) at most under ≤ {} failures: {} lossless priorities ({}); headroom and reservations {} → {} bytes, "
                             "ingress lossless pools {} → {} bytes over {} switches",
            fix.bounces, cert.k, fix.priorities.size(), fmt::join(fix.priorities, ","), fix.reservedBefore.value(), fix.reservedAfter.value(),
            fix.poolBefore.value(), fix.poolAfter.value(), fix.switchesBudgeted);
        return c;
    }
} // namespace

CertificateFix chooseCertificateFix(const Fabric& fabric, const Topology& t, const std::vector<ClassMask>& classes, const DeadlockOptions& opt,
    const DeadlockCertificate& cert, const AsicCatalog* catalog, Feedback* fb)
{
    CertificateFix fix;
    fix.needed = !cert.holds && !cert.healthyCycle;
    if (!fix.needed)
        return fix;
    fix.candidates.push_back(taggerCandidate(fabric, t, classes, opt, cert, catalog, fix, fb));
    {
        CertificateFixCandidate d;
        d.kind = "demote-bounced";
        d.costUnit = "destinations with bounced traffic";
        const TagCheck r = checkTagged(t, classes, opt, cert, true, 1, fb);
        d.holds = r.holds;
        d.cost = static_cast<double>(r.bouncedDestinations);
        d.note = "a bounced packet is re-marked to a lossy class: its flows lose lossless service while the failures last";
        fix.candidates.push_back(std::move(d));
    }
    if (opt.routing != RoutingModel::UpDown)
        fix.candidates.push_back(updownCandidate(t, classes, opt, cert, fb));
    // a fix that keeps every flow lossless first, then the fewest affected
    const CertificateFixCandidate* best = nullptr;
    for (const auto& c : fix.candidates) {
        if (!c.holds || c.refused)
            continue;
        if (c.kind == "tagger") {
            best = &c;
            break;
        }
        if (!best || c.cost < best->cost)
            best = &c;
    }
    fix.chosen = best ? best->kind : std::string();
    if (fix.chosen != "tagger")
        fix.fixedFabric.reset();
    return fix;
}

namespace {
    struct TagPlan {
        int p0 = -1;
        std::vector<int> prios, up, down; ///< per tag: priority, DSCP going up, DSCP going down
        /// per tag: its bounce class b_t, the traffic class of a tag-t packet that arrived from a
        /// higher tier (its DSCP d_t'): admitted into PG t, queued in t + 1 on a port toward a higher tier
        /// and in t on the others (the egress port's TC → queue map), remarked d_{t+1} on the way up
        std::vector<int> bounce;
    };

    /// Priorities and DSCPs for @p tags tags, free in every policy of @p pols (the first policy's
    /// single lossless priority is tag 0; AF code points 8p+2 / 8p+4 preferred, RFC 2597).
    TagPlan planTags(const std::vector<const QosPolicy*>& pols, int tags)
    {
        TagPlan plan;
        std::set<int> usedPrio { 0 }, usedDscp;
        for (const QosPolicy* p : pols) {
            if (p->losslessPriorities.size() != 1)
                throw std::invalid_argument(fmt::format("policy {} has {} lossless priorities: the tag plan is built for one", p->name, p->losslessPriorities.size()));
            if (plan.p0 >= 0 && plan.p0 != p->losslessPriorities[0])
                throw std::invalid_argument("the policies do not share one lossless priority");
            plan.p0 = p->losslessPriorities[0];
            usedPrio.insert(p->cnpPriority);
            usedDscp.insert(p->cnpDscp);
            for (int d = 0; d < kDscpValues; ++d)
                if (p->dscpToTc[sz(d)] != 0) {
                    usedPrio.insert(p->dscpToTc[sz(d)]);
                    usedDscp.insert(d);
                }
        }
        int d0 = -1;
        for (int d = 0; d < kDscpValues && d0 < 0; ++d)
            if (pols.front()->dscpToTc[sz(d)] == plan.p0)
                d0 = d;
        if (d0 < 0)
            throw std::invalid_argument("no DSCP maps to the lossless priority");
        auto freeDscp = [&](int preferred) {
            for (int d : { preferred, 0 }) {
                for (int x = d; x < kDscpValues; ++x)
                    if (x > 0 && !usedDscp.count(x)) {
                        usedDscp.insert(x);
                        return x;
                    }
            }
            throw std::invalid_argument("no free DSCP left for the tag plan");
        };
        plan.prios.push_back(plan.p0);
        for (int p = plan.p0 + 1; static_cast<int>(plan.prios.size()) < tags && p < kPriorities; ++p)
            if (!usedPrio.count(p))
                plan.prios.push_back(p);
        for (int p = plan.p0 - 1; static_cast<int>(plan.prios.size()) < tags && p > 0; --p)
            if (!usedPrio.count(p))
                plan.prios.push_back(p);
        if (static_cast<int>(plan.prios.size()) < tags)
            throw std::invalid_argument(fmt::format("{} lossless priorities needed, only {} free", tags, plan.prios.size()));
        // the bounce classes: traffic classes no policy uses, not a tag's priority (a TC, not a PFC priority)
        for (int p = 1; static_cast<int>(plan.bounce.size()) < tags && p < kPriorities; ++p)
            if (!usedPrio.count(p) && std::find(plan.prios.begin(), plan.prios.end(), p) == plan.prios.end())
                plan.bounce.push_back(p);
        if (static_cast<int>(plan.bounce.size()) < tags)
            throw std::invalid_argument(fmt::format("{} bounce traffic class(es) needed beside the {} tag priorities, only {} free",
                tags, tags, plan.bounce.size()));
        for (int i = 0; i < tags; ++i) {
            plan.up.push_back(i == 0 ? d0 : freeDscp(8 * plan.prios[sz(i)] + 2));
            plan.down.push_back(freeDscp(8 * plan.prios[sz(i)] + 4));
        }
        return plan;
    }

    enum class PortSide { Up, Down, Host, Other };

    /// @p base carrying the tags (classification, lossless, PG, queue, ETS, ECN) and, for a switch port
    /// on @p side, the egress DSCP rewrite of the tag plan.
    QosPolicy tagPolicy(const QosPolicy& base, const TagPlan& plan, PortSide side)
    {
        QosPolicy p = base;
        static const char* suffix[] = { "-tag-up", "-tag-down", "-tag-host", "-tag" };
        p.name = base.name + suffix[static_cast<int>(side)];
        const int tags = static_cast<int>(plan.prios.size());
        const int q0 = base.tcToQueue[sz(plan.p0)];
        const int pg0 = base.tcToPg[sz(plan.p0)];
        // A port toward a host is the last hop: no dependency leaves the host, so every tag leaves it from the
        // RoCE queue q0 with the RoCE DSCP, which the NIC (DSCP → priority p0, PFC on p0 only) pauses; the
        // port keeps one lossless priority, the NIC's, and no headroom for the others.
        const bool host = side == PortSide::Host;
        auto carried = [](int id, std::string name, int as) {
            TrafficClass c { id, std::move(name), {} };
            c.losslessAs = as;
            return c;
        };
        for (int i = 0; i < tags; ++i) {
            const int pr = plan.prios[sz(i)];
            p.dscpToTc[sz(plan.up[sz(i)])] = pr;
            if (i == 0)
                continue;
            if (host) {
                p.tcToPg[sz(pr)] = pg0;
                p.tcToQueue[sz(pr)] = q0;
                p.classes.push_back(carried(pr, fmt::format("tag {} (Tagger), toward the host as tag 0", i), plan.p0));
                continue;
            }
            p.losslessPriorities.push_back(pr);
            p.tcToPg[sz(pr)] = pr;
            p.tcToQueue[sz(pr)] = pr;
            p.classes.push_back({ pr, fmt::format("lossless tag {} (Tagger)", i), {} });
            for (auto& e : p.ecn)
                if (std::find(e.queues.begin(), e.queues.end(), q0) != e.queues.end())
                    e.queues.push_back(pr);
        }
        std::sort(p.losslessPriorities.begin(), p.losslessPriorities.end());
        // The bounce classes. A switch picks the egress queue from the class its ingress gave the packet (SONiC
        // DSCP_TO_TC_MAP at the ingress port, then TC_TO_QUEUE_MAP of the egress port, SAI
        // SAI_PORT_ATTR_QOS_TC_TO_QUEUE_MAP) and the ingress PG from the same class (TC_TO_PRIORITY_GROUP_MAP
        // of the ingress port). A tag-t packet that arrived from a higher tier (DSCP d_t') gets class b_t: PG t
        // (its sender's queue t is what PG t's pause stops), and from the egress port's own map queue t + 1
        // toward a higher tier (the bounce: the next switch classifies d_{t+1} to t + 1 and pauses queue t + 1)
        // or queue t toward a lower tier; the remark b_t → d_{t+1} is a per-class remark. So the rule (tag, in
        // port, out port) → tag is split between the ingress and the egress port's maps. Past the last tag the
        // bounce leaves from the lossy queue with DSCP 0 (Tagger's lossy fallback): no pause stops it, so it
        // waits for no buffer.
        const int lossyQueue = base.tcToQueue[sz(base.dscpToTc[0])];
        if (base.isLossless(base.dscpToTc[0]))
            throw std::invalid_argument("DSCP 0 is lossless: no lossy queue for a packet past the last tag");
        for (int i = 0; i < tags; ++i) {
            const int b = plan.bounce[sz(i)];
            const int pt = plan.prios[sz(i)];
            const bool last = i + 1 == tags;
            p.dscpToTc[sz(plan.down[sz(i)])] = b;
            if (host) {
                p.tcToPg[sz(b)] = pg0;
                p.tcToQueue[sz(b)] = q0;
                p.classes.push_back(carried(b, fmt::format("tag {} from a higher tier (Tagger), toward the host as tag 0", i), plan.p0));
                continue;
            }
            p.tcToPg[sz(b)] = p.tcToPg[sz(pt)];
            p.tcToQueue[sz(b)] = side != PortSide::Up ? p.tcToQueue[sz(pt)] : last ? lossyQueue : p.tcToQueue[sz(plan.prios[sz(i + 1)])];
            p.classes.push_back(carried(b,
                side == PortSide::Up
                    ? (last ? fmt::format("tag {} from a higher tier (Tagger): PG {}, past the last tag lossy queue {}", i, p.tcToPg[sz(b)], p.tcToQueue[sz(b)])
                            : fmt::format("tag {} from a higher tier (Tagger): PG {}, the bounce in queue {}", i, p.tcToPg[sz(b)], p.tcToQueue[sz(b)]))
                    : fmt::format("tag {} from a higher tier (Tagger): PG {}, queue {}", i, p.tcToPg[sz(b)], p.tcToQueue[sz(b)]),
                pt));
        }
        // ETS: the tag queues share queue q0's weight (DWRR), or its mode (not toward a host: one queue there)
        for (std::size_t e = 0; e < base.ets.size() && !host; ++e)
            if (base.ets[e].queue == q0) {
                const int share = base.ets[e].weight / tags;
                p.ets[e].weight = base.ets[e].weight - share * (tags - 1);
                for (int i = 1; i < tags; ++i)
                    p.ets.push_back({ plan.prios[sz(i)], base.ets[e].mode, share });
            }
        p.dscpRewrite.clear();
        for (int i = 0; i < tags; ++i) {
            if (side == PortSide::Up) // the bounce: arrived going down, leaves going up
                p.dscpRewrite.emplace_back(plan.down[sz(i)], i + 1 < tags ? plan.up[sz(i + 1)] : 0);
            else if (side == PortSide::Down)
                p.dscpRewrite.emplace_back(plan.up[sz(i)], plan.down[sz(i)]);
            else if (side == PortSide::Host) {
                p.dscpRewrite.emplace_back(plan.down[sz(i)], plan.up[0]); // the receiver sees the RoCE DSCP
                if (i > 0)
                    p.dscpRewrite.emplace_back(plan.up[sz(i)], plan.up[0]);
            }
        }
        std::sort(p.dscpRewrite.begin(), p.dscpRewrite.end());
        return p;
    }
} // namespace

Fabric taggerFabric(const Fabric& fabric, int tags, CertificateFix& fix)
{
    const Topology t = buildTopology(fabric);
    std::map<std::string, int> tier;
    for (const auto& n : t.nodes)
        tier[n.name] = n.isSwitch ? n.tier : 0;
    // the policy in force on every port (an override, else the role's binding)
    std::map<std::pair<std::string, std::string>, std::string> override;
    for (const auto& o : fabric.overrides)
        override[{ o.port.node, o.port.port }] = o.policy;
    std::map<Role, std::string> bound;
    for (const auto& b : fabric.bindings)
        bound[b.role] = b.policy;
    std::vector<const QosPolicy*> pols;
    for (const auto& p : fabric.policies)
        pols.push_back(&p);
    if (pols.empty())
        throw std::invalid_argument("no QoS policy: the tag plan needs one to extend");
    const TagPlan plan = planTags(pols, tags);
    Fabric out = fabric;
    out.overrides.clear();
    std::set<std::string> added;
    auto variant = [&](const std::string& policy, PortSide side) {
        const QosPolicy* base = fabric.findPolicy(policy);
        QosPolicy v = tagPolicy(*base, plan, side);
        if (added.insert(v.name).second)
            out.policies.push_back(v);
        return v.name;
    };
    for (auto& b : out.bindings)
        b.policy = variant(b.policy, PortSide::Other);
    for (const auto& l : fabric.links)
        for (const auto& [self, peer] : { std::pair { l.a, l.b }, std::pair { l.b, l.a } }) {
            const Node* n = fabric.findNode(self.node);
            if (!n || !n->isSwitch())
                continue;
            std::string policy;
            if (auto it = override.find({ self.node, self.port }); it != override.end())
                policy = it->second;
            else if (auto jt = bound.find(n->role); jt != bound.end())
                policy = jt->second;
            else
                continue;
            const int a = tier[self.node], b = tier[peer.node];
            if (b != 0 && a == b)
                throw std::invalid_argument(fmt::format("link {}:{} -- {}:{} joins two switches of one tier: no up or down", self.node, self.port, peer.node, peer.port));
            const PortSide side = b == 0 ? PortSide::Host : b > a ? PortSide::Up : PortSide::Down;
            out.overrides.push_back({ self, variant(policy, side) });
        }
    fix.priorities = plan.prios;
    fix.bounceClasses = plan.bounce;
    fix.tagDscp = plan.up;
    fix.downDscp = plan.down;
    fix.rules.clear();
    for (int i = 0; i < tags; ++i) {
        fix.rules.push_back({ i, "from a higher tier", "to a higher tier", i + 1 < tags ? i + 1 : -1 });
        fix.rules.push_back({ i, "from a higher tier", "to a lower tier or a host", i });
        fix.rules.push_back({ i, "from a lower tier or a host", "to any port", i });
    }
    return out;
}

} // namespace lfp
