// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file templates.h
/// Threshold templates: for one ASIC, a grid of speeds × cable lengths (× port MTUs) → xon / xoff /
/// size, written as CSV, Markdown or SONiC's pg_profile_lookup.ini (traditional buffer model:
/// "speed cable size xon xoff threshold [xon_offset]", speed in Mb/s, cable with an "m").

#include "planner/buffer/headroom.h"

#include <string>
#include <vector>

namespace lfp {

enum class TemplateFormat { Csv, Markdown, SonicIni };

/// "csv", "md" (or "markdown"), "sonic-ini"; throws std::invalid_argument naming the accepted forms.
TemplateFormat templateFormatFromString(const std::string& s);

struct TemplateRequest {
    std::vector<BitsPerSecond> speeds;
    std::vector<Metres> cables;
    std::vector<Bytes> mtus { Bytes(9100) };
    /// Lanes per speed; 0 = derive from the ASIC (lanesFor in generators.h).
    int lanes = 0;
    /// Everything else (lossless MTU, small packets, SHP ratio, gearbox, release) is taken from here.
    HeadroomInput base;
};

struct TemplateRow {
    BitsPerSecond speed {};
    Metres cable {};
    Bytes mtu {};
    int lanes = 4;
    HeadroomResult headroom;
};

/// Computes the grid (speeds outer, then cables, then MTUs... in the order SONiC's files use:
/// cable outer, speed inner). Throws std::invalid_argument on an empty grid or bad input.
std::vector<TemplateRow> buildTemplate(const AsicProfile& asic, const TemplateRequest& request);

/// Renders rows. SonicIni needs a single MTU (the file has no MTU column) and throws
/// std::invalid_argument otherwise.
std::string renderTemplate(const AsicProfile& asic, const std::vector<TemplateRow>& rows, TemplateFormat format);

} // namespace lfp
