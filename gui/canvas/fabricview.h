// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file fabricview.h
/// The view on the diagram: fits the fabric until the user zooms (wheel, anchored under the mouse),
/// pans by dragging the background, and keeps a legend of roles and link colours in the top right
/// corner. The fit keeps room for what is drawn over the diagram, so that nothing covers a box: a
/// column at the left edge for the tier labels (FabricScene::tierBands(), drawn here at a fixed size
/// on screen, next to their band), and the legend's rectangle — across the top, or down the right
/// side, at the width that lets the diagram be drawn largest (a short, wide view: the side).

#include <QGraphicsView>

namespace lfp::gui {

class FabricScene;
class LegendWidget;

class FabricView : public QGraphicsView {
    Q_OBJECT
public:
    explicit FabricView(FabricScene* scene, QWidget* parent = nullptr);

    [[nodiscard]] FabricScene* fabricScene() const { return m_scene; }
    [[nodiscard]] LegendWidget* legend() const { return m_legend; }
    /// Current zoom (1 = 100 %).
    [[nodiscard]] qreal zoom() const { return transform().m11(); }
    /// The part of the viewport (pixels) the fit draws the diagram in: the viewport less the tier
    /// labels' column and the legend's rectangle.
    [[nodiscard]] QRect diagramArea() const { return m_area; }
    /// Where each tier label was drawn last (viewport pixels), in the order of the bands.
    [[nodiscard]] const QList<QRect>& tierLabelRects() const { return m_labelRects; }
    /// Width of the tier labels' column (pixels; 0 without bands).
    [[nodiscard]] int tierLabelColumn() const;

public slots:
    /// Shows the whole fabric and follows the window size again.
    void fitAll();
    void zoomIn();
    void zoomOut();
    /// Scrolls so that @p item is visible, without changing the zoom.
    void reveal(const QGraphicsItem* item);

signals:
    void zoomChanged(qreal zoom);

protected:
    void wheelEvent(QWheelEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    void zoomBy(qreal factor, bool underMouse);
    /// Places the legend and works out diagramArea().
    void placeLegend();
    [[nodiscard]] QFont labelFont() const;

    FabricScene* m_scene;
    LegendWidget* m_legend;
    bool m_autoFit = true;
    QRect m_area;
    mutable QList<QRect> m_labelRects;
};

} // namespace lfp::gui
