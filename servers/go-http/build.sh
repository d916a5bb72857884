#!/usr/bin/env bash
# Builds servers/go-http/build/server (standard library only: no modules
# to fetch, so --fetch has nothing to do). Also the build of the
# nginx-go-* servers, which run this program behind nginx.
set -euo pipefail
cd "$(dirname "$0")"
for arg in "$@"; do
  case "$arg" in
    --fetch) ;;
    *) echo "go-http: unknown argument $arg; expected nothing or --fetch" >&2; exit 2 ;;
  esac
done
if ! command -v go >/dev/null 2>&1; then
  echo "go-http: needs go (Debian package golang-go); run scripts/setup.sh" >&2
  exit 1
fi
mkdir -p build
# go needs a build cache; without HOME (a bare environment) keep it here.
if [ -z "${GOCACHE:-}" ] && [ -z "${HOME:-}" ] && [ -z "${XDG_CACHE_HOME:-}" ]; then
  export GOCACHE=$PWD/build/gocache
fi
echo "go-http: go build -trimpath -o build/server . ($(go version | cut -d' ' -f3))"
go build -trimpath -o build/server .
