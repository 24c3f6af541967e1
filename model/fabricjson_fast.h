// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file fabricjson_fast.h
/// Internal to model/: strict reading of the bulk of a fabric (nodes, ports, links) with simdjson.
/// It accepts exactly what the strict nlohmann reader (fabricjson.cpp) accepts and says nothing about
/// why it refuses: on any doubt it returns nothing and the caller falls back to the strict reader,
/// which names the line, column and field. So error messages have one source, and valid files load
/// several times faster. The caller has already run checkJsonText (limits, duplicate keys).

#include "fabric.h"

#include <optional>
#include <string_view>

namespace lfp {

std::optional<Fabric> fastFabricFromJsonText(std::string_view text);

} // namespace lfp
