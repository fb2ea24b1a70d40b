#!/usr/bin/env python3
"""Benchmark 6: from a dose's due instant to its `Notify` call returning.

A private session bus and dunst on Xvfb (Tests/EndToEnd/desktop.py), watched by `dbus-monitor`, which
stamps every message with the real clock as the bus hands it on. Each round starts a fresh medd
(--pretend-now a second before 08:00) with PER_ROUND medications due at 08:00; the due instant on the
real clock is 08:00 minus the pretend offset that medd logs at start. A dose's latency is the monitor's
timestamp of dunst's `method return` to medd's `Notify` minus that instant: it covers waking, the durable
commit, the Notify call through dbus-daemon, and dunst's handling. Printed beside it: due -> the call
passing the bus (medd's own part) and call -> return (dbus-daemon and dunst). dunst's notifications are closed
between rounds.

    MEDD_BIN_DIR=... python3 Benchmarks/daemon/notify_latency.py [--rounds 20] [--per-round 10]
"""
import argparse
import datetime
import os
import re
import subprocess
import sys
import threading
import time

import benchlib

sys.path.insert(0, os.path.join(benchlib.REPO, "Tests", "EndToEnd"))
import desktop  # noqa: E402

DUE = datetime.datetime(2026, 11, 22, 8, 0, tzinfo=benchlib.BERLIN)
OFFSET = re.compile(r"pretend clock = real clock \+ (-?\d+) µs")
HEADER = re.compile(r"^(method call|method return|error) time=(\d+\.\d+) sender=(\S+) -> destination=(\S+) serial=(\d+)"
                    r"(?: reply_serial=(\d+))?(?:.*member=(\w+))?")


class Monitor:
    """dbus-monitor on the bus: Notify calls by serial and the returns to them, with the bus's timestamps."""

    def __init__(self, bus):
        self.process = subprocess.Popen(["dbus-monitor", "--address", bus.address,
                                         "type='method_call',member='Notify'", "type='method_return'", "type='error'"],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.calls = {}    # (sender, serial) -> time of the call
        self.returns = []  # (time, call sender, call time)
        self.errors = 0
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            match = HEADER.match(line)
            if not match:
                continue
            kind, stamp, sender, destination, serial, reply_serial, member = match.groups()
            with self.lock:
                if kind == "method call" and member == "Notify":
                    self.calls[(sender, serial)] = float(stamp)
                elif reply_serial and (destination, reply_serial) in self.calls:
                    call_time = self.calls.pop((destination, reply_serial))
                    if kind == "error":
                        self.errors += 1
                    else:
                        self.returns.append((float(stamp), destination, call_time))

    def close(self):
        self.process.terminate()
        self.process.wait()


def pretend_offset_usec(pid):
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        for entry in benchlib.journal_entries(f"_PID={pid}", "SYSLOG_IDENTIFIER=medd"):
            found = OFFSET.search(entry.get("MESSAGE", ""))
            if found:
                return int(found.group(1))
        time.sleep(0.05)
    sys.exit(f"medd (pid {pid}) did not log its pretend offset")


def one_round(bus, server, monitor, per_round):
    prefix = benchlib.run_prefix()
    text = benchlib.config_text(benchlib.med_ids(prefix, per_round), times=["08:00"])
    with monitor.lock:
        already = len(monitor.returns)
    daemon = benchlib.Daemon(text, DUE - datetime.timedelta(seconds=1), desktop_bus=bus.address)
    try:
        due_real = (int(DUE.timestamp() * 1_000_000) - pretend_offset_usec(daemon.process.pid)) / 1e6
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with monitor.lock:
                got = monitor.returns[already:]
            if len(got) >= per_round:
                break
            time.sleep(0.05)
        else:
            sys.exit(f"only {len(got)} of {per_round} Notify calls returned; errors: {monitor.errors}")
        got = got[:per_round]
        return ([(stamp - due_real) * 1000 for stamp, _, _ in got], [(call - due_real) * 1000 for _, _, call in got],
                [(stamp - call) * 1000 for stamp, _, call in got])
    finally:
        daemon.cleanup()
        server.dunstctl("close-all")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--per-round", type=int, default=10)
    args = parser.parse_args()
    benchlib.header(f"due -> Notify returned: {args.rounds} rounds of {args.per_round} doses due at one instant, dunst 1.9 on Xvfb")
    latencies, sent, calls = [], [], []
    with desktop.SessionBus() as bus, desktop.Dunst(bus) as server:
        monitor = Monitor(bus)
        time.sleep(0.3)  # the monitor is registered with the bus
        try:
            for _ in range(args.rounds):
                due_to_return, due_to_call, call_to_return = one_round(bus, server, monitor, args.per_round)
                latencies += due_to_return
                sent += due_to_call
                calls += call_to_return
        finally:
            monitor.close()
    for name, values in (("due -> Notify returned", latencies), ("due -> Notify call on the bus (medd's part)", sent),
                         ("Notify call -> return (dunst + bus)", calls)):
        print(f"   {name}: median {benchlib.median(values):.2f} ms, p90 {benchlib.percentile(values, 90):.2f} ms, "
              f"p99 {benchlib.percentile(values, 99):.2f} ms, max {max(values):.2f} ms (n={len(values)})")
    for name, values in (("due -> Notify returned", latencies), ("due -> Notify call on the bus", sent)):
        first = [min(values[i:i + args.per_round]) for i in range(0, len(values), args.per_round)]
        last = [max(values[i:i + args.per_round]) for i in range(0, len(values), args.per_round)]
        print(f"   {name}, per round: first dose median {benchlib.median(first):.2f} ms, last dose median {benchlib.median(last):.2f} ms")


if __name__ == "__main__":
    main()
