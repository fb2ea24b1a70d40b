"""Hook runs survive medd stopping or being killed: each starts again at the next start, with the same
MEDD_HOOK_RUN_ID and MEDD_HOOK_ATTEMPT counting up, at most three times."""
import collections
import os
import sqlite3
import time
import uuid

import harness
from harness import berlin, journal


def many_meds_config(meds, hooks):
    text = '[settings]\ngrace = "2h"\n'
    for med in meds:
        text += f'\n[medication.{med}]\nname = "{med}"\ndose = "1"\ntimes = ["08:00"]\n'
    return text + "\n" + hooks


def sleeping_hook(log, seconds, timeout="60s", on='["fired"]'):
    """A hook that logs its start, sleeps, and logs its end: `start RUN ATTEMPT DOSE` / `end RUN ATTEMPT`."""
    script = (f'echo start $MEDD_HOOK_RUN_ID $MEDD_HOOK_ATTEMPT $MEDD_DOSE_ID >> {log}; sleep {seconds}; '
              f'echo end $MEDD_HOOK_RUN_ID $MEDD_HOOK_ATTEMPT >> {log}')
    return f'[[hook]]\non = {on}\nexec = ["/bin/sh", "-c", "{script}"]\ntimeout = "{timeout}"\n'


def log_lines(log):
    return [line.split() for line in log.read_text().splitlines()] if log.exists() else []


def wait_for(log, predicate, timeout, what):
    deadline = time.monotonic() + timeout
    while not predicate(lines := log_lines(log)):
        assert time.monotonic() < deadline, f"{what}; the hooks' log:\n" + "\n".join(" ".join(line) for line in lines)
        time.sleep(0.05)
    return lines


def unfinished_runs(daemon):
    db = sqlite3.connect(os.path.join(daemon.state_dir, "ledger.sqlite"))
    try:
        return db.execute("SELECT id, attempts FROM hook_run ORDER BY rowid").fetchall()
    finally:
        db.close()


def test_runs_killed_while_running_or_waiting_complete_exactly_once_after_the_restart(tmp_path):
    """Twelve doses fire at once with a sleeping hook each: eight run, four wait. SIGKILL: the running ones
    die with medd, and after the restart all twelve complete exactly once, with their run IDs, the eight
    that had started on attempt 2 and the four that had waited on attempt 1."""
    prefix = "h" + uuid.uuid4().hex[:8]
    meds = [f"{prefix}-{i:02d}" for i in range(12)]
    log = tmp_path / "hooks.log"
    daemon = harness.Daemon(many_meds_config(meds, sleeping_hook(log, 2)), berlin(7, 59, 59))
    try:
        first = wait_for(log, lambda lines: len(lines) >= 8, 10, "eight hooks did not start")
        time.sleep(0.3)  # a ninth would have started by now if the limit let it
        assert len(log_lines(log)) == 8
        recorded = unfinished_runs(daemon)
        assert len(recorded) == 12 and sorted(attempts for _, attempts in recorded) == [0] * 4 + [1] * 8
        daemon.kill()
        time.sleep(2.5)  # past the hooks' sleep: a hook that outlived medd would log its end now
        assert not [line for line in log_lines(log) if line[0] == "end"], "a hook outlived the medd that started it"

        daemon.start(berlin(8, 0, 5))
        lines = wait_for(log, lambda lines: sum(line[0] == "end" for line in lines) >= 12, 20, "not every run completed")
        time.sleep(0.5)
        lines = log_lines(log)
        started_before = {line[1] for line in first}
        ends = collections.Counter(line[1] for line in lines if line[0] == "end")
        assert set(ends) == {run for run, _ in recorded}, "the runs that completed are not the ones recorded"
        assert set(ends.values()) == {1}, f"a run completed more than once: {ends}"
        again = {line[1]: (line[2], line[3]) for line in lines[8:] if line[0] == "start"}
        assert len(again) == 12 and len(lines[8:]) == 24
        for run, (attempt, dose) in again.items():
            assert attempt == ("2" if run in started_before else "1"), (run, attempt)
        assert {dose for _, dose in again.values()} == {f"{med}_20261122_08_00" for med in meds}
        assert unfinished_runs(daemon) == []
        finished = journal("MEDD_HOOK_RUN_ID", sorted(started_before)[0], at_least=1, SYSLOG_IDENTIFIER="medd")
        assert any(e.get("MEDD_HOOK_ATTEMPT") == "2" and e["MEDD_HOOK_STATUS"] == "0" for e in finished), finished
    finally:
        daemon.cleanup()


def test_a_run_that_never_finishes_is_given_up_after_three_attempts(tmp_path):
    """A hook medd is stopped (SIGTERM) or killed during three times is not started a fourth time: an error
    entry says so, and the ledger forgets the run."""
    med = harness.unique_med()
    log = tmp_path / "hooks.log"
    daemon = harness.Daemon(many_meds_config([med], sleeping_hook(log, 60, timeout="120s")), berlin(7, 59, 59))
    try:
        for attempt in (1, 2, 3):
            lines = wait_for(log, lambda lines: len(lines) >= attempt, 10, f"attempt {attempt} did not start")
            assert lines[-1][2] == str(attempt)
            daemon.stop() if attempt == 2 else daemon.kill()
            daemon.start(berlin(8, 0, 5 * attempt))
        run = lines[0][1]
        given_up = journal("MEDD_HOOK_RUN_ID", run, at_least=1, SYSLOG_IDENTIFIER="medd", PRIORITY="3")
        assert given_up and "did not finish in 3 attempts" in given_up[0]["MESSAGE"], given_up
        assert given_up[0]["MEDD_HOOK_ATTEMPT"] == "3"
        time.sleep(0.5)
        assert len(log_lines(log)) == 3 and {line[1] for line in log_lines(log)} == {run}
        assert unfinished_runs(daemon) == []
    finally:
        daemon.cleanup()


def test_a_run_whose_hook_left_the_configuration_is_dropped_at_the_restart(tmp_path):
    """A run that did not finish is not started again once the configuration no longer has its hook."""
    med = harness.unique_med()
    log = tmp_path / "hooks.log"
    daemon = harness.Daemon(many_meds_config([med], sleeping_hook(log, 60, timeout="120s")), berlin(7, 59, 59))
    try:
        run = wait_for(log, lambda lines: len(lines) >= 1, 10, "the hook did not start")[0][1]
        daemon.kill()
        daemon.write_config(many_meds_config([med], sleeping_hook(log, 60, timeout="90s")))
        daemon.start(berlin(8, 0, 5))
        dropped = journal("MEDD_HOOK_RUN_ID", run, at_least=1, SYSLOG_IDENTIFIER="medd", PRIORITY="4")
        assert dropped and "no longer has that hook" in dropped[0]["MESSAGE"], dropped
        time.sleep(0.3)
        assert len(log_lines(log)) == 1
        assert unfinished_runs(daemon) == []
    finally:
        daemon.cleanup()
