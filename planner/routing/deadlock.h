// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file deadlock.h
/// Deadlock analysis of a lossless fabric: the buffer (channel) dependency graph per lossless priority,
/// its cycles (PFC deadlock risk / InfiniBand credit loops), the flows that create each dependency,
/// candidate fixes checked by re-running the analysis, and the sweep of link failures.
/// Theory and sources: docs/deadlock.md. Findings codes: docs/findings.md (LFP-DEADLOCK-*).
///
/// Model: a node of the graph is the ingress buffer at the receiving end of a directed switch-to-switch
/// link (for one priority); an edge c1 → c2 means a packet held in c1 can wait for space in c2, i.e.
/// some flow's route enters a switch on c1 and leaves on c2 (Dally & Seitz 1987). Buffers facing hosts
/// are never on a cycle (hosts do not forward) and are left out. A channel belongs to priority P's graph
/// when P is lossless on the receiving port (Fabric::policyFor); a lossy buffer drops instead of
/// pausing, so it breaks every chain through it.

#include "planner/findings/findings.h"
#include "planner/routing/routing.h"

#include "model/fabric.h"
#include "model/feedback.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lfp {

struct FlowExample {
    std::string source, destination; ///< host (or CA) names
};

/// One buffer of a cycle and the dependency from it to the next buffer of the cycle.
struct CycleHop {
    int channel = -1;
    std::string buffer; ///< "leaf2:Ethernet1 -> spine0:Ethernet2" (the buffer is at the arrow's end)
    std::string link; ///< the cabled link (both ends)
    int vl = -1; ///< InfiniBand VL of the buffer (-1 for Ethernet)
    std::string alias; ///< InfiniBand: the sending out-port as ibdmchk names it ("S0002c90300a00100/P3")
    std::string at; ///< switch where the dependency to the next hop forms (the buffer's switch)
    std::string turn; ///< "up->down", "down->up (bounce)", "up->up", "down->down" or "" when no tiers
    std::size_t inducingDestinations = 0; ///< destination switches (or DLIDs) whose routes make the dependency
    std::size_t flowCount = 0; ///< (source, destination) host pairs behind it (of the destinations examined)
    bool flowCountExact = true;
    std::vector<FlowExample> flows; ///< a few of them
    ObjectRef linkRef; ///< the cabled link, typed (for findings; unset: read from `link`)
};

/// A fix candidate, checked by re-running the analysis.
struct FixCandidate {
    std::string kind; ///< "updown-only", "demote-bounced", "tagger", "route-change", "restore-link", "ib-engine"
    std::string description;
    /// The registry clause ("*", findingregistry.cpp) the description is rendered from, and its parameters:
    /// a finding's remedy names them, so a GUI translates it. Empty for a description written out.
    std::string descriptionClause;
    FindingParams descriptionParams;
    bool checked = false; ///< the analysis was re-run with the fix
    bool removesCycle = false; ///< this cycle's component is gone
    bool removesAll = false; ///< no cycle left at all
    double cost = 0; ///< in costUnit
    std::string costUnit; ///< "extra lossless priorities", "static routes", "links", "flows demoted", …
    std::string costNote;
    std::vector<std::string> staticRoutes; ///< for route changes: lines of the static route format
};

/// "@p cost @p unit" with the unit in the singular when @p cost is 1 ("1 link", "2 links"); the cost
/// units of deadlock_fixes.cpp and ibcredit.cpp have singulars, any other unit is written as given.
/// The JSON keeps the plural unit in `cost_unit` (a contract); this is for text.
[[nodiscard]] std::string costWithUnit(double cost, const std::string& unit);

/// The singular of a cost unit ("links" → "link"), or @p unit itself when it has none listed.
[[nodiscard]] std::string singularCostUnit(const std::string& unit);

struct CycleReport {
    std::vector<int> priorities; ///< lossless priorities whose graph has this cycle (Ethernet)
    int vl = -1; ///< InfiniBand: the VL (every hop of an IB cycle lists its own)
    std::size_t componentSize = 0; ///< buffers in the strongly connected component
    std::vector<CycleHop> hops; ///< a shortest cycle of the component, in dependency order
    bool routingLoop = false; ///< every dependency is made by one destination: packets loop
    std::vector<FixCandidate> fixes;
};

struct LostFlows {
    std::size_t pairs = 0; ///< host pairs without a lossless path
    std::size_t switchPairs = 0; ///< (source switch, destination switch) pairs
    std::vector<FlowExample> examples;
};

struct DeadlockOptions {
    RoutingModel routing = RoutingModel::Ecmp;
    const StaticTable* statics = nullptr;
    std::optional<int> priority; ///< only this lossless priority
    int maxCycles = 16; ///< components reported in detail
    int maxFlowExamples = 3;
    bool fixes = true;
    std::size_t fixBudget = 2'000'000; ///< skip re-running fixes above this many dependency edges
};

struct DeadlockReport {
    RoutingModel routing = RoutingModel::Ecmp;
    std::vector<int> priorities; ///< lossless priorities analysed (empty: no policy, one nominal class)
    std::size_t buffers = 0; ///< switch-to-switch ingress buffers (per class)
    std::size_t dependencies = 0; ///< dependency edges (union over classes)
    std::size_t destinations = 0;
    std::size_t cyclicComponents = 0;
    std::vector<CycleReport> cycles;
    LostFlows unreachable; ///< flows without any (lossless) path in this routing
    std::vector<std::string> notes;
    /// InfiniBand LFTs (ibcredit.h): the distinct path SLs and the distinct VLs of the switch-to-switch
    /// hops of the traced CA-to-CA paths (path SL through each switch's SL2VL). Empty otherwise.
    std::vector<int> slsUsed, vlsUsed;
    double seconds = 0;
    [[nodiscard]] bool hasCycle() const { return cyclicComponents > 0; }
};

/// The channels whose receiving buffer is lossless for @p priority (size = channel count).
std::vector<char> losslessMask(const Fabric& f, const Topology& t, int priority);
/// Lossless priorities in force anywhere in the fabric, ascending; empty when no policy is bound.
std::vector<int> losslessPriorities(const Fabric& f);

/// Healthy-fabric analysis (Ethernet/RoCE routing models: ECMP, up*\/down*, static).
DeadlockReport analyseDeadlock(const Fabric& f, const DeadlockOptions& opt, Feedback* fb = nullptr);
/// Same on a prepared topology with @p down links and per-priority masks (used by the sweep, tests).
struct ClassMask {
    std::vector<int> priorities; ///< priorities sharing this mask
    std::vector<char> lossless; ///< per channel; empty = every buffer lossless
};
DeadlockReport analyseTopology(const Topology& t, const std::vector<ClassMask>& classes, const LinkMask& down,
    const DeadlockOptions& opt, Feedback* fb = nullptr);
std::vector<ClassMask> classMasks(const Fabric& f, const Topology& t, std::optional<int> priority, std::vector<std::string>* notes = nullptr);

// ---- failures ----

struct FailureOptions {
    int maxFailures = 1; ///< 1: every single switch-link failure; 2: and every pair; 3 (certify only): and every triple
    std::size_t sampleLimit = 0; ///< >0: when more scenarios than this, run a random sample of this size
    std::uint64_t seed = 1;
    bool incremental = true; ///< false: recompute every scenario from scratch (for comparison)
    int maxReported = 50; ///< scenarios with cycles reported in detail
    bool explain = true; ///< cycles of failure scenarios with flows and fixes (slower)
    /// One representative per orbit of failure sets under the fabric's automorphism group
    /// (failuresymmetry.h), counted with the orbit's size. false: every failure set (--exhaustive).
    bool symmetry = true;
    /// Pairs of failures whose forwarding trees do not interact reuse the two single-failure analyses
    /// (no joint re-routing; the cycle check on their joint new dependencies remains). false: --exhaustive.
    bool prune = true;
    /// The certificate (certificate.h): one representative per orbit of every set of 1..maxFailures
    /// links (failureSetOrbits, a stabiliser chain: no pair or triple is listed), every
    /// representative's outcome kept in FailureReport::outcomes.
    bool certify = false;
};

/// How a failure set's verdict was reached (docs/deadlock.md "Certificate", the pruning argument).
enum class FailureStage {
    NoReroute, ///< no destination's distances change: every forwarding tree only loses branches, G_F ⊆ G₀
    NoNewDependency, ///< re-routed trees make only turns G₀ already has: G_F ⊆ G₀
    ForwardOnly, ///< every new dependency goes forward in G₀'s topological order: G₀ ∪ N is acyclic
    SupersetAcyclic, ///< backward new dependencies, but no cycle in the part of G₀ ∪ N they reach
    Exact, ///< analysed exactly and in full (the superset had a cycle, the up*/down* ranks moved, or G₀ is cyclic)
};
/// "no-reroute", "no-new-dependency", "forward-only", "superset-acyclic", "exact".
[[nodiscard]] const char* toString(FailureStage s);

/// One analysed failure set of a certificate sweep.
struct FailureOutcome {
    std::vector<int> links;
    std::size_t represents = 1;
    FailureStage stage = FailureStage::Exact;
    std::size_t recomputedDestinations = 0;
    std::size_t cyclicComponents = 0;
};

struct FailureSetOrbits;

struct FailureScenario {
    std::vector<int> links;
    std::size_t represents = 1; ///< failure sets of its symmetry class (itself included)
    std::vector<std::string> linkNames;
    std::vector<ObjectRef> linkRefs; ///< the same links, typed (for findings)
    std::size_t cyclicComponents = 0;
    std::vector<CycleReport> cycles;
    LostFlows lost; ///< flows that had a lossless path in the healthy fabric and lost it
};

struct FailureReport {
    int maxFailures = 1;
    std::size_t switchLinks = 0;
    std::size_t scenariosTotal = 0;
    std::size_t scenariosRun = 0; ///< failure sets analysed (representatives when the symmetry is used)
    bool sampled = false;
    std::uint64_t seed = 1;
    std::size_t withCycles = 0;
    std::size_t withLostFlows = 0;
    std::size_t recomputedDestinations = 0; ///< incremental: destinations whose routes were recomputed
    std::size_t fullRecomputes = 0; ///< scenarios that needed the exact full analysis
    bool incremental = true;
    // symmetry (failuresymmetry.h) and pruning
    bool exhaustive = false; ///< neither symmetry nor pruning was asked for
    bool symmetry = false; ///< one representative per symmetry class was analysed
    std::string symmetrySource; ///< the tool and graph ("nauty 2.8.6 Traces …")
    std::string symmetryNote; ///< why the symmetry was not used, when asked for
    std::size_t symmetryGenerators = 0;
    double groupOrderLog10 = 0; ///< log10 of the automorphism group's order
    std::size_t classes = 0; ///< symmetry classes of failure sets (= scenariosTotal without symmetry)
    double symmetrySeconds = 0;
    std::size_t independentPairs = 0; ///< pairs analysed from their two single failures (no joint re-routing)
    std::vector<FailureScenario> cyclic; ///< up to maxReported
    std::vector<FailureScenario> lossy; ///< up to maxReported (lost flows, no cycle)
    std::vector<FailureOutcome> outcomes; ///< certify: every representative analysed, in order
    std::shared_ptr<const FailureSetOrbits> orbits; ///< certify: the orbits of the failure sets
    std::vector<std::string> notes;
    double seconds = 0;
};

FailureReport analyseFailures(const Topology& t, const std::vector<ClassMask>& classes, const DeadlockOptions& opt,
    const FailureOptions& fo, Feedback* fb = nullptr);

/// Findings (planner/findings/findings.h) for a report and an optional failure sweep.
std::vector<Finding> deadlockFindings(const DeadlockReport& r, const FailureReport* failures = nullptr);

// ---- shared graph utilities (also used by the InfiniBand analysis) ----

/// Strongly connected components with a cycle (size > 1 or a self-loop) of a CSR graph, and for each
/// a shortest cycle (BFS from up to @p maxStarts members). Components sorted by size, largest first.
struct GraphCycle {
    std::size_t componentSize = 0;
    std::vector<int> cycle; ///< node ids, in edge order; the edge back to cycle[0] closes it
};
std::vector<GraphCycle> findCycles(int nodes, const std::vector<int>& start, const std::vector<int>& adj,
    std::size_t maxComponents, std::size_t* componentCount = nullptr, int maxStarts = 64);
/// The CSR form (@p start, @p adj) of a graph of @p nodes nodes given as edges (from << 32 | to), which
/// are sorted and made unique in place (for findCycles).
void csrFromEdges(std::vector<std::uint64_t>& edges, int nodes, std::vector<int>& start, std::vector<int>& adj);

} // namespace lfp
