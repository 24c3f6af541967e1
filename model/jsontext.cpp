// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsontext.h"

#include "errors.h"

#include <algorithm>
#include <cstring>
#include <deque>
#include <list>
#include <type_traits>
#include <fmt/format.h>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace lfp {

std::pair<int, int> textLineColumn(std::string_view text, std::size_t offset)
{
    offset = std::min(offset, text.size());
    int line = 1, col = 1;
    for (std::size_t i = 0; i < offset; ++i) {
        if (text[i] == '\n') {
            ++line;
            col = 1;
        } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            ++col;
        }
    }
    return { line, col };
}

namespace {

    /// End of the string whose opening quote is at @p i: the index of its closing quote, or npos.
    std::size_t stringEnd(std::string_view t, std::size_t i)
    {
        for (std::size_t k = i + 1; k < t.size(); ++k) {
            const char* p = static_cast<const char*>(std::memchr(t.data() + k, '"', t.size() - k));
            if (!p)
                return std::string_view::npos;
            std::size_t q = static_cast<std::size_t>(p - t.data());
            // An odd number of backslashes before the quote escapes it.
            std::size_t bs = 0;
            while (q - bs > i + 1 && t[q - bs - 1] == '\\')
                ++bs;
            if (bs % 2 == 0)
                return q;
            k = q;
        }
        return std::string_view::npos;
    }

    void appendUtf8(std::string& out, unsigned cp)
    {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }

    /// The value of a JSON string body (between the quotes), escapes decoded; lenient on bad escapes.
    std::string unescape(std::string_view body)
    {
        std::string out;
        out.reserve(body.size());
        auto hex4 = [&](std::size_t at) -> std::optional<unsigned> {
            if (at + 4 > body.size())
                return std::nullopt;
            unsigned v = 0;
            for (std::size_t k = at; k < at + 4; ++k) {
                const char c = body[k];
                v <<= 4;
                if (c >= '0' && c <= '9')
                    v |= static_cast<unsigned>(c - '0');
                else if (c >= 'a' && c <= 'f')
                    v |= static_cast<unsigned>(c - 'a' + 10);
                else if (c >= 'A' && c <= 'F')
                    v |= static_cast<unsigned>(c - 'A' + 10);
                else
                    return std::nullopt;
            }
            return v;
        };
        for (std::size_t i = 0; i < body.size(); ++i) {
            if (body[i] != '\\' || i + 1 >= body.size()) {
                out += body[i];
                continue;
            }
            const char c = body[++i];
            switch (c) {
            case 'n':
                out += '\n';
                break;
            case 't':
                out += '\t';
                break;
            case 'r':
                out += '\r';
                break;
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case 'u': {
                auto v = hex4(i + 1);
                if (!v) {
                    out += "\\u";
                    break;
                }
                i += 4;
                unsigned cp = *v;
                if (cp >= 0xD800 && cp <= 0xDBFF && i + 2 < body.size() && body[i + 1] == '\\' && body[i + 2] == 'u') {
                    if (auto lo = hex4(i + 3); lo && *lo >= 0xDC00 && *lo <= 0xDFFF) {
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (*lo - 0xDC00);
                        i += 6;
                    }
                }
                appendUtf8(out, cp);
                break;
            }
            default:
                out += c;
            }
        }
        return out;
    }

    [[noreturn]] void refuse(std::string_view text, const std::string& file, std::size_t offset, const std::string& what)
    {
        auto [line, col] = textLineColumn(text, offset);
        throw InputError(SourceLocation { file, line, col, {} }, what);
    }

    /// The keys seen so far in one open object. Small objects compare linearly; large ones hash, so a
    /// hostile object with a million keys stays linear. Keys without escapes are views into the text
    /// (no copy per key); decoded ones are kept in @p owned.
    struct Frame {
        bool object = false;
        bool expectKey = false;
        std::vector<std::pair<std::string_view, std::size_t>> keys; // key, offset of its opening quote
        std::unordered_set<std::string_view> big;
        // Unescaped keys, viewed by `keys` and `big`. A list, not a deque: std::deque's move constructor
        // may throw, so std::vector<Frame> would copy Frames when it grows and the views would point
        // into freed strings (heap-use-after-free found by fuzz_fabric_json and fuzz_asic_json,
        // tests/fuzz/regressions/{fabric-json,asic-json}/crash-*).
        std::list<std::string> owned;

        void reset(bool isObject)
        {
            object = isObject;
            expectKey = isObject;
            keys.clear();
            big.clear();
            owned.clear();
        }
        /// Offset of the earlier same key, or npos after recording this one.
        std::size_t add(std::string_view key, std::size_t at)
        {
            if (keys.size() < 32) {
                for (const auto& [k, off] : keys)
                    if (k == key)
                        return off;
                keys.emplace_back(key, at);
                if (keys.size() == 32)
                    for (const auto& [k, off] : keys)
                        big.insert(k);
                return std::string_view::npos;
            }
            if (!big.insert(key).second) {
                for (const auto& [k, off] : keys)
                    if (k == key)
                        return off;
                return at; // position of the first is not kept past 32 keys
            }
            return std::string_view::npos;
        }
    };

} // namespace

void checkJsonText(std::string_view text, const std::string& file, const JsonLimits& limits)
{
    if (text.size() > limits.maxBytes)
        throw InputError(SourceLocation { file, 0, 0, {} },
            fmt::format("the file is {:.1f} MiB; LFP reads JSON files of up to {} MiB", static_cast<double>(text.size()) / (1 << 20), limits.maxBytes >> 20));
    // A NUL byte is never JSON (RFC 8259: not whitespace, and raw in a string only escaped, "\u0000").
    // Parsers that stop at it would read less than the file holds, and two parsers could disagree on
    // one file (issue 36 F11): refused at its line and column.
    if (const auto nul = text.find('\0'); nul != std::string_view::npos)
        refuse(text, file, nul, "found a NUL byte, expected JSON text (a NUL is never part of JSON; the file is damaged or not text)");
    static_assert(std::is_nothrow_move_constructible_v<Frame>, "std::vector<Frame> must move, not copy, the owned keys");
    std::vector<Frame> frames; // frames[0..depth) are open
    std::size_t depth = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        switch (c) {
        case '"': {
            const std::size_t end = stringEnd(text, i);
            if (end == std::string_view::npos)
                return; // unterminated: the parser reports it
            const std::size_t len = end - i - 1;
            if (len > limits.maxString)
                refuse(text, file, i, fmt::format("a string of {:.1f} MiB; LFP reads strings of up to {} MiB", static_cast<double>(len) / (1 << 20), limits.maxString >> 20));
            std::size_t after = end + 1;
            while (after < text.size() && (text[after] == ' ' || text[after] == '\t' || text[after] == '\n' || text[after] == '\r'))
                ++after;
            const bool isKey = after < text.size() && text[after] == ':'; // else not JSON: the parser reports it
            if (depth > 0 && frames[depth - 1].object && frames[depth - 1].expectKey && isKey) {
                Frame& f = frames[depth - 1];
                f.expectKey = false;
                const std::string_view body = text.substr(i + 1, len);
                std::string_view key = body;
                if (body.find('\\') != std::string_view::npos)
                    key = f.owned.emplace_back(unescape(body));
                const std::size_t first = f.add(key, i);
                if (first != std::string_view::npos) {
                    const auto [fl, fc] = textLineColumn(text, first);
                    refuse(text, file, i,
                        fmt::format("duplicate key \"{}\" in one object (first at line {}, column {}); JSON keys must be unique",
                            key.size() > 64 ? std::string(key.substr(0, 64)) + "…" : std::string(key),
                            fl, fc));
                }
            }
            i = end;
            break;
        }
        case '{':
        case '[':
            if (depth >= limits.maxDepth)
                refuse(text, file, i, fmt::format("JSON nested deeper than {} levels (arrays and objects); LFP reads up to {} levels", limits.maxDepth, limits.maxDepth));
            if (frames.size() <= depth)
                frames.emplace_back();
            frames[depth++].reset(c == '{');
            break;
        case '}':
        case ']':
            if (depth == 0)
                return; // unbalanced: the parser reports it
            --depth;
            break;
        case ',':
            if (depth > 0 && frames[depth - 1].object)
                frames[depth - 1].expectKey = true;
            break;
        default:
            break;
        }
    }
}

// ---------------------------------------------------------------- locating a JSON pointer in text

namespace {

    /// A scanner over JSON text that can skip values and step into objects/arrays. It assumes the text
    /// is valid JSON (it already parsed) and never recurses: skipping a container counts brackets.
    class Scanner {
    public:
        explicit Scanner(std::string_view t)
            : m_t(t)
        {
        }
        void ws()
        {
            while (m_i < m_t.size() && (m_t[m_i] == ' ' || m_t[m_i] == '\t' || m_t[m_i] == '\n' || m_t[m_i] == '\r'))
                ++m_i;
        }
        char peek() const { return m_i < m_t.size() ? m_t[m_i] : '\0'; }
        /// The string at the cursor (decoded), cursor after its closing quote.
        std::string string()
        {
            const std::size_t end = stringEnd(m_t, m_i);
            const std::size_t stop = end == std::string_view::npos ? m_t.size() : end;
            std::string out = unescape(m_t.substr(m_i + 1, stop - m_i - 1));
            m_i = std::min(m_t.size(), stop + 1);
            return out;
        }
        void skipString()
        {
            const std::size_t end = stringEnd(m_t, m_i);
            m_i = end == std::string_view::npos ? m_t.size() : end + 1;
        }
        void skipValue()
        {
            ws();
            const char c = peek();
            if (c == '"') {
                skipString();
                return;
            }
            if (c == '{' || c == '[') {
                std::size_t depth = 0;
                while (m_i < m_t.size()) {
                    const char d = m_t[m_i];
                    if (d == '"') {
                        skipString();
                        continue;
                    }
                    ++m_i;
                    if (d == '{' || d == '[')
                        ++depth;
                    else if ((d == '}' || d == ']') && --depth == 0)
                        return;
                }
                return;
            }
            while (m_i < m_t.size() && std::string_view(",]} \t\r\n").find(m_t[m_i]) == std::string_view::npos)
                ++m_i;
        }
        /// At the start of a value: steps into it to the member/element @p token. False if absent.
        bool enter(const std::string& token)
        {
            ws();
            const char c = peek();
            if (c == '{') {
                ++m_i;
                ws();
                if (peek() == '}')
                    return false;
                while (m_i < m_t.size()) {
                    ws();
                    if (peek() != '"')
                        return false;
                    const std::string key = string();
                    ws();
                    ++m_i; // ':'
                    ws();
                    if (key == token)
                        return true;
                    skipValue();
                    ws();
                    if (peek() != ',')
                        return false;
                    ++m_i;
                }
                return false;
            }
            if (c == '[') {
                if (token.empty() || token.size() > 18 || !std::all_of(token.begin(), token.end(), [](char x) { return x >= '0' && x <= '9'; }))
                    return false;
                const std::size_t want = std::stoull(token);
                ++m_i;
                ws();
                if (peek() == ']')
                    return false;
                for (std::size_t k = 0; m_i < m_t.size(); ++k) {
                    ws();
                    if (k == want)
                        return true;
                    skipValue();
                    ws();
                    if (peek() != ',')
                        return false;
                    ++m_i;
                }
            }
            return false;
        }
        std::size_t offset() const { return m_i; }

    private:
        std::string_view m_t;
        std::size_t m_i = 0;
    };

    std::string unescapeToken(std::string_view t)
    {
        std::string out;
        for (std::size_t i = 0; i < t.size(); ++i) {
            if (t[i] == '~' && i + 1 < t.size()) {
                out += t[i + 1] == '1' ? '/' : '~';
                ++i;
            } else {
                out += t[i];
            }
        }
        return out;
    }

} // namespace

std::pair<int, int> locateJsonPointer(std::string_view text, std::string_view pointer)
{
    Scanner s(text);
    s.ws();
    std::size_t pos = 0;
    if (!pointer.empty() && pointer.front() == '/')
        pos = 1;
    while (pos <= pointer.size() && !pointer.empty() && pointer != "/") {
        const auto next = pointer.find('/', pos);
        const std::string token = unescapeToken(pointer.substr(pos, next == std::string_view::npos ? std::string_view::npos : next - pos));
        s.ws();
        const std::size_t container = s.offset();
        if (!s.enter(token))
            return textLineColumn(text, container); // the member is missing: point at the object that lacks it
        if (next == std::string_view::npos)
            break;
        pos = next + 1;
    }
    s.ws();
    return textLineColumn(text, s.offset());
}

} // namespace lfp
