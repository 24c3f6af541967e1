// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file userguide.h
/// Help ▸ User Guide (F1): the manual that the build makes from docs/ (docs/CMakeLists.txt,
/// cmake/manual.cmake: share/lfp/manual/LANGUAGE/index.html) in a QTextBrowser, in the language of the
/// interface (application.h currentLanguage(): Simplified Chinese → zh_CN/, else en/). The folder is
/// found as every shipped resource is (model/resources.h): the build tree's share/lfp/manual when run
/// from a build, <prefix>/share/lfp/manual when installed.

#include <QDialog>

class QTextBrowser;
class QToolButton;

namespace lfp::gui {

/// The manual's page for @p language ("zh_CN" → zh_CN/index.html, anything else → en/index.html; the
/// English one when the translated one is missing), or an empty string when no manual is found.
QString manualIndexFile(const QString& language);

class UserGuideWindow : public QDialog {
    Q_OBJECT
public:
    explicit UserGuideWindow(QWidget* parent = nullptr);
    /// Loads the manual in @p language at its start (the contents, then the first chapter). False, with a
    /// page naming the folders looked in, when no manual is found.
    bool showManual(const QString& language);
    [[nodiscard]] QTextBrowser* browser() const { return m_browser; }
    /// The HTML file shown (empty when none was found).
    [[nodiscard]] QString file() const { return m_file; }

private:
    QTextBrowser* m_browser;
    QToolButton* m_back;
    QToolButton* m_forward;
    QString m_file;
};

} // namespace lfp::gui
