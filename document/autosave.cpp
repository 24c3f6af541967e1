// SPDX-License-Identifier: GPL-3.0-or-later
#include "autosave.h"

#include "changecommands.h"
#include "fabricdocument.h"
#include "model/errors.h"
#include "model/fabricjson.h"
#include "model/fileio.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>

#include <algorithm>
#include <cerrno>
#include <csignal>

namespace lfp {

namespace {
    QString absolute(const QString& path) { return path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath(); }

    /// Whether process @p pid still runs (signal 0 probes without sending; EPERM: it runs as another user).
    bool processRuns(qint64 pid)
    {
        if (pid <= 0)
            return false;
        if (pid == QCoreApplication::applicationPid())
            return true;
        return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
    }

    std::optional<Recovery> readMeta(const QString& metaFile)
    {
        QFile f(metaFile);
        if (!f.open(QIODevice::ReadOnly) || f.size() > (1 << 20))
            return std::nullopt;
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        if (o.value(QStringLiteral("format")).toString() != QStringLiteral("lfp-recovery"))
            return std::nullopt;
        Recovery r;
        r.metaFile = metaFile;
        r.fabricFile = metaFile.chopped(int(sizeof(".meta.json") - 1)) + QStringLiteral(".json");
        r.projectPath = o.value(QStringLiteral("project")).toString();
        if (o.contains(QStringLiteral("base_revision")))
            r.baseRevision = o.value(QStringLiteral("base_revision")).toInt();
        r.pid = static_cast<qint64>(o.value(QStringLiteral("pid")).toDouble());
        r.savedAt = QDateTime::fromString(o.value(QStringLiteral("saved_at")).toString(), Qt::ISODate);
        r.edits = o.value(QStringLiteral("edits")).toInt();
        if (!QFileInfo::exists(r.fabricFile))
            return std::nullopt;
        return r;
    }
} // namespace

QString RecoveryStore::directory()
{
    QString dir = qEnvironmentVariable("LFP_RECOVERY_DIR");
    if (dir.isEmpty())
        dir = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/lfp-planner/recovery"); // the GUI's and the CLI's
    QDir().mkpath(dir);
    return dir;
}

QString RecoveryStore::keyFor(const QString& projectPath, qint64 pid)
{
    if (projectPath.isEmpty())
        return QStringLiteral("untitled-%1").arg(pid);
    // Per process: two windows (or a crashed one and its successor) on one project never share a file.
    const QByteArray h = QCryptographicHash::hash(absolute(projectPath).toUtf8(), QCryptographicHash::Sha1).toHex().left(12);
    return QStringLiteral("%1-%2-%3").arg(QFileInfo(projectPath).completeBaseName().left(40), QString::fromLatin1(h)).arg(pid);
}

std::vector<Recovery> RecoveryStore::orphaned(const QString& projectPath)
{
    std::vector<Recovery> out;
    const QDir dir(directory());
    const QString want = absolute(projectPath);
    for (const QFileInfo& fi : dir.entryInfoList({ QStringLiteral("*.meta.json") }, QDir::Files)) {
        auto r = readMeta(fi.absoluteFilePath());
        if (!r || processRuns(r->pid))
            continue;
        if (!want.isEmpty() && absolute(r->projectPath) != want)
            continue;
        out.push_back(std::move(*r));
    }
    std::sort(out.begin(), out.end(), [](const Recovery& a, const Recovery& b) { return a.savedAt > b.savedAt; });
    return out;
}

Fabric RecoveryStore::read(const Recovery& r)
{
    const std::string path = r.fabricFile.toStdString();
    return fabricFromJsonText(readWholeFile(path), path);
}

void RecoveryStore::discard(const Recovery& r)
{
    QFile::remove(r.fabricFile);
    QFile::remove(r.metaFile);
}

void RecoveryStore::restore(FabricDocument& doc, const Recovery& r)
{
    Fabric f = read(r); // throws before anything changes
    doc.undoStack()->push(new ReplaceFabricCommand(&doc, std::move(f),
        QCoreApplication::translate("lfp::RecoveryStore", "Recover unsaved changes (autosaved %1)").arg(r.savedAt.toLocalTime().toString(Qt::ISODate))));
    discard(r);
}

// ------------------------------------------------------------------------------------------------

Autosaver::Autosaver(FabricDocument* doc, int delayMs, QObject* parent)
    : QObject(parent)
    , m_doc(doc)
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(delayMs);
    connect(&m_timer, &QTimer::timeout, this, &Autosaver::autosaveNow);
    connect(doc, &FabricDocument::changed, this, &Autosaver::onChanged);
    connect(doc, &FabricDocument::modifiedChanged, this, [this](bool modified) {
        if (modified)
            onChanged();
        else
            removeRecovery(); // saved, or undone back to the saved state
    });
    connect(doc, &FabricDocument::fileChanged, this, [this] {
        removeRecovery();
        retarget();
    });
    retarget();
}

Autosaver::~Autosaver() { removeRecovery(); }

void Autosaver::retarget()
{
    const QString key = RecoveryStore::keyFor(m_doc->filePath(), QCoreApplication::applicationPid());
    const QString dir = RecoveryStore::directory();
    m_fabricFile = dir + QLatin1Char('/') + key + QStringLiteral(".json");
    m_metaFile = dir + QLatin1Char('/') + key + QStringLiteral(".meta.json");
}

void Autosaver::onChanged()
{
    if (m_doc->isModified())
        m_timer.start(); // restarts: the write follows the last edit of a burst
}

void Autosaver::autosaveNow()
{
    m_timer.stop();
    if (!m_doc->isModified())
        return;
    try {
        // The fabric first, then the meta file that makes it a recovery: a crash between the two
        // leaves no half recovery (orphaned() needs both).
        writeFileAtomically(m_fabricFile.toStdString(), fabricToJsonText(m_doc->fabric()));
        QJsonObject meta {
            { QStringLiteral("format"), QStringLiteral("lfp-recovery") },
            { QStringLiteral("version"), 1 },
            { QStringLiteral("project"), absolute(m_doc->filePath()) },
            { QStringLiteral("pid"), static_cast<double>(QCoreApplication::applicationPid()) },
            { QStringLiteral("saved_at"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate) },
            { QStringLiteral("edits"), m_doc->undoStack()->index() - std::max(0, m_doc->undoStack()->cleanIndex()) },
        };
        if (m_doc->revision())
            meta.insert(QStringLiteral("base_revision"), *m_doc->revision());
        writeFileAtomically(m_metaFile.toStdString(), QJsonDocument(meta).toJson(QJsonDocument::Indented).toStdString());
        ++m_writes;
        m_lastError.clear();
        emit autosaved(m_fabricFile);
    } catch (const std::exception& e) {
        m_lastError = QString::fromUtf8(e.what()); // a full disk must not interrupt editing
    }
}

void Autosaver::removeRecovery()
{
    m_timer.stop();
    if (!m_fabricFile.isEmpty()) {
        QFile::remove(m_metaFile);
        QFile::remove(m_fabricFile);
    }
}

} // namespace lfp
