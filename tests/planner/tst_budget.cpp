// SPDX-License-Identifier: GPL-3.0-or-later
// Buffer budget, dynamic thresholds, ECN, checkBuffers findings and speed; the catalogue's sources.
#ifndef Q_MOC_RUN // moc need not (and cannot) parse C++20 library headers
#include "model/fabricindex.h"
#include "model/asiccatalog.h"
#include "planner/buffer/budget.h"
#include "planner/checks/checks.h"
#include "planner/checks/ecn.h"
#include "model/generators.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTest>
#include <QTextStream>
#include <fmt/format.h>
#endif

using namespace lfp;

namespace {

const AsicCatalog& catalog()
{
    static const AsicCatalog c = AsicCatalog::loadDefault();
    return c;
}

/// One switch with @p ports 100G ports, each linked to a host over @p cable metres; lossless
/// priorities @p lossless on PGs of the same number, everything else on PG 0 (SONiC's default map).
Fabric singleSwitch(const std::string& asic, int ports, double cable, std::vector<int> lossless, std::int64_t mbps = 100000, int lanes = 4)
{
    Fabric f;
    f.name = "budget-test";
    QosPolicy p = defaultRocePolicy();
    p.losslessPriorities = lossless;
    p.tcToPg.fill(0);
    for (int l : lossless)
        p.tcToPg[static_cast<std::size_t>(l)] = l;
    f.policies.push_back(p);
    f.bindings = { { Role::Leaf, p.name }, { Role::Host, p.name } };
    Node sw;
    sw.name = "leaf1";
    sw.role = Role::Leaf;
    sw.asic = asic;
    for (int i = 0; i < ports; ++i)
        sw.ports.push_back({ fmt::format("Ethernet{}", i * 4), BitsPerSecond(mbps * 1'000'000), lanes, 9100, Fec::Rs528, {} });
    f.nodes.push_back(sw);
    for (int i = 0; i < ports; ++i) {
        Node h;
        h.name = fmt::format("h{}", i);
        h.role = Role::Host;
        h.ports.push_back({ "eth0", BitsPerSecond(mbps * 1'000'000), lanes, 9100, Fec::Rs528, {} });
        f.nodes.push_back(h);
        f.links.push_back({ { "leaf1", fmt::format("Ethernet{}", i * 4) }, { h.name, "eth0" }, Metres(cable), Medium::Dac, LinkOrigin::Planned });
    }
    return f;
}

const PoolSize* pool(const SwitchBudget& b, const std::string& name)
{
    for (const auto& p : b.pools)
        if (p.name == name)
            return &p;
    return nullptr;
}

std::int64_t sumLines(const SwitchBudget& b)
{
    std::int64_t s = 0;
    for (const auto& l : b.lines)
        s += l.total.value();
    return s;
}

bool hasFinding(const std::vector<Finding>& fs, const std::string& code, const std::string& object)
{
    for (const auto& f : fs)
        if (f.code == code && std::find(f.objects.begin(), f.objects.end(), object) != f.objects.end())
            return true;
    return false;
}

std::vector<std::map<QString, QString>> readCsv(const QString& name)
{
    std::vector<std::map<QString, QString>> rows;
    QFile f(QStringLiteral(LFP_SHARED_DIR) + "/vectors/" + name);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return rows;
    QTextStream in(&f);
    const QStringList header = in.readLine().split(',');
    while (!in.atEnd()) {
        const QStringList cols = in.readLine().split(',');
        std::map<QString, QString> row;
        for (int i = 0; i < header.size() && i < cols.size(); ++i)
            row[header[i]] = cols[i];
        rows.push_back(row);
    }
    return rows;
}

} // namespace

class TestBudget : public QObject {
    Q_OBJECT

private slots:
    // ---- headroom.md §3.1: hand-derived SN2700 check, reproduced by the real buffer_pool_mellanox.lua.
    void sn2700Pools()
    {
        const Fabric f = singleSwitch("spectrum-1", 32, 5, { 3, 4 });
        const SwitchBudget b = computeBudget(f, f.nodes[0], *catalog().find("spectrum-1"));
        QCOMPARE(b.total.value(), qint64(13945824));
        QCOMPARE(b.reserved.value(), qint64(6193152));
        QCOMPARE(b.sharedHeadroomPool.value(), qint64(0));
        QCOMPARE(pool(b, "ingress_lossless_pool")->size.value(), qint64(3876336));
        QCOMPARE(pool(b, "ingress_lossy_pool")->size.value(), qint64(3876336));
        QCOMPARE(pool(b, "egress_lossy_pool")->size.value(), qint64(3876336));
        QCOMPARE(pool(b, "egress_lossless_pool")->size.value(), qint64(13945824));
        QCOMPARE(sumLines(b), b.total.value());
        // Term by term as in the guide.
        std::map<std::string, std::int64_t> byCat;
        for (const auto& l : b.lines)
            byCat[l.category] += l.total.value();
        QCOMPARE(byCat["lossless-pg"], qint64(4063232));
        QCOMPARE(byCat["lossy-pg"], qint64(622592));
        QCOMPARE(byCat["egress-port"], qint64(294912));
        QCOMPARE(byCat["management-pg"], qint64(622592));
        QCOMPARE(byCat["egress-mirror"], qint64(327680));
        QCOMPARE(byCat["management-pool"], qint64(262144));
    }

    void sn2700SharedHeadroomPool()
    {
        Fabric f = singleSwitch("spectrum-1", 32, 5, { 3, 4 });
        f.nodes[0].attributes["buffer.over_subscribe_ratio"] = "1";
        const SwitchBudget b = computeBudget(f, f.nodes[0], *catalog().find("spectrum-1"));
        QCOMPARE(b.sharedHeadroomPool.value(), qint64(2359296));
        QCOMPARE(pool(b, "ingress_lossless_pool")->size.value(), qint64(3941872));
        QCOMPARE(pool(b, "ingress_lossless_pool")->xoff.value_or(Bytes(0)).value(), qint64(2359296));
        QCOMPARE(b.ports.front().headroom->size.value(), qint64(19456));
        QCOMPARE(b.ports.front().headroom->xoff.value(), qint64(41984));
        QCOMPARE(sumLines(b), b.total.value());
        // Over-subscription 2 halves the pool's xoff (ceil).
        f.nodes[0].attributes["buffer.over_subscribe_ratio"] = "2";
        const SwitchBudget b2 = computeBudget(f, f.nodes[0], *catalog().find("spectrum-1"));
        QCOMPARE(b2.sharedHeadroomPool.value(), qint64(2359296 / 2));
    }

    void catalogueTotalsMatchStaticPoolVectors()
    {
        const auto rows = readCsv("sonic_static_pool_sizes.csv");
        if (rows.empty())
            QSKIP("../shared/vectors/sonic_static_pool_sizes.csv not found (LFP_SHARED_DIR)");
        const std::map<QString, std::string> ids { { "mellanox_msn2700_spectrum1", "spectrum-1" }, { "mellanox_msn3800_spectrum2", "spectrum-2" },
            { "mellanox_msn4700_spectrum3", "spectrum-3" }, { "mellanox_sn5600_spectrum4", "spectrum-4" }, { "arista_7060cx32s_th", "tomahawk" },
            { "arista_7050qx32_td2", "trident-2" } };
        int checked = 0;
        for (const auto& r : rows) {
            auto it = ids.find(r.at("platform"));
            if (it == ids.end())
                continue;
            const AsicProfile* a = catalog().find(it->second);
            QVERIFY(a);
            QCOMPARE(a->totalBuffer.value(), r.at("egress_lossless_pool_size").toLongLong());
            if (!r.at("ingress_lossless_pool_xoff").isEmpty())
                QCOMPARE(a->sharedHeadroomPool.value_or(Bytes(0)).value(), r.at("ingress_lossless_pool_xoff").toLongLong());
            ++checked;
        }
        QVERIFY(checked >= 10);
        // Static SONiC pools (t1, traditional model) vs lfp's dynamic computation for a 32 × 100G 40 m
        // SN2700 with lossless PGs 3-4: printed for comparison only (different model, different inputs).
        const Fabric f = singleSwitch("spectrum-1", 32, 40, { 3, 4 });
        const SwitchBudget b = computeBudget(f, f.nodes[0], *catalog().find("spectrum-1"));
        qInfo("SN2700 32x100G 40m: lfp ingress_lossless_pool %lld B; SONiC static t1 template 3,302,912 B, t0 4,580,864 B",
            static_cast<long long>(pool(b, "ingress_lossless_pool")->size.value()));
    }

    void everyFigureHasASource()
    {
        for (const auto& a : catalog().all()) {
            auto need = [&](const char* field, bool present) {
                if (present)
                    QVERIFY2(a.sources.count(field) && !a.sources.at(field).empty(), qPrintable(QString("%1: %2 has no source").arg(QString::fromStdString(a.id), field)));
            };
            need("total_buffer", true); // also "unknown" is stated with its reason
            need("cell_size", true);
            need("pipeline_latency", a.pipelineLatency.value() > 0);
            need("mac_phy_delay", a.macPhyDelay.value() > 0);
            need("peer_response", a.peerResponse.value() > 0);
            need("port_max_shp_cells", a.portMaxShpCells > 0);
            need("port_reserved_shp_cells", a.portReservedShpCells > 0);
            need("egress_mirror_headroom", a.egressMirrorHeadroom.value() > 0);
            need("management_pool", a.managementPool.value() > 0);
            need("extra_reserved", a.extraReserved.value() > 0);
            need("egress_port_reserved", a.egressPortReserved.value() > 0);
            need("private_headroom", a.privateHeadroom.value() > 0);
            need("pg_minimum", a.pgMinimum.value() > 0);
            need("xon_offset", a.xonOffset.value() > 0);
            need("shared_headroom_pool", a.sharedHeadroomPool.has_value());
            need("lossless_dynamic_th", a.losslessDynamicTh != 0);
        }
    }

    void projectProfilesOverride()
    {
        AsicCatalog c = catalog();
        Fabric f;
        AsicProfile mine = *c.find("spectrum-3");
        mine.totalBuffer = Bytes(1000);
        mine.sources["total_buffer"] = "test";
        f.asics.push_back(mine);
        AsicProfile extra = mine;
        extra.id = "lab-asic";
        f.asics.push_back(extra);
        c.mergeProject(f);
        QCOMPARE(c.find("spectrum-3")->totalBuffer.value(), qint64(1000));
        QVERIFY(c.find("lab-asic"));
        QCOMPARE(QString::fromStdString(c.origin("lab-asic")), QString("project"));
    }

    // ---- Properties of the budget.
    void linesAddUpToTotal()
    {
        std::vector<Fabric> fabrics { exampleFabric(), singleSwitch("spectrum-4", 64, 30, { 3 }, 400000, 4), singleSwitch("spectrum-6", 64, 3, { 3, 4 }, 800000, 4),
            singleSwitch("tomahawk", 32, 40, { 3, 4 }), singleSwitch("trident-2", 32, 300, { 3 }, 40000), singleSwitch("spectrum-1", 32, 1000, { 0, 1, 2, 3, 4, 5, 6, 7 }) };
        fabrics[1].nodes[0].attributes["buffer.over_subscribe_ratio"] = "4";
        for (const auto& f : fabrics) {
            const BudgetContext ctx(f);
            for (std::size_t i = 0; i < f.nodes.size(); ++i) {
                if (!f.nodes[i].isSwitch())
                    continue;
                const AsicProfile* a = catalog().find(f.nodes[i].asic);
                QVERIFY(a);
                const SwitchBudget b = computeBudget(ctx, i, *a);
                QCOMPARE(sumLines(b), b.total.value());
                // Reservations are exactly the ports' shares plus the per-switch lines.
                std::int64_t ports = 0;
                for (const auto& p : b.ports)
                    ports += p.reserved.value();
                std::int64_t perSwitch = 0;
                for (const auto& l : b.lines)
                    if (l.category == "management-pool" || l.category == "extra" || l.category == "private-headroom")
                        perSwitch += l.total.value();
                QCOMPARE(ports + perSwitch, b.reserved.value());
                // Computed pools never exceed what is available (ceil of a split: at most 1 B per pool).
                const auto rem = b.lines.back().total.value();
                QVERIFY2(!b.fits() || (rem >= -2 && rem <= b.total.value()), qPrintable(QString::number(rem)));
            }
        }
    }

    // ---- Dynamic thresholds, headroom.md §3.3 worked example.
    void dynamicThresholdShares()
    {
        const Bytes pool16(16 * 1024 * 1024);
        QCOMPARE(dynamicThresholdShare(pool16, 0, 4).value(), qint64(16 * 1024 * 1024 / 5)); // 3.2 MiB
        QCOMPARE(dynamicThresholdShare(pool16, 3, 4).value(), qint64(std::floor(16.0 * 1024 * 1024 * 8 / 33))); // 3.88 MiB
        QCOMPARE(alphaFromDynamicTh(-4), 1.0 / 16);
        // More congested queues → smaller share each; larger alpha → larger share.
        QVERIFY(dynamicThresholdShare(pool16, 0, 8) < dynamicThresholdShare(pool16, 0, 4));
        QVERIFY(dynamicThresholdShare(pool16, 1, 4) > dynamicThresholdShare(pool16, 0, 4));
    }

    // ---- ECN, ecn-pfc.md §5: the general bound reproduces DCQCN's 21.75 KB and the single-priority 97.9 KB.
    void ecnBound()
    {
        const Bytes bMinusH(12'000'000 - 5'734'400);
        const auto dcqcn = ecnBeforePfcBound(bMinusH, 0, 32, 256);
        QCOMPARE(dcqcn.bound.value(), qint64(21755)); // 21,755.6 B: the paper prints 21.75 KB
        const auto single = ecnBeforePfcBound(bMinusH, 0, 32, 32);
        QCOMPARE(single.bound.value(), qint64(97900));
    }

    void ecnRecommendations()
    {
        const auto r = recommendEcn(BitsPerSecond(100'000'000'000));
        QCOMPARE(r.bdp.value(), qint64(250000)); // Huawei: 20 µs × 100 Gbit/s = 250 KB
        QCOMPARE(r.kmax.value(), qint64(750000)); // throughput-sensitive table: 750 KB
        QCOMPARE(r.kmin.value(), qint64(7000));
        QCOMPARE(r.pmax, 0.10);
        const auto l = recommendEcn(BitsPerSecond(100'000'000'000), kDefaultEcnRtt, EcnGoal::Latency);
        QCOMPARE(l.kmax.value(), qint64(500000));
        QCOMPARE(l.pmax, 0.30);
        const auto h = recommendEcn(BitsPerSecond(100'000'000'000), kDefaultEcnRtt, EcnGoal::HpccSim);
        QCOMPARE(h.kmin.value(), qint64(400000));
        QCOMPARE(h.kmax.value(), qint64(1600000));
        // Kmax grows with speed.
        QVERIFY(recommendEcn(BitsPerSecond(400'000'000'000)).kmax > r.kmax);
    }

    // ---- checkBuffers.
    void exampleIsClean()
    {
        const Fabric f = exampleFabric();
        const auto findings = checkBuffers(f, catalog());
        for (const auto& x : findings)
            qWarning("%s %s: %s", toString(x.severity), x.code.c_str(), x.message.c_str());
        QVERIFY(findings.empty());
    }

    void overcommitted()
    {
        // SN2700 with all 8 priorities lossless on 32 × 100G over 300 m: 256 PGs × 104,448 B > 13.9 MB.
        const Fabric f = singleSwitch("spectrum-1", 32, 300, { 0, 1, 2, 3, 4, 5, 6, 7 });
        const auto fs = checkBuffers(f, catalog());
        QVERIFY(hasFinding(fs, "LFP-BUF-POOL-OVERCOMMITTED", "leaf1"));
        for (const auto& x : fs)
            if (x.code == "LFP-BUF-POOL-OVERCOMMITTED") {
                QCOMPARE(x.severity, Severity::Error);
                QVERIFY(!x.evidence.empty() && !x.fix.empty());
            }
    }

    void sharedPoolLow()
    {
        // 4 lossless PGs on 32 × 100G / 100 m on an SN2700: fits, but leaves little shared buffer.
        const Fabric f = singleSwitch("spectrum-1", 32, 100, { 1, 2, 3, 4 });
        const SwitchBudget b = computeBudget(f, f.nodes[0], *catalog().find("spectrum-1"));
        QVERIFY(b.fits());
        const double share = static_cast<double>(b.ingressLosslessPool.value()) / static_cast<double>(b.total.value());
        qInfo("share %.3f", share);
        QVERIFY(share < kSharedPoolLowShare);
        const auto fs = checkBuffers(f, catalog());
        QVERIFY(hasFinding(fs, "LFP-BUF-SHARED-POOL-LOW", "leaf1"));
    }

    void portMaxHeadroom()
    {
        Fabric f = singleSwitch("spectrum-3", 4, 300, { 3 }, 400000, 8);
        f.nodes[0].attributes["buffer.max_headroom_size"] = "300KiB";
        const auto fs = checkBuffers(f, catalog());
        QVERIFY(hasFinding(fs, "LFP-BUF-HEADROOM-EXCEEDS-PORT-MAX", "leaf1:Ethernet0"));
        // 5 m fits under the same limit.
        Fabric ok = singleSwitch("spectrum-3", 4, 5, { 3 }, 400000, 8);
        ok.nodes[0].attributes["buffer.max_headroom_size"] = "300KiB";
        QVERIFY(!hasFinding(checkBuffers(ok, catalog()), "LFP-BUF-HEADROOM-EXCEEDS-PORT-MAX", "leaf1:Ethernet0"));
    }

    void ecnAfterPfc()
    {
        Fabric f = exampleFabric();
        f.policies[0].ecn[0].kmin = Bytes(4'000'000);
        f.policies[0].ecn[0].kmax = Bytes(6'000'000);
        const auto fs = checkBuffers(f, catalog());
        QVERIFY(hasFinding(fs, "LFP-ECN-AFTER-PFC", "leaf1"));
        QVERIFY(hasFinding(fs, "LFP-ECN-AFTER-PFC", "policy:roce-lossless"));
    }

    void unknownAsicAndBadSetting()
    {
        Fabric f = singleSwitch("no-such-asic", 2, 5, { 3 });
        QVERIFY(hasFinding(checkBuffers(f, catalog()), "LFP-BUF-UNKNOWN-ASIC", "leaf1"));
        f.asics.push_back(*catalog().find("spectrum-2"));
        f.asics.back().id = "no-such-asic";
        QVERIFY(!hasFinding(checkBuffers(f, catalog()), "LFP-BUF-UNKNOWN-ASIC", "leaf1")); // the project's own profile
        Fabric g = singleSwitch("spectrum-1", 2, 5, { 3 });
        g.nodes[0].attributes["buffer.small_packet_percentage"] = "lots";
        QVERIFY(hasFinding(checkBuffers(g, catalog()), "LFP-BUF-BAD-SETTING", "leaf1"));
    }

    // The generated k=64 fat-tree (every switch budgeted): its buffers fit. Its speed is a benchmark
    // target (tests/bench/bench_check.cpp, docs/performance.md), not asserted here: a timed test fails
    // on a loaded machine and under the sanitizers.
    void fatTree64Fits()
    {
        GeneratorOptions opt;
        const Fabric f = generateFatTree(64, opt);
        QCOMPARE(f.switchCount(), std::size_t(5120));
        QElapsedTimer t;
        t.start();
        const auto fs = checkBuffers(f, catalog());
        qInfo("checkBuffers on a k=64 fat-tree (%zu switches, %zu ports): %lld ms, %zu findings", f.switchCount(), f.portCount(),
            static_cast<long long>(t.elapsed()), fs.size());
        QVERIFY2(fs.empty(), fs.empty() ? "" : (fs.front().code + ": " + fs.front().message).c_str());
    }

    void cancellation()
    {
        struct Cancel : Feedback {
        } fb;
        fb.cancel();
        const Fabric f = exampleFabric();
        QVERIFY_THROWS_EXCEPTION(Cancelled, checkBuffers(f, catalog(), &fb));
    }
};

QTEST_GUILESS_MAIN(TestBudget)
#include "tst_budget.moc"
