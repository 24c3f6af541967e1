// SPDX-License-Identifier: GPL-3.0-or-later
// lfp recovery list [--json]
// lfp recovery restore KEY [-o FILE] [-m MESSAGE] [--json]
// lfp recovery discard KEY
// The unsaved edits a crashed lfp-planner left behind (document/autosave.h): list them, save them
// (as a new revision of their project, refused when the project changed since the edits began, or to
// another file with -o), or throw them away. Exit status: 0 ok, 2 usage or input error.
#include "cli.h"

#include "model/textsafe.h"

#include "document/autosave.h"
#include "model/errors.h"
#include "model/projectstore.h"

#include <QFileInfo>

#include <fmt/format.h>
#include <iostream>

namespace lfp::cli {
namespace {

    std::string keyOf(const Recovery& r) { return QFileInfo(r.fabricFile).completeBaseName().toStdString(); }

    const Recovery& findRecovery(const std::vector<Recovery>& all, const std::string& key)
    {
        for (const auto& r : all)
            if (keyOf(r) == key)
                return r;
        std::string known;
        for (const auto& r : all)
            known += (known.empty() ? "" : ", ") + keyOf(r);
        throw InputError(SourceLocation { {}, 0, 0, "KEY" },
            fmt::format("found \"{}\", expected the key of a recovery ({})", key, known.empty() ? "there are none: lfp recovery list" : known));
    }

    nlohmann::json toJson(const Recovery& r)
    {
        nlohmann::json j { { "key", keyOf(r) }, { "project", r.projectPath.toStdString() }, { "edits", r.edits },
            { "saved_at", r.savedAt.toString(Qt::ISODate).toStdString() }, { "pid", r.pid }, { "file", r.fabricFile.toStdString() } };
        j["base_revision"] = r.baseRevision ? nlohmann::json(*r.baseRevision) : nlohmann::json();
        return j;
    }

    Runner setupRecovery(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("recovery", "Unsaved edits a crashed lfp-planner left behind: list, restore or discard them");
        cmd->require_subcommand(1);
        struct Opts {
            std::string key;
            std::string output;
            std::string message = "recovered unsaved changes";
            bool json = false;
        };
        auto o = std::make_shared<Opts>();
        auto* list = cmd->add_subcommand("list", "The recoveries whose lfp-planner no longer runs, newest first");
        addJsonFlag(list, o->json);
        auto* restore = cmd->add_subcommand("restore", "Save a recovery: a new revision of its project, or -o FILE");
        restore->add_option("KEY", o->key, "The recovery's key (lfp recovery list)")->required();
        restore->add_option("-o,--output", o->output, "Write to this .lfp or .json instead of the recovery's project");
        restore->add_option("-m,--message", o->message, "Revision message")->capture_default_str();
        addJsonFlag(restore, o->json);
        auto* discard = cmd->add_subcommand("discard", "Delete a recovery");
        discard->add_option("KEY", o->key, "The recovery's key (lfp recovery list)")->required();
        cmd->footer("Recoveries are kept in $LFP_RECOVERY_DIR, else ~/.local/share/lfp-planner/recovery (docs/user-guide.md).\n"
                    "Exit status: 0 ok, 2 usage or input error (nothing written).");
        return [o, list, restore, discard]() {
            const auto all = RecoveryStore::orphaned();
            if (list->parsed()) {
                if (o->json) {
                    nlohmann::json arr = nlohmann::json::array();
                    for (const auto& r : all)
                        arr.push_back(toJson(r));
                    printJson({ { "recoveries", arr } });
                } else if (all.empty()) {
                    std::cout << "no unsaved changes to recover\n";
                } else {
                    for (const auto& r : all)
                        std::cout << fmt::format("{}  {}, autosaved {}, {}{}\n", escapeTerminal(keyOf(r)), countOf(r.edits, "edit"), r.savedAt.toString(Qt::ISODate).toStdString(),
                            r.projectPath.isEmpty() ? std::string("untitled") : escapeTerminal(r.projectPath.toStdString()),
                            r.baseRevision ? fmt::format(" (from revision {})", *r.baseRevision) : std::string());
                }
                return kExitOk;
            }
            const Recovery& r = findRecovery(all, o->key);
            if (discard->parsed()) {
                RecoveryStore::discard(r);
                std::cout << "discarded " << o->key << "\n";
                return kExitOk;
            }
            (void)restore;
            const Fabric fabric = RecoveryStore::read(r);
            std::string target = o->output;
            std::optional<int> basedOn;
            if (target.empty()) {
                if (r.projectPath.isEmpty())
                    throw InputError(SourceLocation { {}, 0, 0, "--output" }, "found an untitled recovery, expected -o FILE to write it to");
                target = r.projectPath.toStdString();
                basedOn = r.baseRevision; // refused when another revision was saved since the edits began
            }
            SaveSigintGuard hold; // Ctrl-C held while saving (docs/formats/project-lfp.md)
            const int rev = saveFabricFile(fabric, target, o->message, defaultAuthor(), basedOn);
            hold.committed();
            RecoveryStore::discard(r);
            if (o->json) {
                nlohmann::json j { { "key", o->key }, { "file", target } };
                j["revision"] = rev > 0 ? nlohmann::json(rev) : nlohmann::json();
                printJson(j);
            } else {
                std::cout << fmt::format("wrote {}{}\n", target, rev > 0 ? fmt::format(" (revision {})", rev) : std::string());
            }
            return kExitOk;
        };
    }

    LFP_REGISTER_COMMAND(15, setupRecovery);
} // namespace
} // namespace lfp::cli
