#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes fattree-k4-unlabelled.csv: the cabling plan of a k=4 fat-tree (Al-Fares et al., SIGCOMM 2008:
k pods of k/2 ToRs and k/2 aggregation switches, (k/2)^2 core switches, k^3/4 = 16 hosts) as an
architect's spreadsheet would list it: no role column, names only (p0-h0-0 = pod 0, ToR 0, host 0;
p0-tor0; p0-agg0; core0-0 = core group 0 (linked to agg 0 of every pod), member 0).

Two ToR-aggregation cables of pod 0 are marked failed and left out of the plan: p0-tor0--p0-agg0 and
p0-tor1--p0-agg1. Then p0-tor0 reaches the rest of its pod only through other pods and back down, so
shortest-path (ECMP) routes go down to another pod's ToR and up again ("bounce") - the two-failure case
of Hu et al., "Deadlocks in Datacenter Networks: Why Do They Form, and How to Avoid Them" (HotNets
2016), which makes a cyclic buffer dependency. Run: python3 make-fattree-k4.py > fattree-k4-unlabelled.csv
"""
import sys

K = 4
HALF = K // 2
FAILED = {("p0-tor0", "p0-agg0"), ("p0-tor1", "p0-agg1")}

rows = []
next_port = {}


def port(node, host=False):
    if host:
        n = next_port.get(node, 0)
        next_port[node] = n + 1
        return f"eth{n}"
    n = next_port.get(node, 0)
    next_port[node] = n + 1
    return f"Ethernet{8 * n}"


def cable(a, b, speed, metres, medium, host=False, failed=False):
    pa, pb = port(a, host), port(b)
    if failed:
        return  # the ports stay numbered as cabled; the failed cable is not in the plan
    rows.append((f"C{len(rows) + 1:04}", a, pa, b, pb, speed, metres, medium))


for p in range(K):
    for t in range(HALF):
        tor = f"p{p}-tor{t}"
        for h in range(HALF):
            cable(f"p{p}-h{t}-{h}", tor, 400, 2, "DAC", host=True)
    for t in range(HALF):
        for a in range(HALF):
            tor, agg = f"p{p}-tor{t}", f"p{p}-agg{a}"
            cable(tor, agg, 400, 15, "AOC", failed=(tor, agg) in FAILED)
    for a in range(HALF):
        for j in range(HALF):
            cable(f"p{p}-agg{a}", f"core{a}-{j}", 400, 60, "fibre")

out = sys.stdout
out.write("cable_id,a_device,a_port,b_device,b_port,speed,cable_m,medium\n")
for r in rows:
    out.write(",".join(str(x) for x in r) + "\n")
