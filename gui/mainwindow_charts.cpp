// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow's chart views (issue 12): the budget view, the headroom explainer and the threshold
// templates as docks behind `--view budget|headroom|templates`, and Help ▸ Finding Codes with the
// findings panel's "?" / F1. Kept apart from mainwindow.cpp so that each view is wired in one place.
#include "gui/mainwindow.h"
#include "gui/edittiming.h"

#include "gui/views/budgetview.h"
#include "gui/dialogs/findinghelp.h"
#include "gui/views/findingspanel.h"
#include "gui/views/headroomexplainer.h"
#include "gui/views/headroompanel.h"
#include "gui/views/templatesview.h"

#include "document/fabricdocument.h"

#include <QAction>
#include <QDockWidget>
#include <QStatusBar>
#include <QMenu>
#include <QMenuBar>

namespace lfp::gui {

void MainWindow::createChartViews()
{
    auto dock = [this](QWidget* w, const QString& title, const char* name) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(QString::fromLatin1(name));
        d->setWidget(w);
        d->setAllowedAreas(Qt::AllDockWidgetAreas);
        addDockWidget(Qt::BottomDockWidgetArea, d);
        return d;
    };
    QDockWidget* last = budgetDock();

    // ---- buffer budget view: every switch's budget as a stacked bar
    m_budgetView = new BudgetView;
    m_budgetViewDock = dock(m_budgetView, tr("Budget Chart"), "budgetViewDock");
    tabifyDockWidget(last, m_budgetViewDock);
    last = m_budgetViewDock;
    connect(m_budgetView, &BudgetView::switchActivated, this, [this](const QString& name) { selectObject(name); });
    connect(document(), &FabricDocument::changed, m_budgetView, [this] {
        EditLap lap("budget chart");
        m_budgetView->setData(document()->snapshot(), catalog());
    });
    connect(document(), &FabricDocument::selectionChanged, m_budgetView, [this] {
        const auto& sel = document()->selection();
        if (!sel.empty() && (sel.front().kind == ObjectRef::Kind::Node || sel.front().kind == ObjectRef::Kind::Port))
            m_budgetView->selectSwitch(QString::fromStdString(sel.front().node));
    });
    registerView(QStringLiteral("budget"), [this] { return showLargeDock(m_budgetViewDock); });

    // ---- headroom explainer: the headroom panel's port as a waterfall, with what-if sliders
    m_headroomExplainer = new HeadroomExplainer(headroomPanel());
    m_explainerDock = dock(m_headroomExplainer, tr("Headroom Explainer"), "headroomExplainerDock");
    tabifyDockWidget(last, m_explainerDock);
    last = m_explainerDock;
    connect(m_headroomExplainer, &HeadroomExplainer::applyRequested, this, &MainWindow::applyHeadroomWhatIf);
    connect(document(), &FabricDocument::changed, m_headroomExplainer, [this] {
        EditLap lap("headroom explainer");
        m_headroomExplainer->setData(document()->snapshot(), catalog());
    });
    registerView(QStringLiteral("headroom"), [this] {
        // Nothing selected: the first switch port on a link, so that the view explains a real port.
        if (!headroomPanel()->shownPort() && fabric()) {
            for (const Node& n : fabric()->nodes) {
                if (!n.isSwitch())
                    continue;
                for (const Port& p : n.ports)
                    if (document()->index().findLinkAt({ n.name, p.name })) {
                        selectObject(QString::fromStdString(n.name + ":" + p.name));
                        break;
                    }
                if (headroomPanel()->shownPort())
                    break;
            }
        }
        if (!m_explainerDock)
            return false;
        showViewDock(m_explainerDock, m_headroomExplainer->neededHeight());
        return true;
    });

    // ---- threshold templates: an ASIC's speed × cable grid, table and heat map, exported as `lfp template`
    m_templatesView = new TemplatesView;
    m_templatesDock = dock(m_templatesView, tr("Threshold Templates"), "templatesDock");
    tabifyDockWidget(last, m_templatesDock);
    // Opens on the project's ASIC, found again when the fabric is replaced or its nodes change.
    connect(document(), &FabricDocument::changed, m_templatesView, [this](const FabricChange& c) {
        const bool asics = c.kind != FabricChange::Kind::Policies && c.kind != FabricChange::Kind::Bindings
            && (c.kind != FabricChange::Kind::Values || c.field == "asic");
        EditLap lap("threshold templates");
        m_templatesView->setCatalog(catalog(), asics ? TemplatesView::projectAsic(document()->fabric()) : QString());
    });
    registerView(QStringLiteral("templates"), [this] { return showLargeDock(m_templatesDock); });

    // ---- menus: the docks in View, Finding Codes in Help; "?" and F1 in the findings panel
    if (auto* view = menuBar()->findChild<QMenu*>(QStringLiteral("viewMenu")))
        for (QDockWidget* d : { m_budgetViewDock, m_explainerDock, m_templatesDock })
            view->addAction(d->toggleViewAction());
    auto* codesAct = new QAction(tr("&Finding Codes…"), this);
    codesAct->setObjectName(QStringLiteral("findingCodesAction"));
    codesAct->setStatusTip(tr("What each finding code means and how to fix it (the registry and docs/findings.md)"));
    connect(codesAct, &QAction::triggered, this, [this] { openFindingHelp(); });
    if (auto* help = menuBar()->findChild<QMenu*>(QStringLiteral("helpMenu")))
        help->insertAction(m_aboutAct, codesAct);
    connect(findingsPanel(), &FindingsPanel::helpRequested, this, [this](const QString& code) { openFindingHelp(code); });

    findingsDock()->raise();
}

bool MainWindow::showLargeDock(QDockWidget* d)
{
    if (!d)
        return false;
    showViewDock(d);
    return true;
}

void MainWindow::showViewDock(QDockWidget* d, int needed)
{
    d->show();
    d->raise();
    // The height between the toolbars and the status bar: half for the view, or what it needs.
    const int top = centralWidget()->geometry().top();
    const int bottom = statusBar()->isVisible() ? statusBar()->geometry().top() : height();
    const int avail = bottom - top;
    const int title = d->height() - d->widget()->height(); // the dock's title bar
    // By default what the view's layout needs at least (its tables' rows, tablefit.h fitRows).
    if (needed <= 0 && d->widget())
        needed = d->widget()->minimumSizeHint().height();
    resizeDocks({ d }, { std::max({ 200, avail / 2, std::min(needed + title, avail * 2 / 3) }) }, Qt::Vertical);
}

FindingHelpDialog* MainWindow::openFindingHelp(const QString& code)
{
    if (!m_findingHelp)
        m_findingHelp = new FindingHelpDialog(this);
    if (!code.isEmpty())
        m_findingHelp->showCode(code);
    m_findingHelp->show();
    m_findingHelp->raise();
    m_findingHelp->activateWindow();
    return m_findingHelp;
}

} // namespace lfp::gui
