// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/review/drift.h"

#include "planner/findings/findingregistry.h"
#include "model/fabricindex.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <set>

namespace lfp {
namespace {
    std::string epText(const Endpoint& e) { return e.node + ":" + e.port; }
    const std::string kSpeedAssumed = "import.speed_assumed."; // = lfp::known::kSpeedAssumed (importers)

    std::string listText(const std::vector<int>& v)
    {
        if (v.empty())
            return "none";
        std::string s;
        for (int x : v)
            s += (s.empty() ? "" : ",") + std::to_string(x);
        return s;
    }
    std::string ms(Nanoseconds t) { return fmt::format("{:g} ms", t.value() / 1e6); }

    /// One difference on one port, before ports with the same difference are grouped.
    /// A difference at one port, before identical ones on a switch are grouped.
    struct Raw {
        std::string node;
        std::string port;
        Finding f; ///< made through the registry; objects are filled in when grouped
    };

    void comparePolicies(const QosPolicy& plan, const QosPolicy& run, const RunningSwitchConfig* runSwitch, const std::string& node, const std::string& port,
        std::vector<Raw>& out)
    {
        auto add = [&](const char* code, FindingParams params, std::vector<Evidence> ev = {}) {
            out.push_back({ node, port, makeFinding(code, {}, std::move(params), std::move(ev)) });
        };
        auto bytes = [](Bytes b) { return std::to_string(b.value()); };
        if (plan.trust != run.trust)
            add("LFP-DRIFT-TRUST", { { "running", toString(run.trust) }, { "planned", toString(plan.trust) } });
        {
            std::vector<Evidence> ev;
            std::vector<FindingListItem> diffs;
            for (int d = 0; d < kDscpValues; ++d) {
                const int p = plan.dscpToTc[static_cast<std::size_t>(d)], r = run.dscpToTc[static_cast<std::size_t>(d)];
                if (p != r) {
                    diffs.push_back({ "dscp-diff", { { "dscp", std::to_string(d) }, { "running", std::to_string(r) }, { "planned", std::to_string(p) } } });
                    ev.push_back({ fmt::format("dscp {} traffic class", d), static_cast<double>(r), "tc", fmt::format("plan: {}", p) });
                }
            }
            if (!ev.empty()) {
                FindingParams params;
                addListParam(params, "differences", diffs);
                add("LFP-DRIFT-DSCP-MAP", std::move(params), ev);
            }
        }
        auto compareArray = [&](const std::array<int, kPriorities>& p, const std::array<int, kPriorities>& r, const char* code, const char* unit) {
            std::vector<Evidence> ev;
            std::vector<FindingListItem> diffs;
            for (int t = 0; t < kPriorities; ++t) {
                const auto i = static_cast<std::size_t>(t);
                if (p[i] != r[i]) {
                    // "TC 3 → pg 4 (plan 3)": the clause "tc-diff" of each code names its unit.
                    diffs.push_back({ "tc-diff", { { "tc", std::to_string(t) }, { "running", std::to_string(r[i]) }, { "planned", std::to_string(p[i]) } } });
                    ev.push_back({ fmt::format("tc {} {}", t, unit), static_cast<double>(r[i]), unit, fmt::format("plan: {}", p[i]) });
                }
            }
            if (!ev.empty()) {
                FindingParams params;
                addListParam(params, "differences", diffs);
                add(code, std::move(params), ev);
            }
        };
        compareArray(plan.tcToPg, run.tcToPg, "LFP-DRIFT-TC-PG", "pg");
        compareArray(plan.tcToQueue, run.tcToQueue, "LFP-DRIFT-TC-QUEUE", "queue");
        if (plan.losslessPriorities != run.losslessPriorities)
            add("LFP-DRIFT-PFC", { { "running", listText(run.losslessPriorities) }, { "planned", listText(plan.losslessPriorities) } });
        // Lossless buffers: each planned lossless priority needs a lossless profile on its PG.
        if (runSwitch && runSwitch->bufferPgPresent) {
            static const RunningPortConfig kNone;
            const auto rp = runSwitch->ports.find(port);
            const RunningPortConfig& running = rp == runSwitch->ports.end() ? kNone : rp->second;
            const std::set<int>& pgs = running.losslessPgs;
            for (int prio : plan.losslessPriorities) {
                if (prio < 0 || prio >= kPriorities)
                    continue;
                const int pg = plan.tcToPg[static_cast<std::size_t>(prio)];
                if (!pgs.count(pg)) {
                    std::string profile = "none";
                    if (auto it = running.pgProfiles.find(pg); it != running.pgProfiles.end())
                        profile = it->second;
                    add("LFP-DRIFT-LOSSLESS-PG-MISSING", { { "priority", std::to_string(prio) }, { "pg", std::to_string(pg) }, { "profile", profile } },
                        { { "priority group", static_cast<double>(pg), "pg", "BUFFER_PG " + port + "|" + std::to_string(pg) } });
                }
            }
        }
        // ETS per queue.
        {
            std::map<int, EtsQueue> p, r;
            for (const auto& q : plan.ets)
                p[q.queue] = q;
            for (const auto& q : run.ets)
                r[q.queue] = q;
            std::vector<FindingListItem> diffs;
            std::set<int> queues;
            for (const auto& [q, x] : p)
                queues.insert(q);
            for (const auto& [q, x] : r)
                queues.insert(q);
            // "queue 3 DWRR 50 (plan strict)": the scheduling as a clause ("no-scheduler", "strict",
            // "dwrr-running" / "dwrr-planned" with the weight).
            auto scheduling = [](const std::map<int, EtsQueue>& m, int q, const char* dwrr, const char* weightName, FindingParams& item) -> std::string {
                auto it = m.find(q);
                if (it == m.end())
                    return "no-scheduler";
                if (it->second.mode == SchedulerMode::Strict)
                    return "strict";
                item.emplace_back(weightName, std::to_string(it->second.weight));
                return dwrr;
            };
            for (int q : queues) {
                auto pi = p.find(q), ri = r.find(q);
                const bool same = pi != p.end() && ri != r.end() && pi->second.mode == ri->second.mode
                    && (pi->second.mode == SchedulerMode::Strict || pi->second.weight == ri->second.weight);
                if (!same) {
                    FindingParams item { { "queue", std::to_string(q) } };
                    const std::string running = scheduling(r, q, "dwrr-running", "running_weight", item);
                    const std::string planned = scheduling(p, q, "dwrr-planned", "planned_weight", item);
                    item.emplace_back("running", running);
                    item.emplace_back("planned", planned);
                    diffs.push_back({ "queue-diff", std::move(item) });
                }
            }
            if (!diffs.empty()) {
                FindingParams params;
                addListParam(params, "differences", diffs);
                add("LFP-DRIFT-ETS", std::move(params));
            }
        }
        // ECN per queue.
        {
            auto byQueue = [](const QosPolicy& pol) {
                std::map<int, const EcnProfile*> m;
                for (const auto& e : pol.ecn)
                    for (int q : e.queues)
                        m[q] = &e;
                return m;
            };
            auto p = byQueue(plan), r = byQueue(run);
            std::set<int> queues;
            for (const auto& [q, x] : p)
                queues.insert(q);
            for (const auto& [q, x] : r)
                queues.insert(q);
            for (int q : queues) {
                auto pi = p.find(q), ri = r.find(q);
                if (pi == p.end()) {
                    add("LFP-DRIFT-ECN",
                        { { "difference", "unplanned" }, { "difference_fix", "unplanned-fix" }, { "queue", std::to_string(q) }, { "profile", ri->second->name } });
                } else if (ri == r.end()) {
                    add("LFP-DRIFT-ECN",
                        { { "difference", "missing" }, { "difference_fix", "missing-fix" }, { "queue", std::to_string(q) }, { "plan_kmin", bytes(pi->second->kmin) },
                            { "plan_kmax", bytes(pi->second->kmax) } });
                } else if (pi->second->kmin != ri->second->kmin || pi->second->kmax != ri->second->kmax || std::abs(pi->second->pmax - ri->second->pmax) > 1e-9) {
                    add("LFP-DRIFT-ECN",
                        { { "difference", "thresholds" }, { "difference_fix", "thresholds-fix" }, { "queue", std::to_string(q) }, { "kmin", bytes(ri->second->kmin) },
                            { "kmax", bytes(ri->second->kmax) }, { "pmax", fmt::format("{:g}", ri->second->pmax * 100) }, { "plan_kmin", bytes(pi->second->kmin) },
                            { "plan_kmax", bytes(pi->second->kmax) }, { "plan_pmax", fmt::format("{:g}", pi->second->pmax * 100) } },
                        { { "kmin", static_cast<double>(ri->second->kmin.value()), "B", fmt::format("plan: {}", pi->second->kmin.value()) },
                            { "kmax", static_cast<double>(ri->second->kmax.value()), "B", fmt::format("plan: {}", pi->second->kmax.value()) } });
                }
            }
        }
        // PFC watchdog.
        {
            const auto& p = plan.watchdog;
            const auto& r = run.watchdog;
            if (p.enabled != r.enabled)
                add("LFP-DRIFT-WATCHDOG",
                    { { "difference", "state" }, { "difference_fix", "state-fix" }, { "running", r.enabled ? "on" : "off" }, { "planned", p.enabled ? "on" : "off" } });
            else if (p.enabled && (p.action != r.action || std::abs(p.detection.value() - r.detection.value()) > 1 || std::abs(p.restoration.value() - r.restoration.value()) > 1))
                add("LFP-DRIFT-WATCHDOG",
                    { { "difference", "settings" }, { "difference_fix", "settings-fix" }, { "running_detection", ms(r.detection) },
                        { "running_restoration", ms(r.restoration) }, { "running_action", toString(r.action) }, { "planned_detection", ms(p.detection) },
                        { "planned_restoration", ms(p.restoration) }, { "planned_action", toString(p.action) } });
        }
    }
} // namespace

std::vector<Finding> compareRunning(const Fabric& plan, const Fabric& running, const RunningConfig& config)
{
    std::vector<Raw> raw;
    std::vector<Finding> out;
    const FabricIndex planIdx(plan);
    const FabricIndex runIdx(running);
    for (const auto& rn : running.nodes) {
        // Ports the source did not configure carry "import.speed_assumed.<port>" (importers/importer.h);
        // a node with only such ports is a neighbour named by another switch's config, not compared.
        auto assumed = [&](const std::string& port) { return rn.attributes.count(kSpeedAssumed + port) != 0; };
        const bool configured = std::any_of(rn.ports.begin(), rn.ports.end(), [&](const Port& p) { return !assumed(p.name); });
        if (!configured)
            continue;
        const RunningSwitchConfig* rsw = config.find(rn.name);
        const Node* pn = planIdx.findNode(rn.name);
        if (!pn) {
            out.push_back(makeFinding("LFP-DRIFT-NODE-UNPLANNED", { ObjectRef::forNode(rn.name) }, FindingParams { { "node", rn.name } }));
            continue;
        }
        for (const auto& pp : pn->ports) {
            const Endpoint e { rn.name, pp.name };
            const Port* rp = rn.findPort(pp.name);
            if (!rp) {
                raw.push_back({ rn.name, pp.name, makeFinding("LFP-DRIFT-PORT-MISSING", {}, FindingParams {}) });
                continue;
            }
            if (!assumed(rp->name) && rp->speed != pp.speed)
                raw.push_back({ rn.name, pp.name,
                    makeFinding("LFP-DRIFT-PORT-SPEED", {}, FindingParams { { "running", formatSpeed(rp->speed) }, { "planned", formatSpeed(pp.speed) } },
                        { { "speed", toGbps(rp->speed), "Gb/s", fmt::format("plan: {}", formatSpeed(pp.speed)) } }) });
            if (rp->mtu != pp.mtu)
                raw.push_back({ rn.name, pp.name,
                    makeFinding("LFP-DRIFT-PORT-MTU", {}, FindingParams { { "running", std::to_string(rp->mtu) }, { "planned", std::to_string(pp.mtu) } },
                        { { "mtu", static_cast<double>(rp->mtu), "B", fmt::format("plan: {}", pp.mtu) } }) });
            if (rp->fec != pp.fec && rp->fec != Fec::Unknown && pp.fec != Fec::Unknown)
                raw.push_back({ rn.name, pp.name, makeFinding("LFP-DRIFT-PORT-FEC", {}, FindingParams { { "running", toString(rp->fec) }, { "planned", toString(pp.fec) } }) });
            // Neighbour.
            const Link* rl = runIdx.findLinkAt(e);
            const Link* pl = planIdx.findLinkAt(e);
            if (rl && pl) {
                const Endpoint rpeer = rl->a == e ? rl->b : rl->a;
                const Endpoint ppeer = pl->a == e ? pl->b : pl->a;
                if (!(rpeer == ppeer))
                    raw.push_back({ rn.name, pp.name, makeFinding("LFP-DRIFT-NEIGHBOR", {}, FindingParams { { "running", epText(rpeer) }, { "planned", epText(ppeer) } }) });
            }
            // Cable length as configured for headroom.
            if (pl) {
                const RunningPortConfig* rport = nullptr;
                if (rsw)
                    if (auto it = rsw->ports.find(pp.name); it != rsw->ports.end())
                        rport = &it->second;
                if (rport && rport->cableLength) {
                    const double m = rport->cableLength->value();
                    if (m + 1e-9 < pl->length.value())
                        raw.push_back({ rn.name, pp.name,
                            makeFinding("LFP-DRIFT-CABLE-LENGTH", {}, FindingParams { { "running", rport->cableLengthText }, { "planned", formatLength(pl->length) } },
                                { { "cable length", m, "m", fmt::format("plan: {}", formatLength(pl->length)) } }) });
                }
            }
            // QoS.
            const QosPolicy* ppol = planIdx.policyAt(e);
            const QosPolicy* rpol = runIdx.policyAt(e);
            if (ppol && !rpol) {
                raw.push_back({ rn.name, pp.name, makeFinding("LFP-DRIFT-QOS-UNBOUND", {}, FindingParams { { "policy", ppol->name } }) });
            } else if (!ppol && rpol) {
                raw.push_back({ rn.name, pp.name, makeFinding("LFP-DRIFT-QOS-UNPLANNED", {}, FindingParams {}) });
            } else if (ppol && rpol) {
                comparePolicies(*ppol, *rpol, rsw, rn.name, pp.name, raw);
            }
        }
        // Running neighbours on unplanned ports.
        for (const auto& rp : rn.ports) {
            if (pn->findPort(rp.name))
                continue;
            if (const Link* rl = runIdx.findLinkAt({ rn.name, rp.name })) {
                const Endpoint peer = rl->a == Endpoint { rn.name, rp.name } ? rl->b : rl->a;
                raw.push_back({ rn.name, rp.name, makeFinding("LFP-DRIFT-PORT-UNPLANNED", {}, FindingParams { { "peer", epText(peer) } }) });
            }
        }
    }
    // Group identical differences on one switch: one finding, the ports as its objects.
    std::map<std::tuple<std::string, std::string, std::string>, std::size_t> groups;
    for (auto& r : raw) {
        auto key = std::make_tuple(r.node, r.f.code, r.f.message);
        auto it = groups.find(key);
        if (it == groups.end()) {
            groups.emplace(key, out.size());
            r.f.objects = { ObjectRef::forPort({ r.node, r.port }) };
            out.push_back(std::move(r.f));
        } else {
            out[it->second].objects.push_back(ObjectRef::forPort({ r.node, r.port }));
        }
    }
    for (auto& f : out)
        if (f.objects.size() > 1) {
            f.params.emplace_back("grouped", "grouped");
            f.params.emplace_back("ports", std::to_string(f.objects.size()));
            rerenderFinding(f);
        }
    std::stable_sort(out.begin(), out.end(), [](const Finding& a, const Finding& b) {
        auto rank = [](Severity s) { return s == Severity::Error ? 0 : s == Severity::Warning ? 1 : 2; };
        if (rank(a.severity) != rank(b.severity))
            return rank(a.severity) < rank(b.severity);
        if (a.code != b.code)
            return a.code < b.code;
        return a.objects < b.objects;
    });
    return out;
}

} // namespace lfp
