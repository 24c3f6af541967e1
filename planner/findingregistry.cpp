// SPDX-License-Identifier: GPL-3.0-or-later
#include "findingregistry.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <stdexcept>

namespace lfp {
namespace {
    using S = Severity;
    // Order: as in docs/findings.md. Templates use {name} placeholders (renderTemplate).
    constexpr FindingType kTypes[] = {
        // ---- buffer and headroom (planner/budget.cpp, planner/ecn.cpp; formulas in docs/formulas.md)
        { "LFP-BUF-POOL-OVERCOMMITTED", S::Error, "reservations and the shared headroom pool exceed the switch buffer",
            "{switch}: reservations ({reserved}) and shared headroom pool ({shp}) exceed the {asic} buffer ({total}) by {excess}",
            "Shorten cables or reduce lossless priorities, enable or raise the shared headroom pool over-subscription (buffer.over_subscribe_ratio), or use an ASIC with more buffer." },
        { "LFP-BUF-HEADROOM-EXCEEDS-PORT-MAX", S::Error, "a port's lossless headroom exceeds the ASIC's per-port maximum",
            "{switch} port {port} ({speed}, {cable} cable) needs {headroom} of headroom, the ASIC allows at most {max} per port",
            "Shorten the cable, lower the port speed or the number of lossless priorities on this port, or enable the shared headroom pool (buffer.over_subscribe_ratio)." },
        { "LFP-BUF-SHP-EXCEEDS-PORT-MAX", S::Error, "a port's shared-headroom share exceeds the per-port limit",
            "{switch} port {port} draws {demand} from the shared headroom pool, more than the per-port limit {limit}",
            "Shorten the cable or reduce the lossless priorities on this port." },
        { "LFP-BUF-SHARED-POOL-LOW", S::Warning, "the ingress lossless pool is below 20 % of the buffer",
            "{switch}: the shared ingress lossless pool is {pool} ({share} % of the buffer), below the {threshold} % every shipped SONiC Spectrum default leaves",
            "Reduce reserved headroom: shorter cables, fewer lossless priorities, or a shared headroom pool (buffer.over_subscribe_ratio 2 or more)." },
        { "LFP-ECN-AFTER-PFC", S::Warning, "ECN marks only after PFC has paused (Kmin at or above the PFC trigger)",
            "{switch}: ECN profile {profile} starts marking at {kmin} but the lossless PGs can pause as early as {bound}: PFC fires before ECN",
            "Lower Kmin of ECN profile {profile} below {bound} (or raise dynamic_th / the shared pool)." },
        { "LFP-BUF-UNKNOWN-ASIC", S::Error, "the switch's ASIC id is neither in the catalogue nor in the project",
            "switch {switch} uses ASIC profile \"{asic}\", which is neither in the catalogue nor in the project",
            "Use an id from `lfp asics`, or add the profile to the project's asics (or a directory in LFP_ASIC_DIR)." },
        { "LFP-BUF-NO-ASIC", S::Warning, "the switch names no ASIC: its buffer is not checked", "switch {switch} names no ASIC profile, so its buffers cannot be checked",
            "Set the switch's asic to a catalogue id (lfp asics) or to a project ASIC profile." },
        { "LFP-BUF-TOTAL-UNKNOWN", S::Info, "the ASIC profile has no total buffer: the budget is not checked",
            "{switch}: the ASIC profile {asic} gives no total buffer size, so the budget cannot be checked",
            "Add total_buffer (with its source) to the ASIC profile, or use a project ASIC profile that has it." },
        { "LFP-BUF-BAD-SETTING", S::Error, "a buffer.* setting of the switch is malformed", "{error}",
            "Correct the node's buffer.* attribute (see docs/formulas.md, per-switch settings)." },
        { "LFP-ASIC-SPEED-UNSUPPORTED", S::Error, "ports run at a speed the switch's ASIC does not support",
            "{switch}: {count} {?ports} at {speed} ({first}{?more}), but the {asic} ({asic_name}) runs only {supported}",
            "Set the ports to one of {supported} (or break them out), or use an ASIC profile that runs {speed}; if this ASIC does run it, add the speed with its source to a project ASIC profile." },
        { "LFP-BUF-HEADROOM-INPUT", S::Error, "a linked port has no usable speed, MTU or lane count for the headroom", "{switch}: {error}",
            "Give every linked port of the switch a speed, MTU and lane count." },
        // ---- policy coverage (planner/policychecks.cpp)
        { "LFP-POLICY-MISSING", S::Warning, "linked ports have no QoS policy",
            "{ports} linked port(s) of {count} {role} node(s) ({nodes}) have no QoS policy: role {role} has no binding and the ports no override. Their trust mode, PFC, ETS and ECN cannot be checked, and lossless traffic through them is unprotected.",
            "Bind role {role} to a policy (e.g. the default RoCE policy), or override each port." },
        { "LFP-POLICY-UNKNOWN", S::Error, "a binding or override names a policy that does not exist",
            "{?binding}",
            "Add a policy named \"{policy}\" or {?remedy}." },
        { "LFP-POLICY-OVERRIDE-STALE", S::Warning, "an override names a port that does not exist",
            "The override of port {port} to policy {policy} names a port that does not exist (renamed, removed or broken out?); it applies to nothing.",
            "Point the override at the port's current name, or delete it." },
        // ---- ETS
        { "LFP-ETS-WEIGHTS-SUM", S::Warning, "the DWRR weights do not add up to 100 %",
            "Policy {policy}: the DWRR weights of its ETS queues sum to {sum}% ({weights}), not 100%. Linux dcb/mlx5 refuse such a NIC setting, and switches renormalise it, so the shares actually given differ from the plan.",
            "Adjust the DWRR weights so they add up to 100%." },
        { "LFP-ETS-LOSSLESS-STARVED", S::Error, "a lossless class has no bandwidth share",
            "Policy {policy}: {starved}. Under load such a queue gets no bandwidth, its ingress buffers fill, and PFC pauses the upstream ports indefinitely (until the watchdog drops the traffic).",
            "Give queue(s) {queues} a DWRR weight (NVIDIA's RoCE default: 50% for the RoCE queue)." },
        { "LFP-ETS-STRICT-MISUSE", S::Warning, "bulk traffic in a strict-priority queue",
            "Policy {policy}: {misuse}. A strict queue is served before every DWRR queue, so bulk traffic in it can starve the others{?stall}; strict priority is meant for small control traffic such as CNPs.",
            "Schedule data queues with DWRR and weights; keep strict priority for the CNP queue only." },
        // ---- buffering classes
        { "LFP-LOSSLESS-SHARED-PG", S::Error, "a lossless and a lossy class share a priority group or queue",
            "Policy {policy}: {shared}.{?pg_shared}{?queue_shared}",
            "Give every lossless priority a PG and an egress queue of its own (SONiC: lossless PGs 3-4, lossy traffic in PG 0)." },
        // ---- CNP
        { "LFP-CNP-NOT-STRICT", S::Warning, "CNPs ride a queue without strict priority",
            "Policy {policy}: CNPs (priority {priority}) go to egress queue {queue}, which is {?scheduling}. Congestion notifications then wait behind data, DCQCN reacts late, and PFC has to catch what ECN should have.",
            "Make queue {queue} strict priority (NVIDIA's RoCE default: CNP on priority 6, strict)." },
        { "LFP-CNP-CLASS-MISMATCH", S::Warning, "the NIC sends CNPs in another class than the switch gives them",
            "{?site}",
            "{?site_fix}" },
        // ---- PFC watchdog
        { "LFP-WD-MISSING", S::Warning, "lossless priorities without a PFC watchdog",
            "Policy {policy} (used by {switch_ports} switch port(s) and {host_ports} host port(s), e.g. {example}) makes priorities {priorities} lossless but has no PFC watchdog. A NIC or switch that pauses without end (a PFC storm) then stalls the lossless class across the fabric.",
            "Enable the PFC watchdog on the lossless queues (SONiC default: detection {detection} ms, restoration {restoration} ms, action drop)." },
        { "LFP-WD-TIMERS", S::Warning, "PFC watchdog timers outside the vendors' guidance",
            "Policy {policy}: PFC watchdog timers are unsafe: {?detection_problem}{?restoration_problem}.",
            "Use detection {default_detection} ms and restoration {default_restoration} ms (SONiC defaults; SONiC accepts detection 100-5000 ms, restoration 100-60000 ms), restoration at least the detection time." },
        { "LFP-WD-ACTION", S::Info, "the PFC watchdog action forwards or only alerts",
            "Policy {policy}: the PFC watchdog action is \"alert\": a storm is reported but not broken.",
            "Use action drop (SONiC default) unless monitoring alone is intended." },
        // ---- ECN on switches
        { "LFP-POLICY-ECN-MISSING", S::Warning, "a lossless queue has no ECN marking",
            "Policy {policy}: no ECN profile marks {queues}. DCQCN senders never learn of congestion, so PFC becomes the only control and pauses spread (head-of-line blocking, pause storms).",
            "Add an ECN/WRED profile on each lossless queue (NVIDIA default: Kmin 150 KB, Kmax 1500 KB)." },
        // ---- host NICs
        { "LFP-NIC-TRUST-MISMATCH", S::Error, "the NIC and the switch classify by different fields",
            "Host NICs with policy {host} (e.g. {host_port}) trust {host_trust}, but the switch ports they attach to (policy {switch}, e.g. {switch_port}) trust {switch_trust}. Received traffic and PFC are classified differently on the two sides. Links affected ({links}): {link_list}.",
            "Set the NICs to trust {switch_trust} (mlnx_qos --trust {switch_trust}), as the switches do." },
        { "LFP-NIC-DSCP-MISMATCH", S::Error, "the NIC's RoCE DSCP lands in another class on the switch",
            "{?site}",
            "{?site_fix}" },
        { "LFP-NIC-PFC-MISMATCH", S::Error, "the NIC's PFC priorities differ from the switch's",
            "{?site}",
            "{?site_fix}" },
        { "LFP-NIC-ECN-DISABLED", S::Warning, "DCQCN is off on the NIC's RoCE priority",
            "Policy {policy}: the host NICs' DCQCN {?disabled} is disabled. Switches may mark ECN, but {?effect}; PFC becomes the only congestion control and pause storms follow.",
            "Enable DCQCN on priority {priority} on the NICs (roce_np/enable/{priority} and roce_rp/enable/{priority} = 1)." },
        // ---- links
        { "LFP-LINK-MTU-MISMATCH", S::Error, "the two ends of a link have different MTUs",
            "Link {a} -- {b}: MTU {mtu_a} B on {a} but {mtu_b} B on {b}. Frames larger than {min_mtu} B are dropped in one direction (RoCE path MTU negotiation does not see it), and the headroom of both ends is computed for different frame sizes.",
            "Set the same MTU on both ends (the fabric's usual {max_mtu} B)." },
        { "LFP-LINK-SPEED-MISMATCH", S::Error, "the two ends of a link have different speeds",
            "Link {a} -- {b}: {a} runs at {speed_a} but {b} at {speed_b}; the link will not come up (or auto-negotiates down), and headroom and ECN thresholds assume the configured speed.",
            "Set both ends to the speed of the cable/optic, breaking out the faster port if needed." },
        { "LFP-LINK-FEC-MISMATCH", S::Error, "the two ends of a link have different FEC modes",
            "Link {a} -- {b}: FEC {fec_a} on {a} but {fec_b} on {b}; the link will not come up, or will come up with errors.",
            "Use the same FEC on both ends ({fec} for {speed} links)." },
        { "LFP-LINK-TRUST-MISMATCH", S::Error, "the two ends of a link classify by different fields",
            "Switch ports on both ends of a link trust different markings: policy {policy_a} (e.g. {port_a}) trusts {trust_a}, policy {policy_b} (e.g. {port_b}) trusts {trust_b}. The same packet is classified into different priorities on each side, so PFC pauses the wrong class. Links affected ({links}): {link_list}.",
            "Use the same trust mode on every switch port (DSCP for routed RoCEv2 fabrics)." },
        { "LFP-LINK-PFC-MISMATCH", S::Error, "PFC is enabled on one end of a link and not the other",
            "The two ends of a link enable PFC on different priorities: policy {policy_a} (e.g. {port_a}) on {pfc_a}, policy {policy_b} (e.g. {port_b}) on {pfc_b}. On priority {differing} the end with PFC sends pauses the other end does not honour, so traffic of that priority is dropped once the PFC end's headroom is full; the other direction reserves headroom for nothing{?unused}. Links affected ({links}): {link_list}.",
            "Enable PFC on the same priorities on both ends of every link." },
        { "LFP-LINK-DSCP-MAP-MISMATCH", S::Error, "the two ends of a link map DSCP differently",
            "The two ends of a link map DSCP to priorities differently: policy {policy_a} (e.g. {port_a}) vs policy {policy_b} (e.g. {port_b}) differ on {count} DSCP value(s): {differences} ({policy_a}/{policy_b}).{?effect} Links affected ({links}): {link_list}.",
            "Use one DSCP map on every switch port of the fabric (bind the same policy, or copy the map)." },
        { "LFP-LINK-FEC-UNKNOWN", S::Info, "links whose FEC the source does not give are not checked for FEC",
            "{count} linked port(s) have no FEC in the source ({ports}); the FEC of their links is not checked.",
            "Give the FEC of these ports (the peer's config_db.json, the fec column of the plan, or \"fec\" in the fabric JSON)." },
        // ---- physical limits (planner/physicalchecks.cpp, model/reach.h)
        { "LFP-LINK-REACH-EXCEEDED", S::Error, "a cable is longer than its medium reaches at the lane rate",
            "Link {a} -- {b}: a {length} {medium} is longer than the {reach} that medium reaches{?lane} ({source}). The link will not come up, or will run with errors that lossless traffic pays for in retransmissions.",
            "{?remedy}" },
        { "LFP-LINK-REACH-UNKNOWN", S::Info, "no reach is published for the medium at this lane rate",
            "Link {a} -- {b}: no copper reach is published for {lane_rate} Gb/s per lane; the {length} DAC is not checked.",
            "Check the cable vendor's reach for this lane rate." },
        { "LFP-LINK-MEDIUM-UNKNOWN", S::Info, "links with a length but no medium: their reach is not checked",
            "{count} link(s) have a length but no medium in the source ({links}); their reach is not checked.",
            "Give the medium of these links (the medium column of the plan: DAC, AOC or fibre; or \"medium\" in the fabric JSON)." },
        // ---- InfiniBand
        { "LFP-IB-QOS-BY-SM", S::Info, "InfiniBand QoS (SL to VL, VL arbitration) is set by the subnet manager",
            "{count} InfiniBand node(s) ({nodes}): their QoS is the subnet manager's SL→VL mapping and VL arbitration, not a RoCE policy (DSCP, PFC, ETS, ECN), so the RoCE policy checks do not apply. InfiniBand links are lossless on every VL (credit-based flow control); credit loops are analysed by `lfp deadlock --routing lft`.",
            "Run `lfp deadlock PROJECT --routing lft --lft opensm-lfts.dump --sl2vl opensm-sl2vl.dump` for the VLs in use." },
        // ---- paths
        { "LFP-PATH-NOT-LOSSLESS", S::Error, "RoCE traffic between two hosts crosses a lossy hop",
            "Policy {policy} breaks the lossless class of host-to-host paths{?where}: {breaks}.{?example}",
            "{?site_fix}" },
        // ---- deadlock (planner/deadlock.cpp; docs/deadlock.md)
        { "LFP-DEADLOCK-CYCLE", S::Error, "the routing creates a cyclic buffer dependency on a lossless priority",
            "cyclic buffer dependency on {class} through {length} buffers: {path}", "{remedy}" },
        { "LFP-DEADLOCK-ROUTING-LOOP", S::Error, "one destination's routes form a loop",
            "cyclic buffer dependency on {class} through {length} buffers (a routing loop: one destination's packets circle): {path}", "{remedy}" },
        { "LFP-DEADLOCK-FAILURE-CYCLE", S::Error, "with links down, the re-converged routing creates a cycle",
            "with {links} down: cyclic buffer dependency on {class} through {length} buffers: {path}", "{remedy}" },
        { "LFP-DEADLOCK-FAILURE-CYCLE-UNLISTED", S::Error, "more failure sets create cycles than are listed",
            "{count} more failure sets create cycles (not listed)", "" },
        { "LFP-DEADLOCK-FAILURE-ROUTING-LOOP", S::Error, "with links down, a routing loop appears",
            "with {links} down: cyclic buffer dependency on {class} through {length} buffers (a routing loop: one destination's packets circle): {path}",
            "{remedy}" },
        { "LFP-DEADLOCK-UNREACHABLE", S::Warning, "host pairs have no path in this routing", "{pairs} host pairs have no {routing} path",
            "Add links or roots so every pair has a legal path, or carry those flows in a lossy class" },
        { "LFP-DEADLOCK-FAILURE-UNREACHABLE", S::Warning, "with links down, host pairs lose their lossless path",
            "with {links} down, {pairs} host pairs lose their lossless path",
            "Accept (traffic waits for repair or is carried lossy) or add links/roots so up*/down* keeps a path" },
        { "LFP-DEADLOCK-NOTHING-COVERED", S::Error, "the analysis covered nothing: there is no verdict", "the deadlock analysis covered nothing: {reason}",
            "{remedy}" },
        { "LFP-DEADLOCK-NO-LOSSLESS-BUFFER", S::Warning, "no switch-to-switch buffer is lossless for the analysed priorities",
            "none of the {buffers} switch-to-switch buffers is lossless for the analysed priorities: no PFC deadlock can form, and no traffic is lossless either",
            "Bind the lossless policy to the switch roles (or choose the lossless priority with --priority)" },
        { "LFP-CREDIT-LOOP", S::Error, "InfiniBand: the forwarding tables create a credit loop on a VL",
            "cyclic buffer dependency on {class} through {length} buffers: {path}", "{remedy}" },
        { "LFP-CREDIT-LOOP-ROUTING-LOOP", S::Error, "InfiniBand: one DLID's routes form a loop",
            "cyclic buffer dependency on {class} through {length} buffers (a routing loop: one destination's packets circle): {path}", "{remedy}" },
        { "LFP-CREDIT-LOOP-MISSING-PATH", S::Error, "InfiniBand: CA pairs without a route in the forwarding tables",
            "{pairs} host pairs have no {routing} path", "Add links or roots so every pair has a legal path, or carry those flows in a lossy class" },
        // ---- drift (planner/drift.cpp): plan against a running configuration
        { "LFP-DRIFT-NODE-UNPLANNED", S::Warning, "a configured switch is not in the plan", "{node} is running but is not in the plan",
            "Add the switch to the plan, or check that the config file belongs to this fabric." },
        { "LFP-DRIFT-PORT-MISSING", S::Warning, "a planned port is not configured on the switch", "the planned port is not configured on the switch{?grouped}",
            "Create the port (check breakout mode and port naming)." },
        { "LFP-DRIFT-PORT-UNPLANNED", S::Warning, "a port with a neighbour is not in the plan", "the port has a neighbour ({peer}) but is not in the plan{?grouped}",
            "Add the port and its link to the plan." },
        { "LFP-DRIFT-PORT-SPEED", S::Error, "the port speed differs from the plan", "the port runs at {running}, the plan says {planned}{?grouped}",
            "Set the planned speed (headroom and buffer profiles depend on it)." },
        { "LFP-DRIFT-PORT-MTU", S::Error, "the MTU differs from the plan", "the MTU is {running} B, the plan says {planned} B{?grouped}",
            "Set the planned MTU (headroom depends on it)." },
        { "LFP-DRIFT-PORT-FEC", S::Warning, "the FEC mode differs from the plan", "FEC is {running}, the plan says {planned}{?grouped}", "Set the planned FEC mode." },
        { "LFP-DRIFT-NEIGHBOR", S::Error, "the neighbour differs from the planned link", "the switch says the neighbour is {running}, the plan says {planned}{?grouped}",
            "Check the cabling (or the DEVICE_NEIGHBOR entry) against the plan." },
        { "LFP-DRIFT-CABLE-LENGTH", S::Error, "CABLE_LENGTH is shorter than the planned cable",
            "CABLE_LENGTH is {running} but the planned cable is {planned}: the lossless headroom is too small{?grouped}",
            "Set CABLE_LENGTH to at least the planned length (`config interface cable-length`)." },
        { "LFP-DRIFT-QOS-UNBOUND", S::Error, "the plan applies a QoS policy, the port has no QoS maps",
            "no QoS maps are bound to the port; the plan applies {policy}{?grouped}", "Add the port to PORT_QOS_MAP with the planned maps and pfc_enable." },
        { "LFP-DRIFT-QOS-UNPLANNED", S::Info, "the port has QoS maps the plan does not give it", "the port has QoS maps the plan does not give it{?grouped}",
            "Bind a policy to the port in the plan, or remove the port from PORT_QOS_MAP." },
        { "LFP-DRIFT-TRUST", S::Error, "classification by DSCP vs PCP differs from the plan",
            "trust is {running} on the switch, the plan says {planned}{?grouped}",
            "Bind the planned classification map (PORT_QOS_MAP dscp_to_tc_map) to the port." },
        { "LFP-DRIFT-DSCP-MAP", S::Error, "DSCP to traffic class entries differ from the plan",
            "the DSCP to traffic class map differs from the plan: {differences}{?grouped}",
            "Restore the planned DSCP_TO_TC_MAP (e.g. re-export the SONiC config from the plan and `config qos reload`)." },
        { "LFP-DRIFT-TC-PG", S::Error, "traffic class to priority group entries differ from the plan",
            "the TC to priority group map differs from the plan: {differences}{?grouped}",
            "Restore the planned TC_TO_PRIORITY_GROUP_MAP." },
        { "LFP-DRIFT-TC-QUEUE", S::Error, "traffic class to queue entries differ from the plan",
            "the TC to queue map differs from the plan: {differences}{?grouped}",
            "Restore the planned TC_TO_QUEUE_MAP." },
        { "LFP-DRIFT-PFC", S::Error, "pfc_enable differs from the planned lossless priorities",
            "PFC is on for priorities {running} on the switch, the plan says {planned}{?grouped}",
            "Set pfc_enable to \"{planned}\" in PORT_QOS_MAP." },
        { "LFP-DRIFT-LOSSLESS-PG-MISSING", S::Error, "a planned lossless priority has no lossless buffer profile",
            "priority {priority} is lossless in the plan but PG {pg} has no lossless buffer profile (BUFFER_PG profile: {profile}){?grouped}",
            "Add BUFFER_PG <port>|<pg> with the lossless headroom profile for the port's speed and cable length." },
        { "LFP-DRIFT-ETS", S::Warning, "a queue's scheduling differs from the plan",
            "the queue scheduling differs from the plan: {differences}{?grouped}",
            "Restore the planned SCHEDULER bindings in QUEUE." },
        { "LFP-DRIFT-ECN", S::Warning, "a queue's ECN marking differs from the plan",
            "{?difference}{?grouped}",
            "{?difference_fix}" },
        { "LFP-DRIFT-WATCHDOG", S::Warning, "the PFC watchdog differs from the plan",
            "{?difference}{?grouped}",
            "{?difference_fix}" },
        // ---- vendor export (exporters/; docs/export.md)
        { "LFP-EXPORT-BUFFER-OVERCOMMITTED", S::Error, "the reservations exceed the buffer: the exported shared pools would be negative" },
        { "LFP-EXPORT-FEC-NOT-EXPRESSIBLE", S::Warning, "the planned FEC mode has no code on the target" },
        { "LFP-EXPORT-HUAWEI-FAMILY", S::Warning, "the switch model is in neither CloudEngine command family: the default family is written" },
        { "LFP-EXPORT-NAME-CONFLICT", S::Error, "two objects the target names alike differ" },
        { "LFP-EXPORT-NIC-INCONSISTENT", S::Warning, "the policy's NIC settings disagree with its DSCP map" },
        { "LFP-EXPORT-NO-ASIC", S::Error, "the switch has no known ASIC profile: no buffers can be exported" },
        { "LFP-EXPORT-NO-BUDGET", S::Error, "the planner could not compute the switch's budget" },
        { "LFP-EXPORT-NO-POLICY", S::Warning, "no policy is bound: nothing to configure there" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", S::Warning, "a part of the plan the target cannot express" },
        { "LFP-EXPORT-PORT-NAME", S::Warning, "the plan's port name is not the platform's interface name" },
        { "LFP-EXPORT-PORT-NO-LINK", S::Info, "a port with a lossless policy is on no planned link" },
        { "LFP-EXPORT-ROUNDED", S::Info, "a value the target rounds" },
        { "LFP-EXPORT-SONIC-DYNAMIC-UNSUPPORTED", S::Warning, "SONiC's dynamic buffer model on an ASIC it does not compute headroom for" },
        { "LFP-EXPORT-SONIC-PROFILE-SHARED", S::Warning, "ports that need different lossless headroom share one SONiC profile name" },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", S::Error, "a value is outside the target's range" },
        // ---- counters before/after a change (planner/counters.h; docs/counters.md)
        { "LFP-COUNTERS-LOSSLESS-DROP", S::Error, "packets dropped on a priority the plan keeps lossless",
            "{port}: {delta} packets dropped on lossless {what} {priority} between the captures",
            "A lossless priority must not drop: check the headroom of this port (lfp headroom / lfp budget), PFC on both link ends and the peer's response (mlnx_qos -i <if>, pause counters)" },
        { "LFP-COUNTERS-LOSSY-PAUSE", S::Error, "PFC pause frames on a priority the plan keeps lossy",
            "{port}: {delta} PFC pause frames {direction} on priority {priority}, which the plan keeps lossy",
            "PFC is enabled on a priority the plan does not make lossless, here or at the peer: compare the running PFC bitmap (show pfc priority / mlnx_qos) with the plan (lfp drift)" },
        { "LFP-COUNTERS-PAUSE-GROWTH", S::Warning, "pause frames on a lossless priority grew beyond the threshold",
            "{port}: {delta} pause frames on lossless priority {priority} between the captures (threshold {threshold})",
            "T2 PFC pausing: find the pause source (a local buffer or the peer); check that ECN marks before PFC (lfp ecn) and that the change did not shrink the pool" },
        { "LFP-COUNTERS-CNP-WITHOUT-ECN", S::Warning, "CNPs without ECN marks",
            "{port}: {cnp} CNPs sent or handled but no ECN-marked packet counted between the captures",
            "CNPs need ECN marks: check that the switches mark ECN on the RoCE queue and that the NIC's ECN/CNP priority matches the plan" },
        { "LFP-COUNTERS-WATCHDOG", S::Error, "the PFC watchdog fired",
            "{port}: the PFC watchdog detected a storm on queue {queue} ({delta} new detections)",
            "A PFC storm or deadlock: find the port that keeps pausing (T3: a congestion tree across switches, a routing or topology change); lfp deadlock" },
        { "LFP-COUNTERS-RESET", S::Warning, "a counter went down between the captures (cleared or rebooted)",
            "{port}: {counter} of priority/queue {priority} went from {before} to {after}: the counters were cleared or the device rebooted",
            "Capture before and after again without clearing the counters in between" },
        { "LFP-COUNTERS-NOT-IN-PLAN", S::Info, "counters grew on a port the plan does not have",
            "{port}: counters grew on a port the plan has no policy for", "Check the port naming (lfp export reports platform names) or add the port to the plan" },
        { "LFP-COUNTERS-MISSING", S::Warning, "a capture file exists in one phase only",
            "{file} is in one capture only: its counters are not compared", "Run the evidence script with the same version in both phases" },
    };

    // Alternative and optional wordings ("{?name}" in a template; findingregistry.h).
    constexpr FindingClause kClauses[] = {
        { "LFP-ASIC-SPEED-UNSUPPORTED", "port", "port" },
        { "LFP-ASIC-SPEED-UNSUPPORTED", "ports", "ports" },
        { "LFP-ASIC-SPEED-UNSUPPORTED", "and-more", " and {more_count} more" },
        { "LFP-POLICY-UNKNOWN", "role", "Role {role} is bound to policy \"{policy}\", which does not exist; its ports have no QoS policy." },
        { "LFP-POLICY-UNKNOWN", "port", "Port {port} is overridden to policy \"{policy}\", which does not exist; the port has no QoS policy." },
        { "LFP-POLICY-UNKNOWN", "bind-role", "bind role {role} to an existing policy" },
        { "LFP-POLICY-UNKNOWN", "remove-override", "remove the override of {port}" },
        { "LFP-ETS-STRICT-MISUSE", "stall", ", and a PFC pause of it stalls the port's highest-priority service" },
        { "LFP-LOSSLESS-SHARED-PG", "pg", " Lossy packets in a lossless PG count against its XOFF threshold and use its headroom, which then cannot absorb the lossless traffic in flight after a pause: lossless packets are dropped." },
        { "LFP-LOSSLESS-SHARED-PG", "queue", " A PFC pause of a lossless priority stops its whole egress queue, blocking the lossy traffic in it, and the queue's drop and ECN settings apply to both." },
        { "LFP-CNP-NOT-STRICT", "dwrr", "DWRR with weight {weight}%" },
        { "LFP-CNP-NOT-STRICT", "not-in-ets", "not in ETS" },
        { "LFP-CNP-CLASS-MISMATCH", "policy", "Policy {policy}: CNPs are marked DSCP {dscp} but the DSCP map sends DSCP {dscp} to priority {mapped}, not to the CNP priority {cnp}." },
        { "LFP-CNP-CLASS-MISMATCH", "policy-fix", "Map DSCP {dscp} to priority {cnp} in the policy's DSCP map." },
        { "LFP-CNP-CLASS-MISMATCH", "attachment", "Host NICs with policy {host} (e.g. {host_port}) send CNPs marked DSCP {dscp}, which the switch ports they attach to (policy {switch}, e.g. {switch_port}) put on priority {mapped} instead of the CNP priority {cnp}: congestion notifications queue behind data. Links affected ({links}): {link_list}." },
        { "LFP-CNP-CLASS-MISMATCH", "attachment-fix", "Set the NICs' CNP DSCP to {switch_dscp} (roce_np/cnp_dscp) or map DSCP {dscp} to priority {cnp} on the switches." },
        { "LFP-WD-TIMERS", "too-short", "detection {detection} ms is below {min_detection} ms and will fire on legitimate pause bursts (false positives drop lossless traffic)" },
        { "LFP-WD-TIMERS", "too-long", "detection {detection} ms is above {max_detection} ms; a storm spreads through the fabric long before it is broken" },
        { "LFP-WD-TIMERS", "restoration-short", "restoration {restoration} ms is shorter than detection {detection} ms, so a queue that is still being stormed is restored and re-detected in a loop" },
        { "LFP-WD-TIMERS", "also-restoration-short", "; restoration {restoration} ms is shorter than detection {detection} ms, so a queue that is still being stormed is restored and re-detected in a loop" },
        { "LFP-NIC-DSCP-MISMATCH", "policy", "Policy {policy}: host NICs mark RoCE with DSCP {dscp} and should send it on priority {priority}, but the policy's DSCP map (the NIC's dscp2prio) puts DSCP {dscp} on priority {mapped}. The NIC then transmits and pauses RoCE on the wrong priority." },
        { "LFP-NIC-DSCP-MISMATCH", "policy-fix", "Map DSCP {dscp} to priority {priority} (dcb app add dev IF dscp-prio {dscp}:{priority})." },
        { "LFP-NIC-DSCP-MISMATCH", "attachment", "Host NICs with policy {host} (e.g. {host_port}) send RoCE marked DSCP {dscp} on priority {priority}, but the switch ports they attach to (policy {switch}, e.g. {switch_port}) {?classify} into priority {class}, which is {?state}. {?effect} Links affected ({links}): {link_list}." },
        { "LFP-NIC-DSCP-MISMATCH", "map-dscp", "map DSCP {dscp}" },
        { "LFP-NIC-DSCP-MISMATCH", "take-pcp", "take PCP {priority}" },
        { "LFP-NIC-DSCP-MISMATCH", "lossless-other", "lossless but not the NIC's priority" },
        { "LFP-NIC-DSCP-MISMATCH", "lossy", "lossy" },
        { "LFP-NIC-DSCP-MISMATCH", "pauses-other", "The switch pauses a priority the NIC does not send RoCE on, so the pauses do not stop it: drops under congestion." },
        { "LFP-NIC-DSCP-MISMATCH", "best-effort", "RoCE rides best effort from the first hop: drops, retransmissions, and throughput collapse under incast." },
        { "LFP-NIC-DSCP-MISMATCH", "dscp-fix", "Make the NICs mark a DSCP the switches map to their lossless RoCE priority, or map DSCP {dscp} to priority {priority} and make it lossless on the switches." },
        { "LFP-NIC-DSCP-MISMATCH", "pcp-fix", "Make priority {priority} lossless on the switches, or send RoCE on a lossless priority." },
        { "LFP-NIC-PFC-MISMATCH", "policy", "Policy {policy}: host NICs send RoCE on priority {priority} but have PFC enabled only on {nic_pfc}: the NIC neither honours the switch's pauses on priority {priority} nor sends its own, so RoCE is lossy at the host edge." },
        { "LFP-NIC-PFC-MISMATCH", "policy-fix", "Enable PFC on priority {priority} on the NICs (dcb pfc set dev IF prio-pfc {priority}:on)." },
        { "LFP-NIC-PFC-MISMATCH", "attachment", "Host NICs with policy {host} (e.g. {host_port}) have PFC on priority {nic_pfc}; the switch ports they attach to (policy {switch}, e.g. {switch_port}) on priority {switch_pfc}. {?effect} Links affected ({links}): {link_list}." },
        { "LFP-NIC-PFC-MISMATCH", "roce-lossy", "The RoCE priority {priority} is not PFC-enabled on both sides, so RoCE is lossy on this hop." },
        { "LFP-NIC-PFC-MISMATCH", "roce-agrees", "The RoCE priority agrees; the other differences waste headroom or ignore pauses." },
        { "LFP-NIC-PFC-MISMATCH", "attachment-fix", "Enable PFC on the NICs on exactly the switches' lossless priorities, {switch_pfc} (dcb pfc set dev IF prio-pfc all:off {pfc_on})." },
        { "LFP-NIC-ECN-DISABLED", "rp-and-np", "reaction point (sender) and notification point (receiver)" },
        { "LFP-NIC-ECN-DISABLED", "rp", "reaction point (sender)" },
        { "LFP-NIC-ECN-DISABLED", "np", "notification point (receiver)" },
        { "LFP-NIC-ECN-DISABLED", "no-cnp", "no receiver sends CNPs" },
        { "LFP-NIC-ECN-DISABLED", "cnp-ignored", "senders ignore the CNPs they receive" },
        { "LFP-LINK-PFC-MISMATCH", "unused", " (no traffic is classified into them, so this is only wasted buffer)" },
        { "LFP-LINK-DSCP-MAP-MISMATCH", "lossless", " A lossless class is involved: a packet queued in one class is paused (or not) as another, so it is dropped or blocks lossy traffic." },
        { "LFP-LINK-DSCP-MAP-MISMATCH", "lossy-only", " Only lossy classes are involved: scheduling differs per hop." },
        { "LFP-LINK-REACH-EXCEEDED", "at-lane-rate", " at {lane_rate} Gb/s per lane" },
        { "LFP-LINK-REACH-EXCEEDED", "dac", "Use an AOC or optics and fibre for this run, or move the racks closer." },
        { "LFP-LINK-REACH-EXCEEDED", "aoc", "Use transceivers and structured fibre (single-mode DR/FR for more than 100 m)." },
        { "LFP-LINK-REACH-EXCEEDED", "fibre", "Shorten the run: a lossless fabric link beyond 40 km needs coherent DCI optics and a headroom plan of its own." },
        { "LFP-PATH-NOT-LOSSLESS", "at-nics", " at the receiving NICs" },
        { "LFP-PATH-NOT-LOSSLESS", "example", " Example path: {path}." },
        { "LFP-PATH-NOT-LOSSLESS", "switch-fix", "Map DSCP {dscp} to priority {priority} and make it lossless in policy {policy} (one DSCP map and PFC set for the whole fabric), or make the NICs mark the fabric's RoCE DSCP." },
        { "LFP-PATH-NOT-LOSSLESS", "nic-fix", "Map DSCP {dscp} to priority {priority} and enable PFC on it in the NIC policy {policy}, or use one RoCE marking for all hosts." },
        { "LFP-DRIFT-ECN", "unplanned", "queue {queue} marks ECN ({profile}) but the plan has no ECN there" },
        { "LFP-DRIFT-ECN", "unplanned-fix", "Remove the WRED/ECN profile from the queue or add it to the plan." },
        { "LFP-DRIFT-ECN", "missing", "queue {queue} has no ECN marking; the plan marks from {plan_kmin} B to {plan_kmax} B" },
        { "LFP-DRIFT-ECN", "missing-fix", "Bind the planned WRED_PROFILE (ecn_all) to the queue." },
        { "LFP-DRIFT-ECN", "thresholds", "queue {queue} marks ECN from {kmin} B to {kmax} B at {pmax} %; the plan says {plan_kmin} B to {plan_kmax} B at {plan_pmax} %" },
        { "LFP-DRIFT-ECN", "thresholds-fix", "Restore the planned WRED_PROFILE thresholds." },
        { "LFP-DRIFT-WATCHDOG", "state", "the PFC watchdog is {?running} on the switch, the plan says {?planned}" },
        { "LFP-DRIFT-WATCHDOG", "on", "on" },
        { "LFP-DRIFT-WATCHDOG", "off", "off" },
        { "LFP-DRIFT-WATCHDOG", "state-fix", "Start or stop the PFC watchdog on the port as planned (`pfcwd start`)." },
        { "LFP-DRIFT-WATCHDOG", "settings", "the PFC watchdog is {running_detection} / {running_restoration} / {running_action} on the switch, the plan says {planned_detection} / {planned_restoration} / {planned_action} (detection / restoration / action)" },
        { "LFP-DRIFT-WATCHDOG", "settings-fix", "Restore the planned PFC_WD settings." },
        { "*", "grouped", " ({ports} ports)" },
    };

} // namespace

std::span<const FindingType> findingTypes() { return kTypes; }

const FindingType* findingType(std::string_view code)
{
    for (const auto& t : kTypes)
        if (code == t.code)
            return &t;
    return nullptr;
}

std::string findingAnchor(std::string_view code)
{
    std::string a(code);
    std::transform(a.begin(), a.end(), a.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return a;
}

namespace {
    /// The one renderer: {name}, {?clause}, {{ and }}; @p code selects the clauses (empty: none allowed).
    std::string render(std::string_view code, std::string_view t, const FindingParams& params, const TemplateTranslator* tr, int depth)
    {
        if (depth > 4)
            throw std::logic_error("finding template: clauses nested too deep in \"" + std::string(t) + "\"");
        std::string out;
        out.reserve(t.size() + 32);
        for (std::size_t i = 0; i < t.size(); ++i) {
            const char c = t[i];
            if (c == '{' && i + 1 < t.size() && t[i + 1] == '{') {
                out += '{';
                ++i;
            } else if (c == '}' && i + 1 < t.size() && t[i + 1] == '}') {
                out += '}';
                ++i;
            } else if (c == '{') {
                const auto close = t.find('}', i);
                if (close == std::string_view::npos)
                    throw std::logic_error("finding template: unclosed '{' in \"" + std::string(t) + "\"");
                std::string_view name = t.substr(i + 1, close - i - 1);
                const bool clause = !name.empty() && name.front() == '?';
                if (clause)
                    name.remove_prefix(1);
                auto it = std::find_if(params.begin(), params.end(), [&](const auto& p) { return p.first == name; });
                if (it == params.end() && clause) {
                    i = close; // an optional clause that is not given
                    continue;
                }
                if (it == params.end())
                    throw std::logic_error("finding template: no parameter \"" + std::string(name) + "\" for \"" + std::string(t) + "\"");
                if (!clause) {
                    out += it->second;
                } else if (!it->second.empty()) {
                    const FindingClause* cl = findingClause(code, it->second);
                    if (!cl)
                        throw std::logic_error("finding template: " + std::string(code) + " has no clause \"" + it->second + "\"");
                    const std::string text = (tr && *tr) ? (*tr)(cl->text) : std::string(cl->text);
                    out += render(code, text, params, tr, depth + 1);
                }
                i = close;
            } else {
                out += c;
            }
        }
        return out;
    }
} // namespace

std::string renderTemplate(std::string_view t, const FindingParams& params) { return render({}, t, params, nullptr, 0); }

std::string renderTemplate(std::string_view code, std::string_view tmpl, const FindingParams& params, const TemplateTranslator& tr)
{
    return render(code, tr ? tr(std::string(tmpl).c_str()) : std::string(tmpl), params, &tr, 0);
}

std::span<const FindingClause> findingClauses() { return kClauses; }

const FindingClause* findingClause(std::string_view code, std::string_view name)
{
    for (const auto& c : kClauses)
        if (name == c.name && code == c.code)
            return &c;
    for (const auto& c : kClauses)
        if (name == c.name && std::string_view(c.code) == "*")
            return &c;
    return nullptr;
}

namespace {
    std::optional<std::string> renderOptional(std::string_view code, const char* tmpl, const FindingParams& params, const TemplateTranslator& tr)
    {
        if (!tmpl)
            return std::nullopt;
        try {
            return render(code, tr ? tr(tmpl) : std::string(tmpl), params, &tr, 0);
        } catch (const std::logic_error&) {
            return std::nullopt; // parameters of another version, or none (a finding read back from JSON)
        }
    }
} // namespace

std::optional<std::string> renderFindingMessage(std::string_view code, const FindingParams& params, const TemplateTranslator& tr)
{
    const FindingType* t = findingType(code);
    return t ? renderOptional(code, t->message, params, tr) : std::nullopt;
}

std::optional<std::string> renderFindingFix(std::string_view code, const FindingParams& params, const TemplateTranslator& tr)
{
    const FindingType* t = findingType(code);
    return t ? renderOptional(code, t->fix, params, tr) : std::nullopt;
}

namespace {
    const FindingType& requireType(std::string_view code)
    {
        const FindingType* t = findingType(code);
        if (!t)
            throw std::logic_error("finding code " + std::string(code) + " is not registered (planner/findingregistry.cpp)");
        return *t;
    }
} // namespace

Finding makeFinding(std::string_view code, std::vector<std::string> objects, FindingParams params, std::vector<Evidence> evidence, std::optional<Severity> severity)
{
    const FindingType& t = requireType(code);
    if (!t.message)
        throw std::logic_error("finding code " + std::string(code) + " has no message template: pass the message");
    Finding f;
    f.severity = severity.value_or(t.severity);
    f.code = t.code;
    f.objects = std::move(objects);
    f.message = render(t.code, t.message, params, nullptr, 0);
    f.fix = t.fix ? render(t.code, t.fix, params, nullptr, 0) : std::string();
    f.evidence = std::move(evidence);
    f.params = std::move(params);
    return f;
}

void rerenderFinding(Finding& f)
{
    const FindingType& t = requireType(f.code);
    if (!t.message)
        throw std::logic_error("finding code " + f.code + " has no message template");
    f.message = render(t.code, t.message, f.params, nullptr, 0);
    f.fix = t.fix ? render(t.code, t.fix, f.params, nullptr, 0) : std::string();
}

Finding makeFinding(std::string_view code, std::vector<std::string> objects, std::string message, std::vector<Evidence> evidence, std::string fix,
    std::optional<Severity> severity)
{
    const FindingType& t = requireType(code);
    Finding f;
    f.severity = severity.value_or(t.severity);
    f.code = t.code;
    f.objects = std::move(objects);
    f.message = std::move(message);
    f.evidence = std::move(evidence);
    f.fix = std::move(fix);
    return f;
}

} // namespace lfp
