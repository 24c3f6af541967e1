// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/views/policyeditor.h"
#include "gui/edittiming.h"
#include "gui/plaintext.h"

#include "document/changecommands.h"
#include "document/fabricdocument.h"
#include "model/enumnames.h"
#include "model/fieldaccess.h"
#include "model/policyfields.h"
#include "model/qos.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <stdexcept>

namespace lfp::gui {

namespace {
    bool isLossless(const QosPolicy& p, int prio)
    {
        return std::find(p.losslessPriorities.begin(), p.losslessPriorities.end(), prio) != p.losslessPriorities.end();
    }
} // namespace

// ---- PolicyClassModel

PolicyClassModel::PolicyClassModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void PolicyClassModel::setPolicy(const QosPolicy* policy, PolicyFieldSetter setter)
{
    // The rows are always the eight traffic classes; only their values change.
    m_policy = policy;
    m_set = std::move(setter);
    emit dataChanged(index(0, 0), index(kPriorities - 1, ColumnCount - 1));
}

int PolicyClassModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kPriorities; }
int PolicyClassModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant PolicyClassModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !m_policy)
        return {};
    const QosPolicy& p = *m_policy;
    const int tc = index.row();
    const std::string t = std::to_string(tc);
    if (role == Qt::CheckStateRole && index.column() == ColLossless)
        return isLossless(p, tc) ? Qt::Checked : Qt::Unchecked;
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    switch (index.column()) {
    case ColName:
        return QString::fromStdString(getPolicyField(p, "class." + t).value_or(std::string()));
    case ColPg:
        return p.tcToPg[static_cast<std::size_t>(tc)];
    case ColQueue:
        return p.tcToQueue[static_cast<std::size_t>(tc)];
    case ColLossless:
        return {}; // the check box
    case ColEts: {
        const std::string e = getPolicyField(p, "ets." + t).value_or(std::string());
        if (role == Qt::EditRole)
            return QString::fromStdString(e);
        return e == "strict" ? tr("strict") : e.empty() ? QString() : tr("%1 %").arg(QString::fromStdString(e));
    }
    default:
        return {};
    }
}

QVariant PolicyClassModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole) {
        switch (section) {
        case ColPg: return tr("Ingress priority group of the traffic class (0..7)");
        case ColQueue: return tr("Egress queue of the traffic class (0..7)");
        case ColLossless: return tr("PFC enabled on this priority");
        case ColEts: return tr("Scheduling of the class's egress queue: strict, or a DWRR weight in percent");
        default: return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return tr("TC %1").arg(section);
    switch (section) {
    case ColName: return tr("Class");
    case ColPg: return tr("PG");
    case ColQueue: return tr("Queue");
    case ColLossless: return tr("Lossless");
    case ColEts: return tr("ETS");
    default: return {};
    }
}

Qt::ItemFlags PolicyClassModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (!m_policy)
        return f;
    return index.column() == ColLossless ? f | Qt::ItemIsUserCheckable : f | Qt::ItemIsEditable;
}

bool PolicyClassModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!index.isValid() || !m_policy || !m_set)
        return false;
    const int tc = index.row();
    const std::string t = std::to_string(tc);
    if (index.column() == ColLossless) {
        if (role != Qt::CheckStateRole)
            return false;
        std::vector<int> l = m_policy->losslessPriorities;
        l.erase(std::remove(l.begin(), l.end(), tc), l.end());
        if (value.toInt() == Qt::Checked)
            l.push_back(tc);
        std::sort(l.begin(), l.end());
        return m_set("lossless", formatPriorityList(l));
    }
    if (role != Qt::EditRole)
        return false;
    const std::string v = value.toString().trimmed().toStdString();
    switch (index.column()) {
    case ColName: return m_set("class." + t, v);
    case ColPg: return m_set("pg." + t, v);
    case ColQueue: return m_set("queue." + t, v);
    // ETS is per egress queue; the row's queue is the class's queue (tcToQueue).
    case ColEts: return m_set("ets." + std::to_string(m_policy->tcToQueue[static_cast<std::size_t>(tc)]), v);
    default: return false;
    }
}

// ---- PolicyDscpModel

PolicyDscpModel::PolicyDscpModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void PolicyDscpModel::setPolicy(const QosPolicy* policy, PolicyFieldSetter setter)
{
    m_policy = policy;
    m_set = std::move(setter);
    emit dataChanged(index(0, 0), index(kDscpValues - 1, 0));
}

int PolicyDscpModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kDscpValues; }
int PolicyDscpModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : 1; }

QVariant PolicyDscpModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !m_policy || (role != Qt::DisplayRole && role != Qt::EditRole))
        return {};
    return m_policy->dscpToTc[static_cast<std::size_t>(index.row())];
}

QVariant PolicyDscpModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    return orientation == Qt::Vertical ? tr("DSCP %1").arg(section) : tr("Traffic class");
}

Qt::ItemFlags PolicyDscpModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | (m_policy ? Qt::ItemIsEditable : Qt::NoItemFlags);
}

bool PolicyDscpModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!index.isValid() || !m_policy || !m_set || role != Qt::EditRole)
        return false;
    return m_set("dscp." + std::to_string(index.row()), value.toString().trimmed().toStdString());
}

// ---- PolicyEditor

PolicyEditor::PolicyEditor(FabricDocument* document, QWidget* parent)
    : QWidget(parent)
    , m_doc(document)
{
    auto* top = new QVBoxLayout(this);
    auto* head = new QHBoxLayout;
    m_pick = new QComboBox;
    m_pick->setObjectName(QStringLiteral("policyPicker"));
    m_pick->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    head->addWidget(plainLabel(tr("Policy:")));
    head->addWidget(m_pick, 1);
    top->addLayout(head);
    m_findingsLabel = plainLabel();
    m_findingsLabel->setObjectName(QStringLiteral("policyFindings"));
    m_findingsLabel->setWordWrap(true);
    top->addWidget(m_findingsLabel);
    m_error = plainLabel();
    m_error->setObjectName(QStringLiteral("policyError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color:#C62828"));
    m_error->hide();
    top->addWidget(m_error);

    auto* tabs = new QTabWidget;
    top->addWidget(tabs, 1);

    // Classes: TC → PG, queue, lossless, ETS.
    m_classes = new PolicyClassModel(this);
    m_classView = new QTableView;
    m_classView->setObjectName(QStringLiteral("policyClasses"));
    m_classView->setModel(m_classes);
    m_classView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    tabs->addTab(m_classView, tr("Classes"));

    m_dscp = new PolicyDscpModel(this);
    m_dscpView = new QTableView;
    m_dscpView->setObjectName(QStringLiteral("policyDscp"));
    m_dscpView->setModel(m_dscp);
    m_dscpView->horizontalHeader()->setStretchLastSection(true);
    tabs->addTab(m_dscpView, tr("DSCP → TC"));

    auto intSpin = [](int lo, int hi, const QString& suffix = {}) {
        auto* s = new QSpinBox;
        s->setRange(lo, hi);
        s->setSuffix(suffix);
        s->setKeyboardTracking(true);
        return s;
    };
    auto enumCombo = [](const QStringList& names) {
        auto* c = new QComboBox;
        for (const auto& n : names)
            c->addItem(n, n);
        return c;
    };

    // RoCE, CNP, ECN, watchdog.
    auto* flow = new QWidget;
    auto* flowForm = new QFormLayout(flow);
    auto* trust = enumCombo({ QStringLiteral("dscp"), QStringLiteral("pcp") });
    flowForm->addRow(tr("Trust:"), trust);
    bindWidget(trust, "trust");
    auto* rp = intSpin(0, kPriorities - 1);
    flowForm->addRow(tr("RoCE priority:"), rp);
    bindWidget(rp, "roce_priority");
    auto* rd = intSpin(0, kDscpValues - 1);
    flowForm->addRow(tr("RoCE DSCP:"), rd);
    bindWidget(rd, "roce_dscp");
    auto* cp = intSpin(0, kPriorities - 1);
    flowForm->addRow(tr("CNP priority:"), cp);
    bindWidget(cp, "cnp_priority");
    auto* cd = intSpin(0, kDscpValues - 1);
    flowForm->addRow(tr("CNP DSCP:"), cd);
    bindWidget(cd, "cnp_dscp");
    auto* kmin = intSpin(1, 1'000'000'000, tr(" B"));
    flowForm->addRow(tr("ECN Kmin:"), kmin);
    bindWidget(kmin, "ecn.kmin");
    auto* kmax = intSpin(1, 1'000'000'000, tr(" B"));
    flowForm->addRow(tr("ECN Kmax:"), kmax);
    bindWidget(kmax, "ecn.kmax");
    auto* pmax = new QDoubleSpinBox;
    pmax->setRange(0, 1);
    pmax->setDecimals(3);
    pmax->setSingleStep(0.01);
    flowForm->addRow(tr("ECN Pmax:"), pmax);
    bindWidget(pmax, "ecn.pmax");
    auto* ecnQueues = new QLineEdit;
    ecnQueues->setPlaceholderText(tr("e.g. 3 or 3,4"));
    flowForm->addRow(tr("ECN queues:"), ecnQueues);
    bindWidget(ecnQueues, "ecn.queues");
    auto* wdOn = new QCheckBox(tr("PFC watchdog enabled"));
    flowForm->addRow(QString(), wdOn);
    bindWidget(wdOn, "pfc_watchdog.enabled");
    auto* wdDet = new QLineEdit;
    wdDet->setPlaceholderText(tr("e.g. 200ms"));
    flowForm->addRow(tr("Detection time:"), wdDet);
    bindWidget(wdDet, "pfc_watchdog.detection");
    auto* wdRes = new QLineEdit;
    wdRes->setPlaceholderText(tr("e.g. 200ms"));
    flowForm->addRow(tr("Restoration time:"), wdRes);
    bindWidget(wdRes, "pfc_watchdog.restoration");
    auto* wdAct = enumCombo({ QStringLiteral("drop"), QStringLiteral("forward"), QStringLiteral("alert") });
    flowForm->addRow(tr("Watchdog action:"), wdAct);
    bindWidget(wdAct, "pfc_watchdog.action");
    auto* flowScroll = new QScrollArea;
    flowScroll->setWidget(flow);
    flowScroll->setWidgetResizable(true);
    tabs->addTab(flowScroll, tr("RoCE, ECN, watchdog"));

    // Host NICs.
    auto* nic = new QWidget;
    auto* nicForm = new QFormLayout(nic);
    auto* nicTrust = enumCombo({ QStringLiteral("dscp"), QStringLiteral("pcp") });
    nicForm->addRow(tr("NIC trust:"), nicTrust);
    bindWidget(nicTrust, "nic.trust");
    auto* nicPfc = new QLineEdit;
    nicPfc->setPlaceholderText(tr("e.g. 3 or 3,4"));
    nicForm->addRow(tr("NIC PFC priorities:"), nicPfc);
    bindWidget(nicPfc, "nic.pfc");
    auto* nicRp = new QCheckBox(tr("DCQCN reaction point (reacts to CNPs)"));
    nicForm->addRow(QString(), nicRp);
    bindWidget(nicRp, "nic.ecn_rp");
    auto* nicNp = new QCheckBox(tr("DCQCN notification point (sends CNPs)"));
    nicForm->addRow(QString(), nicNp);
    bindWidget(nicNp, "nic.ecn_np");
    auto* nicCp = intSpin(0, kPriorities - 1);
    nicForm->addRow(tr("NIC CNP priority:"), nicCp);
    bindWidget(nicCp, "nic.cnp_priority");
    auto* nicCd = intSpin(0, kDscpValues - 1);
    nicForm->addRow(tr("NIC CNP DSCP:"), nicCd);
    bindWidget(nicCd, "nic.cnp_dscp");
    tabs->addTab(nic, tr("Host NICs"));

    // Binding: roles and per-port overrides (the fields `lfp bind` sets).
    auto* bind = new QWidget;
    auto* bindLayout = new QVBoxLayout(bind);
    auto* roles = new QGroupBox(tr("Bound to roles"));
    auto* rolesLayout = new QHBoxLayout(roles);
    const std::pair<Role, QString> roleNames[] = { { Role::SuperSpine, tr("Super-spine") }, { Role::Spine, tr("Spine") },
        { Role::Leaf, tr("Leaf") }, { Role::Host, tr("Host") } };
    for (const auto& [r, label] : roleNames) {
        auto* box = new QCheckBox(label);
        box->setObjectName(QStringLiteral("bindRole_%1").arg(QString::fromLatin1(enumName(r))));
        rolesLayout->addWidget(box);
        bindRole(box, static_cast<int>(r));
    }
    bindLayout->addWidget(roles);
    auto* ports = new QHBoxLayout;
    auto* overrideBtn = new QPushButton(tr("Override on selected ports"));
    overrideBtn->setObjectName(QStringLiteral("overridePorts"));
    auto* removeBtn = new QPushButton(tr("Remove their override"));
    removeBtn->setObjectName(QStringLiteral("removeOverride"));
    connect(overrideBtn, &QPushButton::clicked, this, [this] { overrideSelectedPorts(false); });
    connect(removeBtn, &QPushButton::clicked, this, [this] { overrideSelectedPorts(true); });
    ports->addWidget(overrideBtn);
    ports->addWidget(removeBtn);
    ports->addStretch(1);
    bindLayout->addLayout(ports);
    m_bindingText = plainLabel();
    m_bindingText->setWordWrap(true);
    bindLayout->addWidget(m_bindingText);
    bindLayout->addStretch(1);
    tabs->addTab(bind, tr("Binding"));

    connect(m_pick, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_refreshing) {
            refresh();
            updateFindings();
        }
    });
    connect(m_doc, &FabricDocument::changed, this, &PolicyEditor::onChanged);
    rebuildPolicyList();
    refresh();
    updateFindings();
}

const QosPolicy* PolicyEditor::policy() const
{
    const std::string name = m_pick->currentData().toString().toStdString();
    for (const auto& p : m_doc->fabric().policies)
        if (p.name == name)
            return &p;
    return nullptr;
}

QString PolicyEditor::currentPolicy() const { return m_pick->currentData().toString(); }

bool PolicyEditor::setCurrentPolicy(const QString& name)
{
    const int i = m_pick->findData(name);
    if (i < 0)
        return false;
    m_pick->setCurrentIndex(i);
    return true;
}

QString PolicyEditor::errorText() const { return m_error->isVisible() || !m_error->text().isEmpty() ? m_error->text() : QString(); }

QString PolicyEditor::findingsText() const { return m_findingsLabel->text(); }

bool PolicyEditor::setPolicyField(const std::string& field, const std::string& value)
{
    const QosPolicy* p = policy();
    if (!p)
        return false;
    try {
        if (getField(m_doc->fabric(), ObjectRef::forPolicy(p->name), field) == value) {
            m_error->clear();
            m_error->hide();
            return true; // nothing to change: no empty undo step
        }
        m_doc->undoStack()->push(new ChangeValueCommand(m_doc, { ObjectRef::forPolicy(p->name) }, field, value));
        m_error->clear();
        m_error->hide();
        return true;
    } catch (const std::exception& e) {
        m_error->setText(QString::fromStdString(e.what()));
        m_error->show();
        return false;
    }
}

void PolicyEditor::bindWidget(QWidget* w, const std::string& field)
{
    w->setObjectName(QString::fromStdString("policyField_" + field));
    m_fields.emplace_back(w, field);
    auto push = [this, field](const std::string& v) {
        if (!m_refreshing)
            setPolicyField(field, v);
    };
    if (auto* s = qobject_cast<QSpinBox*>(w))
        connect(s, &QSpinBox::valueChanged, this, [push](int v) { push(std::to_string(v)); });
    else if (auto* d = qobject_cast<QDoubleSpinBox*>(w))
        connect(d, &QDoubleSpinBox::valueChanged, this, [push, d](double) { push(d->cleanText().replace(QLocale().decimalPoint(), QStringLiteral(".")).toStdString()); });
    else if (auto* c = qobject_cast<QComboBox*>(w))
        connect(c, &QComboBox::currentIndexChanged, this, [push, c](int) { push(c->currentData().toString().toStdString()); });
    else if (auto* b = qobject_cast<QCheckBox*>(w))
        connect(b, &QCheckBox::toggled, this, [push](bool on) { push(on ? "true" : "false"); });
    else if (auto* e = qobject_cast<QLineEdit*>(w))
        connect(e, &QLineEdit::editingFinished, this, [push, e] { push(e->text().trimmed().toStdString()); });
}

void PolicyEditor::bindRole(QCheckBox* box, int role)
{
    m_roles.emplace_back(box, role);
    connect(box, &QCheckBox::toggled, this, [this, role](bool on) {
        const QosPolicy* p = policy();
        if (m_refreshing || !p)
            return;
        const ObjectRef r = ObjectRef::forRole(static_cast<Role>(role));
        try {
            const std::string bound = getField(m_doc->fabric(), r, "policy");
            if (on && bound != p->name)
                m_doc->undoStack()->push(new ChangeValueCommand(m_doc, { r }, "policy", p->name));
            else if (!on && bound == p->name)
                m_doc->undoStack()->push(new ChangeValueCommand(m_doc, { r }, "policy", std::string()));
            m_error->hide();
        } catch (const std::exception& e) {
            m_error->setText(QString::fromStdString(e.what()));
            m_error->show();
        }
    });
}

void PolicyEditor::overrideSelectedPorts(bool remove)
{
    const QosPolicy* p = policy();
    if (!p)
        return;
    std::vector<ObjectRef> ports;
    for (const auto& o : m_doc->selection())
        if (o.kind == ObjectRef::Kind::Port)
            ports.push_back(o);
    if (ports.empty()) {
        m_error->setText(tr("Select one or more ports first (in the tree or the diagram)."));
        m_error->show();
        return;
    }
    try {
        // A macro of one command: a button press is its own undo step (no merge with the last edit).
        auto* cmd = new ChangeValueCommand(m_doc, ports, "policy", remove ? std::string() : p->name);
        m_doc->undoStack()->beginMacro(cmd->text());
        m_doc->undoStack()->push(cmd);
        m_doc->undoStack()->endMacro();
        m_error->hide();
    } catch (const std::exception& e) {
        m_error->setText(QString::fromStdString(e.what()));
        m_error->show();
    }
}

void PolicyEditor::onChanged(const FabricChange& change)
{
    EditLap lap("policy editor");
    if (change.kind == FabricChange::Kind::Reset)
        rebuildPolicyList();
    refresh();
}

void PolicyEditor::rebuildPolicyList()
{
    m_refreshing = true;
    const QString keep = m_pick->currentData().toString();
    m_pick->clear();
    for (const auto& p : m_doc->fabric().policies)
        m_pick->addItem(QString::fromStdString(p.name), QString::fromStdString(p.name));
    const int i = m_pick->findData(keep);
    m_pick->setCurrentIndex(i >= 0 ? i : (m_pick->count() > 0 ? 0 : -1));
    m_refreshing = false;
}

void PolicyEditor::refresh()
{
    // Every snapshot is a new fabric: the models and widgets read the current policy again.
    m_refreshing = true;
    const QosPolicy* p = policy();
    auto setter = [this](const std::string& f, const std::string& v) { return setPolicyField(f, v); };
    m_classes->setPolicy(p, setter);
    m_dscp->setPolicy(p, setter);
    for (auto& [w, field] : m_fields) {
        w->setEnabled(p != nullptr);
        if (!p)
            continue;
        const QString v = QString::fromStdString(getPolicyField(*p, field).value_or(std::string()));
        const QSignalBlocker block(w);
        if (auto* s = qobject_cast<QSpinBox*>(w))
            s->setValue(v.toInt());
        else if (auto* d = qobject_cast<QDoubleSpinBox*>(w))
            d->setValue(v.toDouble());
        else if (auto* c = qobject_cast<QComboBox*>(w))
            c->setCurrentIndex(c->findData(v));
        else if (auto* b = qobject_cast<QCheckBox*>(w))
            b->setChecked(v == QStringLiteral("true"));
        else if (auto* e = qobject_cast<QLineEdit*>(w); e && !e->hasFocus())
            e->setText(v);
    }
    QStringList boundRoles;
    for (auto& [box, role] : m_roles) {
        const QSignalBlocker block(box);
        box->setEnabled(p != nullptr);
        const std::string bound = getField(m_doc->fabric(), ObjectRef::forRole(static_cast<Role>(role)), "policy");
        box->setChecked(p && bound == p->name);
    }
    if (p) {
        int overrides = 0;
        for (const auto& o : m_doc->fabric().overrides)
            overrides += o.policy == p->name ? 1 : 0;
        int ports = 0; // by port id: no name lookups (70,656 nodes at k=64 on every edit)
        const FabricIndex& ix = m_doc->index();
        for (PortId id = 0; id < ix.portCount(); ++id)
            if (ix.policyAt(id) == p)
                ++ports;
        m_bindingText->setText(tr("In force on %n port(s); overridden on %1 port(s).", nullptr, ports).arg(overrides));
    } else {
        m_bindingText->setText(tr("The fabric has no QoS policy."));
    }
    m_refreshing = false;
}

void PolicyEditor::setFindings(const std::vector<Finding>& findings)
{
    m_findings = findings;
    updateFindings();
}

void PolicyEditor::updateFindings()
{
    m_policyFindings = m_policyErrors = m_policyWarnings = 0;
    const QosPolicy* p = policy();
    if (!p) {
        m_findingsLabel->setText(QString());
        return;
    }
    const ObjectRef ref = ObjectRef::forPolicy(p->name);
    for (const auto& f : m_findings) {
        if (std::find(f.objects.begin(), f.objects.end(), ref) == f.objects.end())
            continue;
        ++m_policyFindings;
        m_policyErrors += f.severity == Severity::Error ? 1 : 0;
        m_policyWarnings += f.severity == Severity::Warning ? 1 : 0;
    }
    m_findingsLabel->setText(m_policyFindings == 0
            ? tr("No findings name this policy.")
            : tr("%n finding(s) name this policy: %1 error(s), %2 warning(s) (see Findings).", nullptr, m_policyFindings)
                  .arg(m_policyErrors)
                  .arg(m_policyWarnings));
}

} // namespace lfp::gui
