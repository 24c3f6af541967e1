// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file clirun.h
/// Runs the `lfp` command line from a test, as scripts call it: the exit status, stdout and stderr.
/// The test target defines LFP_CLI_PATH (tests/CMakeLists.txt).
#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace lfptest {

struct CliResult {
    int code = -1; ///< exit status; -1 when it did not finish in time, -2 when it crashed
    QByteArray out;
    QByteArray err;
    [[nodiscard]] QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
};

/// `lfp ARGS` in @p workingDir (default: the test's), waiting at most @p timeoutMs.
inline CliResult runLfp(const QStringList& args, const QString& workingDir = {}, int timeoutMs = 120000)
{
    QProcess p;
    if (!workingDir.isEmpty())
        p.setWorkingDirectory(workingDir);
    p.start(QStringLiteral(LFP_CLI_PATH), args);
    if (!p.waitForFinished(timeoutMs))
        return {};
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, p.readAllStandardOutput(), p.readAllStandardError() };
}

} // namespace lfptest
