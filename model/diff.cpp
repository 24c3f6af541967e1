// SPDX-License-Identifier: GPL-3.0-or-later
#include "diff.h"

#include "fabricjson.h"

#include <map>
#include <nlohmann/json.hpp>

namespace lfp {

using nlohmann::json;

namespace {

    using Keyed = std::map<std::string, json>;

    void compareFields(const json& a, const json& b, ObjectChange& change)
    {
        const json fa = a.flatten();
        const json fb = b.flatten();
        auto strip = [](const std::string& k) { return k.size() > 1 ? k.substr(1) : k; };
        for (auto it = fa.begin(); it != fa.end(); ++it) {
            auto jt = fb.find(it.key());
            if (jt == fb.end())
                change.fields.push_back({ strip(it.key()), it.value().dump(), {} });
            else if (*jt != it.value())
                change.fields.push_back({ strip(it.key()), it.value().dump(), jt->dump() });
        }
        for (auto jt = fb.begin(); jt != fb.end(); ++jt)
            if (!fa.contains(jt.key()))
                change.fields.push_back({ strip(jt.key()), {}, jt.value().dump() });
    }

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

    struct Split {
        Keyed nodes, ports, links, policies, bindings, overrides, asics, fabric;
    };

    Split split(const Fabric& f)
    {
        const json j = fabricToJson(f);
        Split s;
        s.fabric["fabric"] = { { "name", j.value("name", "") }, { "description", j.value("description", "") } };
        for (const auto& n : j["nodes"]) {
            json node = n;
            const std::string name = n["name"];
            for (const auto& p : n["ports"])
                s.ports[name + ":" + p["name"].get<std::string>()] = p;
            node.erase("ports");
            s.nodes[name] = node;
        }
        for (const auto& l : j["links"]) {
            std::string a = l["a"]["node"].get<std::string>() + ":" + l["a"]["port"].get<std::string>();
            std::string b = l["b"]["node"].get<std::string>() + ":" + l["b"]["port"].get<std::string>();
            json body = l;
            if (b < a) {
                std::swap(a, b);
                std::swap(body["a"], body["b"]);
            }
            s.links[a + " -- " + b] = body;
        }
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
    compare("node", a.nodes, b.nodes, out);
    compare("port", a.ports, b.ports, out);
    compare("link", a.links, b.links, out);
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
