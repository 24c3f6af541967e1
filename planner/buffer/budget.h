// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file budget.h
/// The buffer budget of one switch: what is reserved (per PG, per queue, per port, per switch),
/// the shared headroom pool, and what is left for the shared pools; for Spectrum ASICs the pool
/// sizes follow sonic-swss cfgmgr/buffer_pool_mellanox.lua (docs/formulas.md §Budget).
/// Also implements checkBuffers() of planner/checks/checks.h.
///
/// Per-switch settings come from Node::buffer (model/buffersettings.h; "buffer.*" attributes in files, all optional):
///   buffer.over_subscribe_ratio    shared headroom pool over-subscription ratio; 0 or absent = off
///   buffer.lossless_mtu            LOSSLESS_TRAFFIC_PATTERN.mtu (default 1024)
///   buffer.small_packet_percentage LOSSLESS_TRAFFIC_PATTERN.small_packet_percentage (default 50)
///   buffer.sonic_release           legacy | pr3235 | pr4757 | head (default head)
///   buffer.max_headroom_size       per-port maximum headroom in bytes (SAI_PORT_ATTR_QOS_MAXIMUM_HEADROOM_SIZE)
///   buffer.dynamic_th              dynamic_th of the lossless PG profile (default: the ASIC's)
///   buffer.gearbox_delay           gearbox/retimer delay, e.g. "400ns" (default 0)

#include "planner/findings/findings.h"
#include "planner/buffer/headroom.h"
#include "model/fabric.h"
#include "model/fabricindex.h"
#include "model/feedback.h"

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace lfp {

class AsicCatalog;

/// Per-switch buffer settings as the planner uses them: Node::buffer with the defaults filled in.
struct BufferSettings {
    double overSubscribeRatio = 0;
    Bytes losslessMtu { 1024 };
    int smallPacketPercentage = 50;
    SonicRelease release = SonicRelease::Head;
    std::optional<Bytes> maxHeadroomPerPort;
    std::optional<int> dynamicTh;
    Nanoseconds gearboxDelay {};
};

/// The settings of @p node, defaults filled in. Throws InputError naming the attribute when a fabric
/// built in code carries a malformed "buffer.*" attribute (files are checked when read).
BufferSettings bufferSettingsFor(const Node& node);

/// True when the switch runs a shared headroom pool: always on Broadcom XGS, otherwise when an
/// over-subscription ratio or a fixed pool (BUFFER_POOL ingress_lossless_pool.xoff) is set.
bool sharedHeadroomOn(const AsicProfile& asic, const BufferSettings& settings);

/// The headroom input of one lossless PG of @p port with a cable of @p cable: the one place that
/// computeBudget(), `lfp budget` and the GUI's headroom panel build it.
HeadroomInput headroomInputFor(const Port& port, Metres cable, const AsicProfile& asic, const BufferSettings& settings);

/// One line of a budget: a kind of reservation × how many.
struct BudgetLine {
    std::string category; ///< lossless-pg, lossy-pg, egress-queue, management-pg, egress-mirror, egress-port,
                          ///< management-pool, extra, private-headroom, shared-headroom-pool, pool, remainder
    std::string name; ///< "pg_lossless_100000_5m_profile", "ingress_lossless_pool"
    Bytes perUnit {};
    std::int64_t count = 0;
    Bytes total {};
    std::string formula;
    std::string source;
    /// The English name, formula and source are render() of these (planner/findings/phrase.h); the GUI
    /// translates them (context "BudgetLine"; a profile or pool name is a verbatim phrase).
    Phrase namePhrase;
    Phrase formulaPhrase;
    Phrase sourcePhrase;
};

struct PoolSize {
    std::string name;
    PoolDirection direction = PoolDirection::Ingress;
    Bytes size {};
    std::optional<Bytes> xoff; ///< shared headroom pool of ingress_lossless_pool
    bool configured = false; ///< the size is fixed by the ASIC profile (not computed)
    std::string formula;
    Phrase formulaPhrase; ///< formula == render(formulaPhrase)
};

/// One port's share of the budget.
struct PortBudget {
    std::string port;
    BitsPerSecond speed {};
    int lanes = 4;
    int mtu = 9100;
    Metres cable {};
    int losslessPgs = 0;
    int lossyPgs = 0;
    int losslessQueues = 0;
    int lossyQueues = 0;
    std::shared_ptr<const HeadroomResult> headroom; ///< null when the port has no lossless PG
    Bytes reserved {}; ///< everything this port reserves (PGs, queues, mgmt PG, mirror, egress list)
    Bytes shpDemand {}; ///< Σ (xon + xoff − size) over its lossless PGs
    Bytes portHeadroom {}; ///< the quantity buffer_check_headroom_mellanox.lua compares with the maximum
};

struct SwitchBudget {
    std::string switchName;
    std::string asicId;
    std::string model;
    BufferSettings settings;
    Bytes total {};
    bool totalKnown = true;
    std::vector<BudgetLine> lines; ///< reservations, shared headroom pool, shared pools, remainder: Σ total == total
    Bytes reserved {}; ///< Σ of reservation lines
    Bytes sharedHeadroomPool {};
    Bytes available {}; ///< total − reserved − shared headroom pool (negative = over-committed)
    std::vector<PoolSize> pools; ///< every pool of the ASIC (egress pools are views of the same memory)
    Bytes ingressLosslessPool {}; ///< shared pool the lossless PGs' dynamic threshold works on (B − H)
    int activePorts = 0; ///< ports on a link (SONiC: admin-up ports with buffers)
    int losslessPorts = 0;
    int losslessQueuesPerPort = 0; ///< most lossless queues on one port
    std::vector<PortBudget> ports; ///< active ports only
    int dynamicTh = 0;
    Bytes dtShareOne {}; ///< α·B/(1+α): one congested lossless PG
    Bytes dtShareAll {}; ///< α·B/(1+α·N), N = active ports × lossless PGs: N-way incast
    [[nodiscard]] bool fits() const { return !totalKnown || available.value() >= 0; }
};

/// Caches headroom results per distinct input (thread-safe).
class HeadroomCache {
public:
    std::shared_ptr<const HeadroomResult> get(const AsicProfile& asic, const HeadroomInput& in);
    [[nodiscard]] std::size_t size() const;
    /// Key of one distinct input (ASIC id, speed, cable, MTUs, lanes, gearbox, traffic pattern, SHP, release).
    struct Key {
        std::string asic;
        std::int64_t speed = 0;
        double cable = 0;
        std::int64_t portMtu = 0;
        int lanes = 0;
        double gearbox = 0;
        std::int64_t losslessMtu = 0;
        int spp = 0;
        double ratio = 0;
        int release = 0;
        std::string sku; ///< picks the profile's vendor table (HeadroomInput::sku)
        bool operator==(const Key&) const = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key& k) const;
    };

private:
    mutable std::mutex m_mutex;
    std::unordered_map<Key, std::shared_ptr<const HeadroomResult>, KeyHash> m_map;
};

/// What every switch's budget reads of the fabric: the link at a port (its cable) and the policy in
/// force on a port, both from the fabric's one index (model/fabricindex.h). Safe to read from several threads.
class BudgetContext {
public:
    /// Builds and owns an index of @p fabric.
    explicit BudgetContext(const Fabric& fabric);
    /// Uses an index the caller keeps alive (the document's snapshot).
    explicit BudgetContext(const FabricIndex& index);
    [[nodiscard]] const Fabric& fabric() const { return m_index->fabric(); }
    [[nodiscard]] const FabricIndex& index() const { return *m_index; }
    /// Cable length of the link at (node, port); nullopt when the port is on no link.
    [[nodiscard]] std::optional<Metres> cableAt(std::size_t nodeIndex, std::size_t portIndex) const;
    [[nodiscard]] const QosPolicy* policyAt(std::size_t nodeIndex, std::size_t portIndex) const;

private:
    std::unique_ptr<FabricIndex> m_owned;
    const FabricIndex* m_index;
};

/// The budget of switch @p node (with its ASIC @p asic). Throws InputError for malformed settings.
SwitchBudget computeBudget(const BudgetContext& ctx, std::size_t nodeIndex, const AsicProfile& asic, HeadroomCache* cache = nullptr);
/// Convenience: builds the context.
SwitchBudget computeBudget(const Fabric& fabric, const Node& node, const AsicProfile& asic);

/// The share of the ingress lossless pool below which LFP-BUF-SHARED-POOL-LOW warns (docs/formulas.md).
inline constexpr double kSharedPoolLowShare = 0.20;

/// Buffer findings of one switch's budget (headroom limits, fit, shared-pool share, ECN before PFC).
std::vector<Finding> budgetFindings(const SwitchBudget& budget, const AsicProfile& asic, const BudgetContext& ctx, std::size_t nodeIndex);

} // namespace lfp
