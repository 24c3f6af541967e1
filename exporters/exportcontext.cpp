// SPDX-License-Identifier: GPL-3.0-or-later
#include "exportcontext.h"

#include "model/errors.h"

#include <algorithm>
#include <fmt/format.h>
#include <set>
#include <tbb/parallel_for.h>

namespace lfp {

ExportContext::ExportContext(const Fabric& fabric, const AsicCatalog& catalog, ExportOptions options, Feedback* feedback)
    : m_fabric(fabric)
    , m_catalog(catalog)
    , m_options(std::move(options))
{
    for (const auto& name : m_options.devices)
        if (!m_index.findNode(name))
            throw InputError(SourceLocation { {}, 0, 0, "--device" }, fmt::format("no device named \"{}\" in the fabric", name));
    const std::set<std::string> wanted(m_options.devices.begin(), m_options.devices.end());
    for (std::size_t i = 0; i < fabric.nodes.size(); ++i) {
        const Node& n = fabric.nodes[i];
        if (!wanted.empty() && !wanted.count(n.name))
            continue;
        if (m_options.role && n.role != *m_options.role)
            continue;
        DevicePlan d;
        d.node = &n;
        d.index = i;
        if (n.isSwitch())
            d.asic = catalog.find(n.asic);
        m_devices.push_back(std::move(d));
    }
    // The planner's budgets (one BudgetContext and headroom cache for all switches).
    const BudgetContext bctx(m_index);
    HeadroomCache cache;
    std::vector<std::vector<Finding>> findings(m_devices.size());
    tbb::parallel_for(std::size_t(0), m_devices.size(), [&](std::size_t k) {
        if (feedback && feedback->isCancelled())
            return;
        DevicePlan& d = m_devices[k];
        if (!d.asic)
            return;
        try {
            d.budget = computeBudget(bctx, d.index, *d.asic, &cache);
            findings[k] = budgetFindings(*d.budget, *d.asic, bctx, d.index);
        } catch (const InputError& e) {
            d.budgetError = e.what();
        } catch (const std::invalid_argument& e) {
            d.budgetError = e.what();
        }
    });
    checkCancelled(feedback);
    for (auto& f : findings)
        for (auto& x : f)
            m_planFindings.push_back(std::move(x));
    // Ports: policy, link, peer, budget share.
    for (DevicePlan& d : m_devices) {
        const Node& n = *d.node;
        std::size_t b = 0;
        d.ports.reserve(n.ports.size());
        for (std::size_t p = 0; p < n.ports.size(); ++p) {
            PortPlan pp;
            pp.port = &n.ports[p];
            pp.index = p;
            const Endpoint e { n.name, n.ports[p].name };
            pp.policy = m_index.policyAt(e);
            pp.link = m_index.findLinkAt(e);
            if (pp.link)
                pp.peer = pp.link->a == e ? pp.link->b : pp.link->a;
            if (d.budget) {
                const auto& bp = d.budget->ports;
                if (b < bp.size() && bp[b].port == n.ports[p].name)
                    pp.budget = &bp[b++];
            }
            if (pp.policy && std::find(d.policies.begin(), d.policies.end(), pp.policy) == d.policies.end())
                d.policies.push_back(pp.policy);
            d.ports.push_back(pp);
        }
    }
}

const DevicePlan* ExportContext::device(std::string_view name) const
{
    for (const auto& d : m_devices)
        if (d.node->name == name)
            return &d;
    return nullptr;
}

} // namespace lfp
