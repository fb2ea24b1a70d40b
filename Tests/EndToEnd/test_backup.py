"""Ledger backups and restore: `medctl backup FILE` on a running medd while eight clients answer in a
storm, `medd --restore FILE` into a stopped state directory, and every refusal of a bad file.

The daemon runs with MEDD_BACKUP_PAGES_PER_STEP=4 (a test-only knob; the default copies 64 pages a
turn), so the backup of a ledger of a few hundred pages takes dozens of loop turns with answers
committed between them."""
import datetime
import hashlib
import json
import os
import re
import shutil
import sqlite3
import subprocess
import threading
import time

import pytest

import varlink

import harness
from harness import BERLIN

MEDS = 8
THREADS = 8
PAGES_PER_STEP = 4
BEFORE = 400  # answers before the backup, with long notes: the ledger they make takes many steps
PRETEND = datetime.datetime(2026, 11, 22, 23, 56, tzinfo=BERLIN)  # next dose at midnight, minutes away

# Exit statuses of medd --restore (man/medd.8).
REFUSED, UNREADABLE, IN_USE = 65, 66, 75


def storm_config(med):
    """`MEDS` medications every five minutes: 576 doses each on 21 and 22 November, all due before medd
    tracked them (it starts at 23:56 on the 22nd), so none fires and each can be marked taken."""
    return "".join(f'[medication.{med}{i}]\nname = "Medication {i}"\ndose = "1"\nevery = "5m"\n\n' for i in range(MEDS))


def dose_ids(med, i):
    return [f"{med}{i}_202611{day}_{minute // 60:02d}_{minute % 60:02d}" for day in (21, 22) for minute in range(0, 24 * 60, 5)]


def medctl(daemon, *args):
    environment = dict(os.environ, TZ=harness.ZONE, NO_COLOR="1")
    return subprocess.run([os.path.join(harness.bin_dir(), "medctl"), "--socket", daemon.socket_path, *args],
                          capture_output=True, text=True, env=environment, timeout=60)


def restore(path, state_dir):
    return subprocess.run([os.path.join(harness.bin_dir(), "medd"), "--restore", path, "--state-dir", state_dir],
                          capture_output=True, text=True, timeout=60)


def events(database):
    """(seq, kind, dose_id) of every event, in recording order, read with Python's own SQLite."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        return connection.execute("SELECT seq, kind, dose_id FROM event ORDER BY seq").fetchall()


def contents(directory):
    """Every file of a state directory but the lock, with a digest of its bytes."""
    digests = {}
    for name in sorted(os.listdir(directory)):
        path = os.path.join(directory, name)
        if name != "ledger.lock" and os.path.isfile(path):
            with open(path, "rb") as f:
                digests[name] = hashlib.sha256(f.read()).hexdigest()
    return digests


class Storm:
    """`THREADS` clients, each on a connection of its own, marking its medication's doses taken one
    after another until stopped; each keeps (dose, when its reply arrived)."""

    def __init__(self, daemon, pools):
        self.daemon = daemon
        self.stopping = threading.Event()
        self.acknowledged = [[] for _ in pools]
        self.errors = []
        self.threads = [threading.Thread(target=self.run, args=(pool, self.acknowledged[n]), daemon=True)
                        for n, pool in enumerate(pools)]
        for thread in self.threads:
            thread.start()

    def run(self, pool, acknowledged):
        try:
            with self.daemon.client() as client, client.open("io.medd.Control") as control:
                for dose in pool:
                    if self.stopping.is_set():
                        return
                    reply = control.Taken(dose=dose, note="storm")
                    acknowledged.append((dose, time.monotonic()))
                    assert reply["dose"]["state"] == "taken", reply
        except Exception as error:  # reported by stop(): a thread's failure must fail the test
            self.errors.append(repr(error))

    def wait_for(self, each):
        deadline = time.monotonic() + 30
        while min(len(a) for a in self.acknowledged) < each and time.monotonic() < deadline and not self.errors:
            time.sleep(0.01)

    def stop(self):
        self.stopping.set()
        for thread in self.threads:
            thread.join(timeout=30)
        assert not self.errors, self.errors
        return [entry for entries in self.acknowledged for entry in entries]


def backup_steps(daemon):
    """How many loop turns medd's last backup took, from its journal line."""
    entries = harness.journal("_PID", str(daemon.process.pid), at_least=2, SYSLOG_IDENTIFIER="medd")
    lines = [e["MESSAGE"] for e in entries if str(e.get("MESSAGE", "")).startswith("backup written")]
    assert lines, "medd logged no backup"
    return int(re.search(r"in (\d+) steps", lines[-1]).group(1))


def test_a_backup_during_an_answer_storm_holds_every_answer_acknowledged_before_it(daemons, med, tmp_path):
    daemon = daemons(storm_config(med), PRETEND, env={"MEDD_BACKUP_PAGES_PER_STEP": str(PAGES_PER_STEP)})
    pools = [dose_ids(med, i) for i in range(MEDS)]
    before = []
    with daemon.client() as client, client.open("io.medd.Control") as control:
        for n in range(BEFORE):
            dose = pools[n % MEDS].pop()
            control.Taken(dose=dose, note=f"before {n} " + "x" * 2000)
            before.append(dose)
    storm = Storm(daemon, pools)
    storm.wait_for(5)
    backup = tmp_path / "ledger-backup.sqlite"
    started = time.monotonic()
    out = medctl(daemon, "backup", str(backup))
    returned = time.monotonic()
    time.sleep(0.3)
    acknowledged = storm.stop()
    assert out.returncode == 0, out.stderr
    daemon.stop()

    # What medctl wrote, and what it said of it.
    assert oct(os.stat(backup).st_mode & 0o777) == "0o600"
    assert not os.listdir(os.path.join(daemon.state_dir, "backups")), "medd's copy was left behind"
    assert not [n for n in os.listdir(tmp_path) if n.startswith(".")], "medctl left its temporary file"
    said = re.fullmatch(r"wrote (\S+): (\d+) bytes, (\d+) events, (\d+) doses \(ledger schema v\d+\)\n", out.stdout)
    assert said, out.stdout
    assert said.group(1) == str(backup) and int(said.group(2)) == os.path.getsize(backup)

    # The race was real: the backup took many loop turns, and answers were acknowledged meanwhile.
    steps = backup_steps(daemon)
    assert steps >= 20, f"the backup took only {steps} loop turns"
    during = [dose for dose, at in acknowledged if started < at < returned]
    assert len(during) >= 10, f"only {len(during)} answers were acknowledged while the backup ran"

    # Restored into a fresh state directory.
    fresh = str(tmp_path / "fresh-state")
    restored = restore(str(backup), fresh)
    assert restored.returncode == 0, restored.stderr
    assert f"restored {backup} as {fresh}/ledger.sqlite" in restored.stdout
    copy = events(os.path.join(fresh, "ledger.sqlite"))
    final = events(os.path.join(daemon.state_dir, "ledger.sqlite"))
    assert len(copy) == int(said.group(3))
    taken = {dose for _, kind, dose in copy if kind == "taken"}

    # Every answer acknowledged before medctl was started is in the backup…
    missing = [dose for dose in before + [d for d, at in acknowledged if at < started] if dose not in taken]
    assert not missing, f"{len(missing)} acknowledged answers are missing, e.g. {missing[:3]}"
    # …and so are answers acknowledged while it ran: the commits made between the copy's steps.
    caught_up = [dose for dose in during if dose in taken]
    assert caught_up, "no answer acknowledged during the backup reached it"
    # The backup is the ledger as it stood at one commit: exactly the events recorded up to its last.
    assert copy == [event for event in final if event[0] <= copy[-1][0]]
    assert len(final) > len(copy), "the storm went on after the backup, so the live ledger has more"

    # medd starts on the restored ledger and lists those answers.
    daemon.state_dir = fresh
    daemon.start(PRETEND)
    listed = daemon.call("ListDoses", **{"from": "2026-11-21T00:00:00+01:00", "to": "2026-11-23T00:00:00+01:00"})
    states = {dose["id"]: dose["state"] for dose in listed["doses"]}
    assert all(states[dose] == "taken" for dose in taken)


def spoiled(path, how):
    """A copy of the backup at `path`, spoiled `how`."""
    with open(path, "rb") as f:
        data = bytearray(f.read())
    target = f"{path}.{how}"
    if how == "damaged":
        # The first bytes of each page of the middle third: b-tree page headers, whatever the pages hold.
        pages = len(data) // 4096
        for page in range(pages // 3, 2 * pages // 3):
            data[page * 4096:page * 4096 + 16] = b"\xa5" * 16
    elif how == "truncated":
        data = data[:len(data) // 2]
    with open(target, "wb") as f:
        f.write(data)
    if how == "newer":
        connection = sqlite3.connect(target)
        with connection:
            connection.execute("INSERT INTO grdb_migrations (identifier) VALUES ('v9: written by the future')")
        connection.close()  # folds the write-ahead log into the file: restore reads the file alone
    return target


def test_bad_backups_and_a_running_medd_are_refused_and_the_ledger_is_left_alone(daemons, med, tmp_path):
    daemon = daemons(storm_config(med), PRETEND)
    for dose in dose_ids(med, 0)[:40]:
        daemon.call("Taken", dose=dose, note="n" * 500)
    backup = str(tmp_path / "good.sqlite")
    assert medctl(daemon, "backup", backup).returncode == 0

    # A running medd: nothing is replaced.
    running = restore(backup, daemon.state_dir)
    assert running.returncode == IN_USE, running
    assert f"pid {daemon.process.pid}" in running.stderr and "stop" in running.stderr
    assert not [n for n in os.listdir(daemon.state_dir) if ".replaced-" in n or ".restoring" in n]
    daemon.stop()

    state = daemon.state_dir
    before = contents(state)
    refusals = {
        "damaged": "is damaged",
        "truncated": "is truncated: its header says",
        "newer": "was written by a newer medd: its ledger schema is v9",
    }
    for how, words in refusals.items():
        out = restore(spoiled(backup, how), state)
        assert out.returncode == REFUSED, (how, out)
        assert words in out.stderr, (how, out.stderr)
        assert "the ledger in" in out.stderr and "is as it was" in out.stderr
        assert contents(state) == before, f"a {how} backup changed the ledger"
    not_sqlite = tmp_path / "notes.txt"
    not_sqlite.write_text("metformin taken at 08:00\n")
    out = restore(str(not_sqlite), state)
    assert out.returncode == REFUSED and "not an SQLite database" in out.stderr, out
    out = restore(str(tmp_path / "missing.sqlite"), state)
    assert out.returncode == UNREADABLE and "cannot read" in out.stderr, out
    assert contents(state) == before

    # The good backup still restores over the same directory, keeping what it replaces.
    out = restore(backup, state)
    assert out.returncode == 0, out
    kept = [n for n in os.listdir(state) if n.startswith("ledger.sqlite.replaced-")]
    assert len(kept) == 1 and f"kept as {state}/{kept[0]}" in out.stdout
    assert re.fullmatch(r"ledger\.sqlite\.replaced-\d{8}T\d{6}Z", kept[0])
    assert not os.path.exists(os.path.join(state, "ledger.sqlite-wal"))
    assert events(os.path.join(state, "ledger.sqlite")) == events(backup)


def test_backup_usage_errors(daemons, med, tmp_path):
    daemon = daemons(storm_config(med), PRETEND)
    out = medctl(daemon, "backup")
    assert out.returncode == 2 and "name the FILE" in out.stderr, out
    existing = tmp_path / "existing.sqlite"
    existing.write_bytes(b"keep")
    out = medctl(daemon, "backup", str(existing))
    assert out.returncode == 2 and "--force" in out.stderr, out
    assert existing.read_bytes() == b"keep"
    out = medctl(daemon, "--json", "backup", "--force", str(existing))
    assert out.returncode == 0, out
    reply = json.loads(out.stdout)
    assert reply["file"] == str(existing) and reply["bytes"] == os.path.getsize(existing)
    assert set(reply) == {"file", "bytes", "events", "doses", "schema"}
    out = medctl(daemon, "backup", str(tmp_path))
    assert out.returncode == 2 and "is a directory" in out.stderr, out
    out = medctl(daemon, "backup", str(tmp_path / "no-such-directory" / "x.sqlite"))
    assert out.returncode == 1 and "cannot write in" in out.stderr, out
    assert not os.listdir(os.path.join(daemon.state_dir, "backups"))


def test_backups_at_once_and_copies_nobody_fetched_are_not_left_behind(daemons, med, tmp_path):
    daemon = daemons(storm_config(med), PRETEND, env={"MEDD_BACKUP_PAGES_PER_STEP": str(PAGES_PER_STEP)})
    with daemon.client() as client, client.open("io.medd.Control") as control:
        for dose in dose_ids(med, 0)[:200]:
            control.Taken(dose=dose, note="n" * 2000)
    folder = os.path.join(daemon.state_dir, "backups")

    # Two at once: each its own file, both complete.
    environment = dict(os.environ, TZ=harness.ZONE, NO_COLOR="1")
    paths = [str(tmp_path / f"at-once-{n}.sqlite") for n in range(2)]
    runs = [subprocess.Popen([os.path.join(harness.bin_dir(), "medctl"), "--socket", daemon.socket_path, "backup", path],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment) for path in paths]
    for run in runs:
        out, err = run.communicate(timeout=60)
        assert run.returncode == 0, err
    for path in paths:
        assert len(events(path)) == 200
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
            assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)

    # A client that asks and goes away without fetching: its copy goes with its connection.
    with daemon.client() as client, client.open("io.medd.Control") as control:
        reply = control.Backup()
        assert os.path.dirname(reply["file"]) == folder and os.path.exists(reply["file"])
        assert oct(os.stat(reply["file"]).st_mode & 0o777) == "0o600"
    deadline = time.monotonic() + 5
    while os.path.exists(reply["file"]) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not os.path.exists(reply["file"]), "the copy outlived its client's connection"

    # One left by a medd that was killed is removed when medd starts again.
    with daemon.client() as client, client.open("io.medd.Control") as control:
        reply = control.Backup()
        daemon.kill()
    assert os.path.exists(reply["file"])
    daemon.start(PRETEND)
    assert os.listdir(folder) == []


def test_a_backup_onto_a_fat_stick(daemons, med, tmp_path):
    """vfat (a USB stick) has no hard links: the backup is put in place with a rename that replaces nothing."""
    image, stick = tmp_path / "stick.img", tmp_path / "stick"
    if os.geteuid() != 0 or not shutil.which("mkfs.vfat"):
        pytest.skip("a backup onto vfat is NOT tested here: it needs root and mkfs.vfat (dosfstools)")
    stick.mkdir()
    subprocess.run(["truncate", "-s", "16M", str(image)], check=True)
    subprocess.run(["mkfs.vfat", str(image)], check=True, capture_output=True)
    mounted = subprocess.run(["mount", "-o", "loop", str(image), str(stick)], capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"a backup onto vfat is NOT tested here: mount -o loop failed: {mounted.stderr.strip()}")
    daemon = daemons(storm_config(med), PRETEND)
    for dose in dose_ids(med, 0)[:20]:
        daemon.call("Taken", dose=dose)
    try:
        target = str(stick / "medd.sqlite")
        out = medctl(daemon, "backup", target)
        assert out.returncode == 0, out
        assert events(target) == events(os.path.join(daemon.state_dir, "ledger.sqlite"))
        assert os.listdir(stick) == ["medd.sqlite"], "the temporary file is left on the stick"
        out = medctl(daemon, "backup", target)
        assert out.returncode == 2 and "--force" in out.stderr, out
    finally:
        subprocess.run(["umount", str(stick)], check=True)


def test_what_restore_will_not_read_alone(daemons, med, tmp_path):
    """A live ledger's copy with its -wal beside it, or a file with a trigger, is refused."""
    daemon = daemons(storm_config(med), PRETEND)
    for dose in dose_ids(med, 0)[:20]:
        daemon.call("Taken", dose=dose)
    backup = str(tmp_path / "good.sqlite")
    assert medctl(daemon, "backup", backup).returncode == 0
    daemon.stop()
    state = daemon.state_dir
    before = contents(state)

    live = str(tmp_path / "live.sqlite")
    shutil.copy(backup, live)
    writer = sqlite3.connect(live)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("PRAGMA wal_autocheckpoint=0")
    writer.execute("INSERT INTO meta (key, value) VALUES ('x-test', 1)")
    writer.commit()
    shutil.copy(live, live + ".copy")
    shutil.copy(live + "-wal", live + ".copy-wal")
    writer.close()
    out = restore(live + ".copy", state)
    assert out.returncode == REFUSED and "-wal beside it holds writes" in out.stderr, out

    trapped = str(tmp_path / "trigger.sqlite")
    shutil.copy(backup, trapped)
    with sqlite3.connect(trapped) as connection:
        connection.execute("CREATE TRIGGER eat AFTER INSERT ON event BEGIN DELETE FROM event; END")
    connection.close()
    out = restore(trapped, state)
    assert out.returncode == REFUSED and "trigger eat" in out.stderr, out
    assert contents(state) == before
