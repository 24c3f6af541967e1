// SPDX-License-Identifier: GPL-3.0-or-later
#include "delta.h"

#include <algorithm>
#include <fmt/format.h>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

namespace lfp {

const char* toString(DeviceDelta::Kind k)
{
    switch (k) {
    case DeviceDelta::Kind::Added:
        return "added";
    case DeviceDelta::Kind::Removed:
        return "removed";
    case DeviceDelta::Kind::Changed:
        return "changed";
    }
    return "changed";
}

bool DeviceDelta::disruptive() const
{
    return std::any_of(commands.begin(), commands.end(), [](const ChangeCommand& c) { return c.disruptive; });
}

namespace {
    std::vector<std::string> splitLines(const std::string& s)
    {
        std::vector<std::string> out;
        std::size_t pos = 0;
        while (pos < s.size()) {
            auto nl = s.find('\n', pos);
            if (nl == std::string::npos) {
                out.push_back(s.substr(pos));
                break;
            }
            out.push_back(s.substr(pos, nl - pos));
            pos = nl + 1;
        }
        return out;
    }

    enum class Op { Keep, Del, Add };

    /// Edit script a → b (Myers 1986, "An O(ND) Difference Algorithm"), after trimming the common
    /// prefix and suffix; beyond kMaxD edits the middle is replaced wholesale.
    std::vector<std::pair<Op, std::size_t>> editScript(const std::vector<std::string>& a, const std::vector<std::string>& b)
    {
        std::vector<std::pair<Op, std::size_t>> ops; // (op, index in a for Keep/Del, in b for Add)
        std::size_t pre = 0;
        while (pre < a.size() && pre < b.size() && a[pre] == b[pre])
            ++pre;
        std::size_t suf = 0;
        while (suf < a.size() - pre && suf < b.size() - pre && a[a.size() - 1 - suf] == b[b.size() - 1 - suf])
            ++suf;
        for (std::size_t i = 0; i < pre; ++i)
            ops.emplace_back(Op::Keep, i);
        const auto n = static_cast<long>(a.size() - pre - suf), m = static_cast<long>(b.size() - pre - suf);
        constexpr long kMaxD = 1500; // trace memory is O(D²): ~36 MB at 1500
        const long maxD = std::min(n + m, kMaxD);
        const long off = maxD + 1;
        std::vector<long> v(static_cast<std::size_t>(2 * maxD + 3), 0);
        std::vector<std::vector<long>> trace;
        long found = -1;
        for (long d = 0; d <= maxD && found < 0; ++d) {
            trace.push_back(v);
            for (long k = -d; k <= d; k += 2) {
                long x;
                if (k == -d || (k != d && v[static_cast<std::size_t>(k - 1 + off)] < v[static_cast<std::size_t>(k + 1 + off)]))
                    x = v[static_cast<std::size_t>(k + 1 + off)];
                else
                    x = v[static_cast<std::size_t>(k - 1 + off)] + 1;
                long y = x - k;
                while (x < n && y < m && a[pre + static_cast<std::size_t>(x)] == b[pre + static_cast<std::size_t>(y)]) {
                    ++x;
                    ++y;
                }
                v[static_cast<std::size_t>(k + off)] = x;
                if (x >= n && y >= m) {
                    found = d;
                    break;
                }
            }
        }
        std::vector<std::pair<Op, std::size_t>> mid;
        if (found < 0) {
            for (long i = 0; i < n; ++i)
                mid.emplace_back(Op::Del, pre + static_cast<std::size_t>(i));
            for (long j = 0; j < m; ++j)
                mid.emplace_back(Op::Add, pre + static_cast<std::size_t>(j));
        } else {
            long x = n, y = m;
            for (long d = found; d > 0; --d) {
                const auto& vd = trace[static_cast<std::size_t>(d)];
                const long k = x - y;
                long prevK;
                if (k == -d || (k != d && vd[static_cast<std::size_t>(k - 1 + off)] < vd[static_cast<std::size_t>(k + 1 + off)]))
                    prevK = k + 1;
                else
                    prevK = k - 1;
                const long prevX = vd[static_cast<std::size_t>(prevK + off)];
                const long prevY = prevX - prevK;
                while (x > prevX && y > prevY) {
                    --x;
                    --y;
                    mid.emplace_back(Op::Keep, pre + static_cast<std::size_t>(x));
                }
                if (x == prevX)
                    mid.emplace_back(Op::Add, pre + static_cast<std::size_t>(--y));
                else
                    mid.emplace_back(Op::Del, pre + static_cast<std::size_t>(--x));
            }
            while (x > 0 && y > 0) {
                --x;
                --y;
                mid.emplace_back(Op::Keep, pre + static_cast<std::size_t>(x));
            }
            std::reverse(mid.begin(), mid.end());
        }
        ops.insert(ops.end(), mid.begin(), mid.end());
        for (std::size_t i = 0; i < suf; ++i)
            ops.emplace_back(Op::Keep, a.size() - suf + i);
        return ops;
    }
} // namespace

std::string unifiedDiff(const std::string& from, const std::string& to, const std::string& fromName, const std::string& toName, int context)
{
    if (from == to)
        return {};
    const auto a = splitLines(from), b = splitLines(to);
    const auto ops = editScript(a, b);
    // Line numbers of each op in a and b.
    struct Row {
        Op op;
        std::size_t ai, bi; ///< 0-based position in a / b before this op
        const std::string* text;
    };
    std::vector<Row> rows;
    std::size_t ai = 0, bi = 0;
    for (const auto& [op, idx] : ops) {
        if (op == Op::Keep) {
            rows.push_back({ op, ai, bi, &a[idx] });
            ++ai;
            ++bi;
        } else if (op == Op::Del) {
            rows.push_back({ op, ai, bi, &a[idx] });
            ++ai;
        } else {
            rows.push_back({ op, ai, bi, &b[idx] });
            ++bi;
        }
    }
    std::string out = fmt::format("--- {}\n+++ {}\n", fromName, toName);
    const auto ctx = static_cast<std::size_t>(std::max(0, context));
    std::size_t i = 0;
    while (i < rows.size()) {
        while (i < rows.size() && rows[i].op == Op::Keep)
            ++i;
        if (i >= rows.size())
            break;
        std::size_t start = i >= ctx ? i - ctx : 0;
        std::size_t end = i;
        // Extend the hunk while the next change is within 2·context lines.
        while (true) {
            while (end < rows.size() && rows[end].op != Op::Keep)
                ++end;
            std::size_t next = end;
            while (next < rows.size() && rows[next].op == Op::Keep)
                ++next;
            if (next < rows.size() && next - end <= 2 * ctx)
                end = next;
            else {
                end = std::min(rows.size(), end + ctx);
                break;
            }
        }
        std::size_t aCount = 0, bCount = 0;
        for (std::size_t r = start; r < end; ++r) {
            if (rows[r].op != Op::Add)
                ++aCount;
            if (rows[r].op != Op::Del)
                ++bCount;
        }
        out += fmt::format("@@ -{},{} +{},{} @@\n", aCount ? rows[start].ai + 1 : rows[start].ai, aCount, bCount ? rows[start].bi + 1 : rows[start].bi, bCount);
        for (std::size_t r = start; r < end; ++r)
            out += (rows[r].op == Op::Keep ? " " : rows[r].op == Op::Del ? "-" : "+") + *rows[r].text + "\n";
        i = end;
    }
    return out;
}

// ------------------------------------------------------------------------------------------------
// Commands per target.

namespace {
    using nlohmann::json;

    std::string shellQuote(const std::string& s)
    {
        std::string out = "'";
        for (char c : s)
            out += c == '\'' ? std::string("'\\''") : std::string(1, c);
        return out + "'";
    }

    /// SONiC: what a change to a config_db table does to traffic (buffermgrd / portmgrd behaviour,
    /// sonic.md §2-§3).
    std::string sonicDisruption(const std::string& table, const std::set<std::string>& fields)
    {
        if (table.rfind("BUFFER_", 0) == 0 || table == "CABLE_LENGTH" || table == "DEFAULT_LOSSLESS_BUFFER_PARAMETER" || table == "LOSSLESS_TRAFFIC_PATTERN")
            return "a buffer, PG or cable change re-creates the port's buffers: lossless traffic on the port is disrupted while they are rebuilt";
        if (table == "PORT") {
            for (const char* f : { "speed", "lanes", "fec", "mtu", "admin_status" })
                if (fields.count(f))
                    return fmt::format("a PORT {} change re-initialises the port: the link flaps", f);
        }
        if (table == "PORT_QOS_MAP" && (fields.count("pfc_enable") || fields.count("tc_to_pg_map") || fields.count("pfc_to_pg_map")))
            return "pfc_enable / PG map changes re-create the port's lossless priority groups";
        if (table == "DEVICE_METADATA" && fields.count("buffer_model"))
            return "switching the buffer model needs a config reload (every port's buffers are rebuilt)";
        return {};
    }

    std::vector<ChangeCommand> sonicCommands(const std::string& base, const std::string& cur)
    {
        std::vector<ChangeCommand> out;
        json a = base.empty() ? json::object() : json::parse(base, nullptr, false);
        json b = cur.empty() ? json::object() : json::parse(cur, nullptr, false);
        if (a.is_discarded() || b.is_discarded())
            return out;
        std::set<std::string> tables;
        for (auto it = a.begin(); it != a.end(); ++it)
            tables.insert(it.key());
        for (auto it = b.begin(); it != b.end(); ++it)
            tables.insert(it.key());
        auto fieldText = [](const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); };
        // Removals first (a removed profile must go before the PG that referenced it is re-pointed…
        // buffermgrd re-validates on each write), then additions and changes.
        std::vector<ChangeCommand> removals, writes;
        for (const auto& t : tables) {
            const json ta = a.value(t, json::object()), tb = b.value(t, json::object());
            std::set<std::string> keys;
            for (auto it = ta.begin(); it != ta.end(); ++it)
                keys.insert(it.key());
            for (auto it = tb.begin(); it != tb.end(); ++it)
                keys.insert(it.key());
            for (const auto& k : keys) {
                const std::string redisKey = t + "|" + k;
                if (!tb.contains(k)) {
                    std::set<std::string> fields;
                    for (auto f = ta[k].begin(); f != ta[k].end(); ++f)
                        fields.insert(f.key());
                    const std::string why = sonicDisruption(t, fields);
                    removals.push_back({ "sonic-db-cli CONFIG_DB DEL " + shellQuote(redisKey), true, !why.empty(), why });
                    continue;
                }
                const json fa = ta.value(k, json::object()), fb = tb[k];
                std::set<std::string> changed, gone;
                std::string set;
                for (auto f = fb.begin(); f != fb.end(); ++f)
                    if (!fa.contains(f.key()) || fa[f.key()] != f.value()) {
                        changed.insert(f.key());
                        set += " " + shellQuote(f.key()) + " " + shellQuote(fieldText(f.value()));
                    }
                for (auto f = fa.begin(); f != fa.end(); ++f)
                    if (!fb.contains(f.key()))
                        gone.insert(f.key());
                if (!gone.empty()) {
                    std::string del;
                    for (const auto& g : gone)
                        del += " " + shellQuote(g);
                    const std::string why = sonicDisruption(t, gone);
                    removals.push_back({ "sonic-db-cli CONFIG_DB HDEL " + shellQuote(redisKey) + del, true, !why.empty(), why });
                }
                if (!changed.empty()) {
                    const std::string why = sonicDisruption(t, changed);
                    writes.push_back({ "sonic-db-cli CONFIG_DB HSET " + shellQuote(redisKey) + set, false, !why.empty(), why });
                }
            }
        }
        out = std::move(writes);
        out.insert(out.begin(), removals.begin(), removals.end());
        if (!out.empty())
            out.push_back({ "sudo config save -y", false, false, {} });
        return out;
    }

    /// Indented CLI configs (EOS, NX-OS): blocks of a top-level line and its indented children.
    struct Block {
        std::string header;
        std::vector<std::string> children;
    };
    std::vector<Block> blocks(const std::string& text)
    {
        std::vector<Block> out;
        for (const auto& l : splitLines(text)) {
            const auto first = l.find_first_not_of(' ');
            if (first == std::string::npos || l[first] == '!' || l[first] == '#' || l == "end")
                continue;
            if (first == 0)
                out.push_back({ l, {} });
            else if (!out.empty())
                out.back().children.push_back(l);
        }
        return out;
    }
    std::string trimmed(const std::string& s)
    {
        const auto a = s.find_first_not_of(' ');
        return a == std::string::npos ? std::string() : s.substr(a);
    }

    std::string cliDisruption(const std::string& target, const Block& b, const std::vector<std::string>& lines)
    {
        auto any = [&](const char* word) {
            if (b.header.find(word) != std::string::npos)
                return true;
            return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(word) != std::string::npos; });
        };
        if (target == "eos" || target == "nxos") {
            if (any("   speed ") || any("  speed ") || any("error-correction") || any("  fec "))
                return "a speed or FEC change re-initialises the port: the link flaps";
        }
        if (target == "nxos") {
            if (b.header.find("type queuing") != std::string::npos || b.header.find("type network-qos") != std::string::npos || b.header == "system qos")
                return "an NX-OS queuing or network-qos policy change re-programs the queues: traffic drops briefly";
            if (any("priority-flow-control mode"))
                return "changing the PFC mode renegotiates PFC on the port";
            if (any("mtu"))
                return "an MTU change re-carves the port's buffers";
        }
        if (target == "huawei") {
            // huawei.md §2: `dcb pfc buffer` may fail on a congested port (configure on a shut port);
            // the headroom pool is chip-level; enabling PFC re-programs the port's lossless queues.
            if (any("dcb pfc buffer") || any("headroom-pool"))
                return "a headroom / PFC buffer change re-carves the lossless buffers and may fail on a congested port: apply it with the port shut";
            if (any("dcb pfc enable") || any("dcb pfc dscp-mapping"))
                return "enabling or changing PFC re-programs the port's lossless queues";
        }
        if (target == "eos") {
            if (any("priority-flow-control") || any("service-profile"))
                return "a RoCE (PFC / no-drop) mode change on EOS flaps the ports it applies to";
        }
        return {};
    }

    std::vector<ChangeCommand> cliCommands(const std::string& target, const std::string& base, const std::string& cur)
    {
        std::vector<ChangeCommand> out;
        const bool huawei = target == "huawei";
        const std::string neg = huawei ? "undo " : "no "; // VRP negates with undo
        const auto ba = blocks(base), bb = blocks(cur);
        std::map<std::string, const Block*> ia, ib;
        for (const auto& b : ba)
            ia[b.header] = &b;
        for (const auto& b : bb)
            ib[b.header] = &b;
        // Removed blocks: "no <header>" (for a single line the same: "no qos map …").
        for (const auto& b : ba)
            if (!ib.count(b.header)) {
                const std::string why = cliDisruption(target, b, b.children);
                const bool negated = b.header.rfind(neg, 0) == 0; // "undo dcb pfc global disable" is removed by its positive form
                out.push_back({ negated ? b.header.substr(neg.size()) : neg + b.header, true, !why.empty(), why });
            }
        for (const auto& b : bb) {
            auto it = ia.find(b.header);
            if (it == ia.end()) {
                std::string text = b.header;
                for (const auto& c : b.children)
                    text += "\n" + c;
                const std::string why = cliDisruption(target, b, b.children);
                out.push_back({ text, false, !why.empty(), why });
                continue;
            }
            const Block& old = *it->second;
            if (old.children == b.children)
                continue;
            std::vector<std::string> gone, added;
            const std::multiset<std::string> oldSet(old.children.begin(), old.children.end()), newSet(b.children.begin(), b.children.end());
            for (const auto& c : old.children)
                if (!newSet.count(c))
                    gone.push_back(c);
            for (const auto& c : b.children)
                if (!oldSet.count(c))
                    added.push_back(c);
            // Sub-blocks (tx-queue N, class …) are re-entered before their changed lines.
            std::string text = b.header;
            for (const auto& g : gone) {
                const auto depth = g.find_first_not_of(' ');
                text += "\n" + std::string(depth, ' ') + neg + trimmed(g);
            }
            for (const auto& c : added)
                text += "\n" + c;
            if (huawei && !b.children.empty())
                text += "\n quit";
            std::vector<std::string> touched = gone;
            touched.insert(touched.end(), added.begin(), added.end());
            const std::string why = cliDisruption(target, b, touched);
            out.push_back({ text, !gone.empty(), !why.empty(), why });
        }
        if (huawei && !out.empty()) {
            out.insert(out.begin(), { "system-view", false, false, {} });
            out.push_back({ "commit", false, false, {} });
        }
        return out;
    }

    /// NVUE: what an `nv set` / `nv unset` does to traffic. A RoCE mode change flaps the ports (issue 9);
    /// traffic pools, PFC and cable length re-carve the port buffers of the lossless pool (PFC needs the
    /// lossless pool first, nvue.md §2 and §4); an MTU change re-initialises the port.
    std::string nvueDisruption(const std::string& line)
    {
        if (line.find(" qos roce") != std::string::npos)
            return "a RoCE mode change re-programs the QoS profile of every port: the ports flap";
        if (line.find(" qos traffic-pool ") != std::string::npos || line.find(" qos pfc ") != std::string::npos || line.find(" qos pfc profile") != std::string::npos)
            return "a traffic-pool, PFC or cable-length change re-carves the port buffers: lossless traffic on the ports is disrupted while they are rebuilt";
        if (line.find(" link mtu ") != std::string::npos)
            return "an MTU change re-initialises the port: the link flaps";
        return {};
    }

    /// `nv set` lines of a commands file, with the value split off: (path, full line).
    std::vector<ChangeCommand> nvueCommands(const std::string& base, const std::string& cur)
    {
        std::vector<ChangeCommand> out;
        auto setLines = [](const std::string& text) {
            std::vector<std::string> v;
            for (const auto& l : splitLines(text))
                if (l.rfind("nv set ", 0) == 0)
                    v.push_back(l);
            return v;
        };
        const auto a = setLines(base), b = setLines(cur);
        const std::set<std::string> sa(a.begin(), a.end()), sb(b.begin(), b.end());
        // The exporter's value-less paths: list members (`qos pfc P switch-priority N`) and empty
        // containers (`interface X qos pfc-watchdog`); every other line is a leaf and its value.
        static const std::regex member("nv set qos pfc \\S+ switch-priority \\d+|nv set interface \\S+ qos pfc-watchdog");
        auto isMember = [](const std::string& l) { return std::regex_match(l, member); };
        // A removed leaf whose path is set again is a change of value (the new `nv set` replaces it);
        // otherwise the leaf's path is unset. A removed member is unset with its key.
        auto stem = [](const std::string& l) { return l.substr(0, l.rfind(' ')); };
        std::set<std::string> newStems;
        for (const auto& l : b)
            if (!sa.count(l) && !isMember(l))
                newStems.insert(stem(l));
        for (const auto& l : a) {
            if (sb.count(l))
                continue;
            const bool m = isMember(l);
            if (!m && newStems.count(stem(l)))
                continue;
            const std::string why = nvueDisruption(l);
            out.push_back({ "nv unset " + (m ? l : stem(l)).substr(7), true, !why.empty(), why });
        }
        for (const auto& l : b)
            if (!sa.count(l)) {
                const std::string why = nvueDisruption(l);
                out.push_back({ l, false, !why.empty(), why });
            }
        if (!out.empty())
            out.push_back({ "nv config apply", false, false, {} });
        return out;
    }

    /// Junos set form: a CNP change blocks the port until done (traffic loss on all queues,
    /// junos.md §3); buffer partitions re-carve the switch's buffer; an MTU change flaps the link.
    std::string junosDisruption(const std::string& line)
    {
        if (line.find(" congestion-notification-profile ") != std::string::npos)
            return "applying or changing a congestion-notification profile blocks the port until done: traffic loss on all queues";
        if (line.find(" shared-buffer ") != std::string::npos)
            return "a buffer-partition change re-carves the switch's shared buffer";
        if (line.find(" mtu ") != std::string::npos)
            return "an MTU change re-initialises the port: the link flaps";
        return {};
    }

    /// `delete` for every removed `set` line (a leaf whose value only changed is replaced by its new
    /// `set`, except leaf-lists such as code-points, which `set` extends), then the new lines, `commit`.
    std::vector<ChangeCommand> junosCommands(const std::string& base, const std::string& cur)
    {
        std::vector<ChangeCommand> out;
        auto setLines = [](const std::string& text) {
            std::vector<std::string> v;
            for (const auto& l : splitLines(text))
                if (l.rfind("set ", 0) == 0)
                    v.push_back(l);
            return v;
        };
        const auto a = setLines(base), b = setLines(cur);
        const std::set<std::string> sa(a.begin(), a.end()), sb(b.begin(), b.end());
        auto stem = [](const std::string& l) { return l.substr(0, l.rfind(' ')); };
        std::set<std::string> newStems;
        for (const auto& l : b)
            if (!sa.count(l))
                newStems.insert(stem(l));
        for (const auto& l : a) {
            const std::string st = stem(l);
            const bool leafList = st.size() >= 12 && st.compare(st.size() - 12, 12, " code-points") == 0;
            if (!sb.count(l) && (leafList || !newStems.count(st))) {
                const std::string why = junosDisruption(l);
                out.push_back({ "delete " + l.substr(4), true, !why.empty(), why });
            }
        }
        for (const auto& l : b)
            if (!sa.count(l)) {
                const std::string why = junosDisruption(l);
                out.push_back({ l, false, !why.empty(), why });
            }
        if (!out.empty())
            out.push_back({ "commit", false, false, {} });
        return out;
    }

    std::vector<ChangeCommand> linuxCommands(const std::string& base, const std::string& cur, const std::string& file)
    {
        if (cur.empty())
            return { { "# the host is no longer planned: its settings stay as they are; remove them by hand", true, false, {} } };
        bool mtu = false;
        const auto a = splitLines(base), b = splitLines(cur);
        const std::set<std::string> sa(a.begin(), a.end());
        for (const auto& l : b)
            if (!sa.count(l) && l.rfind("P_MTU=", 0) == 0)
                mtu = true;
        return { { "sudo ./" + file + " --apply && sudo ./" + file + " --check", false, mtu,
            mtu ? "an MTU change re-initialises the NIC's queues: the link goes down and up" : std::string() } };
    }
} // namespace

std::vector<DeviceDelta> computeDelta(const std::string& target, const ExportResult& base, const ExportResult& current)
{
    std::vector<DeviceDelta> out;
    std::set<std::string> names;
    for (const auto& [n, t] : base.files)
        names.insert(n);
    for (const auto& [n, t] : current.files)
        names.insert(n);
    for (const auto& name : names) {
        auto a = base.files.find(name), b = current.files.find(name);
        const std::string from = a == base.files.end() ? std::string() : a->second;
        const std::string to = b == current.files.end() ? std::string() : b->second;
        if (a != base.files.end() && b != current.files.end() && from == to)
            continue;
        DeviceDelta d;
        d.file = name;
        auto dev = current.deviceOf.find(name);
        d.device = dev != current.deviceOf.end() ? dev->second : (base.deviceOf.count(name) ? base.deviceOf.at(name) : name);
        d.kind = a == base.files.end() ? DeviceDelta::Kind::Added : b == current.files.end() ? DeviceDelta::Kind::Removed : DeviceDelta::Kind::Changed;
        d.diff = unifiedDiff(from, to, a == base.files.end() ? "/dev/null" : "a/" + name, b == current.files.end() ? "/dev/null" : "b/" + name);
        if (target == "sonic")
            d.commands = sonicCommands(from, to);
        else if (target == "eos" || target == "nxos" || target == "huawei")
            d.commands = cliCommands(target, from, to);
        else if (target == "linux")
            d.commands = linuxCommands(from, to, name);
        else if (target == "nvue" && name.size() > 9 && name.compare(name.size() - 9, 9, ".nvue.txt") == 0)
            d.commands = nvueCommands(from, to);
        else if (target == "junos")
            d.commands = junosCommands(from, to);
        else if (target == "nvue")
            d.commands = { { "# the same change as " + name.substr(0, name.find(".startup.yaml")) + ".nvue.txt; or: nv config patch " + name + " && nv config apply", false, false, {} } };
        out.push_back(std::move(d));
    }
    return out;
}

} // namespace lfp
