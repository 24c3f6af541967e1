// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/views/stormview.h"
#include "gui/plaintext.h"
#include "gui/tablefit.h"

#include "document/jobrunner.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSlider>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <any>
#include <cmath>

namespace lfp::gui {
namespace {

    QString toQ(const std::string& s) { return QString::fromStdString(s); }

    /// Sources listed by name in the combo box; beyond this, type a name (every host stays one entry).
    constexpr int kListedHosts = 5000;
    /// Slider steps over [0, the last pause].
    constexpr int kSteps = 1000;

    QColor mix(const QColor& a, const QColor& b, double f)
    {
        f = std::clamp(f, 0.0, 1.0);
        return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * f), static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * f),
            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * f));
    }

    QString number(double v, int decimals) { return QLocale().toString(v, 'f', decimals); }

} // namespace

QColor StormView::earlyColour() { return QColor(0x9b, 0x1c, 0x1c); }
QColor StormView::lateColour() { return QColor(0xf5, 0x9e, 0x0b); }
QColor StormView::watchdogColour() { return QColor(0x16, 0xa3, 0x4a); }
QColor StormView::unboundedColour() { return QColor(0x7e, 0x22, 0xce); }

StormView::StormView(QWidget* parent)
    : QWidget(parent)
    , m_runner(new JobRunner(this))
{
    m_pauses = new RowsModel({}, this);
    m_sourceLabel = plainLabel();
    m_source = new QComboBox;
    m_source->setObjectName(QStringLiteral("stormSource"));
    m_source->setEditable(true);
    m_source->setInsertPolicy(QComboBox::NoInsert);
    m_source->setMinimumContentsLength(24);
    m_run = new QPushButton;
    m_run->setObjectName(QStringLiteral("stormRun"));
    m_status = plainLabel();
    m_status->setObjectName(QStringLiteral("stormStatus"));
    m_status->setWordWrap(true);
    m_timeLabel = plainLabel();
    m_time = new QSlider(Qt::Horizontal);
    m_time->setObjectName(QStringLiteral("stormTime"));
    m_time->setRange(0, kSteps);
    m_time->setEnabled(false);
    m_legend = plainLabel();
    m_legend->setWordWrap(true);
    m_table = new QTableView;
    m_table->setModel(m_pauses);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);

    auto* top = new QHBoxLayout;
    top->addWidget(m_sourceLabel);
    top->addWidget(m_source, 1);
    top->addWidget(m_run);
    auto* slider = new QHBoxLayout;
    slider->addWidget(m_timeLabel);
    slider->addWidget(m_time, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_status);
    layout->addLayout(slider);
    layout->addWidget(m_legend);
    layout->addWidget(m_table, 1);

    connect(m_run, &QPushButton::clicked, this, [this] { analyse(m_source->currentIndex() == 0 && m_source->currentText() == m_source->itemText(0) ? QString() : m_source->currentText()); });
    connect(m_time, &QSlider::valueChanged, this, &StormView::onSlider);
    connect(m_runner, &JobRunner::finished, this, &StormView::onFinished);
    connect(m_runner, &JobRunner::started, this, [this] {
        m_status->setText(tr("Analysing the storm…"));
        m_run->setEnabled(false);
    });
    connect(m_runner, &JobRunner::cancelled, this, [this] { m_run->setEnabled(true); });
    retranslate();
}

StormView::~StormView()
{
    m_runner->disconnect(this);
    m_runner->cancel();
}

void StormView::retranslate()
{
    m_sourceLabel->setText(tr("Storm source:"));
    if (m_source->count() > 0)
        m_source->setItemText(0, tr("Every host (the worst shown)"));
    m_run->setText(tr("Analyse"));
    m_pauses->setHeaders({ tr("Paused port"), tr("Paused by"), tr("Paused at (µs)"), tr("Frozen (ms)"), tr("Ended by") });
    m_legend->setText(tr("Canvas: links whose sending port is paused by the slider's time, dark red (first) to orange (last); "
                         "green where the port's own watchdog ends the freeze; purple where nothing ends it while the storm lasts."));
    if (!m_report && !m_runner->isRunning())
        m_status->setText(tr("Pick a source and press Analyse: which ports a PFC storm from it pauses, when, and for how long (docs/storm.md)."));
    else if (m_report)
        showResult();
    onSlider(m_time->value());
}

void StormView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void StormView::setSnapshot(const FabricSnapshot& snapshot, std::shared_ptr<const AsicCatalog> catalog)
{
    const bool sameHosts = m_snapshot.fabric && snapshot.fabric && m_snapshot.fabric->nodes.size() == snapshot.fabric->nodes.size();
    m_snapshot = snapshot;
    m_catalog = std::move(catalog);
    if (m_report) {
        m_report.reset();
        m_pauseLink.clear();
        m_pauses->setRows({});
        m_time->setEnabled(false);
        m_summary.clear();
        emit linkOverlayRequested({});
    }
    if (!sameHosts || m_source->count() == 0) {
        const QString current = m_source->currentIndex() > 0 ? m_source->currentText() : QString();
        m_source->clear();
        m_source->addItem(tr("Every host (the worst shown)"));
        int listed = 0;
        if (snapshot.fabric)
            for (const auto& n : snapshot.fabric->nodes)
                if (!n.isSwitch() && listed++ < kListedHosts)
                    m_source->addItem(toQ(n.name));
        if (!current.isEmpty())
            m_source->setCurrentText(current);
    }
    retranslate();
}

void StormView::analyse(const QString& source)
{
    if (!m_snapshot.fabric || !m_catalog)
        return;
    auto fabric = m_snapshot.fabric;
    auto catalog = m_catalog;
    StormOptions opt;
    if (source.trimmed().isEmpty()) {
        opt.allHosts = true;
        opt.detailLimit = 1; // only the worst source carries its paused list
    } else
        opt.sources.push_back(source.trimmed().toStdString());
    m_runner->run(QStringLiteral("storm"), [fabric, catalog, opt](Feedback* fb) -> std::any { return analyseStorms(*fabric, *catalog, opt, fb); });
}

bool StormView::waitForIdle(int timeoutMs) { return m_runner->waitForIdle(timeoutMs); }

const StormSource* StormView::shown() const { return m_report && !m_report->sources.empty() ? &m_report->sources.front() : nullptr; }

QString StormView::summaryText() const { return m_summary; }

void StormView::onFinished()
{
    m_run->setEnabled(true);
    if (!m_runner->error().isEmpty()) {
        m_status->setText(tr("The storm analysis failed: %1").arg(m_runner->error()));
        return;
    }
    const auto* r = std::any_cast<StormReport>(&m_runner->result());
    if (!r)
        return;
    m_report = *r;
    m_pauseLink.clear();
    m_maxUs = 0;
    if (const StormSource* s = shown())
        for (const auto& p : s->paused) {
            m_pauseLink.push_back(linkOfPort(p.port));
            m_maxUs = std::max(m_maxUs, p.atUs);
        }
    showResult();
    m_time->setEnabled(shown() != nullptr);
    m_time->setValue(kSteps); // the whole wave front
    onSlider(m_time->value());
}

void StormView::showResult()
{
    const StormSource* s = shown();
    if (!s) {
        m_summary = m_report && !m_report->notes.empty() ? toQ(m_report->notes.front()) : tr("No storm source could pause anything.");
        m_status->setText(m_summary);
        m_pauses->setRows({});
        return;
    }
    const QString longest = s->frozenMsMax ? tr("the longest freeze %1 ms").arg(number(*s->frozenMsMax, 1)) : tr("some ports stay frozen for as long as the storm lasts");
    m_summary = tr("Storm from %1 on priority %2: %n port(s) paused", nullptr, static_cast<int>(s->pausedCount)).arg(toQ(s->source)).arg(s->priority)
        + QStringLiteral(", ") + tr("%n host(s)", nullptr, static_cast<int>(s->hostCount)) + QStringLiteral(", ") + longest;
    if (s->unwatchedCount > 0)
        m_summary += QStringLiteral("; ") + tr("%n paused switch port(s) without a watchdog that acts", nullptr, static_cast<int>(s->unwatchedCount));
    if (!s->bestChange.empty())
        m_summary += QStringLiteral(". ") + tr("Best change: %1").arg(toQ(s->bestChange));
    if (m_report->sources.size() > 1)
        m_summary += QStringLiteral(" ") + tr("(the worst of %n source(s))", nullptr, static_cast<int>(m_report->sources.size()));
    m_status->setText(m_summary);
    std::vector<RowsModel::Row> rows;
    rows.reserve(s->paused.size());
    for (const auto& p : s->paused) {
        RowsModel::Row row;
        row.cells = { toQ(p.port), toQ(p.pausedBy), number(p.atUs, 3), p.frozenMs ? number(*p.frozenMs, 3) : tr("until the storm ends"),
            p.endedBy.empty() ? tr("nothing") : toQ(p.endedBy) };
        QStringList terms;
        for (const auto& t : p.terms)
            terms << QStringLiteral("%1 = %2 %3 (%4)").arg(toQ(t.name), number(t.value, 3), toQ(t.unit), toQ(t.formula));
        row.toolTip = terms.join(QLatin1Char('\n'));
        if (!p.frozenMs)
            row.colour = unboundedColour();
        rows.push_back(std::move(row));
    }
    m_pauses->setRows(std::move(rows));
    fitColumns(m_table, { 4 });
}

std::optional<std::size_t> StormView::linkOfPort(const std::string& port) const
{
    if (!m_snapshot.index)
        return std::nullopt;
    const auto colon = port.rfind(':');
    if (colon == std::string::npos)
        return std::nullopt;
    if (const auto l = m_snapshot.index->linkAt(Endpoint { port.substr(0, colon), port.substr(colon + 1) }))
        return static_cast<std::size_t>(*l);
    return std::nullopt;
}

std::vector<QColor> StormView::linkShades(double us) const
{
    std::vector<QColor> out;
    const StormSource* s = shown();
    if (!s || !m_snapshot.fabric)
        return out;
    out.resize(m_snapshot.fabric->links.size());
    std::vector<double> first(out.size(), -1);
    for (std::size_t i = 0; i < s->paused.size() && i < m_pauseLink.size(); ++i) {
        const auto& p = s->paused[i];
        const auto l = m_pauseLink[i];
        if (!l || *l >= out.size() || p.atUs > us || (first[*l] >= 0 && first[*l] <= p.atUs))
            continue;
        first[*l] = p.atUs;
        if (!p.frozenMs)
            out[*l] = unboundedColour();
        else if (p.endedBy.rfind("watchdog ", 0) == 0)
            out[*l] = watchdogColour();
        else
            out[*l] = mix(earlyColour(), lateColour(), m_maxUs > 0 ? p.atUs / m_maxUs : 0);
    }
    return out;
}

void StormView::setTimeUs(double us) { m_time->setValue(m_maxUs > 0 ? static_cast<int>(std::lround(us / m_maxUs * kSteps)) : kSteps); }

double StormView::timeUs() const { return m_maxUs * m_time->value() / kSteps; }

void StormView::onSlider(int)
{
    m_timeLabel->setText(tr("t = %1 µs").arg(number(timeUs(), 1)));
    if (shown())
        emit linkOverlayRequested(linkShades(timeUs()));
}

} // namespace lfp::gui
