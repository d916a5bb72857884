#!/usr/bin/env bash
# The lab's PostgreSQL service against issue 28's bars, through the agent's
# calls as a run makes them (crates/lab/examples/service_bench.rs):
#
#   - a start with an empty cache (initdb as user postgres, the data of
#     data/database/hello_world.sql loaded with psql and checked, the cache
#     entry made): <= 60 s;
#   - a start from the cache (the data directory copied, started, checked): <= 5 s;
#   - ServiceWork + ServiceReset, what the proof of work adds to each level:
#     <= 1% of a 5 s level.
#
#   bench/service.sh [RUNS]        (3 starts of each kind)
#
# Needs PostgreSQL 15 (scripts/setup.sh; BARRAGE_PG_BIN overrides
# /usr/lib/postgresql/15/bin) and root or the user postgres. The example is
# built in the debug profile: PostgreSQL's own work dominates every figure.
# The table goes to stdout and RESULTS_DIR/DATE-service.md (bench/results).
set -euo pipefail
BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$BENCH_DIR/.." && pwd)
RUNS=${1:-3}
RESULTS_DIR=${RESULTS_DIR:-$BENCH_DIR/results}

log() { printf 'service: %s\n' "$*" >&2; }
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { log "error: RUNS must be a positive integer, not '$RUNS'"; exit 2; }

cd "$REPO"
cargo build -q -p barrage-lab --example service_bench
table=$("$REPO/target/debug/examples/service_bench" "$RUNS" "$REPO/data")
mkdir -p "$RESULTS_DIR"
out="$RESULTS_DIR/$(date -u +%Y-%m-%d)-service.md"
{
  printf '\n## PostgreSQL service, %s (%s, %s cores)\n\n' \
    "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
    "$("${BARRAGE_PG_BIN:-/usr/lib/postgresql/15/bin}/postgres" --version)" "$(nproc)"
  printf '%s\n' "$table"
} | tee -a "$out"
log "appended to $out"
