// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file staticroutes.h
/// The static route file of `lfp deadlock --routing static --routes FILE` (docs/deadlock.md): text
/// lines `SWITCH DESTINATION NEXTHOP [NEXTHOP...]` ('#' comments), or JSON
/// `{"routes":[{"switch":"leaf0","destination":"leaf3","next_hops":["spine0"]}]}`.

#include "model/staticroutes.h"

#include <string>
#include <vector>

namespace lfp {

/// Reads a static route file; throws InputError with file:line (text) or /routes/N (JSON) on bad
/// syntax. Each route keeps where it came from, so planner/routing/routing.h checkStaticRoutes can name the
/// line of an unknown switch, a destination without hosts or a next hop that is not a neighbour.
std::vector<StaticRoute> readStaticRoutes(const std::string& path);

} // namespace lfp
