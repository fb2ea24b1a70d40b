#!/usr/bin/env python3
"""Takes the README's screenshots of real medd reminders, each on a private session bus and Xvfb display:

- docs/screenshots/alarm-and-normal.png: an `alert = "alarm"` reminder (critical urgency, drawn red) beside a
  normal one due at the same minute, on dunst;
- docs/screenshots/reminder.png: a normal reminder with its buttons on GNOME's notification-daemon (which
  draws them; dunst keeps them in a menu).

Needs a built medd (MEDD_BIN_DIR, as the tests) and the packages scripts/setup.sh installs.

    MEDD_BIN_DIR=$(swift build --show-bin-path) python3 scripts/screenshot.py [OUTPUT-DIRECTORY]
"""
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "EndToEnd"))

import desktop  # noqa: E402
import harness  # noqa: E402

METFORMIN = """[settings]
snooze = ["10m", "30m"]

[medication.metformin]
name = "Metformin"
dose = "500 mg"
times = ["08:00", "20:00"]
notes = "with breakfast"
"""

INSULIN = """
[medication.insulin]
name = "Insulin glargine"
dose = "10 IU"
times = ["08:00"]
notes = "before breakfast"
alert = "alarm"
"""


def shoot(server, config, doses, output, crop):
    """Starts medd on `server`'s bus at 07:59:59, waits for `doses` to fire, and crops the screen to `output`."""
    daemon = harness.Daemon(config, harness.berlin(7, 59, 59), desktop_bus=server.bus.address)
    try:
        for dose in doses:
            harness.journal("MEDD_DOSE_ID", dose, SYSLOG_IDENTIFIER="medd", timeout=8, _PID=str(daemon.process.pid))
        time.sleep(1.5)  # windows fade in after the journal entries
        whole = server.screenshot(output + ".whole.png")
        subprocess.run(["convert", whole, "-crop", crop, "+repage", output], check=True)
        os.unlink(whole)
    finally:
        daemon.cleanup()
    print(output)


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "docs", "screenshots")
    with desktop.SessionBus() as bus, desktop.Dunst(bus) as dunst:
        # dunst stacks them at the top right of its 800x600 screen, 420 wide.
        shoot(dunst, METFORMIN + INSULIN, ["metformin_20261122_08_00", "insulin_20261122_08_00"],
              os.path.join(directory, "alarm-and-normal.png"), "460x215+336+0")
    with desktop.SessionBus() as bus, desktop.GnomeNotificationDaemon(bus) as gnome:
        # The notification sits at the top right of the 900x500 screen.
        shoot(gnome, METFORMIN, ["metformin_20261122_08_00"], os.path.join(directory, "reminder.png"), "420x160+480+0")


if __name__ == "__main__":
    main()
