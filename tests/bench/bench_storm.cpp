// SPDX-License-Identifier: GPL-3.0-or-later
// Pause-storm benchmark (figures in docs/performance.md): `lfp storm --all-hosts` on a generated k=32
// fat-tree (8,192 hosts = 8,192 sources, 1,280 switches, Spectrum-3 budgets), the ten worst sources in
// full; target < 5 s. Also k=16 (1,024 sources) for scale. Counters: sources, distinct analyses (per-leaf
// sharing), paused ports of the worst source, and the model build alone (budgets, channels, graph).
#include "planner/checks/storm.h"
#include "model/asiccatalog.h"

#include "benchutil.h"

#include <benchmark/benchmark.h>

using namespace lfp;

namespace {
const AsicCatalog& catalog()
{
    static const AsicCatalog c = AsicCatalog::loadDefault();
    return c;
}
} // namespace

static void BM_StormAllHosts(benchmark::State& state)
{
    const int k = static_cast<int>(state.range(0));
    const Fabric& f = bench::fatTree(k);
    StormOptions o;
    o.allHosts = true;
    o.detailLimit = 10;
    StormReport rep;
    for (auto _ : state) {
        rep = analyseStorms(f, catalog(), o);
        benchmark::DoNotOptimize(rep.sources.data());
    }
    state.counters["sources"] = static_cast<double>(rep.sources.size());
    state.counters["analyses"] = static_cast<double>(rep.groups);
    state.counters["worst_paused"] = rep.sources.empty() ? 0 : static_cast<double>(rep.sources.front().pausedCount);
    state.counters["worst_frozen_ms"] = rep.sources.empty() ? 0 : rep.sources.front().frozenMsMax.value_or(-1);
}
BENCHMARK(BM_StormAllHosts)->Arg(16)->Arg(32)->Unit(benchmark::kMillisecond)->Iterations(1);

/// One source (the model build dominates): what `lfp storm --source HOST` costs.
static void BM_StormOneSource(benchmark::State& state)
{
    const int k = static_cast<int>(state.range(0));
    const Fabric& f = bench::fatTree(k);
    StormOptions o;
    for (const auto& n : f.nodes)
        if (!n.isSwitch()) {
            o.sources = { n.name };
            break;
        }
    for (auto _ : state) {
        auto rep = analyseStorms(f, catalog(), o);
        benchmark::DoNotOptimize(rep.sources.data());
    }
}
BENCHMARK(BM_StormOneSource)->Arg(32)->Unit(benchmark::kMillisecond)->Iterations(1);

BENCHMARK_MAIN();
