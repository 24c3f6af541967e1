// SPDX-License-Identifier: GPL-3.0-or-later
#include "ibfabric.h"

#include "model/fabricindex.h"

#include "model/errors.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <fmt/format.h>
#include <map>

namespace lfp {
namespace {
    std::optional<long long> number(std::string_view s)
    {
        long long v = 0;
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (ec != std::errc() || p != s.data() + s.size() || s.empty())
            return std::nullopt;
        return v;
    }
    std::optional<std::uint64_t> hex(std::string_view s)
    {
        if (s.substr(0, 2) == "0x" || s.substr(0, 2) == "0X")
            s.remove_prefix(2);
        std::uint64_t v = 0;
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, 16);
        if (ec != std::errc() || p != s.data() + s.size() || s.empty())
            return std::nullopt;
        return v;
    }
    std::string attr(const Node& n, const std::string& key)
    {
        auto it = n.attributes.find(key);
        return it == n.attributes.end() ? std::string() : it->second;
    }
    /// "mlx5_0/1" → ("mlx5_0", 1); "3" → ("", 3).
    std::optional<std::pair<std::string, int>> splitPort(const std::string& port)
    {
        const auto slash = port.rfind('/');
        const std::string dev = slash == std::string::npos ? std::string() : port.substr(0, slash);
        auto n = number(slash == std::string::npos ? std::string_view(port) : std::string_view(port).substr(slash + 1));
        if (!n || *n < 0 || *n > 254)
            return std::nullopt;
        return std::make_pair(dev, static_cast<int>(*n));
    }
} // namespace

bool applyIbQosSl2Vl(IbFabric& ib, const Fabric& f)
{
    if (f.ibQos.empty())
        return false;
    auto row = [](const IbQosPolicy& p) {
        std::array<std::uint8_t, 16> r {};
        for (std::size_t sl = 0; sl < r.size(); ++sl)
            r[sl] = static_cast<std::uint8_t>(p.sl2vl[sl]);
        return r;
    };
    bool any = false;
    ib.sl2vl.clear();
    for (std::size_t i = 0; i < ib.nodes.size(); ++i) {
        const auto& n = ib.nodes[i];
        // A port's table is the one of its class (switch external ports, switch port 0, CA ports), else "all".
        const IbQosPolicy* ext = ibQosFor(f.ibQos, n.isSwitch ? IbPortClass::SwitchExternal : IbPortClass::Ca);
        const IbQosPolicy* p0 = n.isSwitch ? ibQosFor(f.ibQos, IbPortClass::SwitchPort0) : nullptr;
        if (!ext && !p0)
            continue;
        auto& tab = ib.sl2vl[static_cast<int>(i)];
        tab.resize(n.ports);
        std::vector<int> ins { 0 };
        for (const auto& [port, peer] : n.peers)
            ins.push_back(port);
        for (int in : ins) {
            if (ext)
                for (const auto& [out, peer] : n.peers)
                    tab.set(in, out, row(*ext));
            if (p0 && in != 0)
                tab.set(in, 0, row(*p0));
        }
        any = true;
    }
    if (any) {
        std::string names;
        for (const auto& p : f.ibQos)
            names += (names.empty() ? "" : ", ") + p.name;
        ib.sl2vlFile = fmt::format("the project's ib_qos policies ({})", names);
    }
    return any;
}

bool hasInfinibandIdentities(const Fabric& f)
{
    for (const auto& n : f.nodes)
        if (n.attributes.count("ib.type"))
            return true;
    return false;
}

IbFabric ibFabricFromFabric(const Fabric& f, const std::string& source)
{
    IbFabric ib;
    ib.topologyFile = source;
    auto fail = [&](const std::string& what) { throw InputError(SourceLocation { source, 0, 0, {} }, what); };
    if (!hasInfinibandIdentities(f))
        fail("--routing lft needs InfiniBand GUIDs, LIDs and port numbers: this fabric has none (import the subnet with "
             "`lfp import ibnetdiscover FILE -o PROJECT`, or give the ibnetdiscover file itself)");
    // One IbFabric node per switch, and per CA device of a host ("node01" with mlx5_0 and mlx5_1 is two CAs).
    std::map<std::pair<std::string, std::string>, int> index; // (fabric node, device) → IbFabric node
    for (const auto& n : f.nodes) {
        const std::string type = attr(n, "ib.type");
        if (type.empty())
            continue;
        const bool sw = type != "ca";
        std::map<std::string, std::vector<const Port*>> devices;
        for (const auto& p : n.ports) {
            auto sp = splitPort(p.name);
            if (!sp)
                fail(fmt::format("{}:{} is not an InfiniBand port number (expected 1…254, or DEVICE/N on a host)", n.name, p.name));
            devices[sw ? std::string() : sp->first].push_back(&p);
        }
        if (devices.empty())
            devices[""] = {};
        for (const auto& [dev, ports] : devices) {
            IbFabric::Node x;
            x.isSwitch = sw;
            std::uint64_t guid = n.guid;
            if (!dev.empty()) {
                auto g = hex(attr(n, "ib.guid." + dev));
                if (!g)
                    fail(fmt::format("{} device {} has no GUID (attribute ib.guid.{})", n.name, dev, dev));
                guid = *g;
            }
            if (guid == 0)
                fail(fmt::format("{} has no InfiniBand GUID", n.name));
            x.guid = guid;
            x.desc = attr(n, dev.empty() ? "ib.description" : "ib.description." + dev);
            if (x.desc.empty())
                x.desc = dev.empty() ? n.name : n.name + " " + dev;
            if (auto np = number(attr(n, "ib.ports")); np && sw)
                x.ports = static_cast<int>(*np);
            if (sw) {
                if (auto lid = number(attr(n, "ib.lid")))
                    x.lids[0] = static_cast<int>(*lid);
            }
            for (const Port* p : ports) {
                const int num = splitPort(p->name)->second;
                x.ports = std::max(x.ports, num);
                if (!sw) {
                    if (auto lid = number(attr(n, "ib.lid." + p->name)))
                        x.lids[num] = static_cast<int>(*lid);
                    if (auto pg = hex(attr(n, "ib.portguid." + p->name)))
                        x.portGuids[num] = *pg;
                }
            }
            if (ib.byGuid.count(x.guid))
                fail(fmt::format("the GUID 0x{:016x} of {} appears twice", x.guid, n.name));
            const int id = static_cast<int>(ib.nodes.size());
            ib.byGuid[x.guid] = id;
            for (const auto& [num, pg] : x.portGuids)
                ib.byGuid.emplace(pg, id);
            index[{ n.name, dev }] = id;
            ib.nodes.push_back(std::move(x));
        }
    }
    const FabricIndex fidx(f);
    auto endpoint = [&](const Endpoint& e) -> std::optional<std::pair<int, int>> {
        const Node* n = fidx.findNode(e.node);
        if (!n || attr(*n, "ib.type").empty())
            return std::nullopt;
        auto sp = splitPort(e.port);
        if (!sp)
            return std::nullopt;
        auto it = index.find({ e.node, attr(*n, "ib.type") == "ca" ? sp->first : std::string() });
        if (it == index.end())
            return std::nullopt;
        return std::make_pair(it->second, sp->second);
    };
    for (const auto& l : f.links) {
        auto a = endpoint(l.a);
        auto b = endpoint(l.b);
        if (!a || !b)
            continue;
        ib.nodes[static_cast<std::size_t>(a->first)].peers[a->second] = { b->first, b->second };
        ib.nodes[static_cast<std::size_t>(b->first)].peers[b->second] = { a->first, a->second };
    }
    applyIbQosSl2Vl(ib, f);
    // Names as readIbnetdiscover makes them: the description, made unique with the GUID.
    std::map<std::string, int> count;
    for (const auto& n : ib.nodes)
        ++count[n.desc];
    for (std::size_t i = 0; i < ib.nodes.size(); ++i) {
        auto& n = ib.nodes[i];
        n.name = count[n.desc] > 1 ? fmt::format("{}-{:016x}", n.desc, n.guid) : n.desc;
        for (const auto& [port, lid] : n.lids)
            ib.lidOwner[lid] = { static_cast<int>(i), port };
    }
    return ib;
}

} // namespace lfp
