#!/usr/bin/env python3
"""Start-up after a long downtime: every dose due while medd was down is recorded missed at once.

10 medications at 08:00, 14:00 and 20:00 (30 doses a day), 14-day horizon. medd runs once at
2026-11-22T07:00+01:00 (it tracks the medications from then), stops, and starts again DAYS later at
07:00. That start records 30 × DAYS missed doses in one ledger transaction, sends them to the
journal through the outbox, and (with --hooks) runs a missed-dose hook for each, at most eight at a
time.

Reported per DAYS (a fresh state directory each run): spawn to READY=1, VmHWM (peak resident set) at
READY, the time until the journal holds every `missed` entry, VmRSS once it does, and with --hooks
the time until every hook ran.

    MEDD_BIN_DIR=... python3 Benchmarks/daemon/downtime_startup.py [--runs 3] [--days 30 365] [--hooks]
"""
import argparse
import datetime
import os
import shutil
import sys
import tempfile
import time

import benchlib

BASE = datetime.datetime(2026, 11, 22, 7, 0, tzinfo=benchlib.BERLIN)
TIMES = ["08:00", "14:00", "20:00"]


def one_run(days, hooks):
    prefix = benchlib.run_prefix()
    meds = benchlib.med_ids(prefix, 10)
    directory = tempfile.mkdtemp(prefix="medd-bench-downtime-")
    hook_log = os.path.join(directory, "hooks.log")
    hook = (f'\n[[hook]]\non = ["missed"]\nexec = ["/bin/sh", "-c", "echo $MEDD_DOSE_ID >> {hook_log}"]\n'
            if hooks else "")
    daemon = benchlib.Daemon(benchlib.config_text(meds, settings={"horizon_days": 14}, times=TIMES) + hook,
                             BASE, directory=directory)
    try:
        daemon.stop()
        daemon.start(BASE + datetime.timedelta(days=days))
        ready = (time.monotonic() - daemon.started_real) * 1000
        peak = benchlib.kib(benchlib.proc_status(daemon.process.pid)["VmHWM"])
        expected = 30 * days
        deadline = time.monotonic() + 300
        while True:
            journaled = sum(len(benchlib.journal_entries(f"MEDD_MED_ID={med}", "MEDD_EVENT=missed")) for med in meds)
            if journaled >= expected or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        in_journal = (time.monotonic() - daemon.started_real) * 1000
        steady = benchlib.kib(benchlib.proc_status(daemon.process.pid)["VmRSS"])
        hooks_done = None
        if hooks:
            while time.monotonic() < deadline:
                ran = open(hook_log).read().count("\n") if os.path.exists(hook_log) else 0
                if ran >= expected:
                    hooks_done = (time.monotonic() - daemon.started_real) * 1000
                    break
                time.sleep(0.2)
        status = daemon.call("Status")
        assert journaled == expected, f"{journaled} of {expected} missed entries in the journal"
        assert status["pending"] == 0, status
        return ready, peak, in_journal, steady, hooks_done
    finally:
        daemon.stop()
        daemon.cleanup()
        shutil.rmtree(directory, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--days", type=int, nargs="+", default=[30, 365])
    parser.add_argument("--hooks", action="store_true", help="a missed-dose hook (/bin/sh appending a line)")
    args = parser.parse_args()
    benchlib.header(f"start-up after a long downtime, {args.runs} runs each{', with a missed-dose hook' if args.hooks else ''}")
    for days in args.days:
        runs = [one_run(days, args.hooks) for _ in range(args.runs)]
        line = (f"   {days} days down ({30 * days} missed): READY median {benchlib.median([r[0] for r in runs]):.0f} ms "
                f"(runs: {' '.join(f'{r[0]:.0f}' for r in runs)}); VmHWM at READY median "
                f"{benchlib.median([r[1] for r in runs]) / 1024:.1f} MiB; all in the journal after median "
                f"{benchlib.median([r[2] for r in runs]):.0f} ms; VmRSS then {benchlib.median([r[3] for r in runs]) / 1024:.1f} MiB")
        if args.hooks:
            line += f"; every hook ran after median {benchlib.median([r[4] or float('inf') for r in runs]):.0f} ms"
        print(line)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
