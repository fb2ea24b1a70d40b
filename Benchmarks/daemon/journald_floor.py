#!/usr/bin/env python3
"""Reference for benchmark 1: how fast this machine's journald takes 1,000 entries at once.

No medd involved: this process sends 1,000 native-protocol datagrams shaped like medd's `fired`
entries (same fields, similar sizes) to /run/systemd/journal/socket back to back, starting at an
instant T, and reports each entry's `_SOURCE_REALTIME_TIMESTAMP` − T — the lateness a sender that
had nothing else to do before sending would see. journald drains its socket one datagram at a time
and the kernel queues at most net.unix.max_dgram_qlen datagrams (printed) before a sender blocks,
so this is the floor under benchmark 1's figures, whatever medd does.

    python3 Benchmarks/daemon/journald_floor.py [--count 1000]
"""
import argparse
import socket
import sys
import time

import benchlib


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    args = parser.parse_args()
    print("== journald floor: entries sent back to back, no daemon")
    print(f"   {benchlib.machine()}")
    qlen = open("/proc/sys/net/unix/max_dgram_qlen").read().strip()
    print(f"   net.unix.max_dgram_qlen = {qlen}")
    benchlib.harness.ensure_journald()
    prefix = benchlib.run_prefix()
    datagrams = []
    for i in range(args.count):
        med = f"{prefix}-{i:04d}"
        fields = [
            ("MESSAGE", f"Medication {i} (1 tablet) due now: {med}_20261122_08_00"),
            ("MESSAGE_ID", "1570343c2d3f4857a8ddefd14135d38b"), ("PRIORITY", "5"), ("SYSLOG_IDENTIFIER", "medd-floor"),
            ("MEDD_EVENT", "fired"), ("MEDD_DOSE_ID", f"{med}_20261122_08_00"), ("MEDD_MED_ID", med),
            ("MEDD_MED_NAME", f"Medication {i}"), ("MEDD_DOSE", "1 tablet"), ("MEDD_SCHEDULED", "2026-11-22T08:00:00+01:00"),
            ("MEDD_SCHEDULED_USEC", "1795330800000000"), ("MEDD_EVENT_USEC", "1795330800000123"), ("MEDD_SOURCE", "daemon"),
            ("CODE_FILE", "MeddDaemon/JournalOutbox.swift"), ("CODE_LINE", "50"), ("CODE_FUNC", "flush()"),
        ]
        datagrams.append("".join(f"{k}={v}\n" for k, v in fields).encode())
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.connect(benchlib.harness.JOURNAL_SOCKET)
    start_usec = time.time_ns() // 1000
    for d in datagrams:
        sock.send(d)
    sent_usec = time.time_ns() // 1000
    sock.close()
    deadline = time.monotonic() + 30
    while True:
        entries = [e for e in benchlib.journal_entries("SYSLOG_IDENTIFIER=medd-floor", "MEDD_EVENT=fired")
                   if e.get("MEDD_MED_ID", "").startswith(prefix)]
        if len(entries) >= args.count or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    late = [(int(e.get("_SOURCE_REALTIME_TIMESTAMP", e["__REALTIME_TIMESTAMP"])) - start_usec) / 1000 for e in entries]
    print(f"   journaled {len(entries)}/{args.count}; sending took {(sent_usec - start_usec) / 1000:.1f} ms")
    print(f"   lateness: min {min(late):.2f} ms, median {benchlib.median(late):.2f} ms, "
          f"p99 {benchlib.percentile(late, 99):.2f} ms, max {max(late):.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
