"""Carers, end to end: a real medd on a pretend clock, medd-sync telling Anna through a real SMTP server (aiosmtpd),
ntfy's publishing API (a recording HTTP server on loopback) and Apprise (Debian's `apprise`, run as her `command`,
sending to its json:// target on the same recorder). The issue's day: an 08:00 dose still open at 09:00 sends one
message on each channel, its answer at 09:20 the all-clear, a 13:00 dose missed at 15:00 a high-priority one, and
the summary at 21:00 counts the day; without `details` no medication's name leaves the machine."""
import base64
import email.header
import json
import os
import re
import subprocess
import time

import pytest

import carer_servers
import harness
import locales
import sync_harness
from harness import berlin

TOKEN = "tk_secret_7f3k"
# aiosmtpd warns that a login without TLS is unsafe: here it is on loopback, as medd-sync allows.
pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")


def carers_config(med, smtp, recorder, directory, details=False, extra=""):
    token_file = os.path.join(directory, "ntfy-token")
    with open(token_file, "w") as f:
        f.write(TOKEN + "\n")
    os.chmod(token_file, 0o600)
    command = f'exec apprise -t "$MEDD_CARER_TITLE" -b "$MEDD_CARER_MESSAGE" json://127.0.0.1:{recorder.port}/apprise'
    return f"""[settings]
grace = "2h"
renotify = "0"

[person.mum]
name = "Mum"

[medication.{med}]
name = "Metformin"
dose = "500 mg"
times = ["08:00", "13:00"]
person = "mum"

[carer.anna]
name = "Anna"
email = "anna@example.org"
ntfy = "http://127.0.0.1:{recorder.port}/mum-7f3k"
token_file = "{token_file}"
command = ["/bin/sh", "-c", {json.dumps(command)}]
person = "mum"
after = "1h"
summary = "21:00"
details = {"true" if details else "false"}

[mail]
url = "smtp://127.0.0.1:{smtp.port}"
from = "medd <mum.medd@example.org>"
{extra}"""


@pytest.fixture
def servers():
    smtp = carer_servers.MailServer()
    recorder = carer_servers.RecordingServer()
    yield smtp, recorder
    smtp.stop()
    recorder.stop()


def start_sync(daemon):
    return sync_harness.Sync(daemon, extra_args=["--state-dir", os.path.join(daemon.directory, "sync-state")])


def restart(daemon, at):
    daemon.stop()
    daemon.start(at)


def dose_state(daemon, dose):
    return next(d["state"] for d in daemon.call("ListDoses", medication=dose.split("_")[0])["doses"] if d["id"] == dose)


def wait_for(condition, timeout=15.0, what="the condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def morning_open(daemons, med, smtp, recorder, edit=lambda text: text):
    """medd at 07:59:57 with medd-sync following it (the carer is there from before the doses), once the 08:00
    dose has fired: (daemon, sync, directory). `edit` changes the configuration first."""
    directory = harness.tempfile.mkdtemp(prefix="medd-carers-")
    daemon = daemons(edit(carers_config(med, smtp, recorder, directory)), berlin(7, 59, 57), directory=directory)
    sync = start_sync(daemon)
    wait_for(lambda: dose_state(daemon, f"{med}_20261122_08_00") == "pending", what="the 08:00 dose to fire")
    return daemon, sync, directory


def journal_text(sync):
    """What this medd-sync wrote to the journal."""
    return subprocess.run(["journalctl", f"_PID={sync.process.pid}", "-o", "cat", "--no-pager"], capture_output=True, text=True).stdout


def text_of(message):
    """A mail's whole text: its headers and its body decoded."""
    return str(message) + message.get_content()


def test_the_day_of_a_carer_on_every_channel(daemons, med, servers):
    smtp, recorder = servers
    daemon, sync, directory = morning_open(daemons, med, smtp, recorder)
    morning = f"{med}_20261122_08_00"
    try:
        restart(daemon, berlin(8, 59, 56))
        [(sender, recipients, open_mail, _)] = smtp.wait(1)
        assert sender == "mum.medd@example.org" and recipients == ["anna@example.org"]
        assert open_mail["Subject"] == "A dose is still open" and open_mail["From"] == "medd <mum.medd@example.org>"
        assert open_mail.get_content().startswith("The 08:00 dose for Mum is still open 1h after it was due.")
        ntfy = recorder.wait(1, path="/mum-7f3k")[0]
        assert ntfy["headers"]["Title"] == "A dose is still open" and ntfy["headers"]["Priority"] == "default"
        assert ntfy["headers"]["Authorization"] == f"Bearer {TOKEN}" and "pill" in ntfy["headers"]["Tags"]
        assert ntfy["body"].decode().startswith("The 08:00 dose for Mum is still open")
        apprise = json.loads(recorder.wait(1, path="/apprise")[0]["body"])
        assert apprise["title"] == "A dose is still open" and apprise["message"].startswith("The 08:00 dose for Mum")

        restart(daemon, berlin(9, 19, 58))
        time.sleep(2)
        daemon.call("Taken", dose=morning)
        clear = smtp.wait(2)[1][2]
        assert clear["Subject"] == "All clear" and clear.get_content().startswith("The 08:00 dose for Mum was taken at 09:2")

        restart(daemon, berlin(15, 0, 5))
        missed = smtp.wait(3)[2][2]
        assert missed["Subject"] == "A dose was missed" and "The 13:00 dose for Mum was missed" in missed.get_content()
        assert [r for r in recorder.wait(3, path="/mum-7f3k")][-1]["headers"]["Priority"] == "high"

        restart(daemon, berlin(20, 59, 57))
        summary = smtp.wait(4)[3][2]
        assert summary["Subject"] == "Doses of 2026-11-22"
        assert summary.get_content().splitlines()[0] == "Mum: 1 taken (1 late), 0 skipped, 1 missed, 0 open"
        assert "medd is running" in summary.get_content()
        time.sleep(3)
        assert len(smtp.messages) == 4 and len(recorder.wait(4, path="/mum-7f3k")) == 4 and len(recorder.wait(4, path="/apprise")) == 4, \
            "each message once on each channel"
        ids = [m[2]["Message-ID"] for m in smtp.messages]
        assert len(set(ids)) == 4 and all(i.endswith("@example.org>") for i in ids)
        for _, _, message, raw in smtp.messages:
            assert "etformin" not in text_of(message) and med not in text_of(message) and b"etformin" not in raw, \
                "no medication's name or ID leaves the machine without details"
        for request in recorder.requests:
            assert b"etformin" not in request["body"] and med.encode() not in request["body"]
            assert "etformin" not in json.dumps(request["headers"])
        status = json.load(open(os.path.join(directory, "carers-status.json")))
        assert status["carers"]["anna"]["waiting"] == 0 and "lastDelivery" in status["carers"]["anna"]
        assert TOKEN not in sync.output() and TOKEN not in journal_text(sync), "the token is never logged"
    finally:
        sync.stop()


def medctl(daemon, *args, env=None):
    environment = dict(env or os.environ, TZ=harness.ZONE, NO_COLOR="1")
    return subprocess.run([os.path.join(harness.bin_dir(), "medctl"), "--socket", daemon.socket_path, *args],
                          capture_output=True, text=True, env=environment, timeout=60)


def test_carers_test_sends_on_every_channel_and_names_what_failed_without_the_secrets(daemons, med, servers, tmp_path):
    """`medctl carers test` through medd-sync: a wrong mail password gives the server's 535 in words, a 401 from ntfy
    says to check the token; neither secret is printed. With both right, every channel says sent. A carer with
    `language = "zh_CN"` gets the catalog's Chinese (not the system's language)."""
    recorder = servers[1]
    smtp = carer_servers.MailServer(password="right-password")
    try:
        password_file = tmp_path / "mail-password"
        password_file.write_text("wrong-password\n")
        os.chmod(password_file, 0o600)
        extra = f'username = "mum.medd"\npassword_file = "{password_file}"\n' + f"""
[carer.li]
name = "Li"
ntfy = "http://127.0.0.1:{recorder.port}/li"
language = "zh_CN"
"""
        daemon = daemons(carers_config(med, smtp, recorder, str(tmp_path), extra=extra), berlin(7, 0, 0), directory=str(tmp_path))
        recorder.status = 401
        out = medctl(daemon, "carers", "test", "--config", daemon.config_path)
        assert out.returncode == 1, out.stdout + out.stderr
        lines = out.stdout.splitlines()
        assert "anna by email: failed: mail to anna@example.org through smtp://127.0.0.1:%d/: the mail server refused the login (535); " \
               "check username and the password in [mail]" % smtp.port in lines, lines
        assert any(line.startswith("anna by ntfy: failed:") and "refused the token (401); check token_file" in line for line in lines)
        assert "anna by command: failed: the command exited with status 1" in [line[:59] for line in lines], "apprise got the 401 too"
        assert "wrong-password" not in out.stdout + out.stderr and TOKEN not in out.stdout + out.stderr
        assert smtp.logins and smtp.logins[-1] == ("mum.medd", False)

        password_file.write_text("right-password\n")
        recorder.status = 200
        out = medctl(daemon, "carers", "test", "anna", "--config", daemon.config_path)
        assert out.returncode == 0 and sorted(out.stdout.splitlines()) == ["anna by command: sent", "anna by email: sent", "anna by ntfy: sent"]
        [(_, _, mail, _)] = smtp.wait(1)
        assert mail["Subject"] == "Test message from medd" and "for Anna" in mail.get_content()
        out = medctl(daemon, "carers", "test", "li", "--config", daemon.config_path)
        assert out.returncode == 0 and out.stdout.splitlines() == ["li by ntfy: sent"]
        li = recorder.wait(1, path="/li")[-1]
        title = str(email.header.make_header(email.header.decode_header(li["headers"]["Title"])))
        assert title == locales.translated("zh_CN", "Test message from medd"), "in the carer's language, an RFC 2047 title"
        assert li["body"].decode() == locales.translated("zh_CN", "This is a test message from medd for %1$s. If you read it, medd's messages reach you.", "Li")
        out = medctl(daemon, "carers", "test", "bob", "--config", daemon.config_path)
        assert out.returncode == 64 and "no carer bob" in out.stderr and "carers: anna, li" in out.stderr
        out = medctl(daemon, "carers", "send")
        assert out.returncode == 2 and "test" in out.stderr
    finally:
        smtp.stop()


def test_a_mail_server_down_then_back_gets_every_message_once(daemons, med, servers):
    smtp, recorder = servers
    daemon, sync, directory = morning_open(daemons, med, smtp, recorder)
    try:
        smtp.stop()
        restart(daemon, berlin(8, 59, 56))
        status_path = os.path.join(directory, "carers-status.json")
        wait_for(lambda: "lastError" in json.load(open(status_path))["carers"]["anna"], what="the failure in the status")
        anna = json.load(open(status_path))["carers"]["anna"]
        assert anna["waiting"] >= 1 and "cannot connect" in anna["lastError"], anna
        status = medctl(daemon, "status").stdout
        assert re.search(r"^carer anna: last message 2026-11-22 09:00, [12] waiting$", status, re.M), status
        assert "sync: off (no [sync] in the configuration)" in status.splitlines(), "medd-sync runs for the carer alone"
        assert re.search(r"^  last error \(2026-11-22 09:00\): mail to anna@example.org .*: cannot connect", status, re.M), status
        time.sleep(12)  # down across the first retry (10 s)
        smtp.start()
        [(_, _, mail, _)] = smtp.wait(1, timeout=60)
        assert mail["Subject"] == "A dose is still open"
        wait_for(lambda: json.load(open(status_path))["carers"]["anna"]["waiting"] == 0, what="nothing waiting")
        time.sleep(2)
        assert len(smtp.messages) == 1, "once, however many attempts"
    finally:
        sync.stop()


def test_fifty_kills_of_the_sender_lose_no_message(daemons, med, servers):
    """Sixty messages at once (the 08:00 dose, fired before medd stopped, overdue; the 59 that came due while it
    was stopped, missed), medd-sync killed with SIGKILL fifty times while it sends them: every message arrives, and
    the repeats (a mail sent but not yet marked) are counted: at most one per kill."""
    smtp, recorder = servers
    times = [f"08:{minute:02d}" for minute in range(60)]

    def sixty_doses_email_only(text):
        text = text.replace('times = ["08:00", "13:00"]', "times = [" + ", ".join(f'"{t}"' for t in times) + "]")
        return text.replace('after = "1h"', 'after = "1m"').replace('ntfy = "', '# ntfy = "').replace("token_file", "# token_file") \
            .replace("command = [", "# command = [")

    daemon, sync, directory = morning_open(daemons, med, smtp, recorder, edit=sixty_doses_email_only)
    sync.kill()
    restart(daemon, berlin(9, 1, 0))
    sync.start()
    kills = 0
    rng = __import__("random").Random(5)
    try:
        while kills < 50:
            time.sleep(rng.uniform(0.02, 0.25))
            sync.kill()
            kills += 1
            sync.start()
        smtp.wait(60, timeout=60)
        wait_for(lambda: json.load(open(os.path.join(directory, "carers-status.json")))["carers"]["anna"]["waiting"] == 0, timeout=60,
                 what="every message sent")
        ids = [m[2]["Message-ID"] for m in smtp.messages]
        repeats = len(ids) - len(set(ids))
        print(f"60 messages, {kills} kills: {len(ids)} mails, {repeats} repeats")
        assert len(set(ids)) == 60, "no message lost"
        assert repeats <= kills
    finally:
        sync.stop()


def test_medd_down_for_an_hour_the_overdue_doses_are_told_late(daemons, med, servers):
    smtp, recorder = servers
    daemon, sync, directory = morning_open(daemons, med, smtp, recorder)
    try:
        daemon.stop()
        time.sleep(2)
        daemon.start(berlin(9, 30, 0))
        [(_, _, mail, _)] = smtp.wait(1, timeout=30)
        assert mail.get_content().startswith("The 08:00 dose for Mum is still open 1h30m after it was due.")
        assert "(This is late: it happened at 2026-11-22 09:00, when medd-sync could not send it.)" in mail.get_content()
    finally:
        sync.stop()
