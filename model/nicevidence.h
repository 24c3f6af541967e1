// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file nicevidence.h
/// What a host's RoCE NIC really does, as the tools on the host print it (issue 33, docs/contract.md
/// "Evidence from real hosts"): `mlnx_qos -i IF` (trust, DSCP → priority, PFC), the mlx5 ECN sysfs
/// (/sys/class/net/IF/ecn/roce_np|roce_rp: enable per priority, cnp_dscp, cnp_802p_prio), the NVIDIA
/// NIC Configuration Operator's NicConfigurationTemplate (roceOptimized: trust, pfc, tos, and the CNP
/// nvconfig it sets) and the Broadcom bnxt_re congestion-control configfs
/// (/sys/kernel/config/bnxt_re/DEV/ports/1/cc: roce_dscp, roce_prio, cnp_dscp, cnp_prio, ecn_enable). Read by importers/nicevidence.h; laid over a plan's host settings by
/// planner/checks/contractevidence.h. Every value keeps where it was read (file:line). No Qt.

#include "qos.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lfp {

/// One value read from evidence, with the place it was read ("gpu01/mlnx_qos_eth0.txt:4").
template <typename T>
struct Evidenced {
    T value {};
    std::string source;
};

/// The NIC facts of one host port (or, with port empty, of every RoCE port of the host) as evidence
/// states them; a fact the evidence does not state stays unset and the plan's value stands.
struct NicEvidence {
    std::string host;
    std::string port; ///< the plan's port (= the Linux interface name); "" = every port of the host
    std::optional<Evidenced<TrustMode>> trust;
    std::optional<Evidenced<std::uint8_t>> pfcBitmap; ///< bit p = PFC on priority p
    /// DSCP → priority as the NIC classifies (mlnx_qos "dscp2prio mapping"); only with trust dscp.
    std::optional<Evidenced<std::array<int, kDscpValues>>> dscpToPriority;
    std::optional<Evidenced<std::uint8_t>> reactionPoint; ///< bit p = DCQCN RP enabled on priority p
    std::optional<Evidenced<std::uint8_t>> notificationPoint; ///< bit p = DCQCN NP enabled on priority p
    std::optional<Evidenced<int>> cnpDscp;
    std::optional<Evidenced<int>> cnpPriority;
    std::optional<Evidenced<int>> roceTos; ///< the NIC's default RoCE ToS byte (DSCP << 2 | ECN)
    /// The priority the NIC gives its RoCE DSCP (bnxt_re roce_prio: the driver programs RoCE DSCP →
    /// this priority into the NIC's DSCP → priority table), when the evidence states only that entry.
    std::optional<Evidenced<int>> rocePriority;

    [[nodiscard]] bool empty() const
    {
        return !trust && !pfcBitmap && !dscpToPriority && !reactionPoint && !notificationPoint && !cnpDscp && !cnpPriority && !roceTos
            && !rocePriority;
    }
    /// Fills every fact @p other states that this one does not (this one wins).
    void fillFrom(const NicEvidence& other)
    {
        const auto fill = [](auto& mine, const auto& theirs) {
            if (!mine && theirs)
                mine = theirs;
        };
        fill(trust, other.trust);
        fill(pfcBitmap, other.pfcBitmap);
        fill(dscpToPriority, other.dscpToPriority);
        fill(reactionPoint, other.reactionPoint);
        fill(notificationPoint, other.notificationPoint);
        fill(cnpDscp, other.cnpDscp);
        fill(cnpPriority, other.cnpPriority);
        fill(roceTos, other.roceTos);
        fill(rocePriority, other.rocePriority);
    }
};

/// One value of the plan replaced by evidence: host, port, field, the plan's and the evidence's value.
struct EvidenceReplacement {
    std::string host, port, field;
    std::string planValue, evidenceValue;
    std::string source; ///< file:line of the evidence
};

/// Evidence of a set of hosts, and what could not be used (hosts not in the plan, …), in English.
struct NicEvidenceSet {
    std::vector<NicEvidence> hosts;
    std::vector<std::string> notes;
};

} // namespace lfp
