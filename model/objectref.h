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
/// A node name cannot contain ':' in these forms (the first ':' separates node and port); port names may.

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

} // namespace lfp
