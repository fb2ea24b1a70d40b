#!/usr/bin/env bash
# Builds the libFuzzer target for the configuration loader (MeddConfig's own TOML reader and the
# validator) and runs it, with AddressSanitizer and LeakSanitizer.
# Usage: scripts/fuzz-config.sh [SECONDS] [extra libFuzzer flags...]   (default 600 s)
# Crashes and leaks are written to .build-fuzz/config/ as crash-*/leak-*/timeout-*; the corpus grows in
# .build-fuzz/config/corpus.
set -euo pipefail
source "$(dirname "$0")/fuzz-common.sh"
fuzz_init config "$@"

# Built from Fuzz/ConfigFuzz with the flags fuzz-common.sh gives (MeddConfig is Swift only).
fuzz_build ConfigFuzz
fuzz_require_asan MeddConfig.build/TOMLReader.swift.o MeddConfig.build/TOMLDocumentBuilder.swift.o

# Seed the corpus with every fixture and the example configuration.
for file in "$root"/Tests/MeddConfigTests/Fixtures/valid/*.toml "$root"/Tests/MeddConfigTests/Fixtures/broken/*.toml; do
    cp "$file" "$work/corpus/seed-$(basename "$(dirname "$file")")-$(basename "$file")"
done
cp "$root/examples/medd.toml" "$work/corpus/seed-example-medd.toml"

# LeakSanitizer checks after every input (-detect_leaks=1) and at exit: a load that leaks stops the run
# with a leak-* file.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
fuzz_run "$bin_dir/ConfigFuzz" -max_len=8192 -timeout=10 -detect_leaks=1 -dict="$root/Fuzz/ConfigFuzz/medd-toml.dict"
