// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/counttext.h"

namespace lfp {

std::string groupThousands(std::int64_t n)
{
    // The magnitude as unsigned, so that INT64_MIN has one too.
    const std::uint64_t mag = n < 0 ? std::uint64_t(0) - static_cast<std::uint64_t>(n) : static_cast<std::uint64_t>(n);
    const std::string digits = std::to_string(mag);
    std::string out = n < 0 ? "-" : "";
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

std::string nounFor(std::int64_t n, std::string_view singular, std::string_view plural)
{
    if (n == 1)
        return std::string(singular);
    return plural.empty() ? std::string(singular) + "s" : std::string(plural);
}

std::string countOf(std::int64_t n, std::string_view singular, std::string_view plural)
{
    return groupThousands(n) + " " + nounFor(n, singular, plural);
}

} // namespace lfp
