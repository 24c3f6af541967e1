// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file fabricview.h
/// The view on the diagram: fits the fabric until the user zooms (wheel, anchored under the mouse),
/// pans by dragging the background, and keeps a legend of roles and link colours in the top corner.

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

private:
    void zoomBy(qreal factor, bool underMouse);
    void placeLegend();

    FabricScene* m_scene;
    LegendWidget* m_legend;
    bool m_autoFit = true;
};

} // namespace lfp::gui
