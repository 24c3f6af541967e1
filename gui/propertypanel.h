// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file propertypanel.h
/// The fields of what is selected: a node (name, role, rack, vendor, model, ASIC…), a port (speed,
/// lanes, MTU, FEC, peer, cable length and medium) or a link, with the QoS policy in force. With
/// nothing selected it describes the fabric.

#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers these pull in
#include "model/fabric.h"
#include "model/fabricindex.h"
#endif

#include <QWidget>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace lfp::gui {

class PropertyPanel : public QWidget {
    Q_OBJECT
public:
    explicit PropertyPanel(QWidget* parent = nullptr);

    /// Each view reads the fabric through its index: the policy shown is the one the checks use.
    void showFabric(const FabricIndex& idx);
    void showNode(const FabricIndex& idx, std::size_t node);
    void showPort(const FabricIndex& idx, std::size_t node, std::size_t port);
    void showLink(const FabricIndex& idx, std::size_t link);
    void clear();

    /// The panel's heading ("leaf1", "leaf1:Ethernet0").
    [[nodiscard]] QString title() const;
    /// The value shown for property @p label (first match, any group); empty when absent.
    [[nodiscard]] QString value(const QString& label) const;
    [[nodiscard]] QTreeWidget* tree() const { return m_tree; }

private:
    QTreeWidgetItem* group(const QString& title);
    void add(QTreeWidgetItem* group, const QString& label, const QString& value, const QString& tip = {});
    void addPolicy(const Fabric& f, const QosPolicy* policy, bool host);
    void setTitle(const QString& title, const QString& subtitle);
    void finish();

    QLabel* m_title;
    QLabel* m_subtitle;
    QTreeWidget* m_tree;
};

} // namespace lfp::gui
