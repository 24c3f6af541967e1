// SPDX-License-Identifier: GPL-3.0-or-later
#include "ibcommon.h"

#include "readutil.h"

namespace lfp::ib {

int laneRateTenthsGbps(std::string_view s)
{
    const std::string t = imp::lower(s);
    if (t == "sdr")
        return 25;
    if (t == "ddr")
        return 50;
    if (t == "qdr" || t == "fdr10")
        return 100;
    if (t == "fdr")
        return 140;
    if (t == "edr")
        return 250;
    if (t == "hdr")
        return 500;
    if (t == "ndr")
        return 1000;
    if (t == "xdr")
        return 2000;
    return 0;
}

std::optional<std::pair<BitsPerSecond, int>> speedOf(std::string_view ws)
{
    auto x = ws.find('x');
    if (x == std::string_view::npos || x == 0)
        return std::nullopt;
    auto w = imp::parseInt(ws.substr(0, x));
    const int rate = laneRateTenthsGbps(ws.substr(x + 1));
    if (!w || *w < 1 || *w > 32 || rate == 0)
        return std::nullopt;
    return std::make_pair(BitsPerSecond(static_cast<std::int64_t>(*w) * rate * 100'000'000LL), static_cast<int>(*w));
}

std::pair<std::string, std::string> splitHostDevice(const std::string& desc, bool isCa)
{
    if (!isCa)
        return { desc, {} };
    auto sp = desc.find(' ');
    if (sp == std::string::npos || sp == 0)
        return { desc, {} };
    std::string host = desc.substr(0, sp);
    std::string dev(imp::trim(std::string_view(desc).substr(sp + 1)));
    if (dev.empty() || dev.find(' ') != std::string::npos)
        return { desc, {} };
    return { host, dev };
}

} // namespace lfp::ib
