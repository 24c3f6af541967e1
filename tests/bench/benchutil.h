// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared by the benchmarks: generated fat-trees, made once per radix and kept for the process.
#include "model/generators.h"

#include <map>

namespace lfp::bench {
inline const Fabric& fatTree(int k)
{
    static std::map<int, Fabric> cache;
    auto it = cache.find(k);
    if (it == cache.end())
        it = cache.emplace(k, generateFatTree(k)).first;
    return it->second;
}
} // namespace lfp::bench
