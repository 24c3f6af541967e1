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
        { "LFP-ASIC-SPEED-UNSUPPORTED", S::Error, "ports run at a speed the switch's ASIC does not support" },
        { "LFP-BUF-HEADROOM-INPUT", S::Error, "a linked port has no usable speed, MTU or lane count for the headroom", "{switch}: {error}",
            "Give every linked port of the switch a speed, MTU and lane count." },
        // ---- policy coverage (planner/policychecks.cpp)
        { "LFP-POLICY-MISSING", S::Warning, "linked ports have no QoS policy" },
        { "LFP-POLICY-UNKNOWN", S::Error, "a binding or override names a policy that does not exist" },
        { "LFP-POLICY-OVERRIDE-STALE", S::Warning, "an override names a port that does not exist" },
        // ---- ETS
        { "LFP-ETS-WEIGHTS-SUM", S::Warning, "the DWRR weights do not add up to 100 %" },
        { "LFP-ETS-LOSSLESS-STARVED", S::Error, "a lossless class has no bandwidth share" },
        { "LFP-ETS-STRICT-MISUSE", S::Warning, "bulk traffic in a strict-priority queue" },
        // ---- buffering classes
        { "LFP-LOSSLESS-SHARED-PG", S::Error, "a lossless and a lossy class share a priority group or queue" },
        // ---- CNP
        { "LFP-CNP-NOT-STRICT", S::Warning, "CNPs ride a queue without strict priority" },
        { "LFP-CNP-CLASS-MISMATCH", S::Warning, "the NIC sends CNPs in another class than the switch gives them" },
        // ---- PFC watchdog
        { "LFP-WD-MISSING", S::Warning, "lossless priorities without a PFC watchdog" },
        { "LFP-WD-TIMERS", S::Warning, "PFC watchdog timers outside the vendors' guidance" },
        { "LFP-WD-ACTION", S::Info, "the PFC watchdog action forwards or only alerts" },
        // ---- ECN on switches
        { "LFP-POLICY-ECN-MISSING", S::Warning, "a lossless queue has no ECN marking" },
        // ---- host NICs
        { "LFP-NIC-TRUST-MISMATCH", S::Error, "the NIC and the switch classify by different fields" },
        { "LFP-NIC-DSCP-MISMATCH", S::Error, "the NIC's RoCE DSCP lands in another class on the switch" },
        { "LFP-NIC-PFC-MISMATCH", S::Error, "the NIC's PFC priorities differ from the switch's" },
        { "LFP-NIC-ECN-DISABLED", S::Warning, "DCQCN is off on the NIC's RoCE priority" },
        // ---- links
        { "LFP-LINK-MTU-MISMATCH", S::Error, "the two ends of a link have different MTUs" },
        { "LFP-LINK-SPEED-MISMATCH", S::Error, "the two ends of a link have different speeds" },
        { "LFP-LINK-FEC-MISMATCH", S::Error, "the two ends of a link have different FEC modes" },
        { "LFP-LINK-TRUST-MISMATCH", S::Error, "the two ends of a link classify by different fields" },
        { "LFP-LINK-PFC-MISMATCH", S::Error, "PFC is enabled on one end of a link and not the other" },
        { "LFP-LINK-DSCP-MAP-MISMATCH", S::Error, "the two ends of a link map DSCP differently" },
        { "LFP-LINK-FEC-UNKNOWN", S::Info, "links whose FEC the source does not give are not checked for FEC" },
        // ---- physical limits (planner/physicalchecks.cpp, model/reach.h)
        { "LFP-LINK-REACH-EXCEEDED", S::Error, "a cable is longer than its medium reaches at the lane rate" },
        { "LFP-LINK-REACH-UNKNOWN", S::Info, "no reach is published for the medium at this lane rate" },
        { "LFP-LINK-MEDIUM-UNKNOWN", S::Info, "links with a length but no medium: their reach is not checked" },
        // ---- InfiniBand
        { "LFP-IB-QOS-BY-SM", S::Info, "InfiniBand QoS (SL to VL, VL arbitration) is set by the subnet manager" },
        // ---- InfiniBand QoS policies (planner/ibpolicychecks.cpp; IBA Vol 1 ch. 7.6)
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
        { "LFP-PATH-NOT-LOSSLESS", S::Error, "RoCE traffic between two hosts crosses a lossy hop" },
        // ---- deadlock (planner/deadlock.cpp; docs/deadlock.md)
        { "LFP-DEADLOCK-CYCLE", S::Error, "the routing creates a cyclic buffer dependency on a lossless priority" },
        { "LFP-DEADLOCK-ROUTING-LOOP", S::Error, "one destination's routes form a loop" },
        { "LFP-DEADLOCK-FAILURE-CYCLE", S::Error, "with links down, the re-converged routing creates a cycle" },
        { "LFP-DEADLOCK-FAILURE-ROUTING-LOOP", S::Error, "with links down, a routing loop appears" },
        { "LFP-DEADLOCK-UNREACHABLE", S::Warning, "host pairs have no path in this routing" },
        { "LFP-DEADLOCK-FAILURE-UNREACHABLE", S::Warning, "with links down, host pairs lose their lossless path" },
        { "LFP-DEADLOCK-NOTHING-COVERED", S::Error, "the analysis covered nothing: there is no verdict" },
        { "LFP-DEADLOCK-NO-LOSSLESS-BUFFER", S::Warning, "no switch-to-switch buffer is lossless for the analysed priorities" },
        { "LFP-CREDIT-LOOP", S::Error, "InfiniBand: the forwarding tables create a credit loop on a VL" },
        { "LFP-CREDIT-LOOP-ROUTING-LOOP", S::Error, "InfiniBand: one DLID's routes form a loop" },
        { "LFP-CREDIT-LOOP-MISSING-PATH", S::Error, "InfiniBand: CA pairs without a route in the forwarding tables" },
        // ---- drift (planner/drift.cpp): plan against a running configuration
        { "LFP-DRIFT-NODE-UNPLANNED", S::Warning, "a configured switch is not in the plan", "{node} is running but is not in the plan",
            "Add the switch to the plan, or check that the config file belongs to this fabric." },
        { "LFP-DRIFT-PORT-MISSING", S::Warning, "a planned port is not configured on the switch", "the planned port is not configured on the switch",
            "Create the port (check breakout mode and port naming)." },
        { "LFP-DRIFT-PORT-UNPLANNED", S::Warning, "a port with a neighbour is not in the plan", "the port has a neighbour ({peer}) but is not in the plan",
            "Add the port and its link to the plan." },
        { "LFP-DRIFT-PORT-SPEED", S::Error, "the port speed differs from the plan", "the port runs at {running}, the plan says {planned}",
            "Set the planned speed (headroom and buffer profiles depend on it)." },
        { "LFP-DRIFT-PORT-MTU", S::Error, "the MTU differs from the plan", "the MTU is {running} B, the plan says {planned} B",
            "Set the planned MTU (headroom depends on it)." },
        { "LFP-DRIFT-PORT-FEC", S::Warning, "the FEC mode differs from the plan", "FEC is {running}, the plan says {planned}", "Set the planned FEC mode." },
        { "LFP-DRIFT-NEIGHBOR", S::Error, "the neighbour differs from the planned link", "the switch says the neighbour is {running}, the plan says {planned}",
            "Check the cabling (or the DEVICE_NEIGHBOR entry) against the plan." },
        { "LFP-DRIFT-CABLE-LENGTH", S::Error, "CABLE_LENGTH is shorter than the planned cable",
            "CABLE_LENGTH is {running} but the planned cable is {planned}: the lossless headroom is too small",
            "Set CABLE_LENGTH to at least the planned length (`config interface cable-length`)." },
        { "LFP-DRIFT-QOS-UNBOUND", S::Error, "the plan applies a QoS policy, the port has no QoS maps",
            "no QoS maps are bound to the port; the plan applies {policy}", "Add the port to PORT_QOS_MAP with the planned maps and pfc_enable." },
        { "LFP-DRIFT-QOS-UNPLANNED", S::Info, "the port has QoS maps the plan does not give it", "the port has QoS maps the plan does not give it",
            "Bind a policy to the port in the plan, or remove the port from PORT_QOS_MAP." },
        { "LFP-DRIFT-TRUST", S::Error, "classification by DSCP vs PCP differs from the plan" },
        { "LFP-DRIFT-DSCP-MAP", S::Error, "DSCP to traffic class entries differ from the plan" },
        { "LFP-DRIFT-TC-PG", S::Error, "traffic class to priority group entries differ from the plan" },
        { "LFP-DRIFT-TC-QUEUE", S::Error, "traffic class to queue entries differ from the plan" },
        { "LFP-DRIFT-PFC", S::Error, "pfc_enable differs from the planned lossless priorities" },
        { "LFP-DRIFT-LOSSLESS-PG-MISSING", S::Error, "a planned lossless priority has no lossless buffer profile" },
        { "LFP-DRIFT-ETS", S::Warning, "a queue's scheduling differs from the plan" },
        { "LFP-DRIFT-ECN", S::Warning, "a queue's ECN marking differs from the plan" },
        { "LFP-DRIFT-WATCHDOG", S::Warning, "the PFC watchdog differs from the plan" },
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

std::string renderTemplate(std::string_view t, const FindingParams& params)
{
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
            const std::string_view name = t.substr(i + 1, close - i - 1);
            auto it = std::find_if(params.begin(), params.end(), [&](const auto& p) { return p.first == name; });
            if (it == params.end())
                throw std::logic_error("finding template: no parameter \"" + std::string(name) + "\" for \"" + std::string(t) + "\"");
            out += it->second;
            i = close;
        } else {
            out += c;
        }
    }
    return out;
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
    f.message = renderTemplate(t.message, params);
    f.fix = t.fix ? renderTemplate(t.fix, params) : std::string();
    f.evidence = std::move(evidence);
    f.params = std::move(params);
    return f;
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
