// SPDX-License-Identifier: GPL-3.0-or-later
// Findings (planner/findings.h) from deadlock reports; codes in docs/findings.md (LFP-DEADLOCK-*, LFP-CREDIT-LOOP*).
#include "deadlock.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <set>

namespace lfp {

// =============================================================================================
// Findings

namespace {
    std::string classText(const CycleReport& c)
    {
        if (c.vl >= 0)
            return fmt::format("VL {}", c.vl);
        if (c.priorities.empty())
            return "the lossless class";
        return fmt::format("priority {}", fmt::join(c.priorities, ","));
    }

    Finding cycleFinding(const CycleReport& c, Severity sev, const std::string& code, const std::string& context)
    {
        Finding f;
        f.severity = sev;
        f.code = code;
        std::set<std::string> links;
        std::vector<std::string> path;
        for (const auto& h : c.hops) {
            if (links.insert(h.link).second)
                f.objects.push_back(h.link);
            path.push_back(h.buffer + (h.vl >= 0 ? fmt::format(" VL{}", h.vl) : ""));
        }
        f.message = fmt::format("{}cyclic buffer dependency on {} through {} buffers{}: {}", context, classText(c), c.hops.size(),
            c.routingLoop ? " (a routing loop: one destination's packets circle)" : "", fmt::join(path, " => "));
        f.evidence.push_back({ "cycle_length", static_cast<double>(c.hops.size()), "buffers", "shortest cycle of the component" });
        f.evidence.push_back({ "component_size", static_cast<double>(c.componentSize), "buffers", "strongly connected component" });
        for (const auto& h : c.hops) {
            std::string ex;
            if (!h.flows.empty())
                ex = fmt::format(", e.g. {} -> {}", h.flows[0].source, h.flows[0].destination);
            f.evidence.push_back({ fmt::format("flows {} => next", h.buffer), static_cast<double>(h.flowCount), "flows",
                fmt::format("{} destination(s){}{}{}", h.inducingDestinations, h.turn.empty() ? "" : ", turn " + h.turn, ex,
                    h.flowCountExact ? "" : " (count over the first destinations)") });
        }
        const FixCandidate* best = nullptr;
        for (const auto& fx : c.fixes)
            if (fx.removesAll && (!best || (fx.kind != "updown-only" && best->kind == "updown-only")))
                best = &fx;
        if (best)
            f.fix = fmt::format("{} (checked: no cycle left; cost {} {})", best->description, best->cost, best->costUnit);
        else if (c.vl >= 0)
            f.fix = "Route with a credit-loop-free engine (updn/ftree with correct roots) or a VL-layered one (dfsssp, lash with -Q), and make hosts use the PathRecord SL";
        else
            f.fix = "Keep lossless traffic on up*/down* paths (demote or drop bounced packets) or give bounced packets another lossless priority (Tagger)";
        return f;
    }
} // namespace

std::vector<Finding> deadlockFindings(const DeadlockReport& r, const FailureReport* failures)
{
    std::vector<Finding> out;
    for (const auto& c : r.cycles) {
        const bool ib = c.vl >= 0;
        std::string code = ib ? "LFP-CREDIT-LOOP" : (c.routingLoop ? "LFP-DEADLOCK-ROUTING-LOOP" : "LFP-DEADLOCK-CYCLE");
        if (ib && c.routingLoop)
            code = "LFP-CREDIT-LOOP-ROUTING-LOOP";
        out.push_back(cycleFinding(c, Severity::Error, code, ""));
    }
    if (r.unreachable.switchPairs) {
        Finding f;
        f.severity = r.routing == RoutingModel::Lft ? Severity::Error : Severity::Warning;
        f.code = r.routing == RoutingModel::Lft ? "LFP-CREDIT-LOOP-MISSING-PATH" : "LFP-DEADLOCK-UNREACHABLE";
        f.message = fmt::format("{} host pairs have no {} path", r.unreachable.pairs, r.routing == RoutingModel::UpDown ? "up*/down*" : "routed");
        for (const auto& e : r.unreachable.examples)
            f.objects.push_back(e.source + " -> " + e.destination);
        f.evidence.push_back({ "host_pairs", static_cast<double>(r.unreachable.pairs), "pairs", "" });
        f.evidence.push_back({ "switch_pairs", static_cast<double>(r.unreachable.switchPairs), "pairs", "(source switch, destination switch)" });
        f.fix = "Add links or roots so every pair has a legal path, or carry those flows in a lossy class";
        out.push_back(std::move(f));
    }
    if (failures) {
        for (const auto& s : failures->cyclic)
            for (const auto& c : s.cycles) {
                auto f = cycleFinding(c, Severity::Error, c.routingLoop ? "LFP-DEADLOCK-FAILURE-ROUTING-LOOP" : "LFP-DEADLOCK-FAILURE-CYCLE",
                    fmt::format("with {} down: ", fmt::join(s.linkNames, " and ")));
                f.objects.insert(f.objects.begin(), s.linkNames.begin(), s.linkNames.end());
                out.push_back(std::move(f));
            }
        if (failures->withCycles > failures->cyclic.size()) {
            Finding f;
            f.severity = Severity::Error;
            f.code = "LFP-DEADLOCK-FAILURE-CYCLE";
            f.message = fmt::format("{} more failure sets create cycles (not listed)", failures->withCycles - failures->cyclic.size());
            out.push_back(std::move(f));
        }
        for (const auto& s : failures->lossy) {
            Finding f;
            f.severity = Severity::Warning;
            f.code = "LFP-DEADLOCK-FAILURE-UNREACHABLE";
            f.objects = s.linkNames;
            f.message = fmt::format("with {} down, {} host pairs lose their lossless path", fmt::join(s.linkNames, " and "), s.lost.pairs);
            for (const auto& e : s.lost.examples)
                f.evidence.push_back({ e.source + " -> " + e.destination, 0, "", "no path" });
            f.fix = "Accept (traffic waits for repair or is carried lossy) or add links/roots so up*/down* keeps a path";
            out.push_back(std::move(f));
        }
    }
    return out;
}

} // namespace lfp
