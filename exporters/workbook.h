// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file workbook.h
/// The buffer budget workbook (`lfp sheet`, docs/workbook.md): one sheet per switch with its ASIC and
/// buffer inputs, a table of its active ports whose columns are the planner's headroom terms
/// (planner/buffer/headroom.h) written as live spreadsheet formulas over the input cells, then the budget
/// (reservations, shared headroom pool, pools, dynamic-threshold shares) as formulas over that table;
/// a summary sheet referencing every switch sheet. Every formula carries the planner's value as its
/// cached result, so a viewer that does not recalculate shows the planner's numbers, and one that
/// does recalculates them from the inputs (a reviewer who edits a cable length sees xoff and the
/// pools move). The same cells are written as CSV (values only). No Qt.

#include "exportcontext.h"

#include <string>
#include <vector>

namespace lfp {

/// One cell of a workbook sheet: text, a number, or a formula with its cached (planner) value.
struct WorkbookCell {
    enum class Kind { Text, Number, Formula };
    Kind kind = Kind::Text;
    std::string text; ///< Text: the text; Formula: the formula, starting with '='
    double value = 0; ///< Number: the value; Formula: the cached result
    enum class Style { Plain, Title, Header, Input, Result, Note };
    Style style = Style::Plain;
};

struct WorkbookSheet {
    std::string name; ///< ≤ 31 characters, none of []:*?/\ (Excel's sheet name rules)
    std::string device; ///< the switch the sheet is about; empty for the summary
    std::vector<std::vector<WorkbookCell>> rows;
    /// Cell address (A1, sheet-local) of named results, for tests and the summary:
    /// "total", "reserved", "shared_headroom_pool", "available", "ingress_lossless_pool", "dt_share_one",
    /// "dt_share_all", "pool:<name>", "port:<port>:xon|xoff|size|cable_length|speed".
    std::vector<std::pair<std::string, std::string>> named;
    [[nodiscard]] std::string address(const std::string& key) const;
};

struct Workbook {
    std::vector<WorkbookSheet> sheets; ///< "Summary" first, then one per switch in fabric order
    std::vector<std::string> skipped; ///< "leaf9: no budget (unknown ASIC …)"
};

struct WorkbookOptions {
    /// Write the planner's values as the formulas' cached results (false writes 0: a test uses it to
    /// prove a spreadsheet recalculates the planner's numbers from the inputs alone).
    bool cachedResults = true;
};

/// Builds the workbook of every switch of @p ctx that has a budget.
Workbook buildBudgetWorkbook(const ExportContext& ctx);

/// The same rows as CSV (RFC 4180), values only: columns "sheet", then the sheet's cells.
std::string workbookCsv(const Workbook& wb);

/// Writes @p wb as an XLSX file at @p path (libxlsxwriter). Throws InputError when it cannot.
void writeWorkbookXlsx(const Workbook& wb, const std::string& path, const WorkbookOptions& options = {});

/// "A1"-style column letters of a 0-based column (0 → A, 26 → AA).
std::string workbookColumn(int col);

} // namespace lfp
