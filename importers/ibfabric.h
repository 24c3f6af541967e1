// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file ibfabric.h
/// An InfiniBand subnet (model/ibsubnet.h IbFabric) rebuilt from a fabric that was imported from
/// ibnetdiscover or an ibnetdiscover cache: node GUIDs (Node::guid, ib.guid.<device>), LIDs (ib.lid,
/// ib.lid.<port>), port GUIDs (ib.portguid.<port>) and port numbers (switch ports "1"…"36", CA ports
/// "1" or "mlx5_0/1"), as docs/formats/importers.md describes. So `lfp deadlock PROJECT --routing lft
/// --lft DUMP` analyses a saved project as it does the ibnetdiscover file.

#include "model/ibsubnet.h"

#include "model/fabric.h"

#include <string>

namespace lfp {

/// True when some node of @p f carries InfiniBand identities (an "ib.type" attribute).
bool hasInfinibandIdentities(const Fabric& f);

/// Fills the SL2VL tables of @p ib from the InfiniBand QoS policies of @p f (model/qos.h IbQosPolicy:
/// switch external ports, switch port 0 and CA ports by their class, else the `all` policy), and
/// names them in IbFabric::sl2vlFile. False (and @p ib untouched) when @p f has no ib_qos policy.
/// ibFabricFromFabric calls it; an SL2VL dump read afterwards (readSl2vl) replaces the tables.
bool applyIbQosSl2Vl(IbFabric& ib, const Fabric& f);

/// The subnet of @p f. Throws InputError naming @p source and the node when a switch or CA lacks its
/// GUID or a port name is not an InfiniBand port number.
IbFabric ibFabricFromFabric(const Fabric& f, const std::string& source);

} // namespace lfp
