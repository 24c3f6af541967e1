// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file checks.h
/// Every design check of a fabric, in one call: buffers (headroom, budgets, ECN/PFC ordering) and
/// policy (ETS, consistency of both link ends and of every host-to-host path, PFC watchdog, CNP, NIC).
/// The CLI's `lfp check` and the GUI's findings panel both call runAllChecks().

#include "planner/findings/findings.h"
#include "model/fabric.h"
#include "model/fabricindex.h"
#include "model/feedback.h"

#include <vector>

namespace lfp {

class AsicCatalog;

/// Buffer checks (planner/buffer/budget.cpp): headroom per lossless port vs the ASIC's limits, budget per
/// switch, shared-pool share, ECN marking before PFC.
std::vector<Finding> checkBuffers(const Fabric& fabric, const AsicCatalog& catalog, Feedback* feedback = nullptr);
std::vector<Finding> checkBuffers(const FabricIndex& index, const AsicCatalog& catalog, Feedback* feedback = nullptr);
/// The buffer checks of the switches @p only marks (by node index; empty = every switch): each switch's
/// findings depend on its node, the policy in force and the cable at each of its ports, and the ASIC
/// profiles, nothing else (planner/buffer/budget.cpp) — the rollout's incremental state checks rely on it.
std::vector<Finding> checkBuffers(const FabricIndex& index, const AsicCatalog& catalog, const std::vector<bool>& only, Feedback* feedback = nullptr);

/// Policy checks (planner/checks/policychecks.cpp): ETS, link-end and path consistency, watchdog, CNP, NIC.
std::vector<Finding> checkPolicies(const Fabric& fabric, Feedback* feedback = nullptr);
std::vector<Finding> checkPolicies(const FabricIndex& index, Feedback* feedback = nullptr);

/// Physical checks (planner/checks/physicalchecks.cpp): cable reach per medium and lane rate.
std::vector<Finding> checkPhysical(const Fabric& fabric, Feedback* feedback = nullptr);
std::vector<Finding> checkPhysical(const FabricIndex& index, Feedback* feedback = nullptr);

/// Identity checks (planner/checks/identitychecks.cpp): breakout members whose parent is themselves or no port
/// of their node, nodes that share an InfiniBand node GUID.
std::vector<Finding> checkIdentity(const FabricIndex& index, Feedback* feedback = nullptr);

/// InfiniBand QoS checks (planner/checks/ibpolicychecks.cpp): the project's ib_qos policies (SL → VL,
/// operational VLs, VL arbitration; IBA Vol 1 ch. 7.6) and the two ends of InfiniBand links. Nothing
/// when the fabric has no ib_qos policy.
std::vector<Finding> checkInfinibandQos(const FabricIndex& index, Feedback* feedback = nullptr);

/// PFC watchdog timers against their platforms (planner/checks/watchdog.h) are part of runAllChecks too.
/// All of the above, sorted by severity (errors first), then code, then objects. The Fabric form
/// builds the fabric's index once and runs every check on it.
std::vector<Finding> runAllChecks(const Fabric& fabric, const AsicCatalog& catalog, Feedback* feedback = nullptr);
std::vector<Finding> runAllChecks(const FabricIndex& index, const AsicCatalog& catalog, Feedback* feedback = nullptr);
/// runAllChecks with the buffer checks of only the switches @p bufferSwitches marks (checkBuffers).
std::vector<Finding> runAllChecks(const FabricIndex& index, const AsicCatalog& catalog, const std::vector<bool>& bufferSwitches, Feedback* feedback = nullptr);

/// The order runAllChecks returns: severity (errors first), then code, then objects, then message.
void sortFindings(std::vector<Finding>& findings);

} // namespace lfp
