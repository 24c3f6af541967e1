// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/dialogs/structuredialogs.h"
#include "gui/plaintext.h"

#include "model/fieldaccess.h"
#include "model/structureedit.h"
#include "model/units.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <set>

namespace lfp::gui {

namespace {
    QString q(const std::string& s) { return QString::fromStdString(s); }
    std::string s(const QString& t) { return t.trimmed().toStdString(); }

    QLabel* errorLabel()
    {
        auto* l = plainLabel();
        l->setObjectName(QStringLiteral("errorLabel"));
        l->setWordWrap(true);
        l->setStyleSheet(QStringLiteral("color: #c62828;"));
        return l;
    }

    QDialogButtonBox* buttons(QDialog* d)
    {
        auto* b = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
        QObject::connect(b, &QDialogButtonBox::accepted, d, &QDialog::accept);
        QObject::connect(b, &QDialogButtonBox::rejected, d, &QDialog::reject);
        return b;
    }

    void finishLayout(QDialog* d, QFormLayout* form, QLabel* error, QDialogButtonBox* b)
    {
        auto* v = new QVBoxLayout(d);
        v->addLayout(form);
        v->addWidget(error);
        v->addWidget(b);
        form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
        d->setMinimumWidth(d->fontMetrics().horizontalAdvance(QLatin1Char('M')) * 30);
    }

    /// The reason the field assignment is refused, checked on a one-node probe (fieldaccess.h).
    QString fieldProblem(const ObjectRef& ref, Fabric probe, const FieldValues& fields)
    {
        try {
            for (const auto& [field, value] : fields)
                setField(probe, ref, field, value);
        } catch (const std::exception& e) {
            return q(e.what());
        }
        return {};
    }

    void showProblem(QLabel* error, QDialogButtonBox* b, const QString& problem)
    {
        error->setText(problem);
        error->setVisible(!problem.isEmpty());
        b->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
    }
} // namespace

// ---- AddNodeDialog

AddNodeDialog::AddNodeDialog(const Fabric& fabric, const AsicCatalog* catalog, bool isSwitch, QWidget* parent)
    : QDialog(parent)
    , m_fabric(fabric)
    , m_switch(isSwitch)
{
    setWindowTitle(isSwitch ? tr("Add Switch") : tr("Add Host"));
    auto* form = new QFormLayout;
    m_name = new QLineEdit;
    m_name->setObjectName(QStringLiteral("nameEdit"));
    // A free name as a start: leaf5 after leaf1..leaf4.
    const QString stem = isSwitch ? QStringLiteral("leaf") : QStringLiteral("host");
    int n = 1;
    while (fabric.findNode(s(stem + QString::number(n))))
        ++n;
    m_name->setText(stem + QString::number(n));
    form->addRow(tr("&Name:"), m_name);
    m_role = new QComboBox;
    m_role->setObjectName(QStringLiteral("roleBox"));
    if (isSwitch) {
        m_role->addItem(tr("Leaf"), QStringLiteral("leaf"));
        m_role->addItem(tr("Spine"), QStringLiteral("spine"));
        m_role->addItem(tr("Super-spine"), QStringLiteral("super-spine"));
    } else {
        m_role->addItem(tr("Host"), QStringLiteral("host"));
        m_role->setEnabled(false);
    }
    form->addRow(tr("&Role:"), m_role);
    m_asic = new QComboBox;
    m_asic->setObjectName(QStringLiteral("asicBox"));
    m_asic->addItem(tr("(none)"), QString());
    if (catalog)
        for (const auto& a : catalog->all())
            m_asic->addItem(QStringLiteral("%1 — %2").arg(q(a.id), q(a.name)), q(a.id));
    // The ASIC most switches of the fabric use, as a start.
    if (isSwitch) {
        std::map<std::string, int> used;
        for (const auto& node : fabric.nodes)
            if (node.isSwitch() && !node.asic.empty())
                ++used[node.asic];
        auto best = std::max_element(used.begin(), used.end(), [](auto& x, auto& y) { return x.second < y.second; });
        if (best != used.end())
            m_asic->setCurrentIndex(std::max(0, m_asic->findData(q(best->first))));
        form->addRow(tr("&ASIC:"), m_asic);
    } else {
        m_asic->setVisible(false);
    }
    m_rack = new QLineEdit;
    form->addRow(tr("Rac&k:"), m_rack);
    m_ports = new QSpinBox;
    m_ports->setObjectName(QStringLiteral("portsSpin"));
    m_ports->setRange(0, 4096);
    m_ports->setValue(isSwitch ? 32 : 1);
    form->addRow(tr("&Ports:"), m_ports);
    m_prefix = new QLineEdit(isSwitch ? QStringLiteral("Ethernet") : QStringLiteral("eth"));
    m_prefix->setToolTip(tr("Ports are named prefix + number; switch ports are numbered by their first lane (Ethernet0, Ethernet4, …)"));
    form->addRow(tr("Port name &prefix:"), m_prefix);
    m_speed = new QLineEdit(QStringLiteral("400G"));
    m_speed->setObjectName(QStringLiteral("speedEdit"));
    m_speed->setToolTip(QString::fromUtf8(kSpeedForms));
    form->addRow(tr("Port &speed:"), m_speed);
    m_error = errorLabel();
    m_buttons = buttons(this);
    finishLayout(this, form, m_error, m_buttons);
    for (QLineEdit* e : { m_name, m_rack, m_prefix, m_speed })
        connect(e, &QLineEdit::textChanged, this, &AddNodeDialog::validate);
    connect(m_ports, &QSpinBox::valueChanged, this, &AddNodeDialog::validate);
    connect(m_asic, &QComboBox::currentIndexChanged, this, &AddNodeDialog::validate);
    validate();
}

Node AddNodeDialog::node() const
{
    Node n;
    n.name = s(m_name->text());
    n.role = roleFromString(s(m_role->currentData().toString())).value_or(Role::Leaf);
    const int lanes = m_switch ? 4 : 1;
    try {
        if (m_ports->value() > 0)
            n.ports = numberedPorts(m_ports->value(), s(m_prefix->text()), 0, lanes, parseSpeed(s(m_speed->text())), lanes);
    } catch (const std::exception&) { // validate() shows why; OK is disabled then
    }
    return n;
}

FieldValues AddNodeDialog::fields() const
{
    FieldValues f;
    if (m_switch && !m_asic->currentData().toString().isEmpty())
        f.emplace_back("asic", s(m_asic->currentData().toString()));
    if (!m_rack->text().trimmed().isEmpty())
        f.emplace_back("rack", s(m_rack->text()));
    return f;
}

void AddNodeDialog::validate()
{
    QString problem = q(newNodeNameProblem(m_fabric, s(m_name->text())));
    if (problem.isEmpty() && m_ports->value() > 0) {
        try {
            parseSpeed(s(m_speed->text()));
        } catch (const std::exception& e) {
            problem = tr("Port speed: %1").arg(q(e.what()));
        }
    }
    if (problem.isEmpty()) {
        Fabric probe;
        probe.nodes.push_back(node());
        const ObjectRef ref = ObjectRef::forNode(probe.nodes.back().name);
        problem = fieldProblem(ref, std::move(probe), fields());
    }
    m_problem = problem;
    showProblem(m_error, m_buttons, problem);
}

// ---- AddPortDialog

AddPortDialog::AddPortDialog(const Fabric& fabric, const QString& node, QWidget* parent)
    : QDialog(parent)
    , m_fabric(fabric)
{
    setWindowTitle(tr("Add Port"));
    auto* form = new QFormLayout;
    m_node = new QComboBox;
    m_node->setObjectName(QStringLiteral("nodeBox"));
    for (const auto& n : fabric.nodes)
        m_node->addItem(q(n.name));
    m_node->setCurrentIndex(std::max(0, m_node->findText(node.section(QLatin1Char(':'), 0, 0))));
    form->addRow(tr("&Node:"), m_node);
    m_name = new QLineEdit;
    m_name->setObjectName(QStringLiteral("nameEdit"));
    form->addRow(tr("Port &name:"), m_name);
    m_speed = new QLineEdit;
    m_speed->setObjectName(QStringLiteral("speedEdit"));
    m_speed->setPlaceholderText(tr("as the node's first port"));
    m_speed->setToolTip(QString::fromUtf8(kSpeedForms));
    form->addRow(tr("&Speed:"), m_speed);
    m_error = errorLabel();
    m_buttons = buttons(this);
    finishLayout(this, form, m_error, m_buttons);
    connect(m_node, &QComboBox::currentIndexChanged, this, &AddPortDialog::validate);
    connect(m_name, &QLineEdit::textChanged, this, &AddPortDialog::validate);
    connect(m_speed, &QLineEdit::textChanged, this, &AddPortDialog::validate);
    validate();
}

Endpoint AddPortDialog::port() const { return { s(m_node->currentText()), s(m_name->text()) }; }

FieldValues AddPortDialog::fields() const
{
    FieldValues f;
    if (!m_speed->text().trimmed().isEmpty())
        f.emplace_back("speed", s(m_speed->text()));
    return f;
}

void AddPortDialog::validate()
{
    const Endpoint e = port();
    QString problem = q(newPortNameProblem(m_fabric, e.node, e.port));
    if (problem.isEmpty()) {
        const Node* n = m_fabric.findNode(e.node);
        if (n && n->ports.empty() && m_speed->text().trimmed().isEmpty())
            problem = tr("%1 has no port to copy the speed from: give a speed").arg(q(e.node));
    }
    if (problem.isEmpty()) {
        Fabric probe;
        Node n;
        n.name = e.node;
        Port p;
        p.name = e.port;
        n.ports.push_back(p);
        probe.nodes.push_back(std::move(n));
        problem = fieldProblem(ObjectRef::forPort(e), std::move(probe), fields());
    }
    m_problem = problem;
    showProblem(m_error, m_buttons, problem);
}

// ---- AddLinkDialog

AddLinkDialog::AddLinkDialog(const Fabric& fabric, const QString& from, QWidget* parent)
    : QDialog(parent)
    , m_fabric(fabric)
{
    setWindowTitle(tr("Add Link"));
    auto* form = new QFormLayout;
    auto nodeBox = [&](const char* name) {
        auto* b = new QComboBox;
        b->setObjectName(QLatin1String(name));
        for (const auto& n : fabric.nodes)
            b->addItem(q(n.name));
        return b;
    };
    m_nodeA = nodeBox("nodeA");
    m_portA = new QComboBox;
    m_portA->setObjectName(QStringLiteral("portA"));
    m_nodeB = nodeBox("nodeB");
    m_portB = new QComboBox;
    m_portB->setObjectName(QStringLiteral("portB"));
    form->addRow(tr("End &A node:"), m_nodeA);
    form->addRow(tr("End A &port:"), m_portA);
    form->addRow(tr("End &B node:"), m_nodeB);
    form->addRow(tr("End B p&ort:"), m_portB);
    m_length = new QLineEdit(QStringLiteral("3m"));
    m_length->setObjectName(QStringLiteral("lengthEdit"));
    m_length->setToolTip(QString::fromUtf8(kLengthForms));
    form->addRow(tr("Cable &length:"), m_length);
    m_medium = new QComboBox;
    m_medium->addItem(tr("DAC (copper)"), QStringLiteral("dac"));
    m_medium->addItem(tr("AOC"), QStringLiteral("aoc"));
    m_medium->addItem(tr("Fibre"), QStringLiteral("fibre"));
    form->addRow(tr("&Medium:"), m_medium);
    m_speed = new QLineEdit;
    m_speed->setPlaceholderText(tr("keep the ports' speeds"));
    m_speed->setToolTip(QString::fromUtf8(kSpeedForms));
    form->addRow(tr("Port &speed:"), m_speed);
    m_error = errorLabel();
    m_buttons = buttons(this);
    finishLayout(this, form, m_error, m_buttons);

    connect(m_nodeA, &QComboBox::currentIndexChanged, this, [this] { fillPorts(m_nodeA, m_portA); });
    connect(m_nodeB, &QComboBox::currentIndexChanged, this, [this] { fillPorts(m_nodeB, m_portB); });
    for (QComboBox* b : { m_portA, m_portB, m_medium })
        connect(b, &QComboBox::currentIndexChanged, this, &AddLinkDialog::validate);
    connect(m_length, &QLineEdit::textChanged, this, &AddLinkDialog::validate);
    connect(m_speed, &QLineEdit::textChanged, this, &AddLinkDialog::validate);
    const QString fromNode = from.section(QLatin1Char(':'), 0, 0);
    m_nodeA->setCurrentIndex(std::max(0, m_nodeA->findText(fromNode)));
    fillPorts(m_nodeA, m_portA);
    if (from.contains(QLatin1Char(':')))
        m_portA->setCurrentIndex(std::max(0, m_portA->findText(from.section(QLatin1Char(':'), 1))));
    m_nodeB->setCurrentIndex(m_nodeB->count() > 1 && m_nodeA->currentIndex() == 0 ? 1 : 0);
    fillPorts(m_nodeB, m_portB);
    validate();
}

void AddLinkDialog::fillPorts(QComboBox* node, QComboBox* port)
{
    // Only the ports not on a link yet.
    std::set<Endpoint> used;
    for (const auto& l : m_fabric.links) {
        used.insert(l.a);
        used.insert(l.b);
    }
    const QSignalBlocker block(port);
    port->clear();
    if (const Node* n = m_fabric.findNode(s(node->currentText())))
        for (const auto& p : n->ports)
            if (!used.count(Endpoint { n->name, p.name }))
                port->addItem(q(p.name));
    validate();
}

Endpoint AddLinkDialog::a() const { return { s(m_nodeA->currentText()), s(m_portA->currentText()) }; }
Endpoint AddLinkDialog::b() const { return { s(m_nodeB->currentText()), s(m_portB->currentText()) }; }

FieldValues AddLinkDialog::fields() const
{
    FieldValues f { { "length", s(m_length->text()) }, { "medium", s(m_medium->currentData().toString()) } };
    if (!m_speed->text().trimmed().isEmpty())
        f.emplace_back("speed", s(m_speed->text()));
    return f;
}

void AddLinkDialog::validate()
{
    if (!m_error)
        return; // still being built
    QString problem;
    if (m_portA->count() == 0 || m_portB->count() == 0)
        problem = tr("Choose two nodes with a free port each");
    if (problem.isEmpty())
        problem = q(newLinkProblem(m_fabric, a(), b()));
    if (problem.isEmpty()) {
        Fabric probe;
        for (const Endpoint& e : { a(), b() }) {
            Node n;
            n.name = e.node;
            Port p;
            p.name = e.port;
            n.ports.push_back(p);
            probe.nodes.push_back(std::move(n));
        }
        probe.links.push_back(Link { a(), b() });
        try {
            for (const auto& [field, value] : fields()) {
                if (field == "speed")
                    setField(probe, ObjectRef::forPort(a()), field, value);
                else
                    setField(probe, ObjectRef::forLink(a()), field, value);
            }
        } catch (const std::exception& e) {
            problem = q(e.what());
        }
    }
    m_problem = problem;
    showProblem(m_error, m_buttons, problem);
}

} // namespace lfp::gui
