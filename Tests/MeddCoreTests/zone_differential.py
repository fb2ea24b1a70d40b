"""Expected answers for ZoneDifferentialTests, from Python's zoneinfo (fold=0).

For every distinct TZif file under the zone directory (posix/ and right/ skipped; links with the same
bytes are compared once), every transition from 2000 to 2040 gives three local dates: the day before,
the day of and the day after. For each (zone, date) one line:

    ZONE DATE RESOLVED LOCAL

RESOLVED: for the wall times 00:00, 00:15 ... 23:45 of DATE, naive local seconds minus
datetime(..., tzinfo=ZoneInfo(ZONE)).timestamp(), run-length encoded as OFFSETxCOUNT,...
LOCAL: for those same instants, the local wall time datetime.fromtimestamp(instant, zone) gives,
as (local naive seconds - instant), encoded the same way.
"""
import datetime
import os
import sys
import zoneinfo
from zoneinfo import _zoneinfo as pure

DIRECTORY = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/zoneinfo"
FIRST, LAST = 2000, 2040
EPOCH = datetime.datetime(1970, 1, 1)


def zone_names():
    seen = set()
    for root, dirs, files in os.walk(DIRECTORY):
        dirs[:] = sorted(d for d in dirs if not (root == DIRECTORY and d in ("posix", "right")))
        for name in sorted(files):
            path = os.path.join(root, name)
            with open(path, "rb") as handle:
                data = handle.read()
            if not data.startswith(b"TZif") or data in seen:
                continue
            seen.add(data)
            yield os.path.relpath(path, DIRECTORY)


def transition_dates(zone):
    """Local dates of transitions in [FIRST, LAST], from the pure-Python reader's tables."""
    dates = set()
    first = datetime.datetime(FIRST, 1, 1).timestamp() - 86400 * 2
    last = datetime.datetime(LAST + 1, 1, 1).timestamp()
    for ts in zone._trans_utc:
        if first <= ts < last:
            local = datetime.datetime.fromtimestamp(ts, zoneinfo.ZoneInfo(zone.key))
            dates.add(local.date())
    after = zone._tz_after
    if hasattr(after, "transitions"):
        start_year = FIRST
        if zone._trans_utc:
            start_year = max(FIRST, datetime.datetime.fromtimestamp(zone._trans_utc[-1], datetime.timezone.utc).year)
        for year in range(start_year, LAST + 1):
            for local_seconds in after.transitions(year):
                dates.add((EPOCH + datetime.timedelta(seconds=local_seconds)).date())
    return sorted(d for d in dates if FIRST <= d.year <= LAST)


def run_length(values):
    runs = []
    for value in values:
        if runs and runs[-1][0] == value:
            runs[-1][1] += 1
        else:
            runs.append([value, 1])
    return ",".join(f"{value}x{count}" for value, count in runs)


def main():
    zones = transitions = times = 0
    out = []
    for name in zone_names():
        try:
            zone = pure.ZoneInfo.no_cache(name)
        except Exception:
            continue
        tz = zoneinfo.ZoneInfo(name)
        zones += 1
        days = set()
        for day in transition_dates(zone):
            transitions += 1
            for delta in (-1, 0, 1):
                days.add(day + datetime.timedelta(days=delta))
        for day in sorted(days):
            base = (day - EPOCH.date()).days * 86400
            resolved, local = [], []
            for quarter in range(96):
                wall = datetime.datetime(day.year, day.month, day.day, quarter // 4, quarter % 4 * 15, tzinfo=tz)
                instant = int(wall.timestamp())
                naive = base + quarter * 900
                resolved.append(naive - instant)
                back = datetime.datetime.fromtimestamp(instant, tz)
                local.append(int((back.replace(tzinfo=None) - EPOCH).total_seconds()) - instant)
            times += 96
            out.append(f"{name} {day.isoformat()} {run_length(resolved)} {run_length(local)}")
    sys.stdout.write("\n".join(out) + "\n")
    sys.stderr.write(f"{zones} zones, {transitions} transition dates, {times} wall times\n")


main()
