#!/usr/bin/env python3
"""Takes docs/screenshots/reminder.png: a real medd reminder on GNOME's notification-daemon (which draws
the buttons) on a private session bus and Xvfb display. Needs a built medd (MEDD_BIN_DIR, as the tests)
and the packages scripts/setup.sh installs.

    MEDD_BIN_DIR=$(swift build --show-bin-path) python3 scripts/screenshot.py [OUTPUT.png]
"""
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "EndToEnd"))

import desktop  # noqa: E402
import harness  # noqa: E402

CONFIG = """[settings]
snooze = ["10m", "30m"]

[medication.metformin]
name = "Metformin"
dose = "500 mg"
times = ["08:00", "20:00"]
notes = "with breakfast"
"""


def main():
    output = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "docs", "screenshots", "reminder.png")
    with desktop.SessionBus() as bus, desktop.GnomeNotificationDaemon(bus) as server:
        daemon = harness.Daemon(CONFIG, harness.berlin(7, 59, 59), desktop_bus=bus.address)
        try:
            harness.journal("MEDD_DOSE_ID", "metformin_20261122_08_00", SYSLOG_IDENTIFIER="medd", timeout=8,
                            _PID=str(daemon.process.pid))
            time.sleep(1.5)  # the window fades in after the journal entry
            whole = server.screenshot(output + ".whole.png")
            # The notification sits at the top right of the 900x500 screen.
            subprocess.run(["convert", whole, "-crop", "420x160+480+0", "+repage", output], check=True)
            os.unlink(whole)
        finally:
            daemon.cleanup()
    print(output)


if __name__ == "__main__":
    main()
