"""The man pages in man/: they render without a warning at 80 columns, and they document everything the
code defines for users: every configuration key the validator knows (asked of `medctl check` itself),
every MESSAGE_ID of the journal catalog, every method and error of the Varlink interface; and the
example configuration of medd.toml(5) is one `medctl check` accepts."""
import os
import re
import subprocess

import pytest

import harness

MAN = os.path.join(harness.REPO, "man")
PAGES = ["medd.8", "medd.toml.5", "medctl.1", "medd-sync.8"]
WIDTH = 80
UNKNOWN_KEY = "zzzzzzzz"


def render(page, width=WIDTH):
    """The page as man shows it, and what man and troff said on standard error."""
    out = subprocess.run(["man", "--warnings", "-l", os.path.join(MAN, page)], capture_output=True, text=True,
                         env=dict(os.environ, MANWIDTH=str(width), MANPAGER="cat", PAGER="cat", MAN_KEEP_FORMATTING="",
                                  LC_ALL="C.UTF-8"))
    assert out.returncode == 0, out.stderr
    return out.stdout, out.stderr


def rendered(page):
    return render(page)[0]


@pytest.mark.parametrize("page", PAGES)
def test_page_renders_without_warnings(page):
    _, warnings = render(page)
    assert warnings == "", warnings
    strict = subprocess.run(["groff", "-man", "-ww", "-z", "-t", os.path.join(MAN, page)], capture_output=True, text=True)
    assert strict.returncode == 0 and strict.stderr == "", strict.stderr


@pytest.mark.parametrize("page", PAGES)
def test_page_fits_80_columns(page):
    text, _ = render(page)
    too_wide = [line for line in text.splitlines() if len(line) > WIDTH]
    assert too_wide == [], "\n".join(too_wide)


def medctl_check(config_path):
    return subprocess.run([os.path.join(harness.bin_dir(), "medctl"), "check", "--config", str(config_path)],
                          capture_output=True, text=True, timeout=60)


def known_keys(tmp_path):
    """Every table's known keys, as the validator lists them when it meets a key it does not know."""
    config = tmp_path / "unknown-keys.toml"
    config.write_text(f"""{UNKNOWN_KEY} = 1
[settings]
{UNKNOWN_KEY} = 1
[medication.x]
name = "X"
dose = "1"
times = ["08:00"]
start = "2026-01-01"
cycle = {{ on = 1, off = 1, {UNKNOWN_KEY} = 1 }}
{UNKNOWN_KEY} = 1
[[hook]]
on = ["fired"]
exec = ["/bin/true"]
{UNKNOWN_KEY} = 1
[person.x]
{UNKNOWN_KEY} = 1
[sync]
url = "https://dav.example.org/x/"
{UNKNOWN_KEY} = 1
""")
    out = medctl_check(config)
    assert out.returncode == 1, out.stdout + out.stderr
    pattern = re.compile(r'^.*?:\d+:\d+: (?:(\S+): )?unknown key "' + UNKNOWN_KEY + r'"; expected one of (.*)$')
    tables = {}
    for line in out.stderr.splitlines():
        match = pattern.match(line)
        if match:
            tables[match.group(1) or "(top level)"] = re.findall(r'"([^"]+)"', match.group(2))
    assert set(tables) == {"(top level)", "settings", "medication.x", "medication.x.cycle", "hook[0]", "person.x", "sync"}, out.stderr
    assert all(tables.values()), tables
    return tables


def reference_entries(page):
    """The tags of the page's `.TP` entries before EXAMPLES, as plain text: the terms it defines."""
    source = open(os.path.join(MAN, page)).read().split("\n.SH EXAMPLES\n", 1)[0].splitlines()
    tags = []
    for previous, line in zip(source, source[1:]):
        if previous == ".TP":
            text = re.sub(r"^\.[A-Z]+\s*", "", line)
            text = re.sub(r"\\f[BIRP]", "", text).replace('"', "").replace("\\(dq", '"').replace("\\-", "-")
            tags.append(re.sub(r"\s+", " ", text))
    return tags


@pytest.mark.parametrize("program,page", [("medd", "medd.8"), ("medctl", "medctl.1"), ("medd-sync", "medd-sync.8")])
def test_the_options_every_program_takes_are_documented(program, page):
    """--version, --help and --generate-completion-script work and are in the program's page."""
    text = rendered(page)
    for option in (["--version"], ["--help"], ["--generate-completion-script", "bash"]):
        out = subprocess.run([os.path.join(harness.bin_dir(), program), *option], capture_output=True, text=True, timeout=60)
        assert out.returncode == 0 and out.stdout, out
        assert option[0] in text, f"{page} does not document {option[0]}"


def test_every_configuration_key_is_documented(tmp_path):
    """Each key has an entry of its own in medd.toml(5) (`key = type`, or a table header), not only an example."""
    entries = "\n".join(reference_entries("medd.toml.5"))
    missing = []
    for table, keys in known_keys(tmp_path).items():
        for key in keys:
            shown = f"[{key}" if table == "(top level)" else f"{key} = "
            if not re.search(r"(?<![\w.])" + re.escape(shown), entries):
                missing.append(f"{table}: {key}")
    assert missing == [], "no entry in medd.toml(5) for " + ", ".join(missing)


def test_every_message_id_is_documented():
    catalog = open(os.path.join(harness.REPO, "units", "medd.catalog")).read()
    ids = re.findall(r"^-- ([0-9a-f]{32})$", catalog, re.MULTILINE)
    assert ids, "no MESSAGE_ID in units/medd.catalog"
    page = rendered("medd.8")
    assert [i for i in ids if i not in page] == []


def test_every_varlink_method_and_error_is_documented():
    interface = open(os.path.join(harness.REPO, "Sources", "MeddControl", "io.medd.Control.varlink")).read()
    methods = re.findall(r"^method (\w+)\(", interface, re.MULTILINE)
    errors = re.findall(r"^error (\w+) ", interface, re.MULTILINE)
    assert methods and errors, "no methods or errors in io.medd.Control.varlink"
    page = rendered("medd.8")
    missing = [f"method {m}" for m in methods if f"{m}(" not in page]
    missing += [f"error {e}" for e in errors if f"io.medd.Control.{e}" not in page]
    assert missing == [], "not in medd(8): " + ", ".join(missing)


def test_the_example_configuration_is_valid(tmp_path):
    """The TOML of medd.toml(5)'s EXAMPLES section, as a reader would copy it, passes `medctl check`."""
    text, _ = render("medd.toml.5", width=200)
    section = text.split("\nEXAMPLES\n", 1)[1].split("\nFILES\n", 1)[0]
    toml = [line[7:] for line in section.splitlines()
            if line.startswith("       [") or re.match(r"^       [a-z_]+ = ", line) or line == ""]
    assert any(line.startswith("[medication.") for line in toml), section
    config = tmp_path / "example.toml"
    config.write_text("\n".join(toml) + "\n")
    out = medctl_check(config)
    assert out.returncode == 0, config.read_text() + out.stderr
