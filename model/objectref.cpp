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

ObjectRef ObjectRef::forLink(const Endpoint& a, const Endpoint& b)
{
    ObjectRef r = forLink(a);
    r.peerNode = b.node;
    r.peerPort = b.port;
    return r;
}

ObjectRef ObjectRef::forFabric()
{
    ObjectRef r;
    r.kind = Kind::Fabric;
    return r;
}

ObjectRef ObjectRef::forContractSet(std::string id)
{
    ObjectRef r;
    r.kind = Kind::ContractSet;
    r.name = std::move(id);
    return r;
}

ObjectRef ObjectRef::forHostPair(std::string source, std::string destination)
{
    ObjectRef r;
    r.kind = Kind::HostPair;
    r.node = std::move(source);
    r.peerNode = std::move(destination);
    return r;
}

ObjectRef ObjectRef::forText(std::string text)
{
    ObjectRef r;
    r.kind = Kind::Text;
    r.name = std::move(text);
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

namespace {

    /// The words that begin a prefixed form: a node so named, followed by ':', would read as that form.
    bool isPrefixWord(std::string_view s) { return s == "link" || s == "port" || s == "policy" || s == "role" || s == "node" || s == "set"; }

    constexpr std::string_view kLinkSeparator = " -- "; // deadlock analysis' link names (routing.cpp Topology::linkName)
    constexpr std::string_view kPairSeparator = " -> "; // a source and a destination

    /// `"…"` with `\` before every `"` and `\` inside.
    std::string quoted(std::string_view s)
    {
        std::string out = "\"";
        for (char c : s) {
            if (c == '"' || c == '\\')
                out += '\\';
            out += c;
        }
        return out + "\"";
    }

    /// A node name as it stands before ':' (or alone): quoted when it holds ':', starts with a quote or
    /// is empty, or (before ':') is a prefix word.
    std::string nodeText(std::string_view node, bool beforeColon)
    {
        // A node alone is also quoted when it reads as another form: "fabric", or one holding " -- " / " -> ".
        const bool other = !beforeColon
            && (node == "fabric" || node.find(kLinkSeparator) != std::string_view::npos || node.find(kPairSeparator) != std::string_view::npos);
        const bool quote = other || node.empty() || node.find(':') != std::string_view::npos || node.front() == '"' || (beforeColon && isPrefixWord(node));
        return quote ? quoted(node) : std::string(node);
    }

    /// The last segment (a port or policy name): taken whole, so quoted only when it starts with a quote
    /// or is empty.
    std::string tailText(std::string_view s) { return s.empty() || s.front() == '"' ? quoted(s) : std::string(s); }

    /// One segment of a reference from @p pos: quoted ("…", with \" and \\), or plain — up to the first
    /// ':' when @p toColon, else to the end. Returns the text and the position after it; nullopt (and
    /// @p why) when a quote does not end or an escape is not \" or \\.
    std::optional<std::pair<std::string, std::size_t>> segment(std::string_view t, std::size_t pos, bool toColon, std::string& why)
    {
        if (pos < t.size() && t[pos] == '"') {
            std::string out;
            for (std::size_t i = pos + 1; i < t.size(); ++i) {
                if (t[i] == '"')
                    return std::make_pair(out, i + 1);
                if (t[i] == '\\') {
                    if (i + 1 >= t.size() || (t[i + 1] != '"' && t[i + 1] != '\\')) {
                        why = "a quoted name takes only \\\" and \\\\ as escapes";
                        return std::nullopt;
                    }
                    ++i;
                }
                out += t[i];
            }
            why = "a quoted name has no closing '\"'";
            return std::nullopt;
        }
        const std::size_t end = toColon ? std::min(t.find(':', pos), t.size()) : t.size();
        return std::make_pair(std::string(t.substr(pos, end - pos)), end);
    }

} // namespace

std::string ObjectRef::toString() const
{
    switch (kind) {
    case Kind::Node:
        return nodeText(node, false);
    case Kind::Port:
        return nodeText(node, true) + ":" + tailText(port);
    case Kind::Link:
        if (!peerNode.empty())
            return nodeText(node, true) + ":" + tailText(port) + std::string(kLinkSeparator) + nodeText(peerNode, true) + ":" + tailText(peerPort);
        return "link:" + nodeText(node, true) + ":" + tailText(port);
    case Kind::Policy:
        return "policy:" + tailText(name);
    case Kind::Role:
        return std::string("role:") + lfp::toString(role);
    case Kind::Fabric:
        return "fabric";
    case Kind::ContractSet:
        return "set:" + tailText(name);
    case Kind::HostPair:
        return nodeText(node, false) + std::string(kPairSeparator) + nodeText(peerNode, false);
    case Kind::Text:
        return name;
    }
    return {};
}

ObjectRef ObjectRef::fromText(std::string_view text)
{
    if (text == "fabric")
        return forFabric();
    if (text.substr(0, 4) == "set:" && text.size() > 4)
        return forContractSet(std::string(text.substr(4)));
    // Two-part forms: a link by both ends, a host pair. Each part in its own form (quoted where needed).
    for (const auto sep : { kLinkSeparator, kPairSeparator }) {
        const auto at = text.find(sep);
        if (at == std::string_view::npos)
            continue;
        const auto a = parse(text.substr(0, at));
        const auto b = parse(text.substr(at + sep.size()));
        if (sep == kLinkSeparator && a && b && a->kind == Kind::Port && b->kind == Kind::Port)
            return forLink(a->endpoint(), b->endpoint());
        if (sep == kPairSeparator && a && b && a->kind == Kind::Node && b->kind == Kind::Node)
            return forHostPair(a->node, b->node);
    }
    if (auto r = parse(text))
        return *r;
    return forText(std::string(text));
}

bool operator<(const ObjectRef& a, const ObjectRef& b) { return a.toString() < b.toString(); }

std::vector<ObjectRef> nodeRefs(const std::vector<std::string>& names)
{
    std::vector<ObjectRef> out;
    out.reserve(names.size());
    for (const auto& n : names)
        out.push_back(ObjectRef::forNode(n));
    return out;
}

std::vector<std::string> toStrings(const std::vector<ObjectRef>& refs)
{
    std::vector<std::string> out;
    out.reserve(refs.size());
    for (const auto& r : refs)
        out.push_back(r.toString());
    return out;
}

std::optional<ObjectRef> ObjectRef::parse(std::string_view text, std::string* why)
{
    std::string reason;
    auto fail = [&](std::string r) -> std::optional<ObjectRef> {
        if (why)
            *why = std::move(r);
        return std::nullopt;
    };
    // NODE:PORT from @p at; the node may be quoted ("MF0;sw:MQM8700/U1":1), the port is the rest.
    auto endpointOf = [&](std::size_t at, Kind kind) -> std::optional<ObjectRef> {
        const auto n = segment(text, at, true, reason);
        if (!n)
            return fail(reason);
        if (n->first.empty() || n->second >= text.size() || text[n->second] != ':' || n->second + 1 == text.size())
            return fail("expected NODE:PORT, as in leaf1:Ethernet0 (a node name with ':' in quotes: \"MF0;sw:MQM8700/U1\":1)");
        const auto p = segment(text, n->second + 1, false, reason);
        if (!p)
            return fail(reason);
        if (p->second != text.size() || p->first.empty())
            return fail("expected NODE:PORT; found text after the quoted port name");
        ObjectRef r = forPort({ n->first, p->first });
        r.kind = kind;
        return r;
    };
    // A whole name from @p at (quoted or not): a node alone, or a policy.
    auto wholeName = [&](std::size_t at, bool node) -> std::optional<std::string> {
        const auto n = segment(text, at, false, reason);
        if (!n) {
            fail(reason);
            return std::nullopt;
        }
        if (n->first.empty() || n->second != text.size()) {
            fail(node ? "expected node:NAME (in quotes when it has ':', as in node:\"MF0;sw:MQM8700/U1\")" : "expected policy:NAME");
            return std::nullopt;
        }
        return n->first;
    };
    if (text.empty())
        return fail("the reference is empty");
    auto starts = [&](std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; };
    if (starts("link:"))
        return endpointOf(5, Kind::Link);
    if (starts("port:"))
        return endpointOf(5, Kind::Port);
    if (starts("policy:")) {
        auto n = wholeName(7, false);
        return n ? std::optional<ObjectRef>(forPolicy(std::move(*n))) : std::nullopt;
    }
    if (starts("role:")) {
        const auto role = roleFromString(text.substr(5));
        if (!role)
            return fail("expected role:" + enumNameList<Role>());
        return forRole(*role);
    }
    if (starts("node:")) {
        if (text.size() > 5 && text[5] != '"' && text.find(':', 5) != std::string_view::npos)
            return fail("expected node:NAME; a node name with ':' goes in quotes, as in node:\"MF0;sw:MQM8700/U1\"");
        auto n = wholeName(5, true);
        return n ? std::optional<ObjectRef>(forNode(std::move(*n))) : std::nullopt;
    }
    if (text.front() == '"') {
        const auto n = segment(text, 0, true, reason);
        if (!n)
            return fail(reason);
        if (n->second == text.size())
            return n->first.empty() ? fail("the node name is empty") : std::optional<ObjectRef>(forNode(n->first));
        return endpointOf(0, Kind::Port);
    }
    if (text.find(':') != std::string_view::npos)
        return endpointOf(0, Kind::Port);
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
    case ObjectRef::Kind::Fabric:
        return "fabric";
    case ObjectRef::Kind::ContractSet:
        return "set";
    case ObjectRef::Kind::HostPair:
        return "host pair";
    case ObjectRef::Kind::Text:
        return "text";
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
    case ObjectRef::Kind::Fabric:
        return true;
    case ObjectRef::Kind::ContractSet:
    case ObjectRef::Kind::HostPair:
    case ObjectRef::Kind::Text:
        return false;
    }
    return false;
}

std::optional<ObjectRef> resolveObjectText(std::string_view text, const FabricIndex& index)
{
    if (index.node(text))
        return ObjectRef::forNode(std::string(text));
    auto ref = ObjectRef::parse(text);
    if (ref && resolves(*ref, index))
        return ref;
    std::string_view body = text;
    ObjectRef::Kind kind = ObjectRef::Kind::Port;
    if (body.substr(0, 5) == "link:" || body.substr(0, 5) == "port:") {
        kind = body[0] == 'l' ? ObjectRef::Kind::Link : ObjectRef::Kind::Port;
        body.remove_prefix(5);
    }
    if (body.empty() || body.front() == '"')
        return ref;
    for (auto colon = body.find(':'); colon != std::string_view::npos; colon = body.find(':', colon + 1)) {
        ObjectRef r = ObjectRef::forPort({ std::string(body.substr(0, colon)), std::string(body.substr(colon + 1)) });
        r.kind = kind;
        if (resolves(r, index))
            return r;
    }
    return ref;
}

} // namespace lfp
