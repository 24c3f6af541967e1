// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file textsafe.h
/// What text from an input file may hold, and how each output format carries it (issue 13).
/// Reading: names (nodes, ports, policies, ASIC ids, …) must not hold control characters, NUL, DEL,
/// C1 controls or bidirectional overrides; free text (descriptions, notes) may hold tab and newline but
/// nothing else of these. Writing: one function per output format escapes (or refuses) what that format
/// cannot carry, so a name can never forge a line of `lfp check` text, a Markdown table row, an INI
/// entry or HTML markup, nor send escape sequences to a terminal.

#include <optional>
#include <string>
#include <string_view>

namespace lfp {

enum class TextKind {
    Name, ///< one line, printable: identifiers and labels
    FreeText, ///< descriptions and notes: tab and newline allowed
};

/// Why @p s cannot be a value of @p kind ("holds the control character U+001B (escape) at byte 4"),
/// or nothing when it can. Invalid UTF-8 is a problem too.
std::optional<std::string> textProblem(std::string_view s, TextKind kind = TextKind::Name);

/// Terminal text (`lfp` human output): every control character, DEL, C1 control and bidi override
/// becomes a visible escape (`\n`, `\t`, `\x1b`, `\u202e`); a backslash stays a backslash. One line
/// in, one line out.
std::string escapeTerminal(std::string_view s);
/// A value quoted inside a message: escapeTerminal of at most @p maxBytes of @p s (cut at a UTF-8
/// character boundary) followed by "…" when cut, so an input's token never floods a terminal or a log.
std::string quoteExcerpt(std::string_view s, std::size_t maxBytes = 64);
/// One Markdown table cell or inline text: `|` → `\|`, `\` → `\\`, backtick → `` \` ``, `<` and `>`
/// as entities (no raw HTML); line breaks and other controls shown as in escapeTerminal, so a value
/// can neither end its cell nor start a new row.
std::string escapeMarkdownCell(std::string_view s);
/// HTML text or attribute value: `& < > " '` as entities; controls as in escapeTerminal.
std::string escapeHtml(std::string_view s);
/// A `#` comment in an INI-style file (SONiC pg_profile_lookup.ini): one line, controls made visible,
/// so a value can never start a new line (a new entry or section).
std::string escapeIniComment(std::string_view s);
/// An INI key or value token: throws std::invalid_argument naming @p what when @p s holds anything but
/// printable ASCII other than `= ; # [ ]` and whitespace — INI has no escape syntax to carry them.
std::string iniToken(std::string_view s, std::string_view what);
/// One CSV field (RFC 4180) that no spreadsheet evaluates: a text starting with `=`, `+`, `-`, `@`, tab
/// or carriage return gets a leading `'` (OWASP "CSV Injection": LibreOffice, Excel and Google Sheets
/// read such a cell as a formula, and DDE payloads run commands); a field holding `,`, `"`, CR or LF
/// is quoted, with `"` doubled. Numbers written by the caller as numbers never pass through here.
std::string csvField(std::string_view s);

} // namespace lfp
