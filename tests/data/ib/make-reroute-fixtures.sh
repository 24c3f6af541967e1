#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes the re-route sweep fixtures in reroute/ with the real tools from Debian:
#   apt-get install ibsim-utils libumad2sim0 opensm infiniband-diags ibutils
# For ring4 and fattree_2x4 (this folder's ibnetdiscover.txt) it runs
#   lfp deadlock TOPOLOGY --reroute ENGINES --failures 2 [--sample N --seed S] --json --reroute-keep DIR
# (ibsim + OpenSM -R engine -Q -D 0x43 per failure state, docs/deadlock.md "Re-routing with OpenSM"),
# then ibdmchk (ibutils) on sampled states' OpenSM dumps, and writes
#   reroute/states.tsv  every state: topology, engine, set, failed links, engine used, LFP verdict,
#                       missing CA pairs, VLs, ibdmchk verdict ("-" when not sampled)
#   reroute/shares.tsv  per topology and engine: sets, loop-free, share (from LFP's JSON)
#   reroute/<topology>/<engine>/<set>/  the sampled states' dumps (ibnetdiscover.txt, opensm-lfts.dump,
#                       opensm-sl2vl.dump, path_sl.txt, ibdmchk.txt)
# Usage: tests/data/ib/make-reroute-fixtures.sh PATH/TO/lfp
set -eu
here=$(cd "$(dirname "$0")" && pwd)
lfp=${1:?usage: $0 PATH/TO/lfp}
out=$here/reroute
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rm -rf "$out"; mkdir -p "$out"
printf 'topology\tengine\tset\tlinks\tused\tlfp\tmissing_pairs\tvls\tibdmchk\n' > "$out/states.tsv"
printf 'topology\tengine\tsets\tloop_free\tshare\n' > "$out/shares.tsv"
sweep() { # topology engines extra-args...
    local t=$1 e=$2; shift 2
    nice -n 10 "$lfp" deadlock "$here/$t/ibnetdiscover.txt" --reroute "$e" --failures 2 "$@" --json \
        --reroute-keep "$work/$t" > "$work/$t.json" || true
    python3 - "$t" "$work/$t.json" "$work/$t" "$out" <<'PY'
import json, os, shutil, subprocess, sys
t, js, keep, out = sys.argv[1:]
r = json.load(open(js))["reroute"]
for e in r["engines"]:
    with open(f"{out}/shares.tsv", "a") as f:
        f.write(f"{t}\t{e['engine']}\t{e['sets']}\t{e['loop_free']}\t{e['loop_free_share']:.4f}\n")
    states = e["states"]
    # sampled for ibdmchk: the first state, the first with a credit loop, and one with a double failure
    pick = {0}
    pick |= {next((i for i, s in enumerate(states) if s["credit_loop"]), 0)}
    pick |= {next((i for i, s in enumerate(states) if len(s["links"]) == 2), 0)}
    for i, s in enumerate(states):
        lfp = "credit-loop" if s["credit_loop"] else "ok"
        ibd = "-"
        if i in pick and s["ran"]:
            d = f"{keep}/{e['engine']}/{i}"
            p = subprocess.run(["ibdmchk", "-s", "opensm-subnet.lst", "-f", "opensm.fdbs", "-m", "opensm.mcfdbs", "-c", "path_sl.txt"],
                               cwd=d, capture_output=True, text=True)  # ibutils 1.5.7 may segfault after its verdict
            lines = [l for l in (p.stdout + p.stderr).splitlines() if "redit loop" in l or "missing paths" in l or "-E-" in l]
            ibd = "credit-loop" if any("credit loops in routing" in l for l in lines) else "ok"
            dst = f"{out}/{t}/{e['engine']}/{i}"
            os.makedirs(dst, exist_ok=True)
            for f in ["ibnetdiscover.txt", "opensm-lfts.dump", "opensm-sl2vl.dump", "path_sl.txt"]:
                shutil.copy(f"{d}/{f}", dst)
            open(f"{dst}/ibdmchk.txt", "w").write("\n".join(lines[:40]) + "\n")
            with open(f"{d}/osm.log") as f:  # the engine line, so `--reroute dumps` finds the engine
                open(f"{dst}/opensm.log", "w").write("".join(l for l in f if "tables configured" in l))
        with open(f"{out}/states.tsv", "a") as f:
            f.write(f"{t}\t{e['engine']}\t{i}\t{' + '.join(s['links'])}\t{s['used'] or '-'}\t{lfp if s['ran'] else 'error'}\t"
                    f"{s['missing_pairs']}\t{len(s['vls'])}\t{ibd}\n")
PY
}
sweep ring4 minhop,updn,ftree,lash,dfsssp,nue
sweep fattree_2x4 minhop,updn,ftree,lash,dfsssp,nue --sample 8 --seed 1
echo "wrote $out"; cat "$out/shares.tsv"
