// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file analysisstatus.h
/// The status bar's background-analysis indicator: while a watched JobRunner (document/jobrunner.h)
/// runs — the checks after an edit, Checks ▸ Run Deadlock Analysis — it shows what runs, a progress bar
/// and a Cancel button; Cancel cancels every watched run. Hidden when nothing runs.

#include <QWidget>

#include <vector>

class QLabel;
class QProgressBar;
class QPushButton;

namespace lfp {
class JobRunner;
}

namespace lfp::gui {

class AnalysisStatus : public QWidget {
    Q_OBJECT
public:
    explicit AnalysisStatus(QWidget* parent = nullptr);
    /// Shows @p runner's runs as @p label ("Checking", "Deadlock analysis").
    void watch(JobRunner* runner, const QString& label);
    [[nodiscard]] bool isRunning() const;
    /// Cancels every watched run in progress.
    void cancel();
    [[nodiscard]] QPushButton* cancelButton() const { return m_cancel; }
    [[nodiscard]] QProgressBar* progressBar() const { return m_bar; }
    [[nodiscard]] QString text() const;

private:
    void update();
    struct Watched {
        JobRunner* runner;
        QString label;
        double percent = 0;
    };
    std::vector<Watched> m_watched;
    QLabel* m_label = nullptr;
    QProgressBar* m_bar = nullptr;
    QPushButton* m_cancel = nullptr;
};

} // namespace lfp::gui
