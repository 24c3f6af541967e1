// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file reviewmode.h
/// Review mode (`--view review`, issue 12): the change-review checklist (exporters/review.h
/// buildReviewDocument, the document `lfp review -o` writes) as a guided view for a projector: one
/// section at a time — summary, impact, config delta, pre-checks, ordered steps, rollback, runbooks,
/// sign-off — in large type (a zoom factor, 150 % by default), Previous/Next, and Export PDF through
/// render/reviewpdf.h, the code the CLI uses. The checklist's language follows the GUI's (en, zh_CN).
#ifndef Q_MOC_RUN
#include "exporters/review.h"
#endif
#include "gui/models/rowsmodel.h"

#include <QWidget>

#include <memory>

class QLabel;
class QPushButton;
class QSpinBox;
class QTableView;
class QTextBrowser;

namespace lfp::gui {

class ReviewMode : public QWidget {
    Q_OBJECT
public:
    static constexpr int kDefaultZoomPercent = 150;

    explicit ReviewMode(QWidget* parent = nullptr);

    /// Shows @p review's checklist from its first section (nullptr: "no review yet").
    void setReview(std::shared_ptr<const Review> review);
    [[nodiscard]] std::shared_ptr<const Review> review() const { return m_review; }
    /// The checklist shown, in the GUI's language.
    [[nodiscard]] const ReviewDocument& document() const { return m_doc; }
    /// "en" or "zh_CN", from the GUI's language (application.h currentLanguage()).
    [[nodiscard]] static std::string checklistLanguage();

    [[nodiscard]] RowsModel* stepModel() const { return m_steps; }
    [[nodiscard]] int currentSection() const { return m_current; }
    bool showSection(int index);
    bool next() { return showSection(m_current + 1); }
    bool previous() { return showSection(m_current - 1); }
    void setZoomPercent(int percent);
    [[nodiscard]] int zoomPercent() const;
    [[nodiscard]] QTextBrowser* browser() const { return m_browser; }
    /// Writes the checklist as PDF (writeReviewPdf, as `lfp review -o FILE.pdf`). False with the reason
    /// in @p error.
    bool exportPdf(const QString& path, QString* error = nullptr) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void rebuild();
    void applyZoom();
    void exportPdfInteractive();

    std::shared_ptr<const Review> m_review;
    ReviewDocument m_doc;
    int m_current = -1;
    RowsModel* m_steps = nullptr;
    QTableView* m_stepTable = nullptr;
    QTextBrowser* m_browser = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_zoomLabel = nullptr;
    QSpinBox* m_zoom = nullptr;
    QPushButton* m_prev = nullptr;
    QPushButton* m_next = nullptr;
    QPushButton* m_pdf = nullptr;
};

} // namespace lfp::gui
