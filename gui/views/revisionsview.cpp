// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/views/revisionsview.h"
#include "gui/tablefit.h"
#include "gui/plaintext.h"

#include "gui/canvas/fabricscene.h"
#include "gui/canvas/fabricview.h"
#include "gui/models/findingsmodel.h"
#include "gui/canvas/legendwidget.h"

#include "document/jobrunner.h"
#include "model/asiccatalog.h"

#include <QComboBox>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <any>

namespace lfp::gui {
namespace {

    QString toQ(const std::string& s) { return QString::fromStdString(s); }

    /// Bytes as KiB with one decimal (the review's headroom and pool figures are bytes).
    QString kib(std::int64_t bytes)
    {
        const double k = static_cast<double>(bytes) / 1024.0;
        return QCoreApplication::translate("lfp::gui::RevisionsView", "%1 KiB").arg(bytes % 1024 == 0 ? QString::number(bytes / 1024) : QString::number(k, 'f', 1));
    }

    QTableView* makeTable(RowsModel* model)
    {
        auto* t = new QTableView;
        t->setModel(model);
        t->setSelectionBehavior(QAbstractItemView::SelectRows);
        t->setEditTriggers(QAbstractItemView::NoEditTriggers);
        t->verticalHeader()->hide();
        t->horizontalHeader()->setStretchLastSection(true);
        t->setWordWrap(false);
        return t;
    }

    /// What one comparison returns.
    struct Compared {
        std::shared_ptr<const Review> review;
        int base = 0, to = 0;
    };

} // namespace

RevisionsView::RevisionsView(QWidget* parent)
    : QWidget(parent)
    , m_runner(new JobRunner(this))
{
    m_history = new RowsModel({}, this);
    m_changes = new RowsModel({}, this);
    m_impact = new RowsModel({}, this);

    m_base = new QComboBox;
    m_base->setObjectName(QStringLiteral("revisionsBase"));
    m_to = new QComboBox;
    m_to->setObjectName(QStringLiteral("revisionsTo"));
    m_compareButton = new QPushButton;
    m_compareButton->setObjectName(QStringLiteral("revisionsCompare"));
    m_progress = new QProgressBar;
    m_progress->setRange(0, 100);
    m_progress->setMaximumWidth(200);
    m_baseLabel = plainLabel();
    m_toLabel = plainLabel();
    m_status = plainLabel();
    m_status->setObjectName(QStringLiteral("revisionsStatus"));
    m_status->setWordWrap(true);

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_baseLabel);
    bar->addWidget(m_base);
    bar->addWidget(m_toLabel);
    bar->addWidget(m_to);
    bar->addWidget(m_compareButton);
    bar->addWidget(m_progress);
    bar->addWidget(m_status, 1);

    m_historyTable = makeTable(m_history);
    m_historyTable->setObjectName(QStringLiteral("revisionsHistory"));
    m_historyTable->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_changesTable = makeTable(m_changes);
    m_impactTable = makeTable(m_impact);
    m_impactTable->setObjectName(QStringLiteral("revisionsImpact"));
    // Base and New share the width left; long texts (the pools) wrap (tablefit.h).
    fitColumns(m_impactTable, { 2, 3 });
    fitColumns(m_changesTable, { 1, 2 });
    fitColumns(m_historyTable, { 5 });
    fitRows(m_historyTable, 4, 170); // both revisions of a two-revision project, whole

    auto column = [](QLabel*& title, QWidget* body) {
        auto* w = new QWidget;
        auto* l = new QVBoxLayout(w);
        l->setContentsMargins(0, 0, 0, 0);
        title = plainLabel();
        QFont f = title->font();
        f.setBold(true);
        title->setFont(f);
        l->addWidget(title);
        l->addWidget(body, 1);
        return w;
    };
    m_beforeScene = new FabricScene(this);
    m_afterScene = new FabricScene(this);
    m_beforeView = new FabricView(m_beforeScene);
    m_afterView = new FabricView(m_afterScene);
    // Small side-by-side pictures: the legend of the main canvas would cover them.
    m_beforeView->legend()->hide();
    m_afterView->legend()->hide();
    m_tabs = new QTabWidget;
    m_tabs->addTab(m_impactTable, QString());
    m_tabs->addTab(m_changesTable, QString());

    // Left: the history over the two pictures side by side (the history as wide as the pictures, so
    // that its columns show whole); right: the impact and the changes.
    auto* pictures = new QSplitter(Qt::Horizontal);
    pictures->addWidget(column(m_beforeTitle, m_beforeView));
    pictures->addWidget(column(m_afterTitle, m_afterView));
    pictures->setChildrenCollapsible(false);
    auto* left = new QSplitter(Qt::Vertical);
    left->addWidget(column(m_historyTitle, m_historyTable));
    left->addWidget(pictures);
    left->setChildrenCollapsible(false);
    left->setStretchFactor(0, 1);
    left->setStretchFactor(1, 2);
    left->setSizes({ 130, 270 });
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(left);
    split->addWidget(m_tabs);
    split->setChildrenCollapsible(false);
    split->setSizes({ 700, 700 });

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(split, 1);

    connect(m_compareButton, &QPushButton::clicked, this, &RevisionsView::compare);
    // Choosing two rows of the history picks them as base (older) and new.
    connect(m_historyTable->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        const auto rows = m_historyTable->selectionModel()->selectedRows();
        if (rows.size() != 2)
            return;
        const int a = m_revisions[static_cast<std::size_t>(rows[0].row())].id;
        const int b = m_revisions[static_cast<std::size_t>(rows[1].row())].id;
        choose(std::min(a, b), std::max(a, b));
    });
    connect(m_runner, &JobRunner::progress, this, [this](quint64, double percent, const QString&) { m_progress->setValue(static_cast<int>(percent)); });
    connect(m_runner, &JobRunner::finished, this, &RevisionsView::onFinished);
    connect(m_runner, &JobRunner::cancelled, this, [this] { m_compareButton->setEnabled(true); });
    retranslate();
}

RevisionsView::~RevisionsView()
{
    m_runner->disconnect(this);
    m_runner->cancel();
}

void RevisionsView::retranslate()
{
    m_baseLabel->setText(tr("Base:"));
    m_base->setToolTip(tr("The revision that runs today"));
    m_toLabel->setText(tr("New:"));
    m_to->setToolTip(tr("The revision to roll out"));
    m_compareButton->setText(tr("Compare"));
    m_compareButton->setToolTip(tr("The change review of the two revisions, as `lfp review` computes it"));
    m_historyTitle->setText(tr("History (select two to compare)"));
    m_tabs->setTabText(0, tr("Impact"));
    m_tabs->setTabText(1, tr("Changes"));
    m_history->setHeaders({ tr("Revision"), tr("Saved (UTC)"), tr("Author"), tr("Nodes"), tr("Links"), tr("Message") });
    m_changes->setHeaders({ tr("Change"), tr("Object"), tr("Fields") });
    m_impact->setHeaders({ tr("Area"), tr("Object"), tr("Base"), tr("New") });
    fillHistory();
    showReview();
}

void RevisionsView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void RevisionsView::setProject(const QString& path)
{
    m_runner->cancel();
    m_project = path;
    m_revisions.clear();
    m_review.reset();
    m_error.clear();
    if (!path.isEmpty() && ProjectStore::looksLikeProject(path.toStdString())) {
        try {
            m_revisions = ProjectStore::open(path.toStdString()).revisions();
        } catch (const std::exception& e) {
            m_error = QString::fromUtf8(e.what());
        }
    }
    fillHistory();
    const int n = static_cast<int>(m_revisions.size());
    if (n >= 2)
        choose(m_revisions[static_cast<std::size_t>(n - 2)].id, m_revisions[static_cast<std::size_t>(n - 1)].id);
    showReview();
}

void RevisionsView::fillHistory()
{
    std::vector<RowsModel::Row> rows;
    for (const auto& r : m_revisions)
        rows.push_back({ { QString::number(r.id), toQ(r.time), toQ(r.author), QString::number(r.nodes), QString::number(r.links), toQ(r.message) }, {}, {} });
    m_history->setRows(std::move(rows));
    const auto keepBase = m_base->currentData(), keepTo = m_to->currentData();
    for (QComboBox* box : { m_base, m_to }) {
        box->blockSignals(true);
        box->clear();
        for (const auto& r : m_revisions)
            box->addItem(tr("revision %1").arg(r.id), r.id);
        box->blockSignals(false);
    }
    if (keepBase.isValid())
        m_base->setCurrentIndex(m_base->findData(keepBase));
    if (keepTo.isValid())
        m_to->setCurrentIndex(m_to->findData(keepTo));
    m_compareButton->setEnabled(m_revisions.size() >= 2 && !m_runner->isRunning());
}

bool RevisionsView::choose(int base, int to)
{
    const int b = m_base->findData(base), t = m_to->findData(to);
    if (b < 0 || t < 0)
        return false;
    m_base->setCurrentIndex(b);
    m_to->setCurrentIndex(t);
    return true;
}

std::optional<int> RevisionsView::baseRevision() const
{
    return m_base->currentIndex() >= 0 ? std::optional<int>(m_base->currentData().toInt()) : std::nullopt;
}

std::optional<int> RevisionsView::toRevision() const
{
    return m_to->currentIndex() >= 0 ? std::optional<int>(m_to->currentData().toInt()) : std::nullopt;
}

void RevisionsView::compare()
{
    const auto base = baseRevision(), to = toRevision();
    if (!base || !to || m_project.isEmpty())
        return;
    const std::string path = m_project.toStdString();
    ReviewOptions ro; // as `lfp review` (cli/cmd_review.cpp) sets them
    ro.project = QFileInfo(m_project).fileName().toStdString();
    // In the language of the window, as the checklist's own headings (the review document's title).
    ro.baseLabel = tr("revision %1").arg(*base).toStdString();
    ro.toLabel = tr("revision %1").arg(*to).toStdString();
    m_compareButton->setEnabled(false);
    m_progress->setValue(0);
    m_error.clear();
    m_status->setText(tr("Comparing revision %1 with revision %2…").arg(*base).arg(*to));
    m_runner->run(tr("Review"), [path, base, to, ro](Feedback* fb) -> std::any {
        const Fabric before = loadFabricFile(path, *base);
        const Fabric after = loadFabricFile(path, *to);
        const AsicCatalog catalog = AsicCatalog::loadDefault();
        Compared c;
        c.base = *base;
        c.to = *to;
        c.review = std::make_shared<const Review>(computeReview(before, after, catalog, ro, fb));
        return c;
    });
}

bool RevisionsView::waitForIdle(int timeoutMs) { return m_runner->waitForIdle(timeoutMs); }

void RevisionsView::onFinished()
{
    m_compareButton->setEnabled(m_revisions.size() >= 2);
    m_progress->setValue(100);
    if (!m_runner->error().isEmpty()) {
        m_error = m_runner->error();
        m_review.reset();
        showReview();
        return;
    }
    if (const auto* c = std::any_cast<Compared>(&m_runner->result())) {
        m_review = c->review;
        m_reviewBase = c->base;
        m_reviewTo = c->to;
    }
    showReview();
    if (m_review) {
        emit reviewReady(m_review);
        QStringList names;
        for (const auto& d : m_review->changedDevices)
            names << toQ(d);
        emit changedDevices(names);
    }
}

QString RevisionsView::statusText() const { return m_status->text(); }

void RevisionsView::showReview()
{
    if (!m_error.isEmpty()) {
        m_status->setText(tr("Cannot compare: %1").arg(m_error));
        return;
    }
    if (!m_review) {
        m_changes->setRows({});
        m_impact->setRows({});
        if (m_project.isEmpty() || !ProjectStore::looksLikeProject(m_project.toStdString()))
            m_status->setText(tr("Revisions are kept in projects (.lfp): save the plan as a project to see its history."));
        else if (m_revisions.size() < 2)
            m_status->setText(tr("The project has one revision; save a change to compare two."));
        else if (!m_runner->isRunning())
            m_status->setText(tr("Choose two revisions and Compare."));
        return;
    }
    const Review& r = *m_review;
    const QString baseLabel = tr("revision %1").arg(m_reviewBase), toLabel = tr("revision %1").arg(m_reviewTo);
    m_status->setText(tr("%1 → %2: %3 changes, %4 devices changed, %5 findings introduced, %6 resolved")
                          .arg(baseLabel, toLabel)
                          .arg(r.changes.size())
                          .arg(r.changedDevices.size())
                          .arg(r.introduced.size())
                          .arg(r.resolved.size()));
    m_beforeTitle->setText(tr("Base: %1").arg(baseLabel));
    m_afterTitle->setText(tr("New: %1").arg(toLabel));

    showReviewChanges(r);
    showReviewImpact(r);
    drawReview(r);
}

void RevisionsView::showReviewChanges(const Review& r)
{
    // The changes, as `lfp diff` lists them.
    std::vector<RowsModel::Row> changes;
    for (const auto& c : r.changes) {
        QStringList fields;
        for (const auto& f : c.fields)
            fields << QStringLiteral("%1: %2 → %3").arg(toQ(f.field), toQ(f.before), toQ(f.after));
        const QString kind = c.kind == ObjectChange::Kind::Added ? tr("added") : c.kind == ObjectChange::Kind::Removed ? tr("removed") : tr("changed");
        RowsModel::Row row { { kind, QStringLiteral("%1 %2").arg(toQ(c.objectType), toQ(c.id)), fields.join(QStringLiteral("; ")) }, {}, {} };
        row.colour = c.kind == ObjectChange::Kind::Added ? QColor(0x2e, 0x7d, 0x32) : c.kind == ObjectChange::Kind::Removed ? QColor(0xc6, 0x28, 0x28) : QColor();
        changes.push_back(std::move(row));
    }
    m_changes->setRows(std::move(changes));
}

void RevisionsView::showReviewImpact(const Review& r)
{
    // The impact: headroom, pools, findings, deadlock (the review's impact section).
    std::vector<RowsModel::Row> impact;
    const QString none = tr("—");
    auto hr = [&](const std::optional<HeadroomFigures>& h) {
        return h ? tr("xoff %1, size %2").arg(kib(h->xoff), kib(h->size)) : tr("not lossless");
    };
    for (const auto& p : r.ports)
        impact.push_back({ { tr("Headroom"), toQ(p.port), hr(p.before), hr(p.after) }, {}, {} });
    auto pools = [&](const std::optional<SwitchFigures>& s) {
        if (!s)
            return none;
        QStringList l;
        for (const auto& p : s->pools)
            l << QStringLiteral("%1 %2").arg(toQ(p.name), kib(p.size));
        l << tr("headroom pool %1").arg(kib(s->sharedHeadroomPool));
        return l.join(QStringLiteral(", "));
    };
    for (const auto& s : r.switches)
        impact.push_back({ { tr("Pools"), toQ(s.name), pools(s.before), pools(s.after) }, {}, tr("Base: %1").arg(pools(s.before)) + QStringLiteral("\n") + tr("New: %1").arg(pools(s.after)) });
    const QColor red(0xc6, 0x28, 0x28), green(0x2e, 0x7d, 0x32);
    for (const auto& f : r.introduced) {
        RowsModel::Row row { { tr("Finding introduced"), toQ(f.code), none, FindingsModel::messageText(f) }, f.severity == Severity::Error ? red : QColor(0xb2, 0x6a, 0x00), FindingsModel::messageText(f) };
        impact.push_back(std::move(row));
    }
    for (const auto& f : r.resolved)
        impact.push_back({ { tr("Finding resolved"), toQ(f.code), FindingsModel::messageText(f), none }, green, FindingsModel::messageText(f) });
    auto dl = [&](const DeadlockVerdict& v) {
        if (!v.analysed)
            return tr("not analysed");
        // The review's verdict (planner/routing/deadlockjob.h): covering nothing is no verdict, never "no cycle".
        if (v.state == DeadlockState::NothingCovered)
            return tr("nothing analysed: no destination routed, no verdict");
        QString s = v.healthyCycle ? tr("%n cycle(s)", "", static_cast<int>(v.cyclicComponents))
            : v.state == DeadlockState::NoLosslessBuffer ? tr("no lossless buffer")
                                                         : tr("no cycle");
        // The failures covered, and the representatives the symmetry left to analyse (docs/review.md).
        s += QStringLiteral("; ") + tr("%1 of %2 single-link failures create a cycle").arg(v.failureWithCycles).arg(v.failureSets);
        if (v.failureSymmetry)
            s += QStringLiteral(" ") + tr("(%n symmetry class(es) analysed)", "", static_cast<int>(v.failureScenarios));
        return s;
    };
    RowsModel::Row dead { { tr("Deadlock"), tr("whole fabric"), dl(r.deadlockBefore), dl(r.deadlockAfter) }, {}, {} };
    const bool nothingAfter = r.deadlockAfter.analysed && r.deadlockAfter.state == DeadlockState::NothingCovered;
    if (nothingAfter || r.deadlockAfter.healthyCycle || r.deadlockAfter.failureWithCycles > r.deadlockBefore.failureWithCycles)
        dead.colour = red;
    impact.push_back(std::move(dead));
    m_impact->setRows(std::move(impact));
}

void RevisionsView::drawReview(const Review& r)
{
    // Side by side: both revisions drawn, the changed devices (and their links) highlighted in each.
    auto draw = [&](FabricScene* scene, FabricView* view, const Fabric& f) {
        scene->setFabric(std::make_shared<const Fabric>(f));
        std::vector<std::size_t> nodes, links;
        for (std::size_t i = 0; i < f.nodes.size(); ++i)
            if (r.changedDevices.count(f.nodes[i].name))
                nodes.push_back(i);
        for (std::size_t i = 0; i < f.links.size(); ++i)
            if (r.changedDevices.count(f.links[i].a.node) && r.changedDevices.count(f.links[i].b.node))
                links.push_back(i);
        scene->setHighlight(nodes, links, QColor(0xe6, 0x51, 0x00));
        view->fitAll();
    };
    draw(m_beforeScene, m_beforeView, r.before);
    draw(m_afterScene, m_afterView, r.after);
}

} // namespace lfp::gui
