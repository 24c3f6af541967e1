// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file fabric.h
/// The fabric: switches and hosts (nodes) with their ports, the links between ports, the QoS policies
/// and how they bind to roles and ports, and any ASIC profiles the project defines itself.
/// Plain data: no Qt, no I/O. Names are the identities (a node's name is unique in the fabric, a port's
/// name is unique in its node); links refer to (node, port) names.

#include "asic.h"
#include "buffersettings.h"
#include "cowvector.h"
#include "qos.h"
#include "units.h"

#include <cstdint>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lfp {

enum class Role { SuperSpine, Spine, Leaf, Host };
/// Unknown: the source did not say (an import of LLDP or ibnetdiscover output); checks that need the
/// medium skip the link with an info finding naming what to supply, never guess.
enum class Medium { Dac, Aoc, Fibre, Unknown };
enum class LinkOrigin { Planned, Discovered };
/// The fibre of a fibre link (or the multimode fibre of an AOC): single-mode (OS1/OS2) or multimode
/// OM3/OM4/OM5 (ISO/IEC 11801). Unknown: the source did not say; reach is then the longest single-mode PMD's.
enum class FibreType { Unknown, Smf, Om3, Om4, Om5 };
/// Unknown: the source did not say (a neighbour's port seen from the other end); FEC checks skip it.
enum class Fec { None, FireCode, Rs528, Rs544, Unknown };

struct Port {
    std::string name; ///< "Ethernet0", "swp1", "mlx5_0"
    BitsPerSecond speed {};
    int lanes = 4;
    int mtu = 9100;
    Fec fec = Fec::Rs528;
    std::string breakoutParent; ///< parent port of a breakout member; empty when none
    bool operator==(const Port&) const = default;
};

struct Node {
    std::string name;
    Role role = Role::Leaf;
    std::string rack;
    std::string vendor;
    std::string model;
    std::string asic; ///< ASIC profile id (switches); empty for hosts
    std::vector<Port> ports;
    std::uint64_t guid = 0; ///< InfiniBand node GUID, 0 when unknown
    std::map<std::string, std::string> attributes; ///< free-form (site, mgmt address, …); never "buffer.*"
    NodeBufferSettings buffer; ///< per-switch buffer settings (written as "buffer.*" attributes in files)

    [[nodiscard]] bool isSwitch() const { return role != Role::Host; }
    [[nodiscard]] const Port* findPort(std::string_view port) const;
    Port* findPort(std::string_view port);
    bool operator==(const Node&) const = default;
};

struct Endpoint {
    std::string node;
    std::string port;
    bool operator==(const Endpoint&) const = default;
    auto operator<=>(const Endpoint&) const = default;
};

struct Link {
    Endpoint a;
    Endpoint b;
    Metres length {};
    Medium medium = Medium::Dac;
    LinkOrigin origin = LinkOrigin::Planned;
    FibreType fibre = FibreType::Unknown; ///< medium fibre: the fibre type when the source gives it
    bool operator==(const Link&) const = default;
};

/// A policy applies to every port of nodes of a role...
struct RoleBinding {
    Role role = Role::Leaf;
    std::string policy;
    bool operator==(const RoleBinding&) const = default;
};
/// ...unless a port override names another.
struct PortOverride {
    Endpoint port;
    std::string policy;
    bool operator==(const PortOverride&) const = default;
};

/// A structural problem of a fabric, at the JSON pointer of the field it concerns.
struct StructureProblem {
    std::string pointer; ///< "/links/3/a/port"
    std::string message; ///< "found \"Ethernet9\", expected a port of node \"leaf1\""
};

struct Fabric {
    std::string name;
    std::string description;
    /// Copy-on-write per chunk of 256 (cowvector.h): a copy of the fabric shares every chunk until one
    /// is written. Read through a const Fabric& to share; a non-const operator[] copies one chunk.
    CowVector<Node> nodes;
    CowVector<Link> links;
    std::vector<QosPolicy> policies;
    std::vector<RoleBinding> bindings;
    std::vector<PortOverride> overrides;
    std::vector<AsicProfile> asics; ///< the project's own ASIC profiles (beyond the catalogue)
    /// InfiniBand QoS (qos.h IbQosPolicy), at most one per port class; applies to the nodes an
    /// InfiniBand import marked (attribute ib.type). Empty: the subnet manager's, not modelled.
    std::vector<IbQosPolicy> ibQos;

    // ---- look-ups: linear scans over plain data. Analyses use a FabricIndex (fabricindex.h), built once
    // per snapshot, for the link at a port, a port's peer and the policy in force on a port.
    [[nodiscard]] const Node* findNode(std::string_view name) const;
    Node* findNode(std::string_view name);
    [[nodiscard]] const Port* findPort(const Endpoint& e) const;
    [[nodiscard]] const QosPolicy* findPolicy(std::string_view name) const;

    [[nodiscard]] std::size_t switchCount() const;
    [[nodiscard]] std::size_t hostCount() const;
    [[nodiscard]] std::size_t portCount() const;

    /// Structural problems (duplicate names, links to missing ports, a port on two links, a link from a
    /// node to itself, two bindings of one role, two overrides of one port, unknown policy names): one
    /// message each, empty when the fabric is well-formed.
    [[nodiscard]] std::vector<std::string> validate() const;
    /// The same problems, each at the JSON pointer of the offending field in the native format
    /// (e.g. "/links/3/a"), at most `limit` of them. The JSON reader refuses a file with the first one.
    [[nodiscard]] std::vector<StructureProblem> structureProblems(std::size_t limit = SIZE_MAX) const;

    bool operator==(const Fabric& o) const = default;
};

const char* toString(Role r);
const char* toString(Medium m);
const char* toString(LinkOrigin o);
const char* toString(Fec f);
/// @p f without its bulk (nodes and links, not even copied): the header, ASIC profiles, QoS policies,
/// InfiniBand QoS policies, bindings and overrides. The JSON writers and the diff use it.
Fabric fabricHead(const Fabric& f);

const char* toString(FibreType t);
std::optional<FibreType> fibreTypeFromString(std::string_view s);
std::optional<Role> roleFromString(std::string_view s);
std::optional<Medium> mediumFromString(std::string_view s);
std::optional<LinkOrigin> linkOriginFromString(std::string_view s);
std::optional<Fec> fecFromString(std::string_view s);

} // namespace lfp
