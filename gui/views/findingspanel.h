// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file findingspanel.h
/// The findings dock: severity toggles with counts, a text filter, the table of findings and a detail
/// pane with the selected finding's evidence and fix. Selecting a finding emits findingSelected(), which
/// the main window turns into a highlight of its objects in the diagram and the tree.

#include <QWidget>

class QLabel;
class QLineEdit;
class QProgressBar;
class QTableView;
class QTextBrowser;
class QToolButton;

namespace lfp {
struct Finding;
}

namespace lfp::gui {

class FindingsFilterModel;
class FindingsModel;

class FindingsPanel : public QWidget {
    Q_OBJECT
public:
    explicit FindingsPanel(QWidget* parent = nullptr);

    [[nodiscard]] FindingsModel* model() const { return m_model; }
    [[nodiscard]] FindingsFilterModel* filterModel() const { return m_filter; }
    [[nodiscard]] QTableView* table() const { return m_table; }
    [[nodiscard]] QTextBrowser* details() const { return m_details; }
    [[nodiscard]] QLineEdit* filterEdit() const { return m_filterEdit; }
    [[nodiscard]] QToolButton* severityButton(int severity) const;
    [[nodiscard]] QToolButton* helpButton() const { return m_helpButton; }

    /// The finding selected in the table; nullptr when none.
    [[nodiscard]] const Finding* currentFinding() const;
    /// Selects source row @p row (clearing the filter when it hides the row). False when out of range.
    bool selectRow(int row);

    /// Running: a progress bar with a Cancel button replaces the summary line.
    void setRunning(bool running);
    void setProgress(double percent);
    /// The line under the toggles: "Checked in 12 ms: 1 error, 0 warnings, 0 notes", or an error.
    void setSummaryText(const QString& text, bool problem = false);
    [[nodiscard]] QString summaryText() const;

signals:
    /// Emitted with the finding's source row, or -1 when the selection is cleared.
    void findingSelected(int row);
    void runRequested();
    void cancelRequested();
    /// "?" (or F1 in the panel): the explanation of @p code (the selected finding's; empty: none selected).
    void helpRequested(const QString& code);

protected:
    bool event(QEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;

private:
    void askHelp();
    void updateCounts();
    void onCurrentChanged();
    void showDetails(const Finding* f);

    FindingsModel* m_model;
    FindingsFilterModel* m_filter;
    QToolButton* m_sevButtons[3] {};
    QLineEdit* m_filterEdit;
    QToolButton* m_runButton;
    QToolButton* m_cancelButton;
    QToolButton* m_helpButton = nullptr;
    QProgressBar* m_progress;
    QLabel* m_summary;
    QTableView* m_table;
    QTextBrowser* m_details;
    int m_selectedRow = -1; ///< last announced by findingSelected()
};

} // namespace lfp::gui
