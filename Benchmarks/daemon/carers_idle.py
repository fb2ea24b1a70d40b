#!/usr/bin/env python3
"""medd-sync telling a carer, idle: medd's wake-ups with it connected, its own, its memory, and what it sends.

Release medd and medd-sync (at the default log level), one medication at 08:00 and 13:00 and a carer with mail
(aiosmtpd), ntfy and a command (the recorder of Tests/EndToEnd/carer_servers.py), `after = "1h"`, a summary at
21:00; medd starts (--pretend-now) at 03:00, so nothing is due for hours. Once medd-sync has been quiet for a few
seconds, over SECONDS: medd's voluntary context switches (all threads; target 0) and medd-sync's, the requests
and mails medd-sync made (target 0: nothing happened), and medd-sync's VmRSS and VmHWM before and after.

    MEDD_BIN_DIR=... python3 Benchmarks/daemon/carers_idle.py [--seconds 600]
"""
import argparse
import datetime
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "EndToEnd"))

import benchlib  # noqa: E402
import carer_servers  # noqa: E402
import harness  # noqa: E402
import sync_harness  # noqa: E402
import test_carers  # noqa: E402

START = datetime.datetime(2026, 11, 22, 3, 0, tzinfo=benchlib.BERLIN)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=600)
    args = parser.parse_args()
    benchlib.header(f"carers idle, {args.seconds:.0f} s")
    smtp, recorder = carer_servers.MailServer(), carer_servers.RecordingServer()
    directory = tempfile.mkdtemp(prefix="medd-bench-carers-")
    daemon = harness.Daemon(test_carers.carers_config(harness.unique_med(), smtp, recorder, directory), START, directory=directory)
    sync = sync_harness.Sync(daemon, extra_args=["--state-dir", os.path.join(directory, "sync-state")],
                             wrapper=("env", "-u", "SYSTEMD_LOG_LEVEL"))
    try:
        time.sleep(5)
        print(f"   medd-sync after start: {benchlib.memory(sync.process.pid)}")
        requests, mails = len(recorder.requests), len(smtp.messages)
        medd_before = benchlib.context_switches(daemon.process.pid)[0]
        sync_before = benchlib.context_switches(sync.process.pid)[0]
        time.sleep(args.seconds)
        medd_switches = benchlib.context_switches(daemon.process.pid)[0] - medd_before
        sync_switches = benchlib.context_switches(sync.process.pid)[0] - sync_before
        sent = len(recorder.requests) - requests + len(smtp.messages) - mails
        print(f"   over {args.seconds:.0f} s: medd {medd_switches} voluntary context switches (target 0), medd-sync {sync_switches}; "
              f"{sent} requests and mails (target 0; {sent * 3600 / args.seconds:.0f} an hour)")
        print(f"   medd-sync after the window: {benchlib.memory(sync.process.pid)}")
        return 0 if medd_switches == 0 and sent == 0 else 1
    finally:
        sync.stop()
        daemon.cleanup()
        smtp.stop()
        recorder.stop()


if __name__ == "__main__":
    sys.exit(main())
