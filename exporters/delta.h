// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file delta.h
/// The change between two exports of one target (two revisions of a project): per device a unified
/// diff of its files and the commands that take the device from the base to the new configuration
/// (removals included), each marked disruptive or not with the reason. `lfp export --base` prints
/// it; the change-review checklist reuses it. docs/export.md §Change delta.

#include "exporter.h"

#include <optional>
#include <string>
#include <vector>

namespace lfp {

struct ChangeCommand {
    std::string text; ///< one command (or block) to run on the device
    bool removal = false;
    bool disruptive = false;
    std::string reason; ///< why it disrupts traffic (empty when it does not)
    /// Why the command stands where it does in the sequence (create before reference, shrink pools before
    /// growing reservations, re-point before delete, …); empty where order does not matter.
    std::string step;
    /// SONiC: true when the generic config updater validates the change as live-applicable
    /// (`config apply-patch`, sonic-utilities gcu_field_operation_validators.conf.json), false when it
    /// needs a config reload to take effect safely; nullopt on other targets.
    std::optional<bool> live;
};

struct DeviceDelta {
    std::string device;
    std::string file;
    enum class Kind { Added, Removed, Changed } kind = Kind::Changed;
    std::string diff; ///< unified diff (base → new), "--- a/<file>" / "+++ b/<file>"
    std::vector<ChangeCommand> commands;
    [[nodiscard]] bool disruptive() const;
};

/// ChangeCommand::step of the SONiC command that turns the shared headroom pool off (ingress_lossless_pool
/// xoff removed or 0) or changes its over-subscription ratio: it runs after every buffer profile and PG
/// change of the delta, because SONiC may turn the pool off only once every lossless profile has
/// xon + xoff = size (sonic-swss pull request 4153); the review's rollout states it with the step.
inline constexpr const char* kSonicHeadroomPoolOffStep =
    "turns the shared headroom pool off (or changes its over-subscription) only after every lossless profile has xon + xoff = size (sonic-swss pull request 4153)";

/// Unified diff of two texts by lines with @p context lines of context (Myers' O(ND) algorithm).
std::string unifiedDiff(const std::string& from, const std::string& to, const std::string& fromName, const std::string& toName, int context = 3);

/// The per-device deltas of @p target between @p base and @p current (only devices that changed).
std::vector<DeviceDelta> computeDelta(const std::string& target, const ExportResult& base, const ExportResult& current);

const char* toString(DeviceDelta::Kind k);

} // namespace lfp
