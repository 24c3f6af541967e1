// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/canvas/fabricscene.h"
#include "gui/theme.h"

#include <QFontMetricsF>
#include <QGraphicsRectItem>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsSimpleTextItem>
#include <QGuiApplication>
#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <string_view>
#include <unordered_map>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <optional>

namespace lfp::gui {

namespace {

    // Geometry of the diagram (scene units): fabriclayout.h.
    using namespace layout;

    constexpr qreal kTitlePx = 14;
    constexpr qreal kHostTitlePx = 13;
    constexpr qreal kSubtitlePx = 11;

    QFont diagramFont(qreal px, bool bold)
    {
        QFont f = QGuiApplication::font();
        f.setPixelSize(std::max(1, qRound(px)));
        f.setBold(bold);
        return f;
    }

    QColor selectionColour() { return QColor(0xF5, 0x9E, 0x0B); }

    /// Zoomed out: @p text at a legible size on screen (8.5 px), elided in the middle to fit @p box
    /// (the full name is in the tooltip); a grey bar when too little of the name would be left.
    void drawLegibleTitle(QPainter* painter, const QRectF& box, const QString& text, bool bold, const QColor& colour, qreal lod, qreal titlePx)
    {
        const qreal px = 8.5 / lod; // scene pixels that make 8.5 screen pixels
        if (px <= box.height() - 2) {
            const QFont font = diagramFont(px, bold);
            const QString shown = QFontMetricsF(font).elidedText(text, Qt::ElideMiddle, box.width() - 8);
            // Whole, or elided with enough of the name left to recognise it ("leaf-r…k12-01"); a
            // stub such as "g…5" reads as clipped text, so a grey bar stands in for it instead.
            if (shown == text || shown.size() >= 7) {
                painter->setFont(font);
                painter->setPen(colour);
                painter->drawText(box, Qt::AlignCenter, shown);
                return;
            }
        }
        if (lod * titlePx >= 1.5) {
            QColor greek = colour;
            greek.setAlpha(80);
            const qreal w = box.width() * 0.6;
            painter->fillRect(QRectF(box.center().x() - w / 2, box.center().y() - titlePx * 0.25, w, titlePx * 0.5), greek);
        }
    }

} // namespace

namespace {
    /// A group's name: "Pod 3", "Group 2", "256 × Super-spine".
    QString groupTitle(const Fabric& f, const LayoutGroup& g)
    {
        switch (g.kind) {
        case LayoutGroup::Kind::Pod:
            return QCoreApplication::translate("lfp::gui::FabricScene", "Pod %1").arg(g.number);
        case LayoutGroup::Kind::RailGroup:
            return QCoreApplication::translate("lfp::gui::FabricScene", "Group %1").arg(g.number);
        case LayoutGroup::Kind::SwitchSet:
            break;
        }
        return QStringLiteral("%1 × %2").arg(g.members.size()).arg(Appearance::roleName(f.nodes[g.members.front()].role));
    }

    /// What a group holds: "8 spines · 8 leaves · 64 hosts", "8 rails · 32 servers".
    QString groupSubtitle(const LayoutGroup& g)
    {
        const auto n = [&](std::size_t t) { return QString::number(g.perTier[t]); };
        switch (g.kind) {
        case LayoutGroup::Kind::Pod:
            return QCoreApplication::translate("lfp::gui::FabricScene", "%1 spines · %2 leaves · %3 hosts").arg(n(1), n(2), n(3));
        case LayoutGroup::Kind::RailGroup:
            return QCoreApplication::translate("lfp::gui::FabricScene", "%1 rails · %2 servers").arg(n(2), n(3));
        case LayoutGroup::Kind::SwitchSet:
            break;
        }
        return {};
    }
} // namespace

// ---------------------------------------------------------------------------------------------
// NodeItem

NodeItem::NodeItem(std::size_t nodeIndex, Role role, QString title, QString subtitle, QSizeF size)
    : m_node(nodeIndex)
    , m_role(role)
    , m_title(std::move(title))
    , m_subtitle(std::move(subtitle))
    , m_box(-size.width() / 2, -size.height() / 2, size.width(), size.height())
{
    m_titleWidth = QFontMetricsF(diagramFont(role == Role::Host ? kHostTitlePx : kTitlePx, role != Role::Host)).horizontalAdvance(m_title);
    setFlag(ItemIsSelectable);
    setZValue(2);
    setCursor(Qt::PointingHandCursor);
}

QRectF NodeItem::boundingRect() const { return m_box.adjusted(-7, -12, 12, 7); } // halo, badge

void NodeItem::setSubtitle(QString subtitle)
{
    if (subtitle == m_subtitle)
        return;
    m_subtitle = std::move(subtitle);
    update();
}

void NodeItem::setBadge(int errors, int warnings, const QString& toolTip)
{
    if (errors == m_errors && warnings == m_warnings && toolTip == this->toolTip())
        return;
    m_errors = errors;
    m_warnings = warnings;
    setToolTip(toolTip);
    update();
}

void NodeItem::setHighlight(const QColor& colour)
{
    if (colour == m_highlight)
        return;
    m_highlight = colour;
    update();
}

void NodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget)
{
    const qreal lod = QStyleOptionGraphicsItem::levelOfDetailFromTransform(painter->worldTransform());
    if (m_highlight.isValid()) {
        // The selected finding's objects: a halo in the finding's severity colour.
        QColor halo = m_highlight;
        halo.setAlpha(70);
        painter->setBrush(halo);
        painter->setPen(QPen(m_highlight, 2.5 / std::max(lod, 0.2), Qt::DashLine));
        painter->drawRoundedRect(m_box.adjusted(-5, -5, 5, 5), 10, 10);
    }
    paintBody(painter, option, widget, lod);
    if (m_errors + m_warnings > 0) {
        // The findings badge, over the top right corner.
        const QColor c = Appearance::severityColour(m_errors > 0 ? Severity::Error : Severity::Warning);
        const QPointF centre(m_box.right() - 1, m_box.top() + 1);
        const qreal r = 9;
        painter->setPen(QPen(Qt::white, 1.5));
        painter->setBrush(c);
        if (lod < 0.15) {
            painter->fillRect(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r), c);
            return;
        }
        painter->drawEllipse(centre, r, r);
        if (lod * 11 >= 4) {
            QFont f = diagramFont(11, true);
            painter->setFont(f);
            painter->setPen(Qt::white);
            const int n = m_errors + m_warnings;
            painter->drawText(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r), Qt::AlignCenter,
                n > 9 ? QStringLiteral("9+") : QString::number(n));
        }
    }
}

void NodeItem::paintBody(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*, qreal lod)
{
    const QColor fill = Appearance::roleFill(m_role);
    const QColor border = Appearance::roleBorder(m_role);
    const bool selected = option->state & QStyle::State_Selected;
    if (lod < 0.15) {
        painter->fillRect(m_box, selected ? selectionColour() : border);
        return;
    }
    QLinearGradient g(m_box.topLeft(), m_box.bottomLeft());
    g.setColorAt(0, fill.lighter(104));
    g.setColorAt(1, fill.darker(104));
    painter->setBrush(g);
    if (selected)
        painter->setPen(QPen(selectionColour(), 3.0));
    else
        painter->setPen(QPen(border, 1.3));
    const qreal radius = m_role == Role::Host ? 5 : 7;
    painter->drawRoundedRect(m_box, radius, radius);
    if (m_role != Role::Host) {
        // A role stripe on the left edge.
        painter->setPen(Qt::NoPen);
        painter->setBrush(border);
        painter->drawRoundedRect(QRectF(m_box.left() + 3, m_box.top() + 6, 3.5, m_box.height() - 12), 1.5, 1.5);
    }
    const qreal titlePx = m_role == Role::Host ? kHostTitlePx : kTitlePx;
    if (lod * titlePx < 6.5) {
        drawLegibleTitle(painter, m_box, fullTitle(), m_role != Role::Host, Appearance::roleText(m_role), lod, titlePx);
        return;
    }
    painter->setPen(Appearance::roleText(m_role));
    const QRectF textBox = m_box.adjusted(kTextPad / 2, 2, -kTextPad / 2, -2);
    if (m_subtitle.isEmpty()) {
        painter->setFont(diagramFont(titlePx, m_role != Role::Host));
        painter->drawText(textBox, Qt::AlignCenter, m_title);
    } else {
        painter->setFont(diagramFont(titlePx, true));
        QRectF top = textBox;
        top.setBottom(textBox.center().y() + 2);
        painter->drawText(top, Qt::AlignHCenter | Qt::AlignBottom, m_title);
        painter->setFont(diagramFont(kSubtitlePx, false));
        QColor sub = Appearance::roleText(m_role);
        sub.setAlpha(190);
        painter->setPen(sub);
        QRectF bottom = textBox;
        bottom.setTop(textBox.center().y() + 3);
        painter->drawText(bottom, Qt::AlignHCenter | Qt::AlignTop, m_subtitle);
    }
}

// ---------------------------------------------------------------------------------------------
// GroupItem

GroupItem::GroupItem(std::size_t groupIndex, std::size_t key, Role role, QString title, QString subtitle, QSizeF size)
    : m_group(groupIndex)
    , m_key(key)
    , m_role(role)
    , m_title(std::move(title))
    , m_subtitle(std::move(subtitle))
    , m_box(-size.width() / 2, -size.height() / 2, size.width(), size.height())
{
    setZValue(2);
    setCursor(Qt::PointingHandCursor);
    setToolTip(QStringLiteral("<b>%1</b><br>%2<br><i>%3</i>")
                   .arg(m_title.toHtmlEscaped(), m_subtitle.toHtmlEscaped(),
                       QCoreApplication::translate("lfp::gui::FabricScene", "Double-click to expand")));
}

QRectF GroupItem::boundingRect() const { return m_box.adjusted(-2, -2, 8, 8); }

void GroupItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const qreal lod = QStyleOptionGraphicsItem::levelOfDetailFromTransform(painter->worldTransform());
    // The colours of the tier it stands in; a stack of boxes says "more than one".
    const Role role = m_role;
    const QColor fill = Appearance::roleFill(role).lighter(103);
    const QColor border = Appearance::roleBorder(role);
    if (lod < 0.15) {
        painter->fillRect(m_box, border);
        return;
    }
    painter->setPen(QPen(border, 1.3));
    painter->setBrush(fill.darker(108));
    painter->drawRoundedRect(m_box.translated(6, 6), 7, 7);
    painter->drawRoundedRect(m_box.translated(3, 3), 7, 7);
    painter->setBrush(fill);
    painter->setPen(QPen(border, 1.8));
    painter->drawRoundedRect(m_box, 7, 7);
    const QColor text = Appearance::roleText(role);
    if (lod * kTitlePx < 6.5) {
        drawLegibleTitle(painter, m_box, m_short.isEmpty() ? m_title : m_short, true, text, lod, kTitlePx);
        return;
    }
    const QRectF textBox = m_box.adjusted(kTextPad / 2, 2, -kTextPad / 2, -2);
    QFont tf = diagramFont(kTitlePx, true);
    QFont sf = diagramFont(kSubtitlePx, false);
    QRectF top = textBox;
    top.setBottom(textBox.center().y() + 2);
    painter->setPen(text);
    painter->setFont(tf);
    painter->drawText(top, Qt::AlignHCenter | Qt::AlignBottom, QFontMetricsF(tf).elidedText(m_title, Qt::ElideMiddle, textBox.width()));
    QRectF bottom = textBox;
    bottom.setTop(textBox.center().y() + 3);
    painter->setFont(sf);
    painter->drawText(bottom, Qt::AlignHCenter | Qt::AlignTop, QFontMetricsF(sf).elidedText(m_subtitle, Qt::ElideRight, textBox.width()));
}

// ---------------------------------------------------------------------------------------------
// HostGroupItem

HostGroupItem::HostGroupItem(std::size_t leafIndex, int hosts, QSizeF size)
    : m_leaf(leafIndex)
    , m_hosts(hosts)
    , m_box(-size.width() / 2, -size.height() / 2, size.width(), size.height())
{
    setZValue(1);
    setToolTip(QCoreApplication::translate("lfp::gui::FabricScene", "%n host(s)", nullptr, hosts));
}

QRectF HostGroupItem::boundingRect() const { return m_box.adjusted(-4, -4, 4, 4); }

void HostGroupItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const qreal lod = QStyleOptionGraphicsItem::levelOfDetailFromTransform(painter->worldTransform());
    const QColor fill = Appearance::roleFill(Role::Host);
    const QColor border = Appearance::roleBorder(Role::Host);
    if (lod < 0.15) {
        painter->fillRect(m_box, border);
        return;
    }
    // A small stack: two offset boxes behind the front one.
    painter->setPen(QPen(border, 1.0));
    painter->setBrush(fill.darker(106));
    painter->drawRoundedRect(m_box.translated(4, 4), 5, 5);
    painter->drawRoundedRect(m_box.translated(2, 2), 5, 5);
    painter->setBrush(fill);
    painter->drawRoundedRect(m_box, 5, 5);
    if (lod * kHostTitlePx < 6.5)
        return;
    painter->setPen(Appearance::roleText(Role::Host));
    painter->setFont(diagramFont(kHostTitlePx, false));
    painter->drawText(m_box, Qt::AlignCenter,
        QCoreApplication::translate("lfp::gui::FabricScene", "%n host(s)", nullptr, m_hosts));
}

// ---------------------------------------------------------------------------------------------
// LinkItem

LinkItem::LinkItem(std::size_t linkIndex, QPainterPath path, QColor colour, qreal width)
    : m_link(linkIndex)
    , m_path(std::move(path))
    , m_colour(std::move(colour))
    , m_width(width)
{
    QPainterPathStroker stroker;
    stroker.setWidth(8);
    m_shape = stroker.createStroke(m_path);
    m_bounds = m_shape.boundingRect();
    setFlag(ItemIsSelectable);
    setZValue(0);
}

QRectF LinkItem::boundingRect() const { return m_bounds; }
QPainterPath LinkItem::shape() const { return m_shape; }

void LinkItem::setColour(QColor c)
{
    m_colour = std::move(c);
    update();
}

void LinkItem::setCount(int n)
{
    m_count = n;
    if (n > 1) {
        // Room for the count's pill at the middle of the path.
        const QPointF mid = m_path.pointAtPercent(0.5);
        m_bounds |= QRectF(mid.x() - 30, mid.y() - 12, 60, 24);
    }
    update();
}

void LinkItem::setOverlay(const QColor& colour)
{
    if (colour == m_overlay)
        return;
    m_overlay = colour;
    setZValue(colour.isValid() ? 0.5 : 0);
    update();
}

void LinkItem::setFailed(bool failed)
{
    if (failed == m_failed)
        return;
    prepareGeometryChange(); // the cross reaches past the line's shape
    m_failed = failed;
    m_bounds = failed ? m_shape.boundingRect().adjusted(-kFailedCross, -kFailedCross, kFailedCross, kFailedCross) : m_shape.boundingRect();
    update();
}

void LinkItem::paintFailed(QPainter* painter, qreal lod) const
{
    // Dashed in the failed colour (cosmetic when zoomed out, so that the dashes stay visible), and a
    // cross of kFailedCross scene units at the middle: the link is down in this scenario.
    const QColor c = Appearance::failedLinkColour();
    QPen dashed(c, lod * m_width < 1.0 ? 0.0 : m_width, Qt::DashLine, Qt::FlatCap, Qt::MiterJoin);
    dashed.setDashPattern({ 3, 2 });
    painter->setPen(dashed);
    painter->drawPath(m_path);
    const QPointF mid = m_path.pointAtPercent(0.5);
    const qreal r = kFailedCross * 0.8;
    painter->setPen(QPen(c, std::max(2.0, 1.5 / std::max(lod, 0.01)), Qt::SolidLine, Qt::RoundCap));
    painter->drawLine(mid + QPointF(-r, -r), mid + QPointF(r, r));
    painter->drawLine(mid + QPointF(-r, r), mid + QPointF(r, -r));
}

void LinkItem::setHighlight(const QColor& colour)
{
    if (colour == m_highlight)
        return;
    m_highlight = colour;
    setZValue(colour.isValid() ? 1 : 0); // over the other links
    update();
}

void LinkItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    painter->setBrush(Qt::NoBrush);
    if (m_overlay.isValid()) {
        // A deadlock cycle through this link: a wide band at least 5 screen pixels wide.
        const qreal lodO = QStyleOptionGraphicsItem::levelOfDetailFromTransform(painter->worldTransform());
        QColor band = m_overlay;
        band.setAlpha(150);
        painter->setPen(QPen(band, std::max(m_width + 6, 5.0 / std::max(lodO, 0.01)), Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter->drawPath(m_path);
    }
    if (m_highlight.isValid()) {
        QColor halo = m_highlight;
        halo.setAlpha(90);
        painter->setPen(QPen(halo, m_width + 8, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter->drawPath(m_path);
        painter->setPen(QPen(m_highlight, m_width + 1.5, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter->drawPath(m_path);
        if (!(option->state & QStyle::State_Selected))
            return;
    }
    if (option->state & QStyle::State_Selected) {
        QColor halo = selectionColour();
        halo.setAlpha(110);
        painter->setPen(QPen(halo, m_width + 6, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter->drawPath(m_path);
        painter->setPen(QPen(m_colour.darker(130), m_width + 1.5, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter->drawPath(m_path);
        return;
    }
    const qreal lod = QStyleOptionGraphicsItem::levelOfDetailFromTransform(painter->worldTransform());
    if (m_failed) {
        paintFailed(painter, lod);
        return;
    }
    if (lod * m_width < 1.0) {
        if (m_bundled)
            return; // a LinkBundleItem draws all links at this zoom
        // Zoomed out: one screen pixel (cosmetic), a little transparent so that bundles show density.
        QColor c = m_colour;
        c.setAlpha(150);
        painter->setPen(QPen(c, 0));
    } else {
        painter->setPen(QPen(m_colour, m_width, Qt::SolidLine, Qt::FlatCap, Qt::MiterJoin));
    }
    painter->drawPath(m_path);
    if (m_count > 1 && lod * 11 >= 5) {
        // The bundle's count: a pill at the middle of the path ("×32").
        const QFont f = diagramFont(11, true);
        const QString text = QStringLiteral("×%1").arg(m_count);
        const qreal w = QFontMetricsF(f).horizontalAdvance(text) + 8;
        const QPointF mid = m_path.pointAtPercent(0.5);
        const QRectF pill(mid.x() - w / 2, mid.y() - 8, w, 16);
        painter->setPen(QPen(m_colour.darker(120), 1));
        painter->setBrush(Appearance::pillFill());
        painter->drawRoundedRect(pill, 8, 8);
        painter->setFont(f);
        painter->setPen(Theme::isDark() ? m_colour.lighter(130) : m_colour.darker(160));
        painter->drawText(pill, Qt::AlignCenter, text);
    }
}

// ---------------------------------------------------------------------------------------------
// LinkBundleItem

LinkBundleItem::LinkBundleItem(QVector<QLineF> lines, QColor colour, bool onlyZoomedOut)
    : m_lines(std::move(lines))
    , m_colour(std::move(colour))
    , m_onlyZoomedOut(onlyZoomedOut)
{
    qreal x0 = std::numeric_limits<qreal>::max(), y0 = x0, x1 = std::numeric_limits<qreal>::lowest(), y1 = x1;
    for (const QLineF& l : m_lines) {
        x0 = std::min({ x0, l.x1(), l.x2() });
        x1 = std::max({ x1, l.x1(), l.x2() });
        y0 = std::min({ y0, l.y1(), l.y2() });
        y1 = std::max({ y1, l.y1(), l.y2() });
    }
    if (!m_lines.isEmpty())
        m_bounds = QRectF(QPointF(x0, y0), QPointF(x1, y1)).adjusted(-1, -1, 1, 1);
    setFlag(ItemUsesExtendedStyleOption);
    setZValue(0);
}

namespace {
    /// Clips the segment to [0,w)×[0,h) (Liang–Barsky). False when nothing is left.
    bool clipSegment(double& x0, double& y0, double& x1, double& y1, double w, double h)
    {
        double t0 = 0, t1 = 1;
        const double dx = x1 - x0, dy = y1 - y0;
        const double p[4] = { -dx, dx, -dy, dy };
        const double q[4] = { x0, w - 1 - x0, y0, h - 1 - y0 };
        for (int i = 0; i < 4; ++i) {
            if (p[i] == 0) {
                if (q[i] < 0)
                    return false;
                continue;
            }
            const double r = q[i] / p[i];
            if (p[i] < 0)
                t0 = std::max(t0, r);
            else
                t1 = std::min(t1, r);
            if (t0 > t1)
                return false;
        }
        x1 = x0 + t1 * dx;
        y1 = y0 + t1 * dy;
        x0 = x0 + t0 * dx;
        y0 = y0 + t0 * dy;
        return true;
    }
}

void LinkBundleItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    // Tens of thousands of long one-pixel lines: QPainter's raster engine hands every batch of
    // spans to its thread pool, which takes seconds for 100,000 links. Instead the lines are
    // rasterised here into a density image of the exposed area (more links through a pixel, more
    // opaque), cached until the view changes.
    const QTransform t = painter->worldTransform();
    const qreal lod = QStyleOptionGraphicsItem::levelOfDetailFromTransform(t);
    if (m_onlyZoomedOut && lod >= 1.0)
        return;
    if (t.isRotating())
        return;
    const QPaintDevice* dev = painter->device();
    const QRect target = t.mapRect(option->exposedRect).toAlignedRect() & QRect(0, 0, dev->width(), dev->height());
    if (target.isEmpty())
        return;
    if (m_cache.isNull() || m_cacheTransform != t || m_cacheRect != target) {
        const int w = target.width(), h = target.height();
        std::vector<quint16> count(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), 0);
        for (const QLineF& l : m_lines) {
            const QPointF p0 = t.map(l.p1()) - QPointF(target.topLeft());
            const QPointF p1 = t.map(l.p2()) - QPointF(target.topLeft());
            double x0 = p0.x(), y0 = p0.y(), x1 = p1.x(), y1 = p1.y();
            if (!clipSegment(x0, y0, x1, y1, w, h))
                continue;
            const int steps = std::max(1, static_cast<int>(std::ceil(std::max(std::abs(x1 - x0), std::abs(y1 - y0)))));
            const double sx = (x1 - x0) / steps, sy = (y1 - y0) / steps;
            double x = x0 + 0.5, y = y0 + 0.5;
            for (int i = 0; i <= steps; ++i, x += sx, y += sy) {
                const int ix = std::clamp(static_cast<int>(x), 0, w - 1);
                const int iy = std::clamp(static_cast<int>(y), 0, h - 1);
                quint16& c = count[static_cast<std::size_t>(iy) * static_cast<std::size_t>(w) + static_cast<std::size_t>(ix)];
                if (c < 0xFFFF)
                    ++c;
            }
        }
        QImage img(w, h, QImage::Format_ARGB32_Premultiplied);
        img.fill(Qt::transparent);
        // Opacity by density: one line is clearly visible, many saturate.
        std::array<QRgb, 64> lut {};
        for (int c = 1; c < 64; ++c) {
            const double a = 1.0 - std::exp(-0.55 * c) * 0.55;
            lut[static_cast<std::size_t>(c)] = qPremultiply(qRgba(m_colour.red(), m_colour.green(), m_colour.blue(), static_cast<int>(a * 230)));
        }
        for (int yy = 0; yy < h; ++yy) {
            auto* line = reinterpret_cast<QRgb*>(img.scanLine(yy));
            const quint16* row = count.data() + static_cast<std::size_t>(yy) * static_cast<std::size_t>(w);
            for (int xx = 0; xx < w; ++xx)
                if (row[xx])
                    line[xx] = lut[std::min<std::size_t>(row[xx], 63)];
        }
        m_cache = std::move(img);
        m_cacheTransform = t;
        m_cacheRect = target;
    }
    painter->save();
    painter->resetTransform();
    painter->drawImage(m_cacheRect.topLeft(), m_cache);
    painter->restore();
}

// ---------------------------------------------------------------------------------------------
// FabricScene

FabricScene::FabricScene(QObject* parent)
    : QGraphicsScene(parent)
{
    setBackgroundBrush(Appearance::sceneBackground());
    connect(this, &QGraphicsScene::selectionChanged, this, &FabricScene::onSelectionChanged);
}

FabricScene::~FabricScene()
{
    // ~QGraphicsScene clears the items and may emit selectionChanged; by then this object is only a
    // QGraphicsScene, so the slot must not run (UBSan: "downcast ... which does not point to an object
    // of type 'FabricScene'", found by the ASan/UBSan preset in tst_mainwindow and tst_gui_findings).
    disconnect(this, &QGraphicsScene::selectionChanged, this, &FabricScene::onSelectionChanged);
}

void FabricScene::setFabric(std::shared_ptr<const Fabric> fabric, bool keepState)
{
    m_fabric = std::move(fabric);
    if (!keepState)
        m_toggled.clear();
    m_cycles.clear();
    m_failedLinks.clear();
    m_linkOverlay.clear();
    m_badges.clear();
    m_hlNodes.clear();
    m_hlLinks.clear();
    rebuild();
}

bool FabricScene::updateValues(std::shared_ptr<const Fabric> fabric, const std::vector<ObjectRef>& objects, const std::string& field)
{
    // Same nodes and links in the same order (a value edit), so the items' indices stay valid.
    m_fabric = std::move(fabric);
    if (!m_fabric)
        return false;
    const bool nodeRole = field == "role" && std::any_of(objects.begin(), objects.end(), [](const ObjectRef& o) { return o.kind == ObjectRef::Kind::Node; });
    if (nodeRole) { // another tier: lay out again, keeping the groups, badges, highlight and overlays
        rebuild();
        return true;
    }
    std::unordered_map<std::string_view, std::size_t> nodeByName;
    auto nodeIndex = [&](const std::string& name) -> std::optional<std::size_t> {
        if (nodeByName.empty())
            for (std::size_t i = 0; i < m_fabric->nodes.size(); ++i)
                nodeByName.emplace(m_fabric->nodes[i].name, i);
        const auto it = nodeByName.find(name);
        return it == nodeByName.end() ? std::nullopt : std::optional<std::size_t>(it->second);
    };
    auto linkIndex = [&](const Endpoint& e) -> std::optional<std::size_t> {
        for (std::size_t l = 0; l < m_fabric->links.size(); ++l)
            if (m_fabric->links[l].a == e || m_fabric->links[l].b == e)
                return l;
        return std::nullopt;
    };
    bool relayout = false;
    for (const ObjectRef& o : objects) {
        if (o.kind == ObjectRef::Kind::Node) {
            if (const auto n = nodeIndex(o.node))
                updateNodeItem(*n);
        } else if (o.kind == ObjectRef::Kind::Link || (o.kind == ObjectRef::Kind::Port && field == "speed")) {
            if (const auto l = linkIndex(o.endpoint()))
                relayout = !updateLinkItem(*l, field) || relayout;
        }
    }
    if (relayout)
        rebuild();
    return relayout;
}

void FabricScene::updateNodeItem(std::size_t i)
{
    NodeItem* item = nodeItem(i);
    if (!item)
        return;
    const Node& node = m_fabric->nodes[i];
    if (node.isSwitch()) {
        const qreal textW = item->box().width() - kTextPad;
        item->setSubtitle(QFontMetricsF(diagramFont(kSubtitlePx, false)).elidedText(qs(node.model), Qt::ElideRight, textW));
    }
    if (item->badgeErrors() == 0 && item->badgeWarnings() == 0) // else the badge's tooltip is shown
        item->setToolTip(nodeToolTip(i));
}

bool FabricScene::updateLinkItem(std::size_t l, const std::string& field)
{
    const Link& link = m_fabric->links[l];
    LinkItem* item = linkItem(l);
    const QColor colour = linkColour(link);
    const bool colourMayChange = (field == "medium" && m_colouring == LinkColouring::Medium) || (field == "speed" && m_colouring != LinkColouring::Medium);
    if (!item) // inside a collapsed group (not drawn), or only in a bundle image, which a new colour needs redrawn
        return !(colourMayChange && !m_bundles.empty());
    if (item->colour() != colour) {
        if (!m_bundles.empty())
            return false; // the zoomed-out bundle image has the old colour
        item->setColour(colour);
    }
    if (item->count() == 1 && !m_summarised)
        item->setToolTip(linkToolTip(link));
    return true;
}

QString FabricScene::nodeToolTip(std::size_t i) const
{
    const Node& node = m_fabric->nodes[i];
    const QString name = qs(node.name);
    QString tip = QStringLiteral("<b>%1</b><br>%2").arg(name.toHtmlEscaped(), Appearance::roleName(node.role));
    if (!node.model.empty())
        tip += QStringLiteral(" · ") + qs(node.model).toHtmlEscaped();
    if (!node.rack.empty())
        tip += QStringLiteral("<br>") + QCoreApplication::translate("lfp::gui::FabricScene", "Rack %1").arg(qs(node.rack).toHtmlEscaped());
    if (i < m_groupOf.size() && m_groupOf[i] != kNone)
        tip += QStringLiteral("<br><i>%1</i>").arg(QCoreApplication::translate("lfp::gui::FabricScene", "Double-click to collapse %1").arg(groupTitle(*m_fabric, m_groups[m_groupOf[i]]).toHtmlEscaped()));
    return tip;
}

QString FabricScene::linkToolTip(const Link& l) const
{
    const Port* pa = m_fabric->findPort(l.a);
    return QStringLiteral("%1:%2 — %3:%4<br>%5 · %6 · %7")
        .arg(qs(l.a.node).toHtmlEscaped(), qs(l.a.port).toHtmlEscaped(), qs(l.b.node).toHtmlEscaped(), qs(l.b.port).toHtmlEscaped(),
            pa ? qs(formatSpeed(pa->speed)) : QStringLiteral("?"), qs(formatLength(l.length)), Appearance::mediumName(l.medium));
}

void FabricScene::refreshColours()
{
    setBackgroundBrush(Appearance::sceneBackground());
    rebuild();
}

void FabricScene::setLinkColouring(LinkColouring c)
{
    if (c == m_colouring)
        return;
    m_colouring = c;
    if (!m_fabric)
        return;
    if (!m_bundles.empty()) {
        rebuild();
        return;
    }
    for (LinkItem* item : m_linkItems)
        if (item)
            item->setColour(linkColour(m_fabric->links[item->linkIndex()]));
}

QColor FabricScene::linkColour(const Link& l) const
{
    if (m_colouring == LinkColouring::Medium)
        return Appearance::mediumColour(l.medium);
    const Port* pa = m_fabric->findPort(l.a);
    const Port* pb = m_fabric->findPort(l.b);
    BitsPerSecond s {};
    if (pa && pb)
        s = std::min(pa->speed, pb->speed);
    else if (pa)
        s = pa->speed;
    else if (pb)
        s = pb->speed;
    return Appearance::speedColour(s);
}

NodeItem* FabricScene::nodeItem(std::size_t nodeIndex) const
{
    return nodeIndex < m_nodeItems.size() ? m_nodeItems[nodeIndex] : nullptr;
}

LinkItem* FabricScene::linkItem(std::size_t linkIndex) const
{
    return linkIndex < m_linkItems.size() ? m_linkItems[linkIndex] : nullptr;
}

int FabricScene::collapsedGroupCount() const
{
    return static_cast<int>(std::count_if(m_groups.begin(), m_groups.end(), [](const LayoutGroup& g) { return g.collapsed; }));
}

GroupItem* FabricScene::groupItem(std::size_t groupIndex) const
{
    return groupIndex < m_groupItems.size() ? m_groupItems[groupIndex] : nullptr;
}

std::size_t FabricScene::groupOfNode(std::size_t nodeIndex) const
{
    return nodeIndex < m_groupOf.size() ? m_groupOf[nodeIndex] : kNone;
}

void FabricScene::toggleGroup(std::size_t key)
{
    auto it = std::find(m_toggled.begin(), m_toggled.end(), key);
    if (it != m_toggled.end())
        m_toggled.erase(it);
    else
        m_toggled.push_back(key);
    rebuild();
}

void FabricScene::mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event)
{
    // A collapsed group expands; a member of an expanded group collapses it again.
    for (QGraphicsItem* item : items(event->scenePos())) {
        if (item->type() == GroupItemType) {
            const std::size_t key = static_cast<GroupItem*>(item)->key();
            event->accept();
            toggleGroup(key);
            return;
        }
        if (item->type() == NodeItemType) {
            const std::size_t g = groupOfNode(static_cast<NodeItem*>(item)->nodeIndex());
            if (g != kNone && !m_groups[g].collapsed) {
                event->accept();
                toggleGroup(m_groups[g].key());
                return;
            }
            break;
        }
    }
    QGraphicsScene::mouseDoubleClickEvent(event);
}

void FabricScene::selectNode(std::size_t nodeIndex)
{
    // A node inside a collapsed group: expand the group first, so that it has an item to select.
    if (!nodeItem(nodeIndex)) {
        const std::size_t g = groupOfNode(nodeIndex);
        if (g != kNone && m_groups[g].collapsed)
            toggleGroup(m_groups[g].key());
    }
    const QSignalBlocker quiet(this); // the document's selection shown, not a new one
    clearSelection();
    if (NodeItem* item = nodeItem(nodeIndex))
        item->setSelected(true);
}

void FabricScene::selectLink(std::size_t linkIndex)
{
    const QSignalBlocker quiet(this);
    clearSelection();
    if (LinkItem* item = linkItem(linkIndex))
        item->setSelected(true);
}

void FabricScene::clearSelectionQuietly()
{
    const QSignalBlocker quiet(this);
    clearSelection();
}

void FabricScene::setBadges(const std::vector<std::tuple<int, int, QString>>& badges)
{
    m_badges = badges;
    for (std::size_t i = 0; i < m_nodeItems.size(); ++i)
        if (NodeItem* item = m_nodeItems[i]) {
            if (m_badgesVisible && i < m_badges.size())
                item->setBadge(std::get<0>(m_badges[i]), std::get<1>(m_badges[i]), std::get<2>(m_badges[i]));
            else
                item->setBadge(0, 0, {});
        }
}

void FabricScene::setHighlight(const std::vector<std::size_t>& nodes, const std::vector<std::size_t>& links, const QColor& colour)
{
    for (const std::size_t n : m_hlNodes)
        if (NodeItem* item = nodeItem(n))
            item->setHighlight({});
    for (const std::size_t l : m_hlLinks)
        if (LinkItem* item = linkItem(l))
            item->setHighlight({});
    m_hlNodes = nodes;
    m_hlLinks = links;
    m_hlColour = colour;
    for (const std::size_t n : m_hlNodes)
        if (NodeItem* item = nodeItem(n))
            item->setHighlight(colour);
    for (const std::size_t l : m_hlLinks)
        if (LinkItem* item = linkItem(l))
            item->setHighlight(colour);
}

QRectF FabricScene::highlightRect() const
{
    QRectF r;
    for (const std::size_t n : m_hlNodes)
        if (const NodeItem* item = nodeItem(n))
            r |= item->sceneBoundingRect();
    for (const std::size_t l : m_hlLinks)
        if (const LinkItem* item = linkItem(l))
            r |= item->sceneBoundingRect();
    return r;
}

QColor FabricScene::cycleColour() { return Appearance::cycleColour(); }

bool FabricScene::expandGroupsOf(const std::vector<std::size_t>& links)
{
    bool expand = false;
    if (!m_fabric)
        return false;
    std::unordered_map<std::string_view, std::size_t> byName; // made when a link has no item (none on every edit's clear)
    for (const std::size_t l : links) {
        if (l >= m_fabric->links.size() || linkItem(l))
            continue;
        if (byName.empty())
            for (std::size_t i = 0; i < m_fabric->nodes.size(); ++i)
                byName.emplace(m_fabric->nodes[i].name, i);
        for (const std::string* end : { &m_fabric->links[l].a.node, &m_fabric->links[l].b.node }) {
            auto it = byName.find(*end);
            const std::size_t g = it == byName.end() ? kNone : groupOfNode(it->second);
            if (g != kNone && m_groups[g].collapsed && std::find(m_toggled.begin(), m_toggled.end(), m_groups[g].key()) == m_toggled.end()) {
                m_toggled.push_back(m_groups[g].key());
                m_groups[g].collapsed = false;
                expand = true;
            }
        }
    }
    return expand;
}

void FabricScene::setCycleOverlay(std::vector<std::vector<std::size_t>> cycles)
{
    m_cycles = std::move(cycles);
    // Expand the collapsed groups that hold a cycle's link, so that the link has an item.
    bool expand = false;
    for (const auto& cycle : m_cycles)
        expand = expandGroupsOf(cycle) || expand;
    if (expand)
        rebuild(); // applies the overlay
    else
        applyCycleOverlay();
}

void FabricScene::setFailedLinks(std::vector<std::size_t> links)
{
    m_failedLinks = std::move(links);
    if (expandGroupsOf(m_failedLinks))
        rebuild(); // applies the overlay
    else
        applyCycleOverlay();
}

void FabricScene::setLinkOverlay(std::vector<QColor> perLink)
{
    m_linkOverlay = std::move(perLink);
    applyCycleOverlay();
}

void FabricScene::setBadgesVisible(bool visible)
{
    if (visible == m_badgesVisible)
        return;
    m_badgesVisible = visible;
    setBadges(std::vector<std::tuple<int, int, QString>>(m_badges));
}

void FabricScene::applyCycleOverlay()
{
    for (std::size_t i = 0; i < m_linkItems.size(); ++i)
        if (LinkItem* item = m_linkItems[i])
            item->setOverlay(i < m_linkOverlay.size() ? m_linkOverlay[i] : QColor());
    for (const auto& cycle : m_cycles)
        for (const std::size_t l : cycle)
            if (LinkItem* item = linkItem(l))
                item->setOverlay(cycleColour());
    for (LinkItem* item : m_linkItems)
        if (item)
            item->setFailed(false);
    for (const std::size_t l : m_failedLinks)
        if (LinkItem* item = linkItem(l))
            item->setFailed(true);
    emit overlaysChanged(!m_cycles.empty(), !m_failedLinks.empty());
}

void FabricScene::onSelectionChanged()
{
    const QList<QGraphicsItem*> items = selectedItems();
    if (items.isEmpty()) {
        emit selectionCleared();
        return;
    }
    QGraphicsItem* item = items.constFirst();
    if (item->type() == NodeItemType)
        emit nodeSelected(static_cast<NodeItem*>(item)->nodeIndex());
    else if (item->type() == LinkItemType)
        emit linkSelected(static_cast<LinkItem*>(item)->linkIndex());
}

void FabricScene::rebuild()
{
    {
        const QSignalBlocker quiet(this); // items going is no selection by the user
        clear();
    }
    m_nodeItems.clear();
    m_linkItems.clear();
    m_bundles.clear();
    m_missingNodeItems = 0;
    m_linkItemCount = 0;
    m_summarised = false;
    m_diagramRect = QRectF();
    m_bands.clear();
    m_groups.clear();
    m_groupOf.clear();
    m_groupItems.clear();
    if (!m_fabric)
        return;
    const Fabric& f = *m_fabric;
    const QFontMetricsF titleFm(diagramFont(kTitlePx, true));
    const QFontMetricsF hostFm(diagramFont(kHostTitlePx, false));
    const QFontMetricsF subFm(diagramFont(kSubtitlePx, false));
    const FabricLayout L = layoutFabric(f, [&](std::string_view text, LayoutText kind) -> double {
        const QString s = QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
        return (kind == LayoutText::SwitchTitle ? titleFm : kind == LayoutText::HostTitle ? hostFm : subFm).horizontalAdvance(s);
    }, LayoutOptions { m_toggled, true });
    m_summarised = L.summarised;
    m_groups = L.groups;
    m_groupOf = L.groupOf;
    createNodeItems(f, L, titleFm, hostFm, subFm);
    createLinkItems(f, L);
    addTierBands(L);
    applyCycleOverlay();
    // A rebuild for another link colouring keeps the findings' badges and highlight.
    if (!m_badges.empty())
        setBadges(std::vector<std::tuple<int, int, QString>>(m_badges));
    if (!m_hlNodes.empty() || !m_hlLinks.empty()) {
        const auto nodes = m_hlNodes;
        const auto links = m_hlLinks;
        m_hlNodes.clear();
        m_hlLinks.clear();
        setHighlight(nodes, links, m_hlColour);
    }
}

void FabricScene::createNodeItems(const Fabric& f, const FabricLayout& L, const QFontMetricsF& titleFm, const QFontMetricsF& hostFm, const QFontMetricsF& subFm)
{
    m_nodeItems.assign(f.nodes.size(), nullptr);
    for (int t = 0; t < 4; ++t) {
        const bool host = t == 3;
        if (host && L.summarised)
            continue;
        const QSizeF size(L.tierWidth[static_cast<std::size_t>(t)], host ? kHostH : kSwitchH);
        const QFontMetricsF& fm = host ? hostFm : titleFm;
        const qreal textW = size.width() - (host ? kTextPad / 2 : kTextPad);
        for (std::size_t shown : L.tiers[static_cast<std::size_t>(t)]) {
            const std::size_t i = L.shownNodes[shown];
            if (i == kNone) {
                // A collapsed group: one box in the tier of its first member (pods in the leaf tier).
                const std::size_t gi = L.shownGroup[shown];
                const LayoutGroup& g = L.groups[gi];
                auto* item = new GroupItem(gi, g.key(), L.shown.nodes[shown].role, groupTitle(f, g), g.kind == LayoutGroup::Kind::SwitchSet ? qs(f.nodes[g.key()].model) : groupSubtitle(g), QSizeF(size.width(), kSwitchH));
                item->setPos(L.pos[shown].x, L.pos[shown].y);
                if (g.kind == LayoutGroup::Kind::SwitchSet)
                    item->setShortTitle(QStringLiteral("× %1").arg(g.members.size()));
                addItem(item);
                if (m_groupItems.size() < L.groups.size())
                    if (m_groupItems.size() < L.groups.size())
        m_groupItems.resize(L.groups.size(), nullptr);
                m_groupItems[gi] = item;
                continue;
            }
            const Node& node = f.nodes[i];
            const QString name = qs(node.name);
            QString subtitle;
            if (!host)
                subtitle = subFm.elidedText(qs(node.model), Qt::ElideRight, textW);
            auto* item = new NodeItem(i, node.role, fm.elidedText(name, Qt::ElideMiddle, textW), subtitle, size);
            item->setFullTitle(name);
            item->setPos(L.pos[shown].x, L.pos[shown].y);
            item->setToolTip(nodeToolTip(i));
            addItem(item);
            m_nodeItems[i] = item;
        }
    }
    m_missingNodeItems = static_cast<int>(std::count(m_nodeItems.begin(), m_nodeItems.end(), nullptr));
    if (m_groupItems.size() < L.groups.size())
        m_groupItems.resize(L.groups.size(), nullptr);

    // Host summaries (large fabrics): one "N hosts" box under each leaf.
    if (L.summarised) {
        QPen connector(Appearance::roleBorder(Role::Host), 1.2);
        auto addGroup = [&](std::size_t leaf, int count, QPointF centre) {
            auto* g = new HostGroupItem(leaf, count, QSizeF(L.groupBoxWidth, kGroupH));
            g->setPos(centre);
            addItem(g);
        };
        for (std::size_t leaf : L.tiers[2]) {
            const int count = static_cast<int>(L.hostsOf[leaf].size());
            if (!count)
                continue;
            const QPointF c(L.pos[leaf].x, L.hostTopY + kGroupH / 2);
            auto* line = addLine(QLineF(L.pos[leaf].x, L.pos[leaf].y + kSwitchH / 2, c.x(), L.hostTopY), connector);
            line->setZValue(0);
            addGroup(L.shownNodes[leaf], count, c);
        }
        if (!L.orphans.empty())
            addGroup(kNone, static_cast<int>(L.orphans.size()), QPointF(L.orphanGroup.x, L.orphanGroup.y));
    }
}

void FabricScene::createLinkItems(const Fabric& f, const FabricLayout& L)
{
    m_linkItems.assign(f.links.size(), nullptr);
    // Summarised and huge: the links are only a bundle. Many links: items for selection and close-up,
    // plus a bundle that draws them all when zoomed out.
    const bool bundle = L.summarised && L.drawableLinks > kBundleThreshold;
    const bool alsoBundle = !bundle && L.drawableLinks > kZoomedOutBundleThreshold;
    std::map<QRgb, QVector<QLineF>> bundles;
    const qreal width = L.drawableLinks > kZoomedOutBundleThreshold ? 1.0 : 1.6;
    auto pt = [](const LayoutPoint& p) { return QPointF(p.x, p.y); };
    for (std::size_t shown = 0; shown < L.links.size(); ++shown) {
        const LinkGeometry& g = L.links[shown];
        if (g.shape == LinkGeometry::Shape::None)
            continue;
        const std::vector<std::size_t>& parallel = L.shownLinks[shown];
        const std::size_t i = parallel.front();
        const Link& l = f.links[i];
        const QColor colour = linkColour(l);
        QPainterPath path;
        if (g.shape == LinkGeometry::Shape::Arc) {
            const QPointF p0 = pt(g.points[0]), p1 = pt(g.points[1]);
            path.moveTo(p0);
            path.cubicTo(p0 - QPointF(0, g.lift), p1 - QPointF(0, g.lift), p1);
        } else if (g.shape == LinkGeometry::Shape::Straight && bundle) {
            bundles[colour.rgb()].append(QLineF(pt(g.points[0]), pt(g.points[1])));
            continue;
        } else {
            path.moveTo(pt(g.points[0]));
            for (std::size_t k = 1; k < g.points.size(); ++k)
                path.lineTo(pt(g.points[k]));
        }
        auto* item = new LinkItem(i, path, colour, width);
        if (alsoBundle) {
            item->setBundled(true);
            auto& lines = bundles[colour.rgb()];
            for (int e = 1; e < path.elementCount(); ++e)
                lines.append(QLineF(path.elementAt(e - 1), path.elementAt(e)));
        }
        if (parallel.size() > 1) {
            item->setCount(static_cast<int>(parallel.size()));
            const auto endName = [&](std::size_t node) {
                if (node >= L.shown.nodes.size())
                    return QString();
                const std::size_t orig = L.shownNodes[node];
                return orig == kNone ? groupTitle(f, L.groups[L.shownGroup[node]]) : qs(f.nodes[orig].name);
            };
            const auto [sa, sb] = L.ends[shown];
            const int n = static_cast<int>(parallel.size());
            const QString what = QCoreApplication::translate("lfp::gui::FabricScene", "%n parallel link(s)", nullptr, n);
            item->setToolTip(QStringLiteral("<b>%1</b><br>%2 — %3").arg(what, endName(sa).toHtmlEscaped(), endName(sb).toHtmlEscaped()));
        } else if (!L.summarised) {
            item->setToolTip(linkToolTip(l));
        }
        addItem(item);
        for (const std::size_t p : parallel)
            m_linkItems[p] = item;
        ++m_linkItemCount;
    }
    for (auto& [rgb, lines] : bundles) {
        auto* item = new LinkBundleItem(std::move(lines), QColor::fromRgb(rgb), alsoBundle);
        addItem(item);
        m_bundles.push_back(item);
    }
}

void FabricScene::drawBackground(QPainter* painter, const QRectF& rect)
{
    QGraphicsScene::drawBackground(painter, rect);
    // The tier bands, across the whole width shown (the labels are in the view's column at the left).
    for (std::size_t n = 0; n < m_bands.size(); ++n) {
        const QRectF band(rect.left(), m_bands[n].top, rect.width(), m_bands[n].bottom - m_bands[n].top);
        if (band.intersects(rect))
            painter->fillRect(band & rect, Appearance::tierBand(static_cast<int>(n)));
    }
}

void FabricScene::addTierBands(const FabricLayout& L)
{
    // Tier bands and their labels (drawn by the view, in a column of their own).
    for (int t = 0; t < 4; ++t) {
        if (!L.present[static_cast<std::size_t>(t)])
            continue;
        const Role r = Appearance::kTierOrder[t];
        // The tier's switches (or hosts) as drawn, and the pods and rail groups drawn in it.
        std::size_t nodes = 0, pods = 0, railGroups = 0;
        for (const std::size_t shown : L.tiers[static_cast<std::size_t>(t)]) {
            const std::size_t g = L.shownGroup[shown];
            if (g == kNone)
                ++nodes;
            else if (L.groups[g].kind == LayoutGroup::Kind::Pod)
                ++pods;
            else if (L.groups[g].kind == LayoutGroup::Kind::RailGroup)
                ++railGroups;
            else
                nodes += L.groups[g].members.size();
        }
        QStringList parts;
        if (nodes)
            parts << QStringLiteral("%1 (%2)").arg(Appearance::rolePlural(r)).arg(nodes);
        // Groups of one shape (a fat-tree's pods, a rail cluster's units): what each holds, once.
        QString each;
        for (const std::size_t shown : L.tiers[static_cast<std::size_t>(t)]) {
            const std::size_t g = L.shownGroup[shown];
            if (g == kNone || L.groups[g].kind == LayoutGroup::Kind::SwitchSet)
                continue;
            const QString sub = groupSubtitle(L.groups[g]);
            if (each.isNull())
                each = sub;
            else if (each != sub) {
                each = QString();
                break;
            }
        }
        if (pods)
            parts << QCoreApplication::translate("lfp::gui::FabricScene", "Pods (%1)").arg(pods);
        if (railGroups)
            parts << QCoreApplication::translate("lfp::gui::FabricScene", "Rail groups (%1)").arg(railGroups);
        if (!each.isEmpty() && (pods || railGroups))
            parts << QCoreApplication::translate("lfp::gui::FabricScene", "each: %1").arg(each);
        const QString label = parts.join(QLatin1Char('\n'));
        qreal top, bottom;
        if (t < 3) {
            top = L.tierY[static_cast<std::size_t>(t)] - kSwitchH / 2 - 14;
            bottom = L.tierY[static_cast<std::size_t>(t)] + kSwitchH / 2 + 14;
            if (t == 2)
                bottom += static_cast<double>(L.gridRows - 1) * L.gridPitch; // a grid of groups
        } else {
            top = L.hostTopY - 14;
            bottom = std::max(L.hostBottom, L.hostTopY + kHostH) + 14;
        }
        m_bands.push_back({ label, top, bottom });
    }
    m_diagramRect = itemsBoundingRect();
    if (m_diagramRect.isEmpty())
        m_diagramRect = QRectF(0, 0, 400, 200);
    if (!m_bands.empty()) {
        m_diagramRect.setTop(std::min(m_diagramRect.top(), m_bands.front().top));
        m_diagramRect.setBottom(std::max(m_diagramRect.bottom(), m_bands.back().bottom));
    }
    m_diagramRect.adjust(-16, -16, 16, 16);
    setSceneRect(m_diagramRect.adjusted(-m_diagramRect.width() * 0.5, -m_diagramRect.height() * 0.5,
        m_diagramRect.width() * 0.5, m_diagramRect.height() * 0.5));
}

} // namespace lfp::gui
