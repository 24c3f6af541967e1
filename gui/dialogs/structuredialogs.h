// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file structuredialogs.h
/// Edit ▸ Add Switch…/Add Host…, Add Port… and Add Link…: small dialogs that validate as you type
/// (model/structureedit.h and model/fieldaccess.h, the checks `lfp add` runs) and keep OK disabled
/// with the reason shown while the input is not valid. The caller pushes the command they describe
/// (document/structurecommands.h).

#ifndef Q_MOC_RUN
#include "document/structurecommands.h"
#include "model/asiccatalog.h"
#include "model/fabric.h"
#endif

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace lfp::gui {

class AddNodeDialog : public QDialog {
    Q_OBJECT
public:
    /// @p isSwitch: a switch (roles super-spine, spine, leaf; an ASIC) or a host.
    AddNodeDialog(const Fabric& fabric, const AsicCatalog* catalog, bool isSwitch, QWidget* parent = nullptr);
    /// The node to add (name, role, numbered ports) and the fields to set on it (asic, rack).
    [[nodiscard]] Node node() const;
    [[nodiscard]] FieldValues fields() const;
    /// Why the input is not valid; empty when OK is enabled.
    [[nodiscard]] QString problem() const { return m_problem; }

    QLineEdit* nameEdit() const { return m_name; }
    QComboBox* roleBox() const { return m_role; }
    QComboBox* asicBox() const { return m_asic; }
    QSpinBox* portsSpin() const { return m_ports; }
    QLineEdit* speedEdit() const { return m_speed; }

private:
    void validate();
    const Fabric& m_fabric;
    bool m_switch;
    QLineEdit* m_name = nullptr;
    QComboBox* m_role = nullptr;
    QComboBox* m_asic = nullptr;
    QLineEdit* m_rack = nullptr;
    QSpinBox* m_ports = nullptr;
    QLineEdit* m_prefix = nullptr;
    QLineEdit* m_speed = nullptr;
    QLabel* m_error = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
    QString m_problem;
};

class AddPortDialog : public QDialog {
    Q_OBJECT
public:
    AddPortDialog(const Fabric& fabric, const QString& node, QWidget* parent = nullptr);
    [[nodiscard]] Endpoint port() const;
    [[nodiscard]] FieldValues fields() const;
    [[nodiscard]] QString problem() const { return m_problem; }
    QComboBox* nodeBox() const { return m_node; }
    QLineEdit* nameEdit() const { return m_name; }
    QLineEdit* speedEdit() const { return m_speed; }

private:
    void validate();
    const Fabric& m_fabric;
    QComboBox* m_node = nullptr;
    QLineEdit* m_name = nullptr;
    QLineEdit* m_speed = nullptr;
    QLabel* m_error = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
    QString m_problem;
};

class AddLinkDialog : public QDialog {
    Q_OBJECT
public:
    /// @p from: a node or port to start end A at (the selection), may be empty.
    AddLinkDialog(const Fabric& fabric, const QString& from, QWidget* parent = nullptr);
    [[nodiscard]] Endpoint a() const;
    [[nodiscard]] Endpoint b() const;
    [[nodiscard]] FieldValues fields() const;
    [[nodiscard]] QString problem() const { return m_problem; }
    QComboBox* nodeBox(int end) const { return end == 0 ? m_nodeA : m_nodeB; }
    QComboBox* portBox(int end) const { return end == 0 ? m_portA : m_portB; }
    QLineEdit* lengthEdit() const { return m_length; }

private:
    void fillPorts(QComboBox* node, QComboBox* port);
    void validate();
    const Fabric& m_fabric;
    QComboBox* m_nodeA = nullptr;
    QComboBox* m_portA = nullptr;
    QComboBox* m_nodeB = nullptr;
    QComboBox* m_portB = nullptr;
    QLineEdit* m_length = nullptr;
    QComboBox* m_medium = nullptr;
    QLineEdit* m_speed = nullptr;
    QLabel* m_error = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
    QString m_problem;
};

} // namespace lfp::gui
