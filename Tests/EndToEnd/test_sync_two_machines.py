"""Two machines and a phone on one CalDAV server: machines A and B, each in a network namespace of its own
with medd and medd-sync and the same configuration, reach Radicale over https (its certificate in
ca_file); the phone (Python's caldav) answers too. Over three days of answers on A, on B and on the
phone, both ledgers end up agreeing on every dose; an answer on A closes B's notification; the same dose
answered on both machines within one poll ends as the later answer, everywhere."""
import datetime
import time

import pytest

import harness
from caldav_servers import Phone, Radicale
from harness import berlin, config
from sync_harness import Sync, sync_table, utc
from sync_hosts import SERVER_ADDRESS

POLL = 10


@pytest.fixture
def network(sync_network):
    return sync_network


@pytest.fixture
def server(network):
    server = Radicale(host=SERVER_ADDRESS, tls=True)
    yield server
    server.close()


class Machine:
    """medd and medd-sync on one machine (a network namespace), sharing `directory` across restarts."""

    def __init__(self, name, network, text, bus=None):
        self.name = name
        self.wrapper = network.wrapper(name)
        self.daemon = harness.Daemon(text, berlin(7, 59, 58), wrapper=self.wrapper, desktop_bus=bus.address if bus else None)
        self.sync = Sync(self.daemon, wrapper=self.wrapper)

    def restart(self, pretend):
        """Both programs stopped, medd started again at `pretend` (the ledger kept), then medd-sync."""
        self.sync.stop()
        self.daemon.stop()
        self.daemon.start(pretend)
        self.sync.start()

    def states(self, med):
        """Every dose of the three days: its state and who answered."""
        doses = self.daemon.call("ListDoses", medication=med, **{"from": "2026-11-22T00:00:00+01:00", "to": "2026-11-25T00:00:00+01:00"})
        return {d["id"]: (d["state"], d.get("source")) for d in doses["doses"]}

    def wait_state(self, dose, state, source=None, timeout=POLL + 4):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            [found] = [d for d in self.daemon.call("ListDoses", medication=dose.rsplit("_", 3)[0])["doses"] if d["id"] == dose]
            if found["state"] == state and (source is None or found.get("source") == source):
                return time.monotonic()
            time.sleep(0.1)
        raise AssertionError(f"{dose} on {self.name} is {found['state']} ({found.get('source')}), not {state}; "
                             f"medd-sync: {self.sync.status()}")

    def close(self):
        self.sync.stop()
        self.daemon.cleanup()


def test_two_machines_and_a_phone_agree_on_every_dose_over_three_days(network, server, med, session_bus, fake_notifier):
    text = config(med, times=("08:00", "20:00")) + sync_table(server, poll=f"{POLL}s", extra=f'ca_file = "{server.certificate}"\n')
    a = Machine("a", network, text)
    b = Machine("b", network, text, bus=session_bus)
    phone = Phone(server)
    try:
        for machine in (a, b):
            machine.sync.wait_in_sync(timeout=20)
        # The window is a day ahead of now: the first two doses, and from 08:00 on (two seconds in) the next
        # morning's too, each once however many machines publish it.
        first_two = {f"{med}_20261122_08_00@medd", f"{med}_20261122_20_00@medd"}
        todos = phone.wait_for(lambda todos: todos if first_two <= {t.uid for t in todos} else None)
        assert len(todos) == len({t.uid for t in todos}), "one to-do a dose"

        # Day 1, 08:00: taken on A; B records it from the server and closes its notification.
        fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
        shown = fake_notifier.notifies[0]["id"]
        harness.medctl_output(a.daemon, "taken", f"{med}_20261122_08_00")
        answered = time.monotonic()
        b.wait_state(f"{med}_20261122_08_00", "taken", "caldav")
        fake_notifier.wait_for(lambda s: shown in s.closes, timeout=max(0.5, POLL + 2 - (time.monotonic() - answered)))

        # Day 1, 20:00: skipped on B.
        for machine in (a, b):
            machine.restart(berlin(19, 59, 58))
        harness.dose_events(med, MEDD_EVENT="fired", MEDD_DOSE_ID=f"{med}_20261122_20_00", at_least=2, timeout=10)
        harness.medctl_output(b.daemon, "skip", f"{med}_20261122_20_00")
        a.wait_state(f"{med}_20261122_20_00", "skipped", "caldav")

        # Day 2, 08:00: completed on the phone; 20:00: nobody answers, so both record it missed.
        for machine in (a, b):
            machine.restart(berlin(7, 59, 58, day=23))
        phone.wait_for(lambda todos: [t for t in todos if t.uid == f"{med}_20261123_08_00@medd"])
        phone.complete(f"{med}_20261123_08_00@medd", at=berlin(8, 0, 30, day=23))
        for machine in (a, b):
            machine.wait_state(f"{med}_20261123_08_00", "taken", "caldav")

        # Day 3, 08:00 (the 20:00 of day 2 now missed on both): taken on A, then skipped on B a second later,
        # both within one poll. The later answer wins on every side: skipped.
        for machine in (a, b):
            machine.restart(berlin(7, 59, 58, day=24))
        harness.dose_events(med, MEDD_EVENT="fired", MEDD_DOSE_ID=f"{med}_20261124_08_00", at_least=2, timeout=10)
        harness.medctl_output(a.daemon, "taken", f"{med}_20261124_08_00")
        time.sleep(1.1)
        harness.medctl_output(b.daemon, "skip", f"{med}_20261124_08_00")
        a.wait_state(f"{med}_20261124_08_00", "skipped", "caldav", timeout=2 * POLL + 4)
        b.wait_state(f"{med}_20261124_08_00", "skipped", "cli")

        # Day 3, 20:00: cancelled on the phone.
        for machine in (a, b):
            machine.restart(berlin(19, 59, 58, day=24))
        phone.wait_for(lambda todos: [t for t in todos if t.uid == f"{med}_20261124_20_00@medd"])
        phone.cancel(f"{med}_20261124_20_00@medd")
        for machine in (a, b):
            machine.wait_state(f"{med}_20261124_20_00", "skipped", "caldav")

        final = {dose: state for dose, (state, _) in a.states(med).items()}
        assert final == {dose: state for dose, (state, _) in b.states(med).items()}
        assert final == {
            f"{med}_20261122_08_00": "taken", f"{med}_20261122_20_00": "skipped",
            f"{med}_20261123_08_00": "taken", f"{med}_20261123_20_00": "missed",
            f"{med}_20261124_08_00": "skipped", f"{med}_20261124_20_00": "skipped",
        }
        todos = phone.todos()
        assert len(todos) == len({t.uid for t in todos}), "one to-do a dose"
        on_server = {t.uid: t.status for t in todos}
        assert f"{med}_20261122_08_00@medd" not in on_server, "past keep (2 days): removed"
        assert {uid: status for uid, status in on_server.items() if f"{med}_20261123" <= uid < f"{med}_20261125"} == {
            f"{med}_20261123_08_00@medd": "COMPLETED", f"{med}_20261123_20_00@medd": "CANCELLED",
            f"{med}_20261124_08_00@medd": "CANCELLED", f"{med}_20261124_20_00@medd": "CANCELLED",
        }
    finally:
        a.close()
        b.close()


def answers_in_journal(machine, dose):
    """The answers this machine's medd recorded for `dose`, in journal order: (MEDD_EVENT, MEDD_ANSWER or
    None, MEDD_SOURCE, MEDD_EVENT_USEC as a whole second)."""
    entries = harness.journal("MEDD_DOSE_ID", dose, at_least=0, timeout=0, _PID=str(machine.daemon.process.pid))
    return [(e["MEDD_EVENT"], e.get("MEDD_ANSWER"), e["MEDD_SOURCE"], int(e["MEDD_EVENT_USEC"]) // 1_000_000)
            for e in entries if e.get("MEDD_EVENT") in ("taken", "skipped", "replaced")]


def wait_answers(machine, dose, count, timeout=2 * POLL + 6):
    deadline = time.monotonic() + timeout
    while True:
        answers = answers_in_journal(machine, dose)
        if len(answers) >= count or time.monotonic() >= deadline:
            return answers
        time.sleep(0.2)


def seconds(moment):
    return int(moment.timestamp())


def test_a_skip_and_a_completion_two_seconds_apart_end_as_the_later_everywhere_with_both_in_every_journal(
        network, server, med):
    """B skips, the phone completes two seconds later: taken on A, B and the server. The reverse order:
    skipped everywhere. Each journal holds both answers, each at the time it was given."""
    forward, reverse = f"{med}f", f"{med}r"
    text = "[settings]\n" + "".join(f'\n[medication.{m}]\nname = "Metformin"\ndose = "500 mg"\ntimes = ["08:00"]\n'
                                    for m in (forward, reverse))
    text += sync_table(server, poll=f"{POLL}s", extra=f'ca_file = "{server.certificate}"\n')
    a = Machine("a", network, text)
    b = Machine("b", network, text)
    phone = Phone(server)
    try:
        for machine in (a, b):
            machine.sync.wait_in_sync(timeout=20)
        # The window is a day ahead of now: both first doses, and from 08:00 on (two seconds in) the next
        # morning's too, each once however many machines publish it.
        first_two = {f"{forward}_20261122_08_00@medd", f"{reverse}_20261122_08_00@medd"}
        todos = phone.wait_for(lambda todos: todos if first_two <= {t.uid for t in todos} else None)
        assert len(todos) == len({t.uid for t in todos}), "one to-do a dose"
        for m in (forward, reverse):
            harness.dose_events(m, MEDD_EVENT="fired", at_least=2, timeout=10)

        # B skips; once the server has it, the phone completes the to-do two seconds after the skip.
        dose, uid = f"{forward}_20261122_08_00", f"{forward}_20261122_08_00@medd"
        skipped_at = b.daemon.now()
        harness.medctl_output(b.daemon, "skip", dose)
        phone.wait_for(lambda todos: [t for t in todos if t.uid == uid and t.status == "CANCELLED"], timeout=5)
        completed_at = skipped_at + datetime.timedelta(seconds=2)
        time.sleep(max(0.0, (completed_at - b.daemon.now()).total_seconds()))
        phone.complete(uid, at=completed_at)
        for machine in (a, b):
            machine.wait_state(dose, "taken", "caldav", timeout=2 * POLL + 4)

        # The reverse: the phone completes, B skips two seconds later.
        dose, uid = f"{reverse}_20261122_08_00", f"{reverse}_20261122_08_00@medd"
        taken_at = b.daemon.now()
        phone.complete(uid, at=taken_at)
        time.sleep(2)
        harness.medctl_output(b.daemon, "skip", dose)
        reverse_skip = b.daemon.now()
        a.wait_state(dose, "skipped", "caldav", timeout=2 * POLL + 4)
        b.wait_state(dose, "skipped", "cli")

        # Forward: every journal has the skip (B's own, or from the server) and then the phone's taken.
        fwd = f"{forward}_20261122_08_00"
        assert wait_answers(b, fwd, 2) == [("skipped", None, "cli", seconds(skipped_at)),
                                           ("taken", None, "caldav", seconds(completed_at))]
        assert wait_answers(a, fwd, 2) == [("skipped", None, "caldav", seconds(skipped_at)),
                                           ("taken", None, "caldav", seconds(completed_at))]
        # Reverse: B kept the phone's earlier taken as replaced (or, had it seen it first, as a taken its skip
        # replaced); A has both, oldest first. The skip stands everywhere.
        rev = f"{reverse}_20261122_08_00"
        on_b = wait_answers(b, rev, 2)
        assert on_b in ([("skipped", None, "cli", seconds(reverse_skip)), ("replaced", "taken", "caldav", seconds(taken_at))],
                        [("taken", None, "caldav", seconds(taken_at)), ("skipped", None, "cli", seconds(reverse_skip))]), on_b
        assert wait_answers(a, rev, 2) == [("taken", None, "caldav", seconds(taken_at)),
                                           ("skipped", None, "caldav", seconds(reverse_skip))]
        on_server = {t.uid: t for t in phone.todos()}
        assert on_server[f"{fwd}@medd"].status == "COMPLETED"
        assert on_server[f"{rev}@medd"].status == "CANCELLED"
        assert f"X-MEDD-REPLACED:taken {utc(taken_at).strftime('%Y%m%dT%H%M%SZ')}" in on_server[f"{rev}@medd"].ical
    finally:
        a.close()
        b.close()
