// SPDX-License-Identifier: GPL-3.0-or-later
// lfp set | bind — edit a project through the document's undo commands (the GUI inspector's code path)
#include "cli.h"

#include "model/textsafe.h"

#include "document/changecommands.h"
#include "document/fabricdocument.h"
#include "model/errors.h"
#include "model/fabricindex.h"
#include "model/fabric.h"
#include "model/fieldaccess.h"
#include "model/objectref.h"
#include "model/projectstore.h"

#include <fmt/format.h>
#include <fnmatch.h>

#include <QUndoStack>

#include <iostream>

namespace lfp::cli {
namespace {

    struct Assignment {
        std::string field;
        std::string value;
    };

    /// A shell pattern, unless quoted: a quoted reference ("MF0;sw:MQM8700/U1":1) names one object.
    bool isPattern(std::string_view s) { return s.find('"') == std::string_view::npos && s.find_first_of("*?[") != std::string_view::npos; }

    /// Objects named by @p text: one reference, or every node, port or link whose text form matches a
    /// shell pattern (`leaf*`, `leaf1:Ethernet*`, `link:leaf?:Ethernet0`). Throws naming the text when
    /// it is not a reference or matches nothing.
    std::vector<ObjectRef> expand(const FabricIndex& idx, const std::string& text)
    {
        if (!isPattern(text)) {
            std::string why;
            auto ref = ObjectRef::parse(text, &why);
            if (!ref)
                throw std::invalid_argument(fmt::format("'{}' is not an object: {}", text, why));
            return { *ref };
        }
        std::vector<ObjectRef> out;
        const Fabric& f = idx.fabric();
        const bool links = text.rfind("link:", 0) == 0;
        const bool ports = !links && text.find(':') != std::string::npos;
        auto matches = [&](const std::string& s) { return fnmatch(text.c_str(), s.c_str(), 0) == 0; };
        auto text_of = [](const Endpoint& e) { return e.node + ":" + e.port; };
        if (links) {
            for (const auto& l : f.links)
                if (matches("link:" + text_of(l.a)) || matches("link:" + text_of(l.b)))
                    out.push_back(ObjectRef::forLink(l.a));
        } else {
            for (const auto& n : f.nodes) {
                if (!ports) {
                    if (matches(n.name))
                        out.push_back(ObjectRef::forNode(n.name));
                    continue;
                }
                for (const auto& p : n.ports)
                    if (matches(n.name + ":" + p.name))
                        out.push_back(ObjectRef::forPort({ n.name, p.name }));
            }
        }
        if (out.empty())
            throw std::invalid_argument(fmt::format("'{}' matches no object", text));
        return out;
    }

    Assignment parseAssignment(const std::string& s)
    {
        const auto eq = s.find('=');
        if (eq == 0 || eq == std::string::npos)
            throw std::invalid_argument(fmt::format("'{}' is not FIELD=VALUE", s));
        return { s.substr(0, eq), s.substr(eq + 1) };
    }

    struct Change {
        std::string object, field, before, after;
    };

    /// Applies every assignment to every object as one undo macro on the document, collecting the
    /// values before and after. Throws (and leaves the document as it was) when one is not valid.
    std::vector<Change> apply(FabricDocument& doc, std::vector<ObjectRef> objects, const std::vector<Assignment>& assignments,
        const QString& text)
    {
        std::vector<Change> changes;
        QUndoStack* undo = doc.undoStack();
        undo->beginMacro(text);
        try {
            for (const auto& a : assignments) {
                std::vector<std::string> before;
                for (const auto& o : objects)
                    before.push_back(getField(doc.fabric(), o, a.field));
                undo->push(new ChangeValueCommand(&doc, objects, a.field, a.value));
                for (std::size_t i = 0; i < objects.size(); ++i) {
                    const std::string object = objects[i].toString();
                    objects[i] = refAfterSet(objects[i], a.field, a.value); // a rename: later assignments find it anew
                    std::string after = getField(doc.fabric(), objects[i], a.field);
                    if (after != before[i])
                        changes.push_back({ object, a.field, before[i], std::move(after) });
                }
            }
        } catch (...) {
            undo->endMacro();
            undo->undo(); // the part already applied
            throw;
        }
        undo->endMacro();
        return changes;
    }

    struct SaveOpts {
        std::string file;
        std::string message;
        bool dryRun = false;
        bool json = false;
    };

    /// Saves the document when something changed (a new revision of a .lfp; a .json is rewritten),
    /// and reports the changes.
    int finish(FabricDocument& doc, const SaveOpts& o, const std::vector<Change>& changes, const std::string& defaultMessage)
    {
        // Ctrl-C before this line ends the command by the signal with nothing written; from here the
        // revision commits (or rolls back on error) and the command reports it and exits normally.
        SaveSigintGuard hold;
        int rev = 0;
        if (!changes.empty() && !o.dryRun) {
            rev = doc.save(QString::fromStdString(o.file), QString::fromStdString(o.message.empty() ? defaultMessage : o.message));
            hold.committed();
        }
        if (o.json) {
            nlohmann::json list = nlohmann::json::array();
            for (const auto& c : changes)
                list.push_back({ { "object", c.object }, { "field", c.field }, { "before", c.before }, { "after", c.after } });
            nlohmann::json j = { { "file", o.file }, { "changes", list }, { "dry_run", o.dryRun },
                { "revision", rev > 0 ? nlohmann::json(rev) : nlohmann::json() } };
            printJson(j);
            return kExitOk;
        }
        if (changes.empty()) {
            std::cout << "no change: every value is already as given\n";
            return kExitOk;
        }
        for (const auto& c : changes)
            std::cout << fmt::format("{} {}: {} -> {}\n", escapeTerminal(c.object), escapeTerminal(c.field), c.before.empty() ? "(none)" : escapeTerminal(c.before),
                c.after.empty() ? "(none)" : escapeTerminal(c.after));
        if (o.dryRun)
            std::cout << fmt::format("{}, not saved (--dry-run)\n", countOf(changes.size(), "change"));
        else
            std::cout << fmt::format("{} saved to {}{}\n", countOf(changes.size(), "change"), escapeTerminal(o.file), rev > 0 ? fmt::format(" as revision {}", rev) : "");
        return kExitOk;
    }

    std::string fieldList()
    {
        std::string s;
        for (const auto& f : editableFields())
            s += fmt::format("\n  {:<6} {:<7} {}", toString(f.kind), f.name, f.accepted);
        return s;
    }

    Runner setupSet(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("set",
            "Set fields of objects in a project: lfp set P.lfp link:leaf1:Ethernet0 length=300m medium=fibre -m MSG");
        cmd->footer("OBJECT: node (leaf1), port (leaf1:Ethernet0), link (link:leaf1:Ethernet0), role (role:leaf), policy (policy:NAME), or a shell pattern "
                    "(leaf*, 'leaf1:Ethernet*'). Every assignment applies to every object, as one revision.\nFields:"
            + fieldList());
        struct Opts {
            SaveOpts save;
            std::vector<std::string> items;
        };
        auto o = std::make_shared<Opts>();
        cmd->add_option("PROJECT", o->save.file, "Project .lfp (a new revision) or fabric .json (rewritten)")->required();
        cmd->add_option("ITEMS", o->items, "OBJECT... FIELD=VALUE...")->required();
        cmd->add_option("--message,-m", o->save.message, "Revision message");
        cmd->add_flag("--dry-run,-n", o->save.dryRun, "Show what would change; save nothing");
        addJsonFlag(cmd, o->save.json);
        return [o]() {
            FabricDocument doc;
            doc.load(QString::fromStdString(o->save.file));
            std::vector<ObjectRef> objects;
            std::vector<Assignment> assignments;
            for (const auto& item : o->items) {
                // FIELD=VALUE has '=' before any ':' (object references never contain '=').
                if (item.find('=') != std::string::npos) {
                    assignments.push_back(parseAssignment(item));
                } else {
                    if (!assignments.empty())
                        throw std::invalid_argument(fmt::format("object '{}' after FIELD=VALUE: give the objects first", item));
                    for (auto& r : expand(doc.index(), item))
                        if (std::find(objects.begin(), objects.end(), r) == objects.end())
                            objects.push_back(std::move(r));
                }
            }
            if (objects.empty())
                throw std::invalid_argument("no OBJECT given (e.g. leaf1, leaf1:Ethernet0, link:leaf1:Ethernet0, role:leaf)");
            if (assignments.empty())
                throw std::invalid_argument("no FIELD=VALUE given; fields:" + fieldList());
            std::string summary;
            for (const auto& a : assignments)
                summary += (summary.empty() ? "" : " ") + a.field + "=" + a.value;
            const std::string what
                = objects.size() == 1 ? objects.front().toString() : countOf(objects.size(), "object");
            const auto changes = apply(doc, objects, assignments, QString::fromStdString("set " + summary));
            return finish(doc, o->save, changes, fmt::format("set {} on {}", summary, what));
        };
    }
    LFP_REGISTER_COMMAND(26, setupSet);

    Runner setupBind(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("bind", "Bind a QoS policy to a role, or override it on ports: lfp bind P.lfp --role leaf --policy NAME");
        struct Opts {
            SaveOpts save;
            std::vector<std::string> roles;
            std::vector<std::string> ports;
            std::string policy;
            bool unbind = false;
        };
        auto o = std::make_shared<Opts>();
        cmd->add_option("PROJECT", o->save.file, "Project .lfp (a new revision) or fabric .json (rewritten)")->required();
        cmd->add_option("--role", o->roles, "Role to bind (leaf, spine, superspine, host, …); repeatable");
        cmd->add_option("--port", o->ports, "Port to override (leaf1:Ethernet0, or a pattern 'leaf1:Ethernet*'); repeatable");
        auto* pol = cmd->add_option("--policy", o->policy, "Policy name (see `lfp info`)");
        auto* unb = cmd->add_flag("--unbind", o->unbind, "Remove the binding or override instead");
        pol->excludes(unb);
        cmd->add_option("--message,-m", o->save.message, "Revision message");
        cmd->add_flag("--dry-run,-n", o->save.dryRun, "Show what would change; save nothing");
        addJsonFlag(cmd, o->save.json);
        return [o]() {
            if (o->roles.empty() && o->ports.empty())
                throw std::invalid_argument("give --role ROLE or --port PORT");
            if (o->policy.empty() && !o->unbind)
                throw std::invalid_argument("give --policy NAME, or --unbind");
            FabricDocument doc;
            doc.load(QString::fromStdString(o->save.file));
            std::vector<ObjectRef> objects;
            for (const auto& r : o->roles) {
                const auto role = roleFromString(r);
                if (!role)
                    throw std::invalid_argument(fmt::format("--role '{}' is not a role", r));
                objects.push_back(ObjectRef::forRole(*role));
            }
            for (const auto& p : o->ports) {
                for (auto& r : expand(doc.index(), p)) {
                    if (r.kind != ObjectRef::Kind::Port)
                        throw std::invalid_argument(fmt::format("--port '{}' is not a port (NODE:PORT)", p));
                    objects.push_back(std::move(r));
                }
            }
            const std::string value = o->unbind ? std::string() : o->policy;
            const auto changes = apply(doc, objects, { { "policy", value } }, QStringLiteral("bind"));
            const std::string msg = o->unbind ? fmt::format("unbind policy from {}", countOf(objects.size(), "object"))
                                              : fmt::format("bind policy {} to {}", o->policy, countOf(objects.size(), "object"));
            return finish(doc, o->save, changes, msg);
        };
    }
    LFP_REGISTER_COMMAND(27, setupBind);

} // namespace
} // namespace lfp::cli
