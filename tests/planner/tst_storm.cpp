// SPDX-License-Identifier: GPL-3.0-or-later
// PFC watchdog semantics per platform (planner/checks/watchdog.h) and pause storms (planner/checks/storm.h):
// SONiC start_default reproduced exactly, every invalid timer combination of issue 34 flagged, and the
// wave front and freeze times of a line, a ring and a two-tier Clos worked out by hand below.
#ifndef Q_MOC_RUN // moc need not (and cannot) parse C++20 library headers
#include "model/asiccatalog.h"
#include "model/fabricindex.h"
#include "model/generators.h"
#include "planner/checks/checks.h"
#include "planner/checks/storm.h"
#include "planner/checks/watchdog.h"

#include <QTest>
#include <algorithm>
#include <fmt/format.h>
#endif

using namespace lfp;

namespace {

const AsicCatalog& catalog()
{
    static const AsicCatalog c = AsicCatalog::loadDefault();
    return c;
}

/// The RoCE policy with a watchdog of @p detMs / @p resMs. (@p pollMs is the switches' polling interval,
/// a per-switch attribute: see pollAll.)
QosPolicy policy(const std::string& name, bool wd, double detMs = 200, double pollMs = 100, WatchdogAction a = WatchdogAction::Drop, double resMs = 200)
{
    (void)pollMs;
    QosPolicy p = defaultRocePolicy();
    p.name = name;
    p.watchdog.enabled = wd;
    p.watchdog.detection = Nanoseconds(detMs * 1e6);
    p.watchdog.restoration = Nanoseconds(resMs * 1e6);
    p.watchdog.action = a;
    return p;
}

/// Builds fabrics by hand: no ASIC, so each hop's fill is 0 and its response is the pause's flight over
/// the cable (docs/storm.md): 198 m at 1.98e8 m/s = exactly 1 µs per hop.
struct Builder {
    Fabric f;
    Builder()
    {
        f.name = "storm";
        f.policies.push_back(policy("wd", true));
        f.bindings = { { Role::Leaf, "wd" }, { Role::Spine, "wd" }, { Role::Host, "wd" } };
    }
    Node& node(const std::string& name, Role r)
    {
        if (Node* n = f.findNode(name))
            return *n;
        Node n;
        n.name = name;
        n.role = r;
        if (r != Role::Host)
            n.attributes["pfc_watchdog.polling"] = "100ms"; // the switch's polling interval (SONiC POLL_INTERVAL)
        f.nodes.push_back(n);
        return f.nodes.back();
    }
    std::string port(const std::string& nodeName)
    {
        Node* n = f.findNode(nodeName);
        Port p;
        p.name = fmt::format("p{}", n->ports.size());
        p.speed = BitsPerSecond(100'000'000'000);
        n->ports.push_back(p);
        return p.name;
    }
    void link(const std::string& a, Role ra, const std::string& b, Role rb)
    {
        node(a, ra);
        node(b, rb);
        const std::string pa = port(a), pb = port(b);
        f.links.push_back({ { a, pa }, { b, pb }, Metres(198), Medium::Fibre, LinkOrigin::Planned, FibreType::Smf });
    }
    /// Every port of @p node gets policy @p pol.
    void overrideNode(const std::string& nodeName, const std::string& pol)
    {
        for (const auto& p : f.findNode(nodeName)->ports)
            f.overrides.push_back({ { nodeName, p.name }, pol });
    }
};

const StormPause* pauseAt(const StormSource& s, const std::string& port)
{
    for (const auto& p : s.paused)
        if (p.port == port)
            return &p;
    return nullptr;
}

StormSource stormOf(const Fabric& f, const std::string& source)
{
    StormOptions o;
    o.sources = { source };
    const auto rep = analyseStorms(f, catalog(), o);
    if (rep.sources.size() != 1)
        throw std::runtime_error("expected one source");
    return rep.sources.front();
}

bool has(const std::vector<Finding>& fs, const std::string& code, const std::string& inMessage = {})
{
    return std::any_of(fs.begin(), fs.end(), [&](const Finding& f) { return f.code == code && f.message.find(inMessage) != std::string::npos; });
}

/// One switch of platform @p os with @p ports ports, each linked to a host, all lossless with policy @p p.
Fabric oneSwitch(const std::string& os, int ports, const QosPolicy& p, double pollMs = 100)
{
    Builder b;
    b.f.policies = { p };
    b.f.bindings = { { Role::Leaf, p.name }, { Role::Host, p.name } };
    b.node("sw", Role::Leaf).attributes["os"] = os;
    b.node("sw", Role::Leaf).attributes["pfc_watchdog.polling"] = fmt::format("{}ms", pollMs);
    for (int i = 0; i < ports; ++i)
        b.link("sw", Role::Leaf, fmt::format("h{}", i), Role::Host);
    return b.f;
}

} // namespace

class TestStorm : public QObject {
    Q_OBJECT

private slots:
    void platformsLoaded()
    {
        for (const char* id : { "sonic", "junos", "nxos", "eos", "nvue", "broadcom-dnx", "nic" }) {
            const WatchdogPlatform* p = watchdogPlatform(id);
            QVERIFY2(p, id);
            QVERIFY2(!p->sources.empty(), id); // every platform names its sources, with dates
            for (const auto& s : p->sources)
                QVERIFY2(!s.ref.empty() && !s.date.empty(), id);
        }
        QCOMPARE(watchdogPlatform("sonic")->detectionRange->second, 5000.0);
        QCOMPARE(watchdogPlatform("sonic")->pollingRange->second, 1000.0);
        QVERIFY(watchdogPlatform("junos")->globalAction);
        QCOMPARE(*watchdogPlatform("junos")->pollingMs, 100.0);
    }

    /// sonic-utilities pfcwd/main.py start_default: multiply = max(1, (n − 1) // 32 + 1), detection =
    /// restoration = 200 ms × multiply, POLL_INTERVAL = 200 ms × multiply capped at 1000 ms (PR 4306;
    /// its unit test: 512 ports → 3200 / 3200, polling 1000); since PR 4775 n counts PFC-enabled ports.
    void sonicStartDefault_data()
    {
        QTest::addColumn<int>("ports");
        QTest::addColumn<int>("pfc");
        QTest::addColumn<int>("release");
        QTest::addColumn<int>("multiply");
        QTest::addColumn<double>("detection");
        QTest::addColumn<double>("polling");
        const int r4775 = int(StartDefaultRelease::Pr4775), r4306 = int(StartDefaultRelease::Pr4306), before = int(StartDefaultRelease::Before4306);
        QTest::newRow("32") << 32 << 32 << r4775 << 1 << 200.0 << 200.0;
        QTest::newRow("64") << 64 << 64 << r4775 << 2 << 400.0 << 400.0;
        QTest::newRow("67, 64 PFC (PR 4775)") << 67 << 64 << r4775 << 2 << 400.0 << 400.0;
        QTest::newRow("67, 64 PFC (before PR 4775)") << 67 << 64 << r4306 << 3 << 600.0 << 600.0;
        QTest::newRow("448") << 448 << 448 << r4775 << 14 << 2800.0 << 1000.0;
        QTest::newRow("448 before PR 4306") << 448 << 448 << before << 14 << 2800.0 << 2800.0;
        QTest::newRow("512") << 512 << 512 << r4775 << 16 << 3200.0 << 1000.0;
        QTest::newRow("512 before PR 4306") << 512 << 512 << before << 16 << 3200.0 << 3200.0;
        QTest::newRow("0 PFC ports") << 32 << 0 << r4775 << 1 << 200.0 << 200.0;
    }
    void sonicStartDefault()
    {
        QFETCH(int, ports);
        QFETCH(int, pfc);
        QFETCH(int, release);
        QFETCH(int, multiply);
        QFETCH(double, detection);
        QFETCH(double, polling);
        const auto t = lfp::sonicStartDefault(ports, pfc, StartDefaultRelease(release));
        QCOMPARE(t.multiply, multiply);
        QCOMPARE(t.detectionMs, detection);
        QCOMPARE(t.restorationMs, detection);
        QCOMPARE(t.pollingMs, polling);
    }

    /// Every invalid combination of issue 34, one platform at a time.
    void invalidCombinations()
    {
        // polling longer than detection (sonic-buildimage issue 27865) and than restoration
        auto f = checkWatchdogPlatforms(FabricIndex(oneSwitch("sonic", 4, policy("p", true, 200), 300)));
        QVERIFY2(has(f, "LFP-WD-POLLING", "longer than the detection time 200 ms and the restoration time 200 ms"), f.empty() ? "" : f[0].message.c_str());
        QCOMPARE(f.front().severity, Severity::Error);
        f = checkWatchdogPlatforms(FabricIndex(oneSwitch("sonic", 4, policy("p", true, 400, 0, WatchdogAction::Drop, 200), 300)));
        QVERIFY(has(f, "LFP-WD-POLLING", "restoration time 200 ms"));
        // timers outside SONiC's YANG ranges: detection 100..5000, polling 100..1000
        f = checkWatchdogPlatforms(FabricIndex(oneSwitch("sonic", 4, policy("p", true, 6000, 0, WatchdogAction::Drop, 6000), 200)));
        QVERIFY(has(f, "LFP-WD-RANGE", "detection 6000 ms is outside sonic's range 100-5000 ms"));
        // the pre-PR-4306 start_default of 448 ports: polling 2800 ms
        f = checkWatchdogPlatforms(FabricIndex(oneSwitch("sonic", 4, policy("p", true, 2800, 0, WatchdogAction::Drop, 2800), 2800)));
        QVERIFY(has(f, "LFP-WD-RANGE", "polling 2800 ms is outside sonic's range 100-1000 ms"));
        // a default that scales past its cap: 200 PFC ports → multiply 7, polling 1400 capped at 1000
        f = checkWatchdogPlatforms(FabricIndex(oneSwitch("sonic", 200, policy("p", true, 200), 200)));
        QVERIFY2(has(f, "LFP-WD-DEFAULT-SCALED", "detection 1400 ms and restoration 1400 ms (200 ms × 7) and polling 1000 ms (200 ms × 7 = 1400 ms, capped at 1000 ms)"),
            f.empty() ? "" : f[0].message.c_str());
        // actions a platform does not have: Junos and NVUE only drop, EOS has no forward
        for (const char* os : { "junos", "eos", "nvue" }) {
            f = checkWatchdogPlatforms(FabricIndex(oneSwitch(os, 2, policy("p", true, 200, 100, WatchdogAction::Forward))));
            QVERIFY2(has(f, "LFP-WD-ACTION-UNSUPPORTED", "the watchdog action forward does not exist"), os);
        }
        // Junos takes one action for every port
        Fabric mixed = oneSwitch("junos", 2, policy("p", true, 200, 100, WatchdogAction::Drop));
        mixed.policies.push_back(policy("q", true, 200, 100, WatchdogAction::Alert));
        mixed.overrides.push_back({ { "sw", "p1" }, "q" });
        f = checkWatchdogPlatforms(FabricIndex(mixed));
        QVERIFY(has(f, "LFP-WD-ACTION-UNSUPPORTED", "takes one action for all ports"));
        // a NIC without storm prevention
        Fabric nic = oneSwitch("sonic", 2, policy("p", true, 200), 200);
        nic.findNode("h1")->attributes["nic.pfc_watchdog"] = "off";
        f = checkWatchdogPlatforms(FabricIndex(nic));
        QVERIFY(has(f, "LFP-WD-NIC-MISSING", "1 host (h1)"));
        // valid SONiC timers: nothing
        f = checkWatchdogPlatforms(FabricIndex(oneSwitch("sonic", 4, policy("p", true, 200), 200)));
        QVERIFY2(f.empty(), f.empty() ? "" : f[0].message.c_str());
        // `lfp check` includes them
        QVERIFY(has(runAllChecks(oneSwitch("sonic", 4, policy("p", true, 200), 300), catalog()), "LFP-WD-POLLING"));
    }

    /// Detection windows along a path: the spine acts within 100–200 ms, the leaf's host-facing ports
    /// only from 400 ms, so a host's storm is broken at the spine, dropping the whole link.
    void windowSkew()
    {
        Builder b;
        b.f.policies = { policy("leaf", true, 400, 100), policy("spine", true, 100, 100) };
        b.f.bindings = { { Role::Leaf, "leaf" }, { Role::Spine, "spine" }, { Role::Host, "leaf" } };
        b.link("l0", Role::Leaf, "h0", Role::Host);
        b.link("s0", Role::Spine, "l0", Role::Leaf);
        const auto f = checkWatchdogPlatforms(FabricIndex(b.f));
        QVERIFY2(has(f, "LFP-WD-WINDOW-SKEW", "s0:p0 acts within 100-200 ms, before l0's host-facing watchdog can act (400-500 ms)"),
            f.empty() ? "" : f[0].message.c_str());
    }

    /// Line hA – s1 – s2 – s3 – hB, 198 m per link (1 µs per hop, no ASIC: fill 0), watchdogs
    /// detection 200 + polling 100 = 300 ms worst case; hB's NIC watchdog off, hB storms.
    ///   t(s3→hB) = 0 (the source); s2→s3 waits on it: 0 + 1 = 1 µs; s1→s2: 2 µs; hA→s1: 3 µs.
    ///   Nothing else: hB's own traffic toward hA flows (s3→s2 is not paused).
    ///   Releases: s3→hB by its own watchdog at 0 + 300,000 µs → frozen 300 ms; s2→s3 at
    ///   min(1 + 300,000, 300,000 + 1) → 300 ms; s1→s2 likewise 300 ms; hA (no watchdog of its own)
    ///   when s1→s2 is freed plus one response: 300,002 + 1 − 3 = 300,000 µs → 300 ms.
    ///   With s2's detection 500 ms (worst 600 ms): s2→s3 is freed behind s3 at 300,001 → still
    ///   300 ms. With s3's watchdog off: s3→hB never (null); s2→s3 by its own at 1 + 600,000 → 600 ms;
    ///   s1→s2 by its own at 2 + 300,000 → 300 ms (its watchdog fires first: a cascade);
    ///   hA behind s1→s2: 300,002 + 1 − 3 → 300 ms.
    void line()
    {
        Builder b;
        b.link("s1", Role::Leaf, "hA", Role::Host);
        b.link("s1", Role::Leaf, "s2", Role::Spine);
        b.link("s2", Role::Spine, "s3", Role::Leaf);
        b.link("s3", Role::Leaf, "hB", Role::Host);
        b.node("hB", Role::Host).attributes["nic.pfc_watchdog"] = "off";
        auto s = stormOf(b.f, "hB");
        QCOMPARE(s.pausedCount, std::size_t(4));
        QCOMPARE(pauseAt(s, "s3:p1")->atUs, 0.0);
        QCOMPARE(pauseAt(s, "s2:p1")->atUs, 1.0);
        QCOMPARE(pauseAt(s, "s1:p1")->atUs, 2.0);
        QCOMPARE(pauseAt(s, "hA:p0")->atUs, 3.0);
        QVERIFY(!pauseAt(s, "s3:p0"));
        for (const char* p : { "s3:p1", "s2:p1", "s1:p1", "hA:p0" })
            QCOMPARE(*pauseAt(s, p)->frozenMs, 300.0);
        QCOMPARE(s.hosts, std::vector<std::string> { "hA" });
        QVERIFY(s.unwatched.empty());
        QCOMPARE(*s.frozenMsMax, 300.0);
        b.f.policies.push_back(policy("slow", true, 500, 100));
        b.overrideNode("s2", "slow");
        s = stormOf(b.f, "hB");
        QCOMPARE(*pauseAt(s, "s2:p1")->frozenMs, 300.0);
        b.f.policies.push_back(policy("off", false));
        b.overrideNode("s3", "off");
        s = stormOf(b.f, "hB");
        QVERIFY(!pauseAt(s, "s3:p1")->frozenMs);
        QCOMPARE(*pauseAt(s, "s2:p1")->frozenMs, 600.0);
        QCOMPARE(*pauseAt(s, "s1:p1")->frozenMs, 300.0);
        QCOMPARE(*pauseAt(s, "hA:p0")->frozenMs, 300.0);
        QVERIFY(!s.frozenMsMax);
        QCOMPARE(s.unwatched, std::vector<std::string> { "s3:p1" });
        QVERIFY2(s.bestChange.find("hB") != std::string::npos || s.bestChange.find("s3:p1") != std::string::npos, s.bestChange.c_str());
        QVERIFY(s.bestChangeHelps);
    }

    /// Ring r0–r1–r2–r3–r0, host hi on ri, 1 µs per hop, ECMP (r0↔r2 and r1↔r3 both ways round).
    /// h0 storms (NIC watchdog off):
    ///   0 µs r0→h0; 1 µs r1→r0, r3→r0 (all traffic for r0); 2 µs h1, h3 and r2→r1, r2→r3 (r2's
    ///   traffic for r0 goes either way); 3 µs h2, r1→r2, r3→r2 (traffic for r3 / r1 through r2);
    ///   4 µs r0→r1, r0→r3 (r0's transit toward r2); 5 µs h0 itself (its traffic leaves on r0→r1/r3).
    ///   (r3's traffic for r1 through r2 pauses r3→r2; r1's for r3 through r2 pauses r1→r2.)
    ///   13 paused ports. Watchdogs 300 ms: every switch port own-released at t + 300,000 µs; hosts
    ///   behind their latest egress + 1: h1 max(300,001, 300,003) + 1 − 2 = 300,002 µs (300.002 ms),
    ///   h3 likewise, h2 300,002 + 1 − 3 → 300 ms, h0 300,004 + 1 − 5 → 300 ms.
    ///   Without switch watchdogs and with h0's NIC watchdog on (100 ms): the storm ends at 100 ms, but
    ///   r0→r1 … r3→r0 wait on each other round the ring (a PFC deadlock): they stay frozen (null).
    void ring()
    {
        Builder b;
        for (int i = 0; i < 4; ++i)
            b.link(fmt::format("r{}", i), Role::Leaf, fmt::format("h{}", i), Role::Host);
        for (int i = 0; i < 4; ++i)
            b.link(fmt::format("r{}", i), Role::Leaf, fmt::format("r{}", (i + 1) % 4), Role::Leaf);
        b.node("h0", Role::Host).attributes["nic.pfc_watchdog"] = "off";
        // ports: ri:p0 → hi; r0:p1 → r1, r0:p2 → r3; r1:p1 → r0, r1:p2 → r2; r2:p1 → r1, r2:p2 → r3;
        // r3:p1 → r2, r3:p2 → r0
        auto s = stormOf(b.f, "h0");
        QCOMPARE(s.pausedCount, std::size_t(13));
        QCOMPARE(pauseAt(s, "r0:p0")->atUs, 0.0);
        QCOMPARE(pauseAt(s, "r1:p1")->atUs, 1.0);
        QCOMPARE(pauseAt(s, "r3:p2")->atUs, 1.0);
        QCOMPARE(pauseAt(s, "h1:p0")->atUs, 2.0);
        QCOMPARE(pauseAt(s, "h3:p0")->atUs, 2.0);
        QCOMPARE(pauseAt(s, "r2:p1")->atUs, 2.0);
        QCOMPARE(pauseAt(s, "r2:p2")->atUs, 2.0);
        QCOMPARE(pauseAt(s, "h2:p0")->atUs, 3.0);
        QCOMPARE(pauseAt(s, "r1:p2")->atUs, 3.0);
        QCOMPARE(pauseAt(s, "r3:p1")->atUs, 3.0);
        QCOMPARE(pauseAt(s, "r0:p1")->atUs, 4.0);
        QCOMPARE(pauseAt(s, "r0:p2")->atUs, 4.0);
        QCOMPARE(pauseAt(s, "h0:p0")->atUs, 5.0);
        QCOMPARE(*pauseAt(s, "h1:p0")->frozenMs, 300.002);
        QCOMPARE(*pauseAt(s, "h2:p0")->frozenMs, 300.0);
        QCOMPARE(*pauseAt(s, "h0:p0")->frozenMs, 300.0);
        QCOMPARE(*s.frozenMsMax, 300.002);
        QCOMPARE(s.front[1], std::make_pair(0.0, 4.0));
        b.f.policies = { policy("wd", false) };
        b.node("h0", Role::Host).attributes["nic.pfc_watchdog"] = "auto";
        s = stormOf(b.f, "h0");
        QCOMPARE(*pauseAt(s, "r0:p0")->frozenMs, 100.0); // the NIC stops pausing
        QVERIFY(!pauseAt(s, "r1:p1")->frozenMs); // deadlocked round the ring
        QVERIFY(!s.frozenMsMax);
    }

    /// Two-tier Clos: spines s0, s1; leaves l0 (h00, h01), l1 (h10, h11); 1 µs per hop; h00 storms.
    ///   0 µs l0→h00; 1 µs h01 (to h00), s0→l0, s1→l0 (traffic for l0); 2 µs l1→s0, l1→s1 (l1's
    ///   traffic for l0); 3 µs h10, h11. l0→s*, s*→l1 stay up (nothing waits behind l1's hosts).
    ///   Watchdogs 300 ms: all 300 ms (hosts: 300,000 + 1 − 1 and 300,002 + 1 − 3).
    ///   l0's watchdog off: l0→h00 null, and h01 (it waits only on l0→h00) null; s0→l0 freed by its
    ///   own watchdog at 1 + 300,000 → 300 ms; h10 behind l1→s0/s1: 300 ms.
    void clos()
    {
        Builder b;
        for (const char* l : { "l0", "l1" })
            for (const char* s : { "s0", "s1" })
                b.link(s, Role::Spine, l, Role::Leaf);
        for (const char* h : { "h00", "h01" })
            b.link("l0", Role::Leaf, h, Role::Host);
        for (const char* h : { "h10", "h11" })
            b.link("l1", Role::Leaf, h, Role::Host);
        b.node("h00", Role::Host).attributes["nic.pfc_watchdog"] = "off";
        // ports: s0:p0→l0 s0:p1→l1, s1 likewise; l0:p0←s0 l0:p1←s1 l0:p2→h00 l0:p3→h01
        auto s = stormOf(b.f, "h00");
        QCOMPARE(s.pausedCount, std::size_t(8));
        QCOMPARE(pauseAt(s, "l0:p2")->atUs, 0.0);
        QCOMPARE(pauseAt(s, "h01:p0")->atUs, 1.0);
        QCOMPARE(pauseAt(s, "s0:p0")->atUs, 1.0);
        QCOMPARE(pauseAt(s, "s1:p0")->atUs, 1.0);
        QCOMPARE(pauseAt(s, "l1:p0")->atUs, 2.0);
        QCOMPARE(pauseAt(s, "l1:p1")->atUs, 2.0);
        QCOMPARE(pauseAt(s, "h10:p0")->atUs, 3.0);
        QCOMPARE(pauseAt(s, "h11:p0")->atUs, 3.0);
        QVERIFY(!pauseAt(s, "l0:p0") && !pauseAt(s, "s0:p1"));
        QCOMPARE(s.hosts, (std::vector<std::string> { "h01", "h10", "h11" }));
        QCOMPARE(*s.frozenMsMax, 300.0);
        QCOMPARE(s.front[2], std::make_pair(1.0, 1.0));
        b.f.policies.push_back(policy("off", false));
        b.overrideNode("l0", "off");
        s = stormOf(b.f, "h00");
        QVERIFY(!pauseAt(s, "l0:p2")->frozenMs);
        QVERIFY(!pauseAt(s, "h01:p0")->frozenMs);
        QCOMPARE(*pauseAt(s, "s0:p0")->frozenMs, 300.0);
        QCOMPARE(*pauseAt(s, "h10:p0")->frozenMs, 300.0);
        // best: h00's NIC watchdog. The storm ends at 100,000 µs and everything recedes hop by hop, each
        // port waiting only on the source's side: s0→l0 at 100,000 + 1 (frozen 100 ms), l1→s0 at
        // 100,002 (100 ms), h10 at 100,003 (100 ms): 100 ms, better than a watchdog on l0:p2 (SONiC's
        // 200 + 200 ms on an unknown platform: l0→h00 and h01 400 ms).
        QVERIFY2(s.bestChange.find("NIC watchdog of h00") != std::string::npos, s.bestChange.c_str());
        QCOMPARE(*s.bestChangeFrozenMsMax, 100.0);
    }

    /// With an ASIC the hop is the dynamic-threshold share plus xoff at line rate (the budget's numbers).
    void hopTermsFromBudget()
    {
        const Fabric f = generateLeafSpine(2, 2, 2);
        StormOptions o;
        o.sources = { f.nodes.back().name };
        const auto rep = analyseStorms(f, catalog(), o);
        QCOMPARE(rep.sources.size(), std::size_t(1));
        const auto& s = rep.sources.front();
        QVERIFY(s.pausedCount > 0);
        for (const auto& p : s.paused) {
            if (p.atUs == 0)
                continue;
            double sum = 0;
            for (const auto& t : p.terms)
                if (t.unit == "us")
                    sum += t.value;
            QVERIFY2(std::abs(sum - p.atUs) < 1e-6, p.port.c_str()); // at = waits_on + fill + response
            QVERIFY(p.terms[1].formula.find("dynamic-threshold share") != std::string::npos);
            QVERIFY(p.terms[2].formula.find("headroom xoff") != std::string::npos);
        }
    }

    /// --all-hosts shares one analysis per leaf among hosts with the same parameters and agrees with
    /// the per-host analyses; a host with a longer cable is a group of its own.
    void allHostsShared_data()
    {
        QTest::addColumn<QString>("change");
        QTest::addColumn<int>("groups");
        QTest::newRow("uplinks alike") << QString() << 3; // one per leaf
        QTest::newRow("one long uplink") << QStringLiteral("uplink") << 3;
        QTest::newRow("one long host cable") << QStringLiteral("host") << 4; // host01; leaf1's others; leaf2; leaf3
        QTest::newRow("as generated") << QStringLiteral("generated") << 3;
    }
    void allHostsShared()
    {
        QFETCH(QString, change);
        QFETCH(int, groups);
        Fabric f = generateLeafSpine(2, 3, 4);
        for (auto& l : f.links)
            if (change != "generated" && l.a.node.rfind("host", 0) != 0 && l.b.node.rfind("host", 0) != 0)
                l.length = Metres(6.0); // every uplink alike: the leaves are interchangeable
        for (auto& l : f.links) {
            const bool hostLink = l.a.node.rfind("host", 0) == 0 || l.b.node.rfind("host", 0) == 0;
            const bool leaf0 = l.a.node == "leaf1" || l.b.node == "leaf1";
            if (change == "uplink" && !hostLink && leaf0) {
                l.length = Metres(300.0);
                break;
            }
            if (change == "host" && hostLink) {
                l.length = Metres(100.0);
                break;
            }
        }
        StormOptions o;
        o.allHosts = true;
        o.detailLimit = 0;
        const auto all = analyseStorms(f, catalog(), o);
        QCOMPARE(all.sources.size(), std::size_t(12));
        QCOMPARE(all.groups, std::size_t(groups));
        for (const auto& s : all.sources) {
            const auto one = stormOf(f, s.source);
            QCOMPARE(one.pausedCount, s.pausedCount);
            QCOMPARE(one.frozenMsMax.value_or(-1), s.frozenMsMax.value_or(-1));
        }
    }
};

QTEST_APPLESS_MAIN(TestStorm)
#include "tst_storm.moc"
