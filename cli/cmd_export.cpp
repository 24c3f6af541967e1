// SPDX-License-Identifier: GPL-3.0-or-later
// lfp export PROJECT --vendor sonic|nvue|eos|nxos|junos|huawei|linux [-r REV] [--base REV]
//            [--device NAME]... [--role ROLE] -o DIR [--json] [--sonic-buffer-model dynamic|traditional]
// Writes one configuration file per device (named after it) and DIR/manifest.json, whole or not at all.
// Exit status (a contract): 0 ok, 1 an export finding is an error, 2 usage or input error (including a
// name that would break or inject into the config: nothing is written). docs/export.md.
#include "cli.h"

#include "exporters/delta.h"
#include "exporters/exporter.h"
#include "model/errors.h"
#include "model/projectstore.h"
#include "model/asiccatalog.h"
#include "planner/findingsjson.h"

#include <fmt/format.h>
#include <iostream>

namespace lfp::cli {
namespace {

    /// The targets the issue names; those without an exporter yet are refused with a clear message.
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
        std::vector<std::string> asicDirs;
        bool json = false;
    };

    std::optional<int> revisionOf(const std::string& path, std::optional<int> wanted)
    {
        if (!ProjectStore::looksLikeProject(path))
            return std::nullopt;
        if (wanted)
            return wanted;
        return ProjectStore::open(path).latestRevision();
    }

    ExportResult exportOnce(const Exporter& ex, const Fabric& fabric, const Opts& o, Feedback* fb)
    {
        AsicCatalog catalog = AsicCatalog::loadDefault();
        for (const auto& d : o.asicDirs)
            catalog.loadDirectory(d, "--asic-dir");
        catalog.mergeProject(fabric);
        ExportOptions eo;
        eo.sonicBufferModel = o.bufferModel == "dynamic" ? ExportOptions::SonicBufferModel::Dynamic : ExportOptions::SonicBufferModel::Traditional;
        eo.devices = o.devices;
        if (!o.role.empty()) {
            auto r = roleFromString(o.role);
            if (!r)
                throw InputError(SourceLocation { {}, 0, 0, "--role" }, fmt::format("found \"{}\", expected super-spine, spine, leaf or host", o.role));
            eo.role = r;
        }
        const ExportContext ctx(fabric, catalog, eo, fb);
        for (const auto& name : o.devices) {
            const DevicePlan* d = ctx.device(name);
            if (d && !ex.handles(*d->node))
                throw InputError(SourceLocation { {}, 0, 0, "--device" },
                    fmt::format("\"{}\" is a {}; --vendor {} configures {}", name, toString(d->node->role), ex.id(), ex.id() == "linux" ? "hosts" : "switches"));
        }
        return ex.run(ctx, fb);
    }

    nlohmann::json deltaJson(const std::vector<DeviceDelta>& deltas)
    {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& d : deltas) {
            nlohmann::json cmds = nlohmann::json::array();
            for (const auto& c : d.commands)
                cmds.push_back({ { "command", c.text }, { "removal", c.removal }, { "disruptive", c.disruptive }, { "reason", c.reason } });
            arr.push_back({ { "device", d.device }, { "path", d.file }, { "change", toString(d.kind) }, { "disruptive", d.disruptive() }, { "diff", d.diff },
                { "commands", cmds } });
        }
        return arr;
    }

    Runner setupExport(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("export", "Vendor configuration from the plan: one file per device (SONiC config_db.json, EOS, NX-OS, Linux host script) "
                                                 "and manifest.json; --base adds the change delta");
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
        addJsonFlag(cmd, o->json);
        cmd->footer("Finding codes (LFP-EXPORT-*) are documented in docs/findings.md; each target in docs/export.md.\n"
                    "Exit status: 0 ok, 1 an export finding is an error, 2 usage or input error (nothing written).");
        return [o]() {
            const Exporter* ex = findExporter(o->vendor);
            if (!ex)
                throw InputError(SourceLocation { {}, 0, 0, "--vendor" },
                    fmt::format("the {} exporter is not built yet; available: {}", o->vendor, exporterIds()));
            if (o->base && !ProjectStore::looksLikeProject(o->project))
                throw InputError(SourceLocation { o->project, 0, 0, "--base" }, "found a fabric .json, expected a .lfp project (revisions are needed for --base)");
            ConsoleFeedback fb;
            const Fabric fabric = loadFabricFile(o->project, o->revision);
            const ExportResult result = exportOnce(*ex, fabric, *o, &fb);
            const std::optional<int> revision = revisionOf(o->project, o->revision);

            nlohmann::json files = nlohmann::json::array();
            for (const auto& [name, text] : result.files)
                files.push_back({ { "device", result.deviceOf.at(name) }, { "path", name }, { "sha256", sha256Hex(text) } });
            nlohmann::json manifest { { "vendor", ex->id() }, { "revision", revision ? nlohmann::json(*revision) : nlohmann::json(nullptr) }, { "files", files },
                { "findings", findingsToJson(result.findings) } };
            if (ex->id() == "sonic")
                manifest["sonic_buffer_model"] = o->bufferModel;

            std::vector<DeviceDelta> deltas;
            if (o->base) {
                const Fabric baseFabric = loadFabricFile(o->project, o->base);
                Opts bo = *o;
                // Devices that exist only in the new revision are "added"; a --device missing from the base is fine.
                std::erase_if(bo.devices, [&](const std::string& d) { return !baseFabric.findNode(d); });
                const ExportResult baseResult = (!o->devices.empty() && bo.devices.empty()) ? ExportResult {} : exportOnce(*ex, baseFabric, bo, &fb);
                deltas = computeDelta(ex->id(), baseResult, result);
                manifest["base_revision"] = *o->base;
                manifest["delta"] = deltaJson(deltas);
            }
            ExportFiles out = result.files;
            out["manifest.json"] = manifest.dump(2) + "\n";
            writeExportDirectory(o->output, out);

            const FindingSummary sum = summarize(result.findings);
            if (o->json) {
                printJson(manifest);
            } else {
                std::cout << fmt::format("{}: {} files for {} written to {} (+ manifest.json)\n", ex->id(), result.files.size(),
                    revision ? fmt::format("revision {}", *revision) : o->project, o->output);
                for (const auto& f : result.findings) {
                    std::cout << fmt::format("{}: {} [{}] {}\n", toString(f.severity), f.code, fmt::join(f.objects, ", "), f.message);
                    if (!f.fix.empty())
                        std::cout << "    fix: " << f.fix << '\n';
                }
                if (o->base) {
                    std::cout << fmt::format("\nchanges from revision {}: {} device file(s)\n", *o->base, deltas.size());
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
                std::cout << fmt::format("{} errors, {} warnings, {} notes\n", sum.errors, sum.warnings, sum.infos);
            }
            return sum.errors > 0 ? kExitFindings : kExitOk;
        };
    }
    LFP_REGISTER_COMMAND(60, setupExport);

} // namespace
} // namespace lfp::cli
