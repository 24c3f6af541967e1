// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file staticroutes.h
/// Static routes as a file states them (read by importers/staticroutes.h, checked against the
/// topology and resolved by planner/routing/routing.h): at switch `at`, traffic for the hosts behind edge
/// switch `destination` goes to `nextHops` (neighbour switch names).

#include "model/errors.h"

#include <string>
#include <vector>

namespace lfp {

struct StaticRoute {
    std::string at;
    std::string destination;
    std::vector<std::string> nextHops;
    SourceLocation where; ///< the line (text) or /routes/N (JSON) it came from
};

} // namespace lfp
