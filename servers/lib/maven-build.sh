#!/usr/bin/env bash
# The Java servers' Maven build (the build.sh of grpc-java, mina, netty and
# vertx run it): build/app.jar plus its dependencies in build/lib/ (the
# start command puts both on the class path). Each server.toml lists this
# file among its [build] sources ("../lib/maven-build.sh").
#   maven-build.sh NAME DIR            offline build from ~/.m2 (benchmark time)
#   maven-build.sh NAME DIR --fetch    downloads what Maven needs into ~/.m2 (set-up time)
#   maven-build.sh NAME DIR --version  the version pom.xml pins (<NAME.version>) and java's
#                                      (the manifests' [version]; works before any build)
set -euo pipefail
name=$1
cd "$2"
shift 2

if [[ "${1:-}" == "--version" ]]; then
    v=$(sed -n "s:.*<$name.version>\\(.*\\)</$name.version>.*:\\1:p" pom.xml)
    j=$(java -version 2>&1 | head -n 1 || true)
    echo "$name $v; $j"
    exit 0
fi

for tool in java mvn; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "$name: needs $tool (Debian packages openjdk-17-jdk-headless maven); run scripts/setup.sh"
        exit 1
    fi
done

offline=(-o)
if [[ "${1:-}" == "--fetch" ]]; then
    offline=()
fi

rm -rf build/lib build/app.jar
mkdir -p build
echo "$name: mvn package${offline:+ (offline)}"
log=build/mvn.log
if ! mvn -B -q "${offline[@]}" package >"$log" 2>&1; then
    if [[ ${#offline[@]} -gt 0 ]] && grep -qiE "offline|Cannot access|could not resolve|not been downloaded" "$log"; then
        echo "$name: Maven artifacts missing from ~/.m2; run scripts/setup.sh (it calls build.sh --fetch)"
    else
        tail -n 30 "$log"
        echo "$name: mvn package failed (log: $PWD/$log)"
    fi
    exit 1
fi
echo "$name: built build/app.jar and build/lib/ ($(find build/lib -name "*.jar" | wc -l) jars)"
