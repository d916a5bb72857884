#!/usr/bin/env bash
# Builds servers/cowboy/build/: Cowboy, Cowlib and Ranch (compiled .beam
# files), jiffy (JSON, a NIF) and the compiled handler,
# build/ebin/cowboy_bench.beam.
#
# Debian has no erlang-cowboy package, but Debian's rabbitmq-server package
# (bookworm: 3.10.8, built with bookworm's Erlang/OTP 25) bundles Cowboy
# 2.8.0, Cowlib 2.9.1 and Ranch 2.1.0 as plugins. `--fetch` downloads that
# .deb and Debian's erlang-jiffy (1.1.1, the JSON library of TechEmpower's
# Cowboy entry) with `apt-get download` (nothing is installed, no service
# starts) and unpacks only those four into build/deps/. Without --fetch it
# works offline: it checks build/deps/ and compiles src/cowboy_bench.erl.
set -euo pipefail

dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
deps="$dir/build/deps"
libs=(cowboy cowlib ranch)

have_deps() {
    local lib
    for lib in "${libs[@]}" jiffy; do
        [[ -f "$deps/$lib/ebin/$lib.app" ]] || return 1
    done
    [[ -f "$deps/jiffy/priv/jiffy.so" ]]
}

if ! command -v erlc >/dev/null; then
    echo "cowboy: needs erlc (Debian package erlang-base); run scripts/setup.sh" >&2
    exit 1
fi

if [[ "${1:-}" == "--fetch" ]] && ! have_deps; then
    fetch="$dir/build/fetch"
    rm -rf "$fetch"
    mkdir -p "$fetch"
    echo "cowboy: apt-get download rabbitmq-server (for its bundled cowboy, cowlib, ranch)"
    echo "cowboy: apt-get download erlang-jiffy"
    (cd "$fetch" && apt-get download -q -o APT::Sandbox::User=root rabbitmq-server erlang-jiffy >/dev/null)
    deb="$(ls "$fetch"/rabbitmq-server_*.deb)"
    jiffy_deb="$(ls "$fetch"/erlang-jiffy_*.deb)"
    dpkg-deb -x "$deb" "$fetch/root"
    dpkg-deb -x "$jiffy_deb" "$fetch/root"
    rm -rf "$deps"
    mkdir -p "$deps"
    for lib in "${libs[@]}"; do
        src="$(ls -d "$fetch"/root/usr/lib/rabbitmq/lib/rabbitmq_server-*/plugins/"$lib"-[0-9]* | head -n 1)"
        if [[ ! -f "$src/ebin/$lib.app" ]]; then
            echo "cowboy: $(basename "$deb") has no $lib plugin" >&2
            exit 1
        fi
        mkdir -p "$deps/$lib"
        cp -r "$src/ebin" "$deps/$lib/ebin"
        echo "cowboy: unpacked $(basename "$src") from $(basename "$deb")"
    done
    src="$(ls -d "$fetch"/root/usr/lib/erlang/lib/jiffy-[0-9]* | head -n 1)"
    if [[ ! -f "$src/ebin/jiffy.app" || ! -f "$src/priv/jiffy.so" ]]; then
        echo "cowboy: $(basename "$jiffy_deb") has no jiffy ebin or NIF" >&2
        exit 1
    fi
    mkdir -p "$deps/jiffy"
    cp -r "$src/ebin" "$src/priv" "$deps/jiffy/"
    echo "cowboy: unpacked $(basename "$src") from $(basename "$jiffy_deb")"
    rm -rf "$fetch"
fi

if ! have_deps; then
    echo "cowboy: build/deps lacks cowboy, cowlib, ranch or jiffy; run servers/cowboy/build.sh --fetch (or scripts/setup.sh)" >&2
    exit 1
fi

mkdir -p "$dir/build/ebin"
erlc -Werror -o "$dir/build/ebin" "$dir/src/cowboy_bench.erl"
echo "cowboy: compiled build/ebin/cowboy_bench.beam"
