// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/checkrunner.h"

#include "planner/checks/checks.h"

namespace lfp::gui {

CheckRunner::CheckRunner(QObject* parent)
    : QObject(parent)
{
    connect(&m_jobs, &JobRunner::started, this, [this](quint64 gen, const QString&) { emit started(gen); });
    connect(&m_jobs, &JobRunner::progress, this, &CheckRunner::progress);
    connect(&m_jobs, &JobRunner::cancelled, this, &CheckRunner::cancelled);
    connect(&m_jobs, &JobRunner::finished, this, [this](quint64 gen) {
        m_error = m_jobs.error();
        if (m_error.isEmpty()) {
            if (const auto* r = std::any_cast<std::shared_ptr<std::vector<Finding>>>(&m_jobs.result()); r && *r)
                m_findings = **r;
        } else {
            m_findings.clear();
        }
        emit finished(gen);
    });
}

CheckRunner::~CheckRunner() = default;

quint64 CheckRunner::run(std::shared_ptr<const Fabric> fabric, std::shared_ptr<const AsicCatalog> catalog)
{
    if (!catalog)
        catalog = std::make_shared<const AsicCatalog>();
    return m_jobs.run(QStringLiteral("checks"), [fabric, catalog](Feedback* feedback) -> std::any {
        auto findings = std::make_shared<std::vector<Finding>>();
        if (fabric)
            *findings = runAllChecks(*fabric, *catalog, feedback);
        return findings;
    });
}

void CheckRunner::cancel() { m_jobs.cancel(); }

bool CheckRunner::waitForIdle(int timeoutMs) { return m_jobs.waitForIdle(timeoutMs); }

} // namespace lfp::gui
