// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file fieldrules.h
/// One rule per stored field (issues 30 and 36): the range of a whole-number field and the text kind
/// of a text field, and the message a value outside it gets. The fabric readers (fabricjson.cpp,
/// fabricjson_fast.cpp), the importers that read the same fields, the edit path (fieldaccess.h:
/// `lfp set`, the GUI inspector) and the save gate below all take them from here, so nothing can be
/// written that a reader refuses, and a value is refused with the same words wherever it comes from.

#include "fabric.h"
#include "textsafe.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace lfp {

/// An inclusive range of a whole-number field.
struct IntRange {
    std::int64_t lo;
    std::int64_t hi;
    [[nodiscard]] constexpr bool contains(std::int64_t v) const { return v >= lo && v <= hi; }
};

/// Port MTU in bytes: 68 is the smallest MTU every IPv4 host must accept (RFC 791, "Every internet
/// module must be able to forward a datagram of 68 octets"); 65535 is the largest IPv4 total length
/// (a 16-bit field, RFC 791). Vendor limits (SONiC 68..9216, Cumulus 552..9216, …) are the exporters'
/// LFP-EXPORT-VALUE-OUT-OF-RANGE findings, not reader limits.
inline constexpr IntRange kPortMtuRange { 68, 65535 };
/// Lanes of one port: 1..16 (OSFP-XD carries 16 electrical lanes, the widest module today).
inline constexpr IntRange kPortLanesRange { 1, 16 };

/// "found 64, expected a whole number from 68 to 65535": the readers' message for a number out of range.
std::string rangeMessage(std::int64_t found, IntRange range);
/// "expected a whole number from 68 to 65535" (for lists of accepted forms).
std::string rangeExpected(IntRange range);

/// The text kind of a field by its last JSON key (the readers' rule): "description" and "notes" hold
/// free text (tab and newline allowed), every other string is a name.
TextKind textKindOfKey(std::string_view key);
/// "the string \"a\\x1bb\" holds the control character U+001B (escape) at byte 1": the readers' message
/// for a string that cannot be a value of @p kind, or nothing when it can.
std::optional<std::string> textMessage(std::string_view s, TextKind kind);

/// Why a fabric cannot be written so that the readers read it back: the JSON pointer of the field (as
/// the file would hold it), the object it belongs to ("node leaf1", "port leaf1:Ethernet0", "policy
/// RoCE") and the reader's message.
struct WriteProblem {
    std::string pointer;
    std::string object;
    std::string message;
};
/// The first field of @p fabric the readers would refuse, or nothing. Linear in the fabric's size and
/// cheap beside serialising it; every save (ProjectStore::save, writeFabricJson) runs it first.
std::optional<WriteProblem> fabricWriteProblem(const Fabric& fabric);
/// Throws InputError (file @p file, the field's JSON pointer, "OBJECT: the reader's message; nothing
/// was saved") when fabricWriteProblem finds something. The saves call it before writing a byte.
void requireWritable(const Fabric& fabric, const std::string& file);

} // namespace lfp
