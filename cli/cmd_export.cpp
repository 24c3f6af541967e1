// SPDX-License-Identifier: GPL-3.0-or-later
// lfp export PROJECT --vendor sonic|nvue|eos|nxos|junos|huawei|linux [-r REV] [--base REV]
//            [--device NAME]... [--role ROLE] -o DIR [--json] [--sonic-buffer-model dynamic|traditional]
//            [--target-release R]
// Writes one configuration file per device (named after it) and DIR/manifest.json, whole or not at all.
// Exit status (a contract): 0 ok, 1 an export finding is an error, 2 usage or input error (including a
// name that would break or inject into the config: nothing is written). docs/export.md.
#include "cli.h"

#include "exporters/exportjob.h"
#include "model/errors.h"
#include "model/projectstore.h"

#include <fmt/format.h>
#include <iostream>

namespace lfp::cli {
namespace {

    /// The targets of the CLI contract (every one has an exporter, exporters/exporter.h).
    const std::vector<std::string> kTargets = { "sonic", "nvue", "eos", "nxos", "junos", "huawei", "linux" };

    struct Opts {
        std::string project;
        std::string vendor;
        std::optional<int> revision;
        std::optional<int> base;
        std::vector<std::string> devices;
        std::string role;
        std::string output;
        std::string bufferModel = "traditional";
        std::string release;
        std::vector<std::string> asicDirs;
        bool json = false;
    };

    Runner setupExport(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("export", "Vendor configuration from the plan: one file per device (SONiC config_db.json, Cumulus NVUE commands + "
                                                 "startup.yaml, EOS, NX-OS, Junos set form, Huawei CloudEngine, Linux host script) and manifest.json; "
                                                 "--base adds the change delta");
        auto o = std::make_shared<Opts>();
        cmd->add_option("PROJECT", o->project, "Project .lfp or fabric .json")->required();
        cmd->add_option("--vendor", o->vendor, "Target: sonic, nvue, eos, nxos, junos, huawei, linux")->required()->check(CLI::IsMember(kTargets));
        cmd->add_option("--revision,-r", o->revision, "Revision of a .lfp project (default: latest)");
        cmd->add_option("--base", o->base, "Base revision: also print the change delta from it (per device: diff, commands, disruption)");
        cmd->add_option("--device", o->devices, "Only this device (repeatable)");
        cmd->add_option("--role", o->role, "Only devices of this role: super-spine, spine, leaf, host");
        cmd->add_option("-o,--output", o->output, "Directory to write the files and manifest.json into")->required();
        cmd->add_option("--sonic-buffer-model", o->bufferModel, "SONiC buffer model: traditional (planner's xon/xoff/size) or dynamic")
            ->check(CLI::IsMember({ "traditional", "dynamic" }))
            ->capture_default_str();
        cmd->add_option("--asic-dir", o->asicDirs, "Extra directory of ASIC profiles (*.json); may be repeated");
        cmd->add_option("--target-release", o->release,
            "Software release to write for (default: the target's current named release): sonic 202411; nvue 5.14, current; eos 4.35, 4.34; nxos 10.4; "
            "junos 23.4R2, 23.4R2-EVO; huawei V300R023; linux iproute2-6.1");
        addJsonFlag(cmd, o->json);
        cmd->footer("Finding codes (LFP-EXPORT-*) are documented in docs/findings.md; each target in docs/export.md.\n"
                    "Exit status: 0 ok, 1 an export finding is an error, 2 usage or input error (nothing written).");
        return [o]() {
            if (o->base && !ProjectStore::looksLikeProject(o->project))
                throw InputError(SourceLocation { o->project, 0, 0, "--base" }, "found a fabric .json, expected a .lfp project (revisions are needed for --base)");
            // The workflow itself is exporters/exportjob.h, shared with the GUI's Export dialog.
            ExportJob job;
            job.target = o->vendor;
            job.asicDirs = o->asicDirs;
            job.options.sonicBufferModel = o->bufferModel == "dynamic" ? ExportOptions::SonicBufferModel::Dynamic : ExportOptions::SonicBufferModel::Traditional;
            job.options.devices = o->devices;
            job.options.targetRelease = o->release;
            if (!o->role.empty()) {
                auto r = roleFromString(o->role);
                if (!r)
                    throw InputError(SourceLocation { {}, 0, 0, "--role" }, fmt::format("found \"{}\", expected super-spine, spine, leaf or host", o->role));
                job.options.role = r;
            }
            ConsoleFeedback fb;
            // The one load (model/projectstore.h): the manifest names the revision that was read, in the
            // same read transaction, not the latest of a second open.
            const LoadedFabric loaded = loadFabricFileWithRevision(o->project, o->revision);
            std::optional<Fabric> baseFabric;
            if (o->base)
                baseFabric = loadFabricFile(o->project, o->base);
            const ExportOutcome outcome = runExportJob(job, loaded.fabric, loaded.revision, baseFabric ? &*baseFabric : nullptr, o->base, &fb);
            const Exporter* ex = outcome.exporter;
            const ExportResult& result = outcome.result;
            const std::optional<int>& revision = outcome.revision;
            const std::vector<DeviceDelta>& deltas = outcome.delta;
            writeExportDirectory(o->output, outcome.outputFiles());

            const FindingSummary sum = summarize(result.findings);
            if (o->json) {
                printJson(outcome.manifest);
            } else {
                std::cout << fmt::format("{} {}: {} for {} written to {} (+ manifest.json)\n", ex->id(), outcome.manifest["target_release"].get<std::string>(),
                    countOf(result.files.size(), "file"),
                    revision ? fmt::format("revision {}", *revision) : o->project, o->output);
                for (const auto& f : result.findings) {
                    std::cout << fmt::format("{}: {} [{}] {}\n", toString(f.severity), f.code, fmt::join(f.objects, ", "), f.message);
                    if (!f.fix.empty())
                        std::cout << "    fix: " << f.fix << '\n';
                }
                if (o->base) {
                    std::cout << fmt::format("\nchanges from revision {}: {}\n", *o->base, countOf(deltas.size(), "device file"));
                    for (const auto& d : deltas) {
                        std::cout << fmt::format("\n== {} ({}, {}){}\n", d.device, d.file, toString(d.kind), d.disruptive() ? "  DISRUPTIVE" : "");
                        std::cout << d.diff;
                        std::cout << "-- commands:\n";
                        for (const auto& c : d.commands) {
                            std::cout << c.text << '\n';
                            if (c.disruptive)
                                std::cout << "   ^ disruptive: " << c.reason << '\n';
                        }
                    }
                }
                std::cout << fmt::format("{}, {}, {}\n", countOf(sum.errors, "error"), countOf(sum.warnings, "warning"), countOf(sum.infos, "note"));
            }
            return sum.errors > 0 ? kExitFindings : kExitOk;
        };
    }
    LFP_REGISTER_COMMAND(60, setupExport);

} // namespace
} // namespace lfp::cli
