// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file watchdog.h
/// PFC watchdog semantics per platform, as sourced data (resources/watchdog/*.json, one file per
/// platform: defaults, ranges, action set, per-port or global action, polling rules, SONiC's
/// start_default scaling, each with its source and date), the timers a policy's watchdog really runs
/// with on a switch of that platform, and the findings of timers that are not valid there
/// (LFP-WD-POLLING, -RANGE, -DEFAULT-SCALED, -ACTION-UNSUPPORTED, -NIC-MISSING, -WINDOW-SKEW;
/// docs/findings.md). The model and its sources: docs/storm.md. No Qt.

#include "planner/findings/findings.h"

#include "model/fabric.h"
#include "model/fabricindex.h"
#include "model/feedback.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lfp {

/// SONiC `pfcwd start_default` (sonic-utilities pfcwd/main.py): multiply = max(1, (ports − 1) // 32 + 1);
/// detection = restoration = 200 ms × multiply; POLL_INTERVAL = 200 ms × multiply.
struct StartDefaultRule {
    double baseDetectionMs = 200, baseRestorationMs = 200, basePollingMs = 200;
    int portsPerStep = 32;
    double pollingCapMs = 1000; ///< since pull request 4306 (0 = no cap)
};

struct WatchdogSource {
    std::string what, ref, date;
};

struct WatchdogPlatform {
    std::string id; ///< "sonic", "junos", "nxos", "eos", "nvue", "broadcom-dnx", "nic"
    std::string name, mode, detection, window;
    std::vector<std::string> os; ///< values of the node attribute "os" that select it
    std::vector<std::string> asics; ///< ASIC ids it applies to (the DNX credit watchdog)
    std::optional<double> detectionMs, restorationMs, pollingMs; ///< defaults
    std::optional<WatchdogAction> defaultAction;
    std::optional<std::pair<double, double>> detectionRange, restorationRange, pollingRange; ///< ms, inclusive
    std::vector<WatchdogAction> actions;
    bool globalAction = false; ///< one action for every port of the switch
    bool pollingAtMostDetection = false, pollingAtMostRestoration = false;
    std::optional<StartDefaultRule> startDefault;
    std::vector<std::string> notes;
    std::vector<WatchdogSource> sources;
};

/// Every platform of resources/watchdog (the build tree's, else <prefix>/share/lfp/watchdog), loaded
/// once; empty when the directory is missing. Throws InputError for a malformed file.
const std::vector<WatchdogPlatform>& watchdogPlatforms();
const WatchdogPlatform* watchdogPlatform(std::string_view id);
/// The platform of a switch: the node attribute "os" (sonic, junos, nxos, eos, nvue/cumulus), else
/// "sonic" when an import left sonic.* attributes; nullptr when unknown (no platform rule is checked).
const WatchdogPlatform* watchdogPlatformFor(const Node& node);

/// Which release of start_default: before pull request 4306 (no polling cap, every PORT counted),
/// 4306 (polling capped at 1000 ms), 4775 (only PFC-enabled active ports counted; the newest).
enum class StartDefaultRelease { Before4306, Pr4306, Pr4775 };
struct StartDefaultTimers {
    int countedPorts = 0;
    int multiply = 1;
    double detectionMs = 0, restorationMs = 0, pollingMs = 0;
    double uncappedPollingMs = 0;
    [[nodiscard]] bool pollingCapped() const { return pollingMs < uncappedPollingMs; }
};
/// The timers start_default writes on a switch with @p ports PORT entries of which @p pfcPorts are
/// active with PFC enabled.
StartDefaultTimers sonicStartDefault(int ports, int pfcPorts, StartDefaultRelease release = StartDefaultRelease::Pr4775);

/// The watchdog a port really runs: the policy's settings with the platform's defaults filled in. The
/// polling interval is per switch, as SONiC's PFC_WD|GLOBAL POLL_INTERVAL and NVUE's global
/// polling-interval are: the node attribute "pfc_watchdog.polling" (a duration such as 200ms), else the
/// platform's default, else 0 (platform unknown).
struct EffectiveWatchdog {
    bool on = false; ///< enabled and with an action that ends a pause (drop or forward)
    bool enabled = false;
    double detectionMs = 0, restorationMs = 0, pollingMs = 0;
    WatchdogAction action = WatchdogAction::Drop;
    std::string platform; ///< platform id, "" when unknown
    std::string pollingNote; ///< where the polling interval came from
    /// Worst case until the watchdog acts: detection + polling (the end of its detection window).
    [[nodiscard]] double worstMs() const { return detectionMs + pollingMs; }
};
EffectiveWatchdog effectiveWatchdog(const PfcWatchdog& w, const WatchdogPlatform* platform, const Node* node = nullptr);
/// The switch's "pfc_watchdog.polling" attribute in ms; nullopt when absent or malformed.
std::optional<double> pollingAttributeMs(const Node& node);

/// A host NIC's PFC storm prevention: the host attribute "nic.pfc_watchdog" (off, auto = the "nic"
/// platform's default, or a duration such as 100ms); absent = auto. nullopt when off.
std::optional<double> nicWatchdogMs(const Node& host);

/// Findings of watchdog timers against their platforms (grouped by platform and policy).
std::vector<Finding> checkWatchdogPlatforms(const FabricIndex& index, Feedback* feedback = nullptr);

} // namespace lfp
