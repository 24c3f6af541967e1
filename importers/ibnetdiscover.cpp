// SPDX-License-Identifier: GPL-3.0-or-later
// `lfp import ibnetdiscover`: the records of ibnetdiscoverparse.h as a fabric fragment, nodes named
// after their descriptions.
#include "ibcommon.h"
#include "ibnetdiscoverparse.h"
#include "readutil.h"

#include <fmt/format.h>
#include <unordered_map>

namespace lfp {
namespace {
    using namespace imp;

    class IbnetdiscoverImporter : public Importer {
    public:
        std::string id() const override { return "ibnetdiscover"; }
        std::string description() const override
        {
            return "InfiniBand topology from `ibnetdiscover` text output: switches, HCAs, ports, GUIDs, LIDs, width/speed";
        }
        std::string inputs() const override { return "text output of `ibnetdiscover` (with or without -g)"; }

        ImportResult readTexts(const std::vector<SourceText>& sources, Feedback* feedback) const override
        {
            IbndRecords parsed;
            std::size_t total = 0, done = 0;
            for (const auto& s : sources)
                total += s.text.size();
            for (const auto& src : sources) {
                parseIbnetdiscover(src.name, src.text, parsed, feedback, done, total);
                done += src.text.size();
            }
            return build(parsed.nodes, parsed.byId, sources.empty() ? std::string() : sources.front().name);
        }

    private:
        static ImportResult build(const std::vector<IbndNode>& recs, const std::unordered_map<std::string, std::size_t>& byId, const std::string& file)
        {
            ImportResult out;
            out.knownFields = { known::kPortSpeed, known::kNodeGuid };
            FragmentBuilder fb(out);
            // Names: the node description when unique ("leaf01"), else the id ("S-0000000000200002").
            // A CA described "host mlx5_0" is host "host" with ports "mlx5_0/1".
            std::map<std::string, int> descCount;
            std::vector<std::pair<std::string, std::string>> nameOf(recs.size()); // node, port prefix
            for (const auto& r : recs)
                if (!r.desc.empty())
                    ++descCount[r.desc];
            for (std::size_t i = 0; i < recs.size(); ++i) {
                const auto& r = recs[i];
                auto [host, dev] = ib::splitHostDevice(r.desc, r.type == 'H');
                if (r.desc.empty() || descCount[r.desc] > 1)
                    nameOf[i] = { r.id, {} };
                else
                    nameOf[i] = { host, dev };
            }
            auto portName = [&](std::size_t i, int port) {
                return nameOf[i].second.empty() ? std::to_string(port) : nameOf[i].second + "/" + std::to_string(port);
            };
            for (std::size_t i = 0; i < recs.size(); ++i) {
                const auto& r = recs[i];
                Node& n = fb.node(nameOf[i].first, r.type == 'H' ? Role::Host : Role::Leaf, r.type == 'H');
                if (r.type != 'H' || nameOf[i].second.empty())
                    n.guid = r.guid;
                n.attributes["ib.type"] = r.type == 'S' ? "switch" : r.type == 'H' ? "ca" : "router";
                if (r.type != 'H')
                    fb.markSwitch(nameOf[i].first);
                if (!r.desc.empty())
                    n.attributes[nameOf[i].second.empty() ? "ib.description" : "ib.description." + nameOf[i].second] = r.desc;
                if (r.type == 'S' && r.deviceId) { // vendid= / devid= lines: the ASIC is inferred from them (planner/buffer/asicinference.h)
                    n.attributes["ib.vendor_id"] = fmt::format("0x{:06x}", r.vendorId);
                    n.attributes["ib.device_id"] = fmt::format("0x{:04x}", r.deviceId);
                }
                if (r.type == 'S') {
                    n.attributes["ib.ports"] = std::to_string(r.ports);
                    if (r.lid)
                        n.attributes["ib.lid"] = std::to_string(*r.lid);
                }
                if (!nameOf[i].second.empty())
                    n.attributes["ib.guid." + nameOf[i].second] = fmt::format("0x{:016x}", r.guid);
                for (const auto& [p, lid] : r.portLids)
                    n.attributes["ib.lid." + portName(i, p)] = std::to_string(lid);
                for (const auto& [p, g] : r.portGuids)
                    n.attributes["ib.portguid." + portName(i, p)] = fmt::format("0x{:016x}", g);
            }
            for (std::size_t i = 0; i < recs.size(); ++i) {
                const auto& r = recs[i];
                for (const auto& pr : r.peers) {
                    const SourceLocation where { file, pr.line, 0, {} };
                    auto it = byId.find(pr.id);
                    std::string peerNode, peerPort;
                    if (it == byId.end()) {
                        peerNode = pr.id;
                        peerPort = std::to_string(pr.port);
                        if (!fb.hasNode(peerNode)) {
                            Node& pn = fb.node(peerNode, pr.id[0] == 'H' ? Role::Host : Role::Leaf, pr.id[0] == 'H');
                            if (pr.id[0] != 'H')
                                fb.markSwitch(peerNode);
                            if (auto g = parseHex(std::string_view(pr.id).substr(2)))
                                pn.guid = *g;
                            fb.warn(where, fmt::format("the peer \"{}\" has no node record in the input; added with what this line says", pr.id));
                        }
                    } else {
                        if (pr.port > recs[it->second].ports) {
                            fb.warn(where, fmt::format("\"{}\" has {} ports, the link names its port {}; left out", pr.id, recs[it->second].ports, pr.port));
                            continue;
                        }
                        peerNode = nameOf[it->second].first;
                        peerPort = portName(it->second, pr.port);
                    }
                    const Endpoint a { nameOf[i].first, portName(i, pr.localPort) };
                    const Endpoint b { peerNode, peerPort };
                    Link l;
                    l.a = a;
                    l.b = b;
                    l.origin = LinkOrigin::Discovered;
                    l.medium = Medium::Unknown; // ibnetdiscover does not say copper or optical
                    l.length = Metres(0);
                    fb.link(l, where);
                    if (auto sp = ib::speedOf(pr.width)) {
                        for (const auto& e : { a, b }) {
                            Port& p = fb.port(e.node, e.port);
                            p.speed = sp->first;
                            p.lanes = sp->second;
                            p.mtu = 4096;
                            p.fec = Fec::Unknown; // ibnetdiscover reports no FEC mode: unknown, not "none"
                        }
                    }
                }
            }
            fb.finish();
            return out;
        }
    };
} // namespace

std::unique_ptr<Importer> makeIbnetdiscoverImporter() { return std::make_unique<IbnetdiscoverImporter>(); }

} // namespace lfp
