// SPDX-License-Identifier: GPL-3.0-or-later
// The change review of a one-link change on a generated fat-tree (issue "Change review at fabric scale":
// `lfp review` of a one-link change on the k=64 fat-tree in under 30 s; docs/performance.md, "Session 17").
// The work of `lfp review PROJECT --base 1 -o review.md` once both revisions are in memory: computeReview
// with every analysis the review runs by default, then the checklist as Markdown.
#include "benchutil.h"

#include "exporters/review.h"
#include "model/asiccatalog.h"

#include <benchmark/benchmark.h>

#include <ctime>

using namespace lfp;

namespace {

/// The fat-tree with the uplink at pod1-agg1:Ethernet0 at 300 m of fibre (what `lfp set k64.lfp
/// link:pod1-agg1:Ethernet0 length=300m medium=fibre` makes of it).
Fabric withLongUplink(Fabric f)
{
    for (auto& l : f.links)
        if ((l.a.node == "pod1-agg1" && l.a.port == "Ethernet0") || (l.b.node == "pod1-agg1" && l.b.port == "Ethernet0")) {
            l.length = Metres(300);
            l.medium = Medium::Fibre;
            break;
        }
    return f;
}

} // namespace

static void BM_ReviewOneLinkFatTree(benchmark::State& state)
{
    const Fabric& before = bench::fatTree(static_cast<int>(state.range(0)));
    const Fabric after = withLongUplink(before);
    const AsicCatalog catalog = AsicCatalog::loadDefault();
    ReviewOptions o;
    o.baseLabel = "revision 1";
    o.toLabel = "revision 2";
    std::size_t steps = 0, bytes = 0;
    const std::clock_t cpu0 = std::clock();
    for (auto _ : state) {
        const Review r = computeReview(before, after, catalog, o);
        const std::string md = renderReviewMarkdown(buildReviewDocument(r, "en"));
        steps = r.rollout.steps.size();
        bytes = md.size();
        benchmark::DoNotOptimize(md.data());
    }
    // Process CPU of all threads (the TBB workers too), per iteration: the machine is shared.
    state.counters["process_cpu_s"] = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC / static_cast<double>(state.iterations());
    state.counters["steps"] = static_cast<double>(steps);
    state.counters["markdown_bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_ReviewOneLinkFatTree)->Arg(32)->Arg(64)->Unit(benchmark::kMillisecond)->Iterations(1);

BENCHMARK_MAIN();
