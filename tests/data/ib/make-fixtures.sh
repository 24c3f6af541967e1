#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes the InfiniBand deadlock fixtures in this folder with the real tools from Debian:
#   apt-get install ibsim-utils libumad2sim0 opensm infiniband-diags ibutils
# For every topology (ibsim net file, written below) and every OpenSM routing engine it:
#   1. starts ibsim on the net file,
#   2. runs OpenSM (-R <engine> -Q -D 0x43) on a host port until SUBNET UP,
#   3. dumps: opensm-lfts.dump, opensm-sl2vl.dump, opensm-subnet.lst, opensm.fdbs (OpenSM's own dumps),
#      ibnetdiscover.txt and dump_fts.txt (read from the simulated switches),
#      path_sl.txt (SA PathRecord SL of every ordered CA pair, asked pair by pair with saquery -p,
#      written in the `0x<src node guid> <dlid> <sl>` form that ibdmchk -c reads),
#   4. runs ibdmchk (ibutils, the IBDM credit-loop check) on OpenSM's dumps: ibdmchk.txt,
#   5. records which engine really configured the tables (OpenSM falls back to minhop): summary.tsv.
# The tests read the committed files; they never run ibsim. Re-run: tests/data/ib/make-fixtures.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
sim_so=$(dpkg -L libumad2sim0 | grep 'libumad2sim.so$' | head -1)
engines=${ENGINES:-"minhop updn updn-roots ftree dfsssp lash"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# ---- topologies (ibsim net format; the first node's port 1 is where the SM runs: a host) ----
host() { printf 'Hca\t1 "%s"\n[1]\t"%s"[%d]\n\n' "$1" "$2" "$3"; }

# ring of N switches, 2 hosts each; switch port 7 -> next switch port 8.
ring() {
    local n=$1 i
    host h0 sw0 1
    for ((i = 0; i < n; i++)); do
        printf 'Switch\t8 "sw%d"\n[1]\t"h%d"[1]\n[2]\t"h%d"[1]\n[7]\t"sw%d"[8]\n[8]\t"sw%d"[7]\n\n' \
            $i $((2 * i)) $((2 * i + 1)) $(((i + 1) % n)) $(((i + n - 1) % n))
    done
    for ((i = 1; i < 2 * n; i++)); do host h$i sw$((i / 2)) $((i % 2 + 1)); done
}

# two-tier fat-tree: 2 spines, 4 leaves, 2 hosts per leaf. Leaf port 1,2 = hosts, 33 = spine0,
# 34 = spine1; spine port p+1 = leaf p. $1 = space-separated failed links "s-l" (spine-leaf).
fattree() {
    local failed=" $1 " s l
    host h0 leaf0 1
    for ((l = 0; l < 4; l++)); do
        printf 'Switch\t36 "leaf%d"\n[1]\t"h%d"[1]\n[2]\t"h%d"[1]\n' $l $((2 * l)) $((2 * l + 1))
        for ((s = 0; s < 2; s++)); do
            [[ $failed == *" $s-$l "* ]] || printf '[%d]\t"spine%d"[%d]\n' $((33 + s)) $s $((l + 1))
        done
        printf '\n'
    done
    for ((s = 0; s < 2; s++)); do
        printf 'Switch\t36 "spine%d"\n' $s
        for ((l = 0; l < 4; l++)); do
            [[ $failed == *" $s-$l "* ]] || printf '[%d]\t"leaf%d"[%d]\n' $((l + 1)) $l $((33 + s))
        done
        printf '\n'
    done
    for ((l = 1; l < 8; l++)); do host h$l leaf$((l / 2)) $((l % 2 + 1)); done
}

declare -A topo
topo[ring4]=$(ring 4)
topo[ring5]=$(ring 5)
topo[fattree_2x4]=$(fattree "")
topo[fattree_2x4_fail2]=$(fattree "0-0 1-1")

wait_for() { # file pattern seconds
    local i
    for ((i = 0; i < $3 * 10; i++)); do
        grep -q "$2" "$1" 2>/dev/null && return 0
        sleep 0.1
    done
    return 1
}

run_one() { # topology engine
    local t=$1 e=$2 out="$here/$1/$2" run="$work/$1-$2"
    mkdir -p "$out" "$run"
    printf '%s\n' "${topo[$t]}" > "$run/net"
    cp "$run/net" "$here/$t/ibsim.net"
    (cd "$run" && exec ibsim -s -n net > ibsim.log 2>&1) &
    local sim=$!
    sleep 0.5
    (
        cd "$run" || exit 1
        export OSM_TMP_DIR=$run OSM_CACHE_DIR=$run LD_PRELOAD=$sim_so
        local extra=()
        if [[ $e == updn-roots ]]; then
            # explicit roots (the spines, or sw0 of a ring), GUIDs from the minhop run's subnet list
            sed -n 's/.*NodeGUID:\([0-9A-Fa-f]*\).*{\(spine[0-9]*\|sw0\)}.*/0x\1/p' "$here/$t/opensm-subnet.lst" | sort -u > "$run/roots"
            extra=(-a "$run/roots")
        fi
        opensm -d2 -D 0x43 -R "${e%-roots}" "${extra[@]}" -Q -f "$run/osm.log" --dump_files_dir "$run" -s 0 > /dev/null 2>&1 &
        local sm=$!
        if ! wait_for "$run/osm.log" 'SUBNET UP' 30; then
            echo "$t/$e: no SUBNET UP" >&2
        fi
        sleep 0.5
        ibnetdiscover > "$run/ibnetdiscover.txt" 2>/dev/null
        dump_fts > "$run/dump_fts.txt" 2>/dev/null
        # CA port LIDs and node GUIDs, from OpenSM's subnet list
        grep -o '{ CA[^}]*}[^}]*}' "$run/opensm-subnet.lst" | sed -n 's/.*NodeGUID:\([0-9A-Fa-f]*\).*LID:\([0-9A-Fa-f]*\) PN.*/\1 \2/p' | sort -u > "$run/cas"
        : > "$run/path_sl.txt"
        : > "$run/saquery.txt"
        while read -r sguid slid; do
            while read -r dguid dlid; do
                [[ $sguid == "$dguid" ]] && continue
                local rec
                rec=$(saquery -p --slid $((16#$slid)) --dlid $((16#$dlid)) 2>&1)
                printf '%s\n' "$rec" >> "$run/saquery.txt"
                local sl
                sl=$(printf '%s\n' "$rec" | sed -n 's/^[[:space:]]*sl\.*0x\([0-9a-fA-F]*\).*/\1/p' | head -1)
                [[ -n $sl ]] && printf '0x%s %d %d\n' "$sguid" $((16#$dlid)) $((16#$sl)) >> "$run/path_sl.txt"
            done < "$run/cas"
        done < "$run/cas"
        kill "$sm"
        wait "$sm" 2>/dev/null
    )
    kill "$sim"
    wait "$sim" 2>/dev/null
    local used
    used=$(sed -n 's/.*osm_ucast_mgr_process: \(.*\) tables configured.*/\1/p' "$run/osm.log" | tail -1)
    # ibdmchk segfaults after printing its verdict (ibutils 1.5.7), so only its output is kept.
    (cd "$run" && ibdmchk -s opensm-subnet.lst -f opensm.fdbs -m opensm.mcfdbs -c path_sl.txt > ibdmchk.full 2>&1) 2> /dev/null
    grep -E 'credit loop|Credit Loops|missing paths|Fail to find|-E-' "$run/ibdmchk.full" | head -40 > "$out/ibdmchk.txt"
    local verdict=ok
    grep -q 'credit loops in routing' "$out/ibdmchk.txt" && verdict=credit-loop
    grep -q 'missing paths' "$out/ibdmchk.txt" && verdict=missing-paths
    grep -E 'Virtual Lanes needed|Lanes needed|disabling|cannot build|ERR AB' "$run/osm.log" | sed 's/^.*-> //' | sort -u > "$out/opensm-notes.txt"
    cp "$run/opensm-lfts.dump" "$run/opensm-sl2vl.dump" "$run/path_sl.txt" "$out/"
    grep -v '^ibwarn' "$run/saquery.txt" | head -40 > "$out/saquery-sample.txt"
    if [[ $e == minhop ]]; then
        cp "$run/ibnetdiscover.txt" "$run/opensm-subnet.lst" "$here/$t/"
        cp "$run/dump_fts.txt" "$out/"
    fi
    printf '%s\t%s\t%s\t%s\n' "$t" "$e" "${used:-?}" "$verdict" > "$out/summary.tsv"
    echo "$t/$e: tables by ${used:-?}, ibdmchk: $verdict"
}

for t in fattree_2x4 fattree_2x4_fail2 ring4 ring5; do
    for e in $engines; do run_one "$t" "$e"; done
done
{
    printf 'topology\tengine\tconfigured_by\tibdmchk\n'
    cat "$here"/*/*/summary.tsv
} > "$here/summary.tsv"
rm -f "$here"/*/*/summary.tsv
