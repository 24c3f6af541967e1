// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file jsontext.h
/// JSON text before and after parsing, shared by every JSON reader (fabric files, .lfp revisions,
/// ASIC profiles, importers): structural limits checked in one iterative pass before any parser sees
/// the text, and an iterative locator that turns a JSON pointer into a line and column. Neither
/// recurses, so no input can exhaust the stack. Limits are documented in docs/formats/limits.md.

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

namespace lfp {

struct JsonLimits {
    std::size_t maxBytes = std::size_t(1) << 30; ///< whole text, bytes (1 GiB)
    std::size_t maxDepth = 256; ///< nesting of arrays and objects
    std::size_t maxString = std::size_t(16) << 20; ///< one string or key, bytes (16 MiB) before unescaping
};

/// Checks @p text against @p limits and refuses duplicate keys in an object. Throws InputError naming
/// @p file, the line and column, and the limit; text that is not JSON at all is left to the parser to
/// report (this pass stops quietly where it cannot follow).
void checkJsonText(std::string_view text, const std::string& file, const JsonLimits& limits = {});

/// Finds the line and column (1-based) of the value at JSON pointer @p pointer in @p text.
/// Returns the innermost container on the path when a member is missing, {1,1} for the root.
std::pair<int, int> locateJsonPointer(std::string_view text, std::string_view pointer);

/// Line and column (1-based, columns count UTF-8 code points) of byte @p offset.
std::pair<int, int> textLineColumn(std::string_view text, std::size_t offset);

} // namespace lfp
