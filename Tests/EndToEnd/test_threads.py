"""medd keeps to its one loop thread: answers, listings, reloads and adherence start no other thread,
and the WAL checkpoint (every 250 commits) runs on a thread of its own that ends with it. A thread
that stays (libdispatch's workers and manager) would, in a user's service, journal libdispatch's
"Failed to set thread priority" error on every stop."""
import os
import signal
import time

from harness import berlin

MEDS = 7  # 44 doses a day each: 308 takeable doses, more than one checkpoint's worth of commits
COMMITS_PER_CHECKPOINT = 250  # Ledger.commitsPerCheckpoint


def threads(daemon):
    return len(os.listdir(f"/proc/{daemon.process.pid}/task"))


def wait_for_one_thread(daemon, timeout=5.0):
    deadline = time.monotonic() + timeout
    while threads(daemon) > 1 and time.monotonic() < deadline:
        time.sleep(0.02)
    return threads(daemon)


def text(med):
    body = '[settings]\nearly = "12h"\n'
    for i in range(MEDS):
        body += f'\n[medication.{med}{i}]\nname = "Medication {i}"\ndose = "1"\nevery = "15m"\nfrom = "06:00"\nuntil = "16:45"\n'
    return body


def test_one_thread_through_answers_and_a_checkpoint(daemons, med):
    daemon = daemons(text(med), berlin(5, 0))
    assert threads(daemon) == 1
    doses = daemon.call("ListDoses", **{"from": "2026-11-22T05:00:00+01:00", "to": "2026-11-22T17:00:00+01:00"})["doses"]
    planned = [d["id"] for d in doses if d["state"] == "planned"]
    assert len(planned) == MEDS * 44
    database = os.path.join(daemon.state_dir, "ledger.sqlite")
    size_before = os.path.getsize(database)
    most = 1
    for dose in planned:
        daemon.call("Taken", dose=dose)
        most = max(most, threads(daemon))
    daemon.call("Adherence")
    daemon.process.send_signal(signal.SIGHUP)
    daemon.wait_notify("READY=1")
    assert most <= 2, f"{most} threads while answering"
    assert wait_for_one_thread(daemon) == 1, "a thread stayed after the answers"
    # The checkpoint copied the WAL back: the database file itself grew.
    assert os.path.getsize(database) > size_before
    assert daemon.call("Status")["pending"] == 0
