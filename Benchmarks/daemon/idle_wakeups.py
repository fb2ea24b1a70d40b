#!/usr/bin/env python3
"""Benchmark 2: voluntary context switches of an idle medd.

Two daemons run side by side for the same window (120 s by default): one without a watchdog, one
with WATCHDOG_USEC=30 s. Nothing is due: the clock starts (--pretend-now) at 03:00 and the only
dose is at 08:00; nobody connects to the control socket. Voluntary context switches are summed
over every thread (/proc/PID/task/*/status) at the start and the end of the window, after a
settling pause once READY=1 has arrived. The watchdog daemon's WATCHDOG=1 datagrams are counted
on its NOTIFY_SOCKET.

Target: 0 voluntary context switches without the watchdog; with WatchdogSec=30 s, one wake-up per
ping (sd-event pings at 50-75 % of the interval: about 8 in 120 s).

With --desktop both daemons show notifications on a private session bus where dunst runs on Xvfb,
with every watcher connected: fake org.gnome.ScreenSaver and org.freedesktop.ScreenSaver on that
session bus, and a fake logind on a private system bus (Tests/EndToEnd/presence.py) with the user's
display session, unlocked. Neither bus connection may wake medd either.

    MEDD_BIN_DIR=... python3 Benchmarks/daemon/idle_wakeups.py [--seconds 120] [--settle 2] [--desktop]
"""
import argparse
import contextlib
import datetime
import sys
import time

import benchlib
import desktop
import presence


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--settle", type=float, default=2)
    parser.add_argument("--watchdog-usec", type=int, default=30_000_000)
    parser.add_argument("--desktop", action="store_true",
                        help="connect both daemons to a session bus with dunst and fake screensavers, and to a "
                             "system bus with a fake logind")
    args = parser.parse_args()
    watchers = ", dunst, screensavers and logind on the buses: all watchers connected" if args.desktop else ""
    benchlib.header(f"idle wake-ups over {args.seconds:.0f} s (nothing due, no client{watchers})")
    with contextlib.ExitStack() as stack:
        bus = system_bus = None
        if args.desktop:
            bus = stack.enter_context(desktop.SessionBus())
            stack.enter_context(desktop.Dunst(bus))
            for name in (presence.GNOME_SCREENSAVER, presence.FREEDESKTOP_SCREENSAVER):
                stack.enter_context(presence.FakeScreenSaver(bus.address, name))
            system_bus = stack.enter_context(presence.SystemBus())
            logind = stack.enter_context(presence.FakeLogind(system_bus.address))
            logind.add_session("3")
        return measure(args, bus.address if bus else None, system_bus.address if system_bus else None,
                       logind if args.desktop else None)


def wait_watching(daemon, timeout=10.0):
    """Status's desktop object once the daemon watches its logind session, sleep and both screensavers
    (or what it has after `timeout`)."""
    deadline = time.monotonic() + timeout
    while True:
        desktop_status = daemon.call("Status").get("desktop") or {}
        connected = (desktop_status.get("lockWatching") and desktop_status.get("resumeWatching")
                     and len(desktop_status.get("screensavers", [])) == 2)
        if connected or time.monotonic() >= deadline:
            return {k: v for k, v in desktop_status.items() if k not in ("serverVersion", "capabilities")}
        time.sleep(0.05)


def measure(args, bus_address, system_bus_address=None, logind=None):
    prefix = benchlib.run_prefix()
    start = datetime.datetime(2026, 11, 22, 3, 0, tzinfo=benchlib.BERLIN)
    text = benchlib.config_text(benchlib.med_ids(prefix, 1), times=["08:00"])
    plain = benchlib.Daemon(text, start, desktop_bus=bus_address, system_bus=system_bus_address)
    watched = benchlib.Daemon(text, start, env={"WATCHDOG_USEC": str(args.watchdog_usec)}, desktop_bus=bus_address,
                              system_bus=system_bus_address)
    try:
        if logind is not None:
            for daemon in (plain, watched):
                print(f"   watchers of {'plain' if daemon is plain else 'watchdog'} medd: {wait_watching(daemon)}")
        time.sleep(args.settle)
        before = {d: benchlib.context_switches(d.process.pid) for d in (plain, watched)}
        began = time.monotonic()
        time.sleep(args.seconds)
        after = {d: benchlib.context_switches(d.process.pid) for d in (plain, watched)}
        elapsed = time.monotonic() - began
        ended = time.monotonic()
        pings = [t for t, lines in watched.datagrams if "WATCHDOG=1" in lines and began <= t <= ended]
        others = [lines for t, lines in plain.datagrams + watched.datagrams
                  if began <= t <= ended and "WATCHDOG=1" not in lines]
        alive = all(d.process.poll() is None for d in (plain, watched))
    finally:
        plain.cleanup()
        watched.cleanup()
    for name, daemon in (("no watchdog", plain), (f"WATCHDOG_USEC={args.watchdog_usec}", watched)):
        v0, n0, threads = before[daemon]
        v1, n1, threads1 = after[daemon]
        line = (f"   {name}: voluntary {v1 - v0}, involuntary {n1 - n0} context switches in {elapsed:.1f} s "
                f"({threads}→{threads1} threads; totals since start {v1}/{n1})")
        if daemon is watched:
            line += f"; WATCHDOG=1 datagrams: {len(pings)}"
        print(line)
    if len(pings) > 1:
        gaps = [b - a for a, b in zip(pings, pings[1:])]
        print(f"   watchdog ping interval: {min(gaps):.1f}-{max(gaps):.1f} s")
    print(f"   other notify datagrams in the window: {others}; daemons alive throughout: {alive}")
    v0, _, _ = before[plain]
    v1, _, _ = after[plain]
    print(f"   target (0 voluntary switches without watchdog): {'met' if v1 - v0 == 0 else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
