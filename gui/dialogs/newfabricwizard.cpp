// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/dialogs/newfabricwizard.h"
#include "gui/plaintext.h"

#include "model/units.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <QWizardPage>

#include <functional>
#include <stdexcept>

namespace lfp::gui {
namespace {

    QSpinBox* spin(int min, int max, int value, int step = 1)
    {
        auto* s = new QSpinBox;
        s->setRange(min, max);
        s->setSingleStep(step);
        s->setValue(value);
        return s;
    }

    /// A page whose Next checks its fields through @p check (a throwing lambda); the reason is shown.
    class CheckedPage : public QWizardPage {
    public:
        using QWizardPage::registerField;
        std::function<void()> check;
        QLabel* error = nullptr;
        bool validatePage() override
        {
            if (!check)
                return true;
            try {
                check();
                error->clear();
                return true;
            } catch (const std::exception& e) {
                error->setText(QString::fromStdString(e.what()));
                return false;
            }
        }
        void addError(QLayout* layout)
        {
            error = plainLabel();
            error->setWordWrap(true);
            error->setStyleSheet(QStringLiteral("color: #c0392b"));
            layout->addWidget(error);
        }
    };

} // namespace

NewFabricWizard::NewFabricWizard(std::shared_ptr<const AsicCatalog> catalog, QWidget* parent)
    : QWizard(parent)
    , m_catalog(catalog ? std::move(catalog) : std::make_shared<const AsicCatalog>(AsicCatalog::loadDefault()))
{
    setWindowTitle(tr("New Fabric"));
    setObjectName(QStringLiteral("newFabricWizard"));

    // Topology.
    auto* topo = new CheckedPage;
    topo->setTitle(tr("Topology"));
    topo->setSubTitle(tr("The shape of the fabric to generate (as lfp generate)."));
    auto* topoCombo = new QComboBox;
    topoCombo->addItem(tr("Leaf-spine (two tiers, every leaf to every spine)"));
    topoCombo->addItem(tr("Fat-tree (three-tier k-ary, k³/4 hosts)"));
    topoCombo->addItem(tr("Rail-optimised GPU cluster"));
    auto* topoForm = new QFormLayout(topo);
    topoForm->addRow(tr("Topology:"), topoCombo);
    topo->registerField(QStringLiteral("topology"), topoCombo, "currentIndex", SIGNAL(currentIndexChanged(int)));
    addPage(topo);

    // Sizes: one form per topology.
    auto* sizes = new CheckedPage;
    sizes->setTitle(tr("Sizes"));
    sizes->setSubTitle(tr("Switch and host counts."));
    auto* stack = new QStackedWidget;
    auto* lsW = new QWidget;
    auto* lsForm = new QFormLayout(lsW);
    auto* spines = spin(1, 512, 2);
    auto* leaves = spin(1, 4096, 4);
    auto* hosts = spin(0, 512, 4);
    lsForm->addRow(tr("Spines:"), spines);
    lsForm->addRow(tr("Leaves:"), leaves);
    lsForm->addRow(tr("Hosts per leaf:"), hosts);
    auto* ftW = new QWidget;
    auto* ftForm = new QFormLayout(ftW);
    auto* k = spin(2, 128, 4, 2);
    ftForm->addRow(tr("Switch radix k (even):"), k);
    auto* raW = new QWidget;
    auto* raForm = new QFormLayout(raW);
    auto* servers = spin(1, 65536, 32);
    auto* gpus = spin(1, 64, 8);
    auto* rails = spin(1, 64, 8);
    auto* leafPorts = spin(2, 1024, 64, 2);
    auto* railSpines = spin(0, 1024, 0);
    railSpines->setSpecialValueText(tr("half the leaf ports"));
    raForm->addRow(tr("GPU servers:"), servers);
    raForm->addRow(tr("GPUs (NICs) per server:"), gpus);
    raForm->addRow(tr("Rails:"), rails);
    raForm->addRow(tr("Ports per leaf:"), leafPorts);
    raForm->addRow(tr("Spines:"), railSpines);
    stack->addWidget(lsW);
    stack->addWidget(ftW);
    stack->addWidget(raW);
    auto* sizesLayout = new QVBoxLayout(sizes);
    sizesLayout->addWidget(stack);
    sizes->registerField(QStringLiteral("spines"), spines);
    sizes->registerField(QStringLiteral("leaves"), leaves);
    sizes->registerField(QStringLiteral("hostsPerLeaf"), hosts);
    sizes->registerField(QStringLiteral("k"), k);
    sizes->registerField(QStringLiteral("servers"), servers);
    sizes->registerField(QStringLiteral("gpusPerServer"), gpus);
    sizes->registerField(QStringLiteral("rails"), rails);
    sizes->registerField(QStringLiteral("leafPorts"), leafPorts);
    sizes->registerField(QStringLiteral("railSpines"), railSpines);
    connect(topoCombo, &QComboBox::currentIndexChanged, stack, &QStackedWidget::setCurrentIndex);
    addPage(sizes);

    // Speeds.
    auto* speeds = new CheckedPage;
    speeds->setTitle(tr("Speeds"));
    speeds->setSubTitle(tr("Port speeds such as 100G, 400G or 800G, and the MTU in bytes."));
    auto* hostSpeed = new QLineEdit;
    auto* fabricSpeed = new QLineEdit;
    auto* mtu = spin(68, 65535, 9100);
    auto* speedForm = new QFormLayout(speeds);
    speedForm->addRow(tr("Host NIC speed:"), hostSpeed);
    speedForm->addRow(tr("Switch-to-switch speed:"), fabricSpeed);
    speedForm->addRow(tr("MTU (bytes):"), mtu);
    speeds->addError(speedForm);
    speeds->registerField(QStringLiteral("hostSpeed"), hostSpeed);
    speeds->registerField(QStringLiteral("fabricSpeed"), fabricSpeed);
    speeds->registerField(QStringLiteral("mtu"), mtu);
    speeds->check = [hostSpeed, fabricSpeed] {
        (void)parseSpeed(hostSpeed->text().toStdString());
        (void)parseSpeed(fabricSpeed->text().toStdString());
    };
    addPage(speeds);

    // ASIC.
    auto* asicPage = new CheckedPage;
    asicPage->setTitle(tr("Switch ASIC"));
    asicPage->setSubTitle(tr("The ASIC profile of every switch (the buffer and headroom model), and the switch model."));
    auto* asic = new QComboBox;
    asic->setEditable(true);
    for (const auto& p : m_catalog->all())
        asic->addItem(QString::fromStdString(p.id));
    auto* model = new QLineEdit;
    model->setPlaceholderText(tr("default: a platform of the ASIC"));
    // The switches' port names (generators.h PortNaming, `lfp generate --port-names`): the target's own
    // form, so that the export to it has no LFP-EXPORT-PORT-NAME warnings.
    auto* portNames = new QComboBox;
    portNames->setObjectName(QStringLiteral("portNamesCombo"));
    portNames->addItem(tr("SONiC (Ethernet0, Ethernet8: first lane)"), QStringLiteral("sonic"));
    portNames->addItem(tr("Cumulus / NVUE (swp1, swp2)"), QStringLiteral("cumulus"));
    portNames->addItem(tr("Arista EOS (Ethernet1/1, Ethernet2/1)"), QStringLiteral("eos"));
    portNames->addItem(tr("Cisco NX-OS (Ethernet1/1, Ethernet1/2)"), QStringLiteral("nxos"));
    portNames->addItem(tr("Junos (et-0/0/0, et-0/0/1)"), QStringLiteral("junos"));
    portNames->addItem(tr("Huawei CloudEngine (400GE1/0/1)"), QStringLiteral("huawei"));
    auto* asicForm = new QFormLayout(asicPage);
    asicForm->addRow(tr("ASIC profile:"), asic);
    asicForm->addRow(tr("Switch model:"), model);
    asicForm->addRow(tr("Port names:"), portNames);
    asicPage->addError(asicForm);
    asicPage->registerField(QStringLiteral("asic"), asic, "currentText", SIGNAL(currentTextChanged(QString)));
    asicPage->registerField(QStringLiteral("switchModel"), model);
    asicPage->registerField(QStringLiteral("portNames"), portNames, "currentData", SIGNAL(currentIndexChanged(int)));
    asicPage->check = [this, asic] { (void)checkedAsic(*m_catalog, asic->currentText().trimmed().toStdString()); };
    addPage(asicPage);

    // Policy.
    auto* policy = new CheckedPage;
    policy->setTitle(tr("Lossless policy"));
    policy->setSubTitle(tr("The RoCE policy bound to every role: PFC priorities, DSCP marking and ECN."));
    auto* bind = new QCheckBox(tr("Bind the default RoCE policy to every role"));
    bind->setChecked(true);
    auto* lossless = new QLineEdit;
    lossless->setPlaceholderText(tr("3 (comma-separated, e.g. 3,4)"));
    auto* roceDscp = new QLineEdit;
    roceDscp->setPlaceholderText(tr("26 for priority 3, else 8p+2"));
    auto* cnp = spin(0, 63, 48);
    auto* ecn = new QLineEdit;
    ecn->setPlaceholderText(tr("Kmin,Kmax,Pmax, e.g. 150KB,1500KB,10%"));
    auto* policyForm = new QFormLayout(policy);
    policyForm->addRow(bind);
    policyForm->addRow(tr("Lossless priorities:"), lossless);
    policyForm->addRow(tr("RoCE DSCP:"), roceDscp);
    policyForm->addRow(tr("CNP DSCP:"), cnp);
    policyForm->addRow(tr("ECN:"), ecn);
    m_errorLabel = plainLabel();
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #c0392b"));
    policyForm->addRow(m_errorLabel);
    for (QWidget* w : std::initializer_list<QWidget*> { lossless, roceDscp, cnp, ecn })
        connect(bind, &QCheckBox::toggled, w, &QWidget::setEnabled);
    policy->registerField(QStringLiteral("policy"), bind);
    policy->registerField(QStringLiteral("lossless"), lossless);
    policy->registerField(QStringLiteral("roceDscp"), roceDscp);
    policy->registerField(QStringLiteral("cnpDscp"), cnp);
    policy->registerField(QStringLiteral("ecn"), ecn);
    addPage(policy);

    connect(topoCombo, &QComboBox::currentIndexChanged, this, &NewFabricWizard::applyTopologyDefaults);
    applyTopologyDefaults(LeafSpine);
}

void NewFabricWizard::applyTopologyDefaults(int topology)
{
    const GeneratorSpec d = topology == FatTree ? fatTreeDefaults() : topology == Rail ? railDefaults() : leafSpineDefaults();
    setField(QStringLiteral("hostSpeed"), QString::fromStdString(d.hostSpeed));
    setField(QStringLiteral("fabricSpeed"), QString::fromStdString(d.fabricSpeed));
    setField(QStringLiteral("asic"), QString::fromStdString(d.asic));
    setField(QStringLiteral("switchModel"), QString());
}

GeneratorSpec NewFabricWizard::spec() const
{
    const int t = field(QStringLiteral("topology")).toInt();
    GeneratorSpec s = t == FatTree ? fatTreeDefaults() : t == Rail ? railDefaults() : leafSpineDefaults();
    s.hostSpeed = field(QStringLiteral("hostSpeed")).toString().trimmed().toStdString();
    s.fabricSpeed = field(QStringLiteral("fabricSpeed")).toString().trimmed().toStdString();
    s.asic = field(QStringLiteral("asic")).toString().trimmed().toStdString();
    const QString model = field(QStringLiteral("switchModel")).toString().trimmed();
    s.modelGiven = !model.isEmpty();
    if (s.modelGiven)
        s.model = model.toStdString();
    s.mtu = field(QStringLiteral("mtu")).toInt();
    if (const QString names = field(QStringLiteral("portNames")).toString(); !names.isEmpty())
        s.portNames = names.toStdString();
    s.noPolicy = !field(QStringLiteral("policy")).toBool();
    if (!s.noPolicy) {
        s.lossless = field(QStringLiteral("lossless")).toString().trimmed().toStdString();
        s.roceDscp = field(QStringLiteral("roceDscp")).toString().trimmed().toStdString();
        s.cnpDscp = field(QStringLiteral("cnpDscp")).toInt();
        s.ecn = field(QStringLiteral("ecn")).toString().trimmed().toStdString();
    }
    return s;
}

Fabric NewFabricWizard::buildFabric() const
{
    const GeneratorOptions opt = toGeneratorOptions(spec(), *m_catalog);
    auto i = [this](const char* name) { return field(QString::fromLatin1(name)).toInt(); };
    switch (i("topology")) {
    case FatTree:
        return generateFatTree(i("k"), opt);
    case Rail:
        return generateRail(i("servers"), i("gpusPerServer"), i("rails"), i("leafPorts"), i("railSpines"), opt);
    default:
        return generateLeafSpine(i("spines"), i("leaves"), i("hostsPerLeaf"), opt);
    }
}

void NewFabricWizard::accept()
{
    try {
        m_result = buildFabric();
        m_error.clear();
        m_errorLabel->clear();
    } catch (const std::exception& e) {
        m_result.reset();
        m_error = QString::fromStdString(e.what());
        m_errorLabel->setText(m_error);
        return;
    }
    QWizard::accept();
}

} // namespace lfp::gui
