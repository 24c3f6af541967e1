// SPDX-License-Identifier: GPL-3.0-or-later
#include "changecommands.h"

#include "fabricdocument.h"
#include "model/fieldaccess.h"

#include <QCoreApplication>

namespace lfp {

namespace {
    FabricChange::Kind kindOf(const std::vector<ObjectRef>& objects, const std::string& field)
    {
        if (field == "name")
            return FabricChange::Kind::Reset; // a rename: every view names the object anew
        for (const auto& o : objects)
            if (o.kind == ObjectRef::Kind::Role || o.kind == ObjectRef::Kind::Policy || (o.kind == ObjectRef::Kind::Port && field == "policy"))
                return FabricChange::Kind::Bindings;
        return FabricChange::Kind::Values;
    }
} // namespace

ChangeValueCommand::ChangeValueCommand(FabricDocument* document, std::vector<ObjectRef> objects, std::string field, std::string value)
    : m_doc(document)
    , m_objects(std::move(objects))
    , m_field(std::move(field))
    , m_after(std::move(value))
{
    const Fabric& f = m_doc->fabric();
    m_before.reserve(m_objects.size());
    Fabric probe = f; // validate every object and the value before anything is pushed
    for (const auto& o : m_objects) {
        m_before.push_back(getField(f, o, m_field));
        setField(probe, o, m_field, m_after);
    }
    const QString what = m_objects.size() == 1 ? QString::fromStdString(m_objects.front().toString())
                                               : QCoreApplication::translate("lfp::ChangeValueCommand", "%n objects", nullptr, int(m_objects.size()));
    setText(QCoreApplication::translate("lfp::ChangeValueCommand", "Set %1 of %2 to %3")
                .arg(QString::fromStdString(m_field), what, m_after.empty() ? QStringLiteral("—") : QString::fromStdString(m_after)));
}

void ChangeValueCommand::set(const std::vector<std::string>& values, bool undoing)
{
    Fabric f = m_doc->fabric();
    std::vector<ObjectRef> now;
    for (std::size_t i = 0; i < m_objects.size(); ++i) {
        // After a rename the object answers to its new name: undo finds it there (fieldaccess.h).
        const ObjectRef target = undoing ? refAfterSet(m_objects[i], m_field, m_after) : m_objects[i];
        setField(f, target, m_field, values[i]);
        now.push_back(refAfterSet(target, m_field, values[i]));
    }
    m_doc->applySnapshot(std::move(f), FabricChange { kindOf(m_objects, m_field), std::move(now), m_field });
}

void ChangeValueCommand::undo() { set(m_before, true); }

void ChangeValueCommand::redo() { set(std::vector<std::string>(m_objects.size(), m_after), false); }

bool ChangeValueCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const ChangeValueCommand*>(other);
    if (o->m_doc != m_doc || o->m_field != m_field || o->m_objects != m_objects)
        return false;
    m_after = o->m_after;
    setText(o->text());
    return true;
}

ReplaceFabricCommand::ReplaceFabricCommand(FabricDocument* document, Fabric after, const QString& text)
    : QUndoCommand(text)
    , m_doc(document)
    , m_before(document->fabric())
    , m_after(std::move(after))
{
}

void ReplaceFabricCommand::undo() { m_doc->applySnapshot(m_before, FabricChange {}); }

void ReplaceFabricCommand::redo() { m_doc->applySnapshot(m_after, FabricChange {}); }

} // namespace lfp
