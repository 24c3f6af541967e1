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
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iterator>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <map>
#include <memory>
#include <sstream>

namespace lfp {

using nlohmann::json;

namespace {

    /// LFP_REVIEW_TIMING=1: wall and process CPU of each phase of computeReview on stderr
    /// (docs/performance.md, "Session 17"; CPU because the machine is shared).
    class PhaseTimer {
    public:
        PhaseTimer()
            : on_(std::getenv("LFP_REVIEW_TIMING") != nullptr)
        {
        }
        void lap(const char* phase)
        {
            if (!on_)
                return;
            const auto now = std::chrono::steady_clock::now();
            const std::clock_t cpu = std::clock();
            std::fprintf(stderr, "review: %-28s %7.3f s wall, %7.3f s CPU\n", phase, std::chrono::duration<double>(now - wall_).count(),
                static_cast<double>(cpu - cpu_) / CLOCKS_PER_SEC);
            wall_ = now;
            cpu_ = cpu;
        }

    private:
        bool on_;
        std::chrono::steady_clock::time_point wall_ = std::chrono::steady_clock::now();
        std::clock_t cpu_ = std::clock();
    };

    std::string lower(std::string s)
    {
        std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return s;
    }

    /// Headroom and budget figures of every switch with a known ASIC, read from its device plan
    /// (planner/plan/deviceplan.h: the budget `lfp budget` computes, the per-port headroom).
    struct Budgets {
        std::map<std::pair<std::string, int>, HeadroomFigures> ports; ///< (port, lossless PG)
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
        Budgets out;
        DeviceSelection switches; // only switches have budgets: the hosts' plans are not made (65,536 at k=64)
        for (const auto& n : f.nodes)
            if (n.isSwitch())
                switches.devices.push_back(n.name);
        if (switches.devices.empty())
            return out;
        const DevicePlans plans = buildDevicePlans(f, index, cat, switches, fb);
        for (const DevicePlan& d : plans.devices) {
            if (!d.isSwitch || !d.asic)
                continue;
            if (!d.budget) {
                notes.push_back(fmt::format("{}: no budget ({})", d.name, d.budgetError));
                continue;
            }
            out.switches[d.name] = switchFigures(*d.budget);
            // Every lossless PG of a port reserves the port's headroom (deviceplan.h HeadroomPlan::pgs).
            for (const auto& p : d.ports)
                if (p.headroom && p.qos)
                    for (int pg : p.qos->losslessPgs)
                        out.ports[{ d.name + ":" + p.name, pg }] = { p.headroom->xon.value(), p.headroom->xoff.value(), p.headroom->size.value() };
        }
        return out;
    }

    /// The buffer-fit proofs of one revision's switches (planner/buffer/bufferfit.h, read, not recomputed
    /// here): the revision's index and catalogue made once, on the first proof asked for.
    class FitProver {
    public:
        FitProver(const Fabric& f, const AsicCatalog& catalog)
            : f_(f)
            , catalog_(catalog)
        {
        }
        /// nullopt when the switch is absent, has no known ASIC or its total buffer is unknown.
        std::optional<BufferFitProof> fitOf(const std::string& name, std::vector<std::string>& notes)
        {
            if (!ctx_) {
                cat_ = catalog_;
                cat_.mergeProject(f_);
                ctx_ = std::make_unique<BudgetContext>(f_);
            }
            const auto node = ctx_->index().node(name);
            if (!node)
                return std::nullopt;
            const Node& n = f_.nodes[*node];
            const AsicProfile* asic = cat_.find(n.asic);
            if (!asic || asic->totalBuffer.value() <= 0)
                return std::nullopt;
            try {
                return proveSwitchFit(*ctx_, *node, *asic);
            } catch (const Cancelled&) {
                throw;
            } catch (const std::exception& e) {
                notes.push_back(fmt::format("{}: no buffer-fit proof ({})", name, e.what()));
                return std::nullopt;
            }
        }

    private:
        const Fabric& f_;
        const AsicCatalog& catalog_;
        AsicCatalog cat_;
        std::unique_ptr<BudgetContext> ctx_;
    };

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
                v.failureSets = res.failures->scenariosTotal;
                v.failureSymmetry = res.failures->symmetry;
            }
        } catch (const Cancelled&) {
            throw;
        } catch (const std::exception& e) {
            v.note = e.what();
        }
        return v;
    }

    /// Whether @p a and @p b differ at most in their cables' length, medium and fibre: what the deadlock
    /// analysis (planner/routing: topology, roles, lossless priorities, routing) never reads, so both
    /// have the same verdict and the review analyses one (a cable change at k=64: 10 s of CPU saved).
    bool sameDeadlockInput(const Fabric& a, const Fabric& b)
    {
        if (a.name != b.name || a.nodes != b.nodes || a.policies != b.policies || a.bindings != b.bindings || a.overrides != b.overrides
            || a.asics != b.asics || a.ibQos != b.ibQos || a.links.size() != b.links.size())
            return false;
        for (std::size_t i = 0; i < a.links.size(); ++i)
            if (!(a.links[i].a == b.links[i].a) || !(a.links[i].b == b.links[i].b) || a.links[i].origin != b.links[i].origin)
                return false;
        return true;
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
            { "single_failure_with_cycles", v.failureWithCycles }, { "single_failure_sets", v.failureSets },
            { "single_failure_symmetry", v.failureSymmetry } };
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

    /// The per-device deltas of @p candidates, base → new and back, per export target (Review::devices).
    /// A target that refuses to export (exporter.h checkNames) is recorded in Review::refused; its
    /// candidates are returned (attributed by their model change, the only evidence left).
    std::set<std::string> exportDeltas(Review& r, const std::set<std::string>& candidates, const AsicCatalog& catalog, Feedback* fb)
    {
        std::set<std::string> refusedDevices;
        std::map<std::string, std::vector<std::string>> byTarget;
        for (const auto& d : candidates) {
            const Node* n = r.after.findNode(d);
            if (!n)
                n = r.before.findNode(d);
            byTarget[reviewTarget(*n, r.options.vendor)].push_back(d);
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
                const ExportResult xa = exportOf(r.before), xb = exportOf(r.after);
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
                r.refused.push_back(fmt::format("{} export refused: {}", target, e.what()));
                refusedDevices.insert(devs.begin(), devs.end());
            }
        }
        return refusedDevices;
    }

    /// Why the devices of each step are drained: the reasons of its disruptive commands (forward: the
    /// delta; rollback: the inverse delta); none when no command disrupts traffic. Physical steps keep
    /// the planner's reason.
    void setDrains(Review& r)
    {
        auto reasons = [&](const RolloutStep& s, bool back) {
            std::vector<std::string> out;
            for (const auto& c : r.devices) {
                if (std::find(s.devices.begin(), s.devices.end(), c.delta.device) == s.devices.end())
                    continue;
                const DeviceDelta* d = back ? (c.rollback ? &*c.rollback : nullptr) : &c.delta;
                if (d)
                    for (const auto& cmd : d->commands)
                        if (cmd.disruptive && !cmd.reason.empty() && std::find(out.begin(), out.end(), cmd.reason) == out.end())
                            out.push_back(cmd.reason);
            }
            return out;
        };
        for (bool back : { false, true })
            for (auto& s : back ? r.rollout.rollback : r.rollout.steps)
                if (s.kind != RolloutStepKind::Physical) {
                    const auto why = reasons(s, back);
                    s.drain = why.empty() ? std::string() : fmt::format("{}", fmt::join(why, "; "));
                }
    }

    /// SONiC's shared headroom pool may be turned off only once every lossless profile has xon + xoff =
    /// size (sonic-swss pull request 4153): the delta of a switch that turns it off (or changes its
    /// over-subscription) runs the profile changes first and the pool's change last
    /// (kSonicHeadroomPoolOffStep); its rollout step says so.
    void setHeadroomPoolOrder(Review& r)
    {
        for (auto& s : r.rollout.steps) {
            std::vector<std::string> on;
            for (const auto& c : r.devices)
                if (std::find(s.devices.begin(), s.devices.end(), c.delta.device) != s.devices.end()
                    && std::any_of(c.delta.commands.begin(), c.delta.commands.end(), [](const ChangeCommand& x) { return x.step == kSonicHeadroomPoolOffStep; }))
                    on.push_back(c.delta.device);
            if (!on.empty())
                s.why += fmt::format("; on {}: {}", reviewNameRanges(on), kReviewHeadroomPoolOffWhy);
        }
    }

    /// The banner on page one (Review::blocking).
    std::vector<std::string> blockingReasons(const Review& r)
    {
        std::vector<std::string> out = r.refused;
        if (r.deadlockAfter.analysed && r.deadlockAfter.state == DeadlockState::NothingCovered)
            out.push_back("the deadlock analysis of the new revision covered nothing (LFP-DEADLOCK-NOTHING-COVERED): no verdict");
        if (r.contractAfter.analysed) {
            std::uint64_t paths = 0;
            for (const auto& c : r.contractAfter.classes)
                paths += c.paths;
            if (paths == 0)
                out.push_back("the lossless contract of the new revision walked no host-to-host path: no verdict");
        }
        if (r.stormAfter.analysed && r.stormAfter.sources == 0)
            out.push_back("the pause-storm radius of the new revision analysed no source: no verdict");
        if (r.certificateBefore.certificate && r.certificateAfter.certificate && r.certificateBefore.certificate->holds && !r.certificateAfter.certificate->holds)
            out.push_back("the deadlock-freedom certificate held before the change and does not hold after it (see Impact)");
        std::set<std::string> codes;
        std::size_t errors = 0;
        for (const auto& f : r.introduced)
            if (f.severity == Severity::Error) {
                ++errors;
                codes.insert(f.code);
            }
        if (errors > 0)
            out.push_back(fmt::format("the new revision introduces {} error finding{} ({})", errors, errors == 1 ? "" : "s", fmt::join(codes, ", ")));
        if (!r.rollout.safe)
            out.push_back("no rollout order avoids an error finding in some intermediate state (see the ordered steps)");
        return out;
    }

    /// The keys of either map, in order.
    template <class Map> std::set<typename Map::key_type> keysOfBoth(const Map& a, const Map& b)
    {
        std::set<typename Map::key_type> keys;
        for (const auto& [k, v] : a)
            keys.insert(k);
        for (const auto& [k, v] : b)
            keys.insert(k);
        return keys;
    }

    /// The value of @p key in @p m, if any.
    template <class Map> std::optional<typename Map::mapped_type> valueAt(const Map& m, const typename Map::key_type& key)
    {
        const auto it = m.find(key);
        return it == m.end() ? std::nullopt : std::optional(it->second);
    }

    /// The headroom per lossless PG and the budget per switch of both revisions, where they differ.
    void compareBudgets(Review& r, const AsicCatalog& catalog, Feedback* fb)
    {
        const Fabric& before = r.before;
        const Fabric& after = r.after;
        // Headroom and pools of both revisions.
        const Budgets bb = budgetsOf(before, catalog, r.notes, fb), ba = budgetsOf(after, catalog, r.notes, fb);
        for (const auto& p : keysOfBoth(bb.ports, ba.ports)) {
            std::optional<HeadroomFigures> hx = valueAt(bb.ports, p), hy = valueAt(ba.ports, p);
            if (hx != hy)
                r.ports.push_back({ p.first, p.second, hx, hy });
        }
        FitProver proveBefore(before, catalog), proveAfter(after, catalog);
        for (const auto& s : keysOfBoth(bb.switches, ba.switches)) {
            std::optional<SwitchFigures> fx = valueAt(bb.switches, s), fy = valueAt(ba.switches, s);
            if (fx != fy) { // the switch's buffer changes: the worst-case proof of both revisions
                auto px = fx ? proveBefore.fitOf(s, r.notes) : std::nullopt;
                auto py = fy ? proveAfter.fitOf(s, r.notes) : std::nullopt;
                r.switches.push_back({ s, fx, fy, std::move(px), std::move(py) });
            }
        }
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
    PhaseTimer timer;
    Review r;
    r.options = options;
    r.before = before;
    r.after = after;
    r.changes = diffFabrics(before, after);
    if (fb)
        fb->setMessage("review: budgets");

    compareBudgets(r, catalog, fb);
    checkCancelled(fb);
    timer.lap("diff, budgets, fit proofs");

    // Findings of both revisions, by code + objects (the rollout reads them too).
    std::vector<Finding> fa, fbb;
    {
        AsicCatalog cat = catalog;
        cat.mergeProject(before);
        cat.mergeProject(after);
        fa = runAllChecks(before, cat, fb);
        fbb = runAllChecks(after, cat, fb);
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
    timer.lap("checks of both revisions");
    if (fb)
        fb->setMessage("review: deadlock");
    r.deadlockBefore = deadlockOf(before, options, fb);
    r.deadlockAfter = sameDeadlockInput(before, after) ? r.deadlockBefore : deadlockOf(after, options, fb);
    timer.lap("deadlock of both revisions");
    reviewCertificates(r, fb); // when the change touches routing, lossless priorities or links (reviewcertificate.cpp)
    timer.lap("certificates");
    if (fb)
        fb->setMessage("review: storm radius and lossless contract");
    r.stormBefore = reviewStormOf(before, catalog, options, fb);
    r.stormAfter = reviewStormOf(after, catalog, options, fb);
    r.contractBefore = reviewContractOf(before, options, fb);
    r.contractAfter = reviewContractOf(after, options, fb);
    timer.lap("storm and contract");

    // Change attribution by rendered configuration: a device is in the rollout when its exported
    // configuration changes, or its physical plant does (a cable at it), or its target refused to export.
    if (fb)
        fb->setMessage("review: export delta");
    const std::set<std::string> candidates = changedDevices(before, after);
    std::set<std::string> attributed = exportDeltas(r, candidates, catalog, fb);
    for (const auto& c : cableChanges(before, after)) {
        attributed.insert(c.after.a.node);
        attributed.insert(c.after.b.node);
    }
    for (const auto& d : r.devices)
        attributed.insert(d.delta.device);
    r.changedDevices = attributed;
    std::set_difference(candidates.begin(), candidates.end(), attributed.begin(), attributed.end(), std::inserter(r.unrendered, r.unrendered.end()));
    timer.lap("export delta");
    if (fb)
        fb->setMessage("review: rollout order");
    RolloutOptions ro;
    ro.devices = r.changedDevices;
    ro.beforeFindings = &fa; // the same checks with the same catalogue: not run again
    ro.afterFindings = &fbb;
    r.rollout = planRollout(before, after, catalog, ro, fb);
    setDrains(r);
    setHeadroomPoolOrder(r);
    r.blocking = blockingReasons(r);
    timer.lap("rollout order");
    // Traffic that exercises the change: host pairs whose paths cross each device (reviewverify.cpp).
    r.verification = reviewVerification(before, after, r.changedDevices, r.rollout.addedLossless);
    timer.lap("verification pairs");
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
        ports.push_back({ { "port", p.port }, { "pg", p.pg }, { "before", headroomJson(p.before) }, { "after", headroomJson(p.after) } });
    json switches = json::array();
    for (const auto& s : r.switches)
        switches.push_back({ { "switch", s.name }, { "before", switchJson(s.before) }, { "after", switchJson(s.after) },
            { "fit", { { "before", s.fitBefore ? bufferFitToJson(*s.fitBefore) : json(nullptr) }, { "after", s.fitAfter ? bufferFitToJson(*s.fitAfter) : json(nullptr) } } } });
    json rollout = json::array();
    for (const auto& s : r.rollout.steps)
        rollout.push_back({ { "step", s.step }, { "devices", s.devices }, { "findings", findingsToJson(s.findings) }, { "label", s.label },
            { "atomic", s.atomic }, { "risky_links", s.riskyLinks }, { "kind", toString(s.kind) }, { "why", s.why },
            { "drain", s.drain.empty() ? json(nullptr) : json(s.drain) }, { "cables", s.cables }, { "carrying", s.carrying } });
    // The true inverse, in the order to apply (a contract: "step", "devices").
    json rollback = json::array();
    for (const auto& s : r.rollout.rollback) {
        json j { { "step", s.step }, { "devices", s.devices }, { "undoes", s.undoes }, { "label", s.label }, { "kind", toString(s.kind) },
            { "drain", s.drain.empty() ? json(nullptr) : json(s.drain) }, { "cables", s.cables } };
        if (s.kind == RolloutStepKind::Hosts) { // hosts go back by the base revision's script, not the new one's inverse
            json scripts = json::array();
            for (const auto& d : r.devices)
                if (std::find(s.devices.begin(), s.devices.end(), d.delta.device) != s.devices.end())
                    scripts.push_back(d.delta.file);
            j["base_host_scripts"] = scripts;
        }
        rollback.push_back(std::move(j));
    }
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
                { "contract", { { "before", contractVerdictJson(r.contractBefore) }, { "after", contractVerdictJson(r.contractAfter) } } },
                { "certificate", certificateVerdictsJson(r) } } },
        { "rollout", rollout }, { "rollback", rollback }, { "rollout_safe", r.rollout.safe }, { "devices", devices },
        { "unrendered", r.unrendered }, { "blocking", r.blocking }, { "refused", r.refused }, { "notes", r.notes },
        { "verification", verificationJson(r.verification) } };
}

} // namespace lfp
