// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file fabriclayout.h
/// Where the fabric diagram puts things: a pure function from a fabric (and a way to measure text) to
/// positions, box sizes and link geometry, with no Qt and no scene items. FabricScene turns a layout
/// into items; tests check the layout without a display (tests/gui/tst_fabriclayout), and an edit that
/// changes no position (a cable length, a speed) can update items without laying out again.
///
/// The diagram: super-spines on top, then spines, leaves, and each leaf's hosts below it (one or two
/// columns along a cable "bus"). Switches are placed above the switches they link to (barycentre), or
/// spread evenly when they link to (nearly) all of them (a full mesh). Fabrics above
/// kSummaryThreshold nodes are summarised: one "N hosts" box per leaf instead of each host.
///
/// Level of detail (groups and bundles): before the placement, the fabric is reduced to what is drawn.
/// The pods of a fat-tree and the scalable units ("groups") of a rail-optimised cluster — the
/// connected parts that remain when the top switch tier is taken away, each with two or more switches —
/// become one box each when collapsed (by default when the fabric has more than kGroupThreshold
/// nodes); a set of kMergeMin or more top-tier switches that link to the same drawn boxes (more of
/// them than boxes they link to, or only collapsed groups) becomes one box; and the links between the same two drawn boxes are
/// one drawn link (a bundle, with the count). LayoutOptions::toggled flips a group's default state
/// (double-click in the diagram). All per-node and per-link vectors of a FabricLayout are indexed over
/// the drawn ("shown") fabric: shownNodes()/shownLinks() map them back to the fabric's own indices
/// (the identity when nothing is grouped or bundled).
/// Coordinates are scene units (one unit is one pixel at 100 % zoom), y grows downwards, positions are
/// box centres.

#include "model/fabric.h"

#include <array>
#include <cstddef>
#include <functional>
#include <limits>
#include <string_view>
#include <vector>

namespace lfp::gui {

namespace layout {
    // Geometry of the diagram, in scene units.
    inline constexpr double kSwitchMinW = 116;
    inline constexpr double kSwitchMaxW = 220;
    inline constexpr double kSwitchH = 48;
    inline constexpr double kHostMinW = 76;
    inline constexpr double kHostMaxW = 180;
    inline constexpr double kHostH = 30;
    inline constexpr double kBusGap = 34; ///< between the two host columns under a leaf
    inline constexpr double kSlotGap = 34; ///< between neighbouring leaf slots
    inline constexpr double kSwitchGap = 26; ///< minimum gap between switches of a tier
    inline constexpr double kTierGap = 130; ///< vertical gap between switch tiers
    inline constexpr double kHostTop = 34; ///< from a leaf's bottom to its first host row
    inline constexpr double kHostRowPitch = kHostH + 12;
    inline constexpr double kGroupH = 34; ///< "N hosts" summary box
    inline constexpr double kTextPad = 18;
    inline constexpr double kGridRowGap = 40; ///< between rows of collapsed groups
    inline constexpr std::size_t kGridMinGroups = 9; ///< this many collapsed groups or more: a grid
    /// The nominal view the fit is chosen for (the diagram should be legible in it).
    inline constexpr double kNominalViewW = 980;
    inline constexpr double kNominalViewH = 700;
    inline constexpr double kTierLabelW = 160; ///< room for the tier labels in the fit
    /// Above this many nodes, hosts are summarised per leaf.
    inline constexpr std::size_t kSummaryThreshold = 2000;
    /// Above this many nodes, pods and rail groups are collapsed by default.
    inline constexpr std::size_t kGroupThreshold = 600;
    /// The fewest top-tier switches with the same neighbours that are drawn as one box.
    inline constexpr std::size_t kMergeMin = 8;
    /// Above this many drawable links, link ends are not spread along the box edges.
    inline constexpr std::size_t kSpreadThreshold = 20000;
    inline constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
} // namespace layout

/// The text a layout measures: a switch title (bold), a host title, a switch subtitle (the model).
enum class LayoutText { SwitchTitle, HostTitle, Subtitle };
/// Width of @p text in scene units at the diagram's font for @p kind.
using TextWidth = std::function<double(std::string_view text, LayoutText kind)>;

struct LayoutPoint {
    double x = std::numeric_limits<double>::quiet_NaN();
    double y = std::numeric_limits<double>::quiet_NaN();
    [[nodiscard]] bool placed() const { return x == x; }
    bool operator==(const LayoutPoint&) const = default;
};

struct LayoutRect {
    double left = 0, top = 0, width = 0, height = 0;
    [[nodiscard]] double right() const { return left + width; }
    [[nodiscard]] double bottom() const { return top + height; }
    [[nodiscard]] double centreX() const { return left + width / 2; }
    [[nodiscard]] double centreY() const { return top + height / 2; }
};

/// How one link is drawn.
struct LinkGeometry {
    enum class Shape {
        None, ///< not drawn (an end is missing, or a host of a summarised fabric)
        Bus, ///< host to its home leaf: down the leaf's bus, then across (points: 2 or 3)
        Straight, ///< between tiers: one segment (points: 2)
        Arc, ///< within a tier (MLAG peer link): a cubic from points[0] to points[1], lifted by `lift`
    };
    Shape shape = Shape::None;
    std::vector<LayoutPoint> points;
    double lift = 0;
};

/// A group of the fabric's nodes that can be drawn as one box.
struct LayoutGroup {
    enum class Kind {
        Pod, ///< a fat-tree pod: spines (aggregation) and leaves (edge) with their hosts
        RailGroup, ///< a scalable unit of a rail cluster: its rail leaves and their multi-rail servers
        SwitchSet, ///< top-tier switches that all link to the same drawn boxes
    };
    Kind kind = Kind::Pod;
    int number = 0; ///< 1-based, per kind, in fabric order
    std::vector<std::size_t> members; ///< node indices of the fabric, in fabric order
    std::array<std::size_t, 4> perTier {}; ///< members per tier (super-spines, spines, leaves, hosts)
    bool collapsed = false;
    /// What LayoutOptions::toggled names to flip this group: its first member's node index.
    [[nodiscard]] std::size_t key() const { return members.front(); }
};

/// What the caller chooses about the level of detail.
struct LayoutOptions {
    /// Groups (by LayoutGroup::key) whose default collapsed state is flipped.
    std::vector<std::size_t> toggled;
    /// False: no group is collapsed by default (only toggled ones are).
    bool autoCollapse = true;
};

struct FabricLayout {
    /// Pods, rail groups and switch sets found (collapsed or not). Groups of kind SwitchSet are only
    /// found among the top tier as drawn after the pods are collapsed.
    std::vector<LayoutGroup> groups;
    /// Per fabric node: the group it belongs to (index into groups), or layout::kNone.
    std::vector<std::size_t> groupOf;
    /// Per fabric node: its index in the drawn fabric, or layout::kNone when inside a collapsed group.
    std::vector<std::size_t> shownIndex;
    /// Per drawn node: the fabric node it is, or layout::kNone for a collapsed group's box.
    std::vector<std::size_t> shownNodes;
    /// Per drawn node that is a collapsed group's box: the group's index (else layout::kNone).
    std::vector<std::size_t> shownGroup;
    /// Per drawn link: the fabric links it stands for (more than one: a bundle of parallel links).
    std::vector<std::vector<std::size_t>> shownLinks;
    /// Per fabric link: the drawn link that draws it (layout::kNone: inside a collapsed group).
    std::vector<std::size_t> shownLinkOf;
    /// The drawn fabric's nodes and links (names, roles and models only; no ports). A group's box is a
    /// node named "\x1f" + its index, with the group's first member's tier as role.
    Fabric shown;

    bool summarised = false;
    int hostColumns = 2; ///< 1 or 2 host columns under each leaf
    /// Per link, the node indices of its ends (layout::kNone for an end naming no node).
    std::vector<std::pair<std::size_t, std::size_t>> ends;
    /// Per node: for a host, the link to its home leaf (layout::kNone when it has none).
    std::vector<std::size_t> homeLink;
    /// Node indices per tier: super-spines, spines, leaves, hosts.
    std::array<std::vector<std::size_t>, 4> tiers;
    std::array<bool, 4> present {};
    /// Per leaf, its hosts (in fabric order); hosts without a leaf are orphans.
    std::vector<std::vector<std::size_t>> hostsOf;
    std::vector<std::size_t> orphans;
    std::array<double, 4> tierWidth {}; ///< box width per tier
    std::array<double, 4> tierY {}; ///< centre y of each switch tier present
    double tierGap = layout::kTierGap;
    /// When the leaf tier is only collapsed groups (pods, rail groups), they are drawn in a grid of
    /// gridColumns columns and gridRows rows, gridPitch apart vertically (0 columns: one row).
    std::size_t gridColumns = 0;
    std::size_t gridRows = 1;
    double gridPitch = 0;
    double hostTopY = 0; ///< top edge of the first host row (or of the summary boxes)
    double hostBottom = 0; ///< lowest host (or summary box) edge
    double groupBoxWidth = 0; ///< "N hosts" box width (summarised)
    /// Summarised: the centre of the orphans' "N hosts" box (when there are orphans).
    LayoutPoint orphanGroup;
    /// The zoom at which the whole diagram fits the nominal view (tier labels are sized for it).
    double nominalZoom = 1;
    std::vector<LayoutPoint> pos; ///< per node: box centre; not placed for hosts of a summarised fabric
    std::vector<double> busX; ///< per leaf: x of its host bus
    std::vector<LinkGeometry> links; ///< per link
    std::size_t drawableLinks = 0; ///< links whose shape is not None

    /// Whether node @p i has a box of its own (hosts of a summarised fabric do not).
    [[nodiscard]] bool drawn(std::size_t i) const { return pos[i].placed(); }
    /// Tier 0..3 of a role.
    static int tierOf(Role r);
    /// The box of drawn node @p i (centred on its position).
    [[nodiscard]] LayoutRect box(const Fabric& f, std::size_t i) const;
};

/// Lays out @p fabric. Pure: the same fabric, text widths and options give the same layout.
FabricLayout layoutFabric(const Fabric& fabric, const TextWidth& textWidth, const LayoutOptions& options = {});

} // namespace lfp::gui
