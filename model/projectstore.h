// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file projectstore.h
/// A project file (.lfp) is a SQLite database holding every saved revision of a fabric. Saving adds a
/// revision in one transaction, so an interrupted or failed save leaves the previous revision intact,
/// and the next open rolls the unfinished save back ("recovered from an interrupted save").
/// Every file is untrusted: files that are not SQLite, SQLite files of other programs, files whose
/// schema is not exactly LFP's (a trigger, a view, an extra table), corrupt files and files written by
/// a newer LFP are refused with a clear message and are never modified. See docs/formats/project-lfp.md.

#include "fabric.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

struct sqlite3;

namespace lfp {

/// SQLite application_id of .lfp files ("LFP1").
inline constexpr int kProjectApplicationId = 0x4C465031;
/// Schema version of the project database (PRAGMA user_version).
inline constexpr int kProjectSchemaVersion = 1;

struct RevisionInfo {
    int id = 0; ///< 1, 2, 3, … in save order
    std::string time; ///< UTC, ISO 8601 ("2026-11-30T02:10:00Z")
    std::string author;
    std::string message;
    int formatVersion = 0; ///< lfp-fabric format version of the stored fabric
    std::size_t nodes = 0;
    std::size_t links = 0;
};

/// A loaded fabric, the revision it came from and the latest revision when it was read (one read
/// transaction; both empty for JSON files).
struct LoadedFabric {
    Fabric fabric;
    std::optional<int> revision; ///< the revision read
    std::optional<int> latest; ///< the project's latest revision in the same read: the base of a save
};

struct ProjectStoreGuard;

class ProjectStore {
public:
    ~ProjectStore();
    ProjectStore(ProjectStore&&) noexcept;
    ProjectStore& operator=(ProjectStore&&) noexcept;
    ProjectStore(const ProjectStore&) = delete;
    ProjectStore& operator=(const ProjectStore&) = delete;

    /// Opens an existing project. Throws InputError when the file is missing, not a project, corrupt,
    /// or from a newer version. Read-only stores refuse save().
    static ProjectStore open(const std::string& path, bool writable = false);
    /// Creates a new, empty project. Throws InputError if @p path exists and is not an LFP project
    /// (a project is opened instead, so saving adds a revision to it).
    static ProjectStore openOrCreate(const std::string& path);

    /// True when @p path looks like an LFP project (SQLite header and application id), without
    /// modifying it.
    static bool looksLikeProject(const std::string& path);

    [[nodiscard]] const std::string& path() const { return m_path; }
    [[nodiscard]] std::vector<RevisionInfo> revisions() const;
    [[nodiscard]] std::optional<int> latestRevision() const;
    /// Loads revision @p id, or the latest when empty. Throws InputError (no such revision, …).
    [[nodiscard]] Fabric load(std::optional<int> id = std::nullopt) const;
    /// Loads revision @p id (the latest when empty) and the project's latest revision id in ONE read
    /// transaction, so no revision can be committed between the two reads: `latest` is the base a
    /// later save's lost-update check compares against (save(…, basedOn)). Throws as load().
    [[nodiscard]] LoadedFabric loadWithLatest(std::optional<int> id = std::nullopt) const;
    /// The checksum of revision @p id ("fnv1a64:…") after verifying its text against it (throws
    /// InputError "revision N is corrupt" otherwise), empty when there is no such revision. Two
    /// revisions with one checksum hold the same fabric text: `lfp diff` compares them without parsing.
    [[nodiscard]] std::string revisionChecksum(int id) const;
    /// Saves @p fabric as a new revision and returns its id. One transaction. Refuses (InputError) to
    /// save onto a project whose latest revision fails its checksum. When @p basedOn is given (the
    /// revision the caller read and changed, e.g. a merge), the save is refused with "the project changed
    /// since it was read" when another program saved a revision in between; the check happens inside
    /// the write transaction, so no update is ever lost.
    int save(const Fabric& fabric, const std::string& author, const std::string& message,
        std::optional<int> basedOn = std::nullopt);

    /// True when opening rolled back a save that was interrupted (killed process, power loss, full disk).
    [[nodiscard]] bool recoveredFromInterruptedSave() const { return m_recovered; }

private:
    ProjectStore(std::string path, sqlite3* db, bool writable);
    void arm() const; ///< starts the time budget of one public call
    std::string m_path;
    sqlite3* m_db = nullptr;
    bool m_writable = false;
    bool m_recovered = false;
    std::unique_ptr<ProjectStoreGuard> m_guard; ///< progress-handler state (deadline of a statement)
};

/// The text of the refusal when a save's base revision is no longer the latest.
inline constexpr const char* kProjectChangedMessage = "the project changed since it was read";

/// Receives notices about projects that are not errors, e.g. "recovered from an interrupted save".
/// The CLI prints them on stderr, the GUI in its status bar. Default: none.
using ProjectNoticeHandler = std::function<void(const std::string& path, const std::string& message)>;
void setProjectNoticeHandler(ProjectNoticeHandler handler);

/// Author for new revisions: $LFP_AUTHOR, else $USER@hostname.
std::string defaultAuthor();

/// Loads a fabric from a .json or .lfp file (latest revision, or @p revision for .lfp).
/// The file kind is decided by content, not extension. Throws InputError.
Fabric loadFabricFile(const std::string& path, std::optional<int> revision = std::nullopt);
/// The one load of every command and the GUI: a fabric, the revision it came from and the project's
/// latest revision, both read in the same SQLite read transaction as the fabric (empty for JSON files).
/// A save back to the project passes `latest` as basedOn, so a revision committed by another program
/// after this read refuses the save ("the project changed since it was read") instead of losing it.
LoadedFabric loadFabricFileWithRevision(const std::string& path, std::optional<int> revision = std::nullopt);
/// Saves to .json (atomic rewrite) or .lfp (new revision), by extension. Returns the revision id for
/// .lfp, 0 for .json. @p basedOn: see ProjectStore::save (ignored for .json).
int saveFabricFile(const Fabric& fabric, const std::string& path, const std::string& message = {},
    const std::string& author = {}, std::optional<int> basedOn = std::nullopt);

} // namespace lfp
