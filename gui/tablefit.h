// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file tablefit.h
/// Column widths for the views' tables that neither clip a text nor push a column off the right edge:
/// each column is as wide as its contents and its header, and the width left over is shared among
/// all the columns (no column takes all the room while the others are squeezed). When the table is
/// narrower than its contents, the columns named in `wrap` (the long texts: lists of switches, links,
/// pools, formulas) share what the others leave and wrap their text, the rows growing to fit; then
/// the headers wider than their cells ("Shared headroom demand" over "0 B") take two lines; only when
/// even that cannot fit does the table scroll sideways. The fit is made again when the table is
/// resized and when its model's rows or texts change.

#include <QList>

class QTableView;

namespace lfp::gui {

/// Fits @p table's columns as described above, now and from then on (the table must have its model).
void fitColumns(QTableView* table, QList<int> wrap = {});

/// Keeps @p table at least tall enough for its header and its first @p maxRows rows (all of them
/// when there are fewer), at most @p maxPixels, so that a short table (six switches, two revisions)
/// shows every row whole instead of one and a half; the splitters and the dock grow to give it that
/// height. Made again when rows change or change height (wrapped text, tablefit's two-line headers).
void fitRows(QTableView* table, int maxRows = 8, int maxPixels = 280);

} // namespace lfp::gui
