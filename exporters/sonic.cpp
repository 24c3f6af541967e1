// SPDX-License-Identifier: GPL-3.0-or-later
// SONiC config_db.json per switch, following ../shared/guide/vendors/sonic.md (table shapes from
// sonic-buildimage files/build_templates/qos_config.j2 @ 0791705b and buffers_config.j2 @ 02aaf5c3,
// value forms from the sonic-yang-models in ../shared/yang/sonic). docs/export.md §sonic.
#include "exportutil.h"
#include "model/lanes.h"

#include <algorithm>
#include <map>
#include <regex>

namespace lfp {
namespace {
    /// config_db is three levels everywhere this exporter writes: TABLE → key → field → value (every
    /// value a string, sonic.md pitfall 1). std::map keeps keys sorted, as nlohmann::json did, so the
    /// text is the same; written by writeConfigDb without building a JSON tree (the k=64 benchmark).
    using Fields = std::map<std::string, std::string>;
    using Table = std::map<std::string, Fields>;
    using ConfigDb = std::map<std::string, Table>;

    void escapeInto(std::string& out, const std::string& s)
    {
        out += '"';
        for (char ch : s) {
            const auto c = static_cast<unsigned char>(ch);
            if (c == '"')
                out += "\\\"";
            else if (c == '\\')
                out += "\\\\";
            else if (c == '\n')
                out += "\\n";
            else if (c == '\t')
                out += "\\t";
            else if (c == '\r')
                out += "\\r";
            else if (c < 0x20)
                out += fmt::format("\\u{:04x}", c);
            else
                out += ch;
        }
        out += '"';
    }

    /// The layout of nlohmann::json::dump(2): two-space indent, "key": value, empty objects as {}.
    std::string writeConfigDb(const ConfigDb& cfg)
    {
        std::string out;
        out.reserve(1 << 16);
        auto objectOpen = [&](bool empty) { out += empty ? "{}" : "{\n"; };
        out += "{\n";
        std::size_t ti = 0;
        for (const auto& [table, entries] : cfg) {
            out += "  ";
            escapeInto(out, table);
            out += ": ";
            objectOpen(entries.empty());
            std::size_t ei = 0;
            for (const auto& [key, fields] : entries) {
                out += "    ";
                escapeInto(out, key);
                out += ": ";
                objectOpen(fields.empty());
                std::size_t fi = 0;
                for (const auto& [field, value] : fields) {
                    out += "      ";
                    escapeInto(out, field);
                    out += ": ";
                    escapeInto(out, value);
                    out += ++fi < fields.size() ? ",\n" : "\n";
                }
                if (!fields.empty())
                    out += "    }";
                out += ++ei < entries.size() ? ",\n" : "\n";
            }
            if (!entries.empty())
                out += "  }";
            out += ++ti < cfg.size() ? ",\n" : "\n";
        }
        out += "}\n";
        return out;
    }
    using namespace exp;

    /// DEVICE_METADATA.type / DEVICE_NEIGHBOR_METADATA.type per role (the importer reads them back).
    const char* sonicType(Role r)
    {
        switch (r) {
        case Role::Leaf:
            return "ToRRouter";
        case Role::Spine:
            return "LeafRouter";
        case Role::SuperSpine:
            return "SpineRouter";
        case Role::Host:
            return "Server";
        }
        return "ToRRouter";
    }

    const char* sonicFec(Fec f)
    {
        switch (f) {
        case Fec::None:
            return "none";
        case Fec::FireCode:
            return "fc";
        case Fec::Rs528:
        case Fec::Rs544:
            return "rs";
        }
        return "rs";
    }

    /// PFC_PRIORITY_TO_PRIORITY_GROUP_MAP / pfc_to_pg_map: SONiC emits them for asic_type mellanox and
    /// barefoot only (qos_config.j2; sonic.md pitfall 5).
    bool pfcToPgMapFor(const AsicProfile* asic)
    {
        if (!asic)
            return false;
        const std::string v = asic->vendor + " " + asic->name;
        for (const char* k : { "NVIDIA", "Nvidia", "Mellanox", "Barefoot", "Tofino" })
            if (v.find(k) != std::string::npos)
                return true;
        return false;
    }

    /// Hardware lanes of a port: "EthernetN" numbers its first lane N (SONiC's port_config.ini convention);
    /// other names take the next free lanes.
    std::string lanesText(const Port& p, int& nextLane)
    {
        int first = nextLane;
        if (p.name.rfind("Ethernet", 0) == 0 && p.name.size() > 8 && p.name.find_first_not_of("0123456789", 8) == std::string::npos && p.name.size() < 16)
            first = std::stoi(p.name.substr(8));
        std::string s;
        for (int i = 0; i < std::max(1, p.lanes); ++i)
            s += (i ? "," : "") + std::to_string(first + i);
        nextLane = std::max(nextLane, first + std::max(1, p.lanes));
        return s;
    }

    std::string str(long long v) { return std::to_string(v); }

    class SonicExporter : public Exporter {
    public:
        std::string id() const override { return "sonic"; }
        std::string description() const override
        {
            return "SONiC config_db.json per switch: ports, neighbours, cable lengths, buffers (traditional or dynamic model), QoS maps, "
                   "schedulers, WRED/ECN, PFC and the PFC watchdog";
        }
        NameRule nameRule(NameKind kind) const override
        {
            NameRule r;
            switch (kind) {
            case NameKind::Device:
                // DEVICE_METADATA hostname: stypes:hostname, 1..63 (sonic-types.yang); RFC 1123 characters.
                r.allowedPunctuation = "-_.";
                r.maxLength = 63;
                r.why = "letters, digits, '-', '_' and '.' (hostname, sonic-types.yang)";
                break;
            case NameKind::Port:
            case NameKind::NeighbourPort:
                // PORT name length 1..128 (sonic-port.yang); '|' joins keys in config_db, ',' separates lists.
                r.allowedPunctuation = "-_./:";
                r.maxLength = 128;
                r.why = "letters, digits, '-', '_', '.', '/' and ':' ('|' and ',' are key separators in config_db)";
                break;
            case NameKind::Policy:
            case NameKind::EcnProfile:
                // Map / WRED profile names: pattern [a-zA-Z0-9]{1}([-a-zA-Z0-9_]{0,31}) (sonic-dscp-tc-map.yang …).
                r.allowedPunctuation = "-_";
                r.maxLength = 32;
                r.why = "letters, digits, '-' and '_', starting with a letter or digit (map name pattern of sonic-dscp-tc-map.yang)";
                break;
            }
            return r;
        }

    protected:
        DeviceExport exportDevice(const ExportContext& ctx, const DevicePlan& d) const override;
    };

    DeviceExport SonicExporter::exportDevice(const ExportContext& ctx, const DevicePlan& d) const
    {
        DeviceExport out;
        auto& findings = out.findings;
        const Node& n = *d.node;
        const bool dynamic = ctx.options().sonicBufferModel == ExportOptions::SonicBufferModel::Dynamic;
        const AsicProfile* asic = d.asic;
        const SwitchBudget* budget = d.budget ? &*d.budget : nullptr;
        ConfigDb cfg;

        // ---- DEVICE_METADATA
        Fields md { { "hostname", n.name }, { "type", sonicType(n.role) }, { "buffer_model", dynamic ? "dynamic" : "traditional" } };
        auto attr = [&](const char* key) -> std::string {
            auto it = n.attributes.find(key);
            return it == n.attributes.end() ? std::string() : it->second;
        };
        if (auto s = attr("sonic.hwsku"); !s.empty())
            md["hwsku"] = s;
        else if (!n.model.empty())
            md["hwsku"] = n.model;
        if (auto s = attr("sonic.platform"); !s.empty())
            md["platform"] = s;
        if (auto s = attr("sonic.mac"); !s.empty() && std::regex_match(s, std::regex("([0-9a-fA-F]{2}:){5}[0-9a-fA-F]{2}")))
            md["mac"] = s;
        cfg["DEVICE_METADATA"]["localhost"] = md;

        if (!asic)
            findings.push_back(exportFinding(Severity::Error, "LFP-EXPORT-NO-ASIC", { n.name },
                { { "switch", n.name }, { "asic", n.asic } }));
        else if (!budget)
            findings.push_back(exportFinding(Severity::Error, "LFP-EXPORT-NO-BUDGET", { n.name },
                { { "switch", n.name }, { "error", d.budgetError } }));
        else if (!budget->fits())
            findings.push_back(exportFinding(Severity::Error, "LFP-EXPORT-BUFFER-OVERCOMMITTED", { n.name },
                { { "switch", n.name }, { "excess", fmt::format("{}", -budget->available.value()) } },
                { { "available", static_cast<double>(budget->available.value()), "B", "lfp budget" } }));
        if (dynamic && asic && asic->headroomModel != "spectrum")
            findings.push_back(exportFinding(Severity::Warning, "LFP-EXPORT-SONIC-DYNAMIC-UNSUPPORTED", { n.name },
                { { "switch", n.name }, { "asic", asic->id }, { "model", asic->headroomModel } }));

        // ---- PORT, DEVICE_NEIGHBOR, CABLE_LENGTH
        Table ports, neighbours, neighbourMeta;
        Fields cable;
        int nextLane = 0;
        std::map<std::string, std::string> cableText; // port → "40m"
        for (const auto& p : d.ports) {
            const Port& port = *p.port;
            Fields pj { { "lanes", lanesText(port, nextLane) }, { "speed", str(toMbps(port.speed)) }, { "fec", sonicFec(port.fec) },
                { "admin_status", p.link ? "up" : "down" } };
            if (port.mtu < 68 || port.mtu > 9216)
                findings.push_back(exportFinding(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { portObject(d, p) },
                    { { "what", "sonic-mtu" }, { "fix", "sonic-mtu-fix" }, { "mtu", fmt::format("{}", port.mtu) },
                        { "written", fmt::format("{}", std::clamp(port.mtu, 68, 9216)) } },
                    { { "mtu", static_cast<double>(port.mtu), "B", {} } }));
            pj["mtu"] = str(std::clamp(port.mtu, 68, 9216));
            if (toMbps(port.speed) < 1 || toMbps(port.speed) > 1'600'000)
                findings.push_back(exportFinding(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { portObject(d, p) },
                    { { "what", "sonic-speed" }, { "fix", "sonic-speed-fix" }, { "speed", formatSpeed(port.speed) } }));
            // `fec: rs` carries no code: the port runs RS(544,514) on PAM4 lanes (50 Gb/s per lane and more)
            // and RS(528,514) otherwise (model/lanes.h), as the sonic importer reads it back with the lanes.
            const bool pam4 = isPam4Lane(laneRateGbps(port.speed, port.lanes));
            if ((port.fec == Fec::Rs528 && pam4) || (port.fec == Fec::Rs544 && !pam4))
                findings.push_back(exportFinding(Severity::Warning, "LFP-EXPORT-FEC-NOT-EXPRESSIBLE", { portObject(d, p) },
                    { { "what", "sonic-rs" }, { "fix", "rs-fix" }, { "speed", formatSpeed(port.speed) }, { "runs", pam4 ? "RS(544,514)" : "RS(528,514)" },
                        { "planned", toString(port.fec) } }));
            if (auto a = n.attributes.find("sonic.alias." + port.name); a != n.attributes.end())
                pj["alias"] = a->second;
            ports[port.name] = pj;
            if (p.link) {
                neighbours[port.name] = { { "name", p.peer.node }, { "port", p.peer.port }, { "local_port", port.name } };
                if (const Node* peer = ctx.node(p.peer.node)) {
                    Fields pm { { "type", sonicType(peer->role) } };
                    if (!peer->model.empty())
                        pm["hwsku"] = peer->model;
                    neighbourMeta[peer->name] = pm;
                }
                // CABLE_LENGTH is whole metres ('[0-9]+m', sonic-cable-length.yang): round up, never down
                // (a shorter configured cable means too little headroom).
                const double m = p.link->length.value();
                const auto whole = static_cast<long long>(std::ceil(m - 1e-9));
                cableText[port.name] = fmt::format("{}m", whole);
                cable[port.name] = cableText[port.name];
                if (std::abs(static_cast<double>(whole) - m) > 1e-9)
                    findings.push_back(exportFinding(Severity::Info, "LFP-EXPORT-ROUNDED", { portObject(d, p) },
                        { { "what", "sonic-cable" }, { "fix", "sonic-cable-fix" }, { "planned", formatLength(p.link->length) },
                            { "written", cableText[port.name] } },
                        { { "cable", m, "m", fmt::format("written {}m", whole) } }));
            }
        }
        cfg["PORT"] = ports;
        if (!neighbours.empty()) {
            cfg["DEVICE_NEIGHBOR"] = neighbours;
            cfg["DEVICE_NEIGHBOR_METADATA"] = neighbourMeta;
        }
        if (!cable.empty())
            cfg["CABLE_LENGTH"]["AZURE"] = cable;

        // ---- QoS maps per policy (the map name is the policy name)
        const bool pfcToPg = pfcToPgMapFor(asic);
        Table dscpMaps, dot1pMaps, pgMaps, qMaps, pfcQMaps, pfcPgMaps, schedulers, wred;
        std::map<std::string, const EcnProfile*> wredBy;
        bool allDscp = !d.policies.empty();
        for (const QosPolicy* pol : d.policies) {
            if (pol->trust == TrustMode::Dscp) {
                Fields m;
                for (int v = 0; v < kDscpValues; ++v)
                    m[str(v)] = str(pol->dscpToTc[static_cast<std::size_t>(v)]);
                dscpMaps[pol->name] = m;
            } else {
                allDscp = false;
                Fields m;
                for (int v = 0; v < kPriorities; ++v)
                    m[str(v)] = str(v); // PCP trust: priority = traffic class (qos.h)
                dot1pMaps[pol->name] = m;
            }
            Fields pg, q, pfcPg;
            for (int t = 0; t < kPriorities; ++t) {
                pg[str(t)] = str(pol->tcToPg[static_cast<std::size_t>(t)]);
                q[str(t)] = str(pol->tcToQueue[static_cast<std::size_t>(t)]);
            }
            for (int p : pol->losslessPriorities)
                pfcPg[str(p)] = str(pol->tcToPg[static_cast<std::size_t>(p)]);
            pgMaps[pol->name] = pg;
            qMaps[pol->name] = q;
            pfcQMaps[pol->name] = q;
            if (pfcToPg && !pol->losslessPriorities.empty())
                pfcPgMaps[pol->name] = pfcPg;
            for (const auto& e : pol->ets) {
                if (e.mode == SchedulerMode::Dwrr && (e.weight < 1 || e.weight > 100))
                    findings.push_back(exportFinding(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { n.name, policyObject(*pol) },
                        { { "what", "sonic-weight" }, { "fix", "weight-fix" }, { "queue", fmt::format("{}", e.queue) },
                            { "weight", fmt::format("{}", e.weight) }, { "written", fmt::format("{}", std::clamp(e.weight, 1, 100)) } }));
                const std::string sname = e.mode == SchedulerMode::Strict ? "scheduler.strict" : fmt::format("scheduler.dwrr{}", std::clamp(e.weight, 1, 100));
                Fields sj { { "type", e.mode == SchedulerMode::Strict ? "STRICT" : "DWRR" } };
                if (e.mode == SchedulerMode::Dwrr)
                    sj["weight"] = str(std::clamp(e.weight, 1, 100));
                schedulers[sname] = sj;
            }
            for (const auto& e : pol->ecn) {
                auto [it, fresh] = wredBy.emplace(e.name, &e);
                if (!fresh && !(it->second->kmin == e.kmin && it->second->kmax == e.kmax && it->second->pmax == e.pmax)) {
                    findings.push_back(exportFinding(Severity::Error, "LFP-EXPORT-NAME-CONFLICT", { n.name, policyObject(*pol) },
                        { { "what", "sonic-ecn-profile" }, { "fix", "sonic-ecn-profile-fix" }, { "switch", n.name }, { "profile", e.name } }));
                    continue;
                }
                const double pct = e.pmax * 100.0;
                const long long whole = std::llround(pct);
                if (std::abs(pct - static_cast<double>(whole)) > 1e-9)
                    findings.push_back(exportFinding(Severity::Info, "LFP-EXPORT-ROUNDED", { n.name, policyObject(*pol) },
                        { { "what", "sonic-pmax" }, { "fix", "none-needed" }, { "profile", e.name }, { "planned", fmt::format("{:g}", pct) },
                            { "written", fmt::format("{}", whole) } },
                        { { "pmax", pct, "%", fmt::format("written {} %", whole) } }));
                if (e.kmax < e.kmin)
                    findings.push_back(exportFinding(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { n.name, policyObject(*pol) },
                        { { "what", "sonic-kmax-below-kmin" }, { "fix", "sonic-kmax-below-kmin-fix" }, { "profile", e.name },
                            { "kmax", fmt::format("{}", e.kmax.value()) }, { "kmin", fmt::format("{}", e.kmin.value()) } }));
                Fields w { { "ecn", "ecn_all" }, { "wred_green_enable", "true" }, { "wred_yellow_enable", "true" }, { "wred_red_enable", "true" } };
                for (const char* colour : { "green", "yellow", "red" }) {
                    w[fmt::format("{}_min_threshold", colour)] = str(e.kmin.value());
                    w[fmt::format("{}_max_threshold", colour)] = str(std::max(e.kmin.value(), e.kmax.value()));
                    w[fmt::format("{}_drop_probability", colour)] = str(std::clamp<long long>(whole, 0, 100));
                }
                wred[e.name] = w;
            }
        }
        auto putTable = [&](const char* name, Table& t) {
            if (!t.empty())
                cfg[name] = std::move(t);
        };
        putTable("DSCP_TO_TC_MAP", dscpMaps);
        putTable("DOT1P_TO_TC_MAP", dot1pMaps);
        putTable("TC_TO_PRIORITY_GROUP_MAP", pgMaps);
        putTable("TC_TO_QUEUE_MAP", qMaps);
        putTable("MAP_PFC_PRIORITY_TO_QUEUE", pfcQMaps);
        putTable("PFC_PRIORITY_TO_PRIORITY_GROUP_MAP", pfcPgMaps);
        putTable("SCHEDULER", schedulers);
        putTable("WRED_PROFILE", wred);

        // ---- buffers: pools and profiles from the planner's budget
        std::string ingressLossless = "ingress_lossless_pool", ingressLossy, egressLossless = "egress_lossless_pool", egressLossy;
        Table pools;
        if (budget) {
            for (const auto& pool : budget->pools) {
                Fields pj { { "type", pool.direction == PoolDirection::Ingress ? "ingress" : "egress" }, { "mode", "dynamic" } };
                if (asic)
                    for (const auto& spec : asic->pools)
                        if (spec.name == pool.name)
                            pj["mode"] = spec.mode == PoolMode::Static ? "static" : "dynamic";
                if (!dynamic || pool.configured)
                    pj["size"] = str(std::max<std::int64_t>(0, pool.size.value()));
                if (pool.xoff && (!dynamic || (asic && asic->sharedHeadroomPool)))
                    pj["xoff"] = str(pool.xoff->value());
                pools[pool.name] = pj;
            }
        } else {
            pools["ingress_lossless_pool"] = { { "type", "ingress" }, { "mode", "dynamic" } };
            pools["egress_lossless_pool"] = { { "type", "egress" }, { "mode", "dynamic" } };
            if (!dynamic) {
                pools["ingress_lossless_pool"]["size"] = "0";
                pools["egress_lossless_pool"]["size"] = "0";
            }
        }
        for (const auto& [k, fields] : pools) {
            const bool in = fields.at("type") == "ingress";
            if (in && k.find("lossy") != std::string::npos && ingressLossy.empty())
                ingressLossy = k;
            if (!in && k.find("lossy") != std::string::npos && egressLossy.empty())
                egressLossy = k;
        }
        if (!pools.contains(ingressLossless))
            for (const auto& [k, fields] : pools)
                if (fields.at("type") == "ingress") {
                    ingressLossless = k;
                    break;
                }
        if (!pools.contains(egressLossless))
            for (const auto& [k, fields] : pools)
                if (fields.at("type") == "egress") {
                    egressLossless = k;
                    break;
                }
        if (ingressLossy.empty())
            ingressLossy = ingressLossless; // Mellanox SKUs: lossy PGs share the ingress lossless pool (sonic.md §1)
        if (egressLossy.empty())
            egressLossy = egressLossless;
        cfg["BUFFER_POOL"] = std::move(pools);
        const long long queueReserved = asic ? asic->queueReserved.value() : 0;
        Table profiles;
        profiles["ingress_lossy_profile"] = { { "pool", ingressLossy }, { "size", "0" }, { "dynamic_th", "3" } };
        profiles["egress_lossless_profile"] = { { "pool", egressLossless }, { "size", str(queueReserved) }, { "dynamic_th", "7" } };
        profiles["egress_lossy_profile"] = { { "pool", egressLossy }, { "size", str(queueReserved) }, { "dynamic_th", "7" } };

        // Lossless PG profiles (traditional): buffermgrd reuses a profile named exactly
        // pg_lossless_<speed>_<cable>_profile (buffermgr.cpp doSpeedUpdateTask; sonic.md pitfall 2).
        struct Prof {
            HeadroomResult hr;
            std::vector<std::string> ports;
        };
        std::map<std::string, Prof> lossless;
        Table bufferPg, bufferQueue, portQos, queue, pfcwd;
        long long minWd = 0;
        for (const auto& p : d.ports) {
            if (!p.policy)
                continue;
            const QosPolicy& pol = *p.policy;
            const std::string& pn = p.port->name;
            const PgSplit split = pgSplit(pol);
            Fields q { { "tc_to_queue_map", pol.name }, { "tc_to_pg_map", pol.name }, { "pfc_to_queue_map", pol.name } };
            q[pol.trust == TrustMode::Dscp ? "dscp_to_tc_map" : "dot1p_to_tc_map"] = pol.name;
            if (pfcToPg && !pol.losslessPriorities.empty())
                q["pfc_to_pg_map"] = pol.name;
            if (!pol.losslessPriorities.empty()) {
                q["pfc_enable"] = joinInts(pol.losslessPriorities);
                if (pol.watchdog.enabled)
                    q["pfcwd_sw_enable"] = joinInts(pol.losslessPriorities);
            }
            portQos[pn] = q;
            // Queues: schedulers and WRED.
            for (int qi = 0; qi < kPriorities; ++qi) {
                const EtsQueue* e = etsOf(pol, qi);
                const EcnProfile* ecn = ecnOf(pol, qi);
                if (!e && !ecn)
                    continue;
                Fields qj;
                if (e)
                    qj["scheduler"] = e->mode == SchedulerMode::Strict ? "scheduler.strict" : fmt::format("scheduler.dwrr{}", std::clamp(e->weight, 1, 100));
                if (ecn && wredBy.count(ecn->name))
                    qj["wred_profile"] = ecn->name;
                queue[fmt::format("{}|{}", pn, qi)] = qj;
            }
            // Watchdog (pfcwd: detection 100..5000 ms, restoration 100..60000 ms, sonic-pfcwd.yang).
            if (pol.watchdog.enabled) {
                const long long det = wholeMs(pol.watchdog.detection), res = wholeMs(pol.watchdog.restoration);
                const long long detW = std::clamp(det, 100LL, 5000LL), resW = std::clamp(res, 100LL, 60000LL);
                if (det != detW || res != resW)
                    findings.push_back(exportFinding(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { n.name, policyObject(pol) },
                        { { "what", "sonic-watchdog-range" }, { "fix", "sonic-watchdog-range-fix" }, { "detection", fmt::format("{}", det) },
                            { "restoration", fmt::format("{}", res) }, { "written_detection", fmt::format("{}", detW) },
                            { "written_restoration", fmt::format("{}", resW) } },
                        { { "detection", static_cast<double>(det), "ms", {} } }));
                if (std::abs(pol.watchdog.detection.value() - static_cast<double>(det) * 1e6) > 1 || std::abs(pol.watchdog.restoration.value() - static_cast<double>(res) * 1e6) > 1)
                    findings.push_back(exportFinding(Severity::Info, "LFP-EXPORT-ROUNDED", { n.name, policyObject(pol) },
                        { { "what", "sonic-watchdog-ms" }, { "fix", "none-needed" }, { "detection", fmt::format("{}", det) },
                            { "restoration", fmt::format("{}", res) } }));
                pfcwd[pn] = { { "action", toString(pol.watchdog.action) }, { "detection_time", str(detW) }, { "restoration_time", str(resW) } };
                minWd = minWd == 0 ? std::min(detW, resW) : std::min({ minWd, detW, resW });
            }
            // Buffers: only ports on a link (admin up) get PGs and queues; SONiC gives down ports none.
            if (!p.link) {
                if (!split.losslessPgs.empty())
                    findings.push_back(exportFinding(Severity::Info, "LFP-EXPORT-PORT-NO-LINK", { portObject(d, p) },
                        FindingParams {}));
                continue;
            }
            for (const auto& r : ranges(split.lossyPgs))
                bufferPg[fmt::format("{}|{}", pn, r)] = { { "profile", "ingress_lossy_profile" } };
            if (!split.losslessPgs.empty()) {
                std::string profile = "NULL";
                if (!dynamic && asic && budget) {
                    profile = fmt::format("pg_lossless_{}_{}_profile", toMbps(p.port->speed), cableText[pn]);
                    // The planner's headroom for this port; when CABLE_LENGTH was rounded up, the headroom of
                    // the written length (same inputs, planner/budget.h headroomInputFor).
                    HeadroomResult hr;
                    const double written = std::stod(cableText[pn]);
                    if (p.budget && p.budget->headroom && std::abs(p.budget->cable.value() - written) < 1e-9)
                        hr = *p.budget->headroom;
                    else
                        hr = computeHeadroom(*asic, headroomInputFor(*p.port, Metres(written), *asic, budget->settings));
                    auto [it, fresh] = lossless.emplace(profile, Prof { hr, { portObject(d, p) } });
                    if (!fresh) {
                        Prof& pr = it->second;
                        if (pr.hr.xon != hr.xon || pr.hr.xoff != hr.xoff || pr.hr.size != hr.size) {
                            findings.push_back(exportFinding(Severity::Warning, "LFP-EXPORT-SONIC-PROFILE-SHARED", { pr.ports.front(), portObject(d, p) },
                                { { "profile", profile } }));
                            pr.hr.xon = std::max(pr.hr.xon, hr.xon);
                            pr.hr.xoff = std::max(pr.hr.xoff, hr.xoff);
                            pr.hr.size = std::max(pr.hr.size, hr.size);
                        }
                        pr.ports.push_back(portObject(d, p));
                    }
                }
                for (const auto& r : ranges(split.losslessPgs))
                    bufferPg[fmt::format("{}|{}", pn, r)] = { { "profile", profile } };
            }
            for (const auto& r : ranges(split.losslessQueues))
                bufferQueue[fmt::format("{}|{}", pn, r)] = { { "profile", "egress_lossless_profile" } };
            for (const auto& r : ranges(split.lossyQueues))
                bufferQueue[fmt::format("{}|{}", pn, r)] = { { "profile", "egress_lossy_profile" } };
        }
        const int dynTh = budget ? budget->dynamicTh : (asic ? asic->losslessDynamicTh : 0);
        for (const auto& [name, pr] : lossless) {
            Fields pj { { "pool", ingressLossless }, { "xon", str(pr.hr.xon.value()) }, { "xoff", str(pr.hr.xoff.value()) }, { "size", str(pr.hr.size.value()) },
                { "dynamic_th", str(dynTh) } };
            if (pr.hr.xonOffset)
                pj["xon_offset"] = str(pr.hr.xonOffset->value());
            profiles[name] = pj;
        }
        cfg["BUFFER_PROFILE"] = profiles;
        putTable("BUFFER_PG", bufferPg);
        putTable("BUFFER_QUEUE", bufferQueue);
        if (!portQos.empty()) {
            if (allDscp)
                portQos["global"] = { { "dscp_to_tc_map", d.policies.front()->name } };
            cfg["PORT_QOS_MAP"] = portQos;
        }
        putTable("QUEUE", queue);
        if (!pfcwd.empty()) {
            // POLL_INTERVAL must be ≤ every port's detection and restoration time (pfcwd/main.py); 200 ms default.
            pfcwd["GLOBAL"] = { { "POLL_INTERVAL", str(std::clamp(std::min(200LL, minWd), 100LL, 1000LL)) } };
            cfg["PFC_WD"] = pfcwd;
            cfg["FLEX_COUNTER_TABLE"]["PFCWD"] = { { "FLEX_COUNTER_STATUS", "enable" } };
        }
        // Dynamic-model parameters (buffers_config.j2); harmless and documented under traditional.
        if (budget) {
            Fields dp { { "default_dynamic_th", str(dynTh) } };
            if (budget->settings.overSubscribeRatio > 0)
                dp["over_subscribe_ratio"] = fmt::format("{:g}", budget->settings.overSubscribeRatio);
            cfg["DEFAULT_LOSSLESS_BUFFER_PARAMETER"]["AZURE"] = dp;
            cfg["LOSSLESS_TRAFFIC_PATTERN"]["AZURE"] = { { "mtu", str(budget->settings.losslessMtu.value()) },
                { "small_packet_percentage", str(budget->settings.smallPacketPercentage) } };
        }
        out.files[n.name + ".json"] = writeConfigDb(cfg);
        return out;
    }
} // namespace

std::unique_ptr<Exporter> makeSonicExporter() { return std::make_unique<SonicExporter>(); }

} // namespace lfp
