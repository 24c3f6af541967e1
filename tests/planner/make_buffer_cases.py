#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Re-creates the buffer golden cases (tests/planner/buf-*/fabric.json).

Each case is a generated fabric with one deliberate buffer problem; its expected-findings.json lists
what the buffer checks (and nothing else) must report. Usage (from the source tree):

    build/cli/lfp generate example -o /tmp/example.json
    build/cli/lfp generate leaf-spine --spines 2 --leaves 32 --hosts-per-leaf 2 --asic spectrum-1 \
        --switch-model SN2700 --fabric-speed 100G --host-speed 100G -o /tmp/sn2700.json
    python3 tests/planner/make_buffer_cases.py /tmp/example.json /tmp/sn2700.json

Only the buf-* cases are written; the policy cases are not touched.
"""
import copy
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def node(fabric, name):
    for n in fabric["nodes"]:
        if n["name"] == name:
            return n
    raise KeyError(name)


def write(case, fabric, description, expected):
    d = os.path.join(HERE, case)
    os.makedirs(d, exist_ok=True)
    fabric = copy.deepcopy(fabric)
    fabric["name"] = case
    fabric["description"] = f"Golden case {case}: {description}"
    with open(os.path.join(d, "fabric.json"), "w") as f:
        json.dump(fabric, f, indent=2, sort_keys=True)
        f.write("\n")
    with open(os.path.join(d, "expected-findings.json"), "w") as f:
        json.dump({"findings": expected}, f, indent=2)
        f.write("\n")


def headroom_300m_400g(example):
    f = copy.deepcopy(example)
    for l in f["links"]:
        if l["a"] == {"node": "leaf1", "port": "Ethernet32"}:
            l["length"] = "300m"
            l["medium"] = "fibre"
    for sw in ("leaf1", "spine1"):
        node(f, sw).setdefault("attributes", {})["buffer.max_headroom_size"] = "300KiB"
    write("buf-headroom-300m-400g", f,
          "leaf1:Ethernet32 - spine1:Ethernet0 (400G, 8 lanes) runs over 300 m of fibre; with the per-port "
          "maximum headroom of 300 KiB set on both switches (buffer.max_headroom_size, standing for the SAI "
          "value read from the switch) the 400G/300 m lossless PG (322,560 B) does not fit, the 6 m ports do",
          [{"code": "LFP-BUF-HEADROOM-EXCEEDS-PORT-MAX", "severity": "error", "objects": ["leaf1:Ethernet32"]},
           {"code": "LFP-BUF-HEADROOM-EXCEEDS-PORT-MAX", "severity": "error", "objects": ["spine1:Ethernet0"]}])


def ecn_after_pfc(example):
    f = copy.deepcopy(example)
    f["policies"][0]["ecn"][0]["kmin"] = 4000000
    f["policies"][0]["ecn"][0]["kmax"] = 6000000
    switches = [n["name"] for n in f["nodes"] if n["role"] != "host"]
    write("buf-ecn-after-pfc", f,
          "ECN Kmin raised to 4 MB (Kmax 6 MB): above alpha*(B - H)/(k + alpha*Q) on every switch "
          "(about 2.48 MB on a leaf, 3.72 MB on a spine), so PFC pauses before ECN marks",
          [{"code": "LFP-ECN-AFTER-PFC", "severity": "warning", "objects": sorted([sw, "policy:roce-lossless"])} for sw in switches])


def overcommitted(sn2700):
    f = copy.deepcopy(sn2700)
    p = f["policies"][0]
    # Two lossless classes (Guo et al. 2016): RoCE on 3, storage on 4.
    p["lossless"] = [3, 4]
    p["tc_to_pg"][4] = 4
    p["classes"] = [{"id": 0, "name": "default"}, {"id": 3, "name": "RoCE"}, {"id": 4, "name": "storage"}, {"id": 6, "name": "CNP"}]
    p["dscp_to_tc"]["24"] = 4
    p["ecn"][0]["queues"] = [3, 4]
    p["ets"] = [{"mode": "dwrr", "queue": 0, "weight": 40}, {"mode": "dwrr", "queue": 3, "weight": 30},
                {"mode": "dwrr", "queue": 4, "weight": 30}, {"mode": "strict", "queue": 6, "weight": 0}]
    p["nic"]["pfc"] = [3, 4]
    for l in f["links"]:
        if l["a"]["node"].startswith("spine") or l["b"]["node"].startswith("spine"):
            l["length"] = "1000m"
            l["medium"] = "fibre"
    spines = [n["name"] for n in f["nodes"] if n["role"] == "spine"]
    write("buf-overcommitted", f,
          "SN2700 (Spectrum-1, 13.9 MB) spines reach 32 leaves over 1 km of fibre with two lossless classes "
          "(3 and 4): 64 lossless PGs x 203,776 B plus the per-port reservations exceed the buffer",
          [{"code": "LFP-BUF-POOL-OVERCOMMITTED", "severity": "error", "objects": [s]} for s in spines])


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        example = json.load(f)
    with open(sys.argv[2]) as f:
        sn2700 = json.load(f)
    headroom_300m_400g(example)
    ecn_after_pfc(example)
    overcommitted(sn2700)


if __name__ == "__main__":
    main()
