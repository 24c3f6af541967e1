// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file headroompanel.h
/// PFC headroom of one lossless PG, every term explained: xon, xoff and size from computeHeadroom()
/// (planner/buffer/headroom.h, the function behind `lfp headroom`), with the table of terms (name, value,
/// unit, formula, source). For a selected switch port the inputs come from the port (speed, lanes,
/// MTU), its link (cable length), its switch's ASIC and buffer.* attributes, exactly as the budget
/// computes them; every input stays editable for a what-if. HeadroomDialog is the same panel as a
/// free calculator (Tools ▸ Headroom Calculator).

#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers these pull in
#include "model/fabric.h"
#include "model/fabricindex.h"
#include "model/asiccatalog.h"
#include "planner/buffer/headroom.h"
#include "model/objectref.h"

#include <string>
#include <tuple>
#include <vector>
#endif

#include <QDialog>
#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace lfp::gui {

class HeadroomPanel : public QWidget {
    Q_OBJECT
public:
    explicit HeadroomPanel(QWidget* parent = nullptr);

    /// The ASIC profiles offered (the catalogue merged with the project's own).
    void setCatalog(std::shared_ptr<const AsicCatalog> catalog);

    /// Inputs from port @p port of node @p node (a switch port; a host port only explains itself).
    void showPort(const FabricIndex& index, std::size_t node, std::size_t port);
    /// Explicit inputs (the calculator).
    void setInputs(const QString& asicId, const HeadroomInput& in);
    /// Nothing selected: a hint, the last inputs stay.
    void showHint(const QString& text);

    /// A what-if on the shown inputs (the headroom explainer's sliders): ASIC, speed (lanes follow
    /// it), cable and port MTU at once, one recomputation; the port stays the target of Apply to plan.
    void setWhatIf(const QString& asicId, BitsPerSecond speed, Metres cable, Bytes portMtu);
    /// The port shown (Apply to plan's target) and the plan's inputs the what-if started from.
    [[nodiscard]] const std::optional<Endpoint>& shownPort() const { return m_port; }
    [[nodiscard]] const HeadroomInput& planInput() const { return m_planInput; }
    [[nodiscard]] const QString& planAsic() const { return m_planAsic; }
    [[nodiscard]] HeadroomInput inputs() const;
    [[nodiscard]] QString asicId() const;
    /// The last result; nullopt when the inputs were invalid (see errorText()).
    [[nodiscard]] const std::optional<HeadroomResult>& result() const { return m_result; }
    [[nodiscard]] QString errorText() const;
    /// The heading ("leaf1:Ethernet0 — 100G, 5 m to spine1:Ethernet0, spectrum-1").
    [[nodiscard]] QString heading() const;
    /// Shown results, as displayed ("44032").
    [[nodiscard]] QString xonText() const;
    [[nodiscard]] QString xoffText() const;
    [[nodiscard]] QString sizeText() const;
    [[nodiscard]] QTableWidget* termsTable() const { return m_terms; }

    /// What "Apply to plan" would set on the shown port: (object, field, value) for each what-if input
    /// that differs from the plan (cable → the link's length; speed, lanes, MTU → the port; ASIC → the
    /// switch). Empty when no port is shown or nothing differs.
    [[nodiscard]] std::vector<std::tuple<ObjectRef, std::string, std::string>> planEdits() const;
    [[nodiscard]] QPushButton* applyButton() const { return m_apply; }

signals:
    void computed();
    /// "Apply to plan": the what-if inputs become the plan's values (MainWindow pushes one undo step).
    void applyRequested();

private:
    void recompute();
    void onInputEdited();
    void updateLanesFromSpeed();
    void setHeading(const QString& text, const QString& note = {});

    std::shared_ptr<const AsicCatalog> m_catalog;
    std::optional<HeadroomResult> m_result;
    bool m_filling = false;
    bool m_fromPort = false;
    QString m_portHeading;
    /// The port shown (for Apply to plan) and the plan's values the what-if started from.
    std::optional<Endpoint> m_port;
    bool m_portOnLink = false;
    QString m_planAsic;
    HeadroomInput m_planInput;
    void updateApply();
    QPushButton* m_apply = nullptr;

    QLabel* m_heading;
    QLabel* m_note;
    QComboBox* m_asic;
    QComboBox* m_speed;
    QSpinBox* m_lanes;
    QSpinBox* m_mtu;
    QDoubleSpinBox* m_cable;
    QSpinBox* m_losslessMtu;
    QSpinBox* m_spp;
    QDoubleSpinBox* m_ratio;
    QComboBox* m_release;
    QDoubleSpinBox* m_gearbox;
    QLabel* m_xon;
    QLabel* m_xoff;
    QLabel* m_size;
    QLabel* m_model;
    QLabel* m_error;
    QTableWidget* m_terms;
};

/// Tools ▸ Headroom Calculator: a HeadroomPanel with explicit inputs.
class HeadroomDialog : public QDialog {
    Q_OBJECT
public:
    explicit HeadroomDialog(std::shared_ptr<const AsicCatalog> catalog, QWidget* parent = nullptr);
    [[nodiscard]] HeadroomPanel* panel() const { return m_panel; }

private:
    HeadroomPanel* m_panel;
};

/// The headroom input the budget (planner/buffer/budget.cpp) uses for port @p port of switch @p node with
/// cable @p cable: the port's speed, lanes and MTU, the switch's buffer.* settings, and the shared
/// headroom pool ratio (on for Broadcom XGS, a fixed pool, or buffer.over_subscribe_ratio > 0).
/// Throws InputError for a malformed buffer.* attribute.
HeadroomInput headroomInputForPort(const Node& node, const Port& port, Metres cable, const AsicProfile& asic);

} // namespace lfp::gui
