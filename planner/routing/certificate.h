// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file certificate.h
/// A deadlock-freedom certificate for up to K failed switch links (issue 35; docs/deadlock.md
/// "Certificate"): no set of 1..K failed links creates a cyclic buffer dependency under the routing
/// model — or the smallest sets that do, with their cycles. Every set of 1..K links is covered: the
/// sets fall into orbits of the fabric's automorphism group (failureSetOrbits, a stabiliser chain over
/// verified Traces generators, sizes checked to add up to C(L, m)); one representative per orbit is
/// analysed by the failure sweep's incremental argument, whose stage (FailureStage) says why a set
/// cannot create a cycle, or that it was analysed exactly. Run through the deadlock job
/// (deadlockjob.h, DeadlockJob::certify). No Qt, no I/O.
/// Sources: Dally & Seitz, IEEE TC C-36(5) 1987 (an acyclic channel dependency graph is deadlock-free
/// for deterministic routing; ECMP as the union of its choices, Duato 1993); Hu et al., HotNets 2016
/// (failure bounces close cycles); Sem-Jacobsen et al., IEEE TC 60(4) 2011 (fat-tree fault tolerance
/// bounded by radix/2 − 1 failures); Sims 1970 / Seress 2003 (stabiliser chains).

#include "planner/routing/deadlock.h"

#include <cstddef>
#include <string>
#include <vector>

namespace lfp {

/// A smallest failing set: no proper subset of it creates a cycle.
struct CertificateFailure {
    std::vector<int> links; ///< empty: the healthy fabric already has a cycle
    std::vector<std::string> linkNames;
    std::size_t represents = 1; ///< failure sets of its orbit
    std::size_t cyclicComponents = 0;
    std::vector<CycleReport> cycles; ///< explained (the first is the shortest of the largest component)
    std::vector<std::string> switches; ///< failure model "switches": the failed switches (`links` are all their switch links)
};

/// Failure sets (and orbits) whose verdict one argument settled.
struct CertificateStage {
    FailureStage stage = FailureStage::Exact;
    std::size_t orbits = 0;
    std::size_t sets = 0;
};

struct DeadlockCertificate {
    int k = 1;
    bool holds = false;
    RoutingModel routing = RoutingModel::Ecmp;
    std::string routingAssumption; ///< deadlockcoverage.h routingAssumption
    std::vector<int> priorities; ///< lossless priorities analysed (empty: one nominal class, no policy)
    /// "links": any set of 1..k switch-to-switch links fails; "switches": any set of 1..k switches fails
    /// with all its links (certifySwitchFailures).
    std::string failureModel = "links";
    std::size_t switchLinks = 0;
    std::size_t switchCount = 0; ///< switches (the failure model "switches" fails sets of them)
    std::size_t setsTotal = 0; ///< Σ C(L, m), m = 1..k
    std::size_t setsAnalysed = 0; ///< representatives analysed (one per orbit)
    std::size_t orbits = 0;
    std::vector<std::size_t> setsOfSize, orbitsOfSize; ///< [m], m = 0..k
    bool symmetry = false;
    std::string symmetrySource, symmetryNote;
    std::size_t generators = 0, stabilisers = 0;
    double groupOrderLog10 = 0, symmetrySeconds = 0;
    std::vector<CertificateStage> stages; ///< in FailureStage order
    std::size_t independentPairs = 0; ///< representative pairs analysed from their single failures
    bool healthyCycle = false;
    std::size_t failingSets = 0, failingOrbits = 0; ///< sets (orbits) of 1..k links that create a cycle
    int smallestFailing = 0; ///< links in the smallest failing set (0: none, or the healthy fabric)
    std::vector<CertificateFailure> failing; ///< the minimal failing sets, smallest first (up to 50)
    std::vector<std::vector<int>> representatives; ///< one failure set per orbit (what a fix is re-verified on)
    std::vector<std::string> argument; ///< the pruning argument, one statement each
    std::vector<std::string> notes;
    double seconds = 0;
};

/// Certifies @p t with @p classes under @p opt.routing for every set of 1..@p k failed switch links
/// (k = 1..3). @p healthy is the healthy analysis (a cycle there fails the certificate with the empty
/// set). Progress and cancel through @p fb (throws Cancelled).
/// @p useSymmetry false (--exhaustive): every set analysed, no orbits.
DeadlockCertificate certifyDeadlock(const Topology& t, const std::vector<ClassMask>& classes, const DeadlockOptions& opt, int k,
    const DeadlockReport& healthy, Feedback* fb = nullptr, bool useSymmetry = true);

/// The certificate for every set of 1..@p k failed **switches** (failure model "switches"; k = 1..3): a
/// failed switch takes every one of its links down (switch and host links). Orbits of switch sets under
/// the same verified automorphism group (failuresymmetry.h; each link generator acting on the switches),
/// one representative per orbit analysed exactly (analyseTopology); `representatives` holds each one's
/// failed switch links, so a fix (certificatefix.h) is re-verified on them. Throws std::length_error
/// above 20 M sets. @p useSymmetry false: every set analysed.
DeadlockCertificate certifySwitchFailures(const Topology& t, const std::vector<ClassMask>& classes, const DeadlockOptions& opt, int k,
    const DeadlockReport& healthy, Feedback* fb = nullptr, bool useSymmetry = true);

} // namespace lfp
