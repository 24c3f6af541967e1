// SPDX-License-Identifier: GPL-3.0-or-later
// `ibnetdiscover` text output (infiniband-diags): node records (Switch / Ca / Rt headers with their
// connected ports), GUIDs, LIDs, active width × speed.
#include "ibcommon.h"
#include "readutil.h"

#include <fmt/format.h>
#include <unordered_map>

namespace lfp {
namespace {
    using namespace imp;

    struct Cursor {
        std::string_view line;
        std::size_t pos = 0;
        void ws()
        {
            while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t' || line[pos] == '\r'))
                ++pos;
        }
        bool eat(char c)
        {
            ws();
            if (pos < line.size() && line[pos] == c) {
                ++pos;
                return true;
            }
            return false;
        }
        bool done()
        {
            ws();
            return pos >= line.size() || line[pos] == '#';
        }
        std::optional<long long> number()
        {
            ws();
            std::size_t s = pos;
            while (pos < line.size() && std::isdigit(static_cast<unsigned char>(line[pos])))
                ++pos;
            if (s == pos || pos - s > 9)
                return std::nullopt;
            return parseInt(line.substr(s, pos - s));
        }
        std::optional<std::string_view> quoted()
        {
            ws();
            if (pos >= line.size() || line[pos] != '"')
                return std::nullopt;
            auto end = line.find('"', pos + 1);
            if (end == std::string_view::npos)
                return std::nullopt;
            auto r = line.substr(pos + 1, end - pos - 1);
            pos = end + 1;
            return r;
        }
        std::string_view word()
        {
            ws();
            std::size_t s = pos;
            while (pos < line.size() && line[pos] != ' ' && line[pos] != '\t' && line[pos] != '\r')
                ++pos;
            return line.substr(s, pos - s);
        }
        std::string_view comment()
        {
            auto h = line.find('#', pos);
            return h == std::string_view::npos ? std::string_view() : line.substr(h + 1);
        }
    };

    struct PeerRef {
        std::string id; ///< "S-0000000000200002"
        int port = 0;
        int localPort = 0;
        std::optional<std::uint64_t> localPortGuid;
        std::string width; ///< "4xHDR"
        int line = 0;
    };

    struct NodeRec {
        std::string id;
        char type = 'S'; ///< S, H (Ca), R
        int ports = 0;
        std::string desc;
        std::uint64_t guid = 0;
        std::optional<int> lid;
        std::map<int, int> portLids;
        std::map<int, std::uint64_t> portGuids;
        std::vector<PeerRef> peers;
        int line = 0;
    };

    [[noreturn]] void bad(const SourceText& src, int line, std::size_t col, const std::string& what)
    {
        failAtLine(src.name, line, static_cast<int>(col) + 1, what);
    }

    // Reads the comment of a port line: [own "lid N lmc M"] ["peer desc"] "lid N" "4xHDR".
    std::string widthFrom(std::string_view comment)
    {
        // The last word of the form <digits>x<letters/digits>.
        std::string best;
        std::size_t i = 0;
        while (i < comment.size()) {
            while (i < comment.size() && (comment[i] == ' ' || comment[i] == '\t'))
                ++i;
            std::size_t s = i;
            while (i < comment.size() && comment[i] != ' ' && comment[i] != '\t')
                ++i;
            auto w = comment.substr(s, i - s);
            auto x = w.find('x');
            if (x != std::string_view::npos && x > 0 && x < w.size() - 1 && std::isdigit(static_cast<unsigned char>(w[0])))
                best = std::string(w);
        }
        return best;
    }

    std::optional<int> ownLidFrom(std::string_view comment)
    {
        // CA port lines: `# lid 8 lmc 0 "leaf02" lid 5 4xQDR` — the own LID comes before the quote.
        auto q = comment.find('"');
        auto head = comment.substr(0, q);
        auto l = head.find("lid ");
        if (l == std::string_view::npos)
            return std::nullopt;
        Cursor c { head, l + 4 };
        auto n = c.number();
        if (!n)
            return std::nullopt;
        return static_cast<int>(*n);
    }

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
            std::vector<NodeRec> recs;
            std::unordered_map<std::string, std::size_t> byId;
            std::size_t total = 0, done = 0;
            for (const auto& s : sources)
                total += s.text.size();
            for (const auto& src : sources) {
                parseOne(src, recs, byId, feedback, done, total);
                done += src.text.size();
            }
            return build(recs, byId, sources.empty() ? std::string() : sources.front().name);
        }

    private:
        static void parseOne(const SourceText& src, std::vector<NodeRec>& recs, std::unordered_map<std::string, std::size_t>& byId,
            Feedback* feedback, std::size_t doneBefore, std::size_t total)
        {
            std::string_view text = src.text;
            std::size_t off = 0;
            int lineNo = 0;
            NodeRec* cur = nullptr;
            std::uint64_t pendingGuid = 0;
            bool sawNode = false;
            while (off <= text.size()) {
                auto nl = text.find('\n', off);
                if (nl == std::string_view::npos)
                    nl = text.size();
                std::string_view line = text.substr(off, nl - off);
                ++lineNo;
                if ((lineNo & 4095) == 0 && feedback) {
                    checkCancelled(feedback);
                    if (total > 0)
                        feedback->setProgress(90.0 * static_cast<double>(doneBefore + off) / static_cast<double>(total));
                }
                off = nl + 1;
                Cursor c { line };
                c.ws();
                if (c.done()) {
                    if (c.pos >= line.size())
                        cur = nullptr; // a blank line ends a node record
                    if (nl >= text.size())
                        break;
                    continue;
                }
                const std::size_t start = c.pos;
                const char first = line[start];
                if (first == '[') {
                    if (!cur)
                        bad(src, lineNo, start, "found a port line outside a node record, expected a node header (Switch|Ca|Rt <ports> \"<id>\") before it");
                    ++c.pos;
                    auto lp = c.number();
                    if (!lp || !c.eat(']'))
                        bad(src, lineNo, c.pos, fmt::format("found {}, expected a local port number and ']' as in [1]", quote(line.substr(start, 12))));
                    PeerRef pr;
                    pr.localPort = static_cast<int>(*lp);
                    pr.line = lineNo;
                    if (pr.localPort < 0 || pr.localPort > cur->ports)
                        bad(src, lineNo, start + 1, fmt::format("found port {}, expected 0..{} for this {}-port node", pr.localPort, cur->ports, cur->ports));
                    // optional (portguid) and [ext N]
                    c.ws();
                    if (c.pos < line.size() && line[c.pos] == '(') {
                        auto close = line.find(')', c.pos);
                        if (close == std::string_view::npos)
                            bad(src, lineNo, c.pos, "found '(' without ')', expected a port GUID as in (100001)");
                        auto g = parseHex(line.substr(c.pos + 1, close - c.pos - 1));
                        if (!g)
                            bad(src, lineNo, c.pos + 1, fmt::format("found {}, expected a hexadecimal port GUID", quote(line.substr(c.pos + 1, close - c.pos - 1))));
                        pr.localPortGuid = *g;
                        c.pos = close + 1;
                    }
                    c.ws();
                    if (c.pos < line.size() && line[c.pos] == '[') { // [ext N]
                        auto close = line.find(']', c.pos);
                        if (close == std::string_view::npos)
                            bad(src, lineNo, c.pos, "found '[' without ']', expected [ext N]");
                        c.pos = close + 1;
                    }
                    const std::size_t idCol = (c.ws(), c.pos);
                    auto peer = c.quoted();
                    if (!peer || peer->size() < 3 || (*peer)[1] != '-')
                        bad(src, lineNo, idCol, fmt::format("found {}, expected the quoted peer id as in \"S-0008f10400410015\"", quote(line.substr(idCol, 24))));
                    pr.id = std::string(*peer);
                    if (!c.eat('['))
                        bad(src, lineNo, c.pos, fmt::format("found {}, expected the peer port as in [1]", quote(line.substr(c.pos, 8))));
                    auto rp = c.number();
                    if (!rp || !c.eat(']') || *rp < 0 || *rp > 255)
                        bad(src, lineNo, c.pos, "found a bad peer port, expected a number 0..255 and ']' as in [1]");
                    pr.port = static_cast<int>(*rp);
                    auto comment = c.comment();
                    pr.width = widthFrom(comment);
                    if (cur->type == 'H' || cur->type == 'R') {
                        if (auto l = ownLidFrom(comment))
                            cur->portLids[pr.localPort] = *l;
                    }
                    if (pr.localPortGuid)
                        cur->portGuids[pr.localPort] = *pr.localPortGuid;
                    cur->peers.push_back(std::move(pr));
                    continue;
                }
                if (first == 'S' || first == 'C' || first == 'R') {
                    auto kw = c.word();
                    char type = 0;
                    if (kw == "Switch")
                        type = 'S';
                    else if (kw == "Ca")
                        type = 'H';
                    else if (kw == "Rt")
                        type = 'R';
                    if (type) {
                        auto n = c.number();
                        if (!n || *n < 1 || *n > 255)
                            bad(src, lineNo, c.pos, "found a bad port count, expected 1..255 after the node type");
                        const std::size_t idCol = (c.ws(), c.pos);
                        auto idv = c.quoted();
                        if (!idv || idv->empty())
                            bad(src, lineNo, idCol, fmt::format("found {}, expected the quoted node id as in \"S-0008f10400410015\"", quote(line.substr(idCol, 24))));
                        NodeRec r;
                        r.id = std::string(*idv);
                        r.type = type;
                        r.ports = static_cast<int>(*n);
                        r.line = lineNo;
                        r.guid = pendingGuid;
                        if (r.guid == 0 && r.id.size() > 2 && r.id[1] == '-')
                            if (auto g = parseHex(std::string_view(r.id).substr(2)))
                                r.guid = *g;
                        auto comment = c.comment();
                        {
                            Cursor cc { comment };
                            if (auto d = cc.quoted())
                                r.desc = std::string(trim(*d));
                            auto lp = comment.find(" lid ");
                            if (lp != std::string_view::npos) {
                                Cursor cl { comment, lp + 5 };
                                if (auto l = cl.number())
                                    r.lid = static_cast<int>(*l);
                            }
                        }
                        if (byId.count(r.id))
                            bad(src, lineNo, idCol + 1, fmt::format("found the node id \"{}\" a second time (first on line {}), expected each node once", r.id, recs[byId[r.id]].line));
                        byId.emplace(r.id, recs.size());
                        recs.push_back(std::move(r));
                        cur = &recs.back();
                        pendingGuid = 0;
                        sawNode = true;
                        continue;
                    }
                    c.pos = start;
                }
                // key=value lines (vendid, devid, sysimgguid, switchguid, caguid, rtguid) and -g chassis lines.
                auto eq = line.find('=', start);
                if (eq != std::string_view::npos) {
                    auto key = trim(line.substr(start, eq - start));
                    auto val = trim(line.substr(eq + 1));
                    if (key == "switchguid" || key == "caguid" || key == "rtguid") {
                        auto paren = val.find('(');
                        auto g = parseHex(val.substr(0, paren));
                        if (!g)
                            bad(src, lineNo, eq + 1, fmt::format("found {}, expected a hexadecimal GUID as in 0x5442ba00003080", quote(val)));
                        pendingGuid = *g;
                    }
                    continue;
                }
                if (startsWith(line.substr(start), "Chassis") || startsWith(line.substr(start), "Non-Chassis") || startsWith(line.substr(start), "Spine")
                    || startsWith(line.substr(start), "Line"))
                    continue; // ibnetdiscover -g grouping lines
                bad(src, lineNo, start,
                    fmt::format("found {}, expected a node header (Switch|Ca|Rt <ports> \"<id>\"), a port line ([1] \"<peer id>\"[1]), key=value or a # comment",
                        quote(line.substr(start, 24))));
            }
            if (!sawNode && !trim(text).empty())
                throw InputError(SourceLocation { src.name, 1, 1, {} }, "found no node record, expected ibnetdiscover output (Switch/Ca headers)");
        }

        static ImportResult build(const std::vector<NodeRec>& recs, const std::unordered_map<std::string, std::size_t>& byId, const std::string& file)
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
                            p.fec = Fec::None;
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
