#!/usr/bin/env bash
# Builds servers/fastapi/build/venv: a Python venv with FastAPI, uvicorn
# (uvloop, httptools), orjson, brotli and asyncpg, every package pinned in
# requirements.txt (a `pip freeze` of the venv).
#   build.sh --fetch   create the venv and pip-install requirements.txt (network: PyPI)
#   build.sh           offline: check the venv has exactly the pinned packages
set -euo pipefail

dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="$dir/build/venv"
fetch=0
for arg in "$@"; do
    case "$arg" in
        --fetch) fetch=1 ;;
        *) echo "fastapi: unknown argument $arg; expected nothing or --fetch" >&2; exit 2 ;;
    esac
done

# The pins, as `pip freeze` prints them (comments and blank lines dropped).
wanted() { grep -v '^[[:space:]]*\(#\|$\)' "$dir/requirements.txt" | tr 'A-Z_' 'a-z-' | sort; }
have() {
    [[ -x "$venv/bin/python" ]] &&
        "$venv/bin/python" -m pip freeze --disable-pip-version-check 2>/dev/null | tr 'A-Z_' 'a-z-' | sort
}

if (( fetch )); then
    if ! command -v python3 >/dev/null; then
        echo "fastapi: needs python3 (Debian packages python3 python3-venv); run scripts/setup.sh" >&2
        exit 1
    fi
    if [[ ! -x "$venv/bin/python" ]]; then
        echo "fastapi: creating venv $venv with $(command -v python3)"
        if ! python3 -m venv "$venv"; then
            rm -rf "$venv"
            echo "fastapi: python3 -m venv failed (Debian package python3-venv); run scripts/setup.sh" >&2
            exit 1
        fi
    fi
    if [[ "$(have || true)" != "$(wanted)" ]]; then
        echo "fastapi: pip install -r requirements.txt"
        "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$dir/requirements.txt"
    fi
fi

if [[ "$(have || true)" != "$(wanted)" ]]; then
    echo "fastapi: build/venv does not hold exactly requirements.txt's pins ($(diff <(wanted) <(have || true) | grep -c '^[<>]') lines differ); run servers/fastapi/build.sh --fetch (or scripts/setup.sh)" >&2
    exit 1
fi
echo "fastapi: venv ready with $("$venv/bin/python" -c 'import fastapi, uvicorn; print("fastapi", fastapi.__version__, "uvicorn", uvicorn.__version__)')"
