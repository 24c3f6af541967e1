// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/generatorspec.h"

#include "model/qos.h"
#include "model/units.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace lfp {

GeneratorSpec leafSpineDefaults()
{
    return {};
}

GeneratorSpec fatTreeDefaults()
{
    GeneratorSpec s;
    s.hostSpeed = "100G";
    s.fabricSpeed = "100G";
    s.model = "SN4600C";
    return s;
}

GeneratorSpec railDefaults()
{
    GeneratorSpec s;
    s.hostSpeed = "400G";
    s.fabricSpeed = "400G";
    s.asic = "spectrum-4";
    s.model = "SN5600";
    return s;
}

std::vector<int> parseIntList(const std::string& text, const char* option)
{
    std::vector<int> out;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const auto comma = text.find(',', pos);
        const std::string item = text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
        try {
            std::size_t used = 0;
            out.push_back(std::stoi(item, &used));
            if (used != item.size())
                throw std::invalid_argument(item);
        } catch (const std::logic_error&) {
            throw std::invalid_argument(fmt::format("{} \"{}\": \"{}\" is not a whole number (expected e.g. 3 or 3,4)", option, text, item));
        }
        if (comma == std::string::npos)
            break;
        pos = comma + 1;
    }
    return out;
}

void parseEcnText(const std::string& text, RocePolicyOptions& r)
{
    const auto c1 = text.find(',');
    const auto c2 = c1 == std::string::npos ? c1 : text.find(',', c1 + 1);
    if (c2 == std::string::npos || text.find(',', c2 + 1) != std::string::npos)
        throw std::invalid_argument(fmt::format("--ecn \"{}\": expected Kmin,Kmax,Pmax (e.g. 150KB,1500KB,10%)", text));
    r.ecnKmin = parseBytes(text.substr(0, c1));
    r.ecnKmax = parseBytes(text.substr(c1 + 1, c2 - c1 - 1));
    std::string p = text.substr(c2 + 1);
    const bool percent = !p.empty() && p.back() == '%';
    if (percent)
        p.pop_back();
    try {
        std::size_t used = 0;
        double v = std::stod(p, &used);
        if (used != p.size())
            throw std::invalid_argument(p);
        r.ecnPmax = percent ? v / 100.0 : v;
    } catch (const std::logic_error&) {
        throw std::invalid_argument(fmt::format("--ecn Pmax \"{}\": expected a probability such as 0.1 or 10%", text.substr(c2 + 1)));
    }
}

namespace {
    std::string squash(const std::string& s)
    {
        std::string out;
        for (char c : s)
            if (std::isalnum(static_cast<unsigned char>(c)))
                out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return out;
    }
} // namespace

const AsicProfile& checkedAsic(const AsicCatalog& cat, const std::string& id)
{
    if (const auto* p = cat.find(id))
        return *p;
    std::string all, close;
    for (const auto& p : cat.all()) {
        all += (all.empty() ? "" : ", ") + p.id;
        if (squash(p.id) == squash(id))
            close = p.id;
    }
    if (!close.empty())
        throw std::invalid_argument(fmt::format("--asic \"{}\" is not an ASIC profile; did you mean {}?", id, close));
    throw std::invalid_argument(fmt::format("--asic \"{}\" is not an ASIC profile; known: {}", id, all));
}

GeneratorOptions toGeneratorOptions(const GeneratorSpec& o, const AsicCatalog& catalog)
{
    GeneratorOptions g;
    const AsicProfile& asic = checkedAsic(catalog, o.asic);
    if (!o.modelGiven && !asic.platforms.empty()
        && std::find(asic.platforms.begin(), asic.platforms.end(), o.model) == asic.platforms.end()) {
        // The default model belongs to the default ASIC: a switch built on the chosen ASIC instead
        // (catalogue "platforms"; "Arista 7060DX5-64S" gives vendor Arista, model 7060DX5-64S).
        const std::string& platform = asic.platforms.front();
        const auto sp = platform.find(' ');
        if (sp != std::string::npos) {
            g.switchVendor = platform.substr(0, sp);
            g.switchModel = platform.substr(sp + 1);
        } else {
            g.switchVendor = asic.vendor;
            g.switchModel = platform;
        }
    } else {
        g.switchModel = o.model;
        if (asic.vendor != "NVIDIA" && !o.modelGiven)
            g.switchVendor = asic.vendor;
    }
    if (auto naming = portNamingFromString(o.portNames))
        g.portNaming = *naming;
    else
        throw std::invalid_argument(fmt::format("--port-names \"{}\": expected sonic, cumulus, eos, nxos, junos or huawei", o.portNames));
    g.hostSpeed = parseSpeed(o.hostSpeed);
    g.fabricSpeed = parseSpeed(o.fabricSpeed);
    g.asic = o.asic;
    g.mtu = o.mtu;
    g.defaultPolicy = !o.noPolicy;
    if (!o.lossless.empty())
        g.roce.lossless = parseIntList(o.lossless, "--lossless");
    if (!o.roceDscp.empty())
        g.roce.roceDscp = parseIntList(o.roceDscp, "--roce-dscp");
    g.roce.cnpDscp = o.cnpDscp;
    if (!o.ecn.empty())
        parseEcnText(o.ecn, g.roce);
    if (g.defaultPolicy)
        (void)rocePolicy(g.roce); // refuses a bad combination before anything is generated
    return g;
}

} // namespace lfp
