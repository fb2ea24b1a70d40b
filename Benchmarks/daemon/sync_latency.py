#!/usr/bin/env python3
"""medd-sync: how long an answer takes to cross between the phone and the desktop, and medd-sync's memory.

Against a real Radicale on 127.0.0.1 (Tests/EndToEnd/caldav_servers.py, with a password), with release
medd, medctl and medd-sync (sync_harness.Sync, at the default log level); each run has a Radicale, a
medd and a medd-sync of its own. SAMPLES medications are all due at 08:00; medd starts
(--pretend-now) two seconds before, so once they have fired every dose is pending, with its
notification shown, and a to-do on the server.

Phone -> desktop, once per POLL (10s and 30s by default): medd shows its notifications on a private
session bus (desktop.SessionBus) where a fake notification server (desktop.FakeNotificationServer) notes
the moment each CloseNotification call reaches it. The phone (caldav_servers.Phone, the PyPI caldav
client) completes one dose's to-do at a time, each after the previous one's notification closed and a
pause drawn at random from one of SAMPLES equal slices of 0..POLL (each slice once, in random order), so
answers fall at random moments spread evenly over medd-sync's poll cycle; a sample is from the phone's
PUT returning to medd's CloseNotification of that dose's notification arriving. Expected: about POLL/2
in the median, up to POLL plus the poll timer's slack (0.5 s) and the work of one round.

Local -> server: `medctl taken DOSE` for one dose at a time (a random pause of 0.2-1 s between them);
a sample is from starting medctl to the answer of the first GET of the dose's to-do (raw HTTP, one
started every POLL_MS ms while waiting) that shows STATUS:COMPLETED, so it includes up to one poll
interval and one GET (their times are printed too). medd-sync sends local answers at once (medd's
Watch stream). For the server's part, each of these to-dos is then written once more by a bare Python
client (GET, then PUT with If-Match), the PUT timed.

medd-sync's VmRSS and VmHWM (/proc/PID/status) are printed for each run once it is in sync, and after
the run, with the moments medd saw the wall clock set (its journal). A notification closed before its
answer (its dose missed: another program stepped the wall clock past grace) stops the script.

    MEDD_BIN_DIR=... python3 Benchmarks/daemon/sync_latency.py [--samples 10] [--polls 10s 30s]
        [--local-samples 20] [--poll-ms 10]
"""
import argparse
import contextlib
import datetime
import os
import random
import re
import subprocess
import sys
import time

import benchlib
import caldav_servers
import desktop
import harness
import sync_harness

DUE = datetime.datetime(2026, 11, 22, 8, 0, tzinfo=benchlib.BERLIN)


class TimedNotificationServer(desktop.FakeNotificationServer):
    """The recording fake notification server, which also notes when each CloseNotification call came to it:
    `closed_at` maps a notification id to time.monotonic() of its first close."""

    def __init__(self, address):
        self.closed_at = {}
        super().__init__(address)

    def _close(self, id):
        arrived = time.monotonic()
        with self.lock:
            self.closed_at.setdefault(id, arrived)
        return super()._close(id)


def seconds(duration):
    """'10s' / '1m' -> seconds."""
    return int(duration[:-1]) * {"s": 1, "m": 60}[duration[-1]]


def dose_id(med):
    return f"{med}_{DUE:%Y%m%d_%H_%M}"


@contextlib.contextmanager
def medd_and_sync(server, meds, poll, bus_address=None):
    """medd with `meds` due at 08:00 (started two seconds before) and a medd-sync following it, as
    (daemon, sync, phone) once every dose is pending and its to-do is on the server; both stopped after."""
    text = benchlib.config_text(meds, times=["08:00"]) + sync_harness.sync_table(server, poll=poll)
    daemon = benchlib.Daemon(text, DUE - datetime.timedelta(seconds=2), desktop_bus=bus_address)
    sync = None
    try:
        sync = benchlib.start_sync(daemon)
        deadline = time.monotonic() + 20
        while sum(d["state"] == "pending" for d in daemon.call("ListDoses")["doses"]) < len(meds):
            if time.monotonic() > deadline:
                sys.exit(f"not every dose became pending: {daemon.call('ListDoses')['doses']}")
            time.sleep(0.1)
        sync.wait_in_sync()
        phone = caldav_servers.Phone(server)
        phone.wait_for(lambda todos: len(todos) == len(meds), timeout=20)
        yield daemon, sync, phone
    finally:
        if sync:
            sync.stop()
        daemon.cleanup()


def phone_to_desktop(bus, poll, samples):
    """Latencies in ms from the phone completing a to-do to medd closing that dose's notification."""
    meds = benchlib.med_ids(benchlib.run_prefix(), samples)
    with caldav_servers.Radicale() as server, TimedNotificationServer(bus.address) as notifier, \
            medd_and_sync(server, meds, poll, bus.address) as (daemon, sync, phone):
        notifier.wait_for(lambda s: len(s.notifies) >= samples, timeout=10)
        notification_of = {n["summary"]: n["id"] for n in notifier.notifies}
        print(f"   poll {poll}: medd-sync in sync, {samples} notifications shown; medd-sync {benchlib.memory(sync.process.pid)}")
        # One pause in each of `samples` equal slices of 0..poll, in random order: answers at random
        # moments of the poll cycle, spread evenly over it.
        pauses = [(slice_ + random.random()) * seconds(poll) / samples for slice_ in range(samples)]
        random.shuffle(pauses)
        latencies = []
        for index, (med, pause) in enumerate(zip(meds, pauses)):
            time.sleep(pause)
            notification = notification_of[f"Medication {index} 1 tablet"]
            phone.complete(f"{dose_id(med)}@medd", at=daemon.now())
            completed = time.monotonic()
            notifier.wait_for(lambda s: notification in s.closed_at, timeout=seconds(poll) + 10)
            if notifier.closed_at[notification] < completed:
                sys.exit(f"the notification of {dose_id(med)} was closed before the phone's answer; wall clock set "
                         f"meanwhile (medd's journal): {benchlib.clock_steps(daemon.process.pid)}")
            latencies.append((notifier.closed_at[notification] - completed) * 1000)
        taken = sum(d["state"] == "taken" and d.get("source") == "caldav" for d in daemon.call("ListDoses")["doses"])
        print(f"   poll {poll}: after {samples} answers ({taken} recorded taken from caldav): "
              f"medd-sync {benchlib.memory(sync.process.pid)}; wall clock set meanwhile: {benchlib.clock_steps(daemon.process.pid)}")
    return latencies


def completed_on_server(server, href):
    return "STATUS:COMPLETED" in server.request("GET", href).body


def local_to_server(samples, poll_interval):
    """(name, values in ms) of: starting `medctl taken` to the answer of the first GET that shows the
    to-do completed; medctl's own run; every GET while waiting; and Radicale's own PUT of such a to-do."""
    meds = benchlib.med_ids(benchlib.run_prefix(), samples)
    medctl = os.path.join(harness.bin_dir(), "medctl")
    with caldav_servers.Radicale() as server:
        with medd_and_sync(server, meds, poll="30s") as (daemon, sync, _):
            print(f"   local answers: medd-sync in sync, {samples} doses pending; medd-sync {benchlib.memory(sync.process.pid)}")
            latencies, medctl_runs, get_times = [], [], []
            hrefs = [f"{server.url}{dose_id(med)}.ics" for med in meds]
            for med, href in zip(meds, hrefs):
                time.sleep(random.uniform(0.2, 1.0))
                started = time.monotonic()
                subprocess.run([medctl, "--socket", daemon.socket_path, "taken", dose_id(med)], check=True,
                               stdout=subprocess.DEVNULL, env=dict(os.environ, TZ=harness.ZONE))
                medctl_runs.append((time.monotonic() - started) * 1000)
                while True:
                    asked = time.monotonic()
                    completed = completed_on_server(server, href)
                    answered = time.monotonic()
                    get_times.append((answered - asked) * 1000)
                    if completed:
                        break
                    if answered - started > 10:
                        sys.exit(f"{dose_id(med)} is not completed on the server 10 s after medctl taken")
                    time.sleep(max(0.0, asked + poll_interval - time.monotonic()))
                latencies.append((answered - started) * 1000)
            print(f"   local answers: after {samples}: medd-sync {benchlib.memory(sync.process.pid)}; "
                  f"wall clock set meanwhile: {benchlib.clock_steps(daemon.process.pid)}")
        put_times = radicale_put_times(server, hrefs)
    return [("medctl taken started -> a GET answers STATUS:COMPLETED", latencies),
            ("medctl taken's own run (spawn to exit)", medctl_runs),
            ("one GET of the to-do while waiting", get_times),
            ("Radicale alone: one conditional PUT of such a to-do (bare Python client)", put_times)]


def radicale_put_times(server, hrefs):
    """What the server's part costs: each to-do read (GET) and written back with a new DTSTAMP and
    If-Match on its ETag, as medd-sync writes an answer; the PUT timed, in ms."""
    times = []
    for href in hrefs:
        current = server.request("GET", href)
        body = re.sub(r"DTSTAMP:\d{8}T\d{6}Z", datetime.datetime.now(datetime.timezone.utc).strftime("DTSTAMP:%Y%m%dT%H%M%SZ"),
                      current.body)
        started = time.monotonic()
        answer = server.request("PUT", href, body, {"Content-Type": "text/calendar; charset=utf-8",
                                                    "If-Match": current.headers["ETag"]})
        times.append((time.monotonic() - started) * 1000)
        if answer.status not in (200, 201, 204):
            sys.exit(f"PUT {href} answered {answer.status} {answer.reason}")
    return times


def summary(values):
    return (f"median {benchlib.median(values):.0f} ms, p90 {benchlib.percentile(values, 90):.0f} ms, "
            f"min {min(values):.0f} ms, max {max(values):.0f} ms (n={len(values)})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=10, help="phone answers per poll setting")
    parser.add_argument("--polls", nargs="*", default=["10s", "30s"],
                        help="the [sync] poll values to run the phone answers with (none: local answers only)")
    parser.add_argument("--local-samples", type=int, default=20, help="medctl taken answers")
    parser.add_argument("--poll-ms", type=float, default=10, help="how often the server is asked while waiting")
    args = parser.parse_args()
    benchlib.header("medd-sync: phone -> desktop and local -> server latency, Radicale on loopback")
    print(f"   medd-sync: {os.path.join(harness.bin_dir(), 'medd-sync')}")
    sys.stdout.flush()
    results = []
    with desktop.SessionBus() as bus:
        for poll in args.polls:
            results.append((f"phone completes -> notification closed, poll {poll}", phone_to_desktop(bus, poll, args.samples)))
    results += local_to_server(args.local_samples, args.poll_ms / 1000)
    for name, values in results:
        print(f"   {name}: {summary(values)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
