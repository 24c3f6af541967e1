// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabricscene.h"

#include <QFontMetricsF>
#include <QGraphicsRectItem>
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

namespace lfp::gui {

namespace {

    // Geometry of the diagram, in scene units (one unit is one pixel at 100 % zoom).
    constexpr qreal kSwitchMinW = 116;
    constexpr qreal kSwitchMaxW = 220;
    constexpr qreal kSwitchH = 48;
    constexpr qreal kHostMinW = 76;
    constexpr qreal kHostMaxW = 180;
    constexpr qreal kHostH = 30;
    constexpr qreal kBusGap = 34; ///< between the two host columns under a leaf
    constexpr qreal kSlotGap = 34; ///< between neighbouring leaf slots
    constexpr qreal kSwitchGap = 26; ///< minimum gap between switches of a tier
    constexpr qreal kTierGap = 130; ///< vertical gap between switch tiers
    constexpr qreal kHostTop = 34; ///< from a leaf's bottom to its first host row
    constexpr qreal kHostRowPitch = kHostH + 12;
    constexpr qreal kGroupH = 34; ///< "N hosts" summary box
    constexpr qreal kTextPad = 18;

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

    constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

    int tierRank(Role r)
    {
        switch (r) {
        case Role::SuperSpine:
            return 0;
        case Role::Spine:
            return 1;
        case Role::Leaf:
            return 2;
        case Role::Host:
            return 3;
        }
        return 3;
    }

    /// A tier's name and size at the left of its band, the same size on screen at any zoom.
    class TierLabelItem : public QGraphicsItem {
    public:
        TierLabelItem(QString text, QFont font)
            : m_text(std::move(text))
            , m_font(std::move(font))
        {
            const QFontMetricsF fm(m_font);
            const QStringList lines = m_text.split(QLatin1Char('\n'));
            qreal w = 0;
            for (const QString& l : lines)
                w = std::max(w, fm.horizontalAdvance(l));
            const qreal h = fm.lineSpacing() * static_cast<qreal>(lines.size());
            m_rect = QRectF(0, -h / 2, w + 2, h);
            setFlag(ItemIgnoresTransformations);
            setZValue(-9);
        }
        [[nodiscard]] QRectF boundingRect() const override { return m_rect; }
        void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override
        {
            painter->setFont(m_font);
            painter->setPen(QColor(0x55, 0x5E, 0x6B));
            painter->drawText(m_rect, Qt::AlignLeft | Qt::AlignVCenter, m_text);
        }

    private:
        QString m_text;
        QFont m_font;
        QRectF m_rect;
    };

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
        // Zoomed out: the name alone, at a legible size on screen, when it still fits in the box;
        // else a grey bar where it would be ("greeking").
        const qreal px = 8.5 / lod; // scene pixels that make 8.5 screen pixels
        const qreal textW = m_titleWidth * px / titlePx;
        if (textW <= m_box.width() - 8 && px <= m_box.height() - 2) {
            painter->setFont(diagramFont(px, m_role != Role::Host));
            painter->setPen(Appearance::roleText(m_role));
            painter->drawText(m_box, Qt::AlignCenter, m_title);
        } else if (lod * titlePx >= 1.5) {
            QColor greek = Appearance::roleText(m_role);
            greek.setAlpha(80);
            const qreal w = std::min(m_box.width() * 0.6, m_titleWidth);
            painter->fillRect(QRectF(-w / 2, -titlePx * 0.25, w, titlePx * 0.5), greek);
        }
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
    setBackgroundBrush(QColor(0xFB, 0xFB, 0xFC));
    connect(this, &QGraphicsScene::selectionChanged, this, &FabricScene::onSelectionChanged);
}

void FabricScene::setFabric(std::shared_ptr<const Fabric> fabric)
{
    m_fabric = std::move(fabric);
    m_badges.clear();
    m_hlNodes.clear();
    m_hlLinks.clear();
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

void FabricScene::selectNode(std::size_t nodeIndex)
{
    m_syncing = true;
    clearSelection();
    if (NodeItem* item = nodeItem(nodeIndex))
        item->setSelected(true);
    m_syncing = false;
}

void FabricScene::selectLink(std::size_t linkIndex)
{
    m_syncing = true;
    clearSelection();
    if (LinkItem* item = linkItem(linkIndex))
        item->setSelected(true);
    m_syncing = false;
}

void FabricScene::clearSelectionQuietly()
{
    m_syncing = true;
    clearSelection();
    m_syncing = false;
}

void FabricScene::setBadges(const std::vector<std::tuple<int, int, QString>>& badges)
{
    m_badges = badges;
    for (std::size_t i = 0; i < m_nodeItems.size(); ++i)
        if (NodeItem* item = m_nodeItems[i]) {
            if (i < m_badges.size())
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

void FabricScene::onSelectionChanged()
{
    if (m_syncing)
        return;
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
    m_syncing = true;
    clear();
    m_syncing = false;
    m_nodeItems.clear();
    m_linkItems.clear();
    m_bundles.clear();
    m_missingNodeItems = 0;
    m_linkItemCount = 0;
    m_summarised = false;
    m_diagramRect = QRectF();
    if (!m_fabric)
        return;
    const Fabric& f = *m_fabric;
    const std::size_t n = f.nodes.size();
    m_summarised = n > kSummaryThreshold;
    m_nodeItems.assign(n, nullptr);
    m_linkItems.assign(f.links.size(), nullptr);

    // ---- link ends as node indices ----
    std::vector<std::pair<std::size_t, std::size_t>> ends(f.links.size(), { kNone, kNone });
    {
        std::unordered_map<std::string_view, std::size_t> byName;
        byName.reserve(n);
        for (std::size_t i = 0; i < n; ++i)
            byName.emplace(f.nodes[i].name, i);
        auto at = [&](const std::string& name) {
            auto it = byName.find(name);
            return it == byName.end() ? kNone : it->second;
        };
        for (std::size_t i = 0; i < f.links.size(); ++i)
            ends[i] = { at(f.links[i].a.node), at(f.links[i].b.node) };
    }

    // ---- each host's home leaf: of the leaves it links to, the one with the fewest hosts so far ----
    // (a single-homed host hangs under its leaf; the servers of a rail-optimised group, which link to
    // every rail leaf, spread evenly under the group's leaves instead of piling up under the first)
    std::vector<std::size_t> home(n, kNone);
    std::vector<std::size_t> homeLink(n, kNone);
    {
        std::vector<std::vector<std::pair<std::size_t, std::size_t>>> leavesOf(n); // host → (leaf, link)
        for (std::size_t i = 0; i < f.links.size(); ++i) {
            const auto [a, b] = ends[i];
            if (a == kNone || b == kNone)
                continue;
            if (f.nodes[a].role == Role::Host && f.nodes[b].role == Role::Leaf)
                leavesOf[a].emplace_back(b, i);
            else if (f.nodes[b].role == Role::Host && f.nodes[a].role == Role::Leaf)
                leavesOf[b].emplace_back(a, i);
        }
        std::vector<std::size_t> load(n, 0);
        for (std::size_t h = 0; h < n; ++h) {
            for (const auto& [leaf, link] : leavesOf[h])
                if (home[h] == kNone || load[leaf] < load[home[h]]) {
                    home[h] = leaf;
                    homeLink[h] = link;
                }
            if (home[h] != kNone)
                ++load[home[h]];
        }
    }
    std::vector<std::vector<std::size_t>> tiers(4);
    std::vector<std::vector<std::size_t>> hostsOf(n);
    std::vector<std::size_t> orphans; // hosts without a leaf
    for (std::size_t i = 0; i < n; ++i) {
        const Node& node = f.nodes[i];
        tiers[static_cast<std::size_t>(tierRank(node.role))].push_back(i);
        if (node.role == Role::Host) {
            if (home[i] != kNone)
                hostsOf[home[i]].push_back(i);
            else
                orphans.push_back(i);
        }
    }

    // ---- box widths per tier: fit the longest name (within limits) ----
    const QFontMetricsF titleFm(diagramFont(kTitlePx, true));
    const QFontMetricsF hostFm(diagramFont(kHostTitlePx, false));
    const QFontMetricsF subFm(diagramFont(kSubtitlePx, false));
    std::array<qreal, 4> tierW {};
    for (int t = 0; t < 3; ++t) {
        qreal w = kSwitchMinW;
        for (std::size_t i : tiers[static_cast<std::size_t>(t)]) {
            w = std::max(w, titleFm.horizontalAdvance(qs(f.nodes[i].name)) + 2 * kTextPad);
            w = std::max(w, subFm.horizontalAdvance(qs(f.nodes[i].model)) + 2 * kTextPad);
            if (w >= kSwitchMaxW)
                break;
        }
        tierW[static_cast<std::size_t>(t)] = std::min(w, kSwitchMaxW);
    }
    {
        qreal w = kHostMinW;
        if (!m_summarised)
            for (std::size_t i : tiers[3]) {
                w = std::max(w, hostFm.horizontalAdvance(qs(f.nodes[i].name)) + kTextPad);
                if (w >= kHostMaxW)
                    break;
            }
        tierW[3] = std::min(w, kHostMaxW);
    }
    const qreal hostW = tierW[3];
    const qreal leafW = tierW[2];
    const qreal groupBoxW = std::max(leafW, kHostMinW + 30);

    // ---- host columns and tier spacing, chosen for a legible fit in a typical view ----
    // Under each leaf the hosts hang in one column (bus on the left) or two (bus in the middle).
    // Two columns are more compact vertically, one column narrower: take whichever lets the whole
    // fabric be drawn larger in a nominal 980×700 view. Very wide fabrics get taller tier gaps, so
    // that the fit shows the wiring between tiers rather than a thin strip.
    std::array<bool, 4> present {};
    for (std::size_t t = 0; t < 4; ++t)
        present[t] = !tiers[t].empty();
    const int switchTiers = int(present[0]) + int(present[1]) + int(present[2]);
    std::size_t maxHosts = 0;
    for (std::size_t leaf : tiers[2])
        maxHosts = std::max(maxHosts, hostsOf[leaf].size());
    auto busInset = [&] { return std::min(hostW / 2, leafW / 2 - 10); };
    auto slotWidth = [&](std::size_t hosts, int columns) -> qreal {
        if (hosts == 0)
            return leafW;
        if (m_summarised)
            return std::max(leafW, groupBoxW);
        if (hosts == 1)
            return std::max(leafW, hostW);
        if (columns == 2)
            return std::max(leafW, 2 * hostW + kBusGap);
        // One column: the bus at leaf centre − busInset, the hosts 12 to its right.
        return std::max(leafW, 2 * (-busInset() + 12 + hostW));
    };
    auto hostRows = [&](int columns) -> qreal {
        if (m_summarised)
            return maxHosts ? 1 : 0;
        qreal rows = 0;
        for (std::size_t leaf : tiers[2]) {
            const std::size_t h = hostsOf[leaf].size();
            rows = std::max(rows, static_cast<qreal>(h <= 1 ? h : (columns == 2 ? (h + 1) / 2 : h)));
        }
        return std::max(rows, orphans.empty() ? 0.0 : 1.0);
    };
    auto diagramWidth = [&](int columns) {
        qreal w = 0;
        for (std::size_t leaf : tiers[2])
            w += slotWidth(hostsOf[leaf].size(), columns) + kSlotGap;
        if (!m_summarised)
            w += static_cast<qreal>(orphans.size()) * (hostW + kSwitchGap);
        for (std::size_t t = 0; t < 2; ++t)
            w = std::max(w, static_cast<qreal>(tiers[t].size()) * (tierW[t] + kSwitchGap));
        return std::max(w, 1.0);
    };
    auto hostAreaHeight = [&](int columns) {
        const qreal rows = hostRows(columns);
        if (rows == 0)
            return 0.0;
        return kHostTop + (m_summarised ? kGroupH : rows * kHostRowPitch);
    };
    auto tierGapFor = [&](qreal width, qreal hostArea) {
        if (switchTiers < 2)
            return kTierGap;
        const qreal fixed = switchTiers * kSwitchH + hostArea;
        return std::max(kTierGap, (width / 2.0 - fixed) / (switchTiers - 1));
    };
    auto fitZoom = [&](int columns) {
        const qreal w = diagramWidth(columns) + 160; // + tier labels
        const qreal ha = hostAreaHeight(columns);
        const qreal h = switchTiers * kSwitchH + std::max(0, switchTiers - 1) * tierGapFor(w, ha) + ha + 40;
        return std::min({ 980 / w, 700 / h, 1.0 });
    };
    const int columns = (maxHosts > 2 && !m_summarised && fitZoom(1) > fitZoom(2) + 1e-9) ? 1 : 2;
    const qreal tierGap = tierGapFor(diagramWidth(columns) + 160, hostAreaHeight(columns));

    // ---- vertical positions (centres) of the tiers present ----
    std::array<qreal, 4> tierY {};
    qreal y = 0;
    for (std::size_t t = 0; t < 3; ++t)
        if (present[t]) {
            tierY[t] = y;
            y += kSwitchH + tierGap;
        }
    const bool anySwitch = switchTiers > 0;
    const qreal lowestSwitchY = anySwitch ? y - kSwitchH - tierGap : -kSwitchH;
    const qreal hostTopY = lowestSwitchY + kSwitchH / 2 + kHostTop; // top edge of the first host row

    std::vector<QPointF> pos(n, QPointF(std::nan(""), std::nan("")));
    std::vector<qreal> busX(n, 0); // leaf → x of its host bus

    // ---- leaves, each in a slot wide enough for its hosts ----
    qreal cursor = 0;
    for (std::size_t leaf : tiers[2]) {
        const qreal slot = slotWidth(hostsOf[leaf].size(), columns);
        pos[leaf] = QPointF(cursor + slot / 2, tierY[2]);
        busX[leaf] = pos[leaf].x();
        cursor += slot + kSlotGap;
    }
    // Hosts under their leaf, in one or two columns along the leaf's bus.
    qreal hostBottom = hostTopY;
    if (!m_summarised) {
        for (std::size_t leaf : tiers[2]) {
            const auto& hs = hostsOf[leaf];
            if (hs.size() > 1 && columns == 1)
                busX[leaf] = pos[leaf].x() - busInset();
            for (std::size_t k = 0; k < hs.size(); ++k) {
                qreal row = 0;
                qreal cx = pos[leaf].x();
                if (hs.size() > 1 && columns == 2) {
                    row = static_cast<qreal>(k / 2);
                    cx += (k % 2 == 0 ? -1 : 1) * (kBusGap / 2 + hostW / 2);
                } else if (hs.size() > 1) {
                    row = static_cast<qreal>(k);
                    cx = busX[leaf] + 12 + hostW / 2;
                }
                const qreal cy = hostTopY + kHostH / 2 + row * kHostRowPitch;
                pos[hs[k]] = QPointF(cx, cy);
                hostBottom = std::max(hostBottom, cy + kHostH / 2);
            }
        }
        // Hosts without a leaf: a row after the last slot.
        for (std::size_t h : orphans) {
            pos[h] = QPointF(cursor + hostW / 2, hostTopY + kHostH / 2);
            cursor += hostW + kSwitchGap;
            hostBottom = std::max(hostBottom, hostTopY + kHostH);
        }
    }

    // ---- upper tiers: over the switches they link to ----
    std::vector<std::vector<std::size_t>> peers(n);
    for (const auto& [a, b] : ends)
        if (a != kNone && b != kNone && a != b) {
            peers[a].push_back(b);
            peers[b].push_back(a);
        }
    for (int t = 1; t >= 0; --t) {
        const auto& tier = tiers[static_cast<std::size_t>(t)];
        if (tier.empty())
            continue;
        const qreal w = tierW[static_cast<std::size_t>(t)];
        // Extent of what lies below (placed nodes of lower tiers).
        qreal lo = std::numeric_limits<qreal>::max(), hi = std::numeric_limits<qreal>::lowest();
        for (std::size_t i = 0; i < n; ++i)
            if (tierRank(f.nodes[i].role) > t && !std::isnan(pos[i].x())) {
                lo = std::min(lo, pos[i].x());
                hi = std::max(hi, pos[i].x());
            }
        if (lo > hi) {
            lo = 0;
            hi = 0;
        }
        std::vector<qreal> bary(tier.size(), std::nan(""));
        qreal bmin = std::numeric_limits<qreal>::max(), bmax = std::numeric_limits<qreal>::lowest();
        for (std::size_t k = 0; k < tier.size(); ++k) {
            qreal sum = 0;
            int cnt = 0;
            for (std::size_t p : peers[tier[k]])
                if (tierRank(f.nodes[p].role) > t && !std::isnan(pos[p].x())) {
                    sum += pos[p].x();
                    ++cnt;
                }
            if (cnt) {
                bary[k] = sum / cnt;
                bmin = std::min(bmin, bary[k]);
                bmax = std::max(bmax, bary[k]);
            }
        }
        const qreal extent = hi - lo;
        const qreal natural = static_cast<qreal>(tier.size()) * (w + kSwitchGap) - kSwitchGap;
        std::vector<qreal> xs(tier.size());
        const bool mesh = bmin > bmax || (bmax - bmin) <= 0.2 * extent;
        if (mesh) {
            // Linked to (nearly) everything below: spread evenly over the width below.
            const qreal left = lo - (leafW / 2), right = hi + (leafW / 2);
            const qreal span = right - left;
            if (natural <= span) {
                for (std::size_t k = 0; k < tier.size(); ++k)
                    xs[k] = left + (static_cast<qreal>(k) + 0.5) * span / static_cast<qreal>(tier.size());
            } else {
                const qreal start = (lo + hi) / 2 - natural / 2 + w / 2;
                for (std::size_t k = 0; k < tier.size(); ++k)
                    xs[k] = start + static_cast<qreal>(k) * (w + kSwitchGap);
            }
        } else {
            // Barycentres, then pushed apart; unplaced ones follow their predecessor.
            qreal last = (lo + hi) / 2;
            for (qreal& b : bary) {
                if (std::isnan(b))
                    b = last;
                last = b;
            }
            std::vector<std::size_t> order(tier.size());
            std::iota(order.begin(), order.end(), 0);
            std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t z) { return bary[x] < bary[z]; });
            qreal prev = std::numeric_limits<qreal>::lowest();
            qreal shift = 0;
            for (std::size_t k : order) {
                xs[k] = std::max(bary[k], prev + w + kSwitchGap);
                prev = xs[k];
                shift += xs[k] - bary[k];
            }
            shift /= static_cast<qreal>(tier.size());
            for (qreal& x : xs)
                x -= shift;
        }
        for (std::size_t k = 0; k < tier.size(); ++k)
            pos[tier[k]] = QPointF(xs[k], tierY[static_cast<std::size_t>(t)]);
    }

    // ---- node items ----
    for (int t = 0; t < 4; ++t) {
        const bool host = t == 3;
        if (host && m_summarised)
            continue;
        const QSizeF size(tierW[static_cast<std::size_t>(t)], host ? kHostH : kSwitchH);
        const QFontMetricsF& fm = host ? hostFm : titleFm;
        const qreal textW = size.width() - (host ? kTextPad / 2 : kTextPad);
        for (std::size_t i : tiers[static_cast<std::size_t>(t)]) {
            const Node& node = f.nodes[i];
            const QString name = qs(node.name);
            QString subtitle;
            if (!host)
                subtitle = subFm.elidedText(qs(node.model), Qt::ElideRight, textW);
            auto* item = new NodeItem(i, node.role, fm.elidedText(name, Qt::ElideMiddle, textW), subtitle, size);
            item->setPos(pos[i]);
            QString tip = QStringLiteral("<b>%1</b><br>%2").arg(name.toHtmlEscaped(), Appearance::roleName(node.role));
            if (!node.model.empty())
                tip += QStringLiteral(" · ") + qs(node.model).toHtmlEscaped();
            if (!node.rack.empty())
                tip += QStringLiteral("<br>") + QCoreApplication::translate("lfp::gui::FabricScene", "Rack %1").arg(qs(node.rack).toHtmlEscaped());
            item->setToolTip(tip);
            addItem(item);
            m_nodeItems[i] = item;
        }
    }
    m_missingNodeItems = static_cast<int>(std::count(m_nodeItems.begin(), m_nodeItems.end(), nullptr));

    // ---- host summaries (large fabrics) ----
    if (m_summarised) {
        QPen connector(Appearance::roleBorder(Role::Host), 1.2);
        auto addGroup = [&](std::size_t leaf, int count, QPointF centre) {
            auto* g = new HostGroupItem(leaf, count, QSizeF(groupBoxW, kGroupH));
            g->setPos(centre);
            addItem(g);
            hostBottom = std::max(hostBottom, centre.y() + kGroupH / 2);
        };
        for (std::size_t leaf : tiers[2]) {
            const int count = static_cast<int>(hostsOf[leaf].size());
            if (!count)
                continue;
            const QPointF c(pos[leaf].x(), hostTopY + kGroupH / 2);
            auto* line = addLine(QLineF(pos[leaf].x(), pos[leaf].y() + kSwitchH / 2, c.x(), hostTopY), connector);
            line->setZValue(0);
            addGroup(leaf, count, c);
        }
        if (!orphans.empty())
            addGroup(kNone, static_cast<int>(orphans.size()), QPointF(cursor + groupBoxW / 2, hostTopY + kGroupH / 2));
    }

    // ---- links ----
    auto itemRect = [&](std::size_t i) {
        const NodeItem* it = m_nodeItems[i];
        return it->box().translated(it->pos());
    };
    // Anchors spread along the bottom (down-links) and top (up-links) edges, ordered by the peer's x.
    struct Anchor {
        std::vector<std::pair<qreal, std::size_t>> down, up; // (peer x, link)
    };
    std::map<std::size_t, Anchor> anchors;
    std::vector<char> busLink(f.links.size(), 0);
    std::vector<std::size_t> drawable;
    drawable.reserve(f.links.size());
    for (std::size_t i = 0; i < f.links.size(); ++i) {
        const auto [a, b] = ends[i];
        if (a == kNone || b == kNone || !m_nodeItems[a] || !m_nodeItems[b])
            continue;
        drawable.push_back(i);
        if ((f.nodes[a].role == Role::Host && homeLink[a] == i) || (f.nodes[b].role == Role::Host && homeLink[b] == i)) {
            busLink[i] = 1;
            continue;
        }
        const std::size_t upper = pos[a].y() <= pos[b].y() ? a : b;
        const std::size_t lower = upper == a ? b : a;
        if (pos[upper].y() == pos[lower].y())
            continue; // same tier: drawn as an arc
        anchors[upper].down.emplace_back(pos[lower].x(), i);
        anchors[lower].up.emplace_back(pos[upper].x(), i);
    }
    std::map<std::pair<std::size_t, std::size_t>, QPointF> anchorAt; // (node, link) → point
    const bool spread = drawable.size() <= kBundleThreshold;
    if (spread)
        for (auto& [node, an] : anchors) {
            const QRectF r = itemRect(node);
            auto place = [&](std::vector<std::pair<qreal, std::size_t>>& list, qreal yEdge) {
                std::stable_sort(list.begin(), list.end(), [](const auto& x, const auto& z) { return x.first < z.first; });
                const qreal inset = std::min(r.width() * 0.18, 24.0);
                const qreal usable = r.width() - 2 * inset;
                for (std::size_t k = 0; k < list.size(); ++k) {
                    const qreal x = list.size() == 1 ? r.center().x()
                                                     : r.left() + inset + usable * (static_cast<qreal>(k) + 0.5) / static_cast<qreal>(list.size());
                    anchorAt[{ node, list[k].second }] = QPointF(x, yEdge);
                }
            };
            place(an.down, r.bottom());
            place(an.up, r.top());
        }

    // Summarised and huge: the links are only a bundle. Many links: items for selection and close-up,
    // plus a bundle that draws them all when zoomed out.
    const bool bundle = m_summarised && drawable.size() > kBundleThreshold;
    const bool alsoBundle = !bundle && drawable.size() > kZoomedOutBundleThreshold;
    std::map<QRgb, QVector<QLineF>> bundles;
    const qreal width = drawable.size() > kZoomedOutBundleThreshold ? 1.0 : 1.6;
    for (std::size_t i : drawable) {
        const Link& l = f.links[i];
        const auto [a, b] = ends[i];
        const QColor colour = linkColour(l);
        QPainterPath path;
        if (busLink[i]) {
            const std::size_t host = f.nodes[a].role == Role::Host && homeLink[a] == i ? a : b;
            const std::size_t leaf = host == a ? b : a;
            const QRectF hr = itemRect(host);
            const QPointF top(busX[leaf], itemRect(leaf).bottom());
            path.moveTo(top);
            if (std::abs(hr.center().x() - top.x()) < 1) {
                path.lineTo(hr.center().x(), hr.top());
            } else {
                path.lineTo(top.x(), hr.center().y());
                path.lineTo(hr.center().x() < top.x() ? hr.right() : hr.left(), hr.center().y());
            }
        } else {
            const std::size_t upper = pos[a].y() <= pos[b].y() ? a : b;
            const std::size_t lower = upper == a ? b : a;
            const QRectF ur = itemRect(upper), lr = itemRect(lower);
            if (pos[upper].y() == pos[lower].y()) {
                // Same tier (peer link, MLAG): an arc over the tier.
                const QRectF& left = ur.center().x() <= lr.center().x() ? ur : lr;
                const QRectF& right = &left == &ur ? lr : ur;
                const QPointF p0(left.center().x() + left.width() * 0.25, left.top());
                const QPointF p1(right.center().x() - right.width() * 0.25, right.top());
                const qreal lift = std::min(60.0, 18 + std::abs(p1.x() - p0.x()) * 0.15);
                path.moveTo(p0);
                path.cubicTo(p0 - QPointF(0, lift), p1 - QPointF(0, lift), p1);
            } else if (bundle) {
                bundles[colour.rgb()].append(QLineF(QPointF(ur.center().x(), ur.bottom()), QPointF(lr.center().x(), lr.top())));
                continue;
            } else {
                const QPointF p0 = spread ? anchorAt[{ upper, i }] : QPointF(ur.center().x(), ur.bottom());
                const QPointF p1 = spread ? anchorAt[{ lower, i }] : QPointF(lr.center().x(), lr.top());
                path.moveTo(p0);
                path.lineTo(p1);
            }
        }
        auto* item = new LinkItem(i, path, colour, width);
        if (alsoBundle) {
            item->setBundled(true);
            auto& lines = bundles[colour.rgb()];
            for (int e = 1; e < path.elementCount(); ++e)
                lines.append(QLineF(path.elementAt(e - 1), path.elementAt(e)));
        }
        if (!m_summarised) {
            const Port* pa = f.findPort(l.a);
            item->setToolTip(QStringLiteral("%1:%2 — %3:%4<br>%5 · %6 · %7")
                                 .arg(qs(l.a.node).toHtmlEscaped(), qs(l.a.port).toHtmlEscaped(), qs(l.b.node).toHtmlEscaped(),
                                     qs(l.b.port).toHtmlEscaped(), pa ? qs(formatSpeed(pa->speed)) : QStringLiteral("?"),
                                     qs(formatLength(l.length)), Appearance::mediumName(l.medium)));
        }
        addItem(item);
        m_linkItems[i] = item;
        ++m_linkItemCount;
    }
    for (auto& [rgb, lines] : bundles) {
        auto* item = new LinkBundleItem(std::move(lines), QColor::fromRgb(rgb), alsoBundle);
        addItem(item);
        m_bundles.push_back(item);
    }

    // ---- tier bands and labels ----
    QRectF content = itemsBoundingRect();
    if (content.isEmpty())
        content = QRectF(0, 0, 400, 200);
    const QFont labelFont = diagramFont(13, true);
    const QFontMetricsF labelFm(labelFont);
    qreal labelW = 0;
    QList<QPair<QString, QRectF>> bands;
    for (int t = 0; t < 4; ++t) {
        if (!present[static_cast<std::size_t>(t)])
            continue;
        const Role r = Appearance::kTierOrder[t];
        const QString label = QStringLiteral("%1 (%2)").arg(Appearance::rolePlural(r)).arg(tiers[static_cast<std::size_t>(t)].size());
        qreal top, bottom;
        if (t < 3) {
            top = tierY[static_cast<std::size_t>(t)] - kSwitchH / 2 - 14;
            bottom = tierY[static_cast<std::size_t>(t)] + kSwitchH / 2 + 14;
        } else {
            top = hostTopY - 14;
            bottom = std::max(hostBottom, hostTopY + kHostH) + 14;
        }
        labelW = std::max(labelW, labelFm.horizontalAdvance(label));
        bands.append({ label, QRectF(0, top, 0, bottom - top) });
    }
    // Labels keep their size on screen at any zoom; their column is sized for the fit.
    const qreal nominalZoom = std::max(fitZoom(columns), 1e-4);
    const qreal labelColumn = (labelW + 40) / nominalZoom;
    const qreal left = content.left() - labelColumn - 12 / nominalZoom;
    const qreal right = content.right() + 24;
    int bandNo = 0;
    qreal lastLabelY = std::numeric_limits<qreal>::lowest();
    const qreal labelStep = (labelFm.lineSpacing() + 4) / nominalZoom; // keeps labels apart at the fit
    for (auto& [label, rect] : bands) {
        rect.setLeft(left);
        rect.setRight(right);
        auto* band = addRect(rect, Qt::NoPen, bandNo++ % 2 ? QColor(0xF1, 0xF3, 0xF6) : QColor(0xF6, 0xF7, 0xF9));
        band->setZValue(-10);
        auto* text = new TierLabelItem(label, labelFont);
        lastLabelY = std::max(rect.center().y(), lastLabelY + labelStep);
        text->setPos(left + 10 / nominalZoom, lastLabelY);
        addItem(text);
    }
    m_diagramRect = itemsBoundingRect().adjusted(-16, -16, 16, 16);
    setSceneRect(m_diagramRect.adjusted(-m_diagramRect.width() * 0.5, -m_diagramRect.height() * 0.5,
        m_diagramRect.width() * 0.5, m_diagramRect.height() * 0.5));
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

} // namespace lfp::gui
