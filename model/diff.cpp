// SPDX-License-Identifier: GPL-3.0-or-later
#include "diff.h"

#include "fabricjson.h"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <unordered_set>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace lfp {

using nlohmann::json;

namespace {

    using Keyed = std::map<std::string, json>;

    /// The identity key of the entries of a policy list, or null for lists compared otherwise.
    const char* entryKey(const std::string& path)
    {
        if (path == "ets")
            return "queue";
        if (path == "classes")
            return "id";
        if (path == "ecn")
            return "name";
        return nullptr;
    }

    void addChange(ObjectChange& change, const std::string& path, const json* a, const json* b)
    {
        FieldChange fc;
        fc.field = path;
        if (a) {
            fc.before = a->dump();
            fc.beforeValue = *a;
        }
        if (b) {
            fc.after = b->dump();
            fc.afterValue = *b;
        }
        change.fields.push_back(std::move(fc));
    }

    std::string keyText(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

    /// Field-by-field comparison of two JSON values at @p path (see diff.h for how lists match).
    void compareValue(const std::string& path, const json& a, const json& b, ObjectChange& change)
    {
        if (a == b)
            return;
        auto join = [&](const std::string& k) { return path.empty() ? k : path + "/" + k; };
        if (a.is_object() && b.is_object()) {
            for (auto it = a.begin(); it != a.end(); ++it) {
                auto jt = b.find(it.key());
                if (jt == b.end())
                    addChange(change, join(it.key()), &it.value(), nullptr);
                else
                    compareValue(join(it.key()), it.value(), *jt, change);
            }
            for (auto jt = b.begin(); jt != b.end(); ++jt)
                if (!a.contains(jt.key()))
                    addChange(change, join(jt.key()), nullptr, &jt.value());
            return;
        }
        if (a.is_array() && b.is_array()) {
            if (const char* key = entryKey(path)) {
                auto keyed = [&](const json& arr) {
                    std::vector<std::pair<std::string, const json*>> out;
                    for (const auto& e : arr)
                        out.emplace_back(e.is_object() && e.contains(key) ? keyText(e[key]) : e.dump(), &e);
                    return out;
                };
                const auto ka = keyed(a), kb = keyed(b);
                auto find = [](const auto& v, const std::string& k) -> const json* {
                    for (const auto& [kk, e] : v)
                        if (kk == k)
                            return e;
                    return nullptr;
                };
                for (const auto& [k, e] : ka) {
                    const std::string p = fmt::format("{}[{}={}]", path, key, k);
                    if (const json* other = find(kb, k))
                        compareValue(p, *e, *other, change);
                    else
                        addChange(change, p, e, nullptr);
                }
                for (const auto& [k, e] : kb)
                    if (!find(ka, k))
                        addChange(change, fmt::format("{}[{}={}]", path, key, k), nullptr, e);
                return;
            }
            const bool perPriority = a.size() == b.size() && (path == "tc_to_pg" || path == "tc_to_queue");
            if (perPriority) {
                for (std::size_t i = 0; i < a.size(); ++i)
                    compareValue(join(std::to_string(i)), a[i], b[i], change);
                return;
            }
        }
        addChange(change, path, &a, &b);
    }

    void compareFields(const json& a, const json& b, ObjectChange& change) { compareValue({}, a, b, change); }

    void compare(const std::string& type, const Keyed& a, const Keyed& b, std::vector<ObjectChange>& out)
    {
        for (const auto& [id, v] : a) {
            auto it = b.find(id);
            if (it == b.end()) {
                out.push_back({ ObjectChange::Kind::Removed, type, id, {} });
            } else if (it->second != v) {
                ObjectChange c { ObjectChange::Kind::Changed, type, id, {} };
                compareFields(v, it->second, c);
                out.push_back(std::move(c));
            }
        }
        for (const auto& [id, v] : b)
            if (!a.count(id))
                out.push_back({ ObjectChange::Kind::Added, type, id, {} });
    }

    /// The small members (fabric header, ASIC profiles, policies, bindings, overrides) as JSON by id.
    struct Split {
        Keyed policies, bindings, overrides, asics, fabric;
    };

    Split split(const Fabric& f)
    {
        const json j = fabricToJson(fabricHead(f)); // nodes and links are compared as structs below
        Split s;
        s.fabric["fabric"] = { { "name", j.value("name", "") }, { "description", j.value("description", "") } };
        for (const auto& p : j["policies"])
            s.policies[p["name"].get<std::string>()] = p;
        for (const auto& b : j["bindings"])
            s.bindings[b["role"].get<std::string>()] = b;
        if (j.contains("overrides"))
            for (const auto& o : j["overrides"])
                s.overrides[o["node"].get<std::string>() + ":" + o["port"].get<std::string>()] = o;
        if (j.contains("asics"))
            for (const auto& a : j["asics"])
                s.asics[a["id"].get<std::string>()] = a;
        return s;
    }

    /// JSON of one node without its ports, one port, one link (endpoints ordered): only built for
    /// objects that differ, so diffing two large, nearly equal revisions stays cheap.
    json nodeJson(const Node& n)
    {
        Fabric f;
        f.nodes.push_back(n);
        f.nodes.back().ports.clear();
        json j = fabricToJson(f)["nodes"][0];
        j.erase("ports");
        return j;
    }
    json portJson(const Node& n, const Port& p)
    {
        Fabric f;
        f.nodes.push_back(Node { n.name, n.role, {}, {}, {}, {}, {}, 0, {} });
        f.nodes.back().ports.push_back(p);
        return fabricToJson(f)["nodes"][0]["ports"][0];
    }
    json linkJson(const Link& l, bool swapped)
    {
        Fabric f;
        f.links.push_back(l);
        json j = fabricToJson(f)["links"][0];
        if (swapped)
            std::swap(j["a"], j["b"]);
        return j;
    }

    /// Changes of one object type in the order the JSON comparison gives: removed and changed by id,
    /// then added by id.
    struct Collector {
        std::vector<ObjectChange> first, added;
        void flush(std::vector<ObjectChange>& out)
        {
            auto byId = [](const ObjectChange& a, const ObjectChange& b) { return a.id < b.id; };
            std::stable_sort(first.begin(), first.end(), byId);
            std::stable_sort(added.begin(), added.end(), byId);
            for (auto* v : { &first, &added })
                for (auto& c : *v)
                    out.push_back(std::move(c));
        }
    };

    void changed(Collector& c, const char* type, std::string id, const json& a, const json& b)
    {
        if (a == b)
            return;
        ObjectChange ch { ObjectChange::Kind::Changed, type, std::move(id), {} };
        compareFields(a, b, ch);
        c.first.push_back(std::move(ch));
    }

    void diffNodesAndPorts(const Fabric& a, const Fabric& b, std::vector<ObjectChange>& out)
    {
        std::unordered_map<std::string_view, const Node*> inB;
        inB.reserve(b.nodes.size());
        for (const auto& n : b.nodes)
            inB.emplace(n.name, &n);
        std::unordered_set<std::string_view> inA;
        inA.reserve(a.nodes.size());
        Collector nodes, ports;
        for (const auto& na : a.nodes) {
            inA.insert(na.name);
            auto it = inB.find(na.name);
            if (it == inB.end()) {
                nodes.first.push_back({ ObjectChange::Kind::Removed, "node", na.name, {} });
                for (const auto& p : na.ports)
                    ports.first.push_back({ ObjectChange::Kind::Removed, "port", na.name + ":" + p.name, {} });
                continue;
            }
            const Node& nb = *it->second;
            if (na == nb)
                continue;
            changed(nodes, "node", na.name, nodeJson(na), nodeJson(nb));
            std::unordered_map<std::string_view, const Port*> pb;
            for (const auto& p : nb.ports)
                pb.emplace(p.name, &p);
            std::unordered_set<std::string_view> pa;
            for (const auto& p : na.ports) {
                pa.insert(p.name);
                auto jt = pb.find(p.name);
                if (jt == pb.end())
                    ports.first.push_back({ ObjectChange::Kind::Removed, "port", na.name + ":" + p.name, {} });
                else if (!(p == *jt->second))
                    changed(ports, "port", na.name + ":" + p.name, portJson(na, p), portJson(nb, *jt->second));
            }
            for (const auto& p : nb.ports)
                if (!pa.count(p.name))
                    ports.added.push_back({ ObjectChange::Kind::Added, "port", nb.name + ":" + p.name, {} });
        }
        for (const auto& nb : b.nodes)
            if (!inA.count(nb.name)) {
                nodes.added.push_back({ ObjectChange::Kind::Added, "node", nb.name, {} });
                for (const auto& p : nb.ports)
                    ports.added.push_back({ ObjectChange::Kind::Added, "port", nb.name + ":" + p.name, {} });
            }
        nodes.flush(out);
        ports.flush(out);
    }

    void diffLinks(const Fabric& a, const Fabric& b, std::vector<ObjectChange>& out)
    {
        struct LinkKey {
            std::string id;
            const Link* link;
            bool swapped;
        };
        auto keyed = [](const Link& l) {
            std::string x = l.a.node + ":" + l.a.port, y = l.b.node + ":" + l.b.port;
            const bool swapped = y < x;
            if (swapped)
                std::swap(x, y);
            return LinkKey { x + " -- " + y, &l, swapped };
        };
        std::unordered_map<std::string, LinkKey> inB;
        inB.reserve(b.links.size());
        for (const auto& l : b.links) {
            LinkKey k = keyed(l);
            inB.emplace(k.id, k);
        }
        std::unordered_set<std::string> inA;
        inA.reserve(a.links.size());
        Collector links;
        for (const auto& l : a.links) {
            LinkKey k = keyed(l);
            inA.insert(k.id);
            auto it = inB.find(k.id);
            if (it == inB.end())
                links.first.push_back({ ObjectChange::Kind::Removed, "link", k.id, {} });
            else if (!(l == *it->second.link))
                changed(links, "link", k.id, linkJson(l, k.swapped), linkJson(*it->second.link, it->second.swapped));
        }
        for (const auto& [id, k] : inB)
            if (!inA.count(id))
                links.added.push_back({ ObjectChange::Kind::Added, "link", id, {} });
        links.flush(out);
    }

} // namespace

std::vector<ObjectChange> diffFabrics(const Fabric& before, const Fabric& after)
{
    const Split a = split(before);
    const Split b = split(after);
    std::vector<ObjectChange> out;
    compare("fabric", a.fabric, b.fabric, out);
    compare("asic", a.asics, b.asics, out);
    compare("policy", a.policies, b.policies, out);
    compare("binding", a.bindings, b.bindings, out);
    compare("override", a.overrides, b.overrides, out);
    diffNodesAndPorts(before, after, out);
    diffLinks(before, after, out);
    return out;
}

const char* toString(ObjectChange::Kind k)
{
    switch (k) {
    case ObjectChange::Kind::Added:
        return "added";
    case ObjectChange::Kind::Removed:
        return "removed";
    case ObjectChange::Kind::Changed:
        return "changed";
    }
    return "?";
}

} // namespace lfp
