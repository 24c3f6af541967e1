#pragma once
// Where the shipped data tables live (resources/ of the source tree in a build, share/lfp/ when installed).
// The one place of that rule: the ASIC catalogue (model/asiccatalog), the watchdog platforms
// (planner/checks/watchdog), the contract default sets (planner/checks/contractsets) and the manual that
// the build makes (docs/CMakeLists.txt: <build>/share/lfp/manual; Help ▸ User Guide) all ask here.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lfp {

/// The candidate folders of resources/<sub>, in order of preference: the source tree's resources/ (compiled in as
/// LFP_RESOURCE_DIR), the build tree's share/lfp/ (LFP_BUILD_SHARE_DIR: what the build makes, the manual),
/// then <prefix>/share/lfp/<sub> beside the running executable (<prefix>/bin/lfp).
std::vector<std::string> resourceDirectories(std::string_view sub);

/// The first of resourceDirectories(sub) that exists, or nothing.
std::optional<std::string> findResourceDirectory(std::string_view sub);

} // namespace lfp
