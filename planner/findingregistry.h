// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file findingregistry.h
/// Every finding code LFP can report, in one table: its severity, a title, the anchor of its entry in
/// docs/findings.md and, where the check renders its text from one, a message and fix template with
/// named parameters ("{port} runs at {speed}"). Findings are made through makeFinding(), so a code
/// that is not registered cannot be reported, and a GUI can render the same parameters into a
/// translated template (the parameters travel with the finding).
///
/// tests/planner/tst_findingregistry checks that docs/findings.md documents every registered code and
/// that every code written in the sources is registered.

#include "findings.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace lfp {

struct FindingType {
    const char* code; ///< "LFP-LINK-MTU-MISMATCH"
    Severity severity; ///< the usual severity (a check may raise or lower it, e.g. NIC-PFC)
    const char* title; ///< one line, for lists and help
    const char* message = nullptr; ///< template with {named} parameters, or null (the check writes the text)
    const char* fix = nullptr; ///< template, or null
};

/// Every registered type, in documentation order.
std::span<const FindingType> findingTypes();
/// The type of a code, or null.
const FindingType* findingType(std::string_view code);
/// "lfp-link-mtu-mismatch": the anchor of the code's heading or row in docs/findings.md.
std::string findingAnchor(std::string_view code);

/// Renders a template: each "{name}" is replaced by the parameter of that name; "{{" and "}}" are
/// literal braces. Throws std::logic_error for a placeholder without a parameter (a programming error).
std::string renderTemplate(std::string_view tmpl, const FindingParams& params);

/// Makes a finding of a registered code (std::logic_error for an unregistered one). The message and fix
/// are rendered from the registry's templates with @p params, unless the type has none, in which case
/// @p message and @p fix are taken as written.
Finding makeFinding(std::string_view code, std::vector<std::string> objects, FindingParams params, std::vector<Evidence> evidence = {},
    std::optional<Severity> severity = std::nullopt);
/// For codes without templates: the check's own text.
Finding makeFinding(std::string_view code, std::vector<std::string> objects, std::string message, std::vector<Evidence> evidence, std::string fix,
    std::optional<Severity> severity = std::nullopt);

} // namespace lfp
