// SPDX-License-Identifier: GPL-3.0-or-later
#include "errors.h"

#include <fmt/format.h>

namespace lfp {

std::string formatLocation(const SourceLocation& w)
{
    std::string out = w.file;
    if (w.line > 0) {
        out += fmt::format("{}{}", out.empty() ? "line " : ":", w.line);
        if (w.column > 0)
            out += fmt::format(":{}", w.column);
    }
    if (!w.path.empty())
        out += out.empty() ? w.path : ": " + w.path;
    return out;
}

static std::string compose(const SourceLocation& w, const std::string& what)
{
    const std::string loc = formatLocation(w);
    return loc.empty() ? what : loc + ": " + what;
}

InputError::InputError(SourceLocation where, std::string what)
    : std::runtime_error(compose(where, what))
    , m_where(std::move(where))
    , m_detail(std::move(what))
{
}

InputError InputError::withFile(const std::string& file) const
{
    SourceLocation w = m_where;
    if (w.file.empty())
        w.file = file;
    return InputError(w, m_detail);
}

} // namespace lfp
