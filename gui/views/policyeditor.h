// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file policyeditor.h
/// The Policy dock (View ▸ Policy, --view policy): edits the fabric's QoS policies (model/qos.h) —
/// traffic classes, TC → PG and queue, lossless priorities and ETS in one table (PolicyClassModel),
/// DSCP → TC (PolicyDscpModel), the RoCE and CNP classes, the first ECN profile (Kmin/Kmax/Pmax), the
/// PFC watchdog and the host NIC settings — and binds the policy to roles or overrides it on the
/// selected ports. Every edit is one ChangeValueCommand on a `policy:NAME` field
/// (model/policyfields.h, the fields `lfp set PROJECT policy:NAME FIELD=VALUE` sets); bindings use the
/// role/port `policy` field `lfp bind` sets. The checks re-run after every document change; the
/// editor shows how many of their findings name the policy.

#ifndef Q_MOC_RUN
#include "planner/findings/findings.h"
#endif

#include <QAbstractTableModel>
#include <QWidget>

#include <functional>
#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QTableView;

namespace lfp {
class FabricDocument;
struct FabricChange;
struct QosPolicy;
}

namespace lfp::gui {

/// Sets one field of the edited policy through the document (one undo command); false (and the error
/// shown) when the value is refused.
using PolicyFieldSetter = std::function<bool(const std::string& field, const std::string& value)>;

/// Traffic classes 0..7: name, priority group, egress queue, lossless (checkable), ETS ("strict" or a
/// DWRR weight in percent of the link).
class PolicyClassModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { ColName, ColPg, ColQueue, ColLossless, ColEts, ColumnCount };
    explicit PolicyClassModel(QObject* parent = nullptr);
    /// Shows @p policy (null: empty rows).
    void setPolicy(const QosPolicy* policy, PolicyFieldSetter setter);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;

private:
    const QosPolicy* m_policy = nullptr;
    PolicyFieldSetter m_set;
};

/// DSCP 0..63 → traffic class (editable).
class PolicyDscpModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit PolicyDscpModel(QObject* parent = nullptr);
    void setPolicy(const QosPolicy* policy, PolicyFieldSetter setter);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;

private:
    const QosPolicy* m_policy = nullptr;
    PolicyFieldSetter m_set;
};

class PolicyEditor : public QWidget {
    Q_OBJECT
public:
    explicit PolicyEditor(FabricDocument* document, QWidget* parent = nullptr);

    /// The policy being edited ("" when the fabric has none).
    [[nodiscard]] QString currentPolicy() const;
    /// Selects the policy to edit; false when there is none of that name.
    bool setCurrentPolicy(const QString& name);
    /// Sets one field of the current policy as the editor's widgets do (one undo command). False, with
    /// the reason in errorText(), when the value is refused.
    bool setPolicyField(const std::string& field, const std::string& value);
    /// The latest check results; the editor counts those naming the current policy.
    void setFindings(const std::vector<Finding>& findings);
    [[nodiscard]] int policyFindingCount() const { return m_policyFindings; }
    [[nodiscard]] QString findingsText() const;
    [[nodiscard]] QString errorText() const;

    [[nodiscard]] PolicyClassModel* classModel() const { return m_classes; }
    [[nodiscard]] PolicyDscpModel* dscpModel() const { return m_dscp; }

private:
    void onChanged(const lfp::FabricChange& change);
    void rebuildPolicyList();
    void refresh();
    void updateFindings();
    /// Binds @p w (spin box, line edit, combo box, check box) to @p field of the current policy.
    void bindWidget(QWidget* w, const std::string& field);
    void bindRole(QCheckBox* box, int role);
    void overrideSelectedPorts(bool remove);
    [[nodiscard]] const QosPolicy* policy() const;

    FabricDocument* m_doc;
    QComboBox* m_pick = nullptr;
    QLabel* m_findingsLabel = nullptr;
    QLabel* m_error = nullptr;
    QLabel* m_bindingText = nullptr;
    PolicyClassModel* m_classes = nullptr;
    PolicyDscpModel* m_dscp = nullptr;
    QTableView* m_classView = nullptr;
    QTableView* m_dscpView = nullptr;
    std::vector<std::pair<QWidget*, std::string>> m_fields;
    std::vector<std::pair<QCheckBox*, int>> m_roles;
    std::vector<Finding> m_findings;
    int m_policyFindings = 0;
    int m_policyErrors = 0;
    int m_policyWarnings = 0;
    bool m_refreshing = false;
};

} // namespace lfp::gui
