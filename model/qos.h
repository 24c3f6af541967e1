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

/// The lossless contract a RoCE class follows end to end (planner/checks/contract.h, docs/contract.md):
/// DCQCN = PFC + ECN marking + CNPs (NVIDIA's and SONiC's default RoCE setting); PFC-only = lossless
/// without congestion notification (Meta's 400G RoCE design, SIGCOMM 2024); ECN-only = lossy RoCE with
/// DCQCN and no PFC (the "resilient RoCE" / lossy-fabric mode of ConnectX NICs).
enum class ContractProfile { Dcqcn, PfcOnly, EcnOnly };

/// A named traffic class with an intent the reviewer can read ("RoCE", "CNP", "default").
struct TrafficClass {
    int id = 0; ///< 0..7
    std::string name;
    /// The contract this class follows when it carries RoCE; unset = the policy's contract.
    std::optional<ContractProfile> contract;
    /// A no-drop class without a PFC priority of its own (a Tagger bounce class, docs/deadlock.md): its
    /// traffic is the traffic of lossless priority @c losslessAs, admitted into that priority's PG and
    /// queued in a lossless queue, so it is not a lossy class sharing that PG. Unset for ordinary classes.
    std::optional<int> losslessAs;
    bool operator==(const TrafficClass&) const = default;
};

/// ETS: the scheduling of one egress queue.
struct EtsQueue {
    int queue = 0; ///< 0..7
    SchedulerMode mode = SchedulerMode::Dwrr;
    /// DWRR: the weight (percent of the link share among the DWRR queues). Strict: the rate bound in
    /// percent of the link (`ets.Q=strict:N`; 0 = unbounded, which the Junos export reports as
    /// LFP-EXPORT-STRICT-UNBOUNDED).
    int weight = 0;
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
    /// The ToS byte the application sets (RDMA-CM rdma_set_option(RDMA_OPTION_ID_TOS), UCX
    /// UCX_IB_TRAFFIC_CLASS, NCCL_IB_TC): DSCP << 2 | ECN bits, e.g. 106 = DSCP 26 with ECT(0), 104 =
    /// DSCP 26 with ECN off (DCQCN cannot mark it). -1 = not stated: the NIC writes roceDscp with
    /// ECT(0), as mlx5 does for RoCE traffic when the application sets no ToS.
    int appTos = -1;
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
    /// The contract classes of this policy follow unless a class says otherwise (TrafficClass::contract).
    ContractProfile contract = ContractProfile::Dcqcn;
    /// DSCP rewrite (remarking) at the egress of ports with this policy: (from, to) pairs, from
    /// ascending and unique; a DSCP not listed leaves unchanged. Empty = no rewrite (the usual case).
    std::vector<std::pair<int, int>> dscpRewrite;

    [[nodiscard]] bool isLossless(int priority) const;
    /// The lossless priority whose traffic class @p tc carries: @p tc itself when it is lossless, else the
    /// class's TrafficClass::losslessAs when that priority is lossless; -1 otherwise.
    [[nodiscard]] int carriedLossless(int tc) const;
    /// The DSCP a packet of @p dscp leaves a port of this policy with (after dscpRewrite).
    [[nodiscard]] int rewrittenDscp(int dscp) const;
    /// The contract of traffic class @p tc: its class's own, else the policy's.
    [[nodiscard]] ContractProfile contractOf(int tc) const;
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

// ---------------------------------------------------------------------------------------------
// InfiniBand QoS (IBA Vol 1, ch. 7.6 "Virtual Lanes"): packets carry a service level (SL 0..15); each
// port maps SL → VL on transmit (SL2VLMappingTable, §7.6.6); VL15 carries only subnet management
// (§7.6.2) and an SL mapped to VL15 is dropped; a port runs OperVLs data VLs (1, 2, 4, 8 or 15 of its
// VLCap, PortInfo); the VL arbiter serves a high-priority and a low-priority table of (VL, weight)
// entries, with LimitOfHighPriority bounding the high table's bytes before a low entry goes (§7.6.9).
// The subnet manager programs all of it; OpenSM sets it per node class (opensm.conf qos_max_vls,
// qos_high_limit, qos_vlarb_high, qos_vlarb_low, qos_sl2vl, and their qos_ca_/qos_sw0_/qos_swe_/qos_rtr_
// forms: OpenSM's doc/QoS_management_in_OpenSM.txt).

inline constexpr int kIbServiceLevels = 16;
inline constexpr int kIbManagementVl = 15;

/// The ports an InfiniBand QoS policy programs, as OpenSM's QoS options name the node classes.
enum class IbPortClass {
    All, ///< every port without a policy of its own class (OpenSM's unprefixed qos_*)
    Ca, ///< channel adapter ports (qos_ca_*)
    SwitchExternal, ///< switch external ports (qos_swe_*)
    SwitchPort0, ///< switch management port 0 (qos_sw0_*)
    Router, ///< router ports (qos_rtr_*)
};

/// One entry of a VL arbitration table: VL and weight (units of 64 bytes, 0 = skipped; IBA §7.6.9).
struct IbVlArbEntry {
    int vl = 0; ///< 0..14
    int weight = 0; ///< 0..255
    bool operator==(const IbVlArbEntry&) const = default;
};

/// The InfiniBand QoS of one port class: every field optional except the SL2VL table.
struct IbQosPolicy {
    std::string name;
    IbPortClass portClass = IbPortClass::All;
    int operVls = 0; ///< data VLs in operation: 1, 2, 4, 8 or 15; 0 = not stated
    std::array<int, kIbServiceLevels> sl2vl {}; ///< SL → VL (0..15; 15 = dropped)
    std::vector<IbVlArbEntry> vlArbHigh; ///< high-priority table (up to 64 entries); empty = not stated
    std::vector<IbVlArbEntry> vlArbLow; ///< low-priority table (up to 64 entries); empty = not stated
    int highLimit = -1; ///< LimitOfHighPriority 0..255 (units of 4 KiB; 255 = unlimited); -1 = not stated
    std::vector<int> serviceLevels; ///< SLs the routing assigns (path SLs, QoS levels), ascending; empty = not stated
    bool operator==(const IbQosPolicy&) const = default;
};

/// The identity SL → VL (SL n on VL n), what a port without a programmed table is assumed to use.
std::array<int, kIbServiceLevels> identitySl2Vl();

/// The policy of @p policies that programs ports of class @p c: the class's own, else the `all` one;
/// nullptr when neither exists.
const IbQosPolicy* ibQosFor(const std::vector<IbQosPolicy>& policies, IbPortClass c);

const char* toString(IbPortClass c);
std::optional<IbPortClass> ibPortClassFromString(std::string_view s);

const char* toString(TrustMode m);
const char* toString(ContractProfile c); ///< "dcqcn", "pfc-only", "ecn-only"
std::optional<ContractProfile> contractProfileFromString(std::string_view s);
const char* toString(SchedulerMode m);
const char* toString(WatchdogAction a);
std::optional<TrustMode> trustModeFromString(std::string_view s);
std::optional<SchedulerMode> schedulerModeFromString(std::string_view s);
std::optional<WatchdogAction> watchdogActionFromString(std::string_view s);

} // namespace lfp
