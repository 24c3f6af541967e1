// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabricindex.h"

#include <algorithm>

namespace lfp {

FabricIndex::FabricIndex(const Fabric& f)
    : m_f(f)
{
    buildNodesAndPorts();
    buildLinks();
    buildPolicies();
}

FabricIndex::FabricIndex(const Fabric& f, const FabricIndex& like)
    : m_f(f)
{
    if (!sameShape(like)) {
        buildNodesAndPorts();
        buildLinks();
        buildPolicies();
        return;
    }
    // Same ids and names: the shape (ids, name look-ups over the names it keeps alive, link ends,
    // duplicates) is shared, not copied; only the policy in force on each port is worked out again
    // (roles, bindings and overrides may have changed). Linear in the ports, not in the names.
    m_shape = like.m_shape;
    if (samePolicyInputs(like)) {
        // No role, binding, override or policy name changed: every port keeps its policy (a link's
        // length, a port's MTU, a policy's thresholds). Only the name map is made over this fabric.
        for (std::size_t p = 0; p < f.policies.size(); ++p)
            m_policies.emplace(f.policies[p].name, static_cast<std::uint32_t>(p));
        m_portPolicy = like.m_portPolicy;
        return;
    }
    buildPolicies();
}

bool FabricIndex::samePolicyInputs(const FabricIndex& like) const
{
    const Fabric& o = like.m_f;
    if (m_f.bindings != o.bindings || m_f.overrides != o.overrides || m_f.policies.size() != o.policies.size())
        return false;
    for (std::size_t p = 0; p < m_f.policies.size(); ++p)
        if (m_f.policies[p].name != o.policies[p].name)
            return false;
    // Roles: only the chunks of nodes an edit copied can differ (cowvector.h).
    constexpr std::size_t chunk = decltype(m_f.nodes)::kChunk;
    for (std::size_t c = 0; c < m_f.nodes.chunkCount(); ++c) {
        if (m_f.nodes.sharesChunk(o.nodes, c))
            continue;
        for (std::size_t n = c * chunk; n < std::min(m_f.nodes.size(), (c + 1) * chunk); ++n)
            if (m_f.nodes[n].role != o.nodes[n].role)
                return false;
    }
    return true;
}

bool FabricIndex::sameShape(const FabricIndex& like) const
{
    const Fabric& o = like.m_f;
    if (o.nodes.size() != m_f.nodes.size() || o.links.size() != m_f.links.size() || o.policies.size() != m_f.policies.size())
        return false;
    for (std::size_t n = 0; n < m_f.nodes.size(); ++n)
        if (m_f.nodes[n].ports.size() != like.m_shape->portBase[n + 1] - like.m_shape->portBase[n])
            return false;
    return true;
}

void FabricIndex::buildNodesAndPorts()
{
    const Fabric& f = m_f;
    m_shape = std::make_shared<Shape>();
    m_shape->names = f.nodes; // the chunks the name views below point into (shared, not copied)
    const std::size_t nodes = f.nodes.size();
    m_shape->nodes.reserve(nodes);
    m_shape->portBase.resize(nodes + 1, 0);
    for (std::size_t n = 0; n < nodes; ++n) {
        // The first of a duplicate wins; validate() refuses them.
        if (auto [it, fresh] = m_shape->nodes.emplace(f.nodes[n].name, static_cast<NodeId>(n)); !fresh)
            m_shape->dupNodes.emplace_back(static_cast<NodeId>(n), it->second);
        m_shape->portBase[n + 1] = m_shape->portBase[n] + static_cast<PortId>(f.nodes[n].ports.size());
    }
    const PortId ports = m_shape->portBase[nodes];
    m_shape->portNode.resize(ports);
    m_shape->sortedPorts.resize(ports);
    for (std::size_t n = 0; n < nodes; ++n) {
        const auto& np = f.nodes[n].ports;
        for (std::size_t i = 0; i < np.size(); ++i) {
            const PortId id = m_shape->portBase[n] + static_cast<PortId>(i);
            m_shape->portNode[id] = static_cast<NodeId>(n);
            m_shape->sortedPorts[id] = { np[i].name, id };
        }
        // Stable: of two ports with one name (validate() refuses them), the first is found.
        const auto first = m_shape->sortedPorts.begin() + m_shape->portBase[n], last = m_shape->sortedPorts.begin() + m_shape->portBase[n + 1];
        std::stable_sort(first, last, [](const auto& a, const auto& b) { return a.first < b.first; });
        for (auto it = first; it != last && it + 1 != last; ++it)
            if ((it + 1)->first == it->first) {
                auto same = it + 1;
                for (; same != last && same->first == it->first; ++same)
                    m_shape->dupPorts.emplace_back(same->second, it->second);
                it = same - 1;
            }
    }
    std::sort(m_shape->dupPorts.begin(), m_shape->dupPorts.end());
}

void FabricIndex::buildLinks()
{
    const Fabric& f = m_f;
    m_shape->portLink.assign(m_shape->portNode.size(), kNoId);
    m_shape->linkEnds.resize(f.links.size(), { kNoId, kNoId });
    for (std::size_t l = 0; l < f.links.size(); ++l) {
        const auto a = port(f.links[l].a);
        const auto b = port(f.links[l].b);
        if (a) {
            m_shape->linkEnds[l].first = *a;
            if (m_shape->portLink[*a] == kNoId)
                m_shape->portLink[*a] = static_cast<LinkId>(l);
        }
        if (b) {
            m_shape->linkEnds[l].second = *b;
            if (m_shape->portLink[*b] == kNoId)
                m_shape->portLink[*b] = static_cast<LinkId>(l);
        }
    }
}

void FabricIndex::buildPolicies()
{
    const Fabric& f = m_f;
    m_policies.reserve(f.policies.size());
    for (std::size_t p = 0; p < f.policies.size(); ++p)
        m_policies.emplace(f.policies[p].name, static_cast<std::uint32_t>(p));
    auto policyIndex = [&](const std::string& name) {
        auto it = m_policies.find(name);
        return it == m_policies.end() ? kNoId : it->second;
    };

    // The rule: a port's override, else its node's role binding, else none.
    auto portPolicy = std::make_shared<std::vector<PortPolicy>>(m_shape->portNode.size(), PortPolicy {});
    auto& pps = *portPolicy;
    for (std::size_t n = 0; n < f.nodes.size(); ++n) {
        const RoleBinding* b = bindingFor(f.nodes[n].role);
        if (!b)
            continue;
        const PortPolicy pp { policyIndex(b->policy), PolicySource::RoleBinding, static_cast<std::uint32_t>(b - f.bindings.data()) };
        for (PortId p = m_shape->portBase[n]; p < m_shape->portBase[n + 1]; ++p)
            pps[p] = pp;
    }
    for (const auto& o : f.overrides) {
        const auto p = port(o.port);
        if (!p || pps[*p].source == PolicySource::Override)
            continue; // stale override (no such port), or a second one (validate() refuses it)
        pps[*p] = { policyIndex(o.policy), PolicySource::Override, static_cast<std::uint32_t>(&o - f.overrides.data()) };
    }
    m_portPolicy = std::move(portPolicy);
}

std::optional<NodeId> FabricIndex::node(std::string_view name) const
{
    auto it = m_shape->nodes.find(name);
    if (it == m_shape->nodes.end())
        return std::nullopt;
    return it->second;
}

const Node* FabricIndex::findNode(std::string_view name) const
{
    const auto n = node(name);
    return n ? &m_f.nodes[*n] : nullptr;
}

std::optional<PortId> FabricIndex::port(NodeId n, std::string_view name) const
{
    const auto first = m_shape->sortedPorts.begin() + m_shape->portBase[n], last = m_shape->sortedPorts.begin() + m_shape->portBase[n + 1];
    const auto it = std::lower_bound(first, last, name, [](const auto& entry, std::string_view v) { return entry.first < v; });
    if (it == last || it->first != name)
        return std::nullopt;
    return it->second;
}

std::optional<PortId> FabricIndex::port(const Endpoint& e) const
{
    const auto n = node(e.node);
    return n ? port(*n, e.port) : std::nullopt;
}

const Port* FabricIndex::findPort(const Endpoint& e) const
{
    const auto p = port(e);
    return p ? &portAt(*p) : nullptr;
}

std::optional<LinkId> FabricIndex::linkAt(PortId p) const { return toOpt(m_shape->portLink[p]); }

std::optional<LinkId> FabricIndex::linkAt(const Endpoint& e) const
{
    const auto p = port(e);
    return p ? linkAt(*p) : std::nullopt;
}

const Link* FabricIndex::findLinkAt(const Endpoint& e) const
{
    const auto l = linkAt(e);
    return l ? &m_f.links[*l] : nullptr;
}

std::optional<PortId> FabricIndex::peer(PortId p) const
{
    const LinkId l = m_shape->portLink[p];
    if (l == kNoId)
        return std::nullopt;
    const auto& [a, b] = m_shape->linkEnds[l];
    return toOpt(a == p ? b : a);
}

const QosPolicy* FabricIndex::findPolicy(std::string_view name) const
{
    auto it = m_policies.find(name);
    return it == m_policies.end() ? nullptr : &m_f.policies[it->second];
}

const QosPolicy* FabricIndex::policyAt(PortId p) const
{
    const auto i = (*m_portPolicy)[p].policy;
    return i == kNoId ? nullptr : &m_f.policies[i];
}

const QosPolicy* FabricIndex::policyAt(const Endpoint& e) const
{
    const auto p = port(e);
    return p ? policyAt(*p) : nullptr;
}

std::string_view FabricIndex::policyNameAt(PortId p) const
{
    const PortPolicy& pp = (*m_portPolicy)[p];
    const std::string* n = pp.from == kNoId ? nullptr
        : pp.source == PolicySource::Override ? &m_f.overrides[pp.from].policy
        : pp.source == PolicySource::RoleBinding ? &m_f.bindings[pp.from].policy : nullptr;
    return n ? std::string_view(*n) : std::string_view();
}

const RoleBinding* FabricIndex::bindingFor(Role role) const
{
    for (const auto& b : m_f.bindings)
        if (b.role == role)
            return &b;
    return nullptr;
}

FabricSnapshot makeSnapshot(Fabric fabric)
{
    FabricSnapshot s;
    auto f = std::make_shared<const Fabric>(std::move(fabric));
    s.index = std::make_shared<const FabricIndex>(*f);
    s.fabric = std::move(f);
    return s;
}

FabricSnapshot makeSnapshot(Fabric fabric, const FabricSnapshot& like)
{
    if (!like.index)
        return makeSnapshot(std::move(fabric));
    FabricSnapshot s;
    auto f = std::make_shared<const Fabric>(std::move(fabric));
    s.index = std::make_shared<const FabricIndex>(*f, *like.index);
    s.fabric = std::move(f);
    return s;
}

} // namespace lfp
