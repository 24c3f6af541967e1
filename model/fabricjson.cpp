// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabricjson.h"

#include "errors.h"
#include "fabricjson_fast.h"
#include "fielddescriptor.h"
#include "fieldrules.h"
#include "fileio.h"
#include "jsontext.h"
#include "textsafe.h"

#include <algorithm>
#include <exception>
#include <system_error>
#include <thread>
#include <fmt/format.h>
#include <map>
#include <nlohmann/json.hpp>

namespace lfp {

using nlohmann::json;

namespace {

    // ---------------------------------------------------------------- reading helpers

    std::string typeName(const json& v)
    {
        switch (v.type()) {
        case json::value_t::null:
            return "null";
        case json::value_t::object:
            return "an object";
        case json::value_t::array:
            return "an array";
        case json::value_t::string:
            return fmt::format("the string \"{}\"", escapeTerminal(v.get_ref<const std::string&>().substr(0, 200)));
        case json::value_t::boolean:
            return v.get<bool>() ? "true" : "false";
        case json::value_t::number_integer:
        case json::value_t::number_unsigned:
        case json::value_t::number_float:
            return fmt::format("the number {}", v.dump());
        default:
            return "an unexpected value";
        }
    }

    std::string escapeToken(std::string_view key)
    {
        std::string out;
        for (char c : key) {
            if (c == '~')
                out += "~0";
            else if (c == '/')
                out += "~1";
            else
                out += c;
        }
        return out;
    }

    std::string child(const std::string& path, std::string_view key) { return path + "/" + escapeToken(key); }
    std::string child(const std::string& path, std::size_t i) { return path + "/" + std::to_string(i); }

    [[noreturn]] void bad(const std::string& path, const std::string& what)
    {
        throw InputError(SourceLocation { {}, 0, 0, path.empty() ? "/" : path }, what);
    }

    void expectObject(const json& v, const std::string& path)
    {
        if (!v.is_object())
            bad(path, fmt::format("found {}, expected an object", typeName(v)));
    }
    void expectArray(const json& v, const std::string& path)
    {
        if (!v.is_array())
            bad(path, fmt::format("found {}, expected an array", typeName(v)));
    }

    void checkKeys(const json& obj, const std::string& path, std::initializer_list<const char*> allowed)
    {
        for (auto it = obj.begin(); it != obj.end(); ++it) {
            const bool ok = std::any_of(allowed.begin(), allowed.end(), [&](const char* k) { return it.key() == k; });
            if (!ok) {
                std::string list;
                for (const char* k : allowed)
                    list += (list.empty() ? "" : ", ") + std::string(k);
                bad(child(path, it.key()), fmt::format("unknown field \"{}\", expected one of: {}", escapeTerminal(it.key().substr(0, 200)), list));
            }
        }
    }

    const json* find(const json& obj, const char* key)
    {
        auto it = obj.find(key);
        return it == obj.end() ? nullptr : &*it;
    }

    const json& require(const json& obj, const std::string& path, const char* key)
    {
        const json* v = find(obj, key);
        if (!v)
            bad(path, fmt::format("missing field \"{}\"", key));
        return *v;
    }

    /// Fields that hold free text (descriptions, notes, citations): tab and newline are allowed there.
    bool isFreeTextField(const std::string& path)
    {
        const auto slash = path.rfind('/');
        const std::string_view last = slash == std::string::npos ? std::string_view(path) : std::string_view(path).substr(slash + 1);
        return textKindOfKey(last) == TextKind::FreeText || path.find("/sources/") != std::string::npos;
    }

    std::string asString(const json& v, const std::string& path)
    {
        if (!v.is_string())
            bad(path, fmt::format("found {}, expected a string", typeName(v)));
        const auto& s = v.get_ref<const std::string&>();
        if (auto message = textMessage(s, isFreeTextField(path) ? TextKind::FreeText : TextKind::Name))
            bad(path, *message);
        return s;
    }

    std::string optString(const json& obj, const std::string& path, const char* key, std::string def = {})
    {
        const json* v = find(obj, key);
        return v ? asString(*v, child(path, key)) : def;
    }

    std::int64_t asInt(const json& v, const std::string& path, std::int64_t lo, std::int64_t hi)
    {
        if (!v.is_number_integer())
            bad(path, fmt::format("found {}, expected a whole number from {} to {}", typeName(v), lo, hi));
        const auto x = v.is_number_unsigned() ? static_cast<std::int64_t>(std::min<std::uint64_t>(v.get<std::uint64_t>(), INT64_MAX))
                                              : v.get<std::int64_t>();
        if (x < lo || x > hi)
            bad(path, rangeMessage(x, { lo, hi }));
        return x;
    }

    int optInt(const json& obj, const std::string& path, const char* key, int def, int lo, int hi)
    {
        const json* v = find(obj, key);
        return v ? static_cast<int>(asInt(*v, child(path, key), lo, hi)) : def;
    }

    bool optBool(const json& obj, const std::string& path, const char* key, bool def)
    {
        const json* v = find(obj, key);
        if (!v)
            return def;
        if (!v->is_boolean())
            bad(child(path, key), fmt::format("found {}, expected true or false", typeName(*v)));
        return v->get<bool>();
    }

    double asNumber(const json& v, const std::string& path)
    {
        if (!v.is_number())
            bad(path, fmt::format("found {}, expected a number", typeName(v)));
        return v.get<double>();
    }

    template <class Parse>
    auto withUnit(const json& v, const std::string& path, Parse parse, const char* forms)
    {
        if (!v.is_string())
            bad(path, fmt::format("found {}, expected a string: {}", typeName(v), forms));
        try {
            return parse(v.get_ref<const std::string&>());
        } catch (const UnitError& e) {
            bad(path, e.what());
        }
    }

    Bytes asBytes(const json& v, const std::string& path)
    {
        if (v.is_number_integer())
            return Bytes(asInt(v, path, 0, static_cast<std::int64_t>(kMaxBytes))); // 0 .. 1 TiB (units.h)
        return withUnit(v, path, parseBytes, kByteForms);
    }

    std::optional<Bytes> optBytes(const json& obj, const std::string& path, const char* key)
    {
        const json* v = find(obj, key);
        if (!v || v->is_null())
            return std::nullopt;
        return asBytes(*v, child(path, key));
    }

    template <class E>
    E asEnum(const json& v, const std::string& path, std::optional<E> (*parse)(std::string_view), const char* accepted)
    {
        const std::string s = asString(v, path);
        auto e = parse(s);
        if (!e)
            bad(path, fmt::format("found \"{}\", expected one of: {}", s, accepted));
        return *e;
    }

    std::vector<int> intList(const json& v, const std::string& path, int lo, int hi)
    {
        expectArray(v, path);
        std::vector<int> out;
        for (std::size_t i = 0; i < v.size(); ++i)
            out.push_back(static_cast<int>(asInt(v[i], child(path, i), lo, hi)));
        return out;
    }

    // ---------------------------------------------------------------- QoS policy

    json dscpMapToJson(const std::array<int, kDscpValues>& m)
    {
        std::map<int, int> counts;
        for (int v : m)
            ++counts[v];
        int def = 0;
        int best = -1;
        for (auto [v, c] : counts)
            if (c > best) {
                best = c;
                def = v;
            }
        json j = json::object();
        j["default"] = def;
        for (int d = 0; d < kDscpValues; ++d)
            if (m[static_cast<std::size_t>(d)] != def)
                j[std::to_string(d)] = m[static_cast<std::size_t>(d)];
        return j;
    }

    std::array<int, kDscpValues> dscpMapFromJson(const json& j, const std::string& path)
    {
        expectObject(j, path);
        std::array<int, kDscpValues> m {};
        const int def = optInt(j, path, "default", 0, 0, kPriorities - 1);
        m.fill(def);
        for (auto it = j.begin(); it != j.end(); ++it) {
            if (it.key() == "default")
                continue;
            int d = -1;
            try {
                std::size_t used = 0;
                d = std::stoi(it.key(), &used);
                if (used != it.key().size())
                    d = -1;
            } catch (...) {
                d = -1;
            }
            if (d < 0 || d >= kDscpValues)
                bad(child(path, it.key()), fmt::format("found key \"{}\", expected a DSCP value 0..63 or \"default\"", it.key()));
            m[static_cast<std::size_t>(d)] = static_cast<int>(asInt(it.value(), child(path, it.key()), 0, kPriorities - 1));
        }
        return m;
    }

    /// "dscp_rewrite": {"26": 0} — the DSCP a port's egress rewrites (remarks) to, per DSCP.
    std::vector<std::pair<int, int>> dscpRewriteFromJson(const json& j, const std::string& path)
    {
        expectObject(j, path);
        std::map<int, int> m;
        for (auto it = j.begin(); it != j.end(); ++it) {
            int d = -1;
            try {
                std::size_t used = 0;
                d = std::stoi(it.key(), &used);
                if (used != it.key().size())
                    d = -1;
            } catch (...) {
                d = -1;
            }
            if (d < 0 || d >= kDscpValues)
                bad(child(path, it.key()), fmt::format("found key \"{}\", expected a DSCP value 0..63", it.key()));
            m[d] = static_cast<int>(asInt(it.value(), child(path, it.key()), 0, kDscpValues - 1));
        }
        return { m.begin(), m.end() };
    }

    json prioArrayToJson(const std::array<int, kPriorities>& a) { return json(std::vector<int>(a.begin(), a.end())); }

    std::array<int, kPriorities> prioArrayFromJson(const json& j, const std::string& path)
    {
        expectArray(j, path);
        if (j.size() != kPriorities)
            bad(path, fmt::format("found {} entries, expected 8 (one per traffic class 0..7)", j.size()));
        std::array<int, kPriorities> a {};
        for (std::size_t i = 0; i < kPriorities; ++i)
            a[i] = static_cast<int>(asInt(j[i], child(path, i), 0, kPriorities - 1));
        return a;
    }

    json bitmapToList(std::uint8_t bits)
    {
        json a = json::array();
        for (int p = 0; p < kPriorities; ++p)
            if (bits & (1u << p))
                a.push_back(p);
        return a;
    }

} // namespace

json policyToJson(const QosPolicy& p)
{
    json j;
    j["name"] = p.name;
    if (!p.description.empty())
        j["description"] = p.description;
    j["trust"] = toString(p.trust);
    json classes = json::array();
    for (const auto& c : p.classes) {
        json cj = { { "id", c.id }, { "name", c.name } };
        if (c.contract)
            cj["contract"] = toString(*c.contract);
        if (c.losslessAs)
            cj["lossless_as"] = *c.losslessAs;
        classes.push_back(std::move(cj));
    }
    j["classes"] = classes;
    j["dscp_to_tc"] = dscpMapToJson(p.dscpToTc);
    j["tc_to_pg"] = prioArrayToJson(p.tcToPg);
    j["tc_to_queue"] = prioArrayToJson(p.tcToQueue);
    j["lossless"] = p.losslessPriorities;
    json ets = json::array();
    for (const auto& e : p.ets)
        ets.push_back({ { "queue", e.queue }, { "mode", toString(e.mode) }, { "weight", e.weight } });
    j["ets"] = ets;
    json ecn = json::array();
    for (const auto& e : p.ecn)
        ecn.push_back({ { "name", e.name }, { "kmin", e.kmin.value() }, { "kmax", e.kmax.value() }, { "pmax", e.pmax }, { "queues", e.queues } });
    j["ecn"] = ecn;
    j["pfc_watchdog"] = { { "enabled", p.watchdog.enabled },
        { "detection", formatDuration(p.watchdog.detection) },
        { "restoration", formatDuration(p.watchdog.restoration) },
        { "action", toString(p.watchdog.action) } };
    j["cnp"] = { { "priority", p.cnpPriority }, { "dscp", p.cnpDscp } };
    j["nic"] = { { "trust", toString(p.nic.trust) },
        { "pfc", bitmapToList(p.nic.pfcBitmap) },
        { "ecn_rp", p.nic.ecnReactionPoint },
        { "ecn_np", p.nic.ecnNotificationPoint },
        { "roce_priority", p.nic.rocePriority },
        { "roce_dscp", p.nic.roceDscp },
        { "cnp_priority", p.nic.cnpPriority },
        { "cnp_dscp", p.nic.cnpDscp } };
    if (p.nic.appTos >= 0)
        j["nic"]["app_tos"] = p.nic.appTos;
    // Written only when not the default, so files without a contract stay byte-identical.
    if (p.contract != ContractProfile::Dcqcn)
        j["contract"] = toString(p.contract);
    if (!p.dscpRewrite.empty()) {
        json r = json::object();
        for (const auto& [from, to] : p.dscpRewrite)
            r[std::to_string(from)] = to;
        j["dscp_rewrite"] = r;
    }
    return j;
}

json ibQosToJson(const IbQosPolicy& p)
{
    json j;
    j["name"] = p.name;
    j["class"] = toString(p.portClass);
    if (p.operVls)
        j["oper_vls"] = p.operVls;
    j["sl2vl"] = p.sl2vl;
    auto table = [](const std::vector<IbVlArbEntry>& t) {
        json a = json::array();
        for (const auto& e : t)
            a.push_back({ { "vl", e.vl }, { "weight", e.weight } });
        return a;
    };
    if (!p.vlArbHigh.empty())
        j["vlarb_high"] = table(p.vlArbHigh);
    if (!p.vlArbLow.empty())
        j["vlarb_low"] = table(p.vlArbLow);
    if (p.highLimit >= 0)
        j["high_limit"] = p.highLimit;
    if (!p.serviceLevels.empty())
        j["service_levels"] = p.serviceLevels;
    return j;
}

IbQosPolicy ibQosFromJson(const json& j, const std::string& path)
{
    expectObject(j, path);
    checkKeys(j, path, { "name", "class", "oper_vls", "sl2vl", "vlarb_high", "vlarb_low", "high_limit", "service_levels" });
    IbQosPolicy p;
    p.name = asString(require(j, path, "name"), child(path, "name"));
    if (p.name.empty())
        bad(child(path, "name"), "found an empty name, expected a policy name");
    if (auto v = find(j, "class"))
        p.portClass = asEnum<IbPortClass>(*v, child(path, "class"), ibPortClassFromString, "all, ca, switch-external, switch-port0, router");
    if (auto v = find(j, "oper_vls")) {
        const auto vp = child(path, "oper_vls");
        p.operVls = static_cast<int>(asInt(*v, vp, 1, 15));
        if (p.operVls != 1 && p.operVls != 2 && p.operVls != 4 && p.operVls != 8 && p.operVls != 15)
            bad(vp, fmt::format("found {}, expected 1, 2, 4, 8 or 15 data VLs (IBA PortInfo OperVLs)", p.operVls));
    }
    {
        const auto sp = child(path, "sl2vl");
        const json& v = require(j, path, "sl2vl");
        expectArray(v, sp);
        if (v.size() != static_cast<std::size_t>(kIbServiceLevels))
            bad(sp, fmt::format("found {} entries, expected 16: the VL of SL 0 to SL 15", v.size()));
        for (std::size_t i = 0; i < v.size(); ++i)
            p.sl2vl[i] = static_cast<int>(asInt(v[i], child(sp, i), 0, 15));
    }
    auto table = [&](const char* key, std::vector<IbVlArbEntry>& out) {
        const json* v = find(j, key);
        if (!v)
            return;
        const auto tp = child(path, key);
        expectArray(*v, tp);
        if (v->size() > 64)
            bad(tp, fmt::format("found {} entries, expected at most 64 (IBA VLArbitrationTable)", v->size()));
        for (std::size_t i = 0; i < v->size(); ++i) {
            const auto ep = child(tp, i);
            const json& e = (*v)[i];
            expectObject(e, ep);
            checkKeys(e, ep, { "vl", "weight" });
            out.push_back({ static_cast<int>(asInt(require(e, ep, "vl"), child(ep, "vl"), 0, 14)),
                static_cast<int>(asInt(require(e, ep, "weight"), child(ep, "weight"), 0, 255)) });
        }
    };
    table("vlarb_high", p.vlArbHigh);
    table("vlarb_low", p.vlArbLow);
    p.highLimit = optInt(j, path, "high_limit", -1, 0, 255);
    if (auto v = find(j, "service_levels")) {
        const auto sp = child(path, "service_levels");
        p.serviceLevels = intList(*v, sp, 0, 15);
        std::sort(p.serviceLevels.begin(), p.serviceLevels.end());
        if (std::adjacent_find(p.serviceLevels.begin(), p.serviceLevels.end()) != p.serviceLevels.end())
            bad(sp, "found an SL twice, expected each SL once");
    }
    return p;
}

QosPolicy policyFromJson(const json& j, const std::string& path)
{
    expectObject(j, path);
    checkKeys(j, path, { "name", "description", "trust", "classes", "dscp_to_tc", "tc_to_pg", "tc_to_queue", "lossless", "ets", "ecn", "pfc_watchdog", "cnp", "nic",
        "contract", "dscp_rewrite" });
    QosPolicy p;
    p.name = asString(require(j, path, "name"), child(path, "name"));
    if (p.name.empty())
        bad(child(path, "name"), "found an empty name, expected a policy name");
    p.description = optString(j, path, "description");
    if (auto v = find(j, "trust"))
        p.trust = asEnum<TrustMode>(*v, child(path, "trust"), trustModeFromString, "dscp, pcp");
    if (auto v = find(j, "classes")) {
        const auto cp = child(path, "classes");
        expectArray(*v, cp);
        for (std::size_t i = 0; i < v->size(); ++i) {
            const auto ip = child(cp, i);
            const json& c = (*v)[i];
            expectObject(c, ip);
            checkKeys(c, ip, { "id", "name", "contract", "lossless_as" });
            TrafficClass tc { static_cast<int>(asInt(require(c, ip, "id"), child(ip, "id"), 0, 7)), optString(c, ip, "name") };
            if (auto k = find(c, "contract"))
                tc.contract = asEnum<ContractProfile>(*k, child(ip, "contract"), contractProfileFromString, "dcqcn, pfc-only, ecn-only");
            if (auto k = find(c, "lossless_as"))
                tc.losslessAs = static_cast<int>(asInt(*k, child(ip, "lossless_as"), 0, 7));
            p.classes.push_back(std::move(tc));
        }
    }
    p.dscpToTc.fill(0);
    if (auto v = find(j, "dscp_to_tc"))
        p.dscpToTc = dscpMapFromJson(*v, child(path, "dscp_to_tc"));
    for (int i = 0; i < kPriorities; ++i)
        p.tcToQueue[static_cast<std::size_t>(i)] = i;
    if (auto v = find(j, "tc_to_pg"))
        p.tcToPg = prioArrayFromJson(*v, child(path, "tc_to_pg"));
    if (auto v = find(j, "tc_to_queue"))
        p.tcToQueue = prioArrayFromJson(*v, child(path, "tc_to_queue"));
    if (auto v = find(j, "lossless"))
        p.losslessPriorities = intList(*v, child(path, "lossless"), 0, 7);
    if (auto v = find(j, "ets")) {
        const auto ep = child(path, "ets");
        expectArray(*v, ep);
        for (std::size_t i = 0; i < v->size(); ++i) {
            const auto ip = child(ep, i);
            const json& e = (*v)[i];
            expectObject(e, ip);
            checkKeys(e, ip, { "queue", "mode", "weight" });
            EtsQueue q;
            q.queue = static_cast<int>(asInt(require(e, ip, "queue"), child(ip, "queue"), 0, 7));
            if (auto m = find(e, "mode"))
                q.mode = asEnum<SchedulerMode>(*m, child(ip, "mode"), schedulerModeFromString, "dwrr, strict");
            q.weight = optInt(e, ip, "weight", 0, 0, 100);
            p.ets.push_back(q);
        }
    }
    if (auto v = find(j, "contract"))
        p.contract = asEnum<ContractProfile>(*v, child(path, "contract"), contractProfileFromString, "dcqcn, pfc-only, ecn-only");
    if (auto v = find(j, "dscp_rewrite"))
        p.dscpRewrite = dscpRewriteFromJson(*v, child(path, "dscp_rewrite"));
    if (auto v = find(j, "ecn")) {
        const auto ep = child(path, "ecn");
        expectArray(*v, ep);
        for (std::size_t i = 0; i < v->size(); ++i) {
            const auto ip = child(ep, i);
            const json& e = (*v)[i];
            expectObject(e, ip);
            checkKeys(e, ip, { "name", "kmin", "kmax", "pmax", "queues" });
            EcnProfile prof;
            prof.name = optString(e, ip, "name");
            prof.kmin = asBytes(require(e, ip, "kmin"), child(ip, "kmin"));
            prof.kmax = asBytes(require(e, ip, "kmax"), child(ip, "kmax"));
            prof.pmax = asNumber(require(e, ip, "pmax"), child(ip, "pmax"));
            if (prof.pmax < 0 || prof.pmax > 1)
                bad(child(ip, "pmax"), fmt::format("found {}, expected a probability from 0 to 1", prof.pmax));
            if (auto q = find(e, "queues"))
                prof.queues = intList(*q, child(ip, "queues"), 0, 7);
            p.ecn.push_back(prof);
        }
    }
    if (auto v = find(j, "pfc_watchdog")) {
        const auto wp = child(path, "pfc_watchdog");
        expectObject(*v, wp);
        checkKeys(*v, wp, { "enabled", "detection", "restoration", "action" });
        p.watchdog.enabled = optBool(*v, wp, "enabled", true);
        if (auto d = find(*v, "detection"))
            p.watchdog.detection = withUnit(*d, child(wp, "detection"), parseDuration, kDurationForms);
        if (auto d = find(*v, "restoration"))
            p.watchdog.restoration = withUnit(*d, child(wp, "restoration"), parseDuration, kDurationForms);
        if (auto a = find(*v, "action"))
            p.watchdog.action = asEnum<WatchdogAction>(*a, child(wp, "action"), watchdogActionFromString, "drop, forward, alert");
    } else {
        p.watchdog.enabled = false;
    }
    if (auto v = find(j, "cnp")) {
        const auto cp = child(path, "cnp");
        expectObject(*v, cp);
        checkKeys(*v, cp, { "priority", "dscp" });
        p.cnpPriority = optInt(*v, cp, "priority", 6, 0, 7);
        p.cnpDscp = optInt(*v, cp, "dscp", 48, 0, 63);
    }
    if (auto v = find(j, "nic")) {
        const auto np = child(path, "nic");
        expectObject(*v, np);
        checkKeys(*v, np, { "trust", "pfc", "ecn_rp", "ecn_np", "roce_priority", "roce_dscp", "cnp_priority", "cnp_dscp", "app_tos" });
        if (auto t = find(*v, "trust"))
            p.nic.trust = asEnum<TrustMode>(*t, child(np, "trust"), trustModeFromString, "dscp, pcp");
        p.nic.pfcBitmap = 0;
        if (auto b = find(*v, "pfc"))
            for (int prio : intList(*b, child(np, "pfc"), 0, 7))
                p.nic.pfcBitmap = static_cast<std::uint8_t>(p.nic.pfcBitmap | (1u << prio));
        p.nic.ecnReactionPoint = optBool(*v, np, "ecn_rp", true);
        p.nic.ecnNotificationPoint = optBool(*v, np, "ecn_np", true);
        p.nic.rocePriority = optInt(*v, np, "roce_priority", 3, 0, 7);
        p.nic.roceDscp = optInt(*v, np, "roce_dscp", 26, 0, 63);
        p.nic.cnpPriority = optInt(*v, np, "cnp_priority", 6, 0, 7);
        p.nic.cnpDscp = optInt(*v, np, "cnp_dscp", 48, 0, 63);
        p.nic.appTos = optInt(*v, np, "app_tos", -1, 0, 255);
    }
    return p;
}

// ---------------------------------------------------------------- ASIC profile

json asicToJson(const AsicProfile& a)
{
    json j;
    j["id"] = a.id;
    j["name"] = a.name;
    j["vendor"] = a.vendor;
    j["headroom_model"] = a.headroomModel;
    j["generation"] = a.generation;
    j["total_buffer"] = a.totalBuffer.value();
    if (a.totalBufferPhysical)
        j["total_buffer_physical"] = true;
    j["cell_size"] = a.cellSize.value();
    j["pipeline_latency"] = a.pipelineLatency.value();
    j["mac_phy_delay"] = a.macPhyDelay.value();
    j["peer_response"] = a.peerResponse.value();
    if (a.maxHeadroomPerPort)
        j["max_headroom_per_port"] = a.maxHeadroomPerPort->value();
    j["port_reserved_shp_cells"] = a.portReservedShpCells;
    j["port_max_shp_cells"] = a.portMaxShpCells;
    j["egress_mirror_headroom"] = a.egressMirrorHeadroom.value();
    j["management_pool"] = a.managementPool.value();
    j["extra_reserved"] = a.extraReserved.value();
    if (a.egressPortReserved.value() != 0)
        j["egress_port_reserved"] = a.egressPortReserved.value();
    if (a.queueReserved.value() != 0)
        j["queue_reserved"] = a.queueReserved.value();
    if (a.privateHeadroom.value() != 0)
        j["private_headroom"] = a.privateHeadroom.value();
    if (a.pgMinimum.value() != 0)
        j["pg_minimum"] = a.pgMinimum.value();
    if (a.xonOffset.value() != 0)
        j["xon_offset"] = a.xonOffset.value();
    if (a.sharedHeadroomPool)
        j["shared_headroom_pool"] = a.sharedHeadroomPool->value();
    if (a.losslessDynamicTh != 0)
        j["lossless_dynamic_th"] = a.losslessDynamicTh;
    if (a.sonicMacPhyDelayKiB != 0)
        j["sonic_mac_phy_delay_kib"] = a.sonicMacPhyDelayKiB;
    if (a.sonicPeerResponseKiB != 0)
        j["sonic_peer_response_time_kib"] = a.sonicPeerResponseKiB;
    j["max_ports"] = a.maxPorts;
    json pools = json::array();
    for (const auto& p : a.pools) {
        json pj { { "name", p.name }, { "direction", toString(p.direction) }, { "mode", toString(p.mode) } };
        if (p.size)
            pj["size"] = p.size->value();
        if (p.percentage)
            pj["percentage"] = *p.percentage;
        pools.push_back(pj);
    }
    j["pools"] = pools;
    j["platforms"] = a.platforms;
    if (!a.speeds.empty()) {
        json sp = json::array();
        for (const auto& v : a.speeds)
            sp.push_back(formatSpeed(v));
        j["speeds"] = sp;
    }
    if (!a.pgLookup.empty()) {
        json tables = json::array();
        for (const auto& t : a.pgLookup) {
            json rows = json::array();
            for (const auto& r : t.rows) {
                json rj { { "speed", formatSpeed(r.speed) }, { "cable", formatLength(r.cable) }, { "size", r.size.value() }, { "xon", r.xon.value() },
                    { "xoff", r.xoff.value() }, { "threshold", r.threshold } };
                if (r.xonOffset)
                    rj["xon_offset"] = r.xonOffset->value();
                rows.push_back(rj);
            }
            tables.push_back({ { "sku", t.sku }, { "source", t.source }, { "rows", rows } });
        }
        j["pg_lookup"] = tables;
    }
    j["sources"] = a.sources;
    if (!a.notes.empty())
        j["notes"] = a.notes;
    return j;
}

AsicProfile asicFromJson(const json& j, const std::string& path)
{
    expectObject(j, path);
    checkKeys(j, path, { "id", "name", "vendor", "headroom_model", "generation", "total_buffer", "total_buffer_physical", "cell_size", "pipeline_latency", "mac_phy_delay", "peer_response", "max_headroom_per_port", "port_reserved_shp_cells", "port_max_shp_cells", "egress_mirror_headroom", "management_pool", "extra_reserved", "egress_port_reserved", "queue_reserved", "private_headroom", "pg_minimum", "xon_offset", "shared_headroom_pool", "lossless_dynamic_th", "sonic_mac_phy_delay_kib", "sonic_peer_response_time_kib", "max_ports", "pools", "platforms", "speeds", "pg_lookup", "sources", "notes" });
    AsicProfile a;
    a.id = asString(require(j, path, "id"), child(path, "id"));
    if (a.id.empty())
        bad(child(path, "id"), "found an empty id, expected an ASIC profile id such as \"spectrum-3\"");
    a.name = optString(j, path, "name");
    a.vendor = optString(j, path, "vendor");
    a.headroomModel = optString(j, path, "headroom_model", "ieee-8021qbb");
    a.generation = optInt(j, path, "generation", 0, 0, 1000);
    a.totalBuffer = asBytes(require(j, path, "total_buffer"), child(path, "total_buffer"));
    a.totalBufferPhysical = optBool(j, path, "total_buffer_physical", false);
    a.cellSize = asBytes(require(j, path, "cell_size"), child(path, "cell_size"));
    if (a.cellSize.value() <= 0)
        bad(child(path, "cell_size"), "found 0, expected a cell size in bytes greater than 0");
    a.pipelineLatency = optBytes(j, path, "pipeline_latency").value_or(Bytes(0));
    a.macPhyDelay = optBytes(j, path, "mac_phy_delay").value_or(Bytes(0));
    a.peerResponse = optBytes(j, path, "peer_response").value_or(Bytes(0));
    a.maxHeadroomPerPort = optBytes(j, path, "max_headroom_per_port");
    a.portReservedShpCells = optInt(j, path, "port_reserved_shp_cells", 0, 0, 1 << 30);
    a.portMaxShpCells = optInt(j, path, "port_max_shp_cells", 0, 0, 1 << 30);
    a.egressMirrorHeadroom = optBytes(j, path, "egress_mirror_headroom").value_or(Bytes(0));
    a.managementPool = optBytes(j, path, "management_pool").value_or(Bytes(0));
    a.extraReserved = optBytes(j, path, "extra_reserved").value_or(Bytes(0));
    a.egressPortReserved = optBytes(j, path, "egress_port_reserved").value_or(Bytes(0));
    a.queueReserved = optBytes(j, path, "queue_reserved").value_or(Bytes(0));
    a.privateHeadroom = optBytes(j, path, "private_headroom").value_or(Bytes(0));
    a.pgMinimum = optBytes(j, path, "pg_minimum").value_or(Bytes(0));
    a.xonOffset = optBytes(j, path, "xon_offset").value_or(Bytes(0));
    a.sharedHeadroomPool = optBytes(j, path, "shared_headroom_pool");
    a.losslessDynamicTh = optInt(j, path, "lossless_dynamic_th", 0, -8, 7);
    if (auto v = find(j, "sonic_mac_phy_delay_kib"))
        a.sonicMacPhyDelayKiB = asNumber(*v, child(path, "sonic_mac_phy_delay_kib"));
    if (auto v = find(j, "sonic_peer_response_time_kib"))
        a.sonicPeerResponseKiB = asNumber(*v, child(path, "sonic_peer_response_time_kib"));
    a.maxPorts = optInt(j, path, "max_ports", 0, 0, 1 << 16);
    if (auto v = find(j, "pools")) {
        const auto pp = child(path, "pools");
        expectArray(*v, pp);
        for (std::size_t i = 0; i < v->size(); ++i) {
            const auto ip = child(pp, i);
            const json& pj = (*v)[i];
            expectObject(pj, ip);
            checkKeys(pj, ip, { "name", "direction", "mode", "size", "percentage" });
            PoolSpec s;
            s.name = asString(require(pj, ip, "name"), child(ip, "name"));
            const std::string dir = optString(pj, ip, "direction", "ingress");
            if (dir != "ingress" && dir != "egress")
                bad(child(ip, "direction"), fmt::format("found \"{}\", expected one of: ingress, egress", dir));
            s.direction = dir == "ingress" ? PoolDirection::Ingress : PoolDirection::Egress;
            const std::string mode = optString(pj, ip, "mode", "dynamic");
            if (mode != "dynamic" && mode != "static")
                bad(child(ip, "mode"), fmt::format("found \"{}\", expected one of: dynamic, static", mode));
            s.mode = mode == "dynamic" ? PoolMode::Dynamic : PoolMode::Static;
            s.size = optBytes(pj, ip, "size");
            if (auto pc = find(pj, "percentage"))
                s.percentage = asNumber(*pc, child(ip, "percentage"));
            a.pools.push_back(s);
        }
    }
    if (auto v = find(j, "platforms")) {
        const auto pp = child(path, "platforms");
        expectArray(*v, pp);
        for (std::size_t i = 0; i < v->size(); ++i)
            a.platforms.push_back(asString((*v)[i], child(pp, i)));
    }
    if (auto v = find(j, "speeds")) {
        const auto sp = child(path, "speeds");
        expectArray(*v, sp);
        for (std::size_t i = 0; i < v->size(); ++i) {
            const BitsPerSecond s = withUnit((*v)[i], child(sp, i), parseSpeed, kSpeedForms);
            if (s.value() <= 0)
                bad(child(sp, i), "found 0, expected a port speed such as \"400G\"");
            if (std::find(a.speeds.begin(), a.speeds.end(), s) == a.speeds.end())
                a.speeds.push_back(s);
        }
        std::sort(a.speeds.begin(), a.speeds.end());
    }
    if (auto v = find(j, "pg_lookup")) {
        const auto tp = child(path, "pg_lookup");
        expectArray(*v, tp);
        for (std::size_t i = 0; i < v->size(); ++i) {
            const auto ip = child(tp, i);
            const json& tj = (*v)[i];
            expectObject(tj, ip);
            checkKeys(tj, ip, { "sku", "source", "rows" });
            PgLookupTable t;
            t.sku = asString(require(tj, ip, "sku"), child(ip, "sku"));
            t.source = asString(require(tj, ip, "source"), child(ip, "source"));
            if (t.source.empty())
                bad(child(ip, "source"), "found an empty source, expected the repository, path and commit of the pg_profile_lookup.ini");
            const auto rp = child(ip, "rows");
            const json& rs = require(tj, ip, "rows");
            expectArray(rs, rp);
            for (std::size_t k = 0; k < rs.size(); ++k) {
                const auto kp = child(rp, k);
                const json& rj = rs[k];
                expectObject(rj, kp);
                checkKeys(rj, kp, { "speed", "cable", "size", "xon", "xoff", "threshold", "xon_offset" });
                PgLookupRow r;
                r.speed = withUnit(require(rj, kp, "speed"), child(kp, "speed"), parseSpeed, kSpeedForms);
                if (r.speed.value() <= 0)
                    bad(child(kp, "speed"), "found 0, expected a port speed such as \"400G\"");
                r.cable = withUnit(require(rj, kp, "cable"), child(kp, "cable"), parseLength, kLengthForms);
                r.size = asBytes(require(rj, kp, "size"), child(kp, "size"));
                r.xon = asBytes(require(rj, kp, "xon"), child(kp, "xon"));
                r.xoff = asBytes(require(rj, kp, "xoff"), child(kp, "xoff"));
                r.threshold = optInt(rj, kp, "threshold", 0, -8, 7);
                r.xonOffset = optBytes(rj, kp, "xon_offset");
                for (const auto& o : t.rows)
                    if (o.speed == r.speed && o.cable.value() == r.cable.value())
                        bad(kp, fmt::format("a second row for {} and {}, expected one row per speed and cable length", formatSpeed(r.speed), formatLength(r.cable)));
                t.rows.push_back(r);
            }
            for (const auto& o : a.pgLookup)
                if (o.sku == t.sku)
                    bad(child(ip, "sku"), fmt::format("a second table for SKU \"{}\", expected one table per SKU", t.sku));
            a.pgLookup.push_back(std::move(t));
        }
    }
    if (auto v = find(j, "sources")) {
        const auto sp = child(path, "sources");
        expectObject(*v, sp);
        for (auto it = v->begin(); it != v->end(); ++it)
            a.sources[it.key()] = asString(it.value(), child(sp, it.key()));
    }
    a.notes = optString(j, path, "notes");
    return a;
}

// ---------------------------------------------------------------- fabric

namespace {

    json endpointToJson(const Endpoint& e) { return { { "node", e.node }, { "port", e.port } }; }

    Endpoint endpointFromJson(const json& j, const std::string& path)
    {
        expectObject(j, path);
        checkKeys(j, path, { "node", "port" });
        return { asString(require(j, path, "node"), child(path, "node")), asString(require(j, path, "port"), child(path, "port")) };
    }

    // The ranges and the names of the fields `lfp set` and the inspector edit, from their descriptors
    // (fielddescriptor.h): what the edit path accepts is what this reader reads, and the reverse.
    const std::string kRoleNamesText = fieldChoicesText(ObjectRef::Kind::Node, "role");
    const char* kRoleNames = kRoleNamesText.c_str();
    const std::string kFecNames = fieldChoicesText(ObjectRef::Kind::Port, "fec");
    const std::string kMediumNames = fieldChoicesText(ObjectRef::Kind::Link, "medium");
    const std::string kFibreNames = fieldChoicesText(ObjectRef::Kind::Link, "fibre");
    const IntRange kMtu = fieldRange(ObjectRef::Kind::Port, "mtu");
    const IntRange kLanes = fieldRange(ObjectRef::Kind::Port, "lanes");

} // namespace

json fabricToJson(const Fabric& f)
{
    json j;
    j["format"] = kFabricFormatName;
    j["version"] = kFabricFormatVersion;
    j["name"] = f.name;
    if (!f.description.empty())
        j["description"] = f.description;
    if (!f.asics.empty()) {
        json a = json::array();
        for (const auto& x : f.asics)
            a.push_back(asicToJson(x));
        j["asics"] = a;
    }
    json pol = json::array();
    for (const auto& p : f.policies)
        pol.push_back(policyToJson(p));
    j["policies"] = pol;
    json b = json::array();
    for (const auto& x : f.bindings)
        b.push_back({ { "role", toString(x.role) }, { "policy", x.policy } });
    j["bindings"] = b;
    if (!f.overrides.empty()) {
        json o = json::array();
        for (const auto& x : f.overrides)
            o.push_back({ { "node", x.port.node }, { "port", x.port.port }, { "policy", x.policy } });
        j["overrides"] = o;
    }
    if (!f.ibQos.empty()) {
        json q = json::array();
        for (const auto& x : f.ibQos)
            q.push_back(ibQosToJson(x));
        j["ib_qos"] = q;
    }
    json nodes = json::array();
    for (const auto& n : f.nodes) {
        json nj;
        nj["name"] = n.name;
        nj["role"] = toString(n.role);
        if (!n.rack.empty())
            nj["rack"] = n.rack;
        if (!n.vendor.empty())
            nj["vendor"] = n.vendor;
        if (!n.model.empty())
            nj["model"] = n.model;
        if (!n.asic.empty())
            nj["asic"] = n.asic;
        if (n.guid != 0)
            nj["guid"] = fmt::format("0x{:016x}", n.guid);
        if (!n.attributes.empty() || !n.buffer.empty()) {
            // Buffer settings are typed in the model and written as "buffer.*" attributes (buffersettings.h).
            json attrs(n.attributes);
            for (auto& [key, text] : bufferSettingTexts(n.buffer))
                attrs[key] = std::move(text);
            nj["attributes"] = std::move(attrs);
        }
        json ports = json::array();
        for (const auto& p : n.ports) {
            json pj { { "name", p.name }, { "speed", formatSpeed(p.speed) }, { "lanes", p.lanes }, { "mtu", p.mtu }, { "fec", toString(p.fec) } };
            if (!p.breakoutParent.empty())
                pj["breakout_parent"] = p.breakoutParent;
            ports.push_back(std::move(pj));
        }
        nj["ports"] = std::move(ports);
        nodes.push_back(std::move(nj));
    }
    j["nodes"] = std::move(nodes);
    json links = json::array();
    for (const auto& l : f.links) {
        links.push_back({ { "a", endpointToJson(l.a) }, { "b", endpointToJson(l.b) }, { "length", formatLength(l.length) },
            { "medium", toString(l.medium) }, { "origin", toString(l.origin) } });
        if (l.fibre != FibreType::Unknown)
            links.back()["fibre"] = toString(l.fibre);
    }
    j["links"] = std::move(links);
    return j;
}

Fabric fabricFromJson(const json& j)
{
    const std::string root;
    expectObject(j, root);
    const json* fmtName = find(j, "format");
    if (!fmtName || !fmtName->is_string() || fmtName->get<std::string>() != kFabricFormatName)
        bad("/format", fmt::format("found {}, expected \"format\": \"{}\" (this is not a Lossless Fabric Planner fabric file)",
                           fmtName ? typeName(*fmtName) : std::string("no \"format\" field"), kFabricFormatName));
    const json* ver = find(j, "version");
    if (!ver || !ver->is_number_integer())
        bad("/version", fmt::format("found {}, expected the format version number {}", ver ? typeName(*ver) : "nothing", kFabricFormatVersion));
    if (ver->get<std::int64_t>() > kFabricFormatVersion)
        bad("/version", fmt::format("this file was written by a newer Lossless Fabric Planner (format version {}); this version reads up to {}. Update LFP to open it",
                            ver->get<std::int64_t>(), kFabricFormatVersion));
    if (ver->get<std::int64_t>() < 1)
        bad("/version", fmt::format("found version {}, expected 1..{}", ver->get<std::int64_t>(), kFabricFormatVersion));
    checkKeys(j, root, { "format", "version", "name", "description", "asics", "policies", "ib_qos", "bindings", "overrides", "nodes", "links" });

    Fabric f;
    f.name = optString(j, root, "name");
    f.description = optString(j, root, "description");
    if (auto v = find(j, "asics")) {
        expectArray(*v, "/asics");
        for (std::size_t i = 0; i < v->size(); ++i)
            f.asics.push_back(asicFromJson((*v)[i], child("/asics", i)));
    }
    if (auto v = find(j, "policies")) {
        expectArray(*v, "/policies");
        for (std::size_t i = 0; i < v->size(); ++i)
            f.policies.push_back(policyFromJson((*v)[i], child("/policies", i)));
    }
    if (auto v = find(j, "ib_qos")) {
        expectArray(*v, "/ib_qos");
        for (std::size_t i = 0; i < v->size(); ++i) {
            const auto ip = child("/ib_qos", i);
            IbQosPolicy q = ibQosFromJson((*v)[i], ip);
            for (const auto& o : f.ibQos) {
                if (o.name == q.name)
                    bad(child(ip, "name"), fmt::format("found the InfiniBand QoS policy name \"{}\" twice, expected each name once", q.name));
                if (o.portClass == q.portClass)
                    bad(child(ip, "class"), fmt::format("found a second policy for port class {} (\"{}\" has it), expected one per class", toString(q.portClass), o.name));
            }
            f.ibQos.push_back(std::move(q));
        }
    }
    if (auto v = find(j, "bindings")) {
        expectArray(*v, "/bindings");
        for (std::size_t i = 0; i < v->size(); ++i) {
            const auto ip = child("/bindings", i);
            const json& b = (*v)[i];
            expectObject(b, ip);
            checkKeys(b, ip, { "role", "policy" });
            f.bindings.push_back({ asEnum<Role>(require(b, ip, "role"), child(ip, "role"), roleFromString, kRoleNames),
                asString(require(b, ip, "policy"), child(ip, "policy")) });
        }
    }
    if (auto v = find(j, "overrides")) {
        expectArray(*v, "/overrides");
        for (std::size_t i = 0; i < v->size(); ++i) {
            const auto ip = child("/overrides", i);
            const json& o = (*v)[i];
            expectObject(o, ip);
            checkKeys(o, ip, { "node", "port", "policy" });
            f.overrides.push_back({ { asString(require(o, ip, "node"), child(ip, "node")), asString(require(o, ip, "port"), child(ip, "port")) },
                asString(require(o, ip, "policy"), child(ip, "policy")) });
        }
    }
    if (auto v = find(j, "nodes")) {
        expectArray(*v, "/nodes");
        f.nodes.reserve(v->size());
        for (std::size_t i = 0; i < v->size(); ++i) {
            // Parse with a short relative path (no heap strings on the hot path); only when the
            // element is bad, parse it again with its full path so the error names it exactly.
            const json& nj = (*v)[i];
            auto parseNode = [&nj](const std::string& np) {
                expectObject(nj, np);
                checkKeys(nj, np, { "name", "role", "rack", "vendor", "model", "asic", "guid", "attributes", "ports" });
                Node n;
                n.name = asString(require(nj, np, "name"), child(np, "name"));
                if (n.name.empty())
                    bad(child(np, "name"), "found an empty name, expected a node name");
                n.role = asEnum<Role>(require(nj, np, "role"), child(np, "role"), roleFromString, kRoleNames);
                n.rack = optString(nj, np, "rack");
                n.vendor = optString(nj, np, "vendor");
                n.model = optString(nj, np, "model");
                n.asic = optString(nj, np, "asic");
                if (auto g = find(nj, "guid")) {
                    const std::string s = asString(*g, child(np, "guid"));
                    try {
                        std::size_t used = 0;
                        n.guid = std::stoull(s, &used, 16);
                        if (used != s.size())
                            throw std::invalid_argument(s);
                    } catch (...) {
                        bad(child(np, "guid"), fmt::format("found \"{}\", expected a hexadecimal GUID such as \"0x0002c90300000001\"", s));
                    }
                }
                if (auto a = find(nj, "attributes")) {
                    const auto ap = child(np, "attributes");
                    expectObject(*a, ap);
                    for (auto it = a->begin(); it != a->end(); ++it) {
                        if (auto problem = textProblem(it.key()))
                            bad(child(ap, it.key()), fmt::format("the attribute name \"{}\" {}", escapeTerminal(it.key().substr(0, 64)), *problem));
                        const std::string value = asString(it.value(), child(ap, it.key()));
                        if (isBufferSettingKey(it.key())) {
                            if (auto expected = setBufferSetting(n.buffer, it.key(), value); !expected.empty())
                                bad(child(ap, it.key()), fmt::format("found \"{}\", expected {}", escapeTerminal(value.substr(0, 64)), expected));
                        } else {
                            n.attributes[it.key()] = value;
                        }
                    }
                }
                if (auto ps = find(nj, "ports")) {
                    const auto pp = child(np, "ports");
                    expectArray(*ps, pp);
                    n.ports.reserve(ps->size());
                    for (std::size_t k = 0; k < ps->size(); ++k) {
                        const auto ip = child(pp, k);
                        const json& pj = (*ps)[k];
                        expectObject(pj, ip);
                        checkKeys(pj, ip, { "name", "speed", "lanes", "mtu", "fec", "breakout_parent" });
                        Port p;
                        p.name = asString(require(pj, ip, "name"), child(ip, "name"));
                        p.speed = withUnit(require(pj, ip, "speed"), child(ip, "speed"), parseSpeed, kSpeedForms);
                        p.lanes = optInt(pj, ip, "lanes", 4, static_cast<int>(kLanes.lo), static_cast<int>(kLanes.hi));
                        p.mtu = optInt(pj, ip, "mtu", 9100, static_cast<int>(kMtu.lo), static_cast<int>(kMtu.hi));
                        if (auto fe = find(pj, "fec"))
                            p.fec = asEnum<Fec>(*fe, child(ip, "fec"), fecFromString, kFecNames.c_str());
                        p.breakoutParent = optString(pj, ip, "breakout_parent");
                        n.ports.push_back(std::move(p));
                    }
                }
                return n;
            };
            Node n;
            try {
                n = parseNode(std::string());
            } catch (const InputError&) {
                n = parseNode(child("/nodes", i));
            }
            f.nodes.push_back(std::move(n));
        }
    }
    if (auto v = find(j, "links")) {
        expectArray(*v, "/links");
        f.links.reserve(v->size());
        for (std::size_t i = 0; i < v->size(); ++i) {
            const json& lj = (*v)[i];
            auto parseLink = [&lj](const std::string& lp) {
                expectObject(lj, lp);
                checkKeys(lj, lp, { "a", "b", "length", "medium", "origin", "fibre" });
                Link l;
                l.a = endpointFromJson(require(lj, lp, "a"), child(lp, "a"));
                l.b = endpointFromJson(require(lj, lp, "b"), child(lp, "b"));
                if (auto len = find(lj, "length"))
                    l.length = withUnit(*len, child(lp, "length"), parseLength, kLengthForms);
                if (auto m = find(lj, "medium"))
                    l.medium = asEnum<Medium>(*m, child(lp, "medium"), mediumFromString, kMediumNames.c_str());
                if (auto o = find(lj, "origin"))
                    l.origin = asEnum<LinkOrigin>(*o, child(lp, "origin"), linkOriginFromString, "planned, discovered");
                if (auto ft = find(lj, "fibre"))
                    l.fibre = asEnum<FibreType>(*ft, child(lp, "fibre"), fibreTypeFromString, kFibreNames.c_str());
                return l;
            };
            Link l;
            try {
                l = parseLink(std::string());
            } catch (const InputError&) {
                l = parseLink(child("/links", i));
            }
            f.links.push_back(std::move(l));
        }
    }
    // Structural checks (references, duplicates, a port on two links, self-links), reported at the
    // offending field: the same rule as Fabric::validate().
    if (auto problems = f.structureProblems(1); !problems.empty())
        bad(problems.front().pointer, problems.front().message);
    return f;
}

// ---------------------------------------------------------------- text and files

Fabric fabricFromJsonText(std::string_view text, const std::string& fileName)
{
    // The limits pre-check (size, nesting depth, string length, duplicate keys) and the simdjson
    // fast path only read the text, so on a large file the check runs on a second thread while
    // simdjson parses (a k=64 fat-tree, 67 MB: the check is about a third of the load;
    // docs/performance.md). The check's verdict still comes first: a refused file is refused with
    // its message, whatever the fast path made of it. The whole-file size limit is checked before
    // any parser runs; simdjson has its own depth limit (1024), so a deep file cannot exhaust its stack.
    constexpr std::size_t kParallelFrom = std::size_t(4) << 20; // bytes; below this a thread costs more than it saves
    if (text.size() < kParallelFrom || text.size() > JsonLimits {}.maxBytes) {
        checkJsonText(text, fileName); // before any parser runs
        if (auto f = fastFabricFromJsonText(text))
            return std::move(*f);
        return strictFabricFromJsonText(text, fileName);
    }
    std::exception_ptr checkError;
    std::optional<Fabric> f;
    {
        std::thread checker;
        try {
            checker = std::thread([&] {
                try {
                    checkJsonText(text, fileName);
                } catch (...) {
                    checkError = std::current_exception();
                }
            });
        } catch (const std::system_error&) { // no thread to be had: check first, as on small files
            checkJsonText(text, fileName);
        }
        std::exception_ptr fastError;
        try {
            f = fastFabricFromJsonText(text);
        } catch (...) {
            fastError = std::current_exception();
        }
        if (checker.joinable())
            checker.join();
        if (checkError)
            std::rethrow_exception(checkError);
        if (fastError)
            std::rethrow_exception(fastError);
    }
    if (f)
        return std::move(*f);
    return strictFabricFromJsonText(text, fileName);
}

Fabric strictFabricFromJsonText(std::string_view text, const std::string& fileName)
{
    checkJsonText(text, fileName);
    json j;
    try {
        j = json::parse(text.begin(), text.end());
    } catch (const json::out_of_range& e) {
        // e.g. a number too large for a double ("1e999"): nlohmann reports no position for it.
        throw InputError(SourceLocation { fileName, 0, 0, {} }, std::string("malformed JSON: a number is out of range (") + e.what() + ")");
    } catch (const json::parse_error& e) {
        // The line and column of the byte offset nlohmann reports.
        // Columns count characters (UTF-8 code points), as every LFP reader does (docs/formats/limits.md).
        const std::size_t off = std::min<std::size_t>(e.byte > 0 ? e.byte - 1 : 0, text.size());
        auto [line, col] = textLineColumn(text, off);
        std::string what = e.what();
        // nlohmann: "[json.exception.parse_error.101] parse error at line 3, column 5: syntax error while parsing ..."
        if (auto p = what.find("syntax error"); p != std::string::npos)
            what = what.substr(p);
        else if (auto q = what.find(": "); q != std::string::npos)
            what = what.substr(q + 2);
        throw InputError(SourceLocation { fileName, line, col, {} }, "malformed JSON: " + what);
    }
    try {
        return fabricFromJson(j);
    } catch (const InputError& e) {
        SourceLocation w = e.where();
        w.file = fileName;
        auto [line, col] = locateJsonPointer(text, w.path == "/" ? "" : w.path);
        w.line = line;
        w.column = col;
        throw InputError(w, e.detail());
    }
}

Fabric readFabricJson(const std::string& path) { return fabricFromJsonText(readWholeFile(path), path); }

namespace {
    // The bulk of a fabric (nodes, ports, links) written straight to text, byte for byte what
    // nlohmann::json::dump() gives for fabricToJson()'s objects: keys in sorted order (nlohmann's
    // std::map), no spaces, strings escaped by nlohmann itself whenever they hold anything but plain
    // printable ASCII. No DOM is built: a million-cable fabric is written without gigabytes of JSON
    // values (issue 13, docs/performance.md). tst_model compares both forms.
    void appendString(std::string& out, std::string_view s)
    {
        for (const char c : s) {
            const auto u = static_cast<unsigned char>(c);
            if (u < 0x20 || u >= 0x7f || c == '"' || c == '\\') {
                out += json(std::string(s)).dump();
                return;
            }
        }
        out += '"';
        out += s;
        out += '"';
    }
    void appendKey(std::string& out, std::string_view key, bool& first)
    {
        if (!first)
            out += ',';
        first = false;
        out += '"';
        out += key;
        out += "\":";
    }
    void appendInt(std::string& out, long long v)
    {
        const fmt::format_int i(v);
        out.append(i.data(), i.size());
    }

    void appendPort(std::string& out, const Port& p)
    {
        bool first = true;
        out += '{';
        if (!p.breakoutParent.empty()) {
            appendKey(out, "breakout_parent", first);
            appendString(out, p.breakoutParent);
        }
        appendKey(out, "fec", first);
        appendString(out, toString(p.fec));
        appendKey(out, "lanes", first);
        appendInt(out, p.lanes);
        appendKey(out, "mtu", first);
        appendInt(out, p.mtu);
        appendKey(out, "name", first);
        appendString(out, p.name);
        appendKey(out, "speed", first);
        // Neighbouring ports nearly always share a speed: format each distinct one once in a row
        // (formatSpeed goes through a double and std::to_chars; a million-cable plan has 2 M ports).
        thread_local std::optional<BitsPerSecond> lastSpeed;
        thread_local std::string lastSpeedText;
        if (p.speed != lastSpeed) {
            lastSpeedText = formatSpeed(p.speed);
            lastSpeed = p.speed;
        }
        appendString(out, lastSpeedText);
        out += '}';
    }

    /// A node's members in key order; the ports (compact) between "name" and "rack" when @p withPorts,
    /// else left out and the object left open (no closing brace) for the one-port-per-line form.
    void appendNode(std::string& out, const Node& n, bool withPorts)
    {
        bool first = true;
        out += '{';
        if (!n.asic.empty()) {
            appendKey(out, "asic", first);
            appendString(out, n.asic);
        }
        if (!n.attributes.empty() || !n.buffer.empty()) {
            appendKey(out, "attributes", first);
            out += '{';
            bool firstAttr = true;
            auto attr = [&](const std::string& k, const std::string& v) {
                if (!firstAttr)
                    out += ',';
                firstAttr = false;
                appendString(out, k);
                out += ':';
                appendString(out, v);
            };
            // Buffer settings are typed in the model and written as "buffer.*" attributes
            // (buffersettings.h), merged into the attributes' key order (nlohmann's).
            const auto settings = bufferSettingTexts(n.buffer); // sorted by key
            auto s = settings.begin();
            for (const auto& [k, v] : n.attributes) { // std::map: nlohmann's key order
                for (; s != settings.end() && s->first < k; ++s)
                    attr(s->first, s->second);
                if (s != settings.end() && s->first == k)
                    continue; // the typed setting wins (a fabric built in code may carry both)
                attr(k, v);
            }
            for (; s != settings.end(); ++s)
                attr(s->first, s->second);
            out += '}';
        }
        if (n.guid != 0) {
            appendKey(out, "guid", first);
            appendString(out, fmt::format("0x{:016x}", n.guid));
        }
        if (!n.model.empty()) {
            appendKey(out, "model", first);
            appendString(out, n.model);
        }
        appendKey(out, "name", first);
        appendString(out, n.name);
        if (withPorts) {
            appendKey(out, "ports", first);
            out += '[';
            for (std::size_t i = 0; i < n.ports.size(); ++i) {
                if (i)
                    out += ',';
                appendPort(out, n.ports[i]);
            }
            out += ']';
        }
        if (!n.rack.empty()) {
            appendKey(out, "rack", first);
            appendString(out, n.rack);
        }
        appendKey(out, "role", first);
        appendString(out, toString(n.role));
        if (!n.vendor.empty()) {
            appendKey(out, "vendor", first);
            appendString(out, n.vendor);
        }
        if (withPorts)
            out += '}';
    }

    void appendEndpoint(std::string& out, const Endpoint& e)
    {
        out += "{\"node\":";
        appendString(out, e.node);
        out += ",\"port\":";
        appendString(out, e.port);
        out += '}';
    }

    void appendLink(std::string& out, const Link& l)
    {
        out += "{\"a\":";
        appendEndpoint(out, l.a);
        out += ",\"b\":";
        appendEndpoint(out, l.b);
        if (l.fibre != FibreType::Unknown) { // keys in nlohmann's order: a, b, fibre, length, …
            out += ",\"fibre\":";
            appendString(out, toString(l.fibre));
        }
        out += ",\"length\":";
        appendString(out, formatLength(l.length));
        out += ",\"medium\":";
        appendString(out, toString(l.medium));
        out += ",\"origin\":";
        appendString(out, toString(l.origin));
        out += '}';
    }

    /// The small members (header, ASIC profiles, policies, bindings, overrides) as JSON; "nodes" and
    /// "links" are empty arrays in it.
    json headJson(const Fabric& f) { return fabricToJson(fabricHead(f)); }

    /// Rough output size, to reserve once; generous, since pages reserved but never written cost no
    /// memory, while a hint one byte short doubles the buffer and copies it (a million-cable plan's
    /// revision text, 344 MB, was 1 MB over the old hint; docs/performance.md, session 6).
    std::size_t sizeHint(const Fabric& f)
    {
        std::size_t attributes = 0;
        for (const Node& n : f.nodes)
            attributes += n.attributes.size();
        return 4096 + f.nodes.size() * 96 + f.portCount() * 96 + f.links.size() * 176 + attributes * 64;
    }
} // namespace

std::string fabricToCompactJsonText(const Fabric& f)
{
    const json j = headJson(f);
    std::string out;
    out.reserve(sizeHint(f));
    out += '{';
    bool first = true;
    for (auto it = j.begin(); it != j.end(); ++it) { // sorted keys, as dump() writes them
        if (!first)
            out += ',';
        first = false;
        out += json(it.key()).dump();
        out += ':';
        if (it.key() == "nodes") {
            out += '[';
            for (std::size_t i = 0; i < f.nodes.size(); ++i) {
                if (i)
                    out += ',';
                appendNode(out, f.nodes[i], true);
            }
            out += ']';
        } else if (it.key() == "links") {
            out += '[';
            for (std::size_t i = 0; i < f.links.size(); ++i) {
                if (i)
                    out += ',';
                appendLink(out, f.links[i]);
            }
            out += ']';
        } else {
            out += it.value().dump();
        }
    }
    out += '}';
    return out;
}

namespace {
    /// The file form of fabricToJsonText, appended to @p out; @p flush(out) is called whenever @p out
    /// holds a piece of at least kJsonPiece bytes (and may empty it) and once at the end.
    constexpr std::size_t kJsonPiece = std::size_t(1) << 20; // bytes

    template <typename Flush>
    void appendFabricJsonText(std::string& out, const Fabric& f, Flush&& flush)
    {
        // Pretty at the top, one line per port and per link: readable, diff-friendly and about a third
        // of the size of a fully indented dump on large fabrics.
        json j = headJson(f);
        out += "{\n";
        bool first = true;
        auto key = [&](const std::string& k) {
            out += first ? "  " : ",\n  ";
            first = false;
            out += json(k).dump() + ": ";
        };
        auto indented = [](const json& v) {
            std::string s = v.dump(2);
            std::string r;
            for (char c : s) {
                r += c;
                if (c == '\n')
                    r += "  ";
            }
            return r;
        };
        for (const char* k : { "format", "version", "name", "description", "asics", "policies", "ib_qos", "bindings", "overrides" })
            if (j.contains(k)) {
                key(k);
                out += indented(j[k]);
            }
        key("nodes");
        out += "[";
        for (std::size_t i = 0; i < f.nodes.size(); ++i) {
            const Node& n = f.nodes[i];
            out += i ? ",\n    " : "\n    ";
            appendNode(out, n, false); // the head without its closing brace
            out += ", \"ports\": [";
            for (std::size_t p = 0; p < n.ports.size(); ++p) {
                out += p ? ",\n      " : "\n      ";
                appendPort(out, n.ports[p]);
            }
            out += n.ports.empty() ? "]}" : "\n    ]}";
            if (out.size() >= kJsonPiece)
                flush(out);
        }
        out += f.nodes.empty() ? "]" : "\n  ]";
        key("links");
        out += "[";
        for (std::size_t i = 0; i < f.links.size(); ++i) {
            out += i ? ",\n    " : "\n    ";
            appendLink(out, f.links[i]);
            if (out.size() >= kJsonPiece)
                flush(out);
        }
        out += f.links.empty() ? "]" : "\n  ]";
        out += "\n}\n";
        flush(out);
    }
} // namespace

std::string fabricToJsonText(const Fabric& f)
{
    std::string out;
    out.reserve(sizeHint(f) + f.portCount() * 8 + f.links.size() * 6);
    appendFabricJsonText(out, f, [](std::string&) {});
    return out;
}

void writeFabricJson(const Fabric& fabric, const std::string& path)
{
    // In pieces of about a megabyte, straight to the (temporary) file: a million-cable fabric's
    // 190 MB of text is never held whole (docs/performance.md, session 6). The bytes are
    // fabricToJsonText's; the write stays atomic (temporary file, fsync, rename).
    requireWritable(fabric, path); // nothing a reader would refuse is written (fieldrules.h)
    AtomicFileWriter file(path);
    std::string piece;
    piece.reserve(kJsonPiece + (std::size_t(64) << 10));
    appendFabricJsonText(piece, fabric, [&](std::string& out) {
        file.write(out);
        out.clear();
    });
    file.commit();
}

} // namespace lfp
