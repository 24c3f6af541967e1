// SPDX-License-Identifier: GPL-3.0-or-later
// File ▸ Import…: the preview is the merge plan (counts = planMerge's), conflicts are resolved one by
// one, Apply is one undo step whose result equals `lfp import … --merge` and whose Undo restores the
// fabric JSON byte for byte. Also the theme: --palette values and the diagram's colours on dark.
#include "tests/common/clirun.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QItemSelectionModel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeView>
#include <QUndoStack>
#include <QtTest>

#ifndef Q_MOC_RUN
#include "document/fabricdocument.h"
#include "gui/appearance.h"
#include "gui/application.h"
#include "gui/dialogs/importdialog.h"
#include "gui/mainwindow.h"
#include "gui/theme.h"
#include "importers/merge.h"
#include "model/fabricjson.h"
#include "model/projectstore.h"
#endif

using namespace lfp;
using namespace lfp::gui;

namespace {

QString data(const QString& rel) { return QStringLiteral(LFP_SOURCE_DIR "/tests/data/") + rel; }

QStringList lldpFiles()
{
    QStringList l;
    for (const char* d : { "spine01", "leaf01", "leaf02", "host01", "host02" })
        l << data(QStringLiteral("lldp/%1.json0").arg(QLatin1String(d)));
    return l;
}

/// The fabric JSON as a project stores it (fabricjson.h: byte for byte fabricToJson().dump()).
std::string json(const Fabric& f) { return fabricToJsonText(f); }

} // namespace

class TestImportDialog : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString path(const QString& n) const { return m_dir.filePath(n); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // LFP_SHOT_LANG=zh_CN: the dialog in Chinese (for the screenshot).
        if (const QByteArray lang = qgetenv("LFP_SHOT_LANG"); !lang.isEmpty())
            QVERIFY(installTranslations(QString::fromLatin1(lang)));
        // The plan: the mis-cabled CSV (LLDP disagrees with it on two links), as a fabric file.
        const auto r = lfptest::runLfp({ QStringLiteral("import"), QStringLiteral("csv"), data(QStringLiteral("csv/cabling-miscabled.csv")),
            QStringLiteral("-o"), path(QStringLiteral("plan.json")) });
        QVERIFY2(r.code == 0, r.err.constData());
    }

    void formatsAreTheReaders()
    {
        MainWindow w;
        w.setQuiet(true);
        ImportDialog dlg(w.document(), &w);
        QCOMPARE(dlg.formatCombo()->count(), int(importers().size()));
        for (const auto& imp : importers())
            QVERIFY(dlg.setFormat(QString::fromStdString(imp->id())));
        QVERIFY(!dlg.setFormat(QStringLiteral("nosuchformat")));
        // Nothing read: Apply refuses and says why.
        QVERIFY(!dlg.applyButton()->isEnabled());
        QVERIFY(!dlg.applyImport());
        QVERIFY(!dlg.statusText().isEmpty());
        // An unreadable source: an error, no session.
        QVERIFY(dlg.setFormat(QStringLiteral("csv")));
        dlg.setFiles({ data(QStringLiteral("lldp/leaf01.json0")) });
        QVERIFY(!dlg.readSources());
        QVERIFY(dlg.session() == nullptr);
        QVERIFY(dlg.statusText().contains(QStringLiteral("leaf01.json0")) || !dlg.statusText().isEmpty());
    }

    /// The readers' descriptions are the GUI's translatable copies (kImporterTexts), current with the
    /// readers, and Chinese under zh_CN.
    void formatDescriptionsTranslated()
    {
        const QStringList stale = ImportDialog::untranslatedImporters();
        QVERIFY2(stale.isEmpty(), qPrintable(QStringLiteral("no current copy in gui/dialogs/importdialog.cpp kImporterTexts: ") + stale.join(QStringLiteral(", "))));
        const QString before = currentLanguage();
        QVERIFY(installTranslations(QStringLiteral("zh_CN")));
        for (const auto& imp : importers()) {
            const QString d = ImportDialog::formatDescription(*imp);
            QVERIFY2(d != QString::fromStdString(imp->description()), qPrintable(d));
            if (imp->id() == "verbs")
                QVERIFY2(ImportDialog::formatInputs(*imp) != QString::fromStdString(imp->inputs()), qPrintable(ImportDialog::formatInputs(*imp)));
        }
        {
            MainWindow w;
            w.setQuiet(true);
            ImportDialog dlg(w.document(), &w);
            QVERIFY(dlg.setFormat(QStringLiteral("lldp")));
            QVERIFY2(dlg.formatCombo()->currentText().contains(QStringLiteral("邻居")), qPrintable(dlg.formatCombo()->currentText()));
        }
        QVERIFY(installTranslations(before));
    }

    void previewResolveApplyUndo()
    {
        MainWindow w;
        w.setQuiet(true);
        QVERIFY2(w.openFile(path(QStringLiteral("plan.json"))), qPrintable(w.lastError()));
        FabricDocument* doc = w.document();
        const std::string before = json(doc->fabric());
        const int undoBefore = doc->undoStack()->count();

        ImportDialog dlg(doc, &w);
        new QAbstractItemModelTester(dlg.previewModel(), QAbstractItemModelTester::FailureReportingMode::QtTest, &dlg);
        QVERIFY(dlg.setFormat(QStringLiteral("lldp")));
        dlg.setFiles(lldpFiles());
        QVERIFY2(dlg.readSources(), qPrintable(dlg.statusText()));

        // The preview is the plan of planMerge on the same inputs, computed here independently.
        std::vector<std::string> files;
        for (const QString& f : lldpFiles())
            files.push_back(f.toStdString());
        const ImportResult in = findImporter("lldp")->read(files, nullptr);
        const MergeReport plan = planMerge(doc->fabric(), in.fragment, in.knownFields);
        int adds = 0, onlyPlan = 0;
        for (const auto& u : plan.unknowns)
            (u.side == MergeUnknown::Side::OnlyIncoming ? adds : onlyPlan)++;
        ImportPreviewModel* m = dlg.previewModel();
        QCOMPARE(m->count(ImportPreviewModel::RowKind::Conflict), int(plan.conflicts.size()));
        QCOMPARE(m->count(ImportPreviewModel::RowKind::Add), adds);
        QCOMPARE(m->count(ImportPreviewModel::RowKind::OnlyInPlan), onlyPlan);
        QCOMPARE(m->rowCount(), int(plan.conflicts.size() + plan.unknowns.size()));
        QCOMPARE(int(plan.conflicts.size()), 2); // the fixture's two mis-cabled links

        // Two conflicts: Apply is refused until both are resolved.
        QVERIFY(!dlg.applyButton()->isEnabled());
        QVERIFY(!dlg.applyImport());
        QCOMPARE(doc->undoStack()->count(), undoBefore);
        std::vector<int> conflictRows;
        for (int r = 0; r < m->rowCount(); ++r)
            if (m->conflictAt(r))
                conflictRows.push_back(r);
        QCOMPARE(conflictRows.size(), std::size_t(2));
        // Non-conflict rows are not editable; a bad value is refused.
        const QModelIndex res0 = m->index(conflictRows[0], ImportPreviewModel::ResolutionColumn);
        QVERIFY(!m->setData(res0, QStringLiteral("maybe")));
        QCOMPARE(res0.data(ImportPreviewModel::ResolutionIdRole).toString(), QStringLiteral("unresolved"));
        // One by one: the first in the model (take the source), the second by selecting its row.
        QVERIFY(m->setData(res0, QStringLiteral("incoming")));
        QCOMPARE(res0.data(ImportPreviewModel::ResolutionIdRole).toString(), QStringLiteral("incoming"));
        QCOMPARE(dlg.session()->unresolvedCount(), std::size_t(1));
        QVERIFY(!dlg.applyButton()->isEnabled());
        dlg.previewTable()->selectionModel()->select(m->index(conflictRows[1], 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        dlg.resolveSelected(MergeResolution::TakeIncoming);
        QCOMPARE(dlg.session()->unresolvedCount(), std::size_t(0));
        QVERIFY(dlg.applyButton()->isEnabled());
        QVERIFY2(dlg.statusText().contains(QStringLiteral("Ready")) || qEnvironmentVariableIsSet("LFP_SHOT_LANG"), qPrintable(dlg.statusText()));

        // What the source did not say: an ASIC for switches without one, the default RoCE policy.
        QVERIFY(dlg.setDefaultAsic(QStringLiteral("spectrum-3")));
        QVERIFY(dlg.setDefaultPolicy(QStringLiteral("roce-lossless")));
        QVERIFY(!dlg.setDefaultAsic(QStringLiteral("no-such-asic")));
        // LFP_SHOT_DIR=DIR saves the dialog as it stands (resolved, defaults chosen), to look at.
        if (const QByteArray dir = qgetenv("LFP_SHOT_DIR"); !dir.isEmpty()) {
            dlg.show();
            QCoreApplication::processEvents();
            dlg.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/import-dialog-%1.png").arg(QString::fromLatin1(qgetenv("LFP_SHOT_LANG"))));
        }

        QVERIFY2(dlg.applyImport(), qPrintable(dlg.statusText()));
        QCOMPARE(doc->undoStack()->count(), undoBefore + 1); // ONE step
        const std::string after = json(doc->fabric());
        QVERIFY(after != before);
        for (const Node& n : doc->fabric().nodes)
            if (n.isSwitch())
                QVERIFY2(!n.asic.empty(), n.name.c_str());
        QVERIFY(!doc->fabric().bindings.empty());

        // The CLI's merge of the same sources with the same choices gives the same fabric.
        QVERIFY(QFile::copy(path(QStringLiteral("plan.json")), path(QStringLiteral("cli.json"))));
        const auto r = lfptest::runLfp(QStringList { QStringLiteral("import"), QStringLiteral("lldp") } + lldpFiles()
            + QStringList { QStringLiteral("-o"), path(QStringLiteral("cli.json")), QStringLiteral("--merge"), QStringLiteral("--take"),
                QStringLiteral("incoming"), QStringLiteral("--asic"), QStringLiteral("spectrum-3"), QStringLiteral("--policy"),
                QStringLiteral("roce-lossless") });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(json(loadFabricFile(path(QStringLiteral("cli.json")).toStdString())), after);

        // Undo restores the fabric JSON byte for byte; Redo brings the import back.
        doc->undoStack()->undo();
        QCOMPARE(json(doc->fabric()), before);
        doc->undoStack()->redo();
        QCOMPARE(json(doc->fabric()), after);
    }

    void additionsAreListed()
    {
        // The plan: what LLDP of spine01 and leaf01 alone shows; all five files add leaf02's and
        // host01's ports and a link, and disagree on one link's peer port.
        const QStringList all = lldpFiles();
        auto r = lfptest::runLfp(QStringList { QStringLiteral("import"), QStringLiteral("lldp"), all[0], all[1], QStringLiteral("-o"), path(QStringLiteral("sub.json")) });
        QVERIFY2(r.code == 0, r.err.constData());
        MainWindow w;
        w.setQuiet(true);
        QVERIFY(w.openFile(path(QStringLiteral("sub.json"))));
        ImportDialog dlg(w.document(), &w);
        new QAbstractItemModelTester(dlg.previewModel(), QAbstractItemModelTester::FailureReportingMode::QtTest, &dlg);
        QVERIFY(dlg.setFormat(QStringLiteral("lldp")));
        dlg.setFiles(all);
        QVERIFY(dlg.readSources());
        ImportPreviewModel* m = dlg.previewModel();
        const MergeReport& rep = dlg.session()->report();
        QStringList added;
        for (const auto& u : rep.unknowns)
            if (u.side == MergeUnknown::Side::OnlyIncoming)
                added << QString::fromStdString(u.id);
        QCOMPARE(added.size(), 4);
        QCOMPARE(m->count(ImportPreviewModel::RowKind::Add), 4);
        QCOMPARE(m->count(ImportPreviewModel::RowKind::Conflict), 1);
        // Additions first, each naming its object; they are not editable.
        QStringList shown;
        for (int row = 0; row < 4; ++row) {
            QCOMPARE(m->rowKind(row), ImportPreviewModel::RowKind::Add);
            shown << m->index(row, ImportPreviewModel::ObjectColumn).data().toString();
            QVERIFY(!(m->flags(m->index(row, ImportPreviewModel::ResolutionColumn)) & Qt::ItemIsEditable));
            QVERIFY(!m->setData(m->index(row, ImportPreviewModel::ResolutionColumn), QStringLiteral("incoming")));
        }
        QCOMPARE(shown, added);
        QVERIFY(m->flags(m->index(4, ImportPreviewModel::ResolutionColumn)) & Qt::ItemIsEditable);
        // Keeping the plan on the conflict still adds the four objects; the result = the CLI's.
        QVERIFY(m->setData(m->index(4, ImportPreviewModel::ResolutionColumn), QStringLiteral("existing")));
        const std::size_t portsBefore = w.document()->fabric().portCount();
        QVERIFY(dlg.applyImport());
        QCOMPARE(w.document()->fabric().portCount(), portsBefore + 3);
        QVERIFY(QFile::copy(path(QStringLiteral("sub.json")), path(QStringLiteral("sub-cli.json"))));
        r = lfptest::runLfp(QStringList { QStringLiteral("import"), QStringLiteral("lldp") } + all
            + QStringList { QStringLiteral("-o"), path(QStringLiteral("sub-cli.json")), QStringLiteral("--merge"), QStringLiteral("--take"), QStringLiteral("existing") });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(json(loadFabricFile(path(QStringLiteral("sub-cli.json")).toStdString())), json(w.document()->fabric()));
    }

    void withoutDefaultsEqualsPlainMerge()
    {
        // No ASIC, no policy: exactly `lfp import lldp … --merge --take existing`.
        MainWindow w;
        w.setQuiet(true);
        QVERIFY(w.openFile(path(QStringLiteral("plan.json"))));
        ImportDialog dlg(w.document(), &w);
        QVERIFY(dlg.setFormat(QStringLiteral("lldp")));
        dlg.setFiles(lldpFiles());
        QVERIFY(dlg.readSources());
        dlg.resolveAll(MergeResolution::KeepExisting);
        QVERIFY(dlg.applyImport());
        QVERIFY(QFile::copy(path(QStringLiteral("plan.json")), path(QStringLiteral("cli2.json"))));
        const auto r = lfptest::runLfp(QStringList { QStringLiteral("import"), QStringLiteral("lldp") } + lldpFiles()
            + QStringList { QStringLiteral("-o"), path(QStringLiteral("cli2.json")), QStringLiteral("--merge"), QStringLiteral("--take"), QStringLiteral("existing") });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(json(loadFabricFile(path(QStringLiteral("cli2.json")).toStdString())), json(w.document()->fabric()));
        // The CLI refuses an ASIC the catalogue does not have.
        QCOMPARE(lfptest::runLfp(QStringList { QStringLiteral("import"), QStringLiteral("lldp") } + lldpFiles()
                     + QStringList { QStringLiteral("--asic"), QStringLiteral("spectrum4") })
                     .code,
            2);
    }

    void fileMenuHasImport()
    {
        MainWindow w;
        auto* act = w.findChild<QAction*>(QStringLiteral("importAction"));
        QVERIFY(act);
        auto* file = w.findChild<QMenu*>(QStringLiteral("fileMenu"));
        QVERIFY(file && file->actions().contains(act));
        act->trigger();
        auto* dlg = w.findChild<ImportDialog*>();
        QVERIFY(dlg && dlg->isVisible());
        dlg->close();
    }

    void theme()
    {
        QCOMPARE(Theme::fromString(QStringLiteral("Dark")), Theme::Mode::Dark);
        QCOMPARE(Theme::fromString(QStringLiteral("light")), Theme::Mode::Light);
        QCOMPARE(Theme::fromString(QStringLiteral("auto")), Theme::Mode::Auto);
        QVERIFY(!Theme::fromString(QStringLiteral("purple")));
        Theme::captureSystemPalette();
        const bool systemDark = Theme::systemIsDark();

        MainWindow w;
        w.setQuiet(true);
        w.openExample();
        w.setTheme(Theme::Mode::Dark, false);
        QVERIFY(Theme::isDark());
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 128);
        // Readable on dark: every role's text is light on a dark fill (lightness apart by > 100 of 255).
        for (const Role r : Appearance::kTierOrder) {
            QVERIFY(Appearance::roleFill(r).lightness() < 100);
            QVERIFY(Appearance::roleText(r).lightness() - Appearance::roleFill(r).lightness() > 100);
        }
        QVERIFY(Appearance::sceneBackground().lightness() < 60);
        for (const Medium md : { Medium::Dac, Medium::Aoc, Medium::Fibre, Medium::Unknown })
            QVERIFY(Appearance::mediumColour(md).lightness() - Appearance::sceneBackground().lightness() > 70);
        // The device tree's role icons are drawn again in the dark fills.
        auto* tree = w.findChild<QTreeView*>(QStringLiteral("deviceTree"));
        QVERIFY(tree && tree->model());
        const QIcon darkIcon = tree->model()->index(0, 0).data(Qt::DecorationRole).value<QIcon>();
        QVERIFY(!darkIcon.isNull());
        QVERIFY(darkIcon.pixmap(32, 32).toImage().pixelColor(16, 16).lightness() < 100);
        auto* dark = w.findChild<QAction*>(QStringLiteral("theme_dark"));
        QVERIFY(dark && dark->isChecked());

        w.setTheme(Theme::Mode::Light, false);
        QVERIFY(!Theme::isDark());
        QVERIFY(Appearance::sceneBackground().lightness() > 200);
        for (const Role r : Appearance::kTierOrder)
            QVERIFY(Appearance::roleFill(r).lightness() > Appearance::roleText(r).lightness());
        QVERIFY(tree->model()->index(0, 0).data(Qt::DecorationRole).value<QIcon>().pixmap(32, 32).toImage().pixelColor(16, 16).lightness() > 180);
        // Auto follows what the platform gave at start-up.
        w.setTheme(Theme::Mode::Auto, false);
        QCOMPARE(Theme::isDark(), systemDark);
    }

    void paletteOption()
    {
        QProcess p;
        p.start(QStringLiteral(LFP_PLANNER_PATH), { QStringLiteral("--screenshot"), path(QStringLiteral("d.png")), QStringLiteral("--palette"), QStringLiteral("dark") });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QImage img(path(QStringLiteral("d.png")));
        QVERIFY(!img.isNull());
        // The window's own background (the bottom-left status bar corner) is dark.
        QVERIFY(img.pixelColor(2, img.height() - 3).lightness() < 100);
        p.start(QStringLiteral(LFP_PLANNER_PATH), { QStringLiteral("--screenshot"), path(QStringLiteral("x.png")), QStringLiteral("--palette"), QStringLiteral("purple") });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
    }
};

QTEST_MAIN(TestImportDialog)
#include "tst_importdialog.moc"
