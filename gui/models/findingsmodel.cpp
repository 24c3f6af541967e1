// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/models/findingsmodel.h"

#include "model/objectref.h"
#include "planner/findings/findingregistry.h"

#include "gui/appearance.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_map>

namespace lfp::gui {

namespace {
    int sevIndex(Severity s) { return std::clamp(static_cast<int>(s), 0, 2); }

    /// Registry texts through the installed translators (context "Finding", gui/findingtexts.cpp).
    std::string translateFindingText(const char* source) { return QCoreApplication::translate("Finding", source).toStdString(); }

    /// The translated rendering of a templated text, when the finding's parameters reproduce its English text.
    QString translatedOr(const Finding& f, const std::string& english,
        std::optional<std::string> (*render)(std::string_view, const FindingParams&, const TemplateTranslator&))
    {
        if (render(f.code, f.params, {}) != english)
            return QString::fromStdString(english); // no templates, or text not from these parameters (e.g. read from JSON)
        if (auto t = render(f.code, f.params, translateFindingText))
            return QString::fromStdString(*t);
        return QString::fromStdString(english);
    }
}

QString FindingsModel::messageText(const Finding& f) { return translatedOr(f, f.message, &renderFindingMessage); }

QString FindingsModel::fixText(const Finding& f)
{
    if (f.fix.empty())
        return {};
    return translatedOr(f, f.fix, &renderFindingFix);
}

QString FindingsModel::titleText(const std::string& code)
{
    const FindingType* t = findingType(code);
    return t ? QCoreApplication::translate("Finding", t->title) : QString();
}

// ---------------------------------------------------------------------------------------------
// FindingsModel

FindingsModel::FindingsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
    for (const Severity s : { Severity::Info, Severity::Warning, Severity::Error })
        m_icons[static_cast<std::size_t>(sevIndex(s))] = Appearance::severityIcon(s);
}

namespace {
    /// A finding's identity for the incremental update (issue 30): its code and its objects. Repeats of
    /// one identity pair up in order.
    std::string identity(const Finding& f)
    {
        std::string k = f.code;
        for (const auto& o : f.objects) {
            k += '\x1f';
            k += o.toString();
        }
        return k;
    }

    /// Which entries of @p target (-1 = none) form a longest strictly increasing run: the kept rows
    /// that stay in place (patience sorting, O(n log n)).
    std::vector<bool> increasingRun(const std::vector<int>& target)
    {
        std::vector<int> tails; // index into target of the smallest tail of a run of each length
        std::vector<int> prev(target.size(), -1);
        for (int i = 0; i < static_cast<int>(target.size()); ++i) {
            if (target[static_cast<std::size_t>(i)] < 0)
                continue;
            auto it = std::lower_bound(tails.begin(), tails.end(), target[static_cast<std::size_t>(i)],
                [&](int t, int v) { return target[static_cast<std::size_t>(t)] < v; });
            if (it != tails.begin())
                prev[static_cast<std::size_t>(i)] = *(it - 1);
            if (it == tails.end())
                tails.push_back(i);
            else
                *it = i;
        }
        std::vector<bool> keep(target.size(), false);
        for (int i = tails.empty() ? -1 : tails.back(); i >= 0; i = prev[static_cast<std::size_t>(i)])
            keep[static_cast<std::size_t>(i)] = true;
        return keep;
    }

    bool sameContent(const Finding& a, const Finding& b)
    {
        if (a.severity != b.severity || a.message != b.message || a.fix != b.fix || a.evidence.size() != b.evidence.size())
            return false;
        for (std::size_t i = 0; i < a.evidence.size(); ++i)
            if (a.evidence[i].name != b.evidence[i].name || a.evidence[i].value != b.evidence[i].value || a.evidence[i].unit != b.evidence[i].unit
                || a.evidence[i].note != b.evidence[i].note)
                return false;
        return true;
    }
} // namespace

void FindingsModel::setFindings(std::vector<Finding> findings)
{
    if (m_findings.empty() || findings.empty()) {
        beginResetModel();
        m_findings = std::move(findings);
        m_messages.clear();
        m_messages.reserve(m_findings.size());
        for (const auto& f : m_findings)
            m_messages.push_back(messageText(f));
        m_summary = summarize(m_findings);
        endResetModel();
        return;
    }
    // Rows whose finding is still there stay (selection, scroll and sort follow); the others go, the
    // new ones are inserted where they belong: views keep their place across a new check result.
    std::vector<int> target = newRowsOfOldRows(findings);
    removeRowsNotKept(target);
    mergeNewRows(std::move(findings), target);
    m_summary = summarize(m_findings);
}

std::vector<int> FindingsModel::newRowsOfOldRows(const std::vector<Finding>& findings) const
{
    std::unordered_map<std::string, std::vector<int>> rowsOf;
    for (std::size_t j = 0; j < findings.size(); ++j)
        rowsOf[identity(findings[j])].push_back(static_cast<int>(j));
    std::unordered_map<std::string, std::size_t> used;
    std::vector<int> target(m_findings.size(), -1);
    for (std::size_t i = 0; i < m_findings.size(); ++i) {
        const std::string id = identity(m_findings[i]);
        auto it = rowsOf.find(id);
        if (it != rowsOf.end() && used[id] < it->second.size())
            target[i] = it->second[used[id]++];
    }
    return target;
}

void FindingsModel::removeRowsNotKept(std::vector<int>& target)
{
    const std::vector<bool> keep = increasingRun(target);
    for (int i = static_cast<int>(target.size()) - 1; i >= 0;) {
        if (keep[static_cast<std::size_t>(i)]) {
            --i;
            continue;
        }
        const int last = i;
        while (i >= 0 && !keep[static_cast<std::size_t>(i)])
            --i;
        beginRemoveRows({}, i + 1, last);
        m_findings.erase(m_findings.begin() + i + 1, m_findings.begin() + last + 1);
        m_messages.erase(m_messages.begin() + i + 1, m_messages.begin() + last + 1);
        target.erase(target.begin() + i + 1, target.begin() + last + 1);
        endRemoveRows();
    }
}

void FindingsModel::mergeNewRows(std::vector<Finding> findings, std::vector<int> target)
{
    // target is increasing now: row r of the model is new row target[r].
    std::size_t row = 0;
    const int n = static_cast<int>(findings.size());
    for (int j = 0; j < n;) {
        if (row < target.size() && target[row] == j) {
            Finding& f = findings[static_cast<std::size_t>(j)];
            if (!sameContent(m_findings[row], f)) {
                m_findings[row] = std::move(f);
                m_messages[row] = messageText(m_findings[row]);
                emit dataChanged(index(static_cast<int>(row), 0), index(static_cast<int>(row), ColumnCount - 1));
            } else {
                m_findings[row].params = std::move(f.params);
            }
            ++row;
            ++j;
            continue;
        }
        const int first = j;
        while (j < n && !(row < target.size() && target[row] == j))
            ++j;
        const auto count = static_cast<std::size_t>(j - first);
        beginInsertRows({}, static_cast<int>(row), static_cast<int>(row + count) - 1);
        std::vector<QString> messages;
        for (int k = first; k < j; ++k)
            messages.push_back(messageText(findings[static_cast<std::size_t>(k)]));
        m_findings.insert(m_findings.begin() + static_cast<std::ptrdiff_t>(row), std::make_move_iterator(findings.begin() + first),
            std::make_move_iterator(findings.begin() + j));
        m_messages.insert(m_messages.begin() + static_cast<std::ptrdiff_t>(row), messages.begin(), messages.end());
        target.insert(target.begin() + static_cast<std::ptrdiff_t>(row), count, -1);
        row += count;
        endInsertRows();
    }
}

void FindingsModel::clear() { setFindings({}); }

const Finding* FindingsModel::findingAt(int row) const
{
    if (row < 0 || static_cast<std::size_t>(row) >= m_findings.size())
        return nullptr;
    return &m_findings[static_cast<std::size_t>(row)];
}

QList<int> FindingsModel::rowsWithCode(const QString& code) const
{
    QList<int> rows;
    const std::string c = code.toStdString();
    for (std::size_t i = 0; i < m_findings.size(); ++i)
        if (m_findings[i].code == c)
            rows << static_cast<int>(i);
    return rows;
}

int FindingsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_findings.size());
}

int FindingsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString FindingsModel::numberText(double v)
{
    if (!std::isfinite(v))
        return QStringLiteral("n/a");
    if (std::abs(v) < 1e15 && v == std::floor(v))
        return QString::number(static_cast<qlonglong>(v));
    return QString::number(v, 'g', 6);
}

QString FindingsModel::objectsText(const Finding& f, std::size_t shown)
{
    QStringList parts;
    const std::size_t n = std::min(shown, f.objects.size());
    for (std::size_t i = 0; i < n; ++i)
        parts << qs(f.objects[i].toString());
    QString text = parts.join(QStringLiteral(", "));
    if (f.objects.size() > n)
        text = tr("%1 and %n more", nullptr, static_cast<int>(f.objects.size() - n)).arg(text);
    return text;
}

QString FindingsModel::toHtml(const Finding& f)
{
    const QString colour = Appearance::severityColour(f.severity).name();
    QString html = QStringLiteral("<p style='margin:0'><b style='color:%1'>%2</b> &nbsp;<b>%3</b></p>")
                       .arg(colour, Appearance::severityName(f.severity).toHtmlEscaped(), qs(f.code).toHtmlEscaped());
    if (const QString title = titleText(f.code); !title.isEmpty())
        html += QStringLiteral("<p style='margin:0;color:#5a6270'>%1</p>").arg(title.toHtmlEscaped());
    html += QStringLiteral("<p style='margin-top:4px'>%1</p>").arg(messageText(f).toHtmlEscaped());
    if (!f.objects.empty()) {
        QStringList objs;
        for (const auto& o : f.objects)
            objs << qs(o.toString()).toHtmlEscaped();
        html += QStringLiteral("<p><b>%1</b> %2</p>").arg(tr("Objects:"), objs.join(QStringLiteral(", ")));
    }
    if (!f.evidence.empty()) {
        html += QStringLiteral("<p style='margin-bottom:2px'><b>%1</b></p>").arg(tr("Evidence:"));
        html += QStringLiteral("<table cellspacing='0' cellpadding='2' style='margin-left:6px'>");
        for (const auto& e : f.evidence) {
            html += QStringLiteral("<tr><td><code>%1</code></td><td align='right'>&nbsp;%2</td><td>&nbsp;%3</td><td style='color:#5a6270'>&nbsp;%4</td></tr>")
                        .arg(qs(e.name).toHtmlEscaped(), !std::isfinite(e.value) && e.unit.empty() && !e.note.empty() ? QString() : numberText(e.value), qs(e.unit).toHtmlEscaped(), qs(e.note).toHtmlEscaped());
        }
        html += QStringLiteral("</table>");
    }
    if (!f.fix.empty())
        html += QStringLiteral("<p><b>%1</b> %2</p>").arg(tr("Fix:"), fixText(f).toHtmlEscaped());
    return html;
}

QVariant FindingsModel::data(const QModelIndex& index, int role) const
{
    const Finding* f = index.isValid() ? findingAt(index.row()) : nullptr;
    if (!f || index.column() < 0 || index.column() >= ColumnCount)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn:
            return Appearance::severityName(f->severity);
        case CodeColumn:
            return qs(f->code);
        case ObjectsColumn:
            return objectsText(*f);
        case MessageColumn:
            return m_messages[static_cast<std::size_t>(index.row())];
        default:
            return {};
        }
    case Qt::DecorationRole:
        if (index.column() == SeverityColumn)
            return m_icons[static_cast<std::size_t>(sevIndex(f->severity))];
        return {};
    case Qt::ToolTipRole:
        return toHtml(*f);
    case Qt::ForegroundRole:
        if (index.column() == SeverityColumn)
            return Appearance::severityColour(f->severity);
        return {};
    case SeverityRole:
        return static_cast<int>(f->severity);
    case SortKeyRole:
        if (index.column() == SeverityColumn)
            return 2 - sevIndex(f->severity); // errors first in ascending order
        return data(index, Qt::DisplayRole);
    case SearchTextRole: {
        QString s = qs(f->code) + QLatin1Char('\n') + m_messages[static_cast<std::size_t>(index.row())];
        if (m_messages[static_cast<std::size_t>(index.row())] != qs(f->message))
            s += QLatin1Char('\n') + qs(f->message); // the English text stays searchable
        for (const auto& o : f->objects)
            s += QLatin1Char('\n') + qs(o.toString());
        return s;
    }
    case CodeRole:
        return qs(f->code);
    default:
        return {};
    }
}

QVariant FindingsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SeverityColumn:
        return tr("Severity");
    case CodeColumn:
        return tr("Code");
    case ObjectsColumn:
        return tr("Objects");
    case MessageColumn:
        return tr("Message");
    default:
        return {};
    }
}

// ---------------------------------------------------------------------------------------------
// FindingsFilterModel

FindingsFilterModel::FindingsFilterModel(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(FindingsModel::SortKeyRole);
}

void FindingsFilterModel::setSeverityShown(int severity, bool shown)
{
    if (severity < 0 || severity > 2 || m_shown[static_cast<std::size_t>(severity)] == shown)
        return;
    m_shown[static_cast<std::size_t>(severity)] = shown;
    invalidateFilter();
}

bool FindingsFilterModel::isSeverityShown(int severity) const
{
    return severity >= 0 && severity <= 2 && m_shown[static_cast<std::size_t>(severity)];
}

void FindingsFilterModel::setText(const QString& text)
{
    if (text == m_text)
        return;
    m_text = text;
    m_words = text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
    invalidateFilter();
}

bool FindingsFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QModelIndex idx = sourceModel()->index(sourceRow, 0, sourceParent);
    const int sev = idx.data(FindingsModel::SeverityRole).toInt();
    if (!isSeverityShown(sev))
        return false;
    if (m_words.isEmpty())
        return true;
    const QString hay = idx.data(FindingsModel::SearchTextRole).toString();
    return std::all_of(m_words.cbegin(), m_words.cend(), [&](const QString& w) { return hay.contains(w, Qt::CaseInsensitive); });
}

bool FindingsFilterModel::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    const QVariant l = left.data(FindingsModel::SortKeyRole);
    const QVariant r = right.data(FindingsModel::SortKeyRole);
    if (l.typeId() == QMetaType::Int && r.typeId() == QMetaType::Int)
        return l.toInt() < r.toInt();
    return QString::localeAwareCompare(l.toString(), r.toString()) < 0;
}

// ---------------------------------------------------------------------------------------------
// Objects

FindingTargets resolveFindingObjects(const FabricIndex& index, const std::vector<ObjectRef>& objects)
{
    std::set<std::size_t> nodes;
    std::set<std::pair<std::size_t, std::size_t>> ports;
    std::set<std::size_t> links;
    auto addNode = [&](const std::string& name) {
        if (const auto ni = index.node(name))
            nodes.insert(*ni);
    };
    auto addPort = [&](const Endpoint& e) {
        const auto pid = index.port(e);
        if (!pid)
            return; // a name the fabric no longer has
        const NodeId ni = index.nodeOf(*pid);
        nodes.insert(ni);
        ports.insert({ ni, index.portIndexInNode(*pid) });
        if (const auto l = index.linkAt(*pid))
            links.insert(*l);
    };
    for (const ObjectRef& object : objects) {
        std::optional<ObjectRef> ref = object;
        if (object.kind == ObjectRef::Kind::Text) { // text from elsewhere: its form, else as a user would type it
            ref = ObjectRef::fromText(object.name);
            if (ref->kind == ObjectRef::Kind::Text || !resolves(*ref, index))
                ref = resolveObjectText(object.name, index);
        }
        if (!ref)
            continue;
        switch (ref->kind) {
        case ObjectRef::Kind::Node:
            addNode(ref->node);
            break;
        case ObjectRef::Kind::Port:
        case ObjectRef::Kind::Link:
            addPort(ref->endpoint());
            if (!ref->peerNode.empty())
                addPort({ ref->peerNode, ref->peerPort });
            break;
        case ObjectRef::Kind::HostPair:
            addNode(ref->node);
            addNode(ref->peerNode);
            break;
        default:
            break; // policies, roles, contract sets and the fabric have no item in the diagram
        }
    }
    return { { nodes.begin(), nodes.end() }, { ports.begin(), ports.end() }, { links.begin(), links.end() } };
}

std::vector<NodeBadge> nodeBadges(const FabricIndex& index, const std::vector<Finding>& findings)
{
    std::vector<NodeBadge> badges(index.nodeCount());
    for (const Finding& f : findings) {
        if (f.severity == Severity::Info)
            continue;
        const FindingTargets t = resolveFindingObjects(index, f.objects);
        for (const std::size_t n : t.nodes) {
            NodeBadge& b = badges[n];
            (f.severity == Severity::Error ? b.errors : b.warnings) += 1;
            const QString code = qs(f.code);
            if (!b.codes.contains(code))
                b.codes << code;
        }
    }
    return badges;
}

} // namespace lfp::gui
