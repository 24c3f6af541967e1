// SPDX-License-Identifier: GPL-3.0-or-later
#include "structurecommands.h"

#include "fabricdocument.h"
#include "model/fieldaccess.h"
#include "model/structureedit.h"
#include "model/units.h"

#include <QCoreApplication>

#include <stdexcept>

namespace lfp {

// The undo command names are translated in context "lfp::StructureCommand" (lupdate reads document/,
// gui/CMakeLists.txt), when the command is made: the GUI installs its translator before any edit.
namespace {
    QString q(const std::string& s) { return QString::fromStdString(s); }
} // namespace

StructureCommand::StructureCommand(FabricDocument* document)
    : m_doc(document)
    , m_before(document->snapshot())
{
}

void StructureCommand::setAfter(Fabric after, std::vector<ObjectRef> objects, FabricChange::Kind kind)
{
    m_after = makeSnapshot(std::move(after));
    m_objects = std::move(objects);
    m_kind = kind;
}

// A structural change is announced as Added or Removed naming the objects (not a Reset): the views
// that index by position rebuild, keeping the diagram's zoom, the expanded pods and the findings.
void StructureCommand::undo()
{
    const auto opposite = m_kind == FabricChange::Kind::Added ? FabricChange::Kind::Removed : FabricChange::Kind::Added;
    m_doc->applySnapshot(m_before, FabricChange { opposite, m_objects, {} });
}

void StructureCommand::redo() { m_doc->applySnapshot(m_after, FabricChange { m_kind, m_objects, {} }); }

AddNodeCommand::AddNodeCommand(FabricDocument* document, Node node, const FieldValues& fields)
    : StructureCommand(document)
{
    Fabric f = document->fabric();
    const std::string name = node.name;
    const bool isSwitch = node.isSwitch();
    const std::size_t ports = node.ports.size();
    addNode(f, std::move(node));
    const ObjectRef ref = ObjectRef::forNode(name);
    for (const auto& [field, value] : fields)
        setField(f, ref, field, value);
    setText((isSwitch ? QCoreApplication::translate("lfp::StructureCommand", "Add switch %1 (%n port(s))", nullptr, int(ports))
                      : QCoreApplication::translate("lfp::StructureCommand", "Add host %1 (%n port(s))", nullptr, int(ports)))
                .arg(q(name)));
    setAfter(std::move(f), { ref }, FabricChange::Kind::Added);
}

AddPortCommand::AddPortCommand(FabricDocument* document, const Endpoint& port, const FieldValues& fields)
    : StructureCommand(document)
{
    Fabric f = document->fabric();
    Port p;
    p.name = port.port;
    const Node* n = f.findNode(port.node);
    const bool hasSpeed = std::any_of(fields.begin(), fields.end(), [](const auto& fv) { return fv.first == "speed"; });
    if (n && !n->ports.empty()) {
        const Port& like = n->ports.front();
        p.speed = like.speed;
        p.lanes = like.lanes;
        p.mtu = like.mtu;
        p.fec = like.fec;
    } else if (n && !hasSpeed) {
        throw std::invalid_argument(port.node + " has no port to copy the speed from: give speed=…");
    }
    addPort(f, port.node, std::move(p));
    const ObjectRef ref = ObjectRef::forPort(port);
    for (const auto& [field, value] : fields)
        setField(f, ref, field, value);
    setText(QCoreApplication::translate("lfp::StructureCommand", "Add port %1").arg(q(ref.toString())));
    setAfter(std::move(f), { ref }, FabricChange::Kind::Added);
}

AddLinkCommand::AddLinkCommand(FabricDocument* document, const Endpoint& a, const Endpoint& b, const FieldValues& fields)
    : StructureCommand(document)
{
    Fabric f = document->fabric();
    Link l;
    l.a = a;
    l.b = b;
    l.length = Metres { 3.0 }; // the default of a new link: a 3 m DAC, the common in-rack cable
    l.medium = Medium::Dac;
    addLink(f, std::move(l));
    const ObjectRef ref = ObjectRef::forLink(a);
    for (const auto& [field, value] : fields) {
        if (field == "speed") {
            setField(f, ObjectRef::forPort(a), field, value);
            setField(f, ObjectRef::forPort(b), field, value);
        } else {
            setField(f, ref, field, value);
        }
    }
    setText(QCoreApplication::translate("lfp::StructureCommand", "Add link %1:%2 – %3:%4").arg(q(a.node), q(a.port), q(b.node), q(b.port)));
    setAfter(std::move(f), { ref }, FabricChange::Kind::Added);
}

RemoveObjectsCommand::RemoveObjectsCommand(FabricDocument* document, const std::vector<ObjectRef>& objects)
    : StructureCommand(document)
{
    if (objects.empty())
        throw std::invalid_argument("nothing to remove");
    Fabric f = document->fabric();
    m_removed = removeObjects(f, objects);
    setText(objects.size() == 1 ? QCoreApplication::translate("lfp::StructureCommand", "Remove %1").arg(q(objects.front().toString()))
                                : QCoreApplication::translate("lfp::StructureCommand", "Remove %n object(s)", nullptr, int(objects.size())));
    setAfter(std::move(f), objects, FabricChange::Kind::Removed);
}

} // namespace lfp
