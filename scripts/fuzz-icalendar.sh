#!/usr/bin/env bash
# Builds the libFuzzer target for the iCalendar reader and writer (ICalendar, over MeddCore) and runs it.
# Usage: scripts/fuzz-icalendar.sh [SECONDS] [extra libFuzzer flags...]   (default 600 s)
# Crashes are written to .build-fuzz/icalendar/ as crash-*/timeout-*; the corpus grows in .build-fuzz/icalendar/corpus.
set -euo pipefail
source "$(dirname "$0")/fuzz-common.sh"
fuzz_init icalendar "$@"

# Built from Fuzz/ICalendarFuzz with the flags fuzz-common.sh gives (ICalendar and MeddCore are Swift only).
fuzz_build ICalendarFuzz
fuzz_require_asan ICalendar.build/ContentLineParser.swift.o

# Seed the corpus with VTODOs as Tasks.org (DAVx5), Thunderbird, Apple Reminders and Python's caldav write them.
cp "$root"/Fuzz/ICalendarFuzz/seeds/*.ics "$work/corpus/"

fuzz_run "$bin_dir/ICalendarFuzz" -max_len=16384 -timeout=10 -dict="$root/Fuzz/ICalendarFuzz/icalendar.dict"
