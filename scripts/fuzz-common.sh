# Shared by the scripts/fuzz-*.sh scripts, which source it; not run on its own. Each script runs as
#   scripts/fuzz-NAME.sh [SECONDS] [extra libFuzzer flags...]   (default 600 s)
# with its work folder in .build-fuzz/NAME/: the build, the corpus (corpus/) and any crash-*/timeout-*.
# A script calls, in order:
#   fuzz_init NAME "$@"                 reads SECONDS and the extra flags, sets $root and $work, makes $work/corpus;
#   fuzz_build PACKAGE [flags...]       builds Fuzz/PACKAGE (its product has the package's name), sets $bin_dir;
#   fuzz_require_asan OBJECT...         stops unless each object (relative to $bin_dir) is ASan-instrumented;
#   (its own seeds in $work/corpus)
#   fuzz_run BINARY [libFuzzer flags]   runs the fuzzer in $work on corpus/, for SECONDS, the extra flags last.
# scripts/fuzz-varlink.sh builds with swiftc instead and calls only fuzz_init and fuzz_run.

fuzz_init() {
    fuzz_name=$1
    shift
    fuzz_seconds=${1:-600}
    shift || true
    fuzz_extra_flags=("$@")
    root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    work="$root/.build-fuzz/$fuzz_name"
    mkdir -p "$work/corpus"
}

# Each fuzz target is a package of its own under Fuzz/ that depends on medd by path: inside medd's
# Package.swift a fuzz target, which has no `main` of its own, would break a plain `swift build`. The
# flags, each for a reason:
#   --sanitize=fuzzer                  makes SwiftPM link libFuzzer's `main` instead of renaming the
#                                      target's entry point to <Product>_main and pointing `main` at it;
#   -Xswiftc -sanitize=fuzzer,address  coverage and ASan for every Swift module. Adding
#                                      --sanitize=address instead is not enough: the compiler passes on
#                                      only the last -sanitize= it is given, so Swift code would get no
#                                      ASan; this one comes last.
# A script adds what its package needs beyond that (C++ flags for fuzz-config).
fuzz_build() {
    local package=$1
    shift
    local build=(swift build -c release --package-path "$root/Fuzz/$package" --scratch-path "$work/build")
    echo "fuzz-$fuzz_name: building (scratch path $work/build)"
    "${build[@]}" --product "$package" --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address "$@"
    bin_dir=$("${build[@]}" --show-bin-path)
}

# Fail loudly rather than fuzz without AddressSanitizer, should the flag handling above ever change.
fuzz_require_asan() {
    local object
    for object in "$@"; do
        if ! nm -u "$bin_dir/$object" | grep '__asan_report' >/dev/null; then
            echo "fuzz-$fuzz_name: $bin_dir/$object is not instrumented by AddressSanitizer" >&2
            exit 1
        fi
    done
}

fuzz_run() {
    local binary=$1
    shift
    echo "fuzz-$fuzz_name: running for ${fuzz_seconds}s"
    cd "$work"
    # The Swift backtracer would fight ASan over a crashing process; libFuzzer reports instead.
    export SWIFT_BACKTRACE=enable=no
    exec "$binary" -max_total_time="$fuzz_seconds" "$@" -print_final_stats=1 "${fuzz_extra_flags[@]}" corpus
}
