// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file routing.h
/// Routing models for the deadlock analysis (deadlock.h), destination-based as real fabrics forward:
///  - ECMP over all shortest paths (what a converged OSPF/BGP Clos does: every equal-cost next hop);
///  - up*\/down* (valley-free): shortest among the paths that never go up after going down;
///  - static routes per switch, over ECMP (a static route wins where it has a live next hop);
///  - InfiniBand LFTs are handled in ibcredit.h (one port per DLID, SL per source–destination pair).
/// A destination is a switch with hosts ("edge switch"): every host behind it is reached through it,
/// so one forwarding tree serves them all. Hosts never forward.
/// No Qt, no I/O (static route files are read by importers/staticroutes.h).

#include "model/fabric.h"
#include "model/objectref.h"
#include "model/staticroutes.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace lfp {

enum class RoutingModel { Ecmp, UpDown, Static, Lft };
const char* toString(RoutingModel m);

/// The fabric as integer ids: nodes, and two directed channels per link (2l: a→b, 2l+1: b→a).
/// A channel's buffer is the ingress buffer at its receiving end (channel.to, port toPort).
struct Topology {
    struct NodeInfo {
        std::string name;
        bool isSwitch = true;
        int tier = 0; ///< 0 host, 1 leaf, 2 spine, 3 super-spine
    };
    struct Channel {
        int from = -1, to = -1;
        int link = -1;
        std::string fromPort, toPort;
    };
    std::vector<NodeInfo> nodes;
    std::vector<Channel> channels;
    std::vector<std::vector<int>> out; ///< channels leaving a node
    std::vector<std::vector<int>> in; ///< channels entering a node
    std::vector<int> edgeSwitches; ///< switches with at least one host (sources and destinations)
    std::vector<int> edgeIndex; ///< node → index in edgeSwitches, -1 when none
    std::vector<int> hostCount; ///< per node: hosts attached (switches); 0 for hosts
    std::vector<std::vector<int>> hostsAt; ///< per switch: attached host node ids
    int linkCount = 0;
    // Compact copies for the hot loops (built by buildTopology): per channel from/to/link (-1 unused),
    // per node "is a switch", and CSR lists of the switch-to-switch channels leaving/entering a node.
    std::vector<int> chFrom, chTo, chLink;
    std::vector<char> isSw;
    std::vector<int> swOutStart, swOutList, swInStart, swInList;
    std::vector<int> swOutTo, swInFrom, swOutLink, swInLink; ///< parallel to swOutList / swInList

    [[nodiscard]] bool isFabricChannel(int c) const
    {
        const int a = chFrom[static_cast<std::size_t>(c)], b = chTo[static_cast<std::size_t>(c)];
        return a >= 0 && isSw[static_cast<std::size_t>(a)] && isSw[static_cast<std::size_t>(b)];
    }
    [[nodiscard]] bool isSwitchLink(int link) const { return isFabricChannel(2 * link); }
    /// "leaf1:Ethernet48 -> spine0:Ethernet0"
    [[nodiscard]] std::string channelName(int c) const;
    /// "leaf1:Ethernet48 -- spine0:Ethernet0" (as written in the fabric, a side first)
    [[nodiscard]] std::string linkName(int link) const;
    /// The same link as a typed reference (both ends), for findings.
    [[nodiscard]] ObjectRef linkRef(int link) const;
    [[nodiscard]] int findNode(const std::string& name) const;
};

/// Builds the topology. Links between two hosts are ignored; a host with several links is multi-homed.
Topology buildTopology(const Fabric& f);

/// Which links are down (by link index of the fabric / topology).
using LinkMask = std::vector<char>;

/// Up*\/down* orientation: a rank per node; a channel goes up when it goes to a lower rank.
/// Ranks: role tier first (super-spine above spine above leaf), then BFS distance from the top tier
/// over live links, then node index: a total order, so the orientation is acyclic on any topology.
struct UpDownOrientation {
    std::vector<std::int64_t> rank; ///< lower = higher up
    std::vector<char> up; ///< per channel
    bool operator==(const UpDownOrientation&) const = default;
};
UpDownOrientation computeOrientation(const Topology& t, const LinkMask& down);

/// Static routes (model/staticroutes.h; files read by importers/staticroutes.h) checked against @p t:
/// throws InputError at the route's line for an unknown switch, a destination without hosts, no next
/// hop or a next hop that is not a neighbour.
void checkStaticRoutes(const std::vector<StaticRoute>& routes, const Topology& t);

/// Resolved static routes: per (switch, destination edge switch) the allowed out channels.
struct StaticTable {
    /// key = node * edgeCount + edge index; value = channels (empty = no static route)
    std::vector<std::vector<int>> next;
    int edgeCount = 0;
    [[nodiscard]] bool empty() const { return next.empty(); }
};
StaticTable resolveStaticRoutes(const Topology& t, const std::vector<StaticRoute>& routes);

inline constexpr std::uint8_t kUnreachable = 255;

/// Forwarding toward one destination edge switch: hop distances and the next-hop sets.
/// For up*\/down*, a packet that arrived on a down channel uses nextDown (it may only go down);
/// otherwise next. For ECMP/static both sets are the same.
struct DestRouting {
    std::vector<std::uint8_t> dist; ///< ECMP distance, or up*\/down* distance from an "up" state
    std::vector<std::uint8_t> distDown; ///< up*\/down*: distance using down channels only
    // CSR next-hop lists per node
    std::vector<int> nextStart, nextList;
    std::vector<int> downStart, downList;
    [[nodiscard]] std::pair<const int*, const int*> next(int v, bool arrivedDown) const
    {
        const bool d = arrivedDown && !downStart.empty();
        const auto& s = d ? downStart : nextStart;
        const auto& l = d ? downList : nextList;
        return { l.data() + s[static_cast<std::size_t>(v)], l.data() + s[static_cast<std::size_t>(v) + 1] };
    }
};

/// The routing of one scenario (healthy, or with links down), shared by every destination.
struct RoutingContext {
    const Topology* topo = nullptr;
    RoutingModel model = RoutingModel::Ecmp;
    LinkMask down; ///< per link
    UpDownOrientation orientation; ///< up*\/down* only
    const StaticTable* statics = nullptr; ///< static only (may be null = pure ECMP)
    /// Extra per-destination restrictions (used by the route-change fixes): (node, dest edge idx) → banned channels.
    std::vector<std::tuple<int, int, int>> banned;

    bool anyDown = false; ///< some link is down (set by makeRoutingContext)
    [[nodiscard]] bool alive(int c) const { return !anyDown || !down[static_cast<std::size_t>(topo->chLink[static_cast<std::size_t>(c)])]; }
    [[nodiscard]] bool linkAlive(int link) const { return !anyDown || !down[static_cast<std::size_t>(link)]; }
    [[nodiscard]] bool isUpDown() const { return model == RoutingModel::UpDown; }
    [[nodiscard]] bool arrivesDown(int c) const { return isUpDown() && !orientation.up[static_cast<std::size_t>(c)]; }
};
RoutingContext makeRoutingContext(const Topology& t, RoutingModel m, const LinkMask& down, const StaticTable* statics = nullptr);

/// Distances toward edge switch @p dest (node id) over live switch-to-switch channels.
void computeDistances(const RoutingContext& ctx, int dest, DestRouting& out);
/// Next-hop sets from the distances (and static routes / bans).
void computeNextHops(const RoutingContext& ctx, int dest, DestRouting& out);
inline void computeRouting(const RoutingContext& ctx, int dest, DestRouting& out)
{
    computeDistances(ctx, dest, out);
    computeNextHops(ctx, dest, out);
}

} // namespace lfp
