// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file autosave.h
/// Autosave and crash recovery for an open FabricDocument. While the document has unsaved edits, the
/// Autosaver writes its fabric (native JSON, atomically) to a recovery file a few seconds after the last
/// edit; saving, reverting or closing cleanly removes it. A recovery file left behind by a process that
/// no longer runs is a crash's unsaved work: RecoveryStore lists such files and restoring one puts the
/// autosaved fabric into the document as one undoable step (the project on disk is not touched until the
/// user saves). Recovery files never replace a project by themselves.
///
/// Where: $LFP_RECOVERY_DIR if set, else ~/.local/share/lfp-planner/recovery (GenericDataLocation). Each recovery
/// is two files: <key>.json (the fabric) and <key>.meta.json (the project path, the revision the edits
/// are based on, the process id, the time of the autosave).
#ifndef Q_MOC_RUN
#include "model/fabric.h"
#endif
#include <QDateTime>
#include <QObject>
#include <QString>
#include <QTimer>
#include <optional>
#include <vector>

namespace lfp {

class FabricDocument;

/// One recovery file.
struct Recovery {
    QString fabricFile; ///< <dir>/<key>.json
    QString metaFile; ///< <dir>/<key>.meta.json
    QString projectPath; ///< the document's file, empty for an untitled document
    std::optional<int> baseRevision; ///< the revision the unsaved edits started from
    qint64 pid = 0; ///< the process that wrote it
    QDateTime savedAt; ///< when it was written (UTC)
    int edits = 0; ///< undo steps since the document was last clean
};

class RecoveryStore {
public:
    /// The recovery directory (created on demand).
    static QString directory();
    /// The key of a document's recovery files: "<name>-<hash of its absolute path>-<pid>", or
    /// "untitled-<pid>" (one per process, so a successor never removes a crashed session's file).
    static QString keyFor(const QString& projectPath, qint64 pid);
    /// Recoveries whose writing process no longer runs (left by a crash or a kill), newest first.
    /// @p projectPath restricts the list to one project (compared as absolute paths).
    static std::vector<Recovery> orphaned(const QString& projectPath = {});
    /// Reads the fabric of a recovery. Throws InputError when the file is damaged.
    static Fabric read(const Recovery& r);
    /// Deletes a recovery's files.
    static void discard(const Recovery& r);
    /// Puts the recovered fabric into @p doc (already loaded with the recovery's project, or empty for
    /// an untitled one) as one undoable step; the document is then modified.
    static void restore(FabricDocument& doc, const Recovery& r);
};

class Autosaver : public QObject {
    Q_OBJECT
public:
    /// Watches @p doc; writes a recovery file @p delayMs after the last edit (default 5 s).
    explicit Autosaver(FabricDocument* doc, int delayMs = 5000, QObject* parent = nullptr);
    ~Autosaver() override;

    /// Writes the recovery file now if the document has unsaved edits (also called by the timer).
    void autosaveNow();
    /// Removes this document's recovery file (after a save, a revert, a clean close).
    void removeRecovery();
    [[nodiscard]] QString recoveryFile() const { return m_fabricFile; }
    [[nodiscard]] int writes() const { return m_writes; }
    /// The error of the last failed autosave (empty when it succeeded); an autosave failure never
    /// interrupts the user's work.
    [[nodiscard]] QString lastError() const { return m_lastError; }

signals:
    void autosaved(const QString& file);

private:
    void retarget();
    void onChanged();

    FabricDocument* m_doc;
    QTimer m_timer;
    QString m_fabricFile;
    QString m_metaFile;
    int m_writes = 0;
    QString m_lastError;
};

} // namespace lfp
