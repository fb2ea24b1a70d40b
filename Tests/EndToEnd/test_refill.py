"""Refills end to end against a real medd, journald and ledger: `medctl refill` adds to a counted stock without an
edit, the `refilled` entry carries the amounts, a hook gets them, the level survives a restart and a backup restored
into a fresh state directory, the low-stock warning ends (in `medctl meds`, and on the desktop), and every bad input
is refused with its own message while the daemon goes on and the stock stays."""
import decimal
import json
import os
import sqlite3
import subprocess
import tempfile
import time

import harness
import locales
from caldav_servers import Phone
from harness import ZONE, berlin, bin_dir, dose_events, medctl_output
from sync_harness import Sync, sync_table
from test_medctl import read_lines, start_watch

REFILLED_ID = "b18f21141f464b2ca9c2a0b951fda903"  # units/medd.catalog, MEDD_EVENT=refilled
TIMES = [f"08:{minute:02d}" for minute in range(0, 50, 5)]  # ten doses, 08:00 to 08:45


def refill_config(med, hook_log=None):
    """Metformin with 2 units on hand, half a unit a dose and refill_at 3 (so it is low from the start), a measurement,
    and a vitamin that counts no stock; with `hook_log`, a hook that logs each refill's fields."""
    text = (f'[settings]\nearly = "12h"\n\n[medication.{med}]\nname = "Metformin"\ndose = "500 mg"\n'
            f'times = {json.dumps(TIMES)}\nstock = 2\nper_dose = 0.5\nrefill_at = 3\n\n'
            f'[medication.{med}-vit]\nname = "Vitamin D"\ndose = "1000 IU"\ntimes = ["09:00"]\n\n'
            f'[measurement.{med}-bp]\nkind = "blood_pressure"\n')
    if hook_log:
        text += (f'\n[[hook]]\non = ["refilled"]\n'
                 f'exec = ["/bin/sh", "-c", "echo $MEDD_EVENT $MEDD_MED_ID $MEDD_AMOUNT $MEDD_STOCK $MEDD_NOTE >> {hook_log}"]\n')
    return text


def medctl(daemon, *args, env=None):
    environment = dict(env or os.environ, TZ=ZONE, NO_COLOR="1")
    return subprocess.run([os.path.join(bin_dir(), "medctl"), "--socket", daemon.socket_path, *args],
                          capture_output=True, text=True, env=environment, timeout=30)


def stock_of(daemon, med):
    """`medctl meds --json`'s stock of `med`, exactly: the JSON's decimal digits as written, never a binary float."""
    medications = json.loads(medctl_output(daemon, "--json", "meds"), parse_float=decimal.Decimal, parse_int=decimal.Decimal)
    [medication] = [m for m in medications if m["id"] == med]
    return str(medication["stock"])


def meds_row(daemon, med):
    [row] = [line for line in medctl_output(daemon, "meds").splitlines() if line.startswith(med + " ")]
    return row


def refill_events(med, at_least=1):
    return dose_events(med, at_least=at_least, timeout=8.0, MEDD_EVENT="refilled")


def test_a_refill_is_counted_journaled_and_kept(daemons, med, tmp_path):
    """2 on hand (low: refill_at 3) + 30 refilled − 10 doses × 0.5 = 27, exactly, in `medctl meds --json`; the journal's
    refilled entry and the hook carry the amounts; a restart and a backup restored elsewhere give 27 again."""
    hook_log = tmp_path / "hooks.log"
    config = refill_config(med, hook_log)
    daemon = daemons(config, berlin(7, 59, 58))
    assert "2 (refill)" in meds_row(daemon, med)

    out = medctl(daemon, "refill", med, "30", "--note", "pharmacy")
    assert out.returncode == 0, out.stderr
    assert out.stdout == "refilled: Metformin +30, 32 on hand; above its refill level, 3, again\n"
    assert stock_of(daemon, med) == "32"
    assert "(refill)" not in meds_row(daemon, med)

    for due in TIMES:
        assert daemon.call("Taken", dose=f"{med}_20261122_{due.replace(':', '_')}")["dose"]["state"] == "taken"
    assert stock_of(daemon, med) == "27"
    [medication] = [m for m in daemon.call("Medications")["medications"] if m["id"] == med]
    assert medication["stockStart"] == 2 and medication["refillAt"] == 3

    [entry] = refill_events(med)
    assert entry["MESSAGE_ID"] == REFILLED_ID and entry["PRIORITY"] == "6"
    assert entry["MEDD_AMOUNT"] == "30" and entry["MEDD_STOCK"] == "32" and entry["MEDD_NOTE"] == "pharmacy"
    assert entry["MEDD_MED_ID"] == med and entry["MEDD_SOURCE"] == "cli"
    assert entry["MESSAGE"] == "Metformin 500 mg (" + med + "): refilled with 30 via cli, 32 on hand; note: pharmacy"
    assert entry["MEDD_DOSE_ID"].startswith(med + "_20261122_0")
    adherence = daemon.call("Adherence", medication=med, until="2026-11-22T09:00:00+01:00")["medications"][med]
    assert adherence["taken"] == 10 and adherence["missed"] == 0 and adherence["skipped"] == 0
    history = daemon.call("ListHistory", medication=med)["doses"]
    assert [d["state"] for d in history] == ["taken"] * 10, "the refill is no dose of the history"

    def hook_lines():
        return hook_log.read_text().splitlines() if hook_log.exists() else []
    deadline = time.monotonic() + 8
    while not hook_lines() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert hook_lines() == [f"refilled {med} 30 32 pharmacy"]

    daemon.stop()
    daemon.start(berlin(9, 0))
    assert stock_of(daemon, med) == "27"
    assert "(refill)" not in meds_row(daemon, med)

    backup = tmp_path / "backup.sqlite"
    out = medctl(daemon, "backup", str(backup))
    assert out.returncode == 0, out.stderr
    fresh = tempfile.mkdtemp(prefix="medd-e2e-refill-")
    restored = subprocess.run([os.path.join(bin_dir(), "medd"), "--restore", str(backup), "--state-dir", os.path.join(fresh, "state")],
                              capture_output=True, text=True, timeout=60)
    assert restored.returncode == 0, restored.stderr
    daemon.stop()
    elsewhere = daemons(config, berlin(9, 5), directory=fresh)
    assert stock_of(elsewhere, med) == "27"
    with sqlite3.connect(f"file:{os.path.join(elsewhere.state_dir, 'ledger.sqlite')}?mode=ro", uri=True) as db:
        rows = db.execute("SELECT medication, value, stock, note FROM event WHERE kind = 'refilled'").fetchall()
        dose_rows = db.execute("SELECT count(*) FROM dose WHERE medication = ?", (med,)).fetchone()[0]
    assert rows == [(med, "30", "32", "pharmacy")]
    assert dose_rows == 10, "the refill has no dose row"


def test_bad_refills_are_refused_and_change_nothing(daemons, med):
    """Each bad input exits 1 with its own message; the daemon goes on, the stock stays 2, nothing is journaled."""
    daemon = daemons(refill_config(med), berlin(7, 59, 58))
    to_correct = "a refill adds units; to correct the count, set `stock = N` in medd.toml"
    cases = [
        (["aspirin-x", "30"], "medctl: no medication aspirin-x in the configuration"),
        ([med + "-bp", "30"], f"medctl: {med}-bp: refill refused: {med}-bp is a measurement, not a medication; "
                              "only a medication's stock is refilled"),
        ([med, "-3"], f"medctl: {med}: refill refused: the amount must be more than 0, not -3: {to_correct}"),
        ([med, "-2.5"], f"medctl: {med}: refill refused: the amount must be more than 0, not -2.5: {to_correct}"),
        ([med, "0"], f"medctl: {med}: refill refused: the amount must be more than 0, not 0: {to_correct}"),
        ([med, "abc"], f'medctl: {med}: refill refused: the amount "abc" is not a number; give the units added as a decimal, '
                       "such as 30 or 2.5"),
        ([med, "1.2345"], f"medctl: {med}: refill refused: the amount 1.2345 has more than 3 decimal places; "
                          "stock is counted in thousandths of a unit"),
        ([med, "250000"], f"medctl: {med}: refill refused: the amount 250000 is more than one refill adds: at most 100000 units"),
        ([med + "-vit", "30"], f"medctl: {med}-vit: refill refused: {med}-vit does not count its stock, so there is nothing to "
                               f"refill; start counting with `stock = N` (the units on hand) in its [medication.{med}-vit] table "
                               "in medd.toml, then `medctl reload`"),
    ]
    for arguments, message in cases:
        out = medctl(daemon, "refill", *arguments)
        assert (out.returncode, out.stdout, out.stderr) == (1, "", message + "\n"), arguments
    usage = medctl(daemon, "refill", med)
    assert usage.returncode == 2 and "name a medication and the units added, like: medctl refill metformin 30" in usage.stderr
    assert daemon.process.poll() is None and daemon.call("Status")["version"]
    assert stock_of(daemon, med) == "2"
    assert dose_events(med, at_least=1, timeout=0.5, MEDD_EVENT="refilled") == []


def test_refill_through_the_varlink_client_and_watch(daemons, med):
    """The reference Python client calls Refill: the reply is the medication with its new stock; a refused amount is
    InvalidRefill with the medication and the message. `medctl watch` shows the refill with its amounts, and
    `medctl --json refill` prints the reply."""
    daemon = daemons(refill_config(med), berlin(7, 30))  # no dose fires meanwhile: the refill is watch's first line
    watch = start_watch(daemon)
    try:
        time.sleep(0.3)
        reply = daemon.call("Refill", medication=med, amount="0.125", note="sample pack")
        [line] = read_lines(watch, 1)
        assert f"  refilled  {med}_20261122_07_30  Metformin 500 mg  +0.125, 2.125 on hand" in line, line
    finally:
        watch.terminate()
    assert reply["medication"]["id"] == med and reply["medication"]["stock"] == 2.125
    assert reply["medication"]["stockStart"] == 2 and reply["medication"]["refillAt"] == 3
    name, parameters = daemon.error_of("Refill", medication=med, amount="-3")
    assert name == "io.medd.Control.InvalidRefill" and parameters["medication"] == med
    assert parameters["message"].startswith("the amount must be more than 0, not -3")
    assert daemon.error_of("Refill", medication="aspirin-x", amount="1") == ("io.medd.Control.NoSuchMedication", {"medication": "aspirin-x"})
    [number], _ = daemon.raw(b'{"method":"io.medd.Control.Refill","parameters":{"medication":"%s","amount":3}}\0' % med.encode())
    assert number == {"error": "org.varlink.service.InvalidParameter", "parameters": {"parameter": "amount"}}, "the amount is text"
    [entry] = refill_events(med)
    assert entry["MEDD_AMOUNT"] == "0.125" and entry["MEDD_STOCK"] == "2.125" and entry["MEDD_NOTE"] == "sample pack"
    assert stock_of(daemon, med) == "2.125"
    out = medctl(daemon, "--json", "refill", med, "0.875")
    assert out.returncode == 0, out.stderr
    replied = json.loads(out.stdout, parse_float=decimal.Decimal, parse_int=decimal.Decimal)["medication"]
    assert replied["id"] == med and str(replied["stock"]) == "3" and str(replied["stockStart"]) == "2"


def test_the_locale_decimal_comma_is_accepted(daemons, med):
    daemon = daemons(refill_config(med), berlin(7, 59, 58))
    out = medctl(daemon, "refill", med, "2,5", env=locales.env("de_DE.UTF-8"))
    assert out.returncode == 0, out.stderr
    assert "+2,5, 4,5" in out.stdout, out.stdout
    assert stock_of(daemon, med) == "4.5"
    [entry] = refill_events(med)
    assert entry["MEDD_AMOUNT"] == "2.5" and entry["MEDD_STOCK"] == "4.5"


def test_a_refill_closes_the_low_stock_notification(daemons, med, session_bus, fake_notifier):
    """A dose brings the stock to refill_at: low-stock, and its notification; a refill above it closes that
    notification and shows none of its own; the next fall to refill_at warns again."""
    config = (f'[settings]\nearly = "12h"\n\n[medication.{med}]\nname = "Metformin"\ndose = "500 mg"\n'
              'times = ["08:00", "12:00"]\nstock = 4\nper_dose = 1\nrefill_at = 3\n')
    daemon = daemons(config, berlin(8, 0, 5), desktop_bus=session_bus.address)
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    daemon.call("Taken", dose=f"{med}_20261122_08_00")
    fake_notifier.wait_for(lambda s: any(n["hints"].get("category") == "x-medd.low-stock" for n in s.notifies))
    [low] = [n for n in fake_notifier.notifies if n["hints"]["category"] == "x-medd.low-stock"]
    shown = len(fake_notifier.notifies)
    out = medctl(daemon, "refill", med, "1")
    assert out.stdout == "refilled: Metformin +1, 4 on hand; above its refill level, 3, again\n", out.stderr
    fake_notifier.wait_for(lambda s: low["id"] in s.closes, timeout=5)
    assert len(fake_notifier.notifies) == shown, "a refill shows no notification of its own"
    daemon.call("Taken", dose=f"{med}_20261122_12_00")
    lows = dose_events(med, at_least=2, timeout=8.0, MEDD_EVENT="low-stock")
    assert [e["MEDD_DOSE_ID"] for e in lows] == [f"{med}_20261122_08_00", f"{med}_20261122_12_00"]
    fake_notifier.wait_for(lambda s: sum(n["hints"].get("category") == "x-medd.low-stock" for n in s.notifies) == 2)


def test_medd_sync_publishes_no_todo_for_a_refill(daemons, med, radicale, syncs):
    """A refill's event names the medication and its minute, not a dose: medd-sync, following medd's changes, puts
    nothing on the server for it, and goes on sending the doses' answers."""
    config = harness.config(med, extra="stock = 2\nrefill_at = 3\n") + sync_table(radicale, poll="10s")
    daemon = daemons(config, berlin(7, 0))
    sync = Sync(daemon)
    syncs.append(sync)
    sync.wait_in_sync()
    phone = Phone(radicale)
    phone.wait_for(lambda todos: todos if len(todos) == 2 else None)
    assert medctl(daemon, "refill", med, "30").returncode == 0
    daemon.call("Taken", dose=f"{med}_20261122_08_00")
    phone.wait_for(lambda todos: [t for t in todos if t.uid == f"{med}_20261122_08_00@medd" and t.status == "COMPLETED"],
                   timeout=5, interval=0.05)
    time.sleep(1)
    assert sorted(t.uid for t in phone.todos()) == [f"{med}_20261122_08_00@medd", f"{med}_20261122_20_00@medd"]
