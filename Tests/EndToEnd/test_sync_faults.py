"""medd-sync when the server fails: a wrong password, a certificate nobody vouches for, a slow server,
answers that are not XML or not iCalendar, an answer too large. Each is a precise error in medd-sync's
status and journal, never a crash, and never delays medd: doses fire and answers are taken as usual."""
import os
import subprocess
import time

import pytest

import harness
from caldav_servers import Phone, Radicale
from fault_server import FaultServer
from harness import berlin, config, dose_events
from sync_harness import Sync, messages, sync_table, wait_for_status


@pytest.fixture
def fault_server():
    server = FaultServer()
    yield server
    server.close()


def start(daemons, syncs, med, server, extra="", pretend=None):
    daemon = daemons(config(med, times=("08:00", "20:00")) + sync_table(server, extra=extra), pretend or berlin(7, 59, 58))
    sync = Sync(daemon)
    syncs.append(sync)
    return daemon, sync


def medd_goes_on(daemon, med):
    """The 08:00 dose fires and a medctl answer is taken at once, whatever medd-sync is going through."""
    dose_events(med, MEDD_EVENT="fired", timeout=8)
    started = time.monotonic()
    harness.medctl_output(daemon, "taken", f"{med}_20261122_08_00")
    assert time.monotonic() - started < 2.0


def test_a_wrong_password_is_reported_and_read_again(daemons, syncs, med):
    server = Radicale()
    try:
        daemon, sync = start(daemons, syncs, med, server)
        sync.wait_in_sync()
        password_file = os.path.join(server.directory, "dav-password")
        with open(password_file, "w") as f:
            f.write("not-the-password\n")
        sync.stop()
        sync.start()
        status = wait_for_status(sync, lambda s: "lastError" in s and "failingSince" in s)
        assert status["lastError"] == "the server refused the user name or password (HTTP 401)"
        medd_goes_on(daemon, med)
        with open(password_file, "w") as f:
            f.write(server.password + "\n")
        sync.process.send_signal(1)  # SIGHUP: a round now, which reads the password again first
        wait_for_status(sync, lambda s: "failingSince" not in s and "lastSuccess" in s)
        said = "\n".join(messages(sync))
        assert server.password not in said and "not-the-password" not in said
        assert server.password not in open(sync.status_path).read()
        assert server.password not in harness.medctl_output(daemon, "status")
    finally:
        server.close()


def test_a_password_file_others_can_read_is_refused(daemons, syncs, med):
    server = Radicale()
    try:
        daemon = daemons(config(med) + sync_table(server), berlin(7, 0))
        os.chmod(os.path.join(server.directory, "dav-password"), 0o644)
        sync = Sync(daemon)
        assert sync.process.wait(timeout=10) == 78
        sync.stop()
        assert "has mode 644; it must be readable by its owner only: chmod 600" in sync.output()
    finally:
        server.close()


def test_a_self_signed_certificate_is_refused_unless_named_in_ca_file(daemons, syncs, med):
    server = Radicale(tls=True)
    try:
        daemon, sync = start(daemons, syncs, med, server)
        status = wait_for_status(sync, lambda s: "lastError" in s)
        assert "the server's certificate is not trusted" in status["lastError"], status
        assert "ca_file" in status["lastError"]
        medd_goes_on(daemon, med)
        sync.stop()
        with open(daemon.config_path, "a") as f:
            f.write(f'ca_file = "{server.certificate}"\n')
        sync.start()
        sync.wait_in_sync()
        todos = Phone(server).wait_for(lambda todos: todos if len(todos) == 2 else None)
        assert {t.status for t in todos} == {"COMPLETED", "NEEDS-ACTION"}
    finally:
        server.close()


def test_a_slow_server_times_out(daemons, syncs, med, fault_server):
    fault_server.mode, fault_server.delay = "slow", 6
    daemon, sync = start(daemons, syncs, med, fault_server, extra='timeout = "2s"\n')
    status = wait_for_status(sync, lambda s: "lastError" in s, timeout=10)
    assert status["lastError"] == "no answer within 2 s"
    medd_goes_on(daemon, med)
    said = messages(sync, at_least=1, timeout=5)
    assert sum("is failing" in m for m in said) == 1, said


def test_an_answer_that_is_not_xml_is_an_error(daemons, syncs, med, fault_server):
    fault_server.mode = "not-xml"
    daemon, sync = start(daemons, syncs, med, fault_server)
    status = wait_for_status(sync, lambda s: "lastError" in s)
    assert status["lastError"].startswith(f"REPORT sync-collection on {fault_server.url}: the server's answer is not XML medd-sync can read: "
                                          "not well-formed XML at line 1"), status
    medd_goes_on(daemon, med)


def test_a_todo_that_is_not_icalendar_is_passed_over(daemons, syncs, med, fault_server):
    fault_server.mode, fault_server.dose = "bad-ical", f"{med}_20261122_08_00"
    daemon, sync = start(daemons, syncs, med, fault_server)
    said = messages(sync, at_least=2, timeout=10)
    unreadable = [m for m in said if "is not iCalendar medd-sync can read" in m]
    assert unreadable and f"{med}_20261122_08_00.ics" in unreadable[0], said
    assert "END:VCALENDAR" in unreadable[0] and "VTODO" in unreadable[0]
    medd_goes_on(daemon, med)
    assert sync.process.poll() is None
    assert not dose_events(med, MEDD_EVENT="taken", MEDD_SOURCE="caldav", at_least=0, timeout=0.1)


def test_an_answer_over_the_size_limit_is_an_error(daemons, syncs, med, fault_server):
    fault_server.mode = "huge"
    daemon, sync = start(daemons, syncs, med, fault_server)
    status = wait_for_status(sync, lambda s: "lastError" in s)
    assert status["lastError"] == "the answer is larger than 8 MiB; stopped reading it"
    medd_goes_on(daemon, med)


def test_a_bad_command_line_or_configuration_is_a_precise_error(tmp_path):
    program = os.path.join(harness.bin_dir(), "medd-sync")

    def run(*args):
        return subprocess.run([program, *args], capture_output=True, text=True, timeout=10)

    out = run("--bogus")
    assert out.returncode == 64 and "unknown option '--bogus'; medd-sync takes --config" in out.stderr
    assert out.stderr.endswith("\nSee `medd-sync --help`.\n"), out.stderr
    assert run("--config").returncode == 64
    without_sync = tmp_path / "medd.toml"
    without_sync.write_text("[settings]\n")
    out = run("--config", str(without_sync), "--socket", str(tmp_path / "control.sock"))
    assert out.returncode == 78 and "has no [sync] table and no [carer.ID], so there is nothing to do" in out.stderr
    broken = tmp_path / "broken.toml"
    broken.write_text('[sync]\nurl = "ftp://dav.example.org/a/"\n')
    out = run("--config", str(broken), "--socket", str(tmp_path / "control.sock"))
    assert out.returncode == 78 and "broken.toml:2:7: sync.url:" in out.stderr and "only https" in out.stderr
    out = run("--version")
    assert out.returncode == 0 and out.stdout.startswith(f"medd-sync {harness.VERSION}")
