// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file review.h
/// The change review of two revisions (docs/review.md): the semantic diff, the impact computed from
/// both revisions (per-port headroom, per-switch pools, findings introduced/resolved, the deadlock
/// verdict, the devices whose exported configuration changes), the safe rollout order
/// (planner/review/rollout.h), and the checklist document built from them, written as Markdown or
/// self-contained HTML here (the PDF writer is render/reviewpdf.h). No Qt.

#include "delta.h"
#include "model/asiccatalog.h"
#include "model/diff.h"
#include "model/fabric.h"
#include "planner/routing/certificate.h"
#include "planner/routing/deadlockjob.h"
#include "planner/checks/contract.h"
#include "planner/buffer/bufferfit.h"
#include "planner/findings/findingregistry.h"
#include "planner/findings/findings.h"
#include "planner/review/rollout.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace lfp {

struct HeadroomFigures {
    std::int64_t xon = 0, xoff = 0, size = 0;
    bool operator==(const HeadroomFigures&) const = default;
};

/// One lossless port whose headroom changes (absent = the port has no lossless PG in that revision).
struct PortImpact {
    std::string port; ///< "leaf1:Ethernet32"
    int pg = -1; ///< the lossless PG (each lossless PG of a port reserves the port's headroom)
    std::optional<HeadroomFigures> before, after;
};

struct PoolFigures {
    std::string name;
    std::int64_t size = 0;
    std::optional<std::int64_t> xoff;
    bool operator==(const PoolFigures&) const = default;
};

/// The budget figures of one switch the review compares.
struct SwitchFigures {
    std::vector<PoolFigures> pools;
    std::int64_t reserved = 0, sharedHeadroomPool = 0, available = 0, ingressLosslessPool = 0;
    std::int64_t dtShareOne = 0, dtShareAll = 0;
    int dynamicTh = 0;
    bool operator==(const SwitchFigures&) const = default;
};

struct SwitchImpact {
    std::string name;
    std::optional<SwitchFigures> before, after;
    /// The buffer-fit proof of each revision (planner/buffer/bufferfit.h proveSwitchFit, the proof
    /// `lfp budget` prints): absent when the revision has no such switch or its ASIC's total is unknown.
    std::optional<BufferFitProof> fitBefore, fitAfter;
};

/// The deadlock verdict of one revision: the one analysis of planner/routing/deadlockjob.h (ECMP, every
/// lossless priority, no fixes, the single-failure sweep), so the coverage rule holds here too.
struct DeadlockVerdict {
    bool analysed = false;
    DeadlockState state = DeadlockState::NothingCovered; ///< when analysed: never "no-cycle" for an analysis that covered nothing
    DeadlockCoverage coverage;
    bool healthyCycle = false;
    std::size_t cyclicComponents = 0;
    std::size_t failureScenarios = 0; ///< single switch-link failures examined
    std::size_t failureWithCycles = 0; ///< failure sets with a cycle (each class weighted by its size)
    std::size_t failureSets = 0; ///< single switch-link failures covered (FailureReport::scenariosTotal)
    bool failureSymmetry = false; ///< one representative per symmetry class analysed
    std::string note; ///< why not analysed
};

/// The pause-storm radius of one revision: `lfp storm --all-hosts`, its worst source (storm.h).
struct StormVerdict {
    bool analysed = false;
    std::size_t sources = 0; ///< storm sources analysed (hosts × lossless priorities)
    std::string worstSource; ///< empty when nothing can be paused (note says why)
    int priority = 0;
    std::size_t paused = 0, hosts = 0, unwatched = 0;
    std::optional<double> frozenMsMax; ///< nullopt: some port stays frozen while the storm lasts
    std::string note;
};
/// The lossless contract of one revision: `lfp contract` (contract.h), per class and direction.
struct ContractVerdict {
    bool analysed = false;
    std::string profile;
    std::vector<ContractCertificate> classes;
    std::size_t breaks = 0; ///< LFP-CONTRACT-BROKEN findings
    bool broken = false; ///< ContractResult::broken()
    std::string note;
};
/// The deadlock-freedom certificate of one revision for up to K failed links (planner/routing/
/// certificate.h, the analysis of `lfp deadlock --certify K`), when the change touches routing, lossless
/// priorities or links (reviewCertificateTrigger) or `--certify K` asks for it.
struct CertificateVerdict {
    bool analysed = false;
    std::optional<DeadlockCertificate> certificate;
    std::string note; ///< why not analysed
};
/// Fabrics with more hosts than this get neither analysis in the review (each is the whole fabric's:
/// `lfp storm --all-hosts` and `lfp contract` take seconds at k=32, 8,192 hosts; docs/performance.md).
inline constexpr std::size_t kReviewAnalysisHosts = 8192;

/// What a rollout step whose SONiC switch turns its shared headroom pool off adds to its reason (after
/// "on DEVICES: "), English; the checklist translates it.
inline constexpr const char* kReviewHeadroomPoolOffWhy =
    "the buffer profile changes first, the shared headroom pool off after them (SONiC turns the pool off only once every lossless profile has xon + xoff = size, "
    "sonic-swss pull request 4153)";

/// A device whose exported configuration changes, with the target used and the inverse delta.
struct DeviceChange {
    std::string target; ///< exporter id
    DeviceDelta delta; ///< base → new
    std::optional<DeviceDelta> rollback; ///< new → base
};

/// Verification that exercises the change (exporters/reviewverify.cpp, docs/review.md §Verification):
/// perftest between host pairs whose ECMP paths cross a changed device, run before and after.
/// Host pairs per changed switch: one per distinct ingress leaf and one per distinct egress leaf, at most this many.
inline constexpr std::size_t kVerifyPairsPerDevice = 2;
/// Bytes on the wire per RoCEv2 packet besides its payload (a middle packet of an RDMA write, IPv4,
/// untagged): preamble and SFD 8, inter-packet gap 12, Ethernet header 14 and FCS 4 (IEEE 802.3 clauses
/// 3-4), IPv4 20 (RFC 791), UDP 8 (RFC 768), BTH 12 and ICRC 4 (IBTA Vol. 1 Annex A17, RoCEv2).
inline constexpr int kRoceWireOverhead = 82;
/// What the RoCE MTU leaves of the netdev MTU: GRH 40 + UDP 8 + BTH 12 + XRC ETH 4 + AtomicETH 28 +
/// ICRC 4 bytes (Linux include/rdma/ib_addr.h iboe_get_mtu): the RoCE MTU is the largest IB MTU
/// (256..4096) not above MTU - 96.
inline constexpr int kIboeMtuReserve = 96;
/// The share of the framing bound (line rate × payload / (payload + kRoceWireOverhead)) an
/// ib_write_bw run must reach to pass. Measured RoCEv2 RDMA WRITE at a 4096-byte MTU reaches 97.5 Gb/s
/// on 100GbE (Journal of Synchrotron Radiation 27 (2020) 1297-1306, Table 2), 99.4 % of the 98.0 Gb/s
/// bound; the 3 % left below the bound is this tool's tolerance for host (PCIe, memory) variation.
inline constexpr double kVerifyMargin = 0.97;
/// QPs of an ib_write_bw run: enough that one of them hashes through the device with 99 % probability,
/// within these bounds (each QP is its own RoCEv2 UDP source port, so ECMP hashes each apart).
inline constexpr int kVerifyMinQps = 4, kVerifyMaxQps = 64;
inline constexpr int kVerifyDurationS = 30; ///< ib_write_bw -D (seconds)
inline constexpr int kVerifyMessageBytes = 65536; ///< ib_write_bw -s (bytes)
inline constexpr int kVerifyLatencyBytes = 64; ///< ib_read_lat -s (bytes)
inline constexpr int kVerifyLatencyIters = 10000; ///< ib_read_lat -n

/// One command of a verification pair, run on one host.
struct VerifyCommand {
    std::string on; ///< host name
    std::string role; ///< "server" or "client"
    std::string test; ///< "ib_write_bw" or "ib_read_lat"
    std::string command;
};
/// A host pair whose path crosses a changed device, and what to run between them.
struct VerifyPair {
    std::string client, server; ///< hosts
    std::string clientPort, serverPort; ///< their NIC ports on the path
    std::vector<std::string> path; ///< nodes from client to server (one of the ECMP paths through the device)
    std::string slowestLink; ///< "leaf1:Ethernet0 -- spine1:Ethernet0"
    double lineGbps = 0; ///< line rate of the slowest link on the path
    int pathMtu = 0; ///< smallest port MTU on the path (bytes)
    int roceMtu = 0; ///< the RoCE MTU that MTU allows (iboe_get_mtu), 0 when below 256 + kIboeMtuReserve
    double efficiency = 0; ///< framing bound × kVerifyMargin
    double passGbps = 0; ///< lineGbps × efficiency: ib_write_bw's average must reach it
    std::vector<int> tclass; ///< ToS bytes tested: the NIC's RoCE ToS, then those of lossless priorities the change adds
    double ecmpPaths = 0, pathsViaDevice = 0; ///< equal-cost paths client leaf → server leaf, and through the device
    int qps = kVerifyMinQps;
    double crossProbability = 1; ///< that one of the QPs hashes through the device
    /// The expected change of ib_read_lat (half the round trip) from the cables on the path whose length
    /// changes, in microseconds (propagation, model/units.h); 0 when none.
    double latencyDeltaUs = 0;
    std::vector<VerifyCommand> commands;
};
struct DeviceVerification {
    std::string device;
    std::vector<VerifyPair> pairs;
    std::string note; ///< why there is no pair (removed, no host behind it)
};

struct ReviewOptions {
    std::string vendor; ///< export target for every switch; empty = from the switch's vendor (default sonic)
    bool deadlock = true;
    bool failures = true; ///< single-failure sweep
    bool storm = true; ///< the pause-storm radius before and after (StormVerdict)
    bool contract = true; ///< the lossless contract before and after (ContractVerdict)
    /// The certificate before and after: -1 (default) K = 1 when the change touches routing, lossless
    /// priorities or links, else not computed; 0 never (--no-certify); 1..3 always, for this K (--certify K).
    int certify = -1;
    std::string baseLabel = "base", toLabel = "new"; ///< "revision 3"
    std::string project;
};

struct Review {
    ReviewOptions options;
    Fabric before, after;
    std::vector<ObjectChange> changes;
    std::set<std::string> changedDevices;
    std::vector<PortImpact> ports;
    std::vector<SwitchImpact> switches;
    std::vector<Finding> introduced, resolved, unchanged;
    DeadlockVerdict deadlockBefore, deadlockAfter;
    StormVerdict stormBefore, stormAfter;
    ContractVerdict contractBefore, contractAfter;
    CertificateVerdict certificateBefore, certificateAfter;
    int certifyK = 0; ///< the K certified (0: not computed)
    /// What of the change made the review certify ("links added or removed: …"), or why it did not.
    std::string certifyReason;
    std::vector<DeviceChange> devices;
    RolloutPlan rollout;
    std::vector<std::string> notes;
    /// Exports a target refused (exporter.h checkNames): "sonic: …". Its devices are attributed by
    /// their model change, and the review is blocked (`lfp review` exits 2).
    std::vector<std::string> refused;
    /// Why the change must not go ahead as written, for the banner on page one: refused exports,
    /// analyses that covered nothing, introduced error findings, a rollout that cannot avoid a risk.
    std::vector<std::string> blocking;
    /// Devices whose model changes but whose exported configuration and physical plant do not (left
    /// out of the rollout: e.g. hosts under a switch-only ECN change).
    std::set<std::string> unrendered;
    /// Per device of the rollout (switches, then hosts): host pairs whose paths cross it and the perftest
    /// commands to run between them before and after the change (reviewVerification).
    std::vector<DeviceVerification> verification;
};

/// The export target of a switch: eos for Arista, nxos for Cisco, junos for Juniper, huawei for Huawei,
/// otherwise sonic (and linux for hosts); @p forced (non-empty) wins for switches. Falls back to sonic
/// when the exporter is not built.
std::string reviewTarget(const Node& node, const std::string& forced);

/// Computes the review. Throws Cancelled through @p fb.
Review computeReview(const Fabric& before, const Fabric& after, const AsicCatalog& catalog, const ReviewOptions& options, Feedback* fb = nullptr);

/// The `lfp review --json` form (docs/review.md: the contract).
nlohmann::json reviewToJson(const Review& r);
/// The storm and contract analyses of one revision for the review (reviewanalyses.cpp).
StormVerdict reviewStormOf(const Fabric& f, const AsicCatalog& catalog, const ReviewOptions& o, Feedback* fb = nullptr);
ContractVerdict reviewContractOf(const Fabric& f, const ReviewOptions& o, Feedback* fb = nullptr);
nlohmann::json stormVerdictJson(const StormVerdict& v);
nlohmann::json contractVerdictJson(const ContractVerdict& v);
/// What of @p changes touches routing, lossless priorities or links (node added or removed, node role,
/// link added or removed, a policy's lossless priorities, a binding or override): one phrase each,
/// empty when nothing does (reviewcertificate.cpp).
std::vector<std::string> reviewCertificateTrigger(const std::vector<ObjectChange>& changes);
/// The certificates of both revisions per ReviewOptions::certify (reviewcertificate.cpp).
void reviewCertificates(Review& r, Feedback* fb = nullptr);
/// `impact.certificate`: {"k", "reason", "before", "after"}, each side the object of `lfp deadlock
/// --certify K --json` ("certificate") or null with a note.
nlohmann::json certificateVerdictsJson(const Review& r);

/// The verification of @p devices on the new revision @p after (@p before for the cables whose length
/// changes): for each switch, up to kVerifyPairsPerDevice host pairs whose ECMP paths cross it (one per
/// distinct ingress and egress leaf, nearest first, in fabric order); for each host, one pair with
/// the host as client and the first host of another leaf as server (reviewverify.cpp).
std::vector<DeviceVerification> reviewVerification(const Fabric& before, const Fabric& after, const std::set<std::string>& devices,
    const std::vector<int>& addedLossless);
/// `verification`: [{"device", "note", "pairs": [{"client", "server", "path", "commands", "pass_gbps", …}]}].
nlohmann::json verificationJson(const std::vector<DeviceVerification>& v);

// ---- the checklist document

/// A block of the checklist: a paragraph, a bullet list, a table, a code block or the topology picture.
struct ReviewBlock {
    enum class Kind { Paragraph, List, Table, Code, Picture } kind = Kind::Paragraph;
    std::string text; ///< paragraph / code
    std::vector<std::string> items; ///< list items, or table headers
    std::vector<std::vector<std::string>> rows; ///< table rows
};
struct ReviewSection {
    std::string title;
    int level = 2;
    std::vector<ReviewBlock> blocks;
};
struct ReviewDocument {
    std::string title;
    std::string lang; ///< "en" or "zh_CN"
    std::vector<ReviewSection> sections;
};

/// The checklist, its headings and sentences in @p lang ("en", "zh_CN"; names and commands stay as
/// written). The finding messages are rendered through @p findingText (the GUI's translated registry
/// templates, planner/findings/findingregistry.h) when given, else as written. Throws InputError for another language.
ReviewDocument buildReviewDocument(const Review& r, const std::string& lang, const TemplateTranslator& findingText = {});
/// The checklist's storm-radius and contract tables, before and after, in @p lang (reviewanalyses.cpp).
void appendReviewAnalyses(const Review& r, const std::string& lang, std::vector<ReviewBlock>& blocks);
/// The checklist's certificate table, before and after, in @p lang (reviewcertificate.cpp).
void appendReviewCertificate(const Review& r, const std::string& lang, std::vector<ReviewBlock>& blocks);
/// The checklist's verification (reviewverify.cpp): the perftest commands grouped, one row per pair
/// (hosts of one leaf with the same server in one row), in @p lang.
void appendReviewVerification(const Review& r, const std::string& lang, std::vector<ReviewBlock>& blocks);
/// The translation of @p english into @p lang (the writer's table; English when missing).
std::string reviewText(const std::string& lang, const std::string& english);
/// The same, looking in a section's own Chinese table @p zh first (the certificate, analyses and
/// verification sections keep their strings beside their code).
std::string reviewText(const std::string& lang, const std::string& english, const std::unordered_map<std::string, std::string>& zh);
/// A revision label of ReviewOptions in @p lang: "revision 3" → "修订 3" (and the defaults "base", "new")
/// in zh_CN; any other label, and every label in en, as given.
std::string reviewLabel(const std::string& lang, const std::string& label);

/// Names as ranges where a trailing number runs without a gap: "leaf1–leaf8, spine1, spine3"
/// (three or more in a row make a range), or with a constant step: "Ethernet0, Ethernet4 … Ethernet156";
/// more than @p max items (0 = no limit) end in "… (+N)".
std::string reviewNameRanges(std::vector<std::string> names, std::size_t max = 16);

/// Topology layout of the picture: tiers by role, changed devices highlighted.
struct TopologyPicture {
    struct Box {
        std::string name;
        double x = 0, y = 0, w = 0, h = 0;
        bool changed = false;
        bool host = false;
    };
    struct Line {
        double x1 = 0, y1 = 0, x2 = 0, y2 = 0;
        bool changed = false;
    };
    double width = 0, height = 0;
    std::vector<Box> boxes;
    std::vector<Line> lines;
};
TopologyPicture layoutTopology(const Fabric& f, const std::set<std::string>& changed);
/// The picture as an inline SVG element.
std::string topologySvg(const TopologyPicture& p);

std::string renderReviewMarkdown(const ReviewDocument& d);
/// Self-contained HTML (inline CSS and SVG, no external resource). With @p pictureImage non-empty the
/// picture is an <img src="pictureImage"> (the PDF writer's resource name) instead of the SVG, and the
/// CSS is the subset QTextDocument understands.
std::string renderReviewHtml(const ReviewDocument& d, const TopologyPicture& picture, const std::string& pictureImage = {});

} // namespace lfp
