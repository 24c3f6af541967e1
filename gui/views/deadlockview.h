// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file deadlockview.h
/// The deadlock view (`--view deadlock`, issue 12): the analysis of planner/routing/deadlock.h run through the
/// JobRunner (latest wins) with a progress bar — phase, units done, an estimate of the time left — and
/// Cancel; the cycles found (healthy fabric and failure scenarios) with the dependencies and example
/// flows that make them, drawn on the canvas (highlightRequested); the failure sweep (single or double
/// switch-link failures) with its results table; each cycle's checked fixes with their cost, and Apply
/// where the fix is a plan change (tagger: the extra lossless priorities, one undoable command).
/// The same analysis as `lfp deadlock` (ECMP or up*/down* routing, --failures 1|2): planner/routing/deadlockjob.h,
/// with its coverage rule (an analysis that covered nothing says so, never "no cycle").
#ifndef Q_MOC_RUN
#include "model/fabricindex.h"
#include "planner/routing/deadlock.h"
#include "planner/routing/deadlockjob.h"
#endif
#include "gui/models/rowsmodel.h"

#include <QElapsedTimer>
#include <QWidget>

#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace lfp {
class JobRunner;
}

namespace lfp::gui {

class DeadlockView : public QWidget {
    Q_OBJECT
public:
    explicit DeadlockView(QWidget* parent = nullptr);
    ~DeadlockView() override;

    /// The plan to analyse; clears the results (a new analysis is needed).
    void setSnapshot(const FabricSnapshot& snapshot);
    /// Runs the healthy-fabric analysis in the background (superseding a run in progress).
    void analyse();
    /// Runs the failure sweep: every single (@p maxFailures 1) or every pair (2) of switch-link failures.
    void runSweep(int maxFailures);
    void cancel();
    /// Every failure set, without the symmetry classes and pruning (lfp deadlock --exhaustive).
    void setExhaustive(bool exhaustive);
    [[nodiscard]] bool isExhaustive() const;
    /// Processes events until no analysis runs. True when idle.
    bool waitForIdle(int timeoutMs = 120000);
    [[nodiscard]] JobRunner* runner() const { return m_runner; }

    [[nodiscard]] RowsModel* cycleModel() const { return m_cycles; }
    [[nodiscard]] RowsModel* hopModel() const { return m_hops; }
    [[nodiscard]] RowsModel* fixModel() const { return m_fixes; }
    [[nodiscard]] RowsModel* sweepModel() const { return m_sweep; }
    [[nodiscard]] QProgressBar* progressBar() const { return m_progress; }
    [[nodiscard]] QString statusText() const;
    /// One sentence for a deadlock job's outcome (the main window's status bar after Checks ▸ Run
    /// Deadlock Analysis): the verdict with the coverage rule and, with a sweep, its result.
    [[nodiscard]] static QString statusMessage(const DeadlockOutcome& outcome);
    [[nodiscard]] QString progressText() const;
    [[nodiscard]] const DeadlockReport* report() const { return m_outcome ? &m_outcome->report : nullptr; }
    [[nodiscard]] const FailureReport* failures() const { return m_outcome && m_outcome->failures ? &*m_outcome->failures : nullptr; }
    /// What the last analysis covered, its verdict and findings (planner/routing/deadlockjob.h); null before one.
    [[nodiscard]] const DeadlockOutcome* outcome() const { return m_outcome ? &*m_outcome : nullptr; }

    /// Shows cycle @p row of the cycle table: its dependencies, its fixes, and on the canvas.
    bool selectCycle(int row);
    [[nodiscard]] int selectedCycle() const { return m_selected; }
    /// The kind of fix @p row of the selected cycle ("tagger", "route-change", …; FixCandidate::kind).
    [[nodiscard]] QString fixKind(int row) const;
    /// The translated name of a fix kind.
    [[nodiscard]] static QString fixLabel(const std::string& kind);
    /// A translated one-line summary of a fix kind (docs/deadlock.md).
    [[nodiscard]] static QString fixSummary(const std::string& kind);
    /// A fix's cost unit, translated.
    [[nodiscard]] static QString unitLabel(const std::string& unit);
    /// A fix's cost with its unit, translated, in the singular or plural as the count needs ("1 link",
    /// "2 links"); a cost that is not a whole number is written with the plural unit.
    [[nodiscard]] static QString costLabel(double cost, const std::string& unit);
    /// A dependency's turn ("up->down", "down->up bounce"), translated.
    [[nodiscard]] static QString turnLabel(const std::string& turn);
    /// True when fix @p row of the selected cycle is a plan change Apply can make.
    [[nodiscard]] bool canApplyFix(int row) const;
    /// The plan with fix @p row applied (tagger: every policy that is lossless on a cycle's priority
    /// gains the extra lossless priorities the fix needs), or nothing when it is not a plan change.
    [[nodiscard]] std::optional<Fabric> fixedFabric(int row) const;
    /// The verdict line above the tables, as shown.
    [[nodiscard]] QString summary() const;
    /// Asks for fix @p row (fabricChangeRequested). False when it is not a plan change.
    bool applyFix(int row);

signals:
    /// Draw these nodes and links (indices of the fabric) as the selected cycle.
    void highlightRequested(const std::vector<std::size_t>& nodes, const std::vector<std::size_t>& links);
    /// The links the selected cycle's failure scenario takes down (indices into Fabric::links; empty
    /// for a cycle of the healthy fabric or no selection), emitted before highlightRequested: the canvas
    /// draws them as failed (FabricScene::setFailedLinks).
    void failedLinksRequested(const std::vector<std::size_t>& links);
    /// Apply this plan change as one undoable command named @p text.
    void fabricChangeRequested(const lfp::Fabric& after, const QString& text);
    /// Every cycle of the last result, as the fabric links its hops cross (the overlay toolbar's
    /// Deadlock Cycles; empty when there is none or the fabric changed).
    void cyclesFound(const std::vector<std::vector<std::size_t>>& cycles);

protected:
    void changeEvent(QEvent* event) override;

private:
    struct CycleEntry {
        const CycleReport* cycle = nullptr;
        QString scenario; ///< "healthy" or the failed links
        std::vector<std::size_t> failedLinks; ///< the scenario's failed links (Fabric::links indices)
    };
    void retranslate();
    void start(const QString& name, int maxFailures);
    void onFinished();
    void onSteps(const QString& phase, qulonglong done, qulonglong total, const QString& unit);
    void fillCycles();
    [[nodiscard]] QString summaryText() const;
    void fillSweep();
    void setBusy(bool busy);
    [[nodiscard]] std::pair<std::vector<std::size_t>, std::vector<std::size_t>> cycleObjects(const CycleReport& c) const;

    FabricSnapshot m_snapshot;
    JobRunner* m_runner = nullptr;
    std::optional<DeadlockOutcome> m_outcome; ///< the job's result: coverage, findings, verdict
    std::vector<CycleEntry> m_entries;
    int m_selected = -1;
    int m_runningFailures = 0;
    QString m_phase;
    QElapsedTimer m_phaseClock;
    QString m_progressText;

    QComboBox* m_routing = nullptr;
    QCheckBox* m_exhaustive = nullptr;
    QPushButton* m_analyseButton = nullptr;
    QPushButton* m_singleButton = nullptr;
    QPushButton* m_doubleButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QPushButton* m_applyButton = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_progressLabel = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_cyclesTitle = nullptr;
    QLabel* m_hopsTitle = nullptr;
    QLabel* m_fixesTitle = nullptr;
    QLabel* m_sweepTitle = nullptr;
    RowsModel* m_cycles = nullptr;
    RowsModel* m_hops = nullptr;
    RowsModel* m_fixes = nullptr;
    RowsModel* m_sweep = nullptr;
    QTableView* m_cycleTable = nullptr;
    QTableView* m_hopTable = nullptr;
    QTableView* m_fixTable = nullptr;
    QTableView* m_sweepTable = nullptr;
};

} // namespace lfp::gui
