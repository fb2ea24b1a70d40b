#!/usr/bin/env bash
# Builds the libFuzzer target for the Varlink wire layer (MeddControl) and runs it.
# Usage: scripts/fuzz-varlink.sh [SECONDS] [extra libFuzzer flags...]   (default 600 s)
# Crashes are written to .build-fuzz/varlink/ as crash-*; the corpus grows in .build-fuzz/varlink/corpus.
set -euo pipefail
source "$(dirname "$0")/fuzz-common.sh"
fuzz_init varlink "$@"

# The fuzzer compiles MeddControl and MeddCore (whose parsers read the call's parameters: dose IDs,
# ISO 8601 instants, dates) as one module, so `import MeddCore` lines are dropped from copies.
# Sources sit in subfolders (MeddCore/Time/...); a copy is named by its path, as one module's file names must differ.
rm -rf "$work/src" && mkdir -p "$work/src"
while IFS= read -r file; do
    relative=${file#"$root/Sources/"}
    sed -E 's/^(public |internal )?import MeddCore$//' "$file" >"$work/src/${relative//\//-}"
done < <(find "$root/Sources/MeddControl" "$root/Sources/MeddCore" -name '*.swift' | sort)
sources=("$work"/src/*.swift)

# Seed the corpus with a few valid calls (first byte: read size - 1).
seed() { printf '%b' "$2" >"$work/corpus/seed-$1"; }
seed status '\x07{"method":"io.medd.Control.Status"}\0'
seed taken '\x10{"method":"io.medd.Control.Taken","parameters":{"dose":"a_20261122_08_00","at":"2026-11-22T08:00:00+01:00","note":"\\u00e9"}}\0'
seed snooze '\xff{"method":"io.medd.Control.Snooze","parameters":{"dose":"a","minutes":10}}\0{"method":"io.medd.Control.Watch","more":true}\0'
seed reply '\x3f{"continues":true,"parameters":{"doses":[{"id":"a_20261122_08_00","note":"a,\\"b\\"\\u00e9","usec":1795329000000000,"readings":["120/80"]},{"\\u0069d":"x"},7]}}\0'
seed info '\x01{"method":"org.varlink.service.GetInterfaceDescription","parameters":{"interface":"io.medd.Control"}}\0'

echo "fuzz-varlink: building $work/fuzzer"
swiftc -O -g -sanitize=fuzzer,address -parse-as-library -swift-version 6 \
    -module-name MeddControl "${sources[@]}" "$root/Fuzz/VarlinkFuzz/main.swift" -o "$work/fuzzer"

fuzz_run "$work/fuzzer" -max_len=16384
