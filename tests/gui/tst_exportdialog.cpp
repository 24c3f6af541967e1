// SPDX-License-Identifier: GPL-3.0-or-later
// The Export dialog, offscreen: on the example it previews every file of the chosen target with
// syntax colouring, lists the export findings, offers only the devices the target configures, shows
// the change delta from a base revision, and Export writes the same bytes `lfp export` would
// (runExportJob + writeExportDirectory). File ▸ Export Configuration… opens it.
#ifndef Q_MOC_RUN
#include "gui/dialogs/exportdialog.h"
#include "gui/mainwindow.h"

#include "exporters/exportjob.h"
#include "model/generators.h"
#include "model/projectstore.h"
#endif

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSyntaxHighlighter>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTreeWidget>

using namespace lfp;
using namespace lfp::gui;

class TestExportDialog : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;

private slots:
    void previewFindingsAndExport()
    {
        auto fabric = std::make_shared<const Fabric>(exampleFabric());
        ExportDialog dlg(fabric, {}, std::nullopt);
        QAbstractItemModelTester filesTester(dlg.fileList()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester findingsTester(dlg.findingsView()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester devicesTester(dlg.deviceList()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        dlg.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dlg));
        QCOMPARE(dlg.targetCombo()->count(), 7);

        dlg.setTarget(QStringLiteral("nvue"));
        QVERIFY(dlg.outcome());
        QCOMPARE(dlg.fileList()->count(), 12); // 6 switches × (commands + startup.yaml)
        QCOMPARE(dlg.fileList()->currentItem()->text(), QStringLiteral("leaf1.nvue.txt"));
        QVERIFY(dlg.preview()->toPlainText().contains(QStringLiteral("nv set qos pfc default-global switch-priority 3")));
        QVERIFY(dlg.findingsView()->topLevelItemCount() > 0);
        QVERIFY(dlg.statusText().contains(QStringLiteral("12 file")));
        // Syntax colouring: a comment line and a command line get different formats.
        const QTextBlock first = dlg.preview()->document()->firstBlock();
        QVERIFY(!first.layout()->formats().isEmpty());
        QTextBlock cmd = first;
        while (cmd.isValid() && !cmd.text().startsWith(QStringLiteral("nv set")))
            cmd = cmd.next();
        QVERIFY(cmd.isValid());
        QVERIFY(!cmd.layout()->formats().isEmpty());
        QVERIFY(cmd.layout()->formats().front().format.foreground() != first.layout()->formats().front().format.foreground());

        // Hosts cannot be ticked for a switch target; the linux target offers them.
        const auto gpu = dlg.deviceList()->findItems(QStringLiteral("gpu01"), Qt::MatchExactly);
        QCOMPARE(gpu.size(), 1);
        QVERIFY(!(gpu.front()->flags() & Qt::ItemIsEnabled));
        dlg.setTarget(QStringLiteral("linux"));
        QVERIFY(gpu.front()->flags() & Qt::ItemIsEnabled);
        gpu.front()->setCheckState(Qt::Checked);
        QCOMPARE(dlg.fileList()->count(), 1);
        QCOMPARE(dlg.fileList()->item(0)->text(), QStringLiteral("gpu01.sh"));
        gpu.front()->setCheckState(Qt::Unchecked);

        // Junos, and Export writes what runExportJob produced (the CLI's code path).
        dlg.setTarget(QStringLiteral("junos"));
        QVERIFY(dlg.preview()->toPlainText().contains(QStringLiteral("congestion-notification-profile")));
        bool rounded = false;
        for (int i = 0; i < dlg.findingsView()->topLevelItemCount(); ++i)
            rounded |= dlg.findingsView()->topLevelItem(i)->text(1) == QStringLiteral("LFP-EXPORT-ROUNDED");
        QVERIFY(rounded);
        const QString out = m_tmp.filePath(QStringLiteral("junos"));
        QVERIFY2(dlg.exportTo(out), qPrintable(dlg.statusText()));
        ExportJob job;
        job.target = "junos";
        const ExportOutcome cli = runExportJob(job, *fabric, std::nullopt);
        for (const auto& [name, text] : cli.outputFiles()) {
            QFile f(out + u'/' + QString::fromStdString(name));
            QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
            QCOMPARE(f.readAll(), QByteArray::fromStdString(text));
        }
        if (const QByteArray dir = qgetenv("LFP_EXPORT_SCREENSHOT"); !dir.isEmpty()) {
            dlg.setTarget(QStringLiteral("nvue"));
            dlg.resize(1200, 760);
            QTest::qWait(50);
            QVERIFY(dlg.grab().save(QString::fromLocal8Bit(dir)));
        }
    }

    void hostileNameShowsTheRefusalAndDisablesExport()
    {
        Fabric f = exampleFabric();
        for (auto& p : f.policies)
            p.name = "x;reboot";
        for (auto& b : f.bindings)
            b.policy = "x;reboot";
        ExportDialog dlg(std::make_shared<const Fabric>(f), {}, std::nullopt);
        dlg.setTarget(QStringLiteral("huawei"));
        QVERIFY(!dlg.outcome());
        QVERIFY(!dlg.exportButton()->isEnabled());
        QVERIFY2(dlg.statusText().contains(QStringLiteral("x;reboot")), qPrintable(dlg.statusText()));
        QCOMPARE(dlg.fileList()->count(), 0);
        QVERIFY(!dlg.exportTo(m_tmp.filePath(QStringLiteral("never"))));
        QVERIFY(!QDir(m_tmp.filePath(QStringLiteral("never"))).exists());
    }

    void baseRevisionDelta()
    {
        const std::string path = m_tmp.filePath(QStringLiteral("ex.lfp")).toStdString();
        Fabric f = exampleFabric();
        {
            ProjectStore s = ProjectStore::openOrCreate(path);
            s.save(f, "test", "one");
            for (auto& p : f.policies)
                p.ecn.front().kmin = Bytes(200'000);
            s.save(f, "test", "two");
        }
        ExportDialog dlg(std::make_shared<const Fabric>(f), QString::fromStdString(path), 2);
        QCOMPARE(dlg.baseCombo()->count(), 2); // none, revision 1
        dlg.setTarget(QStringLiteral("nvue"));
        dlg.baseCombo()->setCurrentIndex(1);
        QVERIFY(dlg.outcome() && dlg.outcome()->baseRevision == 1);
        const QString delta = dlg.deltaView()->toPlainText();
        QVERIFY2(delta.contains(QStringLiteral("nv set qos congestion-control default-global traffic-class 3 min-threshold 200000")), qPrintable(delta));
        QVERIFY(delta.contains(QStringLiteral("nv config apply")));
    }

    void reachableFromTheFileMenu()
    {
        MainWindow w;
        w.setQuiet(true);
        w.openExample();
        QVERIFY(w.fabric());
        QAction* act = w.findChild<QAction*>(QStringLiteral("exportAction"));
        QVERIFY(act);
        bool inFileMenu = false;
        for (QAction* m : w.menuBar()->actions())
            if (m->menu() && m->menu()->objectName() == QStringLiteral("fileMenu"))
                inFileMenu = m->menu()->actions().contains(act);
        QVERIFY(inFileMenu);
        act->trigger();
        auto* dlg = w.findChild<ExportDialog*>(QStringLiteral("exportDialog"));
        QVERIFY(dlg);
        QVERIFY(dlg->outcome());
        QVERIFY(dlg->fileList()->count() > 0);
        dlg->close();
    }
};

QTEST_MAIN(TestExportDialog)
#include "tst_exportdialog.moc"
