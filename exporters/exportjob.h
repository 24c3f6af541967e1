// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file exportjob.h
/// The export workflow `lfp export` and the GUI's Export dialog share (one code path): load the ASIC
/// catalogue (plus extra profile directories and the project's own), build the export context for the
/// selected devices, run the target's exporter, optionally export the base revision and compute the
/// per-device change delta, and build `manifest.json`. Writing is left to the caller
/// (writeExportDirectory with outputFiles()). docs/export.md.

#include "delta.h"
#include "exporter.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace lfp {

struct ExportJob {
    std::string target; ///< an exporter id (exporterIds())
    ExportOptions options; ///< devices, role, SONiC buffer model
    std::vector<std::string> asicDirs; ///< extra ASIC profile directories (--asic-dir)
};

struct ExportOutcome {
    const Exporter* exporter = nullptr;
    ExportResult result;
    std::optional<int> revision; ///< of the exported fabric; none for a fabric .json
    std::optional<int> baseRevision; ///< set when a delta was computed
    std::vector<DeviceDelta> delta;
    nlohmann::json manifest; ///< {"vendor", "revision", "files", "findings"[, "sonic_buffer_model"][, "base_revision", "delta"]}
    /// The files to write: every exported file and manifest.json.
    [[nodiscard]] ExportFiles outputFiles() const;
};

/// Runs @p job on @p fabric (revision @p revision of its project). With @p base, also exports it with
/// the same selection (devices missing from the base are "added") and computes the delta. Throws
/// InputError for an unknown target, a selected device the target does not configure or that does not
/// exist, a refused name (nothing is produced), and Cancelled through @p feedback.
ExportOutcome runExportJob(const ExportJob& job, const Fabric& fabric, std::optional<int> revision, const Fabric* base = nullptr,
    std::optional<int> baseRevision = std::nullopt, Feedback* feedback = nullptr);

/// The manifest's "delta" array.
nlohmann::json deltaToJson(const std::vector<DeviceDelta>& deltas);

} // namespace lfp
