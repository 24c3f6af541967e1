// SPDX-License-Identifier: GPL-3.0-or-later
// The resolved DevicePlan (planner/plan/deviceplan.h): a port's classes, queues and PGs, the ECN thresholds
// in bytes and as a fraction of the queue buffer (the budget's dtShareOne), the headroom with its pool,
// the NIC settings with the RoCE ToS, the one rule for the governing policy, the device selection.
#ifndef Q_MOC_RUN
#include "model/asiccatalog.h"
#include "model/errors.h"
#include "model/fabricindex.h"
#include "model/generators.h"
#include "planner/plan/deviceplan.h"

#include <QTest>
#endif

using namespace lfp;

namespace {

const AsicCatalog& catalog()
{
    static const AsicCatalog c = AsicCatalog::loadDefault();
    return c;
}

const DevicePlan& deviceNamed(const DevicePlans& plans, const std::string& name)
{
    for (const auto& d : plans.devices)
        if (d.name == name)
            return d;
    throw std::runtime_error("no plan for " + name);
}

const PortPlan* firstActivePort(const DevicePlan& d)
{
    for (const auto& p : d.ports)
        if (p.active && p.qos)
            return &p;
    return nullptr;
}

} // namespace

class TestDevicePlan : public QObject {
    Q_OBJECT
private slots:
    void portClassesAreResolved()
    {
        const Fabric f = exampleFabric();
        const FabricIndex index(f);
        const DevicePlans plans = buildDevicePlans(f, index, catalog());
        QCOMPARE(plans.devices.size(), f.nodes.size());
        const DevicePlan& leaf = deviceNamed(plans, "leaf1");
        QVERIFY(leaf.isSwitch);
        const PortPlan* p = firstActivePort(leaf);
        QVERIFY(p);
        const PolicyPlan& pol = *p->qos;
        // defaultRocePolicy(): DSCP 26 → priority 3 lossless, PG 3, queue 3; CNP DSCP 48 → 6, strict.
        const ClassPlan& roce = pol.classes[3];
        QCOMPARE(roce.tc, 3);
        QVERIFY(roce.lossless);
        QCOMPARE(roce.pg, 3);
        QCOMPARE(roce.queue, 3);
        QVERIFY(std::find(roce.dscp.begin(), roce.dscp.end(), 26) != roce.dscp.end());
        QVERIFY(pol.classes[6].cnp);
        QVERIFY(!pol.classes[6].lossless);
        QVERIFY(std::find(pol.classes[6].dscp.begin(), pol.classes[6].dscp.end(), 48) != pol.classes[6].dscp.end());
        QCOMPARE(pol.pfcBitmap, std::uint8_t(1U << 3));
        QVERIFY(pol.losslessPgs.count(3));
        QVERIFY(pol.losslessQueues.count(3));
        QVERIFY(pol.queues[3].lossless);
        QCOMPARE(*pol.queues[3].mode, SchedulerMode::Dwrr);
        QCOMPARE(pol.queues[3].weight, 50);
        QCOMPARE(*pol.queues[6].mode, SchedulerMode::Strict);
        QVERIFY(!pol.queues[6].guaranteedRate);
        QVERIFY(pol.queues[6].cnp);
        QVERIFY(pol.watchdog.active);
        QCOMPARE(pol.watchdog.priorities, std::vector<int> { 3 });
        QVERIFY(!pol.watchdog.poll);
        // The port's own facts.
        QCOMPARE(p->name, p->port->name);
        QCOMPARE(p->mtu, p->port->mtu);
        QCOMPARE(p->speed, p->port->speed);
        QVERIFY(p->peerNode);
    }

    void ecnAsFractionOfQueueBuffer()
    {
        const Fabric f = exampleFabric();
        const FabricIndex index(f);
        const DevicePlans plans = buildDevicePlans(f, index, catalog(), DeviceSelection { { "leaf1" }, {} });
        QCOMPARE(plans.devices.size(), std::size_t(1));
        const DevicePlan& leaf = plans.devices.front();
        QVERIFY(leaf.budget);
        QVERIFY(leaf.queueBuffer);
        QCOMPARE(*leaf.queueBuffer, leaf.budget->dtShareOne);
        const QueuePlan& q3 = leaf.governing->queues[3];
        QVERIFY(q3.ecn);
        const EcnPlan& e = *q3.ecn;
        QCOMPARE(e.kmin, Bytes(150'000));
        QCOMPARE(e.kmax, Bytes(1'500'000));
        QVERIFY(e.queueBuffer);
        const double qb = static_cast<double>(leaf.budget->dtShareOne.value());
        QVERIFY(qFuzzyCompare(*e.kminFraction, 150'000.0 / qb));
        QVERIFY(qFuzzyCompare(*e.kmaxFraction, 1'500'000.0 / qb));
        // A queue the plan keeps unmarked has no ECN.
        QVERIFY(!leaf.governing->queues[0].ecn);
    }

    void headroomWithItsPool()
    {
        const Fabric f = exampleFabric();
        const FabricIndex index(f);
        const DevicePlans plans = buildDevicePlans(f, index, catalog(), DeviceSelection { { "leaf1" }, {} });
        const DevicePlan& leaf = plans.devices.front();
        QVERIFY(leaf.pools);
        QVERIFY(!leaf.pools->pools.empty());
        const PortPlan* p = firstActivePort(leaf);
        QVERIFY(p && p->headroom);
        QCOMPARE(p->headroom->xoff, p->budget->headroom->xoff);
        QCOMPARE(p->headroom->xon, p->budget->headroom->xon);
        QCOMPARE(p->headroom->size, p->budget->headroom->size);
        QCOMPARE(p->headroom->pool, leaf.pools->ingressLossless);
        QCOMPARE(p->headroom->pgs, 1);
        QVERIFY(p->headroomWholeMetres);
        QCOMPARE(p->headroomWholeMetres->cable.value(), std::ceil(p->link->length.value() - 1e-9));
    }

    void hostNicSettings()
    {
        Fabric f = exampleFabric();
        f.policies.front().nic.roceDscp = 26;
        const FabricIndex index(f);
        const DevicePlans plans = buildDevicePlans(f, index, catalog(), DeviceSelection { {}, Role::Host });
        QVERIFY(!plans.devices.empty());
        for (const auto& d : plans.devices)
            QVERIFY(!d.isSwitch);
        const DevicePlan& host = plans.devices.front();
        QVERIFY(!host.pools);
        QVERIFY(!host.budget);
        const PortPlan* p = firstActivePort(host);
        QVERIFY(p);
        const NicPlan& nic = p->qos->nic;
        QCOMPARE(nic.roceTos, 106); // 26 << 2 | ECT(0)
        QCOMPARE(nic.trust, TrustMode::Dscp);
        QCOMPARE(nic.dscpToPriority[26], 3);
        QCOMPARE(nic.cnpDscp, 48);
        QCOMPARE(nic.cnpPriority, 6);
        QVERIFY(nic.consistent());
        QCOMPARE(nic.ecnPriorities, std::vector<int> { 3 });
        QVERIFY(nic.dcqcnRp && nic.dcqcnNp);
    }

    void nicInconsistencyIsResolved()
    {
        Fabric f = exampleFabric();
        f.policies.front().nic.roceDscp = 24; // maps to priority 3 only when the policy says so
        const FabricIndex index(f);
        const DevicePlans plans = buildDevicePlans(f, index, catalog(), DeviceSelection { {}, Role::Host });
        const NicPlan& nic = firstActivePort(plans.devices.front())->qos->nic;
        QCOMPARE(nic.roceTos, (24 << 2) | 2);
        QCOMPARE(nic.roceMapped, f.policies.front().dscpToTc[24]);
        QCOMPARE(nic.consistent(), f.policies.front().dscpToTc[24] == 3);
    }

    void governingPolicyIsTheMostUsed()
    {
        QosPolicy a, b;
        a.name = "a";
        b.name = "b";
        // First used a, but b on more ports: b governs.
        QCOMPARE(governingPolicy({ &a, &b }, { &a, &b, &b, nullptr }), &b);
        // A tie goes to the first used.
        QCOMPARE(governingPolicy({ &a, &b }, { &a, &b }), &a);
        QCOMPARE(governingPolicy({}, {}), static_cast<const QosPolicy*>(nullptr));
    }

    void unknownDeviceIsRefused()
    {
        const Fabric f = exampleFabric();
        const FabricIndex index(f);
        QVERIFY_THROWS_EXCEPTION(InputError, buildDevicePlans(f, index, catalog(), DeviceSelection { { "no-such-switch" }, {} }));
    }
};

QTEST_GUILESS_MAIN(TestDevicePlan)
#include "tst_deviceplan.moc"
