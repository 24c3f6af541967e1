// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file mainwindow.h
/// The planner's main window: device tree and property panel on the left, the tiered diagram on the
/// right, File (open .lfp/.json, recent files, save as a new revision or as JSON) and View menus,
/// and a status bar with the counts and the file/revision shown.
/// Below the diagram, three tabbed docks: the findings of runAllChecks() (run in the background after
/// every load and save, and on Checks ▸ Run Checks), the PFC headroom of the selected switch port,
/// and the buffer budget of the selected switch. Selecting a finding highlights its objects in the
/// diagram and the tree; nodes with error or warning findings carry a badge in the diagram.

#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers these pull in
#include "gui/appearance.h"
#include "gui/theme.h"
#include "document/structurecommands.h"
#include "model/fabric.h"
#include "model/asiccatalog.h"
#include "planner/buffer/budget.h"
#endif

#include <QMainWindow>

#include <functional>
#include <map>
#include <memory>
#include <optional>

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;
class QLineEdit;
class QMenu;
class QProgressBar;
class QSplitter;
class QTreeView;
class QDialog;
class QUndoView;
class QPushButton;

namespace lfp {
class FabricDocument;
class JobRunner;
class Autosaver;
struct FabricChange;
class FabricIndex;
struct ObjectRef;
} // namespace lfp

namespace lfp::gui {

class AnalysisStatus;
class BudgetPanel;
class PolicyEditor;
class BudgetView;
class FindingHelpDialog;
class UserGuideWindow;
class ImportDialog;
class HeadroomExplainer;
class TemplatesView;
class CheckRunner;
class DeviceTreeModel;
class FabricScene;
class FindingsPanel;
class HeadroomDialog;
class ExportDialog;
class HeadroomPanel;
class FabricView;
class OverlayToolBar;
class PropertyPanel;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Loads a .lfp (revision @p revision or the latest) or .json file. On failure the current fabric
    /// stays, the error is kept in lastError() and, unless quiet, shown in a message box (non-blocking).
    bool openFile(const QString& path, std::optional<int> revision = std::nullopt);
    /// Shows the bundled example fabric.
    void openExample();
    /// Shows @p fabric, read from @p path (empty for the example) at @p revision.
    void setFabric(Fabric fabric, const QString& path, std::optional<int> revision);
    /// Saves the fabric to @p path without asking: a new revision with @p message for .lfp, JSON
    /// otherwise. On success the window shows @p path (and the new revision).
    bool saveTo(const QString& path, const QString& message);

    /// Errors are not shown in message boxes (screenshot mode, scripts); no recovery is offered.
    void setQuiet(bool quiet) { m_quiet = quiet; }
    /// Unsaved changes a crashed LFP left for @p path (empty: untitled documents): offers to recover
    /// them (document/autosave.h). Returns true when they were restored into the document.
    bool offerRecovery(const QString& path);
    /// For tests: answer the recovery question without a dialog (Yes = recover, No = discard,
    /// Ignore = keep for later); unset: ask.
    void setRecoveryAnswer(std::optional<int> button) { m_recoveryAnswer = button; }
    [[nodiscard]] Autosaver* autosaver() const { return m_autosaver; }

    [[nodiscard]] const Fabric* fabric() const { return m_fabric.get(); }
    /// The open project: snapshot, file, revision, undo stack, selection (document/fabricdocument.h).
    [[nodiscard]] FabricDocument* document() const { return m_doc; }
    [[nodiscard]] QString currentFile() const;
    [[nodiscard]] std::optional<int> currentRevision() const;
    [[nodiscard]] QString lastError() const { return m_lastError; }
    [[nodiscard]] QString statusText() const;
    [[nodiscard]] QStringList recentFiles() const;

    [[nodiscard]] FabricScene* scene() const { return m_scene; }
    [[nodiscard]] FabricView* view() const { return m_view; }
    [[nodiscard]] DeviceTreeModel* treeModel() const { return m_model; }
    [[nodiscard]] QTreeView* treeView() const { return m_tree; }
    [[nodiscard]] PropertyPanel* propertyPanel() const { return m_panel; }
    [[nodiscard]] QSplitter* mainSplitter() const { return m_splitter; }
    [[nodiscard]] CheckRunner* checkRunner() const { return m_checks; }
    [[nodiscard]] FindingsPanel* findingsPanel() const { return m_findingsPanel; }
    [[nodiscard]] HeadroomPanel* headroomPanel() const { return m_headroomPanel; }
    [[nodiscard]] BudgetPanel* budgetPanel() const { return m_budgetPanel; }
    /// The Policy dock's editor (View ▸ Policy, --view policy).
    [[nodiscard]] PolicyEditor* policyEditor() const { return m_policyEditor; }
    [[nodiscard]] QDockWidget* findingsDock() const { return m_findingsDock; }
    [[nodiscard]] QDockWidget* headroomDock() const { return m_headroomDock; }
    [[nodiscard]] QDockWidget* budgetDock() const { return m_budgetDock; }
    /// The ASIC catalogue in use: the built-in one merged with the fabric's own profiles.
    [[nodiscard]] std::shared_ptr<const AsicCatalog> catalog() const { return m_catalog; }
    /// The status bar's findings summary ("1 error, 0 warnings"; "Checking…" while running).
    [[nodiscard]] QString findingsStatusText() const { return m_findingsText; }

    /// Waits (processing events) until the background checks are done. True when they are.
    bool waitForChecks(int timeoutMs = 60000);
    /// Selects a node ("leaf1") or port ("leaf1:Ethernet0") as a click in the tree would. False when
    /// the fabric has no such object.
    bool selectObject(const QString& object);
    /// Edit > Find (Ctrl+F): selects and reveals the next device or port matching @p query
    /// (model/objectsearch.h, as `lfp find`); the same query again steps to the next match. Returns
    /// the object selected, empty when nothing matches.
    QString findNext(const QString& query);
    /// Selects several nodes or ports (the first one current, shown in the inspector), as Ctrl+click
    /// in the tree would. False when one of them does not exist.
    bool selectObjects(const QStringList& objects);
    /// Sets @p field of @p object to @p value as one undoable command (the inspector's edit). When
    /// @p object is selected, every selected object of its kind changes with it. On a bad value the
    /// document stays as it was, the inspector shows the reason at the field and false is returned.
    bool applyEdit(const ObjectRef& object, const QString& field, const QString& value);
    /// The headroom panel's "Apply to Plan": its what-if inputs become the port's, link's and switch's
    /// values in one undo step. False when nothing differs or a value is refused.
    bool applyHeadroomWhatIf();
    /// Selects the first finding with @p code in the findings panel (highlighting its objects).
    bool selectFinding(const QString& code);
    /// Brings a dock to the front: "findings", "headroom" or "budget". False for other names.
    bool raiseDock(const QString& name);
    /// Opens the view named @p name (`lfp-planner --view NAME`, a contract: budget, headroom,
    /// deadlock, revisions, review, templates). False for a name no view registered.
    bool showView(const QString& name);
    /// The names showView() accepts, sorted.
    [[nodiscard]] QStringList viewNames() const;
    /// The names of `--view`, sorted: every view registers one of them (registerView refuses any other),
    /// and `lfp-planner --help` lists them without building a window (tst_mainwindow: a window registers
    /// exactly these).
    [[nodiscard]] static QStringList declaredViewNames();
    /// Makes @p show the way to open view @p name (each view registers itself in createViews()); a name
    /// not in declaredViewNames() is refused.
    void registerView(const QString& name, std::function<bool()> show);
    /// Brings the bottom dock @p dock (a view) to the front; it and the diagram share the height
    /// between the toolbars and the status bar equally, so that the view has room for its tables and
    /// the diagram stays legible; or the view gets @p needed pixels (by default its layout's minimum
    /// height: whole rows of its short tables) when it needs more (at most two thirds of that height).
    void showViewDock(QDockWidget* dock, int needed = 0);
    // ---- the chart views (gui/mainwindow_charts.cpp): --view budget | headroom | templates, Help ▸ Finding Codes
    [[nodiscard]] BudgetView* budgetView() const { return m_budgetView; }
    [[nodiscard]] HeadroomExplainer* headroomExplainer() const { return m_headroomExplainer; }
    [[nodiscard]] TemplatesView* templatesView() const { return m_templatesView; }
    /// Help ▸ Finding Codes (non-modal; one instance), showing @p code (empty: the current or first one).
    FindingHelpDialog* openFindingHelp(const QString& code = {});
    /// Help ▸ User Guide (F1; non-modal, one instance): the manual in the interface's language.
    UserGuideWindow* openUserGuide();
    /// Tools ▸ Headroom Calculator (non-modal; one instance).
    HeadroomDialog* openHeadroomCalculator();
    /// File ▸ New Fabric… (Ctrl+N): asks to save unsaved edits, then runs the wizard
    /// (newfabricwizard.h); Finish shows its fabric as a new untitled document. False when cancelled.
    bool newFabric();
    /// The overlay toolbar (overlays.h): headroom, PFC links, findings badges, deadlock cycles.
    [[nodiscard]] class OverlayToolBar* overlayToolBar() const { return m_overlays; }
    /// File ▸ Export Configuration…: the vendor export of the open plan (a new, non-modal dialog).
    ExportDialog* openExportDialog();
    /// File ▸ Import…: reads a source and merges it onto the open fabric as one undo step (a new,
    /// non-modal dialog on the current document).
    ImportDialog* openImportDialog();
    /// View ▸ Theme: installs the palette (theme.h), redraws the diagram in its colours and remembers
    /// the choice (QSettings "view/theme") unless @p persist is false (--palette).
    void setTheme(Theme::Mode mode, bool persist = true);

    // ---- Add and remove (Edit ▸ Add Switch…/Host…/Port…/Link…, Delete; document/structurecommands.h)
    /// Each pushes one undoable command and selects what it added. On a refused input the document
    /// stays as it was, the reason goes to the status bar and lastError(), and false is returned.
    bool addNode(Node node, const FieldValues& fields = {});
    bool addPort(const Endpoint& port, const FieldValues& fields = {});
    bool addLink(const Endpoint& a, const Endpoint& b, const FieldValues& fields = {});
    /// Removes nodes, ports and links (a node with its ports, links and overrides) as one undo step.
    /// Returns what was removed, one line each; empty when nothing was (lastError() says why).
    QStringList removeObjects(const std::vector<ObjectRef>& objects);
    /// Edit ▸ Delete (the Delete key): removes the selection.
    QStringList removeSelected();
    enum class AddKind { Switch, Host, Port, Link };
    /// Opens the Add dialog of @p kind (window-modal, deleted on close); OK pushes its command.
    QDialog* openAddDialog(AddKind kind);
    /// View ▸ Undo History: the document's undo stack in a QUndoView.
    [[nodiscard]] QDockWidget* undoDock() const { return m_undoDock; }
    [[nodiscard]] QUndoView* undoView() const { return m_undoView; }

    // ---- Background analysis (the status bar's progress and Cancel: gui/views/analysisstatus.h)
    /// Checks ▸ Run Deadlock Analysis: the deadlock job of `lfp deadlock` (planner/routing/deadlockjob.h) on the
    /// snapshot, off the GUI thread (latest request wins; an edit while it runs restarts it on the new
    /// snapshot). @p failures > 0: also sweep every set of up to that many failed switch links (as
    /// `lfp deadlock --failures N`; @p exhaustive: without symmetry classes, `--exhaustive`); the status
    /// bar says the verdict with the coverage rule ("nothing analysed", never "no cycle", when no
    /// destination was routed) and the sweep's result (DeadlockView::statusMessage).
    void runDeadlockAnalysis(int failures = 0, bool exhaustive = false);
    /// Cancels the checks and the deadlock analysis in progress (the status bar's Cancel).
    void cancelAnalysis();
    /// Whether the checks or the deadlock analysis run.
    [[nodiscard]] bool isAnalysisRunning() const;
    [[nodiscard]] AnalysisStatus* analysisStatus() const { return m_analysisStatus; }
    /// The deadlock analysis' runner; its result() holds a DeadlockOutcome (planner/routing/deadlockjob.h).
    [[nodiscard]] JobRunner* deadlockJobs() const { return m_deadlockJobs; }
    /// The last analysis outcome shown in the status bar ("Deadlock analysis cancelled", …).
    [[nodiscard]] QString analysisMessage() const { return m_analysisMessage; }

    /// Loads a fabric file like openFile() does, without a window. Returns false and sets @p error.
    static bool loadFabric(const QString& path, std::optional<int> revision, Fabric& out, QString& error);

    static constexpr int kMaxRecentFiles = 10;

public slots:
    /// Runs every check in the background (superseding a run in progress).
    void runChecks();
    void open();
    void save();
    void saveAs();
    void about();

protected:
    /// Asks before closing with unsaved edits.
    void closeEvent(QCloseEvent* event) override;

private:
    /// What the user selected in the tree, into the document (the one selection store).
    void syncDocumentSelection();
    /// The document's selection shown in the tree, the diagram, the inspector and the buffer panels.
    void applyDocumentSelection();
    void showSelectionInScene();
    [[nodiscard]] std::optional<ObjectRef> treeRef(const QModelIndex& index) const;
    /// The tree's selected objects, its current one first.
    [[nodiscard]] std::vector<ObjectRef> treeSelection() const;
    /// Whether the tree's selection @p tree shows the document's @p doc (a link as its first port's row).
    [[nodiscard]] bool treeShows(const std::vector<ObjectRef>& tree, const std::vector<ObjectRef>& doc) const;
    [[nodiscard]] QModelIndex treeIndexOf(const ObjectRef& ref) const;
    [[nodiscard]] QModelIndex treeIndexOf(const QString& object) const;
    /// With unsaved edits: asks Save / Discard / Cancel. True when the caller may go on.
    bool maybeSave();
    void createActions();
    void createMenus();
    void createToolBar();
    void updateStatus();
    void updateTitle();
    void rebuildRecentMenu();
    void addRecentFile(const QString& path);
    void showError(const QString& title, const QString& text);
    void setLinkColouring(LinkColouring c);
    void onSceneNodeSelected(std::size_t node);
    void onSceneLinkSelected(std::size_t link);
    void onSceneSelectionCleared();
    void createDocks();
    /// The budget, headroom and templates views (docks), their --view names and Help ▸ Finding Codes.
    void createChartViews();
    /// showViewDock(), for a --view; false without @p dock.
    bool showLargeDock(QDockWidget* dock);
    void onChecksStarted();
    void onChecksFinished();
    void onFindingSelected(int row);
    void setFindingsStatus(const QString& richText, const QString& plain);
    /// Shows node @p node (and port @p port) in the headroom and budget panels.
    void updateBufferPanels(std::optional<std::size_t> node, std::optional<std::size_t> port);
    const BudgetContext& budgetContext();
    [[nodiscard]] QString askRevisionMessage(const QString& path);
    /// Shows the document's snapshot in every view, as much as @p change needs: showValues() or
    /// showSnapshot(); then the checks run again.
    void onDocumentChanged(const FabricChange& change);
    void showValues(const FabricChange& change);
    void showSnapshot(const FabricChange& change);
    /// The ASIC catalogue of the current fabric; returns the built-in catalogue's load error.
    QString refreshCatalog();
    /// The device tree's expanded rows, by role and node name (they survive a model reset).
    struct ExpandedRows {
        std::vector<Role> roles;
        std::vector<std::string> nodes;
    };
    [[nodiscard]] ExpandedRows expandedRows() const;
    void restoreExpanded(const ExpandedRows& rows);
    /// The inspector and the buffer panels for the document's current object.
    void showSelection();

    std::map<QString, std::function<bool()>> m_views; ///< showView()'s table
    FabricDocument* m_doc = nullptr;
    std::shared_ptr<const Fabric> m_fabric; ///< the document's snapshot (null before the first)
    std::shared_ptr<const FabricIndex> m_index;
    std::shared_ptr<const AsicCatalog> m_catalog;
    std::unique_ptr<BudgetContext> m_budgetCtx;
    std::vector<AsicProfile> m_catalogAsics; ///< the project's profiles m_catalog was merged with
    QString m_findingsText;
    QString m_lastError;
    bool m_quiet = false;
    Autosaver* m_autosaver = nullptr;
    std::optional<int> m_recoveryAnswer;

    FabricScene* m_scene = nullptr;
    FabricView* m_view = nullptr;
    DeviceTreeModel* m_model = nullptr;
    QTreeView* m_tree = nullptr;
    PropertyPanel* m_panel = nullptr;
    QSplitter* m_splitter = nullptr;
    QSplitter* m_leftSplitter = nullptr;
    QLabel* m_countsLabel = nullptr;
    QLabel* m_fileLabel = nullptr;
    QLabel* m_zoomLabel = nullptr;
    QProgressBar* m_busy = nullptr;
    QComboBox* m_colouringBox = nullptr;
    QLabel* m_findingsLabel = nullptr;
    CheckRunner* m_checks = nullptr;
    FindingsPanel* m_findingsPanel = nullptr;
    HeadroomPanel* m_headroomPanel = nullptr;
    BudgetPanel* m_budgetPanel = nullptr;
    QDockWidget* m_findingsDock = nullptr;
    QDockWidget* m_headroomDock = nullptr;
    QDockWidget* m_budgetDock = nullptr;
    HeadroomDialog* m_headroomDialog = nullptr;
    BudgetView* m_budgetView = nullptr;
    HeadroomExplainer* m_headroomExplainer = nullptr;
    TemplatesView* m_templatesView = nullptr;
    QDockWidget* m_budgetViewDock = nullptr;
    QDockWidget* m_explainerDock = nullptr;
    QDockWidget* m_templatesDock = nullptr;
    FindingHelpDialog* m_findingHelp = nullptr;
    UserGuideWindow* m_userGuide = nullptr;

    OverlayToolBar* m_overlays = nullptr;
    QAction* m_newAct = nullptr;
    QAction* m_openAct = nullptr;
    QAction* m_exampleAct = nullptr;
    QAction* m_saveAct = nullptr;
    QAction* m_saveAsAct = nullptr;
    QAction* m_undoAct = nullptr;
    QAction* m_redoAct = nullptr;
    QAction* m_quitAct = nullptr;
    QAction* m_fitAct = nullptr;
    QAction* m_findAct = nullptr;
    QLineEdit* m_findEdit = nullptr;
    QString m_findQuery;
    QStringList m_findResults;
    std::size_t m_findTotal = 0;
    int m_findHit = -1;
    QAction* m_zoomInAct = nullptr;
    QAction* m_zoomOutAct = nullptr;
    QAction* m_byMediumAct = nullptr;
    QAction* m_bySpeedAct = nullptr;
    QAction* m_aboutAct = nullptr;
    QAction* m_userGuideAct = nullptr;
    QAction* m_runChecksAct = nullptr;
    QAction* m_cancelChecksAct = nullptr;
    QAction* m_headroomCalcAct = nullptr;
    QAction* m_exportAct = nullptr;
    QAction* m_importAct = nullptr;
    std::map<Theme::Mode, QAction*> m_themeActs;
    QMenu* m_recentMenu = nullptr;

    // Add and remove, the undo history
    void createEditingActions();
    bool pushStructure(const std::function<StructureCommand*()>& make);
    QAction* m_addSwitchAct = nullptr;
    QAction* m_addHostAct = nullptr;
    QAction* m_addPortAct = nullptr;
    QAction* m_addLinkAct = nullptr;
    QAction* m_deleteAct = nullptr;
    QDockWidget* m_undoDock = nullptr;
    PolicyEditor* m_policyEditor = nullptr;
    QDockWidget* m_policyDock = nullptr;
    QUndoView* m_undoView = nullptr;

    // Background analysis
    void createAnalysisUi();
    void showAnalysisMessage(const QString& text);
    AnalysisStatus* m_analysisStatus = nullptr;
    JobRunner* m_deadlockJobs = nullptr;
    QAction* m_deadlockAct = nullptr;
    int m_deadlockFailures = 0;
    bool m_deadlockExhaustive = false;
    QString m_analysisMessage;
};

} // namespace lfp::gui
