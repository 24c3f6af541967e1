// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file reviewviews.h
/// The review-meeting views of issue 12 in the main window: the deadlock view, the revisions view and
/// review mode (deadlockview.h, revisionsview.h, reviewmode.h), each in a dock tabbed with the buffer
/// panels, wired to the document (a new snapshot clears the deadlock results, a new file or revision
/// re-reads the history), to the canvas (the selected cycle, the changed devices) and to the undo stack
/// (a fix applied). Registers `--view deadlock|revisions|review`; also the storm view (stormview.h,
/// `--view storm`), whose wave front shades the canvas's links, and the lossless contract's chain view
/// (contractview.h, `--view contract`), whose devices it highlights.
#include <QObject>
#include <QStringList>

#include <cstddef>
#include <vector>

class QDockWidget;

namespace lfp::gui {

class DeadlockView;
class MainWindow;
class ReviewMode;
class StormView;
class ContractView;
class RevisionsView;

class ReviewViews : public QObject {
    Q_OBJECT
public:
    /// Creates the three docks in @p window and registers their views.
    explicit ReviewViews(MainWindow* window);

    [[nodiscard]] DeadlockView* deadlock() const { return m_deadlock; }
    [[nodiscard]] RevisionsView* revisions() const { return m_revisions; }
    [[nodiscard]] ReviewMode* reviewMode() const { return m_review; }
    [[nodiscard]] StormView* storm() const { return m_storm; }
    [[nodiscard]] ContractView* contract() const { return m_contract; }
    [[nodiscard]] QDockWidget* contractDock() const { return m_contractDock; }
    [[nodiscard]] QDockWidget* stormDock() const { return m_stormDock; }
    [[nodiscard]] QDockWidget* deadlockDock() const { return m_deadlockDock; }
    [[nodiscard]] QDockWidget* revisionsDock() const { return m_revisionsDock; }
    [[nodiscard]] QDockWidget* reviewDock() const { return m_reviewDock; }

    /// Fabrics with at most this many switch links get the double-failure sweep by default.
    static constexpr std::size_t kDoubleSweepLinks = 200;
    /// `--view deadlock`: raises the view; without results, runs the failure sweep (double failures up
    /// to kDoubleSweepLinks switch links, single beyond; with the healthy analysis) and waits up to
    /// @p waitMs for it.
    bool showDeadlock(int waitMs = 60000);
    /// `--view revisions`: raises the view; without a review, compares the latest revision with its
    /// predecessor and waits up to @p waitMs.
    bool showRevisions(int waitMs = 120000);
    /// `--view review`: as showRevisions, then the checklist in review mode.
    bool showReview(int waitMs = 120000);
    /// `--view storm`: raises the storm view; without a result, analyses every host and waits up to
    /// @p waitMs (the canvas then shows the worst source's whole wave front).
    bool showStorm(int waitMs = 120000);
    /// `--view contract`: raises the chain view; without a chain, traces the data class from the first
    /// host to the last.
    bool showContract();

private:
    /// Draws the selected cycle on the main canvas. (gui-lod's FabricScene::setCycleOverlay will take
    /// over here; until then the finding highlight shows it.)
    void showCycle(const std::vector<std::size_t>& nodes, const std::vector<std::size_t>& links);
    void showChangedDevices(const QStringList& names);
    void highlightNodes(const QStringList& names, const QColor& colour);
    void raise(QDockWidget* dock);

    MainWindow* m_window;
    DeadlockView* m_deadlock = nullptr;
    RevisionsView* m_revisions = nullptr;
    ReviewMode* m_review = nullptr;
    StormView* m_storm = nullptr;
    ContractView* m_contract = nullptr;
    QDockWidget* m_contractDock = nullptr;
    QDockWidget* m_stormDock = nullptr;
    QDockWidget* m_deadlockDock = nullptr;
    QDockWidget* m_revisionsDock = nullptr;
    QDockWidget* m_reviewDock = nullptr;
};

} // namespace lfp::gui
