// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file readutil.h
/// Helpers shared by the readers: positions in text, strict JSON with locations, CSV, building a
/// fragment (nodes, ports, links without duplicates), role and speed guesses. Internal to importers/.

#include "importer.h"
#include "model/fieldrules.h"

#include <cstdint>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace lfp::imp {

std::string_view trim(std::string_view s);
std::string lower(std::string_view s);
bool startsWith(std::string_view s, std::string_view prefix);
bool iequals(std::string_view a, std::string_view b);
bool icontains(std::string_view hay, std::string_view needle);
std::vector<std::string> splitList(std::string_view s, char sep);
/// A short, printable quote of @p s for messages (control bytes escaped, long text cut).
std::string quote(std::string_view s, std::size_t max = 40);

/// Line and column (1-based) of byte @p offset in @p text.
std::pair<int, int> lineColumn(std::string_view text, std::size_t offset);
/// An InputError at byte @p offset of @p src.
[[noreturn]] void failAt(const SourceText& src, std::size_t offset, const std::string& what);
[[noreturn]] void failAtLine(const std::string& file, int line, int column, const std::string& what);

/// Nesting limit of every structured input (JSON, YAML, XML), as model/jsontext.h's JsonLimits.
inline constexpr std::size_t kMaxNesting = 256;
/// Refuses YAML nested deeper than kMaxNesting (block indentation levels, sequence dashes and flow
/// brackets together) before yaml-cpp, whose parser recurses, sees it. Approximate but conservative:
/// it never lets a deeper document through.
void checkYamlNesting(const SourceText& src);
/// Refuses an XML document nested deeper than kMaxNesting elements, counted before pugixml parses it.
void checkXmlNesting(const SourceText& src);

/// Parses JSON; malformed text becomes InputError with line and column.
nlohmann::json parseJson(const SourceText& src);
/// An InputError at the value that JSON pointer @p pointer names.
[[noreturn]] void failJson(const SourceText& src, const std::string& pointer, const std::string& what);
/// Describes a JSON value for "found …" messages.
std::string describe(const nlohmann::json& v);
std::string jsonPointerEscape(std::string_view key);

/// Strict number parsing: the whole text must be the number.
std::optional<long long> parseInt(std::string_view s);
std::optional<double> parseDouble(std::string_view s);
std::optional<std::uint64_t> parseHex(std::string_view s);

/// A CSV cell with where it was.
struct CsvCell {
    std::string text;
    int line = 0;
    int column = 0;
};
using CsvRow = std::vector<CsvCell>;
/// RFC 4180 with what spreadsheets add: a UTF-8 BOM, ';' or tab delimiters (guessed from the header),
/// CRLF, quoted cells with "" and line breaks. Empty lines are skipped. Throws on an unterminated quote.
std::vector<CsvRow> parseCsv(const SourceText& src);
/// The same rows, one at a time: @p onRow sees each non-empty row (its cells trimmed) and must copy
/// what it keeps, the row is reused for the next one. A large plan is never held as cells.
void forEachCsvRow(const SourceText& src, const std::function<void(const CsvRow&)>& onRow);

/// A node or port name that holds control characters, NUL or bidi overrides (model/textsafe.h).
/// Thrown by FragmentBuilder, which does not know where the name came from; Importer::read finds the
/// name in the source files and reports file, line and column.
class NameError : public InputError {
public:
    NameError(std::string field, std::string value, const std::string& problem);
    [[nodiscard]] const std::string& value() const { return m_value; }
    [[nodiscard]] const std::string& field() const { return m_field; }

private:
    std::string m_field;
    std::string m_value;
};

/// Builds a fragment: finds or adds nodes and ports, adds links once (both directions listed count once),
/// and reports a port that two links claim.
class FragmentBuilder {
public:
    explicit FragmentBuilder(ImportResult& out)
        : m_out(out)
    {
    }
    Node& node(const std::string& name, Role role = Role::Leaf, bool roleKnown = false);
    bool hasNode(std::string_view name) const;
    Port& port(const std::string& node, const std::string& port);
    /// Adds the link a–b. Returns false and adds a diagnostic at @p where when the same link was
    /// already added (a duplicate row, or the other side's listing) — duplicates are silently merged
    /// when @p quietDuplicates — or when a port is already on another link (the second one is dropped).
    bool link(const Link& l, const SourceLocation& where, bool quietDuplicates = true);
    /// Guesses the roles of nodes whose role the source did not give: names (spine, leaf, tor, agg,
    /// core, host, server, gpu, dgx…), then the structure (a node whose every link goes to a switch is a
    /// host), then the tier of each switch by its distance from the hosts.
    /// Roles guessed (names, then structure, then distance from the hosts) are reported as info
    /// diagnostics, one per role and method.
    void finish();
    /// The node and port of side a (@p side 0) or b (1) of the link the last link() call added.
    Node& lastLinkNode(int side) { return m_out.fragment.nodes[lastLinkEnd(side).node]; }
    Port& lastLinkPort(int side)
    {
        const PortRef& r = lastLinkEnd(side);
        return m_out.fragment.nodes[r.node].ports[r.port];
    }
    /// lastLinkNode's index in fragment.nodes and lastLinkPort's in its node's ports.
    std::pair<std::uint32_t, std::uint32_t> lastLinkIndex(int side) const
    {
        const PortRef& r = lastLinkEnd(side);
        return { r.node, r.port };
    }
    /// Room for about @p links links (their nodes and ports) at once, for large sources.
    void reserve(std::size_t links);
    /// The source knows this node is a switch but not its tier (InfiniBand switches, a SONiC device).
    void markSwitch(const std::string& name);
    void warn(const SourceLocation& where, const std::string& message);
    void info(const SourceLocation& where, const std::string& message);

private:
    static constexpr std::uint32_t kNone = UINT32_MAX;
    /// A port of the fragment by its id (the order ports were added): its node, its index there, and
    /// the link that uses it (kNone: none). 12 bytes a port.
    struct PortRef {
        std::uint32_t node = 0;
        std::uint32_t port = 0;
        std::uint32_t link = kNone;
    };
    /// An open-addressed hash set of indices whose keys live in the fragment itself (a node's name; a
    /// port's node and name), so no name is held twice: a slot is 8 bytes (the key's 32-bit hash and
    /// the index + 1; 0 is empty), linear probing, at most half full. A million-cable plan's 2 M ports
    /// and 0.5 M nodes took 0.25 GB in std::unordered_maps keyed by strings (docs/performance.md,
    /// session 6).
    class IndexTable {
    public:
        /// The index whose key has @p hash and for which @p same(index) holds, else kNone.
        template <typename Same>
        std::uint32_t find(std::uint32_t hash, const Same& same) const;
        void insert(std::uint32_t hash, std::uint32_t index);
        void reserve(std::size_t count);

    private:
        void grow(std::size_t slots);
        std::vector<std::uint64_t> m_slots;
        std::size_t m_used = 0;
    };
    static std::uint32_t nodeHash(std::string_view name);
    static std::uint32_t portHash(std::uint32_t node, std::string_view port);
    /// The id of port @p port of node @p node (hash @p hash), kNone when it has none.
    std::uint32_t findPort(std::uint32_t node, std::string_view port, std::uint32_t hash) const;
    std::uint32_t findNode(std::string_view name, std::uint32_t hash) const;
    /// The id of the port, the port added when new.
    std::uint32_t portId(std::uint32_t node, const std::string& port);
    /// Adds port @p port (hash @p hash, not yet there) to node @p node; returns its id.
    std::uint32_t addPort(std::uint32_t node, const std::string& port, std::uint32_t hash);
    std::uint32_t nodeIndex(const std::string& name, Role role, bool roleKnown);
    const PortRef& lastLinkEnd(int side) const { return m_portRefs[side ? m_linkEnds.back().second : m_linkEnds.back().first]; }

    ImportResult& m_out;
    IndexTable m_nodes; ///< node names -> index in fragment.nodes
    std::vector<char> m_roleKnown; ///< by node index
    std::vector<char> m_switchHint; ///< by node index
    IndexTable m_ports; ///< (node index, port name) -> port id
    std::vector<PortRef> m_portRefs; ///< by port id
    std::vector<std::pair<std::uint32_t, std::uint32_t>> m_linkEnds; ///< by link index: the port ids of a and b
};

using known::kSpeedAssumed;
using known::kMtuAssumed;
inline constexpr BitsPerSecond kPlaceholderSpeed { 100'000'000'000 };

/// Role from a free-text name or label ("spine", "Leaf", "ToRRouter", "server"), if it says one.
std::optional<Role> roleFromText(std::string_view s);
/// The name says switch: a switch role, or "sw", "switch", "router", "sn4700"-style words.
bool switchLikeName(std::string_view s);
/// Medium from a free-text cable type ("AOC", "dac-passive", "smf", "fiber"), if it says one.
std::optional<Medium> mediumFromText(std::string_view s);
/// The fibre type a cable type names ("mmf-om4", "OM3", "smf-os2", "SMF"); Unknown when it names none.
FibreType fibreTypeFromText(std::string_view s);
/// A length with an optional unit ("40", "40m", "3 ft", "2,5"), in metres; @p defaultUnit when none.
std::optional<Metres> lengthFromText(std::string_view s, std::string_view defaultUnit = "m");
/// A speed: "400", "400G", "100Gbps", "100000" (Mb/s when @p bareIsMbps), "25GbE".
std::optional<BitsPerSecond> speedFromText(std::string_view s, bool bareIsMbps = false);

} // namespace lfp::imp
