// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file ibcredit.h
/// InfiniBand credit-loop analysis (deadlock.h's graph per VL) of a subnet as the subnet manager
/// programmed it (model/ibsubnet.h; the dumps are read by importers/ibdump.h). Like ibdmchk, every
/// CA-to-CA path is traced (traffic to switch LIDs is not lossless data traffic).

#include "planner/routing/deadlock.h"

#include "model/feedback.h"
#include "model/ibsubnet.h"

namespace lfp {

/// Credit-loop analysis (planner/routing/ibcredit.cpp): the dependency graph over (link direction, VL) of the
/// paths from every CA to every CA LID through the LFTs, with the path's SL and the switches' SL2VL.
/// Built per destination LID: forwarding toward a DLID is one out port per switch, so the sources of
/// each (DLID, SL) form a tree whose flows are counted once per channel, not once per path; the cost
/// grows with DLIDs × channels instead of CAs² × hops.
DeadlockReport analyseLft(const IbFabric& ib, const DeadlockOptions& opt, Feedback* fb = nullptr);
/// The same analysis tracing every CA-to-CA path one by one, as ibdmchk does (the reference the
/// tests compare analyseLft with; slow on large fabrics).
DeadlockReport analyseLftPerPath(const IbFabric& ib, const DeadlockOptions& opt, Feedback* fb = nullptr);

} // namespace lfp
