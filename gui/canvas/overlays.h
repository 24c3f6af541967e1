// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file overlays.h
/// The overlay toolbar over the diagram: checkable views drawn as bands under the links —
///  - Headroom: each link whose switch ports have a lossless PG, red when the larger PG headroom
///    (xon + xoff, bytes, planner/buffer/headroom.h via the headroom panel's input) of its switch ends is
///    above the threshold (KB, 1 KB = 1000 B), green otherwise;
///  - PFC links: links whose both ends have PFC-enabled (lossless) priorities in the policy in force
///    (FabricIndex::policyAt), in blue;
/// (the two are exclusive: both colour the links) and two that show what others computed —
///  - Findings: the findings badges on the nodes (FabricScene::setBadgesVisible);
///  - Deadlock cycles: the last deadlock result's cycles (FabricScene::setCycleOverlay).

#ifndef Q_MOC_RUN
#include "model/asiccatalog.h"
#include "model/fabric.h"
#include "model/fabricindex.h"
#endif

#include <QColor>
#include <QToolBar>

#include <memory>
#include <vector>

class QAction;
class QSpinBox;

namespace lfp::gui {

class FabricScene;

class OverlayToolBar : public QToolBar {
    Q_OBJECT
public:
    explicit OverlayToolBar(FabricScene* scene, QWidget* parent = nullptr);

    /// The fabric the overlays describe (after every document change); recolours what is on.
    void setFabric(std::shared_ptr<const Fabric> fabric, std::shared_ptr<const FabricIndex> index,
        std::shared_ptr<const AsicCatalog> catalog);
    /// The last deadlock result: cycles as link indices (FabricScene::setCycleOverlay); shown while
    /// the Deadlock action is on.
    void setDeadlockCycles(std::vector<std::vector<std::size_t>> cycles);
    /// The headroom threshold in bytes.
    void setHeadroomThreshold(Bytes threshold);
    [[nodiscard]] Bytes headroomThreshold() const;

    [[nodiscard]] QAction* headroomAction() const { return m_headroom; }
    [[nodiscard]] QAction* pfcAction() const { return m_pfc; }
    [[nodiscard]] QAction* findingsAction() const { return m_findings; }
    [[nodiscard]] QAction* cyclesAction() const { return m_cycles; }

    static QColor overThresholdColour();
    static QColor underThresholdColour();
    static QColor pfcColour();

    /// Per link: the headroom colour (invalid when no switch end has a lossless PG).
    static std::vector<QColor> headroomColours(const Fabric& f, const FabricIndex& index, const AsicCatalog& catalog, Bytes threshold);
    /// Per link: pfcColour() when both ends have lossless priorities, invalid otherwise.
    static std::vector<QColor> pfcColours(const Fabric& f, const FabricIndex& index);

private:
    void applyLinkOverlay();
    void applyCycles();

    FabricScene* m_scene;
    std::shared_ptr<const Fabric> m_fabric;
    std::shared_ptr<const FabricIndex> m_index;
    std::shared_ptr<const AsicCatalog> m_catalog;
    std::vector<std::vector<std::size_t>> m_lastCycles;
    QAction* m_headroom = nullptr;
    QAction* m_pfc = nullptr;
    QAction* m_findings = nullptr;
    QAction* m_cycles = nullptr;
    QSpinBox* m_threshold = nullptr;
};

} // namespace lfp::gui
