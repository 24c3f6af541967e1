#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes LARGE InfiniBand fixtures on demand (never committed: the 4,608-host LFT dump is ~270 MB) for the
# deadlock benchmarks of docs/performance.md, with the same Debian tools as make-fixtures.sh:
#   apt-get install ibsim-utils libumad2sim0 opensm infiniband-diags ibutils
# Topology: a 3-tier fat-tree of radix-K switches (K/2 down, K/2 up), PODS pods; a pod is K/2 leaves × K/2
# aggregation switches (complete bipartite), aggregation switch j of every pod connects to the K/2 core
# switches of core group j. Hosts = PODS·(K/2)²: K=48 gives 4,608 hosts with 8 pods (960 switches) and
# 9,216 hosts with 16 pods (1,344 switches). Routed by OpenSM minhop (-D 0x43 dumps), then timed:
#   ibdmchk -s opensm-subnet.lst -f opensm.fdbs -m opensm.mcfdbs   (the IBDM credit-loop check)
# Usage: make-large-fixtures.sh [PODS...]   (default "8 16"); K=48, ENGINE=minhop, OUT=/tmp/lfp-ib-large,
#   SKIP_IBDMCHK=1 to skip the (slow) ibdmchk run.
# Output per size: $OUT/ft<hosts>/{ibsim.net,ibnetdiscover.txt,opensm-lfts.dump,opensm-subnet.lst,opensm.fdbs,
#   dump_fts.txt (when DUMP_FTS=1), ibdmchk.txt, ibdmchk.time, opensm.time}.
# CPU-heavy (OpenSM sweeps thousands of simulated nodes): make them once and keep them.
set -u
K=${K:-48}
ENGINE=${ENGINE:-minhop}
OUT=${OUT:-/tmp/lfp-ib-large}
sim_so=$(dpkg -L libumad2sim0 | grep 'libumad2sim.so$' | head -1)
half=$((K / 2))

# ibsim net file: both ends of every link are listed (as ibsim expects); the first node is a host (the SM's port).
net() {
    local pods=$1 p i j m h
    local hosts=$((pods * half * half))
    for ((h = 0; h < hosts; h++)); do
        p=$((h / (half * half)))
        i=$(((h / half) % half))
        printf 'Hca\t1 "h%d"\n[1]\t"leaf%d_%d"[%d]\n\n' $h $p $i $((h % half + 1))
    done
    for ((p = 0; p < pods; p++)); do
        for ((i = 0; i < half; i++)); do
            printf 'Switch\t%d "leaf%d_%d"\n' $K $p $i
            for ((m = 0; m < half; m++)); do printf '[%d]\t"h%d"[1]\n' $((m + 1)) $(((p * half + i) * half + m)); done
            for ((j = 0; j < half; j++)); do printf '[%d]\t"agg%d_%d"[%d]\n' $((half + j + 1)) $p $j $((i + 1)); done
            printf '\n'
        done
        for ((j = 0; j < half; j++)); do
            printf 'Switch\t%d "agg%d_%d"\n' $K $p $j
            for ((i = 0; i < half; i++)); do printf '[%d]\t"leaf%d_%d"[%d]\n' $((i + 1)) $p $i $((half + j + 1)); done
            for ((m = 0; m < half; m++)); do printf '[%d]\t"core%d_%d"[%d]\n' $((half + m + 1)) $j $m $((p + 1)); done
            printf '\n'
        done
    done
    for ((j = 0; j < half; j++)); do
        for ((m = 0; m < half; m++)); do
            printf 'Switch\t%d "core%d_%d"\n' $K $j $m
            for ((p = 0; p < pods; p++)); do printf '[%d]\t"agg%d_%d"[%d]\n' $((p + 1)) $p $j $((half + m + 1)); done
            printf '\n'
        done
    done
}

wait_for() { # file pattern seconds
    local i
    for ((i = 0; i < $3; i++)); do
        grep -q "$2" "$1" 2> /dev/null && return 0
        sleep 1
    done
    return 1
}

make_one() {
    local pods=$1
    local hosts=$((pods * half * half)) switches=$((pods * K + half * half))
    local run="$OUT/ft$hosts"
    mkdir -p "$run"
    net "$pods" > "$run/ibsim.net"
    local nodes=$((hosts + switches + 16))
    (cd "$run" && exec ibsim -s -n -N $nodes -S $((switches + 16)) -P $((switches * (K + 1) + hosts * 2 + 64)) ibsim.net > ibsim.log 2>&1) &
    local sim=$!
    sleep 2
    (
        cd "$run" || exit 1
        export OSM_TMP_DIR=$run OSM_CACHE_DIR=$run LD_PRELOAD=$sim_so
        local t0=$SECONDS
        opensm -d2 -D 0x43 -R "$ENGINE" -f "$run/osm.log" --dump_files_dir "$run" -s 0 > /dev/null 2>&1 &
        local sm=$!
        if ! wait_for "$run/osm.log" 'SUBNET UP' 7200; then
            echo "ft$hosts: no SUBNET UP" >&2
        fi
        echo "$((SECONDS - t0)) s to SUBNET UP" > "$run/opensm.time"
        sleep 5
        ibnetdiscover > "$run/ibnetdiscover.txt" 2> /dev/null
        [[ ${DUMP_FTS:-0} == 1 ]] && dump_fts > "$run/dump_fts.txt" 2> /dev/null
        kill "$sm"
        wait "$sm" 2> /dev/null
    )
    kill "$sim"
    wait "$sim" 2> /dev/null
    [[ ${SKIP_IBDMCHK:-0} == 1 ]] && { echo "ft$hosts: $(cat "$run/opensm.time") (ibdmchk skipped)"; return; }
    # ibdmchk (ibutils 1.5.7) may segfault after printing its verdict: keep its output and time.
    (cd "$run" && /usr/bin/time -f '%e s wall, %U s user, %S s system, %M KiB peak' -o ibdmchk.time \
        ibdmchk -s opensm-subnet.lst -f opensm.fdbs -m opensm.mcfdbs > ibdmchk.full 2>&1) 2> /dev/null
    grep -E 'credit loop|Credit Loops|missing paths|Fail to find|-E-' "$run/ibdmchk.full" | head -40 > "$run/ibdmchk.txt"
    echo "ft$hosts: $(cat "$run/opensm.time"); ibdmchk $(cat "$run/ibdmchk.time"): $(tr '\n' ' ' < "$run/ibdmchk.txt")"
}

for pods in ${@:-8 16}; do make_one "$pods"; done
