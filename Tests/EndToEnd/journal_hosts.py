"""Two machines on this one: network namespaces joined by a veth pair, a "host" with its own host name,
machine ID and systemd-journald (in its own UTS and mount namespaces, journal sockets and files on private
tmpfs), and systemd-journal-remote receiving on the other side. Nothing here touches the machine's own
journald: the host's journald sees only a private /run/systemd/journal, keeps its files in a private
/run/log, reads no kernel messages and logs to a file, not to /dev/kmsg.

Every process is started by these classes, in a session of its own, and stopped by its process group;
the mounts live and die with the host's mount namespace; close() removes the namespaces."""
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
import uuid

JOURNALD = "/lib/systemd/systemd-journald"
JOURNAL_REMOTE = "/lib/systemd/systemd-journal-remote"
JOURNAL_UPLOAD = "/lib/systemd/systemd-journal-upload"
# TEST-NET-1 (RFC 5737): never routed, so nothing here can reach a real network.
ADDRESS_A, ADDRESS_B = "192.0.2.1", "192.0.2.2"
REMOTE_PORT = 19532

# The host's journald: volatile files only, no kernel messages, no wall messages.
JOURNALD_CONF = "[Journal]\nStorage=volatile\nReadKMsg=no\nForwardToWall=no\nForwardToSyslog=no\n"

# Runs as root in the host's new UTS and mount namespaces (propagation private: nothing leaks out), then
# prints "ready <journald pid>" and waits for journald. $1: host name, $2: machine-ID file, $3: log file.
HOST_SCRIPT = r"""
set -e
echo "$1" > /proc/sys/kernel/hostname
mount -t tmpfs -o mode=0755 medd-test /run/systemd/journal
mount -t tmpfs -o mode=0755 medd-test /run/log
mount -t tmpfs -o mode=0755 medd-test /var/log
mount -t tmpfs -o mode=0755 medd-test /etc/systemd
printf '%s' "$JOURNALD_CONF" > /etc/systemd/journald.conf
mount --bind "$2" /etc/machine-id
SYSTEMD_LOG_TARGET=console SYSTEMD_LOG_LEVEL=info """ + JOURNALD + r""" </dev/null >>"$3" 2>&1 &
journald=$!
i=0
until [ -S /run/systemd/journal/socket ]; do
    i=$((i + 1)); [ $i -lt 200 ] || { echo "journald did not start" >&2; exit 1; }
    kill -0 $journald || { echo "journald exited" >&2; exit 1; }
    sleep 0.05
done
echo "ready $journald"
wait $journald
"""


def missing_programs():
    """The programs these tests need that this machine lacks."""
    needed = ["ip", "nsenter", "unshare", "journalctl", JOURNALD, JOURNAL_REMOTE, JOURNAL_UPLOAD]
    return [p for p in needed if not (os.path.exists(p) if p.startswith("/") else shutil.which(p))]


def stop_group(process, timeout=10):
    """Stops a process started in a session of its own, and everything in its process group."""
    if process is None or process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=timeout)
    except ProcessLookupError:
        pass


class NetworkPair:
    """Two network namespaces, A (192.0.2.1) and B (192.0.2.2), joined by a veth pair."""

    def __init__(self):
        tag = uuid.uuid4().hex[:6]
        self.a, self.b = f"medd-a-{tag}", f"medd-b-{tag}"
        self.created = []
        try:
            for name in (self.a, self.b):
                run(["ip", "netns", "add", name])
                self.created.append(name)
            veth_a, veth_b = f"mdda{tag}", f"mddb{tag}"
            run(["ip", "link", "add", veth_a, "type", "veth", "peer", "name", veth_b])
            for namespace, veth, address in ((self.a, veth_a, ADDRESS_A), (self.b, veth_b, ADDRESS_B)):
                run(["ip", "link", "set", veth, "netns", namespace])
                run(["ip", "-n", namespace, "addr", "add", f"{address}/24", "dev", veth])
                run(["ip", "-n", namespace, "link", "set", veth, "up"])
                run(["ip", "-n", namespace, "link", "set", "lo", "up"])
        except BaseException:
            self.close()
            raise

    def path(self, name):
        return f"/run/netns/{name}"

    def close(self):
        """Deleting a namespace deletes the veth end in it, and so the pair."""
        for name in self.created:
            subprocess.run(["ip", "netns", "del", name], capture_output=True)
        self.created = []


class JournalHost:
    """A machine with its own host name, machine ID and journald, in network namespace `netns`."""

    def __init__(self, netns_path, hostname, directory):
        self.hostname = hostname
        self.machine_id = uuid.uuid4().hex
        self.directory = directory
        self.machine_id_file = os.path.join(directory, "machine-id")
        with open(self.machine_id_file, "w") as f:
            f.write(self.machine_id + "\n")
        self.log = os.path.join(directory, "journald.log")
        self.holder = subprocess.Popen(
            ["nsenter", f"--net={netns_path}", "--", "unshare", "--uts", "--mount", "--propagation", "private", "--",
             "sh", "-c", HOST_SCRIPT, "host-script", hostname, self.machine_id_file, self.log],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env=dict(os.environ, JOURNALD_CONF=JOURNALD_CONF), start_new_session=True)
        line = self.holder.stdout.readline().split()
        if line[:1] != ["ready"]:
            stop_group(self.holder)
            raise RuntimeError(f"host {hostname} did not start (exit {self.holder.returncode}): "
                               f"{self.holder.stderr.read()} {self.journald_log()}")
        self.journald_pid = int(line[1])

    def journald_log(self):
        try:
            with open(self.log) as f:
                return f.read()
        except OSError:
            return ""

    @property
    def enter(self):
        """The command prefix that runs a program on this host (its network, host name and mounts)."""
        return ["nsenter", f"--target={self.holder.pid}", "--net", "--uts", "--mount", "--"]

    def run(self, argv, timeout=60, **kwargs):
        return subprocess.run(self.enter + argv, capture_output=True, text=True, timeout=timeout, **kwargs)

    def journal(self, *matches):
        """This host's journal entries with the given FIELD=value matches, as journalctl reads them there."""
        out = self.run(["journalctl", "--no-pager", "-o", "json", *matches])
        return [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]

    def sync(self):
        """Asks this host's journald to write everything to its files."""
        out = self.run(["journalctl", "--sync"])
        assert out.returncode == 0, out.stderr

    def journal_files(self):
        """This host's journal files, seen from outside through its holder's root."""
        root = f"/proc/{self.holder.pid}/root/run/log/journal/{self.machine_id}"
        return [os.path.join(root, name) for name in sorted(os.listdir(root)) if name.endswith(".journal")]

    def upload(self, url, state_file):
        """Sends this host's journal to `url` with systemd-journal-upload, once (no follow)."""
        return self.run([JOURNAL_UPLOAD, f"--url={url}", "--follow=no", f"--save-state={state_file}"], timeout=120)

    def close(self):
        stop_group(self.holder)


class JournalRemote:
    """systemd-journal-remote in network namespace `netns`, listening for HTTP on ADDRESS_B and writing
    what it receives to `output` (a directory: one file per sending host)."""

    def __init__(self, netns, output):
        self.netns = netns
        self.output = output
        self.log = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen(
            ["ip", "netns", "exec", netns, JOURNAL_REMOTE, f"--listen-http={ADDRESS_B}:{REMOTE_PORT}", f"--output={output}/"],
            stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 10
        while not self.listening():
            if self.process.poll() is not None or time.monotonic() > deadline:
                stop_group(self.process)
                raise RuntimeError(f"systemd-journal-remote did not listen (exit {self.process.poll()}): {self.output_log()}")
            time.sleep(0.05)

    @property
    def url(self):
        return f"http://{ADDRESS_B}:{REMOTE_PORT}"

    def listening(self):
        out = subprocess.run(["ip", "netns", "exec", self.netns, "ss", "-Hltn", f"sport = :{REMOTE_PORT}"],
                             capture_output=True, text=True)
        return bool(out.stdout.strip())

    def output_log(self):
        self.log.seek(0)
        return self.log.read()

    def close(self):
        stop_group(self.process)
        self.log.close()


def run(argv):
    out = subprocess.run(argv, capture_output=True, text=True, timeout=30)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} failed: {out.stderr.strip()}")
    return out
