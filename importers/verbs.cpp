// SPDX-License-Identifier: GPL-3.0-or-later
// This machine's RDMA devices through libibverbs: ports, link layer, active width/speed, MTU, GIDs with
// their RoCE version. Reads no file. With no RDMA device the fragment is empty and a diagnostic says so.
#include "ibcommon.h"
#include "readutil.h"

#include <fmt/format.h>
#include <unistd.h>

#ifdef LFP_HAVE_IBVERBS
#include <arpa/inet.h>
#include <infiniband/verbs.h>
#endif

namespace lfp {
namespace {
    using namespace imp;

#ifdef LFP_HAVE_IBVERBS
    int widthOf(std::uint8_t w) { return w == 1 ? 1 : w == 2 ? 4 : w == 4 ? 8 : w == 8 ? 12 : w == 16 ? 2 : 0; }
    const char* speedName(std::uint32_t s)
    {
        switch (s) {
        case 1:
            return "SDR";
        case 2:
            return "DDR";
        case 4:
            return "QDR";
        case 8:
            return "FDR10";
        case 16:
            return "FDR";
        case 32:
            return "EDR";
        case 64:
            return "HDR";
        case 128:
            return "NDR";
        case 256:
            return "XDR";
        default:
            return "";
        }
    }
    int mtuBytes(ibv_mtu m) { return m >= IBV_MTU_256 && m <= IBV_MTU_4096 ? 128 << static_cast<int>(m) : 0; }
    std::string gidText(const ibv_gid& g)
    {
        char buf[INET6_ADDRSTRLEN] = {};
        inet_ntop(AF_INET6, g.raw, buf, sizeof buf);
        return buf;
    }
#endif

    class VerbsImporter : public Importer {
    public:
        std::string id() const override { return "verbs"; }
        std::string description() const override
        {
            return "this machine's RDMA devices via libibverbs: ports, link layer, speed, MTU, GIDs with RoCE versions";
        }
        std::string inputs() const override { return "no file: reads the local RDMA devices"; }

        ImportResult read(const std::vector<std::string>& files, Feedback*) const override
        {
            ImportResult out;
            out.knownFields = { known::kPortSpeed, known::kPortMtu };
            if (!files.empty())
                out.diagnostics.push_back({ ImportDiagnostic::Severity::Warning, { files.front(), 0, 0, {} },
                    "the verbs reader reads this machine's devices, not files; the files are ignored" });
#ifdef LFP_HAVE_IBVERBS
            char host[256] = {};
            ::gethostname(host, sizeof host - 1);
            const std::string hostName = host[0] ? host : "localhost";
            int count = 0;
            ibv_device** list = ibv_get_device_list(&count);
            if (!list || count == 0) {
                if (list)
                    ibv_free_device_list(list);
                out.diagnostics.push_back({ ImportDiagnostic::Severity::Info, {},
                    "no RDMA device found on this machine (libibverbs lists none); nothing to import" });
                return out;
            }
            FragmentBuilder fb(out);
            Node& node = fb.node(hostName, Role::Host, true);
            for (int d = 0; d < count; ++d) {
                const std::string dev = ibv_get_device_name(list[d]);
                ibv_context* ctx = ibv_open_device(list[d]);
                if (!ctx) {
                    fb.warn({}, fmt::format("cannot open RDMA device {}", dev));
                    continue;
                }
                ibv_device_attr attr {};
                if (ibv_query_device(ctx, &attr) == 0) {
                    node.attributes["verbs." + dev + ".node_guid"] = fmt::format("0x{:016x}", be64toh(attr.node_guid));
                    node.attributes["verbs." + dev + ".fw"] = attr.fw_ver;
                    for (int p = 1; p <= attr.phys_port_cnt; ++p) {
                        ibv_port_attr pa {};
                        if (ibv_query_port(ctx, static_cast<std::uint8_t>(p), &pa) != 0)
                            continue;
                        const std::string pn = fmt::format("{}/{}", dev, p);
                        Port& port = fb.port(hostName, pn);
                        const int w = widthOf(pa.active_width);
                        const std::uint32_t sp = pa.active_speed;
                        if (auto s = ib::speedOf(fmt::format("{}x{}", w, speedName(sp)))) {
                            port.speed = s->first;
                            port.lanes = s->second;
                        }
                        port.mtu = mtuBytes(pa.active_mtu);
                        const bool eth = pa.link_layer == IBV_LINK_LAYER_ETHERNET;
                        node.attributes["verbs." + pn + ".link_layer"] = eth ? "Ethernet" : "InfiniBand";
                        node.attributes["verbs." + pn + ".state"] = ibv_port_state_str(pa.state);
                        if (!eth)
                            node.attributes["verbs." + pn + ".lid"] = std::to_string(pa.lid);
                        std::string gids;
                        for (int g = 0; g < pa.gid_tbl_len && g < 256; ++g) {
                            ibv_gid_entry e {};
                            if (ibv_query_gid_ex(ctx, static_cast<std::uint32_t>(p), static_cast<std::uint32_t>(g), &e, 0) != 0)
                                continue;
                            const char* type = e.gid_type == IBV_GID_TYPE_ROCE_V2 ? "RoCEv2" : e.gid_type == IBV_GID_TYPE_ROCE_V1 ? "RoCEv1" : "IB";
                            gids += fmt::format("{}{}={} {}", gids.empty() ? "" : "; ", g, gidText(e.gid), type);
                        }
                        if (!gids.empty())
                            node.attributes["verbs." + pn + ".gids"] = gids;
                    }
                }
                ibv_close_device(ctx);
            }
            ibv_free_device_list(list);
            fb.finish();
#else
            out.diagnostics.push_back({ ImportDiagnostic::Severity::Info, {},
                "this lfp was built without libibverbs (LFP_WITH_RDMA=OFF); nothing to import" });
#endif
            return out;
        }
    };
} // namespace

std::unique_ptr<Importer> makeVerbsImporter() { return std::make_unique<VerbsImporter>(); }

} // namespace lfp
