// SPDX-License-Identifier: GPL-3.0-or-later
#include "importers/counters.h"

#include "model/errors.h"
#include "model/fileio.h"
#include "model/textsafe.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fmt/format.h>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace lfp {

namespace {

    std::vector<std::string> words(const std::string& line)
    {
        std::vector<std::string> out;
        std::istringstream in(line);
        std::string w;
        while (in >> w)
            out.push_back(w);
        return out;
    }

    [[noreturn]] void bad(const std::string& where, std::size_t line, const std::string& field, const std::string& what)
    {
        throw InputError(SourceLocation { where, static_cast<int>(line), 0, field }, what);
    }

    /// A token quoted in a message: at most 64 bytes of it, controls made visible (textsafe.h).
    std::string excerpt(const std::string& s) { return quoteExcerpt(s, 64); }

    /// The lines of a capture file; a line longer than kMaxCaptureLine is refused at its number before it
    /// is copied (no counter table row comes near it), so a hostile file costs its own size and no more.
    std::vector<std::string> lines(const std::string& text, const std::string& where)
    {
        std::vector<std::string> out;
        std::size_t start = 0;
        while (start < text.size()) {
            std::size_t end = text.find('\n', start);
            if (end == std::string::npos)
                end = text.size();
            if (end - start > kMaxCaptureLine)
                bad(where, out.size() + 1, "line",
                    fmt::format("found a line of {} bytes, expected at most {} (a row of a counter table)", end - start, kMaxCaptureLine));
            std::string cur = text.substr(start, end - start);
            cur.erase(std::remove(cur.begin(), cur.end(), '\r'), cur.end());
            out.push_back(std::move(cur));
            start = end + 1;
        }
        return out;
    }

    /// "1,200" → 1200; "N/A" → nullopt; anything else → InputError.
    std::optional<double> count(const std::string& s, const std::string& where, std::size_t line, const std::string& field)
    {
        if (s == "N/A" || s == "n/a" || s == "-")
            return std::nullopt;
        std::string digits;
        for (char c : s)
            if (c != ',')
                digits += c;
        if (digits.empty() || digits.size() > 20 || !std::all_of(digits.begin(), digits.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
            bad(where, line, field, fmt::format("found \"{}\", expected a counter (at most 20 digits, optionally with thousands commas, or N/A)", excerpt(s)));
        return std::stod(digits);
    }

    /// Adds @p v to the counter of @p key: rows of one file that map to one key add up (mlx5 buf_discard +
    /// cong_discard), but a second file reading the same counter (mlxlink after ethtool -S, both of the
    /// NIC's PHY) does not add to the first: the first file read (by name) gives the value.
    void put(CounterSnapshot& out, CounterKey key, double v, const std::string& where, std::size_t line)
    {
        if (const auto it = out.sourceOf.find(key); it != out.sourceOf.end() && it->second.compare(0, where.size() + 1, where + ":") != 0)
            return;
        out.values[key] += v;
        out.sourceOf.emplace(key, fmt::format("{}:{}", where, line));
    }

    /// "3E-12", "1.48e-20", "0" → the value; "N/A" → nullopt; else InputError (a BER or rate column).
    std::optional<double> ratio(const std::string& s, const std::string& where, std::size_t line, const std::string& field)
    {
        if (s == "N/A" || s == "n/a" || s == "-")
            return std::nullopt;
        if (s.empty() || s.size() > 32 || s.find_first_not_of("0123456789.eE+-") != std::string::npos)
            bad(where, line, field, fmt::format("found \"{}\", expected a ratio such as 3E-12 (or N/A)", excerpt(s)));
        try {
            std::size_t used = 0;
            const double v = std::stod(s, &used);
            if (used == s.size() && v >= 0)
                return v;
        } catch (const std::out_of_range&) {
            // a ratio below the smallest double ("15E-255" is fine, "1E-400" underflows): zero errors
            if (s.find("E-") != std::string::npos || s.find("e-") != std::string::npos)
                return 0.0;
        } catch (const std::invalid_argument&) {
            // not a number: the message below
        }
        bad(where, line, field, fmt::format("found \"{}\", expected a ratio such as 3E-12 (or N/A)", excerpt(s)));
    }

    std::string trim(std::string s)
    {
        s.erase(0, s.find_first_not_of(" \t"));
        s.erase(s.find_last_not_of(" \t") + 1);
        return s;
    }

    /// "OK/DROP" → the DROP part as a counter.
    std::optional<double> afterSlash(const std::string& s, const std::string& where, std::size_t line, const std::string& field)
    {
        const auto slash = s.find('/');
        if (slash == std::string::npos)
            bad(where, line, field, fmt::format("found \"{}\", expected OK/DROP", excerpt(s)));
        return count(s.substr(slash + 1), where, line, field);
    }

    bool isRule(const std::string& l) { return !l.empty() && l.find_first_not_of("- ") == std::string::npos; }

    bool startsWith(const std::string& s, const char* p) { return s.rfind(p, 0) == 0; }

} // namespace

// sonic-utilities scripts/pfcstat: two tables "Port Rx PFC0 … PFC7" and "Port Tx PFC0 … PFC7" (tabulate).
void parseSonicPfcCounters(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out)
{
    const auto ls = lines(text, where);
    std::optional<CounterKind> dir;
    for (std::size_t i = 0; i < ls.size(); ++i) {
        const auto w = words(ls[i]);
        if (w.empty() || isRule(ls[i]) || startsWith(w[0], "Last") || startsWith(w[0], "For"))
            continue;
        if (w.size() >= 2 && w[0] == "Port" && (w[1] == "Rx" || w[1] == "Tx")) {
            if (w.size() != 10)
                bad(where, i + 1, "header", fmt::format("found {} columns, expected Port {} PFC0 … PFC7", w.size(), w[1]));
            dir = w[1] == "Rx" ? CounterKind::PfcRx : CounterKind::PfcTx;
            continue;
        }
        if (!dir)
            bad(where, i + 1, "header", "found a row before the \"Port Rx\" / \"Port Tx\" header of show pfc counters");
        if (w.size() != 9)
            bad(where, i + 1, w[0], fmt::format("found {} columns, expected the port and PFC0 … PFC7", w.size()));
        for (int p = 0; p < 8; ++p)
            if (auto v = count(w[static_cast<std::size_t>(p) + 1], where, i + 1, fmt::format("PFC{}", p)))
                put(out, { device, w[0], p, *dir, false }, *v, where, i + 1);
    }
}

// sonic-utilities scripts/queuestat: "Port TxQ Counter/pkts Counter/bytes Drop/pkts Drop/bytes", TxQ UC<n> | MC<n> | ALL<n>;
// with --voq (Broadcom DNX VOQ platforms; sonic-utilities tests TestAggVoq show_queue_counters_voq, SONiC VOQ counters HLD):
// "Port Voq Counter/pkts Counter/bytes Drop/pkts Drop/bytes Credit-WD-Del/pkts", Port = <host>|<asic>|<port>
// (the system port; its last part is the port), Voq = VOQ<n>.
void parseSonicQueueCounters(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out)
{
    const auto ls = lines(text, where);
    std::optional<std::size_t> dropCol, pktCol, creditCol;
    bool voq = false;
    std::size_t columns = 0;
    for (std::size_t i = 0; i < ls.size(); ++i) {
        const auto w = words(ls[i]);
        if (w.empty() || isRule(ls[i]) || startsWith(w[0], "For") || startsWith(w[0], "Last"))
            continue;
        if (w[0] == "Port" && w.size() >= 2 && (w[1] == "TxQ" || w[1] == "Voq")) {
            auto col = [&](const char* name) -> std::optional<std::size_t> {
                const auto it = std::find(w.begin(), w.end(), name);
                return it == w.end() ? std::nullopt : std::optional<std::size_t>(static_cast<std::size_t>(it - w.begin()));
            };
            dropCol = col("Drop/pkts");
            if (!dropCol)
                bad(where, i + 1, "header", "found no Drop/pkts column in show queue counters");
            pktCol = col("Counter/pkts");
            creditCol = col("Credit-WD-Del/pkts");
            voq = w[1] == "Voq";
            columns = w.size();
            continue;
        }
        if (!dropCol)
            bad(where, i + 1, "header", "found a row before the \"Port TxQ\" header of show queue counters");
        if (w.size() != columns)
            bad(where, i + 1, w[0], fmt::format("found {} columns, expected {}", w.size(), columns));
        const std::string& q = w[1];
        const char* prefix = voq ? "VOQ" : "UC";
        if (!startsWith(q, prefix))
            continue; // multicast and "ALL" queues carry no RoCE traffic
        int qi = -1;
        try {
            qi = std::stoi(q.substr(voq ? 3 : 2));
        } catch (const std::exception&) {
            bad(where, i + 1, voq ? "Voq" : "TxQ", fmt::format("found \"{}\", expected {}<queue>", excerpt(q), prefix));
        }
        const std::string port = w[0].substr(w[0].rfind('|') == std::string::npos ? 0 : w[0].rfind('|') + 1);
        if (auto v = count(w[*dropCol], where, i + 1, "Drop/pkts"))
            put(out, { device, port, qi, CounterKind::Drop, true }, *v, where, i + 1);
        if (pktCol)
            if (auto v = count(w[*pktCol], where, i + 1, "Counter/pkts"))
                put(out, { device, port, qi, CounterKind::QueuePackets, true }, *v, where, i + 1);
        if (creditCol)
            if (auto v = count(w[*creditCol], where, i + 1, "Credit-WD-Del/pkts"))
                put(out, { device, port, qi, CounterKind::CreditWatchdogDrop, true }, *v, where, i + 1);
    }
}

// sonic-utilities pfcwd/main.py `show pfcwd stats`: QUEUE STATUS "STORM DETECTED/RESTORED" "TX OK/DROP" …, QUEUE = <port>:<queue>.
void parseSonicPfcwdStats(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out)
{
    const auto ls = lines(text, where);
    bool header = false;
    for (std::size_t i = 0; i < ls.size(); ++i) {
        const auto w = words(ls[i]);
        if (w.empty() || isRule(ls[i]) || startsWith(w[0], "Changed") || startsWith(w[0], "For"))
            continue;
        if (w[0] == "QUEUE") {
            header = true;
            continue;
        }
        if (!header)
            bad(where, i + 1, "header", "found a row before the QUEUE header of show pfcwd stats");
        if (w.size() < 3)
            bad(where, i + 1, w[0], "found fewer than 3 columns, expected QUEUE STATUS STORM DETECTED/RESTORED …");
        const auto colon = w[0].rfind(':');
        if (colon == std::string::npos)
            bad(where, i + 1, "QUEUE", fmt::format("found \"{}\", expected <port>:<queue>", excerpt(w[0])));
        int q = -1;
        try {
            q = std::stoi(w[0].substr(colon + 1));
        } catch (const std::exception&) {
            bad(where, i + 1, "QUEUE", fmt::format("found \"{}\", expected <port>:<queue>", excerpt(w[0])));
        }
        const std::string port = w[0].substr(0, colon);
        const auto slash = w[2].find('/');
        if (slash == std::string::npos)
            bad(where, i + 1, "STORM DETECTED/RESTORED", fmt::format("found \"{}\", expected detected/restored", excerpt(w[2])));
        if (auto v = count(w[2].substr(0, slash), where, i + 1, "STORM DETECTED"))
            put(out, { device, port, q, CounterKind::WatchdogStorm, true }, *v, where, i + 1);
        put(out, { device, port, q, CounterKind::WatchdogStormed, true }, w[1] == "stormed" ? 1 : 0, where, i + 1);
        // TX OK/DROP and RX OK/DROP: what the watchdog's drop action discarded while the queue was stormed
        double dropped = 0;
        bool any = false;
        for (std::size_t k = 3; k < 5 && k < w.size(); ++k)
            if (auto v = afterSlash(w[k], where, i + 1, k == 3 ? "TX OK/DROP" : "RX OK/DROP")) {
                dropped += *v;
                any = true;
            }
        if (any)
            put(out, { device, port, q, CounterKind::WatchdogDrop, true }, dropped, where, i + 1);
    }
}

namespace {

    /// The kind of an mlx5 per-priority counter name (rx_prio3_pause → PfcRx on 3), or nullopt.
    std::optional<CounterKind> mlx5PriorityCounter(const std::string& name, int& prio)
    {
        if (std::sscanf(name.c_str(), "rx_prio%d_", &prio) != 1 && std::sscanf(name.c_str(), "tx_prio%d_", &prio) != 1)
            return std::nullopt;
        const auto us = name.find('_', 7);
        const std::string rest = us == std::string::npos ? std::string() : name.substr(us + 1);
        const bool rx = startsWith(name, "rx_");
        if (rest == "pause")
            return rx ? CounterKind::PfcRx : CounterKind::PfcTx;
        if (rx && (rest == "buf_discard" || rest == "cong_discard"))
            return CounterKind::Drop;
        if (rx && rest == "marked")
            return CounterKind::EcnMarked;
        return std::nullopt;
    }

    /// The kind of an mlx5 physical-layer counter (kernel Documentation/networking/device_drivers/ethernet/
    /// mellanox/mlx5/counters.rst, en_stats.c pport_phy_statistical_stats_desc and
    /// pport_phy_statistical_err_lanes_stats_desc): rx_corrected_bits_phy, rx_bits_phy, rx_pcs_symbol_err_phy,
    /// rx_err_lane_<l>_phy, link_down_events_phy.
    std::optional<CounterKind> mlx5PhyCounter(const std::string& name, int& lane)
    {
        if (name == "rx_corrected_bits_phy")
            return CounterKind::FecCorrectedBits;
        if (name == "rx_bits_phy")
            return CounterKind::PhyReceivedBits;
        if (name == "rx_pcs_symbol_err_phy")
            return CounterKind::PostFecErrors;
        if (name == "link_down_events_phy")
            return CounterKind::LinkDown;
        char tail[8] = {};
        if (std::sscanf(name.c_str(), "rx_err_lane_%d_%4s", &lane, tail) == 2 && std::string(tail) == "phy" && lane >= 0 && lane < 16)
            return CounterKind::LaneErrors;
        return std::nullopt;
    }

} // namespace

// ethtool -S (ethtool.c: "NIC statistics:" then "     <name>: <value>"), mlx5 names from
// drivers/net/ethernet/mellanox/mlx5/core/en_stats.c: rx_prio%d_pause, tx_prio%d_pause,
// rx_prio%d_buf_discard, rx_prio%d_cong_discard, rx_prio%d_marked, and the physical-layer group above.
void parseEthtoolStats(const std::string& text, const std::string& device, const std::string& port, const std::string& where, CounterSnapshot& out)
{
    const auto ls = lines(text, where);
    for (std::size_t i = 0; i < ls.size(); ++i) {
        const std::string& l = ls[i];
        if (l.empty() || startsWith(l, "NIC statistics"))
            continue;
        const auto c = l.find(':');
        if (c == std::string::npos)
            bad(where, i + 1, "line", fmt::format("found \"{}\", expected <counter>: <value>", excerpt(l)));
        const std::string name = trim(l.substr(0, c));
        const std::string value = trim(l.substr(c + 1));
        int prio = -1, lane = -1;
        CounterKey key { device, port, -1, CounterKind::Drop, false };
        if (auto k = mlx5PriorityCounter(name, prio)) {
            if (prio < 0 || prio > 7)
                continue;
            key.priority = prio;
            key.kind = *k;
        } else if (auto pk = mlx5PhyCounter(name, lane)) {
            key.kind = *pk;
            key.lane = *pk == CounterKind::LaneErrors ? lane : -1;
        } else
            continue;
        if (auto v = count(value, where, i + 1, name))
            put(out, key, *v, where, i + 1);
    }
}

// iproute2 `rdma statistic show`: one line per port, "link <dev>/<port> <name> <value> <name> <value> …".
void parseRdmaStatistic(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out)
{
    const auto ls = lines(text, where);
    for (std::size_t i = 0; i < ls.size(); ++i) {
        const auto w = words(ls[i]);
        if (w.empty())
            continue;
        if (w[0] != "link" || w.size() < 2)
            bad(where, i + 1, "link", fmt::format("found \"{}\", expected link <device>/<port> <counter> <value> …", excerpt(w[0])));
        if ((w.size() - 2) % 2 != 0)
            bad(where, i + 1, w[1], "found an odd number of name/value tokens");
        std::string port = w[1];
        if (const auto slash = port.find('/'); slash != std::string::npos)
            port = port.substr(0, slash); // mlx5_0/1 → mlx5_0 (the plan names NICs by their RDMA device)
        for (std::size_t k = 2; k + 1 < w.size(); k += 2) {
            CounterKind kind;
            if (w[k] == "np_ecn_marked_roce_packets")
                kind = CounterKind::EcnMarked;
            else if (w[k] == "np_cnp_sent")
                kind = CounterKind::CnpSent;
            else if (w[k] == "rp_cnp_handled")
                kind = CounterKind::CnpHandled;
            else
                continue;
            if (auto v = count(w[k + 1], where, i + 1, w[k]))
                put(out, { device, port, -1, kind, false }, *v, where, i + 1);
        }
    }
}

// infiniband-diags perfquery: "# Port counters: Lid <lid> port <n> …" (or "# Port extended counters: …")
// then "<Name>:.....<value>" lines.
void parsePerfquery(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out)
{
    const auto ls = lines(text, where);
    std::string port = "1";
    for (std::size_t i = 0; i < ls.size(); ++i) {
        const std::string& l = ls[i];
        if (l.empty())
            continue;
        if (startsWith(l, "#")) {
            const auto p = l.find(" port ");
            if (p != std::string::npos) {
                const auto w = words(l.substr(p + 6));
                if (!w.empty())
                    port = w[0];
            }
            continue;
        }
        const auto c = l.find(':');
        if (c == std::string::npos)
            bad(where, i + 1, "line", fmt::format("found \"{}\", expected <Counter>:....<value>", excerpt(l)));
        const std::string name = l.substr(0, c);
        std::string value = l.substr(c + 1);
        value.erase(0, value.find_first_not_of('.'));
        if (name == "PortSelect") {
            port = value;
            continue;
        }
        // IBA Vol 1 ch. 16.1.3.5 PortCounters: SymbolErrorCounter (minor link errors on a lane),
        // LinkErrorRecoveryCounter (retrains that succeeded), LinkDownedCounter (retrains that failed),
        // PortRcvErrors (packets received with errors), PortXmitDiscards.
        static const std::pair<const char*, CounterKind> kNames[] = { { "PortXmitDiscards", CounterKind::IbXmitDiscards },
            { "SymbolErrorCounter", CounterKind::IbSymbolErrors }, { "LinkErrorRecoveryCounter", CounterKind::IbLinkErrorRecovery },
            { "LinkDownedCounter", CounterKind::IbLinkDowned }, { "PortRcvErrors", CounterKind::IbRcvErrors } };
        const auto it = std::find_if(std::begin(kNames), std::end(kNames), [&](const auto& n) { return name == n.first; });
        if (it == std::end(kNames))
            continue;
        if (auto v = count(value, where, i + 1, name))
            put(out, { device, port, -1, it->second, false }, *v, where, i + 1);
    }
}

// sonic-utilities pfc/main.py `show pfc priority` (tests/pfc_input/assert_show_output.py, pfc_show_priority_all):
// "Interface    Lossless priorities", a rule, then "Ethernet0    3,4" — the PFC-enabled priorities the switch
// itself runs (PORT_QOS_MAP pfc_enable), an empty second column when none.
void parseSonicPfcPriority(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out)
{
    const auto ls = lines(text, where);
    bool header = false;
    for (std::size_t i = 0; i < ls.size(); ++i) {
        const auto w = words(ls[i]);
        if (w.empty() || isRule(ls[i]))
            continue;
        if (w[0] == "Interface") {
            header = true;
            continue;
        }
        if (!header)
            bad(where, i + 1, "header", "found a row before the \"Interface    Lossless priorities\" header of show pfc priority");
        if (w.size() > 2)
            bad(where, i + 1, w[0], fmt::format("found {} columns, expected the interface and its lossless priorities (3,4)", w.size()));
        std::vector<int> prios;
        if (w.size() == 2) {
            std::istringstream in(w[1]);
            std::string p;
            while (std::getline(in, p, ',')) {
                if (p.size() != 1 || p[0] < '0' || p[0] > '7')
                    bad(where, i + 1, "Lossless priorities", fmt::format("found \"{}\", expected priorities 0-7 separated by commas", excerpt(w[1])));
                prios.push_back(p[0] - '0');
            }
        }
        std::sort(prios.begin(), prios.end());
        out.runningLossless[{ device, w[0] }] = prios;
        out.runningLosslessSource[{ device, w[0] }] = fmt::format("{}:{}", where, i + 1);
    }
}

// sonic-utilities scripts/portstat `show interfaces counters fec-stats` (tests/portstat_test.py, intf_fec_counters):
// "IFACE STATE FEC_CORR FEC_UNCORR FEC_SYMBOL_ERR [FEC_PRE_BER FEC_POST_BER FEC_PRE_BER_MAX FLR(O) FLR(P) (Accuracy) FEC_MAX_T]",
// older releases stop after FEC_SYMBOL_ERR. Columns are taken by position up to FLR(O): the FLR(P) values carry
// a second token ("7.81e-10 (89%)").
void parseSonicFecStats(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out)
{
    const auto ls = lines(text, where);
    std::map<std::string, std::size_t> col;
    for (std::size_t i = 0; i < ls.size(); ++i) {
        const auto w = words(ls[i]);
        if (w.empty() || isRule(ls[i]) || startsWith(w[0], "The") || startsWith(w[0], "For") || startsWith(w[0], "Reminder"))
            continue;
        if (w[0] == "IFACE") {
            col.clear();
            for (std::size_t k = 0; k < w.size() && w[k] != "FLR(O)"; ++k)
                col[w[k]] = k;
            if (!col.count("FEC_CORR") || !col.count("FEC_UNCORR"))
                bad(where, i + 1, "header", "found no FEC_CORR / FEC_UNCORR column in show interfaces counters fec-stats");
            continue;
        }
        if (col.empty())
            bad(where, i + 1, "header", "found a row before the IFACE header of show interfaces counters fec-stats");
        std::size_t need = 0;
        for (const auto& [name, k] : col)
            need = std::max(need, k + 1);
        if (w.size() < need)
            bad(where, i + 1, w[0], fmt::format("found {} columns, expected at least {}", w.size(), need));
        static const std::pair<const char*, CounterKind> kCounters[] = { { "FEC_CORR", CounterKind::FecCorrected },
            { "FEC_UNCORR", CounterKind::FecUncorrectable }, { "FEC_SYMBOL_ERR", CounterKind::FecSymbolErrors } };
        for (const auto& [name, kind] : kCounters)
            if (col.count(name))
                if (auto v = count(w[col.at(name)], where, i + 1, name))
                    put(out, { device, w[0], -1, kind, false }, *v, where, i + 1);
        if (col.count("FEC_PRE_BER"))
            if (auto v = ratio(w[col.at("FEC_PRE_BER")], where, i + 1, "FEC_PRE_BER")) {
                const CounterKey k { device, w[0], -1, CounterKind::PreFecBer, false };
                out.values[k] = *v; // a gauge: the value, never a sum
                out.sourceOf[k] = fmt::format("{}:{}", where, i + 1);
            }
    }
}

// sonic-utilities `show interfaces flap` (tests/flap_test.py): "Interface  Flap Count  Admin  Oper  Link Down
// TimeStamp(UTC)  Link Up TimeStamp(UTC)"; Flap Count is a number or "Never".
void parseSonicInterfacesFlap(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out)
{
    const auto ls = lines(text, where);
    bool header = false;
    for (std::size_t i = 0; i < ls.size(); ++i) {
        const auto w = words(ls[i]);
        if (w.empty() || isRule(ls[i]))
            continue;
        if (w[0] == "Interface") {
            header = true;
            continue;
        }
        if (!header)
            bad(where, i + 1, "header", "found a row before the \"Interface  Flap Count\" header of show interfaces flap");
        if (w.size() < 2)
            bad(where, i + 1, w[0], "found no Flap Count column");
        const double flaps = w[1] == "Never" ? 0.0 : count(w[1], where, i + 1, "Flap Count").value_or(0.0);
        put(out, { device, w[0], -1, CounterKind::LinkDown, false }, flaps, where, i + 1);
    }
}

// ethtool -I --show-fec IF (ethtool netlink/fec.c; the output in Jakub Kicinski's "ethtool: add FEC statistics"
// series, netdev 2021): "FEC parameters for eth0:", "Active FEC encoding: RS", "Statistics:", then
// "  corrected_blocks: 256" / "  uncorrectable_blocks: 145", each optionally followed by "    Lane N: value".
void parseEthtoolFec(const std::string& text, const std::string& device, const std::string& port, const std::string& where, CounterSnapshot& out)
{
    const auto ls = lines(text, where);
    std::optional<CounterKind> current;
    for (std::size_t i = 0; i < ls.size(); ++i) {
        const std::string l = trim(ls[i]);
        if (l.empty())
            continue;
        const auto c = l.find(':');
        if (c == std::string::npos)
            bad(where, i + 1, "line", fmt::format("found \"{}\", expected <name>: <value>", excerpt(l)));
        const std::string name = trim(l.substr(0, c));
        std::string value = trim(l.substr(c + 1));
        if (name == "corrected_blocks" || name == "uncorrectable_blocks") {
            current = name == "corrected_blocks" ? CounterKind::FecCorrected : CounterKind::FecUncorrectable;
            value = words(value).empty() ? std::string() : words(value)[0];
            if (auto v = count(value, where, i + 1, name))
                put(out, { device, port, -1, *current, false }, *v, where, i + 1);
        } else if (!startsWith(name, "Lane "))
            current.reset(); // the other lines: parameters, "Statistics:", corrected_bits, histogram bins
    }
}

// mlxlink -d DEV -c (NVIDIA MFT; the output in the MFT manual "mlxlink Utility" and as users post it):
// "Key : value" lines under "Operational Info" and "Physical Counters and BER Info": Effective Physical Errors
// (after FEC), Raw Physical BER (before FEC), Raw Physical Errors Per Lane (comma list), Link Down Counter.
void parseMlxlink(const std::string& text, const std::string& device, const std::string& port, const std::string& where, CounterSnapshot& out)
{
    const auto ls = lines(text, where);
    for (std::size_t i = 0; i < ls.size(); ++i) {
        const auto c = ls[i].find(':'); // "Raw Physical BER                : 3E-12" (keys padded to a column)
        if (c == std::string::npos)
            continue; // section titles and their rules
        const std::string name = trim(ls[i].substr(0, c));
        const std::string value = trim(ls[i].substr(c + 1));
        if (name == "Effective Physical Errors" || name == "Link Down Counter") {
            if (auto v = count(value, where, i + 1, name))
                put(out, { device, port, -1, name == "Link Down Counter" ? CounterKind::LinkDown : CounterKind::PostFecErrors, false }, *v, where, i + 1);
        } else if (name == "Raw Physical BER") {
            if (auto v = ratio(value, where, i + 1, name)) {
                const CounterKey k { device, port, -1, CounterKind::PreFecBer, false };
                out.values[k] = *v;
                out.sourceOf[k] = fmt::format("{}:{}", where, i + 1);
            }
        } else if (name == "Raw Physical Errors Per Lane") {
            std::istringstream in(value);
            std::string part;
            for (int lane = 0; std::getline(in, part, ',') && lane < 16; ++lane)
                if (auto v = count(trim(part), where, i + 1, name)) {
                    CounterKey k { device, port, -1, CounterKind::LaneErrors, false };
                    k.lane = lane;
                    put(out, k, *v, where, i + 1);
                }
        }
    }
}

// `grep -H . /sys/class/net/IF/carrier_changes …` (Linux Documentation/ABI/testing/sysfs-class-net: "the
// number of times the carrier state changed"): "/sys/class/net/eth0/carrier_changes:3" per line.
void parseCarrierChanges(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out)
{
    const auto ls = lines(text, where);
    for (std::size_t i = 0; i < ls.size(); ++i) {
        if (ls[i].empty())
            continue;
        const auto c = ls[i].rfind(':');
        const std::string path = c == std::string::npos ? std::string() : ls[i].substr(0, c);
        const std::string prefix = "/sys/class/net/", suffix = "/carrier_changes";
        if (!startsWith(path, prefix.c_str()) || path.size() <= prefix.size() + suffix.size() || path.substr(path.size() - suffix.size()) != suffix)
            bad(where, i + 1, "line", fmt::format("found \"{}\", expected /sys/class/net/<if>/carrier_changes:<count>", excerpt(ls[i])));
        const std::string port = path.substr(prefix.size(), path.size() - prefix.size() - suffix.size());
        if (auto v = count(trim(ls[i].substr(c + 1)), where, i + 1, "carrier_changes"))
            put(out, { device, port, -1, CounterKind::CarrierChanges, false }, *v, where, i + 1);
    }
}

namespace {

    /// captured_at.txt: `date -u +%Y-%m-%dT%H:%M:%SZ` as the evidence scripts write it → seconds since 1970.
    std::optional<double> capturedAt(const std::string& text)
    {
        int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
        if (std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d:%2dZ", &y, &mo, &d, &h, &mi, &s) != 6 || mo < 1 || mo > 12 || d < 1 || d > 31)
            return std::nullopt;
        // days from civil (Howard Hinnant's algorithm), no time zone involved
        y -= mo <= 2;
        const int era = (y >= 0 ? y : y - 399) / 400;
        const int yoe = y - era * 400;
        const int doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + d - 1;
        const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        const double days = double(era) * 146097 + doe - 719468;
        return days * 86400 + h * 3600 + mi * 60 + s;
    }

    bool endsWith(const std::string& s, const char* suffix)
    {
        const std::string x(suffix);
        return s.size() >= x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0;
    }

    /// The port in "<prefix><port>.txt", or empty.
    std::string portOf(const std::string& name, const char* prefix)
    {
        const std::string p(prefix);
        if (!startsWith(name, prefix) || !endsWith(name, ".txt") || name.size() <= p.size() + 4)
            return {};
        return name.substr(p.size(), name.size() - p.size() - 4);
    }

    /// Parses @p name of @p device when it is a capture file this reader knows; false otherwise.
    bool parseCaptureFile(const std::string& name, const std::string& device, const std::string& where, const std::function<std::string()>& text, CounterSnapshot& out)
    {
        if (name == "pfc_counters.txt")
            parseSonicPfcCounters(text(), device, where, out);
        else if (name == "queue_counters.txt" || name == "queue_counters_voq.txt")
            parseSonicQueueCounters(text(), device, where, out);
        else if (name == "pfcwd_stats.txt")
            parseSonicPfcwdStats(text(), device, where, out);
        else if (name == "pfc_priority.txt")
            parseSonicPfcPriority(text(), device, where, out);
        else if (name == "fec_stats.txt")
            parseSonicFecStats(text(), device, where, out);
        else if (name == "interfaces_flap.txt")
            parseSonicInterfacesFlap(text(), device, where, out);
        else if (name == "carrier_changes.txt")
            parseCarrierChanges(text(), device, where, out);
        else if (const auto p = portOf(name, "ethtool_S_"); !p.empty())
            parseEthtoolStats(text(), device, p, where, out);
        else if (const auto pf = portOf(name, "ethtool_fec_"); !pf.empty())
            parseEthtoolFec(text(), device, pf, where, out);
        else if (const auto pm = portOf(name, "mlxlink_"); !pm.empty())
            parseMlxlink(text(), device, pm, where, out);
        else if (name == "rdma_statistic.txt")
            parseRdmaStatistic(text(), device, where, out);
        else if (startsWith(name, "perfquery") && endsWith(name, ".txt"))
            parsePerfquery(text(), device, where, out);
        else
            return false;
        return true;
    }

} // namespace

CounterSnapshot readCaptureDirectory(const std::string& dir)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        throw InputError(SourceLocation { dir, 0, 0, "directory" }, "found no directory, expected a capture folder with one sub-folder per device");
    CounterSnapshot out;
    std::vector<fs::path> devices;
    for (const auto& e : fs::directory_iterator(dir, ec))
        if (e.is_directory())
            devices.push_back(e.path());
    std::sort(devices.begin(), devices.end());
    for (const auto& d : devices) {
        const std::string device = d.filename().string();
        std::vector<fs::path> files;
        for (const auto& e : fs::directory_iterator(d, ec))
            if (e.is_regular_file())
                files.push_back(e.path());
        std::sort(files.begin(), files.end());
        for (const auto& f : files) {
            const std::string name = f.filename().string();
            const std::string where = (fs::path(dir) / device / name).string();
            auto text = [&] { return readWholeFile(f.string(), kMaxCaptureFileBytes); };
            if (name == "captured_at.txt") {
                if (auto t = capturedAt(text()))
                    out.capturedAt[device] = *t;
                continue;
            }
            const bool parsed = parseCaptureFile(name, device, where, text, out);
            if (parsed)
                out.files.push_back(device + "/" + name);
        }
    }
    // A folder that holds no capture is never "no change": it is the wrong folder (the capture root
    // given for a phase folder, a typo), and comparing it would be an all-clear for nothing.
    if (out.files.empty())
        throw InputError(SourceLocation { dir, 0, 0, "directory" },
            fmt::format("found no capture file in {} device folder{} (looked for DEVICE/pfc_counters.txt, queue_counters.txt, pfcwd_stats.txt, "
                        "pfc_priority.txt, fec_stats.txt, interfaces_flap.txt, carrier_changes.txt, ethtool_S_PORT.txt, ethtool_fec_PORT.txt, "
                        "mlxlink_PORT.txt, rdma_statistic.txt, perfquery*.txt), expected a phase folder as lfp evidence writes it "
                        "(OUTDIR/before or OUTDIR/after, not OUTDIR)",
                devices.size(), devices.size() == 1 ? "" : "s"));
    return out;
}

} // namespace lfp
