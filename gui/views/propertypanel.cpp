// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/views/propertypanel.h"
#include "gui/theme.h"
#include "gui/plaintext.h"

#include "gui/appearance.h"

#include "model/enumnames.h"
#include "model/fieldaccess.h"
#include "planner/buffer/budget.h"

#include <QComboBox>
#include <QHeaderView>
#include <QSpinBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QStyledItemDelegate>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <set>

namespace lfp::gui {

namespace {
    constexpr int kRefRole = Qt::UserRole + 1; ///< the object's text form (ObjectRef::toString)
    constexpr int kFieldRole = Qt::UserRole + 2; ///< the field name (model/fieldaccess.h)
    constexpr int kRawRole = Qt::UserRole + 3; ///< the value as `lfp set` takes it ("300m", "rs544")
    constexpr int kAcceptedRole = Qt::UserRole + 4; ///< the accepted forms, for the tooltip

    /// Edits start with the raw value ("300m", not "300 m") and end in PropertyPanel::editRequested,
    /// never by writing the tree: the document is the only place an edit lands.
    class ValueDelegate : public QStyledItemDelegate {
    public:
        ValueDelegate(PropertyPanel* panel)
            : QStyledItemDelegate(panel)
            , m_panel(panel)
        {
        }
        /// The field's descriptor (model/fielddescriptor.h), from the row's object and field.
        static const FieldDescriptor* descriptorOf(const QModelIndex& index)
        {
            const auto ref = ObjectRef::parse(index.data(kRefRole).toString().toStdString());
            return ref ? findField(ref->kind, index.data(kFieldRole).toString().toStdString()) : nullptr;
        }

        /// The editor the descriptor asks for: a spin box over the field's range with its unit as
        /// suffix, a combo box of its enumeration, else a line edit with the accepted forms.
        QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option, const QModelIndex& index) const override
        {
            const FieldDescriptor* fd = descriptorOf(index);
            if (fd && fd->value == FieldDescriptor::Value::Integer && fd->range && !fd->emptyAllowed) {
                auto* spin = new QSpinBox(parent);
                spin->setObjectName(QStringLiteral("fieldSpinBox"));
                spin->setRange(static_cast<int>(fd->range->lo), static_cast<int>(fd->range->hi));
                if (!fd->unit.empty())
                    spin->setSuffix(QLatin1Char(' ') + QString::fromStdString(fd->unit));
                spin->setToolTip(plainTip(QString::fromStdString(fd->accepted)));
                return spin;
            }
            if (fd && fd->value == FieldDescriptor::Value::Choice && !fd->emptyAllowed) {
                auto* combo = new QComboBox(parent);
                combo->setObjectName(QStringLiteral("fieldComboBox"));
                for (const auto& c : fd->choices)
                    combo->addItem(QString::fromStdString(c));
                return combo;
            }
            auto* w = QStyledItemDelegate::createEditor(parent, option, index);
            if (auto* le = qobject_cast<QLineEdit*>(w)) {
                le->setPlaceholderText(index.data(kAcceptedRole).toString());
                le->setToolTip(plainTip(index.data(kAcceptedRole).toString()));
            }
            return w;
        }
        void setEditorData(QWidget* editor, const QModelIndex& index) const override
        {
            const QString raw = index.data(kRawRole).toString();
            if (auto* spin = qobject_cast<QSpinBox*>(editor)) {
                spin->setValue(raw.toInt());
                spin->selectAll();
            } else if (auto* combo = qobject_cast<QComboBox*>(editor)) {
                combo->setCurrentIndex(combo->findText(raw));
            } else if (auto* le = qobject_cast<QLineEdit*>(editor)) {
                le->setText(raw);
                le->selectAll();
            } else {
                QStyledItemDelegate::setEditorData(editor, index);
            }
        }
        void setModelData(QWidget* editor, QAbstractItemModel*, const QModelIndex& index) const override
        {
            QString value;
            if (auto* spin = qobject_cast<QSpinBox*>(editor)) {
                spin->interpretText(); // a value outside the range is refused by the spin box's validator
                value = QString::number(spin->value());
            } else if (auto* combo = qobject_cast<QComboBox*>(editor)) {
                value = combo->currentText();
            } else if (auto* le = qobject_cast<QLineEdit*>(editor)) {
                value = le->text().trimmed();
            } else {
                return;
            }
            if (value == index.data(kRawRole).toString())
                return;
            std::string why;
            const auto ref = ObjectRef::parse(index.data(kRefRole).toString().toStdString(), &why);
            if (ref)
                QMetaObject::invokeMethod(m_panel, [p = m_panel, r = *ref, f = index.data(kFieldRole).toString(), value] {
                    emit p->editRequested(r, f, value);
                }, Qt::QueuedConnection); // after the editor closed: the edit rebuilds the panel
        }

    private:
        PropertyPanel* m_panel;
    };

    QString watchdogActionName(WatchdogAction a)
    {
        switch (a) {
        case WatchdogAction::Drop:
            return PropertyPanel::tr("drop");
        case WatchdogAction::Forward:
            return PropertyPanel::tr("forward");
        case WatchdogAction::Alert:
            return PropertyPanel::tr("alert only");
        }
        return {};
    }

    QString joinInts(const std::vector<int>& v)
    {
        QStringList parts;
        for (int i : v)
            parts << QString::number(i);
        return parts.join(QStringLiteral(", "));
    }
}

PropertyPanel::PropertyPanel(QWidget* parent)
    : QWidget(parent)
    , m_title(plainLabel(this))
    , m_subtitle(plainLabel(this))
    , m_tree(new QTreeWidget(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 6, 0, 0);
    layout->setSpacing(2);
    QFont tf = m_title->font();
    tf.setPointSizeF(tf.pointSizeF() * 1.25);
    tf.setBold(true);
    m_title->setFont(tf);
    m_title->setContentsMargins(8, 0, 8, 0);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_subtitle->setContentsMargins(8, 0, 8, 4);
    m_subtitle->setStyleSheet(Theme::isDark() ? QStringLiteral("color: #9aa3b0;") : QStringLiteral("color: #5a6270;"));
    m_subtitle->setWordWrap(true);
    layout->addWidget(m_title);
    layout->addWidget(m_subtitle);
    layout->addWidget(m_tree, 1);

    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({ tr("Property"), tr("Value") });
    m_tree->setRootIsDecorated(false);
    m_tree->setAlternatingRowColors(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(true);
    m_tree->setWordWrap(false);
    m_tree->setTextElideMode(Qt::ElideMiddle);
    m_tree->setItemDelegateForColumn(1, new ValueDelegate(this));
    m_tree->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed | QAbstractItemView::SelectedClicked);
    // A double-click on the label column edits the value too.
    connect(m_tree, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item, int column) {
        if (column == 0 && (item->flags() & Qt::ItemIsEditable))
            m_tree->editItem(item, 1);
    });
}

bool PropertyPanel::editProperty(const QString& label)
{
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g) {
        QTreeWidgetItem* group = m_tree->topLevelItem(g);
        for (int i = 0; i < group->childCount(); ++i) {
            QTreeWidgetItem* item = group->child(i);
            if (item->text(0) == label && (item->flags() & Qt::ItemIsEditable)) {
                m_tree->setCurrentItem(item, 1);
                m_tree->editItem(item, 1);
                return true;
            }
        }
    }
    return false;
}

void PropertyPanel::showEditError(const QString& field, const QString& message)
{
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g) {
        QTreeWidgetItem* group = m_tree->topLevelItem(g);
        for (int i = 0; i < group->childCount(); ++i) {
            QTreeWidgetItem* item = group->child(i);
            if (item->data(1, kFieldRole).toString() == field) {
                item->setForeground(1, Theme::isDark() ? QColor(0xFF, 0x6B, 0x6B) : QColor(0xB0, 0x1E, 0x1E));
                item->setToolTip(1, plainTip(message));
                m_tree->setCurrentItem(item, 1);
                m_tree->scrollToItem(item);
                return;
            }
        }
    }
}

void PropertyPanel::editable(QTreeWidgetItem* item, const ObjectRef& object, const char* field, const std::string& raw)
{
    item->setFlags(item->flags() | Qt::ItemIsEditable);
    item->setData(1, kRefRole, qs(object.toString()));
    item->setData(1, kFieldRole, QString::fromLatin1(field));
    item->setData(1, kRawRole, qs(raw));
    if (const FieldDescriptor* fd = findField(object.kind, field))
        item->setData(1, kAcceptedRole, QString::fromStdString(fd->accepted));
    item->setToolTip(1, plainTip(tr("%1 — double-click or F2 to edit").arg(item->text(1))));
}

QString PropertyPanel::title() const { return m_title->text(); }

QString PropertyPanel::value(const QString& label) const
{
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g) {
        const QTreeWidgetItem* group = m_tree->topLevelItem(g);
        for (int i = 0; i < group->childCount(); ++i)
            if (group->child(i)->text(0) == label)
                return group->child(i)->text(1);
    }
    return {};
}

void PropertyPanel::clear()
{
    m_tree->clear();
    setTitle(tr("Nothing selected"), {});
}

void PropertyPanel::setTitle(const QString& title, const QString& subtitle)
{
    m_title->setText(title);
    m_subtitle->setText(subtitle);
    m_subtitle->setVisible(!subtitle.isEmpty());
}

QTreeWidgetItem* PropertyPanel::group(const QString& title)
{
    auto* item = new QTreeWidgetItem(m_tree, { title });
    item->setFirstColumnSpanned(true);
    QFont f = item->font(0);
    f.setBold(true);
    item->setFont(0, f);
    item->setForeground(0, Theme::isDark() ? QColor(0xCF, 0xE0, 0xF5) : QColor(0x1F, 0x3B, 0x5C));
    item->setBackground(0, Theme::isDark() ? QColor(0x2C, 0x36, 0x42) : QColor(0xE8, 0xEE, 0xF5));
    item->setFlags(Qt::ItemIsEnabled);
    return item;
}

QTreeWidgetItem* PropertyPanel::add(QTreeWidgetItem* group, const QString& label, const QString& value, const QString& tip)
{
    auto* item = new QTreeWidgetItem(group, { label, value });
    item->setToolTip(1, plainTip(tip.isEmpty() ? value : tip));
    return item;
}

void PropertyPanel::finish()
{
    m_tree->expandAll();
    m_tree->resizeColumnToContents(0);
}

void PropertyPanel::showFabric(const FabricIndex& idx)
{
    const Fabric& f = idx.fabric();
    m_tree->clear();
    setTitle(f.name.empty() ? tr("Untitled fabric") : qs(f.name), qs(f.description));
    auto* g = group(tr("Fabric"));
    add(g, tr("Name"), qs(f.name));
    for (Role r : Appearance::kTierOrder) {
        const auto count = std::count_if(f.nodes.begin(), f.nodes.end(), [r](const Node& n) { return n.role == r; });
        if (count)
            add(g, Appearance::rolePlural(r), QString::number(count));
    }
    add(g, tr("Links"), QString::number(f.links.size()));
    add(g, tr("Ports"), QString::number(f.portCount()));
    std::set<std::string> asics;
    for (const Node& n : f.nodes)
        if (!n.asic.empty())
            asics.insert(n.asic);
    if (!asics.empty()) {
        QStringList list;
        for (const auto& a : asics)
            list << qs(a);
        add(g, tr("ASICs"), list.join(QStringLiteral(", ")));
    }
    if (!f.policies.empty()) {
        auto* p = group(tr("QoS policies"));
        for (const QosPolicy& pol : f.policies) {
            QStringList roles;
            for (const RoleBinding& b : f.bindings)
                if (b.policy == pol.name)
                    roles << Appearance::rolePlural(b.role);
            add(p, qs(pol.name), roles.isEmpty() ? tr("not bound") : tr("bound to %1").arg(roles.join(tr(", "))),
                qs(pol.description));
        }
    }
    finish();
}

void PropertyPanel::showNode(const FabricIndex& idx, std::size_t index)
{
    const Fabric& f = idx.fabric();
    m_tree->clear();
    if (index >= f.nodes.size())
        return clear();
    const Node& n = f.nodes[index];
    setTitle(qs(n.name), Appearance::roleName(n.role) + (n.model.empty() ? QString() : QStringLiteral(" · ") + qs(n.model)));
    auto* g = group(n.isSwitch() ? tr("Switch") : tr("Host"));
    const ObjectRef self = ObjectRef::forNode(n.name);
    editable(add(g, tr("Name"), qs(n.name)), self, "name", n.name); // a rename: links and overrides follow
    editable(add(g, tr("Role"), Appearance::roleName(n.role)), self, "role", getField(f, self, "role"));
    editable(add(g, tr("Rack"), qs(n.rack)), self, "rack", n.rack);
    editable(add(g, tr("Vendor"), qs(n.vendor)), self, "vendor", n.vendor);
    editable(add(g, tr("Model"), qs(n.model)), self, "model", n.model);
    if (n.isSwitch() || !n.asic.empty())
        editable(add(g, tr("ASIC"), qs(n.asic)), self, "asic", n.asic);
    if (n.guid)
        add(g, tr("GUID"), QStringLiteral("0x%1").arg(n.guid, 16, 16, QLatin1Char('0')));
    add(g, tr("Ports"), QString::number(n.ports.size()));
    int linked = 0;
    std::set<std::string> speeds;
    for (const Port& p : n.ports) {
        if (idx.findLinkAt({ n.name, p.name }))
            ++linked;
        speeds.insert(formatSpeed(p.speed));
    }
    add(g, tr("Linked ports"), QString::number(linked));
    if (!speeds.empty()) {
        QStringList list;
        for (const auto& s : speeds)
            list << qs(s);
        add(g, tr("Port speeds"), list.join(QStringLiteral(", ")));
    }
    if (n.isSwitch()) {
        // Buffer settings (model/buffersettings.h): the file's value, or the planner's default.
        const BufferSettings defaults;
        auto defaultText = [&](const std::string& key) -> QString {
            if (key == "buffer.over_subscribe_ratio")
                return QString::number(defaults.overSubscribeRatio);
            if (key == "buffer.lossless_mtu")
                return QString::number(defaults.losslessMtu.value());
            if (key == "buffer.small_packet_percentage")
                return QString::number(defaults.smallPacketPercentage);
            if (key == "buffer.sonic_release")
                return qs(toString(defaults.release));
            if (key == "buffer.gearbox_delay")
                return qs(formatDuration(defaults.gearboxDelay));
            return tr("the ASIC profile's");
        };
        auto* b = group(tr("Buffer settings"));
        for (const std::string& key : bufferSettingKeys()) {
            const auto text = bufferSettingText(n.buffer, key);
            const QString shown = text ? qs(*text) : tr("default: %1").arg(defaultText(key));
            editable(add(b, qs(key.substr(kBufferSettingPrefix.size())), shown), self, key.c_str(), text.value_or(std::string()));
        }
    }
    if (!n.attributes.empty()) {
        auto* a = group(tr("Attributes"));
        for (const auto& [k, v] : n.attributes)
            add(a, qs(k), qs(v));
    }
    // The policy bound to the node's role (ports may override it), by the index's one rule.
    const RoleBinding* binding = idx.bindingFor(n.role);
    addPolicy(f, binding ? idx.findPolicy(binding->policy) : nullptr, n.role == Role::Host);
    finish();
}

void PropertyPanel::showPort(const FabricIndex& idx, std::size_t node, std::size_t port)
{
    const Fabric& f = idx.fabric();
    m_tree->clear();
    if (node >= f.nodes.size() || port >= f.nodes[node].ports.size())
        return clear();
    const Node& n = f.nodes[node];
    const Port& p = n.ports[port];
    const Endpoint e { n.name, p.name };
    setTitle(qs(n.name) + QLatin1Char(':') + qs(p.name), tr("Port of %1 (%2)").arg(qs(n.name), Appearance::roleName(n.role)));
    auto* g = group(tr("Port"));
    add(g, tr("Node"), qs(n.name));
    const ObjectRef self = ObjectRef::forPort(e);
    editable(add(g, tr("Port"), qs(p.name)), self, "name", p.name); // a rename: its link and override follow
    editable(add(g, tr("Speed"), qs(formatSpeed(p.speed))), self, "speed", getField(f, self, "speed"));
    editable(add(g, tr("Lanes"), QString::number(p.lanes)), self, "lanes", getField(f, self, "lanes"));
    editable(add(g, tr("MTU"), QString::number(p.mtu)), self, "mtu", getField(f, self, "mtu"));
    editable(add(g, tr("FEC"), Appearance::fecName(p.fec)), self, "fec", getField(f, self, "fec"));
    if (!p.breakoutParent.empty())
        add(g, tr("Breakout parent"), qs(p.breakoutParent));
    auto* lg = group(tr("Link"));
    if (const Link* l = idx.findLinkAt(e)) {
        const Endpoint& other = l->a == e ? l->b : l->a;
        add(lg, tr("Peer"), qs(other.node) + QLatin1Char(':') + qs(other.port));
        if (const Port* op = f.findPort(other)) {
            add(lg, tr("Peer speed"), qs(formatSpeed(op->speed)));
            if (op->speed != p.speed)
                add(lg, tr("Warning"), tr("speed mismatch"));
        }
        const ObjectRef link = ObjectRef::forLink(e);
        editable(add(lg, tr("Cable length"), qs(formatLength(l->length))), link, "length", getField(f, link, "length"));
        editable(add(lg, tr("Medium"), Appearance::mediumName(l->medium)), link, "medium", getField(f, link, "medium"));
        if (l->medium == Medium::Fibre)
            editable(add(lg, tr("Fibre type"), qs(enumLabel(l->fibre))), link, "fibre", getField(f, link, "fibre"));
        add(lg, tr("Origin"), Appearance::originName(l->origin));
    } else {
        add(lg, tr("Peer"), tr("not connected"));
    }
    addPolicy(f, idx.policyAt(e), n.role == Role::Host);
    finish();
}

void PropertyPanel::showLink(const FabricIndex& idx, std::size_t index)
{
    const Fabric& f = idx.fabric();
    m_tree->clear();
    if (index >= f.links.size())
        return clear();
    const Link& l = f.links[index];
    const QString a = qs(l.a.node) + QLatin1Char(':') + qs(l.a.port);
    const QString b = qs(l.b.node) + QLatin1Char(':') + qs(l.b.port);
    setTitle(tr("Link"), a + QStringLiteral(" ↔ ") + b);
    auto* g = group(tr("Link"));
    add(g, tr("End A"), a);
    add(g, tr("End B"), b);
    const Port* pa = f.findPort(l.a);
    const Port* pb = f.findPort(l.b);
    if (pa)
        add(g, tr("Speed A"), qs(formatSpeed(pa->speed)));
    if (pb)
        add(g, tr("Speed B"), qs(formatSpeed(pb->speed)));
    if (pa && pb && pa->speed != pb->speed)
        add(g, tr("Warning"), tr("speed mismatch"));
    const ObjectRef link = ObjectRef::forLink(l.a);
    editable(add(g, tr("Cable length"), qs(formatLength(l.length))), link, "length", getField(f, link, "length"));
    editable(add(g, tr("Medium"), Appearance::mediumName(l.medium)), link, "medium", getField(f, link, "medium"));
    if (l.medium == Medium::Fibre)
        editable(add(g, tr("Fibre type"), qs(enumLabel(l.fibre))), link, "fibre", getField(f, link, "fibre"));
    add(g, tr("Origin"), Appearance::originName(l.origin));
    if (pa) {
        add(g, tr("MTU"), QString::number(pa->mtu));
        add(g, tr("FEC"), Appearance::fecName(pa->fec));
    }
    const QosPolicy* policy = idx.policyAt(l.a);
    const QosPolicy* policyB = idx.policyAt(l.b);
    if (policy && policyB && policy != policyB)
        add(g, tr("Warning"), tr("the two ends use different QoS policies (%1, %2)").arg(qs(policy->name), qs(policyB->name)));
    addPolicy(f, policy ? policy : policyB, false);
    finish();
}

void PropertyPanel::addPolicy(const Fabric&, const QosPolicy* policy, bool host)
{
    auto* g = group(tr("QoS policy in force"));
    if (!policy) {
        add(g, tr("Policy"), tr("none (no binding for this role)"));
        return;
    }
    add(g, tr("Policy"), qs(policy->name), qs(policy->description));
    add(g, tr("Trust"), policy->trust == TrustMode::Dscp ? tr("DSCP") : tr("PCP (802.1p)"));
    add(g, tr("Lossless priorities (PFC)"), policy->losslessPriorities.empty() ? tr("none") : joinInts(policy->losslessPriorities));
    // DSCP → TC: the values that do not go to TC 0.
    QStringList map;
    for (int d = 0; d < kDscpValues; ++d)
        if (policy->dscpToTc[static_cast<std::size_t>(d)] != 0)
            map << QStringLiteral("%1→%2").arg(d).arg(policy->dscpToTc[static_cast<std::size_t>(d)]);
    add(g, tr("DSCP → traffic class"), map.isEmpty() ? tr("all → 0") : map.join(QStringLiteral(", ")) + tr("; others → 0"));
    QStringList classes;
    for (const TrafficClass& c : policy->classes)
        classes << QStringLiteral("%1 %2").arg(c.id).arg(qs(c.name));
    if (!classes.isEmpty())
        add(g, tr("Traffic classes"), classes.join(QStringLiteral(", ")));
    QStringList ets;
    for (const EtsQueue& q : policy->ets)
        ets << (q.mode == SchedulerMode::Strict ? tr("q%1 strict").arg(q.queue) : tr("q%1 %2%").arg(q.queue).arg(q.weight));
    if (!ets.isEmpty())
        add(g, tr("ETS"), ets.join(QStringLiteral(", ")));
    for (const EcnProfile& e : policy->ecn) {
        QStringList queues;
        for (int q : e.queues)
            queues << QString::number(q);
        add(g, tr("ECN %1").arg(qs(e.name)),
            tr("Kmin %1, Kmax %2, Pmax %3% (queue %4)")
                .arg(qs(formatBytesHuman(e.kmin)), qs(formatBytesHuman(e.kmax)))
                .arg(e.pmax * 100, 0, 'g', 3)
                .arg(queues.join(QStringLiteral(", "))));
    }
    const PfcWatchdog& wd = policy->watchdog;
    add(g, tr("PFC watchdog"),
        wd.enabled ? tr("detect %1, restore %2, %3")
                         .arg(qs(formatDuration(wd.detection)), qs(formatDuration(wd.restoration)), watchdogActionName(wd.action))
                   : tr("off"));
    add(g, tr("CNP"), tr("DSCP %1 → priority %2").arg(policy->cnpDscp).arg(policy->cnpPriority));
    if (host) {
        const HostNicSettings& nic = policy->nic;
        auto* h = group(tr("Host NIC settings"));
        add(h, tr("Trust"), nic.trust == TrustMode::Dscp ? tr("DSCP") : tr("PCP (802.1p)"));
        QStringList pfc;
        for (int p = 0; p < kPriorities; ++p)
            pfc << QString::number((nic.pfcBitmap >> p) & 1);
        add(h, tr("PFC per priority 0–7"), pfc.join(QStringLiteral(",")));
        add(h, tr("RoCE traffic"), tr("DSCP %1, priority %2").arg(nic.roceDscp).arg(nic.rocePriority));
        add(h, tr("CNP"), tr("DSCP %1, priority %2").arg(nic.cnpDscp).arg(nic.cnpPriority));
        add(h, tr("DCQCN"),
            tr("reaction point %1, notification point %2")
                .arg(nic.ecnReactionPoint ? tr("on") : tr("off"), nic.ecnNotificationPoint ? tr("on") : tr("off")));
    }
}

} // namespace lfp::gui
