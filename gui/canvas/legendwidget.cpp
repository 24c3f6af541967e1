// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/canvas/legendwidget.h"
#include "gui/theme.h"

#include <QEvent>
#include <QPainter>

namespace lfp::gui {

namespace {
    constexpr int kPad = 10;
    constexpr int kSwatch = 22;
    constexpr int kItemGap = 14;
    constexpr int kRowGap = 6;
}

LegendWidget::LegendWidget(QWidget* parent)
    : QWidget(parent)
{
    setAttribute(Qt::WA_TransparentForMouseEvents);
    resize(sizeHint());
}

void LegendWidget::setLinkColouring(LinkColouring c)
{
    m_colouring = c;
    resize(sizeHint());
    update();
    emit resized();
}

void LegendWidget::setOverlays(bool cycles, bool failedLinks)
{
    if (cycles == m_cycles && failedLinks == m_failedLinks)
        return;
    m_cycles = cycles;
    m_failedLinks = failedLinks;
    resize(sizeHint());
    update();
    emit resized();
}

QList<LegendWidget::Row> LegendWidget::rows() const
{
    Row roles { tr("Roles"), {}, true };
    for (Role r : Appearance::kTierOrder)
        roles.items.append({ Appearance::roleName(r), Appearance::roleFill(r) });
    Row links { m_colouring == LinkColouring::Medium ? tr("Links by medium") : tr("Links by speed"), {}, false };
    if (m_colouring == LinkColouring::Medium) {
        for (Medium m : { Medium::Dac, Medium::Aoc, Medium::Fibre, Medium::Unknown })
            links.items.append({ Appearance::mediumName(m), Appearance::mediumColour(m) });
    } else {
        links.items = Appearance::speedClasses();
    }
    Row badges { tr("Findings"), {}, false, true };
    for (const Severity sev : { Severity::Error, Severity::Warning })
        badges.items.append({ Appearance::severityName(sev), Appearance::severityColour(sev) });
    QList<Row> out { roles, links, badges };
    if (m_cycles || m_failedLinks) {
        Row overlay { tr("Deadlock"), {}, false, false, true };
        if (m_cycles)
            overlay.items.append({ tr("Cycle"), Appearance::cycleColour() });
        if (m_failedLinks)
            overlay.items.append({ tr("Failed link"), Appearance::failedLinkColour() });
        out.append(overlay);
    }
    return out;
}

QStringList LegendWidget::entries() const
{
    QStringList out;
    for (const Row& row : rows()) {
        out << row.heading;
        for (const auto& item : row.items)
            out << item.first;
    }
    return out;
}

int LegendWidget::widestHeading(const QList<Row>& rows, const QFontMetrics& bold)
{
    int w = 0;
    for (const auto& row : rows)
        w = std::max(w, bold.horizontalAdvance(row.heading));
    return w;
}

namespace {
    /// A label's width: the larger of its advance and its ink (fallback CJK glyphs can be wider than
    /// the advance says), with a little room.
    int textWidth(const QFontMetrics& fm, const QString& text)
    {
        return std::max(fm.horizontalAdvance(text), fm.boundingRect(text).width()) + 4;
    }

    /// Where each item of each row goes: items flow onto further lines of their row when the legend
    /// would be wider than @p maxWidth (its maximum width: the view's width, so that long labels — the
    /// Chinese ones — are not clipped at the view's right edge). Calls @p place(row, item, x, y) and
    /// returns the size needed.
    template <typename Rows, typename Place>
    QSize flowItems(const Rows& rs, const QFontMetrics& fm, int headingW, int maxWidth, int pad, int gap, int swatch, int rowGap, Place&& place)
    {
        const int rowH = std::max(fm.height(), 16);
        const int start = pad + headingW + gap;
        const int limit = maxWidth - pad;
        int y = pad;
        int width = 0;
        for (qsizetype r = 0; r < rs.size(); ++r) {
            int x = start;
            for (qsizetype i = 0; i < rs[r].items.size(); ++i) {
                const int iw = swatch + 6 + textWidth(fm, rs[r].items[i].first);
                if (x > start && x + iw > limit) {
                    y += rowH + rowGap;
                    x = start;
                }
                place(r, i, x, y);
                width = std::max(width, x + iw);
                x += iw + gap;
            }
            y += rowH + rowGap;
        }
        return { width + pad, y - rowGap + pad };
    }
} // namespace

QSize LegendWidget::sizeHint() const { return sizeFor(maximumWidth()); }

QSize LegendWidget::sizeFor(int maxWidth) const
{
    const QFontMetrics fm(font());
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics bfm(bold);
    const QList<Row> rs = rows();
    return flowItems(rs, fm, widestHeading(rs, bfm), maxWidth, kPad, kItemGap, kSwatch, kRowGap, [](qsizetype, qsizetype, int, int) {});
}

void LegendWidget::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::LanguageChange) {
        resize(sizeHint());
        emit resized();
    }
}

void LegendWidget::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Theme::isDark() ? QColor(0x4A, 0x4F, 0x57) : QColor(0xD0, 0xD5, 0xDD));
    p.setBrush(Appearance::pillFill());
    p.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);

    const QFontMetrics fm(font());
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics bfm(bold);
    const QList<Row> rs = rows();
    const int headingW = widestHeading(rs, bfm);
    const int rowH = std::max(fm.height(), 16);
    // Headings at the first line of their row.
    {
        int y = kPad;
        qsizetype lastRow = -1;
        flowItems(rs, fm, headingW, maximumWidth(), kPad, kItemGap, kSwatch, kRowGap, [&](qsizetype r, qsizetype, int, int iy) {
            if (r == lastRow)
                return;
            lastRow = r;
            y = iy;
            p.setFont(bold);
            p.setPen(Theme::isDark() ? QColor(0xE6, 0xE8, 0xEB) : QColor(0x33, 0x3A, 0x44));
            p.drawText(QRect(kPad, y, headingW, rowH), Qt::AlignLeft | Qt::AlignVCenter, rs[r].heading);
        });
    }
    p.setFont(font());
    flowItems(rs, fm, headingW, maximumWidth(), kPad, kItemGap, kSwatch, kRowGap, [&](qsizetype r, qsizetype i, int x, int y) {
        const Row& row = rs[r];
        const QString& label = row.items[i].first;
        const QColor& colour = row.items[i].second;
        const QRectF sw(x, y + (rowH - 12) / 2.0, kSwatch, 12);
        if (row.overlays && colour == Appearance::failedLinkColour()) {
            // As LinkItem::paintFailed draws it: dashed, crossed at the middle.
            QPen dashed(colour, 2, Qt::DashLine, Qt::FlatCap);
            dashed.setDashPattern({ 3, 2 });
            p.setPen(dashed);
            p.drawLine(QPointF(sw.left() + 1, sw.center().y()), QPointF(sw.right() - 1, sw.center().y()));
            p.setPen(QPen(colour, 2, Qt::SolidLine, Qt::RoundCap));
            const QPointF c = sw.center();
            p.drawLine(c + QPointF(-4, -4), c + QPointF(4, 4));
            p.drawLine(c + QPointF(-4, 4), c + QPointF(4, -4));
        } else if (row.overlays) {
            // As the cycle overlay: a wide translucent band under a thin line.
            QColor band = colour;
            band.setAlpha(150);
            p.setPen(QPen(band, 9, Qt::SolidLine, Qt::RoundCap));
            p.drawLine(QPointF(sw.left() + 4, sw.center().y()), QPointF(sw.right() - 4, sw.center().y()));
            p.setPen(QPen(Appearance::cycleHighlightColour(), 1.5, Qt::SolidLine, Qt::RoundCap));
            p.drawLine(QPointF(sw.left() + 2, sw.center().y()), QPointF(sw.right() - 2, sw.center().y()));
        } else if (row.badges) {
            p.setPen(QPen(Qt::white, 1.2));
            p.setBrush(colour);
            p.drawEllipse(QRectF(sw.center().x() - 6.5, sw.center().y() - 6.5, 13, 13));
        } else if (row.boxes) {
            Role role = Role::Host;
            for (Role ro : Appearance::kTierOrder)
                if (Appearance::roleFill(ro) == colour)
                    role = ro;
            p.setPen(QPen(Appearance::roleBorder(role), 1.2));
            p.setBrush(colour);
            p.drawRoundedRect(sw, 3, 3);
        } else {
            p.setPen(QPen(colour, 3, Qt::SolidLine, Qt::RoundCap));
            p.drawLine(QPointF(sw.left() + 1, sw.center().y()), QPointF(sw.right() - 1, sw.center().y()));
        }
        const int tx = x + kSwatch + 6;
        const int tw = textWidth(fm, label);
        p.setFont(font());
        p.setPen(Theme::isDark() ? QColor(0xE6, 0xE8, 0xEB) : QColor(0x33, 0x3A, 0x44));
        p.drawText(QRect(tx, y, tw, rowH), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip, label);
    });
}

} // namespace lfp::gui
