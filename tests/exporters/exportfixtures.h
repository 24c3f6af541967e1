// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Fabrics the exporter tests share.
#include "model/fabric.h"
#include "model/qos.h"
#include "model/generators.h"

#include <algorithm>

namespace lfp::testing {

/// The example fabric plus a second policy with two lossless priorities (3 and 4: DSCP 26 → 3,
/// DSCP 24 → 4, PGs 3 and 4, queues 3 and 4 DWRR, ECN on both) bound by per-port overrides to
/// leaf1's host ports and the NICs of the hosts on them; a third override binds a policy with a
/// different ECN threshold and watchdog to one spine uplink of leaf2.
inline Fabric twoLosslessFabric()
{
    Fabric f = exampleFabric();
    f.name = "two-lossless";
    QosPolicy two = defaultRocePolicy();
    two.name = "roce-two-lossless";
    two.description = "RoCE on priorities 3 and 4, both lossless";
    two.classes = { { 0, "default" }, { 3, "RoCE" }, { 4, "RoCE-storage" }, { 6, "CNP" } };
    two.dscpToTc[24] = 4;
    two.tcToPg[4] = 4;
    two.losslessPriorities = { 3, 4 };
    two.ets = { { 0, SchedulerMode::Dwrr, 40 }, { 3, SchedulerMode::Dwrr, 30 }, { 4, SchedulerMode::Dwrr, 30 }, { 6, SchedulerMode::Strict, 0 } };
    two.ecn = { { "roce-ecn", Bytes(150'000), Bytes(1'500'000), 0.10, { 3 } }, { "storage-ecn", Bytes(100'000), Bytes(1'000'000), 0.125, { 4 } } };
    two.nic.pfcBitmap = (1u << 3) | (1u << 4);
    f.policies.push_back(two);
    QosPolicy wd = defaultRocePolicy();
    wd.name = "roce-uplink";
    wd.ecn = { { "uplink-ecn", Bytes(300'000), Bytes(3'000'000), 0.05, { 3 } } };
    wd.watchdog = { true, Nanoseconds(400e6), Nanoseconds(800e6), WatchdogAction::Drop };
    f.policies.push_back(wd);
    for (const auto& l : f.links) {
        const bool a = l.a.node == "leaf1", b = l.b.node == "leaf1";
        if (!a && !b)
            continue;
        const Endpoint here = a ? l.a : l.b, there = a ? l.b : l.a;
        const Node* peer = f.findNode(there.node);
        if (peer && peer->role == Role::Host) {
            f.overrides.push_back({ here, two.name });
            f.overrides.push_back({ there, two.name });
        }
    }
    for (const auto& l : f.links) {
        const bool a = l.a.node == "leaf2", b = l.b.node == "leaf2";
        const Node* peer = f.findNode(a ? l.b.node : l.a.node);
        if ((a || b) && peer && peer->role == Role::Spine) {
            f.overrides.push_back({ l.a, wd.name });
            f.overrides.push_back({ l.b, wd.name });
            break;
        }
    }
    return f;
}

} // namespace lfp::testing
