"""Desktop notifications end to end: medd on a private session bus, against dunst on Xvfb (a real
server) and against a recording fake server that presses the buttons (desktop.py)."""
import os
import sqlite3
import subprocess
import time

import desktop
from harness import berlin, config, dose_events, journal

NOTIFY_EXTRA = 'notes = "with food & water"\n'


def ledger_row(daemon, dose_id):
    db = sqlite3.connect(os.path.join(daemon.state_dir, "ledger.sqlite"))
    try:
        return db.execute("SELECT state FROM dose WHERE id = ?", (dose_id,)).fetchone()
    finally:
        db.close()


def wait_for_file(path, timeout=5.0):
    deadline = time.monotonic() + timeout
    while not os.path.exists(path):
        assert time.monotonic() < deadline, f"{path} was not written"
        time.sleep(0.02)


def events_of(med, kind, at_least=1, timeout=5.0):
    return dose_events(med, at_least=at_least, timeout=timeout, MEDD_EVENT=kind)


def start_medd(daemons, med, bus, pretend, settings=None, extra=NOTIFY_EXTRA, times=("08:00",)):
    return daemons(config(med, times=times, settings=settings, extra=extra), pretend, desktop_bus=bus.address)


# --- A recording server --------------------------------------------------------------------------------------

def test_a_fired_dose_is_shown_with_its_buttons_and_hints(daemons, med, session_bus, fake_notifier):
    start_medd(daemons, med, session_bus, berlin(7, 59, 59), settings={"snooze": '["10m", "45m"]'})
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    [shown] = fake_notifier.notifies
    assert shown["app_name"] == "medd" and shown["replaces_id"] == 0
    assert shown["summary"] == "Metformin 500 mg"
    assert shown["body"] == "Due at 08:00\nwith food & water"  # no body-markup capability: not escaped
    assert shown["actions"] == [("taken", "Taken"), ("snooze-10", "Snooze 10 min"), ("snooze-45", "Snooze 45 min"),
                                ("skip", "Skip")]
    assert shown["hints"] == {"urgency": 1, "category": "x-medd.reminder", "desktop-entry": "medd"}
    assert shown["expire_timeout"] == 0, "a pending dose's notification must not expire"
    [fired] = events_of(med, "fired")
    assert fired["MEDD_DOSE_ID"] == f"{med}_20261122_08_00"


def test_a_catch_up_past_escalate_after_is_critical(daemons, med, session_bus, fake_notifier):
    """medd ran before the dose was due (a dose due before it first ran is untracked, never caught up). Caught
    up 20 minutes late it is normal; 40 minutes late, past the default escalate_after of 30m, it is critical at
    once: a fired entry with MEDD_URGENCY=critical and, beside it, the dose's one escalated entry (a hook for
    escalations hears of it), with a single notification."""
    daemon = start_medd(daemons, med, session_bus, berlin(7, 0), times=("08:00", "09:00"))
    daemon.stop()
    daemon.start(berlin(8, 20))
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    assert fake_notifier.notifies[0]["hints"]["urgency"] == 1
    daemon.call("Taken", dose=f"{med}_20261122_08_00")
    daemon.stop()
    daemon.start(berlin(9, 40))
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 2, timeout=8)
    assert fake_notifier.notifies[1]["hints"]["urgency"] == 2
    [fired] = [e for e in events_of(med, "fired", at_least=2) if e["MEDD_DOSE_ID"] == f"{med}_20261122_09_00"]
    assert fired["MEDD_URGENCY"] == "critical"
    [escalated] = events_of(med, "escalated")
    assert escalated["MEDD_DOSE_ID"] == f"{med}_20261122_09_00" and escalated["MEDD_URGENCY"] == "critical"
    time.sleep(1)
    assert len(fake_notifier.notifies) == 2, "the escalation is recorded beside the catch-up, not shown twice"


def answer_with_button(daemons, med, session_bus, server, key):
    daemon = start_medd(daemons, med, session_bus, berlin(8, 0, 5))
    server.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    notification = server.notifies[0]["id"]
    server.invoke(notification, key)
    server.wait_for(lambda s: notification in s.closes)
    return daemon


def test_the_taken_button_takes_the_dose(daemons, med, session_bus, fake_notifier):
    daemon = answer_with_button(daemons, med, session_bus, fake_notifier, "taken")
    [taken] = events_of(med, "taken")
    assert taken["MEDD_SOURCE"] == "desktop" and taken["MEDD_DOSE_ID"] == f"{med}_20261122_08_00"
    assert ledger_row(daemon, f"{med}_20261122_08_00") == ("taken",)
    assert daemon.call("Status")["pending"] == 0


def test_a_snooze_button_snoozes_for_its_length(daemons, med, session_bus, fake_notifier):
    daemon = answer_with_button(daemons, med, session_bus, fake_notifier, "snooze-30")
    [snoozed] = events_of(med, "snoozed")
    assert snoozed["MEDD_SOURCE"] == "desktop" and snoozed["MEDD_SNOOZE_ID"] == f"snooze_{med}_08_00"
    assert snoozed["MEDD_SNOOZE_UNTIL"].startswith("2026-11-22T08:30:"), snoozed["MEDD_SNOOZE_UNTIL"]
    assert ledger_row(daemon, f"{med}_20261122_08_00") == ("snoozed",)


def test_the_skip_button_skips_the_dose(daemons, med, session_bus, fake_notifier):
    daemon = answer_with_button(daemons, med, session_bus, fake_notifier, "skip")
    [skipped] = events_of(med, "skipped")
    assert skipped["MEDD_SOURCE"] == "desktop"
    assert ledger_row(daemon, f"{med}_20261122_08_00") == ("skipped",)


def test_an_unknown_action_or_notification_answers_nothing(daemons, med, session_bus, fake_notifier):
    daemon = start_medd(daemons, med, session_bus, berlin(8, 0, 5))
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    notification = fake_notifier.notifies[0]["id"]
    fake_notifier.invoke(notification, "default")
    fake_notifier.invoke(notification, "snooze-99999")
    fake_notifier.invoke(notification + 100, "taken")
    assert daemon.call("Status")["pending"] == 1
    assert ledger_row(daemon, f"{med}_20261122_08_00") == ("pending",)
    assert fake_notifier.closes == []


def test_an_answer_from_the_socket_closes_the_notification(daemons, med, session_bus, fake_notifier):
    daemon = start_medd(daemons, med, session_bus, berlin(8, 0, 5))
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    daemon.call("Taken", dose=med)
    fake_notifier.wait_for(lambda s: s.closes == [s.notifies[0]["id"]])
    [taken] = events_of(med, "taken")
    assert taken["MEDD_SOURCE"] == "cli"


def test_grace_expiry_closes_the_notification(daemons, med, session_bus, fake_notifier):
    start_medd(daemons, med, session_bus, berlin(8, 0, 57), settings={"grace": '"1m"'})
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    fake_notifier.wait_for(lambda s: s.closes == [s.notifies[0]["id"]], timeout=8)
    [missed] = events_of(med, "missed")
    assert missed["MEDD_SOURCE"] == "daemon"


def test_a_dismissed_dose_stays_pending(daemons, med, session_bus, fake_notifier):
    daemon = start_medd(daemons, med, session_bus, berlin(8, 0, 5))
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    fake_notifier.dismiss(fake_notifier.notifies[0]["id"])
    assert daemon.call("Status")["pending"] == 1
    daemon.call("Taken", dose=med)
    events_of(med, "taken")
    assert fake_notifier.closes == [], "a dismissed notification is not closed again"


def test_a_server_that_returns_shows_what_is_still_pending(daemons, med, session_bus, fake_notifier):
    daemon = start_medd(daemons, med, session_bus, berlin(8, 0, 5))
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    fake_notifier.stop()
    with desktop.FakeNotificationServer(session_bus.address) as returned:
        returned.wait_for(lambda s: len(s.notifies) >= 1, timeout=5)
        assert returned.notifies[0]["replaces_id"] == 0, "the old server's id means nothing to the new one"
        assert returned.notifies[0]["summary"] == "Metformin 500 mg"
        returned.invoke(returned.notifies[0]["id"], "taken")
        [taken] = events_of(med, "taken")
        assert taken["MEDD_SOURCE"] == "desktop"
    assert len(fake_notifier.notifies) == 1 and daemon.call("Status")["pending"] == 0


def test_without_the_actions_capability_the_body_says_how_to_answer(daemons, med, session_bus):
    with desktop.FakeNotificationServer(session_bus.address, capabilities=("body",)) as server:
        start_medd(daemons, med, session_bus, berlin(7, 59, 59))
        server.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
        shown = server.notifies[0]
        assert shown["actions"] == []
        assert shown["body"].endswith(f"Answer in a terminal: medctl taken {med}_20261122_08_00")


def test_markup_is_escaped_for_a_server_that_parses_it(daemons, med, session_bus):
    with desktop.FakeNotificationServer(session_bus.address, capabilities=("actions", "body", "body-markup")) as server:
        start_medd(daemons, med, session_bus, berlin(7, 59, 59))
        server.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
        assert server.notifies[0]["body"] == "Due at 08:00\nwith food &amp; water"


def test_low_stock_shows_a_notification(daemons, med, session_bus, fake_notifier):
    daemon = start_medd(daemons, med, session_bus, berlin(8, 0, 5),
                        extra=NOTIFY_EXTRA + "stock = 11\nper_dose = 1\nrefill_at = 10\n")
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    daemon.call("Taken", dose=med)
    fake_notifier.wait_for(lambda s: any(n["hints"].get("category") == "x-medd.low-stock" for n in s.notifies))
    [low] = [n for n in fake_notifier.notifies if n["hints"]["category"] == "x-medd.low-stock"]
    assert low["summary"] == "Metformin: refill soon" and "10 left" in low["body"] and low["actions"] == []
    events_of(med, "low-stock")


def test_with_no_bus_at_all_doses_still_fire_to_the_journal(daemons, med, tmp_path):
    class NoBus:
        address = f"unix:path={tmp_path}/no-bus-here"
    started_usec = int(time.time() * 1_000_000) - 1_000_000
    daemon = start_medd(daemons, med, NoBus, berlin(7, 59, 59))
    events_of(med, "fired", timeout=8)
    daemon.call("Taken", dose=med)
    events_of(med, "taken")
    warnings = journal("_PID", str(daemon.process.pid), at_least=1, SYSLOG_IDENTIFIER="medd")
    # A PID is reused over a long day of tests: only this medd's entries count.
    warnings = [e for e in warnings if int(e["__REALTIME_TIMESTAMP"]) >= started_usec]
    unavailable = [e for e in warnings if "desktop notifications unavailable" in e.get("MESSAGE", "")]
    assert len(unavailable) == 1, [e.get("MESSAGE") for e in warnings]
    assert daemon.process.poll() is None


def test_a_bus_that_appears_later_is_used_without_polling(daemons, med, session_bus):
    session_bus.stop()
    daemon = start_medd(daemons, med, session_bus, berlin(8, 0, 5))
    events_of(med, "fired")
    session_bus.start()
    with desktop.FakeNotificationServer(session_bus.address) as server:
        server.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
        assert server.notifies[0]["summary"] == "Metformin 500 mg"
    assert daemon.process.poll() is None


def test_no_desktop_shows_nothing(daemons, med, session_bus, fake_notifier):
    daemon = daemons(config(med, times=("08:00",)), berlin(7, 59, 59))  # the harness passes --no-desktop
    events_of(med, "fired", timeout=8)
    daemon.call("Status")
    assert fake_notifier.notifies == []


# --- dunst, a real notification server ----------------------------------------------------------------------

def test_dunst_shows_a_fired_dose_and_an_answer_takes_it_away(daemons, med, session_bus, dunst, tmp_path):
    daemon = start_medd(daemons, med, session_bus, berlin(7, 59, 59))
    dunst.wait_displayed(1, timeout=8)
    dunst.screenshot(str(tmp_path / "reminder.png"))
    assert os.path.getsize(tmp_path / "reminder.png") > 0
    daemon.call("Taken", dose=med)
    dunst.wait_displayed(0)


def test_dunst_restarting_brings_the_pending_dose_back(daemons, med, session_bus, dunst):
    start_medd(daemons, med, session_bus, berlin(8, 0, 5))
    dunst.wait_displayed(1, timeout=8)
    dunst.stop()
    dunst.start()
    dunst.wait_displayed(1, timeout=8)


# --- GNOME's notification-daemon, which draws the buttons: a click as a person would make it ------------------

TAKEN_BUTTON = (597, 110)  # on the 900x500 screen, notification at the top right (docs/screenshots/reminder.png)


def test_clicking_taken_on_a_real_notification_takes_the_dose(daemons, med, session_bus, gnome_notifier, tmp_path):
    daemon = start_medd(daemons, med, session_bus, berlin(7, 59, 59), settings={"snooze": '["10m", "30m"]'})
    events_of(med, "fired", timeout=8)
    deadline = time.monotonic() + 5
    while daemon.call("Status")["pending"] == 1 and time.monotonic() < deadline:
        gnome_notifier.click(*TAKEN_BUTTON)
        if events_of(med, "taken", timeout=0.5):
            break
    shot = gnome_notifier.screenshot(str(tmp_path / "after-click.png"))
    [taken] = events_of(med, "taken")
    assert taken["MEDD_SOURCE"] == "desktop", f"see {shot}"
    assert ledger_row(daemon, f"{med}_20261122_08_00") == ("taken",)


# --- A crash: the successor takes over the notifications left on screen --------------------------------------

def test_after_a_crash_the_next_medd_takes_over_the_notification(daemons, med, session_bus, fake_notifier):
    daemon = start_medd(daemons, med, session_bus, berlin(8, 0, 5))
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    notification = fake_notifier.notifies[0]["id"]
    wait_for_file(os.path.join(daemon.directory, "notifications"))  # written once the Notify reply is in
    daemon.kill()
    daemon.start(berlin(8, 0, 10))
    daemon.call("Status")
    fake_notifier.invoke(notification, "taken")
    [taken] = events_of(med, "taken")
    assert taken["MEDD_SOURCE"] == "desktop", "the old notification's button answers through the new medd"
    fake_notifier.wait_for(lambda s: notification in s.closes)
    assert len(fake_notifier.notifies) == 1, f"a second notification stacked: {fake_notifier.summary()}"


def test_after_a_crash_an_escalation_at_start_up_replaces_the_notification_as_critical(daemons, med, session_bus,
                                                                                       fake_notifier):
    """medd killed with a normal reminder on screen, started again past escalate_after: the escalation, decided
    before the server has told its capabilities, replaces the notification the previous medd left, as critical,
    at once (not at the next renotify)."""
    daemon = start_medd(daemons, med, session_bus, berlin(8, 0, 5), settings={"escalate_after": '"5m"', "renotify": '"1h"'})
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    first = fake_notifier.notifies[0]
    assert first["hints"]["urgency"] == 1
    wait_for_file(os.path.join(daemon.directory, "notifications"))
    daemon.kill()
    daemon.start(berlin(8, 10))
    events_of(med, "escalated")
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 2, timeout=5)
    second = fake_notifier.notifies[1]
    assert second["hints"]["urgency"] == 2 and second["replaces_id"] == first["id"], fake_notifier.summary()
    time.sleep(0.5)
    assert len(fake_notifier.notifies) == 2, f"shown more than once: {fake_notifier.summary()}"


def test_after_a_crash_dunst_still_shows_one_notification(daemons, med, session_bus, dunst):
    daemon = start_medd(daemons, med, session_bus, berlin(8, 0, 5))
    dunst.wait_displayed(1, timeout=8)
    wait_for_file(os.path.join(daemon.directory, "notifications"))
    daemon.kill()
    daemon.start(berlin(8, 0, 10))
    daemon.call("Status")
    time.sleep(0.5)
    assert dunst.count_displayed() == 1
    daemon.call("Taken", dose=med)
    dunst.wait_displayed(0)


def test_a_clean_stop_closes_the_notifications(daemons, med, session_bus, fake_notifier):
    daemon = start_medd(daemons, med, session_bus, berlin(8, 0, 5))
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    wait_for_file(os.path.join(daemon.directory, "notifications"))
    daemon.stop()
    fake_notifier.wait_for(lambda s: s.closes == [s.notifies[0]["id"]])
    assert not os.path.exists(os.path.join(daemon.directory, "notifications"))


def test_a_session_bus_that_restarts_is_reconnected(daemons, med, session_bus):
    with desktop.FakeNotificationServer(session_bus.address) as first:
        daemon = start_medd(daemons, med, session_bus, berlin(8, 0, 5))
        first.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
        session_bus.stop()
    session_bus.start()
    with desktop.FakeNotificationServer(session_bus.address) as second:
        second.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
        assert second.notifies[0]["summary"] == "Metformin 500 mg"
        second.invoke(second.notifies[0]["id"], "taken")
        [taken] = events_of(med, "taken")
        assert taken["MEDD_SOURCE"] == "desktop"
    assert daemon.process.poll() is None
