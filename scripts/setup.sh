#!/usr/bin/env bash
# Install what barrage, its tests and bench/ need on Debian, then build it.
#
#   scripts/setup.sh             install missing packages, cargo build --release --locked
#   scripts/setup.sh --no-build  install missing packages only
#
# Idempotent: installs only what is missing (running `apt-get update` once, and
# only then), and leaves no nginx system service running: tests and bench/
# start their own nginx, on a port of their own, with their own config.
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
# clients barrage is measured against (wrk, ab, h2load), /usr/bin/time for CPU
# and RSS, curl to probe servers, python3 to read barrage's JSON in bench/.
packages=(build-essential pkg-config nginx-light wrk apache2-utils nghttp2-client time curl python3)

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

# Debian starts nginx as a service on port 80 when it installs it (unless a
# policy-rc.d forbids it, as in containers). Stop it and keep it from starting
# at boot: nothing here uses it.
stop_system_nginx() {
  if [ -d /run/systemd/system ] && command -v systemctl >/dev/null 2>&1; then
    if systemctl is-enabled --quiet nginx 2>/dev/null || systemctl is-active --quiet nginx 2>/dev/null; then
      say "systemctl disable --now nginx (the system service; tests run their own)"
      "${sudo_cmd[@]}" systemctl disable --now nginx
    fi
    return 0
  fi
  [ -x /etc/init.d/nginx ] || return 0
  if "${sudo_cmd[@]}" /etc/init.d/nginx status >/dev/null 2>&1; then
    say "stopping the nginx system service (tests run their own)"
    "${sudo_cmd[@]}" /etc/init.d/nginx stop
  fi
  if compgen -G '/etc/rc[2-5].d/S*nginx' >/dev/null && command -v update-rc.d >/dev/null 2>&1; then
    say "update-rc.d nginx disable (no nginx service at boot)"
    "${sudo_cmd[@]}" update-rc.d nginx disable >/dev/null
  fi
}
stop_system_nginx

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
