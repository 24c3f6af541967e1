// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Helpers of the renderers that read the resolved DevicePlan (planner/plan/deviceplan.h): object names for
// findings, rounding to whole percent and the per-device writer base (not a public header).
#include "exportutil.h"
#include "planner/plan/deviceplan.h"
#include "planner/plan/planfacts.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace lfp::exp {

inline ObjectRef policyObject(const PolicyPlan& p) { return ObjectRef::forPolicy(p.name); }
/// The port as a finding names it (model/objectref.h).
inline ObjectRef portName(const DevicePlan& d, const PortPlan& p) { return ObjectRef::forPort({ d.name, p.name }); }

/// The facts (planner/plan/planfacts.h) a target that derives PGs and headroom in the platform does not
/// write for policy @p p: its lossless class → PG map and the headroom of its ports.
inline std::vector<std::string> pgHeadroomFacts(const DevicePlan& d, const PolicyPlan& p)
{
    std::vector<std::string> out = facts::ports(d, facts::kHeadroom, &p);
    if (!p.losslessPriorities.empty())
        out.push_back(facts::policy(p, facts::kPgMap));
    return out;
}
/// The watchdog facts @p what of policy @p p (none when its watchdog is not active).
inline std::vector<std::string> watchdogFacts(const PolicyPlan& p, std::initializer_list<std::string_view> what)
{
    std::vector<std::string> out;
    if (p.watchdog.active)
        for (auto w : what)
            out.push_back(facts::policy(p, w));
    return out;
}

/// The fact @p what of port @p p when the export states it (a port with a policy), else none: what a
/// finding about a port's value names (planner/plan/planfacts.h).
inline std::vector<std::string> portFacts(const PortPlan& p, std::string_view what)
{
    if (!p.qos)
        return {};
    return { facts::port(p, what) };
}
/// The fact @p what (ECN thresholds or probability) of every queue of policy @p p that ECN profile
/// @p profile marks.
inline std::vector<std::string> ecnFacts(const PolicyPlan& p, const std::string& profile, std::string_view what = facts::kEcn)
{
    std::vector<std::string> out;
    for (const QueuePlan& q : p.queues)
        if (q.ecn && q.ecn->profile == profile)
            out.push_back(facts::queue(p, q.queue, what));
    return out;
}

/// ECN thresholds written in whole percent of the queue buffer (Junos fill levels, Huawei `ecn low-limit`):
/// the nearest percent, the low one within [@p lowMin, 99], the high one above it and at most 100.
/// @p exact: both are the plan's fractions up to that rounding (half a percent); otherwise the clamp
/// moved one (Kmax below Kmin, both in one percent, a threshold beyond the queue buffer), or a Kmin the
/// plan sets above zero rounded to 0 % (the switch would mark from an empty queue: Kmin 150 KB of a
/// 39 MB Spectrum-4 queue buffer is 0.38 %), and the thresholds are written with other values
/// (LFP-EXPORT-VALUE-OUT-OF-RANGE ecn-thresholds). One rule for every percent target, so Junos and
/// Huawei judge the same plan alike.
struct PercentThresholds {
    double low = 0, high = 0; ///< planned, % of the queue buffer
    long long lowWritten = 0, highWritten = 0;
    bool exact = true;
};
inline PercentThresholds percentThresholds(const EcnPlan& e, long long lowMin)
{
    PercentThresholds t;
    t.low = 100.0 * e.kminFraction.value_or(0);
    t.high = 100.0 * e.kmaxFraction.value_or(0);
    t.lowWritten = std::clamp<long long>(std::llround(t.low), lowMin, 99);
    t.highWritten = std::clamp<long long>(std::llround(t.high), t.lowWritten + 1, 100);
    t.exact = std::abs(static_cast<double>(t.lowWritten) - t.low) <= 0.5 + 1e-9 && std::abs(static_cast<double>(t.highWritten) - t.high) <= 0.5 + 1e-9
        && !(t.lowWritten == 0 && t.low > 0);
    return t;
}

/// Whole percent of a marking probability (0..1), clamped to [lo, hi]; @p exact tells whether the
/// planned value was a whole percent (within 1e-9 %).
struct WholePercent {
    long long value = 0;
    double planned = 0;
    bool exact = true;
};
inline WholePercent wholePercent(double fraction, long long lo, long long hi)
{
    WholePercent w;
    w.planned = fraction * 100.0;
    w.value = std::clamp<long long>(std::llround(w.planned), lo, hi);
    w.exact = std::abs(w.planned - static_cast<double>(w.value)) <= 1e-9;
    return w;
}

/// Milliseconds of a duration as a double (the unit the vendors' watchdog timers are planned in).
inline double ms(Nanoseconds t) { return t.value() / 1e6; }

/// What every per-device renderer holds: the device's plan, the export it adds files and findings to
/// (the skeleton of exporter.h: DeviceExport::finding) and the text being written.
class DeviceWriter {
public:
    DeviceWriter(const DevicePlan& d, DeviceExport& out)
        : m_d(d)
        , m_out(out)
    {
    }

protected:
    const DevicePlan& m_d;
    DeviceExport& m_out;
    Text m_t;

    void note(Severity s, std::string_view code, std::vector<ObjectRef> objects, FindingParams params, std::vector<Evidence> evidence = {},
        std::vector<std::string> facts = {})
    {
        m_out.finding(s, code, std::move(objects), std::move(params), std::move(evidence), std::move(facts));
    }
    /// The plans of the device's policies, in first-use order.
    [[nodiscard]] const std::vector<std::shared_ptr<const PolicyPlan>>& policies() const { return m_d.policyPlans; }
};

} // namespace lfp::exp
