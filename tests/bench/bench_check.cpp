// SPDX-License-Identifier: GPL-3.0-or-later
// `lfp check` on a generated k=64 fat-tree, as the CLI runs it: read the JSON file, run every check.
// Target (issue "Buffer planner"): under 5 s and 1 GiB on the 2-core machine. Figures in
// docs/performance.md.
#include "model/fabricjson.h"
#include "model/asiccatalog.h"
#include "planner/checks/checks.h"
#include "model/generators.h"

#include <benchmark/benchmark.h>
#include <filesystem>
#include <fstream>

using namespace lfp;

static void BM_CheckFatTree(benchmark::State& state)
{
    const auto path = (std::filesystem::temp_directory_path() / "lfp-bench-check.json").string();
    writeFabricJson(generateFatTree(static_cast<int>(state.range(0))), path);
    const AsicCatalog catalog = AsicCatalog::loadDefault();
    std::size_t findings = 0;
    for (auto _ : state) {
        const Fabric f = readFabricJson(path);
        findings = runAllChecks(f, catalog).size();
    }
    state.counters["findings"] = static_cast<double>(findings);
    // Peak resident memory of the whole process (VmHWM), in MiB.
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmHWM:", 0) == 0)
            state.counters["peak_MiB"] = std::stod(line.substr(6)) / 1024.0;
}
BENCHMARK(BM_CheckFatTree)->Arg(16)->Arg(64)->Unit(benchmark::kMillisecond)->Iterations(1);

BENCHMARK_MAIN();
