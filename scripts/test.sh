#!/usr/bin/env bash
# The project's checks, as CI runs them: setup (packages, no build), then
# cargo fmt, clippy and the test suite. Every step runs; the exit status is
# that of the first cargo step that failed (0 if none did).
#
# Tests run in release mode so load tests run at realistic speed. They find
# nginx through BARRAGE_NGINX.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"

step() { printf '\n==> %s\n' "$*"; }

step "scripts/setup.sh --no-build"
bash scripts/setup.sh --no-build

# setup.sh ran in a child shell: repeat its PATH choice here.
if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
  export PATH="$HOME/.cargo/bin:$PATH"
fi

BARRAGE_NGINX=$(command -v nginx || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; } || true)
export BARRAGE_NGINX
printf 'BARRAGE_NGINX=%s\n' "${BARRAGE_NGINX:-(not found)}"

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
run test cargo test --workspace --locked --release

step "summary"
printf '  %s\n' "${results[@]}"
exit "$status"
