// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/views/headroompanel.h"
#include "gui/plaintext.h"

#include "gui/appearance.h"
#include "gui/models/findingsmodel.h"
#include "gui/phrasetext.h"

#include "model/errors.h"
#include "model/units.h"
#include "planner/buffer/budget.h"
#include "model/generators.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace lfp::gui {

HeadroomInput headroomInputForPort(const Node& node, const Port& port, Metres cable, const AsicProfile& asic)
{
    HeadroomInput in = headroomInputFor(port, cable, asic, bufferSettingsFor(node));
    in.sku = node.model; // the SKU's vendor table, as computeBudget() picks it
    return in;
}

namespace {
    QLabel* bigNumber()
    {
        auto* l = plainLabel();
        QFont f = l->font();
        f.setPointSizeF(f.pointSizeF() * 1.35);
        f.setBold(true);
        l->setFont(f);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        return l;
    }

    QString bytesText(Bytes b) { return QString::number(b.value()); }
}

HeadroomPanel::HeadroomPanel(QWidget* parent)
    : QWidget(parent)
    , m_heading(plainLabel())
    , m_note(plainLabel())
    , m_asic(new QComboBox)
    , m_speed(new QComboBox)
    , m_lanes(new QSpinBox)
    , m_mtu(new QSpinBox)
    , m_cable(new QDoubleSpinBox)
    , m_losslessMtu(new QSpinBox)
    , m_spp(new QSpinBox)
    , m_ratio(new QDoubleSpinBox)
    , m_release(new QComboBox)
    , m_gearbox(new QDoubleSpinBox)
    , m_xon(bigNumber())
    , m_xoff(bigNumber())
    , m_size(bigNumber())
    , m_model(plainLabel())
    , m_error(plainLabel())
    , m_terms(new QTableWidget)
{
    QFont hf = m_heading->font();
    hf.setBold(true);
    m_heading->setFont(hf);
    m_heading->setObjectName(QStringLiteral("headroomHeading"));
    m_heading->setWordWrap(true);
    m_heading->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_note->setWordWrap(true);
    m_note->setStyleSheet(QStringLiteral("color: #5a6270;"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #C62828;"));
    m_error->hide();
    m_model->setWordWrap(true);
    m_model->setStyleSheet(QStringLiteral("color: #5a6270;"));
    m_model->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_asic->setObjectName(QStringLiteral("headroomAsic"));
    m_speed->setEditable(true);
    for (const char* s : { "10G", "25G", "40G", "50G", "100G", "200G", "400G", "800G", "1.6T" })
        m_speed->addItem(QString::fromLatin1(s));
    m_speed->setCurrentText(QStringLiteral("100G"));
    m_lanes->setRange(1, 16);
    m_lanes->setValue(4);
    m_mtu->setRange(64, 65535);
    m_mtu->setValue(9100);
    m_mtu->setSuffix(QStringLiteral(" B"));
    m_cable->setRange(0, 100000);
    m_cable->setDecimals(1);
    m_cable->setSuffix(QStringLiteral(" m"));
    m_cable->setObjectName(QStringLiteral("headroomCable"));
    m_cable->setValue(5);
    m_losslessMtu->setRange(64, 65535);
    m_losslessMtu->setValue(1024);
    m_losslessMtu->setSuffix(QStringLiteral(" B"));
    m_spp->setRange(0, 100);
    m_spp->setValue(50);
    m_spp->setSuffix(QStringLiteral(" %"));
    m_ratio->setRange(0, 64);
    m_ratio->setDecimals(2);
    m_ratio->setSpecialValueText(tr("off"));
    m_ratio->setToolTip(tr("Shared headroom pool over-subscription ratio (0 = no shared headroom pool)"));
    for (const SonicRelease r : { SonicRelease::Head, SonicRelease::Pr4757, SonicRelease::Pr3235, SonicRelease::Legacy })
        m_release->addItem(QString::fromLatin1(toString(r)), static_cast<int>(r));
    m_release->setToolTip(tr("Which sonic-swss buffer_headroom_mellanox.lua the Spectrum model follows"));
    m_gearbox->setRange(0, 100000);
    m_gearbox->setDecimals(0);
    m_gearbox->setSuffix(QStringLiteral(" ns"));

    auto* grid = new QGridLayout;
    grid->setHorizontalSpacing(8);
    grid->setVerticalSpacing(3);
    auto addField = [&](int row, int col, const QString& label, QWidget* w) {
        auto* l = plainLabel(label);
        l->setBuddy(w);
        grid->addWidget(l, row, col * 2);
        grid->addWidget(w, row, col * 2 + 1);
    };
    addField(0, 0, tr("ASIC"), m_asic);
    addField(1, 0, tr("Speed"), m_speed);
    addField(2, 0, tr("Lanes"), m_lanes);
    addField(3, 0, tr("Port MTU"), m_mtu);
    addField(4, 0, tr("Cable"), m_cable);
    addField(0, 1, tr("Lossless MTU"), m_losslessMtu);
    addField(1, 1, tr("Small packets"), m_spp);
    addField(2, 1, tr("Shared headroom"), m_ratio);
    addField(3, 1, tr("SONiC release"), m_release);
    addField(4, 1, tr("Gearbox delay"), m_gearbox);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);

    auto* results = new QGridLayout;
    results->setHorizontalSpacing(10);
    results->setVerticalSpacing(0);
    const struct {
        QString name;
        QString tip;
        QLabel* value;
    } rs[] = {
        { QStringLiteral("xon"), tr("Buffer kept after XON is sent: what arrives while the pause ends"), m_xon },
        { QStringLiteral("xoff"), tr("Buffer between the PFC trigger and the last byte in flight after PAUSE"), m_xoff },
        { QStringLiteral("size"), tr("Reserved per lossless PG"), m_size },
    };
    int col = 0;
    for (const auto& r : rs) {
        auto* name = plainLabel(r.name);
        name->setAlignment(Qt::AlignCenter);
        name->setToolTip(r.tip);
        r.value->setToolTip(r.tip);
        r.value->setAlignment(Qt::AlignCenter);
        results->addWidget(name, 0, col);
        results->addWidget(r.value, 1, col);
        ++col;
    }
    auto* resultBox = new QWidget;
    resultBox->setObjectName(QStringLiteral("headroomResults"));
    resultBox->setLayout(results);
    resultBox->setStyleSheet(QStringLiteral("#headroomResults { background: #EEF3F9; border: 1px solid #C9D6E6; border-radius: 4px; }"));

    auto* left = new QVBoxLayout;
    left->setSpacing(4);
    left->addWidget(m_heading);
    left->addWidget(m_note);
    left->addLayout(grid);
    left->addWidget(resultBox);
    left->addWidget(m_model);
    left->addWidget(m_error);
    m_apply = new QPushButton(tr("Apply to Plan"));
    m_apply->setObjectName(QStringLiteral("headroomApply"));
    m_apply->setToolTip(tr("Make the what-if inputs the plan's values for this port (one undoable edit)"));
    m_apply->setVisible(false);
    connect(m_apply, &QPushButton::clicked, this, &HeadroomPanel::applyRequested);
    left->addWidget(m_apply, 0, Qt::AlignLeft);
    left->addStretch(1);
    auto* leftW = new QWidget;
    leftW->setLayout(left);
    leftW->setMinimumWidth(420);
    leftW->setMaximumWidth(470);

    m_terms->setObjectName(QStringLiteral("headroomTerms"));
    m_terms->setColumnCount(5);
    m_terms->setHorizontalHeaderLabels({ tr("Term"), tr("Value"), tr("Unit"), tr("Formula"), tr("Source") });
    m_terms->verticalHeader()->hide();
    m_terms->verticalHeader()->setDefaultSectionSize(m_terms->fontMetrics().height() + 6);
    m_terms->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_terms->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_terms->setAlternatingRowColors(true);
    m_terms->setWordWrap(false);
    m_terms->horizontalHeader()->setStretchLastSection(true);
    m_terms->horizontalHeader()->resizeSection(0, 160);
    m_terms->horizontalHeader()->resizeSection(1, 90);
    m_terms->horizontalHeader()->resizeSection(2, 50);
    m_terms->horizontalHeader()->resizeSection(3, 360);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 4, 4, 4);
    layout->addWidget(leftW);
    layout->addWidget(m_terms, 1);

    connect(m_asic, &QComboBox::currentIndexChanged, this, [this] {
        updateLanesFromSpeed();
        onInputEdited();
    });
    connect(m_speed, &QComboBox::currentTextChanged, this, [this] {
        updateLanesFromSpeed();
        onInputEdited();
    });
    for (QSpinBox* s : { m_lanes, m_mtu, m_losslessMtu, m_spp })
        connect(s, &QSpinBox::valueChanged, this, &HeadroomPanel::onInputEdited);
    for (QDoubleSpinBox* s : { m_cable, m_ratio, m_gearbox })
        connect(s, &QDoubleSpinBox::valueChanged, this, &HeadroomPanel::onInputEdited);
    connect(m_release, &QComboBox::currentIndexChanged, this, &HeadroomPanel::onInputEdited);

    setHeading(tr("Headroom calculator"), tr("Select a switch port to see the headroom of its lossless priority groups."));
}

void HeadroomPanel::setCatalog(std::shared_ptr<const AsicCatalog> catalog)
{
    m_catalog = std::move(catalog);
    const QString current = asicId();
    m_filling = true;
    m_asic->clear();
    if (m_catalog)
        for (const AsicProfile& a : m_catalog->all())
            m_asic->addItem(QStringLiteral("%1 — %2").arg(qs(a.id), qs(a.name)), qs(a.id));
    const int i = m_asic->findData(current);
    m_asic->setCurrentIndex(i >= 0 ? i : std::max(0, m_asic->findData(QStringLiteral("spectrum-3"))));
    m_filling = false;
    recompute();
}

QString HeadroomPanel::asicId() const { return m_asic->currentData().toString(); }

HeadroomInput HeadroomPanel::inputs() const
{
    HeadroomInput in;
    try {
        in.speed = parseSpeed(m_speed->currentText().trimmed().toStdString());
    } catch (const std::exception&) {
        in.speed = BitsPerSecond(0);
    }
    in.lanes = m_lanes->value();
    in.portMtu = Bytes(m_mtu->value());
    in.cable = Metres(m_cable->value());
    in.losslessMtu = Bytes(m_losslessMtu->value());
    in.smallPacketPercentage = m_spp->value();
    in.sharedHeadroomRatio = m_ratio->value();
    in.release = static_cast<SonicRelease>(m_release->currentData().toInt());
    in.gearboxDelay = Nanoseconds(m_gearbox->value());
    return in;
}

void HeadroomPanel::setInputs(const QString& id, const HeadroomInput& in)
{
    m_filling = true;
    const int i = m_asic->findData(id);
    if (i >= 0)
        m_asic->setCurrentIndex(i);
    m_speed->setCurrentText(qs(formatSpeed(in.speed)));
    m_lanes->setValue(in.lanes);
    m_mtu->setValue(static_cast<int>(in.portMtu.value()));
    m_cable->setValue(in.cable.value());
    m_losslessMtu->setValue(static_cast<int>(in.losslessMtu.value()));
    m_spp->setValue(in.smallPacketPercentage);
    m_ratio->setValue(in.sharedHeadroomRatio);
    m_release->setCurrentIndex(std::max(0, m_release->findData(static_cast<int>(in.release))));
    m_gearbox->setValue(in.gearboxDelay.value());
    m_filling = false;
    m_fromPort = false;
    setHeading(tr("Headroom calculator"), tr("Explicit inputs; `lfp headroom` computes the same."));
    recompute();
}

void HeadroomPanel::setWhatIf(const QString& id, BitsPerSecond speed, Metres cable, Bytes portMtu)
{
    const HeadroomInput before = inputs();
    const QString asicBefore = asicId();
    m_filling = true;
    if (const int i = m_asic->findData(id); i >= 0)
        m_asic->setCurrentIndex(i);
    m_speed->setCurrentText(qs(formatSpeed(speed)));
    m_cable->setValue(cable.value());
    m_mtu->setValue(static_cast<int>(portMtu.value()));
    m_filling = false;
    if (speed != before.speed || asicId() != asicBefore)
        updateLanesFromSpeed();
    onInputEdited();
}

void HeadroomPanel::showHint(const QString& text)
{
    m_fromPort = false;
    m_port.reset();
    if (m_apply)
        updateApply();
    setHeading(tr("Headroom calculator"), text);
}

void HeadroomPanel::showPort(const FabricIndex& index, std::size_t nodeIndex, std::size_t portIndex)
{
    const Fabric& fabric = index.fabric();
    m_port.reset();
    updateApply();
    if (nodeIndex >= fabric.nodes.size() || portIndex >= fabric.nodes[nodeIndex].ports.size())
        return;
    const Node& node = fabric.nodes[nodeIndex];
    const Port& port = node.ports[portIndex];
    const QString where = qs(node.name + ":" + port.name);
    const Link* link = index.findLinkAt({ node.name, port.name });
    QString peer;
    if (link) {
        const Endpoint& other = link->a.node == node.name && link->a.port == port.name ? link->b : link->a;
        peer = qs(other.node + ":" + other.port);
    }
    if (!node.isSwitch()) {
        m_fromPort = false;
        setHeading(where, peer.isEmpty() ? tr("Headroom is reserved on switch ports; this host port is on no link.")
                                         : tr("Headroom is reserved on switch ports; select the peer, %1.").arg(peer));
        return;
    }
    const AsicProfile* asic = m_catalog ? m_catalog->find(node.asic) : nullptr;
    if (!asic) {
        m_fromPort = false;
        setHeading(where, tr("%1 has no known ASIC profile (\"%2\"); the calculator keeps its inputs.").arg(qs(node.name), qs(node.asic)));
        return;
    }
    HeadroomInput in;
    try {
        in = headroomInputForPort(node, port, link ? link->length : Metres(0), *asic);
    } catch (const std::exception& e) {
        m_fromPort = false;
        setHeading(where, QString::fromUtf8(e.what()));
        return;
    }
    m_filling = true;
    m_asic->setCurrentIndex(std::max(0, m_asic->findData(qs(asic->id))));
    m_filling = false;
    setInputs(qs(asic->id), in);
    m_fromPort = true;
    m_port = Endpoint { node.name, port.name };
    m_portOnLink = link != nullptr;
    m_planAsic = qs(asic->id);
    m_planInput = inputs(); // as the widgets hold them (rounded the same way as later edits)
    updateApply();
    m_portHeading = link ? tr("%1 — %2, %3 to %4, %5")
                               .arg(where, qs(formatSpeed(port.speed)), qs(formatLength(link->length)), peer, qs(asic->id))
                         : tr("%1 — %2, %3").arg(where, qs(formatSpeed(port.speed)), qs(asic->id));
    QStringList notes;
    if (!link)
        notes << tr("Not on a link: SONiC gives it no buffers; shown with a 0 m cable.");
    const QosPolicy* policy = index.policyAt({ node.name, port.name });
    if (!policy)
        notes << tr("No QoS policy on this port: no lossless PG is reserved; shown for one lossless PG.");
    else if (policy->losslessPriorities.empty())
        notes << tr("Policy %1 has no lossless priority: no lossless PG is reserved; shown for one.").arg(qs(policy->name));
    else
        notes << tr("Per lossless PG (policy %1, %n lossless priorities); inputs from the port, its link and %2's ASIC and buffer settings.",
                     nullptr, static_cast<int>(policy->losslessPriorities.size()))
                     .arg(qs(policy->name), qs(node.name));
    setHeading(m_portHeading, notes.join(QLatin1Char(' ')));
    emit computed(); // again, now that the port and its heading are known (the headroom explainer shows both)
}

void HeadroomPanel::setHeading(const QString& text, const QString& note)
{
    m_heading->setText(text);
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
}

QString HeadroomPanel::heading() const { return m_heading->text(); }
QString HeadroomPanel::errorText() const { return m_error->isVisible() ? m_error->text() : QString(); }
QString HeadroomPanel::xonText() const { return m_result ? bytesText(m_result->xon) : QString(); }
QString HeadroomPanel::xoffText() const { return m_result ? bytesText(m_result->xoff) : QString(); }
QString HeadroomPanel::sizeText() const { return m_result ? bytesText(m_result->size) : QString(); }

void HeadroomPanel::updateLanesFromSpeed()
{
    if (m_filling)
        return;
    const HeadroomInput in = inputs();
    if (in.speed.value() > 0) {
        const QSignalBlocker block(m_lanes);
        m_lanes->setValue(lanesFor(in.speed, asicId().toStdString()));
    }
}

void HeadroomPanel::onInputEdited()
{
    if (m_filling)
        return;
    if (m_fromPort) {
        m_fromPort = false;
        setHeading(tr("%1 (edited: what-if)").arg(m_portHeading),
            m_port ? tr("The inputs no longer match the port: Apply to Plan makes them the plan's, or select the port again to reset.")
                   : tr("The inputs no longer match the port; select it again to reset."));
    }
    recompute();
    updateApply();
}

std::vector<std::tuple<ObjectRef, std::string, std::string>> HeadroomPanel::planEdits() const
{
    std::vector<std::tuple<ObjectRef, std::string, std::string>> edits;
    if (!m_port)
        return edits;
    const HeadroomInput now = inputs();
    const ObjectRef port = ObjectRef::forPort(*m_port);
    if (now.speed.value() > 0 && now.speed != m_planInput.speed)
        edits.emplace_back(port, "speed", formatSpeed(now.speed));
    if (now.lanes != m_planInput.lanes)
        edits.emplace_back(port, "lanes", std::to_string(now.lanes));
    if (now.portMtu != m_planInput.portMtu)
        edits.emplace_back(port, "mtu", std::to_string(static_cast<long long>(now.portMtu.value())));
    if (m_portOnLink && now.cable != m_planInput.cable)
        edits.emplace_back(ObjectRef::forLink(*m_port), "length", formatLength(now.cable));
    if (asicId() != m_planAsic && !asicId().isEmpty())
        edits.emplace_back(ObjectRef::forNode(m_port->node), "asic", asicId().toStdString());
    return edits;
}

void HeadroomPanel::updateApply()
{
    const bool any = !planEdits().empty();
    m_apply->setVisible(m_port.has_value());
    m_apply->setEnabled(any);
}

void HeadroomPanel::recompute()
{
    if (m_filling)
        return;
    m_result.reset();
    m_terms->setRowCount(0);
    const AsicProfile* asic = m_catalog ? m_catalog->find(asicId().toStdString()) : nullptr;
    QString error;
    const HeadroomInput in = inputs();
    if (!asic)
        error = tr("No ASIC profile selected.");
    else if (in.speed.value() <= 0)
        error = tr("\"%1\" is not a speed (e.g. 100G, 400G).").arg(m_speed->currentText());
    else {
        try {
            m_result = computeHeadroom(*asic, in);
        } catch (const std::exception& e) {
            error = QString::fromUtf8(e.what());
        }
    }
    m_error->setText(error);
    m_error->setVisible(!error.isEmpty());
    if (!m_result) {
        for (QLabel* l : { m_xon, m_xoff, m_size })
            l->setText(QStringLiteral("—"));
        m_model->clear();
        emit computed();
        return;
    }
    const HeadroomResult& r = *m_result;
    auto show = [](QLabel* l, Bytes b) { l->setText(QStringLiteral("%1 B").arg(b.value())); };
    show(m_xon, r.xon);
    show(m_xoff, r.xoff);
    show(m_size, r.size);
    QString model = tr("Model \"%1\", follows %2.").arg(qs(r.model), trPhraseOr(r.versionPhrase, r.version));
    if (r.sharedHeadroomPool)
        model += QLatin1Char(' ') + tr("Size is reserved per PG; xoff is charged to the shared headroom pool.");
    else
        model += QLatin1Char(' ') + tr("Size is reserved per PG.");
    if (r.xonOffset)
        model += QLatin1Char(' ') + tr("xon_offset %1 B.").arg(r.xonOffset->value());
    if (r.model != "spectrum")
        model += QLatin1Char(' ') + tr("Lanes are not used by this model.");
    m_model->setText(model);

    m_terms->setRowCount(static_cast<int>(r.terms.size()));
    int row = 0;
    std::string lastSource;
    for (const HeadroomTerm& t : r.terms) {
        const bool result = t.name == "xon" || t.name == "xoff" || t.name == "size";
        // As `lfp headroom` prints it: a source once, until it changes (the tooltip always has it).
        // Unit, formula and source in the GUI's language (the planner's phrases, gui/phrasetext.h).
        const bool sameSource = t.source == lastSource;
        const QString fullSource = trPhraseOr(t.sourcePhrase, t.source);
        const QString source = sameSource ? QStringLiteral("〃") : fullSource;
        lastSource = t.source;
        const QString cells[] = { qs(t.name), FindingsModel::numberText(t.value), trPhraseOr(t.unitPhrase, t.unit), trPhraseOr(t.formulaPhrase, t.formula), source };
        for (int c = 0; c < 5; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setToolTip(c == 4 ? fullSource : cells[c]);
            if (c == 4 && sameSource)
                item->setForeground(QColor(0x9a, 0xa3, 0xae));
            if (c == 1)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (result) {
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
            }
            m_terms->setItem(row, c, item);
        }
        ++row;
    }
    m_terms->resizeColumnToContents(3);
    m_terms->setColumnWidth(3, std::clamp(m_terms->columnWidth(3) + 8, 200, 400));
    emit computed();
}

// ---------------------------------------------------------------------------------------------

HeadroomDialog::HeadroomDialog(std::shared_ptr<const AsicCatalog> catalog, QWidget* parent)
    : QDialog(parent)
    , m_panel(new HeadroomPanel)
{
    setObjectName(QStringLiteral("headroomDialog"));
    setWindowTitle(tr("Headroom Calculator"));
    m_panel->setCatalog(std::move(catalog));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_panel, 1);
    layout->addWidget(buttons);
    resize(1200, 560);
}

} // namespace lfp::gui
