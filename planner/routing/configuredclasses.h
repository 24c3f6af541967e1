// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file configuredclasses.h
/// The buffer dependencies of a fabric whose switch ports **re-tag** lossless traffic hop by hop (a
/// Tagger tag plan, planner/routing/certificatefix.h, or any per-port DSCP remark or class → queue map
/// that moves a lossless packet to another priority), walked as the switches forward it.
///
/// The per-class analysis (deadlock.h) assumes a packet keeps its priority along its path: it analyses
/// each lossless priority's channels over every routed turn, and merges priorities lossless on the same
/// channels into one class. On a fabric that re-tags, that graph is a superset of the real one (every
/// dependency the walk below finds projects onto it), so its cycles may be spurious: a tag plan's
/// fabric analysed per class shows the very cycle the plan removes. This walk follows each packet's
/// DSCP: per destination edge switch (the routing context's next hops, any routing model), from every
/// other edge switch, with the DSCPs the hosts' NICs send (nic.roce_dscp, the application's ToS, the
/// CNP DSCP), hop by hop — at each ingress port its policy's DSCP → class → PG (the buffer, whose PFC
/// priority is the lossless priority mapped to that PG), at each egress port its policy's class → queue
/// and DSCP remark (SAI: TC → queue and the remark are egress-port maps; PORT_QOS_MAP per port in
/// SONiC). A packet in lossless buffer (c, p) waits for the next switch's buffer of its queue's priority
/// q on the next channel (PFC pauses per priority, IEEE 802.1Qbb; priority q pauses queue q): the edge
/// (c, p) → (o, q). A cycle of such edges is a cyclic buffer dependency.

#include "model/fabric.h"
#include "planner/routing/routing.h"

#include <cstddef>
#include <string>
#include <vector>

namespace lfp {

class Feedback;

/// Whether the fabric re-tags lossless traffic on some switch port: a remark of a DSCP the port
/// classifies lossless to another DSCP, or a class carried as another priority's traffic
/// (TrafficClass::losslessAs), or a lossless class queued in another priority's queue.
struct RetagSummary {
    std::size_t ports = 0; ///< switch ports (of links) whose policy re-tags
    std::vector<std::string> policies; ///< the policies that do, sorted
    [[nodiscard]] bool any() const { return ports > 0; }
};
RetagSummary retaggingPorts(const Fabric& fabric, const Topology& t);

/// One buffer: a channel (switch-to-switch direction) and the PFC priority of the PG it fills.
struct ConfiguredBuffer {
    int channel = -1;
    int priority = -1;
};

struct ConfiguredWalk {
    bool cyclic = false;
    std::size_t cyclicComponents = 0;
    std::vector<ConfiguredBuffer> cycle; ///< a shortest cycle of the largest component (empty: none)
    std::vector<std::string> cycleText; ///< the same buffers as describeBuffer() words them
    std::size_t dependencies = 0; ///< edges of the walked graph
    std::size_t states = 0; ///< (channel, DSCP, routing state) visited, over all destinations
    /// hops where a lossless packet leaves from queue q into the next switch's lossless buffer of
    /// another priority p ≠ q: p's pause does not stop queue q (the buffer can overflow: a drop)
    std::size_t unpausedHops = 0;
    std::vector<int> injected; ///< the DSCPs the hosts send, ascending
    /// false: no host policy states what it sends, so every DSCP a switch port admits lossless was
    /// injected at every edge switch (an over-approximation)
    bool injectedFromHosts = true;
};

/// Walks @p fabric (@p t its topology) under @p ctx (healthy or with links down). Cancelled through @p fb.
ConfiguredWalk walkConfiguredClasses(const Fabric& fabric, const Topology& t, const RoutingContext& ctx, Feedback* fb = nullptr);

/// What one walk of @p t costs, in units of the budget below: edge switches × channels (a routing and a
/// DSCP walk per destination edge switch, each about linear in the channels; BM_ConfiguredWalk: about 0.3
/// µs of CPU per unit, k=16 and k=32 fat-trees with the two-tag plan).
std::size_t configuredWalkCost(const Topology& t);

/// The walks of @p fabric under each set of failed links in @p sets (link indices of @p t), healthy
/// first when @p healthy: how many were walked and which were cyclic. At most @p budget (the sum of
/// configuredWalkCost) is spent; sets beyond it are not walked (@c complete false) and the caller keeps
/// its own, over-approximating verdict for them.
struct ConfiguredSetsWalk {
    bool complete = true; ///< every set walked
    std::size_t walked = 0; ///< walks done (the healthy fabric counted)
    bool healthyCyclic = false;
    std::vector<std::size_t> cyclic; ///< indices into @p sets whose walk has a cycle
};
constexpr std::size_t kConfiguredWalkBudget = 100'000'000; ///< Σ configuredWalkCost: about 30 s of one core
ConfiguredSetsWalk walkConfiguredSets(const Fabric& fabric, const Topology& t, RoutingModel routing, const StaticTable* statics,
    const std::vector<std::vector<int>>& sets, bool healthy, std::size_t budget = kConfiguredWalkBudget, Feedback* fb = nullptr);

/// "leaf1:Ethernet16 -> spine1:Ethernet0 (priority 3)" for a cycle's buffer.
std::string describeBuffer(const Topology& t, const ConfiguredBuffer& b);

} // namespace lfp
