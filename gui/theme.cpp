// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/theme.h"

#include <QApplication>
#include <QSettings>
#include <QStyle>

namespace lfp::gui {

namespace {
    struct State {
        bool captured = false;
        QPalette system;
        Theme::Mode mode = Theme::Mode::Auto;
        bool dark = false;
    };
    State& state()
    {
        static State s;
        return s;
    }
    /// HSL lightness 0…255; below the middle is a dark window.
    bool paletteIsDark(const QPalette& p) { return p.color(QPalette::Active, QPalette::Window).lightness() < 128; }
} // namespace

std::optional<Theme::Mode> Theme::fromString(const QString& s)
{
    const QString l = s.trimmed().toLower();
    if (l == QStringLiteral("auto"))
        return Mode::Auto;
    if (l == QStringLiteral("light"))
        return Mode::Light;
    if (l == QStringLiteral("dark"))
        return Mode::Dark;
    return std::nullopt;
}

QString Theme::toString(Mode m)
{
    switch (m) {
    case Mode::Light:
        return QStringLiteral("light");
    case Mode::Dark:
        return QStringLiteral("dark");
    case Mode::Auto:
        break;
    }
    return QStringLiteral("auto");
}

QStringList Theme::names() { return { QStringLiteral("auto"), QStringLiteral("light"), QStringLiteral("dark") }; }

QString Theme::displayName(Mode m)
{
    switch (m) {
    case Mode::Light:
        return tr("Light");
    case Mode::Dark:
        return tr("Dark");
    case Mode::Auto:
        break;
    }
    return tr("Follow the Desktop");
}

void Theme::captureSystemPalette()
{
    State& s = state();
    if (s.captured || !QCoreApplication::instance())
        return;
    s.system = QApplication::palette();
    s.captured = true;
    s.dark = paletteIsDark(s.system);
}

bool Theme::systemIsDark()
{
    captureSystemPalette();
    return paletteIsDark(state().system);
}

QPalette Theme::darkPalette()
{
    // Neutral greys with enough contrast for text: #E6E8EB on #202226 is about 14:1 (WCAG 2.1
    // relative luminance), disabled text #7D828A on #2B2E33 about 3.6:1.
    const QColor window(0x2B, 0x2E, 0x33), base(0x20, 0x22, 0x26), alt(0x27, 0x2A, 0x2F), text(0xE6, 0xE8, 0xEB),
        disabled(0x7D, 0x82, 0x8A), button(0x33, 0x37, 0x3D), highlight(0x3D, 0x7B, 0xD9), link(0x6C, 0xAE, 0xFF);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, alt);
    p.setColor(QPalette::ToolTipBase, QColor(0x3A, 0x3E, 0x45));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, button);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xFF, 0x6B, 0x6B));
    p.setColor(QPalette::Light, button.lighter(140));
    p.setColor(QPalette::Midlight, button.lighter(120));
    p.setColor(QPalette::Mid, button.darker(130));
    p.setColor(QPalette::Dark, button.darker(160));
    p.setColor(QPalette::Shadow, QColor(0x0A, 0x0B, 0x0D));
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, link);
    p.setColor(QPalette::LinkVisited, link.darker(120));
    for (const auto role : { QPalette::WindowText, QPalette::Text, QPalette::ButtonText })
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x4A, 0x4E, 0x55));
    return p;
}

QPalette Theme::lightPalette()
{
    captureSystemPalette();
    const State& s = state();
    if (!paletteIsDark(s.system))
        return s.system;
    return QApplication::style() ? QApplication::style()->standardPalette() : QPalette(QColor(0xEF, 0xEF, 0xEF));
}

void Theme::apply(Mode m)
{
    captureSystemPalette();
    State& s = state();
    s.mode = m;
    QPalette p;
    switch (m) {
    case Mode::Auto:
        p = s.system;
        break;
    case Mode::Light:
        p = lightPalette();
        break;
    case Mode::Dark:
        p = darkPalette();
        break;
    }
    s.dark = paletteIsDark(p);
    QApplication::setPalette(p);
}

Theme::Mode Theme::mode() { return state().mode; }

bool Theme::isDark() { return state().dark; }

Theme::Mode Theme::savedMode()
{
    return fromString(QSettings().value(QStringLiteral("view/theme")).toString()).value_or(Mode::Auto);
}

void Theme::saveMode(Mode m) { QSettings().setValue(QStringLiteral("view/theme"), toString(m)); }

} // namespace lfp::gui
