#!/usr/bin/env bash
# Install what barrage, its tests and bench/ need on Debian, then build it.
#
#   scripts/setup.sh             install missing packages, cargo build --release --locked
#   scripts/setup.sh --no-build  install missing packages only
#
# Idempotent: installs only what is missing (running `apt-get update` once, and
# only then), and leaves no nginx or h2o system service running: tests and
# bench/ start their own servers, on a port of their own, with their own config.
set -euo pipefail

usage() { sed -n '2,9s/^# \{0,1\}//p' "$0"; }

build=1
for arg in "$@"; do
  case "$arg" in
    --no-build) build=0 ;;
    -h | --help) usage; exit 0 ;;
    *) echo "setup: unknown argument: $arg" >&2; usage >&2; exit 2 ;;
  esac
done

say() { printf 'setup: %s\n' "$*"; }

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Debian packages: compiler and linker for cargo, the reference server, the
# HTTP/2 servers of bench/ (h2o, nghttpd from nghttp2-server, nghttpx from
# nghttp2-proxy), the clients barrage is measured against and the lab's
# drivers (wrk, ab, h2load, httperf),
# /usr/bin/time for CPU and RSS, curl to probe servers, python3 to read
# barrage's JSON in bench/.
packages=(build-essential pkg-config nginx-light h2o nghttp2-server nghttp2-proxy wrk apache2-utils nghttp2-client httperf time curl python3)

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

# Debian starts nginx and h2o as services on port 80 when it installs them
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

if [ "$build" -eq 1 ]; then
  say "cargo build --release --locked (in $repo)"
  (cd "$repo" && cargo build --release --locked)
  say "built $repo/target/release/barrage"
else
  say "--no-build: skipping cargo build"
fi
