// SPDX-License-Identifier: GPL-3.0-or-later
// Readers of a host NIC's RoCE state (nicevidence.h). Formats and their sources:
//  - mlnx_qos: Mellanox/mlnx-tools python/mlnx_qos, pretty_print() and print_dscp2prio_sysfs() (rows of at
//    most 8 "DD," per "prio:P dscp:" line; "enabled" then 8 bits); NVIDIA MLNX_OFED manual "mlnx_qos";
//  - mlx5 ECN sysfs: NVIDIA MLNX_OFED / DOCA manual "Explicit Congestion Notification (ECN)":
//    /sys/class/net/IF/ecn/<roce_rp|roce_np>/enable/<prio 0..7>; roce_np/cnp_dscp, roce_np/cnp_802p_prio;
//  - NicConfigurationTemplate: Mellanox/nic-configuration-operator README "Configuration details" and
//    api/v1alpha1 (ConfigurationTemplateSpec.roceOptimized: enabled, qos {trust, pfc, tos}; rawNvConfig);
//  - bnxt_re configfs: Broadcom's bnxt_re RoCE driver (out of tree, shipped in Broadcom's NetXtreme-E Linux
//    driver package; public copy github.com/lykeioner/driver bnxt_re/configfs.c @ be70435, "Copyright (c)
//    2015-2024, Broadcom"): groups bnxt_re/DEV/ports/N/cc; each attribute's _show prints "%#x\n"
//    (cnp_dscp = alt_tos_dscp, cnp_prio = alt_vlan_pcp, roce_dscp = tos_dscp, roce_prio = roce_pri,
//    ecn_enable = enable, ecn_marking = tos_ecn, cc_mode); apply_show prints what the firmware reports
//    ("ecn status (ecn_enable)\t…: Enabled", "roce prio (roce_prio)\t…: %d", "cnp dscp (cnp_dscp)\t…: %d"),
//    the CNP lines only with ECN on; bnxt_setupcc.sh 233.2.77.9 (same package) writes them (echo -n 0x1 >
//    ecn_enable … echo -n 0x1 > apply).
#include "importers/nicevidence.h"

#include "importers/readutil.h"
#include "model/countersnapshot.h"
#include "model/errors.h"
#include "model/fileio.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

namespace lfp {
namespace {
    using namespace imp;

    /// One line of a capture, with its number and text (CR removed).
    struct Line {
        int number = 0;
        std::string text;
    };

    std::vector<Line> splitLines(const std::string& text, const std::string& where)
    {
        std::vector<Line> out;
        std::size_t start = 0;
        while (start < text.size()) {
            std::size_t end = text.find('\n', start);
            if (end == std::string::npos)
                end = text.size();
            const int number = static_cast<int>(out.size()) + 1;
            if (end - start > kMaxCaptureLine)
                failAtLine(where, number, 1, fmt::format("found a line of {} bytes, expected at most {}", end - start, kMaxCaptureLine));
            std::string cur = text.substr(start, end - start);
            std::erase(cur, '\r');
            out.push_back({ number, std::move(cur) });
            start = end + 1;
        }
        return out;
    }

    bool blank(const std::string& s) { return trim(s).empty(); }

    /// The 1-based column of @p token inside @p line (1 when not found).
    int columnOf(const std::string& line, std::string_view token)
    {
        const auto p = token.empty() ? std::string::npos : line.find(token);
        return p == std::string::npos ? 1 : static_cast<int>(p) + 1;
    }

    std::string at(const std::string& where, int line) { return fmt::format("{}:{}", where, line); }

    /// "enabled     0   0   0   1   0   0   0   0" → the bitmap of the 8 values.
    std::uint8_t pfcRow(const Line& l, const std::string& where)
    {
        const auto words = splitList(trim(l.text).substr(std::string_view("enabled").size()), ' ');
        std::vector<std::string> bits;
        for (const auto& w : words)
            if (!w.empty())
                bits.push_back(w);
        if (bits.size() != kPriorities)
            failAtLine(where, l.number, columnOf(l.text, "enabled"),
                fmt::format("found {} PFC values, expected 8 (one 0 or 1 per priority 0..7, as mlnx_qos prints \"enabled\")", bits.size()));
        std::uint8_t map = 0;
        for (int p = 0; p < kPriorities; ++p) {
            const std::string& b = bits[static_cast<std::size_t>(p)];
            if (b != "0" && b != "1")
                failAtLine(where, l.number, columnOf(l.text, b), fmt::format("found {} for priority {}, expected 0 or 1", quote(b), p));
            if (b == "1")
                map = static_cast<std::uint8_t>(map | (1u << p));
        }
        return map;
    }

    /// "prio:3 dscp:31,30,29,28,27,26,25,24," → map[d] = 3 for each listed DSCP.
    void dscpRow(const Line& l, const std::string& where, std::array<int, kDscpValues>& map)
    {
        const std::string_view t = trim(l.text);
        const auto dscpAt = t.find(" dscp:");
        const auto prio = parseInt(dscpAt == std::string_view::npos ? std::string_view() : t.substr(5, dscpAt - 5));
        if (!prio || *prio < 0 || *prio >= kPriorities)
            failAtLine(where, l.number, columnOf(l.text, "prio:"), "found " + quote(t) + ", expected \"prio:P dscp:D,D,…,\" with P 0..7 (mlnx_qos dscp2prio)");
        for (const auto& d : splitList(t.substr(dscpAt + 6), ',')) {
            if (trim(d).empty())
                continue;
            const auto v = parseInt(trim(d));
            if (!v || *v < 0 || *v >= kDscpValues)
                failAtLine(where, l.number, columnOf(l.text, d), "found " + quote(d) + ", expected a DSCP 0..63");
            map[static_cast<std::size_t>(*v)] = static_cast<int>(*prio);
        }
    }
} // namespace

void parseMlnxQos(const std::string& text, const std::string& where, NicEvidence& out)
{
    const auto lines = splitLines(text, where);
    std::array<int, kDscpValues> map {};
    bool inDscp = false, inPfc = false, sawMap = false, recognised = false;
    int mapLine = 0;
    for (const Line& l : lines) {
        const std::string_view t = trim(l.text);
        if (startsWith(t, "Priority trust state:")) {
            recognised = true;
            const std::string v(trim(t.substr(21)));
            if (v == "dscp" || v == "pcp")
                out.trust = Evidenced<TrustMode> { *trustModeFromString(v), at(where, l.number) };
            else if (v != "none") // "none": mlnx_qos could not read it (printed by the tool itself)
                failAtLine(where, l.number, columnOf(l.text, v.empty() ? "state:" : v), "found " + quote(v) + ", expected dscp or pcp");
        } else if (t == "dscp2prio mapping:") {
            inDscp = sawMap = true;
            mapLine = l.number;
        } else if (inDscp && startsWith(t, "prio:")) {
            dscpRow(l, where, map);
        } else if (t == "PFC configuration:") {
            inDscp = false;
            inPfc = recognised = true;
        } else if (inPfc && startsWith(t, "enabled")) {
            out.pfcBitmap = Evidenced<std::uint8_t> { pfcRow(l, where), at(where, l.number) };
            inPfc = false;
        } else if (!startsWith(t, "priority")) {
            inDscp = false;
        }
    }
    if (!recognised && std::any_of(lines.begin(), lines.end(), [](const Line& l) { return !blank(l.text); }))
        failAtLine(where, 1, 1, "expected the output of mlnx_qos -i IF (\"Priority trust state:\", \"PFC configuration:\")");
    if (sawMap && out.trust && out.trust->value == TrustMode::Dscp)
        out.dscpToPriority = Evidenced<std::array<int, kDscpValues>> { map, at(where, mapLine) };
}

namespace {
    /// A value as the bnxt_re configfs prints it, "%#x": "0", or "0x" and hex digits. nullopt otherwise.
    std::optional<long long> driverHex(std::string_view v)
    {
        if (v == "0")
            return 0;
        if (v.size() < 3 || v.size() > 10 || v[0] != '0' || (v[1] != 'x' && v[1] != 'X'))
            return std::nullopt;
        long long r = 0;
        for (char c : v.substr(2)) {
            int d = 0;
            if (c >= '0' && c <= '9')
                d = c - '0';
            else if (c >= 'a' && c <= 'f')
                d = c - 'a' + 10;
            else if (c >= 'A' && c <= 'F')
                d = c - 'A' + 10;
            else
                return std::nullopt;
            r = r * 16 + d;
        }
        return r;
    }

    /// The bnxt_re cc attributes of the contract, their ranges (the driver's _store checks: DSCP <= 0x3f,
    /// priority & 0x7, ecn_marking < 3, cc_mode <= 1).
    struct BnxtAttr {
        const char* key;
        int hi;
    };
    constexpr BnxtAttr kBnxtAttrs[] = { { "roce_dscp", kDscpValues - 1 }, { "cnp_dscp", kDscpValues - 1 }, { "roce_prio", kPriorities - 1 },
        { "cnp_prio", kPriorities - 1 }, { "ecn_enable", 255 }, { "ecn_marking", 2 }, { "cc_mode", 1 } };

    /// One line of the `apply` file ("roce dscp (roce_dscp)\t\t\t\t\t: 26"): what the firmware runs.
    void bnxtApplyLine(const Line& l, std::string_view text, std::size_t textColumn, const std::string& where, std::map<std::string, Evidenced<int>>& applied)
    {
        if (startsWith(text, "slave "))
            return; // the second function of a bonded device: the bond's port is read from the first
        const auto open = text.find('('), close = text.find(')');
        const auto sep = close == std::string_view::npos ? std::string_view::npos : text.find(':', close);
        if (open == std::string_view::npos || sep == std::string_view::npos || close < open)
            return; // a line the contract does not read (rate tables, tunables)
        const std::string name(text.substr(open + 1, close - open - 1));
        const std::string_view value = trim(text.substr(sep + 1));
        const int column = static_cast<int>(textColumn + sep) + 2;
        if (name == "ecn_enable") {
            if (value != "Enabled" && value != "Disabled")
                failAtLine(where, l.number, column, "found " + quote(value) + " for ecn status (apply), expected Enabled or Disabled");
            applied[name] = Evidenced<int> { value == "Enabled" ? 1 : 0, at(where, l.number) };
        } else if (name == "ecn_marking") {
            const int bits = value == "Not-ECT" ? 0 : value == "ECT(1)" ? 1 : value == "ECT(0)" ? 2 : -1;
            if (bits < 0)
                failAtLine(where, l.number, column, "found " + quote(value) + " for ecn marking (apply), expected Not-ECT, ECT(1) or ECT(0)");
            applied[name] = Evidenced<int> { bits, at(where, l.number) };
        } else if (name == "roce_dscp" || name == "cnp_dscp" || name == "roce_prio" || name == "cnp_prio") {
            const int hi = name.ends_with("dscp") ? kDscpValues - 1 : kPriorities - 1;
            const auto v = parseInt(value);
            if (!v || *v < 0 || *v > hi)
                failAtLine(where, l.number, column, fmt::format("found {} for {} (apply), expected an integer 0..{}", quote(value), name, hi));
            applied[name] = Evidenced<int> { static_cast<int>(*v), at(where, l.number) };
        }
    }
} // namespace

void parseBnxtReCc(const std::string& text, const std::string& where, NicEvidence& out)
{
    std::map<std::string, Evidenced<int>> attr, applied;
    for (const Line& l : splitLines(text, where)) {
        if (blank(l.text))
            continue;
        const std::string& s = l.text;
        // PATH:VALUE with PATH …/bnxt_re/DEV/ports/N/cc/ATTRIBUTE (grep -r prints the path as given)
        std::size_t p = std::string::npos;
        for (auto q = s.find("cc/"); q != std::string::npos; q = s.find("cc/", q + 1))
            if (q == 0 || s[q - 1] == '/') {
                p = q + 3;
                break;
            }
        const auto colon = p == std::string::npos ? std::string::npos : s.find(':', p);
        if (colon == std::string::npos || colon == p)
            failAtLine(where, l.number, 1,
                "found " + quote(s) + ", expected PATH:VALUE of /sys/kernel/config/bnxt_re/DEV/ports/1/cc/ (grep -r . output)");
        const std::string key = s.substr(p, colon - p);
        const std::string_view raw = std::string_view(s).substr(colon + 1);
        if (key == "apply") {
            bnxtApplyLine(l, raw, colon + 1, where, applied);
            continue;
        }
        for (const BnxtAttr& a : kBnxtAttrs) {
            if (key != a.key)
                continue;
            const std::string_view value = trim(raw);
            const auto v = driverHex(value);
            if (!v || *v < 0 || *v > a.hi)
                failAtLine(where, l.number, static_cast<int>(colon) + 2,
                    fmt::format("found {} for cc/{}, expected a hex value 0..{:#x} as the bnxt_re driver prints it (\"%#x\": 0x30 for 48)", quote(value), key, a.hi));
            attr[key] = Evidenced<int> { static_cast<int>(*v), at(where, l.number) };
        } // other attributes (tunables, dcn, advanced) are not part of the contract
    }
    // What the firmware reports (apply) wins over the driver's values, which may be pending until applied.
    const auto pick = [&](const char* k) -> const Evidenced<int>* {
        if (const auto it = applied.find(k); it != applied.end())
            return &it->second;
        if (const auto it = attr.find(k); it != attr.end())
            return &it->second;
        return nullptr;
    };
    if (const auto* v = pick("cnp_dscp"))
        out.cnpDscp = *v;
    if (const auto* v = pick("cnp_prio"))
        out.cnpPriority = *v;
    if (const auto* v = pick("roce_dscp")) {
        const auto* ecn = pick("ecn_marking");
        out.roceTos = Evidenced<int> { (v->value << 2) | (ecn ? ecn->value : 0), v->source };
    }
    if (const auto* v = pick("roce_prio"))
        out.rocePriority = *v;
    if (const auto* v = pick("ecn_enable")) {
        // DCQCN on the function (CMDQ_MODIFY_ROCE_CC enable), not per priority: RP and NP on every priority or none
        const auto bits = static_cast<std::uint8_t>(v->value ? 0xFF : 0);
        out.reactionPoint = out.notificationPoint = Evidenced<std::uint8_t> { bits, v->source };
    }
}

namespace {
    /// One "…/ecn/roce_np/enable/3:1" line: the key after the point ("roce_np/enable/3") and the value.
    struct SysfsEntry {
        std::string point, key; ///< point: roce_np or roce_rp
        std::string value;
        int valueColumn = 1;
    };

    std::optional<SysfsEntry> sysfsEntry(const Line& l, const std::string& where)
    {
        const std::string& s = l.text;
        std::size_t p = std::string::npos;
        for (const char* point : { "roce_np/", "roce_rp/" })
            if (const auto q = s.find(point); q != std::string::npos && (q == 0 || s[q - 1] == '/'))
                p = std::min(p, q);
        const auto colon = s.rfind(':');
        if (p == std::string::npos || colon == std::string::npos || colon < p)
            failAtLine(where, l.number, 1,
                "found " + quote(s) + ", expected PATH:VALUE of /sys/class/net/IF/ecn/roce_np or roce_rp (grep -r . output)");
        SysfsEntry e { s.substr(p, 7), s.substr(p + 8, colon - p - 8), std::string(trim(s.substr(colon + 1))), static_cast<int>(colon) + 2 };
        return e;
    }

    int sysfsInt(const SysfsEntry& e, const Line& l, const std::string& where, int lo, int hi)
    {
        const auto v = parseInt(e.value);
        if (!v || *v < lo || *v > hi)
            failAtLine(where, l.number, e.valueColumn, fmt::format("found {} for {}/{}, expected an integer {}..{}", quote(e.value), e.point, e.key, lo, hi));
        return static_cast<int>(*v);
    }
} // namespace

void parseEcnSysfs(const std::string& text, const std::string& where, NicEvidence& out)
{
    std::uint8_t rp = 0, np = 0;
    std::string rpAt, npAt;
    for (const Line& l : splitLines(text, where)) {
        if (blank(l.text))
            continue;
        const SysfsEntry e = *sysfsEntry(l, where);
        if (startsWith(e.key, "enable/")) {
            const auto prio = parseInt(std::string_view(e.key).substr(7));
            if (!prio || *prio < 0 || *prio >= kPriorities)
                failAtLine(where, l.number, columnOf(l.text, "enable/") + 7, "found " + quote(e.key) + ", expected enable/P with P a priority 0..7");
            const bool on = sysfsInt(e, l, where, 0, 1) == 1;
            auto& bits = e.point == "roce_rp" ? rp : np;
            auto& src = e.point == "roce_rp" ? rpAt : npAt;
            if (on)
                bits = static_cast<std::uint8_t>(bits | (1u << *prio));
            if (src.empty())
                src = at(where, l.number);
        } else if (e.point == "roce_np" && e.key == "cnp_dscp") {
            out.cnpDscp = Evidenced<int> { sysfsInt(e, l, where, 0, kDscpValues - 1), at(where, l.number) };
        } else if (e.point == "roce_np" && e.key == "cnp_802p_prio") {
            out.cnpPriority = Evidenced<int> { sysfsInt(e, l, where, 0, kPriorities - 1), at(where, l.number) };
        } // other parameters (min_time_between_cnps, rpg_*) are not part of the contract
    }
    if (!rpAt.empty())
        out.reactionPoint = Evidenced<std::uint8_t> { rp, rpAt };
    if (!npAt.empty())
        out.notificationPoint = Evidenced<std::uint8_t> { np, npAt };
}

namespace {
    SourceLocation yamlAt(const SourceText& src, const YAML::Node& n)
    {
        if (!n.IsDefined() || n.Mark().is_null())
            return { src.name, 0, 0, {} };
        const auto [line, column] = lineColumn(src.text, static_cast<std::size_t>(std::max(0, n.Mark().pos)));
        return { src.name, line, column, {} };
    }
    std::string yamlSource(const SourceText& src, const YAML::Node& n) { return at(src.name, yamlAt(src, n).line); }
    [[noreturn]] void yamlFail(const SourceText& src, const YAML::Node& n, const std::string& what) { throw InputError(yamlAt(src, n), what); }

    /// @p m's value at @p key, or a null node (never yaml-cpp's invalid node, on which every question throws).
    YAML::Node get(const YAML::Node& m, const char* key)
    {
        if (!m.IsMap())
            return YAML::Node();
        const YAML::Node c = m[key];
        return c.IsDefined() ? c : YAML::Node();
    }
    bool isScalar(const YAML::Node& n, std::string_view text) { return n.IsScalar() && n.Scalar() == text; }

    std::string scalar(const SourceText& src, const YAML::Node& n, const char* what)
    {
        if (!n.IsScalar())
            yamlFail(src, n, std::string("expected ") + what);
        return n.Scalar();
    }

    int yamlInt(const SourceText& src, const YAML::Node& n, int lo, int hi, const char* what)
    {
        const auto v = parseInt(trim(scalar(src, n, what)));
        if (!v || *v < lo || *v > hi)
            yamlFail(src, n, fmt::format("found {}, expected {} ({}..{})", quote(n.Scalar()), what, lo, hi));
        return static_cast<int>(*v);
    }

    /// "0,0,0,1,0,0,0,0" (the operator's qos.pfc) → bitmap.
    std::uint8_t pfcList(const SourceText& src, const YAML::Node& n)
    {
        const auto parts = splitList(scalar(src, n, "a PFC list \"0,0,0,1,0,0,0,0\""), ',');
        std::uint8_t map = 0;
        if (parts.size() != kPriorities)
            yamlFail(src, n, fmt::format("found {} values in {}, expected 8 (0 or 1 per priority 0..7)", parts.size(), quote(n.Scalar())));
        for (int p = 0; p < kPriorities; ++p) {
            const std::string_view b = trim(parts[static_cast<std::size_t>(p)]);
            if (b != "0" && b != "1")
                yamlFail(src, n, fmt::format("found {} for priority {} in qos.pfc, expected 0 or 1", quote(b), p));
            if (b == "1")
                map = static_cast<std::uint8_t>(map | (1u << p));
        }
        return map;
    }

    /// The RoCE facts of one template whose roceOptimized is enabled (defaults from the operator's README).
    NicEvidence templateEvidence(const SourceText& src, const YAML::Node& spec, const YAML::Node& roce)
    {
        NicEvidence e;
        const std::string preset = yamlSource(src, roce);
        if (const YAML::Node h = get(get(spec, "nodeSelector"), "kubernetes.io/hostname"); !h.IsNull())
            e.host = scalar(src, h, "a host name");
        const YAML::Node qos = get(roce, "qos");
        e.trust = Evidenced<TrustMode> { TrustMode::Dscp, preset };
        e.pfcBitmap = Evidenced<std::uint8_t> { std::uint8_t(1u << 3), preset };
        e.cnpDscp = Evidenced<int> { 4, preset };
        e.cnpPriority = Evidenced<int> { 6, preset };
        e.reactionPoint = e.notificationPoint = Evidenced<std::uint8_t> { 0xff, preset };
        if (qos.IsMap()) {
            if (const YAML::Node t = get(qos, "trust"); !t.IsNull()) {
                const auto mode = trustModeFromString(scalar(src, t, "dscp or pcp"));
                if (!mode)
                    yamlFail(src, t, "found " + quote(t.Scalar()) + " for qos.trust, expected dscp or pcp");
                e.trust = Evidenced<TrustMode> { *mode, yamlSource(src, t) };
            }
            if (const YAML::Node p = get(qos, "pfc"); !p.IsNull())
                e.pfcBitmap = Evidenced<std::uint8_t> { pfcList(src, p), yamlSource(src, p) };
            if (const YAML::Node t = get(qos, "tos"); !t.IsNull())
                e.roceTos = Evidenced<int> { yamlInt(src, t, 0, 255, "a ToS byte"), yamlSource(src, t) };
        }
        if (const YAML::Node raw = get(get(spec, "template"), "rawNvConfig"); raw.IsMap()) {
            if (const YAML::Node v = get(raw, "CNP_DSCP_P1"); !v.IsNull())
                e.cnpDscp = Evidenced<int> { yamlInt(src, v, 0, kDscpValues - 1, "a DSCP"), yamlSource(src, v) };
            if (const YAML::Node v = get(raw, "CNP_802P_PRIO_P1"); !v.IsNull())
                e.cnpPriority = Evidenced<int> { yamlInt(src, v, 0, kPriorities - 1, "a priority"), yamlSource(src, v) };
            if (const YAML::Node v = get(raw, "ROCE_CC_PRIO_MASK_P1"); !v.IsNull()) {
                const auto mask = static_cast<std::uint8_t>(yamlInt(src, v, 0, 255, "a priority mask"));
                e.reactionPoint = e.notificationPoint = Evidenced<std::uint8_t> { mask, yamlSource(src, v) };
            }
        }
        return e;
    }

    /// The templates of one YAML document: the object itself, or the items of a List (one level: an
    /// alias can make a List its own item, so a List inside a List is not entered).
    void templatesOf(const SourceText& src, const YAML::Node& doc, std::vector<NicEvidence>& out, int& seen, bool inList = false)
    {
        if (!doc.IsMap())
            return;
        if (const YAML::Node items = get(doc, "items"); items.IsSequence() && isScalar(get(doc, "kind"), "List")) {
            if (!inList)
                for (const YAML::Node& item : items)
                    templatesOf(src, item, out, seen, true);
            return;
        }
        if (!isScalar(get(doc, "kind"), "NicConfigurationTemplate"))
            return;
        ++seen;
        const YAML::Node spec = get(doc, "spec");
        if (!spec.IsMap())
            yamlFail(src, doc, "a NicConfigurationTemplate without a spec mapping");
        const YAML::Node roce = get(get(spec, "template"), "roceOptimized");
        if (!roce.IsMap())
            return; // no RoCE preset: the template says nothing about the contract
        const YAML::Node enabled = get(roce, "enabled");
        if (!enabled.IsNull() && scalar(src, enabled, "true or false") != "true" && enabled.Scalar() != "false")
            yamlFail(src, enabled, "found " + quote(enabled.Scalar()) + " for roceOptimized.enabled, expected true or false");
        if (isScalar(enabled, "true"))
            out.push_back(templateEvidence(src, spec, roce));
    }
} // namespace

std::vector<NicEvidence> parseNicConfigurationTemplates(const std::string& text, const std::string& where)
{
    const SourceText src { where, text };
    std::vector<YAML::Node> docs;
    try {
        checkYamlNesting(src);
        docs = YAML::LoadAll(text);
    } catch (const YAML::Exception& e) {
        const auto [line, column] = lineColumn(text, static_cast<std::size_t>(std::max(0, e.mark.pos)));
        throw InputError({ where, e.mark.is_null() ? 0 : line, e.mark.is_null() ? 0 : column, {} }, "malformed YAML: " + e.msg);
    }
    std::vector<NicEvidence> out;
    int seen = 0;
    try {
        for (const YAML::Node& d : docs)
            templatesOf(src, d, out, seen);
    } catch (const YAML::Exception& e) {
        const auto [line, column] = lineColumn(text, static_cast<std::size_t>(std::max(0, e.mark.pos)));
        throw InputError({ where, line, column, {} }, "unexpected YAML structure: " + e.msg);
    }
    if (seen == 0)
        throw InputError({ where, 1, 1, "kind" }, "expected a NicConfigurationTemplate (configuration.net.nvidia.com/v1alpha1), or a List of them");
    return out;
}

namespace {
    namespace fs = std::filesystem;

    bool endsWith(const std::string& s, std::string_view suffix) { return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0; }

    /// "mlnx_qos_eth0.txt" with prefix "mlnx_qos_" → "eth0"; "" when the name does not match.
    std::string interfaceOf(const std::string& name, std::string_view prefix)
    {
        if (!startsWith(name, prefix) || !endsWith(name, ".txt") || name.size() <= prefix.size() + 4)
            return {};
        return name.substr(prefix.size(), name.size() - prefix.size() - 4);
    }

    NicEvidence& portEntry(std::vector<NicEvidence>& v, const std::string& host, const std::string& port)
    {
        for (auto& e : v)
            if (e.host == host && e.port == port)
                return e;
        v.push_back({});
        v.back().host = host;
        v.back().port = port;
        return v.back();
    }

    /// The recognised files of one host folder.
    void readHostFolder(const fs::path& dir, const std::string& host, NicEvidenceSet& out)
    {
        std::vector<fs::path> files;
        for (const auto& f : fs::directory_iterator(dir))
            if (f.is_regular_file())
                files.push_back(f.path());
        std::sort(files.begin(), files.end());
        for (const auto& f : files) {
            const std::string name = f.filename().string();
            const std::string where = f.string();
            if (const std::string itf = interfaceOf(name, "mlnx_qos_"); !itf.empty())
                parseMlnxQos(readWholeFile(f.string(), kMaxCaptureFileBytes), where, portEntry(out.hosts, host, itf));
            else if (const std::string e = interfaceOf(name, "ecn_sysfs_"); !e.empty())
                parseEcnSysfs(readWholeFile(f.string(), kMaxCaptureFileBytes), where, portEntry(out.hosts, host, e));
            else if (const std::string b = interfaceOf(name, "bnxt_re_cc_"); !b.empty())
                parseBnxtReCc(readWholeFile(f.string(), kMaxCaptureFileBytes), where, portEntry(out.hosts, host, b));
            else if (endsWith(name, ".yaml") || endsWith(name, ".yml"))
                for (NicEvidence& t : parseNicConfigurationTemplates(readWholeFile(f.string(), kMaxCaptureFileBytes), where)) {
                    t.host = host; // a template in a host's folder is that host's
                    out.hosts.push_back(std::move(t));
                }
        }
    }
} // namespace

NicEvidenceSet readNicEvidenceDirectory(const std::string& dirText)
{
    fs::path dir(dirText);
    if (!fs::is_directory(dir))
        throw InputError({ dirText, 0, 0, {} }, "not a directory: expected the folder lfp evidence scripts write (one sub-folder per host)");
    NicEvidenceSet out;
    std::vector<fs::path> subdirs, templates;
    for (const auto& e : fs::directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        if (e.is_directory())
            subdirs.push_back(e.path());
        else if (e.is_regular_file() && (endsWith(name, ".yaml") || endsWith(name, ".yml")))
            templates.push_back(e.path());
    }
    const auto only = [&](const char* n) { return std::any_of(subdirs.begin(), subdirs.end(), [&](const fs::path& p) { return p.filename() == n; }); };
    if (!subdirs.empty() && std::all_of(subdirs.begin(), subdirs.end(), [](const fs::path& p) { return p.filename() == "before" || p.filename() == "after"; })) {
        const char* phase = only("after") ? "after" : "before";
        out.notes.push_back(fmt::format("{} holds the phases of lfp evidence: read {}/", dirText, phase));
        NicEvidenceSet inner = readNicEvidenceDirectory((dir / phase).string());
        inner.notes.insert(inner.notes.begin(), out.notes.begin(), out.notes.end());
        return inner;
    }
    std::sort(subdirs.begin(), subdirs.end());
    std::sort(templates.begin(), templates.end());
    for (const auto& t : templates)
        for (NicEvidence& e : parseNicConfigurationTemplates(readWholeFile(t.string(), kMaxCaptureFileBytes), t.string()))
            out.hosts.push_back(std::move(e));
    for (const auto& d : subdirs)
        readHostFolder(d, d.filename().string(), out);
    std::erase_if(out.hosts, [](const NicEvidence& e) { return e.empty(); });
    return out;
}

} // namespace lfp
