"""The daemon's lifecycle end to end: fire, answer, snooze, grace, restart, reload, catch-up."""
import datetime
import os
import sqlite3
import subprocess
import threading
import time

import varlink

from harness import BERLIN, berlin, config, dose_events

FIRED_ID = "1570343c2d3f4857a8ddefd14135d38b"  # units/medd.catalog, MEDD_EVENT=fired
EVERY_FIELD = ["MESSAGE", "MESSAGE_ID", "PRIORITY", "SYSLOG_IDENTIFIER", "MEDD_EVENT", "MEDD_DOSE_ID", "MEDD_MED_ID",
               "MEDD_MED_NAME", "MEDD_DOSE", "MEDD_SCHEDULED", "MEDD_SCHEDULED_USEC", "MEDD_EVENT_USEC", "MEDD_SOURCE"]
DUE_0800_USEC = 1795330800000000  # 2026-11-22T08:00:00+01:00


def ledger_state(daemon, dose_id):
    db = sqlite3.connect(os.path.join(daemon.state_dir, "ledger.sqlite"))
    try:
        row = db.execute("SELECT state FROM dose WHERE id = ?", (dose_id,)).fetchone()
        return row[0] if row else None
    finally:
        db.close()


def events_of(med, kind, at_least=1, timeout=5.0):
    return [e for e in dose_events(med, at_least=at_least, timeout=timeout, MEDD_EVENT=kind)]


def test_ready_status_names_the_next_dose(daemons, med):
    """READY=1 comes with a STATUS= line that names the next dose."""
    daemon = daemons(config(med), berlin(7, 0))
    assert any(f"next dose {med}_20261122_08_00 at 2026-11-22T08:00:00+01:00" in line for line in daemon.status_lines), daemon.status_lines


def test_a_due_dose_fires_to_the_journal_with_every_field(daemons, med):
    """A dose fires at its due time as one journal entry carrying every field medd(8) documents."""
    daemon = daemons(config(med), berlin(7, 59, 57))
    [entry] = events_of(med, "fired", timeout=8)
    for field in EVERY_FIELD:
        assert field in entry, field
    assert entry["MEDD_DOSE_ID"] == f"{med}_20261122_08_00"
    assert entry["MEDD_MED_NAME"] == "Metformin" and entry["MEDD_DOSE"] == "500 mg"
    assert entry["MEDD_SCHEDULED"] == "2026-11-22T08:00:00+01:00"
    assert int(entry["MEDD_SCHEDULED_USEC"]) == DUE_0800_USEC
    assert 0 <= int(entry["MEDD_EVENT_USEC"]) - DUE_0800_USEC < 1_000_000, "fired more than a second late"
    assert entry["MEDD_SOURCE"] == "daemon" and entry["PRIORITY"] == "5" and entry["SYSLOG_IDENTIFIER"] == "medd"
    assert entry["MESSAGE_ID"] == FIRED_ID
    assert "due now" in entry["MESSAGE"]
    assert daemon.call("Status")["pending"] == 1


def test_taken_over_the_socket_reaches_ledger_and_journal(daemons, med):
    """Taken is acknowledged with the dose, is in the ledger, and in the journal at priority 6."""
    daemon = daemons(config(med), berlin(8, 0, 5))
    events_of(med, "fired")
    note = "with breakfast\nand water ☕"  # a newline takes the journal protocol's binary-safe form
    reply = daemon.call("Taken", dose=med, note=note)
    dose_id = f"{med}_20261122_08_00"
    assert reply["dose"]["id"] == dose_id and reply["dose"]["state"] == "taken" and reply["dose"]["source"] == "cli"
    assert ledger_state(daemon, dose_id) == "taken"
    [entry] = events_of(med, "taken")
    assert entry["MEDD_SOURCE"] == "cli" and entry["PRIORITY"] == "6" and entry["MEDD_NOTE"] == note
    assert daemon.call("Status")["pending"] == 0
    # An answered dose never alerts again, even after a restart.
    daemon.stop()
    daemon.start(berlin(8, 20))
    [listed] = [d for d in daemon.call("ListDoses", medication=med)["doses"] if d["id"] == dose_id]
    assert listed["state"] == "taken"
    assert len(events_of(med, "fired")) == 1 and events_of(med, "renotified", at_least=0, timeout=0.5) == []


def test_skip_with_a_reason(daemons, med):
    """Skip records the reason in the ledger and the journal."""
    daemon = daemons(config(med), berlin(8, 0, 5))
    events_of(med, "fired")
    reply = daemon.call("Skip", dose=f"{med}_20261122_08_00", reason="nauseous")
    assert reply["dose"]["state"] == "skipped" and reply["dose"]["note"] == "nauseous"
    [entry] = events_of(med, "skipped")
    assert entry["MEDD_REASON"] == "nauseous" and entry["PRIORITY"] == "6"
    assert ledger_state(daemon, f"{med}_20261122_08_00") == "skipped"


def test_restart_in_the_middle_of_a_snooze(daemons, med):
    """A snooze survives SIGKILL: the restarted daemon re-fires at its end, once, and never re-fires the dose."""
    daemon = daemons(config(med, settings={"renotify": '"0"'}), berlin(8, 0, 5))
    events_of(med, "fired")
    reply = daemon.call("Snooze", dose=med, minutes=1)
    daemon.kill()
    until = datetime.datetime.fromisoformat(reply["until"])
    daemon.start(until - datetime.timedelta(seconds=3))
    assert daemon.call("Status")["snoozed"] == 1
    [again] = events_of(med, "renotified", timeout=8)
    assert again["MEDD_SNOOZE_ID"] == f"snooze_{med}_08_00"
    assert len(events_of(med, "fired")) == 1


def test_grace_expiry_marks_the_dose_missed(daemons, med):
    """An unanswered dose becomes missed when grace runs out, at priority 4."""
    daemon = daemons(config(med, settings={"grace": '"1m"', "renotify": '"0"'}), berlin(8, 0, 57))
    events_of(med, "fired")
    [missed] = events_of(med, "missed", timeout=8)
    assert missed["PRIORITY"] == "4" and missed["MEDD_SOURCE"] == "daemon"
    assert int(missed["MEDD_EVENT_USEC"]) - DUE_0800_USEC >= 60_000_000
    assert ledger_state(daemon, f"{med}_20261122_08_00") == "missed"
    error, parameters = daemon.error_of("Snooze", dose=f"{med}_20261122_08_00")
    assert error == "io.medd.Control.AlreadyFinal" and parameters["state"] == "missed"


def test_reload_with_a_broken_config_keeps_the_old_one(daemons, med):
    """Reload and SIGHUP with a broken file report every error and keep serving the old schedule."""
    daemon = daemons(config(med), berlin(7, 0))
    daemon.write_config(config(med) + 'bogus = 1\n[medication.second]\nname = "X"\ndose = "1"\ntimes = ["25:00"]\n')
    error, parameters = daemon.error_of("Reload")
    assert error == "io.medd.Control.InvalidConfig"
    errors = parameters["errors"]
    assert len(errors) >= 2, errors
    assert all(line.startswith(daemon.config_path + ":") for line in errors), errors
    daemon.process.send_signal(1)  # SIGHUP
    daemon.wait_notify("READY=1")
    assert daemon.process.poll() is None
    doses = daemon.call("ListDoses", medication=med)["doses"]
    assert [d["id"] for d in doses][:2] == [f"{med}_20261122_08_00", f"{med}_20261122_20_00"]
    daemon.write_config(config(med, times=("08:00", "09:00", "20:00")))
    reply = daemon.call("Reload")
    assert reply["medications"] == 1
    ids = [d["id"] for d in daemon.call("ListDoses", medication=med)["doses"]]
    assert f"{med}_20261122_09_00" in ids


def test_catch_up_after_downtime_fires_once_and_misses_the_rest(daemons, med):
    """Doses due while medd was down: past grace → missed; within grace → only the latest fires."""
    daemon = daemons(config(med, times=("08:00", "09:00", "10:00")), berlin(7, 0))
    daemon.stop()
    daemon.start(berlin(10, 30))
    fired = events_of(med, "fired")
    assert [e["MEDD_DOSE_ID"] for e in fired] == [f"{med}_20261122_10_00"]
    missed = {e["MEDD_DOSE_ID"]: e["MEDD_REASON"] for e in events_of(med, "missed", at_least=2)}
    assert set(missed) == {f"{med}_20261122_08_00", f"{med}_20261122_09_00"}
    assert "not running" in missed[f"{med}_20261122_08_00"]
    assert "superseded" in missed[f"{med}_20261122_09_00"]
    status = daemon.call("Status")
    assert status["pending"] == 1


def test_a_downtime_longer_than_the_horizon_misses_every_dose_and_paces_its_hooks(daemons, med, tmp_path):
    """Down for 20 days with a 14-day horizon: every dose due meanwhile is missed (none is left planned in
    the past, adherence counts them all), the latest within grace fires, and the missed-dose hook runs
    once per dose, at most 8 at a time, behind the hook of the dose firing now."""
    log = tmp_path / "hooks.log"
    hooks = ('[[hook]]\non = ["missed"]\n'
             f'exec = ["/bin/sh", "-c", "echo + $MEDD_DOSE_ID >> {log}; sleep 0.3; echo - >> {log}"]\n\n'
             f'[[hook]]\non = ["fired"]\nexec = ["/bin/sh", "-c", "echo F $MEDD_DOSE_ID >> {log}"]\n')
    daemon = daemons(config(med, hooks=hooks), berlin(7, 0))
    daemon.stop()
    restart = datetime.datetime(2026, 12, 12, 8, 30, tzinfo=BERLIN)
    daemon.start(restart)
    missed = events_of(med, "missed", at_least=40, timeout=15)
    due = [f"{med}_{(datetime.date(2026, 11, 22) + datetime.timedelta(days=d)):%Y%m%d}_{t}"
           for d in range(20) for t in ("08_00", "20_00")]
    assert sorted(e["MEDD_DOSE_ID"] for e in missed) == due
    assert [e["MEDD_DOSE_ID"] for e in events_of(med, "fired")] == [f"{med}_20261212_08_00"]
    listed = daemon.call("ListDoses", medication=med, **{"from": "2026-11-22T00:00:00+01:00", "to": "2026-12-12T09:00:00+01:00"})
    states = {d["id"]: d["state"] for d in listed["doses"]}
    assert [i for i, state in states.items() if state == "planned"] == []
    assert len(states) == 41 and states[f"{med}_20261212_08_00"] == "pending"
    report = daemon.call("Adherence", since="2026-11-22T00:00:00+01:00", until="2026-12-12T09:00:00+01:00")
    assert report["total"]["missed"] == 40
    deadline = time.monotonic() + 20
    while (lines := log.read_text().splitlines() if log.exists() else []).count("-") < 40:
        assert time.monotonic() < deadline, f"{lines.count('-')} of 40 hooks ended"
        time.sleep(0.1)
    assert sorted(line.split()[1] for line in lines if line.startswith("+")) == due
    assert f"F {med}_20261212_08_00" in lines[:lines.index("-")], "the fired dose's hook waited behind the missed ones"
    running = peak = 0
    for line in lines:
        running += {"+": 1, "-": -1}.get(line[0], 0)
        peak = max(peak, running)
    assert peak == 8, f"{peak} hooks ran at once"


def test_watch_streams_every_change(daemons, med):
    """Watch streams one reply per state change with `continues`."""
    daemon = daemons(config(med), berlin(7, 59, 58))
    received = []
    ready = threading.Event()

    def watch():
        with daemon.client() as client, client.open("io.medd.Control") as control:
            ready.set()
            for reply in control.Watch(_more=True):
                received.append(reply)
                if len(received) == 2:
                    return

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    ready.wait(5)
    events_of(med, "fired", timeout=8)
    daemon.call("Taken", dose=med)
    thread.join(10)
    assert [(r["event"], r["dose"]["state"]) for r in received] == [("fired", "pending"), ("taken", "taken")]
    assert received[0]["dose"]["id"] == f"{med}_20261122_08_00"


def test_hooks_get_the_dose_environment_without_a_shell(daemons, med, tmp_path):
    """A hook is exec'd with MEDD_* in its environment, argv passed literally, its output logged."""
    out = tmp_path / "env.txt"
    hooks = (f'[[hook]]\non = ["fired"]\nexec = ["/usr/bin/env"]\n\n'
             f'[[hook]]\non = ["fired"]\nexec = ["/usr/bin/printf", "%s|%s", "$(id)", "{out}"]\n\n'
             f'[[hook]]\non = ["fired"]\nexec = ["/bin/sh", "-c", "env > {out}"]\n')
    daemon = daemons(config(med, hooks=hooks), berlin(7, 59, 58))
    events_of(med, "fired", timeout=8)
    deadline = time.monotonic() + 5
    while not (out.exists() and "MEDD_DOSE_ID" in out.read_text()) and time.monotonic() < deadline:
        time.sleep(0.05)
    env = dict(line.split("=", 1) for line in out.read_text().splitlines() if "=" in line)
    assert env["MEDD_DOSE_ID"] == f"{med}_20261122_08_00" and env["MEDD_EVENT"] == "fired"
    assert env["MEDD_SCHEDULED"] == "2026-11-22T08:00:00+01:00" and "NOTIFY_SOCKET" not in env
    logs = [e for e in dose_journal_logs(med, at_least=3) if "MEDD_HOOK_EXEC" in e]
    printf = [e for e in logs if e["MEDD_HOOK_EXEC"].startswith("/usr/bin/printf")]
    assert printf, [(e["MESSAGE"], e.get("MEDD_HOOK_OUTPUT", "")[:80]) for e in logs]
    assert printf[0]["MEDD_HOOK_OUTPUT"] == f"$(id)|{out}" and printf[0]["MEDD_HOOK_STATUS"] == "0"


def dose_journal_logs(med, at_least):
    """The hook log entries of the medication's 08:00 dose (they carry its MEDD_DOSE_ID)."""
    from harness import journal
    deadline = time.monotonic() + 5
    while True:
        entries = [e for e in journal("MEDD_DOSE_ID", f"{med}_20261122_08_00", at_least=0, timeout=0, SYSLOG_IDENTIFIER="medd")
                   if "MEDD_HOOK_EXEC" in e]
        if len(entries) >= at_least or time.monotonic() > deadline:
            return entries
        time.sleep(0.1)


def test_a_slow_hook_is_killed_and_delays_nothing(daemons, med):
    """A hook past its timeout is killed and logged; the daemon answers meanwhile."""
    hooks = '[[hook]]\non = ["fired"]\nexec = ["/bin/sleep", "30"]\ntimeout = "1s"\n'
    daemon = daemons(config(med, hooks=hooks), berlin(7, 59, 59))
    events_of(med, "fired", timeout=8)
    started = time.monotonic()
    assert daemon.call("Status")["pending"] == 1
    assert time.monotonic() - started < 0.5
    [killed] = dose_journal_logs(med, at_least=1)
    assert "timed out" in killed["MESSAGE"] and killed["MEDD_HOOK_STATUS"] == "-9"


def test_a_pending_dose_renotifies_on_schedule_across_a_restart(daemons, med):
    """`renotify` re-alerts a pending dose from its last alert, also after a restart, and never re-fires it."""
    daemon = daemons(config(med, settings={"renotify": '"1m"'}), berlin(8, 0, 5))
    [fired] = events_of(med, "fired")
    daemon.stop()
    daemon.start(berlin(8, 1, 3))
    [again] = events_of(med, "renotified", timeout=8)
    assert "MEDD_SNOOZE_ID" not in again and again["PRIORITY"] == "5"
    assert int(again["MEDD_EVENT_USEC"]) - int(fired["MEDD_EVENT_USEC"]) >= 60_000_000
    assert len(events_of(med, "fired")) == 1
