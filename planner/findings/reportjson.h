// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file reportjson.h
/// The one JSON encoding of reports, used by every command with --json (and by exporters and the
/// review): findings (findingsjson.h), headroom terms and switch budgets. One number rule: a whole
/// number is written as an integer (9100, not 9100.0), anything else as a double, a non-finite value
/// as null.

#include "planner/buffer/budget.h"
#include "planner/findings/findingsjson.h"
#include "planner/buffer/headroom.h"

#include <nlohmann/json.hpp>

namespace lfp {

/// The number rule above.
nlohmann::json jsonNumber(double v);

/// The terms of a headroom result: [{name, value, unit, formula, source}].
nlohmann::json headroomTermsToJson(const HeadroomResult& r);
/// A switch's budget: totals, lines, pools and ports (the form `lfp budget --json` prints per switch).
nlohmann::json budgetToJson(const SwitchBudget& b);

} // namespace lfp
