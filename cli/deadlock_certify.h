// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// `lfp deadlock --certify K`: the certificate's JSON (a contract: docs/deadlock.md "Certificate") and text.
#include "planner/routing/certificate.h"

#include <nlohmann/json.hpp>

namespace lfp::cli {

/// {"k", "holds", "routing", "priorities", "failure_model", "orbits", "sets_total", "sets_analysed",
///  "failing": [{"links": [...], "cycle": [...]}], …}: the value of the "certificate" key.
nlohmann::json certificateJson(const DeadlockCertificate& c);
/// The certificate as text: routing model, priorities, failure model, symmetry classes, the pruning
/// argument with its counts, and the result.
void printCertificate(const DeadlockCertificate& c);

} // namespace lfp::cli
