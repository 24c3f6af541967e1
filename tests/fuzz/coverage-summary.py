#!/usr/bin/env python3
"""Summarises `llvm-cov export` JSON of a fuzz corpus replay (tests/fuzz/coverage.sh).

Splits what the corpus did not execute into the two kinds that matter when judging saturation:
  * functions of model/ and importers/ the harness never called (mostly not reachable from it at all:
    writers, catalogue look-ups, other readers), and
  * regions never executed inside functions it did call: the fuzzer's real frontier, each listed as
    file:first-last line with the first line's code, so a reader can tell an error branch that needs an
    input the fuzzer has not built from one no input can reach (I/O failure, allocation failure).
Usage: coverage-summary.py EXPORT.json ROOT > summary.txt
"""
import json
import os.path
import subprocess
import sys
from collections import defaultdict

export, root = sys.argv[1], sys.argv[2].rstrip("/") + "/"
data = json.load(open(export))["data"][0]
SCOPES = ("model/", "importers/")


def rel(path):
    path = os.path.normpath(path)  # the build dir's "build-fuzz-cov/../model/x.cpp"
    return path[len(root):] if path.startswith(root) else None


def ours(path):
    r = rel(path)
    return r is not None and r.startswith(SCOPES)


def demangle(names):
    if not names:
        return {}
    out = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True).stdout.split("\n")
    return dict(zip(names, out))


files = {f["filename"]: f["summary"] for f in data["files"] if ours(f["filename"])}
never = defaultdict(list)       # file -> [function]
frontier = defaultdict(set)     # file -> {(first, last)}
for fn in data["functions"]:
    main_file = fn["filenames"][0]
    if not ours(main_file):
        continue
    if fn["count"] == 0:
        never[main_file].append(fn["name"])
        continue
    for first, col0, last, col1, count, file_id, _exp, kind in fn["regions"]:
        if count == 0 and kind == 0 and ours(fn["filenames"][file_id]):
            frontier[fn["filenames"][file_id]].add((first, col0, last, col1))

names = demangle(sorted({n for v in never.values() for n in v}))
source = {}


def line(path, n, col=1):
    if path not in source:
        try:
            source[path] = open(os.path.normpath(path), errors="replace").read().split("\n")
        except OSError:
            source[path] = []
    lines = source[path]
    return lines[n - 1][col - 1:].strip() if 0 < n <= len(lines) else ""


total_lines = sum(s["lines"]["count"] for s in files.values())
covered_lines = sum(s["lines"]["covered"] for s in files.values())
print(f"model/ + importers/: {covered_lines} of {total_lines} lines executed "
      f"({100.0 * covered_lines / max(total_lines, 1):.1f} %)")
frontier_lines = sum(len({n for a, _, b, _ in v for n in range(a, b + 1)}) for v in frontier.values())
print(f"never-called functions: {sum(len(v) for v in never.values())}; "
      f"unexecuted regions inside called functions: {sum(len(v) for v in frontier.values())} "
      f"({frontier_lines} lines)")
print()
for path in sorted(files):
    s = files[path]["lines"]
    if s["count"] == 0:
        continue
    called = [n for n in never.get(path, [])]
    print(f"== {rel(path)}: {s['covered']} / {s['count']} lines, "
          f"{len(called)} functions never called, {len(frontier.get(path, ()))} unexecuted regions in called ones")
    # A region is a line:column span (a branch of a ?:, a loop body), shown from its first column.
    for first, col0, last, col1 in sorted(frontier.get(path, ())):
        print(f"   frontier {first}:{col0}-{last}:{col1}: {line(path, first, col0)[:100]}")
    for n in sorted(names.get(m, m) for m in called):
        print(f"   never called: {n[:150]}")
