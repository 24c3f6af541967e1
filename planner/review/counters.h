// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file counters.h
/// Counters before and after a change (`lfp counters compare`, docs/counters.md): reads the raw tool
/// outputs that `lfp evidence` scripts save (DIR/<device>/<file>.txt) in the tools' own formats —
/// SONiC `show pfc counters` (pfcstat), `show queue counters` (queuestat), `show pfcwd stats`;
/// Linux `ethtool -S` (mlx5 counter names) and `rdma statistic show`; InfiniBand `perfquery` — and
/// flags, per port and priority, against the plan: drops on a priority (queue) the plan keeps
/// lossless, PFC pause frames on a priority the plan keeps lossy, pause growth on a lossless
/// priority beyond a threshold, CNPs without ECN marks, a PFC watchdog that fired. Ordinary drops on
/// lossy priorities are expected and left alone. No Qt.

#include "planner/findings/findings.h"
#include "model/fabric.h"

#include <map>
#include <string>
#include <tuple>
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

/// Parsers of the tools' outputs (exposed for tests). Each adds to @p out; @p where is "device/file"
/// for messages. Throws InputError naming the file, line and field on a malformed row.
void parseSonicPfcCounters(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out);
void parseSonicQueueCounters(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out);
void parseSonicPfcwdStats(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out);
void parseEthtoolStats(const std::string& text, const std::string& device, const std::string& port, const std::string& where, CounterSnapshot& out);
void parseRdmaStatistic(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out);
void parsePerfquery(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out);

/// Reads every capture of @p dir: DIR/<device>/<file>. Files are recognised by name
/// (pfc_counters.txt, queue_counters.txt, pfcwd_stats.txt, ethtool_S_<if>.txt, rdma_statistic.txt,
/// perfquery*.txt); others (watermarks, vendor outputs) are kept for the reviewer and not parsed.
/// Throws InputError when @p dir is not a directory or a recognised file is malformed.
CounterSnapshot readCaptureDirectory(const std::string& dir);

struct CounterCompareOptions {
    /// Pause frames (rx + tx) on one lossless priority of one port between the captures above which
    /// LFP-COUNTERS-PAUSE-GROWTH warns.
    double pauseThreshold = 10000;
};

/// One counter that changed.
struct CounterDelta {
    CounterKey key;
    double before = 0;
    double after = 0;
    bool lossless = false; ///< the plan keeps this priority / queue lossless
    std::string source;
};

struct CounterComparison {
    std::vector<CounterDelta> deltas; ///< counters whose value changed, in key order
    std::vector<Finding> findings; ///< LFP-COUNTERS-*, sorted (errors first)
    int devices = 0;
    int counters = 0; ///< counters present in both captures
};

/// Compares two captures against the plan @p fabric (the policy in force on each port).
CounterComparison compareCounters(const Fabric& fabric, const CounterSnapshot& before, const CounterSnapshot& after, const CounterCompareOptions& options = {});

} // namespace lfp
