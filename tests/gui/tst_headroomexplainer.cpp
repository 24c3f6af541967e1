// SPDX-License-Identifier: GPL-3.0-or-later
// The headroom explainer (gui/views/headroomexplainer.h, --view headroom): the waterfall is built from
// computeHeadroom()'s terms and adds up to xon, xoff and size; the chart draws those numbers; the
// what-if sliders recompute at once and "Apply to Plan" is one undo step.
#ifndef Q_MOC_RUN // moc (Qt 6.4) cannot parse the C++20 standard headers the model pulls in
#include "gui/appearance.h"
#include "gui/application.h"
#include "gui/views/headroomexplainer.h"
#include "gui/views/headroompanel.h"
#include "gui/mainwindow.h"
#include "document/fabricdocument.h"

#include "model/asiccatalog.h"
#include "model/fabricindex.h"
#include "model/generators.h"
#include "planner/buffer/headroom.h"
#endif

#include <QAbstractItemModelTester>
#include <QBarSet>
#include <QComboBox>
#include <QHorizontalStackedBarSeries>
#include <QPushButton>
#include <QSlider>
#include <QStandardPaths>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <map>

using namespace lfp;
using namespace lfp::gui;

namespace {

const AsicCatalog& catalog()
{
    static const AsicCatalog c = AsicCatalog::loadDefault();
    return c;
}

HeadroomResult headroomOf(const char* asic, const char* speed, double cable)
{
    HeadroomInput in;
    in.speed = parseSpeed(speed);
    in.cable = Metres(cable);
    in.lanes = lanesFor(in.speed, asic);
    return computeHeadroom(*catalog().find(asic), in);
}

/// Checks that every total of the waterfall is its term's value and that its steps (and rest) lead to it.
void checkAddsUp(const HeadroomResult& r, const std::vector<WaterfallStep>& steps)
{
    std::map<std::string, double> bytes;
    for (const auto& t : r.terms)
        if (auto b = termBytes(t); b && !bytes.count(t.name))
            bytes[t.name] = *b;
    double running = 0;
    int totals = 0;
    for (const WaterfallStep& s : steps) {
        QVERIFY(s.value >= 0);
        if (s.kind == WaterfallStep::Total) {
            QCOMPARE(s.base, 0.0);
            QCOMPARE(s.value, bytes.at(s.term));
            QVERIFY2(std::abs(running - s.value) < 0.5 || running == 0, qPrintable(QStringLiteral("%1: steps %2, total %3").arg(qs(s.term)).arg(running).arg(s.value)));
            running = 0;
            ++totals;
        } else {
            if (s.kind == WaterfallStep::Step)
                QCOMPARE(s.signedValue, bytes.at(s.term));
            QCOMPARE(std::min(running, running + s.signedValue), s.base);
            running += s.signedValue;
        }
    }
    QVERIFY(totals >= 3);
    // xon, xoff and size are among the totals, with the result's numbers.
    for (const auto& [field, value] : { std::pair { "xon", r.xon.value() }, { "xoff", r.xoff.value() }, { "size", r.size.value() } }) {
        const auto it = std::find_if(steps.begin(), steps.end(), [&](const WaterfallStep& s) { return s.kind == WaterfallStep::Total && s.term == field; });
        QVERIFY2(it != steps.end(), field);
        QCOMPARE(it->value, static_cast<double>(value));
    }
}

} // namespace

class TstHeadroomExplainer : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(installTranslations(QStringLiteral("en")));
    }

    // Spectrum (sonic-swss Lua), IEEE 802.1Qbb (Silicon One) and a vendor table (Jericho2): each
    // waterfall ends at the planner's xon, xoff and size.
    void waterfallAddsUp_data()
    {
        QTest::addColumn<QString>("asic");
        QTest::addColumn<QString>("speed");
        QTest::addColumn<double>("cable");
        QTest::newRow("spectrum-3 100G 40m") << "spectrum-3" << "100G" << 40.0;
        QTest::newRow("spectrum-2 400G 300m") << "spectrum-2" << "400G" << 300.0;
        QTest::newRow("silicon-one-g200 400G 40m") << "silicon-one-g200" << "400G" << 40.0;
        QTest::newRow("jericho-2 100G 40m") << "jericho-2" << "100G" << 40.0;
    }
    void waterfallAddsUp()
    {
        QFETCH(QString, asic);
        QFETCH(QString, speed);
        QFETCH(double, cable);
        const HeadroomResult r = headroomOf(asic.toLatin1().constData(), speed.toLatin1().constData(), cable);
        const auto steps = headroomWaterfall(r);
        checkAddsUp(r, steps);
    }

    // Spectrum's propagation delay: its steps are the terms its formula names (port_mtu, peer_response,
    // bytes_on_cable, mac_phy_delay), in term order.
    void spectrumPropagationSteps()
    {
        const HeadroomResult r = headroomOf("spectrum-3", "100G", 40);
        const auto steps = headroomWaterfall(r);
        const auto total = std::find_if(steps.begin(), steps.end(), [](const WaterfallStep& s) { return s.kind == WaterfallStep::Total && s.term == "propagation_delay"; });
        QVERIFY(total != steps.end());
        std::vector<std::string> names;
        for (auto it = std::make_reverse_iterator(total); it != steps.rend() && it->kind != WaterfallStep::Total; ++it)
            names.insert(names.begin(), it->term);
        QCOMPARE(names, (std::vector<std::string> { "port_mtu", "peer_response", "bytes_on_cable", "mac_phy_delay" }));
    }

    // In the main window: the chart's bars are the waterfall's numbers, the terms table the planner's terms,
    // the sliders recompute at once and Apply to Plan is one undo step.
    void explainerInTheMainWindow()
    {
        MainWindow w;
        w.setQuiet(true);
        w.show();
        w.setFabric(exampleFabric(), {}, std::nullopt);
        QVERIFY(w.waitForChecks());
        HeadroomExplainer* x = w.headroomExplainer();
        QVERIFY(x);
        QAbstractItemModelTester tester(x->termsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(w.showView(QStringLiteral("headroom")));
        QVERIFY(w.headroomPanel()->shownPort()); // the view picked a switch port
        QVERIFY(w.selectObject(QStringLiteral("leaf1:Ethernet0")));
        QVERIFY(x->headingText().startsWith(QStringLiteral("leaf1:Ethernet0")));
        QCOMPARE(x->priorityBox()->count(), 1);
        QCOMPARE(x->priorityBox()->itemData(0).toInt(), 3); // the example's lossless priority

        const auto& r = *w.headroomPanel()->result();
        QCOMPARE(x->termsModel()->rowCount(), static_cast<int>(r.terms.size()));
        QCOMPARE(x->termsModel()->index(0, HeadroomTermsModel::TermColumn).data().toString(), qs(r.terms[0].name));
        checkAddsUp(r, x->steps());
        // The chart: per bar, base + one of (step, rest, total) = the waterfall's step.
        QHorizontalStackedBarSeries* s = x->series();
        QCOMPARE(s->count(), 4);
        const int n = static_cast<int>(x->steps().size());
        QCOMPARE(s->barSets()[0]->count(), n);
        for (int i = 0; i < n; ++i) {
            const WaterfallStep& st = x->steps()[static_cast<std::size_t>(i)];
            const int bar = n - 1 - i; // bottom-up
            QCOMPARE(s->barSets()[0]->at(bar), st.base);
            const int set = st.kind == WaterfallStep::Step ? 1 : st.kind == WaterfallStep::Rest ? 2 : 3;
            QCOMPARE(s->barSets()[set]->at(bar), st.value);
        }

        // What-if: 300 m cable on the slider → the panel computes the port with 300 m at once.
        const qint64 xoff0 = r.xoff.value();
        QVERIFY(!x->applyButton()->isEnabled());
        x->cableSlider()->setValue(300);
        QCOMPARE(w.headroomPanel()->inputs().cable.value(), 300.0);
        HeadroomInput in = w.headroomPanel()->planInput();
        in.cable = Metres(300);
        const HeadroomResult expected = computeHeadroom(*w.catalog()->find("spectrum-3"), in);
        QCOMPARE(w.headroomPanel()->result()->xoff.value(), expected.xoff.value());
        QVERIFY(expected.xoff.value() > xoff0);
        QVERIFY(x->resultText().contains(QString::number(expected.xoff.value())));
        QVERIFY(x->applyButton()->isEnabled());
        // The speed slider: 400G (lanes follow the speed as in the panel).
        const auto& speeds = HeadroomExplainer::sliderSpeeds();
        const int i400 = static_cast<int>(std::find(speeds.begin(), speeds.end(), parseSpeed("400G")) - speeds.begin());
        x->speedSlider()->setValue(i400);
        QCOMPARE(w.headroomPanel()->inputs().speed, parseSpeed("400G"));
        QCOMPARE(w.headroomPanel()->inputs().lanes, lanesFor(parseSpeed("400G"), "spectrum-3"));
        x->speedSlider()->setValue(static_cast<int>(std::find(speeds.begin(), speeds.end(), parseSpeed("100G")) - speeds.begin()));
        // Apply: one undo step sets the link's length to 300 m.
        const int steps = w.document()->undoStack()->count();
        x->applyButton()->click();
        QVERIFY(w.waitForChecks());
        QCOMPARE(w.document()->undoStack()->count(), steps + 1);
        auto cableOf = [&] { return FabricIndex(*w.fabric()).findLinkAt({ "leaf1", "Ethernet0" })->length.value(); };
        QCOMPARE(cableOf(), 300.0);
        w.document()->undoStack()->undo();
        QVERIFY(cableOf() < 300.0);

        // The ASIC box: another ASIC recomputes with its model.
        QVERIFY(w.selectObject(QStringLiteral("leaf1:Ethernet0")));
        x->setAsic(QStringLiteral("silicon-one-g200"));
        QCOMPARE(w.headroomPanel()->asicId(), QStringLiteral("silicon-one-g200"));
        QCOMPARE(w.headroomPanel()->result()->model, std::string("ieee-8021qbb"));
        checkAddsUp(*w.headroomPanel()->result(), x->steps());
    }
};

QTEST_MAIN(TstHeadroomExplainer)
#include "tst_headroomexplainer.moc"
