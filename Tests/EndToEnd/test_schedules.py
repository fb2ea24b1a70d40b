"""Schedules beyond plain times, end to end: a time with a dose of its own, tapering steps, after_taken."""
import json

from harness import berlin, dose_events
from test_medctl import medctl


def medication(med, body):
    return f'[settings]\ntimezone = "Europe/Berlin"\n\n[medication.{med}]\nname = "Prednisone"\ndose = "20 mg"\n{body}\n'


def test_a_time_with_a_dose_of_its_own_carries_it_to_journal_stock_and_meds(daemons, med):
    """The 20:00 dose fires with its own text in MEDD_DOSE and takes its own units from stock."""
    daemon = daemons(medication(med, 'times = ["08:00", { at = "20:00", dose = "2 tablets", per_dose = 2 }]\nstock = 10'),
                     berlin(19, 59, 57))
    [fired] = dose_events(med, MEDD_EVENT="fired", timeout=8)
    assert fired["MEDD_DOSE_ID"] == f"{med}_20261122_20_00"
    assert fired["MEDD_DOSE"] == "2 tablets"
    assert "2 tablets" in fired["MESSAGE"]
    daemon.call("Taken", dose=med)
    [taken] = dose_events(med, MEDD_EVENT="taken")
    assert taken["MEDD_DOSE"] == "2 tablets"
    [listed] = daemon.call("Medications")["medications"]
    assert listed["stock"] == 8
    assert listed["schedule"] == "08:00, 20:00 (2 tablets, 2 units)"
    doses = daemon.call("ListDoses", **{"from": "2026-11-23T00:00:00+01:00", "to": "2026-11-24T00:00:00+01:00"})["doses"]
    assert [(d["id"], d["dose"]) for d in doses] == [(f"{med}_20261123_08_00", "20 mg"), (f"{med}_20261123_20_00", "2 tablets")]


def test_steps_change_dose_and_times_from_their_day_on(daemons, med):
    """A step's dose applies from its first day; a later step's times replace the schedule's."""
    body = ('times = ["08:00", "20:00"]\nstart = "2026-11-20"\n\n'
            '[[medication.{m}.step]]\nfrom = "2026-11-22"\ndose = "10 mg"\n\n'
            '[[medication.{m}.step]]\nfrom = "2026-11-24"\ntimes = ["09:00"]\n').format(m=med)
    daemon = daemons(medication(med, body), berlin(7, 59, 57))
    [fired] = dose_events(med, MEDD_EVENT="fired", timeout=8)
    assert (fired["MEDD_DOSE_ID"], fired["MEDD_DOSE"]) == (f"{med}_20261122_08_00", "10 mg")
    doses = daemon.call("ListDoses", **{"from": "2026-11-21T00:00:00+01:00", "to": "2026-11-26T00:00:00+01:00"})["doses"]
    assert [(d["id"][len(med) + 1:], d["dose"]) for d in doses] == [
        ("20261121_08_00", "20 mg"), ("20261121_20_00", "20 mg"),
        ("20261122_08_00", "10 mg"), ("20261122_20_00", "10 mg"),
        ("20261123_08_00", "10 mg"), ("20261123_20_00", "10 mg"),
        ("20261124_09_00", "10 mg"), ("20261125_09_00", "10 mg"),
    ]
    [listed] = daemon.call("Medications")["medications"]
    assert listed["schedule"] == "08:00, 20:00; from 2026-11-22: 10 mg; from 2026-11-24: at 09:00"


def test_after_taken_answered_late_moves_the_next_dose(daemons, med):
    """Taken at 09:30 instead of 08:00, the next dose is due 8 hours later, at 17:30; the same history gives
    the same ID after a restart, and the next dose fires at that time."""
    body = 'after_taken = "8h"\nuntil = "21:00"'
    daemon = daemons(medication(med, body), berlin(7, 59, 58))
    [fired] = dose_events(med, MEDD_EVENT="fired", timeout=8)
    assert fired["MEDD_DOSE_ID"] == f"{med}_20261122_08_00"
    daemon.stop()
    daemon.start(berlin(9, 30, 2))  # still open: within grace (2h)
    day = {"from": "2026-11-22T00:00:00+01:00", "to": "2026-11-23T00:00:00+01:00"}
    assert [d["id"] for d in daemon.call("ListDoses", **day)["doses"]] == [f"{med}_20261122_08_00"]
    daemon.call("Taken", dose=med, at="2026-11-22T09:30:00+01:00")
    listed = daemon.call("ListDoses", **day)["doses"]
    assert [(d["id"], d["state"]) for d in listed] == [(f"{med}_20261122_08_00", "taken"), (f"{med}_20261122_17_30", "planned")]
    assert listed[1]["scheduled"] == "2026-11-22T17:30:00+01:00"
    assert daemon.call("Status")["nextDose"]["id"] == f"{med}_20261122_17_30"
    [listed_med] = daemon.call("Medications")["medications"]
    assert listed_med["schedule"] == "08:00, then 8 h after each dose is taken, until 21:00"

    daemon.stop()
    daemon.start(berlin(17, 29, 58))
    assert [d["id"] for d in daemon.call("ListDoses", **day)["doses"]] == [f"{med}_20261122_08_00", f"{med}_20261122_17_30"]
    fired = dose_events(med, at_least=2, MEDD_EVENT="fired", timeout=8)
    assert [e["MEDD_DOSE_ID"] for e in fired] == [f"{med}_20261122_08_00", f"{med}_20261122_17_30"]
    assert fired[1]["MEDD_SCHEDULED"] == "2026-11-22T17:30:00+01:00"
    # Skipped at once: the next would be 01:30 tomorrow, after `until`, so the day is done.
    daemon.call("Skip", dose=med)
    assert [d["id"] for d in daemon.call("ListDoses", **day)["doses"]][-1] == f"{med}_20261122_17_30"


def test_plan_json_gives_each_dose_its_own_text_and_person(tmp_path, med):
    """`medctl plan --json` (offline) shows the per-time dose, the step's dose, only the first dose of an
    after_taken day, and the person."""
    path = tmp_path / "medd.toml"
    path.write_text(medication(med, 'times = ["08:00", { at = "20:00", dose = "2 tablets" }]\nperson = "mum"\n\n'
                                    f'[[medication.{med}.step]]\nfrom = "2026-12-02"\ndose = "10 mg"\n')
                    + '\n[medication.after]\nname = "Paracetamol"\ndose = "1 g"\nafter_taken = "6h"\n')
    out = medctl(None, "plan", "--config", str(path), "--from", "2026-12-01", "--days", "2", "--json")
    assert out.returncode == 0, out.stderr
    plan = [(d["id"], d["dose"], d.get("person")) for d in json.loads(out.stdout)]
    assert plan == [
        ("after_20261201_08_00", "1 g", None), (f"{med}_20261201_08_00", "20 mg", "mum"), (f"{med}_20261201_20_00", "2 tablets", "mum"),
        ("after_20261202_08_00", "1 g", None), (f"{med}_20261202_08_00", "10 mg", "mum"), (f"{med}_20261202_20_00", "10 mg", "mum"),
    ]
