// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file failuresymmetry.h
/// Symmetry of a fabric for the failure sweep (deadlock.h analyseFailures): the automorphism group of
/// the switch graph, coloured by everything the deadlock analysis reads (switch tier, hosts per switch,
/// the lossless classes of each channel's buffer, parallel links), computed with nauty's Traces
/// (B. D. McKay and A. Piperno, "Practical graph isomorphism, II", J. Symbolic Computation 60, 2014;
/// Debian package libnauty2-dev). Two failure sets that an automorphism maps onto each other have the
/// same analysis up to renaming (the same number of cycles, of the same lengths, the same number of
/// lost flows), so the sweep analyses one representative per orbit and counts the orbit's size.
/// Every generator Traces returns is verified against the topology before it is used.
/// Theory and the conditions under which the symmetry is not used: docs/deadlock.md "Symmetry".

#include "planner/routing/deadlock.h"

#include <cstddef>
#include <string>
#include <vector>

namespace lfp {

struct LinkSymmetry {
    bool applied = false; ///< the group was computed and may be used
    std::string source; ///< "nauty 2.8.6 Traces (…)"
    std::string reason; ///< why not applied
    std::size_t generators = 0; ///< generators found (all verified)
    double groupOrderLog10 = 0; ///< log10 of the group's order
    std::vector<int> linkClass; ///< per link: the smallest link of its orbit (switch links; others map to themselves)
    std::vector<std::vector<int>> perms; ///< per generator: link → link (kept only when asked)
    double seconds = 0;
};

/// The link symmetry of @p t for the routing model @p m. Not applied (with a reason) for static routes
/// and for up*\/down* when a switch link joins two switches of one tier (the orientation breaks that
/// tie by node index, which no automorphism preserves). @p keepGenerators: fill perms (for pairs).
LinkSymmetry computeLinkSymmetry(const Topology& t, const std::vector<ClassMask>& classes, RoutingModel m, bool staticRoutes,
    bool keepGenerators);

/// The orbit of a failure set (sorted link indices) under the generators in @p s.perms (each set sorted,
/// the orbit sorted). For tests and for explaining a representative.
std::vector<std::vector<int>> failureOrbit(const LinkSymmetry& s, const std::vector<int>& links);

} // namespace lfp
