// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// InfiniBand helpers shared by the ibnetdiscover, ibnd-cache and verbs readers.
#include "model/units.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace lfp::ib {

/// "4xHDR" → (200 Gb/s, 4 lanes). Data rates per lane as IBTA names them: SDR 2.5, DDR 5, QDR 10,
/// FDR10 10, FDR 14, EDR 25, HDR 50, NDR 100, XDR 200 (Gb/s, marketing rates).
std::optional<std::pair<BitsPerSecond, int>> speedOf(std::string_view widthSpeed);
/// Per-lane rate of a speed name ("HDR") in Gb/s ×10 (to keep 2.5 exact), 0 when unknown.
int laneRateTenthsGbps(std::string_view speed);
/// "node01 mlx5_0" → ("node01", "mlx5_0") for CAs; anything else → (desc, "").
std::pair<std::string, std::string> splitHostDevice(const std::string& desc, bool isCa);

} // namespace lfp::ib
