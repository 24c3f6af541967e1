// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file checkrunner.h
/// Runs runAllChecks() (planner/checks.h, the function behind `lfp check`) on a worker thread.
/// Latest request wins: every run() takes a new generation number and cancels the run before it
/// (through lfp::Feedback); a result whose generation is no longer the latest is dropped (as in
/// KDAB/hotspot's JobTracker), so a quick sequence of edits shows only the findings of the last one.

#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers these pull in
#include "model/fabric.h"
#include "planner/asiccatalog.h"
#include "planner/findings.h"
#endif

#include <QElapsedTimer>
#include <QObject>
#include <QThreadPool>

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

    [[nodiscard]] bool isRunning() const { return m_running; }
    /// The generation of the last run() (0 before any).
    [[nodiscard]] quint64 generation() const { return m_generation; }
    /// The generation whose findings findings() holds (0 before any finished).
    [[nodiscard]] quint64 resultGeneration() const { return m_resultGeneration; }
    [[nodiscard]] const std::vector<Finding>& findings() const { return m_findings; }
    /// Why the last run failed (an exception from the checks); empty when it did not.
    [[nodiscard]] QString error() const { return m_error; }
    /// Wall time of the last finished run.
    [[nodiscard]] qint64 elapsedMs() const { return m_elapsedMs; }
    /// Results that arrived after a newer run() had started, and were dropped.
    [[nodiscard]] int droppedResults() const { return m_dropped; }

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
    class JobFeedback;
    void deliver(quint64 generation, std::shared_ptr<std::vector<Finding>> findings, QString error, bool wasCancelled, qint64 ms);

    QThreadPool m_pool;
    quint64 m_generation = 0;
    quint64 m_resultGeneration = 0;
    bool m_running = false;
    std::shared_ptr<JobFeedback> m_feedback;
    std::vector<Finding> m_findings;
    QString m_error;
    qint64 m_elapsedMs = 0;
    int m_dropped = 0;
};

} // namespace lfp::gui
