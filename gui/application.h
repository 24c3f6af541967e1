// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file application.h
/// Start-up of lfp-planner: command line, translations, screenshot mode.
///
///   lfp-planner [--lang zh_CN|en] [--revision N] [PROJECT]
///   lfp-planner --screenshot FILE.png [--size 1400x900] [--revision N] [--select OBJECT]
///               [--finding CODE] [--dock findings|headroom|budget] [PROJECT]
///   [--palette dark|light|auto] with either (theme.h; default: View ▸ Theme's last choice, auto for screenshots)
///
/// The screenshot waits for the background checks, so that the findings panel and the diagram's
/// badges show their result.
///
/// Exit codes: 0 ok; 2 usage or input errors (message on stderr).

#include <QSize>
#include <QString>

#include <optional>

namespace lfp::gui {

inline constexpr int kExitOk = 0;
inline constexpr int kExitUsage = 2;

/// Installs the translations for @p lang ("zh_CN", "en"; empty = the system locale) on the running
/// application, replacing any installed before. Returns true when the language is available (English
/// always is).
bool installTranslations(const QString& lang);
/// The language installTranslations() last loaded ("en" when none).
QString currentLanguage();

/// What the screenshot shows beyond the defaults.
struct ScreenshotView {
    QString select; ///< a node or node:port to select, as a click in the tree
    QString finding; ///< a finding code to select (its objects are highlighted)
    QString dock; ///< "findings" (default), "headroom" or "budget" in front
    QString view; ///< a named view (MainWindow::showView; MainWindow::declaredViewNames())
};

/// Loads @p project (or the bundled example when empty), waits for the checks, renders the main
/// window at @p size and writes it to @p pngPath. Returns kExitOk, or kExitUsage with @p error set.
int renderScreenshot(const QString& pngPath, const QString& project, std::optional<int> revision, QSize size,
    QString* error = nullptr, const ScreenshotView& view = {});

/// The whole program: creates the QApplication, parses the command line, runs.
int runPlanner(int argc, char** argv);

} // namespace lfp::gui
