// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file findingsjson.h
/// Findings as JSON, the form `lfp check --json` prints and the golden tests read:
///   {"severity": "error", "code": "LFP-LINK-MTU-MISMATCH", "objects": ["leaf1:Ethernet0", ...],
///    "message": "...", "evidence": [{"name": "mtu", "value": 9100, "unit": "B", "note": "leaf1:Ethernet0"}],
///    "fix": "..."}
/// Reading is strict about names and types (unknown members are errors naming their JSON path) and
/// lenient about presence: only "code" and "severity" are required, so that a golden file can list just
/// (code, severity, objects).

#include "planner/findings/findings.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace lfp {

nlohmann::json evidenceToJson(const Evidence& e);
nlohmann::json findingToJson(const Finding& f);
/// A JSON array of findings.
nlohmann::json findingsToJson(const std::vector<Finding>& findings);
nlohmann::json summaryToJson(const FindingSummary& s);

/// Throws InputError with the JSON path (@p path is the path of @p j itself).
Evidence evidenceFromJson(const nlohmann::json& j, const std::string& path = {});
Finding findingFromJson(const nlohmann::json& j, const std::string& path = {});
/// Accepts an array of findings or an object with a "findings" array (as `lfp check --json` prints).
std::vector<Finding> findingsFromJson(const nlohmann::json& j);

/// The identity of a finding for comparisons (golden files, diffs between revisions):
/// "code severity [object, object]" with the objects sorted.
std::string findingKey(const Finding& f);

} // namespace lfp
