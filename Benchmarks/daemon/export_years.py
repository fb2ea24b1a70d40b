#!/usr/bin/env python3
"""Exports over ten years: `medctl history --since 3650d --format csv`, `history --since 365d` and
`medctl measurements --since 3650d --format csv` against one ledger holding ten years of doses (10
medications three times a day, as history_startup.py fills them: 109,560 doses) and ten years of blood
pressure readings (four a day, 14,608).

Each command runs RUNS times against a medd started on that ledger; reported are the wall time of each
(spawn to exit, output to a pipe) and the bytes written. Target: under 1 s each.

    MEDD_BIN_DIR=... python3 Benchmarks/daemon/export_years.py [--runs 5]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

import benchlib
import history_startup

COMMANDS = {
    "history --since 3650d --format csv": ["history", "--since", "3650d", "--until", "2026-11-22", "--format", "csv"],
    "history --since 365d --format csv": ["history", "--since", "365d", "--until", "2026-11-22", "--format", "csv"],
    "measurements --since 3650d --format csv": ["measurements", "--since", "3650d", "--format", "csv"],
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    benchlib.header(f"ten-year exports, {args.runs} runs each")
    directory = tempfile.mkdtemp(prefix="medd-bench-export-")
    medctl = os.path.join(os.environ["MEDD_BIN_DIR"], "medctl")
    try:
        daemon = history_startup.ten_year_daemon(directory)
        environment = dict(os.environ, TZ="Europe/Berlin", NO_COLOR="1")
        failed = False
        for label, command in COMMANDS.items():
            times, size = [], 0
            for _ in range(args.runs):
                began = time.monotonic()
                out = subprocess.run([medctl, "--socket", daemon.socket_path, *command], capture_output=True, env=environment)
                times.append(time.monotonic() - began)
                assert out.returncode == 0, out.stderr
                size = len(out.stdout)
            median = benchlib.median(times)
            rows = out.stdout.count(b"\n") - 1
            failed |= median >= 1
            print(f"   {label}: median {median:.2f} s, max {max(times):.2f} s ({size / 1e6:.1f} MB, "
                  f"{rows} rows); target < 1 s: {'met' if median < 1 else 'MISSED'}")
            sys.stdout.flush()
        daemon.stop()
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
