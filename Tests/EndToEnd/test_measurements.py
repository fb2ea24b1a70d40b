"""Measurements beside the doses, end to end with real journald, a real session bus and a recording
notification server: a reminder to measure fires, `medctl measure` records the reading and answers it, the
journal holds the reading's fields, the notification closes, and adherence counts no measurement."""
import json
import os
import subprocess

import locales
import release_fixture
from harness import ZONE, berlin, bin_dir, journal, medctl_output

BP_CONFIG = """
[medication.{med}]
name = "Lisinopril"
dose = "10 mg"
times = ["08:00"]

[measurement.{bp}]
kind = "blood_pressure"
times = ["07:30"]
for = ["{med}"]
target = "135/85"
"""


def medctl(daemon, *args, env=None):
    environment = dict(env or os.environ, TZ=ZONE, NO_COLOR="1")
    return subprocess.run([os.path.join(bin_dir(), "medctl"), "--socket", daemon.socket_path, *args],
                          capture_output=True, text=True, env=environment, timeout=30)


def measure_events(bp, at_least=1, timeout=8.0, **matches):
    entries = journal("MEDD_MEASURE_ID", bp, at_least=at_least, timeout=timeout, SYSLOG_IDENTIFIER="medd", **matches)
    return [e for e in entries if "MEDD_EVENT" in e]


def test_a_blood_pressure_reminder_fires_and_a_reading_answers_it(daemons, med, session_bus, fake_notifier):
    bp = med + "-bp"
    daemon = daemons(BP_CONFIG.format(med=med, bp=bp), berlin(7, 29, 58), desktop_bus=session_bus.address)
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    shown = fake_notifier.notifies[0]
    assert shown["summary"] == "Blood pressure"
    assert f"medctl measure {bp} SYS/DIA[/PULSE]" in shown["body"]
    action_keys = [key for key, _ in shown["actions"]]
    assert "taken" not in action_keys and "skip" in action_keys and any(k.startswith("snooze-") for k in action_keys)
    [fired] = measure_events(bp, MEDD_EVENT="fired")
    assert fired["MEDD_DOSE_ID"] == f"{bp}_20261122_07_30"
    assert "MEDD_MED_ID" not in fired and fired["MEDD_MEASURE_KIND"] == "blood_pressure"

    out = medctl_output(daemon, "measure", bp, "132/84/71")
    assert "132/84/71 mmHg" in out and f"{bp}_20261122_07_30" in out
    [measured] = measure_events(bp, MEDD_EVENT="measured")
    assert measured["MEDD_SYSTOLIC"] == "132" and measured["MEDD_DIASTOLIC"] == "84" and measured["MEDD_PULSE"] == "71"
    assert measured["MEDD_VALUE"] == "132/84/71" and measured["MEDD_UNIT"] == "mmHg"
    assert measured["MEDD_DOSE_ID"] == f"{bp}_20261122_07_30" and measured["MEDD_SOURCE"] == "cli"
    assert measured["MEDD_TARGET"] == "135/85" and measured["MEDD_IN_TARGET"] == "yes"
    assert measured["PRIORITY"] == "6" and "MEDD_MED_ID" not in measured
    fake_notifier.wait_for(lambda s: shown["id"] in s.closes, timeout=5)

    [dose] = [d for d in daemon.call("ListDoses", medication=bp)["doses"] if d["id"] == f"{bp}_20261122_07_30"]
    assert dose["state"] == "measured" and dose["readings"] == ["132/84/71"] and dose["measurement"] == "blood_pressure"
    adherence = json.loads(medctl_output(daemon, "adherence", "--since", "2026-11-21", "--json"))
    assert bp not in adherence["medications"]
    assert adherence["total"]["taken"] + adherence["total"]["skipped"] + adherence["total"]["missed"] == 0
    readings = daemon.call("ListReadings", measurement=bp)["readings"]
    assert [r["value"] for r in readings] == ["132/84/71"] and readings[0]["inTarget"] is True


def test_two_readings_answer_one_reminder_and_one_outside_target_is_flagged(daemons, med):
    bp = med + "-bp"
    config = BP_CONFIG.format(med=med, bp=bp).replace('target = "135/85"', 'target = "135/85"\nreadings = 2')
    daemon = daemons(config, berlin(7, 30, 5))
    measure_events(bp, MEDD_EVENT="fired")
    first = daemon.call("Measure", measurement=bp, value="142/88")
    assert first["remaining"] == 1 and first["dose"]["state"] == "pending"
    assert first["reading"]["inTarget"] is False and first["reading"]["number"] == 1 and first["reading"]["of"] == 2
    second = daemon.call("Measure", measurement=bp, value="138/86/70")
    assert second["remaining"] == 0 and second["dose"]["state"] == "measured"
    assert second["dose"]["readings"] == ["142/88", "138/86/70"]
    [history] = [d for d in daemon.call("ListHistory")["doses"] if d["medication"] == bp]
    assert history["readings"] == ["142/88", "138/86/70"] and history["readingsDue"] == 2
    entries = measure_events(bp, at_least=2, MEDD_EVENT="measured")
    assert [e["MEDD_READING"] for e in entries] == ["1/2", "2/2"]
    assert entries[0]["MEDD_IN_TARGET"] == "no" and "outside target 135/85" in entries[0]["MESSAGE"]


def test_bad_readings_are_refused_precisely_and_change_nothing(daemons, med):
    bp, glucose, weight = med + "-bp", med + "-gl", med + "-kg"
    config = f"""
[measurement.{bp}]
kind = "blood_pressure"

[measurement.{glucose}]
kind = "glucose"
unit = "mmol/L"

[measurement.{weight}]
kind = "weight"
"""
    daemon = daemons(config, berlin(9, 0))
    cases = [
        ((bp, "120"), "is not a blood pressure; write SYS/DIA or SYS/DIA/PULSE"),
        ((bp, "300/80"), "systolic 300 mmHg is outside the range a reading can have (40–280)"),
        ((glucose, "abc"), '"abc" is not a number; a reading of glucose is a decimal number, like 5.6'),
        ((weight, "72,5,1"), '"72,5,1" is not a number'),
        ((weight, "-1"), "-1 kg is outside the range a reading of weight can have"),
        (("nosuch", "1"), "no measurement"),
    ]
    for (measurement, value), expected in cases:
        out = medctl(daemon, "measure", measurement, value)
        assert out.returncode == 1, (measurement, value, out.stdout)
        assert expected in out.stderr, (expected, out.stderr)
    future = medctl(daemon, "measure", bp, "120/80", "--at", "2026-11-22T12:00:00+01:00")
    assert future.returncode == 1 and "in the future" in future.stderr
    assert daemon.call("ListReadings")["readings"] == []
    assert daemon.call("Status")["version"]


def test_the_locale_decimal_comma_is_accepted(daemons, med):
    glucose = med + "-gl"
    daemon = daemons(f'[measurement.{glucose}]\nkind = "glucose"\nunit = "mmol/L"\n', berlin(9, 0))
    out = medctl(daemon, "measure", glucose, "5,6", env=locales.env("de_DE.UTF-8"))
    assert out.returncode == 0, out.stderr
    assert "5,6 mmol/L" in out.stdout, out.stdout
    [reading] = daemon.call("ListReadings", measurement=glucose)["readings"]
    assert reading["value"] == "5.6" and reading["unit"] == "mmol/L"


EVERY_KIND = """
[medication.{med}]
name = "Lisinopril"
dose = "10 mg"
times = ["08:00"]

[measurement.bp]
kind = "blood_pressure"
times = ["07:30"]
readings = 2
target = "135/85"
for = ["{med}"]

[measurement.sugar]
kind = "glucose"
unit = "mmol/L"
target = "4-7.8"

[measurement.sugar-us]
kind = "glucose"

[measurement.weight]
kind = "weight"

[measurement.pounds]
kind = "weight"
unit = "lb"

[measurement.temp]
kind = "temperature"

[measurement.pulse]
kind = "heart_rate"

[measurement.oxygen]
kind = "spo2"

[measurement.mood]
kind = "scale"
name = "Pain"

[measurement.steps]
kind = "number"
unit = "steps"
"""

READINGS = [
    ("bp", "142/88", "2026-11-22T07:30:20+01:00", "first, \"quoted\", note"),
    ("bp", "134/84/70", "2026-11-22T07:31:00+01:00", None),
    ("sugar", "5.6", "2026-11-21T08:15:00+01:00", "after breakfast\nsecond line"),
    ("sugar", "8.1", "2026-11-21T12:15:00+01:00", None),
    ("sugar-us", "101", "2026-11-21T08:16:00+01:00", None),
    ("weight", "72.45", "2026-11-21T07:00:00+01:00", None),
    ("pounds", "160.5", "2026-11-21T07:01:00+01:00", None),
    ("temp", "36.8", "2026-11-21T21:00:00+01:00", None),
    ("pulse", "64", "2026-11-21T21:01:00+01:00", None),
    ("oxygen", "97", "2026-11-21T21:02:00+01:00", None),
    ("mood", "3", "2026-11-21T21:03:00+01:00", "Kopfweh ✓"),
    ("steps", "8412", "2026-11-21T22:00:00+01:00", None),
]


# Just after the 07:30 blood pressure reminder fired: the two bp readings answer it, the rest are older.
STARTED = berlin(7, 30, 5)


def record_every_kind(daemon):
    for measurement, value, at, note in READINGS:
        parameters = {"measurement": measurement, "value": value, "at": at}
        if note:
            parameters["note"] = note
        daemon.call("Measure", **parameters)


def measurements(daemon, *args):
    return medctl_output(daemon, "measurements", "--since", "2026-11-01", *args)


def measurements_csv(daemon):
    """`measurements --format csv` as the bytes medctl wrote (CRLF line ends kept)."""
    out = subprocess.run([os.path.join(bin_dir(), "medctl"), "--socket", daemon.socket_path, "measurements", "--since", "2026-11-01",
                          "--format", "csv"], capture_output=True, env=dict(os.environ, TZ=ZONE), timeout=30)
    assert out.returncode == 0, out.stderr
    return out.stdout.decode()


def test_every_kind_lists_as_table_json_csv_and_fhir(daemons, med):
    daemon = daemons(EVERY_KIND.format(med=med), STARTED)
    record_every_kind(daemon)
    table = measurements(daemon)
    assert "142/88 mmHg" in table and "outside 135/85" in table and "8.1 mmol/L" in table and "36.8 °C" in table
    rows = json.loads(measurements(daemon, "--format", "json"))
    assert [r["value"] for r in rows] == [value for _, value, _, _ in sorted(READINGS, key=lambda r: r[2])]
    assert rows[0]["measurement"] == "weight" and rows[0]["unit"] == "kg"
    only_bp = json.loads(measurements(daemon, "--measure", "bp", "--json"))
    assert [r["number"] for r in only_bp] == [1, 2] and [r["of"] for r in only_bp] == [2, 2]
    csv_text = measurements_csv(daemon)
    assert csv_text.startswith("measurement,kind,taken_at,usec,value,unit,systolic,diastolic,pulse,target,in_target,reminder,"
                               "reading,source,note\r\n")
    assert ('bp,blood_pressure,2026-11-22T07:31:00+01:00,1795329060000000,134/84/70,mmHg,134,84,70,135/85,yes,'
            'bp_20261122_07_30,2/2,cli,\r\n') in csv_text
    assert '"first, ""quoted"", note"' in csv_text


def test_fhir_export_validates_with_a_fhir_library(daemons, med):
    from fhir.resources.R4B.bundle import Bundle
    daemon = daemons(EVERY_KIND.format(med=med), STARTED)
    record_every_kind(daemon)
    document = json.loads(measurements(daemon, "--format", "fhir"))
    bundle = Bundle.model_validate(document)
    assert bundle.type == "collection"
    observations = [entry["resource"] for entry in document["entry"]]
    assert len(observations) == len(READINGS) + 1  # the pulse of 134/84/70 is an Observation of its own

    def loinc(observation):
        return [c["code"] for c in observation["code"].get("coding", []) if c["system"] == "http://loinc.org"]

    codes = {}
    for observation in observations:
        codes.setdefault(observation["id"].rsplit("-", 1)[0] if observation["id"].endswith("-pulse") else
                         observation["id"].rsplit("-", 1)[0], []).append(observation)
    panel = next(o for o in observations if loinc(o) == ["85354-9"] and len(o["component"]) == 2 and
                 o["component"][0]["valueQuantity"]["value"] == 134)
    assert [c["code"]["coding"][0]["code"] for c in panel["component"]] == ["8480-6", "8462-4"]
    assert panel["component"][1]["valueQuantity"] == {"value": 84, "unit": "mmHg", "system": "http://unitsofmeasure.org",
                                                      "code": "mm[Hg]"}
    pulse = next(o for o in observations if o["id"].endswith("-pulse"))
    assert loinc(pulse) == ["8867-4"] and pulse["valueQuantity"]["value"] == 70 and pulse["valueQuantity"]["code"] == "/min"
    by_value = {str(o.get("valueQuantity", {}).get("value")): o for o in observations if "valueQuantity" in o}
    assert loinc(by_value["5.6"]) == ["15074-8"] and by_value["5.6"]["valueQuantity"]["code"] == "mmol/L"
    assert loinc(by_value["101"]) == ["2339-0"] and by_value["101"]["valueQuantity"]["code"] == "mg/dL"
    assert loinc(by_value["72.45"]) == ["29463-7"] and by_value["72.45"]["valueQuantity"]["code"] == "kg"
    assert by_value["160.5"]["valueQuantity"]["code"] == "[lb_av]"
    assert loinc(by_value["36.8"]) == ["8310-5"] and by_value["36.8"]["valueQuantity"]["code"] == "Cel"
    assert loinc(by_value["64"]) == ["8867-4"]
    assert loinc(by_value["97"]) == ["59408-5"] and by_value["97"]["valueQuantity"]["code"] == "%"
    assert by_value["3"]["code"] == {"text": "Pain (mood)"} and by_value["3"]["note"] == [{"text": "Kopfweh ✓"}]
    assert by_value["8.1"]["interpretation"][0]["coding"][0]["code"] == "A"
    assert all(o["effectiveDateTime"].endswith("+01:00") for o in observations)


def test_csv_written_imported_into_a_fresh_ledger_and_written_again_is_byte_equal(daemons, med, tmp_path):
    config = EVERY_KIND.format(med=med)
    first = daemons(config, STARTED)
    record_every_kind(first)
    exported = measurements_csv(first)
    path = tmp_path / "readings.csv"
    path.write_bytes(exported.encode())
    second = daemons(config, STARTED)
    out = medctl_output(second, "import", str(path))
    assert out.strip() == f"imported {len(READINGS)} readings (0 already there)"
    assert measurements_csv(second) == exported
    again = medctl_output(second, "import", str(path))
    assert again.strip() == f"imported 0 readings ({len(READINGS)} already there)"
    assert measurements_csv(second) == exported
    # The first ledger has them all already.
    assert medctl_output(first, "import", str(path)).strip() == f"imported 0 readings ({len(READINGS)} already there)"


def test_a_csv_with_a_broken_line_imports_nothing(daemons, med, tmp_path):
    config = EVERY_KIND.format(med=med)
    source = daemons(config, STARTED)
    record_every_kind(source)
    lines = measurements_csv(source).split("\r\n")
    target = daemons(config, STARTED)
    header = lines[0]
    good = [line for line in lines[1:] if line.startswith("weight,") or line.startswith("temp,")]
    cases = [
        (good + ['weight,weight,2026-11-21T07:05:00+01:00,1795240000000000,72.5,kg,,,,,,weight_20261121_07_05,1/1,cli,'],
         len(good) + 2, "taken_at 2026-11-21T07:05:00+01:00 and usec 1795240000000000 name different times"),
        (good + ["weight,weight,2026-11-21T07:05:00+01:00"], len(good) + 2, "3 fields where the header has 15"),
        (good + ['weight,weight,2026-11-21T07:05:00+01:00,1795241100000000,72.5,kg,,,,,,weight_20261121_07_05,1/1,cli,"open'],
         len(good) + 2, "a quoted field that never closes"),
        (good + ['weight,weight,2026-11-21T07:05:00+01:00,1795241100000000,-1,kg,,,,,,weight_20261121_07_05,1/1,cli,'],
         len(good) + 2, "-1 kg is outside the range a reading of weight can have"),
        (good + ['nosuch,weight,2026-11-21T07:05:00+01:00,1795241100000000,72,kg,,,,,,nosuch_20261121_07_05,1/1,cli,'],
         len(good) + 2, 'no measurement "nosuch" in the configuration'),
        (good + ['weight,weight,2030-11-21T07:05:00+01:00,1921471500000000,72,kg,,,,,,weight_20301121_07_05,1/1,cli,'],
         len(good) + 2, "in the future"),
        (["measurement,when,value"] + good, 1, "the header is not that of medctl measurements --format csv"),
    ]
    for number, (body, line, message) in enumerate(cases):
        path = tmp_path / f"broken-{number}.csv"
        path.write_text("\r\n".join(([header] if body[0] != "measurement,when,value" else []) + body) + "\r\n")
        out = medctl(target, "import", str(path))
        assert out.returncode == 1, out.stdout
        assert out.stderr.startswith(f"{path}:{line}: ") and message in out.stderr, (message, out.stderr)
        assert target.call("ListReadings", **{"from": "2026-11-01"})["readings"] == []


def test_ten_years_of_daily_weights_import_in_parts_and_once(daemons, tmp_path):
    """3,653 readings (more than one call to medd carries) are imported whole, and a second import adds none.
    Imported readings are history: they run no hook, while a reading recorded now runs it once."""
    import datetime
    import time
    ran = tmp_path / "hook-runs"
    hook = f'[[hook]]\non = ["measured"]\nexec = ["/bin/sh", "-c", "echo $MEDD_VALUE >> {ran}"]\n'
    daemon = daemons('[measurement.weight]\nkind = "weight"\n' + hook, berlin(9, 0))
    header = ("measurement,kind,taken_at,usec,value,unit,systolic,diastolic,pulse,target,in_target,reminder,reading,"
              "source,note")
    lines = [header]
    day = datetime.datetime(2016, 11, 22, 7, 0, tzinfo=datetime.timezone(datetime.timedelta(hours=1)))
    for number in range(3653):
        at = day + datetime.timedelta(days=number)
        usec = int(at.timestamp()) * 1_000_000 + number
        lines.append(f"weight,weight,{at.isoformat()},{usec},{70 + number % 50 / 10},kg,,,,,,"
                     f"weight_{at:%Y%m%d}_07_00,1/1,cli,day {number}")
    path = tmp_path / "weights.csv"
    path.write_text("\r\n".join(lines) + "\r\n")
    assert medctl_output(daemon, "import", str(path)).strip() == "imported 3653 readings (0 already there)"
    assert medctl_output(daemon, "import", str(path)).strip() == "imported 0 readings (3653 already there)"
    readings = daemon.call("ListReadings", **{"from": "2016-01-01"})["readings"]
    assert len(readings) == 3653 and readings[-1]["note"] == "day 3652"
    assert medctl_output(daemon, "measure", "weight", "71.5")
    deadline = time.monotonic() + 10
    while not ran.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)
    assert ran.read_text() == "71.5\n"


V6_FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "ledger-v6")


def test_a_ledger_of_the_release_before_readings_opens_unchanged_and_takes_readings(daemons):
    """The ledger written by the release at schema v6 (fixtures/ledger-v6/make.py) is migrated to v7: its doses,
    history, stock and adherence read exactly as that release printed them, and readings are then recorded in it."""
    import importlib.util
    import shutil
    import sqlite3
    spec = importlib.util.spec_from_file_location("make_v6_fixture", os.path.join(V6_FIXTURE, "make.py"))
    make = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    with open(os.path.join(V6_FIXTURE, "medd.toml")) as f:
        config = f.read()
    daemon = daemons(config, None)
    daemon.stop()
    shutil.rmtree(daemon.state_dir)
    os.makedirs(daemon.state_dir)
    shutil.copy(os.path.join(V6_FIXTURE, "ledger.sqlite"), os.path.join(daemon.state_dir, "ledger.sqlite"))
    daemon.start(make.CHECKED_AT)
    release_fixture.assert_outputs_as_written(daemon, V6_FIXTURE, make.expected_outputs())
    db = sqlite3.connect(os.path.join(daemon.state_dir, "ledger.sqlite"))
    try:
        applied = [row[0] for row in db.execute("SELECT identifier FROM grdb_migrations ORDER BY identifier")]
    finally:
        db.close()
    assert applied[-4:] == ["v6: replaced answers", "v7: readings", "v8: history pages", "v9: refills"]
    daemon.write_config(config + '\n[measurement.bp]\nkind = "blood_pressure"\nperson = "mum"\n')
    daemon.call("Reload")
    reading = daemon.call("Measure", measurement="bp", value="128/80")["reading"]
    assert reading["person"] == "mum" and reading["value"] == "128/80"
    daemon.stop()
    daemon.start(make.CHECKED_AT)
    assert [r["value"] for r in daemon.call("ListReadings", measurement="bp")["readings"]] == ["128/80"]
    adherence = json.loads(medctl_output(daemon, "--json", *make.expected_outputs()["adherence.json"]))
    with open(os.path.join(V6_FIXTURE, "adherence.json")) as f:
        assert adherence == json.load(f)


def test_watch_prints_a_reading_with_its_value_and_target(daemons, med):
    import time
    from test_medctl import read_lines, start_watch
    bp = med + "-bp"
    daemon = daemons(BP_CONFIG.format(med=med, bp=bp), berlin(9, 0))
    watch = start_watch(daemon)
    try:
        time.sleep(0.3)
        daemon.call("Measure", measurement=bp, value="142/88/70")
        [line] = read_lines(watch, 1)
    finally:
        watch.terminate()
    assert f"measured  {bp}_20261122_09_00  Blood pressure 142/88/70 mmHg (outside 135/85)" in line, line


def test_effect_over_the_varlink_interface_gives_its_verdict_and_every_number_behind_it(daemons, med):
    """Four weeks of morning blood pressures, 150/95 then 136/86, brought in through ImportReadings; the
    medication they are for was not taken in medd's time (its doses before medd started are untracked), so
    the verdict is unclear for adherence, with the trend's means beside it."""
    bp = med + "-bp"
    daemon = daemons(BP_CONFIG.format(med=med, bp=bp), berlin(7, 29, 58))
    first_morning = int(berlin(8, 0, day=22).timestamp()) - 28 * 86_400
    readings = []
    for day in range(28):
        systolic, diastolic = (150, 95) if day < 14 else (136, 86)
        readings.append({"measurement": bp, "value": f"{systolic}/{diastolic}", "unit": "mmHg",
                         "usec": (first_morning + day * 86_400) * 1_000_000})
    assert daemon.call("ImportReadings", readings=readings)["added"] == 28

    reply = daemon.call("Effect", since="2026-10-25T07:29:58+02:00")
    assert reply["mode"] == "balanced"
    [effect] = reply["effects"]
    assert (effect["medication"], effect["measurement"], effect["kind"], effect["unit"]) == (med, bp, "blood_pressure", "mmHg")
    assert effect["verdict"] == "unclear" and effect["doubt"] == "adherence"
    assert effect["adherence"] == {"due": 0, "taken": 0, "needed": 0.6}, "no share of no doses"
    trend = effect["trend"]
    assert (trend["earlierMean"], trend["recentMean"], trend["change"]) == (150, 136, -14)
    assert (trend["earlierDiastolicMean"], trend["recentDiastolicMean"]) == (95, 86)
    assert trend["recentReadings"] == 14 and trend["earlierReadings"] == 14 and trend["needed"] == 6
    assert effect["improvement"] == 14 and effect["threshold"] == 5
    assert effect["perDose"]["pairs"] == 0 and effect["perDose"]["beforeMinutes"] == 120
    assert 0 <= effect["confidence"] <= 100

    name, parameters = daemon.error_of("Effect", medication="nothing")
    assert name == "io.medd.Control.NoSuchMedication" and parameters == {"medication": "nothing"}


def test_medctl_effect_shows_the_verdict_and_status_names_a_verdict_that_changed(daemons, med):
    """Twenty days of morning blood pressures (150/95, then 136/86 for the last fourteen): now both fortnights
    have the readings they need (unclear: the doses were not taken in medd's time); a week ago the earlier
    fortnight had none (not enough data), so `medctl status` names the change. Nothing is kept between runs."""
    bp = med + "-bp"
    daemon = daemons(BP_CONFIG.format(med=med, bp=bp), berlin(7, 29, 58))
    first_morning = int(berlin(8, 0, day=22).timestamp()) - 20 * 86_400
    readings = [{"measurement": bp, "value": "150/95" if day < 6 else "136/86", "unit": "mmHg",
                 "usec": (first_morning + day * 86_400) * 1_000_000} for day in range(20)]
    assert daemon.call("ImportReadings", readings=readings)["added"] == 20

    out = medctl(daemon, "effect")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("Effect of medications on their readings, ") and lines[0].endswith("(effect = balanced)")
    header = lines[1].split()
    assert header[:3] == ["MEDICATION", "MEASUREMENT", "VERDICT"]
    [row] = [line for line in lines if line.startswith(med + " ")]
    assert bp in row and "unclear: too few doses taken" in row
    assert "150.0/95.0 → 136.0/86.0 mmHg (6 and 14 readings)" in row, row
    assert "– (no dose due)" in row and "– (0 doses, 6 needed)" in row
    assert f"{med}, {bp}: a fall of 5.0 mmHg or more counts as an effect, less than 2.5 mmHg as none; 6 doses or readings needed; " \
           "unclear below 60% of doses taken" in lines
    assert any("not medical advice" in line for line in lines)

    as_json = json.loads(medctl(daemon, "effect", "--json").stdout)
    [effect] = as_json["effects"]
    assert effect["verdict"] == "unclear" and effect["trend"]["earlierReadings"] == 6
    assert without_nulls(as_json) == daemon.call("Effect"), "--json is the daemon's reply (which leaves out null members)"
    week_ago = medctl(daemon, "effect", "--until", "2026-11-15T07:29:58+01:00", "--json")
    assert json.loads(week_ago.stdout)["effects"][0]["verdict"] == "not_enough_data"

    status = medctl(daemon, "status")
    assert f"effect: {med} on {bp} is now unclear (a week ago: not enough data); see `medctl effect`" in status.stdout.splitlines()
    status_json = json.loads(medctl(daemon, "status", "--json").stdout)
    assert status_json["effectChanges"] == [{"medication": med, "measurement": bp, "verdict": "unclear", "previous": "not_enough_data"}]

    german = medctl(daemon, "effect", env=locales.env("de_DE.UTF-8"))
    assert german.returncode == 0, german.stderr
    assert "150,0/95,0 → 136,0/86,0 mmHg" in german.stdout, "the locale's decimal comma"
    assert locales.translated("de", "unclear") in german.stdout

    for bad, message in [(("--since", "soon"), "--since"), (("--med", "../x"), "--med"), (("--person", "nobody"), "person")]:
        out = medctl(daemon, "effect", *bad)
        assert out.returncode in (1, 2) and message in out.stderr, (bad, out.stderr)
    out = medctl(daemon, "effect", "--med", "nothing")
    assert out.returncode == 1 and "nothing" in out.stderr


def without_nulls(value):
    if isinstance(value, dict):
        return {key: without_nulls(member) for key, member in value.items() if member is not None}
    if isinstance(value, list):
        return [without_nulls(element) for element in value]
    return value
