#!/usr/bin/env bash
# Install what barrage needs on Debian, build the servers under test
# (servers/) and barrage itself.
#
#   scripts/setup.sh                     everything the tests, bench/ and every server need
#   scripts/setup.sh --main [--suite F]  the main job: only barrage's build and what the
#                                        suite's servers, drivers and services need
#                                        (default suites/catalogue.toml; scripts/main.sh)
#   scripts/setup.sh --no-build          not barrage's cargo build
#   scripts/setup.sh --tests             scripts/test.sh's: not barrage's cargo build, but
#                                        clippy's and the `ci` test binaries' builds in the
#                                        background while the rest installs and builds
#   scripts/setup.sh --no-servers        skip the servers' toolchains and builds
#   scripts/setup.sh --profile P         build barrage in cargo profile P (default release;
#                                        main.sh: ci, target/ci/barrage)
#
# The servers build side by side, one chain per toolchain (scripts/servers.py),
# with barrage's `cargo build --profile P --locked` alongside them; each build's
# output goes to results/.setup/NAME.log and one line per server says
# "built in N s", "reused (built DATE)" or "failed: see LOG". A second run
# reuses what is built and installed, and says so. Phase times are printed
# and kept in results/.setup/phases.
#
# The full set-up also installs oha (crates.io, with its http3 feature,
# `cargo install --locked`): a peer of bench/ for HTTP/1.1, h2 and h3, and an
# independent HTTP/3 client for the tests of `barrage serve --h3`; and ghz
# (`go install`, pinned): the gRPC peer of bench/ and of the ghz dialect's test.
#
# Idempotent: installs only what is missing (running `apt-get update` once, and
# only then), and leaves no nginx, h2o or Caddy system service running: tests and
# bench/ start their own servers, on a port of their own, with their own config.
# Each servers/NAME/build.sh is run with --fetch (the only step that downloads:
# Maven Central, PyPI, npm, crates.io, the Go module proxy, Debian .debs);
# the lab reruns them offline when their sources change.
set -euo pipefail

usage() { sed -n '2,12s/^# \{0,1\}//p' "$0"; }

build=1
tests=0
servers=1
main=0
suite=
profile=release
while [ $# -gt 0 ]; do
  case "$1" in
    --main) main=1 ;;
    --suite)
      [ $# -ge 2 ] || { echo "setup: --suite needs a suite file" >&2; exit 2; }
      main=1 suite=$2
      shift ;;
    --suite=*) main=1 suite=${1#--suite=} ;;
    --no-build) build=0 ;;
    --tests) build=0 tests=1 ;;
    --no-servers) servers=0 ;;
    --profile)
      [ $# -ge 2 ] || { echo "setup: --profile needs a cargo profile (release, ci)" >&2; exit 2; }
      profile=$2
      shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "setup: unknown argument: $1" >&2; usage >&2; exit 2 ;;
  esac
  shift
done

say() { printf 'setup: %s\n' "$*"; }

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [ "$main" -eq 1 ]; then
  suite=${suite:-$repo/suites/catalogue.toml}
  [ -f "$suite" ] || { echo "setup: no suite file $suite" >&2; exit 2; }
fi
setup_dir=$repo/results/.setup
mkdir -p "$setup_dir"
: >"$setup_dir/phases"
began=$SECONDS
# CPU seconds (user + system) of a shell's finished children so far
# (/proc/PID/stat's cutime and cstime; PID: this shell, or a subshell's
# $BASHPID): a phase's CPU is the difference.
ticks=$(getconf CLK_TCK 2>/dev/null || echo 100)
children_cpu() {
  awk -v hz="$ticks" '{ sub(/^.*\) /, ""); printf "%.0f\n", ($14 + $15) / hz }' "/proc/${1:-$$}/stat"
}
# `phase NAME SECONDS [CPU_SECONDS]`: printed with the CPU as a share of
# the wall time (100% is one core busy), and kept for scripts/main.sh's
# recap as `NAME WALL CPU`.
phase() {
  local cpu=${3:-}
  if [ -n "$cpu" ] && [ "$2" -gt 0 ]; then
    say "phase $1: $2 s, CPU $cpu s ($((100 * cpu / $2))% of the wall time)"
  else
    say "phase $1: $2 s${cpu:+, CPU $cpu s}"
  fi
  printf '%s %s %s\n' "$1" "$2" "${cpu:--}" >>"$setup_dir/phases"
}
began_cpu=$(children_cpu)

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

# `install_missing PACKAGE...`: one apt-get install of those not installed.
install_missing() {
  local pkg missing=()
  for pkg in "$@"; do
    if [ "$pkg" = nginx-light ] && { installed nginx || command -v nginx >/dev/null 2>&1; }; then
      continue # any Debian nginx will do
    fi
    installed "$pkg" || missing+=("$pkg")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    apt_install "${missing[@]}"
  else
    say "Debian packages present: $*"
  fi
}

# First what barrage's build needs (the compiler and linker for cargo) and
# python3, which reads the suite and the manifests (scripts/servers.py,
# with python3's tomllib, 3.11 as in Debian 12, or tomli where python3 is
# older: Ubuntu 22.04's python3-tomli); then cargo starts in the background
# while the rest installs.
install_missing build-essential pkg-config ca-certificates python3
if ! python3 -c 'import tomllib' 2>/dev/null && ! python3 -c 'import tomli' 2>/dev/null; then
  apt_install python3-tomli
fi

# Rust: rustup's cargo if there is one, else Debian's (old, but it builds on a
# fresh machine that cannot reach rustup).
if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
  export PATH="$HOME/.cargo/bin:$PATH"
  say "using cargo from $HOME/.cargo/bin (add it to PATH to skip this step)"
fi
if ! command -v cargo >/dev/null 2>&1; then
  say "no cargo found (no rustup): falling back to Debian's cargo and rustc"
  if [ "$main" -eq 1 ]; then
    apt_install cargo rustc
  else
    apt_install cargo rustc rustfmt rust-clippy
  fi
  say "note: Debian's Rust may be older than the workspace's rust-version; rustup is preferred"
fi
say "$(cargo --version) / $(rustc --version)"
# The workspace's rust-version (Cargo.toml): an older rustc (Debian 12's is
# 1.63) cannot build it; say so now rather than after minutes of cargo.
need_rust=$(sed -n 's/^rust-version = "\(.*\)"$/\1/p' "$repo/Cargo.toml" | head -1)
have_rust=$(rustc --version | cut -d' ' -f2)
if [ -n "$need_rust" ] && [ "$(printf '%s\n%s\n' "$need_rust" "$have_rust" | sort -V | head -1)" != "$need_rust" ]; then
  say "rustc $have_rust is older than the workspace's rust-version $need_rust: install Rust with rustup (https://rustup.rs) and run this again" >&2
  [ "$build" -eq 0 ] || exit 1
fi
if [ "$main" -eq 0 ]; then
  for tool in fmt clippy; do
    cargo "$tool" --version >/dev/null 2>&1 ||
      say "warning: 'cargo $tool' is missing (rustup component add ${tool/fmt/rustfmt}); scripts/test.sh needs it" >&2
  done
fi

# barrage's build (--profile), in the background while the rest installs and
# the servers build (its downloads and single-threaded link overlap their
# work), output in results/.setup/barrage.log. "reused" when cargo had
# nothing to do (the binary is the same file as before).
#
# --tests (scripts/test.sh): in its place, the test command's own builds,
# clippy's and then the `ci` test binaries' (`cargo test --no-run`), in
# results/.setup/tests-build.log. test.sh then runs clippy and the tests as
# before, on what is built: their output and their verdicts are theirs, this
# job only moves their compiling beside the set-up's (a new machine's test
# command spent 476 s in set-up, then 140 s in clippy and 330 s in the
# build, one after the other, each well under two cores' worth of CPU).
barrage_bin=$repo/target/$profile/barrage
cargo_pid=
stop_cargo() {
  if [ -n "$cargo_pid" ] && kill -0 "$cargo_pid" 2>/dev/null; then
    pkill -TERM -P "$cargo_pid" 2>/dev/null || true
    kill -TERM "$cargo_pid" 2>/dev/null || true
  fi
}
trap stop_cargo EXIT
trap 'stop_cargo; exit 130' INT
trap 'stop_cargo; exit 143' TERM
cargo_began=$SECONDS
if [ "$build" -eq 1 ]; then
  barrage_before=$(stat -c '%Y %i' "$barrage_bin" 2>/dev/null || echo none)
  rm -f "$setup_dir/barrage.status"
  say "cargo build --profile $profile --locked in the background (log ${setup_dir#"$repo"/}/barrage.log, timings cargo-timing.html)"
  # --timings: which crates the build waited for, as an HTML chart
  # (target/cargo-timings/), copied beside the log.
  (
    rc=0
    cd "$repo" && cargo build --profile "$profile" -p barrage --locked --timings >"$setup_dir/barrage.log" 2>&1 || rc=$?
    cp target/cargo-timings/cargo-timing.html "$setup_dir/cargo-timing.html" 2>/dev/null || true
    me=$BASHPID
    echo "$rc $SECONDS $(children_cpu "$me")" >"$setup_dir/barrage.status"
  ) &
  cargo_pid=$!
elif [ "$tests" -eq 1 ]; then
  rm -f "$setup_dir/tests-build.status"
  say "cargo clippy, then cargo test --profile ci --no-run, in the background (log ${setup_dir#"$repo"/}/tests-build.log)"
  (
    rc=0
    cd "$repo"
    {
      cargo clippy --workspace --all-targets --locked -- -D warnings || rc=$?
      cargo test --workspace --locked --profile ci --no-run || rc=$?
    } >"$setup_dir/tests-build.log" 2>&1
    me=$BASHPID
    echo "$rc $SECONDS $(children_cpu "$me")" >"$setup_dir/tests-build.status"
  ) &
  cargo_pid=$!
fi

# The rest. The main job (--main): what the suite's servers, drivers and
# services need: each manifest's `[requires] packages` (the nginx module
# builds against nginx-dev; Erlang for erlang-raw, mochiweb and cowboy;
# python3-venv for the venvs), where a toolchain already on PATH (Go, a
# JDK, Maven, Node, nginx) stands for its package.
#
# The full set-up: every server's, and the HTTP/2 servers of bench/ (h2o,
# nghttpd from nghttp2-server, nghttpx from nghttp2-proxy), Caddy (HTTP/1.1,
# h2, h2c and HTTP/3; also servers/caddy of the catalogue), the clients
# barrage is measured against and the lab's drivers (wrk, ab, h2load,
# httperf), /usr/bin/time for CPU and RSS, curl to probe servers, python3
# to read barrage's JSON in bench/.
# Headless Chromium opens the HTML report in its test; Prometheus scrapes a
# run's --metrics in another (its own process on loopback, not the service);
# tmux is the terminal the live view's test reads.
# servers/nginx loads two of Debian's nginx modules for the workloads:
# brotli_static (the static set's .br files) and njs (counting uploads).
# PostgreSQL is the database workloads' service: `postgresql` is the
# distribution's version (15 on Debian 12); the lab runs its own cluster
# from /usr/lib/postgresql/15/bin, else the newest /usr/lib/postgresql/N/bin,
# as user postgres, with pg_stat_statements from the contrib modules.
# liburing-dev: bench/run.sh compiles the io_uring floor (floor_uring.c).
packages=()
if [ "$main" -eq 0 ]; then
  packages+=(nginx-light h2o caddy nghttp2-server nghttp2-proxy wrk apache2-utils nghttp2-client httperf time curl chromium
    openssh-server openssh-client iproute2 prometheus tmux
    libnginx-mod-http-brotli-static libnginx-mod-http-js
    postgresql postgresql-contrib liburing-dev)
fi
servers_py=(python3 "$repo/scripts/servers.py")
if [ "$main" -eq 1 ]; then
  which_servers=(--suite "$suite")
else
  which_servers=(--all)
fi
if [ "$servers" -eq 1 ]; then
  server_packages=$("${servers_py[@]}" packages "${which_servers[@]}")
  for pkg in $server_packages; do
    [[ " ${packages[*]} " == *" $pkg "* ]] || packages+=("$pkg")
  done
fi
if [ ${#packages[@]} -gt 0 ]; then
  install_missing "${packages[@]}"
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
phase apt $((SECONDS - began)) $(($(children_cpu) - began_cpu))

# `in_background NAME FUNCTION`: FUNCTION in a subshell beside what follows,
# its output in results/.setup/NAME.log; `await_background NAME PID BEGAN`
# waits for it, prints that output and its phase line (its wall time from
# BEGAN, and its CPU), and returns its exit status.
in_background() {
  rm -f "$setup_dir/$1.status"
  (
    rc=0
    "$2" >"$setup_dir/$1.log" 2>&1 || rc=$?
    me=$BASHPID
    echo "$rc $SECONDS $(children_cpu "$me")" >"$setup_dir/$1.status"
  ) &
}
await_background() {
  local rc end cpu
  wait "$2" || true
  cat "$setup_dir/$1.log"
  read -r rc end cpu <"$setup_dir/$1.status" || { rc=1 end=$SECONDS cpu=; }
  phase "$1" $((end - $3)) "$cpu"
  return "$rc"
}

# oha with HTTP/3 (its `http3` feature), pinned to one version; --locked
# keeps its dependencies at those it was released with (newer ones may want
# a newer rustc than the machine's). Not in the main job. The full set-up
# installs it optimized in ~/.cargo/bin, bench/'s peer. The test command
# (--no-build) uses that one when it is there, and otherwise builds one
# without optimizations in target/test-tools/bin (test.sh looks there
# first): its one test checks what oha gets over HTTP/3, not its speed, and
# that build took 174 s (296 s of CPU) here against 284 s (507 s) optimized.
OHA_VERSION=1.16.0
install_oha() {
  local oha_bin="${CARGO_HOME:-$HOME/.cargo}/bin/oha" test_tools=$repo/target/test-tools
  has_oha() { [ -x "$1" ] && "$1" --version 2>/dev/null | grep -qx "oha $OHA_VERSION"; }
  if has_oha "$oha_bin"; then
    say "oha $OHA_VERSION present ($oha_bin)"
  elif [ "$build" -eq 0 ] && has_oha "$test_tools/bin/oha"; then
    say "oha $OHA_VERSION present, unoptimized, for the tests ($test_tools/bin/oha)"
  elif [ "$build" -eq 0 ]; then
    say "cargo install oha $OHA_VERSION --features http3 --locked --debug (the tests' oha)"
    cargo install oha --version "$OHA_VERSION" --features http3 --locked --debug --quiet --root "$test_tools"
  else
    say "cargo install oha $OHA_VERSION --features http3 --locked"
    cargo install oha --version "$OHA_VERSION" --features http3 --locked --quiet
  fi
}

# ghz (Go, `go install`), pinned: the gRPC peer of bench/ (bench/run.sh grpc)
# and of the ghz dialect's test (tests/grpc/ghz.rs, BARRAGE_GHZ). v0.121.0 is
# the newest version the Go module proxy serves; it needs Go 1.23 or newer.
# Installed into `go env GOPATH`/bin (~/go/bin). Not in the main job.
GHZ_VERSION=v0.121.0
if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then
  export PATH="$PATH:/usr/local/go/bin"
fi
install_ghz() {
  if command -v go >/dev/null 2>&1; then
    local ghz_bin
    ghz_bin="$(go env GOPATH)/bin/ghz"
    if [ -x "$ghz_bin" ] && go version -m "$ghz_bin" 2>/dev/null | grep -q "mod[[:space:]]*github.com/bojand/ghz[[:space:]]*$GHZ_VERSION"; then
      say "ghz $GHZ_VERSION present ($ghz_bin)"
    else
      say "go install github.com/bojand/ghz/cmd/ghz@$GHZ_VERSION"
      go install "github.com/bojand/ghz/cmd/ghz@$GHZ_VERSION" ||
        say "warning: ghz did not install; the ghz dialect's comparison and bench/run.sh grpc need it" >&2
    fi
  else
    say "warning: no go on PATH: ghz not installed (the ghz dialect's comparison and bench/run.sh grpc need it)" >&2
  fi
}

# oha and ghz build beside the servers (each mostly one process at a time:
# the test command's set-up took 237 s for oha at 131% CPU, then 60 s for
# ghz, then 146 s for the servers, one after the other).
tools_began=$SECONDS
if [ "$main" -eq 0 ]; then
  say "oha and ghz build in the background beside the servers (logs ${setup_dir#"$repo"/}/oha.log, ghz.log)"
  in_background oha install_oha
  oha_pid=$!
  in_background ghz install_ghz
  ghz_pid=$!
fi

# The servers' builds (scripts/servers.py): side by side, one chain per
# toolchain; each build.sh prints what it does and names what is missing
# (in its log); one failure does not stop the others, but fails the set-up.
# Exit status 3 from a build.sh means this machine's toolchain is older
# than the server needs (fastify: Node.js 20; go-fasthttp: Go 1.26, where
# Debian 12 has 18 and 1.19): that server is skipped with its line, not a
# failure, and the lab reports it as not built.
servers_failed=0
if [ "$servers" -eq 1 ]; then
  servers_began=$SECONDS servers_cpu=$(children_cpu)
  # While cargo builds barrage (the longer of the two, and what the suite
  # waits for) the servers' builds yield the CPU to it: nice 10.
  nice=()
  [ "$build" -eq 0 ] || nice=(--nice 10)
  "${servers_py[@]}" build "${which_servers[@]}" ${nice[@]+"${nice[@]}"} || servers_failed=1
  phase servers $((SECONDS - servers_began)) $(($(children_cpu) - servers_cpu))
fi
tools_failed=0
if [ "$main" -eq 0 ]; then
  await_background oha "$oha_pid" "$tools_began" || tools_failed=1
  await_background ghz "$ghz_pid" "$tools_began" || true
fi

# `await_cargo WHAT STATUS PHASE`: waits for the background cargo job (WHAT,
# for the line that says so), prints its phase line and leaves its exit
# status and end in job_rc and job_end.
await_cargo() {
  if kill -0 "$cargo_pid" 2>/dev/null; then
    say "waiting for $1 (running for $((SECONDS - cargo_began)) s)"
  fi
  wait "$cargo_pid" || true
  cargo_pid=
  local cpu
  read -r job_rc job_end cpu <"$setup_dir/$2" || { job_rc=1 job_end=$SECONDS cpu=; }
  phase "$3" $((job_end - cargo_began)) "$cpu"
}
cargo_failed=0
if [ "$build" -eq 1 ]; then
  await_cargo "cargo build --profile $profile" barrage.status cargo
  if [ "$job_rc" -ne 0 ]; then
    tail -n 20 "$setup_dir/barrage.log" | sed 's/^/         /'
    say "target/$profile/barrage: failed (exit $job_rc): see ${setup_dir#"$repo"/}/barrage.log"
    cargo_failed=1
  elif [ "$(stat -c '%Y %i' "$barrage_bin")" = "$barrage_before" ]; then
    say "target/$profile/barrage: reused (cargo had nothing to do)"
  else
    say "target/$profile/barrage: built in $((job_end - cargo_began)) s"
  fi
elif [ "$tests" -eq 1 ]; then
  await_cargo "clippy's and the test binaries' builds" tests-build.status tests-build
  # Not the set-up's failure: test.sh's clippy and test steps run again on
  # what is built and report it with their own output.
  [ "$job_rc" -eq 0 ] || say "clippy or the test binaries' build failed (exit $job_rc): the test steps say why"
else
  say "--no-build: skipping cargo build"
fi
phase setup $((SECONDS - began)) $(($(children_cpu) - began_cpu))

if [ "$servers_failed" -eq 1 ] || [ "$cargo_failed" -eq 1 ] || [ "$tools_failed" -eq 1 ]; then
  exit 1
fi
