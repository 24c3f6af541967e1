// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file qos.h
/// The QoS policy of a lossless fabric: how packets are classified (DSCP → traffic class), where they
/// are buffered (TC → priority group, TC → egress queue), which priorities are lossless (PFC), how
/// queues share the link (ETS), when ECN marks (WRED/ECN profiles), the PFC watchdog, the CNP class,
/// and what the host NICs must be set to. In this model "priority" and "traffic class" are the same
/// number 0..7, as SONiC, NVUE and the NICs use them for RoCEv2 with DSCP trust.

#include "units.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace lfp {

inline constexpr int kPriorities = 8;
inline constexpr int kDscpValues = 64;

enum class TrustMode { Dscp, Pcp };
enum class SchedulerMode { Dwrr, Strict };
enum class WatchdogAction { Drop, Forward, Alert };

/// A named traffic class with an intent the reviewer can read ("RoCE", "CNP", "default").
struct TrafficClass {
    int id = 0; ///< 0..7
    std::string name;
    bool operator==(const TrafficClass&) const = default;
};

/// ETS: the scheduling of one egress queue.
struct EtsQueue {
    int queue = 0; ///< 0..7
    SchedulerMode mode = SchedulerMode::Dwrr;
    int weight = 0; ///< DWRR weight (percent of the link share among DWRR queues); 0 for strict
    bool operator==(const EtsQueue&) const = default;
};

/// An ECN/WRED marking profile (RED curve on the egress queue length).
struct EcnProfile {
    std::string name;
    Bytes kmin {}; ///< marking starts
    Bytes kmax {}; ///< marking probability reaches pmax
    double pmax = 0; ///< marking probability at kmax, 0..1
    std::vector<int> queues; ///< egress queues this profile applies to
    bool operator==(const EcnProfile&) const = default;
};

/// PFC watchdog (SONiC PFC_WD, EOS "priority-flow-control pause watchdog", NVUE pfc-watchdog).
struct PfcWatchdog {
    bool enabled = true;
    Nanoseconds detection {}; ///< detection time
    Nanoseconds restoration {}; ///< restoration time
    WatchdogAction action = WatchdogAction::Drop;
    bool operator==(const PfcWatchdog&) const = default;
};

/// What every RoCE host NIC must be set to (mlx5 / dcb / mlnx_qos terms).
struct HostNicSettings {
    TrustMode trust = TrustMode::Dscp;
    std::uint8_t pfcBitmap = 0; ///< bit p set = PFC on priority p
    bool ecnReactionPoint = true; ///< DCQCN RP (the sender reacts to CNPs)
    bool ecnNotificationPoint = true; ///< DCQCN NP (the receiver sends CNPs)
    int rocePriority = 3; ///< priority of RoCE data traffic
    int roceDscp = 26; ///< DSCP the NIC writes on RoCE packets (RDMA-CM ToS = dscp << 2)
    int cnpDscp = 48; ///< DSCP of CNPs
    int cnpPriority = 6;
    bool operator==(const HostNicSettings&) const = default;
};

/// A complete QoS policy. Policies bind to node roles, with per-port overrides (see fabric.h).
struct QosPolicy {
    std::string name;
    std::string description;
    TrustMode trust = TrustMode::Dscp;
    std::vector<TrafficClass> classes;
    std::array<int, kDscpValues> dscpToTc {}; ///< DSCP → traffic class (priority)
    std::array<int, kPriorities> tcToPg {}; ///< traffic class → ingress priority group
    std::array<int, kPriorities> tcToQueue {}; ///< traffic class → egress queue
    std::vector<int> losslessPriorities; ///< PFC-enabled priorities, ascending
    std::vector<EtsQueue> ets;
    std::vector<EcnProfile> ecn;
    PfcWatchdog watchdog;
    int cnpPriority = 6; ///< class that carries CNPs (should be strict)
    int cnpDscp = 48;
    HostNicSettings nic;

    [[nodiscard]] bool isLossless(int priority) const;
    bool operator==(const QosPolicy&) const = default;
};

/// The default RoCEv2 policy: DSCP 26 → priority 3 lossless (PG 3, queue 3), CNP DSCP 48 → priority
/// 6 in a strict queue, everything else on priority 0; ETS 50/50 between queue 3 and queue 0; ECN on
/// queue 3 (Kmin/Kmax from the DCQCN paper's 100G settings); PFC watchdog 200 ms / 200 ms, drop.
/// These are the defaults NVIDIA's "RoCE lossless" profile and SONiC's templates use.
QosPolicy defaultRocePolicy();

/// What `lfp generate --lossless/--roce-dscp/--cnp-dscp/--ecn` and the new-fabric wizard choose; the
/// defaults give defaultRocePolicy().
struct RocePolicyOptions {
    std::vector<int> lossless { 3 }; ///< PFC-enabled priorities (1..2 usual; SONiC's lossless PGs 3-4)
    /// RoCE DSCP per lossless priority, in the same order; empty = 26 for priority 3, else the AFx1
    /// code point of the priority (8·p + 2: 34 for 4, 18 for 2 — RFC 2597 / RFC 4594 §4).
    std::vector<int> roceDscp;
    int cnpDscp = 48; ///< CS6, NVIDIA's default (../shared/guide/ecn-pfc.md)
    int cnpPriority = 6;
    Bytes ecnKmin = Bytes(150'000);
    Bytes ecnKmax = Bytes(1'500'000);
    double ecnPmax = 0.10; ///< 0..1
};
/// The RoCEv2 policy for @p o. Throws std::invalid_argument naming the value when a priority is out of
/// 0..7 or repeated, the CNP priority is lossless, a DSCP is out of 0..63 or repeated, the DSCP count
/// differs from the lossless count, or Kmin ≥ Kmax / Pmax is outside (0, 1].
QosPolicy rocePolicy(const RocePolicyOptions& o);

const char* toString(TrustMode m);
const char* toString(SchedulerMode m);
const char* toString(WatchdogAction a);
std::optional<TrustMode> trustModeFromString(std::string_view s);
std::optional<SchedulerMode> schedulerModeFromString(std::string_view s);
std::optional<WatchdogAction> watchdogActionFromString(std::string_view s);

} // namespace lfp
