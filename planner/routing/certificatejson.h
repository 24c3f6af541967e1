// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file certificatejson.h
/// The JSON form of a deadlock-freedom certificate (certificate.h): the object `lfp deadlock --certify K
/// --json` prints under "certificate" (a contract, docs/deadlock.md), also the review's
/// `impact.certificate.before/after` (docs/review.md).

#include "planner/routing/certificate.h"

#include <nlohmann/json.hpp>

namespace lfp {

/// {"k", "holds", "routing", "priorities", "failure_model", "orbits", "sets_total", "sets_analysed",
///  "failing": [{"links": [...], "cycle": [...], "switches" (failure model "switches")}], …}.
nlohmann::json certificateJson(const DeadlockCertificate& c);

} // namespace lfp
