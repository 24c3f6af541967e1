// SPDX-License-Identifier: GPL-3.0-or-later
// The one reader of `ibnetdiscover` text output (infiniband-diags, ibnetdiscover(8)): node records
// (Switch / Ca / Rt headers with their connected ports), GUIDs, vendor and device ids, LIDs, active
// width × speed. `lfp import ibnetdiscover` (ibnetdiscover.cpp) and the LFT credit-loop analysis
// (ibdump.cpp readIbnetdiscover) both build on it, each with its own naming rule.
#include "ibnetdiscoverparse.h"
#include "readutil.h"

#include <fmt/format.h>

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

    [[noreturn]] void bad(const std::string& file, int line, std::size_t col, const std::string& what)
    {
        failAtLine(file, line, static_cast<int>(col) + 1, what);
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

} // namespace

void parseIbnetdiscover(const std::string& file, std::string_view text, IbndRecords& out, Feedback* feedback, std::size_t doneBefore,
    std::size_t total)
{
    auto& recs = out.nodes;
    auto& byId = out.byId;
    std::size_t off = 0;
    int lineNo = 0;
    IbndNode* cur = nullptr;
    std::uint64_t pendingGuid = 0;
    std::uint32_t pendingVendor = 0, pendingDevice = 0;
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
                bad(file, lineNo, start, "found a port line outside a node record, expected a node header (Switch|Ca|Rt <ports> \"<id>\") before it");
            ++c.pos;
            auto lp = c.number();
            if (!lp || !c.eat(']'))
                bad(file, lineNo, c.pos, fmt::format("found {}, expected a local port number and ']' as in [1]", quote(line.substr(start, 12))));
            IbndPeer pr;
            pr.localPort = static_cast<int>(*lp);
            pr.line = lineNo;
            if (pr.localPort < 0 || pr.localPort > cur->ports)
                bad(file, lineNo, start + 1, fmt::format("found port {}, expected 0..{} for this {}-port node", pr.localPort, cur->ports, cur->ports));
            // optional (portguid) and [ext N]
            c.ws();
            if (c.pos < line.size() && line[c.pos] == '(') {
                auto close = line.find(')', c.pos);
                if (close == std::string_view::npos)
                    bad(file, lineNo, c.pos, "found '(' without ')', expected a port GUID as in (100001)");
                auto g = parseHex(line.substr(c.pos + 1, close - c.pos - 1));
                if (!g)
                    bad(file, lineNo, c.pos + 1, fmt::format("found {}, expected a hexadecimal port GUID", quote(line.substr(c.pos + 1, close - c.pos - 1))));
                pr.localPortGuid = *g;
                c.pos = close + 1;
            }
            c.ws();
            if (c.pos < line.size() && line[c.pos] == '[') { // [ext N]
                auto close = line.find(']', c.pos);
                if (close == std::string_view::npos)
                    bad(file, lineNo, c.pos, "found '[' without ']', expected [ext N]");
                c.pos = close + 1;
            }
            const std::size_t idCol = (c.ws(), c.pos);
            auto peer = c.quoted();
            if (!peer || peer->size() < 3 || (*peer)[1] != '-')
                bad(file, lineNo, idCol, fmt::format("found {}, expected the quoted peer id as in \"S-0008f10400410015\"", quote(line.substr(idCol, 24))));
            pr.id = std::string(*peer);
            if (!c.eat('['))
                bad(file, lineNo, c.pos, fmt::format("found {}, expected the peer port as in [1]", quote(line.substr(c.pos, 8))));
            auto rp = c.number();
            if (!rp || !c.eat(']') || *rp < 0 || *rp > 255)
                bad(file, lineNo, c.pos, "found a bad peer port, expected a number 0..255 and ']' as in [1]");
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
                    bad(file, lineNo, c.pos, "found a bad port count, expected 1..255 after the node type");
                const std::size_t idCol = (c.ws(), c.pos);
                auto idv = c.quoted();
                if (!idv || idv->empty())
                    bad(file, lineNo, idCol, fmt::format("found {}, expected the quoted node id as in \"S-0008f10400410015\"", quote(line.substr(idCol, 24))));
                IbndNode r;
                r.id = std::string(*idv);
                r.type = type;
                r.ports = static_cast<int>(*n);
                r.line = lineNo;
                r.guid = pendingGuid;
                r.vendorId = pendingVendor;
                r.deviceId = pendingDevice;
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
                    bad(file, lineNo, idCol + 1, fmt::format("found the node id \"{}\" a second time (first on line {}), expected each node once", r.id, recs[byId[r.id]].line));
                byId.emplace(r.id, recs.size());
                recs.push_back(std::move(r));
                cur = &recs.back();
                pendingGuid = 0;
                pendingVendor = pendingDevice = 0;
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
                    bad(file, lineNo, eq + 1, fmt::format("found {}, expected a hexadecimal GUID as in 0x5442ba00003080", quote(val)));
                pendingGuid = *g;
            } else if (key == "vendid" || key == "devid") {
                if (auto v = parseHex(val))
                    (key == "vendid" ? pendingVendor : pendingDevice) = static_cast<std::uint32_t>(*v);
            }
            continue;
        }
        if (startsWith(line.substr(start), "Chassis") || startsWith(line.substr(start), "Non-Chassis") || startsWith(line.substr(start), "Spine")
            || startsWith(line.substr(start), "Line"))
            continue; // ibnetdiscover -g grouping lines
        bad(file, lineNo, start,
            fmt::format("found {}, expected a node header (Switch|Ca|Rt <ports> \"<id>\"), a port line ([1] \"<peer id>\"[1]), key=value or a # comment",
                quote(line.substr(start, 24))));
    }
    if (!sawNode && !trim(text).empty())
        throw InputError(SourceLocation { file, 1, 1, {} }, "found no node record, expected ibnetdiscover output (Switch/Ca headers)");
}

} // namespace lfp
