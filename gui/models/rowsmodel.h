// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file rowsmodel.h
/// A read-only table of text rows for the review-meeting views (deadlock, revisions): the view fills
/// it from a planner report; each row may carry a colour (Qt::ForegroundRole) and a tooltip.
#include <QAbstractTableModel>
#include <QColor>
#include <QStringList>
#include <vector>

namespace lfp::gui {

class RowsModel : public QAbstractTableModel {
public:
    struct Row {
        QStringList cells;
        QColor colour; ///< invalid: the palette's text colour
        QString toolTip;
    };
    explicit RowsModel(QStringList headers, QObject* parent = nullptr);
    /// Replaces every row (one model reset).
    void setRows(std::vector<Row> rows);
    /// Changes the headers (after a language change); the rows stay.
    void setHeaders(QStringList headers);
    [[nodiscard]] const Row& row(int r) const { return m_rows[static_cast<std::size_t>(r)]; }
    [[nodiscard]] QString text(int r, int column) const;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QStringList m_headers;
    std::vector<Row> m_rows;
};

} // namespace lfp::gui
