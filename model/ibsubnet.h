// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file ibsubnet.h
/// An InfiniBand subnet as the subnet manager programmed it: nodes with GUIDs, descriptions, port
/// numbers and LIDs, and the tables the credit-loop analysis (planner/routing/ibcredit.h) follows:
///  - forwarding: per switch, DLID → out port (OpenSM's `opensm-lfts.dump` or `dump_fts`);
///  - SL per (source, destination): the `0x<source GUID> <DLID> <SL>` list that `ibdmchk -c` reads, or
///    `saquery -p` PathRecord dumps;
///  - SL→VL per (switch, in port, out port): OpenSM's `opensm-sl2vl.dump`; identity when absent.
/// Plain data: the readers live in importers/ibdump.h (files) and importers/ibfabric.h (a project).

#include "model/fabric.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace lfp {

struct IbFabric {
    struct PortPeer {
        int node = -1;
        int port = 0;
    };
    struct Node {
        std::uint64_t guid = 0;
        bool isSwitch = false;
        std::string desc; ///< NodeDescription
        std::string name; ///< unique display name (desc, or desc + GUID when the description repeats)
        int ports = 0;
        std::map<int, PortPeer> peers; ///< connected ports
        std::map<int, int> lids; ///< port → LID (switch: port 0)
        std::map<int, std::uint64_t> portGuids; ///< CA ports
    };
    std::vector<Node> nodes;
    std::map<std::uint64_t, int> byGuid; ///< node GUID and CA port GUIDs → node
    std::map<int, std::pair<int, int>> lidOwner; ///< LID → (node, port)
    std::map<int, std::vector<std::uint8_t>> lft; ///< switch node → out port per DLID (255 = none)
    /// SL per (source CA node, DLID); dense per DLID (one byte per node), so 21 M pairs take 21 MB.
    class PathSlTable {
    public:
        void set(int node, int dlid, int sl, std::size_t nodeCount);
        /// The SL, or -1 when the pair has none.
        [[nodiscard]] int find(int node, int dlid) const
        {
            if (dlid < 0 || static_cast<std::size_t>(dlid) >= m_byDlid.size())
                return -1;
            const auto& row = m_byDlid[static_cast<std::size_t>(dlid)];
            if (node < 0 || static_cast<std::size_t>(node) >= row.size() || row[static_cast<std::size_t>(node)] == kNone)
                return -1;
            return row[static_cast<std::size_t>(node)];
        }
        [[nodiscard]] bool empty() const { return m_count == 0; }
        [[nodiscard]] std::size_t size() const { return m_count; }
        /// Every entry as ((node, DLID), SL), ordered by DLID then node.
        [[nodiscard]] std::vector<std::pair<std::pair<int, int>, int>> entries() const;

    private:
        static constexpr std::uint8_t kNone = 255;
        std::vector<std::vector<std::uint8_t>> m_byDlid;
        std::size_t m_count = 0;
    };
    /// SL2VL of one node: a row of 16 VLs per (in port, out port); dense over ports 0..ports.
    struct Sl2VlTable {
        int ports = 0;
        std::vector<std::array<std::uint8_t, 16>> rows; ///< index in * (ports + 1) + out
        std::vector<char> present;
        void resize(int ports); ///< grows to ports 0..ports (keeps the rows)
        void set(int in, int out, const std::array<std::uint8_t, 16>& vls);
        [[nodiscard]] const std::array<std::uint8_t, 16>* row(int in, int out) const
        {
            if (in < 0 || out < 0 || in > ports || out > ports)
                return nullptr;
            const auto k = static_cast<std::size_t>(in * (ports + 1) + out);
            return present[k] ? &rows[k] : nullptr;
        }
    };
    PathSlTable pathSl;
    std::map<int, Sl2VlTable> sl2vl; ///< node → its SL2VL rows
    std::string topologyFile, lftFile, pathSlFile, sl2vlFile;

    [[nodiscard]] int vlFor(int node, int inPort, int outPort, int sl) const;
};

/// A Fabric for display and the other checks (switches with CAs are leaves, others spines).
Fabric toFabric(const IbFabric& ib);

} // namespace lfp
