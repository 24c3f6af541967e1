#!/usr/bin/env bash
# Builds the fuzzers (clang, ASan+UBSan, libFuzzer) in build-fuzz/ and runs each one for SECONDS
# (default 240) on a corpus seeded from tests/data. Crashes are copied to tests/fuzz/regressions/<reader>/
# (where tst_fuzz_regressions feeds them to every reader); the figures go to build-fuzz/fuzz-report.txt.
# Usage: tests/fuzz/run-fuzzers.sh [SECONDS] [READER...]
# Environment: JOBS (build parallelism, default 1), LFP (an lfp binary for the project seeds, default
# build/cli/lfp; else the one built here), NICE (niceness of builds and fuzzers, default 19: shared
# machines), KEEP_CORPUS=1 (after the run, minimise each corpus with -merge=1 and store it as
# tests/fuzz/corpus/READER.tar.xz, from which the next run on a fresh tree starts).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
SECS="${1:-240}"; shift || true
READERS=("$@"); [ ${#READERS[@]} -eq 0 ] && READERS=(ibnetdiscover ibnd-cache lldp sonic netbox csv graphml clab fabric-json asic-json project project-rows nic-evidence)
command -v clang++ >/dev/null || { SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo; $SUDO apt-get install -y -qq --no-install-recommends clang libclang-rt-dev; }
B="$ROOT/build-fuzz"
cmake -S "$ROOT" -B "$B" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DLFP_BUILD_GUI=OFF -DLFP_BUILD_BENCH=OFF -DLFP_BUILD_FUZZERS=ON >/dev/null
TARGETS=()
for r in "${READERS[@]}"; do TARGETS+=("fuzz_${r//-/_}"); done
LFP="${LFP:-$ROOT/build/cli/lfp}"
if [[ " ${READERS[*]} " == *" project"* && ! -x "$LFP" ]]; then TARGETS+=(lfp); LFP="$B/cli/lfp"; fi
NICE="${NICE:-19}"
nice -n "$NICE" cmake --build "$B" -j "${JOBS:-1}" --target "${TARGETS[@]}"
seeds() { # seeds READER DIR
  local d="$ROOT/tests/data"
  # Hand-made seeds that reach what the test data does not (tests/fuzz/seeds/READER/; coverage.sh shows
  # what a corpus misses): e.g. a fabric with every optional section, which no mutation of the example built.
  [ -d "$ROOT/tests/fuzz/seeds/$1" ] && cp "$ROOT/tests/fuzz/seeds/$1"/* "$2"/
  case "$1" in
    ibnetdiscover) cp "$d"/ibnetdiscover/*.txt "$d"/ibnetdiscover/*.net "$2"/ ;;
    ibnd-cache) cp "$d"/ibnd-cache/*.cache "$2"/ ;;
    lldp) cp "$d"/lldp/* "$2"/ ;;
    sonic) cp "$d"/sonic/*.json "$2"/ ;;
    netbox) cp "$d"/netbox/* "$2"/ ;;
    csv) cp "$d"/csv/* "$2"/ ;;
    graphml) cp "$d"/graphml/* "$2"/ ;;
    clab) cp "$d"/clab/* "$2"/ ;;
    nic-evidence) find "$d"/evidence -type f ! -name README.md -exec cp --backup=numbered {} "$2"/ \; ;;
    fabric-json) cp "$ROOT"/resources/examples/*.json "$2"/ 2>/dev/null || true
                 # 100,000 deep: the issue's crash; deeper seeds only slow every crossover with them.
                 printf '{"zz": %s%s, "format": "nope"}' "$(head -c 100000 /dev/zero | tr '\0' '[')" "$(head -c 100000 /dev/zero | tr '\0' ']')" >"$2/deep.json" ;;
    asic-json) cp "$ROOT"/resources/asics/*.json "$2"/ ;;
    project) for k in 4 8; do "$LFP" generate fat-tree --k $k -o "$2/ft$k.lfp" >/dev/null 2>&1 || true; done ;;
    project-rows) cp "$ROOT"/tests/fuzz/regressions/project-rows/* "$2"/ 2>/dev/null || true
                  "$LFP" generate fat-tree --k 4 -o "$2/ft4.json" >/dev/null 2>&1 || true
                  for f in "$ROOT"/resources/examples/*.json "$ROOT"/tests/fuzz/seeds/fabric-json/*.json "$ROOT"/tests/fuzz/seeds/fabric-json/*.bad "$2/ft4.json"; do # one and two revisions of each fabric
                    [ -f "$f" ] || continue
                    b="$(basename "$f" .json)"
                    { printf 'application=Lossless Fabric Planner\0'; printf '2026-12-01T00:00:00Z\0fuzz\0seed\0001\0000\0000\0\0'; cat "$f"; } >"$2/$b-1"
                    { cat "$2/$b-1"; printf '\0002026-12-02T00:00:00Z\0fuzz\0second\0001\0000\0000\0\0'; cat "$f"; } >"$2/$b-2"
                  done
                  rm -f "$2/ft4.json" ;;
  esac
}
REPORT="$B/fuzz-report.txt"
# libibnetdisc leaks a little on every load (upstream, see lsan.supp); everything else must not leak.
export LSAN_OPTIONS="suppressions=$ROOT/tests/fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
: >>"$REPORT"
for r in "${READERS[@]}"; do
  t="fuzz_${r//-/_}"
  corpus="$B/corpus/$r"; art="$B/artifacts/$r/"
  mkdir -p "$corpus" "$art"
  if [ -z "$(ls -A "$corpus")" ]; then
    seeds "$r" "$corpus"
    # the minimised corpus of an earlier run (KEEP_CORPUS=1), when there is one
    [ -f "$ROOT/tests/fuzz/corpus/$r.tar.xz" ] && tar -xJf "$ROOT/tests/fuzz/corpus/$r.tar.xz" -C "$corpus"
  fi
  dict=(); [ -f "$ROOT/tests/fuzz/$r.dict" ] && dict=(-dict="$ROOT/tests/fuzz/$r.dict")
  log="$B/fuzz-$r.log"
  set +e
  # 1 MiB: deep inputs (a 100,000-deep array is 200 kB) and whole small projects fit.
  nice -n "$NICE" "$B/tests/fuzz/$t" "$corpus" "${dict[@]}" -max_total_time="$SECS" -max_len=1048576 -timeout=10 -rss_limit_mb=2048 \
     -artifact_prefix="$art" -print_final_stats=1 >"$log" 2>&1
  rc=$?
  set -e
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
  cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1 || true)
  last=$(grep -E '^#[0-9]+[[:space:]]+NEW' "$log" | tail -1 | grep -oE '^#[0-9]+' || true)
  echo "$r: exit $rc, ${runs:-?} runs in ${SECS}s, ${cov:-cov ?}, corpus $(ls "$corpus" | wc -l) files, last new coverage at run ${last:-?}" | tee -a "$REPORT"
  if [ "${KEEP_CORPUS:-0}" = 1 ]; then
    min="$B/corpus-min/$r"; rm -rf "$min"; mkdir -p "$min" "$ROOT/tests/fuzz/corpus"
    nice -n "$NICE" "$B/tests/fuzz/$t" -merge=1 "$min" "$corpus" -max_len=1048576 -timeout=10 -rss_limit_mb=2048 >"$B/merge-$r.log" 2>&1 || true
    tar -cJf "$ROOT/tests/fuzz/corpus/$r.tar.xz" -C "$min" .
    echo "  kept the minimised corpus: $(ls "$min" | wc -l) files, tests/fuzz/corpus/$r.tar.xz $(du -k "$ROOT/tests/fuzz/corpus/$r.tar.xz" | cut -f1) kB" | tee -a "$REPORT"
  fi
  for a in "$art"*; do
    [ -f "$a" ] || continue
    mkdir -p "$ROOT/tests/fuzz/regressions/$r"
    cp "$a" "$ROOT/tests/fuzz/regressions/$r/"
    echo "  kept $(basename "$a")" | tee -a "$REPORT"
  done
done
