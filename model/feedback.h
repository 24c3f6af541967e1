// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file feedback.h
/// Progress and cancellation for long work, passed into pure algorithms (after QGIS's QgsFeedback).
/// The same function then runs in the GUI (progress bar, Cancel button), the CLI (a console line) and
/// tests (nullptr, or a Feedback that cancels at a chosen point). Thread-safe.

#include <atomic>
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>

namespace lfp {

class Feedback {
public:
    virtual ~Feedback() = default;

    /// Asks the work to stop at its next check. Safe from any thread.
    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
    [[nodiscard]] bool isCancelled() const { return m_cancelled.load(std::memory_order_relaxed); }

    /// Progress 0..100. Calls onProgress only when the value moved by at least 0.1.
    void setProgress(double percent)
    {
        const double old = m_progress.load(std::memory_order_relaxed);
        if (percent < old + 0.1 && percent < 100.0 && percent > old - 0.1)
            return;
        m_progress.store(percent, std::memory_order_relaxed);
        progressChanged(percent);
    }
    [[nodiscard]] double progress() const { return m_progress.load(std::memory_order_relaxed); }

    void setMessage(const std::string& message)
    {
        {
            std::lock_guard lock(m_mutex);
            m_message = message;
        }
        messageChanged(message);
    }
    [[nodiscard]] std::string message() const
    {
        std::lock_guard lock(m_mutex);
        return m_message;
    }

    /// Structured progress of long runs: the phase ("routing", "failure sets", …), the units done of
    /// the phase's total and what a unit is ("sets", "destinations"). Front ends show it with their own
    /// estimate of the time left (elapsed in the phase × (total − done) / done). Cheap to call often:
    /// stepsChanged fires when the phase changes or done moved by ≥ 1/1000 of total (and at the end).
    void setSteps(const std::string& phase, std::size_t done, std::size_t total, const char* unit = "steps")
    {
        {
            std::lock_guard lock(m_mutex);
            const bool samePhase = phase == m_phase;
            const std::size_t step = total / 1000 + 1;
            if (samePhase && done < total && done < m_lastDone + step && done >= m_lastDone)
                return;
            m_phase = phase;
            m_lastDone = done;
        }
        stepsChanged(phase, done, total, unit);
    }

protected:
    /// Hooks for front ends; called on the worker's thread.
    virtual void progressChanged(double) { }
    virtual void messageChanged(const std::string&) { }
    virtual void stepsChanged(const std::string& /*phase*/, std::size_t /*done*/, std::size_t /*total*/, const char* /*unit*/) { }

private:
    std::atomic<bool> m_cancelled { false };
    std::atomic<double> m_progress { 0.0 };
    mutable std::mutex m_mutex;
    std::string m_message;
    std::string m_phase;
    std::size_t m_lastDone = 0;
};

/// Thrown by work that noticed a cancel request.
struct Cancelled {
};

/// Convenience for algorithms: throws Cancelled when @p f asks to stop; accepts nullptr.
inline void checkCancelled(const Feedback* f)
{
    if (f && f->isCancelled())
        throw Cancelled {};
}

} // namespace lfp
