// SPDX-License-Identifier: GPL-3.0-or-later
// lfp check FILE [--json] [--revision N] [--severity LEVEL] [--asic-dir DIR]...
// Runs every design check (buffers and policies) and prints the findings. Exit status (a contract):
// 0 no error findings, 1 at least one error finding, 2 usage or input errors.
#include "cli.h"

#include "model/textsafe.h"

#include "model/projectstore.h"
#include "model/asiccatalog.h"
#include "planner/checks/checks.h"
#include "planner/findings/findingsjson.h"

#include <cmath>
#include <fmt/format.h>
#include <iostream>

namespace lfp::cli {
namespace {

    /// Objects shown per finding in text output (all of them with --all-objects and in --json).
    constexpr std::size_t kObjectsShown = 8;

    std::string formatValue(double v)
    {
        if (!std::isfinite(v))
            return "n/a";
        if (std::abs(v) < 1e15 && v == std::floor(v))
            return fmt::format("{:.0f}", v);
        return fmt::format("{:.6g}", v);
    }

    std::string formatEvidence(const Evidence& e)
    {
        // A value that is a name (a FEC) has no number: its note carries the name.
        if (!std::isfinite(e.value) && e.unit.empty() && !e.note.empty())
            return fmt::format("{}: {}", escapeTerminal(e.name), escapeTerminal(e.note));
        std::string s = fmt::format("{} = {}", escapeTerminal(e.name), formatValue(e.value));
        if (!e.unit.empty())
            s += " " + escapeTerminal(e.unit);
        if (!e.note.empty())
            s += " (" + escapeTerminal(e.note) + ")";
        return s;
    }

    std::string summaryLine(const FindingSummary& s)
    {
        return fmt::format("{}, {}, {}", countOf(s.errors, "error"), countOf(s.warnings, "warning"), countOf(s.infos, "info"));
    }

    void printText(const std::string& file, const std::vector<Finding>& findings, bool allObjects)
    {
        const FindingSummary sum = summarize(findings);
        // Every text that can carry a name from the input goes through escapeTerminal: a name with a
        // newline or an ESC sequence cannot forge a finding line or drive the terminal (issue 13).
        std::cout << fmt::format("{}: {}\n", escapeTerminal(file), findings.empty() ? std::string("no findings") : summaryLine(sum));
        for (const Severity sev : { Severity::Error, Severity::Warning, Severity::Info }) {
            bool header = false;
            for (const auto& f : findings) {
                if (f.severity != sev)
                    continue;
                if (!header) {
                    const char* title = sev == Severity::Error ? "ERRORS" : sev == Severity::Warning ? "WARNINGS" : "INFO";
                    std::cout << '\n' << title << '\n';
                    header = true;
                }
                std::cout << fmt::format("\n  {} [{}]\n", escapeTerminal(f.code), toString(f.severity));
                if (!f.objects.empty()) {
                    std::string objs;
                    const std::size_t shown = allObjects ? f.objects.size() : std::min(f.objects.size(), kObjectsShown);
                    for (std::size_t i = 0; i < shown; ++i)
                        objs += (i ? ", " : "") + escapeTerminal(f.objects[i].toString());
                    if (shown < f.objects.size())
                        objs += fmt::format(" (and {} more; --all-objects lists them)", f.objects.size() - shown);
                    std::cout << "    objects:  " << objs << '\n';
                }
                std::cout << "    " << escapeTerminal(f.message) << '\n';
                for (const auto& e : f.evidence)
                    std::cout << "    evidence: " << formatEvidence(e) << '\n';
                if (!f.fix.empty())
                    std::cout << "    fix:      " << escapeTerminal(f.fix) << '\n';
            }
        }
        std::cout << fmt::format("\nsummary: {}\n", summaryLine(sum));
    }

    Runner setupCheck(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("check", "Check a fabric: buffers (headroom, budget, ECN before PFC) and policy consistency (ETS, "
                                                "both ends of every link, host NICs, host-to-host paths, PFC watchdog, CNP)");
        struct Opts {
            std::string file;
            std::optional<int> revision;
            std::string severity = "info";
            std::vector<std::string> asicDirs;
            bool allObjects = false;
            bool json = false;
        };
        auto o = std::make_shared<Opts>();
        cmd->add_option("FILE", o->file, "Fabric .json or project .lfp")->required();
        cmd->add_option("--revision,-r", o->revision, "Revision of a .lfp project (default: latest)");
        cmd->add_option("--severity,-s", o->severity, "Show findings of at least this severity: info, warning, error")
            ->check(CLI::IsMember({ "info", "warning", "error" }))
            ->capture_default_str();
        cmd->add_option("--asic-dir", o->asicDirs, "Extra directory of ASIC profiles (*.json); may be repeated");
        cmd->add_flag("--all-objects", o->allObjects, "List every object of a finding in text output (default: the first 8)");
        addJsonFlag(cmd, o->json);
        cmd->footer("Finding codes are documented in docs/findings.md.\n"
                    "Exit status: 0 no error findings, 1 at least one error finding, 2 usage or input error.");
        return [o]() {
            const Fabric fabric = loadFabricFile(o->file, o->revision);
            AsicCatalog catalog = AsicCatalog::loadDefault();
            for (const auto& dir : o->asicDirs)
                catalog.loadDirectory(dir, "--asic-dir");
            catalog.mergeProject(fabric);

            std::vector<Finding> findings;
            {
                ConsoleFeedback fb;
                findings = runAllChecks(fabric, catalog, &fb);
            }
            const bool anyError = summarize(findings).errors > 0;

            Severity minimum = Severity::Info;
            severityFromString(o->severity, minimum);
            std::erase_if(findings, [&](const Finding& f) { return static_cast<int>(f.severity) < static_cast<int>(minimum); });

            if (o->json) {
                printJson({ { "file", o->file }, { "findings", findingsToJson(findings) }, { "summary", summaryToJson(summarize(findings)) } });
            } else {
                printText(o->file, findings, o->allObjects);
            }
            return anyError ? kExitFindings : kExitOk;
        };
    }
    LFP_REGISTER_COMMAND(30, setupCheck);

} // namespace
} // namespace lfp::cli
