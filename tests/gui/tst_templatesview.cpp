// SPDX-License-Identifier: GPL-3.0-or-later
// The threshold templates view (gui/views/templatesview.h, --view templates): the grid is buildTemplate()'s
// (the code of `lfp template`), the heat map's colours follow the headroom size, and the exports are
// renderTemplate()'s bytes in each of the CLI's formats.
#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers the model pulls in
#include "gui/application.h"
#include "gui/mainwindow.h"
#include "gui/views/templatesview.h"

#include "exporters/templates.h"
#include "model/asiccatalog.h"
#include "model/generators.h"
#endif

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace lfp;
using namespace lfp::gui;

class TstTemplatesView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(installTranslations(QStringLiteral("en")));
    }

    // The grid and every export format equal the exporter's for the same request.
    void gridAndExportsAreTheExportersOutput_data()
    {
        QTest::addColumn<QString>("asic");
        QTest::newRow("spectrum-3") << "spectrum-3";
        QTest::newRow("jericho-2") << "jericho-2";
        QTest::newRow("silicon-one-g200") << "silicon-one-g200";
    }
    void gridAndExportsAreTheExportersOutput()
    {
        QFETCH(QString, asic);
        auto cat = std::make_shared<const AsicCatalog>(AsicCatalog::loadDefault());
        TemplatesView v;
        QAbstractItemModelTester tester(v.gridModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        v.setCatalog(cat);
        QVERIFY2(v.setGrid(asic, QStringLiteral("25G, 100G,400G"), QStringLiteral("5m,40m,300m"), 9100), qPrintable(v.errorText()));
        QCOMPARE(v.gridModel()->rowCount(), 3);
        QCOMPARE(v.gridModel()->columnCount(), 3);
        QCOMPARE(v.gridModel()->headerData(2, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("400G"));
        QCOMPARE(v.gridModel()->headerData(1, Qt::Vertical, Qt::DisplayRole).toString(), QStringLiteral("40m"));

        const AsicProfile& a = *cat->find(asic.toStdString());
        TemplateRequest req;
        req.speeds = { parseSpeed("25G"), parseSpeed("100G"), parseSpeed("400G") };
        req.cables = { Metres(5), Metres(40), Metres(300) };
        req.mtus = { Bytes(9100) };
        const auto rows = buildTemplate(a, req);
        QCOMPARE(rows.size(), std::size_t { 9 });
        for (const TemplateRow& r : rows) {
            const int c = static_cast<int>(std::find(req.speeds.begin(), req.speeds.end(), r.speed) - req.speeds.begin());
            const int rr = static_cast<int>(std::find(req.cables.begin(), req.cables.end(), r.cable) - req.cables.begin());
            const QModelIndex idx = v.gridModel()->index(rr, c);
            QCOMPARE(idx.data(Qt::UserRole).toLongLong(), r.headroom.size.value());
            QCOMPARE(idx.data().toString(),
                QStringLiteral("%1 / %2 / %3").arg(r.headroom.xon.value()).arg(r.headroom.xoff.value()).arg(r.headroom.size.value()));
        }
        for (const TemplateFormat f : { TemplateFormat::Csv, TemplateFormat::Markdown, TemplateFormat::SonicIni })
            QCOMPARE(v.rendered(f), QString::fromStdString(renderTemplate(a, rows, f)));

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("pg_profile_lookup.ini"));
        QVERIFY(v.exportTo(path, TemplateFormat::SonicIni));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(file.readAll()), QString::fromStdString(renderTemplate(a, rows, TemplateFormat::SonicIni)));
        QVERIFY(v.commandLine().contains(QStringLiteral("lfp template --asic %1 --speeds 25G,100G,400G --cables 5m,40m,300m --mtu 9100").arg(asic)));
    }

    // The heat map colours by the chosen quantity: the largest value gets the darkest colour.
    void heatColoursFollowTheSize()
    {
        TemplatesView v;
        v.setCatalog(std::make_shared<const AsicCatalog>(AsicCatalog::loadDefault()));
        QVERIFY(v.setGrid(QStringLiteral("spectrum-3"), QStringLiteral("25G,100G,400G"), QStringLiteral("5m,300m"), 9100));
        TemplateGridModel* m = v.gridModel();
        QModelIndex lightest, darkest;
        for (int r = 0; r < m->rowCount(); ++r)
            for (int c = 0; c < m->columnCount(); ++c) {
                const QModelIndex i = m->index(r, c);
                if (!lightest.isValid() || i.data(Qt::UserRole).toLongLong() < lightest.data(Qt::UserRole).toLongLong())
                    lightest = i;
                if (!darkest.isValid() || i.data(Qt::UserRole).toLongLong() > darkest.data(Qt::UserRole).toLongLong())
                    darkest = i;
            }
        QCOMPARE(darkest.row(), 1); // 300 m
        QCOMPARE(darkest.column(), 2); // 400G
        QCOMPARE(darkest.data(Qt::UserRole).toLongLong(), m->maximum());
        QVERIFY(qvariant_cast<QColor>(darkest.data(Qt::BackgroundRole)).lightness() < qvariant_cast<QColor>(lightest.data(Qt::BackgroundRole)).lightness());
        m->setQuantity(TemplateGridModel::Quantity::Xon);
        QCOMPARE(darkest.data(Qt::UserRole).toLongLong(), m->cell(1, 2)->headroom.xon.value());
        QVERIFY(!v.heatMap()->grab().isNull());
    }

    // Bad input names the problem and leaves an empty grid (nothing to export).
    void badInput()
    {
        TemplatesView v;
        v.setCatalog(std::make_shared<const AsicCatalog>(AsicCatalog::loadDefault()));
        QVERIFY(!v.setGrid(QStringLiteral("spectrum-3"), QStringLiteral("fast"), QStringLiteral("5m"), 9100));
        QVERIFY(!v.errorText().isEmpty());
        QCOMPARE(v.gridModel()->rowCount(), 0);
        QVERIFY(v.rendered(TemplateFormat::Csv).isEmpty());
        QVERIFY(!v.setGrid(QStringLiteral("no-such-asic"), QStringLiteral("100G"), QStringLiteral("5m"), 9100));
    }

    void mainWindowView()
    {
        MainWindow w;
        w.setQuiet(true);
        w.show();
        w.setFabric(exampleFabric(), {}, std::nullopt);
        QVERIFY(w.waitForChecks());
        QVERIFY(w.showView(QStringLiteral("templates")));
        QVERIFY(w.templatesView()->isVisible());
        QCOMPARE(w.templatesView()->asicBox()->currentData().toString(), QStringLiteral("spectrum-3"));
        QVERIFY(w.templatesView()->gridModel()->rowCount() > 0);
    }

    // Issue 37: the view opens on the project's ASIC (that of most switches), follows a new project,
    // and keeps an ASIC the user picked.
    void opensOnTheProjectsAsic()
    {
        Fabric f = exampleFabric();
        int switches = 0;
        for (Node& n : f.nodes)
            if (n.isSwitch())
                n.asic = switches++ == 0 ? "spectrum-2" : "tomahawk-4";
        QVERIFY(switches >= 3);
        QCOMPARE(TemplatesView::projectAsic(f), QStringLiteral("tomahawk-4"));
        MainWindow w;
        w.setQuiet(true);
        w.show();
        w.setFabric(f, {}, std::nullopt);
        QVERIFY(w.waitForChecks());
        QVERIFY(w.showView(QStringLiteral("templates")));
        QCOMPARE(w.templatesView()->asicBox()->currentData().toString(), QStringLiteral("tomahawk-4"));
        w.setFabric(exampleFabric(), {}, std::nullopt);
        QVERIFY(w.waitForChecks());
        QCOMPARE(w.templatesView()->asicBox()->currentData().toString(), QStringLiteral("spectrum-3"));
        QVERIFY(w.templatesView()->setGrid(QStringLiteral("trident-4"), QStringLiteral("100G"), QStringLiteral("5m"), 9100));
        w.setFabric(f, {}, std::nullopt);
        QVERIFY(w.waitForChecks());
        QCOMPARE(w.templatesView()->asicBox()->currentData().toString(), QStringLiteral("trident-4"));
    }
};

QTEST_MAIN(TstTemplatesView)
#include "tst_templatesview.moc"
