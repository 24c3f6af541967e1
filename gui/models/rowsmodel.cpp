// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/models/rowsmodel.h"

namespace lfp::gui {

RowsModel::RowsModel(QStringList headers, QObject* parent)
    : QAbstractTableModel(parent)
    , m_headers(std::move(headers))
{
}

void RowsModel::setRows(std::vector<Row> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

void RowsModel::setHeaders(QStringList headers)
{
    const int before = static_cast<int>(m_headers.size());
    if (headers.size() != before) {
        beginResetModel();
        m_headers = std::move(headers);
        endResetModel();
        return;
    }
    m_headers = std::move(headers);
    if (before > 0)
        emit headerDataChanged(Qt::Horizontal, 0, before - 1);
}

QString RowsModel::text(int r, int column) const
{
    if (r < 0 || r >= rowCount() || column < 0 || column >= columnCount())
        return {};
    const auto& cells = m_rows[static_cast<std::size_t>(r)].cells;
    return column < cells.size() ? cells[column] : QString();
}

int RowsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int RowsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_headers.size());
}

QVariant RowsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const Row& r = m_rows[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return text(index.row(), index.column());
    case Qt::ToolTipRole:
        return r.toolTip.isEmpty() ? QVariant(text(index.row(), index.column())) : QVariant(r.toolTip);
    case Qt::ForegroundRole:
        return r.colour.isValid() ? QVariant(r.colour) : QVariant();
    default:
        return {};
    }
}

QVariant RowsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Horizontal)
        return section >= 0 && section < m_headers.size() ? QVariant(m_headers[section]) : QVariant();
    return section + 1;
}

} // namespace lfp::gui
