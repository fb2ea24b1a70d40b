"""End-to-end harness: a real journald, the medd binary as a subprocess, the PyPI varlink client.

Every test gets its own medication ID (and so its own journal entries), state directory and
socket, and a daemon whose clock starts a few seconds before a dose (`--pretend-now`).
"""
import datetime
import fcntl
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid

import varlink

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
JOURNAL_SOCKET = "/run/systemd/journal/socket"
# medd's system bus when a test gives none: an address where nothing listens, so no test reaches the
# machine's own system bus (and its logind).
NO_SYSTEM_BUS = "unix:path=/nonexistent/medd-test-no-system-bus"
ZONE = "Europe/Berlin"
# The version the sources say (MeddVersion.current), which every program reports.
VERSION = re.search(r'current = "([^"]+)"', open(os.path.join(REPO, "Sources", "MeddCore", "MeddVersion.swift")).read()).group(1)
BERLIN = datetime.timezone(datetime.timedelta(hours=1))  # November: CET


def bin_dir():
    """Where `swift build` put medd and medctl (MEDD_BIN_DIR overrides)."""
    if "MEDD_BIN_DIR" in os.environ:
        return os.environ["MEDD_BIN_DIR"]
    out = subprocess.run(["swift", "build", "--show-bin-path"], cwd=REPO, capture_output=True, text=True, check=True)
    return out.stdout.strip()


def journald_answers():
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    try:
        probe.connect(JOURNAL_SOCKET)
        return True
    except OSError:
        return False
    finally:
        probe.close()


def default_signals():
    """For a child the test sends signals to: the default action of every signal it may get, as under a
    terminal and systemd. A test run started in the background without job control (`make test &`,
    cron) hands its children SIGINT and SIGQUIT ignored, and nohup SIGHUP."""
    for number in (signal.SIGINT, signal.SIGQUIT, signal.SIGHUP, signal.SIGTERM):
        signal.signal(number, signal.SIG_DFL)


def ensure_journald():
    """Uses the running journald, or (as root) starts one in its own session and leaves it running. Under a
    lock: the test files run two at a time (pytest-xdist), and two journalds on one socket would share files."""
    if journald_answers():
        return
    if os.geteuid() != 0:
        raise RuntimeError(f"no journald answers at {JOURNAL_SOCKET} and only root can start one")
    with open(os.path.join(tempfile.gettempdir(), "medd-e2e-journald.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if journald_answers():
            return
        subprocess.run(["setsid", "-f", "/lib/systemd/systemd-journald"], stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            if journald_answers():
                return
            time.sleep(0.02)
    raise RuntimeError("started systemd-journald but nothing answered within 5 s")


def unique_med():
    return "m" + uuid.uuid4().hex[:12]


def journal(field, value, at_least=1, timeout=5.0, **matches):
    """Journal entries with field=value (and more matches), waiting until at least `at_least` are there."""
    deadline = time.monotonic() + timeout
    args = ["journalctl", "--no-pager", "-o", "json", f"{field}={value}"]
    args += [f"{k}={v}" for k, v in matches.items()]
    while True:
        out = subprocess.run(args, capture_output=True, text=True)
        entries = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
        if len(entries) >= at_least or time.monotonic() >= deadline:
            return entries
        time.sleep(0.05)


def dose_events(med, at_least=1, timeout=5.0, **matches):
    """The dose events of one medication, in journal order, as (MEDD_EVENT, entry)."""
    entries = journal("MEDD_MED_ID", med, at_least=at_least, timeout=timeout, SYSLOG_IDENTIFIER="medd", **matches)
    return [e for e in entries if "MEDD_EVENT" in e and "MEDD_EVENT_USEC" in e]


def iso(dt):
    return dt.isoformat(timespec="seconds")


class Daemon:
    """One medd process: config, state directory and socket in a temporary directory."""

    def __init__(self, config, pretend_now, directory=None, extra_args=(), env=None, system_zone=False, wrapper=(),
                 desktop_bus=None, system_bus=None, session_id=None):
        self.directory = directory or tempfile.mkdtemp(prefix="medd-e2e-")
        self.config_path = os.path.join(self.directory, "medd.toml")
        self.state_dir = os.path.join(self.directory, "state")
        self.socket_path = os.path.join(self.directory, "control.sock")
        self.notify_path = os.path.join(self.directory, "notify.sock")
        self.process = None
        self.status_lines = []
        self.extra_args = list(extra_args)
        self.wrapper = list(wrapper)  # a command medd runs under (e.g. unshare), until changed
        self.env = env or {}
        self.system_zone = system_zone
        # A session bus address: medd shows notifications there. None: --no-desktop.
        self.desktop_bus = desktop_bus
        # A system bus address (logind: screen lock and suspend); None: NO_SYSTEM_BUS. `session_id` is
        # medd's XDG_SESSION_ID; None: the variable is removed.
        self.system_bus = system_bus
        self.session_id = session_id
        self.write_config(config)
        self.start(pretend_now)

    def write_config(self, text):
        with open(self.config_path, "w") as f:
            f.write(text)

    def start(self, pretend_now, wait_ready=True):
        ensure_journald()
        if os.path.exists(self.notify_path):
            os.unlink(self.notify_path)
        self.notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.notify.bind(self.notify_path)
        # Read every datagram as it comes, as a service manager does: an unread queue would stall medd.
        # Kept as (time.monotonic(), lines), for tests and benchmarks that count pings.
        self.datagrams = []
        self.datagram_seen = threading.Condition()
        self.read_upto = 0
        self.notify_reader = threading.Thread(target=self._drain_notify, args=(self.notify, self.datagrams, self.datagram_seen),
                                              daemon=True)
        self.notify_reader.start()
        env = dict(os.environ, TZ=ZONE, NOTIFY_SOCKET=self.notify_path)
        env.update(self.env)  # may set TZ itself
        if self.system_zone:
            del env["TZ"]  # follow /etc/localtime
        env.pop("DBUS_SESSION_BUS_ADDRESS", None)
        if self.desktop_bus:
            env["DBUS_SESSION_BUS_ADDRESS"] = self.desktop_bus
        # Set after `self.env`: the system bus and the session come only from system_bus and session_id.
        env["DBUS_SYSTEM_BUS_ADDRESS"] = self.system_bus or NO_SYSTEM_BUS
        env.pop("XDG_SESSION_ID", None)
        if self.session_id is not None:
            env["XDG_SESSION_ID"] = self.session_id
        args = [os.path.join(bin_dir(), "medd"), "--config", self.config_path, "--state-dir", self.state_dir,
                "--socket", self.socket_path] + ([] if self.desktop_bus else ["--no-desktop"])
        if pretend_now is not None:
            args += ["--pretend-now", iso(pretend_now)]
        self.started_real = time.monotonic()
        self.pretend_start = pretend_now
        self.process = subprocess.Popen(self.wrapper + args + self.extra_args, env=env, stdin=subprocess.DEVNULL,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, preexec_fn=default_signals)
        if wait_ready:
            # Generous: a start after SIGKILL sends a storm's outbox to a journald that may be busy rotating.
            self.wait_notify("READY=1", timeout=30.0)

    def _drain_notify(self, sock, datagrams, seen):
        """Reads one run's socket into that run's list: a restart replaces both while this thread may be
        between taking the condition and notifying it."""
        while True:
            try:
                data = sock.recv(4096)
            except OSError:
                return
            if not data:
                return  # shut down: the run is over (medd never sends an empty datagram)
            datagram = data.decode()
            with seen:
                datagrams.append((time.monotonic(), datagram.splitlines()))
                seen.notify_all()

    def wait_notify(self, wanted, timeout=10.0):
        """Waits for a datagram, not seen by an earlier wait, with the line `wanted`; returns its lines."""
        deadline = time.monotonic() + timeout
        with self.datagram_seen:
            while True:
                while self.read_upto < len(self.datagrams):
                    _, lines = self.datagrams[self.read_upto]
                    self.read_upto += 1
                    self.status_lines += [l for l in lines if l.startswith("STATUS=")]
                    if wanted in lines:
                        return lines
                remaining = deadline - time.monotonic()
                if remaining <= 0 or self.process.poll() is not None:
                    output = self.output() if self.process.poll() is not None else self.stacks()
                    raise AssertionError(f"medd did not send {wanted} (exit {self.process.poll()}): {output}")
                self.datagram_seen.wait(min(remaining, 0.2))

    def now(self):
        """The daemon's pretend clock, read now."""
        return self.pretend_start + datetime.timedelta(seconds=time.monotonic() - self.started_real)

    def client(self):
        return varlink.Client(address=f"unix:{self.socket_path}")

    def call(self, method, **parameters):
        """Calls io.medd.Control.<method> on a fresh connection; returns the reply parameters."""
        with self.client() as client, client.open("io.medd.Control") as control:
            return getattr(control, method)(**parameters)

    def error_of(self, method, **parameters):
        """Calls and expects a Varlink error; returns (name, parameters)."""
        try:
            reply = self.call(method, **parameters)
        except varlink.VarlinkError as error:
            return error.error(), error.parameters()
        raise AssertionError(f"{method} succeeded: {reply}")

    def raw(self, payload, read_timeout=5.0, chunks=None, half_close=True):
        """Sends raw bytes on a new connection (in `chunks` pieces when given), then shuts down the sending
        side; returns the messages received before the daemon closed the connection or went quiet, and
        whether it closed."""
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(self.socket_path)
        sock.settimeout(read_timeout)
        try:
            for piece in chunks or [payload]:
                sock.sendall(piece)
                if chunks:
                    time.sleep(0.01)
            if half_close:
                sock.shutdown(socket.SHUT_WR)
        except (BrokenPipeError, ConnectionResetError):
            pass
        data = b""
        closed = False
        try:
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    closed = True
                    break
                data += chunk
        except socket.timeout:
            pass
        except ConnectionResetError:
            closed = True
        sock.close()
        messages = [json.loads(m) for m in data.split(b"\0") if m]
        return messages, closed

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=10)
        self._close_notify()

    def kill(self):
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self._close_notify()

    def _close_notify(self):
        """Stops this run's reader before closing its socket: a reader still looping could otherwise call
        recv on the descriptor number after close, when the next run's socket has taken it, and swallow
        that run's READY=1."""
        try:
            self.notify.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.notify_reader.join(timeout=5)
        self.notify.close()

    def stacks(self):
        """Where a medd that is still running stands: each thread's stack (gdb), for a message."""
        if not shutil.which("gdb"):
            return "(still running; no gdb to show where)"
        out = subprocess.run(["gdb", "-p", str(self.process.pid), "-batch", "-ex", "thread apply all bt 30"],
                             capture_output=True, text=True, timeout=60)
        return "still running, at:\n" + "\n".join(l for l in out.stdout.splitlines() if l.startswith(("#", "Thread")))

    def output(self):
        if self.process.poll() is None:
            return ""
        return self.process.stdout.read().decode(errors="replace")

    def cleanup(self):
        self.kill()
        shutil.rmtree(self.directory, ignore_errors=True)


def medctl_output(daemon, *args):
    """Runs medctl against `daemon`'s socket (TZ=Europe/Berlin, no colour); asserts success, returns stdout."""
    environment = dict(os.environ, TZ=ZONE, NO_COLOR="1")
    out = subprocess.run([os.path.join(bin_dir(), "medctl"), "--socket", daemon.socket_path, *args],
                         capture_output=True, text=True, env=environment, timeout=30)
    assert out.returncode == 0, out.stderr
    return out.stdout


def config(med, times=("08:00", "20:00"), settings=None, extra="", hooks=""):
    body = "[settings]\n" + "".join(f"{k} = {v}\n" for k, v in (settings or {}).items())
    body += f'\n[medication.{med}]\nname = "Metformin"\ndose = "500 mg"\n'
    body += "times = [" + ", ".join(f'"{t}"' for t in times) + "]\n" + extra + "\n" + hooks
    return body


def berlin(hour, minute, second=0, day=22):
    return datetime.datetime(2026, 11, day, hour, minute, second, tzinfo=BERLIN)
