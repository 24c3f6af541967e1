// SPDX-License-Identifier: GPL-3.0-or-later
#include "qos.h"

#include "enumnames.h"

#include <algorithm>

namespace lfp {

bool QosPolicy::isLossless(int priority) const
{
    return std::find(losslessPriorities.begin(), losslessPriorities.end(), priority) != losslessPriorities.end();
}

QosPolicy defaultRocePolicy()
{
    QosPolicy p;
    p.name = "roce-lossless";
    p.description = "RoCEv2: DSCP 26 lossless on priority 3, CNP DSCP 48 on strict priority 6";
    p.trust = TrustMode::Dscp;
    p.classes = { { 0, "default" }, { 3, "RoCE" }, { 6, "CNP" } };
    p.dscpToTc.fill(0);
    p.dscpToTc[26] = 3;
    p.dscpToTc[48] = 6;
    for (int i = 0; i < kPriorities; ++i) {
        p.tcToQueue[static_cast<std::size_t>(i)] = i;
        p.tcToPg[static_cast<std::size_t>(i)] = 0;
    }
    p.tcToPg[3] = 3; // lossless PG 3 (SONiC's lossless PGs are 3-4)
    p.losslessPriorities = { 3 };
    p.ets = {
        { 0, SchedulerMode::Dwrr, 50 },
        { 3, SchedulerMode::Dwrr, 50 },
        { 6, SchedulerMode::Strict, 0 },
    };
    // NVIDIA Onyx / Cumulus RoCE default absolute thresholds (150 KB / 1500 KB, see ecn-pfc.md);
    // marking probability 10 % as in Huawei's throughput-sensitive RoCE table.
    p.ecn = { { "roce-ecn", Bytes(150'000), Bytes(1'500'000), 0.10, { 3 } } };
    // SONiC `pfcwd start_default`: detection 200 ms, restoration 200 ms, action drop.
    p.watchdog = { true, Nanoseconds(200e6), Nanoseconds(200e6), WatchdogAction::Drop };
    p.cnpPriority = 6;
    p.cnpDscp = 48;
    p.nic = HostNicSettings {};
    p.nic.trust = TrustMode::Dscp;
    p.nic.pfcBitmap = 1u << 3;
    p.nic.rocePriority = 3;
    p.nic.roceDscp = 26;
    p.nic.cnpDscp = 48;
    p.nic.cnpPriority = 6;
    return p;
}

const char* toString(TrustMode m) { return enumName(m); }
const char* toString(SchedulerMode m) { return enumName(m); }
const char* toString(WatchdogAction a) { return enumName(a); }
std::optional<TrustMode> trustModeFromString(std::string_view s) { return enumFromName<TrustMode>(s); }
std::optional<SchedulerMode> schedulerModeFromString(std::string_view s) { return enumFromName<SchedulerMode>(s); }
std::optional<WatchdogAction> watchdogActionFromString(std::string_view s) { return enumFromName<WatchdogAction>(s); }

} // namespace lfp
