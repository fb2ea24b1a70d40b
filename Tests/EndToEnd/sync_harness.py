"""medd-sync for end-to-end tests: the program as a subprocess beside a harness.Daemon, against a real
CalDAV server from caldav_servers, with its configuration's [sync] table written for that server."""
import datetime
import json
import os
import subprocess
import time

import harness


def sync_table(server, poll="10s", extra=""):
    """A [sync] table for `server`: its collection, and for Radicale its user with a password file (0600)
    beside the test's files."""
    lines = ["", "[sync]", f'url = "{server.url}"', f'poll = "{poll}"']
    if server.username:
        password_file = os.path.join(server.directory, "dav-password")
        with open(password_file, "w") as f:
            f.write(server.password + "\n")
        os.chmod(password_file, 0o600)
        lines += [f'username = "{server.username}"', f'password_file = "{password_file}"']
    return "\n".join(lines) + "\n" + extra


class Sync:
    """One medd-sync process following `daemon` (its socket and configuration file)."""

    def __init__(self, daemon, extra_args=(), wrapper=()):
        self.daemon = daemon
        self.wrapper = list(wrapper)  # a command medd-sync runs under (ip netns exec NAME)
        self.status_path = os.path.join(daemon.directory, "sync-status.json")
        self.log_path = os.path.join(daemon.directory, "medd-sync.log")
        self.extra_args = list(extra_args)
        self.process = None
        self.start()

    def start(self):
        # Journal entries of this run: its PID, from now on (a PID of a long test run's earlier process
        # may come back).
        self.started_usec = time.time_ns() // 1000
        self.log = open(self.log_path, "ab")
        args = [os.path.join(harness.bin_dir(), "medd-sync"), "--config", self.daemon.config_path,
                "--socket", self.daemon.socket_path] + self.extra_args
        self.process = subprocess.Popen(self.wrapper + args, stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT,
                                        env=dict(os.environ, TZ=harness.ZONE, SYSTEMD_LOG_LEVEL="debug"),
                                        preexec_fn=harness.default_signals)

    def status(self):
        try:
            with open(self.status_path) as f:
                return json.load(f)
        except (FileNotFoundError, json.JSONDecodeError):
            return None

    def wait_in_sync(self, timeout=15.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            status = self.status()
            if status and "lastSuccess" in status and "failingSince" not in status:
                return status
            assert self.process.poll() is None, f"medd-sync exited with {self.process.returncode}:\n{self.output()}"
            time.sleep(0.1)
        raise AssertionError(f"medd-sync never reported success; status {self.status()}\n{self.output()}")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.log.close()

    def kill(self):
        self.process.kill()
        self.process.wait(timeout=10)
        self.log.close()

    def stacks(self):
        """Every thread's stack (gdb), for a medd-sync that seems stuck."""
        out = subprocess.run(["gdb", "-p", str(self.process.pid), "-batch", "-ex", "thread apply all bt 12"],
                             capture_output=True, text=True, timeout=60)
        return out.stdout[-6000:]

    def output(self):
        with open(self.log_path, "rb") as f:
            return f.read().decode(errors="replace")


def utc(moment):
    return moment.astimezone(datetime.timezone.utc)


def messages(sync, timeout=0.0, at_least=0):
    """The MESSAGE of every journal entry this medd-sync process wrote."""
    deadline = time.monotonic() + timeout
    while True:
        entries = harness.journal("_PID", str(sync.process.pid), at_least=0, timeout=0, SYSLOG_IDENTIFIER="medd-sync")
        said = [e.get("MESSAGE", "") for e in entries if int(e["__REALTIME_TIMESTAMP"]) >= sync.started_usec]
        if len(said) >= at_least or time.monotonic() >= deadline:
            return said
        time.sleep(0.05)


def wait_for_status(sync, predicate, timeout=20.0):
    """Waits until `predicate(status)` holds for medd-sync's status file; returns that status."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status = sync.status()
        if status and predicate(status):
            return status
        assert sync.process.poll() is None, f"medd-sync exited with {sync.process.returncode}"
        time.sleep(0.1)
    raise AssertionError(f"medd-sync's status never matched; last {sync.status()}")
