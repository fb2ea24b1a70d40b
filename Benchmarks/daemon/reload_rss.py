#!/usr/bin/env python3
"""Resident memory over 1,000 configuration reloads.

medd runs on examples/medd.toml (every kind of schedule, amounts, people, hooks: the whole TOML reader
and validator on each load); one Varlink connection calls `Reload` (what `medctl reload` and SIGHUP do)
again and again, each call returning once the new configuration is read and in force. VmRSS and RssAnon
(/proc/PID/status) are read after a warm-up of 50 reloads and again after 1,000 more.

Target: the 1,000 reloads grow VmRSS by at most 64 KB. Each reload's round trip is timed too.

    MEDD_BIN_DIR=... python3 Benchmarks/daemon/reload_rss.py [--reloads 1000] [--warm-up 50] [--config FILE]
"""
import argparse
import datetime
import os
import sys
import time

import benchlib

START = datetime.datetime(2026, 11, 22, 7, 0, tzinfo=benchlib.BERLIN)
TARGET_KB = 64


def resident(pid):
    status = benchlib.proc_status(pid)
    return {key: benchlib.kib(status[key]) for key in ("VmRSS", "RssAnon", "RssFile", "VmHWM")}


def reload(conn):
    started = time.perf_counter()
    reply = conn.call("Reload")
    assert reply["medications"] > 0, reply
    return time.perf_counter() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reloads", type=int, default=1000)
    parser.add_argument("--warm-up", type=int, default=50)
    parser.add_argument("--config", default=os.path.join(benchlib.REPO, "examples", "medd.toml"))
    args = parser.parse_args()
    benchlib.header(f"RSS over {args.reloads} reloads of {os.path.relpath(args.config, benchlib.REPO)}")
    with open(args.config) as f:
        config = f.read()
    daemon = benchlib.Daemon(config, START)
    try:
        pid = daemon.process.pid
        conn = benchlib.VarlinkConnection(daemon.socket_path)
        for _ in range(args.warm_up):
            reload(conn)
        time.sleep(0.5)
        before = resident(pid)
        times = [reload(conn) for _ in range(args.reloads)]
        time.sleep(0.5)
        after = resident(pid)
        conn.close()
    finally:
        daemon.cleanup()
    print(f"   {len(config.encode())} bytes of configuration; {args.warm_up} reloads to warm up, then {args.reloads}")
    for label, m in (("before", before), ("after", after)):
        print(f"   {label}: VmRSS {m['VmRSS']} kB (RssAnon {m['RssAnon']} kB, RssFile {m['RssFile']} kB), VmHWM {m['VmHWM']} kB")
    growth = after["VmRSS"] - before["VmRSS"]
    print(f"   reload round trip: median {benchlib.median(times) * 1000:.2f} ms, p90 {benchlib.percentile(times, 90) * 1000:.2f} ms, "
          f"max {max(times) * 1000:.2f} ms")
    print(f"   VmRSS growth over {args.reloads} reloads: {growth} kB (RssAnon {after['RssAnon'] - before['RssAnon']:+d} kB); "
          f"target (<= {TARGET_KB} KB): {'met' if growth <= TARGET_KB else 'MISSED'}")
    return 0 if growth <= TARGET_KB else 1


if __name__ == "__main__":
    sys.exit(main())
