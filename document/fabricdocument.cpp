// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabricdocument.h"

#include "model/projectstore.h"

namespace lfp {

FabricDocument::FabricDocument(QObject* parent)
    : QObject(parent)
    , m_snapshot(makeSnapshot(Fabric {}))
{
    connect(&m_undo, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
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

void FabricDocument::setSelection(std::vector<ObjectRef> selection)
{
    if (selection == m_selection)
        return;
    m_selection = std::move(selection);
    emit selectionChanged();
}

void FabricDocument::applySnapshot(Fabric fabric, FabricChange change)
{
    m_snapshot = makeSnapshot(std::move(fabric));
    emit changed(change);
}

} // namespace lfp
