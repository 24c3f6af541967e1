// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file countersnapshot.h
/// Counters as a capture holds them (`lfp evidence` writes the captures, importers/counters.h reads them
/// in the tools' own formats, planner/review/counters.h compares two of them against the plan): a
/// value per device, port, priority or queue and kind, with the file and line it came from. No Qt.

#include <cstddef>
#include <map>
#include <string>
#include <utility>
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
    // ---- cross-checks (planner/review/counters.h; docs/counters.md § Cross-checks)
    WatchdogDrop, ///< packets the PFC watchdog dropped on a queue (show pfcwd stats TX + RX OK/DROP, DROP part)
    QueuePackets, ///< packets sent by an egress queue (queuestat Counter/pkts)
    CreditWatchdogDrop, ///< packets a VOQ's credit watchdog deleted (queuestat --voq Credit-WD-Del/pkts, Broadcom DNX)
    // ---- physical layer (docs/counters.md § The physical layer first)
    FecCorrected, ///< FEC codewords corrected (SONiC FEC_CORR, ethtool --show-fec corrected_blocks)
    FecUncorrectable, ///< FEC codewords that could not be corrected (FEC_UNCORR, uncorrectable_blocks): lost frames
    FecSymbolErrors, ///< symbols the FEC corrected (SONiC FEC_SYMBOL_ERR): pre-FEC, informative
    PostFecErrors, ///< errors the FEC did not correct (mlx5 rx_pcs_symbol_err_phy, mlxlink Effective Physical Errors)
    FecCorrectedBits, ///< bits the FEC corrected (mlx5 rx_corrected_bits_phy): pre-FEC BER numerator
    PhyReceivedBits, ///< bits the PHY received (mlx5 rx_bits_phy where the driver exposes it): BER denominator
    LaneErrors, ///< raw (pre-FEC) errors of one lane (mlx5 rx_err_lane_N_phy, mlxlink Raw Physical Errors Per Lane)
    PreFecBer, ///< pre-FEC BER as the tool computes it (SONiC FEC_PRE_BER, mlxlink Raw Physical BER): a gauge
    IbSymbolErrors, ///< InfiniBand SymbolErrorCounter (minor link errors on a lane)
    IbLinkErrorRecovery, ///< InfiniBand LinkErrorRecoveryCounter (link retrains that succeeded)
    IbLinkDowned, ///< InfiniBand LinkDownedCounter (retrains that failed: the link went down)
    IbRcvErrors, ///< InfiniBand PortRcvErrors (packets received with errors)
    LinkDown, ///< link-down events (mlx5 link_down_events_phy, mlxlink Link Down Counter)
    CarrierChanges, ///< /sys/class/net/IF/carrier_changes (two per flap: down and up)
};
const char* toString(CounterKind k);
/// A gauge (PreFecBer) is a value at capture time, judged in the after capture; every other kind counts
/// up, and its delta between the captures is what is judged.
bool isGauge(CounterKind k);
/// A counter of the physical layer (FEC, BER, lane errors, InfiniBand link errors, link flaps).
bool isPhysical(CounterKind k);

struct CounterKey {
    std::string device;
    std::string port;
    int priority = -1; ///< priority (or queue for queue counters, mapped through the plan); -1 = the port
    CounterKind kind = CounterKind::Drop;
    bool queue = false; ///< priority is an egress queue index (queuestat, pfcwd)
    int lane = -1; ///< physical lane of a per-lane counter (LaneErrors); -1 = the port
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
    /// When each device's capture was taken (captured_at.txt the evidence scripts write, seconds since
    /// 1970 UTC): the interval a BER is computed over.
    std::map<std::string, double> capturedAt;
    /// The lossless priorities each switch port reports itself (SONiC `show pfc priority`), per
    /// (device, port): the switch's own view, checked against the plan.
    std::map<std::pair<std::string, std::string>, std::vector<int>> runningLossless;
    std::map<std::pair<std::string, std::string>, std::string> runningLosslessSource; ///< file:line of each
};

} // namespace lfp
