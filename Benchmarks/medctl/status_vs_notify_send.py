#!/usr/bin/env python3
"""Benchmark (issue 7): `medctl status` wall time beside `notify-send`, in the same run.

A release medd (MEDD_BIN_DIR, with medctl beside it) runs with 100 medications; a private session
bus with dunst on Xvfb (Tests/EndToEnd/desktop.py) serves notify-send. The two commands alternate,
RUNS times each, each timed from spawn to exit with time.perf_counter; `/bin/true` is timed too as
the cost of spawning anything. notify-send sends `-t 1000` so dunst's stack stays small.

Target: medctl status median <= 1.5 x notify-send median.

    MEDD_BIN_DIR=... python3 Benchmarks/medctl/status_vs_notify_send.py [--runs 200] [--server dunst|fake]
"""
import argparse
import datetime
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "daemon"))
import benchlib  # noqa: E402
import desktop  # noqa: E402  (benchlib put Tests/EndToEnd on the path)


def timed(argv, env):
    began = time.perf_counter()
    result = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    elapsed = (time.perf_counter() - began) * 1000
    if result.returncode != 0:
        sys.exit(f"{argv[0]} failed ({result.returncode}): {result.stderr.decode().strip()}")
    return elapsed


def summary(name, values):
    return (f"   {name:<15} median {benchlib.median(values):6.2f} ms   p90 {benchlib.percentile(values, 90):6.2f} ms   "
            f"min {min(values):6.2f} ms   (n={len(values)})")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--server", choices=["dunst", "fake"], default="dunst",
                        help="what answers notify-send: dunst on Xvfb, or the tests' recording server (replies at once)")
    args = parser.parse_args()
    benchlib.header(f"medctl status vs notify-send ({args.server}), {args.runs} runs each, alternating")
    medctl = os.path.join(benchlib.harness.bin_dir(), "medctl")
    meds = benchlib.med_ids(benchlib.run_prefix(), 100)
    start = datetime.datetime(2026, 11, 22, 7, 0, tzinfo=benchlib.BERLIN)
    daemon = benchlib.Daemon(benchlib.config_text(meds, times=["08:00", "20:00"]), start)
    try:
        with desktop.SessionBus() as bus, (desktop.Dunst(bus) if args.server == "dunst"
                                           else desktop.FakeNotificationServer(bus.address)) as server:
            env = dict(server.env if args.server == "dunst" else bus.env(), TZ=benchlib.harness.ZONE)
            commands = {
                "medctl status": [medctl, "--socket", daemon.socket_path, "status"],
                "notify-send": ["notify-send", "-t", "1000", "medd benchmark", "a notification"],
                "/bin/true": ["/bin/true"],
            }
            times = {name: [] for name in commands}
            for name, argv in commands.items():  # warm the page cache
                timed(argv, env)
            for _ in range(args.runs):
                for name, argv in commands.items():
                    times[name].append(timed(argv, env))
            if args.server == "dunst":
                server.dunstctl("close-all")
    finally:
        daemon.cleanup()
    for name, values in times.items():
        print(summary(name, values))
    ratio = benchlib.median(times["medctl status"]) / benchlib.median(times["notify-send"])
    print(f"   medctl status / notify-send (medians): {ratio:.2f}  target <= 1.5: {'met' if ratio <= 1.5 else 'NOT met'}")


if __name__ == "__main__":
    main()
