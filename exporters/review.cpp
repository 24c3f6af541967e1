// SPDX-License-Identifier: GPL-3.0-or-later
#include "review.h"

#include "exportcontext.h"
#include "exporter.h"
#include "model/errors.h"
#include "model/textsafe.h"
#include "planner/buffer/budget.h"
#include "planner/checks/checks.h"
#include "planner/plan/deviceplan.h"
#include "planner/routing/deadlock.h"
#include "planner/findings/findingregistry.h"
#include "planner/findings/reportjson.h"
#include "planner/routing/routing.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <map>
#include <sstream>

namespace lfp {

using nlohmann::json;

namespace {

    std::string lower(std::string s)
    {
        std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return s;
    }

    /// Headroom and budget figures of every switch with a known ASIC, read from its device plan
    /// (planner/plan/deviceplan.h: the budget `lfp budget` computes, the per-port headroom).
    struct Budgets {
        std::map<std::string, HeadroomFigures> ports;
        std::map<std::string, SwitchFigures> switches;
    };
    SwitchFigures switchFigures(const SwitchBudget& b)
    {
        SwitchFigures s;
        for (const auto& p : b.pools)
            s.pools.push_back({ p.name, p.size.value(), p.xoff ? std::optional<std::int64_t>(p.xoff->value()) : std::nullopt });
        s.reserved = b.reserved.value();
        s.sharedHeadroomPool = b.sharedHeadroomPool.value();
        s.available = b.available.value();
        s.ingressLosslessPool = b.ingressLosslessPool.value();
        s.dtShareOne = b.dtShareOne.value();
        s.dtShareAll = b.dtShareAll.value();
        s.dynamicTh = b.dynamicTh;
        return s;
    }
    Budgets budgetsOf(const Fabric& f, const AsicCatalog& catalog, std::vector<std::string>& notes, Feedback* fb)
    {
        AsicCatalog cat = catalog;
        cat.mergeProject(f);
        const FabricIndex index(f);
        const DevicePlans plans = buildDevicePlans(f, index, cat, {}, fb);
        Budgets out;
        for (const DevicePlan& d : plans.devices) {
            if (!d.isSwitch || !d.asic)
                continue;
            if (!d.budget) {
                notes.push_back(fmt::format("{}: no budget ({})", d.name, d.budgetError));
                continue;
            }
            out.switches[d.name] = switchFigures(*d.budget);
            for (const auto& p : d.ports)
                if (p.headroom)
                    out.ports[d.name + ":" + p.name] = { p.headroom->xon.value(), p.headroom->xoff.value(), p.headroom->size.value() };
        }
        return out;
    }

    /// The buffer-fit proof of switch @p name in @p f (planner/buffer/bufferfit.h, read, not recomputed
    /// here); nullopt when the switch is absent, has no known ASIC or its total buffer is unknown.
    std::optional<BufferFitProof> fitOf(const Fabric& f, const AsicCatalog& catalog, const std::string& name, std::vector<std::string>& notes)
    {
        const auto it = std::find_if(f.nodes.begin(), f.nodes.end(), [&](const Node& n) { return n.name == name; });
        if (it == f.nodes.end())
            return std::nullopt;
        AsicCatalog cat = catalog;
        cat.mergeProject(f);
        const AsicProfile* asic = cat.find(it->asic);
        if (!asic || asic->totalBuffer.value() <= 0)
            return std::nullopt;
        try {
            const BudgetContext ctx(f);
            return proveSwitchFit(ctx, static_cast<std::size_t>(it - f.nodes.begin()), *asic);
        } catch (const Cancelled&) {
            throw;
        } catch (const std::exception& e) {
            notes.push_back(fmt::format("{}: no buffer-fit proof ({})", name, e.what()));
            return std::nullopt;
        }
    }

    DeadlockVerdict deadlockOf(const Fabric& f, const ReviewOptions& o, Feedback* fb)
    {
        DeadlockVerdict v;
        if (!o.deadlock) {
            v.note = "not analysed (--no-deadlock)";
            return v;
        }
        try {
            DeadlockJob job; // ECMP, every lossless priority (lfp deadlock without options)
            job.fixes = false;
            job.failures = o.failures ? 1 : 0;
            job.explainFailures = false;
            const DeadlockOutcome res = runDeadlockJob(job, f, fb);
            v.analysed = true;
            v.state = res.state;
            v.coverage = res.coverage;
            v.healthyCycle = res.report.hasCycle();
            v.cyclicComponents = res.report.cyclicComponents;
            if (res.failures) {
                v.failureScenarios = res.failures->scenariosRun;
                v.failureWithCycles = res.failures->withCycles;
            }
        } catch (const Cancelled&) {
            throw;
        } catch (const std::exception& e) {
            v.note = e.what();
        }
        return v;
    }

    json headroomJson(const std::optional<HeadroomFigures>& h)
    {
        if (!h)
            return nullptr;
        return { { "xon", h->xon }, { "xoff", h->xoff }, { "size", h->size } };
    }
    json switchJson(const std::optional<SwitchFigures>& s)
    {
        if (!s)
            return nullptr;
        json pools = json::array();
        for (const auto& p : s->pools) {
            json j { { "name", p.name }, { "size", p.size } };
            if (p.xoff)
                j["xoff"] = *p.xoff;
            pools.push_back(j);
        }
        return { { "pools", pools }, { "reserved", s->reserved }, { "shared_headroom_pool", s->sharedHeadroomPool }, { "available", s->available },
            { "ingress_lossless_pool", s->ingressLosslessPool }, { "dynamic_th", s->dynamicTh }, { "dt_share_one", s->dtShareOne },
            { "dt_share_all", s->dtShareAll } };
    }
    json deadlockJson(const DeadlockVerdict& v)
    {
        // "healthy": the job's verdict (planner/routing/deadlockjob.h): "cycle", "no-cycle", "no-lossless-buffer" or
        // "nothing-covered" — an analysis that covered nothing is never "no-cycle".
        json j { { "analysed", v.analysed }, { "healthy", v.analysed ? json(toString(v.state)) : json(nullptr) },
            { "cyclic_components", v.cyclicComponents }, { "single_failure_scenarios", v.failureScenarios },
            { "single_failure_with_cycles", v.failureWithCycles } };
        if (v.analysed) {
            const auto& c = v.coverage;
            j["coverage"] = { { "switches", c.switches }, { "hosts", c.hosts }, { "destinations", c.destinations },
                { "switch_buffers", c.switchBuffers }, { "lossless_buffers", c.losslessBuffers }, { "flows", c.flows },
                { "flows_exact", c.flowsExact }, { "nothing_covered", c.empty() } };
        }
        if (!v.note.empty())
            j["note"] = v.note;
        return j;
    }
    json deltaJson(const DeviceDelta& d)
    {
        json cmds = json::array();
        for (const auto& c : d.commands)
            cmds.push_back({ { "command", c.text }, { "removal", c.removal }, { "disruptive", c.disruptive }, { "reason", c.reason } });
        return { { "path", d.file }, { "change", toString(d.kind) }, { "disruptive", d.disruptive() }, { "diff", d.diff }, { "commands", cmds } };
    }

} // namespace

std::string reviewTarget(const Node& node, const std::string& forced)
{
    if (!node.isSwitch())
        return "linux";
    std::string t = forced;
    if (t.empty()) {
        const std::string v = lower(node.vendor);
        t = v.find("arista") != std::string::npos ? "eos"
            : v.find("cisco") != std::string::npos ? "nxos"
            : v.find("juniper") != std::string::npos ? "junos"
            : v.find("huawei") != std::string::npos ? "huawei"
                                                     : "sonic";
    }
    return findExporter(t) ? t : "sonic";
}

Review computeReview(const Fabric& before, const Fabric& after, const AsicCatalog& catalog, const ReviewOptions& options, Feedback* fb)
{
    Review r;
    r.options = options;
    r.before = before;
    r.after = after;
    r.changes = diffFabrics(before, after);
    r.changedDevices = changedDevices(before, after);
    if (fb)
        fb->setMessage("review: budgets");

    // Headroom and pools of both revisions.
    const Budgets bb = budgetsOf(before, catalog, r.notes, fb), ba = budgetsOf(after, catalog, r.notes, fb);
    std::set<std::string> ports;
    for (const auto& [k, v] : bb.ports)
        ports.insert(k);
    for (const auto& [k, v] : ba.ports)
        ports.insert(k);
    for (const auto& p : ports) {
        auto x = bb.ports.find(p);
        auto y = ba.ports.find(p);
        std::optional<HeadroomFigures> hx = x == bb.ports.end() ? std::nullopt : std::optional(x->second);
        std::optional<HeadroomFigures> hy = y == ba.ports.end() ? std::nullopt : std::optional(y->second);
        if (hx != hy)
            r.ports.push_back({ p, hx, hy });
    }
    std::set<std::string> sws;
    for (const auto& [k, v] : bb.switches)
        sws.insert(k);
    for (const auto& [k, v] : ba.switches)
        sws.insert(k);
    for (const auto& s : sws) {
        auto x = bb.switches.find(s);
        auto y = ba.switches.find(s);
        std::optional<SwitchFigures> fx = x == bb.switches.end() ? std::nullopt : std::optional(x->second);
        std::optional<SwitchFigures> fy = y == ba.switches.end() ? std::nullopt : std::optional(y->second);
        if (fx != fy) // the switch's buffer changes: the worst-case proof of both revisions
            r.switches.push_back({ s, fx, fy, fx ? fitOf(before, catalog, s, r.notes) : std::nullopt, fy ? fitOf(after, catalog, s, r.notes) : std::nullopt });
    }
    checkCancelled(fb);

    // Findings of both revisions, by code + objects.
    {
        AsicCatalog cat = catalog;
        cat.mergeProject(before);
        cat.mergeProject(after);
        const auto fa = runAllChecks(before, cat, fb), fbb = runAllChecks(after, cat, fb);
        std::set<std::string> ka, kb;
        for (const auto& f : fa)
            ka.insert(changeFindingKey(f));
        for (const auto& f : fbb)
            kb.insert(changeFindingKey(f));
        for (const auto& f : fbb)
            (ka.count(changeFindingKey(f)) ? r.unchanged : r.introduced).push_back(f);
        for (const auto& f : fa)
            if (!kb.count(changeFindingKey(f)))
                r.resolved.push_back(f);
    }
    if (fb)
        fb->setMessage("review: deadlock");
    r.deadlockBefore = deadlockOf(before, options, fb);
    r.deadlockAfter = deadlockOf(after, options, fb);
    if (fb)
        fb->setMessage("review: storm radius and lossless contract");
    r.stormBefore = reviewStormOf(before, catalog, options, fb);
    r.stormAfter = reviewStormOf(after, catalog, options, fb);
    r.contractBefore = reviewContractOf(before, options, fb);
    r.contractAfter = reviewContractOf(after, options, fb);

    // Devices whose exported configuration changes, per target, with the inverse delta for rollback.
    if (fb)
        fb->setMessage("review: export delta");
    std::map<std::string, std::vector<std::string>> byTarget;
    for (const auto& d : r.changedDevices) {
        const Node* n = after.findNode(d);
        if (!n)
            n = before.findNode(d);
        byTarget[reviewTarget(*n, options.vendor)].push_back(d);
    }
    for (const auto& [target, devs] : byTarget) {
        const Exporter* ex = findExporter(target);
        if (!ex)
            continue;
        auto exportOf = [&](const Fabric& f) -> ExportResult {
            ExportOptions eo;
            for (const auto& d : devs)
                if (const Node* n = f.findNode(d); n && ex->handles(*n))
                    eo.devices.push_back(d);
            if (eo.devices.empty())
                return {};
            AsicCatalog cat = catalog;
            cat.mergeProject(f);
            const ExportContext ctx(f, cat, eo, fb);
            return ex->run(ctx, fb);
        };
        try {
            const ExportResult xa = exportOf(before), xb = exportOf(after);
            const auto forward = computeDelta(target, xa, xb);
            const auto back = computeDelta(target, xb, xa);
            for (const auto& d : forward) {
                DeviceChange c { target, d, std::nullopt };
                for (const auto& b : back)
                    if (b.device == d.device && b.file == d.file)
                        c.rollback = b;
                r.devices.push_back(std::move(c));
            }
        } catch (const Cancelled&) {
            throw;
        } catch (const std::exception& e) {
            r.notes.push_back(fmt::format("{} export: {}", target, e.what()));
        }
    }
    if (fb)
        fb->setMessage("review: rollout order");
    r.rollout = planRollout(before, after, catalog, {}, fb);
    return r;
}

json reviewToJson(const Review& r)
{
    json changes = json::array();
    for (const auto& c : r.changes) {
        json fields = json::array();
        for (const auto& f : c.fields)
            fields.push_back({ { "field", f.field }, { "before", f.beforeValue }, { "after", f.afterValue } });
        changes.push_back({ { "kind", toString(c.kind) }, { "type", c.objectType }, { "id", c.id }, { "fields", fields } });
    }
    json ports = json::array();
    for (const auto& p : r.ports)
        ports.push_back({ { "port", p.port }, { "before", headroomJson(p.before) }, { "after", headroomJson(p.after) } });
    json switches = json::array();
    for (const auto& s : r.switches)
        switches.push_back({ { "switch", s.name }, { "before", switchJson(s.before) }, { "after", switchJson(s.after) },
            { "fit", { { "before", s.fitBefore ? bufferFitToJson(*s.fitBefore) : json(nullptr) }, { "after", s.fitAfter ? bufferFitToJson(*s.fitAfter) : json(nullptr) } } } });
    json rollout = json::array();
    for (const auto& s : r.rollout.steps)
        rollout.push_back({ { "step", s.step }, { "devices", s.devices }, { "findings", findingsToJson(s.findings) }, { "label", s.label },
            { "atomic", s.atomic }, { "risky_links", s.riskyLinks } });
    json devices = json::array();
    for (const auto& d : r.devices) {
        json j = deltaJson(d.delta);
        j["device"] = d.delta.device;
        j["target"] = d.target;
        if (d.rollback)
            j["rollback"] = deltaJson(*d.rollback);
        devices.push_back(j);
    }
    return { { "base", r.options.baseLabel }, { "to", r.options.toLabel }, { "changes", changes },
        { "impact",
            { { "ports", ports }, { "switches", switches },
                { "findings", { { "introduced", findingsToJson(r.introduced) }, { "resolved", findingsToJson(r.resolved) }, { "unchanged", findingsToJson(r.unchanged) } } },
                { "deadlock", { { "before", deadlockJson(r.deadlockBefore) }, { "after", deadlockJson(r.deadlockAfter) } } },
                { "storm", { { "before", stormVerdictJson(r.stormBefore) }, { "after", stormVerdictJson(r.stormAfter) } } },
                { "contract", { { "before", contractVerdictJson(r.contractBefore) }, { "after", contractVerdictJson(r.contractAfter) } } } } },
        { "rollout", rollout }, { "rollout_safe", r.rollout.safe }, { "devices", devices }, { "notes", r.notes } };
}

} // namespace lfp
