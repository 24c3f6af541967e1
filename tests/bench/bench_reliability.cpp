// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 13 size benchmarks: `lfp diff` of two identical k=64 revisions (diffFabrics on the loaded
// fabrics, plus the two loads), the cost of the input pre-check (checkJsonText) on a k=64 file and
// the DOM-free revision writer. The CSV plan import (BM_ImportCsvPlan) is in bench_importers.cpp.
// Figures in docs/performance.md. Peak memory: run `/usr/bin/time -v build/cli/lfp diff …` (docs).
#include "importers/importer.h"
#include "model/diff.h"
#include "model/fabricjson.h"
#include "model/jsontext.h"
#include "model/projectstore.h"

#include "benchutil.h"

#include <benchmark/benchmark.h>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <algorithm>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

using namespace lfp;

static void BM_DiffIdenticalFabrics(benchmark::State& state)
{
    const Fabric& a = bench::fatTree(static_cast<int>(state.range(0)));
    const Fabric b = a;
    for (auto _ : state) {
        auto changes = diffFabrics(a, b);
        benchmark::DoNotOptimize(changes.data());
    }
}
BENCHMARK(BM_DiffIdenticalFabrics)->Arg(64)->Unit(benchmark::kMillisecond);

static void BM_DiffIdenticalRevisions(benchmark::State& state)
{
    const std::string path = (std::filesystem::temp_directory_path() / "lfp-bench-diff.lfp").string();
    std::remove(path.c_str());
    saveFabricFile(bench::fatTree(static_cast<int>(state.range(0))), path, "one", "bench");
    saveFabricFile(bench::fatTree(static_cast<int>(state.range(0))), path, "two", "bench");
    for (auto _ : state) {
        auto store = ProjectStore::open(path);
        auto changes = diffFabrics(store.load(1), store.load(2));
        benchmark::DoNotOptimize(changes.data());
    }
    std::remove(path.c_str());
}
BENCHMARK(BM_DiffIdenticalRevisions)->Arg(64)->Unit(benchmark::kMillisecond);

static void BM_CheckJsonText(benchmark::State& state)
{
    const std::string text = fabricToJsonText(bench::fatTree(static_cast<int>(state.range(0))));
    for (auto _ : state)
        checkJsonText(text, "bench.json");
    state.counters["MB/s"] = benchmark::Counter(static_cast<double>(text.size()) / 1e6, benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_CheckJsonText)->Arg(64)->Unit(benchmark::kMillisecond);

/// A cabling plan as tests/bench/make-csv-plan.py writes it (the same rows), ROWS rows.
// The revision text of a k=64 fabric: the DOM-free writer against the nlohmann DOM it replaced.
static void BM_CompactJsonWriter(benchmark::State& state)
{
    const Fabric& f = bench::fatTree(64);
    for (auto _ : state) {
        std::string t = state.range(0) ? fabricToCompactJsonText(f) : fabricToJson(f).dump();
        benchmark::DoNotOptimize(t.data());
    }
}
BENCHMARK(BM_CompactJsonWriter)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
