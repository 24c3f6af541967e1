// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file templatesview.h
/// Threshold templates (`lfp-planner --view templates`): the speed × cable grid of one ASIC from
/// buildTemplate() (exporters/templates.h, the code behind `lfp template`) as a table (xon / xoff /
/// size per cell) and a heat map coloured by headroom size (or xoff, xon), exported with
/// renderTemplate() in the CLI's formats: CSV, Markdown, SONiC pg_profile_lookup.ini.

#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers these pull in
#include "exporters/templates.h"
#include "model/asiccatalog.h"
#endif

#include <QAbstractTableModel>
#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableView;

namespace lfp {
struct Fabric;
}

namespace lfp::gui {

/// The grid: rows = cable lengths, columns = speeds (one MTU). Display: "xon / xoff / size" in bytes;
/// Qt::UserRole: the coloured quantity in bytes; Qt::BackgroundRole: its heat colour.
class TemplateGridModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum class Quantity { Size, Xoff, Xon };
    using QAbstractTableModel::QAbstractTableModel;
    void setRows(std::vector<TemplateRow> rows, std::vector<BitsPerSecond> speeds, std::vector<Metres> cables);
    void setQuantity(Quantity q);
    [[nodiscard]] Quantity quantity() const { return m_quantity; }
    [[nodiscard]] const std::vector<TemplateRow>& rows() const { return m_rows; }
    /// The row of (speed column, cable row), or null.
    [[nodiscard]] const TemplateRow* cell(int row, int column) const;
    [[nodiscard]] qint64 valueOf(const TemplateRow& r) const;
    [[nodiscard]] qint64 minimum() const { return m_min; }
    [[nodiscard]] qint64 maximum() const { return m_max; }
    /// The heat colour of @p bytes between minimum() and maximum() (light yellow → dark red).
    [[nodiscard]] QColor heatColour(qint64 bytes) const;
    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation o, int role) const override;

private:
    void updateRange();
    std::vector<TemplateRow> m_rows;
    std::vector<BitsPerSecond> m_speeds;
    std::vector<Metres> m_cables;
    Quantity m_quantity = Quantity::Size;
    qint64 m_min = 0, m_max = 0;
};

/// The heat map: one coloured cell per (cable, speed) with its value in KiB, a colour scale beside it.
class TemplateHeatMap : public QWidget {
    Q_OBJECT
public:
    explicit TemplateHeatMap(TemplateGridModel* model, QWidget* parent = nullptr);
    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* e) override;

private:
    [[nodiscard]] QRect gridRect() const;
    TemplateGridModel* m_model;
};

class TemplatesView : public QWidget {
    Q_OBJECT
public:
    explicit TemplatesView(QWidget* parent = nullptr);

    /// The catalogue, and the project's ASIC (projectAsic()): the view opens on it and follows the
    /// project until the user picks another ASIC (or setGrid() names one); empty: the ASIC shown stays.
    void setCatalog(std::shared_ptr<const AsicCatalog> catalog, const QString& projectAsic = {});
    /// The ASIC of most switches of @p fabric (the first by catalogue id on a tie); empty when no switch
    /// names one.
    [[nodiscard]] static QString projectAsic(const Fabric& fabric);
    /// Sets the grid's inputs and recomputes. False (and the reason in errorText()) for bad input.
    bool setGrid(const QString& asicId, const QString& speeds, const QString& cables, int mtu);
    [[nodiscard]] QString errorText() const;
    /// The grid as @p format renders it (renderTemplate(), as `lfp template --format`).
    [[nodiscard]] QString rendered(TemplateFormat format) const;
    /// Writes rendered(format) to @p path. False with the reason in errorText().
    bool exportTo(const QString& path, TemplateFormat format);
    /// The equivalent `lfp template` command line.
    [[nodiscard]] QString commandLine() const;

    [[nodiscard]] TemplateGridModel* gridModel() const { return m_model; }
    [[nodiscard]] TemplateHeatMap* heatMap() const { return m_heat; }
    [[nodiscard]] QComboBox* asicBox() const { return m_asic; }

private:
    void recompute();
    void exportClicked();

    std::shared_ptr<const AsicCatalog> m_catalog;
    bool m_asicChosen = false; ///< the user (or setGrid) chose the ASIC: the project's no longer applies
    TemplateGridModel* m_model;
    QComboBox* m_asic;
    QLineEdit* m_speeds;
    QLineEdit* m_cables;
    QSpinBox* m_mtu;
    QComboBox* m_quantity;
    QComboBox* m_format;
    QPushButton* m_export;
    QLabel* m_info;
    QLabel* m_error;
    QTableView* m_table;
    TemplateHeatMap* m_heat;
};

} // namespace lfp::gui
