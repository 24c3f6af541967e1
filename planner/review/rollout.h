// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file rollout.h
/// A safe rollout order for a change between two revisions (docs/review.md §Rollout order).
///
/// The devices whose exported configuration changes (RolloutOptions::devices) are applied in steps: one
/// switch, the optics and fibre of one changed cable (a physical step), or all host NICs attached to one
/// leaf. Rules with reasons order them (RolloutStep::why): a new lossless priority goes on the switches,
/// one at a time, before the NICs mark it, a removed one the other way; the headroom of a longer cable
/// before the cable is swapped, of a shorter one after. Every intermediate state — the devices of the
/// steps so far at the new revision, the others at the base, the cables swapped so far at their new
/// length — is a hybrid fabric (hybridFabric) checked with runAllChecks and, traffic-aware, the lossless
/// contract (planner/checks/contract.h): a class carries traffic once its senders mark it
/// (carryingPriorities), and a state is unsafe when a class that carries traffic loses its lossless
/// path, its ECN or its CNP return (a new contract break), or another error finding appears; the
/// findings of one class's consistency between two devices count only with a contract break. The search
/// is greedy: at each point it takes the first pending unit the rules allow whose state introduces no
/// error. When a unit introduces one, the pending units the finding names are merged into it and the
/// merged step is tried again (atomic), up to a bounded number of check runs. When nothing avoids a risk
/// the first unit is applied anyway and the step reports the error findings it cannot avoid, the links
/// they concern and why (their messages). The rollback is the steps reversed (docs/review.md).

#include "planner/findings/findings.h"
#include "model/asiccatalog.h"
#include "model/fabric.h"
#include "model/feedback.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace lfp {

class FabricIndex;

/// The fabric with the devices in @p atNew at revision @p after and every other device at @p before:
/// each device's node and ports come from one revision, links with an end on a device of @p atNew from
/// @p after (the others from @p before), and the policy in force on each port of a device of @p atNew
/// is the one @p after puts there (added as "NAME@new" when @p before has another policy of that name,
/// bound by port overrides).
Fabric hybridFabric(const Fabric& before, const Fabric& after, const std::set<std::string>& atNew);

/// A link whose physical plant changes between the revisions (same endpoints, another length, medium or
/// fibre): optics and fibre are swapped in a step of its own (RolloutStepKind::Physical).
struct CableChange {
    Link before, after;
    [[nodiscard]] bool longer() const { return after.length > before.length; }
    [[nodiscard]] std::string id() const; ///< "leaf1:Ethernet0 -- spine1:Ethernet0" (endpoints sorted)
};
/// The links of both revisions whose length, medium or fibre differ (matched by their endpoints).
std::vector<CableChange> cableChanges(const Fabric& before, const Fabric& after);

/// The hybrid fabric of hybridFabric() with the cable of each CableChange from @p after only when its id
/// is in @p cablesAtNew (the physical step done), else from @p before — whatever revision its ends are at.
Fabric hybridFabric(const Fabric& before, const Fabric& after, const std::set<std::string>& atNew, const std::set<std::string>& cablesAtNew);

/// Builds hybrid fabrics of two revisions, many times: the name maps, the new revision's index and
/// the changed cables are worked out once (hybridFabric builds one of these per call).
class HybridBuilder {
public:
    HybridBuilder(const Fabric& before, const Fabric& after);
    ~HybridBuilder();
    HybridBuilder(const HybridBuilder&) = delete;
    HybridBuilder& operator=(const HybridBuilder&) = delete;
    [[nodiscard]] Fabric build(const std::set<std::string>& atNew) const; ///< hybridFabric(before, after, atNew)
    /// hybridFabric(before, after, atNew, cablesAtNew)
    [[nodiscard]] Fabric build(const std::set<std::string>& atNew, const std::set<std::string>& cablesAtNew) const;

private:
    void overridePolicies(Fabric& h, const std::set<std::string>& atNew) const;
    const Fabric &before_, &after_;
    std::unique_ptr<FabricIndex> afterIndex_;
    std::unordered_map<std::string_view, const Node*> inBefore_, inAfter_;
    std::unordered_set<std::string> cableNodes_; ///< ends of changed cables
    std::map<std::string, CableChange> cables_; ///< by CableChange::id()
};

/// The priorities that carry traffic in @p f: a class carries traffic once its senders mark it — the
/// host NICs whose policy in force sends RoCE on it or enables PFC on it (from then on applications may
/// mark its DSCP). Sorted.
std::vector<int> carryingPriorities(const Fabric& f);

/// Devices (node names) whose configuration differs between the revisions: the node or its ports
/// changed, a link at it changed, the policy in force on one of its ports changed (by value), or it was
/// added or removed.
std::set<std::string> changedDevices(const Fabric& before, const Fabric& after);

/// Identity of a finding for before/after comparisons: code and objects ("@new" policy names folded).
std::string changeFindingKey(const Finding& f);

enum class RolloutStepKind {
    Switch, ///< one switch's configuration (or several, merged when atomic)
    Hosts, ///< the host NICs under one leaf
    Physical, ///< optics and fibre of changed cables swapped (no configuration)
};
const char* toString(RolloutStepKind k); ///< "switch", "hosts", "physical"

struct RolloutStep {
    int step = 0; ///< 1-based
    RolloutStepKind kind = RolloutStepKind::Switch;
    std::vector<std::string> devices;
    std::string label; ///< "spine1", "NICs under leaf1", "leaf1 + spine1 (atomic: LFP-LINK-PFC-MISMATCH)"
    bool atomic = false; ///< merged because a finding names devices of both parts
    std::vector<Finding> findings; ///< error findings this intermediate state introduces (empty = safe)
    int riskyLinks = 0; ///< links named by those findings
    std::string why; ///< the rule that puts the step where it is (English)
    /// Why its devices are drained; empty = not drained. The planner says it for physical steps; the
    /// review (exporters/review.cpp) for the others, from the delta's disruptive commands.
    std::string drain;
    std::vector<std::string> cables; ///< Physical: CableChange::id of the cables swapped
    std::vector<int> carrying; ///< priorities carrying traffic once the step is done (carryingPriorities)
    int undoes = 0; ///< rollback steps: the forward step it reverses
};

struct RolloutPlan {
    std::vector<RolloutStep> steps;
    /// The true inverse: the steps in reverse order, each returning its devices (or cables) to the base
    /// revision. Its intermediate states are the forward order's, visited backwards, so each carries
    /// the findings of the forward state it returns to.
    std::vector<RolloutStep> rollback;
    std::vector<int> carryingBefore; ///< priorities carrying traffic in the base revision
    std::vector<int> addedLossless, removedLossless; ///< lossless priorities the change adds / removes
    bool trafficAware = true; ///< class breaks judged by the lossless contract (false: by findings alone)
    bool safe = true; ///< no step introduces an error finding
    int checkRuns = 0;
    std::vector<std::string> notes;
};

struct RolloutOptions {
    int maxCheckRuns = 400; ///< bound of the search
    /// Fixed order of units to evaluate instead of searching (each inner list is one step), e.g. the
    /// naive "NICs first" order a test compares with.
    std::vector<std::vector<std::string>> fixedOrder;
    /// The devices to roll out (the review: those whose exported configuration changes, plus the ends
    /// of a changed cable); nullopt = changedDevices().
    std::optional<std::set<std::string>> devices;
    /// Judge class breaks by the lossless contract on each hybrid state (planner/checks/contract.h),
    /// so a class no sender marks yet cannot make a state unsafe; false: every error finding counts.
    bool trafficAware = true;
    /// The findings of runAllChecks on each revision, when the caller has them (the review does): the
    /// rollout's base and target states are then not checked again. The catalogue they were computed
    /// with must be @p catalog with both revisions' project profiles merged (AsicCatalog::mergeProject).
    const std::vector<Finding>* beforeFindings = nullptr;
    const std::vector<Finding>* afterFindings = nullptr;
    /// Check each intermediate state incrementally: the buffers of only the switches whose inputs are
    /// neither the base's nor the target's (the verdict is the full check's; tests/review compares them).
    bool incremental = true;
};

/// The steps for the change @p before → @p after (see the file comment). Cancelled through @p fb.
RolloutPlan planRollout(const Fabric& before, const Fabric& after, const AsicCatalog& catalog, const RolloutOptions& options = {},
    Feedback* fb = nullptr);

} // namespace lfp
