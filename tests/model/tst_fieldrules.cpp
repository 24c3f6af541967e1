// SPDX-License-Identifier: GPL-3.0-or-later
// One rule per field (issues 30 and 36): every value the edit path (model/fieldaccess.h, behind `lfp set`
// and the GUI inspector) accepts is written and read back unchanged by both readers; what a reader
// refuses, the edit path and the save gate refuse too, with the reader's words.
#ifndef Q_MOC_RUN
#include "model/errors.h"
#include "model/fabricindex.h"
#include "model/fabricjson.h"
#include "model/fieldaccess.h"
#include "model/fielddescriptor.h"
#include "model/fieldrules.h"
#include "model/generators.h"
#include "model/objectref.h"
#include "model/projectstore.h"

#include <QDir>
#include <QFile>
#include <algorithm>
#include <QTemporaryDir>
#include <QtTest>
#include <fmt/format.h>
#include <stdexcept>
#endif

using namespace lfp;

namespace {

/// Values tried on every field: valid forms of each kind of field, the edges of their ranges, and
/// what the readers refuse (control characters, a bidi override, DEL, ill-formed UTF-8, NUL).
const std::vector<std::string>& sampleValues()
{
    static const std::vector<std::string> v {
        "", "0", "1", "3", "7", "8", "16", "17", "26", "63", "64", "67", "68", "100", "101", "1500", "9100", "65535", "65536",
        "-1", "2147483648", "99999999999999999999", "1e3", "0.5", "0.1", "1", "1.5",
        "100G", "400G", "2.5G", "0G", "0.5M", "1M", "100T", "101T", "fast",
        "3m", "0m", "2.5m", "1000km", "1001km", "300m",
        "200ms", "400us", "0ns", "2h", "150000", "150KB", "1.5MiB", "2TiB",
        "true", "false", "strict", "3,4", "3,3", "8,1", "dscp", "pcp", "drop", "alert",
        "leaf", "spine", "host", "fibre", "dac", "om4", "rs544", "none",
        "buffer", "head", "legacy", "160KiB",
        "rack 7", "Mellanox", "MF0;sw:MQM8700/U1", "caf\xc3\xa9",
        std::string("a\nb"), std::string("a\x1b[31mb"), "a\xe2\x80\xae" "b", std::string("a\x7f"), std::string("\xff"),
        std::string("a\tb"), std::string("a\0b", 3), std::string("a\rb"),
    };
    return v;
}

/// An object of each kind in @p f to edit.
ObjectRef objectOf(const Fabric& f, ObjectRef::Kind kind)
{
    const Node& n = f.nodes.front();
    switch (kind) {
    case ObjectRef::Kind::Node:
        return ObjectRef::forNode(n.name);
    case ObjectRef::Kind::Port:
        return ObjectRef::forPort({ n.name, n.ports.front().name });
    case ObjectRef::Kind::Link:
        return ObjectRef::forLink(f.links.front().a);
    case ObjectRef::Kind::Role:
        return ObjectRef::forRole(Role::Leaf);
    case ObjectRef::Kind::Policy:
        return ObjectRef::forPolicy(f.policies.front().name);
    }
    return {};
}

/// The field names to try for one entry: indexed policy fields at a low, a middle and the top index.
std::vector<std::string> namesOf(const FieldDescriptor& fi)
{
    const std::string n = fi.name;
    if (n.size() > 2 && n[n.size() - 2] == '.' && n.back() >= 'A' && n.back() <= 'Z') {
        const std::string base = n.substr(0, n.size() - 1);
        return n.back() == 'D' ? std::vector<std::string> { base + "0", base + "26", base + "63" } : std::vector<std::string> { base + "0", base + "3", base + "7" };
    }
    return { n };
}

} // namespace

class TestFieldRules : public QObject {
    Q_OBJECT

private slots:
    /// The property of issue 30: every field × every sample value that setField accepts passes the
    /// save gate and survives write → read (the fast reader and the strict one) with the same value.
    void everyAcceptedValueReadsBack()
    {
        const Fabric base = exampleFabric();
        QVERIFY(!fabricWriteProblem(base));
        int accepted = 0, refused = 0;
        for (const auto& fi : editableFields()) {
            for (const auto& field : namesOf(fi)) {
                for (const auto& value : sampleValues()) {
                    Fabric f = base;
                    const ObjectRef o = objectOf(f, fi.kind);
                    try {
                        setField(f, o, field, value);
                    } catch (const std::invalid_argument&) {
                        ++refused;
                        QVERIFY2(f == base, qPrintable(QString::fromStdString(fmt::format("{} {}: refused but changed", o.toString(), field))));
                        continue;
                    }
                    ++accepted;
                    const std::string what = fmt::format("{} {}={:?}", o.toString(), field, value);
                    const auto problem = fabricWriteProblem(f);
                    QVERIFY2(!problem, qPrintable(QString::fromStdString(what + ": " + (problem ? problem->message : std::string()))));
                    const std::string text = fabricToJsonText(f);
                    Fabric fast, strict;
                    try {
                        fast = fabricFromJsonText(text);
                        strict = strictFabricFromJsonText(text);
                    } catch (const InputError& e) {
                        QFAIL(qPrintable(QString::fromStdString(what + ": accepted, but the reader refuses it: " + e.what())));
                    }
                    QVERIFY2(fast == f, what.c_str());
                    QVERIFY2(strict == f, what.c_str());
                    const ObjectRef after = refAfterSet(o, field, value); // a rename names it anew
                    QCOMPARE(getField(fast, after, field), getField(f, after, field));
                }
            }
        }
        qInfo("%d values accepted and read back, %d refused", accepted, refused);
        QVERIFY(accepted > 300);
        QVERIFY(refused > 1000);
    }

    /// One descriptor per field (issue 30): its parse refuses exactly what its set refuses, with the
    /// same words; what it accepts, set stores and get gives back as parse's canonical text; an Integer
    /// field's range and a Choice field's names are the ones the edit path holds to.
    void descriptorsAgreeWithTheEditPath()
    {
        const Fabric base = exampleFabric();
        int checked = 0;
        for (const FieldDescriptor& fd : editableFields()) {
            QVERIFY2(fd.parse && fd.get && fd.set, fd.name.c_str());
            QVERIFY2(fd.value != FieldDescriptor::Value::Integer || fd.range, fd.name.c_str());
            QVERIFY2(fd.value != FieldDescriptor::Value::Choice || !fd.choices.empty(), fd.name.c_str());
            for (const auto& field : namesOf(fd)) {
                for (const auto& value : sampleValues()) {
                    Fabric f = base;
                    const ObjectRef o = objectOf(f, fd.kind);
                    const FieldParse p = fd.parse(value);
                    std::string setError;
                    try {
                        setField(f, o, field, value);
                    } catch (const std::invalid_argument& e) {
                        setError = e.what();
                    }
                    const std::string what = fmt::format("{} {}={:?}", o.toString(), field, value);
                    if (fd.name == "name" || fd.name == "policy") {
                        // Renames and bindings also depend on the fabric (a taken name, an unknown policy).
                        QVERIFY2(p.ok() || !setError.empty(), what.c_str());
                        continue;
                    }
                    QVERIFY2(p.ok() == setError.empty(), qPrintable(QString::fromStdString(what + ": parse \"" + p.error + "\", set \"" + setError + "\"")));
                    if (!p.ok()) {
                        QVERIFY2(setError.find(p.error) != std::string::npos, qPrintable(QString::fromStdString(what + ": " + setError + " / " + p.error)));
                        continue;
                    }
                    QCOMPARE(getField(f, o, field), p.value);
                    QVERIFY2(fd.parse(p.value).ok() && fd.parse(p.value).value == p.value, what.c_str()); // format(parse(x)) is a fixed point
                    if (fd.range && !p.value.empty())
                        QVERIFY2(fd.range->contains(std::stoll(p.value)), what.c_str());
                    if (fd.value == FieldDescriptor::Value::Choice && !p.value.empty())
                        QVERIFY2(std::find(fd.choices.begin(), fd.choices.end(), p.value) != fd.choices.end(), what.c_str());
                    ++checked;
                }
            }
        }
        qInfo("%d accepted values agree with their descriptors", checked);
        QVERIFY(checked > 300);
    }

    /// The property of issue 30 through the files themselves: every value `lfp set` accepts is saved
    /// into a project revision and a JSON file (the saves' gate runs) and reopens with the same value.
    void everyAcceptedValueSurvivesSaveAndReopen()
    {
        // On a memory file system when there is one: the saves' fsyncs cost nothing there, and the
        // code path (save gate, SQLite transaction, atomic rename) is the same.
        QTemporaryDir dir(QDir(QStringLiteral("/dev/shm")).exists() ? QStringLiteral("/dev/shm/lfp-fieldrules-XXXXXX") : QString());
        QVERIFY(dir.isValid());
        const std::string json = (dir.path() + QStringLiteral("/p.json")).toStdString();
        ProjectStore store = ProjectStore::openOrCreate((dir.path() + QStringLiteral("/p.lfp")).toStdString());
        const Fabric base = exampleFabric();
        int saved = 0;
        for (const auto& fi : editableFields()) {
            for (const auto& field : namesOf(fi)) {
                for (const auto& value : sampleValues()) {
                    Fabric f = base;
                    const ObjectRef o = objectOf(f, fi.kind);
                    try {
                        setField(f, o, field, value);
                    } catch (const std::invalid_argument&) {
                        continue;
                    }
                    const std::string what = fmt::format("{} {}={:?}", o.toString(), field, value);
                    const ObjectRef after = refAfterSet(o, field, value);
                    try {
                        const int rev = store.save(f, "test", what);
                        saveFabricFile(f, json);
                        const Fabric fromProject = store.load(rev);
                        const Fabric fromJson = loadFabricFile(json);
                        QVERIFY2(fromProject == f, what.c_str());
                        QVERIFY2(fromJson == f, what.c_str());
                        QCOMPARE(getField(fromProject, after, field), getField(f, after, field));
                    } catch (const InputError& e) {
                        QFAIL(qPrintable(QString::fromStdString(what + ": accepted, but saving or reopening fails: " + e.what())));
                    }
                    ++saved;
                }
            }
        }
        qInfo("%d accepted values saved and reopened", saved);
        QVERIFY(saved > 300);
    }

    /// Port MTU: one range, the readers'; `setField` refuses 64 with the readers' message.
    void portMtuHasOneRange()
    {
        Fabric f = exampleFabric();
        const ObjectRef port = objectOf(f, ObjectRef::Kind::Port);
        try {
            setField(f, port, "mtu", "64");
            QFAIL("mtu=64 accepted");
        } catch (const std::invalid_argument& e) {
            QVERIFY2(std::string(e.what()).find(rangeMessage(64, kPortMtuRange)) != std::string::npos, e.what());
        }
        setField(f, port, "mtu", "68");
        setField(f, port, "mtu", "65535");
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, setField(f, port, "mtu", "65536"));
        // The reader's message for the same value is the same text.
        std::string text = fabricToJsonText(exampleFabric());
        const auto at = text.find("\"mtu\":9100"); // ports are written compact, one per line
        QVERIFY(at != std::string::npos);
        text.replace(at, 10, "\"mtu\":64");
        try {
            (void)fabricFromJsonText(text);
            QFAIL("the reader accepted mtu 64");
        } catch (const InputError& e) {
            QVERIFY2(e.detail() == rangeMessage(64, kPortMtuRange), e.what());
        }
        // The field list shows the same range.
        QCOMPARE(std::string(findField(ObjectRef::Kind::Port, "mtu")->accepted), fmt::format("{}..{} bytes", kPortMtuRange.lo, kPortMtuRange.hi));
    }

    /// The save gate: a fabric changed behind the edit path (an importer, a structure edit, a bug) is
    /// refused before a byte is written, naming the object and the field; the file stays as it was.
    void saveGateRefusesWhatReadersRefuse_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("expected");
        QTest::newRow("mtu 64") << 0 << "found 64, expected a whole number from 68 to 65535";
        QTest::newRow("ESC in rack") << 1 << "U+001B";
        QTest::newRow("newline in a class name") << 2 << "newline";
        QTest::newRow("ill-formed UTF-8 in vendor") << 3 << "UTF-8";
        QTest::newRow("NUL in a port name") << 4 << "NUL";
        QTest::newRow("U+202E in a node name") << 5 << "bidirectional";
        QTest::newRow("lanes 0") << 6 << "found 0, expected a whole number from 1 to 16";
        QTest::newRow("speed 0") << 7 << "speed";
    }
    void saveGateRefusesWhatReadersRefuse()
    {
        QFETCH(int, which);
        QFETCH(QString, expected);
        Fabric f = exampleFabric();
        Node& n = f.nodes.front();
        switch (which) {
        case 0: n.ports.front().mtu = 64; break;
        case 1: n.rack = "r\x1b[2J"; break;
        case 2: f.policies.front().classes.push_back({ 5, "a\nb" }); break;
        case 3: n.vendor = "\xff"; break;
        case 4: n.ports.back().name = std::string("x\0y", 3); break;
        case 5: f.nodes.back().name = "host\xe2\x80\xae"; break;
        case 6: n.ports.front().lanes = 0; break;
        case 7: n.ports.front().speed = BitsPerSecond(0); break;
        }
        QTemporaryDir dir;
        const std::string lfp = dir.filePath("p.lfp").toStdString(), json = dir.filePath("f.json").toStdString();
        saveFabricFile(exampleFabric(), lfp, "one", "t");
        QFile file(QString::fromStdString(lfp));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray before = file.readAll();
        file.close();
        for (const auto& target : { lfp, json }) {
            try {
                saveFabricFile(f, target, "two", "t");
                QFAIL("saved");
            } catch (const InputError& e) {
                QVERIFY2(QString::fromStdString(e.what()).contains(expected), e.what());
                QVERIFY2(QString::fromStdString(e.what()).contains(QStringLiteral("nothing was saved")), e.what());
                QVERIFY2(!e.where().path.empty(), e.what());
            }
        }
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), before);
        QVERIFY(!QFile::exists(QString::fromStdString(json)));
    }

    /// Text fields take the readers' text rule: names one printable line, descriptions free text.
    void textFieldsFollowTheReaders()
    {
        Fabric f = exampleFabric();
        const ObjectRef node = objectOf(f, ObjectRef::Kind::Node), policy = objectOf(f, ObjectRef::Kind::Policy);
        for (const char* field : { "rack", "vendor", "model", "asic" })
            for (const std::string& bad : { std::string("a\nb"), std::string("\x1b"), std::string("a\xe2\x80\xae"), std::string("\x7f"), std::string("\xff") })
                QVERIFY_THROWS_EXCEPTION(std::invalid_argument, setField(f, node, field, bad));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, setField(f, policy, "class.3", "a\tb"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, setField(f, policy, "description", "\x1b[31m"));
        setField(f, policy, "description", "two lines\nand a\ttab"); // free text, as the reader allows
        QVERIFY(!fabricWriteProblem(f));
    }

    /// Columns count characters in every reader: a bad value after "é" is at the same column in the
    /// fabric reader and in an importer's CSV (docs/formats/limits.md).
    void columnsCountCharacters()
    {
        try {
            (void)fabricFromJsonText("{\"format\": \"lfp-fabric\", \"version\": 1, \"name\": \"\xc3\xa9\", \"nodes\": x}");
            QFAIL("accepted");
        } catch (const InputError& e) {
            // The 'x' is the 62nd character (63rd byte).
            QCOMPARE(e.where().column, 62);
        }
    }

    /// Identity (issue 30): the text form reaches any name the readers accept, and reads back.
    void objectRefQuotedForm()
    {
        const std::string ib = "MF0;sw:MQM8700/U1";
        const std::vector<ObjectRef> refs {
            ObjectRef::forNode(ib), ObjectRef::forPort({ ib, "1" }), ObjectRef::forLink({ ib, "1" }),
            ObjectRef::forNode("leaf1"), ObjectRef::forPort({ "leaf1", "Ethernet0" }), ObjectRef::forPort({ "leaf1", "a:b" }),
            ObjectRef::forNode("\"q\""), ObjectRef::forPort({ "a\\b:c", "\"p" }), ObjectRef::forPort({ "policy", "x" }),
            ObjectRef::forPort({ "link", "x" }), ObjectRef::forNode("role"), ObjectRef::forPolicy("a:b"), ObjectRef::forPolicy("\"x"),
            ObjectRef::forRole(Role::Spine),
        };
        for (const auto& r : refs) {
            const std::string text = r.toString();
            std::string why;
            const auto back = ObjectRef::parse(text, &why);
            QVERIFY2(back && *back == r, qPrintable(QString::fromStdString(text + ": " + why)));
        }
        // The plain forms are unchanged; the quoted ones read as documented.
        QCOMPARE(ObjectRef::forPort({ "leaf1", "Ethernet0" }).toString(), std::string("leaf1:Ethernet0"));
        QCOMPARE(ObjectRef::forNode(ib).toString(), std::string("\"MF0;sw:MQM8700/U1\""));
        QCOMPARE(ObjectRef::forPort({ ib, "1" }).toString(), std::string("\"MF0;sw:MQM8700/U1\":1"));
        QVERIFY(ObjectRef::parse("node:\"MF0;sw:MQM8700/U1\"") == ObjectRef::forNode(ib));
        QVERIFY(ObjectRef::parse("link:\"MF0;sw:MQM8700/U1\":1") == ObjectRef::forLink({ ib, "1" }));
        QVERIFY(ObjectRef::parse("port:leaf1:Ethernet0") == ObjectRef::forPort({ "leaf1", "Ethernet0" }));
        for (const char* bad : { "\"open", "\"a\\xb\"", "\"a\"b", "node:a:b", "\"\":1", "\"a\":" })
            QVERIFY2(!ObjectRef::parse(bad), bad);
    }

    /// Text from a finding or a selection reaches a node whose name holds ':', quoted or not.
    void resolveObjectTextReachesColonNames()
    {
        Fabric f = exampleFabric();
        const std::string node = f.links.front().a.node, port = f.links.front().a.port, ib = "MF0;sw:MQM8700/U1";
        setField(f, ObjectRef::forNode(node), "name", ib);
        const FabricIndex idx(f);
        QCOMPARE(resolveObjectText(ib, idx), std::optional<ObjectRef>(ObjectRef::forNode(ib)));
        QCOMPARE(resolveObjectText("\"" + ib + "\"", idx), std::optional<ObjectRef>(ObjectRef::forNode(ib)));
        QCOMPARE(resolveObjectText(ib + ":" + port, idx), std::optional<ObjectRef>(ObjectRef::forPort({ ib, port })));
        QCOMPARE(resolveObjectText("link:" + ib + ":" + port, idx), std::optional<ObjectRef>(ObjectRef::forLink({ ib, port })));
        QCOMPARE(resolveObjectText(ObjectRef::forPort({ ib, port }).toString(), idx), std::optional<ObjectRef>(ObjectRef::forPort({ ib, port })));
        QVERIFY(!resolves(*resolveObjectText("nosuch:port", idx), idx));
    }

    /// Renames (issue 30): nodes, ports and policies, with every reference following; refused when
    /// the name is taken or the readers would refuse it.
    void renameFollowsReferences()
    {
        Fabric f = exampleFabric();
        const Link link = f.links.front();
        const std::string node = link.a.node, port = link.a.port, policy = f.policies.front().name;
        f.overrides.push_back({ link.a, policy });
        setField(f, ObjectRef::forNode(node), "name", "MF0;sw:MQM8700/U1");
        QVERIFY(!f.findNode(node));
        QCOMPARE(f.links.front().a.node, std::string("MF0;sw:MQM8700/U1"));
        QCOMPARE(f.overrides.back().port.node, std::string("MF0;sw:MQM8700/U1"));
        const ObjectRef p = ObjectRef::forPort({ "MF0;sw:MQM8700/U1", port });
        setField(f, p, "name", "swp1");
        QCOMPARE(f.links.front().a.port, std::string("swp1"));
        QCOMPARE(f.overrides.back().port.port, std::string("swp1"));
        setField(f, ObjectRef::forPolicy(policy), "name", "rdma");
        QCOMPARE(f.overrides.back().policy, std::string("rdma"));
        for (const auto& b : f.bindings)
            QVERIFY(b.policy != policy);
        QVERIFY(!fabricWriteProblem(f));
        QVERIFY(fabricFromJsonText(fabricToJsonText(f)) == f);
        // Refused: a taken name, an empty one, a control character.
        const Fabric before = f;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, setField(f, ObjectRef::forNode(f.nodes[1].name), "name", f.nodes[2].name));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, setField(f, ObjectRef::forNode(f.nodes[1].name), "name", ""));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, setField(f, ObjectRef::forNode(f.nodes[1].name), "name", "a\nb"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, setField(f, ObjectRef::forPolicy("rdma"), "name", "a\x1b"));
        QVERIFY(f == before);
        QCOMPARE(refAfterSet(ObjectRef::forNode("x"), "name", "y"), ObjectRef::forNode("y"));
        QCOMPARE(refAfterSet(ObjectRef::forNode("x"), "rack", "y"), ObjectRef::forNode("x"));
    }

    /// F11: a NUL byte is an input error at its line and column, not the end of the file.
    void nulIsAnInputError()
    {
        std::string text = fabricToJsonText(exampleFabric());
        const std::string tail = text;
        text.insert(text.size() - 2, std::string("\0", 1));
        try {
            (void)fabricFromJsonText(text);
            QFAIL("accepted");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("NUL") != std::string::npos, e.what());
            QVERIFY(e.where().line > 1);
        }
        // Bytes after a NUL are not ignored: a valid fabric, a NUL, then anything.
        QVERIFY_THROWS_EXCEPTION(InputError, (void)fabricFromJsonText(tail + std::string("\0{\"x\":", 6)));
    }
};

QTEST_GUILESS_MAIN(TestFieldRules)
#include "tst_fieldrules.moc"
