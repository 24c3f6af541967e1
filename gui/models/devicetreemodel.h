// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file devicetreemodel.h
/// The device tree: roles → nodes → ports, with columns name / role or speed / rack / peer.
/// Reads the fabric in place (no copy), so 70,000-node fabrics cost only two small index vectors.

#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers these pull in
#include "model/fabric.h"
#include "model/fabricindex.h"
#include "model/objectref.h"
#endif

#include <QAbstractItemModel>
#include <QColor>
#include <QIcon>

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lfp::gui {

class DeviceTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { NameColumn, KindColumn, RackColumn, PeerColumn, ColumnCount };
    enum class Kind { RoleGroup, Node, Port };
    /// What a row stands for.
    struct Ref {
        Kind kind = Kind::Node;
        Role role = Role::Leaf;
        std::size_t node = 0; ///< fabric node index (Node, Port)
        std::size_t port = 0; ///< port index in the node (Port)
    };

    explicit DeviceTreeModel(QObject* parent = nullptr);

    /// Shows @p fabric; @p index is its index (built here when not given). Resets the model (the view
    /// collapses its rows: MainWindow keeps the expanded ones across structural edits).
    void setFabric(std::shared_ptr<const Fabric> fabric, std::shared_ptr<const FabricIndex> index = {});
    /// A value edit (no node, port or link added or removed): the same rows show @p fabric, and only
    /// the rows of @p objects announce new data (dataChanged), so expanded rows, the selection and the
    /// scroll position stay. Returns false, changing nothing, when rows must move (a node's role puts it
    /// under another role): call setFabric() then.
    bool updateValues(std::shared_ptr<const Fabric> fabric, std::shared_ptr<const FabricIndex> index, const std::vector<ObjectRef>& objects,
        const std::string& field);
    [[nodiscard]] const Fabric* fabric() const { return m_fabric.get(); }

    [[nodiscard]] std::optional<Ref> refFor(const QModelIndex& index) const;
    [[nodiscard]] QModelIndex indexForRole(Role role) const;
    [[nodiscard]] QModelIndex indexForNode(std::size_t node) const;
    [[nodiscard]] QModelIndex indexForPort(std::size_t node, std::size_t port) const;

    [[nodiscard]] QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    [[nodiscard]] QModelIndex parent(const QModelIndex& child) const override;
    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    [[nodiscard]] Qt::ItemFlags flags(const QModelIndex& index) const override;
    [[nodiscard]] bool hasChildren(const QModelIndex& parent = {}) const override;

    /// Marks nodes and ports (a finding's objects) with a background in @p colour; replaces the
    /// previous marks; empty lists clear them.
    void setHighlight(const std::vector<std::size_t>& nodes, const std::vector<std::pair<std::size_t, std::size_t>>& ports,
        const QColor& colour);
    [[nodiscard]] bool isHighlighted(const QModelIndex& index) const;
    /// After a palette change (theme.h): the role icons are drawn again in the new colours.
    void refreshColours();

private:
    struct Group {
        Role role;
        std::vector<std::size_t> nodes;
    };
    [[nodiscard]] QString peerOf(std::size_t node, std::size_t port) const;
    [[nodiscard]] QIcon roleIcon(Role r) const;

    void emitRowChanged(const QModelIndex& index);

    std::shared_ptr<const Fabric> m_fabric;
    std::shared_ptr<const FabricIndex> m_index;
    std::vector<std::size_t> m_hlNodes;
    std::vector<std::pair<std::size_t, std::size_t>> m_hlPorts;
    QColor m_hlColour;
    std::vector<Group> m_groups; ///< roles present, in tier order
    std::vector<int> m_rowInGroup; ///< node index → row under its role
    std::vector<int> m_linkCount; ///< node index → links at the node
    std::array<int, 4> m_groupRow {}; ///< role → top-level row, -1 when absent
    mutable std::array<QIcon, 4> m_icons;
};

} // namespace lfp::gui
