"""Changing the schedule from medctl: `add`, `pause`, `resume` and `remove` change one table of medd.toml and
no other line, judged by Python's tomllib (the document read back must be exactly the expected one) and by a
line diff; `medctl edit` driven by a scripted EDITOR and, once, by keystrokes in a real terminal (tmux); the
replacement killed before every system call it makes (strace) and at random 200 times, never leaving a
partial file; bad input refused with a precise error and the file untouched; a running medd reloads."""
import copy
import difflib
import glob
import os
import random
import re
import shutil
import signal
import stat
import subprocess
import tempfile
import time
import tomllib

import pytest

from harness import REPO, berlin, bin_dir, config, medctl_output, unique_med, ZONE

FIXTURES = sorted(glob.glob(os.path.join(REPO, "Tests", "MeddConfigTests", "Fixtures", "valid", "*.toml"))) + [
    os.path.join(REPO, "examples", "medd.toml")]
GROUPS = ("medication", "measurement")


def run_medctl(*args, config_path, env=None, stdin=None, timeout=30):
    environment = dict(os.environ, TZ=ZONE, NO_COLOR="1", LANG="C.UTF-8", MEDD_SOCKET="/nonexistent/medd.sock")
    environment.update(env or {})
    return subprocess.run([os.path.join(bin_dir(), "medctl"), *args, "--config", config_path], capture_output=True,
                          text=True, env=environment, input=stdin, timeout=timeout)


def subjects(document):
    return [(group, name) for group in GROUPS for name in document.get(group, {})]


def header_path(line):
    """The names a header line gives (`[medication."vitamin-d"]`), or None for any other line."""
    if not line.lstrip().startswith("["):
        return None
    try:
        parsed = tomllib.loads(line)
    except tomllib.TOMLDecodeError:
        return None
    path = []
    while isinstance(parsed, (dict, list)) and parsed:
        if isinstance(parsed, list):
            parsed = parsed[0]
            continue
        (name, parsed), = parsed.items()
        path.append(name)
    return tuple(path)


def table_lines(lines, path):
    """The lines [start, end) that hold the table at `path`: its header with the comment lines right above it and
    its sub-tables, up to the next other header; or the one line of an inline table."""
    headers = [(index, header_path(line)) for index, line in enumerate(lines)]
    headers = [(index, found) for index, found in headers if found is not None]
    for position, (index, found) in enumerate(headers):
        if found == path:
            start = index
            while start > 0 and lines[start - 1].lstrip().startswith("#"):
                start -= 1
            end = next((other for other, names in headers[position + 1:] if names[:len(path)] != path), len(lines))
            return start, end
    for index, line in enumerate(lines):
        try:
            parsed = tomllib.loads(line)
        except tomllib.TOMLDecodeError:
            continue
        node = parsed
        for name in path:
            node = node.get(name) if isinstance(node, dict) else None
        if isinstance(node, dict) and node and not lines[index].lstrip().startswith("["):
            return index, index + 1
    raise AssertionError(f"no table {path} found")


def changes_outside(old, new, allowed):
    """The diff hunks of old -> new that touch lines outside [allowed): none when the edit kept to its table."""
    start, end = allowed
    outside = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if i1 < start or i2 > end or (i1 == i2 and not start <= i1 <= end):
            outside.append((tag, old[i1:i2], new[j1:j2]))
    return outside


@pytest.fixture
def work_copy():
    directory = tempfile.mkdtemp(prefix="medd-edit-")
    yield directory
    shutil.rmtree(directory, ignore_errors=True)


def copy_fixture(fixture, directory):
    path = os.path.join(directory, "medd.toml")
    shutil.copyfile(fixture, path)
    return path


@pytest.mark.parametrize("fixture", FIXTURES, ids=os.path.basename)
def test_pause_resume_and_pause_until_on_every_valid_fixture(fixture, work_copy):
    """Each medication and measurement of each valid fixture paused, resumed and paused until a day: tomllib reads
    exactly the expected document, only lines of its table change, and a pause then a resume leave the bytes."""
    original = open(fixture, "rb").read()
    document = tomllib.loads(original.decode())
    for group, name in subjects(document):
        path = copy_fixture(fixture, work_copy)
        lines = original.decode().splitlines(keepends=True)
        allowed = table_lines(lines, (group, name))

        out = run_medctl("pause", name, config_path=path)
        assert out.returncode == 0, (name, out.stderr)
        expected = copy.deepcopy(document)
        expected[group][name]["paused"] = True
        expected[group][name].pop("paused_until", None)
        new_text = open(path).read()
        assert tomllib.loads(new_text) == expected, name
        assert changes_outside(lines, new_text.splitlines(keepends=True), allowed) == [], name

        out = run_medctl("resume", name, config_path=path)
        assert out.returncode == 0, (name, out.stderr)
        if document[group][name].get("paused") is True:
            # Paused already: the pause changed nothing; the resume takes its line out, or sets it to false where a
            # comment follows it.
            expected = copy.deepcopy(document)
            start, end = allowed
            commented = any(re.match(r"\s*paused\s*=\s*true\s*#", line) for line in lines[start:end])
            if commented:
                expected[group][name]["paused"] = False
            else:
                del expected[group][name]["paused"]
            assert tomllib.loads(open(path).read()) == expected, name
            shutil.copyfile(fixture, path)
        assert open(path, "rb").read() == original, f"pause + resume of {name} did not give the file back"

        out = run_medctl("pause", name, "--until", "2099-03-01", config_path=path)
        assert out.returncode == 0, (name, out.stderr)
        expected = copy.deepcopy(document)
        expected[group][name]["paused_until"] = "2099-03-01"
        if expected[group][name].get("paused") is True:
            expected[group][name]["paused"] = False
        new_text = open(path).read()
        assert tomllib.loads(new_text) == expected, name
        assert changes_outside(lines, new_text.splitlines(keepends=True), allowed) == [], name
        assert "until 2099-03-01" in out.stdout


def refusal_expected(document, group, name):
    """Why removing the table must be refused: a measurement's `for` names it, or a carer's person would be left
    with no medication."""
    if any(name in table.get("for", []) for table in document.get("measurement", {}).values()):
        return "for"
    person = document.get(group, {}).get(name, {}).get("person")
    others = [table for other, table in document.get("medication", {}).items() if other != name and table.get("person") == person]
    if group == "medication" and person and not others and any(c.get("person") == person for c in document.get("carer", {}).values()):
        return "carer"
    return None


def is_removal_of(old, new, start, end):
    """Whether `new` is `old` without the lines [start, end), give or take the blank lines and comments that
    border them: the blank line before a table may go with it, and comments above the next header stay."""
    for cut_start in range(start, max(-1, start - 3), -1):
        if cut_start < start and old[cut_start].strip():
            break
        for cut_end in range(end, max(start, end - 6), -1):
            if cut_end < end and old[cut_end].strip() and not old[cut_end].lstrip().startswith("#"):
                break
            if old[:cut_start] + old[cut_end:] == new:
                return True
    return False


@pytest.mark.parametrize("fixture", FIXTURES, ids=os.path.basename)
def test_remove_on_every_valid_fixture(fixture, work_copy):
    """Each table removed: the document without it, and the lines gone exactly those of its table (its header,
    keys, sub-tables and the comments above it); one whose removal would break the file (a measurement's `for`
    names it, a carer would hear of nothing) is refused with the reason, the file untouched."""
    original = open(fixture, "rb").read()
    document = tomllib.loads(original.decode())
    removed = 0
    for group, name in subjects(document):
        path = copy_fixture(fixture, work_copy)
        lines = original.decode().splitlines(keepends=True)
        start, end = table_lines(lines, (group, name))
        out = run_medctl("remove", name, config_path=path)
        refusal = refusal_expected(document, group, name)
        if refusal:
            assert out.returncode == 1 and "so it was not written" in out.stderr, out.stderr
            assert (name if refusal == "for" else "the carer would hear of nothing") in out.stderr, out.stderr
            assert open(path, "rb").read() == original
            continue
        assert out.returncode == 0, (name, out.stderr)
        assert "history stays" in out.stdout
        expected = copy.deepcopy(document)
        del expected[group][name]
        if not expected[group]:
            del expected[group]
        new_text = open(path).read()
        assert tomllib.loads(new_text) == expected, name
        assert is_removal_of(lines, new_text.splitlines(keepends=True), start, end), (name, new_text)
        removed += 1
    assert removed >= 1 or not subjects(document)


@pytest.mark.parametrize("fixture", FIXTURES + [None], ids=lambda f: os.path.basename(f) if f else "no-file")
def test_add_on_every_valid_fixture(fixture, work_copy):
    """A medication added from options: the document with exactly that table more, every old line kept in order and
    the new lines one block; a file that did not exist is created."""
    if fixture:
        path = copy_fixture(fixture, work_copy)
        original = open(fixture).read()
    else:
        path, original = os.path.join(work_copy, "medd", "medd.toml"), ""  # neither the file nor its directory yet
    document = tomllib.loads(original)
    out = run_medctl("add", "new-med", "--name", 'Vitamin "B12" \\ drops', "--dose", "1 tablet", "--times", "08:00, 20:00",
                     "--days", "mon,fri", "--start", "2026-12-01", "--stock", "30", "--per-dose", "0.5", "--refill-at", "5",
                     "--notes", "with food\nand water", "--person", "mum", config_path=path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("added new-med: Vitamin \"B12\" \\ drops 1 tablet"), out.stdout
    expected = copy.deepcopy(document)
    expected.setdefault("medication", {})["new-med"] = {
        "name": 'Vitamin "B12" \\ drops', "dose": "1 tablet", "times": ["08:00", "20:00"], "days": ["mon", "fri"],
        "start": "2026-12-01", "stock": 30, "per_dose": 0.5, "refill_at": 5, "person": "mum", "notes": "with food\nand water"}
    new_text = open(path).read()
    assert tomllib.loads(new_text) == expected
    old_lines, new_lines = original.splitlines(keepends=True), new_text.splitlines(keepends=True)
    opcodes = [op for op in difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False).get_opcodes() if op[0] != "equal"]
    # One block inserted; a last line without its line end gains one.
    assert [op[0] for op in opcodes] in (["insert"], ["replace"]), opcodes
    if opcodes[0][0] == "replace":
        assert opcodes[0][2] - opcodes[0][1] == 1 and old_lines[-1] + "\n" == new_lines[opcodes[0][3]]


def test_bad_input_is_refused_precisely_and_the_file_untouched(work_copy):
    path = copy_fixture(os.path.join(REPO, "Tests", "MeddConfigTests", "Fixtures", "valid", "reference.toml"), work_copy)
    original = open(path, "rb").read()
    cases = [
        (("pause", "metforman"), 1, "no medication or measurement metforman in " + path + "; did you mean metformin?"),
        (("remove", "nothing-here"), 1, "no medication or measurement nothing-here in " + path),
        (("add", "metformin", "--name", "M", "--dose", "1", "--times", "08:00"), 1,
         "metformin is taken: the medication Metformin in " + path + " has it; choose another ID"),
        (("add", "aspirin", "--name", "Aspirin", "--dose", "100 mg", "--times", "08:00,25:00"), 1,
         'medication.aspirin.times[1]: "25:00" is not a time; write it as HH:MM on a 24-hour clock'),
        (("add", "Aspirin", "--name", "A", "--dose", "1", "--times", "08:00"), 2, "Aspirin is not a medication ID"),
        (("add", "aspirin", "--dose", "1", "--times", "08:00"), 2, "--name is required"),
        (("add", "aspirin", "--name", "A", "--dose", "1"), 2, "give either --times or --as-needed"),
        (("add", "aspirin", "--name", "A", "--dose", "1", "--times", "08:00,,09:00"), 2, "--times 08:00,,09:00: an empty item"),
        (("add", "aspirin", "--name", "A", "--dose", "1", "--times", "08:00", "--stock", "-3"), 2,
         "--stock -3: expected a number of units, 0 or more, with at most three decimals"),
        (("add", "aspirin", "--name", "A", "--dose", "1", "--times", "08:00", "--per-dose", "0.1234"), 2,
         "--per-dose 0.1234: expected a number of units"),
        (("add", "aspirin", "--name", "A", "--dose", "1", "--times", "08:00", "--start", "2026-02-30"), 2,
         "--start 2026-02-30: expected a day as YYYY-MM-DD"),
        (("pause", "metformin", "--until", "2020-01-01"), 2, "--until 2020-01-01 is not after today"),
        (("pause", "metformin", "--until", "tomorrow"), 2, "--until tomorrow: expected a day as YYYY-MM-DD"),
        (("pause",), 2, "name the medication or measurement to pause"),
        (("resume", "pill"), 0, "pill is not paused"),
    ]
    for args, status, message in cases:
        out = run_medctl(*args, config_path=path)
        assert out.returncode == status, (args, out.stdout, out.stderr)
        assert message in out.stderr + out.stdout, (args, out.stderr)
        assert open(path, "rb").read() == original, args

    os.chmod(path, 0o444)
    out = run_medctl("pause", "metformin", config_path=path)
    assert out.returncode == 1
    assert f"{path} is read-only; nothing was written (make it writable with chmod u+w {path})" in out.stderr
    assert open(path, "rb").read() == original and stat.S_IMODE(os.stat(path).st_mode) == 0o444
    os.chmod(path, 0o644)

    broken = original.replace(b'dose = "500 mg"', b"dose = 500 mg", 1)
    with open(path, "wb") as f:
        f.write(broken)
    out = run_medctl("pause", "metformin", config_path=path)
    assert out.returncode == 1
    assert f"{path} has errors; nothing was changed. Fix them first (medctl edit):" in out.stderr
    assert f'{path}:17:12: expected the end of the line after the value of "dose"' in out.stderr
    assert open(path, "rb").read() == broken


def test_mode_and_symbolic_link_are_kept(work_copy):
    """The file keeps its permission bits; a medd.toml that is a link (a dotfiles repository) stays a link, and
    the file it points to changes."""
    target_dir = os.path.join(work_copy, "dotfiles")
    os.mkdir(target_dir)
    target = copy_fixture(os.path.join(REPO, "Tests", "MeddConfigTests", "Fixtures", "valid", "minimal.toml"), target_dir)
    os.chmod(target, 0o600)
    link = os.path.join(work_copy, "link.toml")
    os.symlink(target, link)
    out = run_medctl("pause", "metformin", config_path=link)
    assert out.returncode == 0, out.stderr
    assert os.path.islink(link) and os.readlink(link) == target
    assert tomllib.loads(open(target).read())["medication"]["metformin"]["paused"] is True
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o600
    assert sorted(os.listdir(target_dir)) == ["medd.toml"], "a temporary file was left behind"


def editor_script(directory, body):
    script = os.path.join(directory, "editor.sh")
    with open(script, "w") as f:
        f.write("#!/bin/sh\nset -e\n" + body)
    os.chmod(script, 0o755)
    return script


def test_edit_with_a_scripted_editor(daemons):
    """A broken save shows its errors and offers to edit again; `d` discards, leaving the file byte-equal; `e`
    opens the editor again on the broken copy, whose fix is checked, written and reloaded (medctl meds shows it);
    an unchanged save writes nothing."""
    med = unique_med()
    daemon = daemons(config(med), berlin(7, 0))
    original = open(daemon.config_path, "rb").read()
    env = {"MEDD_SOCKET": daemon.socket_path}

    breaks = editor_script(daemon.directory, 'sed -i "s/^dose = \\"500 mg\\"/dose = 500 mg/" "$1"\n')
    out = run_medctl("edit", config_path=daemon.config_path, env={**env, "EDITOR": breaks}, stdin="d\n")
    assert out.returncode == 1
    assert 'expected the end of the line after the value of "dose", found "m"' in out.stderr
    assert "What now? e: edit again, d: discard the changes [e/d]" in out.stderr
    assert "changes discarded" in out.stderr
    assert open(daemon.config_path, "rb").read() == original

    # First round breaks the dose, the second (on the broken copy) writes 850 mg.
    counter = os.path.join(daemon.directory, "rounds")
    two_rounds = editor_script(daemon.directory, f"""
echo x >> {counter}
if [ "$(wc -l < {counter})" -eq 1 ]; then sed -i 's/^dose = "500 mg"/dose = 500 mg/' "$1"
else grep -q '^dose = 500 mg$' "$1"; sed -i 's/^dose = 500 mg/dose = "850 mg"/' "$1"; fi
""")
    out = run_medctl("edit", config_path=daemon.config_path, env={**env, "VISUAL": two_rounds, "EDITOR": "false"}, stdin="e\n")
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0] == f"changed medication {med}"
    assert out.stdout.splitlines()[1].startswith("reloaded: 1 medication")
    assert open(daemon.config_path, "rb").read() == original.replace(b'"500 mg"', b'"850 mg"')
    assert "850 mg" in medctl_output(daemon, "meds")

    unchanged = editor_script(daemon.directory, "true\n")
    before = os.stat(daemon.config_path)
    out = run_medctl("edit", config_path=daemon.config_path, env={**env, "EDITOR": unchanged})
    assert out.returncode == 0 and "no changes" in out.stdout and "reloaded" not in out.stdout
    assert os.stat(daemon.config_path).st_mtime_ns == before.st_mtime_ns and os.stat(daemon.config_path).st_ino == before.st_ino

    adds = editor_script(daemon.directory, 'printf \'\\n[medication.aspirin]\\nname = "Aspirin"\\ndose = "100 mg"\\ntimes = ["09:00"]\\n\' >> "$1"\n')
    out = run_medctl("edit", config_path=daemon.config_path, env={**env, "EDITOR": adds})
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0] == "added medication aspirin"
    assert "Aspirin" in medctl_output(daemon, "meds")


def test_edit_never_overwrites_a_change_made_meanwhile(work_copy):
    path = copy_fixture(os.path.join(REPO, "Tests", "MeddConfigTests", "Fixtures", "valid", "minimal.toml"), work_copy)
    meanwhile = open(path).read() + "# changed by someone else\n"
    script = editor_script(work_copy, f"""
printf '%s' '{meanwhile}' > {path}
sed -i 's/500 mg/850 mg/' "$1"
""")
    out = run_medctl("edit", config_path=path, env={"EDITOR": script})
    assert out.returncode == 1
    assert "was changed by something else while medctl was changing it; nothing was written" in out.stderr
    kept = out.stderr.split("your edited copy is kept in ")[1].strip()
    assert "850 mg" in open(kept).read()
    assert open(path).read() == meanwhile


def test_edit_opens_a_file_with_errors_and_shows_them_first(work_copy):
    path = os.path.join(work_copy, "medd.toml")
    with open(path, "w") as f:
        f.write('[medication.m]\nname = "M"\ndose = "1"\ntimes = ["8:00"]\n')
    fixes = editor_script(work_copy, 'sed -i \'s/"8:00"/"08:00"/\' "$1"\n')
    out = run_medctl("edit", config_path=path, env={"EDITOR": fixes})
    assert out.returncode == 0, out.stderr
    assert out.stderr.startswith(f"{path} has errors; fix them in the editor:\n{path}:4:")
    assert f"{path} has no errors now" in out.stdout
    assert tomllib.loads(open(path).read())["medication"]["m"]["times"] == ["08:00"]


def tmux(*args):
    return subprocess.run(["tmux", "-L", "medd-edit-test", *args], capture_output=True, text=True, timeout=10)


def wait_for_pane(text, timeout=15.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pane = tmux("capture-pane", "-p", "-t", "edit").stdout
        if text in pane:
            return pane
        time.sleep(0.1)
    raise AssertionError(f"{text!r} never appeared; the terminal shows:\n{pane}")


@pytest.mark.skipif(shutil.which("tmux") is None or shutil.which("vim") is None, reason="needs tmux and vim")
def test_edit_in_a_real_terminal(daemons):
    """vim in a tmux terminal: a save with an error, `e` at the question, the fix saved, the reload shown."""
    med = unique_med()
    daemon = daemons(config(med), berlin(7, 0))
    command = (f"env TZ={ZONE} LANG=C.UTF-8 VISUAL='vim -u NONE -N' MEDD_SOCKET={daemon.socket_path} "
               f"{os.path.join(bin_dir(), 'medctl')} edit --config {daemon.config_path}; echo medctl-exit=$?; sleep 30")
    tmux("kill-server")
    started = tmux("new-session", "-d", "-s", "edit", "-x", "120", "-y", "40", command)
    assert started.returncode == 0, started.stderr
    try:
        wait_for_pane('dose = "500 mg"')
        tmux("send-keys", "-t", "edit", ":%s/\"500 mg\"/500 mg/", "Enter", ":wq", "Enter")
        wait_for_pane("What now? e: edit again, d: discard the changes [e/d]")
        tmux("send-keys", "-t", "edit", "e", "Enter")
        wait_for_pane("dose = 500 mg")
        tmux("send-keys", "-t", "edit", ":%s/= 500 mg/= \"1000 mg\"/", "Enter", ":wq", "Enter")
        pane = wait_for_pane("medctl-exit=")
        assert "medctl-exit=0" in pane and f"changed medication {med}" in pane and "reloaded: 1 medication" in pane, pane
    finally:
        tmux("kill-server")
    assert "1000 mg" in medctl_output(daemon, "meds")


def test_a_running_medd_follows_add_pause_resume_and_remove(daemons):
    med = unique_med()
    daemon = daemons(config(med), berlin(7, 0))
    env = {"MEDD_SOCKET": daemon.socket_path}
    out = run_medctl("add", "aspirin", "--name", "Aspirin", "--dose", "100 mg", "--times", "09:00", config_path=daemon.config_path, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["added aspirin: Aspirin 100 mg, 09:00", "reloaded: 2 medications, 42 doses planned over the horizon"]
    out = run_medctl("pause", med, config_path=daemon.config_path, env=env)
    assert out.returncode == 0, out.stderr
    meds = medctl_output(daemon, "meds")
    assert [line for line in meds.splitlines() if line.startswith(med)][0].rstrip().endswith("paused")
    out = run_medctl("pause", "aspirin", "--until", "2026-11-25", config_path=daemon.config_path, env=env)
    assert out.returncode == 0, out.stderr
    assert "paused until" in [line for line in medctl_output(daemon, "meds").splitlines() if line.startswith("aspirin")][0]
    doses = medctl_output(daemon, "doses", "--from", "2026-11-22T00:00:00+01:00", "--to", "2026-11-27T00:00:00+01:00", "--med", "aspirin", "--json")
    assert "20261125_09_00" in doses and "20261124_09_00" not in doses, doses
    out = run_medctl("resume", med, config_path=daemon.config_path, env=env)
    assert out.returncode == 0 and out.stdout.startswith(f"resumed {med}"), out.stderr
    out = run_medctl("remove", "aspirin", config_path=daemon.config_path, env=env)
    assert out.returncode == 0, out.stderr
    assert "aspirin" not in medctl_output(daemon, "meds")


def syscalls_of(args, path, directory):
    """The system calls medctl makes from its first read of the file on, as (name, occurrence of that name)."""
    trace = os.path.join(directory, "trace")
    subprocess.run(["strace", "-qq", "-o", trace, os.path.join(bin_dir(), "medctl"), *args, "--config", path],
                   capture_output=True, env=dict(os.environ, MEDD_SOCKET="/nonexistent/medd.sock"), check=True)
    names = [line.split("(", 1)[0].strip() for line in open(trace) if "(" in line and not line.startswith("+++") and not line.startswith("---")]
    lines = open(trace).read().splitlines()
    first = next(index for index, line in enumerate(lines) if os.path.basename(path) in line and "open" in line)
    counts, result = {}, []
    for index, name in enumerate(names):
        counts[name] = counts.get(name, 0) + 1
        if index >= first:
            result.append((name, counts[name]))
    return result


@pytest.mark.skipif(shutil.which("strace") is None, reason="needs strace")
def test_killed_before_every_system_call_of_a_write(work_copy):
    """medctl pause killed (SIGKILL, by strace) on entry to each system call from its first read of the file on:
    the file is always the old one or the new one, whole; the copy a killed run leaves is cleared by the next."""
    fixture = os.path.join(REPO, "Tests", "MeddConfigTests", "Fixtures", "valid", "reference.toml")
    path = copy_fixture(fixture, work_copy)
    old = open(path, "rb").read()
    run_medctl("pause", "metformin", config_path=path)
    new = open(path, "rb").read()
    assert new != old
    shutil.copyfile(fixture, path)
    calls = syscalls_of(("pause", "metformin"), path, work_copy)
    assert ("rename", 1) in calls and ("fsync", 1) in calls, calls
    outcomes = {"old": 0, "new": 0}
    for name, occurrence in calls:
        shutil.copyfile(fixture, path)
        subprocess.run(["strace", "-qq", "-o", "/dev/null", "-e", f"inject={name}:signal=KILL:when={occurrence}",
                        os.path.join(bin_dir(), "medctl"), "pause", "metformin", "--config", path],
                       capture_output=True, env=dict(os.environ, MEDD_SOCKET="/nonexistent/medd.sock"), timeout=30)
        now = open(path, "rb").read()
        assert now in (old, new), f"killed before {name} #{occurrence}: the file is neither the old nor the new one"
        outcomes["old" if now == old else "new"] += 1
    print(f"\n{len(calls)} system calls, each killed: {outcomes}")
    assert outcomes["old"] > 0 and outcomes["new"] > 0
    shutil.copyfile(fixture, path)
    assert run_medctl("pause", "metformin", config_path=path).returncode == 0
    assert sorted(os.listdir(work_copy)) == ["medd.toml", "trace"], "a killed run's copy was not cleared"


def test_killed_at_random_200_times(work_copy):
    fixture = os.path.join(REPO, "Tests", "MeddConfigTests", "Fixtures", "valid", "reference.toml")
    path = copy_fixture(fixture, work_copy)
    old = open(path, "rb").read()
    run_medctl("pause", "metformin", config_path=path)
    new = open(path, "rb").read()
    rng = random.Random(40)
    environment = dict(os.environ, MEDD_SOCKET="/nonexistent/medd.sock")
    seen = {"old": 0, "new": 0}
    for _ in range(200):
        shutil.copyfile(fixture, path)
        process = subprocess.Popen([os.path.join(bin_dir(), "medctl"), "pause", "metformin", "--config", path],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment)
        time.sleep(rng.uniform(0, 0.02))
        process.send_signal(signal.SIGKILL)
        process.wait()
        now = open(path, "rb").read()
        assert now in (old, new)
        seen["old" if now == old else "new"] += 1
    print(f"\n200 random kills: {seen}")


def test_completions_offer_the_ids_of_the_file(tmp_path):
    """After pause, resume, remove, taken, snooze and skip, bash and fish offer the IDs `medctl ids` reads from the
    configuration file (the default one: $XDG_CONFIG_HOME/medd/medd.toml)."""
    (tmp_path / "medd").mkdir()
    shutil.copyfile(os.path.join(REPO, "examples", "medd.toml"), tmp_path / "medd" / "medd.toml")
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path), PATH=bin_dir() + os.pathsep + os.environ["PATH"])
    ids = subprocess.run(["medctl", "ids"], capture_output=True, text=True, env=env, check=True).stdout.split()
    expected = sorted(tomllib.loads(open(os.path.join(REPO, "examples", "medd.toml")).read())["medication"])
    assert set(expected) <= set(ids) and len(ids) > len(expected), ids
    script = subprocess.run(["medctl", "--generate-completion-script", "bash"], capture_output=True, text=True, env=env).stdout
    (tmp_path / "medctl.bash").write_text(script)
    for verb in ("pause", "resume", "remove", "refill", "measure", "taken", "skip"):
        probe = (f"source {tmp_path / 'medctl.bash'}; COMP_WORDS=(medctl {verb} ''); COMP_CWORD=2; _medctl; "
                 "printf '%s\\n' \"${COMPREPLY[@]}\"")
        offered = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, env=env, check=True).stdout.split()
        assert sorted(offered) == sorted(ids), (verb, offered)
    probe = f"source {tmp_path / 'medctl.bash'}; COMP_WORDS=(medctl pause me); COMP_CWORD=2; _medctl; printf '%s\\n' \"${{COMPREPLY[@]}}\""
    assert subprocess.run(["bash", "-c", probe], capture_output=True, text=True, env=env).stdout.split() == [i for i in ids if i.startswith("me")]
    if shutil.which("fish") is None:
        print("SKIPPED: fish is not installed, so its completion of IDs is not run")
        return
    fish_script = subprocess.run(["medctl", "--generate-completion-script", "fish"], capture_output=True, text=True, env=env).stdout
    (tmp_path / "medctl.fish").write_text(fish_script)
    offered = subprocess.run(["fish", "-c", f"source {tmp_path / 'medctl.fish'}; complete -C 'medctl pause '"],
                             capture_output=True, text=True, env=env, check=True).stdout.split("\n")
    assert sorted(line.split("\t")[0] for line in offered if line) == sorted(ids)


def test_owner_group_and_a_dangling_link(work_copy):
    """Root changing someone's file keeps its owner and group; a link to nothing is said to be one."""
    path = copy_fixture(os.path.join(REPO, "Tests", "MeddConfigTests", "Fixtures", "valid", "minimal.toml"), work_copy)
    if os.geteuid() == 0:
        os.chown(path, 65534, 65534)
        os.chmod(path, 0o640)
        assert run_medctl("pause", "metformin", config_path=path).returncode == 0
        status = os.stat(path)
        assert (status.st_uid, status.st_gid, stat.S_IMODE(status.st_mode)) == (65534, 65534, 0o640)
    else:
        print("SKIPPED: not root, so a file of another owner cannot be made here")
    link = os.path.join(work_copy, "dangling.toml")
    os.symlink(os.path.join(work_copy, "missing", "medd.toml"), link)
    for args in (("add", "a", "--name", "A", "--dose", "1", "--times", "08:00"), ("pause", "a")):
        out = run_medctl(*args, config_path=link)
        assert out.returncode == 1 and "is a symbolic link to a file that does not exist" in out.stderr, out.stderr
    assert os.path.islink(link) and not os.path.exists(link)


def test_edit_keeps_what_was_typed(work_copy):
    """Edits are never thrown away unasked: a save that is not UTF-8 is named by its line and reopened as saved; an
    answer other than e or d is asked again; the end of the input, or an editor that fails after a round of errors,
    keeps the copy and shows where."""
    path = copy_fixture(os.path.join(REPO, "Tests", "MeddConfigTests", "Fixtures", "valid", "minimal.toml"), work_copy)
    original = open(path, "rb").read()
    counter = os.path.join(work_copy, "rounds")
    latin1 = editor_script(work_copy, f"""
echo x >> {counter}
if [ "$(wc -l < {counter})" -eq 1 ]; then printf 'notes = "caf\\351"\\n' >> "$1"
else grep -q 'caf' "$1"; LC_ALL=C sed -i 's/^notes = .*$/notes = "cafe"/' "$1"; fi
""")
    out = run_medctl("edit", config_path=path, env={"EDITOR": latin1}, stdin="yes\ne\n")
    assert out.returncode == 0, out.stderr
    assert f"{path}:5:13: the file is not valid UTF-8 here" in out.stderr
    assert out.stderr.count("What now?") == 2
    assert tomllib.loads(open(path).read())["medication"]["metformin"]["notes"] == "cafe"

    with open(path, "wb") as f:
        f.write(original)
    os.unlink(counter)
    breaks_then_fails = editor_script(work_copy, f"""
echo x >> {counter}
if [ "$(wc -l < {counter})" -eq 1 ]; then printf 'stock = -1\\n' >> "$1"; else exit 3; fi
""")
    out = run_medctl("edit", config_path=path, env={"EDITOR": breaks_then_fails}, stdin="e\n")
    assert out.returncode == 1 and "failed (3)" in out.stderr
    kept = out.stderr.split("your edited copy is kept in ")[1].split("\n")[0]
    assert "stock = -1" in open(kept).read() and open(path, "rb").read() == original

    breaks = editor_script(work_copy, "printf 'stock = -1\\n' >> \"$1\"\n")
    out = run_medctl("edit", config_path=path, env={"EDITOR": breaks}, stdin="")
    assert out.returncode == 1 and "no answer" in out.stderr and "your edited copy is kept in" in out.stderr
    assert open(path, "rb").read() == original


def test_edit_with_sigchld_ignored(work_copy):
    """Started by something that ignores SIGCHLD, medctl still waits for its editor."""
    path = copy_fixture(os.path.join(REPO, "Tests", "MeddConfigTests", "Fixtures", "valid", "minimal.toml"), work_copy)
    script = editor_script(work_copy, "sed -i 's/500 mg/850 mg/' \"$1\"\n")
    out = subprocess.run([os.path.join(bin_dir(), "medctl"), "edit", "--config", path], capture_output=True, text=True,
                         env=dict(os.environ, EDITOR=script, MEDD_SOCKET="/nonexistent/medd.sock"),
                         preexec_fn=lambda: signal.signal(signal.SIGCHLD, signal.SIG_IGN), timeout=30)
    assert out.returncode == 0, out.stderr
    assert "850 mg" in open(path).read()
