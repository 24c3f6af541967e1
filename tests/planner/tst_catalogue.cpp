// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 31, numbers that follow their sources: every cited commit is a full 40-hex id; every profile
// is self-consistent (defaults vs its default table, table speeds vs supported speeds); `--sku` refuses
// an unknown SKU; lanes and FEC that can come up (the bundled example's 100G 2-lane / 4-lane mismatch);
// 1.6T only where a source states it, with headroom; and the buffer-fit proof (the Tomahawk 6 case of
// sonic-buildimage issue 28657, tests/data/buffer-fit).
#ifndef Q_MOC_RUN // moc need not (and cannot) parse C++20 library headers
#include "model/asiccatalog.h"
#include "model/errors.h"
#include "model/fabricjson.h"
#include "model/fileio.h"
#include "model/generators.h"
#include "model/lanes.h"
#include "planner/buffer/budget.h"
#include "planner/buffer/bufferfit.h"
#include "planner/checks/checks.h"
#include "planner/buffer/headroom.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>
#include <regex>
#endif

using namespace lfp;

namespace {

const AsicCatalog& catalog()
{
    static const AsicCatalog c = AsicCatalog::loadDefault();
    return c;
}

const AsicProfile& asic(const char* id)
{
    const AsicProfile* a = catalog().find(id);
    if (!a)
        qFatal("ASIC profile %s missing from the catalogue", id);
    return *a;
}

std::string fixture(const char* name) { return std::string(LFP_SOURCE_DIR) + "/tests/data/buffer-fit/" + name; }

struct Run {
    int code = -1;
    QByteArray out;
    QByteArray err;
};

Run runLfp(const QStringList& args)
{
    QProcess p;
    p.start(LFP_CLI_PATH, args);
    p.waitForFinished(60000);
    return { p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError() };
}

bool has(const std::vector<Finding>& fs, const char* code)
{
    return std::any_of(fs.begin(), fs.end(), [&](const Finding& f) { return f.code == code; });
}

const Finding* find(const std::vector<Finding>& fs, const char* code)
{
    for (const auto& f : fs)
        if (f.code == code)
            return &f;
    return nullptr;
}

/// One switch on @p asicId with @p n ports of @p mbps on @p lanes lanes, each linked to a host over 5 m.
Fabric oneSwitch(const std::string& asicId, int n, std::int64_t mbps, int lanes, Fec fec)
{
    Fabric f;
    f.name = "catalogue-test";
    f.policies.push_back(defaultRocePolicy());
    f.bindings = { { Role::Leaf, f.policies[0].name }, { Role::Host, f.policies[0].name } };
    Node sw;
    sw.name = "leaf1";
    sw.role = Role::Leaf;
    sw.asic = asicId;
    for (int i = 0; i < n; ++i)
        sw.ports.push_back({ "Ethernet" + std::to_string(i * 8), BitsPerSecond(mbps * 1'000'000), lanes, 9100, fec, {} });
    f.nodes.push_back(sw);
    for (int i = 0; i < n; ++i) {
        Node h;
        h.name = "h" + std::to_string(i);
        h.role = Role::Host;
        h.ports.push_back({ "eth0", BitsPerSecond(mbps * 1'000'000), lanes, 9100, fec, {} });
        f.nodes.push_back(h);
        f.links.push_back({ { "leaf1", "Ethernet" + std::to_string(i * 8) }, { h.name, "eth0" }, Metres(5), Medium::Dac, LinkOrigin::Planned });
    }
    return f;
}

} // namespace

class TestCatalogue : public QObject {
    Q_OBJECT

private slots:
    // ---- Every commit a citation names is a full 40-hex id (no abbreviated or pre-merge short ids).
    void citedCommitsAreFull()
    {
        static const std::regex hex(R"((^|[^0-9A-Za-z_])([0-9a-f]{7,})(?![0-9A-Za-z_]))");
        int commits = 0;
        for (const auto& a : catalog().all()) {
            std::vector<std::string> texts;
            for (const auto& [field, src] : a.sources)
                texts.push_back(src);
            for (const auto& t : a.pgLookup)
                texts.push_back(t.source);
            for (const auto& text : texts)
                for (auto it = std::sregex_iterator(text.begin(), text.end(), hex); it != std::sregex_iterator(); ++it) {
                    const std::string id = (*it)[2].str();
                    const bool letter = id.find_first_of("abcdef") != std::string::npos;
                    const bool digit = id.find_first_of("0123456789") != std::string::npos;
                    if (!letter || !digit)
                        continue; // a plain number (a byte count), not a commit
                    QVERIFY2(id.size() == 40, qPrintable(QString("%1: commit %2 is not a full 40-hex id in \"%3\"").arg(a.id.c_str(), id.c_str(), text.c_str())));
                    ++commits;
                }
        }
        QVERIFY(commits >= 50);
    }

    // ---- Each profile agrees with itself: its defaults are its default (first) table's columns, and
    // every speed a table lists is a supported speed. A column is either the same in every row (then it
    // is the default) or, as in SONiC's DNX tables (threshold −6 at 40G, −5 at 400G; xon_offset growing
    // with the speed), a function of the speed alone (then the default is the first row's).
    void profilesSelfConsistent()
    {
        int profiles = 0;
        for (const auto& a : catalog().all()) {
            if (a.pgLookup.empty())
                continue;
            ++profiles;
            const PgLookupTable& t = a.pgLookup.front();
            const QString id = QString::fromStdString(a.id);
            const PgLookupRow& first = t.rows.front();
            QVERIFY2(first.size == a.pgMinimum, qPrintable(id + ": pg_minimum differs from the default table's size"));
            QVERIFY2(first.xon == a.pipelineLatency, qPrintable(id + ": pipeline_latency (xon) differs from the default table's xon"));
            QVERIFY2(first.threshold == a.losslessDynamicTh, qPrintable(id + ": lossless_dynamic_th differs from the default table's threshold"));
            if (first.xonOffset)
                QVERIFY2(*first.xonOffset == a.xonOffset, qPrintable(id + ": xon_offset differs from the default table's"));
            for (const auto& r : t.rows) {
                QVERIFY2(r.size == first.size, qPrintable(id + ": the default table's size column varies"));
                QVERIFY2(r.xon == first.xon, qPrintable(id + ": the default table's xon column varies"));
                for (const auto& o : t.rows) // threshold and xon_offset: one value per speed
                    if (o.speed == r.speed) {
                        QVERIFY2(o.threshold == r.threshold, qPrintable(id + ": the default table's threshold differs within one speed"));
                        QVERIFY2(o.xonOffset == r.xonOffset, qPrintable(id + ": the default table's xon_offset differs within one speed"));
                    }
            }
            for (const auto& table : a.pgLookup)
                for (const auto& r : table.rows)
                    QVERIFY2(asicSupportsSpeed(a, r.speed), qPrintable(id + ": table " + QString::fromStdString(table.sku) + " lists " + QString::fromStdString(formatSpeed(r.speed)) + ", not a supported speed"));
        }
        QVERIFY(profiles >= 10);
        // The case the issue found: Tomahawk 2's default threshold 0 beside rows of −3. Master's table
        // (the SKU links the common th2/7260 profile since 2022-07) says 0.
        QCOMPARE(asic("tomahawk-2").pgLookup.front().rows.front().threshold, 0);
        QCOMPARE(asic("tomahawk-2").pgLookup.front().rows.size(), std::size_t(9));
    }

    // ---- `lfp headroom --sku` refuses an unknown SKU, naming the known ones.
    void unknownSkuRefused()
    {
        const Run r = runLfp({ "headroom", "--asic", "tomahawk5", "--sku", "NoSuchSku", "--speed", "400G", "--cable", "5m" });
        QCOMPARE(r.code, 2);
        for (const auto& t : asic("tomahawk-5").pgLookup)
            QVERIFY2(r.err.contains(QByteArray::fromStdString(t.sku)), r.err.constData());
        QVERIFY(r.err.contains("NoSuchSku"));
        const Run ok = runLfp({ "headroom", "--asic", "tomahawk-5", "--sku", "Arista-7060X6-16PE-384C-O128S2", "--speed", "400G", "--cable", "5m", "--json" });
        QCOMPARE(ok.code, 0);
        QCOMPARE(QJsonDocument::fromJson(ok.out).object()["xoff"].toInteger(), qint64(393192));
        const Run none = runLfp({ "headroom", "--asic", "spectrum-3", "--sku", "Anything", "--speed", "100G", "--cable", "5m" });
        QCOMPARE(none.code, 2);
        QVERIFY(none.err.contains("publishes no SKU"));
    }

    // ---- Lanes and FEC: the bundled example's leaf ports (100G, 2 lanes, RS(528)) facing NICs at 100G on
    // 4 lanes cannot come up (tests/planner/link-lanes-fec-mismatch keeps that fabric).
    void lanesAndFec()
    {
        QCOMPARE(expectedFec(laneRateGbps(BitsPerSecond(100'000'000'000), 2)), Fec::Rs544);
        QCOMPARE(expectedFec(laneRateGbps(BitsPerSecond(100'000'000'000), 4)), Fec::Rs528);
        QVERIFY(!fecLaneRateProblem(Fec::Rs528, 50).empty());
        QVERIFY(!fecLaneRateProblem(Fec::Rs544, 25).empty());
        QVERIFY(fecLaneRateProblem(Fec::Rs544, 100).empty());
        Fabric f = oneSwitch("spectrum-3", 2, 100000, 2, Fec::Rs528);
        f.nodes[1].ports[0].lanes = 4; // h0: 4 × 25G NRZ against the switch's 2 × 50G PAM4
        const auto fs = checkPolicies(f);
        const Finding* lanes = find(fs, "LFP-LINK-LANES-MISMATCH");
        QVERIFY(lanes);
        QCOMPARE(lanes->severity, Severity::Error);
        QVERIFY(lanes->message.find("2 lanes") != std::string::npos);
        const Finding* fec = find(fs, "LFP-PORT-FEC-LANE-RATE");
        QVERIFY(fec);
        QVERIFY(fec->message.find("RS(544,514)") != std::string::npos);
        // The same lanes and RS(544) on both ends: nothing.
        const auto clean = checkPolicies(oneSwitch("spectrum-3", 2, 100000, 2, Fec::Rs544));
        QVERIFY(!has(clean, "LFP-LINK-LANES-MISMATCH") && !has(clean, "LFP-PORT-FEC-LANE-RATE"));
        // Generated fabrics come up: hosts take the switch's lanes, FEC follows the lane rate.
        GeneratorOptions opt;
        opt.asic = "spectrum-3";
        opt.hostSpeed = BitsPerSecond(100'000'000'000);
        opt.fabricSpeed = BitsPerSecond(400'000'000'000);
        const auto gen = checkPolicies(generateLeafSpine(2, 2, 4, opt));
        QVERIFY(!has(gen, "LFP-LINK-LANES-MISMATCH") && !has(gen, "LFP-PORT-FEC-LANE-RATE"));
    }

    // ---- Speeds: 1.6T on Spectrum-3 is an error; a 1.6T plan on Tomahawk 6 (Nokia IXR7220-H6-64
    // platform.json: 1x1600G) gets headroom.
    void speedsThatExist()
    {
        for (const char* id : { "spectrum-1", "spectrum-2", "spectrum-3", "spectrum-4", "spectrum-5", "spectrum-6", "tomahawk-6" })
            QVERIFY2(!asic(id).speeds.empty(), id);
        const auto s3 = checkBuffers(oneSwitch("spectrum-3", 2, 1'600'000, 8, Fec::Rs544), catalog());
        const Finding* f = find(s3, "LFP-ASIC-SPEED-UNSUPPORTED");
        QVERIFY(f);
        QCOMPARE(f->severity, Severity::Error);
        const Fabric th6 = oneSwitch("tomahawk-6", 4, 1'600'000, 8, Fec::Rs544);
        const auto fs = checkBuffers(th6, catalog());
        QVERIFY(!has(fs, "LFP-ASIC-SPEED-UNSUPPORTED"));
        QVERIFY(!has(fs, "LFP-BUF-HEADROOM-INPUT"));
        const SwitchBudget b = computeBudget(th6, th6.nodes[0], asic("tomahawk-6"));
        QCOMPARE(b.losslessPorts, 4);
        QVERIFY(b.ports.front().headroom);
        // Never below the 800G 5 m row of the default table (1,249,080 B).
        QVERIFY(b.ports.front().headroom->xoff.value() >= 1249080);
    }

    // ---- The buffer-fit proof: the Tomahawk 6 case (issue 28657) and the size that fits.
    void tomahawk6Proof()
    {
        const AsicProfile& th6 = asic("tomahawk-6");
        QCOMPARE(th6.cellSize.value(), qint64(420));
        const std::string shipped = fixture("nh4210-shipped-buffers_defaults_t1.j2");
        const SonicBufferFile sb = readSonicBufferFile(shipped, readWholeFile(shipped));
        QCOMPARE(sb.pools.size(), std::size_t(2));
        const BufferFitProof p = proveFileFit(sb, th6);
        QCOMPARE(p.neededCells, qint64(808546));
        QCOMPARE(p.physicalCells, qint64(636183));
        QVERIFY(!p.fits());
        const Finding f = bufferFitFinding(p, { ObjectRef::forText(shipped) });
        QCOMPARE(f.severity, Severity::Error);
        QVERIFY2(f.message.find("808,546 cells") != std::string::npos, f.message.c_str());
        QVERIFY2(f.message.find("636,183 cells of 420 B") != std::string::npos, f.message.c_str());
        QVERIFY(f.message.find("172,363 cells over") != std::string::npos);
        const std::string fixed = fixture("nh4210-fixed-buffers_defaults_t1.j2");
        const BufferFitProof ok = proveFileFit(readSonicBufferFile(fixed, readWholeFile(fixed)), th6);
        QCOMPARE(ok.neededCells, qint64(614370));
        QVERIFY(ok.fits());
        // config_db.json: the pools plus 2 ports × PGs 3-4 × 4,620 B (11 cells each).
        const std::string db = fixture("nh4210-shipped-config_db.json");
        const BufferFitProof dbp = proveFileFit(readSonicBufferFile(db, readWholeFile(db)), th6);
        QCOMPARE(dbp.neededCells, qint64(808546 + 4 * 11));
        // A loop variable outside the pools (real SKU templates: `{{ port }}` of the queue macros)
        // is no error; the Tomahawk 4 Z9664F pools: 447,324 + 199,424 cells of 254 B.
        const std::string loop = fixture("loop-variable.j2");
        const SonicBufferFile lf = readSonicBufferFile(loop, readWholeFile(loop));
        QCOMPARE(lf.pools.size(), std::size_t(2));
        const BufferFitProof lp = proveFileFit(lf, asic("tomahawk-4"));
        QCOMPARE(lp.neededCells, qint64(447324 + 199424));
        // An unresolved variable is an input error at its line.
        const std::string bad = fixture("unresolved-variable.j2");
        try {
            (void)readSonicBufferFile(bad, readWholeFile(bad));
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(e.where().line, 4);
        }
    }

    void budgetCliProof()
    {
        const Run r = runLfp({ "budget", QString::fromStdString(fixture("nh4210-shipped-buffers_defaults_t1.j2")), "--asic", "tomahawk-6", "--json" });
        QCOMPARE(r.code, 1);
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j["fit"].toObject()["needed_cells"].toInteger(), qint64(808546));
        QCOMPARE(j["fit"].toObject()["fits"].toBool(), false);
        QCOMPARE(j["findings"].toArray().first().toObject()["code"].toString(), QString("LFP-BUF-POOLS-EXCEED-BUFFER"));
        const Run ok = runLfp({ "budget", QString::fromStdString(fixture("nh4210-fixed-buffers_defaults_t1.j2")), "--asic", "tomahawk-6" });
        QCOMPARE(ok.code, 0);
        QVERIFY(ok.out.contains("fits: 21,813 cells to spare"));
        const Run noAsic = runLfp({ "budget", QString::fromStdString(fixture("nh4210-shipped-config_db.json")) });
        QCOMPARE(noAsic.code, 2);
    }

    // ---- A plan whose switch carries the shipped pools (a project profile) is an error; at the size
    // that fits it passes.
    void planProof()
    {
        for (const std::int64_t size : { std::int64_t(258035400), std::int64_t(176481480) }) {
            Fabric f = oneSwitch("th6-nh4210", 4, 400000, 4, Fec::Rs544);
            AsicProfile mine = asic("tomahawk-6");
            mine.id = "th6-nh4210";
            mine.pools.front().size = Bytes(size);
            f.asics.push_back(mine);
            const auto fs = checkBuffers(f, catalog());
            QCOMPARE(has(fs, "LFP-BUF-POOLS-EXCEED-BUFFER"), size == 258035400);
            const BudgetContext ctx(f);
            const BufferFitProof p = proveSwitchFit(ctx, 0, mine);
            QVERIFY(p.worstCase.find("all 4 ports") != std::string::npos);
            QCOMPARE(p.fits(), size != 258035400);
        }
    }
};

QTEST_GUILESS_MAIN(TestCatalogue)
#include "tst_catalogue.moc"
