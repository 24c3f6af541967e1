// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file phrasetext.h
/// Planner phrases (planner/findings/phrase.h) in the GUI's language: the template through
/// QCoreApplication::translate in its context ("HeadroomTerm", "BudgetLine"; lupdate reads the
/// planner's QT_TRANSLATE_NOOP literals, gui/CMakeLists.txt), each nested phrase translated in turn,
/// literals (numbers, identifiers) as they are. Without a translation the text is the English one,
/// render(phrase), byte for byte. Exports and copies keep the planner's English strings.

#include "planner/findings/phrase.h"

#include <QCoreApplication>
#include <QString>

#include <string>
#include <vector>

namespace lfp::gui {

/// @p p translated; @p context is used when the phrase carries none.
inline QString trPhrase(const Phrase& p, const char* context = nullptr)
{
    std::string tmpl = p.text;
    if (!p.verbatim && !p.text.empty()) {
        const char* ctx = p.context ? p.context : context;
        if (ctx)
            tmpl = QCoreApplication::translate(ctx, p.text.c_str()).toStdString();
    }
    if (p.args.empty())
        return QString::fromStdString(tmpl);
    std::vector<std::string> args;
    args.reserve(p.args.size());
    for (const auto& a : p.args)
        args.push_back(a.nested.empty() ? a.literal : trPhrase(a.nested.front(), context).toStdString());
    // The one substitution of the planner (QString::arg would also replace a %n inside an argument).
    return QString::fromStdString(substitutePlaceholders(tmpl, args));
}

/// @p p translated, or @p english as it is when the phrase is empty (a term or line built without
/// phrases, e.g. in a test).
inline QString trPhraseOr(const Phrase& p, const std::string& english)
{
    return p.empty() ? QString::fromStdString(english) : trPhrase(p);
}

} // namespace lfp::gui
