// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file pgsplit.h
/// Which priority groups and queues of a policy are lossless: a PG (queue) is lossless when a lossless
/// priority maps to it through tc_to_pg (tc_to_queue); every other PG (queue) a priority maps to is
/// lossy. One rule for the buffer budget (PG reservations, ECN-before-PFC queues) and the exporters.

#include "model/qos.h"

#include <cstddef>
#include <set>

namespace lfp {

struct PgSplit {
    std::set<int> losslessPgs, lossyPgs, losslessQueues, lossyQueues;
};

inline PgSplit pgSplit(const QosPolicy& pol)
{
    PgSplit s;
    for (int p : pol.losslessPriorities)
        if (p >= 0 && p < kPriorities) {
            s.losslessPgs.insert(pol.tcToPg[static_cast<std::size_t>(p)]);
            s.losslessQueues.insert(pol.tcToQueue[static_cast<std::size_t>(p)]);
        }
    for (int p = 0; p < kPriorities; ++p) {
        const int pg = pol.tcToPg[static_cast<std::size_t>(p)];
        if (!s.losslessPgs.count(pg))
            s.lossyPgs.insert(pg);
    }
    for (int q = 0; q < kPriorities; ++q)
        if (!s.losslessQueues.count(q))
            s.lossyQueues.insert(q);
    return s;
}

} // namespace lfp
