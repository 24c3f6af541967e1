// SPDX-License-Identifier: GPL-3.0-or-later
#include "importers/counters.h"

#include "model/errors.h"
#include "model/fileio.h"
#include "model/textsafe.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fmt/format.h>
#include <optional>
#include <sstream>

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

    void put(CounterSnapshot& out, CounterKey key, double v, const std::string& where, std::size_t line)
    {
        out.values[key] += v;
        out.sourceOf.emplace(key, fmt::format("{}:{}", where, line));
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

// sonic-utilities scripts/queuestat: "Port TxQ Counter/pkts Counter/bytes Drop/pkts Drop/bytes", TxQ UC<n> | MC<n> | ALL<n>.
void parseSonicQueueCounters(const std::string& text, const std::string& device, const std::string& where, CounterSnapshot& out)
{
    const auto ls = lines(text, where);
    std::optional<std::size_t> dropCol;
    std::size_t columns = 0;
    for (std::size_t i = 0; i < ls.size(); ++i) {
        const auto w = words(ls[i]);
        if (w.empty() || isRule(ls[i]) || startsWith(w[0], "For") || startsWith(w[0], "Last"))
            continue;
        if (w[0] == "Port" && w.size() >= 2 && w[1] == "TxQ") {
            const auto it = std::find(w.begin(), w.end(), "Drop/pkts");
            if (it == w.end())
                bad(where, i + 1, "header", "found no Drop/pkts column in show queue counters");
            dropCol = static_cast<std::size_t>(it - w.begin());
            columns = w.size();
            continue;
        }
        if (!dropCol)
            bad(where, i + 1, "header", "found a row before the \"Port TxQ\" header of show queue counters");
        if (w.size() != columns)
            bad(where, i + 1, w[0], fmt::format("found {} columns, expected {}", w.size(), columns));
        const std::string& q = w[1];
        if (!startsWith(q, "UC"))
            continue; // multicast and "ALL" queues carry no RoCE traffic
        int qi = -1;
        try {
            qi = std::stoi(q.substr(2));
        } catch (const std::exception&) {
            bad(where, i + 1, "TxQ", fmt::format("found \"{}\", expected UC<queue>", excerpt(q)));
        }
        if (auto v = count(w[*dropCol], where, i + 1, "Drop/pkts"))
            put(out, { device, w[0], qi, CounterKind::Drop, true }, *v, where, i + 1);
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
    }
}

// ethtool -S (ethtool.c: "NIC statistics:" then "     <name>: <value>"), mlx5 names from
// drivers/net/ethernet/mellanox/mlx5/core/en_stats.c: rx_prio%d_pause, tx_prio%d_pause,
// rx_prio%d_buf_discard, rx_prio%d_cong_discard, rx_prio%d_marked.
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
        std::string name = l.substr(0, c);
        name.erase(0, name.find_first_not_of(" \t"));
        std::string value = l.substr(c + 1);
        value.erase(0, value.find_first_not_of(" \t"));
        int prio = -1;
        std::string rest;
        CounterKind kind;
        if (std::sscanf(name.c_str(), "rx_prio%d_", &prio) == 1 || std::sscanf(name.c_str(), "tx_prio%d_", &prio) == 1) {
            const auto us = name.find('_', 7);
            rest = us == std::string::npos ? std::string() : name.substr(us + 1);
            const bool rx = startsWith(name, "rx_");
            if (rest == "pause")
                kind = rx ? CounterKind::PfcRx : CounterKind::PfcTx;
            else if (rx && (rest == "buf_discard" || rest == "cong_discard"))
                kind = CounterKind::Drop;
            else if (rx && rest == "marked")
                kind = CounterKind::EcnMarked;
            else
                continue;
        } else
            continue;
        if (prio < 0 || prio > 7)
            continue;
        if (auto v = count(value, where, i + 1, name))
            put(out, { device, port, prio, kind, false }, *v, where, i + 1);
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
        if (name != "PortXmitDiscards")
            continue;
        if (auto v = count(value, where, i + 1, name))
            put(out, { device, port, -1, CounterKind::IbXmitDiscards, false }, *v, where, i + 1);
    }
}

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
            bool parsed = true;
            if (name == "pfc_counters.txt")
                parseSonicPfcCounters(text(), device, where, out);
            else if (name == "queue_counters.txt")
                parseSonicQueueCounters(text(), device, where, out);
            else if (name == "pfcwd_stats.txt")
                parseSonicPfcwdStats(text(), device, where, out);
            else if (startsWith(name, "ethtool_S_") && name.size() > 14 && name.substr(name.size() - 4) == ".txt")
                parseEthtoolStats(text(), device, name.substr(10, name.size() - 14), where, out);
            else if (name == "rdma_statistic.txt")
                parseRdmaStatistic(text(), device, where, out);
            else if (startsWith(name, "perfquery") && name.substr(name.size() - 4) == ".txt")
                parsePerfquery(text(), device, where, out);
            else
                parsed = false;
            if (parsed)
                out.files.push_back(device + "/" + name);
        }
    }
    // A folder that holds no capture is never "no change": it is the wrong folder (the capture root
    // given for a phase folder, a typo), and comparing it would be an all-clear for nothing.
    if (out.files.empty())
        throw InputError(SourceLocation { dir, 0, 0, "directory" },
            fmt::format("found no capture file in {} device folder{} (looked for DEVICE/pfc_counters.txt, queue_counters.txt, pfcwd_stats.txt, "
                        "ethtool_S_PORT.txt, rdma_statistic.txt, perfquery*.txt), expected a phase folder as lfp evidence writes it "
                        "(OUTDIR/before or OUTDIR/after, not OUTDIR)",
                devices.size(), devices.size() == 1 ? "" : "s"));
    return out;
}

} // namespace lfp
