"""Shared pieces of the daemon benchmarks: the end-to-end harness, configs, a raw Varlink
client on a persistent connection, /proc readers and percentiles. Python 3 standard library only
(plus Tests/EndToEnd/harness.py, which needs the PyPI `varlink` package at import time).

The medd binary comes from MEDD_BIN_DIR (`make bench-daemon` sets it); see docs/benchmarks.md.
"""
import datetime
import glob
import json
import math
import os
import socket
import subprocess
import sys
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "Tests", "EndToEnd"))

import harness  # noqa: E402  (the end-to-end harness: journald, Daemon, journal queries)
import sync_harness  # noqa: E402  (medd-sync beside a harness.Daemon)

Daemon = harness.Daemon
BERLIN = harness.BERLIN  # the harness runs medd with TZ=Europe/Berlin; November is CET (+01:00)


def run_prefix():
    """A medication-ID prefix unique to this run, so journal queries never see another run's entries."""
    return "b" + uuid.uuid4().hex[:8]


def med_ids(prefix, count):
    return [f"{prefix}-{i:04d}" for i in range(count)]


def config_text(meds, settings=None, times=None, every=None, extra=""):
    """One `[medication.ID]` table per ID, all alike: `times` (a list of "HH:MM") or `every` (+ `extra` lines)."""
    lines = ["[settings]"] + [f"{k} = {v}" for k, v in (settings or {}).items()] + [""]
    for i, med in enumerate(meds):
        lines += [f"[medication.{med}]", f'name = "Medication {i}"', 'dose = "1 tablet"']
        if times is not None:
            lines.append("times = [" + ", ".join(f'"{t}"' for t in times) + "]")
        if every is not None:
            lines.append(f'every = "{every}"')
        if extra:
            lines.append(extra)
        lines.append("")
    return "\n".join(lines)


class VarlinkConnection:
    """One persistent raw connection: NUL-terminated JSON calls, one reply each."""

    def __init__(self, path, timeout=30.0):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.sock.settimeout(timeout)
        self.buffer = b""

    def call_raw(self, payload):
        """Sends one encoded message (NUL included) and returns the raw reply bytes (NUL excluded)."""
        self.sock.sendall(payload)
        while True:
            end = self.buffer.find(b"\0")
            if end >= 0:
                message, self.buffer = self.buffer[:end], self.buffer[end + 1:]
                return message
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise ConnectionError("medd closed the connection")
            self.buffer += chunk

    def call(self, method, **parameters):
        """Calls io.medd.Control.<method>; returns the reply parameters or raises RuntimeError on a Varlink error."""
        reply = json.loads(self.call_raw(encode(method, **parameters)))
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']} {reply.get('parameters')}")
        return reply.get("parameters", {})

    def close(self):
        self.sock.close()


def encode(method, **parameters):
    message = {"method": method if "." in method else f"io.medd.Control.{method}"}
    if parameters:
        message["parameters"] = parameters
    return json.dumps(message, separators=(",", ":")).encode() + b"\0"


def proc_status(pid):
    """/proc/PID/status as a dict of strings."""
    with open(f"/proc/{pid}/status") as f:
        return dict(line.rstrip("\n").split(":\t", 1) for line in f if ":\t" in line)


def kib(value):
    """'12345 kB' → 12345."""
    return int(value.split()[0])


def memory(pid):
    """'VmRSS x MiB, VmHWM y MiB' of a running process."""
    status = proc_status(pid)
    return f"VmRSS {kib(status['VmRSS']) / 1024:.1f} MiB, VmHWM {kib(status['VmHWM']) / 1024:.1f} MiB"


def start_sync(daemon):
    """medd-sync following `daemon` (sync_harness.Sync), at the default log level as users run it: the
    harness turns on debug logging, which puts every round and request in the journal."""
    return sync_harness.Sync(daemon, wrapper=("env", "-u", "SYSTEMD_LOG_LEVEL"))


def context_switches(pid):
    """(voluntary, involuntary, threads): summed over every thread in /proc/PID/task/*/status."""
    voluntary = involuntary = threads = 0
    for path in glob.glob(f"/proc/{pid}/task/*/status"):
        try:
            with open(path) as f:
                fields = dict(line.rstrip("\n").split(":\t", 1) for line in f if ":\t" in line)
        except FileNotFoundError:
            continue  # the thread ended between glob and open
        voluntary += int(fields["voluntary_ctxt_switches"])
        involuntary += int(fields["nonvoluntary_ctxt_switches"])
        threads += 1
    return voluntary, involuntary, threads


def percentile(values, p):
    """Nearest-rank percentile (p in 0..100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


def median(values):
    ordered = sorted(values)
    n = len(ordered)
    return ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2


def journal_entries(*matches, since=None):
    """`journalctl -o json` entries for the matches (FIELD=value, all ANDed)."""
    args = ["journalctl", "--no-pager", "-o", "json", *matches]
    if since:
        args += ["--since", since]
    out = subprocess.run(args, capture_output=True, text=True, check=False)
    return [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]


def clock_steps(pid):
    """The times (journal receive time, UTC) at which medd process `pid` saw the wall clock set or the
    machine resume: a step of CLOCK_REALTIME by another program fires or moves every real-time timer."""
    return [datetime.datetime.fromtimestamp(int(entry["__REALTIME_TIMESTAMP"]) / 1e6, datetime.timezone.utc)
            .isoformat(timespec="seconds")
            for entry in journal_entries(f"_PID={pid}", "SYSLOG_IDENTIFIER=medd")
            if entry.get("MESSAGE", "").startswith("the system clock changed")]


def machine():
    """One line about the machine and its load, for the report."""
    load = open("/proc/loadavg").read().split()[:3]
    model = "?"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return f"nproc={os.cpu_count()} cpu={model!r} loadavg={' '.join(load)} kernel={os.uname().release}"


def binary():
    path = os.path.join(harness.bin_dir(), "medd")
    if not os.access(path, os.X_OK):
        sys.exit(f"no medd at {path}: build it (`swift build -c release --product medd`) and set MEDD_BIN_DIR")
    return path


def header(title):
    print(f"== {title}")
    print(f"   medd: {binary()}")
    print(f"   {machine()}")
    print(f"   {datetime.datetime.now(datetime.timezone.utc).isoformat(timespec='seconds')}")
    sys.stdout.flush()


def wait_until(deadline_wall):
    """Sleeps until time.time() reaches `deadline_wall`."""
    while True:
        left = deadline_wall - time.time()
        if left <= 0:
            return
        time.sleep(min(left, 1.0))
