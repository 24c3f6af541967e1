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
/// Findings also name objects no edit reaches (written, and read back from a report's JSON):
///   link      `leaf1:Ethernet0 -- spine1:Ethernet1`   (a link by both ends, as the deadlock analysis names it)
///   fabric    `fabric`                     (the whole fabric; a node named "fabric" is written `"fabric"`)
///   set       `set:nvidia-connectx`        (a contract default set, resources/contract-sets)
///   host pair `h1 -> h2`                   (a source and a destination, e.g. a pair without a path)
///   text      anything else read from a report, kept as written
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
#include <vector>

namespace lfp {

class FabricIndex;

struct ObjectRef {
    /// Fabric, ContractSet, HostPair and Text name what a finding is about but are no fabric object an
    /// edit or a selection reaches (resolves() is false for them, except Fabric).
    enum class Kind { Node, Port, Link, Policy, Role, Fabric, ContractSet, HostPair, Text };
    Kind kind = Kind::Node;
    std::string node; ///< node, port and link (one end); host pair: the source
    std::string port; ///< port and link
    std::string peerNode; ///< link: the other end, when known (empty: the link at node:port); host pair: the destination
    std::string peerPort; ///< link: the other end's port
    std::string name; ///< policy, contract set, text
    Role role = Role::Leaf; ///< role

    static ObjectRef forNode(std::string node);
    static ObjectRef forPort(const Endpoint& e);
    static ObjectRef forLink(const Endpoint& oneEnd);
    /// A link named by both ends (text `a:p -- b:q`).
    static ObjectRef forLink(const Endpoint& a, const Endpoint& b);
    static ObjectRef forPolicy(std::string name);
    static ObjectRef forRole(Role role);
    static ObjectRef forFabric();
    static ObjectRef forContractSet(std::string id);
    static ObjectRef forHostPair(std::string source, std::string destination);
    /// Text that names no object of these kinds (kept as written; from a report's JSON).
    static ObjectRef forText(std::string text);
    /// The reference a finding's object text names: any form parse() reads, else Text.
    static ObjectRef fromText(std::string_view text);

    [[nodiscard]] Endpoint endpoint() const { return { node, port }; }
    /// The canonical text form.
    [[nodiscard]] std::string toString() const;
    /// Parses any text form; nullopt (with the reason in `why`) when it is none of them.
    static std::optional<ObjectRef> parse(std::string_view text, std::string* why = nullptr);

    bool operator==(const ObjectRef&) const = default;
    /// Compares with a text form (tests and lookups): equal when toString() is @p text.
    bool operator==(std::string_view text) const { return toString() == text; }
};

/// Orders references as their text forms sort (so findings keep the order they had as text).
bool operator<(const ObjectRef& a, const ObjectRef& b);

/// Node references to each of @p names.
std::vector<ObjectRef> nodeRefs(const std::vector<std::string>& names);

/// The text forms of @p refs, in order (for output edges).
std::vector<std::string> toStrings(const std::vector<ObjectRef>& refs);

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

#include <fmt/format.h>

/// `fmt::format("{}", ref)` and `fmt::join(finding.objects, ", ")` write the text form.
template <> struct fmt::formatter<lfp::ObjectRef> : fmt::formatter<std::string_view> {
    template <typename FormatContext> auto format(const lfp::ObjectRef& r, FormatContext& ctx) const
    {
        const std::string s = r.toString();
        return fmt::formatter<std::string_view>::format(std::string_view(s), ctx);
    }
};
