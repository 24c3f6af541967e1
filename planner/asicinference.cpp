// SPDX-License-Identifier: GPL-3.0-or-later
#include "asicinference.h"

#include <cctype>
#include <fmt/format.h>

namespace lfp {
namespace {
    std::string lowerOf(std::string_view s)
    {
        std::string r(s);
        for (auto& c : r)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return r;
    }
    bool alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

    /// Node attributes and fields that name the hardware, in the order they are trusted.
    std::vector<std::pair<std::string, std::string>> hardwareTexts(const Node& n)
    {
        std::vector<std::pair<std::string, std::string>> v;
        for (const char* key : { "sonic.platform", "netbox.device_type", "ib.device" })
            if (auto it = n.attributes.find(key); it != n.attributes.end() && !it->second.empty())
                v.emplace_back(key, it->second);
        if (!n.model.empty())
            v.emplace_back("model", n.model);
        return v;
    }
} // namespace

const AsicProfile* asicForHardware(const AsicCatalog& catalog, std::string_view text, std::string* platform)
{
    const std::string t = lowerOf(text);
    const AsicProfile* best = nullptr;
    std::size_t bestLen = 0;
    bool ambiguous = false;
    for (const auto& a : catalog.all()) {
        for (const auto& p : a.platforms) {
            const std::string q = lowerOf(p);
            if (q.size() < 4)
                continue;
            for (std::size_t at = t.find(q); at != std::string::npos; at = t.find(q, at + 1)) {
                // A whole model number: no letter or digit right after ("sn4600" is not "sn4600c"),
                // no digit right before; a prefix letter is allowed ("msn4700" in SONiC platform names).
                const std::size_t end = at + q.size();
                if (end < t.size() && alnum(t[end]))
                    continue;
                if (at > 0 && std::isdigit(static_cast<unsigned char>(t[at - 1])))
                    continue;
                if (q.size() > bestLen) {
                    best = &a;
                    bestLen = q.size();
                    ambiguous = false;
                    if (platform)
                        *platform = p;
                } else if (q.size() == bestLen && best != &a) {
                    ambiguous = true;
                }
                break;
            }
        }
    }
    return ambiguous ? nullptr : best;
}

std::vector<AsicInference> inferAsics(Fabric& fabric, const AsicCatalog& catalog)
{
    std::vector<AsicInference> out;
    for (auto& n : fabric.nodes) {
        if (!n.isSwitch() || !n.asic.empty())
            continue;
        const auto texts = hardwareTexts(n);
        if (texts.empty())
            continue;
        AsicInference r;
        r.node = n.name;
        for (const auto& [key, text] : texts) {
            std::string platform;
            if (const AsicProfile* a = asicForHardware(catalog, text, &platform)) {
                n.asic = a->id;
                r.asic = a->id;
                r.evidence = fmt::format("{} \"{}\" names {} ({})", key, text, platform, a->name);
                break;
            }
        }
        if (r.asic.empty()) {
            std::string what;
            for (const auto& [key, text] : texts)
                what += (what.empty() ? "" : ", ") + fmt::format("{} \"{}\"", key, text);
            r.evidence = fmt::format("{} names no platform of the ASIC catalogue (or several)", what);
        }
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace lfp
