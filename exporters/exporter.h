// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file exporter.h
/// Exporters turn a planned fabric into files for others: vendor configs, threshold templates, the
/// buffer budget sheet and the change-review checklist. One interface; each exporter returns the files
/// it would write (name → contents) and its findings (LFP-EXPORT-*, docs/findings.md), so that the CLI,
/// the GUI and tests share one code path (docs/export.md).

#include "exportcontext.h"
#include "planner/findings.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace lfp {

/// Files an export produces: relative file name → contents.
using ExportFiles = std::map<std::string, std::string>;

struct ExportResult {
    ExportFiles files;
    std::map<std::string, std::string> deviceOf; ///< file name → device it configures
    std::vector<Finding> findings; ///< LFP-EXPORT-* findings, sorted (errors first, code, objects)
};

/// What an exporter writes for one device.
struct DeviceExport {
    ExportFiles files;
    std::vector<Finding> findings;
};

/// Where a name ends up in a config, for the name rules of a target.
enum class NameKind { Device, Port, NeighbourPort, Policy, EcnProfile };
const char* toString(NameKind k);

/// The characters and length a target accepts for one kind of name.
struct NameRule {
    std::string allowedPunctuation; ///< besides ASCII letters and digits
    std::size_t maxLength = 63;
    bool firstAlnum = true; ///< must start with a letter or digit
    std::string why; ///< the vendor rule this follows (for the error message)
};

class Exporter {
public:
    virtual ~Exporter() = default;
    [[nodiscard]] virtual std::string id() const = 0;
    [[nodiscard]] virtual std::string description() const = 0;
    /// True for the devices this target configures (switches, or hosts for "linux").
    [[nodiscard]] virtual bool handles(const Node& node) const { return node.isSwitch(); }
    [[nodiscard]] virtual NameRule nameRule(NameKind kind) const;
    /// Refuses names that would break or inject into the config: throws InputError naming the object
    /// and the character (or the length). Called by run() before anything is produced.
    void checkNames(const ExportContext& ctx) const;
    /// Exports every selected device the target handles (in parallel), after checkNames().
    [[nodiscard]] virtual ExportResult run(const ExportContext& ctx, Feedback* feedback = nullptr) const;

protected:
    [[nodiscard]] virtual DeviceExport exportDevice(const ExportContext& ctx, const DevicePlan& device) const = 0;
};

/// Every vendor exporter, by id: sonic, nvue, eos, nxos, junos, huawei, linux (those built so far).
const std::vector<std::unique_ptr<Exporter>>& exporters();
/// The exporter with @p id, or null.
const Exporter* findExporter(std::string_view id);
/// "sonic, eos, …" for messages.
std::string exporterIds();

/// A finding of an export: makeFinding() with the severity the exporter decides. The message and fix are
/// rendered from the code's registry templates (planner/findingregistry.cpp); a code with several
/// wordings takes the clause names "what" (the message) and "fix" (the remedy) among @p params.
Finding exportFinding(Severity severity, std::string_view code, std::vector<std::string> objects, FindingParams params, std::vector<Evidence> evidence = {});
/// Sorts findings (errors first, then code, then objects) and merges identical (code, message) ones
/// of one device into one finding listing every object.
void sortExportFindings(std::vector<Finding>& findings);

/// Writes @p files into @p dir whole or not at all: every file goes to a temporary directory beside
/// @p dir first; only when all are written are they renamed into @p dir (created when missing). Files
/// of @p dir the export does not write are left alone. Throws InputError when @p dir cannot be used.
void writeExportDirectory(const std::string& dir, const ExportFiles& files);

/// Lower-case hex SHA-256 of @p data (FIPS 180-4).
std::string sha256Hex(std::string_view data);

/// A printable form of a name for messages: control characters as \n, \t, \xNN.
std::string printableName(std::string_view name);

} // namespace lfp
