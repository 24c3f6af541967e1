// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file exportcontext.h
/// What every vendor exporter is fed from: the fabric, the ASIC catalogue, and the resolved plan of
/// each selected device (planner/plan/deviceplan.h: the policy in force on each port, its classes, queues,
/// ECN, watchdog, the headroom and budget — computed once here, never re-derived by an exporter), and
/// the plan's buffer findings. Built once per export; read-only afterwards, so exporters may run devices in
/// parallel.

#include "model/fabric.h"
#include "model/feedback.h"
#include "model/asiccatalog.h"
#include "model/fabricindex.h"
#include "planner/buffer/budget.h"
#include "planner/plan/deviceplan.h"
#include "planner/findings/findings.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lfp {

/// Options of one export (the CLI's --sonic-buffer-model and the device selection).
struct ExportOptions {
    enum class SonicBufferModel { Traditional, Dynamic };
    SonicBufferModel sonicBufferModel = SonicBufferModel::Traditional;
    /// Devices to export (empty = every device the target handles).
    std::vector<std::string> devices;
    /// Only devices of this role (with `devices`, both must match).
    std::optional<Role> role;
    /// The target's software release (Exporter::releases()); empty = the target's default. The export
    /// job resolves it before the renderers run, so a renderer always reads a known name.
    std::string targetRelease;
};

// PortPlan and DevicePlan — the resolved, vendor-neutral plan of each device — are the planner's
// (planner/plan/deviceplan.h): ExportContext builds them once with buildDevicePlans().

class ExportContext {
public:
    /// Computes budgets for the selected switches. Throws InputError when a selected device does not
    /// exist (naming it) and Cancelled through @p feedback.
    ExportContext(const Fabric& fabric, const AsicCatalog& catalog, ExportOptions options = {}, Feedback* feedback = nullptr);

    [[nodiscard]] const Fabric& fabric() const { return m_fabric; }
    [[nodiscard]] const AsicCatalog& catalog() const { return m_catalog; }
    [[nodiscard]] const ExportOptions& options() const { return m_options; }
    /// The selected devices, in fabric order.
    [[nodiscard]] const std::vector<DevicePlan>& devices() const { return m_devices; }
    [[nodiscard]] const DevicePlan* device(std::string_view name) const;
    /// The planner's buffer findings for the selected switches (budgetFindings).
    [[nodiscard]] const std::vector<Finding>& planFindings() const { return m_planFindings; }
    /// The fabric's index (links, peers, the policy of every port).
    [[nodiscard]] const FabricIndex& index() const { return m_index; }
    /// The policy in force on a port (the index's one rule).
    [[nodiscard]] const QosPolicy* policyFor(const Endpoint& e) const { return m_index.policyAt(e); }
    /// A node by name (for neighbours), or null.
    [[nodiscard]] const Node* node(std::string_view name) const { return m_index.findNode(name); }

private:
    const Fabric& m_fabric;
    FabricIndex m_index { m_fabric };
    const AsicCatalog& m_catalog;
    ExportOptions m_options;
    std::vector<DevicePlan> m_devices;
    std::vector<Finding> m_planFindings;
};

} // namespace lfp
