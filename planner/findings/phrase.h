// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file phrase.h
/// A translatable piece of planner text: an English template with %1..%n placeholders and its
/// arguments, each a literal (a number, an identifier, a formula) or a nested Phrase. The planner keeps
/// its std::string fields (the CLI and JSON print them) as render(phrase); the GUI translates the
/// same phrase (gui/phrasetext.h: the template through QCoreApplication::translate, nested phrases
/// translated in turn). Issue 12, "complete Chinese".
///
/// Every template literal is marked with QT_TRANSLATE_NOOP(context, text) so that lupdate (fed the
/// planner sources in gui/CMakeLists.txt) puts it into resources/translations/*.ts. The planner has no
/// Qt: the macro is defined here, token for token as Qt's qglobal.h defines it, when Qt's is absent.

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, x) x
#endif

namespace lfp {

struct Phrase;

/// One argument of a phrase: a literal, or (nested non-empty) one nested phrase.
struct PhraseArg {
    std::string literal;
    std::vector<Phrase> nested; ///< zero or one element (std::vector allows the incomplete type)
};

struct Phrase {
    std::string text; ///< English template with %1..%n, or (verbatim) the text itself
    std::vector<PhraseArg> args;
    /// The lupdate context of the template ("HeadroomTerm", "BudgetLine"); null for a verbatim text.
    const char* context = nullptr;
    /// The text is no prose (an identifier, a formula, a path): shown as it is in every language
    /// (its arguments are still substituted, and nested phrases translated).
    bool verbatim = false;

    [[nodiscard]] bool empty() const { return text.empty(); }
};

/// A literal argument.
inline PhraseArg phraseArg(std::string literal) { return PhraseArg { std::move(literal), {} }; }
inline PhraseArg phraseArg(const char* literal) { return PhraseArg { literal ? std::string(literal) : std::string(), {} }; }
/// A nested phrase as an argument.
inline PhraseArg phraseArg(Phrase nested)
{
    PhraseArg a;
    a.nested.push_back(std::move(nested));
    return a;
}

/// A translatable template of @p context with arguments (literals or phrases). @p text must be a
/// QT_TRANSLATE_NOOP-marked literal.
template <typename... Args>
Phrase makePhrase(const char* context, const char* text, Args&&... args)
{
    Phrase p;
    p.text = text;
    p.context = context;
    (p.args.push_back(phraseArg(std::forward<Args>(args))), ...);
    return p;
}

/// A text that is not translated (identifiers, formulas, paths, data from an ASIC profile).
inline Phrase verbatimPhrase(std::string text)
{
    Phrase p;
    p.text = std::move(text);
    p.verbatim = true;
    return p;
}

/// A verbatim template (a formula) whose arguments are substituted, nested phrases translated.
template <typename... Args>
Phrase verbatimPhrase(std::string text, Args&&... args)
{
    Phrase p = verbatimPhrase(std::move(text));
    (p.args.push_back(phraseArg(std::forward<Args>(args))), ...);
    return p;
}

/// Replaces %1..%99 in @p tmpl by args[0..]; a placeholder without an argument stays as it is,
/// "%%" is kept as is too. One pass: an argument's own '%' is never substituted again.
std::string substitutePlaceholders(std::string_view tmpl, const std::vector<std::string>& args);

/// The English text of @p p: the template with its arguments rendered recursively.
std::string render(const Phrase& p);

} // namespace lfp
