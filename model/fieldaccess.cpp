// SPDX-License-Identifier: GPL-3.0-or-later
#include "fieldaccess.h"

#include "buffersettings.h"
#include "enumnames.h"
#include "errors.h"
#include "fieldrules.h"
#include "policyfields.h"
#include "textsafe.h"
#include "units.h"

#include <algorithm>
#include <charconv>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <stdexcept>

namespace lfp {
namespace {
    using K = ObjectRef::Kind;
    using V = FieldDescriptor::Value;

    FieldParse refused(std::string error) { return { {}, std::move(error) }; }

    /// "found \"fast\", expected a speed such as 100G…: why": the edit path's message for a value not of the field's form.
    std::string notAccepted(const FieldDescriptor& fd, std::string_view value, std::string_view why = {})
    {
        return fmt::format("found \"{}\", expected {}{}{}", escapeTerminal(value.substr(0, 200)), fd.accepted, why.empty() ? "" : ": ", why);
    }

    /// The reason, prefixed by the object and the field ("leaf1:Ethernet0 mtu: found 64, …").
    [[noreturn]] void refuse(const ObjectRef& o, std::string_view field, const std::string& error)
    {
        throw std::invalid_argument(fmt::format("{} {}: {}", escapeTerminal(o.toString()), field, error));
    }

    [[noreturn]] void badValue(const ObjectRef& o, const FieldDescriptor& fd, std::string_view value, std::string_view why = {})
    {
        refuse(o, fd.name, notAccepted(fd, value, why));
    }

    // The look-ups search through a const view, so that finding an object never writes: the fabric's
    // nodes and links are copy-on-write (cowvector.h) and a snapshot may be shared with other threads.
    // Only the writing overloads then take the one element for writing (which copies its chunk once).
    std::size_t nodeIndex(const Fabric& f, const ObjectRef& o)
    {
        const Node* n = f.findNode(o.node);
        if (!n)
            throw std::invalid_argument(fmt::format("{}: no node named \"{}\"", o.toString(), o.node));
        return *f.nodes.indexOf(n);
    }
    const Node& requireNode(const Fabric& f, const ObjectRef& o) { return f.nodes[nodeIndex(f, o)]; }
    Node& requireNode(Fabric& f, const ObjectRef& o) { return f.nodes[nodeIndex(std::as_const(f), o)]; }
    template <class F>
    auto& requirePort(F& f, const ObjectRef& o)
    {
        auto& n = requireNode(f, o);
        auto* p = n.findPort(o.port);
        if (!p)
            throw std::invalid_argument(fmt::format("{}: node \"{}\" has no port \"{}\"", o.toString(), o.node, o.port));
        return *p;
    }
    std::size_t linkIndex(const Fabric& f, const ObjectRef& o)
    {
        const Endpoint e = o.endpoint();
        auto it = std::find_if(f.links.begin(), f.links.end(), [&](const Link& l) { return l.a == e || l.b == e; });
        if (it == f.links.end())
            throw std::invalid_argument(fmt::format("{}: port {}:{} is on no link", o.toString(), o.node, o.port));
        return it.index();
    }
    template <class F>
    auto& requireLink(F& f, const ObjectRef& o)
    {
        return f.links[linkIndex(std::as_const(f), o)];
    }
    template <class F>
    auto& requirePolicy(F& f, const ObjectRef& o)
    {
        auto it = std::find_if(f.policies.begin(), f.policies.end(), [&](const QosPolicy& p) { return p.name == o.name; });
        if (it == f.policies.end())
            throw std::invalid_argument(fmt::format("{}: no policy named \"{}\"", o.toString(), o.name));
        return *it;
    }
    /// The object a typed field lives in, found for reading (const Fabric) or writing (Fabric).
    struct NodeAt {
        template <class F>
        auto& operator()(F& f, const ObjectRef& o) const { return requireNode(f, o); }
    };
    struct PortAt {
        template <class F>
        auto& operator()(F& f, const ObjectRef& o) const { return requirePort(f, o); }
    };
    struct LinkAt {
        template <class F>
        auto& operator()(F& f, const ObjectRef& o) const { return requireLink(f, o); }
    };

    // ---- typed fields: parse → T, T → text, and the member of the object that holds it

    template <class T>
    using Parser = std::function<std::optional<T>(const FieldDescriptor&, std::string_view, std::string& error)>;

    /// A whole number of the field's range: out of range, the readers' own message (fieldrules.h).
    std::optional<int> wholeNumber(const FieldDescriptor& fd, std::string_view v, std::string& error)
    {
        std::string_view digits = v;
        if (digits.size() > 1 && (digits.back() == 'B' || digits.back() == 'b'))
            digits.remove_suffix(1);
        std::int64_t out = 0;
        auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
        if (ec != std::errc() || p != digits.data() + digits.size() || digits.empty()) {
            error = notAccepted(fd, v);
            return std::nullopt;
        }
        if (!fd.range->contains(out)) {
            error = rangeMessage(out, *fd.range);
            return std::nullopt;
        }
        return static_cast<int>(out);
    }

    /// A name of the enumeration (enumnames.h: the readers' names and aliases).
    template <class E>
    std::optional<E> choice(const FieldDescriptor& fd, std::string_view v, std::string& error)
    {
        auto e = enumFromName<E>(v);
        if (!e)
            error = notAccepted(fd, v);
        return e;
    }

    /// A quantity by the readers' parser and range (units.h).
    template <class Q, Q (*Parse)(std::string_view)>
    std::optional<Q> quantity(const FieldDescriptor& fd, std::string_view v, std::string& error)
    {
        try {
            return Parse(v);
        } catch (const UnitError& e) {
            error = notAccepted(fd, v, e.what());
            return std::nullopt;
        }
    }

    /// A text field: refused with the readers' message when they would refuse it (fieldrules.h).
    std::optional<std::string> text(const FieldDescriptor&, std::string_view v, std::string& error)
    {
        if (auto m = textMessage(v, TextKind::Name)) {
            error = *m;
            return std::nullopt;
        }
        return std::string(v);
    }

    /// Binds parse, get and set of a field held in member @p member of the object @p locate finds.
    template <class T, class Target, class Locate>
    void bindTyped(FieldDescriptor& fd, Parser<T> parse, std::function<std::string(const T&)> format, Locate locate, T Target::*member)
    {
        fd.parse = [parse, format, &fd](std::string_view v) {
            std::string error;
            const auto x = parse(fd, v, error);
            return x ? FieldParse { format(*x), {} } : refused(error);
        };
        fd.get = [format, locate, member](const Fabric& f, const ObjectRef& o, std::string_view) {
            return format(locate(f, o).*member);
        };
        fd.set = [parse, locate, member, &fd](Fabric& f, const ObjectRef& o, std::string_view field, std::string_view v) {
            Target& t = locate(f, o);
            std::string error;
            const auto x = parse(fd, v, error);
            if (!x)
                refuse(o, field, error);
            t.*member = *x;
        };
    }

    template <class E>
    std::vector<std::string> enumChoices()
    {
        std::vector<std::string> out;
        for (const auto& x : EnumNames<E>::entries)
            out.push_back(x.name);
        return out;
    }

    template <class E>
    std::string enumText(const E& e) { return enumName(e); }
    std::string intText(const int& v) { return std::to_string(v); }
    std::string plainText(const std::string& v) { return v; }
    std::string speedText(const BitsPerSecond& v) { return formatSpeed(v); }
    std::string lengthText(const Metres& v) { return formatLength(v); }

    [[noreturn]] void taken(const ObjectRef& o, const FieldDescriptor& fi, std::string_view value, const char* what)
    {
        badValue(o, fi, value, fmt::format("{} of that name exists already", what));
    }

    void renameNode(Fabric& f, const ObjectRef& o, const FieldDescriptor& fi, const std::string& to)
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

    void renamePort(Fabric& f, const ObjectRef& o, const FieldDescriptor& fi, const std::string& to)
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

    void renamePolicy(Fabric& f, const ObjectRef& o, const FieldDescriptor& fi, const std::string& to)
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
    void rename(Fabric& f, const ObjectRef& o, const FieldDescriptor& fi, std::string_view value)
    {
        std::string error;
        const auto to = text(fi, value, error);
        if (!to)
            refuse(o, fi.name, error);
        if (to->empty())
            badValue(o, fi, value, "a name cannot be empty");
        if (o.kind == K::Node)
            renameNode(f, o, fi, *to);
        else if (o.kind == K::Port)
            renamePort(f, o, fi, *to);
        else
            renamePolicy(f, o, fi, *to);
    }

    void requirePolicyOrEmpty(const Fabric& f, const ObjectRef& o, const FieldDescriptor& fi, std::string_view value)
    {
        if (!value.empty() && !f.findPolicy(value))
            badValue(o, fi, value, "no policy of that name");
    }

    void setPortOverride(Fabric& f, const ObjectRef& o, const FieldDescriptor& fi, std::string_view value)
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

    void setRoleBinding(Fabric& f, const ObjectRef& o, const FieldDescriptor& fi, std::string_view value)
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

    // ---- the descriptors

    FieldDescriptor meta(K kind, const char* name, V value, std::string accepted)
    {
        FieldDescriptor fd;
        fd.kind = kind;
        fd.name = name;
        fd.value = value;
        fd.accepted = std::move(accepted);
        return fd;
    }

    template <class E>
    FieldDescriptor choiceMeta(K kind, const char* name, const char* note = "")
    {
        FieldDescriptor fd = meta(kind, name, V::Choice, enumNameList<E>() + note);
        fd.choices = enumChoices<E>();
        return fd;
    }

    /// A field whose text goes through a text-level setter (the buffer settings, the renames, the
    /// bindings, the policy fields): parse tries the value on a scratch object of the kind.
    void bindText(FieldDescriptor& fd, std::function<std::string(const Fabric&, const ObjectRef&, std::string_view)> get,
        std::function<void(Fabric&, const ObjectRef&, const FieldDescriptor&, std::string_view field, std::string_view)> set,
        std::function<FieldParse(const FieldDescriptor&, std::string_view)> parse)
    {
        fd.get = std::move(get);
        fd.set = [set = std::move(set), &fd](Fabric& f, const ObjectRef& o, std::string_view field, std::string_view v) { set(f, o, fd, field, v); };
        fd.parse = [parse = std::move(parse), &fd](std::string_view v) { return parse(fd, v); };
    }

    FieldParse parseName(const FieldDescriptor& fd, std::string_view v)
    {
        std::string error;
        const auto t = text(fd, v, error);
        if (!t)
            return refused(error);
        return t->empty() ? refused(notAccepted(fd, v, "a name cannot be empty")) : FieldParse { *t, {} };
    }

    FieldParse parsePolicyName(const FieldDescriptor& fd, std::string_view v)
    {
        if (v.empty())
            return { {}, {} };
        return parseName(fd, v);
    }

    void bindName(FieldDescriptor& fd)
    {
        bindText(
            fd,
            [](const Fabric& fabric, const ObjectRef& o, std::string_view) {
                const Fabric& f = fabric;
                return o.kind == K::Node ? requireNode(f, o).name : o.kind == K::Port ? requirePort(f, o).name : requirePolicy(f, o).name;
            },
            [](Fabric& f, const ObjectRef& o, const FieldDescriptor& fi, std::string_view, std::string_view v) { rename(f, o, fi, v); }, parseName);
    }

    void bindBufferSetting(FieldDescriptor& fd)
    {
        bindText(
            fd,
            [](const Fabric& f, const ObjectRef& o, std::string_view field) {
                return bufferSettingText(requireNode(f, o).buffer, field).value_or(std::string());
            },
            [](Fabric& f, const ObjectRef& o, const FieldDescriptor& fi, std::string_view field, std::string_view v) {
                Node& n = requireNode(f, o);
                if (v.empty())
                    return (void)clearBufferSetting(n.buffer, field);
                NodeBufferSettings b = n.buffer;
                if (auto expected = setBufferSetting(b, field, v); !expected.empty())
                    badValue(o, fi, v, expected);
                n.buffer = b;
            },
            [](const FieldDescriptor& fi, std::string_view v) {
                NodeBufferSettings b;
                if (v.empty())
                    return FieldParse {};
                if (auto expected = setBufferSetting(b, fi.name, v); !expected.empty())
                    return refused(notAccepted(fi, v, expected));
                return FieldParse { bufferSettingText(b, fi.name).value_or(std::string()), {} };
            });
    }

    /// "dscp.D" → "dscp.0": a concrete name of an indexed policy field, for parsing a value of it.
    std::string concreteName(std::string_view name)
    {
        std::string n(name);
        if (n.size() > 2 && n[n.size() - 2] == '.' && n.back() >= 'A' && n.back() <= 'Z')
            n.back() = '0';
        return n;
    }

    /// The policy field's error as the edit path words it: the readers' text message as it is, any
    /// other with the accepted forms.
    std::string policyError(const FieldDescriptor& fd, std::string_view v, const std::string& why)
    {
        if (why.rfind("the string ", 0) == 0)
            return why;
        return notAccepted(fd, v, why == "not accepted" ? std::string_view() : std::string_view(why));
    }

    void bindPolicyField(FieldDescriptor& fd)
    {
        bindText(
            fd,
            [](const Fabric& f, const ObjectRef& o, std::string_view field) {
                return getPolicyField(requirePolicy(f, o), field).value_or(std::string());
            },
            [](Fabric& f, const ObjectRef& o, const FieldDescriptor& fi, std::string_view field, std::string_view v) {
                if (auto why = setPolicyField(requirePolicy(f, o), field, v); !why.empty())
                    refuse(o, field, policyError(fi, v, why));
            },
            [](const FieldDescriptor& fi, std::string_view v) {
                QosPolicy p;
                const std::string field = concreteName(fi.name);
                if (auto why = setPolicyField(p, field, v); !why.empty())
                    return refused(policyError(fi, v, why));
                return FieldParse { getPolicyField(p, field).value_or(std::string()), {} };
            });
    }

    /// What an editor of a policy field offers (policyfields.h lists the forms).
    void describePolicyField(FieldDescriptor& fd)
    {
        const std::string n = fd.name;
        auto integer = [&](int hi) {
            fd.value = V::Integer;
            fd.range = IntRange { 0, hi };
        };
        if (n == "roce_priority" || n == "cnp_priority" || n == "nic.cnp_priority" || n == "dscp.D" || n == "pg.T" || n == "queue.T")
            integer(kPriorities - 1);
        else if (n == "roce_dscp" || n == "cnp_dscp" || n == "nic.cnp_dscp")
            integer(kDscpValues - 1);
        else if (n == "trust" || n == "nic.trust")
            fd.value = V::Choice, fd.choices = enumChoices<TrustMode>();
        else if (n == "pfc_watchdog.action")
            fd.value = V::Choice, fd.choices = enumChoices<WatchdogAction>();
        else if (n == "pfc_watchdog.enabled" || n == "nic.ecn_rp" || n == "nic.ecn_np")
            fd.value = V::Choice, fd.choices = { "true", "false" };
        else if (n == "lossless" || n == "ecn.queues" || n == "nic.pfc")
            fd.value = V::List, fd.emptyAllowed = n != "ecn.queues";
        else if (n == "ecn.kmin" || n == "ecn.kmax" || n == "pfc_watchdog.detection" || n == "pfc_watchdog.restoration")
            fd.value = V::Quantity;
        else if (n == "ecn.pmax")
            fd.value = V::Number;
        else
            fd.emptyAllowed = n == "description" || n == "class.T";
    }

    /// The base fields (nodes, ports, links, roles, renames), in the order `lfp set --help` lists them.
    std::vector<FieldDescriptor> baseFields()
    {
        std::vector<FieldDescriptor> v;
        // Renames (issue 30): links, overrides, bindings and breakout parents that name the object follow.
        v.push_back(meta(K::Node, "name", V::Name, "a new node name, unused (links and overrides follow)"));
        v.push_back(meta(K::Port, "name", V::Name, "a new port name, unused on its node (its link, override and breakout members follow)"));
        v.push_back(meta(K::Policy, "name", V::Name, "a new policy name, unused (role bindings and port overrides follow)"));
        v.push_back(choiceMeta<Role>(K::Node, "role"));
        for (const char* n : { "rack", "vendor", "model" })
            v.push_back(meta(K::Node, n, V::Text, "any text"));
        v.push_back(meta(K::Node, "asic", V::Text, "an ASIC profile id (lfp asics), or empty"));
        // Per-switch buffer settings (buffersettings.h); an empty value removes the setting.
        v.push_back(meta(K::Node, "buffer.over_subscribe_ratio", V::Number, "a number 0..1000 (0 = no shared headroom pool), or empty"));
        v.push_back(meta(K::Node, "buffer.lossless_mtu", V::Integer, "64..65535 bytes, or empty"));
        v.back().range = IntRange { 64, 65535 }, v.back().unit = "B";
        v.push_back(meta(K::Node, "buffer.small_packet_percentage", V::Integer, "0..100, or empty"));
        v.back().range = IntRange { 0, 100 }, v.back().unit = "%";
        v.push_back(meta(K::Node, "buffer.sonic_release", V::Choice, "legacy|pr3235|head, or empty"));
        v.back().choices = { "legacy", "pr3235", "pr4757", "head" };
        v.push_back(meta(K::Node, "buffer.max_headroom_size", V::Quantity, "a size such as 163840 or 160KiB, or empty"));
        v.push_back(meta(K::Node, "buffer.dynamic_th", V::Integer, "-8..7, or empty"));
        v.back().range = IntRange { -8, 7 };
        v.push_back(meta(K::Node, "buffer.gearbox_delay", V::Quantity, "a duration such as 400ns, or empty"));
        v.push_back(meta(K::Port, "speed", V::Quantity, "a speed such as 100G, 400G, 800G, 25G"));
        // The ranges from the one rule the readers use (fieldrules.h).
        v.push_back(meta(K::Port, "lanes", V::Integer, fmt::format("{}..{}", kPortLanesRange.lo, kPortLanesRange.hi)));
        v.back().range = kPortLanesRange;
        v.push_back(meta(K::Port, "mtu", V::Integer, fmt::format("{}..{} bytes", kPortMtuRange.lo, kPortMtuRange.hi)));
        v.back().range = kPortMtuRange, v.back().unit = "B";
        v.push_back(choiceMeta<Fec>(K::Port, "fec"));
        v.push_back(meta(K::Port, "policy", V::Text, "a policy name (the port's override), or empty to remove it"));
        v.push_back(meta(K::Link, "length", V::Quantity, "a length such as 3m, 2.5m, 300m"));
        v.push_back(choiceMeta<Medium>(K::Link, "medium"));
        v.push_back(choiceMeta<FibreType>(K::Link, "fibre", " (the fibre type of a fibre link)"));
        v.push_back(meta(K::Role, "policy", V::Text, "a policy name (the role's binding), or empty to remove it"));
        for (auto& fd : v)
            if (fd.name.rfind("buffer.", 0) == 0 || fd.value == V::Text)
                fd.emptyAllowed = true;
        return v;
    }


    /// parse, get and set of each base field.
    void bindBaseField(FieldDescriptor& fd)
    {
        const std::string& n = fd.name;
        if (n == "name")
            return bindName(fd);
        if (n.rfind("buffer.", 0) == 0)
            return bindBufferSetting(fd);
        if (fd.kind == K::Node && n == "role")
            return bindTyped<Role, Node>(fd, choice<Role>, enumText<Role>, NodeAt {}, &Node::role);
        if (fd.kind == K::Node)
            return bindTyped<std::string, Node>(fd, text, plainText, NodeAt {},
                n == "rack" ? &Node::rack : n == "vendor" ? &Node::vendor : n == "model" ? &Node::model : &Node::asic);
        if (fd.kind == K::Port && n == "speed")
            return bindTyped<BitsPerSecond, Port>(fd, quantity<BitsPerSecond, parseSpeed>, speedText, PortAt {}, &Port::speed);
        if (fd.kind == K::Port && (n == "lanes" || n == "mtu"))
            return bindTyped<int, Port>(fd, wholeNumber, intText, PortAt {}, n == "mtu" ? &Port::mtu : &Port::lanes);
        if (fd.kind == K::Port && n == "fec")
            return bindTyped<Fec, Port>(fd, choice<Fec>, enumText<Fec>, PortAt {}, &Port::fec);
        if (fd.kind == K::Link && n == "length")
            return bindTyped<Metres, Link>(fd, quantity<Metres, parseLength>, lengthText, LinkAt {}, &Link::length);
        if (fd.kind == K::Link && n == "medium")
            return bindTyped<Medium, Link>(fd, choice<Medium>, enumText<Medium>, LinkAt {}, &Link::medium);
        if (fd.kind == K::Link && n == "fibre")
            return bindTyped<FibreType, Link>(fd, choice<FibreType>, enumText<FibreType>, LinkAt {}, &Link::fibre);
        // The port's override and the role's binding: a policy of the fabric, or empty.
        bindText(
            fd,
            [](const Fabric& fabric, const ObjectRef& o, std::string_view) {
                if (o.kind == K::Port) {
                    requirePort(fabric, o);
                    for (const auto& ov : fabric.overrides)
                        if (ov.port == o.endpoint())
                            return ov.policy;
                    return std::string();
                }
                for (const auto& b : fabric.bindings)
                    if (b.role == o.role)
                        return b.policy;
                return std::string();
            },
            [](Fabric& f, const ObjectRef& o, const FieldDescriptor& fi, std::string_view, std::string_view v) {
                if (o.kind == K::Port)
                    setPortOverride(f, o, fi, v);
                else
                    setRoleBinding(f, o, fi, v);
            },
            parsePolicyName);
    }

    /// Every descriptor, built once; their functions refer to them, so the vector never grows after.
    const std::vector<FieldDescriptor>& allFields()
    {
        static const std::vector<FieldDescriptor> all = [] {
            std::vector<FieldDescriptor> v = baseFields();
            for (const auto& pf : policyFields()) {
                v.push_back(meta(K::Policy, pf.name, V::Text, pf.accepted));
                describePolicyField(v.back());
            }
            return v;
        }();
        static const bool bound = [] {
            auto& v = const_cast<std::vector<FieldDescriptor>&>(all);
            for (auto& fd : v)
                if (fd.kind == K::Policy && fd.name != "name")
                    bindPolicyField(fd);
                else
                    bindBaseField(fd);
            return true;
        }();
        (void)bound;
        return all;
    }

    const FieldDescriptor& requireField(const ObjectRef& o, std::string_view field)
    {
        const FieldDescriptor* f = findField(o.kind, field);
        if (!f) {
            std::string names;
            for (const auto& x : allFields())
                if (x.kind == o.kind)
                    names += (names.empty() ? "" : ", ") + x.name;
            throw std::invalid_argument(fmt::format("{}: no field \"{}\" on a {}; expected one of: {}", o.toString(), field, toString(o.kind), names));
        }
        return *f;
    }
} // namespace

std::span<const FieldDescriptor> editableFields() { return allFields(); }

const FieldDescriptor* findField(ObjectRef::Kind kind, std::string_view field)
{
    if (kind == K::Policy && field != "name") {
        // Indexed policy fields ("dscp.26") resolve to their one entry ("dscp.D").
        const PolicyFieldInfo* pf = findPolicyField(field);
        if (!pf)
            return nullptr;
        field = pf->name;
    }
    for (const auto& f : allFields())
        if (f.kind == kind && field == f.name)
            return &f;
    return nullptr;
}

IntRange fieldRange(ObjectRef::Kind kind, std::string_view field)
{
    const FieldDescriptor* fd = findField(kind, field);
    if (!fd || !fd->range)
        throw std::logic_error(fmt::format("no range for field {}", field));
    return *fd->range;
}

std::string fieldChoicesText(ObjectRef::Kind kind, std::string_view field)
{
    const FieldDescriptor* fd = findField(kind, field);
    if (!fd || fd->choices.empty())
        throw std::logic_error(fmt::format("no choices for field {}", field));
    return fmt::format("{}", fmt::join(fd->choices, ", "));
}

std::string getField(const Fabric& fabric, const ObjectRef& o, std::string_view field) { return requireField(o, field).get(fabric, o, field); }

void setField(Fabric& f, const ObjectRef& o, std::string_view field, std::string_view value) { requireField(o, field).set(f, o, field, value); }

ObjectRef refAfterSet(const ObjectRef& o, std::string_view field, std::string_view value)
{
    if (field != "name")
        return o;
    ObjectRef r = o;
    (o.kind == K::Node ? r.node : o.kind == K::Policy ? r.name : r.port) = std::string(value);
    return r;
}

} // namespace lfp
