"""`medctl report` end to end: a 90-day history built through a real medd (report_history.py), then the PDF read
back with poppler's pdftotext and pdfinfo and the HTML with Python's html.parser; both must show the very counts
and percentages `medctl adherence --json` gives for the same range, the reasons and notes, and the page size
asked for."""
import json
import os
import pty
import re
import shutil
import subprocess
import tempfile

import pytest

import harness
import html_tables
import report_history

SINCE = "2026-08-24"                  # local midnight, before the first dose
UNTIL = "2026-11-22T12:00:00+01:00"   # the daemon's clock when the history is built
RANGE = ("--since", SINCE, "--until", UNTIL)


def medctl(daemon, *args, env=None, **kwargs):
    environment = dict(os.environ, TZ=harness.ZONE, NO_COLOR="1", **(env or {}))
    environment.pop("MEDD_SOCKET", None)
    return subprocess.run([os.path.join(harness.bin_dir(), "medctl"), "--socket", daemon.socket_path, *args],
                          capture_output=True, env=environment, timeout=120, **kwargs)


@pytest.fixture(scope="module")
def history():
    with report_history.running() as running:
        yield running


@pytest.fixture(scope="module")
def adherence(history):
    daemon, _, _ = history
    out = medctl(daemon, "adherence", *RANGE, "--json")
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


NAMES = {"metformin": ("Metformin", "500 mg"), "ramipril": ("Ramipril", "5 mg"), "statin": ("Atorvastatin", "20 mg")}


def expected_rows(ids, adherence):
    """medication name → (on time, late, skipped, missed, percentage text) as `adherence --json` counts them."""
    rows = {}
    for key, med in ids.items():
        counts = adherence["medications"][med]
        rows[NAMES[key][0]] = (counts["onTime"], counts["late"], counts["skipped"], counts["missed"], f"{counts['percentage']:.1f}%")
    total = adherence["total"]
    rows["Total"] = (total["onTime"], total["late"], total["skipped"], total["missed"], f"{total['percentage']:.1f}%")
    return rows


def write_report(daemon, directory, *args, env=None):
    out = medctl(daemon, "report", *RANGE, *args, env=env)
    assert out.returncode == 0, out.stderr.decode()
    assert out.stdout == b"", "a report written to --output prints nothing"
    return out


def pdf_text(path):
    return subprocess.run(["pdftotext", "-layout", path, "-"], capture_output=True, text=True, check=True).stdout


def page_size(path):
    info = subprocess.run(["pdfinfo", path], capture_output=True, text=True, check=True).stdout
    return re.search(r"^Page size:\s+(.*)$", info, re.M).group(1)


def test_history_has_every_kind_of_answer(history, adherence):
    """The scripted history is what the report must show: late, skipped and missed doses, and both changes of mind."""
    daemon, ids, plan = history
    total = adherence["total"]
    assert total["late"] >= 10 and total["skipped"] >= 5 and total["missed"] >= 10 and total["onTime"] >= 200
    doses = {d["id"]: d for d in json.loads(medctl(daemon, "history", *RANGE, "--json").stdout)}
    assert {dose: doses[dose]["state"] for dose in plan} == plan
    skipped = [d for d in doses.values() if d["state"] == "skipped"]
    assert all(d["reason"] in report_history.SKIP_REASONS + ["had taken it twice the day before"] for d in skipped)
    assert any(d["reason"] == "had taken it twice the day before" for d in skipped)
    assert all("reason" not in d for d in doses.values() if d["state"] == "taken")


def test_pdf_has_the_adherence_counts(history, adherence, tmp_path):
    daemon, ids, _ = history
    path = str(tmp_path / "report.pdf")
    write_report(daemon, tmp_path, "--format", "pdf", "--output", path, "--paper", "a4")
    with open(path, "rb") as f:
        assert f.read(5) == b"%PDF-"
    assert page_size(path) == "595.276 x 841.89 pts (A4)"
    text = pdf_text(path)
    for name, (on_time, late, skipped, missed, percentage) in expected_rows(ids, adherence).items():
        [row] = [line for line in text.splitlines() if line.strip().startswith(name) and "%" in line]
        numbers = [token for token in row.split() if token.isdigit()]
        assert numbers[-4:] == [str(on_time), str(late), str(skipped), str(missed)], row
        assert percentage in row.split(), row
    assert "Anna Example" in text and "24 August 2026 to 22 November 2026" in text
    for reason in report_history.SKIP_REASONS:
        assert reason in text
    assert "taken with <food> & water" in text  # notes as written, not escaped
    meds = {m["id"]: m for m in json.loads(medctl(daemon, "--json", "meds").stdout)}
    ramipril = meds[ids["ramipril"]]
    assert f"Stock: {ramipril['stock']} units left" in " ".join(text.split())


def test_html_has_the_adherence_counts(history, adherence, tmp_path):
    daemon, ids, _ = history
    path = str(tmp_path / "report.html")
    write_report(daemon, tmp_path, "--output", path)  # the format from the extension
    with open(path, encoding="utf-8") as f:
        document = f.read()
    parser = html_tables.read(document)
    summary = parser.tables[0]
    assert summary[0][:7] == ["Medication", "Schedule", "On time", "Late", "Skipped", "Missed", "Taken %"]
    rows = {row[0].split(" ")[0]: row for row in summary[1:]}
    for name, (on_time, late, skipped, missed, percentage) in expected_rows(ids, adherence).items():
        assert rows[name][2:7] == [str(on_time), str(late), str(skipped), str(missed), percentage]
    exceptions = parser.tables[1]
    assert exceptions[0] == ["Due", "Medication", "Outcome", "Reason"]  # no skip or miss has a note of its own
    assert len(exceptions) - 1 == adherence["total"]["skipped"] + adherence["total"]["missed"]
    assert {row[3] for row in exceptions[1:] if row[2] == "skipped"} <= set(report_history.SKIP_REASONS) | {"had taken it twice the day before"}
    notes = parser.tables[2]
    assert any(row[3] == "taken with <food> & water" for row in notes[1:])
    assert not parser.script and "@page { size: A4;" in document
    assert "http" not in document.replace("http://www.w3.org/2000/svg", "")


def test_a_report_from_the_journal_has_the_journals_counts(history, tmp_path):
    """--from-journal: the counts of `adherence --from-journal` (the journal holds other tests' medications too,
    so each medication is reported alone), the due times of day as the schedule, and no stock."""
    daemon, ids, _ = history
    for key, med in ids.items():
        out = medctl(daemon, "adherence", "--from-journal", "--med", med, *RANGE, "--json")
        assert out.returncode == 0, out.stderr
        counts = json.loads(out.stdout)["medications"][med]
        path = str(tmp_path / f"{key}.html")
        write_report(daemon, tmp_path, "--from-journal", "--med", med, "--output", path)
        parser = html_tables.Tables()
        with open(path, encoding="utf-8") as f:
            parser.feed(f.read())
        rows = {row[0].split(" ")[0]: row for row in parser.tables[0][1:]}
        name = NAMES[key][0]
        assert rows[name][2:7] == [str(counts["onTime"]), str(counts["late"]), str(counts["skipped"]), str(counts["missed"]),
                                   f"{counts['percentage']:.1f}%"]
        assert rows[name][1].startswith("due at ")
    pdf = str(tmp_path / "journal.pdf")
    write_report(daemon, tmp_path, "--from-journal", "--med", ids["ramipril"], "--output", pdf)
    text = " ".join(pdf_text(pdf).split())
    assert "from the journal" in text and "units left" not in text


def test_default_range_is_the_last_90_days(history, tmp_path):
    """Without --since and --until the report covers the daemon's now back to the local midnight that begins the
    day 90 days before: a whole first day, though daylight saving time ended in between (the clocks went back on
    2026-10-25, so 90 × 24 hours before 12:00 CET is 13:00 CEST, which cut that day's 08:00 doses off)."""
    daemon, ids, _ = history
    out = medctl(daemon, "report", "--format", "html")
    assert out.returncode == 0, out.stderr
    html = out.stdout.decode()
    assert re.search(r"Doses due from 2026-08-24 00:00 to 2026-11-22 12:\d\d, local time", html), re.findall(r"Doses due from [^.]*", html)
    parser = html_tables.Tables()
    parser.feed(html)
    adherence = json.loads(medctl(daemon, "adherence", "--since", SINCE, "--json").stdout)
    rows = {row[0].split(" ")[0]: row for row in parser.tables[0][1:]}
    for name, (on_time, late, skipped, missed, percentage) in expected_rows(ids, adherence).items():
        assert rows[name][2:7] == [str(on_time), str(late), str(skipped), str(missed), percentage]


def test_paper_from_the_option_and_the_locale(history, tmp_path):
    daemon, _, _ = history
    letter = str(tmp_path / "letter.pdf")
    medctl(daemon, "report", *RANGE, "--med", history[1]["ramipril"], "--format", "pdf", "--output", letter, "--paper", "letter")
    assert page_size(letter) == "612 x 792 pts (letter)"
    # LC_PAPER of a locale compiled here (en_US: letter); the C locale's paper is A4.
    locales = tmp_path / "locales"
    locales.mkdir()
    subprocess.run(["localedef", "-i", "en_US", "-f", "UTF-8", str(locales / "en_US.UTF-8")], check=True, capture_output=True)
    by_locale = str(tmp_path / "locale.pdf")
    out = medctl(daemon, "report", *RANGE, "--format", "pdf", "--output", by_locale,
                 env={"LOCPATH": str(locales), "LC_PAPER": "en_US.UTF-8", "LC_ALL": ""})
    assert out.returncode == 0, out.stderr
    assert page_size(by_locale) == "612 x 792 pts (letter)"
    medctl(daemon, "report", *RANGE, "--format", "pdf", "--output", by_locale, env={"LC_PAPER": "C", "LC_ALL": ""})
    assert page_size(by_locale) == "595.276 x 841.89 pts (A4)"


@pytest.mark.parametrize("args, message", [
    (("--format", "pdf", "--paper", "a3"), "--paper a3: expected a4 or letter"),
    (("--format", "docx"), "--format docx: expected pdf or html"),
    ((), "--format pdf or --format html is required"),
    (("--output", "report.txt"), "--format pdf or --format html is required"),
    (("--format", "html", "--json"), "--json does not apply"),
    (("--format", "html", "--med", "Bad_ID"), "--med Bad_ID is not a medication ID"),
    (("--format", "html", "--since", "2026-11-22", "--until", "2026-11-01"), "is after --until"),
    (("--format", "html", "--person", "bob"), "no configured medication is for bob"),
])
def test_usage_errors_exit_2(history, args, message):
    daemon, _, _ = history
    out = medctl(daemon, "report", *args)
    assert out.returncode == 2, out
    assert message in out.stderr.decode() and "medctl report --help" in out.stderr.decode()


def test_pdf_is_not_written_to_a_terminal(history):
    daemon, _, _ = history
    controller, terminal = pty.openpty()
    environment = dict(os.environ, TZ=harness.ZONE)
    try:
        out = subprocess.run([os.path.join(harness.bin_dir(), "medctl"), "--socket", daemon.socket_path, "report", "--format", "pdf"],
                             stdout=terminal, stderr=subprocess.PIPE, env=environment, timeout=60)
    finally:
        os.close(terminal)
        os.close(controller)
    assert out.returncode == 2
    assert "standard output is a terminal" in out.stderr.decode()


def summary_names(daemon, *args):
    out = medctl(daemon, "report", *RANGE, *args, "--format", "html")
    assert out.returncode == 0, out.stderr
    parser = html_tables.Tables()
    parser.feed(out.stdout.decode())
    return [row[0].split(" ")[0] for row in parser.tables[0][1:]]


def test_person_and_med_keep_to_their_medications(history):
    """--person anna keeps her three medications (in the daemon's order, by ID); --med one of them."""
    daemon, ids, _ = history
    names = summary_names(daemon, "--person", "anna")
    assert sorted(names[:-1]) == ["Atorvastatin", "Metformin", "Ramipril"] and names[-1] == "Total"
    assert summary_names(daemon, "--med", ids["ramipril"]) == ["Ramipril"]


def test_helper_is_found_beside_medctl_or_in_libexec_and_named_when_missing(history, tmp_path):
    daemon, _, _ = history
    built = harness.bin_dir()
    lonely = tmp_path / "bin"
    lonely.mkdir()
    shutil.copy(os.path.join(built, "medctl"), lonely / "medctl")
    environment = dict(os.environ, TZ=harness.ZONE, LC_ALL="C")
    argv = ["--socket", daemon.socket_path, "report", *RANGE, "--format", "pdf", "--output", str(tmp_path / "r.pdf")]
    out = subprocess.run([str(lonely / "medctl"), *argv], capture_output=True, text=True, env=environment, timeout=60)
    assert out.returncode == 69, out
    assert f"looked at {lonely}/medd-report-pdf and {tmp_path}/libexec/medd/medd-report-pdf" in out.stderr
    assert not (tmp_path / "r.pdf").exists()
    libexec = tmp_path / "libexec" / "medd"
    libexec.mkdir(parents=True)
    shutil.copy(os.path.join(built, "medd-report-pdf"), libexec / "medd-report-pdf")
    out = subprocess.run([str(lonely / "medctl"), *argv], capture_output=True, text=True, env=environment, timeout=60)
    assert out.returncode == 0, out.stderr
    assert page_size(str(tmp_path / "r.pdf")) == "595.276 x 841.89 pts (A4)"  # the C locale's paper


def test_helper_refuses_what_is_not_a_report():
    helper = os.path.join(harness.bin_dir(), "medd-report-pdf")
    for payload, message in [(b"not json", "the input is not a report: not JSON"),
                             (b'{"format": 4}', "format: this reader takes report format 3, not 4"),
                             (b'{"format": 3, "firstDay": "2026-01-01", "lastDay": "2026-01-01"}', "calendar: missing")]:
        out = subprocess.run([helper], input=payload, capture_output=True, timeout=30)
        assert out.returncode == 1 and out.stdout == b""
        assert message in out.stderr.decode(), out.stderr
    out = subprocess.run([helper, "--bogus"], input=b"", capture_output=True, timeout=30)
    assert out.returncode == 2 and b"usage: medd-report-pdf" in out.stderr
