// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file exporter.h
/// Exporters turn a planned fabric into files for others: vendor configs, threshold templates, the
/// buffer budget sheet and the change-review checklist. One interface; each exporter returns the files
/// it would write (name → contents) so that the CLI, the GUI and tests share one code path.

#include "model/fabric.h"

#include <map>
#include <string>

namespace lfp {

/// Files an export produces: relative file name → contents.
using ExportFiles = std::map<std::string, std::string>;

class Exporter {
public:
    virtual ~Exporter() = default;
    [[nodiscard]] virtual std::string id() const = 0;
    [[nodiscard]] virtual std::string description() const = 0;
    [[nodiscard]] virtual ExportFiles run(const Fabric& fabric) const = 0;
};

} // namespace lfp
