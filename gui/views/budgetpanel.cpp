// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/views/budgetpanel.h"
#include "gui/plaintext.h"

#include "gui/appearance.h"
#include "gui/phrasetext.h"

#include "model/units.h"
#include "planner/checks/ecn.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace lfp::gui {

namespace {
    const QColor kOther(0x7C, 0x8D, 0xA6);
    const QColor kHeadroom(0x2F, 0x7B, 0xC4);
    const QColor kShp(0x8E, 0x5C, 0xC2);
    const QColor kShared(0x43, 0xA0, 0x6B);
    const QColor kOver(0xC6, 0x28, 0x28);

    QString human(qint64 bytes) { return qs(formatBytesHuman(Bytes(bytes))); }

    QTableWidgetItem* cell(const QString& text, bool number = false)
    {
        auto* item = new QTableWidgetItem(text);
        item->setToolTip(text);
        if (number)
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        return item;
    }

    void setupTable(QTableWidget* t, const QStringList& headers)
    {
        t->setColumnCount(static_cast<int>(headers.size()));
        t->setHorizontalHeaderLabels(headers);
        t->verticalHeader()->hide();
        t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
        t->setEditTriggers(QAbstractItemView::NoEditTriggers);
        t->setSelectionBehavior(QAbstractItemView::SelectRows);
        t->setAlternatingRowColors(true);
        t->setWordWrap(false);
        t->horizontalHeader()->setStretchLastSection(true);
    }
}

// ---------------------------------------------------------------------------------------------
// BudgetBar

BudgetBar::BudgetBar(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("budgetBar"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

QSize BudgetBar::sizeHint() const { return { 400, 24 }; }
QSize BudgetBar::minimumSizeHint() const { return { 120, 24 }; }

void BudgetBar::setSegments(const Segments& s)
{
    m_s = s;
    m_valid = true;
    const qint64 shared = std::max<qint64>(0, s.shared);
    const auto pct = [&](qint64 v) { return s.total > 0 ? QString::number(100.0 * static_cast<double>(v) / static_cast<double>(s.total), 'f', 1) : QStringLiteral("?"); };
    QString tip = tr("Total buffer %1").arg(human(s.total)) + QLatin1Char('\n')
        + tr("Reservations (lossy PGs, management, mirror, egress): %1 (%2 %)").arg(human(s.otherReserved), pct(s.otherReserved)) + QLatin1Char('\n')
        + tr("Lossless headroom: %1 (%2 %)").arg(human(s.headroom), pct(s.headroom)) + QLatin1Char('\n')
        + tr("Shared headroom pool: %1 (%2 %)").arg(human(s.sharedHeadroomPool), pct(s.sharedHeadroomPool)) + QLatin1Char('\n');
    if (s.shared >= 0)
        tip += tr("Shared pools: %1 (%2 %)").arg(human(shared), pct(shared));
    else
        tip += tr("Over-committed by %1").arg(human(-s.shared));
    setToolTip(tip);
    update();
}

void BudgetBar::clear()
{
    m_valid = false;
    m_s = {};
    setToolTip({});
    update();
}

void BudgetBar::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF r = QRectF(rect()).adjusted(1, 2, -1, -2);
    p.setPen(QPen(QColor(0xB8, 0xC2, 0xCF), 1));
    p.setBrush(QColor(0xF2, 0xF4, 0xF7));
    p.drawRoundedRect(r, 3, 3);
    if (!m_valid || m_s.total <= 0)
        return;
    const qint64 used = m_s.otherReserved + m_s.headroom + m_s.sharedHeadroomPool;
    const qint64 scale = std::max(m_s.total, used);
    const qreal w = r.width();
    auto width = [&](qint64 v) { return w * static_cast<qreal>(std::max<qint64>(0, v)) / static_cast<qreal>(scale); };
    qreal x = r.left();
    p.save();
    QPainterPath clip;
    clip.addRoundedRect(r, 3, 3);
    p.setClipPath(clip);
    p.setPen(Qt::NoPen);
    const std::pair<qint64, QColor> segs[] = { { m_s.otherReserved, kOther }, { m_s.headroom, kHeadroom }, { m_s.sharedHeadroomPool, kShp },
        { std::max<qint64>(0, m_s.shared), kShared } };
    for (const auto& [v, c] : segs) {
        const qreal sw = width(v);
        p.fillRect(QRectF(x, r.top(), sw, r.height()), c);
        x += sw;
    }
    if (m_s.shared < 0) {
        // Over-committed: what does not fit, hatched red past the total.
        const qreal totalX = r.left() + width(m_s.total);
        QRectF over(totalX, r.top(), r.right() - totalX, r.height());
        p.fillRect(over, QColor(kOver.red(), kOver.green(), kOver.blue(), 90));
        p.fillRect(over, QBrush(kOver, Qt::BDiagPattern));
        p.setPen(QPen(kOver, 2.5));
        p.drawLine(QPointF(totalX, r.top()), QPointF(totalX, r.bottom()));
    }
    p.restore();
    p.setPen(QPen(QColor(0x8A, 0x96, 0xA6), 1));
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(r, 3, 3);
}

// ---------------------------------------------------------------------------------------------
// BudgetPanel

BudgetPanel::BudgetPanel(QWidget* parent)
    : QWidget(parent)
    , m_heading(plainLabel())
    , m_summary(plainLabel())
    , m_bar(new BudgetBar)
    , m_legend(plainLabel())
    , m_lines(new QTableWidget)
    , m_pools(new QTableWidget)
    , m_dt(plainLabel())
{
    QFont hf = m_heading->font();
    hf.setBold(true);
    m_heading->setFont(hf);
    m_heading->setObjectName(QStringLiteral("budgetHeading"));
    m_heading->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setObjectName(QStringLiteral("budgetSummary"));
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setWordWrap(true);
    m_legend->setTextFormat(Qt::RichText);
    m_dt->setWordWrap(true);
    m_dt->setStyleSheet(QStringLiteral("color: #3c4450;"));
    m_dt->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_lines->setObjectName(QStringLiteral("budgetLines"));
    setupTable(m_lines, { tr("Category"), tr("Name"), tr("Per unit (B)"), tr("Count"), tr("Total (B)"), tr("Formula") });
    m_lines->horizontalHeader()->resizeSection(0, 124);
    m_lines->horizontalHeader()->resizeSection(1, 250);
    m_lines->horizontalHeader()->resizeSection(2, 88);
    m_lines->horizontalHeader()->resizeSection(3, 56);
    m_lines->horizontalHeader()->resizeSection(4, 96);
    m_pools->setObjectName(QStringLiteral("budgetPools"));
    setupTable(m_pools, { tr("Pool"), tr("Direction"), tr("Size (B)"), tr("Shared headroom (B)"), tr("Formula") });
    m_pools->horizontalHeader()->resizeSection(0, 150);
    m_pools->horizontalHeader()->resizeSection(1, 64);
    m_pools->horizontalHeader()->resizeSection(2, 90);
    m_pools->horizontalHeader()->resizeSection(3, 90);

    auto* right = new QWidget;
    auto* rl = new QVBoxLayout(right);
    rl->setContentsMargins(0, 0, 0, 0);
    rl->setSpacing(2);
    rl->addWidget(m_pools, 1);
    rl->addWidget(m_dt);

    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_lines);
    split->addWidget(right);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    split->setSizes({ 840, 520 });

    auto* top = new QHBoxLayout;
    top->setSpacing(10);
    top->addWidget(m_heading);
    top->addWidget(m_summary, 1);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 4, 4);
    layout->setSpacing(3);
    layout->addLayout(top);
    layout->addWidget(m_bar);
    layout->addWidget(m_legend);
    layout->addWidget(split, 1);

    showHint(tr("Select a switch (or one of its ports) to see its buffer budget."));
}

QString BudgetPanel::heading() const { return m_heading->text(); }
QString BudgetPanel::summaryText() const { return m_summary->text(); }

void BudgetPanel::clearTables()
{
    m_lines->setRowCount(0);
    m_pools->setRowCount(0);
    m_dt->clear();
    m_bar->clear();
    m_legend->clear();
}

void BudgetPanel::showHint(const QString& text)
{
    m_budget.reset();
    clearTables();
    m_heading->setText(tr("Buffer budget"));
    m_summary->setText(text);
    m_summary->setStyleSheet(QStringLiteral("color: #5a6270;"));
}

BudgetBar::Segments BudgetPanel::segmentsFor(const SwitchBudget& b)
{
    BudgetBar::Segments s;
    s.total = b.total.value();
    for (const BudgetLine& l : b.lines)
        if (l.category == "lossless-pg" || l.category == "private-headroom")
            s.headroom += l.total.value();
    s.otherReserved = b.reserved.value() - s.headroom;
    s.sharedHeadroomPool = b.sharedHeadroomPool.value();
    s.shared = b.available.value();
    return s;
}

void BudgetPanel::showSwitch(const BudgetContext& ctx, const AsicCatalog& catalog, std::size_t nodeIndex)
{
    const Fabric& f = ctx.fabric();
    if (nodeIndex >= f.nodes.size())
        return;
    const Node& node = f.nodes[nodeIndex];
    if (!node.isSwitch()) {
        showHint(tr("%1 is a host: buffers are planned per switch. Select a switch.").arg(qs(node.name)));
        return;
    }
    const AsicProfile* asic = catalog.find(node.asic);
    if (!asic) {
        showHint(tr("%1: no ASIC profile \"%2\" in the catalogue, so no budget.").arg(qs(node.name), qs(node.asic)));
        return;
    }
    try {
        m_budget = computeBudget(ctx, nodeIndex, *asic);
    } catch (const std::exception& e) {
        showHint(QString::fromUtf8(e.what()));
        m_summary->setStyleSheet(QStringLiteral("color: #C62828;"));
        return;
    }
    clearTables();
    const SwitchBudget& b = *m_budget;
    m_heading->setText(tr("%1 — ASIC %2 (%3), %n active port(s)", nullptr, b.activePorts).arg(qs(b.switchName), qs(asic->id), qs(asic->name)));
    if (!b.totalKnown) {
        m_summary->setText(tr("Total buffer unknown for this ASIC: reservations %1.").arg(human(b.reserved.value())));
        m_summary->setStyleSheet(QStringLiteral("color: #5a6270;"));
    } else if (b.fits()) {
        m_summary->setText(tr("Total %1 · reserved %2 · shared headroom pool %3 · left for shared pools %4")
                               .arg(human(b.total.value()), human(b.reserved.value()), human(b.sharedHeadroomPool.value()), human(b.available.value())));
        m_summary->setStyleSheet(QString());
    } else {
        m_summary->setText(tr("Over-committed by %1: reservations %2 and shared headroom pool %3 exceed the %4 buffer")
                               .arg(human(-b.available.value()), human(b.reserved.value()), human(b.sharedHeadroomPool.value()), human(b.total.value())));
        m_summary->setStyleSheet(QStringLiteral("color: #C62828; font-weight: bold;"));
    }

    if (b.totalKnown) {
        const BudgetBar::Segments s = segmentsFor(b);
        m_bar->setSegments(s);
        const auto pct = [&](qint64 v) { return s.total > 0 ? QString::number(100.0 * static_cast<double>(v) / static_cast<double>(s.total), 'f', 1) : QString(); };
        auto entry = [&](const QColor& c, const QString& label, qint64 v) {
            return QStringLiteral("<span style='color:%1'>&#9632;</span>&nbsp;%2 %3 (%4&nbsp;%)&nbsp;&nbsp;&nbsp;")
                .arg(c.name(), label.toHtmlEscaped(), human(v).toHtmlEscaped(), pct(v));
        };
        QString legend = entry(kOther, tr("Reservations"), s.otherReserved) + entry(kHeadroom, tr("Lossless headroom"), s.headroom)
            + entry(kShp, tr("Shared headroom pool"), s.sharedHeadroomPool);
        if (s.shared >= 0)
            legend += entry(kShared, tr("Shared pools"), s.shared);
        else
            legend += QStringLiteral("<span style='color:%1'>&#9632;&nbsp;<b>%2</b></span>")
                          .arg(kOver.name(), tr("Over-committed by %1").arg(human(-s.shared)).toHtmlEscaped());
        m_legend->setText(legend);
    }

    m_lines->setRowCount(static_cast<int>(b.lines.size()));
    int row = 0;
    for (const BudgetLine& l : b.lines) {
        m_lines->setItem(row, 0, cell(qs(l.category)));
        // Name, formula and source in the GUI's language (the planner's phrases, gui/phrasetext.h).
        const QString name = trPhraseOr(l.namePhrase, l.name);
        const QString formula = trPhraseOr(l.formulaPhrase, l.formula);
        m_lines->setItem(row, 1, cell(name));
        m_lines->setItem(row, 2, cell(QString::number(l.perUnit.value()), true));
        m_lines->setItem(row, 3, cell(QString::number(l.count), true));
        m_lines->setItem(row, 4, cell(QString::number(l.total.value()), true));
        m_lines->setItem(row, 5, cell(formula));
        // The source of every figure of the line, on hover.
        const QString tip = tr("%1\nFormula: %2\nSource: %3").arg(name, formula, trPhraseOr(l.sourcePhrase, l.source));
        for (int c = 0; c < 6; ++c) {
            m_lines->item(row, c)->setToolTip(tip);
            if (l.total.value() < 0)
                m_lines->item(row, c)->setForeground(kOver);
        }
        ++row;
    }
    m_pools->setRowCount(static_cast<int>(b.pools.size()));
    row = 0;
    for (const PoolSize& p : b.pools) {
        m_pools->setItem(row, 0, cell(qs(p.name)));
        m_pools->setItem(row, 1, cell(QString::fromLatin1(toString(p.direction))));
        m_pools->setItem(row, 2, cell(QString::number(p.size.value()), true));
        m_pools->setItem(row, 3, cell(p.xoff ? QString::number(p.xoff->value()) : QString(), true));
        m_pools->setItem(row, 4, cell(p.configured ? tr("configured by the ASIC profile") : trPhraseOr(p.formulaPhrase, p.formula)));
        ++row;
    }
    for (int c = 0; c < 4; ++c)
        m_pools->resizeColumnToContents(c);
    int losslessPgs = 0;
    for (const PortBudget& p : b.ports)
        losslessPgs += p.losslessPgs;
    QString dt = tr("Dynamic threshold: dynamic_th %1 (alpha %2); one congested lossless PG may take %3 B, each of %4 under incast %5 B.")
                     .arg(b.dynamicTh)
                     .arg(alphaFromDynamicTh(b.dynamicTh))
                     .arg(b.dtShareOne.value())
                     .arg(std::max(losslessPgs, 1))
                     .arg(b.dtShareAll.value());
    for (const PortBudget& p : b.ports)
        if (p.headroom) {
            dt += QLatin1Char(' ') + tr("Headroom follows %1.").arg(trPhraseOr(p.headroom->versionPhrase, p.headroom->version));
            break;
        }
    m_dt->setText(dt);
}

} // namespace lfp::gui
