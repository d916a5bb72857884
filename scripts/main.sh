#!/usr/bin/env bash
# barrage's main job, from a fresh Debian/Ubuntu machine: install what it
# needs and build it, with the servers of the suite (`scripts/setup.sh
# --main`: only barrage's build and what those servers need, the servers
# built side by side and alongside barrage's cargo build, and on a second
# run reused), run the catalogue suite (suites/catalogue.toml: the built-in
# server and every catalogue server, each pinned to core 1, loaded from
# core 0) and write its report. The time of each phase (apt, servers,
# cargo, suite) and the total are printed at the end, before the report's
# paths; the last line printed is the HTML report's path.
#
#   scripts/main.sh                    the suite with --quick (a few minutes)
#   SUITE=suites/seed-004-dynamic.toml scripts/main.sh
#   QUICK= scripts/main.sh             the suite's full plan
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
began=$SECONDS
suite=${SUITE:-suites/catalogue.toml}
# A server that fails to build is reported by the run as failed: go on.
# barrage in the ci profile (Cargo.toml: release's optimizations without
# whole-program LTO): it builds in about half the time of `release`, and
# its client CPU per response measured the same (BENCHMARKS.md, issue 29);
# scripts/test.sh then reuses its dependencies. bench/ uses `release`.
bash scripts/setup.sh --main --suite "$suite" --profile ci ||
  echo "main: the set-up reported a problem (above); running what it built" >&2
if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
  export PATH="$HOME/.cargo/bin:$PATH"
fi

barrage=$repo/target/ci/barrage
if [ ! -x "$barrage" ] || [ "$(cut -d' ' -f1 results/.setup/barrage.status 2>/dev/null)" != 0 ]; then
  echo "main: barrage's build failed: see results/.setup/barrage.log" >&2
  exit 1
fi
quick=${QUICK---quick}
results=$repo/results
mkdir -p "$results"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
# Exit 1 means a server failed (the results say which); the report is still
# written. Anything else (2: a bad suite) stops here.
suite_began=$SECONDS
status=0
# shellcheck disable=SC2086 # $quick is one flag or none
"$barrage" run "$suite" $quick --results "$results" 2> >(tee "$log" >&2) || status=$?
wait
suite_s=$((SECONDS - suite_began))
if [ "$status" -gt 1 ]; then
  exit "$status"
fi
dir=$(sed -n 's/^barrage run: results in \(.*\) (results.json.*/\1/p' "$log" | tail -1)
if [ -z "$dir" ]; then
  echo "main: barrage run printed no results directory" >&2
  exit 1
fi
echo
"$barrage" report "$dir" >/dev/null

# The phases, as scripts/setup.sh measured them (results/.setup/phases):
# barrage's cargo build starts once the compiler is installed and runs
# alongside the rest of apt and the servers' builds.
# Each line is `NAME WALL CPU` (seconds); a phase's CPU over its wall time
# says how much of the two cores it kept busy (200% is both).
phase() { awk -v n="$1" '$1 == n { w = $2; c = $3 } END { if (w != "") printf "%s s%s", w, (c != "" && c != "-" && w > 0) ? sprintf(" at %d%% CPU", 100 * c / w) : "" }' "$results/.setup/phases" 2>/dev/null; }
mmss() { printf '%d min %02d s' $(($1 / 60)) $(($1 % 60)); }
# The CPU of everything this script ran (its finished children), against
# its wall time.
ticks=$(getconf CLK_TCK 2>/dev/null || echo 100)
total_s=$((SECONDS - began))
cpu_s=$(awk -v hz="$ticks" '{ sub(/^.*\) /, ""); printf "%.0f", ($14 + $15) / hz }' "/proc/$$/stat")
printf 'main: set-up %s (apt %s, servers %s; cargo %s alongside them); suite %s s; total %s, CPU %s s (%d%% of the wall time)\n' \
  "$(phase setup)" "$(phase apt)" "$(phase servers)" "$(phase cargo)" "$suite_s" "$(mmss "$total_s")" "$cpu_s" $((100 * cpu_s / (total_s > 0 ? total_s : 1)))
echo "summary: $dir/report.md"
echo "report:  $dir/report.html"
