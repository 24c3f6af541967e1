// SPDX-License-Identifier: GPL-3.0-or-later
#include "structureedit.h"

#include "fieldrules.h"

#include "textsafe.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <stdexcept>

namespace lfp {
namespace {
    std::string nameProblem(const std::string& what, const std::string& name)
    {
        if (name.empty())
            return fmt::format("a {} needs a name", what);
        if (auto m = textMessage(name, TextKind::Name)) // the readers' rule and words (fieldrules.h)
            return fmt::format("{} name: {}", what, *m);
        return {};
    }

    bool onLink(const Fabric& f, const Endpoint& e)
    {
        return std::any_of(f.links.begin(), f.links.end(), [&](const Link& l) { return l.a == e || l.b == e; });
    }

    std::string text(const Endpoint& e) { return e.node + ":" + e.port; }
} // namespace

std::string newNodeNameProblem(const Fabric& fabric, const std::string& name)
{
    if (auto p = nameProblem("node", name); !p.empty())
        return p;
    // A ':' is allowed, as the readers allow it (InfiniBand node descriptions such as
    // "MF0;sw:MQM8700/U1"): objectref.h's quoted form addresses such a node.
    if (fabric.findNode(name))
        return fmt::format("a node named \"{}\" exists already", name);
    return {};
}

std::string newPortNameProblem(const Fabric& fabric, const std::string& node, const std::string& port)
{
    const Node* n = fabric.findNode(node);
    if (!n)
        return fmt::format("no node named \"{}\"", node);
    if (auto p = nameProblem("port", port); !p.empty())
        return p;
    if (n->findPort(port))
        return fmt::format("{} has a port named \"{}\" already", node, port);
    return {};
}

std::string newLinkProblem(const Fabric& fabric, const Endpoint& a, const Endpoint& b)
{
    for (const Endpoint* e : { &a, &b }) {
        if (!fabric.findNode(e->node))
            return fmt::format("no node named \"{}\"", e->node);
        if (!fabric.findPort(*e))
            return fmt::format("{} has no port \"{}\"", e->node, e->port);
        if (onLink(fabric, *e))
            return fmt::format("{} is on a link already", text(*e));
    }
    if (a.node == b.node)
        return fmt::format("both ends are on {}: a link joins two nodes", a.node);
    return {};
}

void addNode(Fabric& fabric, Node node)
{
    if (auto p = newNodeNameProblem(fabric, node.name); !p.empty())
        throw std::invalid_argument(p);
    std::set<std::string, std::less<>> names;
    for (const Port& p : node.ports) {
        if (auto why = nameProblem("port", p.name); !why.empty())
            throw std::invalid_argument(fmt::format("{}: {}", node.name, why));
        if (!names.insert(p.name).second)
            throw std::invalid_argument(fmt::format("{}: two ports named \"{}\"", node.name, p.name));
    }
    fabric.nodes.push_back(std::move(node));
}

void addPort(Fabric& fabric, const std::string& node, Port port)
{
    if (auto p = newPortNameProblem(fabric, node, port.name); !p.empty())
        throw std::invalid_argument(p);
    fabric.findNode(node)->ports.push_back(std::move(port));
}

void addLink(Fabric& fabric, Link link)
{
    if (auto p = newLinkProblem(fabric, link.a, link.b); !p.empty())
        throw std::invalid_argument(p);
    fabric.links.push_back(std::move(link));
}

std::vector<Port> numberedPorts(int count, const std::string& prefix, int first, int step, BitsPerSecond speed, int lanes)
{
    if (count < 0 || count > 4096)
        throw std::invalid_argument(fmt::format("port count {}: expected 0..4096", count));
    std::vector<Port> out;
    out.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        Port p;
        p.name = prefix + std::to_string(first + i * step);
        p.speed = speed;
        p.lanes = lanes;
        out.push_back(std::move(p));
    }
    return out;
}

std::vector<std::string> removeObjects(Fabric& fabric, const std::vector<ObjectRef>& objects)
{
    // Resolve everything first: nothing changes when one object is wrong.
    std::set<std::string, std::less<>> nodes;
    std::set<Endpoint> ports;
    std::set<Endpoint> linkEnds; // one end of each link to remove
    for (const ObjectRef& o : objects) {
        switch (o.kind) {
        case ObjectRef::Kind::Node:
            if (!fabric.findNode(o.node))
                throw std::invalid_argument(fmt::format("{}: no node named \"{}\"", o.toString(), o.node));
            nodes.insert(o.node);
            break;
        case ObjectRef::Kind::Port:
            if (!fabric.findPort(o.endpoint()))
                throw std::invalid_argument(fmt::format("{}: no such port", o.toString()));
            ports.insert(o.endpoint());
            break;
        case ObjectRef::Kind::Link:
            if (!onLink(fabric, o.endpoint()))
                throw std::invalid_argument(fmt::format("{}: no link at {}", o.toString(), text(o.endpoint())));
            linkEnds.insert(o.endpoint());
            break;
        default:
            throw std::invalid_argument(fmt::format("{}: only nodes, ports and links can be removed", o.toString()));
        }
    }
    auto portGoes = [&](const Endpoint& e) { return nodes.count(e.node) > 0 || ports.count(e) > 0; };

    std::vector<std::string> removed;
    // Nodes and ports first (in fabric order), then what hung on them.
    std::vector<Node> keptNodes;
    keptNodes.reserve(fabric.nodes.size());
    for (Node& n : fabric.nodes) {
        if (nodes.count(n.name)) {
            removed.push_back(fmt::format("node {} ({} port{})", n.name, n.ports.size(), n.ports.size() == 1 ? "" : "s"));
            continue;
        }
        if (!ports.empty()) {
            std::erase_if(n.ports, [&](const Port& p) {
                if (!ports.count(Endpoint { n.name, p.name }))
                    return false;
                removed.push_back(fmt::format("port {}:{}", n.name, p.name));
                return true;
            });
        }
        keptNodes.push_back(std::move(n));
    }
    fabric.nodes = std::move(keptNodes);
    erase_if(fabric.links, [&](const Link& l) {
        if (!portGoes(l.a) && !portGoes(l.b) && !linkEnds.count(l.a) && !linkEnds.count(l.b))
            return false;
        removed.push_back(fmt::format("link {} – {}", text(l.a), text(l.b)));
        return true;
    });
    std::erase_if(fabric.overrides, [&](const PortOverride& o) {
        if (!portGoes(o.port))
            return false;
        removed.push_back(fmt::format("override {} (policy {})", text(o.port), o.policy));
        return true;
    });
    return removed;
}

} // namespace lfp
