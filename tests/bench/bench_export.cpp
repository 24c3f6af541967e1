// SPDX-License-Identifier: GPL-3.0-or-later
// SONiC export of every switch of a generated fat-tree, as `lfp export --vendor sonic` runs it after
// reading the fabric: the export context (budgets of every switch) plus one config_db.json per switch.
// Targets (issue "Vendor configuration export"): k=32 (1,280 switches) under 5 s, k=64 (5,120) under
// 20 s on the 2-core machine. Figures in docs/performance.md.
#include "benchutil.h"
#include "exporters/exporter.h"
#include "model/asiccatalog.h"

#include <benchmark/benchmark.h>
#include <fstream>

using namespace lfp;

static void BM_SonicExportFatTree(benchmark::State& state)
{
    const Fabric& f = bench::fatTree(static_cast<int>(state.range(0)));
    const AsicCatalog catalog = AsicCatalog::loadDefault();
    const Exporter* ex = findExporter("sonic");
    std::size_t files = 0, bytes = 0;
    for (auto _ : state) {
        const ExportContext ctx(f, catalog);
        const ExportResult r = ex->run(ctx);
        files = r.files.size();
        bytes = 0;
        for (const auto& [n, t] : r.files)
            bytes += t.size();
        benchmark::DoNotOptimize(bytes);
    }
    state.counters["switches"] = static_cast<double>(f.switchCount());
    state.counters["files"] = static_cast<double>(files);
    state.counters["MiB"] = static_cast<double>(bytes) / (1024.0 * 1024.0);
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmHWM:", 0) == 0)
            state.counters["peak_MiB"] = std::stod(line.substr(6)) / 1024.0;
}
/// The export context alone: the planner's budget of every switch (shared by every target).
static void BM_ExportContextFatTree(benchmark::State& state)
{
    const Fabric& f = bench::fatTree(static_cast<int>(state.range(0)));
    const AsicCatalog catalog = AsicCatalog::loadDefault();
    std::size_t devices = 0;
    for (auto _ : state) {
        const ExportContext ctx(f, catalog);
        devices = ctx.devices().size();
        benchmark::DoNotOptimize(devices);
    }
    state.counters["devices"] = static_cast<double>(devices);
}
BENCHMARK(BM_ExportContextFatTree)->Arg(32)->Arg(64)->Unit(benchmark::kMillisecond)->Iterations(1);

BENCHMARK(BM_SonicExportFatTree)->Arg(32)->Arg(64)->Unit(benchmark::kMillisecond)->Iterations(1);

/// Every other switch target on the k=32 fat-tree (context + files), for comparison with SONiC.
static void BM_VendorExportFatTree32(benchmark::State& state)
{
    static const char* const targets[] = { "nvue", "eos", "nxos", "junos", "huawei" };
    const char* target = targets[state.range(0)];
    state.SetLabel(target);
    const Fabric& f = bench::fatTree(32);
    const AsicCatalog catalog = AsicCatalog::loadDefault();
    const Exporter* ex = findExporter(target);
    std::size_t bytes = 0;
    for (auto _ : state) {
        const ExportContext ctx(f, catalog);
        const ExportResult r = ex->run(ctx);
        bytes = 0;
        for (const auto& [n, t] : r.files)
            bytes += t.size();
        benchmark::DoNotOptimize(bytes);
    }
    state.counters["MiB"] = static_cast<double>(bytes) / (1024.0 * 1024.0);
}
BENCHMARK(BM_VendorExportFatTree32)->DenseRange(0, 4)->Unit(benchmark::kMillisecond)->Iterations(1);

BENCHMARK_MAIN();
