// SPDX-License-Identifier: GPL-3.0-or-later
// The write side as strict as the read side (issue 36): Ctrl-C during `lfp set` / `add` / `remove` /
// `bind` never reports 130 for a committed revision (F8); revision ids outside 1..INT_MAX are refused at
// open (F9); a WAL-mode project is converted back to one file on a writable open and never leaves -wal
// or -shm files (F10); a NUL byte in a fabric file or a revision is an input error (F11).
#include "model/errors.h"
#include "model/fabricjson.h"
#include "model/generators.h"
#include "model/projectstore.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <random>
#include <sqlite3.h>
#include <unistd.h>

using namespace lfp;

namespace {

/// Runs SQL on @p path with a plain connection (as another SQLite program would). With @p keepWal the
/// connection does not checkpoint on close, so a WAL-mode file keeps committed pages in its -wal file.
bool sql(const QString& path, const char* statements, bool keepWal = false)
{
    sqlite3* db = nullptr;
    if (sqlite3_open(path.toUtf8().constData(), &db) != SQLITE_OK)
        return false;
    if (keepWal)
        sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
    char* err = nullptr;
    const int rc = sqlite3_exec(db, statements, nullptr, nullptr, &err);
    if (err)
        qWarning("%s", err);
    sqlite3_free(err);
    sqlite3_close(db);
    return rc == SQLITE_OK;
}

int revisionCount(const QString& path) { return static_cast<int>(ProjectStore::open(path.toStdString()).revisions().size()); }

bool walHeader(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray h = f.read(20);
    return h.size() == 20 && (h[18] == 2 || h[19] == 2);
}

bool hasSideFiles(const QString& path) { return QFile::exists(path + "-wal") || QFile::exists(path + "-shm"); }

} // namespace

class TestWritePath : public QObject {
    Q_OBJECT

private slots:
    /// F8: Ctrl-C at random moments of `lfp set` (and `add`, `remove`, `bind`) on a project large enough
    /// for the save to take a while: a run that ends by the signal or exit 130 added no revision; a run
    /// that added one exited 0. Never "130 although committed".
    void sigintDuringEditsNeverLiesAboutTheSave()
    {
        QTemporaryDir dir;
        const QString p = dir.filePath("big.lfp");
        saveFabricFile(generateFatTree(12), p.toStdString(), "base", "t");
        const QStringList commands[] = {
            { "set", p, "pod1-edge1:Ethernet0", "mtu=4200" },
            { "set", p, "pod1-edge1:Ethernet0", "mtu=9100" },
            { "bind", p, "--role", "spine", "--unbind" },
            { "add", p, "port", "pod1-edge1:Ethernet999", "--speed", "100G" },
            { "remove", p, "pod1-edge1:Ethernet999" },
        };
        std::mt19937 rng(7);
        std::uniform_int_distribution<int> delayMs(0, 900);
        int interrupted = 0, completed = 0;
        for (int i = 0; i < 20; ++i) {
            const int before = revisionCount(p);
            QProcess proc;
            proc.start(QStringLiteral(LFP_CLI_PATH), commands[i % 5]);
            QVERIFY(proc.waitForStarted());
            QTest::qWait(delayMs(rng));
            if (const qint64 pid = proc.processId(); pid > 0 && proc.state() == QProcess::Running)
                ::kill(static_cast<pid_t>(pid), SIGINT);
            QVERIFY(proc.state() == QProcess::NotRunning || proc.waitForFinished(60000));
            const int after = revisionCount(p);
            const bool ok = proc.exitStatus() == QProcess::NormalExit && proc.exitCode() == 0;
            const QString what = commands[i % 5].join(' ') + QStringLiteral(": status %1 code %2, revisions %3 -> %4")
                                                                   .arg(int(proc.exitStatus())).arg(proc.exitCode()).arg(before).arg(after);
            if (ok) {
                ++completed;
                // A change that is already as given saves nothing; every other success added one.
                QVERIFY2(after == before || after == before + 1, qPrintable(what));
            } else {
                ++interrupted;
                QVERIFY2(after == before, qPrintable("interrupted, yet a revision was committed: " + what));
            }
            (void)ProjectStore::open(p.toStdString()).load();
        }
        qInfo("%d edits interrupted (nothing saved), %d completed", interrupted, completed);
    }

    /// F9: a revision id above INT_MAX (written by another program) is refused at open, not truncated.
    void revisionIdsOutsideIntAreRefused_data()
    {
        QTest::addColumn<QString>("statement");
        QTest::newRow("id 2^31") << "UPDATE revisions SET id = 2147483648 WHERE id = 2;";
        QTest::newRow("id 0") << "UPDATE revisions SET id = 0 WHERE id = 1;";
        QTest::newRow("negative id") << "UPDATE revisions SET id = -5 WHERE id = 1;";
        QTest::newRow("next id past INT_MAX") << "UPDATE sqlite_sequence SET seq = 4294967297 WHERE name = 'revisions';";
    }
    void revisionIdsOutsideIntAreRefused()
    {
        QFETCH(QString, statement);
        QTemporaryDir dir;
        const QString p = dir.filePath("ids.lfp");
        saveFabricFile(exampleFabric(), p.toStdString(), "one", "t");
        saveFabricFile(exampleFabric(), p.toStdString(), "two", "t");
        QVERIFY(sql(p, statement.toUtf8().constData()));
        for (bool writable : { false, true }) {
            try {
                (void)ProjectStore::open(p.toStdString(), writable);
                QFAIL("opened");
            } catch (const InputError& e) {
                QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("outside 1..2147483647")), e.what());
            }
        }
        const auto r = lfptestRun({ "info", p });
        QCOMPARE(r, 2);
    }

    /// F9 on save: ids reaching INT_MAX are refused at the save, not wrapped.
    void lastRevisionIdIsRefusedAtSave()
    {
        QTemporaryDir dir;
        const QString p = dir.filePath("max.lfp");
        saveFabricFile(exampleFabric(), p.toStdString(), "one", "t");
        QVERIFY(sql(p, "UPDATE revisions SET id = 2147483647 WHERE id = 1; UPDATE sqlite_sequence SET seq = 2147483647 WHERE name = 'revisions';"));
        QCOMPARE(ProjectStore::open(p.toStdString()).latestRevision(), std::optional<int>(2147483647));
        QVERIFY_THROWS_EXCEPTION(InputError, saveFabricFile(exampleFabric(), p.toStdString(), "two", "t"));
        QCOMPARE(revisionCount(p), 1);
    }

    /// F10: a WAL-mode project whose -wal file holds a committed revision: opened (for reading or
    /// writing) it is converted back to one file, the revision kept, no -wal or -shm left behind.
    void walModeIsConvertedToOneFile()
    {
        for (bool writable : { false, true }) {
            QTemporaryDir dir;
            const QString p = dir.filePath("wal.lfp");
            saveFabricFile(exampleFabric(), p.toStdString(), "one", "t");
            QVERIFY(sql(p, "PRAGMA journal_mode = WAL;"));
            QVERIFY(walHeader(p));
            QVERIFY(sql(p, "INSERT INTO revisions(created, author, message, format_version, node_count, link_count, checksum, fabric) "
                           "SELECT created, author, 'in the wal', format_version, node_count, link_count, checksum, fabric FROM revisions WHERE id = 1;",
                true));
            QVERIFY(QFile::exists(p + "-wal"));
            {
                auto store = ProjectStore::open(p.toStdString(), writable);
                QCOMPARE(store.latestRevision(), std::optional<int>(2));
                QCOMPARE(store.revisions().back().message, std::string("in the wal"));
                QVERIFY(store.load() == exampleFabric());
            }
            QVERIFY(!walHeader(p));
            QVERIFY2(!hasSideFiles(p), writable ? "writable" : "read-only");
            saveFabricFile(exampleFabric(), p.toStdString(), "three", "t");
            QCOMPARE(revisionCount(p), 3);
            QVERIFY(!hasSideFiles(p));
        }
    }

    /// F10 through the CLI: `lfp revisions` on a WAL-mode project leaves one file.
    void walModeThroughTheCli()
    {
        QTemporaryDir dir;
        const QString p = dir.filePath("cli.lfp");
        saveFabricFile(exampleFabric(), p.toStdString(), "one", "t");
        QVERIFY(sql(p, "PRAGMA journal_mode = WAL;"));
        QCOMPARE(lfptestRun({ "revisions", p }), 0);
        QVERIFY(!hasSideFiles(p));
        QVERIFY(!walHeader(p));
    }

    /// F11: a NUL byte in a revision's fabric text is an input error naming the revision, however the
    /// checksum was made to match.
    void nulInARevisionIsAnInputError()
    {
        QTemporaryDir dir;
        const QString p = dir.filePath("nul.lfp");
        saveFabricFile(exampleFabric(), p.toStdString(), "one", "t");
        // Append a NUL and junk after the JSON text (as a blob cast to text keeps it), then fix the checksum.
        const std::string text = fabricToCompactJsonText(exampleFabric()) + std::string("\0{\"junk\":", 9);
        std::uint64_t h = 0xcbf29ce484222325ULL;
        for (unsigned char c : text) {
            h ^= c;
            h *= 0x100000001b3ULL;
        }
        sqlite3* db = nullptr;
        QCOMPARE(sqlite3_open(p.toUtf8().constData(), &db), SQLITE_OK);
        sqlite3_stmt* s = nullptr;
        QCOMPARE(sqlite3_prepare_v2(db, "UPDATE revisions SET fabric = CAST(? AS TEXT), checksum = ? WHERE id = 1", -1, &s, nullptr), SQLITE_OK);
        sqlite3_bind_blob(s, 1, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
        const std::string sum = QStringLiteral("fnv1a64:%1").arg(h, 16, 16, QLatin1Char('0')).toStdString();
        sqlite3_bind_text(s, 2, sum.c_str(), -1, SQLITE_TRANSIENT);
        QCOMPARE(sqlite3_step(s), SQLITE_DONE);
        sqlite3_finalize(s);
        sqlite3_close(db);
        try {
            (void)ProjectStore::open(p.toStdString()).load(1);
            QFAIL("read");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("NUL")), e.what());
        }
        // And in a fabric file.
        const QString j = dir.filePath("nul.json");
        QFile f(j);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(text));
        f.close();
        QVERIFY_THROWS_EXCEPTION(InputError, (void)readFabricJson(j.toStdString()));
    }

private:
    static int lfptestRun(const QStringList& args)
    {
        QProcess proc;
        proc.start(QStringLiteral(LFP_CLI_PATH), args);
        if (!proc.waitForFinished(60000))
            return -1;
        return proc.exitStatus() == QProcess::NormalExit ? proc.exitCode() : -2;
    }
};

QTEST_GUILESS_MAIN(TestWritePath)
#include "tst_writepath.moc"
