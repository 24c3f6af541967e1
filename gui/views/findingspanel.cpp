// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/views/findingspanel.h"
#include "gui/plaintext.h"

#include "gui/appearance.h"
#include "gui/models/findingsmodel.h"

#include <QAction>
#include <QKeyEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

namespace lfp::gui {

FindingsPanel::FindingsPanel(QWidget* parent)
    : QWidget(parent)
    , m_model(new FindingsModel(this))
    , m_filter(new FindingsFilterModel(this))
    , m_filterEdit(new QLineEdit)
    , m_runButton(new QToolButton)
    , m_cancelButton(new QToolButton)
    , m_progress(new QProgressBar)
    , m_summary(plainLabel())
    , m_table(new QTableView)
    , m_details(new QTextBrowser)
{
    m_filter->setSourceModel(m_model);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 2);
    bar->setSpacing(4);
    const Severity order[] = { Severity::Error, Severity::Warning, Severity::Info };
    for (const Severity s : order) {
        auto* b = new QToolButton;
        const int sev = static_cast<int>(s);
        b->setObjectName(QStringLiteral("severityButton%1").arg(sev));
        b->setCheckable(true);
        b->setChecked(true);
        b->setAutoRaise(true);
        b->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        b->setIcon(Appearance::severityIcon(s));
        b->setToolTip(tr("Show or hide findings of this severity"));
        connect(b, &QToolButton::toggled, this, [this, sev](bool on) { m_filter->setSeverityShown(sev, on); });
        m_sevButtons[sev] = b;
        bar->addWidget(b);
    }
    bar->addSpacing(8);
    m_filterEdit->setObjectName(QStringLiteral("findingsFilter"));
    m_filterEdit->setPlaceholderText(tr("Filter by code, object or text"));
    m_filterEdit->setClearButtonEnabled(true);
    m_filterEdit->setMinimumWidth(180);
    m_filterEdit->setMaximumWidth(340);
    connect(m_filterEdit, &QLineEdit::textChanged, m_filter, &FindingsFilterModel::setText);
    bar->addWidget(m_filterEdit, 1);
    bar->addSpacing(8);
    m_summary->setObjectName(QStringLiteral("findingsSummary"));
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bar->addWidget(m_summary, 2);
    m_progress->setRange(0, 100);
    m_progress->setMaximumWidth(200);
    m_progress->setTextVisible(true);
    m_progress->hide();
    bar->addWidget(m_progress);
    m_cancelButton->setText(tr("Cancel"));
    m_cancelButton->setAutoRaise(true);
    m_cancelButton->hide();
    connect(m_cancelButton, &QToolButton::clicked, this, &FindingsPanel::cancelRequested);
    bar->addWidget(m_cancelButton);
    m_runButton->setObjectName(QStringLiteral("runChecksButton"));
    m_runButton->setText(tr("Run Checks"));
    m_runButton->setToolTip(tr("Run every design check again (F5)"));
    m_runButton->setAutoRaise(true);
    connect(m_runButton, &QToolButton::clicked, this, &FindingsPanel::runRequested);
    bar->addWidget(m_runButton);
    // Help on the selected finding's code (gui/dialogs/findinghelp.h); F1 anywhere in the panel.
    m_helpButton = new QToolButton;
    m_helpButton->setObjectName(QStringLiteral("findingHelpButton"));
    m_helpButton->setText(QStringLiteral("?"));
    m_helpButton->setToolTip(tr("Explain the selected finding's code (F1)"));
    m_helpButton->setAutoRaise(true);
    connect(m_helpButton, &QToolButton::clicked, this, &FindingsPanel::askHelp);
    bar->addWidget(m_helpButton);

    m_table->setObjectName(QStringLiteral("findingsTable"));
    m_table->setModel(m_filter);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(FindingsModel::SeverityColumn, Qt::AscendingOrder);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setHighlightSections(false);
    m_table->horizontalHeader()->resizeSection(FindingsModel::SeverityColumn, 96);
    m_table->horizontalHeader()->resizeSection(FindingsModel::CodeColumn, 230);
    m_table->horizontalHeader()->resizeSection(FindingsModel::ObjectsColumn, 240);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &FindingsPanel::onCurrentChanged);

    m_details->setObjectName(QStringLiteral("findingDetails"));
    m_details->setOpenLinks(false);
    m_details->setFrameShape(QFrame::StyledPanel);

    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_table);
    split->addWidget(m_details);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    split->setSizes({ 820, 560 });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(split, 1);

    connect(m_model, &QAbstractItemModel::modelAboutToBeReset, this, [this] { m_selectedRow = -2; }); // re-announce after a reset
    connect(m_model, &QAbstractItemModel::modelReset, this, &FindingsPanel::updateCounts);
    updateCounts();
    showDetails(nullptr);
}

QToolButton* FindingsPanel::severityButton(int severity) const
{
    return severity >= 0 && severity <= 2 ? m_sevButtons[severity] : nullptr;
}

void FindingsPanel::updateCounts()
{
    const FindingSummary s = m_model->summary();
    m_sevButtons[static_cast<int>(Severity::Error)]->setText(tr("%n error(s)", nullptr, s.errors));
    m_sevButtons[static_cast<int>(Severity::Warning)]->setText(tr("%n warning(s)", nullptr, s.warnings));
    m_sevButtons[static_cast<int>(Severity::Info)]->setText(tr("%n note(s)", nullptr, s.infos));
    onCurrentChanged();
}

const Finding* FindingsPanel::currentFinding() const
{
    const QModelIndexList rows = m_table->selectionModel() ? m_table->selectionModel()->selectedRows() : QModelIndexList();
    if (rows.isEmpty())
        return nullptr;
    return m_model->findingAt(m_filter->mapToSource(rows.first()).row());
}

bool FindingsPanel::selectRow(int row)
{
    if (!m_model->findingAt(row))
        return false;
    QModelIndex proxy = m_filter->mapFromSource(m_model->index(row, 0));
    if (!proxy.isValid()) {
        m_filterEdit->clear();
        for (QToolButton* b : m_sevButtons)
            b->setChecked(true);
        proxy = m_filter->mapFromSource(m_model->index(row, 0));
    }
    m_table->selectionModel()->setCurrentIndex(proxy, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(proxy);
    return true;
}

void FindingsPanel::onCurrentChanged()
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    const int row = rows.isEmpty() ? -1 : m_filter->mapToSource(rows.first()).row();
    showDetails(m_model->findingAt(row));
    if (row == m_selectedRow)
        return;
    m_selectedRow = row;
    emit findingSelected(row);
}

void FindingsPanel::showDetails(const Finding* f)
{
    if (f) {
        m_details->setHtml(FindingsModel::toHtml(*f));
        return;
    }
    if (m_model->rowCount() == 0)
        m_details->setHtml(QStringLiteral("<p style='color:#5a6270'>%1</p>")
                               .arg(tr("No findings: the design passes every check (buffers, headroom, ECN before PFC, "
                                       "ETS, both ends of every link, host NICs, paths, PFC watchdog, CNP).")
                                        .toHtmlEscaped()));
    else
        m_details->setHtml(QStringLiteral("<p style='color:#5a6270'>%1</p>")
                               .arg(tr("Select a finding to see its evidence and the suggested fix; its objects are "
                                       "highlighted in the diagram and the device tree.")
                                        .toHtmlEscaped()));
}

void FindingsPanel::setRunning(bool running)
{
    m_progress->setVisible(running);
    m_cancelButton->setVisible(running);
    m_runButton->setEnabled(!running);
    if (running)
        m_progress->setValue(0);
}

void FindingsPanel::setProgress(double percent) { m_progress->setValue(qRound(percent)); }

void FindingsPanel::setSummaryText(const QString& text, bool problem)
{
    m_summary->setText(text);
    m_summary->setStyleSheet(problem ? QStringLiteral("color: #C62828;") : QStringLiteral("color: #5a6270;"));
}

QString FindingsPanel::summaryText() const { return m_summary->text(); }

void FindingsPanel::askHelp()
{
    const Finding* f = currentFinding();
    emit helpRequested(f ? QString::fromStdString(f->code) : QString());
}

// F1 anywhere in the panel explains the selected finding's code; elsewhere F1 is the window's Help ▸ User
// Guide. Accepting the ShortcutOverride (which travels from the focus widget up to here) makes Qt deliver
// F1 as a key press instead of firing the window's shortcut; a second F1 shortcut on the panel would
// make the key ambiguous, and neither would fire.
bool FindingsPanel::event(QEvent* e)
{
    if (e->type() == QEvent::ShortcutOverride && static_cast<QKeyEvent*>(e)->matches(QKeySequence::HelpContents)) {
        e->accept();
        return true;
    }
    return QWidget::event(e);
}

void FindingsPanel::keyPressEvent(QKeyEvent* e)
{
    if (e->matches(QKeySequence::HelpContents)) {
        askHelp();
        return;
    }
    QWidget::keyPressEvent(e);
}

} // namespace lfp::gui
