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
    // Same ids: the prefix sums, port owners, links at ports and duplicates carry over; the names are
    // views into this fabric's strings, so the maps are made again over them (same order, same ids).
    m_portBase = like.m_portBase;
    m_portNode = like.m_portNode;
    m_portLink = like.m_portLink;
    m_linkEnds = like.m_linkEnds;
    m_dupNodes = like.m_dupNodes;
    m_dupPorts = like.m_dupPorts;
    m_nodes.reserve(f.nodes.size());
    for (std::size_t n = 0; n < f.nodes.size(); ++n)
        m_nodes.emplace(f.nodes[n].name, static_cast<NodeId>(n)); // the first of a duplicate wins, as before
    m_sortedPorts = like.m_sortedPorts;
    for (auto& [name, id] : m_sortedPorts)
        name = portAt(id).name;
    buildPolicies();
}

bool FabricIndex::sameShape(const FabricIndex& like) const
{
    const Fabric& o = like.m_f;
    if (o.nodes.size() != m_f.nodes.size() || o.links.size() != m_f.links.size() || o.policies.size() != m_f.policies.size())
        return false;
    for (std::size_t n = 0; n < m_f.nodes.size(); ++n)
        if (m_f.nodes[n].ports.size() != like.m_portBase[n + 1] - like.m_portBase[n])
            return false;
    return true;
}

void FabricIndex::buildNodesAndPorts()
{
    const Fabric& f = m_f;
    const std::size_t nodes = f.nodes.size();
    m_nodes.reserve(nodes);
    m_portBase.resize(nodes + 1, 0);
    for (std::size_t n = 0; n < nodes; ++n) {
        // The first of a duplicate wins; validate() refuses them.
        if (auto [it, fresh] = m_nodes.emplace(f.nodes[n].name, static_cast<NodeId>(n)); !fresh)
            m_dupNodes.emplace_back(static_cast<NodeId>(n), it->second);
        m_portBase[n + 1] = m_portBase[n] + static_cast<PortId>(f.nodes[n].ports.size());
    }
    const PortId ports = m_portBase[nodes];
    m_portNode.resize(ports);
    m_sortedPorts.resize(ports);
    for (std::size_t n = 0; n < nodes; ++n) {
        const auto& np = f.nodes[n].ports;
        for (std::size_t i = 0; i < np.size(); ++i) {
            const PortId id = m_portBase[n] + static_cast<PortId>(i);
            m_portNode[id] = static_cast<NodeId>(n);
            m_sortedPorts[id] = { np[i].name, id };
        }
        // Stable: of two ports with one name (validate() refuses them), the first is found.
        const auto first = m_sortedPorts.begin() + m_portBase[n], last = m_sortedPorts.begin() + m_portBase[n + 1];
        std::stable_sort(first, last, [](const auto& a, const auto& b) { return a.first < b.first; });
        for (auto it = first; it != last && it + 1 != last; ++it)
            if ((it + 1)->first == it->first) {
                auto same = it + 1;
                for (; same != last && same->first == it->first; ++same)
                    m_dupPorts.emplace_back(same->second, it->second);
                it = same - 1;
            }
    }
    std::sort(m_dupPorts.begin(), m_dupPorts.end());
}

void FabricIndex::buildLinks()
{
    const Fabric& f = m_f;
    m_portLink.assign(m_portNode.size(), kNoId);
    m_linkEnds.resize(f.links.size(), { kNoId, kNoId });
    for (std::size_t l = 0; l < f.links.size(); ++l) {
        const auto a = port(f.links[l].a);
        const auto b = port(f.links[l].b);
        if (a) {
            m_linkEnds[l].first = *a;
            if (m_portLink[*a] == kNoId)
                m_portLink[*a] = static_cast<LinkId>(l);
        }
        if (b) {
            m_linkEnds[l].second = *b;
            if (m_portLink[*b] == kNoId)
                m_portLink[*b] = static_cast<LinkId>(l);
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
    m_portPolicy.assign(m_portNode.size(), PortPolicy {});
    for (std::size_t n = 0; n < f.nodes.size(); ++n) {
        const RoleBinding* b = bindingFor(f.nodes[n].role);
        if (!b)
            continue;
        const PortPolicy pp { policyIndex(b->policy), PolicySource::RoleBinding, &b->policy };
        for (PortId p = m_portBase[n]; p < m_portBase[n + 1]; ++p)
            m_portPolicy[p] = pp;
    }
    for (const auto& o : f.overrides) {
        const auto p = port(o.port);
        if (!p || m_portPolicy[*p].source == PolicySource::Override)
            continue; // stale override (no such port), or a second one (validate() refuses it)
        m_portPolicy[*p] = { policyIndex(o.policy), PolicySource::Override, &o.policy };
    }
}

std::optional<NodeId> FabricIndex::node(std::string_view name) const
{
    auto it = m_nodes.find(name);
    if (it == m_nodes.end())
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
    const auto first = m_sortedPorts.begin() + m_portBase[n], last = m_sortedPorts.begin() + m_portBase[n + 1];
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

std::optional<LinkId> FabricIndex::linkAt(PortId p) const { return toOpt(m_portLink[p]); }

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
    const LinkId l = m_portLink[p];
    if (l == kNoId)
        return std::nullopt;
    const auto& [a, b] = m_linkEnds[l];
    return toOpt(a == p ? b : a);
}

const QosPolicy* FabricIndex::findPolicy(std::string_view name) const
{
    auto it = m_policies.find(name);
    return it == m_policies.end() ? nullptr : &m_f.policies[it->second];
}

const QosPolicy* FabricIndex::policyAt(PortId p) const
{
    const auto i = m_portPolicy[p].policy;
    return i == kNoId ? nullptr : &m_f.policies[i];
}

const QosPolicy* FabricIndex::policyAt(const Endpoint& e) const
{
    const auto p = port(e);
    return p ? policyAt(*p) : nullptr;
}

std::string_view FabricIndex::policyNameAt(PortId p) const
{
    const std::string* n = m_portPolicy[p].name;
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
