// SPDX-License-Identifier: GPL-3.0-or-later
// Add and remove commands (document/structurecommands.h over model/structureedit.h): validation before
// anything changes, what a removal takes with it, and undo restoring the fabric byte for byte.
#include "document/fabricdocument.h"
#include "document/structurecommands.h"
#include "model/fabricjson.h"
#include "model/generators.h"
#include "model/structureedit.h"

#include <QSignalSpy>
#include <QtTest>

using namespace lfp;

class TestStructure : public QObject {
    Q_OBJECT

    static std::string json(const FabricDocument& d) { return fabricToJsonText(d.fabric()); }

private slots:
    void addRemoveUndoRestoresTheFabricByteForByte()
    {
        FabricDocument doc;
        doc.reset(exampleFabric());
        const std::string original = json(doc);
        QUndoStack* undo = doc.undoStack();

        Node n;
        n.name = "leaf9";
        n.role = Role::Leaf;
        n.ports = numberedPorts(4, "Ethernet", 0, 4, BitsPerSecond(400e9), 4);
        undo->push(new AddNodeCommand(&doc, n, { { "asic", doc.fabric().nodes.front().asic }, { "rack", "r9" } }));
        QVERIFY(doc.fabric().findNode("leaf9"));
        QCOMPARE(doc.fabric().findNode("leaf9")->rack, std::string("r9"));
        QCOMPARE(doc.fabric().findNode("leaf9")->ports.size(), std::size_t(4));

        // A free spine port for the new leaf.
        undo->push(new AddPortCommand(&doc, { "spine1", "Ethernet200" }));
        const Port* copied = doc.fabric().findPort({ "spine1", "Ethernet200" });
        QVERIFY(copied);
        QCOMPARE(copied->speed, doc.fabric().findNode("spine1")->ports.front().speed); // copied from the first port
        undo->push(new AddLinkCommand(&doc, { "leaf9", "Ethernet0" }, { "spine1", "Ethernet200" }, { { "length", "30m" }, { "medium", "fibre" } }));
        QCOMPARE(doc.fabric().links.back().length.value(), 30.0);
        QCOMPARE(doc.fabric().links.back().medium, Medium::Fibre);
        QVERIFY(doc.fabric().validate().empty());

        // Remove an original leaf: its ports, links and override go with it (the example overrides none;
        // add one first so the removal has one to take).
        const std::size_t links = doc.fabric().links.size();
        std::size_t leaf1Links = 0;
        for (const auto& l : doc.fabric().links)
            leaf1Links += (l.a.node == "leaf1" || l.b.node == "leaf1") ? 1 : 0;
        QVERIFY(leaf1Links > 0);
        auto* rm = new RemoveObjectsCommand(&doc, { ObjectRef::forNode("leaf1"), ObjectRef::forLink({ "leaf9", "Ethernet0" }) });
        const auto removed = rm->removed();
        undo->push(rm);
        QVERIFY(!doc.fabric().findNode("leaf1"));
        QCOMPARE(doc.fabric().links.size(), links - leaf1Links - 1);
        QCOMPARE(removed.size(), 1 + leaf1Links + 1);
        QVERIFY(QString::fromStdString(removed.front()).startsWith(QStringLiteral("node leaf1 (")));
        QVERIFY(doc.fabric().validate().empty());

        while (undo->canUndo())
            undo->undo();
        QCOMPARE(json(doc), original);
        // And redo reaches the same end again.
        while (undo->canRedo())
            undo->redo();
        QVERIFY(!doc.fabric().findNode("leaf1"));
        QVERIFY(doc.fabric().findNode("leaf9"));
    }

    void removingAPortTakesItsOverride()
    {
        FabricDocument doc;
        Fabric f = exampleFabric();
        QVERIFY(!f.policies.empty());
        f.overrides.push_back({ { "leaf2", "Ethernet0" }, f.policies.front().name });
        doc.reset(f);
        const std::string before = json(doc);
        auto* rm = new RemoveObjectsCommand(&doc, { ObjectRef::forPort({ "leaf2", "Ethernet0" }) });
        QStringList lines;
        for (const auto& l : rm->removed())
            lines << QString::fromStdString(l);
        doc.undoStack()->push(rm);
        QCOMPARE(lines.size(), 3); // the port, its link, its override
        QCOMPARE(lines[0], QStringLiteral("port leaf2:Ethernet0"));
        QVERIFY(lines[1].startsWith(QStringLiteral("link leaf2:Ethernet0 – ")));
        QVERIFY(lines[2].startsWith(QStringLiteral("override leaf2:Ethernet0")));
        QVERIFY(doc.fabric().overrides.empty());
        QVERIFY(doc.fabric().validate().empty());
        doc.undoStack()->undo();
        QCOMPARE(json(doc), before);
    }

    void refusedEditsChangeNothing()
    {
        FabricDocument doc;
        doc.reset(exampleFabric());
        const std::string before = json(doc);
        Node dup;
        dup.name = "leaf1";
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, AddNodeCommand(&doc, dup));
        // A ':' is allowed since the quoted reference form reaches such a node (issue 30); a control
        // character is not, by the readers' rule.
        Node control;
        control.name = "a\x1b[2Jb";
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, AddNodeCommand(&doc, control));
        Node badAsic;
        badAsic.name = "leaf77";
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, AddNodeCommand(&doc, badAsic, { { "role", "router" } }));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, AddPortCommand(&doc, { "leaf1", "Ethernet0" })); // exists
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, AddPortCommand(&doc, { "nosuch", "p" }));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, AddPortCommand(&doc, { "leaf1", "Ethernet99" }, { { "speed", "fast" } }));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, AddLinkCommand(&doc, { "leaf1", "Ethernet0" }, { "spine1", "Ethernet0" })); // on links
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, RemoveObjectsCommand(&doc, { ObjectRef::forNode("leaf1"), ObjectRef::forNode("nosuch") }));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, RemoveObjectsCommand(&doc, { ObjectRef::forRole(Role::Leaf) }));
        QCOMPARE(doc.undoStack()->count(), 0);
        QCOMPARE(json(doc), before);
    }

    void changesAreAnnouncedWithTheObjects()
    {
        FabricDocument doc;
        doc.reset(exampleFabric());
        QSignalSpy changed(&doc, &FabricDocument::changed);
        doc.undoStack()->push(new RemoveObjectsCommand(&doc, { ObjectRef::forNode("gpu01") }));
        QCOMPARE(changed.size(), 1);
        const auto c = changed.at(0).at(0).value<FabricChange>();
        QCOMPARE(c.kind, FabricChange::Kind::Removed);
        QVERIFY(c.isStructural());
        QCOMPARE(c.objects.size(), std::size_t(1));
        QCOMPARE(c.objects.front().node, std::string("gpu01"));
        QVERIFY(doc.isModified());
        doc.undoStack()->undo();
        QVERIFY(!doc.isModified());
        QCOMPARE(changed.last().at(0).value<FabricChange>().kind, FabricChange::Kind::Added); // undo puts it back
        // A removed object leaves the document's selection.
        doc.setSelection({ ObjectRef::forNode("gpu01"), ObjectRef::forNode("leaf1") });
        doc.undoStack()->redo();
        QCOMPARE(doc.selection(), std::vector<ObjectRef> { ObjectRef::forNode("leaf1") });
        // Adding is announced as Added, its undo as Removed.
        Node n;
        n.name = "leaf9";
        doc.undoStack()->push(new AddNodeCommand(&doc, n));
        QCOMPARE(changed.last().at(0).value<FabricChange>().kind, FabricChange::Kind::Added);
        doc.undoStack()->undo();
        QCOMPARE(changed.last().at(0).value<FabricChange>().kind, FabricChange::Kind::Removed);
    }
};

QTEST_GUILESS_MAIN(TestStructure)
#include "tst_structure.moc"
