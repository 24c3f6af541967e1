// SPDX-License-Identifier: GPL-3.0-or-later
// Model: unit types, the native JSON format (round trip, errors with line/column/path), the SQLite
// project store (revisions, diff, refusal of foreign/corrupt/newer files without modifying them).
#ifndef Q_MOC_RUN // moc need not (and cannot) parse C++20 library headers
#include "model/diff.h"
#include "model/enumnames.h"
#include "model/fabricindex.h"
#include "model/fieldaccess.h"
#include "model/objectref.h"
#include "model/errors.h"
#include "model/fabricjson.h"
#include "model/objectsearch.h"
#include "model/projectstore.h"
#include "model/units.h"
#include "model/generators.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>
#include <sqlite3.h>
#include <type_traits>
#endif

using namespace lfp;
using namespace lfp::literals;

// ---- mixing units must not compile: these are compile-time checks ----
#ifndef Q_MOC_RUN
template <class A, class B>
concept Addable = requires(A a, B b) { a + b; };
template <class A, class B>
concept Comparable = requires(A a, B b) { a < b; };
static_assert(Addable<Bytes, Bytes>);
static_assert(!Addable<Bytes, Metres>);
static_assert(!Addable<Bytes, BitsPerSecond>);
static_assert(!Addable<Metres, Nanoseconds>);
static_assert(!Addable<Bytes, std::int64_t>);
static_assert(!Comparable<Bytes, Nanoseconds>);
static_assert(!std::is_convertible_v<std::int64_t, Bytes>, "no implicit construction from a plain number");
static_assert(!std::is_convertible_v<Bytes, std::int64_t>, "no implicit conversion to a plain number");
#endif

namespace {
QByteArray fileHash(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

std::string exampleText() { return fabricToJsonText(exampleFabric()); }
} // namespace

class TestModel : public QObject {
    Q_OBJECT
private slots:
    void parseSpeed_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("bps");
        QTest::newRow("100G") << "100G" << qint64(100'000'000'000);
        QTest::newRow("25Gbps") << "25Gbps" << qint64(25'000'000'000);
        QTest::newRow("space") << " 400 G " << qint64(400'000'000'000);
        QTest::newRow("2.5G") << "2.5G" << qint64(2'500'000'000);
        QTest::newRow("100M") << "100M" << qint64(100'000'000);
        QTest::newRow("1.6T") << "1.6T" << qint64(1'600'000'000'000);
    }
    void parseSpeed()
    {
        QFETCH(QString, text);
        QFETCH(qint64, bps);
        QCOMPARE(lfp::parseSpeed(text.toStdString()).value(), bps);
        // canonical form reads back to the same value
        QCOMPARE(lfp::parseSpeed(formatSpeed(BitsPerSecond(bps))).value(), bps);
    }

    void badUnits_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("100Gb") << "speed" << "100Gb" << "Gbps";
        QTest::newRow("fast") << "speed" << "fast" << "100G";
        QTest::newRow("5 meters") << "length" << "5 meters" << "km";
        // Well formed but out of range: the message names the accepted range (issue 13).
        QTest::newRow("-3m") << "length" << "-3m" << "from 0m to 1000km";
        QTest::newRow("0G") << "speed" << "0G" << "from 1M (1 Mb/s)";
        QTest::newRow("-2G") << "speed" << "-2G" << "from 1M (1 Mb/s)";
        QTest::newRow("-1us") << "duration" << "-1us" << "from 0ns";
        QTest::newRow("-5KiB") << "bytes" << "-5KiB" << "from 0 B";
        QTest::newRow("10 sec") << "duration" << "10 sec" << "ms";
        QTest::newRow("12 kb") << "bytes" << "12 kb" << "KiB";
    }
    void badUnits()
    {
        QFETCH(QString, kind);
        QFETCH(QString, text);
        QFETCH(QString, mentions);
        const std::string t = text.toStdString();
        try {
            if (kind == "speed")
                lfp::parseSpeed(t);
            else if (kind == "length")
                lfp::parseLength(t);
            else if (kind == "duration")
                lfp::parseDuration(t);
            else
                lfp::parseBytes(t);
            QFAIL("no error");
        } catch (const UnitError& e) {
            const QString msg = QString::fromUtf8(e.what());
            QVERIFY2(msg.contains(text), qPrintable(msg));
            QVERIFY2(msg.contains(mentions), qPrintable(msg));
            QVERIFY2(msg.contains("expected"), qPrintable(msg));
        }
    }

    void unitsArithmetic()
    {
        QCOMPARE((19_KiB).value(), 19456);
        QCOMPARE((1_KiB + 512_B).value(), 1536);
        QCOMPARE(formatLength(parseLength("2.5m")), std::string("2.5m"));
        QCOMPARE(parseLength("0.3km").value(), 300.0);
        QCOMPARE(parseDuration("1.5us").value(), 1500.0);
        QCOMPARE(formatDuration(Nanoseconds(200e6)), std::string("200ms"));
        QCOMPARE(parseDuration(formatDuration(Nanoseconds(400))).value(), 400.0);
        // 100G for 1 us carries 12,500 bytes
        QCOMPARE(bytesInFlight(100_Gbps, 1_us), 12500.0);
        QCOMPARE(serialisationTime(Bytes(1250), 100_Gbps).value(), 100.0);
        QCOMPARE(formatBytesHuman(Bytes(63488)), std::string("63,488 B"));
    }

    void jsonRoundTrip()
    {
        const Fabric f = exampleFabric();
        const std::string text = fabricToJsonText(f);
        const Fabric g = fabricFromJsonText(text, "x.json");
        QVERIFY(f == g);
        QCOMPARE(fabricToJsonText(g), text); // byte-identical
        QCOMPARE(g.nodes.size(), std::size_t(22));
        QCOMPARE(g.links.size(), std::size_t(24));
        QVERIFY(g.validate().empty());
    }

    void jsonRoundTripAllFields()
    {
        Fabric f = exampleFabric();
        f.nodes[0].guid = 0x0002c90300000001ULL;
        f.nodes[0].attributes["mgmt"] = "10.0.0.1";
        f.nodes[0].ports[0].breakoutParent = "Ethernet0";
        f.links[0].origin = LinkOrigin::Discovered;
        f.links[0].medium = Medium::Fibre;
        f.links[0].length = Metres(2.5);
        QosPolicy p = defaultRocePolicy();
        p.name = "alt";
        p.dscpToTc[10] = 1;
        p.watchdog.action = WatchdogAction::Forward;
        p.nic.pfcBitmap = 0x18;
        f.policies.push_back(p);
        f.overrides.push_back({ { "leaf1", f.nodes[2].ports[0].name }, "alt" });
        AsicProfile a;
        a.id = "my-asic";
        a.totalBuffer = Bytes(32 << 20);
        a.cellSize = Bytes(256);
        a.maxHeadroomPerPort = Bytes(1 << 20);
        a.pools.push_back({ "ingress_lossless_pool", PoolDirection::Ingress, PoolMode::Dynamic, std::nullopt, 50.0 });
        a.sources["total_buffer"] = "vendor datasheet";
        f.asics.push_back(a);
        const Fabric g = fabricFromJsonText(fabricToJsonText(f));
        QVERIFY(f == g);
    }

    void fastAndStrictReadersAgree()
    {
        // fabricFromJsonText reads valid files with simdjson and falls back to the strict reader;
        // both must give the same fabric, field for field.
        Fabric f = exampleFabric();
        f.nodes[0].guid = 0x0002c90300000001ULL;
        f.nodes[0].buffer.overSubscribeRatio = 2;
        f.nodes[0].buffer.gearboxDelay = Nanoseconds(400);
        f.nodes[1].buffer.sonicRelease = SonicRelease::Legacy;
        f.nodes[1].buffer.maxHeadroomSize = Bytes(307200);
        f.nodes[1].ports[1].breakoutParent = "Ethernet0";
        f.nodes[1].ports[1].fec = Fec::None;
        f.links[3].medium = Medium::Fibre;
        f.links[3].origin = LinkOrigin::Discovered;
        f.links[3].length = Metres(0.5);
        f.overrides.push_back({ { "leaf1", "Ethernet0" }, f.policies[0].name });
        const std::string text = fabricToJsonText(f);
        QVERIFY(fabricFromJsonText(text) == f);
        QVERIFY(strictFabricFromJsonText(text) == f);
        // A file only the strict reader can explain still gets its exact error.
        std::string bad = text;
        bad.replace(bad.find("\"lanes\":8"), 9, "\"lanes\":9.5");
        try {
            (void)fabricFromJsonText(bad, "b.json");
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.where().path), QString("/nodes/0/ports/0/lanes"));
        }
    }

    void jsonErrors_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("mentions");
        const std::string base = exampleText();
        auto replace = [&](const std::string& from, const std::string& to) {
            std::string s = base;
            const auto pos = s.find(from);
            Q_ASSERT(pos != std::string::npos);
            s.replace(pos, from.size(), to);
            return QString::fromStdString(s);
        };
        auto lineCol = [&](const std::string& needle) {
            const auto pos = base.find(needle);
            int line = 1, col = 1;
            for (std::size_t i = 0; i < pos; ++i) {
                if (base[i] == '\n') {
                    ++line;
                    col = 1;
                } else {
                    ++col;
                }
            }
            return std::pair { line, col };
        };
        // A bad speed on the first port of the first node: reported at the value.
        {
            const std::string needle = "\"speed\":\"400G\"";
            auto [l, c] = lineCol(needle);
            QTest::newRow("bad speed") << replace(needle, "\"speed\":\"100Gb\"") << l << c + 8 << "/nodes/0/ports/0/speed" << "Gbps";
        }
        {
            const std::string needle = "\"length\":\"2m\"";
            auto [l, c] = lineCol(needle);
            QTest::newRow("bad length") << replace(needle, "\"length\":\"5 meters\"") << l << c + 9 << "/links/0/length" << "km";
        }
        // A malformed buffer setting is refused when the file is read, at its value (issue 8).
        {
            const std::string needle = "\"name\":\"leaf1\"";
            const std::string text = replace(needle, "\"name\":\"leaf1\",\"attributes\":{\"buffer.small_packet_percentage\":\"lots\"}").toStdString();
            QTest::newRow("bad buffer setting") << QString::fromStdString(text) << 0 << 0 << "/nodes/2/attributes/buffer.small_packet_percentage"
                                                << "expected a whole percentage 0..100";
            QTest::newRow("unknown buffer setting")
                << replace(needle, "\"name\":\"leaf1\",\"attributes\":{\"buffer.oversubscribe\":\"2\"}") << 0 << 0
                << "/nodes/2/attributes/buffer.oversubscribe" << "buffer.over_subscribe_ratio";
            QTest::newRow("buffer setting out of range")
                << replace(needle, "\"name\":\"leaf1\",\"attributes\":{\"buffer.dynamic_th\":\"9\"}") << 0 << 0 << "/nodes/2/attributes/buffer.dynamic_th"
                << "−8..7";
        }
        QTest::newRow("syntax") << QString("{\n  \"format\": \"lfp-fabric\",\n  \"version\": 1,\n  \"nodes\": [ }\n") << 4 << 14 << "" << "syntax error";
        QTest::newRow("number overflow") << QString("{\"format\": \"lfp-fabric\", \"version\": 1e999}") << -1 << 0 << "" << "out of range";
        QTest::newRow("unknown field") << replace("\"role\":\"spine\"", "\"rol\":\"spine\"") << 0 << 0 << "/nodes/0/rol" << "role";
        QTest::newRow("foreign") << QString("{\"hello\": 1}") << 1 << 1 << "/format" << "not a Lossless Fabric Planner";
        QTest::newRow("newer") << replace("\"version\": 1", "\"version\": 99") << 0 << 0 << "/version" << "newer";
        QTest::newRow("dangling link") << replace("{\"node\":\"leaf1\",\"port\":\"Ethernet0\"}", "{\"node\":\"leafX\",\"port\":\"Ethernet0\"}") << 0 << 0 << "/links/0/a/node" << "leafX";
    }
    void jsonErrors()
    {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, path);
        QFETCH(QString, mentions);
        try {
            fabricFromJsonText(text.toStdString(), "bad.json");
            QFAIL("no error");
        } catch (const InputError& e) {
            const QString msg = QString::fromUtf8(e.what());
            QCOMPARE(QString::fromStdString(e.where().file), QString("bad.json"));
            if (line > 0) {
                QCOMPARE(e.where().line, line);
                QCOMPARE(e.where().column, column);
            } else if (line == 0) {
                QVERIFY2(e.where().line > 0, qPrintable(msg));
            }
            if (!path.isEmpty())
                QCOMPARE(QString::fromStdString(e.where().path), path);
            QVERIFY2(msg.contains(mentions), qPrintable(msg));
            QVERIFY2(msg.startsWith("bad.json:"), qPrintable(msg));
        }
    }

    void projectRevisions()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("p.lfp").toStdString();
        Fabric f = exampleFabric();
        {
            auto store = ProjectStore::openOrCreate(path);
            QCOMPARE(store.save(f, "alice", "first"), 1);
            f.nodes[0].ports[0].speed = BitsPerSecond(100'000'000'000);
            f.links.pop_back();
            f.nodes.push_back(Node { "spine3", Role::Spine, "net01", "NVIDIA", "SN4700", "spectrum-3", {}, 0, {} });
            QCOMPARE(store.save(f, "bob", "second"), 2);
        }
        auto store = ProjectStore::open(path);
        const auto revs = store.revisions();
        QCOMPARE(revs.size(), std::size_t(2));
        QCOMPARE(revs[0].author, std::string("alice"));
        QCOMPARE(revs[1].message, std::string("second"));
        QCOMPARE(revs[1].nodes, std::size_t(23));
        QVERIFY(revs[0].time.size() == 20 && revs[0].time.back() == 'Z');
        QVERIFY(store.load(1) == exampleFabric());
        QVERIFY(store.load() == f);
        QVERIFY_THROWS_EXCEPTION(InputError, (void)store.load(7));

        const auto changes = diffFabrics(store.load(1), store.load(2));
        bool addedNode = false, removedLink = false, changedSpeed = false;
        for (const auto& c : changes) {
            if (c.kind == ObjectChange::Kind::Added && c.objectType == "node" && c.id == "spine3")
                addedNode = true;
            if (c.kind == ObjectChange::Kind::Removed && c.objectType == "link")
                removedLink = true;
            if (c.kind == ObjectChange::Kind::Changed && c.objectType == "port" && c.id == "spine1:Ethernet0") {
                QCOMPARE(c.fields.size(), std::size_t(1));
                QCOMPARE(c.fields[0].field, std::string("speed"));
                QCOMPARE(c.fields[0].before, std::string("\"400G\""));
                QCOMPARE(c.fields[0].after, std::string("\"100G\""));
                changedSpeed = true;
            }
        }
        QVERIFY(addedNode);
        QVERIFY(removedLink);
        QVERIFY(changedSpeed);
        QCOMPARE(changes.size(), std::size_t(3));
    }

    void diffPolicyFieldByField()
    {
        Fabric a = exampleFabric();
        Fabric b = a;
        b.policies[0].dscpToTc[24] = 3;
        b.policies[0].ecn[0].kmin = Bytes(100000);
        const auto changes = diffFabrics(a, b);
        QCOMPARE(changes.size(), std::size_t(1));
        QCOMPARE(changes[0].objectType, std::string("policy"));
        QCOMPARE(changes[0].fields.size(), std::size_t(2));
    }

    void diffMatchesPolicyEntriesByIdentity()
    {
        Fabric a = exampleFabric();
        Fabric b = a;
        QosPolicy& p = b.policies[0];
        // A new ETS queue 4 between queue 3 and the strict CNP queue 6: one added entry, not index shifts.
        auto at = std::find_if(p.ets.begin(), p.ets.end(), [](const EtsQueue& e) { return e.queue == 6; });
        QVERIFY(at != p.ets.end());
        p.ets.insert(at, EtsQueue { 4, SchedulerMode::Dwrr, 25 });
        p.classes.push_back(TrafficClass { 4, "RoCE-2" });
        p.ecn[0].kmin = Bytes(100000);
        b.links[0].length = Metres(300);
        const auto changes = diffFabrics(a, b);
        const ObjectChange* pol = nullptr;
        const ObjectChange* link = nullptr;
        for (const auto& c : changes) {
            if (c.objectType == "policy")
                pol = &c;
            if (c.objectType == "link")
                link = &c;
        }
        QVERIFY(pol && link);
        std::map<std::string, const FieldChange*> byField;
        for (const auto& f : pol->fields)
            byField[f.field] = &f;
        QCOMPARE(pol->fields.size(), std::size_t(3));
        QVERIFY(byField.count("ets[queue=4]"));
        QVERIFY(byField["ets[queue=4]"]->before.empty());
        QVERIFY(byField["ets[queue=4]"]->beforeValue.is_null());
        QCOMPARE(byField["ets[queue=4]"]->afterValue["weight"].get<int>(), 25);
        QVERIFY(byField.count("classes[id=4]"));
        QVERIFY(byField.count("ecn[name=" + p.ecn[0].name + "]/kmin"));
        QVERIFY(byField["ecn[name=" + p.ecn[0].name + "]/kmin"]->afterValue.is_number()); // typed, not text
        for (const auto& f : pol->fields)
            QVERIFY2(f.field.rfind("ets/", 0) != 0, f.field.c_str()); // no index paths
        QCOMPARE(link->fields.size(), std::size_t(1));
        QCOMPARE(link->fields[0].afterValue, nlohmann::json("300m"));
        QCOMPARE(link->fields[0].after, std::string("\"300m\"")); // the text form keeps JSON quoting
    }

    void refusesForeignFiles_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("text") << QByteArray("hello, this is not a project\n") << "not an SQLite";
        QTest::newRow("empty sqlite db of another program") << QByteArray() << "not a Lossless Fabric Planner project";
        QTest::newRow("truncated header") << QByteArray("SQLite format 3\0garbage-garbage-garbage", 40) << "";
    }
    void refusesForeignFiles()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, mentions);
        QTemporaryDir dir;
        const QString path = dir.filePath("foreign.lfp");
        if (content.isEmpty()) {
            sqlite3* db = nullptr;
            QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
            QCOMPARE(sqlite3_exec(db, "CREATE TABLE t(x); INSERT INTO t VALUES(1);", nullptr, nullptr, nullptr), SQLITE_OK);
            sqlite3_close(db);
        } else {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(content);
        }
        const QByteArray before = fileHash(path);
        for (bool writable : { false, true }) {
            try {
                (void)ProjectStore::open(path.toStdString(), writable);
                QFAIL("opened a foreign file");
            } catch (const InputError& e) {
                QVERIFY2(QString::fromUtf8(e.what()).contains(mentions), e.what());
            }
        }
        // Saving onto it is refused too, and the file is byte-for-byte unchanged.
        QVERIFY_THROWS_EXCEPTION(InputError, saveFabricFile(exampleFabric(), path.toStdString(), "x", "y"));
        QVERIFY_THROWS_EXCEPTION(InputError, (void)loadFabricFile(path.toStdString()));
        QCOMPARE(fileHash(path), before);
    }

    void refusesCorruptProject()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("c.lfp");
        saveFabricFile(exampleFabric(), path.toStdString(), "one", "t");
        // Overwrite every page after the first with garbage.
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadWrite));
            QVERIFY(f.size() > 8192);
            const qint64 size = f.size();
            f.seek(4096);
            f.write(QByteArray(size - 4096, '\xAB'));
        }
        const QByteArray before = fileHash(path);
        // Either the database structure is found damaged on open, or the revision's checksum on load.
        try {
            auto store = ProjectStore::open(path.toStdString(), true);
            (void)store.load();
            QFAIL("loaded a corrupt project");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains("corrupt"), e.what());
        }
        QCOMPARE(fileHash(path), before);
    }

    void refusesNewerProject()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("n.lfp");
        saveFabricFile(exampleFabric(), path.toStdString(), "one", "t");
        sqlite3* db = nullptr;
        QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
        QCOMPARE(sqlite3_exec(db, "PRAGMA user_version = 42;", nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
        const QByteArray before = fileHash(path);
        try {
            (void)ProjectStore::open(path.toStdString(), true);
            QFAIL("opened a newer project");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains("newer"), e.what());
        }
        QCOMPARE(fileHash(path), before);
    }

    void failedSaveKeepsLastRevision()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("s.lfp").toStdString();
        saveFabricFile(exampleFabric(), path, "one", "t");
        // Another connection holds the write lock: our save must fail cleanly (busy), leaving revision 1.
        sqlite3* other = nullptr;
        QCOMPARE(sqlite3_open(path.c_str(), &other), SQLITE_OK);
        QCOMPARE(sqlite3_exec(other, "BEGIN IMMEDIATE;", nullptr, nullptr, nullptr), SQLITE_OK);
        {
            auto store = ProjectStore::open(path, true);
            Fabric f = exampleFabric();
            f.name = "changed";
            bool threw = false;
            try {
                store.save(f, "t", "two");
            } catch (const InputError& e) {
                threw = true;
                QVERIFY2(QString::fromUtf8(e.what()).contains("in use"), e.what());
            }
            QVERIFY(threw);
        }
        sqlite3_exec(other, "ROLLBACK;", nullptr, nullptr, nullptr);
        sqlite3_close(other);
        auto store = ProjectStore::open(path);
        QCOMPARE(store.revisions().size(), std::size_t(1));
        QVERIFY(store.load() == exampleFabric());
    }

    void jsonWriteIsAtomic()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("f.json").toStdString();
        writeFabricJson(exampleFabric(), path);
        const QByteArray before = fileHash(QString::fromStdString(path));
        // Writing into a directory that does not exist fails and leaves nothing behind.
        QVERIFY_THROWS_EXCEPTION(InputError, writeFabricJson(exampleFabric(), dir.filePath("nope/f.json").toStdString()));
        QCOMPARE(fileHash(QString::fromStdString(path)), before);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
    }

    void jsonFileWrittenInPiecesIsTheTextsBytes()
    {
        // writeFabricJson writes 1 MiB pieces (a k=24 fat-tree's file is several); the file must be
        // fabricToJsonText's bytes, and no temporary file may be left beside it.
        QTemporaryDir dir;
        const Fabric f = generateFatTree(24);
        const std::string text = fabricToJsonText(f);
        QVERIFY(text.size() > (std::size_t(3) << 20));
        const std::string path = dir.filePath("big.json").toStdString();
        writeFabricJson(f, path);
        QCOMPARE(readWholeFile(path), text);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
    }

    void atomicFileWriterWithoutCommitLeavesTheOldFile()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("f.txt").toStdString();
        writeFileAtomically(path, "old");
        {
            AtomicFileWriter w(path);
            w.write("new, ");
            w.write("half written");
        } // destroyed without commit(): an exception or a cancel
        QCOMPARE(readWholeFile(path), std::string("old"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
        {
            AtomicFileWriter w(path);
            w.write("new, ");
            w.write("whole");
            w.commit();
        }
        QCOMPARE(readWholeFile(path), std::string("new, whole"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
    }

    void validateFindsStructuralProblems()
    {
        Fabric f = exampleFabric();
        f.nodes[1].name = f.nodes[0].name;
        f.links.push_back(f.links[0]);
        const auto problems = f.validate();
        QVERIFY(problems.size() >= 2);
    }

    // The reader refuses what validate() finds, at the field, with file:line:column.
    void readerRefusesStructuralProblems_data()
    {
        QTest::addColumn<int>("mistake");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("two bindings of one role") << 0 << "/bindings/4/role" << "one binding per role";
        QTest::newRow("two overrides of one port") << 1 << "/overrides/1/port" << "one override per port";
        QTest::newRow("duplicate node") << 2 << "/nodes/1/name" << "used once";
        QTest::newRow("duplicate port") << 3 << "/nodes/0/ports/1/name" << "used once";
        QTest::newRow("port on two links") << 4 << "/links/24/a" << "on one link";
        QTest::newRow("self-link") << 5 << "/links/24" << "to itself";
    }
    void readerRefusesStructuralProblems()
    {
        QFETCH(int, mistake);
        QFETCH(QString, path);
        QFETCH(QString, mentions);
        Fabric f = exampleFabric();
        QCOMPARE(f.bindings.size(), std::size_t(4));
        QCOMPARE(f.links.size(), std::size_t(24));
        switch (mistake) {
        case 0:
            f.policies.push_back(f.policies.front());
            f.policies.back().name = "other";
            f.bindings.push_back({ Role::Leaf, "other" });
            break;
        case 1:
            f.overrides.push_back({ f.links[0].a, f.policies.front().name });
            f.overrides.push_back({ f.links[0].a, f.policies.front().name });
            break;
        case 2:
            f.nodes[1].name = f.nodes[0].name;
            break;
        case 3:
            f.nodes[0].ports[1].name = f.nodes[0].ports[0].name;
            break;
        case 4:
            f.links.push_back({ f.links[0].a, f.links[1].b });
            break;
        case 5:
            f.nodes[0].ports.push_back(f.nodes[0].ports.back());
            f.nodes[0].ports.back().name = "Ethernet999";
            f.links.push_back({ { f.nodes[0].name, "Ethernet999" }, { f.nodes[0].name, "Ethernet999" } });
            break;
        }
        QVERIFY(!f.validate().empty());
        const std::string text = fabricToJsonText(f);
        try {
            (void)fabricFromJsonText(text, "bad.json");
            QFAIL("the reader accepted it");
        } catch (const InputError& e) {
            const QString msg = QString::fromUtf8(e.what());
            QCOMPARE(QString::fromStdString(e.where().path), path);
            QVERIFY2(e.where().line > 0, qPrintable(msg));
            QVERIFY2(msg.contains(mentions), qPrintable(msg));
        }
    }

    // ---- the index: the one rule for the policy of a port
    void indexPolicyRule()
    {
        Fabric f = exampleFabric();
        QosPolicy other = f.policies.front();
        other.name = "other";
        f.policies.push_back(other);
        const Endpoint overridden = f.links[0].a;
        f.overrides.push_back({ overridden, "other" });
        f.overrides.push_back({ { "nosuch", "Ethernet0" }, "other" }); // stale: applies to nothing
        const FabricIndex idx(f);
        QCOMPARE(idx.nodeCount(), f.nodes.size());
        QCOMPARE(idx.portCount(), f.portCount());
        const auto p = idx.port(overridden);
        QVERIFY(p);
        QCOMPARE(idx.policyAt(*p)->name, std::string("other"));
        QCOMPARE(idx.policySourceAt(*p), PolicySource::Override);
        // Every other port: the role binding.
        for (PortId q = 0; q < idx.portCount(); ++q) {
            if (q == *p)
                continue;
            const Node& n = idx.nodeAt(idx.nodeOf(q));
            const RoleBinding* b = idx.bindingFor(n.role);
            QVERIFY(b);
            QCOMPARE(idx.policyAt(q), idx.findPolicy(b->policy));
            QCOMPARE(idx.policySourceAt(q), PolicySource::RoleBinding);
        }
        // Links and peers.
        for (std::size_t l = 0; l < f.links.size(); ++l) {
            const auto a = idx.port(f.links[l].a), b = idx.port(f.links[l].b);
            QVERIFY(a && b);
            QCOMPARE(*idx.linkAt(*a), LinkId(l));
            QCOMPARE(*idx.peer(*a), *b);
            QCOMPARE(*idx.peer(*b), *a);
            QCOMPARE(idx.endpoint(*a), f.links[l].a);
        }
        // No binding for a role: no policy, source None.
        f.bindings.erase(std::remove_if(f.bindings.begin(), f.bindings.end(), [](const RoleBinding& b) { return b.role == Role::Host; }), f.bindings.end());
        const FabricIndex idx2(f);
        for (PortId q = 0; q < idx2.portCount(); ++q)
            if (idx2.nodeAt(idx2.nodeOf(q)).role == Role::Host) {
                QVERIFY(!idx2.policyAt(q));
                QCOMPARE(idx2.policySourceAt(q), PolicySource::None);
            }
    }

    void objectRefTextForms_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("canonical");
        QTest::addColumn<int>("kind");
        QTest::newRow("node") << "leaf1" << "leaf1" << int(ObjectRef::Kind::Node);
        QTest::newRow("node prefixed") << "node:leaf1" << "leaf1" << int(ObjectRef::Kind::Node);
        QTest::newRow("port") << "leaf1:Ethernet0" << "leaf1:Ethernet0" << int(ObjectRef::Kind::Port);
        QTest::newRow("port with slash and colon") << "sw:Ethernet1/1:2" << "sw:Ethernet1/1:2" << int(ObjectRef::Kind::Port);
        QTest::newRow("port prefixed") << "port:leaf1:Ethernet0" << "leaf1:Ethernet0" << int(ObjectRef::Kind::Port);
        QTest::newRow("link") << "link:leaf1:Ethernet0" << "link:leaf1:Ethernet0" << int(ObjectRef::Kind::Link);
        QTest::newRow("policy") << "policy:roce-lossless" << "policy:roce-lossless" << int(ObjectRef::Kind::Policy);
        QTest::newRow("role") << "role:tor" << "role:leaf" << int(ObjectRef::Kind::Role);
    }
    void objectRefTextForms()
    {
        QFETCH(QString, text);
        QFETCH(QString, canonical);
        QFETCH(int, kind);
        const auto r = ObjectRef::parse(text.toStdString());
        QVERIFY(r);
        QCOMPARE(int(r->kind), kind);
        QCOMPARE(QString::fromStdString(r->toString()), canonical);
        QCOMPARE(*ObjectRef::parse(r->toString()), *r); // the canonical form reads back
    }
    void objectRefRefuses()
    {
        std::string why;
        for (const char* bad : { "", "link:leaf1", "role:boss", "policy:", "port::x", "node:a:b" }) {
            QVERIFY2(!ObjectRef::parse(bad, &why), bad);
            QVERIFY(!why.empty());
        }
        QVERIFY(ObjectRef::parse("role:boss", &why) == std::nullopt);
        QVERIFY(why.find("super-spine|spine|leaf|host") != std::string::npos);
    }

    /// Findings' objects (issue 30): every kind a finding names writes a text that fromText() reads back
    /// to the same typed reference, also for names with ':', " -- ", " -> " or a prefix word.
    void findingObjectsRoundTrip()
    {
        const std::string ib = "MF0;sw:MQM8700/U1";
        const std::vector<ObjectRef> refs {
            ObjectRef::forNode("leaf1"),
            ObjectRef::forNode(ib),
            ObjectRef::forNode("fabric"), // a node so named is not the fabric
            ObjectRef::forNode("a -- b"),
            ObjectRef::forPort({ ib, "1" }),
            ObjectRef::forPort({ "set", "x" }), // a node named like the set prefix
            ObjectRef::forLink({ "leaf1", "Ethernet0" }),
            ObjectRef::forLink({ "leaf1", "Ethernet0" }, { "spine1", "Ethernet8" }),
            ObjectRef::forLink({ ib, "3" }, { "S0002c9:x", "12" }),
            ObjectRef::forPolicy("roce-lossless"),
            ObjectRef::forRole(Role::Spine),
            ObjectRef::forFabric(),
            ObjectRef::forContractSet("nvidia-connectx"),
            ObjectRef::forHostPair("gpu01", "gpu17"),
            ObjectRef::forHostPair(ib, "h:2"),
            ObjectRef::forText("\"unterminated quote"),
        };
        for (const auto& r : refs) {
            const std::string text = r.toString();
            QCOMPARE(ObjectRef::fromText(text), r);
            QVERIFY2(r == text, text.c_str());
        }
        // The text of the common kinds is what findings always wrote (goldens and scripts read it).
        QCOMPARE(refs[0].toString(), std::string("leaf1"));
        QCOMPARE(refs[4].toString(), std::string("\"MF0;sw:MQM8700/U1\":1"));
        QCOMPARE(refs[7].toString(), std::string("leaf1:Ethernet0 -- spine1:Ethernet8"));
        QCOMPARE(refs[11].toString(), std::string("fabric"));
        QCOMPARE(refs[12].toString(), std::string("set:nvidia-connectx"));
        QCOMPARE(refs[13].toString(), std::string("gpu01 -> gpu17"));
        QCOMPARE(refs[2].toString(), std::string("\"fabric\""));
        // Ordered as their texts, so findings sort as they did when objects were text.
        std::vector<ObjectRef> sorted = refs;
        std::sort(sorted.begin(), sorted.end());
        QVERIFY(std::is_sorted(sorted.begin(), sorted.end(), [](const ObjectRef& a, const ObjectRef& b) { return a.toString() < b.toString(); }));
        QCOMPARE(fmt::format("{}", fmt::join(std::vector<ObjectRef> { refs[0], refs[9] }, ", ")), std::string("leaf1, policy:roce-lossless"));
    }

    void enumNamesRoundTrip()
    {
        for (const auto& e : EnumNames<Fec>::entries) {
            QCOMPARE(*enumFromName<Fec>(e.name), e.value);
            QCOMPARE(std::string(toString(e.value)), std::string(e.name));
        }
        QCOMPARE(std::string(enumLabel(Fec::Rs544)), std::string("RS-FEC (544,514)"));
        QCOMPARE(*mediumFromString("fiber"), Medium::Fibre);
        QCOMPARE(*roleFromString("tor"), Role::Leaf);
        QCOMPARE(enumNameList<Medium>(), std::string("dac|aoc|fibre|unknown"));
        QVERIFY(!fecFromString("rs-fec"));
    }

    void fieldAccess()
    {
        Fabric f = exampleFabric();
        const Endpoint e = f.links[0].a;
        const auto link = ObjectRef::forLink(e);
        setField(f, link, "length", "300m");
        QCOMPARE(getField(f, link, "length"), std::string("300m"));
        QCOMPARE(f.links[0].length.value(), 300.0);
        setField(f, link, "medium", "fiber");
        QCOMPARE(f.links[0].medium, Medium::Fibre);
        setField(f, link, "fibre", "om4");
        QCOMPARE(f.links[0].fibre, FibreType::Om4);
        QCOMPARE(getField(f, link, "fibre"), std::string("om4"));
        const auto port = ObjectRef::forPort(e);
        setField(f, port, "speed", "100G");
        QCOMPARE(getField(f, port, "speed"), std::string("100G"));
        setField(f, port, "policy", f.policies.front().name);
        QCOMPARE(f.overrides.size(), std::size_t(1));
        setField(f, port, "policy", "");
        QVERIFY(f.overrides.empty());
        const Fabric before = f;
        for (auto [obj, field, value] : { std::tuple { port, "speed", "100Gb" }, std::tuple { port, "mtu", "9" }, std::tuple { link, "medium", "copper" },
                 std::tuple { port, "colour", "red" }, std::tuple { ObjectRef::forNode("nosuch"), "rack", "r1" },
                 std::tuple { ObjectRef::forRole(Role::Leaf), "policy", "nosuch" } }) {
            try {
                setField(f, obj, field, value);
                QFAIL(qPrintable(QString("accepted %1=%2").arg(field, value)));
            } catch (const std::invalid_argument& x) {
                QVERIFY2(std::string(x.what()).find(obj.toString()) != std::string::npos, x.what());
            }
        }
        QVERIFY(f == before); // a refused value changes nothing
    }

    void searchDevicesAndPorts()
    {
        const Fabric f = exampleFabric();
        const FabricIndex idx(f);
        // Exact first, then prefix, then anywhere; case ignored.
        auto r = searchObjects(idx, "LEAF1");
        QVERIFY(!r.objects.empty());
        QCOMPARE(QString::fromStdString(r.objects.front().toString()), QStringLiteral("leaf1"));
        r = searchObjects(idx, "leaf");
        QCOMPARE(r.total, std::size_t(4));
        // A role name finds the nodes of that role (issue 38: `lfp find host`), each once.
        r = searchObjects(idx, "HOST");
        QCOMPARE(r.total, std::size_t(16));
        QCOMPARE(QString::fromStdString(r.objects.front().toString()), QStringLiteral("gpu01"));
        // "node:port" finds ports of matching nodes only.
        r = searchObjects(idx, "leaf1:Ethernet0");
        QCOMPARE(r.objects.front().kind, ObjectRef::Kind::Port);
        QCOMPARE(QString::fromStdString(r.objects.front().toString()), QStringLiteral("leaf1:Ethernet0"));
        for (const auto& o : searchObjects(idx, "leaf2:").objects)
            QVERIFY(o.kind == ObjectRef::Kind::Port && o.node == "leaf2");
        // A port name alone finds that port on every device that has it, after device names.
        r = searchObjects(idx, "Ethernet0");
        QVERIFY(r.total >= 4);
        QCOMPARE(r.objects.front().kind, ObjectRef::Kind::Port);
        QCOMPARE(searchObjects(idx, "nosuch").total, std::size_t(0));
        QCOMPARE(searchObjects(idx, "").total, std::size_t(0));
        // The limit caps the list, not the count.
        r = searchObjects(idx, "e", 3);
        QCOMPARE(r.objects.size(), std::size_t(3));
        QVERIFY(r.total > 3);
    }

    void bufferSettingsAreTyped()
    {
        // Read from "buffer.*" attributes into typed fields, written back in canonical text (issue 8).
        Fabric f = exampleFabric();
        const auto sw = ObjectRef::forNode(f.nodes[0].name);
        setField(f, sw, "buffer.over_subscribe_ratio", "1.5");
        setField(f, sw, "buffer.max_headroom_size", "300KiB");
        setField(f, sw, "buffer.gearbox_delay", "0.4us");
        QCOMPARE(f.nodes[0].buffer.overSubscribeRatio.value_or(-1), 1.5);
        QCOMPARE(f.nodes[0].buffer.maxHeadroomSize->value(), std::int64_t(307200));
        QCOMPARE(getField(f, sw, "buffer.gearbox_delay"), std::string("400ns"));
        QVERIFY(f.nodes[0].attributes.empty());
        const std::string text = fabricToJsonText(f);
        QVERIFY(text.find("\"buffer.max_headroom_size\":\"307200\"") != std::string::npos);
        const Fabric g = fabricFromJsonText(text);
        QVERIFY(g == f);
        QVERIFY(strictFabricFromJsonText(text) == f);
        QVERIFY(g.nodes[0].attributes.empty()); // typed, not left as free-form attributes
        // An empty value removes the setting; a bad one is refused and changes nothing.
        setField(f, sw, "buffer.over_subscribe_ratio", "");
        QVERIFY(!f.nodes[0].buffer.overSubscribeRatio);
        const Fabric before = f;
        for (auto [field, value] : { std::pair { "buffer.lossless_mtu", "63" }, std::pair { "buffer.sonic_release", "2019" },
                 std::pair { "buffer.small_packet_percentage", "50.5" }, std::pair { "buffer.over_subscribe_ratio", "-1" } }) {
            try {
                setField(f, sw, field, value);
                QFAIL(qPrintable(QString("accepted %1=%2").arg(field, value)));
            } catch (const std::invalid_argument&) {
            }
        }
        QVERIFY(f == before);
    }

    // Issue 13: the writers emit nodes, ports and links without a JSON document; the bytes must be
    // exactly what the DOM gave (a project revision's checksum is over these bytes).
    void writersWithoutDomGiveTheDomBytes()
    {
        auto referencePretty = [](const Fabric& f) { // the writer before issue 13, from the DOM
            nlohmann::json j = fabricToJson(f);
            nlohmann::json nodes = std::move(j["nodes"]), links = std::move(j["links"]);
            j.erase("nodes");
            j.erase("links");
            std::string out = "{\n";
            bool first = true;
            auto key = [&](const std::string& k) {
                out += first ? "  " : ",\n  ";
                first = false;
                out += nlohmann::json(k).dump() + ": ";
            };
            auto indented = [](const nlohmann::json& v) {
                std::string r;
                for (char c : v.dump(2)) {
                    r += c;
                    if (c == '\n')
                        r += "  ";
                }
                return r;
            };
            for (const char* k : { "format", "version", "name", "description", "asics", "policies", "ib_qos", "bindings", "overrides" })
                if (j.contains(k)) {
                    key(k);
                    out += indented(j[k]);
                }
            key("nodes");
            out += "[";
            for (std::size_t i = 0; i < nodes.size(); ++i) {
                nlohmann::json ports = std::move(nodes[i]["ports"]);
                nodes[i].erase("ports");
                std::string head = nodes[i].dump();
                head.pop_back();
                out += i ? ",\n    " : "\n    ";
                out += head + ", \"ports\": [";
                for (std::size_t p = 0; p < ports.size(); ++p)
                    out += (p ? ",\n      " : "\n      ") + ports[p].dump();
                out += ports.empty() ? "]}" : "\n    ]}";
            }
            out += nodes.empty() ? "]" : "\n  ]";
            key("links");
            out += "[";
            for (std::size_t i = 0; i < links.size(); ++i)
                out += (i ? ",\n    " : "\n    ") + links[i].dump();
            out += links.empty() ? "]" : "\n  ]";
            out += "\n}\n";
            return out;
        };
        Fabric f = generateFatTree(4);
        f.description = "tricky \"quoted\" \\ text, caf\u00e9";
        Node& n = f.nodes.front();
        n.rack = "r\"1";
        n.vendor = "V\u00e9ndor";
        n.model = "M\\1";
        n.guid = 0x0002c90300000001ULL;
        n.attributes = { { "z", "last" }, { "a\"b", "caf\u00e9" }, { "import.speed_assumed.eth0", "peer" } };
        n.buffer.overSubscribeRatio = 2; // typed settings are written among the attributes, in key order
        n.buffer.sonicRelease = SonicRelease::Legacy;
        f.nodes[1].buffer.gearboxDelay = Nanoseconds(400); // a node with settings and no attributes
        f.links.front().medium = Medium::Fibre; // issue 14's fibre type and InfiniBand QoS policies
        f.links.front().fibre = FibreType::Om4;
        f.ibQos.push_back(IbQosPolicy {});
        f.ibQos.back().name = "default";
        f.ibQos.back().operVls = 4;
        for (int sl = 0; sl < kIbServiceLevels; ++sl)
            f.ibQos.back().sl2vl[static_cast<std::size_t>(sl)] = sl % 4;
        n.ports.front().breakoutParent = "Ethernet0";
        for (auto& l : f.links)
            for (Endpoint* e : { &l.a, &l.b })
                if (e->node == n.name && e->port == n.ports.front().name)
                    e->port = "eth\u00e90";
        n.ports.front().name = "eth\u00e90";
        Node bare;
        bare.name = "no-ports";
        bare.role = Role::Host;
        bare.asic.clear();
        f.nodes.push_back(bare);
        f.overrides.push_back({ { f.nodes[1].name, f.nodes[1].ports.front().name }, f.policies.front().name });
        QCOMPARE(fabricToCompactJsonText(f), fabricToJson(f).dump());
        QCOMPARE(fabricToJsonText(f), referencePretty(f));
        const Fabric empty;
        QCOMPARE(fabricToCompactJsonText(empty), fabricToJson(empty).dump());
        QCOMPARE(fabricToJsonText(empty), referencePretty(empty));
        QVERIFY(fabricFromJsonText(fabricToJsonText(f)) == f);
    }
};

QTEST_GUILESS_MAIN(TestModel)
#include "tst_model.moc"
