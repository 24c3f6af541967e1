// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file ibreroute.h
/// The pure half of the InfiniBand re-route sweep (`lfp deadlock IBNETDISCOVER --reroute ENGINES
/// --failures K`, docs/deadlock.md "Re-routing with OpenSM"): the inter-switch links of a subnet, the
/// failure sets of up to K of them (all, or a seeded sample), the ibsim net file of the subnet without
/// a set, what OpenSM's log says about the engine it used, and the per-engine tally of the states.
/// Running ibsim and OpenSM is document/ibreroutejob.h (processes are not planner/'s business).

#include "model/ibsubnet.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace lfp {

/// A cabled switch-to-switch link, named as the credit-loop analysis names links ("sw0:7 -- sw1:8",
/// the lower node index first).
struct IbSwitchLink {
    int a = -1, portA = 0, b = -1, portB = 0;
    std::string name;
};

/// Every switch-to-switch link of @p ib, ordered by (a, portA).
std::vector<IbSwitchLink> ibSwitchLinks(const IbFabric& ib);

/// The failure sets (indices into the links) of 1..@p k of @p links links: every one, ordered by size
/// then lexicographically, or, when @p sample > 0 and there are more, @p sample of them drawn without
/// replacement by a partial Fisher–Yates shuffle driven by splitmix64(@p seed) (the same sets on every
/// platform), in the same order. @p total receives the number of sets (Σ C(links, i), i = 1..k).
std::vector<std::vector<int>> ibFailureSets(std::size_t links, int k, std::size_t sample, std::uint64_t seed, std::size_t& total);

/// @p ib without the links @p down, as an ibsim net file. ibsim reads ibnetdiscover output (node
/// records named "S-<GUID>"/"H-<GUID>", switchguid=/caguid= lines, the description in the comment),
/// so the file is written in that form and keeps node and port GUIDs. The first record is the first
/// CA with a cable: ibsim attaches its clients (OpenSM, saquery) to the first node of the file.
std::string ibsimNetText(const IbFabric& ib, const std::vector<IbSwitchLink>& down);

/// The routing engine that configured the LFTs, from an OpenSM log: the last
/// "osm_ucast_mgr_process: <engine> tables configured" line (OpenSM 3.3 osm_ucast_mgr.c). "" if none.
std::string opensmEngineUsed(std::string_view log);

/// Engines OpenSM names in @p log: every "<engine> tables configured" line and "-R"/"routing_engine"
/// settings, in the order met, each once.
std::vector<std::string> opensmEnginesNamed(std::string_view log);

/// The engines OpenSM 3.3 knows (osm_routing_engine_type in osm_opensm.c) and that the sweep accepts.
const std::vector<std::string>& opensmEngines();

/// Whether OpenSM gives paths of @p engine an SL of their own (path_sl callback: dfsssp, lash, nue);
/// the other engines leave every path on the QoS level's SL, 0 without a QoS policy file.
bool opensmEngineSetsPathSl(std::string_view engine);

/// One failure state after OpenSM re-routed it.
struct IbRerouteState {
    std::vector<std::string> links; ///< the failed links
    std::string engine; ///< asked for (-R)
    std::string used; ///< the engine OpenSM's log says configured the tables ("" when it did not get there)
    bool ran = false; ///< OpenSM brought the subnet up and the dumps were read
    std::string error; ///< why not (timeout, no dump, a reader's error)
    bool creditLoop = false;
    std::vector<std::string> cycle; ///< the first cycle's buffers ("sw3:8 -> sw2:7 VL0")
    std::size_t missingPairs = 0; ///< ordered CA pairs without a path (cut off or no LFT entry)
    std::vector<int> vls; ///< distinct VLs of the switch-to-switch hops of the traced paths
    std::vector<int> sls; ///< distinct path SLs
};

/// The tally of one engine over its states.
struct IbRerouteEngine {
    std::string engine;
    std::vector<std::string> used; ///< distinct engines that configured the tables, in order met
    std::size_t sets = 0; ///< states analysed (OpenSM ran)
    std::size_t loopFree = 0; ///< of those, without a credit loop
    std::size_t missingPaths = 0; ///< of those, with CA pairs without a path
    std::size_t errors = 0; ///< states where OpenSM or the readers failed (not in sets)
    int vls = 0; ///< the most distinct VLs any analysed state uses on switch-to-switch hops
    std::vector<int> vlsUsed; ///< their union
    std::vector<std::size_t> failing; ///< indices of the states with a credit loop
    [[nodiscard]] double loopFreeShare() const { return sets ? static_cast<double>(loopFree) / static_cast<double>(sets) : 0.0; }
};

/// Tallies @p states of @p engine (the states' engine must match).
IbRerouteEngine tallyReroute(const std::string& engine, const std::vector<IbRerouteState>& states);

} // namespace lfp
