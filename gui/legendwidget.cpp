// SPDX-License-Identifier: GPL-3.0-or-later
#include "legendwidget.h"

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
    return { roles, links, badges };
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

QSize LegendWidget::sizeHint() const
{
    const QFontMetrics fm(font());
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics bfm(bold);
    const QList<Row> rs = rows();
    const int headingW = widestHeading(rs, bfm);
    int width = 0;
    for (const Row& row : rs) {
        int w = headingW + kItemGap;
        for (const auto& item : row.items)
            w += kSwatch + 6 + fm.horizontalAdvance(item.first) + kItemGap;
        width = std::max(width, w);
    }
    const int rowH = std::max(fm.height(), 16);
    return { width + 2 * kPad - kItemGap, static_cast<int>(rs.size()) * (rowH + kRowGap) - kRowGap + 2 * kPad };
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
    p.setPen(QColor(0xD0, 0xD5, 0xDD));
    p.setBrush(QColor(255, 255, 255, 235));
    p.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);

    const QFontMetrics fm(font());
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics bfm(bold);
    const QList<Row> rs = rows();
    const int headingW = widestHeading(rs, bfm);
    const int rowH = std::max(fm.height(), 16);
    int y = kPad;
    for (const Row& row : rs) {
        int x = kPad;
        p.setFont(bold);
        p.setPen(QColor(0x33, 0x3A, 0x44));
        p.drawText(QRect(x, y, headingW, rowH), Qt::AlignLeft | Qt::AlignVCenter, row.heading);
        x += headingW + kItemGap;
        p.setFont(font());
        for (const auto& [label, colour] : row.items) {
            const QRectF sw(x, y + (rowH - 12) / 2.0, kSwatch, 12);
            if (row.badges) {
                p.setPen(QPen(Qt::white, 1.2));
                p.setBrush(colour);
                p.drawEllipse(QRectF(sw.center().x() - 6.5, sw.center().y() - 6.5, 13, 13));
            } else if (row.boxes) {
                Role role = Role::Host;
                for (Role r : Appearance::kTierOrder)
                    if (Appearance::roleFill(r) == colour)
                        role = r;
                p.setPen(QPen(Appearance::roleBorder(role), 1.2));
                p.setBrush(colour);
                p.drawRoundedRect(sw, 3, 3);
            } else {
                p.setPen(QPen(colour, 3, Qt::SolidLine, Qt::RoundCap));
                p.drawLine(QPointF(sw.left() + 1, sw.center().y()), QPointF(sw.right() - 1, sw.center().y()));
            }
            x += kSwatch + 6;
            const int tw = fm.horizontalAdvance(label);
            p.setPen(QColor(0x33, 0x3A, 0x44));
            p.drawText(QRect(x, y, tw + 2, rowH), Qt::AlignLeft | Qt::AlignVCenter, label);
            x += tw + kItemGap;
        }
        y += rowH + kRowGap;
    }
}

} // namespace lfp::gui
