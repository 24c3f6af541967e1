// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/views/reviewmode.h"
#include "gui/tablefit.h"
#include "gui/plaintext.h"

#include "gui/application.h"

#include "render/reviewpdf.h"

#include <QCoreApplication>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace lfp::gui {

ReviewMode::ReviewMode(QWidget* parent)
    : QWidget(parent)
{
    m_steps = new RowsModel({}, this);
    m_stepTable = new QTableView;
    m_stepTable->setObjectName(QStringLiteral("reviewSteps"));
    m_stepTable->setModel(m_steps);
    m_stepTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_stepTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_stepTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_stepTable->verticalHeader()->hide();
    m_stepTable->setMaximumWidth(330);
    fitColumns(m_stepTable, { 1 }); // the section names wrap rather than elide (tablefit.h)
    m_browser = new QTextBrowser;
    m_browser->setObjectName(QStringLiteral("reviewBrowser"));
    m_browser->setOpenLinks(false);
    m_title = plainLabel();
    m_title->setObjectName(QStringLiteral("reviewTitle"));
    m_title->setWordWrap(true);
    m_zoomLabel = plainLabel();
    m_zoom = new QSpinBox;
    m_zoom->setObjectName(QStringLiteral("reviewZoom"));
    m_zoom->setRange(50, 400);
    m_zoom->setSingleStep(25);
    m_zoom->setSuffix(QStringLiteral(" %"));
    m_zoom->setValue(kDefaultZoomPercent);
    m_prev = new QPushButton;
    m_prev->setObjectName(QStringLiteral("reviewPrevious"));
    m_next = new QPushButton;
    m_next->setObjectName(QStringLiteral("reviewNext"));
    m_pdf = new QPushButton;
    m_pdf->setObjectName(QStringLiteral("reviewExportPdf"));

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_title, 1);
    bar->addWidget(m_zoomLabel);
    bar->addWidget(m_zoom);
    bar->addWidget(m_prev);
    bar->addWidget(m_next);
    bar->addWidget(m_pdf);
    auto* body = new QHBoxLayout;
    body->addWidget(m_stepTable);
    body->addWidget(m_browser, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addLayout(body, 1);

    connect(m_prev, &QPushButton::clicked, this, [this] { previous(); });
    connect(m_next, &QPushButton::clicked, this, [this] { next(); });
    connect(m_pdf, &QPushButton::clicked, this, &ReviewMode::exportPdfInteractive);
    connect(m_zoom, &QSpinBox::valueChanged, this, [this] { applyZoom(); });
    connect(m_stepTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        if (current.isValid() && current.row() != m_current)
            showSection(current.row());
    });
    retranslate();
}

std::string ReviewMode::checklistLanguage() { return currentLanguage().startsWith(QStringLiteral("zh")) ? "zh_CN" : "en"; }

void ReviewMode::retranslate()
{
    m_zoomLabel->setText(tr("Text size:"));
    m_zoom->setToolTip(tr("Larger type for a projector"));
    m_prev->setText(tr("Previous"));
    m_next->setText(tr("Next"));
    m_pdf->setText(tr("Export PDF…"));
    m_pdf->setToolTip(tr("The checklist as PDF, the file `lfp review -o FILE.pdf` writes"));
    m_steps->setHeaders({ tr("Step"), tr("Checklist section") });
    rebuild();
}

void ReviewMode::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ReviewMode::setReview(std::shared_ptr<const Review> review)
{
    m_review = std::move(review);
    m_current = -1;
    rebuild();
}

void ReviewMode::rebuild()
{
    const int keep = m_current;
    // The checklist's finding messages from the translated registry templates (context "Finding").
    const TemplateTranslator findingText = [](const char* source) { return QCoreApplication::translate("Finding", source).toStdString(); };
    m_doc = m_review ? buildReviewDocument(*m_review, checklistLanguage(), findingText) : ReviewDocument {};
    std::vector<RowsModel::Row> rows;
    for (std::size_t i = 0; i < m_doc.sections.size(); ++i)
        rows.push_back({ { QString::number(i + 1), QString::fromStdString(m_doc.sections[i].title) }, {}, {} });
    m_steps->setRows(std::move(rows));
    m_pdf->setEnabled(m_review != nullptr);
    m_current = -1;
    if (m_doc.sections.empty()) {
        m_title->setText(tr("No review yet: open a project with two revisions, or compare two in the Revisions view."));
        m_browser->clear();
        m_prev->setEnabled(false);
        m_next->setEnabled(false);
        return;
    }
    showSection(std::clamp(keep, 0, static_cast<int>(m_doc.sections.size()) - 1));
}

bool ReviewMode::showSection(int index)
{
    if (index < 0 || index >= static_cast<int>(m_doc.sections.size()))
        return false;
    m_current = index;
    // One section of the checklist, rendered by the exporter's HTML writer (the PDF's subset of CSS).
    // The topology picture is left out: the canvas above shows the plan with its changes highlighted.
    ReviewDocument one;
    one.title = m_doc.sections[static_cast<std::size_t>(index)].title;
    one.lang = m_doc.lang;
    ReviewSection s = m_doc.sections[static_cast<std::size_t>(index)];
    std::vector<ReviewBlock> blocks;
    for (std::size_t i = 0; i < s.blocks.size(); ++i) {
        const bool captionOfPicture = s.blocks[i].kind == ReviewBlock::Kind::Paragraph && i + 1 < s.blocks.size()
            && s.blocks[i + 1].kind == ReviewBlock::Kind::Picture;
        if (s.blocks[i].kind != ReviewBlock::Kind::Picture && !captionOfPicture)
            blocks.push_back(s.blocks[i]);
    }
    s.blocks = std::move(blocks);
    s.title.clear();
    one.sections.push_back(std::move(s));
    QString html = QString::fromStdString(renderReviewHtml(one, TopologyPicture {}, "none"));
    // The PDF's stylesheet fixes sizes in points; here sizes follow the zoomed document font instead.
    html.remove(QRegularExpression(QStringLiteral("<style>.*</style>"), QRegularExpression::DotMatchesEverythingOption));
    m_browser->document()->setDefaultStyleSheet(QStringLiteral(
        "table { border-collapse: collapse; } th { background-color: #e9ecef; } td, th { padding: 3px; border: 1px solid #ced4da; }"
        " h1 { color: #1c7ed6; } pre { background-color: #f8f9fa; }"));
    m_browser->setHtml(html);
    applyZoom();
    m_title->setText(tr("%1 — step %2 of %3").arg(QString::fromStdString(m_doc.title)).arg(index + 1).arg(m_doc.sections.size()));
    m_prev->setEnabled(index > 0);
    m_next->setEnabled(index + 1 < static_cast<int>(m_doc.sections.size()));
    if (m_stepTable->currentIndex().row() != index)
        m_stepTable->selectRow(index);
    return true;
}

void ReviewMode::setZoomPercent(int percent) { m_zoom->setValue(percent); }

int ReviewMode::zoomPercent() const { return m_zoom->value(); }

void ReviewMode::applyZoom()
{
    // The HTML's sizes are relative to the document font: scaling it scales headings and tables alike.
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * m_zoom->value() / 100.0);
    m_browser->document()->setDefaultFont(f);
    QFont t = font();
    t.setBold(true);
    t.setPointSizeF(t.pointSizeF() * std::max(1.0, m_zoom->value() / 100.0 * 0.9));
    m_title->setFont(t);
}

bool ReviewMode::exportPdf(const QString& path, QString* error) const
{
    if (!m_review) {
        if (error)
            *error = tr("no review to export");
        return false;
    }
    try {
        writeReviewPdf(m_doc, layoutTopology(m_review->after, m_review->changedDevices), path.toStdString());
        return true;
    } catch (const std::exception& e) {
        if (error)
            *error = QString::fromUtf8(e.what());
        return false;
    }
}

void ReviewMode::exportPdfInteractive()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Review as PDF"), QStringLiteral("review.pdf"), tr("PDF (*.pdf)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportPdf(path, &error))
        QMessageBox::warning(this, tr("Export Review as PDF"), tr("The PDF was not written: %1").arg(error));
}

} // namespace lfp::gui
