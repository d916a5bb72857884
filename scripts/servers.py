#!/usr/bin/env python3
"""The servers of a suite (or of servers/), for scripts/setup.sh: the Debian
packages they need, and their builds.

  servers.py packages (--suite FILE | --all)
      the Debian packages the servers (and the suite's drivers and services)
      need, one a line; a toolchain already on PATH (go, javac, mvn, node,
      nginx, ...) stands for its package
  servers.py build (--suite FILE | --all) [--results DIR] [--nice N]
      runs each server's build with --fetch, one chain per toolchain (Go,
      Maven, Erlang, npm, Python venvs, C, cargo) and the chains side by
      side; each build's output in DIR/.setup/NAME.log; one line per server

Reuse: a successful build leaves servers/NAME/build/.barrage-stamp with the
digest of its sources (the manifest's `[build] sources`, as the lab counts
them) and the toolchain's version. When both still match and the outputs
the manifest names under {dir}/build/ exist, the build is skipped and the
line says "reused". Either way the lab's own stamp (DIR/.build-cache/
NAME.build-stamp and build/.barrage-build, crates/lab/src/process/prepare.rs)
is written, so that `barrage run` does not build the same sources again
offline; if the lab's digest ever differs from this one, the lab just
builds again.

Exit status: 0, or 1 when a build failed (the others still ran), 2 on a bad
suite or manifest. A build.sh exiting 3 means the toolchain here is too old
for that server: its line says so and it is not a failure.
"""

import argparse
import functools
import hashlib
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python < 3.11: Debian/Ubuntu's python3-tomli
    import tomli as tomllib

REPO = Path(__file__).resolve().parent.parent
SERVERS = REPO / "servers"
STAMP = ".barrage-stamp"
LAB_MARKER = ".barrage-build"
TOO_OLD = 3

# A Debian package that a binary on PATH (or in /usr/sbin) stands for: the
# machine's own Go, JDK, Maven, Node or nginx is used as it is.
PROVIDES = {
    "golang-go": "go", "openjdk-17-jdk-headless": "javac", "maven": "mvn",
    "nodejs": "node", "npm": "npm", "nginx": "nginx", "h2o": "h2o",
    "caddy": "caddy", "nghttp2-server": "nghttpd", "nghttp2-proxy": "nghttpx",
    "python3": "python3", "erlang-base": "erlc", "gcc": "gcc", "make": "make",
    "bash": "bash",
}
# The package for a required binary that a manifest names no package for.
PACKAGE_OF = {b: p for p, b in PROVIDES.items()} | {
    "java": "openjdk-17-jdk-headless", "erl": "erlang-base",
}
# A suite's drivers and services.
DRIVER_PACKAGES = {
    "wrk": ["wrk"], "ab": ["apache2-utils"], "h2load": ["nghttp2-client"],
    "httperf": ["httperf"],
}
SERVICE_PACKAGES = {"postgres": ["postgresql", "postgresql-contrib"]}

# Toolchains, in the order a manifest's binaries pick one, with the
# commands whose output is the version stamped with a build.
TOOLCHAINS = [
    ("cargo", "rust", [["rustc", "--version"]]),
    ("mvn", "maven", [["mvn", "-v"]]),
    ("go", "go", [["go", "env", "GOVERSION"]]),
    ("erlc", "erlang", [["erl", "-noshell", "-eval",
                         'io:format("OTP ~s, erts ~s~n", [erlang:system_info(otp_release),'
                         ' erlang:system_info(version)]), halt().']]),
    ("npm", "node", [["node", "--version"], ["npm", "--version"]]),
    ("python3", "python", [["python3", "-c",
                            "import sys; print(sys.version.split()[0], sys.executable)"]]),
    ("gcc", "c", [["gcc", "-dumpfullversion"], ["nginx", "-v"]]),
]


def fail(line):
    """A bad suite or manifest: one line, exit status 2."""
    print(f"servers.py: {line}", file=sys.stderr)
    sys.exit(2)


def say(line):
    print(f"setup: {line}", flush=True)


def found(binary):
    return shutil.which(binary) or shutil.which(binary, path="/usr/sbin")


def rel(path):
    try:
        return str(Path(path).relative_to(REPO))
    except ValueError:
        return str(path)


@dataclass
class Manifest:
    name: str
    dir: Path  # canonical, as the lab's ServerSpec::load makes it
    data: dict
    text: str

    @classmethod
    def load(cls, name):
        path = SERVERS / name / "server.toml"
        try:
            text = path.read_text()
            return cls(name, path.parent.resolve(), tomllib.loads(text), text)
        except FileNotFoundError:
            fail(f"no server {name!r} ({rel(path)} is missing)")
        except tomllib.TOMLDecodeError as e:
            fail(f"{rel(path)}: {e}")

    @property
    def unavailable(self):
        return self.data.get("unavailable")

    @property
    def requires(self):
        return self.data.get("requires", {})

    @property
    def build(self):
        return self.data.get("build")

    def argv(self):
        """The build command with {dir} substituted, or None when it uses
        another variable (the lab's own build then handles it)."""
        out = []
        for arg in self.build["command"]:
            arg = arg.replace("{dir}", str(self.dir))
            if "{" in arg or "}" in arg:
                return None
            out.append(arg)
        return out

    def outputs(self):
        """The paths under a build/ directory that the manifest points at
        with {dir}/... (the server's start and version commands, its files)."""
        paths = set()
        for m in re.finditer(r"\{dir\}(/[^\s\"'*:;,{}\]]*)", self.text):
            path = Path(os.path.normpath(str(self.dir) + m.group(1)))
            if path.is_relative_to(SERVERS.resolve()) and \
                    "build" in path.relative_to(SERVERS.resolve()).parts:
                paths.add(path)
        return paths


def suite_names(suite_path):
    try:
        suite = tomllib.loads(Path(suite_path).read_text())
    except (OSError, tomllib.TOMLDecodeError) as e:
        fail(f"suite {suite_path}: {e}")
    names = []
    for server in suite.get("server", []):
        if server.get("name") not in names:
            names.append(server.get("name"))
    return suite, names


def all_names():
    return sorted(p.parent.name for p in SERVERS.glob("*/server.toml"))


def values_of(data, key):
    """Every value of `key` anywhere in a TOML document."""
    if isinstance(data, dict):
        for k, v in data.items():
            if k == key:
                yield v
            yield from values_of(v, key)
    elif isinstance(data, list):
        for v in data:
            yield from values_of(v, key)


def packages(manifests, suite):
    wanted = []
    for m in manifests:
        if m.unavailable:
            continue
        named = m.requires.get("packages", [])
        for pkg in named:
            if not (pkg in PROVIDES and found(PROVIDES[pkg])):
                wanted.append(pkg)
        for binary in m.requires.get("binaries", []):
            pkg = PACKAGE_OF.get(binary)
            if pkg and pkg not in named and not found(binary):
                wanted.append(pkg)
    for driver in values_of(suite, "driver"):
        wanted += DRIVER_PACKAGES.get(driver, [])
    for drivers in values_of(suite, "drivers"):
        for driver in drivers:
            wanted += DRIVER_PACKAGES.get(driver, [])
    for kind in values_of(suite.get("service", []), "kind"):
        wanted += SERVICE_PACKAGES.get(kind, [])
    return sorted(set(wanted))


def field_hasher():
    """SHA-256 over length-prefixed fields (u64 little-endian), as prepare.rs."""
    h = hashlib.sha256()

    def add(data):
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h, add


def source_files(path):
    """(path, contents) of a source, as prepare.rs's collect_files walks it."""
    if os.path.islink(path):
        return [(path, os.fsencode(os.readlink(path)))]
    if os.path.isdir(path):
        out = []
        for name in sorted(os.listdir(path), key=os.fsencode):
            out += source_files(os.path.join(path, name))
        return out
    with open(path, "rb") as f:
        return [(path, f.read())]


def lab_digest(m, argv):
    """prepare.rs's sources_digest: the command, then each source's path
    (the manifest's directory joined, not normalized) and contents."""
    h, add = field_hasher()
    for arg in argv:
        add(arg.encode())
    for source in m.build.get("sources", []):
        for path, contents in source_files(os.path.join(str(m.dir), source)):
            add(os.fsencode(path))
            add(contents)
    return h.hexdigest()


@dataclass
class Unit:
    """One build command, shared by the servers whose manifests run it
    (servers/go-http's build.sh is also the nginx-go-* servers')."""
    home: Path
    argv: list
    toolchain: str
    members: list = field(default_factory=list)

    @property
    def name(self):
        return self.home.name

    def digest(self):
        """The sources of every member (normalized paths, relative to the
        repository) and the command: moving the checkout keeps it."""
        h, add = field_hasher()
        for arg in self.argv:
            add(rel(arg).encode())
        files = {}
        for m in self.members:
            for source in m.build.get("sources", []):
                for path, contents in source_files(os.path.join(str(m.dir), source)):
                    files[rel(os.path.normpath(path))] = contents
        for path in sorted(files):
            add(path.encode())
            add(files[path])
        return h.hexdigest()


def toolchain_of(m):
    binaries = m.requires.get("binaries", [])
    for binary, name, _ in TOOLCHAINS:
        if binary in binaries:
            return name
    return "other"


@functools.cache
def toolchain_version(name):
    """What the toolchain's commands print, on one line (the stamp's)."""
    commands = next(c for _, chain, c in TOOLCHAINS if chain == name) if name != "other" else []
    lines = []
    for cmd in commands:
        exe = found(cmd[0])
        if not exe:
            lines.append(f"{cmd[0]} missing")
            continue
        r = subprocess.run([exe, *cmd[1:]], capture_output=True, text=True,
                           stdin=subprocess.DEVNULL)
        out = re.sub(r"\x1b\[[0-9;]*m", "", r.stdout + r.stderr).splitlines()
        lines += [l.strip() for l in out
                  if l.strip() and not l.startswith(("Maven home", "Default locale", "OS name"))]
    return "; ".join(lines)


def units_of(manifests):
    units = {}
    for m in manifests:
        if m.unavailable or not m.build:
            continue
        argv = m.argv()
        if argv is None:
            continue
        argv = [os.path.realpath(a) if os.path.isfile(a) else a for a in argv]
        key = tuple(argv)
        if key not in units:
            script = next((Path(a) for a in argv if os.path.isfile(a)), m.dir)
            home = script.parent if script.parent.parent == SERVERS.resolve() else m.dir
            units[key] = Unit(home, argv, toolchain_of(m))
        units[key].members.append(m)
    return list(units.values())


def read_stamp(path):
    try:
        return dict(line.split(" ", 1) for line in path.read_text().splitlines() if " " in line)
    except OSError:
        return {}


def write_lab_stamps(unit, cache):
    """The lab's record that these sources are built (prepare.rs: the stamp
    in the build cache; with a build/ directory, the marker inside it)."""
    for m in unit.members:
        digest = lab_digest(m, m.argv())
        stamped = digest
        if (m.dir / "build").is_dir():
            (m.dir / "build" / LAB_MARKER).write_text(digest)
            stamped = f"{digest} build"
        cache.mkdir(parents=True, exist_ok=True)
        (cache / f"{m.name.replace('/', '_')}.build-stamp").write_text(stamped + "\n")


def forget(unit, cache):
    """Before a build: its outputs may be half rewritten if it fails, so
    neither this script nor the lab may take them as built until it ends."""
    paths = [unit.home / "build" / STAMP]
    for m in unit.members:
        paths += [m.dir / "build" / LAB_MARKER, cache / f"{m.name.replace('/', '_')}.build-stamp"]
    for path in paths:
        path.unlink(missing_ok=True)


class Builder:
    """Runs the units, one thread per toolchain, and prints a line per
    server as each ends."""

    def __init__(self, results, nice):
        self.nice = nice
        self.logs = results / ".setup"
        self.cache = results / ".build-cache"
        self.lock = threading.Lock()
        self.counts = {"built": 0, "reused": 0, "failed": 0, "skipped": 0}
        self.failed = []

    def report(self, unit, outcome, what, extra=None):
        """One line per server of the unit: `what` ends in a parenthesis
        that names the shared build for the servers that share it."""
        with self.lock:
            self.counts[outcome] += len(unit.members)
            if outcome == "failed":
                self.failed += [m.name for m in unit.members]
            for m in unit.members:
                line = what
                if m.dir != unit.home:
                    shared = f"servers/{unit.name}'s build"
                    line = f"{what[:-1]}; {shared})" if what.endswith(")") else f"{what} ({shared})"
                say(f"servers/{m.name}: {line}")
            if extra:
                print(f"         {extra}", flush=True)

    def reusable(self, unit, digest, version):
        stamp = read_stamp(unit.home / "build" / STAMP)
        if stamp.get("sources") != digest or stamp.get("toolchain") != version:
            return None
        outputs = set().union(*(m.outputs() for m in unit.members))
        if not all(p.exists() for p in outputs):
            return None
        return stamp.get("built", "?")

    def run(self, unit):
        version = toolchain_version(unit.toolchain)
        try:
            digest = unit.digest()
        except OSError as e:
            digest = None
            say(f"servers/{unit.name}: a build source is missing ({e}); building anyway")
        built = digest and self.reusable(unit, digest, version)
        if built:
            write_lab_stamps(unit, self.cache)
            return self.report(unit, "reused", f"reused (built {built})")
        forget(unit, self.cache)
        log = self.logs / f"{unit.name}.log"
        began = time.monotonic()
        with open(log, "wb") as out:
            nice = ["nice", "-n", str(self.nice)] if self.nice else []
            rc = subprocess.run([*nice, *unit.argv, "--fetch"], cwd=unit.home, stdin=subprocess.DEVNULL,
                                stdout=out, stderr=subprocess.STDOUT).returncode
        took = time.monotonic() - began
        last = "\n         ".join([l for l in log.read_text(errors="replace").splitlines() if l.strip()][-3:])
        if rc == TOO_OLD:
            return self.report(unit, "skipped", f"skipped, the toolchain here is too old: see {rel(log)}", last)
        if rc != 0:
            return self.report(unit, "failed", f"failed (exit {rc}) after {took:.0f} s: see {rel(log)}", last)
        if digest:
            (unit.home / "build").mkdir(exist_ok=True)
            when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
            (unit.home / "build" / STAMP).write_text(
                f"sources {digest}\ntoolchain {version}\nbuilt {when}\ntook {took:.1f} s\n")
            write_lab_stamps(unit, self.cache)
        self.report(unit, "built", f"built in {took:.0f} s")

    def chain(self, units):
        for unit in units:
            try:
                self.run(unit)
            except Exception as e:  # one broken unit must not stop its chain
                self.report(unit, "failed", f"failed: {e}")

    def run_all(self, units):
        self.logs.mkdir(parents=True, exist_ok=True)
        chains = {}
        for unit in units:
            chains.setdefault(unit.toolchain, []).append(unit)
        say(f"building {len(units)} server build(s) in {len(chains)} chain(s) side by side "
            f"({', '.join(chains)}); logs in {rel(self.logs)}/")
        threads = [threading.Thread(target=self.chain, args=(c,)) for c in chains.values()]
        for t in threads:
            t.start()
        for t in threads:
            t.join()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=["packages", "build"])
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--suite", help="the suite whose [[server]]s to take")
    which.add_argument("--all", action="store_true", help="every server of servers/")
    parser.add_argument("--results", default=str(REPO / "results"),
                        help="the results root (logs in .setup/, the lab's .build-cache/)")
    parser.add_argument("--nice", type=int, default=0,
                        help="run the builds at this niceness (setup.sh: 10 while cargo builds barrage)")
    args = parser.parse_args()
    suite, names = suite_names(args.suite) if args.suite else ({}, all_names())
    manifests = [Manifest.load(n) for n in names]
    if args.action == "packages":
        print("\n".join(packages(manifests, suite)))
        return 0
    for m in manifests:
        if m.unavailable:
            say(f"servers/{m.name}: unavailable here (its manifest says why)")
        elif not m.build:
            say(f"servers/{m.name}: nothing to build")
        elif m.argv() is None:
            say(f"servers/{m.name}: its build command has variables: the lab builds it")
    builder = Builder(Path(args.results).resolve(), args.nice)
    builder.run_all(units_of(manifests))
    c = builder.counts
    say(f"servers: {c['built']} built, {c['reused']} reused, {c['skipped']} skipped, {c['failed']} failed")
    if builder.failed:
        say(f"servers that failed to build: {' '.join(builder.failed)} "
            "(see their logs; barrage run reports them as failed)")
        return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:  # the builds got the same SIGINT
        say("interrupted")
        sys.exit(130)
