// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file objectsearch.h
/// Finding devices and ports by name: the GUI's Ctrl+F and `lfp find` share this. A query matches a
/// node whose name contains it or whose role it names exactly ("host", "leaf"), or a port whose
/// "node:port" text contains it, ignoring case; a query with a colon ("leaf1:Eth") matches only ports. Results are ordered exact match, then prefix, then
/// anywhere, each in fabric order, so the first result is the one a person most likely meant.
#include "fabricindex.h"
#include "objectref.h"

#include <string_view>
#include <vector>

namespace lfp {

struct SearchResult {
    std::vector<ObjectRef> objects; ///< at most the limit asked for
    std::size_t total = 0; ///< every match, also beyond the limit
};

SearchResult searchObjects(const FabricIndex& index, std::string_view query, std::size_t limit = 100);

} // namespace lfp
