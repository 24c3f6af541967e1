// SPDX-License-Identifier: GPL-3.0-or-later
// The ASIC catalogue's Broadcom / Cisco profiles (Tomahawk 3/4/5, Trident 3, Jericho 2, Silicon One
// Q200/G200): every published SONiC lookup row reproduced exactly (tests/data/asic-lookup, with their
// sources), the rules between and beyond the rows, provenance of every figure, supported port speeds
// and LFP-ASIC-SPEED-UNSUPPORTED, and budgets of generated fabrics on these ASICs adding up.
#ifndef Q_MOC_RUN // moc need not (and cannot) parse C++20 library headers
#include "model/errors.h"
#include "model/fabricjson.h"
#include "model/asiccatalog.h"
#include "planner/buffer/budget.h"
#include "planner/checks/checks.h"
#include "model/generators.h"
#include "planner/buffer/headroom.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>
#include <QTextStream>
#include <nlohmann/json.hpp>
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

/// One published table of tests/data/asic-lookup: its comment lines (asic, sku, source) and rows.
struct DataTable {
    QString file;
    QString asic;
    QString sku;
    QString source;
    std::vector<std::map<QString, QString>> rows;
};

std::vector<DataTable> dataTables()
{
    std::vector<DataTable> out;
    const QDir dir(QStringLiteral(LFP_SOURCE_DIR) + "/tests/data/asic-lookup");
    for (const QString& name : dir.entryList({ "*.csv" }, QDir::Files, QDir::Name)) {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
            continue;
        DataTable t;
        t.file = name;
        QTextStream in(&f);
        QStringList header;
        while (!in.atEnd()) {
            const QString line = in.readLine();
            if (line.startsWith('#')) {
                const auto colon = line.indexOf(':');
                const QString key = line.mid(1, colon - 1).trimmed();
                const QString value = line.mid(colon + 1).trimmed();
                if (key == "asic")
                    t.asic = value;
                else if (key == "sku")
                    t.sku = value;
                else if (key == "source")
                    t.source = value;
                continue;
            }
            if (header.isEmpty()) {
                header = line.split(',');
                continue;
            }
            const QStringList cols = line.split(',');
            std::map<QString, QString> row;
            for (int i = 0; i < header.size() && i < cols.size(); ++i)
                row[header[i]] = cols[i];
            t.rows.push_back(row);
        }
        out.push_back(t);
    }
    return out;
}

HeadroomInput input(std::int64_t mbps, double cable, const std::string& sku = {})
{
    HeadroomInput in;
    in.speed = BitsPerSecond(mbps * 1'000'000);
    in.cable = Metres(cable);
    in.lanes = mbps >= 400000 ? 8 : 4;
    in.sku = sku;
    return in;
}

std::int64_t sumLines(const SwitchBudget& b)
{
    std::int64_t s = 0;
    for (const auto& l : b.lines)
        s += l.total.value();
    return s;
}

const FieldProvenance& prov(const std::vector<FieldProvenance>& ps, const char* field)
{
    for (const auto& p : ps)
        if (p.field == field)
            return p;
    qFatal("no provenance for %s", field);
}

/// One switch with @p n ports of @p mbps, each linked to a host over 5 m.
Fabric oneSwitch(const std::string& asicId, int n, std::int64_t mbps, const std::string& model = {})
{
    Fabric f;
    f.name = "asic-test";
    f.policies.push_back(defaultRocePolicy());
    f.bindings = { { Role::Leaf, f.policies[0].name }, { Role::Host, f.policies[0].name } };
    Node sw;
    sw.name = "leaf1";
    sw.role = Role::Leaf;
    sw.asic = asicId;
    sw.model = model;
    for (int i = 0; i < n; ++i)
        sw.ports.push_back({ "Ethernet" + std::to_string(i * 8), BitsPerSecond(mbps * 1'000'000), 8, 9100, Fec::Rs544, {} });
    f.nodes.push_back(sw);
    for (int i = 0; i < n; ++i) {
        Node h;
        h.name = "h" + std::to_string(i);
        h.role = Role::Host;
        h.ports.push_back({ "eth0", BitsPerSecond(mbps * 1'000'000), 8, 9100, Fec::Rs544, {} });
        f.nodes.push_back(h);
        f.links.push_back({ { "leaf1", "Ethernet" + std::to_string(i * 8) }, { h.name, "eth0" }, Metres(5), Medium::Dac, LinkOrigin::Planned });
    }
    return f;
}

const std::vector<const char*> kNewProfiles { "tomahawk-3", "tomahawk-4", "tomahawk-5", "trident-3", "jericho-2", "jericho-2c-plus", "qumran-3d", "silicon-one-q200", "silicon-one-g200" };

/// Published tables that are not monotone in the port speed, reproduced as published (docs/asics.md):
/// NH-5010 gives 800G less xoff than 400G at 30 m (244,000 against 514,553 B) and at 300 m (564,000
/// against 651,640 B), so between its 800G rows lfp's "never below a slower speed" rule and the exact
/// 800G rows cannot both be monotone.
/// Arista-7060X6-64PE-B-P32O64 lists 100G only at 500 m (1,136,396 B), above its 400G rows up to 300 m.
bool publishedNotMonotone(const std::string& sku) { return sku.rfind("NH-5010", 0) == 0 || sku == "Arista-7060X6-64PE-B-P32O64"; }

} // namespace

class TestAsics : public QObject {
    Q_OBJECT

private slots:
    void newProfilesInCatalogue()
    {
        for (const char* id : kNewProfiles) {
            const AsicProfile& a = asic(id);
            QVERIFY2(a.cellSize.value() > 0, id);
            QVERIFY2(!a.platforms.empty(), id);
            QVERIFY2(a.sources.count("platforms"), id);
            QVERIFY2(a.sources.count("headroom_model"), id);
        }
        // Broadcom: speeds and total buffer from a source; Cisco: stated unknown.
        for (const char* id : { "tomahawk-3", "tomahawk-4", "tomahawk-5", "trident-3", "jericho-2", "jericho-2c-plus", "qumran-3d" }) {
            QVERIFY2(!asic(id).speeds.empty(), id);
            QVERIFY2(asic(id).totalBuffer.value() > 0, id);
        }
        for (const char* id : { "silicon-one-q200", "silicon-one-g200" }) {
            QVERIFY(asic(id).speeds.empty());
            QCOMPARE(asic(id).totalBuffer.value(), qint64(0));
        }
        QCOMPARE(asic("tomahawk-3").totalBuffer.value(), qint64(2) * (134169 - 2048) * 254); // tomahawk3.h
        // SONiC's own TH4 template (DellEMC-Z9664f-O64 egress_lossless_pool), not the SDK inference.
        QCOMPARE(asic("tomahawk-4").totalBuffer.value(), qint64(447324) * 254);
        QCOMPARE(asic("jericho-2c-plus").cellSize.value(), qint64(4096));
        QCOMPARE(asic("qumran-3d").cellSize.value(), qint64(4096));
        QCOMPARE(asic("silicon-one-q200").cellSize.value(), qint64(384));
        QCOMPARE(asic("silicon-one-g200").cellSize.value(), qint64(512));
    }

    // ---- Every published row (tests/data/asic-lookup) is in the profile and reproduced exactly.
    void publishedRowsReproduced_data()
    {
        QTest::addColumn<int>("index");
        const auto tables = dataTables();
        QVERIFY2(tables.size() >= 7, "tests/data/asic-lookup has fewer tables than expected");
        for (int i = 0; i < static_cast<int>(tables.size()); ++i)
            QTest::newRow(qPrintable(tables[static_cast<std::size_t>(i)].file)) << i;
    }
    void publishedRowsReproduced()
    {
        QFETCH(int, index);
        const DataTable t = dataTables()[static_cast<std::size_t>(index)];
        QVERIFY(!t.source.isEmpty());
        const AsicProfile& a = asic(t.asic.toStdString().c_str());
        const std::string sku = t.sku.toStdString();
        const PgLookupTable* table = pgLookupTableMatching(a, sku);
        QVERIFY2(table, qPrintable(t.asic + " has no table for " + t.sku));
        QCOMPARE(table->rows.size(), t.rows.size());
        QCOMPARE(QString::fromStdString(table->source), t.source);
        for (const auto& row : t.rows) {
            const auto mbps = row.at("speed_mbps").toLongLong();
            const double cable = row.at("cable_m").toDouble();
            const QString where = QString("%1 %2 Mb/s %3 m").arg(t.sku).arg(mbps).arg(cable);
            for (const std::string& name : { sku, QString(t.sku).toLower().replace('-', ' ').toStdString() }) {
                const HeadroomResult r = computeHeadroom(a, input(mbps, cable, name));
                QVERIFY2(r.xoff.value() == row.at("xoff").toLongLong(), qPrintable(where + QString(": xoff %1").arg(r.xoff.value())));
                QVERIFY2(r.xon.value() == row.at("xon").toLongLong(), qPrintable(where));
                QVERIFY2(r.size.value() == row.at("size").toLongLong(), qPrintable(where));
                QCOMPARE(r.dynamicTh, row.at("threshold").toInt());
                QCOMPARE(r.xonOffset.value_or(Bytes(-1)).value(), row.at("xon_offset").isEmpty() ? qint64(-1) : row.at("xon_offset").toLongLong());
                QVERIFY(r.version.find(table->sku) != std::string::npos);
            }
        }
    }

    // ---- Every row of every catalogue table, also for profiles without a data file.
    void everyCatalogueRowReproduced()
    {
        int rows = 0;
        for (const auto& a : catalog().all())
            for (const auto& t : a.pgLookup)
                for (const auto& row : t.rows) {
                    HeadroomInput in = input(toMbps(row.speed), row.cable.value(), t.sku);
                    const HeadroomResult r = computeHeadroom(a, in);
                    QCOMPARE(r.xoff, row.xoff);
                    QCOMPARE(r.size, row.size);
                    QCOMPARE(r.xon, row.xon);
                    ++rows;
                }
        QVERIFY(rows >= 50);
    }

    // ---- Between and beyond the rows: conservative, and said so in the terms.
    void betweenAndBeyondRows()
    {
        const AsicProfile& th3 = asic("tomahawk-3");
        // 100G at 100 m: the next longer row (300 m).
        QCOMPARE(computeHeadroom(th3, input(100000, 100)).xoff.value(), qint64(117348));
        // 400G at 3000 m: beyond the 2000 m row, extrapolated from the 1000 m and 2000 m rows.
        const auto far = computeHeadroom(th3, input(400000, 3000));
        const double slope = (1498092.0 - 836676.0) / 1000.0;
        QVERIFY(far.xoff.value() >= static_cast<qint64>(1498092 + slope * 1000));
        QCOMPARE(far.xoff.value() % 254, qint64(0));
        // 200G (not in the Z9332F table) at 5 m: between the 100G and 400G rows.
        const auto mid = computeHeadroom(th3, input(200000, 5));
        QVERIFY(mid.xoff.value() >= 68580 && mid.xoff.value() <= 178562);
        QCOMPARE(mid.size.value(), qint64(2540));
        // TH5: 800G above the table's 400G rows is never below them; the flat 150 m row is not kept
        // flat for 2 km (the IEEE estimate takes over).
        const AsicProfile& th5 = asic("tomahawk-5");
        QVERIFY(computeHeadroom(th5, input(800000, 5)).xoff.value() >= 612140);
        const auto longTh5 = computeHeadroom(th5, input(400000, 2000));
        QVERIFY(longTh5.xoff.value() > 612140);
        bool explained = false;
        for (const auto& term : longTh5.terms)
            explained = explained || (term.name == "xoff" && term.formula.find("beyond the longest row") != std::string::npos);
        QVERIFY(explained);
        // A switch model that names no table: the first table, said so.
        const auto other = computeHeadroom(th5, input(400000, 5, "Some-Other-SKU"));
        QCOMPARE(other.xoff.value(), qint64(612140));
        bool said = false;
        for (const auto& term : other.terms)
            said = said || term.formula.find("has no table of its own") != std::string::npos;
        QVERIFY(said);
        // The SKU picks its own table.
        QCOMPARE(computeHeadroom(th5, input(400000, 5, "Arista-7060X6-16PE-384C-O128S2")).xoff.value(), qint64(393192));
    }

    void monotoneInCableAndSpeed()
    {
        const std::vector<std::int64_t> speeds { 10000, 25000, 40000, 50000, 100000, 200000, 400000, 800000 };
        const std::vector<double> cables { 0, 1, 5, 10, 40, 100, 150, 300, 1000, 2000, 5000 };
        for (const char* id : kNewProfiles) {
            const AsicProfile& a = asic(id);
            std::vector<std::string> skus { "" };
            for (const auto& t : a.pgLookup)
                skus.push_back(t.sku);
            for (const auto& sku : skus) {
                if (publishedNotMonotone(sku))
                    continue;
                for (const auto s : speeds) {
                    std::int64_t prev = -1;
                    for (const double c : cables) {
                        const auto x = computeHeadroom(a, input(s, c, sku)).xoff.value();
                        QVERIFY2(x >= prev, qPrintable(QString("%1 %2 %3 Mb/s %4 m").arg(id).arg(QString::fromStdString(sku)).arg(s).arg(c)));
                        prev = x;
                    }
                }
                for (const double c : cables) {
                    std::int64_t prev = -1;
                    for (const auto s : speeds) {
                        const auto x = computeHeadroom(a, input(s, c, sku)).xoff.value();
                        QVERIFY2(x >= prev, qPrintable(QString("%1 %2 %3 m %4 Mb/s").arg(id).arg(QString::fromStdString(sku)).arg(c).arg(s)));
                        prev = x;
                    }
                }
            }
        }
    }

    // ---- Provenance: sourced, inferred (from what), unknown, unsourced.
    void provenance()
    {
        const auto th3 = asicProvenance(asic("tomahawk-3"));
        QCOMPARE(QString::fromStdString(prov(th3, "total_buffer").status), QString("sourced"));
        QVERIFY(prov(th3, "total_buffer").source.find("tomahawk3.h") != std::string::npos);
        QCOMPARE(QString::fromStdString(prov(th3, "pg_lookup").status), QString("sourced"));
        QCOMPARE(QString::fromStdString(prov(th3, "mac_phy_delay").status), QString("unknown"));
        QCOMPARE(QString::fromStdString(prov(th3, "speeds").value), QString("10G, 25G, 40G, 50G, 100G, 200G, 400G"));
        const auto th4 = asicProvenance(asic("tomahawk-4"));
        QCOMPARE(QString::fromStdString(prov(th4, "total_buffer").status), QString("sourced"));
        QVERIFY(prov(th4, "total_buffer").source.find("DellEMC-Z9664f-O64/buffers_defaults_t1.j2") != std::string::npos);
        QCOMPARE(QString::fromStdString(prov(th4, "pg_minimum").status), QString("sourced"));
        QCOMPARE(QString::fromStdString(prov(th4, "pg_minimum").value), QString("9144 B"));
        const auto th5 = asicProvenance(asic("tomahawk-5"));
        QCOMPARE(QString::fromStdString(prov(th5, "cell_size").status), QString("sourced")); // sonic-mgmt qos_params.th5.yaml
        QVERIFY(prov(th5, "cell_size").source.find("qos_params.th5.yaml") != std::string::npos);
        QCOMPARE(QString::fromStdString(prov(th5, "pipeline_latency").status), QString("sourced")); // xon 0, from the table
        QCOMPARE(QString::fromStdString(prov(th5, "pipeline_latency").value), QString("0 B"));
        const auto q200 = asicProvenance(asic("silicon-one-q200"));
        QCOMPARE(QString::fromStdString(prov(q200, "total_buffer").status), QString("unknown"));
        QVERIFY(!prov(q200, "total_buffer").source.empty()); // the reason
        QCOMPARE(QString::fromStdString(prov(q200, "speeds").status), QString("unknown"));
        QCOMPARE(QString::fromStdString(prov(q200, "cell_size").status), QString("sourced"));
        AsicProfile mine = asic("tomahawk-3");
        mine.sources.erase("shared_headroom_pool");
        QCOMPARE(QString::fromStdString(prov(asicProvenance(mine), "shared_headroom_pool").status), QString("unsourced"));
        // Every figure of every catalogue profile is sourced, inferred or stated unknown: none unsourced.
        for (const auto& a : catalog().all())
            for (const auto& p : asicProvenance(a))
                QVERIFY2(p.status != "unsourced", qPrintable(QString("%1: %2 has a value but no source").arg(QString::fromStdString(a.id), QString::fromStdString(p.field))));
    }

    // ---- JSON: round trip and errors naming the field.
    void jsonRoundTrip()
    {
        for (const auto& a : catalog().all()) {
            const AsicProfile back = asicFromJson(asicToJson(a), "");
            QVERIFY2(back == a, a.id.c_str());
        }
    }

    void badProfileInput()
    {
        nlohmann::json j = asicToJson(asic("tomahawk-3"));
        auto expectError = [](const nlohmann::json& v, const char* pathPart) {
            try {
                (void)asicFromJson(v, "");
                QFAIL("no error");
            } catch (const InputError& e) {
                QVERIFY2(e.where().path.find(pathPart) != std::string::npos, qPrintable(QString::fromStdString(e.where().path)));
            }
        };
        nlohmann::json bad = j;
        bad["speeds"][0] = "fast";
        expectError(bad, "/speeds/0");
        bad = j;
        bad["pg_lookup"][0]["rows"][1] = bad["pg_lookup"][0]["rows"][0];
        expectError(bad, "/pg_lookup/0/rows/1");
        bad = j;
        bad["pg_lookup"][0]["source"] = "";
        expectError(bad, "/pg_lookup/0/source");
        bad = j;
        bad["pg_lookup"][0]["rows"][0]["cable"] = 5;
        expectError(bad, "/pg_lookup/0/rows/0/cable");
        bad = j;
        bad["pg_lookup"][0]["rows"][0]["colour"] = "red";
        expectError(bad, "/pg_lookup/0/rows/0");
    }

    // ---- Supported speeds and LFP-ASIC-SPEED-UNSUPPORTED.
    void speedUnsupported()
    {
        // Trident 3 runs no 400G port.
        Fabric f = oneSwitch("trident-3", 3, 400000);
        auto fs = checkBuffers(f, catalog());
        const Finding* found = nullptr;
        for (const auto& x : fs)
            if (x.code == "LFP-ASIC-SPEED-UNSUPPORTED")
                found = &x;
        QVERIFY(found);
        QCOMPARE(found->severity, Severity::Error);
        QCOMPARE(found->objects.size(), std::size_t(3)); // one finding for the three ports
        QVERIFY(found->message.find("400G") != std::string::npos);
        QVERIFY(!found->evidence.empty());
        // Supported: no finding.
        for (const auto& x : checkBuffers(oneSwitch("trident-3", 3, 100000), catalog()))
            QVERIFY(x.code != "LFP-ASIC-SPEED-UNSUPPORTED");
        for (const auto& x : checkBuffers(oneSwitch("tomahawk-5", 2, 800000), catalog()))
            QVERIFY(x.code != "LFP-ASIC-SPEED-UNSUPPORTED");
        // Unknown speeds (Silicon One): never flagged.
        for (const auto& x : checkBuffers(oneSwitch("silicon-one-g200", 2, 800000), catalog()))
            QVERIFY(x.code != "LFP-ASIC-SPEED-UNSUPPORTED");
        // Also a port not on a link.
        Fabric g = oneSwitch("jericho-2", 1, 100000);
        g.nodes[0].ports.push_back({ "Ethernet100", BitsPerSecond(800'000'000'000), 8, 9100, Fec::Rs544, {} });
        bool onSpare = false;
        for (const auto& x : checkBuffers(g, catalog()))
            onSpare = onSpare || (x.code == "LFP-ASIC-SPEED-UNSUPPORTED" && toStrings(x.objects) == std::vector<std::string> { "leaf1:Ethernet100" });
        QVERIFY(onSpare);
        QVERIFY(asicSupportsSpeed(asic("jericho-2"), BitsPerSecond(400'000'000'000)));
        QVERIFY(!asicSupportsSpeed(asic("jericho-2"), BitsPerSecond(800'000'000'000)));
        QVERIFY(asicSupportsSpeed(asic("silicon-one-q200"), BitsPerSecond(800'000'000'000))); // unknown list
    }

    // ---- `lfp asics`: text names the sources and the unknowns; --json has provenance per field.
    void cliAsics()
    {
        QProcess p;
        p.start(LFP_CLI_PATH, { "asics", "tomahawk-4", "silicon-one-q200", "--json" });
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        const QJsonArray arr = QJsonDocument::fromJson(p.readAllStandardOutput()).object()["asics"].toArray();
        QCOMPARE(arr.size(), 2);
        const QJsonObject th4 = arr[0].toObject();
        QCOMPARE(th4["id"].toString(), QString("tomahawk-4"));
        const QJsonObject total = th4["provenance"].toObject()["total_buffer"].toObject();
        QCOMPARE(total["status"].toString(), QString("sourced"));
        QVERIFY(total["source"].toString().contains("DellEMC-Z9664f-O64"));
        QCOMPARE(th4["provenance"].toObject()["cell_size"].toObject()["status"].toString(), QString("sourced"));
        QCOMPARE(th4["speeds"].toArray().size(), 7);
        const QJsonObject q200 = arr[1].toObject()["provenance"].toObject();
        QCOMPARE(q200["speeds"].toObject()["status"].toString(), QString("unknown"));
        QCOMPARE(q200["total_buffer"].toObject()["status"].toString(), QString("unknown"));

        QProcess t;
        t.start(LFP_CLI_PATH, { "asics" });
        QVERIFY(t.waitForFinished(30000));
        QCOMPARE(t.exitCode(), 0);
        const QString text = QString::fromUtf8(t.readAllStandardOutput());
        for (const char* id : kNewProfiles)
            QVERIFY2(text.contains(QString("\n%1 — ").arg(id)), id);
        QVERIFY(text.contains("DellEMC-Z9332f-O32 (10 rows): sonic-net/sonic-buildimage 086b03bd70f9e211aaaf5f6aefe0790b508d2a94"));
        QVERIFY(text.contains("inferred from: "));
        QVERIFY(text.contains("unknown (no source found): "));
        QVERIFY(text.contains("unknown   unknown: no Cisco 8000 buffer template")); // Q200 total_buffer, with its reason

        QProcess bad;
        bad.start(LFP_CLI_PATH, { "asics", "no-such-asic" });
        QVERIFY(bad.waitForFinished(30000));
        QCOMPARE(bad.exitCode(), 2);
        QVERIFY(bad.readAllStandardError().contains("no-such-asic"));
    }

    // ---- Budgets of generated fabrics on these ASICs add up to the total buffer.
    void generatedBudgetsAddUp_data()
    {
        QTest::addColumn<QString>("asicId");
        QTest::addColumn<QString>("model");
        QTest::addColumn<qint64>("hostMbps");
        QTest::addColumn<qint64>("fabricMbps");
        QTest::newRow("TH3 Z9332F") << "tomahawk-3" << "DellEMC-Z9332f-O32" << qint64(100000) << qint64(400000);
        QTest::newRow("TH4") << "tomahawk-4" << "Arista 7060DX5-64S" << qint64(100000) << qint64(400000);
        QTest::newRow("TH5 64PE") << "tomahawk-5" << "Arista-7060X6-64PE-O128S2" << qint64(400000) << qint64(800000);
        QTest::newRow("TH5 384C") << "tomahawk-5" << "Arista-7060X6-16PE-384C-O128S2" << qint64(400000) << qint64(400000);
        QTest::newRow("TD3 C32") << "trident-3" << "Arista-7050CX3-32S-C32" << qint64(50000) << qint64(100000);
        QTest::newRow("TD3 C28S4") << "trident-3" << "Arista-7050CX3-32S-C28S4" << qint64(10000) << qint64(100000);
        QTest::newRow("J2") << "jericho-2" << "Arista-7800R3-48CQM2-C48" << qint64(100000) << qint64(400000);
        QTest::newRow("TH4 Z9664F") << "tomahawk-4" << "DellEMC-Z9664f-O64" << qint64(100000) << qint64(400000);
        QTest::newRow("TH4 Nokia H4") << "tomahawk-4" << "Nokia-IXR7220-H4-64D" << qint64(100000) << qint64(400000);
        QTest::newRow("TH5 Z9864F") << "tomahawk-5" << "Dell-Z9864f-O64" << qint64(200000) << qint64(800000);
        QTest::newRow("TH5 Micas") << "tomahawk-5" << "M2-W6940-64OC" << qint64(400000) << qint64(800000);
        QTest::newRow("TH5 NH-4010") << "tomahawk-5" << "NH-4010" << qint64(400000) << qint64(800000);
        QTest::newRow("TH5 Nokia H5") << "tomahawk-5" << "Nokia-IXR7220-H5-64D" << qint64(400000) << qint64(800000);
        QTest::newRow("TD3 S5232F") << "trident-3" << "DellEMC-S5232f-C32" << qint64(25000) << qint64(100000);
        QTest::newRow("TD3 Quanta IX8") << "trident-3" << "Quanta-IX8-56X" << qint64(25000) << qint64(100000);
        QTest::newRow("J2C+ 7800R3A") << "jericho-2c-plus" << "Arista-7800R3A-36D2-C36" << qint64(100000) << qint64(400000);
        QTest::newRow("J2C+ X3B") << "jericho-2c-plus" << "Nokia-IXR7250-X3B" << qint64(100000) << qint64(400000);
        QTest::newRow("Q3D 7280R4") << "qumran-3d" << "Arista-7280R4-32QF-32DF-64O" << qint64(400000) << qint64(800000);
        QTest::newRow("Q3D NH-5010") << "qumran-3d" << "NH-5010-F-O64" << qint64(100000) << qint64(400000);
        QTest::newRow("Q200") << "silicon-one-q200" << "Cisco 8101-32FH-O" << qint64(100000) << qint64(400000);
        QTest::newRow("G200") << "silicon-one-g200" << "Cisco 8122-64EH-O" << qint64(400000) << qint64(800000);
    }
    void generatedBudgetsAddUp()
    {
        QFETCH(QString, asicId);
        QFETCH(QString, model);
        QFETCH(qint64, hostMbps);
        QFETCH(qint64, fabricMbps);
        GeneratorOptions opt;
        opt.asic = asicId.toStdString();
        opt.switchVendor = asic(opt.asic.c_str()).vendor;
        opt.switchModel = model.toStdString();
        opt.hostSpeed = BitsPerSecond(hostMbps * 1'000'000);
        opt.fabricSpeed = BitsPerSecond(fabricMbps * 1'000'000);
        const Fabric f = generateLeafSpine(2, 4, 16, opt);
        const AsicProfile& a = asic(opt.asic.c_str());
        BudgetContext ctx(f);
        HeadroomCache cache;
        int checked = 0;
        for (std::size_t i = 0; i < f.nodes.size(); ++i) {
            if (!f.nodes[i].isSwitch())
                continue;
            const SwitchBudget b = computeBudget(ctx, i, a, &cache);
            QCOMPARE(sumLines(b), b.total.value());
            QCOMPARE(b.total, a.totalBuffer);
            QVERIFY(b.losslessPorts > 0);
            for (const auto& p : b.ports)
                if (p.headroom)
                    QVERIFY(p.headroom->xoff.value() > 0);
            if (!a.pgLookup.empty()) {
                // The switch's model picked its own vendor table.
                const auto& hr = *b.ports.front().headroom;
                QVERIFY2(hr.version.find(pgLookupTableFor(a, f.nodes[i].model)->sku) != std::string::npos, hr.version.c_str());
                // …and its threshold column is the budget's lossless dynamic_th: the row of the first
                // lossless port (DNX tables vary it with the speed: −6 at 100G, −5 at 400G).
                QCOMPARE(b.dynamicTh, hr.dynamicTh);
                const auto& rows = pgLookupTableFor(a, f.nodes[i].model)->rows;
                QVERIFY(std::any_of(rows.begin(), rows.end(), [&](const PgLookupRow& row) { return row.threshold == b.dynamicTh; }));
            }
            if (a.sharedHeadroomPool)
                QCOMPARE(b.sharedHeadroomPool, *a.sharedHeadroomPool);
            ++checked;
        }
        QCOMPARE(checked, 6);
        // And the checks run without an input error on every switch.
        for (const auto& x : checkBuffers(f, catalog())) {
            QVERIFY2(x.code != "LFP-BUF-HEADROOM-INPUT" && x.code != "LFP-BUF-UNKNOWN-ASIC", x.message.c_str());
            QVERIFY2(x.code != "LFP-ASIC-SPEED-UNSUPPORTED", x.message.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestAsics)
#include "tst_asics.moc"
