// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file fabricscene.h
/// The tiered diagram of a fabric: super-spines on top, then spines, leaves, and each leaf's hosts
/// below it (two columns either side of a cable "bus"). Switches are placed above the switches they
/// link to (barycentre), or spread evenly when they link to all of them (a full mesh).
/// Fabrics above kSummaryThreshold nodes are drawn in summary: every switch, but one "N hosts" box per
/// leaf instead of each host, and (above kBundleThreshold links) the switch links drawn as one bundle
/// item per colour instead of one item each, so that 70,000-node fabrics stay responsive.
///
/// Level of detail (fabriclayout.h): pods, rail groups and large sets of like top-tier switches are
/// drawn as one GroupItem each when collapsed (by default in large fabrics); parallel links are one
/// LinkItem with a count. Double-clicking a group expands it, double-clicking a member collapses it
/// again (toggleGroup()); selecting a node inside a collapsed group expands the group.

#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers these pull in
#include "gui/appearance.h"
#include "gui/canvas/fabriclayout.h"
#include "model/fabric.h"
#include "model/objectref.h"
#endif

#include <QFontMetricsF>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QImage>
#include <QTransform>

#include <memory>
#include <string>
#include <tuple>
#include <vector>

namespace lfp::gui {

enum ItemType : int {
    NodeItemType = QGraphicsItem::UserType + 1,
    LinkItemType,
    HostGroupItemType,
    LinkBundleItemType,
    GroupItemType,
};

/// A switch or host: a rounded box coloured by role with the name (and, for switches, the model).
class NodeItem : public QGraphicsItem {
public:
    NodeItem(std::size_t nodeIndex, Role role, QString title, QString subtitle, QSizeF size);
    enum { Type = NodeItemType };
    [[nodiscard]] int type() const override { return Type; }
    [[nodiscard]] QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    [[nodiscard]] std::size_t nodeIndex() const { return m_node; }
    [[nodiscard]] Role role() const { return m_role; }
    [[nodiscard]] QString title() const { return m_title; } ///< as drawn (elided to the box)
    [[nodiscard]] QString subtitle() const { return m_subtitle; } ///< as drawn (the model, elided)
    /// A value edit of the node (its model): the subtitle again, in the same box.
    void setSubtitle(QString subtitle);
    /// The whole name, drawn (elided) when zoomed out and not only replaced by a bar.
    void setFullTitle(QString t) { m_fullTitle = std::move(t); }
    [[nodiscard]] QString fullTitle() const { return m_fullTitle.isEmpty() ? m_title : m_fullTitle; }
    [[nodiscard]] QRectF box() const { return m_box; } ///< in item coordinates, centred on (0,0)

    /// The findings badge in the top right corner: the number of error and warning findings about the
    /// node, red when any is an error, amber otherwise; none when both are 0.
    void setBadge(int errors, int warnings, const QString& toolTip);
    [[nodiscard]] int badgeErrors() const { return m_errors; }
    [[nodiscard]] int badgeWarnings() const { return m_warnings; }
    /// A halo in @p colour: the node is one of the selected finding's objects.
    void setHighlight(const QColor& colour);
    [[nodiscard]] bool isHighlighted() const { return m_highlight.isValid(); }

private:
    void paintBody(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget, qreal lod);

    std::size_t m_node;
    Role m_role;
    QString m_title;
    QString m_fullTitle;
    QString m_subtitle;
    QRectF m_box;
    qreal m_titleWidth = 0; ///< at the normal title size
    int m_errors = 0;
    int m_warnings = 0;
    QColor m_highlight;
};

/// A collapsed group (pod, rail group, switch set) as one box: its name and its counts.
class GroupItem : public QGraphicsItem {
public:
    GroupItem(std::size_t groupIndex, std::size_t key, Role role, QString title, QString subtitle, QSizeF size);
    enum { Type = GroupItemType };
    [[nodiscard]] int type() const override { return Type; }
    [[nodiscard]] QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    [[nodiscard]] std::size_t groupIndex() const { return m_group; }
    [[nodiscard]] std::size_t key() const { return m_key; } ///< LayoutGroup::key()
    [[nodiscard]] QString title() const { return m_title; }
    [[nodiscard]] QString subtitle() const { return m_subtitle; }
    /// Drawn instead of the title when zoomed out (the count of a switch set); empty: the title.
    void setShortTitle(QString t) { m_short = std::move(t); }

private:
    std::size_t m_group;
    std::size_t m_key;
    Role m_role;
    QString m_title;
    QString m_subtitle;
    QString m_short;
    QRectF m_box;
};

/// Summary of a leaf's hosts in a large fabric ("16 hosts").
class HostGroupItem : public QGraphicsItem {
public:
    HostGroupItem(std::size_t leafIndex, int hosts, QSizeF size);
    enum { Type = HostGroupItemType };
    [[nodiscard]] int type() const override { return Type; }
    [[nodiscard]] QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    [[nodiscard]] std::size_t leafIndex() const { return m_leaf; }
    [[nodiscard]] int hosts() const { return m_hosts; }

private:
    std::size_t m_leaf;
    int m_hosts;
    QRectF m_box;
};

/// One link, as a line or an orthogonal path (host links run down the leaf's bus).
class LinkItem : public QGraphicsItem {
public:
    LinkItem(std::size_t linkIndex, QPainterPath path, QColor colour, qreal width);
    enum { Type = LinkItemType };
    [[nodiscard]] int type() const override { return Type; }
    [[nodiscard]] QRectF boundingRect() const override;
    [[nodiscard]] QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    [[nodiscard]] std::size_t linkIndex() const { return m_link; }
    void setColour(QColor c);
    [[nodiscard]] QColor colour() const { return m_colour; }
    /// When set, a LinkBundleItem draws this link while zoomed out (the item only when selected).
    void setBundled(bool b) { m_bundled = b; }
    /// Parallel links drawn as this one item: @p n > 1 draws the count at the middle of the path.
    void setCount(int n);
    [[nodiscard]] int count() const { return m_count; }
    /// A halo in @p colour: the link is at one of the selected finding's ports.
    void setHighlight(const QColor& colour);
    [[nodiscard]] bool isHighlighted() const { return m_highlight.isValid(); }
    /// An overlay under the line (a deadlock cycle through the link); invalid: none.
    void setOverlay(const QColor& colour);
    [[nodiscard]] QColor overlay() const { return m_overlay; }
    /// Drawn as failed (the failure scenario of the selected deadlock cycle takes it down): dashed in
    /// Appearance::failedLinkColour(), with a cross at its middle.
    void setFailed(bool failed);
    [[nodiscard]] bool isFailed() const { return m_failed; }

private:
    /// Half the size of the failed link's cross, in scene units.
    static constexpr qreal kFailedCross = 7;
    void paintFailed(QPainter* painter, qreal lod) const;
    std::size_t m_link;
    QColor m_overlay;
    QColor m_highlight;
    QPainterPath m_path;
    QPainterPath m_shape;
    QColor m_colour;
    qreal m_width;
    QRectF m_bounds;
    bool m_bundled = false;
    bool m_failed = false;
    int m_count = 1;
};

/// Many links of one colour drawn at once as a density image (large fabrics). Not selectable.
/// With @p onlyZoomedOut it draws only below 100 % zoom, where the LinkItems leave it to it.
class LinkBundleItem : public QGraphicsItem {
public:
    LinkBundleItem(QVector<QLineF> lines, QColor colour, bool onlyZoomedOut);
    enum { Type = LinkBundleItemType };
    [[nodiscard]] int type() const override { return Type; }
    [[nodiscard]] QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    [[nodiscard]] qsizetype lineCount() const { return m_lines.size(); }

private:
    QVector<QLineF> m_lines;
    QColor m_colour;
    QRectF m_bounds;
    bool m_onlyZoomedOut;
    QImage m_cache;
    QTransform m_cacheTransform;
    QRect m_cacheRect;
};

class FabricScene : public QGraphicsScene {
    Q_OBJECT
public:
    /// Above this many nodes, hosts are summarised per leaf.
    static constexpr std::size_t kSummaryThreshold = layout::kSummaryThreshold;
    /// Above this many switch links (in summary), links are drawn as bundles.
    static constexpr std::size_t kBundleThreshold = 20000;
    /// Above this many links, zoomed-out views draw them as bundles (LinkItems stay for selection).
    static constexpr std::size_t kZoomedOutBundleThreshold = 1000;

    explicit FabricScene(QObject* parent = nullptr);
    ~FabricScene() override;

    /// Rebuilds the diagram. The fabric must outlive the scene's use of it (shared). With
    /// @p keepState (an edit that added or removed objects) the expanded and collapsed groups stay as
    /// the user left them; without (a new fabric) everything returns to the defaults.
    void setFabric(std::shared_ptr<const Fabric> fabric, bool keepState = false);
    /// A value edit (FabricChange Values / Bindings / Policies): @p fabric has the same nodes and links.
    /// Updates only the items of the edited nodes, ports and links in place (subtitle, tooltip, link
    /// colour); a node's role moves it to another tier, so that lays out again (groups kept).
    /// Returns whether it laid out again.
    bool updateValues(std::shared_ptr<const Fabric> fabric, const std::vector<ObjectRef>& objects, const std::string& field);
    void setLinkColouring(LinkColouring c);
    /// After a palette change (theme.h): the background and every item again in the new colours.
    void refreshColours();
    [[nodiscard]] LinkColouring linkColouring() const { return m_colouring; }

    [[nodiscard]] bool isSummarised() const { return m_summarised; }
    [[nodiscard]] int nodeItemCount() const { return static_cast<int>(m_nodeItems.size()) - m_missingNodeItems; }
    [[nodiscard]] int linkItemCount() const { return m_linkItemCount; }
    [[nodiscard]] NodeItem* nodeItem(std::size_t nodeIndex) const;
    [[nodiscard]] LinkItem* linkItem(std::size_t linkIndex) const;
    /// Groups of the current layout (collapsed or not), and the collapsed ones drawn as GroupItems.
    [[nodiscard]] const std::vector<LayoutGroup>& groups() const { return m_groups; }
    [[nodiscard]] int collapsedGroupCount() const;
    [[nodiscard]] GroupItem* groupItem(std::size_t groupIndex) const;
    /// The group (index into groups()) that fabric node @p nodeIndex belongs to, or layout::kNone.
    [[nodiscard]] std::size_t groupOfNode(std::size_t nodeIndex) const;
    /// Expands a collapsed group or collapses an expanded one (by LayoutGroup::key()) and lays out
    /// again; the toggles are kept until the next setFabric(). Double-click does this.
    void toggleGroup(std::size_t key);
    /// The rectangle the view should show to see the whole fabric (the tier labels are not in it: the
    /// view keeps a column free for them, see tierBands()).
    [[nodiscard]] QRectF diagramRect() const { return m_diagramRect; }
    /// A tier's band: its label ("Spines (2)"; pods and rail groups add lines) and its extent in scene
    /// y. The scene draws the bands across the whole width shown (drawBackground); the view draws the
    /// labels in a column it keeps free at its left edge, the same size on screen at any zoom, so that
    /// they never run under the boxes (fabricview.h).
    struct TierBand {
        QString label;
        qreal top = 0;
        qreal bottom = 0;
    };
    [[nodiscard]] const std::vector<TierBand>& tierBands() const { return m_bands; }

    /// Shows a selection (the document's) without announcing it: the selection signals are for the user's clicks.
    void selectNode(std::size_t nodeIndex);
    void selectLink(std::size_t linkIndex);
    void clearSelectionQuietly();

    /// Findings badges per node index (see NodeItem::setBadge); kept until the next setFabric().
    void setBadges(const std::vector<std::tuple<int, int, QString>>& badges);
    /// Highlights the nodes and links (a finding's objects) in @p colour, removing the previous
    /// highlight; empty lists clear it.
    void setHighlight(const std::vector<std::size_t>& nodes, const std::vector<std::size_t>& links, const QColor& colour);
    [[nodiscard]] const std::vector<std::size_t>& highlightedNodes() const { return m_hlNodes; }
    [[nodiscard]] const std::vector<std::size_t>& highlightedLinks() const { return m_hlLinks; }
    /// The bounding rectangle of the highlighted items (empty when none).
    [[nodiscard]] QRectF highlightRect() const;

    /// Deadlock cycles over the diagram: each cycle as the indices (into Fabric::links) of the links
    /// its hops cross (planner/routing/deadlock.h CycleHop::link, resolved by the caller through FabricIndex).
    /// Their links are drawn with a wide band in the cycle colour (over the medium colour, under a
    /// finding's highlight); collapsed groups holding any of them are expanded so that the links are
    /// drawn. Kept across re-layouts (colouring, expand/collapse); cleared by setFabric() or by an
    /// empty list.
    void setCycleOverlay(std::vector<std::vector<std::size_t>> cycles);
    [[nodiscard]] const std::vector<std::vector<std::size_t>>& cycleOverlay() const { return m_cycles; }
    /// The colour of the cycle overlay (Appearance::cycleColour()).
    static QColor cycleColour();
    /// The links (indices into Fabric::links) a failure scenario takes down, drawn as failed (dashed,
    /// crossed) while the cycle found under that scenario is shown; collapsed groups holding them are
    /// expanded. Kept across re-layouts; cleared by setFabric() or an empty list.
    void setFailedLinks(std::vector<std::size_t> links);
    [[nodiscard]] const std::vector<std::size_t>& failedLinks() const { return m_failedLinks; }
    /// A band per link (index into Fabric::links; invalid colour: none) under the cycle overlay: the
    /// overlay toolbar's headroom and PFC views (overlays.h). Kept across re-layouts; cleared by
    /// setFabric() or an empty vector.
    void setLinkOverlay(std::vector<QColor> perLink);
    [[nodiscard]] const std::vector<QColor>& linkOverlay() const { return m_linkOverlay; }
    /// Shows or hides the findings badges (the badges themselves are kept).
    void setBadgesVisible(bool visible);
    [[nodiscard]] bool badgesVisible() const { return m_badgesVisible; }

signals:
    void nodeSelected(std::size_t nodeIndex);
    void linkSelected(std::size_t linkIndex);
    void selectionCleared();
    /// The deadlock overlay changed: whether cycles and failed links are drawn (the legend's keys).
    void overlaysChanged(bool cycles, bool failedLinks);

protected:
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) override;
    void drawBackground(QPainter* painter, const QRectF& rect) override;

private:
    /// Lays the fabric out (fabriclayout.h), then makes the items from the layout.
    void rebuild();
    void createNodeItems(const Fabric& f, const FabricLayout& layout, const QFontMetricsF& titleFm, const QFontMetricsF& hostFm, const QFontMetricsF& subFm);
    void createLinkItems(const Fabric& f, const FabricLayout& layout);
    void addTierBands(const FabricLayout& layout);
    void onSelectionChanged();
    [[nodiscard]] QColor linkColour(const Link& l) const;
    [[nodiscard]] QString nodeToolTip(std::size_t node) const;
    [[nodiscard]] QString linkToolTip(const Link& l) const;
    /// After a value edit: the node's item (subtitle, tooltip) from the fabric; none when not drawn.
    void updateNodeItem(std::size_t node);
    /// False when the link's colour changed inside a bundle image (a re-layout draws it).
    bool updateLinkItem(std::size_t link, const std::string& field);

    std::shared_ptr<const Fabric> m_fabric;
    LinkColouring m_colouring = LinkColouring::Medium;
    bool m_summarised = false;
    std::vector<NodeItem*> m_nodeItems; ///< by node index; nullptr when not drawn
    std::vector<LinkItem*> m_linkItems; ///< by link index; nullptr when not drawn (or bundled)
    std::vector<LinkBundleItem*> m_bundles;
    std::vector<std::tuple<int, int, QString>> m_badges; ///< by node index
    std::vector<std::size_t> m_hlNodes;
    std::vector<std::size_t> m_hlLinks;
    QColor m_hlColour;
    int m_missingNodeItems = 0;
    int m_linkItemCount = 0;
    QRectF m_diagramRect;
    std::vector<TierBand> m_bands;
    std::vector<std::size_t> m_toggled; ///< LayoutOptions::toggled
    std::vector<std::vector<std::size_t>> m_cycles; ///< setCycleOverlay
    std::vector<std::size_t> m_failedLinks; ///< setFailedLinks
    /// Expands the collapsed groups holding any of @p links (so that they are drawn); true if any was.
    bool expandGroupsOf(const std::vector<std::size_t>& links);
    std::vector<QColor> m_linkOverlay; ///< setLinkOverlay
    bool m_badgesVisible = true;
    void applyCycleOverlay();
    std::vector<LayoutGroup> m_groups;
    std::vector<std::size_t> m_groupOf; ///< per fabric node
    std::vector<GroupItem*> m_groupItems; ///< per group; nullptr when expanded
};

} // namespace lfp::gui
