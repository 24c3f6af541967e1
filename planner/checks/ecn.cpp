// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/checks/ecn.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <stdexcept>

namespace lfp {

const char* toString(EcnGoal g)
{
    switch (g) {
    case EcnGoal::Throughput:
        return "throughput";
    case EcnGoal::Latency:
        return "latency";
    case EcnGoal::HpccSim:
        return "hpcc";
    }
    return "?";
}

EcnGoal ecnGoalFromString(const std::string& s)
{
    if (s == "throughput")
        return EcnGoal::Throughput;
    if (s == "latency" || s == "delay")
        return EcnGoal::Latency;
    if (s == "hpcc" || s == "hpcc-sim")
        return EcnGoal::HpccSim;
    throw std::invalid_argument(fmt::format("unknown ECN goal \"{}\": expected throughput, latency or hpcc", s));
}

EcnRecommendation recommendEcn(BitsPerSecond speed, Nanoseconds rtt, EcnGoal goal)
{
    if (speed.value() <= 0)
        throw std::invalid_argument("ECN recommendation: speed must be greater than 0");
    if (rtt.value() <= 0)
        throw std::invalid_argument("ECN recommendation: RTT must be greater than 0");
    EcnRecommendation r;
    r.speed = speed;
    r.rtt = rtt;
    r.goal = goal;
    const double bdp = bytesInFlight(speed, rtt);
    r.bdp = Bytes(std::llround(bdp));
    switch (goal) {
    case EcnGoal::Throughput:
        r.kmin = Bytes(7'000);
        r.kmax = Bytes(std::llround(3 * bdp));
        r.pmax = 0.10;
        r.rule = "Kmax = 3 × BDP (BDP = speed × RTT), Kmin = 7 KB, Pmax = 10 %";
        r.source = "Huawei CloudEngine EDOC1100155250 \"Configuring Static ECN\": upper threshold 2–3 × BDP, expected RTT 20 µs; "
                   "throughput-sensitive table 100GE 7 KB / 750 KB / 10 % (ecn-pfc.md §4)";
        break;
    case EcnGoal::Latency:
        r.kmin = Bytes(7'000);
        r.kmax = Bytes(std::llround(2 * bdp));
        r.pmax = 0.30;
        r.rule = "Kmax = 2 × BDP (BDP = speed × RTT), Kmin = 7 KB, Pmax = 30 %";
        r.source = "Huawei CloudEngine EDOC1100155250 \"Configuring Static ECN\": delay-sensitive table 100GE 7 KB / 500 KB / 30 % (ecn-pfc.md §4)";
        break;
    case EcnGoal::HpccSim: {
        const double bw25 = toGbps(speed) / 25.0;
        r.kmin = Bytes(std::llround(100'000 * bw25));
        r.kmax = Bytes(std::llround(400'000 * bw25));
        r.pmax = 0.2;
        r.rule = "Kmin = 100 KB·speed/25G, Kmax = 400 KB·speed/25G, Pmax = 0.2 (independent of RTT)";
        r.source = "alibaba-edu/High-Precision-Congestion-Control 9f4be2a9 simulation/run.py (ecn-pfc.md §3)";
        break;
    }
    }
    return r;
}

double alphaFromDynamicTh(int dynamicTh) { return std::ldexp(1.0, dynamicTh); }

Bytes dynamicThresholdShare(Bytes pool, int dynamicTh, int congested)
{
    const double a = alphaFromDynamicTh(dynamicTh);
    const int n = std::max(congested, 1);
    return Bytes(static_cast<std::int64_t>(std::floor(a * static_cast<double>(pool.value()) / (1 + a * n))));
}

EcnPfcBound ecnBeforePfcBound(Bytes sharedBuffer, int dynamicTh, int k, int q)
{
    EcnPfcBound b;
    b.sharedBuffer = sharedBuffer;
    b.alpha = alphaFromDynamicTh(dynamicTh);
    b.k = std::max(k, 1);
    b.q = std::max(q, 1);
    const double v = b.alpha * static_cast<double>(std::max<std::int64_t>(0, sharedBuffer.value())) / (b.k + b.alpha * b.q);
    b.bound = Bytes(static_cast<std::int64_t>(std::floor(v)));
    b.formula = fmt::format("α·(B − H)/(k + α·Q) = {}·{}/({} + {}·{})", b.alpha, sharedBuffer.value(), b.k, b.alpha, b.q);
    return b;
}

} // namespace lfp
