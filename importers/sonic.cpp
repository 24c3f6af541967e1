// SPDX-License-Identifier: GPL-3.0-or-later
// SONiC CONFIG_DB (config_db.json), one file per switch.
// Topology: DEVICE_METADATA (hostname, type → role, hwsku), PORT (speed Mb/s, MTU, FEC, lanes, alias),
// DEVICE_NEIGHBOR (+ DEVICE_NEIGHBOR_METADATA) → links, CABLE_LENGTH → link lengths.
// QoS: PORT_QOS_MAP binds DSCP_TO_TC_MAP, TC_TO_PRIORITY_GROUP_MAP, TC_TO_QUEUE_MAP and pfc_enable to a
// port; QUEUE binds SCHEDULER (ETS) and WRED_PROFILE (ECN) to queues; PFC_WD the watchdog; BUFFER_PG /
// BUFFER_PROFILE / BUFFER_POOL tell which priority groups have lossless (headroom) buffers. Each port
// gets the policy in force on it (identical ones shared) through a port override.
// Node attributes written: "sonic.platform", "sonic.buffer_model", "sonic.config_db", "sonic.alias.<port>".
// The running buffer state drift compares (which PGs have a lossless profile, BUFFER_PG profile names,
// CABLE_LENGTH) goes into ImportResult::running (model/runningconfig.h), typed.
#include "readutil.h"
#include "model/fielddescriptor.h"
#include "model/lanes.h"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <set>

namespace lfp {
namespace {
    using namespace imp;
    using nlohmann::json;

    struct Ctx {
        const SourceText& src;
        const json& root;

        [[noreturn]] void fail(const std::string& ptr, const std::string& what) const { failJson(src, ptr, what); }

        const json* table(const char* name) const
        {
            auto it = root.find(name);
            if (it == root.end())
                return nullptr;
            if (!it->is_object())
                fail(std::string("/") + name, fmt::format("found {}, expected the {} table (an object keyed by name)", describe(*it), name));
            return &*it;
        }
        static std::string ptr(const std::string& base, const std::string& key) { return base + "/" + jsonPointerEscape(key); }

        const json& entry(const json& tbl, const std::string& tblPtr, const std::string& key) const
        {
            const json& e = tbl.at(key);
            if (!e.is_object())
                fail(ptr(tblPtr, key), fmt::format("found {}, expected an object of fields", describe(e)));
            return e;
        }
        /// A scalar field as text (config_db writes every scalar as a string; numbers are accepted too).
        std::optional<std::string> field(const json& obj, const std::string& objPtr, const char* name) const
        {
            auto it = obj.find(name);
            if (it == obj.end() || it->is_null())
                return std::nullopt;
            if (it->is_string())
                return it->get<std::string>();
            if (it->is_number_integer() || it->is_number_unsigned())
                return it->dump();
            if (it->is_boolean())
                return it->get<bool>() ? "true" : "false";
            if (it->is_array()) { // leaf-lists may be arrays
                std::string s;
                for (const auto& x : *it) {
                    if (!x.is_string())
                        fail(ptr(objPtr, name), fmt::format("found {} in the list, expected strings", describe(x)));
                    s += (s.empty() ? "" : ",") + x.get<std::string>();
                }
                return s;
            }
            fail(ptr(objPtr, name), fmt::format("found {}, expected a string", describe(*it)));
        }
        long long number(const std::string& text, const std::string& at, long long lo, long long hi, const char* what) const
        {
            auto v = parseInt(text);
            if (!v || *v < lo || *v > hi)
                fail(at, fmt::format("found {}, expected {} ({}..{})", quote(text), what, lo, hi));
            return *v;
        }
    };

    /// "Ethernet0|3", "Ethernet0|0-2", "Ethernet0,Ethernet4|3" → ports × numbers.
    std::pair<std::vector<std::string>, std::vector<int>> splitKey(const Ctx& c, const std::string& key, const std::string& at, int hi)
    {
        auto bar = key.rfind('|');
        if (bar == std::string::npos || bar == 0 || bar + 1 >= key.size())
            c.fail(at, fmt::format("found the key {}, expected <port>|<number> or <port>|<from>-<to>", quote(key)));
        auto ports = splitList(std::string_view(key).substr(0, bar), ',');
        std::string_view range = std::string_view(key).substr(bar + 1);
        std::vector<int> nums;
        auto dash = range.find('-');
        auto from = parseInt(range.substr(0, dash));
        auto to = dash == std::string_view::npos ? from : parseInt(range.substr(dash + 1));
        if (!from || !to || *from < 0 || *to > hi || *from > *to)
            c.fail(at, fmt::format("found {} after '|', expected a number or range within 0..{}", quote(range), hi));
        for (long long i = *from; i <= *to; ++i)
            nums.push_back(static_cast<int>(i));
        return { ports, nums };
    }

    struct PortQos {
        bool bound = false;
        QosPolicy policy;
        std::string mapName;
    };

    /// `rs` carries no code: RS(544,514) on PAM4 lanes, RS(528,514) on NRZ lanes (model/lanes.h). With
    /// the PORT's lanes (@p lanes > 0) the lane rate decides, else the speed (50G and 200G+ are PAM4).
    Fec fecFromSonic(const std::string& f, BitsPerSecond speed, int lanes)
    {
        if (f == "none")
            return Fec::None;
        if (f == "fc")
            return Fec::FireCode;
        if (f == "rs" && lanes > 0)
            return isPam4Lane(laneRateGbps(speed, lanes)) ? Fec::Rs544 : Fec::Rs528;
        if (f == "rs")
            return speed.value() >= 200'000'000'000LL || speed.value() == 50'000'000'000LL ? Fec::Rs544 : Fec::Rs528;
        return Fec::Rs528;
    }

    void readOne(const SourceText& src, FragmentBuilder& fb, ImportResult& out, Feedback* feedback)
    {
        const json root = parseJson(src);
        if (!root.is_object())
            failJson(src, "", fmt::format("found {}, expected a config_db.json object of tables", describe(root)));
        Ctx c { src, root };
        if (!root.contains("PORT") && !root.contains("DEVICE_METADATA"))
            failJson(src, "", "found neither PORT nor DEVICE_METADATA, expected a SONiC config_db.json");

        // ---- device
        std::string host = std::filesystem::path(src.name).filename().string();
        if (auto d = host.find('.'); d != std::string::npos && d > 0)
            host = host.substr(0, d);
        std::optional<Role> role;
        std::string hwsku, platform, bufferModel;
        if (const json* md = c.table("DEVICE_METADATA")) {
            if (md->contains("localhost")) {
                const json& lh = c.entry(*md, "/DEVICE_METADATA", "localhost");
                const std::string p = "/DEVICE_METADATA/localhost";
                if (auto h = c.field(lh, p, "hostname"); h && !h->empty())
                    host = *h;
                if (auto t = c.field(lh, p, "type"))
                    role = roleFromText(*t == "LeafRouter" ? "spine" : *t == "SpineRouter" ? "superspine" : *t);
                hwsku = c.field(lh, p, "hwsku").value_or("");
                platform = c.field(lh, p, "platform").value_or("");
                bufferModel = c.field(lh, p, "buffer_model").value_or("");
            }
        }
        fb.markSwitch(host); // a config_db.json is a switch's
        Node& self = fb.node(host, role.value_or(Role::Leaf), role.has_value());
        if (!hwsku.empty())
            self.model = hwsku;
        if (!platform.empty())
            self.attributes["sonic.platform"] = platform;
        if (!bufferModel.empty())
            self.attributes["sonic.buffer_model"] = bufferModel;
        self.attributes["sonic.config_db"] = std::filesystem::path(src.name).filename().string();
        // Node references into out.fragment move when nodes are added: re-find by name.
        auto selfNode = [&]() -> Node& { return fb.node(host); };

        // ---- ports
        if (const json* ports = c.table("PORT")) {
            for (auto it = ports->begin(); it != ports->end(); ++it) {
                checkCancelled(feedback);
                const std::string p = Ctx::ptr("/PORT", it.key());
                const json& e = c.entry(*ports, "/PORT", it.key());
                Port& port = fb.port(host, it.key());
                if (auto s = c.field(e, p, "speed")) {
                    port.speed = BitsPerSecond(c.number(*s, Ctx::ptr(p, "speed"), 1, 10'000'000, "the speed in Mb/s as in \"400000\"") * 1'000'000LL);
                }
                if (auto m = c.field(e, p, "mtu"))
                    port.mtu = static_cast<int>(c.number(*m, Ctx::ptr(p, "mtu"), fieldRange(ObjectRef::Kind::Port, "mtu").lo, fieldRange(ObjectRef::Kind::Port, "mtu").hi, "the MTU in bytes"));
                int givenLanes = 0;
                if (auto l = c.field(e, p, "lanes"))
                    port.lanes = givenLanes = std::max<int>(1, static_cast<int>(splitList(*l, ',').size()));
                if (auto f = c.field(e, p, "fec")) {
                    if (*f != "none" && *f != "rs" && *f != "fc" && *f != "auto")
                        c.fail(Ctx::ptr(p, "fec"), fmt::format("found {}, expected one of none, rs, fc, auto", quote(*f)));
                    port.fec = fecFromSonic(*f, port.speed, givenLanes);
                }
                if (auto a = c.field(e, p, "alias"); a && !a->empty())
                    selfNode().attributes["sonic.alias." + it.key()] = *a;
            }
        }

        // ---- neighbours
        std::map<std::string, Role> neighbourRoles;
        if (const json* nm = c.table("DEVICE_NEIGHBOR_METADATA")) {
            for (auto it = nm->begin(); it != nm->end(); ++it) {
                const json& e = c.entry(*nm, "/DEVICE_NEIGHBOR_METADATA", it.key());
                if (auto t = c.field(e, Ctx::ptr("/DEVICE_NEIGHBOR_METADATA", it.key()), "type")) {
                    auto r = roleFromText(*t == "LeafRouter" ? "spine" : *t == "SpineRouter" ? "superspine" : *t);
                    if (r)
                        neighbourRoles[it.key()] = *r;
                }
            }
        }
        if (const json* dn = c.table("DEVICE_NEIGHBOR")) {
            for (auto it = dn->begin(); it != dn->end(); ++it) {
                const std::string p = Ctx::ptr("/DEVICE_NEIGHBOR", it.key());
                const json& e = c.entry(*dn, "/DEVICE_NEIGHBOR", it.key());
                auto name = c.field(e, p, "name");
                auto port = c.field(e, p, "port");
                if (!name || name->empty())
                    c.fail(p, "found a neighbour without \"name\", expected the peer's hostname");
                if (!port || port->empty())
                    c.fail(p, "found a neighbour without \"port\", expected the peer's port name");
                const std::string local = c.field(e, p, "local_port").value_or(it.key());
                auto r = neighbourRoles.find(*name);
                fb.node(*name, r != neighbourRoles.end() ? r->second : Role::Leaf, r != neighbourRoles.end());
                Link l;
                l.medium = Medium::Unknown; // DEVICE_NEIGHBOR does not say copper or optical
                l.a = { host, local };
                l.b = { *name, *port };
                l.origin = LinkOrigin::Discovered;
                l.length = Metres(0);
                auto [line, col] = std::pair<int, int> { 0, 0 };
                fb.link(l, SourceLocation { src.name, line, col, p });
            }
        }
        if (const json* cl = c.table("CABLE_LENGTH")) {
            for (auto it = cl->begin(); it != cl->end(); ++it) {
                const std::string p = Ctx::ptr("/CABLE_LENGTH", it.key());
                const json& e = c.entry(*cl, "/CABLE_LENGTH", it.key());
                for (auto q = e.begin(); q != e.end(); ++q) {
                    auto v = c.field(e, p, q.key().c_str());
                    auto len = v ? lengthFromText(*v) : std::nullopt;
                    if (!len || v->empty() || v->back() != 'm')
                        c.fail(Ctx::ptr(p, q.key()), fmt::format("found {}, expected a cable length as in \"40m\"", v ? quote(*v) : describe(q.value())));
                    auto& rp = out.running.switches[host].ports[q.key()];
                    rp.cableLength = *len;
                    rp.cableLengthText = *v;
                    for (auto& l : out.fragment.links)
                        if ((l.a == Endpoint { host, q.key() }) || (l.b == Endpoint { host, q.key() }))
                            l.length = *len;
                }
            }
        }

        // ---- QoS maps
        auto readMap = [&](const char* tbl, int keyHi, int valHi) {
            std::map<std::string, std::map<int, int>> maps;
            if (const json* t = c.table(tbl)) {
                for (auto it = t->begin(); it != t->end(); ++it) {
                    const std::string p = Ctx::ptr(std::string("/") + tbl, it.key());
                    const json& e = c.entry(*t, std::string("/") + tbl, it.key());
                    auto& m = maps[it.key()];
                    for (auto kv = e.begin(); kv != e.end(); ++kv) {
                        const int k = static_cast<int>(c.number(kv.key(), Ctx::ptr(p, kv.key()), 0, keyHi, keyHi == 63 ? "a DSCP value" : "a traffic class"));
                        auto v = c.field(e, p, kv.key().c_str());
                        m[k] = static_cast<int>(c.number(v.value_or(""), Ctx::ptr(p, kv.key()), 0, valHi, "a number"));
                    }
                }
            }
            return maps;
        };
        const auto dscpMaps = readMap("DSCP_TO_TC_MAP", 63, 7);
        const auto dot1pMaps = readMap("DOT1P_TO_TC_MAP", 7, 7);
        const auto pgMaps = readMap("TC_TO_PRIORITY_GROUP_MAP", 7, 7);
        const auto queueMaps = readMap("TC_TO_QUEUE_MAP", 7, 7);

        // schedulers and WRED profiles
        std::map<std::string, EtsQueue> schedulers;
        if (const json* t = c.table("SCHEDULER")) {
            for (auto it = t->begin(); it != t->end(); ++it) {
                const std::string p = Ctx::ptr("/SCHEDULER", it.key());
                const json& e = c.entry(*t, "/SCHEDULER", it.key());
                EtsQueue q;
                const std::string type = c.field(e, p, "type").value_or("WRR");
                if (type == "STRICT")
                    q.mode = SchedulerMode::Strict;
                else if (type == "DWRR" || type == "WRR")
                    q.mode = SchedulerMode::Dwrr;
                else
                    c.fail(Ctx::ptr(p, "type"), fmt::format("found {}, expected DWRR, WRR or STRICT", quote(type)));
                if (auto w = c.field(e, p, "weight"))
                    q.weight = static_cast<int>(c.number(*w, Ctx::ptr(p, "weight"), 0, 255, "a weight"));
                if (q.mode == SchedulerMode::Strict)
                    q.weight = 0;
                schedulers[it.key()] = q;
            }
        }
        std::map<std::string, EcnProfile> wred;
        if (const json* t = c.table("WRED_PROFILE")) {
            for (auto it = t->begin(); it != t->end(); ++it) {
                const std::string p = Ctx::ptr("/WRED_PROFILE", it.key());
                const json& e = c.entry(*t, "/WRED_PROFILE", it.key());
                EcnProfile ep;
                ep.name = it.key();
                auto num = [&](const char* f) -> long long {
                    auto v = c.field(e, p, f);
                    return v ? c.number(*v, Ctx::ptr(p, f), 0, 1LL << 40, "a number of bytes") : 0;
                };
                ep.kmin = Bytes(num("green_min_threshold"));
                ep.kmax = Bytes(num("green_max_threshold"));
                if (auto v = c.field(e, p, "green_drop_probability"))
                    ep.pmax = static_cast<double>(c.number(*v, Ctx::ptr(p, "green_drop_probability"), 0, 100, "a percentage")) / 100.0;
                if (ep.kmax < ep.kmin)
                    c.fail(Ctx::ptr(p, "green_max_threshold"), fmt::format("found a max threshold {} below the min threshold {}, expected max ≥ min", ep.kmax.value(), ep.kmin.value()));
                const std::string ecn = c.field(e, p, "ecn").value_or("ecn_none");
                ep.queues.clear();
                if (ecn != "ecn_none")
                    wred[it.key()] = ep;
            }
        }
        std::map<std::string, std::string> profilePool, profileXoff;
        if (const json* t = c.table("BUFFER_PROFILE")) {
            for (auto it = t->begin(); it != t->end(); ++it) {
                const std::string p = Ctx::ptr("/BUFFER_PROFILE", it.key());
                const json& e = c.entry(*t, "/BUFFER_PROFILE", it.key());
                profilePool[it.key()] = c.field(e, p, "pool").value_or("");
                profileXoff[it.key()] = c.field(e, p, "xoff").value_or("");
                if (!profilePool[it.key()].empty()) {
                    const json* pools = c.table("BUFFER_POOL");
                    if (pools && !pools->contains(profilePool[it.key()]))
                        c.fail(Ctx::ptr(p, "pool"), fmt::format("found {}, expected the name of a BUFFER_POOL entry", quote(profilePool[it.key()])));
                }
            }
        }

        // ---- per-port bindings
        std::map<std::string, PortQos> qos;
        std::string globalDscp;
        if (const json* t = c.table("PORT_QOS_MAP")) {
            if (t->contains("global"))
                globalDscp = c.field(c.entry(*t, "/PORT_QOS_MAP", "global"), "/PORT_QOS_MAP/global", "dscp_to_tc_map").value_or("");
            for (auto it = t->begin(); it != t->end(); ++it) {
                if (it.key() == "global")
                    continue;
                const std::string p = Ctx::ptr("/PORT_QOS_MAP", it.key());
                const json& e = c.entry(*t, "/PORT_QOS_MAP", it.key());
                for (const auto& portName : splitList(it.key(), ',')) {
                    PortQos& pq = qos[portName];
                    pq.bound = true;
                    QosPolicy& pol = pq.policy;
                    pol.dscpToTc.fill(0);
                    pol.tcToPg.fill(0);
                    for (int i = 0; i < kPriorities; ++i)
                        pol.tcToQueue[static_cast<std::size_t>(i)] = i;
                    auto bindMap = [&](const char* fieldName, const std::map<std::string, std::map<int, int>>& maps, auto&& apply) -> std::string {
                        auto name = c.field(e, p, fieldName);
                        if (!name || name->empty())
                            return {};
                        auto m = maps.find(*name);
                        if (m == maps.end())
                            c.fail(Ctx::ptr(p, fieldName), fmt::format("found {}, expected the name of a map in the matching table", quote(*name)));
                        for (auto [k, v] : m->second)
                            apply(k, v);
                        return *name;
                    };
                    std::string dscpName = bindMap("dscp_to_tc_map", dscpMaps, [&](int k, int v) { pol.dscpToTc[static_cast<std::size_t>(k)] = v; });
                    if (dscpName.empty() && !globalDscp.empty()) {
                        auto m = dscpMaps.find(globalDscp);
                        if (m == dscpMaps.end())
                            c.fail("/PORT_QOS_MAP/global/dscp_to_tc_map", fmt::format("found {}, expected the name of a DSCP_TO_TC_MAP", quote(globalDscp)));
                        for (auto [k, v] : m->second)
                            pol.dscpToTc[static_cast<std::size_t>(k)] = v;
                        dscpName = globalDscp;
                    }
                    const std::string dot1pName = bindMap("dot1p_to_tc_map", dot1pMaps, [](int, int) {});
                    pol.trust = !dscpName.empty() || dot1pName.empty() ? TrustMode::Dscp : TrustMode::Pcp;
                    bindMap("tc_to_pg_map", pgMaps, [&](int k, int v) { pol.tcToPg[static_cast<std::size_t>(k)] = v; });
                    bindMap("tc_to_queue_map", queueMaps, [&](int k, int v) { pol.tcToQueue[static_cast<std::size_t>(k)] = v; });
                    if (auto pfc = c.field(e, p, "pfc_enable")) {
                        std::set<int> prios;
                        for (const auto& x : splitList(*pfc, ','))
                            prios.insert(static_cast<int>(c.number(x, Ctx::ptr(p, "pfc_enable"), 0, 7, "a priority")));
                        pol.losslessPriorities.assign(prios.begin(), prios.end());
                    }
                    pq.mapName = dscpName.empty() ? dot1pName : dscpName;
                    pol.watchdog.enabled = false;
                }
            }
        }
        // QUEUE: schedulers and WRED per queue
        if (const json* t = c.table("QUEUE")) {
            for (auto it = t->begin(); it != t->end(); ++it) {
                const std::string p = Ctx::ptr("/QUEUE", it.key());
                const json& e = c.entry(*t, "/QUEUE", it.key());
                auto [ports, queues] = splitKey(c, it.key(), p, 7);
                auto sched = c.field(e, p, "scheduler");
                auto wp = c.field(e, p, "wred_profile");
                if (sched && !sched->empty() && !schedulers.count(*sched))
                    c.fail(Ctx::ptr(p, "scheduler"), fmt::format("found {}, expected the name of a SCHEDULER entry", quote(*sched)));
                if (wp && !wp->empty()) {
                    const json* wt = c.table("WRED_PROFILE");
                    if (!wt || !wt->contains(*wp))
                        c.fail(Ctx::ptr(p, "wred_profile"), fmt::format("found {}, expected the name of a WRED_PROFILE entry", quote(*wp)));
                }
                for (const auto& portName : ports) {
                    auto pq = qos.find(portName);
                    if (pq == qos.end())
                        continue;
                    QosPolicy& pol = pq->second.policy;
                    for (int q : queues) {
                        if (sched && !sched->empty()) {
                            EtsQueue eq = schedulers[*sched];
                            eq.queue = q;
                            pol.ets.push_back(eq);
                        }
                        if (wp && wred.count(*wp)) {
                            auto f = std::find_if(pol.ecn.begin(), pol.ecn.end(), [&](const EcnProfile& x) { return x.name == *wp; });
                            if (f == pol.ecn.end()) {
                                pol.ecn.push_back(wred[*wp]);
                                f = pol.ecn.end() - 1;
                            }
                            f->queues.push_back(q);
                        }
                    }
                }
            }
        }
        // PFC watchdog
        if (const json* t = c.table("PFC_WD")) {
            for (auto it = t->begin(); it != t->end(); ++it) {
                if (it.key() == "GLOBAL")
                    continue;
                const std::string p = Ctx::ptr("/PFC_WD", it.key());
                const json& e = c.entry(*t, "/PFC_WD", it.key());
                for (const auto& portName : splitList(it.key(), ',')) {
                    auto pq = qos.find(portName);
                    if (pq == qos.end())
                        continue;
                    PfcWatchdog& wd = pq->second.policy.watchdog;
                    wd.enabled = true;
                    if (auto a = c.field(e, p, "action")) {
                        auto act = watchdogActionFromString(*a);
                        if (!act)
                            c.fail(Ctx::ptr(p, "action"), fmt::format("found {}, expected drop, forward or alert", quote(*a)));
                        wd.action = *act;
                    }
                    if (auto d = c.field(e, p, "detection_time"))
                        wd.detection = Nanoseconds(static_cast<double>(c.number(*d, Ctx::ptr(p, "detection_time"), 1, 5000, "a time in ms")) * 1e6);
                    if (auto r = c.field(e, p, "restoration_time"))
                        wd.restoration = Nanoseconds(static_cast<double>(c.number(*r, Ctx::ptr(p, "restoration_time"), 1, 60000, "a time in ms")) * 1e6);
                }
            }
        }
        // Lossless buffers per PG
        if (const json* t = c.table("BUFFER_PG")) {
            RunningSwitchConfig& running = out.running.switches[host];
            running.bufferPgPresent = true;
            for (auto it = t->begin(); it != t->end(); ++it) {
                const std::string p = Ctx::ptr("/BUFFER_PG", it.key());
                const json& e = c.entry(*t, "/BUFFER_PG", it.key());
                auto [ports, pgs] = splitKey(c, it.key(), p, 7);
                const auto profile = c.field(e, p, "profile");
                bool isLossless = false;
                if (!profile || *profile == "NULL" || profile->empty()) {
                    // Dynamic buffer model: a PG without a profile gets headroom computed by buffermgrd.
                    isLossless = bufferModel == "dynamic";
                } else {
                    if (!profilePool.count(*profile))
                        c.fail(Ctx::ptr(p, "profile"), fmt::format("found {}, expected the name of a BUFFER_PROFILE entry", quote(*profile)));
                    isLossless = !profileXoff[*profile].empty() || icontains(profilePool[*profile], "lossless") || icontains(*profile, "lossless");
                }
                for (const auto& port : ports)
                    for (int pg : pgs) {
                        auto& rp = running.ports[port];
                        if (isLossless)
                            rp.losslessPgs.insert(pg);
                        if (profile)
                            rp.pgProfiles[pg] = *profile;
                    }
            }
        }
        // Policies: identical per-port policies are shared; each port gets an override.
        std::vector<QosPolicy> made;
        for (auto& [portName, pq] : qos) {
            QosPolicy& pol = pq.policy;
            std::sort(pol.ets.begin(), pol.ets.end(), [](const EtsQueue& a, const EtsQueue& b) { return a.queue < b.queue; });
            for (auto& ep : pol.ecn)
                std::sort(ep.queues.begin(), ep.queues.end());
            std::set<int> used;
            for (int v : pol.dscpToTc)
                used.insert(v);
            pol.classes.clear();
            for (int tc : used)
                pol.classes.push_back({ tc, fmt::format("tc{}", tc) });
            pol.description = fmt::format("running QoS of {} from {}", host, std::filesystem::path(src.name).filename().string());
            const std::string base = fmt::format("{}:{}", host, pq.mapName.empty() ? "qos" : pq.mapName);
            std::string chosen;
            for (const auto& m : made) {
                QosPolicy probe = pol;
                probe.name = m.name;
                if (probe == m) {
                    chosen = m.name;
                    break;
                }
            }
            if (chosen.empty()) {
                chosen = base;
                for (int k = 2; std::any_of(made.begin(), made.end(), [&](const QosPolicy& m) { return m.name == chosen; }); ++k)
                    chosen = fmt::format("{}-{}", base, k);
                pol.name = chosen;
                made.push_back(pol);
            }
            fb.port(host, portName);
            out.fragment.overrides.push_back({ { host, portName }, chosen });
        }
        for (auto& m : made)
            out.fragment.policies.push_back(std::move(m));
    }

    class SonicImporter : public Importer {
    public:
        std::string id() const override { return "sonic"; }
        std::string description() const override
        {
            return "SONiC config_db.json per switch: ports, neighbours, cable lengths, and the QoS policy (maps, PFC, buffers, WRED, schedulers, watchdog)";
        }
        std::string inputs() const override { return "config_db.json files (one per switch)"; }

        ImportResult readTexts(const std::vector<SourceText>& sources, Feedback* feedback) const override
        {
            ImportResult out;
            out.knownFields = { known::kPortSpeed, known::kPortMtu, known::kPortFec, known::kQos, known::kNodeRole };
            FragmentBuilder fb(out);
            bool anyLength = false;
            for (const auto& src : sources) {
                checkCancelled(feedback);
                readOne(src, fb, out, feedback);
                anyLength |= src.text.find("\"CABLE_LENGTH\"") != std::string::npos;
            }
            if (anyLength)
                out.knownFields.insert(known::kLinkLength);
            fb.finish();
            return out;
        }
    };
} // namespace

std::unique_ptr<Importer> makeSonicImporter() { return std::make_unique<SonicImporter>(); }

} // namespace lfp
