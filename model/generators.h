// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file generators.h
/// Generated fabrics: two-tier leaf-spine, three-tier k-ary fat-tree and rail-optimised GPU clusters.
/// Cable lengths are estimated from a rack placement (docs/generators.md): every rack has a position
/// on the floor; a cable runs up out of one rack, along the tray (Manhattan distance) and down into the
/// other, plus slack, rounded up to the next whole metre. Media follow the length: DAC up to 3 m, AOC
/// up to 30 m, fibre beyond.

#include "model/fabric.h"
#include "model/feedback.h"

#include <optional>
#include <string>
#include <string_view>

namespace lfp {

/// How a generated switch names its ports: SONiC's `EthernetN` (N its first lane, port_config.ini), or
/// the form each vendor's CLI uses, so that a fabric generated for one target exports without
/// LFP-EXPORT-PORT-NAME warnings (docs/generators.md, "Port names"): Cumulus `swp1`, EOS `Ethernet1/1`,
/// NX-OS `Ethernet1/1`, Junos `et-0/0/0`, Huawei CloudEngine `400GE1/0/1` (the prefix is the port's speed).
enum class PortNaming { Sonic, Cumulus, Eos, Nxos, Junos, Huawei };
/// "sonic", "cumulus", "eos", "nxos", "junos", "huawei".
const char* toString(PortNaming n);
std::optional<PortNaming> portNamingFromString(std::string_view s);
/// The name of a switch's port @p index (0-based, host-facing ports first) under @p naming; @p sonicStep
/// is the lanes of the switch's widest port (SONiC numbers a port by its first lane).
std::string switchPortName(PortNaming naming, int index, int sonicStep, BitsPerSecond speed);

struct GeneratorOptions {
    BitsPerSecond hostSpeed = BitsPerSecond(100'000'000'000); ///< host NIC port speed
    BitsPerSecond fabricSpeed = BitsPerSecond(400'000'000'000); ///< switch-to-switch speed
    std::string asic = "spectrum-3"; ///< ASIC profile id of every switch
    std::string switchVendor = "NVIDIA";
    std::string switchModel = "SN4700";
    int mtu = 9100;
    PortNaming portNaming = PortNaming::Sonic; ///< the switches' port names
    bool defaultPolicy = true; ///< bind the RoCE policy (qos.h rocePolicy(roce)) to every role
    RocePolicyOptions roce; ///< its lossless priorities, DSCPs and ECN (defaults: defaultRocePolicy())
    // Floor geometry for the cable estimate.
    double rackPitch = 0.6; ///< metres between neighbouring racks in a row
    double rowPitch = 2.4; ///< metres between rows (a rack depth plus an aisle)
    double verticalRun = 2.0; ///< metres up out of / down into a rack, each end
    double slack = 0.10; ///< extra share for bends and service loops
    int racksPerRow = 16;
};

/// Two tiers: @p spines spines, @p leaves leaves, @p hostsPerLeaf hosts under each leaf; every leaf
/// has one link to every spine. Throws std::invalid_argument on counts out of range.
Fabric generateLeafSpine(int spines, int leaves, int hostsPerLeaf, const GeneratorOptions& opt = {}, Feedback* fb = nullptr);

/// Three-tier k-ary fat-tree (Al-Fares et al., SIGCOMM 2008): k pods of k/2 edge (leaf) and k/2
/// aggregation (spine) switches, (k/2)² core (super-spine) switches, k³/4 hosts; k even, 2..128.
Fabric generateFatTree(int k, const GeneratorOptions& opt = {}, Feedback* fb = nullptr);

/// Rail-optimised GPU cluster: @p servers servers with @p gpusPerServer NICs each; NIC g of every
/// server in a group goes to the group's leaf of rail g % @p rails. A group holds leafPorts/2 servers
/// (half of each leaf faces the servers); every leaf has one link to each spine (spines = leafPorts/2,
/// unless @p spines is set). Throws std::invalid_argument when it does not fit in two tiers.
Fabric generateRail(int servers, int gpusPerServer, int rails, int leafPorts = 64, int spines = 0,
    const GeneratorOptions& opt = {}, Feedback* fb = nullptr);

/// The bundled example: a small RoCEv2 AI cluster, 2 spines, 4 leaves, 16 GPU hosts, Spectrum-3
/// switches, DSCP 26 lossless on priority 3, CNP on priority 6.
Fabric exampleFabric();

/// Lanes a port of @p speed uses on @p asic (SerDes rate by Spectrum generation; 50G otherwise).
int lanesFor(BitsPerSecond speed, const std::string& asic);

} // namespace lfp
