// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file deadlockcoverage.h
/// What a deadlock analysis covered, so that its verdict can say so: the destinations it routed, the
/// lossless switch-to-switch buffers whose dependencies it built, the host pairs (flows) whose routes
/// cross them. An analysis that covered nothing (no destination: no host attached to a switch) is an
/// error finding, never "cannot deadlock" (docs/deadlock.md, "What an analysis covers"). Also the
/// routing assumption printed with every verdict.

#include "planner/routing/deadlock.h"

#include <string>
#include <vector>

namespace lfp {

struct DeadlockCoverage {
    std::size_t switches = 0;
    std::size_t hosts = 0; ///< hosts attached to at least one switch
    std::size_t destinations = 0; ///< edge switches (Ethernet models) or CA LIDs (InfiniBand LFTs) routed to
    std::size_t switchBuffers = 0; ///< switch-to-switch ingress buffers (per class)
    std::size_t losslessBuffers = 0; ///< of those, lossless for at least one analysed class (PFC/credits)
    std::size_t flows = 0; ///< ordered host pairs whose traffic crosses a switch-to-switch link
    bool flowsExact = true;
    [[nodiscard]] bool empty() const { return destinations == 0; }
};

/// Coverage of an analysis of @p t with @p classes (Ethernet routing models).
DeadlockCoverage deadlockCoverage(const Topology& t, const std::vector<ClassMask>& classes, const DeadlockReport& r);

struct IbFabric;
/// Coverage of an analysis of InfiniBand forwarding tables (every VL buffer is credit-based: lossless).
DeadlockCoverage lftCoverage(const IbFabric& ib, const DeadlockReport& r);
/// Ordered host pairs that cross a switch-to-switch link, given the switches each host hangs on;
/// sets @p hosts (hosts with a switch) and @p exact (false: too many attachment patterns, H·(H−1)).
std::size_t crossingPairs(std::vector<std::vector<int>> attach, std::size_t& hosts, bool& exact);

/// LFP-DEADLOCK-NOTHING-COVERED (error) when no destination was analysed; LFP-DEADLOCK-NO-LOSSLESS-BUFFER
/// (warning) when switch-to-switch buffers exist but none is lossless.
std::vector<Finding> coverageFindings(const DeadlockCoverage& c, RoutingModel m);

/// One sentence: what the routing model assumes, and when it is pessimistic or optimistic.
std::string routingAssumption(RoutingModel m);

} // namespace lfp
