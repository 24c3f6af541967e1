// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file importsession.h
/// The import workflow, one object for the CLI (`lfp import`) and the GUI's import dialog:
///   read the sources → (optionally) plan a merge onto the open fabric → resolve conflicts one by one or
///   all at once → apply. Nothing is written or changed until apply(), and apply() refuses while a
///   conflict is unresolved. Plain C++ (no Qt): the document layer owns it, the libraries do the work
///   (importers/importer.h readers, importers/merge.h planMerge/applyMerge).

#include "importers/importer.h"
#include "importers/merge.h"
#include "model/asiccatalog.h"
#include "model/feedback.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lfp {

/// What to assign to what the source did not say (the import dialog's "Defaults", `lfp import --asic
/// --policy`). Empty strings assign nothing.
struct ImportDefaults {
    std::string asic; ///< ASIC profile id for switches with none
    std::string policy; ///< QoS policy bound to every role that has nodes and no binding
};
struct ImportDefaultsApplied {
    std::size_t asics = 0; ///< switches given the ASIC
    std::size_t bindings = 0; ///< roles bound to the policy
    bool policyAdded = false; ///< the default RoCE policy was added to the fabric's policies
};

class ImportSession {
public:
    /// @p importer must outlive the session (the registry's readers do).
    ImportSession(const Importer& importer, std::vector<std::string> files);

    /// Step 1: reads the files (throws InputError for bad input). The fragment is named after the first
    /// file when the source names no fabric.
    void read(Feedback* feedback = nullptr);
    /// For readers of text (tests, fuzzing, the GUI's paste box): reads from memory.
    void readTexts(const std::vector<SourceText>& texts, Feedback* feedback = nullptr);

    /// Sets the ASIC of switches whose hardware the source names (SONiC platform/hwsku, NetBox device
    /// type) from @p catalog's platform lists (planner/buffer/asicinference.h); one diagnostic per switch
    /// looked at. Never a guess: no match, or two, leaves the ASIC empty.
    void inferAsics(const AsicCatalog& catalog);

    [[nodiscard]] const Importer& importer() const { return m_importer; }
    [[nodiscard]] const std::vector<std::string>& files() const { return m_files; }
    [[nodiscard]] const ImportResult& result() const { return m_result; }
    /// Moves the fragment out of result() (which keeps its diagnostics and known fields, with an empty
    /// fragment): for a caller that writes the fragment as it is and needs no second copy of it (a
    /// million-cable plan's fragment is about half a gigabyte; docs/performance.md). A merge planned
    /// afterwards would see an empty fragment, so take it only when no merge follows.
    [[nodiscard]] Fabric takeFragment() { return std::exchange(m_result.fragment, Fabric {}); }

    /// Step 2 (merge): compares the fragment with @p existing (read from revision @p baseRevision of a
    /// project, if it was); clears earlier choices. A save of the result should pass baseRevision(), so
    /// that the store refuses it when the project changed since it was read.
    void planMergeOnto(Fabric existing, std::optional<int> baseRevision = std::nullopt);
    [[nodiscard]] std::optional<int> baseRevision() const { return m_baseRevision; }
    [[nodiscard]] bool merging() const { return m_existing.has_value(); }
    [[nodiscard]] const MergeReport& report() const { return m_report; }

    /// Step 3: choices. choose() throws std::invalid_argument for an ID no conflict has.
    void chooseAll(MergeResolution r) { m_choices.defaultResolution = r; }
    void choose(const std::string& conflictId, MergeResolution r);
    [[nodiscard]] MergeResolution resolutionOf(const MergeConflict& c) const;
    [[nodiscard]] std::size_t unresolvedCount() const;
    [[nodiscard]] const MergeChoices& choices() const { return m_choices; }

    /// Step 4: the fabric to keep — the fragment (no merge planned) or the merged fabric. Throws
    /// std::invalid_argument naming the first unresolved conflict.
    [[nodiscard]] Fabric apply() const;

    /// Step 5 (optional): fills @p fabric (apply()'s result) with @p d: switches without an ASIC get
    /// d.asic; each role with nodes and no role binding is bound to d.policy. A policy the fabric lacks
    /// is added when it is the default RoCE policy (model/qos.h defaultRocePolicy(), "roce-lossless");
    /// any other unknown name throws std::invalid_argument. An ASIC id is not checked here (the
    /// catalogue is the caller's: validate with AsicCatalog::find first).
    static ImportDefaultsApplied assignDefaults(Fabric& fabric, const ImportDefaults& d);

    /// "incoming" / "existing" (and "theirs"/"ours"…) → a resolution; nullopt for anything else.
    static std::optional<MergeResolution> resolutionFromString(const std::string& s);
    static const char* toString(MergeResolution r); ///< "unresolved", "incoming", "existing"

private:
    const Importer& m_importer;
    std::vector<std::string> m_files;
    ImportResult m_result;
    std::optional<Fabric> m_existing;
    std::optional<int> m_baseRevision;
    MergeReport m_report;
    MergeChoices m_choices;
};

} // namespace lfp
