// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file findingsmodel.h
/// The findings of runAllChecks() (planner/checks/checks.h) as a table: the same std::vector<lfp::Finding>
/// that `lfp check` prints, one row each (severity with an icon, code, objects, message), with the
/// evidence and the fix in the tooltip. FindingsFilterModel filters it by severity and by text.
/// resolveFindingObjects() maps a finding's typed objects (model/objectref.h: nodes, ports, links by one or
/// both ends, host pairs) to the fabric's nodes, ports and links, for highlighting them in the diagram and
/// the tree; no text is parsed, so any name the readers accept is reached.

#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers these pull in
#include "model/fabric.h"
#include "model/fabricindex.h"
#include "planner/findings/findings.h"
#endif

#include <QAbstractTableModel>
#include <QIcon>
#include <QSortFilterProxyModel>

#include <array>
#include <utility>
#include <vector>

namespace lfp::gui {

class FindingsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { SeverityColumn, CodeColumn, ObjectsColumn, MessageColumn, ColumnCount };
    enum Roles {
        SeverityRole = Qt::UserRole + 1, ///< int(lfp::Severity)
        SortKeyRole, ///< errors first for the severity column; the display text otherwise
        SearchTextRole, ///< code, every object and the message: what the text filter matches
        CodeRole, ///< the code, whatever the column
    };
    /// Objects shown in the table per finding (the tooltip and the detail pane list them all).
    static constexpr std::size_t kObjectsShown = 4;

    explicit FindingsModel(QObject* parent = nullptr);

    /// Shows @p findings. A finding that was shown before (same code and objects) keeps its row, so
    /// the views' selection and scroll position stay; rows come and go only for findings that did
    /// (a reset only from or to an empty list).
    void setFindings(std::vector<Finding> findings);
    void clear();
    [[nodiscard]] const std::vector<Finding>& findings() const { return m_findings; }
    [[nodiscard]] const Finding* findingAt(int row) const;
    [[nodiscard]] FindingSummary summary() const { return m_summary; }
    /// The rows whose code is @p code, in order.
    [[nodiscard]] QList<int> rowsWithCode(const QString& code) const;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// The finding's text in the application's language: a code with registry templates whose
    /// parameters reproduce the English message is rendered from the templates translated in context
    /// "Finding" (QCoreApplication::translate; the strings are in gui/findingtexts.cpp); any other
    /// finding shows the text it carries.
    static QString messageText(const Finding& f);
    static QString fixText(const Finding& f);
    /// The registry title of @p code, translated ("" for an unregistered code).
    static QString titleText(const std::string& code);

    /// "a, b, c and 4 more".
    static QString objectsText(const Finding& f, std::size_t shown = kObjectsShown);
    /// The finding as HTML: heading, message, objects, evidence table, fix (tooltip and detail pane).
    static QString toHtml(const Finding& f);
    /// A number as `lfp check` prints it: integers without decimals, else 6 significant digits.
    static QString numberText(double v);

private:
    /// For each shown finding, its row in @p findings (-1 when it is gone).
    [[nodiscard]] std::vector<int> newRowsOfOldRows(const std::vector<Finding>& findings) const;
    /// Removes the rows that do not keep their place (gone, or out of order), @p target with them.
    void removeRowsNotKept(std::vector<int>& target);
    /// Updates the kept rows and inserts the new ones between them.
    void mergeNewRows(std::vector<Finding> findings, std::vector<int> target);

    std::vector<Finding> m_findings;
    std::vector<QString> m_messages; ///< messageText() of each finding, rendered once per setFindings / language
    FindingSummary m_summary;
    std::array<QIcon, 3> m_icons;
};

/// Shows the findings of the checked severities whose code, objects or message contain the text.
class FindingsFilterModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit FindingsFilterModel(QObject* parent = nullptr);

    /// Shows or hides one severity (all are shown at first).
    void setSeverityShown(int severity, bool shown);
    [[nodiscard]] bool isSeverityShown(int severity) const;
    /// Case-insensitive substring; every space-separated word must match.
    void setText(const QString& text);
    [[nodiscard]] QString text() const { return m_text; }

protected:
    [[nodiscard]] bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    [[nodiscard]] bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    std::array<bool, 3> m_shown { true, true, true };
    QString m_text;
    QStringList m_words;
};

/// The fabric objects a finding names.
struct FindingTargets {
    std::vector<std::size_t> nodes; ///< every node named, directly or through one of its ports
    std::vector<std::pair<std::size_t, std::size_t>> ports; ///< (node, port index)
    std::vector<std::size_t> links; ///< the links at the ports named
    [[nodiscard]] bool empty() const { return nodes.empty() && ports.empty() && links.empty(); }
};
/// Resolves node, port, link and host-pair objects (policies, roles, sets and the fabric have no item;
/// a Text object, from a report's JSON, is resolved as text). Sorted, unique.
FindingTargets resolveFindingObjects(const FabricIndex& index, const std::vector<ObjectRef>& objects);

/// Per node, the worst severity of the error and warning findings about it (through the node or one of
/// its ports) and how many there are: what the diagram's badges show.
struct NodeBadge {
    int errors = 0;
    int warnings = 0;
    QStringList codes; ///< distinct codes, in finding order
};
std::vector<NodeBadge> nodeBadges(const FabricIndex& index, const std::vector<Finding>& findings);

} // namespace lfp::gui
