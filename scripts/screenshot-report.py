#!/usr/bin/env python3
"""Takes the README's pictures of `medctl report` from the 90-day history the end-to-end test builds
(Tests/EndToEnd/report_history.py) on a real medd:

- docs/screenshots/report-pdf-1.png and report-pdf-2.png: the PDF's first two pages, by poppler's pdftoppm at 60 dpi;
- docs/screenshots/report-html.png: the top of the HTML file in headless Chromium;
- docs/screenshots/report-readings.png: the blood-pressure page of a report with readings
  (Tests/EndToEnd/readings_history.py), at 70 dpi.

Needs a built medd, medctl and medd-report-pdf (MEDD_BIN_DIR, as the tests) and the packages scripts/setup.sh
installs (poppler-utils, chromium).

    MEDD_BIN_DIR=$(swift build --show-bin-path) python3 scripts/screenshot-report.py [OUTPUT-DIRECTORY]
"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "EndToEnd"))

import harness  # noqa: E402
import readings_history  # noqa: E402
import report_history  # noqa: E402

IDS = {"metformin": "metformin", "ramipril": "ramipril", "statin": "atorvastatin"}
READING_IDS = {"lisinopril": "lisinopril", "metformin": "metformin", "bp": "bp", "glucose": "glucose"}


def medctl(daemon, *args):
    environment = dict(os.environ, TZ=harness.ZONE, LC_PAPER="C")
    subprocess.run([os.path.join(harness.bin_dir(), "medctl"), "--socket", daemon.socket_path, *args], check=True,
                   env=environment)


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "docs", "screenshots")
    work = tempfile.mkdtemp(prefix="medd-report-shots-")
    daemon, _ = report_history.build(IDS)
    try:
        pdf, page = os.path.join(work, "report.pdf"), os.path.join(work, "report.html")
        medctl(daemon, "report", "--format", "pdf", "--output", pdf, "--paper", "a4")
        medctl(daemon, "report", "--format", "html", "--output", page, "--paper", "a4")
    finally:
        daemon.cleanup()
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "2", pdf, os.path.join(work, "page")], check=True)
    for number in (1, 2):
        shutil.copy(os.path.join(work, f"page-{number}.png"), os.path.join(directory, f"report-pdf-{number}.png"))
    shot = os.path.join(work, "html.png")
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    f"--user-data-dir={os.path.join(work, 'profile')}", f"--screenshot={shot}", "--window-size=760,1100",
                    "file://" + page], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # Fewer colours keep the picture small; the report has few.
    subprocess.run(["convert", shot, "-colors", "96", os.path.join(directory, "report-html.png")], check=True)
    readings_page(work, directory)
    shutil.rmtree(work, ignore_errors=True)
    for name in ("report-pdf-1.png", "report-pdf-2.png", "report-html.png", "report-readings.png"):
        path = os.path.join(directory, name)
        print(f"{path} ({os.path.getsize(path) // 1024} KiB)")


def readings_page(work, directory):
    """The page of the readings report whose text starts with the blood-pressure chart."""
    pdf = os.path.join(work, "readings.pdf")
    with readings_history.running(READING_IDS) as (daemon, _, _, _):
        medctl(daemon, "report", "--since", "2026-08-24", "--until", "2026-11-22T12:00:00+01:00", "--format", "pdf", "--output", pdf,
               "--paper", "a4")
    pages = int(next(line.split()[-1] for line in subprocess.run(["pdfinfo", pdf], capture_output=True, text=True,
                                                                  check=True).stdout.splitlines() if line.startswith("Pages:")))
    for page in range(1, pages + 1):
        text = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), pdf, "-"], capture_output=True, text=True, check=True).stdout
        if "Blood pressure (mmHg)" in text:
            break
    subprocess.run(["pdftoppm", "-png", "-r", "70", "-f", str(page), "-l", str(page), "-singlefile", pdf,
                    os.path.join(work, "readings")], check=True)
    subprocess.run(["convert", os.path.join(work, "readings.png"), "-colors", "96", os.path.join(directory, "report-readings.png")],
                   check=True)


if __name__ == "__main__":
    main()
