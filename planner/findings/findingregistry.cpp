// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/findings/findingregistry.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <optional>
#include <stdexcept>

namespace lfp {
namespace {
    using S = Severity;
    // Order: as in docs/findings.md. Templates use {name} placeholders (renderTemplate).
    constexpr FindingType kTypes[] = {
        // ---- buffer and headroom (planner/buffer/budget.cpp, planner/checks/ecn.cpp; formulas in docs/formulas.md)
        { "LFP-BUF-POOL-OVERCOMMITTED", S::Error, "reservations and the shared headroom pool exceed the switch buffer",
            "{switch}: reservations ({reserved}) and shared headroom pool ({shp}) exceed the {asic} buffer ({total}) by {excess}",
            "Shorten cables or reduce lossless priorities, enable or raise the shared headroom pool over-subscription (buffer.over_subscribe_ratio), or use an ASIC with more buffer." },
        { "LFP-BUF-POOLS-EXCEED-BUFFER", S::Error, "the pools, xoff and reservations do not fit the ASIC's physical buffer",
            "{subject}: the pools ({pool_cells} cells), xoff ({xoff_cells} cells) and reservations ({reserved_cells} cells) need {needed_cells} cells ({needed}) in the worst case ({worst_case}), but the {asic} has {physical_cells} cells of {cell} B ({physical}): {excess_cells} cells over",
            "Shrink the ingress pools so that size + xoff + reservations fit {physical_cells} cells (with this xoff and these reservations, the pools at most {max_pool} B in all), or lower the xoff (a higher over-subscription ratio)." },
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
        // ---- policy coverage (planner/checks/policychecks.cpp)
        { "LFP-POLICY-MISSING", S::Warning, "linked ports have no QoS policy",
            "{ports} linked port(s) of {count} {role} node(s) ({*nodes}) have no QoS policy: role {role} has no binding and the ports no override. Their trust mode, PFC, ETS and ECN cannot be checked, and lossless traffic through them is unprotected.",
            "Bind role {role} to a policy (e.g. the default RoCE policy), or override each port." },
        { "LFP-POLICY-UNKNOWN", S::Error, "a binding or override names a policy that does not exist",
            "{?binding}",
            "Add a policy named \"{policy}\" or {?remedy}." },
        { "LFP-POLICY-OVERRIDE-STALE", S::Warning, "an override names a port that does not exist",
            "The override of port {port} to policy {policy} names a port that does not exist (renamed, removed or broken out?); it applies to nothing.",
            "Point the override at the port's current name, or delete it." },
        // ---- ETS
        { "LFP-ETS-WEIGHTS-SUM", S::Warning, "the DWRR weights do not add up to 100 %",
            "Policy {policy}: the DWRR weights of its ETS queues sum to {sum}% ({*weights}), not 100%. Linux dcb/mlx5 refuse such a NIC setting, and switches renormalise it, so the shares actually given differ from the plan.",
            "Adjust the DWRR weights so they add up to 100%." },
        { "LFP-ETS-LOSSLESS-STARVED", S::Error, "a lossless class has no bandwidth share",
            "Policy {policy}: {*starved}. Under load such a queue gets no bandwidth, its ingress buffers fill, and PFC pauses the upstream ports indefinitely (until the watchdog drops the traffic).",
            "Give queue(s) {*queues} a DWRR weight (NVIDIA's RoCE default: 50% for the RoCE queue)." },
        { "LFP-ETS-STRICT-MISUSE", S::Warning, "bulk traffic in a strict-priority queue",
            "Policy {policy}: {*misuse}. A strict queue is served before every DWRR queue, so bulk traffic in it can starve the others{?stall}; strict priority is meant for small control traffic such as CNPs.",
            "Schedule data queues with DWRR and weights; keep strict priority for the CNP queue only." },
        // ---- buffering classes
        { "LFP-LOSSLESS-SHARED-PG", S::Error, "a lossless and a lossy class share a priority group or queue",
            "Policy {policy}: {*shared}.{?pg_shared}{?queue_shared}",
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
        // ---- PFC watchdog per platform (planner/checks/watchdog.cpp; resources/watchdog/*.json, docs/storm.md)
        { "LFP-WD-POLLING", S::Error, "the PFC watchdog polls less often than it must detect or restore",
            "Policy {policy} on {count} {platform} switch(es) ({example}): polling interval {polling} ms is longer than {?longer_than}; the watchdog cannot act within its own timers",
            "Set the switch's polling interval to at most {limit} ms (SONiC: `pfcwd interval`, LFP: the switch attribute pfc_watchdog.polling; it must not exceed any port's detection or restoration time)." },
        { "LFP-WD-RANGE", S::Error, "a PFC watchdog timer is outside its platform's range",
            "Policy {policy} on {count} {platform} switch(es) ({example}): {timer} {value} ms is outside {platform}'s range {min}-{max} ms",
            "Choose a {timer} within {min}-{max} ms ({platform} default {default} ms)." },
        { "LFP-WD-DEFAULT-SCALED", S::Warning, "SONiC's start_default would scale the watchdog timers with the port count",
            "{count} switch(es) with {ports} PFC-enabled ports ({switch}): SONiC's `pfcwd start_default` would set detection {detection} ms and restoration {restoration} ms (200 ms × {multiply}) and polling {polling} ms{?capped}, not the planned {planned_detection} ms / {planned_polling} ms",
            "Configure the watchdog explicitly (`pfcwd start` and `pfcwd interval`) instead of start_default, or plan for detection {detection} ms." },
        { "LFP-WD-ACTION-UNSUPPORTED", S::Error, "the PFC watchdog action is one the platform does not have",
            "{?action_problem}",
            "Use {supported} on {platform}." },
        { "LFP-WD-NIC-MISSING", S::Warning, "a host NIC on a lossless port has no PFC storm prevention",
            "{count} host(s) ({example}) on lossless ports have their NIC watchdog off (nic.pfc_watchdog = off): a NIC whose receive pipeline stalls pauses its switch port without end",
            "Turn the NIC's PFC storm prevention on (mlx5: ethtool --set-tunable DEV pfc-prevention-tout 100; LFP: nic.pfc_watchdog auto)." },
        { "LFP-WD-WINDOW-SKEW", S::Warning, "watchdog windows differ so much along a path that the far end acts first",
            "{count} link(s) such as {link}: {upstream} acts within {up_from}-{up_to} ms, before {downstream}'s host-facing watchdog can act ({down_from}-{down_to} ms); a storm from a host is broken upstream, dropping the whole link's lossless traffic",
            "Give the host-facing ports the shortest detection window (e.g. {up_from} ms or less), or lengthen the upstream ports' detection beyond {down_to} ms." },
        // ---- ECN on switches
        { "LFP-POLICY-ECN-MISSING", S::Warning, "a lossless queue has no ECN marking",
            "Policy {policy}: no ECN profile marks {*queues}. DCQCN senders never learn of congestion, so PFC becomes the only control and pauses spread (head-of-line blocking, pause storms).",
            "Add an ECN/WRED profile on each lossless queue (NVIDIA default: Kmin 150 KB, Kmax 1500 KB)." },
        // ---- host NICs
        { "LFP-NIC-TRUST-MISMATCH", S::Error, "the NIC and the switch classify by different fields",
            "Host NICs with policy {host} (e.g. {host_port}) trust {host_trust}, but the switch ports they attach to (policy {switch}, e.g. {switch_port}) trust {switch_trust}. Received traffic and PFC are classified differently on the two sides. Links affected ({links}): {*link_list}.",
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
            "Switch ports on both ends of a link trust different markings: policy {policy_a} (e.g. {port_a}) trusts {trust_a}, policy {policy_b} (e.g. {port_b}) trusts {trust_b}. The same packet is classified into different priorities on each side, so PFC pauses the wrong class. Links affected ({links}): {*link_list}.",
            "Use the same trust mode on every switch port (DSCP for routed RoCEv2 fabrics)." },
        { "LFP-LINK-PFC-MISMATCH", S::Error, "PFC is enabled on one end of a link and not the other",
            "The two ends of a link enable PFC on different priorities: policy {policy_a} (e.g. {port_a}) on {pfc_a}, policy {policy_b} (e.g. {port_b}) on {pfc_b}. On priority {differing} the end with PFC sends pauses the other end does not honour, so traffic of that priority is dropped once the PFC end's headroom is full; the other direction reserves headroom for nothing{?unused}. Links affected ({links}): {*link_list}.",
            "Enable PFC on the same priorities on both ends of every link." },
        { "LFP-LINK-DSCP-MAP-MISMATCH", S::Error, "the two ends of a link map DSCP differently",
            "The two ends of a link map DSCP to priorities differently: policy {policy_a} (e.g. {port_a}) vs policy {policy_b} (e.g. {port_b}) differ on {count} DSCP value(s): {*differences} ({policy_a}/{policy_b}).{?effect} Links affected ({links}): {*link_list}.",
            "Use one DSCP map on every switch port of the fabric (bind the same policy, or copy the map)." },
        { "LFP-LINK-LANES-MISMATCH", S::Error, "the two ends of a link run the same speed on different lane counts",
            "{links} link(s) at {speed} have {lanes_a} lanes ({rate_a} Gb/s per lane, {mod_a}) on one end and {lanes_b} lanes ({rate_b} Gb/s per lane, {mod_b}) on the other: the two ends' PMDs cannot come up together. Links: {*link_list}.",
            "Configure both ends with the same lane count at {speed} (the switch port's breakout mode and the NIC's lane setting), then the FEC of that lane rate." },
        { "LFP-PORT-FEC-LANE-RATE", S::Error, "a port's FEC is not defined for its lane rate",
            "{count} linked port(s) at {speed} on {lanes} lanes ({rate} Gb/s per lane, {modulation}) use {fec}: {rule}. Ports: {*ports}.",
            "Use {expected} on these ports and their peers (or the lane count whose lane rate this FEC is defined for)." },
        { "LFP-LINK-FEC-UNKNOWN", S::Info, "links whose FEC the source does not give are not checked for FEC",
            "{count} linked port(s) have no FEC in the source ({*ports}); the FEC of their links is not checked.",
            "Give the FEC of these ports (the peer's config_db.json, the fec column of the plan, or \"fec\" in the fabric JSON)." },
        // ---- physical limits (planner/checks/physicalchecks.cpp, model/reach.h)
        { "LFP-LINK-REACH-EXCEEDED", S::Error, "a cable is longer than its medium reaches at the lane rate",
            "Link {a} -- {b}: a {length} {medium} is longer than the {reach} that medium reaches{?lane} ({source}). The link will not come up, or will run with errors that lossless traffic pays for in retransmissions.",
            "{?remedy}" },
        { "LFP-LINK-REACH-UNKNOWN", S::Info, "no reach is published for the medium at this lane rate", "{?what}", "{?fix}" },
        { "LFP-LINK-MEDIUM-UNKNOWN", S::Info, "links with a length but no medium: their reach is not checked",
            "{count} link(s) have a length but no medium in the source ({links}); their reach is not checked.",
            "Give the medium of these links (the medium column of the plan: DAC, AOC or fibre; or \"medium\" in the fabric JSON)." },
        // ---- identity (planner/checks/identitychecks.cpp)
        { "LFP-PORT-BREAKOUT-PARENT", S::Error, "a breakout member's parent port is itself or not a port of its node",
            "Port {port}: its breakout_parent \"{parent}\" {?what}. The member's lanes and its cage cannot be worked out, so breakout modes, lane checks and exports read it wrongly.",
            "Set breakout_parent to the port whose cage this member splits (a port of {node}), or clear it when the port is not a breakout member." },
        { "LFP-IB-GUID-DUPLICATE", S::Error, "two nodes carry the same InfiniBand node GUID",
            "{count} nodes carry the InfiniBand node GUID {guid} ({nodes}). A subnet has one node per GUID: routing dumps, LFTs and path SLs keyed by GUID cannot tell them apart.",
            "Keep one node per GUID: merge the duplicates (the same switch imported twice under two names) or correct the GUID from the subnet's ibnetdiscover output." },
        // ---- InfiniBand
        { "LFP-IB-QOS-BY-SM", S::Info, "InfiniBand QoS (SL to VL, VL arbitration) is set by the subnet manager",
            "{count} InfiniBand node(s) ({*nodes}): their QoS is the subnet manager's SL→VL mapping and VL arbitration, not a RoCE policy (DSCP, PFC, ETS, ECN), so the RoCE policy checks do not apply. InfiniBand links are lossless on every VL (credit-based flow control); credit loops are analysed by `lfp deadlock --routing lft`.",
            "Run `lfp deadlock PROJECT --routing lft --lft opensm-lfts.dump --sl2vl opensm-sl2vl.dump` for the VLs in use." },
        // ---- InfiniBand QoS policies (planner/checks/ibpolicychecks.cpp; IBA Vol 1 ch. 7.6)
        { "LFP-IB-SL2VL-BEYOND-OPER-VLS", S::Error, "an SL is mapped to a VL beyond the ports' operational VLs",
            "InfiniBand QoS policy {policy} maps SL {sl}, {used}, to VL {vl}, but its ports run {oper_vls} data VL(s) (VL0..VL{max_vl}): a port "
            "discards a packet whose SL maps to a VL it does not operate (IBA Vol 1 §7.6.6).",
            "Map SL {sl} to a VL from 0 to {max_vl}, or raise the operational VLs (OpenSM qos_max_vls)." },
        { "LFP-IB-VL15-DATA", S::Error, "an SL the routing assigns is mapped to VL15, the management VL",
            "InfiniBand QoS policy {policy} maps SL {sl}, which the routing assigns, to VL15: VL15 carries only subnet management packets and "
            "an SL mapped to it is dropped (IBA Vol 1 §7.6.2, §7.6.6).",
            "Map SL {sl} to a data VL in sl2vl, or remove it from service_levels." },
        { "LFP-IB-VL-NOT-ARBITRATED", S::Error, "a data VL in use has no weight in the VL arbitration tables",
            "InfiniBand QoS policy {policy} sends SL(s) {sls} on VL {vl}, which has no entry with a weight above 0 in vlarb_high or vlarb_low: "
            "the VL arbiter never transmits it (IBA Vol 1 §7.6.9).",
            "Give VL {vl} a weight in vlarb_low (or vlarb_high), or map SL(s) {sls} to a VL that has one." },
        { "LFP-IB-VLARB-BEYOND-OPER-VLS", S::Warning, "a VL arbitration entry names a VL the ports do not operate",
            "InfiniBand QoS policy {policy} gives VL {vl} a weight in the {table}-priority arbitration table, but its ports run {oper_vls} "
            "data VL(s): the entry is skipped (IBA Vol 1 §7.6.9) and its share goes to the others.",
            "Remove the entry or raise the operational VLs." },
        { "LFP-IB-SL2VL-MISMATCH", S::Warning, "the two ends of an InfiniBand link map an SL to different VLs",
            "SL {sl} leaves {a} on VL {vl_a} (policy {policy_a}) and {b} on VL {vl_b} (policy {policy_b}): each end transmits on its own "
            "SL2VL table (IBA Vol 1 §7.6.6), so the two directions of the link put SL {sl} on different VLs and their arbitration, buffers "
            "and credit-loop layering differ.",
            "Use the same SL → VL mapping for both port classes, unless the difference is intended." },
        { "LFP-IB-SL-UNMAPPED", S::Warning, "InfiniBand nodes whose port class has no QoS policy",
            "{count} InfiniBand node(s) of port class {class} ({nodes}) have no ib_qos policy of their class and there is no \"all\" policy: "
            "their SL → VL mapping is whatever the subnet manager programs, so the SLs the routing assigns are not checked on them.",
            "Add an ib_qos policy with class {class} or all." },
        // ---- paths
        { "LFP-PATH-NOT-LOSSLESS", S::Error, "RoCE traffic between two hosts crosses a lossy hop",
            "Policy {policy} breaks the lossless class of host-to-host paths{?where}: {*breaks}.{?example}",
            "{?site_fix}" },
        // ---- the lossless contract, hop by hop (planner/checks/contract.cpp; docs/contract.md)
        { "LFP-CONTRACT-BROKEN", S::Error, "a class a RoCE flow depends on breaks its contract at some hop",
            "{?class} of {source} → {destination} ({?direction}, profile {profile}) first breaks at {hop}: {?field}. {pairs} host pair(s) first break here.",
            "{?fix}" },
        { "LFP-CONTRACT-SET-CLASH", S::Error, "contract default sets in use clash, or a node names an unknown set", "{?what}", "{?fix}" },
        // ---- deadlock (planner/routing/deadlock.cpp; docs/deadlock.md)
        { "LFP-DEADLOCK-CYCLE", S::Error, "the routing creates a cyclic buffer dependency on a lossless priority",
            "cyclic buffer dependency on {?class} through {length} buffers: {path}", "{?remedy}" },
        { "LFP-DEADLOCK-ROUTING-LOOP", S::Error, "one destination's routes form a loop",
            "cyclic buffer dependency on {?class} through {length} buffers (a routing loop: one destination's packets circle): {path}", "{?remedy}" },
        { "LFP-DEADLOCK-FAILURE-CYCLE", S::Error, "with links down, the re-converged routing creates a cycle",
            "with {*links} down: cyclic buffer dependency on {?class} through {length} buffers: {path}", "{?remedy}" },
        { "LFP-DEADLOCK-FAILURE-CYCLE-UNLISTED", S::Error, "more failure sets create cycles than are listed",
            "{count} more failure sets create cycles (not listed)", "" },
        { "LFP-DEADLOCK-FAILURE-ROUTING-LOOP", S::Error, "with links down, a routing loop appears",
            "with {*links} down: cyclic buffer dependency on {?class} through {length} buffers (a routing loop: one destination's packets circle): {path}",
            "{?remedy}" },
        { "LFP-DEADLOCK-UNREACHABLE", S::Warning, "host pairs have no path in this routing", "{pairs} host pairs have no {routing} path",
            "Add links or roots so every pair has a legal path, or carry those flows in a lossy class" },
        { "LFP-DEADLOCK-FAILURE-UNREACHABLE", S::Warning, "with links down, host pairs lose their lossless path",
            "with {*links} down, {pairs} host pairs lose their lossless path",
            "Accept (traffic waits for repair or is carried lossy) or add links/roots so up*/down* keeps a path" },
        { "LFP-DEADLOCK-NOTHING-COVERED", S::Error, "the analysis covered nothing: there is no verdict", "the deadlock analysis covered nothing: {?reason}",
            "{?remedy}" },
        { "LFP-DEADLOCK-NO-LOSSLESS-BUFFER", S::Warning, "no switch-to-switch buffer is lossless for the analysed priorities",
            "none of the {buffers} switch-to-switch buffers is lossless for the analysed priorities: no PFC deadlock can form, and no traffic is lossless either",
            "Bind the lossless policy to the switch roles (or choose the lossless priority with --priority)" },
        { "LFP-CREDIT-LOOP", S::Error, "InfiniBand: the forwarding tables create a credit loop on a VL",
            "cyclic buffer dependency on {?class} through {length} buffers: {path}", "{?remedy}" },
        { "LFP-CREDIT-LOOP-ROUTING-LOOP", S::Error, "InfiniBand: one DLID's routes form a loop",
            "cyclic buffer dependency on {?class} through {length} buffers (a routing loop: one destination's packets circle): {path}", "{?remedy}" },
        { "LFP-CREDIT-LOOP-MISSING-PATH", S::Error, "InfiniBand: CA pairs without a route in the forwarding tables",
            "{pairs} host pairs have no {routing} path", "Add links or roots so every pair has a legal path, or carry those flows in a lossy class" },
        // ---- drift (planner/review/drift.cpp): plan against a running configuration
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
            "the DSCP to traffic class map differs from the plan: {*differences}{?grouped}",
            "Restore the planned DSCP_TO_TC_MAP (e.g. re-export the SONiC config from the plan and `config qos reload`)." },
        { "LFP-DRIFT-TC-PG", S::Error, "traffic class to priority group entries differ from the plan",
            "the TC to priority group map differs from the plan: {*differences}{?grouped}",
            "Restore the planned TC_TO_PRIORITY_GROUP_MAP." },
        { "LFP-DRIFT-TC-QUEUE", S::Error, "traffic class to queue entries differ from the plan",
            "the TC to queue map differs from the plan: {*differences}{?grouped}",
            "Restore the planned TC_TO_QUEUE_MAP." },
        { "LFP-DRIFT-PFC", S::Error, "pfc_enable differs from the planned lossless priorities",
            "PFC is on for priorities {running} on the switch, the plan says {planned}{?grouped}",
            "Set pfc_enable to \"{planned}\" in PORT_QOS_MAP." },
        { "LFP-DRIFT-LOSSLESS-PG-MISSING", S::Error, "a planned lossless priority has no lossless buffer profile",
            "priority {priority} is lossless in the plan but PG {pg} has no lossless buffer profile (BUFFER_PG profile: {profile}){?grouped}",
            "Add BUFFER_PG <port>|<pg> with the lossless headroom profile for the port's speed and cable length." },
        { "LFP-DRIFT-ETS", S::Warning, "a queue's scheduling differs from the plan",
            "the queue scheduling differs from the plan: {*differences}{?grouped}",
            "Restore the planned SCHEDULER bindings in QUEUE." },
        { "LFP-DRIFT-ECN", S::Warning, "a queue's ECN marking differs from the plan",
            "{?difference}{?grouped}",
            "{?difference_fix}" },
        { "LFP-DRIFT-WATCHDOG", S::Warning, "the PFC watchdog differs from the plan",
            "{?difference}{?grouped}",
            "{?difference_fix}" },
        // ---- vendor export (exporters/; docs/export.md)
        { "LFP-EXPORT-BUFFER-OVERCOMMITTED", S::Error, "the reservations exceed the buffer: the exported shared pools would be negative",
            "the reservations of {switch} exceed its buffer by {excess} B: the shared pools would be negative (written as 0)",
            "Shorten cables, lower MTU or speed, or move lossless priorities until `lfp budget` fits." },
        { "LFP-EXPORT-FEC-NOT-EXPRESSIBLE", S::Warning, "the planned FEC mode has no code on the target",
            "{?what}",
            "{?fix}" },
        { "LFP-EXPORT-HUAWEI-FAMILY", S::Warning, "the switch model is in neither CloudEngine command family: the default family is written",
            "the model \"{model}\" is in neither CloudEngine command family of the vendor guide: family A (CE8855 / CE6885 commands) is written",
            "Set the switch's model (e.g. CE8855-32CQ4BQ), or the node attribute huawei.family to A or B." },
        { "LFP-EXPORT-NAME-CONFLICT", S::Error, "two objects the target names alike differ",
            "{?what}",
            "{?fix}" },
        { "LFP-EXPORT-NIC-INCONSISTENT", S::Warning, "the policy's NIC settings disagree with its DSCP map",
            "the NIC marks RoCE with DSCP {roce_dscp} (priority {roce_priority}) and CNPs with DSCP {cnp_dscp} (priority {cnp_priority}), but the policy maps them to {roce_mapped} and {cnp_mapped}: the script writes the policy's map",
            "Make the policy's NIC settings agree with its DSCP map." },
        { "LFP-EXPORT-NO-ASIC", S::Error, "the switch has no known ASIC profile: no buffers can be exported",
            "{switch} has no known ASIC profile (\"{asic}\"): no buffer pools, profiles or lossless headroom can be written",
            "Set the switch's ASIC to a catalogue profile (`lfp asics`) or add the project's own profile." },
        { "LFP-EXPORT-NO-BUDGET", S::Error, "the planner could not compute the switch's budget",
            "the buffer budget of {switch} could not be computed ({error}): no buffer tables written",
            "Fix the switch's buffer.* attributes (see `lfp budget`)." },
        { "LFP-EXPORT-NO-POLICY", S::Warning, "no policy is bound: nothing to configure there",
            "{?what}",
            "{?fix}" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", S::Warning, "a part of the plan the target cannot express",
            "{?what}",
            "{?fix}" },
        { "LFP-EXPORT-PORT-NAME", S::Warning, "the plan's port name is not the platform's interface name",
            "{?what}",
            "{?fix}" },
        { "LFP-EXPORT-PORT-NO-LINK", S::Info, "a port with a lossless policy is on no planned link",
            "the port is on no planned link: written admin down, with QoS maps but no lossless buffers (no cable length to size them)",
            "Plan the port's link (and cable) to give it lossless headroom." },
        { "LFP-EXPORT-ROUNDED", S::Info, "a value the target rounds",
            "{?what}",
            "{?fix}" },
        { "LFP-EXPORT-SONIC-DYNAMIC-UNSUPPORTED", S::Warning, "SONiC's dynamic buffer model on an ASIC it does not compute headroom for",
            "SONiC's dynamic buffer model computes headroom on Mellanox/NVIDIA Spectrum only; {switch} is {asic} ({model} model)",
            "Export with --sonic-buffer-model traditional for this switch." },
        { "LFP-EXPORT-SONIC-PROFILE-SHARED", S::Warning, "ports that need different lossless headroom share one SONiC profile name",
            "buffermgrd names one lossless profile per speed and cable ({profile}), but these ports need different headroom (MTU or lanes differ): the largest xon/xoff/size is written",
            "Give ports of one speed and cable the same MTU and lanes, or use the dynamic buffer model." },
        { "LFP-EXPORT-STRICT-UNBOUNDED", S::Error, "a strict-priority queue has no rate bound",
            "queue {queue} of policy {policy} is strict with no rate bound the target can write: written strict alone, it can take the whole link and starve every other queue, the lossless one included",
            "Bound the strict queue in the policy (`ets.{queue}=strict:5`: 5 % of the link, as Juniper's AI/ML design bounds its CNP queue); on NVUE and SONiC, which shape in absolute rates, also give every port of the policy a speed." },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", S::Error, "a value is outside the target's range",
            "{?what}",
            "{?fix}" },
        // ---- counters before/after a change (planner/review/counters.h; docs/counters.md)
        { "LFP-COUNTERS-LOSSLESS-DROP", S::Error, "packets dropped on a priority the plan keeps lossless",
            "{port}: {delta} packets dropped on lossless {?what} between the captures{?cause}",
            "A lossless priority must not drop: check the headroom of this port (lfp headroom / lfp budget), PFC on both link ends and the peer's response (mlnx_qos -i <if>, pause counters)" },
        { "LFP-COUNTERS-LOSSY-PAUSE", S::Error, "PFC pause frames on a priority the plan keeps lossy",
            "{port}: {delta} PFC pause frames {?direction} on priority {priority}, which the plan keeps lossy",
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
        // cross-checks: counters that must move together (docs/counters.md § Cross-checks)
        { "LFP-COUNTERS-WD-DROP-MISMATCH", S::Warning, "the PFC watchdog's drops and the queue's drops disagree",
            "{port}: {?direction}",
            "Read both counters on the running release: a watchdog drop the queue counter misses hides lossless loss from queue-based monitoring; a queue drop the watchdog did not make comes from the headroom, a peer that ignores pause or the physical layer" },
        { "LFP-COUNTERS-ECN-WITHOUT-CNP", S::Warning, "ECN-marked packets arrived but no CNP was sent",
            "{port}: {ecn} ECN-marked RoCE packets received but no CNP sent between the captures: the notification point does not answer, so the senders never slow down",
            "Enable the DCQCN notification point for the RoCE priority (/sys/class/net/<if>/ecn/roce_np/enable/<prio>, lfp contract --evidence) and check the NIC's CNP settings against the plan" },
        { "LFP-COUNTERS-CNP-QUEUE-SILENT", S::Warning, "CNPs were sent but the switch's CNP queue counted none",
            "{host} sent {cnp} CNPs, but {switch} counted no packet on its CNP queue {queue} (priority {priority}) on any port between the captures: the switch puts CNPs in another queue, where they wait behind data",
            "Map the NICs' CNP DSCP to the CNP priority on the switches (lfp check: LFP-CNP-CLASS-MISMATCH) and compare the running DSCP map with the plan (lfp drift)" },
        { "LFP-COUNTERS-LOSSLESS-NOT-RUNNING", S::Error, "the switch's own view of its lossless priorities differs from the plan",
            "{port}: the switch reports lossless priorities {running} (show pfc priority) where the plan keeps {planned}{?what}",
            "Apply the plan's PFC configuration to this port (lfp export, lfp drift) and check that the buffer profiles were created for the lossless PGs" },
        { "LFP-COUNTERS-CREDIT-WATCHDOG", S::Error, "a VOQ's credit watchdog deleted packets",
            "{port}: the credit watchdog deleted {delta} packets from VOQ {queue}{?lossless} between the captures: the egress port stopped granting credits (paused for too long, or down)",
            "Find why the egress port stopped: a PFC storm from its peer (show pfcwd stats on it), a link down, or a fabric fault; on lossless VOQs this is loss PFC cannot prevent" },
        // the physical layer first (docs/counters.md § The physical layer first)
        { "LFP-COUNTERS-FEC-UNCORRECTABLE", S::Error, "frames lost to uncorrectable FEC codewords or post-FEC errors",
            "{port}: {delta} {counter} between the captures: frames lost on the wire, which PFC cannot prevent",
            "The physical layer first: clean or replace the optics and cable of this link (the per-lane counters name the lane), check the FEC both ends run, then look at congestion" },
        { "LFP-COUNTERS-PRE-FEC-BER", S::Warning, "the pre-FEC bit error ratio is above the limit of the FEC and lane rate",
            "{port}: pre-FEC BER {ber} ({how}) is above {limit}, the limit for {fec} at {lane_rate} Gb/s per lane ({source})",
            "The FEC is past its design point and uncorrectable codewords follow: clean or replace the optics and cable of this link (the worst lane first) before tuning buffers" },
        { "LFP-COUNTERS-LINK-ERRORS", S::Warning, "InfiniBand link errors grew",
            "{port}: {counters} grew between the captures",
            "The physical layer first: symbol errors on HDR/NDR are errors after FEC (NVIDIA ibdiagnet); check the cable and optics of this port and its peer (ibdiagnet --get_phy_info)" },
        { "LFP-COUNTERS-LINK-FLAP", S::Warning, "the link went down between the captures",
            "{port}: the link went down {flaps} times between the captures ({counters})",
            "A flapping link drops everything in flight and reroutes the rest: check optics, cable and autonegotiation of this link before reading the congestion counters" },
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
        { "LFP-ETS-WEIGHTS-SUM", "weight", "queue {queue} {weight}%" },
        { "LFP-POLICY-ECN-MISSING", "queue", "queue {queue} (priority {priority})" },
        { "LFP-ETS-LOSSLESS-STARVED", "starved-queue", "lossless priority {priority} goes to egress queue {queue}, which {?why}" },
        { "LFP-ETS-LOSSLESS-STARVED", "weight-0", "has DWRR weight 0" },
        { "LFP-ETS-LOSSLESS-STARVED", "no-ets", "has no ETS entry" },
        { "LFP-ETS-STRICT-MISUSE", "strict-lossless", "strict-priority queue {queue} carries lossless RoCE data (priority {priority})" },
        { "LFP-ETS-STRICT-MISUSE", "strict-default", "strict-priority queue {queue} carries the default (bulk) class (priority {priority})" },
        { "LFP-LOSSLESS-SHARED-PG", "shares-pg", "lossless priority {priority} shares ingress priority group {slot} with lossy priority {lossy}" },
        { "LFP-LOSSLESS-SHARED-PG", "shares-pg-many", "lossless priority {priority} shares ingress priority group {slot} with lossy priorities {lossy}" },
        { "LFP-LOSSLESS-SHARED-PG", "shares-queue", "lossless priority {priority} shares egress queue {slot} with lossy priority {lossy}" },
        { "LFP-LOSSLESS-SHARED-PG", "shares-queue-many", "lossless priority {priority} shares egress queue {slot} with lossy priorities {lossy}" },
        { "LFP-ETS-STRICT-MISUSE", "stall", ", and a PFC pause of it stalls the port's highest-priority service" },
        { "LFP-LOSSLESS-SHARED-PG", "pg", " Lossy packets in a lossless PG count against its XOFF threshold and use its headroom, which then cannot absorb the lossless traffic in flight after a pause: lossless packets are dropped." },
        { "LFP-LOSSLESS-SHARED-PG", "queue", " A PFC pause of a lossless priority stops its whole egress queue, blocking the lossy traffic in it, and the queue's drop and ECN settings apply to both." },
        { "LFP-CNP-NOT-STRICT", "dwrr", "DWRR with weight {weight}%" },
        { "LFP-CNP-NOT-STRICT", "not-in-ets", "not in ETS" },
        { "LFP-CNP-CLASS-MISMATCH", "policy", "Policy {policy}: CNPs are marked DSCP {dscp} but the DSCP map sends DSCP {dscp} to priority {mapped}, not to the CNP priority {cnp}." },
        { "LFP-CNP-CLASS-MISMATCH", "policy-fix", "Map DSCP {dscp} to priority {cnp} in the policy's DSCP map." },
        { "LFP-CNP-CLASS-MISMATCH", "attachment", "Host NICs with policy {host} (e.g. {host_port}) send CNPs marked DSCP {dscp}, which the switch ports they attach to (policy {switch}, e.g. {switch_port}) put on priority {mapped} instead of the CNP priority {cnp}: congestion notifications queue behind data. Links affected ({links}): {*link_list}." },
        { "LFP-CNP-CLASS-MISMATCH", "attachment-fix", "Set the NICs' CNP DSCP to {switch_dscp} (roce_np/cnp_dscp) or map DSCP {dscp} to priority {cnp} on the switches." },
        { "LFP-WD-TIMERS", "too-short", "detection {detection} ms is below {min_detection} ms and will fire on legitimate pause bursts (false positives drop lossless traffic)" },
        { "LFP-WD-TIMERS", "too-long", "detection {detection} ms is above {max_detection} ms; a storm spreads through the fabric long before it is broken" },
        { "LFP-WD-TIMERS", "restoration-short", "restoration {restoration} ms is shorter than detection {detection} ms, so a queue that is still being stormed is restored and re-detected in a loop" },
        { "LFP-WD-TIMERS", "also-restoration-short", "; restoration {restoration} ms is shorter than detection {detection} ms, so a queue that is still being stormed is restored and re-detected in a loop" },
        { "LFP-WD-POLLING", "detection", "the detection time {detection} ms" },
        { "LFP-WD-POLLING", "restoration", "the restoration time {restoration} ms" },
        { "LFP-WD-POLLING", "both", "the detection time {detection} ms and the restoration time {restoration} ms" },
        { "LFP-WD-DEFAULT-SCALED", "capped", " (200 ms × {multiply} = {uncapped} ms, capped at {cap} ms)" },
        { "LFP-WD-ACTION-UNSUPPORTED", "action", "Policy {policy} on {count} {platform} switch(es) ({example}): the watchdog action {action} does not exist on {platform}" },
        { "LFP-WD-ACTION-UNSUPPORTED", "mixed", "{switch} ({platform}) sets watchdog actions {actions} on different ports, but {platform} takes one action for all ports" },
        { "LFP-NIC-DSCP-MISMATCH", "policy", "Policy {policy}: host NICs mark RoCE with DSCP {dscp} and should send it on priority {priority}, but the policy's DSCP map (the NIC's dscp2prio) puts DSCP {dscp} on priority {mapped}. The NIC then transmits and pauses RoCE on the wrong priority." },
        { "LFP-NIC-DSCP-MISMATCH", "policy-fix", "Map DSCP {dscp} to priority {priority} (dcb app add dev IF dscp-prio {dscp}:{priority})." },
        { "LFP-NIC-DSCP-MISMATCH", "attachment", "Host NICs with policy {host} (e.g. {host_port}) send RoCE marked DSCP {dscp} on priority {priority}, but the switch ports they attach to (policy {switch}, e.g. {switch_port}) {?classify} into priority {class}, which is {?state}. {?effect} Links affected ({links}): {*link_list}." },
        { "LFP-NIC-DSCP-MISMATCH", "map-dscp", "map DSCP {dscp}" },
        { "LFP-NIC-DSCP-MISMATCH", "take-pcp", "take PCP {priority}" },
        { "LFP-NIC-DSCP-MISMATCH", "lossless-other", "lossless but not the NIC's priority" },
        { "LFP-NIC-DSCP-MISMATCH", "lossy", "lossy" },
        // LFP-COUNTERS-LOSSLESS-DROP {?what}: a switch queue or priority, or an InfiniBand port (its
        // discards are not per VL).
        { "LFP-COUNTERS-LOSSLESS-DROP", "queue", "queue {priority}" },
        { "LFP-COUNTERS-LOSSLESS-DROP", "priority", "priority {priority}" },
        { "LFP-COUNTERS-LOSSLESS-DROP", "ib-port", "InfiniBand port (all VLs)" },
        { "LFP-COUNTERS-LOSSLESS-DROP", "physical", "; the physical layer moved on this link first ({physical}): look there before the buffers" },
        // LFP-COUNTERS-WD-DROP-MISMATCH {?direction}
        { "LFP-COUNTERS-WD-DROP-MISMATCH", "watchdog-only", "the PFC watchdog dropped {delta} packets on queue {queue} while the queue's own drop counter did not move" },
        { "LFP-COUNTERS-WD-DROP-MISMATCH", "queue-only", "lossless queue {queue} dropped {delta} packets while its PFC watchdog dropped none: the drops are not the watchdog's" },
        // LFP-COUNTERS-LOSSLESS-NOT-RUNNING {?what}
        { "LFP-COUNTERS-LOSSLESS-NOT-RUNNING", "missing", ": priorities {missing} run lossy, so their traffic is dropped under congestion" },
        { "LFP-COUNTERS-LOSSLESS-NOT-RUNNING", "extra", ": priorities {extra} pause without the plan's headroom" },
        // LFP-COUNTERS-CREDIT-WATCHDOG {?lossless}
        { "LFP-COUNTERS-CREDIT-WATCHDOG", "lossless", " (a queue the plan keeps lossless)" },
        // LFP-COUNTERS-LOSSY-PAUSE {?direction}
        { "LFP-COUNTERS-LOSSY-PAUSE", "received", "received" },
        { "LFP-COUNTERS-LOSSY-PAUSE", "sent", "sent" },
        { "LFP-NIC-DSCP-MISMATCH", "pauses-other", "The switch pauses a priority the NIC does not send RoCE on, so the pauses do not stop it: drops under congestion." },
        { "LFP-NIC-DSCP-MISMATCH", "best-effort", "RoCE rides best effort from the first hop: drops, retransmissions, and throughput collapse under incast." },
        { "LFP-NIC-DSCP-MISMATCH", "dscp-fix", "Make the NICs mark a DSCP the switches map to their lossless RoCE priority, or map DSCP {dscp} to priority {priority} and make it lossless on the switches." },
        { "LFP-NIC-DSCP-MISMATCH", "pcp-fix", "Make priority {priority} lossless on the switches, or send RoCE on a lossless priority." },
        { "LFP-NIC-PFC-MISMATCH", "policy", "Policy {policy}: host NICs send RoCE on priority {priority} but have PFC enabled only on {nic_pfc}: the NIC neither honours the switch's pauses on priority {priority} nor sends its own, so RoCE is lossy at the host edge." },
        { "LFP-NIC-PFC-MISMATCH", "policy-fix", "Enable PFC on priority {priority} on the NICs (dcb pfc set dev IF prio-pfc {priority}:on)." },
        { "LFP-NIC-PFC-MISMATCH", "attachment", "Host NICs with policy {host} (e.g. {host_port}) have PFC on priority {nic_pfc}; the switch ports they attach to (policy {switch}, e.g. {switch_port}) on priority {switch_pfc}. {?effect} Links affected ({links}): {*link_list}." },
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
        { "LFP-PORT-BREAKOUT-PARENT", "self", "is the port itself" },
        { "LFP-PORT-BREAKOUT-PARENT", "missing", "is not a port of {node}" },
        { "LFP-LINK-REACH-EXCEEDED", "at-lane-rate", " at {lane_rate} Gb/s per lane" },
        { "LFP-LINK-REACH-EXCEEDED", "dac", "Use an AOC or optics and fibre for this run, or move the racks closer." },
        { "LFP-LINK-REACH-EXCEEDED", "aoc", "Use transceivers and structured fibre (single-mode DR/FR for more than 100 m)." },
        { "LFP-LINK-REACH-EXCEEDED", "fibre", "Shorten the run: a lossless fabric link beyond 40 km needs coherent DCI optics and a headroom plan of its own." },
        { "LFP-LINK-REACH-EXCEEDED", "multimode", "Use single-mode fibre with DR/FR optics for this run (or OM4/OM5 where OM3 is short), or move the racks closer." },
        { "LFP-LINK-REACH-UNKNOWN", "copper", "Link {a} -- {b}: no copper reach is published for {lane_rate} Gb/s per lane; the {length} DAC is not checked." },
        { "LFP-LINK-REACH-UNKNOWN", "copper-fix", "Check the cable vendor's reach for this lane rate." },
        { "LFP-LINK-REACH-UNKNOWN", "multimode", "Link {a} -- {b}: no IEEE 802.3 SR PMD is published for {lane_rate} Gb/s per lane on {fibre}; the {length} run is not checked." },
        { "LFP-LINK-REACH-UNKNOWN", "multimode-fix", "Check the optics vendor's reach on this fibre, or use single-mode fibre." },
        { "LFP-PATH-NOT-LOSSLESS", "break", "RoCE traffic marked DSCP {dscp} on priority {nic_priority} by {nics} host NIC(s) ({*nic_list}) is classified into priority {class}, which is {?state}, on {ports} ingress port(s) of {nodes} {?site} ({*node_list})" },
        { "LFP-PATH-NOT-LOSSLESS", "other-lossless", "lossless but a different class (pauses stop the wrong queue)" },
        { "LFP-PATH-NOT-LOSSLESS", "lossy", "lossy" },
        { "LFP-PATH-NOT-LOSSLESS", "switches", "switch(es)" },
        { "LFP-PATH-NOT-LOSSLESS", "hosts", "receiving host(s)" },
        { "LFP-PATH-NOT-LOSSLESS", "at-nics", " at the receiving NICs" },
        { "LFP-PATH-NOT-LOSSLESS", "example", " Example path: {path}." },
        { "LFP-PATH-NOT-LOSSLESS", "switch-fix", "Map DSCP {dscp} to priority {priority} and make it lossless in policy {policy} (one DSCP map and PFC set for the whole fabric), or make the NICs mark the fabric's RoCE DSCP." },
        { "LFP-PATH-NOT-LOSSLESS", "nic-fix", "Map DSCP {dscp} to priority {priority} and enable PFC on it in the NIC policy {policy}, or use one RoCE marking for all hosts." },
        { "LFP-CONTRACT-BROKEN", "data", "RoCE data" },
        { "LFP-CONTRACT-BROKEN", "cnp", "CNPs" },
        { "LFP-CONTRACT-BROKEN", "ack", "ACK/NAKs" },
        { "LFP-CONTRACT-BROKEN", "forward", "sender to receiver" },
        { "LFP-CONTRACT-BROKEN", "reverse", "back along the reverse path" },
        { "LFP-CONTRACT-BROKEN", "shared", " (both DSCPs map to traffic class {priority} there: the CNP lands in the right queue with the wrong DSCP)" },
        { "LFP-CONTRACT-BROKEN", "no-policy", "port {port} has no QoS policy, so nothing there is lossless, marked or scheduled" },
        { "LFP-CONTRACT-BROKEN", "app-dscp", "the application's ToS {tos} marks DSCP {found}, not the RoCE DSCP {expected}" },
        { "LFP-CONTRACT-BROKEN", "app-ecn", "the application's ToS {tos} carries ECN bits {found} (not ECT): no switch can mark it and DCQCN never reacts; the contract needs ToS {expected} (ECT(0))" },
        { "LFP-CONTRACT-BROKEN", "trust", "port {port} trusts PCP; routed RoCEv2 carries no PCP across hops, so the contract needs DSCP trust" },
        { "LFP-CONTRACT-BROKEN", "nic-pfc", "the NIC on {port} maps DSCP {dscp} to priority {priority}, on which its PFC is off" },
        { "LFP-CONTRACT-BROKEN", "nic-rp", "the NIC's DCQCN reaction point is off on {port}: it ignores CNPs and never slows down" },
        { "LFP-CONTRACT-BROKEN", "nic-np", "the NIC's DCQCN notification point is off on {port}: it never sends CNPs for marked packets" },
        { "LFP-CONTRACT-BROKEN", "nic-cnp-dscp", "the NIC sends CNPs with DSCP {found}, its switch port {port} expects CNP DSCP {expected}{?shared}" },
        { "LFP-CONTRACT-BROKEN", "nic-cnp-priority", "the NIC sends CNPs on priority {found}, its switch port {port} gives CNPs priority {expected}" },
        { "LFP-CONTRACT-BROKEN", "ingress-pfc", "DSCP {dscp} is classified into priority {priority} on ingress port {port}, where priority {priority} is not lossless (no PFC, no headroom)" },
        { "LFP-CONTRACT-BROKEN", "ingress-pg", "priority {priority} shares priority group {found} with lossy priority {expected} on ingress port {port}" },
        { "LFP-CONTRACT-BROKEN", "cnp-dscp", "a CNP arrives with DSCP {found} on port {port}, whose CNP DSCP is {expected}" },
        { "LFP-CONTRACT-BROKEN", "cnp-class", "CNP DSCP {dscp} is classified into priority {found} on port {port}, whose CNP priority is {expected}" },
        { "LFP-CONTRACT-BROKEN", "egress-pfc", "priority {priority} is not lossless on egress port {port}: it ignores the next hop's pauses and drops when that buffer fills" },
        { "LFP-CONTRACT-BROKEN", "ecn-queue", "egress queue {queue} of port {port} (priority {priority}) has no ECN profile: congestion there is never marked" },
        { "LFP-CONTRACT-BROKEN", "ets", "egress queue {queue} of port {port} (priority {priority}) has no bandwidth share (DWRR weight 0)" },
        { "LFP-CONTRACT-BROKEN", "cnp-strict", "CNPs leave port {port} in queue {queue}, which is not strict priority (DWRR weight {found}): they wait behind data and are shaped" },
        { "LFP-CONTRACT-BROKEN", "cnp-wred", "CNPs leave port {port} in queue {queue}, which has a WRED/ECN profile: CNPs are not ECN-capable, so WRED drops them" },
        { "LFP-CONTRACT-BROKEN", "rewrite", "egress port {port} rewrites DSCP {found} to {expected}, so the next hops and the far NIC classify it as another class" },
        { "LFP-CONTRACT-BROKEN", "retag-not-restored", "the packet was re-tagged on its way and leaves port {port} to the far NIC with DSCP {found}, which no end point marks: the last hop does not restore the sender's DSCP" },
        { "LFP-CONTRACT-BROKEN", "fix-no-policy", "Bind the role of {hop} to a QoS policy, or override port {port}." },
        { "LFP-CONTRACT-BROKEN", "fix-app-dscp", "Set the application's ToS on {hop} to DSCP {expected} << 2 with ECT(0) (RDMA-CM ToS, UCX_IB_TRAFFIC_CLASS, NCCL_IB_TC), or plan the NIC's RoCE DSCP as {found} everywhere." },
        { "LFP-CONTRACT-BROKEN", "fix-app-ecn", "Set the ToS on {hop} to {expected} (UCX_IB_TRAFFIC_CLASS={expected}, NCCL_IB_TC={expected}), or follow the pfc-only contract on purpose." },
        { "LFP-CONTRACT-BROKEN", "fix-trust", "Set DSCP trust on {hop} port {port} (mlnx_qos --trust dscp on a NIC; the policy's trust on a switch)." },
        { "LFP-CONTRACT-BROKEN", "fix-nic-pfc", "Enable PFC on priority {priority} on {hop} (mlnx_qos --pfc, the policy's nic.pfc), or map DSCP {dscp} to a PFC-enabled priority (--dscp2prio)." },
        { "LFP-CONTRACT-BROKEN", "fix-nic-rp", "Enable the DCQCN reaction point on {hop} (/sys/class/net/IF/ecn/roce_rp/enable/N, the policy's nic.ecn_rp)." },
        { "LFP-CONTRACT-BROKEN", "fix-nic-np", "Enable the DCQCN notification point on {hop} (/sys/class/net/IF/ecn/roce_np/enable/N, the policy's nic.ecn_np)." },
        { "LFP-CONTRACT-BROKEN", "fix-nic-cnp-dscp", "Set the CNP DSCP of {hop} to {expected} (roce_np/cnp_dscp, the policy's nic.cnp_dscp), or the fabric's CNP DSCP to {found} everywhere." },
        { "LFP-CONTRACT-BROKEN", "fix-nic-cnp-priority", "Set the CNP priority of {hop} to {expected} (roce_np/cnp_802p_prio, the policy's nic.cnp_priority), or the fabric's CNP class to {found} everywhere." },
        { "LFP-CONTRACT-BROKEN", "fix-ingress-pfc", "Map DSCP {dscp} to the lossless RoCE priority on {hop} port {port}, or make priority {priority} lossless there." },
        { "LFP-CONTRACT-BROKEN", "fix-ingress-pg", "Give priority {priority} a priority group of its own on {hop} port {port} (tc_to_pg)." },
        { "LFP-CONTRACT-BROKEN", "fix-cnp-dscp", "Use one CNP DSCP on every device: make the CNP DSCP of {hop} port {port} {found}, or that of the NICs and other switches {expected}." },
        { "LFP-CONTRACT-BROKEN", "fix-cnp-class", "Map DSCP {dscp} to priority {expected}, the CNP class, in the policy of {hop} port {port}." },
        { "LFP-CONTRACT-BROKEN", "fix-egress-pfc", "Make priority {priority} lossless in the policy of {hop} port {port}." },
        { "LFP-CONTRACT-BROKEN", "fix-ecn-queue", "Add queue {queue} to an ECN profile of the policy of {hop} port {port}." },
        { "LFP-CONTRACT-BROKEN", "fix-ets", "Give queue {queue} a DWRR weight in the policy of {hop} port {port}." },
        { "LFP-CONTRACT-BROKEN", "fix-cnp-strict", "Make queue {queue} strict priority in the policy of {hop} port {port}; CNPs are small and must not wait." },
        { "LFP-CONTRACT-BROKEN", "fix-cnp-wred", "Remove queue {queue} from the WRED/ECN profiles of {hop} port {port}, or give CNPs a queue without WRED." },
        { "LFP-CONTRACT-BROKEN", "fix-rewrite", "Remove the rewrite of DSCP {found} from the policy of {hop} port {port}: RoCE markings must reach the far NIC unchanged." },
        { "LFP-CONTRACT-BROKEN", "fix-retag-not-restored", "Rewrite DSCP {found} back to the RoCE DSCP on {hop} port {port} (the egress remark toward the host, as the tag plan's -tag-host policy does)." },
        { "LFP-CONTRACT-SET-CLASH", "unknown", "Node {node_a} binds to contract default set \"{set_a}\", which does not exist." },
        { "LFP-CONTRACT-SET-CLASH", "unknown-fix", "Use the id of a set in resources/contract-sets (docs/contract.md), or remove the node's contract.set attribute." },
        { "LFP-CONTRACT-SET-CLASH", "cnp-dscp", "Default sets {set_a} (e.g. {node_a}) and {set_b} (e.g. {node_b}) clash on the CNP DSCP: {a} against {b}." },
        { "LFP-CONTRACT-SET-CLASH", "cnp-priority", "Default sets {set_a} (e.g. {node_a}) and {set_b} (e.g. {node_b}) clash on the CNP priority: {a} against {b}." },
        { "LFP-CONTRACT-SET-CLASH", "roce-dscp", "Default sets {set_a} (e.g. {node_a}) and {set_b} (e.g. {node_b}) clash on the RoCE DSCP: {a} against {b}." },
        { "LFP-CONTRACT-SET-CLASH", "roce-lossy", "Default set {set_a} (e.g. {node_a}) sends RoCE on priority {a}, which default set {set_b} (e.g. {node_b}) treats as lossy." },
        { "LFP-CONTRACT-SET-CLASH", "roce-lossy-b", "Default set {set_b} (e.g. {node_b}) sends RoCE on priority {a}, which default set {set_a} (e.g. {node_a}) treats as lossy." },
        { "LFP-CONTRACT-SET-CLASH", "clash-fix", "Bind {node_a} and {node_b} to sets that agree, or state the value in the policies of one side (a policy's own value is what a set replaces)." },
        { "LFP-DRIFT-DSCP-MAP", "dscp-diff", "DSCP {dscp} → TC {running} (plan TC {planned})" },
        { "LFP-DRIFT-TC-PG", "tc-diff", "TC {tc} → pg {running} (plan {planned})" },
        { "LFP-DRIFT-TC-QUEUE", "tc-diff", "TC {tc} → queue {running} (plan {planned})" },
        { "LFP-DRIFT-ETS", "queue-diff", "queue {queue} {?running} (plan {?planned})" },
        { "LFP-DRIFT-ETS", "no-scheduler", "no scheduler" },
        { "LFP-DRIFT-ETS", "strict", "strict" },
        { "LFP-DRIFT-ETS", "dwrr-running", "DWRR {running_weight}" },
        { "LFP-DRIFT-ETS", "dwrr-planned", "DWRR {planned_weight}" },
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
        // vendor export (exporters/*.cpp): "what" names the wording of the site, "fix" its remedy
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "eos-speed", "speed {speed} is not a whole number of Gb/s: no EOS speed command is written" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "eos-speed-fix", "Plan a standard port speed." },
        { "LFP-EXPORT-FEC-NOT-EXPRESSIBLE", "eos-rs", "EOS writes `error-correction encoding reed-solomon` without the code: a {speed} port runs {runs}, not the planned {planned}" },
        { "LFP-EXPORT-FEC-NOT-EXPRESSIBLE", "rs-fix", "Plan RS(544) on PAM4 ports (50G, 200G and faster) and RS(528) on the others." },
        { "LFP-EXPORT-NO-POLICY", "switch", "no QoS policy is bound to any port of {switch}: nothing to configure" },
        { "LFP-EXPORT-NO-POLICY", "switch-fix", "Bind a policy to the switch's role or ports." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "eos-dscp-map", "EOS has one global DSCP to traffic-class map; policies {written_policy} and {policy} on {switch} map DSCP differently (the map of {written_policy} is written)" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "eos-dscp-map-fix", "Use one DSCP map on every port of an EOS switch." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "eos-tc-queue", "EOS maps traffic classes to tx-queues globally (`qos map traffic-class … to tx-queue …`); only the remapping of the policy on most of the switch's ports is written" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "eos-tc-queue-fix", "Use one TC to queue map on every port of an EOS switch." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "eos-pg-headroom", "EOS derives priority groups and PFC headroom in the platform (no TC to PG map or headroom knob): the planned PGs and headroom are not written" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "eos-pg-headroom-fix", "Check the platform's headroom (`show priority-flow-control`) against `lfp budget`." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "eos-strict-below-rr", "strict queue {strict_queue} sits below round-robin queue {rr_queue}: on EOS every queue under the highest `no priority` queue is round-robin" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "eos-strict-below-rr-fix", "Put strict queues (CNP) above every DWRR queue." },
        { "LFP-EXPORT-ROUNDED", "eos-pmax", "ECN profile {profile}: max-mark-probability is a whole percentage 1..100; {planned} % written as {written}" },
        { "LFP-EXPORT-ROUNDED", "none-needed", "None needed." },
        { "LFP-EXPORT-ROUNDED", "eos-watchdog", "EOS watchdog timers are seconds with two decimals: {detection} / {restoration} ms written as {written_detection} / {written_restoration} s" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "eos-watchdog-forward", "EOS's port watchdog action is drop or notify-only; the planned forward is written as notify-only" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "eos-watchdog-forward-fix", "Plan drop or alert for EOS switches." },
        { "LFP-EXPORT-PORT-NAME", "eos", "the plan's port name is not an EOS interface name (Ethernet1, Ethernet1/1, …): it is written as is" },
        { "LFP-EXPORT-PORT-NAME", "eos-fix", "Name the switch's ports as EOS does (Ethernet1/1) in the plan." },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "eos-mtu", "MTU {mtu} B is outside EOS's 68..65535" },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "mtu-fix", "Set the port MTU within range." },
        { "LFP-EXPORT-ROUNDED", "huawei-headroom-kbytes", "CloudEngine headroom (`dcb pfc buffer … hdrm`) is whole kbytes: the planned xoff is rounded up to the next kbyte, and the switch rounds it up again to {cell}-byte cells" },
        { "LFP-EXPORT-ROUNDED", "huawei-headroom-kbytes-fix", "None needed (`display dcb pfc buffer` shows the effective values)." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "huawei-threshold-profiles", "{count} distinct headroom values: a CloudEngine holds 28–31 distinct threshold profiles" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "huawei-threshold-profiles-fix", "Group cable lengths so that fewer distinct headroom values are needed." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "huawei-watchdog-off", "PFC deadlock detection is always on on CloudEngine: the plan's disabled watchdog is not expressible" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "huawei-watchdog-off-fix", "Plan the watchdog on." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "huawei-watchdog-action", "the CloudEngine deadlock recovery discards; the planned {action} is not expressible" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "huawei-watchdog-action-fix", "Plan drop." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "huawei-family-b-timers", "family B's deadlock timers are system-wide: the times of the policy on most of the switch's ports (else of the first with a watchdog) are written" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "huawei-family-b-timers-fix", "Plan one watchdog per switch." },
        { "LFP-EXPORT-ROUNDED", "huawei-watchdog", "CloudEngine deadlock times are multiples of the 10 ms accuracy: {detection} / {restoration} ms written as {written_detection} / {written_restoration} ms" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "huawei-diffserv-domain", "the plan maps {count} DSCP values away from CloudEngine's default DiffServ domain: an explicit `diffserv domain {domain}` is written (its syntax is marked unverified in the vendor guide)" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "huawei-diffserv-domain-fix", "Check `display diffserv domain` after applying." },
        { "LFP-EXPORT-NAME-CONFLICT", "huawei-ecn-profile", "ECN profile {profile} differs between policies {other_policy} and {policy}: one drop-profile {profile} is written (the first)" },
        { "LFP-EXPORT-NAME-CONFLICT", "huawei-ecn-profile-fix", "Give the profiles distinct names." },
        { "LFP-EXPORT-ROUNDED", "huawei-pmax", "ECN profile {profile}: discard-percentage is a whole percentage; {planned} % written as {written}" },
        { "LFP-EXPORT-ROUNDED", "huawei-ecn-cells", "ECN profile {profile}: CloudEngine rounds thresholds up to {cell}-byte cells: {kmin} / {kmax} B take effect as {effective_kmin} / {effective_kmax} B" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "huawei-family-b-dscp-pfc", "family B has no `dcb pfc dscp-mapping`: PFC back-pressure follows 802.1p, which untagged RoCEv2 does not carry" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "huawei-family-b-dscp-pfc-fix", "Tag RoCE traffic (802.1p 3) toward family B switches, or use a family A model." },
        { "LFP-EXPORT-PORT-NAME", "huawei", "the plan's port name is not a CloudEngine interface name (400GE1/0/1): it is written as is" },
        { "LFP-EXPORT-PORT-NAME", "huawei-fix", "Name the switch's ports as CloudEngine does (400GE1/0/1) in the plan." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "huawei-hdrm", "the pause threshold (`dcb pfc buffer … xoff`) stays CloudEngine's dynamic default; the planned headroom is written as `hdrm`" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "huawei-family-b-no-hdrm", "family B has no headroom (`hdrm`) command: the planned headroom is not written and the xon/xoff thresholds stay at their defaults" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "huawei-headroom-fix", "Compare `display dcb pfc buffer` with `lfp budget`." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "huawei-port-settings", "port speed and FEC are not written for CloudEngine (the guide has no confirmed syntax for them)" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "huawei-port-settings-fix", "Set them with the platform's own templates." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "junos-tc-queue", "Junos forwarding classes map to queues globally (`forwarding-classes class … queue-num`); {written_policy} and {policy} map traffic classes to queues differently (the map of {written_policy} is written)" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "junos-tc-queue-fix", "Use one TC to queue map on every port of a Junos switch." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "junos-pcp-trust", "the Junos export classifies on DSCP only (DSCP-based PFC for untagged RoCEv2); PCP trust is not written" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "junos-pcp-trust-fix", "Use DSCP trust for Junos switches." },
        { "LFP-EXPORT-ROUNDED", "junos-cable", "the Junos cable-length is whole metres: {planned} m written as {written} m (rounded up)" },
        { "LFP-EXPORT-ROUNDED", "junos-watchdog", "Junos detects a PFC storm after N polls of T ms and recovers after whole ms: {detection} / {restoration} ms written as {polls} × {poll} ms / {written_restoration} ms" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "junos-watchdog-action", "the Junos PFC watchdog action is drop (global on QFX5230/5240); the planned {action} is not expressible and no action is written (the default drop applies)" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "junos-watchdog-action-fix", "Plan drop for Junos switches." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "junos-ecn-no-buffer", "ECN profile {profile}: Junos fill levels are percent of the queue buffer, and the switch's buffer is unknown: the profile is not written" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "junos-ecn-no-buffer-fix", "Give the switch a known ASIC profile (lfp budget shows it)." },
        { "LFP-EXPORT-ROUNDED", "junos-ecn-percent", "ECN profile {profile}: Junos fill levels are whole percent of the queue buffer ({queue_buffer} B, the planner's dynamic-threshold share of one queue): {kmin} B / {kmax} B = {kmin_percent} % / {kmax_percent} % written as {written_kmin_percent} % / {written_kmax_percent} % ({written_kmin} B / {written_kmax} B), probability {probability} %" },
        { "LFP-EXPORT-ROUNDED", "huawei-ecn-percent", "ECN profile {profile}: CloudEngine `ecn low-limit … high-limit …` takes whole percent of the queue buffer ({queue_buffer} B, the planner's dynamic-threshold share of one queue): {kmin} B / {kmax} B = {kmin_percent} % / {kmax_percent} % written as {written_kmin_percent} % / {written_kmax_percent} % ({written_kmin} B / {written_kmax} B)" },
        { "LFP-EXPORT-ROUNDED", "huawei-ecn-percent-fix", "Check the queue's buffer on the switch (`display qos buffer`), or plan thresholds at whole percent of it." },
        { "LFP-EXPORT-ROUNDED", "junos-ecn-percent-fix", "Check the queue's buffer on the platform (`show class-of-service shared-buffer`)." },
        { "LFP-EXPORT-ROUNDED", "junos-partitions", "Junos buffer partitions are whole percent: the planned lossless headroom {headroom} B is {headroom_percent} % of the {buffer} B buffer, written as lossless-headroom {written_headroom_percent} % (rounded up); lossy keeps the guide's {lossy_percent} %, lossless gets the rest ({lossless_percent} %)" },
        { "LFP-EXPORT-ROUNDED", "junos-partitions-fix", "Check `show class-of-service shared-buffer` against `lfp budget`." },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "junos-headroom-too-large", "the planned lossless headroom is {headroom_percent} % of the buffer: no room is left for the lossless and lossy partitions (written 90 %)" },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "junos-headroom-too-large-fix", "Shorten cables or reduce lossless ports." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "junos-buffer-unknown", "the switch's buffer is unknown: no shared-buffer partitions are written" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "junos-buffer-unknown-fix", "Give the switch a known ASIC profile." },
        { "LFP-EXPORT-PORT-NAME", "junos", "the plan's port name is not a Junos interface name (et-0/0/0): it is written as is" },
        { "LFP-EXPORT-PORT-NAME", "junos-fix", "Name the switch's ports as Junos does (et-0/0/0) in the plan." },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "huawei-mtu", "MTU {mtu} B is outside CloudEngine's 46..9600" },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "junos-mtu", "MTU {mtu} B is outside the QFX's 256..9216" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "junos-pg-headroom", "Junos has no TC to priority-group map or per-port xoff: the platform sizes each no-loss class's headroom within the lossless-headroom partition from the cable length" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "junos-pg-headroom-fix", "Compare the platform's headroom with `lfp budget`." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "junos-port-settings", "port speed and FEC are not written for Junos (not in the vendor guide)" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "junos-port-settings-fix", "Set speed and FEC with the platform's own templates." },
        { "LFP-EXPORT-NO-POLICY", "host-port", "no QoS policy is bound to the host port: its NIC settings are not written" },
        { "LFP-EXPORT-NO-POLICY", "host-port-fix", "Bind a policy to the host role or the port." },
        { "LFP-EXPORT-ROUNDED", "host-ets", "the NIC's ETS bandwidths must total 100 %; the policy's DWRR weights total {sum}: written as {written}" },
        { "LFP-EXPORT-ROUNDED", "host-ets-fix", "Make the policy's DWRR weights total 100." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "host-buffers", "the host script sets no NIC buffer sizes (dcb buffer / --buffer_size): mlx5 sizes its headroom from the PFC delay (cable length) and MTU" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "host-buffers-fix", "None needed for ConnectX; set buffers by hand for other NICs." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nvue-headroom", "NVUE sizes PFC headroom itself from the cable length (NVIDIA: leave port-buffer / xoff / xon dynamic): the planned headroom is written as comments and the traffic pools as NVIDIA's 50 / 50 split" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nvue-headroom-fix", "Compare `nv show qos` buffers on the switch with `lfp budget`." },
        { "LFP-EXPORT-ROUNDED", "nvue-cable", "NVUE's PFC cable-length is whole metres: {planned} m written as {written} m (rounded up)" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nvue-cable-lengths", "an NVUE PFC profile has one cable-length: the ports of {policy} have {count} different cable lengths, the longest ({written} m) is written" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nvue-cable-lengths-fix", "Give ports with much shorter cables their own policy if the extra headroom matters." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "dscp-rewrite-by-class", "{target} remarks DSCP by traffic class at egress: the rewrite DSCP {from} → {to} of {policy} (class {tc}) is not written, because class {tc} also carries DSCPs that leave with another value" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "dscp-rewrite-by-class-fix", "Apply the rule with the platform's own egress ACL or policy (match DSCP, set DSCP), or give the rewritten DSCP a class of its own." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "eos-dscp-rewrite-global", "EOS remarks DSCP by traffic class with one global map (`qos map traffic-class … to dscp`): the ports of {switch} rewrite class {tc} differently, so its rewrite is not written" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "eos-dscp-rewrite-global-fix", "Rewrite alike on every port of an EOS switch, or apply the rule with a platform-specific policy." },
        { "LFP-EXPORT-ROUNDED", "nvue-pmax", "ECN profile {profile}: NVUE's probability is a whole percentage 1..100; {planned} % written as {written}" },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "not-written", "not written: DWRR 0" },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "written-100", "written 100" },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "nvue-weight", "queue {queue}: NVUE's bw-percent is 1..100, the plan's DWRR weight is {weight} ({?written})" },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "weight-fix", "Give every DWRR queue a weight of 1..100." },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "nvue-weights-total", "NVUE's bw-percent must total at most 100; the plan's DWRR weights total {total}" },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "nvue-weights-total-fix", "Make the DWRR weights total 100." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "sonic-hwsku-unknown", "the switch model \"{model}\" is no SONiC HwSKU the export knows: DEVICE_METADATA {missing} not written (SONiC's buffer and port files are per HwSKU and platform)" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "sonic-hwsku-unknown-fix", "Set the node attributes sonic.hwsku and sonic.platform (e.g. Mellanox-SN4700-O8C48, x86_64-mlnx_msn4700-r0)." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nvue-lldp-app-global", "NVUE's LLDP application priority TLV is switch-wide: RoCE (UDP 4791) is advertised at priority {priority} of {written_policy}; the ports of {policy} (another RoCE priority) do not send it" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nvue-lldp-app-global-fix", "Give the lossless policies of one switch the same RoCE priority." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nvue-queue-map", "NVUE's egress-queue-mapping exists only as default-global; {written_policy} and {policy} map priorities to queues differently (the map of {written_policy} is written)" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nvue-queue-map-fix", "Use one priority to queue map on every port of a Cumulus switch." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nvue-pg", "NVUE has no TC to priority-group map: each lossless switch priority gets its own PG in the lossless pool" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nvue-pg-fix", "None needed when every lossless priority has its own PG in the plan." },
        { "LFP-EXPORT-ROUNDED", "nvue-watchdog", "NVUE detects a PFC storm after robustness × polling-interval: {detection} ms written as {robustness} × {polling} ms = {written} ms" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nvue-watchdog-restoration", "NVUE's PFC watchdog has no restoration time or action: the planned {restoration} ms {action} is not written" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "none-needed", "None needed." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "breakout", "{count} ports are breakout members (of {parents}): no breakout mode is written, each member is written as a port of its own" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "dscp-rewrite-not-written", "the {target} export writes no egress DSCP rewrite: the rewrite rules of {policy} are not written" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "shared-headroom-pool", "the {target} export writes no shared headroom pool: the planned {size} B pool (xoff over-subscription) is left to the platform" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "shared-headroom-pool-fix", "Configure the platform's shared headroom (over-subscription) by hand and compare it with `lfp budget`." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "breakout-fix", "Set the breakout on the parent port with the platform's own command before applying the configuration." },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "ecn-thresholds", "ECN profile {profile}: the planned Kmin {kmin} B / Kmax {kmax} B are outside what {target} accepts (a lower threshold of at least 1, an upper one above it; where written in percent, whole percents of the queue buffer): written as {written}" },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "ecn-thresholds-fix", "Set Kmax above Kmin (where the target writes percent of the queue buffer: at least one percent apart, within the buffer, and Kmin at least half a percent of it)." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nvue-watchdog-global", "NVUE's PFC watchdog timing is global: {written_policy} and {policy} plan different detection times (the one of {written_policy} is written)" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nvue-watchdog-global-fix", "Plan one watchdog detection time per Cumulus switch." },
        { "LFP-EXPORT-PORT-NAME", "nvue", "the plan's port name is not a Cumulus interface name (swp1, swp1s0): it is written as is" },
        { "LFP-EXPORT-PORT-NAME", "nvue-fix", "Name the switch's ports as Cumulus does (swp1) in the plan." },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "nvue-mtu", "MTU {mtu} B is outside Cumulus's 552..9216" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nvue-port-settings", "port speed and FEC are not written for NVUE (not in the vendor guide)" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nvue-port-settings-fix", "Set speed and FEC with `nv set interface … link` per the platform." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nxos-pcp-trust", "the NX-OS export classifies on DSCP only; PCP (cos) trust is not written" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nxos-pcp-trust-fix", "Use DSCP trust for NX-OS switches." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nxos-network-qos", "NX-OS has exactly one system network-qos policy; {written_policy} and {policy} pause different classes (the one of {written_policy} is written)" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nxos-network-qos-fix", "Use the same lossless priorities on every port of an NX-OS switch." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nxos-pg-headroom", "NX-OS has no TC to priority-group map; the ingress headroom (`pause buffer-size`) is platform-specific and not written" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nxos-pg-headroom-fix", "Check the platform's no-drop buffer carving against `lfp budget`." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nxos-shared-queue", "lossless priorities {priorities} share queue {queue}: a network-qos class pauses one pfc-cos" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nxos-shared-queue-fix", "Give each lossless priority its own queue." },
        { "LFP-EXPORT-ROUNDED", "nxos-ecn", "ECN profile {profile}: NX-OS thresholds are kbytes and the probability a whole percentage: {kmin} B / {kmax} B / {planned} % written as {written_kmin} / {written_kmax} kbytes / {written} %" },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "nxos-weights-total", "`bandwidth remaining percent` must total 100 across the queuing classes; the plan's DWRR weights total {total}" },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "nxos-weights-total-fix", "Make the DWRR weights of the policy total 100." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nxos-watchdog-timers", "the PFC watchdog is switched on, but its {detection} / {restoration} ms detection / restoration times are not written (NX-OS tuning keywords are unverified)" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nxos-watchdog-timers-fix", "Tune `priority-flow-control watch-dog` intervals per the platform's QoS guide." },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nxos-watchdog-action", "the NX-OS PFC watchdog drops; the planned action {action} is not expressible" },
        { "LFP-EXPORT-NOT-EXPRESSIBLE", "nxos-watchdog-action-fix", "Plan drop for NX-OS switches." },
        { "LFP-EXPORT-PORT-NAME", "nxos", "the plan's port name is not an NX-OS interface name (Ethernet1/1): it is written as is" },
        { "LFP-EXPORT-PORT-NAME", "nxos-fix", "Name the switch's ports as NX-OS does (Ethernet1/1) in the plan." },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "nxos-mtu", "MTU {mtu} B is outside NX-OS's 576..9216" },
        { "LFP-EXPORT-FEC-NOT-EXPRESSIBLE", "nxos-rs528", "a {speed} Nexus port runs RS(544,514); the planned RS(528,514) is not written" },
        { "LFP-EXPORT-FEC-NOT-EXPRESSIBLE", "nxos-rs528-fix", "Plan RS(544) on PAM4 ports (50G, 200G and faster)." },
        { "LFP-EXPORT-FEC-NOT-EXPRESSIBLE", "nxos-rs544", "RS(544,514) is the FEC of Nexus PAM4 speeds; on a {speed} port it is not expressible and nothing is written" },
        { "LFP-EXPORT-FEC-NOT-EXPRESSIBLE", "nxos-rs544-fix", "Plan RS(528) on NRZ ports (25G, 100G over 4 lanes)." },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "sonic-mtu", "MTU {mtu} B is outside SONiC's 68..9216 (sonic-port.yang); written as {written}" },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "sonic-mtu-fix", "Set the port MTU within 68..9216 B." },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "sonic-speed", "speed {speed} is outside SONiC's 1..1600000 Mb/s (sonic-port.yang)" },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "sonic-speed-fix", "Set a real port speed." },
        { "LFP-EXPORT-FEC-NOT-EXPRESSIBLE", "sonic-rs", "SONiC writes fec \"rs\" without the code: a {speed} port runs {runs}, not the planned {planned}" },
        { "LFP-EXPORT-ROUNDED", "sonic-cable", "CABLE_LENGTH is whole metres: the planned {planned} cable is written as {written} (rounded up)" },
        { "LFP-EXPORT-ROUNDED", "sonic-cable-fix", "None needed; plan whole-metre cable lengths to avoid the rounding." },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "sonic-weight", "queue {queue} has DWRR weight {weight}; SONiC SCHEDULER weight is 1..100 (sonic-scheduler.yang): written as {written}" },
        { "LFP-EXPORT-NAME-CONFLICT", "sonic-ecn-profile", "two policies on {switch} have an ECN profile named \"{profile}\" with different thresholds; SONiC has one WRED_PROFILE per name" },
        { "LFP-EXPORT-NAME-CONFLICT", "sonic-ecn-profile-fix", "Give the ECN profiles of different policies distinct names." },
        { "LFP-EXPORT-ROUNDED", "sonic-pmax", "ECN profile {profile}: SONiC drop probability is a whole percentage; {planned} % written as {written} %" },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "sonic-kmax-below-kmin", "ECN profile {profile}: Kmax {kmax} B is below Kmin {kmin} B (WRED max must be ≥ min, sonic-wred-profile.yang)" },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "sonic-kmax-below-kmin-fix", "Set Kmax ≥ Kmin." },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "sonic-watchdog-range", "PFC watchdog {detection} / {restoration} ms is outside SONiC's detection 100..5000 ms / restoration 100..60000 ms; written as {written_detection} / {written_restoration} ms" },
        { "LFP-EXPORT-VALUE-OUT-OF-RANGE", "sonic-watchdog-range-fix", "Plan watchdog times within the SONiC ranges." },
        { "LFP-EXPORT-ROUNDED", "sonic-watchdog-ms", "PFC watchdog times are whole milliseconds in SONiC: written as {detection} / {restoration} ms" },
        { "*", "grouped", " ({ports} ports)" },
        // Deadlock and credit-loop codes (planner/routing/deadlock_findings.cpp, deadlock_fixes.cpp, ibcredit.cpp): the class,
        // the remedy, the checked fix's description and cost unit.
        { "*", "deadlock-class-vl", "VL {vl}" },
        { "*", "deadlock-class-lossless", "the lossless class" },
        { "*", "deadlock-class-priority", "priority {priorities}" },
        { "*", "deadlock-remedy-checked", "{?fix} (checked: no cycle left; cost {cost} {?unit})" },
        { "*", "deadlock-remedy-ib", "Route with a credit-loop-free engine (updn/ftree with correct roots) or a VL-layered one (dfsssp, lash with -Q), and make hosts use the PathRecord SL" },
        { "*", "deadlock-remedy-eth", "Keep lossless traffic on up*/down* paths (demote or drop bounced packets) or give bounced packets another lossless priority (Tagger)" },
        { "*", "deadlock-fix-updown-only", "Route lossless traffic on up*/down* (valley-free) paths only, so no packet turns up after going down" },
        { "*", "deadlock-fix-demote-bounced", "Keep lossless traffic on up-down paths: packets that bounce (arrive from above, leave upwards) are re-marked to a lossy priority (or dropped) at the bounce switch" },
        { "*", "deadlock-fix-tagger", "Tagger-style priority change: a packet that bounces moves to the next lossless priority (rule 'in from an upper port, out to an upper port → priority+1') at {*switches}" },
        { "*", "deadlock-fix-tagger-none", "Tagger-style priority change: a packet that bounces moves to the next lossless priority (rule 'in from an upper port, out to an upper port → priority+1') at no switch" },
        { "*", "deadlock-fix-route-change", "Pin the routes so the dependency disappears (static routes, format of --routing static): {*routes}" },
        { "*", "deadlock-fix-restore-link", "Repair or add back link {link}" },
        { "*", "deadlock-fix-vl-layers", "Keep these routes but give each path an SL so that every VL's graph is acyclic (dfsssp-style layering: paths that close a cycle move to the next VL)" },
        { "*", "deadlock-fix-text", "{fix_text}" },
        { "*", "deadlock-unit-lost-pairs", "host pairs without a lossless path" },
        { "*", "deadlock-unit-bounced", "destination switches with bounced (demoted) traffic" },
        { "*", "deadlock-unit-priorities", "extra lossless priorities" },
        { "*", "deadlock-unit-routes", "static routes" },
        { "*", "deadlock-unit-links", "links" },
        { "*", "deadlock-unit-layers", "VLs (layers) needed" },
        { "*", "deadlock-unit-vls", "VLs" },
        { "*", "deadlock-unit-lost-pairs-one", "host pair without a lossless path" },
        { "*", "deadlock-unit-bounced-one", "destination switch with bounced (demoted) traffic" },
        { "*", "deadlock-unit-priorities-one", "extra lossless priority" },
        { "*", "deadlock-unit-routes-one", "static route" },
        { "*", "deadlock-unit-links-one", "link" },
        { "*", "deadlock-unit-vls-one", "VL" },
        { "*", "deadlock-unit-layers-one", "VL (layer) needed" },
        { "*", "deadlock-unit-text", "{unit_text}" },
        { "LFP-DEADLOCK-NOTHING-COVERED", "no-lid", "no CA LID is routed by the forwarding tables, so no verdict can be given" },
        { "LFP-DEADLOCK-NOTHING-COVERED", "no-host", "none of the {switches} switches has a host attached, so no route was analysed and no verdict can be given (an import that guessed every node a switch does this)" },
        { "LFP-DEADLOCK-NOTHING-COVERED", "give-lft", "Give the LFT dump of this subnet (opensm-lfts.dump or dump_fts) and the ibnetdiscover file of the same subnet" },
        { "LFP-DEADLOCK-NOTHING-COVERED", "set-roles", "Set the host roles (role column of the plan, or `role: host` in the fabric JSON) and run the analysis again" },
        // The items of a list parameter ("{*name}", addListParam): separator, the rest, a plain value.
        { "*", "list-separator", ", " },
        { "*", "list-semicolon", "; " },
        { "*", "list-and", " and " },
        { "*", "list-more", " and {more} more" },
        { "*", "list-value", "{value}" },
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
    std::string render(std::string_view code, std::string_view t, const FindingParams& params, const TemplateTranslator* tr, int depth);

    const std::string* param(const FindingParams& params, std::string_view name)
    {
        auto it = std::find_if(params.begin(), params.end(), [&](const auto& p) { return p.first == name; });
        return it == params.end() ? nullptr : &it->second;
    }

    std::string clauseText(std::string_view code, std::string_view name, const TemplateTranslator* tr)
    {
        const FindingClause* cl = findingClause(code, name);
        if (!cl)
            throw std::logic_error("finding template: " + std::string(code) + " has no clause \"" + std::string(name) + "\"");
        return (tr && *tr) ? (*tr)(cl->text) : std::string(cl->text);
    }

    /// "{*name}": the list parameter @p name (addListParam): each item's clause rendered with the item's
    /// parameters (then the finding's), joined by the clause "list-separator", then "list-more".
    std::string renderList(std::string_view code, std::string_view name, const FindingParams& params, const TemplateTranslator* tr, int depth)
    {
        const std::string* count = param(params, name);
        if (!count)
            throw std::logic_error("finding template: no list parameter \"" + std::string(name) + "\"");
        const std::size_t n = std::stoul(*count); // std::invalid_argument is a std::logic_error
        const std::string* separator = param(params, std::string(name) + ".separator");
        std::string out;
        for (std::size_t k = 0; k < n; ++k) {
            const std::string prefix = std::string(name) + "." + std::to_string(k);
            const std::string* clause = param(params, prefix);
            if (!clause)
                throw std::logic_error("finding template: no item " + prefix);
            FindingParams item;
            for (const auto& [key, value] : params)
                if (key.size() > prefix.size() + 1 && key.compare(0, prefix.size(), prefix) == 0 && key[prefix.size()] == '.')
                    item.emplace_back(key.substr(prefix.size() + 1), value);
            item.insert(item.end(), params.begin(), params.end()); // an item may name the finding's parameters too
            if (k)
                out += render(code, clauseText(code, separator ? std::string_view(*separator) : "list-separator", tr), {}, tr, depth + 1);
            out += render(code, clauseText(code, *clause, tr), item, tr, depth + 1);
        }
        if (const std::string* more = param(params, std::string(name) + ".more"))
            out += render(code, clauseText(code, "list-more", tr), { { "more", *more } }, tr, depth + 1);
        return out;
    }

    /// The number an English template's "noun(s)" stands for (issue 38: "1 host", "3 hosts", never
    /// "host(s)" in the text): the list right after it ("queue(s) {*queues}": its items, shown and more) or
    /// the whole number substituted at most three words before it ("{ports} linked port(s)"). Nothing when
    /// neither says, and the "(s)" stays as written.
    struct CountContext {
        std::optional<std::int64_t> last; ///< the last whole-number parameter substituted
        int wordsSince = 0;               ///< spaces written since
    };
    std::optional<std::int64_t> wholeNumber(std::string_view v)
    {
        std::int64_t n = 0;
        bool digit = false;
        for (const char ch : v) {
            if (ch == ',')
                continue;
            if (ch < '0' || ch > '9' || n > 100000000000LL)
                return std::nullopt;
            n = n * 10 + (ch - '0');
            digit = true;
        }
        return digit ? std::optional<std::int64_t>(n) : std::nullopt;
    }
    std::optional<std::int64_t> pluralCount(std::string_view rest, const FindingParams& params, const CountContext& cc)
    {
        if (rest.rfind(" {*", 0) == 0) {
            const auto close = rest.find('}');
            const std::string name(rest.substr(3, close == std::string_view::npos ? 0 : close - 3));
            const std::string* shown = param(params, name);
            const std::string* more = param(params, name + ".more");
            if (shown && wholeNumber(*shown))
                return *wholeNumber(*shown) + (more && wholeNumber(*more) ? *wholeNumber(*more) : 0);
        }
        if (cc.last && cc.wordsSince <= 3)
            return cc.last;
        return std::nullopt;
    }

    /// The one renderer: {name}, {?clause}, {*list}, {{ and }}; @p code selects the clauses (empty: none allowed).
    std::string render(std::string_view code, std::string_view t, const FindingParams& params, const TemplateTranslator* tr, int depth)
    {
        if (depth > 4)
            throw std::logic_error("finding template: clauses nested too deep in \"" + std::string(t) + "\"");
        std::string out;
        out.reserve(t.size() + 32);
        CountContext counted;
        for (std::size_t i = 0; i < t.size(); ++i) {
            const char c = t[i];
            if (c == '(' && t.substr(i, 3) == "(s)" && i > 0 && std::isalpha(static_cast<unsigned char>(t[i - 1]))) {
                if (const auto n = pluralCount(t.substr(i + 3), params, counted)) {
                    out += *n == 1 ? "" : "s";
                    i += 2;
                    continue;
                }
            }
            if (c == ' ')
                ++counted.wordsSince;
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
                if (!name.empty() && name.front() == '*') {
                    out += renderList(code, name.substr(1), params, tr, depth);
                    i = close;
                    continue;
                }
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
                    if (const auto n = wholeNumber(it->second))
                        counted = { n, 0 };
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

void addListParam(FindingParams& params, const std::string& name, const std::vector<FindingListItem>& items, std::size_t limit, const char* separator)
{
    const std::size_t n = std::min(items.size(), limit);
    params.emplace_back(name, std::to_string(n));
    if (separator)
        params.emplace_back(name + ".separator", separator);
    for (std::size_t k = 0; k < n; ++k) {
        const std::string prefix = name + "." + std::to_string(k);
        params.emplace_back(prefix, items[k].clause);
        for (const auto& [key, value] : items[k].params)
            params.emplace_back(prefix + "." + key, value);
    }
    if (items.size() > n)
        params.emplace_back(name + ".more", std::to_string(items.size() - n));
}

void addValueListParam(FindingParams& params, const std::string& name, const std::vector<std::string>& values, std::size_t limit)
{
    std::vector<FindingListItem> items;
    items.reserve(values.size());
    for (const auto& v : values)
        items.push_back({ "list-value", { { "value", v } } });
    addListParam(params, name, items, limit);
}

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
            throw std::logic_error("finding code " + std::string(code) + " is not registered (planner/findings/findingregistry.cpp)");
        return *t;
    }
} // namespace

Finding makeFinding(std::string_view code, std::vector<ObjectRef> objects, FindingParams params, std::vector<Evidence> evidence, std::optional<Severity> severity)
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

Finding makeFinding(std::string_view code, std::vector<ObjectRef> objects, std::string message, std::vector<Evidence> evidence, std::string fix,
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
