// SPDX-License-Identifier: GPL-3.0-or-later
// LLDP neighbours as lldpd's `lldpcli -f json0 show neighbors details` (every level an array) or
// `-f json` (objects where there is one item, arrays where there are several) writes them.
// One file per device; the device is named by the file name up to its first '.' ("leaf01.json0").
// SONiC config_db.json files given alongside map port aliases (LLDP port id subtype "local", e.g.
// "etp1") back to port names ("Ethernet0"); otherwise an alias is resolved from the peer's own capture.
#include "readutil.h"

#include "model/fabricjson.h"

#include <filesystem>
#include <fmt/format.h>
#include <set>

namespace lfp {
namespace {
    using namespace imp;
    using nlohmann::json;

    struct Neighbour {
        std::string localNode, localPort;
        std::string chassisName, chassisId, chassisDescr, mgmtIp;
        std::string portIdType, portId, portDescr;
        bool bridgeOrRouter = false;
        SourceLocation where;
    };

    std::string deviceFromFile(const std::string& path)
    {
        std::string stem = std::filesystem::path(path).filename().string();
        auto dot = stem.find('.');
        if (dot != std::string::npos && dot > 0)
            stem = stem.substr(0, dot);
        return stem;
    }

    // ---- json0: lldp[0].interface[i].{name, chassis[0].{id[0].{type,value}, name[0].value, …}, port[0]…}
    const json* first(const json& v, const char* key)
    {
        if (!v.is_object())
            return nullptr;
        auto it = v.find(key);
        if (it == v.end())
            return nullptr;
        if (it->is_array())
            return it->empty() ? nullptr : &(*it)[0];
        return &*it;
    }
    std::string valueOf(const json* v)
    {
        if (!v)
            return {};
        if (v->is_string())
            return v->get<std::string>();
        if (v->is_object()) {
            auto it = v->find("value");
            if (it != v->end() && it->is_string())
                return it->get<std::string>();
        }
        return {};
    }

    void expectObject(const SourceText& src, const json& v, const std::string& ptr, const char* what)
    {
        if (!v.is_object())
            failJson(src, ptr, fmt::format("found {}, expected {}", describe(v), what));
    }

    bool capsSayNetwork(const json* caps)
    {
        if (!caps)
            return false;
        auto check = [](const json& c) {
            if (!c.is_object())
                return false;
            auto t = c.find("type");
            auto e = c.find("enabled");
            return t != c.end() && e != c.end() && t->is_string() && e->is_boolean() && e->get<bool>()
                && (t->get<std::string>() == "Bridge" || t->get<std::string>() == "Router");
        };
        if (caps->is_array()) {
            for (const auto& c : *caps)
                if (check(c))
                    return true;
            return false;
        }
        return check(*caps);
    }

    Neighbour fromInterface(const SourceText& src, const std::string& device, const std::string& ifName, const json& itf, const std::string& ptr,
        bool json0)
    {
        Neighbour n;
        n.localNode = device;
        n.localPort = ifName;
        auto [l, c] = locateJsonPointer(src.text, ptr);
        n.where = { src.name, l, c, ptr };
        const json* chassis = nullptr;
        if (json0) {
            chassis = first(itf, "chassis");
            if (chassis) {
                n.chassisName = valueOf(first(*chassis, "name"));
                n.chassisId = valueOf(first(*chassis, "id"));
                n.chassisDescr = valueOf(first(*chassis, "descr"));
                n.mgmtIp = valueOf(first(*chassis, "mgmt-ip"));
                n.bridgeOrRouter = capsSayNetwork(chassis->is_object() && chassis->contains("capability") ? &(*chassis)["capability"] : nullptr);
            }
        } else {
            auto it = itf.find("chassis");
            if (it != itf.end() && it->is_object()) {
                // Keyed by system name ({"leaf01": {...}}), or the chassis itself when it has no name.
                const json* body = &*it;
                if (!it->contains("id") && it->size() == 1 && it->begin()->is_object()) {
                    n.chassisName = it->begin().key();
                    body = &*it->begin();
                }
                n.chassisId = valueOf(first(*body, "id"));
                n.chassisDescr = valueOf(first(*body, "descr"));
                n.mgmtIp = valueOf(first(*body, "mgmt-ip"));
                n.bridgeOrRouter = capsSayNetwork(body->is_object() && body->contains("capability") ? &(*body)["capability"] : nullptr);
            }
        }
        if (const json* port = first(itf, "port")) {
            if (const json* id = first(*port, "id")) {
                if (id->is_object()) {
                    auto t = id->find("type");
                    if (t != id->end() && t->is_string())
                        n.portIdType = t->get<std::string>();
                }
                n.portId = valueOf(id);
            }
            n.portDescr = valueOf(first(*port, "descr"));
        }
        if (n.chassisName.empty() && n.chassisId.empty())
            failJson(src, ptr, "found a neighbour without chassis name or id, expected lldpcli's \"chassis\" with \"name\" or \"id\"");
        if (n.portId.empty() && n.portDescr.empty())
            failJson(src, ptr, "found a neighbour without port id, expected lldpcli's \"port\" with \"id\"");
        return n;
    }

    void readCapture(const SourceText& src, const json& root, std::vector<Neighbour>& out)
    {
        const std::string device = deviceFromFile(src.name);
        expectObject(src, root, "", "an object with \"lldp\" (lldpcli -f json0 show neighbors details)");
        auto it = root.find("lldp");
        if (it == root.end())
            failJson(src, "", "found no \"lldp\" member, expected the output of `lldpcli -f json0 show neighbors details`");
        const json& lldp = *it;
        if (lldp.is_array()) { // json0
            for (std::size_t i = 0; i < lldp.size(); ++i) {
                const std::string p0 = fmt::format("/lldp/{}", i);
                expectObject(src, lldp[i], p0, "an object");
                auto itf = lldp[i].find("interface");
                if (itf == lldp[i].end())
                    continue; // no neighbour
                if (!itf->is_array())
                    failJson(src, p0 + "/interface", fmt::format("found {}, expected an array of interfaces (json0)", describe(*itf)));
                for (std::size_t k = 0; k < itf->size(); ++k) {
                    const std::string pk = fmt::format("{}/interface/{}", p0, k);
                    const json& e = (*itf)[k];
                    expectObject(src, e, pk, "an interface object");
                    auto nm = e.find("name");
                    if (nm == e.end() || !nm->is_string() || nm->get<std::string>().empty())
                        failJson(src, pk, "found an interface without \"name\", expected the local interface name");
                    out.push_back(fromInterface(src, device, nm->get<std::string>(), e, pk, true));
                }
            }
            return;
        }
        if (!lldp.is_object())
            failJson(src, "/lldp", fmt::format("found {}, expected an object (-f json) or an array (-f json0)", describe(lldp)));
        auto itf = lldp.find("interface");
        if (itf == lldp.end())
            return;
        auto one = [&](const json& obj, const std::string& ptr) {
            expectObject(src, obj, ptr, "an object keyed by the local interface name");
            for (auto m = obj.begin(); m != obj.end(); ++m) {
                const std::string pm = ptr + "/" + jsonPointerEscape(m.key());
                expectObject(src, m.value(), pm, "the neighbour seen on this interface");
                out.push_back(fromInterface(src, device, m.key(), m.value(), pm, false));
            }
        };
        if (itf->is_array()) {
            for (std::size_t k = 0; k < itf->size(); ++k)
                one((*itf)[k], fmt::format("/lldp/interface/{}", k));
        } else {
            one(*itf, "/lldp/interface");
        }
    }

    void readAliases(const SourceText& src, const json& root, std::map<std::string, std::map<std::string, std::string>>& aliases)
    {
        std::string host = deviceFromFile(src.name);
        if (auto md = root.find("DEVICE_METADATA"); md != root.end() && md->is_object()) {
            if (auto lh = md->find("localhost"); lh != md->end() && lh->is_object())
                if (auto hn = lh->find("hostname"); hn != lh->end() && hn->is_string() && !hn->get<std::string>().empty())
                    host = hn->get<std::string>();
        }
        auto port = root.find("PORT");
        if (port == root.end())
            return;
        if (!port->is_object())
            failJson(src, "/PORT", fmt::format("found {}, expected the PORT table (an object keyed by port name)", describe(*port)));
        for (auto p = port->begin(); p != port->end(); ++p) {
            if (!p.value().is_object())
                failJson(src, "/PORT/" + jsonPointerEscape(p.key()), fmt::format("found {}, expected an object with \"alias\"", describe(p.value())));
            auto a = p.value().find("alias");
            if (a != p.value().end() && a->is_string())
                aliases[host][a->get<std::string>()] = p.key();
        }
    }

    class LldpImporter : public Importer {
    public:
        std::string id() const override { return "lldp"; }
        std::string description() const override
        {
            return "LLDP neighbours from `lldpcli -f json0 show neighbors details` (or -f json), one file per device, merged; "
                   "SONiC port aliases resolved";
        }
        std::string inputs() const override
        {
            return "DEVICE.json0 / DEVICE.json per device (the device is the file name up to the first '.'); optional SONiC config_db.json for aliases";
        }

        ImportResult readTexts(const std::vector<SourceText>& sources, Feedback* feedback) const override
        {
            std::vector<Neighbour> all;
            std::map<std::string, std::map<std::string, std::string>> aliases; // device -> alias -> port
            std::set<std::string> devices;
            for (const auto& src : sources) {
                checkCancelled(feedback);
                const json root = parseJson(src);
                if (root.is_object() && !root.contains("lldp") && (root.contains("PORT") || root.contains("DEVICE_METADATA"))) {
                    readAliases(src, root, aliases);
                    continue;
                }
                readCapture(src, root, all);
                devices.insert(deviceFromFile(src.name));
            }
            ImportResult out;
            FragmentBuilder fb(out);
            for (const auto& d : devices)
                fb.node(d);
            // What each device says about its own ports: device -> local port -> (peer name, peer port id)
            std::map<std::string, std::map<std::string, std::pair<std::string, std::string>>> seen;
            for (const auto& n : all)
                seen[n.localNode][n.localPort] = { n.chassisName.empty() ? n.chassisId : n.chassisName, n.portId };
            for (const auto& n : all) {
                const std::string peer = n.chassisName.empty() ? n.chassisId : n.chassisName;
                std::string peerPort = n.portId;
                if (n.portIdType == "mac" || n.portId.empty())
                    peerPort = n.portDescr.empty() ? n.portId : n.portDescr;
                if (n.portIdType == "local") {
                    bool resolved = false;
                    if (auto a = aliases.find(peer); a != aliases.end()) {
                        if (auto p = a->second.find(n.portId); p != a->second.end()) {
                            peerPort = p->second;
                            resolved = true;
                        }
                    }
                    if (!resolved && seen.count(peer)) {
                        // The peer's own capture: which of its ports sees us on our port?
                        for (const auto& [lp, who] : seen[peer])
                            if (who.first == n.localNode && who.second == n.localPort) {
                                peerPort = lp;
                                resolved = true;
                            }
                    }
                    if (!resolved && !n.portDescr.empty() && n.portDescr.find(' ') == std::string::npos && n.portDescr.find(':') == std::string::npos
                        && n.portDescr != n.portId && aliases.count(peer) == 0) {
                        fb.info(n.where, fmt::format("{} port id \"{}\" is a local id; its description \"{}\" is used as the port name", peer, n.portId, n.portDescr));
                        peerPort = n.portDescr;
                        resolved = true;
                    }
                    if (!resolved)
                        fb.warn(n.where, fmt::format("{} names its port by the local id \"{}\" (a SONiC alias?); give {}'s config_db.json to map it to a port name",
                                               peer, n.portId, peer));
                }
                Node& pn = fb.node(peer);
                if (!n.chassisDescr.empty())
                    pn.attributes["lldp.description"] = n.chassisDescr;
                if (!n.mgmtIp.empty())
                    pn.attributes["mgmt_address"] = n.mgmtIp;
                if (!n.chassisId.empty())
                    pn.attributes["lldp.chassis_id"] = n.chassisId;
                Link l;
                l.medium = Medium::Unknown; // LLDP does not say copper or optical
                l.a = { n.localNode, n.localPort };
                l.b = { peer, peerPort };
                l.origin = LinkOrigin::Discovered;
                l.length = Metres(0);
                fb.link(l, n.where);
            }
            fb.finish();
            return out;
        }
    };
} // namespace

std::unique_ptr<Importer> makeLldpImporter() { return std::make_unique<LldpImporter>(); }

} // namespace lfp
