// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file fabricdocument.h
/// The open project (after mapeditor/tiled's Document): the current immutable snapshot (fabric + its
/// index), the file and revision it came from, the modified flag, the undo stack and the selection.
/// Every change goes through an undo command (changecommands.h) and is announced by one typed signal,
/// changed(FabricChange), naming what changed, so views update what they show instead of rebuilding.
/// Qt Core/Gui only (QUndoStack lives in Qt Gui); no widgets.

#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers these pull in
#include "model/fabricindex.h"
#include "model/objectref.h"
#endif

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <optional>
#include <string>
#include <vector>

namespace lfp {

/// What a change touched. Reset: a new fabric (loaded, imported, reverted): views rebuild.
struct FabricChange {
    enum class Kind {
        Reset, ///< everything (load, import, a structural edit)
        Values, ///< fields of existing objects (the objects and the field are named)
        Bindings, ///< role bindings or port overrides
    };
    Kind kind = Kind::Reset;
    std::vector<ObjectRef> objects;
    std::string field;
};

class FabricDocument : public QObject {
    Q_OBJECT
public:
    explicit FabricDocument(QObject* parent = nullptr);

    // ---- the snapshot: immutable; replaced as a whole by every change
    [[nodiscard]] const FabricSnapshot& snapshot() const { return m_snapshot; }
    [[nodiscard]] const Fabric& fabric() const { return *m_snapshot.fabric; }
    [[nodiscard]] const FabricIndex& index() const { return *m_snapshot.index; }
    [[nodiscard]] bool isEmpty() const { return m_snapshot.fabric->nodes.empty(); }

    // ---- file
    /// Loads a .json or .lfp (latest revision, or @p revision). Throws InputError; the document is
    /// unchanged then. Clears the undo stack.
    void load(const QString& path, std::optional<int> revision = std::nullopt);
    /// Replaces the fabric (a generated, imported or separately read one). Clears the undo stack.
    /// @p latestAtRead: the project's latest revision when the fabric was read from @p path (the
    /// lost-update check of save()); by default @p revision.
    void reset(Fabric fabric, const QString& path = {}, std::optional<int> revision = std::nullopt, std::optional<int> latestAtRead = std::nullopt);
    [[nodiscard]] QString filePath() const { return m_path; }
    [[nodiscard]] std::optional<int> revision() const { return m_revision; }
    /// Saves to @p path (a .lfp gets a new revision with @p message; a .json is rewritten atomically)
    /// and marks the document clean. Returns the revision (0 for .json). Throws InputError.
    /// Saving onto the project the document was read from is refused (InputError, "the project changed
    /// since it was read") when another program saved a revision there in between.
    int save(const QString& path, const QString& message, const QString& author = {});

    // ---- modified state and undo
    [[nodiscard]] bool isModified() const { return !m_undo.isClean(); }
    [[nodiscard]] QUndoStack* undoStack() { return &m_undo; }

    // ---- selection
    [[nodiscard]] const std::vector<ObjectRef>& selection() const { return m_selection; }
    void setSelection(std::vector<ObjectRef> selection);

    /// For undo commands: installs @p fabric as the new snapshot and announces @p change.
    void applySnapshot(Fabric fabric, FabricChange change);

signals:
    void changed(const lfp::FabricChange& change);
    void fileChanged(const QString& path);
    void modifiedChanged(bool modified);
    void selectionChanged();

private:
    FabricSnapshot m_snapshot;
    QString m_path;
    std::optional<int> m_revision;
    std::optional<int> m_readLatest; ///< latest revision of the project when it was read (lost-update check)
    QUndoStack m_undo;
    std::vector<ObjectRef> m_selection;
};

} // namespace lfp

Q_DECLARE_METATYPE(lfp::FabricChange)
