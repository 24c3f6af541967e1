// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file budgetpanel.h
/// The buffer budget of one switch, as `lfp budget --switch NAME` prints it: computeBudget()
/// (planner/buffer/budget.h) lines (category, name, per unit, count, total, formula, source), the pool sizes
/// and the dynamic threshold, under a bar of where the buffer goes: other reservations, lossless
/// headroom, the shared headroom pool and what is left for the shared pools (or by how much the
/// reservations over-commit the buffer).

#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers these pull in
#include "model/fabric.h"
#include "model/asiccatalog.h"
#include "planner/buffer/budget.h"
#endif

#include <QWidget>

#include <optional>

class QLabel;
class QTableWidget;

namespace lfp::gui {

/// The bar: four segments in proportion to the buffer; over-commitment drawn past a "total" mark.
class BudgetBar : public QWidget {
    Q_OBJECT
public:
    struct Segments {
        qint64 total = 0;
        qint64 otherReserved = 0; ///< every reservation but lossless headroom
        qint64 headroom = 0; ///< lossless PG sizes and private headroom
        qint64 sharedHeadroomPool = 0;
        qint64 shared = 0; ///< left for the shared pools; negative when over-committed
    };
    explicit BudgetBar(QWidget* parent = nullptr);
    void setSegments(const Segments& s);
    void clear();
    [[nodiscard]] const Segments& segments() const { return m_s; }
    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    Segments m_s;
    bool m_valid = false;
};

class BudgetPanel : public QWidget {
    Q_OBJECT
public:
    explicit BudgetPanel(QWidget* parent = nullptr);

    /// The budget of switch @p node (the catalogue must hold its ASIC).
    void showSwitch(const BudgetContext& ctx, const AsicCatalog& catalog, std::size_t node);
    /// No switch: a hint.
    void showHint(const QString& text);

    [[nodiscard]] const std::optional<SwitchBudget>& budget() const { return m_budget; }
    [[nodiscard]] QString heading() const;
    [[nodiscard]] QString summaryText() const;
    [[nodiscard]] QTableWidget* linesTable() const { return m_lines; }
    [[nodiscard]] QTableWidget* poolsTable() const { return m_pools; }
    [[nodiscard]] BudgetBar* bar() const { return m_bar; }

    /// The bar's segments for @p b (lines by category, as the budget sums them).
    static BudgetBar::Segments segmentsFor(const SwitchBudget& b);

private:
    void clearTables();

    std::optional<SwitchBudget> m_budget;
    QLabel* m_heading;
    QLabel* m_summary;
    BudgetBar* m_bar;
    QLabel* m_legend;
    QTableWidget* m_lines;
    QTableWidget* m_pools;
    QLabel* m_dt;
};

} // namespace lfp::gui
