// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file headroomexplainer.h
/// The headroom explainer (`lfp-planner --view headroom`): the PFC headroom of one lossless PG of the
/// selected switch port (and priority) as a waterfall — each byte term of computeHeadroom()
/// (planner/buffer/headroom.h) stacked on what came before it, up to xoff, xon and the reserved size — and
/// the table of every term with value, unit, formula and source. What-if sliders (cable, speed, port
/// MTU) and the ASIC choice change the main window's HeadroomPanel inputs, so the effect shows at once
/// and "Apply to plan" is the panel's one undoable step (MainWindow::applyHeadroomWhatIf).
///
/// The waterfall is read off the terms' formulas: a term whose formula names earlier byte terms is a
/// total of them (drawn from zero); the named terms are its steps, each on the running sum; what the
/// named terms do not account for (cell-occupancy factors, rounding to cells or KiB, compensations)
/// is one "rest" step. Every bar length is a planner value or the difference of two.

#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers these pull in
#include "model/asiccatalog.h"
#include "model/fabricindex.h"
#include "planner/buffer/headroom.h"
#endif

#include <QAbstractTableModel>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QSlider;
class QTableView;

QT_BEGIN_NAMESPACE
class QChartView;
class QHorizontalStackedBarSeries;
QT_END_NAMESPACE

namespace lfp::gui {

class HeadroomPanel;

/// One bar of the waterfall, in bytes.
struct WaterfallStep {
    enum Kind { Step, Rest, Total };
    Kind kind = Step;
    std::string term; ///< the term's name ("bytes_on_cable"); for a Rest the total it leads to
    double base = 0; ///< where the bar starts (the running sum before it; 0 for a Total)
    double value = 0; ///< its length (≥ 0)
    double signedValue = 0; ///< a Rest that lowers the sum is negative
};
/// The bytes of term @p t: "B" as is, "BT" (bit times) / 8; nullopt for other units.
std::optional<double> termBytes(const HeadroomTerm& t);
/// The waterfall of @p r (see the file comment): the totals that lead to xon, xoff and size, in the
/// order of the terms.
std::vector<WaterfallStep> headroomWaterfall(const HeadroomResult& r);

/// Every term of a result: Term, Value, Unit, Formula, Source. Qt::UserRole of Value: the number.
class HeadroomTermsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { TermColumn, ValueColumn, UnitColumn, FormulaColumn, SourceColumn, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;
    void setTerms(std::vector<HeadroomTerm> terms);
    [[nodiscard]] const std::vector<HeadroomTerm>& terms() const { return m_terms; }
    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation o, int role) const override;

private:
    std::vector<HeadroomTerm> m_terms;
};

class HeadroomExplainer : public QWidget {
    Q_OBJECT
public:
    /// Explains what @p panel (the main window's headroom panel) computes and drives its what-if inputs.
    explicit HeadroomExplainer(HeadroomPanel* panel, QWidget* parent = nullptr);

    /// The fabric (for the lossless priorities of the shown port) and the ASIC choices.
    void setData(FabricSnapshot snapshot, std::shared_ptr<const AsicCatalog> catalog);

    /// What-if: sets the panel's inputs as the sliders and the ASIC box do.
    void setCableMetres(int metres);
    void setSpeedIndex(int index);
    void setPortMtu(int bytes);
    void setAsic(const QString& id);

    [[nodiscard]] const std::vector<WaterfallStep>& steps() const { return m_steps; }
    /// The height (pixels) at which the waterfall has a line for every term's label and the controls
    /// show whole: the main window gives the view at least this much (MainWindow::showViewDock).
    [[nodiscard]] int neededHeight() const;
    [[nodiscard]] QHorizontalStackedBarSeries* series() const { return m_series; }
    [[nodiscard]] HeadroomTermsModel* termsModel() const { return m_terms; }
    [[nodiscard]] QSlider* cableSlider() const { return m_cable; }
    [[nodiscard]] QSlider* speedSlider() const { return m_speed; }
    [[nodiscard]] QSlider* mtuSlider() const { return m_mtu; }
    [[nodiscard]] QComboBox* asicBox() const { return m_asic; }
    [[nodiscard]] QComboBox* priorityBox() const { return m_priority; }
    [[nodiscard]] QPushButton* applyButton() const { return m_apply; }
    [[nodiscard]] QString headingText() const;
    [[nodiscard]] QString resultText() const;
    /// The speeds the speed slider steps through.
    [[nodiscard]] static const std::vector<BitsPerSecond>& sliderSpeeds();

signals:
    /// "Apply to plan" (MainWindow::applyHeadroomWhatIf, one undo step).
    void applyRequested();

private:
    void onComputed();
    void syncControls();
    void pushWhatIf();
    void rebuildChart();
    void updatePriorities();

    HeadroomPanel* m_panel;
    FabricSnapshot m_snapshot;
    std::shared_ptr<const AsicCatalog> m_catalog;
    std::vector<WaterfallStep> m_steps;
    bool m_syncing = false;

    QLabel* m_heading;
    QLabel* m_note;
    QComboBox* m_priority;
    QComboBox* m_asic;
    QSlider* m_cable;
    QLabel* m_cableValue;
    QSlider* m_speed;
    QLabel* m_speedValue;
    QSlider* m_mtu;
    QLabel* m_mtuValue;
    QLabel* m_result;
    QPushButton* m_apply;
    QPushButton* m_reset;
    QChartView* m_chartView;
    QWidget* m_controls = nullptr; ///< the left column (in a scroll area)
    QHorizontalStackedBarSeries* m_series = nullptr;
    HeadroomTermsModel* m_terms;
    QTableView* m_termsTable;
};

} // namespace lfp::gui
