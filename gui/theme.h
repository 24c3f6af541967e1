// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file theme.h
/// Light and dark palettes for lfp-planner (View ▸ Theme, `lfp-planner --palette dark|light|auto`).
/// "Auto" follows the desktop: Qt 6.4 has no QStyleHints::colorScheme() (added in 6.5), so the
/// desktop's choice is read from the platform palette captured at start-up — a window colour with
/// HSL lightness below 128 (of 255) is a dark desktop. The diagram colours (appearance.h) ask
/// Theme::isDark() so that fills, borders, text and link colours stay readable on either.

#include <QCoreApplication>
#include <QPalette>
#include <QString>
#include <QStringList>

#include <optional>

namespace lfp::gui {

class Theme {
    Q_DECLARE_TR_FUNCTIONS(lfp::gui::Theme)
public:
    enum class Mode { Auto, Light, Dark };

    /// "auto", "light", "dark" (case-insensitive) → a mode; nullopt for anything else.
    static std::optional<Mode> fromString(const QString& s);
    static QString toString(Mode m); ///< "auto", "light", "dark"
    static QStringList names(); ///< { "auto", "light", "dark" }
    static QString displayName(Mode m); ///< translated: "Follow the desktop", "Light", "Dark"

    /// Remembers the platform's own palette (call once, after the QApplication exists and before
    /// apply()); later calls keep the first capture.
    static void captureSystemPalette();
    /// Whether the desktop's palette is dark (window lightness < 128).
    [[nodiscard]] static bool systemIsDark();
    /// Installs the palette of @p m on the application (Auto: the platform palette as captured).
    static void apply(Mode m);
    [[nodiscard]] static Mode mode();
    /// Whether the palette in force is dark; the diagram picks its colours by it.
    [[nodiscard]] static bool isDark();

    /// The dark palette LFP installs: neutral greys (window #2B2E33, base #202226, text #E6E8EB,
    /// highlight #3D7BD9), every colour group filled, disabled text dimmed.
    [[nodiscard]] static QPalette darkPalette();
    /// The light palette when the desktop's is dark: the style's standard palette.
    [[nodiscard]] static QPalette lightPalette();

    /// The persisted choice (QSettings "view/theme"), Auto when unset or unreadable.
    [[nodiscard]] static Mode savedMode();
    static void saveMode(Mode m);
};

} // namespace lfp::gui
