// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file fielddescriptor.h
/// One descriptor per editable field (issue 30): its name, the kind of value it holds, its unit, its
/// range or its enumeration, and parse / get / set. `lfp set` and the GUI's change-value command edit
/// through it (fieldaccess.h), the inspector builds its editor from it (a spin box with the range and
/// the unit as suffix, a combo box with the enumeration), and the range and the enumeration are the
/// ones the readers use (fieldrules.h `kPortMtuRange`, `kPortLanesRange`; enumnames.h), so nothing can
/// be written that cannot be read back.

#include "fabric.h"
#include "fieldrules.h"
#include "objectref.h"

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace lfp {

/// parse(text) → value | error. The value is its canonical text (format(parse(text)): "100G",
/// "rs544", "3,4"), which get() returns after set(); the error is the readers' words ("found 64,
/// expected a whole number from 68 to 65535").
struct FieldParse {
    std::string value;
    std::string error;
    [[nodiscard]] bool ok() const { return error.empty(); }
};

struct FieldDescriptor {
    /// What an editor offers: Integer (a whole number in `range`, a spin box), Choice (one word of
    /// `choices`, a combo box), Quantity (a number with a unit: "100G", "300m", "200ms", "150KB"),
    /// Number (a decimal), List ("3,4"), Name (a rename), Text (any one-line text).
    enum class Value { Integer, Choice, Quantity, Number, List, Name, Text };

    ObjectRef::Kind kind = ObjectRef::Kind::Node; ///< the kind of object the field belongs to
    std::string name; ///< "mtu"; an indexed policy field with its index letter: "dscp.D"
    Value value = Value::Text;
    std::string unit; ///< the unit of the number an Integer field holds ("B", "%"); empty when none
    std::optional<IntRange> range; ///< Integer: the one range (the readers', the edit path's, the editor's)
    std::vector<std::string> choices; ///< Choice: the written names, in the model's order
    bool emptyAllowed = false; ///< "" is a value (it removes the setting, the binding, the override)
    std::string accepted; ///< the accepted forms, for errors, tooltips and `lfp set --help`

    /// The value @p text names (its canonical text), or why it is refused. Independent of any object.
    std::function<FieldParse(std::string_view text)> parse;
    /// The object's value as text (@p field: the name used, "dscp.26" for "dscp.D"). Throws
    /// std::invalid_argument when the object does not exist.
    std::function<std::string(const Fabric&, const ObjectRef&, std::string_view field)> get;
    /// Sets the value (parse first); throws std::invalid_argument naming the object, the field and the
    /// reason; the fabric is unchanged then.
    std::function<void(Fabric&, const ObjectRef&, std::string_view field, std::string_view text)> set;
};

/// Every editable field, one descriptor each (the indexed policy fields once, with their index letter).
std::span<const FieldDescriptor> editableFields();
/// The descriptor of the field of that kind and name ("dscp.26" → the "dscp.D" one), or null.
const FieldDescriptor* findField(ObjectRef::Kind kind, std::string_view field);

/// The range of a whole-number field, from its descriptor: the fabric readers and the importers read
/// port MTU and lanes by it (throws std::logic_error for a field without one).
IntRange fieldRange(ObjectRef::Kind kind, std::string_view field);
/// The written names of a choice field joined by ", " ("none, fc, rs, rs544, unknown"): the readers'
/// list of accepted forms (throws std::logic_error for a field without choices).
std::string fieldChoicesText(ObjectRef::Kind kind, std::string_view field);

} // namespace lfp
