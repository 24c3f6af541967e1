// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file stormview.h
/// The storm view (`--view storm`, issue 34): pick a storm source (a host, a switch port, or every host
/// with the worst shown), run the analysis of planner/checks/storm.h in the background (the same as
/// `lfp storm`), and see which ports the pause freezes, when (µs) and for how long (ms), with the terms of
/// each number. A time slider replays the wave front on the canvas: each link whose sending port is
/// paused by then is shaded from dark red (paused first) to orange (paused last), in green where that
/// port's own watchdog ends its freeze, and in purple where nothing ends it while the storm lasts.
#ifndef Q_MOC_RUN
#include "model/asiccatalog.h"
#include "model/fabricindex.h"
#include "planner/checks/storm.h"
#endif
#include "gui/models/rowsmodel.h"

#include <QColor>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QSlider;
class QTableView;

namespace lfp {
class JobRunner;
}

namespace lfp::gui {

class StormView : public QWidget {
    Q_OBJECT
public:
    explicit StormView(QWidget* parent = nullptr);
    ~StormView() override;

    /// The plan to analyse; clears the result and fills the source list with the fabric's hosts.
    void setSnapshot(const FabricSnapshot& snapshot, std::shared_ptr<const AsicCatalog> catalog);
    /// Analyses @p source ("" = every host, the worst shown) in the background.
    void analyse(const QString& source = {});
    /// Processes events until no analysis runs. True when idle.
    bool waitForIdle(int timeoutMs = 120000);
    [[nodiscard]] JobRunner* runner() const { return m_runner; }

    /// The source shown (the worst one for "every host"); null before a result.
    [[nodiscard]] const StormSource* shown() const;
    [[nodiscard]] RowsModel* pauseModel() const { return m_pauses; }
    [[nodiscard]] QSlider* timeSlider() const { return m_time; }
    [[nodiscard]] QString summaryText() const;
    /// Moves the slider to @p us (µs after the storm starts) and shades the canvas.
    void setTimeUs(double us);
    [[nodiscard]] double timeUs() const;
    /// Per link of the fabric: its shade at @p us (invalid: not paused by then).
    [[nodiscard]] std::vector<QColor> linkShades(double us) const;

    static QColor earlyColour(); ///< the first ports paused
    static QColor lateColour(); ///< the last ports paused
    static QColor watchdogColour(); ///< a port whose own watchdog ends its freeze
    static QColor unboundedColour(); ///< a port nothing frees while the storm lasts

signals:
    /// The canvas shading for the slider's time (FabricScene::setLinkOverlay); empty clears it.
    void linkOverlayRequested(const std::vector<QColor>& perLink);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void onFinished();
    void showResult();
    void onSlider(int value);
    [[nodiscard]] std::optional<std::size_t> linkOfPort(const std::string& port) const;

    JobRunner* m_runner;
    FabricSnapshot m_snapshot;
    std::shared_ptr<const AsicCatalog> m_catalog;
    std::optional<StormReport> m_report;
    std::vector<std::optional<std::size_t>> m_pauseLink; ///< per paused port of the shown source: its link
    double m_maxUs = 0;
    QString m_summary;

    QLabel* m_sourceLabel;
    QComboBox* m_source;
    QPushButton* m_run;
    QLabel* m_status;
    QLabel* m_timeLabel;
    QSlider* m_time;
    QLabel* m_legend;
    RowsModel* m_pauses;
    QTableView* m_table;
};

} // namespace lfp::gui
