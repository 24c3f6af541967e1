// SPDX-License-Identifier: GPL-3.0-or-later
// SONiC config_db.json per switch, following ../shared/guide/vendors/sonic.md (table shapes from
// sonic-buildimage files/build_templates/qos_config.j2 @ 0791705b and buffers_config.j2 @ 02aaf5c3,
// value forms from the sonic-yang-models in ../shared/yang/sonic). docs/export.md §sonic.
#include "exportutil.h"
#include "planner/plan/planfacts.h"
#include "renderutil.h"
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
    std::string lanesText(const PortPlan& p, int& nextLane)
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

    /// One device being rendered: the plan, the options, the tables and the findings.
    struct SonicRender {
        const ExportContext& ctx;
        const DevicePlan& d;
        DeviceExport& out;
        bool dynamic = false;
        ConfigDb cfg;
        std::map<std::string, std::string> cableText; ///< port → "40m"
        std::map<std::string, const EcnPlan*> wredBy; ///< WRED profiles written, by name
        bool pfcToPg = false;

        [[nodiscard]] const SwitchBudget* budget() const { return d.budget ? &*d.budget : nullptr; }
        void putTable(const char* name, Table& t)
        {
            if (!t.empty())
                cfg[name] = std::move(t);
        }
    };

    /// The scheduler of queue @p q on a port of @p speed: a bounded strict queue has one per bound and port
    /// speed (SCHEDULER shapes in bytes per second, not in percent of the link).
    std::string schedulerName(const QueuePlan& q, BitsPerSecond speed)
    {
        if (*q.mode != SchedulerMode::Strict)
            return fmt::format("scheduler.dwrr{}", std::clamp(q.weight, 1, 100));
        if (const auto bound = q.strictBoundPercent(); bound && speed.value() > 0)
            return speed.value() % 1'000'000'000LL == 0 ? fmt::format("scheduler.strict{}.{}G", *bound, speed.value() / 1'000'000'000LL)
                                                         : fmt::format("scheduler.strict{}.{}M", *bound, speed.value() / 1'000'000LL);
        return "scheduler.strict";
    }

    // ---- DEVICE_METADATA and the budget's state

    /// A SONiC platform and one of its HwSKUs, as sonic-buildimage names them (device/<vendor>/<platform>/<HwSKU>).
    struct SonicSku {
        const char* model; ///< the switch model as the plan names it
        const char* platform;
        const char* hwsku;
    };
    /// Switch models whose SONiC platform and HwSKU directory were read in sonic-buildimage:
    /// device/mellanox/x86_64-mlnx_msn4700-r0/Mellanox-SN4700-O8C48 @ 5d421da2ec5c5a29bea92fecbbea24b78bf7ccb6
    /// (8 × 400G + 48 × 100G, the breakout the generators' SN4700 leaves use).
    constexpr SonicSku kSonicSkus[] = {
        { "SN4700", "x86_64-mlnx_msn4700-r0", "Mellanox-SN4700-O8C48" },
    };

    /// DEVICE_METADATA.hwsku and .platform: the node's sonic.hwsku / sonic.platform attributes; else a
    /// SKU of the switch's ASIC in the catalogue whose name matches the model (its published
    /// pg_profile_lookup.ini, model/asic.h), else kSonicSkus. What stays unknown is not written and is a
    /// finding: the switch model is no HwSKU SONiC knows (buffermgrd and the platform files are per HwSKU).
    void renderSkuAndPlatform(SonicRender& r, Fields& md)
    {
        const Node& n = *r.d.node;
        auto attr = [&](const char* key) -> std::string {
            auto it = n.attributes.find(key);
            return it == n.attributes.end() ? std::string() : it->second;
        };
        std::string hwsku = attr("sonic.hwsku"), platform = attr("sonic.platform");
        if (hwsku.empty() && r.d.asic && !n.model.empty())
            if (const PgLookupTable* t = pgLookupTableMatching(*r.d.asic, n.model))
                hwsku = t->sku;
        for (const SonicSku& k : kSonicSkus)
            if (n.model == k.model) {
                if (hwsku.empty())
                    hwsku = k.hwsku;
                if (platform.empty())
                    platform = k.platform;
            }
        if (!hwsku.empty())
            md["hwsku"] = hwsku;
        if (!platform.empty())
            md["platform"] = platform;
        if (hwsku.empty() || platform.empty())
            r.out.finding(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(r.d.name) },
                { { "what", "sonic-hwsku-unknown" }, { "fix", "sonic-hwsku-unknown-fix" }, { "model", printableName(n.model) },
                    { "missing", hwsku.empty() && platform.empty() ? "hwsku and platform" : hwsku.empty() ? "hwsku" : "platform" } });
    }

    void renderDeviceMetadata(SonicRender& r)
    {
        const Node& n = *r.d.node;
        Fields md { { "hostname", n.name }, { "type", sonicType(n.role) }, { "buffer_model", r.dynamic ? "dynamic" : "traditional" } };
        auto attr = [&](const char* key) -> std::string {
            auto it = n.attributes.find(key);
            return it == n.attributes.end() ? std::string() : it->second;
        };
        renderSkuAndPlatform(r, md);
        if (auto s = attr("sonic.mac"); !s.empty() && std::regex_match(s, std::regex("([0-9a-fA-F]{2}:){5}[0-9a-fA-F]{2}")))
            md["mac"] = s;
        r.cfg["DEVICE_METADATA"]["localhost"] = md;
    }

    void reportBudgetState(SonicRender& r)
    {
        const DevicePlan& d = r.d;
        const AsicProfile* asic = d.asic;
        if (!asic)
            r.out.finding(Severity::Error, "LFP-EXPORT-NO-ASIC", { ObjectRef::forNode(d.name) }, { { "switch", d.name }, { "asic", d.node->asic } });
        else if (!r.budget())
            r.out.finding(Severity::Error, "LFP-EXPORT-NO-BUDGET", { ObjectRef::forNode(d.name) }, { { "switch", d.name }, { "error", d.budgetError } });
        else if (!r.budget()->fits())
            r.out.finding(Severity::Error, "LFP-EXPORT-BUFFER-OVERCOMMITTED", { ObjectRef::forNode(d.name) }, { { "switch", d.name }, { "excess", fmt::format("{}", -r.budget()->available.value()) } },
                { { "available", static_cast<double>(r.budget()->available.value()), "B", "lfp budget" } });
        if (r.dynamic && asic && asic->headroomModel != "spectrum")
            r.out.finding(Severity::Warning, "LFP-EXPORT-SONIC-DYNAMIC-UNSUPPORTED", { ObjectRef::forNode(d.name) }, { { "switch", d.name }, { "asic", asic->id }, { "model", asic->headroomModel } });
    }

    // ---- PORT, DEVICE_NEIGHBOR, CABLE_LENGTH

    Fields portEntry(SonicRender& r, const PortPlan& p, int& nextLane)
    {
        const ObjectRef obj = portObject(r.d, p);
        Fields pj { { "lanes", lanesText(p, nextLane) }, { "speed", str(toMbps(p.speed)) }, { "fec", sonicFec(p.fec) }, { "admin_status", p.active ? "up" : "down" } };
        if (p.mtu < 68 || p.mtu > 9216)
            r.out.finding(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { obj },
                { { "what", "sonic-mtu" }, { "fix", "sonic-mtu-fix" }, { "mtu", fmt::format("{}", p.mtu) }, { "written", fmt::format("{}", std::clamp(p.mtu, 68, 9216)) } },
                { { "mtu", static_cast<double>(p.mtu), "B", {} } }, portFacts(p, facts::kMtu));
        pj["mtu"] = str(std::clamp(p.mtu, 68, 9216));
        if (toMbps(p.speed) < 1 || toMbps(p.speed) > 1'600'000)
            r.out.finding(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { obj }, { { "what", "sonic-speed" }, { "fix", "sonic-speed-fix" }, { "speed", formatSpeed(p.speed) } });
        // `fec: rs` carries no code: the port runs RS(544,514) on PAM4 lanes (50 Gb/s per lane and more)
        // and RS(528,514) otherwise (model/lanes.h), as the sonic importer reads it back with the lanes.
        const bool pam4 = isPam4Lane(laneRateGbps(p.speed, p.lanes));
        if ((p.fec == Fec::Rs528 && pam4) || (p.fec == Fec::Rs544 && !pam4))
            r.out.finding(Severity::Warning, "LFP-EXPORT-FEC-NOT-EXPRESSIBLE", { obj },
                { { "what", "sonic-rs" }, { "fix", "rs-fix" }, { "speed", formatSpeed(p.speed) }, { "runs", pam4 ? "RS(544,514)" : "RS(528,514)" }, { "planned", toString(p.fec) } });
        if (auto a = r.d.node->attributes.find("sonic.alias." + p.name); a != r.d.node->attributes.end())
            pj["alias"] = a->second;
        return pj;
    }

    /// CABLE_LENGTH is whole metres ('[0-9]+m', sonic-cable-length.yang): rounded up, never down (a
    /// shorter configured cable means too little headroom).
    std::string cableEntry(SonicRender& r, const PortPlan& p)
    {
        const double m = p.link->length.value();
        const auto whole = static_cast<long long>(std::ceil(m - 1e-9));
        std::string text = fmt::format("{}m", whole);
        if (std::abs(static_cast<double>(whole) - m) > 1e-9)
            r.out.finding(Severity::Info, "LFP-EXPORT-ROUNDED", { portObject(r.d, p) },
                { { "what", "sonic-cable" }, { "fix", "sonic-cable-fix" }, { "planned", formatLength(p.link->length) }, { "written", text } },
                { { "cable", m, "m", fmt::format("written {}m", whole) } });
        r.cableText[p.name] = text;
        return text;
    }

    void renderPorts(SonicRender& r)
    {
        Table ports, neighbours, neighbourMeta;
        Fields cable;
        int nextLane = 0;
        for (const auto& p : r.d.ports) {
            ports[p.name] = portEntry(r, p, nextLane);
            if (!p.link)
                continue;
            neighbours[p.name] = { { "name", p.peer.node }, { "port", p.peer.port }, { "local_port", p.name } };
            if (const Node* peer = p.peerNode) {
                Fields pm { { "type", sonicType(peer->role) } };
                if (!peer->model.empty())
                    pm["hwsku"] = peer->model;
                neighbourMeta[peer->name] = pm;
            }
            cable[p.name] = cableEntry(r, p);
        }
        r.cfg["PORT"] = ports;
        if (!neighbours.empty()) {
            r.cfg["DEVICE_NEIGHBOR"] = neighbours;
            r.cfg["DEVICE_NEIGHBOR_METADATA"] = neighbourMeta;
        }
        if (!cable.empty())
            r.cfg["CABLE_LENGTH"]["AZURE"] = cable;
    }

    // ---- QoS maps, schedulers and WRED profiles per policy (the map name is the policy name)

    struct QosTables {
        Table dscpMaps, dot1pMaps, pgMaps, qMaps, pfcQMaps, pfcPgMaps, schedulers, wred, tcDscpMaps;
    };

    /// The egress DSCP rewrite: SONiC remarks by traffic class only, TC_TO_DSCP_MAP bound per port by
    /// PORT_QOS_MAP tc_to_dscp_map (sonic-buildimage sonic-tc-dscp-map.yang, "Maps traffic class to DSCP
    /// values for egress packet remarking"; sonic-port-qos-map.yang leaf tc_to_dscp_map). A rule whose
    /// class also carries DSCPs that leave otherwise has no TC_TO_DSCP_MAP form (PolicyPlan::tcRemark).
    void renderRewrite(SonicRender& r, const PolicyPlan& pol, QosTables& t)
    {
        Fields m;
        for (int tc = 0; tc < kPriorities; ++tc)
            if (const auto& d = pol.tcRemark[static_cast<std::size_t>(tc)])
                m[str(tc)] = str(*d);
        if (!m.empty())
            t.tcDscpMaps[pol.name] = m;
        for (const auto& rule : pol.dscpRewriteNotByClass)
            r.out.finding(Severity::Warning, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(r.d.name), ObjectRef::forPolicy(pol.name) },
                { { "what", "dscp-rewrite-by-class" }, { "fix", "dscp-rewrite-by-class-fix" }, { "target", "SONiC TC_TO_DSCP_MAP" },
                    { "from", str(rule.from) }, { "to", str(rule.to) }, { "tc", str(rule.tc) }, { "policy", pol.name } },
                {}, { facts::rewrite(pol, rule.from) });
    }

    void renderMaps(SonicRender& r, const PolicyPlan& pol, QosTables& t)
    {
        if (pol.trust == TrustMode::Dscp) {
            Fields m;
            for (int v = 0; v < kDscpValues; ++v)
                m[str(v)] = str(pol.dscpToTc[static_cast<std::size_t>(v)]);
            t.dscpMaps[pol.name] = m;
        } else {
            Fields m;
            for (int v = 0; v < kPriorities; ++v)
                m[str(v)] = str(v); // PCP trust: priority = traffic class (qos.h)
            t.dot1pMaps[pol.name] = m;
        }
        Fields pg, q, pfcPg;
        for (const auto& c : pol.classes) {
            pg[str(c.tc)] = str(c.pg);
            q[str(c.tc)] = str(c.queue);
        }
        for (int p : pol.losslessPriorities)
            pfcPg[str(p)] = str(pol.classes[static_cast<std::size_t>(p)].pg);
        t.pgMaps[pol.name] = pg;
        t.qMaps[pol.name] = q;
        t.pfcQMaps[pol.name] = q;
        if (r.pfcToPg && !pol.losslessPriorities.empty())
            t.pfcPgMaps[pol.name] = pfcPg;
    }

    /// A strict queue bounded by the plan, per port speed of @p pol: SCHEDULER `type STRICT` with a byte meter
    /// (sonic-scheduler.yang: meter_type bytes, pir "Peak information rate … Bps", pbs the peak bucket in
    /// bytes; "pir can't be configured without cir" (cir > 0), pbs without pir neither). pir = speed × bound %
    /// / 8 B/s; cir = pir (a strict queue is served first, so its minimum changes nothing, and the model
    /// requires one); pbs = the largest MTU of the policy's ports, at least 8192 B (the 8192-byte burst of
    /// SONiC's QoS Scheduler and Shaper HLD example). Unbounded, or a port of unknown speed:
    /// LFP-EXPORT-STRICT-UNBOUNDED (error), written `scheduler.strict`.
    void renderStrictSchedulers(SonicRender& r, const PolicyPlan& pol, const QueuePlan& q, QosTables& t)
    {
        const auto bound = q.strictBoundPercent();
        std::set<long long> speeds;
        long long pbs = 8192;
        for (const auto& p : r.d.ports)
            if (p.qos.get() == &pol) {
                speeds.insert(p.speed.value());
                pbs = std::max<long long>(pbs, p.mtu);
            }
        if (!bound || speeds.count(0)) {
            r.out.finding(Severity::Error, "LFP-EXPORT-STRICT-UNBOUNDED", { ObjectRef::forNode(r.d.name), ObjectRef::forPolicy(pol.name) }, { { "queue", fmt::format("{}", q.queue) }, { "policy", pol.name } });
            t.schedulers[schedulerName(q, BitsPerSecond(0))] = Fields { { "type", "STRICT" } };
        }
        if (!bound)
            return;
        for (long long bps : speeds) {
            if (bps <= 0)
                continue;
            const std::string rate = str(bps / 8 * *bound / 100);
            t.schedulers[schedulerName(q, BitsPerSecond(bps))]
                = Fields { { "type", "STRICT" }, { "meter_type", "bytes" }, { "cir", rate }, { "pir", rate }, { "pbs", str(pbs) } };
        }
    }

    void renderSchedulers(SonicRender& r, const PolicyPlan& pol, QosTables& t)
    {
        for (const auto& q : pol.queues) {
            if (!q.mode)
                continue;
            const bool strict = *q.mode == SchedulerMode::Strict;
            if (strict) {
                renderStrictSchedulers(r, pol, q, t);
                continue;
            }
            if (!strict && (q.weight < 1 || q.weight > 100))
                r.out.finding(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { ObjectRef::forNode(r.d.name), ObjectRef::forPolicy(pol.name) },
                    { { "what", "sonic-weight" }, { "fix", "weight-fix" }, { "queue", fmt::format("{}", q.queue) }, { "weight", fmt::format("{}", q.weight) },
                        { "written", fmt::format("{}", std::clamp(q.weight, 1, 100)) } },
                    {}, { facts::queue(pol, q.queue, facts::kScheduling) });
            Fields sj { { "type", "DWRR" } };
            sj["weight"] = str(std::clamp(q.weight, 1, 100));
            t.schedulers[schedulerName(q, BitsPerSecond(0))] = sj;
        }
    }

    /// One WRED_PROFILE entry: ECN marking on all colours, thresholds in bytes, pmax in whole percent.
    void renderWred(SonicRender& r, const PolicyPlan& pol, const EcnPlan& e, QosTables& t)
    {
        const ObjectRef polObj = ObjectRef::forPolicy(pol.name);
        auto [it, fresh] = r.wredBy.emplace(e.profile, &e);
        if (!fresh && !(it->second->kmin == e.kmin && it->second->kmax == e.kmax && it->second->pmax == e.pmax)) {
            r.out.finding(Severity::Error, "LFP-EXPORT-NAME-CONFLICT", { ObjectRef::forNode(r.d.name), polObj },
                { { "what", "sonic-ecn-profile" }, { "fix", "sonic-ecn-profile-fix" }, { "switch", r.d.name }, { "profile", e.profile } });
            return;
        }
        const double pct = e.pmax * 100.0;
        const long long whole = std::llround(pct);
        if (std::abs(pct - static_cast<double>(whole)) > 1e-9)
            r.out.finding(Severity::Info, "LFP-EXPORT-ROUNDED", { ObjectRef::forNode(r.d.name), polObj },
                { { "what", "sonic-pmax" }, { "fix", "none-needed" }, { "profile", e.profile }, { "planned", fmt::format("{:g}", pct) }, { "written", fmt::format("{}", whole) } },
                { { "pmax", pct, "%", fmt::format("written {} %", whole) } });
        if (e.kmax < e.kmin)
            r.out.finding(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { ObjectRef::forNode(r.d.name), polObj },
                { { "what", "sonic-kmax-below-kmin" }, { "fix", "sonic-kmax-below-kmin-fix" }, { "profile", e.profile }, { "kmax", fmt::format("{}", e.kmax.value()) },
                    { "kmin", fmt::format("{}", e.kmin.value()) } },
                {}, ecnFacts(pol, e.profile));
        Fields w { { "ecn", "ecn_all" }, { "wred_green_enable", "true" }, { "wred_yellow_enable", "true" }, { "wred_red_enable", "true" } };
        for (const char* colour : { "green", "yellow", "red" }) {
            w[fmt::format("{}_min_threshold", colour)] = str(e.kmin.value());
            w[fmt::format("{}_max_threshold", colour)] = str(std::max(e.kmin.value(), e.kmax.value()));
            w[fmt::format("{}_drop_probability", colour)] = str(std::clamp<long long>(whole, 0, 100));
        }
        t.wred[e.profile] = w;
    }

    void renderQos(SonicRender& r)
    {
        QosTables t;
        for (const auto& pol : r.d.policyPlans) {
            renderMaps(r, *pol, t);
            renderRewrite(r, *pol, t);
            renderSchedulers(r, *pol, t);
            for (const auto& e : pol->ecnProfiles)
                renderWred(r, *pol, e, t);
        }
        r.putTable("DSCP_TO_TC_MAP", t.dscpMaps);
        r.putTable("DOT1P_TO_TC_MAP", t.dot1pMaps);
        r.putTable("TC_TO_PRIORITY_GROUP_MAP", t.pgMaps);
        r.putTable("TC_TO_QUEUE_MAP", t.qMaps);
        r.putTable("MAP_PFC_PRIORITY_TO_QUEUE", t.pfcQMaps);
        r.putTable("PFC_PRIORITY_TO_PRIORITY_GROUP_MAP", t.pfcPgMaps);
        r.putTable("SCHEDULER", t.schedulers);
        r.putTable("WRED_PROFILE", t.wred);
        r.putTable("TC_TO_DSCP_MAP", t.tcDscpMaps);
    }

    // ---- BUFFER_POOL and the static BUFFER_PROFILEs

    Table renderPools(const SonicRender& r)
    {
        Table pools;
        const AsicProfile* asic = r.d.asic;
        if (!r.budget()) {
            pools["ingress_lossless_pool"] = { { "type", "ingress" }, { "mode", "dynamic" } };
            pools["egress_lossless_pool"] = { { "type", "egress" }, { "mode", "dynamic" } };
            if (!r.dynamic) {
                pools["ingress_lossless_pool"]["size"] = "0";
                pools["egress_lossless_pool"]["size"] = "0";
            }
            return pools;
        }
        for (const auto& pool : r.d.pools->pools) {
            Fields pj { { "type", pool.direction == PoolDirection::Ingress ? "ingress" : "egress" }, { "mode", "dynamic" } };
            if (asic)
                for (const auto& spec : asic->pools)
                    if (spec.name == pool.name)
                        pj["mode"] = spec.mode == PoolMode::Static ? "static" : "dynamic";
            if (!r.dynamic || pool.configured)
                pj["size"] = str(std::max<std::int64_t>(0, pool.size.value()));
            if (pool.xoff && (!r.dynamic || (asic && asic->sharedHeadroomPool)))
                pj["xoff"] = str(pool.xoff->value());
            pools[pool.name] = pj;
        }
        return pools;
    }

    Table staticProfiles(const SwitchPoolsPlan& sp)
    {
        Table profiles;
        const std::string reserved = str(sp.queueReserved.value());
        profiles["ingress_lossy_profile"] = { { "pool", sp.ingressLossy }, { "size", "0" }, { "dynamic_th", "3" } };
        profiles["egress_lossless_profile"] = { { "pool", sp.egressLossless }, { "size", reserved }, { "dynamic_th", "7" } };
        profiles["egress_lossy_profile"] = { { "pool", sp.egressLossy }, { "size", reserved }, { "dynamic_th", "7" } };
        return profiles;
    }

    // ---- per port: PORT_QOS_MAP, QUEUE, PFC_WD, BUFFER_PG, BUFFER_QUEUE

    /// Lossless PG profiles (traditional model): buffermgrd reuses a profile named exactly
    /// pg_lossless_<speed>_<cable>_profile (buffermgr.cpp doSpeedUpdateTask; sonic.md pitfall 2).
    struct LosslessProfile {
        Bytes xon, xoff, size;
        std::optional<Bytes> xonOffset;
        std::vector<ObjectRef> ports;
    };

    struct PortTables {
        Table bufferPg, bufferQueue, portQos, queue, pfcwd;
        std::map<std::string, LosslessProfile> lossless;
        long long minWd = 0;
    };

    void renderPortQos(const SonicRender& r, const PortPlan& p, PortTables& t)
    {
        const PolicyPlan& pol = *p.qos;
        Fields q { { "tc_to_queue_map", pol.name }, { "tc_to_pg_map", pol.name }, { "pfc_to_queue_map", pol.name } };
        q[pol.trust == TrustMode::Dscp ? "dscp_to_tc_map" : "dot1p_to_tc_map"] = pol.name;
        if (std::any_of(pol.tcRemark.begin(), pol.tcRemark.end(), [](const auto& d) { return d.has_value(); }))
            q["tc_to_dscp_map"] = pol.name; // renderRewrite
        if (r.pfcToPg && !pol.losslessPriorities.empty())
            q["pfc_to_pg_map"] = pol.name;
        if (!pol.losslessPriorities.empty()) {
            q["pfc_enable"] = joinInts(pol.losslessPriorities);
            if (pol.watchdog.enabled)
                q["pfcwd_sw_enable"] = joinInts(pol.losslessPriorities);
        }
        t.portQos[p.name] = q;
        for (const auto& qp : pol.queues) {
            if (!qp.mode && !qp.ecn)
                continue;
            Fields qj;
            if (qp.mode)
                qj["scheduler"] = schedulerName(qp, p.speed);
            if (qp.ecn && r.wredBy.count(qp.ecn->profile))
                qj["wred_profile"] = qp.ecn->profile;
            t.queue[fmt::format("{}|{}", p.name, qp.queue)] = qj;
        }
    }

    /// PFC_WD per port: detection 100..5000 ms, restoration 100..60000 ms (sonic-pfcwd.yang), whole ms.
    void renderWatchdog(SonicRender& r, const PortPlan& p, PortTables& t)
    {
        const PolicyPlan& pol = *p.qos;
        if (!pol.watchdog.enabled)
            return;
        const ObjectRef polObj = ObjectRef::forPolicy(pol.name);
        const long long det = wholeMs(pol.watchdog.detection), res = wholeMs(pol.watchdog.restoration);
        const long long detW = std::clamp(det, 100LL, 5000LL), resW = std::clamp(res, 100LL, 60000LL);
        if (det != detW || res != resW)
            r.out.finding(Severity::Error, "LFP-EXPORT-VALUE-OUT-OF-RANGE", { ObjectRef::forNode(r.d.name), polObj },
                { { "what", "sonic-watchdog-range" }, { "fix", "sonic-watchdog-range-fix" }, { "detection", fmt::format("{}", det) }, { "restoration", fmt::format("{}", res) },
                    { "written_detection", fmt::format("{}", detW) }, { "written_restoration", fmt::format("{}", resW) } },
                { { "detection", static_cast<double>(det), "ms", {} } },
                facts::join(det != detW ? watchdogFacts(pol, { facts::kWatchdogDetection }) : std::vector<std::string> {},
                    res != resW ? watchdogFacts(pol, { facts::kWatchdogRestoration }) : std::vector<std::string> {}));
        if (std::abs(pol.watchdog.detection.value() - static_cast<double>(det) * 1e6) > 1 || std::abs(pol.watchdog.restoration.value() - static_cast<double>(res) * 1e6) > 1)
            r.out.finding(Severity::Info, "LFP-EXPORT-ROUNDED", { ObjectRef::forNode(r.d.name), polObj },
                { { "what", "sonic-watchdog-ms" }, { "fix", "none-needed" }, { "detection", fmt::format("{}", det) }, { "restoration", fmt::format("{}", res) } });
        t.pfcwd[p.name] = { { "action", toString(pol.watchdog.action) }, { "detection_time", str(detW) }, { "restoration_time", str(resW) } };
        t.minWd = t.minWd == 0 ? std::min(detW, resW) : std::min({ t.minWd, detW, resW });
    }

    /// The profile of a port's lossless PGs: the headroom the switch computes for the written (whole
    /// metre) cable, shared by every port of the same speed and cable; "NULL" in the dynamic model.
    std::string losslessProfile(SonicRender& r, const PortPlan& p, PortTables& t)
    {
        const auto& hp = p.headroomWholeMetres ? p.headroomWholeMetres : p.headroom;
        if (r.dynamic || !r.d.asic || !r.budget() || !hp)
            return "NULL";
        const std::string profile = fmt::format("pg_lossless_{}_{}_profile", toMbps(p.speed), r.cableText[p.name]);
        auto [it, fresh] = t.lossless.emplace(profile, LosslessProfile { hp->xon, hp->xoff, hp->size, hp->xonOffset, { portObject(r.d, p) } });
        if (!fresh) {
            LosslessProfile& pr = it->second;
            if (pr.xon != hp->xon || pr.xoff != hp->xoff || pr.size != hp->size) {
                r.out.finding(Severity::Warning, "LFP-EXPORT-SONIC-PROFILE-SHARED", { pr.ports.front(), portObject(r.d, p) }, { { "profile", profile } });
                pr.xon = std::max(pr.xon, hp->xon);
                pr.xoff = std::max(pr.xoff, hp->xoff);
                pr.size = std::max(pr.size, hp->size);
            }
            pr.ports.push_back(portObject(r.d, p));
        }
        return profile;
    }

    /// BUFFER_PG and BUFFER_QUEUE: only ports on a link (admin up) get them; SONiC gives down ports none.
    void renderPortBuffers(SonicRender& r, const PortPlan& p, PortTables& t)
    {
        const PolicyPlan& pol = *p.qos;
        if (!p.active) {
            if (!pol.losslessPgs.empty())
                r.out.finding(Severity::Info, "LFP-EXPORT-PORT-NO-LINK", { portObject(r.d, p) }, FindingParams {});
            return;
        }
        for (const auto& rg : ranges(pol.lossyPgs))
            t.bufferPg[fmt::format("{}|{}", p.name, rg)] = { { "profile", "ingress_lossy_profile" } };
        if (!pol.losslessPgs.empty()) {
            const std::string profile = losslessProfile(r, p, t);
            for (const auto& rg : ranges(pol.losslessPgs))
                t.bufferPg[fmt::format("{}|{}", p.name, rg)] = { { "profile", profile } };
        }
        for (const auto& rg : ranges(pol.losslessQueues))
            t.bufferQueue[fmt::format("{}|{}", p.name, rg)] = { { "profile", "egress_lossless_profile" } };
        for (const auto& rg : ranges(pol.lossyQueues))
            t.bufferQueue[fmt::format("{}|{}", p.name, rg)] = { { "profile", "egress_lossy_profile" } };
    }

    void renderBuffers(SonicRender& r, PortTables& t)
    {
        r.cfg["BUFFER_POOL"] = renderPools(r);
        const SwitchPoolsPlan& sp = *r.d.pools;
        Table profiles = staticProfiles(sp);
        for (const auto& [name, pr] : t.lossless) {
            Fields pj { { "pool", sp.ingressLossless }, { "xon", str(pr.xon.value()) }, { "xoff", str(pr.xoff.value()) }, { "size", str(pr.size.value()) },
                { "dynamic_th", str(sp.dynamicTh) } };
            if (pr.xonOffset)
                pj["xon_offset"] = str(pr.xonOffset->value());
            profiles[name] = pj;
        }
        r.cfg["BUFFER_PROFILE"] = profiles;
        r.putTable("BUFFER_PG", t.bufferPg);
        r.putTable("BUFFER_QUEUE", t.bufferQueue);
    }

    void renderPortTables(SonicRender& r)
    {
        PortTables t;
        for (const auto& p : r.d.ports) {
            if (!p.qos)
                continue;
            renderPortQos(r, p, t);
            renderWatchdog(r, p, t);
            renderPortBuffers(r, p, t);
        }
        renderBuffers(r, t);
        if (!t.portQos.empty()) {
            // The switch-global DSCP map: the governing policy's, when every policy trusts DSCP.
            const bool allDscp = std::all_of(r.d.policyPlans.begin(), r.d.policyPlans.end(), [](const auto& p) { return p->trust == TrustMode::Dscp; });
            if (allDscp && r.d.governing)
                t.portQos["global"] = { { "dscp_to_tc_map", r.d.governing->name } };
            r.cfg["PORT_QOS_MAP"] = t.portQos;
        }
        r.putTable("QUEUE", t.queue);
        if (!t.pfcwd.empty()) {
            // POLL_INTERVAL must be ≤ every port's detection and restoration time (pfcwd/main.py); 200 ms default.
            t.pfcwd["GLOBAL"] = { { "POLL_INTERVAL", str(std::clamp(std::min(200LL, t.minWd), 100LL, 1000LL)) } };
            r.cfg["PFC_WD"] = t.pfcwd;
            r.cfg["FLEX_COUNTER_TABLE"]["PFCWD"] = { { "FLEX_COUNTER_STATUS", "enable" } };
        }
    }

    /// Dynamic-model parameters (buffers_config.j2); harmless and documented under traditional.
    void renderLosslessParameters(SonicRender& r)
    {
        const SwitchBudget* budget = r.budget();
        if (!budget)
            return;
        Fields dp { { "default_dynamic_th", str(r.d.pools->dynamicTh) } };
        if (budget->settings.overSubscribeRatio > 0)
            dp["over_subscribe_ratio"] = fmt::format("{:g}", budget->settings.overSubscribeRatio);
        r.cfg["DEFAULT_LOSSLESS_BUFFER_PARAMETER"]["AZURE"] = dp;
        r.cfg["LOSSLESS_TRAFFIC_PATTERN"]["AZURE"] = { { "mtu", str(budget->settings.losslessMtu.value()) }, { "small_packet_percentage", str(budget->settings.smallPacketPercentage) } };
    }

    class SonicExporter : public Exporter {
    public:
        bool writesDscpRewrite() const override { return true; } // by class (PolicyPlan::tcRemark)
        bool writesSharedHeadroomPool() const override { return true; } // BUFFER_POOL ingress_lossless_pool xoff
        std::string id() const override { return "sonic"; }
        std::vector<TargetRelease> releases() const override
        {
            // One release: nothing this export writes differs between the SONiC releases it was checked
            // against (sonic-buildimage qos_config.j2 / buffers_config.j2, the YANG models of ../shared/yang).
            return { { "202411", "SONiC 202411 (sonic-buildimage 202411: qos_config.j2, buffers_config.j2, sonic-swss buffermgrd, the YANG models in ../shared/yang/sonic)" } };
        }
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
        DeviceExport exportDevice(const ExportContext& ctx, const DevicePlan& d) const override
        {
            DeviceExport out;
            SonicRender r { ctx, d, out };
            r.dynamic = ctx.options().sonicBufferModel == ExportOptions::SonicBufferModel::Dynamic;
            r.pfcToPg = pfcToPgMapFor(d.asic);
            renderDeviceMetadata(r);
            reportBudgetState(r);
            renderPorts(r);
            renderQos(r);
            renderPortTables(r);
            renderLosslessParameters(r);
            out.files[fileName(d, ".json")] = writeConfigDb(r.cfg);
            return out;
        }
    };
} // namespace

std::unique_ptr<Exporter> makeSonicExporter() { return std::make_unique<SonicExporter>(); }

} // namespace lfp
