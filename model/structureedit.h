// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file structureedit.h
/// Structural edits of a fabric: add a node, a port or a link; remove nodes, ports and links with what
/// depends on them. One implementation behind the document's add/remove undo commands
/// (document/structurecommands.h), the GUI's Edit ▸ Add/Delete and `lfp add` / `lfp remove`.
/// Each function checks everything before it changes anything: on std::invalid_argument the fabric is
/// unchanged. Plain data, no Qt.

#include "fabric.h"
#include "objectref.h"

#include <string>
#include <vector>

namespace lfp {

/// Why @p name cannot name a new node of @p fabric (empty, holds ':' or a character names may not
/// hold, or already taken); empty when it can.
std::string newNodeNameProblem(const Fabric& fabric, const std::string& name);
/// Why @p port cannot name a new port of node @p node; empty when it can.
std::string newPortNameProblem(const Fabric& fabric, const std::string& node, const std::string& port);
/// Why a link from @p a to @p b cannot be added (a port missing, on a link already, or both ends on
/// one node); empty when it can.
std::string newLinkProblem(const Fabric& fabric, const Endpoint& a, const Endpoint& b);

/// Appends @p node (with its ports). Throws std::invalid_argument when its name or a port name is not
/// valid (newNodeNameProblem) or two of its ports share a name.
void addNode(Fabric& fabric, Node node);
/// Appends @p port to node @p node. Throws std::invalid_argument (newPortNameProblem).
void addPort(Fabric& fabric, const std::string& node, Port port);
/// Appends @p link. Throws std::invalid_argument (newLinkProblem).
void addLink(Fabric& fabric, Link link);

/// @p count ports named @p prefix + (first + i × step), e.g. Ethernet0, Ethernet4, … (SONiC numbers a
/// port by its first lane), each at @p speed with @p lanes lanes.
std::vector<Port> numberedPorts(int count, const std::string& prefix, int first, int step, BitsPerSecond speed, int lanes);

/// Removes nodes, ports and links named by @p objects. A node goes with its ports, the links at them
/// and the overrides on them; a port with its link and its override. Returns one line per removed
/// object, in the order removed ("node leaf1 (4 ports)", "link leaf1:Ethernet0 – spine1:Ethernet0",
/// "override leaf1:Ethernet0 (policy lossy)"). Throws std::invalid_argument (and removes nothing)
/// when an object does not exist or is not a node, port or link.
std::vector<std::string> removeObjects(Fabric& fabric, const std::vector<ObjectRef>& objects);

} // namespace lfp
