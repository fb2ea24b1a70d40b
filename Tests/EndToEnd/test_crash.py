"""SIGKILL at random moments during a storm of Taken and Measure calls, with a hook on every event: nothing
acknowledged (an answer or a reading) is ever lost, and every hook run the ledger recorded runs at least once."""
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


EVERY_KIND = ('["fired", "renotified", "snoozed", "taken", "skipped", "missed", "escalated", "low-stock", "expiring", "expired", '
              '"measured"]')


def storm_config(meds, measurements, hook_log):
    text = '[settings]\nhorizon_days = 1\nearly = "12h"\ngrace = "12h"\nrenotify = "0"\n'
    for med in meds:
        text += f'\n[medication.{med}]\nname = "{med}"\ndose = "1"\nevery = "15m"\n'
    for measurement in measurements:
        text += f'\n[measurement.{measurement}]\nkind = "number"\n'
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


def readings(measurements, count):
    """`count` readings a measurement, each a value of its own (the measurement and the value name it)."""
    return [(measurement, f"{n}.5") for measurement in measurements for n in range(count)]


def client(path, queue, acked, lock):
    """Takes doses (an ID) and records readings (a measurement and a value) from `queue` one by one on one
    connection; records each one acknowledged."""
    try:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(path)
        buffer = b""
        while True:
            with lock:
                if not queue:
                    return
                item = queue.pop()
            if isinstance(item, tuple):
                call = {"method": "io.medd.Control.Measure", "parameters": {"measurement": item[0], "value": item[1]}}
            else:
                call = {"method": "io.medd.Control.Taken", "parameters": {"dose": item}}
            sock.sendall(json.dumps(call).encode() + b"\0")
            while b"\0" not in buffer:
                chunk = sock.recv(4096)
                if not chunk:
                    return
                buffer += chunk
            message, buffer = buffer.split(b"\0", 1)
            parameters = json.loads(message).get("parameters", {})
            if parameters.get("dose", {}).get("state") == "taken" or "reading" in parameters:
                with lock:
                    acked.add(item)
    except OSError:
        return


def ledger_taken(daemon, meds):
    db = sqlite3.connect(os.path.join(daemon.state_dir, "ledger.sqlite"))
    try:
        marks = ",".join("?" * len(meds))
        return {row[0] for row in db.execute(f"SELECT id FROM dose WHERE state = 'taken' AND medication IN ({marks})", meds)}
    finally:
        db.close()


def ledger_readings(daemon, measurements):
    """(measurement, value) of every reading the ledger holds for `measurements`."""
    db = sqlite3.connect(os.path.join(daemon.state_dir, "ledger.sqlite"))
    try:
        marks = ",".join("?" * len(measurements))
        return set(db.execute(f"SELECT medication, value FROM event WHERE kind = 'measured' AND medication IN ({marks})",
                              measurements).fetchall())
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


def test_acknowledged_answers_and_readings_survive_sigkill(tmp_path):
    """SIGKILLs (50, or MEDD_CRASH_ROUNDS) during storms of Taken and Measure calls from 4 clients, a hook on every
    event: every acknowledged answer and reading is in the ledger after restart and in the journal at least once
    (an answer counted once per dose), and every event the ledger holds ran its hook at least once, under one run ID."""
    hook_log = tmp_path / "hooks.log"
    prefix = "c" + uuid.uuid4().hex[:8]
    meds = [f"{prefix}-{i:02d}" for i in range(MEDS)]
    measurements = [f"{prefix}-r{i}" for i in range(CLIENTS)]
    start = berlin(0, 1)
    doses = dose_ids(meds, start)
    remaining = doses + readings(measurements, len(doses) // (2 * CLIENTS))
    random.Random(7).shuffle(remaining)
    acked = set()
    lock = threading.Lock()
    daemon = harness.Daemon(storm_config(meds, measurements, hook_log), start)
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
            missing = {a for a in acked if isinstance(a, str)} - ledger_taken(daemon, meds)
            assert not missing, f"round {round_number}: acknowledged but not in the ledger: {sorted(missing)[:5]}"
            lost = {a for a in acked if isinstance(a, tuple)} - ledger_readings(daemon, measurements)
            assert not lost, f"round {round_number}: readings acknowledged but not in the ledger: {sorted(lost)[:5]}"
        acked_readings = {a for a in acked if isinstance(a, tuple)}
        acked = {a for a in acked if isinstance(a, str)}
        assert len(acked) >= 5 * ROUNDS, f"only {len(acked)} answers acknowledged in {ROUNDS} rounds"
        assert len(acked_readings) >= 5 * ROUNDS, f"only {len(acked_readings)} readings acknowledged in {ROUNDS} rounds"
        in_ledger = ledger_taken(daemon, meds)
        readings_in_ledger = ledger_readings(daemon, measurements)
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
        args = ["journalctl", "--no-pager", "-o", "json", "SYSLOG_IDENTIFIER=medd", "MEDD_EVENT=measured"]
        args += [f"MEDD_MEASURE_ID={m}" for m in measurements]
        deadline = time.monotonic() + 10
        while True:
            measured = [json.loads(line) for line in subprocess.run(args, capture_output=True, text=True).stdout.splitlines()]
            journaled_readings = {(e["MEDD_MEASURE_ID"], e["MEDD_VALUE"]) for e in measured}
            if acked_readings <= journaled_readings or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert not acked_readings - journaled_readings, \
            f"readings acknowledged but never journaled: {sorted(acked_readings - journaled_readings)[:5]}"
        assert journaled_readings == readings_in_ledger, "the journal's readings disagree with the ledger's"

        # The last start ran what the kills left; let it finish, then compare the hook's own log with the ledger.
        daemon.start(start + datetime.timedelta(seconds=20 * (ROUNDS + 1)))
        deadline = time.monotonic() + 30
        while unfinished_hook_runs(daemon) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert unfinished_hook_runs(daemon) == 0, "hook runs still unfinished 30 s after the last start"
        events = ledger_events(daemon, meds + measurements)
        daemon.stop()
        runs = collections.defaultdict(list)  # run ID → [(attempt, kind, dose)]
        for line in hook_log.read_text().splitlines():
            run, attempt, kind, dose = line.split()
            runs[run].append((int(attempt), kind, dose))
        assert all(len({(kind, dose) for _, kind, dose in lines}) == 1 for lines in runs.values()), "a run ID served two events"
        ran = collections.Counter(lines[0][1:] for lines in runs.values())
        assert ran == events, f"events without a hook run: {list((events - ran).items())[:5]}; runs without an event: {list((ran - events).items())[:5]}"
        repeats = sum(len(lines) - 1 for lines in runs.values())
        print(f"\n{ROUNDS} kills, {len(acked)} answers and {len(acked_readings)} readings acknowledged, "
              f"{len(in_ledger)} answers and {len(readings_in_ledger)} readings in the ledger, 0 lost, "
              f"{len(entries)} journal entries for {len(journaled)} doses, "
              f"{len(runs)} hook runs for {sum(events.values())} events, {repeats} run again after a kill")
    finally:
        daemon.cleanup()
