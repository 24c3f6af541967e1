// SPDX-License-Identifier: GPL-3.0-or-later
#include "exportcontext.h"

namespace lfp {

ExportContext::ExportContext(const Fabric& fabric, const AsicCatalog& catalog, ExportOptions options, Feedback* feedback)
    : m_fabric(fabric)
    , m_catalog(catalog)
    , m_options(std::move(options))
{
    DevicePlans plans = buildDevicePlans(fabric, m_index, catalog, DeviceSelection { m_options.devices, m_options.role }, feedback);
    m_devices = std::move(plans.devices);
    m_planFindings = std::move(plans.findings);
}

const DevicePlan* ExportContext::device(std::string_view name) const
{
    for (const auto& d : m_devices)
        if (d.node->name == name)
            return &d;
    return nullptr;
}

} // namespace lfp
