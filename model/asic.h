// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file asic.h
/// A switch ASIC's buffer: what the headroom and budget calculations need to know about it.
/// Every figure carries a source (see resources/asics/*.json and docs/asics.md).

#include "units.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lfp {

enum class PoolDirection { Ingress, Egress };
enum class PoolMode { Dynamic, Static };

/// One buffer pool of the ASIC's shared memory.
struct PoolSpec {
    std::string name; ///< "ingress_lossless_pool"
    PoolDirection direction = PoolDirection::Ingress;
    PoolMode mode = PoolMode::Dynamic;
    std::optional<Bytes> size; ///< fixed size; empty = takes what is left (computed by the budget)
    std::optional<double> percentage; ///< share of what is left, when set
    bool operator==(const PoolSpec&) const = default;
};

/// An ASIC profile: catalogue entry (resources/asics) or a user's own profile kept in the project.
struct AsicProfile {
    std::string id; ///< "spectrum-3", stable, used by switches
    std::string name; ///< "NVIDIA Spectrum-3"
    std::string vendor;
    std::string headroomModel; ///< "spectrum", "ieee-8021qbb", "broadcom-xgs"
    int generation = 0; ///< model-specific (Spectrum generation 1..6)
    Bytes totalBuffer {}; ///< shared memory (MMU) available to pools, bytes
    Bytes cellSize {}; ///< buffer cell, bytes
    Bytes pipelineLatency {}; ///< xon / lossy-PG reservation (SONiC pipeline_latency, KiB×1024)
    Bytes macPhyDelay {}; ///< bytes held in own MAC/PHY when XOFF is sent
    Bytes peerResponse {}; ///< fallback peer response when the speed has no pause-quanta entry
    std::optional<Bytes> maxHeadroomPerPort; ///< SAI_PORT_ATTR_QOS_MAXIMUM_HEADROOM_SIZE
    int portReservedShpCells = 0; ///< SONiC port_reserved_shp
    int portMaxShpCells = 0; ///< SONiC port_max_shp
    Bytes egressMirrorHeadroom {}; ///< per admin-up port
    Bytes managementPool {};
    Bytes extraReserved {}; ///< e.g. Spectrum-6 modification descriptors
    int maxPorts = 0;
    std::vector<PoolSpec> pools;
    std::vector<std::string> platforms; ///< switch models built on this ASIC
    /// Where each figure comes from: field name → citation.
    std::map<std::string, std::string> sources;
    std::string notes;
    bool operator==(const AsicProfile&) const = default;
};

const char* toString(PoolDirection d);
const char* toString(PoolMode m);

} // namespace lfp
