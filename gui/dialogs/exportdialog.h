// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file exportdialog.h
/// File ▸ Export Configuration…: the vendor export of the open plan (target, devices or a role, the
/// base revision for a change delta, SONiC's buffer model), a syntax-coloured preview of every file,
/// the export findings and, with a base revision, the delta; Export writes the files and manifest.json
/// into a directory whole or not at all. The same code path as `lfp export` (exporters/exportjob.h:
/// runExportJob, writeExportDirectory). docs/export.md, docs/gui.md.

#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers these pull in
#include "model/fabric.h"
#endif

#include <QDialog>
#include <QSyntaxHighlighter>

#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTreeWidget;

namespace lfp {
struct ExportOutcome;
}

namespace lfp::gui {

/// Colours configuration text: comments (`#`, `!`), JSON keys and strings, numbers, and each target's
/// leading command words (`nv set`, `set`, `interface`, `qos`, `dcb`, `priority-flow-control`, …).
class ConfigHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    explicit ConfigHighlighter(QTextDocument* doc);

protected:
    void highlightBlock(const QString& text) override;
};

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    /// @p projectPath and @p revision name the project the plan came from (for base revisions and the
    /// manifest); an empty path offers no base revision.
    ExportDialog(std::shared_ptr<const Fabric> fabric, const QString& projectPath, std::optional<int> revision, QWidget* parent = nullptr);
    ~ExportDialog() override;

    /// Selects a target by id ("sonic", "nvue", …) and refreshes the preview.
    void setTarget(const QString& id);
    /// Exports into @p dir (writeExportDirectory). False, with statusText() saying why, on failure.
    bool exportTo(const QString& dir);
    [[nodiscard]] QString statusText() const;
    [[nodiscard]] const ExportOutcome* outcome() const { return m_outcome.get(); }

    // For tests and the screenshot.
    [[nodiscard]] QComboBox* targetCombo() const { return m_target; }
    [[nodiscard]] QComboBox* roleCombo() const { return m_role; }
    [[nodiscard]] QComboBox* baseCombo() const { return m_base; }
    [[nodiscard]] QComboBox* releaseCombo() const { return m_release; }
    [[nodiscard]] QListWidget* deviceList() const { return m_devices; }
    [[nodiscard]] QListWidget* fileList() const { return m_files; }
    [[nodiscard]] QPlainTextEdit* preview() const { return m_preview; }
    [[nodiscard]] QTreeWidget* findingsView() const { return m_findings; }
    [[nodiscard]] QPlainTextEdit* deltaView() const { return m_delta; }
    [[nodiscard]] QLineEdit* outputEdit() const { return m_output; }
    [[nodiscard]] QPushButton* exportButton() const { return m_exportButton; }

public slots:
    /// Runs the export (in memory) with the current choices and fills the preview.
    void refresh();

private:
    void showFile();
    void chooseDirectory();

    std::shared_ptr<const Fabric> m_fabric;
    QString m_path;
    std::optional<int> m_revision;
    std::unique_ptr<ExportOutcome> m_outcome;
    QComboBox* m_target = nullptr;
    QComboBox* m_role = nullptr;
    QComboBox* m_base = nullptr;
    QComboBox* m_bufferModel = nullptr;
    QComboBox* m_release = nullptr; ///< the target's releases (Exporter::releases()), refilled per target
    QString m_releaseTarget; ///< the target m_release was filled for
    void fillReleases();
    QListWidget* m_devices = nullptr;
    QListWidget* m_files = nullptr;
    QPlainTextEdit* m_preview = nullptr;
    ConfigHighlighter* m_highlighter = nullptr;
    QTreeWidget* m_findings = nullptr;
    QPlainTextEdit* m_delta = nullptr;
    QTabWidget* m_tabs = nullptr;
    QLabel* m_status = nullptr;
    QLineEdit* m_output = nullptr;
    QPushButton* m_exportButton = nullptr;
    bool m_refreshing = false;
};

} // namespace lfp::gui
