"""medd and medctl in the person's language (gettext catalogs from po/, compiled by `make catalogs`) and the
locale's formats, end to end: locales compiled here (locales.py), a recording notification server and dunst on
a private bus, the real journal. The expected words come from the compiled catalogs, and each must differ from
the English, so no test passes on untranslated text."""
import json
import os
import re
import shutil
import subprocess
import time

import pytest

import locales
from harness import berlin, bin_dir, config, dose_events, journal

NOTES = 'notes = "with food & water"\n'


def german_daemon(daemons, med, bus, extra_env=None, **kwargs):
    environment = locales.env("de_DE.UTF-8", **(extra_env or {}))
    return daemons(config(med, times=("08:00",), settings={"snooze": '["10m", "1h"]'}, extra=NOTES), berlin(7, 59, 59),
                   desktop_bus=bus.address, env=environment, **kwargs)


def test_a_reminder_in_german_has_german_words_and_buttons(daemons, med, session_bus, fake_notifier):
    german_daemon(daemons, med, session_bus)
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    [shown] = fake_notifier.notifies
    de = lambda message, *arguments: locales.translated("de", message, *arguments)  # noqa: E731
    assert shown["summary"] == "Metformin 500 mg"
    assert shown["body"] == de("Due at %1$s", "08:00") + "\nwith food & water"
    assert shown["actions"] == [("taken", de("Taken")), ("snooze-10", de("Snooze %1$s", de("%1$d min", "10"))),
                                ("snooze-60", de("Snooze %1$s", de("%1$d h", "1"))), ("skip", de("Skip"))]
    # The journal stays English whatever the locale.
    [fired] = dose_events(med, MEDD_EVENT="fired")
    assert fired["MESSAGE"].startswith(f"Metformin 500 mg due 2026-11-22T08:00:00+01:00 ({med}_20261122_08_00)")


@pytest.mark.parametrize("lang, language", [("es_ES.UTF-8", "es"), ("fr_FR.UTF-8", "fr"), ("it_IT.UTF-8", "it"),
                                            ("nl_NL.UTF-8", "nl"), ("pl_PL.UTF-8", "pl"), ("pt_BR.UTF-8", "pt_BR"),
                                            ("zh_CN.UTF-8", "zh_CN")])
def test_the_journal_stays_english_under_every_language(daemons, med, session_bus, fake_notifier, lang, language):
    """The reminder speaks the language (its first button is the catalog's "Taken"); the journal entry does not."""
    daemons(config(med, times=("08:00",)), berlin(7, 59, 59), desktop_bus=session_bus.address, env=locales.env(lang))
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    assert fake_notifier.notifies[0]["actions"][0] == ("taken", locales.translated(language, "Taken"))
    [fired] = dose_events(med, MEDD_EVENT="fired")
    assert fired["MESSAGE"].startswith(f"Metformin 500 mg due 2026-11-22T08:00:00+01:00 ({med}_20261122_08_00)")


def test_a_reminder_in_english_for_a_language_without_a_catalog(daemons, med, session_bus, fake_notifier):
    """Japanese has no catalog: English words, with the Japanese locale's time format (24-hour)."""
    daemons(config(med, times=("08:00",), extra=NOTES), berlin(7, 59, 59), desktop_bus=session_bus.address,
            env=locales.env("ja_JP.UTF-8"))
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    [shown] = fake_notifier.notifies
    assert shown["body"].startswith("Due at 08")
    assert shown["actions"][0] == ("taken", "Taken")


@pytest.mark.parametrize("lang, language", [("C", "de"), ("POSIX", "de"), ("C.UTF-8", None)])
def test_the_c_and_posix_locales_speak_english(daemons, med, session_bus, fake_notifier, lang, language):
    """gettext ignores LANGUAGE under C and POSIX, as every GNU program does (C.UTF-8 is a locale of its
    own to glibc, where LANGUAGE counts)."""
    variables = {"LANGUAGE": language} if language else {}
    daemons(config(med, times=("08:00",), extra=NOTES), berlin(7, 59, 59), desktop_bus=session_bus.address,
            env=locales.env(lang, **variables))
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    [shown] = fake_notifier.notifies
    assert shown["body"] == "Due at 08:00\nwith food & water"
    labels = [label for _, label in shown["actions"]]
    assert labels[0] == "Taken" and labels[-1] == "Skip" and all(label.startswith("Snooze ") for label in labels[1:-1])


def test_language_takes_the_first_language_that_has_a_catalog(daemons, med, session_bus, fake_notifier):
    """LANGUAGE=fr:de with LANG=de_DE.UTF-8: French, as gettext's LANGUAGE list says."""
    german_daemon(daemons, med, session_bus, extra_env={"LANGUAGE": "fr:de"})
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    [shown] = fake_notifier.notifies
    assert shown["actions"][0] == ("taken", locales.translated("fr", "Taken"))
    assert shown["body"].startswith(locales.translated("fr", "Due at %1$s", "08:00"))


def test_dunst_shows_the_german_reminder(daemons, med, session_bus, dunst, tmp_path):
    """A real server: dunst runs a script for each notification it shows, which records what it was given."""
    german_daemon(daemons, med, session_bus)
    dunst.wait_displayed(1, timeout=8)
    dunst.screenshot(str(tmp_path / "reminder-de.png"))
    shown = dunst.recorded(at_least=1)
    assert shown[-1]["summary"] == "Metformin 500 mg"
    assert shown[-1]["body"].startswith(locales.translated("de", "Due at %1$s", "08:00"))


# --- medctl and medd --check -----------------------------------------------------------------------------------

def medctl(daemon, *args, env):
    out = subprocess.run([os.path.join(bin_dir(), "medctl"), "--socket", daemon.socket_path, *args], capture_output=True,
                         text=True, env=dict(env, TZ="Europe/Berlin", NO_COLOR="1"), timeout=30)
    return out


def fired_daemon(daemons, med, count=1, **kwargs):
    """`count` medications due at 08:00, medd's clock just before: once they fired, `count` doses are pending."""
    text = "".join(f'[medication.{med}-{i}]\nname = "Metformin"\ndose = "500 mg"\ntimes = ["08:00", "20:00"]\n\n'
                   for i in range(count))
    daemon = daemons(text, berlin(7, 59, 59), **kwargs)
    for i in range(count):
        assert dose_events(f"{med}-{i}", timeout=10, MEDD_EVENT="fired"), f"{med}-{i} did not fire"
    return daemon


def test_medctl_today_and_status_in_german_with_24_hour_times(daemons, med):
    daemon = fired_daemon(daemons, med)
    german = locales.env("de_DE.UTF-8")
    de = lambda message, *arguments: locales.translated("de", message, *arguments)  # noqa: E731
    today = medctl(daemon, "today", env=german)
    assert today.returncode == 0, today.stderr
    header, *rows = today.stdout.splitlines()
    assert header.split()[0] == de("DUE") and de("MEDICATION") in header and de("STATE") in header
    [morning] = [row for row in rows if f"{med}-0_20261122_08_00" in row]
    [evening] = [row for row in rows if f"{med}-0_20261122_20_00" in row]
    assert morning.startswith("08:00 ") and de("pending") in morning
    assert evening.startswith("20:00 "), "24-hour times under de_DE"
    status = medctl(daemon, "status", env=german)
    assert status.returncode == 0, status.stderr
    lines = status.stdout.splitlines()
    assert lines[1] == de("next dose: %1$s at %2$s  (%3$s)", "Metformin 500 mg", "20:00", f"{med}-0_20261122_20_00")
    german_catalog = locales.translation("de")
    pending = german_catalog.ngettext("%1$d pending", "%1$d pending", 1).replace("%1$d", "1")
    snoozed = german_catalog.ngettext("%1$d snoozed", "%1$d snoozed", 0).replace("%1$d", "0")
    assert lines[2] == de("open: %1$s, %2$s", pending, snoozed)
    version = subprocess.run([os.path.join(bin_dir(), "medctl"), "--version"], capture_output=True, text=True).stdout.strip()
    assert lines[0] == de("medd %1$s, running since %2$s", version, "22.11.2026 07:59"), "the start as de_DE writes it"
    # The same under en_US: 12-hour times.
    american = medctl(daemon, "today", env=locales.env("en_US.UTF-8"))
    assert american.returncode == 0, american.stderr
    assert any(line.startswith("08:00 AM ") for line in american.stdout.splitlines()), american.stdout
    assert any(line.startswith("08:00 PM ") for line in american.stdout.splitlines()), american.stdout
    # --json stays English and ISO under every locale.
    as_json = medctl(daemon, "today", "--json", env=german)
    doses = json.loads(as_json.stdout)
    assert {dose["state"] for dose in doses} == {"pending", "planned"}
    assert "2026-11-22T08:00:00+01:00" in {dose["scheduled"] for dose in doses}


def test_a_usage_error_in_german():
    out = subprocess.run([os.path.join(bin_dir(), "medctl"), "frobnicate"], capture_output=True, text=True,
                         env=locales.env("de_DE.UTF-8"))
    assert out.returncode == 2
    assert out.stderr.startswith("medctl: " + locales.translated("de", "unknown verb '%1$s'; the verbs are %2$s", "frobnicate", ""))
    assert locales.translated("de", "See `%1$s`.", "medctl --help") in out.stderr


@pytest.mark.parametrize("count", [1, 2, 5, 22])
def test_polish_counts_take_the_right_plural_form(daemons, med, count):
    """Polish has three forms: 1 (one), 2-4 and 22-24 (few), 5-21 (many)."""
    daemon = fired_daemon(daemons, med, count=count)
    out = medctl(daemon, "status", env=locales.env("pl_PL.UTF-8"))
    assert out.returncode == 0, out.stderr
    polish = locales.translation("pl")
    expected = polish.ngettext("%1$d pending", "%1$d pending", count).replace("%1$d", str(count))
    forms = {polish.ngettext("%1$d pending", "%1$d pending", n).replace("%1$d", "N") for n in (1, 2, 5)}
    assert len(forms) == 3, f"the Polish catalog gives three forms for 1, 2 and 5: {forms}"
    assert expected in out.stdout.splitlines()[2], out.stdout


def test_medd_check_in_german_keeps_its_positions_and_json_in_english(tmp_path):
    path = tmp_path / "medd.toml"
    path.write_text('[medication.a]\nname = "A"\ndose = "1"\ntimez = ["08:00"]\n')
    german = subprocess.run([os.path.join(bin_dir(), "medd"), "--check", "--config", str(path)], capture_output=True,
                            text=True, env=locales.env("de_DE.UTF-8"))
    assert german.returncode == 1
    assert german.stderr.startswith(f"{path}:4:1: "), german.stderr
    assert locales.translated("de", "unknown key %1$s; did you mean %2$s?", '"timez"', '"times"') in german.stderr
    as_json = subprocess.run([os.path.join(bin_dir(), "medd"), "--check", "--json", "--config", str(path)], capture_output=True,
                             text=True, env=locales.env("de_DE.UTF-8"))
    assert 'unknown key \\"timez\\"; did you mean \\"times\\"?' in as_json.stdout, as_json.stdout


def test_medd_restore_refuses_in_german(tmp_path):
    """A refused `medd --restore` says why in the person's language, with the paths as they are."""
    bogus = tmp_path / "backup.sqlite"
    bogus.write_text("not a database\n")
    out = subprocess.run([os.path.join(bin_dir(), "medd"), "--restore", str(bogus), "--state-dir", str(tmp_path / "state")],
                         capture_output=True, text=True, env=locales.env("de_DE.UTF-8"))
    assert out.returncode == 65, out.stderr
    why = locales.translated("de", "%1$s is not an SQLite database (it does not begin with %2$s), so not a medd ledger",
                             str(bogus), '"SQLite format 3"')
    untouched = locales.translated("de", "nothing was restored; the ledger in %1$s is as it was", str(tmp_path / "state"))
    assert out.stderr == f"medd: {why}\nmedd: {untouched}\n", out.stderr

# --- The template and the catalogs ----------------------------------------------------------------------------

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def languages():
    with open(os.path.join(ROOT, "po", "LINGUAS")) as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


def test_the_template_is_made_from_the_current_sources():
    """po/medd.pot is what scripts/make-pot.py writes from today's sources: `make pot` leaves no diff."""
    out = subprocess.run(["python3", os.path.join(ROOT, "scripts", "make-pot.py"), "--check"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def template_messages():
    out = subprocess.run(["msgattrib", "--no-obsolete", os.path.join(ROOT, "po", "medd.pot")], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return out.stdout.count("\nmsgid ") - 1  # less the header


@pytest.mark.parametrize("language", languages())
def test_every_catalog_is_complete_and_passes_msgfmt_check(language):
    """Every message of the template translated, none fuzzy, and msgfmt --check content (its c-format
    arguments match the English, its plural header is sound)."""
    path = os.path.join(ROOT, "po", f"{language}.po")
    out = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", path], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "fuzzy" not in out.stderr and "untranslated" not in out.stderr, out.stderr
    compared = subprocess.run(["msgcmp", path, os.path.join(ROOT, "po", "medd.pot")], capture_output=True, text=True)
    assert compared.returncode == 0, f"{language}.po lacks messages of the template: {compared.stderr[:2000]}"
    assert out.stderr.startswith(f"{template_messages()} translated message"), out.stderr


def extractor():
    import importlib.util
    spec = importlib.util.spec_from_file_location("make_pot", os.path.join(ROOT, "scripts", "make-pot.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_extractor_reads_swift_literals():
    make_pot = extractor()
    source = '''
    // TRANSLATORS: the first line.
    let a = tr("Due at %1$s", time)
    let b = trn("%1$d dose", "%1$d doses", count: n, String(n))
    let c = Translatable.plural("one \\"quoted\\"", "many", count: 2)
    let d = tr("""
        A long \\
        help text
        """)
    let e = "not \\(tr("nested %1$s", x)) extracted twice"
    let f = other("not a message")
    '''
    found = make_pot.extract("Sources/X/Y.swift", source)
    assert [(m[0], m[1]) for m in found] == [
        ("Due at %1$s", None), ("%1$d dose", "%1$d doses"), ('one "quoted"', "many"),
        ("A long help text", None), ("nested %1$s", None)]
    assert found[0][3] == "TRANSLATORS: the first line."


@pytest.mark.parametrize("source, complaint", [
    ('tr("Due at \\(time)")', "cannot interpolate"),
    ('tr(message)', "needs a string literal"),
    ('tr("a" + "b")', "one literal"),
    ('trn("one")', "singular and a plural"),
])
def test_the_extractor_refuses_what_gettext_cannot_look_up(source, complaint):
    make_pot = extractor()
    with pytest.raises(make_pot.ExtractionError, match=complaint):
        make_pot.extract("Sources/X/Y.swift", source)


# --- The journal catalog in every language ------------------------------------------------------------------

CATALOG_DIR = "/usr/lib/systemd/catalog"


def catalog_entries(path):
    """[(message ID line, {header: value}, body)] in file order."""
    entries = []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for line in lines:
        if line.startswith("-- "):
            entries.append([line[3:], {}, []])
        elif entries and not entries[-1][2] and ": " in line and not line.startswith(" ") and line.split(": ")[0] in (
                "Subject", "Defined-By", "Support", "Documentation"):
            key, value = line.split(": ", 1)
            entries[-1][1][key] = value
        elif entries:
            entries[-1][2].append(line)
    return [(identifier, headers, "\n".join(body).strip()) for identifier, headers, body in entries]


def fields(text):
    return sorted(re.findall(r"@[A-Z_]+@", text))


@pytest.mark.parametrize("language", languages())
def test_every_journal_catalog_translates_every_entry_of_the_english(language):
    english = catalog_entries(os.path.join(ROOT, "units", "medd.catalog"))
    translated = catalog_entries(os.path.join(ROOT, "units", f"medd.{language}.catalog"))
    assert [entry[0] for entry in translated] == [entry[0] for entry in english], \
        "the same message IDs in the same order, with no language suffix (journalctl takes it from the file name)"
    for (identifier, headers, body), (_, english_headers, english_body) in zip(translated, english):
        assert headers["Defined-By"] == english_headers["Defined-By"] and headers["Support"] == english_headers["Support"]
        assert headers["Subject"] != english_headers["Subject"], f"{language} {identifier}: Subject not translated"
        assert fields(headers["Subject"]) == fields(english_headers["Subject"]), f"{language} {identifier}: Subject fields"
        assert fields(body) == fields(english_body), f"{language} {identifier}: body fields"
        assert re.findall(r"MEDD_EVENT=[a-z-]+", body) == re.findall(r"MEDD_EVENT=[a-z-]+", english_body)


def missed_entry_id():
    [identifier] = [identifier for identifier, _, body in catalog_entries(os.path.join(ROOT, "units", "medd.catalog"))
                    if "MEDD_EVENT=missed" in body]
    return identifier


@pytest.mark.skipif(os.geteuid() != 0, reason="NOT RUN: installing into /usr/lib/systemd/catalog needs root")
def test_journalctl_x_explains_a_missed_entry_in_the_readers_language(tmp_path):
    """The catalogs installed as the package installs them, `journalctl --update-catalog`, a real `missed` entry
    in the journal: `journalctl -x` explains it in German under de_DE.UTF-8 and in English under C.UTF-8, and the
    entry's MESSAGE is English either way."""
    identifier = missed_entry_id()
    [(_, german_headers, _)] = [entry for entry in catalog_entries(os.path.join(ROOT, "units", "medd.de.catalog"))
                                if entry[0] == identifier]
    [(_, english_headers, _)] = [entry for entry in catalog_entries(os.path.join(ROOT, "units", "medd.catalog"))
                                 if entry[0] == identifier]
    installed = [os.path.join(CATALOG_DIR, name) for name in ("medd.catalog", "medd.de.catalog")]
    saved = {path: open(path, "rb").read() for path in installed if os.path.exists(path)}
    try:
        os.makedirs(CATALOG_DIR, exist_ok=True)
        for path in installed:
            shutil.copyfile(os.path.join(ROOT, "units", os.path.basename(path)), path)
        subprocess.run(["journalctl", "--update-catalog"], check=True, capture_output=True)
        test_id = f"lang{os.getpid()}{int(time.time())}"
        entry = {"MESSAGE": "Metformin 500 mg due 2026-11-22T08:00:00+01:00 (metformin_20261122_08_00): missed",
                 "MESSAGE_ID": identifier, "MEDD_EVENT": "missed", "MEDD_MED_NAME": "Metformin", "MEDD_DOSE": "500 mg",
                 "MEDD_DOSE_ID": "metformin_20261122_08_00", "MEDD_SCHEDULED": "2026-11-22T08:00:00+01:00",
                 "MEDD_TEST_ID": test_id}
        fields_file = tmp_path / "entry"
        fields_file.write_text("".join(f"{key}={value}\n" for key, value in entry.items()))
        subprocess.run(["logger", f"--journald={fields_file}"], check=True)
        journal("MEDD_TEST_ID", test_id)

        def explained(lang):
            out = subprocess.run(["journalctl", "--no-pager", "-x", f"MEDD_TEST_ID={test_id}"], capture_output=True,
                                 text=True, env=locales.env(lang))
            assert out.returncode == 0, out.stderr
            return out.stdout

        substitute = lambda text: text.replace("@MEDD_MED_NAME@", "Metformin").replace("@MEDD_DOSE@", "500 mg")  # noqa: E731
        german = explained("de_DE.UTF-8")
        assert "Subject: " + substitute(german_headers["Subject"]) in german, german
        assert entry["MESSAGE"] in german
        english = explained("C.UTF-8")
        assert "Subject: " + substitute(english_headers["Subject"]) in english, english
    finally:
        for path in installed:
            if path in saved:
                open(path, "wb").write(saved[path])
            elif os.path.exists(path):
                os.remove(path)
        subprocess.run(["journalctl", "--update-catalog"], capture_output=True)
