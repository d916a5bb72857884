#!/usr/bin/env bash
# The project's checks, as CI runs them: setup (packages, tools, servers;
# clippy's and the test binaries' builds beside it: setup.sh --tests), then
# cargo fmt, clippy and the test suite. Every step runs; the exit status is
# that of the first cargo step that failed (0 if none did).
#
# Tests run in the `ci` profile (Cargo.toml: release's optimizations without
# its fat LTO) so load tests run at realistic speed and the build stays short. They find
# nginx, h2o, nghttpd and Caddy through BARRAGE_NGINX, BARRAGE_H2O,
# BARRAGE_NGHTTPD and BARRAGE_CADDY
# and the tools on PATH; the tests that need them are #[ignore = "needs …"],
# run here with --include-ignored, and fail when what they need is missing.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"

step() { printf '\n==> %s\n' "$*"; }

step "scripts/setup.sh --tests"
bash scripts/setup.sh --tests

# setup.sh ran in a child shell: repeat its PATH choice here.
if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
  export PATH="$HOME/.cargo/bin:$PATH"
fi

# The servers live in /usr/sbin or /usr/bin, which a non-root PATH may lack.
find_server() {
  command -v "$1" || { [ -x "/usr/sbin/$1" ] && echo "/usr/sbin/$1"; } || true
}
BARRAGE_NGINX=$(find_server nginx)
BARRAGE_H2O=$(find_server h2o)
BARRAGE_NGHTTPD=$(find_server nghttpd)
BARRAGE_CADDY=$(find_server caddy)
# oha: the optimized one of the full set-up, else the tests' own (setup.sh).
BARRAGE_OHA=$(command -v oha || { [ -x "${CARGO_HOME:-$HOME/.cargo}/bin/oha" ] && echo "${CARGO_HOME:-$HOME/.cargo}/bin/oha"; } || { [ -x "$repo/target/test-tools/bin/oha" ] && echo "$repo/target/test-tools/bin/oha"; } || true)
# ghz: setup.sh's `go install` puts it in `go env GOPATH`/bin (~/go/bin).
BARRAGE_GHZ=$(command -v ghz || { command -v go >/dev/null 2>&1 && [ -x "$(go env GOPATH)/bin/ghz" ] && echo "$(go env GOPATH)/bin/ghz"; } || { [ -x "$HOME/go/bin/ghz" ] && echo "$HOME/go/bin/ghz"; } || true)
export BARRAGE_NGINX BARRAGE_H2O BARRAGE_NGHTTPD BARRAGE_CADDY BARRAGE_OHA BARRAGE_GHZ
for var in BARRAGE_NGINX BARRAGE_H2O BARRAGE_NGHTTPD BARRAGE_CADDY BARRAGE_OHA BARRAGE_GHZ; do
  printf '%s=%s\n' "$var" "${!var:-(not found)}"
done

status=0
results=()
run() {
  local name=$1 rc=0
  shift
  step "$*"
  "$@" || rc=$?
  if [ "$rc" -eq 0 ]; then
    results+=("ok      $name")
  else
    results+=("FAILED  $name (exit $rc)")
    [ "$status" -ne 0 ] || status=$rc
  fi
}

run fmt cargo fmt --all -- --check
run clippy cargo clippy --workspace --all-targets --locked -- -D warnings
# --no-fail-fast: every test binary runs, so one run shows every failure.
# --include-ignored: the tests marked #[ignore = "needs nginx…"] (external
# servers and tools, installed above) run too; a plain `cargo test` lists
# them as ignored instead of skipping them silently.
run test cargo test --workspace --locked --profile ci --no-fail-fast -- --include-ignored

step "summary"
printf '  %s\n' "${results[@]}"
exit "$status"
