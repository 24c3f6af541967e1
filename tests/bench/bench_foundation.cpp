// SPDX-License-Identifier: GPL-3.0-or-later
// Foundation benchmarks: generating a k=64 fat-tree (65,536 hosts, 5,120 switches), writing and
// reading it as JSON, and saving/loading it as a project revision. Figures in docs/performance.md.
#include "model/fabricjson.h"
#include "model/projectstore.h"
#include "model/generators.h"

#include "benchutil.h"

#include <benchmark/benchmark.h>
#include <cstdio>
#include <filesystem>

using namespace lfp;

namespace {
using bench::fatTree;
std::string tmpPath(const char* name) { return (std::filesystem::temp_directory_path() / name).string(); }
} // namespace

static void BM_GenerateFatTree(benchmark::State& state)
{
    for (auto _ : state) {
        Fabric f = generateFatTree(static_cast<int>(state.range(0)));
        benchmark::DoNotOptimize(&f.nodes);
    }
}
BENCHMARK(BM_GenerateFatTree)->Arg(16)->Arg(64)->Unit(benchmark::kMillisecond);

static void BM_WriteJson(benchmark::State& state)
{
    const Fabric& f = fatTree(static_cast<int>(state.range(0)));
    const std::string path = tmpPath("lfp-bench.json");
    for (auto _ : state)
        writeFabricJson(f, path);
    state.counters["bytes"] = static_cast<double>(std::filesystem::file_size(path));
}
BENCHMARK(BM_WriteJson)->Arg(64)->Unit(benchmark::kMillisecond);

static void BM_ReadJson(benchmark::State& state)
{
    const std::string path = tmpPath("lfp-bench.json");
    writeFabricJson(fatTree(static_cast<int>(state.range(0))), path);
    for (auto _ : state) {
        Fabric f = readFabricJson(path);
        benchmark::DoNotOptimize(&f.nodes);
    }
}
BENCHMARK(BM_ReadJson)->Arg(64)->Unit(benchmark::kMillisecond);

static void BM_ProjectSaveLoad(benchmark::State& state)
{
    const Fabric& f = fatTree(static_cast<int>(state.range(0)));
    const std::string path = tmpPath("lfp-bench.lfp");
    for (auto _ : state) {
        std::remove(path.c_str());
        saveFabricFile(f, path, "bench", "bench");
        Fabric g = loadFabricFile(path);
        benchmark::DoNotOptimize(&g.nodes);
    }
}
BENCHMARK(BM_ProjectSaveLoad)->Arg(64)->Unit(benchmark::kMillisecond)->Iterations(2);

BENCHMARK_MAIN();
