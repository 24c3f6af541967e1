// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/models/devicetreemodel.h"
#include "gui/plaintext.h"

#include "gui/appearance.h"

#include <QColor>
#include <QFont>
#include <QPainter>
#include <QPixmap>

#include <algorithm>

namespace lfp::gui {

namespace {
    // internalId: kind in the top two bits; the node index and port index below.
    constexpr quint64 kKindShift = 62;
    constexpr quint64 kPortBits = 24;
    constexpr quint64 kPortMask = (quint64(1) << kPortBits) - 1;
    constexpr quint64 kNodeMask = (quint64(1) << (kKindShift - kPortBits)) - 1;

    quintptr makeId(DeviceTreeModel::Kind k, quint64 node, quint64 port)
    {
        const quint64 kind = static_cast<quint64>(k) + 1;
        return static_cast<quintptr>((kind << kKindShift) | ((node & kNodeMask) << kPortBits) | (port & kPortMask));
    }

    int roleSlot(Role r) { return static_cast<int>(r); }
}

DeviceTreeModel::DeviceTreeModel(QObject* parent)
    : QAbstractItemModel(parent)
{
    m_groupRow.fill(-1);
}

void DeviceTreeModel::setFabric(std::shared_ptr<const Fabric> fabric, std::shared_ptr<const FabricIndex> index)
{
    beginResetModel();
    m_fabric = std::move(fabric);
    m_index = index ? std::move(index) : (m_fabric ? std::make_shared<const FabricIndex>(*m_fabric) : nullptr);
    m_hlNodes.clear();
    m_hlPorts.clear();
    m_groups.clear();
    m_rowInGroup.clear();
    m_groupRow.fill(-1);
    if (m_fabric) {
        const auto& nodes = m_fabric->nodes;
        m_rowInGroup.assign(nodes.size(), -1);
        for (Role r : Appearance::kTierOrder) {
            Group g { r, {} };
            for (std::size_t i = 0; i < nodes.size(); ++i)
                if (nodes[i].role == r) {
                    m_rowInGroup[i] = static_cast<int>(g.nodes.size());
                    g.nodes.push_back(i);
                }
            if (!g.nodes.empty()) {
                m_groupRow[static_cast<std::size_t>(roleSlot(r))] = static_cast<int>(m_groups.size());
                m_groups.push_back(std::move(g));
            }
        }
        m_linkCount.assign(nodes.size(), 0);
        for (const Link& l : m_fabric->links)
            for (const Endpoint* e : { &l.a, &l.b })
                if (const auto i = m_index->node(e->node))
                    ++m_linkCount[*i];
    }
    endResetModel();
}

bool DeviceTreeModel::updateValues(std::shared_ptr<const Fabric> fabric, std::shared_ptr<const FabricIndex> index,
    const std::vector<ObjectRef>& objects, const std::string& field)
{
    if (!m_fabric || !fabric || !index || fabric->nodes.size() != m_fabric->nodes.size())
        return false;
    for (const ObjectRef& o : objects)
        if (o.kind == ObjectRef::Kind::Node && field == "role")
            return false;
    m_fabric = std::move(fabric);
    m_index = std::move(index);
    // Only what the tree shows: a node's role, rack (columns of its row), a port's speed (its row). A
    // link's and a policy's fields are not in the tree.
    auto rowChanged = [this](const QModelIndex& i) {
        if (i.isValid())
            emit dataChanged(i, i.siblingAtColumn(ColumnCount - 1), { Qt::DisplayRole, Qt::ToolTipRole });
    };
    for (const ObjectRef& o : objects) {
        const auto n = m_index->node(o.node);
        if (!n)
            continue;
        if (o.kind == ObjectRef::Kind::Node)
            rowChanged(indexForNode(*n));
        else if (o.kind == ObjectRef::Kind::Port)
            if (const auto p = m_index->port(*n, o.port))
                rowChanged(indexForPort(*n, m_index->portIndexInNode(*p)));
    }
    return true;
}

std::optional<DeviceTreeModel::Ref> DeviceTreeModel::refFor(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this || !m_fabric)
        return std::nullopt;
    const quint64 id = index.internalId();
    const auto kind = static_cast<Kind>((id >> kKindShift) - 1);
    Ref ref;
    ref.kind = kind;
    if (kind == Kind::RoleGroup) {
        ref.role = m_groups[static_cast<std::size_t>(index.row())].role;
        return ref;
    }
    ref.node = static_cast<std::size_t>((id >> kPortBits) & kNodeMask);
    ref.port = static_cast<std::size_t>(id & kPortMask);
    if (ref.node >= m_fabric->nodes.size())
        return std::nullopt;
    ref.role = m_fabric->nodes[ref.node].role;
    return ref;
}

QModelIndex DeviceTreeModel::indexForRole(Role role) const
{
    const int row = m_groupRow[static_cast<std::size_t>(roleSlot(role))];
    return row < 0 ? QModelIndex() : createIndex(row, 0, makeId(Kind::RoleGroup, 0, 0));
}

QModelIndex DeviceTreeModel::indexForNode(std::size_t node) const
{
    if (!m_fabric || node >= m_rowInGroup.size())
        return {};
    return createIndex(m_rowInGroup[node], 0, makeId(Kind::Node, node, 0));
}

QModelIndex DeviceTreeModel::indexForPort(std::size_t node, std::size_t port) const
{
    if (!m_fabric || node >= m_fabric->nodes.size() || port >= m_fabric->nodes[node].ports.size())
        return {};
    return createIndex(static_cast<int>(port), 0, makeId(Kind::Port, node, port));
}

QModelIndex DeviceTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, makeId(Kind::RoleGroup, 0, 0));
    const auto ref = refFor(parent);
    if (!ref)
        return {};
    if (ref->kind == Kind::RoleGroup) {
        const auto& g = m_groups[static_cast<std::size_t>(parent.row())];
        return createIndex(row, column, makeId(Kind::Node, g.nodes[static_cast<std::size_t>(row)], 0));
    }
    if (ref->kind == Kind::Node)
        return createIndex(row, column, makeId(Kind::Port, ref->node, static_cast<quint64>(row)));
    return {};
}

QModelIndex DeviceTreeModel::parent(const QModelIndex& child) const
{
    const auto ref = refFor(child);
    if (!ref || ref->kind == Kind::RoleGroup)
        return {};
    if (ref->kind == Kind::Node)
        return indexForRole(ref->role);
    return indexForNode(ref->node);
}

int DeviceTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!m_fabric)
        return 0;
    if (!parent.isValid())
        return static_cast<int>(m_groups.size());
    if (parent.column() > 0)
        return 0;
    const auto ref = refFor(parent);
    if (!ref)
        return 0;
    switch (ref->kind) {
    case Kind::RoleGroup:
        return static_cast<int>(m_groups[static_cast<std::size_t>(parent.row())].nodes.size());
    case Kind::Node:
        return static_cast<int>(m_fabric->nodes[ref->node].ports.size());
    case Kind::Port:
        return 0;
    }
    return 0;
}

bool DeviceTreeModel::hasChildren(const QModelIndex& parent) const { return rowCount(parent) > 0; }

int DeviceTreeModel::columnCount(const QModelIndex&) const { return ColumnCount; }

Qt::ItemFlags DeviceTreeModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable;
}

QString DeviceTreeModel::peerOf(std::size_t node, std::size_t port) const
{
    const Node& n = m_fabric->nodes[node];
    const Endpoint e { n.name, n.ports[port].name };
    const Link* l = m_index->findLinkAt(e);
    if (!l)
        return {};
    const Endpoint& other = l->a == e ? l->b : l->a;
    return qs(other.node) + QLatin1Char(':') + qs(other.port);
}

void DeviceTreeModel::refreshColours()
{
    m_icons.fill(QIcon());
    // Nothing moves: an empty layout change makes the views fetch every visible icon again.
    emit layoutAboutToBeChanged();
    emit layoutChanged();
}

QIcon DeviceTreeModel::roleIcon(Role r) const
{
    QIcon& icon = m_icons[static_cast<std::size_t>(roleSlot(r))];
    if (icon.isNull()) {
        QPixmap pm(32, 32);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(QPen(Appearance::roleBorder(r), 2.5));
        p.setBrush(Appearance::roleFill(r));
        p.drawRoundedRect(QRectF(3, 7, 26, 18), 5, 5);
        icon = QIcon(pm);
    }
    return icon;
}

void DeviceTreeModel::emitRowChanged(const QModelIndex& index)
{
    if (index.isValid())
        emit dataChanged(index, index.siblingAtColumn(ColumnCount - 1), { Qt::BackgroundRole });
}

void DeviceTreeModel::setHighlight(const std::vector<std::size_t>& nodes, const std::vector<std::pair<std::size_t, std::size_t>>& ports,
    const QColor& colour)
{
    auto oldNodes = std::move(m_hlNodes);
    auto oldPorts = std::move(m_hlPorts);
    m_hlNodes = nodes;
    m_hlPorts = ports;
    std::sort(m_hlNodes.begin(), m_hlNodes.end());
    std::sort(m_hlPorts.begin(), m_hlPorts.end());
    m_hlColour = colour;
    if (!m_fabric)
        return;
    for (const auto n : oldNodes)
        emitRowChanged(indexForNode(n));
    for (const auto& [n, p] : oldPorts)
        emitRowChanged(indexForPort(n, p));
    for (const auto n : m_hlNodes)
        emitRowChanged(indexForNode(n));
    for (const auto& [n, p] : m_hlPorts)
        emitRowChanged(indexForPort(n, p));
}

bool DeviceTreeModel::isHighlighted(const QModelIndex& index) const
{
    const auto ref = refFor(index);
    if (!ref)
        return false;
    if (ref->kind == Kind::Node)
        return std::binary_search(m_hlNodes.begin(), m_hlNodes.end(), ref->node);
    if (ref->kind == Kind::Port)
        return std::binary_search(m_hlPorts.begin(), m_hlPorts.end(), std::make_pair(ref->node, ref->port));
    return false;
}

QVariant DeviceTreeModel::data(const QModelIndex& index, int role) const
{
    const auto ref = refFor(index);
    if (!ref)
        return {};
    if (role == Qt::BackgroundRole) {
        if (ref->kind == Kind::RoleGroup || (m_hlNodes.empty() && m_hlPorts.empty()) || !isHighlighted(index))
            return {};
        QColor c = m_hlColour;
        c.setAlpha(55);
        return c;
    }
    const int col = index.column();
    if (ref->kind == Kind::RoleGroup) {
        const auto& g = m_groups[static_cast<std::size_t>(index.row())];
        if (role == Qt::DisplayRole) {
            if (col == NameColumn)
                return Appearance::rolePlural(g.role);
            if (col == KindColumn)
                return tr("%n node(s)", nullptr, static_cast<int>(g.nodes.size()));
        } else if (role == Qt::DecorationRole && col == NameColumn) {
            return roleIcon(g.role);
        } else if (role == Qt::FontRole && col == NameColumn) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    }
    const Node& n = m_fabric->nodes[ref->node];
    if (ref->kind == Kind::Node) {
        if (role == Qt::DisplayRole) {
            switch (col) {
            case NameColumn:
                return qs(n.name);
            case KindColumn:
                return Appearance::roleName(n.role);
            case RackColumn:
                return qs(n.rack);
            case PeerColumn:
                return tr("%n link(s)", nullptr, m_linkCount[ref->node]);
            default:
                return {};
            }
        }
        if (role == Qt::DecorationRole && col == NameColumn)
            return roleIcon(n.role);
        if (role == Qt::ToolTipRole)
            return plainTip(QStringLiteral("%1 — %2").arg(qs(n.name), Appearance::roleName(n.role)));
        return {};
    }
    const Port& p = n.ports[ref->port];
    if (role == Qt::DisplayRole) {
        switch (col) {
        case NameColumn:
            return qs(p.name);
        case KindColumn:
            return qs(formatSpeed(p.speed));
        case RackColumn:
            return {};
        case PeerColumn:
            return peerOf(ref->node, ref->port);
        default:
            return {};
        }
    }
    if (role == Qt::ForegroundRole && col == PeerColumn)
        return QColor(0x44, 0x55, 0x77);
    return {};
}

QVariant DeviceTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case KindColumn:
        return tr("Role / speed");
    case RackColumn:
        return tr("Rack");
    case PeerColumn:
        return tr("Peer");
    default:
        return {};
    }
}

} // namespace lfp::gui
