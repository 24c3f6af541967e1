// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/canvas/fabricview.h"

#include "gui/appearance.h"
#include "gui/canvas/fabricscene.h"
#include "gui/canvas/legendwidget.h"

#include <QPainter>
#include <QScrollBar>
#include <QWheelEvent>

#include <climits>
#include <cmath>

namespace lfp::gui {

namespace {
    constexpr qreal kMaxFitZoom = 1.25; ///< small fabrics are not blown up beyond this
    constexpr qreal kMinZoom = 0.0005;
    constexpr qreal kMaxZoom = 8.0;
    constexpr int kMargin = 8; ///< pixels between the viewport's edges, the legend and the diagram
    constexpr int kLabelPadX = 7; ///< pixels inside a tier label's pill
    constexpr int kLabelPadY = 3;
    constexpr int kLabelGap = 3; ///< pixels between stacked tier labels

    /// A label's width in pixels: its advance or its ink, whichever is wider (CJK fallback glyphs).
    int textLineWidth(const QFontMetrics& fm, const QString& line)
    {
        return std::max(fm.horizontalAdvance(line), fm.boundingRect(line).width());
    }
}

FabricView::FabricView(FabricScene* scene, QWidget* parent)
    : QGraphicsView(scene, parent)
    , m_scene(scene)
    , m_legend(new LegendWidget(this))
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setOptimizationFlags(QGraphicsView::DontSavePainterState);
    setFrameShape(QFrame::NoFrame);
    // Pan by dragging, zoom with the wheel; scroll bars would only show the padding around the fabric.
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    connect(scene, &QGraphicsScene::sceneRectChanged, this, [this] {
        setSceneRect(m_scene->sceneRect()); // fitAll() widens it to what the fit shows
        if (m_autoFit)
            fitAll();
        else
            placeLegend(); // other tier labels, another column
    });
    connect(scene, &FabricScene::overlaysChanged, m_legend, &LegendWidget::setOverlays);
    connect(m_legend, &LegendWidget::resized, this, [this] {
        if (m_autoFit)
            fitAll();
        else
            placeLegend();
    });
}

QFont FabricView::labelFont() const
{
    QFont f = font();
    f.setPixelSize(13);
    f.setBold(true);
    return f;
}

int FabricView::tierLabelColumn() const
{
    const auto& bands = m_scene->tierBands();
    if (bands.empty())
        return 0;
    const QFontMetrics fm(labelFont());
    int w = 0;
    for (const auto& band : bands)
        for (const QString& line : band.label.split(QLatin1Char('\n')))
            w = std::max(w, textLineWidth(fm, line));
    return kMargin + w + 2 * kLabelPadX + kMargin;
}

void FabricView::placeLegend()
{
    const QRect vp = viewport()->rect();
    const int labels = tierLabelColumn();
    const QRect free = vp.adjusted(labels > 0 ? labels : kMargin, kMargin, -kMargin, -kMargin);
    m_area = free;
    if (m_legend->isHidden())
        return;
    // The legend across the top (the diagram below it) or down the right side (the diagram left of
    // it), at the width that lets the diagram be drawn largest; full width across the top unless
    // another choice draws it at least 2 % larger.
    const QRectF r = m_scene->diagramRect();
    auto fitZoom = [&](const QRect& a) {
        if (r.isEmpty() || a.width() <= 0 || a.height() <= 0)
            return 0.0;
        return std::min({ a.width() / r.width(), a.height() / r.height(), kMaxFitZoom });
    };
    const int full = std::max(200, vp.width() - 2 * kMargin - 2);
    qreal bestZoom = -1;
    int bestMax = full;
    QSize bestSize = m_legend->sizeFor(full);
    QRect bestArea = free.adjusted(0, bestSize.height() + kMargin, 0, 0);
    for (const int maxWidth : { full, full / 2, full / 3, 1 }) {
        const QSize size = m_legend->sizeFor(maxWidth);
        const QRect below = free.adjusted(0, size.height() + kMargin, 0, 0);
        const QRect beside = free.adjusted(0, 0, -(size.width() + kMargin), 0);
        for (const bool side : { false, true }) {
            if (side && size.height() > vp.height() - 2 * kMargin)
                continue;
            const qreal k = fitZoom(side ? beside : below);
            if (bestZoom < 0 || k > bestZoom * 1.02) {
                bestZoom = k;
                bestMax = maxWidth;
                bestSize = size;
                bestArea = side ? beside : below;
            }
        }
    }
    m_legend->setMaximumWidth(std::max(bestMax, bestSize.width()));
    m_legend->resize(bestSize);
    m_legend->move(std::max(kMargin, vp.width() - bestSize.width() - kMargin - 2), kMargin);
    m_legend->raise();
    m_area = bestArea;
}

void FabricView::fitAll()
{
    m_autoFit = true;
    placeLegend();
    const QRectF r = m_scene->diagramRect();
    if (r.isEmpty() || m_area.width() <= 0 || m_area.height() <= 0)
        return;
    const qreal k = std::min({ m_area.width() / r.width(), m_area.height() / r.height(), kMaxFitZoom });
    setTransform(QTransform::fromScale(k, k));
    // The diagram's centre at the centre of its area: the viewport's centre is that far from it.
    const QRectF vp(viewport()->rect());
    const QPointF centre = r.center() + (vp.center() - QRectF(m_area).center()) / k;
    // The view centres a scene smaller than the viewport itself: the scene rect holds all it shows.
    const QSizeF shown(vp.width() / k, vp.height() / k);
    setSceneRect(m_scene->sceneRect().united(QRectF(centre - QPointF(shown.width() / 2, shown.height() / 2), shown)));
    centerOn(centre);
    emit zoomChanged(k);
}

void FabricView::zoomIn() { zoomBy(1.25, false); }
void FabricView::zoomOut() { zoomBy(1 / 1.25, false); }

void FabricView::zoomBy(qreal factor, bool underMouse)
{
    const qreal current = zoom();
    const qreal target = std::clamp(current * factor, kMinZoom, kMaxZoom);
    if (std::abs(target - current) < 1e-9)
        return;
    m_autoFit = false;
    const ViewportAnchor old = transformationAnchor();
    setTransformationAnchor(underMouse ? AnchorUnderMouse : AnchorViewCenter);
    scale(target / current, target / current);
    setTransformationAnchor(old);
    emit zoomChanged(target);
}

void FabricView::reveal(const QGraphicsItem* item)
{
    if (item)
        ensureVisible(item, 40, 40);
}

void FabricView::wheelEvent(QWheelEvent* event)
{
    const int delta = event->angleDelta().y();
    if (delta == 0) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    zoomBy(std::pow(1.0015, delta), true);
    event->accept();
}

void FabricView::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    if (m_autoFit)
        fitAll();
    else
        placeLegend();
}

void FabricView::showEvent(QShowEvent* event)
{
    QGraphicsView::showEvent(event);
    if (m_autoFit)
        fitAll();
    else
        placeLegend();
}

void FabricView::drawForeground(QPainter* painter, const QRectF& rect)
{
    QGraphicsView::drawForeground(painter, rect);
    // The tier labels, in viewport pixels: in the column at the left edge, each at the middle of its
    // band (or just below the label above, so that they never overlap when the bands are thin).
    const auto& bands = m_scene->tierBands();
    m_labelRects.clear();
    if (bands.empty())
        return;
    painter->save();
    painter->resetTransform();
    painter->setRenderHint(QPainter::Antialiasing);
    const QFont font = labelFont();
    const QFontMetrics fm(font);
    painter->setFont(font);
    int lastBottom = INT_MIN / 2;
    for (const auto& band : bands) {
        const QStringList lines = band.label.split(QLatin1Char('\n'));
        int w = 0;
        for (const QString& line : lines)
            w = std::max(w, textLineWidth(fm, line));
        const int h = fm.lineSpacing() * static_cast<int>(lines.size()) + 2 * kLabelPadY;
        const int mid = (mapFromScene(QPointF(0, band.top)).y() + mapFromScene(QPointF(0, band.bottom)).y()) / 2;
        const QRect box(kMargin, std::max(mid - h / 2, lastBottom + kLabelGap), w + 2 * kLabelPadX, h);
        lastBottom = box.bottom();
        m_labelRects.append(box);
        // A pill, so that the label stays legible over the diagram when zoomed in.
        painter->setPen(Qt::NoPen);
        painter->setBrush(Appearance::pillFill());
        painter->drawRoundedRect(QRectF(box), 5, 5);
        painter->setPen(Appearance::tierLabel());
        painter->drawText(box.adjusted(kLabelPadX, kLabelPadY, -kLabelPadX, -kLabelPadY), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip, band.label);
    }
    painter->restore();
}

void FabricView::scrollContentsBy(int dx, int dy)
{
    QGraphicsView::scrollContentsBy(dx, dy);
    // The labels stay at the left edge while the diagram moves: repaint where they were moved to and
    // their column.
    QRegion stale(QRect(0, 0, tierLabelColumn(), viewport()->height()));
    for (const QRect& r : std::as_const(m_labelRects))
        stale += r.translated(dx, dy);
    viewport()->update(stale);
}

} // namespace lfp::gui
