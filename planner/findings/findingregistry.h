// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file findingregistry.h
/// Every finding code LFP can report, in one table: its severity, a title, the anchor of its entry in
/// docs/findings.md and, where the check renders its text from one, a message and fix template with
/// named parameters ("{port} runs at {speed}"). Findings are made through makeFinding(), so a code
/// that is not registered cannot be reported, and a GUI can render the same parameters into a
/// translated template (the parameters travel with the finding).
///
/// Templates. "{name}" is replaced by the parameter of that name; "{{" and "}}" are literal braces.
/// "{?name}" is a *clause*: the parameter's value names a registered clause of the finding's code
/// (FindingClause, e.g. LFP-NIC-DSCP-MISMATCH clause "lossy"), whose text is itself a template
/// rendered with the same parameters; an empty or absent value renders nothing (an optional
/// clause is left out). So a message with alternative or optional wording stays one code with data-like
/// parameters (names, numbers, lists of names, clause names), and each alternative is its own
/// translatable string. Clauses registered with code "*" apply to every code (e.g. "grouped", the
/// " (N ports)" suffix of a drift finding grouped over several ports).
///
/// Lists. "{*name}" is a *list parameter* (addListParam): items, each a clause of the code with its own
/// parameters, rendered one by one and joined by the clause "list-separator" (", " for every code; a code
/// may register its own), then, when items were left out, the clause "list-more" (" and {more} more").
/// So a list whose items are phrases ("lossless priority 3 goes to egress queue 3, which has DWRR
/// weight 0") is translated item by item. In the parameters the list is flat: "name" = the number of
/// items given, "name.K" = item K's clause, "name.K.param" = its parameters, "name.more" = how many were
/// left out, "name.separator" = another separator clause ("list-semicolon"). Items may hold lists. An item's clause sees its own parameters first, then the finding's.
///
/// Translation: a GUI renders the same parameters into translated templates through the
/// TemplateTranslator hook of renderFindingMessage / renderFindingFix (gui/models/findingsmodel.cpp passes
/// QCoreApplication::translate("Finding", …)); gui/findingtexts.cpp, generated from this table by
/// scripts/gen-finding-texts, lists every title, message, fix and clause for lupdate.
///
/// tests/planner/tst_findingregistry checks that docs/findings.md documents every registered code,
/// that every code written in the sources is registered, and that every code has a message template
/// (except the codes of its allow-list kPendingTemplates, which still pass their own text).

#include "planner/findings/findings.h"

#include <cstdint>
#include <functional>
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

/// An alternative or optional wording inside a code's templates, named by a parameter's value ("{?state}").
struct FindingClause {
    const char* code; ///< the code whose templates use it, or "*" for every code
    const char* name; ///< the parameter value that selects it ("lossy")
    const char* text; ///< template, rendered with the finding's parameters
};

/// Every registered type, in documentation order.
std::span<const FindingType> findingTypes();
/// Every registered clause.
std::span<const FindingClause> findingClauses();
/// The clause @p name of @p code (or of "*"), or null.
const FindingClause* findingClause(std::string_view code, std::string_view name);

/// The type of a code, or null.
const FindingType* findingType(std::string_view code);
/// "lfp-link-mtu-mismatch": the anchor of the code's heading or row in docs/findings.md.
std::string findingAnchor(std::string_view code);

/// One item of a list parameter: the clause (of the finding's code, or "*") and its parameters.
struct FindingListItem {
    std::string clause;
    FindingParams params;
};
/// Adds the list parameter @p name ("{*name}") with the first @p limit of @p items (the rest counted as
/// "name.more"), joined by the clause @p separator ("name.separator"; null: "list-separator").
void addListParam(FindingParams& params, const std::string& name, const std::vector<FindingListItem>& items, std::size_t limit = SIZE_MAX,
    const char* separator = nullptr);
/// A list of plain values (names, numbers): items of the clause "list-value" ("{value}").
void addValueListParam(FindingParams& params, const std::string& name, const std::vector<std::string>& values, std::size_t limit = SIZE_MAX);

/// Renders a template: each "{name}" is replaced by the parameter of that name; "{{" and "}}" are
/// literal braces. Throws std::logic_error for a placeholder without a parameter (a programming error).
/// A "noun(s)" of the template takes the number of the whole-number parameter substituted at most three
/// words before it, or of the list ("{*list}") right after it: "1 host", "3 hosts" (issue 38); without
/// either it stays as written. Translations have their own wording, so the templates stay unchanged.
std::string renderTemplate(std::string_view tmpl, const FindingParams& params);

/// Maps a registry text (a title, template or clause, UTF-8) to the text to render, e.g. its
/// translation. An empty hook renders the English source.
using TemplateTranslator = std::function<std::string(const char* source)>;
/// Renders @p tmpl of @p code, resolving "{?name}" clauses of the code; each template and clause
/// goes through @p tr first. Throws std::logic_error as renderTemplate, and for an unknown clause.
std::string renderTemplate(std::string_view code, std::string_view tmpl, const FindingParams& params, const TemplateTranslator& tr);
/// The message / fix of a finding of a templated code, rendered from @p params through @p tr;
/// std::nullopt when the code has no such template or the parameters do not fit it.
std::optional<std::string> renderFindingMessage(std::string_view code, const FindingParams& params, const TemplateTranslator& tr = {});
std::optional<std::string> renderFindingFix(std::string_view code, const FindingParams& params, const TemplateTranslator& tr = {});
/// Re-renders f.message and f.fix from f.params (after a check changed a parameter, e.g. grouping).
void rerenderFinding(Finding& f);

/// Makes a finding of a registered code (std::logic_error for an unregistered one). The message and fix
/// are rendered from the registry's templates with @p params, unless the type has none, in which case
/// @p message and @p fix are taken as written.
Finding makeFinding(std::string_view code, std::vector<ObjectRef> objects, FindingParams params, std::vector<Evidence> evidence = {},
    std::optional<Severity> severity = std::nullopt);
/// For codes without templates: the check's own text.
Finding makeFinding(std::string_view code, std::vector<ObjectRef> objects, std::string message, std::vector<Evidence> evidence, std::string fix,
    std::optional<Severity> severity = std::nullopt);

} // namespace lfp
