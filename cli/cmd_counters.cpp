// SPDX-License-Identifier: GPL-3.0-or-later
// lfp evidence PROJECT [-r REV] [--device NAME]... -o DIR [--json]
// lfp counters compare PROJECT [-r REV] --before DIR --after DIR [--pause-threshold N] [--json]
// Evidence scripts collect the counters that decide whether the fabric stayed lossless, before and
// after a change; compare reads them in the tools' own formats and flags them against the plan
// (docs/counters.md). Exit status: 0 ok, 1 a finding is an error, 2 usage or input error.
#include "cli.h"

#include "exporters/evidence.h"
#include "exporters/exporter.h"
#include "model/asiccatalog.h"
#include "model/errors.h"
#include "model/projectstore.h"
#include "importers/counters.h"
#include "planner/review/counters.h"
#include "planner/findings/findingsjson.h"
#include "planner/findings/reportjson.h"

#include <filesystem>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <iostream>

namespace lfp::cli {
namespace {

    Runner setupEvidence(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("evidence", "Per-device bash scripts that save the PFC/ECN/CNP/drop/watermark counters before and after a change");
        struct Opts {
            std::string project;
            std::optional<int> revision;
            std::vector<std::string> devices;
            std::string output;
            bool json = false;
        };
        auto o = std::make_shared<Opts>();
        cmd->add_option("PROJECT", o->project, "Project .lfp or fabric .json")->required();
        cmd->add_option("--revision,-r", o->revision, "Revision of a .lfp project (default: latest)");
        cmd->add_option("--device", o->devices, "Only this device (repeatable)");
        cmd->add_option("-o,--output", o->output, "Directory to write <device>.sh into")->required();
        addJsonFlag(cmd, o->json);
        cmd->footer("Run each script as: DEVICE.sh before|after [OUTDIR]; then lfp counters compare PROJECT --before OUTDIR/before --after OUTDIR/after.\n"
                    "Exit status: 0 written, 2 usage or input error (nothing written).");
        return [o]() {
            const Fabric fabric = loadFabricFile(o->project, o->revision);
            AsicCatalog catalog = AsicCatalog::loadDefault();
            catalog.mergeProject(fabric);
            ExportOptions eo;
            eo.devices = o->devices;
            const ExportContext ctx(fabric, catalog, eo);
            const auto scripts = buildEvidenceScripts(ctx);
            ExportFiles files;
            for (const auto& s : scripts)
                files[s.file] = s.text;
            writeExportDirectory(o->output, files);
            for (const auto& s : scripts)
                std::filesystem::permissions(std::filesystem::path(o->output) / s.file,
                    std::filesystem::perms::owner_exec | std::filesystem::perms::group_exec | std::filesystem::perms::others_exec, std::filesystem::perm_options::add);
            if (o->json) {
                nlohmann::json arr = nlohmann::json::array();
                for (const auto& s : scripts)
                    arr.push_back({ { "device", s.device }, { "platform", toString(s.platform) }, { "path", s.file }, { "outputs", s.outputs } });
                printJson({ { "output", o->output }, { "scripts", arr } });
            } else {
                for (const auto& s : scripts)
                    std::cout << fmt::format("{} ({}): {} — {}\n", s.device, toString(s.platform), s.file, fmt::join(s.outputs, ", "));
                std::cout << fmt::format("{} written to {}\n", countOf(scripts.size(), "script"), o->output);
            }
            return kExitOk;
        };
    }
    LFP_REGISTER_COMMAND(61, setupEvidence);

    Runner setupCounters(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("counters", "Counters before and after a change, read from evidence captures and checked against the plan");
        cmd->require_subcommand(1);
        auto* cmp = cmd->add_subcommand("compare", "Compare two captures (lfp evidence) per port and priority against the plan");
        struct Opts {
            std::string project;
            std::optional<int> revision;
            std::string before;
            std::string after;
            double pauseThreshold = CounterCompareOptions {}.pauseThreshold;
            bool json = false;
        };
        auto o = std::make_shared<Opts>();
        cmp->add_option("PROJECT", o->project, "Project .lfp or fabric .json (the plan)")->required();
        cmp->add_option("--revision,-r", o->revision, "Revision of a .lfp project (default: latest)");
        cmp->add_option("--before", o->before, "Capture folder of the before phase (OUTDIR/before: one sub-folder per device)")->required();
        cmp->add_option("--after", o->after, "Capture folder of the after phase")->required();
        cmp->add_option("--pause-threshold", o->pauseThreshold, "Pause frames on one lossless priority of one port above which to warn")
            ->check(CLI::NonNegativeNumber)
            ->capture_default_str();
        addJsonFlag(cmp, o->json);
        cmp->footer("Finding codes LFP-COUNTERS-* are documented in docs/findings.md; formats in docs/counters.md.\n"
                    "Exit status: 0 ok, 1 a finding is an error, 2 usage or input error.");
        return [o, cmp]() {
            if (!cmp->parsed())
                return kExitUsage;
            const Fabric fabric = loadFabricFile(o->project, o->revision);
            const CounterSnapshot before = readCaptureDirectory(o->before);
            const CounterSnapshot after = readCaptureDirectory(o->after);
            CounterCompareOptions opt;
            opt.pauseThreshold = o->pauseThreshold;
            const CounterComparison c = compareCounters(fabric, before, after, opt);
            if (c.devices == 0 || c.counters == 0)
                throw InputError(SourceLocation { o->before, 0, 0, "--before" },
                    fmt::format("compared nothing: the captures in {} and {} name no device and port of the plan {} (were they taken on this "
                                "fabric?), expected the device folders lfp evidence writes for it",
                        o->before, o->after, o->project));
            const FindingSummary sum = summarize(c.findings);
            if (o->json) {
                nlohmann::json deltas = nlohmann::json::array();
                for (const auto& d : c.deltas) {
                    nlohmann::json j { { "device", d.key.device }, { "port", d.key.port },
                        { d.key.queue ? "queue" : "priority", d.key.priority >= 0 ? nlohmann::json(d.key.priority) : nlohmann::json(nullptr) },
                        { "counter", toString(d.key.kind) }, { "before", jsonNumber(d.before) }, { "after", jsonNumber(d.after) },
                        { "delta", jsonNumber(d.after - d.before) }, { "lossless", d.lossless }, { "source", d.source } };
                    if (d.key.lane >= 0)
                        j["lane"] = d.key.lane;
                    deltas.push_back(std::move(j));
                }
                const nlohmann::json stage { { "name", c.stage }, { "reason", c.stageReason }, { "physical_first", c.physicalFirst } };
                printJson({ { "before", o->before }, { "after", o->after }, { "devices", c.devices }, { "counters", c.counters }, { "deltas", deltas },
                    { "stage", stage },
                    { "findings", findingsToJson(c.findings) },
                    { "summary", { { "errors", sum.errors }, { "warnings", sum.warnings }, { "infos", sum.infos } } } });
            } else {
                std::cout << fmt::format("{}, {} compared, {} changed\n", countOf(c.devices, "device"), countOf(c.counters, "counter"), groupThousands(c.deltas.size()));
                std::cout << fmt::format("Stage: {} ({})\n", c.stage, c.stageReason);
                if (!c.physicalFirst.empty())
                    std::cout << fmt::format("The physical layer first: it moved on {} — read those findings before the congestion ones\n", fmt::join(c.physicalFirst, ", "));
                for (const auto& f : c.findings) {
                    std::cout << fmt::format("{}: {} [{}] {}\n", toString(f.severity), f.code, fmt::join(f.objects, ", "), f.message);
                    for (const auto& e : f.evidence)
                        if (!e.note.empty())
                            std::cout << fmt::format("    {} = {} ({})\n", e.name, e.value, e.note);
                    if (!f.fix.empty())
                        std::cout << "    fix: " << f.fix << '\n';
                }
                std::cout << fmt::format("{}, {}, {}\n", countOf(sum.errors, "error"), countOf(sum.warnings, "warning"), countOf(sum.infos, "note"));
            }
            return sum.errors > 0 ? kExitFindings : kExitOk;
        };
    }
    LFP_REGISTER_COMMAND(62, setupCounters);

} // namespace
} // namespace lfp::cli
