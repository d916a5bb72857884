#!/usr/bin/env bash
# Compiles src/erlang_raw.erl into build/ with erlc (Erlang/OTP only: nothing
# to fetch, so --fetch has nothing to do).
set -euo pipefail
cd "$(dirname "$0")"
for arg in "$@"; do
  case "$arg" in
    --fetch) ;;
    *) echo "erlang-raw: unknown argument $arg; expected nothing or --fetch" >&2; exit 2 ;;
  esac
done
if ! command -v erlc >/dev/null 2>&1; then
  echo "erlang-raw: needs erlc (Debian package erlang-base); run scripts/setup.sh" >&2
  exit 1
fi
mkdir -p build
echo "erlang-raw: erlc -o build src/erlang_raw.erl"
erlc -Werror -o build src/erlang_raw.erl
