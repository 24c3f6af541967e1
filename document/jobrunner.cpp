// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobrunner.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QEventLoop>

#include <atomic>

namespace lfp {

/// Forwards a job's progress to the runner's thread (queued; one signal per whole percent).
class JobRunner::JobFeedback : public Feedback {
public:
    JobFeedback(JobRunner* runner, quint64 generation)
        : m_runner(runner)
        , m_generation(generation)
    {
    }

protected:
    void progressChanged(double percent) override
    {
        const int whole = static_cast<int>(percent);
        if (whole == m_lastWhole.exchange(whole))
            return;
        JobRunner* r = m_runner;
        const quint64 gen = m_generation;
        const QString msg = QString::fromStdString(message());
        QMetaObject::invokeMethod(r, [r, gen, percent, msg] {
            if (gen == r->m_generation && r->m_running)
                emit r->progress(gen, percent, msg);
        }, Qt::QueuedConnection);
    }

    void stepsChanged(const std::string& phase, std::size_t done, std::size_t total, const char* unit) override
    {
        JobRunner* r = m_runner;
        const quint64 gen = m_generation;
        const QString ph = QString::fromStdString(phase);
        const QString un = QString::fromUtf8(unit ? unit : "");
        QMetaObject::invokeMethod(r, [r, gen, ph, done, total, un] {
            if (gen == r->m_generation && r->m_running)
                emit r->steps(gen, ph, static_cast<qulonglong>(done), static_cast<qulonglong>(total), un);
        }, Qt::QueuedConnection);
    }

private:
    JobRunner* m_runner;
    quint64 m_generation;
    std::atomic<int> m_lastWhole { -1 };
};

JobRunner::JobRunner(QObject* parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(2); // a superseded run may still be unwinding while the next starts
}

JobRunner::~JobRunner()
{
    if (m_feedback)
        m_feedback->cancel();
    m_pool.waitForDone(); // queued deliveries still pending for this object are discarded with it
}

quint64 JobRunner::run(const QString& name, Job job)
{
    if (m_feedback)
        m_feedback->cancel();
    const quint64 gen = ++m_generation;
    m_running = true;
    m_name = name;
    auto feedback = std::make_shared<JobFeedback>(this, gen);
    m_feedback = feedback;
    emit started(gen, name);
    m_pool.start([this, gen, job = std::move(job), feedback] {
        QElapsedTimer timer;
        timer.start();
        auto result = std::make_shared<std::any>();
        QString error;
        bool wasCancelled = false;
        try {
            *result = job(feedback.get());
        } catch (const Cancelled&) {
            wasCancelled = true;
        } catch (const std::exception& e) {
            error = QString::fromUtf8(e.what());
        }
        if (feedback->isCancelled())
            wasCancelled = true;
        const qint64 ms = timer.elapsed();
        QMetaObject::invokeMethod(this, [this, gen, result, error, wasCancelled, ms] { deliver(gen, result, error, wasCancelled, ms); },
            Qt::QueuedConnection);
    });
    return gen;
}

void JobRunner::cancel()
{
    if (!m_running)
        return;
    if (m_feedback)
        m_feedback->cancel();
    const quint64 gen = m_generation;
    ++m_generation; // whatever is still under way is now stale
    m_running = false;
    m_feedback.reset();
    emit cancelled(gen);
}

void JobRunner::deliver(quint64 generation, std::shared_ptr<std::any> result, QString error, bool wasCancelled, qint64 ms)
{
    if (generation != m_generation || wasCancelled) {
        ++m_dropped; // superseded by a newer run, or cancelled
        return;
    }
    m_running = false;
    m_feedback.reset();
    m_result = std::move(*result);
    m_error = std::move(error);
    m_elapsedMs = ms;
    m_resultGeneration = generation;
    emit finished(generation);
}

bool JobRunner::waitForIdle(int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (m_running && !deadline.hasExpired()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        if (m_running)
            m_pool.waitForDone(5); // let the worker run instead of spinning
    }
    QCoreApplication::processEvents();
    return !m_running;
}

} // namespace lfp
