#!/usr/bin/env bash
# Compiles our handler, src/mochiweb_barrage.erl, into build/ with erlc.
# mochiweb itself is Debian's erlang-mochiweb (in /usr/lib/erlang/lib, on
# erl's default code path); it also needs httpd_util from erlang-inets.
# Nothing to fetch, so --fetch has nothing to do.
set -euo pipefail
cd "$(dirname "$0")"
for arg in "$@"; do
  case "$arg" in
    --fetch) ;;
    *) echo "mochiweb: unknown argument $arg; expected nothing or --fetch" >&2; exit 2 ;;
  esac
done
if ! command -v erlc >/dev/null 2>&1 || ! command -v erl >/dev/null 2>&1; then
  echo "mochiweb: needs erl and erlc (Debian package erlang-base); run scripts/setup.sh" >&2
  exit 1
fi
missing=$(erl -noshell -noinput -start_epmd false -eval '
  [io:format("~s ", [M]) || M <- [mochiweb_http, httpd_util], code:which(M) =:= non_existing],
  halt().')
if [ -n "$missing" ]; then
  echo "mochiweb: needs the Erlang modules ${missing}(Debian packages erlang-mochiweb erlang-inets); run scripts/setup.sh" >&2
  exit 1
fi
mkdir -p build
echo "mochiweb: erlc -o build src/mochiweb_barrage.erl"
erlc -Werror -o build src/mochiweb_barrage.erl
