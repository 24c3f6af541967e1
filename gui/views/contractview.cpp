// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui/views/contractview.h"
#include "gui/plaintext.h"
#include "gui/tablefit.h"

#include "model/errors.h"
#include "planner/checks/contractsets.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace lfp::gui {
namespace {
    QString toQ(const std::string& s) { return QString::fromStdString(s); }
    QString value(int v) { return v < 0 ? QStringLiteral("—") : QString::number(v); }
    /// Hosts listed by name in the combo boxes; beyond this, type a name.
    constexpr int kListedHosts = 5000;
} // namespace

QColor ContractView::okColour() { return QColor(0x15, 0x80, 0x3d); }
QColor ContractView::brokenColour() { return QColor(0xc0, 0x1c, 0x1c); }

ContractView::ContractView(QWidget* parent)
    : QWidget(parent)
{
    m_hops = new RowsModel({}, this);
    m_fromLabel = plainLabel();
    m_toLabel = plainLabel();
    for (QComboBox** c : { &m_from, &m_to }) {
        *c = new QComboBox;
        (*c)->setEditable(true);
        (*c)->setInsertPolicy(QComboBox::NoInsert);
        (*c)->setMinimumContentsLength(16);
    }
    m_from->setObjectName(QStringLiteral("contractFrom"));
    m_to->setObjectName(QStringLiteral("contractTo"));
    m_class = new QComboBox;
    m_class->setObjectName(QStringLiteral("contractClass"));
    m_run = new QPushButton;
    m_run->setObjectName(QStringLiteral("contractTrace"));
    m_status = plainLabel();
    m_status->setObjectName(QStringLiteral("contractStatus"));
    m_status->setWordWrap(true);
    m_table = new QTableView;
    m_table->setModel(m_hops);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);

    auto* top = new QHBoxLayout;
    top->addWidget(m_fromLabel);
    top->addWidget(m_from, 1);
    top->addWidget(m_toLabel);
    top->addWidget(m_to, 1);
    top->addWidget(m_class);
    top->addWidget(m_run);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_status);
    layout->addWidget(m_table, 1);
    connect(m_run, &QPushButton::clicked, this, [this] {
        trace(m_from->currentText(), m_to->currentText(), static_cast<ContractClass>(m_class->currentIndex()));
    });
    retranslate();
}

void ContractView::retranslate()
{
    m_fromLabel->setText(tr("From host:"));
    m_toLabel->setText(tr("to host:"));
    const int cls = m_class->currentIndex();
    m_class->clear();
    // ContractClass order: data, CNP, ACK/NAK
    m_class->addItems({ tr("Data (forward)"), tr("CNPs (back)"), tr("ACK/NAKs (back)") });
    m_class->setCurrentIndex(cls < 0 ? 0 : cls);
    m_run->setText(tr("Trace"));
    m_hops->setHeaders({ tr("Check"), tr("Stage"), tr("Device"), tr("Port"), tr("DSCP"), tr("TC"), tr("Queue"), tr("What breaks") });
    if (m_chain)
        showChain();
    else
        m_status->setText(tr("Pick two hosts and a class: every check of the chain, hop by hop, green or red (docs/contract.md)."));
}

void ContractView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ContractView::setSnapshot(const FabricSnapshot& snapshot, bool namesChanged)
{
    m_snapshot = snapshot;
    m_withSets = {};
    m_chain.reset();
    m_hops->setRows({});
    if (!namesChanged && m_from->count() > 0) {
        retranslate();
        return;
    }
    const QString from = m_from->currentText(), to = m_to->currentText();
    for (QComboBox* c : { m_from, m_to }) {
        c->clear();
        int listed = 0;
        if (snapshot.fabric)
            for (const auto& n : snapshot.fabric->nodes)
                if (!n.isSwitch() && listed++ < kListedHosts)
                    c->addItem(toQ(n.name));
    }
    if (m_to->count() > 1)
        m_to->setCurrentIndex(m_to->count() - 1);
    if (!from.isEmpty())
        m_from->setCurrentText(from);
    if (!to.isEmpty())
        m_to->setCurrentText(to);
    retranslate();
}

bool ContractView::trace(const QString& source, const QString& destination, ContractClass cls)
{
    if (!m_snapshot.fabric)
        return false;
    if (!m_withSets.index) {
        std::vector<Finding> unknown;
        m_withSets = makeSnapshot(applyContractSets(*m_snapshot.fabric, builtinContractSets(), unknown));
    }
    try {
        m_chain = traceContract(*m_withSets.index, source.trimmed().toStdString(), destination.trimmed().toStdString(), cls);
    } catch (const InputError& e) {
        m_chain.reset();
        m_hops->setRows({});
        m_status->setText(toQ(e.what()));
        emit highlightRequested({}, {});
        return false;
    }
    m_from->setCurrentText(source);
    m_to->setCurrentText(destination);
    m_class->setCurrentIndex(static_cast<int>(cls));
    showChain();
    return true;
}

bool ContractView::traceFirstPair()
{
    if (m_from->count() < 2)
        return false;
    return trace(m_from->itemText(0), m_to->itemText(m_to->count() - 1), ContractClass::Data);
}

QString ContractView::statusText() const { return m_status->text(); }

void ContractView::showChain()
{
    const ContractChain& c = *m_chain;
    const int broken = static_cast<int>(std::count_if(c.hops.begin(), c.hops.end(), [](const ContractHop& h) { return !h.ok; }));
    QString text = c.holds() ? tr("The contract holds: %n check(s), all green.", nullptr, static_cast<int>(c.hops.size()))
                             : tr("The contract breaks: %n check(s) red.", nullptr, broken);
    text += QStringLiteral(" ") + tr("Profile %1; %2 runs %3.").arg(toQ(c.profile), toQ(toString(c.cls)),
                                      c.direction == ContractDirection::Forward ? tr("from the first host to the second") : tr("back from the second host to the first"));
    if (!c.note.empty())
        text += QStringLiteral(" ") + toQ(c.note);
    m_status->setText(text);
    std::vector<RowsModel::Row> rows;
    QStringList nodes, red;
    for (const auto& h : c.hops) {
        RowsModel::Row row;
        const QString what = h.ok ? QString() : tr("%1: found %2, expected %3").arg(toQ(h.field), value(h.found), value(h.expected));
        row.cells = { h.ok ? tr("ok") : tr("breaks"), toQ(h.stage), toQ(h.node), toQ(h.port), value(h.dscp), value(h.tc), value(h.queue), what };
        row.colour = h.ok ? okColour() : brokenColour();
        rows.push_back(std::move(row));
        if (!nodes.contains(toQ(h.node)))
            nodes << toQ(h.node);
        if (!h.ok && !red.contains(toQ(h.node)))
            red << toQ(h.node);
    }
    m_hops->setRows(std::move(rows));
    fitColumns(m_table, { 7 });
    emit highlightRequested(nodes, red);
}

} // namespace lfp::gui
