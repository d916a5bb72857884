#!/usr/bin/env bash
# barrage's main job, from a fresh Debian/Ubuntu machine: install what it
# needs (the servers of servers/ included) and build it, run the catalogue
# suite (suites/catalogue.toml: the built-in server and every server the
# set-up installed, each pinned to core 1, loaded from core 0) and write its
# report; the last line printed is the HTML report's path.
#
#   scripts/main.sh                    the suite with --quick (a few minutes)
#   SUITE=suites/seed-004-dynamic.toml scripts/main.sh
#   QUICK= scripts/main.sh             the suite's full plan
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
# A server that fails to build is reported by the run as failed: go on.
bash scripts/setup.sh || echo "main: the set-up reported a problem (above); running what it built" >&2
if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
  export PATH="$HOME/.cargo/bin:$PATH"
fi

barrage=$repo/target/release/barrage
suite=${SUITE:-suites/catalogue.toml}
quick=${QUICK---quick}
results=$repo/results
mkdir -p "$results"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
# Exit 1 means a server failed (the results say which); the report is still
# written. Anything else (2: a bad suite) stops here.
status=0
"$barrage" run "$suite" $quick --results "$results" 2> >(tee "$log" >&2) || status=$?
wait
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
echo "summary: $dir/report.md"
echo "report:  $dir/report.html"
