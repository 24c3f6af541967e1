// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file ibnetdiscoverparse.h
/// The one parser of `ibnetdiscover` text (infiniband-diags ibnetdiscover(8)): the records as the file
/// states them, without naming. `lfp import ibnetdiscover` names nodes after their descriptions
/// (ibnetdiscover.cpp); the LFT analysis names them as ibdmchk does (ibdump.cpp). Internal to importers/.

#include "model/feedback.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace lfp {

/// A port line: the local port and the peer it is cabled to.
struct IbndPeer {
    std::string id; ///< "S-0000000000200002"
    int port = 0;
    int localPort = 0;
    std::optional<std::uint64_t> localPortGuid;
    std::string width; ///< "4xHDR"
    int line = 0;
};

/// A node record: its header line, the key=value lines before it and its port lines.
struct IbndNode {
    std::string id;
    char type = 'S'; ///< S, H (Ca), R
    int ports = 0;
    std::string desc;
    std::uint64_t guid = 0; ///< switchguid= / caguid= / rtguid= before the header, else the id's hex
    std::uint32_t vendorId = 0; ///< vendid= (0: not given)
    std::uint32_t deviceId = 0; ///< devid= (0: not given)
    std::optional<int> lid;
    std::map<int, int> portLids;
    std::map<int, std::uint64_t> portGuids;
    std::vector<IbndPeer> peers;
    int line = 0;
};

struct IbndRecords {
    std::vector<IbndNode> nodes;
    std::unordered_map<std::string, std::size_t> byId; ///< "S-0008f10400410015" → index in nodes
};

/// Parses @p text (named @p file in errors) and appends its records to @p out. Throws InputError at
/// file:line:column on a malformed line; a non-empty text without any node record is refused.
/// Progress (0..90 % of @p total bytes, @p doneBefore already read) and cancellation through @p feedback.
void parseIbnetdiscover(const std::string& file, std::string_view text, IbndRecords& out, Feedback* feedback = nullptr,
    std::size_t doneBefore = 0, std::size_t total = 0);

} // namespace lfp
