"""Screen lock and suspend end to end: medd re-alerts the open doses the moment a person comes back — the
screen unlocked (logind's LockedHint going false, a screensaver's ActiveChanged(false)) or the machine
resumed (logind's PrepareForSleep(false)) — against a fake logind on a private system bus, fake screensavers
and a recording notification server on a private session bus (presence.py, desktop.py).

A dose is re-alerted on a return only when its last alert is at least 10 s old, so most tests let a first
medd fire the 08:00 dose and restart medd at 08:00:30: the dose is still pending and its last alert 30 s
old. renotify is an hour, so ordinary re-notifications never interfere. Before a test signals a return it
waits until medd has subscribed on the bus (presence.BusMonitor) and read the lock state, so no signal can
come before medd listens.
"""
import asyncio
import os
import time

import pytest
from dbus_next import Message, Variant
from dbus_next.aio import MessageBus

import desktop
import presence
from harness import berlin, dose_events, journal, medctl_output, unique_med
from presence import GNOME_SCREENSAVER, FREEDESKTOP_SCREENSAVER, SESSION_INTERFACE, USER_INTERFACE, session_path

SESSION = "3"           # the display session: logind's path for it is .../session/_33
RARELY = '"1h"'         # renotify: ordinary re-notifications never come within a test
SETTLE = 1.5            # seconds to wait before asserting that nothing happened
RETURN_LATENCY = 1.0    # seconds from the return's signal to the re-alert's Notify


def meds_config(meds):
    """Each medication due at 08:00, named after its ID, so a notification's summary says whose it is."""
    body = f"[settings]\nrenotify = {RARELY}\n"
    for med in meds:
        body += f'\n[medication.{med}]\nname = "{med}"\ndose = "1 tablet"\ntimes = ["08:00"]\n'
    return body


def summary(med):
    return f"{med} 1 tablet"


def start(daemons, meds, session_bus, pretend, system_bus=None, session_id=None):
    return daemons(meds_config(meds), pretend, desktop_bus=session_bus.address,
                   system_bus=system_bus.address if system_bus else None, session_id=session_id)


def wait_for_file(path, timeout=5.0):
    deadline = time.monotonic() + timeout
    while not os.path.exists(path):
        assert time.monotonic() < deadline, f"{path} was not written"
        time.sleep(0.02)


def open_doses(daemons, meds, session_bus, notifier, system_bus=None, session_id=None):
    """medd with each medication's 08:00 dose pending and last alerted 30 s ago: a first medd fires them,
    a second one starts at 08:00:30 and shows them again. Returns (daemon, {med: notification id})."""
    daemon = start(daemons, meds, session_bus, berlin(7, 59, 59), system_bus=system_bus, session_id=session_id)
    notifier.wait_for(lambda s: len(s.notifies) >= len(meds), timeout=8)
    for med in meds:
        dose_events(med, MEDD_EVENT="fired")
    wait_for_file(os.path.join(daemon.directory, "notifications"))  # written once the Notify replies are in
    daemon.stop()
    daemon.start(berlin(8, 0, 30))
    notifier.wait_for(lambda s: len(s.notifies) >= 2 * len(meds), timeout=8)
    with notifier.lock:
        shown = {med: [n["id"] for n in notifier.notifies[len(meds):] if n["summary"] == summary(med)][-1]
                 for med in meds}
    return daemon, shown


def renotified(med, at_least=1, timeout=5.0):
    return dose_events(med, at_least=at_least, timeout=timeout, MEDD_EVENT="renotified")


def notifies_after(notifier, count):
    with notifier.lock:
        return list(notifier.notifies[count:])


def wait_lock_watched(daemon, system_monitor, logind, session=SESSION):
    """Until medd has subscribed to PropertiesChanged on the session's path and read its LockedHint."""
    pid = daemon.process.pid
    system_monitor.wait_match(pid, "PropertiesChanged", session_path(session))
    logind.wait_call(lambda c: c["member"] == "Get" and c["args"] == [SESSION_INTERFACE, "LockedHint"]
                     and c["path"] == session_path(session) and system_monitor.pid_of(c["sender"]) == pid,
                     what=f"Get(LockedHint) on {session_path(session)} from medd {pid}")


def wait_sleep_watched(daemon, system_monitor):
    system_monitor.wait_match(daemon.process.pid, "PrepareForSleep")


def wait_screensaver_watched(daemon, session_monitor, name):
    session_monitor.wait_match(daemon.process.pid, "ActiveChanged", name)


def realert(notifier, signal_return):
    """Calls signal_return() and waits for the next Notify; returns it and the seconds it took."""
    before = len(notifier.notifies)
    began = time.monotonic()
    signal_return()
    notifier.wait_for(lambda s: len(s.notifies) > before, timeout=5)
    with notifier.lock:
        return notifier.notifies[before], notifier.notified_at[before] - began


def assert_realerted(notifier, signal_return, med, shown, reason):
    """signal_return() re-alerts med within RETURN_LATENCY: a Notify replacing its notification, and a
    renotified journal entry with the reason."""
    notification, seconds = realert(notifier, signal_return)
    assert seconds < RETURN_LATENCY, f"the re-alert came {seconds:.3f} s after the return"
    assert notification["summary"] == summary(med)
    assert notification["replaces_id"] == shown[med], "the re-alert must replace the dose's notification"
    assert notification["id"] == shown[med]
    [entry] = renotified(med)
    assert entry["MEDD_REASON"] == reason
    assert entry["MEDD_DOSE_ID"] == f"{med}_20261122_08_00"


def assert_nothing_more(notifier, count, meds):
    """After a settle: no Notify past the first `count`, and no renotified entry for any of `meds`."""
    time.sleep(SETTLE)
    assert notifies_after(notifier, count) == [], "nothing was to be re-alerted"
    for med in meds:
        assert renotified(med, timeout=0) == [], f"{med} was re-alerted"


def desktop_status(daemon, predicate=lambda desktop: True, timeout=5.0):
    """The Status reply's `desktop` object, once predicate(desktop) holds (polled)."""
    deadline = time.monotonic() + timeout
    while True:
        status = daemon.call("Status")
        desktop = status.get("desktop")
        if desktop is not None and predicate(desktop):
            return desktop
        assert time.monotonic() < deadline, f"Status did not reach the expected desktop state: {status}"
        time.sleep(0.05)


def status_line(daemon, prefix):
    """The `medctl status` line that starts with `prefix`."""
    output = medctl_output(daemon, "status")
    lines = [line for line in output.splitlines() if line.startswith(prefix)]
    assert len(lines) == 1, f"want one line starting {prefix!r}:\n{output}"
    return lines[0]


def medd_messages(daemon, timeout=0.0, containing=""):
    """MESSAGE and PRIORITY of medd's own journal entries (of this process), waiting for one `containing`."""
    deadline = time.monotonic() + timeout
    while True:
        entries = journal("_PID", str(daemon.process.pid), at_least=1, timeout=0, SYSLOG_IDENTIFIER="medd")
        found = [(e.get("MESSAGE", ""), e.get("PRIORITY")) for e in entries]
        if any(containing in m for m, _ in found) or time.monotonic() >= deadline:
            return found
        time.sleep(0.05)


# --- A return re-alerts the open doses ------------------------------------------------------------------------

def test_unlocking_the_screen_re_alerts_an_open_dose_within_a_second(daemons, med, session_bus, fake_notifier,
                                                                     system_bus, fake_logind, system_monitor):
    """logind's LockedHint going true -> false re-alerts the pending dose at once: a Notify that replaces
    its notification, and a renotified entry with MEDD_REASON=screen unlocked."""
    fake_logind.add_session(SESSION)
    daemon, shown = open_doses(daemons, [med], session_bus, fake_notifier, system_bus=system_bus)
    wait_lock_watched(daemon, system_monitor, fake_logind)
    fake_logind.lock(SESSION)
    assert_realerted(fake_notifier, lambda: fake_logind.unlock(SESSION), med, shown, "screen unlocked")
    assert daemon.call("Status")["pending"] == 1


def test_resuming_from_sleep_re_alerts_an_open_dose_within_a_second(daemons, med, session_bus, fake_notifier,
                                                                    system_bus, fake_logind, system_monitor):
    """PrepareForSleep(false) re-alerts the pending dose at once, with MEDD_REASON=resumed from sleep."""
    fake_logind.add_session(SESSION)
    daemon, shown = open_doses(daemons, [med], session_bus, fake_notifier, system_bus=system_bus)
    wait_sleep_watched(daemon, system_monitor)
    fake_logind.sleep()
    assert_realerted(fake_notifier, fake_logind.resume, med, shown, "resumed from sleep")


def test_the_gnome_screensaver_ending_re_alerts_an_open_dose(daemons, med, session_bus, fake_notifier,
                                                            fake_screensaver, session_monitor):
    """org.gnome.ScreenSaver's ActiveChanged(false) re-alerts, with MEDD_REASON=screensaver ended; no
    logind is needed for it (the system bus is absent)."""
    daemon, shown = open_doses(daemons, [med], session_bus, fake_notifier)
    wait_screensaver_watched(daemon, session_monitor, GNOME_SCREENSAVER)
    fake_screensaver.activate()
    assert_realerted(fake_notifier, fake_screensaver.deactivate, med, shown, "screensaver ended")


def test_a_freedesktop_screensaver_at_two_paths_re_alerts_once(daemons, med, session_bus, fake_notifier,
                                                               fake_freedesktop_screensaver, session_monitor):
    """org.freedesktop.ScreenSaver signals ActiveChanged(false) at /org/freedesktop/ScreenSaver and at
    /ScreenSaver for one unlock (as KDE's does): the dose is re-alerted once."""
    daemon, shown = open_doses(daemons, [med], session_bus, fake_notifier)
    wait_screensaver_watched(daemon, session_monitor, FREEDESKTOP_SCREENSAVER)
    fake_freedesktop_screensaver.activate()
    count = len(fake_notifier.notifies)
    assert_realerted(fake_notifier, fake_freedesktop_screensaver.deactivate, med, shown, "screensaver ended")
    assert_nothing_more(fake_notifier, count + 1, [])
    assert len(renotified(med, timeout=0)) == 1


# --- ... and nothing else ---------------------------------------------------------------------------------

def test_locking_and_going_to_sleep_alert_nothing(daemons, med, session_bus, fake_notifier, system_bus,
                                                  fake_logind, fake_screensaver, system_monitor, session_monitor):
    """Leaving is no return: the lock, the screensaver starting and PrepareForSleep(true) re-alert nothing."""
    fake_logind.add_session(SESSION)
    daemon, _ = open_doses(daemons, [med], session_bus, fake_notifier, system_bus=system_bus)
    wait_lock_watched(daemon, system_monitor, fake_logind)
    wait_sleep_watched(daemon, system_monitor)
    wait_screensaver_watched(daemon, session_monitor, GNOME_SCREENSAVER)
    count = len(fake_notifier.notifies)
    fake_logind.lock(SESSION)
    fake_screensaver.activate()
    fake_logind.sleep()
    assert_nothing_more(fake_notifier, count, [med])


def test_nothing_is_re_alerted_when_no_dose_is_open(daemons, med, session_bus, fake_notifier, system_bus,
                                                    fake_logind, fake_screensaver, system_monitor, session_monitor):
    """With the dose taken, an unlock, the screensaver ending and a resume show nothing and journal nothing."""
    fake_logind.add_session(SESSION)
    daemon, shown = open_doses(daemons, [med], session_bus, fake_notifier, system_bus=system_bus)
    daemon.call("Taken", dose=med)
    dose_events(med, MEDD_EVENT="taken")
    fake_notifier.wait_for(lambda s: shown[med] in s.closes)
    wait_lock_watched(daemon, system_monitor, fake_logind)
    wait_sleep_watched(daemon, system_monitor)
    wait_screensaver_watched(daemon, session_monitor, GNOME_SCREENSAVER)
    count = len(fake_notifier.notifies)
    fake_logind.lock(SESSION)
    fake_screensaver.activate()
    fake_logind.unlock(SESSION)
    fake_screensaver.deactivate()
    fake_logind.sleep()
    fake_logind.resume()
    assert_nothing_more(fake_notifier, count, [med])
    assert daemon.call("Status")["pending"] == 0


def test_one_unlock_seen_twice_re_alerts_each_open_dose_once(daemons, session_bus, fake_notifier, system_bus,
                                                             fake_logind, fake_screensaver, system_monitor,
                                                             session_monitor):
    """GNOME ends a lock twice over: logind's LockedHint goes false and org.gnome.ScreenSaver says
    ActiveChanged(false). Each open dose is re-alerted exactly once."""
    meds = [unique_med(), unique_med()]
    fake_logind.add_session(SESSION)
    daemon, shown = open_doses(daemons, meds, session_bus, fake_notifier, system_bus=system_bus)
    wait_lock_watched(daemon, system_monitor, fake_logind)
    wait_screensaver_watched(daemon, session_monitor, GNOME_SCREENSAVER)
    fake_logind.lock(SESSION)
    fake_screensaver.activate()
    count = len(fake_notifier.notifies)
    began = time.monotonic()
    fake_logind.unlock(SESSION)
    fake_screensaver.deactivate()
    fake_notifier.wait_for(lambda s: len(s.notifies) >= count + 2, timeout=5)
    assert fake_notifier.notified_at[count + 1] - began < RETURN_LATENCY
    assert_nothing_more(fake_notifier, count + 2, [])
    realerts = notifies_after(fake_notifier, count)
    assert sorted((n["summary"], n["replaces_id"]) for n in realerts) == \
        sorted((summary(med), shown[med]) for med in meds)
    for med in meds:
        assert len(renotified(med, timeout=0)) == 1, f"{med} was re-alerted more than once"


def test_a_redundant_unlocked_hint_is_no_return(daemons, med, session_bus, fake_notifier, system_bus, fake_logind,
                                                system_monitor):
    """A PropertiesChanged with LockedHint false while the session is already unlocked changes nothing, so
    it re-alerts nothing; a real lock and unlock afterwards does (the watch was live all along)."""
    fake_logind.add_session(SESSION)
    daemon, shown = open_doses(daemons, [med], session_bus, fake_notifier, system_bus=system_bus)
    wait_lock_watched(daemon, system_monitor, fake_logind)
    count = len(fake_notifier.notifies)
    fake_logind.repeat_unlocked(SESSION)
    assert_nothing_more(fake_notifier, count, [med])
    fake_logind.lock(SESSION)
    assert_realerted(fake_notifier, lambda: fake_logind.unlock(SESSION), med, shown, "screen unlocked")


def test_a_snoozed_dose_is_not_re_alerted(daemons, session_bus, fake_notifier, system_bus, fake_logind,
                                          system_monitor):
    """Of two open doses, the snoozed one stays quiet on an unlock; the pending one is re-alerted."""
    pending, snoozed = unique_med(), unique_med()
    fake_logind.add_session(SESSION)
    daemon, shown = open_doses(daemons, [pending, snoozed], session_bus, fake_notifier, system_bus=system_bus)
    daemon.call("Snooze", dose=snoozed, minutes=30)
    dose_events(snoozed, MEDD_EVENT="snoozed")
    wait_lock_watched(daemon, system_monitor, fake_logind)
    fake_logind.lock(SESSION)
    time.sleep(0.2)  # whatever the snooze changed on screen has come
    count = len(fake_notifier.notifies)
    assert_realerted(fake_notifier, lambda: fake_logind.unlock(SESSION), pending, shown, "screen unlocked")
    assert_nothing_more(fake_notifier, count + 1, [snoozed])
    assert daemon.call("Status")["snoozed"] == 1


def test_a_dose_alerted_under_ten_seconds_ago_is_not_re_alerted(daemons, med, session_bus, fake_notifier,
                                                                system_bus, fake_logind, system_monitor):
    """The dose has just fired: an unlock a moment later does not alert it again."""
    fake_logind.add_session(SESSION)
    daemon = start(daemons, [med], session_bus, berlin(7, 59, 59), system_bus=system_bus)
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    wait_lock_watched(daemon, system_monitor, fake_logind)
    count = len(fake_notifier.notifies)
    fake_logind.lock(SESSION)
    fake_logind.unlock(SESSION)
    assert_nothing_more(fake_notifier, count, [med])


# --- Which session is watched ---------------------------------------------------------------------------------

def test_without_xdg_session_id_the_users_display_session_is_watched(daemons, med, session_bus, fake_notifier,
                                                                     system_bus, fake_logind, system_monitor):
    """No XDG_SESSION_ID: medd asks GetUser(its uid) and the user's Display, and watches that session (3);
    locking and unlocking the user's other session (c2, a text login) re-alerts nothing."""
    fake_logind.add_session("c2", display=False)
    fake_logind.add_session(SESSION)
    daemon, shown = open_doses(daemons, [med], session_bus, fake_notifier, system_bus=system_bus)
    wait_lock_watched(daemon, system_monitor, fake_logind)
    assert [c["args"] for c in fake_logind.calls_of("GetUser")][0] == [os.getuid()]
    fake_logind.wait_property_get(USER_INTERFACE, "Display", path=presence.user_path(os.getuid()))
    assert desktop_status(daemon, lambda d: "session" in d)["session"] == SESSION
    count = len(fake_notifier.notifies)
    fake_logind.lock("c2")
    fake_logind.unlock("c2")
    assert_nothing_more(fake_notifier, count, [med])
    fake_logind.lock(SESSION)
    assert_realerted(fake_notifier, lambda: fake_logind.unlock(SESSION), med, shown, "screen unlocked")


def test_xdg_session_id_is_looked_up_with_get_session(daemons, med, session_bus, fake_notifier, system_bus,
                                                      fake_logind, system_monitor):
    """XDG_SESSION_ID=c2: medd asks GetSession("c2") (not GetUser) and watches c2, not the display session."""
    fake_logind.add_session(SESSION)
    fake_logind.add_session("c2", display=False)
    daemon, shown = open_doses(daemons, [med], session_bus, fake_notifier, system_bus=system_bus, session_id="c2")
    wait_lock_watched(daemon, system_monitor, fake_logind, session="c2")
    assert ["c2"] in [c["args"] for c in fake_logind.calls_of("GetSession")]
    assert fake_logind.calls_of("GetUser") == [], "with XDG_SESSION_ID, the session comes from GetSession"
    assert desktop_status(daemon, lambda d: "session" in d)["session"] == "c2"
    fake_logind.lock("c2")
    assert_realerted(fake_notifier, lambda: fake_logind.unlock("c2"), med, shown, "screen unlocked")


def test_the_xdg_session_id_session_ending_is_no_longer_watched(daemons, med, session_bus, fake_notifier,
                                                                 system_bus, fake_logind, system_monitor):
    """XDG_SESSION_ID=c2 and c2 ends: on SessionRemoved medd finds the session again (GetSession answers
    NoSuchSession now) and watches none; Status no longer names c2."""
    fake_logind.add_session(SESSION)
    fake_logind.add_session("c2", display=False)
    daemon = start(daemons, [med], session_bus, berlin(7, 0), system_bus=system_bus, session_id="c2")
    wait_lock_watched(daemon, system_monitor, fake_logind, session="c2")
    assert desktop_status(daemon, lambda d: "session" in d)["session"] == "c2"
    fake_logind.remove_session("c2")
    desktop_status(daemon, lambda d: "session" not in d)


@pytest.mark.parametrize("before", ["no session", "a text login"])
def test_a_display_session_that_appears_later_is_watched(daemons, med, session_bus, fake_notifier, system_bus,
                                                         fake_logind, system_monitor, before):
    """medd starts while the user has no session (GetUser answers NoSuchUser) or only a text login (its
    Display is ("", "/")); on SessionNew it finds the new display session and watches it from then on;
    on SessionRemoved it watches none."""
    if before == "a text login":
        fake_logind.add_session("c2", display=False)
    daemon, shown = open_doses(daemons, [med], session_bus, fake_notifier, system_bus=system_bus)
    wait_sleep_watched(daemon, system_monitor)
    if before == "a text login":
        fake_logind.wait_property_get(USER_INTERFACE, "Display")
    else:
        fake_logind.wait_call(lambda c: c["member"] == "GetUser", what="GetUser")
    time.sleep(0.2)  # the answer has come back to medd
    assert "session" not in desktop_status(daemon)
    fake_logind.add_session(SESSION)
    wait_lock_watched(daemon, system_monitor, fake_logind)
    assert desktop_status(daemon, lambda d: "session" in d)["session"] == SESSION
    fake_logind.lock(SESSION)
    assert_realerted(fake_notifier, lambda: fake_logind.unlock(SESSION), med, shown, "screen unlocked")
    fake_logind.remove_session(SESSION)
    desktop_status(daemon, lambda d: "session" not in d)


# --- Nothing to watch ---------------------------------------------------------------------------------------

def test_without_logind_or_a_screensaver_watching_is_off_and_doses_still_show(daemons, med, session_bus,
                                                                              fake_notifier):
    """No system bus and no screensaver: one info entry says lock and resume watching is off; the dose
    fires and shows all the same."""
    daemon = start(daemons, [med], session_bus, berlin(7, 59, 59))
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    dose_events(med, MEDD_EVENT="fired")
    assert fake_notifier.notifies[0]["summary"] == summary(med)
    medd_messages(daemon, timeout=5, containing="lock and resume watching is off")
    time.sleep(SETTLE)
    off = [(m, p) for m, p in medd_messages(daemon) if "lock and resume watching is off" in m]
    assert len(off) == 1, f"want exactly one such entry: {medd_messages(daemon)}"
    assert off[0][1] == "6", f"not at info priority: {off}"
    desktop = desktop_status(daemon)
    assert desktop["lockWatching"] is False and desktop["resumeWatching"] is False
    assert desktop["screensavers"] == [] and "session" not in desktop
    assert status_line(daemon, "lock/resume watching:").startswith("lock/resume watching: off")
    assert daemon.process.poll() is None


def test_with_logind_watching_is_not_reported_off(daemons, med, session_bus, fake_notifier, system_bus,
                                                  fake_logind, system_monitor):
    fake_logind.add_session(SESSION)
    daemon = start(daemons, [med], session_bus, berlin(7, 59, 59), system_bus=system_bus)
    wait_lock_watched(daemon, system_monitor, fake_logind)
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    time.sleep(SETTLE)
    assert not any("lock and resume watching is off" in m for m, _ in medd_messages(daemon))


def test_no_desktop_watches_nothing(daemons, med, session_bus, fake_notifier, system_bus, fake_logind):
    """--no-desktop: medd asks logind nothing, and Status has no desktop object."""
    fake_logind.add_session(SESSION)
    daemon = daemons(meds_config([med]), berlin(7, 59, 59), system_bus=system_bus.address)  # --no-desktop
    dose_events(med, MEDD_EVENT="fired", timeout=8)
    assert "desktop" not in daemon.call("Status")
    time.sleep(SETTLE)
    assert fake_logind.calls == [], "with --no-desktop medd has no business with logind"
    assert fake_notifier.notifies == []


# --- What Status and medctl status say -----------------------------------------------------------------------

def test_status_reports_the_server_and_what_is_watched(daemons, med, session_bus, fake_notifier, system_bus,
                                                       fake_logind, fake_screensaver, system_monitor,
                                                       session_monitor):
    """Status's desktop object names the notification server (GetServerInformation), its capabilities,
    the logind session watched, resume watching and the screensavers; medctl status says the same."""
    fake_logind.add_session(SESSION)
    daemon = start(daemons, [med], session_bus, berlin(7, 0), system_bus=system_bus)
    wait_lock_watched(daemon, system_monitor, fake_logind)
    wait_screensaver_watched(daemon, session_monitor, GNOME_SCREENSAVER)
    desktop = desktop_status(daemon, lambda d: "server" in d and "session" in d and d.get("screensavers"))
    assert desktop["server"] == "medd-fake" and desktop["serverVersion"] == "1.0"
    assert desktop["capabilities"] == ["actions", "body"]
    assert desktop["lockWatching"] is True and desktop["session"] == SESSION
    assert desktop["resumeWatching"] is True
    assert desktop["screensavers"] == [GNOME_SCREENSAVER]
    notifications = status_line(daemon, "notifications:")
    assert "medd-fake" in notifications and "1.0" in notifications and "actions" in notifications
    watching = status_line(daemon, "lock/resume watching:")
    assert f"logind session {SESSION}" in watching and GNOME_SCREENSAVER in watching


def test_status_without_a_notification_server(daemons, med, session_bus):
    """A session bus with no notification server: Status's desktop object has no server, and medctl status
    still has its notifications line."""
    daemon = start(daemons, [med], session_bus, berlin(7, 0))
    desktop = desktop_status(daemon)
    assert "server" not in desktop and "serverVersion" not in desktop
    assert "medd-fake" not in status_line(daemon, "notifications:")
    assert status_line(daemon, "lock/resume watching:").startswith("lock/resume watching: off")


def send_signal(address, path, interface, member, signature, body):
    """Emits a signal from a connection of its own: a client that owns no name, as anyone on the bus could."""
    async def emit():
        bus = await MessageBus(bus_address=address).connect()
        try:
            await bus.send(Message.new_signal(path, interface, member, signature, body))
            await bus.call(Message(destination="org.freedesktop.DBus", path="/org/freedesktop/DBus",
                                   interface="org.freedesktop.DBus", member="GetId"))  # flushed before we leave
        finally:
            bus.disconnect()

    asyncio.run(emit())


def test_forged_signals_from_other_clients_re_alert_nothing(daemons, med, session_bus, fake_notifier, system_bus,
                                                          fake_logind, fake_screensaver, system_monitor,
                                                          session_monitor):
    """Any client may send a signal with logind's or a screensaver's names: medd counts only those from the
    unique name owning org.freedesktop.login1 or the screensaver's name. The real unlock still works."""
    fake_logind.add_session(SESSION)
    daemon, shown = open_doses(daemons, [med], session_bus, fake_notifier, system_bus=system_bus)
    wait_lock_watched(daemon, system_monitor, fake_logind)
    wait_sleep_watched(daemon, system_monitor)
    wait_screensaver_watched(daemon, session_monitor, GNOME_SCREENSAVER)
    fake_logind.lock(SESSION)
    count = len(fake_notifier.notifies)
    send_signal(system_bus.address, session_path(SESSION), "org.freedesktop.DBus.Properties", "PropertiesChanged",
                "sa{sv}as", [SESSION_INTERFACE, {"LockedHint": Variant("b", False)}, []])
    send_signal(system_bus.address, "/org/freedesktop/login1", "org.freedesktop.login1.Manager", "PrepareForSleep",
                "b", [False])
    send_signal(session_bus.address, "/org/gnome/ScreenSaver", GNOME_SCREENSAVER, "ActiveChanged", "b", [False])
    assert_nothing_more(fake_notifier, count, [med])
    assert_realerted(fake_notifier, lambda: fake_logind.unlock(SESSION), med, shown, "screen unlocked")


def test_a_re_alert_on_return_rings_at_most_once_per_renotify(daemons, med, session_bus, system_bus, fake_logind,
                                                             system_monitor):
    """With a server that plays sounds: the dose rang when it was shown; the unlock a moment later shows it
    again with suppress-sound, since renotify (1 h) has not passed since it rang."""
    with desktop.FakeNotificationServer(session_bus.address, capabilities=("actions", "body", "sound")) as server:
        fake_logind.add_session(SESSION)
        daemon, shown = open_doses(daemons, [med], session_bus, server, system_bus=system_bus)
        assert server.notifies[0]["hints"].get("sound-name") == "message-new-instant"
        assert server.notifies[-1]["hints"].get("sound-name") == "message-new-instant"
        wait_lock_watched(daemon, system_monitor, fake_logind)
        fake_logind.lock(SESSION)
        notification, _ = realert(server, lambda: fake_logind.unlock(SESSION))
        assert notification["replaces_id"] == shown[med]
        assert notification["hints"].get("suppress-sound") is True and "sound-name" not in notification["hints"]


def test_a_resume_behind_the_lock_screen_waits_for_the_unlock(daemons, med, session_bus, fake_notifier, system_bus,
                                                              fake_logind, system_monitor):
    """Resumed with the session locked, nobody sees the screen yet: the reminder comes back with the unlock,
    once, not with the resume."""
    fake_logind.add_session(SESSION)
    daemon, shown = open_doses(daemons, [med], session_bus, fake_notifier, system_bus=system_bus)
    wait_lock_watched(daemon, system_monitor, fake_logind)
    wait_sleep_watched(daemon, system_monitor)
    fake_logind.lock(SESSION)
    fake_logind.sleep()
    count = len(fake_notifier.notifies)
    fake_logind.resume()
    assert_nothing_more(fake_notifier, count, [med])
    assert_realerted(fake_notifier, lambda: fake_logind.unlock(SESSION), med, shown, "screen unlocked")
