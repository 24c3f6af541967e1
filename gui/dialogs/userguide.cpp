// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/dialogs/userguide.h"

#include "model/resources.h"

#include <QDesktopServices>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QTextBrowser>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>

namespace lfp::gui {

QString manualIndexFile(const QString& language)
{
    const auto dir = findResourceDirectory("manual");
    if (!dir)
        return {};
    const QString root = QString::fromStdString(*dir);
    QStringList candidates;
    if (language.startsWith(QStringLiteral("zh")))
        candidates << root + QStringLiteral("/zh_CN/index.html");
    candidates << root + QStringLiteral("/en/index.html");
    for (const QString& f : candidates)
        if (QFileInfo::exists(f))
            return f;
    return {};
}

UserGuideWindow::UserGuideWindow(QWidget* parent)
    : QDialog(parent)
    , m_browser(new QTextBrowser)
    , m_back(new QToolButton)
    , m_forward(new QToolButton)
{
    setObjectName(QStringLiteral("userGuideWindow"));
    setWindowTitle(tr("Lossless Fabric Planner User Guide"));
    setWindowFlag(Qt::WindowMaximizeButtonHint);
    m_browser->setObjectName(QStringLiteral("userGuideBrowser"));
    // Links to the web (sources the manual cites) open in the desktop's browser; links inside the
    // manual are anchors of its one page.
    m_browser->setOpenExternalLinks(true);
    m_back->setText(tr("Back"));
    m_back->setEnabled(false);
    m_forward->setText(tr("Forward"));
    m_forward->setEnabled(false);
    auto* contents = new QToolButton;
    contents->setText(tr("Contents"));
    auto* external = new QToolButton;
    external->setObjectName(QStringLiteral("openInBrowserButton"));
    external->setText(tr("Open in Web Browser"));
    connect(m_back, &QToolButton::clicked, m_browser, &QTextBrowser::backward);
    connect(m_forward, &QToolButton::clicked, m_browser, &QTextBrowser::forward);
    connect(m_browser, &QTextBrowser::backwardAvailable, m_back, &QToolButton::setEnabled);
    connect(m_browser, &QTextBrowser::forwardAvailable, m_forward, &QToolButton::setEnabled);
    connect(contents, &QToolButton::clicked, m_browser, [this] { m_browser->scrollToAnchor(QStringLiteral("contents")); });
    connect(external, &QToolButton::clicked, this, [this] {
        if (!m_file.isEmpty())
            QDesktopServices::openUrl(QUrl::fromLocalFile(m_file));
    });
    auto* bar = new QHBoxLayout;
    for (QToolButton* b : { m_back, m_forward, contents, external })
        bar->addWidget(b);
    bar->addStretch();
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_browser);
    resize(1000, 760);
}

bool UserGuideWindow::showManual(const QString& language)
{
    m_file = manualIndexFile(language);
    if (m_file.isEmpty()) {
        QStringList looked;
        for (const auto& d : resourceDirectories("manual"))
            looked << QString::fromStdString(d).toHtmlEscaped();
        m_browser->setHtml(QStringLiteral("<h1>%1</h1><p>%2</p><ul><li>%3</li></ul>")
                               .arg(tr("The manual is not installed"),
                                   tr("It is built from docs/ with the program (target lfp_manual) and installed to "
                                      "share/lfp/manual. Looked in:"),
                                   looked.join(QStringLiteral("</li><li>"))));
        return false;
    }
    m_browser->clearHistory();
    m_browser->setSource(QUrl::fromLocalFile(m_file));
    return true;
}

} // namespace lfp::gui
