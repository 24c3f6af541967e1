// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file revisionsview.h
/// The revisions view (`--view revisions`, issue 12): the project's history (model/projectstore.h, as
/// `lfp revisions`), two revisions chosen (by default the latest and its predecessor) and drawn side by
/// side with the changed devices highlighted, the field-by-field changes (model/diff.h, as `lfp diff`)
/// and the review's impact table — headroom, pools, findings, deadlock — from exporters/review.h
/// computeReview (as `lfp review`), run through the JobRunner. The review it computes is shared with
/// the review mode (reviewReady).
#ifndef Q_MOC_RUN
#include "exporters/review.h"
#include "model/projectstore.h"
#endif
#include "gui/models/rowsmodel.h"

#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;
class QTabWidget;

namespace lfp {
class JobRunner;
}

namespace lfp::gui {

class FabricScene;
class FabricView;

class RevisionsView : public QWidget {
    Q_OBJECT
public:
    explicit RevisionsView(QWidget* parent = nullptr);
    ~RevisionsView() override;

    /// The project to show (a .lfp; anything else shows "not a project"). Reads its history and picks
    /// the latest revision and its predecessor; does not compare yet.
    void setProject(const QString& path);
    [[nodiscard]] QString project() const { return m_project; }
    [[nodiscard]] const std::vector<RevisionInfo>& revisions() const { return m_revisions; }
    /// Chooses the two revisions (base = what runs today, to = the new one). False when one is missing.
    bool choose(int base, int to);
    [[nodiscard]] std::optional<int> baseRevision() const;
    [[nodiscard]] std::optional<int> toRevision() const;
    /// Computes the review of the chosen pair in the background (superseding a run in progress).
    void compare();
    bool waitForIdle(int timeoutMs = 120000);
    [[nodiscard]] JobRunner* runner() const { return m_runner; }
    [[nodiscard]] std::shared_ptr<const Review> review() const { return m_review; }

    [[nodiscard]] RowsModel* historyModel() const { return m_history; }
    [[nodiscard]] RowsModel* changesModel() const { return m_changes; }
    [[nodiscard]] RowsModel* impactModel() const { return m_impact; }
    [[nodiscard]] FabricScene* beforeScene() const { return m_beforeScene; }
    [[nodiscard]] FabricScene* afterScene() const { return m_afterScene; }
    [[nodiscard]] QString statusText() const;

signals:
    /// A review finished computing (the review mode shows it).
    void reviewReady(std::shared_ptr<const lfp::Review> review);
    /// The devices the review found changed, by name (the main canvas highlights those it has).
    void changedDevices(const QStringList& names);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void fillHistory();
    void onFinished();
    void showReview();
    void showReviewChanges(const lfp::Review& r); ///< the changes, as `lfp diff` lists them
    void showReviewImpact(const lfp::Review& r); ///< headroom, pools, findings, deadlock
    void drawReview(const lfp::Review& r); ///< both revisions side by side, changed devices highlighted

    QString m_project;
    std::vector<RevisionInfo> m_revisions;
    JobRunner* m_runner = nullptr;
    std::shared_ptr<const Review> m_review;
    int m_reviewBase = 0, m_reviewTo = 0; ///< the revisions m_review compares
    QString m_error;

    RowsModel* m_history = nullptr;
    RowsModel* m_changes = nullptr;
    RowsModel* m_impact = nullptr;
    QTableView* m_historyTable = nullptr;
    QTableView* m_changesTable = nullptr;
    QTableView* m_impactTable = nullptr;
    QComboBox* m_base = nullptr;
    QComboBox* m_to = nullptr;
    QPushButton* m_compareButton = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_baseLabel = nullptr;
    QLabel* m_toLabel = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_historyTitle = nullptr;
    QLabel* m_beforeTitle = nullptr;
    QLabel* m_afterTitle = nullptr;
    QTabWidget* m_tabs = nullptr;
    FabricScene* m_beforeScene = nullptr;
    FabricScene* m_afterScene = nullptr;
    FabricView* m_beforeView = nullptr;
    FabricView* m_afterView = nullptr;
};

} // namespace lfp::gui
