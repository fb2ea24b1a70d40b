#!/usr/bin/env bash
# Builds the libFuzzer target for the configuration loader (MeddConfig over TOMLKit) and runs it.
# Usage: scripts/fuzz-config.sh [SECONDS] [extra libFuzzer flags...]   (default 600 s)
# Crashes are written to .build-fuzz/config/ as crash-*/timeout-*; the corpus grows in .build-fuzz/config/corpus.
set -euo pipefail

seconds=${1:-600}
shift || true
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/.build-fuzz/config"
mkdir -p "$work/corpus"

# Unlike fuzz-varlink.sh, the sources cannot simply be handed to one swiftc: MeddConfig needs TOMLKit,
# whose parser is C++ (toml++). So SwiftPM builds everything from Fuzz/ConfigFuzz, a package of its own
# that depends on medd by path; inside medd's Package.swift the fuzz target, which has no `main` of its
# own, would break a plain `swift build`. The flags, each for a reason:
#   --sanitize=fuzzer                  makes SwiftPM link libFuzzer's `main` instead of renaming the
#                                      target's entry point to ConfigFuzz_main and pointing `main` at it;
#   -Xswiftc -sanitize=fuzzer,address  coverage and ASan for every Swift module (MeddConfig, MeddCore,
#                                      TOMLKit). Adding --sanitize=address instead is not enough: the
#                                      compiler passes on only the last -sanitize= it is given, so Swift
#                                      code would get no ASan; this one comes last;
#   -Xcxx -fsanitize=address           ASan for toml++ (--sanitize=fuzzer already instruments it).
# C++ is built without NDEBUG, as in medd's own release build, so toml++'s assertions stay armed.
echo "fuzz-config: building (scratch path $work/build)"
swift build -c release --package-path "$root/Fuzz/ConfigFuzz" --scratch-path "$work/build" --product ConfigFuzz \
    --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xcxx -fsanitize=address
bin_dir=$(swift build -c release --package-path "$root/Fuzz/ConfigFuzz" --scratch-path "$work/build" --show-bin-path)

# Fail loudly rather than fuzz without AddressSanitizer, should the flag handling above ever change.
for object in "$bin_dir/MeddConfig.build/SourceScanner.swift.o" "$bin_dir/CTOML.build/Sources/Table.cpp.o"; do
    if ! nm -u "$object" | grep '__asan_report' >/dev/null; then
        echo "fuzz-config: $object is not instrumented by AddressSanitizer" >&2
        exit 1
    fi
done

# Seed the corpus with every fixture and the example configuration.
for file in "$root"/Tests/MeddConfigTests/Fixtures/valid/*.toml "$root"/Tests/MeddConfigTests/Fixtures/broken/*.toml; do
    cp "$file" "$work/corpus/seed-$(basename "$(dirname "$file")")-$(basename "$file")"
done
cp "$root/examples/medd.toml" "$work/corpus/seed-example-medd.toml"

echo "fuzz-config: running for ${seconds}s"
cd "$work"
# The Swift backtracer would fight ASan over a crashing process; libFuzzer reports instead.
export SWIFT_BACKTRACE=enable=no
# TOMLKit 0.6.0 leaks on every parse (the C strings and tables its C++ side hands to Swift are never
# freed; LebJe/TOMLKit#26), so leak detection would stop at the first input, and LeakSanitizer would
# fail the run at exit. To look at the leaks anyway: ASAN_OPTIONS=detect_leaks=1 and -detect_leaks=1.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
exec "$bin_dir/ConfigFuzz" -max_total_time="$seconds" -max_len=8192 -timeout=10 -print_final_stats=1 \
    -detect_leaks=0 -dict="$root/Fuzz/ConfigFuzz/medd-toml.dict" "$@" corpus
