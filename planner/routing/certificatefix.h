// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file certificatefix.h
/// The smallest change that makes a failing certificate (certificate.h) hold for the same K, chosen
/// among the candidates and re-verified on every orbit representative of the failure sets
/// (docs/deadlock.md "The certificate's fix"):
///  - tagger: a Tagger tag plan (Hu et al., CoNEXT 2017): a packet's tag (lossless priority) goes up by
///    one at every bounce (it arrived from a higher tier and leaves toward a higher tier); with B the
///    most bounces any path makes under ≤ K failures, B + 1 lossless priorities; as configuration a
///    DSCP per (tag, direction) and egress DSCP rewrite on every switch port: toward a lower tier
///    d_t → d_t' (arrived-down marker), toward a higher tier d_t' → d_{t+1} (the bounce), and per tag a
///    bounce traffic class b_t for d_t' (PG t; queue t + 1 on ports toward a higher tier, t elsewhere),
///    which re-queues the bounced packet on the switch itself; cost: B extra
///    lossless priorities, with their headroom and pools (planner/buffer/budget.h), refused when a
///    switch's budget no longer fits;
///  - demote-bounced: a bounced packet leaves the lossless class (Tagger's lossy fallback); cost: the
///    destinations whose traffic bounces lose lossless service while the failures last;
///  - updown-only: up*/down* routing (the certificate re-run under it); cost: host pairs without a
///    lossless path under the worst failure set;
///  - static routes are not searched: a static route set would have to hold under every failure set.
/// Order: a fix that keeps every flow lossless (tagger, when it fits the buffers) before one that does
/// not; among those, the fewer host pairs affected.

#include "planner/routing/certificate.h"

#include "model/asiccatalog.h"
#include "model/fabric.h"
#include "model/units.h"

#include <optional>
#include <string>
#include <vector>

namespace lfp {

struct CertificateFixCandidate {
    std::string kind; ///< "tagger", "demote-bounced", "updown-only"
    bool holds = false; ///< the certificate holds with it (re-verified on every representative)
    bool refused = false; ///< holds, but cannot be used (the buffers do not fit, no free priority, …)
    std::string refusal;
    double cost = 0;
    std::string costUnit; ///< "extra lossless priorities", "destinations with bounced traffic", "host pairs without a lossless path"
    std::string note;
};

/// One rule of the tag plan: a packet of @c tag entering from @c in and leaving to @c out gets @c next.
struct TagRule {
    int tag = 0;
    std::string in; ///< "from a higher tier" or "from a lower tier or a host"
    std::string out; ///< "to a higher tier" or "to a lower tier or a host"
    int next = 0; ///< -1: demoted to the lossy class
};

struct CertificateFix {
    bool needed = false; ///< the certificate failed (and not in the healthy fabric)
    std::string chosen; ///< kind of the chosen candidate, "" when none holds
    std::vector<CertificateFixCandidate> candidates;
    // tagger
    int bounces = 0; ///< most bounces of any path under ≤ K failures
    std::vector<int> priorities; ///< lossless priorities with the tag plan (tag order)
    std::vector<int> tagDscp, downDscp; ///< per tag: its DSCP going up, and going down (the marker)
    /// per tag: the traffic class of a packet of that tag that arrived from a higher tier (PG of the tag;
    /// toward a higher tier the next tag's queue, past the last tag the lossy queue): the bounce re-queued
    /// on a switch
    std::vector<int> bounceClasses;
    std::vector<TagRule> rules;
    Bytes reservedBefore {}, reservedAfter {}; ///< Σ over switches of the budgets' reservations
    Bytes poolBefore {}, poolAfter {}; ///< Σ ingress lossless pool (B − H)
    std::size_t switchesBudgeted = 0, switchesNotFitting = 0;
    std::optional<Fabric> fixedFabric; ///< the chosen fix as a fabric (tagger: policies and port overrides)
    std::vector<std::string> notes;
};

/// Chooses and re-verifies the fix for @p cert of @p fabric (@p t, @p classes its topology and
/// classes, @p opt the routing). @p catalog gives the ASIC profiles for the buffer budgets (null: not
/// checked, stated). Cancelled through @p fb.
CertificateFix chooseCertificateFix(const Fabric& fabric, const Topology& t, const std::vector<ClassMask>& classes, const DeadlockOptions& opt,
    const DeadlockCertificate& cert, const AsicCatalog* catalog, Feedback* fb = nullptr);

/// The tag plan as a fabric: @p fabric with, for every switch port, a copy of its policy whose DSCP →
/// priority map, lossless priorities, PG, queue, ETS and ECN carry the tags' priorities, and whose
/// egress DSCP rewrite marks the direction (see above). Throws std::invalid_argument when no free
/// priority or DSCP is left, or a switch link joins two switches of one tier.
Fabric taggerFabric(const Fabric& fabric, int tags, CertificateFix& fix);

} // namespace lfp
