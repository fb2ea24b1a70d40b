"""SIGKILL at random moments during a storm of Taken calls: nothing acknowledged is ever lost."""
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

ROUNDS = 50
CLIENTS = 4
MEDS = 40


def storm_config(meds):
    text = '[settings]\nhorizon_days = 1\nearly = "12h"\ngrace = "12h"\nrenotify = "0"\n'
    for med in meds:
        text += f'\n[medication.{med}]\nname = "{med}"\ndose = "1"\nevery = "15m"\n'
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


def test_acknowledged_answers_survive_sigkill():
    """50 SIGKILLs during Taken storms from 4 clients: every acknowledged answer is in the ledger after
    restart, and in the journal at least once (counted once per dose)."""
    prefix = "c" + uuid.uuid4().hex[:8]
    meds = [f"{prefix}-{i:02d}" for i in range(MEDS)]
    start = berlin(0, 1)
    remaining = dose_ids(meds, start)
    random.Random(7).shuffle(remaining)
    acked = set()
    lock = threading.Lock()
    daemon = harness.Daemon(storm_config(meds), start)
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
        assert len(acked) >= 500, f"only {len(acked)} answers acknowledged in {ROUNDS} rounds"
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
        print(f"\n{ROUNDS} kills, {len(acked)} acknowledged, {len(in_ledger)} in the ledger, "
              f"{len(entries)} journal entries for {len(journaled)} doses")
    finally:
        daemon.cleanup()
