"""A 90-day history for `medctl report`, built through a real medd in a few seconds: the daemon first runs on the
first day (so it tracks the medications from then), then is started again every twelve days of its pretend
clock. Each start marks the doses of the days it was down missed (a gap shorter than the planning horizon, so
every one is), and they are then answered the way a person catches up: taken at the time they were taken
(`Taken` with `at`), skipped with a reason, a few left missed, some with notes, and two changes of mind.
test_report.py and scripts/screenshot-report.py use it."""
import contextlib
import datetime
import random
import zoneinfo

import harness

ZONE = zoneinfo.ZoneInfo(harness.ZONE)
START = datetime.datetime(2026, 8, 24, 7, 59, 50, tzinfo=ZONE)
END = datetime.datetime(2026, 11, 22, 12, 0, 0, tzinfo=ZONE)
SKIP_REASONS = ["nausea", "fasting for a blood test", "ran out while travelling", "doctor said to pause a day"]
NOTES = ["with breakfast", "felt dizzy afterwards", "taken with <food> & water", "late: long meeting"]


# The settings and the person of every history built here.
PREAMBLE = """[settings]
grace = "2h"
renotify = "0"

[person.anna]
name = "Anna Example"
"""


def config(ids):
    """Three medications for Anna Example, two counting stock; `ids` names them (metformin, ramipril, statin)."""
    return PREAMBLE + f"""
[medication.{ids['metformin']}]
name = "Metformin"
dose = "500 mg"
times = ["08:00", "20:00"]
person = "anna"
notes = "with meals"
stock = 300
refill_at = 60

[medication.{ids['ramipril']}]
name = "Ramipril"
dose = "5 mg"
times = ["08:00"]
person = "anna"
stock = 90
refill_at = 14

[medication.{ids['statin']}]
name = "Atorvastatin"
dose = "20 mg"
times = ["21:00"]
person = "anna"
"""


def dose_ids(med, times, days):
    """Every dose ID of `med` at `times` on `days` (local dates), with its due time."""
    for day in days:
        for time in times:
            hour, minute = map(int, time.split(":"))
            due = datetime.datetime(day.year, day.month, day.day, hour, minute, tzinfo=ZONE)
            if START <= due < END:
                yield f"{med}_{day:%Y%m%d}_{hour:02d}_{minute:02d}", due


def build(ids, seed=7, text=None, schedule=None):
    """Starts medd, builds the history and returns (daemon, plan): the daemon runs at END; plan maps each
    dose ID to what became of it (taken, skipped or missed, after the changes of mind). `text` and
    `schedule` (medication ID → its times) are the configuration's, by default `config(ids)`'s."""
    daemon = harness.Daemon(text or config(ids), START)
    rng = random.Random(seed)
    days = [START.date() + datetime.timedelta(days=n) for n in range((END.date() - START.date()).days + 1)]
    schedule = schedule or {ids["metformin"]: ("08:00", "20:00"), ids["ramipril"]: ("08:00",), ids["statin"]: ("21:00",)}
    doses = sorted((due, dose) for med, times in schedule.items() for dose, due in dose_ids(med, times, days))
    due_of = {dose: due for due, dose in doses}
    # A long weekend away (Friday to Sunday in October): every dose missed.
    away = {datetime.date(2026, 10, 16), datetime.date(2026, 10, 17), datetime.date(2026, 10, 18)}
    plan = {}
    answered_until = START
    for restart in restart_times():
        daemon.stop()
        daemon.start(restart, wait_ready=False)
        daemon.wait_notify("READY=1", timeout=60)  # a machine busy with other builds can be slow
        with daemon.client() as client, client.open("io.medd.Control") as control:
            for due, dose in doses:
                if not answered_until <= due < restart:
                    continue
                draw = rng.random()
                if due.date() in away or draw < 0.03:
                    plan[dose] = "missed"
                    continue
                if draw < 0.08:
                    control.Skip(dose=dose, reason=rng.choice(SKIP_REASONS))
                    plan[dose] = "skipped"
                    continue
                minutes = rng.randint(70, 320) if draw < 0.18 else rng.randint(-25, 50)
                taken_at = min(due + datetime.timedelta(minutes=minutes, seconds=rng.randint(0, 59)), restart)
                note = rng.choice(NOTES) if rng.random() < 0.04 else None
                control.Taken(dose=dose, at=harness.iso(taken_at), **({"note": note} if note else {}))
                plan[dose] = "taken"
        answered_until = restart
    with daemon.client() as client, client.open("io.medd.Control") as control:
        # Changes of mind: a skip replaced by a taken, and a taken replaced by a skip.
        skipped_first = next(dose for _, dose in doses if plan.get(dose) == "skipped")
        control.Taken(dose=skipped_first, at=harness.iso(due_of[skipped_first] + datetime.timedelta(minutes=20)))
        plan[skipped_first] = "taken"
        taken_first = next(dose for _, dose in doses if plan.get(dose) == "taken" and dose != skipped_first)
        control.Skip(dose=taken_first, reason="had taken it twice the day before")
        plan[taken_first] = "skipped"
    return daemon, plan


def restart_times():
    """Where the daemon starts again: every twelve days at noon (less than the 14-day horizon it looks back
    over at start-up), then END."""
    times = []
    point = START.replace(hour=12, minute=0, second=0) + datetime.timedelta(days=12)
    while point < END:
        times.append(point)
        point += datetime.timedelta(days=12)
    return times + [END]


@contextlib.contextmanager
def running():
    """A medd over the 90-day history with fresh medication IDs, for a test module: (daemon, ids, plan)."""
    prefix = harness.unique_med()
    ids = {"metformin": f"{prefix}-met", "ramipril": f"{prefix}-ram", "statin": f"{prefix}-ato"}
    daemon, plan = build(ids)
    try:
        yield daemon, ids, plan
    finally:
        daemon.cleanup()
