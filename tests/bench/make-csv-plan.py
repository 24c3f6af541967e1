#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a large cabling-plan CSV (docs/formats/importers.md, "csv") for `lfp import csv` timing.

A two-tier Clos: leaves with 32 host ports and 32 uplinks, hosts single-homed, leaf uplink u of leaf l
going to spine 32*u + l % 32 (port l // 32), so no port is cabled twice. Half the rows are host-leaf,
half leaf-spine. The names make the importer guess roles all three ways (docs/formats/importers.md,
"Roles"): leaves by name ("r12-tor"), hosts by structure ("c12-7", every link to a switch, port eth0),
spines by distance from the hosts ("s5", Ethernet ports). Deterministic: the same ROWS give the same bytes.
Not committed as data: run it where the benchmark runs (docs/performance.md).

Usage: make-csv-plan.py [ROWS] > plan.csv      (ROWS defaults to 1,000,000; rounded down to 64 per leaf)
"""
import sys


def main():
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    leaves = max(1, rows // 64)
    out = sys.stdout
    w = out.write
    w("a_device,a_port,b_device,b_port,speed,cable_m,medium,cable_id\n")
    media = ("DAC", "AOC", "fibre")
    n = 0
    for l in range(leaves):
        leaf = f"r{l}-tor"
        lines = []
        for h in range(32):
            n += 1
            lines.append(f"c{l}-{h},eth0,{leaf},Ethernet{h * 8},200G,{1 + (n % 3)},DAC,C{n}\n")
        for u in range(32):
            n += 1
            spine = f"s{32 * u + l % 32}"
            length = 3 + (n * 7) % 60
            lines.append(f"{leaf},Ethernet{256 + u * 8},{spine},Ethernet{(l // 32) * 8},400G,{length},{media[n % 3]},C{n}\n")
        w("".join(lines))


if __name__ == "__main__":
    main()
