#!/usr/bin/env bash
# Builds the libFuzzer target for what medd-sync reads from a CalDAV server (a REPORT's multistatus XML
# through XML and MultiStatus, the calendar data in it through ICalendar and ServerTodo) and runs it.
# Usage: scripts/fuzz-sync.sh [SECONDS] [extra libFuzzer flags...]   (default 600 s)
# Crashes are written to .build-fuzz/sync/ as crash-*/timeout-*; the corpus grows in .build-fuzz/sync/corpus.
set -euo pipefail
source "$(dirname "$0")/fuzz-common.sh"
fuzz_init sync "$@"

# Built from Fuzz/SyncFuzz with the flags fuzz-common.sh gives. It links medd's MeddSync product, so
# Curl and Systemd (and libcurl and libsystemd) come along, though the target never calls them. Our
# Swift code (XML, MeddSync, ICalendar, MeddCore) gets coverage and ASan. libxml2 does not: it is
# Debian's shared library, not rebuilt. libFuzzer steers by the paths our code takes through what
# libxml2 returns (and by the string comparisons libxml2 makes through the C library, which libFuzzer
# intercepts); ASan checks libxml2's own reads and writes only where they go through intercepted C
# library calls (memcpy, strlen...), though its heap blocks come from ASan's malloc, with redzones and
# leak checks. That is fine: this target tests our code over what libxml2 gives it, and libxml2 itself
# is fuzzed upstream (OSS-Fuzz).
fuzz_build SyncFuzz
fuzz_require_asan XML.build/XMLDocument.swift.o MeddSync.build/MultiStatus.swift.o MeddSync.build/ServerTodo.swift.o \
    ICalendar.build/ContentLineParser.swift.o

# Seed the corpus with REPORT answers of Debian 12's Radicale 3.1.8 and Xandikos 0.2.8 (captured on
# loopback: sync-collection with and without a token, calendar-query, calendar-multiget; Radicale's
# default namespace and C: prefix, Xandikos's ns0:/ns1:, its calendar data refused in a 404 propstat
# and its sync token last), two edited copies (CDATA and &#13; line ends; full-URL hrefs with %2E),
# a to-do as medd-sync writes it, and the iCalendar target's seeds, for the bytes read as iCalendar.
cp "$root"/Fuzz/SyncFuzz/seeds/* "$root"/Fuzz/ICalendarFuzz/seeds/*.ics "$work/corpus/"
# One dictionary: the XML and WebDAV tokens, then the iCalendar target's.
cat "$root/Fuzz/SyncFuzz/webdav.dict" "$root/Fuzz/ICalendarFuzz/icalendar.dict" >"$work/sync.dict"

fuzz_run "$bin_dir/SyncFuzz" -max_len=16384 -timeout=10 -dict="$work/sync.dict"
