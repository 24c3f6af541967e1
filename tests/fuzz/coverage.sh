#!/usr/bin/env bash
# Which lines a fuzzing corpus reaches: builds the harnesses with clang's source-based coverage (no
# sanitizers) in build-fuzz-cov/, replays each reader's corpus once (-runs=0) and writes
#   build-fuzz-cov/coverage-READER.txt   llvm-cov's per-file report (regions, functions, lines, branches)
#   build-fuzz-cov/uncovered-READER.txt  what of model/ and importers/ it never executed: functions the
#                                        harness never called, and the regions inside called ones
#                                        (coverage-summary.py)
# This is how docs/performance.md judges saturation: what is still uncovered, and whether the harness can
# reach it at all.
# Usage: tests/fuzz/coverage.sh [READER...]   (default: fabric-json asic-json project-rows)
# Corpus: build-fuzz/corpus-min/READER (a KEEP_CORPUS=1 run's minimised corpus) when present, else
# build-fuzz/corpus/READER, else the kept tests/fuzz/corpus/READER.tar.xz. Environment: JOBS (default 1),
# NICE (default 19).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
READERS=("$@"); [ ${#READERS[@]} -eq 0 ] && READERS=(fabric-json asic-json project-rows)
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
command -v clang++ >/dev/null || $SUDO apt-get install -y -qq --no-install-recommends clang libclang-rt-dev
command -v python3 >/dev/null || $SUDO apt-get install -y -qq --no-install-recommends python3
command -v llvm-profdata >/dev/null && command -v llvm-cov >/dev/null || $SUDO apt-get install -y -qq --no-install-recommends llvm
B="$ROOT/build-fuzz-cov"
NICE="${NICE:-19}"
cmake -S "$ROOT" -B "$B" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DLFP_BUILD_GUI=OFF -DLFP_BUILD_BENCH=OFF -DLFP_BUILD_FUZZERS=ON -DLFP_FUZZ_COVERAGE=ON >/dev/null
TARGETS=(); for r in "${READERS[@]}"; do TARGETS+=("fuzz_${r//-/_}"); done
nice -n "$NICE" cmake --build "$B" -j "${JOBS:-1}" --target "${TARGETS[@]}"
for r in "${READERS[@]}"; do
  t="fuzz_${r//-/_}"
  corpus=""
  for c in "$ROOT/build-fuzz/corpus-min/$r" "$ROOT/build-fuzz/corpus/$r"; do
    if [ -d "$c" ] && [ -n "$(ls -A "$c")" ]; then corpus="$c"; break; fi
  done
  if [ -z "$corpus" ]; then
    corpus="$B/corpus/$r"; rm -rf "$corpus"; mkdir -p "$corpus"
    tar -xJf "$ROOT/tests/fuzz/corpus/$r.tar.xz" -C "$corpus"
  fi
  rm -f "$B/$r".*.profraw
  # %p: one raw profile per process (libFuzzer may fork for -runs=0 replays of crashing inputs).
  LLVM_PROFILE_FILE="$B/$r.%p.profraw" nice -n "$NICE" "$B/tests/fuzz/$t" -runs=0 -max_len=1048576 \
    -timeout=10 -rss_limit_mb=2048 "$corpus" >"$B/replay-$r.log" 2>&1 || true
  llvm-profdata merge -sparse "$B/$r".*.profraw -o "$B/$r.profdata"
  srcs=("$ROOT/model" "$ROOT/importers")
  llvm-cov report "$B/tests/fuzz/$t" -instr-profile="$B/$r.profdata" "${srcs[@]}" >"$B/coverage-$r.txt"
  llvm-cov export "$B/tests/fuzz/$t" -instr-profile="$B/$r.profdata" >"$B/$r.export.json"
  python3 "$ROOT/tests/fuzz/coverage-summary.py" "$B/$r.export.json" "$ROOT" >"$B/uncovered-$r.txt"
  echo "$r: corpus $(ls "$corpus" | wc -l) files ($corpus)"
  head -2 "$B/uncovered-$r.txt" | sed 's/^/  /'
done
