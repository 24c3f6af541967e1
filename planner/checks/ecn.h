// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file ecn.h
/// ECN / DCQCN marking thresholds: recommendations from the bandwidth-delay product, and the
/// condition under which ECN marking starts before PFC fires (docs/formulas.md §ECN; sources in
/// ../shared/guide/ecn-pfc.md).

#include "model/units.h"

#include <string>

namespace lfp {

/// Which published rule a recommendation follows.
enum class EcnGoal {
    /// Huawei CloudEngine EDOC1100155250 "Configuring Static ECN", throughput-sensitive:
    /// Kmin 7 KB, Kmax = 3 × BDP, Pmax 10 % (100GE: 7 KB / 750 KB / 10 %).
    Throughput,
    /// The same source, delay-sensitive: Kmin 7 KB, Kmax = 2 × BDP, Pmax 30 % (100GE: 7 / 500 / 30 %).
    Latency,
    /// HPCC ns-3 simulator run.py (alibaba-edu/High-Precision-Congestion-Control 9f4be2a9):
    /// Kmin = 100 KB·bw/25G, Kmax = 400 KB·bw/25G, Pmax 0.2 (KB = 1000 B).
    HpccSim,
};

const char* toString(EcnGoal g);
/// "throughput", "latency", "hpcc"; throws std::invalid_argument.
EcnGoal ecnGoalFromString(const std::string& s);

struct EcnRecommendation {
    BitsPerSecond speed {};
    Nanoseconds rtt {};
    Bytes bdp {}; ///< speed × RTT / 8
    Bytes kmin {};
    Bytes kmax {};
    double pmax = 0;
    EcnGoal goal = EcnGoal::Throughput;
    std::string rule; ///< "Kmax = 3 × BDP, Kmin = 7 KB, Pmax 10 %"
    std::string source;
};

/// Huawei's default expected RTT (EDOC1100155250: "Typically, the expected RTT is 20 μs by default").
inline constexpr Nanoseconds kDefaultEcnRtt { 20'000.0 };

EcnRecommendation recommendEcn(BitsPerSecond speed, Nanoseconds rtt = kDefaultEcnRtt, EcnGoal goal = EcnGoal::Throughput);

/// Dynamic-threshold factor α = 2^dynamic_th (SAI_BUFFER_PROFILE_ATTR_SHARED_DYNAMIC_TH).
double alphaFromDynamicTh(int dynamicTh);

/// Steady-state share of each of @p congested saturated queues under dynamic thresholds
/// (Choudhury & Hahne 1998): α·B/(1 + α·N), B = the free shared pool.
Bytes dynamicThresholdShare(Bytes pool, int dynamicTh, int congested);

/// The ECN-before-PFC condition (ecn-pfc.md §5, reproduces DCQCN SIGCOMM'15 §"Buffer settings"):
/// an ingress PG pauses at t_PFC(s) = α·(B − H − s); marking starts first when
///     Kmin < α·(B − H) / (k + α·Q)
/// with k = egress queues one ingress PG can feed (worst case: the switch's active ports) and
/// Q = egress queues that may sit at Kmin at once (active ports × lossless queues per port).
struct EcnPfcBound {
    Bytes sharedBuffer {}; ///< B − H: the shared (ingress lossless) pool after all reservations
    double alpha = 1;
    int k = 1;
    int q = 1;
    Bytes bound {}; ///< largest Kmin for which marking starts before PFC (exclusive)
    std::string formula;
};

EcnPfcBound ecnBeforePfcBound(Bytes sharedBuffer, int dynamicTh, int k, int q);

} // namespace lfp
