#!/usr/bin/env python3
"""Benchmark 5: from spawn to READY=1 with 1,000 medications.

1,000 medications at 08:00 and 20:00 (14-day horizon: about 30,000 planned doses). The time is
taken from just before the harness's Popen (harness.Daemon.started_real) to the arrival of the
READY=1 datagram on NOTIFY_SOCKET.
  * fresh: a new, empty state directory each run;
  * existing ledger: one state directory, prepared once by a daemon that recorded 1,000 `taken`
    answers (each medication's 08:00 dose, taken early) and then restarted RUNS times.
The daemon's clock (--pretend-now) starts at 2026-11-22T07:00+01:00 plus the real time since the
benchmark began, so successive runs never see the clock go back and nothing comes due.

Target: at most 300 ms (median and p90 reported over >= 10 runs of each).

    MEDD_BIN_DIR=... python3 Benchmarks/daemon/startup.py [--runs 10] [--meds 1000]
"""
import argparse
import datetime
import shutil
import sys
import tempfile
import time

import benchlib

BASE = datetime.datetime(2026, 11, 22, 7, 0, tzinfo=benchlib.BERLIN)
BEGAN = time.monotonic()


def clock():
    return BASE + datetime.timedelta(seconds=time.monotonic() - BEGAN)


def ready_ms(daemon):
    """The harness timestamps spawn (started_real) and returns from start() on READY=1."""
    return (time.monotonic() - daemon.started_real) * 1000


def summary(label, values):
    print(f"   {label}: n={len(values)} median {benchlib.median(values):.0f} ms, p90 {benchlib.percentile(values, 90):.0f} ms, "
          f"min {min(values):.0f} ms, max {max(values):.0f} ms; runs: {' '.join(f'{v:.0f}' for v in values)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--meds", type=int, default=1000)
    args = parser.parse_args()
    benchlib.header(f"start to READY=1 with {args.meds} medications, {args.runs} runs each")
    meds = benchlib.med_ids(benchlib.run_prefix(), args.meds)
    text = benchlib.config_text(meds, times=["08:00", "20:00"])

    fresh = []
    for _ in range(args.runs):
        daemon = benchlib.Daemon(text, clock())
        fresh.append(ready_ms(daemon))
        daemon.cleanup()

    directory = tempfile.mkdtemp(prefix="medd-bench-ready-")
    existing = []
    try:
        daemon = benchlib.Daemon(text, clock(), directory=directory)
        conn = benchlib.VarlinkConnection(daemon.socket_path)
        for med in meds:
            conn.call("Taken", dose=f"{med}_20261122_08_00")
        conn.close()
        daemon.stop()
        for _ in range(args.runs):
            daemon.start(clock())
            existing.append(ready_ms(daemon))
            daemon.stop()
        status = daemon.status_lines[-1] if daemon.status_lines else ""
    finally:
        daemon.cleanup()
        shutil.rmtree(directory, ignore_errors=True)
    summary("fresh state directory", fresh)
    summary("existing ledger (1,000 taken events)", existing)
    print(f"   last STATUS: {status}")
    worst = max(benchlib.percentile(fresh, 90), benchlib.percentile(existing, 90))
    print(f"   target (<= 300 ms): {'met' if worst <= 300 else 'MISSED'} (worst p90 {worst:.0f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
