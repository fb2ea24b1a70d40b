#!/usr/bin/env python3
"""medd-sync idle: requests and bytes per hour, its memory, and medd's wake-ups while medd-sync follows it.

A real Radicale on 127.0.0.1 (Tests/EndToEnd/caldav_servers.py, with a password) behind a counting TCP
proxy on 127.0.0.1 (CountingProxy below), which medd-sync's [sync] url names. Release medd and medd-sync
(sync_harness.Sync, at the default log level), with the default poll settings (poll 30s, idle_poll 15m).
Three medications at 08:00, 13:00 and 20:00; medd starts (--pretend-now) at 03:00, so no dose is open or
due within the next hours and medd-sync asks the server every idle_poll.

Once medd-sync is in sync and the proxy has been quiet for QUIET seconds:
1. medd's voluntary context switches (all threads, /proc/PID/task/*/status) over WAKEUP_SECONDS, with
   medd-sync connected and its Watch stream open; target 0. medd-sync's are printed beside them.
2. The proxy's count over SECONDS (default an hour): HTTP request lines sent to the server, bytes each way
   (TCP payload), connections; and, grouping the traffic into rounds (bursts with more than ROUND_GAP
   seconds between them), what one idle round costs. The start-up rounds before the window are printed
   apart. The wake-up window is the start of this one.
medd-sync's VmRSS and VmHWM (/proc/PID/status) are printed once in sync and after the window, and so
are the moments medd saw the wall clock set (its journal): another program stepping CLOCK_REALTIME
fires medd-sync's real-time poll timer early, an extra round in the counts.

    MEDD_BIN_DIR=... python3 Benchmarks/daemon/sync_idle.py [--seconds 3600] [--wakeup-seconds 60]
"""
import argparse
import collections
import datetime
import os
import re
import socket
import sys
import threading
import time

import benchlib
import caldav_servers
import harness
import sync_harness

START = datetime.datetime(2026, 11, 22, 3, 0, tzinfo=benchlib.BERLIN)
QUIET = 5.0
ROUND_GAP = 5.0

Chunk = collections.namedtuple("Chunk", "at upward size requests")
Chunk.__doc__ = """What the proxy passed on in one recv: time.monotonic() when it came, whether towards the server,
its size in bytes, and the HTTP request lines (method and path) that ended in it."""


class CountingProxy:
    """A TCP forwarder on 127.0.0.1 in front of `server`, noting every chunk it passes on each way.

    It stands in for the server in sync_harness.sync_table: `url` is the server's collection through
    the proxy; `username`, `password` and `directory` are the server's. Request lines are found in the
    stream towards the server as whole lines of the form `METHOD TARGET HTTP/1.x` (a to-do or XML body
    holds no such line)."""

    REQUEST_LINE = re.compile(rb"([A-Z]+) (\S+) HTTP/1\.[01]")

    def __init__(self, server):
        self.server_address = (server.host, server.port)
        self.username, self.password, self.directory = server.username, server.password, server.directory
        self.listener = socket.create_server((caldav_servers.LOOPBACK, 0))
        self.url = server.url.replace(server.base_url, f"http://{caldav_servers.LOOPBACK}:{self.listener.getsockname()[1]}")
        self.lock = threading.Lock()
        self.chunks = []
        self.connections = []  # time.monotonic() of each connection accepted
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return  # closed
            with self.lock:
                self.connections.append(time.monotonic())
            upstream = socket.create_connection(self.server_address)
            threading.Thread(target=self._forward, args=(client, upstream, True), daemon=True).start()
            threading.Thread(target=self._forward, args=(upstream, client, False), daemon=True).start()

    def _forward(self, source, target, upward):
        partial_line = b""
        try:
            while data := source.recv(65536):
                arrived = time.monotonic()
                target.sendall(data)
                requests = []
                if upward:
                    *lines, partial_line = (partial_line + data).split(b"\r\n")
                    requests = [match.groups() for match in map(self.REQUEST_LINE.fullmatch, lines) if match]
                with self.lock:
                    self.chunks.append(Chunk(arrived, upward, len(data), requests))
        except OSError:
            pass
        finally:
            try:
                target.shutdown(socket.SHUT_WR)
            except OSError:
                pass

    def chunks_between(self, begin, end):
        with self.lock:
            return [c for c in self.chunks if begin <= c.at < end]

    def connections_between(self, begin, end):
        with self.lock:
            return sum(begin <= t < end for t in self.connections)

    def wait_quiet(self, quiet, timeout=60.0):
        """Waits until nothing has passed for `quiet` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            with self.lock:
                last = self.chunks[-1].at if self.chunks else 0.0
            if time.monotonic() - last >= quiet:
                return
            if time.monotonic() > deadline:
                sys.exit(f"traffic through the proxy did not stop for {quiet} s within {timeout} s")
            time.sleep(0.2)

    def close(self):
        self.listener.close()


def rounds(chunks, gap):
    """The chunks in bursts: a new burst starts after more than `gap` seconds without traffic."""
    bursts = []
    for chunk in chunks:
        if not bursts or chunk.at - bursts[-1][-1].at > gap:
            bursts.append([])
        bursts[-1].append(chunk)
    return bursts


def describe(chunks):
    """'N requests (METHOD xK, ...), U bytes up, D bytes down'."""
    methods = collections.Counter(method.decode() for c in chunks for method, _ in c.requests)
    requests = sum(methods.values())
    up = sum(c.size for c in chunks if c.upward)
    down = sum(c.size for c in chunks if not c.upward)
    listed = ", ".join(f"{method} x{count}" for method, count in sorted(methods.items()))
    return f"{requests} requests ({listed}), {up} bytes up, {down} bytes down"


def voluntary_switches(process):
    return benchlib.context_switches(process.pid)[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3600, help="the counting window")
    parser.add_argument("--wakeup-seconds", type=float, default=60, help="medd's wake-ups are counted over the window's start")
    args = parser.parse_args()
    benchlib.header(f"medd-sync idle: {args.seconds:.0f} s through a counting proxy to Radicale; medd's wake-ups over "
                    f"{args.wakeup_seconds:.0f} s")
    print(f"   medd-sync: {os.path.join(harness.bin_dir(), 'medd-sync')}")
    sys.stdout.flush()
    meds = benchlib.med_ids(benchlib.run_prefix(), 3)
    with caldav_servers.Radicale() as server:
        proxy = CountingProxy(server)
        text = benchlib.config_text(meds, times=["08:00", "13:00", "20:00"]) + sync_harness.sync_table(proxy, poll="30s")
        daemon = benchlib.Daemon(text, START)
        sync = None
        try:
            started = time.monotonic()
            sync = benchlib.start_sync(daemon)
            sync.wait_in_sync()
            proxy.wait_quiet(QUIET)
            following = "following medd's changes" in sync_harness.messages(sync)
            print(f"   in sync and quiet; following medd's Watch stream: {following}; medd-sync {benchlib.memory(sync.process.pid)}")
            sys.stdout.flush()

            began = time.monotonic()
            medd_before, sync_before = voluntary_switches(daemon.process), voluntary_switches(sync.process)
            time.sleep(args.wakeup_seconds)
            medd_after, sync_after = voluntary_switches(daemon.process), voluntary_switches(sync.process)
            wakeup_traffic = proxy.chunks_between(began, time.monotonic())
            print(f"   over {args.wakeup_seconds:.0f} s: medd {medd_after - medd_before} voluntary context switches "
                  f"(target 0: {'met' if medd_after == medd_before else 'MISSED'}), medd-sync {sync_after - sync_before}; "
                  f"traffic meanwhile: {describe(wakeup_traffic)}")
            sys.stdout.flush()

            time.sleep(max(0.0, began + args.seconds - time.monotonic()))
            ended = time.monotonic()
            medd_end, sync_end = voluntary_switches(daemon.process), voluntary_switches(sync.process)
            alive = daemon.process.poll() is None and sync.process.poll() is None
            steps = benchlib.clock_steps(daemon.process.pid)
            print(f"   after {ended - began:.0f} s: medd-sync {benchlib.memory(sync.process.pid)}; both alive: {alive}")
        finally:
            if sync:
                sync.stop()
            daemon.cleanup()
            proxy.close()

    start_up = proxy.chunks_between(started, began)
    window = proxy.chunks_between(began, ended)
    hours = (ended - began) / 3600
    print(f"   start-up (before the window): {describe(start_up)}, {proxy.connections_between(started, began)} connections")
    print(f"   window of {ended - began:.0f} s: {describe(window)}, {proxy.connections_between(began, ended)} connections")
    requests = sum(len(c.requests) for c in window)
    up = sum(c.size for c in window if c.upward)
    down = sum(c.size for c in window if not c.upward)
    print(f"   per hour: {requests / hours:.1f} requests, {up / hours:.0f} bytes up, {down / hours:.0f} bytes down")
    for burst in rounds(window, ROUND_GAP):
        print(f"   round at +{burst[0].at - began:.1f} s, lasting {(burst[-1].at - burst[0].at) * 1000:.0f} ms: {describe(burst)}")
    print(f"   voluntary context switches over the whole window: medd {medd_end - medd_before}, medd-sync {sync_end - sync_before}")
    print(f"   wall clock set during the run (medd's journal; a step forward fires real-time timers at once): {steps or 'never'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
