// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file importdialog.h
/// File ▸ Import…: choose a reader (every one `lfp formats` lists) and its files, read them, see what
/// the merge onto the open fabric would add and change (document/importsession.h: the plan of
/// planMerge/applyMerge, the same code `lfp import FORMAT FILE... -o P --merge` runs), resolve the
/// conflicts one by one (keep the plan / take the source) or all at once, choose the ASIC and the
/// policy for what the source did not say (ImportSession::assignDefaults, `--asic`/`--policy`), and
/// apply the result as ONE undoable step (ReplaceFabricCommand).

#ifndef Q_MOC_RUN
#include "document/importsession.h"
#include "model/asiccatalog.h"
#endif

#include <QAbstractTableModel>
#include <QDialog>

#include <memory>
#include <optional>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTableView;

namespace lfp {
class FabricDocument;
}

namespace lfp::gui {

/// The merge plan, one row per change: objects the source adds, conflicts (with their resolution,
/// editable: "existing" keeps the plan, "incoming" takes the source), objects only in the plan (kept).
class ImportPreviewModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { ChangeColumn, TypeColumn, ObjectColumn, PlanColumn, SourceColumn, ResolutionColumn, ColumnCount };
    enum class RowKind { Add, Conflict, OnlyInPlan };
    /// The resolution as ImportSession::toString names it ("unresolved", "incoming", "existing").
    static constexpr int ResolutionIdRole = Qt::UserRole + 1;

    explicit ImportPreviewModel(QObject* parent = nullptr);
    /// Shows @p session's report (nullptr: empty). The session must outlive its use here.
    void setSession(ImportSession* session);
    /// After a choice made outside the model (chooseAll): every resolution cell again.
    void refreshResolutions();

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;
    [[nodiscard]] Qt::ItemFlags flags(const QModelIndex& index) const override;
    /// The resolution column of a conflict row takes "existing"/"incoming" (or "plan"/"source").
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

    [[nodiscard]] RowKind rowKind(int row) const;
    /// The conflict of @p row, or nullptr for other rows.
    [[nodiscard]] const MergeConflict* conflictAt(int row) const;
    [[nodiscard]] int count(RowKind k) const;

signals:
    void resolutionChanged();

private:
    struct Row {
        RowKind kind;
        std::size_t index; ///< into report().conflicts or report().unknowns
    };
    ImportSession* m_session = nullptr;
    std::vector<Row> m_rows;
};

class ImportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ImportDialog(FabricDocument* document, QWidget* parent = nullptr);
    ~ImportDialog() override;

    /// Selects a reader by id ("lldp", "ibnetdiscover", …). False for an id no reader has.
    bool setFormat(const QString& id);
    void setFiles(const QStringList& files);
    /// Reads the files and plans the merge onto the document's fabric. False (statusText() says why)
    /// on unreadable input.
    bool readSources();
    /// Resolves the conflicts of the selected rows (or @p rows) / all of them.
    void resolveSelected(MergeResolution r);
    void resolveAll(MergeResolution r);
    /// ASIC id ("" = leave empty) and policy name ("" = bind none) for what the source did not say.
    bool setDefaultAsic(const QString& id);
    bool setDefaultPolicy(const QString& name);
    /// The fabric Apply would give (merge + defaults); nullopt while unread or unresolved.
    [[nodiscard]] std::optional<Fabric> result() const;
    /// Pushes the result as one undo command. False (statusText() says why) when nothing is read or a
    /// conflict is unresolved.
    bool applyImport();

    [[nodiscard]] QString statusText() const;
    [[nodiscard]] const ImportSession* session() const { return m_session.get(); }
    [[nodiscard]] ImportPreviewModel* previewModel() const { return m_model; }
    [[nodiscard]] QComboBox* formatCombo() const { return m_format; }
    [[nodiscard]] QComboBox* asicCombo() const { return m_asic; }
    [[nodiscard]] QComboBox* policyCombo() const { return m_policy; }
    [[nodiscard]] QTableView* previewTable() const { return m_table; }
    [[nodiscard]] QPushButton* applyButton() const { return m_applyButton; }

    void accept() override;

    /// The reader's description and input list (importers/, English) in the UI language: the GUI's
    /// translatable copy of them, in context "Importer" (kImporterTexts in importdialog.cpp), keyed by
    /// the reader's id; the reader's own text when the copy is missing or no longer matches it.
    [[nodiscard]] static QString formatDescription(const Importer& importer);
    [[nodiscard]] static QString formatInputs(const Importer& importer);
    /// Ids of the readers whose description or inputs have no current copy in kImporterTexts (for the tests).
    [[nodiscard]] static QStringList untranslatedImporters();

private:
    void addFiles();
    void removeFiles();
    void invalidate();
    void updateState();
    void fillPolicies();
    [[nodiscard]] ImportDefaults defaults() const;

    FabricDocument* m_doc;
    AsicCatalog m_catalog;
    std::unique_ptr<ImportSession> m_session;
    ImportPreviewModel* m_model;
    QComboBox* m_format;
    QLabel* m_formatInputs;
    QListWidget* m_files;
    QPushButton* m_readButton;
    QLabel* m_summary;
    QTableView* m_table;
    QPushButton* m_keepButton;
    QPushButton* m_takeButton;
    QPushButton* m_keepAllButton;
    QPushButton* m_takeAllButton;
    QComboBox* m_asic;
    QComboBox* m_policy;
    QLabel* m_status;
    QDialogButtonBox* m_buttons;
    QPushButton* m_applyButton;
    QString m_error;
};

} // namespace lfp::gui
