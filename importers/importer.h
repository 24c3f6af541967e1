// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file importer.h
/// One small interface for every source format: read files → a fabric fragment plus diagnostics.
/// Readers are registered in one place (registry()); the CLI (`lfp formats`, `lfp import`) and the GUI
/// list formats from there. A reader never modifies a project: merging a fragment is a separate,
/// explicit step.

#include "model/errors.h"
#include "model/fabric.h"
#include "model/feedback.h"

#include <memory>
#include <string>
#include <vector>

namespace lfp {

struct ImportDiagnostic {
    enum class Severity { Info, Warning, Error };
    Severity severity = Severity::Warning;
    SourceLocation where;
    std::string message;
};

struct ImportResult {
    Fabric fragment;
    std::vector<ImportDiagnostic> diagnostics;
};

class Importer {
public:
    virtual ~Importer() = default;
    /// Stable id used on the command line ("ibnetdiscover", "lldp", "csv", …).
    [[nodiscard]] virtual std::string id() const = 0;
    [[nodiscard]] virtual std::string description() const = 0;
    /// Reads @p files into one fragment. Throws InputError (file:line:column) on input it cannot read.
    [[nodiscard]] virtual ImportResult read(const std::vector<std::string>& files, Feedback* feedback) const = 0;
};

/// All readers, in the order `lfp formats` lists them.
const std::vector<std::unique_ptr<Importer>>& importers();
const Importer* findImporter(std::string_view id);
/// Adds a reader (called by each reader's translation unit through LFP_REGISTER_IMPORTER).
bool registerImporter(std::unique_ptr<Importer> importer);

} // namespace lfp
