// SPDX-License-Identifier: GPL-3.0-or-later
#include "fieldaccess.h"

#include "enumnames.h"
#include "policyfields.h"
#include "errors.h"
#include "fieldrules.h"
#include "textsafe.h"
#include "units.h"

#include <algorithm>
#include <charconv>
#include <fmt/format.h>
#include <stdexcept>

namespace lfp {
namespace {
    using K = ObjectRef::Kind;
    const FieldInfo kBaseFields[] = {
        // Renames (issue 30): links, overrides, bindings and breakout parents that name the object follow.
        { K::Node, "name", "a new node name, unused (links and overrides follow)" },
        { K::Port, "name", "a new port name, unused on its node (its link, override and breakout members follow)" },
        { K::Policy, "name", "a new policy name, unused (role bindings and port overrides follow)" },
        { K::Node, "role", "super-spine|spine|leaf|host" },
        { K::Node, "rack", "any text" },
        { K::Node, "vendor", "any text" },
        { K::Node, "model", "any text" },
        { K::Node, "asic", "an ASIC profile id (lfp asics), or empty" },
        // Per-switch buffer settings (buffersettings.h); an empty value removes the setting.
        { K::Node, "buffer.over_subscribe_ratio", "a number 0..1000 (0 = no shared headroom pool), or empty" },
        { K::Node, "buffer.lossless_mtu", "64..65535 bytes, or empty" },
        { K::Node, "buffer.small_packet_percentage", "0..100, or empty" },
        { K::Node, "buffer.sonic_release", "legacy|pr3235|head, or empty" },
        { K::Node, "buffer.max_headroom_size", "a size such as 163840 or 160KiB, or empty" },
        { K::Node, "buffer.dynamic_th", "-8..7, or empty" },
        { K::Node, "buffer.gearbox_delay", "a duration such as 400ns, or empty" },
        { K::Port, "speed", "a speed such as 100G, 400G, 800G, 25G" },
        { K::Port, "lanes", "1..16" }, // the text is made from kPortLanesRange in allFields()
        { K::Port, "mtu", "68..65535 bytes" }, // from kPortMtuRange
        { K::Port, "fec", "none|fc|rs|rs544" },
        { K::Port, "policy", "a policy name (the port's override), or empty to remove it" },
        { K::Link, "length", "a length such as 3m, 2.5m, 300m" },
        { K::Link, "medium", "dac|aoc|fibre" },
        { K::Link, "fibre", "smf|om3|om4|om5|unknown (the fibre type of a fibre link)" },
        { K::Role, "policy", "a policy name (the role's binding), or empty to remove it" },
    };

    /// The base fields and the policy fields (policyfields.h), built once.
    const std::vector<FieldInfo>& allFields()
    {
        static const std::vector<FieldInfo> all = [] {
            std::vector<FieldInfo> v(std::begin(kBaseFields), std::end(kBaseFields));
            // The ranges' texts from the one rule the readers use (fieldrules.h).
            static const std::string lanes = fmt::format("{}..{}", kPortLanesRange.lo, kPortLanesRange.hi);
            static const std::string mtu = fmt::format("{}..{} bytes", kPortMtuRange.lo, kPortMtuRange.hi);
            for (auto& f : v)
                if (f.kind == K::Port && std::string_view(f.name) == "lanes")
                    f.accepted = lanes.c_str();
                else if (f.kind == K::Port && std::string_view(f.name) == "mtu")
                    f.accepted = mtu.c_str();
            for (const auto& pf : policyFields())
                v.push_back({ K::Policy, pf.name, pf.accepted });
            return v;
        }();
        return all;
    }

    [[noreturn]] void badValue(const ObjectRef& o, const FieldInfo& f, std::string_view value, std::string_view why = {})
    {
        throw std::invalid_argument(fmt::format("{} {}: found \"{}\", expected {}{}{}", escapeTerminal(o.toString()), f.name,
            escapeTerminal(value.substr(0, 200)), f.accepted, why.empty() ? "" : ": ", why));
    }

    /// A whole number of the field's range: out of range, the readers' own message (fieldrules.h).
    int parseInt(const ObjectRef& o, const FieldInfo& f, std::string_view v, IntRange range)
    {
        std::string_view digits = v;
        if (digits.size() > 1 && (digits.back() == 'B' || digits.back() == 'b'))
            digits.remove_suffix(1);
        std::int64_t out = 0;
        auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
        if (ec != std::errc() || p != digits.data() + digits.size())
            badValue(o, f, v);
        if (!range.contains(out))
            throw std::invalid_argument(fmt::format("{} {}: {}", escapeTerminal(o.toString()), f.name, rangeMessage(out, range)));
        return static_cast<int>(out);
    }

    /// A text field: refused with the readers' message when they would refuse it (fieldrules.h).
    std::string checkedText(const ObjectRef& o, const FieldInfo& f, std::string_view v, TextKind kind = TextKind::Name)
    {
        if (auto m = textMessage(v, kind))
            throw std::invalid_argument(fmt::format("{} {}: {}", escapeTerminal(o.toString()), f.name, *m));
        return std::string(v);
    }

    const FieldInfo& requireField(const ObjectRef& o, std::string_view field)
    {
        const FieldInfo* f = findField(o.kind, field);
        if (!f) {
            std::string names;
            for (const auto& x : allFields())
                if (x.kind == o.kind)
                    names += std::string(names.empty() ? "" : ", ") + x.name;
            throw std::invalid_argument(fmt::format("{}: no field \"{}\" on a {}; expected one of: {}", o.toString(), field, toString(o.kind), names));
        }
        return *f;
    }

    Node& requireNode(Fabric& f, const ObjectRef& o)
    {
        Node* n = f.findNode(o.node);
        if (!n)
            throw std::invalid_argument(fmt::format("{}: no node named \"{}\"", o.toString(), o.node));
        return *n;
    }
    Port& requirePort(Fabric& f, const ObjectRef& o)
    {
        Node& n = requireNode(f, o);
        Port* p = n.findPort(o.port);
        if (!p)
            throw std::invalid_argument(fmt::format("{}: node \"{}\" has no port \"{}\"", o.toString(), o.node, o.port));
        return *p;
    }
    Link& requireLink(Fabric& f, const ObjectRef& o)
    {
        const Endpoint e = o.endpoint();
        auto it = std::find_if(f.links.begin(), f.links.end(), [&](const Link& l) { return l.a == e || l.b == e; });
        if (it == f.links.end())
            throw std::invalid_argument(fmt::format("{}: port {}:{} is on no link", o.toString(), o.node, o.port));
        return *it;
    }
    QosPolicy& requirePolicy(Fabric& f, const ObjectRef& o)
    {
        auto it = std::find_if(f.policies.begin(), f.policies.end(), [&](const QosPolicy& p) { return p.name == o.name; });
        if (it == f.policies.end())
            throw std::invalid_argument(fmt::format("{}: no policy named \"{}\"", o.toString(), o.name));
        return *it;
    }
} // namespace

std::span<const FieldInfo> editableFields() { return allFields(); }

const FieldInfo* findField(ObjectRef::Kind kind, std::string_view field)
{
    if (kind == K::Policy && field != "name") {
        // Indexed policy fields ("dscp.26") resolve to their one entry ("dscp.D").
        const PolicyFieldInfo* pf = findPolicyField(field);
        if (!pf)
            return nullptr;
        for (const auto& f : allFields())
            if (f.kind == K::Policy && f.name == pf->name)
                return &f;
        return nullptr;
    }
    for (const auto& f : allFields())
        if (f.kind == kind && field == f.name)
            return &f;
    return nullptr;
}

std::string getField(const Fabric& fabric, const ObjectRef& o, std::string_view field)
{
    const FieldInfo& fi = requireField(o, field);
    Fabric& f = const_cast<Fabric&>(fabric); // the require* helpers only look
    if (field == "name")
        return o.kind == K::Node ? requireNode(f, o).name : o.kind == K::Port ? requirePort(f, o).name : requirePolicy(f, o).name;
    switch (o.kind) {
    case K::Node: {
        const Node& n = requireNode(f, o);
        if (field == "role")
            return toString(n.role);
        if (field == "rack")
            return n.rack;
        if (field == "vendor")
            return n.vendor;
        if (field == "model")
            return n.model;
        if (isBufferSettingKey(field))
            return bufferSettingText(n.buffer, field).value_or(std::string());
        return n.asic;
    }
    case K::Port: {
        const Port& p = requirePort(f, o);
        if (field == "speed")
            return formatSpeed(p.speed);
        if (field == "lanes")
            return std::to_string(p.lanes);
        if (field == "mtu")
            return std::to_string(p.mtu);
        if (field == "fec")
            return toString(p.fec);
        for (const auto& ov : fabric.overrides)
            if (ov.port == o.endpoint())
                return ov.policy;
        return {};
    }
    case K::Link: {
        const Link& l = requireLink(f, o);
        if (field == "fibre")
            return toString(l.fibre);
        return field == "length" ? formatLength(l.length) : toString(l.medium);
    }
    case K::Role:
        for (const auto& b : fabric.bindings)
            if (b.role == o.role)
                return b.policy;
        return {};
    case K::Policy:
        if (auto v = getPolicyField(requirePolicy(f, o), field))
            return *v;
        break;
    }
    throw std::invalid_argument(fmt::format("{}: no field \"{}\"", o.toString(), fi.name));
}

namespace {

    [[noreturn]] void taken(const ObjectRef& o, const FieldInfo& fi, std::string_view value, const char* what)
    {
        badValue(o, fi, value, fmt::format("{} of that name exists already", what));
    }

    void renameNode(Fabric& f, const ObjectRef& o, const FieldInfo& fi, const std::string& to)
    {
        Node& n = requireNode(f, o);
        if (to == n.name)
            return;
        if (f.findNode(to))
            taken(o, fi, to, "a node");
        const std::string from = n.name;
        n.name = to;
        for (auto& l : f.links)
            for (Endpoint* e : { &l.a, &l.b })
                if (e->node == from)
                    e->node = to;
        for (auto& ov : f.overrides)
            if (ov.port.node == from)
                ov.port.node = to;
    }

    void renamePort(Fabric& f, const ObjectRef& o, const FieldInfo& fi, const std::string& to)
    {
        Node& n = requireNode(f, o);
        Port& p = requirePort(f, o);
        if (to == p.name)
            return;
        if (n.findPort(to))
            taken(o, fi, to, "a port of this node");
        const Endpoint from = o.endpoint();
        p.name = to;
        for (auto& q : n.ports)
            if (q.breakoutParent == from.port)
                q.breakoutParent = to;
        for (auto& l : f.links)
            for (Endpoint* e : { &l.a, &l.b })
                if (*e == from)
                    e->port = to;
        for (auto& ov : f.overrides)
            if (ov.port == from)
                ov.port.port = to;
    }

    void renamePolicy(Fabric& f, const ObjectRef& o, const FieldInfo& fi, const std::string& to)
    {
        QosPolicy& p = requirePolicy(f, o);
        if (to == p.name)
            return;
        if (f.findPolicy(to))
            taken(o, fi, to, "a policy");
        const std::string from = p.name;
        p.name = to;
        for (auto& b : f.bindings)
            if (b.policy == from)
                b.policy = to;
        for (auto& ov : f.overrides)
            if (ov.policy == from)
                ov.policy = to;
    }

    /// `name=NEW`: the name by the readers' rule for names (one printable line, not empty), unused
    /// among its kind; every reference to the object follows.
    void rename(Fabric& f, const ObjectRef& o, const FieldInfo& fi, std::string_view value)
    {
        const std::string to = checkedText(o, fi, value);
        if (to.empty())
            badValue(o, fi, value, "a name cannot be empty");
        if (o.kind == K::Node)
            renameNode(f, o, fi, to);
        else if (o.kind == K::Port)
            renamePort(f, o, fi, to);
        else
            renamePolicy(f, o, fi, to);
    }

    void requirePolicyOrEmpty(const Fabric& f, const ObjectRef& o, const FieldInfo& fi, std::string_view value)
    {
        if (!value.empty() && !f.findPolicy(value))
            badValue(o, fi, value, "no policy of that name");
    }

    void setNodeField(Fabric& f, const ObjectRef& o, const FieldInfo& fi, std::string_view field, std::string_view value)
    {
        Node& n = requireNode(f, o);
        if (field == "role") {
            const auto r = roleFromString(value);
            if (!r)
                badValue(o, fi, value);
            n.role = *r;
        } else if (field == "rack") {
            n.rack = checkedText(o, fi, value);
        } else if (field == "vendor") {
            n.vendor = checkedText(o, fi, value);
        } else if (field == "model") {
            n.model = checkedText(o, fi, value);
        } else if (isBufferSettingKey(field)) {
            if (value.empty()) {
                clearBufferSetting(n.buffer, field);
            } else {
                NodeBufferSettings b = n.buffer;
                if (auto expected = setBufferSetting(b, field, value); !expected.empty())
                    badValue(o, fi, value, expected);
                n.buffer = b;
            }
        } else {
            n.asic = checkedText(o, fi, value);
        }
    }

    void setPortOverride(Fabric& f, const ObjectRef& o, const FieldInfo& fi, std::string_view value)
    {
        requirePort(f, o);
        requirePolicyOrEmpty(f, o, fi, value);
        const Endpoint e = o.endpoint();
        auto it = std::find_if(f.overrides.begin(), f.overrides.end(), [&](const PortOverride& x) { return x.port == e; });
        if (value.empty()) {
            if (it != f.overrides.end())
                f.overrides.erase(it);
        } else if (it != f.overrides.end()) {
            it->policy = value;
        } else {
            f.overrides.push_back({ e, std::string(value) });
        }
    }

    void setPortField(Fabric& f, const ObjectRef& o, const FieldInfo& fi, std::string_view field, std::string_view value)
    {
        if (field == "policy")
            return setPortOverride(f, o, fi, value);
        Port& p = requirePort(f, o);
        if (field == "speed") {
            try {
                p.speed = parseSpeed(value); // the readers' parser and range (units.h)
            } catch (const UnitError& e) {
                badValue(o, fi, value, e.what());
            }
        } else if (field == "lanes") {
            p.lanes = parseInt(o, fi, value, kPortLanesRange);
        } else if (field == "mtu") {
            p.mtu = parseInt(o, fi, value, kPortMtuRange);
        } else {
            const auto x = fecFromString(value);
            if (!x)
                badValue(o, fi, value);
            p.fec = *x;
        }
    }

    void setLinkField(Fabric& f, const ObjectRef& o, const FieldInfo& fi, std::string_view field, std::string_view value)
    {
        Link& l = requireLink(f, o);
        if (field == "length") {
            try {
                l.length = parseLength(value); // the readers' parser and range (units.h)
            } catch (const UnitError& e) {
                badValue(o, fi, value, e.what());
            }
        } else if (field == "fibre") {
            const auto t = fibreTypeFromString(value);
            if (!t)
                badValue(o, fi, value);
            l.fibre = *t;
        } else {
            const auto m = mediumFromString(value);
            if (!m)
                badValue(o, fi, value);
            l.medium = *m;
        }
    }

    void setRoleBinding(Fabric& f, const ObjectRef& o, const FieldInfo& fi, std::string_view value)
    {
        requirePolicyOrEmpty(f, o, fi, value);
        auto it = std::find_if(f.bindings.begin(), f.bindings.end(), [&](const RoleBinding& b) { return b.role == o.role; });
        if (value.empty()) {
            if (it != f.bindings.end())
                f.bindings.erase(it);
        } else if (it != f.bindings.end()) {
            it->policy = value;
        } else {
            f.bindings.push_back({ o.role, std::string(value) });
        }
    }

} // namespace

void setField(Fabric& f, const ObjectRef& o, std::string_view field, std::string_view value)
{
    const FieldInfo& fi = requireField(o, field);
    if (field == "name")
        return rename(f, o, fi, value);
    switch (o.kind) {
    case K::Node:
        return setNodeField(f, o, fi, field, value);
    case K::Port:
        return setPortField(f, o, fi, field, value);
    case K::Link:
        return setLinkField(f, o, fi, field, value);
    case K::Role:
        return setRoleBinding(f, o, fi, value);
    case K::Policy: {
        QosPolicy& p = requirePolicy(f, o);
        if (auto why = setPolicyField(p, field, value); why.rfind("the string ", 0) == 0)
            throw std::invalid_argument(fmt::format("{} {}: {}", escapeTerminal(o.toString()), field, why)); // the readers' text message
        else if (!why.empty())
            badValue(o, fi, value, why == "not accepted" ? std::string_view() : std::string_view(why));
        return;
    }
    }
    throw std::invalid_argument(fmt::format("{}: no field \"{}\"", o.toString(), fi.name));
}

ObjectRef refAfterSet(const ObjectRef& o, std::string_view field, std::string_view value)
{
    if (field != "name")
        return o;
    ObjectRef r = o;
    (o.kind == K::Node ? r.node : o.kind == K::Policy ? r.name : r.port) = std::string(value);
    return r;
}

} // namespace lfp
