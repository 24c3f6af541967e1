// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file asiccatalog.h
/// The ASIC catalogue: one JSON file per ASIC (resources/asics/*.json, format of asicToJson in
/// model/fabricjson.h), plus directories of the user's own profiles and the project's Fabric::asics.
/// Later sources override earlier ones with the same id: built-in catalogue < extra directories
/// ($LFP_ASIC_DIR, colon-separated, then directories added by the caller) < the project's profiles.

#include "model/asic.h"
#include "model/fabric.h"

#include <string>
#include <string_view>
#include <vector>

namespace lfp {

/// Where one figure of a profile comes from, for `lfp asics` (docs/asics.md, "Provenance").
struct FieldProvenance {
    std::string field; ///< JSON key: "total_buffer", "speeds", "pg_lookup", …
    std::string status; ///< "sourced", "inferred", "unknown", or "unsourced" (a value without a source)
    std::string value; ///< the value as text ("67117468 B", "10G, 25G", "2 tables, 12 rows"); empty when unknown
    std::string source; ///< the citation (sources[field], or the tables' sources for pg_lookup)
    std::string from; ///< for "inferred": what it is inferred from (the citation after "inferred:")
};

/// Provenance of every buffer figure of @p a: a citation in sources[field] that starts with
/// "inferred" or "unverified" makes it inferred, one that starts with "unknown" (the reason) unknown,
/// any other citation sourced; no citation and no value is unknown; a value without a citation is
/// "unsourced".
std::vector<FieldProvenance> asicProvenance(const AsicProfile& a);

class AsicCatalog {
public:
    AsicCatalog() = default;

    /// The built-in catalogue (first existing of: LFP_RESOURCE_DIR/asics of the build tree,
    /// <executable>/../share/lfp/asics of an installation), then every directory in $LFP_ASIC_DIR.
    /// Throws InputError when a profile file is malformed.
    static AsicCatalog loadDefault();
    /// Where the built-in catalogue was looked for, in order.
    static std::vector<std::string> builtinDirectories();

    /// Loads every *.json file of @p dir (sorted by name; a later id replaces an earlier one).
    /// Throws InputError naming the file (and JSON path) of a bad profile, or a missing directory.
    void loadDirectory(const std::string& dir, const std::string& origin = {});
    /// Loads one profile file.
    void loadFile(const std::string& path, const std::string& origin = {});
    /// Adds or replaces a profile.
    void add(AsicProfile profile, std::string origin = "added");
    /// Adds the project's own profiles (they replace catalogue entries of the same id).
    void mergeProject(const Fabric& fabric);

    [[nodiscard]] const AsicProfile* find(std::string_view id) const;
    [[nodiscard]] const std::vector<AsicProfile>& all() const { return m_profiles; }
    /// Where a profile came from: a file path, "project" or "added".
    [[nodiscard]] std::string origin(std::string_view id) const;
    [[nodiscard]] bool empty() const { return m_profiles.empty(); }
    [[nodiscard]] std::size_t size() const { return m_profiles.size(); }
    /// Directories loaded, in order.
    [[nodiscard]] const std::vector<std::string>& directories() const { return m_dirs; }

private:
    std::vector<AsicProfile> m_profiles;
    std::vector<std::string> m_origins;
    std::vector<std::string> m_dirs;
};

} // namespace lfp
