"""A `password_command` runs beside medd-sync's loop, never in its way: while a slow one (a keyring waiting to be
unlocked) runs, medd-sync follows medd (an answer given meanwhile shows in `medctl status` as waiting to be
uploaded) and reaches the server once the password is there, with every answer given meanwhile. One that
hangs is stopped after 60 s with an error that names it, and medd-sync goes on and asks it again."""
import os
import time

import pytest

import harness
from caldav_servers import Phone, Radicale
from harness import berlin, config, dose_events
from sync_harness import Sync, messages, wait_for_status

TIMEOUT = 60  # PasswordReader.commandTimeout


@pytest.fixture
def radicale_server():
    server = Radicale()
    yield server
    server.close()


def password_command(server, body):
    """An executable script in the server's directory that prints the password after `body` (shell)."""
    path = os.path.join(server.directory, "password-command")
    with open(path, "w") as f:
        f.write(f"#!/bin/sh\necho $$ >>{server.directory}/asked\necho 'password_command on stderr' >&2\n{body}\n"
                f"echo '{server.password}'\necho 'a second line'\n")
    os.chmod(path, 0o700)
    return path


def start(daemons, syncs, med, server, command):
    table = (f'\n[sync]\nurl = "{server.url}"\npoll = "10s"\nusername = "{server.username}"\n'
             f'password_command = ["{command}"]\n')
    daemon = daemons(config(med, times=("08:00", "20:00")) + table, berlin(7, 59, 58))
    sync = Sync(daemon)
    syncs.append(sync)
    return daemon, sync


@pytest.mark.parametrize("seconds", [6, 30])
def test_medd_sync_follows_medd_while_a_slow_password_command_runs(daemons, syncs, med, radicale_server, seconds):
    command = password_command(radicale_server, f"sleep {seconds}")
    daemon, sync = start(daemons, syncs, med, radicale_server, command)
    started = time.monotonic()
    status = wait_for_status(sync, lambda s: s["server"] == radicale_server.url, timeout=3)
    assert "lastSuccess" not in status and "lastError" not in status

    dose_events(med, MEDD_EVENT="fired", timeout=8)
    harness.medctl_output(daemon, "taken", f"{med}_20261122_08_00")
    wait_for_status(sync, lambda s: s.get("waiting") == 1, timeout=3)
    shown = harness.medctl_output(daemon, "status")
    assert "1 answer given here waits to be uploaded" in shown, shown
    assert time.monotonic() - started < seconds, "medd-sync followed medd only after the password came"
    assert not Phone(radicale_server).todos(), "nothing went to the server before the password"

    sync.wait_in_sync(timeout=seconds + 15)
    assert time.monotonic() - started >= seconds
    phone = Phone(radicale_server)
    phone.wait_for(lambda todos: [t for t in todos if t.uid == f"{med}_20261122_08_00@medd" and t.status == "COMPLETED"], timeout=5)
    assert sync.status()["waiting"] == 0
    said = "\n".join(messages(sync))
    assert radicale_server.password not in said and "a second line" not in said
    assert "password_command on stderr" in sync.output(), "the command's standard error is medd-sync's"
    assert len(open(os.path.join(radicale_server.directory, "asked")).read().split()) == 1, "asked once"


def test_a_hanging_password_command_is_stopped_with_an_error_that_names_it(daemons, syncs, med, radicale_server):
    answer = os.path.join(radicale_server.directory, "answer-now")
    # A child of its own in the background (a keyring helper, say): the whole process group must go.
    grandchild = os.path.join(radicale_server.directory, "grandchild")
    command = password_command(radicale_server, f"[ -e {answer} ] || {{ sleep 3600 & echo $! >{grandchild}; wait; }}")
    daemon, sync = start(daemons, syncs, med, radicale_server, command)
    dose_events(med, MEDD_EVENT="fired", timeout=8)
    harness.medctl_output(daemon, "skip", f"{med}_20261122_08_00")
    wait_for_status(sync, lambda s: s.get("waiting") == 1, timeout=3)
    # The command that runs hangs; the one asked next will answer.
    open(answer, "w").close()

    error = f"cannot read the password: password_command {command}: no answer after {TIMEOUT} s; stopped"
    status = wait_for_status(sync, lambda s: "lastError" in s, timeout=TIMEOUT + 10)
    assert status["lastError"] == error and "lastSuccess" not in status
    assert f"sync with {radicale_server.url} is failing: {error}; retrying" in messages(sync)
    hung = int(open(os.path.join(radicale_server.directory, "asked")).read().split()[0])
    sleeper = int(open(grandchild).read())
    assert not os.path.exists(f"/proc/{hung}"), "the command was stopped"
    deadline = time.monotonic() + 5
    while os.path.exists(f"/proc/{sleeper}") and time.monotonic() < deadline:
        time.sleep(0.05)  # killed with the group; reaped by whoever inherited it
    assert not os.path.exists(f"/proc/{sleeper}"), "the command's own child was killed with its process group"
    assert sync.process.poll() is None, "medd-sync goes on"
    assert "last error" in harness.medctl_output(daemon, "status")

    sync.wait_in_sync(timeout=15)
    Phone(radicale_server).wait_for(
        lambda todos: [t for t in todos if t.uid == f"{med}_20261122_08_00@medd" and t.status == "CANCELLED"], timeout=5)
