// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file structurecommands.h
/// Undo commands that add and remove objects (model/structureedit.h): AddNodeCommand,
/// AddPortCommand, AddLinkCommand and RemoveObjectsCommand. Each is validated when constructed (throws
/// std::invalid_argument, nothing pushed) and keeps the snapshot before (shared with the document, not
/// copied) and after, so undo restores the fabric exactly (same order of nodes, ports, links and
/// overrides) without indexing it again. Redo announces Added or Removed naming the objects, undo the
/// opposite. The GUI's Edit ▸ Add/Delete and `lfp add` / `lfp remove` push them.

#ifndef Q_MOC_RUN
#include "document/fabricdocument.h"
#include "model/fabric.h"
#include "model/fabricindex.h"
#include "model/objectref.h"
#endif

#include <QUndoCommand>

#include <string>
#include <utility>
#include <vector>

namespace lfp {

class FabricDocument;

/// FIELD=VALUE pairs set on a new object through model/fieldaccess.h ("asic", "rack", "speed", …).
using FieldValues = std::vector<std::pair<std::string, std::string>>;

/// The common part: a structural change kept as the fabric before and after it.
class StructureCommand : public QUndoCommand {
public:
    void undo() override;
    void redo() override;
    /// The objects the command added (to select after redo), or removed.
    [[nodiscard]] const std::vector<ObjectRef>& objects() const { return m_objects; }

protected:
    explicit StructureCommand(FabricDocument* document);
    /// Call at the end of the constructor with the validated result; @p kind: Added or Removed.
    void setAfter(Fabric after, std::vector<ObjectRef> objects, FabricChange::Kind kind);
    FabricDocument* m_doc;

private:
    FabricSnapshot m_before;
    FabricSnapshot m_after;
    std::vector<ObjectRef> m_objects;
    FabricChange::Kind m_kind = FabricChange::Kind::Added;
};

class AddNodeCommand : public StructureCommand {
public:
    /// Adds @p node (with its ports), then sets @p fields on it.
    AddNodeCommand(FabricDocument* document, Node node, const FieldValues& fields = {});
};

class AddPortCommand : public StructureCommand {
public:
    /// Adds port @p port to its node, then sets @p fields on it. A port without a speed takes the
    /// speed, lanes, MTU and FEC of the node's first port (none: a field "speed" is required).
    AddPortCommand(FabricDocument* document, const Endpoint& port, const FieldValues& fields = {});
};

class AddLinkCommand : public StructureCommand {
public:
    /// Links @p a and @p b; @p fields: link fields (length, medium, fibre) and "speed", which sets
    /// both ports' speed. Without a length the link is 3 m; without a medium, DAC.
    AddLinkCommand(FabricDocument* document, const Endpoint& a, const Endpoint& b, const FieldValues& fields = {});
};

class RemoveObjectsCommand : public StructureCommand {
public:
    /// Removes the nodes, ports and links (with their links and overrides: structureedit.h).
    RemoveObjectsCommand(FabricDocument* document, const std::vector<ObjectRef>& objects);
    /// What was removed, one line each ("node leaf1 (4 ports)", "link a:p – b:q", …).
    [[nodiscard]] const std::vector<std::string>& removed() const { return m_removed; }

private:
    std::vector<std::string> m_removed;
};

} // namespace lfp
