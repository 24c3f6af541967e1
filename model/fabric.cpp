// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric.h"

#include <algorithm>
#include <fmt/format.h>
#include <set>
#include <unordered_set>
#include <utility>

namespace lfp {

const Port* Node::findPort(std::string_view port) const
{
    for (const auto& p : ports)
        if (p.name == port)
            return &p;
    return nullptr;
}

Port* Node::findPort(std::string_view port)
{
    return const_cast<Port*>(std::as_const(*this).findPort(port));
}

void Fabric::invalidateIndex() const
{
    m_indexValid = false;
    m_nodeIndex.clear();
    m_linkIndex.clear();
}

void Fabric::buildIndex() const
{
    if (m_indexValid)
        return;
    m_nodeIndex.clear();
    m_linkIndex.clear();
    m_nodeIndex.reserve(nodes.size());
    for (std::size_t i = 0; i < nodes.size(); ++i)
        m_nodeIndex.emplace(nodes[i].name, i);
    for (std::size_t i = 0; i < links.size(); ++i) {
        m_linkIndex.emplace(links[i].a, i);
        m_linkIndex.emplace(links[i].b, i);
    }
    m_indexValid = true;
}

std::optional<std::size_t> Fabric::nodeIndex(std::string_view wanted) const
{
    buildIndex();
    auto it = m_nodeIndex.find(std::string(wanted));
    if (it == m_nodeIndex.end() || it->second >= nodes.size() || nodes[it->second].name != wanted) {
        // Stale index (nodes edited without invalidateIndex): fall back to a scan.
        for (std::size_t i = 0; i < nodes.size(); ++i)
            if (nodes[i].name == wanted)
                return i;
        return std::nullopt;
    }
    return it->second;
}

const Node* Fabric::findNode(std::string_view wanted) const
{
    auto i = nodeIndex(wanted);
    return i ? &nodes[*i] : nullptr;
}

Node* Fabric::findNode(std::string_view wanted)
{
    auto i = nodeIndex(wanted);
    return i ? &nodes[*i] : nullptr;
}

const Port* Fabric::findPort(const Endpoint& e) const
{
    const Node* n = findNode(e.node);
    return n ? n->findPort(e.port) : nullptr;
}

const QosPolicy* Fabric::findPolicy(std::string_view wanted) const
{
    for (const auto& p : policies)
        if (p.name == wanted)
            return &p;
    return nullptr;
}

const QosPolicy* Fabric::policyFor(const Endpoint& e) const
{
    for (const auto& o : overrides)
        if (o.port == e)
            return findPolicy(o.policy);
    const Node* n = findNode(e.node);
    if (!n)
        return nullptr;
    for (const auto& b : bindings)
        if (b.role == n->role)
            return findPolicy(b.policy);
    return nullptr;
}

const Link* Fabric::linkAt(const Endpoint& e) const
{
    buildIndex();
    auto it = m_linkIndex.find(e);
    if (it == m_linkIndex.end() || it->second >= links.size())
        return nullptr;
    const Link& l = links[it->second];
    return (l.a == e || l.b == e) ? &l : nullptr;
}

std::size_t Fabric::switchCount() const
{
    return static_cast<std::size_t>(std::count_if(nodes.begin(), nodes.end(), [](const Node& n) { return n.isSwitch(); }));
}

std::size_t Fabric::hostCount() const { return nodes.size() - switchCount(); }

std::size_t Fabric::portCount() const
{
    std::size_t n = 0;
    for (const auto& node : nodes)
        n += node.ports.size();
    return n;
}

std::vector<std::string> Fabric::validate() const
{
    std::vector<std::string> problems;
    std::unordered_set<std::string> names;
    for (const auto& n : nodes) {
        if (n.name.empty())
            problems.push_back("a node has an empty name");
        if (!names.insert(n.name).second)
            problems.push_back(fmt::format("node name \"{}\" is used twice", n.name));
        std::unordered_set<std::string> portNames;
        for (const auto& p : n.ports)
            if (!portNames.insert(p.name).second)
                problems.push_back(fmt::format("port name \"{}\" is used twice on node \"{}\"", p.name, n.name));
    }
    std::set<Endpoint> used;
    for (std::size_t i = 0; i < links.size(); ++i) {
        const auto& l = links[i];
        for (const Endpoint* e : { &l.a, &l.b }) {
            if (!findNode(e->node))
                problems.push_back(fmt::format("link {} refers to unknown node \"{}\"", i, e->node));
            else if (!findPort(*e))
                problems.push_back(fmt::format("link {} refers to unknown port \"{}\" on node \"{}\"", i, e->port, e->node));
            if (!used.insert(*e).second)
                problems.push_back(fmt::format("port {}:{} is on more than one link", e->node, e->port));
        }
        if (l.length.value() < 0)
            problems.push_back(fmt::format("link {} has a negative length", i));
    }
    std::unordered_set<std::string> policyNames;
    for (const auto& p : policies)
        if (!policyNames.insert(p.name).second)
            problems.push_back(fmt::format("policy name \"{}\" is used twice", p.name));
    for (const auto& b : bindings)
        if (!findPolicy(b.policy))
            problems.push_back(fmt::format("role {} is bound to unknown policy \"{}\"", toString(b.role), b.policy));
    for (const auto& o : overrides)
        if (!findPolicy(o.policy))
            problems.push_back(fmt::format("port {}:{} overrides to unknown policy \"{}\"", o.port.node, o.port.port, o.policy));
    return problems;
}

bool Fabric::operator==(const Fabric& o) const
{
    return name == o.name && description == o.description && nodes == o.nodes && links == o.links
        && policies == o.policies && bindings == o.bindings && overrides == o.overrides && asics == o.asics;
}

namespace {
    template <class E, std::size_t N>
    std::optional<E> lookup(std::string_view s, const std::pair<E, const char*> (&table)[N])
    {
        for (const auto& [e, name] : table)
            if (s == name)
                return e;
        return std::nullopt;
    }
    template <class E, std::size_t N>
    const char* name(E e, const std::pair<E, const char*> (&table)[N])
    {
        for (const auto& [v, n] : table)
            if (v == e)
                return n;
        return "?";
    }
    const std::pair<Role, const char*> kRoles[] = {
        { Role::SuperSpine, "super-spine" }, { Role::Spine, "spine" }, { Role::Leaf, "leaf" }, { Role::Host, "host" }
    };
    const std::pair<Medium, const char*> kMedia[] = { { Medium::Dac, "dac" }, { Medium::Aoc, "aoc" }, { Medium::Fibre, "fibre" }, { Medium::Unknown, "unknown" } };
    const std::pair<LinkOrigin, const char*> kOrigins[] = { { LinkOrigin::Planned, "planned" }, { LinkOrigin::Discovered, "discovered" } };
    const std::pair<Fec, const char*> kFecs[] = { { Fec::None, "none" }, { Fec::FireCode, "fc" }, { Fec::Rs528, "rs" }, { Fec::Rs544, "rs544" }, { Fec::Unknown, "unknown" } };
} // namespace

const char* toString(Role r) { return name(r, kRoles); }
const char* toString(Medium m) { return name(m, kMedia); }
const char* toString(LinkOrigin o) { return name(o, kOrigins); }
const char* toString(Fec f) { return name(f, kFecs); }

std::optional<Role> roleFromString(std::string_view s)
{
    if (s == "tor")
        return Role::Leaf;
    if (s == "superspine")
        return Role::SuperSpine;
    return lookup(s, kRoles);
}
std::optional<Medium> mediumFromString(std::string_view s)
{
    if (s == "fiber")
        return Medium::Fibre;
    return lookup(s, kMedia);
}
std::optional<LinkOrigin> linkOriginFromString(std::string_view s) { return lookup(s, kOrigins); }
std::optional<Fec> fecFromString(std::string_view s) { return lookup(s, kFecs); }

} // namespace lfp
