// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file planfacts.h
/// The facts a DevicePlan states, by name: the vocabulary in which an export says what it could not
/// write (Finding::facts of the LFP-EXPORT-* findings, docs/export-fidelity.md) and in which the tests
/// read a rendered configuration back (tests/exporters/tst_expressibility.cpp: the facts a target's
/// fact reader cannot find in its output are exactly the facts its findings name — issue 32).
///
/// A fact name is "<scope>/<what>": scope "policy:<name>" (a policy as resolved for the device),
/// "port:<name>" (a port of the device) or "device"; what is one of the names below, for a queue
/// "queue <q>/<what>", for a rewrite rule "dscp-rewrite <from>". The value of a fact is the plan's
/// (planner/plan/deviceplan.h); this file names facts, it decides no value.

#include "planner/plan/deviceplan.h"

#include <string>
#include <string_view>
#include <vector>

namespace lfp::facts {

// ---- what a policy states (per device: PolicyPlan)
inline constexpr std::string_view kTrust = "trust"; ///< DSCP or PCP classification
inline constexpr std::string_view kDscpMap = "dscp-map"; ///< every DSCP → class → egress queue
inline constexpr std::string_view kNoDrop = "no-drop"; ///< the PFC (no-drop) priorities
inline constexpr std::string_view kPgMap = "pg-map"; ///< lossless class → ingress priority group
inline constexpr std::string_view kScheduling = "scheduling"; ///< queue: strict (with its bound) or DWRR weight
inline constexpr std::string_view kEcn = "ecn"; ///< queue: ECN marking thresholds (Kmin, Kmax)
inline constexpr std::string_view kEcnProbability = "ecn-probability"; ///< queue: marking probability at Kmax
inline constexpr std::string_view kWatchdog = "watchdog"; ///< the PFC watchdog on or off
inline constexpr std::string_view kWatchdogDetection = "watchdog-detection";
inline constexpr std::string_view kWatchdogRestoration = "watchdog-restoration";
inline constexpr std::string_view kWatchdogAction = "watchdog-action";
inline constexpr std::string_view kDscpRewrite = "dscp-rewrite"; ///< "dscp-rewrite <from>": the egress rewrite rule
// ---- what a port states (PortPlan)
inline constexpr std::string_view kMtu = "mtu";
inline constexpr std::string_view kSpeed = "speed";
inline constexpr std::string_view kFec = "fec";
inline constexpr std::string_view kBreakout = "breakout"; ///< the port is a member of a breakout of its parent
inline constexpr std::string_view kHeadroom = "headroom"; ///< the lossless PGs' planned xoff / xon / size
// ---- what a host NIC port states (NicPlan)
inline constexpr std::string_view kNicEts = "nic-ets"; ///< the NIC's priority → TC map and bandwidths
inline constexpr std::string_view kRoceTos = "roce-tos"; ///< RDMA-CM default ToS
inline constexpr std::string_view kDcqcn = "dcqcn"; ///< DCQCN reaction / notification point and CNP DSCP
inline constexpr std::string_view kNicBuffers = "nic-buffers"; ///< the NIC's receive buffer sizes (headroom)
// ---- what a switch states (DevicePlan)
inline constexpr std::string_view kSharedHeadroomPool = "shared-headroom-pool";

/// "policy:<name>/<what>".
std::string policy(const PolicyPlan& p, std::string_view what);
/// "policy:<name>/queue <q>/<what>".
std::string queue(const PolicyPlan& p, int queue, std::string_view what);
/// "policy:<name>/dscp-rewrite <from>".
std::string rewrite(const PolicyPlan& p, int from);
/// "port:<name>/<what>".
std::string port(const PortPlan& p, std::string_view what);
/// "device/<what>".
std::string device(std::string_view what);
/// @p what of every port of @p d that has a policy (the ports a renderer configures) — only @p only's
/// when given — and states it (headroom: planned; breakout: a member).
std::vector<std::string> ports(const DevicePlan& d, std::string_view what, const PolicyPlan* only = nullptr);
/// @p a followed by @p b.
std::vector<std::string> join(std::vector<std::string> a, const std::vector<std::string>& b);
/// Every fact @p d states, sorted: for each of its policies trust, dscp-map, no-drop and pg-map (with
/// lossless priorities; pg-map on switches), each queue's scheduling (when planned), ecn and
/// ecn-probability (when marked), the watchdog (lossless policies) with its detection, restoration and
/// action (when active), each rewrite rule; for each port with a policy mtu, speed, fec, breakout (a
/// breakout member) and headroom (when planned); on hosts nic-ets, roce-tos, dcqcn and nic-buffers per
/// port; the shared headroom pool when the switch has one.
std::vector<std::string> all(const DevicePlan& d);

} // namespace lfp::facts
