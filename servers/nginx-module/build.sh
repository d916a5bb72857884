#!/usr/bin/env bash
# Builds ngx_http_barrage_hello_module.c into build/ngx_http_barrage_hello_module.so,
# a dynamic module for Debian's installed nginx, the way Debian builds its
# own out-of-tree modules (nginx-dev's dh_nginx / Buildsystem/nginx_mod.pm):
# nginx's ./configure from /usr/share/nginx/src, run with the package's own
# configure flags (/usr/share/nginx/src/conf_flags: --with-compat and the
# rest, so the module signature matches the binary), dpkg-buildflags' CFLAGS
# plus -fPIC, --add-dynamic-module=this dir and --builddir=build/objs; then
# `make modules`. Nothing is written outside build/. No network needed.
set -euo pipefail

dir="$(cd "$(dirname "$0")" && pwd)"
src=/usr/share/nginx/src
name=ngx_http_barrage_hello_module
build="$dir/build"
objs="$build/objs"

need() {
    echo "nginx-module: needs $1 (Debian package $2); run scripts/setup.sh" >&2
    exit 1
}
[ -x "$src/configure" ] && [ -f "$src/conf_flags" ] || need "nginx's sources for modules ($src)" nginx-dev
command -v gcc >/dev/null || need gcc gcc
command -v make >/dev/null || need make make
command -v dpkg-buildflags >/dev/null || need dpkg-buildflags dpkg-dev
nginx=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$nginx" ] || need nginx nginx

# The module is only loadable by the nginx whose sources built it.
src_version=$(sed -n 's/^#define NGINX_VERSION *"\(.*\)"$/\1/p' "$src/src/core/nginx.h")
bin_version=$("$nginx" -v 2>&1 | sed -n 's|^nginx version: nginx/||p')
if [ "$src_version" != "$bin_version" ]; then
    echo "nginx-module: nginx-dev has nginx $src_version but the installed nginx is $bin_version; install matching versions" >&2
    exit 1
fi

rm -rf "$objs"
mkdir -p "$objs"

echo "nginx-module: configure against nginx $src_version ($src, Debian's conf_flags)"
# Debian's nginx is built with all hardening (its -V shows -Wl,-z,now).
export DEB_BUILD_MAINT_OPTIONS=hardening=+all
cflags="$(cd "$build" && dpkg-buildflags --get CFLAGS) -fPIC $(cd "$build" && dpkg-buildflags --get CPPFLAGS)"
ldflags="$(cd "$build" && dpkg-buildflags --get LDFLAGS) -fPIC"
(
    cd "$src"
    # shellcheck source=/dev/null
    . ./conf_flags
    ./configure \
        --with-cc-opt="$cflags" \
        --with-ld-opt="$ldflags" \
        "${NGX_CONF_FLAGS[@]}" \
        --add-dynamic-module="$dir" \
        --builddir="$objs"
) > "$build/configure.log" 2>&1 || {
    tail -n 30 "$build/configure.log" >&2
    echo "nginx-module: configure failed (log: $build/configure.log)" >&2
    exit 1
}

echo "nginx-module: make modules"
make -f "$objs/Makefile" -C "$src" modules > "$build/make.log" 2>&1 || {
    tail -n 30 "$build/make.log" >&2
    echo "nginx-module: make failed (log: $build/make.log)" >&2
    exit 1
}

cp "$objs/$name.so" "$build/$name.so.tmp"
mv -f "$build/$name.so.tmp" "$build/$name.so"

# What dh_nginx's test step does: the installed nginx must accept it
# (load_module checks the version and the --with-compat signature).
conf="$build/load-test.conf"
printf 'load_module %s;\nevents {}\n' "$build/$name.so" > "$conf"
if ! "$nginx" -p "$build" -e stderr -g 'error_log stderr; pid /dev/null;' -t -q -c "$conf"; then
    echo "nginx-module: $nginx does not load $build/$name.so" >&2
    exit 1
fi
echo "nginx-module: built $build/$name.so (load_module accepted by $nginx)"
