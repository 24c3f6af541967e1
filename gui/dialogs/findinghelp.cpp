// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/dialogs/findinghelp.h"

#include "gui/appearance.h"
#include "gui/application.h"
#include "gui/models/findingsmodel.h"

#include "planner/findings/findingregistry.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFile>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListView>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace lfp::gui {

namespace {
    QString translated(const char* source) { return QCoreApplication::translate("Finding", source); }

    /// Template text shown as Markdown: the {parameters} stay, Markdown's active characters are escaped.
    QString markdownText(const QString& s)
    {
        QString out;
        for (const QChar c : s) {
            if (QStringLiteral("\\`*_[]<>#|").contains(c))
                out += QLatin1Char('\\');
            out += c;
        }
        return out;
    }

    QString resourceText(const QString& path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }
}

bool isChineseLanguage(const QString& language) { return language.startsWith(QStringLiteral("zh")); }

QString findingsDocument(const QString& language)
{
    static const QString english = resourceText(QStringLiteral(":/docs/findings.md"));
    static const QString chinese = resourceText(QStringLiteral(":/docs/zh_CN/findings.md"));
    return isChineseLanguage(language) ? chinese : english;
}

QString findingDocSection(const QString& markdown, const QString& code)
{
    const QStringList lines = markdown.split(QLatin1Char('\n'));
    // A section of its own: "#### CODE — severity" up to the next heading or rule.
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString& l = lines[i];
        if (!l.startsWith(QLatin1Char('#')))
            continue;
        const QString heading = l.section(QLatin1Char(' '), 1).trimmed();
        if (heading != code && !heading.startsWith(code + QLatin1Char(' ')))
            continue;
        QStringList body;
        for (qsizetype j = i + 1; j < lines.size(); ++j) {
            if (lines[j].startsWith(QLatin1Char('#')) || lines[j].trimmed() == QStringLiteral("---"))
                break;
            body << lines[j];
        }
        return body.join(QLatin1Char('\n')).trimmed();
    }
    // A table row "| `CODE` | …": the table's header and separator, then the row.
    const QString rowStart = QStringLiteral("| `%1` |").arg(code);
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (!lines[i].startsWith(rowStart))
            continue;
        qsizetype h = i;
        while (h > 0 && lines[h - 1].startsWith(QLatin1Char('|')))
            --h;
        if (h + 1 >= i) // no header above the row
            return lines[i];
        return lines[h] + QLatin1Char('\n') + lines[h + 1] + QLatin1Char('\n') + lines[i];
    }
    return {};
}

QString findingDocPart(const QString& code, const QString& chineseDoc, const QString& englishDoc)
{
    // The Chinese section when docs/zh_CN/findings.md has one; else the English one, said to be English.
    const QString zh = chineseDoc.isEmpty() ? QString() : findingDocSection(chineseDoc, code);
    if (!zh.isEmpty())
        return FindingHelpDialog::tr("### From docs/zh_CN/findings.md") + QStringLiteral("\n\n") + zh + QStringLiteral("\n");
    const QString section = findingDocSection(englishDoc, code);
    if (section.isEmpty())
        return FindingHelpDialog::tr("docs/findings.md has no section for this code.") + QStringLiteral("\n");
    return FindingHelpDialog::tr("### From docs/findings.md (English)") + QStringLiteral("\n\n") + section + QStringLiteral("\n");
}

QString findingHelpMarkdown(const QString& code) { return findingHelpMarkdown(code, currentLanguage()); }

QString findingHelpMarkdown(const QString& code, const QString& language)
{
    const FindingType* t = findingType(code.toStdString());
    if (!t)
        return {};
    QString md = QStringLiteral("## %1\n\n**%2**\n\n").arg(code, markdownText(translated(t->title)));
    md += FindingHelpDialog::tr("**Severity:** %1").arg(Appearance::severityName(t->severity)) + QStringLiteral("\n\n");
    if (t->message)
        md += FindingHelpDialog::tr("**Message:** %1").arg(markdownText(translated(t->message))) + QStringLiteral("\n\n");
    if (t->fix)
        md += FindingHelpDialog::tr("**Fix:** %1").arg(markdownText(translated(t->fix))) + QStringLiteral("\n\n");
    QStringList clauses;
    for (const FindingClause& c : findingClauses())
        if (code == QLatin1String(c.code))
            clauses << QStringLiteral("- `%1`: %2").arg(QString::fromUtf8(c.name), markdownText(translated(c.text)));
    if (!clauses.isEmpty())
        md += FindingHelpDialog::tr("**Wordings:**") + QStringLiteral("\n\n") + clauses.join(QLatin1Char('\n')) + QStringLiteral("\n\n");
    if (t->message)
        md += FindingHelpDialog::tr("Words in braces, such as {port}, are filled in from the finding.") + QStringLiteral("\n\n");
    md += QStringLiteral("---\n\n");
    md += findingDocPart(code, isChineseLanguage(language) ? findingsDocument(language) : QString(), findingsDocument());
    return md;
}

// ---------------------------------------------------------------------------------------------

FindingCodesModel::FindingCodesModel(QObject* parent)
    : QAbstractListModel(parent)
{
}

int FindingCodesModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(findingTypes().size()); }

QVariant FindingCodesModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() < 0 || index.row() >= rowCount())
        return {};
    const FindingType& t = findingTypes()[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole: return QStringLiteral("%1 — %2").arg(QString::fromUtf8(t.code), translated(t.title));
    case Qt::UserRole: return QString::fromUtf8(t.code);
    case Qt::ToolTipRole: return translated(t.title);
    case Qt::DecorationRole: return Appearance::severityIcon(t.severity);
    default: return {};
    }
}

int FindingCodesModel::rowOf(const QString& code) const
{
    const auto types = findingTypes();
    for (std::size_t i = 0; i < types.size(); ++i)
        if (code == QLatin1String(types[i].code))
            return static_cast<int>(i);
    return -1;
}

FindingHelpDialog::FindingHelpDialog(QWidget* parent)
    : QDialog(parent)
    , m_codes(new FindingCodesModel(this))
    , m_filter(new QSortFilterProxyModel(this))
    , m_filterEdit(new QLineEdit)
    , m_list(new QListView)
    , m_browser(new QTextBrowser)
{
    setObjectName(QStringLiteral("findingHelpDialog"));
    setWindowTitle(tr("Finding Codes"));
    m_filter->setSourceModel(m_codes);
    m_filter->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_filterEdit->setPlaceholderText(tr("Filter codes and titles"));
    m_filterEdit->setClearButtonEnabled(true);
    connect(m_filterEdit, &QLineEdit::textChanged, m_filter, &QSortFilterProxyModel::setFilterFixedString);
    m_list->setObjectName(QStringLiteral("findingCodeList"));
    m_list->setModel(m_filter);
    m_list->setUniformItemSizes(true);
    m_browser->setObjectName(QStringLiteral("findingHelpText"));
    m_browser->setOpenLinks(false);
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& cur) {
        if (cur.isValid())
            showCode(cur.data(Qt::UserRole).toString());
    });

    auto* left = new QWidget;
    auto* ll = new QVBoxLayout(left);
    ll->setContentsMargins(0, 0, 0, 0);
    ll->addWidget(m_filterEdit);
    ll->addWidget(m_list, 1);
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(left);
    split->addWidget(m_browser);
    split->setStretchFactor(1, 1);
    split->setSizes({ 380, 620 });
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    resize(1000, 640);
    if (m_codes->rowCount() > 0)
        showCode(m_codes->data(m_codes->index(0), Qt::UserRole).toString());
}

bool FindingHelpDialog::showCode(const QString& code)
{
    const QString md = findingHelpMarkdown(code);
    if (md.isEmpty())
        return false;
    m_code = code;
    m_browser->setMarkdown(md);
    const QModelIndex src = m_codes->index(m_codes->rowOf(code));
    QModelIndex idx = m_filter->mapFromSource(src);
    if (!idx.isValid()) { // filtered out: show every code again
        m_filterEdit->clear();
        idx = m_filter->mapFromSource(src);
    }
    if (m_list->currentIndex() != idx)
        m_list->setCurrentIndex(idx);
    return true;
}

} // namespace lfp::gui
