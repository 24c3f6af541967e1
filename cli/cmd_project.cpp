// SPDX-License-Identifier: GPL-3.0-or-later
// lfp info | convert | revisions | diff | find
#include "cli.h"

#include "model/diff.h"
#include "model/errors.h"
#include "model/fabricindex.h"
#include "model/fabricjson.h"
#include "model/objectsearch.h"
#include "model/textsafe.h"
#include "model/projectstore.h"

#include <filesystem>
#include <fmt/format.h>
#include <iostream>

namespace lfp::cli {
namespace {

    nlohmann::json countsJson(const Fabric& f)
    {
        return { { "name", f.name },
            { "nodes", f.nodes.size() },
            { "switches", f.switchCount() },
            { "hosts", f.hostCount() },
            { "ports", f.portCount() },
            { "links", f.links.size() },
            { "policies", f.policies.size() } };
    }

    Runner setupInfo(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("info", "Summarise a fabric (.json) or project (.lfp)");
        struct Opts {
            std::string file;
            std::optional<int> revision;
            bool json = false;
        };
        auto o = std::make_shared<Opts>();
        cmd->add_option("FILE", o->file, "Fabric .json or project .lfp")->required();
        cmd->add_option("--revision,-r", o->revision, "Revision of a .lfp project (default: latest)");
        addJsonFlag(cmd, o->json);
        return [o]() {
            const LoadedFabric loaded = loadFabricFileWithRevision(o->file, o->revision);
            const Fabric& f = loaded.fabric;
            nlohmann::json j = countsJson(f);
            j["file"] = o->file;
            std::map<std::string, int> roles;
            for (const auto& n : f.nodes)
                ++roles[toString(n.role)];
            j["roles"] = roles;
            if (ProjectStore::looksLikeProject(o->file)) {
                auto store = ProjectStore::open(o->file);
                j["revisions"] = store.revisions().size();
                j["revision"] = loaded.revision.value_or(0); // the revision read, not a later one
            }
            const auto problems = f.validate();
            j["problems"] = problems;
            if (o->json) {
                printJson(j);
                return kExitOk;
            }
            std::cout << fmt::format("{}: {}\n", o->file, f.name.empty() ? "(unnamed fabric)" : f.name);
            if (!f.description.empty())
                std::cout << "  " << f.description << '\n';
            if (j.contains("revision"))
                std::cout << fmt::format("  revision  {} of {}\n", j["revision"].get<int>(), j["revisions"].get<std::size_t>());
            std::cout << fmt::format("  nodes     {} ({}, {})\n", groupThousands(f.nodes.size()), countOf(f.switchCount(), "switch", "switches"),
                countOf(f.hostCount(), "host"));
            for (const auto& [role, count] : roles)
                std::cout << fmt::format("    {:<12}{}\n", role, groupThousands(count));
            std::cout << fmt::format("  ports     {}\n  links     {}\n  policies  {}\n", groupThousands(f.portCount()), groupThousands(f.links.size()),
                groupThousands(f.policies.size()));
            for (const auto& p : problems)
                std::cout << "  problem: " << p << '\n';
            return kExitOk;
        };
    }
    LFP_REGISTER_COMMAND(10, setupInfo);

    Runner setupConvert(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("convert", "Convert between fabric .json and project .lfp (a .lfp target gets a new revision)");
        struct Opts {
            std::string in, out, message, author;
            std::optional<int> revision;
            bool json = false;
        };
        auto o = std::make_shared<Opts>();
        cmd->add_option("IN", o->in, "Source .json or .lfp")->required();
        cmd->add_option("OUT", o->out, "Target .json or .lfp")->required();
        cmd->add_option("--revision,-r", o->revision, "Revision of a .lfp source (default: latest)");
        cmd->add_option("--message,-m", o->message, "Revision message for a .lfp target");
        cmd->add_option("--author", o->author, "Revision author (default: $LFP_AUTHOR or user@host)");
        addJsonFlag(cmd, o->json);
        return [o]() {
            ConsoleFeedback feedback; // Ctrl-C is held until the save has committed or rolled back, as in `generate`
            const Fabric f = loadFabricFile(o->in, o->revision);
            const std::string msg = o->message.empty() ? fmt::format("converted from {}", std::filesystem::path(o->in).filename().string()) : o->message;
            checkCancelled(&feedback); // Ctrl-C before the save: nothing written, exit 130
            const int rev = saveFabricFile(f, o->out, msg, o->author);
            if (o->json) {
                nlohmann::json j = countsJson(f);
                j["from"] = o->in;
                j["to"] = o->out;
                if (rev > 0)
                    j["revision"] = rev;
                printJson(j);
            } else {
                std::cout << fmt::format("wrote {} ({}, {}){}\n", o->out, countOf(f.nodes.size(), "node"), countOf(f.links.size(), "link"),
                    rev > 0 ? fmt::format(", revision {}", rev) : std::string());
            }
            return kExitOk;
        };
    }
    LFP_REGISTER_COMMAND(11, setupConvert);

    Runner setupRevisions(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("revisions", "List the saved revisions of a project (.lfp)");
        struct Opts {
            std::string file;
            bool json = false;
        };
        auto o = std::make_shared<Opts>();
        cmd->add_option("FILE", o->file, "Project .lfp")->required();
        addJsonFlag(cmd, o->json);
        return [o]() {
            auto store = ProjectStore::open(o->file);
            const auto revs = store.revisions();
            if (o->json) {
                nlohmann::json arr = nlohmann::json::array();
                for (const auto& r : revs)
                    arr.push_back({ { "id", r.id }, { "time", r.time }, { "author", r.author }, { "message", r.message },
                        { "format_version", r.formatVersion }, { "nodes", r.nodes }, { "links", r.links } });
                printJson({ { "file", o->file }, { "revisions", arr } });
                return kExitOk;
            }
            std::cout << fmt::format("{:>4}  {:<20}  {:<20}  {:>7}  {:>7}  {}\n", "rev", "time (UTC)", "author", "nodes", "links", "message");
            for (const auto& r : revs)
                std::cout << fmt::format("{:>4}  {:<20}  {:<20}  {:>7}  {:>7}  {}\n", r.id, escapeTerminal(r.time), escapeTerminal(r.author), r.nodes, r.links,
                    escapeTerminal(r.message));
            return kExitOk;
        };
    }
    LFP_REGISTER_COMMAND(12, setupRevisions);

    Runner setupDiff(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("diff", "What changed between two revisions of a project (or two fabric files)");
        struct Opts {
            std::string file;
            std::string other;
            std::optional<int> from, to;
            bool json = false;
        };
        auto o = std::make_shared<Opts>();
        cmd->add_option("FILE", o->file, "Project .lfp (or the first of two fabric files)")->required();
        cmd->add_option("OTHER", o->other, "A second fabric file to compare FILE with");
        cmd->add_option("--from", o->from, "Older revision (default: the one before --to)");
        cmd->add_option("--to", o->to, "Newer revision (default: latest)");
        addJsonFlag(cmd, o->json);
        return [o]() {
            Fabric before, after;
            bool identical = false;
            nlohmann::json head;
            if (!o->other.empty()) {
                before = loadFabricFile(o->file, o->from);
                after = loadFabricFile(o->other, o->to);
                head = { { "from", o->file }, { "to", o->other } };
            } else {
                auto store = ProjectStore::open(o->file);
                const auto latest = store.latestRevision();
                if (!latest)
                    throw InputError(SourceLocation { o->file, 0, 0, {} }, "the project has no revision to compare");
                const int to = o->to.value_or(*latest);
                const int from = o->from.value_or(to - 1);
                if (from < 1)
                    throw InputError(SourceLocation { o->file, 0, 0, "--from" }, fmt::format("revision {} has no earlier revision; give --from and --to", to));
                head = { { "file", o->file }, { "from", from }, { "to", to } };
                // Equal checksums: the two revisions hold the same fabric text, so nothing changed and
                // neither is loaded (a k=64 diff of identical revisions takes milliseconds, not seconds).
                // revisionChecksum verifies each text against its checksum, so a damaged revision is refused.
                const std::string sumFrom = store.revisionChecksum(from), sumTo = store.revisionChecksum(to);
                identical = !sumFrom.empty() && sumFrom == sumTo;
                if (!identical) {
                    before = store.load(from);
                    after = store.load(to);
                }
            }
            const auto changes = identical ? std::vector<ObjectChange> {} : diffFabrics(before, after);
            std::size_t added = 0, removed = 0, changed = 0;
            for (const auto& c : changes)
                (c.kind == ObjectChange::Kind::Added ? added : c.kind == ObjectChange::Kind::Removed ? removed : changed)++;
            if (o->json) {
                nlohmann::json arr = nlohmann::json::array();
                for (const auto& c : changes) {
                    nlohmann::json fields = nlohmann::json::array();
                    for (const auto& fc : c.fields)
                        fields.push_back({ { "field", fc.field }, { "before", fc.beforeValue }, { "after", fc.afterValue } }); // typed: null when absent
                    arr.push_back({ { "kind", toString(c.kind) }, { "type", c.objectType }, { "id", c.id }, { "fields", fields } });
                }
                head["changes"] = arr;
                head["summary"] = { { "added", added }, { "removed", removed }, { "changed", changed } };
                printJson(head);
                return kExitOk;
            }
            for (const auto& c : changes) {
                const char mark = c.kind == ObjectChange::Kind::Added ? '+' : c.kind == ObjectChange::Kind::Removed ? '-' : '~';
                std::cout << fmt::format("{} {} {}\n", mark, c.objectType, c.id);
                for (const auto& fc : c.fields)
                    std::cout << fmt::format("    {}: {} -> {}\n", fc.field, fc.before.empty() ? "(absent)" : fc.before, fc.after.empty() ? "(absent)" : fc.after);
            }
            std::cout << fmt::format("{} added, {} removed, {} changed\n", added, removed, changed);
            return kExitOk;
        };
    }
    LFP_REGISTER_COMMAND(13, setupDiff);

    /// lfp find PROJECT QUERY: the devices and ports whose names match, as the GUI's Ctrl+F finds them.
    Runner setupFind(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("find", "Find devices and ports by name (as Edit > Find in lfp-planner)");
        struct Opts {
            std::string file;
            std::string query;
            std::optional<int> revision;
            std::size_t limit = 50;
            bool json = false;
        };
        auto o = std::make_shared<Opts>();
        cmd->add_option("FILE", o->file, "Fabric .json or project .lfp")->required();
        cmd->add_option("QUERY", o->query, "Part of a name: leaf1, spine, Ethernet48, leaf1:Eth (ports of leaf1)")->required();
        cmd->add_option("--revision,-r", o->revision, "Revision of a .lfp project (default: latest)");
        cmd->add_option("--limit", o->limit, "Print at most this many")->capture_default_str();
        addJsonFlag(cmd, o->json);
        cmd->footer("Matches ignore case: exact names first, then names that start with QUERY, then the rest.\n"
                    "Exit status: 0 something matched, 1 nothing matched, 2 usage or input error.");
        return [o]() {
            const Fabric fabric = loadFabricFile(o->file, o->revision);
            const FabricIndex index(fabric);
            const SearchResult r = searchObjects(index, o->query, o->limit);
            if (o->json) {
                nlohmann::json arr = nlohmann::json::array();
                for (const auto& ref : r.objects)
                    arr.push_back({ { "object", ref.toString() }, { "kind", toString(ref.kind) } });
                printJson({ { "query", o->query }, { "total", r.total }, { "objects", arr } });
            } else {
                for (const auto& ref : r.objects)
                    std::cout << ref.toString() << "\n";
                if (r.total > r.objects.size())
                    std::cout << fmt::format("… {} more (--limit)\n", r.total - r.objects.size());
                if (r.total == 0)
                    std::cout << fmt::format("no device or port matches \"{}\"\n", escapeTerminal(o->query));
            }
            return r.total ? kExitOk : kExitFindings;
        };
    }
    LFP_REGISTER_COMMAND(16, setupFind);

} // namespace
} // namespace lfp::cli
