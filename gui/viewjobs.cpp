// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/viewjobs.h"

#include "document/jobrunner.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QObject>

#include <algorithm>

namespace lfp::gui {

bool waitForViewJobs(QObject* root, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    int quiet = 0;
    while (quiet < 2) {
        QCoreApplication::processEvents();
        bool running = false;
        for (JobRunner* r : root->findChildren<JobRunner*>()) {
            if (!r->isRunning())
                continue;
            running = true;
            if (!r->waitForIdle(static_cast<int>(std::max<qint64>(deadline.remainingTime(), 0))))
                return false;
        }
        if (running && deadline.hasExpired())
            return false;
        quiet = running ? 0 : quiet + 1;
    }
    return true;
}

} // namespace lfp::gui
