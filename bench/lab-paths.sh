#!/usr/bin/env bash
# The lab's one execution path, checked by its numbers: the same suite run on
# this machine and across namespace hosts (a server host and a client host
# inside this machine, on a bridge in 198.18.0.0/24) must give the same
# figures within noise. The runs alternate (local, hosts, local, hosts, ...)
# so a drift of the machine lands on both sides.
#
#   bench/lab-paths.sh [SUITE]      (as root; default suites/builtin-quick.toml)
#
# Environment: ROUNDS alternating pairs (1; each run has the suite's repeats), BARRAGE binary
# (target/release/barrage), RESULTS_DIR (bench/results).
#
# The namespace hosts keep the suite's pinning: the server host gets core 1,
# the client host core 0, as on this machine. After each pair, `barrage
# compare` prints, cell by cell, the median of the local repeats against
# that of the repeats across hosts, with the change and its significance;
# the tables are appended to RESULTS_DIR/DATE-lab-paths.md. The hosts'
# traffic crosses veth pairs and a bridge, not loopback: that path alone
# costs about 0.7x loopback's throughput (bench/distributed.sh), so B is
# compared with A knowing it.
set -euo pipefail
BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$BENCH_DIR/.." && pwd)
SUITE=${1:-$REPO/suites/builtin-quick.toml}
ROUNDS=${ROUNDS:-1}
BARRAGE=${BARRAGE:-$REPO/target/release/barrage}
RESULTS_DIR=${RESULTS_DIR:-$BENCH_DIR/results}

log() { printf 'lab-paths: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }
[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be a positive integer, not '$ROUNDS'"
[ -x "$BARRAGE" ] || die "$BARRAGE not found: cargo build --release, or set BARRAGE"
[ -f "$SUITE" ] || die "no suite at $SUITE"
[ "$(id -u)" = 0 ] || die "namespace hosts need root"

work=$(mktemp -d)
lab="$work/lab.toml"
cat > "$lab" <<TOML
[hosts.srv]
kind = "netns"
address = "198.18.0.20"
cores = [1]
[hosts.c1]
kind = "netns"
address = "198.18.0.10"
cores = [0]
TOML
cleanup() {
  "$BARRAGE" net down "$lab" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT INT TERM
"$BARRAGE" net up "$lab" >&2

# run SIDE ROUND: one run of the suite, its results directory moved to
# $work/SIDE/ROUND.
run() {
  local side=$1 round=$2 out="$work/$1-$2"
  local args=(run "$SUITE" --results "$out")
  [ "$side" = hosts ] && args+=(--hosts "$lab" --server-host srv --client-hosts c1)
  log "round $round: $side"
  "$BARRAGE" "${args[@]}" >"$work/$side-$round.log" 2>&1 ||
    die "$side run $round failed: $(tail -5 "$work/$side-$round.log")"
}
for round in $(seq 1 "$ROUNDS"); do
  run local "$round"
  run hosts "$round"
done

mkdir -p "$RESULTS_DIR"
table="$RESULTS_DIR/$(date -u +%Y-%m-%d)-lab-paths.md"
for round in $(seq 1 "$ROUNDS"); do
  a=$(find "$work/local-$round" -mindepth 1 -maxdepth 1 -type d | head -1)
  b=$(find "$work/hosts-$round" -mindepth 1 -maxdepth 1 -type d | head -1)
  {
    printf '\n## %s — %s, round %s: this machine (A) against namespace hosts (B)\n\n' \
      "$(date -u +%H:%MZ)" "$(basename "$SUITE")" "$round"
    printf 'barrage %s (%s), %s\n\n```text\n' "$("$BARRAGE" --version | awk '{print $2}')" \
      "$(git -C "$REPO" rev-parse --short HEAD)" "$(nproc) cores, $(uname -r)"
    "$BARRAGE" compare "$a" "$b"
    printf '```\n'
  } | tee -a "$table"
done
log "appended to $table"
