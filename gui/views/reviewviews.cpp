// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/views/reviewviews.h"
#include "gui/edittiming.h"

#include "gui/views/deadlockview.h"
#include "gui/canvas/fabricscene.h"
#include "gui/mainwindow.h"
#include "gui/canvas/overlays.h"
#include "gui/views/reviewmode.h"
#include "gui/views/revisionsview.h"
#include "gui/views/stormview.h"
#include "gui/views/contractview.h"

#include "document/changecommands.h"
#include "document/fabricdocument.h"
#include "document/jobrunner.h"
#include "model/fabricindex.h"

#include <QDockWidget>
#include <QEvent>
#include <QMenu>
#include <QMenuBar>

namespace lfp::gui {

namespace {
    /// Keeps a dock's title translated.
    class DockTitle : public QObject {
    public:
        DockTitle(QDockWidget* dock, const char* text)
            : QObject(dock)
            , m_dock(dock)
            , m_text(text)
        {
            dock->installEventFilter(this);
            retitle();
        }
        bool eventFilter(QObject* o, QEvent* e) override
        {
            if (o == m_dock && e->type() == QEvent::LanguageChange)
                retitle();
            return false;
        }

    private:
        void retitle() { m_dock->setWindowTitle(QCoreApplication::translate("lfp::gui::ReviewViews", m_text)); }
        QDockWidget* m_dock;
        const char* m_text;
    };
} // namespace

ReviewViews::ReviewViews(MainWindow* window)
    : QObject(window)
    , m_window(window)
{
    m_deadlock = new DeadlockView;
    m_deadlock->setObjectName(QStringLiteral("deadlockView"));
    m_revisions = new RevisionsView;
    m_revisions->setObjectName(QStringLiteral("revisionsView"));
    m_review = new ReviewMode;
    m_review->setObjectName(QStringLiteral("reviewMode"));
    m_storm = new StormView;
    m_storm->setObjectName(QStringLiteral("stormView"));
    m_contract = new ContractView;
    m_contract->setObjectName(QStringLiteral("contractView"));

    auto dock = [window](QWidget* w, const char* title, const char* name) {
        auto* d = new QDockWidget(window);
        d->setObjectName(QString::fromLatin1(name));
        d->setWidget(w);
        new DockTitle(d, title);
        window->addDockWidget(Qt::BottomDockWidgetArea, d);
        return d;
    };
    m_deadlockDock = dock(m_deadlock, QT_TRANSLATE_NOOP("lfp::gui::ReviewViews", "Deadlock"), "deadlockDock");
    m_revisionsDock = dock(m_revisions, QT_TRANSLATE_NOOP("lfp::gui::ReviewViews", "Revisions"), "revisionsDock");
    m_reviewDock = dock(m_review, QT_TRANSLATE_NOOP("lfp::gui::ReviewViews", "Review"), "reviewDock");
    window->tabifyDockWidget(window->budgetDock(), m_deadlockDock);
    window->tabifyDockWidget(m_deadlockDock, m_revisionsDock);
    m_stormDock = dock(m_storm, QT_TRANSLATE_NOOP("lfp::gui::ReviewViews", "Storm"), "stormDock");
    window->tabifyDockWidget(m_revisionsDock, m_reviewDock);
    m_contractDock = dock(m_contract, QT_TRANSLATE_NOOP("lfp::gui::ReviewViews", "Contract"), "contractDock");
    window->tabifyDockWidget(m_reviewDock, m_stormDock);
    window->tabifyDockWidget(m_stormDock, m_contractDock);
    window->findingsDock()->raise();
    if (auto* view = window->menuBar()->findChild<QMenu*>(QStringLiteral("viewMenu"))) {
        view->addAction(m_deadlockDock->toggleViewAction());
        view->addAction(m_revisionsDock->toggleViewAction());
        view->addAction(m_reviewDock->toggleViewAction());
        view->addAction(m_stormDock->toggleViewAction());
        view->addAction(m_contractDock->toggleViewAction());
    }

    FabricDocument* doc = window->document();
    connect(doc, &FabricDocument::changed, this, [this, doc] {
        EditLap lap("deadlock view");
        m_deadlock->setSnapshot(doc->snapshot());
    });
    connect(doc, &FabricDocument::changed, this, [this, doc, window] {
        EditLap lap("storm view");
        m_storm->setSnapshot(doc->snapshot(), window->catalog());
    });
    m_storm->setSnapshot(doc->snapshot(), window->catalog());
    connect(doc, &FabricDocument::changed, this, [this, doc](const FabricChange& change) {
        EditLap lap("contract view");
        m_contract->setSnapshot(doc->snapshot(), change.isStructural());
    });
    m_contract->setSnapshot(doc->snapshot());
    connect(m_contract, &ContractView::highlightRequested, this, [this](const QStringList& nodes, const QStringList& broken) {
        if (broken.isEmpty())
            highlightNodes(nodes, ContractView::okColour());
        else
            highlightNodes(broken, ContractView::brokenColour());
    });
    connect(m_storm, &StormView::linkOverlayRequested, this, [window](const std::vector<QColor>& perLink) { window->scene()->setLinkOverlay(perLink); });
    connect(doc, &FabricDocument::fileChanged, this, [this](const QString& path) { m_revisions->setProject(path); });
    // A save adds a revision to the project: read its history again.
    connect(doc, &FabricDocument::modifiedChanged, this, [this, doc](bool modified) {
        if (!modified && doc->filePath() == m_revisions->project())
            m_revisions->setProject(doc->filePath());
    });
    connect(m_deadlock, &DeadlockView::failedLinksRequested, this, [window](const std::vector<std::size_t>& links) { window->scene()->setFailedLinks(links); });
    connect(m_deadlock, &DeadlockView::highlightRequested, this, &ReviewViews::showCycle);
    // The overlay toolbar's Deadlock Cycles shows every cycle of the last analysis.
    connect(m_deadlock, &DeadlockView::cyclesFound, this, [window](const std::vector<std::vector<std::size_t>>& cycles) {
        if (window->overlayToolBar())
            window->overlayToolBar()->setDeadlockCycles(cycles);
    });
    connect(m_deadlock, &DeadlockView::fabricChangeRequested, this, [doc](const Fabric& after, const QString& text) {
        doc->undoStack()->push(new ReplaceFabricCommand(doc, after, text));
    });
    connect(m_revisions, &RevisionsView::reviewReady, m_review, &ReviewMode::setReview);
    connect(m_revisions, &RevisionsView::changedDevices, this, &ReviewViews::showChangedDevices);

    window->registerView(QStringLiteral("deadlock"), [this] { return showDeadlock(); });
    window->registerView(QStringLiteral("revisions"), [this] { return showRevisions(); });
    window->registerView(QStringLiteral("review"), [this] { return showReview(); });
    window->registerView(QStringLiteral("storm"), [this] { return showStorm(); });
    window->registerView(QStringLiteral("contract"), [this] { return showContract(); });
}

void ReviewViews::raise(QDockWidget* dock) { m_window->showViewDock(dock); }

bool ReviewViews::showDeadlock(int waitMs)
{
    raise(m_deadlockDock);
    if (!m_deadlock->report() && !m_deadlock->runner()->isRunning()) {
        // Pairs of failures are quick on small fabrics (n links: n(n−1)/2 sets before symmetry) and
        // are where two-tier fabrics get their bounces; larger ones start with single failures.
        std::size_t switchLinks = 0;
        const FabricIndex& ix = m_window->document()->index();
        for (const auto& l : m_window->document()->fabric().links) {
            const Node* a = ix.findNode(l.a.node);
            const Node* b = ix.findNode(l.b.node);
            switchLinks += a && b && a->isSwitch() && b->isSwitch();
        }
        m_deadlock->runSweep(switchLinks <= kDoubleSweepLinks ? 2 : 1);
    }
    return m_deadlock->waitForIdle(waitMs);
}

bool ReviewViews::showRevisions(int waitMs)
{
    raise(m_revisionsDock);
    if (m_revisions->project() != m_window->document()->filePath())
        m_revisions->setProject(m_window->document()->filePath());
    if (!m_revisions->review() && m_revisions->revisions().size() >= 2 && !m_revisions->runner()->isRunning())
        m_revisions->compare();
    return m_revisions->waitForIdle(waitMs);
}

bool ReviewViews::showReview(int waitMs)
{
    const bool ok = showRevisions(waitMs);
    raise(m_reviewDock);
    return ok;
}

void ReviewViews::showCycle(const std::vector<std::size_t>& nodes, const std::vector<std::size_t>& links)
{
    // The cycle overlay (a violet band on the cycle's links) expands the collapsed pods or groups that
    // hold them, so the highlight below lands on drawn items.
    m_window->scene()->setCycleOverlay({ links });
    m_window->scene()->setHighlight(nodes, links, Appearance::cycleHighlightColour());
}

void ReviewViews::showChangedDevices(const QStringList& names)
{
    const FabricIndex& ix = m_window->document()->index();
    std::vector<std::size_t> nodes, links;
    for (const QString& n : names)
        if (const auto id = ix.node(n.toStdString()))
            nodes.push_back(*id);
    const auto& f = m_window->document()->fabric();
    for (std::size_t i = 0; i < f.links.size(); ++i)
        if (names.contains(QString::fromStdString(f.links[i].a.node)) && names.contains(QString::fromStdString(f.links[i].b.node)))
            links.push_back(i);
    m_window->scene()->setHighlight(nodes, links, QColor(0xe6, 0x51, 0x00));
}

} // namespace lfp::gui

namespace lfp::gui {

bool ReviewViews::showStorm(int waitMs)
{
    raise(m_stormDock);
    if (!m_storm->shown() && !m_storm->runner()->isRunning())
        m_storm->analyse();
    return m_storm->waitForIdle(waitMs);
}

} // namespace lfp::gui

namespace lfp::gui {

bool ReviewViews::showContract()
{
    raise(m_contractDock);
    return m_contract->chain() || m_contract->traceFirstPair();
}

void ReviewViews::highlightNodes(const QStringList& names, const QColor& colour)
{
    const FabricIndex& ix = m_window->document()->index();
    std::vector<std::size_t> nodes;
    for (const QString& n : names)
        if (const auto id = ix.node(n.toStdString()))
            nodes.push_back(*id);
    m_window->scene()->setHighlight(nodes, {}, colour);
}

} // namespace lfp::gui
