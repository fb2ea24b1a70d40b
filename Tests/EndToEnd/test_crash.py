"""SIGKILL at random moments during a storm of Taken calls, with a hook on every event: nothing acknowledged
is ever lost, and every hook run the ledger recorded runs at least once."""
import collections
import datetime
import json
import os
import random
import socket
import sqlite3
import subprocess
import threading
import time
import uuid

import harness
from harness import berlin

# MEDD_CRASH_ROUNDS=250 for the long run docs/benchmarks.md reports.
ROUNDS = int(os.environ.get("MEDD_CRASH_ROUNDS", "50"))
CLIENTS = 4
# Enough doses that every round has answers left to give: about 32 are acknowledged per round.
MEDS = 40 * max(1, ROUNDS // 50)


EVERY_KIND = '["fired", "renotified", "snoozed", "taken", "skipped", "missed", "escalated", "low-stock", "expiring", "expired"]'


def storm_config(meds, hook_log):
    text = '[settings]\nhorizon_days = 1\nearly = "12h"\ngrace = "12h"\nrenotify = "0"\n'
    for med in meds:
        text += f'\n[medication.{med}]\nname = "{med}"\ndose = "1"\nevery = "15m"\n'
    text += (f'\n[[hook]]\non = {EVERY_KIND}\n'
             f'exec = ["/bin/sh", "-c", "echo $MEDD_HOOK_RUN_ID $MEDD_HOOK_ATTEMPT $MEDD_EVENT $MEDD_DOSE_ID >> {hook_log}"]\n')
    return text


def dose_ids(meds, start):
    """Every 15-minute dose of the day after `start` (Berlin), which `early` lets be taken now."""
    ids = []
    for med in meds:
        t = start.replace(minute=(start.minute // 15) * 15, second=0)
        for _ in range(40):
            t += datetime.timedelta(minutes=15)
            ids.append(f"{med}_{t:%Y%m%d_%H_%M}")
    return ids


def client(path, queue, acked, lock):
    """Takes doses from `queue` one by one on one connection; records each acknowledged dose."""
    try:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(path)
        buffer = b""
        while True:
            with lock:
                if not queue:
                    return
                dose = queue.pop()
            sock.sendall(json.dumps({"method": "io.medd.Control.Taken", "parameters": {"dose": dose}}).encode() + b"\0")
            while b"\0" not in buffer:
                chunk = sock.recv(4096)
                if not chunk:
                    return
                buffer += chunk
            message, buffer = buffer.split(b"\0", 1)
            reply = json.loads(message)
            if reply.get("parameters", {}).get("dose", {}).get("state") == "taken":
                with lock:
                    acked.add(dose)
    except OSError:
        return


def ledger_taken(daemon, meds):
    db = sqlite3.connect(os.path.join(daemon.state_dir, "ledger.sqlite"))
    try:
        marks = ",".join("?" * len(meds))
        return {row[0] for row in db.execute(f"SELECT id FROM dose WHERE state = 'taken' AND medication IN ({marks})", meds)}
    finally:
        db.close()


def ledger_events(daemon, meds):
    """(kind, dose) of every event the ledger holds for `meds`."""
    db = sqlite3.connect(os.path.join(daemon.state_dir, "ledger.sqlite"))
    try:
        marks = ",".join("?" * len(meds))
        return collections.Counter(db.execute(f"SELECT kind, dose_id FROM event WHERE medication IN ({marks})", meds).fetchall())
    finally:
        db.close()


def unfinished_hook_runs(daemon):
    db = sqlite3.connect(os.path.join(daemon.state_dir, "ledger.sqlite"))
    try:
        return db.execute("SELECT count(*) FROM hook_run").fetchone()[0]
    finally:
        db.close()


def test_acknowledged_answers_survive_sigkill(tmp_path):
    """SIGKILLs (50, or MEDD_CRASH_ROUNDS) during Taken storms from 4 clients, a hook on every event: every
    acknowledged answer is in the ledger after restart and in the journal at least once (counted once per
    dose), and every event the ledger holds ran its hook at least once, under one run ID."""
    hook_log = tmp_path / "hooks.log"
    prefix = "c" + uuid.uuid4().hex[:8]
    meds = [f"{prefix}-{i:02d}" for i in range(MEDS)]
    start = berlin(0, 1)
    remaining = dose_ids(meds, start)
    random.Random(7).shuffle(remaining)
    acked = set()
    lock = threading.Lock()
    daemon = harness.Daemon(storm_config(meds, hook_log), start)
    try:
        for round_number in range(1, ROUNDS + 1):
            threads = [threading.Thread(target=client, args=(daemon.socket_path, remaining, acked, lock)) for _ in range(CLIENTS)]
            for thread in threads:
                thread.start()
            time.sleep(random.uniform(0.05, 0.6))
            daemon.kill()
            for thread in threads:
                thread.join(10)
            daemon.start(start + datetime.timedelta(seconds=20 * round_number))
            missing = acked - ledger_taken(daemon, meds)
            assert not missing, f"round {round_number}: acknowledged but not in the ledger: {sorted(missing)[:5]}"
        assert len(acked) >= 10 * ROUNDS, f"only {len(acked)} answers acknowledged in {ROUNDS} rounds"
        in_ledger = ledger_taken(daemon, meds)
        daemon.stop()
        args = ["journalctl", "--no-pager", "-o", "json", "SYSLOG_IDENTIFIER=medd", "MEDD_EVENT=taken"] + [f"MEDD_MED_ID={m}" for m in meds]
        deadline = time.monotonic() + 10
        while True:
            entries = [json.loads(line) for line in subprocess.run(args, capture_output=True, text=True).stdout.splitlines()]
            journaled = {e["MEDD_DOSE_ID"] for e in entries}
            if acked <= journaled or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert not acked - journaled, f"acknowledged but never journaled: {sorted(acked - journaled)[:5]}"
        assert journaled == in_ledger, "the journal, counted once per dose, disagrees with the ledger"

        # The last start ran what the kills left; let it finish, then compare the hook's own log with the ledger.
        daemon.start(start + datetime.timedelta(seconds=20 * (ROUNDS + 1)))
        deadline = time.monotonic() + 30
        while unfinished_hook_runs(daemon) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert unfinished_hook_runs(daemon) == 0, "hook runs still unfinished 30 s after the last start"
        events = ledger_events(daemon, meds)
        daemon.stop()
        runs = collections.defaultdict(list)  # run ID → [(attempt, kind, dose)]
        for line in hook_log.read_text().splitlines():
            run, attempt, kind, dose = line.split()
            runs[run].append((int(attempt), kind, dose))
        assert all(len({(kind, dose) for _, kind, dose in lines}) == 1 for lines in runs.values()), "a run ID served two events"
        ran = collections.Counter(lines[0][1:] for lines in runs.values())
        assert ran == events, f"events without a hook run: {list((events - ran).items())[:5]}; runs without an event: {list((ran - events).items())[:5]}"
        repeats = sum(len(lines) - 1 for lines in runs.values())
        print(f"\n{ROUNDS} kills, {len(acked)} acknowledged, {len(in_ledger)} in the ledger, "
              f"{len(entries)} journal entries for {len(journaled)} doses, "
              f"{len(runs)} hook runs for {sum(events.values())} events, {repeats} run again after a kill")
    finally:
        daemon.cleanup()
