// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file contractevidence.h
/// The lossless contract on what the hosts really do (issue 33, docs/contract.md "Evidence from real
/// hosts"): the NIC facts read from a host (model/nicevidence.h, read by importers/nicevidence.h)
/// replace the plan's host settings of that host's ports, and every replaced value is listed (host,
/// port, field, plan value → evidence value, where it was read). No Qt, no I/O.

#include "model/fabric.h"
#include "model/nicevidence.h"

#include <string>
#include <vector>

namespace lfp {

/// @p fabric with each host port the evidence covers given a derived policy ("POLICY@evidence-HOST-PORT")
/// that carries the evidence's values: trust, PFC bitmap, DSCP → priority (the policy's dscp_to_tc,
/// which the contract reads as the NIC's map), CNP DSCP and priority, the RoCE DSCP (ToS >> 2), and the
/// DCQCN reaction and notification points at the NIC's data priority. Per field, the most specific
/// evidence wins: the port's tool output, then a template in the host's folder, then a template for
/// every host. The replaced values go to @p replaced; evidence for hosts or ports the plan does not
/// have goes to @p notes.
Fabric applyNicEvidence(const Fabric& fabric, const NicEvidenceSet& evidence, std::vector<EvidenceReplacement>& replaced,
    std::vector<std::string>& notes);

} // namespace lfp
