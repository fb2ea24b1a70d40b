"""The report's readings and the effect of the medications on them, end to end over readings_history.py (90 days:
lisinopril and metformin, blood pressure twice a day for lisinopril, fasting glucose in mmol/L for metformin): the
seven-day tables read back from the HTML (html.parser) and the PDF (pdftotext) equal a computation by hand from the
readings imported; the chart is drawn; the effect section gives the daemon's verdicts. Under de_DE and zh_CN the
numbers take the decimal comma and the verdicts the catalog's words."""
import datetime
import os
import re
import subprocess

import pytest

import harness
import html_tables
import locales
import readings_history
from readings_history import END, ZONE

SINCE = "2026-08-24"
UNTIL = "2026-11-22T12:00:00+01:00"
RANGE = ("--since", SINCE, "--until", UNTIL)
WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


@pytest.fixture(scope="module")
def history():
    with readings_history.running() as running:
        yield running


def medctl(daemon, *args, env=None):
    environment = dict(env or os.environ, TZ=harness.ZONE, NO_COLOR="1", LC_PAPER="C")
    environment.pop("MEDD_SOCKET", None)
    out = subprocess.run([os.path.join(harness.bin_dir(), "medctl"), "--socket", daemon.socket_path, *args],
                         capture_output=True, env=environment, timeout=120)
    assert out.returncode == 0, out.stderr.decode()
    return out


def week_rows(readings, measurement, decimals, outside, separator="."):
    """The seven-day table by hand: [day, morning mean, evening mean, readings, outside target] for the last seven
    days of the period, then the average of the readings without the first day's."""
    last = (END - datetime.timedelta(microseconds=1)).date()
    days = [last - datetime.timedelta(days=n) for n in range(6, -1, -1)]
    mine = [r for r in readings if r["measurement"] == measurement]

    def values(reading):
        return [float(part) for part in reading["value"].split("/")]

    def mean(chosen):
        if not chosen:
            return "–"
        parts = list(zip(*(values(r) for r in chosen)))
        return "/".join(f"{sum(part) / len(part):.{decimals}f}" for part in parts).replace(".", separator)

    rows = []
    for day in days:
        of_day = [r for r in mine if r["local"].date() == day]
        morning = [r for r in of_day if r["local"].hour < 12]
        evening = [r for r in of_day if r["local"].hour >= 12]
        rows.append([f"{WEEKDAYS[day.weekday()]} {day.isoformat()}", mean(morning), mean(evening), str(len(of_day)),
                     str(sum(1 for r in of_day if outside(values(r))))])
    kept = [r for r in mine if days[1] <= r["local"].date() <= days[-1]]
    rows.append(["Average without day 1", mean(kept), "", str(len(kept)), str(sum(1 for r in kept if outside(values(r))))])
    return rows


def bp_outside(values):
    return values[0] > 135 or values[1] > 85


def glucose_outside(values):
    return not 4 <= values[0] <= 7


def test_html_has_the_seven_day_tables_the_chart_and_the_effects(history, tmp_path):
    daemon, ids, _, readings = history
    path = str(tmp_path / "report.html")
    medctl(daemon, "report", *RANGE, "--output", path)
    with open(path, encoding="utf-8") as f:
        document = f.read()
    parser = html_tables.read(document)
    assert "Readings" in parser.headings and "Does it work?" in parser.headings
    assert "Blood pressure (mmHg)" in parser.headings and "Blood glucose (mmol/L)" in parser.headings
    weeks = [t for t in parser.tables if t[0][:2] == ["Day", "Morning"]]
    assert len(weeks) == 2, "one seven-day table per measurement"
    bp_week, glucose_week = weeks
    assert bp_week[1:] == week_rows(readings, ids["bp"], 0, bp_outside)
    assert glucose_week[1:] == week_rows(readings, ids["glucose"], 1, glucose_outside)

    effects = daemon.call("Effect", since="2026-08-24T00:00:00+02:00", until=UNTIL)["effects"]
    verdicts = {e["medication"]: e["verdict"] for e in effects}
    assert verdicts[ids["lisinopril"]] == "likely_effective", effects
    [effect_table] = [t for t in parser.tables if t[0][:2] == ["Medication · measurement", "Verdict"]]
    rows = {row[0]: row[1:] for row in effect_table[1:]}
    assert rows["Lisinopril · Blood pressure"][0] == "likely effective"
    assert rows["Metformin · Blood glucose"][0].startswith(verdicts[ids["metformin"]].replace("_", " ")), rows
    lisinopril_row = rows["Lisinopril · Blood pressure"]
    lisinopril = next(e for e in effects if e["medication"] == ids["lisinopril"])
    assert lisinopril_row[1] == f"{lisinopril['confidence']}%"
    trend = lisinopril["trend"]
    assert lisinopril_row[3].startswith(f"{trend['earlierMean']:.1f}/{trend['earlierDiastolicMean']:.1f} → "
                                            f"{trend['recentMean']:.1f}/{trend['recentDiastolicMean']:.1f} mmHg")
    assert "not medical advice" in document
    charts = re.findall(r'<svg[^>]*>.*?</svg>', document, re.S)
    bp_chart = next(c for c in charts if "Blood pressure over the period" in c)
    assert bp_chart.count("<circle") >= 2 * len([r for r in readings if r["measurement"] == ids["bp"]]), "systolic and diastolic dots"
    assert "target 135/85" in bp_chart and "systolic" in bp_chart and "doses" in bp_chart


def pdf_text(path, layout=True):
    return subprocess.run(["pdftotext", *(["-layout"] if layout else []), path, "-"], capture_output=True, text=True, check=True).stdout


def pdf_words(path):
    """The PDF's text in reading order, a table cell wrapped over lines joined again: words separated by single spaces."""
    return " ".join(pdf_text(path, layout=False).split())


def test_pdf_has_the_seven_day_tables(history, tmp_path):
    daemon, ids, _, readings = history
    path = str(tmp_path / "report.pdf")
    medctl(daemon, "report", *RANGE, "--output", path)
    lines = pdf_text(path).splitlines()
    for measurement, decimals, outside in ((ids["bp"], 0, bp_outside), (ids["glucose"], 1, glucose_outside)):
        for row in week_rows(readings, measurement, decimals, outside):
            cells = [cell for cell in row if cell]
            pattern = r"\s+".join(re.escape(cell) for cell in cells)
            assert any(re.search(pattern, line) for line in lines), (row, [l for l in lines if cells[0][4:14] in l or "day 1" in l])
    assert any("Does it work?" in line for line in lines)
    assert any(line.startswith("Lisinopril, Blood pressure: a fall of 5.0 mmHg or more counts as an effect") for line in lines)
    assert any("Around doses" in line for line in lines), "the effect table's columns"



@pytest.mark.parametrize("locale", ["de_DE.UTF-8", "zh_CN.UTF-8"])
def test_in_german_and_chinese_the_numbers_and_verdicts_are_the_locales(history, tmp_path, locale):
    daemon, ids, _, readings = history
    language = locale.split(".")[0] if locale.startswith("zh") else locale[:2]
    verdict = locales.translated(language, "likely effective")
    environment = locales.env(locale)
    page = str(tmp_path / "report.html")
    medctl(daemon, "report", *RANGE, "--output", page, env=environment)
    with open(page, encoding="utf-8") as f:
        document = f.read()
    parser = html_tables.read(document)
    assert verdict in document
    glucose = [t for t in parser.tables if len(t) == 9 and len(t[1]) == 5][-1]
    expected = week_rows(readings, ids["glucose"], 1, glucose_outside, separator="," if language == "de" else ".")
    assert [row[1:] for row in glucose[1:]] == [row[1:] for row in expected], "means with the locale's decimal separator"
    pdf = str(tmp_path / "report.pdf")
    medctl(daemon, "report", *RANGE, "--output", pdf, env=environment)
    assert verdict in pdf_words(pdf)
    if language == "de":
        assert expected[-1][1] in pdf_text(pdf) and "," in expected[-1][1]
