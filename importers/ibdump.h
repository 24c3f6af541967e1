// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file ibdump.h
/// Readers of the InfiniBand dumps the LFT credit-loop analysis (planner/routing/ibcredit.h) follows, into a
/// model/ibsubnet.h IbFabric:
///  - topology: `ibnetdiscover` output, through the one parser the import uses (ibnetdiscoverparse.h);
///    nodes named as ibdmchk names them (the description, made unique with the GUID);
///  - forwarding: OpenSM's `opensm-lfts.dump` or `dump_fts` output (per switch, DLID → out port);
///  - SL per (source, destination): the `0x<source GUID> <DLID> <SL>` list that `ibdmchk -c` reads,
///    or `saquery -p` PathRecord dumps (slid, dlid, sl);
///  - SL→VL per (switch, in port, out port): OpenSM's `opensm-sl2vl.dump`; identity when absent.
/// The dump readers map the file into memory and scan it in place (no per-line allocation); errors
/// name file:line.

#include "model/ibsubnet.h"

#include <string>

namespace lfp {

/// True when @p path looks like ibnetdiscover output.
bool looksLikeIbnetdiscover(const std::string& path);
/// Throws InputError (file:line:column) on malformed lines, a port linked to a node without a record
/// and a node GUID given twice.
IbFabric readIbnetdiscover(const std::string& path);
/// OpenSM opensm-lfts.dump or dump_fts output. Throws InputError (file:line) on malformed lines
/// and on switch GUIDs the topology does not know.
void readLftDump(IbFabric& ib, const std::string& path);
/// `0x<GUID> <DLID> <SL>` lines (ibdmchk -c) or saquery -p PathRecord dumps.
void readPathSl(IbFabric& ib, const std::string& path);
void readSl2vl(IbFabric& ib, const std::string& path);

} // namespace lfp
