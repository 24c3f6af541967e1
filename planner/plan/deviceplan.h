// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file deviceplan.h
/// The resolved, vendor-neutral intent of one device (switch or host), computed once from the fabric,
/// its index (model/fabricindex.h: the policy of every port) and the planner's headroom and buffer
/// budget (planner/buffer/budget.h). Renderers (exporters/*.cpp), the host scripts, the review's impact and
/// the policy checks read these facts here instead of working them out again, as Arista AVD separates
/// "design → structured config" from "structured config → CLI" (docs/architecture.md §DevicePlan).
///
/// Which value a device gets (which policy governs the switch, which pool a PG uses, which queue buffer
/// an ECN threshold is a fraction of, what ToS a NIC writes) is decided here; a renderer only rounds a
/// value to its vendor's syntax and reports that rounding (LFP-EXPORT-ROUNDED).
///
/// Pointers refer into the fabric, the ASIC catalogue and the plan itself: the fabric and catalogue
/// must outlive the plans, and a DevicePlan is moved, never copied (PortPlan::budget points into
/// DevicePlan::budget).
///
/// Field names are a contract for the renderers: add fields, do not rename them.

#include "planner/buffer/budget.h"
#include "planner/findings/findings.h"
#include "planner/buffer/headroom.h"
#include "model/asiccatalog.h"
#include "model/fabric.h"
#include "model/fabricindex.h"
#include "model/feedback.h"
#include "model/qos.h"
#include "model/units.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace lfp {

/// One traffic class (= priority 0..7, qos.h) of a policy: how packets reach it and where they go.
struct ClassPlan {
    int tc = 0; ///< 0..7; also the 802.1p PCP under PCP trust and the PFC priority (qos.h)
    std::string name; ///< the policy's name for the class ("RoCE", "CNP"); empty when unnamed
    std::vector<int> dscp; ///< DSCP values the policy maps to this class, ascending (its dscpToTc)
    int pg = 0; ///< ingress priority group (tcToPg)
    int queue = 0; ///< egress queue (tcToQueue)
    bool lossless = false; ///< PFC on this priority (a no-drop priority)
    bool cnp = false; ///< the class that carries CNPs (QosPolicy::cnpPriority)
};

/// The ECN/WRED marking of one egress queue. Thresholds in bytes as planned, and as a fraction of the
/// queue's buffer for targets that configure a fill level (Junos drop profiles, Huawei ECN percent).
struct EcnPlan {
    std::string profile; ///< EcnProfile::name
    Bytes kmin {}; ///< marking starts (bytes of queue length)
    Bytes kmax {}; ///< marking probability reaches pmax (bytes)
    double pmax = 0; ///< 0..1
    /// The queue buffer the fractions are of: the dynamic-threshold share of one congested lossless PG,
    /// α·B/(1+α) (SwitchBudget::dtShareOne, docs/formulas.md §Budget); nullopt when the budget is
    /// unknown (no ASIC, unknown total buffer, a host).
    std::optional<Bytes> queueBuffer;
    std::optional<double> kminFraction; ///< kmin / queueBuffer (0..; not clamped), nullopt with queueBuffer
    std::optional<double> kmaxFraction; ///< kmax / queueBuffer
    std::vector<int> queues; ///< every queue this profile applies to (EcnProfile::queues)
};

/// The scheduling of one egress queue (ETS).
struct QueuePlan {
    int queue = 0; ///< 0..7
    std::vector<int> tcs; ///< classes mapped to this queue (tcToQueue), ascending
    bool lossless = false; ///< a lossless priority maps to it (pgsplit.h)
    bool cnp = false; ///< the CNP class maps to it
    /// Strict or DWRR; nullopt when the policy has no ETS entry for the queue (the target's default).
    std::optional<SchedulerMode> mode;
    /// DWRR: the weight (percent among DWRR queues) as planned, unclamped. Strict: the bound of the
    /// queue's rate in percent of the link (EtsQueue::weight, model/qos.h), 0 = unbounded.
    int weight = 0;
    /// A guaranteed (minimum) rate in bits per second: not in the model (the strict bound is `weight`); nullopt.
    std::optional<BitsPerSecond> guaranteedRate;
    /// Strict and bounded: its rate limit in percent of the link (1..100); nullopt for DWRR and unbounded.
    [[nodiscard]] std::optional<int> strictBoundPercent() const
    {
        if (mode == SchedulerMode::Strict && weight > 0)
            return weight;
        return std::nullopt;
    }
    std::optional<EcnPlan> ecn; ///< marking on this queue; nullopt = the plan keeps it unmarked
};

/// The PFC watchdog of a policy.
struct WatchdogPlan {
    bool enabled = false; ///< the policy enables it (QosPolicy::watchdog.enabled)
    bool active = false; ///< enabled and the policy has a lossless priority to watch
    Nanoseconds detection {};
    Nanoseconds restoration {};
    /// Polling interval: not in the model yet; nullopt = each renderer's documented derivation.
    std::optional<Nanoseconds> poll;
    WatchdogAction action = WatchdogAction::Drop;
    std::vector<int> priorities; ///< the priorities it watches (the lossless ones), ascending
};

/// What a host NIC must be set to (mlx5 / dcb / mlnx_qos terms), resolved from the policy.
struct NicPlan {
    TrustMode trust = TrustMode::Dscp;
    std::array<int, kDscpValues> dscpToPriority {}; ///< the policy's classification (what the switches trust)
    std::uint8_t pfcBitmap = 0; ///< bit p = PFC on priority p (HostNicSettings::pfcBitmap)
    std::array<int, kPriorities> priorityToTc {}; ///< NIC ETS TC of each priority (the policy's tcToQueue)
    bool dcqcnRp = true; ///< DCQCN reaction point (the sender reacts to CNPs)
    bool dcqcnNp = true; ///< DCQCN notification point (the receiver sends CNPs)
    /// Priorities the per-priority DCQCN enables are written for: the PFC ones, else the RoCE priority.
    std::vector<int> ecnPriorities;
    int rocePriority = 3;
    int roceDscp = 26;
    /// RDMA-CM default ToS: DSCP << 2 | ECT(0) (RFC 3168 §5: ECT(0) = 0b10), so 26 → 106
    /// (../shared/guide/vendors/linux-host.md §2).
    int roceTos = 106;
    int cnpDscp = 48;
    int cnpPriority = 6;
    /// The classes the policy's DSCP map gives the RoCE and CNP DSCPs: they must equal rocePriority and
    /// cnpPriority, or the NIC marks into one class and the switches queue in another.
    int roceMapped = 3;
    int cnpMapped = 6;
    [[nodiscard]] bool consistent() const { return roceMapped == rocePriority && cnpMapped == cnpPriority; }
};

/// One egress DSCP rewrite rule of a policy (QosPolicy::dscpRewrite): a packet of DSCP @c from leaving a
/// port with the policy leaves with DSCP @c to. The packet's class was set at ingress by the ingress
/// port's DSCP map; @c tc is the class this policy's map gives @c from (the same class when, as in the
/// Tagger plan, every port of a switch classifies alike) and @c toTc the class a next hop with this map
/// gives @c to (the new priority).
struct DscpRewritePlan {
    int from = 0; ///< DSCP matched at egress (0..63)
    int to = 0; ///< DSCP written (0..63)
    int tc = 0; ///< dscpToTc[from]: the class (switch priority) the packet travels in here
    int toTc = 0; ///< dscpToTc[to]: the class it is queued in at a next hop with this map
    bool operator==(const DscpRewritePlan&) const = default;
};

/// One QoS policy resolved for one device (the ECN fractions depend on the device's buffer).
struct PolicyPlan {
    const QosPolicy* policy = nullptr;
    std::string name;
    TrustMode trust = TrustMode::Dscp;
    std::array<int, kDscpValues> dscpToTc {}; ///< the whole map, as renderers that write all 64 need it
    std::array<ClassPlan, kPriorities> classes {}; ///< by traffic class 0..7
    std::vector<int> losslessPriorities; ///< the no-drop priorities, in the policy's (ascending) order
    std::uint8_t pfcBitmap = 0; ///< bit p = PFC on priority p (the switch's)
    std::set<int> losslessPgs, lossyPgs, losslessQueues, lossyQueues; ///< pgsplit.h
    std::array<QueuePlan, kPriorities> queues {}; ///< by egress queue 0..7
    std::vector<EcnPlan> ecnProfiles; ///< in the policy's order (one per profile, with all its queues)
    /// The egress DSCP rewrite (remarking) of ports with this policy, by `from` ascending; empty = none.
    std::vector<DscpRewritePlan> dscpRewrite;
    /// The same rewrite as a per-class remark (class → DSCP written at egress), what targets that remark
    /// by class write (SONiC TC_TO_DSCP_MAP, NVUE `qos remark … switch-priority … dscp`, EOS `qos map
    /// traffic-class … to dscp`): set for a class when every DSCP the map puts in it leaves with one and
    /// the same DSCP (rewritten or not); nullopt for a class without a rule or whose DSCPs would leave
    /// with different values.
    std::array<std::optional<int>, kPriorities> tcRemark {};
    /// The rules a per-class remark cannot express (their class holds DSCPs that leave with different
    /// values): they need a match on DSCP at egress, or on the ingress port.
    std::vector<DscpRewritePlan> dscpRewriteNotByClass;
    WatchdogPlan watchdog;
    /// The longest cable of this device's ports using the policy (0 when none is on a link): the one
    /// cable length of targets that set it per PFC profile (NVUE, Junos) — more headroom, never less.
    Metres longestCable {};
    std::size_t cableLengths = 0; ///< distinct cable lengths (to the millimetre) of those ports
    int cnpPriority = 6;
    int cnpDscp = 48;
    NicPlan nic;
    [[nodiscard]] bool isLossless(int priority) const { return priority >= 0 && priority < kPriorities && ((pfcBitmap >> priority) & 1U); }
};

/// The headroom of a port's lossless PGs (the planner's, planner/buffer/headroom.h) with the pool it is in.
struct HeadroomPlan {
    Bytes xon {};
    Bytes xoff {};
    Bytes size {};
    std::optional<Bytes> xonOffset; ///< Broadcom XGS / Teralynx column
    bool sharedHeadroomPool = false; ///< xoff is charged to the shared headroom pool, size is xon only
    std::string pool; ///< the ingress pool the lossless PGs draw from (SwitchPoolsPlan::ingressLossless)
    int pgs = 0; ///< lossless PGs of this port that each reserve it
    Metres cable {}; ///< the cable the headroom was computed for
    /// The result itself (terms, model, version), shared with the budget.
    std::shared_ptr<const HeadroomResult> result;
};

/// One port of a device.
struct PortPlan {
    // ---- the raw objects (kept for renderers not yet ported; prefer the resolved fields below)
    const Port* port = nullptr;
    std::size_t index = 0; ///< index in Node::ports
    const QosPolicy* policy = nullptr; ///< FabricIndex::policyAt; null = no policy bound
    const Link* link = nullptr; ///< null = on no link
    Endpoint peer; ///< the other end of `link`
    const PortBudget* budget = nullptr; ///< the planner's share of this port (switches, active ports only)
    [[nodiscard]] std::optional<Metres> cable() const
    {
        if (!link)
            return std::nullopt;
        return link->length;
    }

    // ---- resolved
    std::string name; ///< Port::name
    BitsPerSecond speed {};
    int lanes = 4;
    int mtu = 9100; ///< bytes, as planned (a renderer clamps to its vendor's range and says so)
    Fec fec = Fec::Rs528;
    std::string breakoutParent; ///< empty when the port is no breakout member
    bool active = false; ///< on a link (SONiC: admin up, with buffers)
    const Node* peerNode = nullptr; ///< the neighbour device, null when on no link
    std::shared_ptr<const PolicyPlan> qos; ///< the resolved policy in force; null = none bound
    std::optional<HeadroomPlan> headroom; ///< planned headroom per lossless PG (switch ports with a budget)
    /// The headroom for the cable rounded up to whole metres (what targets that configure a cable
    /// length in metres — SONiC CABLE_LENGTH, NVUE, Junos — make the switch compute); equals
    /// `headroom` when the cable is a whole number of metres.
    std::optional<HeadroomPlan> headroomWholeMetres;
    [[nodiscard]] bool hasLossless() const { return qos && !qos->losslessPriorities.empty(); }
};

/// The buffer pools of a switch, as the budget sized them, and which pool each kind of buffer uses.
struct SwitchPoolsPlan {
    std::vector<PoolSize> pools; ///< every pool of the ASIC (SwitchBudget::pools)
    std::string ingressLossless = "ingress_lossless_pool"; ///< the lossless PG profiles' pool
    std::string ingressLossy; ///< lossy PGs' pool (Mellanox SKUs: the ingress lossless pool)
    std::string egressLossless = "egress_lossless_pool";
    std::string egressLossy;
    /// The shared headroom pool (the xoff of the ingress lossless pool); nullopt when off.
    std::optional<Bytes> sharedHeadroomPool;
    int dynamicTh = 0; ///< dynamic_th of the lossless PG profiles
    Bytes queueReserved {}; ///< per-queue reservation of the egress profiles (AsicProfile::queueReserved)
};

/// Which devices to plan (the export's --device / --role selection).
struct DeviceSelection {
    std::vector<std::string> devices; ///< empty = every device
    std::optional<Role> role; ///< only devices of this role (with devices, both must match)
};

/// One device's resolved plan.
struct DevicePlan {
    // ---- the raw objects (as before the plan was resolved)
    const Node* node = nullptr;
    std::size_t index = 0; ///< index in Fabric::nodes
    const AsicProfile* asic = nullptr; ///< null for hosts and unknown ASICs
    std::optional<SwitchBudget> budget; ///< the planner's budget (switches with a known ASIC)
    std::string budgetError; ///< why there is no budget (bad buffer.* attribute, impossible input)
    std::vector<PortPlan> ports; ///< in Node::ports order
    /// Distinct policies used on this device's ports, in first-use order.
    std::vector<const QosPolicy*> policies;

    // ---- resolved
    std::string name; ///< Node::name
    bool isSwitch = true;
    /// The policies resolved for this device, in the order of `policies` (first use).
    std::vector<std::shared_ptr<const PolicyPlan>> policyPlans;
    /// The policy that governs the switch where a target has one global setting (NVUE default-global,
    /// NX-OS system qos, EOS global maps, SONiC PORT_QOS_MAP global, Junos forwarding classes): the
    /// policy on the most ports, ties to the first used (governingPolicy()). Null without policies.
    std::shared_ptr<const PolicyPlan> governing;
    /// The policy whose watchdog timing a target with one global watchdog writes: the governing one
    /// when its watchdog is active, else the first with an active watchdog; null when none has one.
    std::shared_ptr<const PolicyPlan> watchdogPolicy;
    /// Switches: the pools (empty without a budget, pool names then the defaults); nullopt for hosts.
    std::optional<SwitchPoolsPlan> pools;
    /// The queue buffer ECN fractions are of (SwitchBudget::dtShareOne when the total is known).
    std::optional<Bytes> queueBuffer;
    /// The switch's whole buffer (SwitchBudget::total) when the budget knows it; nullopt otherwise.
    std::optional<Bytes> totalBuffer;
    /// The lossless headroom the switch reserves when no shared headroom pool absorbs the xoff: Σ over
    /// its ports of max(size, xon + xoff) × lossless PGs (planner/buffer/headroom.h). What a target with a fixed
    /// headroom partition (Junos `lossless-headroom`) must hold; 0 without a budget.
    Bytes losslessHeadroom {};

    [[nodiscard]] const PolicyPlan* planOf(const QosPolicy* policy) const;
};

/// The plans of the selected devices and the planner's buffer findings for them.
struct DevicePlans {
    std::vector<DevicePlan> devices; ///< in fabric order
    std::vector<Finding> findings; ///< budgetFindings() of the selected switches
};

/// The one rule for the policy that governs a device with several: the policy on the most ports,
/// ties to the first used (@p policies distinct in first-use order, @p portPolicies one entry per
/// port, null for a port without one). Null when @p policies is empty.
const QosPolicy* governingPolicy(const std::vector<const QosPolicy*>& policies, const std::vector<const QosPolicy*>& portPolicies);

/// Resolves one policy for a device whose ECN queue buffer is @p queueBuffer.
std::shared_ptr<const PolicyPlan> resolvePolicy(const QosPolicy& policy, std::optional<Bytes> queueBuffer);

/// Builds the plans of the devices @p selection names (all when empty): budgets and headroom for the
/// switches with a known ASIC (one BudgetContext and HeadroomCache), then every port resolved.
/// Throws InputError naming "--device" when a selected device does not exist, Cancelled through
/// @p feedback. @p index must be an index of @p fabric.
DevicePlans buildDevicePlans(const Fabric& fabric, const FabricIndex& index, const AsicCatalog& catalog, const DeviceSelection& selection = {}, Feedback* feedback = nullptr);

} // namespace lfp
