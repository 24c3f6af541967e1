// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file budgetview.h
/// The buffer budget view (`lfp-planner --view budget`): every switch's computeBudget()
/// (planner/buffer/budget.h, the numbers `lfp budget` prints) as one horizontal stacked bar — reservations,
/// lossless headroom, shared headroom pool, shared pools, free — against the switch's buffer, sorted
/// by risk (the smallest share left for the shared pools first). A model filter puts the switches of
/// one model side by side; clicking a bar or a row shows that switch's ports (per-port breakdown).
/// The GUI sums budget lines by category only; it computes no buffer figure of its own.

#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers these pull in
#include "model/asiccatalog.h"
#include "model/fabricindex.h"
#include "planner/buffer/budget.h"
#endif

namespace lfp {
class JobRunner;
}

#include <QAbstractTableModel>
#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QTableView;

QT_BEGIN_NAMESPACE
class QChartView;
class QHorizontalStackedBarSeries;
class QBarCategoryAxis;
class QValueAxis;
QT_END_NAMESPACE

namespace lfp::gui {

/// Where one switch's buffer goes, in bytes, from its budget lines (planner/buffer/budget.h categories).
struct BudgetSegments {
    qint64 total = 0; ///< the ASIC's buffer (capacity)
    qint64 reserved = 0; ///< every reservation but lossless headroom (lossy and management PGs, queues, mirror, egress list, management pool)
    qint64 headroom = 0; ///< lines "lossless-pg" and "private-headroom"
    qint64 sharedHeadroomPool = 0; ///< line "shared-headroom-pool"
    qint64 sharedPools = 0; ///< lines "pool"
    qint64 free = 0; ///< line "remainder" (not assigned to a pool), floor 0
    qint64 overCommitted = 0; ///< −available when the reservations exceed the buffer, else 0
    /// The share of the buffer left for the shared pools (available / total); 2 when the total is unknown (sorts last).
    double leftShare = 2;
};
BudgetSegments budgetSegments(const SwitchBudget& b);

/// Switches with their budgets, riskiest first: Switch, Model, ASIC, Capacity, Reserved, Headroom,
/// Shared headroom pool, Shared pools, Free, Left for shared pools. Qt::UserRole: bytes (or the share).
class SwitchBudgetModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { SwitchColumn, ModelColumn, AsicColumn, CapacityColumn, ReservedColumn, HeadroomColumn, ShpColumn, PoolsColumn, FreeColumn, LeftColumn, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;
    /// Takes the budgets with each switch's model (Node::model, "SN4700"; parallel to @p budgets) and
    /// sorts them by risk (least left for the shared pools first, then by name).
    void setBudgets(std::vector<SwitchBudget> budgets, std::vector<std::string> switchModels);
    /// The model of the switch in @p row ("" when the fabric gives none).
    [[nodiscard]] QString switchModel(int row) const;
    [[nodiscard]] const std::vector<SwitchBudget>& budgets() const { return m_budgets; }
    [[nodiscard]] const SwitchBudget* budgetAt(int row) const;
    [[nodiscard]] int rowOf(const QString& switchName) const;
    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation o, int role) const override;

private:
    std::vector<SwitchBudget> m_budgets;
    std::vector<BudgetSegments> m_segments;
    std::vector<std::string> m_models;
};

/// The active ports of one switch's budget (PortBudget): Port, Speed, Cable, MTU, Lossless PGs, xon,
/// xoff, size per PG, Reserved, Shared headroom demand, Port headroom. Qt::UserRole: the number.
class PortBudgetModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { PortColumn, SpeedColumn, CableColumn, MtuColumn, PgColumn, XonColumn, XoffColumn, SizeColumn, ReservedColumn, ShpColumn, PortHeadroomColumn, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;
    void setPorts(std::vector<PortBudget> ports);
    [[nodiscard]] const std::vector<PortBudget>& ports() const { return m_ports; }
    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation o, int role) const override;

private:
    std::vector<PortBudget> m_ports;
};

class BudgetView : public QWidget {
    Q_OBJECT
public:
    /// At most this many bars (the riskiest); the table lists every switch.
    static constexpr int kMaxBars = 24;

    explicit BudgetView(QWidget* parent = nullptr);

    /// A new snapshot and catalogue: the budgets are recomputed in the background (document/jobrunner.h,
    /// latest edit wins) while the view is shown, else when it is shown next.
    void setData(FabricSnapshot snapshot, std::shared_ptr<const AsicCatalog> catalog);
    /// Computes every switch's budget now, on this thread.
    void refresh();
    /// Processes events until no background computation runs. True when idle.
    bool waitForBudgets(int timeoutMs = 60000);

    /// Every switch's budget (computeBudget() with one HeadroomCache), the switches' models, and the
    /// switches without a budget with the reason. Checks @p feedback for cancellation.
    struct Computed {
        std::vector<SwitchBudget> budgets;
        std::vector<std::string> models;
        QStringList skipped;
    };
    static Computed computeAll(const FabricSnapshot& snapshot, const AsicCatalog& catalog, Feedback* feedback);
    /// Shows only switches of @p model (empty: every model). False when no budget has that model.
    bool setModelFilter(const QString& model);
    /// Shows the ports of @p switchName (as a click on its bar). False when it has no budget.
    bool selectSwitch(const QString& switchName);

    [[nodiscard]] SwitchBudgetModel* switchModel() const { return m_switches; }
    [[nodiscard]] PortBudgetModel* portModel() const { return m_ports; }
    [[nodiscard]] QHorizontalStackedBarSeries* series() const { return m_series; }
    /// The bars' switches, top (riskiest) first.
    [[nodiscard]] QStringList barSwitches() const { return m_barSwitches; }
    [[nodiscard]] QString selectedSwitch() const { return m_selected; }
    [[nodiscard]] QString summaryText() const;
    [[nodiscard]] QChartView* chartView() const { return m_chartView; }
    [[nodiscard]] QTableView* switchTable() const { return m_switchTable; }
    [[nodiscard]] QTableView* portTable() const { return m_portTable; }
    /// The text of a bar segment's tooltip (set @p set, bar @p bar): switch, segment, KiB/MiB and share.
    [[nodiscard]] QString barToolTip(int set, int bar) const;

signals:
    /// A switch was clicked (bar or row).
    void switchActivated(const QString& switchName);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void rebuildChart();
    void rebuildModels();
    void apply(Computed c);
    void refreshInBackground();

    FabricSnapshot m_snapshot;
    std::shared_ptr<const AsicCatalog> m_catalog;
    bool m_dirty = false;
    JobRunner* m_jobs;
    QStringList m_skipped; ///< switches without a budget, with the reason
    QString m_filter;
    QString m_selected;
    QStringList m_barSwitches;
    std::vector<BudgetSegments> m_barSegments;

    SwitchBudgetModel* m_switches;
    PortBudgetModel* m_ports;
    QLabel* m_summary;
    QComboBox* m_modelBox;
    QChartView* m_chartView;
    QHorizontalStackedBarSeries* m_series = nullptr;
    QTableView* m_switchTable;
    QLabel* m_portHeading;
    QTableView* m_portTable;
};

} // namespace lfp::gui
