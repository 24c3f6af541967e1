// SPDX-License-Identifier: GPL-3.0-or-later
#include "ibsubnet.h"

#include <algorithm>

namespace lfp {

namespace {
    std::size_t sz(int i) { return static_cast<std::size_t>(i); }
} // namespace

void IbFabric::PathSlTable::set(int node, int dlid, int sl, std::size_t nodeCount)
{
    if (m_byDlid.size() <= sz(dlid))
        m_byDlid.resize(sz(dlid) + 1);
    auto& row = m_byDlid[sz(dlid)];
    if (row.size() < std::max(nodeCount, sz(node) + 1))
        row.resize(std::max(nodeCount, sz(node) + 1), kNone);
    if (row[sz(node)] == kNone)
        ++m_count;
    row[sz(node)] = static_cast<std::uint8_t>(sl & 15);
}

std::vector<std::pair<std::pair<int, int>, int>> IbFabric::PathSlTable::entries() const
{
    std::vector<std::pair<std::pair<int, int>, int>> out;
    out.reserve(m_count);
    for (std::size_t d = 0; d < m_byDlid.size(); ++d)
        for (std::size_t n = 0; n < m_byDlid[d].size(); ++n)
            if (m_byDlid[d][n] != kNone)
                out.push_back({ { static_cast<int>(n), static_cast<int>(d) }, m_byDlid[d][n] });
    return out;
}

void IbFabric::Sl2VlTable::resize(int newPorts)
{
    if (newPorts <= ports && !rows.empty())
        return;
    std::vector<std::array<std::uint8_t, 16>> r(sz(newPorts + 1) * sz(newPorts + 1));
    std::vector<char> p(r.size(), 0);
    for (int i = 0; i <= ports && !rows.empty(); ++i)
        for (int o = 0; o <= ports; ++o) {
            const auto k = sz(i * (ports + 1) + o), k2 = sz(i * (newPorts + 1) + o);
            r[k2] = rows[k];
            p[k2] = present[k];
        }
    ports = newPorts;
    rows = std::move(r);
    present = std::move(p);
}

void IbFabric::Sl2VlTable::set(int in, int out, const std::array<std::uint8_t, 16>& vls)
{
    if (in > ports || out > ports || rows.empty())
        resize(std::max({ ports, in, out }));
    const auto k = sz(in * (ports + 1) + out);
    rows[k] = vls;
    present[k] = 1;
}

int IbFabric::vlFor(int node, int inPort, int outPort, int sl) const
{
    auto it = sl2vl.find(node);
    if (it != sl2vl.end()) {
        const auto& tab = it->second;
        const auto* row = tab.row(inPort, outPort);
        if (!row && !nodes[sz(node)].isSwitch) // CA tables: take the first row of the out port (or of in port 0)
            for (int i = 0; i <= tab.ports && !row; ++i)
                for (int o = 0; o <= tab.ports && !row; ++o)
                    if ((o == outPort || i == 0) && tab.row(i, o))
                        row = tab.row(i, o);
        if (row)
            return (*row)[sz(sl & 15)];
    }
    return sl & 15; // identity
}

Fabric toFabric(const IbFabric& ib)
{
    Fabric f;
    f.name = ib.topologyFile;
    for (const auto& n : ib.nodes) {
        Node node;
        node.name = n.name;
        node.guid = n.guid;
        bool hasCa = false;
        for (const auto& [p, peer] : n.peers)
            hasCa = hasCa || !ib.nodes[sz(peer.node)].isSwitch;
        node.role = !n.isSwitch ? Role::Host : hasCa ? Role::Leaf
                                                     : Role::Spine;
        for (const auto& [p, peer] : n.peers)
            node.ports.push_back(Port { std::to_string(p) });
        node.attributes["ib.desc"] = n.desc;
        f.nodes.push_back(std::move(node));
    }
    for (std::size_t i = 0; i < ib.nodes.size(); ++i)
        for (const auto& [p, peer] : ib.nodes[i].peers) {
            // each link once: from the lower (node, port)
            if (std::make_pair(static_cast<int>(i), p) > std::make_pair(peer.node, peer.port))
                continue;
            Link l;
            l.a = { ib.nodes[i].name, std::to_string(p) };
            l.b = { ib.nodes[sz(peer.node)].name, std::to_string(peer.port) };
            l.origin = LinkOrigin::Discovered;
            f.links.push_back(std::move(l));
        }
    return f;
}

} // namespace lfp
