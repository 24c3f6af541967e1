// SPDX-License-Identifier: GPL-3.0-or-later
#include "buffersettings.h"

#include "errors.h"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

namespace lfp {

const char* toString(SonicRelease r)
{
    switch (r) {
    case SonicRelease::Legacy:
        return "legacy";
    case SonicRelease::Pr3235:
        return "pr3235";
    case SonicRelease::Pr4757:
        return "pr4757";
    case SonicRelease::Head:
        return "head";
    }
    return "?";
}

SonicRelease sonicReleaseFromString(const std::string& s)
{
    if (s == "legacy" || s == "4957df86d" || s == "f9462c499")
        return SonicRelease::Legacy;
    if (s == "pr3235" || s == "3235" || s == "3943093d4")
        return SonicRelease::Pr3235;
    if (s == "pr4757" || s == "4757" || s == "b20a59691" || s == "b20a59691baca9ff6e4fbe46a7cd8223a3419117")
        return SonicRelease::Pr4757;
    if (s == "head" || s == "e6b0c5b5" || s == "e6b0c5b5d2ab52354c4ec941f7c9005aeec3f779")
        return SonicRelease::Head;
    throw std::invalid_argument(fmt::format("unknown SONiC release \"{}\": expected legacy, pr3235, pr4757 or head", s));
}

namespace {
    constexpr const char* kOverSubscribe = "buffer.over_subscribe_ratio";
    constexpr const char* kLosslessMtu = "buffer.lossless_mtu";
    constexpr const char* kSmallPacket = "buffer.small_packet_percentage";
    constexpr const char* kRelease = "buffer.sonic_release";
    constexpr const char* kMaxHeadroom = "buffer.max_headroom_size";
    constexpr const char* kDynamicTh = "buffer.dynamic_th";
    constexpr const char* kGearbox = "buffer.gearbox_delay";

    constexpr const char* kOverSubscribeForms = "a number ≥ 0 (0 = no shared headroom pool)";
    constexpr const char* kMtuForms = "a whole number of bytes, 64..65535";
    constexpr const char* kPercentForms = "a whole percentage 0..100";
    constexpr const char* kDynamicThForms = "a whole number −8..7 (alpha = 2^dynamic_th)";

    /// A finite decimal number, the whole text (no leading blanks, no trailing unit).
    std::optional<double> number(std::string_view v)
    {
        if (v.empty() || v.size() > 64)
            return std::nullopt;
        const std::string s(v);
        try {
            std::size_t used = 0;
            const double d = std::stod(s, &used);
            if (used != s.size() || !std::isfinite(d) || std::isspace(static_cast<unsigned char>(s.front())))
                return std::nullopt;
            return d;
        } catch (const std::logic_error&) {
            return std::nullopt;
        }
    }

    std::optional<int> wholeIn(std::string_view v, int lo, int hi)
    {
        const auto d = number(v);
        if (!d || *d < lo || *d > hi || *d != std::floor(*d))
            return std::nullopt;
        return static_cast<int>(*d);
    }
} // namespace

const std::vector<std::string>& bufferSettingKeys()
{
    static const std::vector<std::string> keys { kDynamicTh, kGearbox, kLosslessMtu, kMaxHeadroom, kOverSubscribe, kSmallPacket, kRelease };
    return keys;
}

std::string setBufferSetting(NodeBufferSettings& s, std::string_view key, std::string_view value)
{
    if (key == kOverSubscribe) {
        const auto d = number(value);
        // An upper bound keeps the pool arithmetic finite; SONiC's own examples use 2..8.
        if (!d || *d < 0 || *d > 1000)
            return fmt::format("{} (at most 1000)", kOverSubscribeForms);
        s.overSubscribeRatio = *d;
    } else if (key == kLosslessMtu) {
        const auto v = wholeIn(value, 64, 65535);
        if (!v)
            return kMtuForms;
        s.losslessMtu = Bytes(*v);
    } else if (key == kSmallPacket) {
        const auto v = wholeIn(value, 0, 100);
        if (!v)
            return kPercentForms;
        s.smallPacketPercentage = *v;
    } else if (key == kRelease) {
        try {
            s.sonicRelease = sonicReleaseFromString(std::string(value));
        } catch (const std::invalid_argument&) {
            return "legacy, pr3235, pr4757 or head";
        }
    } else if (key == kMaxHeadroom) {
        try {
            s.maxHeadroomSize = parseBytes(value);
        } catch (const UnitError&) {
            return kByteForms;
        }
    } else if (key == kDynamicTh) {
        const auto v = wholeIn(value, -8, 7);
        if (!v)
            return kDynamicThForms;
        s.dynamicTh = *v;
    } else if (key == kGearbox) {
        try {
            s.gearboxDelay = parseDuration(value);
        } catch (const UnitError&) {
            return kDurationForms;
        }
    } else {
        std::string known;
        for (const auto& k : bufferSettingKeys())
            known += (known.empty() ? "" : ", ") + k;
        return "a known buffer setting: " + known;
    }
    return {};
}

bool clearBufferSetting(NodeBufferSettings& s, std::string_view key)
{
    if (key == kOverSubscribe)
        s.overSubscribeRatio.reset();
    else if (key == kLosslessMtu)
        s.losslessMtu.reset();
    else if (key == kSmallPacket)
        s.smallPacketPercentage.reset();
    else if (key == kRelease)
        s.sonicRelease.reset();
    else if (key == kMaxHeadroom)
        s.maxHeadroomSize.reset();
    else if (key == kDynamicTh)
        s.dynamicTh.reset();
    else if (key == kGearbox)
        s.gearboxDelay.reset();
    else
        return false;
    return true;
}

std::optional<std::string> bufferSettingText(const NodeBufferSettings& s, std::string_view key)
{
    if (key == kOverSubscribe && s.overSubscribeRatio)
        return fmt::format("{}", *s.overSubscribeRatio); // shortest form that reads back exactly
    if (key == kLosslessMtu && s.losslessMtu)
        return std::to_string(s.losslessMtu->value());
    if (key == kSmallPacket && s.smallPacketPercentage)
        return std::to_string(*s.smallPacketPercentage);
    if (key == kRelease && s.sonicRelease)
        return toString(*s.sonicRelease);
    if (key == kMaxHeadroom && s.maxHeadroomSize)
        return std::to_string(s.maxHeadroomSize->value());
    if (key == kDynamicTh && s.dynamicTh)
        return std::to_string(*s.dynamicTh);
    if (key == kGearbox && s.gearboxDelay)
        return formatDuration(*s.gearboxDelay);
    return std::nullopt;
}

std::vector<std::pair<std::string, std::string>> bufferSettingTexts(const NodeBufferSettings& s)
{
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& k : bufferSettingKeys())
        if (auto t = bufferSettingText(s, k))
            out.emplace_back(k, *t);
    return out;
}

} // namespace lfp
