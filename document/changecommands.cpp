// SPDX-License-Identifier: GPL-3.0-or-later
#include "changecommands.h"

#include "fabricdocument.h"
#include "model/fieldaccess.h"

#include <QCoreApplication>

namespace lfp {

namespace {
    /// Which views care: a policy's field (Policies), a binding or override (Bindings), else Values.
    FabricChange::Kind kindOf(const std::vector<ObjectRef>& objects, const std::string& field)
    {
        if (field == "name")
            return FabricChange::Kind::Reset; // a rename: every view names the object anew
        for (const auto& o : objects)
            if (o.kind == ObjectRef::Kind::Policy)
                return FabricChange::Kind::Policies;
        for (const auto& o : objects)
            if (o.kind == ObjectRef::Kind::Role || (o.kind == ObjectRef::Kind::Port && field == "policy"))
                return FabricChange::Kind::Bindings;
        return FabricChange::Kind::Values;
    }

    std::size_t textBytes(const std::string& s) { return s.capacity() > 15 ? s.capacity() + 1 : 0; } // beyond the short-string buffer
} // namespace

ChangeValueCommand::ChangeValueCommand(FabricDocument* document, std::vector<ObjectRef> objects, std::string field, std::string value)
    : m_doc(document)
    , m_objects(std::move(objects))
    , m_field(std::move(field))
    , m_kind(kindOf(m_objects, m_field))
    , m_basis(document->snapshot().fabric)
{
    const Fabric& f = m_doc->fabric();
    // The one copy of the fabric: every object and the value are validated on it, and it becomes the
    // next snapshot when the command is pushed (redo()), with the current index's ids reused.
    Fabric next = f;
    if (std::any_of(m_objects.begin(), m_objects.end(), [](const ObjectRef& o) { return o.kind == ObjectRef::Kind::Role; }))
        m_bindingsBefore = f.bindings;
    m_before.reserve(m_objects.size());
    m_after.reserve(m_objects.size());
    for (const auto& o : m_objects) {
        m_before.push_back(getField(f, o, m_field));
        setField(next, o, m_field, value);
        // The canonical form ("300 m" → "300m"), read where the object now is (a rename moves it).
        m_after.push_back(getField(next, refAfterSet(o, m_field, value), m_field));
    }
    if (m_after == m_before)
        setObsolete(true); // nothing changes: QUndoStack::push drops it without a step
    else
        m_prepared = m_field == "name" ? makeSnapshot(std::move(next)) : makeSnapshot(std::move(next), m_doc->snapshot()); // a rename: indexed afresh
    updateText();
}

void ChangeValueCommand::updateText()
{
    const QString what = m_objects.size() == 1 ? QString::fromStdString(m_objects.front().toString())
                                               : QCoreApplication::translate("lfp::ChangeValueCommand", "%n objects", nullptr, int(m_objects.size()));
    const std::string& after = m_after.empty() ? std::string() : m_after.front();
    setText(QCoreApplication::translate("lfp::ChangeValueCommand", "Set %1 of %2 to %3")
                .arg(QString::fromStdString(m_field), what, after.empty() ? QStringLiteral("—") : QString::fromStdString(after)));
}

void ChangeValueCommand::set(const std::vector<std::string>& values, bool undoing)
{
    Fabric f = m_doc->fabric();
    std::vector<ObjectRef> now;
    for (std::size_t i = 0; i < m_objects.size(); ++i) {
        // After a rename the object answers to its new name: undo finds it there (fieldaccess.h).
        const ObjectRef target = undoing ? refAfterSet(m_objects[i], m_field, m_after[i]) : m_objects[i];
        setField(f, target, m_field, values[i]);
        now.push_back(refAfterSet(target, m_field, values[i]));
    }
    if (undoing && m_bindingsBefore)
        f.bindings = *m_bindingsBefore; // the same bindings, in their former order
    m_doc->applySnapshot(std::move(f), FabricChange { m_kind, std::move(now), m_field });
}

void ChangeValueCommand::undo() { set(m_before, true); }

void ChangeValueCommand::redo()
{
    if (m_prepared) {
        FabricSnapshot next = std::move(*m_prepared);
        m_prepared.reset();
        if (m_doc->snapshot().fabric == m_basis) { // nothing changed since it was validated
            m_basis.reset();
            m_doc->applySnapshot(std::move(next), FabricChange { m_kind, refsAfter(m_after), m_field });
            return;
        }
    }
    m_basis.reset();
    set(m_after, false);
}

std::vector<ObjectRef> ChangeValueCommand::refsAfter(const std::vector<std::string>& values) const
{
    std::vector<ObjectRef> out;
    out.reserve(m_objects.size());
    for (std::size_t i = 0; i < m_objects.size(); ++i)
        out.push_back(refAfterSet(m_objects[i], m_field, values[i]));
    return out;
}

bool ChangeValueCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const ChangeValueCommand*>(other);
    if (o->m_doc != m_doc || o->m_field != m_field || o->m_objects != m_objects)
        return false;
    m_after = o->m_after;
    // Back where it started ("3m" → "30m" → "3m"): no step at all; QUndoStack deletes an obsolete
    // command after the merge and moves its index back, so the clean state returns too.
    setObsolete(m_after == m_before);
    updateText();
    return true;
}

std::size_t ChangeValueCommand::memoryBytes() const
{
    std::size_t bytes = sizeof(*this) + m_objects.capacity() * sizeof(ObjectRef) + textBytes(m_field);
    for (const ObjectRef& o : m_objects)
        bytes += textBytes(o.node) + textBytes(o.port) + textBytes(o.name);
    for (const auto* texts : { &m_before, &m_after }) {
        bytes += texts->capacity() * sizeof(std::string);
        for (const std::string& t : *texts)
            bytes += textBytes(t);
    }
    if (m_prepared) // only until the push installs it
        bytes += sizeof(Fabric);
    return bytes;
}

ReplaceFabricCommand::ReplaceFabricCommand(FabricDocument* document, Fabric after, const QString& text)
    : QUndoCommand(text)
    , m_doc(document)
    , m_before(document->snapshot())
    , m_after(makeSnapshot(std::move(after)))
{
}

void ReplaceFabricCommand::undo() { m_doc->applySnapshot(m_before, FabricChange {}); }

void ReplaceFabricCommand::redo() { m_doc->applySnapshot(m_after, FabricChange {}); }

} // namespace lfp
