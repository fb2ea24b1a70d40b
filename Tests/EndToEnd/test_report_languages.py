"""`medctl report` in the reader's language and locale, end to end over the 90-day history of report_history.py:
under zh_CN.UTF-8 the PDF (read back with pdftotext) and the HTML hold the Chinese of the compiled catalog and the
HTML says lang="zh-CN"; under de_DE.UTF-8 dates and percentages are German whatever the catalog holds; a PDF whose
characters no installed font has is still written, with one warning naming the fonts to install, which medctl passes
on. The locales are compiled here with localedef (LOCPATH); the Chinese expected is read from the catalog `make
catalogs` compiled (.build/<triple>/share/locale/zh_CN/LC_MESSAGES/medd.mo), never written here."""
import json
import os
import re
import subprocess

import pytest

import harness
import locales as compiled_locales
import report_history

SINCE = "2026-08-24"
UNTIL = "2026-11-22T12:00:00+01:00"
RANGE = ("--since", SINCE, "--until", UNTIL)
FONT_PACKAGES = ("fonts-noto-cjk", "fonts-wqy-microhei")


@pytest.fixture(scope="module")
def history():
    with report_history.running() as running:
        yield running


@pytest.fixture(scope="module")
def locales():
    """A LOCPATH with zh_CN.UTF-8 and de_DE.UTF-8 compiled from glibc's sources (no system locale is assumed)."""
    for name in ("zh_CN.UTF-8", "de_DE.UTF-8", "pl_PL.UTF-8"):
        compiled_locales.compiled(name)
    return compiled_locales.FOLDER


def catalog_messages(language):
    """msgid → msgstr of the compiled catalog medctl reads, through msgunfmt (plural forms: the first)."""
    path = os.path.join(harness.bin_dir(), "..", "share", "locale", language, "LC_MESSAGES", "medd.mo")
    if not os.path.exists(path):
        pytest.skip(f"NO CATALOG: {path} is missing; run `make catalogs` to compile po/{language}.po")
    text = subprocess.run(["msgunfmt", "--no-wrap", path], capture_output=True, text=True, check=True).stdout
    messages = {}
    for entry in text.split("\n\n"):
        msgid = re.search(r'^msgid "(.*)"$', entry, re.M)
        msgstr = re.search(r'^msgstr(?:\[0\])? "(.*)"$', entry, re.M)
        if msgid and msgstr and msgstr.group(1):
            messages[msgid.group(1).encode().decode("unicode_escape").encode("latin-1").decode()] = \
                msgstr.group(1).encode().decode("unicode_escape").encode("latin-1").decode()
    return messages


def translations(language, *message_ids):
    """The catalog's translation of each message, or a loud skip naming the ones it lacks."""
    messages = catalog_messages(language)
    missing = [message for message in message_ids if message not in messages]
    if missing:
        pytest.skip(f"THE {language} CATALOG LACKS THE REPORT'S TRANSLATIONS of {missing}: translate them in po/{language}.po "
                    "and run `make catalogs`")
    return [messages[message] for message in message_ids]


def medctl(daemon, *args, locale, locpath, extra_env=None):
    environment = dict(os.environ, TZ=harness.ZONE, NO_COLOR="1", LANG=locale, LOCPATH=locpath, **(extra_env or {}))
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_TIME", "LC_NUMERIC", "LC_PAPER", "MEDD_SOCKET"):
        environment.pop(variable, None)
    return subprocess.run([os.path.join(harness.bin_dir(), "medctl"), "--socket", daemon.socket_path, *args],
                          capture_output=True, env=environment, timeout=120)


def pdf_text(path):
    return subprocess.run(["pdftotext", "-layout", path, "-"], capture_output=True, text=True, check=True).stdout


def squeezed(text):
    """Without white space: pdftotext lays CJK out with spaces of its own."""
    return re.sub(r"\s+", "", text)


def has_cjk_font():
    return subprocess.run(["fc-list", ":lang=zh"], capture_output=True, text=True).stdout.strip() != ""


def test_chinese_pdf_has_the_catalogs_chinese(history, locales, tmp_path):
    daemon, _, _ = history
    title, summary, calendar = translations("zh_CN", "Medication report", "Summary", "Day by day")
    if not has_cjk_font():
        pytest.skip("no installed font has Chinese (fc-list :lang=zh is empty): install fonts-wqy-microhei or fonts-noto-cjk")
    path = str(tmp_path / "report.pdf")
    out = medctl(daemon, "report", *RANGE, "--format", "pdf", "--output", path, locale="zh_CN.UTF-8", locpath=locales)
    assert out.returncode == 0, out.stderr.decode()
    assert out.stderr == b"", "a CJK font is installed: no warning"
    plain = pdf_text(path)
    for words in (title, summary, calendar):
        assert squeezed(words) in squeezed(plain), words
    assert "Anna Example" in plain and "Medication report" not in plain and "Summary" not in plain


def test_chinese_html_declares_its_language(history, locales, tmp_path):
    daemon, _, _ = history
    title, summary, tag = translations("zh_CN", "Medication report", "Summary", "en")
    out = medctl(daemon, "report", *RANGE, "--format", "html", locale="zh_CN.UTF-8", locpath=locales)
    assert out.returncode == 0, out.stderr.decode()
    document = out.stdout.decode()
    assert tag == "zh-CN"
    assert '<html lang="zh-CN">' in document
    assert f"<h1>{title}</h1>" in document and f"<h2>{summary}</h2>" in document
    assert f"<title>{title} — Anna Example — " in document


def test_the_reasons_medd_recorded_are_in_the_readers_language(history, locales):
    """Seen in Chinese: of the reasons medd records for a dose it marked missed, only "not answered within grace" was
    translated; "came due while medd was not running" (the history restarts medd every twelve days) stayed English.
    The ledger keeps the English; the report words every one of medd's own reasons through the catalog."""
    daemon, _, _ = history
    english = medctl(daemon, "report", *RANGE, "--format", "html", locale="C.UTF-8", locpath=locales).stdout.decode()
    reasons = [reason for reason in ("not answered within grace", "came due while medd was not running") if reason in english]
    assert "came due while medd was not running" in reasons, "the history has no dose that came due while medd was down"
    out = medctl(daemon, "report", *RANGE, "--format", "html", locale="zh_CN.UTF-8", locpath=locales)
    assert out.returncode == 0, out.stderr.decode()
    chinese = re.sub(r"<[^>]+>", "", out.stdout.decode())  # the text, without the spans that keep CJK words whole
    for reason, translated in zip(reasons, translations("zh_CN", *reasons)):
        assert reason not in chinese, f"{reason!r} is still English in the Chinese report"
        assert translated in chinese, translated


def test_german_locale_writes_german_dates_and_decimals(history, locales, tmp_path):
    """de_DE: 24.08.2026, 87,5 in the summary's percentages, weeks from Monday, whatever po/de.po translates."""
    daemon, ids, _ = history
    adherence = json.loads(subprocess.run([os.path.join(harness.bin_dir(), "medctl"), "--socket", daemon.socket_path,
                                           "adherence", *RANGE, "--json"], capture_output=True, check=True,
                                          env=dict(os.environ, TZ=harness.ZONE)).stdout)
    out = medctl(daemon, "report", *RANGE, "--format", "html", locale="de_DE.UTF-8", locpath=locales)
    assert out.returncode == 0, out.stderr.decode()
    document = out.stdout.decode()
    assert "24.08.2026" in document and "2026-08-24" not in document
    for med in ids.values():
        share = f"{adherence['medications'][med]['percentage']:.1f}".replace(".", ",")
        assert re.search(rf'<td class="num"><strong>{re.escape(share)}\s?%</strong></td>', document), share
    assert re.search(r"<td>\d\d\.\d\d\.2026 \d\d:\d\d</td>", document)  # the skipped and missed doses' due times
    pdf = str(tmp_path / "de.pdf")
    out = medctl(daemon, "report", *RANGE, "--format", "pdf", "--output", pdf, locale="de_DE.UTF-8", locpath=locales)
    assert out.returncode == 0 and not any(package in out.stderr.decode() for package in FONT_PACKAGES), out.stderr.decode()
    assert "24.08.2026" in pdf_text(pdf)


def calendar_months(document):
    """The months named over the calendar's squares: the bold labels of the HTML's first SVG that has any."""
    for svg in re.findall(r"<svg.*?</svg>", document, re.S):
        labels = re.findall(r'<text [^>]*font-weight="bold"[^>]*>([^<]*)</text>', svg)
        if labels:
            return labels
    return []


def test_the_calendar_names_every_month_it_shows(history, locales):
    """The 90 days from Monday 24 August: August is under way in the first column and September begins in the second;
    September was left unnamed, in every language. de_DE names the months as a heading says them."""
    daemon, _, _ = history
    out = medctl(daemon, "report", *RANGE, "--format", "html", locale="de_DE.UTF-8", locpath=locales)
    assert out.returncode == 0, out.stderr.decode()
    assert calendar_months(out.stdout.decode()) == ["August 2026", "September", "Oktober", "November"]


def test_the_german_lateness_axis_says_hours_and_minutes(daemons, locales):
    """Seen in German: the lateness charts' axis read "+1 Std. 30", the minutes without their unit; it says the
    catalog's hours and minutes ("+1 Std. 30 Min.") as the snooze buttons do. A dose taken 70 minutes late puts
    the axis in steps of 30 minutes."""
    [hours_and_minutes] = translations("de", "%1$d h %2$d min")
    med = harness.unique_med()
    daemon = daemons(harness.config(med, times=("08:00",), settings={"grace": '"3h"'}), harness.berlin(7, 59, 58))
    daemon.stop()
    daemon.start(harness.berlin(9, 30))
    daemon.call("Taken", dose=med, at="2026-11-22T09:10:00+01:00")
    out = medctl(daemon, "report", "--since", "2026-11-22", "--until", "2026-11-22T12:00:00+01:00", "--format", "html",
                 locale="de_DE.UTF-8", locpath=locales)
    assert out.returncode == 0, out.stderr.decode()
    labels = set(re.findall(r'<text [^>]*text-anchor="end"[^>]*>([+−][^<]*)</text>', out.stdout.decode()))
    assert "+" + compiled_locales.fill(hours_and_minutes, ("1", "30")) in labels, labels
    assert not [label for label in labels if re.fullmatch(r"[+−]\d+ Std\. \d+", label)], labels


def pdf_in(history, locales, tmp_path, locale):
    daemon, _, _ = history
    path = str(tmp_path / f"{locale}.pdf")
    out = medctl(daemon, "report", *RANGE, "--format", "pdf", "--output", path, locale=locale, locpath=locales)
    assert out.returncode == 0, out.stderr.decode()
    return pdf_text(path)


def test_german_and_polish_table_words_stay_whole(history, locales, tmp_path):
    """Seen in German and Polish: the summary's and the missed doses' columns were shares of the width fixed by hand,
    too narrow for "Verspätet" or "pominięta" (drawn "Ver-spä-tet", "pominięt-a") while the reason column beside
    them stayed empty. Sized by their content, each word is whole on one line of pdftotext's reading."""
    for locale, language, words in (("de_DE.UTF-8", "de", ("Late", "Skipped", "Missed", "skipped")),
                                    ("pl_PL.UTF-8", "pl", ("Late", "Skipped", "skipped", "missed"))):
        translated = translations(language, *words)
        text = pdf_in(history, locales, tmp_path, locale)
        tokens = set(text.split())
        for word in translated:
            assert word in tokens, (language, word)


def test_chinese_times_stay_whole_in_the_tables(history, locales, tmp_path):
    """Seen in Chinese: a due time broke between its characters, 07 on one line and 时00分 on the next. Every time of
    the table of skipped and missed doses is whole on its line."""
    translations("zh_CN", "Skipped and missed doses")
    if not has_cjk_font():
        pytest.skip("no installed font has Chinese (fc-list :lang=zh is empty): install fonts-wqy-microhei or fonts-noto-cjk")
    text = pdf_in(history, locales, tmp_path, "zh_CN.UTF-8")
    assert re.search(r"\d\d时\d\d分", text)
    assert not re.search(r"\d\d时?\s*\n\s*(时)?\d\d分", text)
    assert not [line for line in text.splitlines() if re.search(r"(^|\s)(时)?\d\d分", line) and not re.search(r"\d\d时\d\d分", line)]
    html = medctl(history[0], "report", *RANGE, "--format", "html", locale="zh_CN.UTF-8", locpath=locales).stdout.decode()
    assert re.search(r'<td><span class="nowrap">\d{4}年\d\d月\d\d日</span> <span class="nowrap">\d\d时\d\d分</span></td>', html)


def test_characters_without_a_font_warn_once_and_the_pdf_is_written(history, locales, tmp_path):
    """With fontconfig limited to DejaVu, the Chinese has no font: the PDF is still written, and medd-report-pdf's one
    warning, naming the Debian packages to install, reaches medctl's standard error."""
    daemon, _, _ = history
    translations("zh_CN", "Medication report")
    dejavu = "/usr/share/fonts/truetype/dejavu"
    if not os.path.isdir(dejavu):
        pytest.skip(f"{dejavu} is missing (fonts-dejavu-core)")
    config = tmp_path / "fonts.conf"
    config.write_text(f"""<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><dir>{dejavu}</dir><cachedir>{tmp_path / "cache"}</cachedir></fontconfig>
""")
    path = tmp_path / "report.pdf"
    out = medctl(daemon, "report", *RANGE, "--format", "pdf", "--output", str(path), locale="zh_CN.UTF-8", locpath=locales,
                 extra_env={"FONTCONFIG_FILE": str(config)})
    assert out.returncode == 0, out.stderr.decode()
    assert path.read_bytes().startswith(b"%PDF-")
    warnings = [line for line in out.stderr.decode().splitlines() if line.strip()]
    assert len(warnings) == 1, warnings
    assert warnings[0].startswith("medd-report-pdf: ") and all(package in warnings[0] for package in FONT_PACKAGES), warnings
