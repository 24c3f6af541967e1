// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file importer.h
/// One small interface for every source format: read files → a fabric fragment plus diagnostics.
/// Readers are registered in one place (importers()); the CLI (`lfp formats`, `lfp import`) and the GUI
/// list formats from there. A reader never modifies a project: merging a fragment is a separate,
/// explicit step (merge.h).

#include "model/errors.h"
#include "model/fabric.h"
#include "model/runningconfig.h"
#include "model/feedback.h"

#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace lfp {

struct ImportDiagnostic {
    enum class Severity { Info, Warning, Error };
    Severity severity = Severity::Warning;
    SourceLocation where;
    std::string message;
};

/// What a source says about the fields it fills. A merge compares only fields the incoming source
/// knows: LLDP knows who is cabled to whom but not the cable length; a cabling plan knows both.
namespace known {
    inline constexpr const char* kPortSpeed = "port.speed";
    inline constexpr const char* kPortMtu = "port.mtu";
    inline constexpr const char* kPortFec = "port.fec";
    inline constexpr const char* kLinkLength = "link.length";
    inline constexpr const char* kLinkMedium = "link.medium";
    inline constexpr const char* kNodeRole = "node.role";
    inline constexpr const char* kNodeGuid = "node.guid";
    inline constexpr const char* kQos = "qos";
    /// Node attribute prefix: "import.speed_assumed.<port>" = "peer" | "placeholder" marks a port whose
    /// speed the source did not give (the model needs one): taken from the link peer, or 100G.
    inline constexpr const char* kSpeedAssumed = "import.speed_assumed.";
    /// Node attribute prefix: "import.mtu_assumed.<port>" = "peer" marks a port whose MTU and lane count the
    /// source did not give (a neighbour's port): copied from the link peer, not facts.
    inline constexpr const char* kMtuAssumed = "import.mtu_assumed.";
} // namespace known

struct ImportResult {
    Fabric fragment;
    std::vector<ImportDiagnostic> diagnostics;
    std::set<std::string> knownFields; ///< known::k* names of the fields the reader filled
    /// Running state beyond the fabric (SONiC: BUFFER_PG, CABLE_LENGTH), for drift; empty for plans.
    RunningConfig running;
};

/// A file's name and contents, for readers of text formats (and for fuzzing without files).
struct SourceText {
    std::string name;
    std::string text;
};

class Importer {
public:
    virtual ~Importer() = default;
    /// Stable id used on the command line ("ibnetdiscover", "lldp", "csv", …).
    [[nodiscard]] virtual std::string id() const = 0;
    [[nodiscard]] virtual std::string description() const = 0;
    /// File name patterns or kinds it reads, for `lfp formats` ("*.txt from `ibnetdiscover`").
    [[nodiscard]] virtual std::string inputs() const { return {}; }
    /// Reads @p files into one fragment. Throws InputError (file:line:column) on input it cannot read;
    /// nothing is half-read: either a whole fragment comes back or an exception.
    /// The default reads each file and calls readTexts().
    [[nodiscard]] virtual ImportResult read(const std::vector<std::string>& files, Feedback* feedback) const;
    /// Reads texts already in memory. Text formats implement this; the default throws InputError.
    [[nodiscard]] virtual ImportResult readTexts(const std::vector<SourceText>& sources, Feedback* feedback) const;
};

/// All readers, in the order `lfp formats` lists them. The built-in readers are registered on first
/// use (an explicit call, not static initialisers, which the linker drops from static libraries).
const std::vector<std::unique_ptr<Importer>>& importers();
const Importer* findImporter(std::string_view id);
/// Adds a reader. Built-in ones are added by registerBuiltinImporters().
bool registerImporter(std::unique_ptr<Importer> importer);
/// Registers the readers of importers/ (idempotent; importers() calls it).
void registerBuiltinImporters();

} // namespace lfp
