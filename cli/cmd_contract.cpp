// SPDX-License-Identifier: GPL-3.0-or-later
// lfp contract PROJECT [--class data|cnp|ack] [--revision N] [--routing ecmp|updown|static [--routes FILE]] [--json]
// --routing: the routing model that decides the paths walked, as lfp deadlock selects it (planner/routing/
// routing.h; static routes read by importers/staticroutes.h, checked against the topology at their line).
// lfp contract PROJECT --trace SOURCE DESTINATION [--class …] [--json]: one chain, every check green or red
// --evidence DIR: the hosts' NIC settings replaced by what `lfp evidence` captures say (mlnx_qos, mlx5 ECN
// sysfs, bnxt_re configfs, NicConfigurationTemplate YAML: importers/nicevidence.h), each replaced value listed; with --json
// under "evidence" ({host, port, field, plan, evidence, source}) and "evidence_notes".
// The lossless contract, hop by hop (planner/checks/contract.h, docs/contract.md): for every host pair the
// routing connects and every class a RoCE flow depends on, the first hop where the contract breaks.
// Nodes with the attribute contract.set take the values of that sourced default set
// (resources/contract-sets, planner/checks/contractsets.h). Exit status (a contract, issue 33): 0 every class that carries traffic holds; 1 a class that carries
// traffic is broken; 2 usage or input errors.
// --json: {"profile", "classes": [{"class", "direction", "paths", "holds", ...}], "findings": [...]},
// each finding with the usual fields (planner/findings/findingsjson.h) plus "hop", "direction" and "class".
#include "cli.h"

#include "model/errors.h"
#include "model/fabricindex.h"
#include "model/fabricjson.h"
#include "model/projectstore.h"
#include "model/textsafe.h"
#include "importers/nicevidence.h"
#include "importers/staticroutes.h"
#include "planner/checks/contract.h"
#include "planner/checks/contractsets.h"
#include "planner/findings/findingsjson.h"

#include <fmt/format.h>
#include <iostream>

namespace lfp::cli {
namespace {

    nlohmann::json resultJson(const ContractResult& r)
    {
        nlohmann::json classes = nlohmann::json::array();
        for (const auto& c : r.classes)
            classes.push_back({ { "class", toString(c.cls) }, { "direction", toString(c.direction) }, { "paths", c.paths },
                { "holds", c.holds }, { "carries_traffic", c.carriesTraffic }, { "host_pairs", c.hostPairs },
                { "broken_host_pairs", c.brokenPairs }, { "properties", c.properties } });
        nlohmann::json findings = nlohmann::json::array();
        for (std::size_t i = 0; i < r.findings.size(); ++i) {
            nlohmann::json f = findingToJson(r.findings[i]);
            const ContractBreakSite& s = r.sites[i];
            f["hop"] = s.hop;
            f["port"] = s.port;
            f["field"] = s.field;
            f["direction"] = toString(s.direction);
            f["class"] = toString(s.cls);
            findings.push_back(std::move(f));
        }
        return { { "profile", r.profile }, { "routing", toString(r.routing) }, { "classes", classes }, { "findings", findings },
            { "assumptions", r.assumptions } };
    }

    nlohmann::json evidenceJson(const std::vector<EvidenceReplacement>& replaced)
    {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& e : replaced)
            out.push_back({ { "host", e.host }, { "port", e.port }, { "field", e.field }, { "plan", e.planValue }, { "evidence", e.evidenceValue },
                { "source", e.source } });
        return out;
    }

    void printEvidence(const std::string& dir, const std::vector<EvidenceReplacement>& replaced, const std::vector<std::string>& notes)
    {
        std::cout << fmt::format("evidence from {}: {} of the plan replaced\n", escapeTerminal(dir), countOf(static_cast<std::int64_t>(replaced.size()), "value"));
        for (const auto& e : replaced)
            std::cout << fmt::format("  {}:{}  {}  {} -> {}  ({})\n", escapeTerminal(e.host), escapeTerminal(e.port), e.field, escapeTerminal(e.planValue),
                escapeTerminal(e.evidenceValue), escapeTerminal(e.source));
        for (const auto& n : notes)
            std::cout << "  note: " << escapeTerminal(n) << "\n";
        std::cout << "\n";
    }

    void printText(const std::string& file, const ContractResult& r)
    {
        std::cout << fmt::format("{}: contract {}{}\n", escapeTerminal(file), r.profile, r.broken() ? " — BROKEN" : " — holds");
        for (const auto& c : r.classes) {
            const char* state = !c.carriesTraffic ? "carries no traffic" : c.holds ? "holds" : "BROKEN";
            std::cout << fmt::format("  {:<4} {:<7}  {}  over {}, {}{}\n", toString(c.cls), toString(c.direction), state,
                countOf(c.paths, "path"), countOf(c.hostPairs, "host pair"), c.brokenPairs ? fmt::format(", {} broken", c.brokenPairs) : std::string());
            for (const auto& p : c.properties)
                std::cout << "         - " << p << "\n";
        }
        for (std::size_t i = 0; i < r.findings.size(); ++i) {
            const Finding& f = r.findings[i];
            std::cout << fmt::format("\n{} {} [{} {}] at {}\n  {}\n  fix: {}\n", toString(f.severity), f.code, toString(r.sites[i].cls),
                toString(r.sites[i].direction), escapeTerminal(r.sites[i].hop), escapeTerminal(f.message), escapeTerminal(f.fix));
        }
        std::cout << "\nassumptions:\n";
        for (const auto& a : r.assumptions)
            std::cout << "  - " << a << "\n";
    }

    nlohmann::json chainJson(const ContractChain& c)
    {
        nlohmann::json hops = nlohmann::json::array();
        auto opt = [](int v) { return v < 0 ? nlohmann::json(nullptr) : nlohmann::json(v); };
        for (const auto& h : c.hops)
            hops.push_back({ { "stage", h.stage }, { "node", h.node }, { "port", h.port }, { "dscp", opt(h.dscp) }, { "tc", opt(h.tc) },
                { "queue", opt(h.queue) }, { "ok", h.ok }, { "field", h.ok ? nlohmann::json(nullptr) : nlohmann::json(h.field) },
                { "found", opt(h.found) }, { "expected", opt(h.expected) } });
        return { { "class", toString(c.cls) }, { "direction", toString(c.direction) }, { "profile", c.profile }, { "holds", c.holds() },
            { "note", c.note }, { "hops", hops } };
    }

    void printChain(const ContractChain& c)
    {
        std::cout << fmt::format("{} {} ({}): {}\n", toString(c.cls), toString(c.direction), c.profile, c.holds() ? "holds" : "BROKEN");
        for (const auto& h : c.hops) {
            const std::string at = h.port.empty() ? h.node : h.node + ":" + h.port;
            std::string carried = h.dscp >= 0 ? fmt::format("dscp {}", h.dscp) : std::string();
            if (h.tc >= 0)
                carried += fmt::format(" tc {}", h.tc);
            if (h.queue >= 0)
                carried += fmt::format(" queue {}", h.queue);
            std::cout << fmt::format("  {:<5} {:<8} {:<28} {:<22}{}\n", h.ok ? "ok" : "BREAK", h.stage, escapeTerminal(at), carried,
                h.ok ? std::string() : fmt::format("  {} (found {}, expected {})", h.field, h.found, h.expected));
        }
        if (!c.note.empty())
            std::cout << "  " << escapeTerminal(c.note) << "\n";
    }

    /// `--evidence-out FILE`: the plan with the evidence brought in, as native JSON (an atomic write).
    void writePlanWithEvidence(const Fabric& fabric, const std::vector<ContractSet>& sets, const NicEvidenceSet& evidence, const std::string& file, bool json)
    {
        if (!file.ends_with(".json"))
            throw InputError({ file, 0, 0, "--evidence-out" }, "expected a fabric .json to write (the project itself is never rewritten here)");
        std::vector<EvidenceReplacement> replaced;
        std::vector<std::string> notes;
        writeFabricJson(planWithEvidence(fabric, sets, evidence, replaced, notes), file);
        if (!json)
            std::cout << fmt::format("plan with the evidence ({}) written to {}\n", countOf(static_cast<std::int64_t>(replaced.size()), "value"), escapeTerminal(file));
    }

    Runner setupContract(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("contract", "The lossless contract hop by hop: application marking, NICs, every switch on every path, "
                                                   "CNPs and ACK/NAKs back (docs/contract.md)");
        struct Opts {
            std::string file;
            std::optional<int> revision;
            std::string cls;
            bool json = false;
            std::vector<std::string> trace;
            std::string evidence;
            std::string evidenceOut;
            std::string routing;
            std::string routes;
        };
        auto o = std::make_shared<Opts>();
        cmd->add_option("PROJECT", o->file, "Fabric .json or project .lfp")->required();
        cmd->add_option("--class", o->cls, "Check one class: data, cnp or ack")->check(CLI::IsMember({ "data", "cnp", "ack" }));
        cmd->add_option("--revision,-r", o->revision, "Revision of a .lfp project (default: latest)");
        cmd->add_option("--trace", o->trace, "Show one chain: SOURCE DESTINATION hosts, every check of every hop green or red "
                                             "(the data class unless --class; CNPs and ACK/NAKs run back)")
            ->expected(2);
        cmd->add_option("--evidence", o->evidence, "Run on what the hosts really do: DIR as lfp evidence scripts write it (one folder per "
                                                   "host: mlnx_qos_IF.txt, ecn_sysfs_IF.txt, bnxt_re_cc_IF.txt, NicConfigurationTemplate *.yaml); every replaced value is listed");
        cmd->add_option("--evidence-out", o->evidenceOut, "Also write the plan with the evidence brought in (fabric .json: each host's "
                                                         "settings as its evidence says, as port policies POLICY@evidence-HOST-PORT)")
            ->needs("--evidence");
        cmd->add_option("--routing", o->routing, "The routing model that decides the paths walked: ecmp (default), updown, static "
                                                 "(with --routes), as lfp deadlock")
            ->check(CLI::IsMember({ "ecmp", "updown", "static" }));
        cmd->add_option("--routes", o->routes, "With --routing static: the static route file (SWITCH DESTINATION NEXTHOP... lines, or "
                                               "JSON; docs/deadlock.md)");
        addJsonFlag(cmd, o->json);
        cmd->footer("Exit status: 0 the contract holds, 1 a class that carries traffic is broken, 2 usage or input error.");
        return [o]() {
            const Fabric fabric = loadFabricFile(o->file, o->revision);
            ContractOptions opts;
            if (o->routing == "static") {
                if (o->routes.empty())
                    throw InputError(SourceLocation { {}, 0, 0, "--routes" }, "--routing static needs --routes FILE");
                opts.routes = readStaticRoutes(o->routes);
            } else if (!o->routes.empty())
                throw InputError(SourceLocation { {}, 0, 0, "--routes" }, "--routes goes with --routing static");
            opts.routing = o->routing == "updown" ? RoutingModel::UpDown : o->routing == "static" ? RoutingModel::Static : RoutingModel::Ecmp;
            const std::vector<ContractSet> sets = builtinContractSets();
            std::optional<NicEvidenceSet> evidence;
            if (!o->evidence.empty())
                evidence = readNicEvidenceDirectory(o->evidence);
            if (!o->trace.empty()) {
                std::vector<Finding> unknown;
                const FabricSnapshot snap = makeSnapshot(contractFabric(fabric, sets, unknown, evidence ? &*evidence : nullptr));
                const ContractClass cls = o->cls.empty() ? ContractClass::Data : *contractClassFromString(o->cls);
                const ContractChain c = traceContract(*snap.index, o->trace[0], o->trace[1], cls, opts);
                if (o->json)
                    printJson({ { "chain", chainJson(c) } });
                else
                    printChain(c);
                return c.holds() ? kExitOk : kExitFindings;
            }
            if (!o->cls.empty())
                opts.only = contractClassFromString(o->cls);
            ContractResult r;
            {
                ConsoleFeedback fb;
                r = checkContractWithSets(fabric, sets, opts, &fb, evidence ? &*evidence : nullptr);
            }
            if (!o->evidenceOut.empty())
                writePlanWithEvidence(fabric, sets, *evidence, o->evidenceOut, o->json);
            if (o->json) {
                nlohmann::json j = resultJson(r);
                if (evidence) {
                    j["evidence"] = evidenceJson(r.evidence);
                    j["evidence_notes"] = r.evidenceNotes;
                }
                printJson(j);
            } else {
                if (evidence)
                    printEvidence(o->evidence, r.evidence, r.evidenceNotes);
                printText(o->file, r);
            }
            return r.broken() ? kExitFindings : kExitOk;
        };
    }
    LFP_REGISTER_COMMAND(35, setupContract);

} // namespace
} // namespace lfp::cli
