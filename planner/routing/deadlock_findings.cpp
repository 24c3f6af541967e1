// SPDX-License-Identifier: GPL-3.0-or-later
// Findings (planner/findings/findings.h) from deadlock reports; codes in docs/findings.md (LFP-DEADLOCK-*, LFP-CREDIT-LOOP*).
#include "planner/routing/deadlock.h"
#include "model/counttext.h"
#include "planner/findings/findingregistry.h"

#include <array>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <set>

namespace lfp {

// =============================================================================================
// Findings

namespace {
    /// The cycle's class as a clause ("deadlock-class-*": "VL 2", "priority 3,4", "the lossless class").
    void addClass(FindingParams& params, const CycleReport& c)
    {
        if (c.vl >= 0) {
            params.emplace_back("class", "deadlock-class-vl");
            params.emplace_back("vl", std::to_string(c.vl));
        } else if (c.priorities.empty()) {
            params.emplace_back("class", "deadlock-class-lossless");
        } else {
            params.emplace_back("class", "deadlock-class-priority");
            params.emplace_back("priorities", fmt::format("{}", fmt::join(c.priorities, ",")));
        }
    }

    /// The cost units of planner/routing/deadlock_fixes.cpp and ibcredit.cpp as clauses ("deadlock-unit-*"), the
    /// singular ("-one") when @p cost is 1, so that "cost 1 link" reads right in every language.
    const char* unitClause(const std::string& unit, double cost)
    {
        struct Unit {
            const char* english;
            const char* clause;
            const char* one;
        };
        static const std::array<Unit, 7> kUnits { {
            { "host pairs without a lossless path", "deadlock-unit-lost-pairs", "deadlock-unit-lost-pairs-one" },
            { "destination switches with bounced (demoted) traffic", "deadlock-unit-bounced", "deadlock-unit-bounced-one" },
            { "extra lossless priorities", "deadlock-unit-priorities", "deadlock-unit-priorities-one" },
            { "static routes", "deadlock-unit-routes", "deadlock-unit-routes-one" },
            { "links", "deadlock-unit-links", "deadlock-unit-links-one" },
            { "VLs", "deadlock-unit-vls", "deadlock-unit-vls-one" },
            { "VLs (layers) needed", "deadlock-unit-layers", "deadlock-unit-layers-one" },
        } };
        for (const auto& u : kUnits)
            if (unit == u.english)
                return cost == 1 ? u.one : u.clause;
        return nullptr;
    }

    /// The remedy of a cycle's finding: the best checked fix ("deadlock-remedy-checked", its description
    /// and cost unit as clauses where the fix has them), else the general advice.
    void addRemedy(FindingParams& params, const CycleReport& c)
    {
        const FixCandidate* best = nullptr;
        for (const auto& fx : c.fixes)
            if (fx.removesAll && (!best || (fx.kind != "updown-only" && best->kind == "updown-only")))
                best = &fx;
        if (!best) {
            params.emplace_back("remedy", c.vl >= 0 ? "deadlock-remedy-ib" : "deadlock-remedy-eth");
            return;
        }
        params.emplace_back("remedy", "deadlock-remedy-checked");
        if (best->descriptionClause.empty()) {
            params.emplace_back("fix", "deadlock-fix-text");
            params.emplace_back("fix_text", best->description);
        } else {
            params.emplace_back("fix", best->descriptionClause);
            params.insert(params.end(), best->descriptionParams.begin(), best->descriptionParams.end());
        }
        params.emplace_back("cost", fmt::format("{}", best->cost));
        if (const char* u = unitClause(best->costUnit, best->cost)) {
            params.emplace_back("unit", u);
        } else {
            params.emplace_back("unit", "deadlock-unit-text");
            params.emplace_back("unit_text", best->costUnit);
        }
    }

    std::vector<FindingListItem> linkItems(const std::vector<std::string>& links)
    {
        std::vector<FindingListItem> v;
        for (const auto& l : links)
            v.push_back({ "list-value", { { "value", l } } });
        return v;
    }

    /// A cycle's finding, rendered from the code's templates (planner/findings/findingregistry.cpp) with the
    /// parameters class, length, path, remedy and, for failure codes, links.
    Finding cycleFinding(const CycleReport& c, const std::string& code, const FailureScenario* failed)
    {
        std::vector<ObjectRef> objects;
        std::set<std::string> links;
        std::vector<std::string> path;
        for (const auto& h : c.hops) {
            if (links.insert(h.link).second)
                objects.push_back(h.linkRef.node.empty() ? ObjectRef::fromText(h.link) : h.linkRef);
            path.push_back(h.buffer + (h.vl >= 0 ? fmt::format(" VL{}", h.vl) : ""));
        }
        std::vector<Evidence> ev;
        ev.push_back({ "cycle_length", static_cast<double>(c.hops.size()), "buffers", "shortest cycle of the component" });
        ev.push_back({ "component_size", static_cast<double>(c.componentSize), "buffers", "strongly connected component" });
        for (const auto& h : c.hops) {
            std::string ex;
            if (!h.flows.empty())
                ex = fmt::format(", e.g. {} -> {}", h.flows[0].source, h.flows[0].destination);
            ev.push_back({ fmt::format("flows {} => next", h.buffer), static_cast<double>(h.flowCount), "flows",
                fmt::format("{}{}{}{}", countOf(static_cast<std::int64_t>(h.inducingDestinations), "destination"), h.turn.empty() ? "" : ", turn " + h.turn, ex,
                    h.flowCountExact ? "" : " (count over the first destinations)") });
        }
        FindingParams params { { "length", std::to_string(c.hops.size()) }, { "path", fmt::format("{}", fmt::join(path, " => ")) } };
        addClass(params, c);
        addRemedy(params, c);
        if (failed) {
            addListParam(params, "links", linkItems(failed->linkNames), SIZE_MAX, "list-and");
            objects.insert(objects.begin(), failed->linkRefs.begin(), failed->linkRefs.end());
        }
        return makeFinding(code, std::move(objects), std::move(params), std::move(ev));
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
        out.push_back(cycleFinding(c, code, nullptr));
    }
    if (r.unreachable.switchPairs) {
        std::vector<ObjectRef> objects;
        for (const auto& e : r.unreachable.examples)
            objects.push_back(ObjectRef::forHostPair(e.source, e.destination));
        const bool lft = r.routing == RoutingModel::Lft;
        out.push_back(makeFinding(lft ? "LFP-CREDIT-LOOP-MISSING-PATH" : "LFP-DEADLOCK-UNREACHABLE", std::move(objects),
            FindingParams { { "pairs", std::to_string(r.unreachable.pairs) }, { "routing", r.routing == RoutingModel::UpDown ? "up*/down*" : "routed" } },
            { { "host_pairs", static_cast<double>(r.unreachable.pairs), "pairs", "" },
                { "switch_pairs", static_cast<double>(r.unreachable.switchPairs), "pairs", "(source switch, destination switch)" } },
            lft ? Severity::Error : Severity::Warning));
    }
    if (failures) {
        std::size_t listed = 0; // failure sets the listed representatives stand for
        for (const auto& s : failures->cyclic) {
            listed += s.represents;
            for (const auto& c : s.cycles) {
                auto f = cycleFinding(c, c.routingLoop ? "LFP-DEADLOCK-FAILURE-ROUTING-LOOP" : "LFP-DEADLOCK-FAILURE-CYCLE", &s);
                if (s.represents > 1)
                    f.evidence.push_back({ "represents", static_cast<double>(s.represents), "failure sets", "its symmetry class: each set of it has this cycle, renamed" });
                out.push_back(std::move(f));
            }
        }
        if (failures->withCycles > listed)
            out.push_back(makeFinding("LFP-DEADLOCK-FAILURE-CYCLE-UNLISTED", {}, FindingParams { { "count", std::to_string(failures->withCycles - listed) } }));
        for (const auto& s : failures->lossy) {
            std::vector<Evidence> ev;
            for (const auto& e : s.lost.examples)
                ev.push_back({ e.source + " -> " + e.destination, 0, "", "no path" });
            if (s.represents > 1)
                ev.push_back({ "represents", static_cast<double>(s.represents), "failure sets", "its symmetry class" });
            out.push_back(makeFinding("LFP-DEADLOCK-FAILURE-UNREACHABLE", s.linkRefs,
                [&] {
                    FindingParams p { { "pairs", std::to_string(s.lost.pairs) } };
                    addListParam(p, "links", linkItems(s.linkNames), SIZE_MAX, "list-and");
                    return p;
                }(), std::move(ev)));
        }
    }
    return out;
}

} // namespace lfp
