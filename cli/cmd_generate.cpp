// SPDX-License-Identifier: GPL-3.0-or-later
// lfp generate leaf-spine | fat-tree | rail | example
#include "cli.h"

#include "model/fabricjson.h"
#include "model/projectstore.h"
#include "model/generators.h"
#include "model/asiccatalog.h"
#include "model/generatorspec.h"

#include <fmt/format.h>
#include <iostream>

namespace lfp::cli {
namespace {

    struct CommonOpts {
        std::string output;
        std::string hostSpeed = "100G";
        std::string fabricSpeed = "400G";
        std::string asic;
        std::string model;
        int mtu = 9100;
        bool noPolicy = false;
        std::string lossless; ///< "3" or "3,4"
        std::string roceDscp; ///< "26" or "26,34"
        int cnpDscp = 48;
        std::string ecn; ///< "kmin,kmax,pmax"
        std::string portNames = "sonic";
        CLI::Option* modelOption = nullptr;
        bool json = false;
        std::string message;
    };

    void addCommon(CLI::App* cmd, CommonOpts& o, const char* hostSpeed, const char* fabricSpeed, const char* asic, const char* model)
    {
        o.hostSpeed = hostSpeed;
        o.fabricSpeed = fabricSpeed;
        o.asic = asic;
        o.model = model;
        cmd->add_option("-o,--output", o.output, "Write to FILE (.json or .lfp); default: fabric JSON on stdout");
        cmd->add_option("--host-speed", o.hostSpeed, "Host NIC port speed")->capture_default_str();
        cmd->add_option("--fabric-speed", o.fabricSpeed, "Switch-to-switch link speed")->capture_default_str();
        cmd->add_option("--asic", o.asic, "ASIC profile id of every switch (see `lfp asics`)")->capture_default_str();
        // No captured default: the model follows --asic (SN4700 only for the default spectrum-3), so a
        // "=SN4700" in --help would state a default that is not used (issue 38).
        o.modelOption = cmd->add_option("--switch-model", o.model, "Switch model name (default: a platform of the --asic, SN4700 for spectrum-3)");
        cmd->add_option("--mtu", o.mtu, "Port MTU")->capture_default_str()->check(CLI::Range(68, 65535));
        cmd->add_option("--port-names", o.portNames,
               "Switch port names as the target names them: sonic (Ethernet0, Ethernet8: first lane), cumulus (swp1), eos (Ethernet1/1), "
               "nxos (Ethernet1/1), junos (et-0/0/0), huawei (400GE1/0/1)")
            ->capture_default_str()
            ->check(CLI::IsMember({ "sonic", "cumulus", "eos", "nxos", "junos", "huawei" }));
        auto* np = cmd->add_flag("--no-policy", o.noPolicy, "Do not bind the default RoCE policy");
        cmd->add_option("--lossless", o.lossless, "Lossless (PFC) priorities, comma-separated (default 3)")->excludes(np);
        cmd->add_option("--roce-dscp", o.roceDscp, "RoCE DSCP per lossless priority, same order (default 26 for 3, else 8p+2)")->excludes(np);
        cmd->add_option("--cnp-dscp", o.cnpDscp, "DSCP of CNPs (priority 6, strict)")->capture_default_str()->excludes(np);
        cmd->add_option("--ecn", o.ecn, "ECN Kmin,Kmax,Pmax, e.g. 150KB,1500KB,10% (default)")->excludes(np);
        cmd->add_option("--message,-m", o.message, "Revision message when writing a .lfp");
        addJsonFlag(cmd, o.json);
    }

    GeneratorOptions toOptions(const CommonOpts& o)
    {
        static const AsicCatalog catalog = AsicCatalog::loadDefault();
        GeneratorSpec spec;
        spec.hostSpeed = o.hostSpeed;
        spec.fabricSpeed = o.fabricSpeed;
        spec.asic = o.asic;
        spec.model = o.model;
        spec.modelGiven = o.modelOption && o.modelOption->count() > 0;
        spec.mtu = o.mtu;
        spec.noPolicy = o.noPolicy;
        spec.lossless = o.lossless;
        spec.roceDscp = o.roceDscp;
        spec.cnpDscp = o.cnpDscp;
        spec.ecn = o.ecn;
        spec.portNames = o.portNames;
        return toGeneratorOptions(spec, catalog); // model/generatorspec.h, shared with the GUI's wizard
    }

    /// Without -o the fabric JSON goes to stdout (to pipe or redirect); with --json, the summary
    /// (docs/generators.md) instead: file (null without -o), name, counts, revision.
    int emit(const Fabric& f, const CommonOpts& o)
    {
        if (o.output.empty() && !o.json) {
            std::cout << fabricToJsonText(f);
            return kExitOk;
        }
        int rev = 0;
        if (!o.output.empty())
            rev = saveFabricFile(f, o.output, o.message.empty() ? "generated: " + f.description : o.message);
        else if (!o.message.empty())
            throw std::invalid_argument("--message goes with -o FILE.lfp (a revision message)");
        nlohmann::json j = { { "file", o.output.empty() ? nlohmann::json() : nlohmann::json(o.output) }, { "name", f.name },
            { "description", f.description }, { "nodes", f.nodes.size() }, { "switches", f.switchCount() }, { "hosts", f.hostCount() },
            { "ports", f.portCount() }, { "links", f.links.size() }, { "policies", f.policies.size() }, { "revision", rev } };
        if (o.json)
            printJson(j);
        else
            std::cout << fmt::format("wrote {}: {}, {}, {}{}\n", o.output, countOf(f.switchCount(), "switch", "switches"), countOf(f.hostCount(), "host"),
                countOf(f.links.size(), "link"),
                rev > 0 ? fmt::format(" (revision {})", rev) : std::string());
        return kExitOk;
    }

    Runner setupGenerate(CLI::App& app)
    {
        auto* gen = app.add_subcommand("generate", "Generate a fabric: leaf-spine, fat-tree, rail-optimised GPU cluster, or the bundled example");
        gen->require_subcommand(1);

        auto* ls = gen->add_subcommand("leaf-spine", "Two-tier leaf-spine: every leaf linked to every spine");
        struct LS {
            int spines = 2, leaves = 4, hosts = 4;
            CommonOpts c;
        };
        auto lso = std::make_shared<LS>();
        ls->add_option("--spines", lso->spines, "Number of spines")->required();
        ls->add_option("--leaves", lso->leaves, "Number of leaves")->required();
        ls->add_option("--hosts-per-leaf", lso->hosts, "Hosts under each leaf")->required();
        addCommon(ls, lso->c, "100G", "400G", "spectrum-3", "SN4700");

        auto* ft = gen->add_subcommand("fat-tree", "Three-tier k-ary fat-tree (k³/4 hosts)");
        struct FT {
            int k = 4;
            CommonOpts c;
        };
        auto fto = std::make_shared<FT>();
        ft->add_option("--k", fto->k, "Switch radix k (even)")->required();
        addCommon(ft, fto->c, "100G", "100G", "spectrum-3", "SN4600C");

        auto* rail = gen->add_subcommand("rail", "Rail-optimised GPU cluster: NIC g of each server to the leaf of rail g, spines above");
        struct RA {
            int servers = 32, gpus = 8, rails = 8, leafPorts = 64, spines = 0;
            CommonOpts c;
        };
        auto rao = std::make_shared<RA>();
        rail->add_option("--servers", rao->servers, "Number of GPU servers")->required();
        rail->add_option("--gpus-per-server", rao->gpus, "GPUs (and NICs) per server")->capture_default_str();
        rail->add_option("--rails", rao->rails, "Number of rails")->capture_default_str();
        rail->add_option("--leaf-ports", rao->leafPorts, "Ports per leaf (half down, half up)")->capture_default_str();
        rail->add_option("--spines", rao->spines, "Number of spines (default: half the leaf ports)");
        addCommon(rail, rao->c, "400G", "400G", "spectrum-4", "SN5600");

        auto* ex = gen->add_subcommand("example", "The bundled example: 2 spines, 4 leaves, 16 GPU hosts, RoCE lossless on priority 3");
        auto exo = std::make_shared<CommonOpts>();
        ex->add_option("-o,--output", exo->output, "Write to FILE (.json or .lfp); default: fabric JSON on stdout");
        ex->add_option("--message,-m", exo->message, "Revision message when writing a .lfp");
        addJsonFlag(ex, exo->json);

        return [=]() {
            ConsoleFeedback fb;
            if (ls->parsed())
                return emit(generateLeafSpine(lso->spines, lso->leaves, lso->hosts, toOptions(lso->c), &fb), lso->c);
            if (ft->parsed())
                return emit(generateFatTree(fto->k, toOptions(fto->c), &fb), fto->c);
            if (rail->parsed())
                return emit(generateRail(rao->servers, rao->gpus, rao->rails, rao->leafPorts, rao->spines, toOptions(rao->c), &fb), rao->c);
            if (ex->parsed())
                return emit(exampleFabric(), *exo);
            return kExitUsage;
        };
    }
    LFP_REGISTER_COMMAND(20, setupGenerate);

} // namespace
} // namespace lfp::cli
