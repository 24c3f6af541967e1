// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/views/analysisstatus.h"
#include "gui/plaintext.h"

#include "document/jobrunner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

namespace lfp::gui {

AnalysisStatus::AnalysisStatus(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("analysisStatus"));
    auto* h = new QHBoxLayout(this);
    h->setContentsMargins(0, 0, 0, 0);
    m_label = plainLabel();
    m_bar = new QProgressBar;
    m_bar->setObjectName(QStringLiteral("analysisProgress"));
    m_bar->setRange(0, 100);
    m_bar->setMaximumWidth(140);
    m_bar->setTextVisible(false);
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setObjectName(QStringLiteral("analysisCancel"));
    m_cancel->setToolTip(tr("Stop the analysis running in the background"));
    h->addWidget(m_label);
    h->addWidget(m_bar);
    h->addWidget(m_cancel);
    connect(m_cancel, &QPushButton::clicked, this, &AnalysisStatus::cancel);
    hide();
}

void AnalysisStatus::watch(JobRunner* runner, const QString& label)
{
    m_watched.push_back({ runner, label });
    const std::size_t i = m_watched.size() - 1;
    connect(runner, &JobRunner::started, this, [this, i] {
        m_watched[i].percent = 0;
        update();
    });
    connect(runner, &JobRunner::progress, this, [this, i, runner](quint64 generation, double percent, const QString&) {
        if (generation == runner->generation()) {
            m_watched[i].percent = percent;
            update();
        }
    });
    // The runner's state changes before these arrive: isRunning() is false for a finished or cancelled run.
    connect(runner, &JobRunner::finished, this, &AnalysisStatus::update);
    connect(runner, &JobRunner::cancelled, this, &AnalysisStatus::update);
}

bool AnalysisStatus::isRunning() const
{
    return std::any_of(m_watched.begin(), m_watched.end(), [](const Watched& w) { return w.runner->isRunning(); });
}

void AnalysisStatus::cancel()
{
    for (const Watched& w : m_watched)
        if (w.runner->isRunning())
            w.runner->cancel();
    update();
}

QString AnalysisStatus::text() const { return isVisible() || isRunning() ? m_label->text() : QString(); }

void AnalysisStatus::update()
{
    QStringList running;
    double percent = 100;
    for (const Watched& w : m_watched)
        if (w.runner->isRunning()) {
            running << w.label;
            percent = std::min(percent, w.percent);
        }
    if (running.isEmpty()) {
        hide();
        return;
    }
    m_label->setText(running.join(QStringLiteral(", ")) + QStringLiteral("…"));
    m_bar->setValue(static_cast<int>(percent));
    show();
}

} // namespace lfp::gui
