// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file merge.h
/// Importing a second source onto a fabric. planMerge() compares an incoming fragment with the existing
/// fabric and reports conflicts (the two disagree: LLDP says A:1–B:2, the plan says A:1–C:2) and
/// unknowns (an object in one source only). Nothing changes until applyMerge() is called with the
/// user's choices: keep existing, take incoming, or a choice per conflict.

#include "importer.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace lfp {

struct MergeConflict {
    enum class Kind { LinkPeer, LinkLength, LinkMedium, PortSpeed, PortMtu, PortFec, NodeGuid, Policy, Override };
    Kind kind = Kind::LinkPeer;
    std::string id; ///< stable key for choices: "leaf01:swp1", "leaf01:swp1.speed", "policy:roce"
    std::vector<std::string> ports; ///< the ports on which the sources disagree ("leaf01:swp1", "spine01:swp3")
    std::string existing; ///< what the fabric says ("leaf01:swp1 -- spine01:swp3", "100G")
    std::string incoming; ///< what the import says
    std::size_t incomingLink = SIZE_MAX; ///< for link conflicts: index in incoming.links
};

struct MergeUnknown {
    enum class Side { OnlyExisting, OnlyIncoming };
    Side side = Side::OnlyIncoming;
    std::string objectType; ///< "node", "port", "link", "policy"
    std::string id;
};

struct MergeReport {
    std::vector<MergeConflict> conflicts;
    std::vector<MergeUnknown> unknowns;
    std::size_t matchedLinks = 0; ///< links both sources agree on
    [[nodiscard]] bool hasConflicts() const { return !conflicts.empty(); }
    /// Every port named by a conflict, sorted.
    [[nodiscard]] std::set<std::string> conflictingPorts() const;
};

enum class MergeResolution { Ask, KeepExisting, TakeIncoming };

struct MergeChoices {
    MergeResolution defaultResolution = MergeResolution::Ask;
    /// Per-conflict choices by MergeConflict::id; they win over the default.
    std::map<std::string, MergeResolution> perConflict;
};

/// Compares @p incoming with @p existing. @p knownFields (ImportResult::knownFields) says which fields
/// the incoming source knows: others are never conflicts (LLDP has no cable lengths).
MergeReport planMerge(const Fabric& existing, const Fabric& incoming, const std::set<std::string>& knownFields);

/// The merged fabric. Throws std::invalid_argument naming the first conflict left unresolved (resolution
/// Ask). Unknowns from the incoming side are added; the existing side's are kept.
Fabric applyMerge(const Fabric& existing, const Fabric& incoming, const MergeReport& report, const MergeChoices& choices);

const char* toString(MergeConflict::Kind k);

} // namespace lfp
