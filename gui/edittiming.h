// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file edittiming.h
/// LFP_EDIT_TIMING=1: each view that follows an edit prints the CPU time of this thread its update
/// took ("edit: budget chart 1.20 ms CPU"), so the parts of one edit add up (docs/performance.md,
/// "Session 12" and "Session 19"). CPU time, not wall time: the machine's load does not count.

#include <QtGlobal>

#include <ctime>

namespace lfp {

class EditLap {
public:
    explicit EditLap(const char* what)
        : m_what(what)
        , m_t0(enabled() ? cpuMs() : 0)
    {
    }
    ~EditLap()
    {
        if (enabled())
            qInfo("edit: %s %.2f ms CPU", m_what, cpuMs() - m_t0);
    }
    EditLap(const EditLap&) = delete;
    EditLap& operator=(const EditLap&) = delete;

    static bool enabled()
    {
        static const bool on = qEnvironmentVariableIsSet("LFP_EDIT_TIMING");
        return on;
    }
    /// This thread's CPU time in milliseconds.
    static double cpuMs()
    {
        timespec t {};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
    }

private:
    const char* m_what;
    double m_t0;
};

} // namespace lfp
