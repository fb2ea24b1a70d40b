"""medd and medctl in the person's language (gettext catalogs from po/, compiled by `make catalogs`) and the
locale's formats, end to end: locales compiled here (locales.py), a recording notification server and dunst on
a private bus, the real journal. The expected words come from the compiled catalogs, and each must differ from
the English, so no test passes on untranslated text."""
import os
import subprocess

import pytest

import locales
from harness import berlin, bin_dir, config, dose_events

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
    shown = dunst.recorded()
    assert shown, "dunst recorded no notification"
    assert shown[-1]["summary"] == "Metformin 500 mg"
    assert shown[-1]["body"].startswith(locales.translated("de", "Due at %1$s", "08:00"))


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
