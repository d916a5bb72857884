#!/usr/bin/env bash
# Install what barrage, its tests, bench/ and the servers under test (servers/)
# need on Debian, build the servers, then build barrage.
#
#   scripts/setup.sh               packages, the servers' builds, cargo build --release --locked
#   scripts/setup.sh --no-build    packages and the servers' builds, not barrage
#   scripts/setup.sh --no-servers  skip the servers' toolchains and builds
#
# Also oha (crates.io, with its http3 feature, `cargo install --locked`): a
# peer of bench/ for HTTP/1.1, h2 and h3, and an independent HTTP/3 client
# for the tests of `barrage serve --h3`.
#
# Idempotent: installs only what is missing (running `apt-get update` once, and
# only then), and leaves no nginx, h2o or Caddy system service running: tests and
# bench/ start their own servers, on a port of their own, with their own config.
# Each servers/NAME/build.sh is run with --fetch (the only step that downloads:
# Maven Central, PyPI, npm, crates.io, the Go module proxy, Debian .debs);
# the lab reruns them offline.
set -euo pipefail

usage() { sed -n '2,9s/^# \{0,1\}//p' "$0"; }

build=1
servers=1
for arg in "$@"; do
  case "$arg" in
    --no-build) build=0 ;;
    --no-servers) servers=0 ;;
    -h | --help) usage; exit 0 ;;
    *) echo "setup: unknown argument: $arg" >&2; usage >&2; exit 2 ;;
  esac
done

say() { printf 'setup: %s\n' "$*"; }

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Debian packages: compiler and linker for cargo, the reference server, the
# HTTP/2 servers of bench/ (h2o, nghttpd from nghttp2-server, nghttpx from
# nghttp2-proxy), Caddy (HTTP/1.1, h2, h2c and HTTP/3; also servers/caddy of the
# catalogue), the clients barrage is measured against and the lab's
# drivers (wrk, ab, h2load, httperf),
# /usr/bin/time for CPU and RSS, curl to probe servers, python3 to read
# barrage's JSON in bench/.
# Headless Chromium opens the HTML report in its test; Prometheus scrapes a
# run's --metrics in another (its own process on loopback, not the service);
# tmux is the terminal the live view's test reads.
# servers/nginx loads two of Debian's nginx modules for the workloads:
# brotli_static (the static set's .br files) and njs (counting uploads).
# PostgreSQL is the database workloads' service: `postgresql` is the
# distribution's version (15 on Debian 12); the lab runs its own cluster
# from /usr/lib/postgresql/15/bin, else the newest /usr/lib/postgresql/N/bin,
# as user postgres, with pg_stat_statements from the contrib modules.
packages=(build-essential pkg-config nginx-light h2o caddy nghttp2-server nghttp2-proxy wrk apache2-utils nghttp2-client httperf time curl python3 chromium
  openssh-server openssh-client iproute2 prometheus tmux
  libnginx-mod-http-brotli-static libnginx-mod-http-js
  postgresql postgresql-contrib)

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo_cmd=(sudo)
  fi
fi

installed() {
  [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

apt_updated=0
apt_install() {
  if [ "$(id -u)" -ne 0 ] && [ ${#sudo_cmd[@]} -eq 0 ]; then
    say "missing packages: $* (run this script as root, or install sudo)" >&2
    exit 1
  fi
  if [ "$apt_updated" -eq 0 ]; then
    say "apt-get update"
    "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    apt_updated=1
  fi
  say "apt-get install $*"
  "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends "$@"
}

# The servers under test (servers/README.md): the nginx module builds against
# nginx-dev; Erlang for erlang-raw, mochiweb and cowboy (erlang-inets: mochiweb
# uses httpd_util; erlang-ssl: cowboy's ranch starts ssl); python3-venv for
# tornado's venv. Toolchains already on the machine (Go, a JDK, Maven, Node)
# are used as they are; Debian's are installed only when one is missing.
if [ "$servers" -eq 1 ]; then
  packages+=(nginx-dev erlang-base erlang-mochiweb erlang-inets erlang-ssl python3-venv)
  command -v go >/dev/null 2>&1 || packages+=(golang-go)
  command -v javac >/dev/null 2>&1 || packages+=(openjdk-17-jdk-headless)
  command -v mvn >/dev/null 2>&1 || packages+=(maven)
  command -v node >/dev/null 2>&1 || packages+=(nodejs)
  command -v npm >/dev/null 2>&1 || packages+=(npm)
fi

missing=()
for pkg in "${packages[@]}"; do
  if [ "$pkg" = nginx-light ] && { installed nginx || command -v nginx >/dev/null 2>&1; }; then
    continue # any Debian nginx will do
  fi
  installed "$pkg" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  apt_install "${missing[@]}"
else
  say "Debian packages present: ${packages[*]}"
fi

# Debian starts nginx, h2o and Caddy as services on port 80 (Prometheus on
# 9090, on every address; PostgreSQL's cluster 15/main on 5432) when it installs them
# (unless a policy-rc.d forbids it, as in containers). Stop them and keep them
# from starting at boot: nothing here uses them.
stop_system_service() {
  local name=$1
  if [ -d /run/systemd/system ] && command -v systemctl >/dev/null 2>&1; then
    if systemctl is-enabled --quiet "$name" 2>/dev/null || systemctl is-active --quiet "$name" 2>/dev/null; then
      say "systemctl disable --now $name (the system service; tests run their own)"
      "${sudo_cmd[@]}" systemctl disable --now "$name"
    fi
    return 0
  fi
  [ -x "/etc/init.d/$name" ] || return 0
  if "${sudo_cmd[@]}" "/etc/init.d/$name" status >/dev/null 2>&1; then
    say "stopping the $name system service (tests run their own)"
    "${sudo_cmd[@]}" "/etc/init.d/$name" stop
  fi
  if compgen -G "/etc/rc[2-5].d/S*$name" >/dev/null && command -v update-rc.d >/dev/null 2>&1; then
    say "update-rc.d $name disable (no $name service at boot)"
    "${sudo_cmd[@]}" update-rc.d "$name" disable >/dev/null
  fi
}
stop_system_service nginx
stop_system_service h2o
stop_system_service caddy
stop_system_service prometheus
stop_system_service postgresql

# Rust: rustup's cargo if there is one, else Debian's (old, but it builds on a
# fresh machine that cannot reach rustup).
if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
  export PATH="$HOME/.cargo/bin:$PATH"
  say "using cargo from $HOME/.cargo/bin (add it to PATH to skip this step)"
fi
if ! command -v cargo >/dev/null 2>&1; then
  say "no cargo found (no rustup): falling back to Debian's cargo and rustc"
  apt_install cargo rustc rustfmt rust-clippy
  say "note: Debian's Rust may be older than the workspace's rust-version; rustup is preferred"
fi
say "$(cargo --version) / $(rustc --version)"
for tool in fmt clippy; do
  cargo "$tool" --version >/dev/null 2>&1 ||
    say "warning: 'cargo $tool' is missing (rustup component add ${tool/fmt/rustfmt}); scripts/test.sh needs it" >&2
done

# oha with HTTP/3 (its `http3` feature), pinned to one version; --locked
# keeps its dependencies at those it was released with (newer ones may want
# a newer rustc than the machine's).
OHA_VERSION=1.16.0
oha_bin="${CARGO_HOME:-$HOME/.cargo}/bin/oha"
if [ -x "$oha_bin" ] && "$oha_bin" --version 2>/dev/null | grep -qx "oha $OHA_VERSION"; then
  say "oha $OHA_VERSION present ($oha_bin)"
else
  say "cargo install oha $OHA_VERSION --features http3 --locked (a few minutes)"
  cargo install oha --version "$OHA_VERSION" --features http3 --locked --quiet
fi

# The servers' builds: each build.sh prints what it does and names what is
# missing; one failure does not stop the others, but fails the set-up. Exit
# status 3 from a build.sh means this machine's toolchain is older than the
# server needs (fastify: Node.js 20; go-fasthttp: Go 1.26, where Debian 12
# has 18 and 1.19): that server is skipped with its line, not a failure, and
# the lab reports it as not built.
if [ "$servers" -eq 1 ]; then
  failed=()
  skipped=()
  for script in "$repo"/servers/*/build.sh; do
    name=$(basename "$(dirname "$script")")
    say "servers/$name: build.sh --fetch"
    rc=0
    bash "$script" --fetch || rc=$?
    if [ "$rc" -eq 3 ]; then
      skipped+=("$name")
    elif [ "$rc" -ne 0 ]; then
      failed+=("$name")
    fi
  done
  if [ ${#skipped[@]} -gt 0 ]; then
    say "servers skipped, their toolchain is too old here: ${skipped[*]} (see the lines above)" >&2
  fi
  if [ ${#failed[@]} -gt 0 ]; then
    say "servers that failed to build: ${failed[*]} (see the lines above; barrage run reports them as failed)" >&2
    servers_failed=1
  fi
fi

if [ "$build" -eq 1 ]; then
  say "cargo build --release --locked (in $repo)"
  (cd "$repo" && cargo build --release --locked)
  say "built $repo/target/release/barrage"
else
  say "--no-build: skipping cargo build"
fi

if [ "${servers_failed:-0}" -eq 1 ]; then
  exit 1
fi
