// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/views/chartaxes.h"
#include "gui/views/headroomexplainer.h"
#include "gui/tablefit.h"
#include "gui/plaintext.h"

#include "gui/appearance.h"
#include "gui/models/findingsmodel.h"
#include "gui/views/headroompanel.h"
#include "gui/phrasetext.h"

#include "model/units.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCursor>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLegendMarker>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSlider>
#include <QSplitter>
#include <QTableView>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace lfp::gui {

namespace {
    const QColor kStep(0x2F, 0x7B, 0xC4);
    const QColor kRest(0xE0, 0x8E, 0x2B);
    const QColor kTotal(0x3C, 0x44, 0x50);

    /// The identifiers a formula names ("ceil_1KiB(xoff + xon)" → ceil_1KiB, xoff, xon).
    std::vector<std::string> identifiers(const std::string& formula)
    {
        std::vector<std::string> out;
        static const QRegularExpression re(QStringLiteral("[A-Za-z_][A-Za-z0-9_]*"));
        auto it = re.globalMatch(qs(formula));
        while (it.hasNext())
            out.push_back(it.next().captured().toStdString());
        return out;
    }

    QString bytesWithKiB(double bytes)
    {
        return HeadroomExplainer::tr("%1 B (%2 KiB)").arg(FindingsModel::numberText(std::round(bytes * 10) / 10), QString::number(bytes / 1024.0, 'f', 2));
    }
}

std::optional<double> termBytes(const HeadroomTerm& t)
{
    if (t.unit == "B")
        return t.value;
    if (t.unit == "BT")
        return t.value / 8.0; // bit times → bytes (8 bits a byte)
    return std::nullopt;
}

std::vector<WaterfallStep> headroomWaterfall(const HeadroomResult& r)
{
    const auto& terms = r.terms;
    std::map<std::string, std::size_t> pos; // first occurrence of each byte term
    for (std::size_t i = 0; i < terms.size(); ++i)
        if (termBytes(terms[i]) && !pos.count(terms[i].name))
            pos[terms[i].name] = i;
    // refs[i]: the earlier byte terms term i's formula names, in term order; a formula written as an
    // increment ("+2 KiB when …") is a step of its own, not a total.
    std::vector<std::vector<std::size_t>> refs(terms.size());
    for (std::size_t i = 0; i < terms.size(); ++i) {
        if (!termBytes(terms[i]) || terms[i].formula.rfind('+', 0) == 0)
            continue;
        std::set<std::size_t> seen;
        for (const auto& id : identifiers(terms[i].formula))
            if (auto p = pos.find(id); p != pos.end() && p->second < i && id != terms[i].name)
                seen.insert(p->second);
        refs[i].assign(seen.begin(), seen.end());
    }
    // The totals to draw: xon, xoff and size (HeadroomResult's fields) and, through the formulas, the
    // totals they are made of.
    std::set<std::size_t> wanted;
    std::vector<std::size_t> todo;
    for (const char* field : { "xon", "xoff", "size" })
        if (auto p = pos.find(field); p != pos.end())
            todo.push_back(p->second);
    while (!todo.empty()) {
        const std::size_t t = todo.back();
        todo.pop_back();
        if (!wanted.insert(t).second)
            continue;
        for (std::size_t ref : refs[t])
            if (!refs[ref].empty())
                todo.push_back(ref);
    }
    std::vector<WaterfallStep> out;
    for (std::size_t t : wanted) { // std::set: in term order
        const double total = *termBytes(terms[t]);
        double running = 0;
        for (std::size_t ref : refs[t]) {
            const double v = *termBytes(terms[ref]);
            out.push_back({ WaterfallStep::Step, terms[ref].name, std::min(running, running + v), std::abs(v), v });
            running += v;
        }
        const double rest = total - running;
        if (!refs[t].empty() && std::abs(rest) >= 0.5)
            out.push_back({ WaterfallStep::Rest, terms[t].name, std::min(running, total), std::abs(rest), rest });
        out.push_back({ WaterfallStep::Total, terms[t].name, 0, total, total });
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// HeadroomTermsModel

void HeadroomTermsModel::setTerms(std::vector<HeadroomTerm> terms)
{
    beginResetModel();
    m_terms = std::move(terms);
    endResetModel();
}

int HeadroomTermsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(m_terms.size()); }
int HeadroomTermsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant HeadroomTermsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= static_cast<int>(m_terms.size()) || index.column() < 0 || index.column() >= ColumnCount)
        return {};
    const HeadroomTerm& t = m_terms[static_cast<std::size_t>(index.row())];
    if (role == Qt::UserRole && index.column() == ValueColumn)
        return t.value;
    if (role == Qt::TextAlignmentRole)
        return index.column() == ValueColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole && role != Qt::UserRole)
        return {};
    switch (index.column()) {
    case TermColumn: return qs(t.name);
    case ValueColumn: return FindingsModel::numberText(t.value);
    // Unit, formula and source in the GUI's language (the planner's phrases, gui/phrasetext.h).
    case UnitColumn: return trPhraseOr(t.unitPhrase, t.unit);
    case FormulaColumn: return trPhraseOr(t.formulaPhrase, t.formula);
    case SourceColumn: {
        // A term without its own source has the one of the term above it (as `lfp headroom` prints).
        for (int i = index.row(); i >= 0; --i)
            if (const HeadroomTerm& above = m_terms[static_cast<std::size_t>(i)]; !above.source.empty())
                return trPhraseOr(above.sourcePhrase, above.source);
        return {};
    }
    default: return {};
    }
}

QVariant HeadroomTermsModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    switch (section) {
    case TermColumn: return tr("Term");
    case ValueColumn: return tr("Value");
    case UnitColumn: return tr("Unit");
    case FormulaColumn: return tr("Formula");
    case SourceColumn: return tr("Source");
    default: return {};
    }
}

// ---------------------------------------------------------------------------------------------
// HeadroomExplainer

const std::vector<BitsPerSecond>& HeadroomExplainer::sliderSpeeds()
{
    static const std::vector<BitsPerSecond> speeds = [] {
        std::vector<BitsPerSecond> v;
        for (const char* s : { "10G", "25G", "40G", "50G", "100G", "200G", "400G", "800G" })
            v.push_back(parseSpeed(s));
        return v;
    }();
    return speeds;
}

HeadroomExplainer::HeadroomExplainer(HeadroomPanel* panel, QWidget* parent)
    : QWidget(parent)
    , m_panel(panel)
    , m_heading(plainLabel())
    , m_note(plainLabel())
    , m_priority(new QComboBox)
    , m_asic(new QComboBox)
    , m_cable(new QSlider(Qt::Horizontal))
    , m_cableValue(plainLabel())
    , m_speed(new QSlider(Qt::Horizontal))
    , m_speedValue(plainLabel())
    , m_mtu(new QSlider(Qt::Horizontal))
    , m_mtuValue(plainLabel())
    , m_result(plainLabel())
    , m_apply(new QPushButton(tr("Apply to Plan")))
    , m_reset(new QPushButton(tr("Reset to Plan")))
    , m_chartView(new QChartView)
    , m_terms(new HeadroomTermsModel(this))
    , m_termsTable(new QTableView)
{
    setObjectName(QStringLiteral("headroomExplainer"));
    QFont hf = m_heading->font();
    hf.setBold(true);
    m_heading->setFont(hf);
    m_heading->setWordWrap(true);
    m_heading->setObjectName(QStringLiteral("explainerHeading"));
    m_note->setWordWrap(true);
    m_note->setStyleSheet(QStringLiteral("color: #5a6270;"));
    m_result->setObjectName(QStringLiteral("explainerResult"));
    m_result->setWordWrap(true);
    QFont rf = m_result->font();
    rf.setPointSizeF(rf.pointSizeF() * 1.15);
    rf.setBold(true);
    m_result->setFont(rf);

    m_priority->setObjectName(QStringLiteral("explainerPriority"));
    m_priority->setToolTip(tr("The lossless priorities of the port's policy; each has its own PG with the same headroom"));
    m_asic->setObjectName(QStringLiteral("explainerAsic"));
    m_cable->setObjectName(QStringLiteral("explainerCable"));
    m_cable->setRange(0, 2000); // metres; DAC to long single-mode runs (docs/formulas.md: cable term 2·L·speed/c)
    m_cable->setPageStep(10);
    m_speed->setObjectName(QStringLiteral("explainerSpeed"));
    m_speed->setRange(0, static_cast<int>(sliderSpeeds().size()) - 1);
    m_speed->setPageStep(1);
    m_speed->setTickPosition(QSlider::TicksBelow);
    m_mtu->setObjectName(QStringLiteral("explainerMtu"));
    m_mtu->setRange(1500, 9216); // bytes: Ethernet's 1500 to the usual jumbo maximum
    m_mtu->setSingleStep(100);
    m_mtu->setPageStep(500);
    for (QLabel* l : { m_cableValue, m_speedValue, m_mtuValue })
        l->setMinimumWidth(l->fontMetrics().horizontalAdvance(QStringLiteral("9999 m__")));
    m_apply->setObjectName(QStringLiteral("explainerApply"));
    m_apply->setToolTip(tr("Make the what-if values the plan's (one step, Ctrl+Z undoes it)"));
    m_reset->setObjectName(QStringLiteral("explainerReset"));
    m_reset->setToolTip(tr("Back to the port's planned values"));

    connect(m_cable, &QSlider::valueChanged, this, [this](int v) {
        m_cableValue->setText(tr("%1 m").arg(v));
        if (!m_syncing)
            pushWhatIf();
    });
    connect(m_speed, &QSlider::valueChanged, this, [this](int v) {
        m_speedValue->setText(qs(formatSpeed(sliderSpeeds()[static_cast<std::size_t>(std::clamp(v, 0, m_speed->maximum()))])));
        if (!m_syncing)
            pushWhatIf();
    });
    connect(m_mtu, &QSlider::valueChanged, this, [this](int v) {
        m_mtuValue->setText(tr("%1 B").arg(v));
        if (!m_syncing)
            pushWhatIf();
    });
    connect(m_asic, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_syncing)
            pushWhatIf();
    });
    connect(m_apply, &QPushButton::clicked, this, &HeadroomExplainer::applyRequested);
    connect(m_reset, &QPushButton::clicked, this, [this] {
        if (m_panel->shownPort()) {
            const HeadroomInput& in = m_panel->planInput();
            m_panel->setWhatIf(m_panel->planAsic(), in.speed, in.cable, in.portMtu);
        }
    });
    connect(m_panel, &HeadroomPanel::computed, this, &HeadroomExplainer::onComputed);

    m_chartView->setObjectName(QStringLiteral("headroomWaterfall"));
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumSize(360, 220);
    auto* chart = new QChart;
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    replaceChart(m_chartView, chart);

    m_termsTable->setObjectName(QStringLiteral("explainerTerms"));
    m_termsTable->setModel(m_terms);
    m_termsTable->verticalHeader()->hide();
    m_termsTable->verticalHeader()->setDefaultSectionSize(m_termsTable->fontMetrics().height() + 6);
    m_termsTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_termsTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_termsTable->setAlternatingRowColors(true);
    // The formulas and their sources wrap rather than run off the right edge (tablefit.h).
    fitColumns(m_termsTable, { HeadroomTermsModel::FormulaColumn, HeadroomTermsModel::SourceColumn });

    auto* controls = new QGridLayout;
    controls->setHorizontalSpacing(8);
    int row = 0;
    auto add = [&](const QString& label, QWidget* w, QWidget* value = nullptr) {
        controls->addWidget(plainLabel(label), row, 0);
        controls->addWidget(w, row, 1);
        if (value)
            controls->addWidget(value, row, 2);
        ++row;
    };
    add(tr("Priority"), m_priority);
    add(tr("ASIC"), m_asic);
    add(tr("Cable"), m_cable, m_cableValue);
    add(tr("Speed"), m_speed, m_speedValue);
    add(tr("Port MTU"), m_mtu, m_mtuValue);
    controls->setColumnStretch(1, 1);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_reset);
    buttons->addWidget(m_apply);
    buttons->addStretch(1);

    auto* left = new QWidget;
    auto* ll = new QVBoxLayout(left);
    ll->setContentsMargins(0, 0, 0, 0);
    ll->addWidget(m_heading);
    ll->addWidget(m_note);
    ll->addLayout(controls);
    ll->addLayout(buttons);
    ll->addWidget(m_result);
    ll->addStretch(1);
    m_controls = left;
    // The controls scroll rather than be cut off when the view is short.
    auto* leftScroll = new QScrollArea;
    leftScroll->setWidget(left);
    leftScroll->setWidgetResizable(true);
    leftScroll->setFrameShape(QFrame::NoFrame);
    leftScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    leftScroll->setMinimumWidth(300);

    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(leftScroll);
    split->addWidget(m_chartView);
    split->addWidget(m_termsTable);
    split->setStretchFactor(0, 0);
    // The chart and the terms table (its formulas and sources wrap) share the width.
    split->setStretchFactor(1, 1);
    split->setStretchFactor(2, 1);
    split->setChildrenCollapsible(false);
    split->setSizes({ 290, 620, 530 });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 4, 4);
    layout->addWidget(split, 1);
    onComputed();
}

int HeadroomExplainer::neededHeight() const
{
    // A label line per bar (the category axis drops labels it has no room for), plus the title, the
    // value axis and its title; and the controls' column at its width.
    const QFontMetrics fm(font());
    const int chart = static_cast<int>(m_steps.size()) * (fm.height() + 4) + 6 * fm.height() + 24;
    const int controls = m_controls->layout()->hasHeightForWidth() ? m_controls->layout()->heightForWidth(std::max(m_controls->width(), 300))
                                                                   : m_controls->sizeHint().height();
    return std::max(chart, controls) + 12;
}

void HeadroomExplainer::setData(FabricSnapshot snapshot, std::shared_ptr<const AsicCatalog> catalog)
{
    m_snapshot = std::move(snapshot);
    m_catalog = std::move(catalog);
    const QSignalBlocker block(m_asic);
    const QString current = m_asic->currentData().toString();
    m_asic->clear();
    if (m_catalog)
        for (const AsicProfile& a : m_catalog->all())
            m_asic->addItem(qs(a.id), qs(a.id)), m_asic->setItemData(m_asic->count() - 1, qs(a.name), Qt::ToolTipRole);
    m_asic->setCurrentIndex(std::max(0, m_asic->findData(current)));
    onComputed();
}

void HeadroomExplainer::setCableMetres(int metres) { m_cable->setValue(metres); }
void HeadroomExplainer::setSpeedIndex(int index) { m_speed->setValue(index); }
void HeadroomExplainer::setPortMtu(int bytes) { m_mtu->setValue(bytes); }
void HeadroomExplainer::setAsic(const QString& id) { m_asic->setCurrentIndex(m_asic->findData(id)); }

QString HeadroomExplainer::headingText() const { return m_heading->text(); }
QString HeadroomExplainer::resultText() const { return m_result->text(); }

void HeadroomExplainer::pushWhatIf()
{
    const auto speed = sliderSpeeds()[static_cast<std::size_t>(std::clamp(m_speed->value(), 0, m_speed->maximum()))];
    m_panel->setWhatIf(m_asic->currentData().toString(), speed, Metres(m_cable->value()), Bytes(m_mtu->value()));
}

void HeadroomExplainer::syncControls()
{
    // The sliders show the panel's inputs (a port selected, or the calculator's values).
    m_syncing = true;
    const HeadroomInput in = m_panel->inputs();
    m_cable->setValue(static_cast<int>(std::lround(in.cable.value())));
    const auto& speeds = sliderSpeeds();
    const auto it = std::min_element(speeds.begin(), speeds.end(), [&](BitsPerSecond a, BitsPerSecond b) {
        return std::abs(a.value() - in.speed.value()) < std::abs(b.value() - in.speed.value());
    });
    m_speed->setValue(static_cast<int>(it - speeds.begin()));
    m_mtu->setValue(static_cast<int>(in.portMtu.value()));
    if (const int i = m_asic->findData(m_panel->asicId()); i >= 0)
        m_asic->setCurrentIndex(i);
    // The labels say what the panel computes with, also where a slider cannot step exactly there.
    m_cableValue->setText(tr("%1 m").arg(QString::number(in.cable.value(), 'g', 6)));
    m_speedValue->setText(qs(formatSpeed(in.speed)));
    m_mtuValue->setText(tr("%1 B").arg(in.portMtu.value()));
    m_syncing = false;
}

void HeadroomExplainer::updatePriorities()
{
    m_priority->clear();
    const auto& port = m_panel->shownPort();
    const QosPolicy* policy = port && m_snapshot.index ? m_snapshot.index->policyAt(*port) : nullptr;
    if (policy && !policy->losslessPriorities.empty()) {
        for (int p : policy->losslessPriorities) {
            const int pg = p >= 0 && p < static_cast<int>(policy->tcToPg.size()) ? policy->tcToPg[static_cast<std::size_t>(p)] : p;
            m_priority->addItem(tr("priority %1 (PG %2)").arg(p).arg(pg), p);
            m_priority->setItemData(m_priority->count() - 1, tr("Policy %1").arg(qs(policy->name)), Qt::ToolTipRole);
        }
        m_priority->setEnabled(m_priority->count() > 1);
    } else {
        m_priority->addItem(port ? tr("no lossless priority: one PG shown") : tr("one lossless PG"));
        m_priority->setEnabled(false);
    }
}

void HeadroomExplainer::onComputed()
{
    syncControls();
    updatePriorities();
    m_heading->setText(m_panel->heading());
    const auto& r = m_panel->result();
    const bool port = m_panel->shownPort().has_value();
    m_apply->setVisible(port);
    m_reset->setVisible(port);
    const bool edits = port && !m_panel->planEdits().empty();
    m_apply->setEnabled(edits);
    m_reset->setEnabled(edits);
    if (!r) {
        m_result->setText(m_panel->errorText().isEmpty() ? tr("No result.") : m_panel->errorText());
        m_note->setText(port ? QString() : tr("Select a switch port to explain its headroom; the sliders are a calculator until then."));
        m_terms->setTerms({});
        m_steps.clear();
        rebuildChart();
        return;
    }
    QString res = tr("xon %1 · xoff %2 · size %3 per PG").arg(bytesWithKiB(r->xon.value()), bytesWithKiB(r->xoff.value()), bytesWithKiB(r->size.value()));
    if (r->sharedHeadroomPool)
        res += QLatin1Char('\n') + tr("xoff is charged to the shared headroom pool.");
    m_result->setText(res);
    m_note->setText(tr("Model \"%1\", follows %2.").arg(qs(r->model), trPhraseOr(r->versionPhrase, r->version)));
    m_terms->setTerms(r->terms);
    m_steps = headroomWaterfall(*r);
    rebuildChart();
}

void HeadroomExplainer::rebuildChart()
{
    // A new chart each time (Qt Charts keeps stale axes around when series and axes are swapped).
    auto* chart = new QChart;
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignRight); // the height is for the bars' labels
    replaceChart(m_chartView, chart);
    m_series = new QHorizontalStackedBarSeries;
    m_series->setBarWidth(0.75);
    auto* base = new QBarSet(QStringLiteral("base"));
    base->setColor(Qt::transparent);
    base->setBorderColor(Qt::transparent);
    auto* step = new QBarSet(tr("Term"));
    step->setColor(kStep);
    auto* rest = new QBarSet(tr("Factors, rounding, compensation"));
    rest->setColor(kRest);
    auto* total = new QBarSet(tr("Total"));
    total->setColor(kTotal);
    QStringList categories;
    double maxBytes = 0;
    // Top to bottom in reading order: horizontal bars stack bottom-up, so the list is reversed.
    std::set<QString> used;
    for (auto it = m_steps.rbegin(); it != m_steps.rend(); ++it) {
        const WaterfallStep& s = *it;
        QString label = s.kind == WaterfallStep::Total ? QStringLiteral("= %1").arg(qs(s.term))
            : s.kind == WaterfallStep::Rest             ? tr("%1 rest → %2").arg(s.signedValue < 0 ? QStringLiteral("−") : QStringLiteral("+"), qs(s.term))
                                                        : QStringLiteral("+ %1").arg(qs(s.term));
        while (used.count(label)) // category names must differ; a term can be a step of two totals
            label += QChar(0x200B);
        used.insert(label);
        categories << label;
        base->append(s.base);
        step->append(s.kind == WaterfallStep::Step ? s.value : 0.0);
        rest->append(s.kind == WaterfallStep::Rest ? s.value : 0.0);
        total->append(s.kind == WaterfallStep::Total ? s.value : 0.0);
        maxBytes = std::max(maxBytes, s.base + s.value);
    }
    const int n = static_cast<int>(m_steps.size());
    for (QBarSet* set : { step, rest, total })
        connect(set, &QBarSet::hovered, this, [this, n](bool on, int index) {
            const int i = n - 1 - index;
            if (!on || i < 0 || i >= n) {
                QToolTip::hideText();
                return;
            }
            const WaterfallStep& s = m_steps[static_cast<std::size_t>(i)];
            QString tip;
            if (s.kind == WaterfallStep::Rest) {
                tip = tr("What the terms named in %1's formula do not add up to: %2").arg(qs(s.term), bytesWithKiB(s.signedValue));
            } else {
                tip = tr("%1 = %2").arg(qs(s.term), bytesWithKiB(s.value));
                for (const HeadroomTerm& t : m_terms->terms())
                    if (t.name == s.term) {
                        tip += QLatin1Char('\n') + trPhraseOr(t.formulaPhrase, t.formula);
                        if (t.unit == "BT")
                            tip += QLatin1Char('\n') + tr("%1 bit times / 8").arg(FindingsModel::numberText(t.value));
                        break;
                    }
            }
            QToolTip::showText(QCursor::pos(), tip, m_chartView);
        });
    m_series->append({ base, step, rest, total });
    chart->addSeries(m_series);
    attachBarAxes(chart, m_series, categories, maxBytes, 1.03, tr("bytes"), font());
    if (!chart->legend()->markers(m_series).isEmpty())
        chart->legend()->markers(m_series).first()->setVisible(false); // the invisible base
    chart->setTitle(m_steps.empty() ? tr("No headroom to explain") : tr("How the headroom adds up (bytes per PG)"));
}

} // namespace lfp::gui
