// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/views/chartaxes.h"
#include "gui/views/budgetview.h"
#include "gui/tablefit.h"
#include "gui/plaintext.h"

#include "gui/appearance.h"

#include "document/jobrunner.h"
#include "model/units.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCursor>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLegendMarker>
#include <QSplitter>
#include <QTableView>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <set>

namespace lfp::gui {

namespace {
    constexpr double kMiB = 1024.0 * 1024.0;

    // The colours of the budget panel's bar (gui/views/budgetpanel.cpp), plus one for what no pool takes.
    const QColor kReserved(0x7C, 0x8D, 0xA6);
    const QColor kHeadroom(0x2F, 0x7B, 0xC4);
    const QColor kShp(0x8E, 0x5C, 0xC2);
    const QColor kPools(0x43, 0xA0, 0x6B);
    const QColor kFree(0xC9, 0xD1, 0xDB);
    const QColor kOver(0xC6, 0x28, 0x28);

    /// Bytes for people: MiB from 1 MiB, KiB from 1 KiB (1 KiB = 1024 B).
    QString human(qint64 bytes)
    {
        const double a = std::abs(static_cast<double>(bytes));
        if (a >= kMiB)
            return BudgetView::tr("%1 MiB").arg(QString::number(static_cast<double>(bytes) / kMiB, 'f', 2));
        if (a >= 1024)
            return BudgetView::tr("%1 KiB").arg(QString::number(static_cast<double>(bytes) / 1024.0, 'f', 1));
        return BudgetView::tr("%1 B").arg(bytes);
    }
    QString bytesTip(qint64 bytes) { return BudgetView::tr("%1 (%2 B)").arg(human(bytes), QLocale().toString(bytes)); }
    QString percent(double share) { return QString::number(100.0 * share, 'f', 1) + QStringLiteral(" %"); }

    /// The five segments of a bar, in stacking order.
    qint64 segmentValue(const BudgetSegments& s, int set)
    {
        switch (set) {
        case 0: return s.reserved;
        case 1: return s.headroom;
        case 2: return s.sharedHeadroomPool;
        case 3: return s.sharedPools;
        default: return s.free;
        }
    }
    QString segmentName(int set)
    {
        switch (set) {
        case 0: return BudgetView::tr("Reservations");
        case 1: return BudgetView::tr("Lossless headroom");
        case 2: return BudgetView::tr("Shared headroom pool");
        case 3: return BudgetView::tr("Shared pools");
        default: return BudgetView::tr("Free");
        }
    }
    QColor segmentColour(int set)
    {
        const QColor c[] = { kReserved, kHeadroom, kShp, kPools, kFree };
        return c[std::clamp(set, 0, 4)];
    }
    constexpr int kSets = 5;
}

BudgetSegments budgetSegments(const SwitchBudget& b)
{
    BudgetSegments s;
    s.total = b.total.value();
    for (const BudgetLine& l : b.lines) {
        if (l.category == "lossless-pg" || l.category == "private-headroom")
            s.headroom += l.total.value();
        else if (l.category == "pool")
            s.sharedPools += std::max<std::int64_t>(0, l.total.value()); // an over-committed switch has no room for a pool
        else if (l.category == "remainder")
            s.free += std::max<std::int64_t>(0, l.total.value());
    }
    s.reserved = b.reserved.value() - s.headroom;
    s.sharedHeadroomPool = b.sharedHeadroomPool.value();
    s.overCommitted = b.totalKnown && b.available.value() < 0 ? -b.available.value() : 0;
    if (b.totalKnown && s.total > 0)
        s.leftShare = static_cast<double>(b.available.value()) / static_cast<double>(s.total);
    return s;
}

// ---------------------------------------------------------------------------------------------
// SwitchBudgetModel

void SwitchBudgetModel::setBudgets(std::vector<SwitchBudget> budgets, std::vector<std::string> switchModels)
{
    beginResetModel();
    struct Row {
        BudgetSegments s;
        SwitchBudget b;
        std::string model;
    };
    std::vector<Row> rows;
    rows.reserve(budgets.size());
    for (std::size_t i = 0; i < budgets.size(); ++i)
        rows.push_back({ budgetSegments(budgets[i]), std::move(budgets[i]), i < switchModels.size() ? switchModels[i] : std::string() });
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        if (a.s.leftShare != b.s.leftShare)
            return a.s.leftShare < b.s.leftShare;
        return a.b.switchName < b.b.switchName;
    });
    m_budgets.clear();
    m_segments.clear();
    m_models.clear();
    for (auto& r : rows) {
        m_segments.push_back(r.s);
        m_budgets.push_back(std::move(r.b));
        m_models.push_back(std::move(r.model));
    }
    endResetModel();
}

QString SwitchBudgetModel::switchModel(int row) const
{
    return row >= 0 && row < static_cast<int>(m_models.size()) ? qs(m_models[static_cast<std::size_t>(row)]) : QString();
}

const SwitchBudget* SwitchBudgetModel::budgetAt(int row) const
{
    return row >= 0 && row < static_cast<int>(m_budgets.size()) ? &m_budgets[static_cast<std::size_t>(row)] : nullptr;
}

int SwitchBudgetModel::rowOf(const QString& switchName) const
{
    const std::string name = switchName.toStdString();
    for (std::size_t i = 0; i < m_budgets.size(); ++i)
        if (m_budgets[i].switchName == name)
            return static_cast<int>(i);
    return -1;
}

int SwitchBudgetModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(m_budgets.size()); }
int SwitchBudgetModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant SwitchBudgetModel::data(const QModelIndex& index, int role) const
{
    const SwitchBudget* b = index.isValid() ? budgetAt(index.row()) : nullptr;
    if (!b || index.column() < 0 || index.column() >= ColumnCount)
        return {};
    const BudgetSegments& s = m_segments[static_cast<std::size_t>(index.row())];
    const auto bytesOf = [&](int column) -> qint64 {
        switch (column) {
        case CapacityColumn: return s.total;
        case ReservedColumn: return s.reserved;
        case HeadroomColumn: return s.headroom;
        case ShpColumn: return s.sharedHeadroomPool;
        case PoolsColumn: return s.sharedPools;
        case FreeColumn: return s.free;
        default: return 0;
        }
    };
    const int c = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (c) {
        case SwitchColumn: return qs(b->switchName);
        case ModelColumn: return switchModel(index.row()).isEmpty() ? tr("(no model)") : switchModel(index.row());
        case AsicColumn: return qs(b->asicId);
        case CapacityColumn:
            if (!b->totalKnown)
                return tr("unknown");
            return human(bytesOf(c));
        case LeftColumn:
            if (!b->totalKnown)
                return tr("unknown");
            return s.overCommitted > 0 ? tr("over by %1").arg(human(s.overCommitted)) : percent(s.leftShare);
        default: return human(bytesOf(c));
        }
    case Qt::UserRole:
        if (c == SwitchColumn || c == ModelColumn || c == AsicColumn)
            return data(index, Qt::DisplayRole);
        if (c == LeftColumn)
            return s.leftShare;
        return bytesOf(c);
    case Qt::ToolTipRole:
        if (c >= CapacityColumn && c <= FreeColumn)
            return bytesTip(bytesOf(c));
        if (c == LeftColumn && b->totalKnown)
            return tr("available = total − reservations − shared headroom pool = %1").arg(bytesTip(b->available.value()));
        return data(index, Qt::DisplayRole);
    case Qt::TextAlignmentRole:
        return c >= CapacityColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (c == LeftColumn && s.overCommitted > 0)
            return kOver;
        return {};
    default:
        return {};
    }
}

QVariant SwitchBudgetModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o == Qt::Horizontal && role == Qt::ToolTipRole && section == LeftColumn)
        return tr("The share of the buffer left for the shared pools: available = total − reservations − shared headroom pool");
    if (o == Qt::Horizontal && role == Qt::ToolTipRole && section == ShpColumn)
        return tr("Shared headroom pool");
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    switch (section) {
    case SwitchColumn: return tr("Switch");
    case ModelColumn: return tr("Model");
    case AsicColumn: return tr("ASIC");
    case CapacityColumn: return tr("Capacity");
    case ReservedColumn: return tr("Reservations");
    case HeadroomColumn: return tr("Headroom");
    case ShpColumn: return tr("SHP");
    case PoolsColumn: return tr("Shared pools");
    case FreeColumn: return tr("Free");
    case LeftColumn: return tr("Left");
    default: return {};
    }
}

// ---------------------------------------------------------------------------------------------
// PortBudgetModel

void PortBudgetModel::setPorts(std::vector<PortBudget> ports)
{
    beginResetModel();
    m_ports = std::move(ports);
    endResetModel();
}

int PortBudgetModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(m_ports.size()); }
int PortBudgetModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant PortBudgetModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= static_cast<int>(m_ports.size()) || index.column() < 0 || index.column() >= ColumnCount)
        return {};
    const PortBudget& p = m_ports[static_cast<std::size_t>(index.row())];
    const HeadroomResult* h = p.headroom.get();
    const int c = index.column();
    const auto bytesOf = [&](int column) -> std::optional<qint64> {
        switch (column) {
        case XonColumn: return h ? std::optional<qint64>(h->xon.value()) : std::nullopt;
        case XoffColumn: return h ? std::optional<qint64>(h->xoff.value()) : std::nullopt;
        case SizeColumn: return h ? std::optional<qint64>(h->size.value()) : std::nullopt;
        case ReservedColumn: return p.reserved.value();
        case ShpColumn: return p.shpDemand.value();
        case PortHeadroomColumn: return p.portHeadroom.value();
        default: return std::nullopt;
        }
    };
    switch (role) {
    case Qt::DisplayRole:
        switch (c) {
        case PortColumn: return qs(p.port);
        case SpeedColumn: return qs(formatSpeed(p.speed));
        case CableColumn: return tr("%1 m").arg(QString::number(p.cable.value(), 'g', 6));
        case MtuColumn: return tr("%1 B").arg(p.mtu);
        case PgColumn: return tr("%1 + %2").arg(p.losslessPgs).arg(p.lossyPgs);
        default:
            if (const auto v = bytesOf(c))
                return human(*v);
            return QStringLiteral("—");
        }
    case Qt::UserRole:
        switch (c) {
        case PortColumn: return qs(p.port);
        case SpeedColumn: return static_cast<qlonglong>(p.speed.value());
        case CableColumn: return p.cable.value();
        case MtuColumn: return p.mtu;
        case PgColumn: return p.losslessPgs;
        default:
            if (const auto v = bytesOf(c))
                return *v;
            return {};
        }
    case Qt::ToolTipRole:
        if (const auto v = bytesOf(c))
            return bytesTip(*v);
        return data(index, Qt::DisplayRole);
    case Qt::TextAlignmentRole:
        return c >= CableColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant PortBudgetModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    switch (section) {
    case PortColumn: return tr("Port");
    case SpeedColumn: return tr("Speed");
    case CableColumn: return tr("Cable");
    case MtuColumn: return tr("MTU");
    case PgColumn: return tr("PGs (lossless + lossy)");
    case XonColumn: return tr("xon");
    case XoffColumn: return tr("xoff");
    case SizeColumn: return tr("Size per PG");
    case ReservedColumn: return tr("Reserved");
    case ShpColumn: return tr("Shared headroom demand");
    case PortHeadroomColumn: return tr("Port headroom");
    default: return {};
    }
}

// ---------------------------------------------------------------------------------------------
// BudgetView

BudgetView::BudgetView(QWidget* parent)
    : QWidget(parent)
    , m_jobs(new JobRunner(this))
    , m_switches(new SwitchBudgetModel(this))
    , m_ports(new PortBudgetModel(this))
    , m_summary(plainLabel())
    , m_modelBox(new QComboBox)
    , m_chartView(new QChartView)
    , m_switchTable(new QTableView)
    , m_portHeading(plainLabel())
    , m_portTable(new QTableView)
{
    setObjectName(QStringLiteral("budgetView"));
    m_summary->setObjectName(QStringLiteral("budgetViewSummary"));
    m_summary->setWordWrap(true);
    m_modelBox->setObjectName(QStringLiteral("budgetViewModel"));
    m_modelBox->setToolTip(tr("Compare the switches of one model side by side"));
    m_modelBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_modelBox, &QComboBox::activated, this, [this](int i) { setModelFilter(m_modelBox->itemData(i).toString()); });

    m_chartView->setObjectName(QStringLiteral("budgetChart"));
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumSize(360, 200);
    auto* chart = new QChart;
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignRight); // a row at the bottom elides its entries when narrow
    chart->setAnimationOptions(QChart::NoAnimation);
    replaceChart(m_chartView, chart);

    for (QTableView* t : { m_switchTable, m_portTable }) {
        t->verticalHeader()->hide();
        t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
        t->setSelectionBehavior(QAbstractItemView::SelectRows);
        t->setSelectionMode(QAbstractItemView::SingleSelection);
        t->setEditTriggers(QAbstractItemView::NoEditTriggers);
        t->setAlternatingRowColors(true);
    }
    m_switchTable->setObjectName(QStringLiteral("budgetSwitchTable"));
    m_switchTable->setModel(m_switches);
    m_portTable->setObjectName(QStringLiteral("budgetPortTable"));
    m_portTable->setModel(m_ports);
    // Each column as wide as its figures, the width left shared among them all (tablefit.h).
    fitColumns(m_switchTable);
    fitColumns(m_portTable);
    // Six switches or ports show all six (up to eight), not five and a half.
    fitRows(m_switchTable, 8, 230);
    fitRows(m_portTable, 8, 230);
    m_portHeading->setObjectName(QStringLiteral("budgetPortHeading"));
    QFont hf = m_portHeading->font();
    hf.setBold(true);
    m_portHeading->setFont(hf);
    connect(m_switchTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& cur) {
        if (const SwitchBudget* b = m_switches->budgetAt(cur.row()); b && qs(b->switchName) != m_selected) {
            selectSwitch(qs(b->switchName));
            emit switchActivated(m_selected);
        }
    });

    auto* top = new QHBoxLayout;
    top->addWidget(m_summary, 1);
    top->addWidget(plainLabel(tr("Model:")));
    top->addWidget(m_modelBox);

    auto* portBox = new QWidget;
    auto* pl = new QVBoxLayout(portBox);
    pl->setContentsMargins(0, 0, 0, 0);
    pl->setSpacing(2);
    pl->addWidget(m_portHeading);
    pl->addWidget(m_portTable, 1);

    auto* tables = new QSplitter(Qt::Vertical);
    tables->addWidget(m_switchTable);
    tables->addWidget(portBox);
    tables->setChildrenCollapsible(false);

    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_chartView);
    split->addWidget(tables);
    // The tables get the larger share: their columns show whole (tablefit.h), the chart scales.
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);
    split->setSizes({ 500, 900 });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 4, 4);
    layout->setSpacing(3);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    connect(m_jobs, &JobRunner::finished, this, [this](quint64 generation) {
        if (generation != m_jobs->generation())
            return;
        if (!m_jobs->error().isEmpty()) {
            m_summary->setText(m_jobs->error());
            return;
        }
        if (const auto* c = std::any_cast<std::shared_ptr<Computed>>(&m_jobs->result()); c && *c)
            apply(std::move(**c));
    });
    m_summary->setText(tr("No fabric."));
    m_portHeading->setText(tr("Click a switch (bar or row) for its ports."));
}

void BudgetView::setData(FabricSnapshot snapshot, std::shared_ptr<const AsicCatalog> catalog)
{
    m_snapshot = std::move(snapshot);
    m_catalog = std::move(catalog);
    m_dirty = true;
    if (isVisible())
        refreshInBackground();
}

void BudgetView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        refreshInBackground();
}

BudgetView::Computed BudgetView::computeAll(const FabricSnapshot& snapshot, const AsicCatalog& catalog, Feedback* feedback)
{
    Computed c;
    if (!snapshot.index)
        return c;
    const BudgetContext ctx(*snapshot.index);
    HeadroomCache cache; // one headroom per distinct port input, as `lfp budget`
    const auto& nodes = ctx.fabric().nodes;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        if (feedback && i % 64 == 0) {
            checkCancelled(feedback);
            feedback->setSteps("budgets", i, nodes.size(), "nodes");
        }
        const Node& n = nodes[i];
        if (!n.isSwitch())
            continue;
        const AsicProfile* asic = n.asic.empty() ? nullptr : catalog.find(n.asic);
        if (!asic) {
            c.skipped << (n.asic.empty() ? tr("%1 (no ASIC)").arg(qs(n.name)) : tr("%1 (ASIC \"%2\" not in the catalogue)").arg(qs(n.name), qs(n.asic)));
            continue;
        }
        try {
            c.budgets.push_back(computeBudget(ctx, i, *asic, &cache));
            c.models.push_back(n.model);
        } catch (const std::exception& e) {
            c.skipped << tr("%1 (%2)").arg(qs(n.name), QString::fromUtf8(e.what()));
        }
    }
    return c;
}

void BudgetView::refresh()
{
    m_dirty = false;
    m_jobs->cancel();
    apply(m_catalog ? computeAll(m_snapshot, *m_catalog, nullptr) : Computed {});
}

void BudgetView::refreshInBackground()
{
    m_dirty = false;
    if (!m_catalog) {
        apply({});
        return;
    }
    m_summary->setText(tr("Computing the budgets…"));
    m_jobs->run(QStringLiteral("budgets"), [snapshot = m_snapshot, catalog = m_catalog](Feedback* fb) {
        return std::any(std::make_shared<Computed>(computeAll(snapshot, *catalog, fb)));
    });
}

bool BudgetView::waitForBudgets(int timeoutMs) { return m_jobs->waitForIdle(timeoutMs); }

void BudgetView::apply(Computed c)
{
    m_skipped = std::move(c.skipped);
    m_switches->setBudgets(std::move(c.budgets), std::move(c.models));
    rebuildModels();
}

void BudgetView::rebuildModels()
{
    // The model filter offers the models present; a filter that no longer matches is dropped.
    std::set<std::string> models;
    for (int r = 0; r < m_switches->rowCount(); ++r)
        models.insert(m_switches->switchModel(r).toStdString());
    m_modelBox->clear();
    m_modelBox->addItem(tr("All models"), QString());
    for (const auto& m : models)
        m_modelBox->addItem(m.empty() ? tr("(no model)") : qs(m), qs(m));
    if (!m_filter.isEmpty() && !models.count(m_filter.toStdString()))
        m_filter.clear();
    const int fi = m_filter.isEmpty() ? 0 : m_modelBox->findData(m_filter);
    m_modelBox->setCurrentIndex(std::max(0, fi));
    rebuildChart();
    const QString keep = m_selected;
    m_selected.clear();
    // The switch shown stays; otherwise the riskiest one (the top bar) shows its ports.
    if ((keep.isEmpty() || !selectSwitch(keep)) && (m_barSwitches.isEmpty() || !selectSwitch(m_barSwitches.front()))) {
        m_ports->setPorts({});
        m_portHeading->setText(tr("Click a switch (bar or row) for its ports."));
    }
}

bool BudgetView::setModelFilter(const QString& model)
{
    if (!model.isEmpty()) {
        bool any = false;
        for (int r = 0; r < m_switches->rowCount() && !any; ++r)
            any = m_switches->switchModel(r) == model;
        if (!any)
            return false;
    }
    m_filter = model;
    const int fi = m_filter.isEmpty() ? 0 : m_modelBox->findData(m_filter);
    m_modelBox->setCurrentIndex(std::max(0, fi));
    rebuildChart();
    return true;
}

void BudgetView::rebuildChart()
{
    // A new chart each time (Qt Charts keeps stale axes around when series and axes are swapped).
    auto* chart = new QChart;
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignRight); // a row at the bottom elides its entries when narrow
    chart->setAnimationOptions(QChart::NoAnimation);
    replaceChart(m_chartView, chart);
    m_series = new QHorizontalStackedBarSeries;
    m_series->setBarWidth(0.7);
    m_barSwitches.clear();
    m_barSegments.clear();

    int shown = 0, matching = 0, over = 0;
    for (int row = 0; row < m_switches->rowCount(); ++row) {
        const SwitchBudget& b = *m_switches->budgetAt(row);
        if (!m_filter.isEmpty() && m_switches->switchModel(row) != m_filter)
            continue;
        if (!b.totalKnown)
            continue; // no capacity to draw against (listed in the table)
        ++matching;
        const BudgetSegments s = budgetSegments(b);
        if (s.overCommitted > 0)
            ++over;
        if (shown >= kMaxBars)
            continue;
        ++shown;
        m_barSwitches << qs(b.switchName);
        m_barSegments.push_back(s);
    }
    // Horizontal bars stack bottom-up: the riskiest switch goes last so that it is drawn on top.
    QStringList categories;
    QList<QBarSet*> sets;
    for (int k = 0; k < kSets; ++k) {
        auto* set = new QBarSet(segmentName(k));
        set->setColor(segmentColour(k));
        set->setBorderColor(segmentColour(k).darker(115));
        sets << set;
    }
    double maxMiB = 0;
    for (int i = static_cast<int>(m_barSwitches.size()) - 1; i >= 0; --i) {
        const BudgetSegments& s = m_barSegments[static_cast<std::size_t>(i)];
        QString label = m_barSwitches[i];
        if (s.overCommitted > 0)
            label += QStringLiteral(" ⚠");
        categories << label;
        double sum = 0;
        for (int k = 0; k < kSets; ++k) {
            const double v = static_cast<double>(segmentValue(s, k)) / kMiB;
            sets[k]->append(v);
            sum += v;
        }
        maxMiB = std::max({ maxMiB, sum, static_cast<double>(s.total) / kMiB });
    }
    for (int k = 0; k < kSets; ++k) {
        const int setIndex = k;
        connect(sets[k], &QBarSet::hovered, this, [this, setIndex](bool status, int index) {
            if (status)
                QToolTip::showText(QCursor::pos(), barToolTip(setIndex, static_cast<int>(m_barSwitches.size()) - 1 - index), m_chartView);
            else
                QToolTip::hideText();
        });
        connect(sets[k], &QBarSet::clicked, this, [this](int index) {
            const int bar = static_cast<int>(m_barSwitches.size()) - 1 - index;
            if (bar >= 0 && bar < m_barSwitches.size() && selectSwitch(m_barSwitches[bar]))
                emit switchActivated(m_selected);
        });
    }
    m_series->append(sets);
    chart->addSeries(m_series);
    attachBarAxes(chart, m_series, categories, maxMiB, 1.02, tr("MiB"), font());
    chart->setTitle(m_filter.isEmpty() ? tr("Buffer per switch, least left for the shared pools first")
                                       : tr("Switches of model %1 side by side").arg(m_filter));

    QString text;
    const int all = static_cast<int>(m_switches->budgets().size());
    if (all == 0)
        text = tr("No switch with a buffer budget.");
    else
        text = tr("%n switch(es) with a budget", nullptr, all) + QStringLiteral(" · ")
            + (over > 0 ? tr("%n over-committed", nullptr, over) : tr("all fit")) + QStringLiteral(" · ")
            + (shown < matching ? tr("the chart shows the %1 of %2 with the least left").arg(shown).arg(matching) : tr("%n in the chart", nullptr, shown));
    if (!m_skipped.isEmpty())
        text += QStringLiteral(" · ") + tr("no budget: %1").arg(m_skipped.join(QStringLiteral(", ")));
    m_summary->setText(text);
    m_summary->setStyleSheet(over > 0 ? QStringLiteral("color: #C62828;") : QString());
}

QString BudgetView::barToolTip(int set, int bar) const
{
    if (bar < 0 || bar >= m_barSwitches.size() || set < 0 || set >= kSets)
        return {};
    const BudgetSegments& s = m_barSegments[static_cast<std::size_t>(bar)];
    const qint64 v = segmentValue(s, set);
    QString tip = tr("%1 — %2: %3, %4 of %5").arg(m_barSwitches[bar], segmentName(set), bytesTip(v),
        percent(s.total > 0 ? static_cast<double>(v) / static_cast<double>(s.total) : 0), human(s.total));
    if (s.overCommitted > 0)
        tip += QLatin1Char('\n') + tr("Over-committed by %1").arg(human(s.overCommitted));
    return tip;
}

bool BudgetView::selectSwitch(const QString& switchName)
{
    const int row = m_switches->rowOf(switchName);
    const SwitchBudget* b = m_switches->budgetAt(row);
    if (!b)
        return false;
    m_selected = switchName;
    m_ports->setPorts(b->ports);
    m_portHeading->setText(tr("%1 — %n active port(s)", nullptr, static_cast<int>(b->ports.size())).arg(switchName));
    if (m_switchTable->currentIndex().row() != row)
        m_switchTable->setCurrentIndex(m_switches->index(row, 0));
    return true;
}

QString BudgetView::summaryText() const { return m_summary->text(); }

} // namespace lfp::gui
