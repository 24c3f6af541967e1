// SPDX-License-Identifier: GPL-3.0-or-later
// The New Fabric wizard (gui/dialogs/newfabricwizard.h) builds the fabric `lfp generate` builds from the same
// options, byte for byte in the native JSON; it refuses what the CLI refuses; the main window's
// File ▸ New Fabric shows it. The overlay toolbar (gui/canvas/overlays.h) changes the scene when toggled.
#include "gui/canvas/fabricscene.h"
#include "gui/mainwindow.h"
#include "gui/dialogs/newfabricwizard.h"
#include "gui/canvas/overlays.h"
#include "document/fabricdocument.h"
#include "model/fabricjson.h"
#include "model/generators.h"
#include "tests/common/clirun.h"

#include <QAction>
#include <QComboBox>
#include <QApplication>
#include <QTest>
#include <QTimer>

using namespace lfp;
using namespace lfp::gui;

class TstNewFabricWizard : public QObject {
    Q_OBJECT
private:
    static QByteArray wizardJson(NewFabricWizard& w)
    {
        w.accept();
        if (!w.result())
            return "refused: " + w.errorText().toUtf8();
        return QByteArray::fromStdString(fabricToJsonText(*w.result()));
    }

private slots:
    void leafSpineMatchesCli()
    {
        NewFabricWizard w(nullptr);
        w.setField(QStringLiteral("topology"), int(NewFabricWizard::LeafSpine));
        w.setField(QStringLiteral("spines"), 3);
        w.setField(QStringLiteral("leaves"), 6);
        w.setField(QStringLiteral("hostsPerLeaf"), 5);
        w.setField(QStringLiteral("hostSpeed"), QStringLiteral("200G"));
        w.setField(QStringLiteral("mtu"), 4200);
        w.setField(QStringLiteral("lossless"), QStringLiteral("3,4"));
        w.setField(QStringLiteral("roceDscp"), QStringLiteral("26,34"));
        w.setField(QStringLiteral("cnpDscp"), 46);
        w.setField(QStringLiteral("ecn"), QStringLiteral("100KB,1000KB,20%"));
        const QByteArray got = wizardJson(w);
        const auto cli = lfptest::runLfp({ "generate", "leaf-spine", "--spines", "3", "--leaves", "6", "--hosts-per-leaf", "5",
            "--host-speed", "200G", "--mtu", "4200", "--lossless", "3,4", "--roce-dscp", "26,34", "--cnp-dscp", "46", "--ecn",
            "100KB,1000KB,20%" });
        QCOMPARE(cli.code, 0);
        QCOMPARE(got, cli.out);
        QCOMPARE(int(w.result()->switchCount()), 9);
        QCOMPARE(int(w.result()->hostCount()), 30);
    }

    void fatTreeOtherAsicMatchesCli()
    {
        // Another ASIC without a model: the switch model is a platform of it, as the CLI picks it.
        NewFabricWizard w(nullptr);
        w.setField(QStringLiteral("topology"), int(NewFabricWizard::FatTree));
        QCOMPARE(w.field(QStringLiteral("fabricSpeed")).toString(), QStringLiteral("100G")); // fat-tree defaults
        w.setField(QStringLiteral("k"), 6);
        w.setField(QStringLiteral("asic"), QStringLiteral("spectrum-4"));
        const QByteArray got = wizardJson(w);
        const auto cli = lfptest::runLfp({ "generate", "fat-tree", "--k", "6", "--asic", "spectrum-4" });
        QCOMPARE(cli.code, 0);
        QCOMPARE(got, cli.out);
    }

    void portNamesMatchCli()
    {
        // Port names of another target (`--port-names junos`): the same fabric as the CLI's.
        NewFabricWizard w(nullptr);
        w.setField(QStringLiteral("topology"), int(NewFabricWizard::FatTree));
        w.setField(QStringLiteral("k"), 4);
        auto* names = w.findChild<QComboBox*>(QStringLiteral("portNamesCombo"));
        QVERIFY(names);
        names->setCurrentIndex(names->findData(QStringLiteral("junos")));
        const QByteArray got = wizardJson(w);
        const auto cli = lfptest::runLfp({ "generate", "fat-tree", "--k", "4", "--port-names", "junos" });
        QCOMPARE(cli.code, 0);
        QCOMPARE(got, cli.out);
        QVERIFY(got.contains("\"et-0/0/0\""));
    }

    void railNoPolicyMatchesCli()
    {
        NewFabricWizard w(nullptr);
        w.setField(QStringLiteral("topology"), int(NewFabricWizard::Rail));
        QCOMPARE(w.field(QStringLiteral("asic")).toString(), QStringLiteral("spectrum-4"));
        w.setField(QStringLiteral("servers"), 16);
        w.setField(QStringLiteral("gpusPerServer"), 4);
        w.setField(QStringLiteral("rails"), 4);
        w.setField(QStringLiteral("leafPorts"), 32);
        w.setField(QStringLiteral("switchModel"), QStringLiteral("SN5400"));
        w.setField(QStringLiteral("policy"), false);
        const QByteArray got = wizardJson(w);
        const auto cli = lfptest::runLfp({ "generate", "rail", "--servers", "16", "--gpus-per-server", "4", "--rails", "4", "--leaf-ports",
            "32", "--switch-model", "SN5400", "--no-policy" });
        QCOMPARE(cli.code, 0);
        QCOMPARE(got, cli.out);
        QVERIFY(w.result()->policies.empty());
    }

    void refusesWhatTheCliRefuses()
    {
        NewFabricWizard w(nullptr);
        w.setField(QStringLiteral("asic"), QStringLiteral("spectrum4"));
        w.accept();
        QVERIFY(!w.result());
        QVERIFY2(w.errorText().contains(QStringLiteral("did you mean spectrum-4")), qPrintable(w.errorText()));
        const auto cli = lfptest::runLfp({ "generate", "leaf-spine", "--spines", "2", "--leaves", "4", "--hosts-per-leaf", "4", "--asic", "spectrum4" });
        QCOMPARE(cli.code, 2);
        QVERIFY(cli.err.contains("did you mean spectrum-4"));

        w.setField(QStringLiteral("asic"), QStringLiteral("spectrum-3"));
        w.setField(QStringLiteral("ecn"), QStringLiteral("150KB,1500KB"));
        w.accept();
        QVERIFY(!w.result());
        QVERIFY2(w.errorText().contains(QStringLiteral("Kmin,Kmax,Pmax")), qPrintable(w.errorText()));
        w.setField(QStringLiteral("ecn"), QString());
        w.setField(QStringLiteral("hostSpeed"), QStringLiteral("fast"));
        w.accept();
        QVERIFY(!w.result());
    }

    void mainWindowNewFabric()
    {
        MainWindow win;
        win.setQuiet(true);
        win.openExample();
        const std::size_t before = win.fabric()->nodes.size();
        QTimer::singleShot(0, [&] {
            auto* w = win.findChild<NewFabricWizard*>();
            QVERIFY(w);
            w->setField(QStringLiteral("spines"), 4);
            w->setField(QStringLiteral("leaves"), 8);
            w->setField(QStringLiteral("hostsPerLeaf"), 2);
            w->accept();
        });
        QVERIFY(win.newFabric());
        QCOMPARE(win.fabric()->nodes.size(), std::size_t(4 + 8 + 16));
        QVERIFY(win.fabric()->nodes.size() != before);
        QVERIFY(win.currentFile().isEmpty()); // a new untitled document
        QVERIFY2(win.statusText().contains(QStringLiteral("Untitled (not saved)")), qPrintable(win.statusText()));
        QCOMPARE(win.scene()->nodeItemCount() > 0, true);
    }

    void overlayToggles()
    {
        MainWindow win;
        win.setQuiet(true);
        win.setFabric(generateLeafSpine(2, 2, 2), {}, std::nullopt); // default RoCE policy on every role
        OverlayToolBar* bar = win.overlayToolBar();
        QVERIFY(bar);
        FabricScene* scene = win.scene();
        const std::size_t links = win.fabric()->links.size();
        auto overlaid = [&] {
            int n = 0;
            for (std::size_t l = 0; l < links; ++l)
                if (scene->linkItem(l) && scene->linkItem(l)->overlay().isValid())
                    ++n;
            return n;
        };
        QCOMPARE(overlaid(), 0);
        bar->pfcAction()->setChecked(true);
        QCOMPARE(overlaid(), int(links)); // every link lossless at both ends
        QCOMPARE(scene->linkItem(0)->overlay(), OverlayToolBar::pfcColour());

        // Headroom: exclusive with PFC; a 1 KB threshold puts every lossless link above it, a huge one below.
        bar->setHeadroomThreshold(Bytes(1000));
        bar->headroomAction()->setChecked(true);
        QVERIFY(!bar->pfcAction()->isChecked());
        QCOMPARE(overlaid(), int(links));
        QCOMPARE(scene->linkItem(0)->overlay(), OverlayToolBar::overThresholdColour());
        bar->setHeadroomThreshold(Bytes(100'000'000));
        QCOMPARE(scene->linkItem(0)->overlay(), OverlayToolBar::underThresholdColour());
        bar->headroomAction()->setChecked(false);
        QCOMPARE(overlaid(), 0);

        // Deadlock cycles: shown while on.
        bar->setDeadlockCycles({ { 0, 1 } });
        QCOMPARE(scene->cycleOverlay().size(), std::size_t(1));
        QCOMPARE(scene->linkItem(0)->overlay(), FabricScene::cycleColour());
        bar->cyclesAction()->setChecked(false);
        QVERIFY(scene->cycleOverlay().empty());
        QCOMPARE(overlaid(), 0);
        bar->cyclesAction()->setChecked(true);
        QCOMPARE(scene->cycleOverlay().size(), std::size_t(1));

        // Findings badges: hidden and shown again.
        std::vector<std::tuple<int, int, QString>> badges(win.fabric()->nodes.size());
        badges[0] = { 2, 1, QStringLiteral("2 errors") };
        scene->setBadges(badges);
        QCOMPARE(scene->nodeItem(0)->badgeErrors(), 2);
        bar->findingsAction()->setChecked(false);
        QCOMPARE(scene->nodeItem(0)->badgeErrors(), 0);
        bar->findingsAction()->setChecked(true);
        QCOMPARE(scene->nodeItem(0)->badgeErrors(), 2);
    }
};

QTEST_MAIN(TstNewFabricWizard)
#include "tst_newfabricwizard.moc"
