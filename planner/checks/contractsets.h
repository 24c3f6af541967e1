// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file contractsets.h
/// Sourced NIC and switch default sets for the lossless contract (issue 33; resources/contract-sets/*.json,
/// docs/contract.md): what a vendor's preset sets (NVIDIA's NIC operator RoCE preset, Cumulus `roce
/// lossless`, SONiC's default maps, Juniper's AI-DC design, Broadcom Thor2, Huawei Ascend's HCCL, Azure's
/// CNP class), each with its source, version and date. A host or switch binds to one with the node
/// attribute `contract.set` instead of spelling every value: the values the set states replace those
/// of the policies on its ports. Two sets in use whose values clash (a CNP DSCP or priority, a RoCE DSCP,
/// a class one side makes lossless and the other lossy) give one LFP-CONTRACT-SET-CLASH per clash.

#include "planner/checks/contract.h"
#include "planner/findings/findings.h"
#include "model/fabric.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace lfp {

inline constexpr const char* kContractSetAttribute = "contract.set";

struct ContractSet {
    std::string id, name, kind; ///< kind: "nic" or "switch"
    std::string source, version, date;
    // Values the set states (unset = the policy's). NIC sets: every field; switch sets: roce DSCP,
    // lossless, CNP DSCP and priority.
    std::optional<TrustMode> trust;
    std::optional<std::vector<int>> pfc; ///< NIC PFC priorities
    std::optional<std::vector<int>> lossless; ///< switch lossless priorities
    std::optional<int> appTos, roceDscp, rocePriority, cnpDscp, cnpPriority;
    std::optional<bool> reactionPoint, notificationPoint;
    // Switch sets may state their classification maps whole (SONiC's AZURE maps): "dscp_to_tc" (every
    // DSCP 0..63, or some and "default"), "tc_to_pg", "tc_to_queue" (every TC 0..7).
    std::optional<std::array<int, kDscpValues>> dscpToTc;
    std::optional<std::array<int, kPriorities>> tcToPg, tcToQueue;
};

/// Every *.json of @p dir, sorted by id. Throws InputError naming the file and field of a bad one.
std::vector<ContractSet> loadContractSets(const std::string& dir);
/// The shipped sets (resources/contract-sets, or share/lfp/contract-sets next to the program).
std::vector<ContractSet> builtinContractSets();

/// @p fabric with every node bound to a set (attribute contract.set) given port overrides to derived
/// policies ("POLICY@SET") carrying the set's values; unknown set ids are reported in @p findings.
Fabric applyContractSets(const Fabric& fabric, const std::vector<ContractSet>& sets, std::vector<Finding>& findings);

/// The contract of @p fabric after its sets are applied, with the unknown-set and clash findings added
/// (parallel sites: the first node bound to the first set; their class; broken() counts them). With
/// @p evidence, the hosts' settings are then replaced by what the evidence says (contractevidence.h),
/// listed in ContractResult::evidence.
ContractResult checkContractWithSets(const Fabric& fabric, const std::vector<ContractSet>& sets, const ContractOptions& options = {},
    Feedback* feedback = nullptr, const NicEvidenceSet* evidence = nullptr);
/// @p fabric as the contract sees it: its sets applied, then @p evidence (when given) over the hosts.
Fabric contractFabric(const Fabric& fabric, const std::vector<ContractSet>& sets, std::vector<Finding>& unknownSets,
    const NicEvidenceSet* evidence = nullptr, std::vector<EvidenceReplacement>* replaced = nullptr, std::vector<std::string>* notes = nullptr);

/// The plan with @p evidence brought in (`lfp contract --evidence DIR --evidence-out FILE`): every host the
/// evidence covers gets its set's values (if bound) and then the evidence's as port policies
/// (applyNicEvidence), and its contract.set binding is dropped, since its policies now say what it does;
/// every other node keeps its binding. Running the contract on the result gives what
/// checkContractWithSets(@p fabric, @p sets, …, &@p evidence) gives.
Fabric planWithEvidence(const Fabric& fabric, const std::vector<ContractSet>& sets, const NicEvidenceSet& evidence,
    std::vector<EvidenceReplacement>& replaced, std::vector<std::string>& notes);

} // namespace lfp
