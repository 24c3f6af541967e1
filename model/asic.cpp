// SPDX-License-Identifier: GPL-3.0-or-later
#include "asic.h"

#include "enumnames.h"
#include <algorithm>
#include <cctype>

namespace lfp {

const char* toString(PoolDirection d) { return enumName(d); }
const char* toString(PoolMode m) { return enumName(m); }

bool asicSupportsSpeed(const AsicProfile& asic, BitsPerSecond speed)
{
    return asic.speeds.empty() || std::find(asic.speeds.begin(), asic.speeds.end(), speed) != asic.speeds.end();
}

namespace {
    std::string normalisedSku(std::string_view s)
    {
        std::string out;
        for (const char c : s)
            if (c != ' ' && c != '-' && c != '_')
                out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
        return out;
    }
} // namespace

const PgLookupTable* pgLookupTableMatching(const AsicProfile& asic, std::string_view sku)
{
    if (sku.empty())
        return nullptr;
    for (const auto& t : asic.pgLookup)
        if (t.sku == sku)
            return &t;
    const std::string want = normalisedSku(sku);
    for (const auto& t : asic.pgLookup)
        if (normalisedSku(t.sku) == want)
            return &t;
    return nullptr;
}

const PgLookupTable* pgLookupTableFor(const AsicProfile& asic, std::string_view sku)
{
    if (asic.pgLookup.empty())
        return nullptr;
    if (const auto* t = pgLookupTableMatching(asic, sku))
        return t;
    return &asic.pgLookup.front();
}

} // namespace lfp
