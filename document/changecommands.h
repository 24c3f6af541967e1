// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file changecommands.h
/// Undo commands of the document. ChangeValueCommand is the generic one (after Tiled's ChangeValue):
/// one field of one or many objects set to one value, through model/fieldaccess.h, so the inspector,
/// a multi-selection edit and `lfp set` share it. Consecutive edits of the same field of the same
/// objects merge into one command (typing "3", "30", "300m" is one undo step). ReplaceFabricCommand
/// swaps the whole fabric (an import, a bulk change) as one step.

#ifndef Q_MOC_RUN
#include "model/fabric.h"
#include "model/objectref.h"
#endif

#include <QUndoCommand>

#include <string>
#include <vector>

namespace lfp {

class FabricDocument;

class ChangeValueCommand : public QUndoCommand {
public:
    /// Validates first: throws std::invalid_argument (from setField) when an object, the field or the
    /// value is not valid, and nothing is pushed then. Push the command to the document's undo stack.
    ChangeValueCommand(FabricDocument* document, std::vector<ObjectRef> objects, std::string field, std::string value);

    void undo() override;
    void redo() override;
    [[nodiscard]] int id() const override { return 0x4c46; } // "LF"
    bool mergeWith(const QUndoCommand* other) override;

    [[nodiscard]] const std::vector<ObjectRef>& objects() const { return m_objects; }
    [[nodiscard]] const std::string& field() const { return m_field; }

private:
    void set(const std::vector<std::string>& values, bool undoing);
    FabricDocument* m_doc;
    std::vector<ObjectRef> m_objects;
    std::string m_field;
    std::vector<std::string> m_before; ///< per object
    std::string m_after;
};

class ReplaceFabricCommand : public QUndoCommand {
public:
    ReplaceFabricCommand(FabricDocument* document, Fabric after, const QString& text);
    void undo() override;
    void redo() override;

private:
    FabricDocument* m_doc;
    Fabric m_before;
    Fabric m_after;
};

} // namespace lfp
