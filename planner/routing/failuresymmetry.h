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
#include <memory>
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

/// The stabiliser of @p fixedLinks (each link mapped onto itself) in the same group: the fixed links
/// become vertices of colours of their own in the graph given to Traces. Generators are always kept,
/// verified as above, and checked to fix every fixed link.
LinkSymmetry computeLinkStabiliser(const Topology& t, const std::vector<ClassMask>& classes, RoutingModel m, bool staticRoutes,
    bool keepGenerators, const std::vector<int>& fixedLinks);

/// The orbits of every failure set of 1..k switch links under the group, without listing the sets
/// (docs/deadlock.md "Certificate"): a stabiliser chain (Sims 1970; Seress, "Permutation Group
/// Algorithms", 2003, ch. 4) over links — the group G, the stabiliser G_a of each orbit representative
/// a (Traces with a individualised), G_ab, … — with a Schreier tree per level. An ordered tuple is
/// brought to its canonical form level by level (map its first link to its orbit's representative with
/// the tree's transversal element, apply it to the rest, go down one level); the ordered classes
/// have size |G·a|·|G_a·b|·…; the orbit of an unordered set joins the ordered classes of its k!
/// orderings and has (Σ their sizes)/k! sets. Checked: every class is closed under the orderings of its
/// representative, and the sizes of the orbits of each set size add up to C(L, size) exactly.
struct FailureSetOrbit {
    std::vector<int> links; ///< the representative (sorted)
    std::size_t size = 0; ///< failure sets in the orbit
};
class FailureOrbitChain;
struct FailureSetOrbits {
    bool applied = false;
    std::string source; ///< as LinkSymmetry::source
    std::string reason; ///< why not applied (then @c orbits lists every set)
    std::size_t generators = 0; ///< of the whole group
    double groupOrderLog10 = 0;
    std::size_t stabilisers = 0; ///< Traces runs (the group and each stabiliser of the chain)
    std::size_t switchLinks = 0;
    std::vector<std::size_t> setsOfSize; ///< [m] = C(L, m), m = 0..k
    std::vector<std::size_t> orbitsOfSize; ///< [m] = orbits of m-sets
    std::vector<FailureSetOrbit> orbits; ///< by size, then representative
    std::shared_ptr<const FailureOrbitChain> chain; ///< for orbitIndex (null when not applied)
    double seconds = 0;
    /// The index in @c orbits of the orbit of @p links (any order; distinct switch links), -1 if none.
    [[nodiscard]] int orbitIndex(std::vector<int> links) const;
};
/// @p maxSets: when symmetry cannot be used, list every set only up to this many (else throw
/// std::length_error). Cancelled through @p fb.
/// @p useSymmetry false: every set its own orbit (for tests of the argument set by set).
FailureSetOrbits failureSetOrbits(const Topology& t, const std::vector<ClassMask>& classes, RoutingModel m, bool staticRoutes, int k,
    std::size_t maxSets = 50'000'000, Feedback* fb = nullptr, bool useSymmetry = true);

/// The orbit of a failure set (sorted link indices) under the generators in @p s.perms (each set sorted,
/// the orbit sorted). For tests and for explaining a representative.
std::vector<std::vector<int>> failureOrbit(const LinkSymmetry& s, const std::vector<int>& links);

} // namespace lfp
