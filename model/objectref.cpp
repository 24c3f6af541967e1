// SPDX-License-Identifier: GPL-3.0-or-later
#include "objectref.h"

#include "enumnames.h"
#include "fabricindex.h"

namespace lfp {

ObjectRef ObjectRef::forNode(std::string node)
{
    ObjectRef r;
    r.kind = Kind::Node;
    r.node = std::move(node);
    return r;
}

ObjectRef ObjectRef::forPort(const Endpoint& e)
{
    ObjectRef r;
    r.kind = Kind::Port;
    r.node = e.node;
    r.port = e.port;
    return r;
}

ObjectRef ObjectRef::forLink(const Endpoint& e)
{
    ObjectRef r = forPort(e);
    r.kind = Kind::Link;
    return r;
}

ObjectRef ObjectRef::forPolicy(std::string name)
{
    ObjectRef r;
    r.kind = Kind::Policy;
    r.name = std::move(name);
    return r;
}

ObjectRef ObjectRef::forRole(Role role)
{
    ObjectRef r;
    r.kind = Kind::Role;
    r.role = role;
    return r;
}

std::string ObjectRef::toString() const
{
    switch (kind) {
    case Kind::Node:
        return node;
    case Kind::Port:
        return node + ":" + port;
    case Kind::Link:
        return "link:" + node + ":" + port;
    case Kind::Policy:
        return "policy:" + name;
    case Kind::Role:
        return std::string("role:") + lfp::toString(role);
    }
    return {};
}

std::optional<ObjectRef> ObjectRef::parse(std::string_view text, std::string* why)
{
    auto fail = [&](std::string reason) -> std::optional<ObjectRef> {
        if (why)
            *why = std::move(reason);
        return std::nullopt;
    };
    auto endpointOf = [&](std::string_view rest, Kind kind) -> std::optional<ObjectRef> {
        const auto colon = rest.find(':');
        if (colon == std::string_view::npos || colon == 0 || colon + 1 == rest.size())
            return fail("expected NODE:PORT, as in leaf1:Ethernet0");
        ObjectRef r = forPort({ std::string(rest.substr(0, colon)), std::string(rest.substr(colon + 1)) });
        r.kind = kind;
        return r;
    };
    if (text.empty())
        return fail("the reference is empty");
    auto strip = [&](std::string_view prefix, std::string_view& rest) {
        if (text.substr(0, prefix.size()) != prefix)
            return false;
        rest = text.substr(prefix.size());
        return true;
    };
    std::string_view rest;
    if (strip("link:", rest))
        return endpointOf(rest, Kind::Link);
    if (strip("port:", rest))
        return endpointOf(rest, Kind::Port);
    if (strip("policy:", rest)) {
        if (rest.empty())
            return fail("expected policy:NAME");
        return forPolicy(std::string(rest));
    }
    if (strip("role:", rest)) {
        const auto role = roleFromString(rest);
        if (!role)
            return fail("expected role:" + enumNameList<Role>());
        return forRole(*role);
    }
    if (strip("node:", rest)) {
        if (rest.empty() || rest.find(':') != std::string_view::npos)
            return fail("expected node:NAME (a node name has no ':')");
        return forNode(std::string(rest));
    }
    if (text.find(':') != std::string_view::npos)
        return endpointOf(text, Kind::Port);
    return forNode(std::string(text));
}

const char* toString(ObjectRef::Kind k)
{
    switch (k) {
    case ObjectRef::Kind::Node:
        return "node";
    case ObjectRef::Kind::Port:
        return "port";
    case ObjectRef::Kind::Link:
        return "link";
    case ObjectRef::Kind::Policy:
        return "policy";
    case ObjectRef::Kind::Role:
        return "role";
    }
    return "?";
}

bool resolves(const ObjectRef& ref, const FabricIndex& index)
{
    switch (ref.kind) {
    case ObjectRef::Kind::Node:
        return index.node(ref.node).has_value();
    case ObjectRef::Kind::Port:
        return index.port(ref.endpoint()).has_value();
    case ObjectRef::Kind::Link:
        return index.linkAt(ref.endpoint()).has_value();
    case ObjectRef::Kind::Policy:
        return index.findPolicy(ref.name) != nullptr;
    case ObjectRef::Kind::Role:
        return true;
    }
    return false;
}

} // namespace lfp
