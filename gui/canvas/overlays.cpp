// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/canvas/overlays.h"

#include "gui/canvas/fabricscene.h"
#include "gui/views/headroompanel.h"
#include "planner/buffer/headroom.h"

#include <QAction>
#include <QActionGroup>
#include <QLabel>
#include <QSpinBox>

#include <algorithm>

namespace lfp::gui {

QColor OverlayToolBar::overThresholdColour() { return QColor(0xd6, 0x27, 0x28); }
QColor OverlayToolBar::underThresholdColour() { return QColor(0x2c, 0xa0, 0x2c); }
QColor OverlayToolBar::pfcColour() { return QColor(0x1f, 0x77, 0xb4); }

OverlayToolBar::OverlayToolBar(FabricScene* scene, QWidget* parent)
    : QToolBar(tr("Overlays"), parent)
    , m_scene(scene)
{
    setObjectName(QStringLiteral("overlayToolBar"));
    m_headroom = addAction(tr("Headroom"));
    m_headroom->setToolTip(tr("Colour links by the PG headroom (xon + xoff) of their switch ports: red above the threshold, green below"));
    m_threshold = new QSpinBox;
    m_threshold->setRange(1, 100000);
    m_threshold->setValue(200);
    m_threshold->setSuffix(tr(" KB"));
    m_threshold->setToolTip(tr("Headroom threshold per lossless PG (1 KB = 1000 bytes)"));
    addWidget(m_threshold);
    m_pfc = addAction(tr("PFC Links"));
    m_pfc->setToolTip(tr("Mark links whose both ends have lossless (PFC-enabled) priorities"));
    addSeparator();
    m_findings = addAction(tr("Findings"));
    m_findings->setToolTip(tr("Show the findings badges on the devices"));
    m_cycles = addAction(tr("Deadlock Cycles"));
    m_cycles->setToolTip(tr("Show the cycles of the last deadlock analysis over their links"));
    for (QAction* a : { m_headroom, m_pfc, m_findings, m_cycles })
        a->setCheckable(true);
    m_headroom->setObjectName(QStringLiteral("overlayHeadroom"));
    m_pfc->setObjectName(QStringLiteral("overlayPfc"));
    m_findings->setObjectName(QStringLiteral("overlayFindings"));
    m_cycles->setObjectName(QStringLiteral("overlayCycles"));
    m_findings->setChecked(true);
    m_cycles->setChecked(true);
    auto* linkGroup = new QActionGroup(this);
    linkGroup->setExclusionPolicy(QActionGroup::ExclusionPolicy::ExclusiveOptional);
    linkGroup->addAction(m_headroom);
    linkGroup->addAction(m_pfc);

    connect(m_headroom, &QAction::toggled, this, &OverlayToolBar::applyLinkOverlay);
    connect(m_pfc, &QAction::toggled, this, &OverlayToolBar::applyLinkOverlay);
    connect(m_threshold, &QSpinBox::valueChanged, this, [this] {
        if (m_headroom->isChecked())
            applyLinkOverlay();
    });
    connect(m_findings, &QAction::toggled, m_scene, &FabricScene::setBadgesVisible);
    connect(m_cycles, &QAction::toggled, this, &OverlayToolBar::applyCycles);
}

void OverlayToolBar::setFabric(std::shared_ptr<const Fabric> fabric, std::shared_ptr<const FabricIndex> index,
    std::shared_ptr<const AsicCatalog> catalog)
{
    m_fabric = std::move(fabric);
    m_index = std::move(index);
    m_catalog = std::move(catalog);
    m_lastCycles.clear(); // link indices of the previous snapshot
    applyLinkOverlay();
}

void OverlayToolBar::setDeadlockCycles(std::vector<std::vector<std::size_t>> cycles)
{
    m_lastCycles = std::move(cycles);
    applyCycles();
}

void OverlayToolBar::setHeadroomThreshold(Bytes threshold)
{
    m_threshold->setValue(static_cast<int>(std::clamp<std::int64_t>(threshold.value() / 1000, 1, 100000)));
}

Bytes OverlayToolBar::headroomThreshold() const { return Bytes(static_cast<std::int64_t>(m_threshold->value()) * 1000); }

std::vector<QColor> OverlayToolBar::headroomColours(const Fabric& f, const FabricIndex& index, const AsicCatalog& catalog, Bytes threshold)
{
    std::vector<QColor> out(f.links.size());
    for (std::size_t l = 0; l < f.links.size(); ++l) {
        const Link& link = f.links[l];
        std::optional<Bytes> worst;
        for (const Endpoint* e : { &link.a, &link.b }) {
            const auto node = index.node(e->node);
            if (!node)
                continue;
            const Node& n = f.nodes[*node];
            const AsicProfile* asic = n.isSwitch() ? catalog.find(n.asic) : nullptr;
            const QosPolicy* policy = index.policyAt(*e);
            if (!asic || !policy || policy->losslessPriorities.empty())
                continue;
            const auto port = std::find_if(n.ports.begin(), n.ports.end(), [&](const Port& p) { return p.name == e->port; });
            if (port == n.ports.end())
                continue;
            try {
                const HeadroomResult r = computeHeadroom(*asic, headroomInputForPort(n, *port, link.length, *asic));
                const Bytes need = r.xon + r.xoff; // the PG's headroom need (planner/buffer/headroom.h)
                if (!worst || need > *worst)
                    worst = need;
            } catch (const std::exception&) {
                // An input the model refuses (e.g. no speed): the headroom panel names it; no colour here.
            }
        }
        if (worst)
            out[l] = *worst > threshold ? overThresholdColour() : underThresholdColour();
    }
    return out;
}

std::vector<QColor> OverlayToolBar::pfcColours(const Fabric& f, const FabricIndex& index)
{
    std::vector<QColor> out(f.links.size());
    for (std::size_t l = 0; l < f.links.size(); ++l) {
        const QosPolicy* a = index.policyAt(f.links[l].a);
        const QosPolicy* b = index.policyAt(f.links[l].b);
        if (a && b && !a->losslessPriorities.empty() && !b->losslessPriorities.empty())
            out[l] = pfcColour();
    }
    return out;
}

void OverlayToolBar::applyLinkOverlay()
{
    if (!m_fabric || !m_index) {
        m_scene->setLinkOverlay({});
        return;
    }
    if (m_headroom->isChecked() && m_catalog)
        m_scene->setLinkOverlay(headroomColours(*m_fabric, *m_index, *m_catalog, headroomThreshold()));
    else if (m_pfc->isChecked())
        m_scene->setLinkOverlay(pfcColours(*m_fabric, *m_index));
    else
        m_scene->setLinkOverlay({});
}

void OverlayToolBar::applyCycles() { m_scene->setCycleOverlay(m_cycles->isChecked() ? m_lastCycles : std::vector<std::vector<std::size_t>> {}); }

} // namespace lfp::gui
