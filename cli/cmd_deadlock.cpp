// SPDX-License-Identifier: GPL-3.0-or-later
// lfp deadlock PROJECT [--routing ecmp|updown|static|lft] [--routes FILE] [--lft DUMP] [--path-sl FILE]
//                      [--sl2vl DUMP] [--priority P] [--failures 0|1|2] [--sample N] [--seed S] [--progress] [--json]
// Cyclic buffer dependencies (PFC deadlock risk) and InfiniBand credit loops, under routing and under
// link failures. Exit status (a contract): 0 no cycle; 1 a cycle in the healthy fabric, or (with
// --failures) a failure set that creates one, or CA pairs without a route in the LFTs; 2 usage or
// input errors.
#include "cli.h"

#include "model/errors.h"
#include "model/projectstore.h"
#include "planner/deadlock.h"
#include "planner/ibdump.h"

#include <chrono>
#include <cstdio>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <iostream>
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
        std::size_t sample = 0;
        std::uint64_t seed = 1;
        bool noFixes = false;
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
            a.push_back({ { "severity", toString(f.severity) }, { "code", f.code }, { "objects", f.objects }, { "message", f.message },
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

    void printCycle(const CycleReport& c, int index, const std::string& indent)
    {
        std::cout << fmt::format("{}CYCLE {} on {}: {} buffers in a loop (strongly connected component of {}){}\n", indent, index,
            classText(c), c.hops.size(), c.componentSize, c.routingLoop ? " — a ROUTING LOOP: one destination's packets circle" : "");
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
            std::cout << fmt::format("{}       waits on {} at {}{}: {}{} flow(s) toward {} destination(s){}\n", indent, next.buffer, h.at,
                h.turn.empty() ? "" : fmt::format(" ({})", h.turn), h.flowCountExact ? "" : "≥", h.flowCount, h.inducingDestinations, flows);
        }
        if (!c.fixes.empty()) {
            std::cout << indent << "  fixes" << (std::any_of(c.fixes.begin(), c.fixes.end(), [](const FixCandidate& f) { return f.checked; }) ? " (re-analysed with the fix applied)" : "") << ":\n";
            for (const auto& f : c.fixes) {
                const char* verdict = !f.checked ? "unchecked " : f.removesAll ? "no cycle  "
                    : f.removesCycle                                           ? "this cycle"
                                                                               : "still cyc.";
                std::cout << fmt::format("{}    [{}] {}: {}\n", indent, verdict, f.kind, f.description);
                if (f.checked || !f.costNote.empty())
                    std::cout << fmt::format("{}                 cost: {}{}\n", indent, f.checked ? fmt::format("{} {}", f.cost, f.costUnit) : std::string(),
                        f.costNote.empty() ? "" : (f.checked ? "; " : "") + f.costNote);
            }
        }
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

    Runner setupDeadlock(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("deadlock", "Cyclic buffer dependencies (PFC deadlock) and InfiniBand credit loops, under routing and link failures");
        auto o = std::make_shared<Opts>();
        cmd->add_option("PROJECT", o->project, "Fabric .json, project .lfp, or ibnetdiscover output (for --routing lft)")->required();
        cmd->add_option("--routing", o->routing, "ecmp (default), updown, static (with --routes), lft (with --lft)")
            ->check(CLI::IsMember({ "ecmp", "updown", "static", "lft" }));
        cmd->add_option("--routes", o->routes, "Static routes: 'SWITCH DESTINATION NEXTHOP...' lines or JSON (docs/deadlock.md)");
        cmd->add_option("--lft", o->lft, "InfiniBand forwarding tables: opensm-lfts.dump or dump_fts output");
        cmd->add_option("--path-sl", o->pathSl, "SL per path: '0x<src GUID> <DLID> <SL>' lines (ibdmchk -c) or saquery -p output");
        cmd->add_option("--sl2vl", o->sl2vl, "OpenSM opensm-sl2vl.dump (identity when absent)");
        cmd->add_option("--priority", o->priority, "Analyse only this lossless priority (0..7)")->check(CLI::Range(0, 7));
        cmd->add_option("--revision,-r", o->revision, "Revision of a .lfp project (default: latest)");
        cmd->add_option("--failures", o->failures, "Also analyse every set of 1 or 2 failed switch links (0: none)")->check(CLI::Range(0, 2));
        cmd->add_option("--sample", o->sample, "With --failures: when there are more failure sets than N, analyse a random sample of N");
        cmd->add_option("--seed", o->seed, "Seed of the --sample draw (default 1)");
        cmd->add_flag("--no-fixes", o->noFixes, "Do not compute and check fix candidates");
        cmd->add_flag("--progress", o->progress, "Log the phase, units done and an estimate of the time left on stderr (also when it is not a terminal)");
        addJsonFlag(cmd, o->json);
        return [o]() {
            const bool ibTopo = looksLikeIbnetdiscover(o->project);
            std::string routing = o->routing.empty() ? ((!o->lft.empty() || ibTopo) ? "lft" : "ecmp") : o->routing;
            DeadlockOptions opt;
            opt.priority = o->priority;
            opt.fixes = !o->noFixes;
            ProgressLog fb(o->progress);
            DeadlockReport rep;
            std::optional<FailureReport> fails;
            std::vector<std::string> notes;
            nlohmann::json out;
            out["file"] = o->project;
            if (routing == "lft") {
                if (o->lft.empty())
                    throw InputError(SourceLocation { {}, 0, 0, "--lft" }, "--routing lft needs --lft DUMP (opensm-lfts.dump or dump_fts output)");
                if (!ibTopo)
                    throw InputError(SourceLocation { o->project, 0, 0, {} }, "--routing lft needs the topology as ibnetdiscover output (GUIDs and port numbers)");
                if (o->failures)
                    throw InputError(SourceLocation { {}, 0, 0, "--failures" }, "--failures re-routes with a model (ecmp, updown, static); an LFT dump is one routing: re-route with OpenSM and dump again");
                IbFabric ib = readIbnetdiscover(o->project);
                readLftDump(ib, o->lft);
                if (!o->pathSl.empty())
                    readPathSl(ib, o->pathSl);
                if (!o->sl2vl.empty())
                    readSl2vl(ib, o->sl2vl);
                rep = analyseLft(ib, opt, &fb);
                out["lft"] = o->lft;
                out["path_sl"] = o->pathSl;
                out["sl2vl"] = o->sl2vl;
            } else {
                if (!o->lft.empty() || !o->pathSl.empty() || !o->sl2vl.empty())
                    throw InputError(SourceLocation { {}, 0, 0, "--lft" }, "--lft/--path-sl/--sl2vl go with --routing lft");
                if (ibTopo)
                    throw InputError(SourceLocation { o->project, 0, 0, {} }, "an ibnetdiscover file is analysed with --routing lft --lft DUMP (or import it into a project first)");
                const Fabric f = loadFabricFile(o->project, o->revision);
                const Topology t = buildTopology(f);
                StaticTable statics;
                if (routing == "static") {
                    if (o->routes.empty())
                        throw InputError(SourceLocation { {}, 0, 0, "--routes" }, "--routing static needs --routes FILE");
                    statics = resolveStaticRoutes(t, readStaticRoutes(o->routes, t));
                    opt.statics = &statics;
                    out["routes"] = o->routes;
                } else if (!o->routes.empty())
                    throw InputError(SourceLocation { {}, 0, 0, "--routes" }, "--routes goes with --routing static");
                opt.routing = routing == "updown" ? RoutingModel::UpDown : routing == "static" ? RoutingModel::Static
                                                                                               : RoutingModel::Ecmp;
                const auto classes = classMasks(f, t, o->priority, &notes);
                rep = analyseTopology(t, classes, LinkMask(static_cast<std::size_t>(t.linkCount), 0), opt, &fb);
                rep.notes.insert(rep.notes.begin(), notes.begin(), notes.end());
                if (o->failures) {
                    FailureOptions fo;
                    fo.maxFailures = o->failures;
                    fo.sampleLimit = o->sample;
                    fo.seed = o->seed;
                    fo.explain = true;
                    fails = analyseFailures(t, classes, opt, fo, &fb);
                }
            }
            const auto findings = deadlockFindings(rep, fails ? &*fails : nullptr);
            const bool healthyCycle = rep.hasCycle();
            const bool failureCycle = fails && fails->withCycles > 0;
            const bool missing = rep.routing == RoutingModel::Lft && rep.unreachable.switchPairs > 0;
            const int rc = (healthyCycle || failureCycle || missing) ? kExitFindings : kExitOk;
            if (o->json) {
                out["routing"] = toString(rep.routing);
                out["priorities"] = rep.priorities;
                out["buffers"] = rep.buffers;
                out["dependencies"] = rep.dependencies;
                out["destinations"] = rep.destinations;
                out["cyclic_components"] = rep.cyclicComponents;
                nlohmann::json cyc = nlohmann::json::array();
                for (const auto& c : rep.cycles)
                    cyc.push_back(cycleJson(c));
                out["cycles"] = cyc;
                out["unreachable"] = lostJson(rep.unreachable);
                out["notes"] = rep.notes;
                out["seconds"] = rep.seconds;
                if (fails) {
                    nlohmann::json fj = { { "max_failures", fails->maxFailures }, { "switch_links", fails->switchLinks },
                        { "scenarios_total", fails->scenariosTotal }, { "scenarios_run", fails->scenariosRun }, { "sampled", fails->sampled },
                        { "seed", fails->seed }, { "with_cycles", fails->withCycles }, { "with_lost_flows", fails->withLostFlows },
                        { "recomputed_destinations", fails->recomputedDestinations }, { "full_recomputes", fails->fullRecomputes },
                        { "notes", fails->notes }, { "seconds", fails->seconds } };
                    nlohmann::json sc = nlohmann::json::array();
                    for (const auto& s : fails->cyclic) {
                        nlohmann::json cs = nlohmann::json::array();
                        for (const auto& c : s.cycles)
                            cs.push_back(cycleJson(c));
                        sc.push_back({ { "links", s.linkNames }, { "cyclic_components", s.cyclicComponents }, { "cycles", cs }, { "lost", lostJson(s.lost) } });
                    }
                    fj["cyclic"] = sc;
                    nlohmann::json ls = nlohmann::json::array();
                    for (const auto& s : fails->lossy)
                        ls.push_back({ { "links", s.linkNames }, { "lost", lostJson(s.lost) } });
                    fj["lost_flows"] = ls;
                    out["failures"] = fj;
                }
                out["findings"] = findingsJson(findings);
                out["exit_status"] = rc;
                printJson(out);
                return rc;
            }
            std::cout << fmt::format("{}: deadlock analysis, routing {}{}\n", o->project, toString(rep.routing),
                rep.routing == RoutingModel::Lft ? fmt::format(" ({})", o->lft)
                                                 : (rep.priorities.empty() ? std::string(", one lossless class") : fmt::format(", lossless priorities {}", fmt::join(rep.priorities, ","))));
            std::cout << fmt::format("  {} switch-to-switch buffers{}, {} dependencies, {} destinations ({:.2f} s)\n", rep.buffers,
                rep.routing == RoutingModel::Lft ? " (link direction × VL)" : " per priority", rep.dependencies, rep.destinations, rep.seconds);
            for (const auto& n : rep.notes)
                std::cout << "  note: " << n << '\n';
            if (!rep.hasCycle())
                std::cout << "  No cyclic buffer dependency: this routing cannot deadlock through PFC/credits.\n";
            else
                std::cout << fmt::format("  {} cyclic component(s): DEADLOCK RISK (a cycle is necessary for a deadlock; whether one forms depends on load).\n", rep.cyclicComponents);
            int i = 0;
            for (const auto& c : rep.cycles) {
                std::cout << '\n';
                printCycle(c, ++i, "");
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
            if (fails) {
                const auto& fr = *fails;
                std::cout << fmt::format("\nLink failures: {} switch links; {} failure sets of up to {} links{}; analysed {} in {:.2f} s ({}, {} destination recomputations, {} full re-analyses)\n",
                    fr.switchLinks, fr.scenariosTotal, fr.maxFailures, fr.sampled ? fmt::format(", random sample (seed {})", fr.seed) : std::string(),
                    fr.scenariosRun, fr.seconds, fr.incremental ? "incremental" : "from scratch", fr.recomputedDestinations, fr.fullRecomputes);
                for (const auto& n : fr.notes)
                    std::cout << "  note: " << n << '\n';
                std::cout << fmt::format("  {} failure set(s) create a cyclic dependency; {} make flows lose their lossless path\n", fr.withCycles, fr.withLostFlows);
                for (const auto& s : fr.cyclic) {
                    std::cout << fmt::format("\n  FAILED {}: {} cyclic component(s)\n", fmt::join(s.linkNames, " + "), s.cyclicComponents);
                    int k = 0;
                    for (const auto& c : s.cycles)
                        printCycle(c, ++k, "    ");
                }
                for (const auto& s : fr.lossy) {
                    std::vector<std::string> ex;
                    for (const auto& e : s.lost.examples)
                        ex.push_back(e.source + " -> " + e.destination);
                    std::cout << fmt::format("  FAILED {}: {} host pairs lose their lossless path, e.g. {}\n", fmt::join(s.linkNames, " + "), s.lost.pairs, fmt::join(ex, ", "));
                }
            }
            const auto sum = summarize(findings);
            std::cout << fmt::format("\nfindings: {} error(s), {} warning(s) (codes LFP-DEADLOCK-*/LFP-CREDIT-LOOP-*, --json lists them); exit {}\n", sum.errors, sum.warnings, rc);
            return rc;
        };
    }
    LFP_REGISTER_COMMAND(60, setupDeadlock);

} // namespace
} // namespace lfp::cli
