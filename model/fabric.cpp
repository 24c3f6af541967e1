// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric.h"

#include "enumnames.h"
#include "fabricindex.h"

#include <algorithm>
#include <fmt/format.h>
#include <set>
#include <unordered_map>
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

const Node* Fabric::findNode(std::string_view wanted) const
{
    for (const auto& n : nodes)
        if (n.name == wanted)
            return &n;
    return nullptr;
}

Node* Fabric::findNode(std::string_view wanted)
{
    // Found through the const view (no chunk copied while searching), then taken for writing: the
    // node's chunk becomes this fabric's own (nodes is copy-on-write, cowvector.h).
    const Node* n = std::as_const(*this).findNode(wanted);
    return n ? &nodes[*nodes.indexOf(n)] : nullptr;
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

std::vector<StructureProblem> Fabric::structureProblems(std::size_t limit) const
{
    std::vector<StructureProblem> out;
    auto add = [&](std::string pointer, std::string message) {
        if (out.size() < limit)
            out.push_back({ std::move(pointer), std::move(message) });
    };
    auto full = [&] { return out.size() >= limit; };
    // The index resolves every name once and records the duplicates it meets (the first of a name
    // wins); the checks below read what it found instead of resolving names again.
    const FabricIndex idx(*this);
    const auto& dupNodes = idx.duplicateNodes();
    const auto& dupPorts = idx.duplicatePorts();
    auto dn = dupNodes.begin();
    auto dp = dupPorts.begin();
    for (std::size_t i = 0; i < nodes.size() && !full(); ++i) {
        const Node& n = nodes[i];
        if (n.name.empty())
            add(fmt::format("/nodes/{}/name", i), "found an empty name, expected a node name");
        if (dn != dupNodes.end() && dn->first == i) {
            add(fmt::format("/nodes/{}/name", i), fmt::format("found \"{}\" again (also /nodes/{}), expected a node name used once", n.name, dn->second));
            ++dn;
        }
        for (; dp != dupPorts.end() && idx.nodeOf(dp->first) == i; ++dp) {
            const std::size_t k = idx.portIndexInNode(dp->first);
            add(fmt::format("/nodes/{}/ports/{}/name", i, k),
                fmt::format("found \"{}\" again (also port {}), expected a port name used once on node \"{}\"", n.ports[k].name,
                    idx.portIndexInNode(dp->second), n.name));
        }
    }
    std::vector<std::uint32_t> usedBy(idx.portCount(), kNoId);
    for (std::size_t i = 0; i < links.size() && !full(); ++i) {
        const Link& l = links[i];
        int side = 0;
        for (auto [e, sideName] : { std::pair { &l.a, "a" }, std::pair { &l.b, "b" } }) {
            const auto p = idx.linkEnd(static_cast<LinkId>(i), side++);
            if (!p) {
                if (!idx.node(e->node))
                    add(fmt::format("/links/{}/{}/node", i, sideName), fmt::format("found \"{}\", expected the name of a node in /nodes", e->node));
                else
                    add(fmt::format("/links/{}/{}/port", i, sideName), fmt::format("found \"{}\", expected a port of node \"{}\"", e->port, e->node));
                continue;
            }
            if (e == &l.b && l.a == l.b)
                continue;
            if (usedBy[*p] != kNoId)
                add(fmt::format("/links/{}/{}", i, sideName), fmt::format("found port {}:{} again (also on /links/{}), expected a port on one link", e->node, e->port, usedBy[*p]));
            else
                usedBy[*p] = static_cast<std::uint32_t>(i);
        }
        if (l.a == l.b)
            add(fmt::format("/links/{}", i), fmt::format("found a link from port {}:{} to itself, expected two different ports", l.a.node, l.a.port));
        else if (l.a.node == l.b.node)
            add(fmt::format("/links/{}", i), fmt::format("found a link from node \"{}\" to itself ({} -- {}), expected ports of two nodes", l.a.node, l.a.port, l.b.port));
        if (l.length.value() < 0)
            add(fmt::format("/links/{}/length", i), "found a negative length, expected 0 m or more");
    }
    std::unordered_map<std::string_view, std::size_t> policyNames;
    for (std::size_t i = 0; i < policies.size(); ++i)
        if (auto [it, fresh] = policyNames.emplace(policies[i].name, i); !fresh)
            add(fmt::format("/policies/{}/name", i), fmt::format("found \"{}\" again (also /policies/{}), expected a policy name used once", policies[i].name, it->second));
    std::map<Role, std::size_t> boundRoles;
    for (std::size_t i = 0; i < bindings.size(); ++i) {
        const auto& b = bindings[i];
        if (!policyNames.count(b.policy))
            add(fmt::format("/bindings/{}/policy", i), fmt::format("found \"{}\", expected the name of a policy in /policies", b.policy));
        if (auto [it, fresh] = boundRoles.emplace(b.role, i); !fresh)
            add(fmt::format("/bindings/{}/role", i),
                fmt::format("found role {} again (also /bindings/{}), expected one binding per role: a role has one policy", toString(b.role), it->second));
    }
    std::map<Endpoint, std::size_t> overridden;
    for (std::size_t i = 0; i < overrides.size(); ++i) {
        const auto& o = overrides[i];
        if (!policyNames.count(o.policy))
            add(fmt::format("/overrides/{}/policy", i), fmt::format("found \"{}\", expected the name of a policy in /policies", o.policy));
        if (auto [it, fresh] = overridden.emplace(o.port, i); !fresh)
            add(fmt::format("/overrides/{}/port", i),
                fmt::format("found port {}:{} again (also /overrides/{}), expected one override per port", o.port.node, o.port.port, it->second));
    }
    return out;
}

std::vector<std::string> Fabric::validate() const
{
    std::vector<std::string> out;
    for (const auto& p : structureProblems())
        out.push_back(p.pointer + ": " + p.message);
    return out;
}

Fabric fabricHead(const Fabric& f)
{
    Fabric head;
    head.name = f.name;
    head.description = f.description;
    head.asics = f.asics;
    head.policies = f.policies;
    head.ibQos = f.ibQos;
    head.bindings = f.bindings;
    head.overrides = f.overrides;
    return head;
}

const char* toString(Role r) { return enumName(r); }
const char* toString(Medium m) { return enumName(m); }
const char* toString(LinkOrigin o) { return enumName(o); }
const char* toString(FibreType t) { return enumName(t); }
std::optional<FibreType> fibreTypeFromString(std::string_view s) { return enumFromName<FibreType>(s); }
const char* toString(Fec f) { return enumName(f); }
std::optional<Role> roleFromString(std::string_view s) { return enumFromName<Role>(s); }
std::optional<Medium> mediumFromString(std::string_view s) { return enumFromName<Medium>(s); }
std::optional<LinkOrigin> linkOriginFromString(std::string_view s) { return enumFromName<LinkOrigin>(s); }
std::optional<Fec> fecFromString(std::string_view s) { return enumFromName<Fec>(s); }

} // namespace lfp
