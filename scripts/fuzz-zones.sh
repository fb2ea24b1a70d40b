#!/usr/bin/env bash
# Builds the libFuzzer target for the zone readers (TZif files and POSIX TZ strings, in MeddCore) and runs it.
# Usage: scripts/fuzz-zones.sh [SECONDS] [extra libFuzzer flags...]   (default 600 s)
# Crashes are written to .build-fuzz/zones/ as crash-*/timeout-*; the corpus grows in .build-fuzz/zones/corpus.
set -euo pipefail
source "$(dirname "$0")/fuzz-common.sh"
fuzz_init zones "$@"

# Built from Fuzz/ZoneFuzz with the flags fuzz-common.sh gives (MeddCore is Swift only).
fuzz_build ZoneFuzz
fuzz_require_asan MeddCore.build/TZifParser.swift.o

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

fuzz_run "$bin_dir/ZoneFuzz" -max_len=8192 -timeout=10
