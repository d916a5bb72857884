#!/usr/bin/env bash
# Builds servers/tornado/build/venv: a Python venv with the pinned Tornado.
#   build.sh --fetch   create the venv and pip-install requirements.txt (network: PyPI)
#   build.sh           offline: check the venv has the pinned Tornado
set -euo pipefail

dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="$dir/build/venv"
pin="$(sed -n 's/^tornado==\([^[:space:]]*\).*/\1/p' "$dir/requirements.txt")"
if [[ -z "$pin" ]]; then
    echo "tornado: requirements.txt pins no tornado==VERSION" >&2
    exit 1
fi

installed() {
    [[ -x "$venv/bin/python" ]] &&
        "$venv/bin/python" -c 'import tornado, sys; sys.stdout.write(tornado.version)' 2>/dev/null
}

if [[ "${1:-}" == "--fetch" ]]; then
    if ! command -v python3 >/dev/null; then
        echo "tornado: needs python3 (Debian packages python3 python3-venv); run scripts/setup.sh" >&2
        exit 1
    fi
    if [[ ! -x "$venv/bin/python" ]]; then
        echo "tornado: creating venv $venv with $(command -v python3)"
        if ! python3 -m venv "$venv"; then
            rm -rf "$venv"
            echo "tornado: python3 -m venv failed (Debian package python3-venv); run scripts/setup.sh" >&2
            exit 1
        fi
    fi
    if [[ "$(installed || true)" != "$pin" ]]; then
        echo "tornado: pip install -r requirements.txt (tornado==$pin)"
        "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$dir/requirements.txt"
    fi
fi

have="$(installed || true)"
if [[ "$have" != "$pin" ]]; then
    echo "tornado: build/venv lacks tornado==$pin (has: ${have:-none}); run servers/tornado/build.sh --fetch (or scripts/setup.sh)" >&2
    exit 1
fi
echo "tornado: venv ready with tornado $have"
