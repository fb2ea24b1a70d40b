"""A 90-day history with readings, for the report's pages on them: Anna's two medications (lisinopril at
08:00, metformin at 08:00 and 20:00), answered as report_history answers doses; her blood pressure twice a
day (two readings a minute apart at 07:30 and at 19:30) for lisinopril, about 150/95 until its dose was raised
two weeks before the end, 15/10 lower since; her fasting glucose each morning in mmol/L for metformin, unchanged. The readings come in through
`ImportReadings` with the target in force, as from a machine that measured elsewhere. test_report_readings.py and
scripts/screenshot-report.py use it."""
import contextlib
import datetime
import random

import harness
import report_history
from report_history import END, START, ZONE


def config(ids):
    return report_history.PREAMBLE + f"""
[medication.{ids['lisinopril']}]
name = "Lisinopril"
dose = "10 mg"
times = ["08:00"]
person = "anna"

[medication.{ids['metformin']}]
name = "Metformin"
dose = "500 mg"
times = ["08:00", "20:00"]
person = "anna"

[measurement.{ids['bp']}]
kind = "blood_pressure"
for = ["{ids['lisinopril']}"]
target = "135/85"
person = "anna"

[measurement.{ids['glucose']}]
kind = "glucose"
unit = "mmol/L"
for = ["{ids['metformin']}"]
target = "4-7"
person = "anna"
"""


def readings(ids, seed=11):
    """Every reading, oldest first, as ImportReadings takes them, with its local time in `local`."""
    rng = random.Random(seed)
    raised = END - datetime.timedelta(days=14)
    found = []
    day = START.date()
    while day <= END.date():
        times = [(7, 30), (7, 31), (19, 30), (19, 31)]
        for hour, minute in times:
            at = datetime.datetime(day.year, day.month, day.day, hour, minute, tzinfo=ZONE)
            if not START <= at < END:
                continue
            systolic = (150 if at < raised else 135) + rng.randint(-7, 7)
            diastolic = (95 if at < raised else 85) + rng.randint(-5, 5)
            found.append({"measurement": ids["bp"], "value": f"{systolic}/{diastolic}", "unit": "mmHg", "target": "135/85",
                          "usec": int(at.timestamp()) * 1_000_000, "local": at})
        at = datetime.datetime(day.year, day.month, day.day, 7, 0, tzinfo=ZONE)
        if START <= at < END:
            glucose = rng.uniform(5.4, 7.8)
            found.append({"measurement": ids["glucose"], "value": f"{glucose:.1f}", "unit": "mmol/L", "target": "4-7",
                          "usec": int(at.timestamp()) * 1_000_000, "local": at})
        day += datetime.timedelta(days=1)
    return found


@contextlib.contextmanager
def running(ids=None):
    """medd over the history, for a test module: (daemon, ids, plan, readings); fresh IDs unless `ids` names them
    (lisinopril, metformin, bp, glucose)."""
    prefix = harness.unique_med()
    ids = ids or {"lisinopril": f"{prefix}-lis", "metformin": f"{prefix}-met", "bp": f"{prefix}-bp", "glucose": f"{prefix}-glu"}
    schedule = {ids["lisinopril"]: ("08:00",), ids["metformin"]: ("08:00", "20:00")}
    daemon, plan = report_history.build(ids, text=config(ids), schedule=schedule)
    try:
        taken = readings(ids)
        with daemon.client() as client, client.open("io.medd.Control") as control:
            imported = [{key: value for key, value in reading.items() if key != "local"} for reading in taken]
            assert control.ImportReadings(readings=imported)["added"] == len(taken)
        yield daemon, ids, plan, taken
    finally:
        daemon.cleanup()
