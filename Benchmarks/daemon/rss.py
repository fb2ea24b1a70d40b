#!/usr/bin/env python3
"""Benchmark 3: resident memory with 100 medications.

100 medications with two to four daily times (14-day horizon: about 4,200 planned doses), the clock
starting (--pretend-now) at 2026-11-22T07:00+01:00. VmRSS and VmHWM (peak) from /proc/PID/status,
plus RssAnon / RssFile, are read:
  1. after start-up (READY=1 and a 1 s pause),
  2. after answering calls on one connection: GetInfo, 20× Status, 20× ListDoses over the whole
     horizon, ListDoses per medication, 100× Taken (each medication's 08:00 dose, taken early),
     5× Adherence.

Target: at most 25 MB. Reported against it: the resident set after the whole workload (VmRSS),
and, separately, the peak (VmHWM), which a burst of whole-horizon ListDoses replies sets.
With --smaps, the largest mappings by Rss (/proc/PID/smaps) are printed after step 2.

    MEDD_BIN_DIR=... python3 Benchmarks/daemon/rss.py [--meds 100] [--min-times 3] [--smaps]
"""
import argparse
import collections
import datetime
import sys
import time

import benchlib

START = datetime.datetime(2026, 11, 22, 7, 0, tzinfo=benchlib.BERLIN)
TIME_SETS = [["08:00", "20:00"], ["08:00", "13:00", "20:00"], ["08:00", "12:00", "16:00", "22:00"]]


def config(meds, min_times=0):
    sets = [times for times in TIME_SETS if len(times) >= min_times]
    lines = ["[settings]", "horizon_days = 14", ""]
    for i, med in enumerate(meds):
        times = sets[i % len(sets)]
        lines += [f"[medication.{med}]", f'name = "Medication {i}"', 'dose = "500 mg"',
                  "times = [" + ", ".join(f'"{t}"' for t in times) + "]", 'notes = "with food"', ""]
    return "\n".join(lines)


def memory(pid):
    s = benchlib.proc_status(pid)
    m = {k: benchlib.kib(s[k]) for k in ("VmRSS", "VmHWM", "RssAnon", "RssFile", "RssShmem")}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            if line.startswith("Pss:"):
                m["Pss"] = int(line.split()[1])
    return m


def show(label, m):
    print(f"   {label}: VmRSS {m['VmRSS'] / 1024:.1f} MiB, VmHWM {m['VmHWM'] / 1024:.1f} MiB "
          f"(RssAnon {m['RssAnon'] / 1024:.1f}, RssFile {m['RssFile'] / 1024:.1f} MiB; Pss {m['Pss'] / 1024:.1f} MiB)")


def smaps(pid, top=15):
    """Rss per mapped file (anonymous mappings grouped as [anon]/[heap]/[stack]), largest first."""
    totals = collections.Counter()
    name = None
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            parts = line.split()
            if not parts:
                continue
            if "-" in parts[0] and not parts[0].endswith(":"):
                name = parts[5] if len(parts) > 5 else "[anon]"
            elif parts[0] == "Rss:":
                totals[name] += int(parts[1])
    for path, rss in totals.most_common(top):
        print(f"      {rss / 1024:7.1f} MiB  {path}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--meds", type=int, default=100)
    parser.add_argument("--smaps", action="store_true")
    parser.add_argument("--min-times", type=int, default=0, help="only the time sets with at least this many daily times")
    args = parser.parse_args()
    benchlib.header(f"RSS with {args.meds} medications")
    meds = benchlib.med_ids(benchlib.run_prefix(), args.meds)
    daemon = benchlib.Daemon(config(meds, args.min_times), START)
    try:
        pid = daemon.process.pid
        time.sleep(1)
        phases = [("after start-up", memory(pid))]
        conn = benchlib.VarlinkConnection(daemon.socket_path)
        conn.call("org.varlink.service.GetInfo")
        for _ in range(20):
            conn.call("Status")
        phases.append(("after GetInfo + 20 Status", memory(pid)))
        listed = 0
        for _ in range(20):
            listed = len(conn.call("ListDoses")["doses"])
        phases.append(("after 20 ListDoses (whole horizon)", memory(pid)))
        for med in meds:
            conn.call("ListDoses", medication=med)
        phases.append((f"after {len(meds)} ListDoses (one medication)", memory(pid)))
        for med in meds:
            assert conn.call("Taken", dose=f"{med}_20261122_08_00")["dose"]["state"] == "taken"
        phases.append((f"after {len(meds)} Taken", memory(pid)))
        for _ in range(5):
            conn.call("Adherence", since="2026-11-01")
        conn.close()
        time.sleep(0.2)
        phases.append(("after 5 Adherence, connection closed", memory(pid)))
        threads = benchlib.proc_status(pid)["Threads"]
        if args.smaps:
            print("   largest mappings by Rss after the calls:")
            smaps(pid)
    finally:
        daemon.cleanup()
    print(f"   {args.meds} medications, ListDoses returned {listed} doses; {threads} threads")
    for label, m in phases:
        show(label, m)
    resident = phases[-1][1]["VmRSS"] / 1024
    peak = phases[-1][1]["VmHWM"] / 1024
    print(f"   target (RSS <= 25 MB): {'met' if resident * 1024 * 1024 <= 25e6 else 'MISSED'} (VmRSS {resident:.1f} MiB = {resident * 1.048576:.1f} MB)")
    print(f"   peak (VmHWM) {peak:.1f} MiB = {peak * 1.048576:.1f} MB: {'within' if peak * 1024 * 1024 <= 25e6 else 'OVER'} 25 MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
