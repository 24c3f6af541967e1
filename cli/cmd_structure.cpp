// SPDX-License-Identifier: GPL-3.0-or-later
// lfp add | remove — add and remove nodes, ports and links through the document's undo commands
// (document/structurecommands.h, the GUI's Edit ▸ Add/Delete code path), saved as a new revision.
#include "cli.h"

#include "document/fabricdocument.h"
#include "document/structurecommands.h"
#include "model/enumnames.h"
#include "model/fabric.h"
#include "model/objectref.h"
#include "model/textsafe.h"
#include "model/structureedit.h"
#include "model/units.h"

#include <fmt/format.h>

#include <QUndoStack>

#include <iostream>

namespace lfp::cli {
namespace {

    struct SaveOpts {
        std::string file;
        std::string message;
        bool dryRun = false;
        bool json = false;
    };

    /// NODE:PORT in the object-reference form (objectref.h), so a node name with ':' goes in quotes.
    Endpoint parseEndpoint(const std::string& text, const char* what)
    {
        std::string why;
        const auto r = ObjectRef::parse(text.rfind("port:", 0) == 0 ? text : "port:" + text, &why);
        if (!r || r->kind != ObjectRef::Kind::Port)
            throw std::invalid_argument(fmt::format("{} '{}' is not NODE:PORT: {}", what, escapeTerminal(text), why));
        return r->endpoint();
    }

    FieldValues parseSets(const std::vector<std::string>& sets)
    {
        FieldValues out;
        for (const auto& s : sets) {
            const auto eq = s.find('=');
            if (eq == 0 || eq == std::string::npos)
                throw std::invalid_argument(fmt::format("--set '{}' is not FIELD=VALUE", s));
            out.emplace_back(s.substr(0, eq), s.substr(eq + 1));
        }
        return out;
    }

    /// Saves when something changed (a new revision of a .lfp; a .json is rewritten) and reports.
    int finish(FabricDocument& doc, const SaveOpts& o, const std::vector<std::string>& added, const std::vector<std::string>& removed,
        const std::string& defaultMessage)
    {
        // Ctrl-C before this line ends the command by the signal with nothing written; from here the
        // revision commits (or rolls back on error) and the command reports it and exits normally.
        SaveSigintGuard hold;
        int rev = 0;
        if (!o.dryRun) {
            rev = doc.save(QString::fromStdString(o.file), QString::fromStdString(o.message.empty() ? defaultMessage : o.message));
            hold.committed();
        }
        if (o.json) {
            printJson({ { "file", o.file }, { "added", added }, { "removed", removed }, { "dry_run", o.dryRun },
                { "revision", rev > 0 ? nlohmann::json(rev) : nlohmann::json() } });
            return kExitOk;
        }
        for (const auto& a : added)
            std::cout << "added " << a << "\n";
        for (const auto& r : removed)
            std::cout << "removed " << r << "\n";
        const std::size_t n = added.size() + removed.size();
        if (o.dryRun)
            std::cout << fmt::format("{}, not saved (--dry-run)\n", countOf(n, "change"));
        else
            std::cout << fmt::format("{} saved to {}{}\n", countOf(n, "change"), o.file, rev > 0 ? fmt::format(" as revision {}", rev) : "");
        return kExitOk;
    }

    void addSaveOptions(CLI::App* cmd, SaveOpts& o)
    {
        cmd->add_option("PROJECT", o.file, "Project .lfp (a new revision) or fabric .json (rewritten)")->required();
        cmd->add_option("--message,-m", o.message, "Revision message");
        cmd->add_flag("--dry-run,-n", o.dryRun, "Show what would change; save nothing");
        addJsonFlag(cmd, o.json);
    }

    Runner setupAdd(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("add",
            "Add a node, port or link: lfp add P.lfp node NAME --role leaf --asic ID --ports 32 --speed 400G | "
            "port NODE:PORT --speed 400G | link A:PORT B:PORT --length 3m");
        cmd->footer("KIND node: NAME [--role --asic --rack --ports N --port-prefix --port-first --port-step --speed --lanes].\n"
                    "KIND port: NODE:PORT [--speed --lanes]; without --speed the node's first port is copied.\n"
                    "KIND link: A:PORT B:PORT [--speed (both ports) --length (default 3m) --medium (default dac)].\n"
                    "--set FIELD=VALUE sets any field of the new object (see lfp set --help).");
        struct Opts {
            SaveOpts save;
            std::string kind;
            std::vector<std::string> args;
            std::string role, asic, rack, speed, length, medium, prefix;
            int ports = 0, first = 0, step = 0, lanes = 0;
            std::vector<std::string> sets;
        };
        auto o = std::make_shared<Opts>();
        addSaveOptions(cmd, o->save);
        cmd->add_option("KIND", o->kind, "node, port or link")->required()->check(CLI::IsMember({ "node", "port", "link" }));
        cmd->add_option("ARGS", o->args, "NAME (node), NODE:PORT (port), A:PORT B:PORT (link)")->required();
        cmd->add_option("--role", o->role, "node: super-spine|spine|leaf|host (default leaf)");
        cmd->add_option("--asic", o->asic, "node: ASIC profile id (lfp asics)");
        cmd->add_option("--rack", o->rack, "node: rack");
        cmd->add_option("--ports", o->ports, "node: number of ports to create")->check(CLI::Range(0, 4096));
        cmd->add_option("--port-prefix", o->prefix, "node: port name prefix (default Ethernet for switches, eth for hosts)");
        cmd->add_option("--port-first", o->first, "node: number of the first port (default 0)");
        cmd->add_option("--port-step", o->step, "node: step between port numbers (default: the lanes, as SONiC numbers ports)")
            ->check(CLI::Range(1, 64));
        cmd->add_option("--lanes", o->lanes, "node, port: lanes per port (default 4 for switches, 1 for hosts)")->check(CLI::Range(1, 16));
        cmd->add_option("--speed", o->speed, "node, port, link: port speed (400G, 100G, …)");
        cmd->add_option("--length", o->length, "link: cable length (3m, 300m)");
        cmd->add_option("--medium", o->medium, "link: dac|aoc|fibre");
        cmd->add_option("--set", o->sets, "FIELD=VALUE on the new object; repeatable");
        return [o]() {
            auto only = [&](bool ok, const char* option) {
                if (!ok)
                    throw std::invalid_argument(fmt::format("{} does not apply to 'add {}'", option, o->kind));
            };
            const bool node = o->kind == "node", port = o->kind == "port", link = o->kind == "link";
            only(node || o->role.empty(), "--role");
            only(node || o->asic.empty(), "--asic");
            only(node || o->rack.empty(), "--rack");
            only(node || (o->ports == 0 && o->prefix.empty() && o->first == 0 && o->step == 0), "--ports/--port-prefix/--port-first/--port-step");
            only(!link || o->lanes == 0, "--lanes");
            only(link || (o->length.empty() && o->medium.empty()), "--length/--medium");
            const std::size_t want = link ? 2 : 1;
            if (o->args.size() != want)
                throw std::invalid_argument(fmt::format("'add {}' takes {}, got {}", o->kind, countOf(want, "argument"), o->args.size()));

            FabricDocument doc;
            doc.load(QString::fromStdString(o->save.file));
            FieldValues fields = parseSets(o->sets);
            StructureCommand* c = nullptr;
            std::string what;
            if (node) {
                Node n;
                n.name = o->args[0];
                const auto role = roleFromString(o->role.empty() ? "leaf" : o->role);
                if (!role)
                    throw std::invalid_argument(fmt::format("--role '{}' is not a role (super-spine, spine, leaf, host)", o->role));
                n.role = *role;
                const int lanes = o->lanes ? o->lanes : (n.isSwitch() ? 4 : 1);
                if (o->ports > 0 && o->speed.empty())
                    throw std::invalid_argument("--ports needs --speed (400G, 100G, …)");
                if (o->ports > 0)
                    n.ports = numberedPorts(o->ports, o->prefix.empty() ? (n.isSwitch() ? "Ethernet" : "eth") : o->prefix, o->first,
                        o->step ? o->step : lanes, parseSpeed(o->speed), lanes);
                if (!o->asic.empty())
                    fields.emplace_back("asic", o->asic);
                if (!o->rack.empty())
                    fields.emplace_back("rack", o->rack);
                what = fmt::format("{} {} ({})", n.isSwitch() ? "switch" : "host", n.name, countOf(n.ports.size(), "port"));
                c = new AddNodeCommand(&doc, std::move(n), fields);
            } else if (port) {
                const Endpoint e = parseEndpoint(o->args[0], "port");
                if (!o->speed.empty())
                    fields.emplace_back("speed", o->speed);
                if (o->lanes)
                    fields.emplace_back("lanes", std::to_string(o->lanes));
                what = "port " + o->args[0];
                c = new AddPortCommand(&doc, e, fields);
            } else {
                const Endpoint a = parseEndpoint(o->args[0], "end A");
                const Endpoint b = parseEndpoint(o->args[1], "end B");
                if (!o->speed.empty())
                    fields.emplace_back("speed", o->speed);
                if (!o->length.empty())
                    fields.emplace_back("length", o->length);
                if (!o->medium.empty())
                    fields.emplace_back("medium", o->medium);
                what = fmt::format("link {} – {}", o->args[0], o->args[1]);
                c = new AddLinkCommand(&doc, a, b, fields);
            }
            doc.undoStack()->push(c);
            return finish(doc, o->save, { what }, {}, "add " + what);
        };
    }
    LFP_REGISTER_COMMAND(28, setupAdd);

    Runner setupRemove(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("remove", "Remove nodes, ports and links (with their links and overrides): lfp remove P.lfp leaf9 -m MSG");
        cmd->footer("OBJECT: node (leaf1), port (leaf1:Ethernet0) or link (link:leaf1:Ethernet0). A node goes with its ports, "
                    "the links at them and their overrides; a port with its link and override. Every removed object is listed.");
        struct Opts {
            SaveOpts save;
            std::vector<std::string> objects;
        };
        auto o = std::make_shared<Opts>();
        addSaveOptions(cmd, o->save);
        cmd->add_option("OBJECT", o->objects, "Objects to remove")->required();
        return [o]() {
            std::vector<ObjectRef> refs;
            for (const auto& t : o->objects) {
                std::string why;
                auto r = ObjectRef::parse(t, &why);
                if (!r)
                    throw std::invalid_argument(fmt::format("'{}' is not an object: {}", t, why));
                refs.push_back(std::move(*r));
            }
            FabricDocument doc;
            doc.load(QString::fromStdString(o->save.file));
            auto* c = new RemoveObjectsCommand(&doc, refs);
            const std::vector<std::string> removed = c->removed();
            doc.undoStack()->push(c);
            const std::string msg = refs.size() == 1 ? "remove " + o->objects.front() : fmt::format("remove {}", countOf(refs.size(), "object"));
            return finish(doc, o->save, {}, removed, msg);
        };
    }
    LFP_REGISTER_COMMAND(29, setupRemove);

} // namespace
} // namespace lfp::cli
