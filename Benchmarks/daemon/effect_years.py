#!/usr/bin/env python3
"""`Effect` over ten years: the ledger export_years.py fills (10 medications three times a day, 109,560
doses; blood pressure four times a day, 14,608 readings), the measurement `for` two of the medications.
Each call is timed from the request to its reply over the control socket, RUNS times: the default 90 days,
a year, and ten years. Target: under 200 ms for ten years.

    MEDD_BIN_DIR=... python3 Benchmarks/daemon/effect_years.py [--runs 9]
"""
import argparse
import shutil
import sys
import tempfile
import time

import benchlib
import history_startup

RANGES = {"90 days (default)": {}, "365 days": {"since": "2025-11-22"}, "3650 days": {"since": "2016-11-24"}}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    benchlib.header(f"Effect over ten years, {args.runs} runs each")
    directory = tempfile.mkdtemp(prefix="medd-bench-effect-")
    text = history_startup.config_text().replace('target = "135/85"', 'target = "135/85"\nfor = ["hist-00", "hist-01"]')
    failed = False
    try:
        daemon = history_startup.ten_year_daemon(directory, text)
        connection = benchlib.VarlinkConnection(daemon.socket_path)
        for label, parameters in RANGES.items():
            times = []
            for _ in range(args.runs):
                began = time.monotonic()
                reply = connection.call("io.medd.Control.Effect", **parameters)
                times.append(time.monotonic() - began)
            effects = reply["effects"]
            median = benchlib.median(times)
            failed |= label.startswith("3650") and median >= 0.2
            verdicts = ", ".join(f"{e['medication']}: {e['verdict']} ({e['confidence']} %)" for e in effects)
            print(f"   {label}: median {median * 1000:.0f} ms, max {max(times) * 1000:.0f} ms; {verdicts}")
        connection.close()
        daemon.stop()
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
