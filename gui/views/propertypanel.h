// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file propertypanel.h
/// The fields of what is selected: a node (name, role, rack, vendor, model, ASIC…), a port (speed,
/// lanes, MTU, FEC, peer, cable length and medium) or a link, with the QoS policy in force. With
/// nothing selected it describes the fabric.

#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers these pull in
#include "model/fabric.h"
#include "model/fabricindex.h"
#include "model/objectref.h"
#endif

namespace lfp {
struct ObjectRef;
}

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

    /// Starts editing the value of property @p label (as a double-click or F2 does); false when it is
    /// not editable.
    bool editProperty(const QString& label);
    /// Shows @p message at the property whose edit was refused (red, with the reason as tooltip).
    void showEditError(const QString& field, const QString& message);

signals:
    /// The user entered @p value for @p field of @p object (text as `lfp set` takes it: "300m").
    void editRequested(const lfp::ObjectRef& object, const QString& field, const QString& value);

private:
    QTreeWidgetItem* group(const QString& title);
    QTreeWidgetItem* add(QTreeWidgetItem* group, const QString& label, const QString& value, const QString& tip = {});
    /// Makes @p item's value editable as @p field of @p object; the editor starts with @p raw.
    void editable(QTreeWidgetItem* item, const ObjectRef& object, const char* field, const std::string& raw);
    void addPolicy(const Fabric& f, const QosPolicy* policy, bool host);
    void setTitle(const QString& title, const QString& subtitle);
    void finish();

    QLabel* m_title;
    QLabel* m_subtitle;
    QTreeWidget* m_tree;
};

} // namespace lfp::gui
