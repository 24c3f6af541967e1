// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file appearance.h
/// How the GUI names and colours model things: translated role and medium names, role colours,
/// link colours by medium or by speed. One place, so the diagram, the legend, the tree and the
/// property panel agree.

#include "model/fabric.h"
#include "planner/findings/findings.h"

#include <QColor>
#include <QCoreApplication>
#include <QIcon>
#include <QString>

#include <string>

namespace lfp::gui {

/// How links are coloured in the diagram.
enum class LinkColouring { Medium, Speed };

class Appearance {
    Q_DECLARE_TR_FUNCTIONS(lfp::gui::Appearance)
public:
    static QString roleName(Role r); ///< "Spine"
    static QString rolePlural(Role r); ///< "Spines"
    static QString mediumName(Medium m); ///< "DAC (copper)"
    static QString originName(LinkOrigin o);
    static QString fecName(Fec f);
    static QString severityName(Severity s); ///< "Error"
    /// Red for errors, amber for warnings, blue for notes: the findings table, the diagram's badges
    /// and the status bar use the same colours.
    static QColor severityColour(Severity s);
    /// A disc (errors, notes) or triangle (warnings) in the severity colour with a glyph. Not cached:
    /// callers that paint often keep their own copy.
    static QIcon severityIcon(Severity s);

    static QColor roleFill(Role r);
    static QColor roleBorder(Role r);
    static QColor roleText(Role r);
    static QColor mediumColour(Medium m);
    /// A colour per speed class: ≤25G, 50G, 100G, 200G, 400G, ≥800G.
    static QColor speedColour(BitsPerSecond s);
    /// The speed classes of speedColour(), for the legend: (label, colour).
    static QList<QPair<QString, QColor>> speedClasses();
    /// The deadlock overlay: a band under the links of a cycle in a hue no link colouring, role or
    /// severity uses (amber; the media are copper, teal and magenta, the speeds grey to red), the
    /// selected cycle's line in a dark amber over it, and a link that the failure scenario takes down
    /// (dashed, with a cross at its middle).
    static QColor cycleColour();
    static QColor cycleHighlightColour();
    static QColor failedLinkColour();

    /// The diagram's background, the alternating tier bands (@p n: band number), the tier labels and
    /// the fill of count pills — light or dark after Theme::isDark() (theme.h).
    static QColor sceneBackground();
    static QColor tierBand(int n);
    static QColor tierLabel();
    static QColor pillFill();

    /// Roles in tier order, top to bottom.
    static constexpr Role kTierOrder[] = { Role::SuperSpine, Role::Spine, Role::Leaf, Role::Host };
};

inline QString qs(const std::string& s) { return QString::fromStdString(s); }

} // namespace lfp::gui
