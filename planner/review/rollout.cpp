// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/review/rollout.h"

#include "planner/checks/checks.h"
#include "model/fabricindex.h"

#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace lfp {

namespace {

    constexpr const char* kNewSuffix = "@new";

    std::string portKey(const Endpoint& e) { return e.node + ":" + e.port; }

    /// The node a finding object names ("leaf1", "leaf1:Ethernet0", "link:leaf1:Ethernet0"), or "".
    std::string nodeOfObject(std::string_view obj)
    {
        if (obj.rfind("policy:", 0) == 0 || obj.rfind("role:", 0) == 0)
            return {};
        if (obj.rfind("link:", 0) == 0)
            obj.remove_prefix(5);
        const auto colon = obj.find(':');
        return std::string(colon == std::string_view::npos ? obj : obj.substr(0, colon));
    }

} // namespace

std::string changeFindingKey(const Finding& f)
{
    std::vector<std::string> objs;
    for (std::string o : f.objects) {
        for (std::size_t at; (at = o.find(kNewSuffix)) != std::string::npos;)
            o.erase(at, std::char_traits<char>::length(kNewSuffix));
        objs.push_back(std::move(o));
    }
    std::sort(objs.begin(), objs.end());
    std::string k = f.code;
    for (const auto& o : objs)
        k += "|" + o;
    return k;
}

Fabric hybridFabric(const Fabric& before, const Fabric& after, const std::set<std::string>& atNew)
{
    Fabric h = before;
    h.nodes.clear();
    h.links.clear();
    std::unordered_set<std::string> present;
    for (const auto& n : before.nodes) {
        if (!atNew.count(n.name)) {
            h.nodes.push_back(n);
            present.insert(n.name);
        } else if (const Node* m = after.findNode(n.name)) {
            h.nodes.push_back(*m);
            present.insert(n.name);
        } // removed in the new revision
    }
    for (const auto& n : after.nodes)
        if (atNew.count(n.name) && !before.findNode(n.name)) {
            h.nodes.push_back(n);
            present.insert(n.name);
        }
    std::unordered_set<std::string> used;
    auto hasPort = [&](const Endpoint& e) {
        if (!present.count(e.node))
            return false;
        for (const auto& n : h.nodes)
            if (n.name == e.node)
                return n.findPort(e.port) != nullptr;
        return false;
    };
    auto addLink = [&](const Link& l) {
        if (!hasPort(l.a) || !hasPort(l.b) || used.count(portKey(l.a)) || used.count(portKey(l.b)))
            return;
        used.insert(portKey(l.a));
        used.insert(portKey(l.b));
        h.links.push_back(l);
    };
    for (const auto& l : after.links)
        if (atNew.count(l.a.node) || atNew.count(l.b.node))
            addLink(l);
    for (const auto& l : before.links)
        if (!atNew.count(l.a.node) && !atNew.count(l.b.node))
            addLink(l);

    // Policies of the new devices' ports: the policy the new revision puts there, by port override.
    const FabricIndex idx(after);
    std::erase_if(h.overrides, [&](const PortOverride& o) { return atNew.count(o.port.node) > 0; });
    std::map<std::string, std::string> nameInHybrid; // new policy name → its name in the hybrid
    for (const auto& n : h.nodes) {
        if (!atNew.count(n.name))
            continue;
        for (const auto& p : n.ports) {
            const QosPolicy* pol = idx.policyAt(Endpoint { n.name, p.name });
            if (!pol)
                continue;
            auto it = nameInHybrid.find(pol->name);
            if (it == nameInHybrid.end()) {
                const QosPolicy* same = before.findPolicy(pol->name);
                std::string name = pol->name;
                if (!same) {
                    h.policies.push_back(*pol);
                } else if (!(*same == *pol)) {
                    name += kNewSuffix;
                    QosPolicy copy = *pol;
                    copy.name = name;
                    h.policies.push_back(std::move(copy));
                }
                it = nameInHybrid.emplace(pol->name, name).first;
            }
            h.overrides.push_back(PortOverride { Endpoint { n.name, p.name }, it->second });
        }
    }
    return h;
}

std::set<std::string> changedDevices(const Fabric& before, const Fabric& after)
{
    std::set<std::string> out;
    const FabricIndex ia(before), ib(after);
    for (const auto& n : after.nodes) {
        const Node* o = before.findNode(n.name);
        if (!o || !(*o == n)) {
            out.insert(n.name);
            continue;
        }
        for (const auto& p : n.ports) {
            const Endpoint e { n.name, p.name };
            const QosPolicy* pa = ia.policyAt(e);
            const QosPolicy* pb = ib.policyAt(e);
            if ((pa == nullptr) != (pb == nullptr) || (pa && !(*pa == *pb))) {
                out.insert(n.name);
                break;
            }
            const auto la = ia.linkAt(e), lb = ib.linkAt(e);
            if (la.has_value() != lb.has_value()) {
                out.insert(n.name);
                break;
            }
            if (la) {
                const Link& x = before.links[*la];
                const Link& y = after.links[*lb];
                const auto px = ia.peer(*ia.port(e)), py = ib.peer(*ib.port(e));
                if (x.length != y.length || x.medium != y.medium || !px || !py || !(ia.endpoint(*px) == ib.endpoint(*py))) {
                    out.insert(n.name);
                    break;
                }
            }
        }
    }
    for (const auto& n : before.nodes)
        if (!after.findNode(n.name))
            out.insert(n.name);
    return out;
}

RolloutPlan planRollout(const Fabric& before, const Fabric& after, const AsicCatalog& catalog, const RolloutOptions& options, Feedback* fb)
{
    RolloutPlan plan;
    const std::set<std::string> changed = changedDevices(before, after);
    if (changed.empty())
        return plan;

    AsicCatalog cat = catalog;
    cat.mergeProject(before);
    cat.mergeProject(after);
    auto errorKeys = [&](const Fabric& f) {
        std::set<std::string> keys;
        for (const auto& x : runAllChecks(f, cat))
            if (x.severity == Severity::Error)
                keys.insert(changeFindingKey(x));
        return keys;
    };
    // Errors the base or the target already has are not the rollout's: only new ones count.
    std::set<std::string> known = errorKeys(before);
    {
        const auto t = errorKeys(after);
        known.insert(t.begin(), t.end());
    }
    plan.checkRuns = 2;
    auto introduced = [&](const std::set<std::string>& atNew) {
        checkCancelled(fb);
        ++plan.checkRuns;
        std::vector<Finding> out;
        for (auto& x : runAllChecks(hybridFabric(before, after, atNew), cat))
            if (x.severity == Severity::Error && !known.count(changeFindingKey(x)))
                out.push_back(std::move(x));
        return out;
    };

    // Units: each changed switch alone (super-spines, spines, leaves), then the changed hosts grouped by
    // the switch their first linked port attaches to ("NICs under leaf1").
    struct Unit {
        std::vector<std::string> devices;
        std::string label;
    };
    std::vector<Unit> units;
    auto roleOf = [&](const std::string& name) {
        const Node* n = after.findNode(name);
        if (!n)
            n = before.findNode(name);
        return n ? n->role : Role::Leaf;
    };
    if (!options.fixedOrder.empty()) {
        for (const auto& step : options.fixedOrder) {
            Unit u;
            for (const auto& d : step)
                if (changed.count(d))
                    u.devices.push_back(d);
            if (u.devices.empty())
                continue;
            u.label = fmt::format("{}", fmt::join(u.devices, ", "));
            units.push_back(std::move(u));
        }
    } else {
        for (Role r : { Role::SuperSpine, Role::Spine, Role::Leaf })
            for (const auto& d : changed)
                if (roleOf(d) == r)
                    units.push_back({ { d }, d });
        std::map<std::string, std::vector<std::string>> byLeaf;
        const FabricIndex ia(after);
        for (const auto& d : changed) {
            if (roleOf(d) != Role::Host)
                continue;
            std::string leaf = "(unattached)";
            if (const Node* n = after.findNode(d))
                for (const auto& p : n->ports)
                    if (const auto id = ia.port(Endpoint { d, p.name }))
                        if (const auto peer = ia.peer(*id)) {
                            leaf = ia.endpoint(*peer).node;
                            break;
                        }
            byLeaf[leaf].push_back(d);
        }
        for (auto& [leaf, hosts] : byLeaf)
            units.push_back({ hosts, hosts.size() == 1 ? hosts[0] : fmt::format("NICs under {}", leaf) });
    }

    std::set<std::string> applied;
    std::vector<bool> done(units.size(), false);
    auto unitOf = [&](const std::string& device) -> int {
        for (std::size_t i = 0; i < units.size(); ++i)
            if (!done[i] && std::find(units[i].devices.begin(), units[i].devices.end(), device) != units[i].devices.end())
                return static_cast<int>(i);
        return -1;
    };
    std::size_t remaining = units.size();
    while (remaining > 0) {
        if (fb)
            fb->setSteps("rollout order", units.size() - remaining, units.size(), "steps");
        bool accepted = false;
        RolloutStep step;
        std::vector<int> stepUnits;
        const bool fixed = !options.fixedOrder.empty();
        for (std::size_t i = 0; i < units.size() && !accepted; ++i) {
            if (done[i])
                continue;
            std::vector<int> cand { static_cast<int>(i) };
            std::string why;
            while (plan.checkRuns < options.maxCheckRuns) {
                std::set<std::string> trial = applied;
                for (int u : cand)
                    trial.insert(units[u].devices.begin(), units[u].devices.end());
                auto errs = introduced(trial);
                if (errs.empty()) {
                    accepted = true;
                    stepUnits = cand;
                    if (cand.size() > 1) {
                        step.atomic = true;
                        why = fmt::format(" (atomic: {})", why);
                    }
                    std::vector<std::string> labels;
                    for (int u : cand)
                        labels.push_back(units[u].label);
                    step.label = fmt::format("{}{}", fmt::join(labels, " + "), step.atomic ? why : "");
                    break;
                }
                if (fixed)
                    break; // a fixed order is evaluated, not repaired
                // Merge the pending units the findings name: their change must go with this one.
                std::set<int> more;
                for (const auto& e : errs)
                    for (const auto& obj : e.objects) {
                        const int u = unitOf(nodeOfObject(obj));
                        if (u >= 0 && std::find(cand.begin(), cand.end(), u) == cand.end()) {
                            more.insert(u);
                            if (why.find(e.code) == std::string::npos)
                                why += (why.empty() ? "" : ", ") + e.code;
                        }
                    }
                if (more.empty())
                    break;
                cand.insert(cand.end(), more.begin(), more.end());
            }
            if (fixed && !accepted)
                break;
        }
        if (!accepted) {
            // No unit avoids a risk: apply the first pending unit (or the fixed order's next) and say why.
            int first = -1;
            for (std::size_t i = 0; i < units.size(); ++i)
                if (!done[i]) {
                    first = static_cast<int>(i);
                    break;
                }
            stepUnits = { first };
            step.label = units[first].label;
            std::set<std::string> trial = applied;
            trial.insert(units[first].devices.begin(), units[first].devices.end());
            step.findings = introduced(trial);
            std::set<std::string> links;
            for (const auto& f : step.findings) {
                std::vector<std::string> ports;
                for (const auto& o : f.objects)
                    if (o.find(':') != std::string::npos && o.rfind("policy:", 0) != 0)
                        ports.push_back(o);
                if (ports.size() >= 2)
                    links.insert(ports[0] < ports[1] ? ports[0] + " -- " + ports[1] : ports[1] + " -- " + ports[0]);
                else
                    for (const auto& p : ports)
                        links.insert(p);
            }
            step.riskyLinks = static_cast<int>(links.size());
            plan.safe = false;
            if (!fixed && plan.checkRuns >= options.maxCheckRuns)
                plan.notes.push_back(fmt::format("the search stopped after {} check runs (bound)", plan.checkRuns));
        }
        for (int u : stepUnits) {
            done[static_cast<std::size_t>(u)] = true;
            --remaining;
            step.devices.insert(step.devices.end(), units[u].devices.begin(), units[u].devices.end());
            applied.insert(units[u].devices.begin(), units[u].devices.end());
        }
        step.step = static_cast<int>(plan.steps.size()) + 1;
        plan.steps.push_back(std::move(step));
    }
    return plan;
}

} // namespace lfp
