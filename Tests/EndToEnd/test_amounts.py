"""Half tablets, every other week, silent doses and one answer for all, end to end: decimal stock through the
real ledger, Varlink and medctl; a ledger written by medd 0.9.0 read the same after its migration;
`remind = false` against a recording notification server; `medctl taken --all`."""
import json
import os
import shutil
import socket
import subprocess

import release_fixture
from harness import berlin, bin_dir, dose_events, medctl_output, ZONE

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "ledger-0.9.0")


def events_of(med, kind, at_least=1, timeout=5.0):
    return dose_events(med, at_least=at_least, timeout=timeout, MEDD_EVENT=kind)


def medctl(daemon, *args):
    environment = dict(os.environ, TZ=ZONE, NO_COLOR="1")
    return subprocess.run([os.path.join(bin_dir(), "medctl"), "--socket", daemon.socket_path, *args],
                          capture_output=True, text=True, env=environment, timeout=30)


def reply_bytes(daemon, message):
    """The daemon's reply to one Varlink message as it was written, before any JSON reader rounds it."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(5)
        sock.connect(daemon.socket_path)
        sock.sendall(message)
        data = b""
        while not data.endswith(b"\0"):
            chunk = sock.recv(65536)
            assert chunk, "the daemon closed the connection"
            data += chunk
    return data


def test_a_ledger_written_by_0_9_0_reads_the_same(daemons):
    """The committed ledger of medd 0.9.0 (whole-unit stock) is migrated at start-up: medctl shows the same stock,
    forecast, history and doses as 0.9.0's medctl did, and the ledger lists the fourth migration."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("make_fixture", os.path.join(FIXTURE, "make.py"))
    make = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    with open(os.path.join(FIXTURE, "medd.toml")) as f:
        config = f.read()
    daemon = daemons(config, None, extra_args=())
    daemon.stop()
    shutil.rmtree(daemon.state_dir)
    os.makedirs(daemon.state_dir)
    shutil.copy(os.path.join(FIXTURE, "ledger.sqlite"), os.path.join(daemon.state_dir, "ledger.sqlite"))
    daemon.start(make.CHECKED_AT)
    release_fixture.assert_outputs_as_written(daemon, FIXTURE, make.expected_outputs())
    import sqlite3
    db = sqlite3.connect(os.path.join(daemon.state_dir, "ledger.sqlite"))
    try:
        applied = [row[0] for row in db.execute("SELECT identifier FROM grdb_migrations ORDER BY identifier")]
        levels = dict(db.execute("SELECT medication, configured FROM stock"))
    finally:
        db.close()
    assert "v4: stock in thousandths" in applied
    assert levels == {"warfarin": 60_000, "levothyroxine": 30_000, "ibuprofen": 20_000}


def test_half_tablets_are_counted_exactly(daemons, med):
    """stock = 27.25 with per_dose = 0.5 and a quarter tablet at 12:00: two doses leave 26.5, written as that exact
    decimal over Varlink and in medctl meds; refill_at = 26.5 is crossed once, with a low-stock entry saying 26.5."""
    config = (f'[settings]\nearly = "12h"\n\n[medication.{med}]\nname = "Warfarin"\ndose = "half a tablet"\n'
              'times = ["08:00", { at = "12:00", dose = "a quarter tablet", per_dose = 0.25 }]\n'
              'stock = 27.25\nper_dose = 0.5\nrefill_at = 26.5\n')
    daemon = daemons(config, berlin(7, 59, 58))
    daemon.call("Taken", dose=f"{med}_20261122_08_00")
    daemon.call("Taken", dose=f"{med}_20261122_12_00")
    raw = reply_bytes(daemon, b'{"method":"io.medd.Control.Medications"}\0')
    assert b'"stock":26.5' in raw and b'"stockStart":27.25' in raw and b'"refillAt":26.5' in raw, raw
    [medication] = json.loads(medctl_output(daemon, "--json", "meds"))
    assert medication["stock"] == 26.5
    table = medctl_output(daemon, "meds")
    assert "26.5 (refill)" in table, table
    [low] = events_of(med, "low-stock")
    assert low["MEDD_REASON"] == "26.5 left of Warfarin; refill_at is 26.5"


def test_a_dose_without_reminder_is_recorded_and_missed_but_never_shown(daemons, med, session_bus, fake_notifier):
    """remind = false beside a reminded medication: the recording server gets the other's Notify only; the silent
    dose is fired in the journal, marked in medctl today, and missed after grace."""
    silent = med + "-silent"
    config = (f'[settings]\ngrace = "1m"\n\n[medication.{med}]\nname = "Metformin"\ndose = "500 mg"\ntimes = ["08:00"]\n\n'
              f'[medication.{silent}]\nname = "Vitamin D"\ndose = "1000 IU"\ntimes = ["08:00"]\nremind = false\n')
    daemon = daemons(config, berlin(7, 59, 58), desktop_bus=session_bus.address)
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    [fired] = events_of(silent, "fired")
    assert fired["MEDD_DOSE_ID"] == f"{silent}_20261122_08_00"
    today = medctl_output(daemon, "today")
    [row] = [line for line in today.splitlines() if f"{silent}_20261122_08_00" in line]
    assert "(no reminder)" in row, today
    doses = daemon.call("ListDoses", medication=silent)["doses"]
    assert doses and all(dose["remind"] is False for dose in doses)
    # Past its grace (restarted rather than waiting out the minute): missed, like any dose.
    daemon.stop()
    daemon.start(berlin(8, 1, 5))
    [missed] = events_of(silent, "missed", timeout=8)
    assert missed["MEDD_DOSE_ID"] == f"{silent}_20261122_08_00"
    events_of(med, "missed", timeout=8)
    assert {n["summary"] for n in fake_notifier.notifies} == {"Metformin 500 mg"}, fake_notifier.notifies


def test_taken_all_answers_every_open_dose(daemons, med):
    """Three open doses (caught up after downtime, one of them snoozed) answered by one medctl taken --all with a
    note: a line each, exit 0; --med narrows it to nothing open; a second run finds nothing; --all with a dose named,
    or --med without --all, is a usage error."""
    other = med + "-b"
    third = med + "-c"
    config = (f'[settings]\nrenotify = "0"\n\n[medication.{med}]\nname = "Metformin"\ndose = "500 mg"\ntimes = ["07:00"]\n\n'
              f'[medication.{other}]\nname = "Ramipril"\ndose = "5 mg"\ntimes = ["07:30"]\n\n'
              f'[medication.{third}]\nname = "Aspirin"\ndose = "100 mg"\ntimes = ["08:00"]\n\n'
              f'[medication.{med}-later]\nname = "Later"\ndose = "1"\ntimes = ["09:00"]\n')
    daemon = daemons(config, berlin(6, 59, 58))
    daemon.stop()
    daemon.start(berlin(8, 0, 1))
    events_of(med, "fired", at_least=1)
    daemon.call("Snooze", dose=f"{other}_20261122_07_30")
    assert medctl(daemon, "taken", "--all", "--med", med + "-later").stdout.strip() == "no open doses to answer"
    out = medctl(daemon, "taken", "--all", "--note", "after breakfast")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == 3, out.stdout
    for dose in (f"{med}_20261122_07_00", f"{third}_20261122_08_00", f"{other}_20261122_07_30"):
        assert sum(dose in line and line.startswith("taken") for line in lines) == 1, out.stdout
    states = {d["id"]: (d["state"], d.get("note")) for d in daemon.call("ListDoses")["doses"]}
    assert states[f"{med}_20261122_07_00"] == ("taken", "after breakfast")
    assert states[f"{other}_20261122_07_30"] == ("taken", "after breakfast")
    assert states[f"{med}-later_20261122_09_00"][0] == "planned"
    again = medctl(daemon, "--json", "taken", "--all")
    assert again.returncode == 0 and json.loads(again.stdout) == []
    usage = medctl(daemon, "taken", "--all", f"{med}_20261122_07_00")
    assert usage.returncode == 2 and "--all" in usage.stderr
    usage = medctl(daemon, "taken", "--med", med, f"{med}_20261122_07_00")
    assert usage.returncode == 2 and "--med only applies with --all" in usage.stderr, usage.stderr


def test_every_other_week_and_every_three_months_plan_offline(tmp_path):
    """medctl plan lists an every-other-week injection and an every-three-months one from their start, skipping a
    month that lacks the day."""
    config = tmp_path / "medd.toml"
    config.write_text('[settings]\ntimezone = "Europe/Berlin"\n\n'
                      '[medication.inj]\nname = "Injection"\ndose = "1"\ntimes = ["09:00"]\ndays = ["mon"]\n'
                      'every_weeks = 2\nstart = "2026-11-04"\n\n'
                      '[medication.b12]\nname = "B12"\ndose = "1 ml"\ntimes = ["10:00"]\nevery_months = 3\nstart = "2026-08-31"\n')
    out = subprocess.run([os.path.join(bin_dir(), "medctl"), "plan", "--config", str(config), "--from", "2026-11-01",
                          "--days", "300", "--json"], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    ids = [dose["id"] for dose in json.loads(out.stdout)]
    # Weeks from Monday: 2026-11-04 is a Wednesday of the week of 2026-11-02, so Mondays 11-16, 11-30, ...
    assert [i for i in ids if i.startswith("inj_")][:4] == ["inj_20261116_09_00", "inj_20261130_09_00",
                                                            "inj_20261214_09_00", "inj_20261228_09_00"]
    # August 31 + 3 months: November has no 31st (skipped), February neither; the next is May 31.
    assert [i for i in ids if i.startswith("b12_")] == ["b12_20270531_10_00"]
