"""Alerts that get through, end to end: `alert = "alarm"` and `escalate_after` as critical urgency (on the
recording notification server and on dunst, a real one), MEDD_URGENCY and the `escalated` entry in the
journal, and sound hints sent only to a server that lists the `sound` capability."""
import os
import subprocess
import time

import desktop
from harness import berlin, config, dose_events

SOUNDING = ("actions", "body", "sound")


def start_medd(daemons, med, bus, pretend, extra="", settings=None, times=("08:00",)):
    return daemons(config(med, times=times, settings=settings, extra=extra), pretend, desktop_bus=bus.address)


def events_of(med, kind, at_least=1, timeout=8.0):
    return dose_events(med, at_least=at_least, timeout=timeout, MEDD_EVENT=kind)


def test_an_alarm_is_critical_from_its_first_alert(daemons, med, session_bus, fake_notifier):
    start_medd(daemons, med, session_bus, berlin(7, 59, 59), extra='alert = "alarm"\n')
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    assert fake_notifier.notifies[0]["hints"]["urgency"] == 2
    [fired] = events_of(med, "fired")
    assert fired["MEDD_URGENCY"] == "critical"


def test_a_normal_reminder_escalates_to_critical_after_escalate_after(daemons, med, session_bus, fake_notifier):
    """Fired normal at 08:00:55 (MEDD_URGENCY=normal), still open at 08:01: one `escalated` entry (PRIORITY 4,
    its own MESSAGE_ID, MEDD_URGENCY=critical) and the same notification replaced as critical."""
    start_medd(daemons, med, session_bus, berlin(8, 0, 55), settings={"escalate_after": '"1m"', "renotify": '"1h"'})
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    first = fake_notifier.notifies[0]
    assert first["hints"]["urgency"] == 1
    [fired] = events_of(med, "fired")
    assert fired["MEDD_URGENCY"] == "normal"
    [escalated] = events_of(med, "escalated", timeout=15)
    assert escalated["MEDD_URGENCY"] == "critical" and escalated["PRIORITY"] == "4"
    assert escalated["MESSAGE_ID"] == "6bc87d36f6484574a2613d642ad40edd"
    assert escalated["MEDD_REASON"] == "not answered within 1m"
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 2)
    second = fake_notifier.notifies[1]
    assert second["hints"]["urgency"] == 2
    assert second["replaces_id"] == first["id"] and second["id"] == first["id"]


def test_a_medication_can_refuse_escalation(daemons, med, session_bus, fake_notifier):
    start_medd(daemons, med, session_bus, berlin(8, 0, 58), settings={"escalate_after": '"1m"'},
               extra='escalate_after = "0"\n')
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    assert not events_of(med, "escalated", at_least=0, timeout=4)
    assert len(fake_notifier.notifies) == 1


def test_sound_hints_go_only_to_a_server_that_plays_sounds(daemons, med, session_bus, fake_notifier):
    """fake_notifier lists no `sound`: no sound hint at all. A server with `sound` on its own bus gets the
    theme sound for the urgency, a configured name or file, or suppress-sound for "none"."""
    start_medd(daemons, med, session_bus, berlin(7, 59, 59))
    fake_notifier.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
    assert not {"sound-name", "sound-file", "suppress-sound"} & set(fake_notifier.notifies[0]["hints"])

    sound_file = "/usr/share/sounds/freedesktop/stereo/bell.oga"
    cases = [("", {"sound-name": "message-new-instant"}),
             ('alert = "alarm"\n', {"sound-name": "alarm-clock-elapsed"}),
             ('sound = "bell"\n', {"sound-name": "bell"}),
             ('sound = "none"\n', {"suppress-sound": True})]
    if os.path.exists(sound_file):
        cases.append((f'sound = "{sound_file}"\n', {"sound-file": sound_file}))
    for number, (extra, expected) in enumerate(cases):
        with desktop.SessionBus() as bus, desktop.FakeNotificationServer(bus.address, capabilities=SOUNDING) as server:
            start_medd(daemons, f"{med}-{number}", bus, berlin(7, 59, 59), extra=extra)
            server.wait_for(lambda s: len(s.notifies) >= 1, timeout=8)
            hints = server.notifies[0]["hints"]
            sound = {k: v for k, v in hints.items() if k in ("sound-name", "sound-file", "suppress-sound")}
            assert sound == expected, extra


def test_dunst_draws_an_alarm_as_critical_and_a_normal_reminder_as_normal(daemons, med, session_bus, dunst, tmp_path):
    """A real server: dunst draws each urgency in its own colour (desktop.py's dunstrc), so a screenshot of the
    two reminders holds the critical red and the normal blue; the normal one alone, only the blue."""
    alarm = med + "-alarm"
    daemon = daemons(config(med, times=("08:00",)) + f'\n[medication.{alarm}]\nname = "Insulin"\ndose = "10 IU"\n'
                     'times = ["08:00"]\nalert = "alarm"\n', berlin(7, 59, 59), desktop_bus=session_bus.address)
    dunst.wait_displayed(2, timeout=8)
    assert {CRITICAL_RED, NORMAL_BLUE} <= colours(dunst.screenshot(str(tmp_path / "both.png")))
    daemon.call("Taken", dose=alarm)
    dunst.wait_displayed(1)
    drawn = colours(dunst.screenshot(str(tmp_path / "normal.png")))
    assert NORMAL_BLUE in drawn and CRITICAL_RED not in drawn


def test_dunst_redraws_an_escalated_reminder_in_critical_red(daemons, med, session_bus, dunst, tmp_path):
    """A real server: the normal reminder dunst draws blue at 08:00:55 is replaced at 08:01 (escalate_after)
    by the same notification drawn critical red, never a second one."""
    start_medd(daemons, med, session_bus, berlin(8, 0, 55), settings={"escalate_after": '"1m"', "renotify": '"1h"'})
    dunst.wait_displayed(1, timeout=8)
    drawn = colours(dunst.screenshot(str(tmp_path / "normal.png")))
    assert NORMAL_BLUE in drawn and CRITICAL_RED not in drawn
    events_of(med, "escalated", timeout=15)
    deadline = time.monotonic() + 5
    while CRITICAL_RED not in (drawn := colours(dunst.screenshot(str(tmp_path / "escalated.png")))):
        assert time.monotonic() < deadline, f"no critical red after the escalation: {drawn}"
        time.sleep(0.2)
    assert NORMAL_BLUE not in drawn and dunst.count_displayed() == 1


CRITICAL_RED, NORMAL_BLUE = "#900000", "#285577"


def colours(png):
    """The colours of a PNG that cover at least 500 pixels, as #rrggbb (ImageMagick's histogram)."""
    out = subprocess.run(["convert", png, "-format", "%c", "histogram:info:-"], capture_output=True, text=True,
                         check=True, timeout=30).stdout
    found = set()
    for line in out.splitlines():
        count, _, rest = line.strip().partition(":")
        hex_colour = next((word for word in rest.split() if word.startswith("#")), None)
        if hex_colour and int(count) >= 500:
            found.add(hex_colour[:7].lower())
    return found

def notify_calls_seen(bus, start, wait):
    """Runs `start`, then `wait`, while dbus-monitor records every Notify on `bus`; returns its text output."""
    desktop.require("dbus-monitor")
    monitor = subprocess.Popen(["dbus-monitor", "--address", bus.address,
                                "type='method_call',interface='org.freedesktop.Notifications',member='Notify'"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        time.sleep(0.5)  # the monitor's match is in place
        start()
        wait()
        time.sleep(0.5)
    finally:
        monitor.terminate()
        output = monitor.communicate(timeout=5)[0]
    return output


def test_real_servers_get_sound_hints_only_with_the_sound_capability(daemons, med, session_bus):
    """GNOME's notification-daemon lists `sound` and dunst does not: watched on the bus, medd's Notify to the
    first carries the alarm's sound name, to the second no sound hint."""
    extra = 'alert = "alarm"\n'
    with desktop.GnomeNotificationDaemon(session_bus) as gnome:
        seen = notify_calls_seen(session_bus, lambda: start_medd(daemons, med, session_bus, berlin(7, 59, 59), extra=extra),
                                 lambda: gnome_shown(med))
    assert '"alarm-clock-elapsed"' in seen and '"sound-name"' in seen, seen
    with desktop.SessionBus() as bus, desktop.Dunst(bus) as dunst:
        seen = notify_calls_seen(bus, lambda: start_medd(daemons, med + "b", bus, berlin(7, 59, 59), extra=extra),
                                 lambda: dunst.wait_displayed(1, timeout=8))
    assert '"urgency"' in seen and "sound" not in seen, seen


def gnome_shown(med):
    events_of(med, "fired")
    time.sleep(0.5)
