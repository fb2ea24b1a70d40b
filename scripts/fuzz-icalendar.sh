#!/usr/bin/env bash
# Builds the libFuzzer target for the iCalendar reader and writer (ICalendar, over MeddCore) and runs it.
# Usage: scripts/fuzz-icalendar.sh [SECONDS] [extra libFuzzer flags...]   (default 600 s)
# Crashes are written to .build-fuzz/icalendar/ as crash-*/timeout-*; the corpus grows in .build-fuzz/icalendar/corpus.
set -euo pipefail

seconds=${1:-600}
shift || true
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/.build-fuzz/icalendar"
mkdir -p "$work/corpus"

# Built from Fuzz/ICalendarFuzz, a package of its own, for the reasons scripts/fuzz-config.sh gives; the
# flags are that script's without the C++ ones (ICalendar and MeddCore are Swift only).
echo "fuzz-icalendar: building (scratch path $work/build)"
swift build -c release --package-path "$root/Fuzz/ICalendarFuzz" --scratch-path "$work/build" --product ICalendarFuzz \
    --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
bin_dir=$(swift build -c release --package-path "$root/Fuzz/ICalendarFuzz" --scratch-path "$work/build" --show-bin-path)

object="$bin_dir/ICalendar.build/ContentLineParser.swift.o"
if ! nm -u "$object" | grep '__asan_report' >/dev/null; then
    echo "fuzz-icalendar: $object is not instrumented by AddressSanitizer" >&2
    exit 1
fi

# Seed the corpus with VTODOs as Tasks.org (DAVx5), Thunderbird, Apple Reminders and Python's caldav write them.
cp "$root"/Fuzz/ICalendarFuzz/seeds/*.ics "$work/corpus/"

echo "fuzz-icalendar: running for ${seconds}s"
cd "$work"
# The Swift backtracer would fight ASan over a crashing process; libFuzzer reports instead.
export SWIFT_BACKTRACE=enable=no
exec "$bin_dir/ICalendarFuzz" -max_total_time="$seconds" -max_len=16384 -timeout=10 -print_final_stats=1 \
    -dict="$root/Fuzz/ICalendarFuzz/icalendar.dict" "$@" corpus
