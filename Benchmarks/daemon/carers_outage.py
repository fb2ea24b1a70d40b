#!/usr/bin/env python3
"""A carer's mail server down for OUTAGE seconds (default ten minutes), then back: how long after it returns the
messages arrive, and whether any is lost or repeated. A real medd on a pretend clock and medd-sync
(Tests/EndToEnd/test_carers.py's configuration: email, ntfy and Apprise); the 08:00 dose fires, the SMTP server
(aiosmtpd) stops, medd is moved to 08:59:56 so the dose goes overdue (one message per channel; the mail's
fails and is retried after 10 s, 30 s, 1, 2, then every 5 minutes), and at 09:20 (a second restart) the dose is
answered: an all-clear, which fails too. Then the server comes back.

    MEDD_BIN_DIR=... python3 Benchmarks/daemon/carers_outage.py [--outage 600]
"""
import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "EndToEnd"))

import benchlib  # noqa: E402
import carer_servers  # noqa: E402
import harness  # noqa: E402
import test_carers  # noqa: E402
from harness import berlin  # noqa: E402


class Daemons:
    def __init__(self):
        self.started = []

    def __call__(self, *args, **kwargs):
        daemon = harness.Daemon(*args, **kwargs)
        self.started.append(daemon)
        return daemon


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--outage", type=float, default=600)
    args = parser.parse_args()
    benchlib.header(f"carers: the mail server down {args.outage:.0f} s")
    smtp, recorder, daemons = carer_servers.MailServer(), carer_servers.RecordingServer(), Daemons()
    med = harness.unique_med()
    daemon, sync, directory = test_carers.morning_open(daemons, med, smtp, recorder)
    try:
        smtp.stop()
        down = time.monotonic()
        test_carers.restart(daemon, berlin(8, 59, 56))
        status = os.path.join(directory, "carers-status.json")
        test_carers.wait_for(lambda: os.path.exists(status) and "lastError" in json.load(open(status))["carers"]["anna"], timeout=60,
                             what="the overdue message recorded and its mail failed")
        test_carers.restart(daemon, berlin(9, 19, 58))
        time.sleep(3)
        daemon.call("Taken", dose=f"{med}_20261122_08_00")
        time.sleep(max(0, args.outage - (time.monotonic() - down)))
        smtp.start()
        back = time.monotonic()
        smtp.wait(2, timeout=args.outage + 600)
        arrived = time.monotonic() - back
        time.sleep(5)
        ids = [m[2]["Message-ID"] for m in smtp.messages]
        print(f"   down {back - down:.0f} s; both mails {arrived:.0f} s after the server came back; "
              f"{len(ids)} mails, {len(set(ids))} distinct ({len(ids) - len(set(ids))} repeats); "
              f"ntfy {len(recorder.wait(2, path='/mum-7f3k'))}, apprise {len(recorder.wait(2, path='/apprise'))}")
        return 0 if len(set(ids)) == 2 and len(ids) == 2 else 1
    finally:
        sync.stop()
        for started in daemons.started:
            started.cleanup()
        smtp.stop()
        recorder.stop()


if __name__ == "__main__":
    sys.exit(main())
