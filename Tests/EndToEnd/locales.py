"""Locales for the language tests, compiled here with localedef (Debian's `locales` package) into a folder
of our own and used through LOCPATH: no root, no change to the machine's locales. Compiled once per machine
(kept in /tmp) since each takes a second or two."""
import gettext
import re
import os
import shutil
import subprocess
import tempfile

import harness

FOLDER = os.path.join(tempfile.gettempdir(), "medd-test-locales")


def compiled(name):
    """The folder holding locale `name` (`de_DE.UTF-8`), compiled if it is not there yet."""
    path = os.path.join(FOLDER, name)
    if not os.path.isfile(os.path.join(path, "LC_IDENTIFICATION")):
        os.makedirs(FOLDER, exist_ok=True)
        # Compiled beside it and renamed into place whole: another test file running at the same time
        # (pytest-xdist) sees the locale complete or not at all.
        building = tempfile.mkdtemp(prefix=f".{name}.", dir=FOLDER)
        source, charmap = name.split(".")
        out = subprocess.run(["localedef", "-i", source, "-f", charmap, building], capture_output=True, text=True)
        # localedef exits 1 for warnings alone (some locales' sources have them); the files are still written.
        assert os.path.isfile(os.path.join(building, "LC_IDENTIFICATION")), f"localedef could not compile {name}: {out.stderr}"
        os.chmod(building, 0o755)
        try:
            os.rename(building, path)
        except OSError:  # the other compiled it first
            shutil.rmtree(building)
    return FOLDER


def env(lang, **variables):
    """An environment that runs a program in locale `lang` (LANG, with LOCPATH pointing at our compiled
    locales); `variables` adds LANGUAGE, LC_TIME and the like."""
    names = [lang] + [value for key, value in variables.items() if key.startswith("LC_") and "." in value]
    for name in names:
        if name not in ("C", "POSIX", "C.UTF-8"):
            compiled(name)
    environment = dict(os.environ, LANG=lang, LOCPATH=FOLDER)
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_TIME", "LC_NUMERIC"):
        environment.pop(key, None)
    environment.update(variables)
    return environment


def catalog_folder():
    """Where `make catalogs` put the compiled .mo files for the build under test."""
    return os.path.realpath(os.path.join(harness.bin_dir(), "..", "share", "locale"))


def translation(language):
    """The compiled catalog of `language` (`de`), as Python's gettext reads it: what the test expects medd to say."""
    path = os.path.join(catalog_folder(), language, "LC_MESSAGES", "medd.mo")
    assert os.path.isfile(path), f"no compiled catalog at {path}: run `make catalogs`"
    return gettext.GNUTranslations(open(path, "rb"))


def translated(language, message, *arguments):
    """`message` in `language` with its %1$s arguments filled in; asserts the catalog really translates it,
    so a test cannot pass on English text."""
    text = translation(language).gettext(message)
    assert text != message, f"the {language} catalog does not translate {message!r}"
    return fill(text, arguments)


def translated_plural(language, singular, plural, count, *arguments):
    return fill(translation(language).ngettext(singular, plural, count), arguments)


def fill(template, arguments):
    def one(match):
        index = int(match.group(1)) - 1
        return arguments[index]

    return re.sub(r"%(\d+)\$[sd]", one, template).replace("%%", "%")
