"""The machine changing under a running daemon: the wall clock steps, the system zone changes.
Both change global state, so they run only as root and put everything back."""
import datetime
import os
import time

import pytest

from harness import berlin, config, dose_events

pytestmark = [pytest.mark.alone,
              pytest.mark.skipif(os.geteuid() != 0, reason="SKIPPED LOUDLY: stepping the clock and /etc/localtime needs root")]


class ClockStep:
    """Steps CLOCK_REALTIME by `seconds` and steps it back on exit, keeping the time that passed."""

    def __init__(self, seconds):
        self.seconds = seconds

    def __enter__(self):
        self.started = time.monotonic()
        time.clock_settime(time.CLOCK_REALTIME, time.clock_gettime(time.CLOCK_REALTIME) + self.seconds)
        return self

    def __exit__(self, *exc):
        time.clock_settime(time.CLOCK_REALTIME, time.clock_gettime(time.CLOCK_REALTIME) - self.seconds)


def test_a_clock_step_forward_catches_up_once_and_never_floods(daemons, med):
    """Stepping the clock 2.5 h ahead (as after a suspend): the pending dose past grace is missed,
    of the two that came due only the latest fires, the other is missed."""
    daemon = daemons(config(med, times=("08:00", "09:00", "10:00")), berlin(7, 59, 58))
    dose_events(med, timeout=8, MEDD_EVENT="fired")
    with ClockStep(2.5 * 3600):
        missed = dose_events(med, at_least=2, timeout=8, MEDD_EVENT="missed")
        fired = dose_events(med, at_least=2, timeout=8, MEDD_EVENT="fired")
    assert [e["MEDD_DOSE_ID"] for e in fired] == [f"{med}_20261122_08_00", f"{med}_20261122_10_00"]
    reasons = {e["MEDD_DOSE_ID"]: e["MEDD_REASON"] for e in missed}
    assert set(reasons) == {f"{med}_20261122_08_00", f"{med}_20261122_09_00"}
    assert "superseded" in reasons[f"{med}_20261122_09_00"]
    assert daemon.process.poll() is None


@pytest.fixture
def localtime():
    """Restores /etc/localtime after the test."""
    original = os.readlink("/etc/localtime")
    yield
    set_system_zone(original)


def set_system_zone(target):
    """Replaces /etc/localtime by rename, as timedatectl does."""
    if not target.startswith("/"):
        target = "/usr/share/zoneinfo/" + target
    os.symlink(target, "/etc/localtime.medd-test")
    os.rename("/etc/localtime.medd-test", "/etc/localtime")


def test_a_zone_change_moves_local_schedules_and_not_pinned_ones(daemons, med, localtime):
    """A traveller's 08:00 stays 08:00 local: after UTC → Europe/Berlin, the local medication's 08:00
    is 07:00 UTC (already past, so it fires as a catch-up), the pinned one stays at 08:00 UTC. medd ran
    once before 07:00 UTC: a dose due before medd first tracked its medication would be untracked."""
    set_system_zone("Etc/UTC")
    pinned = f"{med}-utc"
    extra = f'\n[medication.{pinned}]\nname = "Pinned"\ndose = "1"\ntimes = ["08:00"]\ntimezone = "Etc/UTC"\n'
    start = datetime.datetime(2026, 11, 22, 7, 30, tzinfo=datetime.timezone.utc)
    daemon = daemons(config(med, times=("08:00",), extra=extra), start - datetime.timedelta(hours=1), system_zone=True)
    daemon.stop()
    daemon.start(start)
    before = {d["id"]: d["scheduled"] for d in daemon.call("ListDoses", to="2026-11-23T00:00:00Z")["doses"]}
    assert before[f"{med}_20261122_08_00"] == "2026-11-22T08:00:00+00:00"
    set_system_zone("Europe/Berlin")
    [fired] = dose_events(med, timeout=8, MEDD_EVENT="fired", MEDD_DOSE_ID=f"{med}_20261122_08_00")
    assert fired["MEDD_SCHEDULED"] == "2026-11-22T08:00:00+01:00"
    after = {d["id"]: d["scheduled"] for d in daemon.call("ListDoses", to="2026-11-23T00:00:00Z")["doses"]}
    assert after[f"{pinned}_20261122_08_00"] == "2026-11-22T08:00:00+00:00"
    assert after[f"{med}_20261122_08_00"] == "2026-11-22T08:00:00+01:00"
