// SPDX-License-Identifier: GPL-3.0-or-later
// The fast path of the fabric reader (simdjson); see fabricjson_fast.h.
#include "fabricjson_fast.h"

#include "fabricjson.h"
#include "errors.h"
#include "fielddescriptor.h"
#include "fieldrules.h"
#include "textsafe.h"

#include <nlohmann/json.hpp>
#include <simdjson.h>

namespace lfp {

using nlohmann::json;


namespace {

    namespace sj = simdjson;

    /// Strict reading of the bulk of a fabric (nodes, ports, links) with simdjson. It accepts exactly
    /// what the nlohmann reader above accepts and says nothing about why it refuses: on any doubt it
    /// returns false and the caller falls back to the strict reader, which names the line, column and
    /// field. So error messages have one source, and valid files load several times faster.
    bool fastString(sj::dom::element e, std::string& out)
    {
        std::string_view v;
        if (e.get_string().get(v) != sj::SUCCESS || textProblem(v, TextKind::Name))
            return false; // a control character: the strict reader names the field
        out.assign(v);
        return true;
    }

    bool fastInt(sj::dom::element e, std::int64_t lo, std::int64_t hi, int& out)
    {
        std::int64_t v = 0;
        if (!e.is_int64() || e.get_int64().get(v) != sj::SUCCESS || v < lo || v > hi)
            return false;
        out = static_cast<int>(v);
        return true;
    }

    template <class E>
    bool fastEnum(sj::dom::element e, std::optional<E> (*parse)(std::string_view), E& out)
    {
        std::string_view v;
        if (e.get_string().get(v) != sj::SUCCESS)
            return false;
        auto r = parse(v);
        if (!r)
            return false;
        out = *r;
        return true;
    }

    bool fastPort(sj::dom::element e, Port& p)
    {
        sj::dom::object o;
        if (e.get_object().get(o) != sj::SUCCESS)
            return false;
        bool name = false, speed = false;
        for (auto [key, value] : o) {
            if (key == "name") {
                name = fastString(value, p.name);
                if (!name)
                    return false;
            } else if (key == "speed") {
                std::string_view v;
                if (value.get_string().get(v) != sj::SUCCESS)
                    return false;
                try {
                    p.speed = parseSpeed(v);
                } catch (const UnitError&) {
                    return false;
                }
                speed = true;
            } else if (key == "lanes") {
                static const IntRange lanes = fieldRange(ObjectRef::Kind::Port, "lanes"); // the descriptor's (fielddescriptor.h)
                if (!fastInt(value, lanes.lo, lanes.hi, p.lanes))
                    return false;
            } else if (key == "mtu") {
                static const IntRange mtu = fieldRange(ObjectRef::Kind::Port, "mtu");
                if (!fastInt(value, mtu.lo, mtu.hi, p.mtu))
                    return false;
            } else if (key == "fec") {
                if (!fastEnum<Fec>(value, fecFromString, p.fec))
                    return false;
            } else if (key == "breakout_parent") {
                if (!fastString(value, p.breakoutParent))
                    return false;
            } else {
                return false;
            }
        }
        return name && speed;
    }

    bool fastNode(sj::dom::element e, Node& n)
    {
        sj::dom::object o;
        if (e.get_object().get(o) != sj::SUCCESS)
            return false;
        bool name = false, role = false;
        for (auto [key, value] : o) {
            bool ok = true;
            if (key == "name")
                ok = name = fastString(value, n.name) && !n.name.empty();
            else if (key == "role")
                ok = role = fastEnum<Role>(value, roleFromString, n.role);
            else if (key == "rack")
                ok = fastString(value, n.rack);
            else if (key == "vendor")
                ok = fastString(value, n.vendor);
            else if (key == "model")
                ok = fastString(value, n.model);
            else if (key == "asic")
                ok = fastString(value, n.asic);
            else if (key == "guid") {
                std::string s;
                ok = fastString(value, s);
                if (ok) {
                    try {
                        std::size_t used = 0;
                        n.guid = std::stoull(s, &used, 16);
                        ok = used == s.size();
                    } catch (...) {
                        ok = false;
                    }
                }
            } else if (key == "attributes") {
                sj::dom::object a;
                ok = value.get_object().get(a) == sj::SUCCESS;
                for (auto [k, v] : a) {
                    if (!ok)
                        break;
                    if (isBufferSettingKey(k)) {
                        // A malformed setting: the strict reader names its file:line:column.
                        std::string text;
                        ok = !textProblem(k) && fastString(v, text) && setBufferSetting(n.buffer, k, text).empty();
                    } else {
                        ok = !textProblem(k) && fastString(v, n.attributes[std::string(k)]);
                    }
                }
            } else if (key == "ports") {
                sj::dom::array ports;
                ok = value.get_array().get(ports) == sj::SUCCESS;
                if (ok) {
                    n.ports.reserve(ports.size());
                    for (sj::dom::element pe : ports) {
                        Port p;
                        if (!fastPort(pe, p))
                            return false;
                        n.ports.push_back(std::move(p));
                    }
                }
            } else {
                ok = false;
            }
            if (!ok)
                return false;
        }
        return name && role;
    }

    bool fastEndpoint(sj::dom::element e, Endpoint& ep)
    {
        sj::dom::object o;
        if (e.get_object().get(o) != sj::SUCCESS)
            return false;
        bool node = false, port = false;
        for (auto [key, value] : o) {
            if (key == "node")
                node = fastString(value, ep.node);
            else if (key == "port")
                port = fastString(value, ep.port);
            else
                return false;
        }
        return node && port;
    }

    bool fastLink(sj::dom::element e, Link& l)
    {
        sj::dom::object o;
        if (e.get_object().get(o) != sj::SUCCESS)
            return false;
        bool a = false, b = false;
        for (auto [key, value] : o) {
            bool ok = true;
            if (key == "a")
                ok = a = fastEndpoint(value, l.a);
            else if (key == "b")
                ok = b = fastEndpoint(value, l.b);
            else if (key == "length") {
                std::string_view v;
                ok = value.get_string().get(v) == sj::SUCCESS;
                if (ok) {
                    try {
                        l.length = parseLength(v);
                    } catch (const UnitError&) {
                        ok = false;
                    }
                }
            } else if (key == "medium")
                ok = fastEnum<Medium>(value, mediumFromString, l.medium);
            else if (key == "origin")
                ok = fastEnum<LinkOrigin>(value, linkOriginFromString, l.origin);
            else if (key == "fibre")
                ok = fastEnum<FibreType>(value, fibreTypeFromString, l.fibre);
            else
                ok = false;
            if (!ok)
                return false;
        }
        return a && b;
    }

} // namespace

/// The whole file on the fast path, or nothing. Small members (policies, ASIC profiles,
/// bindings, …) go through the strict reader on their own.
std::optional<Fabric> fastFabricFromJsonText(std::string_view text)
    {
        try {
            sj::dom::parser parser;
            sj::padded_string padded(text);
            sj::dom::element root;
            if (parser.parse(padded).get(root) != sj::SUCCESS)
                return std::nullopt;
            sj::dom::object top;
            if (root.get_object().get(top) != sj::SUCCESS)
                return std::nullopt;
            json rest = json::object();
            sj::dom::array nodes, links;
            bool haveNodes = false, haveLinks = false;
            for (auto [key, value] : top) {
                if (key == "nodes") {
                    if (value.get_array().get(nodes) != sj::SUCCESS)
                        return std::nullopt;
                    haveNodes = true;
                } else if (key == "links") {
                    if (value.get_array().get(links) != sj::SUCCESS)
                        return std::nullopt;
                    haveLinks = true;
                } else {
                    if (rest.contains(std::string(key)))
                        return std::nullopt; // duplicate member: let the strict reader decide
                    rest[std::string(key)] = json::parse(sj::minify(value));
                }
            }
            Fabric f = fabricFromJson(rest); // format, version, policies, bindings, …; throws on error
            if (haveNodes) {
                f.nodes.reserve(nodes.size());
                for (sj::dom::element e : nodes) {
                    Node n;
                    if (!fastNode(e, n))
                        return std::nullopt;
                    f.nodes.push_back(std::move(n));
                }
            }
            if (haveLinks) {
                f.links.reserve(links.size());
                for (sj::dom::element e : links) {
                    Link l;
                    if (!fastLink(e, l))
                        return std::nullopt;
                    f.links.push_back(std::move(l));
                }
            }
            if (!f.structureProblems(1).empty())
                return std::nullopt; // the strict reader reports it at its line and column
            return f;
        } catch (...) {
            return std::nullopt; // the strict reader reports it
        }
    }


} // namespace lfp
