// SPDX-License-Identifier: GPL-3.0-or-later
// Linux hosts (NVIDIA ConnectX / mlx5): one bash script per host that sets, or with --check compares,
// the NIC's DSCP trust and map, PFC, ETS, MTU, the RDMA-CM RoCE ToS and the DCQCN / CNP settings,
// following ../shared/guide/vendors/linux-host.md (iproute2 6.1 dcb(8) man pages, mlnx-tools
// mlnx_qos / cma_roce_tos @ 8fbfd9cf, linux drivers/infiniband/hw/mlx5/cong.c @ 03826bc1).
// docs/export.md §linux.
#include "exportutil.h"
#include "planner/plan/planfacts.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace lfp {
namespace {
    using namespace exp;

    // The shared part of every host script: helpers, the per-port procedure and the exit rule.
    constexpr const char* kPrologue = R"SH(set -u

MODE=apply
case "${1:-}" in
    "" | --apply) MODE=apply ;;
    --check) MODE=check ;;
    -h | --help)
        sed -n '2,12p' "$0"
        exit 0
        ;;
    *)
        echo "usage: $0 [--apply | --check]" >&2
        exit 2
        ;;
esac
MISMATCH=0
FAILED=0
UNKNOWN=0

log() { printf '%s\n' "$*"; }

# want WHAT PLANNED CURRENT SETTER...: compare, and in apply mode run SETTER when they differ.
want() {
    local what=$1 plan=$2 now=$3
    shift 3
    if [ "$now" = "$plan" ]; then
        log "ok        $what: $plan"
        return 0
    fi
    if [ "$MODE" = check ]; then
        log "MISMATCH  $what: host '$now', plan '$plan'"
        MISMATCH=1
        return 0
    fi
    log "set       $what: '$now' -> '$plan'"
    if ! "$@"; then
        log "FAILED    $what"
        FAILED=1
    fi
}

unknown() {
    log "UNKNOWN   $*"
    UNKNOWN=1
}

dcb_tool() {
    if [ -n "${LFP_DCB_TOOL:-}" ]; then
        printf '%s' "$LFP_DCB_TOOL"
    elif command -v dcb >/dev/null 2>&1; then
        printf dcb
    elif command -v mlnx_qos >/dev/null 2>&1; then
        printf mlnx_qos
    else
        printf none
    fi
}

# netdev_of NAME / rdma_of NAME: the network interface and the RDMA device of NAME (either kind).
netdev_of() {
    local d
    if [ -d "/sys/class/net/$1" ]; then
        printf '%s' "$1"
        return 0
    fi
    for d in /sys/class/infiniband/"$1"/device/net/*; do
        if [ -e "$d" ]; then
            printf '%s' "${d##*/}"
            return 0
        fi
    done
    return 1
}
rdma_of() {
    local d
    if [ -d "/sys/class/infiniband/$1" ]; then
        printf '%s' "$1"
        return 0
    fi
    for d in /sys/class/net/"$1"/device/infiniband/*; do
        if [ -e "$d" ]; then
            printf '%s' "${d##*/}"
            return 0
        fi
    done
    return 1
}

# "prio-pfc 3:on 0:off ..." -> "0:off 3:on ..." (entries sorted by their first number)
norm() { tr ' ' '\n' | grep ':' | sort -t: -k1,1n | tr '\n' ' ' | sed 's/ $//'; }
readfile() {
    if [ -r "$1" ]; then
        tr -d '\n' <"$1"
    else
        printf 'absent'
    fi
}
writefile() { printf '%s\n' "$2" >"$1"; }
second_word() { awk '{print $2}'; }

set_tos() {
    if command -v cma_roce_tos >/dev/null 2>&1; then
        cma_roce_tos -d "$RDMA" -p 1 -t "$P_TOS"
    else
        if ! mountpoint -q /sys/kernel/config; then
            mount -t configfs none /sys/kernel/config || return 1
        fi
        mkdir -p "/sys/kernel/config/rdma_cm/$RDMA" && writefile "/sys/kernel/config/rdma_cm/$RDMA/ports/1/default_roce_tos" "$P_TOS"
    fi
}

set_mlnx_qos() {
    local args=() e
    for e in "${P_DSCP[@]}"; do
        args+=(--dscp2prio "set,${e%%:*},${e##*:}")
    done
    mlnx_qos -i "$IFC" --trust "$P_TRUST" &&
        mlnx_qos -i "$IFC" "${args[@]}" &&
        mlnx_qos -i "$IFC" --pfc "$P_PFC_CSV" &&
        mlnx_qos -i "$IFC" --prio_tc "$P_PRIO_TC_CSV" --tsa "$P_TSA_CSV" --tcbw "$P_BW_CSV" &&
        if [ -n "$P_CABLE" ]; then mlnx_qos -i "$IFC" --cable_len "$P_CABLE"; fi
}

set_ets() { dcb ets set dev "$IFC" prio-tc "${P_PRIO_TC[@]}" tc-tsa "${P_TSA[@]}" tc-bw "${P_BW[@]}"; }

configure_port() {
    local tool now ecn pci cc p
    if ! IFC=$(netdev_of "$P_NAME"); then
        log "MISSING   $P_NAME: no such network interface or RDMA device"
        MISMATCH=1
        return 0
    fi
    RDMA=$(rdma_of "$P_NAME") || RDMA=""
    want "$IFC mtu" "$P_MTU" "$(readfile "/sys/class/net/$IFC/mtu")" ip link set dev "$IFC" mtu "$P_MTU"
    tool=$(dcb_tool)
    case "$tool" in
        dcb)
            if [ "$MODE" = apply ]; then
                dcb dcbx set dev "$IFC" host ieee 2>/dev/null || log "note      $IFC: dcbx mode not set (firmware DCBX?)"
            fi
            if [ "$P_TRUST" = dscp ]; then
                want "$IFC dscp-prio" "${P_DSCP[*]}" "$(dcb -N app show dev "$IFC" dscp-prio 2>/dev/null | norm)" \
                    dcb app replace dev "$IFC" dscp-prio "${P_DSCP[@]}"
            else
                want "$IFC dscp-prio" "" "$(dcb -N app show dev "$IFC" dscp-prio 2>/dev/null | norm)" dcb app flush dev "$IFC" dscp-prio
            fi
            want "$IFC prio-pfc" "${P_PFC[*]}" "$(dcb pfc show dev "$IFC" prio-pfc 2>/dev/null | norm)" dcb pfc set dev "$IFC" prio-pfc "${P_PFC[@]}"
            if [ -n "$P_CABLE" ]; then
                want "$IFC pfc delay (mlx5: cable metres)" "$P_CABLE" "$(dcb pfc show dev "$IFC" delay 2>/dev/null | second_word)" \
                    dcb pfc set dev "$IFC" delay "$P_CABLE"
            fi
            now="$(dcb ets show dev "$IFC" prio-tc 2>/dev/null | norm) | $(dcb ets show dev "$IFC" tc-tsa 2>/dev/null | norm) | $(dcb ets show dev "$IFC" tc-bw 2>/dev/null | norm)"
            want "$IFC ets prio-tc | tc-tsa | tc-bw" "${P_PRIO_TC[*]} | ${P_TSA[*]} | ${P_BW[*]}" "$now" set_ets
            ;;
        mlnx_qos)
            if [ "$MODE" = check ]; then
                unknown "$IFC: --check reads DSCP, PFC and ETS with dcb (iproute2), which is not installed"
            else
                log "set       $IFC trust, dscp2prio, pfc, ets, cable_len with mlnx_qos"
                set_mlnx_qos || {
                    log "FAILED    $IFC mlnx_qos"
                    FAILED=1
                }
            fi
            ;;
        *)
            unknown "$IFC: neither dcb (iproute2) nor mlnx_qos is installed: DSCP, PFC and ETS not handled"
            ;;
    esac
    # RDMA-CM RoCE ToS (configfs default_roce_tos, as cma_roce_tos writes it)
    if [ -n "$RDMA" ]; then
        want "$RDMA default_roce_tos" "$P_TOS" "$(readfile "/sys/kernel/config/rdma_cm/$RDMA/ports/1/default_roce_tos")" set_tos
    else
        unknown "$P_NAME: no RDMA device found: RoCE ToS not handled"
    fi
    # DCQCN / CNP: MLNX_OFED sysfs, else the upstream mlx5 debugfs cc_params
    ecn="/sys/class/net/$IFC/ecn"
    if [ -d "$ecn" ]; then
        for p in "${P_ECN_PRIOS[@]}"; do
            want "$IFC ecn roce_np enable/$p" "$P_NP" "$(readfile "$ecn/roce_np/enable/$p")" writefile "$ecn/roce_np/enable/$p" "$P_NP"
            want "$IFC ecn roce_rp enable/$p" "$P_RP" "$(readfile "$ecn/roce_rp/enable/$p")" writefile "$ecn/roce_rp/enable/$p" "$P_RP"
        done
        want "$IFC ecn cnp_dscp" "$P_CNP_DSCP" "$(readfile "$ecn/roce_np/cnp_dscp")" writefile "$ecn/roce_np/cnp_dscp" "$P_CNP_DSCP"
        want "$IFC ecn cnp_802p_prio" "$P_CNP_PRIO" "$(readfile "$ecn/roce_np/cnp_802p_prio")" writefile "$ecn/roce_np/cnp_802p_prio" "$P_CNP_PRIO"
    else
        pci=$(basename "$(readlink -f "/sys/class/net/$IFC/device")")
        cc="/sys/kernel/debug/mlx5/$pci/cc_params"
        if [ -d "$cc" ]; then
            want "$IFC cc_params np_cnp_dscp" "$P_CNP_DSCP" "$(readfile "$cc/np_cnp_dscp")" writefile "$cc/np_cnp_dscp" "$P_CNP_DSCP"
            want "$IFC cc_params np_cnp_prio" "$P_CNP_PRIO" "$(readfile "$cc/np_cnp_prio")" writefile "$cc/np_cnp_prio" "$P_CNP_PRIO"
            log "note      $IFC: per-priority DCQCN enable has no upstream knob (firmware: mlxconfig)"
        else
            unknown "$IFC: neither MLNX_OFED ecn sysfs nor mlx5 debugfs cc_params: DCQCN/CNP not handled"
        fi
    fi
}
)SH";

    constexpr const char* kEpilogue = R"SH(
if [ "$MODE" = check ]; then
    if [ "$MISMATCH" -ne 0 ]; then
        log "result: the host differs from the plan"
        exit 1
    fi
    if [ "$UNKNOWN" -ne 0 ]; then
        log "result: some settings could not be read"
        exit 2
    fi
    log "result: the host matches the plan"
    exit 0
fi
if [ "$FAILED" -ne 0 ] || [ "$MISMATCH" -ne 0 ]; then
    log "result: some settings could not be applied"
    exit 1
fi
log "result: applied (run with --check to verify)"
exit 0
)SH";

    std::string csv(const std::vector<std::string>& v)
    {
        std::string s;
        for (const auto& x : v)
            s += (s.empty() ? "" : ",") + x;
        return s;
    }
    std::string words(const std::vector<std::string>& v)
    {
        std::string s;
        for (const auto& x : v)
            s += (s.empty() ? "" : " ") + x;
        return s;
    }

    /// The NIC's ETS in the tools' form: tc-tsa strict/ets per TC, tc-bw summing to exactly 100 with 0
    /// for non-ETS TCs (mlnx_qos --tcbw; linux-host.md §2). Weights that do not total 100 are scaled by
    /// largest remainder (a rounding of the tool's syntax, reported).
    struct NicEts {
        std::array<int, kPriorities> weight {};
        std::array<bool, kPriorities> strict {};
    };

    std::array<int, kPriorities> scaleTo100(const std::array<int, kPriorities>& weight, int sum)
    {
        std::array<int, kPriorities> scaled {};
        if (sum == 0) {
            scaled[0] = 100;
            return scaled;
        }
        int given = 0;
        std::vector<std::pair<double, int>> rest;
        for (int q = 0; q < kPriorities; ++q) {
            const double exact = 100.0 * weight[static_cast<std::size_t>(q)] / sum;
            scaled[static_cast<std::size_t>(q)] = static_cast<int>(std::floor(exact));
            given += scaled[static_cast<std::size_t>(q)];
            rest.emplace_back(exact - std::floor(exact), q);
        }
        std::stable_sort(rest.begin(), rest.end(), [](auto& a, auto& b) { return a.first > b.first; });
        for (std::size_t i = 0; given < 100 && i < rest.size(); ++i, ++given)
            ++scaled[static_cast<std::size_t>(rest[i].second)];
        return scaled;
    }

    NicEts nicEts(const DevicePlan& d, const PortPlan& p, DeviceExport& out)
    {
        const PolicyPlan& pol = *p.qos;
        NicEts e;
        int sum = 0;
        for (const auto& q : pol.queues) {
            if (!q.mode)
                continue;
            e.strict[static_cast<std::size_t>(q.queue)] = *q.mode == SchedulerMode::Strict;
            if (*q.mode == SchedulerMode::Dwrr) {
                e.weight[static_cast<std::size_t>(q.queue)] = std::max(0, q.weight);
                sum += std::max(0, q.weight);
            }
        }
        if (sum != 100) {
            e.weight = scaleTo100(e.weight, sum);
            out.finding(Severity::Warning, "LFP-EXPORT-ROUNDED", { portObject(d, p), ObjectRef::forPolicy(pol.name) },
                { { "what", "host-ets" }, { "fix", "host-ets-fix" }, { "sum", fmt::format("{}", sum) },
                    { "written", fmt::format("{}", fmt::join(std::vector<int>(e.weight.begin(), e.weight.end()), "/")) } });
        }
        return e;
    }

    void checkNicConsistent(const DevicePlan& d, const PortPlan& p, DeviceExport& out)
    {
        const NicPlan& nic = p.qos->nic;
        if (nic.consistent())
            return;
        out.finding(Severity::Warning, "LFP-EXPORT-NIC-INCONSISTENT", { portObject(d, p), ObjectRef::forPolicy(p.qos->name) },
            { { "roce_dscp", fmt::format("{}", nic.roceDscp) }, { "roce_priority", fmt::format("{}", nic.rocePriority) }, { "cnp_dscp", fmt::format("{}", nic.cnpDscp) },
                { "cnp_priority", fmt::format("{}", nic.cnpPriority) }, { "roce_mapped", fmt::format("{}", nic.roceMapped) }, { "cnp_mapped", fmt::format("{}", nic.cnpMapped) } });
    }

    /// The DSCP, PFC and ETS variables of one port (dcb word lists and mlnx_qos CSV forms).
    void portQosVariables(Text& t, const NicPlan& nic, const NicEts& ets)
    {
        std::vector<std::string> dscp, pfc, pfcCsv, prioTc, prioTcCsv, tsa, tsaCsv, bw, bwCsv;
        for (int v = 0; v < kDscpValues; ++v)
            dscp.push_back(fmt::format("{}:{}", v, nic.dscpToPriority[static_cast<std::size_t>(v)]));
        for (int pr = 0; pr < kPriorities; ++pr) {
            const bool on = (nic.pfcBitmap >> pr) & 1U;
            pfc.push_back(fmt::format("{}:{}", pr, on ? "on" : "off"));
            pfcCsv.push_back(on ? "1" : "0");
            const int tc = nic.priorityToTc[static_cast<std::size_t>(pr)];
            prioTc.push_back(fmt::format("{}:{}", pr, tc));
            prioTcCsv.push_back(std::to_string(tc));
        }
        for (int tc = 0; tc < kPriorities; ++tc) {
            const bool s = ets.strict[static_cast<std::size_t>(tc)];
            tsa.push_back(fmt::format("{}:{}", tc, s ? "strict" : "ets"));
            tsaCsv.push_back(s ? "strict" : "ets");
            const int w = s ? 0 : ets.weight[static_cast<std::size_t>(tc)];
            bw.push_back(fmt::format("{}:{}", tc, w));
            bwCsv.push_back(std::to_string(w));
        }
        t.line("P_TRUST={}", toString(nic.trust));
        t.line("P_DSCP=({})", words(dscp));
        t.line("P_PFC=({})", words(pfc));
        t.line("P_PFC_CSV={}", csv(pfcCsv));
        t.line("P_PRIO_TC=({})", words(prioTc));
        t.line("P_PRIO_TC_CSV={}", csv(prioTcCsv));
        t.line("P_TSA=({})", words(tsa));
        t.line("P_TSA_CSV={}", csv(tsaCsv));
        t.line("P_BW=({})", words(bw));
        t.line("P_BW_CSV={}", csv(bwCsv));
    }

    /// One port's block: its variables, then `configure_port` (the prologue's procedure).
    void renderPort(Text& t, const DevicePlan& d, const PortPlan& p, DeviceExport& out)
    {
        const NicPlan& nic = p.qos->nic;
        checkNicConsistent(d, p, out);
        const NicEts ets = nicEts(d, p, out);
        std::string cable; // mlx5 takes the cable in whole metres: rounded up (more headroom, never less)
        if (p.link)
            cable = std::to_string(static_cast<long long>(std::ceil(p.link->length.value() - 1e-9)));
        std::vector<std::string> ecnPrios;
        for (int pr : nic.ecnPriorities)
            ecnPrios.push_back(std::to_string(pr));
        t.line("");
        t.line("# ---- {}{}, policy {}", p.name, p.link ? fmt::format(" (to {}:{}, {} cable)", p.peer.node, p.peer.port, formatLength(p.link->length)) : std::string(), p.qos->name);
        t.line("P_NAME={}", p.name);
        t.line("P_MTU={}", p.mtu);
        portQosVariables(t, nic, ets);
        t.line("P_CABLE={}", cable.empty() ? "\"\"" : cable);
        t.line("P_TOS={}", nic.roceTos);
        t.line("P_ECN_PRIOS=({})", words(ecnPrios));
        t.line("P_NP={}", nic.dcqcnNp ? 1 : 0);
        t.line("P_RP={}", nic.dcqcnRp ? 1 : 0);
        t.line("P_CNP_DSCP={}", nic.cnpDscp);
        t.line("P_CNP_PRIO={}", nic.cnpPriority);
        t.line("configure_port");
    }

    void scriptHeader(Text& t, const ExportContext& ctx, const DevicePlan& d)
    {
        t.line("#!/usr/bin/env bash");
        // The setters run through `want … "$@"`, which shellcheck cannot follow (SC2317).
        t.line("# shellcheck disable=SC2317");
        t.line("# {}: RoCEv2 NIC settings from the plan \"{}\" (lfp export --vendor linux).", d.name, printableName(ctx.fabric().name));
        t.line("# Usage: {}.sh [--apply | --check]", d.name);
        t.line("#   --apply (default)  change what differs from the plan; a second run changes nothing");
        t.line("#   --check            compare only: exit 0 when the host matches, 1 on a mismatch,");
        t.line("#                      2 when a setting cannot be read");
        t.line("# DCB tool: dcb (iproute2) when installed, else mlnx_qos; force with LFP_DCB_TOOL=dcb|mlnx_qos.");
        t.line("# Needs root. The settings do not survive a reboot or driver reload: run it from a systemd unit.");
        t.line("# Sources: ../shared/guide/vendors/linux-host.md (dcb(8) iproute2 6.1, mlnx-tools mlnx_qos and");
        t.line("# cma_roce_tos, mlx5 cc_params); docs/export.md.");
    }

    class LinuxExporter : public Exporter {
    public:
        std::string id() const override { return "linux"; }
        std::vector<TargetRelease> releases() const override
        {
            return { { "iproute2-6.1", "Debian 12 hosts: iproute2 6.1 dcb(8), mlnx-tools mlnx_qos / cma_roce_tos, mlx5 cc_params (../shared/guide/vendors/linux-host.md)" } };
        }
        std::string description() const override
        {
            return "bash script per Linux host (mlx5): DSCP trust and map, PFC, ETS, MTU, RDMA-CM RoCE ToS, DCQCN/CNP; idempotent, --check compares";
        }
        bool handles(const Node& node) const override { return !node.isSwitch(); }
        NameRule nameRule(NameKind kind) const override
        {
            NameRule r = Exporter::nameRule(kind);
            if (kind == NameKind::Port) {
                // A netdev name: IFNAMSIZ 16 with the NUL, no '/', ':' or whitespace (net/core/dev.c dev_valid_name).
                r.allowedPunctuation = "-_.";
                r.maxLength = 15;
                r.why = "letters, digits, '-', '_' and '.' (a Linux interface or RDMA device name, IFNAMSIZ)";
            }
            return r;
        }

    protected:
        DeviceExport exportDevice(const ExportContext& ctx, const DevicePlan& d) const override
        {
            DeviceExport out;
            Text t;
            scriptHeader(t, ctx, d);
            t.raw(kPrologue);
            int configured = 0;
            for (const auto& p : d.ports) {
                if (reportNoPolicy(d, p, out))
                    continue;
                ++configured;
                renderPort(t, d, p, out);
            }
            if (configured == 0)
                t.line("\nlog \"nothing planned for {}\"", d.name);
            else
                out.finding(Severity::Info, "LFP-EXPORT-NOT-EXPRESSIBLE", { ObjectRef::forNode(d.name) }, { { "what", "host-buffers" }, { "fix", "host-buffers-fix" } }, {},
                    facts::ports(d, facts::kNicBuffers));
            t.raw(kEpilogue);
            out.files[fileName(d, ".sh")] = t.take();
            return out;
        }
    };
} // namespace

std::unique_ptr<Exporter> makeLinuxExporter() { return std::make_unique<LinuxExporter>(); }

} // namespace lfp
