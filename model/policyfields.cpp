// SPDX-License-Identifier: GPL-3.0-or-later
#include "policyfields.h"

#include "enumnames.h"
#include "errors.h"
#include "fieldrules.h"
#include "units.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fmt/format.h>

namespace lfp {
namespace {
    const PolicyFieldInfo kPolicyFields[] = {
        { "description", "any text" },
        { "trust", "dscp|pcp" },
        { "lossless", "PFC priorities such as 3 or 3,4 (0..7, each once), or empty for none" },
        { "roce_priority", "a priority 0..7 (RoCE data as the host NICs send it)" },
        { "roce_dscp", "a DSCP 0..63 (the host NICs' RoCE DSCP)" },
        { "cnp_priority", "a priority 0..7 (the class carrying CNPs)" },
        { "cnp_dscp", "a DSCP 0..63 (the DSCP of CNPs)" },
        { "dscp.D", "a traffic class 0..7 for DSCP D (0..63)" },
        { "pg.T", "a priority group 0..7 for traffic class T (0..7)" },
        { "queue.T", "an egress queue 0..7 for traffic class T (0..7)" },
        { "class.T", "the name of traffic class T (0..7), or empty to remove it" },
        { "ets.Q", "strict, strict:N (strict, bounded to N percent of the link, 1..100), or a DWRR weight 0..100 (percent) for queue Q (0..7)" },
        { "ecn.kmin", "a size such as 150000, 150KB or 1.5MiB (marking starts)" },
        { "ecn.kmax", "a size such as 1500000 or 1.5MB (marking reaches Pmax)" },
        { "ecn.pmax", "a probability 0..1 (e.g. 0.1)" },
        { "ecn.queues", "egress queues such as 3 or 3,4" },
        { "pfc_watchdog.enabled", "true|false" },
        { "pfc_watchdog.detection", "a duration such as 200ms or 400us" },
        { "pfc_watchdog.restoration", "a duration such as 200ms or 400us" },
        { "pfc_watchdog.action", "drop|forward|alert" },
        { "nic.trust", "dscp|pcp" },
        { "nic.pfc", "the NICs' PFC priorities such as 3 or 3,4, or empty for none" },
        { "nic.ecn_rp", "true|false (DCQCN reaction point)" },
        { "nic.ecn_np", "true|false (DCQCN notification point)" },
        { "nic.cnp_priority", "a priority 0..7" },
        { "nic.cnp_dscp", "a DSCP 0..63" },
    };

    std::optional<int> toInt(std::string_view v, int lo, int hi)
    {
        int out = 0;
        auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
        if (v.empty() || ec != std::errc() || p != v.data() + v.size() || out < lo || out > hi)
            return std::nullopt;
        return out;
    }

    /// "dscp.26" → ("dscp.D" entry, 26); the index limit per prefix.
    struct Indexed {
        const PolicyFieldInfo* info = nullptr;
        int index = -1;
    };
    Indexed split(std::string_view field)
    {
        for (const auto& f : kPolicyFields) {
            const std::string_view name = f.name;
            if (name == field)
                return { &f, -1 };
            const auto dot = name.rfind('.');
            if (dot == std::string_view::npos || dot + 2 != name.size() || name[dot + 1] < 'A' || name[dot + 1] > 'Z')
                continue;
            if (field.substr(0, dot + 1) != name.substr(0, dot + 1))
                continue;
            const int hi = name[dot + 1] == 'D' ? kDscpValues - 1 : kPriorities - 1;
            if (auto i = toInt(field.substr(dot + 1), 0, hi))
                return { &f, *i };
        }
        return {};
    }

    /// "3,4" → {3, 4}: each 0..7, once; sorted ascending. nullopt when not that form.
    std::optional<std::vector<int>> parsePriorityList(std::string_view v)
    {
        std::vector<int> out;
        if (v.empty())
            return out;
        std::size_t start = 0;
        while (start <= v.size()) {
            const auto comma = v.find(',', start);
            std::string_view item = v.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
            while (!item.empty() && item.front() == ' ')
                item.remove_prefix(1);
            while (!item.empty() && item.back() == ' ')
                item.remove_suffix(1);
            const auto p = toInt(item, 0, kPriorities - 1);
            if (!p || std::find(out.begin(), out.end(), *p) != out.end())
                return std::nullopt;
            out.push_back(*p);
            if (comma == std::string_view::npos)
                break;
            start = comma + 1;
        }
        std::sort(out.begin(), out.end());
        return out;
    }

    std::optional<bool> toBool(std::string_view v)
    {
        if (v == "true" || v == "on" || v == "yes" || v == "1")
            return true;
        if (v == "false" || v == "off" || v == "no" || v == "0")
            return false;
        return std::nullopt;
    }

    std::uint8_t bitmapOf(const std::vector<int>& prios)
    {
        std::uint8_t b = 0;
        for (int p : prios)
            b = static_cast<std::uint8_t>(b | (1u << p));
        return b;
    }
    std::vector<int> prioritiesOf(std::uint8_t bitmap)
    {
        std::vector<int> out;
        for (int p = 0; p < kPriorities; ++p)
            if (bitmap & (1u << p))
                out.push_back(p);
        return out;
    }

    /// The ECN profile the ecn.* fields edit: the first; created (named "ecn", on the lossless
    /// priorities' queues) when the policy has none.
    EcnProfile& firstEcn(QosPolicy& p)
    {
        if (p.ecn.empty()) {
            EcnProfile e;
            e.name = "ecn";
            for (int prio : p.losslessPriorities)
                if (std::find(e.queues.begin(), e.queues.end(), p.tcToQueue[static_cast<std::size_t>(prio)]) == e.queues.end())
                    e.queues.push_back(p.tcToQueue[static_cast<std::size_t>(prio)]);
            p.ecn.push_back(std::move(e));
        }
        return p.ecn.front();
    }

    std::string formatPmax(double v) { return fmt::format("{}", v); }
} // namespace

std::span<const PolicyFieldInfo> policyFields() { return kPolicyFields; }

const PolicyFieldInfo* findPolicyField(std::string_view field) { return split(field).info; }

std::string formatPriorityList(const std::vector<int>& priorities)
{
    std::string s;
    for (int p : priorities)
        s += (s.empty() ? "" : ",") + std::to_string(p);
    return s;
}

std::optional<std::string> getPolicyField(const QosPolicy& p, std::string_view field)
{
    const Indexed x = split(field);
    if (!x.info)
        return std::nullopt;
    const std::string_view n = x.info->name;
    const auto i = static_cast<std::size_t>(std::max(x.index, 0));
    if (n == "description")
        return p.description;
    if (n == "trust")
        return std::string(enumName(p.trust));
    if (n == "lossless")
        return formatPriorityList(p.losslessPriorities);
    if (n == "roce_priority")
        return std::to_string(p.nic.rocePriority);
    if (n == "roce_dscp")
        return std::to_string(p.nic.roceDscp);
    if (n == "cnp_priority")
        return std::to_string(p.cnpPriority);
    if (n == "cnp_dscp")
        return std::to_string(p.cnpDscp);
    if (n == "dscp.D")
        return std::to_string(p.dscpToTc[i]);
    if (n == "pg.T")
        return std::to_string(p.tcToPg[i]);
    if (n == "queue.T")
        return std::to_string(p.tcToQueue[i]);
    if (n == "class.T") {
        for (const auto& c : p.classes)
            if (c.id == x.index)
                return c.name;
        return std::string();
    }
    if (n == "ets.Q") {
        for (const auto& e : p.ets)
            if (e.queue == x.index)
                return e.mode == SchedulerMode::Strict ? (e.weight > 0 ? "strict:" + std::to_string(e.weight) : std::string("strict")) : std::to_string(e.weight);
        return std::string();
    }
    if (n.rfind("ecn.", 0) == 0) {
        if (p.ecn.empty())
            return std::string();
        const EcnProfile& e = p.ecn.front();
        if (n == "ecn.kmin")
            return std::to_string(e.kmin.value());
        if (n == "ecn.kmax")
            return std::to_string(e.kmax.value());
        if (n == "ecn.pmax")
            return formatPmax(e.pmax);
        return formatPriorityList(e.queues);
    }
    if (n == "pfc_watchdog.enabled")
        return std::string(p.watchdog.enabled ? "true" : "false");
    if (n == "pfc_watchdog.detection")
        return formatDuration(p.watchdog.detection);
    if (n == "pfc_watchdog.restoration")
        return formatDuration(p.watchdog.restoration);
    if (n == "pfc_watchdog.action")
        return std::string(enumName(p.watchdog.action));
    if (n == "nic.trust")
        return std::string(enumName(p.nic.trust));
    if (n == "nic.pfc")
        return formatPriorityList(prioritiesOf(p.nic.pfcBitmap));
    if (n == "nic.ecn_rp")
        return std::string(p.nic.ecnReactionPoint ? "true" : "false");
    if (n == "nic.ecn_np")
        return std::string(p.nic.ecnNotificationPoint ? "true" : "false");
    if (n == "nic.cnp_priority")
        return std::to_string(p.nic.cnpPriority);
    return std::to_string(p.nic.cnpDscp); // nic.cnp_dscp
}

std::string setPolicyField(QosPolicy& policy, std::string_view field, std::string_view v)
{
    const Indexed x = split(field);
    if (!x.info)
        return "no such policy field";
    const std::string_view n = x.info->name;
    const auto i = static_cast<std::size_t>(std::max(x.index, 0));
    QosPolicy p = policy; // changed only when the value is accepted
    const std::string bad = "not accepted";
    auto setInt = [&](int& out, int lo, int hi) {
        const auto k = toInt(v, lo, hi);
        if (!k)
            return false;
        out = *k;
        return true;
    };
    bool ok = true;
    try {
        if (n == "description") {
            if (auto m = textMessage(v, TextKind::FreeText)) // the readers' rule (fieldrules.h)
                return *m;
            p.description = v;
        } else if (n == "trust" || n == "nic.trust") {
            const auto t = enumFromName<TrustMode>(v);
            ok = t.has_value();
            if (ok)
                (n == "trust" ? p.trust : p.nic.trust) = *t;
        } else if (n == "lossless") {
            const auto l = parsePriorityList(v);
            ok = l.has_value();
            if (ok)
                p.losslessPriorities = *l;
        } else if (n == "roce_priority") {
            ok = setInt(p.nic.rocePriority, 0, kPriorities - 1);
        } else if (n == "roce_dscp") {
            ok = setInt(p.nic.roceDscp, 0, kDscpValues - 1);
        } else if (n == "cnp_priority") {
            ok = setInt(p.cnpPriority, 0, kPriorities - 1);
        } else if (n == "cnp_dscp") {
            ok = setInt(p.cnpDscp, 0, kDscpValues - 1);
        } else if (n == "dscp.D") {
            ok = setInt(p.dscpToTc[i], 0, kPriorities - 1);
        } else if (n == "pg.T") {
            ok = setInt(p.tcToPg[i], 0, kPriorities - 1);
        } else if (n == "queue.T") {
            ok = setInt(p.tcToQueue[i], 0, kPriorities - 1);
        } else if (n == "class.T") {
            if (auto m = textMessage(v, TextKind::Name))
                return *m;
            auto it = std::find_if(p.classes.begin(), p.classes.end(), [&](const TrafficClass& c) { return c.id == x.index; });
            if (v.empty()) {
                if (it != p.classes.end())
                    p.classes.erase(it);
            } else if (it != p.classes.end()) {
                it->name = v;
            } else {
                p.classes.push_back({ x.index, std::string(v) });
                std::sort(p.classes.begin(), p.classes.end(), [](const TrafficClass& a, const TrafficClass& b) { return a.id < b.id; });
            }
        } else if (n == "ets.Q") {
            EtsQueue q { x.index, SchedulerMode::Dwrr, 0 };
            if (v == "strict")
                q.mode = SchedulerMode::Strict;
            else if (v.rfind("strict:", 0) == 0) {
                // A strict queue's bound: percent of the link (qos.h EtsQueue::weight).
                q.mode = SchedulerMode::Strict;
                const auto bound = toInt(v.substr(7), 1, 100);
                ok = bound.has_value();
                if (ok)
                    q.weight = *bound;
            } else
                ok = setInt(q.weight, 0, 100);
            if (ok) {
                auto it = std::find_if(p.ets.begin(), p.ets.end(), [&](const EtsQueue& e) { return e.queue == x.index; });
                if (it != p.ets.end())
                    *it = q;
                else {
                    p.ets.push_back(q);
                    std::sort(p.ets.begin(), p.ets.end(), [](const EtsQueue& a, const EtsQueue& b) { return a.queue < b.queue; });
                }
            }
        } else if (n == "ecn.kmin" || n == "ecn.kmax") {
            const Bytes b = parseBytes(v);
            ok = b.value() > 0;
            if (ok)
                (n == "ecn.kmin" ? firstEcn(p).kmin : firstEcn(p).kmax) = b;
        } else if (n == "ecn.pmax") {
            double d = 0;
            auto [e, ec] = std::from_chars(v.data(), v.data() + v.size(), d);
            ok = !v.empty() && ec == std::errc() && e == v.data() + v.size() && std::isfinite(d) && d >= 0 && d <= 1;
            if (ok)
                firstEcn(p).pmax = d;
        } else if (n == "ecn.queues") {
            const auto l = parsePriorityList(v);
            ok = l.has_value() && !l->empty();
            if (ok)
                firstEcn(p).queues = *l;
        } else if (n == "pfc_watchdog.enabled" || n == "nic.ecn_rp" || n == "nic.ecn_np") {
            const auto b = toBool(v);
            ok = b.has_value();
            if (ok)
                (n == "pfc_watchdog.enabled" ? p.watchdog.enabled : n == "nic.ecn_rp" ? p.nic.ecnReactionPoint : p.nic.ecnNotificationPoint) = *b;
        } else if (n == "pfc_watchdog.detection" || n == "pfc_watchdog.restoration") {
            const Nanoseconds t = parseDuration(v);
            ok = t.value() > 0;
            if (ok)
                (n == "pfc_watchdog.detection" ? p.watchdog.detection : p.watchdog.restoration) = t;
        } else if (n == "pfc_watchdog.action") {
            const auto a = enumFromName<WatchdogAction>(v);
            ok = a.has_value();
            if (ok)
                p.watchdog.action = *a;
        } else if (n == "nic.pfc") {
            const auto l = parsePriorityList(v);
            ok = l.has_value();
            if (ok)
                p.nic.pfcBitmap = bitmapOf(*l);
        } else if (n == "nic.cnp_priority") {
            ok = setInt(p.nic.cnpPriority, 0, kPriorities - 1);
        } else if (n == "nic.cnp_dscp") {
            ok = setInt(p.nic.cnpDscp, 0, kDscpValues - 1);
        }
    } catch (const UnitError& e) {
        return e.what();
    }
    if (!ok)
        return bad;
    policy = std::move(p);
    return {};
}

} // namespace lfp
