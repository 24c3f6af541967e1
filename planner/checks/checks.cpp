// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/checks/checks.h"
#include "planner/checks/watchdog.h"

#include <algorithm>
#include <tuple>

namespace lfp {

void sortFindings(std::vector<Finding>& findings)
{
    std::stable_sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
        const int sa = -static_cast<int>(a.severity), sb = -static_cast<int>(b.severity);
        return std::tie(sa, a.code, a.objects, a.message) < std::tie(sb, b.code, b.objects, b.message);
    });
}

std::vector<Finding> runAllChecks(const Fabric& fabric, const AsicCatalog& catalog, Feedback* feedback)
{
    const FabricIndex index(fabric);
    return runAllChecks(index, catalog, feedback);
}

std::vector<Finding> runAllChecks(const FabricIndex& fabric, const AsicCatalog& catalog, Feedback* feedback)
{
    return runAllChecks(fabric, catalog, {}, feedback);
}

std::vector<Finding> runAllChecks(const FabricIndex& fabric, const AsicCatalog& catalog, const std::vector<bool>& bufferSwitches, Feedback* feedback)
{
    // Buffers first, then policies; each part owns its share of the progress bar only through its
    // own messages (both report 0..100, which the front end shows per stage).
    std::vector<Finding> all = checkBuffers(fabric, catalog, bufferSwitches, feedback);
    checkCancelled(feedback);
    std::vector<Finding> policy = checkPolicies(fabric, feedback);
    all.insert(all.end(), std::make_move_iterator(policy.begin()), std::make_move_iterator(policy.end()));
    std::vector<Finding> physical = checkPhysical(fabric, feedback);
    all.insert(all.end(), std::make_move_iterator(physical.begin()), std::make_move_iterator(physical.end()));
    std::vector<Finding> identity = checkIdentity(fabric, feedback);
    all.insert(all.end(), std::make_move_iterator(identity.begin()), std::make_move_iterator(identity.end()));
    std::vector<Finding> wd = checkWatchdogPlatforms(fabric, feedback);
    all.insert(all.end(), std::make_move_iterator(wd.begin()), std::make_move_iterator(wd.end()));
    std::vector<Finding> ib = checkInfinibandQos(fabric, feedback);
    all.insert(all.end(), std::make_move_iterator(ib.begin()), std::make_move_iterator(ib.end()));
    sortFindings(all);
    return all;
}

} // namespace lfp
