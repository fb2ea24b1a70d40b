"""Several people in one medd, end to end: `person = "ID"` on a medication and an optional `[person.ID]`
name reach the desktop notification (a recording D-Bus server), the journal (MEDD_PERSON and a MESSAGE
naming the person), hooks, the Varlink dose and medication objects, and `medctl --person`, whose adherence
must agree between the ledger and the journal. Person IDs are unique per test: the journal is shared."""
import csv
import io
import json
import os
import subprocess
import time

import pytest

import harness
from harness import berlin, dose_events
from test_medctl_adherence import counts, wait_for_finals

SINCE = "2026-11-21"
UNTIL = "2026-11-23"


def medctl(daemon, *args):
    """Runs medctl in Berlin time without colour against `daemon`; returns (status, stdout, stderr)."""
    environment = dict(os.environ, TZ=harness.ZONE, NO_COLOR="1")
    environment.pop("MEDD_SOCKET", None)
    out = subprocess.run([os.path.join(harness.bin_dir(), "medctl"), "--socket", daemon.socket_path, *args],
                         capture_output=True, text=True, env=environment, timeout=60)
    return out.returncode, out.stdout, out.stderr


def household(prefix, grace="1h", hooks=""):
    """Mum (named) takes a and b, dad (no [person] table) takes c, d is for no one; all at 08:00."""
    mum, dad = f"mum-{prefix}", f"dad-{prefix}"
    text = f'[settings]\ngrace = "{grace}"\nrenotify = "0"\n\n[person.{mum}]\nname = "Mum"\n\n'
    for suffix, name, dose, person in (("a", "Metformin", "500 mg", mum), ("b", "Ramipril", "5 mg", mum),
                                       ("c", "Aspirin", "100 mg", dad), ("d", "Vitamin D", "1000 IU", None)):
        text += f'[medication.{prefix}-{suffix}]\nname = "{name}"\ndose = "{dose}"\ntimes = ["08:00"]\n'
        text += f'person = "{person}"\n\n' if person else "\n"
    return text + hooks, mum, dad


@pytest.fixture
def prefix():
    return harness.unique_med()


def test_the_notification_names_the_person(daemons, prefix, session_bus, fake_notifier):
    text, mum, dad = household(prefix)
    daemons(text, berlin(7, 59, 59), desktop_bus=session_bus.address)
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 4, timeout=8)
    summaries = sorted(n["summary"] for n in fake_notifier.notifies)
    # Mum has a [person] table with a name; dad has none and is shown by his ID; d is for no one and
    # reads exactly as a notification always did.
    assert summaries == sorted(["Mum — Metformin 500 mg", "Mum — Ramipril 5 mg", f"{dad} — Aspirin 100 mg",
                                "Vitamin D 1000 IU"])
    assert {n["body"] for n in fake_notifier.notifies} == {"Due at 08:00"}


def test_the_journal_and_hooks_name_the_person(daemons, prefix, tmp_path):
    hooks = '[[hook]]\non = ["taken"]\nexec = ["/usr/bin/env"]\n'
    text, mum, dad = household(prefix, hooks=hooks)
    daemon = daemons(text, berlin(7, 59, 59))
    [fired] = dose_events(f"{prefix}-a", timeout=8, MEDD_EVENT="fired")
    assert fired["MEDD_PERSON"] == mum
    assert fired["MESSAGE"] == (f"Mum — Metformin 500 mg due 2026-11-22T08:00:00+01:00 ({prefix}-a_20261122_08_00): "
                                "due now")
    [dads] = dose_events(f"{prefix}-c", timeout=8, MEDD_EVENT="fired")
    assert dads["MEDD_PERSON"] == dad and dads["MESSAGE"].startswith(f"{dad} — Aspirin 100 mg due ")
    [nobodys] = dose_events(f"{prefix}-d", timeout=8, MEDD_EVENT="fired")
    assert "MEDD_PERSON" not in nobodys
    assert nobodys["MESSAGE"] == f"Vitamin D 1000 IU due 2026-11-22T08:00:00+01:00 ({prefix}-d_20261122_08_00): due now"
    # Every event of the dose carries the person, answers included; journalctl can select by it.
    status, _, stderr = medctl(daemon, "taken", f"{prefix}-a")
    assert status == 0, stderr
    [taken] = dose_events(f"{prefix}-a", MEDD_EVENT="taken")
    assert taken["MEDD_PERSON"] == mum and taken["MESSAGE"].startswith("Mum — Metformin 500 mg due ")
    assert taken["MESSAGE"].endswith("taken via cli")
    by_person = harness.journal("MEDD_PERSON", mum, at_least=3, SYSLOG_IDENTIFIER="medd")
    assert sorted((e["MEDD_MED_ID"], e["MEDD_EVENT"]) for e in by_person if "MEDD_EVENT" in e) == [
        (f"{prefix}-a", "fired"), (f"{prefix}-a", "taken"), (f"{prefix}-b", "fired")]
    # A hook gets MEDD_PERSON in its environment with the other MEDD_* fields.
    deadline = time.monotonic() + 5
    while True:
        logs = [e for e in harness.journal("MEDD_DOSE_ID", f"{prefix}-a_20261122_08_00", at_least=0, timeout=0,
                                           SYSLOG_IDENTIFIER="medd") if "MEDD_HOOK_OUTPUT" in e]
        if logs or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert logs, "the hook's run was not logged"
    assert f"MEDD_PERSON={mum}" in logs[0]["MEDD_HOOK_OUTPUT"].splitlines()


def test_varlink_objects_and_meds_carry_the_person(daemons, prefix):
    text, mum, dad = household(prefix)
    daemon = daemons(text, berlin(8, 0, 5))
    dose_events(f"{prefix}-a", timeout=8, MEDD_EVENT="fired")
    persons = {d["medication"]: d.get("person") for d in daemon.call("ListDoses", to="2026-11-23T00:00:00+01:00")["doses"]}
    assert persons == {f"{prefix}-a": mum, f"{prefix}-b": mum, f"{prefix}-c": dad, f"{prefix}-d": None}
    assert daemon.call("Taken", dose=f"{prefix}-c")["dose"]["person"] == dad
    assert "person" not in daemon.call("Skip", dose=f"{prefix}-d")["dose"], "no person: the member is left out"
    meds = {m["id"]: m.get("person") for m in daemon.call("Medications")["medications"]}
    assert meds == {f"{prefix}-a": mum, f"{prefix}-b": mum, f"{prefix}-c": dad, f"{prefix}-d": None}
    status, stdout, stderr = medctl(daemon, "meds")
    assert status == 0, stderr
    lines = stdout.splitlines()
    assert lines[0].split()[-1] == "PERSON"
    rows = {line.split()[0]: line.split()[-1] for line in lines[1:]}
    assert rows == {f"{prefix}-a": mum, f"{prefix}-b": mum, f"{prefix}-c": dad, f"{prefix}-d": "–"}


def test_doses_today_history_and_export_keep_to_one_person(daemons, prefix):
    text, mum, dad = household(prefix)
    daemon = daemons(text, berlin(8, 0, 5))
    dose_events(f"{prefix}-a", timeout=8, MEDD_EVENT="fired")
    daemon.call("Taken", dose=f"{prefix}-a")
    daemon.call("Taken", dose=f"{prefix}-c")
    status, stdout, stderr = medctl(daemon, "--json", "today", "--person", mum)
    assert status == 0, stderr
    assert [(d["id"], d["person"]) for d in json.loads(stdout)] == [
        (f"{prefix}-a_20261122_08_00", mum), (f"{prefix}-b_20261122_08_00", mum)]
    status, stdout, _ = medctl(daemon, "today", "--person", dad)
    assert status == 0 and [line.split()[1] for line in stdout.splitlines()[1:]] == [f"{prefix}-c_20261122_08_00"]
    status, stdout, _ = medctl(daemon, "doses", "--json", "--person", dad, "--from", "2026-11-22", "--to", "2026-11-24")
    assert [d["id"] for d in json.loads(stdout)] == [f"{prefix}-c_2026112{day}_08_00" for day in (2, 3)]
    status, stdout, _ = medctl(daemon, "history", "--json", "--person", mum, "--since", SINCE, "--until", UNTIL)
    assert status == 0 and [(d["id"], d["state"]) for d in json.loads(stdout)] == [(f"{prefix}-a_20261122_08_00", "taken")]
    status, stdout, _ = medctl(daemon, "export", "--format", "csv", "--person", dad, "--since", SINCE, "--days", "2")
    assert status == 0
    assert [row[0] for row in csv.reader(io.StringIO(stdout, newline=""))] == ["id", f"{prefix}-c_20261122_08_00"]
    status, stdout, _ = medctl(daemon, "export", "--format", "ics", "--person", mum, "--since", "2026-11-22", "--days", "1")
    assert status == 0 and "X-WR-CALNAME:medd doses (" + mum + ")" in stdout
    assert stdout.count("BEGIN:VEVENT") == 2 and f"UID:{prefix}-c_" not in stdout


@pytest.mark.parametrize("verb", [["today"], ["doses"], ["history"], ["adherence"], ["adherence", "--calendar"],
                                  ["export", "--format", "csv"]])
def test_a_person_no_medication_is_for_is_a_usage_error_naming_the_people(daemons, prefix, verb):
    text, mum, dad = household(prefix)
    daemon = daemons(text, berlin(8, 0, 5))
    status, stdout, stderr = medctl(daemon, *verb, "--person", "nobody")
    assert status == 2 and stdout == ""
    assert f"medctl: --person nobody: no configured medication is for nobody; the people medications are for are {dad}, {mum}" in stderr
    assert f"See `medctl {verb[0]} --help`." in stderr


@pytest.mark.parametrize("verb", [["today"], ["doses"], ["history"], ["adherence", "--from-journal"],
                                  ["export", "--format", "ics"]])
def test_a_malformed_person_is_a_usage_error_before_anything_is_asked(verb):
    out = subprocess.run([os.path.join(harness.bin_dir(), "medctl"), "--socket", "/nonexistent/medd.sock", *verb,
                          "--person", "Aunt May"], capture_output=True, text=True, timeout=30)
    assert out.returncode == 2, out.stderr
    assert "medctl: --person Aunt May: expected a person ID as medications name it" in out.stderr


# --- adherence by person: the ledger and the journal agree -----------------------------------------------

@pytest.fixture(scope="module")
def answered():
    """The household with yesterday's and today's doses answered: mum a late then on time, mum b skipped,
    dad c and nobody's d on time."""
    prefix = harness.unique_med()
    text, mum, dad = household(prefix)
    daemon = harness.Daemon(text, berlin(8, 0, 5))
    try:
        dose_events(f"{prefix}-a", timeout=8, MEDD_EVENT="fired")
        daemon.call("Taken", dose=f"{prefix}-a_20261121_08_00", at="2026-11-21T10:00:00+01:00")
        daemon.call("Taken", dose=f"{prefix}-a")
        daemon.call("Skip", dose=f"{prefix}-b")
        daemon.call("Taken", dose=f"{prefix}-c")
        daemon.call("Taken", dose=f"{prefix}-d")
        for suffix, count in (("a", 2), ("b", 1), ("c", 1), ("d", 1)):
            wait_for_finals(f"{prefix}-{suffix}", count)
        yield daemon, prefix, mum, dad
    finally:
        daemon.cleanup()


def adherence(daemon, *args):
    status, stdout, stderr = medctl(daemon, "adherence", "--since", SINCE, "--until", UNTIL, *args)
    assert status == 0, stderr
    return stdout


def test_adherence_for_one_person_from_the_ledger_and_the_journal(answered):
    daemon, prefix, mum, dad = answered
    for source in ([], ["--from-journal"]):
        report = json.loads(adherence(daemon, "--person", mum, "--json", *source))
        assert report["medications"] == {f"{prefix}-a": counts(1, 1, 0, 0), f"{prefix}-b": counts(0, 0, 1, 0)}, source
        assert report["total"] == counts(1, 1, 1, 0) and report["people"] == {mum: counts(1, 1, 1, 0)}, source
        table = adherence(daemon, "--person", dad, *source).splitlines()
        # One person: the table is the usual one, for that person's medications alone.
        assert table[0].startswith("Adherence of doses due 2026-11-21 00:00 to 2026-11-23 00:00 for " + dad)
        assert table[1].split() == ["MEDICATION", "ON", "TIME", "LATE", "SKIPPED", "MISSED", "TAKEN", "%"]
        assert [line.split() for line in table[2:]] == [[f"{prefix}-c", "1", "0", "0", "0", "100.0%"],
                                                       ["TOTAL", "1", "0", "0", "0", "100.0%"]]
    calendar = json.loads(medctl(daemon, "adherence", "--calendar", "--json", "--person", mum, "--until", "2026-11-22")[1])
    journal_calendar = json.loads(medctl(daemon, "adherence", "--calendar", "--json", "--person", mum, "--until",
                                         "2026-11-22", "--from-journal")[1])
    by_date = {d["date"]: d for d in calendar}
    assert by_date["2026-11-21"] == {"date": "2026-11-21", "onTime": 0, "late": 1, "skipped": 0, "missed": 0}
    assert by_date["2026-11-22"] == {"date": "2026-11-22", "onTime": 1, "late": 0, "skipped": 1, "missed": 0}
    assert calendar == journal_calendar


def test_adherence_groups_the_table_by_person(answered):
    daemon, prefix, mum, dad = answered
    ledger = adherence(daemon).splitlines()
    assert ledger[1].split() == ["PERSON", "MEDICATION", "ON", "TIME", "LATE", "SKIPPED", "MISSED", "TAKEN", "%"]
    assert [line.split() for line in ledger[2:]] == [
        [dad, f"{prefix}-c", "1", "0", "0", "0", "100.0%"],
        [dad, "(all)", "1", "0", "0", "0", "100.0%"],
        [mum, f"{prefix}-a", "1", "1", "0", "0", "100.0%"],
        [mum, f"{prefix}-b", "0", "0", "1", "0", "0.0%"],
        [mum, "(all)", "1", "1", "1", "0", "66.7%"],
        ["(no", "person)", f"{prefix}-d", "1", "0", "0", "0", "100.0%"],
        ["(no", "person)", "(all)", "1", "0", "0", "0", "100.0%"],
        ["TOTAL", "3", "1", "1", "0", "80.0%"],
    ]
    assert len({len(line) for line in ledger[2:]}) == 1, "numbers are right-aligned under their headers"
    # The journal names the same people, so its table is the same but for where it came from.
    journal = adherence(daemon, "--from-journal", "--med", f"{prefix}-a").splitlines()
    assert journal[1].split()[0] == "MEDICATION", "one person: no PERSON column"
    assert [line.split() for line in journal[2:]] == [[f"{prefix}-a", "1", "1", "0", "0", "100.0%"],
                                                     ["TOTAL", "1", "1", "0", "0", "100.0%"]]
    everyone = json.loads(adherence(daemon, "--json"))
    assert everyone["people"] == {mum: counts(1, 1, 1, 0), dad: counts(1, 0, 0, 0)}
    assert everyone["total"] == counts(3, 1, 1, 0)


def test_the_journal_names_the_people_it_knows_for_a_person_it_does_not(answered):
    daemon, prefix, mum, dad = answered
    status, stdout, stderr = medctl(daemon, "adherence", "--from-journal", "--med", f"{prefix}-c", "--person", mum,
                                    "--since", SINCE, "--until", UNTIL)
    assert status == 0
    assert "no dose due in that range has been answered or missed" in stdout
    assert f"medctl: no medd answer in the journal is for person {mum}; its answers name {dad}" in stderr
