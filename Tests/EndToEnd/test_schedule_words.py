"""Schedules in the reader's language, end to end: `medctl meds`, `medctl add` and `medctl report` under de_DE.UTF-8
word every kind of schedule in German with the locale's dates and weekday names, where they used to print the
daemon's English ("every 8h 07:00–23:00", "06:45 on mon, tue, wed"); the control interface's `schedule` stays
English, made from the same data it sends as `timing`. The German expected is put together from the compiled
catalog, never written here."""
import os
import subprocess

import html_tables
import locales
from harness import berlin, bin_dir, ZONE
from test_medctl import medctl

CONFIG = """[settings]
timezone = "Europe/Berlin"

[medication.amoxicillin]
name = "Amoxicillin"
dose = "500 mg"
every = "8h"
from = "07:00"
until = "23:00"

[medication.ibuprofen]
name = "Ibuprofen"
dose = "400 mg"
as_needed = true
min_interval = "6h"
max_per_day = 3

[medication.levothyroxine]
name = "Levothyroxine"
dose = "50 µg"
times = ["06:45"]
days = ["mon", "tue", "wed"]

[medication.prednisone]
name = "Prednisone"
dose = "20 mg"
times = ["08:00", { at = "20:00", dose = "40 mg", per_dose = 2 }]

[[medication.prednisone.step]]
from = "2026-12-08"
times = ["08:00"]

[[medication.prednisone.step]]
from = "2026-12-15"
dose = "10 mg"
"""

ENGLISH = {
    "amoxicillin": "every 8 h from 07:00 to 23:00",
    "ibuprofen": "as needed (at least 6 h apart, at most 3 doses a day)",
    "levothyroxine": "06:45 on Mon, Tue, Wed",
    "prednisone": "08:00, 20:00 (40 mg, 2 units); from 2026-12-08: at 08:00; from 2026-12-15: 10 mg",
}


def de(message, *arguments):
    return locales.fill(locales.translation("de").gettext(message), arguments)


def de_plural(singular, plural, count, *arguments):
    return locales.translated_plural("de", singular, plural, count, *arguments)


def listed(*items):
    text = items[0]
    for item in items[1:]:
        text = de("%1$s, %2$s", text, item)
    return text


def german():
    """What each schedule reads in German: the catalog's words, de_DE's dates and weekday names (Mo, Di, Mi)."""
    return {
        "amoxicillin": de("every %1$s from %2$s to %3$s", de("%1$d h", "8"), "07:00", "23:00"),
        "ibuprofen": de("as needed (%1$s)", listed(de("at least %1$s apart", de("%1$d h", "6")),
                                                   de_plural("at most %1$d dose a day", "at most %1$d doses a day", 3, "3"))),
        "levothyroxine": de("%1$s %2$s", "06:45", de("on %1$s", listed("Mo", "Di", "Mi"))),
        "prednisone": de("%1$s; %2$s", de("%1$s; %2$s", listed("08:00", de("%1$s (%2$s)", "20:00", listed(
            "40 mg", de_plural("%1$s unit", "%1$s units", 2, "2")))), de("from %1$s: %2$s", "08.12.2026", de("at %1$s", "08:00"))),
            de("from %1$s: %2$s", "15.12.2026", "10 mg")),
    }


def german_env():
    """The variables medctl runs with in German (test_medctl's medctl adds TZ)."""
    environment = locales.env("de_DE.UTF-8", NO_COLOR="1")
    environment.pop("TZ", None)
    return environment


def test_meds_words_every_schedule_in_german(daemons):
    daemon = daemons(CONFIG, berlin(9, 0))
    expected = german()
    for med, words in expected.items():
        assert words != ENGLISH[med], f"the German catalog leaves {med}'s schedule English"
    out = medctl(daemon, "meds", env=german_env())
    assert out.returncode == 0, out.stderr
    rows = {line.split()[0]: line for line in out.stdout.splitlines()[1:] if line.strip()}
    for med, words in expected.items():
        assert words in rows[med], (med, words, rows[med])
    for english in ("every ", "as needed", " on Mon", "from 2026", "units"):
        assert english not in out.stdout, english


def test_the_control_interface_keeps_english_words_and_sends_the_data(daemons):
    daemon = daemons(CONFIG, berlin(9, 0), env=locales.env("de_DE.UTF-8"))
    medications = {m["id"]: m for m in daemon.call("Medications")["medications"]}
    assert {med: m["schedule"] for med, m in medications.items()} == ENGLISH
    assert medications["amoxicillin"]["timing"] == {"kind": "interval", "intervalSeconds": 28800, "from": "07:00",
                                                    "until": "23:00", "steps": []}
    assert medications["levothyroxine"]["timing"]["days"] == {"weekdays": ["mon", "tue", "wed"]}
    assert [step["from"] for step in medications["prednisone"]["timing"]["steps"]] == ["2026-12-08", "2026-12-15"]


def test_add_says_the_new_schedule_in_german(tmp_path):
    path = tmp_path / "medd.toml"
    path.write_text(CONFIG)
    environment = dict(german_env(), TZ=ZONE, MEDD_SOCKET="/nonexistent/medd.sock")
    out = subprocess.run([os.path.join(bin_dir(), "medctl"), "add", "levo2", "--name", "Levothyroxine", "--dose", "25 µg",
                          "--times", "06:45", "--days", "mon,tue,wed", "--config", str(path)],
                         capture_output=True, text=True, env=environment, timeout=30)
    assert out.returncode == 0, out.stderr
    assert de("added %1$s: %2$s, %3$s", "levo2", "Levothyroxine 25 µg", german()["levothyroxine"]) in out.stdout.splitlines()


def test_the_report_words_the_schedules_in_german(daemons):
    daemon = daemons(CONFIG, berlin(9, 0))
    expected = german()
    out = medctl(daemon, "report", "--since", "2026-11-15", "--until", "2026-11-22T09:00:00+01:00", "--format", "html",
                 env=german_env())
    assert out.returncode == 0, out.stderr
    document = html_tables.read(out.stdout)
    summary = document.tables[0]
    schedules = {row[0]: row[1] for row in summary[1:]}
    assert schedules["Amoxicillin 500 mg"] == expected["amoxicillin"]
    assert schedules["Ibuprofen 400 mg"] == expected["ibuprofen"]  # says "as needed" once
    assert schedules["Levothyroxine 50 µg"] == expected["levothyroxine"]
    assert schedules["Prednisone 20 mg"] == expected["prednisone"]
