// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file viewjobs.h
/// Waiting for the background work of every view of a window: each view runs its long work through a
/// JobRunner it owns (the budgets, the deadlock analysis, the review, the checks; document/jobrunner.h).
/// `lfp-planner --screenshot` waits with it so that the view pictured shows its finished result, not
/// "Computing…" (issue 30).

class QObject;

namespace lfp::gui {

/// Processes events until no JobRunner under @p root runs, twice in a row with the events in between
/// processed (a finished job, or a view that became visible, can start another). False on timeout.
bool waitForViewJobs(QObject* root, int timeoutMs = 120000);

} // namespace lfp::gui
