// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file changecommands.h
/// Undo commands of the document. ChangeValueCommand is the generic one (after Tiled's ChangeValue):
/// one field of one or many objects set to one value, through model/fieldaccess.h, so the inspector,
/// a multi-selection edit and `lfp set` share it. Consecutive edits of the same field of the same
/// objects merge into one command (typing "3", "30", "300m" is one undo step); a merge that brings the
/// field back to where it started marks the command obsolete, so that QUndoStack drops the step and the
/// document is clean again when it was. A command keeps only the field's text before and after per
/// object (a delta, after Tiled's ChangeProperties), not the fabric: its undo memory is proportional to
/// the change. ReplaceFabricCommand swaps the whole fabric (an import, a bulk change) as one step and
/// shares the two snapshots instead of copying them.

#ifndef Q_MOC_RUN
#include "document/fabricdocument.h"
#include "model/fabric.h"
#include "model/fabricindex.h"
#include "model/objectref.h"
#endif

#include <QUndoCommand>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lfp {

class FabricDocument;

class ChangeValueCommand : public QUndoCommand {
public:
    /// Validates first: throws std::invalid_argument (from setField) when an object, the field or the
    /// value is not valid, and nothing is pushed then. Push the command to the document's undo stack.
    /// The validated result is kept until the push installs it, so an edit copies the fabric once.
    /// A value that every object already has makes the command obsolete: push() drops it (no step).
    ChangeValueCommand(FabricDocument* document, std::vector<ObjectRef> objects, std::string field, std::string value);

    void undo() override;
    void redo() override;
    [[nodiscard]] int id() const override { return 0x4c46; } // "LF"
    bool mergeWith(const QUndoCommand* other) override;

    [[nodiscard]] const std::vector<ObjectRef>& objects() const { return m_objects; }
    [[nodiscard]] const std::string& field() const { return m_field; }
    /// The field's value before and after, per object, as getField() writes it.
    [[nodiscard]] const std::vector<std::string>& before() const { return m_before; }
    [[nodiscard]] const std::vector<std::string>& after() const { return m_after; }
    /// The bytes this undo step keeps (the command, its object references and texts).
    [[nodiscard]] std::size_t memoryBytes() const;

private:
    void set(const std::vector<std::string>& values, bool undoing);
    /// The objects as they are named after @p values are set (a rename changes the reference).
    [[nodiscard]] std::vector<ObjectRef> refsAfter(const std::vector<std::string>& values) const;
    void updateText();
    FabricDocument* m_doc;
    std::vector<ObjectRef> m_objects;
    std::string m_field;
    FabricChange::Kind m_kind;
    std::vector<std::string> m_before; ///< per object
    std::vector<std::string> m_after; ///< per object
    /// A role's binding edited: the bindings in their order before (a few entries), so undoing a cleared
    /// binding puts it back where it was, not at the end (the saved file and the review's diff keep order).
    std::optional<std::vector<RoleBinding>> m_bindingsBefore;
    std::shared_ptr<const Fabric> m_basis; ///< the snapshot m_prepared was made from
    std::optional<FabricSnapshot> m_prepared; ///< the validated result, installed by the first redo()
};

class ReplaceFabricCommand : public QUndoCommand {
public:
    ReplaceFabricCommand(FabricDocument* document, Fabric after, const QString& text);
    void undo() override;
    void redo() override;

private:
    FabricDocument* m_doc;
    FabricSnapshot m_before; ///< shared with the document (no copy)
    FabricSnapshot m_after;
};

} // namespace lfp
