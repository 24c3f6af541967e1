// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file headroom.h
/// PFC headroom of one lossless priority group: xon, xoff and size, with every term that went into
/// them (docs/formulas.md; the guide is ../shared/guide/headroom.md).
///
/// Three models, chosen by AsicProfile::headroomModel:
///  - "spectrum": byte-exact with SONiC sonic-swss cfgmgr/buffer_headroom_mellanox.lua. The release
///    followed is selectable (SonicRelease); the default is sonic-swss HEAD e6b0c5b5d2ab52354c4ec941f7c9005aeec3f779.
///  - "ieee-8021qbb": the vendor-neutral IEEE 802.1Qbb / 802.3 Annex 31B delay budget (headroom.md §4),
///    converted to cells with the same worst-case cell-occupancy factor SONiC uses.
///  - "broadcom-xgs": Broadcom XGS semantics (size = guaranteed minimum, xoff = per-PG headroom limit
///    charged to a shared headroom pool, xon / xon_offset from the ASIC profile); the xoff estimate is
///    the IEEE budget in cells (Broadcom calls its own calculator "an initial estimator").
///
/// Vendor tables: when the profile carries published pg_profile_lookup.ini tables
/// (AsicProfile::pgLookup) and its model is not "spectrum", the vendor's own rows are the headroom:
/// a (speed, cable) of the table returns that row exactly; another cable of a listed speed takes the
/// next longer row (SONiC deployments round the cable up to a listed length), beyond the longest row
/// max(linear extrapolation of the two longest rows, the model's estimate); a speed the table does not
/// list takes the model's estimate clamped between the neighbouring listed speeds (docs/formulas.md).
/// The model name (and so the budget's semantics) stays the profile's.

#include "planner/findings/phrase.h"

#include "model/asic.h"
#include "model/buffersettings.h"
#include "model/units.h"

#include <optional>
#include <string>
#include <vector>

namespace lfp {

/// The sonic-swss commit a release name stands for.
const char* sonicCommit(SonicRelease r);

/// Inputs of one headroom calculation (one port, one lossless PG profile).
struct HeadroomInput {
    BitsPerSecond speed {};
    Metres cable {};
    Bytes portMtu { 9100 };
    int lanes = 4;
    Nanoseconds gearboxDelay {};
    Bytes losslessMtu { 1024 }; ///< SONiC LOSSLESS_TRAFFIC_PATTERN.mtu default
    int smallPacketPercentage = 50; ///< SONiC LOSSLESS_TRAFFIC_PATTERN.small_packet_percentage default
    /// Shared headroom pool over-subscription ratio; 0 = no shared headroom pool (size = xon + xoff).
    double sharedHeadroomRatio = 0;
    SonicRelease release = SonicRelease::Head;
    /// Switch model / SONiC HWSKU that picks the profile's vendor table (pgLookupTableFor); empty =
    /// the profile's first table.
    std::string sku;
};

/// One term of the calculation: a value in bytes or a plain factor, with its formula and source.
/// unit, formula and source are the English render() of their phrases (planner/findings/phrase.h), which
/// the GUI translates (context "HeadroomTerm").
struct HeadroomTerm {
    std::string name; ///< "bytes_on_cable"
    double value = 0;
    std::string unit; ///< "B", "factor", "%", "Mb/s", "m", "ns"
    std::string formula; ///< "2·L·speed·1e9/198e6/(8·1000)"
    std::string source; ///< "sonic-swss buffer_headroom_mellanox.lua (HEAD e6b0c5b5)"
    Phrase unitPhrase; ///< unit == render(unitPhrase)
    Phrase formulaPhrase; ///< formula == render(formulaPhrase)
    Phrase sourcePhrase; ///< source == render(sourcePhrase)
};

struct HeadroomResult {
    Bytes xon {};
    Bytes xoff {};
    Bytes size {};
    std::optional<Bytes> xonOffset; ///< Broadcom XGS / Teralynx pg_profile_lookup.ini column
    int dynamicTh = 0; ///< threshold column of pg_profile_lookup.ini (the lossless profile's dynamic_th)
    bool sharedHeadroomPool = false; ///< size is only xon; xoff is charged to the shared headroom pool
    std::string model; ///< "spectrum", "ieee-8021qbb", "broadcom-xgs"
    std::string version; ///< "sonic-swss HEAD e6b0c5b5…", …
    Phrase versionPhrase; ///< version == render(versionPhrase)
    std::vector<HeadroomTerm> terms;

    /// Headroom this PG needs beyond its reservation (charged to the shared headroom pool):
    /// xon + xoff − size, floor 0 (the quantity buffer_pool_mellanox.lua accumulates); for
    /// broadcom-xgs the whole xoff (the PG's headroom limit lives in the pool).
    [[nodiscard]] Bytes sharedHeadroomDemand() const;
};

/// Computes headroom for @p in on @p asic with the ASIC's model. Throws std::invalid_argument for an
/// unknown model or impossible inputs (speed ≤ 0, spp outside 0..100, negative cable).
HeadroomResult computeHeadroom(const AsicProfile& asic, const HeadroomInput& in);

/// The individual models (computeHeadroom dispatches to these).
HeadroomResult spectrumHeadroom(const AsicProfile& asic, const HeadroomInput& in);
HeadroomResult ieeeHeadroom(const AsicProfile& asic, const HeadroomInput& in);
HeadroomResult broadcomXgsHeadroom(const AsicProfile& asic, const HeadroomInput& in);
/// The vendor-table headroom (see the file comment); requires a profile with pgLookup.
HeadroomResult vendorTableHeadroom(const AsicProfile& asic, const HeadroomInput& in);

/// Pause quanta SONiC's Lua assumes per speed (IEEE 802.3 Annex 31B.3.7 budget); nullopt when the
/// speed is not in the table (the model then falls back to the ASIC's peer_response_time).
std::optional<int> sonicPauseQuanta(BitsPerSecond speed, SonicRelease release = SonicRelease::Head);

/// Names of the models computeHeadroom knows.
const std::vector<std::string>& headroomModels();

} // namespace lfp
