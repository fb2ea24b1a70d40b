"""medd-sync end to end: medd, medd-sync and a real CalDAV server (Radicale with a password, Xandikos),
with Python's caldav package as the phone."""
import datetime
import json
import time

import harness
from caldav_servers import Phone
from harness import berlin, config, dose_events
from sync_harness import Sync, sync_table, utc

NOTIFY_EXTRA = 'notes = "with food"\n'


def start(daemons, syncs, med, server, pretend, bus=None, times=("08:00", "20:00"), poll="10s"):
    daemon = daemons(config(med, times=times, extra=NOTIFY_EXTRA) + sync_table(server, poll=poll), pretend,
                     desktop_bus=bus.address if bus else None)
    sync = Sync(daemon)
    syncs.append(sync)
    return daemon, sync


def due_on_server(daemons, syncs, med, server, bus=None):
    """medd two seconds before its 08:00 dose, medd-sync in sync, and that dose's to-do on the server:
    (daemon, sync, phone, the to-do's UID)."""
    daemon, sync = start(daemons, syncs, med, server, berlin(7, 59, 58), bus=bus)
    sync.wait_in_sync()
    phone = Phone(server)
    uid = f"{med}_20261122_08_00@medd"
    phone.wait_for(lambda todos: [t for t in todos if t.uid == uid])
    return daemon, sync, phone, uid


def test_every_dose_of_the_next_day_is_one_todo_on_the_server(daemons, med, caldav_server, syncs):
    daemon, sync = start(daemons, syncs, med, caldav_server, berlin(7, 0))
    status = sync.wait_in_sync()
    assert status["server"] == caldav_server.url
    phone = Phone(caldav_server)
    todos = phone.wait_for(lambda todos: todos if len(todos) == 2 else None)
    assert sorted(t.uid for t in todos) == [f"{med}_20261122_08_00@medd", f"{med}_20261122_20_00@medd"]
    assert {t.summary for t in todos} == {"Metformin 500 mg"}
    assert {t.status for t in todos} == {"NEEDS-ACTION"}
    first = next(t for t in todos if "08_00" in t.uid)
    assert "DTSTART:20261122T070000Z" in first.ical
    assert "DUE:20261122T090000Z" in first.ical  # due + the default grace of 2h
    assert "TRIGGER;VALUE=DATE-TIME:20261122T070000Z" in first.ical
    assert f"X-MEDD-DOSE-ID:{med}_20261122_08_00" in first.ical
    shown = harness.medctl_output(daemon, "status")
    assert f"sync: {caldav_server.url}, last success " in shown, shown
    if caldav_server.password:
        assert caldav_server.password not in shown
    as_json = json.loads(harness.medctl_output(daemon, "--json", "status"))
    assert as_json["sync"]["server"] == caldav_server.url and "lastSuccess" in as_json["sync"]
    sync.stop()
    assert "sync: off" in harness.medctl_output(daemon, "status"), "the status file goes with medd-sync"


def test_a_todo_completed_on_the_phone_is_taken_at_that_time_and_closes_the_notification(
        daemons, med, caldav_server, syncs, session_bus, fake_notifier):
    daemon, sync, phone, uid = due_on_server(daemons, syncs, med, caldav_server, bus=session_bus)
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    shown = fake_notifier.notifies[0]["id"]
    taken_at = berlin(8, 0, 1)
    phone.complete(uid, at=taken_at)
    completed = time.monotonic()
    [taken] = dose_events(med, MEDD_EVENT="taken", timeout=14)
    assert taken["MEDD_SOURCE"] == "caldav"
    assert taken["MEDD_DOSE_ID"] == f"{med}_20261122_08_00"
    assert int(taken["MEDD_EVENT_USEC"]) == int(utc(taken_at).timestamp()) * 1_000_000
    fake_notifier.wait_for(lambda s: shown in s.closes, timeout=max(0.5, 12 - (time.monotonic() - completed)))
    assert time.monotonic() - completed <= 10 + 2, "the notification must close within poll + 2 s"
    dose = daemon.call("ListDoses", medication=med)["doses"][0]
    assert dose["state"] == "taken" and dose["source"] == "caldav"


def test_a_todo_cancelled_on_the_phone_is_skipped(daemons, med, caldav_server, syncs):
    daemon, sync, phone, uid = due_on_server(daemons, syncs, med, caldav_server)
    dose_events(med, MEDD_EVENT="fired", timeout=8)
    phone.cancel(uid)
    [skipped] = dose_events(med, MEDD_EVENT="skipped", timeout=14)
    assert skipped["MEDD_SOURCE"] == "caldav"


def test_a_local_answer_is_completed_on_the_server_within_two_seconds(daemons, med, caldav_server, syncs):
    daemon, sync, phone, uid = due_on_server(daemons, syncs, med, caldav_server)
    dose_events(med, MEDD_EVENT="fired", timeout=8)
    harness.medctl_output(daemon, "taken", f"{med}_20261122_08_00")
    answered = time.monotonic()
    todo = phone.wait_for(lambda todos: next((t for t in todos if t.uid == uid and t.status == "COMPLETED"), None),
                          timeout=5, interval=0.05)
    assert time.monotonic() - answered <= 2.0
    assert "PERCENT-COMPLETE:100" in todo.ical
    assert "X-MEDD-STATE:taken" in todo.ical
    harness.medctl_output(daemon, "skip", f"{med}_20261122_20_00")
    phone.wait_for(lambda todos: [t for t in todos if t.uid == f"{med}_20261122_20_00@medd" and t.status == "CANCELLED"],
                   timeout=5, interval=0.05)
    # Nothing is sent back: medd has no caldav answer, and the server no second copy.
    time.sleep(1)
    assert not dose_events(med, MEDD_EVENT="taken", MEDD_SOURCE="caldav", at_least=0, timeout=0.1)
    assert len(phone.todos()) == 2


def test_a_snooze_moves_the_alarm_on_the_server(daemons, med, caldav_server, syncs):
    daemon, sync, phone, uid = due_on_server(daemons, syncs, med, caldav_server)
    dose_events(med, MEDD_EVENT="fired", timeout=8)
    until = daemon.call("Snooze", dose=f"{med}_20261122_08_00", minutes=30)["until"]
    assert until.startswith("2026-11-22T08:30:")
    todo = phone.wait_for(lambda todos: next((t for t in todos if t.uid == uid and "X-MEDD-STATE:snoozed" in t.ical), None),
                          timeout=5, interval=0.05)
    ring = datetime.datetime.fromisoformat(until).astimezone(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    assert f"TRIGGER;VALUE=DATE-TIME:{ring}" in todo.ical
    assert todo.status == "NEEDS-ACTION"
