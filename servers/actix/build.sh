#!/usr/bin/env bash
# Builds servers/actix/build/server: actix-web 4 and its dependencies at
# the versions of Cargo.lock, a release build (opt-level 3, no LTO).
#   build.sh --fetch   download the locked crates (network: crates.io), then build
#   build.sh           offline: build from the crates already fetched
#   build.sh --version print the actix-web Cargo.lock pins and rustc's version
# The target directory is build/target (this project is not part of the
# repository's workspace).
set -euo pipefail
cd "$(dirname "$0")"
fetch=0
for arg in "$@"; do
  case "$arg" in
    --fetch) fetch=1 ;;
    --version)
      pin=$(sed -n '/^name = "actix-web"$/{n;s/^version = "\(.*\)"$/\1/p}' Cargo.lock)
      echo "actix-web $pin; $(rustc --version 2>/dev/null || echo 'rustc missing')"
      exit 0 ;;
    *) echo "actix: unknown argument $arg; expected nothing, --fetch or --version" >&2; exit 2 ;;
  esac
done
if ! command -v cargo >/dev/null 2>&1; then
  echo "actix: needs cargo (rustup, as the repository's own build); run scripts/setup.sh" >&2
  exit 1
fi
export CARGO_TARGET_DIR=$PWD/build/target
if [ "$fetch" = 1 ]; then
  echo "actix: cargo fetch --locked (crates.io)"
  cargo fetch --locked
fi
echo "actix: cargo build --release --frozen --offline ($(cargo --version | cut -d' ' -f2))"
if ! cargo build --release --frozen --offline --quiet; then
  echo "actix: the build failed; if crates are missing, run servers/actix/build.sh --fetch (or scripts/setup.sh)" >&2
  exit 1
fi
cp build/target/release/server build/server.tmp
mv build/server.tmp build/server
