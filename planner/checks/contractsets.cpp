// SPDX-License-Identifier: GPL-3.0-or-later
// Sourced default sets for the lossless contract (contractsets.h; the files in resources/contract-sets).
#include "planner/checks/contractsets.h"

#include "planner/checks/contractevidence.h"
#include "planner/findings/findingregistry.h"
#include "model/errors.h"
#include "model/fabricindex.h"
#include "model/fileio.h"
#include "model/resources.h"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

namespace lfp {
namespace {
    namespace fs = std::filesystem;
    using json = nlohmann::json;

    [[noreturn]] void bad(const std::string& file, const std::string& path, const std::string& what) { throw InputError({ file, 0, 0, path }, what); }

    std::optional<int> optInt(const json& j, const char* key, int lo, int hi, const std::string& file, const std::string& path)
    {
        if (!j.contains(key))
            return std::nullopt;
        const json& v = j.at(key);
        if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi)
            bad(file, path + "/" + key, "found " + v.dump() + ", expected an integer " + std::to_string(lo) + ".." + std::to_string(hi));
        return v.get<int>();
    }

    std::optional<std::vector<int>> optPrios(const json& j, const char* key, const std::string& file, const std::string& path)
    {
        if (!j.contains(key))
            return std::nullopt;
        const json& v = j.at(key);
        std::vector<int> out;
        if (!v.is_array())
            bad(file, path + "/" + key, "found " + v.dump() + ", expected a list of priorities 0..7");
        for (const json& p : v) {
            if (!p.is_number_integer() || p.get<int>() < 0 || p.get<int>() >= kPriorities)
                bad(file, path + "/" + key, "found " + p.dump() + ", expected a priority 0..7");
            out.push_back(p.get<int>());
        }
        return out;
    }

    std::optional<bool> optBool(const json& j, const char* key, const std::string& file, const std::string& path)
    {
        if (!j.contains(key))
            return std::nullopt;
        if (!j.at(key).is_boolean())
            bad(file, path + "/" + key, "found " + j.at(key).dump() + ", expected true or false");
        return j.at(key).get<bool>();
    }

    /// A map object {"KEY": VALUE, …} with every key 0..N-1 (or "default" for the keys not given), values 0..7.
    template <std::size_t N>
    std::optional<std::array<int, N>> optMap(const json& j, const char* key, const std::string& file, const std::string& path)
    {
        if (!j.contains(key))
            return std::nullopt;
        const json& v = j.at(key);
        const std::string at = path + "/" + key;
        if (!v.is_object())
            bad(file, at, "found " + v.dump() + ", expected an object {\"KEY\": priority}");
        std::array<int, N> out {};
        std::array<bool, N> seen {};
        const int fallback = v.contains("default") ? optInt(v, "default", 0, kPriorities - 1, file, at).value_or(0) : -1;
        for (const auto& [k, x] : v.items()) {
            if (k == "default")
                continue;
            std::size_t pos = 0;
            int index = -1;
            try {
                index = std::stoi(k, &pos);
            } catch (const std::exception&) {
                pos = 0;
            }
            if (pos != k.size() || index < 0 || index >= static_cast<int>(N))
                bad(file, at + "/" + k, "found key \"" + k + "\", expected 0.." + std::to_string(N - 1) + " or default");
            out[static_cast<std::size_t>(index)] = *optInt(v, k.c_str(), 0, kPriorities - 1, file, at);
            seen[static_cast<std::size_t>(index)] = true;
        }
        for (std::size_t i = 0; i < N; ++i) {
            if (!seen[i] && fallback < 0)
                bad(file, at, "missing key " + std::to_string(i) + " (and no default): the map states every entry");
            if (!seen[i])
                out[i] = fallback;
        }
        return out;
    }

    std::string reqString(const json& j, const char* key, const std::string& file)
    {
        if (!j.contains(key) || !j.at(key).is_string() || j.at(key).get<std::string>().empty())
            bad(file, std::string("/") + key, std::string("missing ") + key + ": every default set states it");
        return j.at(key).get<std::string>();
    }

    ContractSet setFromJson(const json& j, const std::string& file)
    {
        if (!j.is_object())
            bad(file, "", "expected a JSON object (a contract default set)");
        ContractSet s;
        s.id = reqString(j, "id", file);
        s.name = reqString(j, "name", file);
        s.kind = reqString(j, "kind", file);
        s.source = reqString(j, "source", file);
        s.version = reqString(j, "version", file);
        s.date = reqString(j, "date", file);
        if (s.kind != "nic" && s.kind != "switch")
            bad(file, "/kind", "found \"" + s.kind + "\", expected nic or switch");
        const std::string path = "/" + s.kind;
        if (!j.contains(s.kind) || !j.at(s.kind).is_object())
            bad(file, path, "missing the \"" + s.kind + "\" object of values");
        const json& v = j.at(s.kind);
        if (v.contains("trust")) {
            s.trust = v.at("trust").is_string() ? trustModeFromString(v.at("trust").get<std::string>()) : std::nullopt;
            if (!s.trust)
                bad(file, path + "/trust", "found " + v.at("trust").dump() + ", expected dscp or pcp");
        }
        s.pfc = optPrios(v, "pfc", file, path);
        s.lossless = optPrios(v, "lossless", file, path);
        s.appTos = optInt(v, "app_tos", 0, 255, file, path);
        s.roceDscp = optInt(v, "roce_dscp", 0, kDscpValues - 1, file, path);
        s.rocePriority = optInt(v, "roce_priority", 0, kPriorities - 1, file, path);
        s.cnpDscp = optInt(v, "cnp_dscp", 0, kDscpValues - 1, file, path);
        s.cnpPriority = optInt(v, "cnp_priority", 0, kPriorities - 1, file, path);
        s.reactionPoint = optBool(v, "ecn_rp", file, path);
        s.notificationPoint = optBool(v, "ecn_np", file, path);
        s.dscpToTc = optMap<kDscpValues>(v, "dscp_to_tc", file, path);
        s.tcToPg = optMap<kPriorities>(v, "tc_to_pg", file, path);
        s.tcToQueue = optMap<kPriorities>(v, "tc_to_queue", file, path);
        return s;
    }

    std::uint8_t bitmap(const std::vector<int>& prios)
    {
        std::uint8_t b = 0;
        for (int p : prios)
            b = static_cast<std::uint8_t>(b | (1u << p));
        return b;
    }

    /// @p p with the values of NIC set @p s (the host policy's nic block and its DSCP → priority map).
    void applyNic(QosPolicy& p, const ContractSet& s)
    {
        HostNicSettings& n = p.nic;
        if (s.trust)
            n.trust = *s.trust;
        if (s.pfc)
            n.pfcBitmap = bitmap(*s.pfc);
        if (s.appTos)
            n.appTos = *s.appTos;
        if (s.roceDscp)
            n.roceDscp = *s.roceDscp;
        if (s.rocePriority)
            n.rocePriority = *s.rocePriority;
        if (s.cnpDscp)
            n.cnpDscp = *s.cnpDscp;
        if (s.cnpPriority)
            n.cnpPriority = *s.cnpPriority;
        if (s.reactionPoint)
            n.ecnReactionPoint = *s.reactionPoint;
        if (s.notificationPoint)
            n.ecnNotificationPoint = *s.notificationPoint;
        const int wire = n.appTos >= 0 ? n.appTos >> 2 : n.roceDscp;
        p.dscpToTc[static_cast<std::size_t>(wire)] = n.rocePriority;
    }

    /// @p p with the values of switch set @p s: classification of the RoCE and CNP DSCPs, the lossless
    /// priorities, the CNP class and a strict queue for it.
    void applySwitch(QosPolicy& p, const ContractSet& s)
    {
        if (s.dscpToTc)
            p.dscpToTc = *s.dscpToTc;
        if (s.tcToPg)
            p.tcToPg = *s.tcToPg;
        if (s.tcToQueue)
            p.tcToQueue = *s.tcToQueue;
        if (s.lossless)
            p.losslessPriorities = *s.lossless;
        if (s.roceDscp && !p.losslessPriorities.empty())
            p.dscpToTc[static_cast<std::size_t>(*s.roceDscp)] = p.losslessPriorities.front();
        if (s.cnpDscp)
            p.cnpDscp = *s.cnpDscp;
        if (s.cnpPriority)
            p.cnpPriority = *s.cnpPriority;
        p.dscpToTc[static_cast<std::size_t>(p.cnpDscp)] = p.cnpPriority;
        const int q = p.tcToQueue[static_cast<std::size_t>(p.cnpPriority)];
        std::erase_if(p.ets, [&](const EtsQueue& e) { return e.queue == q; });
        p.ets.push_back({ q, SchedulerMode::Strict, 0 });
    }

    const ContractSet* findSet(const std::vector<ContractSet>& sets, std::string_view id)
    {
        for (const auto& s : sets)
            if (s.id == id)
                return &s;
        return nullptr;
    }

    /// A clash between sets @p a and @p b on one field, as a finding.
    struct Clash {
        const char* field;
        int a, b;
        ContractClass cls;
    };

    std::vector<Clash> clashes(const ContractSet& a, const ContractSet& b)
    {
        std::vector<Clash> out;
        const auto differ = [&](const char* field, const std::optional<int>& x, const std::optional<int>& y, ContractClass c) {
            if (x && y && *x != *y)
                out.push_back({ field, *x, *y, c });
        };
        differ("cnp-dscp", a.cnpDscp, b.cnpDscp, ContractClass::Cnp);
        differ("cnp-priority", a.cnpPriority, b.cnpPriority, ContractClass::Cnp);
        differ("roce-dscp", a.roceDscp, b.roceDscp, ContractClass::Data);
        // A RoCE priority one side runs lossless (NIC PFC, switch lossless) and the other lossy.
        const auto noDrop = [](const ContractSet& s) { return s.kind == "nic" ? s.pfc : s.lossless; };
        if (a.rocePriority && noDrop(b) && std::find(noDrop(b)->begin(), noDrop(b)->end(), *a.rocePriority) == noDrop(b)->end())
            out.push_back({ "roce-lossy", *a.rocePriority, -1, ContractClass::Data });
        if (b.rocePriority && noDrop(a) && std::find(noDrop(a)->begin(), noDrop(a)->end(), *b.rocePriority) == noDrop(a)->end())
            out.push_back({ "roce-lossy-b", *b.rocePriority, -1, ContractClass::Data });
        return out;
    }

    Finding clashFinding(const ContractSet& a, const ContractSet& b, const Clash& c, const std::string& nodeA, const std::string& nodeB)
    {
        FindingParams params { { "set_a", a.id }, { "set_b", b.id }, { "node_a", nodeA }, { "node_b", nodeB }, { "what", c.field }, { "fix", "clash-fix" },
            { "a", std::to_string(c.a) }, { "b", std::to_string(c.b) }, { "source_a", a.source }, { "source_b", b.source } };
        return makeFinding("LFP-CONTRACT-SET-CLASH",
            { ObjectRef::forContractSet(a.id), ObjectRef::forContractSet(b.id), ObjectRef::forNode(nodeA), ObjectRef::forNode(nodeB) }, std::move(params),
            { { "value_a", static_cast<double>(c.a), "", a.id }, { "value_b", static_cast<double>(c.b), "", b.id } });
    }
} // namespace

std::vector<ContractSet> loadContractSets(const std::string& dir)
{
    std::vector<ContractSet> out;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().extension() == ".json")
            files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
        json j;
        try {
            j = json::parse(readWholeFile(f.string()));
        } catch (const json::exception& e) {
            bad(f.string(), "", std::string("not JSON: ") + e.what());
        }
        out.push_back(setFromJson(j, f.string()));
    }
    return out;
}

std::vector<ContractSet> builtinContractSets()
{
    if (const auto dir = findResourceDirectory("contract-sets"))
        return loadContractSets(*dir);
    return {};
}

Fabric applyContractSets(const Fabric& fabric, const std::vector<ContractSet>& sets, std::vector<Finding>& findings)
{
    Fabric out = fabric;
    const FabricIndex idx(fabric);
    std::set<std::string> have, unknownIds;
    for (const auto& p : fabric.policies)
        have.insert(p.name);
    for (NodeId n = 0; n < idx.nodeCount(); ++n) {
        const Node& node = idx.nodeAt(n);
        const auto it = node.attributes.find(kContractSetAttribute);
        if (it == node.attributes.end())
            continue;
        const ContractSet* s = findSet(sets, it->second);
        if (!s) {
            if (!unknownIds.insert(it->second).second)
                continue; // one finding per unknown id, at its first node
            findings.push_back(makeFinding("LFP-CONTRACT-SET-CLASH", { ObjectRef::forNode(node.name) },
                { { "what", "unknown" }, { "fix", "unknown-fix" }, { "node_a", node.name }, { "set_a", it->second } }));
            continue;
        }
        for (PortId p = idx.firstPort(n); p < idx.endPort(n); ++p) {
            const QosPolicy* base = idx.policyAt(p);
            if (!base)
                continue;
            QosPolicy derived = *base;
            derived.name = base->name + "@" + s->id;
            if (have.insert(derived.name).second) {
                (s->kind == "nic" ? applyNic : applySwitch)(derived, *s);
                out.policies.push_back(std::move(derived));
            }
            std::erase_if(out.overrides, [&](const PortOverride& o) { return o.port == idx.endpoint(p); });
            out.overrides.push_back({ idx.endpoint(p), base->name + "@" + s->id });
        }
    }
    return out;
}

Fabric contractFabric(const Fabric& fabric, const std::vector<ContractSet>& sets, std::vector<Finding>& unknownSets, const NicEvidenceSet* evidence,
    std::vector<EvidenceReplacement>* replaced, std::vector<std::string>* notes)
{
    Fabric withSets = applyContractSets(fabric, sets, unknownSets);
    if (!evidence)
        return withSets;
    std::vector<EvidenceReplacement> r;
    std::vector<std::string> n;
    Fabric out = applyNicEvidence(withSets, *evidence, replaced ? *replaced : r, notes ? *notes : n);
    return out;
}

ContractResult checkContractWithSets(const Fabric& fabric, const std::vector<ContractSet>& sets, const ContractOptions& options, Feedback* feedback,
    const NicEvidenceSet* evidence)
{
    std::vector<Finding> unknown, extra;
    std::vector<EvidenceReplacement> replaced;
    std::vector<std::string> notes = evidence ? evidence->notes : std::vector<std::string> {};
    const FabricSnapshot snap = makeSnapshot(contractFabric(fabric, sets, unknown, evidence, &replaced, &notes));
    ContractResult r = checkContract(*snap.index, options, feedback);
    r.evidence = std::move(replaced);
    r.evidenceNotes = std::move(notes);
    if (evidence)
        r.assumptions.push_back(fmt::format("host NIC settings from evidence: {} value{} of the plan replaced (listed under evidence)", r.evidence.size(),
            r.evidence.size() == 1 ? "" : "s"));
    // The sets in use (first node bound to each), then one finding per clash of each pair.
    std::map<std::string, std::string> used;
    for (const Node& n : fabric.nodes)
        if (auto it = n.attributes.find(kContractSetAttribute); it != n.attributes.end() && findSet(sets, it->second))
            used.emplace(it->second, n.name);
    for (auto a = used.begin(); a != used.end(); ++a)
        for (auto b = std::next(a); b != used.end(); ++b)
            for (const Clash& c : clashes(*findSet(sets, a->first), *findSet(sets, b->first))) {
                if (options.only && *options.only != c.cls)
                    continue;
                extra.push_back(clashFinding(*findSet(sets, a->first), *findSet(sets, b->first), c, a->second, b->second));
                r.sites.push_back({ c.cls, c.cls == ContractClass::Data ? ContractDirection::Forward : ContractDirection::Reverse, a->second, "",
                    std::string("set-") + c.field });
                r.findings.push_back(extra.back());
            }
    for (const Finding& f : unknown) {
        r.findings.push_back(f);
        r.sites.push_back({ ContractClass::Data, ContractDirection::Forward, f.objects.front().node, "", "set-unknown" });
    }
    r.setProblems = !extra.empty() || !unknown.empty();
    return r;
}

Fabric planWithEvidence(const Fabric& fabric, const std::vector<ContractSet>& sets, const NicEvidenceSet& evidence,
    std::vector<EvidenceReplacement>& replaced, std::vector<std::string>& notes)
{
    const bool everyHost = std::any_of(evidence.hosts.begin(), evidence.hosts.end(), [](const NicEvidence& e) { return e.host.empty(); });
    std::set<std::string> named;
    for (const auto& e : evidence.hosts)
        named.insert(e.host);
    const auto covered = [&](const Node& n) { return !n.isSwitch() && (everyHost || named.count(n.name)); };
    Fabric onlyCovered = fabric; // the sets of covered hosts only are made policies
    for (Node& n : onlyCovered.nodes)
        if (!covered(n))
            n.attributes.erase(kContractSetAttribute);
    std::vector<Finding> unknown;
    Fabric out = applyNicEvidence(applyContractSets(onlyCovered, sets, unknown), evidence, replaced, notes);
    for (std::size_t i = 0; i < out.nodes.size(); ++i)
        if (covered(fabric.nodes[i]) && findSet(sets, onlyCovered.nodes[i].attributes[kContractSetAttribute]))
            out.nodes[i].attributes.erase(kContractSetAttribute);
        else
            out.nodes[i].attributes = fabric.nodes[i].attributes;
    return out;
}

} // namespace lfp
