// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file objectref.h
/// A typed reference to one object of a fabric, with one text form and one parser. Findings name
/// their objects this way, the CLI's `lfp set` takes them, and the GUI resolves them to items.
///
/// Text forms (the canonical form is written; the prefixed forms are also read):
///   node      `leaf1`                      (also `node:leaf1`)
///   port      `leaf1:Ethernet0`            (also `port:leaf1:Ethernet0`)
///   link      `link:leaf1:Ethernet0`       (the link at that port; either end names it)
///   policy    `policy:roce-lossless`
///   role      `role:leaf`
/// In the plain forms the first ':' separates node and port, so port names may hold ':' but node names
/// may not. Any name goes in double quotes, with `\"` and `\\` as its only escapes (issue 30):
///   `"MF0;sw:MQM8700/U1"`, `node:"MF0;sw:MQM8700/U1"`, `"MF0;sw:MQM8700/U1":1`, `link:"a:b":1`,
///   `policy:"\"quoted\""`.
/// toString() quotes exactly where the plain form would not read back (a node name with ':', one that
/// starts with '"', a node named like a prefix word before ':'), so parse(toString(r)) == r for every
/// reference to a name the readers accept; the plain forms are unchanged.

#include "fabric.h"

#include <optional>
#include <string>
#include <string_view>

namespace lfp {

class FabricIndex;

struct ObjectRef {
    enum class Kind { Node, Port, Link, Policy, Role };
    Kind kind = Kind::Node;
    std::string node; ///< node, port and link (one end)
    std::string port; ///< port and link
    std::string name; ///< policy
    Role role = Role::Leaf; ///< role

    static ObjectRef forNode(std::string node);
    static ObjectRef forPort(const Endpoint& e);
    static ObjectRef forLink(const Endpoint& oneEnd);
    static ObjectRef forPolicy(std::string name);
    static ObjectRef forRole(Role role);

    [[nodiscard]] Endpoint endpoint() const { return { node, port }; }
    /// The canonical text form.
    [[nodiscard]] std::string toString() const;
    /// Parses any text form; nullopt (with the reason in `why`) when it is none of them.
    static std::optional<ObjectRef> parse(std::string_view text, std::string* why = nullptr);

    bool operator==(const ObjectRef&) const = default;
};

const char* toString(ObjectRef::Kind k);

/// Whether the object exists in the indexed fabric.
bool resolves(const ObjectRef& ref, const FabricIndex& index);

/// The object @p text names in the indexed fabric, for text from elsewhere (a finding, a selection, a
/// command line): a node name as a whole first (an unquoted name with ':'), then the text form; an
/// unquoted NODE:PORT that does not resolve is tried at each later ':' (a node name with ':' written
/// without quotes, "MF0;sw:MQM8700/U1:1"). The parsed reference when nothing resolves; nullopt when the
/// text is no reference at all.
std::optional<ObjectRef> resolveObjectText(std::string_view text, const FabricIndex& index);

} // namespace lfp
