// SPDX-License-Identifier: GPL-3.0-or-later
// The diagram's first frame for a generated fat-tree, in its three steps: the pure layout
// (gui/canvas/fabriclayout.h), the scene's items (FabricScene::setFabric) and the first paint of the view at
// the fit (rendered offscreen into an image of the window's size). Target (issue "GUI I"): k=32
// (8,192 hosts) under 2 s, k=64 (65,536 hosts) under 5 s on the 2-core machine. Figures in
// docs/performance.md. Runs offscreen: QT_QPA_PLATFORM=offscreen is set when no platform is.
#include "gui/canvas/fabriclayout.h"
#include "gui/canvas/fabricscene.h"
#include "gui/canvas/fabricview.h"
#include "model/generators.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QImage>
#include <QPainter>

#include <benchmark/benchmark.h>
#include <chrono>
#include <memory>

using namespace lfp;
using namespace lfp::gui;

namespace {
double secondsSince(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
} // namespace

static void BM_FirstFrameFatTree(benchmark::State& state)
{
    const auto fabric = std::make_shared<const Fabric>(generateFatTree(static_cast<int>(state.range(0))));
    double layoutS = 0, sceneS = 0, paintS = 0;
    for (auto _ : state) {
        auto t0 = std::chrono::steady_clock::now();
        const QFontMetricsF fm(QApplication::font());
        const FabricLayout L = layoutFabric(*fabric, [&](std::string_view t, LayoutText) {
            return fm.horizontalAdvance(QString::fromUtf8(t.data(), static_cast<qsizetype>(t.size())));
        });
        benchmark::DoNotOptimize(L.pos.data());
        layoutS = secondsSince(t0);

        t0 = std::chrono::steady_clock::now();
        FabricScene scene; // lays out again and makes the items: the window's path
        scene.setFabric(fabric);
        sceneS = secondsSince(t0);

        t0 = std::chrono::steady_clock::now();
        FabricView view(&scene);
        view.resize(1000, 650);
        view.fitAll();
        QImage image(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        QPainter painter(&image);
        view.render(&painter);
        painter.end();
        paintS = secondsSince(t0);
        benchmark::DoNotOptimize(image.bits());
    }
    state.counters["layout_s"] = layoutS;
    state.counters["scene_s"] = sceneS; // includes its own layout
    state.counters["paint_s"] = paintS;
    state.counters["nodes"] = static_cast<double>(fabric->nodes.size());
}
BENCHMARK(BM_FirstFrameFatTree)->Arg(16)->Arg(32)->Arg(64)->Unit(benchmark::kMillisecond)->Iterations(1);

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
