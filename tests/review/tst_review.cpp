// SPDX-License-Identifier: GPL-3.0-or-later
#ifndef Q_MOC_RUN // moc cannot parse the C++20 library headers these pull in
#include "render/reviewpdf.h"
#include "exporters/review.h"
#include "planner/checks/checks.h"
#include "planner/checks/storm.h"
#include "planner/routing/certificatejson.h"
#include "model/asiccatalog.h"
#include "model/errors.h"
#include "model/fabricjson.h"
#include "model/generators.h"
#include "planner/review/rollout.h"
#endif

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace lfp;

namespace {

struct Result {
    int code = -1;
    QByteArray out, err;
    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
};

Result lfpRun(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(LFP_CLI_PATH), args);
    if (!p.waitForFinished(120000))
        return {};
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, p.readAllStandardOutput(), p.readAllStandardError() };
}

/// The example with a second lossless priority on switches and NICs: DSCP 24 → priority 4, PFC on
/// 3 and 4, PG 4 and an ETS queue 4, and the NICs sending RoCE on DSCP 24 / priority 4.
Fabric secondLosslessPriority(Fabric f)
{
    for (auto& p : f.policies) {
        p.dscpToTc[24] = 4;
        p.tcToPg[4] = 4;
        p.losslessPriorities = { 3, 4 };
        for (auto& e : p.ets)
            if (e.queue == 0 || e.queue == 3)
                e.weight = 30;
        p.ets.push_back(EtsQueue { 4, SchedulerMode::Dwrr, 40 });
        std::sort(p.ets.begin(), p.ets.end(), [](const EtsQueue& a, const EtsQueue& b) { return a.queue < b.queue; });
        if (!p.ecn.empty())
            p.ecn[0].queues = { 3, 4 };
        p.classes.push_back(TrafficClass { 4, "RoCE-2" });
        p.nic.pfcBitmap = static_cast<std::uint8_t>((1u << 3) | (1u << 4));
        p.nic.rocePriority = 4;
        p.nic.roceDscp = 24;
    }
    return f;
}

std::vector<std::string> hostsOf(const Fabric& f)
{
    std::vector<std::string> out;
    for (const auto& n : f.nodes)
        if (!n.isSwitch())
            out.push_back(n.name);
    return out;
}


/// Issue 37's case: 256 GPUs on a leaf-spine of 8 spines and 8 leaves (32 hosts each), Spectrum-4, 400G
/// everywhere (384 switch ports: 8 × 32 host ports + 8 × 8 uplinks on the leaves, 8 × 8 on the spines).
Fabric gpu256Base()
{
    GeneratorOptions o;
    o.hostSpeed = BitsPerSecond(400'000'000'000);
    o.fabricSpeed = BitsPerSecond(400'000'000'000);
    o.asic = "spectrum-4";
    o.switchModel = "SN5600";
    return generateLeafSpine(8, 8, 32, o);
}

/// The leaf1–spine1 uplink at 300 m of single-mode fibre (400GBASE-DR4 reaches 500 m, IEEE 802.3bs).
Fabric withLongUplink(Fabric f)
{
    for (auto& l : f.links)
        if ((l.a.node == "leaf1" && l.b.node == "spine1") || (l.a.node == "spine1" && l.b.node == "leaf1")) {
            l.length = Metres(300);
            l.medium = Medium::Fibre;
            l.fibre = FibreType::Smf;
            break;
        }
    return f;
}

/// A second lossless class: priority 4, DSCP 34 (AF41), PG 4, ETS queue 4 (50/25/25, as rocePolicy
/// shares it), ECN on queues 3 and 4, and the NICs with PFC on 3 and 4 (they keep sending RoCE on 3:
/// applications mark DSCP 34 once the NICs are ready).
Fabric withSecondClass(Fabric f)
{
    for (auto& p : f.policies) {
        p.dscpToTc[34] = 4;
        p.tcToPg[4] = 4;
        p.losslessPriorities = { 3, 4 };
        for (auto& e : p.ets)
            if (e.queue == 3)
                e.weight = 25;
        p.ets.push_back(EtsQueue { 4, SchedulerMode::Dwrr, 25 });
        std::sort(p.ets.begin(), p.ets.end(), [](const EtsQueue& a, const EtsQueue& b) { return a.queue < b.queue; });
        if (!p.ecn.empty())
            p.ecn[0].queues = { 3, 4 };
        p.classes.push_back(TrafficClass { 4, "RoCE-4" });
        std::sort(p.classes.begin(), p.classes.end(), [](const TrafficClass& a, const TrafficClass& b) { return a.id < b.id; });
        p.nic.pfcBitmap = static_cast<std::uint8_t>(p.nic.pfcBitmap | (1u << 4));
    }
    return f;
}

/// Writes @p revisions as a project, one revision each; empty on failure.
QString projectOf(QTemporaryDir& dir, const std::vector<Fabric>& revisions, const QString& name = "p.lfp")
{
    const QString proj = dir.filePath(name);
    for (std::size_t i = 0; i < revisions.size(); ++i) {
        const QString json = dir.filePath(QString("rev%1.json").arg(i + 1));
        QFile out(json);
        if (!out.open(QIODevice::WriteOnly))
            return {};
        out.write(QByteArray::fromStdString(fabricToJsonText(revisions[i])));
        out.close();
        if (lfpRun({ "convert", json, proj, "-m", QString("revision %1").arg(i + 1) }).code != 0)
            return {};
    }
    return proj;
}

    /// The example with the leaf1–spine1 cable changed from 6 m to 300 m, as a two-revision project.
QString makeProject(QTemporaryDir& dir, QString* portOut = nullptr)
{
    Fabric f = exampleFabric();
    const QString proj = dir.filePath("ex.lfp");
    const QString json1 = dir.filePath("r1.json"), json2 = dir.filePath("r2.json");
    bool changed = false;
    {
        QFile out(json1);
        out.open(QIODevice::WriteOnly);
        out.write(QByteArray::fromStdString(fabricToJsonText(f)));
    }
    for (auto& l : f.links)
        if (!changed && ((l.a.node == "leaf1" && l.b.node == "spine1") || (l.a.node == "spine1" && l.b.node == "leaf1"))) {
            if (l.length.value() != 6)
                continue;
            l.length = Metres(300);
            changed = true;
            if (portOut)
                *portOut = QString::fromStdString(l.a.node == "leaf1" ? l.a.port : l.b.port);
        }
    {
        QFile out(json2);
        out.open(QIODevice::WriteOnly);
        out.write(QByteArray::fromStdString(fabricToJsonText(f)));
    }
    if (!changed)
        return {};
    if (lfpRun({ "convert", json1, proj, "-m", "6 m" }).code != 0 || lfpRun({ "convert", json2, proj, "-m", "300 m" }).code != 0)
        return {};
    return proj;
}


/// One switch on a copy of the Tomahawk 6 profile ("th6-nh4210", a project profile) whose lossless pool
/// is @p poolSize, with four 400G ports to hosts over 5 m (sonic-buildimage issue 28657: the shipped
/// NH-4210 pool, 258,035,400 B, does not fit with its xoff; 176,481,480 B does).
Fabric th6Switch(std::int64_t poolSize)
{
    Fabric f;
    f.name = "fit-review";
    f.policies.push_back(defaultRocePolicy());
    f.bindings = { { Role::Leaf, f.policies[0].name }, { Role::Host, f.policies[0].name } };
    Node sw;
    sw.name = "leaf1";
    sw.role = Role::Leaf;
    sw.asic = "th6-nh4210";
    for (int i = 0; i < 4; ++i)
        sw.ports.push_back({ "Ethernet" + std::to_string(i * 8), BitsPerSecond(400'000'000'000), 4, 9100, Fec::Rs544, {} });
    f.nodes.push_back(sw);
    for (int i = 0; i < 4; ++i) {
        Node h;
        h.name = "h" + std::to_string(i);
        h.role = Role::Host;
        h.ports.push_back({ "eth0", BitsPerSecond(400'000'000'000), 4, 9100, Fec::Rs544, {} });
        f.nodes.push_back(h);
        f.links.push_back({ { "leaf1", "Ethernet" + std::to_string(i * 8) }, { h.name, "eth0" }, Metres(5), Medium::Dac, LinkOrigin::Planned });
    }
    AsicProfile mine = *AsicCatalog::loadDefault().find("tomahawk-6");
    mine.id = "th6-nh4210";
    mine.pools.front().size = Bytes(poolSize);
    f.asics.push_back(mine);
    return f;
}

/// src= or href= to the network or to a file.
const QRegularExpression& externalResource()
{
    static const QRegularExpression rx(QStringLiteral("(src|href)\\s*=\\s*[\"']?\\s*(https?:|file:|//|[^\"'#\\s>]+\\.[a-z]{2,4})"),
        QRegularExpression::CaseInsensitiveOption);
    return rx;
}

} // namespace

class TestReview : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_gpu256;
    /// The 256-GPU project, made once: revision 1 the base, 2 the 300 m uplink and the second class.
    QString gpu256Project()
    {
        if (m_gpu256.isEmpty())
            m_gpu256 = projectOf(m_dir, { gpu256Base(), withSecondClass(withLongUplink(gpu256Base())) }, "gpu256.lfp");
        return m_gpu256;
    }
private slots:
    /// Issue 37: the second lossless class (priority 4, DSCP 34) and a 300 m uplink on the 256-GPU
    /// fabric. Findings alone (the old rollout) make step 1 an atomic step over the switches; the
    /// traffic-aware rollout takes the switches one at a time — priority 4 carries no traffic until the
    /// NICs are ready for it — then the NICs per leaf, and swaps the 300 m fibre after both of its ends
    /// hold its headroom.
    void gpu256RolloutIsSwitchBySwitchThenNics()
    {
        const Fabric a = gpu256Base();
        const Fabric b = withSecondClass(withLongUplink(a));
        const AsicCatalog cat = AsicCatalog::loadDefault();
        RolloutOptions findingsOnly;
        findingsOnly.trafficAware = false;
        const RolloutPlan old = planRollout(a, b, cat, findingsOnly);
        QVERIFY2(old.steps.front().devices.size() > 2, "the issue's complaint: findings alone merge the switches into one atomic step");

        const RolloutPlan plan = planRollout(a, b, cat);
        QVERIFY(plan.trafficAware);
        QVERIFY(plan.safe);
        QCOMPARE(plan.addedLossless, (std::vector<int> { 4 }));
        QCOMPARE(plan.carryingBefore, (std::vector<int> { 3 }));
        int lastSwitch = 0, firstHosts = 0, physical = 0, leaf1 = 0, spine1 = 0, hostSteps = 0;
        for (const auto& s : plan.steps) {
            QVERIFY2(s.findings.empty(), s.label.c_str());
            QVERIFY2(!s.why.empty(), s.label.c_str());
            QVERIFY2(!s.atomic, s.label.c_str());
            if (s.kind == RolloutStepKind::Switch) {
                QCOMPARE(s.devices.size(), std::size_t(1)); // no atomic step over more than one switch (one pod)
                QCOMPARE(s.carrying, (std::vector<int> { 3 })); // priority 4 carries nothing while switches differ
                lastSwitch = s.step;
                leaf1 = s.devices.front() == "leaf1" ? s.step : leaf1;
                spine1 = s.devices.front() == "spine1" ? s.step : spine1;
            } else if (s.kind == RolloutStepKind::Hosts) {
                QCOMPARE(s.devices.size(), std::size_t(32)); // the NICs under one leaf
                firstHosts = firstHosts ? firstHosts : s.step;
                ++hostSteps;
            } else {
                physical = s.step;
                QCOMPARE(s.cables.size(), std::size_t(1));
                QVERIFY(!s.drain.empty()); // says why the link is drained
            }
        }
        QCOMPARE(lastSwitch, 16);
        QCOMPARE(hostSteps, 8);
        QVERIFY(firstHosts > lastSwitch);
        QVERIFY2(physical > leaf1 && physical > spine1, "the 300 m fibre carries traffic only after both ends hold its headroom");
        QCOMPARE(plan.steps.back().carrying, (std::vector<int> { 3, 4 }));
        QCOMPARE(plan.steps.size(), std::size_t(16 + 1 + 8));

        // The rollback is the reverse step order; the cable goes back to 6 m before the headroom shrinks.
        QCOMPARE(plan.rollback.size(), plan.steps.size());
        for (std::size_t i = 0; i < plan.rollback.size(); ++i) {
            const auto& r = plan.rollback[i];
            const auto& f = plan.steps[plan.steps.size() - 1 - i];
            QCOMPARE(r.step, int(i) + 1);
            QCOMPARE(r.undoes, f.step);
            QCOMPARE(r.devices, f.devices);
            QCOMPARE(r.kind, f.kind);
        }
        QCOMPARE(plan.rollback.front().kind, RolloutStepKind::Hosts); // the NICs stop using priority 4 first
    }

    /// Issue 37 on the CLI: the 256-GPU project (revision 1 the base, revision 2 the 300 m uplink and the
    /// second lossless class). The JSON's rollback is the reverse step order; every PG whose headroom
    /// changes is listed (PG 4 on all 384 switch ports); the sweep counts the 64 links it covered.
    void gpu256ReviewJson()
    {
        const QString proj = gpu256Project();
        QVERIFY(!proj.isEmpty());
        const Result r = lfpRun({ "review", proj, "--base", "1", "--to", "2", "--json" });
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject j = r.json();
        const QJsonArray rollout = j["rollout"].toArray(), rollback = j["rollback"].toArray();
        QCOMPARE(rollout.size(), 16 + 1 + 8);
        QCOMPARE(rollback.size(), rollout.size());
        for (int i = 0; i < rollback.size(); ++i) {
            const QJsonObject b = rollback[i].toObject(), f = rollout[rollout.size() - 1 - i].toObject();
            QCOMPARE(b["step"].toInt(), i + 1);
            QCOMPARE(b["devices"].toArray(), f["devices"].toArray());
            if (b["kind"].toString() == "hosts") // named explicitly: the base revision's script of each host
                QCOMPARE(b["base_host_scripts"].toArray().size(), b["devices"].toArray().size());
        }
        int switchesSeen = 0;
        for (const auto& s : rollout) {
            const QJsonObject o = s.toObject();
            if (o["kind"].toString() == "switch") {
                QCOMPARE(o["devices"].toArray().size(), 1);
                ++switchesSeen;
                QVERIFY(o["why"].toString().contains("priority 4"));
            }
            if (o["kind"].toString() == "hosts")
                QCOMPARE(switchesSeen, 16); // the NICs after every switch
        }
        int pg4 = 0, pg3 = 0;
        for (const auto& p : j["impact"].toObject()["ports"].toArray()) {
            const QJsonObject o = p.toObject();
            if (o["pg"].toInt() == 4) {
                ++pg4;
                QVERIFY(o["before"].isNull());
            } else if (o["pg"].toInt() == 3)
                ++pg3;
        }
        QCOMPARE(pg4, 384);
        QCOMPARE(pg3, 2); // the two ends of the 300 m uplink
        const QJsonObject after = j["impact"].toObject()["deadlock"].toObject()["after"].toObject();
        QCOMPARE(after["single_failure_sets"].toInt(), 64);
        QVERIFY(j["blocking"].toArray().isEmpty());
        // Verification: every device of the rollout, host pairs whose paths cross it.
        const QJsonArray ver = j["verification"].toArray();
        QCOMPARE(ver.size(), 16 + 256);
        for (const auto& d : ver) {
            const QJsonObject o = d.toObject();
            const QJsonArray pairs = o["pairs"].toArray();
            QCOMPARE(pairs.size(), o["device"].toString().startsWith("host") ? 1 : int(kVerifyPairsPerDevice));
            for (const auto& p : pairs) {
                QVERIFY(p.toObject()["path"].toArray().contains(o["device"]));
                QCOMPARE(p.toObject()["pass_gbps"].toDouble(), 380.3);
                QCOMPARE(p.toObject()["tclass"].toArray(), (QJsonArray { 106, 138 }));
            }
        }
    }

    /// The document at fabric scale: identical deltas grouped, the sweep's wording, and the PDF under 20 pages.
    void gpu256DocumentIsShort()
    {
        const QString proj = gpu256Project();
        QVERIFY(!proj.isEmpty());
        const QString md = m_dir.filePath("gpu256.md");
        Result r = lfpRun({ "review", proj, "--base", "1", "--to", "2", "-o", md });
        QVERIFY2(r.code == 0, r.err.constData());
        QFile f(md);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        // Leaves differ in their cables (rack placement: 6 m and 7 m profiles); the spines but spine1 do not.
        QVERIFY2(text.contains(QStringLiteral("spine2–spine8: the same")), "the seven spines without the long uplink share one delta");
        QVERIFY(text.contains(QStringLiteral("host001–host256")) || text.contains(QStringLiteral("host001–host032")));
        QVERIFY(text.contains("0 of 64 single-link failures create a cycle"));
        QVERIFY(text.contains("symmetry class"));
        QVERIFY(text.contains("PG 3 on 2 ports, PG 4 on 384 ports")); // PG 4 on every switch port
        QVERIFY(text.contains("swap optics and fibre"));
        QVERIFY(text.contains("Run the base revision's host script"));
        for (const char* v : { "Traffic that exercises the change", "ib_write_bw -d <rdma-dev> -x <gid-index> --tclass=106 -q <qps>", "--tclass=138", "show_gids",
                 "380.3 / 400", "host001–host032 → host033", "spine2–spine8", "35 (0.99)" })
            QVERIFY2(text.contains(QString::fromUtf8(v)), v);
        if (QStandardPaths::findExecutable(QStringLiteral("pdfinfo")).isEmpty())
            QSKIP("pdfinfo (poppler-utils) is not installed");
        const QString pdf = m_dir.filePath("gpu256.pdf");
        r = lfpRun({ "review", proj, "--base", "1", "--to", "2", "-o", pdf });
        QVERIFY2(r.code == 0, r.err.constData());
        QProcess info;
        info.start("pdfinfo", { pdf });
        QVERIFY(info.waitForFinished(60000));
        const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(QString::fromUtf8(info.readAllStandardOutput()));
        QVERIFY(m.hasMatch());
        QVERIFY2(m.captured(1).toInt() < 20, qPrintable("pages: " + m.captured(1)));
    }

    /// The Chinese review of the 256-GPU case: the rollout's reasons, drains, change words and the
    /// sweep in Chinese; no English sentence of the document's own left.
    void gpu256ChineseDocument()
    {
        const QString proj = gpu256Project();
        QVERIFY(!proj.isEmpty());
        const QString md = m_dir.filePath("gpu256-zh.md");
        const Result r = lfpRun({ "review", proj, "--base", "1", "--to", "2", "-o", md, "--lang", "zh_CN" });
        QVERIFY2(r.code == 0, r.err.constData());
        QFile f(md);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString zh = QString::fromUtf8(f.readAll());
        for (const char* s : { "步骤 1–16", "新增无损优先级 4", "撤销对应的实施步骤", "更换光模块和光纤", "leaf1 下的网卡", "0 / 64 个单链路故障产生环路", "分析了 1 个对称类",
                 "缓冲余量变化的无损 PG", "修改", "链路", "策略", "基线版本的主机脚本", "覆盖本次变更的流量验证", "先在服务端运行", "通过值 / 线速（Gb/s）", "时延变化" })
            QVERIFY2(zh.contains(QString::fromUtf8(s)), s);
        for (const char* s : { "Why here", "NICs under", "the same", "single-link failures", "disruptive", "changed |", "| link ", "carrying traffic", "re-creates",
                 "Drain", "swap optics", "Traffic that exercises", "on the server", "pass / line", "Run each pair" })
            QVERIFY2(!zh.contains(QString::fromUtf8(s)), s);
        QVERIFY(!zh.contains(QString::fromUtf8("头部空间")) && !zh.contains(QString::fromUtf8("预留缓存"))); // one term for headroom
    }

    /// A switch-only change (an ECN threshold): the hosts' policy changes, their exported script does
    /// not — they are left out of the rollout.
    void hostsAbsentFromSwitchOnlyChange()
    {
        const Fabric a = gpu256Base();
        Fabric b = a;
        for (auto& p : b.policies)
            for (auto& e : p.ecn)
                e.kmin = Bytes(200'000);
        QVERIFY(changedDevices(a, b).size() > 16); // the model says every host changes
        ReviewOptions o;
        o.deadlock = o.storm = o.contract = false;
        const Review r = computeReview(a, b, AsicCatalog::loadDefault(), o);
        QCOMPARE(r.changedDevices.size(), std::size_t(16));
        for (const auto& d : r.changedDevices)
            QVERIFY2(a.findNode(d)->isSwitch(), d.c_str());
        QCOMPARE(r.unrendered.size(), std::size_t(256));
        for (const auto& s : r.rollout.steps)
            QCOMPARE(s.kind, RolloutStepKind::Switch);
    }

    /// Honest status: an export the target refuses, and an analysis that covered nothing, are a
    /// blocking banner on page one and a failing exit status (2 and 1).
    void refusedExportAndNothingCoveredBlock()
    {
        QTemporaryDir dir;
        Fabric a = exampleFabric();
        Fabric b = a;
        for (auto& p : b.policies)
            for (auto& e : p.ecn)
                e.name = "roce ecn;reboot"; // a name SONiC's config cannot hold
        QString proj = projectOf(dir, { a, b });
        QVERIFY(!proj.isEmpty());
        const QString md = dir.filePath("refused.md");
        Result r = lfpRun({ "review", proj, "--base", "1", "--to", "2", "-o", md, "--no-deadlock", "--no-storm", "--no-contract" });
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("export refused"));
        QFile f(md);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QString text = QString::fromUtf8(f.readAll());
        const int banner = text.indexOf("Blocking: do not apply this change as written");
        QVERIFY(banner > 0 && banner < text.indexOf("Summary and scope"));
        QVERIFY(text.indexOf("export refused") < text.indexOf("Summary and scope"));
        QVERIFY(!text.contains("No device's exported configuration changes."));

        // Nothing covered: the new revision's hosts are on no link.
        Fabric c = a;
        erase_if(c.links, [&](const Link& l) { return !c.findNode(l.a.node)->isSwitch() || !c.findNode(l.b.node)->isSwitch(); });
        QTemporaryDir dir2;
        proj = projectOf(dir2, { a, c });
        QVERIFY(!proj.isEmpty());
        r = lfpRun({ "review", proj, "--base", "1", "--to", "2", "-o", md, "--no-storm" });
        QCOMPARE(r.code, 1);
        QFile g(md);
        QVERIFY(g.open(QIODevice::ReadOnly));
        text = QString::fromUtf8(g.readAll());
        const int covered = text.indexOf("covered nothing");
        QVERIFY2(covered > 0 && covered < text.indexOf("Summary and scope"), qPrintable(text.left(1500)));
    }

    /// A removed lossless priority goes the other way: the NICs first, then the switches.
    void removedPriorityGoesNicsFirst()
    {
        const Fabric a = withSecondClass(gpu256Base());
        const Fabric b = gpu256Base();
        const RolloutPlan plan = planRollout(a, b, AsicCatalog::loadDefault());
        QVERIFY(plan.safe);
        QCOMPARE(plan.removedLossless, (std::vector<int> { 4 }));
        QCOMPARE(plan.steps.front().kind, RolloutStepKind::Hosts);
        QCOMPARE(plan.steps.back().kind, RolloutStepKind::Switch);
        QCOMPARE(plan.steps.back().devices.size(), std::size_t(1));
    }

    void hybridTakesDevicesFromEachRevision()
    {
        const Fabric a = exampleFabric();
        const Fabric b = secondLosslessPriority(a);
        const Fabric h = hybridFabric(a, b, { "leaf1" });
        QVERIFY2(h.validate().empty(), h.validate().empty() ? "" : h.validate().front().c_str());
        const FabricIndex idx(h);
        const QosPolicy* onLeaf1 = idx.policyAt(Endpoint { "leaf1", h.findNode("leaf1")->ports[0].name });
        const QosPolicy* onLeaf2 = idx.policyAt(Endpoint { "leaf2", h.findNode("leaf2")->ports[0].name });
        QVERIFY(onLeaf1 && onLeaf2);
        QCOMPARE(onLeaf1->losslessPriorities, (std::vector<int> { 3, 4 }));
        QCOMPARE(onLeaf2->losslessPriorities, (std::vector<int> { 3 }));
        QVERIFY(hybridFabric(a, b, changedDevices(a, b)).nodes.size() == b.nodes.size());
        QCOMPARE(changedDevices(a, b).size(), b.nodes.size()); // the policy of every port changes
    }

    /// The incremental state checks (buffers of only the switches whose inputs are neither revision's,
    /// the revisions' findings given instead of recomputed) give the full check's rollout, step for
    /// step, over several kinds of change: a longer cable, a second lossless priority, a port MTU on
    /// one spine (a link-end mismatch while its peers differ), all three at once, and a naive fixed
    /// order that has risks.
    void incrementalRolloutEqualsFull()
    {
        const Fabric a = exampleFabric();
        Fabric mtu = a;
        for (auto& n : mtu.nodes)
            if (n.name == "spine2")
                for (auto& p : n.ports)
                    p.mtu = 4200;
        Fabric all = withLongUplink(secondLosslessPriority(mtu));
        std::vector<std::pair<std::string, Fabric>> cases { { "cable", withLongUplink(a) }, { "priority", secondLosslessPriority(a) }, { "mtu", mtu },
            { "all", all } };
        const AsicCatalog cat = AsicCatalog::loadDefault();
        auto stepsText = [](const std::vector<RolloutStep>& steps) {
            std::string out;
            for (const auto& s : steps) {
                out += fmt::format("{} {} [{}] atomic={} risky={} carrying={} why={}\n", s.step, s.label, fmt::join(s.devices, ","), s.atomic, s.riskyLinks,
                    fmt::join(s.carrying, ","), s.why);
                for (const auto& f : s.findings)
                    out += "  " + changeFindingKey(f) + " " + f.message + "\n";
            }
            return out;
        };
        int risky = 0, checked = 0;
        for (const auto& [name, b] : cases)
            for (bool naive : { false, true }) {
                RolloutOptions full;
                full.incremental = false;
                if (naive) { // every NIC first, then the switches
                    full.fixedOrder.push_back(hostsOf(b));
                    std::vector<std::string> switches;
                    for (const auto& n : b.nodes)
                        if (n.isSwitch())
                            switches.push_back(n.name);
                    full.fixedOrder.push_back(switches);
                }
                RolloutOptions inc = full;
                inc.incremental = true;
                AsicCatalog merged = cat;
                merged.mergeProject(a);
                merged.mergeProject(b);
                const auto fa = runAllChecks(a, merged), fb = runAllChecks(b, merged);
                inc.beforeFindings = &fa;
                inc.afterFindings = &fb;
                const RolloutPlan x = planRollout(a, b, cat, full), y = planRollout(a, b, cat, inc);
                const std::string label = name + (naive ? " (naive order)" : "");
                QVERIFY2(!x.steps.empty(), label.c_str());
                QCOMPARE(stepsText(y.steps), stepsText(x.steps));
                QCOMPARE(stepsText(y.rollback), stepsText(x.rollback));
                QCOMPARE(y.safe, x.safe);
                QCOMPARE(y.checkRuns, x.checkRuns);
                QCOMPARE(y.trafficAware, x.trafficAware);
                risky += x.safe ? 0 : 1;
                ++checked;
            }
        QCOMPARE(checked, 8);
        QVERIFY2(risky > 0, "some case has an intermediate state with findings, so the comparison covers them");
    }

    /// The Chinese buffer-fit table is worded from the proof's parts (BufferFitWorstCase, term ids and
    /// labels): no English left but identifiers; the English table reads as the proof's own text.
    void chineseBufferFitProofHasNoEnglish()
    {
        const Fabric a = exampleFabric();
        const Review r = computeReview(a, withLongUplink(a), AsicCatalog::loadDefault(), ReviewOptions {});
        QVERIFY(!r.switches.empty() && r.switches.front().fitAfter);
        std::string zh, en;
        for (const auto& sec : buildReviewDocument(r, "zh_CN").sections)
            for (const auto& b : sec.blocks)
                for (const auto& row : b.rows)
                    zh += fmt::format("{}\n", fmt::join(row, " | "));
        for (const auto& sec : buildReviewDocument(r, "en").sections)
            for (const auto& b : sec.blocks)
                for (const auto& row : b.rows)
                    en += fmt::format("{}\n", fmt::join(row, " | "));
        QVERIFY2(en.find(r.switches.front().fitAfter->worstCase) != std::string::npos, en.c_str());
        QVERIFY(en.find("reserved lossy PG reservation") != std::string::npos);
        QVERIFY(zh.find("有损 PG 预留") != std::string::npos);
        QVERIFY2(zh.find("预留 有损 PG 预留") == std::string::npos, "the kind is not said twice");
        QVERIFY(zh.find("共享缓冲余量池") != std::string::npos);
        for (const char* english : { "ports up", "longest cable", "over-subscription", "reserved ", "lossy PG", "management", "egress mirror", "cell " })
            QVERIFY2(zh.find(english) == std::string::npos, english);
    }

    void secondLosslessPriorityRolloutIsSafeAndNaiveOrderIsNot()
    {
        const Fabric a = exampleFabric();
        const Fabric b = secondLosslessPriority(a);
        const AsicCatalog cat = AsicCatalog::loadDefault();
        const RolloutPlan plan = planRollout(a, b, cat);
        QVERIFY(!plan.steps.empty());
        for (const auto& s : plan.steps)
            QVERIFY2(s.findings.empty(), (s.label + ": " + (s.findings.empty() ? std::string() : s.findings.front().code + " " + s.findings.front().message)).c_str());
        QVERIFY(plan.safe);
        // Every changed device is in exactly one step, switches before the NICs they serve.
        std::set<std::string> seen;
        for (const auto& s : plan.steps)
            for (const auto& d : s.devices)
                QVERIFY(seen.insert(d).second);
        QCOMPARE(seen, changedDevices(a, b));
        QVERIFY(b.findNode(plan.steps.front().devices.front())->isSwitch());

        // The naive order: every NIC first, then the switches.
        RolloutOptions naive;
        naive.fixedOrder.push_back(hostsOf(b));
        std::vector<std::string> switches;
        for (const auto& n : b.nodes)
            if (n.isSwitch())
                switches.push_back(n.name);
        naive.fixedOrder.push_back(switches);
        const RolloutPlan bad = planRollout(a, b, cat, naive);
        QVERIFY(!bad.safe);
        QVERIFY(!bad.steps.empty());
        QVERIFY(!bad.steps.front().findings.empty());
        bool dscp = false;
        for (const auto& f : bad.steps.front().findings)
            dscp = dscp || f.code == "LFP-NIC-DSCP-MISMATCH";
        QVERIFY(dscp);
        QVERIFY(bad.steps.front().riskyLinks > 0);
    }

    void impactEqualsHeadroomAndBudget()
    {
        QTemporaryDir dir;
        QString port1;
        const QString proj = makeProject(dir, &port1);
        QVERIFY2(!proj.isEmpty(), "the example has no 6 m leaf1–spine1 link");
        const Result r = lfpRun({ "review", proj, "--base", "1", "--to", "2", "--json" });
        QVERIFY2(r.code == 0 || r.code == 1, r.err.constData());
        const QJsonObject j = r.json();
        for (const char* k : { "changes", "impact", "rollout", "devices" })
            QVERIFY2(j.contains(k), k);
        const QJsonObject impact = j["impact"].toObject();
        for (const char* k : { "ports", "switches", "findings", "deadlock" })
            QVERIFY2(impact.contains(k), k);
        QVERIFY(impact["findings"].toObject().contains("introduced") && impact["findings"].toObject().contains("resolved"));
        QVERIFY(impact["deadlock"].toObject().contains("before") && impact["deadlock"].toObject().contains("after"));
        // The change itself: typed, not double-encoded.
        const QJsonObject change = j["changes"].toArray()[0].toObject();
        QCOMPARE(change["type"].toString(), QString("link"));
        QCOMPARE(change["fields"].toArray()[0].toObject()["after"].toString(), QString("300m"));

        const QString port = "leaf1:" + port1;
        QJsonObject imp;
        for (const auto& p : impact["ports"].toArray())
            if (p.toObject()["port"].toString() == port)
                imp = p.toObject();
        QVERIFY2(!imp.isEmpty(), qPrintable("no impact line for " + port));

        // `lfp budget` of each revision gives the same xoff and pools.
        for (int rev : { 1, 2 }) {
            const Result b = lfpRun({ "budget", proj, "--switch", "leaf1", "-r", QString::number(rev), "--json" });
            QVERIFY2(b.code == 0 || b.code == 1, b.err.constData());
            const QJsonObject sw = b.json()["switches"].toArray()[0].toObject();
            double xoff = -1;
            QString speed;
            for (const auto& p : sw["ports"].toArray()) {
                const QJsonObject po = p.toObject();
                if (po["port"].toString() == port1) {
                    xoff = po["xoff"].toDouble();
                    speed = po["speed"].toString();
                }
            }
            const QJsonObject side = imp[rev == 1 ? "before" : "after"].toObject();
            QCOMPARE(side["xoff"].toDouble(), xoff);
            QJsonObject swImp;
            for (const auto& s : impact["switches"].toArray())
                if (s.toObject()["switch"].toString() == "leaf1")
                    swImp = s.toObject()[rev == 1 ? "before" : "after"].toObject();
            QVERIFY(!swImp.isEmpty());
            const QJsonArray pools = sw["pools"].toArray(), ipools = swImp["pools"].toArray();
            QCOMPARE(ipools.size(), pools.size());
            for (int i = 0; i < pools.size(); ++i) {
                QCOMPARE(ipools[i].toObject()["name"].toString(), pools[i].toObject()["name"].toString());
                QCOMPARE(ipools[i].toObject()["size"].toDouble(), pools[i].toObject()["size"].toDouble());
            }
            // And `lfp headroom` for that port's speed and cable.
            const Result h = lfpRun({ "headroom", "--asic", QString::fromStdString(exampleFabric().findNode("leaf1")->asic), "--speed", speed, "--cable",
                rev == 1 ? "6m" : "300m", "--json" });
            QCOMPARE(h.code, 0);
            QCOMPARE(h.json()["xoff"].toDouble(), xoff);
        }
        QVERIFY(imp["before"].toObject()["xoff"].toDouble() < imp["after"].toObject()["xoff"].toDouble());
    }

    void checklistWriters()
    {
        QTemporaryDir dir;
        const QString proj = makeProject(dir);
        QVERIFY(!proj.isEmpty());
        for (const QString ext : { "md", "html", "pdf" }) {
            const QString out = dir.filePath("review." + ext);
            const Result r = lfpRun({ "review", proj, "--base", "1", "-o", out });
            QVERIFY2(r.code == 0 || r.code == 1, r.err.constData());
            QFile f(out);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray text = f.readAll();
            if (ext == "pdf") {
                QVERIFY(text.startsWith("%PDF"));
                continue;
            }
            for (const char* heading : { "Summary and scope", "Impact", "Config delta per device", "Pre-checks", "Ordered steps", "Verification and pass criteria",
                     "Rollback", "Runbook per lossless class", "Sign-off" })
                QVERIFY2(text.contains(heading), heading);
            QVERIFY(text.contains("show pfc counters"));
            QVERIFY(text.contains("274432") || text.contains("xoff"));
            if (ext == "html") {
                // Self-contained: no src= or href= to the network or to files, the picture inline.
                const QRegularExpression& external = externalResource();
                QVERIFY2(!external.match(QString::fromUtf8(text)).hasMatch(), qPrintable(external.match(QString::fromUtf8(text)).captured(0)));
                QVERIFY(text.contains("<svg"));
                QVERIFY(text.contains("#ffa94d")); // a changed device is highlighted
            }
        }
        // Chinese: the headings translated, the PDF embeds the CJK font.
        const QString md = dir.filePath("review-zh.md");
        const int zhCode = lfpRun({ "review", proj, "--base", "1", "-o", md, "--lang", "zh_CN" }).code;
        QVERIFY(zhCode == 0 || zhCode == 1);
        QFile f(md);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString zh = QString::fromUtf8(f.readAll());
        for (const char* h : { "摘要与范围", "影响", "变更前检查", "有序步骤", "回退", "签字确认" })
            QVERIFY2(zh.contains(QString::fromUtf8(h)), h);
        QVERIFY2(zh.contains(QString::fromUtf8("修订 1 → 修订 ")), qPrintable(zh.left(200))); // the revision labels too
        QVERIFY(!zh.contains(QStringLiteral("revision 1")));
        if (reviewCjkFontFile().empty())
            QSKIP("fonts-noto-cjk is not installed (packaging/install-deps)");
        const QString pdf = dir.filePath("review-zh.pdf");
        const Result r = lfpRun({ "review", proj, "--base", "1", "-o", pdf, "--lang", "zh_CN" });
        QVERIFY2(r.code == 0 || r.code == 1, r.err.constData());
        QFile pf(pdf);
        QVERIFY(pf.open(QIODevice::ReadOnly));
        const QByteArray bytes = pf.readAll();
        QVERIFY(bytes.contains("WenQuanYiMicroHei") || bytes.contains("NotoSansCJK"));
    }

    /// Issue 38: the review PDF's text layer is the document's text. pdftotext of the PDF holds every
    /// word of the HTML checklist's text (its tags, style and inline SVG picture left out) that carries a digit (leaf1, spine1, step numbers: they were lost)
    /// and every Chinese word (it mapped 目 to the Kangxi radical ⽬), and no ligature character.
    void pdfTextLayerIsTheDocumentsText()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
            QSKIP("pdftotext (poppler-utils) is not installed");
        if (reviewCjkFontFile().empty())
            QSKIP("no CJK font (fonts-wqy-microhei or fonts-noto-cjk; packaging/install-deps)");
        QTemporaryDir dir;
        const QString proj = makeProject(dir);
        QVERIFY(!proj.isEmpty());
        for (const QString lang : { "en", "zh_CN" }) {
            const QString md = dir.filePath("t-" + lang + ".html"), pdf = dir.filePath("t-" + lang + ".pdf");
            for (const QString& out : { md, pdf }) {
                const Result r = lfpRun({ "review", proj, "--base", "1", "--lang", lang, "-o", out });
                QVERIFY2(r.code == 0 || r.code == 1, r.err.constData());
            }
            QFile mf(md);
            QVERIFY(mf.open(QIODevice::ReadOnly));
            QProcess p;
            p.start(QStringLiteral("pdftotext"), { QStringLiteral("-enc"), QStringLiteral("UTF-8"), pdf, QStringLiteral("-") });
            QVERIFY(p.waitForFinished(60000));
            const QString text = QString::fromUtf8(p.readAllStandardOutput());
            QVERIFY2(!text.contains(QChar(0xFB01)) && !text.contains(QChar(0xFB02)), "a ligature in the text layer");
            for (QChar c : text)
                QVERIFY2(c.unicode() < 0x2F00 || c.unicode() > 0x2FDF, "a Kangxi radical in the text layer");
            QSet<QString> words;
            for (const QString& w : text.split(QRegularExpression(QStringLiteral("[\\s|,;:()\\[\\]`*#，。：；（）、]+")), Qt::SkipEmptyParts))
                words.insert(w);
            QString compact = text;
            compact.remove(QRegularExpression(QStringLiteral("\\s+")));
            int checked = 0;
            const QRegularExpression wanted(QStringLiteral("^[A-Za-z]+[0-9]+$|\\p{Han}"));
            QString html = QString::fromUtf8(mf.readAll());
            html.remove(QRegularExpression(QStringLiteral("<head>.*</head>|<svg.*</svg>"), QRegularExpression::DotMatchesEverythingOption | QRegularExpression::InvertedGreedinessOption));
            html.replace(QRegularExpression(QStringLiteral("<[^>]*>")), QStringLiteral(" "));
            html.replace(QStringLiteral("&lt;"), QStringLiteral("<")).replace(QStringLiteral("&gt;"), QStringLiteral(">")).replace(QStringLiteral("&quot;"), QStringLiteral("\"")).replace(QStringLiteral("&#39;"), QStringLiteral("'")).replace(QStringLiteral("&amp;"), QStringLiteral("&"));
            for (const QString& w : html.split(QRegularExpression(QStringLiteral("[\\s|,;:()\\[\\]`*#，。：；（）、]+")), Qt::SkipEmptyParts)) {
                if (!wanted.match(w).hasMatch() || w.contains('\\') || w.contains('&'))
                    continue;
                ++checked;
                // A Latin word with digits as a whole word. Chinese wraps between any two characters and a
                // table's cells wrap side by side, so pdftotext's reading order interleaves them: each
                // character of a Chinese word must be in the text layer as itself.
                if (w.contains(QRegularExpression(QStringLiteral("\\p{Han}")))) {
                    for (QChar c : w)
                        QVERIFY2(compact.contains(c), qPrintable(lang + ": '" + QString(c) + "' of \"" + w + "\" is not in the PDF's text layer"));
                } else {
                    QVERIFY2(words.contains(w), qPrintable(lang + ": \"" + w + "\" is not in the PDF's text layer"));
                }
            }
            QVERIFY2(checked > 20, qPrintable(lang + QString::number(checked)));
        }
    }

    /// Issue 38: no "XDG_RUNTIME_DIR not set" warning on stderr when lfp writes a PDF without a session.
    void pdfWithoutRuntimeDirIsQuiet()
    {
        QTemporaryDir dir;
        const QString proj = makeProject(dir);
        QVERIFY(!proj.isEmpty());
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("XDG_RUNTIME_DIR"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(LFP_CLI_PATH), { QStringLiteral("review"), proj, QStringLiteral("--base"), QStringLiteral("1"), QStringLiteral("-o"), dir.filePath("q.pdf") });
        QVERIFY(p.waitForFinished(120000));
        QVERIFY(p.exitCode() == 0 || p.exitCode() == 1);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(err.isEmpty(), err.constData());
    }

    void chineseChecklistTranslatesEveryHeadingAndSentence()
    {
        const Fabric a = exampleFabric();
        const Fabric b = secondLosslessPriority(a);
        ReviewOptions o;
        o.failures = false;
        const Review r = computeReview(a, b, AsicCatalog::loadDefault(), o);
        const ReviewDocument en = buildReviewDocument(r, "en"), zh = buildReviewDocument(r, "zh_CN");
        QCOMPARE(zh.sections.size(), en.sections.size());
        for (std::size_t i = 0; i < en.sections.size(); ++i) {
            QVERIFY2(zh.sections[i].title != en.sections[i].title, en.sections[i].title.c_str());
            QCOMPARE(zh.sections[i].blocks.size(), en.sections[i].blocks.size());
            for (std::size_t k = 0; k < en.sections[i].blocks.size(); ++k) {
                const auto& x = en.sections[i].blocks[k];
                const auto& y = zh.sections[i].blocks[k];
                if (x.kind == ReviewBlock::Kind::List && !x.items.empty() && x.items.front().find("Drain") == 0)
                    QVERIFY(y.items.front() != x.items.front());
                if (x.kind == ReviewBlock::Kind::Table && !x.items.empty() && x.items.front() != "code" && x.items.front() != "")
                    QVERIFY2(y.items.front() != x.items.front(), x.items.front().c_str());
            }
        }
        QVERIFY_THROWS_EXCEPTION(InputError, (void)buildReviewDocument(r, "fr"));
        // The review of this change: no port loses headroom it had, every switch and NIC changes.
        QCOMPARE(r.changedDevices.size(), b.nodes.size());
        QVERIFY(r.rollout.safe);
    }

    /// The storm radius and the lossless contract, before and after (issues 33, 34): a change that
    /// turns ECN off on every policy breaks the contract's data class in the after column only; the
    /// storm columns equal `lfp storm --all-hosts`'s worst source; --no-storm / --no-contract say so.
    void stormAndContractBeforeAfter()
    {
        const Fabric a = exampleFabric();
        Fabric b = a;
        for (auto& p : b.policies)
            p.ecn.clear();
        ReviewOptions o;
        o.failures = false;
        o.deadlock = false;
        const Review r = computeReview(a, b, AsicCatalog::loadDefault(), o);
        QVERIFY(r.contractBefore.analysed && r.contractAfter.analysed);
        QVERIFY(!r.contractBefore.broken);
        QVERIFY(r.contractAfter.broken);
        QVERIFY(r.contractAfter.breaks > 0);
        QVERIFY(r.stormBefore.analysed);
        StormOptions so;
        so.allHosts = true;
        so.detailLimit = 0;
        const StormReport direct = analyseStorms(a, AsicCatalog::loadDefault(), so);
        QCOMPARE(r.stormBefore.worstSource, direct.sources.front().source);
        QCOMPARE(r.stormBefore.paused, direct.sources.front().pausedCount);
        const auto j = reviewToJson(r);
        QCOMPARE(j["impact"]["contract"]["after"]["broken"].get<bool>(), true);
        QCOMPARE(j["impact"]["storm"]["before"]["worst_source"].get<std::string>(), direct.sources.front().source);
        // the checklist's tables, in English and Chinese
        for (const char* lang : { "en", "zh_CN" }) {
            const ReviewDocument d = buildReviewDocument(r, lang);
            bool brokenCell = false, stormTable = false;
            for (const auto& sec : d.sections)
                for (const auto& blk : sec.blocks)
                    for (const auto& row : blk.rows) {
                        stormTable |= row.size() == 3 && row[1].find(direct.sources.front().source) == 0;
                        brokenCell |= row.size() == 4 && row[0] == (std::string(lang) == "en" ? "data" : "数据") && row[3].find(std::string(lang) == "en" ? "broken" : "被破坏") == 0;
                    }
            QVERIFY2(stormTable, lang);
            QVERIFY2(brokenCell, lang);
        }
        o.storm = o.contract = false;
        const Review off = computeReview(a, b, AsicCatalog::loadDefault(), o);
        QVERIFY(!off.stormAfter.analysed && !off.contractAfter.analysed);
        QVERIFY(off.stormAfter.note.find("--no-storm") != std::string::npos);
    }

    /// Issue 31: the review prints, per switch whose buffer changes, the buffer-fit proof `lfp budget`
    /// prints (planner/buffer/bufferfit.h): pools + reservations + xoff against the physical buffer, in
    /// cells and bytes, under the worst case; a pool set that does not fit is an introduced error.
    void bufferFitProofInReview()
    {
        const Fabric fits = th6Switch(176481480), over = th6Switch(258035400);
        ReviewOptions o;
        o.deadlock = false;
        const AsicCatalog cat = AsicCatalog::loadDefault();
        const Review r = computeReview(fits, over, cat, o);
        QCOMPARE(r.switches.size(), std::size_t(1));
        const SwitchImpact& sw = r.switches.front();
        QVERIFY(sw.fitBefore && sw.fitAfter);
        QVERIFY(sw.fitBefore->fits());
        QVERIFY(!sw.fitAfter->fits());
        QCOMPARE(sw.fitAfter->physicalCells, qint64(636183));
        QVERIFY(sw.fitAfter->worstCase.find("all 4 ports") != std::string::npos);
        QVERIFY(std::any_of(r.introduced.begin(), r.introduced.end(), [](const Finding& f) { return f.code == "LFP-BUF-POOLS-EXCEED-BUFFER"; }));

        // The same proof as `lfp budget` of the new revision.
        QTemporaryDir dir;
        const QString file = dir.filePath("over.json");
        {
            QFile out(file);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(QByteArray::fromStdString(fabricToJsonText(over)));
        }
        const Result b = lfpRun({ "budget", file, "--switch", "leaf1", "--json" });
        QCOMPARE(b.code, 1);
        const QJsonObject budgetFit = b.json()["switches"].toArray()[0].toObject()["fit"].toObject();
        QCOMPARE(budgetFit["needed_cells"].toInteger(), qint64(sw.fitAfter->neededCells));
        QCOMPARE(budgetFit["fits"].toBool(), false);
        const QJsonObject reviewFit = QJsonDocument::fromJson(QByteArray::fromStdString(reviewToJson(r).dump())).object()["impact"].toObject()["switches"].toArray()[0].toObject()["fit"].toObject();
        QCOMPARE(reviewFit["after"].toObject(), budgetFit);
        QCOMPARE(reviewFit["before"].toObject()["fits"].toBool(), true);

        // The checklist states it, in cells and bytes, with the verdict; the Chinese one too.
        const std::string md = renderReviewMarkdown(buildReviewDocument(r, "en"));
        QVERIFY(md.find("Buffer-fit proof per switch whose buffer changes") != std::string::npos);
        QVERIFY(md.find(std::to_string(sw.fitAfter->neededCells)) != std::string::npos);
        QVERIFY(md.find(std::to_string(sw.fitAfter->needed.value())) != std::string::npos);
        QVERIFY(md.find(std::to_string(sw.fitAfter->neededCells - 636183) + " cells over") != std::string::npos);
        QVERIFY(md.find("worst case: " + sw.fitAfter->worstCase) != std::string::npos);
        QVERIFY(md.find(std::to_string(sw.fitBefore->neededCells)) != std::string::npos); // needed before
        const std::string zh = renderReviewMarkdown(buildReviewDocument(r, "zh_CN"));
        QVERIFY(zh.find("容纳不下") != std::string::npos);
        // A change that leaves the buffer alone has no proof section.
        const Review same = computeReview(fits, fits, cat, o);
        QVERIFY(same.switches.empty());
        QVERIFY(renderReviewMarkdown(buildReviewDocument(same, "en")).find("Buffer-fit proof") == std::string::npos);
    }

    /// Issue 35: a change that touches links certifies both revisions (K = 1 by default): the 2×4
    /// leaf-spine holds for one failed link; with one leaf-spine link removed it no longer does (any
    /// second failure there closes the bounce cycle of Hu et al., HotNets'16). The JSON side is the object
    /// of `lfp deadlock --certify 1 --json`; the checklist has the table in English and Chinese; a
    /// certificate lost by the change blocks it. --no-certify and a change touching none of it: not computed.
    void certificateBeforeAfter()
    {
        const Fabric a = generateLeafSpine(2, 4, 2);
        Fabric b = a;
        const auto isFabricLink = [&](const Link& l) {
            const Node* x = a.findNode(l.a.node);
            const Node* y = a.findNode(l.b.node);
            return x && y && x->isSwitch() && y->isSwitch();
        };
        const auto it = std::find_if(b.links.begin(), b.links.end(), isFabricLink);
        QVERIFY(it != b.links.end());
        b.links.erase(it);
        ReviewOptions o;
        o.failures = o.storm = o.contract = false;
        const AsicCatalog cat = AsicCatalog::loadDefault();
        const Review r = computeReview(a, b, cat, o);
        QCOMPARE(r.certifyK, 1);
        QVERIFY(r.certifyReason.find("links added or removed") != std::string::npos);
        QVERIFY(r.certificateBefore.certificate && r.certificateAfter.certificate);
        QVERIFY(r.certificateBefore.certificate->holds);
        QVERIFY(!r.certificateAfter.certificate->holds);
        QVERIFY(std::find(r.blocking.begin(), r.blocking.end(), "the deadlock-freedom certificate held before the change and does not hold after it (see Impact)")
            != r.blocking.end());
        // the same object as lfp deadlock --certify 1 --json
        DeadlockJob job;
        job.fixes = false;
        job.certify = 1;
        const auto direct = certificateJson(*runDeadlockJob(job, b).certificate);
        const auto j = reviewToJson(r)["impact"]["certificate"];
        QCOMPARE(j["k"].get<int>(), 1);
        for (const auto& [key, value] : direct.items()) {
            QVERIFY2(j["after"].contains(key), key.c_str());
            if (key != "seconds" && key != "symmetry")
                QVERIFY2(j["after"][key] == value, key.c_str());
        }
        QCOMPARE(j["before"]["holds"].get<bool>(), true);
        QVERIFY(!j["after"]["failing"].empty());
        // the checklist, in English and Chinese
        for (const char* lang : { "en", "zh_CN" }) {
            const bool en = std::string(lang) == "en";
            bool table = false;
            for (const auto& sec : buildReviewDocument(r, lang).sections)
                for (const auto& blk : sec.blocks)
                    for (const auto& row : blk.rows)
                        table |= row.size() == 3 && row[0] == (en ? "result" : "结果") && row[1] == (en ? "holds" : "成立") && row[2] == (en ? "does not hold" : "不成立");
            QVERIFY2(table, lang);
        }
        // off: --no-certify, and a change that touches no routing, lossless priority or link
        o.certify = 0;
        const Review off = computeReview(a, b, cat, o);
        QCOMPARE(off.certifyK, 0);
        QVERIFY(reviewToJson(off)["impact"]["certificate"]["after"].is_null());
        QVERIFY(off.certifyReason.find("--no-certify") != std::string::npos);
        Fabric c = a;
        for (auto& p : c.policies)
            p.ecn.clear();
        o.certify = -1;
        QCOMPARE(computeReview(a, c, cat, o).certifyK, 0);
        o.certify = 2; // --certify 2 forces it
        const Review forced = computeReview(a, c, cat, o);
        QCOMPARE(forced.certifyK, 2);
        QVERIFY(forced.certificateBefore.certificate && !forced.certificateBefore.certificate->holds); // the two-failure bounce
    }

    /// Issue 37, verification that exercises the change: host pairs whose ECMP paths cross each changed
    /// device, the perftest commands with the RoCE ToS of the NICs (DSCP 26 → 106) and of the added
    /// class (DSCP 34 → 138), the GID index placeholder, and the pass figure: 400 Gb/s × 4096 / (4096 +
    /// 82) × 0.97 = 380.3 Gb/s at a 9100-byte MTU (RoCE MTU 4096).
    void verificationPairsCrossTheChange()
    {
        const Fabric a = gpu256Base();
        const Fabric b = withSecondClass(withLongUplink(a));
        const auto v = reviewVerification(a, b, { "spine1", "leaf1", "host001", "spine9" }, { 4 });
        QCOMPARE(v.size(), std::size_t(4));
        QCOMPARE(v[0].device, std::string("leaf1")); // switches (by name), then hosts; a device the new revision lacks is noted
        QCOMPARE(v[1].device, std::string("spine1"));
        QCOMPARE(v[2].device, std::string("spine9"));
        QVERIFY(v[2].pairs.empty() && !v[2].note.empty());
        QCOMPARE(v[3].device, std::string("host001"));
        for (const auto* d : { &v[0], &v[1] }) {
            QCOMPARE(d->pairs.size(), kVerifyPairsPerDevice);
            std::set<std::string> clients, servers;
            for (const auto& p : d->pairs) {
                QVERIFY2(std::find(p.path.begin(), p.path.end(), d->device) != p.path.end(), d->device.c_str());
                QCOMPARE(p.path.size(), std::size_t(5)); // host, leaf, spine, leaf, host: a shortest path
                QCOMPARE(p.path.front(), p.client);
                QCOMPARE(p.path.back(), p.server);
                QVERIFY(p.path[1] != p.path[3]); // another leaf
                clients.insert(p.client);
                servers.insert(p.server);
                QCOMPARE(p.lineGbps, 400.0);
                QCOMPARE(p.roceMtu, 4096);
                QCOMPARE(p.passGbps, std::floor(400.0 * 4096 / (4096 + 82) * 0.97 * 10) / 10);
                QCOMPARE(p.tclass, (std::vector<int> { 106, 138 }));
                std::string all;
                for (const auto& c : p.commands)
                    all += c.command + "\n";
                for (const char* s : { "ib_write_bw -d <rdma-dev> -x <gid-index> --tclass=106", "--tclass=138", "--report_gbits", "-D 30", "-s 65536", "ib_read_lat",
                         "-F" })
                    QVERIFY2(all.find(s) != std::string::npos, s);
                QVERIFY(all.find(fmt::format("<{}-ip>", p.server)) != std::string::npos);
                QCOMPARE(p.commands.size(), std::size_t(6)); // server and client: write_bw per ToS, then read_lat
                QCOMPARE(p.commands.front().role, std::string("server"));
                QCOMPARE(p.commands.front().on, p.server);
                QCOMPARE(p.commands[1].on, p.client);
            }
            QCOMPARE(clients.size(), d->pairs.size()); // one pair per distinct ingress leaf and egress leaf
            QCOMPARE(servers.size(), d->pairs.size());
        }
        // spine1 carries 1 of the 8 equal-cost paths between two leaves: 35 QPs cross it with 99 %.
        const VerifyPair& sp = v[1].pairs.front();
        QCOMPARE(sp.ecmpPaths, 8.0);
        QCOMPARE(sp.pathsViaDevice, 1.0);
        QCOMPARE(sp.qps, 35);
        QVERIFY(sp.crossProbability >= 0.99);
        // leaf1: once as the client's leaf, once as the server's; the 300 m uplink adds ~1.5 µs on a path over spine1.
        QCOMPARE(v[0].pairs[0].path[1], std::string("leaf1"));
        QCOMPARE(v[0].pairs[1].path[3], std::string("leaf1"));
        for (const auto& p : v[0].pairs)
            if (p.path[2] == "spine1")
                QVERIFY2(p.latencyDeltaUs > 1.4 && p.latencyDeltaUs < 1.6, fmt::format("{}", p.latencyDeltaUs).c_str());
            else
                QCOMPARE(p.latencyDeltaUs, 0.0);
        QCOMPARE(v[0].pairs[0].qps, kVerifyMinQps); // every path from leaf1 crosses it
        // host001: the host as client, the first host of another leaf as server.
        QCOMPARE(v[3].pairs.size(), std::size_t(1));
        QCOMPARE(v[3].pairs.front().client, std::string("host001"));
        QCOMPARE(v[3].pairs.front().path[1], std::string("leaf1"));
        QVERIFY(v[3].pairs.front().path[3] != "leaf1");
        const auto j = verificationJson(v);
        QCOMPARE(j.size(), std::size_t(4));
        for (const char* k : { "client", "server", "path", "commands", "pass_gbps", "line_gbps", "tclass", "qps", "latency" })
            QVERIFY2(j[1]["pairs"][0].contains(k), k);
        QCOMPARE(j[1]["pairs"][0]["commands"][0]["command"].get<std::string>().rfind("ib_write_bw", 0), std::size_t(0));
    }

    /// Ports of a breakout mode together: leaf1's two uplinks are members of one breakout port and go from
    /// 400G to 200G with their spines' ports; the switches at both ends change in one step, with the reason.
    void breakoutGroupInOneStep()
    {
        GeneratorOptions o;
        o.asic = "spectrum-4";
        const Fabric a0 = generateLeafSpine(2, 2, 2, o);
        Fabric a = a0;
        std::vector<Endpoint> uplinks;
        for (const auto& l : a.links)
            if (l.a.node == "leaf1" && l.b.node.rfind("spine", 0) == 0)
                uplinks.push_back(l.a);
            else if (l.b.node == "leaf1" && l.a.node.rfind("spine", 0) == 0)
                uplinks.push_back(l.b);
        QCOMPARE(uplinks.size(), std::size_t(2));
        for (const auto& e : uplinks)
            a.findNode("leaf1")->findPort(e.port)->breakoutParent = uplinks.front().port;
        Fabric b = a;
        for (auto& l : b.links)
            if ((l.a.node == "leaf1" && l.b.node.rfind("spine", 0) == 0) || (l.b.node == "leaf1" && l.a.node.rfind("spine", 0) == 0))
                for (const Endpoint& e : { l.a, l.b })
                    b.findNode(e.node)->findPort(e.port)->speed = BitsPerSecond(200'000'000'000);
        const RolloutPlan plan = planRollout(a, b, AsicCatalog::loadDefault());
        int steps = 0;
        for (const auto& s : plan.steps)
            if (std::find(s.devices.begin(), s.devices.end(), "leaf1") != s.devices.end()) {
                ++steps;
                QCOMPARE(std::set<std::string>(s.devices.begin(), s.devices.end()), (std::set<std::string> { "leaf1", "spine1", "spine2" }));
                QVERIFY2(s.why.find("breakout group leaf1:" + uplinks.front().port) != std::string::npos, s.why.c_str());
            }
        QCOMPARE(steps, 1);
        for (const auto& s : plan.steps) // the spines are in no other step
            for (const auto& d : s.devices)
                QVERIFY(d == "leaf1" || d == "spine1" || d == "spine2" ? std::find(s.devices.begin(), s.devices.end(), "leaf1") != s.devices.end() : true);
    }

    /// SONiC's shared headroom pool turned off (sonic-swss pull request 4153): the lossless profiles take
    /// xon + xoff = size first, the pool's xoff goes last, and the rollout step says why; the rollback
    /// turns the pool on before the profiles rely on it again.
    void sonicHeadroomPoolOffAfterProfiles()
    {
        GeneratorOptions o;
        o.asic = "spectrum-4";
        Fabric a = generateLeafSpine(2, 2, 2, o);
        a.findNode("leaf1")->buffer.overSubscribeRatio = 2;
        Fabric b = a;
        b.findNode("leaf1")->buffer.overSubscribeRatio.reset();
        ReviewOptions ro;
        ro.deadlock = ro.storm = ro.contract = false;
        ro.certify = 0;
        const Review r = computeReview(a, b, AsicCatalog::loadDefault(), ro);
        const DeviceChange* leaf1 = nullptr;
        for (const auto& d : r.devices)
            if (d.delta.device == "leaf1")
                leaf1 = &d;
        QVERIFY(leaf1);
        QCOMPARE(leaf1->target, std::string("sonic"));
        std::size_t off = SIZE_MAX, lastProfile = 0;
        for (std::size_t i = 0; i < leaf1->delta.commands.size(); ++i) {
            const auto& c = leaf1->delta.commands[i];
            if (c.step == kSonicHeadroomPoolOffStep) {
                off = std::min(off, i);
                QVERIFY2(c.text.find("'BUFFER_POOL|ingress_lossless_pool' 'xoff'") != std::string::npos
                        || c.text.find("'DEFAULT_LOSSLESS_BUFFER_PARAMETER|AZURE' 'over_subscribe_ratio'") != std::string::npos,
                    c.text.c_str());
            } else if (c.text.find("BUFFER_PROFILE|") != std::string::npos || c.text.find("BUFFER_PG|") != std::string::npos)
                lastProfile = i;
            QVERIFY2(c.text.find("'xoff'") == std::string::npos || c.text.find("ingress_lossless_pool") == std::string::npos || c.step == kSonicHeadroomPoolOffStep,
                c.text.c_str());
        }
        QVERIFY2(lastProfile > 0 && off != SIZE_MAX && off > lastProfile, "the pool goes off after every profile change");
        QVERIFY(std::any_of(leaf1->delta.commands.begin(), leaf1->delta.commands.end(),
            [](const ChangeCommand& c) { return c.text.find("HDEL 'BUFFER_POOL|ingress_lossless_pool' 'xoff'") != std::string::npos; }));
        bool said = false;
        for (const auto& s : r.rollout.steps)
            if (std::find(s.devices.begin(), s.devices.end(), "leaf1") != s.devices.end())
                said = s.why.find("sonic-swss pull request 4153") != std::string::npos;
        QVERIFY(said);
        // The inverse turns the pool on (xoff back) before the profiles shrink to size = xon.
        QVERIFY(leaf1->rollback);
        std::size_t on = SIZE_MAX, firstProfile = SIZE_MAX;
        for (std::size_t i = 0; i < leaf1->rollback->commands.size(); ++i) {
            const auto& c = leaf1->rollback->commands[i];
            if (c.text.find("ingress_lossless_pool") != std::string::npos && c.text.find("'xoff'") != std::string::npos)
                on = std::min(on, i);
            if (c.text.find("BUFFER_PROFILE|pg_lossless") != std::string::npos)
                firstProfile = std::min(firstProfile, i);
        }
        QVERIFY2(on != SIZE_MAX && firstProfile != SIZE_MAX && on < firstProfile, "the pool on before the profiles rely on it");
        // The Chinese checklist words the rule.
        const ReviewDocument zh = buildReviewDocument(r, "zh_CN");
        const std::string md = renderReviewMarkdown(zh);
        QVERIFY(md.find("xon + xoff = size") != std::string::npos && md.find("先变更缓冲配置文件") != std::string::npos);
    }

    void usageErrors()
    {
        QTemporaryDir dir;
        const QString proj = makeProject(dir);
        QVERIFY(!proj.isEmpty());
        QCOMPARE(lfpRun({ "review", proj, "--base", "1", "-o", dir.filePath("x.docx") }).code, 2);
        QCOMPARE(lfpRun({ "review", proj, "--base", "1", "-o", dir.filePath("x.md"), "--lang", "fr" }).code, 2);
        QCOMPARE(lfpRun({ "review", proj, "--base", "9", "--json" }).code, 2);
        QCOMPARE(lfpRun({ "review", proj, "--base", "1", "--json", "--certify", "4" }).code, 2);
        QCOMPARE(lfpRun({ "review", proj, "--base", "1", "--json", "--certify", "1", "--no-certify" }).code, 2);
    }
};

QTEST_GUILESS_MAIN(TestReview)
#include "tst_review.moc"
