// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabricdocument.h"

#include "model/projectstore.h"

#include <ctime>

namespace lfp {

namespace {
    /// This thread's CPU time in milliseconds (LFP_EDIT_TIMING).
    double threadCpuMs()
    {
        timespec t {};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
    }
} // namespace

FabricDocument::FabricDocument(QObject* parent)
    : QObject(parent)
    , m_snapshot(makeSnapshot(Fabric {}))
{
    connect(&m_undo, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
    m_undo.setUndoLimit(kDefaultUndoLimit);
}

void FabricDocument::setUndoLimit(int limit)
{
    if (limit == m_undo.undoLimit())
        return;
    if (m_undo.count() > 0) {
        m_undo.clear(); // QUndoStack::setUndoLimit refuses a non-empty stack
        m_undo.setClean();
    }
    m_undo.setUndoLimit(limit);
}

void FabricDocument::load(const QString& path, std::optional<int> revision)
{
    // One read (model/projectstore.h): the fabric, its revision and the latest revision come from one
    // SQLite read transaction, so a revision committed after it refuses our save (issue 36 F1).
    LoadedFabric l = loadFabricFileWithRevision(path.toStdString(), revision); // throws before anything changes
    reset(std::move(l.fabric), path, l.revision, l.latest);
}

void FabricDocument::reset(Fabric fabric, const QString& path, std::optional<int> revision, std::optional<int> latestAtRead)
{
    m_snapshot = makeSnapshot(std::move(fabric));
    const bool pathChanged = path != m_path;
    m_path = path;
    m_revision = revision;
    m_readLatest = path.isEmpty() ? std::nullopt : (latestAtRead ? latestAtRead : revision);
    m_selection.clear();
    m_undo.clear();
    m_undo.setClean();
    emit changed(FabricChange {});
    emit selectionChanged();
    if (pathChanged)
        emit fileChanged(m_path);
}

int FabricDocument::save(const QString& path, const QString& message, const QString& author)
{
    // Saving back to the project it was read from passes the latest revision seen then, so that a
    // revision another program saved in between refuses the save (no lost update, docs/reliability.md).
    const bool pathChanged = path != m_path;
    const std::optional<int> basedOn = pathChanged ? std::nullopt : m_readLatest;
    const int rev = saveFabricFile(fabric(), path.toStdString(), message.toStdString(), author.toStdString(), basedOn);
    m_path = path;
    m_revision = rev > 0 ? std::optional<int>(rev) : std::nullopt; // a .json has no revisions
    m_readLatest = m_revision;
    m_undo.setClean();
    if (pathChanged)
        emit fileChanged(m_path);
    return rev;
}

std::optional<ObjectRef> FabricDocument::currentObject() const
{
    return m_selection.empty() ? std::nullopt : std::optional<ObjectRef>(m_selection.front());
}

void FabricDocument::setSelection(std::vector<ObjectRef> selection)
{
    if (selection == m_selection)
        return;
    m_selection = std::move(selection);
    emit selectionChanged();
}

void FabricDocument::applySnapshot(Fabric fabric, FabricChange change)
{
    // A rename (a field "name") moves a name in the index's sorted maps: that one is indexed afresh.
    const bool values = !change.isStructural() && change.field != "name";
    install(values ? makeSnapshot(std::move(fabric), m_snapshot) : makeSnapshot(std::move(fabric)), std::move(change));
}

void FabricDocument::applySnapshot(FabricSnapshot snapshot, FabricChange change) { install(std::move(snapshot), std::move(change)); }

void FabricDocument::install(FabricSnapshot snapshot, FabricChange change)
{
    static const bool timing = qEnvironmentVariableIsSet("LFP_EDIT_TIMING"); // docs/performance.md, "Session 12"
    const double t0 = timing ? threadCpuMs() : 0;
    std::swap(m_snapshot, snapshot);
    snapshot = {}; // the previous snapshot goes here unless a job or an undo step still shares it
    const double t1 = timing ? threadCpuMs() : 0;
    const bool structural = change.isStructural();
    emit changed(change);
    if (timing)
        qInfo("edit: previous snapshot released %.2f ms CPU, views %.2f ms CPU", t1 - t0, threadCpuMs() - t1);
    if (structural)
        dropRemovedFromSelection(); // after the views saw the change, so that they can still name them
}

void FabricDocument::dropRemovedFromSelection()
{
    const FabricIndex& ix = index();
    auto gone = [&ix](const ObjectRef& o) {
        switch (o.kind) {
        case ObjectRef::Kind::Node:
            return !ix.node(o.node);
        case ObjectRef::Kind::Port:
            return !ix.port(o.endpoint());
        case ObjectRef::Kind::Link:
            return !ix.linkAt(o.endpoint());
        case ObjectRef::Kind::Policy:
            return !ix.findPolicy(o.name);
        case ObjectRef::Kind::Role:
            return false;
        }
        return false;
    };
    std::vector<ObjectRef> kept = m_selection;
    std::erase_if(kept, gone);
    setSelection(std::move(kept));
}

} // namespace lfp
