#include "model/resources.h"

#include <filesystem>
#include <system_error>

#ifndef LFP_RESOURCE_DIR
#define LFP_RESOURCE_DIR ""
#endif
#ifndef LFP_BUILD_SHARE_DIR
#define LFP_BUILD_SHARE_DIR ""
#endif
#ifndef LFP_INSTALL_SHARE_DIR
#define LFP_INSTALL_SHARE_DIR ""
#endif

namespace lfp {

namespace fs = std::filesystem;

std::vector<std::string> resourceDirectories(std::string_view sub)
{
    std::vector<std::string> out;
    if (const std::string res = LFP_RESOURCE_DIR; !res.empty())
        out.push_back((fs::path(res) / sub).string());
    if (const std::string built = LFP_BUILD_SHARE_DIR; !built.empty())
        out.push_back((fs::path(built) / sub).string());
    std::error_code ec;
    if (const fs::path exe = fs::read_symlink("/proc/self/exe", ec); !ec)
        out.push_back((exe.parent_path().parent_path() / "share" / "lfp" / sub).lexically_normal().string());
    // The installed prefix's data directory (/usr/share/lfp for the package): where /proc is not
    // mounted (a chroot, some containers) the executable's own path above cannot be read.
    if (const std::string installed = LFP_INSTALL_SHARE_DIR; !installed.empty())
        out.push_back((fs::path(installed) / sub).string());
    return out;
}

std::optional<std::string> findResourceDirectory(std::string_view sub)
{
    for (const auto& dir : resourceDirectories(sub)) {
        std::error_code ec;
        if (fs::is_directory(dir, ec))
            return dir;
    }
    return std::nullopt;
}

} // namespace lfp
