// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file fieldaccess.h
/// The editable fields of a fabric's objects, read and written as text in the forms the CLI accepts
/// ("100G", "300m", "rs544", "leaf"), each through its one descriptor (fielddescriptor.h). One
/// implementation behind the GUI's inspector, the document's generic change-value command and
/// `lfp set PROJECT OBJECT FIELD=VALUE`.
///
///   node  name (a rename), role, rack, vendor, model, asic, buffer.* (buffersettings.h)
///   port  name (a rename), speed, lanes, mtu, fec, policy (the port's override; empty removes it)
///   link  length, medium, fibre
///   role  policy (the role's binding; empty removes it)
///   policy  name (a rename) and the QoS policy fields of policyfields.h (lossless, roce_dscp, ecn.kmin, ets.3, pfc_watchdog.action, …)

#include "fabric.h"
#include "fielddescriptor.h"
#include "objectref.h"

#include <string>
#include <string_view>

namespace lfp {

/// The descriptor under its former name.
using FieldInfo = FieldDescriptor;

/// The field's value as text. Throws std::invalid_argument when the object does not exist or has no
/// such field.
std::string getField(const Fabric& fabric, const ObjectRef& object, std::string_view field);
/// Sets the field from text. Throws std::invalid_argument naming the object, the field and the accepted
/// forms when the object, the field or the value is not valid; the fabric is unchanged then.
void setField(Fabric& fabric, const ObjectRef& object, std::string_view field, std::string_view value);
/// The reference to @p object after setField(…, @p field, @p value): the same, except after a rename
/// (`name`), when it names the object by its new name (for undo and for the next assignment).
ObjectRef refAfterSet(const ObjectRef& object, std::string_view field, std::string_view value);

} // namespace lfp
