// SPDX-License-Identifier: GPL-3.0-or-later
// The Policy dock (gui/views/policyeditor.h) in the real window and document: edits are undo commands on
// policy:NAME fields, the checks re-run and the editor counts the findings naming the policy; the
// role binding and per-port override use the fields `lfp bind` sets.
#include "document/fabricdocument.h"
#include "gui/application.h"
#include "gui/mainwindow.h"
#include "gui/views/policyeditor.h"
#include "gui/models/findingsmodel.h"
#include "gui/views/findingspanel.h"
#include "model/fieldaccess.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QUndoStack>

using namespace lfp;
using namespace lfp::gui;

namespace {
std::string field(const MainWindow& w, const std::string& f)
{
    return getField(w.document()->fabric(), ObjectRef::forPolicy("roce-lossless"), f);
}
} // namespace

class TstPolicyEditor : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("LFP-test"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_policyeditor"));
        QSettings().clear();
        QVERIFY(installTranslations(QStringLiteral("en")));
    }

    void losslessEditShowsFindingAndUndoRestores()
    {
        MainWindow w;
        w.setQuiet(true);
        w.openExample();
        QVERIFY(w.showView(QStringLiteral("policy")));
        PolicyEditor* ed = w.policyEditor();
        QVERIFY(ed);
        QAbstractItemModelTester t1(ed->classModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(ed->dscpModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(w.waitForChecks());
        QCOMPARE(ed->currentPolicy(), QStringLiteral("roce-lossless"));
        QCOMPARE(ed->policyFindingCount(), 0);
        QCOMPARE(ed->classModel()->rowCount(), 8);
        QCOMPARE(ed->dscpModel()->rowCount(), 64);
        const QModelIndex tc3 = ed->classModel()->index(3, PolicyClassModel::ColLossless);
        const QModelIndex tc4 = ed->classModel()->index(4, PolicyClassModel::ColLossless);
        QCOMPARE(tc3.data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
        QCOMPARE(tc4.data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
        QCOMPARE(ed->dscpModel()->index(26, 0).data().toInt(), 3);

        // Make priority 4 lossless too: one undo step; the NICs still have PFC on 3 only, so the
        // checks report LFP-NIC-PFC-MISMATCH naming the policy.
        QUndoStack* undo = w.document()->undoStack();
        const int before = undo->count();
        QVERIFY(ed->classModel()->setData(tc4, Qt::Checked, Qt::CheckStateRole));
        QCOMPARE(undo->count(), before + 1);
        QCOMPARE(field(w, "lossless"), std::string("3,4"));
        QCOMPARE(tc4.data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
        QVERIFY(w.waitForChecks());
        QCOMPARE(ed->policyFindingCount(), 1);
        QVERIFY(ed->findingsText().contains(QStringLiteral("1 finding")));
        QVERIFY(!w.findingsPanel()->model()->rowsWithCode(QStringLiteral("LFP-NIC-PFC-MISMATCH")).isEmpty());

        // Setting the NICs to the same priorities clears it.
        auto* nicPfc = ed->findChild<QLineEdit*>(QStringLiteral("policyField_nic.pfc"));
        QVERIFY(nicPfc);
        QCOMPARE(nicPfc->text(), QStringLiteral("3"));
        nicPfc->setText(QStringLiteral("3,4"));
        emit nicPfc->editingFinished();
        QCOMPARE(field(w, "nic.pfc"), std::string("3,4"));
        QVERIFY(w.waitForChecks());
        QCOMPARE(ed->policyFindingCount(), 0);

        // Undo both: the finding returns, then goes; the table shows priority 4 lossy again.
        undo->undo();
        QVERIFY(w.waitForChecks());
        QCOMPARE(ed->policyFindingCount(), 1);
        QCOMPARE(nicPfc->text(), QStringLiteral("3"));
        undo->undo();
        QVERIFY(w.waitForChecks());
        QCOMPARE(ed->policyFindingCount(), 0);
        QCOMPARE(field(w, "lossless"), std::string("3"));
        QCOMPARE(tc4.data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
        QVERIFY(!undo->canUndo() || undo->count() == before);
    }

    void spinBoxesMergeAndBadValuesAreRefused()
    {
        MainWindow w;
        w.setQuiet(true);
        w.openExample();
        PolicyEditor* ed = w.policyEditor();
        QUndoStack* undo = w.document()->undoStack();
        const int before = undo->count();
        auto* kmin = ed->findChild<QSpinBox*>(QStringLiteral("policyField_ecn.kmin"));
        QVERIFY(kmin);
        QCOMPARE(kmin->value(), 150000);
        // Typing 2, 20, 200000 is one undo step (ChangeValueCommand merges the same field).
        kmin->setValue(2);
        kmin->setValue(20);
        kmin->setValue(200000);
        QCOMPARE(undo->count(), before + 1);
        QCOMPARE(field(w, "ecn.kmin"), std::string("200000"));
        // A DSCP → TC edit in the table.
        QVERIFY(ed->dscpModel()->setData(ed->dscpModel()->index(34, 0), 3, Qt::EditRole));
        QCOMPARE(field(w, "dscp.34"), std::string("3"));
        QCOMPARE(undo->count(), before + 2);
        // A malformed duration is refused at the field: the error is shown and nothing is pushed.
        auto* det = ed->findChild<QLineEdit*>(QStringLiteral("policyField_pfc_watchdog.detection"));
        QVERIFY(det);
        QCOMPARE(det->text(), QStringLiteral("200ms"));
        det->setText(QStringLiteral("soon"));
        emit det->editingFinished();
        QCOMPARE(undo->count(), before + 2);
        QVERIFY(ed->errorText().contains(QStringLiteral("pfc_watchdog.detection")));
        QCOMPARE(field(w, "pfc_watchdog.detection"), std::string("200ms"));
        det->setText(QStringLiteral("400us"));
        emit det->editingFinished();
        QCOMPARE(field(w, "pfc_watchdog.detection"), std::string("400us"));
        QVERIFY(ed->errorText().isEmpty());
        // ETS of the RoCE class to 60 %: 60 + 50 ≠ 100, LFP-ETS-WEIGHTS-SUM names the policy.
        QVERIFY(ed->classModel()->setData(ed->classModel()->index(3, PolicyClassModel::ColEts), QStringLiteral("60"), Qt::EditRole));
        QCOMPARE(field(w, "ets.3"), std::string("60"));
        QVERIFY(w.waitForChecks());
        QVERIFY(!w.findingsPanel()->model()->rowsWithCode(QStringLiteral("LFP-ETS-WEIGHTS-SUM")).isEmpty());
        QVERIFY(ed->policyFindingCount() >= 1);
        // Undo everything: the policy is as generated.
        while (undo->count() > before && undo->canUndo())
            undo->undo();
        QCOMPARE(field(w, "ecn.kmin"), std::string("150000"));
        QCOMPARE(field(w, "ets.3"), std::string("50"));
        QCOMPARE(kmin->value(), 150000);
    }

    void bindRolesAndOverridePorts()
    {
        MainWindow w;
        w.setQuiet(true);
        w.openExample();
        PolicyEditor* ed = w.policyEditor();
        FabricDocument* doc = w.document();
        auto* leaf = ed->findChild<QCheckBox*>(QStringLiteral("bindRole_leaf"));
        QVERIFY(leaf);
        QCOMPARE(leaf->isChecked(), getField(doc->fabric(), ObjectRef::forRole(Role::Leaf), "policy") == "roce-lossless");
        QVERIFY(leaf->isChecked());
        leaf->setChecked(false);
        QCOMPARE(getField(doc->fabric(), ObjectRef::forRole(Role::Leaf), "policy"), std::string());
        doc->undoStack()->undo();
        QCOMPARE(getField(doc->fabric(), ObjectRef::forRole(Role::Leaf), "policy"), std::string("roce-lossless"));
        QVERIFY(leaf->isChecked());
        // Override on the selected ports: one command for all of them; remove in one more.
        doc->setSelection({ ObjectRef::forPort({ "leaf1", "Ethernet0" }), ObjectRef::forPort({ "leaf1", "Ethernet8" }) });
        const int before = doc->undoStack()->index();
        QTest::mouseClick(ed->findChild<QPushButton*>(QStringLiteral("overridePorts")), Qt::LeftButton);
        QCOMPARE(doc->undoStack()->index(), before + 1);
        QCOMPARE(doc->fabric().overrides.size(), std::size_t(2));
        QTest::mouseClick(ed->findChild<QPushButton*>(QStringLiteral("removeOverride")), Qt::LeftButton);
        QCOMPARE(doc->fabric().overrides.size(), std::size_t(0));
        // Nothing selected: refused with a message.
        doc->setSelection({});
        QTest::mouseClick(ed->findChild<QPushButton*>(QStringLiteral("overridePorts")), Qt::LeftButton);
        QVERIFY(!ed->errorText().isEmpty());
        QCOMPARE(doc->undoStack()->index(), before + 2);
    }

    // Every tab in Chinese and English, for a person to look at (LFP_SHOT_DIR=DIR saves them): no
    // label or check box narrower than its text needs.
    void tabsFitTheirLabels_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }
    void tabsFitTheirLabels()
    {
        QFETCH(QString, lang);
        QVERIFY(installTranslations(lang));
        {
            MainWindow w;
            w.setQuiet(true);
            w.openExample();
            w.resize(1400, 900);
            w.show();
            QVERIFY(w.showView(QStringLiteral("policy")));
            PolicyEditor* ed = w.policyEditor();
            auto* tabs = ed->findChild<QTabWidget*>();
            QVERIFY(tabs);
            QCOMPARE(tabs->count(), 5);
            for (int i = 0; i < tabs->count(); ++i) {
                tabs->setCurrentIndex(i);
                QCoreApplication::processEvents();
                QWidget* page = tabs->currentWidget();
                for (auto* l : page->findChildren<QLabel*>())
                    if (l->isVisible() && !l->wordWrap())
                        QVERIFY2(l->width() >= l->sizeHint().width(), qPrintable(l->text()));
                for (auto* b : page->findChildren<QCheckBox*>())
                    if (b->isVisible())
                        QVERIFY2(b->width() >= b->sizeHint().width(), qPrintable(b->text()));
                if (qEnvironmentVariableIsSet("LFP_SHOT_DIR"))
                    ed->grab().save(qEnvironmentVariable("LFP_SHOT_DIR") + QStringLiteral("/policy-%1-%2.png").arg(lang).arg(i));
            }
        }
        QVERIFY(installTranslations(QStringLiteral("en")));
    }
};

QTEST_MAIN(TstPolicyEditor)
#include "tst_policyeditor.moc"
