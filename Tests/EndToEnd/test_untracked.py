"""Doses due before medd tracked their medication, end to end: a daemon first started mid-day shows them
`untracked` (medctl today, Varlink ListDoses), never fires or misses them, keeps them so through a
restart, and leaves them out of `medctl adherence`; a medication added by a reload starts the same way."""
import json
import os
import sqlite3

from harness import berlin, config, dose_events, medctl_output as medctl

TIMES = ("07:00", "09:00", "10:30", "12:00", "20:00")


def today_states(daemon, med):
    """STATE column of `medctl today` per dose ID of `med`."""
    lines = medctl(daemon, "today").splitlines()
    assert lines[0].split() == ["DUE", "DOSE", "ID", "MEDICATION", "STATE", "ANSWERED"]
    states = ("planned", "pending", "snoozed", "taken", "skipped", "missed", "untracked")
    return {line.split()[1]: next(word for word in line.split()[2:] if word in states)
            for line in lines[1:] if line.split()[1].startswith(med + "_")}


def ledger_doses(daemon):
    db = sqlite3.connect(os.path.join(daemon.state_dir, "ledger.sqlite"))
    try:
        return dict(db.execute("SELECT id, state FROM dose").fetchall())
    finally:
        db.close()


def dose(med, hhmm):
    return f"{med}_20261122_{hhmm.replace(':', '_')}"


def test_first_start_mid_day_leaves_earlier_doses_untracked(daemons, med):
    """Started at 10:29:58: 07:00 and 09:00 are untracked (neither caught up nor missed), 10:30 fires on
    time; Varlink and `medctl today` say so; taking 10:30 makes adherence 1 of 1; after a restart past
    every grace period they are still untracked, while 12:00, due while medd was down, is caught up."""
    daemon = daemons(config(med, times=TIMES), berlin(10, 29, 58))
    listed = {d["id"]: d["state"] for d in daemon.call("ListDoses", medication=med)["doses"]}
    assert listed[dose(med, "07:00")] == "untracked" and listed[dose(med, "09:00")] == "untracked"
    assert listed[dose(med, "10:30")] in ("planned", "pending")
    [fired] = dose_events(med, timeout=8, MEDD_EVENT="fired")
    assert fired["MEDD_DOSE_ID"] == dose(med, "10:30")
    assert today_states(daemon, med) == {dose(med, "07:00"): "untracked", dose(med, "09:00"): "untracked",
                                         dose(med, "10:30"): "pending", dose(med, "12:00"): "planned",
                                         dose(med, "20:00"): "planned"}
    [as_json] = [d for d in json.loads(medctl(daemon, "--json", "today")) if d["id"] == dose(med, "07:00")]
    assert as_json["state"] == "untracked" and "answeredAt" not in as_json
    daemon.call("Taken", dose=dose(med, "10:30"))
    adherence = json.loads(medctl(daemon, "--json", "adherence", "--since", "2026-11-22", "--until", "11:00"))
    assert adherence["total"]["taken"] == 1 and adherence["total"]["missed"] == 0, adherence
    assert adherence["total"]["percentage"] == 100
    table = medctl(daemon, "adherence", "--since", "2026-11-22", "--until", "11:00")
    assert "100" in table and "untracked" not in table

    daemon.stop()
    daemon.start(berlin(13, 0))
    [caught_up] = dose_events(med, timeout=8, MEDD_EVENT="fired", MEDD_DOSE_ID=dose(med, "12:00"))
    states = today_states(daemon, med)
    assert states[dose(med, "07:00")] == "untracked" and states[dose(med, "09:00")] == "untracked"
    assert states[dose(med, "10:30")] == "taken" and states[dose(med, "12:00")] == "pending"
    assert dose_events(med, timeout=1, MEDD_EVENT="missed") == []
    assert set(ledger_doses(daemon)) == {dose(med, "10:30"), dose(med, "12:00")}
    error, parameters = daemon.error_of("Snooze", dose=dose(med, "09:00"))
    assert error == "org.varlink.service.InvalidParameter", (error, parameters)
    adherence = json.loads(medctl(daemon, "--json", "adherence", "--since", "2026-11-22", "--until", "13:00"))
    assert adherence["total"]["taken"] == 1 and adherence["total"]["missed"] == 0 and adherence["total"]["skipped"] == 0


def test_a_missed_dose_stays_missed_through_a_restart(daemons, med):
    """A tracked dose left unanswered is missed; a restart does not make it untracked."""
    daemon = daemons(config(med, times=("08:00", "20:00"), settings={"grace": '"3s"', "renotify": '"0"'}),
                     berlin(7, 59, 58))
    dose_events(med, timeout=8, MEDD_EVENT="missed", MEDD_DOSE_ID=dose(med, "08:00"))
    daemon.stop()
    daemon.start(berlin(9, 0))
    assert today_states(daemon, med)[dose(med, "08:00")] == "missed"
    adherence = json.loads(medctl(daemon, "--json", "adherence", "--since", "2026-11-22", "--until", "09:00"))
    assert adherence["total"]["missed"] == 1


def test_a_medication_added_by_reload_starts_untracked_and_can_still_be_taken(daemons, med):
    """A reload at 09:30 adding a medication with an 09:00 time, within grace: no catch-up alert, the dose
    is untracked; marking it taken records it and adherence then counts it."""
    daemon = daemons(config(med, times=("08:00",)), berlin(9, 30))
    added = f"{med}-b"
    daemon.write_config(config(med, times=("08:00",), extra=f'\n[medication.{added}]\nname = "B"\ndose = "1"\ntimes = ["09:00", "22:00"]\n'))
    daemon.call("Reload")
    states = {d["id"]: d["state"] for d in daemon.call("ListDoses", medication=added)["doses"]}
    assert states[f"{added}_20261122_09_00"] == "untracked" and states[f"{added}_20261122_22_00"] == "planned"
    assert dose_events(added, timeout=1) == []
    daemon.call("Taken", dose=f"{added}_20261122_09_00", at="2026-11-22T09:05:00+01:00")
    assert today_states(daemon, added)[f"{added}_20261122_09_00"] == "taken"
    adherence = json.loads(medctl(daemon, "--json", "adherence", "--med", added, "--since", "2026-11-22", "--until", "10:00"))
    assert adherence["total"]["onTime"] == 1
