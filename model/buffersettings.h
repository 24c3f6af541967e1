// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file buffersettings.h
/// Per-switch buffer settings: the SONiC knobs that change a switch's headroom and pools
/// (docs/formulas.md, "Per-switch settings"). In fabric files they are node attributes named
/// "buffer.*" (a flat, diff-friendly form); the reader parses and range-checks them into these typed
/// fields when the file is read (a malformed value is an InputError at its file:line:column), and the
/// writer writes them back as attributes in canonical text. A field that is not set takes the
/// planner's default (planner/buffer/budget.h, BufferSettings).

#include "units.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lfp {

/// Which sonic-swss buffer_headroom_mellanox.lua the "spectrum" model reproduces (headroom.md §1.4).
enum class SonicRelease {
    /// f9462c499 (#1930) + 4957df86d (#2860) up to before 3943093d4: packet-based small-packet share,
    /// fractional worst-case factor, cable /(8·1024), 8-lane xon 2·pipeline − 1 KiB, no kB-on-tile.
    Legacy,
    /// 3943093d4 (#3235, 2024-09): byte-based small-packet share, ceil(wcf), cable /(8·1000),
    /// kB-on-tile for Spectrum-4/5, 8-lane xon 2·pipeline. No compensations.
    Pr3235,
    /// b20a59691baca9ff6e4fbe46a7cd8223a3419117 (#4757, 2026-07-28): #3235 plus the small-packet headroom
    /// compensation (+2 KiB when SHP is off, spp ≠ 100 and xoff + 2 KiB is below the all-small-packet
    /// xoff); before the Spectrum-6 +18 KiB of #4797.
    Pr4757,
    /// HEAD e6b0c5b5d2ab…: #3235 plus b20a59691 (#4757, +2 KiB when SHP is off and spp ≠ 100) and
    /// 422271e7e (#4797, Spectrum-6 +18 KiB).
    Head,
};

const char* toString(SonicRelease r);
/// "legacy", "pr3235" (or "3943093d4"), "pr4757" (or "b20a59691"), "head" (or "e6b0c5b5"). Throws std::invalid_argument.
SonicRelease sonicReleaseFromString(const std::string& s);

/// The settings a switch's file gives; unset fields take the planner's defaults.
struct NodeBufferSettings {
    std::optional<double> overSubscribeRatio; ///< buffer.over_subscribe_ratio, ≥ 0 (0 = no shared headroom pool)
    std::optional<Bytes> losslessMtu; ///< buffer.lossless_mtu, 64..65535 B (LOSSLESS_TRAFFIC_PATTERN.mtu)
    std::optional<int> smallPacketPercentage; ///< buffer.small_packet_percentage, 0..100
    std::optional<SonicRelease> sonicRelease; ///< buffer.sonic_release
    std::optional<Bytes> maxHeadroomSize; ///< buffer.max_headroom_size (a per-port maximum overriding the ASIC's)
    std::optional<int> dynamicTh; ///< buffer.dynamic_th, −8..7 (alpha = 2^dynamic_th)
    std::optional<Nanoseconds> gearboxDelay; ///< buffer.gearbox_delay

    [[nodiscard]] bool empty() const { return *this == NodeBufferSettings {}; }
    bool operator==(const NodeBufferSettings&) const = default;
};

/// The attribute prefix of the settings.
inline constexpr std::string_view kBufferSettingPrefix = "buffer.";
inline bool isBufferSettingKey(std::string_view key) { return key.substr(0, kBufferSettingPrefix.size()) == kBufferSettingPrefix; }

/// Every known key, in the order of the attribute map ("buffer.dynamic_th", …).
const std::vector<std::string>& bufferSettingKeys();

/// Parses @p value of attribute @p key into @p s. Returns an empty string when it was accepted, else
/// what was expected ("a whole percentage 0..100"; for an unknown key, the list of known keys).
std::string setBufferSetting(NodeBufferSettings& s, std::string_view key, std::string_view value);

/// Removes a setting (for edits that clear it); false for an unknown key.
bool clearBufferSetting(NodeBufferSettings& s, std::string_view key);

/// The text of one setting, or nullopt when it is unset or the key is unknown. Canonical forms that
/// parse back to the same value: "2", "1.5", "1024", "legacy", "102400", "-2", "400ns".
std::optional<std::string> bufferSettingText(const NodeBufferSettings& s, std::string_view key);

/// All set settings as (attribute key, canonical text), sorted by key.
std::vector<std::pair<std::string, std::string>> bufferSettingTexts(const NodeBufferSettings& s);

} // namespace lfp
