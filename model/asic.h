// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file asic.h
/// A switch ASIC's buffer: what the headroom and budget calculations need to know about it.
/// Every figure carries a source (see resources/asics/*.json and docs/asics.md).

#include "units.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
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

/// One row of a SKU's published SONiC pg_profile_lookup.ini (columns speed cable size xon xoff
/// threshold [xon_offset]; sonic-buildimage device/<vendor>/<platform>/<SKU>/pg_profile_lookup.ini).
struct PgLookupRow {
    BitsPerSecond speed {};
    Metres cable {};
    Bytes size {};
    Bytes xon {};
    Bytes xoff {};
    int threshold = 0; ///< dynamic_th of the lossless profile buffermgrd creates
    std::optional<Bytes> xonOffset;
    bool operator==(const PgLookupRow&) const = default;
};

/// The vendor's own headroom for one SKU: its pg_profile_lookup.ini as published, with its source.
struct PgLookupTable {
    std::string sku; ///< SONiC HWSKU, e.g. "Arista-7060X6-64PE-O128S2"
    std::string source; ///< repository, path and commit of the file
    std::vector<PgLookupRow> rows;
    bool operator==(const PgLookupTable&) const = default;
};

/// An ASIC profile: catalogue entry (resources/asics) or a user's own profile kept in the project.
struct AsicProfile {
    std::string id; ///< "spectrum-3", stable, used by switches
    std::string name; ///< "NVIDIA Spectrum-3"
    std::string vendor;
    std::string headroomModel; ///< "spectrum", "ieee-8021qbb", "broadcom-xgs"
    int generation = 0; ///< model-specific (Spectrum generation 1..6)
    Bytes totalBuffer {}; ///< shared memory (MMU) available to pools, bytes
    /// True when a source states totalBuffer as the ASIC's physical (usable) MMU — the SDK, the vendor,
    /// or the vendor's buffer model (Mellanox SKUs: egress_lossless_pool = the usable MMU). False when it
    /// is only the largest pool a SONiC SKU template gives (most Broadcom profiles): the budget can
    /// still split it, but the buffer-fit proof (planner/buffer/bufferfit.h) cannot decide against it.
    bool totalBufferPhysical = false;
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
    // ---- added for the buffer planner (planner/buffer/budget.h); all optional in JSON, default 0 ----
    Bytes egressPortReserved {}; ///< per admin-up port, egress profile list (SONiC Mellanox egress_lossy_profile 9216)
    Bytes queueReserved {}; ///< per egress queue (0 on Spectrum: q_lossy_profile / egress_lossless_profile size 0)
    Bytes privateHeadroom {}; ///< per lossless port when the shared headroom pool is on (SONiC Mellanox 10 KiB)
    Bytes pgMinimum {}; ///< Broadcom XGS: guaranteed minimum per lossless PG (pg_profile_lookup.ini "size")
    Bytes xonOffset {}; ///< Broadcom XGS / Teralynx: xon_offset column of pg_profile_lookup.ini
    std::optional<Bytes> sharedHeadroomPool; ///< fixed shared headroom pool (BUFFER_POOL ingress_lossless_pool.xoff)
    int losslessDynamicTh = 0; ///< dynamic_th of the lossless PG profile; alpha = 2^dynamic_th
    /// SONiC ASIC_TABLE values in KiB as the platform publishes them (0.8, 3.8): fractional bytes matter
    /// for byte-exact agreement with buffer_headroom_mellanox.lua. 0 = not given (use the Bytes fields).
    double sonicMacPhyDelayKiB = 0;
    double sonicPeerResponseKiB = 0;
    int maxPorts = 0;
    std::vector<PoolSpec> pools;
    std::vector<std::string> platforms; ///< switch models built on this ASIC
    /// Port speeds the ASIC supports (sources["speeds"] says from where); empty = unknown.
    std::vector<BitsPerSecond> speeds;
    /// Published lookup tables of the SKUs built on this ASIC; the first is the default when a
    /// switch's model names none of them (planner/buffer/headroom.h, vendor tables).
    std::vector<PgLookupTable> pgLookup;
    /// Where each figure comes from: field name → citation.
    std::map<std::string, std::string> sources;
    std::string notes;
    bool operator==(const AsicProfile&) const = default;
};

/// True when @p speed is in asic.speeds; also true when the list is empty (unknown).
bool asicSupportsSpeed(const AsicProfile& asic, BitsPerSecond speed);
/// The lookup table for switch model or SKU @p sku: exact name, else the same name ignoring case,
/// spaces, '-' and '_', else the profile's first table; nullptr when the profile has none.
const PgLookupTable* pgLookupTableFor(const AsicProfile& asic, std::string_view sku);
/// The table whose SKU is @p sku (exact, else ignoring case, spaces, '-' and '_'); nullptr when none is.
const PgLookupTable* pgLookupTableMatching(const AsicProfile& asic, std::string_view sku);

const char* toString(PoolDirection d);
const char* toString(PoolMode m);

} // namespace lfp
