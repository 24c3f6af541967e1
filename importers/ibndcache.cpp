// SPDX-License-Identifier: GPL-3.0-or-later
// `ibnetdiscover --cache FILE` fabric caches, loaded with rdma-core's libibnetdisc (ibnd_load_fabric).
// libibnetdisc trusts the file (a port number beyond a node's port count writes past an array), so the
// cache is first checked here against the layout libibnetdisc writes (ibnetdisc_cache.c) and only a
// consistent file is handed to it.
#include "ibcommon.h"
#include "readutil.h"

#include "model/fabricjson.h"

#include <fmt/format.h>
#include <set>

#ifdef LFP_HAVE_IBNETDISC
#include <infiniband/ibnetdisc.h>
#include <infiniband/mad.h>
#endif

namespace lfp {
namespace {
    using namespace imp;

    constexpr std::uint32_t kMagic = 0x8FE7832B;
    constexpr std::uint32_t kVersion = 1;
    constexpr std::size_t kSmp = 64; // IB_SMP_DATA_SIZE
    constexpr std::size_t kHeaderLen = 28;
    constexpr std::size_t kNodeHeaderLen = 15 + kSmp * 3;
    constexpr std::size_t kPortKeyLen = 9;
    constexpr std::size_t kPortLen = 31 + kSmp;

    struct Reader {
        const SourceText& src;
        std::size_t pos = 0;
        [[noreturn]] void fail(const std::string& what) const
        {
            throw InputError(SourceLocation { src.name, 0, 0, fmt::format("byte {}", pos) }, what);
        }
        void need(std::size_t n, const char* what) const
        {
            if (src.text.size() - pos < n || pos > src.text.size())
                fail(fmt::format("found the end of the file ({} bytes), expected {} ({} more bytes)", src.text.size(), what, n));
        }
        std::uint64_t le(std::size_t n)
        {
            std::uint64_t v = 0;
            for (std::size_t i = 0; i < n; ++i)
                v |= static_cast<std::uint64_t>(static_cast<unsigned char>(src.text[pos + i])) << (8 * i);
            pos += n;
            return v;
        }
    };

    /// Checks that libibnetdisc can load the cache safely; throws InputError naming the byte offset.
    void validateCache(const SourceText& src)
    {
        Reader r { src };
        r.need(kHeaderLen, "the 28-byte cache header");
        if (r.le(4) != kMagic) {
            r.pos = 0;
            r.fail("found no ibnetdiscover cache magic number (0x8fe7832b), expected a file written by `ibnetdiscover --cache`");
        }
        if (auto v = r.le(4); v != kVersion) {
            r.pos = 4;
            r.fail(fmt::format("found cache version {}, expected version 1", v));
        }
        const auto nodeCount = r.le(4);
        const auto portCount = r.le(4);
        r.pos = kHeaderLen;
        if (nodeCount == 0)
            r.fail("found a cache with no node, expected at least one");
        if (nodeCount > src.text.size() / kNodeHeaderLen || portCount > src.text.size() / kPortLen)
            r.fail(fmt::format("found {} nodes and {} ports in the header, more than a file of {} bytes can hold", nodeCount, portCount, src.text.size()));
        r.pos = 16;
        const auto fromNode = r.le(8);
        r.pos = kHeaderLen;
        std::map<std::uint64_t, int> numPorts; // node guid -> numports
        std::map<std::pair<std::uint64_t, int>, std::uint64_t> keys; // ports the nodes list -> listing node
        for (std::uint64_t n = 0; n < nodeCount; ++n) {
            r.need(kNodeHeaderLen, "a node record");
            const std::size_t start = r.pos;
            r.pos = start + 4 + kSmp;
            const auto guid = r.le(8);
            const auto type = r.le(1);
            const auto ports = static_cast<int>(r.le(1));
            r.pos = start + kNodeHeaderLen - 1;
            const auto stored = static_cast<int>(r.le(1));
            if (type < 1 || type > 3) {
                r.pos = start + 12 + kSmp;
                r.fail(fmt::format("found node type {}, expected 1 (CA), 2 (switch) or 3 (router)", type));
            }
            if (!numPorts.emplace(guid, ports).second) {
                r.pos = start + 4 + kSmp;
                r.fail(fmt::format("found node GUID 0x{:016x} a second time, expected each node once", guid));
            }
            r.need(kPortKeyLen * static_cast<std::size_t>(stored), "the node's port list");
            for (int k = 0; k < stored; ++k) {
                const auto pg = r.le(8);
                const auto pn = static_cast<int>(r.le(1));
                if (pn > ports) {
                    r.pos -= 1;
                    r.fail(fmt::format("found port {} on a node with {} ports, expected 0..{}", pn, ports, ports));
                }
                if (!keys.emplace(std::make_pair(pg, pn), guid).second) {
                    r.pos -= 9;
                    r.fail(fmt::format("found port 0x{:016x}/{} listed twice, expected each port once", pg, pn));
                }
            }
        }
        if (!numPorts.count(fromNode)) {
            r.pos = 16;
            r.fail(fmt::format("found the discovery node 0x{:016x}, which has no node record", fromNode));
        }
        std::set<std::pair<std::uint64_t, int>> portsSeen;
        std::map<std::pair<std::uint64_t, int>, std::pair<std::uint64_t, int>> remoteOf;
        std::vector<std::pair<std::size_t, std::pair<std::uint64_t, int>>> remotes;
        for (std::uint64_t p = 0; p < portCount; ++p) {
            r.need(kPortLen, "a port record");
            const std::size_t start = r.pos;
            const auto guid = r.le(8);
            const auto num = static_cast<int>(r.le(1));
            r.pos = start + 12;
            if (const auto lmc = r.le(1); lmc > 7) {
                r.pos = start + 12;
                // libibnetdisc indexes 2^LMC LIDs per port: LMC 24 is 16 million entries per port.
                r.fail(fmt::format("found LMC {}, expected 0..7", lmc));
            }
            r.pos = start + 13 + kSmp;
            const auto owner = r.le(8);
            const auto hasRemote = r.le(1);
            const auto rguid = r.le(8);
            const auto rnum = static_cast<int>(r.le(1));
            auto it = numPorts.find(owner);
            if (it == numPorts.end()) {
                r.pos = start + 13 + kSmp;
                r.fail(fmt::format("found a port owned by node 0x{:016x}, which has no node record", owner));
            }
            if (num > it->second) {
                r.pos = start + 8;
                r.fail(fmt::format("found port number {} on a node with {} ports", num, it->second));
            }
            if (!portsSeen.emplace(guid, num).second) {
                r.pos = start;
                r.fail(fmt::format("found port 0x{:016x}/{} a second time, expected each port once", guid, num));
            }
            // The node that lists this port must be its owner (libibnetdisc links them both ways).
            if (auto k = keys.find({ guid, num }); k == keys.end() || k->second != owner) {
                r.pos = start;
                r.fail(k == keys.end() ? fmt::format("found port 0x{:016x}/{} that no node lists, expected every port in its node's list", guid, num)
                                       : fmt::format("found port 0x{:016x}/{} owned by node 0x{:016x} but listed by node 0x{:016x}", guid, num, owner, k->second));
            }
            if (hasRemote) {
                remotes.push_back({ start + 22 + kSmp, { rguid, rnum } });
                remoteOf[{ guid, num }] = { rguid, rnum };
            }
        }
        if (r.pos != src.text.size())
            r.fail(fmt::format("found {} bytes after the last port record, expected the end of the file", src.text.size() - r.pos));
        for (const auto& [k, node] : keys)
            if (!portsSeen.count(k)) {
                r.pos = kHeaderLen;
                r.fail(fmt::format("a node lists port 0x{:016x}/{}, which has no port record", k.first, k.second));
            }
        for (const auto& [at, k] : remotes)
            if (!portsSeen.count(k)) {
                r.pos = at;
                r.fail(fmt::format("found a link to port 0x{:016x}/{}, which has no port record", k.first, k.second));
            }
        // Links are symmetric: if A's peer is B, B's peer is A (and nobody links to itself).
        for (const auto& [a, b] : remoteOf) {
            auto back = remoteOf.find(b);
            if (a == b || back == remoteOf.end() || back->second != a) {
                r.pos = kHeaderLen;
                r.fail(fmt::format("port 0x{:016x}/{} names 0x{:016x}/{} as its peer, which does not name it back", a.first, a.second, b.first, b.second));
            }
        }
    }

#ifdef LFP_HAVE_IBNETDISC
    std::string widthSpeed(ibnd_port_t* p)
    {
        const auto width = mad_get_field(p->info, 0, IB_PORT_LINK_WIDTH_ACTIVE_F);
        const auto speed = mad_get_field(p->info, 0, IB_PORT_LINK_SPEED_ACTIVE_F);
        const auto ext = mad_get_field(p->info, 0, IB_PORT_LINK_SPEED_EXT_ACTIVE_F);
        int w = width == 1 ? 1 : width == 2 ? 4 : width == 4 ? 8 : width == 8 ? 12 : width == 16 ? 2 : 0;
        const char* s = nullptr;
        if (ext == 1)
            s = "FDR";
        else if (ext == 2)
            s = "EDR";
        else if (ext == 4)
            s = "HDR";
        else if (ext == 8)
            s = "NDR";
        else if (speed == 1)
            s = "SDR";
        else if (speed == 2)
            s = "DDR";
        else if (speed == 4)
            s = "QDR";
        if (!w || !s)
            return {};
        return fmt::format("{}x{}", w, s);
    }
#endif

    class IbndCacheImporter : public Importer {
    public:
        std::string id() const override { return "ibnd-cache"; }
        std::string description() const override
        {
            return "InfiniBand fabric cache written by `ibnetdiscover --cache FILE`, loaded with libibnetdisc";
        }
        std::string inputs() const override { return "binary cache files of `ibnetdiscover --cache`"; }

        ImportResult read(const std::vector<std::string>& files, Feedback* feedback) const override
        {
            ImportResult out;
            out.knownFields = { known::kPortSpeed, known::kNodeGuid };
            FragmentBuilder fb(out);
            for (const auto& f : files) {
                checkCancelled(feedback);
                SourceText src { f, readWholeFile(f) };
                validateCache(src);
                loadOne(f, fb);
            }
            fb.finish();
            return out;
        }
        ImportResult readTexts(const std::vector<SourceText>& sources, Feedback*) const override
        {
            // Validation only (libibnetdisc reads from a path): used by the fuzzer on the checker.
            for (const auto& s : sources)
                validateCache(s);
            throw InputError(SourceLocation { sources.empty() ? std::string() : sources.front().name, 0, 0, {} },
                "the ibnd-cache reader reads files (libibnetdisc loads the cache from a path)");
        }

    private:
        static void loadOne(const std::string& file, FragmentBuilder& fb)
        {
#ifdef LFP_HAVE_IBNETDISC
            ibnd_fabric_t* fabric = ibnd_load_fabric(file.c_str(), 0);
            if (!fabric)
                throw InputError(SourceLocation { file, 0, 0, {} }, "libibnetdisc could not load the cache (ibnd_load_fabric failed)");
            struct Guard {
                ibnd_fabric_t* f;
                ~Guard() { ibnd_destroy_fabric(f); }
            } guard { fabric };
            std::map<std::string, int> descCount;
            for (ibnd_node_t* n = fabric->nodes; n; n = n->next)
                ++descCount[std::string(trim(n->nodedesc))];
            std::map<ibnd_node_t*, std::pair<std::string, std::string>> names;
            for (ibnd_node_t* n = fabric->nodes; n; n = n->next) {
                const std::string desc(trim(n->nodedesc));
                const char prefix = n->type == IB_NODE_SWITCH ? 'S' : n->type == IB_NODE_CA ? 'H' : 'R';
                const std::string idName = fmt::format("{}-{:016x}", prefix, n->guid);
                auto hd = ib::splitHostDevice(desc, n->type == IB_NODE_CA);
                names[n] = (desc.empty() || descCount[desc] > 1) ? std::make_pair(idName, std::string()) : hd;
                Node& node = fb.node(names[n].first, n->type == IB_NODE_CA ? Role::Host : Role::Leaf, n->type == IB_NODE_CA);
                if (names[n].second.empty())
                    node.guid = n->guid;
                else
                    node.attributes["ib.guid." + names[n].second] = fmt::format("0x{:016x}", n->guid);
                node.attributes["ib.type"] = n->type == IB_NODE_SWITCH ? "switch" : n->type == IB_NODE_CA ? "ca" : "router";
                if (n->type != IB_NODE_CA)
                    fb.markSwitch(names[n].first);
                if (!desc.empty())
                    node.attributes[names[n].second.empty() ? "ib.description" : "ib.description." + names[n].second] = desc;
                if (n->type == IB_NODE_SWITCH) {
                    node.attributes["ib.ports"] = std::to_string(n->numports);
                    if (n->ports && n->ports[0])
                        node.attributes["ib.lid"] = std::to_string(n->ports[0]->base_lid);
                }
            }
            auto portName = [&](ibnd_port_t* p) {
                const auto& nm = names[p->node];
                return nm.second.empty() ? std::to_string(p->portnum) : nm.second + "/" + std::to_string(p->portnum);
            };
            for (ibnd_node_t* n = fabric->nodes; n; n = n->next) {
                if (!n->ports)
                    continue;
                for (int i = 1; i <= n->numports; ++i) {
                    ibnd_port_t* p = n->ports[i];
                    if (!p || !p->remoteport || !p->remoteport->node)
                        continue;
                    ibnd_port_t* rp = p->remoteport;
                    Link l;
                    l.medium = Medium::Unknown; // the cache does not say copper or optical
                    l.a = { names[n].first, portName(p) };
                    l.b = { names[rp->node].first, portName(rp) };
                    l.origin = LinkOrigin::Discovered;
                    l.length = Metres(0);
                    fb.link(l, SourceLocation { file, 0, 0, {} });
                    if (n->type != IB_NODE_SWITCH)
                        fb.node(names[n].first).attributes["ib.lid." + portName(p)] = std::to_string(p->base_lid);
                    if (auto sp = ib::speedOf(widthSpeed(p))) {
                        for (const auto& e : { l.a, l.b }) {
                            Port& port = fb.port(e.node, e.port);
                            port.speed = sp->first;
                            port.lanes = sp->second;
                            port.mtu = 4096;
                            port.fec = Fec::Unknown; // libibnetdisc reports no FEC mode: unknown, not "none"
                        }
                    }
                }
            }
#else
            throw InputError(SourceLocation { file, 0, 0, {} },
                "this lfp was built without libibnetdisc (LFP_WITH_RDMA=OFF); use `ibnetdiscover` text output with the ibnetdiscover reader");
            (void)fb;
#endif
        }
    };
} // namespace

std::unique_ptr<Importer> makeIbndCacheImporter() { return std::make_unique<IbndCacheImporter>(); }

} // namespace lfp
