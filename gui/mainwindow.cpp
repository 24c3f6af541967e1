// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/mainwindow.h"
#include "lfp_version.h"
#include "gui/dialogs/newfabricwizard.h"
#include "gui/canvas/overlays.h"
#include "gui/plaintext.h"

#include "document/changecommands.h"
#include "document/autosave.h"
#include "document/fabricdocument.h"
#include "model/fabricindex.h"
#include "model/fieldaccess.h"
#include "model/objectsearch.h"

#include "gui/views/analysisstatus.h"
#include "gui/views/budgetpanel.h"
#include "gui/views/policyeditor.h"
#include "document/jobrunner.h"
#include "planner/routing/deadlock.h"
#include "planner/routing/deadlockjob.h"
#include "gui/views/deadlockview.h"
#include "planner/routing/routing.h"
#include "gui/checkrunner.h"
#include "gui/models/devicetreemodel.h"
#include "gui/dialogs/exportdialog.h"
#include "gui/dialogs/importdialog.h"
#include "gui/canvas/fabricscene.h"
#include "gui/canvas/fabricview.h"
#include "gui/models/findingsmodel.h"
#include "gui/views/findingspanel.h"
#include "gui/views/headroompanel.h"
#include "gui/canvas/legendwidget.h"
#include "gui/views/propertypanel.h"
#include "gui/views/reviewviews.h"
#include "gui/dialogs/structuredialogs.h"
#include "gui/dialogs/userguide.h"
#include "gui/application.h"

#include "model/errors.h"
#include "model/projectstore.h"
#include "model/generators.h"

#include <QPointer>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QProgressBar>
#include <QThread>
#include <QEventLoop>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QToolBar>
#include <QTreeView>
#include <QUndoStack>
#include <QUndoView>
#include <QVBoxLayout>

#include <ctime>

namespace lfp::gui {

namespace {
    const QString kRecentKey = QStringLiteral("recentFiles");

    bool isProjectPath(const QString& path) { return path.endsWith(QStringLiteral(".lfp"), Qt::CaseInsensitive); }

    /// The index of @p link in the fabric's link vector.
    std::optional<std::size_t> linkIndexOf(const Fabric& f, const Link* link)
    {
        return link ? f.links.indexOf(link) : std::nullopt;
    }

    /// The built-in ASIC catalogue, loaded once (resources/asics, $LFP_ASIC_DIR).
    std::shared_ptr<const AsicCatalog> builtinCatalog(QString* error)
    {
        static std::shared_ptr<const AsicCatalog> catalog;
        static QString loadError;
        if (!catalog) {
            try {
                catalog = std::make_shared<const AsicCatalog>(AsicCatalog::loadDefault());
            } catch (const std::exception& e) {
                loadError = QString::fromUtf8(e.what());
                catalog = std::make_shared<const AsicCatalog>();
            }
        }
        if (error)
            *error = loadError;
        return catalog;
    }

    /// This thread's CPU time in milliseconds (LFP_EDIT_TIMING: the machine's load does not count).
    double threadCpuMs()
    {
        timespec t {};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
    }

    /// Index of port @p name in @p n.
    std::optional<std::size_t> portIndexOf(const Node& n, const std::string& name)
    {
        for (std::size_t p = 0; p < n.ports.size(); ++p)
            if (n.ports[p].name == name)
                return p;
        return std::nullopt;
    }
}

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
{
    setObjectName(QStringLiteral("lfpMainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/lfp.svg")));
    // Project notices ("recovered from an interrupted save", docs/formats/project-lfp.md) go to the status bar.
    setProjectNoticeHandler([w = QPointer<MainWindow>(this)](const std::string& path, const std::string& message) {
        if (w)
            w->statusBar()->showMessage(QStringLiteral("%1: %2").arg(QFileInfo(QString::fromStdString(path)).fileName(), QString::fromStdString(message)), 15000);
    });

    m_doc = new FabricDocument(this); // no fabric shown (m_fabric null) until the first one is set
    connect(m_doc, &FabricDocument::changed, this, &MainWindow::onDocumentChanged);
    connect(m_doc, &FabricDocument::modifiedChanged, this, [this] { updateTitle(); });
    // Unsaved edits are autosaved a few seconds after the last one; a crash leaves them for
    // offerRecovery() (document/autosave.h).
    m_autosaver = new Autosaver(m_doc, 5000, this);

    m_scene = new FabricScene(this);
    m_view = new FabricView(m_scene);
    m_model = new DeviceTreeModel(this);

    m_tree = new QTreeView;
    m_tree->setObjectName(QStringLiteral("deviceTree"));
    m_tree->setModel(m_model);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection); // Ctrl/Shift: edit many at once
    m_tree->setAllColumnsShowFocus(true);
    m_tree->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // columns are resizable; names elide
    m_tree->header()->setStretchLastSection(true);
    m_tree->header()->setMinimumSectionSize(40);
    m_tree->header()->resizeSection(DeviceTreeModel::NameColumn, 140);
    m_tree->header()->resizeSection(DeviceTreeModel::KindColumn, 88);
    m_tree->header()->resizeSection(DeviceTreeModel::RackColumn, 60);

    m_panel = new PropertyPanel;
    m_panel->setObjectName(QStringLiteral("propertyPanel"));
    connect(m_panel, &PropertyPanel::editRequested, this, [this](const ObjectRef& object, const QString& field, const QString& value) {
        applyEdit(object, field, value);
    });

    // Left: the tree over the properties. Right: the diagram.
    m_leftSplitter = new QSplitter(Qt::Vertical);
    m_leftSplitter->addWidget(m_tree);
    m_leftSplitter->addWidget(m_panel);
    m_leftSplitter->setStretchFactor(0, 1);
    m_leftSplitter->setStretchFactor(1, 1);
    m_leftSplitter->setSizes({ 420, 420 });
    m_leftSplitter->setChildrenCollapsible(false);

    m_splitter = new QSplitter(Qt::Horizontal);
    m_splitter->setObjectName(QStringLiteral("mainSplitter"));
    m_splitter->addWidget(m_leftSplitter);
    m_splitter->addWidget(m_view);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({ 400, 1000 });
    m_splitter->setChildrenCollapsible(false);
    setCentralWidget(m_splitter);

    createDocks();
    // The named views of `--view` (showView); each view's code registers its own name.
    registerView(QStringLiteral("history"), [this] { m_undoDock->show(); m_undoDock->raise(); return true; });
    registerView(QStringLiteral("policy"), [this] { m_policyDock->show(); m_policyDock->raise(); return true; });
    createActions();
    createMenus();
    createChartViews(); // budget, headroom, templates (gui/mainwindow_charts.cpp)
    createToolBar();
    new ReviewViews(this); // deadlock, revisions, review mode: docks and --view names (reviewviews.h)

    m_countsLabel = plainLabel();
    m_fileLabel = plainLabel();
    m_zoomLabel = plainLabel();
    m_countsLabel->setObjectName(QStringLiteral("countsLabel"));
    m_fileLabel->setObjectName(QStringLiteral("fileLabel"));
    statusBar()->addWidget(m_countsLabel, 1);
    m_busy = new QProgressBar;
    m_busy->setRange(0, 0); // busy indicator
    m_busy->setMaximumWidth(160);
    m_busy->hide();
    statusBar()->addPermanentWidget(m_busy);
    m_findingsLabel = plainLabel();
    m_findingsLabel->setObjectName(QStringLiteral("findingsLabel"));
    m_findingsLabel->setTextFormat(Qt::RichText);
    m_findingsLabel->setToolTip(tr("Findings of the design checks (Checks ▸ Run Checks, F5)"));
    connect(m_findingsLabel, &QLabel::linkActivated, this, [this] { raiseDock(QStringLiteral("findings")); });
    createAnalysisUi();
    statusBar()->addPermanentWidget(m_findingsLabel);
    statusBar()->addPermanentWidget(m_fileLabel);
    statusBar()->addPermanentWidget(m_zoomLabel);
    connect(m_view, &FabricView::zoomChanged, this,
        [this](qreal z) { m_zoomLabel->setText(tr("Zoom %1%").arg(z >= 0.1 ? QString::number(qRound(z * 100)) : QString::number(z * 100, 'g', 2))); });

    // The selection (issue 30): the document owns it; the tree and the diagram write what the user
    // selects there into it, and every view shows it when the document announces a new one.
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this, &MainWindow::syncDocumentSelection);
    connect(m_tree->selectionModel(), &QItemSelectionModel::selectionChanged, this, &MainWindow::syncDocumentSelection);
    connect(m_scene, &FabricScene::nodeSelected, this, &MainWindow::onSceneNodeSelected);
    connect(m_scene, &FabricScene::linkSelected, this, &MainWindow::onSceneLinkSelected);
    connect(m_scene, &FabricScene::selectionCleared, this, &MainWindow::onSceneSelectionCleared);
    connect(m_doc, &FabricDocument::selectionChanged, this, &MainWindow::applyDocumentSelection);

    resize(1400, 900);
    resizeDocks({ m_findingsDock }, { 290 }, Qt::Vertical);
    updateStatus();
    updateTitle();
    setFindingsStatus({}, {});
}

MainWindow::~MainWindow()
{
    // Stop the checks before the members they use go (the runner holds shared copies, but its
    // signals must not reach a half-destroyed window).
    m_checks->disconnect(this);
    m_checks->cancel();
    // ~QUndoStack (a child of the document) emits cleanChanged while the members go; the document's
    // lambdas capture this window, which is half destroyed by then (UBSan: member call on a
    // destroyed MainWindow).
    m_doc->disconnect(this);
}

void MainWindow::createDocks()
{
    m_checks = new CheckRunner(this);
    connect(m_checks, &CheckRunner::started, this, &MainWindow::onChecksStarted);
    connect(m_checks, &CheckRunner::finished, this, &MainWindow::onChecksFinished);
    connect(m_checks, &CheckRunner::progress, this, [this](quint64, double percent, const QString&) { m_findingsPanel->setProgress(percent); });
    connect(m_checks, &CheckRunner::cancelled, this, [this] {
        m_findingsPanel->setRunning(false);
        m_findingsPanel->setSummaryText(tr("Checks cancelled; the findings shown may be out of date."), true);
        setFindingsStatus(tr("Checks cancelled"), tr("Checks cancelled"));
        if (m_cancelChecksAct)
            m_cancelChecksAct->setEnabled(false);
    });

    m_findingsPanel = new FindingsPanel;
    m_findingsPanel->setObjectName(QStringLiteral("findingsPanel"));
    connect(m_findingsPanel, &FindingsPanel::findingSelected, this, &MainWindow::onFindingSelected);
    connect(m_findingsPanel, &FindingsPanel::runRequested, this, &MainWindow::runChecks);
    connect(m_findingsPanel, &FindingsPanel::cancelRequested, m_checks, &CheckRunner::cancel);
    m_headroomPanel = new HeadroomPanel;
    connect(m_headroomPanel, &HeadroomPanel::applyRequested, this, &MainWindow::applyHeadroomWhatIf);
    m_headroomPanel->setObjectName(QStringLiteral("headroomPanel"));
    m_budgetPanel = new BudgetPanel;
    m_budgetPanel->setObjectName(QStringLiteral("budgetPanel"));

    auto dock = [this](QWidget* w, const QString& title, const char* name) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(QString::fromLatin1(name));
        d->setWidget(w);
        d->setAllowedAreas(Qt::BottomDockWidgetArea | Qt::TopDockWidgetArea | Qt::RightDockWidgetArea | Qt::LeftDockWidgetArea);
        addDockWidget(Qt::BottomDockWidgetArea, d);
        return d;
    };
    m_findingsDock = dock(m_findingsPanel, tr("Findings"), "findingsDock");
    m_headroomDock = dock(m_headroomPanel, tr("Headroom"), "headroomDock");
    m_budgetDock = dock(m_budgetPanel, tr("Buffer Budget"), "budgetDock");
    tabifyDockWidget(m_findingsDock, m_headroomDock);
    tabifyDockWidget(m_headroomDock, m_budgetDock);
    // The undo history (View ▸ Undo History, Ctrl+Shift+H): right of the diagram, hidden at first.
    m_undoView = new QUndoView(m_doc->undoStack());
    m_undoView->setObjectName(QStringLiteral("undoView"));
    m_undoView->setEmptyLabel(tr("<opened>"));
    m_undoDock = dock(m_undoView, tr("Undo History"), "undoDock");
    addDockWidget(Qt::RightDockWidgetArea, m_undoDock);
    m_undoDock->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    m_undoDock->hide();
    // The policy editor (View ▸ Policy): right of the diagram, hidden at first.
    m_policyEditor = new PolicyEditor(m_doc);
    m_policyEditor->setObjectName(QStringLiteral("policyEditor"));
    m_policyDock = dock(m_policyEditor, tr("Policy"), "policyDock");
    addDockWidget(Qt::RightDockWidgetArea, m_policyDock);
    m_policyDock->hide();
    setDocumentMode(false);
    m_findingsDock->raise();
}

void MainWindow::createActions()
{
    m_undoAct = m_doc->undoStack()->createUndoAction(this, tr("&Undo"));
    m_undoAct->setShortcut(QKeySequence::Undo);
    m_undoAct->setObjectName(QStringLiteral("undoAction"));
    m_redoAct = m_doc->undoStack()->createRedoAction(this, tr("&Redo"));
    m_redoAct->setShortcuts({ QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z) });
    m_redoAct->setObjectName(QStringLiteral("redoAction"));
    createEditingActions();
    m_overlays = new OverlayToolBar(m_scene, this); // its actions go in the View menu and a toolbar
    m_newAct = new QAction(style()->standardIcon(QStyle::SP_FileIcon), tr("&New Fabric…"), this);
    m_newAct->setShortcut(QKeySequence::New);
    m_newAct->setObjectName(QStringLiteral("newFabricAction"));
    m_newAct->setStatusTip(tr("Generate a leaf-spine, fat-tree or rail-optimised fabric"));
    connect(m_newAct, &QAction::triggered, this, [this] { newFabric(); });

    m_openAct = new QAction(style()->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open…"), this);
    m_openAct->setShortcut(QKeySequence::Open);
    m_openAct->setStatusTip(tr("Open a project (.lfp) or a fabric file (.json)"));
    connect(m_openAct, &QAction::triggered, this, &MainWindow::open);

    m_exampleAct = new QAction(tr("Open &Example"), this);
    m_exampleAct->setStatusTip(tr("Show the bundled example: 2 spines, 4 leaves, 16 GPU hosts"));
    connect(m_exampleAct, &QAction::triggered, this, &MainWindow::openExample);

    m_saveAct = new QAction(style()->standardIcon(QStyle::SP_DialogSaveButton), tr("&Save"), this);
    m_saveAct->setShortcut(QKeySequence::Save);
    m_saveAct->setStatusTip(tr("Save: a new revision for a project, or rewrite the JSON file"));
    connect(m_saveAct, &QAction::triggered, this, &MainWindow::save);

    m_saveAsAct = new QAction(tr("Save &As…"), this);
    m_saveAsAct->setShortcut(QKeySequence::SaveAs);
    connect(m_saveAsAct, &QAction::triggered, this, &MainWindow::saveAs);

    m_quitAct = new QAction(tr("&Quit"), this);
    m_quitAct->setShortcut(QKeySequence::Quit);
    connect(m_quitAct, &QAction::triggered, this, &QWidget::close);

    m_findAct = new QAction(tr("&Find Device or Port…"), this);
    m_findAct->setShortcut(QKeySequence::Find);
    m_findAct->setStatusTip(tr("Find a device or port by name; Enter goes to the next match"));
    connect(m_findAct, &QAction::triggered, this, [this] {
        m_findEdit->setFocus(Qt::ShortcutFocusReason);
        m_findEdit->selectAll();
    });

    m_fitAct = new QAction(tr("&Fit to Window"), this);
    m_fitAct->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    connect(m_fitAct, &QAction::triggered, m_view, &FabricView::fitAll);
    m_zoomInAct = new QAction(tr("Zoom &In"), this);
    m_zoomInAct->setShortcut(QKeySequence::ZoomIn);
    connect(m_zoomInAct, &QAction::triggered, m_view, &FabricView::zoomIn);
    m_zoomOutAct = new QAction(tr("Zoom &Out"), this);
    m_zoomOutAct->setShortcut(QKeySequence::ZoomOut);
    connect(m_zoomOutAct, &QAction::triggered, m_view, &FabricView::zoomOut);

    m_byMediumAct = new QAction(tr("Colour Links by &Medium"), this);
    m_bySpeedAct = new QAction(tr("Colour Links by &Speed"), this);
    for (QAction* a : { m_byMediumAct, m_bySpeedAct })
        a->setCheckable(true);
    m_byMediumAct->setChecked(true);
    auto* group = new QActionGroup(this);
    group->addAction(m_byMediumAct);
    group->addAction(m_bySpeedAct);
    connect(m_byMediumAct, &QAction::triggered, this, [this] { setLinkColouring(LinkColouring::Medium); });
    connect(m_bySpeedAct, &QAction::triggered, this, [this] { setLinkColouring(LinkColouring::Speed); });

    m_runChecksAct = new QAction(style()->standardIcon(QStyle::SP_BrowserReload), tr("&Run Checks"), this);
    m_runChecksAct->setObjectName(QStringLiteral("runChecksAction"));
    m_runChecksAct->setShortcut(QKeySequence(Qt::Key_F5));
    m_runChecksAct->setStatusTip(tr("Run every design check (buffers, headroom, ECN, policies) in the background, as `lfp check` does"));
    connect(m_runChecksAct, &QAction::triggered, this, &MainWindow::runChecks);
    m_cancelChecksAct = new QAction(tr("&Cancel Checks"), this);
    m_cancelChecksAct->setEnabled(false);
    connect(m_cancelChecksAct, &QAction::triggered, m_checks, &CheckRunner::cancel);
    m_headroomCalcAct = new QAction(tr("&Headroom Calculator…"), this);
    m_headroomCalcAct->setObjectName(QStringLiteral("headroomCalculatorAction"));
    m_headroomCalcAct->setStatusTip(tr("PFC headroom (xon, xoff, size) for explicit inputs, every term explained, as `lfp headroom` computes it"));
    connect(m_headroomCalcAct, &QAction::triggered, this, [this] { openHeadroomCalculator(); });

    m_exportAct = new QAction(tr("&Export Configuration…"), this);
    m_exportAct->setObjectName(QStringLiteral("exportAction"));
    m_exportAct->setStatusTip(tr("Vendor configuration of the plan (SONiC, NVUE, EOS, NX-OS, Junos, Huawei, Linux hosts), as `lfp export` writes it"));
    connect(m_exportAct, &QAction::triggered, this, [this] { openExportDialog(); });

    m_importAct = new QAction(tr("&Import…"), this);
    m_importAct->setObjectName(QStringLiteral("importAction"));
    m_importAct->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    m_importAct->setStatusTip(tr("Read LLDP, ibnetdiscover, SONiC, NetBox, CSV… and merge it onto the plan, as `lfp import --merge` does"));
    connect(m_importAct, &QAction::triggered, this, [this] { openImportDialog(); });

    m_aboutAct = new QAction(tr("&About Lossless Fabric Planner"), this);
    connect(m_aboutAct, &QAction::triggered, this, &MainWindow::about);

    // Help ▸ User Guide (F1): the manual made from docs/ (gui/dialogs/userguide.h). In the findings
    // panel F1 explains the selected finding's code instead (FindingsPanel takes the key there).
    m_userGuideAct = new QAction(tr("&User Guide"), this);
    m_userGuideAct->setObjectName(QStringLiteral("userGuideAction"));
    m_userGuideAct->setShortcut(QKeySequence::HelpContents);
    m_userGuideAct->setStatusTip(tr("The manual: a first plan step by step, the window, the command line, the formulas"));
    connect(m_userGuideAct, &QAction::triggered, this, [this] { openUserGuide(); });
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->setObjectName(QStringLiteral("fileMenu"));
    file->addAction(m_newAct);
    file->addAction(m_openAct);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    file->addAction(m_exampleAct);
    file->addSeparator();
    file->addAction(m_saveAct);
    file->addAction(m_saveAsAct);
    file->addSeparator();
    file->addAction(m_importAct);
    file->addAction(m_exportAct);
    file->addSeparator();
    file->addAction(m_quitAct);
    rebuildRecentMenu();

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->setObjectName(QStringLiteral("editMenu"));
    edit->addAction(m_undoAct);
    edit->addAction(m_redoAct);
    edit->addSeparator();
    // Add and remove
    edit->addAction(m_addSwitchAct);
    edit->addAction(m_addHostAct);
    edit->addAction(m_addPortAct);
    edit->addAction(m_addLinkAct);
    edit->addAction(m_deleteAct);
    edit->addSeparator();
    edit->addAction(m_findAct);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    view->addAction(m_fitAct);
    view->addAction(m_zoomInAct);
    view->addAction(m_zoomOutAct);
    view->addSeparator();
    view->addAction(m_byMediumAct);
    view->addAction(m_bySpeedAct);
    QMenu* theme = view->addMenu(tr("&Theme"));
    theme->setObjectName(QStringLiteral("themeMenu"));
    auto* themeGroup = new QActionGroup(this);
    for (const Theme::Mode m : { Theme::Mode::Auto, Theme::Mode::Light, Theme::Mode::Dark }) {
        QAction* a = theme->addAction(Theme::displayName(m));
        a->setCheckable(true);
        a->setChecked(Theme::mode() == m);
        a->setObjectName(QStringLiteral("theme_%1").arg(Theme::toString(m)));
        themeGroup->addAction(a);
        connect(a, &QAction::triggered, this, [this, m] { setTheme(m); });
        m_themeActs[m] = a;
    }
    // View ▸ Language: kept in QSettings "ui/language" and used at the next start when no --lang is
    // given (gui/application.cpp); the running window keeps its language.
    QMenu* language = view->addMenu(tr("&Language"));
    language->setObjectName(QStringLiteral("languageMenu"));
    auto* languageGroup = new QActionGroup(this);
    const QString savedLanguage = QSettings().value(QStringLiteral("ui/language")).toString();
    const std::pair<QString, QString> languages[] = { { QString(), tr("System Language") },
        { QStringLiteral("en"), QStringLiteral("English") }, { QStringLiteral("zh_CN"), QStringLiteral("简体中文") } };
    for (const auto& [code, label] : languages) {
        QAction* a = language->addAction(label);
        a->setCheckable(true);
        a->setChecked(savedLanguage == code);
        a->setObjectName(QStringLiteral("language_%1").arg(code.isEmpty() ? QStringLiteral("system") : code));
        languageGroup->addAction(a);
        connect(a, &QAction::triggered, this, [this, code] {
            QSettings().setValue(QStringLiteral("ui/language"), code);
            statusBar()->showMessage(tr("The language changes when LFP starts again."), 8000);
        });
    }
    view->addSeparator();
    view->addAction(m_overlays->toggleViewAction());
    view->addAction(m_findingsDock->toggleViewAction());
    view->addAction(m_headroomDock->toggleViewAction());
    view->addAction(m_budgetDock->toggleViewAction());
    view->addAction(m_undoDock->toggleViewAction());
    view->addAction(m_policyDock->toggleViewAction());

    QMenu* checks = menuBar()->addMenu(tr("&Checks"));
    checks->setObjectName(QStringLiteral("checksMenu"));
    checks->addAction(m_runChecksAct);
    checks->addAction(m_cancelChecksAct);
    checks->addSeparator();
    checks->addAction(m_deadlockAct);

    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    tools->setObjectName(QStringLiteral("toolsMenu"));
    tools->addAction(m_headroomCalcAct);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("helpMenu"));
    help->addAction(m_userGuideAct);
    help->addSeparator();
    help->addAction(m_aboutAct);
}

void MainWindow::createToolBar()
{
    QToolBar* tb = addToolBar(tr("Main"));
    tb->setObjectName(QStringLiteral("mainToolBar"));
    tb->setMovable(false);
    tb->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    tb->addAction(m_openAct);
    tb->addAction(m_saveAct);
    tb->addSeparator();
    tb->addAction(m_fitAct);
    tb->addAction(m_zoomInAct);
    tb->addAction(m_zoomOutAct);
    tb->addSeparator();
    tb->addAction(m_runChecksAct);
    tb->addSeparator();
    auto* label = plainLabel(tr("Colour links by:"));
    label->setContentsMargins(6, 0, 6, 0);
    tb->addWidget(label);
    m_colouringBox = new QComboBox;
    m_colouringBox->addItem(tr("Medium"));
    m_colouringBox->addItem(tr("Speed"));
    tb->addWidget(m_colouringBox);
    connect(m_colouringBox, &QComboBox::currentIndexChanged, this,
        [this](int i) { setLinkColouring(i == 1 ? LinkColouring::Speed : LinkColouring::Medium); });
    tb->addSeparator();
    m_findEdit = new QLineEdit;
    m_findEdit->setObjectName(QStringLiteral("findEdit"));
    m_findEdit->setPlaceholderText(tr("Find device or port (Ctrl+F)"));
    m_findEdit->setClearButtonEnabled(true);
    m_findEdit->setMinimumWidth(m_findEdit->fontMetrics().horizontalAdvance(m_findEdit->placeholderText()) + 40);
    m_findEdit->setMaximumWidth(std::max(m_findEdit->minimumWidth(), 360));
    tb->addWidget(m_findEdit);
    connect(m_findEdit, &QLineEdit::returnPressed, this, [this] { findNext(m_findEdit->text()); });
    connect(m_findEdit, &QLineEdit::textEdited, this, [this] { m_findQuery.clear(); }); // a new query starts at its first match
    // The overlay toolbar (made in createActions): a row of its own under the main toolbar.
    addToolBarBreak(Qt::TopToolBarArea);
    addToolBar(Qt::TopToolBarArea, m_overlays);
}

QString MainWindow::findNext(const QString& query)
{
    if (!m_index || query.trimmed().isEmpty())
        return {};
    const QString q = query.trimmed();
    if (q != m_findQuery) {
        m_findQuery = q;
        m_findHit = -1;
        const SearchResult r = searchObjects(*m_index, q.toStdString(), 1000);
        m_findResults.clear();
        for (const auto& ref : r.objects)
            m_findResults << QString::fromStdString(ref.toString());
        m_findTotal = r.total;
    }
    if (m_findResults.isEmpty()) {
        statusBar()->showMessage(tr("No device or port matches \"%1\"").arg(q), 8000);
        return {};
    }
    m_findHit = (m_findHit + 1) % static_cast<int>(m_findResults.size());
    const QString hit = m_findResults[m_findHit];
    selectObject(hit); // the tree follows, the diagram selects and reveals it
    const QString more = m_findTotal > static_cast<std::size_t>(m_findResults.size()) ? tr(" (first %1 of %2 shown)").arg(m_findResults.size()).arg(m_findTotal) : QString();
    statusBar()->showMessage(tr("%1 — match %2 of %3%4").arg(hit).arg(m_findHit + 1).arg(m_findResults.size()).arg(more), 8000);
    return hit;
}

void MainWindow::setLinkColouring(LinkColouring c)
{
    m_scene->setLinkColouring(c);
    m_view->legend()->setLinkColouring(c);
    const QSignalBlocker block(m_colouringBox);
    m_colouringBox->setCurrentIndex(c == LinkColouring::Speed ? 1 : 0);
    (c == LinkColouring::Speed ? m_bySpeedAct : m_byMediumAct)->setChecked(true);
}

// ---- loading and saving ----

namespace {
    /// The one load path (model/projectstore.h loadFabricFileWithRevision): the fabric, its revision and
    /// the latest revision from one read transaction. False and @p error when it fails.
    bool loadProject(const QString& path, std::optional<int> revision, LoadedFabric& out, QString& error)
    {
        try {
            out = loadFabricFileWithRevision(path.toStdString(), revision);
            return true;
        } catch (const InputError& e) {
            error = QString::fromUtf8(e.what());
        } catch (const std::exception& e) {
            error = MainWindow::tr("%1: %2").arg(path, QString::fromUtf8(e.what()));
        }
        return false;
    }
} // namespace

bool MainWindow::loadFabric(const QString& path, std::optional<int> revision, Fabric& out, QString& error)
{
    LoadedFabric l;
    if (!loadProject(path, revision, l, error))
        return false;
    out = std::move(l.fabric);
    return true;
}

bool MainWindow::openFile(const QString& path, std::optional<int> revision)
{
    // Large files take seconds to parse: read them on a worker thread while the window keeps
    // painting (user input is held back until the load is done, so nothing else can start).
    QGuiApplication::setOverrideCursor(Qt::WaitCursor);
    statusBar()->showMessage(tr("Loading %1…").arg(QFileInfo(path).fileName()));
    LoadedFabric f;
    QString error;
    bool ok = false;
    {
        std::unique_ptr<QThread> worker(QThread::create([&] { ok = loadProject(path, revision, f, error); }));
        QEventLoop loop;
        connect(worker.get(), &QThread::finished, &loop, &QEventLoop::quit);
        worker->start();
        if (!worker->wait(QDeadlineTimer(150))) {
            m_busy->show();
            loop.exec(QEventLoop::ExcludeUserInputEvents);
            m_busy->hide();
        }
        worker->wait();
    }
    statusBar()->clearMessage();
    QGuiApplication::restoreOverrideCursor();
    if (!ok) {
        m_lastError = error;
        showError(tr("Cannot open %1").arg(QFileInfo(path).fileName()), error);
        return false;
    }
    m_lastError.clear();
    // The latest revision of the same read is what a later save checks against (no lost update).
    m_doc->reset(std::move(f.fabric), QFileInfo(path).absoluteFilePath(), f.revision, f.latest);
    addRecentFile(QFileInfo(path).absoluteFilePath());
    offerRecovery(QFileInfo(path).absoluteFilePath());
    return true;
}

bool MainWindow::offerRecovery(const QString& path)
{
    if (m_quiet && !m_recoveryAnswer)
        return false;
    std::vector<Recovery> found = RecoveryStore::orphaned(path);
    if (path.isEmpty())
        std::erase_if(found, [](const Recovery& r) { return !r.projectPath.isEmpty(); });
    if (found.empty())
        return false;
    const Recovery& r = found.front(); // the newest
    int answer = QMessageBox::Ignore;
    if (m_recoveryAnswer) {
        answer = *m_recoveryAnswer;
    } else {
        const QString name = path.isEmpty() ? tr("an untitled fabric") : QFileInfo(path).fileName();
        QMessageBox box(QMessageBox::Question, tr("Recover Unsaved Changes"),
            tr("Lossless Fabric Planner closed before changes to %1 were saved.").arg(name), QMessageBox::NoButton, this);
        box.setInformativeText(tr("%n edit(s) were autosaved at %1. Recover them? They are not saved to the project until you save.", nullptr, r.edits)
                                   .arg(QLocale().toString(r.savedAt.toLocalTime(), QLocale::ShortFormat)));
        box.addButton(tr("Recover"), QMessageBox::YesRole)->setObjectName(QStringLiteral("recover"));
        box.addButton(tr("Discard"), QMessageBox::DestructiveRole)->setObjectName(QStringLiteral("discard"));
        box.addButton(tr("Later"), QMessageBox::RejectRole)->setObjectName(QStringLiteral("later"));
        box.exec();
        const QString chosen = box.clickedButton() ? box.clickedButton()->objectName() : QStringLiteral("later");
        answer = chosen == QStringLiteral("recover") ? QMessageBox::Yes : chosen == QStringLiteral("discard") ? QMessageBox::No : QMessageBox::Ignore;
    }
    if (answer == QMessageBox::No) {
        RecoveryStore::discard(r);
        return false;
    }
    if (answer != QMessageBox::Yes)
        return false;
    try {
        RecoveryStore::restore(*m_doc, r);
    } catch (const std::exception& e) {
        showError(tr("Cannot recover the unsaved changes"), QString::fromUtf8(e.what()));
        return false;
    }
    statusBar()->showMessage(tr("Recovered %n unsaved edit(s) from %1; save to keep them.", nullptr, r.edits)
                                 .arg(QLocale().toString(r.savedAt.toLocalTime(), QLocale::ShortFormat)),
        15000);
    return true;
}

bool MainWindow::newFabric()
{
    if (!maybeSave())
        return false;
    NewFabricWizard wizard(nullptr, this); // the built-in catalogue, as `lfp generate`
    if (wizard.exec() != QDialog::Accepted || !wizard.result())
        return false;
    setFabric(*wizard.result(), {}, std::nullopt);
    return true;
}

void MainWindow::openExample() { setFabric(exampleFabric(), {}, std::nullopt); }

void MainWindow::setFabric(Fabric fabric, const QString& path, std::optional<int> revision)
{
    m_doc->reset(std::move(fabric), path, revision); // announces a Reset: onDocumentChanged shows it
}

QString MainWindow::currentFile() const { return m_doc->filePath(); }

std::optional<int> MainWindow::currentRevision() const { return m_doc->revision(); }

void MainWindow::onDocumentChanged(const FabricChange& change)
{
    m_findQuery.clear(); // search results name objects of the previous snapshot
    if (!m_fabric || change.isStructural())
        showSnapshot(change);
    else
        showValues(change);
    const double cpu = threadCpuMs();
    runChecks();
    if (qEnvironmentVariableIsSet("LFP_EDIT_TIMING"))
        qInfo("edit: checks started %.2f ms CPU", threadCpuMs() - cpu);
}

// A value edit (issue 30): the same objects with new values. The tree and the diagram update only the
// rows and items of the named objects; nothing is rebuilt, so expanded rows and pods, the selection,
// the scroll position and the zoom stay as they were.
void MainWindow::showValues(const FabricChange& change)
{
    // LFP_EDIT_TIMING=1: the milliseconds of each view's update on stderr (docs/performance.md).
    static const bool timing = qEnvironmentVariableIsSet("LFP_EDIT_TIMING");
    double cpu = threadCpuMs();
    auto lap = [&](const char* what) {
        if (timing)
            qInfo("edit: %s %.2f ms CPU", what, threadCpuMs() - cpu);
        cpu = threadCpuMs();
    };
    m_fabric = m_doc->snapshot().fabric;
    m_index = m_doc->snapshot().index;
    if (!m_model->updateValues(m_fabric, m_index, change.objects, change.field)) {
        const ExpandedRows expanded = expandedRows(); // a node's role moved it: rows move, keep what was open
        m_model->setFabric(m_fabric, m_index);
        restoreExpanded(expanded);
    }
    lap("tree");
    m_scene->updateValues(m_fabric, change.objects, change.field);
    lap("canvas");
    // The catalogue is the built-in profiles and the project's own: a value edit of a node, port, link
    // or policy leaves the project's profiles as they were, so the catalogue stays (copying it took
    // 5 ms of each k=64 edit); the budgets' context is of the old snapshot and goes.
    if (m_catalogAsics != m_fabric->asics)
        refreshCatalog();
    else
        m_budgetCtx.reset();
    lap("catalogue");
    m_overlays->setFabric(m_fabric, m_index, m_catalog);
    lap("overlays");
    showSelection();
    lap("inspector and buffer panels");
    updateStatus();
    updateTitle();
    lap("status");
}

// A new fabric (Reset) or objects added or removed: the tree and the diagram are made again. After an
// add or a remove the expanded rows and pods and the view stay; a new fabric starts from the defaults.
void MainWindow::showSnapshot(const FabricChange& change)
{
    const bool reset = change.kind == FabricChange::Kind::Reset;
    const bool first = !m_fabric;
    const ExpandedRows expanded = reset || first ? ExpandedRows {} : expandedRows();
    QGuiApplication::setOverrideCursor(Qt::WaitCursor);
    m_fabric = m_doc->snapshot().fabric;
    m_index = m_doc->snapshot().index;
    m_scene->setFabric(m_fabric, !reset);
    m_model->setFabric(m_fabric, m_index);
    if (reset || first) {
        // Expand the role groups (but not tens of thousands of hosts).
        for (int r = 0; r < m_model->rowCount(); ++r) {
            const QModelIndex idx = m_model->index(r, 0);
            if (m_model->rowCount(idx) <= 2000)
                m_tree->expand(idx);
        }
    } else {
        restoreExpanded(expanded);
    }
    m_panel->showFabric(*m_index);
    if (reset)
        m_view->fitAll();
    const QString catalogError = refreshCatalog();
    m_overlays->setFabric(m_fabric, m_index, m_catalog); // after m_scene->setFabric, which clears the overlays
    updateBufferPanels(std::nullopt, std::nullopt);
    if (reset) {
        // The findings of the previous fabric do not apply to this one.
        m_findingsPanel->model()->clear();
        m_findingsPanel->setSummaryText(catalogError.isEmpty() ? QString() : tr("ASIC catalogue: %1").arg(catalogError), !catalogError.isEmpty());
    }
    updateStatus();
    updateTitle();
    QGuiApplication::restoreOverrideCursor();
    // The same objects stay selected across an edit (and its undo): the document kept them.
    applyDocumentSelection();
}

QString MainWindow::refreshCatalog()
{
    // The catalogue of this fabric: built-in profiles, then the project's own.
    QString catalogError;
    auto catalog = std::make_shared<AsicCatalog>(*builtinCatalog(&catalogError));
    catalog->mergeProject(*m_fabric);
    m_catalog = std::move(catalog);
    m_catalogAsics = m_fabric->asics;
    m_budgetCtx.reset();
    m_headroomPanel->setCatalog(m_catalog);
    return catalogError;
}

MainWindow::ExpandedRows MainWindow::expandedRows() const
{
    ExpandedRows out;
    for (int r = 0; r < m_model->rowCount(); ++r) {
        const QModelIndex group = m_model->index(r, 0);
        if (!m_tree->isExpanded(group))
            continue;
        if (const auto ref = m_model->refFor(group))
            out.roles.push_back(ref->role);
        for (int c = 0; c < m_model->rowCount(group); ++c) {
            const QModelIndex node = m_model->index(c, 0, group);
            if (m_tree->isExpanded(node))
                if (const auto ref = m_model->refFor(node))
                    out.nodes.push_back(m_fabric->nodes[ref->node].name);
        }
    }
    return out;
}

void MainWindow::restoreExpanded(const ExpandedRows& rows)
{
    for (const Role r : rows.roles)
        m_tree->expand(m_model->indexForRole(r));
    for (const std::string& name : rows.nodes)
        if (const auto n = m_index->node(name))
            m_tree->expand(m_model->indexForNode(*n));
}

void MainWindow::showSelection()
{
    // The inspector and the buffer panels show the document's current object in the new snapshot.
    const auto current = m_doc->currentObject();
    const auto node = current && current->kind != ObjectRef::Kind::Policy && current->kind != ObjectRef::Kind::Role ? m_index->node(current->node) : std::nullopt;
    if (!node) {
        m_panel->showFabric(*m_index);
        updateBufferPanels(std::nullopt, std::nullopt);
        return;
    }
    if (current->kind == ObjectRef::Kind::Node) {
        m_panel->showNode(*m_index, *node);
        updateBufferPanels(*node, std::nullopt);
        return;
    }
    const auto link = current->kind == ObjectRef::Kind::Link ? linkIndexOf(*m_fabric, m_index->findLinkAt(current->endpoint())) : std::nullopt;
    if (link) {
        m_panel->showLink(*m_index, *link);
        // The buffer panels show the link's switch end (end A when both are switches).
        const Link& l = m_fabric->links[*link];
        for (const Endpoint* e : { &l.a, &l.b })
            if (const auto ni = m_index->node(e->node); ni && m_fabric->nodes[*ni].isSwitch())
                return updateBufferPanels(*ni, portIndexOf(m_fabric->nodes[*ni], e->port));
        return updateBufferPanels(std::nullopt, std::nullopt);
    }
    const auto port = m_index->port(*node, current->port);
    if (port)
        m_panel->showPort(*m_index, *node, m_index->portIndexInNode(*port));
    else
        m_panel->showNode(*m_index, *node);
    updateBufferPanels(*node, port ? std::optional<std::size_t>(m_index->portIndexInNode(*port)) : std::nullopt);
}

bool MainWindow::saveTo(const QString& path, const QString& message)
{
    if (!m_fabric)
        return false;
    try {
        const int rev = m_doc->save(QFileInfo(path).absoluteFilePath(), message, QString::fromStdString(defaultAuthor()));
        m_lastError.clear();
        addRecentFile(m_doc->filePath());
        updateStatus();
        updateTitle();
        statusBar()->showMessage(rev > 0 ? tr("Saved revision %1 to %2").arg(rev).arg(QFileInfo(path).fileName())
                                         : tr("Saved %1").arg(QFileInfo(path).fileName()),
            5000);
        runChecks();
        return true;
    } catch (const std::exception& e) {
        m_lastError = QString::fromUtf8(e.what());
        showError(tr("Cannot save %1").arg(QFileInfo(path).fileName()), m_lastError);
        return false;
    }
}

QString MainWindow::askRevisionMessage(const QString& path)
{
    bool ok = false;
    const QString message = QInputDialog::getText(this, tr("New Revision"),
        tr("Saving adds a new revision to %1.\nDescribe what changed:").arg(QFileInfo(path).fileName()), QLineEdit::Normal,
        QString(), &ok);
    return ok ? (message.isEmpty() ? QStringLiteral("") : message) : QString();
}

bool MainWindow::applyEdit(const ObjectRef& object, const QString& field, const QString& value)
{
    if (!m_index)
        return false;
    // An edit of a selected object applies to every selected object of its kind (eight ports at once);
    // a link field edited from a port applies to the links of the selected ports.
    auto asKind = [this, &object](const ObjectRef& r) -> std::optional<ObjectRef> {
        if (r.kind == object.kind)
            return r;
        if (object.kind == ObjectRef::Kind::Link && r.kind == ObjectRef::Kind::Port && m_index->findLinkAt(r.endpoint()))
            return ObjectRef::forLink(r.endpoint());
        return std::nullopt;
    };
    auto sameObject = [this](const ObjectRef& a, const ObjectRef& b) {
        if (a.kind == ObjectRef::Kind::Link && b.kind == ObjectRef::Kind::Link)
            return m_index->findLinkAt(a.endpoint()) == m_index->findLinkAt(b.endpoint());
        return a == b;
    };
    std::vector<ObjectRef> objects;
    bool editedIsSelected = false;
    for (const ObjectRef& r : m_doc->selection())
        if (auto k = asKind(r)) {
            if (sameObject(*k, object))
                editedIsSelected = true;
            if (std::none_of(objects.begin(), objects.end(), [&](const ObjectRef& o) { return sameObject(o, *k); }))
                objects.push_back(*k);
        }
    if (!editedIsSelected || field == QLatin1String("name"))
        objects = { object }; // a rename names one object
    try {
        const double cpu0 = threadCpuMs();
        auto* command = new ChangeValueCommand(m_doc, objects, field.toStdString(), value.toStdString());
        const double cpu1 = threadCpuMs();
        m_doc->undoStack()->push(command);
        if (qEnvironmentVariableIsSet("LFP_EDIT_TIMING")) // docs/performance.md, "Session 12"
            qInfo("edit: command %.2f ms CPU, pushed and every view updated %.2f ms CPU", cpu1 - cpu0, threadCpuMs() - cpu1);
        if (field == QLatin1String("name")) // the renamed object stays selected, under its new name
            m_doc->setSelection({ refAfterSet(object, "name", value.toStdString()) });
        statusBar()->showMessage(objects.size() == 1 ? tr("%1 set to %2").arg(field, value)
                                                     : tr("%1 set to %2 on %n objects", nullptr, int(objects.size())).arg(field, value),
            5000);
        return true;
    } catch (const std::exception& e) {
        const QString why = QString::fromUtf8(e.what());
        m_lastError = why;
        m_panel->showEditError(field, why);
        statusBar()->showMessage(why, 10000);
        return false;
    }
}

bool MainWindow::applyHeadroomWhatIf()
{
    const auto edits = m_headroomPanel->planEdits();
    if (edits.empty())
        return false;
    QUndoStack* undo = m_doc->undoStack();
    undo->beginMacro(tr("Apply headroom what-if"));
    try {
        for (const auto& [object, field, value] : edits)
            undo->push(new ChangeValueCommand(m_doc, { object }, field, value));
    } catch (const std::exception& e) {
        undo->endMacro();
        undo->undo();
        m_lastError = QString::fromUtf8(e.what());
        showError(tr("Cannot apply the what-if"), m_lastError);
        return false;
    }
    undo->endMacro();
    statusBar()->showMessage(tr("Applied the headroom what-if to the plan (%n change(s)); Ctrl+Z undoes it", nullptr, int(edits.size())), 8000);
    return true;
}

bool MainWindow::maybeSave()
{
    if (!m_doc->isModified())
        return true;
    const QString name = m_doc->filePath().isEmpty() ? tr("the fabric") : QFileInfo(m_doc->filePath()).fileName();
    const auto answer = QMessageBox::warning(this, tr("Unsaved Changes"),
        tr("%1 has unsaved changes. Save them first?").arg(name), QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
        QMessageBox::Save);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Discard)
        return true;
    save();
    return !m_doc->isModified(); // a cancelled or failed save keeps the window
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (maybeSave())
        event->accept();
    else
        event->ignore();
}

void MainWindow::open()
{
    if (!maybeSave())
        return;
    const QString dir = m_doc->filePath().isEmpty() ? QString() : QFileInfo(m_doc->filePath()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Fabric"), dir,
        tr("Fabric files (*.lfp *.json);;LFP projects (*.lfp);;Fabric JSON (*.json);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

void MainWindow::save()
{
    if (m_doc->filePath().isEmpty()) {
        saveAs();
        return;
    }
    if (!m_doc->isModified()) {
        // Nothing changed since the last save or open: no new revision (Save As still writes one).
        statusBar()->showMessage(tr("No changes to save"), 5000);
        return;
    }
    if (isProjectPath(m_doc->filePath())) {
        const QString message = askRevisionMessage(m_doc->filePath());
        if (message.isNull())
            return;
        saveTo(m_doc->filePath(), message);
    } else {
        saveTo(m_doc->filePath(), {});
    }
}

void MainWindow::saveAs()
{
    QString selected;
    QString suggestion = m_doc->filePath();
    if (suggestion.isEmpty() && m_fabric)
        suggestion = QString::fromStdString(m_fabric->name.empty() ? std::string("fabric") : m_fabric->name) + QStringLiteral(".lfp");
    QString path = QFileDialog::getSaveFileName(this, tr("Save Fabric As"), suggestion,
        tr("LFP project (*.lfp);;Fabric JSON (*.json)"), &selected);
    if (path.isEmpty())
        return;
    if (!path.endsWith(QStringLiteral(".lfp"), Qt::CaseInsensitive) && !path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive))
        path += selected.contains(QStringLiteral("*.json")) ? QStringLiteral(".json") : QStringLiteral(".lfp");
    if (isProjectPath(path)) {
        const QString message = askRevisionMessage(path);
        if (message.isNull())
            return;
        saveTo(path, message);
    } else {
        saveTo(path, {});
    }
}

UserGuideWindow* MainWindow::openUserGuide()
{
    if (!m_userGuide)
        m_userGuide = new UserGuideWindow(this);
    // In the language of the interface now (View ▸ Language may have changed it since the last time).
    m_userGuide->showManual(currentLanguage());
    m_userGuide->show();
    m_userGuide->raise();
    m_userGuide->activateWindow();
    return m_userGuide;
}

void MainWindow::about()
{
    QMessageBox::about(this, tr("About Lossless Fabric Planner"),
        tr("<h3>Lossless Fabric Planner %1</h3>"
           "<p>Plans lossless RDMA fabrics (RoCEv2 and InfiniBand): topology, cabling, QoS policy, "
           "PFC headroom and buffer budgets.</p>"
           "<p>Licensed under the GNU GPL, version 3 or later.</p>")
                .arg(QCoreApplication::applicationVersion())
            + QStringLiteral("<p><small>%1</small></p>").arg(tr("Source commit %1").arg(QStringLiteral(LFP_SOURCE_COMMIT))));
}

void MainWindow::showError(const QString& title, const QString& text)
{
    statusBar()->showMessage(title, 8000);
    if (m_quiet)
        return;
    auto* box = new QMessageBox(QMessageBox::Critical, title, text, QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("errorBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->open();
}

// ---- recent files ----

QStringList MainWindow::recentFiles() const { return QSettings().value(kRecentKey).toStringList(); }

void MainWindow::addRecentFile(const QString& path)
{
    QSettings settings;
    QStringList files = settings.value(kRecentKey).toStringList();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    settings.setValue(kRecentKey, files);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = recentFiles();
    int n = 0;
    for (const QString& file : files) {
        ++n;
        QAction* a = m_recentMenu->addAction(QStringLiteral("&%1  %2").arg(n % 10).arg(QFileInfo(file).fileName()));
        a->setToolTip(file);
        a->setStatusTip(file);
        connect(a, &QAction::triggered, this, [this, file] {
            if (maybeSave())
                openFile(file);
        });
    }
    if (files.isEmpty()) {
        m_recentMenu->addAction(tr("No recent files"))->setEnabled(false);
        return;
    }
    m_recentMenu->addSeparator();
    connect(m_recentMenu->addAction(tr("&Clear Menu")), &QAction::triggered, this, [this] {
        QSettings().remove(kRecentKey);
        rebuildRecentMenu();
    });
}

// ---- status ----

QString MainWindow::statusText() const
{
    return m_countsLabel->text() + QStringLiteral(" | ") + m_fileLabel->text() + QStringLiteral(" | ") + m_findingsText;
}

void MainWindow::updateStatus()
{
    if (!m_fabric) {
        m_countsLabel->setText(tr("No fabric"));
        m_fileLabel->clear();
        return;
    }
    QString counts = tr("Switches: %1 · Hosts: %2 · Links: %3")
                         .arg(m_fabric->switchCount())
                         .arg(m_fabric->hostCount())
                         .arg(m_fabric->links.size());
    if (m_scene->isSummarised())
        counts += QStringLiteral(" · ") + tr("large fabric: hosts summarised per leaf");
    m_countsLabel->setText(counts);
    if (m_doc->filePath().isEmpty()) {
        // Untitled: the bundled example, or a fabric made by File ▸ New Fabric.
        static const std::string exampleName = exampleFabric().name;
        m_fileLabel->setText(m_fabric->name == exampleName ? tr("Bundled example (not saved)") : tr("Untitled (not saved)"));
    } else if (m_doc->revision()) {
        m_fileLabel->setText(tr("%1 — revision %2").arg(QFileInfo(m_doc->filePath()).fileName()).arg(*m_doc->revision()));
    } else {
        m_fileLabel->setText(QFileInfo(m_doc->filePath()).fileName());
    }
    m_fileLabel->setToolTip(m_doc->filePath());
}

void MainWindow::updateTitle()
{
    QString name = m_fabric && !m_fabric->name.empty() ? QString::fromStdString(m_fabric->name) : tr("Untitled");
    if (!m_doc->filePath().isEmpty())
        name += QStringLiteral(" (%1)").arg(QFileInfo(m_doc->filePath()).fileName());
    setWindowTitle(tr("%1[*] — Lossless Fabric Planner").arg(name));
    setWindowModified(m_doc->isModified());
}

// ---- selection: the document's (FabricDocument::selection), shown by the tree, the diagram and the inspector ----

std::optional<ObjectRef> MainWindow::treeRef(const QModelIndex& index) const
{
    const auto ref = m_model->refFor(index);
    if (ref && ref->kind == DeviceTreeModel::Kind::Node)
        return ObjectRef::forNode(m_fabric->nodes[ref->node].name);
    if (ref && ref->kind == DeviceTreeModel::Kind::Port)
        return ObjectRef::forPort({ m_fabric->nodes[ref->node].name, m_fabric->nodes[ref->node].ports[ref->port].name });
    return std::nullopt;
}

std::vector<ObjectRef> MainWindow::treeSelection() const
{
    // The current object first (the inspector shows it), then the rest of the selection in tree order.
    std::vector<ObjectRef> sel;
    const QModelIndex current = m_tree->currentIndex();
    if (m_tree->selectionModel()->isSelected(current))
        if (auto r = treeRef(current))
            sel.push_back(*r);
    for (const QModelIndex& i : m_tree->selectionModel()->selectedRows())
        if (auto r = treeRef(i); r && std::find(sel.begin(), sel.end(), *r) == sel.end())
            sel.push_back(*r);
    return sel;
}

bool MainWindow::treeShows(const std::vector<ObjectRef>& tree, const std::vector<ObjectRef>& doc) const
{
    // A link shows as its first port's row; the tree has no row for policies and roles.
    std::vector<ObjectRef> shown;
    for (const ObjectRef& r : doc)
        if (r.kind == ObjectRef::Kind::Link)
            shown.push_back(ObjectRef::forPort(r.endpoint()));
        else if (r.kind == ObjectRef::Kind::Node || r.kind == ObjectRef::Kind::Port)
            shown.push_back(r);
    if (shown.size() != tree.size() || (!shown.empty() && shown.front() != tree.front()))
        return false;
    return std::all_of(shown.begin(), shown.end(), [&](const ObjectRef& r) { return std::find(tree.begin(), tree.end(), r) != tree.end(); });
}

void MainWindow::syncDocumentSelection()
{
    if (!m_fabric)
        return;
    std::vector<ObjectRef> sel = treeSelection();
    if (treeShows(sel, m_doc->selection()))
        return; // what the document holds already (a link selected in the diagram shows as its port)
    m_doc->setSelection(std::move(sel));
}

QModelIndex MainWindow::treeIndexOf(const ObjectRef& ref) const
{
    const auto ni = ref.kind == ObjectRef::Kind::Policy || ref.kind == ObjectRef::Kind::Role ? std::nullopt : m_index->node(ref.node);
    if (!ni)
        return {};
    if (ref.kind == ObjectRef::Kind::Node)
        return m_model->indexForNode(*ni);
    if (const auto pi = portIndexOf(m_fabric->nodes[*ni], ref.port))
        return m_model->indexForPort(*ni, *pi); // a port, or a link by its first port
    return {};
}

QModelIndex MainWindow::treeIndexOf(const QString& object) const
{
    // The text forms, quoted ones too ("MF0;sw:MQM8700/U1":1, objectref.h).
    if (const auto ref = resolveObjectText(object.toStdString(), *m_index); ref && resolves(*ref, *m_index))
        return treeIndexOf(*ref);
    return {};
}

void MainWindow::applyDocumentSelection()
{
    if (!m_fabric)
        return;
    const std::vector<ObjectRef>& sel = m_doc->selection();
    // The tree shows the selection without announcing it back (it came from the document); a
    // selection made in the tree is left as the user made it.
    if (!treeShows(treeSelection(), sel)) {
        const QSignalBlocker quiet(m_tree->selectionModel());
        QItemSelection rows;
        QModelIndex current;
        for (const ObjectRef& r : sel)
            if (const QModelIndex idx = treeIndexOf(r); idx.isValid()) {
                if (!current.isValid())
                    current = idx;
                m_tree->expand(idx.parent());
                rows.select(idx, idx);
            }
        m_tree->selectionModel()->select(rows, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_tree->selectionModel()->setCurrentIndex(current, QItemSelectionModel::NoUpdate);
        if (current.isValid())
            m_tree->scrollTo(current);
    }
    m_tree->viewport()->update();
    showSelectionInScene();
    showSelection();
}

void MainWindow::showSelectionInScene()
{
    const auto current = m_doc->currentObject();
    const auto ni = current && current->kind != ObjectRef::Kind::Policy && current->kind != ObjectRef::Kind::Role ? m_index->node(current->node)
                                                                                                                : std::nullopt;
    if (!ni) {
        m_scene->clearSelectionQuietly();
        return;
    }
    const auto link = current->kind == ObjectRef::Kind::Node ? std::nullopt : linkIndexOf(*m_fabric, m_index->findLinkAt(current->endpoint()));
    if (link) {
        m_scene->selectLink(*link);
        m_view->reveal(m_scene->linkItem(*link));
    } else {
        m_scene->selectNode(*ni);
        m_view->reveal(m_scene->nodeItem(*ni));
    }
}

bool MainWindow::selectObjects(const QStringList& objects)
{
    if (!m_fabric || objects.isEmpty())
        return false;
    std::vector<ObjectRef> sel;
    bool all = true;
    for (const QString& o : objects) {
        const auto ref = resolveObjectText(o.toStdString(), *m_index);
        if (!ref || !resolves(*ref, *m_index) || !treeIndexOf(*ref).isValid()) {
            if (sel.empty())
                return false; // the first one is the current object
            all = false;
            continue;
        }
        if (std::find(sel.begin(), sel.end(), *ref) == sel.end())
            sel.push_back(*ref);
    }
    m_doc->setSelection(std::move(sel));
    return all;
}

void MainWindow::onSceneNodeSelected(std::size_t node)
{
    if (m_fabric && node < m_fabric->nodes.size())
        m_doc->setSelection({ ObjectRef::forNode(m_fabric->nodes[node].name) });
}

void MainWindow::onSceneLinkSelected(std::size_t link)
{
    if (m_fabric && link < m_fabric->links.size())
        m_doc->setSelection({ ObjectRef::forLink(m_fabric->links[link].a) });
}

void MainWindow::onSceneSelectionCleared()
{
    if (m_fabric)
        m_doc->setSelection({});
}

// ---- buffers: headroom and budget of what is selected ----

const BudgetContext& MainWindow::budgetContext()
{
    if (!m_budgetCtx)
        m_budgetCtx = std::make_unique<BudgetContext>(*m_index);
    return *m_budgetCtx;
}

void MainWindow::updateBufferPanels(std::optional<std::size_t> node, std::optional<std::size_t> port)
{
    if (!m_fabric || !node || *node >= m_fabric->nodes.size()) {
        m_headroomPanel->showHint(tr("Select a switch port (in the tree, or a link in the diagram) to see its headroom."));
        m_budgetPanel->showHint(tr("Select a switch (or one of its ports) to see its buffer budget."));
        return;
    }
    const Node& n = m_fabric->nodes[*node];
    if (port)
        m_headroomPanel->showPort(*m_index, *node, *port);
    else
        m_headroomPanel->showHint(n.isSwitch() ? tr("Select one of %1's ports (or a link) to see its headroom.").arg(qs(n.name))
                                               : tr("Headroom is reserved on switch ports; select a switch port."));
    if (n.isSwitch()) {
        m_budgetPanel->showSwitch(budgetContext(), *m_catalog, *node);
    } else {
        // A host: the budget of the switch it hangs off, when the selection is one of its ports.
        std::optional<std::size_t> peerSwitch;
        if (port)
            if (const Link* l = m_index->findLinkAt({ n.name, n.ports[*port].name })) {
                const Endpoint& other = l->a.node == n.name ? l->b : l->a;
                peerSwitch = m_index->node(other.node);
            }
        if (peerSwitch && m_fabric->nodes[*peerSwitch].isSwitch())
            m_budgetPanel->showSwitch(budgetContext(), *m_catalog, *peerSwitch);
        else
            m_budgetPanel->showHint(tr("%1 is a host: buffers are planned per switch. Select a switch.").arg(qs(n.name)));
    }
}

ExportDialog* MainWindow::openExportDialog()
{
    // A fresh dialog on the current snapshot each time (the plan may have changed since the last one).
    auto* dlg = new ExportDialog(m_fabric, m_doc ? m_doc->filePath() : QString(), m_doc ? m_doc->revision() : std::nullopt, this);
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    dlg->show();
    dlg->raise();
    return dlg;
}

ImportDialog* MainWindow::openImportDialog()
{
    auto* dlg = new ImportDialog(m_doc, this);
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    dlg->show();
    dlg->raise();
    return dlg;
}

void MainWindow::setTheme(Theme::Mode mode, bool persist)
{
    Theme::apply(mode);
    if (persist)
        Theme::saveMode(mode);
    if (auto it = m_themeActs.find(mode); it != m_themeActs.end())
        it->second->setChecked(true);
    m_scene->refreshColours();
    m_model->refreshColours();
}

HeadroomDialog* MainWindow::openHeadroomCalculator()
{
    if (!m_headroomDialog) {
        m_headroomDialog = new HeadroomDialog(m_catalog ? m_catalog : builtinCatalog(nullptr), this);
        // Start from the port the panel shows, else Spectrum-3 100G over 5 m.
        if (m_headroomPanel->result())
            m_headroomDialog->panel()->setInputs(m_headroomPanel->asicId(), m_headroomPanel->inputs());
    } else {
        m_headroomDialog->panel()->setCatalog(m_catalog ? m_catalog : builtinCatalog(nullptr));
    }
    m_headroomDialog->show();
    m_headroomDialog->raise();
    m_headroomDialog->activateWindow();
    return m_headroomDialog;
}

// ---- findings ----

void MainWindow::runChecks()
{
    if (!m_fabric)
        return;
    m_checks->run(m_fabric, m_catalog);
}

bool MainWindow::waitForChecks(int timeoutMs) { return m_checks->waitForIdle(timeoutMs); }

void MainWindow::onChecksStarted()
{
    m_findingsPanel->setRunning(true);
    m_findingsPanel->setSummaryText(tr("Checking…"));
    setFindingsStatus(tr("Checking…"), tr("Checking…"));
    m_cancelChecksAct->setEnabled(true);
}

void MainWindow::setFindingsStatus(const QString& richText, const QString& plain)
{
    m_findingsText = plain;
    m_findingsLabel->setText(richText);
    m_findingsLabel->setVisible(!richText.isEmpty());
}

void MainWindow::onChecksFinished()
{
    m_findingsPanel->setRunning(false);
    m_cancelChecksAct->setEnabled(false);
    m_scene->setHighlight({}, {}, {});
    m_model->setHighlight({}, {}, {});
    m_findingsPanel->model()->setFindings(m_checks->findings());
    m_policyEditor->setFindings(m_checks->findings());
    const FindingSummary sum = m_findingsPanel->model()->summary();
    if (!m_checks->error().isEmpty()) {
        m_findingsPanel->setSummaryText(tr("The checks failed: %1").arg(m_checks->error()), true);
        setFindingsStatus(QStringLiteral("<span style='color:#C62828'>%1</span>").arg(tr("Checks failed").toHtmlEscaped()), tr("Checks failed"));
    } else {
        //: a list of three counts: "1 error, 0 warnings, 0 notes"
        const QString counts = tr("%1, %2, %3")
                                   .arg(tr("%n error(s)", nullptr, sum.errors), tr("%n warning(s)", nullptr, sum.warnings),
                                       tr("%n note(s)", nullptr, sum.infos));
        m_findingsPanel->setSummaryText(tr("Checked in %1 ms: %2").arg(m_checks->elapsedMs()).arg(counts), sum.errors > 0);
        //: a list of two counts: "1 error, 0 warnings"
        const QString plain = tr("%1, %2").arg(tr("%n error(s)", nullptr, sum.errors), tr("%n warning(s)", nullptr, sum.warnings));
        auto part = [](Severity s, const QString& text, bool active) {
            return QStringLiteral("<span style='color:%1'>&#9679;</span>&nbsp;<span style='%2'>%3</span>")
                .arg(active ? Appearance::severityColour(s).name() : QStringLiteral("#9aa3ae"),
                    active ? QStringLiteral("font-weight:bold") : QString(), text.toHtmlEscaped());
        };
        const QString rich = QStringLiteral("<a href='findings' style='text-decoration:none; color:inherit'>%1&nbsp;&nbsp;%2</a>")
                                 .arg(part(Severity::Error, tr("%n error(s)", nullptr, sum.errors), sum.errors > 0),
                                     part(Severity::Warning, tr("%n warning(s)", nullptr, sum.warnings), sum.warnings > 0));
        setFindingsStatus(rich, plain);
    }
    m_findingsDock->setWindowTitle(sum.errors + sum.warnings + sum.infos > 0
            ? tr("Findings (%1)").arg(sum.errors + sum.warnings + sum.infos)
            : tr("Findings"));
    // Badges on the nodes with errors or warnings.
    std::vector<std::tuple<int, int, QString>> badges;
    if (m_fabric) {
        const auto nb = nodeBadges(*m_index, m_checks->findings());
        badges.reserve(nb.size());
        for (const NodeBadge& b : nb) {
            QString tip;
            if (b.errors + b.warnings > 0)
                tip = tr("%1: %2").arg(tr("%1, %2").arg(tr("%n error(s)", nullptr, b.errors), tr("%n warning(s)", nullptr, b.warnings)),
                    b.codes.join(QStringLiteral(", ")));
            badges.emplace_back(b.errors, b.warnings, tip);
        }
    }
    m_scene->setBadges(badges);
}

void MainWindow::onFindingSelected(int row)
{
    const Finding* f = m_findingsPanel->model()->findingAt(row);
    if (!f || !m_fabric) {
        m_scene->setHighlight({}, {}, {});
        m_model->setHighlight({}, {}, {});
        return;
    }
    const FindingTargets t = resolveFindingObjects(*m_index, f->objects);
    const QColor colour = Appearance::severityColour(f->severity);
    m_scene->setHighlight(t.nodes, t.links, colour);
    m_model->setHighlight(t.nodes, t.ports, colour);
    // Open the nodes whose ports are named, so that the marked ports show (a few, not hundreds).
    if (t.ports.size() <= 16)
        for (const auto& [n, p] : t.ports)
            m_tree->expand(m_model->indexForNode(n));
    // The first object becomes the document's selection: the tree scrolls to it, the diagram, the
    // properties, headroom and budget panels show it.
    if (!t.ports.empty()) {
        const Node& n = m_fabric->nodes[t.ports.front().first];
        m_doc->setSelection({ ObjectRef::forPort({ n.name, n.ports[t.ports.front().second].name }) });
    } else if (!t.nodes.empty()) {
        m_doc->setSelection({ ObjectRef::forNode(m_fabric->nodes[t.nodes.front()].name) });
    }
    const QRectF r = m_scene->highlightRect();
    if (!r.isEmpty() && !m_view->mapToScene(m_view->viewport()->rect()).boundingRect().contains(r))
        m_view->ensureVisible(r, 30, 30);
}

bool MainWindow::selectFinding(const QString& code)
{
    const QList<int> rows = m_findingsPanel->model()->rowsWithCode(code);
    if (rows.isEmpty())
        return false;
    raiseDock(QStringLiteral("findings"));
    return m_findingsPanel->selectRow(rows.first());
}

bool MainWindow::selectObject(const QString& object)
{
    return selectObjects({ object });
}

bool MainWindow::raiseDock(const QString& name)
{
    QDockWidget* d = name == QStringLiteral("findings") ? m_findingsDock
        : name == QStringLiteral("headroom")            ? m_headroomDock
        : name == QStringLiteral("budget")              ? m_budgetDock
                                                        : nullptr;
    if (!d)
        return false;
    d->show();
    d->raise();
    return true;
}

QStringList MainWindow::declaredViewNames()
{
    return { QStringLiteral("budget"), QStringLiteral("contract"), QStringLiteral("deadlock"), QStringLiteral("headroom"), QStringLiteral("history"),
        QStringLiteral("policy"), QStringLiteral("review"), QStringLiteral("revisions"), QStringLiteral("storm"), QStringLiteral("templates") };
}

void MainWindow::registerView(const QString& name, std::function<bool()> show)
{
    if (!declaredViewNames().contains(name)) {
        qWarning("lfp-planner: view \"%s\" is not in MainWindow::declaredViewNames()", qPrintable(name));
        return;
    }
    m_views[name] = std::move(show);
}

bool MainWindow::showView(const QString& name)
{
    const auto it = m_views.find(name);
    return it != m_views.end() && it->second();
}

QStringList MainWindow::viewNames() const
{
    QStringList names;
    for (const auto& [name, show] : m_views)
        names << name;
    return names;
}

} // namespace lfp::gui

// ---- Add and remove, the undo history

namespace lfp::gui {

void MainWindow::createEditingActions()
{
    m_addSwitchAct = new QAction(tr("Add &Switch…"), this);
    m_addSwitchAct->setObjectName(QStringLiteral("addSwitchAction"));
    m_addSwitchAct->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    m_addSwitchAct->setStatusTip(tr("Add a switch with numbered ports"));
    connect(m_addSwitchAct, &QAction::triggered, this, [this] { openAddDialog(AddKind::Switch); });
    m_addHostAct = new QAction(tr("Add H&ost…"), this);
    m_addHostAct->setObjectName(QStringLiteral("addHostAction"));
    connect(m_addHostAct, &QAction::triggered, this, [this] { openAddDialog(AddKind::Host); });
    m_addPortAct = new QAction(tr("Add &Port…"), this);
    m_addPortAct->setObjectName(QStringLiteral("addPortAction"));
    connect(m_addPortAct, &QAction::triggered, this, [this] { openAddDialog(AddKind::Port); });
    m_addLinkAct = new QAction(tr("Add &Link…"), this);
    m_addLinkAct->setObjectName(QStringLiteral("addLinkAction"));
    m_addLinkAct->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    m_addLinkAct->setStatusTip(tr("Link two free ports"));
    connect(m_addLinkAct, &QAction::triggered, this, [this] { openAddDialog(AddKind::Link); });
    m_deleteAct = new QAction(tr("&Delete"), this);
    m_deleteAct->setObjectName(QStringLiteral("deleteAction"));
    m_deleteAct->setShortcut(QKeySequence::Delete);
    m_deadlockAct = new QAction(tr("Run &Deadlock Analysis"), this);
    m_deadlockAct->setObjectName(QStringLiteral("deadlockAction"));
    m_deadlockAct->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    m_deadlockAct->setStatusTip(tr("Look for PFC deadlock cycles in the routing (ECMP), in the background"));
    connect(m_deadlockAct, &QAction::triggered, this, [this] { runDeadlockAnalysis(); });
    m_deleteAct->setStatusTip(tr("Remove the selected devices, ports or links (a device with its ports and links)"));
    connect(m_deleteAct, &QAction::triggered, this, [this] { removeSelected(); });
    // The same actions in the context menus of the diagram and the device tree.
    for (QWidget* w : { static_cast<QWidget*>(m_view), static_cast<QWidget*>(m_tree) }) {
        w->setContextMenuPolicy(Qt::ActionsContextMenu);
        w->addActions({ m_addSwitchAct, m_addHostAct, m_addPortAct, m_addLinkAct, m_deleteAct });
    }
}

bool MainWindow::pushStructure(const std::function<StructureCommand*()>& make)
{
    if (!m_fabric)
        return false;
    StructureCommand* c = nullptr;
    try {
        c = make();
    } catch (const std::exception& e) {
        m_lastError = QString::fromStdString(e.what());
        statusBar()->showMessage(m_lastError, 10000);
        return false;
    }
    const QString text = c->text();
    const std::vector<ObjectRef> added = c->objects();
    m_doc->setSelection({});
    m_doc->undoStack()->push(c);
    QStringList objects;
    for (const ObjectRef& r : added)
        objects << QString::fromStdString(r.kind == ObjectRef::Kind::Link ? ObjectRef::forPort(r.endpoint()).toString() : r.toString());
    selectObjects(objects);
    statusBar()->showMessage(tr("%1; Ctrl+Z undoes it").arg(text), 8000);
    return true;
}

bool MainWindow::addNode(Node node, const FieldValues& fields)
{
    return pushStructure([&] { return new AddNodeCommand(m_doc, std::move(node), fields); });
}

bool MainWindow::addPort(const Endpoint& port, const FieldValues& fields)
{
    return pushStructure([&] { return new AddPortCommand(m_doc, port, fields); });
}

bool MainWindow::addLink(const Endpoint& a, const Endpoint& b, const FieldValues& fields)
{
    return pushStructure([&] { return new AddLinkCommand(m_doc, a, b, fields); });
}

QStringList MainWindow::removeObjects(const std::vector<ObjectRef>& objects)
{
    if (!m_fabric)
        return {};
    RemoveObjectsCommand* c = nullptr;
    try {
        c = new RemoveObjectsCommand(m_doc, objects);
    } catch (const std::exception& e) {
        m_lastError = QString::fromStdString(e.what());
        statusBar()->showMessage(m_lastError, 10000);
        return {};
    }
    QStringList removed;
    for (const auto& line : c->removed())
        removed << QString::fromStdString(line);
    m_doc->setSelection({}); // the removed objects must not be reselected
    m_tree->selectionModel()->clearSelection();
    m_doc->undoStack()->push(c);
    const int more = int(removed.size()) - 3;
    statusBar()->showMessage(tr("Removed %1%2; Ctrl+Z undoes it")
                                 .arg(QStringList(removed.mid(0, 3)).join(QStringLiteral(", ")),
                                     more > 0 ? tr(" and %n more", nullptr, more) : QString()),
        10000);
    return removed;
}

QStringList MainWindow::removeSelected()
{
    if (m_doc->selection().empty()) {
        statusBar()->showMessage(tr("Select the devices, ports or links to delete"), 5000);
        return {};
    }
    return removeObjects(m_doc->selection());
}

QDialog* MainWindow::openAddDialog(AddKind kind)
{
    if (!m_fabric)
        return nullptr;
    const QString from = m_doc->selection().empty() ? QString() : QString::fromStdString(m_doc->selection().front().kind == ObjectRef::Kind::Node
                                                                                              ? m_doc->selection().front().node
                                                                                              : ObjectRef::forPort(m_doc->selection().front().endpoint()).toString());
    QDialog* d = nullptr;
    switch (kind) {
    case AddKind::Switch:
    case AddKind::Host: {
        auto* nd = new AddNodeDialog(*m_fabric, m_catalog.get(), kind == AddKind::Switch, this);
        connect(nd, &QDialog::accepted, this, [this, nd] { addNode(nd->node(), nd->fields()); });
        d = nd;
        break;
    }
    case AddKind::Port: {
        auto* pd = new AddPortDialog(*m_fabric, from, this);
        connect(pd, &QDialog::accepted, this, [this, pd] { addPort(pd->port(), pd->fields()); });
        d = pd;
        break;
    }
    case AddKind::Link: {
        auto* ld = new AddLinkDialog(*m_fabric, from, this);
        connect(ld, &QDialog::accepted, this, [this, ld] { addLink(ld->a(), ld->b(), ld->fields()); });
        d = ld;
        break;
    }
    }
    d->setAttribute(Qt::WA_DeleteOnClose);
    d->setWindowModality(Qt::WindowModal);
    // The dialog reads the snapshot it was opened on: a change of the document closes it.
    connect(m_doc, &FabricDocument::changed, d, &QDialog::reject);
    d->show();
    return d;
}

} // namespace lfp::gui

// ---- Background analysis

namespace lfp::gui {

void MainWindow::createAnalysisUi()
{
    m_deadlockJobs = new JobRunner(this);
    m_analysisStatus = new AnalysisStatus;
    m_analysisStatus->watch(&m_checks->jobs(), tr("Checking"));
    m_analysisStatus->watch(m_deadlockJobs, tr("Deadlock analysis"));
    statusBar()->addPermanentWidget(m_analysisStatus);
    connect(m_deadlockJobs, &JobRunner::cancelled, this, [this] { showAnalysisMessage(tr("Deadlock analysis cancelled")); });
    connect(m_checks, &CheckRunner::cancelled, this, [this] { showAnalysisMessage(tr("Checks cancelled")); });
    connect(m_deadlockJobs, &JobRunner::finished, this, [this] {
        if (!m_deadlockJobs->error().isEmpty()) {
            showAnalysisMessage(tr("Deadlock analysis failed: %1").arg(m_deadlockJobs->error()));
            return;
        }
        if (const auto* r = std::any_cast<DeadlockOutcome>(&m_deadlockJobs->result()))
            showAnalysisMessage(DeadlockView::statusMessage(*r));
    });
    // A newer edit supersedes a deadlock analysis in progress: it restarts on the new snapshot.
    connect(m_doc, &FabricDocument::changed, this, [this] {
        if (m_deadlockJobs->isRunning())
            runDeadlockAnalysis(m_deadlockFailures, m_deadlockExhaustive);
    });
}

void MainWindow::showAnalysisMessage(const QString& text)
{
    m_analysisMessage = text;
    statusBar()->showMessage(text, 15000);
}

void MainWindow::runDeadlockAnalysis(int failures, bool exhaustive)
{
    if (!m_fabric)
        return;
    std::shared_ptr<const Fabric> fabric = m_fabric;
    m_analysisMessage.clear();
    m_deadlockFailures = failures;
    m_deadlockExhaustive = exhaustive;
    // The one deadlock job of `lfp deadlock` (planner/routing/deadlockjob.h), the sweep kept in its outcome; the
    // status message applies its coverage rule (never "no cycle" when nothing was covered).
    DeadlockJob job; // ECMP routing, every lossless priority (as `lfp deadlock` without options)
    job.failures = failures;
    job.exhaustive = exhaustive;
    m_deadlockJobs->run(QStringLiteral("deadlock"), [fabric, job](Feedback* fb) -> std::any { return runDeadlockJob(job, *fabric, fb); });
}

void MainWindow::cancelAnalysis() { m_analysisStatus->cancel(); }

bool MainWindow::isAnalysisRunning() const { return m_analysisStatus->isRunning(); }

} // namespace lfp::gui
