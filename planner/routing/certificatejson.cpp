// SPDX-License-Identifier: GPL-3.0-or-later
// The certificate's JSON form (certificatejson.h).
#include "planner/routing/certificatejson.h"

namespace lfp {
namespace {
    std::vector<std::string> cycleBuffers(const CycleReport& c)
    {
        std::vector<std::string> b;
        for (const auto& h : c.hops)
            b.push_back(h.buffer);
        return b;
    }
} // namespace

nlohmann::json certificateJson(const DeadlockCertificate& c)
{
    nlohmann::json failing = nlohmann::json::array();
    for (const auto& f : c.failing) {
        nlohmann::json hops = nlohmann::json::array();
        if (!f.cycles.empty())
            for (const auto& h : f.cycles.front().hops)
                hops.push_back({ { "buffer", h.buffer }, { "link", h.link }, { "at", h.at }, { "turn", h.turn } });
        failing.push_back({ { "links", f.linkNames }, { "cycle", f.cycles.empty() ? nlohmann::json::array() : nlohmann::json(cycleBuffers(f.cycles.front())) },
            { "cycle_hops", hops }, { "represents", f.represents }, { "cyclic_components", f.cyclicComponents },
            { "priorities", f.cycles.empty() ? std::vector<int> {} : f.cycles.front().priorities } });
        if (c.failureModel == "switches")
            failing.back()["switches"] = f.switches;
    }
    nlohmann::json stages = nlohmann::json::array();
    for (const auto& s : c.stages)
        stages.push_back({ { "stage", toString(s.stage) }, { "orbits", s.orbits }, { "sets", s.sets } });
    return { { "k", c.k }, { "holds", c.holds }, { "routing", toString(c.routing) }, { "routing_assumption", c.routingAssumption },
        { "priorities", c.priorities }, { "failure_model", c.failureModel }, { "orbits", c.orbits }, { "sets_total", c.setsTotal },
        { "sets_analysed", c.setsAnalysed }, { "failing", failing }, { "switch_links", c.switchLinks },
        { "sets_of_size", c.setsOfSize }, { "orbits_of_size", c.orbitsOfSize }, { "failing_sets", c.failingSets },
        { "failing_orbits", c.failingOrbits }, { "smallest_failing", c.smallestFailing }, { "healthy_cycle", c.healthyCycle },
        { "pruning", stages }, { "independent_pairs", c.independentPairs }, { "argument", c.argument },
        { "symmetry", { { "applied", c.symmetry }, { "source", c.symmetrySource }, { "note", c.symmetryNote }, { "generators", c.generators },
                          { "stabilisers", c.stabilisers }, { "group_order_log10", c.groupOrderLog10 }, { "seconds", c.symmetrySeconds } } },
        { "notes", c.notes }, { "seconds", c.seconds }, { "switch_count", c.switchCount } };
}

} // namespace lfp
