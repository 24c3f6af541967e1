// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file policyfields.h
/// The editable fields of a QoS policy (qos.h) as text, for model/fieldaccess.h (`policy:NAME FIELD`):
/// the GUI's policy editor and `lfp set PROJECT policy:NAME FIELD=VALUE` share them.
///
///   description                 any text
///   trust                       dscp|pcp
///   lossless                    PFC-enabled priorities "3" or "3,4" (0..7, ascending, no repeat); empty = none
///   roce_priority, roce_dscp    the RoCE class the host NICs mark (priority 0..7, DSCP 0..63)
///   cnp_priority, cnp_dscp      the CNP class (priority 0..7, DSCP 0..63)
///   dscp.D                      DSCP D (0..63) → traffic class 0..7
///   pg.T, queue.T               traffic class T (0..7) → ingress priority group / egress queue 0..7
///   class.T                     name of traffic class T; empty removes it
///   ets.Q                       queue Q (0..7): "strict" or a DWRR weight 0..100 (percent)
///   ecn.kmin, ecn.kmax          the first ECN profile's thresholds in bytes ("150000", "150KB", "1.5MiB")
///   ecn.pmax                    its marking probability at Kmax, 0..1
///   ecn.queues                  its egress queues "3" or "3,4"
///   pfc_watchdog.enabled        true|false
///   pfc_watchdog.detection, pfc_watchdog.restoration   durations ("200ms", "400us")
///   pfc_watchdog.action         drop|forward|alert
///   nic.trust                   dscp|pcp
///   nic.pfc                     the NIC's PFC priorities "3" or "3,4"; empty = none
///   nic.ecn_rp, nic.ecn_np      true|false (DCQCN reaction / notification point)
///   nic.cnp_dscp, nic.cnp_priority
/// The indexed fields (dscp.D, pg.T, queue.T, class.T, ets.Q) are listed once with their index letter.

#include "qos.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace lfp {

struct PolicyFieldInfo {
    const char* name; ///< "ecn.kmin", or "dscp.D" for an indexed field
    const char* accepted;
};

/// Every policy field (the indexed ones with their index letter).
std::span<const PolicyFieldInfo> policyFields();
/// The policy field @p field names ("dscp.26" → the "dscp.D" entry, with the index in range), or null.
const PolicyFieldInfo* findPolicyField(std::string_view field);

/// The field's value as text (nullopt for an unknown field).
std::optional<std::string> getPolicyField(const QosPolicy& policy, std::string_view field);
/// Sets the field from text. Returns empty when done, else why the value is not accepted (the policy is
/// unchanged then). The caller checks the field exists (findPolicyField).
std::string setPolicyField(QosPolicy& policy, std::string_view field, std::string_view value);

/// "3,4" for {3, 4}; "" for none.
std::string formatPriorityList(const std::vector<int>& priorities);

} // namespace lfp
