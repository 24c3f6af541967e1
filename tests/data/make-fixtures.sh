#!/usr/bin/env bash
# Makes the importer fixtures in tests/data/ with the real tools (run as root on Debian 12):
#   ibnetdiscover/, ibnd-cache/  ibsim (simulated InfiniBand fabric) + opensm + ibnetdiscover [--cache]
#   lldp/                        lldpd daemons in network namespaces joined by veth pairs, lldpcli -f json0/json
#   sonic/                       checks the hand-written config_db files with yanglint (SONiC YANG in ../shared)
# Usage: tests/data/make-fixtures.sh [ib|lldp|sonic|all]     (default: all)
# It installs what it needs with apt-get, starts only its own processes and stops them by PID.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
WHAT="${1:-all}"
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"

need() { # need PKG... : installs the packages that are missing
  local missing=()
  for p in "$@"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p"); done
  if [ ${#missing[@]} -gt 0 ]; then
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
}

make_ib() {
  need ibsim-utils infiniband-diags opensm
  local work; work="$(mktemp -d)"
  local sim=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
  ( cd "$work" && exec ibsim -s "$HERE/ibnetdiscover/fabric.net" </dev/null >"$work/ibsim.log" 2>&1 ) &
  local simpid=$!
  trap 'kill '"$simpid"' 2>/dev/null || true' RETURN
  sleep 2
  # opensm once: assigns LIDs and brings the ports to Active, so ibnetdiscover shows LIDs and speeds.
  mkdir -p "$work/osm"
  OSM_CACHE_DIR="$work/osm" LD_PRELOAD="$sim" timeout 60 opensm -o -f "$work/osm/opensm.log" >"$work/opensm.out" 2>&1 || true
  LD_PRELOAD="$sim" timeout 60 ibnetdiscover >"$HERE/ibnetdiscover/fabric.txt" 2>/dev/null
  LD_PRELOAD="$sim" timeout 60 ibnetdiscover -g >"$HERE/ibnetdiscover/fabric-grouped.txt" 2>/dev/null || true
  rm -f "$HERE/ibnd-cache/fabric.cache"
  LD_PRELOAD="$sim" timeout 60 ibnetdiscover --cache "$HERE/ibnd-cache/fabric.cache" >/dev/null 2>&1
  kill "$simpid" 2>/dev/null || true
  wait "$simpid" 2>/dev/null || true
  rm -rf "$work"
  echo "make-fixtures: ibnetdiscover/fabric.txt, ibnd-cache/fabric.cache"
}

# LLDP: five namespaces spine01, leaf01, leaf02, host01, host02.
#   spine01:swp1 -- leaf01:swp51     spine01:swp2 -- leaf02:Ethernet248 (leaf02 is SONiC-like: alias etp63)
#   leaf01:swp1  -- host01:eth0      leaf02:Ethernet0 -- host01:eth1    (leaf02 Ethernet0 alias etp1)
#   leaf01:swp2  -- host02:eth0      (host02 has one neighbour: `-f json` then writes objects, not arrays)
make_lldp() {
  need lldpd iproute2
  local run=/run/lfp-fixture-lldp
  local nss=(spine01 leaf01 leaf02 host01 host02)
  cleanup_lldp() {
    for ns in "${nss[@]}"; do
      [ -f "$run/$ns.pid" ] && kill "$(cat "$run/$ns.pid")" 2>/dev/null || true
      ip netns del "lfp-$ns" 2>/dev/null || true
    done
    rm -rf "$run"
  }
  cleanup_lldp
  mkdir -p "$run" /run/lldpd; chmod 755 "$run"
  for ns in "${nss[@]}"; do ip netns add "lfp-$ns"; ip -n "lfp-$ns" link set lo up; done
  veth() { # veth NS1 IF1 NS2 IF2 MAC1 MAC2
    ip link add lfptmpa type veth peer name lfptmpb
    ip link set lfptmpa netns "lfp-$1"; ip link set lfptmpb netns "lfp-$3"
    ip -n "lfp-$1" link set lfptmpa name "$2" address "$5" mtu 9100 up
    ip -n "lfp-$3" link set lfptmpb name "$4" address "$6" mtu 9100 up
  }
  veth spine01 swp1 leaf01 swp51 02:00:00:01:00:01 02:00:00:02:00:33
  veth spine01 swp2 leaf02 Ethernet248 02:00:00:01:00:02 02:00:00:03:00:f8
  veth leaf01 swp1 host01 eth0 02:00:00:02:00:01 02:00:00:04:00:00
  veth leaf02 Ethernet0 host01 eth1 02:00:00:03:00:00 02:00:00:04:00:01
  veth leaf01 swp2 host02 eth0 02:00:00:02:00:02 02:00:00:05:00:00
  local i=1
  for ns in "${nss[@]}"; do
    ip -n "lfp-$ns" addr add "10.250.0.$i/32" dev lo
    {
      echo "configure system hostname $ns"
      echo "configure system description \"$ns (LFP fixture)\""
      echo "configure lldp tx-interval 1"
      if [ "$ns" = leaf02 ]; then
        # what SONiC's lldpmgrd does: port id = PORT.alias (subtype local), description = PORT.description
        echo "configure ports Ethernet0 lldp portidsubtype local etp1 description host01:eth1"
        echo "configure ports Ethernet248 lldp portidsubtype local etp63 description spine01:swp2"
      else
        echo "configure lldp portidsubtype ifname"
      fi
    } >"$run/$ns.conf"
    ip netns exec "lfp-$ns" lldpd -d -k -u "$run/$ns.sock" -p "$run/$ns.pid" -O "$run/$ns.conf" -m "10.250.0.$i" \
      >"$run/$ns.log" 2>&1 &
    echo $! >"$run/$ns.pid"
    i=$((i + 1))
  done
  sleep 6
  for ns in "${nss[@]}"; do
    lldpcli -u "$run/$ns.sock" -f json0 show neighbors details >"$HERE/lldp/$ns.json0"
    lldpcli -u "$run/$ns.sock" -f json show neighbors details >"$HERE/lldp/$ns.json"
  done
  cleanup_lldp
  echo "make-fixtures: lldp/*.json0, lldp/*.json"
}

make_sonic() {
  need libyang2-tools python3
  python3 "$HERE/sonic/make-config-db.py"
  local yang="$HERE/../../../shared/yang/sonic"
  if [ ! -d "$yang" ]; then echo "make-fixtures: $yang not found, skipping yanglint"; return; fi
  local bad=0
  for f in "$HERE"/sonic/*config_db*.json "$HERE"/lldp/*config_db*.json; do
    local xml; xml="$(mktemp --suffix=.xml)"
    python3 "$HERE/sonic/configdb2xml.py" "$yang" "$f" >"$xml"
    if yanglint -i -t config -p "$yang" "$yang"/*.yang "$xml" 2>&1 | grep -v 'not freed'; then bad=1; fi
    rm -f "$xml"
    echo "make-fixtures: yanglint checked $(basename "$f")"
  done
  [ "$bad" -eq 0 ] || { echo "make-fixtures: yanglint found errors" >&2; return 1; }
}

case "$WHAT" in
  ib) make_ib ;;
  lldp) make_lldp ;;
  sonic) make_sonic ;;
  all) make_ib; make_lldp; make_sonic ;;
  *) echo "usage: $0 [ib|lldp|sonic|all]" >&2; exit 2 ;;
esac
