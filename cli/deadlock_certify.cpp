// SPDX-License-Identifier: GPL-3.0-or-later
#include "deadlock_certify.h"

#include "exporters/exportjob.h"
#include "model/fabricjson.h"
#include "model/fileio.h"
#include "planner/routing/certificatejson.h"
#include "planner/routing/routing.h"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <iostream>

namespace lfp::cli {
namespace {
    std::string classesText(const DeadlockCertificate& c)
    {
        return c.priorities.empty() ? std::string("one lossless class (no QoS policy bound: every buffer lossless)")
                                    : fmt::format("lossless priorities {}", fmt::join(c.priorities, ","));
    }
} // namespace

void printCertificate(const DeadlockCertificate& c)
{
    const bool sw = c.failureModel == "switches";
    const char* unit = sw ? "switch" : "link";
    std::cout << fmt::format("\nCERTIFICATE for up to {} failed {}{}: {}\n", c.k, unit, c.k == 1 ? "" : sw ? "es" : "s",
        c.holds ? fmt::format("HOLDS — no set of failed {}{} creates a cyclic buffer dependency", unit, sw ? "es" : "s") : std::string("DOES NOT HOLD"));
    std::cout << fmt::format("  routing model: {} — {}\n", toString(c.routing), c.routingAssumption);
    std::cout << fmt::format("  classes: {}\n", classesText(c));
    if (sw)
        std::cout << fmt::format("  failure model: switches — any 1..{} of the {} switches down at once, each with all its links (its hosts "
                                 "leave the fabric); routes re-converge on the surviving links\n",
            c.k, c.switchCount);
    else
        std::cout << fmt::format("  failure model: links — any 1..{} of the {} switch-to-switch links down at once (host links and whole switches "
                                 "not failed); routes re-converge on the surviving links\n",
            c.k, c.switchLinks);
    if (c.healthyCycle) {
        std::cout << "  the healthy fabric already has a cycle: the certificate fails with the empty failure set\n";
    } else {
        std::string sizes;
        for (std::size_t m = 1; m < c.setsOfSize.size(); ++m)
            sizes += fmt::format("{}{} sets of {} in {} orbit{}", m > 1 ? "; " : "", c.setsOfSize[m], m, c.orbitsOfSize[m], c.orbitsOfSize[m] == 1 ? "" : "s");
        std::cout << fmt::format("  symmetry classes: {} orbits of {} failure sets ({}){}\n", c.orbits, c.setsTotal, sizes,
            c.symmetry ? fmt::format("; {} generators, group order 10^{:.1f}, {} Traces runs, {:.2f} s", c.generators, c.groupOrderLog10, c.stabilisers, c.symmetrySeconds)
                       : fmt::format("; no symmetry: {}", c.symmetryNote));
        std::cout << fmt::format("  analysed: {} representative sets (one per orbit)\n", c.setsAnalysed);
        std::cout << "  argument (each set is settled by the first statement that applies):\n";
        for (const auto& a : c.argument)
            std::cout << "    - " << a << '\n';
        std::cout << "  settled by:\n";
        for (const auto& s : c.stages)
            std::cout << fmt::format("    {:<18} {:>12} sets in {} orbit{}\n", toString(s.stage), s.sets, s.orbits, s.orbits == 1 ? "" : "s");
    }
    for (const auto& n : c.notes)
        std::cout << "  note: " << n << '\n';
    if (c.holds) {
        std::cout << fmt::format("  result: HOLDS for every one of the {} failure sets of 1..{} {}{} ({:.2f} s)\n", c.setsTotal, c.k, unit, sw ? "es" : "s", c.seconds);
        return;
    }
    if (!c.healthyCycle)
        std::cout << fmt::format("  result: {} failure set{} ({} orbit{}) create a cycle; the smallest fail with {} {}{}. Minimal failing sets "
                                 "(no proper subset fails):\n",
            c.failingSets, c.failingSets == 1 ? "" : "s", c.failingOrbits, c.failingOrbits == 1 ? "" : "s", c.smallestFailing, unit,
            c.smallestFailing == 1 ? "" : sw ? "es" : "s");
    for (const auto& f : c.failing) {
        const auto& names = sw ? f.switches : f.linkNames;
        std::cout << fmt::format("    FAILED {}{}\n", names.empty() ? std::string("nothing (healthy fabric)") : fmt::format("{}", fmt::join(names, " + ")),
            f.represents > 1 ? fmt::format(" (and {} symmetric sets)", f.represents - 1) : std::string());
        if (f.cycles.empty())
            continue;
        const auto& cy = f.cycles.front();
        std::cout << fmt::format("      cycle of {} buffers{}:\n", cy.hops.size(),
            cy.priorities.empty() ? std::string() : fmt::format(" on priority {}", fmt::join(cy.priorities, ",")));
        for (const auto& h : cy.hops)
            std::cout << fmt::format("        {}  (at {}{})\n", h.buffer, h.at, h.turn.empty() ? "" : ", " + h.turn);
    }
}

} // namespace lfp::cli

namespace lfp::cli {

nlohmann::json certificateFixJson(const CertificateFix& f)
{
    nlohmann::json cands = nlohmann::json::array();
    for (const auto& c : f.candidates)
        cands.push_back({ { "kind", c.kind }, { "holds", c.holds }, { "refused", c.refused }, { "refusal", c.refusal }, { "cost", c.cost },
            { "cost_unit", c.costUnit }, { "note", c.note } });
    nlohmann::json rules = nlohmann::json::array();
    for (const auto& r : f.rules)
        rules.push_back({ { "tag", r.tag }, { "in", r.in }, { "out", r.out }, { "next", r.next } });
    return { { "chosen", f.chosen }, { "candidates", cands }, { "bounces", f.bounces }, { "priorities", f.priorities },
        { "tag_dscp", f.tagDscp }, { "down_dscp", f.downDscp },
        { "bounce_classes", f.bounceClasses }, { "rules", rules },
        { "budget", { { "reserved_before", f.reservedBefore.value() }, { "reserved_after", f.reservedAfter.value() },
                        { "pool_before", f.poolBefore.value() }, { "pool_after", f.poolAfter.value() },
                        { "switches", f.switchesBudgeted }, { "switches_not_fitting", f.switchesNotFitting } } },
        { "notes", f.notes } };
}

void printCertificateFix(const CertificateFix& f)
{
    std::cout << "  fix candidates (each re-verified on every orbit representative):\n";
    for (const auto& c : f.candidates)
        std::cout << fmt::format("    [{}] {}: cost {}{}; {}\n", c.refused ? "refused" : c.holds ? "holds  " : "fails  ", c.kind,
            costWithUnit(c.cost, c.costUnit), c.refused ? " — " + c.refusal : std::string(), c.note);
    if (f.chosen.empty()) {
        std::cout << "  no candidate makes the certificate hold\n";
        return;
    }
    std::cout << fmt::format("  chosen: {} (a fix that keeps every flow lossless first, then the fewest flows affected)\n", f.chosen);
    if (f.chosen != "tagger")
        return;
    std::cout << fmt::format("  tag plan: {} lossless priorities {}; DSCP per tag going up {}, going down {}; bounce traffic class per tag {}; "
                             "rules (tag, in port, out port) → tag:\n",
        f.priorities.size(), fmt::join(f.priorities, ","), fmt::join(f.tagDscp, ","), fmt::join(f.downDscp, ","),
        f.bounceClasses.empty() ? std::string("none") : fmt::format("{}", fmt::join(f.bounceClasses, ",")));
    for (const auto& r : f.rules)
        std::cout << fmt::format("    ({}, {}, {}) → {}\n", r.tag, r.in, r.out, r.next < 0 ? std::string("lossy") : std::to_string(r.next));
    for (const auto& n : f.notes)
        std::cout << "  note: " << n << '\n';
}

nlohmann::json writeFixOut(const std::string& dir, const CertificateFix& f, const Fabric& original)
{
    std::filesystem::create_directories(dir);
    nlohmann::json out = { { "dir", dir }, { "chosen", f.chosen }, { "vendors", nlohmann::json::array() } };
    writeFileAtomically((std::filesystem::path(dir) / "fix.json").string(), certificateFixJson(f).dump(2) + "\n");
    if (!f.fixedFabric)
        return out; // a routing or demotion fix: no configuration is rendered (docs/deadlock.md)
    writeFabricJson(*f.fixedFabric, (std::filesystem::path(dir) / "fabric.json").string());
    for (const char* vendor : { "sonic", "eos", "nvue" }) {
        ExportJob job;
        job.target = vendor;
        const ExportOutcome o = runExportJob(job, *f.fixedFabric, std::nullopt, &original);
        writeExportDirectory((std::filesystem::path(dir) / vendor).string(), o.outputFiles());
        // the rewrite rules the target cannot say (LFP-EXPORT-NOT-EXPRESSIBLE, clauses dscp-rewrite-by-class
        // and eos-dscp-rewrite-global): they must be applied with the platform's own tools
        // and the per-port TC → queue maps that re-queue the bounce (eos-tc-queue, nvue-queue-map: one
        // global map on those targets), without which the bounced packet stays in its old tag's queue
        nlohmann::json unwritten = nlohmann::json::array(), queueNotWritten = nlohmann::json::array();
        auto what = [](const Finding& fd, std::initializer_list<const char*> clauses) {
            return fd.code == "LFP-EXPORT-NOT-EXPRESSIBLE" && std::any_of(fd.params.begin(), fd.params.end(), [&](const auto& kv) {
                return kv.first == "what" && std::any_of(clauses.begin(), clauses.end(), [&](const char* c) { return kv.second == c; });
            });
        };
        for (const auto& fd : o.result.findings) {
            if (what(fd, { "dscp-rewrite-by-class", "eos-dscp-rewrite-global" }))
                unwritten.push_back({ { "objects", toStrings(fd.objects) }, { "message", fd.message } });
            if (what(fd, { "eos-tc-queue", "nvue-queue-map" }))
                queueNotWritten.push_back({ { "objects", toStrings(fd.objects) }, { "message", fd.message } });
        }
        out["vendors"].push_back({ { "vendor", vendor }, { "files", o.result.files.size() }, { "delta", deltaToJson(o.delta) },
            { "rewrite_not_written", unwritten }, { "queue_map_not_written", queueNotWritten },
            { "bounce_requeued", queueNotWritten.empty() && unwritten.empty() } });
    }
    return out;
}

} // namespace lfp::cli
