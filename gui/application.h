// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file application.h
/// Start-up of lfp-planner: command line, translations, screenshot mode.
///
///   lfp-planner [--lang zh_CN|en] [--revision N] [PROJECT]
///   lfp-planner --screenshot FILE.png [--size 1400x900] [--revision N] [PROJECT]
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

/// Loads @p project (or the bundled example when empty), renders the main window at @p size and
/// writes it to @p pngPath. Returns kExitOk, or kExitUsage with @p error set.
int renderScreenshot(const QString& pngPath, const QString& project, std::optional<int> revision, QSize size,
    QString* error = nullptr);

/// The whole program: creates the QApplication, parses the command line, runs.
int runPlanner(int argc, char** argv);

} // namespace lfp::gui
