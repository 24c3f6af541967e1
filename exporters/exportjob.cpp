// SPDX-License-Identifier: GPL-3.0-or-later
#include "exportjob.h"

#include "model/errors.h"
#include "planner/findings/findingsjson.h"

#include <algorithm>
#include <fmt/format.h>

namespace lfp {

ExportFiles ExportOutcome::outputFiles() const
{
    ExportFiles out = result.files;
    out["manifest.json"] = manifest.dump(2) + "\n";
    return out;
}

nlohmann::json deltaToJson(const std::vector<DeviceDelta>& deltas)
{
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& d : deltas) {
        nlohmann::json cmds = nlohmann::json::array();
        for (const auto& c : d.commands)
        {
            nlohmann::json j = { { "command", c.text }, { "removal", c.removal }, { "disruptive", c.disruptive }, { "reason", c.reason }, { "step", c.step } };
            if (c.live)
                j["live"] = *c.live;
            cmds.push_back(std::move(j));
        }
        arr.push_back({ { "device", d.device }, { "path", d.file }, { "change", toString(d.kind) }, { "disruptive", d.disruptive() }, { "diff", d.diff },
            { "commands", cmds } });
    }
    return arr;
}

namespace {
    ExportResult exportOnce(const Exporter& ex, const Fabric& fabric, const ExportJob& job, const ExportOptions& options, Feedback* fb)
    {
        AsicCatalog catalog = AsicCatalog::loadDefault();
        for (const auto& d : job.asicDirs)
            catalog.loadDirectory(d, "--asic-dir");
        catalog.mergeProject(fabric);
        const ExportContext ctx(fabric, catalog, options, fb);
        for (const auto& name : options.devices) {
            const DevicePlan* d = ctx.device(name);
            if (d && !ex.handles(*d->node))
                throw InputError(SourceLocation { {}, 0, 0, "--device" },
                    fmt::format("\"{}\" is a {}; --vendor {} configures {}", name, toString(d->node->role), ex.id(), ex.id() == "linux" ? "hosts" : "switches"));
        }
        return ex.run(ctx, fb);
    }
} // namespace

ExportOutcome runExportJob(const ExportJob& job, const Fabric& fabric, std::optional<int> revision, const Fabric* base, std::optional<int> baseRevision, Feedback* feedback)
{
    ExportOutcome o;
    o.exporter = findExporter(job.target);
    if (!o.exporter)
        throw InputError(SourceLocation { {}, 0, 0, "--vendor" }, fmt::format("found \"{}\", expected one of {}", job.target, exporterIds()));
    // The release is resolved once (an unknown one is a usage error, exit 2) and both revisions of a
    // delta are written for it.
    ExportOptions options = job.options;
    options.targetRelease = o.exporter->resolveRelease(job.options.targetRelease);
    o.result = exportOnce(*o.exporter, fabric, job, options, feedback);
    o.revision = revision;

    nlohmann::json files = nlohmann::json::array();
    for (const auto& [name, text] : o.result.files)
        files.push_back({ { "device", o.result.deviceOf.at(name) }, { "path", name }, { "sha256", sha256Hex(text) } });
    o.manifest = { { "vendor", o.exporter->id() }, { "target_release", options.targetRelease }, { "revision", revision ? nlohmann::json(*revision) : nlohmann::json(nullptr) }, { "files", files },
        { "findings", findingsToJson(o.result.findings) } };
    if (o.exporter->id() == "sonic")
        o.manifest["sonic_buffer_model"] = job.options.sonicBufferModel == ExportOptions::SonicBufferModel::Dynamic ? "dynamic" : "traditional";

    if (base) {
        ExportOptions bo = options;
        // Devices that exist only in the new revision are "added"; a --device missing from the base is fine.
        std::erase_if(bo.devices, [&](const std::string& d) { return !base->findNode(d); });
        const ExportResult baseResult = (!job.options.devices.empty() && bo.devices.empty()) ? ExportResult {} : exportOnce(*o.exporter, *base, job, bo, feedback);
        o.delta = computeDelta(o.exporter->id(), baseResult, o.result);
        o.baseRevision = baseRevision;
        o.manifest["base_revision"] = baseRevision ? nlohmann::json(*baseRevision) : nlohmann::json(nullptr);
        o.manifest["delta"] = deltaToJson(o.delta);
    }
    return o;
}

} // namespace lfp
