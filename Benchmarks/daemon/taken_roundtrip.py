#!/usr/bin/env python3
"""Benchmark 4: `Taken` round trips from 8 concurrent clients.

100 medications with `every = "15m"` from 06:00 to 16:45 (44 doses a day each), `early = "12h"`;
medd starts (--pretend-now) at 2026-11-22T05:00+01:00, so all 4,400 of today's doses are planned,
none is due during the run, and each may be taken early. The parent lists them with ListDoses;
client k (of 8 processes, each with its own persistent raw Unix-socket connection) takes the doses
of medications k, k+8, k+16, ... in due order, so every call is a distinct planned → taken answer
and a real durable commit. The clients start together; each times every call from the write of the
request to the reply's NUL. The clients are Python processes (the default), or with --client c
`taken_client.c` compiled with cc, which takes far less of the two cores the daemon shares with them. The first WARMUP calls of
each client are left out of the percentiles (they are still real commits).

With --method measure the clients record readings instead (`Measure`, Python clients only): client k
records 550 readings of its own `[measurement.rK]` (kind number, no reminders), taken a minute apart
before the start (`at`), each a durable commit exactly as an answer is.

Target: p99 <= 5 ms.

    MEDD_BIN_DIR=... python3 Benchmarks/daemon/taken_roundtrip.py [--clients 8] [--warmup 10] [--client c|python] [--nice N]
        [--method taken|measure]
"""
import argparse
import datetime
import multiprocessing
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import benchlib

START = datetime.datetime(2026, 11, 22, 5, 0, tzinfo=benchlib.BERLIN)
MEDS = 100


READINGS_PER_CLIENT = 550


def client(socket_path, doses, barrier, results, nice=0):
    """Calls Taken for each dose ID, or Measure for each (measurement, value) pair."""
    if nice:
        os.nice(nice)
    conn = benchlib.VarlinkConnection(socket_path)
    payloads = [benchlib.encode("Measure", measurement=d[0], value=d[1], at=d[2]) if isinstance(d, tuple)
                else benchlib.encode("Taken", dose=d) for d in doses]
    latencies = []
    errors = 0
    barrier.wait()
    began = time.perf_counter()
    for payload in payloads:
        t0 = time.perf_counter()
        reply = conn.call_raw(payload)
        latencies.append(time.perf_counter() - t0)
        if b'"error"' in reply or (b'"taken"' not in reply and b'"reading"' not in reply):
            errors += 1
    ended = time.perf_counter()
    conn.close()
    results.put((latencies, errors, began, ended))


def run_c_clients(socket_path, shares, nice):
    """Compiles taken_client.c and runs one per share, all starting at the same instant; returns
    (latencies in s, errors, began, ended) per client like `client`."""
    work = tempfile.mkdtemp(prefix="medd-taken-")
    try:
        binary = os.path.join(work, "taken_client")
        source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "taken_client.c")
        subprocess.run(["cc", "-O2", "-o", binary, source], check=True)
        start_ns = time.time_ns() + 500_000_000
        processes = []
        for i, share in enumerate(shares):
            with open(os.path.join(work, f"doses.{i}"), "w") as f:
                f.write("".join(d + "\n" for d in share))
            command = [binary, socket_path, os.path.join(work, f"doses.{i}"), os.path.join(work, f"out.{i}"), str(start_ns)]
            processes.append(subprocess.Popen(["nice", "-n", str(nice)] + command if nice else command))
        for process in processes:
            if process.wait(timeout=600) != 0:
                raise RuntimeError(f"taken_client exited {process.returncode}")
        collected = []
        for i in range(len(shares)):
            with open(os.path.join(work, f"out.{i}")) as f:
                began, ended, errors = f.readline().split()
                latencies = [int(line) / 1e9 for line in f]
            collected.append((latencies, int(errors), int(began) / 1e9, int(ended) / 1e9))
        return collected
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--nice", type=int, default=0,
                        help="run the client processes at this niceness, so they yield the CPU to the daemon "
                             "(on 2 cores, 8 busy clients otherwise delay it)")
    parser.add_argument("--client", choices=["c", "python"], default="python",
                        help="load generator: Python processes (default), or taken_client.c compiled with cc (light on the CPU)")
    parser.add_argument("--perf", metavar="FILE", help="record a perf profile (-g) of the daemon during the calls into FILE")
    parser.add_argument("--method", choices=["taken", "measure"], default="taken",
                        help="what the clients call: Taken (default) or Measure")
    args = parser.parse_args()
    if args.method == "measure" and args.client == "c":
        parser.error("--method measure runs Python clients only")
    benchlib.header(f"{args.method.capitalize()} round trips, {args.clients} concurrent clients")
    meds = benchlib.med_ids(benchlib.run_prefix(), MEDS)
    text = benchlib.config_text(meds, settings={"early": '"12h"'}, every="15m", extra='from = "06:00"\nuntil = "16:45"')
    measurements = [f"r{k}" for k in range(args.clients)]
    text += "".join(f'\n[measurement.{m}]\nkind = "number"\n' for m in measurements)
    daemon = benchlib.Daemon(text, START)
    try:
        conn = benchlib.VarlinkConnection(daemon.socket_path)
        doses = conn.call("ListDoses", **{"from": "2026-11-22T05:00:00+01:00", "to": "2026-11-22T17:00:00+01:00"})["doses"]
        conn.close()
        planned = [d for d in doses if d["state"] == "planned"]
        order = {med: i for i, med in enumerate(meds)}
        shares = [[] for _ in range(args.clients)]
        for d in sorted(planned, key=lambda d: (d["usec"], d["medication"])):
            shares[order[d["medication"]] % args.clients].append(d["id"])
        if args.method == "measure":
            # Each reading taken a minute apart (`at`), as readings are: each is its own record, not one of 550.
            shares = [[(m, f"{n}.25", (START - datetime.timedelta(minutes=n + 1)).isoformat(timespec="seconds")) for n in range(READINGS_PER_CLIENT)]
                      for m in measurements]
        print(f"   {len(planned)} planned doses of {len(meds)} medications; per client: {[len(s) for s in shares]}")
        sys.stdout.flush()
        recorder = None
        if args.perf:
            recorder = subprocess.Popen(["perf", "record", "-F", "1999", "-g", "-o", args.perf, "-p", str(daemon.process.pid)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(1)
        if args.client == "c":
            collected = run_c_clients(daemon.socket_path, shares, args.nice)
        else:
            barrier = multiprocessing.Barrier(args.clients)
            results = multiprocessing.Queue()
            workers = [multiprocessing.Process(target=client, args=(daemon.socket_path, share, barrier, results, args.nice))
                       for share in shares]
            for w in workers:
                w.start()
            collected = [results.get(timeout=600) for _ in workers]
            for w in workers:
                w.join()
        if recorder:
            recorder.send_signal(signal.SIGINT)
            recorder.wait()
        remaining = benchlib.VarlinkConnection(daemon.socket_path)
        still_planned = sum(1 for d in remaining.call("ListDoses", **{"from": "2026-11-22T05:00:00+01:00",
                                                                       "to": "2026-11-22T17:00:00+01:00"})["doses"]
                            if d["state"] == "planned")
        remaining.close()
        alive = daemon.process.poll() is None
    finally:
        daemon.cleanup()
    all_ms = [x * 1000 for lat, _, _, _ in collected for x in lat]
    measured_ms = [x * 1000 for lat, _, _, _ in collected for x in lat[args.warmup:]]
    errors = sum(e for _, e, _, _ in collected)
    wall = max(e for _, _, _, e in collected) - min(b for _, _, b, _ in collected)
    print(f"   calls {len(all_ms)} (errors {errors}), wall {wall:.2f} s, throughput {len(all_ms) / wall:.0f} calls/s; "
          f"planned doses left afterwards: {still_planned}; daemon alive: {alive}")
    for label, values in ((f"after {args.warmup} warm-up calls per client", measured_ms), ("all calls", all_ms)):
        print(f"   {label}: p50 {benchlib.percentile(values, 50):.2f} ms, p90 {benchlib.percentile(values, 90):.2f} ms, "
              f"p99 {benchlib.percentile(values, 99):.2f} ms, max {max(values):.2f} ms (n={len(values)})")
    # How latency moves through the run: the n-th tenth of each client's calls, pooled.
    tenths = []
    for i in range(10):
        pooled = [x * 1000 for lat, _, _, _ in collected for x in lat[len(lat) * i // 10:len(lat) * (i + 1) // 10]]
        tenths.append(f"{benchlib.percentile(pooled, 50):.1f}")
    print(f"   p50 per tenth of the run (ms): {' '.join(tenths)}")
    p99 = benchlib.percentile(measured_ms, 99)
    print(f"   target (p99 <= 5 ms): {'met' if p99 <= 5 else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
