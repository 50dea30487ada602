#!/usr/bin/env bash
# The README's two commands:
#   ./build.sh run    install what is missing, build, run the default study
#   ./build.sh test   install what is missing, build with -Werror, run every test (ctest)
#   ./build.sh build  install and build only
# Extra arguments after `run` are passed to asmsim sweep.
set -euo pipefail
cd "$(dirname "$0")"

need_pkgs=(cmake gcc make pkg-config python3 libcjson-dev libaio-dev libnuma-dev libncurses-dev libblkid-dev tmux e2fsprogs dmsetup)

install_missing() {
    local missing=()
    for p in "${need_pkgs[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "build.sh: installing ${missing[*]}" >&2
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
}

build() {
    local werror=${1:-OFF}
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DASMSIM_WERROR="$werror" >/dev/null
    cmake --build build -j"$(nproc)"
}

cmd=${1:-run}
[ $# -gt 0 ] && shift
case "$cmd" in
    build) install_missing; build OFF ;;
    run)
        install_missing; build OFF
        exec ./build/asmsim sweep --instance m5.large \
            --volume gp3:size=250GiB,iops=3000,throughput=125MiB/s \
            --volumes 1-16 --run simple --write 100 --duration auto "$@"
        ;;
    test)
        install_missing; build ON
        cd build && ctest --output-on-failure -j"$(nproc)" "$@"
        ;;
    *) echo "usage: ./build.sh run|test|build" >&2; exit 2 ;;
esac
