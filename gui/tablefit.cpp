// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/tablefit.h"

#include <QEvent>
#include <QHeaderView>
#include <QPointer>
#include <QScrollBar>
#include <QStyledItemDelegate>
#include <QTableView>

#include <algorithm>
#include <numeric>

namespace lfp::gui {

namespace {

    /// Above this many rows the rows keep the default height (sizing each row to its text reads every
    /// cell; the wrap columns then elide instead).
    constexpr int kMaxRowsToFit = 2000;
    /// The narrowest a wrap column becomes (pixels), when its header is narrower.
    constexpr int kMinWrapWidth = 80;

    /// The wrap columns' cells as drawn: a break opportunity (U+200B, zero width) after the separators
    /// of paths and identifiers (/ _ . : , not between digits), so that a long one ("cfgmgr/buffer_headroom_mellanox.lua")
    /// wraps instead of being elided. Only what is drawn changes; the model's text (copy, tooltip)
    /// stays as it is.
    class BreakingDelegate : public QStyledItemDelegate {
    public:
        using QStyledItemDelegate::QStyledItemDelegate;
        QString displayText(const QVariant& value, const QLocale& locale) const override
        {
            QString text = QStyledItemDelegate::displayText(value, locale);
            QString out;
            out.reserve(text.size() + text.size() / 8);
            for (qsizetype i = 0; i < text.size(); ++i) {
                out += text[i];
                const QChar c = text[i];
                if ((c == QLatin1Char('/') || c == QLatin1Char('_') || c == QLatin1Char('.') || c == QLatin1Char(':') || c == QLatin1Char(','))
                    && i > 0 && i + 1 < text.size() && !text[i + 1].isSpace()
                    && !text[i - 1].isDigit() && !text[i + 1].isDigit()) // not inside a number (29095.0, 1,024)
                    out += QChar(0x200B);
            }
            return out;
        }
    };

    class ColumnFitter : public QObject {
    public:
        ColumnFitter(QTableView* table, QList<int> wrap)
            : QObject(table)
            , m_table(table)
            , m_wrap(std::move(wrap))
        {
            m_headerAlignment = table->horizontalHeader()->defaultAlignment();
            m_headerHeight = table->horizontalHeader()->sizeHint().height();
            table->horizontalHeader()->setStretchLastSection(false);
            table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
            table->setWordWrap(false);
            // (Not over a delegate of the view's own.)
            const bool plain = table->itemDelegate() && table->itemDelegate()->metaObject() == &QStyledItemDelegate::staticMetaObject;
            for (const int c : std::as_const(m_wrap))
                if (plain && !table->itemDelegateForColumn(c))
                    table->setItemDelegateForColumn(c, new BreakingDelegate(this));
            table->viewport()->installEventFilter(this);
            if (QAbstractItemModel* m = table->model()) {
                connect(m, &QAbstractItemModel::modelReset, this, &ColumnFitter::schedule);
                connect(m, &QAbstractItemModel::layoutChanged, this, &ColumnFitter::schedule);
                connect(m, &QAbstractItemModel::rowsInserted, this, &ColumnFitter::schedule);
                connect(m, &QAbstractItemModel::rowsRemoved, this, &ColumnFitter::schedule);
                connect(m, &QAbstractItemModel::columnsInserted, this, &ColumnFitter::schedule);
                connect(m, &QAbstractItemModel::dataChanged, this, &ColumnFitter::schedule);
                connect(m, &QAbstractItemModel::headerDataChanged, this, &ColumnFitter::schedule);
            }
            fit();
        }

        bool eventFilter(QObject* watched, QEvent* event) override
        {
            if (event->type() == QEvent::Resize && watched == m_table->viewport()
                && m_table->viewport()->width() != m_lastWidth)
                schedule();
            return false;
        }

    private:
        /// The narrowest a wrap column gets: its header, at least kMinWrapWidth (or its whole text).
        int leastWidth(int column, int natural) const
        {
            return std::min(natural, std::max(m_table->horizontalHeader()->sectionSizeHint(column), kMinWrapWidth));
        }

        /// The width a header's text needs on two lines (broken at the space nearest its middle), with
        /// the header's margins; its one-line width when it has no space.
        int twoLineWidth(int column) const
        {
            QHeaderView* header = m_table->horizontalHeader();
            const QString text = m_table->model()->headerData(column, Qt::Horizontal, Qt::DisplayRole).toString();
            const QFontMetrics fm = header->fontMetrics();
            const int margins = header->sectionSizeHint(column) - fm.horizontalAdvance(text);
            int best = header->sectionSizeHint(column);
            for (qsizetype i = text.indexOf(QLatin1Char(' ')); i > 0; i = text.indexOf(QLatin1Char(' '), i + 1))
                best = std::min(best, margins + std::max(fm.horizontalAdvance(text.left(i)), fm.horizontalAdvance(text.mid(i + 1))) + 2);
            return best;
        }

        void schedule()
        {
            if (m_pending)
                return;
            m_pending = true;
            QMetaObject::invokeMethod(this, [this] { fit(); }, Qt::QueuedConnection);
        }

        void fit()
        {
            m_pending = false;
            QAbstractItemModel* model = m_table->model();
            if (!model)
                return;
            QHeaderView* header = m_table->horizontalHeader();
            const int columns = model->columnCount();
            const int rows = model->rowCount();
            // Natural widths: the unwrapped text of each column, and its header.
            m_table->setWordWrap(false);
            QList<int> width(columns, 0), content(columns, 0);
            int shown = 0;
            for (int c = 0; c < columns; ++c) {
                if (header->isSectionHidden(c))
                    continue;
                // (QTableView makes its override protected; QAbstractItemView's is public.)
                content[c] = static_cast<QAbstractItemView*>(m_table.data())->sizeHintForColumn(c);
                width[c] = std::max(header->sectionSizeHint(c), content[c]);
                ++shown;
            }
            if (shown == 0)
                return;
            const int avail = m_table->viewport()->width();
            m_lastWidth = avail;
            const int total = std::accumulate(width.begin(), width.end(), 0);
            // @p extra pixels added to the shown columns in equal shares (the last takes the remainder).
            auto shareOut = [&](QList<int>& w, int extra) {
                int given = 0, k = 0;
                for (int c = 0; c < columns; ++c) {
                    if (header->isSectionHidden(c))
                        continue;
                    const int share = ++k == shown ? extra - given : extra / shown;
                    w[c] += share;
                    given += share;
                }
            };
            bool wrapped = false;
            if (total <= avail) {
                // Room to spare: every column gets an equal share of it.
                shareOut(width, avail - total);
            } else {
                // Too narrow: the wrap columns share what the others leave, fairly (each gets an equal
                // share, or its whole text when that is narrower, and the rest goes to the others).
                int fixed = 0, wrapMin = 0;
                QList<int> wrapCols;
                for (int c = 0; c < columns; ++c) {
                    if (header->isSectionHidden(c))
                        continue;
                    if (m_wrap.contains(c)) {
                        wrapCols << c;
                        wrapMin += leastWidth(c, width[c]);
                    } else
                        fixed += width[c];
                }
                // Only when the others fit and leave the wrap columns some room; else it scrolls.
                if (!wrapCols.isEmpty() && avail - fixed >= wrapMin && rows <= kMaxRowsToFit) {
                    int room = avail - fixed;
                    std::sort(wrapCols.begin(), wrapCols.end(), [&](int a, int b) { return width[a] < width[b]; });
                    for (qsizetype i = 0; i < wrapCols.size(); ++i) {
                        const int c = wrapCols[i];
                        const int share = room / static_cast<int>(wrapCols.size() - i);
                        width[c] = std::max(leastWidth(c, width[c]), std::min(width[c], share));
                        room -= width[c];
                    }
                    wrapped = true;
                }
            }
            // Still too wide: the headers wider than their column's cells (a long name over short
            // figures) take two lines, when that is enough for the table to fit.
            bool twoLineHeader = false;
            if (const int excess = std::accumulate(width.begin(), width.end(), 0) - avail; excess > 0) {
                QList<int> narrower = width;
                int saved = 0;
                for (int c = 0; c < columns; ++c) {
                    if (header->isSectionHidden(c) || header->sectionSizeHint(c) <= content[c])
                        continue;
                    const int least = std::max(content[c], twoLineWidth(c));
                    if (least < width[c]) {
                        saved += width[c] - least;
                        narrower[c] = least;
                    }
                }
                if (saved >= excess) {
                    // The width left over shared among the columns, as above.
                    shareOut(narrower, saved - excess);
                    width = narrower;
                    twoLineHeader = true;
                }
            }
            header->setDefaultAlignment(twoLineHeader ? Qt::Alignment(int(m_headerAlignment) | Qt::TextWordWrap) : m_headerAlignment);
            header->setTextElideMode(twoLineHeader ? Qt::ElideNone : Qt::ElideRight);
            header->setMinimumHeight(twoLineHeader ? m_headerHeight + header->fontMetrics().lineSpacing() : 0);
            for (int c = 0; c < columns; ++c)
                if (!header->isSectionHidden(c))
                    header->resizeSection(c, width[c]);
            m_table->setWordWrap(wrapped);
            if (rows <= kMaxRowsToFit)
                m_table->resizeRowsToContents();
        }

        QPointer<QTableView> m_table;
        QList<int> m_wrap;
        int m_lastWidth = -1;
        Qt::Alignment m_headerAlignment;
        int m_headerHeight = 0; ///< the header's height on one line
        bool m_pending = false;
    };

    class RowFitter : public QObject {
    public:
        RowFitter(QTableView* table, int maxRows, int maxPixels)
            : QObject(table)
            , m_table(table)
            , m_maxRows(maxRows)
            , m_maxPixels(maxPixels)
        {
            if (QAbstractItemModel* m = table->model()) {
                connect(m, &QAbstractItemModel::modelReset, this, &RowFitter::schedule);
                connect(m, &QAbstractItemModel::layoutChanged, this, &RowFitter::schedule);
                connect(m, &QAbstractItemModel::rowsInserted, this, &RowFitter::schedule);
                connect(m, &QAbstractItemModel::rowsRemoved, this, &RowFitter::schedule);
            }
            connect(table->verticalHeader(), &QHeaderView::sectionResized, this, &RowFitter::schedule);
            connect(table->horizontalHeader(), &QHeaderView::geometriesChanged, this, &RowFitter::schedule);
            fit();
        }

    private:
        void schedule()
        {
            if (m_pending)
                return;
            m_pending = true;
            QMetaObject::invokeMethod(this, [this] { m_pending = false; fit(); }, Qt::QueuedConnection);
        }

        void fit()
        {
            const QAbstractItemModel* m = m_table->model();
            const int rows = m ? std::min(m->rowCount(), m_maxRows) : 0;
            int h = 2 * m_table->frameWidth();
            if (!m_table->horizontalHeader()->isHidden())
                h += std::max(m_table->horizontalHeader()->height(), m_table->horizontalHeader()->sizeHint().height());
            for (int r = 0; r < rows; ++r)
                h += m_table->rowHeight(r) > 0 ? m_table->rowHeight(r) : m_table->verticalHeader()->defaultSectionSize();
            if (rows == 0)
                h += m_table->verticalHeader()->defaultSectionSize();
            if (m_table->horizontalScrollBar()->isVisible())
                h += m_table->horizontalScrollBar()->height();
            h = std::min(h + 2, m_maxPixels);
            if (h != m_table->minimumHeight())
                m_table->setMinimumHeight(h);
        }

        QPointer<QTableView> m_table;
        int m_maxRows;
        int m_maxPixels;
        bool m_pending = false;
    };

} // namespace

void fitColumns(QTableView* table, QList<int> wrap)
{
    new ColumnFitter(table, std::move(wrap));
}

void fitRows(QTableView* table, int maxRows, int maxPixels)
{
    new RowFitter(table, maxRows, maxPixels);
}

} // namespace lfp::gui
