// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/views/deadlockview.h"
#include "gui/tablefit.h"
#include "gui/plaintext.h"

#include "document/jobrunner.h"
#include "planner/routing/certificatefix.h"
#include "planner/routing/routing.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <any>
#include <map>
#include <set>

namespace lfp::gui {
namespace {

    QString toQ(const std::string& s) { return QString::fromStdString(s); }

    /// "leaf1:Ethernet0" → endpoint; false when there is no colon.
    bool parseEndpoint(const std::string& text, Endpoint& out)
    {
        const auto colon = text.find(':');
        if (colon == std::string::npos)
            return false;
        out.node = text.substr(0, colon);
        out.port = text.substr(colon + 1);
        return !out.node.empty() && !out.port.empty();
    }

    QTableView* makeTable(RowsModel* model)
    {
        auto* t = new QTableView;
        t->setModel(model);
        t->setSelectionBehavior(QAbstractItemView::SelectRows);
        t->setSelectionMode(QAbstractItemView::SingleSelection);
        t->setEditTriggers(QAbstractItemView::NoEditTriggers);
        t->verticalHeader()->hide();
        t->horizontalHeader()->setStretchLastSection(true);
        t->setWordWrap(false);
        return t;
    }

} // namespace

DeadlockView::DeadlockView(QWidget* parent)
    : QWidget(parent)
    , m_runner(new JobRunner(this))
{
    m_cycles = new RowsModel({}, this);
    m_hops = new RowsModel({}, this);
    m_fixes = new RowsModel({}, this);
    m_sweep = new RowsModel({}, this);

    m_routing = new QComboBox;
    m_routing->setObjectName(QStringLiteral("deadlockRouting"));
    m_routing->addItem(QString(), static_cast<int>(RoutingModel::Ecmp));
    m_routing->addItem(QString(), static_cast<int>(RoutingModel::UpDown));
    m_exhaustive = new QCheckBox;
    m_exhaustive->setObjectName(QStringLiteral("deadlockExhaustive"));
    m_analyseButton = new QPushButton;
    m_analyseButton->setObjectName(QStringLiteral("deadlockAnalyse"));
    m_singleButton = new QPushButton;
    m_singleButton->setObjectName(QStringLiteral("deadlockSweep1"));
    m_doubleButton = new QPushButton;
    m_doubleButton->setObjectName(QStringLiteral("deadlockSweep2"));
    m_cancelButton = new QPushButton;
    m_cancelButton->setObjectName(QStringLiteral("deadlockCancel"));
    m_cancelButton->setEnabled(false);
    m_progress = new QProgressBar;
    m_progress->setRange(0, 100);
    m_progress->setValue(0);
    m_progress->setMaximumWidth(220);
    m_progressLabel = plainLabel();
    m_progressLabel->setObjectName(QStringLiteral("deadlockProgressText"));
    m_summary = plainLabel();
    m_summary->setObjectName(QStringLiteral("deadlockSummary"));
    m_summary->setWordWrap(true);

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_routing);
    bar->addWidget(m_exhaustive);
    bar->addWidget(m_analyseButton);
    bar->addWidget(m_singleButton);
    bar->addWidget(m_doubleButton);
    bar->addWidget(m_cancelButton);
    bar->addWidget(m_progress);
    bar->addWidget(m_progressLabel, 1);

    m_cycleTable = makeTable(m_cycles);
    m_cycleTable->setObjectName(QStringLiteral("deadlockCycles"));
    m_hopTable = makeTable(m_hops);
    m_hopTable->setObjectName(QStringLiteral("deadlockHops"));
    m_fixTable = makeTable(m_fixes);
    m_fixTable->setObjectName(QStringLiteral("deadlockFixes"));
    m_sweepTable = makeTable(m_sweep);
    m_sweepTable->setObjectName(QStringLiteral("deadlockSweep"));
    m_applyButton = new QPushButton;
    m_applyButton->setObjectName(QStringLiteral("deadlockApplyFix"));
    m_applyButton->setEnabled(false);

    auto titled = [](QLabel*& title, QWidget* body, QWidget* extra = nullptr) {
        auto* w = new QWidget;
        auto* l = new QVBoxLayout(w);
        l->setContentsMargins(0, 0, 0, 0);
        auto* head = new QHBoxLayout;
        title = plainLabel();
        QFont f = title->font();
        f.setBold(true);
        title->setFont(f);
        head->addWidget(title, 1);
        if (extra)
            head->addWidget(extra);
        l->addLayout(head);
        l->addWidget(body, 1);
        return w;
    };
    // Two rows of two, in reading order: the cycles and the selected cycle's dependencies, then its
    // fixes and the failure sweep (four tables side by side left each too narrow for its columns).
    // The long texts wrap (tablefit.h).
    fitColumns(m_cycleTable, { 2, 3 });
    fitColumns(m_hopTable, { 0, 4 });
    fitColumns(m_fixTable, { 2, 3 });
    fitColumns(m_sweepTable, { 3 });
    for (QTableView* t : { m_cycleTable, m_hopTable, m_fixTable, m_sweepTable })
        fitRows(t, 6, 190); // a cycle's four dependencies, its five fixes: every row whole
    auto row = [](QWidget* left, QWidget* right) {
        auto* s = new QSplitter(Qt::Horizontal);
        s->addWidget(left);
        s->addWidget(right);
        s->setChildrenCollapsible(false);
        s->setSizes({ 500, 500 });
        return s;
    };
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(row(titled(m_cyclesTitle, m_cycleTable), titled(m_hopsTitle, m_hopTable)));
    split->addWidget(row(titled(m_fixesTitle, m_fixTable, m_applyButton), titled(m_sweepTitle, m_sweepTable)));
    split->setChildrenCollapsible(false);
    split->setSizes({ 500, 500 });

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);

    connect(m_analyseButton, &QPushButton::clicked, this, &DeadlockView::analyse);
    connect(m_singleButton, &QPushButton::clicked, this, [this] { runSweep(1); });
    connect(m_doubleButton, &QPushButton::clicked, this, [this] { runSweep(2); });
    connect(m_cancelButton, &QPushButton::clicked, this, &DeadlockView::cancel);
    connect(m_applyButton, &QPushButton::clicked, this, [this] {
        const auto rows = m_fixTable->selectionModel()->selectedRows();
        if (!rows.isEmpty())
            applyFix(rows.first().row());
    });
    connect(m_cycleTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) {
            if (current.isValid() && current.row() != m_selected)
                selectCycle(current.row());
        });
    connect(m_fixTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) { m_applyButton->setEnabled(current.isValid() && canApplyFix(current.row())); });
    connect(m_runner, &JobRunner::progress, this, [this](quint64, double percent, const QString&) { m_progress->setValue(static_cast<int>(percent)); });
    connect(m_runner, &JobRunner::steps, this, [this](quint64, const QString& phase, qulonglong done, qulonglong total, const QString& unit) {
        onSteps(phase, done, total, unit);
    });
    connect(m_runner, &JobRunner::finished, this, &DeadlockView::onFinished);
    connect(m_runner, &JobRunner::cancelled, this, [this] {
        setBusy(false);
        m_progressText = tr("Cancelled; the results shown are from the last finished run.");
        m_progressLabel->setText(m_progressText);
    });
    retranslate();
}

DeadlockView::~DeadlockView()
{
    m_runner->disconnect(this);
    m_runner->cancel();
}

void DeadlockView::retranslate()
{
    m_routing->setItemText(0, tr("ECMP routing"));
    m_routing->setItemText(1, tr("Up*/down* routing"));
    m_routing->setToolTip(tr("The routing model the analysis assumes (lfp deadlock --routing)"));
    m_exhaustive->setText(tr("Exhaustive"));
    m_exhaustive->setToolTip(tr("Analyse every failure set, without symmetry classes or pruning (lfp deadlock --exhaustive)"));
    m_analyseButton->setText(tr("Analyse"));
    m_analyseButton->setToolTip(tr("Cyclic buffer dependencies of the healthy fabric, as `lfp deadlock` finds them"));
    m_singleButton->setText(tr("Single Failures"));
    m_singleButton->setToolTip(tr("Every single switch-link failure, re-routed (lfp deadlock --failures 1)"));
    m_doubleButton->setText(tr("Double Failures"));
    m_doubleButton->setToolTip(tr("Every pair of switch-link failures, re-routed (lfp deadlock --failures 2)"));
    m_cancelButton->setText(tr("Cancel"));
    m_applyButton->setText(tr("Apply to Plan"));
    m_applyButton->setToolTip(tr("Make the selected fix's plan change as one undoable step"));
    m_cyclesTitle->setText(tr("Cycles"));
    m_hopsTitle->setText(tr("Dependencies of the cycle and the flows that make them"));
    m_fixesTitle->setText(tr("Fixes (checked by re-running the analysis)"));
    m_sweepTitle->setText(tr("Failure sweep"));
    m_cycles->setHeaders({ tr("Priorities"), tr("Buffers"), tr("Switches on the cycle"), tr("Scenario") });
    m_hops->setHeaders({ tr("Buffer"), tr("At"), tr("Turn"), tr("Flows"), tr("Example flows") });
    m_fixes->setHeaders({ tr("Fix"), tr("Removes"), tr("Cost"), tr("Description") });
    m_sweep->setHeaders({ tr("Sets"), tr("Cycles"), tr("Host pairs lost"), tr("Failed links") });
    if (report())
        fillCycles();
    if (failures())
        fillSweep();
    if (m_selected >= 0) {
        const int row = m_selected;
        m_selected = -1;
        selectCycle(row);
    }
    if (!report() && !m_runner->isRunning())
        m_summary->setText(tr("Not analysed yet: Analyse, or run a failure sweep."));
}

void DeadlockView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void DeadlockView::setSnapshot(const FabricSnapshot& snapshot)
{
    m_runner->cancel();
    m_snapshot = snapshot;
    m_outcome.reset();
    m_entries.clear();
    m_selected = -1;
    m_cycles->setRows({});
    m_hops->setRows({});
    m_fixes->setRows({});
    m_sweep->setRows({});
    m_progress->setValue(0);
    m_progressText.clear();
    m_progressLabel->clear();
    m_summary->setText(tr("Not analysed yet: Analyse, or run a failure sweep."));
    emit failedLinksRequested({});
    emit highlightRequested({}, {});
    emit cyclesFound({});
}

void DeadlockView::analyse() { start(tr("Deadlock analysis"), 0); }

void DeadlockView::runSweep(int maxFailures) { start(maxFailures >= 2 ? tr("Double-failure sweep") : tr("Single-failure sweep"), std::clamp(maxFailures, 1, 2)); }

void DeadlockView::cancel() { m_runner->cancel(); }

void DeadlockView::setExhaustive(bool exhaustive) { m_exhaustive->setChecked(exhaustive); }

bool DeadlockView::isExhaustive() const { return m_exhaustive->isChecked(); }

bool DeadlockView::waitForIdle(int timeoutMs) { return m_runner->waitForIdle(timeoutMs); }

void DeadlockView::start(const QString& name, int maxFailures)
{
    if (!m_snapshot.fabric)
        return;
    const std::shared_ptr<const Fabric> fabric = m_snapshot.fabric;
    DeadlockJob job; // every lossless priority, fixes checked (lfp deadlock without options)
    job.routing = static_cast<RoutingModel>(m_routing->currentData().toInt());
    job.failures = maxFailures;
    job.exhaustive = m_exhaustive->isChecked();
    m_runningFailures = maxFailures;
    m_phase.clear();
    m_progress->setValue(0);
    m_progressText = tr("%1: starting…").arg(name);
    m_progressLabel->setText(m_progressText);
    setBusy(true);
    // The one deadlock workflow of `lfp deadlock` (planner/routing/deadlockjob.h).
    m_runner->run(name, [fabric, job](Feedback* fb) -> std::any { return runDeadlockJob(job, *fabric, fb); });
}

void DeadlockView::setBusy(bool busy)
{
    m_cancelButton->setEnabled(busy);
    m_analyseButton->setEnabled(!busy);
    m_singleButton->setEnabled(!busy);
    m_doubleButton->setEnabled(!busy);
    m_routing->setEnabled(!busy);
    m_exhaustive->setEnabled(!busy);
}

void DeadlockView::onSteps(const QString& phase, qulonglong done, qulonglong total, const QString& unit)
{
    if (phase != m_phase) {
        m_phase = phase;
        m_phaseClock.start();
    }
    // The estimate of `lfp deadlock --progress`: the phase's elapsed time × (total − done) / done.
    const double elapsed = static_cast<double>(m_phaseClock.elapsed()) / 1000.0;
    QString eta;
    if (done >= total)
        eta = tr("done");
    else if (done > 0 && elapsed > 0.5)
        eta = tr("about %1 s left").arg(qRound(elapsed * static_cast<double>(total - done) / static_cast<double>(done)));
    else
        eta = tr("estimating");
    // The planner names its phases and units in English (Feedback::setSteps); these are the ones the
    // deadlock analysis reports (planner/routing/deadlock_graph.cpp, deadlock_failures.cpp, ibcredit.cpp).
    const std::map<QString, QString> names {
        { QStringLiteral("failure sets"), tr("failure sets") },
        { QStringLiteral("routing and dependencies"), tr("routing and dependencies") },
        { QStringLiteral("forwarding trees"), tr("forwarding trees") },
        { QStringLiteral("sets"), tr("sets") },
        { QStringLiteral("destinations"), tr("destinations") },
        { QStringLiteral("destination LIDs"), tr("destination LIDs") },
    };
    auto named = [&](const QString& s) {
        const auto it = names.find(s);
        return it == names.end() ? s : it->second;
    };
    m_progressText = tr("%1: %2 of %3 %4, %5").arg(named(phase)).arg(done).arg(total).arg(named(unit), eta);
    m_progressLabel->setText(m_progressText);
}

void DeadlockView::onFinished()
{
    setBusy(false);
    if (!m_runner->error().isEmpty()) {
        m_progressText = tr("The analysis failed: %1").arg(m_runner->error());
        m_progressLabel->setText(m_progressText);
        return;
    }
    const auto* r = std::any_cast<DeadlockOutcome>(&m_runner->result());
    if (!r)
        return;
    m_outcome = *r;
    m_progress->setValue(100);
    m_progressText = tr("Finished in %1 s").arg(QString::number(static_cast<double>(m_runner->elapsedMs()) / 1000.0, 'f', 1));
    m_progressLabel->setText(m_progressText);
    fillCycles();
    fillSweep();
    m_selected = -1;
    if (!m_entries.empty()) {
        m_cycleTable->selectRow(0);
        selectCycle(0);
    } else {
        m_hops->setRows({});
        m_fixes->setRows({});
        emit failedLinksRequested({});
        emit highlightRequested({}, {});
    }
}

QString DeadlockView::statusMessage(const DeadlockOutcome& r)
{
    // The job's verdict (planner/routing/deadlockjob.h): covering nothing is no verdict, never "no cycle".
    const QString secs = QLocale().toString(r.report.seconds, 'f', 2);
    QString text;
    switch (r.state) {
    case DeadlockState::NothingCovered:
        text = tr("Deadlock analysis: nothing analysed, no destination was routed — no verdict (LFP-DEADLOCK-NOTHING-COVERED)");
        break;
    case DeadlockState::NoLosslessBuffer:
        text = tr("Deadlock analysis: none of the %1 switch-to-switch buffers is lossless (LFP-DEADLOCK-NO-LOSSLESS-BUFFER)").arg(r.coverage.switchBuffers);
        break;
    case DeadlockState::Cycle:
        text = tr("Deadlock analysis: %n cyclic component(s) in the buffer dependencies (%1 s)", nullptr, int(r.report.cyclicComponents)).arg(secs);
        break;
    case DeadlockState::NoCycle:
        text = tr("Deadlock analysis: no cycle among %1 buffers (%2 s)").arg(r.report.buffers).arg(secs);
        break;
    }
    if (r.failures)
        text += QLatin1String("; ")
            + tr("failure sweep: %1 of %2 failure sets analysed, %3 with cycles").arg(r.failures->scenariosRun).arg(r.failures->scenariosTotal).arg(r.failures->withCycles);
    return text;
}

QString DeadlockView::statusText() const { return m_summary->text(); }

QString DeadlockView::progressText() const { return m_progressText; }

void DeadlockView::fillCycles()
{
    m_entries.clear();
    std::vector<RowsModel::Row> rows;
    auto add = [&](const CycleReport& c, const QString& scenario, std::vector<std::size_t> failed = {}) {
        m_entries.push_back({ &c, scenario, std::move(failed) });
        QStringList prios;
        for (int p : c.priorities)
            prios << QString::number(p);
        QStringList path;
        for (const auto& h : c.hops)
            path << toQ(h.at);
        if (!c.hops.empty())
            path << toQ(c.hops.front().at);
        RowsModel::Row row;
        row.cells = { prios.isEmpty() ? tr("all") : prios.join(QStringLiteral(", ")), QString::number(c.componentSize), path.join(QStringLiteral(" → ")), scenario };
        row.colour = QColor(0xc6, 0x28, 0x28);
        if (c.routingLoop)
            row.toolTip = tr("A routing loop: every dependency is made by one destination");
        rows.push_back(std::move(row));
    };
    if (const auto* rep = report())
        for (const auto& c : rep->cycles)
            add(c, tr("healthy"));
    if (failures())
        for (const auto& sc : failures()->cyclic) {
            QStringList links;
            for (const auto& l : sc.linkNames)
                links << toQ(l);
            // The scenario's links index the analysed snapshot's Fabric::links (buildTopology numbers
            // every link in order, planner/routing/routing.cpp).
            std::vector<std::size_t> failed;
            for (const int l : sc.links)
                if (l >= 0 && m_snapshot.fabric && static_cast<std::size_t>(l) < m_snapshot.fabric->links.size())
                    failed.push_back(static_cast<std::size_t>(l));
            for (const auto& c : sc.cycles)
                add(c, tr("failed: %1").arg(links.join(QStringLiteral("; "))), failed);
        }
    m_cycles->setRows(std::move(rows));
    std::vector<std::vector<std::size_t>> cycleLinks;
    for (const auto& e : m_entries)
        cycleLinks.push_back(cycleObjects(*e.cycle).second);
    emit cyclesFound(cycleLinks);

    m_summary->setText(summaryText());
}

QString DeadlockView::summaryText() const
{
    // The job's verdict (planner/routing/deadlockjob.h): covering nothing is no verdict, never "no cycle".
    QString s;
    if (m_outcome) {
        switch (m_outcome->state) {
        case DeadlockState::NothingCovered:
            s = tr("Nothing analysed: no destination was routed (no host is attached to a switch), so there is no verdict (LFP-DEADLOCK-NOTHING-COVERED).");
            break;
        case DeadlockState::NoLosslessBuffer:
            s = tr("None of the %1 switch-to-switch buffers is lossless: no PFC deadlock can form, and no traffic is lossless either (LFP-DEADLOCK-NO-LOSSLESS-BUFFER).")
                    .arg(m_outcome->coverage.switchBuffers);
            break;
        case DeadlockState::Cycle:
            s = tr("%n cyclic component(s) in the healthy fabric: PFC deadlock is possible.", "", static_cast<int>(m_outcome->report.cyclicComponents));
            break;
        case DeadlockState::NoCycle:
            s = tr("The healthy fabric has no cyclic buffer dependency (%1 buffers, %2 dependencies).").arg(m_outcome->report.buffers).arg(m_outcome->report.dependencies);
            break;
        }
    }
    if (m_outcome && m_outcome->retag.any() && m_outcome->configured)
        // docs/deadlock.md "Fabrics that re-tag lossless traffic": say where the verdict came from
        s += QLatin1Char(' ')
            + tr("%n switch port(s) re-tag lossless traffic, so this was decided by following each packet's DSCP through every port's classes, queues and remarks (%1 dependencies).",
                "", static_cast<int>(m_outcome->retag.ports))
                  .arg(m_outcome->configured->dependencies);
    if (failures()) {
        s += QLatin1Char(' ')
            + tr("Failure sweep: %1 of %2 failure sets analysed, %3 with cycles, %4 with lost lossless paths.")
                  .arg(failures()->scenariosRun)
                  .arg(failures()->scenariosTotal)
                  .arg(failures()->withCycles)
                  .arg(failures()->withLostFlows);
    }
    return s;
}

void DeadlockView::fillSweep()
{
    std::vector<RowsModel::Row> rows;
    if (failures()) {
        auto add = [&](const FailureScenario& sc, bool cyclic) {
            QStringList links;
            for (const auto& l : sc.linkNames)
                links << toQ(l);
            RowsModel::Row row;
            row.cells = { QString::number(sc.represents), QString::number(sc.cyclicComponents), QString::number(sc.lost.pairs), links.join(QStringLiteral("; ")) };
            row.colour = cyclic ? QColor(0xc6, 0x28, 0x28) : QColor(0xb2, 0x6a, 0x00);
            rows.push_back(std::move(row));
        };
        for (const auto& sc : failures()->cyclic)
            add(sc, true);
        for (const auto& sc : failures()->lossy)
            add(sc, false);
    }
    m_sweep->setRows(std::move(rows));
}

std::pair<std::vector<std::size_t>, std::vector<std::size_t>> DeadlockView::cycleObjects(const CycleReport& c) const
{
    std::set<std::size_t> nodes, links;
    if (!m_snapshot.index)
        return {};
    const FabricIndex& ix = *m_snapshot.index;
    for (const auto& h : c.hops) {
        if (const auto n = ix.node(h.at))
            nodes.insert(*n);
        // The buffer is "leaf2:Ethernet1 -> spine0:Ethernet2": the link at either end is the cable.
        const auto arrow = h.buffer.find(" -> ");
        if (arrow == std::string::npos)
            continue;
        for (const std::string& end : { h.buffer.substr(0, arrow), h.buffer.substr(arrow + 4) }) {
            Endpoint e;
            if (!parseEndpoint(end, e))
                continue;
            if (const auto n = ix.node(e.node))
                nodes.insert(*n);
            if (const auto l = ix.linkAt(e))
                links.insert(*l);
        }
    }
    return { { nodes.begin(), nodes.end() }, { links.begin(), links.end() } };
}

bool DeadlockView::selectCycle(int row)
{
    if (row < 0 || row >= static_cast<int>(m_entries.size()))
        return false;
    m_selected = row;
    const CycleReport& c = *m_entries[static_cast<std::size_t>(row)].cycle;
    std::vector<RowsModel::Row> hops;
    for (const auto& h : c.hops) {
        QStringList flows;
        for (const auto& f : h.flows)
            flows << QStringLiteral("%1 → %2").arg(toQ(f.source), toQ(f.destination));
        RowsModel::Row r;
        r.cells = { toQ(h.buffer), toQ(h.at), turnLabel(h.turn), QString::number(h.flowCount) + (h.flowCountExact ? QString() : QStringLiteral("+")),
            flows.join(QStringLiteral(", ")) };
        hops.push_back(std::move(r));
    }
    m_hops->setRows(std::move(hops));
    std::vector<RowsModel::Row> fixes;
    for (const auto& f : c.fixes) {
        RowsModel::Row r;
        const QString removes = !f.checked ? tr("not checked") : f.removesAll ? tr("every cycle") : f.removesCycle ? tr("this cycle") : tr("no");
        r.cells = { fixLabel(f.kind), removes, costLabel(f.cost, f.costUnit), fixSummary(f.kind) };
        // The planner's own sentence (names the switches and routes; English) in the tooltip.
        r.toolTip = toQ(f.description) + (f.costNote.empty() ? QString() : QStringLiteral("\n") + toQ(f.costNote));
        if (f.checked && f.removesCycle)
            r.colour = QColor(0x2e, 0x7d, 0x32);
        fixes.push_back(std::move(r));
    }
    m_fixes->setRows(std::move(fixes));
    m_applyButton->setEnabled(false);
    if (m_cycleTable->currentIndex().row() != row)
        m_cycleTable->selectRow(row);
    const auto [nodes, links] = cycleObjects(c);
    emit failedLinksRequested(m_entries[static_cast<std::size_t>(row)].failedLinks);
    emit highlightRequested(nodes, links);
    return true;
}

QString DeadlockView::fixLabel(const std::string& kind)
{
    // The fix kinds of docs/deadlock.md ("Fixes").
    if (kind == "updown-only")
        return tr("Up*/down* only");
    if (kind == "demote-bounced")
        return tr("Demote bounced packets");
    if (kind == "tagger")
        return tr("Tagger priorities");
    if (kind == "route-change")
        return tr("Static routes");
    if (kind == "restore-link")
        return tr("Restore the link");
    if (kind == "ib-engine")
        return tr("Routing engine");
    return toQ(kind);
}

QString DeadlockView::fixSummary(const std::string& kind)
{
    // docs/deadlock.md, "Fixes".
    if (kind == "updown-only")
        return tr("Route lossless traffic on up*/down* (valley-free) paths only");
    if (kind == "demote-bounced")
        return tr("Re-mark bounced packets to a lossy priority at the bounce switches");
    if (kind == "tagger")
        return tr("A bounced packet moves to the next lossless priority");
    if (kind == "route-change")
        return tr("Static routes that narrow ECMP at the cycle's switches");
    if (kind == "restore-link")
        return tr("Repair the failed link");
    if (kind == "ib-engine")
        return tr("Re-route with a deadlock-free OpenSM routing engine");
    return {};
}

QString DeadlockView::unitLabel(const std::string& unit)
{
    // The cost units of planner/routing/deadlock_fixes.cpp.
    if (unit == "host pairs without a lossless path")
        return tr("host pairs without a lossless path");
    if (unit == "destination switches with bounced (demoted) traffic")
        return tr("destination switches with bounced (demoted) traffic");
    if (unit == "extra lossless priorities")
        return tr("extra lossless priorities");
    if (unit == "static routes")
        return tr("static routes");
    if (unit == "links")
        return tr("links");
    if (unit == "VLs")
        return tr("VLs");
    if (unit == "VLs (layers) needed")
        return tr("VLs (layers) needed");
    return toQ(unit);
}

QString DeadlockView::costLabel(double cost, const std::string& unit)
{
    const bool whole = cost >= 0 && cost < 1e9 && cost == static_cast<double>(static_cast<long long>(cost));
    if (!whole)
        return QStringLiteral("%1 %2").arg(cost).arg(unitLabel(unit));
    const int n = static_cast<int>(cost);
    // The cost units of planner/routing/deadlock_fixes.cpp and ibcredit.cpp (singularCostUnit() in planner/routing/deadlock.h).
    if (unit == "host pairs without a lossless path")
        return tr("%n host pair(s) without a lossless path", nullptr, n);
    if (unit == "destination switches with bounced (demoted) traffic")
        return tr("%n destination switch(es) with bounced (demoted) traffic", nullptr, n);
    if (unit == "extra lossless priorities")
        return tr("%n extra lossless priority(-ies)", nullptr, n);
    if (unit == "static routes")
        return tr("%n static route(s)", nullptr, n);
    if (unit == "links")
        return tr("%n link(s)", nullptr, n);
    if (unit == "VLs")
        return tr("%n VL(s)", nullptr, n);
    if (unit == "VLs (layers) needed")
        return tr("%n VL(s) (layers) needed", nullptr, n);
    return QStringLiteral("%1 %2").arg(n).arg(toQ(unit));
}

QString DeadlockView::turnLabel(const std::string& turn)
{
    // planner/routing/deadlock_cycles.cpp turnLabel(): "up->down", "down->up bounce", …
    if (turn == "up->down")
        return tr("up → down");
    if (turn == "down->up bounce")
        return tr("down → up (bounce)");
    if (turn == "up->up")
        return tr("up → up");
    if (turn == "down->down")
        return tr("down → down");
    return toQ(turn);
}

QString DeadlockView::fixKind(int row) const
{
    if (m_selected < 0)
        return {};
    const CycleReport& c = *m_entries[static_cast<std::size_t>(m_selected)].cycle;
    return row >= 0 && row < static_cast<int>(c.fixes.size()) ? toQ(c.fixes[static_cast<std::size_t>(row)].kind) : QString();
}

std::optional<Fabric> DeadlockView::fixedFabric(int row) const
{
    if (m_selected < 0 || !m_snapshot.fabric)
        return std::nullopt;
    const CycleReport& c = *m_entries[static_cast<std::size_t>(m_selected)].cycle;
    if (row < 0 || row >= static_cast<int>(c.fixes.size()))
        return std::nullopt;
    const FixCandidate& fix = c.fixes[static_cast<std::size_t>(row)];
    // Only the tagger fix changes the plan itself; the others are routing or switch rules outside the
    // plan (and restore-link repairs a cable). It is the certificate fix's tag plan (taggerFabric,
    // planner/routing/certificatefix.h): per tag a lossless priority and its DSCPs, the bounce class that
    // re-queues a bounced packet, per-port policies bound by overrides (docs/deadlock.md, "The bounce,
    // re-queued") — not extra priorities alone, which would leave the bounce in its tag's queue. Not
    // applicable where the plan is refused (no free priority or DSCP, a link inside one tier).
    if (fix.kind != "tagger" || !fix.checked || !fix.removesCycle || fix.cost < 1)
        return std::nullopt;
    try {
        CertificateFix plan;
        return taggerFabric(*m_snapshot.fabric, static_cast<int>(fix.cost) + 1, plan);
    } catch (const std::invalid_argument&) {
        return std::nullopt;
    }
}

QString DeadlockView::summary() const { return m_summary ? m_summary->text() : QString(); }

bool DeadlockView::canApplyFix(int row) const { return fixedFabric(row).has_value(); }

bool DeadlockView::applyFix(int row)
{
    auto f = fixedFabric(row);
    if (!f)
        return false;
    emit fabricChangeRequested(*f, tr("Deadlock fix: Tagger tag plan (a lossless priority per bounce, re-tagged per port)"));
    return true;
}

} // namespace lfp::gui
