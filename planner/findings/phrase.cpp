// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/findings/phrase.h"

namespace lfp {

std::string substitutePlaceholders(std::string_view tmpl, const std::vector<std::string>& args)
{
    std::string out;
    out.reserve(tmpl.size() + 16);
    for (std::size_t i = 0; i < tmpl.size(); ++i) {
        const char c = tmpl[i];
        if (c != '%' || i + 1 >= tmpl.size() || tmpl[i + 1] < '1' || tmpl[i + 1] > '9') {
            out += c;
            continue;
        }
        // %N or %NN (as QString::arg: two digits when that argument exists).
        std::size_t n = static_cast<std::size_t>(tmpl[i + 1] - '0');
        std::size_t len = 2;
        if (i + 2 < tmpl.size() && tmpl[i + 2] >= '0' && tmpl[i + 2] <= '9') {
            const std::size_t nn = n * 10 + static_cast<std::size_t>(tmpl[i + 2] - '0');
            if (nn <= args.size()) {
                n = nn;
                len = 3;
            }
        }
        if (n > args.size()) {
            out += c; // no such argument: the placeholder stays (tests/gui/tst_phrases finds it)
            continue;
        }
        out += args[n - 1];
        i += len - 1;
    }
    return out;
}

std::string render(const Phrase& p)
{
    if (p.args.empty())
        return p.text;
    std::vector<std::string> args;
    args.reserve(p.args.size());
    for (const auto& a : p.args)
        args.push_back(a.nested.empty() ? a.literal : render(a.nested.front()));
    return substitutePlaceholders(p.text, args);
}

} // namespace lfp
