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

/// What a change touched, so that a view updates only that (after Tiled's change events: MapDocument's
/// objectsAdded / objectsRemoved / objectsChanged(properties)).
struct FabricChange {
    enum class Kind {
        Reset, ///< reloaded: a new fabric (load, generate, import, revert, recovery); views rebuild
        Added, ///< nodes, ports or links added (objects: what was added)
        Removed, ///< nodes, ports or links removed (objects: what was asked to go; no longer in the snapshot)
        Values, ///< one field of existing nodes, ports or links (objects and field named)
        Bindings, ///< role bindings or port overrides (objects: the roles or ports; field "policy")
        Policies, ///< one field of QoS policies (objects: the policies; field: the policy field)
    };
    Kind kind = Kind::Reset;
    std::vector<ObjectRef> objects;
    std::string field;

    /// Objects appeared or went: ids (node, port, link indices) of the previous snapshot are stale.
    [[nodiscard]] bool isStructural() const { return kind == Kind::Reset || kind == Kind::Added || kind == Kind::Removed; }
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
    /// The undo steps kept by default: a value edit keeps only the field's texts (changecommands.h), a
    /// structural one shares two snapshots, so 200 steps stay small next to the fabric itself.
    static constexpr int kDefaultUndoLimit = 200;
    /// At most @p limit undo steps are kept (0: no limit); the oldest go first. QUndoStack takes a
    /// limit only while empty, so the stack is cleared (and the document marked clean) when it is not.
    void setUndoLimit(int limit);
    [[nodiscard]] int undoLimit() const { return m_undo.undoLimit(); }

    // ---- selection: the one store the views follow (tree, diagram, inspector, policy editor)
    /// The selected objects, the current one (the inspector's) first.
    [[nodiscard]] const std::vector<ObjectRef>& selection() const { return m_selection; }
    [[nodiscard]] std::optional<ObjectRef> currentObject() const;
    /// Selects @p selection (announced by selectionChanged when it differs). Objects that a Removed or
    /// Reset change takes away leave the selection then.
    void setSelection(std::vector<ObjectRef> selection);

    /// For undo commands: installs @p fabric as the new snapshot and announces @p change. A value
    /// change (Values, Bindings, Policies) reuses the current index's ids (makeSnapshot(f, like)).
    void applySnapshot(Fabric fabric, FabricChange change);
    /// For undo commands that keep whole snapshots (structure, replace): installs @p snapshot.
    void applySnapshot(FabricSnapshot snapshot, FabricChange change);

signals:
    void changed(const lfp::FabricChange& change);
    void fileChanged(const QString& path);
    void modifiedChanged(bool modified);
    void selectionChanged();

private:
    void install(FabricSnapshot snapshot, FabricChange change);
    void dropRemovedFromSelection();
    FabricSnapshot m_snapshot;
    QString m_path;
    std::optional<int> m_revision;
    std::optional<int> m_readLatest; ///< latest revision of the project when it was read (lost-update check)
    QUndoStack m_undo;
    std::vector<ObjectRef> m_selection;
};

} // namespace lfp

Q_DECLARE_METATYPE(lfp::FabricChange)
