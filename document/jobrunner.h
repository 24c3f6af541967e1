// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file jobrunner.h
/// One runner for long work off the GUI thread: loading, checks, the deadlock analysis, exports.
/// Latest request wins (after KDAB/hotspot's JobTracker): every run() takes a new generation number and
/// cancels the run before it through lfp::Feedback (model/feedback.h); a result whose generation is no
/// longer the latest is dropped, so a quick sequence of edits shows only the result of the last one.
/// Progress arrives queued on the runner's thread; cancel() drops the run in progress.

#include "model/feedback.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QThreadPool>

#include <any>
#include <functional>
#include <memory>

namespace lfp {

class JobRunner : public QObject {
    Q_OBJECT
public:
    /// The work: runs on a worker thread, checks feedback->checkCancelled() (or isCancelled()) and
    /// reports progress through it; returns its result (or throws: the message becomes error()).
    using Job = std::function<std::any(Feedback* feedback)>;

    explicit JobRunner(QObject* parent = nullptr);
    /// Cancels the run in progress and waits for its thread.
    ~JobRunner() override;

    /// Starts @p job, cancelling and superseding any run in progress. Returns the run's generation.
    quint64 run(const QString& name, Job job);
    /// Cancels the run in progress (its result is dropped); the last result stays.
    void cancel();

    [[nodiscard]] bool isRunning() const { return m_running; }
    [[nodiscard]] QString currentName() const { return m_name; }
    [[nodiscard]] quint64 generation() const { return m_generation; }
    /// The generation whose result result() holds (0 before any finished).
    [[nodiscard]] quint64 resultGeneration() const { return m_resultGeneration; }
    [[nodiscard]] const std::any& result() const { return m_result; }
    /// Why the last finished run failed (its exception's message); empty when it did not.
    [[nodiscard]] QString error() const { return m_error; }
    [[nodiscard]] qint64 elapsedMs() const { return m_elapsedMs; }
    /// Results that arrived after a newer run() had started (or a cancel()), and were dropped.
    [[nodiscard]] int droppedResults() const { return m_dropped; }

    /// Processes events until no run is in progress or @p timeoutMs passed. True when idle.
    bool waitForIdle(int timeoutMs = 60000);

signals:
    void started(quint64 generation, const QString& name);
    void progress(quint64 generation, double percent, const QString& message);
    /// The run's structured progress (Feedback::setSteps): @p phase ("failure sets"), @p done of
    /// @p total units (@p unit: "sets", "destinations"); front ends add their own time estimate.
    void steps(quint64 generation, const QString& phase, qulonglong done, qulonglong total, const QString& unit);
    /// The latest run finished; result() (or error()) holds its outcome.
    void finished(quint64 generation);
    /// The latest run was cancelled by cancel() (not by a newer run()).
    void cancelled(quint64 generation);

private:
    class JobFeedback;
    void deliver(quint64 generation, std::shared_ptr<std::any> result, QString error, bool wasCancelled, qint64 ms);

    QThreadPool m_pool;
    quint64 m_generation = 0;
    quint64 m_resultGeneration = 0;
    bool m_running = false;
    QString m_name;
    std::shared_ptr<JobFeedback> m_feedback;
    std::any m_result;
    QString m_error;
    qint64 m_elapsedMs = 0;
    int m_dropped = 0;
};

} // namespace lfp
