// SPDX-License-Identifier: GPL-3.0-or-later
// One inspector edit on a generated fat-tree (issue 30, "Change events that views act on"): the cable
// length of a leaf's uplink set through MainWindow::applyEdit, the path of the property panel. Target:
// at k=64 (65,536 hosts, 5,120 switches) the document, the device tree and the canvas updated in under
// 100 ms, and the undo step's memory proportional to the change (a few hundred bytes), not the fabric.
// The checks the edit starts run on a worker thread and are not part of the time (the window stays
// responsive while they run). Figures in docs/performance.md ("Session 12: edits at k=64"). Runs
// offscreen: QT_QPA_PLATFORM=offscreen is set when no platform is.
#include "document/changecommands.h"
#include "document/fabricdocument.h"
#include "gui/checkrunner.h"
#include "gui/models/devicetreemodel.h"
#include "gui/canvas/fabricscene.h"
#include "gui/mainwindow.h"
#include "model/fieldaccess.h"
#include "model/generators.h"

#include <QApplication>
#include <QTreeView>
#include <QUndoStack>

#include <benchmark/benchmark.h>
#include <chrono>
#include <ctime>
#include <memory>

using namespace lfp;
using namespace lfp::gui;

namespace {
double msSince(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

/// This thread's CPU time (ms): on the shared 2-core machine the wall time is mostly the other
/// processes' and the checks' threads; the CPU time is what the edit costs the GUI thread.
double cpuMs()
{
    timespec t {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

/// A leaf's uplink (its switch end) in @p f: the edit the headroom depends on.
Endpoint leafUplink(const Fabric& f)
{
    for (const Link& l : f.links)
        if (const Node* a = f.findNode(l.a.node); a && a->role == Role::Leaf)
            if (const Node* b = f.findNode(l.b.node); b && b->isSwitch())
                return l.a;
    return f.links.front().a;
}

/// The fabric's own bytes, roughly (the strings beyond the short-string buffer are not counted): what
/// an undo step that kept the fabric before and after would hold twice.
std::size_t fabricBytes(const Fabric& f)
{
    std::size_t bytes = sizeof(Fabric) + f.nodes.size() * sizeof(Node) + f.links.size() * sizeof(Link);
    for (const Node& n : f.nodes)
        bytes += n.ports.size() * sizeof(Port);
    return bytes;
}
} // namespace

// The document's part and the views' parts separately: the command (validate on one copy, reuse the
// index's ids), the tree model's update and the scene's, as MainWindow wires them.
static void BM_EditDocumentTreeCanvas(benchmark::State& state)
{
    FabricDocument doc;
    doc.reset(generateFatTree(static_cast<int>(state.range(0))));
    DeviceTreeModel model;
    model.setFabric(doc.snapshot().fabric, doc.snapshot().index);
    QTreeView tree;
    tree.setModel(&model);
    tree.expand(model.index(0, 0));
    FabricScene scene;
    scene.setFabric(doc.snapshot().fabric);
    double docMs = 0, treeMs = 0, sceneMs = 0, fullMs = 0;
    std::size_t stepBytes = 0;
    QObject::connect(&doc, &FabricDocument::changed, &doc, [&](const FabricChange& c) {
        double t0 = cpuMs();
        if (!model.updateValues(doc.snapshot().fabric, doc.snapshot().index, c.objects, c.field))
            model.setFabric(doc.snapshot().fabric, doc.snapshot().index);
        treeMs = cpuMs() - t0;
        t0 = cpuMs();
        scene.updateValues(doc.snapshot().fabric, c.objects, c.field);
        sceneMs = cpuMs() - t0;
    });
    const Endpoint e = leafUplink(doc.fabric());
    int i = 0;
    for (auto _ : state) {
        const std::string value = std::to_string(10 + (i++ % 50)) + "m";
        const double t0 = cpuMs();
        auto* cmd = new ChangeValueCommand(&doc, { ObjectRef::forLink(e) }, "length", value);
        doc.undoStack()->beginMacro(cmd->text()); // a step of its own (no merge), as a button press
        doc.undoStack()->push(cmd);
        doc.undoStack()->endMacro();
        docMs = cpuMs() - t0 - treeMs - sceneMs;
        stepBytes = cmd->memoryBytes();
        // What an edit cost before: a copy to validate, a copy to apply, an index built from scratch.
        const double t1 = cpuMs();
        Fabric probe = doc.fabric();
        Fabric next = doc.fabric();
        setField(next, ObjectRef::forLink(e), "length", "5m");
        const FabricSnapshot s = makeSnapshot(std::move(next));
        benchmark::DoNotOptimize(s.index.get());
        fullMs = cpuMs() - t1;
    }
    state.counters["document_ms"] = docMs;
    state.counters["tree_ms"] = treeMs;
    state.counters["canvas_ms"] = sceneMs;
    state.counters["before_copy_copy_reindex_ms"] = fullMs;
    state.counters["step_bytes"] = static_cast<double>(stepBytes);
    state.counters["fabric_bytes"] = static_cast<double>(fabricBytes(doc.fabric()));
    state.counters["nodes"] = static_cast<double>(doc.fabric().nodes.size());
}
BENCHMARK(BM_EditDocumentTreeCanvas)->Arg(16)->Arg(32)->Arg(64)->Unit(benchmark::kMillisecond)->Iterations(5);

// The whole window: the property panel's edit through MainWindow::applyEdit, every view that follows
// the document (tree, diagram, inspector, buffer panels, policy editor, budget and headroom views).
static void BM_InspectorEditMainWindow(benchmark::State& state)
{
    MainWindow w;
    w.setQuiet(true);
    w.resize(1400, 900);
    w.show();
    w.setFabric(generateFatTree(static_cast<int>(state.range(0))), {}, std::nullopt);
    QApplication::processEvents();
    const Endpoint e = leafUplink(*w.fabric());
    w.selectObject(QString::fromStdString(ObjectRef::forPort(e).toString()));
    QApplication::processEvents();
    const int expandedBefore = w.treeView()->isExpanded(w.treeModel()->index(0, 0)) ? 1 : 0;
    int i = 0;
    double ms = 0, cpu = 0;
    for (auto _ : state) {
        const QString value = QStringLiteral("%1m").arg(10 + (i++ % 50));
        const auto t0 = std::chrono::steady_clock::now();
        const double c0 = cpuMs();
        w.applyEdit(ObjectRef::forLink(e), QStringLiteral("length"), value);
        cpu = cpuMs() - c0;
        ms = msSince(t0);
        state.PauseTiming();
        w.document()->undoStack()->setClean(); // the next edit is a step of its own (no merge)
        QApplication::processEvents();
        state.ResumeTiming();
    }
    state.counters["edit_ms"] = ms; // wall
    state.counters["edit_cpu_ms"] = cpu;
    state.counters["undo_steps"] = w.document()->undoStack()->count();
    state.counters["tree_kept_expanded"] = expandedBefore == (w.treeView()->isExpanded(w.treeModel()->index(0, 0)) ? 1 : 0);
    w.checkRunner()->cancel();
}
BENCHMARK(BM_InspectorEditMainWindow)->Arg(16)->Arg(64)->Unit(benchmark::kMillisecond)->Iterations(5);

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
