// SPDX-License-Identifier: GPL-3.0-or-later
// The lossless contract (planner/checks/contract.h) on generated fat-trees, every class, ECMP: k=16 (1,024
// hosts) and k=32 (8,192 hosts, 1,280 switches, 67 M ordered host pairs by symmetry); target for k=32:
// under 5 s (issue 33). BM_ContractMutated: the same with one spine port's PFC off, so the walk
// reports a break for many host pairs (the memoised break travels to every source). Figures in
// docs/performance.md.
#include "model/fabricindex.h"
#include "planner/checks/contract.h"

#include "benchutil.h"

#include <benchmark/benchmark.h>

using namespace lfp;

namespace {
void runContract(benchmark::State& state, const Fabric& f)
{
    const FabricSnapshot s = makeSnapshot(f);
    ContractResult r;
    for (auto _ : state) {
        r = checkContract(*s.index);
        benchmark::DoNotOptimize(r);
    }
    state.counters["host_pairs"] = static_cast<double>(r.classes.front().hostPairs);
    state.counters["paths"] = static_cast<double>(r.classes.front().paths);
    state.counters["findings"] = static_cast<double>(r.findings.size());
}
} // namespace

static void BM_Contract(benchmark::State& state)
{
    runContract(state, bench::fatTree(static_cast<int>(state.range(0))));
}
BENCHMARK(BM_Contract)->Arg(16)->Arg(32)->Unit(benchmark::kMillisecond)->Iterations(1);

static void BM_ContractMutated(benchmark::State& state)
{
    Fabric f = bench::fatTree(static_cast<int>(state.range(0)));
    QosPolicy p = f.policies.front();
    p.name = "pfc-off";
    p.losslessPriorities.clear();
    f.policies.push_back(p);
    for (const Node& n : f.nodes)
        if (n.role == Role::SuperSpine) {
            f.overrides.push_back({ { n.name, n.ports.front().name }, "pfc-off" });
            break;
        }
    runContract(state, f);
}
BENCHMARK(BM_ContractMutated)->Arg(32)->Unit(benchmark::kMillisecond)->Iterations(1);

BENCHMARK_MAIN();
