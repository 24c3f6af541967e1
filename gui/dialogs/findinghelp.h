// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file findinghelp.h
/// Help ▸ Finding Codes, and "?" / F1 in the findings panel: the explanation of each finding code
/// from the finding registry (planner/findings/findingregistry.h: severity, title, message and fix templates,
/// translated as the findings panel translates them, context "Finding") followed by the code's
/// section of docs/findings.md (embedded as the resource :/docs/findings.md; English) or, when the
/// UI language is Simplified Chinese, of its translation docs/zh_CN/findings.md
/// (:/docs/zh_CN/findings.md; the English section when the Chinese file lacks the code).

#include <QAbstractListModel>
#include <QDialog>

class QLineEdit;
class QListView;
class QSortFilterProxyModel;
class QTextBrowser;

namespace lfp::gui {

/// The docs/findings.md text of @p code: its "#### CODE" section up to the next heading, or its
/// table row under the table's header (as a one-row Markdown table). Empty when absent.
QString findingDocSection(const QString& markdown, const QString& code);
/// True for a Simplified Chinese language name ("zh_CN", "zh"), as currentLanguage() gives it.
bool isChineseLanguage(const QString& language);
/// docs/findings.md as shipped in the resources; for a Chinese @p language, docs/zh_CN/findings.md.
QString findingsDocument(const QString& language = QStringLiteral("en"));
/// The documentation part of the help page of @p code: its section of @p chineseDoc under the
/// heading "From docs/zh_CN/findings.md" when that has one, else its section of @p englishDoc under
/// "From docs/findings.md (English)", else a line saying there is none.
QString findingDocPart(const QString& code, const QString& chineseDoc, const QString& englishDoc);
/// The help page of @p code as Markdown (title, severity, translated templates, the docs section)
/// in the UI language (application.h currentLanguage()). Empty for an unregistered code.
QString findingHelpMarkdown(const QString& code);
/// The same with the documentation section for @p language ("en", "zh_CN"); the title and templates
/// are those of the installed translation.
QString findingHelpMarkdown(const QString& code, const QString& language);

/// Every registered code: DisplayRole "CODE — title" (translated), UserRole the code, ToolTipRole the title.
class FindingCodesModel : public QAbstractListModel {
    Q_OBJECT
public:
    explicit FindingCodesModel(QObject* parent = nullptr);
    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] int rowOf(const QString& code) const;
};

class FindingHelpDialog : public QDialog {
    Q_OBJECT
public:
    explicit FindingHelpDialog(QWidget* parent = nullptr);
    /// Shows @p code (selecting it in the list). False for an unregistered code.
    bool showCode(const QString& code);
    [[nodiscard]] QString currentCode() const { return m_code; }
    [[nodiscard]] QTextBrowser* browser() const { return m_browser; }
    [[nodiscard]] FindingCodesModel* codesModel() const { return m_codes; }
    [[nodiscard]] QSortFilterProxyModel* filterModel() const { return m_filter; }
    [[nodiscard]] QLineEdit* filterEdit() const { return m_filterEdit; }

private:
    FindingCodesModel* m_codes;
    QSortFilterProxyModel* m_filter;
    QLineEdit* m_filterEdit;
    QListView* m_list;
    QTextBrowser* m_browser;
    QString m_code;
};

} // namespace lfp::gui
