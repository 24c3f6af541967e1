// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file mainwindow.h
/// The planner's main window: device tree and property panel on the left, the tiered diagram on the
/// right, File (open .lfp/.json, recent files, save as a new revision or as JSON) and View menus,
/// and a status bar with the counts and the file/revision shown.

#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers these pull in
#include "appearance.h"
#include "model/fabric.h"
#endif

#include <QMainWindow>

#include <memory>
#include <optional>

class QAction;
class QComboBox;
class QLabel;
class QMenu;
class QProgressBar;
class QSplitter;
class QTreeView;

namespace lfp::gui {

class DeviceTreeModel;
class FabricScene;
class FabricView;
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

    /// Errors are not shown in message boxes (screenshot mode, scripts).
    void setQuiet(bool quiet) { m_quiet = quiet; }

    [[nodiscard]] const Fabric* fabric() const { return m_fabric.get(); }
    [[nodiscard]] QString currentFile() const { return m_path; }
    [[nodiscard]] std::optional<int> currentRevision() const { return m_revision; }
    [[nodiscard]] QString lastError() const { return m_lastError; }
    [[nodiscard]] QString statusText() const;
    [[nodiscard]] QStringList recentFiles() const;

    [[nodiscard]] FabricScene* scene() const { return m_scene; }
    [[nodiscard]] FabricView* view() const { return m_view; }
    [[nodiscard]] DeviceTreeModel* treeModel() const { return m_model; }
    [[nodiscard]] QTreeView* treeView() const { return m_tree; }
    [[nodiscard]] PropertyPanel* propertyPanel() const { return m_panel; }
    [[nodiscard]] QSplitter* mainSplitter() const { return m_splitter; }

    /// Loads a fabric file like openFile() does, without a window. Returns false and sets @p error.
    static bool loadFabric(const QString& path, std::optional<int> revision, Fabric& out, QString& error);

    static constexpr int kMaxRecentFiles = 10;

public slots:
    void open();
    void save();
    void saveAs();
    void about();

private:
    void createActions();
    void createMenus();
    void createToolBar();
    void updateStatus();
    void updateTitle();
    void rebuildRecentMenu();
    void addRecentFile(const QString& path);
    void showError(const QString& title, const QString& text);
    void setLinkColouring(LinkColouring c);
    void onTreeSelection();
    void onSceneNodeSelected(std::size_t node);
    void onSceneLinkSelected(std::size_t link);
    void onSceneSelectionCleared();
    void selectTreeIndex(const QModelIndex& index);
    [[nodiscard]] QString askRevisionMessage(const QString& path);

    std::shared_ptr<const Fabric> m_fabric;
    QString m_path;
    std::optional<int> m_revision;
    QString m_lastError;
    bool m_quiet = false;
    bool m_syncing = false;

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

    QAction* m_openAct = nullptr;
    QAction* m_exampleAct = nullptr;
    QAction* m_saveAct = nullptr;
    QAction* m_saveAsAct = nullptr;
    QAction* m_quitAct = nullptr;
    QAction* m_fitAct = nullptr;
    QAction* m_zoomInAct = nullptr;
    QAction* m_zoomOutAct = nullptr;
    QAction* m_byMediumAct = nullptr;
    QAction* m_bySpeedAct = nullptr;
    QAction* m_aboutAct = nullptr;
    QMenu* m_recentMenu = nullptr;
};

} // namespace lfp::gui
