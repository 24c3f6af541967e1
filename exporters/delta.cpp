// SPDX-License-Identifier: GPL-3.0-or-later
#include "delta.h"

#include <algorithm>
#include <cctype>
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

    // ---- SONiC: an order the switch accepts (docs/export.md §Change delta)

    /// Tables whose entries others name (a BUFFER_PG names a BUFFER_PROFILE, which names a BUFFER_POOL;
    /// PORT_QOS_MAP names the maps; QUEUE names SCHEDULER and WRED_PROFILE entries), by creation rank:
    /// pools before profiles; -1 for tables nothing references.
    int referencedRank(const std::string& t)
    {
        if (t == "BUFFER_POOL")
            return 0;
        if (t == "BUFFER_PROFILE")
            return 1;
        if (t == "SCHEDULER" || t == "WRED_PROFILE")
            return 2;
        if (t != "PORT_QOS_MAP" && t.find("MAP") != std::string::npos) // DSCP_TO_TC_MAP, MAP_PFC_PRIORITY_TO_QUEUE, …
            return 2;
        return -1;
    }

    /// The phases of a SONiC delta, in the order they run, and why each stands there.
    enum class SonicStep { Release, ShrinkPool, HeadroomPoolOn, Create, Repoint, GrowReservation, HeadroomPoolOff, GrowPool, Delete };
    const char* stepReason(SonicStep s)
    {
        switch (s) {
        case SonicStep::Release:
            return "removes a reference or a reservation first: it frees buffer and keeps nothing in use that is deleted later";
        case SonicStep::ShrinkPool:
            return "shrinks a pool before any reservation grows: pools + reservations stay within the buffer";
        case SonicStep::Create:
            return "creates a pool, profile, map or scheduler before anything references it";
        case SonicStep::Repoint:
            return "re-points or changes an entry whose reservation shrinks or stays, before any reservation grows";
        case SonicStep::GrowReservation:
            return "grows a reservation after the pools shrank";
        case SonicStep::HeadroomPoolOn:
            return "turns the shared headroom pool on before any lossless profile relies on it (size below xon + xoff): profiles that do while the pool's xoff is 0 "
                   "fail the Mellanox SAI sanity check (sonic-swss pull request 3387)";
        case SonicStep::HeadroomPoolOff:
            return kSonicHeadroomPoolOffStep;
        case SonicStep::GrowPool:
            return "grows a pool after the reservations it shares the buffer with shrank";
        case SonicStep::Delete:
            return "deletes what nothing references any more (after the re-points; profiles before their pools)";
        }
        return "";
    }

    long long numberOf(const nlohmann::json& v)
    {
        const std::string s = v.is_string() ? v.get<std::string>() : v.dump();
        try {
            return std::stoll(s);
        } catch (const std::exception&) {
            return 0;
        }
    }

    /// The buffer a BUFFER_PG / BUFFER_QUEUE entry reserves under @p cfg: its profile's size × the PGs or
    /// queues of its key ("Ethernet0|3-4" → 2); 0 for other tables and unknown profiles.
    long long reservationOf(const nlohmann::json& cfg, const std::string& table, const std::string& key, const nlohmann::json& entry)
    {
        if ((table != "BUFFER_PG" && table != "BUFFER_QUEUE") || !entry.contains("profile"))
            return 0;
        const std::string prof = entry["profile"].is_string() ? entry["profile"].get<std::string>() : std::string();
        const auto profiles = cfg.find("BUFFER_PROFILE");
        if (profiles == cfg.end() || !profiles->contains(prof) || !(*profiles)[prof].contains("size"))
            return 0;
        long long count = 1;
        const auto bar = key.rfind('|');
        if (const auto dash = key.find('-', bar == std::string::npos ? 0 : bar); dash != std::string::npos && bar != std::string::npos)
            count = std::max<long long>(1, std::atoll(key.c_str() + dash + 1) - std::atoll(key.c_str() + bar + 1) + 1);
        return numberOf((*profiles)[prof]["size"]) * count;
    }

    /// Whether SONiC's generic config updater applies a change live: the tables it validates field by
    /// field for RDMA (sonic-utilities generic_config_updater/gcu_field_operation_validators.conf.json @
    /// 3ba2b66f775882a1ce8d98a58dea0c9f7d403cbd: PFC_WD timers and action; BUFFER_POOL
    /// ingress_lossless_pool size / xoff and egress_lossy_pool size, replace only; BUFFER_PROFILE
    /// dynamic_th and xoff, replace only; WRED_PROFILE AZURE_LOSSLESS green thresholds and probability,
    /// replace only) allow only those fields; the buffer model needs a config reload (sonic.md §3); other
    /// tables are not restricted by it.
    bool gcuLive(const std::string& table, const std::string& key, const std::set<std::string>& fields, bool replace)
    {
        auto only = [&](std::initializer_list<const char*> allowed) {
            return std::all_of(fields.begin(), fields.end(), [&](const std::string& f) { return std::any_of(allowed.begin(), allowed.end(), [&](const char* a) { return f == a; }); });
        };
        if (table == "DEVICE_METADATA")
            return !fields.count("buffer_model");
        if (table == "PFC_WD")
            return key == "GLOBAL" ? only({ "POLL_INTERVAL", "poll_interval" }) : only({ "detection_time", "restoration_time", "action" });
        if (table == "BUFFER_POOL")
            return replace && ((key == "ingress_lossless_pool" && only({ "size", "xoff" })) || (key == "egress_lossy_pool" && only({ "size" })));
        if (table == "BUFFER_PROFILE")
            return replace && only({ "dynamic_th", "xoff" });
        if (table == "WRED_PROFILE") {
            std::string k;
            for (char c : key)
                k += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            return replace && k == "azure_lossless" && only({ "green_min_threshold", "green_max_threshold", "green_drop_probability" });
        }
        return true;
    }

    struct SonicCmd {
        SonicStep step;
        int rank; ///< referencedRank, to order creates (ascending) and deletes (descending)
        ChangeCommand cmd;
    };

    /// One table entry's commands: deleted, created or changed (fields removed, fields set).
    void sonicEntry(const nlohmann::json& a, const nlohmann::json& b, const std::string& t, const std::string& k, std::vector<SonicCmd>& out);

    std::vector<ChangeCommand> sonicCommands(const std::string& base, const std::string& cur)
    {
        std::vector<ChangeCommand> out;
        json a = base.empty() ? json::object() : json::parse(base, nullptr, false);
        json b = cur.empty() ? json::object() : json::parse(cur, nullptr, false);
        if (a.is_discarded() || b.is_discarded())
            return out;
        // The dynamic buffer model: buffermgrd derives the lossless PG profiles from their inputs
        // (CABLE_LENGTH, the lossless PGs of BUFFER_PG, the port speed and MTU); the delta writes the
        // inputs only, never a pg_lossless_* profile (sonic-buildimage issue 23403: buffermgrd rewrites them).
        auto dynamicModel = [](const json& c) { return c.value(json::json_pointer("/DEVICE_METADATA/localhost/buffer_model"), std::string()) == "dynamic"; };
        const bool dynamic = dynamicModel(a) || dynamicModel(b);
        std::set<std::string> tables;
        for (const json* c : { &a, &b })
            for (auto it = c->begin(); it != c->end(); ++it)
                tables.insert(it.key());
        std::vector<SonicCmd> cmds;
        for (const auto& t : tables) {
            const json ta = a.value(t, json::object()), tb = b.value(t, json::object());
            std::set<std::string> keys;
            for (const json* x : { &ta, &tb })
                for (auto it = x->begin(); it != x->end(); ++it)
                    keys.insert(it.key());
            for (const auto& k : keys)
                if (!(dynamic && t == "BUFFER_PROFILE" && k.rfind("pg_lossless_", 0) == 0))
                    sonicEntry(a, b, t, k, cmds);
        }
        std::stable_sort(cmds.begin(), cmds.end(), [](const SonicCmd& x, const SonicCmd& y) {
            if (x.step != y.step)
                return x.step < y.step;
            return x.step == SonicStep::Delete ? x.rank > y.rank : x.rank < y.rank;
        });
        for (auto& c : cmds) {
            c.cmd.step = stepReason(c.step);
            out.push_back(std::move(c.cmd));
        }
        if (!out.empty())
            out.push_back({ "sudo config save -y", false, false, {}, "saves the running CONFIG_DB once every step is in", std::nullopt });
        return out;
    }

    void sonicEntry(const nlohmann::json& a, const nlohmann::json& b, const std::string& t, const std::string& k, std::vector<SonicCmd>& out)
    {
        auto fieldText = [](const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); };
        const json ta = a.value(t, json::object()), tb = b.value(t, json::object());
        const std::string redisKey = t + "|" + k;
        const int rank = referencedRank(t);
        auto add = [&](SonicStep step, std::string text, bool removal, const std::set<std::string>& fields, bool replace) {
            const std::string why = sonicDisruption(t, fields);
            out.push_back({ step, rank, { std::move(text), removal, !why.empty(), why, {}, gcuLive(t, k, fields, replace) } });
        };
        auto keysOf = [](const json& e) {
            std::set<std::string> f;
            for (auto it = e.begin(); it != e.end(); ++it)
                f.insert(it.key());
            return f;
        };
        if (!tb.contains(k)) {
            add(rank >= 0 ? SonicStep::Delete : SonicStep::Release, "sonic-db-cli CONFIG_DB DEL " + shellQuote(redisKey), true, keysOf(ta[k]), false);
            return;
        }
        const bool existed = ta.contains(k);
        const json fa = existed ? ta[k] : json::object(), fb = tb[k];
        std::set<std::string> gone;
        for (auto f = fa.begin(); f != fa.end(); ++f)
            if (!fb.contains(f.key()))
                gone.insert(f.key());
        // The shared headroom pool turned off (ingress_lossless_pool.xoff removed or 0) or its
        // over-subscription changed (the dynamic model's over_subscribe_ratio): after every profile change.
        const bool shpPool = t == "BUFFER_POOL" && k == "ingress_lossless_pool";
        const char* shpField = shpPool ? "xoff" : t == "DEFAULT_LOSSLESS_BUFFER_PARAMETER" ? "over_subscribe_ratio" : nullptr;
        if (shpField && gone.erase(shpField))
            add(SonicStep::HeadroomPoolOff, "sonic-db-cli CONFIG_DB HDEL " + shellQuote(redisKey) + " " + shellQuote(shpField), true, { shpField }, false);
        if (!gone.empty()) {
            std::string del;
            for (const auto& g : gone)
                del += " " + shellQuote(g);
            add(rank >= 0 ? SonicStep::Repoint : SonicStep::Release, "sonic-db-cli CONFIG_DB HDEL " + shellQuote(redisKey) + del, true, gone, false);
        }
        // Changed fields, split by direction where the buffer is at stake: a pool's shrinking fields and
        // its growing ones are two steps; an entry's reservation decides whether it grows.
        std::map<SonicStep, std::pair<std::string, std::set<std::string>>> sets;
        const long long resA = reservationOf(a, t, k, fa), resB = reservationOf(b, t, k, fb);
        for (auto f = fb.begin(); f != fb.end(); ++f) {
            if (fa.contains(f.key()) && fa[f.key()] == f.value())
                continue;
            SonicStep step = SonicStep::Repoint;
            if (!existed && rank >= 0)
                step = SonicStep::Create;
            else if (t == "BUFFER_POOL" && existed)
                step = numberOf(f.value()) < numberOf(fa.value(f.key(), json(0))) ? SonicStep::ShrinkPool : SonicStep::GrowPool;
            else if (t == "BUFFER_PROFILE" && (f.key() == "size" || f.key() == "xoff") && numberOf(f.value()) > numberOf(fa.value(f.key(), json(0))))
                step = SonicStep::GrowReservation;
            else if (resB > resA)
                step = SonicStep::GrowReservation;
            if ((shpPool && f.key() == "xoff" && numberOf(f.value()) == 0) || (t == "DEFAULT_LOSSLESS_BUFFER_PARAMETER" && f.key() == "over_subscribe_ratio"))
                step = SonicStep::HeadroomPoolOff;
            else if (shpPool && existed && f.key() == "xoff" && numberOf(fa.value("xoff", json(0))) == 0)
                step = SonicStep::HeadroomPoolOn;
            auto& [text, fields] = sets[step];
            text += " " + shellQuote(f.key()) + " " + shellQuote(fieldText(f.value()));
            fields.insert(f.key());
        }
        for (const auto& [step, tf] : sets)
            add(step, "sonic-db-cli CONFIG_DB HSET " + shellQuote(redisKey) + tf.first, false, tf.second, existed);
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
        // New and changed blocks first, in the order the renderers write them (maps, classes, profiles and
        // policies before the interfaces that name them: create before reference); removed blocks last,
        // in reverse order of the base file (the interfaces stop naming a policy before it goes: re-point
        // before delete). The rollback is the same rule run from the new file to the base.
        const char* const createStep = "new and changed blocks in the configuration's own order: what is named is created before what names it";
        for (const auto& b : bb) {
            auto it = ia.find(b.header);
            if (it == ia.end()) {
                std::string text = b.header;
                for (const auto& c : b.children)
                    text += "\n" + c;
                const std::string why = cliDisruption(target, b, b.children);
                out.push_back({ text, false, !why.empty(), why, createStep, std::nullopt });
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
            out.push_back({ text, !gone.empty(), !why.empty(), why, createStep, std::nullopt });
        }
        // Removed blocks: "no <header>" (for a single line the same: "no qos map …").
        for (auto b = ba.rbegin(); b != ba.rend(); ++b)
            if (!ib.count(b->header)) {
                const std::string why = cliDisruption(target, *b, b->children);
                const bool negated = b->header.rfind(neg, 0) == 0; // "undo dcb pfc global disable" is removed by its positive form
                out.push_back({ negated ? b->header.substr(neg.size()) : neg + b->header, true, !why.empty(), why,
                    "removed blocks last, in reverse order: nothing names them any more when they go", std::nullopt });
            }
        if (huawei && !out.empty()) {
            out.insert(out.begin(), { "system-view", false, false, {} });
            out.push_back({ "commit", false, false, {}, "the two-stage configuration takes effect at commit (huawei.md §2)", std::nullopt });
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
        static const std::regex member("nv set qos pfc \\S+ switch-priority \\d+|nv set qos traffic-pool \\S+ switch-priority \\d+|nv set interface \\S+ qos "
                                       "pfc-watchdog|nv set interface \\S+ lldp application-tlv udp-port \\d+");
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
            out.push_back({ "nv config apply", false, false, {}, "NVUE applies the pending revision as one: the order of the `nv set` / `nv unset` lines above does not matter", std::nullopt });
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
            out.push_back({ "commit", false, false, {}, "Junos checks and activates the candidate configuration as one at commit: the order of the lines above does not matter", std::nullopt });
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
