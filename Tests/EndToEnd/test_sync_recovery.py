"""medd-sync through an outage of the server and through kill -9: it converges, nothing doubled, nothing lost.

The outage lasts SYNC_OUTAGE_SECONDS (60 by default; the 10-minute run of docs/benchmarks.md sets 600)."""
import os
import random
import time


import harness
from caldav_servers import Phone
from harness import berlin, config, dose_events
from sync_harness import Sync, messages, sync_table, wait_for_status

OUTAGE_SECONDS = float(os.environ.get("SYNC_OUTAGE_SECONDS", "60"))


def todo_states(phone):
    """{uid: STATUS} of every to-do on the server; fails on a UID seen twice."""
    todos = phone.todos()
    uids = [t.uid for t in todos]
    assert len(uids) == len(set(uids)), f"a to-do is on the server twice: {sorted(uids)}"
    return {t.uid: t.status for t in todos}


STATUS_OF = {"taken": "COMPLETED", "skipped": "CANCELLED", "missed": "CANCELLED"}


def published(daemon, med, ahead_hours=24, poll_seconds=10):
    """The doses medd-sync keeps on the server now: due from `keep` (2 days) ago to `publish_ahead` ahead,
    but for those that came into the window during the last poll (and wait for the next one)."""
    now = daemon.call("Status")["nowUsec"]
    low, high = now - 2 * 86_400_000_000, now + ahead_hours * 3_600_000_000 - (poll_seconds + 2) * 1_000_000
    return [d for d in daemon.call("ListDoses", medication=med)["doses"] if low <= d["usec"] < high and d["state"] != "untracked"]


def converged(daemon, phone, med):
    """Whether every dose in the window is on the server, once, with the status its state has."""
    states = todo_states(phone)
    return all(states.get(f"{d['id']}@medd") == STATUS_OF.get(d["state"], "NEEDS-ACTION") for d in published(daemon, med))


def wait_converged(daemon, phone, med, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if converged(daemon, phone, med):
            return time.monotonic()
        time.sleep(0.2)
    doses = {d["id"]: d["state"] for d in published(daemon, med)}
    raise AssertionError(f"not converged within {timeout} s: medd {doses}, server {todo_states(phone)}")


def test_an_outage_of_the_server_ends_in_agreement_within_one_poll(daemons, syncs, med, radicale):
    times = ("08:00", "08:01", "08:02", "20:00")
    daemon = daemons(config(med, times=times) + sync_table(radicale, poll="10s"), berlin(7, 59, 50))
    sync = Sync(daemon)
    syncs.append(sync)
    sync.wait_in_sync()
    phone = Phone(radicale)
    phone.wait_for(lambda todos: todos if len(todos) == 4 else None)
    radicale.stop()
    down = time.monotonic()
    dose_events(med, MEDD_EVENT="fired", timeout=15)
    harness.medctl_output(daemon, "taken", f"{med}_20261122_08_00")
    harness.medctl_output(daemon, "skip", f"{med}_20261122_20_00")
    wait_for_status(sync, lambda s: "failingSince" in s, timeout=20)
    time.sleep(max(0.0, OUTAGE_SECONDS - (time.monotonic() - down)))
    radicale.start()
    back = time.monotonic()
    try:
        agreed = wait_converged(daemon, phone, med, timeout=10 + 5)
    except AssertionError as error:
        raise AssertionError(f"{error}\nmedd-sync's status: {sync.status()}\n{sync.stacks()}") from None
    print(f"outage of {back - down:.0f} s: medd and the server agreed {agreed - back:.1f} s after the server was back")
    assert agreed - back <= 10 + 2, "converged within one poll"
    wait_for_status(sync, lambda s: "failingSince" not in s)
    said = messages(sync)
    assert sum("is failing" in m for m in said) == 1, said
    assert sum("works again" in m for m in said) == 1, said
    assert phone.todos() and todo_states(phone)[f"{med}_20261122_08_00@medd"] == "COMPLETED"


def test_kill_9_of_medd_sync_at_random_moments_loses_and_doubles_nothing(daemons, syncs, med, radicale):
    rounds = int(os.environ.get("SYNC_KILL_ROUNDS", "50"))
    times = [f"{h:02d}:{m:02d}" for h in range(8, 24) for m in (0, 15, 30, 45)][:rounds]
    settings = {"early": '"1d"'}
    daemon = daemons(config(med, times=times, settings=settings) + sync_table(radicale, poll="10s", extra='publish_ahead = "1d"\n'),
                     berlin(7, 59, 58))
    sync = Sync(daemon)
    syncs.append(sync)
    sync.wait_in_sync()
    phone = Phone(radicale)
    phone.wait_for(lambda todos: todos if len(todos) >= len(times) else None, timeout=30)
    rng = random.Random(27)
    expected = {}
    for number, at in enumerate(times):
        dose = f"{med}_20261122_{at.replace(':', '_')}"
        way = rng.choice(["taken", "skip", "phone-complete", "phone-cancel"])
        if way == "taken":
            harness.medctl_output(daemon, "taken", dose)
            expected[dose] = "taken"
        elif way == "skip":
            harness.medctl_output(daemon, "skip", dose)
            expected[dose] = "skipped"
        elif way == "phone-complete":
            phone.complete(f"{dose}@medd")
            expected[dose] = "taken"
        else:
            phone.cancel(f"{dose}@medd")
            expected[dose] = "skipped"
        time.sleep(rng.uniform(0, 0.4))
        sync.kill()
        sync.start()
    deadline = time.monotonic() + 40
    while time.monotonic() < deadline:
        states = {d["id"]: d["state"] for d in daemon.call("ListDoses", medication=med)["doses"]}
        if all(states.get(dose) == state for dose, state in expected.items()) and converged(daemon, phone, med):
            break
        time.sleep(0.5)
    states = {d["id"]: d["state"] for d in daemon.call("ListDoses", medication=med)["doses"]}
    lost = {dose: (state, states.get(dose)) for dose, state in expected.items() if states.get(dose) != state}
    assert not lost, f"answers lost or changed: {lost}"
    assert converged(daemon, phone, med), todo_states(phone)
    assert len(todo_states(phone)) <= len(published(daemon, med, poll_seconds=-30)), "no to-do but those of the window"
    for dose, state in expected.items():
        answers = [e for e in dose_events(med, at_least=0, timeout=0.1, MEDD_DOSE_ID=dose)
                   if e["MEDD_EVENT"] in ("taken", "skipped")]
        assert len(answers) == 1, f"{dose} answered {len(answers)} times: {[a['MEDD_SOURCE'] for a in answers]}"
