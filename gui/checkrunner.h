// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file checkrunner.h
/// Runs runAllChecks() (planner/checks/checks.h, the function behind `lfp check`) on the document layer's
/// JobRunner (document/jobrunner.h): latest request wins, progress, cancel. This class only keeps the
/// findings of the latest finished run.

#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers these pull in
#include "model/fabric.h"
#include "model/asiccatalog.h"
#include "planner/findings/findings.h"
#endif

#include "document/jobrunner.h"

#include <QObject>

#include <memory>
#include <vector>

namespace lfp::gui {

class CheckRunner : public QObject {
    Q_OBJECT
public:
    explicit CheckRunner(QObject* parent = nullptr);
    /// Cancels the run in progress and waits for its thread.
    ~CheckRunner() override;

    /// Starts checking @p fabric with @p catalog (already merged with the fabric's own profiles);
    /// cancels and supersedes any run in progress. Returns the run's generation.
    quint64 run(std::shared_ptr<const Fabric> fabric, std::shared_ptr<const AsicCatalog> catalog);
    /// Cancels the run in progress (its result is dropped); the findings stay as they were.
    void cancel();

    [[nodiscard]] bool isRunning() const { return m_jobs.isRunning(); }
    /// The generation of the last run() (0 before any).
    [[nodiscard]] quint64 generation() const { return m_jobs.generation(); }
    /// The generation whose findings findings() holds (0 before any finished).
    [[nodiscard]] quint64 resultGeneration() const { return m_jobs.resultGeneration(); }
    [[nodiscard]] const std::vector<Finding>& findings() const { return m_findings; }
    /// Why the last run failed (an exception from the checks); empty when it did not.
    [[nodiscard]] QString error() const { return m_error; }
    /// Wall time of the last finished run.
    [[nodiscard]] qint64 elapsedMs() const { return m_jobs.elapsedMs(); }
    /// Results that arrived after a newer run() had started, and were dropped.
    [[nodiscard]] int droppedResults() const { return m_jobs.droppedResults(); }
    [[nodiscard]] JobRunner& jobs() { return m_jobs; }

    /// Processes events until no run is in progress or @p timeoutMs passed. True when idle.
    bool waitForIdle(int timeoutMs = 60000);

signals:
    void started(quint64 generation);
    void progress(quint64 generation, double percent, const QString& message);
    /// The latest run finished; findings() (or error()) hold its result.
    void finished(quint64 generation);
    /// The latest run was cancelled by cancel() (not by a newer run()).
    void cancelled(quint64 generation);

private:
    JobRunner m_jobs;
    std::vector<Finding> m_findings;
    QString m_error;
};

} // namespace lfp::gui
