"""What needs a real minute to pass, sharing one minute: a snooze that runs out, renotify at its shortest
interval, and the idle-connection limit. Each scenario has its own medd; all are set going first, then
each is checked as its minute ends (about 65 s for the three, instead of three minutes one after another)."""
import datetime
import threading
import time

import desktop
from harness import berlin, config
from test_connections import closed_by_peer, connect
from test_desktop import start_medd
from test_lifecycle import events_of, ledger_state


def test_a_snooze_renotify_and_the_idle_limit_each_after_a_real_minute(daemons, med, session_bus, dunst):
    with desktop.SessionBus() as other_bus, desktop.FakeNotificationServer(other_bus.address) as recorder:
        # A one-minute snooze ends with a re-alert that carries the snooze ID.
        snoozing_med = med + "s"
        snoozing = daemons(config(snoozing_med, settings={"renotify": '"0"'}), berlin(8, 0, 5))
        events_of(snoozing_med, "fired")
        reply = snoozing.call("Snooze", dose=snoozing_med, minutes=1)
        assert reply["snoozeId"] == f"snooze_{snoozing_med}_08_00"
        assert reply["dose"]["state"] == "snoozed"
        [snoozed] = events_of(snoozing_med, "snoozed")
        assert snoozed["MEDD_SNOOZE_ID"] == f"snooze_{snoozing_med}_08_00" and snoozed["MEDD_SNOOZE_UNTIL"] == reply["until"]
        assert ledger_state(snoozing, f"{snoozing_med}_20261122_08_00") == "snoozed"

        # renotify = "1m" replaces the notification and never stacks: on dunst and on a recording server,
        # each on its own bus.
        settings = {"renotify": '"1m"'}
        on_dunst = start_medd(daemons, med, session_bus, berlin(8, 0, 0), settings=settings)
        recorded_med = med + "b"
        on_recorder = start_medd(daemons, recorded_med, other_bus, berlin(8, 0, 0), settings=settings)

        # A client that says nothing for 60 s is disconnected; a watcher is not.
        quiet = daemons(config(med + "q"), berlin(7, 0))
        idle = connect(quiet.socket_path)
        watcher = connect(quiet.socket_path)
        watcher.sendall(b'{"method":"io.medd.Control.Watch","more":true}\0')
        idle_since = time.monotonic()
        idle_closed = {}  # when the idle connection was seen closed, on a thread of its own
        waiting = threading.Thread(target=lambda: idle_closed.update(closed=closed_by_peer(idle, timeout=75), at=time.monotonic()))
        waiting.start()

        dunst.wait_displayed(1, timeout=8)
        recorder.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)

        [again] = events_of(snoozing_med, "renotified", timeout=75)
        assert again["MEDD_SNOOZE_ID"] == f"snooze_{snoozing_med}_08_00"
        until = datetime.datetime.fromisoformat(reply["until"]).timestamp()
        assert 0 <= int(again["MEDD_EVENT_USEC"]) / 1e6 - until < 1.0
        assert snoozing.call("Status")["pending"] == 1

        events_of(med, "renotified", timeout=75)
        events_of(recorded_med, "renotified", timeout=10)
        recorder.wait_for(lambda s: len(s.notifies) >= 2)
        first, second = recorder.notifies[:2]
        assert second["replaces_id"] == first["id"] and second["id"] == first["id"]
        assert dunst.count_displayed() == 1
        assert on_dunst.call("Status")["pending"] == 1 and on_recorder.call("Status")["pending"] == 1

        waiting.join(80)
        assert idle_closed["closed"]
        assert 59 <= idle_closed["at"] - idle_since <= 65
        assert not closed_by_peer(watcher, timeout=0.5)
