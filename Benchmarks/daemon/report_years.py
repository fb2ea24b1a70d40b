#!/usr/bin/env python3
"""`medctl report` over ten years: the ledger export_years.py fills (10 medications three times a day,
109,560 doses; blood pressure four times a day, 14,608 readings, the measurement `for` two of the
medications). Each report runs RUNS times against a medd started on that ledger: the PDF and the HTML over
ten years and over one. Reported are the wall time (spawn to exit, written to a file) and the size.
Target: the ten-year PDF under 2 s.

    MEDD_BIN_DIR=... python3 Benchmarks/daemon/report_years.py [--runs 3]
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

UNTIL = "2026-11-22"
REPORTS = {
    "3650 days, pdf": ["--since", "2016-11-24", "--format", "pdf"],
    "3650 days, html": ["--since", "2016-11-24", "--format", "html"],
    "365 days, pdf": ["--since", "2025-11-22", "--format", "pdf"],
    "365 days, html": ["--since", "2025-11-22", "--format", "html"],
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    benchlib.header(f"ten-year reports, {args.runs} runs each")
    directory = tempfile.mkdtemp(prefix="medd-bench-report-")
    medctl = os.path.join(os.environ["MEDD_BIN_DIR"], "medctl")
    text = history_startup.config_text().replace('target = "135/85"', 'target = "135/85"\nfor = ["hist-00", "hist-01"]')
    failed = False
    try:
        daemon = history_startup.ten_year_daemon(directory, text)
        environment = dict(os.environ, TZ="Europe/Berlin", NO_COLOR="1", LC_PAPER="C")
        for label, options in REPORTS.items():
            output = os.path.join(directory, "report." + options[-1])
            times = []
            for _ in range(args.runs):
                began = time.monotonic()
                out = subprocess.run([medctl, "--socket", daemon.socket_path, "report", "--until", UNTIL, *options, "--output", output],
                                     capture_output=True, env=environment)
                times.append(time.monotonic() - began)
                assert out.returncode == 0, out.stderr
            median = benchlib.median(times)
            size = os.path.getsize(output)
            pages = ""
            if output.endswith(".pdf"):
                info = subprocess.run(["pdfinfo", output], capture_output=True, text=True).stdout
                pages = ", " + next((line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")), "?") + " pages"
            target = ""
            if label == "3650 days, pdf":
                failed |= median >= 2
                target = f"; target < 2 s: {'met' if median < 2 else 'MISSED'}"
            print(f"   {label}: median {median:.2f} s, max {max(times):.2f} s ({size / 1e6:.2f} MB{pages}){target}")
            sys.stdout.flush()
        daemon.stop()
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
