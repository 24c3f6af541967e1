// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/plan/planfacts.h"

#include <algorithm>
#include <fmt/format.h>

namespace lfp::facts {

std::string policy(const PolicyPlan& p, std::string_view what) { return fmt::format("policy:{}/{}", p.name, what); }
std::string queue(const PolicyPlan& p, int q, std::string_view what) { return fmt::format("policy:{}/queue {}/{}", p.name, q, what); }
std::string rewrite(const PolicyPlan& p, int from) { return fmt::format("policy:{}/{} {}", p.name, kDscpRewrite, from); }
std::string port(const PortPlan& p, std::string_view what) { return fmt::format("port:{}/{}", p.name, what); }
std::string device(std::string_view what) { return fmt::format("device/{}", what); }

std::vector<std::string> ports(const DevicePlan& d, std::string_view what, const PolicyPlan* only)
{
    std::vector<std::string> out;
    for (const PortPlan& p : d.ports) {
        if (!p.qos || (only && p.qos.get() != only) || (what == kHeadroom && !p.headroom) || (what == kBreakout && p.breakoutParent.empty()))
            continue;
        if (!d.isSwitch && (what == kSpeed || what == kFec || what == kHeadroom))
            continue;
        out.push_back(port(p, what));
    }
    return out;
}

std::vector<std::string> join(std::vector<std::string> a, const std::vector<std::string>& b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

namespace {

void policyFacts(const DevicePlan& d, const PolicyPlan& p, std::vector<std::string>& out)
{
    out.push_back(policy(p, kTrust));
    out.push_back(policy(p, kDscpMap));
    const bool lossless = !p.losslessPriorities.empty();
    if (lossless) {
        out.push_back(policy(p, kNoDrop));
        if (d.isSwitch)
            out.push_back(policy(p, kPgMap));
    }
    if (!d.isSwitch)
        return; // a host's queues, ECN and watchdog are the switches'; its NIC facts are per port
    for (const QueuePlan& q : p.queues) {
        if (q.mode)
            out.push_back(queue(p, q.queue, kScheduling));
        if (q.ecn) {
            out.push_back(queue(p, q.queue, kEcn));
            out.push_back(queue(p, q.queue, kEcnProbability));
        }
    }
    if (lossless)
        out.push_back(policy(p, kWatchdog));
    if (p.watchdog.active) {
        out.push_back(policy(p, kWatchdogDetection));
        out.push_back(policy(p, kWatchdogRestoration));
        out.push_back(policy(p, kWatchdogAction));
    }
    for (const DscpRewritePlan& r : p.dscpRewrite)
        out.push_back(rewrite(p, r.from));
}

void portFacts(const DevicePlan& d, const PortPlan& p, std::vector<std::string>& out)
{
    out.push_back(port(p, kMtu));
    if (!d.isSwitch) {
        for (std::string_view w : { kNicEts, kRoceTos, kDcqcn, kNicBuffers })
            out.push_back(port(p, w));
        return;
    }
    out.push_back(port(p, kSpeed));
    out.push_back(port(p, kFec));
    if (!p.breakoutParent.empty())
        out.push_back(port(p, kBreakout));
    if (p.headroom)
        out.push_back(port(p, kHeadroom));
}

} // namespace

std::vector<std::string> all(const DevicePlan& d)
{
    std::vector<std::string> out;
    for (const auto& p : d.policyPlans)
        policyFacts(d, *p, out);
    for (const PortPlan& p : d.ports)
        if (p.qos)
            portFacts(d, p, out);
    if (d.pools && d.pools->sharedHeadroomPool)
        out.push_back(device(kSharedHeadroomPool));
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace lfp::facts
