// SPDX-License-Identifier: GPL-3.0-or-later
// lfp deadlock PROJECT [--routing ecmp|updown|static|lft] [--routes FILE] [--lft DUMP] [--path-sl FILE]
//                      [--sl2vl DUMP] [--priority P] [--failures 0|1|2] [--certify K] [--sample N] [--seed S] [--progress] [--json]
// Cyclic buffer dependencies (PFC deadlock risk) and InfiniBand credit loops, under routing and under
// link failures. Exit status (a contract): 0 no cycle; 1 a cycle in the healthy fabric, or (with
// --failures) a failure set that creates one, or CA pairs without a route in the LFTs; 2 usage or
// input errors.
#include "cli.h"
#include "deadlock_certify.h"
#include "deadlock_reroute.h"

#include "model/errors.h"
#include "model/asiccatalog.h"
#include "model/projectstore.h"
#include "planner/routing/deadlock.h"
#include "planner/routing/deadlockcoverage.h"
#include "planner/routing/deadlockjob.h"
#include "importers/ibdump.h"
#include "importers/ibfabric.h"
#include "importers/staticroutes.h"
#include "planner/routing/ibcredit.h"

#include <chrono>
#include <cstdio>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <iostream>
#include <map>
#include <set>
#include <mutex>

namespace lfp::cli {
namespace {

    struct Opts {
        std::string project;
        std::string routing;
        std::string routes, lft, pathSl, sl2vl;
        std::optional<int> priority;
        std::optional<int> revision;
        int failures = 0;
        int certify = 0;
        std::string failureModel = "links";
        std::string fixOut;
        std::string reroute, rerouteKeep;
        std::vector<std::string> osmLogs;
        std::size_t sample = 0;
        std::uint64_t seed = 1;
        bool noFixes = false;
        bool exhaustive = false;
        bool verbose = false;
        bool progress = false;
        bool json = false;
    };

    nlohmann::json flowsJson(const std::vector<FlowExample>& v)
    {
        nlohmann::json a = nlohmann::json::array();
        for (const auto& f : v)
            a.push_back({ { "source", f.source }, { "destination", f.destination } });
        return a;
    }

    nlohmann::json cycleJson(const CycleReport& c)
    {
        nlohmann::json hops = nlohmann::json::array();
        for (const auto& h : c.hops) {
            nlohmann::json j = { { "buffer", h.buffer }, { "link", h.link }, { "at", h.at }, { "turn", h.turn },
                { "inducing_destinations", h.inducingDestinations }, { "flow_count", h.flowCount },
                { "flow_count_exact", h.flowCountExact }, { "flows", flowsJson(h.flows) } };
            if (h.vl >= 0) {
                j["vl"] = h.vl;
                j["ibdm_port"] = h.alias;
            }
            hops.push_back(std::move(j));
        }
        nlohmann::json fixes = nlohmann::json::array();
        for (const auto& f : c.fixes)
            fixes.push_back({ { "kind", f.kind }, { "description", f.description }, { "checked", f.checked },
                { "removes_cycle", f.removesCycle }, { "removes_all_cycles", f.removesAll }, { "cost", f.cost },
                { "cost_unit", f.costUnit }, { "cost_note", f.costNote }, { "static_routes", f.staticRoutes } });
        nlohmann::json j = { { "component_size", c.componentSize }, { "length", c.hops.size() }, { "routing_loop", c.routingLoop },
            { "hops", hops }, { "fixes", fixes } };
        if (c.vl >= 0)
            j["vl"] = c.vl;
        else
            j["priorities"] = c.priorities;
        return j;
    }

    nlohmann::json lostJson(const LostFlows& l)
    {
        return { { "host_pairs", l.pairs }, { "switch_pairs", l.switchPairs }, { "examples", flowsJson(l.examples) } };
    }

    nlohmann::json findingsJson(const std::vector<Finding>& fs)
    {
        nlohmann::json a = nlohmann::json::array();
        for (const auto& f : fs) {
            nlohmann::json ev = nlohmann::json::array();
            for (const auto& e : f.evidence)
                ev.push_back({ { "name", e.name }, { "value", e.value }, { "unit", e.unit }, { "note", e.note } });
            a.push_back({ { "severity", toString(f.severity) }, { "code", f.code }, { "objects", toStrings(f.objects) }, { "message", f.message },
                { "evidence", ev }, { "fix", f.fix } });
        }
        return a;
    }

    std::string classText(const CycleReport& c)
    {
        if (c.vl >= 0)
            return fmt::format("VL {}", c.vl);
        return c.priorities.empty() ? std::string("lossless class") : fmt::format("priority {}", fmt::join(c.priorities, ","));
    }

    void printCycle(const CycleReport& c, int index, const std::string& indent, bool withFixes)
    {
        std::cout << fmt::format("{}CYCLE {} on {}: {} in a loop (strongly connected component of {}){}\n", indent, index,
            classText(c), countOf(c.hops.size(), "buffer"), groupThousands(c.componentSize), c.routingLoop ? " — a ROUTING LOOP: one destination's packets circle" : "");
        for (std::size_t i = 0; i < c.hops.size(); ++i) {
            const auto& h = c.hops[i];
            const auto& next = c.hops[(i + 1) % c.hops.size()];
            std::cout << fmt::format("{}  {}. buffer {}{}{}\n", indent, i + 1, h.buffer, h.vl >= 0 ? fmt::format(" VL{}", h.vl) : "",
                h.alias.empty() ? "" : fmt::format("   [{}]", h.alias));
            std::string flows;
            if (!h.flows.empty()) {
                std::vector<std::string> ex;
                for (const auto& f : h.flows)
                    ex.push_back(f.source + " -> " + f.destination);
                flows = fmt::format(", e.g. {}", fmt::join(ex, ", "));
            }
            std::cout << fmt::format("{}       waits on {} at {}{}: {}{} toward {}{}\n", indent, next.buffer, h.at,
                h.turn.empty() ? "" : fmt::format(" ({})", h.turn), h.flowCountExact ? "" : "≥", countOf(h.flowCount, "flow"),
                countOf(h.inducingDestinations, "destination"), flows);
        }
        if (withFixes && !c.fixes.empty()) {
            std::cout << indent << "  fixes" << (std::any_of(c.fixes.begin(), c.fixes.end(), [](const FixCandidate& f) { return f.checked; }) ? " (re-analysed with the fix applied)" : "") << ":\n";
            for (const auto& f : c.fixes) {
                const char* verdict = !f.checked ? "unchecked " : f.removesAll ? "no cycle  "
                    : f.removesCycle                                           ? "this cycle"
                                                                               : "still cyc.";
                std::cout << fmt::format("{}    [{}] {}: {}\n", indent, verdict, f.kind, f.description);
                if (f.checked || !f.costNote.empty())
                    std::cout << fmt::format("{}                 cost: {}{}\n", indent, f.checked ? costWithUnit(f.cost, f.costUnit) : std::string(),
                        f.costNote.empty() ? "" : (f.checked ? "; " : "") + f.costNote);
            }
        }
    }

    /// " (stands for N failure sets: its symmetry class)" after a representative, "" for a class of one.
    std::string standsFor(const FailureScenario& s)
    {
        return s.represents > 1 ? fmt::format(" (stands for {} failure sets: its symmetry class)", s.represents) : std::string();
    }

    /// A cycle of the report, with the failure set it appeared in ("" for the healthy fabric).
    struct Cyc {
        const CycleReport* cycle;
        std::string failure;
    };

    /// The identity of a cycle across failure sets: its class and its cabled links, whatever the start
    /// and the direction (a loop of links usually gives one cycle per direction; they share every fix).
    std::string cycleKey(const CycleReport& c)
    {
        std::vector<std::string> b;
        for (const auto& h : c.hops)
            b.push_back(h.link + (h.vl >= 0 ? fmt::format("/VL{}", h.vl) : std::string()));
        std::sort(b.begin(), b.end());
        b.erase(std::unique(b.begin(), b.end()), b.end());
        return classText(c) + "|" + fmt::format("{}", fmt::join(b, "|"));
    }
    std::string bufferKey(const CycleReport& c)
    {
        std::vector<std::string> b;
        for (const auto& h : c.hops)
            b.push_back(h.buffer + (h.vl >= 0 ? fmt::format("/VL{}", h.vl) : std::string()));
        std::sort(b.begin(), b.end());
        return fmt::format("{}", fmt::join(b, "|"));
    }

    /// Distinct cycles (each once, with the failure sets it appears in) and the fixes, each once, with
    /// the cycles it breaks. Shared by the text summary and --json "summary".
    struct DistinctCycle {
        const CycleReport* cycle = nullptr;
        std::vector<std::string> failures;
        std::size_t occurrences = 0;
        std::set<std::string> orientations; ///< distinct buffer sets (2: the loop in both directions)
    };
    struct DistinctFix {
        const FixCandidate* fix = nullptr;
        std::vector<int> cycles; ///< 1-based indices of distinct cycles
        std::size_t occurrences = 0, checked = 0, removesCycle = 0, removesAll = 0;
    };
    void distinct(const std::vector<Cyc>& in, std::vector<DistinctCycle>& cycles, std::vector<DistinctFix>& fixes)
    {
        std::map<std::string, std::size_t> at;
        std::map<std::string, std::size_t> fixAt;
        for (const auto& x : in) {
            const std::string k = cycleKey(*x.cycle);
            auto it = at.find(k);
            if (it == at.end()) {
                it = at.emplace(k, cycles.size()).first;
                cycles.push_back({ x.cycle, {}, 0, {} });
            }
            DistinctCycle& d = cycles[it->second];
            ++d.occurrences;
            d.orientations.insert(bufferKey(*x.cycle));
            if (!x.failure.empty() && (d.failures.empty() || d.failures.back() != x.failure))
                d.failures.push_back(x.failure);
            const int idx = static_cast<int>(it->second) + 1;
            for (const auto& f : x.cycle->fixes) {
                const std::string fk = f.kind + "|" + f.description;
                auto jt = fixAt.find(fk);
                if (jt == fixAt.end()) {
                    jt = fixAt.emplace(fk, fixes.size()).first;
                    fixes.push_back({ &f, {}, 0, 0, 0, 0 });
                }
                DistinctFix& df = fixes[jt->second];
                ++df.occurrences;
                df.checked += f.checked;
                df.removesCycle += f.removesCycle;
                df.removesAll += f.removesAll;
                if (std::find(df.cycles.begin(), df.cycles.end(), idx) == df.cycles.end())
                    df.cycles.push_back(idx);
            }
        }
        // Fixes that remove every cycle wherever they were tried first, then by how many cycles they break.
        std::stable_sort(fixes.begin(), fixes.end(), [](const DistinctFix& a, const DistinctFix& b) {
            const bool aa = a.removesAll == a.occurrences && a.checked, ba = b.removesAll == b.occurrences && b.checked;
            if (aa != ba)
                return aa;
            return a.cycles.size() > b.cycles.size();
        });
    }

    std::string fixVerdict(const DistinctFix& f)
    {
        if (!f.checked)
            return "unchecked";
        if (f.removesAll == f.occurrences)
            return f.occurrences == 1 ? "removes every cycle" : fmt::format("removes every cycle (all {} times tried)", f.occurrences);
        if (f.removesCycle == f.occurrences)
            return "removes the cycles listed";
        return fmt::format("removes them in {} of {} failure sets", f.removesCycle, f.occurrences);
    }

    void printSummary(const std::vector<Cyc>& in, const std::string& indent)
    {
        std::vector<DistinctCycle> cycles;
        std::vector<DistinctFix> fixes;
        distinct(in, cycles, fixes);
        if (in.size() > cycles.size())
            std::cout << fmt::format("\n{}{} of links among {} reported (each printed once, either direction; --verbose prints every one):\n",
                indent, countOf(cycles.size(), "distinct loop"), countOf(in.size(), "cycle"));
        for (std::size_t i = 0; i < cycles.size(); ++i) {
            std::cout << '\n';
            printCycle(*cycles[i].cycle, static_cast<int>(i) + 1, indent, false);
            if (cycles[i].orientations.size() > 1)
                std::cout << fmt::format("{}  (the same loop of links also forms in the opposite direction)\n", indent);
            const auto& fl = cycles[i].failures;
            if (!fl.empty()) {
                std::vector<std::string> first(fl.begin(), fl.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(fl.size(), 4)));
                std::cout << fmt::format("{}  appears when {} fail{}{}\n", indent, fmt::join(first, "; "), fl.size() == 1 && fl[0].find('+') == std::string::npos ? "s" : "",
                    fl.size() > first.size() ? fmt::format("; and in {} more failure sets", fl.size() - first.size()) : std::string());
            }
        }
        if (fixes.empty())
            return;
        std::cout << fmt::format("\n{}fixes ({} distinct; each re-analysed with the fix applied):\n", indent, fixes.size());
        for (const auto& f : fixes) {
            std::cout << fmt::format("{}  [{}] {}: {}\n", indent, fixVerdict(f), f.fix->kind, f.fix->description);
            std::cout << fmt::format("{}      breaks cycle{} {}{}\n", indent, f.cycles.size() == 1 ? "" : "s", fmt::join(f.cycles, ", "),
                f.fix->checked || !f.fix->costNote.empty()
                    ? fmt::format("; cost {}{}", f.fix->checked ? costWithUnit(f.fix->cost, f.fix->costUnit) : std::string(),
                          f.fix->costNote.empty() ? "" : (f.fix->checked ? " — " : "") + f.fix->costNote)
                    : std::string());
        }
    }

    nlohmann::json summaryJson(const DeadlockReport& rep, const FailureReport* fails)
    {
        std::vector<Cyc> in;
        for (const auto& c : rep.cycles)
            in.push_back({ &c, {} });
        if (fails)
            for (const auto& s : fails->cyclic)
                for (const auto& c : s.cycles)
                    in.push_back({ &c, fmt::format("{}", fmt::join(s.linkNames, " + ")) });
        std::vector<DistinctCycle> cycles;
        std::vector<DistinctFix> fixes;
        distinct(in, cycles, fixes);
        nlohmann::json cj = nlohmann::json::array();
        for (std::size_t i = 0; i < cycles.size(); ++i) {
            nlohmann::json buffers = nlohmann::json::array();
            for (const auto& h : cycles[i].cycle->hops)
                buffers.push_back(h.buffer);
            cj.push_back({ { "index", i + 1 }, { "class", classText(*cycles[i].cycle) }, { "buffers", buffers },
                { "directions", cycles[i].orientations.size() }, { "in_healthy_fabric", !in.empty() && rep.cycles.size() > 0 && std::any_of(rep.cycles.begin(), rep.cycles.end(), [&](const CycleReport& c) { return cycleKey(c) == cycleKey(*cycles[i].cycle); }) },
                { "failure_sets", cycles[i].failures } });
        }
        nlohmann::json fj = nlohmann::json::array();
        for (const auto& f : fixes)
            fj.push_back({ { "kind", f.fix->kind }, { "description", f.fix->description }, { "cycles", f.cycles }, { "tried", f.occurrences },
                { "checked", f.checked }, { "removes_cycle", f.removesCycle }, { "removes_all_cycles", f.removesAll }, { "cost", f.fix->cost },
                { "cost_unit", f.fix->costUnit } });
        return { { "distinct_cycles", cj }, { "fixes", fj } };
    }

    /// --progress: one stderr line per phase step (at most every 2 s, and at each phase's start and
    /// end), with the units done and an estimate of the time left from the phase's rate so far:
    /// "deadlock: failure sets 1200/2080 sets (57.7 %), 14 s elapsed, about 10 s left".
    class ProgressLog : public ConsoleFeedback {
    public:
        explicit ProgressLog(bool enabled)
            : m_enabled(enabled)
        {
        }

    protected:
        void progressChanged(double percent) override
        {
            if (!m_enabled)
                ConsoleFeedback::progressChanged(percent);
        }
        void stepsChanged(const std::string& phase, std::size_t done, std::size_t total, const char* unit) override
        {
            if (!m_enabled)
                return;
            std::lock_guard lock(m_mutex);
            const auto now = std::chrono::steady_clock::now();
            if (phase != m_phase) {
                m_phase = phase;
                m_phaseStart = now;
                m_last = {};
            }
            const bool end = done >= total;
            if (!end && done > 0 && now - m_last < std::chrono::seconds(2))
                return;
            m_last = now;
            const double elapsed = std::chrono::duration<double>(now - m_phaseStart).count();
            std::string eta;
            if (end)
                eta = "done";
            else if (done > 0)
                eta = fmt::format("about {:.0f} s left", elapsed * static_cast<double>(total - done) / static_cast<double>(done));
            else
                eta = "estimating";
            std::fprintf(stderr, "deadlock: %s %zu/%zu %s (%.1f %%), %.0f s elapsed, %s\n", phase.c_str(), done, total, unit,
                total ? 100.0 * static_cast<double>(done) / static_cast<double>(total) : 100.0, elapsed, eta.c_str());
            std::fflush(stderr);
        }

    private:
        bool m_enabled;
        std::mutex m_mutex;
        std::string m_phase;
        std::chrono::steady_clock::time_point m_phaseStart {}, m_last {};
    };

    /// --routing lft: the topology (an ibnetdiscover file, or a project imported from one: GUIDs, LIDs
    /// and port numbers kept by the import, importers/ibfabric.h) and the dumps, then the job.
    DeadlockOutcome runLft(const Opts& o, bool ibTopo, const DeadlockJob& job, Feedback& fb, nlohmann::json& out)
    {
        if (o.lft.empty())
            throw InputError(SourceLocation { {}, 0, 0, "--lft" }, "--routing lft needs --lft DUMP (opensm-lfts.dump or dump_fts output)");
        if (o.certify)
            throw InputError(SourceLocation { {}, 0, 0, "--certify" }, "--certify re-routes with a model (ecmp, updown, static); an LFT dump is one routing");
        if (o.failures)
            throw InputError(SourceLocation { {}, 0, 0, "--failures" }, "--failures re-routes with a model (ecmp, updown, static); an LFT dump is one routing: re-route with OpenSM and dump again");
        IbFabric ib = ibTopo ? readIbnetdiscover(o.project) : ibFabricFromFabric(loadFabricFile(o.project, o.revision), o.project);
        readLftDump(ib, o.lft);
        if (!o.pathSl.empty())
            readPathSl(ib, o.pathSl);
        // SL2VL: the dump when given, else the project's ib_qos policies (importers/ibfabric.h), else identity.
        std::string sl2vlSource = "identity";
        if (!o.sl2vl.empty()) {
            ib.sl2vl.clear();
            readSl2vl(ib, o.sl2vl);
            sl2vlSource = "dump";
        } else if (!ib.sl2vl.empty())
            sl2vlSource = "ib_qos";
        DeadlockOutcome res = runLftDeadlockJob(job, ib, &fb);
        if (sl2vlSource == "ib_qos")
            res.report.notes.push_back(fmt::format("no SL2VL dump: SL→VL from {}", ib.sl2vlFile));
        out["sl2vl_source"] = sl2vlSource;
        out["lft"] = o.lft;
        out["path_sl"] = o.pathSl;
        out["sl2vl"] = o.sl2vl;
        return res;
    }

    /// --routing ecmp|updown|static: the fabric (and the static routes), then the job.
    DeadlockOutcome runRouted(const Opts& o, bool ibTopo, const std::string& routing, DeadlockJob job, Feedback& fb, nlohmann::json& out)
    {
        if (!o.lft.empty() || !o.pathSl.empty() || !o.sl2vl.empty())
            throw InputError(SourceLocation { {}, 0, 0, "--lft" }, "--lft/--path-sl/--sl2vl go with --routing lft");
        if (ibTopo)
            throw InputError(SourceLocation { o.project, 0, 0, {} }, "an ibnetdiscover file is analysed with --routing lft --lft DUMP (or import it into a project first)");
        const Fabric f = loadFabricFile(o.project, o.revision);
        if (routing == "static") {
            if (o.routes.empty())
                throw InputError(SourceLocation { {}, 0, 0, "--routes" }, "--routing static needs --routes FILE");
            job.routes = readStaticRoutes(o.routes);
            out["routes"] = o.routes;
        } else if (!o.routes.empty())
            throw InputError(SourceLocation { {}, 0, 0, "--routes" }, "--routes goes with --routing static");
        job.routing = routing == "updown" ? RoutingModel::UpDown : routing == "static" ? RoutingModel::Static : RoutingModel::Ecmp;
        return runDeadlockJob(job, f, &fb);
    }

    /// `lfp deadlock --json` (a contract): the outcome of the job under the keys of @p out.
    nlohmann::json outcomeJson(const DeadlockOutcome& res, int rc, nlohmann::json out)
    {
        const DeadlockReport& rep = res.report;
        const std::optional<FailureReport>& fails = res.failures;
        const DeadlockCoverage& cov = res.coverage;
        const std::vector<Finding>& findings = res.findings;
        const std::string assumption = routingAssumption(rep.routing);
        out["routing"] = toString(rep.routing);
        out["routing_assumption"] = assumption;
        out["priorities"] = rep.priorities;
        out["buffers"] = rep.buffers;
        out["dependencies"] = rep.dependencies;
        out["destinations"] = rep.destinations;
        out["coverage"] = { { "switches", cov.switches }, { "hosts", cov.hosts }, { "destinations", cov.destinations },
            { "switch_buffers", cov.switchBuffers }, { "lossless_buffers", cov.losslessBuffers }, { "flows", cov.flows },
            { "flows_exact", cov.flowsExact }, { "nothing_covered", cov.empty() } };
        out["cyclic_components"] = rep.cyclicComponents;
        nlohmann::json cyc = nlohmann::json::array();
        for (const auto& c : rep.cycles)
            cyc.push_back(cycleJson(c));
        out["cycles"] = cyc;
        out["unreachable"] = lostJson(rep.unreachable);
        out["notes"] = rep.notes;
        out["seconds"] = rep.seconds;
        if (res.retag.any()) {
            // docs/deadlock.md "Fabrics that re-tag lossless traffic": the verdicts came from this walk
            nlohmann::json cj = nullptr;
            if (res.configured) {
                const ConfiguredWalk& w = *res.configured;
                cj = { { "cyclic", w.cyclic }, { "cyclic_components", w.cyclicComponents }, { "dependencies", w.dependencies },
                    { "states", w.states }, { "unpaused_hops", w.unpausedHops }, { "injected_dscp", w.injected }, { "injected_from_hosts", w.injectedFromHosts }, { "cycle", w.cycleText } };
            }
            out["retag"] = { { "ports", res.retag.ports }, { "policies", res.retag.policies }, { "configured", cj } };
        }
        if (fails) {
            nlohmann::json fj = { { "max_failures", fails->maxFailures }, { "switch_links", fails->switchLinks },
                { "scenarios_total", fails->scenariosTotal }, { "scenarios_run", fails->scenariosRun }, { "sampled", fails->sampled },
                { "seed", fails->seed }, { "with_cycles", fails->withCycles }, { "with_lost_flows", fails->withLostFlows },
                { "recomputed_destinations", fails->recomputedDestinations }, { "full_recomputes", fails->fullRecomputes },
                { "notes", fails->notes }, { "seconds", fails->seconds }, { "exhaustive", fails->exhaustive },
                { "classes", fails->classes }, { "independent_pairs", fails->independentPairs },
                { "symmetry", { { "applied", fails->symmetry }, { "source", fails->symmetrySource }, { "note", fails->symmetryNote },
                                  { "generators", fails->symmetryGenerators }, { "group_order_log10", fails->groupOrderLog10 },
                                  { "seconds", fails->symmetrySeconds } } } };
            nlohmann::json sc = nlohmann::json::array();
            for (const auto& s : fails->cyclic) {
                nlohmann::json cs = nlohmann::json::array();
                for (const auto& c : s.cycles)
                    cs.push_back(cycleJson(c));
                sc.push_back({ { "links", s.linkNames }, { "represents", s.represents }, { "cyclic_components", s.cyclicComponents }, { "cycles", cs },
                    { "lost", lostJson(s.lost) } });
            }
            fj["cyclic"] = sc;
            nlohmann::json ls = nlohmann::json::array();
            for (const auto& s : fails->lossy)
                ls.push_back({ { "links", s.linkNames }, { "represents", s.represents }, { "lost", lostJson(s.lost) } });
            fj["lost_flows"] = ls;
            out["failures"] = fj;
        }
        if (res.certificate) {
            out["certificate"] = certificateJson(*res.certificate);
            if (res.certificateFix)
                out["certificate"]["fix"] = certificateFixJson(*res.certificateFix);
        }
        out["summary"] = summaryJson(rep, fails ? &*fails : nullptr);
        out["findings"] = findingsJson(findings);
        out["exit_status"] = rc;
        return out;
    }

    /// The text of the healthy analysis: routing, assumption, coverage, verdict, cycles, lost flows.
    void printHealthy(const Opts* o, const DeadlockOutcome& res)
    {
        const DeadlockReport& rep = res.report;
        const DeadlockCoverage& cov = res.coverage;
        const std::string assumption = routingAssumption(rep.routing);
        std::cout << fmt::format("{}: deadlock analysis, routing {}{}\n", o->project, toString(rep.routing),
            rep.routing == RoutingModel::Lft ? fmt::format(" ({})", o->lft)
                                             : (rep.priorities.empty() ? std::string(", one lossless class") : fmt::format(", lossless priorities {}", fmt::join(rep.priorities, ","))));
        std::cout << "  assumes: " << assumption << '\n';
        std::cout << fmt::format("  covered: {} ({}), {}, {}{} across the fabric, {} of {} switch-to-switch buffers lossless{}; "
                                 "{} ({:.2f} s)\n",
            countOf(cov.destinations, "destination"), rep.routing == RoutingModel::Lft ? "CA LIDs" : "edge switches", countOf(cov.hosts, "host"),
            cov.flowsExact ? "" : "≤", countOf(cov.flows, "host pair"), groupThousands(cov.losslessBuffers), groupThousands(cov.switchBuffers),
            rep.routing == RoutingModel::Lft ? " (link direction × VL, credit-based)" : " (per priority)",
            countOf(rep.dependencies, "dependency", "dependencies"), rep.seconds);
        for (const auto& n : rep.notes)
            std::cout << "  note: " << n << '\n';
        if (cov.empty())
            std::cout << "  NOTHING ANALYSED: no destination was routed, so there is no verdict (LFP-DEADLOCK-NOTHING-COVERED).\n";
        else if (!rep.hasCycle())
            std::cout << fmt::format("  No cyclic buffer dependency among these {} lossless buffers for these flows: no PFC/credit deadlock "
                                     "under this routing model.\n",
                cov.losslessBuffers);
        else
            std::cout << fmt::format("  {}: DEADLOCK RISK (a cycle is necessary for a deadlock; whether one forms depends on load).\n", countOf(rep.cyclicComponents, "cyclic component"));
        if (o->verbose) {
            int i = 0;
            for (const auto& c : rep.cycles) {
                std::cout << '\n';
                printCycle(c, ++i, "", true);
            }
        } else if (!rep.cycles.empty()) {
            std::vector<Cyc> cs;
            for (const auto& c : rep.cycles)
                cs.push_back({ &c, {} });
            printSummary(cs, "");
        }
        if (rep.cyclicComponents > rep.cycles.size())
            std::cout << fmt::format("\n  ({} more components not detailed)\n", rep.cyclicComponents - rep.cycles.size());
        if (rep.unreachable.switchPairs) {
            std::vector<std::string> ex;
            for (const auto& e : rep.unreachable.examples)
                ex.push_back(e.source + " -> " + e.destination);
            std::cout << fmt::format("\n  {} host pairs have no {} path, e.g. {}\n", rep.unreachable.pairs,
                rep.routing == RoutingModel::Lft ? "LFT" : toString(rep.routing), fmt::join(ex, ", "));
        }
    }

    /// The text of the failure sweep.
    void printFailures(const Opts* o, const FailureReport& fr)
    {
        std::cout << fmt::format("\nLink failures: {}; {} of up to {}{}; analysed {} in {:.2f} s ({}, {}, {})\n",
            countOf(fr.switchLinks, "switch link"), countOf(fr.scenariosTotal, "failure set"), countOf(fr.maxFailures, "link"), fr.sampled ? fmt::format(", random sample (seed {})", fr.seed) : std::string(),
            groupThousands(fr.scenariosRun), fr.seconds, fr.incremental ? "incremental" : "from scratch",
            countOf(fr.recomputedDestinations, "destination recomputation"), countOf(fr.fullRecomputes, "full re-analysis", "full re-analyses"));
        if (fr.symmetry)
            std::cout << fmt::format("  symmetry: {} classes of failure sets, {} (automorphism group of order ~10^{:.1f}, "
                                     "{} generators, {}; {:.2f} s); --exhaustive analyses every set\n",
                fr.classes, fr.sampled ? fmt::format("the representatives of a random sample of {} classes analysed", fr.scenariosRun) : std::string("one representative analysed per class"),
                fr.groupOrderLog10, fr.symmetryGenerators, fr.symmetrySource, fr.symmetrySeconds);
        if (!fr.symmetryNote.empty())
            std::cout << "  symmetry: " << fr.symmetryNote << '\n';
        if (fr.independentPairs)
            std::cout << fmt::format("  {} of independent failures analysed from their single failures (no joint re-routing)\n", countOf(fr.independentPairs, "pair"));
        for (const auto& n : fr.notes)
            std::cout << "  note: " << n << '\n';
        std::cout << fmt::format("  {} a cyclic dependency; {} flows lose their lossless path\n", countOf(fr.withCycles, "failure set creates", "failure sets create"),
            countOf(fr.withLostFlows, "makes", "make"));
        if (o->verbose) {
            for (const auto& s : fr.cyclic) {
                std::cout << fmt::format("\n  FAILED {}: {}{}\n", fmt::join(s.linkNames, " + "), countOf(s.cyclicComponents, "cyclic component"), standsFor(s));
                int k = 0;
                for (const auto& c : s.cycles)
                    printCycle(c, ++k, "    ", true);
            }
        } else if (!fr.cyclic.empty()) {
            std::vector<Cyc> cs;
            for (const auto& s : fr.cyclic)
                for (const auto& c : s.cycles)
                    cs.push_back({ &c, fmt::format("{}{}", fmt::join(s.linkNames, " + "), standsFor(s)) });
            printSummary(cs, "  ");
        }
        const std::size_t shown = o->verbose ? fr.lossy.size() : std::min<std::size_t>(fr.lossy.size(), 5);
        for (std::size_t k = 0; k < shown; ++k) {
            const auto& s = fr.lossy[k];
            std::vector<std::string> ex;
            for (const auto& e : s.lost.examples)
                ex.push_back(e.source + " -> " + e.destination);
            std::cout << fmt::format("  FAILED {}: {} their lossless path, e.g. {}{}\n", fmt::join(s.linkNames, " + "),
                countOf(s.lost.pairs, "host pair loses", "host pairs lose"), fmt::join(ex, ", "), standsFor(s));
        }
        if (shown < fr.lossy.size())
            std::cout << fmt::format("  … and {} more failure sets that lose flows (--verbose or --json lists them)\n", fr.lossy.size() - shown);
    }

    /// --reroute: the OpenSM re-route sweep (deadlock_reroute.h) on an ibnetdiscover topology.
    int runRerouteOption(const Opts& o, bool ibTopo)
    {
        if (!ibTopo)
            throw InputError(SourceLocation { o.project, 0, 0, "--reroute" }, "--reroute needs ibnetdiscover output (the topology ibsim simulates)");
        if (o.failures < 1)
            throw InputError(SourceLocation { {}, 0, 0, "--failures" }, "--reroute needs --failures K (1 or 2): the failure sets OpenSM re-routes");
        if (!o.lft.empty() || o.certify || !o.routing.empty())
            throw InputError(SourceLocation { {}, 0, 0, "--reroute" }, "--reroute routes with OpenSM: no --lft, --routing or --certify");
        RerouteOpts r;
        r.topology = o.project;
        r.engines = o.reroute;
        r.osmLogs = o.osmLogs;
        r.keepDir = o.rerouteKeep;
        r.failures = o.failures;
        r.sample = o.sample;
        r.seed = o.seed;
        r.json = o.json;
        ProgressLog fb(o.progress);
        return runReroute(r, fb);
    }

    Runner setupDeadlock(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("deadlock", "Cyclic buffer dependencies (PFC deadlock) and InfiniBand credit loops, under routing and link failures");
        auto o = std::make_shared<Opts>();
        cmd->add_option("PROJECT", o->project, "Fabric .json, project .lfp (an InfiniBand import for --routing lft), or ibnetdiscover output")->required();
        cmd->add_option("--routing", o->routing, "ecmp (default), updown, static (with --routes), lft (with --lft)")
            ->check(CLI::IsMember({ "ecmp", "updown", "static", "lft" }));
        cmd->add_option("--routes", o->routes, "Static routes: 'SWITCH DESTINATION NEXTHOP...' lines or JSON (docs/deadlock.md)");
        cmd->add_option("--lft", o->lft, "InfiniBand forwarding tables: opensm-lfts.dump or dump_fts output");
        cmd->add_option("--path-sl", o->pathSl, "SL per path: '0x<src GUID> <DLID> <SL>' lines (ibdmchk -c) or saquery -p output");
        cmd->add_option("--sl2vl", o->sl2vl, "OpenSM opensm-sl2vl.dump (identity when absent)");
        cmd->add_option("--priority", o->priority, "Analyse only this lossless priority (0..7)")->check(CLI::Range(0, 7));
        cmd->add_option("--revision,-r", o->revision, "Revision of a .lfp project (default: latest)");
        cmd->add_option("--failures", o->failures, "Also analyse every set of 1 or 2 failed switch links (0: none)")->check(CLI::Range(0, 2));
        cmd->add_option("--certify", o->certify,
               "Certificate: no set of 1..K failed switch links creates a cyclic buffer dependency (K = 1..3), or the smallest sets that do; exit 1 when it does not hold")
            ->check(CLI::Range(1, 3));
        cmd->add_option("--fix-out", o->fixOut,
            "With --certify: write the chosen fix to DIR (fix.json; for a tag plan fabric.json and SONiC, EOS and NVUE configs with the change delta)");
        cmd->add_option("--failure-model", o->failureModel, "With --certify: what fails — links (default: any 1..K switch links) or switches (any 1..K switches with all their links)")
            ->check(CLI::IsMember({ "links", "switches" }));
        cmd->add_option("--sample", o->sample, "With --failures: when there are more failure sets than N, analyse a random sample of N");
        cmd->add_option("--seed", o->seed, "Seed of the --sample draw (default 1)");
        cmd->add_flag("--exhaustive", o->exhaustive,
            "With --failures: analyse every failure set (no symmetry classes, no reuse of single failures for independent pairs)");
        cmd->add_option("--reroute", o->reroute,
            "InfiniBand: re-route every set of up to --failures K failed switch links with OpenSM under ibsim, per engine (comma list, or 'dumps': the engines the OpenSM logs name)");
        cmd->add_option("--osm-log", o->osmLogs, "With --reroute dumps: OpenSM logs that name the routing engines (default: *.log next to the topology)");
        cmd->add_option("--reroute-keep", o->rerouteKeep, "With --reroute: keep each state's net file, OpenSM dumps and log in DIR/<engine>/<set>/");
        cmd->add_flag("--no-fixes", o->noFixes, "Do not compute and check fix candidates");
        cmd->add_flag("--verbose,-v", o->verbose, "Print every cycle of every failure set with its own fixes (default: a summary, each cycle and fix once)");
        cmd->add_flag("--progress", o->progress, "Log the phase, units done and an estimate of the time left on stderr (also when it is not a terminal)");
        addJsonFlag(cmd, o->json);
        return [o]() {
            const bool ibTopo = looksLikeIbnetdiscover(o->project);
            if (!o->reroute.empty())
                return runRerouteOption(*o, ibTopo);
            std::string routing = o->routing.empty() ? ((!o->lft.empty() || ibTopo) ? "lft" : "ecmp") : o->routing;
            DeadlockJob job;
            job.priority = o->priority;
            job.fixes = !o->noFixes;
            job.failures = o->failures;
            job.sample = o->sample;
            job.seed = o->seed;
            job.exhaustive = o->exhaustive;
            job.certify = o->certify;
            job.failureModel = o->failureModel;
            std::optional<AsicCatalog> catalog;
            if (o->certify && !o->noFixes) {
                catalog = AsicCatalog::loadDefault();
                job.catalog = &*catalog;
            }
            if (!o->fixOut.empty() && (!o->certify || o->noFixes))
                throw InputError(SourceLocation { {}, 0, 0, "--fix-out" }, "--fix-out goes with --certify K (and not with --no-fixes)");
            ProgressLog fb(o->progress);
            nlohmann::json out;
            out["file"] = o->project;
            DeadlockOutcome res = routing == "lft" ? runLft(*o, ibTopo, job, fb, out) : runRouted(*o, ibTopo, routing, job, fb, out);
            const int rc = res.isError() ? kExitFindings : kExitOk;
            if (!o->fixOut.empty() && res.certificateFix)
                out["fix_out"] = writeFixOut(o->fixOut, *res.certificateFix, loadFabricFile(o->project, o->revision));
            if (o->json) {
                printJson(outcomeJson(res, rc, std::move(out)));
                return rc;
            }
            printHealthy(o.get(), res);
            if (res.failures)
                printFailures(o.get(), *res.failures);
            if (res.certificate)
                printCertificate(*res.certificate);
            if (res.certificateFix)
                printCertificateFix(*res.certificateFix);
            if (out.contains("fix_out"))
                std::cout << fmt::format("  fix written to {} (fix.json{})\n", o->fixOut, res.certificateFix->fixedFabric ? ", fabric.json, sonic/, eos/, nvue/ with the change delta" : "");
            const auto sum = summarize(res.findings);
            std::cout << fmt::format("\nfindings: {}, {} (codes LFP-DEADLOCK-*/LFP-CREDIT-LOOP-*, --json lists them){}; exit {}\n", countOf(sum.errors, "error"),
                countOf(sum.warnings, "warning"), res.certificate && !res.certificate->holds ? "; the certificate does not hold" : "", rc);
            return rc;
        };
    }
    LFP_REGISTER_COMMAND(60, setupDeadlock);

} // namespace
} // namespace lfp::cli
