// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/routing/deadlock_internal.h"

#include "model/fabricindex.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fmt/format.h>
#include <set>

namespace lfp {

using namespace dl;

// =============================================================================================
// Priorities and masks

std::vector<int> losslessPriorities(const Fabric& f)
{
    std::set<int> used;
    std::set<std::string> bound;
    for (const auto& b : f.bindings)
        bound.insert(b.policy);
    for (const auto& o : f.overrides)
        bound.insert(o.policy);
    for (const auto& p : f.policies)
        if (bound.count(p.name))
            for (int pr : p.losslessPriorities)
                used.insert(pr);
    return { used.begin(), used.end() };
}

namespace {

    /// The mask of one priority on a prepared index. Channel 2l runs a→b of link l, 2l+1 b→a
    /// (buildTopology), so the buffer a channel fills is the port at the link's far end, which the
    /// index already holds by id: no name lookup per channel.
    std::vector<char> losslessMaskOn(const FabricIndex& idx, const Topology& t, int priority)
    {
        std::vector<char> m(t.channels.size(), 0);
        for (std::size_t c = 0; c < t.channels.size(); ++c) {
            const auto& ch = t.channels[c];
            if (ch.from < 0)
                continue;
            std::optional<PortId> far;
            if (ch.link >= 0 && sz(ch.link) < idx.fabric().links.size() && (c == 2 * sz(ch.link) || c == 2 * sz(ch.link) + 1))
                far = idx.linkEnd(static_cast<LinkId>(ch.link), c == 2 * sz(ch.link) ? 1 : 0);
            if (far && idx.nodeAt(idx.nodeOf(*far)).name != t.nodes[sz(ch.to)].name)
                far.reset(); // a topology built another way: look the port up by name
            const QosPolicy* p = far ? idx.policyAt(*far) : idx.policyAt(Endpoint { t.nodes[sz(ch.to)].name, ch.toPort });
            m[c] = p && p->isLossless(priority);
        }
        return m;
    }

} // namespace

std::vector<char> losslessMask(const Fabric& f, const Topology& t, int priority)
{
    const FabricIndex idx(f);
    return losslessMaskOn(idx, t, priority);
}

std::vector<ClassMask> classMasks(const Fabric& f, const Topology& t, std::optional<int> priority, std::vector<std::string>* notes)
{
    std::vector<int> prios = losslessPriorities(f);
    if (priority) {
        if (std::find(prios.begin(), prios.end(), *priority) == prios.end() && notes)
            notes->push_back(fmt::format("priority {} is lossless on no port of the fabric: its graph is empty", *priority));
        prios = { *priority };
    }
    if (prios.empty()) {
        if (notes)
            notes->push_back("no QoS policy makes any priority lossless: every switch buffer is treated as lossless (one class)");
        return { ClassMask { {}, {} } };
    }
    std::vector<ClassMask> out;
    const FabricIndex idx(f);
    for (int p : prios) {
        auto m = losslessMaskOn(idx, t, p);
        // every fabric channel lossless → no mask needed
        bool all = true;
        for (std::size_t c = 0; c < m.size() && all; ++c)
            if (t.channels[c].from >= 0 && t.isFabricChannel(static_cast<int>(c)) && !m[c])
                all = false;
        if (all)
            m.clear();
        auto it = std::find_if(out.begin(), out.end(), [&](const ClassMask& cm) { return cm.lossless == m; });
        if (it != out.end())
            it->priorities.push_back(p);
        else
            out.push_back(ClassMask { { p }, std::move(m) });
    }
    return out;
}

// =============================================================================================
// The driver: graph, cycles per class, explanation and fixes

namespace dl {

    void analyseContext(const Topology& t, const RoutingContext& ctx, const std::vector<ClassMask>& classes,
        const DeadlockOptions& opt, Feedback* fb, DeadlockReport& rep, const FastCdg* prebuilt)
    {
        FastCdg local;
        if (!prebuilt)
            local = buildFast(ctx, fb, 0, 80);
        const FastCdg& g = prebuilt ? *prebuilt : local;
        rep.dependencies = g.edgeCount();
        rep.destinations = t.edgeSwitches.size();
        std::size_t buffers = 0;
        for (std::size_t c = 0; c < t.channels.size(); ++c)
            buffers += t.channels[c].from >= 0 && t.isFabricChannel(static_cast<int>(c)) && ctx.alive(static_cast<int>(c));
        rep.buffers = buffers;
        rep.unreachable = lostFlows(t, g.unreachable, opt.maxFlowExamples);
        for (const auto& cls : classes) {
            checkCancelled(fb);
            const auto tc = Clock::now();
            const auto cc = cyclesOf(g, cls.lossless, sz(opt.maxCycles));
            if (std::getenv("LFP_DEADLOCK_TIMING"))
                std::fprintf(stderr, "deadlock: cycles %.3f s\n", since(tc));
            rep.cyclicComponents += cc.components;
            for (const auto& gc : cc.cycles)
                rep.cycles.push_back(makeCycleReport(t, ctx, g, gc, cls, opt, fb));
        }
        if (fb)
            fb->setProgress(100);
    }

} // namespace dl

DeadlockReport analyseTopology(const Topology& t, const std::vector<ClassMask>& classes, const LinkMask& down,
    const DeadlockOptions& opt, Feedback* fb)
{
    const auto t0 = Clock::now();
    DeadlockReport rep;
    rep.routing = opt.routing;
    for (const auto& c : classes)
        rep.priorities.insert(rep.priorities.end(), c.priorities.begin(), c.priorities.end());
    std::sort(rep.priorities.begin(), rep.priorities.end());
    const auto ctx = makeRoutingContext(t, opt.routing, down, opt.statics);
    analyseContext(t, ctx, classes, opt, fb, rep);
    rep.seconds = since(t0);
    return rep;
}

DeadlockReport analyseDeadlock(const Fabric& f, const DeadlockOptions& opt, Feedback* fb)
{
    const Topology t = buildTopology(f);
    std::vector<std::string> notes;
    const auto classes = classMasks(f, t, opt.priority, &notes);
    auto rep = analyseTopology(t, classes, LinkMask(sz(t.linkCount), 0), opt, fb);
    rep.notes.insert(rep.notes.begin(), notes.begin(), notes.end());
    return rep;
}

} // namespace lfp
