#!/usr/bin/env bash
# Every fuzz target of fuzz/ under libFuzzer (cargo fuzz, nightly), for
# SECONDS each, from the corpus kept in the repository (fuzz/corpus/TARGET),
# which the run grows and then minimizes (cargo fuzz cmin). A crash, leak
# or timeout stops nothing: it is written to fuzz/artifacts/TARGET and to
# the table.
#
#   bench/fuzz.sh [TARGET]...          (default: every target in fuzz/Cargo.toml)
#
# Needs nightly Rust (rustup toolchain install nightly) and cargo-fuzz
# (cargo install cargo-fuzz --locked). Environment: SECONDS_EACH (180),
# RESULTS_DIR (bench/results). The table (target, runs, seconds, corpus
# files before and after, what was found) goes to stdout and is appended to
# RESULTS_DIR/DATE-fuzz.md.
set -euo pipefail
BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$BENCH_DIR/.." && pwd)
SECONDS_EACH=${SECONDS_EACH:-180}
RESULTS_DIR=${RESULTS_DIR:-$BENCH_DIR/results}
log() { printf 'fuzz: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }
[[ $SECONDS_EACH =~ ^[1-9][0-9]*$ ]] || die "SECONDS_EACH must be a positive integer, not '$SECONDS_EACH'"
cargo +nightly --version >/dev/null 2>&1 || die "nightly Rust is needed: rustup toolchain install nightly"
cargo fuzz --version >/dev/null 2>&1 || die "cargo-fuzz is needed: cargo install cargo-fuzz --locked"
cd "$REPO/fuzz"
if [ $# -gt 0 ]; then
  targets=("$@")
else
  mapfile -t targets < <(cargo +nightly fuzz list)
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
rows=()
for t in "${targets[@]}"; do
  corpus="corpus/$t"
  mkdir -p "$corpus" "artifacts/$t"
  before=$(find "$corpus" -type f | wc -l)
  found_before=$(find "artifacts/$t" -type f | wc -l)
  log "$t: ${SECONDS_EACH}s from $before inputs"
  # -O: optimized, as the runs in fuzz/README.md; a finding ends the run early.
  cargo +nightly fuzz run -O "$t" "$corpus" -- -max_total_time="$SECONDS_EACH" \
    >"$TMP/$t.log" 2>&1 || true
  runs=$(grep -oE 'Done [0-9]+ runs in [0-9]+ second' "$TMP/$t.log" | tail -1 | awk '{print $2 " " $5}')
  [ -n "$runs" ] || runs="- -"
  found=$(( $(find "artifacts/$t" -type f | wc -l) - found_before ))
  if [ "$found" -gt 0 ]; then
    what="**$found finding(s)**: $(grep -m1 -E '^==[0-9]+==ERROR|panicked at|deadly signal|timeout' "$TMP/$t.log" | cut -c1-120)"
  else
    what="none"
  fi
  cargo +nightly fuzz cmin -O "$t" "$corpus" >"$TMP/$t.cmin.log" 2>&1 || log "$t: cmin failed: $(tail -2 "$TMP/$t.cmin.log")"
  after=$(find "$corpus" -type f | wc -l)
  read -r n s <<<"$runs"
  rows+=("| \`$t\` | $n | $s | $before | $after | $what |")
  log "$t: $n runs in $s s, corpus $before -> $after, found: $what"
done
mkdir -p "$RESULTS_DIR"
{
  printf '\n## %s, %s s each, nightly %s, %s cores\n\n' "$(date -u '+%F %H:%MZ')" "$SECONDS_EACH" \
    "$(rustc +nightly --version | awk '{print $2}')" "$(nproc)"
  printf '| target | runs | seconds | corpus before | corpus after (minimized) | found |\n|---|--:|--:|--:|--:|---|\n'
  printf '%s\n' "${rows[@]}"
} | tee -a "$RESULTS_DIR/$(date -u +%F)-fuzz.md"
