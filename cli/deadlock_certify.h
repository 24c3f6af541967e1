// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// `lfp deadlock --certify K`: the certificate's JSON (a contract: docs/deadlock.md "Certificate") and text.
#include "planner/routing/certificate.h"
#include "planner/routing/certificatefix.h"
#include "planner/routing/certificatejson.h"

#include <nlohmann/json.hpp>

namespace lfp::cli {

/// The certificate's own JSON (the value of the "certificate" key) is planner/routing/certificatejson.h.
/// The fix of a failing certificate: the value of "certificate"."fix".
nlohmann::json certificateFixJson(const CertificateFix& f);
void printCertificateFix(const CertificateFix& f);
/// --fix-out DIR: the fixed fabric (fabric.json), fix.json, and per vendor (sonic, eos, nvue) the configs
/// rendered from the fixed fabric's device plans with the change delta against @p original
/// (exporters/exportjob.h). Returns a summary for --json.
nlohmann::json writeFixOut(const std::string& dir, const CertificateFix& f, const Fabric& original);
/// The certificate as text: routing model, priorities, failure model, symmetry classes, the pruning
/// argument with its counts, and the result.
void printCertificate(const DeadlockCertificate& c);

} // namespace lfp::cli
