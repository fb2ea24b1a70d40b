"""`medctl adherence` end to end: a real medd writes a scenario to the real journald, then the ledger
(through the daemon) and the journal (read directly) must give the same counts, and the ones worked
out by hand here."""
import csv
import datetime
import io
import json
import os
import socket
import subprocess
import tempfile
import time

import pytest

import harness
import locales
from harness import berlin

SINCE = "2026-11-20T08:00:00+01:00"
UNTIL = "2026-11-22T20:00:00+01:00"
FINAL = ("taken", "skipped", "missed")


def medctl(*args, env=None):
    """Runs medctl in Berlin time without colour; returns (status, stdout, stderr), output not newline-translated."""
    environment = dict(os.environ, TZ=harness.ZONE, NO_COLOR="1", **(env or {}))
    environment.pop("MEDD_SOCKET", None)
    out = subprocess.run([os.path.join(harness.bin_dir(), "medctl"), *args], capture_output=True, env=environment,
                         timeout=120)
    return out.returncode, out.stdout.decode(), out.stderr.decode()


def scenario_config(meds):
    a, b, c = meds
    return f"""[settings]
grace = "5s"
renotify = "0"

[medication.{a}]
name = "Alpha"
dose = "1 tablet"
times = ["08:00", "20:00"]

[medication.{b}]
name = "Beta"
dose = "2 drops"
times = ["08:00"]

[medication.{c}]
name = "Gamma, with food"
dose = "5 mg"
times = ["08:00"]
"""


def wait_for_finals(med, count, timeout=15.0):
    """Waits until the journal holds at least `count` final events of `med` (the outbox writes after each commit)."""
    deadline = time.monotonic() + timeout
    while True:
        finals = [e for e in harness.dose_events(med, timeout=0) if e["MEDD_EVENT"] in FINAL]
        if len(finals) >= count:
            return
        assert time.monotonic() < deadline, [(e["MEDD_DOSE_ID"], e["MEDD_EVENT"]) for e in finals]
        time.sleep(0.1)


@pytest.fixture(scope="module")
def scenario():
    """Three medications over 18–22 November 2026, answered every way there is; the daemon starts at
    07:59:57 on the 22nd with a 5 s grace, so that day's 08:00 doses fire and run out of grace at once."""
    prefix = harness.unique_med()
    meds = (f"{prefix}-a", f"{prefix}-b", f"{prefix}-c")
    a, b, c = meds
    daemon = harness.Daemon(scenario_config(meds), berlin(7, 59, 57))
    try:
        def taken(dose, at=None):
            daemon.call("Taken", dose=dose, **({"at": at} if at else {}))

        def skip(dose):
            daemon.call("Skip", dose=dose)

        taken(f"{a}_20261122_08_00")                                  # early, before it fires: on time
        taken(f"{a}_20261118_08_00", "2026-11-18T10:00:00+01:00")     # late, before --since
        taken(f"{a}_20261119_20_00", "2026-11-19T20:30:00+01:00")     # on time, before --since
        taken(f"{a}_20261120_08_00", "2026-11-20T08:10:00+01:00")     # on time, due exactly at --since
        taken(f"{a}_20261120_20_00", "2026-11-20T21:30:00+01:00")     # late
        skip(f"{b}_20261120_08_00")                                   # skipped
        taken(f"{c}_20261120_08_00", "2026-11-20T09:00:00+01:00")     # exactly an hour: still on time
        skip(f"{a}_20261121_08_00")
        taken(f"{a}_20261121_08_00")                                  # change of mind: taken now, a day late
        skip(f"{a}_20261121_20_00")
        taken(f"{a}_20261121_20_00", "2026-11-21T20:05:00+01:00")     # change of mind, backdated before the skip
        taken(f"{b}_20261121_08_00", "2026-11-21T08:00:00+01:00")
        skip(f"{b}_20261121_08_00")                                   # change of mind: skipped
        skip(f"{a}_20261122_20_00")                                   # due exactly at --until: outside
        # c_20261121_08_00 stays unanswered (planned): it counts nowhere.
        for med in (b, c):
            assert harness.dose_events(med, timeout=15, MEDD_EVENT="missed"), f"{med} was not missed"
        taken(f"{c}_20261122_08_00")                                  # missed, then taken within the hour
        wait_for_finals(a, 10)
        # The backdated answer is recorded after the skip but carries the earlier MEDD_EVENT_USEC: picking the
        # last answer by its time instead of its order would count a skip the ledger does not count.
        backdated = [(e["MEDD_EVENT"], int(e["MEDD_EVENT_USEC"])) for e in harness.dose_events(a, timeout=0)
                     if e["MEDD_DOSE_ID"] == f"{a}_20261121_20_00"]
        assert [kind for kind, _ in backdated] == ["skipped", "taken"] and backdated[0][1] > backdated[1][1]
        wait_for_finals(b, 4)
        wait_for_finals(c, 3)
        yield daemon, meds
    finally:
        daemon.cleanup()


def counts(on_time, late, skipped, missed):
    taken = on_time + late
    answered = taken + skipped + missed
    return {"onTime": on_time, "late": late, "skipped": skipped, "missed": missed, "taken": taken,
            "percentage": taken * 100 / answered if answered else None}


def expected(meds):
    a, b, c = meds
    return {a: counts(3, 2, 0, 0), b: counts(0, 0, 2, 1), c: counts(2, 0, 0, 0)}


def report(daemon, *args):
    status, stdout, stderr = medctl("adherence", "--socket", daemon.socket_path, "--since", SINCE, "--until", UNTIL, *args)
    assert status == 0, stderr
    return stdout


def test_ledger_and_journal_give_the_counts_worked_out_by_hand(scenario):
    daemon, meds = scenario
    ledger = json.loads(report(daemon, "--json"))
    assert ledger["source"] == "ledger"
    assert (ledger["since"], ledger["until"]) == (SINCE, UNTIL)
    assert ledger["medications"] == expected(meds)
    assert ledger["total"] == counts(5, 2, 2, 1)
    assert ledger["total"]["percentage"] == 70.0
    for med in meds:
        journal = json.loads(report(daemon, "--from-journal", "--med", med, "--format", "json"))
        assert journal["source"] == "journal"
        assert (journal["since"], journal["until"]) == (SINCE, UNTIL)
        assert journal["medications"] == {med: ledger["medications"][med]}
        assert journal["total"] == ledger["medications"][med]
        alone = json.loads(report(daemon, "--med", med, "--format", "json"))
        assert alone["medications"] == {med: expected(meds)[med]} and alone["total"] == expected(meds)[med]


def test_the_local_journal_is_one_machine_with_the_ledgers_history(scenario):
    """Read locally, the journal is this machine and this user: `machines` has one member with the same
    counts, and `history --from-journal` lists the ledger's final doses, each naming the machine."""
    daemon, meds = scenario
    for med in meds:
        journal = json.loads(report(daemon, "--from-journal", "--med", med, "--json"))
        assert [(m["hostname"], m["uid"], m["total"]) for m in journal["machines"]] == [(socket.gethostname(), os.getuid(),
                                                                                          expected(meds)[med])]
        assert len(journal["machines"][0]["machineId"]) == 32
        args = ["history", "--socket", daemon.socket_path, "--since", SINCE, "--until", UNTIL, "--med", med, "--json"]
        status, stdout, stderr = medctl(*args)
        assert status == 0, stderr
        status, from_journal, stderr = medctl(*args, "--from-journal")
        assert status == 0, stderr
        listed = json.loads(from_journal)
        assert {(d.pop("hostname"), d.pop("uid"), len(d.pop("machineId"))) for d in listed} == {(socket.gethostname(), os.getuid(), 32)}
        assert listed == json.loads(stdout) and listed, med
        # Without --from-journal's files, CSV and table keep today's columns.
        status, text, _ = medctl(*args[:-1], "--from-journal", "--format", "csv")
        assert text.startswith("id,medication,name,dose,scheduled,state,answered_at,source,note\r\n")
        status, text, _ = medctl(*args[:-1], "--from-journal")
        assert text.splitlines()[0].split()[0] == "DUE"


def test_global_json_before_the_verb_means_format_json(scenario):
    daemon, meds = scenario
    status, stdout, stderr = medctl("--socket", daemon.socket_path, "--json", "adherence", "--since", SINCE,
                                    "--until", UNTIL)
    assert status == 0, stderr
    assert json.loads(stdout)["total"] == counts(5, 2, 2, 1)


def test_table_lists_each_medication_and_a_total_row(scenario):
    daemon, meds = scenario
    lines = report(daemon).splitlines()
    assert lines[0].startswith("Adherence of doses due 2026-11-20 08:00 to 2026-11-22 20:00")
    assert lines[1].split() == ["MEDICATION", "ON", "TIME", "LATE", "SKIPPED", "MISSED", "TAKEN", "%"]
    rows = {line.split()[0]: line.split()[1:] for line in lines[2:]}
    assert rows[meds[0]] == ["3", "2", "0", "0", "100.0%"]
    assert rows[meds[1]] == ["0", "0", "2", "1", "0.0%"]
    assert rows[meds[2]] == ["2", "0", "0", "0", "100.0%"]
    assert lines[-1].split() == ["TOTAL", "5", "2", "2", "1", "70.0%"]
    # Numbers are right-aligned under their headers.
    assert len({len(line) for line in lines[2:]}) == 1


def test_csv_is_rfc4180_with_a_header_and_a_total_row(scenario):
    daemon, meds = scenario
    for source in ([], ["--from-journal", "--med", meds[1]]):
        text = report(daemon, "--format", "csv", *source)
        assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
        rows = list(csv.reader(io.StringIO(text, newline="")))
        assert rows[0] == ["medication", "on_time", "late", "skipped", "missed", "taken", "percentage"]
        if source:
            assert rows[1:] == [[meds[1], "0", "0", "2", "1", "0", "0.0"], ["total", "0", "0", "2", "1", "0", "0.0"]]
        else:
            assert rows[1:] == [[meds[0], "3", "2", "0", "0", "5", "100.0"], [meds[1], "0", "0", "2", "1", "0", "0.0"],
                                [meds[2], "2", "0", "0", "0", "2", "100.0"], ["total", "5", "2", "2", "1", "7", "70.0"]]


def test_nothing_answered_gives_an_empty_percentage(scenario):
    daemon, meds = scenario
    status, stdout, stderr = medctl("adherence", "--socket", daemon.socket_path, "--med", meds[2], "--since",
                                    "2026-11-21", "--until", "2026-11-22", "--json")
    assert status == 0, stderr
    assert json.loads(stdout)["total"] == counts(0, 0, 0, 0) and json.loads(stdout)["total"]["percentage"] is None
    status, stdout, _ = medctl("adherence", "--socket", daemon.socket_path, "--med", meds[2], "--since",
                               "2026-11-21", "--until", "2026-11-22", "--format", "csv")
    assert stdout.splitlines()[-1] == "total,0,0,0,0,0,"


LAST_DAY = datetime.date(2026, 11, 22)
WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def calendar_cells(text, weekdays=WEEKDAYS):
    """The calendar's cells by date, read at the columns of the weekday header, each as wide as the widest name."""
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip() == " ".join(weekdays))
    columns = [lines[at].index(day) for day in weekdays]
    width = max(len(day) for day in weekdays)
    rows = lines[at + 1:lines.index("", at)]
    first = LAST_DAY - datetime.timedelta(days=83)
    monday = first - datetime.timedelta(days=first.weekday())
    cells = {}
    for week, row in enumerate(rows):
        for offset, column in enumerate(columns):
            day = monday + datetime.timedelta(days=7 * week + offset)
            if first <= day <= LAST_DAY:
                cells[day] = row[column:column + width]
    assert len(cells) == 84
    return cells, lines


def test_calendar_shows_each_days_worst_outcome(scenario):
    daemon, meds = scenario
    status, text, stderr = medctl("adherence", "--socket", daemon.socket_path, "--calendar", "--until", "2026-11-22")
    assert status == 0, stderr
    cells, lines = calendar_cells(text)
    day = lambda n: datetime.date(2026, 11, n)
    assert cells[day(18)] == "▓▓▓" and cells[day(19)] == "███"
    assert cells[day(20)] == "▒▒▒" and cells[day(21)] == "▒▒▒" and cells[day(22)] == "░░░"
    assert {cells[d] for d in cells if d < day(18)} == {"···"}
    assert "\x1b[" not in text
    assert lines[-1] == "██ all on time  ▓▓ some late  ▒▒ some skipped  ░░ some missed  ·· none answered"
    assert all(len(line) <= 80 for line in lines)
    assert "2026 Aug 31" in text and "Nov  2" in text
    for med, glyphs in zip(meds, (["▓▓▓", "███", "▓▓▓", "▓▓▓", "▒▒▒"], ["···", "···", "▒▒▒", "▒▒▒", "░░░"],
                                  ["···", "···", "███", "···", "███"])):
        for source in ([], ["--from-journal"]):
            status, text, stderr = medctl("adherence", "--socket", daemon.socket_path, "--calendar", "--until",
                                          "2026-11-22", "--med", med, *source)
            assert status == 0, stderr
            cells, _ = calendar_cells(text)
            assert [cells[day(n)] for n in range(18, 23)] == glyphs, (med, source)


def test_polish_calendar_heads_its_columns_with_the_locales_weekday_names(scenario):
    """Seen in Polish: `po wt śr cz pi so ni`, each name cut to two letters; pl_PL's abday is pon, wto, śro…, and
    each cell is as wide as they are, under its name."""
    daemon, _ = scenario
    polish = {key: value for key, value in locales.env("pl_PL.UTF-8").items() if key in ("LANG", "LOCPATH")}
    status, text, stderr = medctl("adherence", "--socket", daemon.socket_path, "--calendar", "--until", "2026-11-22", env=polish)
    assert status == 0, stderr
    cells, lines = calendar_cells(text, ["pon", "wto", "śro", "czw", "pią", "sob", "nie"])
    day = lambda n: datetime.date(2026, 11, n)
    assert [cells[day(n)] for n in range(18, 23)] == ["▓▓▓", "███", "▒▒▒", "▒▒▒", "░░░"]
    header = next(i for i, line in enumerate(lines) if line.strip().startswith("pon wto"))
    assert all(len(line) <= 80 for line in lines[header:lines.index("", header)])


def test_calendar_json_counts_each_day_alike_from_ledger_and_journal(scenario):
    daemon, meds = scenario
    status, stdout, stderr = medctl("adherence", "--socket", daemon.socket_path, "--calendar", "--json",
                                    "--until", "2026-11-22")
    assert status == 0, stderr
    days = json.loads(stdout)
    assert len(days) == 84 and days[0]["date"] == "2026-08-31" and days[-1]["date"] == "2026-11-22"
    row = lambda on_time, late, skipped, missed: {"onTime": on_time, "late": late, "skipped": skipped, "missed": missed}
    by_date = {d.pop("date"): d for d in days}
    assert by_date["2026-11-18"] == row(0, 1, 0, 0)
    assert by_date["2026-11-19"] == row(1, 0, 0, 0)
    assert by_date["2026-11-20"] == row(2, 1, 1, 0)
    assert by_date["2026-11-21"] == row(1, 1, 1, 0)
    assert by_date["2026-11-22"] == row(2, 0, 1, 1)
    assert all(v == row(0, 0, 0, 0) for k, v in by_date.items() if k < "2026-11-18")
    for med in meds:
        outputs = []
        for source in ([], ["--from-journal"]):
            status, stdout, stderr = medctl("adherence", "--socket", daemon.socket_path, "--calendar", "--format",
                                            "json", "--until", "2026-11-22", "--med", med, *source)
            assert status == 0, stderr
            outputs.append(json.loads(stdout))
        assert outputs[0] == outputs[1], med


def test_an_unknown_medication_is_the_daemons_error(scenario):
    daemon, _ = scenario
    status, _, stderr = medctl("adherence", "--socket", daemon.socket_path, "--med", "no-such-med")
    assert status == 1 and "no medication no-such-med" in stderr


@pytest.mark.parametrize("extra", [[], ["--from-journal"], ["--calendar"]])
def test_since_after_until_is_a_usage_error(extra):
    status, _, stderr = medctl("adherence", "--socket", "/nonexistent/medd.sock", "--since", "2026-11-22",
                               "--until", "2026-11-21", *extra)
    assert status == 2
    assert "--since 2026-11-22 00:00 is after --until 2026-11-21 00:00" in stderr


def test_bad_options_are_usage_errors():
    assert medctl("adherence", "--med", "Not An ID")[0] == 2
    assert medctl("adherence", "--json", "--format", "csv")[0] == 2
    assert medctl("adherence", "--format", "xml")[0] == 2
    assert medctl("adherence", "--since", "yesterday-ish")[0] == 2


def test_an_unreachable_daemon_exits_69():
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "control.sock")
        for extra in ([], ["--calendar"]):
            status, _, stderr = medctl("adherence", "--socket", path, *extra)
            assert status == 69 and f"cannot reach medd at {path}" in stderr
