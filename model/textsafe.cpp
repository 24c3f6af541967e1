// SPDX-License-Identifier: GPL-3.0-or-later
#include "textsafe.h"

#include <fmt/format.h>
#include <stdexcept>

namespace lfp {

namespace {

    /// Decodes one UTF-8 code point at @p i; returns its length, 0 when malformed.
    std::size_t decode(std::string_view s, std::size_t i, char32_t& cp)
    {
        const auto b = static_cast<unsigned char>(s[i]);
        std::size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
        if (n == 0 || i + n > s.size())
            return 0;
        cp = n == 1 ? b : n == 2 ? (b & 0x1F) : n == 3 ? (b & 0x0F) : (b & 0x07);
        for (std::size_t k = 1; k < n; ++k) {
            const auto c = static_cast<unsigned char>(s[i + k]);
            if ((c & 0xC0) != 0x80)
                return 0;
            cp = (cp << 6) | (c & 0x3F);
        }
        // Overlong forms, surrogates and values past U+10FFFF are malformed.
        if ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
            return 0;
        return n;
    }

    bool isBidiControl(char32_t cp)
    {
        // Unicode bidirectional formatting characters (UAX #9): embeddings, overrides, isolates, marks.
        return (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200E || cp == 0x200F || cp == 0x061C;
    }

    bool isControl(char32_t cp) { return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F); }

    const char* controlName(char32_t cp)
    {
        switch (cp) {
        case 0x00:
            return "NUL";
        case 0x09:
            return "tab";
        case 0x0A:
            return "newline";
        case 0x0D:
            return "carriage return";
        case 0x1B:
            return "escape";
        case 0x7F:
            return "delete";
        default:
            return isBidiControl(cp) ? "bidirectional formatting" : "control";
        }
    }

    /// Shared core of the escapers: @p plain handles an ordinary code point's bytes.
    template <class Plain>
    std::string escapeWith(std::string_view s, Plain plain)
    {
        std::string out;
        out.reserve(s.size());
        for (std::size_t i = 0; i < s.size();) {
            char32_t cp = 0;
            const std::size_t n = decode(s, i, cp);
            if (n == 0) {
                out += fmt::format("\\x{:02x}", static_cast<unsigned char>(s[i]));
                ++i;
                continue;
            }
            if (isControl(cp) || isBidiControl(cp)) {
                switch (cp) {
                case '\n':
                    out += "\\n";
                    break;
                case '\t':
                    out += "\\t";
                    break;
                case '\r':
                    out += "\\r";
                    break;
                default:
                    out += cp < 0x80 ? fmt::format("\\x{:02x}", static_cast<unsigned>(cp)) : fmt::format("\\u{:04x}", static_cast<unsigned>(cp));
                }
            } else {
                plain(out, s.substr(i, n));
            }
            i += n;
        }
        return out;
    }

} // namespace

std::optional<std::string> textProblem(std::string_view s, TextKind kind)
{
    // Printable ASCII (U+0020..U+007E) needs no decoding and is never a problem: nearly every name.
    std::size_t ascii = 0;
    while (ascii < s.size() && static_cast<unsigned char>(s[ascii]) - 0x20u < 0x5fu)
        ++ascii;
    for (std::size_t i = ascii; i < s.size();) {
        char32_t cp = 0;
        const std::size_t n = decode(s, i, cp);
        if (n == 0)
            return fmt::format("is not valid UTF-8 (byte 0x{:02x} at offset {})", static_cast<unsigned char>(s[i]), i);
        const bool allowed = kind == TextKind::FreeText && (cp == '\n' || cp == '\t');
        if ((isControl(cp) || isBidiControl(cp)) && !allowed)
            return fmt::format("holds the {} character U+{:04X} at byte {}; {} cannot hold control characters{}", controlName(cp), static_cast<unsigned>(cp), i,
                kind == TextKind::Name ? "names" : "text fields", kind == TextKind::Name ? " (a name is one line of printable text)" : " other than tab and newline");
        i += n;
    }
    return std::nullopt;
}

std::string escapeTerminal(std::string_view s)
{
    return escapeWith(s, [](std::string& out, std::string_view c) { out += c; });
}

std::string escapeMarkdownCell(std::string_view s)
{
    return escapeWith(s, [](std::string& out, std::string_view c) {
        if (c.size() == 1 && std::string_view("|\\`<>").find(c[0]) != std::string_view::npos) {
            if (c[0] == '<')
                out += "&lt;";
            else if (c[0] == '>')
                out += "&gt;";
            else {
                out += '\\';
                out += c;
            }
        } else {
            out += c;
        }
    });
}

std::string escapeHtml(std::string_view s)
{
    return escapeWith(s, [](std::string& out, std::string_view c) {
        if (c == "&")
            out += "&amp;";
        else if (c == "<")
            out += "&lt;";
        else if (c == ">")
            out += "&gt;";
        else if (c == "\"")
            out += "&quot;";
        else if (c == "'")
            out += "&#39;";
        else
            out += c;
    });
}

std::string escapeIniComment(std::string_view s) { return escapeTerminal(s); }

std::string iniToken(std::string_view s, std::string_view what)
{
    for (unsigned char c : s)
        if (c < 0x21 || c > 0x7E || std::string_view("=;#[]").find(static_cast<char>(c)) != std::string_view::npos)
            throw std::invalid_argument(fmt::format("{} \"{}\" cannot be written to an INI file: it holds {}; INI has no way to escape it", what, escapeTerminal(s),
                c < 0x21 || c > 0x7E ? fmt::format("the byte 0x{:02x}", c) : fmt::format("'{}'", static_cast<char>(c))));
    return std::string(s);
}

std::string quoteExcerpt(std::string_view s, std::size_t maxBytes)
{
    if (s.size() <= maxBytes)
        return escapeTerminal(s);
    std::size_t cut = maxBytes;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80)
        --cut; // not inside a multi-byte character
    return escapeTerminal(s.substr(0, cut)) + "…";
}

std::string csvField(std::string_view s)
{
    std::string f;
    if (!s.empty() && std::string_view("=+-@\t\r").find(s.front()) != std::string_view::npos)
        f += '\'';
    f += s;
    if (f.find_first_of(",\"\n\r") == std::string::npos)
        return f;
    std::string q = "\"";
    for (char c : f)
        q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

} // namespace lfp
