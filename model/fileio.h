// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file fileio.h
/// Whole-file reads with a size limit and atomic writes (temporary file, fsync, rename), shared by
/// every reader and writer.

#include <cstddef>
#include <string>
#include <string_view>

namespace lfp {

/// Largest input file LFP reads whole, bytes (1 GiB): a larger file is refused with its size.
inline constexpr std::size_t kMaxInputFileBytes = std::size_t(1) << 30;

/// Writes @p contents to @p path atomically (temporary file + rename). Throws InputError.
void writeFileAtomically(const std::string& path, std::string_view contents);
/// Reads a whole file of at most @p maxBytes. Throws InputError naming the file.
std::string readWholeFile(const std::string& path, std::size_t maxBytes = kMaxInputFileBytes);

} // namespace lfp
