"""`medctl history` and `medctl export` against a running medd: the table, JSON, RFC 4180 CSV read back
with Python's csv module, and RFC 5545 iCalendar read back with the `icalendar` package."""
import csv
import datetime
import io
import json
import os
import re
import subprocess

import icalendar
import pytest

import harness

UTC = datetime.timezone.utc
CET = datetime.timezone(datetime.timedelta(hours=1))
FINAL = {"taken", "skipped", "missed"}
# A comma, doubled quotes, CRLF and LF line breaks, a backslash, a semicolon and non-ASCII text.
NOTE = 'after dinner, "mostly"\r\nline two; back\\slash — Grüße\nline three'
# Long enough, in two-byte characters, that its iCalendar line must fold inside UTF-8 text.
LONG_REASON = "Übelkeit " * 12 + "→ später"


def medctl(daemon, *args, socket=None):
    """Runs medctl with TZ=Europe/Berlin against the daemon's socket; returns the CompletedProcess (bytes)."""
    argv = [os.path.join(harness.bin_dir(), "medctl"), "--socket", socket or daemon.socket_path, *args]
    return subprocess.run(argv, env=dict(os.environ, TZ=harness.ZONE, NO_COLOR="1"), capture_output=True, timeout=20)


def awkward_config(metformin, insulin):
    """Names and doses with commas, quotes, semicolons, a newline (a TOML escape) and non-ASCII text;
    the insulin follows New York time, so 02:30 on 2027-03-14 (spring forward) is 03:30 EDT."""
    return f"""[settings]
horizon_days = 3
grace = "2h"

[medication.{metformin}]
name = "Metformin, \\"XR\\""
dose = "500 mg; ½ Tablette\\nmit Wasser"
times = ["08:00", "20:00"]
notes = "with food, \\"always\\""

[medication.{insulin}]
name = "Insülin — Nacht"
dose = "10 IE"
times = ["02:30"]
timezone = "America/New_York"
"""


@pytest.fixture
def answered(daemons, med):
    """A daemon whose doses were answered in every way: one taken with an awkward note, one skipped with a
    long reason, and (after a day's downtime) two missed, one of them on New York's spring-forward day."""
    metformin, insulin = med, med + "-ins"
    daemon = daemons(awkward_config(metformin, insulin), datetime.datetime(2027, 3, 13, 20, 0, 30, tzinfo=CET))
    harness.dose_events(metformin, at_least=1, timeout=10, MEDD_EVENT="fired")
    daemon.call("Taken", dose=f"{metformin}_20270313_20_00", note=NOTE)
    daemon.call("Skip", dose=f"{insulin}_20270313_02_30", reason=LONG_REASON)
    daemon.stop()
    daemon.start(datetime.datetime(2027, 3, 14, 12, 0, tzinfo=CET))
    return daemon, metformin, insulin


def listed(daemon, start, end, medication=None):
    parameters = {"from": start, "to": end, **({"medication": medication} if medication else {})}
    return daemon.call("ListDoses", **parameters)["doses"]


def test_history_table_json_and_filter(answered):
    """The table lists the final doses oldest first, one line each; --json is the daemon's dose objects."""
    daemon, metformin, insulin = answered
    window = ("--since", "2027-03-13", "--until", "2027-03-15")
    expected = [d for d in listed(daemon, "2027-03-13T00:00:00+01:00", "2027-03-15T00:00:00+01:00") if d["state"] in FINAL]
    assert [(d["id"], d["state"]) for d in expected] == [
        (f"{insulin}_20270313_02_30", "skipped"), (f"{metformin}_20270313_20_00", "taken"),
        (f"{metformin}_20270314_08_00", "missed"), (f"{insulin}_20270314_02_30", "missed")]

    out = medctl(daemon, "history", *window)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.decode().splitlines()
    assert lines[0].split() == ["DUE", "DOSE", "ID", "MEDICATION", "STATE", "ANSWERED", "SOURCE", "NOTE"]
    assert len(lines) == 1 + len(expected)
    assert [line.split()[2] for line in lines[1:]] == [d["id"] for d in expected]
    taken = lines[2]
    assert taken.startswith(f"2027-03-13 20:00  {metformin}_20270313_20_00")
    assert 'Metformin, "XR" 500 mg; ½ Tablette↵mit Wasser' in taken and re.search(r" taken +20:00 +cli +after dinner", taken)
    assert taken.endswith('after dinner, "mostly"↵line two; back\\slash — Grüße↵line three')
    # The insulin dose due 08:30 in Berlin was missed: the daemon marked it at start-up, 12:00.
    assert lines[4].startswith(f"2027-03-14 08:30  {insulin}_20270314_02_30")
    assert re.search(r" missed +12:00 +daemon +came due while medd was not running$", lines[4]), lines[4]

    for args in (["--json", "history", *window], ["history", *window, "--format", "json"]):
        out = medctl(daemon, *args)
        assert out.returncode == 0, out.stderr
        assert json.loads(out.stdout) == expected

    out = medctl(daemon, "history", *window, "--med", insulin, "--format", "json")
    assert [d["id"] for d in json.loads(out.stdout)] == [f"{insulin}_20270313_02_30", f"{insulin}_20270314_02_30"]


def test_history_csv_round_trips(answered, tmp_path):
    """RFC 4180: CRLF records, a header, quoting only where needed; the csv module reads every value back,
    and `export --format csv` (to stdout or --output) writes the same bytes."""
    daemon, _, _ = answered
    expected = [d for d in listed(daemon, "2027-03-13T00:00:00+01:00", "2027-03-15T00:00:00+01:00") if d["state"] in FINAL]
    out = medctl(daemon, "history", "--since", "2027-03-13", "--until", "2027-03-15", "--format", "csv")
    assert out.returncode == 0, out.stderr
    raw = out.stdout

    columns = ["id", "medication", "name", "dose", "scheduled", "state", "answered_at", "source", "note"]
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8"), newline=""), strict=True))
    assert rows[0] == columns
    assert [dict(zip(columns, row)) for row in rows[1:]] == [
        {"id": d["id"], "medication": d["medication"], "name": d["name"], "dose": d["dose"], "scheduled": d["scheduled"],
         "state": d["state"], "answered_at": d.get("answeredAt", ""), "source": d.get("source", ""), "note": d.get("note", "")}
        for d in expected]
    assert rows[2][8] == NOTE and rows[1][8] == LONG_REASON

    # Byte for byte what Python's own RFC 4180 writer makes of the same rows (CRLF, minimal quoting).
    reference = io.StringIO(newline="")
    csv.writer(reference, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL).writerows(rows)
    assert raw == reference.getvalue().encode("utf-8")

    out = medctl(daemon, "export", "--format", "csv", "--since", "2027-03-13", "--days", "2")
    assert out.returncode == 0 and out.stdout == raw, out.stderr
    path = tmp_path / "history.csv"
    out = medctl(daemon, "export", "--format", "csv", "--since", "2027-03-13", "--days", "2", "--output", str(path))
    assert out.returncode == 0 and out.stdout == b"" and path.read_bytes() == raw, out.stderr


def physical_lines(raw):
    """The content lines as sent: every one must end in CRLF, with no bare LF or CR anywhere."""
    assert raw.endswith(b"\r\n")
    lines = raw[:-2].split(b"\r\n")
    assert all(b"\n" not in line and b"\r" not in line for line in lines)
    return lines


def test_export_ics_lists_every_dose_in_the_range(answered):
    """One VEVENT per dose ListDoses reports, UID = dose ID, DTSTART = the dose's usec in UTC (the New York
    spring-forward dose included), text escaped and folded at 75 octets without splitting UTF-8."""
    daemon, metformin, insulin = answered
    doses = listed(daemon, "2027-03-13T00:00:00+01:00", "2027-03-16T00:00:00+01:00")
    out = medctl(daemon, "export", "--format", "ics", "--since", "2027-03-13", "--days", "3")
    assert out.returncode == 0, out.stderr
    raw = out.stdout

    lines = physical_lines(raw)
    for line in lines:
        assert len(line) <= 75
        line.decode("utf-8")  # a fold never cuts a multi-byte character
    assert any(line.startswith(b" ") for line in lines)  # LONG_REASON needed folding

    calendar = icalendar.Calendar.from_ical(raw)
    assert str(calendar["VERSION"]) == "2.0" and str(calendar["CALSCALE"]) == "GREGORIAN"
    assert str(calendar["METHOD"]) == "PUBLISH" and "medd" in str(calendar["PRODID"]) and calendar["X-WR-CALNAME"]
    events = calendar.walk("VEVENT")
    assert len(events) == len(doses) == 9
    assert [str(e["UID"]) for e in events] == [f"{d['id']}@medd" for d in doses]
    for event, dose in zip(events, doses):
        start = event.decoded("DTSTART")
        assert start.tzinfo is not None and start.utcoffset() == datetime.timedelta(0)
        assert int(start.timestamp()) * 1_000_000 == dose["usec"]
        assert event.decoded("DURATION") == datetime.timedelta(minutes=5)
        assert event.decoded("DTSTAMP").tzinfo is not None
        assert str(event["SUMMARY"]) == f"{dose['name']} {dose['dose']}"
        assert f"State: {dose['state']}" in str(event["DESCRIPTION"]) and str(event["X-MEDD-STATE"]) == dose["state"]
        assert str(event["STATUS"]) == ("CANCELLED" if dose["state"] == "skipped" else "CONFIRMED")
        # An untracked dose (08:00 on the 13th, before medd first ran) never alerts, so it gets no alarm.
        assert bool(event.walk("VALARM")) == (dose["state"] not in FINAL | {"untracked"})
    assert [d["id"] for d in doses if d["state"] == "untracked"] == [f"{metformin}_20270313_08_00"]

    by_id = {str(e["UID"]).removesuffix("@medd"): e for e in events}
    dst = by_id[f"{insulin}_20270314_02_30"]  # 02:30 does not exist in New York that day: 03:30 EDT
    assert dst.decoded("DTSTART") == datetime.datetime(2027, 3, 14, 7, 30, tzinfo=UTC)
    assert b"DTSTART:20270314T073000Z" in lines
    assert by_id[f"{insulin}_20270313_02_30"].decoded("DTSTART") == datetime.datetime(2027, 3, 13, 7, 30, tzinfo=UTC)
    assert by_id[f"{insulin}_20270315_02_30"].decoded("DTSTART") == datetime.datetime(2027, 3, 15, 6, 30, tzinfo=UTC)
    taken = str(by_id[f"{metformin}_20270313_20_00"]["DESCRIPTION"])
    assert f"Note: {NOTE.replace(chr(13) + chr(10), chr(10))}" in taken and "via cli" in taken
    assert f"Note: {LONG_REASON}" in str(by_id[f"{insulin}_20270313_02_30"]["DESCRIPTION"])
    assert b"SUMMARY:Metformin\\, \"XR\" 500 mg\\; \xc2\xbd Tablette\\nmit Wasser" in lines

    out = medctl(daemon, "export", "--format", "ics", "--since", "2027-03-13", "--days", "3", "--med", insulin)
    assert [str(e["UID"]) for e in icalendar.Calendar.from_ical(out.stdout).walk("VEVENT")] == [
        f"{insulin}_2027031{day}_02_30@medd" for day in (3, 4, 5)]


def test_export_ics_berlin_spring_forward(daemons, med):
    """In the local zone (Europe/Berlin) 02:30 on 2027-03-28 does not exist: the event starts at 03:30 CEST."""
    daemon = daemons(harness.config(med, times=("02:30", "12:00")), datetime.datetime(2027, 3, 27, 12, 0, 30, tzinfo=CET))
    out = medctl(daemon, "export", "--format", "ics", "--since", "2027-03-28", "--days", "1")
    assert out.returncode == 0, out.stderr
    events = icalendar.Calendar.from_ical(out.stdout).walk("VEVENT")
    assert [(str(e["UID"]), e.decoded("DTSTART")) for e in events] == [
        (f"{med}_20270328_02_30@medd", datetime.datetime(2027, 3, 28, 1, 30, tzinfo=UTC)),
        (f"{med}_20270328_12_00@medd", datetime.datetime(2027, 3, 28, 10, 0, tzinfo=UTC))]
    assert [d["usec"] for d in listed(daemon, "2027-03-28T00:00:00+01:00", "2027-03-29T00:00:00+02:00")] == [
        int(e.decoded("DTSTART").timestamp()) * 1_000_000 for e in events]


@pytest.mark.parametrize("args", [
    ["history", "--format", "xml"], ["export", "--format", "pdf"], ["export"], ["export", "--format", "ics", "--days", "0"],
    ["--json", "history", "--format", "csv"], ["--json", "export", "--format", "csv"], ["history", "--since", "yesterday"],
    ["history", "--since", "2027-03-14", "--until", "2027-03-13"]])
def test_usage_errors_exit_2(daemons, med, args):
    daemon = daemons(harness.config(med), harness.berlin(7, 0))
    out = medctl(daemon, *args)
    assert out.returncode == 2 and out.stderr and not out.stdout, (out.returncode, out.stderr)


@pytest.mark.parametrize("args", [["history"], ["export", "--format", "csv"], ["export", "--format", "ics"]])
def test_unreachable_socket_exits_69(tmp_path, args):
    missing = str(tmp_path / "nobody.sock")
    out = medctl(None, *args, socket=missing)
    assert out.returncode == 69 and missing in out.stderr.decode() and not out.stdout, out.stderr


def test_output_file_it_cannot_write_exits_1(daemons, med, tmp_path):
    daemon = daemons(harness.config(med), None)  # the real clock: medctl's "today" is the daemon's
    target = tmp_path / "no-such-dir" / "doses.ics"
    out = medctl(daemon, "export", "--format", "ics", "--output", str(target))
    assert out.returncode == 1 and f"cannot write {target}" in out.stderr.decode() and not target.exists(), out.stderr
    good = tmp_path / "doses.ics"
    out = medctl(daemon, "export", "--format", "ics", "--output", str(good))
    assert out.returncode == 0 and out.stdout == b"", out.stderr
    events = icalendar.Calendar.from_ical(good.read_bytes()).walk("VEVENT")
    # No --since: from the start of today to the end of the daemon's horizon, as ListDoses without a range.
    assert [str(e["UID"]) for e in events] == [f"{d['id']}@medd" for d in daemon.call("ListDoses")["doses"]]


def test_a_year_of_history_comes_in_replies_with_more_and_as_one_reply_without(daemons, tmp_path):
    """A year of ten medications (10,950 doses, filled into the ledger as the benchmark fills it): with
    `more`, they come in replies of about 64 KiB, only the last without `continues` (read raw, then through
    the PyPI client), also when a thousand doses carry 16 KiB notes; without it, one reply holds them all; `medctl history` and `medctl export
    --output` write every one, and an export that cannot reach medd leaves no file behind."""
    import sys
    sys.path.insert(0, os.path.join(harness.REPO, "Benchmarks", "daemon"))
    import history_startup
    daemon = daemons(history_startup.config_text(), history_startup.clock())
    daemon.stop()
    doses, _ = history_startup.fill(os.path.join(daemon.state_dir, "ledger.sqlite"), 1)
    daemon.start(history_startup.clock())
    span = {"from": "2024-01-01T00:00:00+01:00", "to": "2026-11-22T00:00:00+01:00"}
    whole = daemon.call("ListHistory", **span)["doses"]
    assert len(whole) >= doses > 2 * 2000 and len(whole) % 2000 != 0
    def raw_replies():
        call = json.dumps({"method": "io.medd.Control.ListHistory", "parameters": span, "more": True}).encode() + b"\0"
        replies, _ = daemon.raw(call, read_timeout=10)
        assert [r.get("continues", False) for r in replies] == [True] * (len(replies) - 1) + [False]
        return replies
    replies = raw_replies()
    sizes = [len(json.dumps(r, separators=(",", ":")).encode()) for r in replies]
    assert len(replies) > 40 and all(60_000 < size < 100_000 for size in sizes[:-1]), sizes
    assert [d for r in replies for d in r["parameters"]["doses"]] == whole
    with daemon.client() as client, client.open("io.medd.Control") as control:
        pages = [reply["doses"] for reply in control.ListHistory(_more=True, **span)]
    assert len(pages) == len(replies) and [d for page in pages for d in page] == whole

    history = medctl(daemon, "history", "--since", "2024-01-01", "--until", "2026-11-22", "--format", "csv")
    assert history.returncode == 0, history.stderr
    rows = list(csv.reader(io.StringIO(history.stdout.decode(), newline="")))
    assert rows[0][0] == "id" and [row[0] for row in rows[1:]] == [d["id"] for d in whole]
    exported = tmp_path / "history.csv"
    days = (datetime.date(2026, 11, 22) - datetime.date(2024, 1, 1)).days
    out = medctl(daemon, "export", "--format", "csv", "--since", "2024-01-01", "--days", str(days), "--output", str(exported))
    assert out.returncode == 0, out.stderr
    assert exported.read_bytes() == history.stdout
    # Notes of 16 KiB on a thousand doses: a page of 2000 would be 17 MB, more than medd holds for a reader;
    # it is sent in replies of the same size as the others.
    daemon.stop()
    import sqlite3
    ledger = sqlite3.connect(os.path.join(daemon.state_dir, "ledger.sqlite"))
    ledger.execute("UPDATE event SET note = ? WHERE seq IN (SELECT final_seq FROM dose ORDER BY scheduled_usec LIMIT 1000)",
                   ("n" * 16384,))
    ledger.commit()
    ledger.close()
    daemon.start(history_startup.clock())
    replies = raw_replies()
    assert max(len(json.dumps(r, separators=(",", ":")).encode()) for r in replies) < 100_000
    assert sum(1 for r in replies for d in r["parameters"]["doses"] if d.get("note") == "n" * 16384) == 1000
    assert [d["id"] for r in replies for d in r["parameters"]["doses"]] == [d["id"] for d in whole]
    missing = tmp_path / "never.csv"
    out = medctl(daemon, "export", "--format", "csv", "--output", str(missing), socket=str(tmp_path / "nothing.sock"))
    assert out.returncode != 0 and not missing.exists()
