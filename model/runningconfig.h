// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file runningconfig.h
/// What a switch's running configuration says beyond the fabric model: the buffer state that drift
/// (planner/review/drift.h) compares with the plan. The SONiC importer fills it from config_db.json
/// (BUFFER_PG, CABLE_LENGTH) next to the fabric fragment; it is typed data, not node attributes, and
/// it is not stored in projects (a project holds the plan, the running state is read when compared).

#include "units.h"

#include <map>
#include <optional>
#include <set>
#include <string>

namespace lfp {

struct RunningPortConfig {
    /// CABLE_LENGTH as configured, and its text ("40m") for messages.
    std::optional<Metres> cableLength;
    std::string cableLengthText;
    std::set<int> losslessPgs; ///< PGs with a lossless buffer profile (BUFFER_PG)
    std::map<int, std::string> pgProfiles; ///< BUFFER_PG profile name per PG, as configured
    bool operator==(const RunningPortConfig&) const = default;
};

struct RunningSwitchConfig {
    bool bufferPgPresent = false; ///< the source has a BUFFER_PG table (else lossless PGs are not compared)
    std::map<std::string, RunningPortConfig> ports; ///< by port name
    bool operator==(const RunningSwitchConfig&) const = default;
};

struct RunningConfig {
    std::map<std::string, RunningSwitchConfig> switches; ///< by node name
    [[nodiscard]] const RunningSwitchConfig* find(const std::string& node) const
    {
        auto it = switches.find(node);
        return it == switches.end() ? nullptr : &it->second;
    }
    [[nodiscard]] bool empty() const { return switches.empty(); }
    bool operator==(const RunningConfig&) const = default;
};

} // namespace lfp
