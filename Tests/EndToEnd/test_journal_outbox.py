"""The journal is the audit trail, the ledger the truth: events recorded while journald is
unreachable reach the journal later, once, with the time they happened."""
import os
import shutil

import pytest

from harness import berlin, config, dose_events

# medd in a private mount namespace where /run/systemd/journal is an empty tmpfs: no journald.
NO_JOURNAL = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              'mount -t tmpfs tmpfs /run/systemd/journal && exec "$0" "$@"']

pytestmark = pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("unshare"),
                                reason="SKIPPED LOUDLY: hiding journald from medd needs root and unshare")


def test_events_recorded_without_journald_are_journaled_after_restart(daemons, med):
    """Fired and taken while journald is unreachable: acknowledged, in the ledger, not in the journal;
    after a restart with journald they are journaled once each with their original MEDD_EVENT_USEC."""
    daemon = daemons(config(med), berlin(8, 0, 5), wrapper=NO_JOURNAL)
    reply = daemon.call("Taken", dose=med)
    assert reply["dose"]["state"] == "taken"
    assert dose_events(med, at_least=1, timeout=1.5) == [], "journald was supposed to be unreachable"
    daemon.stop()
    daemon.wrapper = []
    daemon.start(berlin(8, 5))
    entries = dose_events(med, at_least=2, timeout=8)
    kinds = sorted(e["MEDD_EVENT"] for e in entries)
    assert kinds == ["fired", "taken"], kinds
    for entry in entries:
        # Written minutes (pretend clock) after it happened, yet carrying when it happened.
        assert int(entry["MEDD_EVENT_USEC"]) < 1795331100000000  # 2026-11-22T08:05:00+01:00
    assert daemon.call("Status")["pending"] == 0
