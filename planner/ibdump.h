// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file ibdump.h
/// InfiniBand routing as the subnet manager programmed it, read from the standard dumps, and its
/// credit-loop analysis (deadlock.h's graph per VL):
///  - topology: `ibnetdiscover` output (a minimal reader: node GUIDs, descriptions, port numbers,
///    links and LIDs; the full importer lives in importers/);
///  - forwarding: OpenSM's `opensm-lfts.dump` or `dump_fts` output (per switch, DLID → out port);
///  - SL per (source, destination): the `0x<source GUID> <DLID> <SL>` list that `ibdmchk -c` reads,
///    or `saquery -p` PathRecord dumps (slid, dlid, sl);
///  - SL→VL per (switch, in port, out port): OpenSM's `opensm-sl2vl.dump`; identity when absent.
/// Like ibdmchk, every CA-to-CA path is traced (traffic to switch LIDs is not lossless data traffic).

#include "planner/deadlock.h"

#include "model/fabric.h"
#include "model/feedback.h"

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
    std::map<std::pair<int, int>, int> pathSl; ///< (source CA node, DLID) → SL
    std::map<int, std::map<std::pair<int, int>, std::array<std::uint8_t, 16>>> sl2vl; ///< node → (in,out) → VL per SL
    std::string topologyFile, lftFile, pathSlFile, sl2vlFile;

    [[nodiscard]] int vlFor(int node, int inPort, int outPort, int sl) const;
};

/// True when @p path looks like ibnetdiscover output.
bool looksLikeIbnetdiscover(const std::string& path);
IbFabric readIbnetdiscover(const std::string& path);
/// OpenSM opensm-lfts.dump or dump_fts output. Throws InputError (file:line) on malformed lines
/// and on switch GUIDs the topology does not know.
void readLftDump(IbFabric& ib, const std::string& path);
/// `0x<GUID> <DLID> <SL>` lines (ibdmchk -c) or saquery -p PathRecord dumps.
void readPathSl(IbFabric& ib, const std::string& path);
void readSl2vl(IbFabric& ib, const std::string& path);

/// A Fabric for display and the other checks (switches with CAs are leaves, others spines).
Fabric toFabric(const IbFabric& ib);

/// Credit-loop analysis: the dependency graph over (link direction, VL), from every CA to every
/// CA LID through the LFTs with the path's SL and the switches' SL2VL tables.
DeadlockReport analyseLft(const IbFabric& ib, const DeadlockOptions& opt, Feedback* fb = nullptr);

} // namespace lfp
