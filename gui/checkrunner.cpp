// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkrunner.h"

#include "model/feedback.h"
#include "planner/checks.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QEventLoop>
#include <QPointer>

#include <atomic>

namespace lfp::gui {

/// Forwards the checks' progress to the runner's thread (queued; dropped with the runner).
class CheckRunner::JobFeedback : public Feedback {
public:
    JobFeedback(CheckRunner* runner, quint64 generation)
        : m_runner(runner)
        , m_generation(generation)
    {
    }

protected:
    void progressChanged(double percent) override
    {
        const int whole = static_cast<int>(percent);
        if (whole == m_lastWhole.exchange(whole))
            return; // one signal per percent is plenty
        CheckRunner* r = m_runner;
        const quint64 gen = m_generation;
        const QString msg = QString::fromStdString(message());
        QMetaObject::invokeMethod(r, [r, gen, percent, msg] {
            if (gen == r->m_generation && r->m_running)
                emit r->progress(gen, percent, msg);
        }, Qt::QueuedConnection);
    }

private:
    CheckRunner* m_runner;
    quint64 m_generation;
    std::atomic<int> m_lastWhole { -1 };
};

CheckRunner::CheckRunner(QObject* parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(2); // a superseded run may still be unwinding while the next starts
}

CheckRunner::~CheckRunner()
{
    if (m_feedback)
        m_feedback->cancel();
    // Queued deliveries still pending for this object are discarded with it.
    m_pool.waitForDone();
}

quint64 CheckRunner::run(std::shared_ptr<const Fabric> fabric, std::shared_ptr<const AsicCatalog> catalog)
{
    if (m_feedback)
        m_feedback->cancel();
    const quint64 gen = ++m_generation;
    m_running = true;
    if (!fabric) {
        deliver(gen, std::make_shared<std::vector<Finding>>(), {}, false, 0);
        return gen;
    }
    // The fabric's name index is built lazily and is not thread-safe to build: build it here, so that
    // the worker and the GUI only read it.
    (void)fabric->nodeIndex(std::string());
    if (!catalog)
        catalog = std::make_shared<const AsicCatalog>();
    auto feedback = std::make_shared<JobFeedback>(this, gen);
    m_feedback = feedback;
    emit started(gen);
    m_pool.start([this, gen, fabric, catalog, feedback] {
        QElapsedTimer timer;
        timer.start();
        auto findings = std::make_shared<std::vector<Finding>>();
        QString error;
        bool wasCancelled = false;
        try {
            *findings = runAllChecks(*fabric, *catalog, feedback.get());
        } catch (const Cancelled&) {
            wasCancelled = true;
        } catch (const std::exception& e) {
            error = QString::fromUtf8(e.what());
        }
        if (feedback->isCancelled())
            wasCancelled = true;
        const qint64 ms = timer.elapsed();
        QMetaObject::invokeMethod(this, [this, gen, findings, error, wasCancelled, ms] { deliver(gen, findings, error, wasCancelled, ms); },
            Qt::QueuedConnection);
    });
    return gen;
}

void CheckRunner::cancel()
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

void CheckRunner::deliver(quint64 generation, std::shared_ptr<std::vector<Finding>> findings, QString error, bool wasCancelled, qint64 ms)
{
    if (generation != m_generation || wasCancelled) {
        ++m_dropped; // superseded by a newer run (latest edit wins)
        return;
    }
    m_running = false;
    m_feedback.reset();
    m_findings = std::move(*findings);
    m_error = std::move(error);
    m_elapsedMs = ms;
    m_resultGeneration = generation;
    emit finished(generation);
}

bool CheckRunner::waitForIdle(int timeoutMs)
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

} // namespace lfp::gui
