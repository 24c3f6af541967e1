// SPDX-License-Identifier: GPL-3.0-or-later
// lfp import | formats | drift
#include "cli.h"

#include "importers/importer.h"
#include "document/importsession.h"
#include "importers/merge.h"
#include "model/errors.h"
#include "model/fabricjson.h"
#include "model/projectstore.h"
#include "planner/buffer/asicinference.h"
#include "planner/review/drift.h"
#include "planner/findings/findingsjson.h"

#include <filesystem>
#include <fmt/format.h>
#include <iostream>

namespace lfp::cli {
namespace {

    const char* severityText(ImportDiagnostic::Severity s)
    {
        return s == ImportDiagnostic::Severity::Error ? "error" : s == ImportDiagnostic::Severity::Warning ? "warning" : "info";
    }

    nlohmann::json diagnosticsJson(const std::vector<ImportDiagnostic>& ds)
    {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& d : ds)
            arr.push_back({ { "severity", severityText(d.severity) }, { "where", formatLocation(d.where) }, { "message", d.message } });
        return arr;
    }

    void printDiagnostics(const std::vector<ImportDiagnostic>& ds)
    {
        for (const auto& d : ds) {
            const std::string loc = formatLocation(d.where);
            std::cerr << fmt::format("{}{}: {}\n", loc.empty() ? "" : loc + ": ", severityText(d.severity), d.message);
        }
    }

    nlohmann::json countsJson(const Fabric& f)
    {
        return { { "nodes", f.nodes.size() }, { "switches", f.switchCount() }, { "hosts", f.hostCount() }, { "ports", f.portCount() },
            { "links", f.links.size() }, { "policies", f.policies.size() } };
    }

    const Importer& importerOrThrow(const std::string& id)
    {
        if (const Importer* i = findImporter(id))
            return *i;
        std::string ids;
        for (const auto& i : importers())
            ids += (ids.empty() ? "" : ", ") + i->id();
        throw std::invalid_argument(fmt::format("unknown format \"{}\"; expected one of {} (see `lfp formats`)", id, ids));
    }

    Runner setupImport(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("import", "Read a fabric from another source (ibnetdiscover, LLDP, SONiC, NetBox, CSV, …); optionally write or merge it");
        struct Opts {
            std::string format;
            std::vector<std::string> files;
            std::string out, message, author, take, asic, policy;
            std::vector<std::string> choose;
            bool merge = false, dryRun = false, json = false;
        };
        auto o = std::make_shared<Opts>();
        cmd->add_option("FORMAT", o->format, "Reader id (see `lfp formats`)")->required();
        cmd->add_option("FILE", o->files, "Input files (the verbs reader takes none)");
        cmd->add_option("-o,--output", o->out, "Write the result to this .lfp (new revision) or .json");
        cmd->add_flag("--merge", o->merge, "Merge onto the existing fabric in --output instead of replacing it");
        cmd->add_option("--take", o->take, "Resolve every merge conflict: incoming (the import wins) or existing (the project wins)")
            ->check(CLI::IsMember({ "incoming", "existing" }));
        cmd->add_option("--choose", o->choose, "Resolve one conflict: ID=incoming|existing (IDs as the merge report prints them); repeatable");
        cmd->add_option("--asic", o->asic, "ASIC profile id for switches the source gives none (see `lfp asics`)");
        cmd->add_option("--policy", o->policy, "QoS policy to bind to every role without a binding (roce-lossless: the default RoCE policy, added if missing)");
        cmd->add_flag("--dry-run", o->dryRun, "With --merge: report only, write nothing");
        cmd->add_option("--message,-m", o->message, "Revision message for a .lfp target");
        cmd->add_option("--author", o->author, "Revision author (default: $LFP_AUTHOR or user@host)");
        addJsonFlag(cmd, o->json);
        return [o]() {
            const Importer& imp = importerOrThrow(o->format);
            if (o->files.empty() && imp.id() != "verbs")
                throw std::invalid_argument(fmt::format("lfp import {}: give at least one FILE", imp.id()));
            if (o->merge && o->out.empty())
                throw std::invalid_argument("--merge needs -o PROJECT (the fabric to merge onto)");
            ConsoleFeedback feedback;
            ImportSession session(imp, o->files);
            session.read(&feedback);
            // The ASIC of switches whose hardware the source names (SONiC platform/hwsku, NetBox device
            // type), from the catalogue's platform lists; never a guess (planner/buffer/asicinference.h).
            AsicCatalog catalog = AsicCatalog::loadDefault();
            session.inferAsics(catalog);
            const ImportDefaults defaults { o->asic, o->policy };
            if (!o->asic.empty() && !catalog.find(o->asic))
                throw std::invalid_argument(fmt::format("--asic {}: no such ASIC profile (see `lfp asics`)", o->asic));
            const ImportResult& res = session.result();
            nlohmann::json j { { "format", imp.id() }, { "files", o->files }, { "summary", countsJson(res.fragment) },
                { "diagnostics", diagnosticsJson(res.diagnostics) } };
            if (!o->json)
                printDiagnostics(res.diagnostics);
            const std::string msg = o->message.empty() ? fmt::format("import {} ({} file{})", imp.id(), o->files.size(), o->files.size() == 1 ? "" : "s") : o->message;

            if (o->out.empty()) {
                if (o->json) {
                    Fabric fragment = session.takeFragment();
                    ImportSession::assignDefaults(fragment, defaults);
                    j["fabric"] = fabricToJson(fragment);
                    printJson(j);
                    return kExitOk;
                }
                const Fabric& f = res.fragment;
                std::cout << fmt::format("{}: {} ({}, {}), {}, {}, {}\n", imp.id(), countOf(f.nodes.size(), "node"),
                    countOf(f.switchCount(), "switch", "switches"), countOf(f.hostCount(), "host"), countOf(f.portCount(), "port"),
                    countOf(f.links.size(), "link"), countOf(f.policies.size(), "policy", "policies"));
                for (const auto& n : f.nodes)
                    std::cout << fmt::format("  {:<8} {:<24} {} port{}\n", toString(n.role), n.name, n.ports.size(), n.ports.size() == 1 ? "" : "s");
                for (const auto& l : f.links)
                    std::cout << fmt::format("  link {}:{} -- {}:{}{}\n", l.a.node, l.a.port, l.b.node, l.b.port,
                        l.length.value() > 0 ? fmt::format(" ({}, {})", formatLength(l.length), toString(l.medium)) : std::string());
                if (f.nodes.empty())
                    std::cout << "  (nothing imported)\n";
                return kExitOk;
            }

            if (!o->merge) {
                checkCancelled(&feedback);
                // Moved, not copied: the fragment is written as it is (a copy was 0.3 GB more peak on
                // a million-cable plan; docs/performance.md, session 6).
                Fabric fragment = session.takeFragment();
                ImportSession::assignDefaults(fragment, defaults);
                const int rev = saveFabricFile(fragment, o->out, msg, o->author);
                j["written"] = o->out;
                if (rev > 0)
                    j["revision"] = rev;
                if (o->json)
                    printJson(j);
                else
                    std::cout << fmt::format("wrote {} ({}, {}){}\n", o->out, countOf(fragment.nodes.size(), "node"), countOf(fragment.links.size(), "link"),
                        rev > 0 ? fmt::format(", revision {}", rev) : std::string());
                return kExitOk;
            }

            // The revision read is compared again inside the save's write transaction: a concurrent save in
            // between is refused ("the project changed since it was read") instead of losing its update.
            LoadedFabric base = loadFabricFileWithRevision(o->out);
            session.planMergeOnto(std::move(base.fabric), base.revision);
            const MergeReport& report = session.report();
            if (!o->take.empty())
                session.chooseAll(*ImportSession::resolutionFromString(o->take));
            for (const auto& c : o->choose) {
                auto eq = c.rfind('=');
                auto r = eq == std::string::npos ? std::nullopt : ImportSession::resolutionFromString(c.substr(eq + 1));
                if (!r)
                    throw std::invalid_argument(fmt::format("--choose {}: expected ID=incoming or ID=existing", c));
                try {
                    session.choose(c.substr(0, eq), *r);
                } catch (const std::invalid_argument& e) {
                    throw std::invalid_argument(fmt::format("--choose {}: {}", c, e.what()));
                }
            }
            nlohmann::json conflicts = nlohmann::json::array(), unknowns = nlohmann::json::array();
            const std::size_t unresolved = session.unresolvedCount();
            for (const auto& c : report.conflicts)
                conflicts.push_back({ { "id", c.id }, { "kind", toString(c.kind) }, { "ports", c.ports }, { "existing", c.existing }, { "incoming", c.incoming },
                    { "resolution", ImportSession::toString(session.resolutionOf(c)) } });
            for (const auto& u : report.unknowns)
                unknowns.push_back({ { "side", u.side == MergeUnknown::Side::OnlyIncoming ? "incoming" : "existing" }, { "type", u.objectType }, { "id", u.id } });
            j["merge"] = { { "into", o->out }, { "matched_links", report.matchedLinks }, { "conflicts", conflicts }, { "unknowns", unknowns },
                { "conflicting_ports", report.conflictingPorts() } };
            const bool blocked = unresolved > 0;
            int rev = 0;
            bool written = false;
            if (!blocked && !o->dryRun) {
                Fabric merged = session.apply();
                ImportSession::assignDefaults(merged, defaults);
                checkCancelled(&feedback);
                rev = saveFabricFile(merged, o->out, msg, o->author, session.baseRevision());
                written = true;
                j["summary_after"] = countsJson(merged);
            }
            j["written"] = written;
            if (rev > 0)
                j["revision"] = rev;
            if (o->json) {
                printJson(j);
            } else {
                std::size_t onlyIn = 0, onlyEx = 0;
                for (const auto& u : report.unknowns)
                    (u.side == MergeUnknown::Side::OnlyIncoming ? onlyIn : onlyEx)++;
                std::cout << fmt::format("merge {} onto {}: {} {}, {}, {} only in the import, {} only in the project\n", imp.id(), o->out,
                    countOf(report.matchedLinks, "link"), report.matchedLinks == 1 ? "agrees" : "agree", countOf(report.conflicts.size(), "conflict"),
                    countOf(onlyIn, "object"), groupThousands(onlyEx));
                for (const auto& c : conflicts) {
                    std::string ports;
                    for (const auto& p : c["ports"])
                        ports += (ports.empty() ? "" : ", ") + p.get<std::string>();
                    std::cout << fmt::format("  conflict [{}] {}\n      ports:   {}\n      project: {}\n      import:  {}\n      resolution: {}\n", c["kind"].get<std::string>(),
                        c["id"].get<std::string>(), ports.empty() ? "-" : ports, c["existing"].get<std::string>(), c["incoming"].get<std::string>(),
                        c["resolution"].get<std::string>());
                }
                for (const auto& u : report.unknowns)
                    std::cout << fmt::format("  only in {}: {} {}\n", u.side == MergeUnknown::Side::OnlyIncoming ? "import " : "project", u.objectType, u.id);
                if (blocked)
                    std::cout << fmt::format("nothing written: {} conflict{} unresolved; rerun with --take incoming|existing or --choose ID=incoming|existing\n", unresolved,
                        unresolved == 1 ? "" : "s");
                else if (o->dryRun)
                    std::cout << "dry run: nothing written\n";
                else
                    std::cout << fmt::format("wrote {}{}\n", o->out, rev > 0 ? fmt::format(", revision {}", rev) : std::string());
            }
            return blocked ? kExitFindings : kExitOk;
        };
    }
    LFP_REGISTER_COMMAND(40, setupImport);

    Runner setupFormats(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("formats", "List the import formats (readers)");
        auto json = std::make_shared<bool>(false);
        addJsonFlag(cmd, *json);
        return [json]() {
            if (*json) {
                nlohmann::json arr = nlohmann::json::array();
                for (const auto& i : importers())
                    arr.push_back({ { "id", i->id() }, { "description", i->description() }, { "inputs", i->inputs() } });
                printJson({ { "formats", arr } });
                return kExitOk;
            }
            for (const auto& i : importers())
                std::cout << fmt::format("{:<14} {}\n{:<14} input: {}\n", i->id(), i->description(), "", i->inputs());
            return kExitOk;
        };
    }
    LFP_REGISTER_COMMAND(41, setupFormats);


    Runner setupDrift(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("drift", "Compare running switch configs (SONiC config_db.json) with the plan, port by port and class by class");
        struct Opts {
            std::string project, format = "sonic";
            std::vector<std::string> files;
            std::optional<int> revision;
            bool json = false;
        };
        auto o = std::make_shared<Opts>();
        cmd->add_option("PROJECT", o->project, "The plan: project .lfp or fabric .json")->required();
        cmd->add_option("FILE", o->files, "Running configs (config_db.json, one per switch)")->required();
        cmd->add_option("--format", o->format, "Reader of the running configs (default: sonic)");
        cmd->add_option("--revision,-r", o->revision, "Revision of a .lfp plan (default: latest)");
        addJsonFlag(cmd, o->json);
        return [o]() {
            const Fabric plan = loadFabricFile(o->project, o->revision);
            ConsoleFeedback feedback;
            const ImportResult running = importerOrThrow(o->format).read(o->files, &feedback);
            const auto findings = compareRunning(plan, running.fragment, running.running);
            const auto s = summarize(findings);
            if (o->json) {
                nlohmann::json arr = nlohmann::json::array();
                for (const auto& f : findings)
                    arr.push_back(findingToJson(f));
                printJson({ { "plan", o->project }, { "files", o->files }, { "diagnostics", diagnosticsJson(running.diagnostics) }, { "findings", arr },
                    { "summary", { { "errors", s.errors }, { "warnings", s.warnings }, { "infos", s.infos } } } });
            } else {
                printDiagnostics(running.diagnostics);
                for (const auto& f : findings) {
                    std::string objs;
                    for (const auto& x : f.objects)
                        objs += (objs.empty() ? "" : ", ") + x.toString();
                    std::cout << fmt::format("{:<7} {}  {}\n        {}\n", toString(f.severity), f.code, objs, f.message);
                    if (!f.fix.empty())
                        std::cout << fmt::format("        fix: {}\n", f.fix);
                }
                std::cout << fmt::format("{}, {}, {}{}\n", countOf(s.errors, "error"), countOf(s.warnings, "warning"), countOf(s.infos, "info"), findings.empty() ? " — the running config matches the plan" : "");
            }
            return s.errors > 0 ? kExitFindings : kExitOk;
        };
    }
    LFP_REGISTER_COMMAND(42, setupDrift);

} // namespace
} // namespace lfp::cli
