// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file fabricindex.h
/// One immutable index of a fabric snapshot: dense ids for nodes, ports and links, the link at a port,
/// a port's peer, and the QoS policy in force on every port. The policy rule lives here and only here:
/// a port's override, else its node's role binding, else none. Budgets, policy checks, the deadlock
/// analysis, drift and every GUI panel ask this index, so they cannot disagree.
///
/// The index refers into the fabric it was built from: the fabric must outlive it and must not change
/// while it lives (the document layer keeps both in one immutable snapshot).

#include "fabric.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace lfp {

using NodeId = std::uint32_t;
using PortId = std::uint32_t; ///< dense over all ports of all nodes, in node order then port order
using LinkId = std::uint32_t;
inline constexpr std::uint32_t kNoId = std::numeric_limits<std::uint32_t>::max();

/// Why a port has the policy it has.
enum class PolicySource : std::uint8_t {
    None, ///< no override and no binding of the node's role
    Override, ///< a port override names the policy
    RoleBinding, ///< the node's role is bound to the policy
};

class FabricIndex {
public:
    explicit FabricIndex(const Fabric& fabric);
    /// The index of @p fabric, a copy of @p like's fabric with fields edited but no node, port, link or
    /// policy added, removed or renamed (a value edit: the document's ChangeValueCommand). The ids, the
    /// links at the ports and the duplicates are taken from @p like; the names are looked up in
    /// @p fabric and the policy of every port is worked out again (roles, bindings and overrides may
    /// have changed). When the counts of nodes, ports, links or policies differ it builds from scratch.
    FabricIndex(const Fabric& fabric, const FabricIndex& like);
    FabricIndex(const FabricIndex&) = delete;
    FabricIndex& operator=(const FabricIndex&) = delete;

    [[nodiscard]] const Fabric& fabric() const { return m_f; }

    // ---- nodes
    [[nodiscard]] std::optional<NodeId> node(std::string_view name) const;
    [[nodiscard]] const Node* findNode(std::string_view name) const;
    [[nodiscard]] std::size_t nodeCount() const { return m_f.nodes.size(); }

    // ---- ports
    [[nodiscard]] std::size_t portCount() const { return m_shape->portNode.size(); }
    [[nodiscard]] std::optional<PortId> port(const Endpoint& e) const;
    [[nodiscard]] std::optional<PortId> port(NodeId node, std::string_view port) const;
    [[nodiscard]] PortId port(NodeId node, std::size_t portIndexInNode) const { return m_shape->portBase[node] + static_cast<PortId>(portIndexInNode); }
    [[nodiscard]] PortId firstPort(NodeId node) const { return m_shape->portBase[node]; }
    [[nodiscard]] PortId endPort(NodeId node) const { return m_shape->portBase[node + 1]; }
    [[nodiscard]] NodeId nodeOf(PortId p) const { return m_shape->portNode[p]; }
    [[nodiscard]] std::size_t portIndexInNode(PortId p) const { return p - m_shape->portBase[m_shape->portNode[p]]; }
    [[nodiscard]] const Node& nodeAt(NodeId n) const { return m_f.nodes[n]; }
    [[nodiscard]] const Port& portAt(PortId p) const { return m_f.nodes[m_shape->portNode[p]].ports[portIndexInNode(p)]; }
    [[nodiscard]] Endpoint endpoint(PortId p) const { return { nodeAt(nodeOf(p)).name, portAt(p).name }; }
    [[nodiscard]] const Port* findPort(const Endpoint& e) const;

    // ---- links
    [[nodiscard]] std::optional<LinkId> linkAt(PortId p) const;
    [[nodiscard]] std::optional<LinkId> linkAt(const Endpoint& e) const;
    /// The link a port is on, or null.
    [[nodiscard]] const Link* findLinkAt(const Endpoint& e) const;
    [[nodiscard]] std::optional<PortId> peer(PortId p) const;
    [[nodiscard]] std::optional<PortId> linkEnd(LinkId l, int end) const { return toOpt(end == 0 ? m_shape->linkEnds[l].first : m_shape->linkEnds[l].second); }

    // ---- policies
    [[nodiscard]] const QosPolicy* findPolicy(std::string_view name) const;
    /// The policy in force on a port (null when none, or when the override/binding names no policy).
    [[nodiscard]] const QosPolicy* policyAt(PortId p) const;
    [[nodiscard]] const QosPolicy* policyAt(const Endpoint& e) const;
    [[nodiscard]] PolicySource policySourceAt(PortId p) const { return (*m_portPolicy)[p].source; }
    /// The policy name the override or binding of a port asks for, also when no such policy exists.
    [[nodiscard]] std::string_view policyNameAt(PortId p) const;
    /// The policy bound to a role (first binding; validate() refuses a second one), or null.
    [[nodiscard]] const RoleBinding* bindingFor(Role role) const;

    // ---- structure, found while building (Fabric::structureProblems() reports them)
    /// (node, the earlier node of the same name), in node order.
    [[nodiscard]] const std::vector<std::pair<NodeId, NodeId>>& duplicateNodes() const { return m_shape->dupNodes; }
    /// (port, the earlier port of the same name on its node), in port order.
    [[nodiscard]] const std::vector<std::pair<PortId, PortId>>& duplicatePorts() const { return m_shape->dupPorts; }

private:
    void buildNodesAndPorts();
    void buildLinks();
    void buildPolicies();
    [[nodiscard]] bool sameShape(const FabricIndex& like) const;
    [[nodiscard]] bool samePolicyInputs(const FabricIndex& like) const;
    static std::optional<std::uint32_t> toOpt(std::uint32_t v) { return v == kNoId ? std::nullopt : std::optional<std::uint32_t>(v); }
    struct PortPolicy {
        std::uint32_t policy = kNoId; ///< index into fabric.policies
        PolicySource source = PolicySource::None;
        std::uint32_t from = kNoId; ///< the override's index in fabric.overrides, or the binding's in fabric.bindings
    };
    const Fabric& m_f;
    /// What depends only on the names and the structure (ids, ports of each node, link ends,
    /// duplicates): shared, never changed after it is built, by the indexes of value edits of the same
    /// fabric (FabricIndex(fabric, like)). The names it looks up are views into node chunks it keeps
    /// alive itself (`names`, shared with the fabric: cowvector.h), so a later snapshot whose edit
    /// copied a chunk still finds its nodes and ports by the same, unchanged names.
    struct Shape {
        CowVector<Node> names;
        std::unordered_map<std::string_view, NodeId> nodes;
        /// Per node, its ports' names sorted (name → PortId), in [portBase[n], portBase[n + 1]): a port
        /// is found by binary search within its node (no hashing of the many repeated port names).
        std::vector<std::pair<std::string_view, PortId>> sortedPorts;
        std::vector<PortId> portBase; ///< nodeCount + 1 prefix sums
        std::vector<NodeId> portNode;
        std::vector<LinkId> portLink;
        std::vector<std::pair<PortId, PortId>> linkEnds;
        std::vector<std::pair<NodeId, NodeId>> dupNodes;
        std::vector<std::pair<PortId, PortId>> dupPorts;
    };
    std::shared_ptr<Shape> m_shape;
    std::unordered_map<std::string_view, std::uint32_t> m_policies;
    /// Per port; shared with the index of a value edit that changed no role, binding, override or
    /// policy name (the indices above then mean the same in both fabrics).
    std::shared_ptr<const std::vector<PortPolicy>> m_portPolicy;
};

/// A fabric with its index: what the document hands to every analysis. Immutable once made.
struct FabricSnapshot {
    std::shared_ptr<const Fabric> fabric;
    std::shared_ptr<const FabricIndex> index;
};
/// Makes a snapshot owning its fabric and the index over it.
FabricSnapshot makeSnapshot(Fabric fabric);
/// The same for @p fabric made from @p like's fabric by a value edit (no object added, removed or
/// renamed): the index reuses @p like's ids (FabricIndex(fabric, like)), which is several times faster
/// on a large fabric.
FabricSnapshot makeSnapshot(Fabric fabric, const FabricSnapshot& like);

} // namespace lfp
