// SPDX-License-Identifier: GPL-3.0-or-later
#include "fileio.h"

#include "errors.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace lfp {

std::string readWholeFile(const std::string& path, std::size_t maxBytes)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(SourceLocation { path, 0, 0, {} }, "cannot open the file for reading");
    std::error_code ec;
    if (const auto size = std::filesystem::file_size(path, ec); !ec && size > maxBytes)
        throw InputError(SourceLocation { path, 0, 0, {} },
            fmt::format("the file is {:.1f} MiB; LFP reads input files of up to {} MiB", static_cast<double>(size) / (1 << 20), maxBytes >> 20));
    // A regular file is read into a buffer of its size in one call (no growth, no copy out of a
    // stream: a 67 MB fabric is read once); pipes and special files through the stream.
    if (const auto size = std::filesystem::file_size(path, ec); !ec && size > 0) {
        std::string text(static_cast<std::size_t>(size), '\0');
        in.read(text.data(), static_cast<std::streamsize>(size));
        if (in.bad())
            throw InputError(SourceLocation { path, 0, 0, {} }, "read error");
        text.resize(static_cast<std::size_t>(in.gcount()));
        if (in.peek() == std::char_traits<char>::eof())
            return text; // the whole file (it did not grow while being read)
        std::ostringstream rest;
        rest << in.rdbuf();
        text += rest.str();
        if (text.size() > maxBytes)
            throw InputError(SourceLocation { path, 0, 0, {} }, fmt::format("the file grew beyond {} MiB while being read", maxBytes >> 20));
        return text;
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad())
        throw InputError(SourceLocation { path, 0, 0, {} }, "read error");
    return ss.str();
}

void writeFileAtomically(const std::string& path, std::string_view contents)
{
    namespace fs = std::filesystem;
    const fs::path target(path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::string tmpl = (dir / ("." + target.filename().string() + ".tmp-XXXXXX")).string();
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    const int fd = ::mkstemp(buf.data());
    if (fd < 0)
        throw InputError(SourceLocation { path, 0, 0, {} }, fmt::format("cannot write: {}", std::strerror(errno)));
    const std::string tmp(buf.data());
    // mkstemp creates 0600; give the file the mode a plain open() would (or keep the existing one).
    {
        struct stat st {};
        mode_t mode;
        if (::stat(path.c_str(), &st) == 0) {
            mode = st.st_mode & 07777;
        } else {
            const mode_t mask = ::umask(0);
            ::umask(mask);
            mode = 0666 & ~mask;
        }
        ::fchmod(fd, mode);
    }
    std::size_t done = 0;
    bool ok = true;
    while (done < contents.size()) {
        const auto n = ::write(fd, contents.data() + done, contents.size() - done);
        if (n <= 0) {
            ok = false;
            break;
        }
        done += static_cast<std::size_t>(n);
    }
    ok = ok && ::fsync(fd) == 0;
    ok = (::close(fd) == 0) && ok;
    if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
        const std::string why = std::strerror(errno);
        std::remove(tmp.c_str());
        throw InputError(SourceLocation { path, 0, 0, {} }, fmt::format("cannot write: {}", why));
    }
}

} // namespace lfp
