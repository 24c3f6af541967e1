// SPDX-License-Identifier: GPL-3.0-or-later
#include "importsession.h"

#include "planner/buffer/asicinference.h"
#include "model/qos.h"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <stdexcept>

namespace lfp {

ImportSession::ImportSession(const Importer& importer, std::vector<std::string> files)
    : m_importer(importer)
    , m_files(std::move(files))
{
}

void ImportSession::read(Feedback* feedback)
{
    m_result = m_importer.read(m_files, feedback);
    if (m_result.fragment.name.empty() && !m_files.empty())
        m_result.fragment.name = std::filesystem::path(m_files.front()).stem().string();
    m_existing.reset();
    m_baseRevision.reset();
    m_report = {};
    m_choices = {};
}

void ImportSession::readTexts(const std::vector<SourceText>& texts, Feedback* feedback)
{
    m_result = m_importer.readTexts(texts, feedback);
    if (m_result.fragment.name.empty() && !texts.empty())
        m_result.fragment.name = std::filesystem::path(texts.front().name).stem().string();
    m_existing.reset();
    m_baseRevision.reset();
    m_report = {};
    m_choices = {};
}

void ImportSession::inferAsics(const AsicCatalog& catalog)
{
    for (const auto& a : lfp::inferAsics(m_result.fragment, catalog))
        m_result.diagnostics.push_back({ ImportDiagnostic::Severity::Info, SourceLocation { {}, 0, 0, {} },
            a.asic.empty() ? fmt::format("{}: ASIC not set: {}", a.node, a.evidence) : fmt::format("{}: ASIC profile {} from the hardware: {}", a.node, a.asic, a.evidence) });
}

void ImportSession::planMergeOnto(Fabric existing, std::optional<int> baseRevision)
{
    m_existing = std::move(existing);
    m_baseRevision = baseRevision;
    m_report = planMerge(*m_existing, m_result.fragment, m_result.knownFields);
    m_choices = {};
}

void ImportSession::choose(const std::string& id, MergeResolution r)
{
    if (std::none_of(m_report.conflicts.begin(), m_report.conflicts.end(), [&](const MergeConflict& x) { return x.id == id; }))
        throw std::invalid_argument(fmt::format("no conflict has the ID \"{}\"", id));
    m_choices.perConflict[id] = r;
}

MergeResolution ImportSession::resolutionOf(const MergeConflict& c) const
{
    auto it = m_choices.perConflict.find(c.id);
    return it != m_choices.perConflict.end() ? it->second : m_choices.defaultResolution;
}

std::size_t ImportSession::unresolvedCount() const
{
    return static_cast<std::size_t>(
        std::count_if(m_report.conflicts.begin(), m_report.conflicts.end(), [&](const MergeConflict& c) { return resolutionOf(c) == MergeResolution::Ask; }));
}

Fabric ImportSession::apply() const
{
    if (!m_existing)
        return m_result.fragment;
    return applyMerge(*m_existing, m_result.fragment, m_report, m_choices);
}

std::optional<MergeResolution> ImportSession::resolutionFromString(const std::string& s)
{
    if (s == "incoming" || s == "theirs" || s == "import")
        return MergeResolution::TakeIncoming;
    if (s == "existing" || s == "ours" || s == "project")
        return MergeResolution::KeepExisting;
    return std::nullopt;
}

const char* ImportSession::toString(MergeResolution r)
{
    switch (r) {
    case MergeResolution::Ask:
        return "unresolved";
    case MergeResolution::TakeIncoming:
        return "incoming";
    case MergeResolution::KeepExisting:
        return "existing";
    }
    return "?";
}

ImportDefaultsApplied ImportSession::assignDefaults(Fabric& fabric, const ImportDefaults& d)
{
    ImportDefaultsApplied out;
    if (!d.policy.empty()) {
        const bool known = std::any_of(fabric.policies.begin(), fabric.policies.end(), [&](const QosPolicy& p) { return p.name == d.policy; });
        if (!known) {
            QosPolicy roce = defaultRocePolicy();
            if (roce.name != d.policy)
                throw std::invalid_argument(fmt::format("no policy \"{}\" in the fabric (the default RoCE policy is \"{}\")", d.policy, roce.name));
            fabric.policies.push_back(std::move(roce));
            out.policyAdded = true;
        }
        for (const Role r : { Role::SuperSpine, Role::Spine, Role::Leaf, Role::Host }) {
            const bool present = std::any_of(fabric.nodes.begin(), fabric.nodes.end(), [r](const Node& n) { return n.role == r; });
            const bool bound = std::any_of(fabric.bindings.begin(), fabric.bindings.end(), [r](const RoleBinding& b) { return b.role == r; });
            if (present && !bound) {
                fabric.bindings.push_back({ r, d.policy });
                ++out.bindings;
            }
        }
    }
    if (!d.asic.empty())
        for (Node& n : fabric.nodes)
            if (n.isSwitch() && n.asic.empty()) {
                n.asic = d.asic;
                ++out.asics;
            }
    return out;
}

} // namespace lfp
