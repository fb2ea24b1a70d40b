#!/usr/bin/env python3
"""Benchmark 7: a backup of a 20 MB ledger while a client keeps answering.

12 medications every five minutes; medd starts (--pretend-now) at 2026-11-22T23:56+01:00, so the
doses of 21 and 22 November (6,912) are due before it tracked them and each may be taken. 4,000 of
them are taken with a 4 KB note each (a ledger of about 20 MB, years of real use), and medd is
restarted, so the database file holds it all. Then, RUNS times: a prober on a connection of its
own takes a dose every 5 ms and times each round trip; after half a second a `Backup` call on
another connection (medd's side of `medctl backup`) is timed to its reply; medd's journal line for
the backup gives the number of loop turns it took, the longest a step before the last held the
loop, and the last (which syncs the copy). Round trips started while the backup ran are compared
with the others.

Targets: a step before the last holds the loop about as long as a commit (1 ms); answers go on
during the backup (their median within a few ms of the others').

    MEDD_BIN_DIR=... python3 Benchmarks/daemon/backup.py [--runs 3] [--pages N]
"""
import argparse
import datetime
import os
import re
import threading
import time

import benchlib

START = datetime.datetime(2026, 11, 22, 23, 56, tzinfo=benchlib.BERLIN)
MEDS = 12
FILL = 4000


def config(prefix):
    return "".join(f'[medication.{prefix}{i}]\nname = "Medication {i}"\ndose = "1"\nevery = "5m"\n\n' for i in range(MEDS))


def doses(prefix, i):
    return [f"{prefix}{i}_202611{day}_{minute // 60:02d}_{minute % 60:02d}" for day in (21, 22) for minute in range(0, 24 * 60, 5)]


def probe(socket_path, pool, stop, timings):
    connection = benchlib.VarlinkConnection(socket_path)
    while not stop.is_set() and pool:
        began = time.monotonic()
        connection.call("Taken", dose=pool.pop(), note="probe")
        timings.append((began, time.monotonic() - began))
        time.sleep(0.005)
    connection.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pages", type=int, help="MEDD_BACKUP_PAGES_PER_STEP (default: medd's own)")
    args = parser.parse_args()
    benchlib.header("Backup of a 20 MB ledger while answers go on")
    prefix = benchlib.run_prefix()
    env = {"MEDD_BACKUP_PAGES_PER_STEP": str(args.pages)} if args.pages else {}
    daemon = benchlib.Daemon(config(prefix), START, env=env)
    try:
        pools = [doses(prefix, i) for i in range(MEDS)]
        filler = benchlib.VarlinkConnection(daemon.socket_path)
        for n in range(FILL):
            filler.call("Taken", dose=pools[n % MEDS].pop(), note="x" * 4000)
        filler.close()
        daemon.stop()
        daemon.start(START)
        size = os.path.getsize(os.path.join(daemon.state_dir, "ledger.sqlite"))
        print(f"   ledger {size / 1e6:.1f} MB, {FILL} answers")
        print("| run | Backup call | loop turns | longest step before the last | last step | round trip p50 / max during | p50 / max otherwise |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        spare = [dose for pool in pools for dose in pool]
        for run in range(1, args.runs + 1):
            stop = threading.Event()
            timings = []
            prober = threading.Thread(target=probe, args=(daemon.socket_path, spare, stop, timings))
            prober.start()
            time.sleep(0.5)
            caller = benchlib.VarlinkConnection(daemon.socket_path)
            began = time.monotonic()
            reply = caller.call("Backup")
            ended = time.monotonic()
            caller.close()  # medd removes its copy
            time.sleep(0.5)
            stop.set()
            prober.join()
            lines = [e["MESSAGE"] for e in benchlib.journal_entries(f"_PID={daemon.process.pid}")
                     if str(e.get("MESSAGE", "")).startswith("backup written")]
            turns, longest, last = map(int, re.search(r"in (\d+) steps \(each held the loop at most (\d+) µs, the last, "
                                                      r"which syncs the copy, (\d+) µs\)", lines[-1]).groups())
            during = [t * 1e3 for start, t in timings if began <= start <= ended]
            other = [t * 1e3 for start, t in timings if start < began or start > ended]
            assert reply["bytes"] >= size * 0.9, reply
            print(f"| {run} | {(ended - began) * 1e3:.0f} ms | {turns} | {longest / 1e3:.2f} ms | {last / 1e3:.2f} ms | "
                  + (f"{benchlib.median(during):.2f} / {max(during):.2f} ms ({len(during)})" if during else "—")
                  + f" | {benchlib.median(other):.2f} / {max(other):.2f} ms |")
    finally:
        daemon.cleanup()


if __name__ == "__main__":
    main()
