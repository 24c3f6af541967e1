// SPDX-License-Identifier: GPL-3.0-or-later
// Importer throughput. The ibnetdiscover input is synthesised in the format ibsim + ibnetdiscover write
// (tests/data/ibnetdiscover/fabric.txt): 540 36-port leaves with 18 HCAs each and 18 uplinks, spread
// over 54 180-port spines — about 100,000 lines. Target: under 2 s (docs/performance.md).
#include "importers/importer.h"
#include "importers/merge.h"
#include "model/fabricjson.h"
#include "model/fileio.h"

#include <algorithm>
#include <benchmark/benchmark.h>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <string>

namespace {

std::string synthIbnetdiscover(int leaves, int hostsPerLeaf, int uplinks, int spinePorts, std::size_t* lines)
{
    const int spines = leaves * uplinks / spinePorts;
    std::string out = "#\n# Topology file: generated on Mon Nov 30 02:24:49 2026\n#\n# Initiated from node 0000000000200000 port 0000000000200000\n\n";
    auto sw = [](int i) { return 0x200000ULL + static_cast<unsigned long long>(i); };
    auto ca = [](int i) { return 0x100000ULL + 3ULL * static_cast<unsigned long long>(i); };
    const int leafPorts = hostsPerLeaf + uplinks;
    int lid = 1;
    // Spines: port p of spine s goes to leaf (s * spinePorts + p - 1) / uplinks, uplink port.
    for (int s = 0; s < spines; ++s) {
        const auto g = sw(leaves + s);
        out += fmt::format("vendid=0x2c9\ndevid=0xcf08\nsysimgguid={0:#x}\nswitchguid={0:#x}({0:x})\n", g);
        out += fmt::format("Switch\t{} \"S-{:016x}\"\t\t# \"spine{:03}\" base port 0 lid {} lmc 0\n", spinePorts, g, s + 1, lid++);
        for (int p = 1; p <= spinePorts; ++p) {
            const int k = s * spinePorts + p - 1;
            const int leaf = k / uplinks;
            const int up = hostsPerLeaf + 1 + k % uplinks;
            out += fmt::format("[{}]\t\"S-{:016x}\"[{}]\t\t# \"leaf{:04}\" lid {} 4xHDR\n", p, sw(leaf), up, leaf + 1, 1000 + leaf);
        }
        out += "\n";
    }
    for (int l = 0; l < leaves; ++l) {
        const auto g = sw(l);
        out += fmt::format("vendid=0x2c9\ndevid=0xcf08\nsysimgguid={0:#x}\nswitchguid={0:#x}({0:x})\n", g);
        out += fmt::format("Switch\t{} \"S-{:016x}\"\t\t# \"leaf{:04}\" base port 0 lid {} lmc 0\n", leafPorts, g, l + 1, 1000 + l);
        for (int h = 0; h < hostsPerLeaf; ++h) {
            const int host = l * hostsPerLeaf + h;
            out += fmt::format("[{}]\t\"H-{:016x}\"[1]({:x}) \t\t# \"node{:05} mlx5_0\" lid {} 4xHDR\n", h + 1, ca(host), ca(host) + 1, host + 1, 20000 + host);
        }
        for (int u = 0; u < uplinks; ++u) {
            const int k = l * uplinks + u;
            out += fmt::format("[{}]\t\"S-{:016x}\"[{}]\t\t# \"spine{:03}\" lid {} 4xHDR\n", hostsPerLeaf + 1 + u, sw(leaves + k / spinePorts), k % spinePorts + 1,
                k / spinePorts + 1, 1 + k / spinePorts);
        }
        out += "\n";
    }
    for (int host = 0; host < leaves * hostsPerLeaf; ++host) {
        const auto g = ca(host);
        const int leaf = host / hostsPerLeaf;
        out += fmt::format("vendid=0x2c9\ndevid=0x101b\nsysimgguid={0:#x}\ncaguid={0:#x}\n", g);
        out += fmt::format("Ca\t1 \"H-{:016x}\"\t\t# \"node{:05} mlx5_0\"\n", g, host + 1);
        out += fmt::format("[1]({:x}) \t\"S-{:016x}\"[{}]\t\t# lid {} lmc 0 \"leaf{:04}\" lid {} 4xHDR\n\n", g + 1, sw(leaf), host % hostsPerLeaf + 1, 20000 + host,
            leaf + 1, 1000 + leaf);
    }
    if (lines)
        *lines = static_cast<std::size_t>(std::count(out.begin(), out.end(), '\n'));
    return out;
}

void BM_Ibnetdiscover100kLines(benchmark::State& state)
{
    std::size_t lines = 0;
    const std::string text = synthIbnetdiscover(540, 18, 18, 180, &lines);
    const lfp::Importer* imp = lfp::findImporter("ibnetdiscover");
    std::size_t links = 0;
    for (auto _ : state) {
        auto r = imp->readTexts({ { "synthetic.txt", text } }, nullptr);
        links = r.fragment.links.size();
        benchmark::DoNotOptimize(r);
    }
    state.counters["lines"] = static_cast<double>(lines);
    state.counters["links"] = static_cast<double>(links);
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_Ibnetdiscover100kLines)->Unit(benchmark::kMillisecond)->MinTime(3.0);

void BM_MergeSameFabric(benchmark::State& state)
{
    const std::string text = synthIbnetdiscover(540, 18, 18, 180, nullptr);
    const auto r = lfp::findImporter("ibnetdiscover")->readTexts({ { "synthetic.txt", text } }, nullptr);
    for (auto _ : state) {
        auto report = lfp::planMerge(r.fragment, r.fragment, r.knownFields);
        benchmark::DoNotOptimize(report);
    }
}
BENCHMARK(BM_MergeSameFabric)->Unit(benchmark::kMillisecond);

/// The plan tests/bench/make-csv-plan.py writes for @p rows (the same bytes).
std::string csvPlan(std::size_t rows)
{
    std::string out = "a_device,a_port,b_device,b_port,speed,cable_m,medium,cable_id\n";
    const char* media[] = { "DAC", "AOC", "fibre" };
    std::size_t n = 0;
    for (std::size_t l = 0; l < std::max<std::size_t>(1, rows / 64); ++l) {
        for (std::size_t h = 0; h < 32; ++h) {
            ++n;
            out += fmt::format("c{}-{},eth0,r{}-tor,Ethernet{},200G,{},DAC,C{}\n", l, h, l, h * 8, 1 + n % 3, n);
        }
        for (std::size_t u = 0; u < 32; ++u) {
            ++n;
            out += fmt::format("r{}-tor,Ethernet{},s{},Ethernet{},400G,{},{},C{}\n", l, 256 + u * 8, 32 * u + l % 32, (l / 32) * 8, 3 + (n * 7) % 60, media[n % 3], n);
        }
    }
    return out;
}

/// The plan of Arg(0) rows, or the file LFP_BENCH_CSV names (make-csv-plan.py's 1M-row plan).
std::string benchPlan(const benchmark::State& state)
{
    const char* file = std::getenv("LFP_BENCH_CSV");
    return file ? lfp::readWholeFile(file) : csvPlan(static_cast<std::size_t>(state.range(0)));
}

// `lfp import csv` without the file system: parse + fragment + role inference. The 1M-row figures in
// docs/performance.md are `lfp import csv plan1m.csv -o x1m.json` under /usr/bin/time -v on the output
// of make-csv-plan.py; LFP_BENCH_CSV=plan1m.csv makes this benchmark read that file instead.
void BM_ImportCsvPlan(benchmark::State& state)
{
    const std::string text = benchPlan(state);
    const lfp::Importer* csv = lfp::findImporter("csv");
    for (auto _ : state) {
        auto r = csv->readTexts({ { "plan.csv", text } }, nullptr);
        benchmark::DoNotOptimize(&r.fragment.links);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_ImportCsvPlan)->Arg(100000)->Unit(benchmark::kMillisecond);

// The same and the fabric file written (writeFabricJson: in pieces to a temporary file, fsync, rename).
void BM_ImportCsvPlanToJson(benchmark::State& state)
{
    const std::string text = benchPlan(state);
    const lfp::Importer* csv = lfp::findImporter("csv");
    const std::string path = (std::filesystem::temp_directory_path() / "lfp-bench-csv.json").string();
    for (auto _ : state) {
        auto r = csv->readTexts({ { "plan.csv", text } }, nullptr);
        lfp::writeFabricJson(r.fragment, path);
    }
    std::remove(path.c_str());
}
BENCHMARK(BM_ImportCsvPlanToJson)->Arg(100000)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
