// SPDX-License-Identifier: GPL-3.0-or-later
// lfp storm PROJECT [--source NODE[:PORT]]... [--all-hosts] [--priority P] [--routing ecmp|updown] [--limit N] [--json]
// PFC pause storms: which ports a storm source pauses, when (µs) and for how long (ms, until a
// watchdog acts; null when nothing ends the freeze). Worst sources first. Model: docs/storm.md.
// Exit status: 0 analysed, 2 usage or input errors.
#include "cli.h"

#include "model/asiccatalog.h"
#include "model/projectstore.h"
#include "model/textsafe.h"
#include "planner/checks/storm.h"

#include <fmt/format.h>
#include <iostream>
#include <stdexcept>

namespace lfp::cli {
namespace {

    struct Opts {
        std::string project;
        std::vector<std::string> sources;
        bool allHosts = false;
        std::optional<int> priority;
        std::optional<int> revision;
        std::string routing = "ecmp";
        std::optional<std::size_t> limit;
        bool json = false;
    };

    nlohmann::json optMs(const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }

    nlohmann::json sourceJson(const StormSource& s)
    {
        nlohmann::json paused = nlohmann::json::array();
        for (const auto& p : s.paused) {
            nlohmann::json terms = nlohmann::json::array();
            for (const auto& t : p.terms)
                terms.push_back({ { "name", t.name }, { "value", t.value }, { "unit", t.unit }, { "formula", t.formula } });
            paused.push_back({ { "port", p.port }, { "at_us", p.atUs }, { "frozen_ms", optMs(p.frozenMs) }, { "paused_by", p.pausedBy },
                { "tier", p.tier }, { "host", p.host }, { "ended_by", p.endedBy }, { "terms", terms } });
        }
        nlohmann::json j = { { "source", s.source }, { "priority", s.priority }, { "paused", paused }, { "hosts", s.hosts },
            { "unwatched", s.unwatched }, { "frozen_ms_max", optMs(s.frozenMsMax) }, { "detailed", s.detailed },
            { "paused_count", s.pausedCount }, { "host_count", s.hostCount }, { "unwatched_count", s.unwatchedCount } };
        if (!s.bestChange.empty())
            j["best_change"] = { { "change", s.bestChange }, { "frozen_ms_max", optMs(s.bestChangeFrozenMsMax) } };
        return j;
    }

    std::string msText(const std::optional<double>& v) { return v ? fmt::format("{:.3f} ms", *v) : std::string("no end (as long as the storm)"); }

    void printSource(const StormSource& s)
    {
        static const char* tiers[] = { "hosts", "leaves", "spines", "super-spines" };
        std::cout << fmt::format("\nSTORM from {} on priority {}: {} paused, {}, longest freeze {}\n", escapeTerminal(s.source),
            s.priority, countOf(s.pausedCount, "port"), countOf(s.hostCount, "host"), msText(s.frozenMsMax));
        if (!s.detailed)
            return;
        for (std::size_t t = 0; t < s.front.size(); ++t)
            if (s.front[t].first >= 0)
                std::cout << fmt::format("  wave front, {}: paused from {:.3f} to {:.3f} us\n", tiers[t], s.front[t].first, s.front[t].second);
        for (const auto& p : s.paused) {
            std::cout << fmt::format("  {:<32} at {:>10.3f} us  frozen {}{}\n", escapeTerminal(p.port), p.atUs, msText(p.frozenMs),
                p.endedBy.empty() ? "" : "  (" + escapeTerminal(p.endedBy) + ")");
            std::string terms;
            for (const auto& t : p.terms)
                terms += fmt::format("{}{} = {:g} {} [{}]", terms.empty() ? "" : "; ", t.name, t.value, t.unit, escapeTerminal(t.formula));
            std::cout << "      " << terms << '\n';
        }
        if (!s.unwatched.empty()) {
            std::string u;
            for (const auto& p : s.unwatched)
                u += (u.empty() ? "" : ", ") + escapeTerminal(p);
            std::cout << "  lossless queues without a watchdog that acts: " << u << '\n';
        }
        if (!s.bestChange.empty())
            std::cout << fmt::format("  best change: {} -> longest freeze {}\n", escapeTerminal(s.bestChange), msText(s.bestChangeFrozenMsMax));
    }

    int run(const Opts& o)
    {
        if (o.sources.empty() && !o.allHosts)
            throw std::invalid_argument("storm: name a --source NODE[:PORT] or give --all-hosts");
        const Fabric fabric = loadFabricFile(o.project, o.revision);
        AsicCatalog catalog = AsicCatalog::loadDefault();
        catalog.mergeProject(fabric);
        StormOptions so;
        so.sources = o.sources;
        so.allHosts = o.allHosts;
        so.priority = o.priority;
        so.routing = o.routing == "updown" ? RoutingModel::UpDown : RoutingModel::Ecmp;
        so.detailLimit = o.limit ? *o.limit : (o.allHosts ? 10 : SIZE_MAX);
        ConsoleFeedback fb;
        const StormReport rep = analyseStorms(fabric, catalog, so, &fb);
        if (o.json) {
            nlohmann::json sources = nlohmann::json::array();
            for (const auto& s : rep.sources)
                sources.push_back(sourceJson(s));
            printJson({ { "sources", sources }, { "notes", rep.notes }, { "analyses", rep.groups }, { "seconds", rep.seconds } });
            return kExitOk;
        }
        std::cout << fmt::format("{}: {}, worst first ({}, {:.3f} s)\n", escapeTerminal(o.project),
            countOf(rep.sources.size(), "storm source"), countOf(rep.groups, "distinct analysis", "distinct analyses"), rep.seconds);
        for (const auto& n : rep.notes)
            std::cout << "note: " << escapeTerminal(n) << '\n';
        for (const auto& s : rep.sources)
            printSource(s);
        return kExitOk;
    }

    Runner setupStorm(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("storm", "PFC pause storms: the ports, hosts and lossless queues a storm source pauses, when (us) and for how long (ms) until a watchdog acts");
        auto o = std::make_shared<Opts>();
        cmd->add_option("PROJECT", o->project, "Fabric .json or project .lfp")->required();
        cmd->add_option("--source", o->sources, "Storm source: a host (its NIC pauses without end) or NODE:PORT (that port pauses its peer); may be repeated");
        cmd->add_flag("--all-hosts", o->allHosts, "Every host in turn as the source");
        cmd->add_option("--priority", o->priority, "Only this lossless priority (default: every lossless priority)")->check(CLI::Range(0, 7));
        cmd->add_option("--revision,-r", o->revision, "Revision of a .lfp project (default: latest)");
        cmd->add_option("--routing", o->routing, "Routing model of the pause-dependency graph: ecmp or updown")->check(CLI::IsMember({ "ecmp", "updown" }))->capture_default_str();
        cmd->add_option("--limit", o->limit, "Sources (worst first) listed with every paused port (default: all; 10 with --all-hosts)");
        addJsonFlag(cmd, o->json);
        cmd->footer("frozen_ms is null where no watchdog stands between a port and the source. Model and assumptions: docs/storm.md.\n"
                    "Exit status: 0 analysed, 2 usage or input error.");
        return [o]() { return run(*o); };
    }

    LFP_REGISTER_COMMAND(61, setupStorm);

} // namespace
} // namespace lfp::cli
