// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/review/counters.h"

#include "planner/findings/findingregistry.h"
#include "planner/buffer/pgsplit.h"

#include "model/fabricindex.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <set>

namespace lfp {

CounterComparison compareCounters(const Fabric& fabric, const CounterSnapshot& before, const CounterSnapshot& after, const CounterCompareOptions& options)
{
    const FabricIndex index(fabric);
    CounterComparison r;
    std::set<std::string> devices;
    // The plan at a port: lossless priorities and queues; ports the evidence names by file-safe name
    // (ethtool_S_Ethernet1_1) are matched against the plan's names the same way.
    auto planAt = [&](const std::string& device, const std::string& port) -> const QosPolicy* {
        const Node* n = index.findNode(device);
        if (!n)
            return nullptr;
        for (const auto& p : n->ports) {
            std::string safe;
            for (char c : p.name)
                safe += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '_';
            if (p.name == port || safe == port)
                return index.policyAt(Endpoint { device, p.name });
        }
        return nullptr;
    };
    std::set<std::string> unknownPorts;
    struct Pause {
        double rx = 0, tx = 0;
        std::string source;
    };
    std::map<std::tuple<std::string, std::string, int>, Pause> losslessPauses;
    std::map<std::pair<std::string, std::string>, std::pair<double, double>> cnpEcn; // (cnp growth, ecn growth)
    std::map<std::pair<std::string, std::string>, std::string> cnpSource;

    for (const auto& [key, av] : after.values) {
        devices.insert(key.device);
        const auto bit = before.values.find(key);
        if (bit == before.values.end())
            continue;
        ++r.counters;
        const double bv = bit->second;
        const std::string src = after.sourceOf.count(key) ? after.sourceOf.at(key) : std::string();
        const QosPolicy* pol = planAt(key.device, key.port);
        bool lossless = false;
        bool known = pol != nullptr;
        if (pol && key.priority >= 0) {
            if (key.queue) {
                const PgSplit split = pgSplit(*pol);
                lossless = split.losslessQueues.count(key.priority) != 0;
            } else
                lossless = std::find(pol->losslessPriorities.begin(), pol->losslessPriorities.end(), key.priority) != pol->losslessPriorities.end();
        }
        if (key.kind == CounterKind::IbXmitDiscards)
            lossless = known = true; // InfiniBand is lossless on every VL (credit-based flow control)
        if (av != bv)
            r.deltas.push_back({ key, bv, av, lossless, src });
        const double d = av - bv;
        const std::string obj = key.priority >= 0 ? fmt::format("{}:{}", key.device, key.port) : fmt::format("{}:{}", key.device, key.port);
        const std::vector<Evidence> ev { { "before", bv, "count", bit != before.values.end() && before.sourceOf.count(key) ? before.sourceOf.at(key) : "" },
            { "after", av, "count", src }, { "delta", d, "count", "" } };
        if (d < 0 && key.kind != CounterKind::WatchdogStormed) {
            r.findings.push_back(makeFinding("LFP-COUNTERS-RESET", { obj },
                FindingParams { { "counter", toString(key.kind) }, { "port", obj }, { "priority", fmt::format("{}", key.priority) },
                    { "before", fmt::format("{:.0f}", bv) }, { "after", fmt::format("{:.0f}", av) } },
                ev));
            continue;
        }
        if (!known && key.kind != CounterKind::CnpSent && key.kind != CounterKind::CnpHandled && key.kind != CounterKind::EcnMarked) {
            if (d > 0)
                unknownPorts.insert(obj);
            continue;
        }
        const std::string prioWord = key.queue ? "queue" : "priority";
        switch (key.kind) {
        case CounterKind::Drop:
            if (d > 0 && lossless)
                r.findings.push_back(makeFinding("LFP-COUNTERS-LOSSLESS-DROP", { obj },
                    FindingParams { { "port", obj }, { "what", prioWord }, { "priority", fmt::format("{}", key.priority) }, { "delta", fmt::format("{:.0f}", d) } }, ev));
            break; // drops on a lossy priority are ordinary congestion: left alone
        case CounterKind::IbXmitDiscards:
            if (d > 0)
                r.findings.push_back(makeFinding("LFP-COUNTERS-LOSSLESS-DROP", { obj },
                    FindingParams { { "port", obj }, { "what", "ib-port" }, { "delta", fmt::format("{:.0f}", d) } }, ev));
            break;
        case CounterKind::PfcRx:
        case CounterKind::PfcTx:
            if (d <= 0)
                break;
            if (!lossless)
                r.findings.push_back(makeFinding("LFP-COUNTERS-LOSSY-PAUSE", { obj },
                    FindingParams { { "port", obj }, { "priority", fmt::format("{}", key.priority) }, { "direction", key.kind == CounterKind::PfcRx ? "received" : "sent" },
                        { "delta", fmt::format("{:.0f}", d) } },
                    ev));
            else {
                auto& p = losslessPauses[{ key.device, key.port, key.priority }];
                (key.kind == CounterKind::PfcRx ? p.rx : p.tx) += d;
                p.source = src;
            }
            break;
        case CounterKind::WatchdogStorm:
            if (d > 0)
                r.findings.push_back(makeFinding("LFP-COUNTERS-WATCHDOG", { obj },
                    FindingParams { { "port", obj }, { "queue", fmt::format("{}", key.priority) }, { "delta", fmt::format("{:.0f}", d) } }, ev));
            break;
        case CounterKind::CnpSent:
        case CounterKind::CnpHandled:
            cnpEcn[{ key.device, key.port }].first += d;
            cnpSource[{ key.device, key.port }] = src;
            break;
        case CounterKind::EcnMarked:
            cnpEcn[{ key.device, key.port }].second += d;
            break;
        case CounterKind::WatchdogStormed:
            break;
        }
    }
    for (const auto& [k, p] : losslessPauses) {
        const auto& [dev, port, prio] = k;
        if (p.rx + p.tx > options.pauseThreshold)
            r.findings.push_back(makeFinding("LFP-COUNTERS-PAUSE-GROWTH", { dev + ":" + port },
                FindingParams { { "port", dev + ":" + port }, { "priority", fmt::format("{}", prio) }, { "delta", fmt::format("{:.0f}", p.rx + p.tx) },
                    { "threshold", fmt::format("{:.0f}", options.pauseThreshold) } },
                { { "rx_pause_delta", p.rx, "frames", p.source }, { "tx_pause_delta", p.tx, "frames", "" },
                    { "threshold", options.pauseThreshold, "frames", "--pause-threshold" } }));
    }
    for (const auto& [k, v] : cnpEcn)
        if (v.first > 0 && v.second <= 0)
            r.findings.push_back(makeFinding("LFP-COUNTERS-CNP-WITHOUT-ECN", { k.first + ":" + k.second },
                FindingParams { { "port", k.first + ":" + k.second }, { "cnp", fmt::format("{:.0f}", v.first) } },
                { { "cnp_delta", v.first, "packets", cnpSource[k] }, { "ecn_marked_delta", v.second, "packets", "" } }));
    for (const auto& o : unknownPorts)
        r.findings.push_back(makeFinding("LFP-COUNTERS-NOT-IN-PLAN", { o }, FindingParams { { "port", o } }));
    for (const auto& [key, v] : before.values)
        if (!after.values.count(key))
            devices.insert(key.device);
    std::set<std::string> missing;
    for (const auto& f : before.files)
        if (std::find(after.files.begin(), after.files.end(), f) == after.files.end())
            missing.insert(f);
    for (const auto& f : after.files)
        if (std::find(before.files.begin(), before.files.end(), f) == before.files.end())
            missing.insert(f);
    for (const auto& f : missing)
        r.findings.push_back(makeFinding("LFP-COUNTERS-MISSING", { f.substr(0, f.find('/')) }, FindingParams { { "file", f } }));
    // A queue still stormed in the after capture, even if its storm counter did not move.
    for (const auto& [key, v] : after.values)
        if (key.kind == CounterKind::WatchdogStormed && v > 0) {
            const auto b = before.values.find({ key.device, key.port, key.priority, CounterKind::WatchdogStorm, true });
            const auto a = after.values.find({ key.device, key.port, key.priority, CounterKind::WatchdogStorm, true });
            if (a != after.values.end() && b != before.values.end() && a->second > b->second)
                continue; // already reported as a storm that fired
            r.findings.push_back(makeFinding("LFP-COUNTERS-WATCHDOG", { key.device + ":" + key.port },
                FindingParams { { "port", key.device + ":" + key.port }, { "queue", fmt::format("{}", key.priority) }, { "delta", "0 (still stormed)" } }));
        }
    r.devices = static_cast<int>(devices.size());
    std::stable_sort(r.findings.begin(), r.findings.end(), [](const Finding& a, const Finding& b) {
        if (a.severity != b.severity)
            return a.severity > b.severity;
        if (a.code != b.code)
            return a.code < b.code;
        return a.objects < b.objects;
    });
    return r;
}

} // namespace lfp
