// SPDX-License-Identifier: GPL-3.0-or-later
// The document layer without widgets: what the GUI and `lfp set` build on.
#include "document/autosave.h"
#include "document/changecommands.h"
#include "document/fabricdocument.h"
#include "document/importsession.h"
#include "document/jobrunner.h"
#include "importers/importer.h"
#include "model/asiccatalog.h"
#include "model/errors.h"
#include "model/fabricjson.h"
#include "model/generators.h"
#include "model/projectstore.h"
#include "planner/buffer/budget.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <chrono>
#include <fstream>
#include <thread>

#include <sys/wait.h>
#include <unistd.h>

using namespace lfp;

namespace {
/// The lossless headroom (xoff) of the port at @p e in the document's current snapshot.
Bytes xoffAt(const FabricDocument& doc, const Endpoint& e)
{
    const auto cat = AsicCatalog::loadDefault();
    const BudgetContext ctx(doc.index());
    const auto node = *doc.index().node(e.node);
    const Node& n = doc.fabric().nodes[node];
    const AsicProfile* asic = cat.find(n.asic);
    Q_ASSERT(asic);
    const SwitchBudget b = computeBudget(ctx, node, *asic);
    for (const auto& p : b.ports)
        if (p.port == e.port && p.headroom)
            return p.headroom->xoff;
    return Bytes(0);
}
} // namespace

class TestDocument : public QObject {
    Q_OBJECT
private slots:
    // Autosave: a recovery file follows the edits; saving removes it; a crash leaves it, and restoring
    // it brings the unsaved edits back as one undoable step (issue 11).
    void autosaveAndCrashRecovery()
    {
        QTemporaryDir dir;
        qputenv("LFP_RECOVERY_DIR", (dir.path() + QStringLiteral("/recovery")).toUtf8());
        const QString project = dir.path() + QStringLiteral("/plan.lfp");
        saveFabricFile(exampleFabric(), project.toStdString(), "first plan", "test");
        const Endpoint e = exampleFabric().links[0].a;
        {
            FabricDocument doc;
            doc.load(project);
            Autosaver saver(&doc, 20);
            doc.undoStack()->push(new ChangeValueCommand(&doc, { ObjectRef::forLink(e) }, "length", "300m"));
            QTRY_COMPARE(saver.writes(), 1);
            QVERIFY(QFile::exists(saver.recoveryFile()));
            QVERIFY(RecoveryStore::orphaned(project).empty()); // this process runs: not a crash
            doc.save(project, QStringLiteral("longer cable"), QStringLiteral("test"));
            QVERIFY(!QFile::exists(saver.recoveryFile())); // saved: nothing to recover
        }
        // A process that edits, autosaves and dies without closing (SIGKILL: no destructor runs).
        const QByteArray before = [&] {
            QFile f(project);
            f.open(QIODevice::ReadOnly);
            return f.readAll();
        }();
        const pid_t child = ::fork();
        if (child == 0) {
            FabricDocument doc;
            doc.load(project);
            auto* saver = new Autosaver(&doc, 60000);
            doc.undoStack()->push(new ChangeValueCommand(&doc, { ObjectRef::forLink(e) }, "length", "42m"));
            saver->autosaveNow();
            ::kill(::getpid(), SIGKILL);
        }
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY(WIFSIGNALED(status));
        QFile after(project);
        QVERIFY(after.open(QIODevice::ReadOnly));
        QCOMPARE(after.readAll(), before); // the project itself is untouched
        const auto found = RecoveryStore::orphaned(project);
        QCOMPARE(found.size(), std::size_t(1));
        QCOMPARE(found.front().pid, qint64(child));
        QCOMPARE(found.front().edits, 1);
        QCOMPARE(found.front().baseRevision, std::optional<int>(2));
        QVERIFY(RecoveryStore::orphaned(dir.path() + QStringLiteral("/other.lfp")).empty());
        FabricDocument doc;
        doc.load(project);
        QCOMPARE(doc.index().findLinkAt(e)->length.value(), 300.0);
        RecoveryStore::restore(doc, found.front());
        QVERIFY(doc.isModified());
        QCOMPARE(doc.index().findLinkAt(e)->length.value(), 42.0);
        QVERIFY(RecoveryStore::orphaned(project).empty()); // restored: the recovery is consumed
        doc.undoStack()->undo();
        QCOMPARE(doc.index().findLinkAt(e)->length.value(), 300.0);
        // A damaged recovery is refused, not loaded.
        Recovery bad = found.front();
        bad.fabricFile = dir.path() + QStringLiteral("/damaged.json");
        QFile d(bad.fabricFile);
        QVERIFY(d.open(QIODevice::WriteOnly));
        d.write("{\"format\": \"lfp-fabric\", \"nodes\": [");
        d.close();
        QVERIFY_THROWS_EXCEPTION(InputError, RecoveryStore::read(bad));
        qunsetenv("LFP_RECOVERY_DIR");
    }

    void resetIsClean()
    {
        FabricDocument doc;
        QSignalSpy changed(&doc, &FabricDocument::changed);
        doc.reset(exampleFabric());
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).value<FabricChange>().kind, FabricChange::Kind::Reset);
        QVERIFY(!doc.isModified());
        QCOMPARE(doc.index().nodeCount(), doc.fabric().nodes.size());
    }

    // Change a cable, see the headroom move, undo, see it return.
    void changeValueUndoRedo()
    {
        FabricDocument doc;
        doc.reset(exampleFabric());
        // A leaf's uplink (switch end): the headroom of a lossless PG depends on the cable.
        Endpoint leafEnd;
        for (const auto& l : doc.fabric().links)
            if (doc.index().findNode(l.a.node)->role == Role::Leaf && doc.index().findNode(l.b.node)->role == Role::Spine) {
                leafEnd = l.a;
                break;
            } else if (doc.index().findNode(l.b.node)->role == Role::Leaf && doc.index().findNode(l.a.node)->role == Role::Spine) {
                leafEnd = l.b;
                break;
            }
        QVERIFY(!leafEnd.node.empty());
        const Bytes before = xoffAt(doc, leafEnd);
        QVERIFY(before.value() > 0);
        QSignalSpy changed(&doc, &FabricDocument::changed);
        QSignalSpy modified(&doc, &FabricDocument::modifiedChanged);
        doc.undoStack()->push(new ChangeValueCommand(&doc, { ObjectRef::forLink(leafEnd) }, "length", "300m"));
        QVERIFY(doc.isModified());
        QCOMPARE(modified.count(), 1);
        QCOMPARE(changed.count(), 1);
        const auto c = changed.at(0).at(0).value<FabricChange>();
        QCOMPARE(c.kind, FabricChange::Kind::Values);
        QCOMPARE(c.field, std::string("length"));
        QCOMPARE(doc.index().findLinkAt(leafEnd)->length.value(), 300.0);
        const Bytes after = xoffAt(doc, leafEnd);
        QVERIFY2(after > before, qPrintable(QString("xoff %1 -> %2").arg(before.value()).arg(after.value())));
        doc.undoStack()->undo();
        QCOMPARE(xoffAt(doc, leafEnd), before);
        QVERIFY(!doc.isModified());
        doc.undoStack()->redo();
        QCOMPARE(xoffAt(doc, leafEnd), after);
    }

    // Typing "3", "30", "300m" into one field is one undo step.
    void consecutiveEditsMerge()
    {
        FabricDocument doc;
        doc.reset(exampleFabric());
        const Endpoint e = doc.fabric().links[0].a;
        const std::string original = formatLength(doc.fabric().links[0].length);
        for (const char* v : { "3m", "30m", "300m" })
            doc.undoStack()->push(new ChangeValueCommand(&doc, { ObjectRef::forLink(e) }, "length", v));
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(doc.index().findLinkAt(e)->length.value(), 300.0);
        doc.undoStack()->undo();
        QCOMPARE(formatLength(doc.index().findLinkAt(e)->length), original);
        // Another field does not merge.
        doc.undoStack()->redo();
        doc.undoStack()->push(new ChangeValueCommand(&doc, { ObjectRef::forLink(e) }, "medium", "fibre"));
        QCOMPARE(doc.undoStack()->count(), 2);
    }

    // Eight ports at once: one command, one undo.
    void multiObjectEditIsOneStep()
    {
        FabricDocument doc;
        doc.reset(exampleFabric());
        std::vector<ObjectRef> ports;
        std::vector<std::string> before;
        for (const auto& n : doc.fabric().nodes)
            if (n.role == Role::Host && ports.size() < 8) {
                ports.push_back(ObjectRef::forPort({ n.name, n.ports.front().name }));
                before.push_back(formatSpeed(n.ports.front().speed));
            }
        QCOMPARE(ports.size(), std::size_t(8));
        doc.undoStack()->push(new ChangeValueCommand(&doc, ports, "mtu", "4200"));
        QCOMPARE(doc.undoStack()->count(), 1);
        for (const auto& p : ports)
            QCOMPARE(doc.index().findPort(p.endpoint())->mtu, 4200);
        doc.undoStack()->undo();
        for (const auto& p : ports)
            QCOMPARE(doc.index().findPort(p.endpoint())->mtu, 9100);
    }

    // Issue 30: an edit names its objects and field, by kind: values, bindings, policies.
    void editsAnnounceWhatChanged()
    {
        FabricDocument doc;
        doc.reset(exampleFabric());
        QSignalSpy changed(&doc, &FabricDocument::changed);
        const Endpoint e = doc.fabric().links[0].a;
        doc.undoStack()->push(new ChangeValueCommand(&doc, { ObjectRef::forPort(e) }, "mtu", "4200"));
        auto c = changed.last().at(0).value<FabricChange>();
        QCOMPARE(c.kind, FabricChange::Kind::Values);
        QVERIFY(!c.isStructural());
        QCOMPARE(c.objects, std::vector<ObjectRef> { ObjectRef::forPort(e) });
        QCOMPARE(c.field, std::string("mtu"));
        const std::string policy = doc.fabric().policies.front().name;
        doc.undoStack()->push(new ChangeValueCommand(&doc, { ObjectRef::forPort(e) }, "policy", policy)); // an override
        QCOMPARE(changed.last().at(0).value<FabricChange>().kind, FabricChange::Kind::Bindings);
        doc.undoStack()->push(new ChangeValueCommand(&doc, { ObjectRef::forPolicy(policy) }, "ecn.kmin", "200000"));
        c = changed.last().at(0).value<FabricChange>();
        QCOMPARE(c.kind, FabricChange::Kind::Policies);
        QCOMPARE(c.objects.front().name, policy);
        QCOMPARE(c.field, std::string("ecn.kmin"));
        QCOMPARE(changed.count(), 3);
    }

    // Issue 30: undoing a cleared role binding puts it back where it was, so the saved file (and the
    // review's diff of it) is byte-identical to the one before the edit.
    void undoOfAClearedBindingKeepsTheOrder()
    {
        FabricDocument doc;
        Fabric f = exampleFabric();
        QVERIFY(!f.policies.empty());
        f.bindings = { { Role::Spine, f.policies.front().name }, { Role::Leaf, f.policies.front().name }, { Role::Host, f.policies.front().name } };
        doc.reset(f);
        const auto original = doc.fabric().bindings;
        doc.undoStack()->push(new ChangeValueCommand(&doc, { ObjectRef::forRole(Role::Spine) }, "policy", std::string()));
        QCOMPARE(doc.fabric().bindings.size(), original.size() - 1);
        doc.undoStack()->undo();
        QCOMPARE(doc.fabric().bindings, original);
        doc.undoStack()->redo();
        QCOMPARE(doc.fabric().bindings.size(), original.size() - 1);
        doc.undoStack()->undo();
        QCOMPARE(doc.fabric().bindings, original);
        QVERIFY(doc.undoStack()->isClean());
    }

    // A value edit reuses the ids of the index; the new index must still point into the new fabric and
    // give the same answers as one built from scratch (also the policies, after a binding change).
    void valueEditIndexMatchesAFreshOne()
    {
        FabricDocument doc;
        doc.reset(exampleFabric());
        const Role leaf = Role::Leaf;
        doc.undoStack()->push(new ChangeValueCommand(&doc, { ObjectRef::forRole(leaf) }, "policy", std::string()));
        doc.undoStack()->push(new ChangeValueCommand(&doc, { ObjectRef::forNode(doc.fabric().nodes[0].name) }, "rack", "R7"));
        const FabricIndex& ix = doc.index();
        const FabricIndex fresh(doc.fabric());
        QCOMPARE(&ix.fabric(), &doc.fabric());
        for (std::size_t n = 0; n < doc.fabric().nodes.size(); ++n) {
            const Node& node = doc.fabric().nodes[n];
            QCOMPARE(ix.findNode(node.name), &node);
            for (const Port& p : node.ports) {
                const auto id = ix.port({ node.name, p.name });
                QVERIFY(id);
                QCOMPARE(&ix.portAt(*id), &p);
                QVERIFY(id == fresh.port({ node.name, p.name }));
                QCOMPARE(ix.policyAt(*id), fresh.policyAt(*id));
                QVERIFY(ix.policySourceAt(*id) == fresh.policySourceAt(*id));
                QVERIFY(ix.policyNameAt(*id) == fresh.policyNameAt(*id));
                QVERIFY(ix.peer(*id) == fresh.peer(*id));
            }
        }
    }

    // Set a value, then the old one back: no undo step, and the document is clean again.
    void backToTheStartLeavesNoStep()
    {
        FabricDocument doc;
        doc.reset(exampleFabric());
        const Fabric original = doc.fabric();
        const Endpoint e = doc.fabric().links[0].a;
        const std::string old = formatLength(doc.fabric().links[0].length);
        QSignalSpy modified(&doc, &FabricDocument::modifiedChanged);
        doc.undoStack()->push(new ChangeValueCommand(&doc, { ObjectRef::forLink(e) }, "length", "30m"));
        QCOMPARE(doc.undoStack()->count(), 1);
        QVERIFY(doc.isModified());
        doc.undoStack()->push(new ChangeValueCommand(&doc, { ObjectRef::forLink(e) }, "length", old));
        QCOMPARE(doc.undoStack()->count(), 0);
        QVERIFY(!doc.isModified());
        QCOMPARE(modified.count(), 2); // modified, then clean again
        QVERIFY(!modified.last().at(0).toBool());
        QVERIFY(doc.fabric() == original);
        QVERIFY(!doc.undoStack()->canUndo());
        // Setting the value a field already has is no step either.
        doc.undoStack()->push(new ChangeValueCommand(&doc, { ObjectRef::forLink(e) }, "length", old));
        QCOMPARE(doc.undoStack()->count(), 0);
        QVERIFY(!doc.isModified());
        // After a save the edit is clean: returning to the saved value is clean, not an obsolete merge
        // across the clean state (QUndoStack does not merge into the clean step).
        doc.undoStack()->push(new ChangeValueCommand(&doc, { ObjectRef::forLink(e) }, "length", "40m"));
        doc.undoStack()->setClean();
        doc.undoStack()->push(new ChangeValueCommand(&doc, { ObjectRef::forLink(e) }, "length", "50m"));
        doc.undoStack()->push(new ChangeValueCommand(&doc, { ObjectRef::forLink(e) }, "length", "40m"));
        QCOMPARE(doc.undoStack()->count(), 1);
        QVERIFY(!doc.isModified());
    }

    // The undo stack keeps at most the limit; a value step keeps texts, not the fabric.
    void undoLimitAndStepMemory()
    {
        FabricDocument doc;
        QCOMPARE(doc.undoLimit(), FabricDocument::kDefaultUndoLimit);
        doc.reset(exampleFabric());
        doc.setUndoLimit(3);
        QCOMPARE(doc.undoLimit(), 3);
        for (std::size_t i = 0; i < 5; ++i)
            doc.undoStack()->push(new ChangeValueCommand(&doc, { ObjectRef::forNode(doc.fabric().nodes[i].name) }, "rack", "R" + std::to_string(i)));
        QCOMPARE(doc.undoStack()->count(), 3);
        while (doc.undoStack()->canUndo())
            doc.undoStack()->undo();
        QCOMPARE(doc.fabric().nodes[1].rack, std::string("R1")); // older steps were dropped
        QCOMPARE(doc.fabric().nodes[2].rack, exampleFabric().nodes[2].rack);
        for (int i = 0; i < doc.undoStack()->count(); ++i) {
            const auto* cmd = dynamic_cast<const ChangeValueCommand*>(doc.undoStack()->command(i));
            QVERIFY(cmd);
            QVERIFY2(cmd->memoryBytes() < 1024, qPrintable(QString::number(cmd->memoryBytes())));
        }
    }

    void invalidValueIsRefusedBeforePush()
    {
        FabricDocument doc;
        doc.reset(exampleFabric());
        const Fabric before = doc.fabric();
        const Endpoint e = doc.fabric().links[0].a;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ChangeValueCommand(&doc, { ObjectRef::forLink(e) }, "length", "5 meters"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ChangeValueCommand(&doc, { ObjectRef::forNode("nosuch") }, "rack", "r1"));
        QCOMPARE(doc.undoStack()->count(), 0);
        QVERIFY(doc.fabric() == before);
    }

    void saveMarksClean()
    {
        QTemporaryDir dir;
        FabricDocument doc;
        doc.reset(exampleFabric());
        doc.undoStack()->push(new ChangeValueCommand(&doc, { ObjectRef::forNode(doc.fabric().nodes[0].name) }, "rack", "R9"));
        QVERIFY(doc.isModified());
        const QString path = dir.filePath("p.lfp");
        QCOMPARE(doc.save(path, "rack"), 1);
        QVERIFY(!doc.isModified());
        QCOMPARE(*doc.revision(), 1);
        FabricDocument again;
        again.load(path);
        QCOMPARE(again.fabric().nodes[0].rack, std::string("R9"));
        QCOMPARE(*again.revision(), 1);
        // A bad file leaves the document as it was.
        const QString bad = dir.filePath("bad.json");
        std::ofstream(bad.toStdString()) << "{\"format\": \"lfp-fabric\", \"version\": 1, \"nodes\": [}";
        QVERIFY_THROWS_EXCEPTION(InputError, again.load(bad));
        QCOMPARE(again.filePath(), path);
        QCOMPARE(again.fabric().nodes[0].rack, std::string("R9"));
    }

    // Two editors of one project: the second save is refused instead of silently replacing the
    // revision the first one saved (lost update), and the project keeps both earlier revisions.
    void saveRefusesALostUpdate()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("two.lfp");
        {
            FabricDocument first;
            first.reset(exampleFabric());
            QCOMPARE(first.save(path, "initial"), 1);
        }
        FabricDocument a, b;
        a.load(path);
        b.load(path);
        const std::string leaf = a.fabric().nodes[0].name;
        a.undoStack()->push(new ChangeValueCommand(&a, { ObjectRef::forNode(leaf) }, "rack", "RA"));
        b.undoStack()->push(new ChangeValueCommand(&b, { ObjectRef::forNode(leaf) }, "rack", "RB"));
        QCOMPARE(a.save(path, "a"), 2);
        QVERIFY_THROWS_EXCEPTION(InputError, b.save(path, "b"));
        QVERIFY(b.isModified()); // b's edit is still there to save elsewhere
        FabricDocument c;
        c.load(path);
        QCOMPARE(*c.revision(), 2);
        QCOMPARE(c.fabric().nodes[0].rack, std::string("RA"));
        // After its own save, a saves again without a conflict.
        a.undoStack()->push(new ChangeValueCommand(&a, { ObjectRef::forNode(leaf) }, "rack", "RA2"));
        QCOMPARE(a.save(path, "a2"), 3);
        // Opening an older revision and saving adds a revision on top (the latest was read).
        FabricDocument old;
        old.load(path, 1);
        old.undoStack()->push(new ChangeValueCommand(&old, { ObjectRef::forNode(leaf) }, "rack", "ROLD"));
        QCOMPARE(old.save(path, "from r1"), 4);
    }

    // Latest request wins: a superseded job's result is dropped; cancel() drops the running one.
    void jobRunnerLatestWins()
    {
        JobRunner jobs;
        QSignalSpy finished(&jobs, &JobRunner::finished);
        auto slow = [](Feedback* fb) -> std::any {
            for (int i = 0; i < 500; ++i) {
                checkCancelled(fb);
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
            }
            return 1;
        };
        jobs.run("first", slow);
        const quint64 second = jobs.run("second", [](Feedback*) -> std::any { return 2; });
        QVERIFY(jobs.waitForIdle(10000));
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.at(0).at(0).value<quint64>(), second);
        QCOMPARE(std::any_cast<int>(jobs.result()), 2);

        QSignalSpy cancelled(&jobs, &JobRunner::cancelled);
        jobs.run("long", slow);
        jobs.cancel();
        QVERIFY(jobs.waitForIdle(10000));
        QCOMPARE(cancelled.count(), 1);
        QCOMPARE(finished.count(), 1); // nothing more finished
        QCOMPARE(std::any_cast<int>(jobs.result()), 2); // the last result stays

        jobs.run("fails", [](Feedback*) -> std::any { throw std::runtime_error("boom"); });
        QVERIFY(jobs.waitForIdle(10000));
        QCOMPARE(jobs.error(), QString("boom"));
    }

    // Structured progress (Feedback::setSteps) reaches the runner's thread as steps(); a superseded
    // run's steps do not.
    void jobRunnerSteps()
    {
        JobRunner jobs;
        QSignalSpy steps(&jobs, &JobRunner::steps);
        jobs.run("steps", [](Feedback* fb) -> std::any {
            for (std::size_t i = 0; i <= 10; ++i)
                fb->setSteps("failure sets", i * 100, 1000, "sets");
            return 0;
        });
        QVERIFY(jobs.waitForIdle(10000));
        QVERIFY(steps.count() >= 2);
        const auto last = steps.last();
        QCOMPARE(last.at(1).toString(), QString("failure sets"));
        QCOMPARE(last.at(2).value<qulonglong>(), 1000ULL);
        QCOMPARE(last.at(3).value<qulonglong>(), 1000ULL);
        QCOMPARE(last.at(4).toString(), QString("sets"));
        for (const auto& s : steps)
            QCOMPARE(s.at(0).value<quint64>(), jobs.generation());
    }

    // read → plan merge → choose → apply, refused while a conflict is open.
    void importSessionMerge()
    {
        const Importer* csv = findImporter("csv");
        QVERIFY(csv);
        ImportSession plan(*csv, { LFP_SOURCE_DIR "/tests/data/csv/cabling.csv" });
        plan.read();
        QVERIFY(!plan.result().fragment.nodes.empty());
        QCOMPARE(plan.result().fragment.name, std::string("cabling"));
        ImportSession miscabled(*csv, { LFP_SOURCE_DIR "/tests/data/csv/cabling-miscabled.csv" });
        miscabled.read();
        miscabled.planMergeOnto(plan.result().fragment);
        QVERIFY(miscabled.report().hasConflicts());
        QVERIFY(miscabled.unresolvedCount() > 0);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)miscabled.apply());
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, miscabled.choose("no-such-conflict", MergeResolution::TakeIncoming));
        miscabled.choose(miscabled.report().conflicts.front().id, MergeResolution::KeepExisting);
        miscabled.chooseAll(MergeResolution::TakeIncoming);
        QCOMPARE(miscabled.unresolvedCount(), std::size_t(0));
        QCOMPARE(miscabled.resolutionOf(miscabled.report().conflicts.front()), MergeResolution::KeepExisting);
        const Fabric merged = miscabled.apply();
        QVERIFY(merged.validate().empty());
        QCOMPARE(*ImportSession::resolutionFromString("ours"), MergeResolution::KeepExisting);
    }
};

QTEST_GUILESS_MAIN(TestDocument)
#include "tst_document.moc"
