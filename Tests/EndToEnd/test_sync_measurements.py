"""Reminders to measure on the phone: medd-sync publishes them as to-dos, and one completed on a real CalDAV
server by a real CalDAV client (Python's caldav package) with a reading as the first line of its description
records that reading in medd (MEDD_SOURCE=caldav); completed without one, it is answered as done."""
from caldav_servers import Phone
from harness import berlin, journal
from sync_harness import Sync, sync_table, utc

CONFIG = """
[settings]
grace = "2h"

[medication.{med}]
name = "Lisinopril"
dose = "10 mg"
times = ["08:00"]

[measurement.{bp}]
kind = "blood_pressure"
times = ["07:30", "07:45"]
readings = 2
target = "135/85"

[measurement.{sugar}]
kind = "glucose"
unit = "mmol/L"
times = ["07:30", "07:45"]
"""


def measured(measurement, at_least=1, timeout=14):
    entries = journal("MEDD_MEASURE_ID", measurement, at_least=at_least, timeout=timeout, SYSLOG_IDENTIFIER="medd",
                      MEDD_EVENT="measured")
    return [e for e in entries if "MEDD_EVENT_USEC" in e]


def test_a_todo_completed_with_a_reading_records_it_and_one_without_is_done(daemons, med, radicale, syncs):
    bp, sugar = med + "-bp", med + "-gl"
    daemon = daemons(CONFIG.format(med=med, bp=bp, sugar=sugar) + sync_table(radicale, poll="10s"), berlin(7, 30, 5))
    sync = Sync(daemon)
    syncs.append(sync)
    sync.wait_in_sync()
    phone = Phone(radicale)
    uid = f"{bp}_20261122_07_30@medd"
    [todo] = phone.wait_for(lambda todos: [t for t in todos if t.uid == uid])
    assert todo.summary == "Blood pressure" and "X-MEDD-MEASUREMENT:blood_pressure" in todo.ical
    assert "Write the reading on the first line" in todo.ical

    taken_at = berlin(7, 30, 8)
    phone.complete(uid, at=taken_at, description="128/80\nafter the walk")
    [reading] = measured(bp)
    assert reading["MEDD_SOURCE"] == "caldav" and reading["MEDD_VALUE"] == "128/80" and reading["MEDD_SYSTOLIC"] == "128"
    assert reading["MEDD_DOSE_ID"] == f"{bp}_20261122_07_30" and reading["MEDD_READING"] == "1/1"
    assert int(reading["MEDD_EVENT_USEC"]) == int(utc(taken_at).timestamp()) * 1_000_000
    [dose] = [d for d in daemon.call("ListDoses", medication=bp)["doses"] if d["id"] == f"{bp}_20261122_07_30"]
    assert dose["state"] == "measured" and dose["readings"] == ["128/80"]
    [listed] = daemon.call("ListReadings", measurement=bp)["readings"]
    assert listed["source"] == "caldav" and listed["inTarget"] is True

    # The decimal comma a phone in German writes is read as a point.
    sugar_uid = f"{sugar}_20261122_07_30@medd"
    phone.wait_for(lambda todos: [t for t in todos if t.uid == sugar_uid])
    phone.complete(sugar_uid, at=berlin(7, 30, 9), description="5,6")
    [glucose] = measured(sugar)
    assert glucose["MEDD_DOSE_ID"] == f"{sugar}_20261122_07_30"
    assert glucose["MEDD_VALUE"] == "5.6" and glucose["MEDD_UNIT"] == "mmol/L"


def test_a_todo_completed_without_a_reading_is_done_and_a_bad_one_is_reopened(daemons, med, radicale, syncs):
    bp, sugar = med + "-bp", med + "-gl"
    daemon = daemons(CONFIG.format(med=med, bp=bp, sugar=sugar) + sync_table(radicale, poll="10s"), berlin(7, 45, 5))
    sync = Sync(daemon)
    syncs.append(sync)
    sync.wait_in_sync()
    phone = Phone(radicale)
    done_uid = f"{bp}_20261122_07_45@medd"
    phone.wait_for(lambda todos: [t for t in todos if t.uid == done_uid])
    phone.complete(done_uid, at=berlin(7, 45, 7))
    [done] = measured(bp)
    assert done["MEDD_DOSE_ID"] == f"{bp}_20261122_07_45" and "MEDD_VALUE" not in done and done["MEDD_SOURCE"] == "caldav"
    assert "done without a reading" in done["MESSAGE"]
    [dose] = [d for d in daemon.call("ListDoses", medication=bp)["doses"] if d["id"] == f"{bp}_20261122_07_45"]
    assert dose["state"] == "measured" and dose["readings"] == []
    assert daemon.call("ListReadings", measurement=bp)["readings"] == []

    bad_uid = f"{sugar}_20261122_07_45@medd"
    phone.wait_for(lambda todos: [t for t in todos if t.uid == bad_uid])
    phone.complete(bad_uid, at=berlin(7, 45, 8), description="560")
    reopened = phone.wait_for(lambda todos: [t for t in todos if t.uid == bad_uid and t.status == "NEEDS-ACTION"], timeout=14)
    assert "outside the range a reading of glucose can have" in reopened[0].ical.replace("\r\n ", "")
    assert daemon.call("ListReadings", measurement=sugar)["readings"] == []


def test_two_readings_measured_on_one_machine_are_the_same_two_on_the_other(daemons, med, radicale, syncs):
    """A reminder asking for two readings, measured on machine A: A's to-do lists each reading with the time it
    was taken (X-MEDD-READING), and machine B, sharing the collection, records both at those times as 1/2 and
    2/2 (not only the first line, at the completion time); A records nothing twice. A phone reading only the
    description sees both."""
    import time
    bp, sugar = med + "-bp", med + "-gl"
    config = CONFIG.format(med=med, bp=bp, sugar=sugar) + sync_table(radicale, poll="10s")
    a = daemons(config, berlin(7, 30, 5))
    b = daemons(config, berlin(7, 30, 5))
    for daemon in (a, b):
        sync = Sync(daemon)
        syncs.append(sync)
        sync.wait_in_sync()
    dose = f"{bp}_20261122_07_30"
    first = a.call("Measure", measurement=bp, value="142/88")
    assert first["remaining"] == 1
    second = a.call("Measure", measurement=bp, value="138/86/70")
    assert second["dose"]["state"] == "measured" and second["dose"]["readings"] == ["142/88", "138/86/70"]
    on_a = a.call("ListReadings", measurement=bp)["readings"]

    phone = Phone(radicale)
    [todo] = phone.wait_for(lambda todos: [t for t in todos if t.uid == dose + "@medd" and t.status == "COMPLETED"], timeout=20)
    flat = todo.ical.replace("\r\n ", "")
    assert flat.count("X-MEDD-READING:") == 2 and "142/88 mmHg\\n138/86/70 mmHg" in flat

    deadline = time.monotonic() + 30
    on_b = []
    while time.monotonic() < deadline and len(on_b) < 2:
        on_b = b.call("ListReadings", measurement=bp)["readings"]
        time.sleep(0.2)
    assert [r["value"] for r in on_b] == ["142/88", "138/86/70"]
    assert [(r["number"], r["of"]) for r in on_b] == [(1, 2), (2, 2)]
    assert [r["usec"] // 1_000_000 for r in on_b] == [r["usec"] // 1_000_000 for r in on_a]
    assert all(r["dose"] == dose and r["source"] == "caldav" for r in on_b)
    [on_b_dose] = [d for d in b.call("ListDoses", medication=bp)["doses"] if d["id"] == dose]
    assert on_b_dose["state"] == "measured" and on_b_dose["readings"] == ["142/88", "138/86/70"]
    # B's own to-do agrees, so A learns nothing new and records nothing twice.
    time.sleep(12)
    assert a.call("ListReadings", measurement=bp)["readings"] == on_a
    assert len(b.call("ListReadings", measurement=bp)["readings"]) == 2
