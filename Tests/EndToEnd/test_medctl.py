"""medctl's verbs against a running medd on a real socket: tables, --json, exit codes, help text,
colour rules, watch streams, completions."""
import json
import os
import pty
import select
import shutil
import signal
import subprocess
import time

import completions
import harness
from harness import berlin, config, dose_events

TWO_MEDS = 'notes = "with food"\n'


def medctl_path():
    return os.path.join(harness.bin_dir(), "medctl")


def medctl(daemon, *args, env=None, socket=True):
    """Runs medctl (TZ=Europe/Berlin) against `daemon`'s socket; returns the CompletedProcess."""
    environment = dict(os.environ, TZ=harness.ZONE, **(env or {}))
    environment.pop("NO_COLOR", None) if env is None or "NO_COLOR" not in env else None
    argv = [medctl_path()] + (["--socket", daemon.socket_path] if socket and daemon else []) + list(args)
    return subprocess.run(argv, capture_output=True, text=True, env=environment, timeout=30)


def two_med_config(med):
    text = config(med, times=("08:00", "20:00"), extra=TWO_MEDS)
    text += f'\n[medication.{med}-d]\nname = "Vitamin D"\ndose = "1000 IU"\ntimes = ["08:00"]\nstock = 12\nrefill_at = 10\n'
    return text


def started(daemons, med, pretend=None):
    daemon = daemons(two_med_config(med), pretend or berlin(8, 0, 5))
    dose_events(med, at_least=1, timeout=8, MEDD_EVENT="fired")
    return daemon


# --- status, doses, today, meds --------------------------------------------------------------------------

def test_status_table_and_json(daemons, med):
    daemon = started(daemons, med)
    out = medctl(daemon, "status")
    assert out.returncode == 0, out.stderr
    assert f"medd {harness.VERSION}, running since 2026-11-22 08:00" in out.stdout
    assert f"next dose: Metformin 500 mg at 20:00  ({med}_20261122_20_00)" in out.stdout
    assert "open: 2 pending, 0 snoozed" in out.stdout
    data = json.loads(medctl(daemon, "--json", "status").stdout)
    assert data["pending"] == 2 and data["snoozed"] == 0 and data["nextDose"]["id"] == f"{med}_20261122_20_00"


def test_doses_and_today_list_states_in_local_time(daemons, med):
    daemon = started(daemons, med)
    out = medctl(daemon, "today")
    lines = out.stdout.splitlines()
    assert lines[0].split() == ["DUE", "DOSE", "ID", "MEDICATION", "STATE", "ANSWERED"]
    assert any(line.startswith("08:00") and f"{med}_20261122_08_00" in line and "pending" in line for line in lines)
    assert any(line.startswith("20:00") and "planned" in line for line in lines)
    assert medctl(daemon, "doses", "today").stdout == out.stdout
    doses = json.loads(medctl(daemon, "doses", "--json", "--med", med, "--from", "2026-11-22", "--to", "2026-11-24").stdout)
    assert [d["id"] for d in doses] == [f"{med}_2026112{d}_{h}_00" for d in (2, 3) for h in ("08", "20")]
    assert {"id", "medication", "name", "dose", "scheduled", "usec", "state"} <= set(doses[0])


def test_meds_shows_schedule_stock_and_zone(daemons, med):
    daemon = started(daemons, med)
    out = medctl(daemon, "meds")
    assert out.returncode == 0, out.stderr
    row = next(line for line in out.stdout.splitlines() if line.startswith(f"{med}-d "))
    assert "Vitamin D 1000 IU" in row and "08:00" in row and "12" in row and "active" in row
    meds = {m["id"]: m for m in json.loads(medctl(daemon, "meds", "--json").stdout)}
    assert meds[med]["schedule"] == "08:00, 20:00" and meds[med]["notes"] == "with food"
    assert meds[f"{med}-d"]["stock"] == 12 and meds[f"{med}-d"]["refillAt"] == 10 and not meds[med]["paused"]


# --- answers --------------------------------------------------------------------------------------------

def test_taken_by_medication_id_with_a_time_and_a_note(daemons, med):
    daemon = started(daemons, med)
    out = medctl(daemon, "taken", med, "--at", "08:00", "--note", "with breakfast")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == f"taken: Metformin 500 mg, due 08:00 ({med}_20261122_08_00)"
    [entry] = dose_events(med, MEDD_EVENT="taken")
    assert entry["MEDD_SOURCE"] == "cli" and entry["MEDD_NOTE"] == "with breakfast"
    assert entry["MEDD_EVENT_USEC"] == str(int(berlin(8, 0).timestamp()) * 1_000_000)
    [dose] = [d for d in json.loads(medctl(daemon, "--json", "today").stdout) if d["id"] == f"{med}_20261122_08_00"]
    assert dose["answeredUsec"] == int(entry["MEDD_EVENT_USEC"]) and dose["answeredAt"] == "2026-11-22T08:00:00+01:00"


def test_snooze_and_skip_by_dose_id_with_json(daemons, med):
    daemon = started(daemons, med)
    snoozed = json.loads(medctl(daemon, "--json", "snooze", f"{med}_20261122_08_00", "--minutes", "25").stdout)
    assert snoozed["snoozeId"] == f"snooze_{med}_08_00" and snoozed["until"].startswith("2026-11-22T08:25:")
    out = medctl(daemon, "skip", f"{med}-d", "--reason", "ran out")
    assert out.returncode == 0 and out.stdout.startswith("skipped: Vitamin D 1000 IU"), out
    states = {d["id"]: d["state"] for d in json.loads(medctl(daemon, "--json", "today").stdout)}
    assert states[f"{med}_20261122_08_00"] == "snoozed" and states[f"{med}-d_20261122_08_00"] == "skipped"


def test_several_targets_are_answered_in_turn(daemons, med):
    daemon = started(daemons, med)
    out = medctl(daemon, "taken", med, f"{med}-d", "nosuch")
    assert out.returncode == 1
    assert out.stdout.count("taken:") == 2
    assert "nosuch: medctl: no medication nosuch in the configuration" in out.stderr


def test_an_ambiguous_medication_lists_the_candidates(daemons, med):
    every_minute = f'[medication.{med}]\nname = "Metformin"\ndose = "500 mg"\nevery = "1m"\nfrom = "08:00"\nuntil = "08:05"\n'
    daemon = daemons(every_minute, berlin(8, 0, 58))
    dose_events(med, at_least=2, timeout=8, MEDD_EVENT="fired")
    out = medctl(daemon, "taken", med)
    assert out.returncode == 1
    assert "names more than one open dose" in out.stderr
    assert f"  {med}_20261122_08_00\n  {med}_20261122_08_01" in out.stderr


def test_daemon_errors_exit_1_with_the_reason(daemons, med):
    daemon = started(daemons, med)
    not_due = medctl(daemon, "taken", f"{med}_20261122_20_00")
    assert not_due.returncode == 1
    assert f"{med}_20261122_20_00 is not due until 2026-11-22 20:00" in not_due.stderr
    medctl(daemon, "skip", med)
    again = medctl(daemon, "snooze", f"{med}_20261122_08_00")
    assert again.returncode == 1 and "is already skipped" in again.stderr, again.stderr


def test_reload_reports_counts_and_refuses_a_broken_file(daemons, med):
    daemon = started(daemons, med)
    out = medctl(daemon, "reload")
    assert out.returncode == 0 and out.stdout.startswith("reloaded: 2 medications"), out
    with open(daemon.config_path, "a") as f:
        f.write("\n[medication.broken]\nname = 3\n")
    bad = medctl(daemon, "reload")
    assert bad.returncode == 1
    assert "the configuration has errors; medd keeps the previous one" in bad.stderr
    assert "medication.broken" in bad.stderr and ":" in bad.stderr


# --- watch ----------------------------------------------------------------------------------------------

def read_lines(process, count, timeout=8.0):
    """The next `count` lines medctl writes, read from the descriptor (a buffered reader would hide
    lines already read from select)."""
    lines = []
    fd = process.stdout.fileno()
    buffer = getattr(process, "pending", b"")
    deadline = time.monotonic() + timeout
    while len(lines) < count:
        if b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            lines.append(line.decode())
            continue
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            break
        ready, _, _ = select.select([fd], [], [], remaining)
        if not ready:
            break
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        buffer += chunk
    process.pending = buffer
    return lines


def start_watch(daemon, *args):
    env = dict(os.environ, TZ=harness.ZONE)
    return subprocess.Popen([medctl_path(), "--socket", daemon.socket_path, "watch", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=env)


def test_watch_prints_one_line_per_change(daemons, med):
    daemon = started(daemons, med)
    watch = start_watch(daemon)
    try:
        time.sleep(0.3)
        medctl(daemon, "taken", med)
        medctl(daemon, "snooze", f"{med}-d")
        lines = read_lines(watch, 2)
    finally:
        watch.terminate()
    assert len(lines) == 2, lines
    assert lines[0].startswith("2026-11-22 08:00:") and f"taken  {med}_20261122_08_00  Metformin 500 mg" in lines[0]
    assert f"snoozed  {med}-d_20261122_08_00" in lines[1]


def test_watch_waybar_prints_status_lines_on_events(daemons, med):
    daemon = started(daemons, med)
    watch = start_watch(daemon, "--waybar")
    try:
        first = read_lines(watch, 1)
        medctl(daemon, "taken", med)
        medctl(daemon, "taken", f"{med}-d")
        later = read_lines(watch, 2)
        daemon.stop()
        last = read_lines(watch, 1)
        watch.wait(timeout=5)
    finally:
        watch.kill()
    states = [json.loads(line) for line in first + later + last]
    assert [s["text"] for s in states[:3]] == ["💊 2", "💊 1", "💊 20:00"]
    assert [s["class"] for s in states] == ["pending", "pending", "idle", "disconnected"]
    assert "pending: Metformin 500 mg, due 08:00" in states[0]["tooltip"]
    assert watch.returncode == 69


# --- exit codes, help, colour, completions -----------------------------------------------------------------

def test_an_unreachable_daemon_exits_69_saying_where_it_looked(tmp_path):
    out = subprocess.run([medctl_path(), "--socket", str(tmp_path / "nothing.sock"), "status"], capture_output=True, text=True)
    assert out.returncode == 69
    assert f"cannot reach medd at {tmp_path}/nothing.sock" in out.stderr
    assert "systemctl --user start medd.socket" in out.stderr


def test_the_socket_comes_from_medd_socket_then_xdg_runtime_dir(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("MEDD_SOCKET", "XDG_RUNTIME_DIR")}
    none = subprocess.run([medctl_path(), "status"], capture_output=True, text=True, env=env)
    assert none.returncode == 69 and "$XDG_RUNTIME_DIR is not set" in none.stderr
    runtime = subprocess.run([medctl_path(), "status"], capture_output=True, text=True, env=dict(env, XDG_RUNTIME_DIR=str(tmp_path)))
    assert f"{tmp_path}/medd/control.sock" in runtime.stderr
    chosen = subprocess.run([medctl_path(), "status"], capture_output=True, text=True,
                            env=dict(env, XDG_RUNTIME_DIR=str(tmp_path), MEDD_SOCKET=str(tmp_path / "x.sock")))
    assert f"{tmp_path}/x.sock" in chosen.stderr


def test_usage_errors_exit_2(daemons, med):
    for args in (["frobnicate"], ["taken"], ["taken", "x", "--at", "25:99"], ["snooze", "x", "--minutes", "0"],
                 ["doses", "yesterday"], ["adherence", "--format", "xml"]):
        out = subprocess.run([medctl_path(), "--socket", "/nonexistent", *args], capture_output=True, text=True)
        assert out.returncode == 2, (args, out.returncode, out.stderr)
        assert out.stderr.strip(), args


def test_help_lists_every_verb_and_explains_targets():
    out = subprocess.run([medctl_path(), "--help"], capture_output=True, text=True)
    assert out.returncode == 0
    for verb in ("check", "plan", "status", "doses", "today", "taken", "snooze", "skip", "meds", "adherence", "history",
                 "export", "watch", "reload", "backup"):
        assert f"\n  {verb} " in out.stdout, verb
    assert "69 the daemon cannot be reached" in out.stdout
    taken = subprocess.run([medctl_path(), "taken", "--help"], capture_output=True, text=True).stdout
    assert "DOSE-OR-MED" in taken and "HH:MM" in taken


def run_in_pty(argv, env):
    """Runs argv with a pseudo-terminal as stdout; returns what it printed."""
    primary, secondary = pty.openpty()
    process = subprocess.Popen(argv, stdout=secondary, stderr=subprocess.DEVNULL, env=env)
    os.close(secondary)
    output = b""
    while True:
        try:
            chunk = os.read(primary, 4096)
        except OSError:
            break
        if not chunk:
            break
        output += chunk
    process.wait(timeout=10)
    os.close(primary)
    return output.decode()


def test_colour_only_on_a_terminal_and_never_with_no_color(daemons, med):
    daemon = started(daemons, med)
    argv = [medctl_path(), "--socket", daemon.socket_path, "today"]
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(TZ=harness.ZONE, TERM="xterm")
    assert "\x1b[33mpending\x1b[0m" in run_in_pty(argv, env)
    assert "\x1b[" not in run_in_pty(argv, dict(env, NO_COLOR="1"))
    assert "\x1b[" not in subprocess.run(argv, capture_output=True, text=True, env=env).stdout


def test_completion_scripts_know_the_verbs():
    for shell, marker in (("bash", "complete"), ("zsh", "#compdef"), ("fish", "complete -c 'medctl'")):
        out = subprocess.run([medctl_path(), "--generate-completion-script", shell], capture_output=True, text=True)
        assert out.returncode == 0 and marker in out.stdout, shell
        for verb in ("taken", "snooze", "adherence", "watch", "backup", "refill"):
            assert verb in out.stdout, (shell, verb)
        completions.assert_parses(shell, out.stdout)


def test_bash_completion_offers_verbs_options_and_values(tmp_path):
    script = subprocess.run([medctl_path(), "--generate-completion-script", "bash"], capture_output=True, text=True).stdout
    complete = completions.bash_completer("medctl", script, tmp_path)
    assert complete("sn") == ["snooze"]
    assert "--minutes" in complete("snooze", "x", "--")
    assert complete("adherence", "--format", "c") == ["csv"]
    assert complete("export", "--format", "") == ["csv", "ics"]
    assert complete("--socket", "/s", "hist") == ["history"]
    assert complete("back") == ["backup"]
    assert complete("refi") == ["refill"]
    assert "--note" in complete("refill", "x", "30", "--")
    assert complete("backup", "--") == ["--force", "--socket", "--json", "--help"]
    (tmp_path / "medd-backup.sqlite").write_text("")
    assert complete("backup", str(tmp_path / "medd-b")) == [str(tmp_path / "medd-backup.sqlite")]


def test_check_and_plan_run_the_medd_beside_medctl_else_on_path(tmp_path):
    lone = tmp_path / "alone" / "medctl"
    lone.parent.mkdir()
    shutil.copy(medctl_path(), lone)
    config_path = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "medd.toml")
    env = dict(os.environ, PATH="/nonexistent")
    missing = subprocess.run([str(lone), "check", "--config", config_path], capture_output=True, text=True, env=env)
    assert missing.returncode == 69 and "no medd beside medctl or on PATH" in missing.stderr, missing.stderr
    found = subprocess.run([str(lone), "check", "--config", config_path], capture_output=True, text=True,
                           env=dict(env, PATH=os.path.dirname(medctl_path())))
    assert found.returncode == 0 and "valid (" in found.stdout, found.stderr
    beside = subprocess.run([medctl_path(), "plan", "--config", config_path, "--days", "1", "--json"],
                            capture_output=True, text=True, env=env)
    assert beside.returncode == 0 and json.loads(beside.stdout), beside.stderr


def test_ctrl_c_stops_a_check_waiting_on_its_file(tmp_path):
    fifo = tmp_path / "medd.toml"
    os.mkfifo(fifo)
    # As from a terminal, where SIGINT has its default action: a test run started in the background without
    # job control inherits it ignored, and medd would keep that.
    check = subprocess.Popen([medctl_path(), "check", "--config", str(fifo)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             preexec_fn=harness.default_signals)
    # Wait until medd (in medctl's place) is blocked opening the FIFO: on a busy machine half a second
    # was not always enough, and a SIGINT that comes while it starts up tests something else.
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{check.pid}/wchan") as wchan, open(f"/proc/{check.pid}/comm") as comm:
                if comm.read().strip() == "medd" and wchan.read() in ("wait_for_partner", "fifo_open"):
                    break
        except OSError:
            pass
        time.sleep(0.05)
    check.send_signal(signal.SIGINT)
    assert check.wait(timeout=5) == -signal.SIGINT


def test_a_value_that_is_an_option_is_a_usage_error(daemons, med):
    out = subprocess.run([medctl_path(), "--socket", "/nonexistent", "taken", med, "--note", "--json"], capture_output=True, text=True)
    assert out.returncode == 2 and "write --note=--json" in out.stderr and not out.stdout, out
