// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/buffer/asicinference.h"

#include <cctype>
#include <charconv>
#include <optional>
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

    /// InfiniBand NodeInfo DeviceIDs of NVIDIA (Mellanox, NodeInfo VendorID = OUI 0x0002c9) switch ASICs,
    /// as ibnetdiscover prints them (devid=0x…). Mellanox devices report their PCI device ID there; the
    /// names are those of the PCI ID Repository, /usr/share/misc/pci.ids (Debian package pci.ids
    /// 2023.04.10), vendor 15b3. The catalogue profile is given where resources/asics has the ASIC.
    struct IbSwitchDevice {
        std::uint32_t id;
        const char* name; ///< pci.ids 15b3:<id>
        const char* profile; ///< catalogue id, or null when the catalogue has no profile for it
    };
    constexpr IbSwitchDevice kIbSwitchDevices[] = {
        { 0xcb84, "MT52100 (Spectrum)", "spectrum-1" },
        { 0xcf6c, "MT53100 [Spectrum-2]", "spectrum-2" },
        { 0xcf70, "Spectrum-3", "spectrum-3" },
        { 0xcf80, "Spectrum-4", "spectrum-4" },
        { 0xcf08, "Switch-IB2", nullptr },
        { 0xd2f0, "Quantum HDR (200Gbps) switch", nullptr },
        { 0xd2f2, "Quantum-2 NDR (400Gbps) switch", nullptr },
        { 0xd2f4, "Quantum-3", nullptr },
    };
    constexpr std::uint32_t kMellanoxOui = 0x0002c9;

    std::optional<std::uint32_t> hexAttr(const Node& n, const char* key)
    {
        auto it = n.attributes.find(key);
        if (it == n.attributes.end())
            return std::nullopt;
        std::string_view s = it->second;
        if (s.substr(0, 2) == "0x" || s.substr(0, 2) == "0X")
            s.remove_prefix(2);
        std::uint32_t v = 0;
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, 16);
        if (ec != std::errc() || p != s.data() + s.size() || s.empty())
            return std::nullopt;
        return v;
    }

    /// Node attributes and fields that name the hardware, in the order they are trusted.
    std::vector<std::pair<std::string, std::string>> hardwareTexts(const Node& n)
    {
        std::vector<std::pair<std::string, std::string>> v;
        for (const char* key : { "sonic.platform", "netbox.device_type", "netbox.device_type_slug", "ib.device" })
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
        AsicInference r;
        r.node = n.name;
        // InfiniBand NodeInfo device ID (ibnetdiscover devid=), first: it names the silicon itself.
        if (auto dev = hexAttr(n, "ib.device_id"); dev && hexAttr(n, "ib.vendor_id") == kMellanoxOui) {
            const IbSwitchDevice* known = nullptr;
            for (const auto& d : kIbSwitchDevices)
                if (d.id == *dev)
                    known = &d;
            const AsicProfile* a = known && known->profile ? catalog.find(known->profile) : nullptr;
            if (a) {
                n.asic = a->id;
                r.asic = a->id;
                r.evidence = fmt::format("ib.device_id 0x{:04x} is {} (pci.ids 15b3:{:04x}) ({})", *dev, known->name, *dev, a->name);
            } else if (known) {
                r.evidence = fmt::format("ib.device_id 0x{:04x} is {} (pci.ids 15b3:{:04x}), which the ASIC catalogue has no profile for", *dev,
                    known->name, *dev);
            } else {
                r.evidence = fmt::format("ib.device_id 0x{:04x} of vendor 0x{:06x} is not a switch ASIC LFP knows", *dev, kMellanoxOui);
            }
            out.push_back(std::move(r));
            continue;
        }
        const auto texts = hardwareTexts(n);
        if (texts.empty())
            continue;
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
