// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Helpers shared by the vendor exporters (not a public header).
#include "exporter.h"
#include "planner/buffer/pgsplit.h"

#include <cmath>
#include <fmt/format.h>
#include <set>
#include <string>
#include <vector>

namespace lfp::exp {

inline ObjectRef portObject(const DevicePlan& d, const PortPlan& p) { return ObjectRef::forPort({ d.node->name, p.port->name }); }
inline ObjectRef policyObject(const QosPolicy& p) { return ObjectRef::forPolicy(p.name); }

/// "3", "0-2": contiguous ranges of a set.
inline std::vector<std::string> ranges(const std::set<int>& v)
{
    std::vector<std::string> out;
    for (auto it = v.begin(); it != v.end();) {
        int a = *it, b = *it;
        ++it;
        while (it != v.end() && *it == b + 1)
            b = *it++;
        out.push_back(a == b ? std::to_string(a) : fmt::format("{}-{}", a, b));
    }
    return out;
}

inline std::string joinInts(const std::vector<int>& v, const char* sep = ",")
{
    std::string s;
    for (int x : v)
        s += (s.empty() ? "" : sep) + std::to_string(x);
    return s;
}

/// Milliseconds of a duration, rounded to the nearest whole millisecond.
inline long long wholeMs(Nanoseconds t) { return std::llround(t.value() / 1e6); }

/// The DSCP values mapped to each traffic class (ascending).
inline std::map<int, std::vector<int>> dscpByTc(const QosPolicy& pol)
{
    std::map<int, std::vector<int>> m;
    for (int d = 0; d < kDscpValues; ++d)
        m[pol.dscpToTc[static_cast<std::size_t>(d)]].push_back(d);
    return m;
}

/// ETS entry of a queue, or null.
inline const EtsQueue* etsOf(const QosPolicy& pol, int queue)
{
    for (const auto& e : pol.ets)
        if (e.queue == queue)
            return &e;
    return nullptr;
}
/// ECN profile on a queue, or null.
inline const EcnProfile* ecnOf(const QosPolicy& pol, int queue)
{
    for (const auto& e : pol.ecn)
        for (int q : e.queues)
            if (q == queue)
                return &e;
    return nullptr;
}

/// A text config being written line by line.
class Text {
public:
    template <typename... A>
    void line(fmt::format_string<A...> f, A&&... a)
    {
        m_s += fmt::format(f, std::forward<A>(a)...);
        m_s += '\n';
    }
    void raw(const std::string& s) { m_s += s; }
    [[nodiscard]] std::string take() { return std::move(m_s); }

private:
    std::string m_s;
};

} // namespace lfp::exp
