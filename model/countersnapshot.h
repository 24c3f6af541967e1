// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file countersnapshot.h
/// Counters as a capture holds them (`lfp evidence` writes the captures, importers/counters.h reads them
/// in the tools' own formats, planner/review/counters.h compares two of them against the plan): a
/// value per device, port, priority or queue and kind, with the file and line it came from. No Qt.

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace lfp {

/// What a counter counts (after normalising the tools' names).
enum class CounterKind {
    PfcRx, ///< PFC pause frames received on a priority
    PfcTx, ///< PFC pause frames sent on a priority
    Drop, ///< packets dropped on a priority / queue (queue Drop/pkts, rx_prioN_discards, …)
    EcnMarked, ///< packets ECN-marked (np_ecn_marked_roce_packets, rx_prioN_marked)
    CnpSent, ///< CNPs sent by the notification point (np_cnp_sent)
    CnpHandled, ///< CNPs handled by the reaction point (rp_cnp_handled)
    WatchdogStorm, ///< PFC watchdog storms detected on a queue
    WatchdogStormed, ///< 1 while a queue is in the stormed state
    IbXmitDiscards, ///< InfiniBand PortXmitDiscards (lossless by construction)
};
const char* toString(CounterKind k);

struct CounterKey {
    std::string device;
    std::string port;
    int priority = -1; ///< priority (or queue for queue counters, mapped through the plan); -1 = the port
    CounterKind kind = CounterKind::Drop;
    bool queue = false; ///< priority is an egress queue index (queuestat, pfcwd)
    auto operator<=>(const CounterKey&) const = default;
};

/// Limits of a capture file (docs/formats/limits.md): the tools write a few hundred bytes per port, so
/// 64 MiB is a fabric's worth; a longer line than 64 KiB is no counter table's row.
inline constexpr std::size_t kMaxCaptureFileBytes = std::size_t(64) << 20;
inline constexpr std::size_t kMaxCaptureLine = std::size_t(64) << 10;

struct CounterSnapshot {
    std::map<CounterKey, double> values;
    std::map<CounterKey, std::string> sourceOf; ///< "leaf1/pfc_counters.txt:4"
    std::vector<std::string> files; ///< the files read, "device/file"
};

} // namespace lfp
