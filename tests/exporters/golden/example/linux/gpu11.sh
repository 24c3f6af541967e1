#!/usr/bin/env bash
# shellcheck disable=SC2317
# gpu11: RoCEv2 NIC settings from the plan "example-ai-cluster" (lfp export --vendor linux).
# Usage: gpu11.sh [--apply | --check]
#   --apply (default)  change what differs from the plan; a second run changes nothing
#   --check            compare only: exit 0 when the host matches, 1 on a mismatch,
#                      2 when a setting cannot be read
# DCB tool: dcb (iproute2) when installed, else mlnx_qos; force with LFP_DCB_TOOL=dcb|mlnx_qos.
# Needs root. The settings do not survive a reboot or driver reload: run it from a systemd unit.
# Sources: ../shared/guide/vendors/linux-host.md (dcb(8) iproute2 6.1, mlnx-tools mlnx_qos and
# cma_roce_tos, mlx5 cc_params); docs/export.md.
set -u

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

# ---- eth0 (to leaf3:Ethernet16, 2m cable), policy roce-lossless
P_NAME=eth0
P_MTU=9100
P_TRUST=dscp
P_DSCP=(0:0 1:0 2:0 3:0 4:0 5:0 6:0 7:0 8:0 9:0 10:0 11:0 12:0 13:0 14:0 15:0 16:0 17:0 18:0 19:0 20:0 21:0 22:0 23:0 24:0 25:0 26:3 27:0 28:0 29:0 30:0 31:0 32:0 33:0 34:0 35:0 36:0 37:0 38:0 39:0 40:0 41:0 42:0 43:0 44:0 45:0 46:0 47:0 48:6 49:0 50:0 51:0 52:0 53:0 54:0 55:0 56:0 57:0 58:0 59:0 60:0 61:0 62:0 63:0)
P_PFC=(0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off)
P_PFC_CSV=0,0,0,1,0,0,0,0
P_PRIO_TC=(0:0 1:1 2:2 3:3 4:4 5:5 6:6 7:7)
P_PRIO_TC_CSV=0,1,2,3,4,5,6,7
P_TSA=(0:ets 1:ets 2:ets 3:ets 4:ets 5:ets 6:strict 7:ets)
P_TSA_CSV=ets,ets,ets,ets,ets,ets,strict,ets
P_BW=(0:50 1:0 2:0 3:50 4:0 5:0 6:0 7:0)
P_BW_CSV=50,0,0,50,0,0,0,0
P_CABLE=2
P_TOS=106
P_ECN_PRIOS=(3)
P_NP=1
P_RP=1
P_CNP_DSCP=48
P_CNP_PRIO=6
configure_port

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
