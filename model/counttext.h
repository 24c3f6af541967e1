// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file counttext.h
/// Numbers and counts in text output (issue 38): thousands separators ("8,192") and the noun in the
/// number the count needs ("1 change", "2 changes"; never "change(s)"). The one helper of the CLI's text,
/// the exports' comments, the planner's messages and formatBytesHuman (model/units.h); JSON keeps plain
/// numbers. English only: the GUI counts through Qt's %n plural forms (resources/translations/lfp_en.ts).

#include <cstdint>
#include <string>
#include <string_view>

namespace lfp {

/// @p n with a comma between groups of three digits: "512", "8,192", "-1,048,576".
std::string groupThousands(std::int64_t n);

/// "1 change", "3 changes", "1,024 links": @p n (thousands grouped) and @p singular for exactly one,
/// else @p plural (default: @p singular + "s"; give it for "switch" → "switches", "priority" →
/// "priorities").
std::string countOf(std::int64_t n, std::string_view singular, std::string_view plural = {});

/// The noun alone in the number @p n needs: "change" for 1, else "changes" (or @p plural).
std::string nounFor(std::int64_t n, std::string_view singular, std::string_view plural = {});

} // namespace lfp
