// SPDX-License-Identifier: GPL-3.0-or-later
#include "deadlock_reroute.h"

#include "cli.h"

#include "document/ibreroutejob.h"
#include "model/errors.h"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <fstream>
#include <iostream>
#include <sstream>

namespace lfp::cli {
namespace {

    std::string slurp(const std::filesystem::path& p)
    {
        std::ifstream in(p, std::ios::binary);
        std::ostringstream s;
        s << in.rdbuf();
        return s.str();
    }

    /// *.log files in @p dir and up to two folders below it, sorted (a stable engine order).
    std::vector<std::filesystem::path> logsNear(const std::filesystem::path& dir)
    {
        std::vector<std::filesystem::path> out;
        std::error_code ec;
        for (auto it = std::filesystem::recursive_directory_iterator(dir, ec); !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
            if (it.depth() >= 2)
                it.disable_recursion_pending();
            if (it->is_regular_file(ec) && it->path().extension() == ".log")
                out.push_back(it->path());
        }
        std::sort(out.begin(), out.end());
        return out;
    }

    void addUnique(std::vector<std::string>& v, const std::string& e)
    {
        if (std::find(v.begin(), v.end(), e) == v.end())
            v.push_back(e);
    }

    nlohmann::json stateJson(const IbRerouteState& s)
    {
        return { { "links", s.links }, { "used", s.used }, { "ran", s.ran }, { "error", s.error }, { "credit_loop", s.creditLoop },
            { "cycle", s.cycle }, { "missing_pairs", s.missingPairs }, { "vls", s.vls }, { "sls", s.sls } };
    }

    nlohmann::json reportJson(const IbRerouteReport& r)
    {
        nlohmann::json engines = nlohmann::json::array();
        for (const auto& e : r.engines) {
            nlohmann::json failing = nlohmann::json::array();
            for (std::size_t i : e.failing)
                failing.push_back({ { "links", r.states[i].links }, { "cycle", r.states[i].cycle } });
            nlohmann::json j = { { "engine", e.engine }, { "used", e.used }, { "sets", e.sets }, { "loop_free", e.loopFree },
                { "loop_free_share", e.loopFreeShare() }, { "missing_paths", e.missingPaths }, { "errors", e.errors }, { "vls", e.vls },
                { "vls_used", e.vlsUsed }, { "failing", failing } };
            nlohmann::json st = nlohmann::json::array(); // every state, in the order of the sets
            for (const auto& s : r.states)
                if (s.engine == e.engine)
                    st.push_back(stateJson(s));
            j["states"] = st;
            engines.push_back(std::move(j));
        }
        nlohmann::json links = nlohmann::json::array();
        for (const auto& l : r.links)
            links.push_back(l.name);
        return { { "failures", r.failures }, { "switch_links", links }, { "sets_total", r.setsTotal }, { "sets_per_engine", r.sets.size() },
            { "sampled", r.sampled }, { "seed", r.seed }, { "ca_pairs", r.caPairs }, { "seconds", r.seconds }, { "engines", engines },
            { "vls_counted", "distinct VLs of the switch-to-switch hops of every CA-to-CA path: SA PathRecord SL through each switch's SL2VL (opensm-sl2vl.dump); "
                             "\"vls\" is the most any analysed state of the engine uses" } };
    }

    void printReport(const RerouteOpts& o, const IbRerouteReport& r)
    {
        std::cout << fmt::format("{}: OpenSM re-route sweep (ibsim), {}, {} of up to {} ({}), {:.1f} s\n", o.topology,
            countOf(r.links.size(), "switch-to-switch link"), countOf(r.sets.size(), "failure set"), countOf(static_cast<std::size_t>(r.failures), "link"),
            r.sampled ? fmt::format("a sample of {}, seed {}", r.setsTotal, r.seed) : std::string("all"), r.seconds);
        std::cout << fmt::format("  {:<10} {:<14} {:>5} {:>18} {:>13} {:>6} {:>4}  {}\n", "engine", "used", "sets", "loop-free", "missing-paths", "errors", "VLs", "VLs used");
        for (const auto& e : r.engines)
            std::cout << fmt::format("  {:<10} {:<14} {:>5} {:>9} ({:5.1f} %) {:>13} {:>6} {:>4}  {}\n", e.engine, fmt::format("{}", fmt::join(e.used, ",")),
                e.sets, e.loopFree, 100.0 * e.loopFreeShare(), e.missingPaths, e.errors, e.vls, fmt::join(e.vlsUsed, ","));
        std::cout << "  VLs: distinct VLs of the switch-to-switch hops of every CA-to-CA path (SA path SL through each switch's SL2VL); "
                     "the column is the most any state needs\n";
        for (const auto& e : r.engines) {
            for (std::size_t i : e.failing)
                std::cout << fmt::format("  {}: CREDIT LOOP after {} failed: {}\n", e.engine, fmt::join(r.states[i].links, " + "), fmt::join(r.states[i].cycle, " -> "));
            for (const auto& s : r.states)
                if (s.engine == e.engine && !s.ran)
                    std::cout << fmt::format("  {}: NOT ANALYSED after {} failed: {}\n", e.engine, fmt::join(s.links, " + "), s.error);
        }
    }

} // namespace

std::vector<std::string> rerouteEngines(const RerouteOpts& o)
{
    std::vector<std::string> out;
    if (o.engines != "dumps") {
        std::stringstream s(o.engines);
        for (std::string e; std::getline(s, e, ',');) {
            if (e.empty())
                continue;
            if (std::find(opensmEngines().begin(), opensmEngines().end(), e) == opensmEngines().end())
                throw InputError(SourceLocation { {}, 0, 0, "--reroute" }, fmt::format("unknown OpenSM routing engine '{}' (OpenSM 3.3: {})", e, fmt::join(opensmEngines(), ", ")));
            addUnique(out, e);
        }
        if (out.empty())
            throw InputError(SourceLocation { {}, 0, 0, "--reroute" }, "--reroute needs engines (a comma list) or 'dumps'");
        return out;
    }
    std::vector<std::filesystem::path> logs(o.osmLogs.begin(), o.osmLogs.end());
    if (logs.empty())
        logs = logsNear(std::filesystem::path(o.topology).parent_path().empty() ? "." : std::filesystem::path(o.topology).parent_path());
    for (const auto& p : logs)
        for (const auto& e : opensmEnginesNamed(slurp(p)))
            addUnique(out, e);
    if (out.empty())
        throw InputError(SourceLocation { o.topology, 0, 0, "--reroute" },
            fmt::format("--reroute dumps: no OpenSM log names a routing engine ({} read; OpenSM logs '<engine> tables configured'); give --osm-log FILE or the engines", countOf(logs.size(), "log")));
    return out;
}

int runReroute(const RerouteOpts& o, Feedback& fb)
{
    const IbRerouteTools tools = findIbRerouteTools();
    if (!tools.ok()) {
        std::cerr << fmt::format("lfp deadlock --reroute needs ibsim, libumad2sim, OpenSM and infiniband-diags; install: apt-get install {}\n",
            fmt::join(tools.missingPackages, " "));
        return kExitUsage;
    }
    IbRerouteJob job;
    job.topology = o.topology;
    job.engines = rerouteEngines(o);
    job.failures = o.failures;
    job.sample = o.sample;
    job.seed = o.seed;
    job.keepDir = o.keepDir;
    const IbRerouteReport r = runIbRerouteJob(job, tools, &fb);
    bool bad = false;
    for (const auto& e : r.engines)
        bad = bad || !e.failing.empty() || e.missingPaths > 0 || e.errors > 0;
    const int rc = bad ? kExitFindings : kExitOk;
    if (o.json) {
        nlohmann::json j = { { "file", o.topology }, { "reroute", reportJson(r) }, { "exit_status", rc } };
        printJson(j);
    } else {
        printReport(o, r);
        std::cout << fmt::format("exit {}\n", rc);
    }
    return rc;
}

} // namespace lfp::cli
