// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file contract.h
/// The lossless contract, hop by hop (issue 33, docs/contract.md). For every pair of hosts the routing
/// model connects and every class a RoCE flow depends on — data (sender → receiver), CNPs and ACK/NAKs
/// (receiver → sender, along the reverse path) — the chain is walked: the application's ToS byte, the
/// sending NIC (trust, DSCP → priority, PFC, DCQCN reaction point), every switch on every path of the
/// routing model (ECMP, up*\/down* or static routes: planner/routing/routing.h, as `lfp deadlock`)
/// (DSCP → TC → PG / queue, no-drop on ingress and egress, ECN on the queue, ETS share, DSCP rewrite) and
/// the receiving NIC (trust, PFC, notification point, CNP DSCP / priority). The first hop where the
/// contract of the flow's profile (qos.h ContractProfile: DCQCN, PFC-only, ECN-only) breaks is
/// reported, with the field, the value found, the value needed and the fix (LFP-CONTRACT-BROKEN).
/// A certificate states per class what holds, over how many paths, under which assumptions.
///
/// Symmetry keeps it fast: hosts whose NIC facts and attachment are the same (same edge switch, same
/// policy on the host port and on the switch port) form one endpoint class; results of the walk from a
/// switch port with a DSCP toward one destination class are shared by every source (memoised).
/// No Qt, no I/O.

#include "planner/findings/findings.h"
#include "model/fabricindex.h"
#include "model/feedback.h"
#include "model/nicevidence.h"
#include "model/qos.h"
#include "model/staticroutes.h"
#include "planner/routing/routing.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lfp {

/// The classes a RoCE flow depends on.
enum class ContractClass { Data, Cnp, Ack };
/// forward: sender → receiver (data); reverse: receiver → sender (CNPs, ACK/NAKs).
enum class ContractDirection { Forward, Reverse };
const char* toString(ContractClass c); ///< "data", "cnp", "ack"
const char* toString(ContractDirection d); ///< "forward", "reverse"
std::optional<ContractClass> contractClassFromString(std::string_view s);

struct ContractOptions {
    std::optional<ContractClass> only; ///< check one class (`lfp contract --class`); none = all three
    /// The routing model that decides the paths walked, as `lfp deadlock --routing` selects it
    /// (planner/routing/routing.h): Ecmp (every shortest path), UpDown (shortest valley-free paths) or
    /// Static (the routes where they have a live next hop, ECMP elsewhere). Lft is refused (InputError).
    RoutingModel routing = RoutingModel::Ecmp;
    std::vector<StaticRoute> routes; ///< Static: the routes as read (importers/staticroutes.h)
};

/// What the contract states for one class: over how many paths it was walked and whether it holds.
struct ContractCertificate {
    ContractClass cls = ContractClass::Data;
    ContractDirection direction = ContractDirection::Forward;
    bool carriesTraffic = true; ///< false: no host pair's profile uses the class (CNPs under PFC-only)
    std::uint64_t hostPairs = 0; ///< ordered host pairs walked
    std::uint64_t paths = 0; ///< host-to-host paths walked (ECMP paths per pair, summed)
    std::uint64_t brokenPairs = 0; ///< host pairs where some path breaks
    bool holds = true; ///< no break on any path
    std::vector<std::string> properties; ///< what is required of every hop (English, one line each)
};

/// Where a LFP-CONTRACT-BROKEN finding breaks (parallel to ContractResult::findings).
struct ContractBreakSite {
    ContractClass cls = ContractClass::Data;
    ContractDirection direction = ContractDirection::Forward;
    std::string hop; ///< the device (node name) where the contract first breaks
    std::string port; ///< the port there ("" for an application or NIC-wide field)
    std::string field; ///< "app-ecn", "ingress-pfc", … (docs/findings.md)
};

struct ContractResult {
    std::string profile; ///< "dcqcn", "pfc-only", "ecn-only", or "mixed" when host pairs differ
    RoutingModel routing = RoutingModel::Ecmp; ///< the routing model whose paths were walked
    std::vector<ContractCertificate> classes;
    std::vector<Finding> findings; ///< LFP-CONTRACT-BROKEN (one per class, hop, field and values)
    std::vector<ContractBreakSite> sites; ///< parallel to findings
    std::vector<std::string> assumptions; ///< what the certificate assumes (English)
    bool setProblems = false; ///< default sets clash or are unknown (contractsets.h)
    /// Host settings replaced by evidence from the hosts (contractevidence.h; `lfp contract --evidence`).
    std::vector<EvidenceReplacement> evidence;
    std::vector<std::string> evidenceNotes; ///< evidence not used (hosts or ports not in the plan), phase read
    [[nodiscard]] bool broken() const; ///< some class that carries traffic is broken, or sets clash
};

/// Walks the contract over @p index's fabric along the paths of @p options.routing (ECMP by default).
/// Honours @p feedback's cancel. Throws InputError for static routes that do not fit the topology (at
/// the route's line, planner/routing/routing.h checkStaticRoutes) and for RoutingModel::Lft.
ContractResult checkContract(const FabricIndex& index, const ContractOptions& options = {}, Feedback* feedback = nullptr);

/// One check of a traced chain (traceContract): a stage of one device, green (ok) or red.
struct ContractHop {
    std::string stage; ///< "sender", "ingress", "egress", "receiver", "route"
    std::string node, port; ///< the device and its port ("" for an application-wide field)
    int dscp = -1, tc = -1, queue = -1; ///< what the packet carries there (-1: not known yet)
    bool ok = true;
    std::string field; ///< when not ok: the field that breaks ("ecn-queue", …; docs/findings.md)
    int found = -1, expected = -1; ///< its values (-1: not applicable)
};

/// The chain of one class between two hosts along one path of the routing model — one on which the contract breaks, if
/// any of the first 100,000 paths tried does, else the first (the first next hop at each switch):
/// every stage of every device in the order the class crosses them (data: source → destination;
/// CNP and ACK/NAK: destination → source), each check green or red. Unlike checkContract it does not
/// stop at the first break: the walk goes on with what the packet carries after it.
struct ContractChain {
    ContractClass cls = ContractClass::Data;
    ContractDirection direction = ContractDirection::Forward;
    std::string profile; ///< the source's contract profile
    std::vector<ContractHop> hops;
    std::string note; ///< why the chain is empty or cut ("no route", "not a RoCE end point", …)
    [[nodiscard]] bool holds() const; ///< every hop ok and no note
};
/// Throws InputError (field "host") when @p source or @p destination names no host linked to a switch.
/// The paths are those of @p options.routing (its `only` is ignored).
ContractChain traceContract(const FabricIndex& index, const std::string& source, const std::string& destination, ContractClass cls,
    const ContractOptions& options = {});

} // namespace lfp
