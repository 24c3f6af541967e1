// SPDX-License-Identifier: GPL-3.0-or-later
// lfp sheet PROJECT [-r REV] [--switch NAME]... -o budget.xlsx|budget.csv [--json]
// The buffer budget workbook (a contract, docs/workbook.md): one sheet per switch with the planner's
// headroom terms and pools as live formulas, a summary sheet; CSV writes the same rows with values.
// Exit status: 0 written, 2 usage or input error (nothing written).
#include "cli.h"

#include "exporters/workbook.h"
#include "model/asiccatalog.h"
#include "model/errors.h"
#include "model/fileio.h"
#include "model/projectstore.h"

#include <filesystem>
#include <fmt/format.h>
#include <iostream>

namespace lfp::cli {
namespace {

    Runner setupSheet(CLI::App& app)
    {
        auto* cmd = app.add_subcommand("sheet", "Buffer budget workbook (XLSX with live formulas, or CSV): a sheet per switch, headroom terms, pools, summary");
        struct Opts {
            std::string project;
            std::optional<int> revision;
            std::vector<std::string> switches;
            std::string output;
            std::vector<std::string> asicDirs;
            bool json = false;
        };
        auto o = std::make_shared<Opts>();
        cmd->add_option("PROJECT", o->project, "Project .lfp or fabric .json")->required();
        cmd->add_option("--revision,-r", o->revision, "Revision of a .lfp project (default: latest)");
        cmd->add_option("--switch", o->switches, "Only this switch (repeatable)");
        cmd->add_option("-o,--output", o->output, "Workbook to write: *.xlsx (formulas) or *.csv (values)")->required();
        cmd->add_option("--asic-dir", o->asicDirs, "Extra directory of ASIC profiles (*.json); may be repeated");
        addJsonFlag(cmd, o->json);
        cmd->footer("The XLSX formulas follow docs/formulas.md; the cached results are the planner's values (lfp budget --json).\n"
                    "Exit status: 0 written, 2 usage or input error.");
        return [o]() {
            const std::string ext = std::filesystem::path(o->output).extension().string();
            const bool csv = ext == ".csv" || ext == ".CSV";
            if (!csv && ext != ".xlsx" && ext != ".XLSX")
                throw InputError(SourceLocation { o->output, 0, 0, "-o" }, fmt::format("found extension \"{}\", expected .xlsx or .csv", ext));
            const Fabric fabric = loadFabricFile(o->project, o->revision);
            AsicCatalog catalog = AsicCatalog::loadDefault();
            for (const auto& d : o->asicDirs)
                catalog.loadDirectory(d, "--asic-dir");
            catalog.mergeProject(fabric);
            for (const auto& s : o->switches) {
                const Node* n = fabric.findNode(s);
                if (!n || !n->isSwitch())
                    throw InputError(SourceLocation { o->project, 0, 0, "--switch" }, fmt::format("no switch named \"{}\" in the fabric", s));
            }
            ExportOptions eo;
            eo.devices = o->switches;
            ConsoleFeedback fb;
            const ExportContext ctx(fabric, catalog, eo, &fb);
            const Workbook wb = buildBudgetWorkbook(ctx);
            if (csv)
                writeFileAtomically(o->output, workbookCsv(wb));
            else
                writeWorkbookXlsx(wb, o->output);
            if (o->json) {
                nlohmann::json sheets = nlohmann::json::array();
                for (const auto& s : wb.sheets) {
                    nlohmann::json named = nlohmann::json::object();
                    for (const auto& [k, a] : s.named)
                        named[k] = a;
                    sheets.push_back({ { "sheet", s.name }, { "device", s.device }, { "rows", s.rows.size() }, { "cells", named } });
                }
                printJson({ { "output", o->output }, { "format", csv ? "csv" : "xlsx" }, { "sheets", sheets }, { "skipped", wb.skipped } });
            } else {
                std::cout << fmt::format("{}: {} ({} + summary) written to {}\n", csv ? "csv" : "xlsx", countOf(wb.sheets.size(), "sheet"),
                    countOf(wb.sheets.size() - 1, "switch", "switches"),
                    o->output);
                for (const auto& s : wb.skipped)
                    std::cout << "skipped " << s << '\n';
            }
            return kExitOk;
        };
    }
    LFP_REGISTER_COMMAND(33, setupSheet);

} // namespace
} // namespace lfp::cli
