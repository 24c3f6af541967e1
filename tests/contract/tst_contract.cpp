// SPDX-License-Identifier: GPL-3.0-or-later
// The lossless contract (planner/checks/contract.h), issue 33. A mutation suite: single-field changes to a
// correct plan (the bundled example: 2 spines, 4 leaves, 16 hosts, DCQCN on DSCP 26 / priority 3, CNP
// DSCP 48 / priority 6), each caught at the right hop, class and direction, and nowhere else; the clean
// plans of the reference profiles (NVIDIA, Azure, Juniper with Thor2 NICs, Meta PFC-only, Huawei
// Ascend) give no finding.
#ifndef Q_MOC_RUN
#include "model/fabricindex.h"
#include "model/fabricjson.h"
#include "model/generators.h"
#include "planner/checks/contract.h"
#include "model/errors.h"
#include "model/fileio.h"
#include "planner/checks/contractevidence.h"
#include "planner/checks/contractsets.h"
#include "planner/routing/certificatefix.h"
#include "importers/nicevidence.h"
#include "planner/findings/findingregistry.h"

#include <QtTest>
#include <fmt/format.h>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>
#endif

using namespace lfp;

using Mutation = std::function<void(Fabric&)>;
Q_DECLARE_METATYPE(Mutation)

namespace {

QosPolicy& derive(Fabric& f, const std::string& name)
{
    QosPolicy p = f.policies.front();
    p.name = name;
    f.policies.push_back(p);
    return f.policies.back();
}

/// Overrides one port with a copy of the fabric's policy changed by @p edit.
void onPort(Fabric& f, const std::string& node, const std::string& port, const std::function<void(QosPolicy&)>& edit)
{
    QosPolicy& p = derive(f, "mut-" + node + "-" + port);
    edit(p);
    f.overrides.push_back({ { node, port }, p.name });
}

/// Overrides every port of @p node with a copy of the fabric's policy changed by @p edit.
void onNode(Fabric& f, const std::string& node, const std::function<void(QosPolicy&)>& edit)
{
    QosPolicy& p = derive(f, "mut-" + node);
    edit(p);
    const std::string name = p.name;
    for (const Port& port : f.findNode(node)->ports)
        f.overrides.push_back({ { node, port.name }, name });
}

void onNic(Fabric& f, const std::string& host, const std::function<void(HostNicSettings&)>& edit)
{
    onNode(f, host, [&](QosPolicy& p) { edit(p.nic); });
}

/// Every policy of the fabric changed by @p edit (a reference profile, or a base for a mutation).
void everywhere(Fabric& f, const std::function<void(QosPolicy&)>& edit)
{
    for (QosPolicy& p : f.policies)
        edit(p);
}

void pfcOnly(QosPolicy& p)
{
    p.contract = ContractProfile::PfcOnly;
    p.ecn.clear();
    p.nic.ecnReactionPoint = p.nic.ecnNotificationPoint = false;
}

void ecnOnly(QosPolicy& p)
{
    p.contract = ContractProfile::EcnOnly;
    p.losslessPriorities.clear();
    p.nic.pfcBitmap = 0;
}

/// CNP class on DSCP @p dscp / priority @p prio on switches and NICs alike (strict queue @p prio).
void cnpClass(QosPolicy& p, int dscp, int prio)
{
    p.dscpToTc[static_cast<std::size_t>(p.cnpDscp)] = 0;
    p.dscpToTc[static_cast<std::size_t>(dscp)] = prio;
    for (auto& e : p.ets)
        if (e.queue == p.cnpPriority)
            e.queue = prio;
    for (auto& c : p.classes)
        if (c.id == p.cnpPriority)
            c.id = prio;
    p.cnpDscp = p.nic.cnpDscp = dscp;
    p.cnpPriority = p.nic.cnpPriority = prio;
}

/// RoCE data on DSCP @p dscp / priority @p prio (PG, queue and ECN follow the priority).
void dataClass(QosPolicy& p, int dscp, int prio)
{
    p.dscpToTc[static_cast<std::size_t>(p.nic.roceDscp)] = 0;
    p.dscpToTc[static_cast<std::size_t>(dscp)] = prio;
    p.tcToPg[static_cast<std::size_t>(p.nic.rocePriority)] = 0;
    p.tcToPg[static_cast<std::size_t>(prio)] = prio;
    for (auto& e : p.ets)
        if (e.queue == p.nic.rocePriority)
            e.queue = prio;
    for (auto& e : p.ecn)
        e.queues = { prio };
    for (auto& c : p.classes)
        if (c.id == p.nic.rocePriority)
            c.id = prio;
    if (!p.losslessPriorities.empty())
        p.losslessPriorities = { prio };
    if (p.nic.pfcBitmap)
        p.nic.pfcBitmap = static_cast<std::uint8_t>(1u << prio);
    p.nic.roceDscp = dscp;
    p.nic.rocePriority = prio;
}

ContractResult run(const Fabric& f, ContractOptions o = {})
{
    const FabricSnapshot s = makeSnapshot(f);
    return checkContract(*s.index, o);
}

QString describe(const ContractResult& r)
{
    QStringList out;
    for (std::size_t i = 0; i < r.findings.size(); ++i)
        out << QString::fromStdString(fmt::format("{}/{} at {} {} ({}): {}", toString(r.sites[i].cls), toString(r.sites[i].direction),
                   r.sites[i].hop, r.sites[i].port, r.sites[i].field, r.findings[i].message));
    return out.join(QLatin1Char('\n'));
}

/// The reference profiles (docs/contract.md): each a clean plan.
Fabric referenceProfile(const QString& name)
{
    Fabric f = exampleFabric();
    if (name == QLatin1String("nvidia")) // ConnectX + Spectrum "roce lossless": DSCP 26 / prio 3, CNP 48 / 6
        return f;
    if (name == QLatin1String("azure")) // CNP DSCP 46 (the issue; Azure's NSDI 2023 RDMA paper)
        everywhere(f, [](QosPolicy& p) { cnpClass(p, 46, 6); });
    else if (name == QLatin1String("juniper-thor2")) // Thor2 NICs send CNPs on priority 7; the fabric's CNP class 7
        everywhere(f, [](QosPolicy& p) { cnpClass(p, 48, 7); });
    else if (name == QLatin1String("meta-pfc-only")) // PFC without DCQCN (Meta, SIGCOMM 2024)
        everywhere(f, pfcOnly);
    else if (name == QLatin1String("ascend")) // HCCL: ToS 132 → DSCP 33, SL/priority 4; ECN bits 0
        everywhere(f, [](QosPolicy& p) {
            dataClass(p, 33, 4);
            pfcOnly(p);
            p.nic.appTos = 132;
        });
    return f;
}


/// A fabric where the routing models disagree (the example's policies): hosts on leaf0 and leaf2, a
/// 2-hop leaf path leaf0 – leaf1 – leaf2 and a 3-hop spine path leaf0 – spine0 – spine1 – leaf2.
/// ECMP takes only the leaf path (shortest). Under up*\/down* leaf1 ranks below leaf0 and leaf2 (it hangs
/// off them, further from the spines), so leaf0 → leaf1 → leaf2 goes down then up — a valley — and only
/// the spine path is legal. Ports: spine1:Ethernet1 faces leaf2, leaf1:Ethernet1 faces leaf2.
Fabric routingFabric()
{
    const Fabric example = exampleFabric();
    Fabric f;
    f.name = "routing-models";
    f.policies = example.policies;
    f.bindings = example.bindings;
    const auto node = [&](const std::string& name, Role role, std::vector<std::string> ports) {
        Node n;
        n.name = name;
        n.role = role;
        for (const Node& e : example.nodes)
            if (e.role == role && role != Role::Host && n.asic.empty())
                n.asic = e.asic;
        for (auto& p : ports) {
            Port port;
            port.name = p;
            n.ports.push_back(port);
        }
        f.nodes.push_back(n);
    };
    node("spine0", Role::Spine, { "Ethernet0", "Ethernet1" });
    node("spine1", Role::Spine, { "Ethernet0", "Ethernet1" });
    node("leaf0", Role::Leaf, { "Ethernet0", "Ethernet1", "Ethernet8", "Ethernet9" });
    node("leaf1", Role::Leaf, { "Ethernet0", "Ethernet1" });
    node("leaf2", Role::Leaf, { "Ethernet0", "Ethernet1", "Ethernet8", "Ethernet9" });
    for (const char* h : { "h0a", "h0b", "h2a", "h2b" })
        node(h, Role::Host, { "eth0" });
    const auto link = [&](const char* a, const char* ap, const char* b, const char* bp) { f.links.push_back({ { a, ap }, { b, bp } }); };
    link("leaf0", "Ethernet8", "spine0", "Ethernet0");
    link("spine0", "Ethernet1", "spine1", "Ethernet0");
    link("spine1", "Ethernet1", "leaf2", "Ethernet8");
    link("leaf0", "Ethernet9", "leaf1", "Ethernet0");
    link("leaf1", "Ethernet1", "leaf2", "Ethernet9");
    link("h0a", "eth0", "leaf0", "Ethernet0");
    link("h0b", "eth0", "leaf0", "Ethernet1");
    link("h2a", "eth0", "leaf2", "Ethernet0");
    link("h2b", "eth0", "leaf2", "Ethernet1");
    return f;
}

/// The static routes of routingFabric that send leaf0's traffic for leaf2 along the spine path.
std::vector<StaticRoute> spineRoutes()
{
    return { { "leaf0", "leaf2", { "spine0" }, {} }, { "spine0", "leaf2", { "spine1" }, {} } };
}

ContractOptions routed(RoutingModel m)
{
    ContractOptions o;
    o.routing = m;
    if (m == RoutingModel::Static)
        o.routes = spineRoutes();
    return o;
}

QString evidenceDir(const char* name) { return QStringLiteral(LFP_SOURCE_DIR "/tests/data/evidence/") + QLatin1String(name); }

/// The example's contract with the hosts' settings taken from evidence folder @p name (tests/data/evidence).
ContractResult runOnEvidence(const char* name)
{
    const NicEvidenceSet ev = readNicEvidenceDirectory(evidenceDir(name).toStdString());
    return checkContractWithSets(exampleFabric(), builtinContractSets(), {}, nullptr, &ev);
}

// Mutation rows (mutationIsCaughtAtItsHop): one field of the example changed, the expected class, hop, field.
void row(const char* name, Mutation m, const char* cls, const char* hop, const char* field)
{
    QTest::newRow(name) << m << QString::fromLatin1(cls) << QString::fromLatin1(hop) << QString::fromLatin1(field);
}
const auto nic = [](std::function<void(HostNicSettings&)> e) { return Mutation([e](Fabric& f) { onNic(f, "gpu06", e); }); };
const auto spine = [](std::function<void(QosPolicy&)> e) { return Mutation([e](Fabric& f) { onNode(f, "spine2", e); }); };
const auto spinePort = [](std::function<void(QosPolicy&)> e) { return Mutation([e](Fabric& f) { onPort(f, "spine2", "Ethernet8", e); }); };
const auto leaf = [](std::function<void(QosPolicy&)> e) { return Mutation([e](Fabric& f) { onNode(f, "leaf2", e); }); };
const auto uplink = [](std::function<void(QosPolicy&)> e) { return Mutation([e](Fabric& f) { onPort(f, "leaf2", "Ethernet40", e); }); };
const auto downlink = [](std::function<void(QosPolicy&)> e) { return Mutation([e](Fabric& f) { onPort(f, "leaf2", "Ethernet8", e); }); };

void nicRows()
{
    // ---- the application and the NICs (gpu06 on leaf2)
    row("remote side on DSCP 0 (UCX 10325)", nic([](auto& n) { n.appTos = 0; }), "data", "gpu06", "app-dscp");
    row("remote side on DSCP 0: its ACKs", nic([](auto& n) { n.appTos = 0; }), "ack", "gpu06", "app-dscp");
    row("ToS 104 (ECN off)", nic([](auto& n) { n.appTos = 104; }), "data", "gpu06", "app-ecn");
    row("ToS 107 (CE)", nic([](auto& n) { n.appTos = 107; }), "data", "gpu06", "app-ecn");
    row("ToS 138 (DSCP 34)", nic([](auto& n) { n.appTos = 138; }), "data", "gpu06", "app-dscp");
    row("CNP DSCP 46 vs 48", nic([](auto& n) { n.cnpDscp = 46; }), "cnp", "gpu06", "nic-cnp-dscp");
    row("CNP DSCP 4 vs 48 (NIC operator)", nic([](auto& n) { n.cnpDscp = 4; }), "cnp", "gpu06", "nic-cnp-dscp");
    row("CNP priority 7 vs 6 (Thor2)", nic([](auto& n) { n.cnpPriority = 7; }), "cnp", "gpu06", "nic-cnp-priority");
    row("trust PCP on one NIC", nic([](auto& n) { n.trust = TrustMode::Pcp; }), "data", "gpu06", "trust");
    row("trust PCP on one NIC: CNPs back", nic([](auto& n) { n.trust = TrustMode::Pcp; }), "cnp", "gpu06", "trust");
    row("NIC PFC off", nic([](auto& n) { n.pfcBitmap = 0; }), "data", "gpu06", "nic-pfc");
    row("NIC PFC on priority 4 only", nic([](auto& n) { n.pfcBitmap = 1u << 4; }), "ack", "gpu06", "nic-pfc");
    row("NIC reaction point off", nic([](auto& n) { n.ecnReactionPoint = false; }), "data", "gpu06", "nic-rp");
    row("NIC notification point off", nic([](auto& n) { n.ecnNotificationPoint = false; }), "data", "gpu06", "nic-np");
    row("NIC RoCE DSCP 0", nic([](auto& n) { n.roceDscp = 0; }), "data", "gpu06", "nic-pfc");
    row("NIC dscp2prio 26 → 0", Mutation([](Fabric& f) { onNode(f, "gpu06", [](QosPolicy& p) { p.dscpToTc[26] = 0; }); }), "data", "gpu06", "nic-pfc");
    row("a TC holding two DSCPs (sonic-mgmt 25347)", Mutation([](Fabric& f) {
        everywhere(f, [](QosPolicy& p) { p.dscpToTc[46] = 6; });
        onNic(f, "gpu06", [](auto& n) { n.cnpDscp = 46; });
    }), "cnp", "gpu06", "nic-cnp-dscp");
}

void switchRows()
{
    // ---- one switch port or one switch
    row("PFC off for the data priority on one port", uplink([](auto& p) { p.losslessPriorities.clear(); }), "data", "leaf2", "");
    row("PFC off on the host-facing port", downlink([](auto& p) { p.losslessPriorities.clear(); }), "data", "leaf2", "");
    row("PFC off on one spine port", spinePort([](auto& p) { p.losslessPriorities.clear(); }), "data", "spine2", "");
    row("ECN off on one hop's queue", spinePort([](auto& p) { p.ecn.clear(); }), "data", "spine2", "ecn-queue");
    row("ECN on queue 4 on a leaf", leaf([](auto& p) { p.ecn.front().queues = { 4 }; }), "data", "leaf2", "ecn-queue");
    row("ECN off on the host-facing port", downlink([](auto& p) { p.ecn.clear(); }), "data", "leaf2", "ecn-queue");
    row("DSCP rewrite on one spine", spine([](auto& p) { p.dscpRewrite = { { 26, 0 } }; }), "data", "spine2", "rewrite");
    row("DSCP rewrite on one spine: ACKs", spine([](auto& p) { p.dscpRewrite = { { 26, 0 } }; }), "ack", "spine2", "rewrite");
    row("DSCP rewrite 26 → 34 on one spine", spine([](auto& p) { p.dscpRewrite = { { 26, 34 } }; }), "data", "spine2", "rewrite");
    row("CNP rewrite 48 → 46 on one spine", spine([](auto& p) { p.dscpRewrite = { { 48, 46 } }; }), "cnp", "spine2", "rewrite");
    row("trust PCP on one spine", spine([](auto& p) { p.trust = TrustMode::Pcp; }), "data", "spine2", "trust");
    row("trust PCP on one uplink", uplink([](auto& p) { p.trust = TrustMode::Pcp; }), "ack", "leaf2", "trust");
    row("trust PCP on the host-facing port", downlink([](auto& p) { p.trust = TrustMode::Pcp; }), "data", "leaf2", "trust");
    row("leaf maps DSCP 26 to 0", leaf([](auto& p) { p.dscpToTc[26] = 0; }), "data", "leaf2", "ingress-pfc");
    row("spine maps DSCP 26 to lossy 4", spine([](auto& p) { p.dscpToTc[26] = 4; }), "data", "spine2", "ingress-pfc");
    row("spine shares PG of priority 3 with lossy 0", spine([](auto& p) { p.tcToPg[3] = 0; }), "data", "spine2", "ingress-pg");
    row("ETS weight 0 on the RoCE queue", spine([](auto& p) {
        for (auto& e : p.ets) if (e.queue == 3) e.weight = 0;
    }), "data", "spine2", "ets");
    row("RoCE priority to queue 0", spine([](auto& p) { p.tcToQueue[3] = 0; }), "data", "spine2", "ecn-queue");
    row("CNP class lossy-and-shaped on the return path", spine([](auto& p) {
        for (auto& e : p.ets) if (e.queue == 6) { e.mode = SchedulerMode::Dwrr; e.weight = 10; }
    }), "cnp", "spine2", "cnp-strict");
    row("CNP to DWRR queue 0", spine([](auto& p) { p.tcToQueue[6] = 0; }), "cnp", "spine2", "cnp-strict");
    row("WRED on the CNP queue", spine([](auto& p) { p.ecn.front().queues.push_back(6); }), "cnp", "spine2", "cnp-wred");
    row("spine CNP DSCP 46", spine([](auto& p) { p.cnpDscp = 46; }), "cnp", "spine2", "cnp-dscp");
    row("spine maps CNP DSCP 48 to 0", spine([](auto& p) { p.dscpToTc[48] = 0; }), "cnp", "spine2", "cnp-class");
    row("spine CNP priority 7", spine([](auto& p) { p.cnpPriority = 7; }), "cnp", "spine2", "cnp-class");
}

void profileRows()
{
    // ---- other contracts
    row("PFC-only: PFC off on one spine port", Mutation([](Fabric& f) {
        everywhere(f, pfcOnly);
        onPort(f, "spine2", "Ethernet8", [](QosPolicy& p) { p.losslessPriorities.clear(); });
    }), "data", "spine2", "");
    row("PFC-only: NIC PFC off", Mutation([](Fabric& f) {
        everywhere(f, pfcOnly);
        onNic(f, "gpu06", [](auto& n) { n.pfcBitmap = 0; });
    }), "data", "gpu06", "nic-pfc");
    row("ECN-only: ECN off on one spine port", Mutation([](Fabric& f) {
        everywhere(f, ecnOnly);
        onPort(f, "spine2", "Ethernet8", [](QosPolicy& p) { p.ecn.clear(); });
    }), "data", "spine2", "ecn-queue");
    row("ECN-only: ToS 104", Mutation([](Fabric& f) {
        everywhere(f, ecnOnly);
        onNic(f, "gpu06", [](auto& n) { n.appTos = 104; });
    }), "data", "gpu06", "app-ecn");
    row("ECN-only: CNP queue shaped", Mutation([](Fabric& f) {
        everywhere(f, ecnOnly);
        onNode(f, "spine2", [](QosPolicy& p) { p.tcToQueue[6] = 0; });
    }), "cnp", "spine2", "cnp-strict");
    row("class 3 follows PFC-only, one NIC without PFC", Mutation([](Fabric& f) {
        everywhere(f, [](QosPolicy& p) { for (auto& c : p.classes) if (c.id == 3) c.contract = ContractProfile::PfcOnly; });
        onNic(f, "gpu06", [](auto& n) { n.pfcBitmap = 0; });
    }), "data", "gpu06", "nic-pfc");
}

} // namespace

class TestContract : public QObject {
    Q_OBJECT
private slots:
    void referenceProfilesHold_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<QString>("expected");
        for (const char* p : { "nvidia", "azure", "juniper-thor2", "meta-pfc-only", "ascend" })
            QTest::newRow(p) << QString::fromLatin1(p) << QString::fromLatin1(std::string_view(p) == "meta-pfc-only" || std::string_view(p) == "ascend" ? "pfc-only" : "dcqcn");
    }
    void referenceProfilesHold()
    {
        QFETCH(QString, profile);
        QFETCH(QString, expected);
        const ContractResult r = run(referenceProfile(profile));
        QVERIFY2(r.findings.empty(), qPrintable(describe(r)));
        QCOMPARE(QString::fromStdString(r.profile), expected);
        QCOMPARE(r.classes.size(), std::size_t(3));
        for (const auto& c : r.classes) {
            QVERIFY(c.holds);
            QCOMPARE(c.hostPairs, std::uint64_t(16 * 15) * (c.carriesTraffic ? 1 : 0));
        }
        QVERIFY(!r.broken());
        // 16 hosts, 4 per leaf: 48 same-leaf pairs on 1 path, 192 on 2 (one per spine)
        QCOMPARE(r.classes.front().paths, std::uint64_t(48 + 192 * 2));
        QCOMPARE(r.classes[1].carriesTraffic, expected != QLatin1String("pfc-only"));
    }

    // Ascend's HCCL ToS 132 has ECN bits 0: under DCQCN the contract breaks at the application.
    void ascendUnderDcqcnBreaksAtTheApplication()
    {
        Fabric f = referenceProfile(QStringLiteral("ascend"));
        everywhere(f, [](QosPolicy& p) { p.contract = ContractProfile::Dcqcn; p.nic.ecnReactionPoint = p.nic.ecnNotificationPoint = true; p.ecn = { { "e", Bytes(150000), Bytes(1500000), 0.1, { 4 } } }; });
        const ContractResult r = run(f);
        QVERIFY2(r.findings.size() == 4, qPrintable(describe(r))); // one per endpoint class (the hosts of a leaf), at its first host
        for (std::size_t i = 0; i < r.findings.size(); ++i) {
            QCOMPARE(r.sites[i].field, std::string("app-ecn"));
            QCOMPARE(r.sites[i].cls, ContractClass::Data);
            QCOMPARE(r.findings[i].severity, Severity::Error);
        }
        QCOMPARE(r.classes[0].brokenPairs, std::uint64_t(240));
    }

    void mutationIsCaughtAtItsHop_data()
    {
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<QString>("cls"); // class of the expected finding
        QTest::addColumn<QString>("hop");
        QTest::addColumn<QString>("field");
        nicRows();
        switchRows();
        profileRows();
    }

    void mutationIsCaughtAtItsHop()
    {
        QFETCH(Mutation, mutate);
        QFETCH(QString, cls);
        QFETCH(QString, hop);
        QFETCH(QString, field);
        Fabric f = exampleFabric();
        mutate(f);
        const ContractResult r = run(f);
        QVERIFY(r.broken());
        bool found = false;
        for (std::size_t i = 0; i < r.findings.size(); ++i) {
            const ContractBreakSite& s = r.sites[i];
            // A single-field change breaks the contract at one device only.
            QVERIFY2(s.hop == hop.toStdString(), qPrintable(describe(r)));
            QCOMPARE(s.direction, s.cls == ContractClass::Data ? ContractDirection::Forward : ContractDirection::Reverse);
            QCOMPARE(r.findings[i].code, std::string("LFP-CONTRACT-BROKEN"));
            QVERIFY(!r.findings[i].message.empty() && !r.findings[i].fix.empty());
            if (toString(s.cls) == cls.toStdString() && (field.isEmpty() || s.field == field.toStdString()))
                found = true;
        }
        QVERIFY2(found, qPrintable(describe(r)));
    }

    /// traceContract (the GUI's chain view) agrees with the check: for each mutation, every finding's
    /// pair traced in its class is red (the trace picks an ECMP path that breaks), with a red check at
    /// the finding's hop and field wherever the traced path crosses that hop; a clean plan's chains are
    /// green end to end.
    void traceShowsTheBreak_data() { mutationIsCaughtAtItsHop_data(); }
    void traceShowsTheBreak()
    {
        QFETCH(Mutation, mutate);
        Fabric f = exampleFabric();
        mutate(f);
        const FabricSnapshot snap = makeSnapshot(f);
        const ContractResult r = checkContract(*snap.index);
        QVERIFY(!r.findings.empty());
        for (std::size_t i = 0; i < r.findings.size(); ++i) {
            const auto& obj = r.findings[i].objects; // at, source, destination
            const ContractBreakSite& site = r.sites[i];
            const ContractChain c = traceContract(*snap.index, obj[1].node, obj[2].node, site.cls);
            QCOMPARE(c.direction, site.direction);
            if (!c.note.empty())
                continue;
            QVERIFY2(!c.holds(), obj[1].node.c_str());
            bool crosses = false, red = false;
            for (const auto& h : c.hops)
                if (h.node == site.hop) {
                    crosses = true;
                    red |= !h.ok && h.field == site.field;
                }
            if (crosses)
                QVERIFY2(red, (site.hop + " " + site.field).c_str());
        }
    }

    void traceOfACleanPlan()
    {
        const FabricSnapshot snap = makeSnapshot(exampleFabric());
        const ContractChain data = traceContract(*snap.index, "gpu01", "gpu06", ContractClass::Data);
        QVERIFY(data.holds());
        // sender, leaf1 in/out, a spine in/out, leaf2 in/out, receiver
        QCOMPARE(data.hops.size(), std::size_t(8));
        QCOMPARE(data.hops.front().node, std::string("gpu01"));
        QCOMPARE(data.hops.back().node, std::string("gpu06"));
        QCOMPARE(data.hops[1].stage, std::string("ingress"));
        QCOMPARE(data.hops[1].dscp, 26);
        QCOMPARE(data.hops[2].tc, 3);
        const ContractChain cnp = traceContract(*snap.index, "gpu01", "gpu06", ContractClass::Cnp);
        QVERIFY(cnp.holds());
        QCOMPARE(cnp.direction, ContractDirection::Reverse);
        QCOMPARE(cnp.hops.front().node, std::string("gpu06")); // the notification point sends CNPs back
        QCOMPARE(cnp.hops[1].dscp, 48);
        QVERIFY_THROWS_EXCEPTION(InputError, (void)traceContract(*snap.index, "spine1", "gpu06", ContractClass::Data));
        QVERIFY_THROWS_EXCEPTION(InputError, (void)traceContract(*snap.index, "nosuch", "gpu06", ContractClass::Data));
    }

    /// A tag plan (the deadlock certificate's fix, certificatefix.h) re-tags RoCE data on the way — the
    /// down marker between a spine and a leaf — and restores the RoCE DSCP toward the host: the contract
    /// follows the re-tag (each next hop classifies the new DSCP, lossless or carried lossless) and holds.
    /// Without the restore the far NIC receives a DSCP no end point marks (retag-not-restored); a rewrite
    /// to a DSCP the port does not carry lossless stays a broken rewrite.
    void tagPlanKeepsTheContract()
    {
        CertificateFix plan;
        const Fabric tagged = taggerFabric(exampleFabric(), 2, plan);
        const int down0 = plan.downDscp.at(0);
        {
            const FabricSnapshot snap = makeSnapshot(tagged);
            const ContractResult r = checkContract(*snap.index);
            QVERIFY2(!r.broken(), r.findings.empty() ? "" : r.findings.front().message.c_str());
            const ContractChain c = traceContract(*snap.index, "gpu01", "gpu06", ContractClass::Data);
            QVERIFY(c.holds());
            bool marker = false;
            for (const auto& h : c.hops)
                marker |= h.stage == "ingress" && h.node == "leaf2" && h.dscp == down0; // re-tagged by the spine
            QVERIFY(marker);
            QCOMPARE(c.hops.back().stage, std::string("receiver"));
            QCOMPARE(c.hops.back().dscp, 26); // restored by leaf2's host port
        }
        {
            Fabric f = tagged;
            for (auto& p : f.policies)
                if (p.name.ends_with("-tag-host"))
                    p.dscpRewrite.clear();
            const FabricSnapshot snap = makeSnapshot(f);
            const ContractResult r = checkContract(*snap.index);
            QVERIFY(r.broken());
            bool notRestored = false;
            for (const auto& site : r.sites)
                notRestored |= site.field == "retag-not-restored" && site.cls == ContractClass::Data;
            QVERIFY(notRestored);
            const ContractChain c = traceContract(*snap.index, "gpu01", "gpu06", ContractClass::Data);
            QVERIFY(!c.holds());
            QCOMPARE(c.hops.back().field, std::string("retag-not-restored"));
            QCOMPARE(c.hops.back().found, down0);
        }
        {
            Fabric f = tagged;
            for (auto& p : f.policies)
                if (p.name.ends_with("-tag-down"))
                    p.dscpToTc[static_cast<std::size_t>(down0)] = 0; // the spine's own ports no longer carry the marker lossless
            const FabricSnapshot snap = makeSnapshot(f);
            const ContractResult r = checkContract(*snap.index);
            bool rewrite = false;
            for (const auto& site : r.sites)
                rewrite |= site.field == "rewrite" && site.hop.rfind("spine", 0) == 0;
            QVERIFY(rewrite);
        }
    }

    // The message names the class, the pair, the hop, the field's values; the fix is the field's.
    void messageAndFix()
    {
        Fabric f = exampleFabric();
        onNic(f, "gpu06", [](auto& n) { n.appTos = 104; });
        const ContractResult r = run(f);
        QCOMPARE(r.findings.size(), std::size_t(1));
        const Finding& x = r.findings[0];
        QVERIFY2(x.message.find("RoCE data of gpu06") == 0, x.message.c_str());
        QVERIFY2(x.message.find("ToS 104") != std::string::npos && x.message.find("ToS 106") != std::string::npos, x.message.c_str());
        QVERIFY2(x.fix.find("106") != std::string::npos, x.fix.c_str());
        QCOMPARE(x.objects.front().toString(), std::string("gpu06"));
        QCOMPARE(r.classes[0].brokenPairs, std::uint64_t(15));
        // a TC holding two DSCPs says so
        Fabric g = exampleFabric();
        everywhere(g, [](QosPolicy& p) { p.dscpToTc[46] = 6; });
        onNic(g, "gpu06", [](auto& n) { n.cnpDscp = 46; });
        const ContractResult s = run(g);
        QCOMPARE(s.findings.size(), std::size_t(1));
        QVERIFY2(s.findings[0].message.find("right queue with the wrong DSCP") != std::string::npos, s.findings[0].message.c_str());
    }

    void onlyOneClass()
    {
        Fabric f = exampleFabric();
        onNic(f, "gpu06", [](auto& n) { n.cnpDscp = 46; });
        ContractOptions o;
        o.only = ContractClass::Data;
        const ContractResult d = run(f, o);
        QCOMPARE(d.classes.size(), std::size_t(1));
        QVERIFY(d.findings.empty() && !d.broken());
        o.only = ContractClass::Cnp;
        const ContractResult c = run(f, o);
        QVERIFY(c.broken());
        QCOMPARE(c.classes.front().brokenPairs, std::uint64_t(15)); // gpu06 is the NP of 15 flows
    }

    // The new fields round-trip through the JSON writer and reader, and stay out of files that do not use them.
    void jsonRoundTrip()
    {
        Fabric f = exampleFabric();
        const std::string before = fabricToJson(f).dump();
        QVERIFY(before.find("app_tos") == std::string::npos && before.find("dscp_rewrite") == std::string::npos
            && before.find("\"contract\"") == std::string::npos);
        QosPolicy& p = f.policies.front();
        p.contract = ContractProfile::PfcOnly;
        p.dscpRewrite = { { 26, 0 }, { 48, 46 } };
        p.nic.appTos = 106;
        p.classes.front().contract = ContractProfile::EcnOnly;
        const Fabric back = fabricFromJson(fabricToJson(f));
        QCOMPARE(back.policies.front(), f.policies.front());
        QCOMPARE(back.policies.front().contractOf(p.classes.front().id), ContractProfile::EcnOnly);
        QCOMPARE(back.policies.front().rewrittenDscp(48), 46);
    }

    // The shipped default sets: each states its source, version and date.
    void defaultSetsAreSourced()
    {
        const std::vector<ContractSet> sets = builtinContractSets();
        QVERIFY(sets.size() >= 8);
        std::set<std::string> ids;
        for (const auto& x : sets) {
            QVERIFY2(!x.source.empty() && !x.version.empty() && !x.date.empty(), x.id.c_str());
            QVERIFY(x.kind == "nic" || x.kind == "switch");
            ids.insert(x.id);
        }
        for (const char* id : { "nvidia-nic-operator-roce", "broadcom-thor2", "nvidia-cumulus-roce-lossless", "sonic-default-qos", "juniper-ai-dc",
                 "huawei-ascend-hccl", "azure-cnp" })
            QVERIFY2(ids.count(id), id);
    }

    // Every shipped set has a clean plan: the example's policy made to agree with the set's values,
    // its hosts (NIC set) or switches (switch set) bound to it, gives no finding.
    void eachDefaultSetHasACleanPlan()
    {
        for (const ContractSet& set : builtinContractSets()) {
            Fabric f = exampleFabric();
            everywhere(f, [&](QosPolicy& p) {
                if (set.appTos && (*set.appTos & 3) == 0)
                    pfcOnly(p); // the application cannot mark ECT (HCCL's ToS is a multiple of 4)
                cnpClass(p, set.cnpDscp.value_or(48), set.cnpPriority.value_or(6));
                const int prio = set.rocePriority ? *set.rocePriority : set.lossless ? set.lossless->front() : 3;
                dataClass(p, set.appTos ? *set.appTos >> 2 : set.roceDscp.value_or(26), prio);
            });
            for (Node& n : f.nodes)
                if (n.isSwitch() == (set.kind == "switch"))
                    n.attributes[kContractSetAttribute] = set.id;
            const ContractResult r = checkContractWithSets(f, builtinContractSets());
            QVERIFY2(r.findings.empty(), qPrintable(QString::fromStdString(set.id) + QLatin1Char('\n') + describe(r)));
        }
    }

    // SONiC's default maps (qos_config.j2 AZURE) are applied whole: the example's RoCE DSCP 26 is TC 1
    // there, lossy, so the example's data breaks at its first leaf; DSCP 3 (the set's) holds
    // (eachDefaultSetHasACleanPlan). A map with a DSCP missing and no default is refused at its field.
    void sonicDefaultMapsAreApplied()
    {
        const auto sets = builtinContractSets();
        const auto sonic = std::find_if(sets.begin(), sets.end(), [](const ContractSet& x) { return x.id == "sonic-default-qos"; });
        QVERIFY(sonic != sets.end() && sonic->dscpToTc && sonic->tcToPg && sonic->tcToQueue);
        QCOMPARE((*sonic->dscpToTc)[26], 1);
        QCOMPARE((*sonic->dscpToTc)[3], 3);
        QCOMPARE((*sonic->dscpToTc)[48], 6);
        QCOMPARE((*sonic->tcToPg)[4], 4);
        QVERIFY(sonic->source.find("10a81c98666665e16c5f2803cca9d75278db7f29") != std::string::npos);
        Fabric f = exampleFabric();
        for (Node& n : f.nodes)
            if (n.isSwitch())
                n.attributes[kContractSetAttribute] = "sonic-default-qos";
        const ContractResult r = checkContractWithSets(f, sets);
        QVERIFY(r.broken());
        QCOMPARE(r.sites.front().field, std::string("ingress-pfc"));
        QVERIFY(r.sites.front().hop.rfind("leaf", 0) == 0);

        QTemporaryDir dir;
        QFile bad(dir.filePath(QStringLiteral("bad.json")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(R"({"id": "x", "name": "x", "kind": "switch", "source": "s", "version": "v", "date": "d", "switch": {"dscp_to_tc": {"0": 1}}})");
        bad.close();
        try {
            (void)loadContractSets(dir.path().toStdString());
            QFAIL("a partial map was accepted");
        } catch (const InputError& e) {
            QCOMPARE(e.where().path, std::string("/switch/dscp_to_tc"));
        }
    }

    // Hosts and switches bound to sets: sets that agree hold; sets that clash give one finding per clash.
    void defaultSetBindings_data()
    {
        QTest::addColumn<QString>("nicSet");
        QTest::addColumn<QString>("switchSet");
        QTest::addColumn<QStringList>("clashes"); // the "what" of each LFP-CONTRACT-SET-CLASH
        QTest::newRow("doRoCE hosts, Cumulus switches") << "nvidia-doroce" << "nvidia-cumulus-roce-lossless" << QStringList {};
        QTest::newRow("NIC operator (CNP DSCP 4), Cumulus (48)") << "nvidia-nic-operator-roce" << "nvidia-cumulus-roce-lossless" << QStringList { "cnp-dscp" };
        QTest::newRow("Thor2 (CNP priority 7), Juniper AI-DC (6)") << "broadcom-thor2" << "juniper-ai-dc" << QStringList { "cnp-priority" };
        QTest::newRow("Ascend (DSCP 33), SONiC (DSCP 3)") << "huawei-ascend-hccl" << "sonic-default-qos" << QStringList { "roce-dscp" };
        QTest::newRow("Azure CNP (46), Juniper (48)") << "azure-cnp" << "juniper-ai-dc" << QStringList { "cnp-dscp" };
        QTest::newRow("unknown set") << "no-such-set" << "juniper-ai-dc" << QStringList { "unknown" };
    }
    void defaultSetBindings()
    {
        QFETCH(QString, nicSet);
        QFETCH(QString, switchSet);
        QFETCH(QStringList, clashes);
        Fabric f = exampleFabric();
        for (Node& n : f.nodes)
            n.attributes[kContractSetAttribute] = (n.isSwitch() ? switchSet : nicSet).toStdString();
        const ContractResult r = checkContractWithSets(f, builtinContractSets());
        QStringList seen;
        bool otherBreaks = false;
        for (const Finding& x : r.findings) {
            if (x.code != "LFP-CONTRACT-SET-CLASH") {
                otherBreaks = true;
                continue;
            }
            for (const auto& [k, v] : x.params)
                if (k == "what")
                    seen << QString::fromStdString(v);
            QVERIFY(!x.message.empty() && !x.fix.empty());
        }
        QCOMPARE(seen, clashes);
        QCOMPARE(r.broken(), !clashes.isEmpty());
        if (clashes.isEmpty())
            QVERIFY2(!otherBreaks, qPrintable(describe(r)));
        else if (clashes.front() != QLatin1String("unknown") && clashes.front() != QLatin1String("roce-dscp"))
            QVERIFY2(otherBreaks, qPrintable(describe(r))); // the walk finds the same clash at the hosts
    }

    // Evidence from the hosts (tests/data/evidence, in the tools' formats): a host whose state differs
    // from the plan in one field breaks the contract at that host, in that field; "" hop = every host.
    void evidenceMutationIsCaughtAtItsHop_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QString>("cls");
        QTest::addColumn<QString>("hop");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("replaced"); // the field of the evidence replacement that causes it
        QTest::newRow("mlnx_qos: trust pcp") << "trust-pcp" << "data" << "gpu05" << "trust" << "trust";
        QTest::newRow("sysfs: roce_np off on priority 3") << "np-off" << "data" << "gpu07" << "nic-np" << "ecn-np (priority 3)";
        QTest::newRow("sysfs: cnp_dscp 46") << "cnp-dscp-46" << "cnp" << "gpu03" << "nic-cnp-dscp" << "cnp-dscp";
        QTest::newRow("mlnx_qos after/: PFC on 4, not 3") << "phases" << "data" << "gpu04" << "nic-pfc" << "pfc";
        QTest::newRow("NIC operator List: CNP DSCP 4") << "operator" << "cnp" << "" << "nic-cnp-dscp" << "cnp-dscp";
        QTest::newRow("NIC operator hostname: CC mask 247") << "operator-hostname" << "data" << "gpu11" << "nic-rp" << "ecn-rp (priority 3)";
        QTest::newRow("bnxt_re configfs: cnp_dscp 0x2e") << "bnxt-cnp-dscp" << "cnp" << "gpu14" << "nic-cnp-dscp" << "cnp-dscp";
    }
    void evidenceMutationIsCaughtAtItsHop()
    {
        QFETCH(QString, folder);
        QFETCH(QString, cls);
        QFETCH(QString, hop);
        QFETCH(QString, field);
        QFETCH(QString, replaced);
        const ContractResult r = runOnEvidence(qPrintable(folder));
        QVERIFY(r.broken());
        QVERIFY(!r.findings.empty());
        bool seen = false;
        for (const auto& site : r.sites) {
            // only the host the evidence is about (or every host) breaks: nothing else in the fabric
            QVERIFY2(hop.isEmpty() ? site.hop.rfind("gpu", 0) == 0 : site.hop == hop.toStdString(), qPrintable(describe(r)));
            seen = seen || (site.field == field.toStdString() && toString(site.cls) == cls.toStdString());
        }
        QVERIFY2(seen, qPrintable(describe(r)));
        const bool listed = std::any_of(r.evidence.begin(), r.evidence.end(), [&](const EvidenceReplacement& e) {
            return e.field == replaced.toStdString() && (hop.isEmpty() || e.host == hop.toStdString()) && e.planValue != e.evidenceValue
                && e.source.find(folder.toStdString()) != std::string::npos && e.source.find(':') != std::string::npos;
        });
        QVERIFY2(listed, qPrintable(describe(r)));
    }

    // Hosts whose evidence agrees with the plan: no finding; their folders are read (a switch's is not).
    void evidenceOfACleanPlanHolds()
    {
        const ContractResult r = runOnEvidence("clean");
        QVERIFY2(r.findings.empty() && !r.broken(), qPrintable(describe(r)));
        std::set<std::string> hosts;
        for (const auto& e : r.evidence) {
            hosts.insert(e.host);
            QVERIFY(e.field != "trust" && e.field != "pfc" && e.field.rfind("ecn-", 0) != 0 && e.field.rfind("cnp", 0) != 0);
        }
        QCOMPARE(hosts, (std::set<std::string> { "gpu01", "gpu02", "gpu09" }));
        QVERIFY(r.assumptions.back().find("from evidence") != std::string::npos);
        const ContractResult unknown = runOnEvidence("unknown-host");
        QVERIFY(unknown.evidence.empty() && !unknown.broken());
        QCOMPARE(unknown.evidenceNotes.size(), std::size_t(1));
        QVERIFY(unknown.evidenceNotes.front().find("gpu99") != std::string::npos);
    }

    // Evidence that is not what the tool prints is refused at its file, line and column.
    void badEvidenceIsRefusedAtItsLine_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::newRow("7 PFC values") << "bad-pfc" << "gpu01/mlnx_qos_eth0.txt" << 17 << 2;
        QTest::newRow("cnp_dscp not a number") << "bad-sysfs" << "gpu01/ecn_sysfs_eth0.txt" << 9 << 42;
        QTest::newRow("qos.pfc of 7") << "bad-yaml" << "template.yaml" << 13 << 14;
        QTest::newRow("bnxt_re cnp_dscp not %#x") << "bad-bnxt" << "gpu13/bnxt_re_cc_eth0.txt" << 22 << 57;
    }
    void badEvidenceIsRefusedAtItsLine()
    {
        QFETCH(QString, folder);
        QFETCH(QString, file);
        QFETCH(int, line);
        QFETCH(int, column);
        try {
            (void)readNicEvidenceDirectory(evidenceDir(qPrintable(folder)).toStdString());
            QFAIL("bad evidence was read");
        } catch (const InputError& e) {
            QVERIFY2(e.where().file.ends_with(file.toStdString()), e.what());
            QCOMPARE(e.where().line, line);
            QCOMPARE(e.where().column, column);
        }
    }

    // The plan with the evidence brought in (lfp contract --evidence-out) gives the contract the evidence
    // gives, with the hosts bound to a NIC set: a covered host loses its binding (its policies say it all).
    void planWithEvidenceKeepsTheContract_data()
    {
        QTest::addColumn<QString>("folder");
        for (const char* f : { "np-off", "operator", "operator-hostname", "clean", "trust-pcp", "bnxt-cnp-dscp" })
            QTest::newRow(f) << QString::fromLatin1(f);
    }
    void planWithEvidenceKeepsTheContract()
    {
        QFETCH(QString, folder);
        Fabric f = exampleFabric();
        for (Node& n : f.nodes)
            if (!n.isSwitch())
                n.attributes[kContractSetAttribute] = "nvidia-doroce";
        const auto sets = builtinContractSets();
        const NicEvidenceSet ev = readNicEvidenceDirectory(evidenceDir(qPrintable(folder)).toStdString());
        const ContractResult direct = checkContractWithSets(f, sets, {}, nullptr, &ev);
        std::vector<EvidenceReplacement> replaced;
        std::vector<std::string> notes;
        const Fabric brought = planWithEvidence(f, sets, ev, replaced, notes);
        QCOMPARE(replaced.size(), direct.evidence.size());
        const ContractResult after = checkContractWithSets(brought, sets);
        QCOMPARE(describe(after), describe(direct));
        std::set<std::string> covered;
        for (const auto& e : ev.hosts)
            covered.insert(e.host);
        for (const Node& n : brought.nodes)
            if (!n.isSwitch())
                QCOMPARE(n.attributes.count(kContractSetAttribute) == 0, covered.count("") > 0 || covered.count(n.name) > 0);
    }

    // The readers on their own: both dscp2prio orders give one map; what no tool prints is refused.
    void evidenceReaders()
    {
        NicEvidence a, b;
        parseMlnxQos(readWholeFile(evidenceDir("clean/gpu01/mlnx_qos_eth0.txt").toStdString()), "a", a);
        parseMlnxQos(readWholeFile(evidenceDir("clean/gpu02/mlnx_qos_eth0.txt").toStdString()), "b", b);
        QVERIFY(a.dscpToPriority && b.dscpToPriority);
        QCOMPARE(a.dscpToPriority->value, b.dscpToPriority->value);
        QCOMPARE(a.dscpToPriority->value[26], 3);
        QCOMPARE(a.dscpToPriority->value[48], 6);
        QCOMPARE(int(a.pfcBitmap->value), 1 << 3);
        NicEvidence none;
        parseMlnxQos("", "empty", none);
        QVERIFY(none.empty());
        QVERIFY_THROWS_EXCEPTION(InputError, parseMlnxQos("Ethernet0  up  100G\n", "x", none));
        QVERIFY_THROWS_EXCEPTION(InputError, parseEcnSysfs("/sys/class/net/eth0/mtu:9000\n", "x", none));
        QVERIFY_THROWS_EXCEPTION(InputError, parseEcnSysfs("roce_np/enable/9:1\n", "x", none));
        QVERIFY_THROWS_EXCEPTION(InputError, parseNicConfigurationTemplates("kind: ConfigMap\n", "x"));
        QVERIFY_THROWS_EXCEPTION(InputError, parseNicConfigurationTemplates("a: [b\n", "x"));
        const auto t = parseNicConfigurationTemplates(readWholeFile(evidenceDir("operator-hostname/gpu11-template.yaml").toStdString()), "t");
        QCOMPARE(t.size(), std::size_t(1)); // the second template has no roceOptimized
        QCOMPARE(t.front().host, std::string("gpu11"));
        QCOMPARE(t.front().cnpDscp->value, 48);
        QCOMPARE(int(t.front().reactionPoint->value), 247);
    }

    // The Broadcom bnxt_re configfs reader: the driver's "%#x" values, the apply file's report (what the
    // firmware runs) over the attribute files, ecn_enable as DCQCN on every priority; a clean capture of a
    // host set as the plan holds.
    void bnxtReConfigfs()
    {
        NicEvidence e;
        parseBnxtReCc(readWholeFile(evidenceDir("bnxt-clean/gpu13/bnxt_re_cc_eth0.txt").toStdString()), "c", e);
        QCOMPARE(e.cnpDscp->value, 48);
        QCOMPARE(e.cnpPriority->value, 6);
        QCOMPARE(e.roceTos->value, 26 << 2 | 1); // ECT(1), as Broadcom's bnxt_setupcc.sh sets ecn_marking
        QCOMPARE(e.rocePriority->value, 3);
        QCOMPARE(int(e.reactionPoint->value), 0xFF);
        QCOMPARE(e.cnpDscp->source, std::string("c:21")); // the apply line, not the attribute file
        const std::string cc = "/sys/kernel/config/bnxt_re/bnxt_re0/ports/1/cc/";
        NicEvidence pending;
        parseBnxtReCc(cc + "cnp_dscp:0x2e\n" + cc + "cnp_prio:0x7\n" + cc + "ecn_enable:0\n" + cc + "roce_dscp:0x18\n", "p", pending);
        QCOMPARE(pending.cnpDscp->value, 46);
        QCOMPARE(pending.cnpPriority->value, 7);
        QCOMPARE(int(pending.notificationPoint->value), 0);
        QCOMPARE(pending.roceTos->value >> 2, 24);
        NicEvidence none;
        parseBnxtReCc("", "empty", none);
        QVERIFY(none.empty());
        QVERIFY_THROWS_EXCEPTION(InputError, parseBnxtReCc("/sys/class/net/eth0/mtu:9000\n", "x", none));
        QVERIFY_THROWS_EXCEPTION(InputError, parseBnxtReCc(cc + "cnp_prio:0x9\n", "x", none));
        QVERIFY_THROWS_EXCEPTION(InputError, parseBnxtReCc(cc + "apply:cnp dscp (cnp_dscp)\t: 64\n", "x", none));
        QVERIFY_THROWS_EXCEPTION(InputError, parseBnxtReCc(cc + "apply:ecn status (ecn_enable)\t: maybe\n", "x", none));
        const ContractResult r = runOnEvidence("bnxt-clean");
        QVERIFY2(r.findings.empty() && !r.broken(), qPrintable(describe(r)));
        // roce_prio 5 on gpu13: its NIC puts DSCP 26 on priority 5, where PFC is off
        const std::string text = readWholeFile(evidenceDir("bnxt-clean/gpu13/bnxt_re_cc_eth0.txt").toStdString());
        NicEvidenceSet set;
        set.hosts.push_back({});
        set.hosts.back().host = "gpu13";
        set.hosts.back().port = "eth0";
        std::string moved = text;
        for (const auto& [from, to] : { std::pair<std::string, std::string> { "roce_prio:0x3", "roce_prio:0x5" },
                 { "(roce_prio)\t\t\t\t\t: 3", "(roce_prio)\t\t\t\t\t: 5" } }) {
            const auto at = moved.find(from);
            QVERIFY(at != std::string::npos);
            moved.replace(at, from.size(), to);
        }
        parseBnxtReCc(moved, "gpu13/bnxt_re_cc_eth0.txt", set.hosts.back());
        const ContractResult m = checkContractWithSets(exampleFabric(), builtinContractSets(), {}, nullptr, &set);
        QVERIFY2(!m.findings.empty(), qPrintable(describe(m)));
        for (const auto& site : m.sites)
            QVERIFY2(site.hop == "gpu13" && site.field == "nic-pfc", qPrintable(describe(m)));
    }

    // A host whose policy makes it no RoCE end point (a management host) is left out, and said so.
    void nonRoceHostsAreLeftOut()
    {
        Fabric f = exampleFabric();
        onNode(f, "gpu06", [](QosPolicy& p) {
            p.losslessPriorities.clear();
            p.nic.pfcBitmap = 0;
        });
        const ContractResult r = run(f);
        QVERIFY2(r.findings.empty(), qPrintable(describe(r)));
        QCOMPARE(r.classes[0].hostPairs, std::uint64_t(15 * 14));
        QVERIFY(r.assumptions.back().find("1 host port is no RoCE end point") == 0);
    }

    // The routing model decides the paths walked (planner/routing/routing.h, as lfp deadlock): ECN off on a
    // hop only one model's paths cross is caught at that hop under that model, and nowhere under the others.
    void routingModelDecidesThePaths_data()
    {
        QTest::addColumn<int>("model");
        QTest::addColumn<QString>("node");
        QTest::addColumn<QString>("port");
        QTest::addColumn<bool>("caught");
        const int ecmp = int(RoutingModel::Ecmp), updown = int(RoutingModel::UpDown), statics = int(RoutingModel::Static);
        QTest::newRow("updown: spine1 toward leaf2 (the valley-free path)") << updown << "spine1" << "Ethernet1" << true;
        QTest::newRow("updown: leaf1 toward leaf2 (a valley, never taken)") << updown << "leaf1" << "Ethernet1" << false;
        QTest::newRow("static: spine1 toward leaf2 (the routes' path)") << statics << "spine1" << "Ethernet1" << true;
        QTest::newRow("static: leaf1 toward leaf2 (no route leads there)") << statics << "leaf1" << "Ethernet1" << false;
        QTest::newRow("ecmp: leaf1 toward leaf2 (the shortest path)") << ecmp << "leaf1" << "Ethernet1" << true;
        QTest::newRow("ecmp: spine1 toward leaf2 (longer, never taken)") << ecmp << "spine1" << "Ethernet1" << false;
    }
    void routingModelDecidesThePaths()
    {
        QFETCH(int, model);
        QFETCH(QString, node);
        QFETCH(QString, port);
        QFETCH(bool, caught);
        const ContractOptions o = routed(static_cast<RoutingModel>(model));
        const ContractResult clean = run(routingFabric(), o);
        QVERIFY2(clean.findings.empty() && !clean.broken(), qPrintable(describe(clean)));
        QCOMPARE(clean.routing, o.routing);
        QCOMPARE(clean.classes[0].hostPairs, std::uint64_t(4 * 3));
        QCOMPARE(clean.classes[0].paths, std::uint64_t(4 * 3)); // one path per pair under each model here
        Fabric f = routingFabric();
        onPort(f, node.toStdString(), port.toStdString(), [](QosPolicy& p) { p.ecn.clear(); });
        const ContractResult r = run(f, o);
        if (!caught) {
            QVERIFY2(r.findings.empty() && !r.broken(), qPrintable(describe(r)));
            return;
        }
        QVERIFY2(r.broken() && r.findings.size() == 1, qPrintable(describe(r)));
        QCOMPARE(QString::fromStdString(r.sites[0].hop), node);
        QCOMPARE(QString::fromStdString(r.sites[0].port), port);
        QCOMPARE(r.sites[0].field, std::string("ecn-queue"));
        QCOMPARE(r.sites[0].cls, ContractClass::Data);
        QCOMPARE(r.classes[0].brokenPairs, std::uint64_t(2 * 2)); // leaf0's hosts to leaf2's
        // the trace follows the same model's paths and shows the break there
        const FabricSnapshot snap = makeSnapshot(f);
        const ContractChain c = traceContract(*snap.index, "h0a", "h2a", ContractClass::Data, o);
        QVERIFY(!c.holds());
        QVERIFY(std::any_of(c.hops.begin(), c.hops.end(), [&](const ContractHop& h) {
            return !h.ok && h.node == node.toStdString() && h.field == "ecn-queue";
        }));
    }

    // Static routes that do not fit the topology are refused at their line; a routing loop ends (the pair
    // it strands counts no path) and LFT routing is refused.
    void staticRoutesAreChecked()
    {
        ContractOptions o;
        o.routing = RoutingModel::Static;
        o.routes = { { "leaf0", "leaf2", { "spine1" }, { "routes.txt", 3, 1, {} } } };
        try {
            (void)run(routingFabric(), o);
            QFAIL("a next hop that is no neighbour was accepted");
        } catch (const InputError& e) {
            QCOMPARE(e.where().line, 3);
        }
        o.routes = { { "leaf0", "leaf2", { "spine0" }, {} }, { "spine0", "leaf2", { "leaf0" }, {} } };
        const ContractResult loop = run(routingFabric(), o);
        QCOMPARE(loop.classes[0].hostPairs, std::uint64_t(4 * 3 - 2 * 2)); // leaf0 → leaf2 never arrives
        o.routing = RoutingModel::Lft;
        QVERIFY_THROWS_EXCEPTION(InputError, run(routingFabric(), o));
    }

    // A larger fabric: a 4-ary fat-tree with one broken core port; path counts over ECMP.
    void fatTree()
    {
        Fabric f = generateFatTree(4);
        const ContractResult clean = run(f);
        QVERIFY2(clean.findings.empty(), qPrintable(describe(clean)));
        // 16 hosts, 2 per edge: 8 same-edge pairs (1 path), 16·... every pair counted once per ECMP path
        QCOMPARE(clean.classes[0].hostPairs, std::uint64_t(16 * 15));
        QVERIFY(clean.classes[0].paths > clean.classes[0].hostPairs);
    }
};

QTEST_GUILESS_MAIN(TestContract)
#include "tst_contract.moc"
