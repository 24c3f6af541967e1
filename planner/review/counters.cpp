// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner/review/counters.h"

#include "planner/findings/findingregistry.h"
#include "planner/buffer/pgsplit.h"

#include "model/fabricindex.h"
#include "model/lanes.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <set>

namespace lfp {

namespace {

    /// A port name as the evidence scripts write it into file names ('/' and ':' → '_').
    std::string fileSafe(const std::string& s)
    {
        std::string out;
        for (char c : s)
            out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '_';
        return out;
    }

    std::string num(double v) { return fmt::format("{:.0f}", v); }

    std::string ratioText(double v) { return fmt::format("{:.2e}", v); }

    std::string listText(const std::vector<int>& v) { return v.empty() ? std::string("none") : fmt::format("{}", fmt::join(v, ",")); }

    /// One counter present in both captures (a gauge: in the after capture).
    struct Delta {
        double before = 0, after = 0, d = 0;
        std::string srcBefore, srcAfter;
    };

    /// Everything one comparison works on: the plan, the two captures and the deltas per key.
    struct Comparison {
        const Fabric& fabric;
        const FabricIndex index;
        const CounterSnapshot& before;
        const CounterSnapshot& after;
        const CounterCompareOptions& options;
        std::map<CounterKey, Delta> deltas;
        CounterComparison& r;

        Comparison(const Fabric& f, const CounterSnapshot& b, const CounterSnapshot& a, const CounterCompareOptions& o, CounterComparison& res)
            : fabric(f)
            , index(f)
            , before(b)
            , after(a)
            , options(o)
            , r(res)
        {
        }

        /// The plan's port of a capture's port name (the plan's name or its file-safe form).
        const Port* port(const std::string& device, const std::string& name) const
        {
            const Node* n = index.findNode(device);
            if (!n)
                return nullptr;
            for (const auto& p : n->ports)
                if (p.name == name || fileSafe(p.name) == name)
                    return &p;
            return nullptr;
        }

        const QosPolicy* policy(const std::string& device, const std::string& name) const
        {
            const Port* p = port(device, name);
            return p ? index.policyAt(Endpoint { device, p->name }) : nullptr;
        }

        const Delta* delta(const CounterKey& k) const
        {
            const auto it = deltas.find(k);
            return it == deltas.end() ? nullptr : &it->second;
        }
    };

    bool losslessAt(const QosPolicy& pol, const CounterKey& key)
    {
        if (key.priority < 0)
            return false;
        if (key.queue)
            return pgSplit(pol).losslessQueues.count(key.priority) != 0;
        return std::find(pol.losslessPriorities.begin(), pol.losslessPriorities.end(), key.priority) != pol.losslessPriorities.end();
    }

    /// InfiniBand port counters are judged without a plan: every VL is lossless (credit-based flow control).
    bool isInfiniBand(CounterKind k)
    {
        return k == CounterKind::IbXmitDiscards || k == CounterKind::IbSymbolErrors || k == CounterKind::IbLinkErrorRecovery
            || k == CounterKind::IbLinkDowned || k == CounterKind::IbRcvErrors;
    }

    /// The port a counter belongs to, as a finding names it (model/objectref.h).
    ObjectRef refOf(const CounterKey& k) { return ObjectRef::forPort({ k.device, k.port }); }
    std::string objectOf(const CounterKey& k) { return refOf(k).toString(); }

    std::vector<Evidence> evidenceOf(const Delta& d)
    {
        return { { "before", d.before, "count", d.srcBefore }, { "after", d.after, "count", d.srcAfter }, { "delta", d.d, "count", "" } };
    }

    /// The deltas of every counter in both captures (gauges: the after value), the RESET findings, and
    /// the deltas list of the result.
    void collectDeltas(Comparison& c)
    {
        for (const auto& [key, av] : c.after.values) {
            const auto bit = c.before.values.find(key);
            const std::string src = c.after.sourceOf.count(key) ? c.after.sourceOf.at(key) : std::string();
            if (isGauge(key.kind)) {
                c.deltas[key] = { av, av, 0, src, src };
                continue;
            }
            if (bit == c.before.values.end())
                continue;
            ++c.r.counters;
            const double bv = bit->second;
            Delta d { bv, av, av - bv, c.before.sourceOf.count(key) ? c.before.sourceOf.at(key) : "", src };
            const QosPolicy* pol = c.policy(key.device, key.port);
            if (av != bv)
                c.r.deltas.push_back({ key, bv, av, isInfiniBand(key.kind) || (pol && losslessAt(*pol, key)), src });
            if (d.d < 0 && key.kind != CounterKind::WatchdogStormed) {
                c.r.findings.push_back(makeFinding("LFP-COUNTERS-RESET", { refOf(key) },
                    FindingParams { { "counter", toString(key.kind) }, { "port", objectOf(key) }, { "priority", fmt::format("{}", key.priority) },
                        { "before", num(bv) }, { "after", num(av) } },
                    evidenceOf(d)));
                continue; // a cleared counter says nothing about the interval
            }
            c.deltas[key] = d;
        }
    }

} // namespace

// The checks, one function each; they read Comparison::deltas and add to Comparison::r.
namespace {

    /// Ports (device:port) whose physical layer moved, and the counters that did (the physical-first set).
    using PhysicalMoves = std::map<ObjectRef, std::vector<std::string>>;

    void noteMove(PhysicalMoves& m, const ObjectRef& port, const std::string& what)
    {
        auto& v = m[port];
        if (std::find(v.begin(), v.end(), what) == v.end())
            v.push_back(what);
    }

    /// FEC uncorrectable codewords, post-FEC errors, InfiniBand link errors, link flaps.
    void checkPhysicalCounters(Comparison& c, PhysicalMoves& moved)
    {
        std::map<ObjectRef, std::vector<std::pair<std::string, double>>> ibErrors, flaps;
        std::map<ObjectRef, std::string> flapSource;
        for (const auto& [key, d] : c.deltas) {
            if (d.d <= 0 || !isPhysical(key.kind) || isGauge(key.kind))
                continue;
            const ObjectRef obj = refOf(key);
            const bool planned = c.port(key.device, key.port) != nullptr || isInfiniBand(key.kind);
            if (!planned)
                continue; // reported as LFP-COUNTERS-NOT-IN-PLAN
            switch (key.kind) {
            case CounterKind::FecUncorrectable:
            case CounterKind::PostFecErrors: {
                const std::string what = key.kind == CounterKind::FecUncorrectable ? "uncorrectable FEC codewords" : "errors after FEC";
                c.r.findings.push_back(makeFinding("LFP-COUNTERS-FEC-UNCORRECTABLE", { obj },
                    FindingParams { { "port", obj.toString() }, { "delta", num(d.d) }, { "counter", what } }, evidenceOf(d)));
                noteMove(moved, obj, fmt::format("{} +{}", toString(key.kind), num(d.d)));
                break;
            }
            case CounterKind::IbSymbolErrors:
            case CounterKind::IbLinkErrorRecovery:
            case CounterKind::IbRcvErrors:
                ibErrors[obj].push_back({ toString(key.kind), d.d });
                noteMove(moved, obj, fmt::format("{} +{}", toString(key.kind), num(d.d)));
                break;
            case CounterKind::IbLinkDowned:
            case CounterKind::LinkDown:
            case CounterKind::CarrierChanges:
                // carrier_changes counts the down and the up of a flap (sysfs-class-net)
                flaps[obj].push_back({ toString(key.kind), key.kind == CounterKind::CarrierChanges ? std::ceil(d.d / 2) : d.d });
                flapSource[obj] = d.srcAfter;
                noteMove(moved, obj, fmt::format("{} +{}", toString(key.kind), num(d.d)));
                break;
            default:
                break; // corrected codewords and bits: judged as a BER (checkPreFecBer)
            }
        }
        for (const auto& [obj, v] : ibErrors) {
            std::vector<std::string> names;
            std::vector<Evidence> ev;
            for (const auto& [name, d] : v) {
                names.push_back(fmt::format("{} +{}", name, num(d)));
                ev.push_back({ name, d, "count", "" });
            }
            c.r.findings.push_back(makeFinding("LFP-COUNTERS-LINK-ERRORS", { obj }, FindingParams { { "port", obj.toString() }, { "counters", fmt::format("{}", fmt::join(names, ", ")) } }, ev));
        }
        for (const auto& [obj, v] : flaps) {
            double most = 0;
            std::vector<std::string> names;
            for (const auto& [name, n] : v) {
                most = std::max(most, n);
                names.push_back(name);
            }
            c.r.findings.push_back(makeFinding("LFP-COUNTERS-LINK-FLAP", { obj },
                FindingParams { { "port", obj.toString() }, { "flaps", num(most) }, { "counters", fmt::format("{}", fmt::join(names, ", ")) } },
                { { "flaps", most, "count", flapSource[obj] } }));
        }
    }

} // namespace

namespace {

    /// The worst pre-FEC BER of a port over the interval, and how it was read.
    struct BerReading {
        double ber = -1;
        std::string how;
        std::string source;
    };

    /// Seconds between the two captures of @p device (captured_at.txt), 0 when unknown.
    double intervalOf(const Comparison& c, const std::string& device)
    {
        const auto b = c.before.capturedAt.find(device), a = c.after.capturedAt.find(device);
        return b == c.before.capturedAt.end() || a == c.after.capturedAt.end() ? 0.0 : std::max(0.0, a->second - b->second);
    }

    void worse(BerReading& r, double ber, std::string how, std::string source)
    {
        if (ber > r.ber)
            r = { ber, std::move(how), std::move(source) };
    }

    /// Per port: the tool's own pre-FEC BER (a gauge), mlx5 corrected bits over the bits received (or line
    /// rate × interval), and each lane's raw errors over lane rate × interval.
    std::map<CounterKey, BerReading> readBers(const Comparison& c)
    {
        std::map<CounterKey, BerReading> out;
        for (const auto& [key, d] : c.deltas) {
            const Port* p = c.port(key.device, key.port);
            if (!p)
                continue;
            CounterKey port { key.device, key.port, -1, CounterKind::PreFecBer, false };
            const double seconds = intervalOf(c, key.device);
            const double lineBps = p->speed.value(); // bits per second on the port (the FEC overhead left out: BER slightly high, never low)
            if (key.kind == CounterKind::PreFecBer)
                worse(out[port], d.after, "as the tool reports it", d.srcAfter);
            else if (key.kind == CounterKind::FecCorrectedBits && d.d > 0) {
                CounterKey bitsKey = key;
                bitsKey.kind = CounterKind::PhyReceivedBits;
                const Delta* bits = c.delta(bitsKey);
                if (bits && bits->d > 0)
                    worse(out[port], d.d / bits->d, fmt::format("{} corrected bits / {} bits received", num(d.d), num(bits->d)), d.srcAfter);
                else if (seconds > 0 && lineBps > 0)
                    worse(out[port], d.d / (lineBps * seconds), fmt::format("{} corrected bits in {} s at {} Gb/s", num(d.d), num(seconds), num(lineBps / 1e9)), d.srcAfter);
            } else if (key.kind == CounterKind::LaneErrors && d.d > 0 && seconds > 0 && lineBps > 0 && p->lanes > 0) {
                const double laneBps = lineBps / p->lanes;
                worse(out[port], d.d / (laneBps * seconds), fmt::format("lane {}: {} raw errors in {} s at {} Gb/s", key.lane, num(d.d), num(seconds), num(laneBps / 1e9)), d.srcAfter);
            }
        }
        return out;
    }

    const char* fecName(Fec f)
    {
        switch (f) {
        case Fec::Rs544:
            return "RS(544,514)";
        case Fec::Rs528:
            return "RS(528,514)";
        case Fec::None:
            return "no FEC";
        case Fec::FireCode:
            return "FC-FEC";
        case Fec::Unknown:
            break;
        }
        return "unknown FEC";
    }

    /// LFP-COUNTERS-PRE-FEC-BER against model/lanes.h preFecBerLimit (IEEE 802.3 PMD clauses) for the FEC
    /// and lane rate the plan gives the port.
    void checkPreFecBer(Comparison& c, PhysicalMoves& moved)
    {
        for (const auto& [key, reading] : readBers(c)) {
            const Port* p = c.port(key.device, key.port);
            const double lane = laneRateGbps(p->speed, p->lanes);
            const auto limit = preFecBerLimit(p->fec, lane);
            if (!limit || reading.ber <= limit->limit)
                continue;
            const ObjectRef obj = refOf(key);
            c.r.findings.push_back(makeFinding("LFP-COUNTERS-PRE-FEC-BER", { obj },
                FindingParams { { "port", obj.toString() }, { "ber", ratioText(reading.ber) }, { "how", reading.how }, { "limit", ratioText(limit->limit) },
                    { "fec", fecName(p->fec) }, { "lane_rate", num(lane) }, { "source", limit->source } },
                { { "pre_fec_ber", reading.ber, "ratio", reading.source }, { "limit", limit->limit, "ratio", limit->source } }));
            noteMove(moved, obj, fmt::format("pre-FEC BER {}", ratioText(reading.ber)));
        }
    }

} // namespace

namespace {

    /// The existing per-counter checks: lossless drops (with the physical layer named first), PFC on lossy
    /// priorities, lossless pause growth, watchdog storms, ports not in the plan.
    void checkPerCounter(Comparison& c, const PhysicalMoves& moved)
    {
        std::map<std::tuple<std::string, std::string, int>, std::pair<double, double>> pauses; // (rx, tx)
        std::map<std::tuple<std::string, std::string, int>, std::string> pauseSource;
        std::set<ObjectRef> unknownPorts;
        // the physical layer of a port's link: its own counters or its peer's (the plan's link)
        auto physicalOf = [&](const CounterKey& key) {
            std::vector<std::string> v;
            auto add = [&](const ObjectRef& obj) {
                if (auto it = moved.find(obj); it != moved.end())
                    for (const auto& m : it->second)
                        if (std::find(v.begin(), v.end(), obj.toString() + " " + m) == v.end())
                            v.push_back(obj.toString() + " " + m);
            };
            add(refOf(key));
            if (const Port* p = c.port(key.device, key.port))
                if (const Link* l = c.index.findLinkAt(Endpoint { key.device, p->name })) {
                    const Endpoint& peer = l->a.node == key.device && l->a.port == p->name ? l->b : l->a;
                    add(ObjectRef::forPort(peer));
                    add(ObjectRef::forPort({ peer.node, fileSafe(peer.port) }));
                }
            return v;
        };
        for (const auto& [key, d] : c.deltas) {
            const ObjectRef obj = refOf(key);
            const QosPolicy* pol = c.policy(key.device, key.port);
            const bool known = pol != nullptr || isInfiniBand(key.kind);
            if (d.d <= 0 || (isPhysical(key.kind) && known))
                continue;
            if (!known) {
                if (key.kind != CounterKind::CnpSent && key.kind != CounterKind::CnpHandled && key.kind != CounterKind::EcnMarked)
                    unknownPorts.insert(obj);
                continue;
            }
            const bool lossless = isInfiniBand(key.kind) || losslessAt(*pol, key);
            if ((key.kind == CounterKind::Drop && lossless) || key.kind == CounterKind::IbXmitDiscards) {
                const auto phys = physicalOf(key);
                FindingParams params { { "port", obj.toString() }, { "what", key.kind == CounterKind::IbXmitDiscards ? "ib-port" : key.queue ? "queue" : "priority" },
                    { "priority", fmt::format("{}", key.priority) }, { "delta", num(d.d) } };
                if (!phys.empty()) {
                    params.push_back({ "cause", "physical" });
                    params.push_back({ "physical", fmt::format("{}", fmt::join(phys, "; ")) });
                }
                c.r.findings.push_back(makeFinding("LFP-COUNTERS-LOSSLESS-DROP", { obj }, params, evidenceOf(d)));
            } else if ((key.kind == CounterKind::PfcRx || key.kind == CounterKind::PfcTx) && !lossless)
                c.r.findings.push_back(makeFinding("LFP-COUNTERS-LOSSY-PAUSE", { obj },
                    FindingParams { { "port", obj.toString() }, { "priority", fmt::format("{}", key.priority) }, { "direction", key.kind == CounterKind::PfcRx ? "received" : "sent" },
                        { "delta", num(d.d) } },
                    evidenceOf(d)));
            else if (key.kind == CounterKind::PfcRx || key.kind == CounterKind::PfcTx) {
                auto& p = pauses[{ key.device, key.port, key.priority }];
                (key.kind == CounterKind::PfcRx ? p.first : p.second) += d.d;
                pauseSource[{ key.device, key.port, key.priority }] = d.srcAfter;
            } else if (key.kind == CounterKind::WatchdogStorm)
                c.r.findings.push_back(makeFinding("LFP-COUNTERS-WATCHDOG", { obj },
                    FindingParams { { "port", obj.toString() }, { "queue", fmt::format("{}", key.priority) }, { "delta", num(d.d) } }, evidenceOf(d)));
        }
        for (const auto& [k, p] : pauses) {
            const auto& [dev, port, prio] = k;
            if (p.first + p.second > c.options.pauseThreshold)
                c.r.findings.push_back(makeFinding("LFP-COUNTERS-PAUSE-GROWTH", { ObjectRef::forPort({ dev, port }) },
                    FindingParams { { "port", ObjectRef::forPort({ dev, port }).toString() }, { "priority", fmt::format("{}", prio) }, { "delta", num(p.first + p.second) },
                        { "threshold", num(c.options.pauseThreshold) } },
                    { { "rx_pause_delta", p.first, "frames", pauseSource[k] }, { "tx_pause_delta", p.second, "frames", "" },
                        { "threshold", c.options.pauseThreshold, "frames", "--pause-threshold" } }));
        }
        for (const auto& o : unknownPorts)
            c.r.findings.push_back(makeFinding("LFP-COUNTERS-NOT-IN-PLAN", { o }, FindingParams { { "port", o.toString() } }));
    }

} // namespace

namespace {

    /// The PFC watchdog's drops against the queue's (show pfcwd stats against show queue counters).
    void checkWatchdogAgainstQueue(Comparison& c)
    {
        for (const auto& [key, wd] : c.deltas) {
            if (key.kind != CounterKind::WatchdogDrop)
                continue;
            const Delta* q = c.delta({ key.device, key.port, key.priority, CounterKind::Drop, true });
            if (!q)
                continue; // no queue counters captured for this queue: nothing to cross-check
            const QosPolicy* pol = c.policy(key.device, key.port);
            const ObjectRef obj = refOf(key);
            const std::vector<Evidence> ev { { "watchdog_drop_delta", wd.d, "packets", wd.srcAfter }, { "queue_drop_delta", q->d, "packets", q->srcAfter } };
            if (wd.d > 0 && q->d <= 0)
                c.r.findings.push_back(makeFinding("LFP-COUNTERS-WD-DROP-MISMATCH", { obj },
                    FindingParams { { "port", obj.toString() }, { "direction", "watchdog-only" }, { "queue", fmt::format("{}", key.priority) }, { "delta", num(wd.d) } }, ev));
            else if (q->d > 0 && wd.d <= 0 && pol && losslessAt(*pol, key))
                c.r.findings.push_back(makeFinding("LFP-COUNTERS-WD-DROP-MISMATCH", { obj },
                    FindingParams { { "port", obj.toString() }, { "direction", "queue-only" }, { "queue", fmt::format("{}", key.priority) }, { "delta", num(q->d) } }, ev));
        }
    }

    /// CNPs against ECN marks on the NIC (rdma statistic): the existing CNP-WITHOUT-ECN and the reverse.
    /// The notification point answers its own ECN marks, so np_cnp_sent is compared with
    /// np_ecn_marked_roce_packets of the same port (rp_cnp_handled answers another host's marks).
    void checkCnpAgainstEcn(Comparison& c)
    {
        for (const auto& [key, cnp] : c.deltas) {
            if (key.kind != CounterKind::CnpSent)
                continue;
            const Delta* ecn = c.delta({ key.device, key.port, -1, CounterKind::EcnMarked, false });
            const double e = ecn ? ecn->d : 0;
            const ObjectRef obj = refOf(key);
            const std::vector<Evidence> ev { { "cnp_delta", cnp.d, "packets", cnp.srcAfter }, { "ecn_marked_delta", e, "packets", ecn ? ecn->srcAfter : "" } };
            if (cnp.d > 0 && e <= 0)
                c.r.findings.push_back(makeFinding("LFP-COUNTERS-CNP-WITHOUT-ECN", { obj }, FindingParams { { "port", obj.toString() }, { "cnp", num(cnp.d) } }, ev));
            else if (ecn && e > 0 && cnp.d <= 0)
                c.r.findings.push_back(makeFinding("LFP-COUNTERS-ECN-WITHOUT-CNP", { obj }, FindingParams { { "port", obj.toString() }, { "ecn", num(e) } }, ev));
        }
    }

} // namespace

namespace {

    /// CNPs a host sent against the CNP queue of the switches it attaches to (the plan's links and the CNP
    /// priority of the switch port's policy → its egress queue): a CNP leaves the first switch on that queue.
    void checkCnpQueue(Comparison& c)
    {
        std::map<std::string, Delta> sent; // host → CNPs sent (all its RDMA ports)
        for (const auto& [key, d] : c.deltas)
            if (key.kind == CounterKind::CnpSent && d.d > 0) {
                sent[key.device].d += d.d;
                sent[key.device].srcAfter = d.srcAfter;
            }
        for (const auto& [host, cnp] : sent) {
            const Node* n = c.index.findNode(host);
            if (!n)
                continue;
            std::set<std::string> switches;
            for (const auto& p : n->ports)
                if (const Link* l = c.index.findLinkAt(Endpoint { host, p.name }))
                    switches.insert(l->a.node == host ? l->b.node : l->a.node);
            for (const auto& sw : switches) {
                bool captured = false;
                double onCnpQueue = 0;
                int queue = -1, priority = -1;
                for (const auto& [key, d] : c.deltas) {
                    if (key.device != sw || key.kind != CounterKind::QueuePackets)
                        continue;
                    captured = true;
                    const QosPolicy* pol = c.policy(sw, key.port);
                    if (!pol || pol->cnpPriority < 0 || pol->cnpPriority >= kPriorities)
                        continue;
                    priority = pol->cnpPriority;
                    queue = pol->tcToQueue[static_cast<std::size_t>(priority)];
                    if (key.priority == queue)
                        onCnpQueue += d.d;
                }
                if (!captured || queue < 0 || onCnpQueue > 0)
                    continue;
                c.r.findings.push_back(makeFinding("LFP-COUNTERS-CNP-QUEUE-SILENT", { ObjectRef::forNode(host), ObjectRef::forNode(sw) },
                    FindingParams { { "host", host }, { "cnp", num(cnp.d) }, { "switch", sw }, { "queue", fmt::format("{}", queue) }, { "priority", fmt::format("{}", priority) } },
                    { { "cnp_sent_delta", cnp.d, "packets", cnp.srcAfter }, { "cnp_queue_packets_delta", 0, "packets", sw + "/queue_counters.txt" } }));
            }
        }
    }

    /// The lossless priorities each switch port reports itself (show pfc priority, after capture) against the
    /// plan's, on the ports the plan links.
    void checkRunningLossless(Comparison& c)
    {
        for (const auto& [dp, running] : c.after.runningLossless) {
            const auto& [device, name] = dp;
            const Port* p = c.port(device, name);
            const QosPolicy* pol = c.policy(device, name);
            if (!p || !pol || !c.index.findLinkAt(Endpoint { device, p->name }))
                continue;
            ++c.r.counters; // a port's running lossless set compared with the plan
            std::vector<int> planned = pol->losslessPriorities, missing, extra;
            std::sort(planned.begin(), planned.end());
            std::set_difference(planned.begin(), planned.end(), running.begin(), running.end(), std::back_inserter(missing));
            std::set_difference(running.begin(), running.end(), planned.begin(), planned.end(), std::back_inserter(extra));
            if (missing.empty() && extra.empty())
                continue;
            const ObjectRef obj = ObjectRef::forPort({ device, name });
            const std::string src = c.after.runningLosslessSource.count(dp) ? c.after.runningLosslessSource.at(dp) : std::string();
            c.r.findings.push_back(makeFinding("LFP-COUNTERS-LOSSLESS-NOT-RUNNING", { obj },
                FindingParams { { "port", obj.toString() }, { "running", listText(running) }, { "planned", listText(planned) }, { "what", missing.empty() ? "extra" : "missing" },
                    { "missing", listText(missing) }, { "extra", listText(extra) } },
                { { "running_lossless", static_cast<double>(running.size()), "priorities", src } }));
        }
    }

    /// Broadcom DNX VOQ credit-watchdog deletions (show queue counters --voq, Credit-WD-Del/pkts).
    void checkCreditWatchdog(Comparison& c)
    {
        for (const auto& [key, d] : c.deltas) {
            if (key.kind != CounterKind::CreditWatchdogDrop || d.d <= 0)
                continue;
            const QosPolicy* pol = c.policy(key.device, key.port);
            const ObjectRef obj = refOf(key);
            c.r.findings.push_back(makeFinding("LFP-COUNTERS-CREDIT-WATCHDOG", { obj },
                FindingParams { { "port", obj.toString() }, { "delta", num(d.d) }, { "queue", fmt::format("{}", key.priority) },
                    { "lossless", pol && losslessAt(*pol, key) ? "lossless" : "" } },
                evidenceOf(d)));
        }
    }

} // namespace

namespace {

    /// Watchdog still stormed, files in one phase only.
    void checkStateAndFiles(Comparison& c)
    {
        std::set<std::string> missing;
        for (const auto& f : c.before.files)
            if (std::find(c.after.files.begin(), c.after.files.end(), f) == c.after.files.end())
                missing.insert(f);
        for (const auto& f : c.after.files)
            if (std::find(c.before.files.begin(), c.before.files.end(), f) == c.before.files.end())
                missing.insert(f);
        for (const auto& f : missing)
            c.r.findings.push_back(makeFinding("LFP-COUNTERS-MISSING", { ObjectRef::forNode(f.substr(0, f.find('/'))) }, FindingParams { { "file", f } }));
        // A queue still stormed in the after capture, even if its storm counter did not move.
        for (const auto& [key, v] : c.after.values)
            if (key.kind == CounterKind::WatchdogStormed && v > 0) {
                const Delta* storm = c.delta({ key.device, key.port, key.priority, CounterKind::WatchdogStorm, true });
                if (storm && storm->d > 0)
                    continue; // already reported as a storm that fired
                c.r.findings.push_back(makeFinding("LFP-COUNTERS-WATCHDOG", { refOf(key) },
                    FindingParams { { "port", objectOf(key) }, { "queue", fmt::format("{}", key.priority) }, { "delta", "0 (still stormed)" } }));
            }
    }

    /// The runbook stage the counters show (docs/counters.md § Stages, from docs/review.md § Runbook stages):
    /// T3 when a watchdog fired or lossless pauses grew on more than one switch, T2 when lossless pauses
    /// grew, T1 when only ECN marks and CNPs grew; the physical layer is named first when it moved.
    void nameStage(Comparison& c, const PhysicalMoves& moved)
    {
        std::set<std::string> pausing;
        bool storm = false, ecn = false;
        for (const auto& [key, d] : c.deltas) {
            if (d.d <= 0)
                continue;
            const QosPolicy* pol = c.policy(key.device, key.port);
            if ((key.kind == CounterKind::PfcRx || key.kind == CounterKind::PfcTx) && pol && losslessAt(*pol, key)) {
                const Node* n = c.index.findNode(key.device);
                if (n && n->isSwitch())
                    pausing.insert(key.device);
                else
                    pausing.insert("host:" + key.device);
            }
            storm = storm || key.kind == CounterKind::WatchdogStorm;
            ecn = ecn || key.kind == CounterKind::EcnMarked || key.kind == CounterKind::CnpSent;
        }
        const auto switches = std::count_if(pausing.begin(), pausing.end(), [](const std::string& s) { return s.rfind("host:", 0) != 0; });
        if (storm || switches > 1) {
            c.r.stage = "T3";
            c.r.stageReason = storm ? "a PFC watchdog detected a storm" : fmt::format("lossless pauses grew on {} switches", switches);
        } else if (!pausing.empty()) {
            c.r.stage = "T2";
            c.r.stageReason = "lossless pauses grew";
        } else if (ecn) {
            c.r.stage = "T1";
            c.r.stageReason = "ECN marks and CNPs grew without lossless pauses";
        } else {
            c.r.stage = "none";
            c.r.stageReason = "no ECN mark, CNP or lossless pause grew";
        }
        for (const auto& [port, what] : moved)
            c.r.physicalFirst.push_back(port.toString());
    }

} // namespace

CounterComparison compareCounters(const Fabric& fabric, const CounterSnapshot& before, const CounterSnapshot& after, const CounterCompareOptions& options)
{
    CounterComparison r;
    Comparison c(fabric, before, after, options, r);
    std::set<std::string> devices;
    for (const auto& [key, v] : after.values)
        devices.insert(key.device);
    for (const auto& [key, v] : before.values)
        devices.insert(key.device);
    collectDeltas(c);
    PhysicalMoves moved;
    checkPhysicalCounters(c, moved);
    checkPreFecBer(c, moved);
    checkPerCounter(c, moved);
    checkWatchdogAgainstQueue(c);
    checkCnpAgainstEcn(c);
    checkCnpQueue(c);
    checkRunningLossless(c);
    checkCreditWatchdog(c);
    checkStateAndFiles(c);
    nameStage(c, moved);
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
