// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/appearance.h"

#include "gui/theme.h"

#include <QGuiApplication>
#include <QPainter>
#include <QPixmap>

namespace lfp::gui {

QString Appearance::roleName(Role r)
{
    switch (r) {
    case Role::SuperSpine:
        return tr("Super-spine");
    case Role::Spine:
        return tr("Spine");
    case Role::Leaf:
        return tr("Leaf");
    case Role::Host:
        return tr("Host");
    }
    return {};
}

QString Appearance::rolePlural(Role r)
{
    switch (r) {
    case Role::SuperSpine:
        return tr("Super-spines");
    case Role::Spine:
        return tr("Spines");
    case Role::Leaf:
        return tr("Leaves");
    case Role::Host:
        return tr("Hosts");
    }
    return {};
}

QString Appearance::mediumName(Medium m)
{
    switch (m) {
    case Medium::Dac:
        return tr("DAC (copper)");
    case Medium::Aoc:
        return tr("AOC (active optical)");
    case Medium::Fibre:
        return tr("Fibre (optics)");
    case Medium::Unknown:
        return tr("Unknown (not in the source)");
    }
    return {};
}

QString Appearance::originName(LinkOrigin o)
{
    switch (o) {
    case LinkOrigin::Planned:
        return tr("Planned");
    case LinkOrigin::Discovered:
        return tr("Discovered");
    }
    return {};
}

QString Appearance::fecName(Fec f)
{
    switch (f) {
    case Fec::None:
        return tr("None");
    case Fec::FireCode:
        return tr("FC (Fire Code, BASE-R)");
    case Fec::Rs528:
        return tr("RS-FEC (528,514)");
    case Fec::Rs544:
        return tr("RS-FEC (544,514)");
    case Fec::Unknown:
        return tr("Unknown (not in the source)");
    }
    return {};
}

QColor Appearance::roleFill(Role r)
{
    if (Theme::isDark()) {
        // Deep tints of the same hues: the light text of roleText() on them is above 7:1.
        switch (r) {
        case Role::SuperSpine:
            return QColor(0x3A, 0x2C, 0x55);
        case Role::Spine:
            return QColor(0x1D, 0x35, 0x57);
        case Role::Leaf:
            return QColor(0x1B, 0x42, 0x2D);
        case Role::Host:
            return QColor(0x3A, 0x36, 0x2E);
        }
    }
    switch (r) {
    case Role::SuperSpine:
        return QColor(0xE8, 0xDD, 0xF5); // violet
    case Role::Spine:
        return QColor(0xD6, 0xE6, 0xFA); // blue
    case Role::Leaf:
        return QColor(0xD5, 0xF0, 0xE0); // green
    case Role::Host:
        return QColor(0xF4, 0xF1, 0xEA); // warm grey
    }
    return Qt::white;
}

QColor Appearance::roleBorder(Role r)
{
    if (Theme::isDark()) {
        switch (r) {
        case Role::SuperSpine:
            return QColor(0xA8, 0x86, 0xE0);
        case Role::Spine:
            return QColor(0x6F, 0xA6, 0xEE);
        case Role::Leaf:
            return QColor(0x5C, 0xC4, 0x88);
        case Role::Host:
            return QColor(0xB8, 0xAC, 0x94);
        }
    }
    switch (r) {
    case Role::SuperSpine:
        return QColor(0x6A, 0x3F, 0xA8);
    case Role::Spine:
        return QColor(0x1F, 0x5F, 0xB4);
    case Role::Leaf:
        return QColor(0x1E, 0x8A, 0x4C);
    case Role::Host:
        return QColor(0x8A, 0x7F, 0x6B);
    }
    return Qt::black;
}

QColor Appearance::roleText(Role r)
{
    if (Theme::isDark()) {
        switch (r) {
        case Role::SuperSpine:
            return QColor(0xEC, 0xE2, 0xFA);
        case Role::Spine:
            return QColor(0xE1, 0xEC, 0xFB);
        case Role::Leaf:
            return QColor(0xDE, 0xF5, 0xE7);
        case Role::Host:
            return QColor(0xF0, 0xEC, 0xE3);
        }
    }
    switch (r) {
    case Role::SuperSpine:
        return QColor(0x3B, 0x1F, 0x66);
    case Role::Spine:
        return QColor(0x0E, 0x33, 0x66);
    case Role::Leaf:
        return QColor(0x0E, 0x4A, 0x28);
    case Role::Host:
        return QColor(0x3A, 0x34, 0x2A);
    }
    return Qt::black;
}

QColor Appearance::mediumColour(Medium m)
{
    if (Theme::isDark()) {
        // The same hues, lighter: on the dark background (#1E2126) each is above 4.5:1.
        switch (m) {
        case Medium::Dac:
            return QColor(0xE0, 0x95, 0x4A);
        case Medium::Aoc:
            return QColor(0x4F, 0xC0, 0xD2);
        case Medium::Fibre:
            return QColor(0xE8, 0x6A, 0xB8);
        case Medium::Unknown:
            return QColor(0xA0, 0xA0, 0xA0);
        }
    }
    switch (m) {
    case Medium::Dac:
        return QColor(0xB8, 0x6B, 0x1A); // copper
    case Medium::Aoc:
        return QColor(0x2A, 0x8C, 0x9E); // teal
    case Medium::Fibre:
        return QColor(0xC2, 0x3B, 0x8C); // magenta
    case Medium::Unknown:
        return QColor(0x80, 0x80, 0x80); // grey: not known
    }
    return Qt::gray;
}

QColor Appearance::cycleColour() { return Theme::isDark() ? QColor(0xFF, 0xC4, 0x00) : QColor(0xFF, 0xB3, 0x00); }

QColor Appearance::cycleHighlightColour() { return Theme::isDark() ? QColor(0xFF, 0xE0, 0x82) : QColor(0x7A, 0x4F, 0x00); }

QColor Appearance::failedLinkColour() { return Theme::isDark() ? QColor(0x9A, 0xA0, 0xA8) : QColor(0x55, 0x5B, 0x63); }

namespace {
    const QColor kSpeedColours[] = {
        QColor(0x9E, 0x9E, 0x9E), // ≤25G
        QColor(0x7C, 0xB3, 0x42), // 50G
        QColor(0x29, 0x79, 0xFF), // 100G
        QColor(0x8E, 0x24, 0xAA), // 200G
        QColor(0xE6, 0x51, 0x00), // 400G
        QColor(0xD5, 0x00, 0x00), // ≥800G
    };
    /// The same classes on the dark palette: lighter, so that thin lines stay visible.
    const QColor kSpeedColoursDark[] = {
        QColor(0xB0, 0xB0, 0xB0), // ≤25G
        QColor(0x9C, 0xCC, 0x65), // 50G
        QColor(0x64, 0xA0, 0xFF), // 100G
        QColor(0xC0, 0x6C, 0xD8), // 200G
        QColor(0xFF, 0x8A, 0x3D), // 400G
        QColor(0xFF, 0x5A, 0x5A), // ≥800G
    };
    const QColor* speedColours() { return Theme::isDark() ? kSpeedColoursDark : kSpeedColours; }
}

QColor Appearance::speedColour(BitsPerSecond s)
{
    const QColor* kSpeedColours = speedColours();
    const double g = toGbps(s);
    if (g <= 25.0)
        return kSpeedColours[0];
    if (g <= 50.0)
        return kSpeedColours[1];
    if (g <= 100.0)
        return kSpeedColours[2];
    if (g <= 200.0)
        return kSpeedColours[3];
    if (g <= 400.0)
        return kSpeedColours[4];
    return kSpeedColours[5];
}

QList<QPair<QString, QColor>> Appearance::speedClasses()
{
    const QColor* kSpeedColours = speedColours();
    return {
        { tr("≤25G"), kSpeedColours[0] },
        { tr("50G"), kSpeedColours[1] },
        { tr("100G"), kSpeedColours[2] },
        { tr("200G"), kSpeedColours[3] },
        { tr("400G"), kSpeedColours[4] },
        { tr("≥800G"), kSpeedColours[5] },
    };
}

QColor Appearance::sceneBackground() { return Theme::isDark() ? QColor(0x1E, 0x21, 0x26) : QColor(0xFB, 0xFB, 0xFC); }

QColor Appearance::tierBand(int n)
{
    if (Theme::isDark())
        return n % 2 ? QColor(0x25, 0x29, 0x2F) : QColor(0x22, 0x25, 0x2B);
    return n % 2 ? QColor(0xF1, 0xF3, 0xF6) : QColor(0xF6, 0xF7, 0xF9);
}

QColor Appearance::tierLabel() { return Theme::isDark() ? QColor(0xA9, 0xB1, 0xBC) : QColor(0x55, 0x5E, 0x6B); }

QColor Appearance::pillFill() { return Theme::isDark() ? QColor(0x2B, 0x2E, 0x33, 235) : QColor(255, 255, 255, 235); }

QString Appearance::severityName(Severity s)
{
    switch (s) {
    case Severity::Error:
        return tr("Error");
    case Severity::Warning:
        return tr("Warning");
    case Severity::Info:
        return tr("Note");
    }
    return {};
}

QColor Appearance::severityColour(Severity s)
{
    switch (s) {
    case Severity::Error:
        return QColor(0xC6, 0x28, 0x28);
    case Severity::Warning:
        return QColor(0xE0, 0x8A, 0x00);
    case Severity::Info:
        return QColor(0x1E, 0x6F, 0xC8);
    }
    return Qt::gray;
}

QIcon Appearance::severityIcon(Severity s)
{
    QIcon icon;
    for (const int px : { 16, 24, 32 }) {
        QPixmap pm(px, px);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(Qt::NoPen);
        p.setBrush(severityColour(s));
        const qreal m = px / 16.0;
        if (s == Severity::Warning) {
            // A triangle, so that colour is not the only cue.
            QPolygonF tri { QPointF(px / 2.0, m), QPointF(px - m, px - 1.5 * m), QPointF(m, px - 1.5 * m) };
            p.drawPolygon(tri);
        } else {
            p.drawEllipse(QRectF(m, m, px - 2 * m, px - 2 * m));
        }
        QFont f = QGuiApplication::font();
        f.setBold(true);
        f.setPixelSize(qRound(px * 0.62));
        p.setFont(f);
        p.setPen(Qt::white);
        QRectF text(0, s == Severity::Warning ? px * 0.12 : 0, px, px);
        p.drawText(text, Qt::AlignCenter, s == Severity::Info ? QStringLiteral("i") : QStringLiteral("!"));
        p.end();
        icon.addPixmap(pm);
    }
    return icon;
}

} // namespace lfp::gui
