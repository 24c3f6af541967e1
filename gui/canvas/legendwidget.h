// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file legendwidget.h
/// The legend over the diagram: role colours, and what the link colours mean (medium or speed).

#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers these pull in
#include "gui/appearance.h"
#endif

#include <QFontMetrics>
#include <QWidget>

namespace lfp::gui {

class LegendWidget : public QWidget {
    Q_OBJECT
public:
    explicit LegendWidget(QWidget* parent = nullptr);
    void setLinkColouring(LinkColouring c);
    [[nodiscard]] LinkColouring linkColouring() const { return m_colouring; }
    /// The deadlock overlay's keys, shown while the diagram draws them (FabricScene::overlaysChanged):
    /// a cycle's band and a failed link.
    void setOverlays(bool cycles, bool failedLinks);
    [[nodiscard]] QSize sizeHint() const override;
    /// The size the legend takes when it may be at most @p maxWidth wide (its items flow onto more
    /// lines the narrower it is): the view tries several widths and places it where it costs the
    /// diagram the least (FabricView).
    [[nodiscard]] QSize sizeFor(int maxWidth) const;
    /// The texts shown, in order (for tests and accessibility).
    [[nodiscard]] QStringList entries() const;

signals:
    void resized();

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Row {
        QString heading;
        QList<QPair<QString, QColor>> items;
        bool boxes = true; ///< role boxes, else link lines
        bool badges = false; ///< findings badges (discs), overrides boxes
        bool overlays = false; ///< the deadlock overlay: a band (cycle) or a dashed, crossed line (failed)
    };
    [[nodiscard]] QList<Row> rows() const;
    static int widestHeading(const QList<Row>& rows, const QFontMetrics& bold);
    LinkColouring m_colouring = LinkColouring::Medium;
    bool m_cycles = false;
    bool m_failedLinks = false;
};

} // namespace lfp::gui
