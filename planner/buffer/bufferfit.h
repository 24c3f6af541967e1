// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file bufferfit.h
/// The buffer-fit proof (issue 31; docs/formulas.md, "Buffer-fit proof"): do the pools, the
/// reservations and the xoff (shared headroom pool) of one switch fit the ASIC's physical buffer, in
/// cells and bytes, under the worst case?
///
/// In SONiC on Broadcom SAI a pool's `size` is the shared-pool limit and its `xoff` a separate headroom
/// region drawn from the same physical MMU (sonic-buildimage issue 28657, NH-4210 / Tomahawk 6), and the
/// per-PG reservations (min guarantee) come on top; all are allocated in whole cells. So
///     needed = Σ ceil_cells(ingress pool size) + Σ ceil_cells(pool xoff) + Σ ceil_cells(reservations)
/// must not exceed floor(physical buffer / cell). Egress pools are views of the same memory and are not
/// added again.
///
/// Three inputs give the terms:
///  - a plan: the switch's budget (planner/buffer/budget.h) under the worst case the reviewer of
///    sonic-buildimage pull request 29565 asks for: every port of the switch up at its speed, each on the
///    switch's longest cable, the shared headroom pool at the configured size or Σ xoff / over-subscription
///    ratio; pools with a configured size count in full, computed pools take only what is left;
///  - a SONiC config_db.json: BUFFER_POOL, and the BUFFER_PG entries' profile sizes per port and PG;
///  - a SKU's buffers_defaults_*.j2 (sonic-buildimage device/…): its BUFFER_POOL (and BUFFER_PROFILE),
///    with simple `{% set name = 'value' %}` variables substituted.

#include "planner/buffer/budget.h"
#include "planner/findings/findings.h"
#include "planner/findings/phrase.h"
#include "model/asic.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace lfp {

/// One term of the proof: bytes, and the whole cells they take. The English name is preformatted for
/// `lfp budget` and the JSON; a document in another language words the term from its parts (label,
/// count, id), never from the name.
struct BufferFitTerm {
    std::string kind; ///< "pool", "xoff", "reserved"
    std::string name; ///< "ingress_lossless_pool", "ingress_lossless_pool.xoff", "lossless PG size × 512"
    Bytes bytes {};
    std::int64_t cells = 0; ///< ceil(bytes / cell)
    std::string formula;
    /// What the term is: a budget line's category ("lossless-pg", "lossy-pg", "management-pg", …,
    /// planner/buffer/budget.h BudgetLine::category), "shared-headroom-pool" for the pool's xoff,
    /// "pool" for a pool's size, "profile" for a config_db / j2 profile's reservations.
    std::string id;
    Phrase label; ///< the translatable name without the count (BudgetLine::namePhrase, or verbatim)
    std::int64_t count = 0; ///< units reserved (ports, PGs); 0: no count ("× N" not shown)
};

/// The worst case a proof assumes, as data (BufferFitProof::worstCase is its English sentence).
struct BufferFitWorstCase {
    std::string kind; ///< "plan" (proveSwitchFit), "j2" or "config_db" (proveFileFit)
    int ports = 0; ///< plan: ports up at their speed
    Metres longest {}; ///< plan: the switch's longest cable, every port on it
    bool configuredXoff = false; ///< plan: the ASIC's shared headroom pool is the configured xoff
    double overSubscribeRatio = 0; ///< plan, without configuredXoff: 0 = no over-subscription
};

struct BufferFitProof {
    std::string subject; ///< switch name, or the file
    std::string asicId;
    std::string asicName;
    Bytes cellSize {};
    Bytes physical {}; ///< the profile's total_buffer
    std::int64_t physicalCells = 0; ///< floor(physical / cell)
    bool physicalKnown = false; ///< a source states the physical buffer (AsicProfile::totalBufferPhysical)
    std::string physicalSource;
    std::string notProven; ///< why the fit is not decided (empty when physicalKnown)
    std::string worstCase; ///< what the worst case assumed (English; its data in worst)
    BufferFitWorstCase worst;
    std::vector<BufferFitTerm> terms;
    std::int64_t neededCells = 0;
    Bytes needed {}; ///< neededCells × cell
    [[nodiscard]] bool fits() const { return !physicalKnown || neededCells <= physicalCells; }
};

/// Adds a term (cells = ceil(bytes / cell)) and its cells to the proof's need; @p id, @p label and
/// @p count are its parts (BufferFitTerm), the label verbatim @p name when empty.
void addFitTerm(BufferFitProof& proof, std::string kind, std::string name, Bytes bytes, std::string formula, std::string id = {}, Phrase label = {},
    std::int64_t count = 0);

/// The proof for switch @p nodeIndex of a plan under the worst case (see the file comment).
/// Throws what computeBudget() throws.
BufferFitProof proveSwitchFit(const BudgetContext& ctx, std::size_t nodeIndex, const AsicProfile& asic, HeadroomCache* cache = nullptr);

/// A SONiC buffer configuration read from a config_db.json or a buffers_defaults_*.j2.
struct SonicBufferFile {
    struct Pool {
        std::string name;
        std::string type; ///< "ingress", "egress", "both"
        Bytes size {};
        std::optional<Bytes> xoff;
    };
    struct Reservation {
        std::string profile;
        Bytes size {};
        std::int64_t count = 0; ///< ports × PGs that use it
    };
    std::string file;
    std::string kind; ///< "config_db" or "j2"
    std::vector<Pool> pools;
    std::vector<Reservation> reservations;
};

/// True when @p path names a SONiC buffer file rather than a fabric: "*.j2", or JSON whose top level
/// has BUFFER_POOL.
bool looksLikeSonicBufferFile(const std::string& path, const std::string& text);

/// Reads a config_db.json or buffers_defaults_*.j2. Throws InputError at file:line:column (an
/// unresolved `{{ variable }}`, a size that is not a whole number of bytes, no BUFFER_POOL).
SonicBufferFile readSonicBufferFile(const std::string& path, const std::string& text);

/// The proof for the pools of a SONiC buffer file on @p asic.
BufferFitProof proveFileFit(const SonicBufferFile& file, const AsicProfile& asic);

/// LFP-BUF-POOLS-EXCEED-BUFFER for a proof that does not fit (objects: @p objects).
Finding bufferFitFinding(const BufferFitProof& proof, std::vector<ObjectRef> objects);

/// The proof as JSON: {"subject", "asic", "cell_size", "physical_bytes", "physical_cells",
/// "physical_known", "physical_source", "not_proven" (only when physical_known is false), "worst_case", "terms": [{"kind", "name", "bytes", "cells",
/// "formula"}], "needed_cells", "needed_bytes", "spare_cells", "fits"}.
nlohmann::json bufferFitToJson(const BufferFitProof& proof);

/// The proof as text lines (for `lfp budget`).
std::string bufferFitText(const BufferFitProof& proof);

} // namespace lfp
