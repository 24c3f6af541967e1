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
#include <stdexcept>
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
    AtomicFileWriter w(path);
    w.write(contents);
    w.commit();
}

AtomicFileWriter::AtomicFileWriter(std::string path)
    : m_path(std::move(path))
{
    namespace fs = std::filesystem;
    const fs::path target(m_path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::string tmpl = (dir / ("." + target.filename().string() + ".tmp-XXXXXX")).string();
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    m_fd = ::mkstemp(buf.data());
    if (m_fd < 0)
        throw InputError(SourceLocation { m_path, 0, 0, {} }, fmt::format("cannot write: {}", std::strerror(errno)));
    m_tmp = buf.data();
    // mkstemp creates 0600; give the file the mode a plain open() would (or keep the existing one).
    struct stat st {};
    mode_t mode;
    if (::stat(m_path.c_str(), &st) == 0) {
        mode = st.st_mode & 07777;
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    ::fchmod(m_fd, mode);
}

AtomicFileWriter::~AtomicFileWriter()
{
    if (m_fd >= 0) { // not committed
        ::close(m_fd);
        std::remove(m_tmp.c_str());
    }
}

void AtomicFileWriter::fail(int error)
{
    const std::string why = std::strerror(error);
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
    std::remove(m_tmp.c_str());
    throw InputError(SourceLocation { m_path, 0, 0, {} }, fmt::format("cannot write: {}", why));
}

void AtomicFileWriter::write(std::string_view bytes)
{
    if (m_fd < 0)
        throw std::logic_error("AtomicFileWriter::write after commit");
    std::size_t done = 0;
    while (done < bytes.size()) {
        const auto n = ::write(m_fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            fail(n < 0 ? errno : ENOSPC);
        done += static_cast<std::size_t>(n);
    }
}

void AtomicFileWriter::commit()
{
    if (m_fd < 0)
        throw std::logic_error("AtomicFileWriter::commit twice");
    if (::fsync(m_fd) != 0)
        fail(errno);
    const int fd = m_fd;
    m_fd = -1;
    if (::close(fd) != 0 || std::rename(m_tmp.c_str(), m_path.c_str()) != 0) {
        const int error = errno;
        std::remove(m_tmp.c_str());
        throw InputError(SourceLocation { m_path, 0, 0, {} }, fmt::format("cannot write: {}", std::strerror(error)));
    }
}

} // namespace lfp
