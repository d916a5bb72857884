#!/bin/sh
# Writes docroot/static/6b and docroot/static/4k, the bodies of the contract's
# /static/6b and /static/4k (crates/contract/src/lib.rs: STATIC_6B, and
# STATIC_4K_PATTERN repeated and cut at 4096 bytes), and docroot/hello, the
# body of /hello (HELLO_BODY) that server.toml serves with HELLO = "file".
# The files are committed; a test in crates/lab (manifest tests) checks the
# static ones against the contract.
set -eu
cd "$(dirname "$0")"
mkdir -p docroot/static
printf 'Hello World\n' > docroot/hello
printf 'hello\n' > docroot/static/6b
line='abcdefghijklmnopqrstuvwxyz0123456789'
i=0
while [ "$i" -lt 114 ]; do
  printf '%s\n' "$line"
  i=$((i + 1))
done | head -c 4096 > docroot/static/4k
