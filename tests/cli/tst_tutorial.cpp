// SPDX-License-Identifier: GPL-3.0-or-later
// The user guide's first chapter works when typed in (issue 38): every command of its ```sh blocks, in
// docs/user-guide.md and its Simplified Chinese version docs/zh_CN/user-guide.md, runs in an empty
// directory with `lfp` on the PATH, one after the other as a reader types them, and exits with the status
// the chapter states: 0, or N where its comment says "exit N".
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

namespace {

struct Command {
    QString line; ///< as written, comment included (the shell ignores it)
    int expected = 0;
};

/// The commands of the first "## " chapter of @p markdown: the lines of its ```sh blocks.
QList<Command> chapterCommands(const QString& markdown)
{
    QList<Command> out;
    bool inChapter = false;
    bool inBlock = false;
    static const QRegularExpression exitNote(QStringLiteral("#.*\\bexit (\\d+)"));
    for (const QString& line : markdown.split(QLatin1Char('\n'))) {
        if (!inBlock && line.startsWith(QStringLiteral("## "))) {
            if (inChapter)
                break; // the next chapter
            inChapter = true;
            continue;
        }
        if (!inChapter)
            continue;
        if (line.startsWith(QStringLiteral("```"))) {
            inBlock = !inBlock && line.trimmed() == QStringLiteral("```sh");
            continue;
        }
        if (!inBlock || line.trimmed().isEmpty() || line.trimmed().startsWith(QLatin1Char('#')))
            continue;
        Command c { line, 0 };
        if (const auto m = exitNote.match(line); m.hasMatch())
            c.expected = m.captured(1).toInt();
        out << c;
    }
    return out;
}

QString readText(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

} // namespace

class TestTutorial : public QObject {
    Q_OBJECT
private slots:
    void extractsTheChapterOnly()
    {
        const QString md = QStringLiteral("# T\n\n## One\n\n```sh\nlfp a\nlfp b   # exit 1: why\n```\n\n```text\nnot run\n```\n\n"
                                          "## Two\n\n```sh\nlfp c\n```\n");
        const QList<Command> cs = chapterCommands(md);
        QCOMPARE(cs.size(), 2);
        QCOMPARE(cs[0].line, QStringLiteral("lfp a"));
        QCOMPARE(cs[0].expected, 0);
        QCOMPARE(cs[1].expected, 1);
    }

    void commandsWorkAsTyped_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("en") << QStringLiteral("docs/user-guide.md");
        QTest::newRow("zh_CN") << QStringLiteral("docs/zh_CN/user-guide.md");
    }
    void commandsWorkAsTyped()
    {
        QFETCH(QString, file);
        const QString md = readText(QStringLiteral(LFP_SOURCE_DIR "/") + file);
        QVERIFY2(!md.isEmpty(), qPrintable(file + QStringLiteral(" is missing")));
        const QList<Command> commands = chapterCommands(md);
        // The chapter plans, checks, exports, changes and reviews: far more than a handful of commands.
        QVERIFY2(commands.size() >= 15, qPrintable(QStringLiteral("%1 commands in the first chapter").arg(commands.size())));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        const QString bin = QFileInfo(QStringLiteral(LFP_CLI_PATH)).absolutePath();
        env.insert(QStringLiteral("PATH"), bin + QLatin1Char(':') + env.value(QStringLiteral("PATH")));
        env.insert(QStringLiteral("LFP_AUTHOR"), QStringLiteral("tutorial"));
        for (const Command& c : commands) {
            QProcess p;
            p.setProcessEnvironment(env);
            p.setWorkingDirectory(dir.path());
            p.start(QStringLiteral("/bin/sh"), { QStringLiteral("-c"), c.line });
            QVERIFY2(p.waitForFinished(300000), qPrintable(c.line));
            const int code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
            QVERIFY2(code == c.expected, qPrintable(QStringLiteral("%1\n  exit %2, the chapter says %3\n%4")
                                                        .arg(c.line).arg(code).arg(c.expected)
                                                        .arg(QString::fromUtf8(p.readAllStandardError()))));
        }
        // What the chapter says its commands write.
        for (const char* f : { "gpu256.lfp", "sonic/manifest.json", "sonic/su1-rail1.json", "hosts/gpu01.sh", "sonic-v2/manifest.json" })
            QVERIFY2(QFileInfo::exists(dir.filePath(QString::fromLatin1(f))), f);
    }
};

QTEST_GUILESS_MAIN(TestTutorial)
#include "tst_tutorial.moc"
