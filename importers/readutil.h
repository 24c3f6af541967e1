// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file readutil.h
/// Helpers shared by the readers: positions in text, strict JSON with locations, CSV, building a
/// fragment (nodes, ports, links without duplicates), role and speed guesses. Internal to importers/.

#include "importer.h"

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
    bool hasNode(const std::string& name) const { return m_nodes.count(name) != 0; }
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
    Node& lastLinkNode(int side) { return m_out.fragment.nodes[side ? m_linkEnds.back().second.node : m_linkEnds.back().first.node]; }
    Port& lastLinkPort(int side)
    {
        const PortSlot& s = side ? m_linkEnds.back().second : m_linkEnds.back().first;
        return m_out.fragment.nodes[s.node].ports[s.port];
    }
    /// Room for about @p links links (their nodes and ports) at once, for large sources.
    void reserve(std::size_t links);
    /// The source knows this node is a switch but not its tier (InfiniBand switches, a SONiC device).
    void markSwitch(const std::string& name);
    void warn(const SourceLocation& where, const std::string& message);
    void info(const SourceLocation& where, const std::string& message);

private:
    /// A port of the fragment: its node and index there, and the link that uses it (or none).
    struct PortSlot {
        std::size_t node = 0;
        std::size_t port = 0;
        std::size_t link = kNoLink;
    };
    static constexpr std::size_t kNoLink = static_cast<std::size_t>(-1);
    /// Node index and port name in one key (hash lookups; a million-cable plan has two million ports).
    static std::string portKey(std::size_t node, std::string_view port);
    /// The slot of the port, the port added when new.
    PortSlot& portSlot(std::size_t node, const std::string& port);
    /// portSlot with the port's key (portKey) already made.
    PortSlot& portSlotKeyed(std::size_t node, std::string key, const std::string& port);
    std::size_t nodeIndex(const std::string& name, Role role, bool roleKnown);

    ImportResult& m_out;
    std::unordered_map<std::string, std::size_t> m_nodes; ///< name -> index in fragment.nodes
    std::vector<char> m_roleKnown; ///< by node index
    std::vector<char> m_switchHint; ///< by node index
    std::unordered_map<std::string, PortSlot> m_ports; ///< portKey -> slot
    std::vector<std::pair<PortSlot, PortSlot>> m_linkEnds; ///< by link index: the slots of a and b
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
