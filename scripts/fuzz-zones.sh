#!/usr/bin/env bash
# Builds the libFuzzer target for the zone readers (TZif files and POSIX TZ strings, in MeddCore) and runs it.
# Usage: scripts/fuzz-zones.sh [SECONDS] [extra libFuzzer flags...]   (default 600 s)
# Crashes are written to .build-fuzz/zones/ as crash-*/timeout-*; the corpus grows in .build-fuzz/zones/corpus.
set -euo pipefail

seconds=${1:-600}
shift || true
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/.build-fuzz/zones"
mkdir -p "$work/corpus"

# Built from Fuzz/ZoneFuzz, a package of its own, for the reasons scripts/fuzz-config.sh gives; the
# flags are that script's without the C++ ones (MeddCore is Swift only).
echo "fuzz-zones: building (scratch path $work/build)"
swift build -c release --package-path "$root/Fuzz/ZoneFuzz" --scratch-path "$work/build" --product ZoneFuzz \
    --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
bin_dir=$(swift build -c release --package-path "$root/Fuzz/ZoneFuzz" --scratch-path "$work/build" --show-bin-path)

object="$bin_dir/MeddCore.build/TZifParser.swift.o"
if ! nm -u "$object" | grep '__asan_report' >/dev/null; then
    echo "fuzz-zones: $object is not instrumented by AddressSanitizer" >&2
    exit 1
fi

# Seed the corpus with real zone files (version 2+ with footers of each kind, a fixed offset, a
# southern-hemisphere rule) and TZ strings.
zoneinfo=${TZDIR:-/usr/share/zoneinfo}
for zone in Europe/Berlin America/New_York Australia/Lord_Howe Asia/Kathmandu UTC Pacific/Chatham America/Santiago Africa/Casablanca; do
    cp "$zoneinfo/$zone" "$work/corpus/seed-${zone//\//-}"
done
printf '%s' 'CET-1CEST,M3.5.0,M10.5.0/3' >"$work/corpus/seed-tz-cet"
printf '%s' 'AEST-10AEDT,M10.1.0,M4.1.0/3' >"$work/corpus/seed-tz-aest"
printf '%s' '<+0545>-5:45' >"$work/corpus/seed-tz-quoted"
printf '%s' 'EST5EDT,J60/2,300/-25:30:15' >"$work/corpus/seed-tz-julian"

echo "fuzz-zones: running for ${seconds}s"
cd "$work"
export SWIFT_BACKTRACE=enable=no
exec "$bin_dir/ZoneFuzz" -max_total_time="$seconds" -max_len=8192 -timeout=10 -print_final_stats=1 "$@" corpus
