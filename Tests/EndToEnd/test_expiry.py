"""Medication expiry end to end: `expires` gives one `expiring` (journal, desktop, hooks) `expiry_warning`
before the date and one `expired` on it, each once through restarts; `medctl meds` shows the date."""
import datetime
import json
import os
import sqlite3
import time

from harness import BERLIN, berlin, config, dose_events, medctl_output as medctl

EXPIRING_ID = "70cf276aa07041a5b2183cb7ff173886"  # units/medd.catalog, MEDD_EVENT=expiring
EXPIRED_ID = "16185a90e81f48c8b7da9f17285cf940"  # units/medd.catalog, MEDD_EVENT=expired


def at(year, month, day, hour=0, minute=0, second=0):
    return datetime.datetime(year, month, day, hour, minute, second, tzinfo=BERLIN)


def expiry_config(med, expires, hooks="", settings=None):
    return config(med, times=("08:00",), settings=settings, extra=f'expires = "{expires}"\n', hooks=hooks)


def ledger_count(daemon, kind):
    db = sqlite3.connect(os.path.join(daemon.state_dir, "ledger.sqlite"))
    try:
        return db.execute("SELECT count(*) FROM event WHERE kind = ?", (kind,)).fetchone()[0]
    finally:
        db.close()


def dose_rows(daemon, dose_id):
    db = sqlite3.connect(os.path.join(daemon.state_dir, "ledger.sqlite"))
    try:
        return db.execute("SELECT count(*) FROM dose WHERE id = ?", (dose_id,)).fetchone()[0]
    finally:
        db.close()


def meds_status(daemon, med):
    [line] = [line for line in medctl(daemon, "meds").splitlines() if line.startswith(med + " ")]
    return line


def wait_for_text(path, needle, timeout=5.0):
    deadline = time.monotonic() + timeout
    while not (path.exists() and needle in path.read_text()) and time.monotonic() < deadline:
        time.sleep(0.05)
    return dict(line.split("=", 1) for line in path.read_text().splitlines() if "=" in line)


def test_expiring_then_expired_each_once_through_restarts(daemons, med, session_bus, fake_notifier, tmp_path):
    """`expiring` at local midnight 14 days before `expires` (the wake-up timer fires for it), with its catalog
    entry, desktop notice and hook; a restart does not repeat it; `expired` at midnight starting the date,
    once, however long medd runs on; doses go on; `medctl meds` shows `expires DATE`, then `expired DATE`."""
    hooks = f'[[hook]]\non = ["expiring", "expired"]\nexec = ["/bin/sh", "-c", "env > {tmp_path}/$MEDD_EVENT.env"]\n'
    daemon = daemons(expiry_config(med, "2026-12-06", hooks=hooks), at(2026, 11, 21, 23, 59, 57),
                     desktop_bus=session_bus.address)
    assert meds_status(daemon, med).endswith("active, expires 2026-12-06")
    [expiring] = dose_events(med, timeout=8, MEDD_EVENT="expiring")
    assert expiring["MESSAGE_ID"] == EXPIRING_ID and expiring["PRIORITY"] == "5"
    assert expiring["MESSAGE"] == f"Metformin 500 mg ({med}): expires on 2026-12-06"
    assert expiring["MEDD_DOSE_ID"] == f"{med}_20261206_00_00"
    assert expiring["MEDD_SCHEDULED"] == "2026-12-06T00:00:00+01:00"
    assert 0 <= int(expiring["MEDD_EVENT_USEC"]) - int(at(2026, 11, 22).timestamp()) * 1_000_000 < 1_000_000
    env = wait_for_text(tmp_path / "expiring.env", "MEDD_DOSE_ID")
    assert env["MEDD_EVENT"] == "expiring" and env["MEDD_MED_ID"] == med
    fake_notifier.wait_for(lambda s: any(n["hints"].get("category") == "x-medd.expiry" for n in s.notifies))
    [notice] = [n for n in fake_notifier.notifies if n["hints"]["category"] == "x-medd.expiry"]
    assert notice["summary"] == "Metformin: expires soon" and notice["actions"] == []
    assert notice["body"] == "Metformin expires on 2026-12-06; get a new pack"
    assert dose_rows(daemon, f"{med}_20261206_00_00") == 0, "an expiry event is no dose"
    [listed] = [m for m in daemon.call("Medications")["medications"] if m["id"] == med]
    assert listed["expires"] == "2026-12-06" and listed["expiry"] == "expiring"
    assert all(d["id"].endswith("_08_00") for d in daemon.call("ListDoses", medication=med)["doses"])

    daemon.stop()
    daemon.start(at(2026, 11, 22, 9, 0))
    # The start-up commit holds the catch-up of 08:00 and would hold a repeated warning: the journal gets both together.
    dose_events(med, timeout=8, MEDD_EVENT="fired", MEDD_DOSE_ID=f"{med}_20261122_08_00")
    assert len(dose_events(med, at_least=2, timeout=1, MEDD_EVENT="expiring")) == 1
    assert ledger_count(daemon, "expiring") == 1

    daemon.stop()
    daemon.start(at(2026, 12, 5, 23, 59, 57))
    [expired] = dose_events(med, timeout=8, MEDD_EVENT="expired")
    assert expired["MESSAGE_ID"] == EXPIRED_ID and expired["PRIORITY"] == "4"
    assert expired["MESSAGE"] == f"Metformin 500 mg ({med}): expired on 2026-12-06"
    assert expired["MEDD_DOSE_ID"] == f"{med}_20261206_00_00" and expired["MEDD_SCHEDULED"] == "2026-12-06T00:00:00+01:00"
    assert wait_for_text(tmp_path / "expired.env", "MEDD_DOSE_ID")["MEDD_EVENT"] == "expired"
    fake_notifier.wait_for(lambda s: any(n["summary"] == "Metformin: expired" for n in s.notifies))
    assert meds_status(daemon, med).endswith("active, expired 2026-12-06")
    assert json.loads(medctl(daemon, "--json", "meds"))[0]["expiry"] == "expired"

    daemon.stop()
    daemon.start(at(2026, 12, 6, 7, 59, 58))
    dose_events(med, timeout=8, MEDD_EVENT="fired", MEDD_DOSE_ID=f"{med}_20261206_08_00")  # doses go on
    assert len(dose_events(med, at_least=2, timeout=1, MEDD_EVENT="expired")) == 1
    assert len(dose_events(med, at_least=2, timeout=0, MEDD_EVENT="expiring")) == 1
    assert ledger_count(daemon, "expired") == 1 and ledger_count(daemon, "expiring") == 1

    # Five weeks on, beyond the history start-up reads: the old expiry events are still known.
    daemon.stop()
    daemon.start(at(2027, 1, 10, 7, 59, 58))
    dose_events(med, timeout=8, MEDD_EVENT="fired", MEDD_DOSE_ID=f"{med}_20270110_08_00")
    assert len(dose_events(med, at_least=2, timeout=1, MEDD_EVENT="expired")) == 1
    assert ledger_count(daemon, "expired") == 1 and ledger_count(daemon, "expiring") == 1


def test_first_started_after_the_date_records_only_expired(daemons, med):
    """No stale warning beside it: a medd that first runs after the date records `expired` alone."""
    daemon = daemons(expiry_config(med, "2026-11-01"), berlin(9, 0))
    [expired] = dose_events(med, timeout=8, MEDD_EVENT="expired")
    assert expired["MEDD_DOSE_ID"] == f"{med}_20261101_00_00"
    assert dose_events(med, at_least=1, timeout=1, MEDD_EVENT="expiring") == []
    assert ledger_count(daemon, "expiring") == 0 and ledger_count(daemon, "expired") == 1


def test_a_new_date_is_a_new_expiry_and_the_warning_length_is_a_setting(daemons, med):
    """expiry_warning = "3d": no warning 4 days before; a reload with a date 2 days away warns at once; a reload
    that keeps the date warns no more."""
    daemon = daemons(expiry_config(med, "2026-11-26", settings={"expiry_warning": '"3d"'}), berlin(9, 0))
    [listed] = daemon.call("Medications")["medications"]
    assert listed["expiry"] == "current"
    daemon.write_config(expiry_config(med, "2026-11-24", settings={"expiry_warning": '"3d"'}))
    daemon.call("Reload")
    [expiring] = dose_events(med, timeout=8, MEDD_EVENT="expiring")
    assert expiring["MEDD_DOSE_ID"] == f"{med}_20261124_00_00"
    daemon.call("Reload")
    daemon.write_config(expiry_config(med, "2026-11-25", settings={"expiry_warning": '"3d"'}))
    daemon.call("Reload")
    entries = dose_events(med, at_least=2, timeout=8, MEDD_EVENT="expiring")
    assert [e["MEDD_DOSE_ID"] for e in entries] == [f"{med}_20261124_00_00", f"{med}_20261125_00_00"]
    assert ledger_count(daemon, "expiring") == 2
