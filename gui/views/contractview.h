// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file contractview.h
/// The lossless contract's chain view (`--view contract`, issue 33): pick two hosts and a class (data
/// forward; CNPs or ACK/NAKs back) and see the chain hop by hop — the sender, each switch's ingress and
/// egress, the receiver — each check green or red with the DSCP, TC and queue the packet carries and, for
/// a red one, the field and the values found and expected: planner/checks/contract.h traceContract, the
/// same as `lfp contract --trace` (with the project's default sets applied). The devices of the chain are
/// highlighted on the canvas, red where it breaks.
#ifndef Q_MOC_RUN
#include "model/fabricindex.h"
#include "planner/checks/contract.h"
#endif
#include "gui/models/rowsmodel.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;
class QTableView;

namespace lfp::gui {

class ContractView : public QWidget {
    Q_OBJECT
public:
    explicit ContractView(QWidget* parent = nullptr);

    /// The plan; clears the chain and lists the fabric's hosts.
    /// The snapshot to trace in. @p namesChanged false (a value edit: no node added, removed or
    /// renamed) keeps the host lists as they are: refilling 5,000 entries twice took 21 ms of each
    /// k=64 edit (docs/performance.md, "Session 19").
    void setSnapshot(const FabricSnapshot& snapshot, bool namesChanged = true);
    /// Traces @p cls from @p source to @p destination (names of hosts). False, with the reason in the
    /// status line, when a name is no host.
    bool trace(const QString& source, const QString& destination, ContractClass cls);
    /// The first two hosts of the fabric, data class (`--view contract`). False without two hosts.
    bool traceFirstPair();
    [[nodiscard]] const ContractChain* chain() const { return m_chain ? &*m_chain : nullptr; }
    [[nodiscard]] RowsModel* hopModel() const { return m_hops; }
    [[nodiscard]] QString statusText() const;

    static QColor okColour();
    static QColor brokenColour();

signals:
    /// The chain's devices (node names) to highlight, the broken ones apart.
    void highlightRequested(const QStringList& nodes, const QStringList& broken);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void showChain();

    FabricSnapshot m_snapshot;
    FabricSnapshot m_withSets; ///< the plan with its contract sets applied (as lfp contract reads it)
    std::optional<ContractChain> m_chain;
    QLabel* m_fromLabel;
    QComboBox* m_from;
    QLabel* m_toLabel;
    QComboBox* m_to;
    QComboBox* m_class;
    QPushButton* m_run;
    QLabel* m_status;
    RowsModel* m_hops;
    QTableView* m_table;
};

} // namespace lfp::gui
