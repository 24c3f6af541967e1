// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file storm.h
/// PFC pause storms: for a storm source (a host NIC that pauses without end, or a switch port), which
/// ports are paused, when (the wave front, in µs) and for how long (until a watchdog acts, in ms).
///
/// Model (docs/storm.md): the pause-dependency graph is the deadlock analysis's buffer dependency graph
/// (deadlock.h, routing.h) read the other way and extended to the host links: a channel c → o when a
/// packet that arrives on c can wait for egress o (some flow enters the switch on c and leaves on o);
/// when o is paused on a lossless priority, the ingress buffer of c fills and its switch pauses c's
/// sender. Per hop the time to pause is fill + response: the dynamic-threshold share of the ingress
/// pool filled at the line rate of c (zero drain: every packet waits for the paused egress), then the
/// bytes the headroom (xoff) is sized for, arriving while the pause travels and the sender reacts.
/// A paused port stays frozen until the nearest watchdog between it and the source acts (its own, on
/// the sending port: detection + polling, the end of its detection window; or, after every port it
/// waits on has been released, one response time later: the pause recedes hop by hop), or forever
/// (nullopt) where no watchdog stands between. No Qt.

#include "planner/routing/routing.h"

#include "model/fabric.h"
#include "model/feedback.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lfp {

class AsicCatalog;

/// One term of a number (as the headroom shows its terms).
struct StormTerm {
    std::string name; ///< "fill", "response", "detection", "polling", "recede"
    double value = 0;
    std::string unit; ///< "us", "ms", "B", "Gb/s"
    std::string formula; ///< "share 1,234,567 B / 100 Gb/s"
};

/// One paused port: the egress (or NIC) that a PFC pause stops.
struct StormPause {
    std::string port; ///< "leaf1:Ethernet0" (the paused sender)
    std::string pausedBy; ///< "spine0:Ethernet4" (the receiving port whose buffer filled)
    int tier = 0; ///< of the paused node: 0 host, 1 leaf, 2 spine, 3 super-spine
    bool host = false;
    double atUs = 0; ///< when the pause stops it
    std::optional<double> frozenMs; ///< how long it stays paused; nullopt = until the storm ends
    std::string endedBy; ///< "watchdog leaf1:Ethernet0 (sonic)", "recedes behind spine0:Ethernet4", ""
    std::vector<StormTerm> terms; ///< at_us = time of the port it waits on + fill + response
};

struct StormSource {
    std::string source; ///< "host3" or "leaf1:Ethernet5"
    int priority = 0;
    std::vector<StormPause> paused; ///< by atUs (empty for a summary-only source)
    std::vector<std::string> hosts; ///< hosts whose NIC is paused
    std::vector<std::string> unwatched; ///< paused switch ports whose lossless queue has no watchdog that acts
    std::optional<double> frozenMsMax; ///< nullopt when some port stays frozen for as long as the storm lasts
    std::size_t pausedCount = 0, hostCount = 0, unwatchedCount = 0;
    bool detailed = true;
    /// Wave front per tier: [tier] = (first, last) µs; tiers with no paused port are (-1, -1).
    std::vector<std::pair<double, double>> front;
    std::string bestChange; ///< the placement or timer change that shortens the longest freeze most
    std::optional<double> bestChangeFrozenMsMax; ///< the longest freeze after it (nullopt = still unbounded)
    bool bestChangeHelps = false;
};

struct StormOptions {
    RoutingModel routing = RoutingModel::Ecmp; ///< ECMP or up*\/down*
    std::vector<std::string> sources; ///< "NODE" or "NODE:PORT"
    bool allHosts = false;
    std::optional<int> priority; ///< only this lossless priority
    std::size_t detailLimit = SIZE_MAX; ///< sources (worst first) with the full paused list
};

struct StormReport {
    std::vector<StormSource> sources; ///< worst first
    std::vector<std::string> notes;
    std::size_t groups = 0; ///< distinct analyses run for the summaries (per-leaf sharing)
    double seconds = 0;
};

/// Throws InputError (field "source") for a source that names no node or port.
StormReport analyseStorms(const Fabric& f, const AsicCatalog& catalog, const StormOptions& opt, Feedback* fb = nullptr);

} // namespace lfp
