// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/canvas/fabriclayout.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <numeric>
#include <string>
#include <string_view>
#include <unordered_map>

namespace lfp::gui {

using namespace layout;

int FabricLayout::tierOf(Role r)
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

LayoutRect FabricLayout::box(const Fabric& f, std::size_t i) const
{
    const int t = tierOf(f.nodes[i].role);
    const double w = tierWidth[static_cast<std::size_t>(t)];
    const double h = t == 3 ? kHostH : kSwitchH;
    return { pos[i].x - w / 2, pos[i].y - h / 2, w, h };
}

namespace {

    /// Link ends as node indices.
    void resolveEnds(const Fabric& f, FabricLayout& L)
    {
        std::unordered_map<std::string_view, std::size_t> byName;
        byName.reserve(f.nodes.size());
        for (std::size_t i = 0; i < f.nodes.size(); ++i)
            byName.emplace(f.nodes[i].name, i);
        auto at = [&](const std::string& name) {
            auto it = byName.find(name);
            return it == byName.end() ? kNone : it->second;
        };
        L.ends.assign(f.links.size(), { kNone, kNone });
        for (std::size_t i = 0; i < f.links.size(); ++i)
            L.ends[i] = { at(f.links[i].a.node), at(f.links[i].b.node) };
    }

    /// Each host's home leaf: of the leaves it links to, the one with the fewest hosts so far (a
    /// single-homed host hangs under its leaf; the servers of a rail-optimised group, which link to
    /// every rail leaf, spread evenly under the group's leaves instead of piling up under the first).
    /// Then the tiers, each leaf's hosts and the orphans.
    void assignTiersAndHomes(const Fabric& f, FabricLayout& L)
    {
        const std::size_t n = f.nodes.size();
        std::vector<std::size_t> home(n, kNone);
        L.homeLink.assign(n, kNone);
        std::vector<std::vector<std::pair<std::size_t, std::size_t>>> leavesOf(n); // host → (leaf, link)
        for (std::size_t i = 0; i < f.links.size(); ++i) {
            const auto [a, b] = L.ends[i];
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
                    L.homeLink[h] = link;
                }
            if (home[h] != kNone)
                ++load[home[h]];
        }
        L.hostsOf.assign(n, {});
        for (std::size_t i = 0; i < n; ++i) {
            const Node& node = f.nodes[i];
            L.tiers[static_cast<std::size_t>(FabricLayout::tierOf(node.role))].push_back(i);
            if (node.role == Role::Host) {
                if (home[i] != kNone)
                    L.hostsOf[home[i]].push_back(i);
                else
                    L.orphans.push_back(i);
            }
        }
        for (std::size_t t = 0; t < 4; ++t)
            L.present[t] = !L.tiers[t].empty();
    }

    /// Box widths per tier: fit the longest name (within limits).
    void sizeBoxes(const Fabric& f, const TextWidth& textWidth, FabricLayout& L)
    {
        for (int t = 0; t < 3; ++t) {
            double w = kSwitchMinW;
            for (std::size_t i : L.tiers[static_cast<std::size_t>(t)]) {
                w = std::max(w, textWidth(f.nodes[i].name, LayoutText::SwitchTitle) + 2 * kTextPad);
                w = std::max(w, textWidth(f.nodes[i].model, LayoutText::Subtitle) + 2 * kTextPad);
                if (w >= kSwitchMaxW)
                    break;
            }
            L.tierWidth[static_cast<std::size_t>(t)] = std::min(w, kSwitchMaxW);
        }
        double w = kHostMinW;
        if (!L.summarised)
            for (std::size_t i : L.tiers[3]) {
                w = std::max(w, textWidth(f.nodes[i].name, LayoutText::HostTitle) + kTextPad);
                if (w >= kHostMaxW)
                    break;
            }
        L.tierWidth[3] = std::min(w, kHostMaxW);
        L.groupBoxWidth = std::max(L.tierWidth[2], kHostMinW + 30);
    }

    /// The fit of the diagram for a number of host columns: its width, the host area's height, the
    /// tier gap and the zoom at which it fits the nominal view.
    struct Fit {
        const FabricLayout& L;
        std::size_t maxHosts = 0;
        int switchTiers = 0;

        double hostW() const { return L.tierWidth[3]; }
        double leafW() const { return L.tierWidth[2]; }
        double busInset() const { return std::min(hostW() / 2, leafW() / 2 - 10); }
        double slotWidth(std::size_t hosts, int columns) const
        {
            if (hosts == 0)
                return leafW();
            if (L.summarised)
                return std::max(leafW(), L.groupBoxWidth);
            if (hosts == 1)
                return std::max(leafW(), hostW());
            if (columns == 2)
                return std::max(leafW(), 2 * hostW() + kBusGap);
            // One column: the bus at leaf centre − busInset, the hosts 12 to its right.
            return std::max(leafW(), 2 * (-busInset() + 12 + hostW()));
        }
        double hostRows(int columns) const
        {
            if (L.summarised)
                return maxHosts ? 1 : 0;
            double rows = 0;
            for (std::size_t leaf : L.tiers[2]) {
                const std::size_t h = L.hostsOf[leaf].size();
                rows = std::max(rows, static_cast<double>(h <= 1 ? h : (columns == 2 ? (h + 1) / 2 : h)));
            }
            return std::max(rows, L.orphans.empty() ? 0.0 : 1.0);
        }
        double diagramWidth(int columns) const
        {
            double w = 0;
            if (L.gridColumns)
                w = static_cast<double>(L.gridColumns) * (leafW() + kSlotGap);
            else
                for (std::size_t leaf : L.tiers[2])
                    w += slotWidth(L.hostsOf[leaf].size(), columns) + kSlotGap;
            if (!L.summarised)
                w += static_cast<double>(L.orphans.size()) * (hostW() + kSwitchGap);
            for (std::size_t t = 0; t < 2; ++t)
                w = std::max(w, static_cast<double>(L.tiers[t].size()) * (L.tierWidth[t] + kSwitchGap));
            return std::max(w, 1.0);
        }
        double hostAreaHeight(int columns) const
        {
            const double rows = hostRows(columns);
            const double grid = static_cast<double>(L.gridRows - 1) * L.gridPitch;
            if (rows == 0)
                return grid;
            return grid + kHostTop + (L.summarised ? kGroupH : rows * kHostRowPitch);
        }
        /// Very wide fabrics get taller tier gaps, so that the fit shows the wiring between tiers
        /// rather than a thin strip.
        double tierGapFor(double width, double hostArea) const
        {
            if (switchTiers < 2)
                return kTierGap;
            const double fixed = switchTiers * kSwitchH + hostArea;
            const double gap = std::max(kTierGap, (width / 2.0 - fixed) / (switchTiers - 1));
            return L.gridColumns ? std::min(gap, 2.5 * kTierGap) : gap; // a grid of groups: few links
        }
        double zoom(int columns) const
        {
            const double w = diagramWidth(columns) + kTierLabelW;
            const double ha = hostAreaHeight(columns);
            const double h = switchTiers * kSwitchH + std::max(0, switchTiers - 1) * tierGapFor(w, ha) + ha + 40;
            return std::min({ kNominalViewW / w, kNominalViewH / h, 1.0 });
        }
    };

    /// Leaves in slots wide enough for their hosts; the hosts under their leaf in one or two columns
    /// along the leaf's bus; orphans in a row after the last slot. Returns the x after the last slot.
    double placeLeavesAndHosts(const Fit& fit, FabricLayout& L)
    {
        const int columns = L.hostColumns;
        const double hostW = fit.hostW();
        double cursor = 0;
        if (L.gridColumns) {
            // Collapsed groups only: a grid, row by row.
            const double slot = fit.leafW() + kSlotGap;
            for (std::size_t k = 0; k < L.tiers[2].size(); ++k) {
                const std::size_t leaf = L.tiers[2][k];
                const double col = static_cast<double>(k % L.gridColumns), row = static_cast<double>(k / L.gridColumns);
                L.pos[leaf] = { col * slot + fit.leafW() / 2, L.tierY[2] + row * L.gridPitch };
                L.busX[leaf] = L.pos[leaf].x;
            }
            cursor = static_cast<double>(L.gridColumns) * slot;
        } else
        for (std::size_t leaf : L.tiers[2]) {
            const double slot = fit.slotWidth(L.hostsOf[leaf].size(), columns);
            L.pos[leaf] = { cursor + slot / 2, L.tierY[2] };
            L.busX[leaf] = L.pos[leaf].x;
            cursor += slot + kSlotGap;
        }
        L.hostBottom = L.hostTopY;
        if (L.summarised) {
            for (std::size_t leaf : L.tiers[2])
                if (!L.hostsOf[leaf].empty())
                    L.hostBottom = std::max(L.hostBottom, L.hostTopY + kGroupH);
            if (!L.orphans.empty()) {
                L.orphanGroup = { cursor + L.groupBoxWidth / 2, L.hostTopY + kGroupH / 2 };
                L.hostBottom = std::max(L.hostBottom, L.hostTopY + kGroupH);
            }
            return cursor;
        }
        for (std::size_t leaf : L.tiers[2]) {
            const auto& hs = L.hostsOf[leaf];
            if (hs.size() > 1 && columns == 1)
                L.busX[leaf] = L.pos[leaf].x - fit.busInset();
            for (std::size_t k = 0; k < hs.size(); ++k) {
                double row = 0;
                double cx = L.pos[leaf].x;
                if (hs.size() > 1 && columns == 2) {
                    row = static_cast<double>(k / 2);
                    cx += (k % 2 == 0 ? -1 : 1) * (kBusGap / 2 + hostW / 2);
                } else if (hs.size() > 1) {
                    row = static_cast<double>(k);
                    cx = L.busX[leaf] + 12 + hostW / 2;
                }
                const double cy = L.hostTopY + kHostH / 2 + row * kHostRowPitch;
                L.pos[hs[k]] = { cx, cy };
                L.hostBottom = std::max(L.hostBottom, cy + kHostH / 2);
            }
        }
        for (std::size_t h : L.orphans) {
            L.pos[h] = { cursor + hostW / 2, L.hostTopY + kHostH / 2 };
            cursor += hostW + kSwitchGap;
            L.hostBottom = std::max(L.hostBottom, L.hostTopY + kHostH);
        }
        return cursor;
    }

    /// Spines, then super-spines: over the switches they link to.
    void placeUpperTiers(const Fabric& f, FabricLayout& L)
    {
        const std::size_t n = f.nodes.size();
        const double leafW = L.tierWidth[2];
        std::vector<std::vector<std::size_t>> peers(n);
        for (const auto& [a, b] : L.ends)
            if (a != kNone && b != kNone && a != b) {
                peers[a].push_back(b);
                peers[b].push_back(a);
            }
        for (int t = 1; t >= 0; --t) {
            const auto& tier = L.tiers[static_cast<std::size_t>(t)];
            if (tier.empty())
                continue;
            const double w = L.tierWidth[static_cast<std::size_t>(t)];
            // Extent of what lies below (placed nodes of lower tiers).
            double lo = std::numeric_limits<double>::max(), hi = std::numeric_limits<double>::lowest();
            for (std::size_t i = 0; i < n; ++i)
                if (FabricLayout::tierOf(f.nodes[i].role) > t && L.pos[i].placed()) {
                    lo = std::min(lo, L.pos[i].x);
                    hi = std::max(hi, L.pos[i].x);
                }
            if (lo > hi) {
                lo = 0;
                hi = 0;
            }
            std::vector<double> bary(tier.size(), std::nan(""));
            double bmin = std::numeric_limits<double>::max(), bmax = std::numeric_limits<double>::lowest();
            for (std::size_t k = 0; k < tier.size(); ++k) {
                double sum = 0;
                int cnt = 0;
                for (std::size_t p : peers[tier[k]])
                    if (FabricLayout::tierOf(f.nodes[p].role) > t && L.pos[p].placed()) {
                        sum += L.pos[p].x;
                        ++cnt;
                    }
                if (cnt) {
                    bary[k] = sum / cnt;
                    bmin = std::min(bmin, bary[k]);
                    bmax = std::max(bmax, bary[k]);
                }
            }
            const double extent = hi - lo;
            const double natural = static_cast<double>(tier.size()) * (w + kSwitchGap) - kSwitchGap;
            std::vector<double> xs(tier.size());
            const bool mesh = bmin > bmax || (bmax - bmin) <= 0.2 * extent;
            if (mesh) {
                // Linked to (nearly) everything below: spread evenly over the width below.
                const double left = lo - (leafW / 2), right = hi + (leafW / 2);
                const double span = right - left;
                if (natural <= span) {
                    for (std::size_t k = 0; k < tier.size(); ++k)
                        xs[k] = left + (static_cast<double>(k) + 0.5) * span / static_cast<double>(tier.size());
                } else {
                    const double start = (lo + hi) / 2 - natural / 2 + w / 2;
                    for (std::size_t k = 0; k < tier.size(); ++k)
                        xs[k] = start + static_cast<double>(k) * (w + kSwitchGap);
                }
            } else {
                // Barycentres, then pushed apart; unplaced ones follow their predecessor.
                double last = (lo + hi) / 2;
                for (double& b : bary) {
                    if (std::isnan(b))
                        b = last;
                    last = b;
                }
                std::vector<std::size_t> order(tier.size());
                std::iota(order.begin(), order.end(), 0);
                std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t z) { return bary[x] < bary[z]; });
                double prev = std::numeric_limits<double>::lowest();
                double shift = 0;
                for (std::size_t k : order) {
                    xs[k] = std::max(bary[k], prev + w + kSwitchGap);
                    prev = xs[k];
                    shift += xs[k] - bary[k];
                }
                shift /= static_cast<double>(tier.size());
                for (double& x : xs)
                    x -= shift;
            }
            for (std::size_t k = 0; k < tier.size(); ++k)
                L.pos[tier[k]] = { xs[k], L.tierY[static_cast<std::size_t>(t)] };
        }
    }

    /// Link geometry: host links down their leaf's bus; links between tiers from anchors spread
    /// along the bottom (down-links) and top (up-links) edges, ordered by the peer's x; links within a
    /// tier as arcs.
    void routeLinks(const Fabric& f, FabricLayout& L)
    {
        struct Anchor {
            std::vector<std::pair<double, std::size_t>> down, up; // (peer x, link)
        };
        std::map<std::size_t, Anchor> anchors;
        std::vector<char> busLink(f.links.size(), 0);
        std::vector<std::size_t> drawable;
        drawable.reserve(f.links.size());
        const auto& pos = L.pos;
        for (std::size_t i = 0; i < f.links.size(); ++i) {
            const auto [a, b] = L.ends[i];
            if (a == kNone || b == kNone || !L.drawn(a) || !L.drawn(b))
                continue;
            drawable.push_back(i);
            if ((f.nodes[a].role == Role::Host && L.homeLink[a] == i) || (f.nodes[b].role == Role::Host && L.homeLink[b] == i)) {
                busLink[i] = 1;
                continue;
            }
            const std::size_t upper = pos[a].y <= pos[b].y ? a : b;
            const std::size_t lower = upper == a ? b : a;
            if (pos[upper].y == pos[lower].y)
                continue; // same tier: drawn as an arc
            anchors[upper].down.emplace_back(pos[lower].x, i);
            anchors[lower].up.emplace_back(pos[upper].x, i);
        }
        L.drawableLinks = drawable.size();
        std::map<std::pair<std::size_t, std::size_t>, LayoutPoint> anchorAt; // (node, link) → point
        const bool spread = drawable.size() <= kSpreadThreshold;
        if (spread)
            for (auto& [node, an] : anchors) {
                const LayoutRect r = L.box(f, node);
                auto place = [&](std::vector<std::pair<double, std::size_t>>& list, double yEdge) {
                    std::stable_sort(list.begin(), list.end(), [](const auto& x, const auto& z) { return x.first < z.first; });
                    const double inset = std::min(r.width * 0.18, 24.0);
                    const double usable = r.width - 2 * inset;
                    for (std::size_t k = 0; k < list.size(); ++k) {
                        const double x = list.size() == 1 ? r.centreX() : r.left + inset + usable * (static_cast<double>(k) + 0.5) / static_cast<double>(list.size());
                        anchorAt[{ node, list[k].second }] = { x, yEdge };
                    }
                };
                place(an.down, r.bottom());
                place(an.up, r.top);
            }
        L.links.assign(f.links.size(), {});
        for (std::size_t i : drawable) {
            const auto [a, b] = L.ends[i];
            LinkGeometry& g = L.links[i];
            if (busLink[i]) {
                const std::size_t host = f.nodes[a].role == Role::Host && L.homeLink[a] == i ? a : b;
                const std::size_t leaf = host == a ? b : a;
                const LayoutRect hr = L.box(f, host);
                const LayoutPoint top { L.busX[leaf], L.box(f, leaf).bottom() };
                g.shape = LinkGeometry::Shape::Bus;
                g.points.push_back(top);
                if (std::abs(hr.centreX() - top.x) < 1) {
                    g.points.push_back({ hr.centreX(), hr.top });
                } else {
                    g.points.push_back({ top.x, hr.centreY() });
                    g.points.push_back({ hr.centreX() < top.x ? hr.right() : hr.left, hr.centreY() });
                }
                continue;
            }
            const std::size_t upper = pos[a].y <= pos[b].y ? a : b;
            const std::size_t lower = upper == a ? b : a;
            const LayoutRect ur = L.box(f, upper), lr = L.box(f, lower);
            if (pos[upper].y == pos[lower].y) {
                // Same tier (peer link, MLAG): an arc over the tier.
                const bool urLeft = ur.centreX() <= lr.centreX();
                const LayoutRect& left = urLeft ? ur : lr;
                const LayoutRect& right = urLeft ? lr : ur;
                const LayoutPoint p0 { left.centreX() + left.width * 0.25, left.top };
                const LayoutPoint p1 { right.centreX() - right.width * 0.25, right.top };
                g.shape = LinkGeometry::Shape::Arc;
                g.points = { p0, p1 };
                g.lift = std::min(60.0, 18 + std::abs(p1.x - p0.x) * 0.15);
                continue;
            }
            g.shape = LinkGeometry::Shape::Straight;
            g.points = { spread ? anchorAt[{ upper, i }] : LayoutPoint { ur.centreX(), ur.bottom() },
                spread ? anchorAt[{ lower, i }] : LayoutPoint { lr.centreX(), lr.top } };
        }
    }

    std::string countText(std::size_t n, const char* one, const char* many)
    {
        return std::to_string(n) + " " + (n == 1 ? one : many);
    }

    /// Finds the groups (pods, rail groups, switch sets) and builds the drawn fabric: collapsed groups
    /// as one node each, parallel links as one link (see fabriclayout.h).
    void reduce(const Fabric& f, const LayoutOptions& opt, FabricLayout& L)
    {
        const std::size_t n = f.nodes.size();
        std::unordered_map<std::string_view, std::size_t> byName;
        byName.reserve(n);
        for (std::size_t i = 0; i < n; ++i)
            byName.emplace(f.nodes[i].name, i);
        auto at = [&](const std::string& name) {
            auto it = byName.find(name);
            return it == byName.end() ? kNone : it->second;
        };
        std::vector<std::pair<std::size_t, std::size_t>> ends(f.links.size());
        for (std::size_t i = 0; i < f.links.size(); ++i)
            ends[i] = { at(f.links[i].a.node), at(f.links[i].b.node) };
        std::vector<int> tier(n);
        std::array<bool, 4> present {};
        for (std::size_t i = 0; i < n; ++i) {
            tier[i] = FabricLayout::tierOf(f.nodes[i].role);
            present[static_cast<std::size_t>(tier[i])] = true;
        }
        const int switchTiers = int(present[0]) + int(present[1]) + int(present[2]);
        const int top = present[0] ? 0 : present[1] ? 1 : -1;
        auto isToggled = [&](std::size_t key) { return std::find(opt.toggled.begin(), opt.toggled.end(), key) != opt.toggled.end(); };
        L.groupOf.assign(n, kNone);

        // Pods and rail groups: the connected parts below the top switch tier with two or more switches.
        if (switchTiers >= 2 && top >= 0) {
            std::vector<std::size_t> parent(n);
            std::iota(parent.begin(), parent.end(), 0);
            auto find = [&](std::size_t x) {
                while (parent[x] != x)
                    x = parent[x] = parent[parent[x]];
                return x;
            };
            for (const auto& [a, b] : ends)
                if (a != kNone && b != kNone && tier[a] != top && tier[b] != top)
                    parent[find(a)] = find(b);
            std::unordered_map<std::size_t, std::size_t> compOfRoot;
            std::vector<LayoutGroup> comps;
            for (std::size_t i = 0; i < n; ++i) {
                if (tier[i] == top)
                    continue;
                auto [it, fresh] = compOfRoot.emplace(find(i), comps.size());
                if (fresh)
                    comps.emplace_back();
                LayoutGroup& g = comps[it->second];
                g.members.push_back(i);
                ++g.perTier[static_cast<std::size_t>(tier[i])];
            }
            std::vector<LayoutGroup*> candidates;
            for (LayoutGroup& g : comps)
                if (g.perTier[0] + g.perTier[1] + g.perTier[2] >= 2)
                    candidates.push_back(&g);
            if (candidates.size() >= 2) {
                const bool byDefault = opt.autoCollapse && n > kGroupThreshold;
                int pods = 0, railGroups = 0;
                for (LayoutGroup* g : candidates) {
                    g->kind = g->perTier[1] > 0 ? LayoutGroup::Kind::Pod : LayoutGroup::Kind::RailGroup;
                    g->number = g->kind == LayoutGroup::Kind::Pod ? ++pods : ++railGroups;
                    g->collapsed = byDefault != isToggled(g->key());
                    for (std::size_t m : g->members)
                        L.groupOf[m] = L.groups.size();
                    L.groups.push_back(std::move(*g));
                }
            }
        }
        // What a node is drawn as, before the switch sets: itself, or its collapsed group (n + group).
        auto drawnAs = [&](std::size_t i) {
            const std::size_t g = L.groupOf[i];
            return g != kNone && L.groups[g].collapsed ? n + g : i;
        };
        // Switch sets: top-tier switches with the same drawn neighbours, more of them than neighbours.
        if (top >= 0 && switchTiers >= 2) {
            std::vector<std::vector<std::size_t>> sig(n);
            for (const auto& [a, b] : ends) {
                if (a == kNone || b == kNone || a == b)
                    continue;
                if (tier[a] == top && tier[b] != top)
                    sig[a].push_back(drawnAs(b));
                else if (tier[b] == top && tier[a] != top)
                    sig[b].push_back(drawnAs(a));
            }
            std::map<std::vector<std::size_t>, std::vector<std::size_t>> sets;
            std::vector<const std::vector<std::size_t>*> order;
            for (std::size_t i = 0; i < n; ++i) {
                if (tier[i] != top)
                    continue;
                auto& v = sig[i];
                std::sort(v.begin(), v.end());
                v.erase(std::unique(v.begin(), v.end()), v.end());
                if (v.empty())
                    continue;
                auto [it, fresh] = sets.try_emplace(v);
                if (fresh)
                    order.push_back(&it->first);
                it->second.push_back(i);
            }
            int number = 0;
            for (const auto* key : order) {
                const auto& members = sets[*key];
                // Linked only to collapsed groups, or more of them than boxes they link to.
                const bool toGroupsOnly = std::all_of(key->begin(), key->end(), [&](std::size_t d) { return d >= n; });
                if (members.size() < kMergeMin || (members.size() <= key->size() && !toGroupsOnly))
                    continue;
                LayoutGroup g;
                g.kind = LayoutGroup::Kind::SwitchSet;
                g.number = ++number;
                g.members = members;
                g.perTier[static_cast<std::size_t>(top)] = members.size();
                g.collapsed = opt.autoCollapse != isToggled(g.key());
                for (std::size_t m : members)
                    L.groupOf[m] = L.groups.size();
                L.groups.push_back(std::move(g));
            }
        }

        // The drawn fabric.
        Fabric& s = L.shown;
        s.nodes.reserve(n);
        L.shownIndex.assign(n, kNone);
        std::vector<std::size_t> groupShown(L.groups.size(), kNone);
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t g = L.groupOf[i];
            if (g != kNone && L.groups[g].collapsed) {
                if (groupShown[g] != kNone)
                    continue;
                const LayoutGroup& G = L.groups[g];
                Node box;
                box.name = "\x1f" + std::to_string(g);
                box.role = G.kind == LayoutGroup::Kind::SwitchSet ? f.nodes[i].role : Role::Leaf;
                // Only measured (the scene draws its own, translated text of the same shape).
                switch (G.kind) {
                case LayoutGroup::Kind::Pod:
                    box.model = countText(G.perTier[1], "spine", "spines") + " · " + countText(G.perTier[2], "leaf", "leaves") + " · " + countText(G.perTier[3], "host", "hosts");
                    break;
                case LayoutGroup::Kind::RailGroup:
                    box.model = countText(G.perTier[2], "rail", "rails") + " · " + countText(G.perTier[3], "server", "servers");
                    break;
                case LayoutGroup::Kind::SwitchSet:
                    // The title ("256 × Super-spine", bold) is the widest text of the box.
                    box.model = std::to_string(G.members.size()) + " × Super-spine     ";
                    break;
                }
                groupShown[g] = s.nodes.size();
                L.shownNodes.push_back(kNone);
                L.shownGroup.push_back(g);
                s.nodes.push_back(std::move(box));
                continue;
            }
            Node copy;
            copy.name = f.nodes[i].name;
            copy.role = f.nodes[i].role;
            copy.model = f.nodes[i].model;
            L.shownIndex[i] = s.nodes.size();
            L.shownNodes.push_back(i);
            L.shownGroup.push_back(kNone);
            s.nodes.push_back(std::move(copy));
        }
        auto shownOf = [&](std::size_t i) {
            const std::size_t g = L.groupOf[i];
            return g != kNone && L.groups[g].collapsed ? groupShown[g] : L.shownIndex[i];
        };
        L.shownLinkOf.assign(f.links.size(), kNone);
        std::unordered_map<std::uint64_t, std::size_t> pairLink;
        s.links.reserve(f.links.size());
        for (std::size_t i = 0; i < f.links.size(); ++i) {
            const auto [a, b] = ends[i];
            const Link& l = f.links[i];
            Link drawn;
            drawn.a.port = l.a.port;
            drawn.b.port = l.b.port;
            if (a == kNone || b == kNone || a == b) {
                // Not bundled: an end naming no node (not drawn), or a loop.
                drawn.a.node = a == kNone ? l.a.node : s.nodes[shownOf(a)].name;
                drawn.b.node = b == kNone ? l.b.node : s.nodes[shownOf(b)].name;
                L.shownLinkOf[i] = s.links.size();
                L.shownLinks.push_back({ i });
                s.links.push_back(std::move(drawn));
                continue;
            }
            const std::size_t sa = shownOf(a), sb = shownOf(b);
            if (sa == sb)
                continue; // inside a collapsed group
            const std::uint64_t key = (static_cast<std::uint64_t>(std::min(sa, sb)) << 32) | std::max(sa, sb);
            auto [it, fresh] = pairLink.emplace(key, s.links.size());
            if (!fresh) {
                L.shownLinks[it->second].push_back(i);
                L.shownLinkOf[i] = it->second;
                continue;
            }
            drawn.a.node = s.nodes[sa].name;
            drawn.b.node = s.nodes[sb].name;
            L.shownLinkOf[i] = s.links.size();
            L.shownLinks.push_back({ i });
            s.links.push_back(std::move(drawn));
        }
    }

} // namespace

FabricLayout layoutFabric(const Fabric& fabric, const TextWidth& textWidth, const LayoutOptions& options)
{
    FabricLayout L;
    reduce(fabric, options, L);
    const Fabric& f = L.shown;
    const std::size_t n = f.nodes.size();
    L.summarised = n > kSummaryThreshold;
    resolveEnds(f, L);
    assignTiersAndHomes(f, L);
    sizeBoxes(f, textWidth, L);

    // Host columns and tier spacing, chosen for a legible fit in a typical view: two columns are more
    // compact vertically, one column narrower; take whichever lets the whole fabric be drawn larger.
    // A grid for many collapsed groups (nothing else in the leaf tier): about twice as wide as tall.
    {
        const auto& leaves = L.tiers[2];
        const bool onlyGroups = leaves.size() >= kGridMinGroups
            && std::all_of(leaves.begin(), leaves.end(), [&](std::size_t i) { return L.shownGroup[i] != kNone && L.hostsOf[i].empty(); });
        if (onlyGroups) {
            L.gridColumns = std::max<std::size_t>(8, static_cast<std::size_t>(std::ceil(std::sqrt(2.0 * static_cast<double>(leaves.size())))));
            L.gridColumns = std::min(L.gridColumns, leaves.size());
            L.gridRows = (leaves.size() + L.gridColumns - 1) / L.gridColumns;
            L.gridPitch = kSwitchH + kGridRowGap;
        }
    }
    Fit fit { L };
    fit.switchTiers = int(L.present[0]) + int(L.present[1]) + int(L.present[2]);
    for (std::size_t leaf : L.tiers[2])
        fit.maxHosts = std::max(fit.maxHosts, L.hostsOf[leaf].size());
    L.hostColumns = (fit.maxHosts > 2 && !L.summarised && fit.zoom(1) > fit.zoom(2) + 1e-9) ? 1 : 2;
    L.tierGap = fit.tierGapFor(fit.diagramWidth(L.hostColumns) + kTierLabelW, fit.hostAreaHeight(L.hostColumns));
    L.nominalZoom = std::max(fit.zoom(L.hostColumns), 1e-4);

    // Vertical positions (centres) of the tiers present.
    double y = 0;
    for (std::size_t t = 0; t < 3; ++t)
        if (L.present[t]) {
            L.tierY[t] = y;
            y += kSwitchH + L.tierGap;
        }
    const double lowestSwitchY = (fit.switchTiers > 0 ? y - kSwitchH - L.tierGap : -kSwitchH) + static_cast<double>(L.gridRows - 1) * L.gridPitch;
    L.hostTopY = lowestSwitchY + kSwitchH / 2 + kHostTop;

    L.pos.assign(n, LayoutPoint {});
    L.busX.assign(n, 0);
    placeLeavesAndHosts(fit, L);
    placeUpperTiers(f, L);
    routeLinks(f, L);
    return L;
}

} // namespace lfp::gui
