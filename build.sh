#!/usr/bin/env bash
# The README's two commands:
#   ./build.sh run    install what is missing, build, run the default study
#   ./build.sh test   install what is missing, build, run every test (ctest)
#   ./build.sh build  install and build only
# All three configure the build directory the same way (-Werror on, as CI
# wants), so alternating them rebuilds nothing: a -Werror that only `test`
# set would flip the CMake cache and recompile every file on each switch.
# ASMSIM_WERROR=OFF ./build.sh ... turns it off (a compiler newer than the
# project's that warns where ours does not), for every command alike.
# and the hardening ones:
#   ASMSIM_SANITIZE=address,undefined ./build.sh test
#                     the whole suite under ASan+UBSan, built in build-sanitize/
#   ASMSIM_SANITIZE=thread ./build.sh test
#                     the threaded tests (ctest -L tsan) under TSan, in build-tsan/
#   ./build.sh fuzz [SECONDS]
#                     build the libFuzzer harnesses (clang) in build-fuzz/ and run
#                     each for SECONDS (default 20); a crash fails
# Extra arguments after `run` are passed to asmsim sweep, after `test` to ctest.
# ASMSIM_BUILD_ROOT=DIR puts the build directories under DIR instead of here.
set -euo pipefail
cd "$(dirname "$0")"

need_pkgs=(cmake gcc make pkg-config python3 libcjson-dev libaio-dev liburing-dev libnuma-dev libncurses-dev libblkid-dev tmux e2fsprogs dmsetup xfsprogs
           libjs-chart.js      # Chart.js, embedded in the HTML report at build time
           openmpi-bin libopenmpi-dev)  # mpirun runs (README "Several hosts"; optional:
                                        # CMake's ASMSIM_MPI=OFF builds without)
# only for `./build.sh test`: the HTML report's browser test (tests/report_browser_test.sh)
test_pkgs=(chromium fio)
# only for `./build.sh fuzz`: clang and its libFuzzer runtime
fuzz_pkgs=(clang libclang-rt-dev)

root=${ASMSIM_BUILD_ROOT:-.}
sanitize=${ASMSIM_SANITIZE:-}
werror=${ASMSIM_WERROR:-ON}

# One dpkg-query for all packages (one per package cost 0.25 s per call).
install_missing() {
    local missing=() installed
    installed=$(dpkg-query -W -f='${Package} ${Status}\n' "$@" 2>/dev/null |
                sed -n 's/^\([^ :]*\)[^ ]* install ok installed$/\1/p') || true
    for p in "$@"; do
        grep -qxF "$p" <<<"$installed" || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "build.sh: installing ${missing[*]}" >&2
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
}

# The build directory: the release build in build/, each sanitizer set in
# a directory of its own so that it never clobbers the release build.
build_dir() {
    case "$sanitize" in
        "") echo "$root/build" ;;
        ON | on | 1 | address,undefined | undefined,address) echo "$root/build-sanitize" ;;
        thread) echo "$root/build-tsan" ;;
        *) echo "$root/build-sanitize-${sanitize//,/-}" ;;
    esac
}

# Configure only when the build directory has no CMake cache or the cache
# holds other options than these: configuring took 4.2 s of the 5 s of an
# already built `./build.sh run`.  A changed CMakeLists.txt or a new source
# file needs no configure from here: the build step regenerates for those.
# $1: the target to build (default: all).
build() {
    local dir opts=(CMAKE_BUILD_TYPE:STRING=Release ASMSIM_WERROR:BOOL="$werror"
                    ASMSIM_SANITIZE:STRING="$sanitize")
    dir=$(build_dir)
    if ! cache_holds "$dir/CMakeCache.txt" "${opts[@]}"; then
        cmake -S . -B "$dir" "${opts[@]/#/-D}" >/dev/null
    fi
    cmake --build "$dir" -j"$(nproc)" ${1:+--target "$1"}
}

# Whether the CMake cache $1 exists and has each NAME:TYPE=VALUE of $2...
cache_holds() {
    local cache=$1 o
    shift
    [ -f "$cache" ] || return 1
    for o in "$@"; do
        grep -qxF "$o" "$cache" || return 1
    done
}

# Each harness tests/fuzz/fuzz_<name>.c runs for $1 seconds, starting from
# its checked-in seeds (tests/fuzz/corpus/<name>/, read only) and a working
# corpus in build-fuzz/corpus/<name>/ that grows from run to run.  A crash,
# a broken contract, a leak, a timeout (10 s for one input) or running out
# of memory leaves the input in build-fuzz/artifacts/ and fails.
fuzz() {
    local secs=${1:-20} dir="$root/build-fuzz" failed=0
    [[ "$secs" =~ ^[0-9]+$ ]] && [ "$secs" -gt 0 ] || {
        echo "usage: ./build.sh fuzz [SECONDS]  (seconds per harness, default 20)" >&2
        exit 2
    }
    install_missing "${need_pkgs[@]}" "${fuzz_pkgs[@]}"
    # clang's warnings differ from gcc's; -Werror is the release build's job
    cmake -S . -B "$dir" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Release \
        -DASMSIM_FUZZ=ON -DASMSIM_WERROR=OFF >/dev/null
    cmake --build "$dir" -j"$(nproc)" --target fuzz
    mkdir -p "$dir/artifacts" "$dir/logs"
    for src in tests/fuzz/fuzz_*.c; do
        local name
        name=$(basename "$src" .c)
        name=${name#fuzz_}
        local dict=() log="$dir/logs/$name.log"
        [ -f "tests/fuzz/$name.dict" ] && dict=(-dict="tests/fuzz/$name.dict")
        mkdir -p "$dir/corpus/$name"
        if "$dir/fuzz_$name" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
            -artifact_prefix="$dir/artifacts/$name-" "${dict[@]}" \
            "$dir/corpus/$name" "tests/fuzz/corpus/$name" >"$log" 2>&1; then
            echo "fuzz_$name: ok, $(grep -o 'Done [0-9]* runs in [0-9]* second' "$log" | tail -1 | sed 's/ second/ s/')"
        else
            failed=1
            echo "fuzz_$name: FAILED; log $log, input in $dir/artifacts/:" >&2
            grep -E 'ERROR|SUMMARY|contract violated|runtime error|Test unit written' "$log" | head -8 >&2 || tail -20 "$log" >&2
        fi
    done
    return $failed
}

cmd=${1:-run}
[ $# -gt 0 ] && shift
case "$cmd" in
    build) install_missing "${need_pkgs[@]}"; build ;;
    run)
        install_missing "${need_pkgs[@]}"; build asmsim
        # the default study, each setting unless the arguments give it
        # (asmsim refuses an option given twice)
        study=(--instance m5.large --volume gp3:size=250GiB,iops=3000,throughput=125MiB/s
               --volumes 1-16 --run simple --write 100 --duration auto)
        args=()
        for ((i = 0; i < ${#study[@]}; i += 2)); do
            given=no
            for a in "$@"; do
                [[ $a == "${study[i]}" || $a == "${study[i]}="* ]] && given=yes
            done
            [ $given = no ] && args+=("${study[i]}" "${study[i + 1]}")
        done
        exec "$(build_dir)/asmsim" sweep "${args[@]}" "$@"
        ;;
    test)
        install_missing "${need_pkgs[@]}" "${test_pkgs[@]}"; build
        labels=()
        [ "$sanitize" = thread ] && labels=(-L tsan)    # the tests that run threads
        cd "$(build_dir)" && ctest --output-on-failure -j"$(nproc)" "${labels[@]}" "$@"
        ;;
    fuzz) fuzz "$@" ;;
    *) echo "usage: ./build.sh run|test|build|fuzz [SECONDS]" >&2; exit 2 ;;
esac
