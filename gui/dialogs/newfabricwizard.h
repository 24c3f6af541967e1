// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file newfabricwizard.h
/// File ▸ New Fabric… (Ctrl+N): a wizard over the generators of model/generators.h — topology
/// (leaf-spine, fat-tree, rail), sizes, speeds and MTU, ASIC (from the catalogue, checked as
/// `lfp generate --asic` is), and the RoCE policy (lossless priorities, RoCE and CNP DSCP, ECN).
/// The pages' text goes through model/generatorspec.h, the same translation `lfp generate` uses, so
/// both build the same fabric from the same options.
/// Fields (QWizard::field/setField): topology (0 leaf-spine, 1 fat-tree, 2 rail), spines, leaves,
/// hostsPerLeaf, k, servers, gpusPerServer, rails, leafPorts, railSpines (0: half the leaf ports),
/// hostSpeed, fabricSpeed, mtu, asic, switchModel (empty: the topology's default), policy (bool),
/// lossless, roceDscp, cnpDscp, ecn. Choosing a topology sets its default speeds, ASIC and model.

#ifndef Q_MOC_RUN
#include "model/asiccatalog.h"
#include "model/fabric.h"
#include "model/generatorspec.h"
#endif

#include <QWizard>

#include <memory>
#include <optional>

class QLabel;

namespace lfp::gui {

class NewFabricWizard : public QWizard {
    Q_OBJECT
public:
    enum Topology { LeafSpine = 0, FatTree = 1, Rail = 2 };

    explicit NewFabricWizard(std::shared_ptr<const AsicCatalog> catalog, QWidget* parent = nullptr);

    /// Sets the speeds, ASIC and model to @p t's defaults (as `lfp generate TOPOLOGY` has them).
    void applyTopologyDefaults(int topology);
    /// The fields as `lfp generate` options (model/generatorspec.h).
    [[nodiscard]] GeneratorSpec spec() const;
    /// Generates the fabric of the current fields. Throws std::invalid_argument with the reason.
    [[nodiscard]] Fabric buildFabric() const;
    /// The fabric made by Finish; empty before.
    [[nodiscard]] const std::optional<Fabric>& result() const { return m_result; }
    /// The reason the last Finish was refused (empty when it was not).
    [[nodiscard]] QString errorText() const { return m_error; }

public slots:
    /// Generates the fabric; on a refused option stays open and shows the reason.
    void accept() override;

private:
    std::shared_ptr<const AsicCatalog> m_catalog;
    std::optional<Fabric> m_result;
    QString m_error;
    QLabel* m_errorLabel = nullptr;
};

} // namespace lfp::gui
