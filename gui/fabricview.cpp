// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabricview.h"

#include "fabricscene.h"
#include "legendwidget.h"

#include <QScrollBar>
#include <QWheelEvent>

#include <cmath>

namespace lfp::gui {

namespace {
    constexpr qreal kMaxFitZoom = 1.25; ///< small fabrics are not blown up beyond this
    constexpr qreal kMinZoom = 0.0005;
    constexpr qreal kMaxZoom = 8.0;
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
        if (m_autoFit)
            fitAll();
    });
    connect(m_legend, &LegendWidget::resized, this, &FabricView::placeLegend);
}

void FabricView::fitAll()
{
    m_autoFit = true;
    const QRectF r = m_scene->diagramRect();
    if (r.isEmpty())
        return;
    // Leave room for the legend at the top.
    const QRect vp = viewport()->rect().adjusted(8, m_legend->height() + 16, -8, -8);
    if (vp.width() <= 0 || vp.height() <= 0)
        return;
    const qreal k = std::min({ vp.width() / r.width(), vp.height() / r.height(), kMaxFitZoom });
    setTransform(QTransform::fromScale(k, k));
    // Centre the diagram in the part of the viewport below the legend.
    const QPointF offset(0, -(m_legend->height() + 8) / 2.0 / k);
    centerOn(r.center() + offset);
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
    placeLegend();
    if (m_autoFit)
        fitAll();
}

void FabricView::showEvent(QShowEvent* event)
{
    QGraphicsView::showEvent(event);
    placeLegend();
    if (m_autoFit)
        fitAll();
}

void FabricView::placeLegend()
{
    m_legend->setMaximumWidth(std::max(200, viewport()->width() - 18)); // wraps rather than clips
    m_legend->resize(m_legend->sizeHint());
    const int x = std::max(8, viewport()->width() - m_legend->width() - 10);
    m_legend->move(x, 8);
    m_legend->raise();
}

} // namespace lfp::gui
