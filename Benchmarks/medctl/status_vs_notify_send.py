#!/usr/bin/env python3
"""Benchmark: `medctl status` wall time and peak memory beside `notify-send`, in the same run.

A release medd (MEDD_BIN_DIR, with medctl beside it) runs with 100 medications; a private session
bus with dunst on Xvfb (Tests/EndToEnd/desktop.py) serves notify-send. The commands alternate, RUNS
times each, each timed from spawn to exit with time.perf_counter:
  - `medctl status`: exec, runtime start-up, argument parsing, one connection, `Status`, the output;
  - `notify-send --help`: a small C client's start-up (GLib, libnotify) and printing, no bus;
  - `notify-send` sending a notification (`-t 1000`, so dunst's stack stays small): the same
    start-up plus a round trip to the notification server;
  - `/bin/true`: the cost of spawning anything.
Then RSS_RUNS more runs each under GNU time (`/usr/bin/time -f %M`) give the peak resident memory:
the kernel's ru_maxrss of a waited child keeps the high-water mark across fork and exec, so a child
of this Python process would report Python's pages; GNU time's children start from its own 1 MiB
(the /bin/true figure is that floor). Both binaries' stripped sizes are printed too (strip -o).

Target: medctl status median <= 1.5 x notify-send --help median, also in a translated locale:
--lang de_DE.UTF-8 runs every command in that locale (compiled here with localedef, through LOCPATH),
so medctl loads its German catalog and notify-send its own (libnotify-bin ships one).

    MEDD_BIN_DIR=... python3 Benchmarks/medctl/status_vs_notify_send.py [--runs 200] [--rss-runs 20] [--server dunst|fake]
        [--lang de_DE.UTF-8]
"""
import argparse
import datetime
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "daemon"))
import benchlib  # noqa: E402
import desktop  # noqa: E402  (benchlib put Tests/EndToEnd on the path)
import locales  # noqa: E402


def run(argv, env):
    result = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    if result.returncode != 0:
        sys.exit(f"{argv[0]} failed ({result.returncode}): {result.stderr.decode().strip()}")
    return result


def timed(argv, env):
    """Wall milliseconds from spawn to exit."""
    began = time.perf_counter()
    run(argv, env)
    return (time.perf_counter() - began) * 1000


def peak_rss_kib(argv, env):
    """The command's peak resident memory in KiB, from GNU time's wait4 of its own child."""
    return int(run(["/usr/bin/time", "-f", "%M", *argv], env).stderr.decode().split()[-1])


def megabytes(size):
    return f"{size / 1e6:.2f} MB" if size >= 1e6 else f"{size / 1e3:.1f} kB"


def stripped_size(path):
    with tempfile.TemporaryDirectory() as directory:
        copy = os.path.join(directory, "stripped")
        subprocess.run(["strip", "-o", copy, path], check=True)
        return os.path.getsize(copy)


def summary(name, values, rss):
    return (f"   {name:<21} median {benchlib.median(values):6.2f} ms   p90 {benchlib.percentile(values, 90):6.2f} ms   "
            f"min {min(values):6.2f} ms   (n={len(values)})   peak RSS median {benchlib.median(rss) / 1024:5.1f} MiB"
            f" (max {max(rss) / 1024:5.1f}, n={len(rss)})")


def ratio_line(times, name, reference, target=None):
    ratio = benchlib.median(times[name]) / benchlib.median(times[reference])
    verdict = f"  target <= {target}: {'met' if ratio <= target else 'NOT met'}" if target else ""
    return f"   {name} / {reference} (medians): {ratio:.2f}{verdict}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--rss-runs", type=int, default=20)
    parser.add_argument("--server", choices=["dunst", "fake"], default="dunst",
                        help="what answers notify-send: dunst on Xvfb, or the tests' recording server (replies at once)")
    parser.add_argument("--lang", default=None, help="a locale to run the commands in, e.g. de_DE.UTF-8")
    args = parser.parse_args()
    benchlib.header(f"medctl status vs notify-send --help and notify-send ({args.server}), {args.runs} runs each, alternating"
                    + (f", LANG={args.lang}" if args.lang else ""))
    medctl = os.path.join(benchlib.harness.bin_dir(), "medctl")
    notify_send = shutil.which("notify-send")
    if notify_send is None or not os.access("/usr/bin/time", os.X_OK):
        sys.exit("notify-send (libnotify-bin) or GNU time (time) is missing; scripts/setup.sh installs them")
    meds = benchlib.med_ids(benchlib.run_prefix(), 100)
    start = datetime.datetime(2026, 11, 22, 7, 0, tzinfo=benchlib.BERLIN)
    daemon = benchlib.Daemon(benchlib.config_text(meds, times=["08:00", "20:00"]), start)
    try:
        with desktop.SessionBus() as bus, (desktop.Dunst(bus) if args.server == "dunst"
                                           else desktop.FakeNotificationServer(bus.address)) as server:
            env = dict(server.env if args.server == "dunst" else bus.env(), TZ=benchlib.harness.ZONE)
            if args.lang:
                env.update({key: value for key, value in locales.env(args.lang).items() if key in ("LANG", "LOCPATH")})
                german = subprocess.run([medctl, "--socket", daemon.socket_path, "status"], env=env, capture_output=True, text=True)
                print(f"   medctl status under {args.lang}:\n" + "".join(f"      {line}\n" for line in german.stdout.splitlines()))
            commands = {
                "medctl status": [medctl, "--socket", daemon.socket_path, "status"],
                "medctl --version": [medctl, "--version"],
                "notify-send --help": [notify_send, "--help"],
                "notify-send": [notify_send, "-t", "1000", "medd benchmark", "a notification"],
                "/bin/true": ["/bin/true"],
            }
            times = {name: [] for name in commands}
            rss = {name: [] for name in commands}
            for name, argv in commands.items():  # warm the page cache
                timed(argv, env)
            for _ in range(args.runs):
                for name, argv in commands.items():
                    times[name].append(timed(argv, env))
            for _ in range(args.rss_runs):
                for name, argv in commands.items():
                    rss[name].append(peak_rss_kib(argv, env))
            if args.server == "dunst":
                server.dunstctl("close-all")
    finally:
        daemon.cleanup()
    for name, values in times.items():
        print(summary(name, values, rss[name]))
    print(ratio_line(times, "medctl status", "notify-send --help", target=1.5))
    print(ratio_line(times, "medctl status", "notify-send"))
    for name, path in (("medctl", medctl), ("notify-send", notify_send)):
        print(f"   {name:<12} {megabytes(os.path.getsize(path))} on disk, {megabytes(stripped_size(path))} stripped ({path})")


if __name__ == "__main__":
    main()
