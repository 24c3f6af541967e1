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

/// The same atomic write in pieces, for output too large to hold as one string (a million-cable
/// fabric's JSON is 190 MB; docs/performance.md): a temporary file beside @p path takes each write(),
/// commit() fsyncs it and renames it over @p path. Destroyed without commit() (an exception, a
/// cancelled write), the temporary file is removed and @p path is left as it was. Throws InputError
/// ("cannot write: …") as writeFileAtomically does.
class AtomicFileWriter {
public:
    explicit AtomicFileWriter(std::string path);
    ~AtomicFileWriter();
    AtomicFileWriter(const AtomicFileWriter&) = delete;
    AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;
    void write(std::string_view bytes);
    void commit();

private:
    [[noreturn]] void fail(int error);
    std::string m_path;
    std::string m_tmp;
    int m_fd = -1;
};
/// Reads a whole file of at most @p maxBytes. Throws InputError naming the file.
std::string readWholeFile(const std::string& path, std::size_t maxBytes = kMaxInputFileBytes);

} // namespace lfp
