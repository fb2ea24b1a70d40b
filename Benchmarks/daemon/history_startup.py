#!/usr/bin/env python3
"""Start-up with years of history: spawn to READY=1 and peak memory over ledgers of 0, 1 and 10 years.

10 medications at 08:00, 14:00 and 20:00 (three with a stock count). Each ledger is made by medd
itself (a first start creates the schema and saves its state), then filled with SQLite inserts in
the ledger's own format, ending the day before the clock the daemon starts at: every dose fired,
about a fifth re-alerted, a tenth snoozed (and alerted again when the snooze ended), then taken
(85 %), skipped (5 %) or missed (10 %) — about 2.4 events a dose; the stock counts what was taken.
Ten years are about 110,000 doses and 260,000 events.

For each ledger medd is started RUNS times with --pretend-now 2026-11-22T07:00+01:00 (plus the real
time since the benchmark began). Reported: spawn to the READY=1 datagram (harness.Daemon.started_real
to its arrival), VmHWM (peak resident set) read from /proc/PID/status right after READY=1, and VmRSS
a second later.

Targets: READY within 150 ms and a peak within 5 MB of the empty ledger's, with ten years.

With --readings the ledgers hold readings instead of doses: a blood pressure measured four times a day
(07:00, 12:00, 17:00, 22:00, about 14,600 readings in ten years, with reminders at those times),
each a `measured` event and its reminder's dose row. Target: READY within 5 ms and the peak within
0.5 MiB of an empty ledger's (readings are never loaded at start).

    MEDD_BIN_DIR=... python3 Benchmarks/daemon/history_startup.py [--runs 7] [--years 0 1 10] [--readings]
"""
import argparse
import datetime
import random
import shutil
import sqlite3
import sys
import tempfile
import time
import zoneinfo

import benchlib

BASE = datetime.datetime(2026, 11, 22, 7, 0, tzinfo=benchlib.BERLIN)
BEGAN = time.monotonic()
TIMES = [(8, 0), (14, 0), (20, 0)]
MEDS = [f"hist-{i:02d}" for i in range(10)]
STOCKED = {MEDS[0]: 1_000_000, MEDS[1]: 1_000_000, MEDS[2]: 1_000_000}
BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")
USEC = 1_000_000


def clock():
    return BASE + datetime.timedelta(seconds=time.monotonic() - BEGAN)


READING_TIMES = [(7, 0), (12, 0), (17, 0), (22, 0)]


def config_text():
    lines = ["[settings]", "horizon_days = 14", "",
             "[measurement.bp]", 'kind = "blood_pressure"', 'times = ["07:00", "12:00", "17:00", "22:00"]', 'target = "135/85"', ""]
    for i, med in enumerate(MEDS):
        lines += [f"[medication.{med}]", f'name = "Medication {i}"', 'dose = "1 tablet"',
                  'times = ["08:00", "14:00", "20:00"]']
        if med in STOCKED:
            lines += [f"stock = {STOCKED[med]}", "refill_at = 10"]
        lines.append("")
    return "\n".join(lines)


def usec(dt):
    return int(dt.timestamp()) * USEC


def fill(path, years, seed=5):
    """Inserts `years` of dose lives ending the day before BASE into the ledger at `path`."""
    rng = random.Random(seed)
    first = BASE.date() - datetime.timedelta(days=round(365.25 * years))
    db = sqlite3.connect(path)
    db.execute("PRAGMA synchronous = OFF")
    seq = db.execute("SELECT COALESCE(MAX(seq), 0) FROM event").fetchone()[0]
    events, doses = [], []
    taken = {med: 0 for med in STOCKED}
    day = first
    while day < BASE.date():
        for i, med in enumerate(MEDS):
            for hour, minute in TIMES:
                local = datetime.datetime(day.year, day.month, day.day, hour, minute, tzinfo=BERLIN)
                scheduled = usec(local)
                offset = int(local.utcoffset().total_seconds())
                dose_id = f"{med}_{day:%Y%m%d}_{hour:02d}_{minute:02d}"
                common = (dose_id, med, f"Medication {i}", "1 tablet", scheduled, offset)

                def event(kind, at, source, snooze_until=None, reason=None, note=None):
                    nonlocal seq
                    seq += 1
                    events.append((seq, kind, *common, at, source, snooze_until, reason, note))
                    return seq

                event("fired", scheduled, "daemon")
                at = scheduled
                if rng.random() < 0.2:
                    at = scheduled + 15 * 60 * USEC
                    event("renotified", at, "daemon")
                if rng.random() < 0.1:
                    until = at + 10 * 60 * USEC
                    event("snoozed", at + 60 * USEC, "desktop", snooze_until=until)
                    at = until
                    event("renotified", at, "daemon", reason=f"snooze snooze_{med}_{hour:02d}_{minute:02d} ended")
                outcome = rng.random()
                if outcome < 0.85:
                    final = event("taken", at + rng.randint(1, 30) * 60 * USEC, rng.choice(["cli", "desktop"]))
                    state = "taken"
                    if med in taken:
                        taken[med] += 1
                elif outcome < 0.90:
                    final = event("skipped", at + 5 * 60 * USEC, "cli", reason="not needed")
                    state = "skipped"
                else:
                    final = event("missed", scheduled + 2 * 3600 * USEC, "daemon", reason="not answered within grace")
                    state = "missed"
                doses.append((dose_id, med, scheduled, state, final, final))
        day += datetime.timedelta(days=1)
    with db:
        db.executemany("INSERT INTO event (seq, kind, dose_id, medication, name, dose_text, scheduled_usec, utc_offset, "
                       "at_usec, source, snooze_until_usec, reason, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", events)
        db.executemany("INSERT INTO dose (id, medication, scheduled_usec, state, last_seq, final_seq) VALUES (?, ?, ?, ?, ?, ?)", doses)
        since = usec(datetime.datetime(first.year, first.month, first.day, tzinfo=BERLIN))
        for med, count in taken.items():
            db.execute("UPDATE stock SET since_usec = ?, level = configured - ? WHERE medication = ?", (since, count, med))
        db.execute("INSERT INTO meta (key, value) VALUES ('watermark', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                   (usec(BASE) - 3600 * USEC,))
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return len(doses), len(events)


def fill_readings(path, years, seed=5):
    """Inserts `years` of blood pressure readings, four a day, each answering its reminder, ending the day before BASE."""
    rng = random.Random(seed)
    first = BASE.date() - datetime.timedelta(days=round(365.25 * years))
    db = sqlite3.connect(path)
    db.execute("PRAGMA synchronous = OFF")
    seq = db.execute("SELECT COALESCE(MAX(seq), 0) FROM event").fetchone()[0]
    events, doses = [], []
    day = first
    while day < BASE.date():
        for hour, minute in READING_TIMES:
            local = datetime.datetime(day.year, day.month, day.day, hour, minute, tzinfo=BERLIN)
            scheduled = usec(local)
            dose_id = f"bp_{day:%Y%m%d}_{hour:02d}_{minute:02d}"
            systolic, diastolic = rng.randint(110, 150), rng.randint(65, 95)
            value = f"{systolic}/{diastolic}/{rng.randint(55, 90)}"
            seq += 1
            events.append((seq, "measured", dose_id, "bp", "Blood pressure", "", scheduled, int(local.utcoffset().total_seconds()),
                           scheduled + rng.randint(0, 600) * USEC, "cli", "blood_pressure", value, "mmHg", "135/85", "1/1"))
            doses.append((dose_id, "bp", scheduled, "measured", seq, seq, "blood_pressure"))
        day += datetime.timedelta(days=1)
    with db:
        db.executemany("INSERT INTO event (seq, kind, dose_id, medication, name, dose_text, scheduled_usec, utc_offset, at_usec, source, "
                       "measurement, value, unit, target, reading) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", events)
        db.executemany("INSERT INTO dose (id, medication, scheduled_usec, state, last_seq, final_seq, measurement) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?)", doses)
        db.execute("INSERT INTO meta (key, value) VALUES ('watermark', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                   (usec(BASE) - 3600 * USEC,))
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return len(doses), len(events)


def measure(daemon):
    """(READY ms, VmHWM KiB at READY, VmRSS KiB a second later)."""
    ready = (time.monotonic() - daemon.started_real) * 1000
    peak = benchlib.kib(benchlib.proc_status(daemon.process.pid)["VmHWM"])
    time.sleep(1)
    steady = benchlib.kib(benchlib.proc_status(daemon.process.pid)["VmRSS"])
    return ready, peak, steady


def check_history(daemon):
    """The daemon took the inserted history as its own: a day half a year back lists final doses."""
    daemon.start(clock())
    day = (BASE - datetime.timedelta(days=180)).date().isoformat()
    conn = benchlib.VarlinkConnection(daemon.socket_path)
    doses = conn.call("ListDoses", **{"from": day, "to": day + "T23:59:59+01:00"})["doses"]
    stock = {m["id"]: m.get("stock") for m in conn.call("Medications")["medications"]}
    conn.close()
    daemon.stop()
    states = sorted({d["state"] for d in doses})
    print(f"   ListDoses of {day}: {len(doses)} doses, states {states}; stock of {MEDS[0]}: {stock.get(MEDS[0])}")
    assert len(doses) == 30 and set(states) <= {"taken", "skipped", "missed"}, doses[:2]


def check_readings(daemon):
    """The daemon took the inserted readings as its own: half a year back lists four readings a day."""
    daemon.start(clock())
    day = (BASE - datetime.timedelta(days=180)).date().isoformat()
    conn = benchlib.VarlinkConnection(daemon.socket_path)
    readings = conn.call("ListReadings", **{"from": day, "to": day + "T23:59:59+01:00"})["readings"]
    conn.close()
    daemon.stop()
    print(f"   ListReadings of {day}: {[r['value'] for r in readings]}")
    assert len(readings) == 4 and all(r["kind"] == "blood_pressure" for r in readings), readings[:2]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--years", type=float, nargs="+", default=[0, 1, 10])
    parser.add_argument("--readings", action="store_true", help="fill the ledgers with readings (four a day) instead of doses")
    args = parser.parse_args()
    benchlib.header(f"start to READY=1 with years of {'readings' if args.readings else 'history'}, {args.runs} runs each")
    results = {}
    for years in args.years:
        directory = tempfile.mkdtemp(prefix="medd-bench-history-")
        try:
            # medd makes the ledger (schema, stock rows); history goes in while it is stopped.
            daemon = benchlib.Daemon(config_text(), clock(), directory=directory)
            daemon.stop()
            built = time.monotonic()
            doses, events = (fill_readings if args.readings else fill)(f"{daemon.state_dir}/ledger.sqlite", years)
            print(f"   {years:g} years: {doses} doses, {events} events inserted in {time.monotonic() - built:.1f} s")
            runs = []
            for _ in range(args.runs):
                daemon.start(clock())
                runs.append(measure(daemon))
                daemon.stop()
            status = daemon.status_lines[-1] if daemon.status_lines else ""
            if years >= 1:
                (check_readings if args.readings else check_history)(daemon)
        finally:
            daemon.cleanup()
            shutil.rmtree(directory, ignore_errors=True)
        results[years] = runs
        ready = [r[0] for r in runs]
        print(f"   {years:g} years: READY median {benchlib.median(ready):.0f} ms, p90 {benchlib.percentile(ready, 90):.0f} ms "
              f"(runs: {' '.join(f'{v:.0f}' for v in ready)}); VmHWM at READY median "
              f"{benchlib.median([r[1] for r in runs]) / 1024:.1f} MiB; VmRSS 1 s later median "
              f"{benchlib.median([r[2] for r in runs]) / 1024:.1f} MiB; last {status}")
        sys.stdout.flush()
    if 0 in results and 10 in results and args.readings:
        ready = benchlib.median([r[0] for r in results[10]]) - benchlib.median([r[0] for r in results[0]])
        extra = (benchlib.median([r[1] for r in results[10]]) - benchlib.median([r[1] for r in results[0]])) / 1024
        print(f"   target READY within 5 ms of the empty ledger's: {'met' if ready <= 5 else 'MISSED'} ({ready:+.1f} ms)")
        print(f"   target peak within 0.5 MiB of the empty ledger's: {'met' if extra <= 0.5 else 'MISSED'} ({extra:+.2f} MiB)")
    elif 0 in results and 10 in results:
        ready = benchlib.median([r[0] for r in results[10]])
        extra = (benchlib.median([r[1] for r in results[10]]) - benchlib.median([r[1] for r in results[0]])) * 1024 / 1e6
        print(f"   target READY <= 150 ms with 10 years: {'met' if ready <= 150 else 'MISSED'} (median {ready:.0f} ms)")
        print(f"   target peak within 5 MB of the empty ledger's: {'met' if extra <= 5 else 'MISSED'} (+{extra:.1f} MB)")
    return 0


def ten_year_daemon(directory, text=None):
    """medd started on a ledger of ten years of doses and blood pressure readings in `directory` (`text`: its
    configuration, by default `config_text()`), after printing what was inserted."""
    daemon = benchlib.Daemon(text or config_text(), clock(), directory=directory)
    daemon.stop()
    ledger = f"{daemon.state_dir}/ledger.sqlite"
    doses, events = fill(ledger, 10)
    readings, _ = fill_readings(ledger, 10)
    print(f"   {doses} doses ({events} events) and {readings} readings inserted")
    daemon.start(clock())
    return daemon


if __name__ == "__main__":
    sys.exit(main())
