#!/usr/bin/env bash
# Builds the libFuzzer target for the configuration loader (MeddConfig over TOMLKit) and runs it.
# Usage: scripts/fuzz-config.sh [SECONDS] [extra libFuzzer flags...]   (default 600 s)
# Crashes are written to .build-fuzz/config/ as crash-*/timeout-*; the corpus grows in .build-fuzz/config/corpus.
set -euo pipefail
source "$(dirname "$0")/fuzz-common.sh"
fuzz_init config "$@"

# Unlike fuzz-varlink.sh, the sources cannot simply be handed to one swiftc: MeddConfig needs TOMLKit,
# whose parser is C++ (toml++). So SwiftPM builds everything from Fuzz/ConfigFuzz, with the flags
# fuzz-common.sh gives (coverage and ASan for MeddConfig, MeddCore and TOMLKit) and one more:
#   -Xcxx -fsanitize=address           ASan for toml++ (--sanitize=fuzzer already instruments it).
# C++ is built without NDEBUG, as in medd's own release build, so toml++'s assertions stay armed.
fuzz_build ConfigFuzz -Xcxx -fsanitize=address
fuzz_require_asan MeddConfig.build/SourceScanner.swift.o CTOML.build/Sources/Table.cpp.o

# Seed the corpus with every fixture and the example configuration.
for file in "$root"/Tests/MeddConfigTests/Fixtures/valid/*.toml "$root"/Tests/MeddConfigTests/Fixtures/broken/*.toml; do
    cp "$file" "$work/corpus/seed-$(basename "$(dirname "$file")")-$(basename "$file")"
done
cp "$root/examples/medd.toml" "$work/corpus/seed-example-medd.toml"

# TOMLKit 0.6.0 leaks on every parse (the C strings and tables its C++ side hands to Swift are never
# freed; LebJe/TOMLKit#26), so leak detection would stop at the first input, and LeakSanitizer would
# fail the run at exit. To look at the leaks anyway: ASAN_OPTIONS=detect_leaks=1 and -detect_leaks=1.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
fuzz_run "$bin_dir/ConfigFuzz" -max_len=8192 -timeout=10 -detect_leaks=0 -dict="$root/Fuzz/ConfigFuzz/medd-toml.dict"
